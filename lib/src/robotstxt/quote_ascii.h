/* SPDX-License-Identifier: MIT */
/*
 * quote_ascii.h - the ASCII quote (rb_text_quote() with
 * RB_QUOTE_KEEP_ASCII) inline, for the parse's diagnostics, which quote
 * the input on most lines of a page served as robots.txt: sixteen bytes a
 * step with SSE2 (every x86-64), eight in a word elsewhere and in the CI
 * gate built with RB_NO_SIMD. The unit suite and the fuzzers' build hold
 * it to the byte-at-a-time quote (quote.c). Inline, no state; may call
 * nothing but memcpy.
 */
#ifndef ROBOTS_RT_QUOTE_ASCII_H
#define ROBOTS_RT_QUOTE_ASCII_H

#include "compiler.h"
#include "words.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Eight bytes of v with each one that is no printable ASCII as '?'. Each
 * test keeps to its byte (no sum carries out of one), so the mask is
 * exact in every byte, not only in its lowest flag. */
static inline uint64_t rb_printable8(uint64_t v) {
    const uint64_t low7 = RB_ONES * 0x7F;
    uint64_t t = v & low7;
    uint64_t at_least_space = (t + RB_ONES * (0x80 - 0x20)) & RB_HIGHS;
    uint64_t del = (t + RB_ONES) & RB_HIGHS; /* t == 0x7F */
    uint64_t bad = (~at_least_space | del | v) & RB_HIGHS;
    uint64_t fill = (bad >> 7) * 0xFF; /* 0xFF in each bad byte */
    return (v & ~fill) | (RB_ONES * '?' & fill);
}

/* s[at, at + 8) into out[at, at + 8), printable ASCII kept. */
static inline void rb_quote8(const char *s, char *out, size_t at) {
    uint64_t v = rb_printable8(rb_load8(s + at));
    memcpy(out + at, &v, 8);
}

#ifdef RB_SSE2
/* s[at, at + 16) into out[at, at + 16), printable ASCII kept: each byte
 * plus one, compared as a signed byte, is below '!' unless the byte is
 * printable (0x00..0x1F become 0x01..0x20, 0xFF 0x00, and 0x7F..0xFE
 * negative), one compare where a compare below ' ' and one with 0x7F took
 * three operations and a third register. */
static inline void rb_quote16(const char *s, char *out, size_t at) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + at));
    __m128i bad =
        _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8(1)), _mm_set1_epi8(0x21));
    __m128i q = _mm_or_si128(_mm_andnot_si128(bad, v),
                             _mm_and_si128(bad, _mm_set1_epi8('?')));
    _mm_storeu_si128((__m128i *)(void *)(out + at), q);
}
#endif

/* s[at, at + step) into out[at, at + step), printable ASCII kept: step is
 * 16 (SSE2) or 8. */
static inline void rb_quote_block(const char *s, char *out, size_t at,
                                  size_t step) {
#ifdef RB_SSE2
    if (step == 16) {
        rb_quote16(s, out, at);
        return;
    }
#endif
    (void)step;
    rb_quote8(s, out, at);
}

/* The first m bytes of s into out, printable ASCII kept and every other
 * byte as '?': a byte's quote depends on it alone, so the last block may
 * overlap the one before it and write its bytes again, the same. */
static inline void rb_quote_ascii_bytes(const char *s, size_t m, char *out) {
    size_t step = 8;
#ifdef RB_SSE2
    if (m >= 16)
        step = 16;
#endif
    if (m < step) {
        for (size_t i = 0; i < m; i++) {
            unsigned char c = (unsigned char)s[i];
            out[i] = (char)(c >= 0x20 && c < 0x7F ? c : (unsigned char)'?');
        }
        return;
    }
    size_t i = 0;
    for (; m - i >= step; i += step)
        rb_quote_block(s, out, i, step);
    if (i < m)
        rb_quote_block(s, out, m - step, step);
}

/* rb_text_quoted(s, len, RB_QUOTE_KEEP_ASCII, out, cap): each byte is
 * one byte of the quote, so the quote is the first min(len, cap - 4)
 * bytes, each kept or '?', and "..." when that is not all of them. */
static inline size_t rb_quote_ascii(const char *s, size_t len, char *out,
                                    size_t cap) {
    size_t room = cap - 4, n = len < room ? len : room;
    rb_quote_ascii_bytes(s, n, out);
    if (n < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return n;
}

#endif
