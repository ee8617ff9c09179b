#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_test.sh ROBOTS_BINARY SOURCE_DIR - the `robots` command: outputs and
# exit codes (0 allowed, 1 disallowed, 2 usage or input error, the
# robots_main convention), and one clear line on stderr for bad input.
set -u
robots=$1
src=$2
marys=$src/examples/marys-antiques.txt
test_name=cli
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

# expect_exit WANT COMMAND... : runs the command, keeps stdout/stderr.
expect_exit() { check_exit /dev/null "$@"; }

# Table 9-4 through the command.
expect_exit 0 "$robots" check --agent Suzy-Spider "$marys" \
    http://www.marys-antiques.com/private/suzy-stuff/taxes.txt
expect_out "^allowed	http://www.marys-antiques.com/private/suzy-stuff/taxes.txt$"
expect_exit 1 "$robots" check --agent NosyBot "$marys" \
    http://www.marys-antiques.com/ http://www.marys-antiques.com/private/payroll.xls
expect_out "^allowed	http://www.marys-antiques.com/$"
expect_out "^disallowed	http://www.marys-antiques.com/private/payroll.xls$"
expect_exit 1 "$robots" check --explain --agent NosyBot "$marys" \
    http://www.marys-antiques.com/dynamic/x
expect_out "longest-match	line 27	Disallow: /dynamic"
expect_exit 1 "$robots" check --json --profile legacy --agent Suzy-Spider \
    "$marys" /private/payroll.xls
expect_out '"allowed":false,"reason":"first-match"'
expect_out '"rule":{"line":12,"kind":"disallow","pattern":"/private"}'

# Batch mode: URLs on stdin, one line each, CRLF tolerated.
printf 'http://www.marys-antiques.com/\r\n/private/x\n\n/dynamic/check-inventory' \
    >"$tmp/urls"
"$robots" check --agent Furniture-Finder "$marys" <"$tmp/urls" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 1 ] && ok || fail "batch exit $rc"
[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || fail "batch lines: $(cat "$tmp/out")"
expect_out "^allowed	/dynamic/check-inventory$"

# No raw control bytes reach a terminal (cli.h: "control bytes shown as
# \xHH"): an ESC sequence in a URL from stdin, and the C1 control U+009B
# (CSI to some terminals) and a right-to-left override in a rule.
printf '/a\033]0;title\007b\n' >"$tmp/urls"
"$robots" check "$marys" <"$tmp/urls" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && ok || fail "escaped batch exit"
expect_out '^allowed	/a\\x1B]0;title\\x07b$'
if od -An -c "$tmp/out" | grep -q '033'; then fail "ESC written raw"; else ok; fi
printf 'User-agent: *\nDisallow: /\302\233x\342\200\256y\n' >"$tmp/r"
expect_exit 0 "$robots" parse "$tmp/r"
expect_out 'disallow: /\\xC2\\x9Bx\\xE2\\x80\\xAEy$'

# robots.txt from stdin.
printf 'User-agent: *\nDisallow: /\n' | "$robots" check - /x >"$tmp/out" 2>&1
[ $? -eq 1 ] && ok || fail "stdin robots.txt"

# Several agents: a group naming any of them applies.
printf 'User-agent: b\nDisallow: /b\n' >"$tmp/r"
expect_exit 1 "$robots" check --agent a --agent b "$tmp/r" /b

# parse, text and JSON.
expect_exit 0 "$robots" parse "$marys"
expect_out "line 11: allow: /private/suzy-stuff"
printf 'User-agent: a\nDisalow: /x\nCrawl-delay: 4\nSitemap: https://e.com/s\n' >"$tmp/r"
expect_exit 0 "$robots" parse "$tmp/r"
expect_out "r:2:1: error: unknown key 'Disalow' is ignored; did you mean Disallow? \[typo-key\]"
expect_exit 0 "$robots" parse --json "$tmp/r"
expect_out '"crawl_delay":{"seconds":4,"line":3}'
expect_out '"sitemaps":\[{"line":4,"key":"Sitemap","value":"https://e.com/s","group":0}\]'

# Issue 19's file: 3.7 MB, 47,000 Allow lines, then `Disallow: /`. RFC 9309
# section 2.5 lets a parser stop at its limit (512,000 bytes by default,
# docs/semantics.md, File size), so the Disallow is not read; the command
# must say that the file was cut, where, and what was not read: it parses
# no further than the limit needs (issue 29), and streams the rest of the
# file through the library's line counter (issue 21), so the lines not
# read are the line the limit falls in and every one after it.
# A line is read when its terminator is at most the byte after the limit:
# here the first 6,480 Allow lines of 79 bytes after a 14-byte first line.
awk 'BEGIN { printf "User-agent: *\n";
             for (i = 0; i < 47000; i++)
                 printf "Allow: /catalogue/department-%05d/products/listing-page-with-a-long-name.html\n", i;
             printf "Disallow: /\n" }' >"$tmp/cut.txt"
size=$(wc -c <"$tmp/cut.txt")
[ "$size" -eq $((14 + 47000 * 79 + 12)) ] && ok || fail "cut.txt is $size bytes"
read_lines=$(((512000 + 1 - 14) / 79))
cut_line=$((read_lines + 2))
cut_at=$((14 + read_lines * 79))
unread="$((47002 - cut_line + 1)) lines ($((size - cut_at)) bytes)"
expect_exit 0 "$robots" check "$tmp/cut.txt" /private/x
expect_out "^allowed	/private/x$"
expect_err_line "warning: .*cut.txt: the parse limit of 512000 bytes cut the file at line $cut_line (byte $cut_at): $unread not read; --parse-limit 0 reads the whole file$"
expect_exit 0 "$robots" check --explain "$tmp/cut.txt" /private/x
expect_out "^allowed	/private/x	no-rule-matched	file cut at line $cut_line: $unread not read$"
expect_exit 0 "$robots" check --json "$tmp/cut.txt" /private/x
if python3 - "$tmp/out" "$cut_line" "$cut_at" "$size" <<'EOF2'
import json, sys
v = json.loads(open(sys.argv[1]).read())
line, at, size = map(int, sys.argv[2:])
assert v["allowed"] is True and v["reason"] == "no-rule-matched", v
assert v["truncated"] is True, v
assert v["cut"] == {"limit": 512000, "offset": at, "line": line,
                    "lines_not_read": 47002 - line + 1,
                    "bytes_not_read": size - at}, v["cut"]
EOF2
then ok; else fail "check --json of the cut file"; fi
# --parse-limit 0 reads it all, as google/robotstxt does: the Disallow
# decides, and nothing is said about a cut.
expect_exit 1 "$robots" check --explain --parse-limit 0 "$tmp/cut.txt" /private/x
expect_out "^disallowed	/private/x	longest-match	line 47002	Disallow: /$"
[ ! -s "$tmp/err" ] && ok || fail "stderr with no cut: $(cat "$tmp/err")"
expect_exit 1 "$robots" check --json --parse-limit 0 "$tmp/cut.txt" /private/x
expect_out '"truncated":false,"cut":null}$'
expect_exit 0 "$robots" parse "$tmp/cut.txt"
expect_out "cut.txt:$cut_line:0: error: .*its last $unread, from here on, are not read \[past-parse-limit\]$"
expect_out "^cut: the parse limit of 512000 bytes stopped the parse at line $cut_line (byte $cut_at): $unread not read$"
# The warning names the file as an error message would: escaped, and its
# middle left out past 1 KiB (cli_error()), whatever the path. The CLI
# fuzzer (fuzz/cli/) found an 8,495-byte line for a long path.
esc=$(awk 'BEGIN { for (i = 0; i < 250; i++) printf "\033" }')
long="$tmp/$esc/$esc/$esc/$esc/$esc"
mkdir -p "$long" && cp "$tmp/cut.txt" "$long/cut.txt"
expect_exit 0 "$robots" check "$long/cut.txt" /private/x
expect_err_line "^robots: warning: .*\\x1B.* bytes not shown .* not read; --parse-limit 0 reads the whole file$"
[ "$(wc -c <"$tmp/err")" -le 4200 ] && ok ||
    fail "the warning for a long path is $(wc -c <"$tmp/err") bytes"
if od -An -c "$tmp/err" | grep -q '033'; then fail "ESC in a path written raw"; else ok; fi
expect_exit 0 "$robots" parse --json "$tmp/cut.txt"
if python3 - "$tmp/out" "$cut_line" <<'EOF2'
import json, sys
d = json.loads(open(sys.argv[1]).read())
assert d["truncated"] is True and d["cut"]["line"] == int(sys.argv[2])
assert d["cut"]["lines_not_read"] == 47002 - int(sys.argv[2]) + 1
cut = [x for x in d["diagnostics"] if x["kind"] == "past-parse-limit"]
assert len(cut) == 1 and ("its last %d lines (%d bytes)" % (
    d["cut"]["lines_not_read"], d["cut"]["bytes_not_read"])
    in cut[0]["message"]), cut
assert d["parsed_bytes"] == d["cut"]["offset"]
EOF2
then ok; else fail "parse --json of the cut file"; fi
expect_exit 0 "$robots" parse --parse-limit 0 "$tmp/cut.txt"
if grep -q '^cut:\|past-parse-limit' "$tmp/out"; then fail "cut without a limit"
else ok; fi
expect_exit 0 "$robots" parse --json "$marys"
expect_out '"truncated":false,"cut":null,"groups":'

# Bad input: exit 2, one clear line on stderr, nothing on stdout.
expect_exit 2 "$robots" check "$tmp/missing.txt" /x
expect_err_line "missing.txt: No such file or directory"
expect_exit 2 "$robots" check "$tmp" /x
expect_err_line "Is a directory"
expect_exit 2 "$robots" check --bogus "$marys" /x
expect_err_line "unknown option '--bogus'"
expect_exit 2 "$robots" check --profile nope "$marys" /x
expect_err_line "unknown profile 'nope'"
expect_exit 2 "$robots" check "$marys" www.example.com/no-scheme
expect_err_line "neither a path"
[ ! -s "$tmp/out" ] && ok || fail "partial answer on a bad URL"
expect_exit 2 "$robots" check
expect_err_line "missing ROBOTS_FILE"
expect_exit 2 "$robots" check --agent
expect_err_line "needs a value"
expect_exit 2 "$robots" frobnicate
expect_err_line "unknown command"
expect_exit 2 "$robots" check - 
expect_err_line "cannot both come from stdin"
expect_exit 2 "$robots" check --parse-limit 12x "$marys" /
expect_err_line "not a number"
expect_exit 2 "$robots" parse "$marys" extra
expect_err_line "one ROBOTS_FILE only"

# --help on every subcommand, and --version.
for cmd in check parse; do
    expect_exit 0 "$robots" $cmd --help
    expect_out "usage: robots $cmd"
done
expect_exit 0 "$robots" --version
expect_out "^robots [0-9]*\.[0-9]*\.[0-9]*"
expect_exit 0 "$robots" --help
expect_out "Commands:"

# A number past a limit says so, and what the limit is; a word that is not
# a number says that (issue 29, finding 6).
expect_exit 2 "$robots" check --parse-limit 99999999999999999999 "$marys" /x
expect_err_line "over the maximum of 1073741823 bytes"
expect_exit 2 "$robots" check --parse-limit 1073741824 "$marys" /x
expect_err_line "over the maximum of 1073741823 bytes"
expect_exit 2 "$robots" check --parse-limit 12x "$marys" /x
expect_err_line "'12x' is not a number of bytes"
# A directory is named as such, by every command that reads a file.
expect_exit 2 "$robots" check "$tmp" /x
expect_err_line "Is a directory"
expect_exit 2 "$robots" meta "$tmp"
expect_err_line "^robots: .*: Is a directory$"

finish
