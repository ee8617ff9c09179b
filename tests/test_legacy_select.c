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
#include "agent.h"
#include "counting_alloc.h"
#include "document.h"
#include "memory.h"
#include "names_index.h"
#include "robots.h"
#include "testing.h"

#include <stdlib.h>
#include <string.h>

/* A deterministic generator (xorshift), so a failure repeats. */
static uint32_t rng_state = 2463534242u;
static uint32_t next_random(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* The index against rb_contains_nocase() on random names and values over
 * a small alphabet (so that values often occur), mixed case. */
static void index_agrees_with_direct_search(void) {
    static const char alphabet[] = "abAB/";
    char names_text[4][40];
    robots_str names[4];
    for (int round = 0; round < 300; round++) {
        size_t count = 1 + next_random() % 4;
        for (size_t i = 0; i < count; i++) {
            size_t len = next_random() % 40;
            for (size_t k = 0; k < len; k++)
                names_text[i][k] = alphabet[next_random() % 5];
            names[i].ptr = names_text[i];
            names[i].len = len;
        }
        rb_mem mem;
        rb_mem_init(&mem, NULL, 0);
        rb_names_index index;
        EXPECT_EQ(rb_names_index_build(&mem, names, count, &index), ROBOTS_OK);
        for (int v = 0; v < 40; v++) {
            char value[8];
            size_t len = 1 + next_random() % 7;
            for (size_t k = 0; k < len; k++)
                value[k] = alphabet[next_random() % 5];
            int direct = 0;
            for (size_t i = 0; i < count; i++)
                direct |=
                    rb_contains_nocase(names[i].ptr, names[i].len, value, len);
            EXPECT_MSG(rb_names_index_contains(&index, value, len) == direct,
                       "value '%.*s' in round %d", (int)len, value, round);
        }
        rb_names_index_release(&mem, &index);
        EXPECT_EQ(mem.live, 0);
    }
}

/* A value never spans two names: the names "xxb" and "otyy" hold no
 * "bot". */
static void value_within_one_name(void) {
    robots_str names[2] = {{"xxB", 3}, {"otyy", 4}};
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_names_index index;
    EXPECT_EQ(rb_names_index_build(&mem, names, 2, &index), ROBOTS_OK);
    EXPECT(!rb_names_index_contains(&index, "bot", 3));
    EXPECT(rb_names_index_contains(&index, "xb", 2));
    EXPECT(rb_names_index_contains(&index, "OTY", 3));
    EXPECT(!rb_names_index_contains(&index, "yyx", 3));
    rb_names_index_release(&mem, &index);
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

    /* No memory for the index: an error, never a guess. */
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
    index_agrees_with_direct_search();
    value_within_one_name();
    many_records_long_names();
    return testing_finish();
}
