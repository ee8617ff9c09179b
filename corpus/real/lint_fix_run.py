#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lint_fix_run.py - runs `robots lint --fix` on every file of the
real-sites corpus in every profile, and checks what it writes.

    lint_fix_run.py --robots ROBOTS --corpus robots-real.tar.xz
                    [--work DIR] [--jobs N]

lint --fix proves each fix itself before writing it (docs/robots.1): the
library's verdicts on paths derived from the rules of the file before and
after, for every agent it names, an unnamed agent and common crawlers,
must stay the same except those the fixed line now decides. What this
script checks of each run, beside that proof:

  - lint --fix exits 0 or 1 (never 2 on these files, never a crash);
  - what it writes parses (`robots parse` exits 0);
  - run again on what it wrote, it writes no fix again on a line it
    fixed, with the same code (a fix uncovered by another may follow: a
    rule a fixed typo makes a duplicate, a duplicate only a fixed byte
    order mark puts in a group);
  - where every fix it wrote says that no verdict checked changes (a
    duplicate removed; a typo the profile accepts anyway), an experiment
    of its own: the verdicts, by `robots test`, of the paths made from the
    rules of both files (as lint_claims.py makes them) for the agents of
    both, an unnamed agent and common crawlers, are the same before and
    after. A fix meant to change verdicts (a typo key fixed into a rule
    the profile ignored) is proven by the command's proof alone, and
    counted as such.

It prints the fixes per profile and code: written, refuted by the proof
(not written, with the verdict they would change), left for another
reason, and not tried for want of the check budget. Exit status 1 on any
failed check, naming the file and the profile.
"""

import collections
import json
import re
import shutil
import sys

import lint_claims
import realcorpus

# One line of lint --fix's report on stderr, for a file read from stdin.
REPORT = re.compile(r"^-:(\d+): (fixed|not fixed) \[([a-z0-9-]+)\]: (.*)$")
NO_CHANGE = ("no verdict changes", "no verdict checked changes")
# Pairs one experiment checks at most: past it, only the common crawlers
# and the unnamed agent are checked (the paths stay all).
MAX_PAIRS = 200000


def reports(err):
    """[(line, 'fixed' or 'not fixed', code, rest)] of lint --fix's
    stderr."""
    out = []
    for text in err.decode("utf-8", "replace").splitlines():
        m = REPORT.match(text)
        if m:
            out.append((int(m.group(1)), m.group(2), m.group(3),
                        m.group(4)))
    return out


def outcome(state, rest):
    """What became of one fix: written, refuted, not-tried or left."""
    if state == "fixed":
        return "written"
    if rest.startswith("the proof failed"):
        return "refuted"
    if rest.startswith("not tried"):
        return "not-tried"
    return "left"


def same_fixes(first, line_count, second):
    """Fixes the second run writes on a line the first run already fixed
    with the same code. A fix either rewrites its line or removes it, so
    the second run's line n is the first's n-th line not removed."""
    removed = {n for n, state, _c, rest in first
               if state == "fixed" and rest.startswith("removed")}
    origin = [n for n in range(1, line_count + 1) if n not in removed]
    wrote = {(n, code) for n, state, code, _r in first if state == "fixed"}
    return sorted((n, code) for n, state, code, _r in second
                  if state == "fixed" and 1 <= n <= len(origin) and
                  (origin[n - 1], code) in wrote)


def groups_of(robots, profile, data):
    status, out, err = realcorpus.run(
        robots, ["parse", "--json", "--profile", profile, "-"], data)
    if status != 0:
        raise lint_claims.ToolError("robots parse exited %d: %s" % (
            status, err.decode("utf-8", "replace").strip()[:300]))
    return json.loads(out)["groups"]


def experiment_pairs(groups_before, groups_after):
    agents = []
    urls = {"/"}
    for group in groups_before + groups_after:
        agents += lint_claims.group_agents(group)
        for rule in group["rules"]:
            urls |= lint_claims.rule_urls(rule["pattern"])
    names = lint_claims.agent_set(agents)
    if len(names) * len(urls) > MAX_PAIRS:
        names = lint_claims.agent_set([])
    return lint_claims.pairs_of(names, urls)


def check_one(robots, workdir, name, profile, data):
    """(reports, problems, experiment) for one file in one profile;
    experiment is None when none was made, else the pairs it checked."""
    status, fixed, err = realcorpus.run(
        robots, ["lint", "--fix", "--profile", profile, "-"], data)
    where = "%s (%s)" % (name, profile)
    if status not in (0, 1):
        return [], ["%s: lint --fix exited %d: %s" % (
            where, status, err.decode("utf-8", "replace").strip()[:300])], \
            None
    first = reports(err)
    written = [r for r in first if r[1] == "fixed"]
    if not written:
        if fixed != data:
            return first, ["%s: no fix written, yet the output differs "
                           "from the file" % where], None
        return first, [], None
    problems = []
    try:
        groups_after = groups_of(robots, profile, fixed)
        status, _out, err2 = realcorpus.run(
            robots, ["lint", "--fix", "--profile", profile, "-"], fixed)
        again = same_fixes(first, len(lint_claims.split_lines(data)),
                           reports(err2))
        if again:
            problems.append("%s: run again, lint --fix offers the same "
                            "fixes: %s" % (where, ", ".join(
                                "line %d [%s]" % a for a in again)))
        experiment = None
        if all(r[3].endswith(NO_CHANGE) for r in written):
            groups_before = groups_of(robots, profile, data)
            pairs = experiment_pairs(groups_before, groups_after)
            key = "%s-%s" % (re.sub(r"[^A-Za-z0-9.-]", "_", name), profile)
            checker = lint_claims.Checker(robots, workdir, key, profile)
            was = checker.disallowed(data, pairs)
            now = checker.disallowed(fixed, pairs)
            moved = [p for p in pairs if was[p] != now[p]]
            if moved:
                agent, url = moved[0]
                problems.append(
                    "%s: the fixes said no verdict changes, yet %d do: %s %s "
                    "was %s, is %s" % (
                        where, len(moved), agent, url,
                        "disallowed" if was[moved[0]] else "allowed",
                        "disallowed" if now[moved[0]] else "allowed"))
            experiment = len(pairs)
    except lint_claims.ToolError as e:
        return first, ["%s: the fixed file: %s" % (where, e)], None
    return first, problems, experiment


def main():
    args = realcorpus.arguments(__doc__, work=True).parse_args()
    try:
        files = realcorpus.load(args.corpus, args.manifest)
    except realcorpus.CorpusError as e:
        realcorpus.fail("lint_fix_run.py: %s" % e)
    workdir = realcorpus.work_dir(args.work, "lint-fix-")

    def one(item):
        profile, name, data = item
        return (profile,) + check_one(args.robots, workdir, name, profile,
                                      data)

    items = [(p, name, data) for p in realcorpus.PROFILES
             for name, data, _row in files]
    counts = collections.Counter()
    problems = []
    files_fixed = collections.Counter()
    experiments = collections.Counter()
    pairs_checked = 0
    for profile, first, trouble, experiment in realcorpus.parallel(
            one, items, args.jobs):
        problems += trouble
        for _line, state, code, rest in first:
            counts[(profile, code, outcome(state, rest))] += 1
        if any(r[1] == "fixed" for r in first):
            files_fixed[profile] += 1
        if experiment is not None:
            experiments[profile] += 1
            pairs_checked += experiment
    if not args.work:
        shutil.rmtree(workdir, ignore_errors=True)

    kinds = ("written", "refuted", "left", "not-tried")
    print("robots lint --fix on %d files in every profile:" % len(files))
    print("  %-8s %-22s %8s %8s %8s %9s" % (("profile", "code") + kinds))
    for profile, code in sorted({(p, c) for p, c, _k in counts}):
        print("  %-8s %-22s %8d %8d %8d %9d" % (
            (profile, code) + tuple(counts[(profile, code, k)]
                                    for k in kinds)))
    for profile in realcorpus.PROFILES:
        print("  %s: %d files rewritten; %d with only fixes that change no "
              "verdict, each checked again by experiment" % (
                  profile, files_fixed[profile], experiments[profile]))
    print("  total: %d fixes written, %d refuted by the proof, %d left, %d "
          "not tried (check budget); %d verdicts compared by experiment" % (
              tuple(sum(v for (_p, _c, k), v in counts.items() if k == kind)
                    for kind in kinds) + (2 * pairs_checked,)))
    for p in problems:
        print("FAIL: " + p)
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
