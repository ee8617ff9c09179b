#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""sf_vectors.py - turns the JSON test files of httpwg/structured-field-tests
into the line format that `test_sf_dictionary --vectors FILE` reads, one
test a line, fields split by TAB:

    NAME  TYPE  OUTCOME  INPUT-HEX  CANONICAL-HEX

TYPE is d (dictionary), l (list) or i (item); OUTCOME is ok, fail (the test
must fail) or may (the RFC lets a parser fail it: a SHOULD); INPUT-HEX the
field lines joined with ", " as RFC 9651 section 4.2 says; CANONICAL-HEX
what serialising the parsed field must give ("-" when OUTCOME is fail).

The vectors are not part of this repository (their licence lets them be
used; this project keeps no one else's files): give the directory of a
checkout of https://github.com/httpwg/structured-field-tests.

    python3 tests/tools/sf_vectors.py DIR OUT
"""
import json
import pathlib
import sys

TYPES = {"dictionary": "d", "list": "l", "item": "i"}


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: sf_vectors.py VECTORS-DIR OUT\n")
        return 2
    src = pathlib.Path(argv[1])
    files = sorted(src.glob("*.json"))
    if not files:
        sys.stderr.write(f"sf_vectors.py: no *.json in {src}\n")
        return 2
    lines = []
    for path in files:
        for test in json.loads(path.read_text(encoding="utf-8")):
            if "raw" not in test:
                continue
            raw = ", ".join(test["raw"]).encode("latin-1")
            if test.get("must_fail"):
                outcome, canonical = "fail", "-"
            else:
                outcome = "may" if test.get("can_fail") else "ok"
                lines_out = test.get("canonical", test["raw"])
                canonical = ", ".join(lines_out).encode("latin-1").hex() or "="
            name = f"{path.stem}: {test['name']}".replace("\t", " ")
            lines.append("\t".join([name, TYPES[test["header_type"]], outcome,
                                    raw.hex() or "=", canonical]))
    pathlib.Path(argv[2]).write_text("\n".join(lines) + "\n", encoding="ascii")
    print(f"{len(lines)} vectors from {len(files)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
