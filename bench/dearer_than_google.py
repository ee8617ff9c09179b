#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""dearer_than_google.py - the real-world files whose first answer costs
more instructions than Google's (issue 23: "not slower than Google on any
single file"), from callgrind's count of each `run_op()` call.

usage: bench/dearer_than_google.py [--profile P] [--out DIR] [--top N]
                                   [--smallest N] BUILD_DIR CORPUS_DIR
       bench/dearer_than_google.py --dumps DIR CORPUS_DIR

Runs `robots_realworld_google --once OP` under callgrind three times (OP
first, google and parse), each dumping the instructions of every
`run_op()` call (`--toggle-collect=run_op --dump-after=run_op`): the N-th
dump is the N-th file of CORPUS_DIR in strcmp order (the order of
realworld.c's read_corpus()). Then prints:

- the files whose parse + first check + free ("first") costs more than
  Google's one AllowedByRobots ("google"), their count and the worst
  --top (10) with their ratios;
- over the --smallest (200) smallest files, the medians of first, of
  parse + free ("parse") and of google;
- the files whose first check (first - parse) costs more than their
  parse + free, and the file where it is the largest share;
- the corpus's totals of first, parse and google inside run_op().

--out keeps the dumps (default: a temporary folder, removed); --dumps
reads the dumps of an earlier --out instead of running valgrind. The
counts are callgrind's, repeatable to the instruction; a time is not
measured here (robots_realworld_google without --once does).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

OPS = ("first", "google", "parse")


def corpus_files(corpus):
    """CORPUS_DIR's files as realworld.c reads them, in strcmp order."""
    names = [n for n in os.listdir(os.fsencode(corpus))
             if not n.startswith(b".") and n != b"manifest.tsv"]
    names.sort()
    sizes = [os.path.getsize(os.path.join(os.fsencode(corpus), n))
             for n in names]
    return [n.decode("utf-8", "replace") for n in names], sizes


def run_callgrind(build, corpus, profile, op, out):
    os.makedirs(out, exist_ok=True)
    binary = os.path.join(build, "bench", "robots_realworld_google")
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary}: not built (it needs -DGOOGLE_ROBOTSTXT_DIR)")
    cmd = ["valgrind", "--tool=callgrind", "--toggle-collect=run_op",
           "--dump-after=run_op", f"--callgrind-out-file={out}/cg",
           binary, "--once", op, "--profile", profile, corpus]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def read_dumps(folder, count):
    """The "summary:" of cg.1 .. cg.count in folder."""
    figures = []
    for i in range(1, count + 1):
        with open(os.path.join(folder, f"cg.{i}"), encoding="latin-1") as f:
            for line in f:
                if line.startswith("summary:"):
                    figures.append(int(line.split()[1]))
                    break
            else:
                sys.exit(f"{folder}/cg.{i}: no summary line")
    return figures


def report(names, sizes, ir, top, smallest):
    first, google, parse = ir["first"], ir["google"], ir["parse"]
    n = len(names)
    ratio = [first[i] / google[i] if google[i] else float("inf")
             for i in range(n)]
    dearer = sorted((i for i in range(n) if first[i] > google[i]),
                    key=lambda i: -ratio[i])
    print(f"files: {n}; dearer than Google (parse + first check + free "
          f"> one AllowedByRobots): {len(dearer)}")
    print(f"{'file':<32} {'bytes':>7} {'first':>8} {'parse':>8} "
          f"{'google':>8} {'ratio':>6}")
    for i in dearer[:top]:
        print(f"{names[i][:32]:<32} {sizes[i]:>7} {first[i]:>8} "
              f"{parse[i]:>8} {google[i]:>8} {ratio[i]:>6.2f}")
    small = sorted(range(n), key=lambda i: (sizes[i], names[i]))[:smallest]
    print(f"the {len(small)} smallest (up to {sizes[small[-1]]} bytes), "
          f"medians: first {statistics.median(first[i] for i in small):,.0f}"
          f", parse + free {statistics.median(parse[i] for i in small):,.0f}"
          f", google {statistics.median(google[i] for i in small):,.0f}; "
          f"dearer than Google: {sum(1 for i in small if first[i] > google[i])}")
    # the issue's other per-file goal: "the first check on a document
    # should cost no more than parsing it did" (first - parse is the check)
    check = [first[i] - parse[i] for i in range(n)]
    over = sorted((i for i in range(n) if check[i] > parse[i]),
                  key=lambda i: -check[i] / max(parse[i], 1))
    worst = max(range(n), key=lambda i: check[i] / max(parse[i], 1))
    print(f"first checks dearer than their file's parse + free: {len(over)}"
          f"{' (' + ', '.join(names[i] for i in over[:top]) + ')' if over else ''}"
          f"; the largest share: {names[worst]}, check {check[worst]:,} "
          f"against parse + free {parse[worst]:,}")
    print(f"totals inside run_op(): first {sum(first):,}, parse + free "
          f"{sum(parse):,}, google {sum(google):,} "
          f"(first / google {sum(first) / sum(google):.3f})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", nargs="?", help="a Release build directory")
    ap.add_argument("corpus", help="the corpus's folder (corpus/real/)")
    ap.add_argument("--profile", default="rfc9309",
                    choices=("rfc9309", "google", "legacy"))
    ap.add_argument("--out", help="keep the dumps here")
    ap.add_argument("--dumps", help="read the dumps of an earlier --out")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--smallest", type=int, default=200)
    args = ap.parse_args()
    if (args.build is None) == (args.dumps is None):
        ap.error("give BUILD_DIR or --dumps DIR")
    names, sizes = corpus_files(args.corpus)
    if not names:
        sys.exit(f"{args.corpus}: no files")
    folder = args.dumps or args.out or tempfile.mkdtemp(prefix="dearer-")
    try:
        if args.dumps is None:
            for op in OPS:
                run_callgrind(args.build, args.corpus, args.profile, op,
                              os.path.join(folder, op))
        ir = {op: read_dumps(os.path.join(folder, op), len(names))
              for op in OPS}
        report(names, sizes, ir, args.top, args.smallest)
    finally:
        if args.dumps is None and args.out is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
