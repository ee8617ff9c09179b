/* SPDX-License-Identifier: MIT */
/*
 * test_window_sort.c - the distinct windows of legacy's names text
 * (window_sort.c) against their definition, and the index of the names
 * built on them (names_index.c) against a direct substring search on the
 * shapes of names that make many suffixes alike. The direct search is the
 * test's own (lowered_names.h: ASCII capitals lowered, then memmem), not
 * the library's rb_contains_nocase(): an oracle that shared the library's
 * folding or search could not catch their bugs.
 *
 * The rule the index serves is the 1996 draft's as HTTP: The Definitive
 * Guide section 9.4.2 reads it: a record's value applies when it is a
 * case-insensitive substring of the robot's name. window_sort.h states
 * what the representatives are: every position's window (its bytes up to
 * the depth or the NUL that ends its name) a prefix of one of theirs,
 * sorted by their windows.
 */
#define _GNU_SOURCE /* memmem (lowered_names.h) */
#include "counting_alloc.h"
#include "lowered_names.h"
#include "memory.h"
#include "names_index.h"
#include "random_names.h"
#include "robots.h"
#include "testing.h"
#include "window_sort.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The window at p: its length (up to depth or the NUL). */
static size_t window_len(const unsigned char *text, size_t p, size_t depth) {
    size_t k = 0;
    while (k < depth && text[p + k] != 0)
        k++;
    return k;
}

/* Whether a's window sorts strictly before b's, the end of a window the
 * least. */
static int strictly_before(const unsigned char *text, size_t a, size_t b,
                           size_t depth) {
    size_t la = window_len(text, a, depth), lb = window_len(text, b, depth);
    size_t k = 0;
    while (k < la && k < lb && text[a + k] == text[b + k])
        k++;
    if (k == la || k == lb)
        return la < lb;
    return text[a + k] < text[b + k];
}

/* rb_window_sort() on text[0..n) at depth: 1 when it answered, the
 * answer checked against the definition. */
static int expect_windows(const unsigned char *text, size_t n, size_t depth,
                          const char *what) {
    uint32_t *reps = malloc(n * sizeof *reps);
    uint32_t *cover = malloc(n * sizeof *cover);
    size_t words = 3 * n + 64;
    uint32_t *scratch = malloc(words * sizeof *scratch);
    size_t count = 0;
    int done =
        rb_window_sort(text, n, depth, reps, &count, cover, scratch, words);
    if (done) {
        for (size_t i = 0; i < count; i++)
            EXPECT_MSG(text[reps[i]] != 0, "%s: a NUL represents", what);
        for (size_t i = 1; i < count; i++)
            EXPECT_MSG(strictly_before(text, reps[i - 1], reps[i], depth),
                       "%s: reps %zu and %zu out of order (depth %zu)", what,
                       i - 1, i, depth);
        for (size_t p = 0; p < n; p++) {
            if (text[p] == 0)
                continue;
            size_t len = window_len(text, p, depth), i = 0;
            while (i < count && !(window_len(text, reps[i], depth) >= len &&
                                  memcmp(text + reps[i], text + p, len) == 0))
                i++;
            EXPECT_MSG(i < count, "%s: position %zu covered by none", what, p);
            /* its own cover: a representative whose window starts with
             * p's, and equals it where p's is of depth bytes */
            size_t rep = cover[p], rep_len = window_len(text, rep, depth);
            int own = rep_len >= len && memcmp(text + rep, text + p, len) == 0;
            for (i = 0; i < count && reps[i] != rep; i++)
                ;
            EXPECT_MSG(own && i < count && (len < depth || rep_len == depth),
                       "%s: position %zu's cover %zu", what, p, rep);
        }
    }
    free(scratch);
    free(cover);
    free(reps);
    return done;
}

/* The Thue-Morse word's byte i over {a, b}, or its complement. */
static unsigned char thue_morse(size_t i, int complement) {
    int ones = 0;
    for (size_t x = i; x != 0; x &= x - 1)
        ones++;
    return (unsigned char)("ab"[(ones + complement) % 2]);
}

/* The de Bruijn sequence of order 2 over the first `symbols` letters
 * (the Lyndon words of length 1 and 2 in order), byte i of it repeated. */
static unsigned char de_bruijn(size_t i, size_t symbols) {
    i %= symbols * symbols;
    for (size_t a = 0;; a++) {
        size_t block = 1 + 2 * (symbols - 1 - a);
        if (i < block)
            return (unsigned char)('a' + (i == 0       ? a
                                          : i % 2 == 1 ? a
                                                       : a + 1 + (i - 1) / 2));
        i -= block;
    }
}

enum { SHAPES = 6 };

/* Name `i` of `len` bytes of shape `shape`: Thue-Morse (cut a byte apart),
 * de Bruijn over 5 letters, `abab`, random over two letters, mixed case
 * and high bytes over four, and names of one family (`googlebot-` and a
 * random tail). */
static void shaped_name(unsigned char *out, size_t len, int shape, size_t i) {
    static const char family[] = "googlebot-";
    for (size_t k = 0; k < len; k++) {
        switch (shape) {
        case 0:
            out[k] = thue_morse(i + k, 0);
            break;
        case 1:
            out[k] = de_bruijn(3 * i + k, 5);
            break;
        case 2:
            out[k] = (unsigned char)"ab"[k % 2];
            break;
        case 3:
            out[k] = (unsigned char)"ab"[next_random() % 2];
            break;
        case 4:
            out[k] = (unsigned char)"aB\xe9\xc9"[next_random() % 4];
            break;
        default:
            out[k] = k < sizeof family - 1
                         ? (unsigned char)family[k]
                         : (unsigned char)"xyz"[next_random() % 3];
        }
    }
}

/* The definition on texts of each shape, several depths, names of
 * several lengths (and empty ones): the periodic shapes hold few windows
 * and must be answered; the random ones may give up. */
static void windows_match_definition(void) {
    static unsigned char text[8 * 301 + 8];
    static const size_t depths[] = {1, 3, 7, 40, 500};
    for (int shape = 0; shape < SHAPES; shape++) {
        for (size_t d = 0; d < sizeof depths / sizeof *depths; d++) {
            size_t n = 0;
            for (size_t i = 0; i < 8; i++) {
                size_t len = i == 5 ? 0 : 300 - 7 * i;
                shaped_name(text + n, len, shape, i);
                n += len;
                text[n++] = 0;
            }
            int done = expect_windows(text, n, depths[d], "shape");
            if ((shape == 1 || shape == 2) && depths[d] <= 40)
                EXPECT_MSG(done, "shape %d depth %zu not answered", shape,
                           depths[d]);
            if (shape == 0 && depths[d] <= 7)
                EXPECT_MSG(done, "shape %d depth %zu not answered", shape,
                           depths[d]);
        }
    }
}

/* The definition on random names (random_names.h) over a small
 * alphabet, NULs and high bytes among it: answered or not, never wrong. */
static void windows_of_random_names(void) {
    static const char alphabet[] = {'a', 'b', '\0', '\xe9'};
    char names_text[4][60];
    robots_str names[4];
    unsigned char text[4 * 61];
    for (int round = 0; round < 300; round++) {
        size_t count = random_names(names_text[0], sizeof names_text[0], 4,
                                    alphabet, 2 + (size_t)round % 3, names);
        size_t n = 0;
        for (size_t i = 0; i < count; i++) {
            memcpy(text + n, names[i].ptr, names[i].len);
            n += names[i].len;
            text[n++] = 0;
        }
        expect_windows(text, n, 1 + (size_t)round % 9, "random names");
    }
}

/* Where it gives up: random names of 26 letters (a window each, more than
 * a thirty-second of the text) and a scratch too small for the table.
 * And where it does not: a name whose windows are each new, all cut by
 * its NUL (the depth past it), each rolled on from the one before (the
 * NULs after it making room for as many representatives). */
static void windows_give_up(void) {
    enum { LONG = 600, PAD = 31 * 600 };
    unsigned char *text = calloc(LONG + PAD + 1, 1);
    for (size_t k = 0; k < 2000; k++) /* a NUL after them */
        text[k] = (unsigned char)('a' + next_random() % 26);
    EXPECT(!expect_windows(text, 2001, 8, "26 letters"));
    uint32_t reps[64], cover[64], scratch[47];
    size_t count = 0;
    EXPECT(!rb_window_sort((const unsigned char *)"abab", 5, 2, reps, &count,
                           cover, scratch, 47));
    memset(text, 0, LONG + PAD + 1);
    for (size_t k = 0; k < LONG; k++)
        text[k] = (unsigned char)('a' + next_random() % 26);
    EXPECT(expect_windows(text, LONG + PAD + 1, LONG + 1, "windows rolled"));
    free(text);
}

/* Where it gives up on its budget (more than 4 words hashed or compared a
 * byte) rather than on the count of representatives: two names of a^1016
 * and a tail of 8 digits of their own, each position's window new (2,048
 * representatives, alike for hundreds of bytes), beside 16 names of 4,096
 * `z` (one window, chained: they make room for as many representatives);
 * sorting 2,048 windows about 300 bytes alike passes 4 words a byte. Then
 * the index of those names sorts their suffixes instead, and answers as
 * the direct search does. */
static void windows_past_the_budget(void) {
    enum { NAMES = 18, DEPTH = 1024 };
    static char text[NAMES][4096];
    static unsigned char joined[NAMES * 4097];
    robots_str names[NAMES];
    size_t n = 0;
    for (size_t i = 0; i < NAMES; i++) {
        size_t len = i < 2 ? DEPTH : 4096;
        memset(text[i], i < 2 ? 'a' : 'z', len);
        if (i < 2)
            memcpy(text[i] + DEPTH - 8, i == 0 ? "01234567" : "76543210", 8);
        names[i].ptr = text[i];
        names[i].len = len;
        memcpy(joined + n, text[i], len);
        n += len;
        joined[n++] = 0;
    }
    EXPECT(n / 32 > 2 * DEPTH + 2); /* room for every representative */
    EXPECT(!expect_windows(joined, n, DEPTH, "past the budget"));
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, NAMES, 4096, DEPTH, &index),
              ROBOTS_OK);
    EXPECT_EQ(index.shallow, SIZE_MAX); /* the windows gave up */
    lowered low;
    lower_names(&low, names, NAMES);
    static char value[4096];
    static const size_t lengths[] = {2, 9, 500, 1016, 1017, 1024, 4096};
    for (size_t l = 0; l < sizeof lengths / sizeof *lengths; l++) {
        for (int kind = 0; kind < 4; kind++) {
            size_t len = lengths[l];
            memset(value, kind == 3 ? 'Z' : 'A', len);
            if (kind == 1 && len >= 8) /* a's and one name's tail */
                memcpy(value + len - 8, "01234567", 8);
            if (kind == 2 && len >= 8) /* and a tail no name has */
                memcpy(value + len - 8, "01234576", 8);
            EXPECT_MSG(rb_names_index_contains(&index, value, len) ==
                           in_lowered(&low, value, len),
                       "past the budget: value of %zu, kind %d", len, kind);
        }
    }
    free_lowered(&low);
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
}

/* Windows whose hashes agree and whose bytes do not: the Thue-Morse word
 * of 128 bytes and its complement hash alike modulo 2^32 (for any odd
 * base), so the second is compared with the first and given its own;
 * NULs after them (empty names) leave room for each new suffix. */
static void windows_that_collide(void) {
    enum { PAD = 32 * 4 * 129 };
    static unsigned char text[4 * 129 + PAD];
    size_t n = 0;
    for (int copy = 0; copy < 4; copy++) {
        for (size_t k = 0; k < 128; k++)
            text[n + k] = thue_morse(k, copy % 2);
        n += 128;
        text[n++] = 0;
    }
    EXPECT(expect_windows(text, n + PAD, 128, "colliding"));
}

/* Whether the window of `step` bytes at w (lowered here: no NUL in it)
 * starts the window of one of the index's sorted representatives (a
 * NUL of the text ends a window, and no byte of w matches it). */
static int window_sorted(const rb_names_index *index, const char *w,
                         size_t step) {
    for (size_t i = 0; i < index->sorted; i++) {
        const unsigned char *at = index->text + index->suffixes[i];
        size_t k = 0;
        while (k < step && at[k] == (unsigned char)lower_byte(w[k]))
            k++;
        if (k == step)
            return 1;
    }
    return 0;
}

/* 0 where the index's sorted windows show the value in no name: longer
 * than every name, or longer than the windows and one of its windows
 * (every `shallow` bytes and its last) none of theirs; else 1. Read from
 * the index's text and representatives by the test, not asked of the
 * library, whose own search does the same (names_index.c's
 * windows_hold()): a value in a name whose window they miss is a window
 * the sort lost, and one they rule out the index must answer 0 for. */
static int windows_sorted_hold(const rb_names_index *index, const char *value,
                               size_t len) {
    if (len > index->longest)
        return 0;
    if (len <= index->shallow)
        return 1;
    size_t step = index->shallow, last = len - step;
    for (size_t at = 0;; at += step) {
        size_t from = at < last ? at : last;
        if (!window_sorted(index, value + from, step))
            return 0;
        if (from == last)
            return 1;
    }
}

/* The index against the direct search on names of each shape (64 names
 * of 600 bytes, so that the index sorts), mixed case, with values: pieces
 * of the names of 2 to 120 bytes (found), the same with a byte changed,
 * random ones, the family's prefix and more, and pieces longer than the
 * windows' depth (searched in the text). */
static void index_agrees_on_shapes(void) {
    enum { COUNT = 64, LEN = 600 };
    static unsigned char text[COUNT][LEN];
    robots_str names[COUNT];
    size_t ruled_out = 0;
    for (int shape = 0; shape < SHAPES; shape++) {
        for (size_t i = 0; i < COUNT; i++) {
            shaped_name(text[i], LEN, shape, i);
            for (size_t k = 0; k < LEN; k++)
                if (next_random() % 3 == 0 && text[i][k] >= 'a' &&
                    text[i][k] <= 'z')
                    text[i][k] = (unsigned char)(text[i][k] - 32);
            names[i].ptr = (const char *)text[i];
            names[i].len = LEN;
        }
        lowered low;
        lower_names(&low, names, COUNT);
        static const size_t shallows[] = {3, 40, 120};
        for (size_t s = 0; s < 3; s++) {
            rb_mem mem;
            rb_mem_init(&mem, NULL, 0);
            rb_names_index index;
            EXPECT_EQ(rb_names_index_build(&mem, names, COUNT, 300, shallows[s],
                                           &index),
                      ROBOTS_OK);
            EXPECT(mem.peak <= 21 * (size_t)COUNT * (LEN + 1) + 1024);
            if (shape <= 2)
                EXPECT_MSG(index.shallow == shallows[s],
                           "shape %d: the windows not sorted", shape);
            for (int v = 0; v < 300; v++) {
                char value[300];
                size_t len = 2 + next_random() % (v % 5 == 0 ? 298 : 119);
                const robots_str *from = &names[next_random() % COUNT];
                memcpy(value, from->ptr + next_random() % (LEN - len), len);
                if (v % 2 == 1)
                    value[next_random() % len] = "abAB\xe9gx-"[v % 8];
                if (v % 7 == 3)
                    memcpy(value, "googlebot-", len < 10 ? len : 10);
                int direct = in_lowered(&low, value, len);
                EXPECT_MSG(rb_names_index_contains(&index, value, len) ==
                               direct,
                           "shape %d, depth %zu: value of %zu", shape,
                           shallows[s], len);
                /* the windows rule out only what is in no name */
                int may = windows_sorted_hold(&index, value, len);
                EXPECT_MSG(may >= direct, "shape %d, depth %zu: value of %zu",
                           shape, shallows[s], len);
                ruled_out += !may;
                if (len > index.shallow) { /* through the windows */
                    robots_status status = ROBOTS_ERR_INVALID_ARGUMENT;
                    int found = rb_names_index_find_long(&mem, &index, value,
                                                         len, &status);
                    EXPECT_EQ(status, ROBOTS_OK);
                    EXPECT_MSG(found == direct || found < 0,
                               "shape %d, depth %zu: value of %zu: %d", shape,
                               shallows[s], len, found);
                }
            }
            EXPECT(mem.peak <= 21 * (size_t)COUNT * (LEN + 1) + 1024);
            rb_names_index_release(&mem, &index);
            EXPECT_EQ(mem.live, 0);
        }
        free_lowered(&low);
    }
    EXPECT(ruled_out != 0); /* values with a byte changed, longer than 120 */
}

/* The names of long_values_through_windows(): `a`s, with an `x` at
 * `where[i % 4]` of name i (none past the name), one of them shorter than
 * the windows. */
enum { LONG_NAMES = 64, LONG_LEN = 600, LONG_DEPTH = 120 };
static char long_text[LONG_NAMES][LONG_LEN];

static void x_names(robots_str *names, const size_t where[4]) {
    for (size_t i = 0; i < LONG_NAMES; i++) {
        memset(long_text[i], 'a', LONG_LEN);
        size_t x = i == 0 ? 50 : i == LONG_NAMES - 1 ? 450 : where[i % 4];
        if (x < LONG_LEN)
            long_text[i][x] = i % 8 == 3 ? 'X' : 'x';
        names[i].ptr = long_text[i];
        names[i].len = i == 5 ? LONG_DEPTH / 2 : LONG_LEN;
    }
}

/* One value through rb_names_index_find_long() against the direct search:
 * `x` at `x_at` (none past it) in `len` `a`s, and a `y` last if `y`. */
static int long_value_agrees(rb_mem *mem, rb_names_index *index,
                             const lowered *names, size_t len, size_t x_at,
                             int y) {
    char value[LONG_LEN + 1];
    memset(value, 'A', len);
    if (x_at < len)
        value[x_at] = 'x';
    if (y)
        value[len - 1] = 'y';
    int direct = in_lowered(names, value, len);
    robots_status status = ROBOTS_ERR_INVALID_ARGUMENT;
    int found = rb_names_index_find_long(mem, index, value, len, &status);
    EXPECT_EQ(status, ROBOTS_OK);
    EXPECT_MSG(found == direct, "value of %zu, x at %zu, y %d: %d, not %d", len,
               x_at, y, found, direct);
    return found;
}

/* Values longer than the windows, each window of them in a name, found at
 * the positions of their rarest window: `x a^k y` (in no name: the
 * crafted shape), `x a^k`, `a^k y`, `a^k` and `a`s around an `x` (in
 * names or not); the rarest window the first, the last or one between;
 * its positions before the value's offset in it (the first name's `x` is
 * 50 bytes in) or too near the text's end for it (the last name's 150
 * before its end). Within the index's budget and robots.h's memory bound;
 * the index without memory for the positions. */
static void long_values_through_windows(void) {
    static const size_t where[][4] = {{0, LONG_LEN - 1, 0, LONG_LEN - 1},
                                      {300, LONG_LEN, 300, LONG_LEN}};
    robots_str names[LONG_NAMES];
    size_t h = LONG_NAMES * (LONG_LEN + 1), found = 0;
    for (size_t kind = 0; kind < 2; kind++) {
        x_names(names, where[kind]);
        lowered low;
        lower_names(&low, names, LONG_NAMES);
        rb_mem mem;
        rb_mem_init(&mem, NULL, 0);
        rb_names_index index;
        EXPECT_EQ(rb_names_index_build(&mem, names, LONG_NAMES, LONG_LEN,
                                       LONG_DEPTH, &index),
                  ROBOTS_OK);
        EXPECT_EQ(index.shallow, LONG_DEPTH);
        for (size_t len = LONG_DEPTH + 1; len <= LONG_LEN; len += 37) {
            found += long_value_agrees(&mem, &index, &low, len, 0, 1) == 1;
            found += long_value_agrees(&mem, &index, &low, len, 0, 0) == 1;
            found += long_value_agrees(&mem, &index, &low, len, len, 1) == 1;
            found += long_value_agrees(&mem, &index, &low, len, len, 0) == 1;
            found +=
                long_value_agrees(&mem, &index, &low, len, len / 2, 0) == 1;
            found += long_value_agrees(&mem, &index, &low, len, 150, 0) == 1;
            found += long_value_agrees(&mem, &index, &low, len, 30, 1) == 1;
        }
        /* longer than every name: in none */
        char longer[LONG_LEN + 1];
        memset(longer, 'a', sizeof longer);
        robots_status status = ROBOTS_ERR_INVALID_ARGUMENT;
        EXPECT_EQ(rb_names_index_find_long(&mem, &index, longer, sizeof longer,
                                           &status),
                  0);
        EXPECT_EQ(status, ROBOTS_OK);
        EXPECT(index.work <= index.budget);
        EXPECT_MSG(mem.peak <= 21 * h + 1024, "peak %zu for %zu", mem.peak, h);
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
        free_lowered(&low);
    }
    EXPECT(found != 0);
    /* each allocation refused in turn, the positions' among them */
    for (size_t fail = 1;; fail++) {
        counted_options counted; /* its allocator alone */
        counted_options_init(&counted, ROBOTS_PROFILE_LEGACY);
        counted.count.fail_at = fail;
        rb_mem mem;
        rb_mem_init(&mem, &counted.allocator, 0);
        rb_names_index index;
        robots_status status = rb_names_index_build(
            &mem, names, LONG_NAMES, LONG_LEN, LONG_DEPTH, &index);
        int found_one = -1;
        if (status == ROBOTS_OK) {
            char value[LONG_LEN];
            memset(value, 'a', 300);
            value[150] = 'x';
            /* the first searched in the text, the second at the
             * positions of its rarest window, which it lists */
            found_one =
                rb_names_index_find_long(&mem, &index, value, 300, &status);
            if (status == ROBOTS_OK)
                found_one += rb_names_index_find_long(&mem, &index, value, 300,
                                                      &status) -
                             1;
            rb_names_index_release(&mem, &index);
        }
        EXPECT_EQ(counted.count.live, 0);
        if (status == ROBOTS_OK) {
            EXPECT_EQ(found_one, 1);
            break;
        }
        EXPECT_EQ(status, ROBOTS_ERR_NO_MEMORY);
        EXPECT_EQ(found_one, found_one < 0 ? -1 : 0);
    }
}

/* Values whose every window is in a name at a hundred positions, and
 * which are in none: names of blocks A B D E B C repeated (100 random
 * bytes each, the windows' depth), the value A B C. Its windows, and
 * those halfway (across A B and B C), are each in every name, none at
 * fewer than 128 positions, and the value in none. Each position of the
 * rarest window is tried until the index's budget, O(H), is spent: then
 * -1, for every value after. (Where a junction's window is in no name,
 * or in fewer, the value is answered there: long_values_of_long_periods()
 * and issue29-legacy-runs-p256-planted.) */
static void long_values_past_the_budget(void) {
    enum { COUNT = 64, LEN = 1200, BLOCK = 100 };
    static char text[COUNT][LEN];
    robots_str names[COUNT];
    char block[5][BLOCK];
    for (size_t b = 0; b < 5; b++)
        for (size_t k = 0; k < BLOCK; k++)
            block[b][k] = "abcdefgh"[next_random() % 8];
    static const size_t order[6] = {0, 1, 3, 4, 1, 2}; /* A B D E B C */
    for (size_t i = 0; i < COUNT; i++) {
        for (size_t k = 0; k < LEN; k += BLOCK)
            memcpy(text[i] + k, block[order[k / BLOCK % 6]], BLOCK);
        names[i].ptr = text[i];
        names[i].len = LEN;
    }
    char value[3 * BLOCK];
    for (size_t b = 0; b < 3; b++)
        memcpy(value + b * BLOCK, block[b], BLOCK);
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, COUNT, LEN, BLOCK, &index),
              ROBOTS_OK);
    EXPECT_EQ(index.shallow, BLOCK);
    lowered low;
    lower_names(&low, names, COUNT);
    EXPECT(!in_lowered(&low, value, sizeof value));
    free_lowered(&low);
    int found = 0;
    size_t tries = 0;
    robots_status status = ROBOTS_OK;
    while (found == 0 && tries++ < 5000)
        found = rb_names_index_find_long(&mem, &index, value, sizeof value,
                                         &status);
    EXPECT_EQ(found, -1);
    EXPECT(tries > 2); /* the first within it */
    EXPECT(rb_names_index_find_long(&mem, &index, value, sizeof value,
                                    &status) < 0);
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
}

/* An allocator that fills each block with one 32-bit word, so that a
 * word the index never writes reads as that word. */
static uint32_t fill_word;
static void *filled_alloc(void *ctx, size_t size) {
    (void)ctx;
    uint32_t *block = malloc(size);
    for (size_t i = 0; block != NULL && i < size / sizeof *block; i++)
        block[i] = fill_word;
    return block;
}
static void filled_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)size;
    free(ptr);
}
static const robots_allocator filled_allocator = {filled_alloc, filled_free,
                                                  NULL};

/* The index of names built in memory filled with fill_word. */
static void build_in_filled_memory(rb_mem *mem, const robots_str *names,
                                   size_t count, size_t len, size_t shallow,
                                   rb_names_index *index) {
    rb_mem_init(mem, &filled_allocator, 0);
    EXPECT_EQ(rb_names_index_build(mem, names, count, len, shallow, index),
              ROBOTS_OK);
    EXPECT_EQ(index->shallow, shallow);
}

/* The review of session 23: names (ab)^300 and `bb`, windows of 128
 * bytes, and (ab)^64 (ba)^86, in no name. At a position 128 bytes before
 * a name's end its second window would be read at the name's NUL, its
 * third in the next name: a NUL's window is no window, whatever the
 * memory held before (0 and 1 are the ranks of `abab...` and `baba...`). */
static void long_value_across_a_name_end(void) {
    enum { COUNT = 40, LEN = 300, SHALLOW = 128, VALUE = 300 };
    static char text[COUNT][LEN];
    robots_str names[COUNT];
    for (size_t i = 0; i + 1 < COUNT; i++) {
        for (size_t k = 0; k < LEN; k++)
            text[i][k] = "ab"[k % 2];
        names[i] = (robots_str){text[i], LEN};
    }
    names[COUNT - 1] = (robots_str){"bb", 2};
    char value[VALUE];
    for (size_t k = 0; k < VALUE; k++)
        value[k] = k < SHALLOW ? "ab"[k % 2] : "ba"[k % 2];
    for (fill_word = 0; fill_word < 4; fill_word++) {
        rb_mem mem;
        rb_names_index index;
        build_in_filled_memory(&mem, names, COUNT, LEN, SHALLOW, &index);
        for (int round = 0; round < 3; round++) {
            robots_status status = ROBOTS_OK;
            int found =
                rb_names_index_find_long(&mem, &index, value, VALUE, &status);
            EXPECT_MSG(found == 0, "fill %u, round %d: %d", (unsigned)fill_word,
                       round, found);
        }
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
}

/* Names of runs of the periods 1 (two letters), 2, 3 and 7 one after
 * another, each 400 to 900 bytes at a phase of its own (three such names
 * over and over, so that the windows are few), against values
 * whose first window is in a run: the whole value a run (in a name where
 * a run of its root and phase is as long: its reach), or pieces of runs
 * at phases that do not follow (in no name, answered at the positions of
 * the window that ends at the first junction), or a name's slice with a
 * byte changed or as it is; in mixed case. Each answer the direct
 * search's, or -1 (past the budget) for none of them; with windows of
 * 100 bytes and of 300 (deeper than the period's room: a junction in
 * the first window is tried as before); the allocator's memory filled
 * with 0x01 and 0x02 bytes. */
static void long_values_in_runs(void) {
    enum { COUNT = 64, LEN = 1800, VALUES = 600, DISTINCT = 3 };
    static const char *const roots[] = {"a", "b", "ab", "abc", "abcdefg"};
    static char text[COUNT][LEN];
    robots_str names[COUNT];
    static const size_t shallows[] = {100, 300};
    for (size_t s = 0; s < 2; s++) {
        for (size_t i = 0; i < COUNT; i++) {
            for (size_t k = 0; k < LEN && i < DISTINCT;) {
                const char *root = roots[next_random() % 5];
                size_t p = strlen(root), phase = next_random() % p;
                size_t run = 400 + next_random() % 500;
                for (size_t j = 0; j < run && k < LEN; j++)
                    text[i][k++] = root[(phase + j) % p];
            }
            if (i >= DISTINCT)
                memcpy(text[i], text[i % DISTINCT], LEN);
            names[i].ptr = text[i];
            names[i].len = LEN;
        }
        lowered low;
        lower_names(&low, names, COUNT);
        size_t shallow = shallows[s];
        /* the allocator's memory filled, so that a word of the index left
         * unwritten (the reaches before a value asks) reads as no zero */
        fill_word = 0x01010101u * (uint32_t)(1 + s);
        rb_mem mem;
        rb_names_index index;
        build_in_filled_memory(&mem, names, COUNT, LEN, shallow, &index);
        static char value[LEN];
        size_t answered = 0, found = 0;
        for (size_t v = 0; v < VALUES; v++) {
            size_t len = shallow + 1 + next_random() % 500;
            const char *root = roots[next_random() % 5];
            size_t p = strlen(root), phase = next_random() % p;
            int kind = (int)(v % 4);
            for (size_t k = 0; k < len; k++) {
                /* kind 1: a junction every `shallow` bytes or so */
                if (kind == 1 && k > 0 && k % shallow == 0 &&
                    next_random() % 2 == 0) {
                    root = roots[next_random() % 5];
                    p = strlen(root);
                    phase = next_random() % p + p - k % p;
                }
                value[k] = root[(phase + k) % p];
            }
            if (kind >= 2) { /* a slice of a name, a byte changed or not */
                const robots_str *from = &names[next_random() % COUNT];
                memcpy(value, from->ptr + next_random() % (LEN - len), len);
                if (kind == 3)
                    value[next_random() % len] = "abcg"[next_random() % 4];
            }
            for (size_t k = 0; k < len; k++)
                if (next_random() % 5 == 0)
                    value[k] = (char)(value[k] - 'a' + 'A');
            int direct = in_lowered(&low, value, len);
            robots_status status = ROBOTS_ERR_NO_MEMORY;
            int got =
                rb_names_index_find_long(&mem, &index, value, len, &status);
            EXPECT_EQ(status, ROBOTS_OK);
            if (got >= 0) {
                EXPECT_EQ(got, direct);
                answered++;
            }
            found += (size_t)direct;
        }
        EXPECT_EQ(answered, VALUES); /* the runs spend no budget */
        EXPECT(found > VALUES / 4 && found < VALUES - VALUES / 4);
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
        free_lowered(&low);
    }
}

/* The review of session 24: a value that is a run throughout is in a
 * name exactly where a run as long as it is, its last byte the run's
 * last; a value a byte longer is in none. Names: a^400 (a whole name of
 * one run), x (ab)^150 y (ab)^200 z and q (abc)^100 r (abc)^133 s, 21
 * times each (the windows' positions then many more than an aperiodic
 * window's); each value's expectation said, and the direct search's
 * too. */
static void whole_runs_at_their_length(void) {
    enum { SHALLOW = 100, MOST = 402, COUNT = 63 };
    static char text[3][2 * MOST];
    robots_str names[COUNT];
    /* a name: its first byte, a run of one root, its middle byte,
     * another run of that root, its last byte (0: none) */
    static const struct {
        const char *root;
        char first, middle, last;
        size_t runs[2];
    } shapes[3] = {
        {"a", 0, 0, 0, {400, 0}},
        {"ab", 'x', 'y', 'z', {300, 400}},
        {"abc", 'q', 'r', 's', {300, 399}},
    };
    for (size_t i = 0; i < 3; i++) {
        size_t len = 0, p = strlen(shapes[i].root);
        const char ends[3] = {shapes[i].first, shapes[i].middle,
                              shapes[i].last};
        for (size_t r = 0; r < 3; r++) {
            if (ends[r] != 0)
                text[i][len++] = ends[r];
            for (size_t k = 0; r < 2 && k < shapes[i].runs[r]; k++)
                text[i][len++] = shapes[i].root[k % p];
        }
        names[i] = (robots_str){text[i], len};
    }
    for (size_t i = 3; i < COUNT; i++) /* enough names for the windows */
        names[i] = names[i % 3];
    lowered low;
    lower_names(&low, names, 3);
    static const struct {
        const char *root;
        size_t phase, len;
        int found;
    } values[] = {
        {"a", 0, 400, 1},   {"A", 0, 400, 1},   {"a", 0, 401, 0},
        {"ab", 0, 400, 1},  {"aB", 0, 400, 1},  {"ab", 0, 401, 0},
        {"ab", 1, 399, 1},  {"ab", 1, 400, 0},  {"abc", 0, 399, 1},
        {"abc", 0, 400, 0}, {"abc", 1, 398, 1}, {"abc", 1, 399, 0},
    };
    for (fill_word = 0; fill_word < 3; fill_word++) {
        rb_mem mem;
        rb_names_index index;
        build_in_filled_memory(&mem, names, COUNT, MOST, SHALLOW, &index);
        for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
            char value[MOST];
            size_t p = strlen(values[v].root);
            for (size_t k = 0; k < values[v].len; k++)
                value[k] = values[v].root[(values[v].phase + k) % p];
            EXPECT_EQ(in_lowered(&low, value, values[v].len), values[v].found);
            robots_status status = ROBOTS_ERR_NO_MEMORY;
            EXPECT_MSG(rb_names_index_find_long(&mem, &index, value,
                                                values[v].len,
                                                &status) == values[v].found,
                       "fill %u, value %zu", (unsigned)fill_word, v);
            EXPECT_EQ(status, ROBOTS_OK);
        }
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
    free_lowered(&low);
}

/* Windows deeper than the period's room (300 bytes, the period read in
 * the first 256): names of a root of 130 bytes repeated, whose windows
 * are each at more positions than one of no period up to 150 can be
 * (every 130 bytes), but whose period is over half of the 256 read: the
 * value (two pieces of the run at phases that do not follow) is tried at
 * the positions of its rarest window, as before. */
static void long_values_deeper_than_the_period(void) {
    enum { COUNT = 64, LEN = 4000, ROOT = 130, SHALLOW = 300, VALUE = 700 };
    static char text[COUNT][LEN];
    robots_str names[COUNT];
    for (size_t i = 0; i < COUNT; i++) {
        for (size_t k = 0; k < LEN; k++)
            text[i][k] = (char)('a' + (k % ROOT) * (k % ROOT + 5) % 19);
        names[i] = (robots_str){text[i], LEN};
    }
    char value[VALUE];
    for (size_t k = 0; k < VALUE; k++)
        value[k] = text[0][k < 400 ? k : k + 7];
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, COUNT, LEN, SHALLOW, &index),
              ROBOTS_OK);
    EXPECT_EQ(index.shallow, SHALLOW);
    for (int round = 0; round < 3; round++) { /* the third tries it */
        robots_status status = ROBOTS_ERR_NO_MEMORY;
        EXPECT_EQ(rb_names_index_find_long(&mem, &index, value, VALUE, &status),
                  0);
        EXPECT_EQ(status, ROBOTS_OK);
        EXPECT_EQ(rb_names_index_find_long(&mem, &index, text[3] + 33, VALUE,
                                           &status),
                  1);
    }
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
}

/* The least period of s[0..len), by its definition. */
static size_t least_period(const char *s, size_t len) {
    size_t p = 1;
    while (p < len && memcmp(s, s + p, len - p) != 0)
        p++;
    return p;
}

/* Names of a root of `period` bytes (two letters at random, its least
 * period its length) repeated, each at a phase and a length of its own,
 * the last two with a junction each (the run going on at another phase),
 * against values whose every window is in a run: periods under the
 * windows' 100 bytes and over half of them (the first window a run's,
 * each at more positions than a window of no period can be: answered by
 * its period) and from 100 on (no period: their junction's window
 * halfway between two of theirs). Values: the run throughout (in a name
 * where a run as long is), pieces with a junction where two windows meet
 * or elsewhere, a name's slice with a byte changed or as it is (across a
 * junction too); in mixed case. Each answer the direct search's, none
 * past the budget; a run's value costs its reach's walk (positions and
 * bytes, once a window) and a junction's none. The allocator's memory
 * filled with the byte `fill` (each value of it over the rounds). */
static void long_periods_agree(size_t period, uint32_t fill, size_t values,
                               size_t most) {
    enum { COUNT = 24, LEN = 4000, SHALLOW = 100, MOST = 520 };
    static char text[COUNT][LEN];
    static char run[LEN + 2 * MOST];
    static char value[LEN];
    robots_str names[COUNT];
    do
        for (size_t k = 0; k < period; k++)
            run[k] = "ab"[next_random() % 2];
    while (least_period(run, period) != period);
    for (size_t k = period; k < sizeof run; k++)
        run[k] = run[k - period];
    for (size_t i = 0; i < COUNT; i++) {
        size_t len = most - i % 5 * 37, phase = i * 13 % period;
        memcpy(text[i], run + phase, len);
        if (i + 2 >= COUNT) /* a junction: the run on at another phase */
            memcpy(text[i] + most * 3 / 8 + i,
                   run + phase + most * 3 / 8 + i + 1 + i % 3,
                   len - most * 3 / 8 - i);
        names[i] = (robots_str){text[i], len};
    }
    lowered low;
    lower_names(&low, names, COUNT);
    fill_word = 0x01010101u * fill;
    rb_mem mem;
    rb_names_index index;
    build_in_filled_memory(&mem, names, COUNT, most, SHALLOW, &index);
    size_t found = 0, h = 0;
    for (size_t i = 0; i < COUNT; i++)
        h += names[i].len + 1;
    static unsigned char asked[MOST]; /* a run's phase whose reach is kept */
    memset(asked, 0, sizeof asked);
    for (size_t v = 0; v < values; v++) {
        size_t len = SHALLOW + 1 + next_random() % (most - SHALLOW);
        size_t phase = next_random() % period, kind = v % 5, first = phase;
        if (kind == 0 && v % 10 == 0) /* as long as the longest run */
            len = most - next_random() % 3;
        if (kind == 1) /* few windows: their halves cost less than tries */
            len = 2 * SHALLOW + 1 +
                  next_random() % (most < LEN ? SHALLOW : 6 * SHALLOW);
        for (size_t k = 0; k < len; k++) {
            /* kind 1: a junction where two windows meet, none the
             * names' (their phases move on by 2 or 3), none in the last
             * window (its bytes may be the names' by chance); 2:
             * anywhere */
            if (kind == 1 && k > 0 && k % SHALLOW == 0 && k + SHALLOW <= len &&
                (k == SHALLOW || next_random() % 2 == 0))
                phase += 4 + next_random() % (period - 4);
            if (kind == 2 && k == len / 2)
                phase += 1 + next_random() % (period - 1);
            value[k] = run[(phase + k) % period];
        }
        if (kind >= 3) { /* a slice of a name, a byte changed or not */
            const robots_str *from = &names[COUNT - 1 - next_random() % 3];
            len = len < from->len ? len : from->len;
            memcpy(value, from->ptr + next_random() % (from->len - len + 1),
                   len);
            if (kind == 4)
                value[next_random() % len] ^= 3;
        }
        for (size_t k = 0; k < len; k++)
            if (next_random() % 5 == 0 && value[k] >= 'a')
                value[k] = (char)(value[k] - 'a' + 'A');
        int direct = in_lowered(&low, value, len);
        uint64_t work = index.work;
        robots_status status = ROBOTS_ERR_NO_MEMORY;
        int got = rb_names_index_find_long(&mem, &index, value, len, &status);
        EXPECT_EQ(status, ROBOTS_OK);
        EXPECT_MSG(got == direct,
                   "period %zu, fill %u, value %zu (kind %zu, %zu bytes): %d, "
                   "not %d",
                   period, (unsigned)fill, v, kind, len, got, direct);
        /* a junction where two windows meet is answered by its window;
         * a run (its windows each at more positions than a window of no
         * period) by its reach, kept once its first window asked */
        int kept = kind == 0 && period < SHALLOW * 4 / 5 && asked[first];
        EXPECT_MSG((kind != 1 && !kept) || index.next == NULL ||
                       index.work == work,
                   "period %zu, fill %u, value %zu (kind %zu, %zu bytes): "
                   "work %llu",
                   period, (unsigned)fill, v, kind, len,
                   (unsigned long long)(index.work - work));
        asked[first] |= kind == 0 && index.next != NULL;
        found += (size_t)direct;
    }
    EXPECT(found > values / 10 && found < values - values / 4);
    /* the runs' reaches and the tries within half the budget */
    EXPECT_MSG(index.work <= 2 * h, "period %zu: work %llu for %zu", period,
               (unsigned long long)index.work, h);
    EXPECT_MSG(mem.peak <= 21 * h + 1024, "peak %zu for %zu", mem.peak, h);
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
    free_lowered(&low);
}

/* The value `value` (len bytes) asked of the index three times (the
 * first searched in the text, the second listing the positions): the
 * third in no name at a cost of at most `most` units of work. */
static void answered_within(rb_mem *mem, rb_names_index *index,
                            const char *value, size_t len, uint64_t most,
                            const char *what) {
    uint64_t work = 0;
    for (int round = 0; round < 3; round++) {
        work = index->work;
        robots_status status = ROBOTS_ERR_NO_MEMORY;
        EXPECT_EQ(rb_names_index_find_long(mem, index, value, len, &status), 0);
        EXPECT_EQ(status, ROBOTS_OK);
    }
    EXPECT_MSG(index->work - work <= most, "%s: work %llu", what,
               (unsigned long long)(index->work - work));
}

/* A junction's window that a name holds once is where the value is
 * tried: names of a root of `period` bytes repeated (two letters at
 * random) and one holding the value's bytes around its junction (at
 * `cut`), the value in none. With windows of 100 bytes: a root of 100
 * and a value of 300 whose junction is where two windows meet (its
 * window halfway, the rarest: one try, not its first window's 189), and
 * a root of 90 and a value of 3,600 (too many windows for their halves:
 * its first window a run's, whose break's window is the rarest). */
static void junction_windows_as_anchors(void) {
    enum { COUNT = 24, LEN = 4000, SHALLOW = 100 };
    static const struct {
        size_t period, len, cut;
    } shapes[2] = {{100, 300, 100}, {90, 3600, 2000}};
    static char text[COUNT][LEN];
    static char run[LEN + 200], value[LEN];
    robots_str names[COUNT];
    for (size_t s = 0; s < 2; s++) {
        size_t period = shapes[s].period, len = shapes[s].len;
        do
            for (size_t k = 0; k < period; k++)
                run[k] = "ab"[next_random() % 2];
        while (least_period(run, period) != period);
        for (size_t k = period; k < sizeof run; k++)
            run[k] = run[k - period];
        for (size_t k = 0; k < len; k++)
            value[k] = run[(k + (k < shapes[s].cut ? 0 : 7)) % period];
        for (size_t i = 0; i < COUNT; i++) {
            memcpy(text[i], run + i % period, LEN);
            names[i] = (robots_str){text[i], LEN};
        }
        memcpy(text[COUNT - 1] + 1000, value + shapes[s].cut - SHALLOW,
               2 * SHALLOW);
        lowered low;
        lower_names(&low, names, COUNT);
        EXPECT(!in_lowered(&low, value, len));
        free_lowered(&low);
        rb_mem mem;
        rb_names_index index;
        fill_word = 0;
        build_in_filled_memory(&mem, names, COUNT, LEN, SHALLOW, &index);
        answered_within(&mem, &index, value, len, 2,
                        s == 0 ? "the window halfway" : "the break's window");
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
}

/* Values of pieces of a run (a root of 100 bytes, the windows' depth)
 * joined where two windows meet, in no name: after the first (searched
 * in the text) each fails at its junction's window halfway, and the
 * positions are never grouped (O(H)); a piece of the run as it is passes
 * them, and is found at the positions grouped then. */
static void pieces_need_no_grouping(void) {
    enum { COUNT = 24, LEN = 2000, ROOT = 100, VALUE = 300 };
    static char text[COUNT][LEN];
    static char run[LEN + ROOT];
    robots_str names[COUNT];
    for (size_t k = 0; k < ROOT; k++)
        run[k] = "abcdefgh"[next_random() % 8];
    for (size_t k = ROOT; k < sizeof run; k++)
        run[k] = run[k - ROOT];
    for (size_t i = 0; i < COUNT; i++) {
        memcpy(text[i], run + i % ROOT, LEN);
        names[i] = (robots_str){text[i], LEN};
    }
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, COUNT, LEN, ROOT, &index),
              ROBOTS_OK);
    char value[VALUE];
    for (size_t v = 0; v < 20; v++) {
        size_t shift = 1 + v % (ROOT - 1);
        for (size_t k = 0; k < VALUE; k++)
            value[k] = run[(k + v + (k < ROOT ? 0 : shift)) % ROOT];
        robots_status status = ROBOTS_ERR_NO_MEMORY;
        EXPECT_EQ(rb_names_index_find_long(&mem, &index, value, VALUE, &status),
                  0);
        EXPECT_EQ(status, ROBOTS_OK);
        EXPECT_MSG(index.next == NULL, "value %zu: the positions grouped", v);
    }
    robots_status status = ROBOTS_ERR_NO_MEMORY;
    EXPECT_EQ(rb_names_index_find_long(&mem, &index, run + 7, VALUE, &status),
              1);
    EXPECT_EQ(status, ROBOTS_OK);
    EXPECT(index.next != NULL);
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
}

static void long_values_of_long_periods(void) {
    static const size_t periods[] = {51, 64, 77, 99, 100, 101, 150, 199, 257};
    for (size_t r = 0; r < sizeof periods / sizeof periods[0]; r++)
        long_periods_agree(periods[r], (uint32_t)r, 300, 4000);
    for (uint32_t fill = 0; fill < 256; fill++) /* names of 1,000 bytes */
        long_periods_agree(fill % 2 ? 77 : 150, fill, 12, 1000);
}

int main(void) {
    windows_match_definition();
    windows_of_random_names();
    windows_give_up();
    windows_that_collide();
    windows_past_the_budget();
    index_agrees_on_shapes();
    long_values_through_windows();
    long_values_past_the_budget();
    long_values_in_runs();
    whole_runs_at_their_length();
    long_values_deeper_than_the_period();
    long_values_of_long_periods();
    junction_windows_as_anchors();
    pieces_need_no_grouping();
    long_value_across_a_name_end();
    return testing_finish();
}
