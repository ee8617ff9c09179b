#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes COMPATIBILITY.md and compat.svg from the runs of compat.sh.

Usage: compat_report.py RUNS_DIR --out DIR [--check] [--require NAME,...]

RUNS_DIR holds implementations.tsv (one line per implementation: name,
label, version, status "ran" or "unavailable", seconds or how to add it)
and NAME.json, the robots-conformance --json report of each run. The case
files (../cases) give each case's source, expectations and why. Nothing
here is edited by hand: the tables, the heat map, the disputed cases and
the failures grouped by the rule of docs/semantics.md all come from the
runs.

--check (the CI gate `compat`): exit 1 when a librobots row has a failure,
when an adapter could not start, crashed or broke the protocol, or when an
implementation named by --require did not run.
"""
import argparse
import collections
import datetime
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "..", "cases")
# The usage cases (kind usage) of the AI usage preferences: asked through
# the batch protocol's usage query (protocol 2), tallied apart from the
# verdicts, and shown in their own section and heat-map column.
AIPREF_CASES = os.path.join(HERE, "..", "cases-aipref")
USAGE_COLUMN = "AI usage (aipref)"
PROFILES = ("rfc9309", "google", "legacy")
LIBROBOTS = ("librobots", "robots-command", "librobots-js", "librobots-python")

# The rules of docs/semantics.md a verdict case exercises, first match
# wins: (key, section of semantics.md, the rule, words of the case id,
# words of its rfc9309 why). A failure is listed under its rule, so that an
# implementer reads "you take the first match where the RFC wants the
# longest" rather than a list of ids.
RULES = [
    ("bom", "Lines", "a UTF-8 byte order mark at offset 0 is skipped (google: a prefix of "
     "one too); anywhere else it is ordinary bytes", ["bom"], []),
    ("eol", "Lines", "a line ends at LF, CR or CRLF", ["eol", "note20"], []),
    ("nul", "Lines", "a NUL byte ends the line's content", ["nul-"], []),
    ("length", "Lines", "a line keeps its first 16,663 bytes; content past the parse limit "
     "is not read", ["limit-line", "limit-parse", "long-"], []),
    ("query-limits", "the public headers' limits", "a query's URL, agent names and number "
     "of agents are bounded; past a limit the query is refused",
     ["limit-url", "limit-agent", "limit-query"], []),
    ("bytes", "Lines", "any bytes are read: invalid UTF-8 is kept (and percent-encoded), "
     "lines that are not records are skipped and the valid ones still count",
     ["junk", "invalid-utf8", "html", "postel", "parse-each-line"], []),
    ("keys", "Lines", "keys are case-insensitive and end at the first `:`; rfc9309 and "
     "legacy ignore typos, longer keys and lines without `:` (google accepts some)",
     ["key-", "typo", "no-colon"], []),
    ("comments", "Lines", "`#` starts a comment anywhere on a line; whitespace around the "
     "key and the value is ignored", ["comment", "whitespace", "ws-before", "no-space",
                                      "tabs"], []),
    ("robots-txt", "Rules and matching", "`/robots.txt` itself is always allowed (rfc9309, "
     "legacy; google has no such exception)", ["robots-txt"], []),
    ("google-index", "Rules and matching", "google only: an Allow whose last segment starts "
     "with `index.htm` also allows its directory", ["index-htm"], []),
    ("url-reading", "Decisions", "one reading of a URL: an authority that URL readers split "
     "in different ways is refused", ["one-reading"], []),
    ("pct", "Percent-encoding", "percent-encoding is normalised on both sides before "
     "comparing (rfc9309: unreserved characters decoded, non-ASCII encoded)",
     ["pct-", "fig4", "fig6"], []),
    ("empty-pattern", "Rules and matching", "an empty pattern is no rule; a pattern that "
     "starts with neither `/` nor `*` never matches",
     ["empty-pattern", "empty-allow", "no-path", "cheese", "email", "allow-all",
      "slurp-other-robot"], ["empty disallow", "without a leading"]),
    ("longest", "Rules and matching", "the longest matching pattern wins and an Allow wins "
     "a tie (legacy: the first matching rule of the record decides)",
     ["precedence-row", "most-octets", "tie-", "longest", "row-3-", "row-4-", "row-5-",
      "row-6-"],
     ["longest", "most octets", "beats", "tie", "least restrictive", "is longer",
      "equivalent allow"]),
    ("wildcards", "Rules and matching", "`*` matches any sequence of octets and a final `$` "
     "anchors the end, found without backtracking (legacy: both are literal)",
     ["wildcard", "path-star", "fish-star", "dollar", "star-php", "star-gif"],
     ["'*'", "'$'", "anchors the end", "matches any path"]),
    ("agent", "Groups and user-agents", "a user-agent value is reduced to its leading "
     "`[A-Za-z_-]` token and compared with the crawler's case-insensitively and whole "
     "(legacy: the value is a substring of the crawler's name)",
     ["ua-value", "ua-empty", "ua-star", "fig1", "product-token", "case-insensitive",
      "bot-list", "agent-with-version", "value-reduced", "ua-precedence", "multi-agent"],
     []),
    ("merge", "Groups and user-agents", "all groups naming the crawler are merged; when "
     "none does, the `*` groups apply; a group naming the crawler, even empty, shadows `*` "
     "(legacy: the first matching record alone)",
     ["merge", "fig2", "fig3", "no-group", "shadows", "empty-last-group", "no-rules",
      "quxbot", "roverdog", "superrobot", "groups-h", "barbot", "bazbot"], []),
    ("groups", "Groups and user-agents", "a group is user-agent lines followed by rules; "
     "blank lines and other records do not end it (legacy: a blank line ends a record)",
     ["blank-line", "emptyline", "record-ends", "ua-after-rule", "outside-group", "sitemap",
      "unknown-field", "crawl-delay", "groups-"], []),
    ("path", "Rules and matching", "a rule is a case-sensitive prefix of the path matched "
     "(path, `;params`, `?query`), compared from its first octet",
     ["case-sensitive", "tmp-", "first-octet", "value-case", "record-bob", "cgi-bin",
      "duplicates", "g004-path-"], []),
]
EXAMPLES = ("examples", "several sections", "worked examples of the documents, where "
            "several rules decide together")

# The heat map's columns: the documents' tables and sections, coarsely.
COLUMNS = ["Book 9.4 text", "Book Table 9-3", "Book Table 9-4", "Book 9.4 other tables",
           "REP article (003)", "Google spec (004)", "RFC 2.1-2.2.1 groups",
           "RFC 2.2.2 rules", "RFC 2.2.3 special chars", "RFC 2.2.4-2.4 other",
           "RFC 5 examples", "semantics: lines", "semantics: groups",
           "semantics: matching", "semantics: fetch, scope, META", "google-profile.md",
           "limits", USAGE_COLUMN]


def column(case):
    s = case["source"]
    seed = s.get("seed")
    if seed in ("000", "001", "002"):
        table = s.get("table")
        if table in ("Table 9-3", "Table 9-4"):
            return "Book " + table
        return "Book 9.4 other tables" if table else "Book 9.4 text"
    if seed == "003":
        return "REP article (003)"
    if seed == "004":
        return "Google spec (004)"
    if "rfc" in s:
        sec = str(s.get("section", ""))
        if sec.startswith("5"):
            return "RFC 5 examples"
        if sec in ("2.1", "2.2.1"):
            return "RFC 2.1-2.2.1 groups"
        if sec == "2.2.2":
            return "RFC 2.2.2 rules"
        if sec == "2.2.3":
            return "RFC 2.2.3 special chars"
        return "RFC 2.2.4-2.4 other"
    d = s.get("decision", "")
    if "google-profile" in d:
        return "google-profile.md"
    if "limit" in s or d.startswith("robots") or "file size" in d or "line length" in d:
        return "limits"
    if "Lines" in d or "file format" in d:
        return "semantics: lines"
    if "Groups" in d:
        return "semantics: groups"
    if any(w in d for w in ("Rules", "Percent", "issue 2", "reading", "Other records")):
        return "semantics: matching"
    return "semantics: fetch, scope, META"


def detail(case):
    """The source at the granularity of a seed table, an RFC section, a decision."""
    s = case["source"]
    if "seed" in s:
        where = s.get("table") or s.get("section", "")
        return "seed %s, %s" % (s["seed"], where)
    if "rfc" in s:
        return "RFC 9309 section %s" % s.get("section", "?")
    return "decision: %s" % s.get("decision", "?")


def rule_of(case):
    cid = case["id"]
    why = case["expect"].get("rfc9309", {}).get("why", "").lower()
    for key, section, text, ids, whys in RULES:
        if any(w in cid for w in ids) or any(w in why for w in whys):
            return key, section, text
    return EXAMPLES


def load_cases():
    cases = {}
    for path in sorted(glob.glob(os.path.join(CASES, "*.json")) +
                       glob.glob(os.path.join(AIPREF_CASES, "*.json"))):
        with open(path, encoding="utf-8") as f:
            for c in json.load(f)["cases"]:
                cases[c["id"]] = c
    return cases


def load_runs(runs):
    impls = []
    with open(os.path.join(runs, "implementations.tsv"), encoding="utf-8") as f:
        for line in f:
            name, label, version, status, extra = line.rstrip("\n").split("\t")
            impl = {"name": name, "label": label, "version": version, "status": status,
                    "extra": extra, "report": None}
            if status == "ran":
                try:
                    with open(os.path.join(runs, name + ".json"), encoding="utf-8") as r:
                        impl["report"] = json.load(r)
                except (OSError, ValueError) as e:
                    impl["status"] = "broken"
                    impl["extra"] = "no report: %s" % e
            impls.append(impl)
    return impls


def got_of(message):
    m = re.search(r"\n  expected: (.*)\n  got:      (.*)", message or "")
    return (m.group(1), m.group(2)) if m else ("?", (message or "?").splitlines()[0])


def tally(impl, cases):
    """passed/run per profile, per (profile, column) and per (profile, detail);
    the results by (id, profile)."""
    t = {"profile": collections.defaultdict(lambda: [0, 0]),
         "column": collections.defaultdict(lambda: [0, 0]),
         "detail": collections.defaultdict(lambda: [0, 0]),
         "results": {},
         # Per profile: passed, run, unsupported; the failures.
         "usage": collections.defaultdict(lambda: [0, 0, 0]),
         "usage_failures": []}
    for r in impl["report"]["results"]:
        if r.get("kind") == "usage" and r["profile"] in PROFILES:
            cell = t["usage"][r["profile"]]
            column_cell = t["column"].setdefault((r["profile"], USAGE_COLUMN), [0, 0, 0])
            if r["outcome"] == "skip":
                unsupported = r.get("problem") == "unsupported"
                cell[2] += unsupported
                column_cell[2] += unsupported
                continue
            cell[0] += r["outcome"] == "pass"
            cell[1] += 1
            column_cell[0] += r["outcome"] == "pass"
            column_cell[1] += 1
            if r["outcome"] == "fail":
                t["usage_failures"].append(r)
            continue
        if r["outcome"] == "skip" or r["profile"] not in PROFILES:
            continue
        c = cases.get(r["id"])
        ok = r["outcome"] == "pass"
        for key in [("profile", r["profile"])] + (
                [("column", (r["profile"], column(c))), ("detail", (r["profile"], detail(c)))]
                if c else []):
            cell = t[key[0]][key[1]]
            cell[0] += ok
            cell[1] += 1
        t["results"][(r["id"], r["profile"])] = r
    return t


def closest(t):
    """The profile the implementation agrees with most (rfc9309 on a tie)."""
    def share(p):
        passed, run = t["profile"][p]
        return passed / run if run else -1
    return max(PROFILES, key=lambda p: (share(p), p == "rfc9309"))


def pct(passed, run):
    return "%d / %d (%d%%)" % (passed, run, round(100 * passed / run)) if run else "-"


def short_why(case):
    d = case.get("dispute")
    why = (d or {}).get("decision") or case["expect"].get("rfc9309", {}).get("why", "")
    why = " ".join(why.split())
    return why if len(why) <= 160 else why[:157] + "..."


def expected_text(case):
    """'disallowed' or 'disallowed (rfc9309, google), allowed (legacy)'."""
    by = collections.OrderedDict()
    for p in PROFILES:
        e = case["expect"].get(p, {})
        v = "allowed" if e.get("allowed") else "disallowed" if "allowed" in e else \
            "error %s" % e.get("error", "?")
        by.setdefault(v, []).append(p)
    if len(by) == 1:
        return next(iter(by))
    return ", ".join("%s (%s)" % (v, ", ".join(ps)) for v, ps in by.items())


def colour(share):
    """Red (none passed) through yellow to green (all passed)."""
    if share < 0.5:
        r, g = 220, int(60 + 300 * share)
    else:
        r, g = int(220 - 300 * (share - 0.5)), 190
    return "#%02x%02x%02x" % (max(r, 60), min(g, 190), 70)


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def heat_map(rows):
    """rows: [(label, {(profile, column): [passed, run]})]. Three panels, one
    per profile; each cell the share passed as colour and the count."""
    cols = [c for c in COLUMNS if any(sum(v.get((p, c), [0, 0])[1:]) for _, v in rows
                                      for p in PROFILES)]
    lw, cw, ch, head, gap = 330, 66, 22, 118, 34
    width = lw + cw * len(cols) + 10
    panel = gap + ch * len(rows)
    height = head + panel * len(PROFILES) + 40
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">' % (width, height, width, height),
         '<rect width="100%" height="100%" fill="#ffffff"/>',
         '<text x="8" y="18" font-size="14" font-weight="bold">Conformance cases passed, '
         'per implementation and source (colour: share passed; text: passed/run)</text>']
    for i, c in enumerate(cols):
        x = lw + cw * i + cw / 2
        o.append('<text transform="translate(%.0f,%d) rotate(-40)" text-anchor="start">%s</text>'
                 % (x - 4, head - 6, esc(c)))
    for k, p in enumerate(PROFILES):
        y0 = head + panel * k
        o.append('<text x="8" y="%d" font-size="13" font-weight="bold">profile %s</text>'
                 % (y0 + gap - 10, p))
        for j, (label, cells) in enumerate(rows):
            y = y0 + gap + ch * j
            o.append('<text x="8" y="%d">%s</text>' % (y + 15, esc(label)))
            for i, c in enumerate(cols):
                cell = cells.get((p, c), [0, 0])
                passed, run = cell[0], cell[1]
                x = lw + cw * i
                if not run and len(cell) > 2 and cell[2]:
                    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#d8d8e8" '
                             'stroke="#ffffff"><title>%s, %s: unsupported (%d cases)</title>'
                             '</rect>' % (x, y, cw, ch, esc(label), p, cell[2]))
                    o.append('<text x="%d" y="%d" text-anchor="middle" fill="#555555">'
                             'unsupp.</text>' % (x + cw / 2, y + 15))
                    continue
                if not run:
                    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#eeeeee" '
                             'stroke="#ffffff"/>' % (x, y, cw, ch))
                    continue
                o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#ffffff">'
                         '<title>%s, %s, %s: %d of %d passed</title></rect>'
                         % (x, y, cw, ch, colour(passed / run), esc(label), p, esc(c), passed, run))
                o.append('<text x="%d" y="%d" text-anchor="middle" fill="#000000">%d/%d</text>'
                         % (x + cw / 2, y + 15, passed, run))
    o.append('<text x="8" y="%d" fill="#555555">grey: no case of that source was asked; '
             'unsupp.: the implementation answered that it has no Content-Usage. '
             'Generated by conformance/tools/compat_report.py.</text>' % (height - 12))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def write_report(impls, cases, out):
    ran = [i for i in impls if i["status"] == "ran"]
    tallies = {i["name"]: tally(i, cases) for i in ran}
    near = {n: closest(t) for n, t in tallies.items()}
    others = [i for i in ran if i["name"] not in LIBROBOTS]
    w = []
    a = w.append
    a("# Compatibility: the conformance suite against robots.txt implementations")
    a("")
    a("Generated by `conformance/compat.sh` on %s from real runs of `robots-conformance`; "
      "do not edit by hand. Every implementation but librobots in-process is driven through "
      "its adapter in `adapters/` and the batch protocol (README.md), which carries the "
      "verdict cases (one agent, no parse options, no library status) and, in its protocol "
      "2, the usage cases of the AI usage preferences (`cases-aipref/`, tallied apart: "
      "their own section below); the others are skipped for it. Most implementations have one behaviour: each case is asked once "
      "and the answer held to each profile's expectation (`rfc9309`, `google`, `legacy`), "
      "so a row shows which reading of the documents an implementation is closest to."
      % datetime.date.today().isoformat())
    a("")
    a("![Heat map: cases passed per implementation and source](compat.svg)")
    a("")
    a("## The most disputed cases")
    a("")
    a("The cases the most implementations (besides librobots) answer against the "
      "expectation of the profile each agrees with most (its closest profile, in the "
      "table below).")
    a("")
    dispute = collections.Counter()
    dissent = collections.defaultdict(list)
    asked = collections.Counter()
    for i in others:
        t = tallies[i["name"]]
        for (cid, p), r in t["results"].items():
            if p != near[i["name"]]:
                continue
            asked[cid] += 1
            if r["outcome"] == "fail":
                dispute[cid] += 1
                dissent[cid].append("%s: %s" % (i["name"], got_of(r.get("message"))[1]))
    top = sorted((c for c in dispute if c in cases), key=lambda c: (-dispute[c], c))[:15]
    a("| case | source | against | expected | why |")
    a("| --- | --- | --- | --- | --- |")
    for cid in top:
        c = cases[cid]
        a("| `%s` | %s | %d of %d | %s | %s |" % (cid, detail(c), dispute[cid], asked[cid],
                                                expected_text(c), short_why(c).replace("|", "\\|")))
    a("")
    a("## Pass counts per profile")
    a("")
    a("Cases passed / cases run (skipped cases not counted). The closest profile is in bold.")
    a("")
    a("| implementation | version | " + " | ".join(PROFILES) + " | seconds |")
    a("| --- | --- | " + " | ".join("---" for _ in PROFILES) + " | --- |")
    for i in impls:
        if i["status"] != "ran":
            a("| %s | %s | %s: %s | | | |" % (i["label"], i["version"] or "-", i["status"],
                                              i["extra"].replace("|", "\\|")))
            continue
        t = tallies[i["name"]]
        cells = [("**%s**" if p == near[i["name"]] else "%s") % pct(*t["profile"][p])
                 for p in PROFILES]
        a("| %s | %s | %s | %s |" % (i["label"], i["version"], " | ".join(cells), i["extra"]))
    a("")
    a("Problems of the adapters (`problem` in the runner's report: an implementation "
      "that raised an error, crashed, hung past the per-query timeout, or answered "
      "outside the protocol):")
    a("")
    a("| implementation | starts | answers | of them unsupported | errors | crashes | hangs "
      "| protocol | unavailable |")
    a("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for i in ran:
        st = i["report"].get("adapter")
        if st:
            a("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (
                i["label"], st["starts"], st["answers"], st.get("unsupported", 0),
                st["errors"], st["crashes"], st["hangs"], st["protocol_errors"],
                st["unavailable"]))
    a("")
    a("## AI usage preferences (Content-Usage)")
    a("")
    a("The `usage` cases of `cases-aipref/` (draft-ietf-aipref-attach-05, "
      "draft-ietf-aipref-vocab-08 and the decisions of docs/semantics.md, \"AI usage "
      "preferences\"): may the crawler fetch the URL, and each label's value with the "
      "deciding lines, asked with the batch protocol's usage query (protocol 2). An "
      "implementation without Content-Usage answers `unsupported`: that is not a failure, "
      "and its row says so. Passed / run per profile.")
    a("")
    a("| implementation | " + " | ".join(PROFILES) + " | answered |")
    a("| --- | " + " | ".join("---" for _ in PROFILES) + " | --- |")
    for i in ran:
        u = tallies[i["name"]]["usage"]
        run_all = sum(u[p][1] for p in PROFILES)
        unsupported = sum(u[p][2] for p in PROFILES)
        if not run_all and unsupported:
            a("| %s | %s | unsupported (no Content-Usage) |" % (
                i["label"], " | ".join("-" for _ in PROFILES)))
            continue
        if not run_all:
            a("| %s | %s | not asked |" % (i["label"], " | ".join("-" for _ in PROFILES)))
            continue
        a("| %s | %s | %s |" % (i["label"], " | ".join(pct(*u[p][:2]) for p in PROFILES),
                                "%d cases, %d unsupported" % (run_all, unsupported)
                                if unsupported else "every case"))
    failing = [i for i in ran if tallies[i["name"]]["usage_failures"]]
    for i in failing:
        a("")
        a("Usage cases %s fails:" % i["label"])
        a("")
        for r in tallies[i["name"]]["usage_failures"]:
            exp, got = got_of(r.get("message"))
            a("- `%s` [%s]: expected %s, got %s" % (r["id"], r["profile"], exp,
                                                   got.replace("|", "\\|")))
    a("")
    a("## Pass counts per source")
    a("")
    a("Each seed table, RFC 9309 section and decision, passed / run, per profile. Columns: "
      + ", ".join("`%s` %s" % (i["name"], i["label"]) for i in ran) + ".")
    a("")
    for p in PROFILES:
        a("<details><summary>profile %s</summary>" % p)
        a("")
        a("| source | " + " | ".join("`%s`" % i["name"] for i in ran) + " |")
        a("| --- | " + " | ".join("---" for _ in ran) + " |")
        details = sorted({d for t in tallies.values() for (q, d) in t["detail"] if q == p})
        for d in details:
            row = []
            for i in ran:
                passed, run = tallies[i["name"]]["detail"].get((p, d), [0, 0])
                row.append("%d / %d" % (passed, run) if run else "-")
            a("| %s | %s |" % (d.replace("|", "\\|"), " | ".join(row)))
        a("")
        a("</details>")
        a("")
    a("## What each implementation fails, by rule")
    a("")
    a("Against its closest profile, grouped by the rule of `docs/semantics.md` the case "
      "exercises; expected, then what came back.")
    a("")
    for i in ran:
        t = tallies[i["name"]]
        p = near[i["name"]]
        fails = [(cid, r) for (cid, q), r in t["results"].items() if q == p and r["outcome"] == "fail"]
        a("### %s (%s), against %s: %d failed" % (i["label"], i["version"], p, len(fails)))
        a("")
        if not fails:
            a("- none")
            a("")
            continue
        by_rule = collections.OrderedDict((r[0], []) for r in RULES + [EXAMPLES])
        info = {r[0]: r[:3] for r in RULES + [EXAMPLES]}
        for cid, r in fails:
            c = cases.get(cid)
            key = rule_of(c)[0] if c else EXAMPLES[0]
            by_rule[key].append((cid, r, c))
        for key, items in by_rule.items():
            if not items:
                continue
            _, section, text = info[key]
            a("- **%s** (semantics.md, %s): %d" % (text[0].upper() + text[1:], section, len(items)))
            for cid, r, c in items:
                exp, got = got_of(r.get("message"))
                a("  - `%s` (%s): expected %s, got %s" % (
                    cid, detail(c) if c else "?", exp, got.replace("|", "\\|")))
        a("")
    with open(os.path.join(out, "COMPATIBILITY.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(w).rstrip("\n") + "\n")
    rows = [("%s %s" % (i["label"].replace("`", ""), i["version"]), dict(tallies[i["name"]]["column"]))
            for i in ran]
    with open(os.path.join(out, "compat.svg"), "w", encoding="utf-8") as f:
        f.write(heat_map(rows))


def check(impls, required):
    problems = []
    by_name = {i["name"]: i for i in impls}
    for name in required:
        i = by_name.get(name)
        if i is None or i["status"] != "ran":
            problems.append("%s did not run: %s" % (name, i["extra"] if i else "not tried"))
    for i in impls:
        if i["status"] == "broken":
            problems.append("%s: %s" % (i["name"], i["extra"]))
        if i["status"] != "ran":
            continue
        rep = i["report"]
        if i["name"] in LIBROBOTS and (rep["failed"] or not rep["passed"]):
            problems.append("%s: %d failed, %d passed: librobots' rows must pass every case"
                            % (i["name"], rep["failed"], rep["passed"]))
        if i["name"] in LIBROBOTS:
            u = tally(i, {})["usage"]
            if any(u[p][2] for p in PROFILES) or not all(u[p][1] for p in PROFILES):
                problems.append("%s: the usage cases were not all answered (%s): librobots' "
                                "rows speak protocol 2" % (i["name"], ", ".join(
                                    "%s %d run, %d unsupported" % (p, u[p][1], u[p][2])
                                    for p in PROFILES)))
        st = rep.get("adapter")
        if st is not None:
            bad = {k: st[k] for k in ("crashes", "protocol_errors", "unavailable") if st[k]}
            if bad or not st["answers"]:
                problems.append("the adapter of %s stopped working: %s, %d answers" % (
                    i["name"], ", ".join("%d %s" % (v, k) for k, v in bad.items()) or "no problem named",
                    st["answers"]))
    for p in problems:
        sys.stderr.write("compat: FAIL %s\n" % p)
    return 1 if problems else 0


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("runs")
    ap.add_argument("--out", required=True)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--require", default="")
    args = ap.parse_args(argv[1:])
    impls = load_runs(args.runs)
    write_report(impls, load_cases(), args.out)
    if args.check:
        return check(impls, [n for n in args.require.split(",") if n])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
