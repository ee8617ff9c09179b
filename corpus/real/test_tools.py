#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""test_tools.py ROBOTS - the tools of corpus/real tested on their own, with
no corpus: lines numbered as lint numbers them, the edits of the claims
experiment, the paths made of a pattern, the experiment itself on claims
known to be true and known to be false (so that lint_claims.py can fail),
and an archive that does not match its manifest refused.
"""

import hashlib
import io
import lzma
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import lint_claims  # noqa: E402
import lint_fix_run  # noqa: E402
import realcorpus  # noqa: E402

failures = 0
passes = 0


def expect(what, got, want):
    global failures, passes
    if got == want:
        passes += 1
    else:
        failures += 1
        print("FAIL: %s: got %r, want %r" % (what, got, want))


def claim(line, code, severity="warning"):
    return {"line": line, "code": code, "severity": severity,
            "message": "forged for the test", "column": 1,
            "suggestion": None}


def test_lines():
    expect("LF, CR LF and a CR alone end lines",
           lint_claims.split_lines(b"a\nb\r\nc\rd"),
           [b"a\n", b"b\r\n", b"c\r", b"d"])
    expect("an empty file has no line", lint_claims.split_lines(b""), [])
    lines = lint_claims.split_lines(
        b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /a\r\nCrawl-delay: 4\r\n")
    expect("a rule line becomes 'Disallow:', with its line end",
           lint_claims.edited(lines, {2: "duplicate-rule"}),
           b"\xef\xbb\xbfUser-agent: *\r\nDisallow:\r\nCrawl-delay: 4\r\n")
    expect("another line is taken out",
           lint_claims.edited(lines, {3: "extension"}),
           b"\xef\xbb\xbfUser-agent: *\r\nDisallow: /a\r\n")
    expect("a byte order mark stays when line 1 goes",
           lint_claims.edited(lines, {1: "unknown-key"}),
           b"\xef\xbb\xbfDisallow: /a\r\nCrawl-delay: 4\r\n")
    expect("a user-agent line names an agent never checked",
           lint_claims.edited(lines, {1: "repeated-group"}),
           b"\xef\xbb\xbfUser-agent: ExampleAgentNeverChecked\r\n"
           b"Disallow: /a\r\nCrawl-delay: 4\r\n")


def test_urls():
    urls = lint_claims.rule_urls("/a*/b c$")
    for u in ("/a/b%20c", "/ax/b%20c", "/aa/b.html?q=1/b%20c", "/a/b%20c/x",
              "/ax/"):
        expect("%s is made of '/a*/b c$'" % u, u in urls, True)
    expect("no path starts with '//'",
           [u for u in lint_claims.rule_urls("/*/x") if u.startswith("//")],
           [])
    expect("a pattern without '/' is made a path",
           "/cheese.htm" in lint_claims.rule_urls("cheese.htm"), True)


# The example: SemrushBot's user-agent line joins the '*' group, so
# lines 5 and 6 are its only rules.
SEMRUSH = (b"User-agent: *\nCrawl-delay: 45\n\nUser-agent: SemrushBot\n"
           b"Disallow: /\nAllow: /robots.txt\nDisallow: /\n")


def outcome(robots, workdir, data, claims, profile="rfc9309"):
    results = lint_claims.check_file(robots, workdir, "test", data, profile,
                                     claims)
    return sorted((kind, [c["line"] for c in cs]) for kind, cs, _d in results)


def test_experiment(robots, workdir):
    expect("a true duplicate holds",
           outcome(robots, workdir, SEMRUSH, [claim(7, "duplicate-rule")]),
           [("checked", [7])])
    expect("two copies of a rule: each may go on its own",
           outcome(robots, workdir, SEMRUSH,
                   [claim(5, "shadowed-rule"), claim(7, "duplicate-rule")]),
           [("checked", [5]), ("checked", [7])])
    expect("SemrushBot's only rule said to repeat a '*' rule is false",
           outcome(robots, workdir, SEMRUSH[:-len(b"Disallow: /\n")] +
                   b"User-agent: *\nDisallow: /\n",
                   [claim(5, "duplicate-rule")]),
           [("false", [5])])
    data = b"User-agent: *\nCrawl-delay: 4\nDisallow: /private\n"
    expect("the only rule said to be shadowed is a false claim",
           outcome(robots, workdir, data, [claim(3, "shadowed-rule")]),
           [("false", [3])])
    expect("a line said to be ignored that is a rule is a false claim",
           outcome(robots, workdir, data, [claim(3, "unknown-key")]),
           [("false", [3])])
    expect("an ignored line holds",
           outcome(robots, workdir, data, [claim(2, "extension", "note")]),
           [("checked", [2])])
    expect("with a false one among ignored lines, only it is named",
           outcome(robots, workdir, data,
                   [claim(2, "extension", "note"), claim(3, "unknown-key")]),
           [("checked", [2]), ("false", [3])])
    many = dict(claim(2, "extension", "note"), count=2, lines=[2, 3])
    expect("a finding on many lines is a claim on each",
           outcome(robots, workdir, data, [many]),
           [("checked", [2]), ("false", [3])])
    unlisted = dict(claim(2, "extension", "note"), count=3)
    expect("findings counted on no line are unplaced, not checked",
           outcome(robots, workdir, data, [unlisted]),
           [("checked", [2]), ("unplaced", [2, 2])])
    lint = [("rfc9309", "a", 1, [claim(1, "shadowed-rule"),
                                 claim(2, "literal-wildcard"),
                                 claim(3, "a-new-code")], "")]
    expect("a code lint_claims.py does not know is reported",
           lint_claims.unknown_codes(lint), ["a-new-code"])
    expect("a google note that a typo is accepted is no claim",
           outcome(robots, workdir, data, [claim(3, "typo-key", "note")],
                   "google"), [])


def test_fix_run(robots, workdir):
    err = (b"-:2: fixed [typo-key]: now 'Disallow: /a'; no verdict checked "
           b"changes\n-:3: fixed [duplicate-rule]: removed, it repeats line "
           b"2; no verdict changes\n-:4: not fixed [typo-key]: the proof "
           b"failed: agent 'a', path '/y' was disallowed by line 4, would be "
           b"allowed\n-:5: not fixed [duplicate-rule]: not tried: the check "
           b"budget of lint --fix is spent\n-: 2 fixed, 2 not fixed\n")
    first = lint_fix_run.reports(err)
    expect("lint --fix's report read", [(n, s, c) for n, s, c, _r in first],
           [(2, "fixed", "typo-key"), (3, "fixed", "duplicate-rule"),
            (4, "not fixed", "typo-key"), (5, "not fixed", "duplicate-rule")])
    expect("what became of each fix",
           [lint_fix_run.outcome(s, r) for _n, s, _c, r in first],
           ["written", "written", "refuted", "not-tried"])
    # The second run's line 3 is the first's line 4 (line 3 was removed).
    second = [(2, "fixed", "typo-key", ""), (3, "fixed", "typo-key", "")]
    expect("a fix written again on a line fixed is found; one on a line "
           "the first run left is not",
           lint_fix_run.same_fixes(first, 5, second), [(2, "typo-key")])
    ok = b"User-agent: *\nDisallow: /a\nDisallow: /a\nDissallow: /b\n"
    first, problems, experiment = lint_fix_run.check_one(
        robots, workdir, "t", "google", ok)
    expect("google: the duplicate removed and the accepted typo fixed, "
           "checked by experiment", (problems, experiment is not None),
           ([], True))


def archive(path, members):
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w") as t:
        for name, data in members:
            info = tarfile.TarInfo("robots-real/" + name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(lzma.compress(raw.getvalue()))


def test_archive(workdir):
    body = b"User-agent: *\nDisallow: /x\n"
    manifest = ("name\tsha256\tbytes\tsite\n"
                "a.example\t%s\t%d\ta.example\n" %
                (hashlib.sha256(body).hexdigest(), len(body)))
    mpath = os.path.join(workdir, "manifest.tsv")
    with open(mpath, "w", encoding="utf-8") as f:
        f.write(manifest)
    good = os.path.join(workdir, "good.tar.xz")
    archive(good, [("manifest.tsv", manifest.encode()), ("a.example", body)])
    expect("an archive that matches its manifest is read",
           [(n, d) for n, d, _r in realcorpus.load(good, mpath)],
           [("a.example", body)])
    for name, members in (
            ("a file changed", [("manifest.tsv", manifest.encode()),
                                ("a.example", body + b"#")]),
            ("another manifest", [("manifest.tsv", b"x"),
                                  ("a.example", body)]),
            ("a file missing", [("manifest.tsv", manifest.encode())]),
            ("a file too many", [("manifest.tsv", manifest.encode()),
                                 ("a.example", body), ("b", body)])):
        bad = os.path.join(workdir, "bad.tar.xz")
        archive(bad, members)
        try:
            realcorpus.load(bad, mpath)
            refused = False
        except realcorpus.CorpusError:
            refused = True
        expect("an archive with %s is refused" % name, refused, True)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: test_tools.py ROBOTS")
    robots = sys.argv[1]
    with tempfile.TemporaryDirectory() as workdir:
        test_lines()
        test_urls()
        test_experiment(robots, workdir)
        test_fix_run(robots, workdir)
        test_archive(workdir)
    print("%d passed, %d failed" % (passes, failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
