/* SPDX-License-Identifier: MIT */
/*
 * prefix_sort.c - the suffixes of legacy's names text sorted only as deep
 * as a value can reach, when that costs less than induced sorting.
 *
 * names_index.c's binary search compares a value with a suffix as far as
 * the value's length and never past a NUL (a value holds none), so the
 * suffixes need only be in the order of their first `depth` bytes up to a
 * NUL; suffixes equal so far may stand in any order. Induced sorting
 * (suffix_sort.c) orders them fully at about 170 instructions a byte of
 * names, 45 M for 64 names of 4 KiB on every check. Here they are
 * radix-sorted on their first four bytes (about 30 instructions a byte)
 * and only the runs still tied are refined, by a multikey quicksort
 * (Bentley and Sedgewick 1997) on the bytes after. Names of letters and
 * digits leave few ties; names of one repeated pattern leave nearly every
 * suffix tied, deep: this then gives up (a quarter of the suffixes tied,
 * the refining's work past its budget, or its stack full) and the caller
 * sorts by induction, having spent the radix passes.
 */
#include "prefix_sort.h"

#include <string.h>

/* Past this share of the suffixes tied on their first four bytes, the
 * refining would cost more than induced sorting: it is not begun. */
#define RB_PREFIX_TIED_SHARE 4 /* one in 4 */

/* The refining's budget: elements stepped over by its partitions, per
 * suffix of the text (random names of 4 KiB spend under 0.05). */
#define RB_PREFIX_WORK_PER_SUFFIX 1u

/* The refining's stack of parts still to sort (1.1 KiB): each holds two
 * suffixes or more, and the equal part is sorted first, so it fills only
 * where a run splits again and again as deep as this. */
enum { RB_PREFIX_PARTS = 96 };

/* Digits of 16 bits (two passes rather than four) need 65,536 counts
 * each: taken from the scratch past its first n words when it has room
 * for both, else digits of 8 bits count on the stack. */
#define RB_PREFIX_WIDE_COUNTS ((size_t)65536)

/* Each digit's count turned into where its run starts; returns how many
 * digits occur. */
static size_t count_to_starts(uint32_t *counts, size_t buckets) {
    uint32_t sum = 0;
    size_t occur = 0;
    for (size_t b = 0; b < buckets; b++) {
        uint32_t c = counts[b];
        counts[b] = sum;
        sum += c;
        occur += c != 0;
    }
    return occur;
}

/* One stable pass of the LSD radix sort: `from` (NULL: every position in
 * text order, the first pass) into `to` by the digit of each position's
 * key at `shift`, `mask` wide, `starts` where each digit's run starts. */
static void scatter(const uint32_t *keys, const uint32_t *from, uint32_t *to,
                    size_t n, unsigned shift, uint32_t mask, uint32_t *starts) {
    if (from == NULL) {
        for (size_t j = 0; j < n; j++)
            to[starts[keys[j] >> shift & mask]++] = (uint32_t)j;
        return;
    }
    for (size_t j = 0; j < n; j++) {
        uint32_t p = from[j];
        to[starts[keys[p] >> shift & mask]++] = p;
    }
}

/* A pass of digits of 8 bits, counted on the stack (a short text). */
static void narrow_pass(const uint32_t *keys, const uint32_t *from,
                        uint32_t *to, size_t n, unsigned shift) {
    uint32_t counts[256] = {0};
    for (size_t j = 0; j < n; j++)
        counts[keys[j] >> shift & 0xff]++;
    count_to_starts(counts, 256);
    scatter(keys, from, to, n, shift, 0xff, counts);
}

/* Whether one of a key's four bytes is a NUL: suffixes of one such key
 * are equal as far as the search reads them. */
static int holds_nul(uint32_t key) {
    return ((key - 0x01010101u) & ~key & 0x80808080u) != 0;
}

static unsigned char byte_at(const unsigned char *text, size_t n, uint32_t pos,
                             size_t d) {
    return pos + d < n ? text[pos + d] : 0;
}

typedef struct rb_prefix_part {
    uint32_t lo, hi, depth;
} rb_prefix_part;

/* Sorts sa[0..count), suffixes equal on their first four bytes, by their
 * bytes from the fifth to `depth` or a NUL: a three-way partition on one
 * byte at a time, with an explicit stack. 0 when past the budget or the
 * stack. */
static int refine(const unsigned char *text, size_t n, uint32_t *sa,
                  size_t count, size_t depth, uint64_t *work, uint64_t budget) {
    rb_prefix_part stack[RB_PREFIX_PARTS];
    size_t top = 0;
    stack[top++] = (rb_prefix_part){0, (uint32_t)count, 4};
    while (top > 0) {
        rb_prefix_part p = stack[--top];
        if (p.hi - p.lo < 2 || p.depth >= depth)
            continue;
        *work += p.hi - p.lo;
        if (*work > budget || top + 3 > RB_PREFIX_PARTS)
            return 0;
        uint32_t *s = sa + p.lo;
        size_t m = p.hi - p.lo, lt = 0, i = 0, gt = m;
        unsigned char pivot = byte_at(text, n, s[m / 2], p.depth);
        while (i < gt) {
            unsigned char c = byte_at(text, n, s[i], p.depth);
            uint32_t t = s[i];
            if (c < pivot) {
                s[i++] = s[lt];
                s[lt++] = t;
            } else if (c > pivot) {
                s[i] = s[--gt];
                s[gt] = t;
            } else {
                i++;
            }
        }
        /* a part of one suffix is in order: only the others take room,
         * so that a run alike deep (the equal part each time) does not */
        if (lt > 1)
            stack[top++] = (rb_prefix_part){p.lo, p.lo + (uint32_t)lt, p.depth};
        if (m - gt > 1)
            stack[top++] = (rb_prefix_part){p.lo + (uint32_t)gt, p.hi, p.depth};
        if (gt - lt > 1 && pivot != 0) /* past a NUL, equal as a search reads */
            stack[top++] = (rb_prefix_part){p.lo + (uint32_t)lt,
                                            p.lo + (uint32_t)gt, p.depth + 1};
    }
    return 1;
}

/* The commonest run, two suffixes, put in order without the partitions'
 * setting up: compared from their fifth byte to `depth` or a NUL, each
 * byte compared counted as work. */
static void order_two(const unsigned char *text, size_t n, uint32_t *two,
                      size_t depth, uint64_t *work) {
    size_t k = 4;
    unsigned char a = 0, b = 0;
    for (; k < depth; k++) {
        a = byte_at(text, n, two[0], k);
        b = byte_at(text, n, two[1], k);
        if (a != b || a == 0)
            break;
    }
    *work += k - 3;
    if (a > b) {
        uint32_t t = two[0];
        two[0] = two[1];
        two[1] = t;
    }
}

int rb_prefix_sort(const unsigned char *text, size_t n, size_t depth,
                   uint32_t *sa, uint32_t *keys, uint32_t *scratch,
                   size_t scratch_words) {
    /* Each suffix's first four bytes, the first the most significant;
     * with room for digits of 16 bits, both counted in the same pass.
     * An even number of passes: the order ends in sa. */
    uint32_t key = 0;
    if (scratch_words >= n + 2 * RB_PREFIX_WIDE_COUNTS) {
        uint32_t *low = scratch + n, *high = low + RB_PREFIX_WIDE_COUNTS;
        memset(low, 0, 2 * RB_PREFIX_WIDE_COUNTS * sizeof *low);
        for (size_t i = n; i-- > 0;) {
            key = key >> 8 | (uint32_t)text[i] << 24;
            keys[i] = key;
            low[key & 0xffff]++;
            high[key >> 16]++;
        }
        uint64_t keys_at_most =
            (uint64_t)count_to_starts(low, RB_PREFIX_WIDE_COUNTS) *
            count_to_starts(high, RB_PREFIX_WIDE_COUNTS);
        /* A suffix not tied has a key of its own, or a NUL in its key
         * (four for each NUL, whose count is where the keys of first
         * byte 1 start): with too few keys for the rest, more than a
         * quarter are tied, and the passes below would be spent for
         * nothing (names of one repeated pattern: Thue-Morse words) */
        if (depth > 4 && keys_at_most + 4 * (uint64_t)high[256] <
                             n - n / RB_PREFIX_TIED_SHARE)
            return 0;
        scatter(keys, NULL, scratch, n, 0, 0xffff, low);
        scatter(keys, scratch, sa, n, 16, 0xffff, high);
    } else {
        for (size_t i = n; i-- > 0;) {
            key = key >> 8 | (uint32_t)text[i] << 24;
            keys[i] = key;
        }
        narrow_pass(keys, NULL, scratch, n, 0);
        narrow_pass(keys, scratch, sa, n, 8);
        narrow_pass(keys, sa, scratch, n, 16);
        narrow_pass(keys, scratch, sa, n, 24);
    }
    if (depth <= 4)
        return 1;
    /* The runs of one key, refined as they come; too many tied, and
     * the refining stops where it is. */
    size_t tied = 0;
    uint64_t work = 0, budget = (uint64_t)RB_PREFIX_WORK_PER_SUFFIX * n;
    for (size_t j = 0, end; j < n; j = end) {
        uint32_t run = keys[sa[j]];
        for (end = j + 1; end < n && keys[sa[end]] == run;)
            end++;
        if (end - j < 2 || holds_nul(run))
            continue;
        tied += end - j;
        if (tied > n / RB_PREFIX_TIED_SHARE)
            return 0;
        if (end - j == 2)
            order_two(text, n, sa + j, depth, &work);
        if (work > budget || (end - j > 2 && !refine(text, n, sa + j, end - j,
                                                     depth, &work, budget)))
            return 0;
    }
    return 1;
}
