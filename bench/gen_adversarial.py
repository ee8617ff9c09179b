#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the adversarial inputs of the benchmark (deterministic, no randomness).

Usage: gen_adversarial.py OUTDIR [--small]

Each case is one input file (a robots.txt, an HTML page or a header value)
plus, for robots.txt cases, one URL file. OUTDIR/manifest.tsv lists them,
one case a line, tab-separated:

    name  kind  profile  agent  input  url  note

kind is `robots` (parse, then check `url` for `agent`), `meta` (scan the
HTML for `agent`) or `header` (read an X-Robots-Tag value). `input` and
`url` are file names relative to OUTDIR; `url` is `-` for meta and header
cases. The main workload (../shared/bench/gen_robots.py) is referred to as
`@robots` when a case reuses it.

--small scales every case down (for the ctest smoke test): the shapes stay,
the sizes shrink, so the harness is exercised without the cost.
"""
import os
import sys

PARSE_LIMIT = 512000  # ROBOTS_DEFAULT_PARSE_LIMIT
MAX_LINE = 16663  # ROBOTS_MAX_LINE_BYTES
MAX_URL = 16384  # ROBOTS_MAX_URL_BYTES
META_SCAN = 1048576  # ROBOTS_META_MAX_SCAN_BYTES
HOST = "https://example.com/"


def main():
    args = [a for a in sys.argv[1:] if a != "--small"]
    small = "--small" in sys.argv[1:]
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    out = args[0]
    os.makedirs(out, exist_ok=True)
    # Scale: the full sizes are the named limits; --small divides them.
    div = 64 if small else 1
    limit = PARSE_LIMIT // div
    line = MAX_LINE // div
    url_len = MAX_URL // div
    scan = META_SCAN // div
    cases = []

    def write(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)

    def robots(name, body, url, note, profile="rfc9309", agent="FooBot",
               past_limit=False):
        assert small or past_limit or len(body) <= limit, (name, len(body))
        write(name + ".txt", body)
        write(name + ".url", url)
        cases.append((name, "robots", profile, agent, name + ".txt",
                      name + ".url", note))

    def again(name, profile, note):
        """The case `name` once more, under another profile."""
        c = next(c for c in cases if c[0] == name)
        cases.append((name + "-" + profile, "robots", profile, c[3], c[4],
                      c[5], note))

    def fill(prefix, unit, total, suffix=b""):
        """prefix + as many whole units as fit in total bytes + suffix."""
        n = max(1, (total - len(prefix) - len(suffix)) // len(unit))
        return prefix + unit * n + suffix

    # 1. The issue's case: 30 lines, each `Disallow: /` followed by `*a`
    # repeated 8,320 times and `*b` (16,653 bytes, under the line limit;
    # 30 of them are just under 500 KiB). The URL is the host + 10,000 `a`.
    reps = 8320 // div
    issue_line = b"Disallow: /" + b"*a" * reps + b"*b\n"
    issue_url = (HOST + "a" * (10000 // div)).encode()
    robots("issue-star-a", b"User-agent: *\n" + issue_line * 30, issue_url,
           "issue 7: 30 x (Disallow: / + *a x8320 + *b)", agent="QuxBot")
    again("issue-star-a", "google", "the same, google profile")
    # The other reading of the issue: 30 lines `Disallow: /`, then one line.
    robots("issue-star-a-1line",
           b"User-agent: *\n" + b"Disallow: /\n" * 30 + issue_line, issue_url,
           "30 x Disallow: / then one *a x8320 *b line", agent="QuxBot")

    # 2. Long literal segments that almost match at every offset: the
    # leftmost-occurrence search compares ~segment bytes at each of ~path
    # positions (the (pattern+1)*(path+1) bound, reached).
    seg = line - len("Disallow: /*") - 2
    near = b"Disallow: /*" + b"a" * seg + b"b\n"
    n_lines = max(1, limit // len(near))
    robots("long-segments", b"User-agent: *\n" + near * n_lines,
           (HOST + "a" * (url_len - len(HOST))).encode(),
           "%d x (Disallow: /* + a x%d + b), URL of %d a" %
           (n_lines, seg, url_len - len(HOST)), agent="QuxBot")
    again("long-segments", "google", "the same, google profile")

    # 3. The same through percent-encoding: every URL byte is non-ASCII, so
    # the normalised path is three times the URL; the pattern is written
    # already encoded.
    pct_seg = (line - len("Disallow: /*") - 4) // 3
    pct = b"Disallow: /*" + b"%C3" * pct_seg + b"%C4\n"
    n_lines = max(1, limit // len(pct))
    robots("pct-segments", b"User-agent: *\n" + pct * n_lines,
           HOST.encode() + b"\xc3" * (url_len - len(HOST)),
           "%d x (Disallow: /* + %%C3 x%d + %%C4), URL of raw 0xC3 bytes" %
           (n_lines, pct_seg), agent="QuxBot")

    # 3b. The same two shapes with 30 different lines, so that no index can
    # merge them: each line's last segment carries its number.
    def distinct(unit_line, i):
        return unit_line.replace(b"\n", b"%d\n" % i)

    robots("issue-star-a-distinct",
           b"User-agent: *\n" + b"".join(
               distinct(issue_line, i) for i in range(30)),
           issue_url, "30 different lines of the issue's shape",
           agent="QuxBot")
    robots("pct-segments-distinct",
           b"User-agent: *\n" + b"".join(
               distinct(b"Disallow: /*" + b"%C3" * (pct_seg - 1) + b"%C4\n",
                        i) for i in range(n_lines)),
           HOST.encode() + b"\xc3" * (url_len - len(HOST)),
           "pct-segments with %d different lines" % n_lines, agent="QuxBot")

    # 3c. Many different short wildcard rules that all pass every filter
    # and nearly match at every other byte of the path: each rule is a
    # linear search, but there are tens of thousands of them.
    def numbered_lines(head, line, size=None):
        """head + line % 0, line % 1, ... while the body fits `size` (the
        limit by default)."""
        size = limit if size is None else size
        body = bytearray(head)
        i = 0
        while len(body) + len(line % i) <= size:
            body += line % i
            i += 1
        return bytes(body), i

    body, i = numbered_lines(b"User-agent: *\n", b"Disallow:/*x0%06d\n")
    robots("many-wild-near-miss", body,
           (HOST + "x0" * ((url_len - len(HOST)) // 2 - 8) + "0123456789")
           .encode(),
           "%d rules Disallow:/*x0NNNNNN, URL of x0 repeated" % i,
           agent="QuxBot")
    # 3c'. The same rules against a path that holds every pair of digits
    # (a de Bruijn sequence of them after the x0s): no rule lacks a byte
    # or a pair of bytes, so the pair filter drops none, and the one
    # pass's automaton is built for all of them on every check.
    digits = "".join("%d%d" % (a, b) for a in range(10) for b in range(10))
    robots("many-wild-pairs-all", body,
           (HOST + "x0" * ((url_len - len(HOST) - len(digits)) // 2 - 1) +
            digits).encode(),
           "%d rules Disallow:/*x0NNNNNN, URL of x0 repeated and every pair "
           "of digits" % i,
           agent="QuxBot")

    # 3c''. What an adversary tries next against the hash of one-literal
    # rules (session 19, multi_literal.c), each against a path holding
    # every pair its rules need: literals of 60 lengths (a pass over the
    # path for each length worth one); literals sharing 32 bytes that
    # occur all along the path; the same rules anchored with `$`; and raw
    # UTF-8 literals, which get their normal form only once gathered.
    pairs_url = (HOST + "x0" * ((url_len - len(HOST) - len(digits)) // 2 - 1)
                 + digits).encode()
    body = bytearray(b"User-agent: *\n")
    i = 0
    while True:
        lit = ("%d" % i * 64)[:1 + i % 60]
        line_i = b"Disallow:/*x0%s\n" % lit.encode()
        if len(body) + len(line_i) > limit:
            break
        body += line_i
        i += 1
    robots("many-wild-lengths-pairs", bytes(body), pairs_url,
           "%d rules Disallow:/*x0 and 1 to 60 digits, URL of x0 repeated "
           "and every pair of digits" % i, agent="QuxBot")
    body, i = numbered_lines(b"User-agent: *\n",
                             b"Disallow:/*" + b"x0" * 16 + b"%06d\n")
    robots("many-wild-shared-prefix", body, pairs_url,
           "%d rules Disallow:/*(x0 x16)NNNNNN, URL of x0 repeated and "
           "every pair of digits" % i, agent="QuxBot")
    # The same with one rule more, of the 32 shared bytes alone: a pass for
    # the band of lengths 32 to 63 keyed by its shortest literal's first 32
    # bytes would find all of them at every other window (session 20's
    # band, tried: the automaton's, 7.1 -> 19.8 M a check); a pass a length.
    body, i = numbered_lines(b"User-agent: *\nDisallow:/*" + b"x0" * 16 +
                             b"\n", b"Disallow:/*" + b"x0" * 16 + b"%06d\n")
    robots("many-wild-shared-band", body, pairs_url,
           "%d rules Disallow:/*(x0 x16)NNNNNN and one of (x0 x16) alone, URL "
           "of x0 repeated and every pair of digits" % i, agent="QuxBot")
    body, i = numbered_lines(b"User-agent: *\n", b"Disallow:/*x0%06d$\n")
    robots("many-wild-anchored-pairs", body, pairs_url,
           "%d rules Disallow:/*x0NNNNNN$, URL of x0 repeated and every "
           "pair of digits" % i, agent="QuxBot")
    body, i = numbered_lines(b"User-agent: *\n",
                             b"Disallow:/*\xc3\xa9%06d\n")
    robots("many-wild-raw-pairs", body,
           (HOST + "\u00e9" * ((url_len - len(HOST) - len(digits)) // 2 - 1)
            + digits).encode(),
           "%d rules Disallow:/*<e-acute>NNNNNN (raw UTF-8), URL of e-acute "
           "repeated and every pair of digits" % i, agent="QuxBot")

    # 3d. Against the one-pass matcher: segments of many different lengths
    # that all occur at every position of the path, so that each position
    # reports every one of them (path_len x distinct lengths). In the first
    # shape the rules wait for %C4 first and the %C3 runs stay wanted; in
    # the second they find their %C3 run at once and then wait for %C4.
    def lengths(line_of):
        body = bytearray(b"User-agent: *\n")
        k = 1
        while len(body) + len(line_of(k)) <= limit:
            body += line_of(k)
            k += 1
        return bytes(body), k - 1

    pct_url = HOST.encode() + b"\xc3" * (url_len - len(HOST))
    body, k = lengths(lambda k: b"Disallow:/*%C4*" + b"%C3" * k + b"\n")
    robots("many-lengths-waiting", body, pct_url,
           "%d rules /*%%C4*(%%C3 x k), k = 1..%d, URL of raw 0xC3" % (k, k),
           agent="QuxBot")
    body, k = lengths(lambda k: b"Disallow:/*" + b"%C3" * k + b"*%C4\n")
    robots("many-lengths-found", body, pct_url,
           "%d rules /*(%%C3 x k)*%%C4, k = 1..%d, URL of raw 0xC3" % (k, k),
           agent="QuxBot")

    # 3e. The same shapes with the bytes >= 0x80 written raw, as UTF-8
    # files have them: a pattern that is not its own normal form is kept
    # as written and normalised each time a check reads it, so these
    # measure that work (three times as many such patterns fit, too).
    raw_seg = line - len("Disallow: /*") - 6
    robots("raw-segments-distinct",
           b"User-agent: *\n" + b"".join(
               b"Disallow: /*" + b"\xc3" * raw_seg + b"\xc4%d\n" % i
               for i in range(max(1, limit // (raw_seg + 20)))),
           pct_url, "lines of /* + raw 0xC3 x%d + 0xC4 + a number, URL of "
           "raw 0xC3" % raw_seg, agent="QuxBot")
    body, i = numbered_lines(b"User-agent: *\n", b"Disallow:/*\xc3%06d\n")
    robots("many-raw-near-miss", body,
           HOST.encode() + b"\xc3" * (url_len - len(HOST) - 10) +
           b"0123456789",
           "%d rules Disallow:/*<0xC3>NNNNNN, URL of raw 0xC3" % i,
           agent="QuxBot")
    body, k = lengths(lambda k: b"Disallow:/*" + b"\xc3" * k + b"*\xc4\n")
    robots("many-raw-lengths-found", body, pct_url,
           "%d rules /*(raw 0xC3 x k)*<0xC4>, k = 1..%d, URL of raw 0xC3" %
           (k, k), agent="QuxBot")
    # The same, two runs taking turns, so that no segment shares much with
    # the one inserted before it (multi.c inserts in rule order).
    body, k = lengths(lambda k: b"Disallow:/*" + (b"\xc3", b"\xc5")[k % 2] *
                      (k // 2 + 1) + b"*\xc4\n")
    robots("many-raw-lengths-two", body, pct_url,
           "%d rules /*(raw 0xC3 or 0xC5 x k)*<0xC4>, the two in turn, URL "
           "of raw 0xC3" % k, agent="QuxBot")
    body, k = lengths(lambda k: b"Disallow:/" + b"\xc3" * k + b"\n")
    robots("many-raw-keys", body, pct_url,
           "%d rules /(raw 0xC3 x k), k = 1..%d: every one a key of the "
           "path, URL of raw 0xC3" % (k, k), agent="QuxBot")

    # 4. Patterns of stars only, and stars alternating with one literal.
    stars = b"Disallow: /" + b"*" * (line - len("Disallow: /") - 2) + b"$\n"
    robots("stars-only",
           b"User-agent: *\n" + stars * max(1, limit // len(stars)),
           (HOST + "a" * (url_len - len(HOST))).encode(),
           "lines of Disallow: /***...*$", agent="QuxBot")

    # 5. The URL limit, every byte needing percent-encoding, against the
    # main workload (FooBot's 17 groups).
    cases.append(("url-max-pct-workload", "robots", "rfc9309", "FooBot",
                  "@robots", "url-max-pct.url",
                  "main workload, URL of %d bytes all to encode" % url_len))
    write("url-max-pct.url", HOST.encode() + b"\xff" * (url_len - len(HOST)))

    # 6. Many short rules in one group: a scan over every rule pays for all.
    body, i = numbered_lines(b"User-agent: *\n", b"Disallow: /p%06d/\n")
    robots("many-rules", body, (HOST + "p999999/x").encode(),
           "%d one-line rules in one * group" % i, agent="QuxBot")

    # 7. A file of user-agent lines: parse cost per line, and group
    # selection over every agent of every check.
    body = bytearray()
    i = 0
    while True:
        ua = b"User-agent: Crawler%06d\n" % i
        if len(body) + len(ua) + len(b"Disallow: /\n") > limit:
            break
        body += ua
        i += 1
    body += b"Disallow: /\n"
    robots("many-agents", bytes(body), (HOST + "x").encode(),
           "%d user-agent lines, one group" % i)
    # Many groups of one agent and one rule each.
    body = bytearray()
    i = 0
    while True:
        g = b"User-agent: Crawler%06d\nDisallow: /%06d\n\n" % (i, i)
        if len(body) + len(g) > limit:
            break
        body += g
        i += 1
    robots("many-groups", bytes(body), (HOST + "x").encode(),
           "%d groups of one agent and one rule" % i)
    # The same with a product token of its own for every group (letters
    # only: a digit would end the token), so that each has its own set:
    # the densest document found.
    body = bytearray()
    i = 0
    while True:
        name, n = b"", i
        for _ in range(4):
            name = bytes([ord("a") + n % 26]) + name
            n //= 26
        g = b"User-agent: %s\nAllow: /\n" % name
        if len(body) + len(g) > limit:
            break
        body += g
        i += 1
    robots("many-tokens", bytes(body), (HOST + "x").encode(),
           "%d groups of one distinct token and one rule" % i)

    # The densest documents per input byte (robots.h, "Memory"): 3-byte
    # extension lines, each a record; rules of long non-ASCII patterns,
    # kept as written and percent-encoded (three bytes for each); google's
    # shortest user-agent key, each group naming a token of its own.
    robots("extension-lines", fill(b"", b"x:\n", limit),
           (HOST + "x").encode(), "3-byte lines of an unknown key",
           agent="QuxBot")
    robots("wide-patterns",
           fill(b"User-agent: *\n", b"allow:/" + b"\x80" * 100 + b"\n",
                limit),
           (HOST + "x").encode(), "rules of 100 bytes >= 0x80 each",
           agent="QuxBot")
    body = bytearray()
    alphabet = b"abcdefghijklmnopqrstuvwxyz-_"
    i = 0
    while True:
        name, n = b"", i
        while True:  # the i-th token, shortest first
            name = alphabet[n % 28:n % 28 + 1] + name
            n = n // 28 - 1
            if n < 0:
                break
        g = b"useragent:" + name + b"\nallow:/\n"
        if len(body) + len(g) > limit:
            break
        body += g
        i += 1
    robots("google-tokens", bytes(body), (HOST + "x").encode(),
           "%d google groups, each its own token" % i, profile="google")

    # 8. Lines far over the line limit (truncated), and junk lines that
    # each make a diagnostic (past the cap they are only counted).
    long_line = b"Disallow: /" + b"x" * (4 * line) + b"\n"
    robots("long-lines",
           b"User-agent: *\n" + long_line * max(1, limit // len(long_line)),
           (HOST + "x" * 100).encode(), "lines of 4x the line limit",
           agent="QuxBot")
    junk = b"Dissallow /x\n"
    robots("junk-lines", b"User-agent: *\n" + junk * (limit // len(junk) - 2),
           (HOST + "x").encode(), "typo lines, one diagnostic each",
           agent="QuxBot")
    # No newline at all: one line of the whole parse limit.
    robots("one-line", fill(b"User-agent: * Disallow: /", b"a", limit),
           (HOST + "a").encode(), "one line of the parse limit, no newline",
           agent="QuxBot")

    # 9. Issue 29's shapes. Finding 1: lines `disallow: /` + `*N$*`, N
    # counting up, to 510,970 bytes; `robots diff` compared the file with
    # the same one of N + 7, and each of its checks matched every one of
    # 26,103 wildcard rules (28.8 CPU-seconds, no work-limit message). The
    # same with a two-byte character before N took 152 s. A check of a URL
    # of digits, which every rule's number occurs in.
    digits = (HOST + "1234567890" * ((url_len - len(HOST)) // 10)).encode()
    body, i = numbered_lines(b"user-agent: *\n", b"disallow: /*%d$*\n",
                             510970 // div)
    robots("issue29-star-dollar", body, digits,
           "%d rules disallow: /*N$*, URL of digits (issue 29, finding 1)" % i,
           agent="QuxBot")
    body, i = numbered_lines(b"user-agent: *\n",
                             b"disallow: /*\xc3\xa9%d*\n", 510970 // div)
    robots("issue29-star-e-acute", body,
           (HOST + "\u00e91234567" * ((url_len - len(HOST)) // 9)).encode(),
           "%d rules disallow: /*<e-acute>N*, URL of e-acute and digits" % i,
           agent="QuxBot")
    # Finding 2: a file of `user-agent:q` lines against 64 names of 4,096
    # bytes (no q in them) in legacy: each record's value searched in every
    # name, 16 to 32 s a check before the names were indexed. The agent
    # field @FILE names one agent per line of FILE (robots_bench).
    name_len = 4096 // div
    write("names-64-long.txt", (b"a" * name_len + b"\n") * 64)
    body = b"user-agent:q\n" * (511000 // div // 13)
    robots("issue29-legacy-q", body, (HOST + "x").encode(),
           "%d lines user-agent:q, 64 names of %d bytes (issue 29, finding 2)"
           % (len(body) // 13, name_len), profile="legacy",
           agent="@names-64-long.txt")
    again("issue29-legacy-q", "rfc9309",
          "the same in rfc9309 (each name hashed once)")
    # The same lines against 64 names of letters and digits from a fixed
    # generator (a linear congruence: no randomness), which no byte's
    # repetition makes easy; then a file whose first value is as long as a
    # name (so the names' suffixes are sorted whole, not to a depth of one
    # or two bytes), followed by values of 8 bytes cut from the names with
    # a `~` after them: each found in no name, each searched at full depth.
    alnum = b"abcdefghijklmnopqrstuvwxyz0123456789"
    state = 12345
    letters = bytearray()
    for _ in range(64 * name_len):
        state = (state * 1103515245 + 12345) % (1 << 31)
        letters.append(alnum[(state >> 16) % len(alnum)])
    mixed = [bytes(letters[i * name_len:(i + 1) * name_len])
             for i in range(64)]
    write("names-64-mixed.txt", b"".join(n + b"\n" for n in mixed))
    robots("issue29-legacy-q-random", body, (HOST + "x").encode(),
           "%d lines user-agent:q, 64 names of %d letters and digits"
           % (len(body) // 13, name_len), profile="legacy",
           agent="@names-64-mixed.txt")
    long_body = b"user-agent:" + b"~" * name_len + b"\n"
    k = 0
    while len(long_body) + 21 <= 511000 // div:
        name = mixed[k % 64]
        at = (k * 7919) % (name_len - 8)
        long_body += b"user-agent:" + name[at:at + 8] + b"~\n"
        k += 1
    robots("issue29-legacy-long-value", long_body, (HOST + "x").encode(),
           "a value of %d bytes, then %d of 8 bytes of the names and `~`, "
           "64 names of letters and digits" % (name_len, k),
           profile="legacy", agent="@names-64-mixed.txt")
    # Session 18's variants of it. The names' hash (names_hash.c) answers
    # values of a few lengths, and a filter of the names' bytes the ones
    # holding a byte no name holds (every one above, with its `~`): the
    # same file with a letter the names hold in place of each `~` (the
    # letter after the piece's own next one: the piece is then in no
    # name but by a one in ten million chance); the same with a value
    # found last; values of 200 lengths (6 to 205 bytes), which the hash
    # would need 200 passes for, so the suffixes are sorted; and 64 names
    # of `abab...` against values of (ab)^k cut to 3 to 99 bytes and
    # `bb`, each searched deep in the sorted suffixes.
    def shifted(name, at, n):
        nxt = alnum.index(name[at + n])
        return name[at:at + n] + alnum[(nxt + 1) % len(alnum):][:1]
    def pieces(first, lengths, limit):
        out, k = b"user-agent:" + first + b"\n", 0
        while True:
            n = lengths[k % len(lengths)]
            name = mixed[k % 64]
            line = (b"user-agent:" + shifted(name, (k * 7919) % (name_len - n - 1), n)
                    + b"\n")
            if len(out) + len(line) > limit:
                return out, k
            out += line
            k += 1
    letters_first = bytes(alnum[(i * 7) % len(alnum)] for i in range(name_len))
    body, k = pieces(letters_first, [8], 511000 // div)
    robots("issue29-legacy-long-letters", body, (HOST + "x").encode(),
           "a value of %d letters, then %d of 8 bytes of the names and a "
           "letter, found nowhere" % (name_len, k), profile="legacy",
           agent="@names-64-mixed.txt")
    found = b"user-agent:" + mixed[63][100:200] + b"\n"
    body, k = pieces(letters_first, [8], 511000 // div - len(found))
    robots("issue29-legacy-long-found", body + found, (HOST + "x").encode(),
           "issue29-legacy-long-letters with a value found last (%d values)"
           % (k + 2), profile="legacy", agent="@names-64-mixed.txt")
    body, k = pieces(letters_first,
                     [6 + i % 200 for i in range(200)] if div == 1 else [6],
                     511000 // div)
    robots("issue29-legacy-many-lengths", body, (HOST + "x").encode(),
           "a value of %d letters, then %d pieces of the names of 200 "
           "lengths with a letter after, found nowhere" % (name_len, k),
           profile="legacy", agent="@names-64-mixed.txt")
    write("names-64-ab.txt", ((b"ab" * name_len)[:name_len] + b"\n") * 64)
    body, k = b"user-agent:" + b"ab" * (name_len // 2 - 48) + b"b\n", 0
    while True:
        line = (b"user-agent:" + (b"ab" * (k % 50 + 2))[:k % 97 + 3] + b"bb\n")
        if len(body) + len(line) > 511000 // div:
            break
        body += line
        k += 1
    robots("issue29-legacy-ab-names", body, (HOST + "x").encode(),
           "64 names of abab..., values (ab)^k cut to 3 to 99 bytes and bb "
           "(%d values)" % (k + 1), profile="legacy", agent="@names-64-ab.txt")
    # Session 19's variant of it that the names' byte pairs do not stop:
    # 64 names cut from one Thue-Morse word over {a, b} (each starting a
    # byte later), which holds all four pairs and makes every suffix
    # alike (so they are sorted by induction), against pieces of the word
    # of 3 to 99 bytes with the last byte changed, each in no name.
    tm = bytes(b"ab"[bin(i).count("1") % 2] for i in range(name_len + 64))
    tm_names = [tm[i:i + name_len] for i in range(64)]
    write("names-64-tm.txt", b"".join(n + b"\n" for n in tm_names))
    first = tm[:name_len - 2] + b"aa"
    assert not any(first in name for name in tm_names)
    def pieces_in_none(names, body, piece_at):
        """body + a `user-agent:` line for each piece_at(k), k = 0, 1, ...,
        that no name holds, as many as fit in the parse limit."""
        k = 0
        while True:
            piece = piece_at(k)
            k += 1
            if any(piece in name for name in names):
                continue
            line = b"user-agent:" + piece + b"\n"
            if len(body) + len(line) > 511000 // div:
                return body
            body += line
    def tm_piece(k):
        at, n = (k + 1) * 7919 % (name_len - 100), k % 97 + 3
        return tm[at:at + n - 1] + (b"a" if tm[at + n - 1] == 98 else b"b")
    body = pieces_in_none(tm_names, b"user-agent:" + first + b"\n", tm_piece)
    robots("issue29-legacy-tm-names", body, (HOST + "x").encode(),
           "64 names cut from one Thue-Morse word, values pieces of it of 3 "
           "to 99 bytes with the last changed, in no name",
           profile="legacy", agent="@names-64-tm.txt")
    # Session 21's review: a value longer than the index's windows (in no
    # name, every byte held), repeated between `~` lines, which the search
    # read unfiltered and looked for in the names' text, O(H), at each
    # copy; then a^3 to a^15 (in no name: the word has no cube), whose many
    # lengths keep the names' hash away.
    long_value = b"aaa" + tm[1000:1297]
    assert not any(long_value in name for name in tm_names)
    pair = b"user-agent:" + long_value + b"\nuser-agent:~\n"
    tail = b"".join(b"user-agent:" + b"a" * k + b"\n" for k in range(3, 16))
    body = b""
    while len(body) + len(pair) + len(tail) <= 511000 // div:
        body += pair
    robots("issue29-legacy-tm-long-repeated", body + tail,
           (HOST + "x").encode(),
           "64 Thue-Morse names, a 300-byte value in no name repeated "
           "between ~ lines, then a^3 to a^15",
           profile="legacy", agent="@names-64-tm.txt")
    # Session 21's finding (session 22): issue29-legacy-tm-names with more
    # values nearly as long as a name (pieces of the word of name_len - 4
    # bytes, the last byte changed, in no name), so that the windows of
    # all but the two longest values are as deep as a name.
    def long_pieces(count):
        out, at = b"", 0
        while count > 0:
            n = name_len - 4
            piece = tm[at:at + n - 1] + (b"a" if tm[at + n - 1] == 98
                                         else b"b")
            at += 1
            if not any(piece in name for name in tm_names):
                out += b"user-agent:" + piece + b"\n"
                count -= 1
        return out
    for many, case in ((2, "issue29-legacy-tm-three-long"),
                       (40, "issue29-legacy-tm-many-long")):
        head = b"user-agent:" + first + b"\n" + long_pieces(many)
        robots(case, pieces_in_none(tm_names, head, tm_piece),
               (HOST + "x").encode(),
               "issue29-legacy-tm-names with %d more values of %d bytes "
               "in no name" % (many, name_len - 4),
               profile="legacy", agent="@names-64-tm.txt")
    # Session 20's shape that made the names' hash pay its budget before
    # the sort: 64 names cut from a de Bruijn sequence of the 36 letters
    # and digits, order 2 (every pair once in 1,296 bytes), repeated, each
    # name starting 7 bytes after the one before (every pair held, each
    # window of 6 bytes in the names about 205 times), against pieces of
    # them of 6 to 205 bytes with the last byte changed, in no name.
    # the Lyndon words of length 1 and 2 in order: a, then a b for each
    # b > a, for each a
    order = [x for a in range(36) for x in [a] + [y for b in range(a + 1, 36)
                                                  for y in (a, b)]]
    debruijn = bytes(alnum[x] for x in order)
    db = (debruijn * ((name_len + 64 * 7) // len(debruijn) + 2))
    db_names = [db[i * 7:i * 7 + name_len] for i in range(64)]
    write("names-64-debruijn.txt", b"".join(n + b"\n" for n in db_names))
    def db_piece(k):
        n = 6 + k % 200 if div == 1 else 6
        at, name = (k + 1) * 7919 % (name_len - n - 1), db_names[k % 64]
        return name[at:at + n - 1] + alnum[
            (alnum.index(name[at + n - 1]) + 1) % 36:][:1]
    body = pieces_in_none(db_names, b"", db_piece)
    robots("issue29-legacy-debruijn-names", body, (HOST + "x").encode(),
           "64 names cut from a de Bruijn sequence of 36 symbols, order 2, "
           "repeated; values pieces of them of 6 to 205 bytes with the last "
           "changed, in no name", profile="legacy",
           agent="@names-64-debruijn.txt")
    # Session 22's crafted shape (session 23): 64 names `x a^4095` and
    # `a^4095 y` in turn against values `x a^k y`, k from 4,094 down by 16:
    # each longer than the index's windows, each window of it in a name,
    # the value in none (more than two such made every suffix sorted).
    # Its variants: the same with a value in a name last (`x a^3072`);
    # sixteen such values repeated in turn; and values of two patterns,
    # `x a^k y` then `x b^k y`, against names of both.
    xa = b"x" + b"a" * (name_len - 1)
    ay = b"a" * (name_len - 1) + b"y"
    write("names-64-xay.txt", (xa + b"\n" + ay + b"\n") * 32)
    xb = b"x" + b"b" * (name_len - 1)
    by = b"b" * (name_len - 1) + b"y"
    write("names-64-xay-two.txt",
          (xa + b"\n" + ay + b"\n" + xb + b"\n" + by + b"\n") * 16)
    def xay_values(pattern, room):
        out, k = b"", 0
        while True:
            value = pattern(k)
            if value is None:
                return out
            line = b"user-agent:" + value + b"\n"
            if len(out) + len(line) > room:
                return out
            out += line
            k += 1
    def xay(k, letter=b"a", step=16, top=name_len - 2):
        n = top - step * k
        return b"x" + letter * n + b"y" if n > 0 else None
    found = b"user-agent:x" + b"a" * (name_len * 3 // 4) + b"\n"
    half = 511000 // div // 2
    for case, body, names_file, note in (
            ("issue29-legacy-xay-names", xay_values(xay, 511000 // div),
             "names-64-xay.txt", "x a^k y, k from %d down by 16, in no name"),
            ("issue29-legacy-xay-found",
             xay_values(xay, 511000 // div - len(found)) + found,
             "names-64-xay.txt",
             "x a^k y, k from %d down by 16, then x a^(3n/4), in a name"),
            ("issue29-legacy-xay-repeated",
             xay_values(lambda k: xay(k % 16, step=61, top=name_len // 2),
                        511000 // div),
             "names-64-xay.txt",
             "16 values x a^k y (k from %d down by 61) repeated in turn"),
            ("issue29-legacy-xay-two",
             xay_values(lambda k: xay(k, step=8, top=name_len // 2), half) +
             xay_values(lambda k: xay(k, b"b", 8, name_len // 2), half),
             "names-64-xay-two.txt",
             "x a^k y, then x b^k y, k from %d down by 8, in no name")):
        top = name_len // 2 if "repeated" in case or "two" in case else name_len - 2
        robots(case, body, (HOST + "x").encode(),
               "64 names x a^n / a^n y (and b): " + note % top,
               profile="legacy", agent="@" + names_file)
    # Session 23's left shape (session 24): names of long runs of a short
    # period against values whose every window of the index (256 bytes
    # at every 256th offset, and the last) lies in the runs, the value in
    # no name: pieces of the run of the window's length, each at a phase
    # that does not continue the one before (the junction where two
    # windows meet is in no name). Each window is at thousands of
    # positions; session 23 spent its budget on a few values and then
    # sorted every suffix (about 60 M). Period 1 is two letters' runs
    # (`a^2048 b^2047`: the values hold a `b` then an `a`); 2, 3 and 7
    # one root repeated. The variants: a value in a name last (the run
    # itself), and sixteen values repeated in turn.
    piece_len = 256 // div
    def pairs_tail(letters):
        """Every pair of the letters once (a de Bruijn word of order 2):
        after a name's run, so that the names' byte pairs pass each
        junction of the values."""
        return bytes(letters[a] for x in range(len(letters))
                     for a in [x] + [y for b in range(x + 1, len(letters))
                                     for y in (x, b)]) + letters[:1]
    def run_names(root):
        letters = b"ab" if len(root) == 1 else root
        tail = pairs_tail(letters)
        room = name_len - 1 - len(tail)
        if len(root) == 1:
            return [b"a" * (room // 2) + b"b" * (room - room // 2) + tail] * 64
        run = root * (name_len // len(root) + 1)
        return [run[i % len(root):][:room] + tail for i in range(64)]
    def run_value(root, k):
        """The k-th value of pieces of the run of root: 2 to 16 pieces,
        phases from k's bits, one junction at least that breaks it."""
        count = 2 + k % 15
        if len(root) == 1:
            letters = [b"ab"[(k >> j) & 1] for j in range(count)]
            if b"ba" not in bytes(letters):
                letters[-2:] = [ord("b"), ord("a")]
            return b"".join(bytes([c]) * piece_len for c in letters)
        run = root * (piece_len // len(root) + 2)
        phase, out = k % len(root), b""
        for j in range(count):
            out += run[phase:phase + piece_len]
            cont = (phase + piece_len) % len(root)
            # the next phase: continue, except at one junction a value
            # (its first) and where k's bits say
            if j == 0 or (k >> j) & 1:
                phase = (cont + 1 + (k >> 4) % (len(root) - 1)) % len(root)
            else:
                phase = cont
        return out
    def run_values(root, names, room, pick=lambda k: k, tail=b""):
        out, k = b"", 0
        while True:
            value = run_value(root, pick(k))
            k += 1
            if any(value in name for name in names):
                continue
            line = b"user-agent:" + value + b"\n"
            if len(out) + len(line) + len(tail) > room:
                return out + tail
            out += line
    for case, root, pick, found, note in (
            ("issue29-legacy-runs-p1", b"a", None, False, "a^n b^n"),
            ("issue29-legacy-runs-p2", b"ab", None, False, "(ab)^n"),
            ("issue29-legacy-runs-p3", b"abc", None, False, "(abc)^n"),
            ("issue29-legacy-runs-p7", b"abcdefg", None, False,
             "(abcdefg)^n"),
            ("issue29-legacy-runs-found", b"ab", None, True, "(ab)^n"),
            ("issue29-legacy-runs-repeated", b"abc", lambda k: k % 16, False,
             "(abc)^n")):
        names = run_names(root)
        write("names-64-runs-%d.txt" % len(root),
              b"".join(n + b"\n" for n in names))
        tail = b""
        if found:
            tail = b"user-agent:" + names[0][1:name_len * 3 // 4] + b"\n"
        body = run_values(root, names, 511000 // div,
                          pick if pick else (lambda k: k), tail)
        robots(case, body, (HOST + "x").encode(),
               "64 names of runs %s (and every pair of their letters) "
               "against values of pieces of the run, each of the index's "
               "windows' length, a junction breaking it, in no name%s" %
               (note, ", then one in a name" if found else
                ", 16 repeated in turn" if pick else ""), profile="legacy",
               agent="@names-64-runs-%d.txt" % len(root))
    # What session 24 left (session 25): a root of P bytes of two
    # letters repeated, P from 129 (a period over half the windows, so no
    # window is a run of at most half its length, each at most 2 H / 256
    # + 1 positions) to 511 (no window has a period), against values of
    # the run's 256 bytes at one phase and the rest at another, 512 to
    # 640 bytes: on session 24's main each value tried each position of
    # its rarest window, and some hundreds of them spent the budget
    # (every suffix sorted). The variants: a value in a name last, and
    # sixteen values repeated in turn.
    def period_root(period):
        rnd, out = 12345, bytearray()
        for _ in range(period):
            rnd = (rnd * 1103515245 + 12345) % 2**31
            out.append(b"ab"[rnd >> 16 & 1])
        return bytes(out)
    for period, variant in ((129, ""), (129, "-found"), (129, "-repeated"),
                            (200, ""), (255, ""), (256, ""), (257, ""),
                            (257, "-found"), (511, "")):
        root = period_root(period)
        long_run = root * (name_len // period + 2)
        pn = [long_run[i % period:][:name_len - 1] for i in range(64)]
        names_file = "names-64-runs-%d.txt" % period
        write(names_file, b"".join(n + b"\n" for n in pn))
        tail = b""
        if variant == "-found":
            tail = b"user-agent:" + pn[0][1:name_len * 3 // 4] + b"\n"
        body, k = b"", 0
        while True:
            j = k % 16 if variant == "-repeated" else k
            n = 512 // div + j % 129
            a = j * 7 % period
            b = (j * 7 + 1 + j % (period - 2)) % period
            value = (long_run[a:a + 256 // div] +
                     long_run[b + 256 // div:][:n - 256 // div])
            k += 1
            line = b"user-agent:" + value + b"\n"
            if len(body) + len(line) + len(tail) > 511000 // div:
                break
            if not any(value in name for name in pn[:2]):
                body += line
        body += tail
        robots("issue29-legacy-runs-p%d%s" % (period, variant), body,
               (HOST + "x").encode(),
               "64 names of a root of %d bytes repeated against values of "
               "two pieces of it at phases that do not follow, 512 to 640 "
               "bytes, in no name%s" % (period, {
                   "": "", "-found": ", then one in a name",
                   "-repeated": ", 16 repeated in turn"}[variant]),
               profile="legacy", agent="@" + names_file)
    # The same of period 256 with each value's windows halfway (across its
    # junction) planted in the last two names: sixteen values repeated in
    # turn, every window of them in a name, the rarest at hundreds of
    # positions.
    root = period_root(256)
    long_run = root * (name_len // 256 + 2)
    values = []
    for j in range(16):
        a, b = j * 7 % 256, (j * 7 + 1 + j) % 256
        values.append(long_run[a:a + 256 // div] +
                      long_run[b + 256 // div:][:(256 + 8 * j) // div])
    halves = b"".join(v[128 // div:384 // div] for v in values)
    pn = [long_run[i % 256:][:name_len - 1] for i in range(62)]
    pn += [halves[:len(halves) // 2], halves[len(halves) // 2:]]
    write("names-64-runs-256-planted.txt", b"".join(n + b"\n" for n in pn))
    body, k = b"", 0
    while True:
        line = b"user-agent:" + values[k % 16] + b"\n"
        k += 1
        if len(body) + len(line) > 511000 // div:
            break
        body += line
    # (at the small scale a value of 8 bytes may be in a name: a shape still)
    assert div != 1 or not any(v in n for v in values for n in pn)
    robots("issue29-legacy-runs-p256-planted", body, (HOST + "x").encode(),
           "62 names of a root of 256 bytes repeated and two of the windows "
           "halfway across the junctions of 16 values of two pieces of it "
           "(repeated in turn, in no name)", profile="legacy",
           agent="@names-64-runs-256-planted.txt")
    # What `robots check FILE` read from /dev/zero: NUL bytes and no line
    # end, at the parse limit and four times past it (the bytes past the
    # limit are only counted).
    robots("zero-bytes", b"\0" * limit, (HOST + "x").encode(),
           "%d NUL bytes, no line end" % limit, agent="QuxBot")
    robots("zero-bytes-past-limit", b"\0" * (4 * limit),
           (HOST + "x").encode(), "%d NUL bytes: four times the parse limit"
           % (4 * limit), agent="QuxBot", past_limit=True)
    # Found by the cost fuzzer (fuzz/cost/): groups that all name the same
    # seven tokens, four rules each of twenty `abababab` segments and a
    # number. The sixth token is past the merge budget and reads every
    # group's own set; each set matched apart past the wildcard budget
    # read the path again: 27 ms a check.
    body = bytearray()
    g = 0
    while len(body) < limit - 4000:
        for t in range(7):
            body += b"user-agent: tok%c\n" % (ord("a") + t)
        for k in range(4):
            body += b"%s: /*%s%d\n" % ((b"allow", b"disallow")[k % 2],
                                       b"*".join([b"abababab"] * 20),
                                       4 * g + k)
        body += b"\n"
        g += 1
    robots("many-sets-wild", bytes(body),
           (HOST + "ab" * ((url_len - len(HOST)) // 2)).encode(),
           "%d groups naming the same 7 tokens, 4 rules of 20 segments each;"
           " agent tokf" % g, profile="google", agent="tokf")

    # META: each case at the scan limit plus a little.
    def meta(name, html, note, kind="meta"):
        ext = ".html" if kind == "meta" else ".hdr"
        write(name + ext, html)
        cases.append((name, kind, "-", "googlebot", name + ext, "-", note))

    meta("meta-deep-no-head", fill(b"<html><head>", b"<div>", scan + 64),
         "nested <div> without </head>, past the scan limit")
    meta("meta-many-tags",
         fill(b"<html><head>",
              b'<meta name="robots" content="noindex, max-snippet:5">\n',
              scan + 64), "robots META tags up to the scan limit")
    meta("meta-googlebot-tags",
         fill(b"<html><head>",
              b"<META NAME=googlebot CONTENT='nofollow,unavailable_after: "
              b"2030-01-01'>\n", scan + 64),
         "agent META tags, unquoted and single-quoted, with dates")
    meta("meta-long-content",
         fill(b'<html><head><meta name="robots" content="', b"noindex,",
              scan + 64, b'">'), "one content attribute of the scan limit")
    meta("meta-many-attrs",
         fill(b"<html><head><meta ", b"a=b ", scan + 64, b"name=robots>"),
         "one tag with a quarter million attributes")
    meta("meta-lt", fill(b"<html><head>", b"<", scan + 64),
         "the scan limit of '<'")
    meta("meta-comment-open", fill(b"<html><head>", b"<!-- -", scan + 64),
         "comment openers without a close")
    meta("header-long", fill(b"googlebot: ", b"noindex, ", scan + 64),
         "one X-Robots-Tag value of the scan limit", kind="header")

    with open(os.path.join(out, "manifest.tsv"), "w") as f:
        for c in cases:
            f.write("\t".join(c) + "\n")
    sys.stderr.write("%s: %d cases\n" % (out, len(cases)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
