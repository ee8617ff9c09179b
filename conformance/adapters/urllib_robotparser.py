#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""robots_main protocol adapter for Python's urllib.robotparser.

Usage: urllib_robotparser.py ROBOTS_FILE AGENT URL
Exit 0 when AGENT may fetch URL, 1 when it may not, 2 on a usage error.
The file is decoded as UTF-8 with replacement, as urllib.robotparser.read()
does with a fetched body.
"""
import sys
import urllib.robotparser


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: urllib_robotparser.py ROBOTS_FILE AGENT URL\n")
        return 2
    with open(argv[1], "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(text.splitlines())
    url = argv[3]
    if url.startswith("/"):
        url = "http://example.com" + url
    return 0 if parser.can_fetch(argv[2], url) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
