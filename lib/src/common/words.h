/* SPDX-License-Identifier: MIT */
/*
 * words.h - byte tests a word at a time: a zero byte in eight, the first
 * flagged byte, unaligned loads, short equal-bytes tests and the FNV hash
 * step the index, the checks, the parser and the URL reader share.
 * Inline, no state; may call nothing but memcpy and memcmp.
 */
#ifndef ROBOTS_COMMON_WORDS_H
#define ROBOTS_COMMON_WORDS_H

#include "compiler.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RB_ONES ((uint64_t)0x0101010101010101u)
#define RB_HIGHS ((uint64_t)0x8080808080808080u)

/* Nonzero when some byte of v is zero (exact as a yes/no answer). */
static inline uint64_t rb_zero_byte(uint64_t v) {
    return (v - RB_ONES) & ~v & RB_HIGHS;
}

#ifdef RB_LITTLE_ENDIAN
/* The offset of the first byte in memory that a byte mask m (nonzero, and
 * exact in its lowest flag, as rb_zero_byte()'s is: a borrow only ever
 * flags bytes after a true one) flags: its lowest flag, found by a
 * multiply. */
static inline size_t rb_first_flagged(uint64_t m) {
    return (size_t)((((m & (0 - m)) >> 7) * 0x0001020304050607u) >> 56);
}
#endif

/* Eight and four bytes at p, in the machine's order. */
static inline uint64_t rb_load8(const char *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline uint32_t rb_load4(const char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
/* Whether n bytes at a and b are equal. A key is most often 1 to 16
 * bytes: there, two overlapping loads a side instead of a call. */
static inline int rb_same_bytes(const char *a, const char *b, size_t n) {
    if (n >= 8 && n <= 16)
        return ((rb_load8(a) ^ rb_load8(b)) |
                (rb_load8(a + n - 8) ^ rb_load8(b + n - 8))) == 0;
    if (n >= 4 && n < 8)
        return ((rb_load4(a) ^ rb_load4(b)) |
                (rb_load4(a + n - 4) ^ rb_load4(b + n - 4))) == 0;
    if (n < 4) /* the first, middle and last bytes are all of them */
        return n == 0 ||
               (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
    return memcmp(a, b, n) == 0;
}

#define RB_FNV_OFFSET 2166136261u
#define RB_FNV_PRIME 16777619u
static inline uint32_t rb_hash_step(uint32_t h, unsigned char c) {
    return (h ^ c) * RB_FNV_PRIME;
}

#endif
