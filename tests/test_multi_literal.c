/* SPDX-License-Identifier: MIT */
/*
 * test_multi_literal.c - the gathered rules of one literal (`*lit`,
 * `*lit$`) decided by a rolling hash (multi_literal.c), against
 * rb_match_wildcard(), the matcher RFC 9309 section 2.2.3 describes, rule
 * by rule: random rules, crafted hash collisions (Thue-Morse blocks, which
 * collide modulo 2^64), the bands of lengths sharing a pass and their
 * fallback to a pass a length, and memory running out.
 */
#include "counting_alloc.h"
#include "match.h"
#include "multi.h"
#include "multi_literal.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does rule r decide as rb_match_wildcard() on "<path's first from
 * bytes>" + rest? (Its key starts the path, as a check's does.) */
static int agrees(const rb_wild_rule *w, const char *path, size_t len) {
    char *full = malloc(w->from + w->rest_len + 1);
    if (full == NULL)
        return 0;
    memcpy(full, path, w->from);
    memcpy(full + w->from, w->rest, w->rest_len);
    int want = rb_match_wildcard(full, w->from + w->rest_len, path, len);
    free(full);
    return w->matched == want;
}

/* rb_match_literals() with the path's pairs noted, as check_path.c
 * calls it. */
static size_t literals(const robots_allocator *allocator, const char *path,
                       size_t len, rb_wild_rule *rules, size_t n) {
    static uint32_t words[RB_PAIR_WORDS];
    rb_path_pairs pp;
    pp.pairs = words;
    rb_path_pairs_note(&pp, path, len);
    return rb_match_literals(allocator, &pp, path, len, rules, n);
}

static unsigned long next(unsigned long *state) {
    *state = *state * 6364136223846793005ul + 1442695040888963407ul;
    return *state >> 33;
}

/* Random rules over {a, b}: `*lit`, `*lit$`, `*`, `*$` and some with a
 * second `*` (never decided here), many of one length so that the
 * lengths are worth hashing, against random paths. Every rule decided
 * agrees with the matcher; both outcomes and undecided rules occur. */
static void random_rules(void) {
    enum { RULES = 40, REST_CAP = 12, PATH_CAP = 48 };
    char rest[RULES][REST_CAP], path[PATH_CAP];
    rb_wild_rule rules[RULES];
    unsigned long state = 23, decided = 0, matched = 0, undecided = 0;
    unsigned long wrong = 0, counted = 0;
    for (int round = 0; round < 3000; round++) {
        size_t len = 1 + next(&state) % PATH_CAP;
        for (size_t i = 0; i < len; i++)
            path[i] = next(&state) % 3 ? 'a' : 'b';
        size_t n = 1 + next(&state) % RULES;
        size_t common = 1 + next(&state) % 5; /* most literals' length */
        for (size_t r = 0; r < n; r++) {
            unsigned long shape = next(&state) % 16;
            size_t m = shape < 10 ? common : next(&state) % 8;
            size_t k = 0;
            rest[r][k++] = '*';
            for (size_t i = 0; i < m; i++) /* 1 in 64 a 'c', in no path */
                rest[r][k++] = next(&state) % 64 == 0 ? 'c'
                               : next(&state) % 3     ? 'a'
                                                      : 'b';
            if (shape == 10 && m > 1)
                rest[r][1 + m / 2] = '*';
            if (shape >= 11 && shape < 14)
                rest[r][k++] = '$';
            rules[r].rest = rest[r];
            rules[r].rest_len = k;
            rules[r].from = next(&state) % (len + 1);
            rules[r].rule = (uint32_t)r;
            rules[r].matched = 7;
        }
        /* a rule without its normal form yet: never decided here */
        if (round % 7 == 0)
            rules[0].rest = NULL;
        if (round % 11 == 0) /* a key longer than the path: the one pass's */
            rules[n - 1].from = len + 1;
        size_t got = literals(NULL, path, len, rules, n);
        size_t count = 0;
        for (size_t r = 0; r < n; r++) {
            if (rules[r].matched < 0) {
                undecided++;
                continue;
            }
            count++;
            decided++;
            matched += (unsigned long)rules[r].matched;
            wrong += !agrees(&rules[r], path, len);
        }
        counted += count != got;
    }
    EXPECT_MSG(wrong == 0, "%lu of %lu decided wrongly", wrong, decided);
    EXPECT_EQ(counted, 0);
    EXPECT_MSG(matched > decided / 10 && matched < decided - decided / 10,
               "%lu of %lu matched", matched, decided);
    EXPECT_MSG(undecided > decided / 20, "%lu undecided", undecided);
}

/* Thue-Morse's block of 2048 bytes over {a, b}, and its complement: their
 * polynomial hashes agree modulo 2^64 for any odd base, and so do those of
 * any two strings of as many such blocks. */
enum { BLOCK = 2048 };
static void thue_morse(char *t, char *complement) {
    for (size_t i = 0; i < BLOCK; i++) {
        int odd = __builtin_popcountl((unsigned long)i) & 1;
        t[i] = odd ? 'b' : 'a';
        complement[i] = odd ? 'a' : 'b';
    }
}

/* Writes `count` blocks, block i being t when bit i of `bits` is clear and
 * the complement otherwise. */
static void blocks(char *out, const char *t, const char *c, size_t count,
                   unsigned long bits) {
    for (size_t i = 0; i < count; i++)
        memcpy(out + i * BLOCK, bits >> i & 1 ? c : t, BLOCK);
}

/* Crafted collisions: (1) 16 literals of 4 blocks, all of one hash, cost
 * their interning more than its budget: every one is left to the
 * automaton; (2) two literals of 2 blocks against a path whose every
 * 2048th window collides with both: the scan of that length passes its
 * budget, and its rules are left to the automaton, while a rule of
 * another length is still decided. The work stays bounded either way. */
static void crafted_collisions(void) {
    static char t[BLOCK], c[BLOCK];
    thue_morse(t, c);
    enum { LONG = 16, PATH_BLOCKS = 64, OTHERS = 12 };
    static char lits[LONG][1 + 4 * BLOCK];
    static char path[PATH_BLOCKS * BLOCK];
    rb_wild_rule rules[LONG + OTHERS + 1];
    for (size_t r = 0; r < LONG; r++) {
        lits[r][0] = '*';
        blocks(lits[r] + 1, t, c, 4, r);
        rules[r] = (rb_wild_rule){lits[r], 1 + 4 * BLOCK, 0, (uint32_t)r, 0};
    }
    blocks(path, t, c, PATH_BLOCKS, 0x5555555555555555ul);
    size_t len = PATH_BLOCKS * BLOCK;
    /* as many literals of one length make it worth hashing */
    EXPECT_EQ(literals(NULL, path, len, rules, LONG), 0);
    for (size_t r = 0; r < LONG; r++)
        EXPECT_EQ(rules[r].matched, RB_LITERAL_LEFT);

    /* (2): "t t" and "c c" against t c t c ...: every aligned window is
     * "t c" or "c t", the same hash, never equal; random literals of the
     * same length make the length worth a pass; one short literal more */
    static char two[OTHERS][1 + 2 * BLOCK];
    unsigned long state = 5;
    for (size_t r = 0; r < OTHERS; r++) {
        two[r][0] = '*';
        if (r < 2)
            blocks(two[r] + 1, t, c, 2, r == 0 ? 0 : 3);
        else
            for (size_t i = 1; i <= 2 * BLOCK; i++)
                two[r][i] = next(&state) % 2 ? 'a' : 'b';
        rules[r] = (rb_wild_rule){two[r], 1 + 2 * BLOCK, 0, (uint32_t)r, 0};
    }
    rules[OTHERS] = (rb_wild_rule){"*abba", 5, 3, OTHERS, 0};
    size_t got = literals(NULL, path, len, rules, OTHERS + 1);
    for (size_t r = 0; r < OTHERS; r++)
        EXPECT_EQ(rules[r].matched, RB_LITERAL_LEFT);
    /* the short one is alone in its length, not worth a pass either */
    EXPECT_EQ(got, 0);

    /* Called again, as check_path.c does once it has made the rests some
     * rules lacked: the rules left are not weighed again (no table, no
     * scan: nothing allocated), so a length's work is spent once, not
     * twice, and they stay left. */
    counting count;
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    memset(&count, 0, sizeof count);
    EXPECT_EQ(literals(&allocator, path, len, rules, OTHERS + 1), 0);
    EXPECT_EQ(count.calls, 0);
    for (size_t r = 0; r <= OTHERS; r++)
        EXPECT_EQ(rules[r].matched, RB_LITERAL_LEFT);

    /* The same, with the path's blocks random (no aligned collisions): the
     * length is hashed and decided, each answer the matcher's. */
    for (size_t i = 0; i < len; i++)
        path[i] = next(&state) % 2 ? 'a' : 'b';
    memcpy(path + 5 * BLOCK + 7, two[4] + 1, 2 * BLOCK); /* one found */
    for (size_t r = 0; r < OTHERS; r++)
        rules[r].matched = 0; /* new rules: not weighed yet */
    got = literals(NULL, path, len, rules, OTHERS);
    EXPECT_EQ(got, OTHERS);
    size_t found = 0;
    for (size_t r = 0; r < OTHERS; r++) {
        EXPECT(agrees(&rules[r], path, len));
        found += (size_t)rules[r].matched;
    }
    EXPECT_EQ(found, 1);
}

/* Every rule of rules[0, n) as rb_match_wildcard() decides; the number
 * decided. */
static size_t all_agree(const rb_wild_rule *rules, size_t n, const char *path,
                        size_t len) {
    size_t decided = 0;
    for (size_t r = 0; r < n; r++) {
        if (rules[r].matched < 0)
            continue;
        decided++;
        EXPECT(agrees(&rules[r], path, len));
    }
    return decided;
}

/* A path of `len` bytes: `unit` repeated, then the 16 pairs of {a, b, c,
 * d} (so that no literal over them is refused by its pairs). */
static size_t pair_path(char *path, size_t len, const char *unit) {
    static const char tail[] = "aaabacadbabbbcbdcacbcccddadbdcdd";
    size_t n = strlen(unit), body = len - (sizeof tail - 1);
    for (size_t i = 0; i < body; i++)
        path[i] = unit[i % n];
    memcpy(path + body, tail, sizeof tail - 1);
    return len;
}

enum { BAND_RULES = 480, BAND_CAP = 40, BAND_PATH = 1400 };
static char band_rest[BAND_RULES][BAND_CAP];
static char band_path[BAND_PATH];

/* Rule r: `*` and lit, from 1. */
static rb_wild_rule band_rule(size_t r, const char *lit) {
    size_t n = strlen(lit);
    band_rest[r][0] = '*';
    memcpy(band_rest[r] + 1, lit, n);
    return (rb_wild_rule){band_rest[r], n + 1, 1, (uint32_t)r, 0};
}

/* A random literal of m bytes over {a, b, c, d}, after `head`. */
static const char *random_literal(char *out, const char *head, size_t m,
                                  unsigned long *state) {
    size_t h = strlen(head);
    memcpy(out, head, h);
    for (size_t i = h; i < m; i++)
        out[i] = (char)('a' + next(state) % 4);
    out[m] = '\0';
    return out;
}

/* The bands of lengths [2^b, 2^(b+1)): (1) 8 literals of each length 4 to
 * 7, too few for a pass a length (each alone is left), worth one pass
 * for the band: all decided; (2) 200 literals of 38 bytes sharing their
 * first 32 with one of 32 bytes (many-wild-shared-band): the band, keyed
 * by those 32 bytes, passes its interning budget, and falls back to a
 * pass a length, not the automaton: the 38-byte literals decided, the
 * one of 32, alone in its length, left; (3) a band whose interning fits
 * but whose pass over the path passes its budget (3 literals of each
 * length 8 to 15 sharing "aaaaaaab", which the path holds every 8 bytes):
 * a pass a length decides them all. */
static void bands(void) {
    rb_wild_rule rules[BAND_RULES];
    char lit[BAND_CAP];
    unsigned long state = 41;
    /* (1) */
    size_t len = pair_path(band_path, 400, "abcd");
    size_t n = 0;
    for (size_t m = 4; m <= 7; m++)
        for (size_t i = 0; i < 8; i++, n++)
            rules[n] = band_rule(n, random_literal(lit, "", m, &state));
    EXPECT_EQ(literals(NULL, band_path, len, rules, n), n);
    EXPECT_EQ(all_agree(rules, n, band_path, len), n);
    for (size_t i = 0; i < 8; i++) /* one length alone: not worth a pass */
        rules[i].matched = 0;
    EXPECT_EQ(literals(NULL, band_path, len, rules, 8), 0);

    /* (2) */
    len = pair_path(band_path, 600, "ab");
    const char *shared = "abababababababababababababababab";
    rules[0] = band_rule(0, shared);
    for (n = 1; n <= 200; n++)
        rules[n] = band_rule(n, random_literal(lit, shared, 38, &state));
    EXPECT_EQ(literals(NULL, band_path, len, rules, n), n - 1);
    EXPECT_EQ(rules[0].matched, RB_LITERAL_LEFT);
    EXPECT_EQ(all_agree(rules, n, band_path, len), n - 1);

    /* (3) */
    len = pair_path(band_path, BAND_PATH, "aaaaaaab");
    n = 0;
    for (size_t m = 8; m <= 15; m++)
        for (size_t i = 0; i < 60; i++, n++)
            rules[n] = band_rule(
                n, random_literal(lit, i < 3 ? "aaaaaaab" : "", m, &state));
    EXPECT_EQ(literals(NULL, band_path, len, rules, n), n);
    EXPECT_EQ(all_agree(rules, n, band_path, len), n);
}

/* Memory running out at each request: every `*lit` rule is left to the
 * automaton, the rest decided as before, and nothing is kept. */
static void out_of_memory(void) {
    enum { RULES = 300 };
    static char rest[RULES][12];
    rb_wild_rule rules[RULES];
    const char *path = "/x0x0x0x0x0x0x0x000010203040506070809";
    size_t len = strlen(path);
    for (size_t r = 0; r < RULES; r++) {
        int k =
            snprintf(rest[r], sizeof rest[r], r % 3 ? "*x0%06zu" : "*%zu$", r);
        rules[r] = (rb_wild_rule){rest[r], (size_t)k, 1, (uint32_t)r, 0};
    }
    counting count;
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    size_t got[7];
    for (size_t fail = 1; fail <= 6; fail++) {
        memset(&count, 0, sizeof count);
        count.fail_at = fail;
        for (size_t r = 0; r < RULES; r++)
            rules[r].matched = 0; /* not weighed yet */
        got[fail] = literals(&allocator, path, len, rules, RULES);
        EXPECT_EQ(count.live, 0);
        EXPECT_EQ(count.size_mismatch, 0);
        EXPECT_EQ(got[fail], all_agree(rules, RULES, path, len));
    }
    /* 5 requests: without any, the `*lit` rules the pairs did not refuse
     * are left; with all, every rule is decided */
    for (size_t fail = 2; fail <= 5; fail++)
        EXPECT_EQ(got[fail], got[1]);
    EXPECT(got[1] > RULES / 3 && got[1] < RULES);
    EXPECT_EQ(got[6], RULES);
}

int main(void) {
    random_rules();
    crafted_collisions();
    bands();
    out_of_memory();
    return testing_finish();
}
