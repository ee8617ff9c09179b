/* SPDX-License-Identifier: MIT */
/*
 * quote.c - input quoted for a message (quote.h): the byte-at-a-time
 * quote, which is the reference, and the ASCII quote of the parse's
 * diagnostics, sixteen bytes a step with SSE2 and eight in a word
 * elsewhere (and in the CI gate built with RB_NO_SIMD).
 */
#include "quote.h"
#include "body.h"
#include "words.h"

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

/* Eight bytes of v with each one that is no printable ASCII as '?'. Each
 * test keeps to its byte (no sum carries out of one), so the mask is
 * exact in every byte, not only in its lowest flag. */
static uint64_t printable8(uint64_t v) {
    const uint64_t low7 = RB_ONES * 0x7F;
    uint64_t t = v & low7;
    uint64_t at_least_space = (t + RB_ONES * (0x80 - 0x20)) & RB_HIGHS;
    uint64_t del = (t + RB_ONES) & RB_HIGHS; /* t == 0x7F */
    uint64_t bad = (~at_least_space | del | v) & RB_HIGHS;
    uint64_t fill = (bad >> 7) * 0xFF; /* 0xFF in each bad byte */
    return (v & ~fill) | (RB_ONES * '?' & fill);
}

/* s[at, at + 8) into out[at, at + 8), printable ASCII kept. */
static void quote8(const char *s, char *out, size_t at) {
    uint64_t v = printable8(rb_load8(s + at));
    memcpy(out + at, &v, 8);
}

#ifdef RB_SSE2
/* s[at, at + 16) into out[at, at + 16), printable ASCII kept: the bytes
 * below ' ' compare below it as signed bytes, and so do those >= 0x80. */
static void quote16(const char *s, char *out, size_t at) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
    __m128i bad = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
                               _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
    __m128i q = _mm_or_si128(_mm_andnot_si128(bad, v),
                             _mm_and_si128(bad, _mm_set1_epi8('?')));
    _mm_storeu_si128((__m128i *)(void *)(out + at), q);
}
#endif

/* s[at, at + step) into out[at, at + step), printable ASCII kept: step is
 * 16 (SSE2) or 8. */
static void quote_block(const char *s, char *out, size_t at, size_t step) {
#ifdef RB_SSE2
    if (step == 16) {
        quote16(s, out, at);
        return;
    }
#endif
    (void)step;
    quote8(s, out, at);
}

/* The first m bytes of s into out, printable ASCII kept and every other
 * byte as '?': a byte's quote depends on it alone, so the last block may
 * overlap the one before it and write its bytes again, the same. */
static void quote_ascii(const char *s, size_t m, char *out) {
    size_t step = 8;
#ifdef RB_SSE2
    if (m >= 16)
        step = 16;
#endif
    if (m < step) {
        for (size_t i = 0; i < m; i++) {
            unsigned char c = (unsigned char)s[i];
            out[i] = c >= 0x20 && c < 0x7F ? (char)c : '?';
        }
        return;
    }
    size_t i = 0;
    for (; m - i >= step; i += step)
        quote_block(s, out, i, step);
    if (i < m)
        quote_block(s, out, m - step, step);
}

/* ASCII: each byte is one byte of the quote, so the quote is the first
 * min(len, cap - 4) bytes, each kept or '?', and "..." when that is not
 * all of them. */
static size_t quote_ascii_capped(const char *s, size_t len, char *out,
                                 size_t cap) {
    size_t room = cap - 4, n = len < room ? len : room;
    quote_ascii(s, n, out);
    if (n < len) {
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
    size_t n = quote_ascii_capped(s, len, out, cap);
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
