#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints the coverage list of conformance/README.md: every document table,
section and example, with the ids of the cases that encode it.

Usage: coverage.py [CASES_DIR] [--check README]

With --check, prints nothing and exits 1 when README does not end with
the list as the cases give it now (ctest conformance-coverage-list), so
that the list cannot go stale.
"""
import collections
import json
import os
import sys

DOCS = {
    "000": "Seed 000, HTTP: The Definitive Guide 9.4.2-9.4.7 (scan)",
    "001": "Seed 001, HTTP: The Definitive Guide 9.4-9.4.7 (web copy)",
    "002": "Seed 002, HTTP: The Definitive Guide 9.4.7-9.6",
    "003": "Seed 003, the Robots Exclusion Standard article",
    "004": "Seed 004, Google's robots.txt specification",
}


def key(src):
    if "seed" in src:
        doc = DOCS[src["seed"]]
        parts = [src.get("section", "")]
        for k in ("table", "row", "column", "item"):
            if k in src:
                parts.append("row %s" % src[k] if k == "row" else str(src[k]))
        return doc, " / ".join(p.strip() for p in parts if str(p).strip())
    if "rfc" in src:
        parts = ["section " + src["section"]]
        if "figure" in src:
            parts.append("figure %d" % src["figure"])
        if "row" in src:
            parts.append("row %s" % src["row"])
        if "erratum" in src:
            parts.append("erratum %d" % src["erratum"])
        return "RFC 9309", ", ".join(parts)
    return "Decisions (semantics.md, google-profile.md, the public headers' limits)", src["decision"]


def main(argv):
    args = list(argv[1:])
    check = None
    if "--check" in args:
        i = args.index("--check")
        check = args[i + 1]
        del args[i:i + 2]
    d = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cases")
    cov = collections.OrderedDict()
    for name in sorted(os.listdir(d)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(d, name), encoding="utf-8") as f:
            for c in json.load(f)["cases"]:
                doc, item = key(c["source"])
                cov.setdefault(doc, collections.OrderedDict()).setdefault(item, []).append(c["id"])
    order = [DOCS[k] for k in sorted(DOCS)] + ["RFC 9309"]
    lines = []
    for doc in order + [k for k in cov if k not in order]:
        if doc not in cov:
            continue
        lines.append("### %s" % doc)
        lines.append("")
        for item in cov[doc]:
            lines.append("- %s: %s" % (item, ", ".join("`%s`" % i for i in cov[doc][item])))
        lines.append("")
    text = "\n".join(lines)
    if check is not None:
        with open(check, encoding="utf-8") as f:
            readme = f.read()
        if not readme.rstrip("\n").endswith(text.rstrip("\n")):
            sys.stderr.write("%s: the coverage list is out of date; regenerate it with "
                             "python3 conformance/tools/coverage.py\n" % check)
            return 1
        return 0
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
