#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_fix_test.sh ROBOTS_BINARY - `robots lint --fix`: each mechanical fix
# on a file that needs it, what is left alone and why, where the file is
# written, and the exit codes. Each expectation follows from a document:
# the typos and the line without a colon of docs/semantics.md ("Keys are
# case-insensitive ...": rfc9309 ignores them and suggests the key, google
# accepts them), its byte order mark encoded twice, and RFC 9309 section
# 2.1 for who a rule applies to (a group is its user-agent lines and the
# rules that follow them), never from what the command happens to print.
set -u
robots=$1
test_name=fix
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

expect_err() {
    if grep -q -- "$1" "$tmp/err"; then ok; else
        fail "stderr lacks '$1': $(cat "$tmp/err")"
    fi
}
# expect_file FILE EXPECTED_TEXT (printf format): FILE is byte for byte.
expect_file() {
    # shellcheck disable=SC2059
    printf "$2" >"$tmp/want"
    if cmp -s "$1" "$tmp/want"; then ok; else
        fail "$1 is not as expected: $(od -c "$1" | head -5)"
    fi
}
# verdict FILE AGENT PATH WANT(0 allowed, 1 disallowed) [PROFILE]
verdict() {
    "$robots" check --profile "${5:-rfc9309}" --agent "$2" "$1" "$3" \
        >/dev/null 2>&1
    got=$?
    [ "$got" -eq "$4" ] && ok || fail "check $2 $3 on $1: exit $got, want $4"
}

# A typo key, in rfc9309: ignored, so fixing it into Disallow is meant to
# change verdicts (and the report says so): /private becomes disallowed.
printf 'User-agent: *\nDissallow: /private\nDisallow: /tmp\n' >"$tmp/typo.txt"
verdict "$tmp/typo.txt" Googlebot /private 0
check_exit /dev/null 0 "$robots" lint --fix "$tmp/typo.txt"
expect_file "$tmp/out" 'User-agent: *\nDisallow: /private\nDisallow: /tmp\n'
expect_err "typo.txt:2: fixed \[typo-key\]: now 'Disallow: /private'; intended: [1-9][0-9]* verdicts\{0,1\} checked change"
expect_err "typo.txt: 1 fixed, 0 not fixed"
cp "$tmp/out" "$tmp/typo-fixed.txt"
verdict "$tmp/typo-fixed.txt" Googlebot /private 1
verdict "$tmp/typo-fixed.txt" Googlebot /public 0

# google accepts the typo: the same fix changes no verdict.
check_exit /dev/null 0 "$robots" lint --fix --profile google "$tmp/typo.txt"
expect_file "$tmp/out" 'User-agent: *\nDisallow: /private\nDisallow: /tmp\n'
expect_err "typo.txt:2: fixed \[typo-key\]: now 'Disallow: /private'; no verdict checked changes"

# A line without a colon; its line end (CRLF) is kept, as every other.
printf 'User-agent: *\r\nDisallow /tmp\r\nAllow: /tmp/ok\r\n' >"$tmp/colon.txt"
check_exit /dev/null 0 "$robots" lint --fix "$tmp/colon.txt"
expect_file "$tmp/out" 'User-agent: *\r\nDisallow: /tmp\r\nAllow: /tmp/ok\r\n'
expect_err "colon.txt:2: fixed \[missing-colon\]: now 'Disallow: /tmp'; intended"
cp "$tmp/out" "$tmp/colon-fixed.txt"
verdict "$tmp/colon-fixed.txt" Bingbot /tmp/x 1
verdict "$tmp/colon-fixed.txt" Bingbot /tmp/ok 0

# A byte order mark encoded twice (C3 AF C2 BB C2 BF) made line 1 an
# unknown key, so the rules were before any user-agent; without it the
# group is read.
printf '\303\257\302\273\302\277User-agent: *\nDisallow: /\n' >"$tmp/bom.txt"
verdict "$tmp/bom.txt" Googlebot /page 0
check_exit /dev/null 0 "$robots" lint --fix "$tmp/bom.txt"
expect_file "$tmp/out" 'User-agent: *\nDisallow: /\n'
expect_err "bom.txt:1: fixed \[bom-encoded-twice\]"
cp "$tmp/out" "$tmp/bom-fixed.txt"
verdict "$tmp/bom-fixed.txt" Googlebot /page 1
# The rules the fix puts in a group were no rules before (a real site's
# file, www.gov.cn, has this shape): their paths are in the proof too, so
# the change is counted where "/" does not show it.
printf '\303\257\302\273\302\277User-agent: *\r\nAllow: /1\r\nDisallow: /a/\r\nDisallow: /b/\r\n' >"$tmp/bom2.txt"
verdict "$tmp/bom2.txt" Baiduspider /a/ 0
check_exit /dev/null 0 "$robots" lint --fix "$tmp/bom2.txt"
expect_err "bom2.txt:1: fixed \[bom-encoded-twice\]: now 'User-agent: \*'; intended: [1-9][0-9]* verdicts checked change"

# The key is rewritten where the library read it (its diagnostic's
# key_offset and key_len): a UTF-8 byte order mark before it and the
# blanks around it stay as they were.
printf '\357\273\277  User-agnet \t: *\nDisallow: /\n' >"$tmp/bomkey.txt"
check_exit /dev/null 0 "$robots" lint --fix "$tmp/bomkey.txt"
expect_file "$tmp/out" '\357\273\277  User-agent \t: *\nDisallow: /\n'
expect_err "bomkey.txt:1: fixed \[typo-key\]"

# An exact duplicate rule goes; every verdict stays.
printf 'User-agent: *\nDisallow: /x\nDisallow: /x\n\nUser-agent: SemrushBot\nDisallow: /\n' >"$tmp/dup.txt"
check_exit /dev/null 0 "$robots" lint --fix "$tmp/dup.txt"
expect_file "$tmp/out" 'User-agent: *\nDisallow: /x\n\nUser-agent: SemrushBot\nDisallow: /\n'
expect_err "dup.txt:3: fixed \[duplicate-rule\]: removed, it repeats line 2; no verdict changes"
cp "$tmp/out" "$tmp/dup-fixed.txt"
verdict "$tmp/dup-fixed.txt" Googlebot /x 1
verdict "$tmp/dup-fixed.txt" SemrushBot /y 1

# A rule before any user-agent: flagged, never moved; the file unchanged.
printf 'Disallow: /early\nUser-agent: *\nDisallow: /x\n' >"$tmp/early.txt"
check_exit /dev/null 1 "$robots" lint --fix "$tmp/early.txt"
expect_file "$tmp/out" 'Disallow: /early\nUser-agent: *\nDisallow: /x\n'
expect_err "early.txt:1: not fixed \[rule-outside-group\]"

# A fix its proof refutes is not written: fixing 'User-agnet: b' would
# start a group (RFC 9309 section 2.1), taking 'Disallow: /y' from agent a,
# which the fix does not name.
printf 'User-agent: a\nDisallow: /x\nUser-agnet: b\nDisallow: /y\n' >"$tmp/split.txt"
verdict "$tmp/split.txt" a /y 1
check_exit /dev/null 1 "$robots" lint --fix "$tmp/split.txt"
expect_file "$tmp/out" 'User-agent: a\nDisallow: /x\nUser-agnet: b\nDisallow: /y\n'
expect_err "split.txt:3: not fixed \[typo-key\]: the proof failed: agent 'a', path '/y' was disallowed by line 4, would be allowed"

# The same typo where the fix is proven: the fixed line joins the group
# below it (section 2.1), so only b's verdicts move, and b is what it names.
printf 'User-agnet: b\nUser-agent: a\nDisallow: /x\n' >"$tmp/ua.txt"
verdict "$tmp/ua.txt" b /x 0
check_exit /dev/null 0 "$robots" lint --fix "$tmp/ua.txt"
expect_file "$tmp/out" 'User-agent: b\nUser-agent: a\nDisallow: /x\n'
expect_err "ua.txt:1: fixed \[typo-key\]: now 'User-agent: b'; intended"
cp "$tmp/out" "$tmp/ua-fixed.txt"
verdict "$tmp/ua-fixed.txt" b /x 1
verdict "$tmp/ua-fixed.txt" a /x 1

# Where it is written: --output, --in-place (nothing left beside it).
check_exit /dev/null 0 "$robots" lint --fix --output "$tmp/o.txt" "$tmp/typo.txt"
expect_file "$tmp/out" ''
expect_file "$tmp/o.txt" 'User-agent: *\nDisallow: /private\nDisallow: /tmp\n'
cp "$tmp/typo.txt" "$tmp/inplace.txt"
check_exit /dev/null 0 "$robots" lint --fix --in-place "$tmp/inplace.txt"
expect_file "$tmp/inplace.txt" 'User-agent: *\nDisallow: /private\nDisallow: /tmp\n'
left=$(find "$tmp" -name 'inplace.txt.fix-*' | wc -l)
[ "$left" -eq 0 ] && ok || fail "$left temporary files left beside the file"
# The file keeps its mode: a web server must still read it (a robots.txt
# answered 403 reads as "allow everything", RFC 9309 section 2.3.1.3).
cp "$tmp/typo.txt" "$tmp/mode.txt"
chmod 644 "$tmp/mode.txt"
check_exit /dev/null 0 "$robots" lint --fix --in-place "$tmp/mode.txt"
mode=$(stat -c %a "$tmp/mode.txt")
[ "$mode" = 644 ] && ok || fail "--in-place changed the mode to $mode"
# A symbolic link is refused, and the file it names is left as it was.
ln -s "$tmp/typo.txt" "$tmp/link.txt"
check_exit /dev/null 2 "$robots" lint --fix --in-place "$tmp/link.txt"
expect_err "needs a regular file (not a symbolic link)"
expect_file "$tmp/typo.txt" 'User-agent: *\nDissallow: /private\nDisallow: /tmp\n'
[ -L "$tmp/link.txt" ] && ok || fail "--in-place replaced the symbolic link"
# Without --in-place the file itself is never changed.
check_exit /dev/null 0 "$robots" lint --fix "$tmp/typo.txt"
expect_file "$tmp/typo.txt" 'User-agent: *\nDissallow: /private\nDisallow: /tmp\n'
# stdin.
check_exit "$tmp/typo.txt" 0 "$robots" lint --fix -
expect_file "$tmp/out" 'User-agent: *\nDisallow: /private\nDisallow: /tmp\n'

# Bad input and usage: exit 2, a message on stderr, nothing on stdout.
check_exit "$tmp/typo.txt" 2 "$robots" lint --fix --in-place -
expect_err "in-place needs a FILE"
check_exit /dev/null 2 "$robots" lint --output "$tmp/o.txt" "$tmp/typo.txt"
expect_err "go with --fix"
check_exit /dev/null 2 "$robots" lint --fix --json "$tmp/typo.txt"
check_exit /dev/null 2 "$robots" lint --fix --output "$tmp/o.txt" --in-place "$tmp/typo.txt"
check_exit /dev/null 2 "$robots" lint --fix "$tmp/no-such-file.txt"
expect_err "no-such-file.txt"
expect_file "$tmp/out" ''
check_exit /dev/null 2 "$robots" lint --fix --output "$tmp/no-such-dir/o.txt" "$tmp/typo.txt"
expect_err "cannot write"
# A file longer than the parse limit is not rewritten from its prefix.
{ printf 'User-agent: *\nDissallow: /a\n'; i=0; while [ $i -lt 300 ]; do
    printf 'Disallow: /%s\n' "$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i$i"
    i=$((i + 1)); done; } >"$tmp/long.txt"
check_exit /dev/null 2 "$robots" lint --fix --parse-limit 1000 "$tmp/long.txt"
expect_err "longer than the parse limit"
check_exit /dev/null 0 "$robots" lint --fix --parse-limit 0 "$tmp/long.txt"
check_exit /dev/null 0 "$robots" lint --help
expect_out "--fix"

# The check budget (cli/lint_fix.h): a refuted fix first (as in split.txt)
# makes every other fix be tried alone, a proof each; with 64,000 lines
# that are fixable (a rule repeated) the proofs stop once the budget of
# LINT_FIX_MAX_TOTAL_BYTES (2^25) bytes built and parsed is spent: at most
# 2^25 / 832,056 bytes = 40 proofs, and the summary says so. The fixes
# proven are written; the ones not tried are left, each saying why.
{ printf 'User-agent: a\nDisallow: /x\nUser-agnet: b\nDisallow: /y\n'
  printf 'User-agent: c\n'
  awk 'BEGIN { for (i = 0; i < 64000; i++) print "Disallow: /z" }'
} >"$tmp/many.txt"
check_exit /dev/null 1 "$robots" lint --fix --parse-limit 0 "$tmp/many.txt"
expect_err "many.txt: the check budget of lint --fix was spent after [0-9]* proofs"
expect_err "not fixed \[duplicate-rule\]: not tried: the check budget of lint --fix is spent"
expect_err "many.txt:3: not fixed \[typo-key\]: the proof failed"
proofs=$(sed -n 's/.*was spent after \([0-9]*\) proofs.*/\1/p' "$tmp/err")
[ "${proofs:-999}" -le 40 ] && ok || fail "$proofs proofs, more than the budget allows"
fixed=$(sed -n 's/.*many.txt: \([0-9]*\) fixed.*/\1/p' "$tmp/err")
[ "${fixed:-0}" -ge 30 ] && ok || fail "only ${fixed:-0} fixes proven before the budget ran out"

finish
