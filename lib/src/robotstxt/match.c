/* SPDX-License-Identifier: MIT */
/*
 * match.c - does one normalised pattern match one normalised path, and the
 * substring search every wildcard match is made of.
 *
 * rfc9309 and google patterns have only two special octets: `*` (any
 * sequence) and a final `$` (end of path). Such a pattern is a list of
 * literal segments separated by `*`; it matches when the first segment is
 * a prefix of the path and each later segment occurs after the previous
 * one. Taking each segment's leftmost occurrence is always right (a later
 * occurrence leaves less room for the rest), so the matcher never
 * backtracks and never recurses.
 *
 * The leftmost occurrence is found by a plain scan (memchr for the first
 * byte, then compare) while that stays cheap, and by the two-way algorithm
 * once the compares outgrow the bytes scanned, so a search never costs
 * more than linear time: see rb_find_segment(). A whole pattern therefore
 * costs at most 3 * path_len + 12 * pattern_len byte comparisons.
 */
#include "match.h"
#include "memory.h"
#include "normalize.h"

#include <string.h>

/* The maximal suffix of x[0..m) under the byte order (or its reverse), as
 * the position just before it (-1: all of x), with its period: the
 * critical factorisation the two-way algorithm needs (Crochemore and
 * Perrin, "Two-way string-matching", JACM 38(3), 1991). At most 2m
 * comparisons. */
static ptrdiff_t maximal_suffix(const unsigned char *x, ptrdiff_t m,
                                int reverse, ptrdiff_t *period) {
    ptrdiff_t before = -1, j = 0, k = 1, p = 1;
    while (j + k < m) {
        unsigned a = x[j + k], b = x[before + k];
        if (reverse ? a > b : a < b) {
            j += k;
            k = 1;
            p = j - before;
        } else if (a == b) {
            if (k != p) {
                k++;
            } else {
                j += p;
                k = 1;
            }
        } else {
            before = j;
            j = before + 1;
            k = p = 1;
        }
    }
    *period = p;
    return before;
}

size_t rb_find_two_way(const char *hay_chars, size_t len, size_t from,
                       const char *needle_chars, size_t n) {
    const unsigned char *y = (const unsigned char *)hay_chars + from;
    const unsigned char *x = (const unsigned char *)needle_chars;
    if (n == 0)
        return from;
    if (len - from < n)
        return len + 1;
    ptrdiff_t m = (ptrdiff_t)n, last = (ptrdiff_t)(len - from) - m;
    ptrdiff_t p, q;
    ptrdiff_t i = maximal_suffix(x, m, 0, &p);
    ptrdiff_t j = maximal_suffix(x, m, 1, &q);
    ptrdiff_t ell = i > j ? i : j, per = i > j ? p : q;

    if (memcmp(x, x + per, (size_t)(ell + 1)) == 0) {
        /* Periodic needle: after a match of the right part, the next
         * `m - per` bytes are known and need not be compared again. */
        ptrdiff_t memory = -1;
        for (j = 0; j <= last;) {
            i = (ell > memory ? ell : memory) + 1;
            while (i < m && x[i] == y[i + j])
                i++;
            if (i < m) {
                j += i - ell;
                memory = -1;
                continue;
            }
            for (i = ell; i > memory && x[i] == y[i + j];)
                i--;
            if (i <= memory)
                return from + (size_t)j;
            j += per;
            memory = m - per - 1;
        }
    } else {
        per = (ell + 1 > m - ell - 1 ? ell + 1 : m - ell - 1) + 1;
        for (j = 0; j <= last;) {
            i = ell + 1;
            while (i < m && x[i] == y[i + j])
                i++;
            if (i < m) {
                j += i - ell;
                continue;
            }
            for (i = ell; i >= 0 && x[i] == y[i + j];)
                i--;
            if (i < 0)
                return from + (size_t)j;
            j += per;
        }
    }
    return len + 1;
}

size_t rb_find_segment(const char *hay, size_t len, size_t from,
                       const char *needle, size_t n) {
    if (n == 0)
        return from;
    size_t compared = 0;
    for (size_t i = from; len - i >= n;) {
        const char *hit = memchr(hay + i, needle[0], len - i - n + 1);
        if (hit == NULL)
            break;
        i = (size_t)(hit - hay);
        size_t k = 1;
        while (k < n && hay[i + k] == needle[k])
            k++;
        if (k == n)
            return i;
        i++;
        compared += k;
        if (compared > RB_SCAN_BUDGET(i - from, n))
            return rb_find_two_way(hay, len, i, needle, n);
    }
    return len + 1;
}

/* The walk of rb_match_wildcard(), the anchor given apart from the
 * pattern's bytes (every `$` in them is literal). */
static inline int match_segments(const char *pattern, size_t plen, int anchored,
                                 const char *path, size_t len) {
    /* The first segment is anchored at the start of the path. */
    const char *star = plen ? memchr(pattern, '*', plen) : NULL;
    size_t seg_len = star ? (size_t)(star - pattern) : plen;
    if (seg_len > len || memcmp(pattern, path, seg_len) != 0)
        return 0;
    if (star == NULL)
        return anchored ? seg_len == len : 1;

    size_t cursor = seg_len;
    size_t p = seg_len + 1; /* past the star */
    for (;;) {
        star = p < plen ? memchr(pattern + p, '*', plen - p) : NULL;
        seg_len = star ? (size_t)(star - (pattern + p)) : plen - p;
        if (star == NULL && anchored) {
            /* The last segment must end the path, after the cursor. */
            if (len - cursor < seg_len)
                return 0;
            return memcmp(path + len - seg_len, pattern + p, seg_len) == 0;
        }
        size_t at = rb_find_segment(path, len, cursor, pattern + p, seg_len);
        if (at > len)
            return 0;
        cursor = at + seg_len;
        if (star == NULL)
            return 1;
        p += seg_len + 1;
    }
}

int rb_match_wildcard(const char *pattern, size_t plen, const char *path,
                      size_t len) {
    int anchored = plen > 0 && pattern[plen - 1] == '$';
    return match_segments(pattern, plen - (size_t)anchored, anchored, path,
                          len);
}

int rb_match_wildcard_whole(const char *pattern, size_t plen, const char *path,
                            size_t len) {
    return match_segments(pattern, plen, 1, path, len);
}

size_t rb_index_dir_length(const char *pattern, size_t plen) {
    while (plen > 0 && pattern[plen - 1] != '/')
        plen--;
    return plen;
}

int rb_match_index_dir(const char *pattern, size_t plen, const char *path,
                       size_t len, size_t *priority) {
    size_t dir = rb_index_dir_length(pattern, plen);
    *priority = dir + 1;
    return rb_match_wildcard_whole(pattern, dir, path, len);
}

int rb_match_prefix(const char *pattern, size_t plen, const char *path,
                    size_t len) {
    return plen <= len && (plen == 0 || memcmp(pattern, path, plen) == 0);
}

/* robots_match_path()'s work area on the stack (robots.h states it). */
#define RB_MATCH_STACK_BYTES 4096

robots_status robots_match_path(robots_profile profile, const char *pattern,
                                size_t pattern_len, const char *path,
                                size_t path_len, int *matched) {
    if (matched == NULL || (pattern == NULL && pattern_len != 0) ||
        (path == NULL && path_len != 0) || robots_profile_name(profile) == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *matched = 0;
    if (pattern_len > ROBOTS_MAX_LINE_BYTES || path_len > ROBOTS_MAX_URL_BYTES)
        return pattern_len > ROBOTS_MAX_LINE_BYTES ? ROBOTS_ERR_TOO_LARGE
                                                   : ROBOTS_ERR_URL_TOO_LONG;

    /* Both normal forms, up to three bytes for each byte in, share a
     * small area on the stack; longer ones (up to 98 KiB) are allocated
     * with malloc, for this call alone, and ROBOTS_ERR_NO_MEMORY if it
     * fails. */
    char area[RB_MATCH_STACK_BYTES];
    size_t pattern_bytes = rb_normal_bound(profile, pattern_len);
    size_t need = pattern_bytes + rb_normal_bound(profile, path_len);
    char *norm_pattern = area;
    rb_mem mem;
    if (need > sizeof area) {
        rb_mem_init(&mem, NULL, 0);
        norm_pattern = rb_alloc(&mem, need);
        if (norm_pattern == NULL)
            return ROBOTS_ERR_NO_MEMORY;
    }
    char *norm_path = norm_pattern + pattern_bytes;
    size_t np =
        rb_normalize_pattern(profile, pattern, pattern_len, norm_pattern);
    size_t nq = rb_normalize_path(profile, path, path_len, norm_path);
    /* An empty pattern is no rule at all in rfc9309 and google (RFC 9309
     * section 2.2.2); legacy's matches every path. */
    *matched = (np != 0 || profile == ROBOTS_PROFILE_LEGACY) &&
               rb_match_normal(profile, norm_pattern, np, norm_path, nq);
    if (norm_pattern != area)
        rb_free(&mem, norm_pattern, need);
    return ROBOTS_OK;
}
