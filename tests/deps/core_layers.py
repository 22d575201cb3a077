#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the floors of core/ against its includes (issue 21, item 2).

Every folder of core/ sits on one floor (LAYERS below, also drawn in
docs/architecture.md "Floors of core"). A file may include headers of its own
folder and of folders on lower floors only: nothing runs back up, and so no
two folders use each other. The check reads every `#include "core/…"` line.

  core_layers.py ROOT            check; on failure name each include that
                                 runs up or sideways, or the unknown folder
  core_layers.py ROOT --mermaid  print the folder graph drawn from the
                                 includes (the picture in the architecture doc)
  core_layers.py ROOT --check-doc
                                 check that docs/architecture.md carries that
                                 picture unchanged

Exit 0: the floors hold; 1: they do not (each problem printed).
"""
import os
import re
import sys

# Lowest floor first. Folders on one floor must not include each other.
LAYERS = [
    ("base", ["base"]),
    ("parts and models", ["parts", "model"]),
    ("workloads and configurations", ["workload", "config"]),
    ("projects and software", ["project", "software"]),
    ("input files", ["io", "metrics"]),
    ("sub-models", ["serving", "infra"]),
    ("one-plan analysis", ["analysis"]),
    ("storage and host", ["storage"]),
    ("pipeline", ["pipeline"]),
    ("rack layout", ["layout"]),
    ("features", ["search", "bom", "compare", "calibration", "netbox"]),
    ("shared clusters", ["portfolio"]),
    ("output", ["output"]),
]
FLOOR = {folder: i for i, (_, folders) in enumerate(LAYERS) for folder in folders}
INCLUDE = re.compile(r'\s*#\s*include\s+"core/([^/"]+)/([^"]+)"')
# Folders that hold data, not code.
IGNORED = {"data"}


def read_edges(root):
    """{(from_folder, to_folder): [\"file:line -> header\", ...]} for every include."""
    edges = {}
    core = os.path.join(root, "core")
    for directory, _, files in os.walk(core):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root)
            parts = relative.split(os.sep)
            if len(parts) < 3:
                continue
            source = parts[1]
            with open(path, encoding="utf-8", errors="replace") as text:
                for number, line in enumerate(text, 1):
                    match = INCLUDE.match(line)
                    if match and match.group(1) != source:
                        edges.setdefault((source, match.group(1)), []).append(
                            f"{relative}:{number} includes core/{match.group(1)}/{match.group(2)}")
    return edges


def folders_of(root):
    core = os.path.join(root, "core")
    return sorted(d for d in os.listdir(core)
                  if os.path.isdir(os.path.join(core, d)) and d not in IGNORED)


def problems(root):
    found = []
    for folder in folders_of(root):
        if folder not in FLOOR:
            found.append(f"core/{folder}/ is on no floor: add it to LAYERS in "
                         f"tests/deps/core_layers.py and to docs/architecture.md")
    for (source, target), where in sorted(read_edges(root).items()):
        if source not in FLOOR or target not in FLOOR:
            continue
        if FLOOR[target] >= FLOOR[source]:
            how = "sideways" if FLOOR[target] == FLOOR[source] else "up"
            for line in where:
                found.append(f"{line}: core/{source}/ (floor {LAYERS[FLOOR[source]][0]}) "
                             f"runs {how} to core/{target}/ (floor {LAYERS[FLOOR[target]][0]})")
    return found


def reduced(edges):
    """The edges no longer path between the same folders implies (the
    transitive reduction of an acyclic graph): the picture stays readable and
    every dependency is still drawn, directly or through a path."""
    targets = {}
    for source, target in edges:
        targets.setdefault(source, set()).add(target)

    def reachable(start, skip):
        seen, todo = set(), [t for t in targets.get(start, ()) if t != skip]
        while todo:
            folder = todo.pop()
            if folder not in seen:
                seen.add(folder)
                todo.extend(targets.get(folder, ()))
        return seen

    return {(s, t) for s, t in edges if t not in reachable(s, t)}


def mermaid(root):
    edges = {pair for pair in read_edges(root) if pair[0] in FLOOR and pair[1] in FLOOR}
    lines = ["```mermaid", "flowchart TD"]
    for index in reversed(range(len(LAYERS))):
        title, folders = LAYERS[index]
        lines.append(f"  subgraph floor{index}[\"{index}: {title}\"]")
        lines.extend(f"    {folder}" for folder in folders)
        lines.append("  end")
    order = sorted(reduced(edges), key=lambda p: (-FLOOR[p[0]], p[0], -FLOOR[p[1]], p[1]))
    lines.extend(f"  {source} --> {target}" for source, target in order)
    lines.append("```")
    return "\n".join(lines) + "\n"


def main(argv):
    root = argv[1] if len(argv) > 1 else "."
    if "--mermaid" in argv:
        sys.stdout.write(mermaid(root))
        return 0
    found = problems(root)
    if "--check-doc" in argv:
        doc = os.path.join(root, "docs", "architecture.md")
        with open(doc, encoding="utf-8") as text:
            if mermaid(root) not in text.read():
                found.append("docs/architecture.md: the picture under \"Floors of core\" differs "
                             "from the includes; regenerate it with "
                             "`python3 tests/deps/core_layers.py . --mermaid`")
    for problem in found:
        print(problem)
    if found:
        return 1
    print(f"core floors hold: {len(folders_of(root))} folders on {len(LAYERS)} floors")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
