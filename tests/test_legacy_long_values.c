/* SPDX-License-Identifier: MIT */
/*
 * test_legacy_long_values.c - legacy's agent selection through the index
 * of the names (selection.c, names_index.c) against a naive search, on
 * files of many values, several of them longer than the index's windows.
 *
 * The rule is the 1996 draft's as HTTP: The Definitive Guide section 9.4.2
 * reads it: the first record whose value is a case-insensitive substring
 * of one of the robot's names applies, and without one the first `*`
 * record. The naive search below is that sentence: each record in turn,
 * each name searched for its value. The names are of the shapes that make
 * the index sort windows (Thue-Morse, de Bruijn, `abab`, periodic), of
 * shapes that make it sort every suffix (random, mixed case, high bytes),
 * one family sharing a prefix, and one built so that values longer than
 * the windows hold only windows of the names and are in none (the index
 * then searches a few in the text and sorts every suffix for the rest).
 */
#include "agent.h"
#include "random_names.h"
#include "robots.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAMES = 64, LEN = 400, VALUES = 240, SHAPES = 10 };

static char names_text[NAMES][LEN];
static robots_str names[NAMES];

static unsigned char thue_morse(size_t i) {
    int ones = 0;
    for (size_t x = i; x != 0; x &= x - 1)
        ones++;
    return (unsigned char)"ab"[ones % 2];
}

/* The de Bruijn sequence of order 2 over five letters, repeated. */
static unsigned char de_bruijn(size_t i) {
    static const char seq[] = "aabacadaebbcbdbeccdcedde";
    return (unsigned char)seq[i % 25 < 24 ? i % 25 : 0];
}

/* Byte k of name i of the shape. */
static char shaped(int shape, size_t i, size_t k) {
    static const char alnum[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    static const char family[] = "googlebot-";
    switch (shape) {
    case 0:
        return alnum[next_random() % 36];
    case 1:
        return "aAbB"[next_random() % 4];
    case 2:
        return "a\xe9\xc9"
               "b"[next_random() % 4];
    case 3:
        return "abc"[(k + i) % 3];
    case 4:
        return (char)thue_morse(i + k);
    case 5:
        return (char)de_bruijn(3 * i + k);
    case 6:
        return "ab"[k % 2];
    case 7:
        return k < sizeof family - 1 ? family[k] : "xyz"[next_random() % 3];
    default: /* x a^(LEN - 1) and a^(LEN - 1) y, in turn */
        return i % 2 == 0 ? (k == 0 ? 'x' : 'a') : (k == LEN - 1 ? 'y' : 'a');
    }
}

static void make_names(int shape) {
    for (size_t i = 0; i < NAMES; i++) {
        for (size_t k = 0; k < LEN; k++) {
            char c = shaped(shape, i, k);
            if (shape != 1 && c >= 'a' && c <= 'z' && next_random() % 4 == 0)
                c = (char)(c - 32); /* mixed case, which no search minds */
            names_text[i][k] = c;
        }
        names[i].ptr = names_text[i];
        names[i].len = LEN;
    }
}

/* A value: a piece of a name of 2 to 120 bytes, or (one in four) of 257
 * to LEN (longer than the deepest windows), most with a byte changed so
 * that few are found; a family's prefix; or one said before again. */
static size_t make_value(int shape, char *out, char (*said)[LEN + 1],
                         size_t count) {
    unsigned r = next_random() % 16;
    if (shape == SHAPES - 1 && count == 0) { /* in no name, and too short
                                              * for the hash's windows */
        memcpy(out, "yA", 2);
        return 2;
    }
    if (shape == SHAPES - 1) { /* x a^k y: each window held, in no name */
        size_t len = LEN - next_random() % 140; /* too many for the hash */
        memset(out, 'a', len);
        out[0] = 'x';
        out[len - 1] = 'y';
        return len;
    }
    if (r == 0 && count != 0) { /* a value said before */
        const char *again = said[next_random() % count];
        strcpy(out, again);
        return strlen(out);
    }
    if (r == 1) {
        memcpy(out, "GoogleBot-", 10);
        return 2 + next_random() % 9;
    }
    size_t len =
        r < 6 ? 257 + next_random() % (LEN - 256) : 2 + next_random() % 119;
    const char *from = names[next_random() % NAMES].ptr;
    memcpy(out, from + next_random() % (LEN - len + 1), len);
    if (next_random() % 64 != 0) /* found now and then */
        out[next_random() % len] = "abAB\xe9gxy"[next_random() % 8];
    return len;
}

/* The naive answer: the first record (group) whose value a name holds,
 * else the `*` record first in the file. */
static size_t naive(char (*said)[LEN + 1], size_t count, int *specific) {
    for (size_t g = 0; g < count; g++)
        for (size_t i = 0; i < NAMES; i++)
            if (rb_contains_nocase(names[i].ptr, names[i].len, said[g],
                                   strlen(said[g]))) {
                *specific = 1;
                return g + 1;
            }
    *specific = 0;
    return 0;
}

static void selection_agrees(int shape, int round) {
    static char said[VALUES][LEN + 1];
    static char body[VALUES * (LEN + 40) + 64];
    size_t at = (size_t)sprintf(body, "user-agent: *\ndisallow: /star\n\n");
    for (size_t g = 0; g < VALUES; g++) {
        size_t len = make_value(shape, said[g], said, g);
        said[g][len] = '\0';
        at += (size_t)sprintf(body + at, "user-agent: %s\ndisallow: /%zu\n\n",
                              said[g], g);
    }
    robots_options options;
    robots_options_init(&options);
    options.profile = ROBOTS_PROFILE_LEGACY;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, at, &options, &doc), ROBOTS_OK);
    int expect_specific = 0, specific = -1;
    size_t expect = naive(said, VALUES, &expect_specific), group = 0;
    EXPECT_EQ(robots_select_group(doc, names, NAMES, &group, &specific),
              ROBOTS_OK);
    EXPECT_MSG(group == expect && specific == expect_specific,
               "shape %d round %d: group %zu, the naive search's %zu", shape,
               round, group, expect);
    robots_free(doc);
}

int main(void) {
    (void)random_names; /* its generator is used here, not its names */
    for (int shape = 0; shape < SHAPES; shape++) {
        make_names(shape);
        for (int round = 0; round < 12; round++)
            selection_agrees(shape, round);
    }
    return testing_finish();
}
