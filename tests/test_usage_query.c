/* SPDX-License-Identifier: MIT */
/*
 * test_usage_query.c - the public API of AI usage preferences
 * (robots_usage.h): robots_usage() on the example of
 * draft-ietf-aipref-attach-05 section 3.4, its argument and reserved-word
 * contract, the option content_usage_ends_group (docs/semantics.md, "AI
 * usage preferences", decision 1), the HTTP field (vocab-08 5.1, RFC 9651
 * 4.2), the unknown labels of a line, Content-Signal's scopes and mapping
 * (decisions 9, B, C), and the parser's diagnostics for misspelt keys
 * (decision 11). The conformance cases of conformance/cases-aipref/ run
 * the same API on every example of the drafts.
 */
#include "robots_usage.h"
#include "testing.h"

#include <stdlib.h>

static robots_txt *parse_in(robots_profile profile, const char *body,
                            size_t ends_group) {
    robots_options options;
    robots_txt *doc = NULL;
    robots_options_init(&options);
    options.profile = profile;
    options.content_usage_ends_group = ends_group;
    EXPECT_EQ(robots_parse(body, strlen(body), &options, &doc), ROBOTS_OK);
    return doc;
}

static robots_usage_result usage_of(const robots_txt *doc, const char *agent,
                                    const char *url) {
    robots_usage_result r;
    EXPECT_EQ(robots_usage(doc, agent, strlen(agent), url, strlen(url), &r),
              ROBOTS_OK);
    return r;
}

static const char attach_3_4[] = "User-Agent: *\n"
                                 "Allow: /\n"
                                 "Disallow: /never/\n"
                                 "Content-Usage: train-ai=n\n"
                                 "Content-Usage: /ai-ok/ train-ai=y\n"
                                 "\n"
                                 "User-Agent: ExampleBot\n"
                                 "Allow: /\n"
                                 "Content-Usage: train-ai=y\n";

/* attach-05 3.4, Table 1 and the sentence on ExampleBot. */
static void test_attach_example(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309, attach_3_4, 0);
    robots_usage_result r = usage_of(doc, "OtherBot", "/test");
    EXPECT_EQ(robots_usage_label_count(), 3u);
    EXPECT(strcmp(robots_usage_label(0), "train-ai") == 0);
    EXPECT(robots_usage_label(3) == NULL);
    EXPECT_EQ(r.crawlable, 1);
    EXPECT_EQ(r.label_count, 3u);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(r.values[1], ROBOTS_USAGE_UNKNOWN);
    EXPECT_EQ(r.line_count, 1u);
    EXPECT_EQ(r.lines[0], 4u);
    EXPECT_EQ(r.pattern_len, 0u);
    r = usage_of(doc, "OtherBot", "https://example.com/never/test");
    EXPECT_EQ(r.crawlable, 0); /* N/A: no preferences */
    EXPECT_EQ(r.verdict.rule_line, 3u);
    EXPECT_EQ(r.line_count, 0u);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_UNKNOWN);
    r = usage_of(doc, "OtherBot", "/ai-ok/test");
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_ALLOWED);
    EXPECT_EQ(r.lines[0], 5u);
    EXPECT_EQ(r.pattern_len, 7u);
    r = usage_of(doc, "ExampleBot", "/never/test");
    EXPECT_EQ(r.crawlable, 1);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_ALLOWED);
    EXPECT_EQ(r.lines[0], 9u);
    robots_free(doc);
}

/* The robots_common.h contract: NULL arguments, the reserved words, the
 * errors of robots_check(), a zeroed result on error. */
static void test_arguments(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309, attach_3_4, 0);
    robots_usage_result r;
    robots_options options;
    robots_txt *none = NULL;
    EXPECT_EQ(robots_usage(doc, "a", 1, "/", 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage(NULL, "a", 1, "/", 1, &r),
              ROBOTS_ERR_INVALID_ARGUMENT);
    memset(&r, 0xff, sizeof r);
    EXPECT_EQ(robots_usage(doc, "a", 1, "no path", 7, &r),
              ROBOTS_ERR_URL_INVALID);
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(r.line_count, 0u);
    EXPECT_EQ(r.reserved[3], 0u);
    robots_options_init(&options);
    options.content_usage_ends_group = 2;
    EXPECT_EQ(robots_parse("", 0, &options, &none),
              ROBOTS_ERR_INVALID_ARGUMENT);
    robots_options_init(&options);
    options.reserved[2] = 1;
    EXPECT_EQ(robots_parse("", 0, &options, &none),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(none == NULL);
    EXPECT(sizeof options.reserved == 3 * sizeof(size_t));
    EXPECT(robots_usage_value_name(ROBOTS_USAGE_DISALLOWED) != NULL &&
           strcmp(robots_usage_value_name(ROBOTS_USAGE_DISALLOWED),
                  "disallowed") == 0);
    EXPECT(robots_usage_value_name((robots_usage_value)3) == NULL);
    EXPECT(strcmp(robots_signal_name(ROBOTS_SIGNAL_AI_INPUT), "ai-input") == 0);
    EXPECT(robots_signal_name((robots_signal)3) == NULL);
    robots_free(doc);
}

/* Decision 1: by default a Content-Usage line ends no group and no
 * verdict changes in any profile; with the option it is a rule. */
static void test_group_end(void) {
    static const char body[] = "User-agent: a\nContent-Usage: train-ai=n\n"
                               "User-agent: b\nDisallow: /\n";
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc = parse_in((robots_profile)p, body, 0);
        robots_txt *attach = parse_in((robots_profile)p, body, 1);
        robots_usage_result r = usage_of(doc, "a", "/x");
        EXPECT_EQ(robots_group_count(doc), 1u);
        EXPECT_EQ(r.crawlable, 0);
        r = usage_of(attach, "a", "/x");
        EXPECT_EQ(robots_group_count(attach), 2u);
        EXPECT_EQ(r.crawlable, 1);
        EXPECT_EQ(r.values[0], ROBOTS_USAGE_DISALLOWED);
        robots_free(doc);
        robots_free(attach);
    }
}

/* vocab-08 5.1 with the HTTP field (decision A) and RFC 9651 4.2's join
 * (decision 8: the later line's value counts). */
static void test_field(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309,
                               "User-agent: *\nContent-Usage: train-ai=y, "
                               "search=y\nDisallow: /private\n",
                               0);
    robots_str lines[2] = {{"train-ai=y", 10}, {"train-ai=n", 10}};
    robots_str bad = {"Train-AI=n", 10};
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    int malformed = -1;
    robots_usage_result r = usage_of(doc, "bot", "/x");
    EXPECT_EQ(robots_usage_parse_field(lines, 2, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 0);
    EXPECT_EQ(values[0], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(robots_usage_parse_field(&bad, 1, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 1);
    EXPECT_EQ(values[0], ROBOTS_USAGE_UNKNOWN);
    EXPECT_EQ(robots_usage_parse_field(NULL, 1, NULL, values, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_usage_combine_field(&r, lines + 1, 1, NULL), ROBOTS_OK);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_DISALLOWED); /* y and n: n */
    EXPECT_EQ(r.values[2], ROBOTS_USAGE_ALLOWED);    /* y and unknown: y */
    r = usage_of(doc, "bot", "/private");
    EXPECT_EQ(robots_usage_combine_field(&r, lines, 1, NULL), ROBOTS_OK);
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_UNKNOWN); /* still no preferences */
    robots_free(doc);
}

/* A field longer than RFC 9651's least limit is no Dictionary. */
static void test_field_too_long(void) {
    size_t n = 70000;
    char *big = malloc(n);
    robots_str line;
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    int malformed = 0;
    EXPECT(big != NULL);
    memset(big, 'a', n);
    line.ptr = big;
    line.len = n;
    EXPECT_EQ(robots_usage_parse_field(&line, 1, NULL, values, &malformed),
              ROBOTS_OK);
    EXPECT_EQ(malformed, 1);
    free(big);
}

/* vocab-08 6.4: unknown labels are ignored and named; earlier drafts'
 * labels are told apart. */
static void test_unknown_labels(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309,
                               "User-agent: *\nContent-Usage: bots=n, "
                               "train-ai=y, x-new=y, bots=y\n",
                               0);
    robots_usage_result r = usage_of(doc, "bot", "/");
    char buf[16];
    size_t needed = 0;
    int status = -1;
    EXPECT_EQ(r.unknown_labels, 2u);
    EXPECT_EQ(robots_usage_unknown_label(doc, 2, 0, buf, sizeof buf, &needed,
                                         &status),
              ROBOTS_OK);
    EXPECT(strcmp(buf, "bots") == 0);
    EXPECT_EQ(needed, 4u);
    EXPECT_EQ(status, 1);
    EXPECT_EQ(robots_usage_unknown_label(doc, 2, 1, buf, 3, &needed, &status),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 5u);
    EXPECT_EQ(
        robots_usage_unknown_label(doc, 2, 2, buf, sizeof buf, &needed, NULL),
        ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(needed, 0u);
    EXPECT_EQ(
        robots_usage_unknown_label(doc, 1, 0, buf, sizeof buf, &needed, NULL),
        ROBOTS_ERR_OUT_OF_RANGE);
    robots_free(doc);
}

/* Decisions 9, B and C: the file's signal, a group's, several lines
 * combined most restrictive; the mapping kept apart. */
static void test_signals(void) {
    robots_txt *doc =
        parse_in(ROBOTS_PROFILE_RFC9309,
                 "Content-Signal: search=yes\nContent-Usage: train-ai=n\n"
                 "User-agent: *\nContent-Signal: search=yes, ai-train=no\n"
                 "Content-Signal: search=no\nDisallow: /\n",
                 0);
    robots_usage_result r = usage_of(doc, "bot", "/x");
    robots_usage_value mapped[ROBOTS_USAGE_MAX_LABELS];
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(r.has_file_signal, 1);
    EXPECT_EQ(r.file_signal_line, 1u);
    EXPECT_EQ(r.file_signal[ROBOTS_SIGNAL_SEARCH], ROBOTS_USAGE_ALLOWED);
    EXPECT_EQ(r.has_signal, 1);
    EXPECT_EQ(r.signal_line, 4u);
    EXPECT_EQ(r.signal[ROBOTS_SIGNAL_SEARCH], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(r.signal[ROBOTS_SIGNAL_AI_TRAIN], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(r.signal[ROBOTS_SIGNAL_AI_INPUT], ROBOTS_USAGE_UNKNOWN);
    EXPECT_EQ(robots_signal_to_usage(r.signal, mapped), ROBOTS_OK);
    EXPECT_EQ(mapped[0], ROBOTS_USAGE_DISALLOWED); /* train-ai */
    EXPECT_EQ(mapped[2], ROBOTS_USAGE_DISALLOWED); /* search */
    EXPECT(strcmp(robots_signal_usage_label(ROBOTS_SIGNAL_AI_INPUT),
                  "ai-use") == 0);
    EXPECT_EQ(robots_signal_to_usage(NULL, mapped),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* Line 2, before any group: ignored, and said so. */
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_RULE_OUTSIDE_GROUP),
              1u);
    robots_free(doc);
}

/* Decision 11: other spellings get the typo diagnostic and are not
 * honoured; the keys themselves are known extensions in every case. */
static void test_key_spelling(void) {
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc = parse_in((robots_profile)p,
                                   "User-agent: *\ncontent-usages: train-ai=n\n"
                                   "Content-Signals: search=no\n"
                                   "CONTENT-USAGE: search=n\n",
                                   0);
        robots_usage_result r = usage_of(doc, "bot", "/");
        EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_TYPO_KEY), 2u);
        EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_UNKNOWN_KEY),
                  0u);
        EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_EXTENSION), 1u);
        EXPECT_EQ(r.values[0], ROBOTS_USAGE_UNKNOWN);
        EXPECT_EQ(r.values[2], ROBOTS_USAGE_DISALLOWED);
        EXPECT_EQ(r.has_signal, 0);
        robots_free(doc);
    }
}

int main(void) {
    test_attach_example();
    test_arguments();
    test_group_end();
    test_field();
    test_field_too_long();
    test_unknown_labels();
    test_signals();
    test_key_spelling();
    return testing_finish();
}
