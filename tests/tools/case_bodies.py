#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the robots.txt body of every conformance case, one file each.

Usage: case_bodies.py OUT_DIR CASE_DIR...

Each case of CASE_DIR/*.json (conformance/README.md) that gives its body
as text (`robots`) or as bytes (`robots_hex`) becomes OUT_DIR/FILE-N, its
bytes as the runner hands them to robots_parse(); generated bodies
(`robots_gen`) are left out, being the limits' large ones. For
tests/test_skip_diagnostics.c, which needs the bodies and no JSON reader.
"""
import json
import os
import sys


def bodies(case_file):
    with open(case_file, encoding="utf-8") as f:
        topic = json.load(f)
    for case in topic.get("cases", []):
        if "robots" in case:
            yield case["robots"].encode("utf-8")
        elif "robots_hex" in case:
            yield bytes.fromhex(case["robots_hex"])


def main(argv):
    if len(argv) < 3:
        sys.exit("usage: case_bodies.py OUT_DIR CASE_DIR...")
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    written = 0
    for case_dir in argv[2:]:
        for name in sorted(os.listdir(case_dir)):
            if not name.endswith(".json"):
                continue
            stem = os.path.basename(case_dir) + "-" + name[:-len(".json")]
            for i, body in enumerate(bodies(os.path.join(case_dir, name))):
                with open(os.path.join(out, "%s-%d" % (stem, i)), "wb") as f:
                    f.write(body)
                written += 1
    print("case_bodies.py: %d bodies in %s" % (written, out))


if __name__ == "__main__":
    main(sys.argv)
