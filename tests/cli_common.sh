# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# cli_common.sh - what the cli_*_test.sh scripts share. Each one sets
# test_name and sources this file from its own directory, which works from
# any working directory and whatever program it is given (ci/valgrind_suite.py
# swaps the robots binary for a wrapper, never the script):
#     test_name=cli
#     . "$(dirname "$0")/cli_common.sh"
# Gives $tmp, a scratch directory removed on exit; ok and fail MESSAGE,
# which count the checks; check_exit, which runs a command; expect_out and
# expect_err_line, checks of what it left in $tmp/out and $tmp/err; and
# finish, the summary line, whose status (0 when nothing failed) ends the
# script.
tmp=${TMPDIR:-/tmp}/robots-${test_name:?}-test.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*" >&2; }

# check_exit STDIN WANT COMMAND...: runs the command with STDIN as its stdin,
# keeps its stdout and stderr in $tmp/out and $tmp/err, and checks that it
# exits WANT (returning 1 when not).
check_exit() {
    input=$1
    want=$2
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err" <"$input"
    got=$?
    if [ "$got" -eq "$want" ]; then ok; else
        fail "exit $got, want $want: $*"
        return 1
    fi
}
# expect_out PATTERN: a line of stdout matches.
expect_out() {
    if grep -q -- "$1" "$tmp/out"; then ok; else fail "stdout lacks '$1'"; fi
}
# expect_err_line PATTERN: stderr is one line, and it matches.
expect_err_line() {
    n=$(wc -l <"$tmp/err")
    if [ "$n" -eq 1 ] && grep -q -- "$1" "$tmp/err"; then ok
    else fail "stderr is not one line with '$1': $(cat "$tmp/err")"; fi
}

finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
