/* SPDX-License-Identifier: MIT */
/*
 * scan_simd.h - byte searches of the parse over the rest of a line once
 * its kind is known: the next line break (LF or CR) of a line already
 * known to be special, and the next byte >= 0x80 of a line being checked
 * for UTF-8. Sixteen bytes a step with SSE2 (every x86-64), eight in a
 * word elsewhere and in the CI gate built with RB_NO_SIMD and
 * RB_NO_FIRST_FLAGGED (whose answers the fuzzers and the unit suite hold
 * the same); and a line's first ':'. Inline, no state; may call nothing
 * but memcpy and memchr.
 */
#ifndef ROBOTS_RT_SCAN_SIMD_H
#define ROBOTS_RT_SCAN_SIMD_H

#include "compiler.h"
#include "words.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The offset of m's lowest set bit (m nonzero), as a size_t, for an
 * offset that a mask's bit adds to. gcc widens __builtin_ctz()'s int with
 * a sign extension (cltq or movslq) whatever the cast, one instruction at
 * every line's end and every rule's; on x86-64 the 32-bit bit scan clears
 * the register's upper half itself, so it is written out there: rep bsf,
 * which is tzcnt on a processor that has it and bsf on one that does not,
 * the two alike for a nonzero m. */
static inline size_t rb_lowest_bit(unsigned m) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    uint64_t at;
    __asm__("rep bsf %1, %k0" : "=r"(at) : "rm"(m) : "cc");
    return (size_t)at;
#else
    return (size_t)__builtin_ctz(m);
#endif
}

/* Nonzero when some byte of v is LF or CR, exact in its lowest flag (a
 * borrow only ever flags bytes after a true one). */
static inline uint64_t rb_line_break8(uint64_t v) {
    return rb_zero_byte(v ^ (RB_ONES * '\n')) |
           rb_zero_byte(v ^ (RB_ONES * '\r'));
}

/* The first LF or CR of s[i, limit), or limit: for the rest of a line
 * that holds a NUL, '#' or byte >= 0x80, where the line loop no longer
 * stops at every such byte (a binary file has one every other byte). */
static inline size_t rb_next_line_break(const char *s, size_t i, size_t limit) {
#ifdef RB_SSE2
    const __m128i lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    for (; limit - i >= 16; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        if (m != 0)
            return i + rb_lowest_bit(m);
    }
#endif
    for (; limit - i >= 8; i += 8) {
        uint64_t m = rb_line_break8(rb_load8(s + i));
        if (m != 0) {
#ifdef RB_LITTLE_ENDIAN
            return i + rb_first_flagged(m);
#else
            break;
#endif
        }
    }
    while (i < limit && s[i] != '\n' && s[i] != '\r')
        i++;
    return i;
}

/* The first byte >= 0x80 of s[i, len), or len. */
static inline size_t rb_next_high_byte(const unsigned char *s, size_t i,
                                       size_t len) {
#ifdef RB_SSE2
    for (; len - i >= 16; i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
        if (m != 0)
            return i + rb_lowest_bit(m);
    }
#endif
    for (; len - i >= 8; i += 8) {
        uint64_t m = rb_load8((const char *)s + i) & RB_HIGHS;
        if (m != 0) {
#ifdef RB_LITTLE_ENDIAN
            return i + rb_first_flagged(m);
#else
            break;
#endif
        }
    }
    while (i < len && s[i] < 0x80)
        i++;
    return i;
}

/* rb_next_high_byte(s, 0, len) of bytes in a buffer readable to end:
 * sixteen a step while the buffer has them from the step (a last step's
 * bytes past len are read and ignored), where rb_next_high_byte() ends
 * in eight and then one at a time (a comment line's check for UTF-8). */
static inline size_t rb_body_high_byte(const unsigned char *s, size_t len,
                                       const unsigned char *end) {
    size_t i = 0;
#ifdef RB_SSE2
    for (; i < len && (size_t)(end - (s + i)) >= 16; i += 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
        if (m != 0) {
            size_t at = i + rb_lowest_bit(m);
            return at < len ? at : len;
        }
    }
    if (i >= len)
        return len;
#else
    (void)end;
#endif
    return rb_next_high_byte(s, i, len);
}

/* The first c of s[0, len), bytes in a buffer readable to end, or len:
 * its first sixteen bytes in one SSE2 step when the buffer has them (the
 * bytes past len are read and ignored), the rest by memchr(). For the ':'
 * of a line the rule run did not take (a sitemap's, an extension's, a
 * page's line), most often in its first sixteen bytes, where memchr()'s
 * call cost about 28 instructions a line. Sixteen bytes a step to the
 * end measured dearer than memchr() over the corpus (a page's long lines
 * hold no ':'), as did this search for a special line's NUL and '#'. */
static inline size_t rb_body_find_byte(const char *s, size_t len, char c,
                                       const char *end) {
    size_t i = 0;
#ifdef RB_SSE2
    const __m128i want = _mm_set1_epi8(c);
    if ((size_t)(end - s) >= 16) {
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)s), want));
        if (m != 0) {
            size_t at = rb_lowest_bit(m);
            return at < len ? at : len;
        }
        if (len <= 16)
            return len;
        i = 16;
    }
#else
    (void)end;
#endif
    const char *at = memchr(s + i, c, len - i);
    return at != NULL ? (size_t)(at - s) : len;
}

#endif
