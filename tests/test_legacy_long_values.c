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
 * one family sharing a prefix, and two built so that values longer than
 * the windows hold only windows of the names (`x a^k y` against `x a^n`
 * and `a^n y`, and the same of two letters), most in no name, some in
 * one, some repeated: the index finds them at the positions of their
 * rarest window. Last, names of runs of every period from 1 to 8 against
 * values whose every window is in a run (answered by their period), and
 * of a root of 120 to 520 bytes repeated against values whose every
 * window is in every name at hundreds of positions, in none (answered by
 * the window across their junction, or their period).
 */
#define _GNU_SOURCE /* memmem (lowered_names.h) */
#include "counting_alloc.h"
#include "lowered_names.h"
#include "random_names.h"
#include "robots.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAMES = 64, LEN = 400, VALUES = 240, SHAPES = 11 };

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
    case 9: /* x a^(LEN - 1) and a^(LEN - 1) y, in turn */
        return i % 2 == 0 ? (k == 0 ? 'x' : 'a') : (k == LEN - 1 ? 'y' : 'a');
    default: /* the same of a and of b */
        return i % 2 == 0 ? (k == 0 ? 'x' : "ab"[i / 2 % 2])
                          : (k == LEN - 1 ? 'y' : "ab"[i / 2 % 2]);
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
    if (shape >= 9 && count == 0) { /* in no name, and too short for the
                                     * hash's windows */
        memcpy(out, "yA", 2);
        return 2;
    }
    if (r == 0 && count != 0) { /* a value said before */
        const char *again = said[next_random() % count];
        strcpy(out, again);
        return strlen(out);
    }
    if (shape >= 9) { /* x a^k y: each window held, in no name; x a^k or
                       * a^k y (one in 32), in one */
        size_t len = LEN - next_random() % 140; /* too many for the hash */
        int found = next_random() % 32 == 0;
        memset(out, shape == 9 || next_random() % 2 == 0 ? 'a' : 'B', len);
        if (!found || next_random() % 2 == 0)
            out[0] = 'x';
        if (!found || out[0] != 'x')
            out[len - 1] = 'y';
        return len;
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
    lowered low;
    lower_names(&low, names, NAMES);
    size_t g = 0;
    while (g < count && !in_lowered(&low, said[g], strlen(said[g])))
        g++;
    free_lowered(&low);
    *specific = g < count;
    return g < count ? g + 1 : 0;
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

/* A record `user-agent: value` / `allow: /` at body + at; *expect its
 * group's number (from 1) if it is the first whose value a name of runs
 * (lowered) holds. Returns the body's new length. Once a first is found,
 * the later values are not searched: the naive answer is the first, and
 * the search of each later value through every name was nine tenths of
 * this program's time (runs_of_long_periods(): 700 values of 512 to 640
 * bytes through 64 names, 30 files), 77 s of the valgrind gate's. */
static size_t run_record(char *body, size_t at, const lowered *runs,
                         const char *value, size_t g, size_t *expect) {
    if (*expect == 0 && in_lowered(runs, value, strlen(value)))
        *expect = g + 1;
    return at +
           (size_t)sprintf(body + at, "user-agent: %s\nallow: /\n\n", value);
}

/* The selection of body[0..at) for the names of runs: group `expect`
 * (0: the `*` one, first), specific where it is not 0. `which` names the
 * round in a failure (100 + the period for runs_of_short_periods()). */
static void runs_select(const char *body, size_t at, const robots_str *runs,
                        size_t expect, size_t which) {
    robots_options options;
    robots_options_init(&options);
    options.profile = ROBOTS_PROFILE_LEGACY;
    options.parse_limit = 0; /* the whole body: 760 KB past the budget */
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, at, &options, &doc), ROBOTS_OK);
    size_t group = 99;
    int specific = -1;
    EXPECT_EQ(robots_select_group(doc, runs, NAMES, &group, &specific),
              ROBOTS_OK);
    EXPECT_MSG(group == expect && specific == (expect != 0),
               "runs, round %zu: group %zu, not %zu", which, group, expect);
    robots_free(doc);
}

/* Names of runs of a root of 120 to 520 bytes of `a` and `b`, 300 to 700
 * bytes each at a phase of its own (a period under the windows' 256
 * bytes and over half of them: each window a run's, at more positions
 * than a window of no period can be; from 256 on, no period: each window
 * every `period` bytes), against values of 512 to 640 bytes: pieces of
 * the run at phases that do not follow (the junction where two windows
 * meet, or anywhere), now and then the run throughout (in a name where a
 * run as long is), a name's slice with a byte changed; last a piece of
 * the first name. On session 24's main each value tried each of its
 * first window's positions (at most 2 H / 256 + 1), and some hundreds of
 * them spent the index's budget (every suffix sorted, about 100 M
 * instructions at 256 KiB of names: issue29-legacy-runs-p129); now the
 * junction's window or the run's reach answers them. Three files a
 * period, each against the naive search. */
static void runs_of_long_periods(void) {
    enum { RUN_LEN = 1200, RUN_VALUES = 700, MOST = 520 };
    static const size_t periods[] = {120, 128, 129, 200, 255,
                                     256, 257, 300, 511, MOST};
    static char text[NAMES][RUN_LEN];
    static char said[RUN_VALUES][RUN_LEN + 1];
    static char body[RUN_VALUES * (RUN_LEN + 40) + 64];
    static char run[RUN_LEN + 2 * MOST];
    robots_str runs[NAMES];
    for (size_t round = 0; round < 3 * sizeof periods / sizeof periods[0];
         round++) {
        size_t root = periods[round / 3];
        for (size_t k = 0; k < root; k++)
            run[k] = "ab"[next_random() % 2];
        for (size_t k = root; k < sizeof run; k++)
            run[k] = run[k - root];
        for (size_t i = 0; i < NAMES; i++) {
            for (size_t k = 0; k < RUN_LEN;) {
                size_t piece = 300 + next_random() % 400;
                piece = piece < RUN_LEN - k ? piece : RUN_LEN - k;
                memcpy(text[i] + k, run + next_random() % root, piece);
                k += piece;
            }
            runs[i].ptr = text[i];
            runs[i].len = RUN_LEN - i % 3 * 50;
        }
        lowered low;
        lower_names(&low, runs, NAMES);
        size_t at = (size_t)sprintf(body, "user-agent: *\ndisallow: /\n\n");
        size_t expect = 0;
        for (size_t g = 0; g < RUN_VALUES; g++) {
            size_t len = 512 + next_random() % 129;
            unsigned kind = g + 1 == RUN_VALUES ? 128 : next_random() % 128;
            size_t phase = next_random() % root;
            size_t cut = kind < 64    ? 256
                         : kind < 126 ? 257 + next_random() % 250
                                      : len; /* the run throughout */
            for (size_t k = 0; k < len; k++) {
                if (k == cut) /* a junction: the run on at another phase */
                    phase = (phase + 1 + next_random() % (root - 1)) % root;
                said[g][k] = run[(phase + k) % root];
            }
            if (kind == 127) { /* a name's slice, a byte changed */
                memcpy(said[g], runs[g % NAMES].ptr + next_random() % 500, len);
                said[g][next_random() % len] ^= 3;
            }
            if (kind == 128) /* a piece of the first name */
                memcpy(said[g], runs[0].ptr + 33, len);
            said[g][len] = '\0';
            at = run_record(body, at, &low, said[g], g, &expect);
        }
        runs_select(body, at, runs, expect, root);
        free_lowered(&low);
    }
}

/* Names of runs of every period from 1 to 8 (each 300 to 700 bytes, at
 * a phase of its own; period 1 over two letters; two such names over and
 * over, so that the windows are few), in mixed case, against
 * values of pieces of runs of 256 bytes (each window in a name), 257 to
 * 1,100 bytes: most with a junction that breaks the run (at 256 bytes,
 * and now and then each 256 after), the others a run throughout (in a
 * name where a run as long is); last a name's slice. The first found
 * against the naive search. */
static void runs_of_short_periods(void) {
    enum { RUN_LEN = 1200, RUN_VALUES = 200, DISTINCT = 2 };
    static const char letters[] = "abcdefgh";
    static char text[NAMES][RUN_LEN];
    static char said[RUN_VALUES][RUN_LEN + 1];
    static char body[RUN_VALUES * (RUN_LEN + 40) + 64];
    robots_str runs[NAMES];
    for (int round = 0; round < 8; round++) {
        size_t period = (size_t)round + 1;
        for (size_t i = 0; i < NAMES; i++) {
            for (size_t k = 0; k < RUN_LEN && i < DISTINCT;) {
                size_t phase = next_random() % period;
                size_t first = period == 1 ? next_random() % 2 : 0;
                size_t len = 400 + next_random() % 500;
                for (size_t j = 0; j < len && k < RUN_LEN; j++, k++) {
                    char c = letters[first + (phase + j) % period];
                    text[i][k] = next_random() % 4 == 0 ? (char)(c - 32) : c;
                }
            }
            if (i >= DISTINCT)
                memcpy(text[i], text[i % DISTINCT], RUN_LEN);
            runs[i].ptr = text[i];
            runs[i].len = RUN_LEN;
        }
        lowered low;
        lower_names(&low, runs, NAMES);
        size_t at = (size_t)sprintf(body, "user-agent: *\ndisallow: /\n\n");
        size_t expect = 0;
        for (size_t g = 0; g < RUN_VALUES; g++) {
            unsigned kind = g + 1 == RUN_VALUES ? 7 : next_random() % 7;
            /* a run throughout longer than most of the names' */
            size_t len = kind < 5 ? 257 + next_random() % 844
                                  : 900 + next_random() % 201;
            size_t phase = next_random() % period, first = 0;
            for (size_t k = 0; k < len; k++) {
                /* a junction that breaks the run at 256 bytes, and at
                 * each 256 after it now and then */
                if (k % 256 == 0 && k > 0 && kind < 5 &&
                    (k == 256 || next_random() % 2 == 0)) {
                    phase = (phase + 1 + next_random() % period) % period;
                    first = period == 1 ? !first : 0;
                }
                said[g][k] = letters[first + (phase + k) % period];
            }
            if (kind == 7) /* a slice of a name, last */
                memcpy(said[g],
                       runs[next_random() % NAMES].ptr +
                           next_random() % (RUN_LEN - len + 1),
                       len);
            said[g][len] = '\0';
            at = run_record(body, at, &low, said[g], g, &expect);
        }
        runs_select(body, at, runs, expect, 100 + period);
        free_lowered(&low);
    }
}

/* Values whose every window is in each name, and which are in none,
 * until the index's budget is spent: test_window_sort's
 * long_values_past_the_budget() through the selection. Names of blocks
 * A B X B C over and over, all alike (their ends' windows too, so that
 * the windows are few, and sorted as such): B of BLOCK random bytes, more
 * than the windows' 256, the others of SHORT. Values of A's last bytes,
 * B, and C's first bytes (a window crosses a junction at most, and each
 * junction is in every name; A B C in none), no two in turn alike, each
 * tried at the positions of its rarest window; last A B X, in every name.
 * Past the budget the selection sorts every suffix (selection.c,
 * first_found()) and answers the values after from them: the group the
 * naive search finds. */
static void long_values_past_the_budget(void) {
    enum { BLOCK = 260, SHORT = 8, CYCLE = 2 * BLOCK + 3 * SHORT };
    enum { NAME = 3 * CYCLE, CRAFTED = 2600 };
    static char text[NAMES][NAME];
    static char body[(CRAFTED + 1) * (BLOCK + 2 * SHORT + 40) + 64];
    static char value[BLOCK + 2 * SHORT + 1];
    static char b[BLOCK], a[SHORT], x[SHORT], c[SHORT];
    const struct {
        const char *bytes;
        size_t len;
    } cycle[5] = {{a, SHORT}, {b, BLOCK}, {x, SHORT}, {b, BLOCK}, {c, SHORT}};
    for (size_t k = 0; k < BLOCK; k++)
        b[k] = "abcdefgh"[next_random() % 8];
    for (size_t k = 0; k < SHORT; k++) {
        a[k] = "ijk"[next_random() % 3];
        x[k] = "lmn"[next_random() % 3];
        c[k] = "opq"[next_random() % 3];
    }
    for (size_t k = 0; k < NAME;)
        for (size_t j = 0; j < 5; k += cycle[j++].len)
            memcpy(text[0] + k, cycle[j].bytes, cycle[j].len);
    robots_str several[NAMES];
    for (size_t i = 0; i < NAMES; i++) {
        if (i > 0)
            memcpy(text[i], text[0], NAME);
        several[i] = (robots_str){text[i], NAME};
    }
    lowered low;
    lower_names(&low, several, NAMES);
    size_t at = (size_t)sprintf(body, "user-agent: *\ndisallow: /\n\n");
    size_t expect = 0;
    for (size_t g = 0; g <= CRAFTED; g++) {
        size_t tail = 1 + g % SHORT, head = 1 + g / SHORT % SHORT;
        memcpy(value, a + SHORT - tail, tail);
        memcpy(value + tail, b, BLOCK);
        memcpy(value + tail + BLOCK, g < CRAFTED ? c : x, head); /* C, X */
        value[tail + BLOCK + head] = '\0';
        at = run_record(body, at, &low, value, g, &expect);
    }
    EXPECT_EQ(expect, CRAFTED + 1); /* the last, A B X, alone */
    runs_select(body, at, several, expect, 1000);
    free_lowered(&low);
}

/* The selection with each of its allocations refused in turn, on names
 * `x a^399` / `a^399 y` and values `x a^k y` (each window in a name, the
 * value in none): two longer than the windows, then 148 of 3 to 150
 * bytes (too short for the names' hash to be spread), then `x a^300` (in
 * one, the third long value). The allocator's failure or the answer, and
 * nothing left allocated (the positions' lists among them). */
static void long_values_without_memory(void) {
    static char body[152 * (LEN + 40)];
    make_names(9);
    size_t at = 0;
    for (size_t k = 0; k <= 150; k++) {
        size_t len = k < 2 ? 299 + k : k < 150 ? k + 1 : 301;
        char value[LEN];
        memset(value, 'a', len);
        value[0] = 'x';
        value[len - 1] = k < 150 ? 'y' : 'a';
        at += (size_t)sprintf(body + at, "user-agent: %.*s\nallow: /\n\n",
                              (int)len, value);
    }
    counted_options c;
    counted_options_init(&c, ROBOTS_PROFILE_LEGACY);
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, at, &c.options, &doc), ROBOTS_OK);
    size_t live = c.count.live, refused = 0;
    for (size_t fail = 1;; fail++) {
        c.count.fail_at = c.count.calls + fail;
        size_t group = 0;
        int specific = -1;
        robots_status status =
            robots_select_group(doc, names, NAMES, &group, &specific);
        EXPECT_EQ(c.count.live, live);
        if (status == ROBOTS_OK) {
            EXPECT_MSG(group == 150 && specific == 1, "group %zu", group);
            break;
        }
        EXPECT_EQ(status, ROBOTS_ERR_NO_MEMORY);
        refused++;
    }
    EXPECT(refused > 4); /* the index, its windows and the positions */
    robots_free(doc);
}

int main(void) {
    (void)random_names; /* its generator is used here, not its names */
    for (int shape = 0; shape < SHAPES; shape++) {
        make_names(shape);
        for (int round = 0; round < 12; round++)
            selection_agrees(shape, round);
    }
    runs_of_long_periods();
    runs_of_short_periods();
    long_values_past_the_budget();
    long_values_without_memory();
    return testing_finish();
}
