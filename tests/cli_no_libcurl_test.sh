#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_no_libcurl_test.sh ROBOTS_BINARY - `robots fetch` where libcurl
# cannot be loaded (cli/http_get.c loads it at the first fetch rather than
# linking it): exit 2 and one line on stderr naming libcurl and how to get
# it, nothing on stdout. libcurl is hidden by a bind mount of /dev/null over
# it in a mount namespace of the test's own (unshare -m); where the machine
# allows no such namespace (not root, a container without the capability)
# the test is skipped (77).
set -u
robots=$1
lib=$(ldconfig -p 2>/dev/null | awk '$1 == "libcurl.so.4" { print $NF; exit }')
[ -n "$lib" ] || { echo "no libcurl.so.4 known to ldconfig: skipped"; exit 77; }
real=$(readlink -f "$lib")
unshare -m true 2>/dev/null || { echo "unshare -m not allowed here: skipped"; exit 77; }
tmp=${TMPDIR:-/tmp}/robots-no-libcurl-test.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
unshare -m sh -c 'mount --bind /dev/null "$1" 2>/dev/null || exit 77
exec "$2" fetch http://127.0.0.1:9/robots.txt' sh "$real" "$robots" \
    >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 77 ]; then
    echo "mount --bind not allowed here: skipped"
    exit 77
fi
fail=0
[ "$rc" -eq 2 ] || { echo "FAILED: exit $rc, not 2"; fail=1; }
[ ! -s "$tmp/out" ] || { echo "FAILED: stdout not empty:"; cat "$tmp/out"; fail=1; }
[ "$(wc -l <"$tmp/err")" -eq 1 ] || { echo "FAILED: stderr is not one line:"; cat "$tmp/err"; fail=1; }
grep -q '^robots: fetch: libcurl could not be loaded (.*); install it (Debian: apt-get install libcurl4)$' "$tmp/err" ||
    { echo "FAILED: stderr does not say libcurl could not be loaded:"; cat "$tmp/err"; fail=1; }
[ "$fail" -eq 0 ] && echo "ok: $(cat "$tmp/err")"
exit "$fail"
