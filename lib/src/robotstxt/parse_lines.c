/* SPDX-License-Identifier: MIT */
/*
 * parse_lines.c - the body's lines: which copy of the line loop
 * (parse_lines_loop.h) reads them, chosen once a parse, and what the
 * parse limit's cut is said to be (rb_parse_record_cut()). Where SSE2 is,
 * each profile's copies are in a file of their own
 * (parse_lines_rfc9309.c, parse_lines_google.c, parse_lines_legacy.c);
 * without it, the two copies are here.
 */
#include "parser.h"
#include "robots.h"

#include <string.h>
#ifndef RB_SSE2
#include "parse_lines_loop.h"
#endif

/* The lines of body[pos, len) (pos < len), ended as rb_parse_lines() ends
 * them (LF, CR or CRLF) and the last one whether or not it is ended: for
 * the part of a body past the parse limit, which is never parsed. The
 * counter a caller streams the rest of a file through does it, so a
 * whole body and one given as a prefix are counted one way. */
static size_t count_lines(const char *body, size_t pos, size_t len) {
    robots_line_count count;
    size_t lines = 0, bytes = 0;
    robots_line_count_init(&count);
    (void)robots_line_count_feed(&count, body + pos, len - pos);
    (void)robots_line_count_result(&count, &lines, &bytes);
    return lines;
}

/* Where the parse limit cut the body, at `pos` (the start of the first
 * line not read), and the past-parse-limit diagnostic there, in
 * robots_cut_message()'s words. The lines not read are counted only when
 * the whole body was given: past a prefix (robots_parse_prefix()) the
 * rest was never seen, and the diagnostic says "the rest" rather than a
 * count it cannot make. Out of the loop's files: it runs once at most,
 * and its message buffer stays out of the line loop's frame. */
void rb_parse_record_cut(parser *p, const char *body, size_t pos, size_t len,
                         size_t limit) {
    p->cut_offset = pos;
    p->cut_line = p->line;
    p->line_start = body + pos;
    if (p->rest == 0) {
        p->lines_not_read = count_lines(body, pos, len);
        p->bytes_not_read = len - pos;
    } else {
        p->lines_not_read = ROBOTS_NOT_COUNTED;
        p->bytes_not_read =
            p->rest == ROBOTS_NOT_COUNTED ||
                    p->rest > ROBOTS_NOT_COUNTED - 1 - (len - pos)
                ? ROBOTS_NOT_COUNTED
                : len - pos + p->rest;
    }
    robots_cut_info cut;
    char words[ROBOTS_CUT_MESSAGE_BYTES];
    size_t words_len;
    memset(&cut, 0, sizeof cut);
    cut.truncated = 1;
    cut.limit = limit;
    cut.lines_not_read = p->lines_not_read;
    cut.bytes_not_read = p->bytes_not_read;
    (void)robots_cut_message(&cut, words, sizeof words, &words_len);
    rb_parse_diag(p, NULL, ROBOTS_DIAG_PAST_PARSE_LIMIT, ROBOTS_SEVERITY_ERROR,
                  NULL, "%s", words);
}

#ifndef RB_SSE2
/* Without SSE2 there is no run to part (rule_lines() reads nothing): one
 * copy for each setting of skip_diagnostics, the profile read once a
 * parse, so that a build for a small target (librobots.wasm, held under
 * 300 KiB by the js gate) is not larger by four copies of the loop. */
__attribute__((noinline, flatten)) static void
read_lines_reporting(parser *p, const char *body, size_t len, size_t limit,
                     size_t *parsed) {
    read_lines(p, body, len, limit, parsed, p->profile, 0);
}
__attribute__((noinline, flatten)) static void
read_lines_skipping(parser *p, const char *body, size_t len, size_t limit,
                    size_t *parsed) {
    read_lines(p, body, len, limit, parsed, p->profile, 1);
}
#endif

/* (robots_parse() takes only the three profiles: parse.c) */
void rb_parse_lines(parser *p, const char *body, size_t len, size_t limit,
                    size_t *parsed) {
    /* Direct calls, each copy named, not a call through a pointer chosen
     * by `?:`: the stack gate (ci/stack_usage.py) follows direct calls
     * only, and a call it cannot follow fails it. */
    const int skip = p->skip_diagnostics;
#ifdef RB_SSE2
    switch (p->profile) {
    case ROBOTS_PROFILE_RFC9309:
        if (skip)
            rb_read_lines_rfc9309_skipping(p, body, len, limit, parsed);
        else
            rb_read_lines_rfc9309(p, body, len, limit, parsed);
        break;
    case ROBOTS_PROFILE_GOOGLE:
        if (skip)
            rb_read_lines_google_skipping(p, body, len, limit, parsed);
        else
            rb_read_lines_google(p, body, len, limit, parsed);
        break;
    case ROBOTS_PROFILE_LEGACY:
    default:
        if (skip)
            rb_read_lines_legacy_skipping(p, body, len, limit, parsed);
        else
            rb_read_lines_legacy(p, body, len, limit, parsed);
        break;
    }
#else
    if (skip)
        read_lines_skipping(p, body, len, limit, parsed);
    else
        read_lines_reporting(p, body, len, limit, parsed);
#endif
}
