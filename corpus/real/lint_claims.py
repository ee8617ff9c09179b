#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""lint_claims.py - checks by experiment, on every file of the real-sites
corpus and in every profile, each claim of `robots lint` that a line may go
or has no effect: every verdict must stay the same without the line.

    lint_claims.py --robots ROBOTS --corpus robots-real.tar.xz
                   --lint LINT.jsonl [--work DIR] [--jobs N]

(LINT.jsonl: what lint_run.py kept of lint's findings on the corpus.)

The claims, by lint's code:
  duplicate-rule, shadowed-rule,
  encoded-duplicate                  the rule never decides a verdict
  pattern-never-matches,
  rule-outside-group, allow-ignored  the rule takes part in no verdict
  missing-colon, typo-key, unknown-key,
  empty-key                          the line is ignored (typo-key: not
                                     where it is a note, the google
                                     profile saying it accepts the key)
  extension                          the line is never part of a verdict
  repeated-group (legacy only)       the user-agent line never selects its
                                     record (in rfc9309 and google the
                                     finding is that groups are merged)

The experiment: the flagged line is replaced with an empty 'Disallow:' when
it is an Allow or Disallow line, and a user-agent line with one naming an
agent no crawler checked has (so that no group gains or loses a line that
separates groups); any other line is deleted. Then `robots test` (one run
checks many agent and URL pairs) gives the verdicts of paths derived from
the file's own rules: each pattern with '*' read as each of a few sample
strings and a final '$' dropped, as a path, a child of that path and its
directory; and '/'. They are checked for the agents of the groups
concerned (their product tokens, as `robots parse --json` gives them), an
agent the file does not name, and common crawlers. Every verdict must be
the one of the unchanged file.

A claim of the first three codes is checked on its own, as lint makes it,
on the paths of its rule for the agents of its group (a rule can change
only the verdicts of the paths it matches, and these are the paths its
pattern describes). The lines a file's other claims name are changed all
at once, and checked on the paths of the rules of the groups around each
line (its own, the one before and the one after: taking out a line that
is ignored, or wrongly said to be, can only move where these begin and
end) for their agents; when a verdict changes, each line is checked on its
own to name the false claims (all of them when none changes a verdict on
its own). Checking them together is what keeps the run short (there are
tens of thousands); its one blind spot, two false claims whose effects
cancel out exactly, is left to lines lint says are ignored, never to rules
said to be redundant, where one rule standing in for another is the point.

A finding lint makes once for many lines (its "count") is a claim on each
of them, all checked: lint's JSON lists them ("lines"). Past the 1,000
diagnostics the library keeps of one file (ROBOTS_MAX_DIAGNOSTICS, for
the parse and for the analysis each), findings are counted but placed on
no line: lint names no line there, so there is no line to take out; they
are reported as "unplaced" per code, not as checked.

Exit status 1 when any claim is false, naming the file, the profile, the
line, the claim and a changed verdict; when a claim on a line could not be
checked;
and when lint reports a code this script does not know (it must be told
whether the code makes a claim).
"""

import bisect
import collections
import functools
import json
import os
import re
import shutil
import sys

import realcorpus

# encoded-duplicate, agent-joins-group and bom-encoded-twice are lint's
# codes from issue 21's change of lint (a rule repeated once percent-
# encoded; a user-agent line that joins the group above; a BOM encoded
# twice).
ONE_BY_ONE = {"duplicate-rule", "shadowed-rule", "encoded-duplicate"}
RULE_LINE_CLAIMS = ONE_BY_ONE | {"pattern-never-matches",
                                 "rule-outside-group", "allow-ignored"}
OTHER_LINE_CLAIMS = {"missing-colon", "typo-key", "unknown-key", "empty-key",
                     "extension", "repeated-group"}
# lint's other codes, which say nothing of the kind. A code in neither list
# fails the run: whether it is a claim to check is decided here, by hand.
NOT_CLAIMS = {"agent-joins-group", "agent-reduced", "analysis-limit",
              "bom-encoded-twice", "bom-not-at-start",
              "empty-allow-matches-all", "empty-user-agent",
              "invalid-crawl-delay", "invalid-utf8", "key-by-prefix",
              "line-truncated", "literal-wildcard", "looks-like-html",
              "no-separator-pair", "nul-byte", "past-parse-limit",
              "sitemap-not-absolute", "too-many-diagnostics", "utf16-bom",
              "usage-malformed", "usage-unknown-label", "usage-never-applies",
              "usage-no-star-fallback"}
# An agent no robots.txt of the corpus names, and common crawlers: each is
# named in many files, and between them they are read every way a profile
# reads a name (a product token, one with a version or a suffix the
# token drops, one that contains another crawler's name).
UNNAMED = "ExampleUnnamedCrawler"
# What a user-agent line said to select nothing is made to name: no agent
# checked here has it in its name.
NEVER_CHECKED = b"ExampleAgentNeverChecked"
CRAWLERS = (
    "Googlebot", "Googlebot-Image", "Mediapartners-Google", "Bingbot",
    "Baiduspider", "YandexBot", "GPTBot", "ClaudeBot", "CCBot", "SemrushBot",
    "MJ12bot", "archive.org_bot")
# What a '*' of a pattern is read as, to make paths of it.
STAR_SAMPLES = ("", "x", "a/b.html?q=1")
MAX_URL_BYTES = 2000
FAIL_LINE = re.compile(rb"^[^\n]*?:(\d+): FAIL: ", re.M)


def is_claim(finding, profile):
    code = finding["code"]
    if code == "typo-key":  # a note where the profile accepts the key
        return finding["severity"] != "note"
    if code == "repeated-group":
        return profile == "legacy"
    return code in RULE_LINE_CLAIMS or code in OTHER_LINE_CLAIMS


# ---- the file, line by line ----------------------------------------------

def split_lines(data):
    """The lines of data with their ends, numbered as lint numbers them: a
    line ends at LF, CR LF or a CR alone."""
    lines = []
    start = 0
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 0x0A or c == 0x0D:
            end = i + 2 if c == 0x0D and i + 1 < n and data[i + 1] == 0x0A \
                else i + 1
            lines.append(data[start:end])
            start = i = end
        else:
            i += 1
    if start < n:
        lines.append(data[start:])
    return lines


def line_end(line):
    for end in (b"\r\n", b"\n", b"\r"):
        if line.endswith(end):
            return end
    return b""


def edited(lines, changes):
    """The file with each line of changes ({line number: code}) replaced
    with 'Disallow:' (rule-line claims), with a user-agent line naming
    NEVER_CHECKED (repeated-group), or deleted (the others). A byte order
    mark before line 1 stays."""
    out = []
    for number, line in enumerate(lines, 1):
        code = changes.get(number)
        if code is None:
            out.append(line)
            continue
        bom = b"\xef\xbb\xbf" if number == 1 and line.startswith(
            b"\xef\xbb\xbf") else b""
        if code in RULE_LINE_CLAIMS:
            out.append(bom + b"Disallow:" + line_end(line))
        elif code == "repeated-group":
            out.append(bom + b"User-agent: " + NEVER_CHECKED +
                       line_end(line))
        else:
            out.append(bom)
    return b"".join(out)


# ---- the URLs and agents checked -------------------------------------------

def url_text(path):
    """A path as one field of an expectations line: bytes that are spaces,
    controls or not ASCII percent-encoded."""
    raw = path.encode("utf-8", "surrogateescape")
    out = []
    for b in raw:
        if b <= 0x20 or b >= 0x7F:
            out.append("%%%02X" % b)
        else:
            out.append(chr(b))
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def rule_urls(pattern):
    """The paths made of one pattern: '*' read as each sample, a final '$'
    dropped; that path, a child of it, and its directory."""
    if pattern.endswith("$"):
        pattern = pattern[:-1]
    urls = set()
    for star in STAR_SAMPLES:
        path = pattern.replace("*", star)
        if not path.startswith("/"):
            path = "/" + path
        for p in (path, path.rstrip("/") + "/x",
                  path[:path.rindex("/") + 1]):
            u = url_text(p)
            # '//' would start an authority, not a path.
            if len(u) <= MAX_URL_BYTES and not u.startswith("//"):
                urls.add(u)
    return frozenset(urls)


def usable_agent(name):
    return (name and not name.startswith("#") and len(name) <= 4096 and
            not any(c.isspace() for c in name))


def group_agents(group):
    return [a["token"] for a in group["agents"]
            if not a["wildcard"] and usable_agent(a["token"])]


def agent_set(names):
    seen = {}
    for name in list(names) + [UNNAMED] + list(CRAWLERS):
        seen.setdefault(name.lower(), name)
    return sorted(seen.values())


def pairs_of(agents, urls):
    return [(a, u) for a in agents for u in sorted(urls)]


# ---- running robots ----------------------------------------------------------

class ToolError(Exception):
    pass


class Checker:
    """Verdicts of one file in one profile, by `robots test` on a list of
    (agent, URL) pairs: the expectations are all 'allow', so the failures
    it prints are the pairs disallowed."""

    def __init__(self, robots, workdir, key, profile):
        self.robots = robots
        self.workdir = workdir
        self.key = key
        self.profile = profile
        self.count = 0

    def disallowed(self, data, pairs):
        """{pair: True when disallowed} for every pair."""
        self.count += 1
        exp = os.path.join(self.workdir, "%s-%d.expect" % (self.key,
                                                            self.count))
        with open(exp, "w", encoding="utf-8", errors="surrogateescape") as f:
            for agent, url in pairs:
                f.write("allow %s %s\n" % (agent, url))
        try:
            status, out, err = realcorpus.run(
                self.robots, ["test", "--profile", self.profile, "-", exp],
                data)
        finally:
            os.remove(exp)
        if status not in (0, 1):
            raise ToolError("robots test exited %d: %s" %
                            (status, err.decode("utf-8", "replace").strip()))
        failed = {int(m.group(1)) for m in FAIL_LINE.finditer(out)}
        return {pair: (k + 1) in failed for k, pair in enumerate(pairs)}


# ---- one file in one profile -----------------------------------------------

def rule_pairs(group, rule):
    """What a rule-line claim is checked on: the paths of its rule, for the
    agents of its group."""
    return pairs_of(agent_set(group_agents(group)),
                    rule_urls(rule["pattern"]) | {"/"})


def line_pairs(groups, line_numbers):
    """What the claims on other lines are checked on: the paths of every
    rule of the groups around each line (the one the line is in, the one
    before and the one after; an ignored line taken out can only change
    where these begin and end), for the agents of those groups."""
    starts = [g["line"] for g in groups]
    near = set()
    for line in line_numbers:
        k = bisect.bisect_right(starts, line) - 1
        near.update(i for i in (k - 1, k, k + 1) if 0 <= i < len(groups))
    agents = []
    urls = {"/"}
    for i in near:
        agents += group_agents(groups[i])
        for rule in groups[i]["rules"]:
            urls |= rule_urls(rule["pattern"])
    return pairs_of(agent_set(agents), urls)


def expand(findings, profile):
    """(claims, [(kind 'error', [finding], why)]): the claims of findings,
    one a line. A finding lint made once for many lines ("count") is a
    claim on each; when lint's JSON does not list them all ("lines"), the
    lines it does not name cannot be checked, which is an error."""
    claims, unchecked = [], []
    for f in findings:
        if not is_claim(f, profile):
            continue
        lines = f.get("lines") or [f["line"]]
        count = f.get("count", 1)
        if count > len(lines):  # counted past the library's cap: no line
            unchecked.append(("unplaced", [f] * (count - len(lines)),
                              "lint names %d of the %d lines of this "
                              "finding" % (len(lines), count)))
        claims += [dict(f, line=line) for line in lines]
    return claims, unchecked


def check_file(robots, workdir, name, data, profile, findings):
    """[(kind, claims, detail)]: kind 'checked' with the claims that held,
    'false' with the claims and a changed verdict, or 'error'."""
    claims, unchecked = expand(findings, profile)
    if not claims:
        return unchecked
    status, out, err = realcorpus.run(
        robots, ["parse", "--json", "--profile", profile, "-"], data)
    if status != 0:
        return [("error", claims, "robots parse exited %d: %s" % (
            status, err.decode("utf-8", "replace").strip()))] + unchecked
    groups = json.loads(out)["groups"]
    key = "%s-%s" % (re.sub(r"[^A-Za-z0-9.-]", "_", name), profile)
    checker = Checker(robots, workdir, key, profile)
    lines = split_lines(data)
    rule_at = {}
    for g in groups:
        for rule in g["rules"]:
            rule_at[rule["line"]] = (g, rule)

    one_by_one = []
    for claim in claims:
        if claim["code"] in ONE_BY_ONE:
            group, rule = rule_at.get(claim["line"], ({"agents": []},
                                                      {"pattern": "/"}))
            one_by_one.append((claim, rule_pairs(group, rule)))
    rest = [c for c in claims if c["code"] not in ONE_BY_ONE]
    rest_pairs = line_pairs(groups, [c["line"] for c in rest])
    union = set(rest_pairs) if rest else set()
    for _claim, pairs in one_by_one:
        union.update(pairs)

    def changed(before, changes, pairs):
        """A verdict the edit changes: (agent, URL, before, after), or
        None."""
        now = checker.disallowed(edited(lines, changes), pairs)
        for pair in pairs:
            if now[pair] != before[pair]:
                return pair + (
                    "disallowed" if before[pair] else "allowed",
                    "disallowed" if now[pair] else "allowed")
        return None

    results = []
    try:
        before = checker.disallowed(data, sorted(union))
        for claim, pairs in one_by_one:
            diff = changed(before, {claim["line"]: claim["code"]}, pairs)
            results.append(("checked" if diff is None else "false",
                            [claim], diff))
        if rest:
            diff = changed(before, {c["line"]: c["code"] for c in rest},
                           rest_pairs)
            if diff is None:
                results.append(("checked", rest, None))
            else:
                alone = [(c, changed(before, {c["line"]: c["code"]},
                                     rest_pairs)) for c in rest]
                if any(d is not None for _c, d in alone):
                    for c, d in alone:
                        results.append(("checked" if d is None else "false",
                                        [c], d))
                else:
                    results.append(("false", rest, diff))
    except ToolError as e:
        return [("error", claims, str(e))]
    return results + unchecked


def unknown_codes(lint):
    """The codes of lint_run.py's results that are neither claims nor
    NOT_CLAIMS."""
    known = RULE_LINE_CLAIMS | OTHER_LINE_CLAIMS | NOT_CLAIMS
    return sorted({f["code"] for r in lint for f in (r[3] or [])} - known)


def describe(claim):
    return "line %d [%s]: %s" % (claim["line"], claim["code"],
                                 claim["message"])


def main():
    ap = realcorpus.arguments(__doc__, work=True)
    ap.add_argument("--lint", required=True, help="lint_run.py's output")
    args = ap.parse_args()
    try:
        files = realcorpus.load(args.corpus, args.manifest)
        lint = realcorpus.load_lint(args.lint,
                                    realcorpus.manifest_digest(args.manifest))
    except realcorpus.CorpusError as e:
        realcorpus.fail("lint_claims.py: %s" % e)
    data_of = {name: data for name, data, _row in files}
    workdir = realcorpus.work_dir(args.work, "lint-claims-")

    def one(item):
        profile, name, _status, findings, _err = item
        if findings is None:  # lint could not read it: no claims
            return profile, name, []
        return profile, name, check_file(args.robots, workdir, name,
                                         data_of[name], profile, findings)

    # The files with the most findings first, so that no long one is left
    # for the end of the run.
    items = sorted(lint, key=lambda r: -len(r[3] or []))
    checked = collections.Counter()
    false = collections.Counter()
    errors = collections.Counter()
    unplaced = collections.Counter()
    problems = []
    for code in unknown_codes(lint):
        problems.append("ERROR: lint reports code '%s', which "
                        "lint_claims.py does not know: add it to the claims "
                        "it checks or to NOT_CLAIMS" % code)
    for profile, name, results in realcorpus.parallel(one, items,
                                                      args.jobs):
        for kind, claims, detail in results:
            count = {"checked": checked, "false": false, "error": errors,
                     "unplaced": unplaced}
            for claim in claims:
                count[kind][(profile, claim["code"])] += 1
            if kind == "false":
                agent, url, was, now = detail
                lines = "; ".join(describe(c) for c in claims)
                problems.append(
                    "FALSE CLAIM: %s (%s): %s\n    without %s: %s %s was "
                    "%s, is %s" % (name, profile, lines,
                                   "it" if len(claims) == 1 else "them",
                                   agent, url, was, now))
            elif kind == "error":
                about = " (%s%s)" % (describe(claims[0]), ", ..." if
                                     len(claims) > 1 else "") if claims \
                    else ""
                problems.append("ERROR: %s (%s)%s: %s" % (name, profile,
                                                          about, detail))
    if not args.work:
        shutil.rmtree(workdir, ignore_errors=True)

    print("claims of robots lint checked by experiment on %d files:" %
          len(files))
    print("  %-8s %-22s %8s %6s %11s %8s" % ("profile", "code", "claims",
                                              "false", "not checked",
                                              "unplaced"))
    for key in sorted(set(checked) | set(false) | set(errors) |
                      set(unplaced)):
        print("  %-8s %-22s %8d %6d %11d %8d" % (
            key[0], key[1], checked[key] + false[key] + errors[key],
            false[key], errors[key], unplaced[key]))
    print("  total: %d claims on lines, %d false, %d not checked (an "
          "error); %d more findings counted past the library's 1,000 kept "
          "diagnostics of a file, on no line (unplaced)" % (
              sum(checked.values()) + sum(false.values()) +
              sum(errors.values()), sum(false.values()), sum(errors.values()),
              sum(unplaced.values())))
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
