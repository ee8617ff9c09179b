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
expect_out '^{"url":"https://example.com/test","crawlable":true,"verdict":{"allowed":true,"reason":"longest-match","rule":{"line":2,"kind":"allow","pattern":"/"}},"labels":{"train-ai":"disallowed","ai-use":"unknown","search":"unknown"},"label_sources":{"train-ai":\["file"\],"ai-use":\[\],"search":\[\]},"lines":\[{"line":4,"value":"train-ai=n"}\],"line_count":1,"pattern_len":0,"unknown_labels":\[\],"malformed_statements":0,"malformed":\[\],"signal":null,"file_signal":null}$'
expect_out '^{"url":"https://example.com/never/page","crawlable":false,.*"labels":null,"label_sources":null,"lines":\[\],"line_count":0,'
# No preferences is not "unknown": no unknown labels and no malformed
# statements are listed for a URL that may not be crawled, as for labels.
expect_out '^{"url":"https://example.com/never/page",.*"unknown_labels":null,"malformed_statements":0,"malformed":null,'
if [ "$(wc -l <"$tmp/out")" -eq 2 ]; then ok; else fail "--json: not one line per URL"; fi

# The HTTP field combines with the file, most restrictive per label
# (decision A): ai-use=n from the header alone, train-ai=y from line 5
# and the header, which agree (the field's name in any case, RFC 9110
# 5.1); a URL that may not be crawled stays without preferences.
expect_exit 1 "$robots" usage --agent OtherBot \
    --header 'Content-Usage: ai-use=n' --header 'content-USAGE:train-ai=y ' \
    "$tmp/attach.txt" https://example.com/ai-ok/x https://example.com/never/x
expect_out "^  train-ai: allowed (header; line 5)$"
expect_out "^  ai-use: disallowed (header)$"
expect_out "^  search: unknown (line 5)$"
expect_out "^  preferences: none (the URL may not be crawled)$"
# A header line that disallows what the file allows wins (most
# restrictive), and the file's line is not credited with it.
expect_exit 0 "$robots" usage --agent OtherBot \
    --header 'Content-Usage: train-ai=n' "$tmp/attach.txt" /ai-ok/x
expect_out "^  train-ai: disallowed (header)$"
expect_no_out "train-ai: .*line 5"
expect_exit 0 "$robots" usage --agent OtherBot --json \
    --header 'Content-Usage: train-ai=n, ai-use=y' "$tmp/attach.txt" /ai-ok/x
expect_out '"label_sources":{"train-ai":\["header"\],"ai-use":\["header"\],"search":\[\]}'
expect_exit 0 "$robots" usage --agent OtherBot --json \
    --header 'Content-Usage: train-ai=y' "$tmp/attach.txt" /ai-ok/x
expect_out '"label_sources":{"train-ai":\["header","file"\],"ai-use":\[\],"search":\[\]}'

# Several names, as robots check takes them: the groups naming any of
# them apply (RFC 9309 2.2.1), so both groups' rules are read.
printf 'User-agent: FooBot\nContent-Usage: train-ai=n\nAllow: /\n\nUser-agent: BarBot\nContent-Usage: /b search=n\nDisallow: /private\n' >"$tmp/names.txt"
expect_exit 0 "$robots" usage --agent FooBot --agent BarBot "$tmp/names.txt" /a /b
expect_out "^  train-ai: disallowed (line 2)$"
expect_out "^  search: disallowed (line 6)$"
expect_exit 1 "$robots" usage --agent FooBot --agent BarBot "$tmp/names.txt" /private
expect_out "^  crawlable: no (disallowed, longest-match, line 7: Disallow: /private)$"
expect_exit 0 "$robots" usage --agent FooBot "$tmp/names.txt" /b
expect_no_out "line 6"

# Decision 1: by default a Content-Usage line is no rule, so the
# user-agent line after it joins the group; --content-usage-ends-group
# reads it as attach-05 does, and starts a new group there.
printf 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nContent-Usage: search=n\n' >"$tmp/ends.txt"
expect_exit 0 "$robots" usage --agent a "$tmp/ends.txt" /x
expect_out "^  search: disallowed (lines 2, 4)$"
expect_exit 0 "$robots" usage --agent a --content-usage-ends-group "$tmp/ends.txt" /x
expect_out "^  train-ai: disallowed (line 2)$"
expect_out "^  search: unknown (line 2)$"

# URLs on stdin when none is an argument, one per line (CRLF too), as
# robots check reads them; an empty line is skipped.
printf '/a\r\n\n/b\n/private' | "$robots" usage --agent FooBot \
    --agent BarBot --json "$tmp/names.txt" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 1 ]; then ok; else fail "stdin URLs: exit not 1"; fi
if [ "$(wc -l <"$tmp/out")" -eq 3 ]; then ok; else fail "stdin: not one line per URL"; fi
expect_out '^{"url":"/a",.*"train-ai":"disallowed"'
expect_out '^{"url":"/private","crawlable":false,'
# A URL on stdin that cannot be asked: its error in the output and on
# stderr (named by its line, escaped), the others answered; exit 2.
printf '/a\nwww.example.com/\033[31m\n/b\n' | "$robots" usage --agent FooBot \
    "$tmp/names.txt" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 2 ]; then ok; else fail "stdin bad URL: exit not 2"; fi
expect_out '^www.example.com/\\x1B\[31m$'
expect_out "^  error: ROBOTS_ERR_URL_INVALID$"
expect_out "^/b$"
expect_err_line "^robots: stdin line 2: "
expect_exit 2 "$robots" usage --agent A - </dev/null
expect_err_line "^robots: usage: the robots.txt and the URLs cannot both come from stdin$"

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
expect_out "^    line 2: content-usage statement 'train-ai=y ai-use=n' is no RFC 9651 Dictionary (expected-comma, at byte 12: a member must be followed by ',' or the end): every label is unknown$"
expect_exit 0 "$robots" usage --agent AnyBot --json "$tmp/malformed.txt" /a
expect_out '"malformed_statements":1,"malformed":\[{"line":2,"message":"content-usage statement .train-ai=y ai-use=n. is no RFC 9651 Dictionary (expected-comma, at byte 12: '

# No rule matches: every label unknown, and said so.
expect_exit 0 "$robots" usage --agent AnyBot "$tmp/malformed.txt" /b
expect_out "^  train-ai: unknown (no rule)$"
expect_out "^  deciding: no Content-Usage rule matches$"

# Bad input: exit 2, one line on stderr, nothing on stdout.
expect_exit 2 "$robots" usage "$tmp/attach.txt" /a
expect_err_line "^robots: usage: --agent NAME is required"
expect_exit 2 "$robots" usage --agent A --header 'X-Robots-Tag: none' \
    "$tmp/attach.txt" /a
expect_err_line "is not 'Content-Usage: VALUE'"
# A header line the library refuses (robots_usage_field_line()): no field
# line, whitespace before the colon; control bytes shown escaped.
expect_exit 2 "$robots" usage --agent A --header 'Content-Usage : y' \
    "$tmp/attach.txt" /a
expect_err_line "^robots: usage: --header 'Content-Usage : y': .*(a header line is 'Content-Usage: VALUE')$"
expect_exit 2 "$robots" usage --agent A --header "$(printf 'Content-Usage: a=y\033[2J')" \
    "$tmp/attach.txt" /a
expect_err_line "^robots: usage: --header 'Content-Usage: a=y\\\\x1B\\[2J'"
expect_exit 2 "$robots" usage --agent A "$tmp/attach.txt" "$(printf '/\033[2J\001')" \
    www.example.com/no-scheme
expect_err_line "^robots: URL 'www.example.com/no-scheme': "
expect_exit 2 "$robots" usage --agent A "$tmp/attach.txt" "$(printf 'x\033[2J')"
expect_err_line "^robots: URL 'x\\\\x1B\\[2J': "
# The --agent limits are check's: ROBOTS_MAX_AGENT_BYTES per name.
expect_exit 2 "$robots" usage --agent "$(head -c 5000 /dev/zero | tr '\0' a)" \
    "$tmp/attach.txt" /a
expect_err_line "^robots: --agent: longer than "
expect_exit 2 "$robots" usage --agent A
expect_err_line "ROBOTS_FILE"
expect_exit 2 "$robots" usage --agent A "$tmp/missing.txt" /a
expect_err_line "missing.txt"
expect_exit 2 "$robots" usage --agent A --frobnicate "$tmp/attach.txt" /a
expect_err_line "frobnicate"
expect_exit 2 "$robots" usage --agent A "$tmp/attach.txt" /ok www.example.com/no-scheme
expect_err_line "^robots: URL 'www.example.com/no-scheme': "
if [ -s "$tmp/out" ]; then fail "output before the bad URL's error"; else ok; fi

# Output that cannot be written is an I/O error: exit 2 and one line on
# stderr (--help and the manual name it under exit 2), with URL arguments
# and with URLs on stdin.
if [ -w /dev/full ]; then
    "$robots" usage --agent A "$tmp/attach.txt" /a >/dev/full 2>"$tmp/err"
    if [ $? -eq 2 ]; then ok; else fail "usage to /dev/full: exit not 2"; fi
    expect_err_line "^robots: stdout: write error$"
    printf '/a\n' | "$robots" usage --agent A --json "$tmp/attach.txt" >/dev/full 2>"$tmp/err"
    if [ $? -eq 2 ]; then ok; else fail "usage of stdin to /dev/full: exit not 2"; fi
    expect_err_line "^robots: stdout: write error$"
fi
expect_exit 0 "$robots" usage --help
expect_out "a write error on stdout"

# robots lint names what is wrong with the usage lines (robots.h,
# robots_analyze(): usage-*; the parse's own findings for lines outside
# any group). A statement that is no RFC 9651 Dictionary, with the
# parser's reason and byte (decision 7: uppercase key, trailing comma,
# space-separated pairs); the labels of earlier drafts and proposals
# (vocab-08 6.4: ignored; the table of lib/src/aipref/usage_labels.c); a
# Content-Signal that is no Dictionary (decision B); one before any group,
# the file's own (decision 9), and a Content-Usage there, ignored.
printf 'Content-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nUser-agent: *\nDisallow: /private/\nContent-Usage: Train-ai=n\nContent-Usage: /a train-ai=n,\nContent-Usage: /b train-ai=n ai-use=n\nContent-Usage: /c bots=n, ai=n, train-genai=n, ai-output=n, rag-ground=y, foo=y, train-ai=n\nContent-Signal: search=yes ai-train=no\n' >"$tmp/lint.txt"
expect_exit 0 "$robots" lint "$tmp/lint.txt"
expect_out ":1:1: note: content-signal before any user-agent line is kept as the file's own and applies to no group \\[extension\\]$"
expect_out ":2:1: warning: content-usage rule before any user-agent line is ignored \\[rule-outside-group\\]$"
expect_out ":5:1: warning: content-usage statement 'Train-ai=n' is no RFC 9651 Dictionary (key-uppercase, at byte 1: keys are lowercase: an uppercase letter in a key): every label is unknown \\[usage-malformed\\]$"
expect_out ":6:1: warning: content-usage statement 'train-ai=n,' is no RFC 9651 Dictionary (trailing-comma, at byte 11: .*\\[usage-malformed\\]$"
expect_out ":7:1: warning: content-usage statement 'train-ai=n ai-use=n' is no RFC 9651 Dictionary (expected-comma, at byte 12: .*\\[usage-malformed\\]$"
for label in bots ai train-genai ai-output; do
    expect_out ":8:1: warning: content-usage label '$label' is a label of an earlier draft, obsolete in vocab-08; ignored \\[usage-unknown-label\\]$"
done
expect_out ":8:1: warning: content-usage label 'rag-ground' was proposed to the working group, not adopted in vocab-08; ignored \\[usage-unknown-label\\]$"
expect_out ":8:1: warning: content-usage label 'foo' is no label of the vocabulary (train-ai, ai-use, search); ignored \\[usage-unknown-label\\]$"
expect_no_out "label 'train-ai'"
expect_out ":9:1: warning: content-signal 'search=yes ai-train=no' is no RFC 9651 Dictionary (expected-comma, at byte 12: .*every signal is unknown \\[usage-malformed\\]$"
# Each is named once: the parse's findings are not repeated.
if [ "$(grep -c ':2:1:.*rule-outside-group' "$tmp/out")" -eq 1 ]; then ok
else fail "rule-outside-group of line 2 not reported once"; fi
if [ "$(grep -c ':1:1:.*applies to no group' "$tmp/out")" -eq 1 ]; then ok
else fail "the file's Content-Signal not reported once"; fi

# A Content-Usage rule in a group that may fetch nothing can never apply
# (decision 14: but to /robots.txt, in rfc9309 and legacy); a crawler with
# its own group gets none of the `*` group's rules (decision 10), unless
# it may fetch nothing anyway (GPTBot) or has rules of its own (OwnBot).
printf 'User-agent: *\nDisallow: /private/\nContent-Usage: train-ai=n\n\nUser-agent: BadBot\nDisallow: /\nContent-Usage: train-ai=n\n\nUser-agent: GoodBot\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: OwnBot\nAllow: /\nContent-Usage: search=y\n' >"$tmp/groups.txt"
expect_exit 0 "$robots" lint "$tmp/groups.txt"
expect_out ":7:1: warning: content-usage rule in a group whose crawlers may fetch no path (line 6): it can never apply, but to /robots.txt itself \\[usage-never-applies\\]$"
expect_out ":9:1: note: 'GoodBot' has its own group, so it gets none of the '\\*' group's content-usage rules (line 3) and has no usage preferences (attach-05 3.4) \\[usage-no-star-fallback\\]$"
expect_no_out "GPTBot"
expect_no_out "OwnBot"
expect_no_out ":3:1:.*usage-never-applies"
expect_no_out ":17:1:.*usage-never-applies"
expect_exit 0 "$robots" lint --profile google "$tmp/groups.txt"
expect_out ":7:1: warning: .*(line 6): it can never apply \\[usage-never-applies\\]$"
# An Allow in the group: it may fetch something, the rule applies there.
printf 'User-agent: BadBot\nDisallow: /\nAllow: /public/\nContent-Usage: train-ai=n\n' >"$tmp/some.txt"
expect_exit 0 "$robots" lint "$tmp/some.txt"
expect_no_out "usage-never-applies"
# A clean file says nothing of usage.
expect_exit 0 "$robots" lint "$tmp/attach.txt"
expect_no_out "\\[usage-"

# The help, and the command among the others.
expect_exit 0 "$robots" usage --help
expect_out "^usage: robots usage --agent NAME"
expect_exit 0 "$robots" --help
expect_out "^  usage  *AI usage preferences"

finish
