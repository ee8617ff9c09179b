#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The verdict of the coverage gate, from gcovr 5.2's JSON reports.

Usage: coverage_report.py [--config gcovr.cfg] [--gcovr-status N]
                          [--why FILE] COVERAGE_JSON SUMMARY_JSON

Prints the summary (lines, branches, functions of lib/), then every file
under a floor and every library function that no test calls. Fails (exit 1)
when lines or branches are under the floors of gcovr.cfg (fail-under-line,
fail-under-branch), when gcovr's own exit status (--gcovr-status: 2 lines,
4 branches, 6 both) says so, when any function is never called (gcovr 5.2
has no function threshold: this is that gate), or when an LCOV_EXCL_*
marker in the sources carries no comment saying why. The one-line reason
goes to --why FILE.
"""
import argparse
import json
import re
import sys

MARKER = re.compile(r"LCOV_EXCL_(LINE|START|BR_LINE|BR_START)\b(.*)")


def floors(config):
    found = {"fail-under-line": 0.0, "fail-under-branch": 0.0}
    with open(config) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            key, sep, value = line.partition("=")
            if sep and key.strip() in found:
                found[key.strip()] = float(value)
    return found["fail-under-line"], found["fail-under-branch"]


def pct(covered, total):
    return 100.0 * covered / total if total else 100.0


def unexplained_markers(files):
    """LCOV_EXCL_* markers whose comment does not say why."""
    bad = []
    for path in files:
        try:
            with open(path, errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            continue
        for n, line in enumerate(lines, 1):
            m = MARKER.search(line)
            if not m:
                continue
            why = re.sub(r"\*/.*$", "", m.group(2)).strip(" :-*/\t")
            if len(re.findall(r"[A-Za-z]{2,}", why)) < 3:
                bad.append(f"{path}:{n}: {line.strip()}")
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("coverage_json")
    ap.add_argument("summary_json")
    ap.add_argument("--config", default="gcovr.cfg")
    ap.add_argument("--gcovr-status", type=int, default=0)
    ap.add_argument("--why")
    opts = ap.parse_args()

    with open(opts.coverage_json) as f:
        detail = json.load(f)
    with open(opts.summary_json) as f:
        summary = json.load(f)
    line_floor, branch_floor = floors(opts.config)

    lines = pct(summary["line_covered"], summary["line_total"])
    branches = pct(summary["branch_covered"], summary["branch_total"])
    fn_total = sum(f["function_total"] for f in summary["files"])
    fn_covered = sum(f["function_covered"] for f in summary["files"])
    print("coverage of lib/ (gcovr):")
    print(f"  lines:     {lines:5.1f}% ({summary['line_covered']} of "
          f"{summary['line_total']}), floor {line_floor:g}%")
    print(f"  branches:  {branches:5.1f}% ({summary['branch_covered']} of "
          f"{summary['branch_total']}), floor {branch_floor:g}%")
    print(f"  functions: {pct(fn_covered, fn_total):5.1f}% ({fn_covered} of "
          f"{fn_total}), floor: every function called")

    uncalled = []
    for f in detail["files"]:
        for fn in f.get("functions", []):
            if fn["execution_count"] == 0:
                uncalled.append((f["file"], fn["lineno"], fn["name"]))
    uncalled.sort()

    under = [f for f in summary["files"]
             if pct(f["line_covered"], f["line_total"]) < line_floor
             or pct(f["branch_covered"], f["branch_total"]) < branch_floor
             or f["function_covered"] < f["function_total"]]
    if under:
        print("files under a floor (lines, branches, functions called):")
        for f in sorted(under, key=lambda f: f["filename"]):
            print(f"  {f['filename']:32} "
                  f"{pct(f['line_covered'], f['line_total']):5.1f}% "
                  f"{pct(f['branch_covered'], f['branch_total']):5.1f}% "
                  f"{f['function_covered']:4}/{f['function_total']}")
    if uncalled:
        print(f"library functions never called ({len(uncalled)}):")
        for path, line, name in uncalled:
            print(f"  {path}:{line}: {name}")

    markers = unexplained_markers(sorted({f["file"] for f in detail["files"]}))
    if markers:
        print("LCOV_EXCL_* markers without a comment saying why:")
        for m in markers:
            print("  " + m)

    why = []
    if lines < line_floor or opts.gcovr_status in (2, 6):
        why.append(f"lines {lines:.1f}% < {line_floor:g}%")
    if branches < branch_floor or opts.gcovr_status in (4, 6):
        why.append(f"branches {branches:.1f}% < {branch_floor:g}%")
    if uncalled:
        why.append(f"{len(uncalled)} library functions never called")
    if markers:
        why.append(f"{len(markers)} LCOV_EXCL markers without a why")
    if why:
        reason = "coverage: " + "; ".join(why)
        print(reason)
        if opts.why:
            with open(opts.why, "w") as f:
                f.write(reason + "\n")
        return 1
    print("coverage: every floor met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
