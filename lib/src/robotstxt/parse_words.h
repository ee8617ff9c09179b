/* SPDX-License-Identifier: MIT */
/*
 * parse_words.h - a line without ':' told apart: google reads a line of
 * exactly two words ("disallow /a") as key and value, and every other
 * line without ':' is reported as missing its colon (parse_keys.c writes
 * both messages). two_words() finds the two words' bounds, sixteen bytes
 * a step where SSE2 is there and the body has the bytes, else a byte at a
 * time. Static inline, for the line loop alone (parse_lines_loop.h): a page of
 * text served as robots.txt asks it of every line, and its split_line() keeps
 * it in the line loop's frame (out of line, a call a line without ':'). The
 * fuzzers' build (RB_PARSE_CROSSCHECK) holds the inline 32-byte reading to
 * the loop's.
 */
#ifndef ROBOTS_RT_PARSE_WORDS_H
#define ROBOTS_RT_PARSE_WORDS_H

#include "ascii.h"
#include "compiler.h"
#include "parser.h"
#include "scan_simd.h"

#include <stddef.h>
#include <stdint.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h> /* abort() */
#endif

#ifdef RB_SSE2
/* The ' ' and '\t' of the 16 bytes at s, a bit each. */
static inline unsigned blanks16(const char *s) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    return (unsigned)_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
}

/* Where the words of a line without ':' end and start (i: its first
 * blank, j: the first byte after it that is not one), sixteen bytes a
 * step: 1 when the line is two words, 0 when it is one word or three or
 * more. Each step's bytes from len on are masked off; the caller holds
 * the body readable to len + 15. */
static inline int two_words16(const char *s, size_t len, size_t *i, size_t *j) {
    int phase = 0; /* 0: in the first word, 1: in the blanks, 2: after */
    for (size_t b = 0; b < len; b += 16) {
        unsigned valid = len - b >= 16 ? 0xFFFFu : (1u << (len - b)) - 1u;
        unsigned blank = blanks16(s + b) & valid;
        unsigned other = ~blank & valid;
        if (phase == 0) {
            if (blank == 0)
                continue;
            *i = b + rb_lowest_bit(blank);
            phase = 1;
            other &= ~0u << (*i - b);
        }
        if (phase == 1) {
            if (other == 0)
                continue;
            *j = b + rb_lowest_bit(other);
            phase = 2;
            blank &= ~0u << (*j - b);
        }
        if (blank != 0)
            return 0; /* a third word */
    }
    if (phase == 1)
        *j = len;
    return phase != 0;
}

/* two_words16() told from the blanks of the line's first 32 bytes alone,
 * inline, where its loop and call cost about 75 instructions a line
 * without ':' (1.8 M of the real-world corpus's google parse, a page of
 * HTML's every line): 0 when they hold two runs of blanks (a third word)
 * or, the line ending in them, none; 1 with *i and *j when the line ends
 * in them with one run (each run's end is the first bit its lowest bit's
 * carry leaves, its bit at len if it reaches the end); -1 when the line
 * goes on and the loop decides. */
static inline int two_words32(const char *s, size_t len, size_t *i, size_t *j) {
    uint64_t blank = blanks16(s);
    if (len > 16)
        blank |= (uint64_t)blanks16(s + 16) << 16;
    if (len < 32)
        blank &= ((uint64_t)1 << len) - 1;
    uint64_t low = blank & (0 - blank);
    if (((blank + low) & blank) != 0)
        return 0; /* a second run: a third word */
    if (len > 32)
        return -1;
    if (blank == 0)
        return 0;
    *i = (unsigned)__builtin_ctzll(blank);
    *j = (unsigned)__builtin_ctzll(blank + low);
    return 1;
}
#endif

/* "disallow /a" without a colon: google reads exactly two words as key and
 * value. When the line has that shape, the first word's length i and
 * where the second starts j, as j << 32 | i (i is never 0: the line is
 * trimmed); else 0. A page of text served as robots.txt asks it of every
 * line: read sixteen bytes a step where the body has them (end: the body's
 * end), where a byte at a time cost 3.2 M instructions of the real-world
 * corpus's google parse. It takes no pointer to the caller's key and
 * value: with one, gcc kept them in memory on every line's path (rfc9309's
 * corpus parse 0.3 M dearer). */
static inline uint64_t two_words(const char *s, size_t len, const char *end) {
    size_t i = 0, j = 0;
    /* the line ends at or before the body's end (split_line() says that
     * it starts in the body), or the guard below wraps */
    RB_ASSUMED(rb_lies_in(s, len, s, end));
#ifdef RB_SSE2
    if ((size_t)(end - s) - len >= 15) {
        int two = two_words32(s, len, &i, &j);
#ifdef RB_PARSE_CROSSCHECK
        size_t i16 = 0, j16 = 0;
        if (two >= 0 && (two_words16(s, len, &i16, &j16) != two ||
                         (two && (i16 != i || j16 != j))))
            abort();
#endif
        if (two == 0 || (two < 0 && !two_words16(s, len, &i, &j)))
            return 0;
        return (uint64_t)j << 32 | i;
    }
#endif
    (void)end;
    while (i < len && !rb_ascii_is_blank((unsigned char)s[i]))
        i++;
    if (i == len)
        return 0;
    j = i;
    while (j < len && rb_ascii_is_blank((unsigned char)s[j]))
        j++;
    for (size_t k = j; k < len; k++)
        if (rb_ascii_is_blank((unsigned char)s[k]))
            return 0;
    return (uint64_t)j << 32 | i;
}

#endif /* ROBOTS_RT_PARSE_WORDS_H */
