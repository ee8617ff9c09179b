/* SPDX-License-Identifier: MIT */
/*
 * parse_typo.c - the known key a misspelt key, or the first word of a
 * line without ':', was likely meant as ("Disalow" for Disallow): the
 * keys a typo may be of, the length and byte-class tests that settle most
 * words (a page of HTML's) before any distance, the bit-parallel distance
 * (with its table for the fuzzers' build to hold it to), and the guesses
 * a parse remembers from line to line.
 */
#include "byte_class.h"
#include "compiler.h"
#include "parser.h"
#include "words.h"

#include <stdint.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#endif

#define KNOWN(s)                                                               \
    { (s), sizeof(s) - 1 }

/* Whether a may be within `limit` edits of the known key by its bytes
 * alone (1: perhaps; 0: far). An edit takes at most one byte of a out of b's
 * bytes as a multiset (a transposition none), so more than `limit` bytes of a
 * that b lacks is far: a count settles most unknown keys. Bytes are counted by
 * their low five bits, lowercased, which only merges counts and so never calls
 * near keys far. 1: not settled (perhaps near). */
static int few_lacking(const char *a, size_t alen, known_word known,
                       size_t limit) {
    unsigned char have[32] = {0};
    size_t lacking = 0;
    for (size_t j = 0; j < known.len; j++)
        have[rb_lower_fast((unsigned char)known.text[j]) & 31]++;
    for (size_t i = 0; i < alen; i++) {
        unsigned char *c = &have[rb_lower_fast((unsigned char)a[i]) & 31];
        if (*c != 0)
            (*c)--;
        else if (++lacking > limit)
            return 0;
    }
    return 1;
}

/* Is the optimal string alignment distance of a and b (case-insensitive)
 * at most `limit` (1 or 2)? b, a known key, has 1 to 16 bytes (the typo
 * keys' longest has 14); a key longer than 24 bytes is far. The distance
 * is Hyyro's bit-parallel one (Myers' edit distance with his
 * transpositions): b's positions as bits, one step of a dozen word
 * operations for each byte of a, where the table of the distances (the
 * cells near its diagonal) cost about 700 instructions a key of the
 * real-world corpus's. Each step needs the positions of b that equal a's
 * byte: all sixteen compared at once with SSE2. The fuzzers' build holds
 * it to the table (keys_within_table()). */
static int keys_within(const char *a, size_t alen, known_word known,
                       size_t limit) {
    const char *b = known.text;
    size_t m = known.len;
    if (alen > 24 || m - 1 >= 16 || alen + limit < m || m + limit < alen)
        return 0;
    if (!few_lacking(a, alen, known, limit))
        return 0;
#ifdef RB_SSE2
    char lowered[16] = {0};
    for (size_t j = 0; j < m; j++)
        lowered[j] = (char)rb_lower_fast((unsigned char)b[j]);
    const __m128i bytes =
        _mm_loadu_si128((const __m128i *)(const void *)lowered);
#endif
    const uint32_t all = ((uint32_t)1 << m) - 1, top = (uint32_t)1 << (m - 1);
    /* vertical deltas (+1, -1) of the column, D0 and eq of the one before */
    uint32_t vp = all, vn = 0, d0_before = 0, eq_before = 0;
    size_t score = m; /* the distance of b and a's bytes so far */
    for (size_t i = 0; i < alen; i++) {
        unsigned char c = rb_lower_fast((unsigned char)a[i]);
#ifdef RB_SSE2
        uint32_t eq = (uint32_t)_mm_movemask_epi8(
                          _mm_cmpeq_epi8(bytes, _mm_set1_epi8((char)c))) &
                      all;
#else
        uint32_t eq = 0;
        for (size_t j = 0; j < m; j++)
            eq |= (uint32_t)(rb_lower_fast((unsigned char)b[j]) == c) << j;
#endif
        uint32_t transposed = ((~d0_before & eq) << 1) & eq_before;
        uint32_t d0 = (((eq & vp) + vp) ^ vp) | eq | vn | transposed;
        uint32_t hp = vn | ~(d0 | vp), hn = vp & d0;
        score += (hp & top) != 0;
        score -= (hn & top) != 0;
        hp = hp << 1 | 1; /* the top row: a's first i bytes are i edits */
        hn = hn << 1;
        vp = hn | ~(d0 | hp);
        vn = hp & d0;
        d0_before = d0;
        eq_before = eq;
    }
    return score <= limit;
}

#ifdef RB_PARSE_CROSSCHECK
/* keys_within() by the table, for the fuzzers' build to hold it to: is
 * the optimal string alignment distance of a and b (case-insensitive) at
 * most `limit` (1 or 2)? Only cells within `limit` of the diagonal can
 * hold a distance that small, so only those are computed (any other is
 * "far", more than the limit), and two rows with no cell within the limit
 * end the search: an unknown key, often a line of text, costs a few rows,
 * not a table. Keys longer than 24 bytes are far. */
/* complexity: 30 (pmccabe). A banded dynamic program: its branches are
 * the band's bounds and the transposition case of each cell, which a
 * helper per cell would only pass around as arguments. Only a key the
 * profile does not know reaches it. */
static int keys_within_table(const char *a, size_t alen, known_word known,
                             size_t limit) {
    const char *b = known.text;
    size_t blen = known.len;
    if (alen > 24 || blen > 24 || alen + limit < blen || blen + limit < alen)
        return 0;
    if (!few_lacking(a, alen, known, limit))
        return 0;
    enum { FAR = 3 }; /* more than any limit */
    unsigned char d[25][25], prev_best = 0;
    for (size_t j = 0; j <= blen; j++)
        d[0][j] = (unsigned char)(j <= limit ? j : FAR);
    for (size_t i = 1; i <= alen; i++) {
        size_t lo = i > limit ? i - limit : 1;
        size_t hi = i + limit < blen ? i + limit : blen;
        unsigned char row_best = FAR;
        d[i][0] = (unsigned char)(i <= limit ? i : FAR);
        if (lo > 1)
            d[i][lo - 1] = FAR;
        if (hi < blen)
            d[i][hi + 1] = FAR;
        unsigned char ca = rb_lower_fast((unsigned char)a[i - 1]);
        for (size_t j = lo; j <= hi; j++) {
            unsigned char cb = rb_lower_fast((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (size_t)(ca != cb);
            if (j <= i - 1 + limit && d[i - 1][j] + 1u < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1u < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 &&
                ca == rb_lower_fast((unsigned char)b[j - 2]) &&
                rb_lower_fast((unsigned char)a[i - 2]) == cb &&
                d[i - 2][j - 2] + 1u < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = (unsigned char)(best < FAR ? best : FAR);
            if (d[i][j] < row_best)
                row_best = d[i][j];
        }
        /* A transposition reaches this row from the one before the last,
         * so both must be far for the rows after them to be. */
        if (row_best > limit && prev_best >= limit)
            return 0;
        prev_best = row_best;
    }
    return d[alen][blen] <= limit;
}

#endif

#ifdef RB_PARSE_CROSSCHECK
/* The classes of a key's bytes as keys_within() counts them (the low five
 * bits, lowercased), as a set: bit c for each class c. Lowercasing only
 * adds 0x20, outside the low five bits, so the class is the byte's own. */
static uint32_t byte_classes(const char *s, size_t len) {
    uint32_t set = 0;
    for (size_t i = 0; i < len; i++)
        set |= (uint32_t)1 << ((unsigned char)s[i] & 31);
    return set;
}
#endif

/* rb_typo_keys[i]'s byte_classes() (the fuzzers' build checks them). */
#define CLASSES_0 0x3c60a2u  /* User-agent */
#define CLASSES_1 0x809002u  /* Allow */
#define CLASSES_2 0x889212u  /* Disallow */
#define CLASSES_3 0x192222u  /* Sitemap */
#define CLASSES_4 0x284303au /* Crawl-delay */
#define CLASSES_5 0x38e0aau  /* Content-Usage */
#define CLASSES_6 0x18f2aau  /* Content-Signal */
/* For a byte of class c, one byte a key, key i's byte i: 1 when c is not
 * among key i's classes. Summed over a word of at most 16 bytes, each
 * byte counts the word's bytes that key lacks, with no carry between. */
#define LACKS(c, i, classes)                                                   \
    ((uint64_t)((((classes) >> (c)) & 1u) ^ 1u) << (8 * (i)))
#define LACK_LANES(c)                                                          \
    (LACKS(c, 0, CLASSES_0) | LACKS(c, 1, CLASSES_1) |                         \
     LACKS(c, 2, CLASSES_2) | LACKS(c, 3, CLASSES_3) |                         \
     LACKS(c, 4, CLASSES_4) | LACKS(c, 5, CLASSES_5) | LACKS(c, 6, CLASSES_6))
static const uint64_t lack_lanes[32] = {
    LACK_LANES(0),  LACK_LANES(1),  LACK_LANES(2),  LACK_LANES(3),
    LACK_LANES(4),  LACK_LANES(5),  LACK_LANES(6),  LACK_LANES(7),
    LACK_LANES(8),  LACK_LANES(9),  LACK_LANES(10), LACK_LANES(11),
    LACK_LANES(12), LACK_LANES(13), LACK_LANES(14), LACK_LANES(15),
    LACK_LANES(16), LACK_LANES(17), LACK_LANES(18), LACK_LANES(19),
    LACK_LANES(20), LACK_LANES(21), LACK_LANES(22), LACK_LANES(23),
    LACK_LANES(24), LACK_LANES(25), LACK_LANES(26), LACK_LANES(27),
    LACK_LANES(28), LACK_LANES(29), LACK_LANES(30), LACK_LANES(31)};
/* Added to the sums: key i's byte gets its high bit when more than its
 * limit (typo_limit(): 1 for Allow, 2 for the others) of the word's bytes
 * are of classes it lacks (at most 16 + 0x7D: no carry). */
#define FAR_BIAS 0x007D7D7D7D7D7E7Dull

/* The keys a misspelt key may have been meant as; keys_within()'s limit
 * for each (1 for a short key). */
const known_word rb_typo_keys[RB_TYPO_KEYS] = {
    KNOWN("User-agent"),    KNOWN("Allow"),       KNOWN("Disallow"),
    KNOWN("Sitemap"),       KNOWN("Crawl-delay"), KNOWN("Content-Usage"),
    KNOWN("Content-Signal")};
static size_t typo_limit(known_word word) {
    return word.len <= 5 ? 1 : 2;
}

#ifdef RB_PARSE_CROSSCHECK
/* typo_of() the plain way, every key's distance: the fuzzers' build holds
 * the one below to it. */
static const known_word *typo_of_plain(const char *key, size_t len) {
    for (size_t i = 0; i < sizeof rb_typo_keys / sizeof rb_typo_keys[0]; i++)
        if (keys_within_table(key, len, rb_typo_keys[i],
                              typo_limit(rb_typo_keys[i])))
            return &rb_typo_keys[i];
    return NULL;
}
#endif

/* The first of the keys in `left` (bit i: rb_typo_keys[i]) within its
 * limit of the key, or NULL. Out of line: its distance's registers, saved
 * and restored at rb_parse_typo_of()'s every call, were a sixth of the
 * cost of a word the tables settle (most: a line of text's first word). */
__attribute__((noinline)) static const known_word *
typo_among(const char *key, size_t len, unsigned left) {
    for (size_t i = 0; left >> i != 0; i++)
        if ((left >> i & 1) != 0 &&
            keys_within(key, len, rb_typo_keys[i], typo_limit(rb_typo_keys[i])))
            return &rb_typo_keys[i];
    return NULL;
}

/* The known key a misspelt key was probably meant as, or NULL. Most keys
 * asked about are a line's first word of text or markup, so two tables
 * (checked by the fuzzers' build) settle most of them before any
 * distance: which keys are near in length (keys_within()'s first test),
 * and each key's set of byte classes, as keys_within() counts bytes: more
 * than `limit` classes of a word's bytes that a key lacks is far. */
const known_word *rb_parse_typo_of(const char *key, size_t len) {
    /* bit i: rb_typo_keys[i] is within its limit of the length (none of a
     * longer one) */
    static const uint8_t near_in_length[17] = {
        0x00, 0x00, 0x00, 0x00, 0x02, 0x0a, 0x0e, 0x0c, 0x0d,
        0x1d, 0x15, 0x31, 0x71, 0x70, 0x60, 0x60, 0x40};
    const known_word *guess = NULL;
    unsigned near = len < sizeof near_in_length ? near_in_length[len] : 0;
    if (near != 0) {
        /* More than `limit` bytes of the word of classes a key lacks is
         * far: keys_within()'s count of the bytes of a that b lacks is at
         * least that many. */
        uint64_t lacking = 0;
        for (size_t i = 0; i < len; i++)
            lacking += lack_lanes[(unsigned char)key[i] & 31];
        /* the far keys' flags, byte i's high bit, gathered into bit i */
        uint64_t far = ((lacking + FAR_BIAS) & RB_HIGHS) >> 7;
        unsigned far_bits = (unsigned)((far * 0x0102040810204080ull) >> 56);
        unsigned left = near & ~far_bits;
        if (left != 0)
            guess = typo_among(key, len, left);
    }
#ifdef RB_PARSE_CROSSCHECK
    static const uint32_t classes_of[] = {CLASSES_0, CLASSES_1, CLASSES_2,
                                          CLASSES_3, CLASSES_4, CLASSES_5,
                                          CLASSES_6};
    for (size_t i = 0; i < sizeof rb_typo_keys / sizeof rb_typo_keys[0]; i++) {
        size_t limit = typo_limit(rb_typo_keys[i]), n = rb_typo_keys[i].len;
        int within = len + limit >= n && n + limit >= len;
        if (within != (len < sizeof near_in_length &&
                       (near_in_length[len] >> i & 1) != 0) ||
            byte_classes(rb_typo_keys[i].text, n) != classes_of[i] ||
            (FAR_BIAS >> (8 * i) & 0xFF) != 0x7F - limit)
            abort();
    }
    if (guess != typo_of_plain(key, len) ||
        rb_typo_length_near(len) != (near != 0))
        abort();
#endif
    return guess;
}

#ifdef RB_PARSE_CROSSCHECK
void rb_parse_typo_crosscheck(const char *word, size_t len,
                              const known_word *guess) {
    if (guess != rb_parse_typo_of(word, len))
        abort();
}
#endif
