#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_usage_test.sh ROBOTS_BINARY - `robots usage` (docs/robots.1): the AI
# usage preferences of URLs, as robots_usage() answers them. The
# expectations are the example of draft-ietf-aipref-attach-05 section 3.4
# and its Table 1, and the decisions of docs/semantics.md, "AI usage
# preferences" (each named where it is tested).
set -u
robots=$1
test_name=cli-usage
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

expect_exit() { check_exit /dev/null "$@"; }
# expect_no_out PATTERN: no line of stdout matches.
expect_no_out() {
    if grep -q -- "$1" "$tmp/out"; then fail "stdout has '$1'"; else ok; fi
}

# attach-05 section 3.4, the file as the draft writes it.
printf 'User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n' >"$tmp/attach.txt"

# Table 1, row 1: OtherBot, /test: crawlable, train-ai=n from line 4.
expect_exit 0 "$robots" usage --agent OtherBot "$tmp/attach.txt" \
    https://example.com/test
expect_out "^https://example.com/test$"
expect_out "^  crawlable: yes (allowed, longest-match, line 2: Allow: /)$"
expect_out "^  train-ai: disallowed (line 4)$"
expect_out "^  ai-use: unknown (line 4)$"
expect_out "^  search: unknown (line 4)$"
expect_out "^  deciding: line 4: Content-Usage: train-ai=n$"
expect_out "^  unknown labels: none$"
expect_out "^  malformed statements: 0$"
expect_out "^  Content-Signal of the groups: none$"
expect_out "^  Content-Signal of the file: none$"

# Row 2: /never/ may not be crawled: no preferences, not "unknown"
# (decision 14), and the exit status says a URL may not be crawled.
expect_exit 1 "$robots" usage --agent OtherBot "$tmp/attach.txt" \
    https://example.com/never/page
expect_out "^  crawlable: no (disallowed, longest-match, line 3: Disallow: /never/)$"
expect_out "^  preferences: none (the URL may not be crawled)$"
expect_no_out "train-ai"

# Row 3: /ai-ok/ has the longer rule of line 5: train-ai=y.
expect_exit 0 "$robots" usage --agent OtherBot "$tmp/attach.txt" \
    https://example.com/ai-ok/page
expect_out "^  train-ai: allowed (line 5)$"
expect_out "^  deciding: line 5: Content-Usage: /ai-ok/ train-ai=y$"

# ExampleBot "uses the second group" (decision 10, no fallback to `*`):
# /never/ is crawlable for it, and train-ai=y of line 9 holds everywhere.
expect_exit 0 "$robots" usage --agent ExampleBot "$tmp/attach.txt" \
    https://example.com/never/page https://example.com/test
expect_out "^  crawlable: yes (allowed, longest-match, line 8: Allow: /)$"
expect_out "^  train-ai: allowed (line 9)$"
expect_no_out "line 4"

# The same answer as one JSON object per URL.
expect_exit 1 "$robots" usage --agent OtherBot --json "$tmp/attach.txt" \
    https://example.com/test https://example.com/never/page
expect_out '^{"url":"https://example.com/test","crawlable":true,"verdict":{"allowed":true,"reason":"longest-match","rule":{"line":2,"kind":"allow","pattern":"/"}},"labels":{"train-ai":"disallowed","ai-use":"unknown","search":"unknown"},"lines":\[{"line":4,"value":"train-ai=n"}\],"line_count":1,"pattern_len":0,"unknown_labels":\[\],"malformed_statements":0,"signal":null,"file_signal":null}$'
expect_out '^{"url":"https://example.com/never/page","crawlable":false,.*"labels":null,"lines":\[\],"line_count":0,'
if [ "$(wc -l <"$tmp/out")" -eq 2 ]; then ok; else fail "--json: not one line per URL"; fi

# The HTTP field combines with the file, most restrictive per label
# (decision A): ai-use=n from the header, train-ai=y from line 5 stays;
# a URL that may not be crawled stays without preferences.
expect_exit 1 "$robots" usage --agent OtherBot \
    --header 'Content-Usage: ai-use=n' --header 'content-usage: train-ai=y' \
    "$tmp/attach.txt" https://example.com/ai-ok/x https://example.com/never/x
expect_out "^  train-ai: allowed (line 5)$"
expect_out "^  ai-use: disallowed (line 5)$"
expect_out "^  preferences: none (the URL may not be crawled)$"
# A header line that disallows what the file allows wins (most restrictive).
expect_exit 0 "$robots" usage --agent OtherBot \
    --header 'Content-Usage: train-ai=n' "$tmp/attach.txt" /ai-ok/x
expect_out "^  train-ai: disallowed (line 5)$"

# Content-Signal: the file's own, before any group, applies to no group
# (decision 9); the group's is reported with its reading as labels
# (decision B: ai-train is train-ai, ai-input is ai-use); unknown and
# obsolete labels of the deciding line are named (vocab-08 6.4).
printf 'Content-Signal: search=yes, ai-train=no\nUser-agent: *\nContent-Signal: ai-input=no\nContent-Usage: train-ai=n, bots=n, foo=y\n' >"$tmp/signal.txt"
expect_exit 0 "$robots" usage --agent AnyBot "$tmp/signal.txt" /page
expect_out "^  unknown labels: bots (line 4, obsolete), foo (line 4, unknown)$"
expect_out "^  Content-Signal of the groups: line 3: Content-Signal: ai-input=no$"
expect_out "^    signals: search unknown, ai-input disallowed, ai-train unknown$"
expect_out "^    as labels: train-ai unknown, ai-use disallowed, search unknown$"
expect_out "^  Content-Signal of the file: line 1: Content-Signal: search=yes, ai-train=no$"
expect_out "^    signals: search allowed, ai-input unknown, ai-train disallowed$"
expect_out "^    as labels: train-ai disallowed, ai-use unknown, search allowed$"
expect_exit 0 "$robots" usage --agent AnyBot --json "$tmp/signal.txt" /page
expect_out '"unknown_labels":\[{"line":4,"label":"bots","status":"obsolete"},{"line":4,"label":"foo","status":"unknown"}\]'
expect_out '"file_signal":{"record":{"line":1,"value":"search=yes, ai-train=no"},"signals":{"search":"allowed","ai-input":"unknown","ai-train":"disallowed"},"labels":{"train-ai":"disallowed","ai-use":"unknown","search":"allowed"}}'

# A malformed statement still makes its rule, every label unknown
# (decision 7); identical paths combine (decision 8).
printf 'User-agent: *\nContent-Usage: /a train-ai=y ai-use=n\nContent-Usage: /a search=y\n' >"$tmp/malformed.txt"
expect_exit 0 "$robots" usage --agent AnyBot "$tmp/malformed.txt" /a
expect_out "^  train-ai: unknown (lines 2, 3)$"
expect_out "^  search: allowed (lines 2, 3)$"
expect_out "^  malformed statements: 1$"

# No rule matches: every label unknown, and said so.
expect_exit 0 "$robots" usage --agent AnyBot "$tmp/malformed.txt" /b
expect_out "^  train-ai: unknown (no rule)$"
expect_out "^  deciding: no Content-Usage rule matches$"

# Bad input: exit 2, one line on stderr, nothing on stdout.
expect_exit 2 "$robots" usage "$tmp/attach.txt" /a
expect_err_line "^robots: usage: --agent NAME is required"
expect_exit 2 "$robots" usage --agent A --agent B "$tmp/attach.txt" /a
expect_err_line "^robots: usage: one --agent name only$"
expect_exit 2 "$robots" usage --agent A --header 'X-Robots-Tag: none' \
    "$tmp/attach.txt" /a
expect_err_line "is not 'Content-Usage: VALUE'"
expect_exit 2 "$robots" usage --agent A "$tmp/attach.txt"
expect_err_line "^robots: usage: give one URL or more"
expect_exit 2 "$robots" usage --agent A
expect_err_line "ROBOTS_FILE"
expect_exit 2 "$robots" usage --agent A "$tmp/missing.txt" /a
expect_err_line "missing.txt"
expect_exit 2 "$robots" usage --agent A --frobnicate "$tmp/attach.txt" /a
expect_err_line "frobnicate"
expect_exit 2 "$robots" usage --agent A "$tmp/attach.txt" /ok www.example.com/no-scheme
expect_err_line "^robots: URL 'www.example.com/no-scheme': "
if [ -s "$tmp/out" ]; then fail "output before the bad URL's error"; else ok; fi

# The help, and the command among the others.
expect_exit 0 "$robots" usage --help
expect_out "^usage: robots usage --agent NAME"
expect_exit 0 "$robots" --help
expect_out "^  usage  *AI usage preferences"

finish
