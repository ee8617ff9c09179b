/* SPDX-License-Identifier: MIT */
/*
 * suffix_sort.c - a suffix array by induced sorting (SA-IS, Nong, Zhang
 * and Chan 2009), for legacy's index of the caller's names.
 *
 * Prefix doubling, which names_index.c used before, costs a counting sort
 * of the whole text for every doubling of the depth sorted: 64 names of
 * 4,096 'a's took 13 rounds, 268 M instructions, on every check. Induced
 * sorting is linear: each level sorts the suffixes that start a valley
 * (an "LMS" position) by the string reduced to one symbol per valley, at
 * most half as long, and derives every other suffix's place from theirs.
 *
 * The textbook recurses into the reduced string; here the levels are a
 * loop down (each level's string kept in the scratch, under n words in
 * all since each is at most half the one before) and a loop back up, so
 * the stack stays constant whatever the text.
 */
#include "suffix_sort.h"

#include <string.h>

#define RB_SA_EMPTY UINT32_MAX

/* Each level is at most half as long as the one before, and n < 2^31. */
enum { RB_SA_MAX_LEVELS = 32 };

typedef struct rb_sa_level {
    const uint32_t *s;
    size_t n, symbols;
} rb_sa_level;

/* The scratch, cut up: see rb_suffix_sort_scratch(). */
typedef struct rb_sa_work {
    uint32_t *positions;  /* a level's LMS positions, in text order */
    uint32_t *count;      /* the occurrences of each symbol */
    uint32_t *bucket;     /* each symbol's next free slot */
    unsigned char *types; /* per position: 1 for S-type */
} rb_sa_work;

static size_t wider(size_t a, size_t b) {
    return a > b ? a : b;
}

size_t rb_suffix_sort_scratch(size_t n, size_t symbols) {
    size_t table = wider(symbols, n / 2) + 1;
    return n + (n / 2 + 1) + 2 * table + (n / 4 + 1);
}

/* Left-most S-type: an S-type position after an L-type one. */
static int is_lms(const unsigned char *types, size_t i) {
    return i > 0 && types[i] && !types[i - 1];
}

/* In one pass from the end: each position's type (S when its suffix sorts
 * before the next one's; the last is L, as the empty suffix after it sorts
 * first), the symbols' counts and the LMS positions in text order.
 * Returns how many of those. */
static size_t survey(const rb_sa_level *level, rb_sa_work *w) {
    const uint32_t *s = level->s;
    size_t n = level->n, m = 0;
    memset(w->count, 0, level->symbols * sizeof *w->count);
    /* The positions fill from the back of their n / 2 + 1 words. */
    uint32_t *back = w->positions + n / 2 + 1;
    unsigned char s_type = 0;
    w->types[n - 1] = 0;
    w->count[s[n - 1]]++;
    for (size_t i = n - 1; i-- > 0;) {
        unsigned char was = s_type;
        s_type = s[i] < s[i + 1] || (s[i] == s[i + 1] && s_type);
        w->types[i] = s_type;
        w->count[s[i]]++;
        if (was && !s_type) {
            *--back = (uint32_t)(i + 1);
            m++;
        }
    }
    memmove(w->positions, back, m * sizeof *back);
    return m;
}

/* Each symbol's first slot, or one past its last (`ends`). */
static void bucket_bounds(const rb_sa_level *level, rb_sa_work *w, int ends) {
    uint32_t sum = 0;
    for (size_t c = 0; c < level->symbols; c++) {
        sum += w->count[c];
        w->bucket[c] = ends ? sum : sum - w->count[c];
    }
}

/* The suffixes in order, from the LMS suffixes lms[0..m) in the order they
 * are to keep within a bucket: they are put at their buckets' ends, the
 * L-type suffixes are derived left to right from the ones after them, then
 * the S-type ones right to left. */
static void induce(const rb_sa_level *level, rb_sa_work *w, const uint32_t *lms,
                   size_t m, uint32_t *sa) {
    const uint32_t *s = level->s;
    size_t n = level->n;
    for (size_t i = 0; i < n; i++)
        sa[i] = RB_SA_EMPTY;
    bucket_bounds(level, w, 1);
    for (size_t j = m; j-- > 0;)
        sa[--w->bucket[s[lms[j]]]] = lms[j];
    bucket_bounds(level, w, 0);
    sa[w->bucket[s[n - 1]]++] = (uint32_t)(n - 1);
    /* j = sa[i] - 1 is past the end for an empty slot and for 0 alike. */
    for (size_t i = 0; i < n; i++) {
        uint32_t j = sa[i] - 1;
        if (j < n && !w->types[j])
            sa[w->bucket[s[j]]++] = j;
    }
    bucket_bounds(level, w, 1);
    for (size_t i = n; i-- > 0;) {
        uint32_t j = sa[i] - 1;
        if (j < n && w->types[j])
            sa[--w->bucket[s[j]]] = j;
    }
}

/* After induce(): the m sorted LMS substrings (from an LMS position to the
 * next, both included) named by rank, equal ones alike, written in text
 * order to `reduced`. Returns the number of distinct names. The upper half
 * of sa holds each one's length, then its name, at m + position / 2 (LMS
 * positions are at least 2 apart, so no two share a slot). */
static size_t name_substrings(const rb_sa_level *level, rb_sa_work *w, size_t m,
                              uint32_t *sa, uint32_t *reduced) {
    const uint32_t *s = level->s;
    size_t n = level->n, k = 0;
    for (size_t i = 0; i < n; i++)
        if (is_lms(w->types, sa[i]))
            sa[k++] = sa[i];
    for (size_t i = m; i < n; i++)
        sa[i] = RB_SA_EMPTY;
    for (size_t j = 0; j < m; j++) {
        size_t end = j + 1 < m ? w->positions[j + 1] : n;
        sa[m + w->positions[j] / 2] = (uint32_t)(end - w->positions[j]);
    }
    uint32_t names = 0;
    size_t prev = 0, prev_len = 0;
    for (size_t i = 0; i < m; i++) {
        size_t at = sa[i], len = sa[m + at / 2];
        /* The last substring runs into the end, which sorts below every
         * symbol: it equals no other. */
        int same = i > 0 && len == prev_len && at + len < n && prev + len < n &&
                   memcmp(s + at, s + prev, (len + 1) * sizeof *s) == 0;
        if (!same)
            names++;
        sa[m + at / 2] = names - 1;
        prev = at;
        prev_len = len;
    }
    k = 0;
    for (size_t i = m; i < n; i++)
        if (sa[i] != RB_SA_EMPTY)
            reduced[k++] = sa[i];
    return names;
}

/* With sa[0..m) the order of the level's LMS suffixes (as indexes of its
 * reduced string), the level's whole suffix array. */
static void climb(const rb_sa_level *level, rb_sa_work *w, uint32_t *sa) {
    size_t m = survey(level, w);
    for (size_t j = 0; j < m; j++)
        sa[j] = w->positions[sa[j]];
    memcpy(w->positions, sa, m * sizeof *sa);
    induce(level, w, w->positions, m, sa);
}

void rb_suffix_sort(const uint32_t *s, size_t n, size_t symbols, uint32_t *sa,
                    uint32_t *scratch) {
    size_t table = wider(symbols, n / 2) + 1;
    uint32_t *strings = scratch;
    rb_sa_work w;
    w.positions = strings + n;
    w.count = w.positions + n / 2 + 1;
    w.bucket = w.count + table;
    w.types = (unsigned char *)(w.bucket + table);
    rb_sa_level levels[RB_SA_MAX_LEVELS];
    levels[0].s = s;
    levels[0].n = n;
    levels[0].symbols = symbols;
    size_t d = 0;
    for (;;) {
        const rb_sa_level *level = &levels[d];
        size_t m = survey(level, &w);
        induce(level, &w, w.positions, m, sa);
        if (m == 0)
            break; /* no valley: the induced order is the whole order */
        uint32_t *reduced = strings;
        size_t names = name_substrings(level, &w, m, sa, reduced);
        strings += m;
        if (names == m) {
            /* Distinct names: the reduced string's order is its names'. */
            for (size_t j = 0; j < m; j++)
                sa[reduced[j]] = (uint32_t)j;
            climb(level, &w, sa);
            break;
        }
        d++;
        levels[d].s = reduced;
        levels[d].n = m;
        levels[d].symbols = names;
    }
    while (d-- > 0)
        climb(&levels[d], &w, sa);
}
