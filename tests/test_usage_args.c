/* SPDX-License-Identifier: MIT */
/*
 * test_usage_args.c - the argument contract of robots_usage.h's functions
 * that the bindings (python/src/usage.c, wasm/shim.c) call: every NULL,
 * enum value and size the header refuses is ROBOTS_ERR_INVALID_ARGUMENT,
 * a field longer than the reader takes is malformed (not an error), an
 * allocator that fails is ROBOTS_ERR_NO_MEMORY, and
 * robots_usage_unknown_label() answers only for a Content-Usage line of a
 * group, by the buffer contract of robots_common.h.
 */
#include "robots_usage.h"
#include "testing.h"

#include <stdint.h>
#include <stdlib.h>

static void *no_alloc(void *ctx, size_t size) {
    (void)ctx;
    (void)size;
    return NULL;
}

static void no_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)ptr;
    (void)size;
}

static void test_signal_to_usage(void) {
    robots_usage_value signal[ROBOTS_SIGNAL_LAST + 1] = {
        ROBOTS_USAGE_ALLOWED, ROBOTS_USAGE_UNKNOWN, ROBOTS_USAGE_DISALLOWED};
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    EXPECT_EQ(robots_signal_to_usage(NULL, values),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_signal_to_usage(signal, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_signal_to_usage(signal, values), ROBOTS_OK);
    /* decision B: ai-train is train-ai, search is search. */
    EXPECT_EQ(values[0], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(values[2], ROBOTS_USAGE_ALLOWED);
    signal[1] = (robots_usage_value)(ROBOTS_USAGE_VALUE_LAST + 1);
    EXPECT_EQ(robots_signal_to_usage(signal, values),
              ROBOTS_ERR_INVALID_ARGUMENT);
    signal[1] = (robots_usage_value)-1;
    EXPECT_EQ(robots_signal_to_usage(signal, values),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

static void test_parse_field(void) {
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    robots_str line = {"train-ai=n", 10};
    robots_str null_line = {NULL, 1};
    robots_allocator half = {no_alloc, NULL, NULL};
    robots_allocator none = {no_alloc, no_free, NULL};
    int malformed = -1;
    EXPECT_EQ(robots_usage_parse_field(&line, 1, NULL, NULL, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_parse_field(&line, 1, &half, values, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    half.alloc = NULL;
    half.free = no_free;
    EXPECT_EQ(robots_usage_parse_field(&line, 1, &half, values, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_parse_field(&null_line, 1, NULL, values, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_parse_field(&line, 1, &none, values, NULL),
              ROBOTS_ERR_NO_MEMORY);
    /* No lines: no statement, every label unknown, not malformed. */
    EXPECT_EQ(robots_usage_parse_field(NULL, 0, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 0);
    EXPECT_EQ(values[0], ROBOTS_USAGE_UNKNOWN);
    /* Longer than 64 KiB, one line or joined: malformed, every label
     * unknown (robots_usage.h). */
    size_t big = 70000;
    char *text = malloc(big);
    EXPECT(text != NULL);
    if (text == NULL)
        return;
    memset(text, 'a', big);
    robots_str lines[2] = {{text, big}, {"train-ai=n", 10}};
    EXPECT_EQ(robots_usage_parse_field(lines, 2, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 1);
    EXPECT_EQ(values[0], ROBOTS_USAGE_UNKNOWN);
    EXPECT_EQ(robots_usage_parse_field(lines, 1, NULL, values, NULL),
              ROBOTS_OK);
    lines[0].len = 40000;
    lines[1].ptr = text;
    lines[1].len = 40000;
    EXPECT_EQ(robots_usage_parse_field(lines, 2, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 1);
    free(text);
    /* An empty line joins as ", ": a trailing comma (decision 8). */
    robots_str with_empty[2] = {{"train-ai=n", 10}, {"", 0}};
    EXPECT_EQ(robots_usage_parse_field(with_empty, 2, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 1);
}

static void test_combine_and_labels(void) {
    robots_options options;
    robots_txt *doc = NULL;
    robots_usage_result r;
    robots_str line = {"train-ai=n", 10};
    const char body[] = "Content-Usage: bots=n\n"
                        "User-agent: *\n"
                        "Disallow: /x\n"
                        "Content-Signal: search=yes\n"
                        "Content-Usage: rag-ground=y, bots=n\n";
    char buf[32];
    size_t needed = 0;
    int status = -1;
    robots_options_init(&options);
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
    EXPECT_EQ(robots_usage_combine_field(NULL, &line, 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage(doc, "a", 1, "/x", 2, &r), ROBOTS_OK);
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(robots_usage_combine_field(&r, &line, 1, NULL), ROBOTS_OK);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_UNKNOWN); /* still no preferences */
    EXPECT_EQ(robots_usage_combine_field(&r, NULL, 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);

    /* robots_usage_unknown_label(): arguments, then the lines it answers
     * for: a Content-Usage line of a group only. */
    EXPECT_EQ(robots_usage_unknown_label(NULL, 5, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_usage_unknown_label(doc, 5, 0, buf, sizeof buf, NULL, &status),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_unknown_label(doc, 5, 0, NULL, 1, &needed, &status),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_unknown_label(doc, 0, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_ERR_INVALID_ARGUMENT);
    if (SIZE_MAX > UINT32_MAX)
        EXPECT_EQ(robots_usage_unknown_label(doc, (size_t)UINT32_MAX + 1, 0,
                                             buf, sizeof buf, &needed, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_unknown_label(doc, 1, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_ERR_OUT_OF_RANGE); /* before any group (decision 9) */
    EXPECT_EQ(robots_usage_unknown_label(doc, 4, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_ERR_OUT_OF_RANGE); /* a Content-Signal line */
    EXPECT_EQ(robots_usage_unknown_label(doc, 3, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_ERR_OUT_OF_RANGE); /* a Disallow line */
    EXPECT_EQ(robots_usage_unknown_label(doc, 5, 0, NULL, 0, &needed, &status),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 10u);
    EXPECT_EQ(status, 2); /* rag-ground: proposed */
    EXPECT_EQ(robots_usage_unknown_label(doc, 5, 1, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_OK);
    EXPECT_STRN(buf, needed, "bots");
    EXPECT_EQ(status, 1); /* obsolete */
    EXPECT_EQ(
        robots_usage_unknown_label(doc, 5, 2, buf, sizeof buf, &needed, NULL),
        ROBOTS_ERR_OUT_OF_RANGE);
    robots_free(doc);
}

int main(void) {
    test_signal_to_usage();
    test_parse_field();
    test_combine_and_labels();
    return testing_finish();
}
