#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_read_test.sh ROBOTS_BINARY - how much of a file or a stream the
# `robots` command reads (issue 29, finding 3). Every command that parses
# a robots.txt reads the parse limit and ROBOTS_PARSE_LOOKAHEAD_BYTES (2)
# more, and one byte to see that the file goes on: limit + 3 bytes at most
# (cli.h, cli_load_robots()); with --parse-limit 0 the whole file, up to
# ROBOTS_MAX_INPUT_BYTES. So /dev/zero, a 2 GB file and a pipe are cut at
# the limit with the warning the man page gives, and the bytes taken from
# a pipe are counted here (what is left in it afterwards), not timed.
set -u
robots=$1
test_name=cli-read
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"

expect_exit() { check_exit /dev/null "$@"; }

# The warning of a file cut at its first line, from a stream whose length
# the command cannot know (docs/robots.1, "the rest of the file").
zero_cut="^robots: warning: /dev/zero: the parse limit of 512000 bytes cut the file at line 1 (byte 0): the rest of the file not read; --parse-limit 0 reads the whole file$"

printf 'allow * /x\n' >"$tmp/expect"
printf 'User-agent: *\nDisallow: /private/\n' >"$tmp/small.txt"

# /dev/zero never ends: one line of NUL bytes that the limit cuts, so
# nothing is read and every URL is allowed, with the file said to be cut.
expect_exit 0 "$robots" check /dev/zero /x
expect_out "^allowed	/x$"
expect_err_line "$zero_cut"
expect_exit 0 "$robots" check --json /dev/zero /x
expect_out '"truncated":true,"cut":{"limit":512000,"offset":0,"line":1,"lines_not_read":null,"bytes_not_read":null}}$'
expect_exit 0 "$robots" parse /dev/zero
expect_out "^/dev/zero:1:0: error: the file is longer than the parse limit of 512000 bytes; the rest of it, from here on, is not read \[past-parse-limit\]$"
expect_out "^cut: the parse limit of 512000 bytes stopped the parse at line 1 (byte 0): the rest of the file not read$"
expect_exit 1 "$robots" lint /dev/zero
expect_out "^/dev/zero:1:1: error: the file is longer than the parse limit of 512000 bytes; the rest of it, from here on, is not read \[past-parse-limit\]$"
expect_exit 0 "$robots" test /dev/zero "$tmp/expect"
expect_err_line "$zero_cut"
expect_exit 1 "$robots" diff "$tmp/small.txt" /dev/zero
expect_err_line "$zero_cut"

# A 2 GB file (sparse: it takes no disk) is cut the same way; its size
# gives the bytes not read. With --parse-limit 0 it is refused, by its
# size, as over what the library parses at all.
if truncate -s 2G "$tmp/2g.txt"; then ok; else fail "truncate -s 2G"; fi
expect_exit 0 "$robots" check "$tmp/2g.txt" /x
expect_err_line "^robots: warning: .*2g.txt: the parse limit of 512000 bytes cut the file at line 1 (byte 0): the rest of the file (2147483648 bytes) not read; --parse-limit 0 reads the whole file$"
expect_exit 0 "$robots" parse --json "$tmp/2g.txt"
expect_out '"cut":{"limit":512000,"offset":0,"line":1,"lines_not_read":null,"bytes_not_read":2147483648}'
expect_exit 2 "$robots" check --parse-limit 0 "$tmp/2g.txt" /x
expect_err_line "^robots: .*2g.txt: larger than 1073741823 bytes$"
rm -f "$tmp/2g.txt"

# The lines not read (issue 21): a file whose size is known (a regular
# file, also on stdin) is streamed past the prefix through the library's
# line counter, 64 KiB at a time, when at most CLI_COUNT_REST_MAX_BYTES
# (64 MiB) follow the limit + 3 bytes read: 100,000 lines of 20 bytes cut
# at line 51 leave 99,950 lines and 1,999,000 bytes. Past 64 MiB the file
# is not read on, and its size alone is said (the 2 GB file above).
yes 'Disallow: /private/' | head -c 2000000 >"$tmp/2m.txt"
check_exit "$tmp/2m.txt" 0 "$robots" check --parse-limit 1000 - /x
expect_err_line "^robots: warning: -: the parse limit of 1000 bytes cut the file at line 51 (byte 1000): 99950 lines (1999000 bytes) not read; --parse-limit 0 reads the whole file$"
expect_exit 1 "$robots" lint --parse-limit 1000 "$tmp/2m.txt"
expect_out "^.*2m.txt:51:1: error: the file is longer than the parse limit of 1000 bytes; its last 99950 lines (1999000 bytes), from here on, are not read \[past-parse-limit\]$"
rm -f "$tmp/2m.txt"
# A file of NUL bytes is one line the limit cuts: 10 + 3 bytes read, then
# 64 MiB streamed and counted; one byte more is not read on.
most=$((64 * 1024 * 1024))
if truncate -s $((13 + most)) "$tmp/64m.txt"; then ok; else fail "truncate"; fi
expect_exit 0 "$robots" check --parse-limit 10 "$tmp/64m.txt" /x
expect_err_line "^robots: warning: .*64m.txt: the parse limit of 10 bytes cut the file at line 1 (byte 0): 1 line ($((13 + most)) bytes) not read; --parse-limit 0 reads the whole file$"
if truncate -s $((14 + most)) "$tmp/64m.txt"; then ok; else fail "truncate"; fi
expect_exit 0 "$robots" check --parse-limit 10 "$tmp/64m.txt" /x
expect_err_line "^robots: warning: .*64m.txt: the parse limit of 10 bytes cut the file at line 1 (byte 0): the rest of the file ($((14 + most)) bytes) not read; --parse-limit 0 reads the whole file$"
rm -f "$tmp/64m.txt"

# consumed TOTAL COMMAND...: pipes TOTAL bytes of robots.txt lines into
# the command's stdin, then counts what it left in the pipe; sets
# $consumed and $rc, and keeps stdout and stderr in $tmp/out, $tmp/err.
consumed() {
    total=$1
    shift
    yes 'Disallow: /private/' | head -c "$total" | {
        "$@" >"$tmp/out" 2>"$tmp/err"
        echo $? >"$tmp/rc"
        wc -c >"$tmp/left"
    }
    rc=$(cat "$tmp/rc")
    consumed=$((total - $(tr -d ' ' <"$tmp/left")))
}
# at_most BYTES WHAT: the last consumed() took BYTES or fewer.
at_most() {
    if [ "$consumed" -le "$1" ]; then ok
    else fail "$2 took $consumed bytes from the pipe, more than $1"; fi
}
# exits WANT WHAT: the last consumed() command exited WANT.
exits() {
    if [ "$rc" -eq "$1" ]; then ok; else fail "$2 exited $rc, want $1"; fi
}

pipe_cut="^robots: warning: -: the parse limit of 1000 bytes cut the file at line 51 (byte 1000): the rest of the file not read; --parse-limit 0 reads the whole file$"
# Each command, a limit of 1,000 bytes, 2 MB in the pipe: at most 1,003
# bytes are taken. Lines of 20 bytes: line 51 starts at byte 1000.
consumed 2000000 "$robots" check --parse-limit 1000 - /private/x
exits 0 "check -"
at_most 1003 "check --parse-limit 1000 -"
expect_err_line "$pipe_cut"
consumed 2000000 "$robots" parse --parse-limit 1000 -
exits 0 "parse -"
at_most 1003 "parse --parse-limit 1000 -"
expect_out "^cut: the parse limit of 1000 bytes stopped the parse at line 51 (byte 1000): the rest of the file not read$"
consumed 2000000 "$robots" lint --parse-limit 1000 -
exits 1 "lint -"
at_most 1003 "lint --parse-limit 1000 -"
consumed 2000000 "$robots" test --parse-limit 1000 - "$tmp/expect"
exits 0 "test -"
at_most 1003 "test --parse-limit 1000 -"
expect_err_line "$pipe_cut"
consumed 2000000 "$robots" diff --parse-limit 1000 "$tmp/small.txt" -
exits 1 "diff -"
at_most 1003 "diff --parse-limit 1000 -"
# The default limit: 512,003 bytes.
consumed 2000000 "$robots" check - /x
exits 0 "check - (default limit)"
at_most 512003 "check - with the default limit"
# A file that ends within those bytes is read whole, and every count made.
consumed 1002 "$robots" parse --parse-limit 1000 -
exits 0 "parse of a 1,002-byte pipe"
if [ "$consumed" -eq 1002 ]; then ok; else fail "took $consumed of 1002"; fi
expect_out "^cut: the parse limit of 1000 bytes stopped the parse at line 51 (byte 1000): 1 line (2 bytes) not read$"
# --parse-limit 0 reads all of a finite stream, and cuts nothing.
consumed 2000000 "$robots" parse --parse-limit 0 -
exits 0 "parse --parse-limit 0 -"
if [ "$consumed" -eq 2000000 ]; then ok; else fail "took $consumed of 2000000"; fi
if grep -q '^cut:' "$tmp/out"; then fail "cut with no limit"; else ok; fi
# meta scans 1 MiB of HTML and reads one byte more; cache-lifetime reads
# at most 1 MiB of headers, and refuses more.
consumed 3000000 "$robots" meta -
exits 0 "meta -"
at_most 1048577 "meta -"
consumed 3000000 "$robots" cache-lifetime -
exits 2 "cache-lifetime - of 3 MB"
at_most 1048577 "cache-lifetime -"
expect_err_line "^robots: -: larger than 1048576 bytes$"

# A FIFO is a stream too: cut at the limit, closed, and its writer ends.
if mkfifo "$tmp/fifo"; then
    { printf 'User-agent: *\n'; yes 'Disallow: /private/'; } |
        head -c 5000000 >"$tmp/fifo" &
    writer=$!
    # Line 1 is 14 bytes, then 20 a line: line 25601 starts at 511,994.
    expect_exit 1 "$robots" check "$tmp/fifo" /private/x
    expect_err_line "^robots: warning: .*fifo: the parse limit of 512000 bytes cut the file at line 25601 (byte 511994): the rest of the file not read"
    wait "$writer"
    ok
else
    fail "mkfifo"
fi

finish
