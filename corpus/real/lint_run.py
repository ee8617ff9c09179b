#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lint_run.py - runs `robots lint --json` on every file of the real-sites
corpus in every profile, once, and keeps the output for lint_summary.py and
lint_claims.py (ctest runs it first, as their fixture).

    lint_run.py --robots ROBOTS --corpus robots-real.tar.xz --out LINT.jsonl

Exit status 1 when the command crashed on a file (killed by a signal, or
an exit status lint does not have), naming the file; a file lint refused
(exit 2) is kept, and lint_summary.py lists it.
"""

import os

import realcorpus


def main():
    ap = realcorpus.arguments(__doc__)
    ap.add_argument("--out", required=True, help="where to keep the output")
    args = ap.parse_args()
    try:
        files = realcorpus.load(args.corpus, args.manifest)
    except realcorpus.CorpusError as e:
        realcorpus.fail("lint_run.py: %s" % e)
    results = realcorpus.lint_corpus(args.robots, files, args.jobs)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    realcorpus.save_lint(args.out, results,
                         realcorpus.manifest_digest(args.manifest))
    crashed = ["%s (%s): exit status %d: %s" % (name, profile, status,
                                                 err.strip()[:300])
               for profile, name, status, _f, err in results
               if status not in (0, 1, 2)]
    if crashed:
        realcorpus.fail("lint_run.py: robots lint crashed on:\n  " +
                        "\n  ".join(crashed))
    print("lint_run.py: %d runs of robots lint on %d files kept in %s" %
          (len(results), len(files), args.out))


if __name__ == "__main__":
    main()
