#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The complexity report of lib/ (issue 20): functions too long or too
branchy to read as one frame, and whether each says why it is so.

Usage: complexity.py [--report] [--max-lines N] [--max-complexity N] [DIR...]

Runs pmccabe (Debian's package) over every .c file under each DIR
(lib/src by default) and lists every function of more than --max-lines
lines (80) or of a cyclomatic complexity over --max-complexity (25;
pmccabe's traditional figure, where each case of a switch counts). Such a
function passes when a comment starting "/* complexity:" opens in the five
lines above its definition (a longer comment may start higher, as long as
it ends within those five lines), saying why it stays whole. Without
--report, exits 1 when any listed function has no such comment; with
--report, only prints (exit 0). Exits 2 when pmccabe is missing or fails.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

# pmccabe's line: modified CCN, traditional CCN, statements, first line of
# the definition, lines of the definition, then "file(line): name".
PMCCABE_LINE = re.compile(
    r"^(\d+)\t(\d+)\t(\d+)\t(\d+)\t(\d+)\t(.*)\((\d+)\): (.+)$")
REASON_OPENING = "/* complexity:"
REASON_WINDOW = 5


def c_files(dirs):
    found = []
    for top in dirs:
        if os.path.isfile(top):
            found.append(top)
            continue
        for root, subdirs, names in os.walk(top):
            subdirs.sort()
            found.extend(
                os.path.join(root, n) for n in sorted(names)
                if n.endswith(".c"))
    return found


def reason_above(lines, first_line):
    """The "/* complexity:" comment beside a definition that starts at
    first_line (1-based), or None."""
    window_top = max(0, first_line - 1 - REASON_WINDOW)
    for index in range(first_line - 2, window_top - 1, -1):
        text = lines[index].strip()
        if text.startswith(REASON_OPENING):
            return text
        if text.endswith("*/"):
            # The comment ends beside the definition: find where it opens.
            opening = index
            while opening >= 0 and "/*" not in lines[opening]:
                opening -= 1
            if opening >= 0 and \
                    lines[opening].strip().startswith(REASON_OPENING):
                return lines[opening].strip()
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--report", action="store_true",
                        help="only print the functions over a threshold")
    parser.add_argument("--max-lines", type=int, default=80)
    parser.add_argument("--max-complexity", type=int, default=25)
    parser.add_argument("dirs", nargs="*", default=["lib/src"])
    args = parser.parse_args()

    if shutil.which("pmccabe") is None:
        print("complexity.py: pmccabe is not installed "
              "(ci/install-deps.sh installs it)", file=sys.stderr)
        return 2
    files = c_files(args.dirs)
    if not files:
        print("complexity.py: no .c file under " + " ".join(args.dirs),
              file=sys.stderr)
        return 2
    run = subprocess.run(["pmccabe"] + files, capture_output=True,
                         text=True, check=False)
    if run.returncode != 0:
        print("complexity.py: pmccabe failed (exit %d): %s"
              % (run.returncode, run.stderr.strip()), file=sys.stderr)
        return 2

    sources = {}
    over = []
    for row in run.stdout.splitlines():
        match = PMCCABE_LINE.match(row)
        if match is None:
            print("complexity.py: cannot read pmccabe's line: " + row,
                  file=sys.stderr)
            return 2
        complexity = int(match.group(2))
        first, length = int(match.group(4)), int(match.group(5))
        path, name = match.group(6), match.group(8)
        if length <= args.max_lines and complexity <= args.max_complexity:
            continue
        if path not in sources:
            with open(path, encoding="utf-8", errors="replace") as source:
                sources[path] = source.read().split("\n")
        reason = reason_above(sources[path], first)
        over.append((path, first, name, length, complexity, reason))

    unexplained = [f for f in over if f[5] is None]
    print("functions over %d lines or cyclomatic complexity %d: %d "
          "(%d without a \"%s\" comment)"
          % (args.max_lines, args.max_complexity, len(over),
             len(unexplained), REASON_OPENING))
    for path, first, name, length, complexity, reason in over:
        print("%s:%d: %s: %d lines, complexity %d%s"
              % (path, first, name, length, complexity,
                 "" if reason else "  [no /* complexity: comment]"))
    if args.report or not unexplained:
        return 0
    print("complexity.py: %d function(s) over a threshold say not why: "
          "split them, or write a \"%s ...\" comment in the %d lines above"
          % (len(unexplained), REASON_OPENING, REASON_WINDOW),
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
