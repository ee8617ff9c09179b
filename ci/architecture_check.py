#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The map of lib/ against the code (issue 20): every .c and .h file under
lib/src is named in the "## Modules" section of docs/architecture.md, and
every lib/src path that section names is a file that exists.

Usage: architecture_check.py [ROOT]

ROOT is the repository (the parent of ci/ by default). Paths are written in
the section in backquotes, relative to ROOT (`lib/src/web/cache.c`). Exits
0 when the map and the tree agree, 1 with each difference on stderr, 2 when
the map or its section is missing.
"""
import os
import re
import sys

MAP = os.path.join("docs", "architecture.md")
SECTION = "## Modules"
NAMED_PATH = re.compile(r"`(lib/src/[^`\s]+\.[ch])`")


def modules_section(text):
    """The text of the Modules section (up to the next "## " heading)."""
    lines = text.split("\n")
    try:
        start = lines.index(SECTION)
    except ValueError:
        return None
    end = len(lines)
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            end = i
            break
    return "\n".join(lines[start + 1:end])


def source_files(root):
    found = set()
    top = os.path.join(root, "lib", "src")
    for directory, subdirs, names in os.walk(top):
        subdirs.sort()
        for name in names:
            if name.endswith((".c", ".h")):
                path = os.path.join(directory, name)
                found.add(os.path.relpath(path, root).replace(os.sep, "/"))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else \
        os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    map_path = os.path.join(root, MAP)
    try:
        with open(map_path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        print("architecture_check.py: cannot read %s: %s" % (MAP, error),
              file=sys.stderr)
        return 2
    section = modules_section(text)
    if section is None:
        print("architecture_check.py: %s has no \"%s\" section"
              % (MAP, SECTION), file=sys.stderr)
        return 2
    named = set(NAMED_PATH.findall(section))
    present = source_files(root)
    missing = sorted(present - named)
    gone = sorted(named - present)
    for path in missing:
        print("%s: %s is not in the Modules section: add it to the paragraph"
              " of its module" % (MAP, path), file=sys.stderr)
    for path in gone:
        print("%s: the Modules section names %s, which is gone" % (MAP, path),
              file=sys.stderr)
    if missing or gone:
        return 1
    print("%s: the Modules section names all %d files of lib/src"
          % (MAP, len(present)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
