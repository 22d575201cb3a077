#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that scripts/deps installs everything the build links and the tests run.

A fresh Debian 12 machine has only its essential and required packages, git,
and what scripts/deps installs (with --no-install-recommends, so only the
Depends and Pre-Depends of those). This reads, from a finished build:

- every library on a link line of build.ninja (absolute paths and -lNAME,
  resolved the way the compiler driver resolves them), the sanitizer runtimes
  when a link line asks for -fsanitize, and the CMake package files the
  configure step used (CMakeCache.txt's *_DIR entries);
- the compiler, the build tool and the compiler launcher;
- the programs the tests and scripts call: command words of the shell scripts
  (scripts/, installer/test-package, .ci/run), the commands C++ tests run
  through runCommand()/std::system()/popen(), and the modules Python helpers
  import;

maps each file to the Debian package that owns it (dpkg -S) and fails, naming
the file, what uses it and the package, when that package is neither in
scripts/deps' list nor installed by it (its Depends closure), nor part of a
minimal system.

--without PKG drops a package from scripts/deps' list and --expect-missing
PKG turns the run into a check of the checker: it passes only when the check
then fails naming PKG (the ctest deps_packages_detects_missing).

Exit 0: all found; 1: something missing; 77: not a dpkg system (skipped).
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

SKIP = 77
# Programs are looked up as a fresh Debian machine would find them, whatever
# this shell's PATH holds (a user's pyenv or /usr/local build must not hide a
# missing package).
SYSTEM_PATH = "/usr/sbin:/usr/bin:/sbin:/bin"
SYSTEM_PYTHON = "/usr/bin/python3"


def which(name):
    return shutil.which(name, path=SYSTEM_PATH)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


# --- the package database -------------------------------------------------

def installed_packages():
    """name -> (essential, priority, [alternative groups], [provides])."""
    fmt = "${Package}\t${Status}\t${Essential}\t${Priority}\t${Pre-Depends}\t${Depends}\t${Provides}\n"
    out = run(["dpkg-query", "-W", "-f=" + fmt]).stdout
    packages = {}
    for line in out.splitlines():
        fields = line.split("\t")
        if len(fields) != 7 or not fields[1].endswith(" installed"):
            continue
        name, _, essential, priority, pre, depends, provides = fields
        groups = []
        for relation in (pre + "," + depends).split(","):
            alternatives = [bare_name(a) for a in relation.split("|") if a.strip()]
            if alternatives:
                groups.append(alternatives)
        packages[name] = (essential == "yes", priority, groups,
                          [bare_name(p) for p in provides.split(",") if p.strip()])
    return packages


def bare_name(relation):
    """'libc6:any (>= 2.34)' -> 'libc6'."""
    return relation.strip().split(" ")[0].split(":")[0]


def closure(roots, packages):
    """Packages apt installs for roots with --no-install-recommends.

    apt satisfies 'a | b' with the first alternative unless another is
    already there; a fresh machine has none, so the first is followed. A
    virtual name is satisfied by the installed packages providing it.
    """
    providers = {}
    for name, (_, _, _, provides) in packages.items():
        for virtual in provides:
            providers.setdefault(virtual, []).append(name)
    seen = set()
    stack = list(roots)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        if name not in packages:
            stack.extend(providers.get(name, []))
            continue
        for group in packages[name][2]:
            stack.append(group[0])
    return seen


def path_variants(path):
    """path and the names dpkg may know it by: Debian 12 merges /lib into
    /usr/lib (and the bin folders), and dpkg records the path a package
    shipped a file under."""
    variants = [path, os.path.realpath(path)]
    for candidate in list(variants):
        for a, b in (("/usr/lib/", "/lib/"), ("/lib/", "/usr/lib/"),
                     ("/usr/bin/", "/bin/"), ("/bin/", "/usr/bin/"),
                     ("/usr/sbin/", "/sbin/"), ("/sbin/", "/usr/sbin/")):
            if candidate.startswith(a):
                variants.append(b + candidate[len(a):])
    return list(dict.fromkeys(variants))


def owners(paths):
    """path -> the installed package that owns it (or None), with one dpkg
    call for all paths (each call reads every package's file list)."""
    variants = {path: path_variants(path) for path in paths}
    wanted = sorted({v for vs in variants.values() for v in vs})
    owned = {}
    out = run(["dpkg-query", "-S"] + wanted).stdout if wanted else ""
    for line in out.splitlines():
        if line.startswith("diversion") or ": " not in line:
            continue
        names, _, file = line.rpartition(": ")
        owned.setdefault(file, bare_name(names.split(",")[0]))
    return {path: next((owned[v] for v in vs if v in owned), None)
            for path, vs in variants.items()}


# --- what the build and the tests use -------------------------------------

def compiler_file(name):
    out = run(["g++", "-print-file-name=" + name]).stdout.strip()
    return out if os.path.isabs(out) else None


def link_libraries(build_dir, source_dir):
    """(file, user) for each library a link line of build.ninja names."""
    used = []
    seen = set()
    inside = (os.path.realpath(build_dir), os.path.realpath(source_dir))
    for ninja in glob.glob(os.path.join(build_dir, "**", "*.ninja"), recursive=True):
        with open(ninja, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for match in re.finditer(r"^\s+(LINK_LIBRARIES|LINK_FLAGS) = (.*)$", text, re.M):
            for token in shlex.split(match.group(2)):
                files = []
                if token.startswith("-l") and len(token) > 2:
                    name = token[2:]
                    found = compiler_file("lib" + name + ".so") or compiler_file("lib" + name + ".a")
                    files.append(found or "-l" + name)
                elif token.startswith("-fsanitize="):
                    for sanitizer in token.split("=", 1)[1].split(","):
                        runtime = {"address": "libasan.so", "undefined": "libubsan.so",
                                   "leak": "liblsan.so", "thread": "libtsan.so"}.get(sanitizer)
                        if runtime:
                            files.append(compiler_file(runtime) or runtime)
                elif token.startswith("/") and not os.path.realpath(token).startswith(inside):
                    files.append(token)
                for path in files:
                    if path not in seen:
                        seen.add(path)
                        used.append((path, "linked (" + os.path.relpath(ninja, build_dir) + ")"))
    return used


def cmake_cache(build_dir):
    entries = {}
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            match = re.match(r"^([A-Za-z0-9_]+):[A-Z]+=(.*)$", line.strip())
            if match:
                entries[match.group(1)] = match.group(2)
    return entries


def cmake_packages(cache):
    """(file, user) for the config file behind each *_DIR the configure step found."""
    used = []
    for key, value in sorted(cache.items()):
        if not key.endswith("_DIR") or not value.startswith("/usr") or not os.path.isdir(value):
            continue
        name = key[: -len("_DIR")]
        for candidate in (name + "Config.cmake", name.lower() + "-config.cmake"):
            path = os.path.join(value, candidate)
            if os.path.exists(path):
                used.append((path, "CMake package " + name))
                break
    for key in ("CMAKE_CXX_COMPILER", "CMAKE_MAKE_PROGRAM", "CMAKE_CXX_COMPILER_LAUNCHER",
                "CMAKE_COMMAND"):
        value = cache.get(key, "")
        path = which(value) if value and not os.path.isabs(value) else value
        if path:
            used.append((path, "build tool " + key))
    return used


SHELL_SKIP = {"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "for",
              "case", "esac", "in", "function", "exec", "command", "-v", "nice", "time",
              "!", "{", "}", "[[", "]]", "sudo", "local", "export", "readonly", "declare"}


def shell_programs(path):
    """Command words of a bash script that name a program on the system PATH."""
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")  # continuation lines joined
    lines = [l for l in text.splitlines() if not l.lstrip().startswith("#")]
    # A -c argument in single quotes over several lines is another
    # language's program (python3 -c '...'), not shell commands: its words ("import")
    # must not be taken for programs.
    text = re.sub(r"-c '[^']*\n[^']*'", "-c '(program text)'", "\n".join(lines))
    return command_programs(text)


def command_programs(text):
    functions = set(re.findall(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*\(\)", text, re.M))
    programs = set()
    separators = r"\|\||&&|\||;|\$\(|<\(|`|\n|\(\)\s*\{|\bthen\b|\bdo\b|\belse\b"
    for piece in re.split(separators, text):
        try:
            words = shlex.split(piece, posix=True)
        except ValueError:
            words = piece.split()
        while words and (words[0] in SHELL_SKIP or re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0])
                         or words[0].startswith("${")):
            words = words[1:]
        if words and words[0] in functions:
            # A helper such as check "what" CMD ARGS: its command follows the
            # description.
            words = words[2:] if len(words) > 2 and " " in words[1] else []
            while words and words[0] in SHELL_SKIP:
                words = words[1:]
        if not words or not re.match(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$", words[0]):
            continue
        if words[0] in ("bash", "sh") and "-c" in words[:-1]:
            programs |= command_programs(words[words.index("-c") + 1])
        found = which(words[0])
        if found and found.startswith(("/usr/", "/bin/", "/sbin/")):
            programs.add(found)
    return programs


def test_commands(source_dir):
    """Programs that C++ tests start through runCommand(), std::system() or popen()."""
    programs = set()
    pattern = re.compile(r"(?:runCommand|std::system|popen)\s*\(\s*\(?\s*\"([A-Za-z0-9._+-]+)[ \"]")
    for path in glob.glob(os.path.join(source_dir, "tests", "**", "*.[ch]*"), recursive=True):
        with open(path, encoding="utf-8", errors="replace") as f:
            for name in pattern.findall(f.read()):
                found = which(name)
                programs.add((found or name, "run by " + os.path.relpath(path, source_dir)))
    return programs


def python_modules(source_dir):
    """Files of the modules the Python helpers of the tests import."""
    used = []
    for path in glob.glob(os.path.join(source_dir, "tests", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as f:
            names = set(re.findall(r"^\s*(?:import|from)\s+([A-Za-z_][A-Za-z0-9_]*)", f.read(), re.M))
        for name in sorted(names):
            if not os.path.exists(SYSTEM_PYTHON):
                used.append((SYSTEM_PYTHON, "imported by " + os.path.relpath(path, source_dir)))
                break
            out = run([SYSTEM_PYTHON, "-c",
                       "import importlib.util,sys; s=importlib.util.find_spec(sys.argv[1]);"
                       "print(s.origin if s else '')", name])
            origin = out.stdout.strip()
            if origin in ("built-in", "frozen"):
                origin = os.path.realpath(SYSTEM_PYTHON)
            used.append((origin or "python module " + name,
                         "imported by " + os.path.relpath(path, source_dir)))
    return used


# --- the check -------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--without", action="append", default=[])
    parser.add_argument("--expect-missing")
    args = parser.parse_args()
    if not which("dpkg-query"):
        print("skip: not a dpkg-based system")
        return SKIP

    deps_script = os.path.join(args.source_dir, "scripts", "deps")
    listed = run(["bash", deps_script, "--list", "--package"], check=True).stdout.split()
    listed = [p for p in listed if p not in args.without]
    packages = installed_packages()
    # A minimal Debian system is what mmdebstrap --variant=minbase installs:
    # the essential and required packages and apt (whose dpkg status may
    # carry another priority); git is the one package the README assumes.
    baseline = [n for n, (essential, priority, _, _) in packages.items()
                if essential or priority == "required"] + ["apt", "git"]
    allowed = closure(listed + baseline, packages)

    used = link_libraries(args.build_dir, args.source_dir)
    used += cmake_packages(cmake_cache(args.build_dir))
    scripts = [os.path.join(args.source_dir, p) for p in
               ("scripts/deps", "scripts/build", "scripts/run", "scripts/test", "scripts/package",
                "installer/test-package", ".ci/run")]
    for script in scripts:
        if os.path.exists(script):
            used += [(p, "called by " + os.path.relpath(script, args.source_dir))
                     for p in sorted(shell_programs(script))]
    used += sorted(test_commands(args.source_dir))
    used += python_modules(args.source_dir)

    problems = []
    owner = owners([path for path, _ in used if os.path.isabs(path)])
    for path, user in used:
        package = owner.get(path)
        if package is None:
            problems.append((None, "%s: %s is not from any installed Debian package" % (user, path)))
        elif package not in allowed:
            problems.append((package, "%s: %s comes from the package %s, which scripts/deps does "
                                      "not install (add it to scripts/deps)" % (user, path, package)))
    if args.expect_missing:
        named = {p for p, _ in problems}
        if args.expect_missing in named:
            print("ok: without %s the check fails, naming it:" % args.expect_missing)
            for package, message in problems:
                if package == args.expect_missing:
                    print("  " + message)
            return 0
        print("FAIL: with %s left out of scripts/deps the check did not name it" % args.expect_missing)
        return 1
    for _, message in problems:
        print("FAIL: " + message)
    print("%d files and programs checked against %d packages scripts/deps installs (%d with "
          "their dependencies and a minimal system): %d missing"
          % (len(used), len(listed), len(allowed), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
