#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints the cells of an XLSX file, one per line, for tests:
SHEET<TAB>REF<TAB>TYPE<TAB>VALUE<TAB>FORMULA, plus one line per frozen
pane: SHEET<TAB>#frozen<TAB>ySplit. TYPE is n (number), s (string),
str (formula string) or b. Standard library only (zipfile + ElementTree)."""
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
      "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships"}
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def main(path):
    with zipfile.ZipFile(path) as z:
        strings = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS):
                strings.append("".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])))
        rels = {r.get("Id"): r.get("Target")
                for r in ET.fromstring(z.read("xl/_rels/workbook.xml.rels")).iter(REL + "Relationship")}
        workbook = ET.fromstring(z.read("xl/workbook.xml"))
        for sheet in workbook.find("m:sheets", NS):
            name = sheet.get("name")
            target = rels[sheet.get("{%s}id" % NS["r"])].lstrip("/")
            target = target if target.startswith("xl/") else "xl/" + target
            root = ET.fromstring(z.read(target))
            for pane in root.iter("{%s}pane" % NS["m"]):
                if pane.get("state") == "frozen":
                    print("%s\t#frozen\t%s" % (name, pane.get("ySplit", "0")))
            for c in root.iter("{%s}c" % NS["m"]):
                kind = c.get("t", "n")
                v = c.find("m:v", NS)
                f = c.find("m:f", NS)
                value = v.text if v is not None and v.text is not None else ""
                if kind == "s" and value:
                    value = strings[int(value)]
                formula = f.text if f is not None and f.text else ""
                print("\t".join([name, c.get("r"), kind, value.replace("\t", " ").replace("\n", " "),
                                 formula]))


if __name__ == "__main__":
    main(sys.argv[1])
