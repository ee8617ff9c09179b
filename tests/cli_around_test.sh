#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_around_test.sh ROBOTS_BINARY - the subcommands around the file (url,
# scope, policy, cache-lifetime, meta): outputs, --json, --help, and exit 2
# with one line on stderr for bad input. Expectations come from seed 004's
# robots.txt URL table, the fetch table of docs/semantics.md, RFC 9110's
# date formats and the META examples of seed 001.
set -u
robots=$1
test_name=around
# shellcheck source=tests/cli_common.sh
. "$(dirname "$0")/cli_common.sh"
# run WANT COMMAND...: check_exit with $tmp/in as stdin.
run() { check_exit "$tmp/in" "$@"; }
out_is() {
    if [ "$(cat "$tmp/out")" = "$1" ]; then ok
    else fail "stdout is '$(cat "$tmp/out")', want '$1'"; fi
}
: >"$tmp/in"

# url: seed 004, "www.müller.eu" is "www.xn--mller-kva.eu"; default ports.
run 0 "$robots" url 'http://www.müller.eu/a?b' 'HTTP://u:p@Example.COM:80/x'
out_is "http://www.xn--mller-kva.eu/robots.txt
http://example.com/robots.txt"
run 0 "$robots" url --json 'https://[2001:DB8::1]:8443/'
expect_out '"robots_txt":"https://\[2001:db8::1\]:8443/robots.txt"'
expect_out '"host_kind":"ipv6"'
run 2 "$robots" url example.com/x
expect_err_line 'ROBOTS_ERR_URL_NO_SCHEME'
run 2 "$robots" url 'http://exa mple.com/'
expect_err_line 'ROBOTS_ERR_URL_BAD_HOST'
run 2 "$robots" url
expect_err_line 'no URL'
run 0 "$robots" url --help
expect_out 'usage: robots url'

# scope: seed 004's first row.
run 1 "$robots" scope http://example.com/robots.txt http://example.com/folder/file \
    http://other.example.com/ https://example.com/ http://example.com:8181/
out_is "applies	http://example.com/folder/file
does-not-apply	http://other.example.com/	other-host
does-not-apply	https://example.com/	other-scheme
does-not-apply	http://example.com:8181/	other-port"
run 0 "$robots" scope http://example.com:80/robots.txt http://example.com/
run 1 "$robots" scope --json http://example.com/folder/robots.txt http://example.com/
expect_out '"applies":false,"reason":"not-top-level"'
run 2 "$robots" scope nonsense http://example.com/
expect_err_line 'ROBOTS_ERR_URL_NO_SCHEME'
run 2 "$robots" scope http://example.com/robots.txt
expect_err_line 'needs ROBOTS_URL'
run 0 "$robots" scope --help
expect_out 'usage: robots scope'

# policy: the table "Fetching the file".
run 0 "$robots" policy --status 200
out_is "parse-body	success"
run 0 "$robots" policy --status 302 --redirects 5
out_is "allow-all	redirect-limit"
run 0 "$robots" policy --status 403
out_is "allow-all	client-error"
run 0 "$robots" policy --status 403 --profile legacy
out_is "disallow-all	access-restricted"
run 0 "$robots" policy --status 429 --profile google
out_is "disallow-all-retry	rate-limited	retry"
run 0 "$robots" policy --status 503 --unreachable-days 31 --cached
out_is "use-cached	server-error	retry	unreachable-over-30-days"
run 0 "$robots" policy --network-error truncated --profile legacy --json
out_is '{"profile":"legacy","action":"defer","basis":"network-error","retry":true,"long_unreachable":false}'
run 2 "$robots" policy --status 42
expect_err_line 'not an HTTP status'
run 2 "$robots" policy --network-error smoke
expect_err_line 'unknown network error'
run 2 "$robots" policy
expect_err_line 'give --status'
run 2 "$robots" policy --status 200 --profile nope
expect_err_line 'unknown profile'
run 0 "$robots" policy --help
expect_out 'usage: robots policy'

# cache-lifetime: RFC 9110 dates, RFC 9309's 24-hour bound, seed 000's
# 7-day default.
printf 'HTTP/1.1 200 OK\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\nExpires: Sun Nov  6 09:49:37 1994\r\n\r\n' >"$tmp/in"
run 0 "$robots" cache-lifetime
out_is "3600	expires"
printf 'Cache-Control: max-age=1000000000000000000000000000000\n' >"$tmp/in"
run 0 "$robots" cache-lifetime
out_is "86400	max-age	capped"
run 0 "$robots" cache-lifetime --profile google --json
out_is '{"profile":"google","seconds":2147483648,"source":"max-age","capped":false,"malformed":[]}'
printf 'Expires: tomorrow\n' >"$tmp/in"
run 0 "$robots" cache-lifetime --profile legacy
out_is "604800	default
malformed	bad-expires"
: >"$tmp/in"
run 2 "$robots" cache-lifetime --bogus
expect_err_line 'unknown option'
run 0 "$robots" cache-lifetime --help
expect_out 'usage: robots cache-lifetime'

# meta: seed 001's conflicting list, Table 9-5, X-Robots-Tag prefixes.
cat >"$tmp/page.html" <<'HTML'
<html><head>
<meta name="robots" content="INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW">
<meta name="description" content="Welcome to Mary's Antiques Web site">
</head><body><meta name="robots" content="noarchive"></body></html>
HTML
run 0 "$robots" meta "$tmp/page.html"
expect_out '^restrictions: noindex, nofollow$'
expect_out '^conflicts (the more restrictive applies): index, follow$'
expect_out "^description: Welcome to Mary's Antiques Web site$"
cp "$tmp/page.html" "$tmp/in"
run 0 "$robots" meta --json -
expect_out '"restrictions":\["noindex","nofollow"\]'
: >"$tmp/in"
run 0 "$robots" meta --agent Googlebot --header 'X-Robots-Tag: googlebot: noindex, nofollow'
expect_out '^restrictions: noindex, nofollow$'
run 0 "$robots" meta --agent bingbot --header 'X-Robots-Tag: googlebot: noindex'
expect_out '^restrictions: none$'
expect_out '^for other crawlers (ignored): 1$'
run 2 "$robots" meta --header 'Cache-Control: no-store'
expect_err_line "is not 'X-Robots-Tag: VALUE'"
run 2 "$robots" meta "$tmp/missing.html"
expect_err_line 'missing.html'
run 2 "$robots" meta
expect_err_line 'give an HTML file'
run 0 "$robots" meta --help
expect_out 'usage: robots meta'
# A META tag past the 1 MiB scan, inside the head: "none" is not the
# page's answer, and the output says so (issue 29, finding 8).
awk 'BEGIN { printf "<html><head>"; for (i = 0; i < 1048576; i++) printf " ";
             print "<meta name=robots content=noindex>" }' >"$tmp/long.html"
run 0 "$robots" meta "$tmp/long.html"
expect_out '^incomplete: the scan stopped at [0-9]* bytes, inside <head>'
run 0 "$robots" meta --json "$tmp/long.html"
expect_out '"scan_cut":true'

# What the user gave is quoted on stderr with its control bytes escaped
# (an ESC would reach the terminal), and a 120 KB URL is not echoed whole:
# one line, under 1,100 bytes, that still ends with the reason.
esc=$(printf '\033')
run 2 "$robots" url "http://${esc}[31mX/"
expect_err_line 'http://\\x1B\[31mX/'
if grep -q "$esc" "$tmp/err"; then fail "an ESC byte reached stderr"; else ok; fi
long=$(awk 'BEGIN { while (i++ < 120000) printf "a" }')
run 2 "$robots" url "http://$long!/"
expect_err_line 'bytes not shown.*ROBOTS_ERR_URL_TOO_LONG'
if [ "$(wc -c <"$tmp/err")" -lt 1100 ]; then ok; else
    fail "a 120 KB URL was echoed whole: $(wc -c <"$tmp/err") bytes"
fi

# Output that cannot be written is an I/O error, exit 2 with one line on
# stderr (the manual: "2 on a usage, input or I/O error"), for every
# command and for --help and --version.
if [ -w /dev/full ]; then
    printf 'Cache-Control: max-age=60\n' >"$tmp/headers"
    for args in "url http://a/" "scope http://a/robots.txt http://a/x" \
        "policy --status 200" "cache-lifetime $tmp/headers" \
        "meta $tmp/page.html" "--help" "--version" "url --help"; do
        # shellcheck disable=SC2086 # the arguments are split on purpose
        "$robots" $args >/dev/full 2>"$tmp/err" </dev/null
        got=$?
        if [ "$got" -eq 2 ]; then ok; else
            fail "exit $got, want 2, writing to /dev/full: robots $args"
        fi
        expect_err_line 'cannot write to standard output'
    done
fi

finish
