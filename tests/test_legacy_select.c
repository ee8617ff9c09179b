/* SPDX-License-Identifier: MIT */
/*
 * test_legacy_select.c - legacy's agent selection when the caller's names
 * are long and the records many, where it searches an index of the names
 * (names_index.c) instead of each name for each record's value.
 *
 * The rule is the book's (HTTP: The Definitive Guide section 9.4.2, the
 * 1996 draft): a record applies when its value is a case-insensitive
 * substring of the robot's name, the first such record wins, and without
 * one the first `*` record applies. Every expectation below follows from
 * that rule; the index must give the answer the direct search gives.
 */
#define _GNU_SOURCE /* memmem (lowered_names.h) */
#include "agent.h"
#include "counting_alloc.h"
#include "document.h"
#include "lowered_names.h"
#include "memory.h"
#include "names_index.h"
#include "prefix_sort.h"
#include "random_names.h"
#include "robots.h"
#include "suffix_sort.h"
#include "testing.h"

#include <stdlib.h>
#include <string.h>

/* The index's answer for a value against the test's own direct search
 * (lowered_names.h), which shares neither the library's folding table nor
 * its search (rb_contains_nocase()). */
static void expect_as_direct(const rb_names_index *index, const lowered *names,
                             const char *value, size_t len, int round) {
    int direct = in_lowered(names, value, len);
    EXPECT_MSG(rb_names_index_contains(index, value, len) == direct,
               "value '%.*s' in round %d", (int)len, value, round);
}

/* The index against the direct search on random names and values over
 * a small alphabet (so that values often occur), mixed case. */
static void index_agrees_with_direct_search(void) {
    static const char alphabet[] = "abAB/";
    char names_text[4][40];
    robots_str names[4];
    for (int round = 0; round < 300; round++) {
        size_t count = random_names(names_text[0], sizeof names_text[0], 4,
                                    alphabet, 5, names);
        rb_mem mem;
        rb_mem_init(&mem, NULL, 0);
        rb_names_index index;
        EXPECT_EQ(rb_names_index_build(&mem, names, count, 7, 7, &index),
                  ROBOTS_OK);
        lowered low;
        lower_names(&low, names, count);
        for (int v = 0; v < 40; v++) {
            char value[8];
            size_t len = 1 + next_random() % 7;
            for (size_t k = 0; k < len; k++)
                value[k] = alphabet[next_random() % 5];
            expect_as_direct(&index, &low, value, len, round);
        }
        free_lowered(&low);
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
}

/* Is the suffix at a (of s[0..n)) before the one at b? A suffix that is a
 * prefix of the other first. */
static int suffix_before(const uint32_t *s, size_t n, size_t a, size_t b) {
    while (a < n && b < n && s[a] == s[b]) {
        a++;
        b++;
    }
    if (a == n || b == n)
        return a == n && b != n;
    return s[a] < s[b];
}

/* rb_suffix_sort() against the definition: a permutation, in order. */
static void expect_sorted(const uint32_t *s, size_t n, size_t symbols,
                          const char *what) {
    uint32_t *sa = malloc(n * sizeof *sa);
    uint32_t *scratch =
        malloc(rb_suffix_sort_scratch(n, symbols) * sizeof *scratch);
    unsigned char *seen = calloc(n, 1);
    rb_suffix_sort(s, n, symbols, sa, scratch);
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++) {
        ok = sa[i] < n && !seen[sa[i]];
        if (ok)
            seen[sa[i]] = 1;
        if (ok && i > 0)
            ok = suffix_before(s, n, sa[i - 1], sa[i]);
    }
    EXPECT_MSG(ok, "%s: %zu symbols", what, n);
    free(seen);
    free(scratch);
    free(sa);
}

/* The linear sort on the texts that make sorting deep: one symbol
 * repeated (each suffix a prefix of the one before), two alternating,
 * runs, and random texts of small and large alphabets, every length up to
 * a few hundred (so every shape of reduced string is met). */
static void suffix_sort_matches_definition(void) {
    uint32_t *s = malloc(5000 * sizeof *s);
    for (size_t n = 1; n <= 300; n++) {
        for (size_t i = 0; i < n; i++)
            s[i] = 0;
        expect_sorted(s, n, 1, "a^n");
        for (size_t i = 0; i < n; i++)
            s[i] = (uint32_t)(i % 2);
        expect_sorted(s, n, 2, "(ab)^n");
        for (size_t i = 0; i < n; i++)
            s[i] = (uint32_t)(i % 3 == 2);
        expect_sorted(s, n, 2, "(aab)^n");
        for (size_t i = 0; i < n; i++)
            s[i] = (uint32_t)((n - i) % 7);
        expect_sorted(s, n, 7, "descending runs");
        for (size_t i = 0; i < n; i++)
            s[i] = next_random() % 2;
        expect_sorted(s, n, 2, "random, 2 symbols");
        for (size_t i = 0; i < n; i++)
            s[i] = next_random() % 4;
        expect_sorted(s, n, 4, "random, 4 symbols");
    }
    for (int round = 0; round < 4; round++) {
        for (size_t i = 0; i < 5000; i++)
            s[i] = round < 2 ? next_random() % 3 : next_random() % 256;
        expect_sorted(s, 5000, 256, "random, 5,000");
    }
    /* The Fibonacci word: its reduced strings are Fibonacci words too,
     * so it goes down the most levels. */
    for (size_t i = 0; i < 5000; i++)
        s[i] = (uint32_t)((i + 2) * 1618 / 1000 - (i + 1) * 1618 / 1000 - 1);
    expect_sorted(s, 5000, 2, "Sturmian");
    free(s);
}

/* rb_prefix_sort() against its definition where it answers: a
 * permutation, each suffix not after the next in its first `depth` bytes,
 * a NUL ending the comparison. Returns what it returned. */
static int expect_prefix_sorted(const unsigned char *text, size_t n,
                                size_t depth, size_t scratch_words,
                                const char *what) {
    uint32_t *sa = malloc(n * sizeof *sa), *keys = malloc(n * sizeof *keys);
    uint32_t *scratch = malloc(scratch_words * sizeof *scratch);
    unsigned char *seen = calloc(n, 1);
    int sorted =
        rb_prefix_sort(text, n, depth, sa, keys, scratch, scratch_words);
    int ok = 1;
    for (size_t i = 0; i < n && ok && sorted; i++) {
        ok = sa[i] < n && !seen[sa[i]];
        if (ok)
            seen[sa[i]] = 1;
    }
    for (size_t i = 1; i < n && ok && sorted; i++) {
        size_t a = sa[i - 1], b = sa[i], k = 0;
        while (k < depth && text[a + k] == text[b + k] && text[a + k] != 0)
            k++;
        ok = k == depth || text[a + k] <= text[b + k];
    }
    EXPECT_MSG(ok, "%s: %zu bytes, depth %zu", what, n, depth);
    free(seen);
    free(scratch);
    free(keys);
    free(sa);
    return sorted;
}

/* Names of `count` random bytes of the alphabet's first `symbols`, each
 * ended by a NUL, from text[at]; returns the end. */
static size_t random_text(unsigned char *text, size_t at, size_t count,
                          size_t symbols) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    for (size_t i = 0; i < count; i++)
        text[at++] =
            i % 97 == 96 ? 0 : (unsigned char)alphabet[next_random() % symbols];
    text[at++] = 0;
    return at;
}

/* The shallow sort: sorted wherever it answers, and it gives up (for the
 * linear sort) on the texts that would make it deep: too many suffixes
 * alike, a run alike too deep for its work, or splitting too deep. */
static void prefix_sort_matches_definition(void) {
    enum { BIG = 200000 };
    unsigned char *text = malloc(BIG);
    size_t wide = BIG + 2 * 65536;
    for (size_t n = 1; n <= 300; n += 7) {
        for (size_t symbols = 2; symbols <= 36; symbols += 17) {
            size_t end = random_text(text, 0, n - 1, symbols);
            expect_prefix_sorted(text, end, 3, end, "random, depth 3");
            expect_prefix_sorted(text, end, 4 + n % 9, end, "random");
        }
    }
    size_t end = random_text(text, 0, BIG - 1, 36);
    EXPECT(expect_prefix_sorted(text, end, 4096, end, "8-bit digits"));
    EXPECT(expect_prefix_sorted(text, end, 4096, wide, "16-bit digits"));
    /* (ab)^n: every suffix alike */
    for (size_t i = 0; i + 1 < BIG; i++)
        text[i] = (unsigned char)"ab"[i % 2];
    text[BIG - 1] = 0;
    EXPECT(!expect_prefix_sorted(text, BIG, 4096, BIG, "(ab)^n"));
    EXPECT(expect_prefix_sorted(text, BIG, 4, BIG, "(ab)^n, depth 4"));
    /* with 16-bit digits, given up on before the passes: too few keys */
    EXPECT(!expect_prefix_sorted(text, BIG, 4096, wide, "(ab)^n, wide"));
    EXPECT(expect_prefix_sorted(text, BIG, 4, wide, "(ab)^n, wide, 4"));
    /* a fifth of it (ab)^n: few enough tied, but deep */
    end = random_text(text, 0, BIG / 5 * 4, 36);
    for (; end + 1 < BIG; end++)
        text[end] = (unsigned char)"ab"[end % 2];
    text[BIG - 1] = 0;
    EXPECT(!expect_prefix_sorted(text, BIG, 4096, BIG, "a fifth alike"));
    /* a block of a twentieth twice, of high bytes (128 of them, so that
     * its keys meet only their copies): few enough tied, in runs of
     * two, but deep */
    end = random_text(text, 0, BIG / 10 * 8, 36);
    for (size_t k = 0; k < BIG / 20; k++)
        text[end + k] = text[end + BIG / 20 + k] =
            (unsigned char)(0x80 + next_random() % 128);
    end += BIG / 10;
    text[end++] = 0;
    EXPECT(!expect_prefix_sorted(text, end, 4096, end, "a block twice"));
    EXPECT(expect_prefix_sorted(text, end, 8, end, "a block twice, 8"));
    /* names "xyzw", the first k bytes of one word of letters and `!!`,
     * twice each: at each byte of the word two suffixes part from the
     * rest, deeper than the stack holds (the random ones make the
     * refining's budget room for the work) */
    free(text);
    text = malloc(3 * BIG + 40000);
    unsigned char word[110];
    for (size_t k = 0; k < sizeof word; k++)
        word[k] = (unsigned char)('a' + next_random() % 26);
    end = random_text(text, 0, 3 * BIG, 36);
    for (size_t k = 0; k < 2 * sizeof word; k++) {
        memcpy(text + end, "xyzw", 4);
        memcpy(text + end + 4, word, k / 2);
        memcpy(text + end + 4 + k / 2, "!!", 3);
        end += 7 + k / 2;
    }
    EXPECT(!expect_prefix_sorted(text, end, 4096, end, "split deep"));
    free(text);
}

/* The direct search's answer for every value of 1 to 4 bytes over an
 * alphabet, found[len][v] for the value whose k-th byte is alphabet[v's
 * k-th digit in base |alphabet|]. Computed once for a set of names and
 * held against each index built over them (ten, of five lengths and two
 * depths): searched again for each, they took nine tenths of this test's
 * time, 25 s of the valgrind gate's. */
typedef struct direct_answers {
    unsigned char *found[5];
} direct_answers;

static void direct_answers_of(direct_answers *d, const robots_str *names,
                              size_t count, const char *alphabet) {
    size_t symbols = strlen(alphabet), total = 1;
    lowered low;
    lower_names(&low, names, count);
    d->found[0] = NULL;
    for (size_t len = 1; len <= 4; len++) {
        total *= symbols;
        d->found[len] = malloc(total);
        for (size_t v = 0; v < total; v++) {
            char value[4];
            for (size_t k = 0, x = v; k < len; k++, x /= symbols)
                value[k] = alphabet[x % symbols];
            d->found[len][v] = (unsigned char)in_lowered(&low, value, len);
        }
    }
    free_lowered(&low);
}

static void direct_answers_free(direct_answers *d) {
    for (size_t len = 1; len <= 4; len++)
        free(d->found[len]);
}

/* Every value of 1 to 4 bytes over the names' alphabet and one byte more,
 * through an index built for values of at most `longest`, against the
 * direct search's answers (direct_answers_of() the same names). */
static void expect_index_agrees_to(const robots_str *names, size_t count,
                                   size_t longest, size_t shallow,
                                   const char *alphabet,
                                   const direct_answers *answers,
                                   const char *what) {
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(
        rb_names_index_build(&mem, names, count, longest, shallow, &index),
        ROBOTS_OK);
    size_t h = 0;
    for (size_t i = 0; i < count; i++)
        h += names[i].len + 1;
    /* robots.h's bound on legacy's index of the names */
    EXPECT_MSG(mem.peak <= 21 * h + 1024, "%s: peak %zu for %zu bytes", what,
               mem.peak, h);
    size_t symbols = strlen(alphabet);
    for (size_t len = 1; len <= longest && len <= 4; len++) {
        size_t total = 1;
        for (size_t k = 0; k < len; k++)
            total *= symbols;
        for (size_t v = 0; v < total; v++) {
            char value[4];
            for (size_t k = 0, x = v; k < len; k++, x /= symbols)
                value[k] = alphabet[x % symbols];
            int direct = answers->found[len][v];
            EXPECT_MSG(rb_names_index_contains(&index, value, len) == direct,
                       "%s: value '%.*s' (index for %zu)", what, (int)len,
                       value, longest);
        }
    }
    /* Each name's own longest pieces are found; with a byte after them
     * that follows them nowhere, not. */
    for (size_t i = 0; i < count; i++) {
        size_t len = names[i].len < longest ? names[i].len : longest;
        if (len == 0)
            continue;
        const char *tail = names[i].ptr + names[i].len - len;
        if (memchr(tail, '\0', len) != NULL)
            continue; /* no value holds one (names_index.h) */
        EXPECT_MSG(rb_names_index_contains(&index, tail, len), "%s: name %zu",
                   what, i);
    }
    rb_names_index_release(&mem, &index);
    EXPECT_EQ(mem.live, 0);
}

/* expect_index_agrees_to() with every value in the windows, and with
 * values past three bytes searched in the text where the windows are
 * sorted. */
static void expect_index_agrees(const robots_str *names, size_t count,
                                size_t longest, const char *alphabet,
                                const direct_answers *answers,
                                const char *what) {
    expect_index_agrees_to(names, count, longest, longest, alphabet, answers,
                           what);
    expect_index_agrees_to(names, count, longest, 3, alphabet, answers, what);
}

/* The index for values of 1, 2, 3 and any bytes (a byte set, byte pairs,
 * sorted suffixes, with and without the table of first pairs) on names
 * that make sorting deep, mixed case, NUL and high bytes in names. */
static void index_on_hostile_names(void) {
    static char text[8][4096];
    robots_str names[8];
    static const size_t lengths[] = {1, 3, 40, 600, 2100};
    for (size_t shape = 0; shape < 4; shape++) {
        for (size_t li = 0; li < sizeof lengths / sizeof *lengths; li++) {
            size_t len = lengths[li];
            for (size_t i = 0; i < 8; i++) {
                for (size_t k = 0; k < len; k++) {
                    static const char pool[] = {'a', 'B', '\0', '\xe9', 'b'};
                    char c = shape == 0   ? 'a'
                             : shape == 1 ? "aB"[k % 2]
                             : shape == 2 ? pool[next_random() % 5]
                                          : "ab"[(k + i) % 3 == 0];
                    text[i][k] = c;
                }
                names[i].ptr = text[i];
                names[i].len = len - (i % 3 == 1 && len > 1);
            }
            static const size_t longest[] = {1, 2, 3, 5, 4096};
            static const char alphabet[] = "aAbB\xe9"
                                           "c";
            size_t count = len >= 600 ? 8 : 3;
            direct_answers answers;
            direct_answers_of(&answers, names, count, alphabet);
            for (size_t d = 0; d < 5; d++)
                expect_index_agrees(names, count, longest[d], alphabet,
                                    &answers, "hostile names");
            direct_answers_free(&answers);
        }
    }
}

/* robots.h's 21 * (H + n) + 1 KiB at the edge of the table of first pairs:
 * texts of 16,384 bytes (4 names of 4,095, 16 of 1,023) and 16,388 hold no
 * table, whose 256 KiB would not fit beside the text, its suffixes and the
 * room for a value; from RB_STARTS_FROM (16,578) on, it fits (16,578 just;
 * 5 names of 4,095). expect_index_agrees() checks the peak. */
static void index_bound_at_the_table(void) {
    static char text[16][4096];
    static const size_t shapes[][3] = {
        {4, 4095, 4095}, {16, 1023, 1023}, {4, 4096, 4096},
        {5, 4096, 189},  {5, 4095, 4095},
    };
    robots_str names[16];
    for (size_t sh = 0; sh < sizeof shapes / sizeof *shapes; sh++) {
        size_t count = shapes[sh][0];
        for (size_t i = 0; i < count; i++) {
            size_t len = i + 1 == count ? shapes[sh][2] : shapes[sh][1];
            for (size_t k = 0; k < len; k++)
                text[i][k] = "abcd"[next_random() % 4];
            names[i].ptr = text[i];
            names[i].len = len;
        }
        direct_answers answers;
        direct_answers_of(&answers, names, count, "abcde");
        expect_index_agrees(names, count, 300, "abcde", &answers,
                            "the table's edge");
        direct_answers_free(&answers);
    }
}

/* Each allocation of each kind of index refused in turn: the allocator's
 * failure, and nothing left allocated (the byte pairs; sorted suffixes
 * without and with the table of first pairs). */
static void index_without_memory(void) {
    static char text[8][2100];
    robots_str names[8];
    memset(text, 'a', sizeof text);
    for (size_t i = 0; i < 8; i++) {
        names[i].ptr = text[i];
        names[i].len = sizeof text[i];
    }
    static const size_t longest[] = {2, 3, 3};
    static const size_t counts[] = {8, 1, 8};
    for (size_t kind = 0; kind < 3; kind++) {
        for (size_t fail = 1;; fail++) {
            counting count;
            robots_allocator allocator;
            counting_allocator_init(&allocator, &count, fail);
            rb_mem mem;
            rb_mem_init(&mem, &allocator, 0);
            rb_names_index index;
            robots_status status =
                rb_names_index_build(&mem, names, counts[kind], longest[kind],
                                     longest[kind], &index);
            if (status == ROBOTS_OK) {
                EXPECT(rb_names_index_contains(&index, "aaa", longest[kind]));
                rb_names_index_release(&mem, &index);
                EXPECT_EQ(count.live, 0);
                EXPECT_MSG(fail > 1, "kind %zu allocates", kind);
                break;
            }
            EXPECT_EQ(status, ROBOTS_ERR_NO_MEMORY);
            EXPECT_MSG(count.live == 0, "kind %zu, call %zu refused", kind,
                       fail);
        }
    }
}

/* A value never spans two names: the names "xxb" and "otyy" hold no
 * "bot". */
static void value_within_one_name(void) {
    robots_str names[2] = {{"xxB", 3}, {"otyy", 4}};
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, 2, 4, 4, &index), ROBOTS_OK);
    EXPECT(!rb_names_index_contains(&index, "bot", 3));
    EXPECT(rb_names_index_contains(&index, "xb", 2));
    EXPECT(rb_names_index_contains(&index, "OTY", 3));
    EXPECT(!rb_names_index_contains(&index, "yyx", 3));
    /* The empty value is in every name (the caller skips it: it names
     * nobody); one running past the text's last byte is in none. */
    EXPECT(rb_names_index_contains(&index, "", 0));
    EXPECT(!rb_names_index_contains(&index, "yy\0z", 4));
    rb_names_index_release(&mem, &index);
}

/* Values of 1 to 40 bytes through the search's eight bytes at a time, on
 * names of the bytes about the capitals' edges ('@' and '[' beside 'A'
 * and 'Z', and 0xc1 and 0xe1, which are 'A' and 'a' with the high bit and
 * fold to nothing): pieces of the names (found, whatever their letters'
 * case), and the same with one byte's 0x20 flipped (found where the
 * direct search finds them), each against the direct search. */
static void index_at_the_capitals_edges(void) {
    static const char edges[] = "Aa\xc1\xe1[@Zz`{";
    static char text[4][300];
    robots_str names[4];
    for (int round = 0; round < 40; round++) {
        for (size_t i = 0; i < 4; i++) {
            for (size_t k = 0; k < sizeof text[i]; k++)
                text[i][k] = edges[next_random() % 10];
            names[i].ptr = text[i];
            names[i].len = sizeof text[i] - i;
        }
        rb_mem mem;
        rb_mem_init(&mem, NULL, 0);
        rb_names_index index;
        EXPECT_EQ(rb_names_index_build(&mem, names, 4, 40, 40, &index),
                  ROBOTS_OK);
        lowered low;
        lower_names(&low, names, 4);
        for (int v = 0; v < 400; v++) {
            char value[40];
            size_t len = 1 + next_random() % 40;
            const robots_str *n = &names[next_random() % 4];
            memcpy(value, n->ptr + next_random() % (n->len - len), len);
            for (size_t k = 0; k < len; k++) {
                unsigned char lower = (unsigned char)value[k] | 0x20;
                if (lower >= 'a' && lower <= 'z' && next_random() % 2)
                    value[k] = (char)(value[k] ^ 0x20);
            }
            EXPECT(rb_names_index_contains(&index, value, len));
            value[next_random() % len] ^= 0x20;
            expect_as_direct(&index, &low, value, len, round);
        }
        free_lowered(&low);
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
}

/* The shape: thousands of records of short values no name holds,
 * then the record meant for the robot (all within the default parse
 * limit); 64 names of 4,096 bytes. */
enum { RECORDS = 15000, NAME_BYTES = 4096, NAMES = 64 };

static char *many_records(const char *last_record) {
    size_t cap = (size_t)RECORDS * 32 + strlen(last_record) + 64;
    char *body = malloc(cap);
    size_t len = 0;
    len += (size_t)sprintf(body + len, "User-agent: *\nDisallow: /star\n\n");
    for (int i = 0; i < RECORDS; i++)
        len +=
            (size_t)sprintf(body + len, "User-agent: q%d\nDisallow: /\n\n", i);
    strcpy(body + len, last_record);
    return body;
}

static robots_str *long_names(char *storage, const char *inside, size_t at) {
    static robots_str names[NAMES];
    memset(storage, 'x', (size_t)NAMES * NAME_BYTES);
    memcpy(storage + (NAMES - 1) * NAME_BYTES + at, inside, strlen(inside));
    for (int i = 0; i < NAMES; i++) {
        names[i].ptr = storage + (size_t)i * NAME_BYTES;
        names[i].len = NAME_BYTES;
    }
    return names;
}

static void many_records_long_names(void) {
    char *body = many_records("User-agent: bot\nDisallow: /private\n");
    char *storage = malloc((size_t)NAMES * NAME_BYTES);
    counted_options c;
    counted_options_init(&c, ROBOTS_PROFILE_LEGACY);
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, strlen(body), &c.options, &doc), ROBOTS_OK);

    /* "bot" inside the last name, as in "RoBoT": the last record, which
     * names it, applies (the book: `bot` matches `Robot`). */
    robots_str *names = long_names(storage, "RoBoT", 2000);
    size_t group = 0;
    int specific = 0;
    EXPECT_EQ(robots_select_group(doc, names, NAMES, &group, &specific),
              ROBOTS_OK);
    EXPECT_EQ(group, RECORDS + 1);
    EXPECT_EQ(specific, 1);
    robots_verdict v;
    EXPECT_EQ(robots_check(doc, names, NAMES, "http://a/private/x", 18, &v),
              ROBOTS_OK);
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.group, RECORDS + 1);
    EXPECT_EQ(robots_check(doc, names, NAMES, "http://a/star", 13, &v),
              ROBOTS_OK);
    EXPECT_EQ(v.allowed, 1);

    /* "q7" inside a name: q7's record is the first whose value a name
     * holds ("q70" is not inside "aq7b"), so it applies. */
    names = long_names(storage, "aq7b", 100);
    EXPECT_EQ(robots_select_group(doc, names, NAMES, &group, &specific),
              ROBOTS_OK);
    EXPECT_EQ(group, 1 + 7);
    EXPECT_EQ(specific, 1);

    /* No value inside any name: the first `*` record. */
    names = long_names(storage, "", 0);
    EXPECT_EQ(robots_select_group(doc, names, NAMES, &group, &specific),
              ROBOTS_OK);
    EXPECT_EQ(group, 0);
    EXPECT_EQ(specific, 0);
    EXPECT_EQ(robots_check(doc, names, NAMES, "http://a/star/1", 15, &v),
              ROBOTS_OK);
    EXPECT_EQ(v.allowed, 0);

    /* No memory for the index: an error, never a guess. The names hold
     * "1q" (no value), so that values such as "q1" pass the filter of the
     * names' bytes and must be searched. */
    names = long_names(storage, "1q", 0);
    size_t live = c.count.live;
    c.count.refuse = 1;
    EXPECT_EQ(robots_check(doc, names, NAMES, "http://a/", 9, &v),
              ROBOTS_ERR_NO_MEMORY);
    robots_query *query = NULL;
    EXPECT_EQ(robots_query_new(doc, names, NAMES, &query),
              ROBOTS_ERR_NO_MEMORY);
    EXPECT(query == NULL);
    c.count.refuse = 0;
    EXPECT_EQ(c.count.live, live);

    /* Through a query, the same selection. */
    names = long_names(storage, "ROBOT", 0);
    EXPECT_EQ(robots_query_new(doc, names, NAMES, &query), ROBOTS_OK);
    EXPECT_EQ(robots_query_check(query, "http://a/private", 16, &v), ROBOTS_OK);
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.group, RECORDS + 1);
    robots_query_free(query);

    robots_free(doc);
    EXPECT_EQ(c.count.live, 0);
    EXPECT_EQ(c.count.size_mismatch, 0);
    free(storage);
    free(body);
}

int main(void) {
    suffix_sort_matches_definition();
    prefix_sort_matches_definition();
    index_on_hostile_names();
    index_bound_at_the_table();
    index_without_memory();
    index_agrees_with_direct_search();
    value_within_one_name();
    index_at_the_capitals_edges();
    many_records_long_names();
    return testing_finish();
}
