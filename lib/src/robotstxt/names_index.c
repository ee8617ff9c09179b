/* SPDX-License-Identifier: MIT */
/*
 * names_index.c - the caller's names as one sorted table of suffixes, for
 * legacy's agent selection.
 *
 * legacy selects the first record whose value is a case-insensitive
 * substring of one of the caller's names (the 1996 draft as HTTP: The
 * Definitive Guide section 9.4 reads it). Searching each name for each
 * record's value costs the names' total length H for every value: a file of
 * 40,000 one-letter records against 64 names of 4 KiB took tens of seconds.
 * Sorting the suffixes of the names once (prefix doubling, O(H log H)) lets
 * each value be found by binary search in O(m log H) for a value of m
 * bytes, so a selection costs O(H log H + F log H) for a file of F bytes.
 *
 * The text is every name lowercased, each followed by a NUL. A record's
 * value holds no NUL (a NUL ends a line's content), so a value found in
 * the text lies within one name.
 */
#include "names_index.h"
#include "byte_class.h"
#include "memory.h"

#include <string.h>

/* Sorts `order` (a permutation of 0..n-1) stably by key[order[j]], every
 * key below `keys`. count has keys + 1 entries; out receives the result. */
static void counting_sort(const uint32_t *order, uint32_t *out, size_t n,
                          const uint32_t *key, uint32_t *count, size_t keys) {
    memset(count, 0, (keys + 1) * sizeof *count);
    for (size_t j = 0; j < n; j++)
        count[key[order[j]] + 1]++;
    for (size_t k = 1; k <= keys; k++)
        count[k] += count[k - 1];
    for (size_t j = 0; j < n; j++)
        out[count[key[order[j]]]++] = order[j];
}

/* The suffixes of text[0..n) in order, by prefix doubling: after the round
 * for `step`, rank[i] orders the suffixes by their first 2 * step bytes.
 * Scratch: rank, next and order of n entries, count of max(n, 256) + 1. */
static void sort_suffixes(const unsigned char *text, size_t n, uint32_t *sa,
                          uint32_t *rank, uint32_t *order, uint32_t *second,
                          uint32_t *count) {
    for (size_t i = 0; i < n; i++) {
        rank[i] = text[i];
        order[i] = (uint32_t)i;
    }
    counting_sort(order, sa, n, rank, count, 256);
    /* Ranks from the first byte alone: equal bytes, equal ranks. */
    uint32_t top = 0;
    second[sa[0]] = 0;
    for (size_t j = 1; j < n; j++) {
        if (text[sa[j]] != text[sa[j - 1]])
            top++;
        second[sa[j]] = top;
    }
    memcpy(rank, second, n * sizeof *rank);
    for (size_t step = 1; top + 1 < n && step < n; step *= 2) {
        /* By the second half first: the suffixes too short to have one
         * come first (an empty half is the smallest), in text order; then
         * the others in the order of their second half's suffix. */
        size_t m = 0;
        for (size_t i = n - step; i < n; i++)
            order[m++] = (uint32_t)i;
        for (size_t j = 0; j < n; j++)
            if (sa[j] >= step)
                order[m++] = sa[j] - (uint32_t)step;
        counting_sort(order, sa, n, rank, count, top + 1 > 256 ? top + 1 : 256);
        top = 0;
        second[sa[0]] = 0;
        for (size_t j = 1; j < n; j++) {
            uint32_t a = sa[j - 1], b = sa[j];
            uint32_t ra = a + step < n ? rank[a + step] + 1 : 0;
            uint32_t rb = b + step < n ? rank[b + step] + 1 : 0;
            if (rank[a] != rank[b] || ra != rb)
                top++;
            second[b] = top;
        }
        memcpy(rank, second, n * sizeof *rank);
    }
}

robots_status rb_names_index_build(rb_mem *mem, const robots_str *names,
                                   size_t count, rb_names_index *out) {
    memset(out, 0, sizeof *out);
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        n += names[i].len + 1;
    /* Validated names: at most ROBOTS_MAX_QUERY_AGENTS of at most
     * ROBOTS_MAX_AGENT_BYTES, far below what uint32_t indexes. */
    size_t words = n > 256 ? n : 256;
    unsigned char *text = rb_alloc(mem, n);
    uint32_t *sa = rb_alloc(mem, n * sizeof *sa);
    uint32_t *scratch = rb_alloc(mem, (3 * n + words + 1) * sizeof *scratch);
    if (text == NULL || sa == NULL || scratch == NULL) {
        robots_status why = mem->failure;
        rb_free(mem, scratch, (3 * n + words + 1) * sizeof *scratch);
        rb_free(mem, sa, n * sizeof *sa);
        rb_free(mem, text, n);
        return why;
    }
    size_t at = 0;
    for (size_t i = 0; i < count; i++) {
        for (size_t k = 0; k < names[i].len; k++)
            text[at++] = rb_lower_fast((unsigned char)names[i].ptr[k]);
        text[at++] = '\0';
    }
    sort_suffixes(text, n, sa, scratch, scratch + n, scratch + 2 * n,
                  scratch + 3 * n);
    rb_free(mem, scratch, (3 * n + words + 1) * sizeof *scratch);
    out->text = text;
    out->suffixes = sa;
    out->len = n;
    return ROBOTS_OK;
}

void rb_names_index_release(rb_mem *mem, rb_names_index *index) {
    rb_free(mem, index->suffixes, index->len * sizeof *index->suffixes);
    rb_free(mem, index->text, index->len);
    memset(index, 0, sizeof *index);
}

/* <0, 0 or >0 as the value, lowercased, sorts before, is a prefix of, or
 * sorts after the suffix at `at`. */
static int compare_value(const rb_names_index *index, uint32_t at,
                         const char *value, size_t len) {
    for (size_t k = 0; k < len; k++) {
        if (at + k >= index->len)
            return 1; /* the suffix ends first: it sorts before */
        unsigned char v = rb_lower_fast((unsigned char)value[k]);
        unsigned char t = index->text[at + k];
        if (v != t)
            return v < t ? -1 : 1;
    }
    return 0;
}

int rb_names_index_contains(const rb_names_index *index, const char *value,
                            size_t len) {
    if (len == 0)
        return 1;
    size_t lo = 0, hi = index->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = compare_value(index, index->suffixes[mid], value, len);
        if (c == 0)
            return 1;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return 0;
}
