#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_site_test.sh ROBOTS_BINARY SOURCE_DIR - the commands for site owners:
# `robots lint` (every check on a file that triggers it and on one that
# does not, text, JSON and SARIF), `robots test` (pass, fail, malformed,
# JUnit, TAP) and `robots diff` (with and without a URL list), with their
# exit codes. The documents under tests/data/site/ are small enough to
# read: each expectation below follows from the document and
# docs/semantics.md, not from what the command happens to print.
set -u
robots=$1
src=$2
d=$src/tests/data/site
marys=$src/examples/marys-antiques.txt
test_name=site
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

# expect_exit WANT COMMAND... : runs the command, keeps stdout and stderr.
expect_exit() {
    check_exit /dev/null "$@" || sed 's/^/    /' "$tmp/out" "$tmp/err" >&2
}
expect_no_out() {
    if grep -q -- "$1" "$tmp/out"; then fail "stdout has '$1'"; else ok; fi
}
expect_empty_out() {
    if [ -s "$tmp/out" ]; then fail "stdout not empty: $(cat "$tmp/out")"
    else ok; fi
}
expect_json() {
    if python3 -m json.tool "$tmp/out" >/dev/null 2>&1; then ok
    else fail "not JSON: $(head -c 300 "$tmp/out")"; fi
}
expect_count() { # expect_count N PATTERN: lines of stdout matching
    n=$(grep -c -- "$2" "$tmp/out")
    [ "$n" -eq "$1" ] && ok || fail "$n lines match '$2', want $1"
}

# ---- lint: each check on a file that triggers it, and on one that does not

# lint_pair CODE [OPTIONS...]: $d/CODE.txt reports [CODE], $d/CODE-ok.txt
# does not.
lint_pair() {
    code=$1
    shift
    "$robots" lint "$@" "$d/$code.txt" >"$tmp/out" 2>"$tmp/err"
    expect_out "\[$code\]$"
    "$robots" lint "$@" "$d/$code-ok.txt" >"$tmp/out" 2>"$tmp/err"
    expect_no_out "\[$code\]"
}
for code in typo-key rule-outside-group pattern-never-matches missing-colon \
    invalid-crawl-delay sitemap-not-absolute unknown-key extension \
    shadowed-rule duplicate-rule repeated-group agent-joins-group \
    encoded-duplicate bom-encoded-twice; do
    lint_pair $code
done

# Where each finding is (FILE:LINE:COL) and what it says.
expect_exit 1 "$robots" lint "$d/typo-key.txt"
expect_out "typo-key.txt:2:1: error: .*did you mean Disallow?.*\[typo-key\]$"
expect_exit 0 "$robots" lint "$d/typo-key-ok.txt"
expect_empty_out
# google accepts the misspelling (semantics.md): reported, not an error.
expect_exit 0 "$robots" lint --profile google "$d/typo-key.txt"
expect_out "typo-key.txt:2:1: note: .*\[typo-key\]$"
# A rule before any user-agent is ignored: an error.
expect_exit 1 "$robots" lint "$d/rule-outside-group.txt"
expect_out "rule-outside-group.txt:1:1: error: .*\[rule-outside-group\]$"
expect_exit 0 "$robots" lint "$d/rule-outside-group-ok.txt"
# "cheese.htm" never matches (column 11: after "Disallow: "); "*.gif$" may.
expect_exit 1 "$robots" lint "$d/pattern-never-matches.txt"
expect_out "pattern-never-matches.txt:2:11: error: .*cheese.htm"
expect_exit 0 "$robots" lint "$d/pattern-never-matches-ok.txt"
expect_empty_out
expect_exit 1 "$robots" lint "$d/missing-colon.txt"
expect_out "missing-colon.txt:2:1: error: .*Disallow: .*\[missing-colon\]$"
# google reads "Disallow /private" as a key and a value instead.
expect_exit 0 "$robots" lint --profile google "$d/missing-colon.txt"
expect_no_out "\[missing-colon\]"
expect_exit 0 "$robots" lint "$d/invalid-crawl-delay.txt"
expect_out "invalid-crawl-delay.txt:2:14: warning: .*soon.*\[invalid-crawl-delay\]$"
expect_exit 1 "$robots" lint --strict "$d/invalid-crawl-delay.txt"
expect_exit 0 "$robots" lint --strict "$d/invalid-crawl-delay-ok.txt"
expect_exit 0 "$robots" lint "$d/sitemap-not-absolute.txt"
expect_out "sitemap-not-absolute.txt:4:10: warning: .*\[sitemap-not-absolute\]$"
expect_exit 1 "$robots" lint --strict "$d/sitemap-not-absolute.txt"
expect_exit 0 "$robots" lint --strict "$d/sitemap-not-absolute-ok.txt"
expect_exit 0 "$robots" lint "$d/unknown-key.txt"
expect_out "unknown-key.txt:3:1: warning: .*Index-page.*\[unknown-key\]$"
# Directives the profile ignores: crawl-delay, noindex, host.
expect_exit 0 "$robots" lint --strict "$d/extension.txt"
expect_count 3 "\[extension\]$"
expect_out "extension.txt:2:1: note: .*Crawl-delay"
expect_out "extension.txt:3:1: note: .*Noindex"
expect_out "extension.txt:6:1: note: .*Host"
expect_exit 0 "$robots" lint --strict "$d/extension-ok.txt"
expect_empty_out

# Shadowed rules (rfc9309: longest match, Allow wins a tie). Line 3
# "Disallow: /shop" ties with "Allow: /shop" and never decides; line 4
# "Disallow: /private" always loses to the longer "Allow: /private*".
expect_exit 0 "$robots" lint "$d/shadowed-rule.txt"
expect_out "shadowed-rule.txt:3:11: warning: .*line 2.*\[shadowed-rule\]$"
expect_out "shadowed-rule.txt:4:11: warning: .*line 5.*\[shadowed-rule\]$"
expect_count 2 "\[shadowed-rule\]$"
expect_exit 1 "$robots" lint --strict "$d/shadowed-rule.txt"
# A longer Allow inside a Disallow, and "/a$" (longer) against "/a": every
# rule decides some path.
expect_exit 0 "$robots" lint --strict "$d/shadowed-rule-ok.txt"
expect_empty_out
# The same file under legacy (first match wins, the book's 9.4): the Allow
# after "Disallow: /private" never decides; under rfc9309 it does.
expect_exit 0 "$robots" lint --profile legacy "$d/first-match.txt"
expect_out "first-match.txt:3:8: warning: .*line 2.*\[shadowed-rule\]$"
expect_exit 0 "$robots" lint --strict "$d/first-match.txt"
expect_empty_out
# The book's own file puts Allow first: clean in every profile.
for p in rfc9309 google legacy; do
    expect_exit 0 "$robots" lint --strict --profile $p "$marys"
    expect_empty_out
done
# Groups merged for one agent: the shadow is found across the groups.
printf 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nAllow: /y\n\nUser-agent: A\nAllow: /x\n' \
    >"$tmp/merged.txt"
expect_exit 0 "$robots" lint "$tmp/merged.txt"
expect_out "merged.txt:2:11: warning: .*line 8.*'a'.*\[shadowed-rule\]$"
expect_out "merged.txt:7:13: warning: .*line 1.*\[repeated-group\]$"

# Issue 21: a user-agent line that joins the group above, as only a
# Crawl-delay stands between them, is a warning: in its smallest form it
# blocks every crawler (robots check shows the warning is true).
printf 'User-agent: *\nCrawl-delay: 10\n\nUser-agent: BadBot\nDisallow: /\n' >"$tmp/badbot.txt"
for p in rfc9309 google; do
    expect_exit 0 "$robots" lint --profile $p "$tmp/badbot.txt"
    expect_out "badbot.txt:4:13: warning: user-agent 'BadBot' joins the group of line 1: only lines that are no rules stand between them (line 2: 'Crawl-delay').*\[agent-joins-group\]$"
    expect_exit 1 "$robots" lint --strict --profile $p "$tmp/badbot.txt"
    expect_exit 1 "$robots" check --profile $p --agent Googlebot "$tmp/badbot.txt" /
done
# legacy: the blank line ends the record; BadBot's is its own.
expect_exit 0 "$robots" lint --strict --profile legacy "$tmp/badbot.txt"
# The false claim it led to: SemrushBot's rules repeat the first '*'
# group's, but they are SemrushBot's only rules; deleting them would open
# the site to it, so lint must not say they may go.
printf 'User-agent: *\nDisallow: /\nAllow: /robots.txt\n\nUser-agent: *\nCrawl-delay: 45\n\nUser-agent: SemrushBot\nDisallow: /\nAllow: /robots.txt\n' >"$tmp/semrush.txt"
for p in rfc9309 google; do
    expect_exit 0 "$robots" lint --profile $p "$tmp/semrush.txt"
    expect_no_out "\[duplicate-rule\]"
    expect_no_out "\[shadowed-rule\]"
    expect_out "semrush.txt:5:13: warning: .*\[repeated-group\]$"
    expect_out "semrush.txt:8:13: warning: user-agent 'SemrushBot' joins the group of line 5: .*\[agent-joins-group\]$"
done
printf 'User-agent: *\nAllow: /robots.txt\n\nUser-agent: *\nCrawl-delay: 45\n\nUser-agent: SemrushBot\nDisallow: /\n' >"$tmp/semrush-cut.txt"
expect_exit 1 "$robots" check --agent SemrushBot "$tmp/semrush.txt" /x
expect_exit 0 "$robots" check --agent SemrushBot "$tmp/semrush-cut.txt" /robots.txt
# A claim holds for every agent of the group: "/x" in the group of 'a'
# and 'b' never decides only where both have a longer rule of their own.
printf 'User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /x*\n\nUser-agent: b\nDisallow: /x*\n' >"$tmp/two.txt"
expect_exit 0 "$robots" lint "$tmp/two.txt"
expect_out "two.txt:3:11: warning: 'Disallow: /x' never decides: 'Disallow: /x\*' at line 6 .* for each user-agent of its group, whose groups are merged \[shadowed-rule\]$"
head -n 7 "$tmp/two.txt" >"$tmp/one.txt"
expect_exit 0 "$robots" lint "$tmp/one.txt" # 'b' has no other rule
expect_no_out "\[shadowed-rule\]"
# A rule written once raw and once percent-encoded: the same rule, a note.
printf 'User-agent: *\nDisallow: /wiki/L\303\266sch/\nDisallow: /wiki/L%%C3%%B6sch/\n' >"$tmp/encoded.txt"
expect_exit 0 "$robots" lint --strict "$tmp/encoded.txt"
expect_out "encoded.txt:3:11: note: 'Disallow: /wiki/L%C3%B6sch/' is the rule at line 2 ('/wiki/L$(printf '\303\266')sch/') once percent-encoded: the same rule \[encoded-duplicate\]$"
expect_no_out "\[duplicate-rule\]"
expect_exit 0 "$robots" lint --json "$tmp/encoded.txt"
expect_json
expect_out '"code":"encoded-duplicate","message":"[^"]*","suggestion":null,"related_line":2,"count":1}'

# How each profile reads a user-agent line it reduces, said as that
# reading (issue 21): a dropped version is a note, a name cut inside a
# warning, a name with no product token is read as naming no crawler.
printf 'User-agent: MJ12bot\nUser-agent: Googlebot/2.1\nUser-agent: 360Spider\nDisallow: /\n' >"$tmp/reduced.txt"
expect_exit 0 "$robots" lint "$tmp/reduced.txt"
expect_out "reduced.txt:1:13: warning: user-agent 'MJ12bot' is read as its product token 'MJ' .*every name that reduces to 'MJ', not 'MJ12bot' alone \[agent-reduced\]$"
expect_out "reduced.txt:2:13: note: user-agent 'Googlebot/2.1' is read as its product token 'Googlebot' \[agent-reduced\]$"
expect_out "reduced.txt:3:13: warning: user-agent '360Spider' starts with no letter, '-' or '_': .*rfc9309 matches no crawler to an empty token, '360Spider' included \[empty-user-agent\]$"
expect_exit 0 "$robots" lint --profile google "$tmp/reduced.txt"
expect_out "reduced.txt:1:13: warning: .*google/robotstxt compares a crawler's whole name with it: 'MJ12bot' does not match the line \[agent-reduced\]$"
expect_exit 0 "$robots" check --profile google --agent MJ12bot "$tmp/reduced.txt" /x
expect_exit 0 "$robots" lint --strict --profile legacy "$tmp/reduced.txt"
expect_empty_out
# A byte order mark encoded twice is named, not shown as six '?'.
printf '\303\257\302\273\302\277User-agent: *\nDisallow: /x\n' >"$tmp/bom-twice.txt"
expect_exit 1 "$robots" lint "$tmp/bom-twice.txt"
expect_out "bom-twice.txt:1:1: warning: the file starts with a byte order mark encoded twice (C3 AF C2 BB C2 BF.*\[bom-encoded-twice\]$"

# Duplicates: the same rule twice for the same agents; the same rule for
# two different agents is not one.
expect_exit 0 "$robots" lint "$d/duplicate-rule.txt"
expect_out "duplicate-rule.txt:3:11: warning: .*line 2.*\[duplicate-rule\]$"
expect_exit 0 "$robots" lint --strict "$d/duplicate-rule-ok.txt"
expect_empty_out

# A group repeated for the same agent (tokens compare case-insensitively).
expect_exit 0 "$robots" lint "$d/repeated-group.txt"
expect_out "repeated-group.txt:7:13: warning: .*Googlebot.*line 1.*\[repeated-group\]$"
expect_count 1 "\[repeated-group\]$"
expect_exit 0 "$robots" lint --strict "$d/repeated-group-ok.txt"
expect_empty_out
# legacy: the agent is a substring of the crawler's name and the first
# record wins, so "Googlebot-Image" never reaches its record.
expect_exit 0 "$robots" lint --profile legacy "$d/repeated-group-ok.txt"
expect_out "repeated-group-ok.txt:5:13: warning: .*Googlebot-Image.*\[repeated-group\]$"
expect_exit 0 "$robots" lint --profile legacy "$d/repeated-group.txt"
expect_out "repeated-group.txt:7:13: warning: .*\[repeated-group\]$"
printf 'User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n' >"$tmp/stars.txt"
expect_exit 0 "$robots" lint "$tmp/stars.txt"
expect_out "stars.txt:4:13: warning: .*\[repeated-group\]$"

# Wildcards taken literally: legacy reads '*' and '$' as octets; rfc9309
# reads '$' as an anchor only at the end.
expect_exit 0 "$robots" lint --profile legacy "$d/wildcards.txt"
expect_out "wildcards.txt:2:12: warning: .*'\*'.*\[literal-wildcard\]$"
expect_exit 0 "$robots" lint --strict "$d/wildcards.txt"
expect_empty_out
expect_exit 0 "$robots" lint "$d/literal-dollar.txt"
expect_out "literal-dollar.txt:2:13: warning: .*\[literal-wildcard\]$"
expect_exit 0 "$robots" lint --strict --profile legacy "$d/typo-key-ok.txt"
expect_no_out "literal-wildcard"

# Encoding: bytes that are not UTF-8, a BOM that is not at the start.
printf 'User-agent: *\nDisallow: /caf\351\n' >"$tmp/latin1.txt"
printf 'User-agent: *\nDisallow: /caf\303\251\n' >"$tmp/utf8.txt"
expect_exit 0 "$robots" lint "$tmp/latin1.txt"
expect_out "latin1.txt:2:15: warning: .*\[invalid-utf8\]$"
expect_exit 0 "$robots" lint --strict "$tmp/utf8.txt"
expect_empty_out
printf 'User-agent: *\n\357\273\277Disallow: /x\n' >"$tmp/bom-mid.txt"
printf '\357\273\277User-agent: *\nDisallow: /x\n' >"$tmp/bom-start.txt"
expect_exit 0 "$robots" lint "$tmp/bom-mid.txt"
expect_out "bom-mid.txt:2:1: warning: .*\[bom-not-at-start\]$"
expect_exit 0 "$robots" lint --strict "$tmp/bom-start.txt"
expect_empty_out

# The 500 KiB parse limit (512,000 bytes, RFC 9309 section 2.5): a file of
# exactly 512,000 bytes is read whole; one more line is past the limit.
awk 'BEGIN { printf "User-agent: *\nDisallow: /x\n";
             for (i = 0; i < 5119; i++) printf "#%098d\n", i;
             printf "#%071d\n", 0 }' >"$tmp/limit.txt"
size=$(wc -c <"$tmp/limit.txt")
[ "$size" -eq 512000 ] && ok || fail "limit.txt is $size bytes"
expect_exit 0 "$robots" lint --strict "$tmp/limit.txt"
expect_empty_out
cp "$tmp/limit.txt" "$tmp/over.txt"
printf 'Disallow: /y\n' >>"$tmp/over.txt"
expect_exit 1 "$robots" lint "$tmp/over.txt"
expect_out "over.txt:5123:1: error: .*\[past-parse-limit\]$"
# Issue 19: the finding counts what was not read: line 5123, 13 bytes.
# The command parsed only the limit and 3 bytes more (issue 29), and
# streamed the rest through the library's line counter (issue 21).
# --parse-limit 0 reads it all (google/robotstxt has no limit).
expect_out "over.txt:5123:1: error: .*its last 1 line (13 bytes), from here on, are not read \[past-parse-limit\]$"
expect_exit 0 "$robots" lint --parse-limit 0 "$tmp/over.txt"
expect_no_out "past-parse-limit"
expect_exit 1 "$robots" lint --parse-limit 50 "$tmp/limit.txt"
expect_out "limit.txt:3:1: error: .*its last 5120 lines (511973 bytes), from here on, are not read \[past-parse-limit\]$"
# The finding stays when the library's diagnostics are capped (1,000)
# before the cut: 1,010 lines without a colon, then two lines not read.
awk 'BEGIN { for (i = 0; i < 1010; i++) print "x";
             printf "User-agent: *\nDisallow: /\n" }' >"$tmp/capped.txt"
expect_exit 1 "$robots" lint --parse-limit 2025 "$tmp/capped.txt"
expect_out "capped.txt:1011:1: error: .*its last 2 lines (26 bytes), from here on, are not read \[past-parse-limit\]$"
expect_exit 1 "$robots" lint --parse-limit 2025 --format sarif "$tmp/capped.txt"
expect_out '"ruleId":"past-parse-limit"'
expect_exit 2 "$robots" lint --parse-limit x "$tmp/over.txt"
expect_err_line "--parse-limit: 'x' is not a number of bytes"

# test and diff read the file up to --parse-limit too, and warn when it
# cuts: the Disallow of over.txt's last line is not read by default.
printf 'disallow * /y\n' >"$tmp/over.expect"
expect_exit 1 "$robots" test "$tmp/over.txt" "$tmp/over.expect"
expect_err_line "warning: .*over.txt: the parse limit of 512000 bytes cut the file at line 5123 (byte 512000): 1 line (13 bytes) not read"
expect_exit 1 "$robots" test --json "$tmp/over.txt" "$tmp/over.expect"
expect_out '"truncated":true'
expect_exit 0 "$robots" test --parse-limit 0 "$tmp/over.txt" "$tmp/over.expect"
[ ! -s "$tmp/err" ] && ok || fail "test warns with no cut: $(cat "$tmp/err")"
expect_exit 0 "$robots" diff "$tmp/limit.txt" "$tmp/over.txt"
expect_err_line "warning: .*over.txt: the parse limit .* at line 5123"
expect_exit 1 "$robots" diff --parse-limit 0 "$tmp/limit.txt" "$tmp/over.txt"
[ ! -s "$tmp/err" ] && ok || fail "diff warns with no cut: $(cat "$tmp/err")"

# The pairwise checks are bounded: a file of 25,000 rules ends with a note
# instead of running for minutes; 1,000 rules are checked in full.
awk 'BEGIN { print "User-agent: *"; for (i = 0; i < 25000; i++)
             printf "Disallow: /p%d\n", i }' >"$tmp/many.txt"
expect_exit 0 "$robots" lint "$tmp/many.txt"
expect_out "\[analysis-limit\]$"
awk 'BEGIN { print "User-agent: *"; for (i = 0; i < 1000; i++)
             printf "Disallow: /p%d\n", i }' >"$tmp/some.txt"
expect_exit 0 "$robots" lint --strict "$tmp/some.txt"
expect_empty_out

# Floods (issue 21): more than 10 findings of one kind and severity are
# one finding with the count of all of them and the first lines, even past
# the library's 1,000 kept; 10 are each told.
awk 'BEGIN { for (i = 0; i < 7127; i++) printf "Disallow: /p%d\n", i }' >"$tmp/flood.txt"
expect_exit 1 "$robots" lint "$tmp/flood.txt"
expect_out "flood.txt:1:1: error: 7127 rules and no User-agent line: every rule is ignored (lines 1, 2, 3, 4, 5, ...) \[rule-outside-group\]$"
expect_count 1 "\[rule-outside-group\]$"
expect_out "^7127 errors, 0 warnings, 1 note$"
awk 'BEGIN { print "User-agent: *"; for (i = 0; i < 30; i++) print "Disalow: /x" i }' >"$tmp/typos.txt"
expect_exit 1 "$robots" lint "$tmp/typos.txt"
expect_out "typos.txt:2:1: error: unknown key 'Disalow' is ignored; did you mean Disallow?; and so 30 times in all, at lines 2, 3, 4, 5, 6, ... \[typo-key\]$"
expect_count 1 "\[typo-key\]$"
expect_exit 1 "$robots" lint --json "$tmp/typos.txt"
# Each line of the flood is named, so that a claim on each can be checked.
expect_out "\"code\":\"typo-key\",.*\"count\":30,\"lines\":\[$(seq -s, 2 31)\]}"
# Past the library's 1,000 kept diagnostics a finding is counted on no line.
expect_exit 1 "$robots" lint --json "$tmp/flood.txt"
expect_out "\"count\":7127,\"lines\":\[$(seq -s, 1 1000)\]}"
head -n 11 "$tmp/typos.txt" >"$tmp/ten.txt"
expect_exit 1 "$robots" lint "$tmp/ten.txt"
expect_count 10 "\[typo-key\]$"

# JSON: valid, with the suggestion of a typo.
expect_exit 1 "$robots" lint --format json "$d/typo-key.txt"
expect_json
expect_out '"code":"typo-key"'
expect_out '"suggestion":"Disallow"'
expect_out '"errors":1'
expect_exit 0 "$robots" lint --json "$d/typo-key-ok.txt"
expect_json
expect_out '"diagnostics":\[\]'
# Hostile bytes stay valid JSON.
printf 'User-agent: *\nDis\001allow\377: /"\\\n' >"$tmp/hostile.txt"
expect_exit 1 "$robots" lint --json "$tmp/hostile.txt"
expect_json

# SARIF 2.1.0: the structure code-scanning tools read.
cat "$d/shadowed-rule.txt" "$d/typo-key.txt" >"$tmp/mixed.txt"
expect_exit 1 "$robots" lint --format sarif "$tmp/mixed.txt"
expect_json
if python3 - "$tmp/out" <<'EOF'
import json, sys
log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0"
assert "sarif" in log["$schema"]
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"]
ids = [r["id"] for r in driver["rules"]]
assert len(ids) == len(set(ids))
for want in ("typo-key", "shadowed-rule", "repeated-group", "past-parse-limit"):
    assert want in ids, want
results = run["results"]
codes = sorted(r["ruleId"] for r in results)
# two shadowed rules, and the second "User-agent: *" repeats the first
# group; the typo is on line 7 of the concatenation
assert codes == ["repeated-group", "shadowed-rule", "shadowed-rule",
                 "typo-key"], codes
for r in results:
    assert ids[r["ruleIndex"]] == r["ruleId"]
    assert r["level"] in ("error", "warning", "note")
    assert r["message"]["text"]
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].endswith("mixed.txt")
    assert loc["region"]["startLine"] >= 1
    assert loc["region"]["startColumn"] >= 1
typo = [r for r in results if r["ruleId"] == "typo-key"][0]
assert typo["level"] == "error"
assert typo["locations"][0]["physicalLocation"]["region"]["startLine"] == 7
assert typo["properties"]["suggestion"] == "Disallow"
EOF
then ok; else fail "SARIF structure"; fi
expect_exit 0 "$robots" lint --format sarif "$d/typo-key-ok.txt"
expect_json
expect_out '"results":\[\]'

# stdin, usage errors.
"$robots" lint - <"$d/typo-key.txt" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && ok || fail "lint from stdin"
expect_out "^-:2:1: error:"
expect_exit 2 "$robots" lint
expect_err_line "missing FILE"
expect_exit 2 "$robots" lint --format xml "$marys"
expect_err_line "unknown format 'xml'"
expect_exit 2 "$robots" lint "$tmp/missing.txt"
expect_err_line "missing.txt: No such file or directory"
expect_exit 2 "$robots" lint "$marys" "$marys"
expect_err_line "one FILE only"
expect_exit 2 "$robots" lint --profile nope "$marys"
expect_err_line "unknown profile"
expect_exit 2 "$robots" lint --bogus "$marys"
expect_err_line "unknown option"

# ---- test: expectations against a robots.txt -------------------------------

# Table 9-4 of the book: every expectation holds.
expect_exit 0 "$robots" test "$marys" "$d/marys.expect"
expect_out "^6 passed, 0 failed$"
expect_exit 0 "$robots" test --profile legacy "$marys" "$d/marys.expect"
# An expectations file saved with a UTF-8 byte order mark reads the same.
printf '\357\273\277' >"$tmp/bom.expect"
cat "$d/marys.expect" >>"$tmp/bom.expect"
expect_exit 0 "$robots" test "$marys" "$tmp/bom.expect"
expect_out "^6 passed, 0 failed$"
# Lines 3 and 5 are wrong: each failure names its line and the rule that
# decided, with that rule's line.
expect_exit 1 "$robots" test "$marys" "$d/marys-fail.expect"
expect_out "marys-fail.expect:3: FAIL: allow Suzy-Spider /private/payroll.xls: disallowed by .*line 12: Disallow: /private$"
expect_out "marys-fail.expect:5: FAIL: disallow Furniture-Finder /dynamic/check-inventory: allowed by .*line 20: Allow: /dynamic/check-inventory$"
expect_out "^2 passed, 2 failed$"
expect_count 2 "FAIL"
# A malformed line is named, nothing is printed, exit 2.
expect_exit 2 "$robots" test "$marys" "$d/malformed.expect"
expect_err_line "malformed.expect:3: expected 'allow AGENT URL'"
expect_empty_out
printf 'allow * /\nmaybe * /x\n' >"$tmp/verb.expect"
expect_exit 2 "$robots" test "$marys" "$tmp/verb.expect"
expect_err_line "verb.expect:2:"
printf '\n# only comments\n' >"$tmp/empty.expect"
expect_exit 2 "$robots" test "$marys" "$tmp/empty.expect"
expect_err_line "no expectations"
printf 'allow * no-slash\n' >"$tmp/url.expect"
expect_exit 2 "$robots" test "$marys" "$tmp/url.expect"
expect_err_line "url.expect:1: URL 'no-slash'"
# CRLF line ends.
printf 'allow * /\r\ndisallow NosyBot /private/x\r\n' >"$tmp/crlf.expect"
expect_exit 0 "$robots" test "$marys" "$tmp/crlf.expect"
# TAP: a plan, one line per expectation.
expect_exit 1 "$robots" test --tap "$marys" "$d/marys-fail.expect"
expect_out "^1\.\.4$"
expect_out "^ok 1 - "
expect_out "^not ok 2 - .*marys-fail.expect:3: allow Suzy-Spider /private/payroll.xls$"
expect_out "^ok 3 - "
expect_out "^not ok 4 - "
expect_count 4 "^\(not \)\{0,1\}ok [0-9]"
# TAP text is quoted (site.h): each byte of the C1 control U+009B (CSI to
# some terminals) and a byte that is not UTF-8 become '?'; UTF-8 text stays.
printf 'allow * /\303\251\302\233x\377y\n' >"$tmp/c1.expect"
expect_exit 0 "$robots" test --tap "$marys" "$tmp/c1.expect"
expect_out "^ok 1 - .*c1.expect:1: $(printf 'allow \\* /\303\251??x?y$')"
# JSON.
expect_exit 1 "$robots" test --json "$marys" "$d/marys-fail.expect"
expect_json
expect_out '"passed":2,"failed":2'
expect_out '"line":3,"expect":"allow","agent":"Suzy-Spider","url":"/private/payroll.xls","pass":false'
# JUnit XML: well-formed, counts, one failure per failed expectation.
expect_exit 1 "$robots" test --junit "$tmp/junit.xml" "$marys" "$d/marys-fail.expect"
if python3 - "$tmp/junit.xml" <<'EOF'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites"
suite = root.find("testsuite")
assert suite.get("tests") == "4" and suite.get("failures") == "2"
cases = suite.findall("testcase")
assert len(cases) == 4
failed = [c for c in cases if c.find("failure") is not None]
assert [c.get("name") for c in failed] == [
    "line 3: allow Suzy-Spider /private/payroll.xls",
    "line 5: disallow Furniture-Finder /dynamic/check-inventory"]
assert "line 12: Disallow: /private" in failed[0].find("failure").text
EOF
then ok; else fail "JUnit XML"; fi
# Markup in the expectations stays well-formed XML.
printf 'disallow a&b<c> /"x"?q=<1>&r\n' >"$tmp/markup.expect"
expect_exit 1 "$robots" test --junit "$tmp/markup.xml" "$marys" "$tmp/markup.expect"
python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" \
    "$tmp/markup.xml" && ok || fail "JUnit XML with markup"
expect_exit 2 "$robots" test --junit "$tmp/no/such/dir.xml" "$marys" "$d/marys.expect"
expect_err_line "dir.xml"
# Usage errors.
expect_exit 2 "$robots" test "$marys"
expect_err_line "expected ROBOTS_FILE and EXPECTATIONS"
expect_exit 2 "$robots" test --tap --json "$marys" "$d/marys.expect"
expect_err_line "cannot be combined"
expect_exit 2 "$robots" test - -
expect_err_line "cannot both come from stdin"
expect_exit 2 "$robots" test "$marys" "$tmp/missing.expect"
expect_err_line "missing.expect: No such file or directory"

# ---- diff: what changes between two versions -------------------------------

# Without a URL list. For '*': "Disallow: /tmp/" removed, "Allow:
# /private/press" and "Disallow: /*.pdf$" added; /tmp/ and /private/press
# become allowed, /x.pdf disallowed. Googlebot obeys only its own group,
# which did not change: it is not listed.
expect_exit 1 "$robots" diff "$d/diff-old.txt" "$d/diff-new.txt"
expect_out "^agent '\*':$"
expect_out "^  - .*diff-old.txt:3: Disallow: /tmp/$"
expect_out "^  + .*diff-new.txt:3: Allow: /private/press$"
expect_out "^  + .*diff-new.txt:4: Disallow: /\*\.pdf\$$"
expect_out "^  /tmp/: disallowed -> allowed (old: line 3: Disallow: /tmp/; new: no rule matched)$"
expect_out "^  /private/press: disallowed -> allowed (old: line 2: Disallow: /private; new: line 3: Allow: /private/press)$"
expect_out "^  /x\.pdf: allowed -> disallowed (old: no rule matched; new: line 4: Disallow: /\*\.pdf[$])$"
expect_no_out "Googlebot"
expect_no_out "/private: "
# The same file against itself: nothing changes.
expect_exit 0 "$robots" diff "$d/diff-old.txt" "$d/diff-old.txt"
expect_out "^no changes"
expect_exit 0 "$robots" diff --agent Googlebot "$d/diff-old.txt" "$d/diff-new.txt"
# With a URL list (comments and blank lines skipped).
expect_exit 1 "$robots" diff "$d/diff-old.txt" "$d/diff-new.txt" "$d/diff-urls.txt"
expect_out "^  https://example.com/private/press/release.html: disallowed -> allowed"
expect_out "^  /tmp/cache: disallowed -> allowed (old: line 3: Disallow: /tmp/; new: no rule matched)$"
expect_out "^  /docs/a.pdf: allowed -> disallowed"
expect_no_out "/private/accounts"
expect_no_out "https://example.com/:"
expect_no_out "Googlebot"
expect_count 3 "^  [/h]"
expect_exit 0 "$robots" diff --agent Googlebot "$d/diff-old.txt" "$d/diff-new.txt" "$d/diff-urls.txt"
"$robots" diff "$d/diff-old.txt" "$d/diff-new.txt" - <"$d/diff-urls.txt" \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && ok || fail "diff URLs from stdin"
expect_count 3 "^  [/h]"
# Several agents, each on its own.
expect_exit 1 "$robots" diff --agent Googlebot --agent Bingbot "$d/diff-old.txt" "$d/diff-new.txt" "$d/diff-urls.txt"
expect_out "^agent 'Bingbot':$"
expect_no_out "Googlebot"
# JSON.
expect_exit 1 "$robots" diff --json "$d/diff-old.txt" "$d/diff-new.txt"
expect_json
expect_out '"mode":"patterns"'
expect_out '"changed":true'
expect_exit 1 "$robots" diff --json "$d/diff-old.txt" "$d/diff-new.txt" "$d/diff-urls.txt"
expect_json
expect_out '"url":"/tmp/cache","old":{"allowed":false,"reason":"longest-match","rule":{"line":3,"kind":"disallow","pattern":"/tmp/"},"truncated":false},"new":{"allowed":true'
expect_exit 0 "$robots" diff --json "$d/diff-old.txt" "$d/diff-old.txt"
expect_json
expect_out '"changed":false'
# Agents are compared once per name a check tells apart: 'BadBot' and
# 'badbot' select the same groups (robots_agent_key()), so one is listed.
printf 'User-agent: BadBot\nDisallow: /a\n\nUser-agent: badbot\nDisallow: /b\n' >"$tmp/case1.txt"
printf 'User-agent: BadBot\nDisallow: /a\n\nUser-agent: badbot\nDisallow: /c\n' >"$tmp/case2.txt"
expect_exit 1 "$robots" diff "$tmp/case1.txt" "$tmp/case2.txt"
expect_count 1 "^agent '[Bb]ad[Bb]ot':$"
expect_out "^  - .*case1.txt:5: Disallow: /b$"
# The groups are the library's: SemrushBot's user-agent line joined the
# '*' group above it (only a Crawl-delay stood between them), so a change
# to that group's rules changes SemrushBot's verdicts and every other
# crawler's alike.
printf 'User-agent: *\nCrawl-delay: 45\n\nUser-agent: SemrushBot\nDisallow: /\n' >"$tmp/semrush1.txt"
printf 'User-agent: *\nCrawl-delay: 45\n\nUser-agent: SemrushBot\nDisallow: /x\n' >"$tmp/semrush2.txt"
expect_exit 1 "$robots" diff --agent Googlebot "$tmp/semrush1.txt" "$tmp/semrush2.txt"
expect_out "^  /: disallowed -> allowed (old: line 5: Disallow: /; new: no rule matched)$"
# legacy: order matters (first match), so moving a rule flips verdicts.
printf 'User-agent: *\nAllow: /a/b\nDisallow: /a\n' >"$tmp/order1.txt"
printf 'User-agent: *\nDisallow: /a\nAllow: /a/b\n' >"$tmp/order2.txt"
expect_exit 1 "$robots" diff --profile legacy "$tmp/order1.txt" "$tmp/order2.txt"
expect_out "^  /a/b: allowed -> disallowed"
expect_exit 0 "$robots" diff "$tmp/order1.txt" "$tmp/order2.txt"
# The work is bounded: 12,000 agents, each with its own group, are not
# all compared, and the output says so (on stderr and in the JSON).
cat >"$tmp/gen.awk" <<'EOF'
function name(i,  s) { s = ""; do { s = s sprintf("%c", 97 + i % 26);
    i = int(i / 26) } while (i > 0); return s }
BEGIN { for (i = 0; i < n; i++)
    printf "User-agent: %s\nDisallow: /%s%d\n", name(i), p, i }
EOF
awk -v n=12000 -v p=p -f "$tmp/gen.awk" >"$tmp/agents1.txt"
awk -v n=12000 -v p=q -f "$tmp/gen.awk" >"$tmp/agents2.txt"
expect_exit 1 "$robots" diff --json "$tmp/agents1.txt" "$tmp/agents2.txt"
expect_json
expect_out '"truncated":true'
grep -q "work limit" "$tmp/err" && ok || fail "no work-limit line on stderr"

# legacy compares each record's agent inside the crawler's name, byte by
# byte: long agent values make each check costly, so the comparison is cut
# and, having found nothing, cannot say "nothing changes": exit 2.
awk 'BEGIN { s = ""; for (i = 0; i < 1994; i++) s = s "a";
             for (i = 0; i < 100; i++)
                 printf "User-agent: %sb%05d\nDisallow: /p%d\n", s, i, i }' \
    >"$tmp/longagents.txt"
expect_exit 2 "$robots" diff --profile legacy "$tmp/longagents.txt" "$tmp/longagents.txt"
grep -q "work limit" "$tmp/err" && ok || fail "no work-limit line on stderr"
expect_out "work limit reached"

# Each wildcard rule of a file of thousands can match each path, so a
# check costs about the bytes of all of them (issue 29, finding 1: two
# files of 26,103 "disallow: /" "*N$*" lines took 29 CPU-seconds with no
# message). The work estimate counts them: the comparison is cut, and
# says so.
for k in 0 7; do
    awk -v k=$k 'BEGIN { print "user-agent: *"
        for (i = k; i < k + 6000; i++) printf "disallow: /*%d$*\n", i }' \
        >"$tmp/wild$k.txt"
done
expect_exit 1 "$robots" diff "$tmp/wild0.txt" "$tmp/wild7.txt"
grep -q "over the work limit" "$tmp/err" && ok || fail "no work-limit line on stderr"

# Errors: a bad URL names its line; usage.
printf '/ok\nnot a url\n' >"$tmp/badurls.txt"
expect_exit 2 "$robots" diff "$d/diff-old.txt" "$d/diff-new.txt" "$tmp/badurls.txt"
expect_err_line "badurls.txt:2: URL 'not a url'"
expect_empty_out
expect_exit 2 "$robots" diff "$d/diff-old.txt"
expect_err_line "expected OLD NEW"
expect_exit 2 "$robots" diff - - "$d/diff-urls.txt"
expect_err_line "only one of"
expect_exit 2 "$robots" diff "$d/diff-old.txt" "$tmp/missing.txt"
expect_err_line "missing.txt: No such file or directory"
expect_exit 2 "$robots" diff --agent "" "$d/diff-old.txt" "$d/diff-new.txt"
expect_err_line "--agent"

# --help and -h on each; --profile=P and "--"; unknown options. Every
# command that reads a robots.txt takes its options from one table
# (cli_command_option()), so each says the same.
for cmd in check parse lint test diff; do
    expect_exit 0 "$robots" $cmd --help
    expect_out "^usage: robots $cmd"
    expect_exit 0 "$robots" $cmd -h
    expect_out "^usage: robots $cmd"
    expect_exit 2 "$robots" $cmd --frobnicate "$marys" "$marys"
    expect_err_line "$cmd: unknown option '--frobnicate'"
    expect_exit 2 "$robots" $cmd --profile
    expect_err_line "needs a value"
    expect_exit 0 "$robots" $cmd --help
    expect_out "--parse-limit BYTES"
    expect_exit 2 "$robots" $cmd --parse-limit x "$marys" "$marys"
    expect_err_line "--parse-limit: 'x' is not a number of bytes"
    expect_exit 2 "$robots" $cmd --profile=nope "$marys" "$marys"
    expect_err_line "unknown profile 'nope'"
done
expect_exit 0 "$robots" lint --profile=legacy -- "$marys"
expect_exit 0 "$robots" test --profile=legacy -- "$marys" "$d/marys.expect"
expect_exit 0 "$robots" diff --profile=google -- "$marys" "$marys"

# The man page covers every command `robots --help` lists.
"$robots" --help >"$tmp/help" 2>&1
for cmd in $(sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' "$tmp/help"); do
    if grep -q "^\.SS \"robots $cmd\"" "$src/docs/robots.1"; then ok
    else fail "docs/robots.1 lacks a section for '$cmd'"; fi
done
[ "$(sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' "$tmp/help" | wc -l)" -ge 10 ] &&
    ok || fail "robots --help lists fewer than 10 commands"

finish
