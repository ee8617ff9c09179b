/* SPDX-License-Identifier: MIT */
/*
 * quote.c - input quoted for a message (quote.h): the byte-at-a-time
 * quote, which is the reference, and the fast ASCII quote of
 * quote_ascii.h held to it in the fuzzers' build.
 */
#include "quote.h"
#include "body.h"
#include "quote_ascii.h"

#include <stdint.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#endif

/* The bytes of the character at u[0] to copy (0: it becomes '?'), and in
 * *step the bytes it spans. */
static size_t kept_bytes(const unsigned char *u, size_t len, rb_quote_keep keep,
                         size_t *step) {
    *step = 1;
    if (u[0] >= 0x20 && u[0] < 0x7F)
        return 1;
    /* A UTF-8 character is at most 4 bytes: a longer look is no help,
     * and ASCII alone (the parse's diagnostics) never looks. */
    if (keep == RB_QUOTE_KEEP_ASCII || u[0] < 0x80 ||
        rb_invalid_utf8_at(u, len < 4 ? len : 4) == 0)
        return 0;
    if (u[0] == 0xC2 && u[1] < 0xA0) {
        *step = 2; /* a C1 control: one '?' */
        return 0;
    }
    *step = u[0] < 0xE0 ? 2 : u[0] < 0xF0 ? 3 : 4;
    return *step;
}

size_t rb_text_quote_plain(const char *s, size_t len, rb_quote_keep keep,
                           char *out, size_t cap) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, n = 0, room = cap - 4;
    while (i < len) {
        size_t step;
        size_t copy = kept_bytes(u + i, len - i, keep, &step);
        if (n + (copy != 0 ? copy : 1) > room)
            break;
        if (copy != 0) {
            memcpy(out + n, s + i, copy);
            n += copy;
        } else {
            out[n++] = '?';
        }
        i += step;
    }
    if (i < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return n;
}

size_t rb_text_quoted(const char *s, size_t len, rb_quote_keep keep, char *out,
                      size_t cap) {
    if (keep != RB_QUOTE_KEEP_ASCII)
        return rb_text_quote_plain(s, len, keep, out, cap);
    size_t n = rb_quote_ascii(s, len, out, cap);
#ifdef RB_PARSE_CROSSCHECK
    /* the fuzzers' build: the byte-at-a-time quote must write the same */
    char again[256];
    if (cap <= sizeof again &&
        (rb_text_quote_plain(s, len, keep, again, cap) != n ||
         memcmp(again, out, n + 1) != 0))
        abort();
#endif
    return n;
}

const char *rb_text_quote(const char *s, size_t len, rb_quote_keep keep,
                          char *out, size_t cap) {
    rb_text_quoted(s, len, keep, out, cap);
    return out;
}
