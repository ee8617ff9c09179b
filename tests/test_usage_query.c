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
    options.reserved[1] = 1; /* the last word left */
    EXPECT_EQ(robots_parse("", 0, &options, &none),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(none == NULL);
    /* content_usage_ends_group and then skip_diagnostics each took the
     * place of one of the four */
    EXPECT(sizeof options.reserved == 2 * sizeof(size_t));
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

/* Which source decided each label (robots_usage_result's file_labels and
 * field_labels): vocab-08 5.1 keeps the most restrictive value, so a
 * field that says n where the file says y decides alone, and the file's
 * line is not what decided it. */
static void test_field_sources(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309,
                               "User-agent: *\nContent-Usage: train-ai=y, "
                               "search=n\n",
                               0);
    robots_str field = {"train-ai=n, search=n, ai-use=y", 30};
    robots_usage_result r = usage_of(doc, "bot", "/x");
    EXPECT_EQ(r.file_labels, 0x5u); /* train-ai and search, from line 2 */
    EXPECT_EQ(r.field_labels, 0u);
    EXPECT_EQ(robots_usage_combine_field(&r, &field, 1, NULL), ROBOTS_OK);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(r.values[1], ROBOTS_USAGE_ALLOWED);
    EXPECT_EQ(r.values[2], ROBOTS_USAGE_DISALLOWED);
    /* train-ai: the field's n alone; ai-use: the field alone; search: the
     * two said the same. */
    EXPECT_EQ(r.file_labels, 0x4u);
    EXPECT_EQ(r.field_labels, 0x7u);
    EXPECT_EQ(r.lines[0], 2u); /* the line is still listed, for search */
    robots_free(doc);
}

/* robots_usage_field_line(): RFC 9112 5.1's field line, the name in any
 * case (RFC 9110 5.1), OWS around the value; hostile bytes refused. */
static void test_field_line(void) {
    static const struct {
        const char *line;
        size_t len;
        robots_status status;
        int is_field;
        const char *value;
    } rows[] = {
        {"Content-Usage: train-ai=n", 25, ROBOTS_OK, 1, "train-ai=n"},
        {"content-USAGE:train-ai=n \t", 26, ROBOTS_OK, 1, "train-ai=n"},
        {"Content-Usage:", 14, ROBOTS_OK, 1, ""},
        {"Content-Signal: search=yes", 26, ROBOTS_OK, 0, ""},
        {"Content-Usages: x=y", 19, ROBOTS_OK, 0, ""},
        {"Content-Usage : train-ai=n", 26, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {" Content-Usage: train-ai=n", 26, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"train-ai=n", 10, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {": train-ai=n", 12, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"", 0, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage: a=y\r\nX: b", 24, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage: a=y\nX: b", 23, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage: a=y\0b", 20, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage: a=y\x1b[2J", 24, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage: a=y\x7f", 19, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        {"Content-Usage:\ta=y", 18, ROBOTS_OK, 1, "a=y"},
        {"Content\x80Usage: a=y", 19, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        /* Bytes past len are never read: the colon is at len. */
        {"Content-Usage: a=y", 13, ROBOTS_ERR_HEADER_INVALID, 0, ""},
        /* The value's bytes are the statement's: the field parse judges
         * them (a non-ASCII byte makes it malformed, not the line). */
        {"Content-Usage: a=\xff", 18, ROBOTS_OK, 1, "a=\xff"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        robots_str value = {"?", 9};
        int is_field = -1;
        EXPECT_EQ(robots_usage_field_line(rows[i].line, rows[i].len, &value,
                                          &is_field),
                  rows[i].status);
        EXPECT_EQ(is_field, rows[i].is_field);
        EXPECT_STRN(value.ptr, value.len, rows[i].value);
    }
    {
        robots_str value;
        int is_field;
        EXPECT_EQ(robots_usage_field_line(NULL, 0, &value, &is_field),
                  ROBOTS_ERR_HEADER_INVALID);
        EXPECT_EQ(robots_usage_field_line(NULL, 3, &value, &is_field),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_usage_field_line("a: b", 4, NULL, &is_field),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_usage_field_line("a: b", 4, &value, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
    }
}

/* robots_usage_agents(): a crawler of several names gets the groups that
 * name any of them, as robots_check() does (RFC 9309 2.2.1: groups that
 * name the crawler combine). */
static void test_agents(void) {
    robots_txt *doc = parse_in(ROBOTS_PROFILE_RFC9309,
                               "User-agent: *\nContent-Usage: train-ai=y\n"
                               "Allow: /\n\n" /* a rule: the group ends */
                               "User-agent: FooBot\nContent-Usage: "
                               "train-ai=n\nDisallow: /foo\n\n"
                               "User-agent: BarBot\nContent-Usage: /b "
                               "search=n\n",
                               0);
    robots_str names[2] = {{"FooBot", 6}, {"BarBot", 6}};
    robots_str many[ROBOTS_MAX_QUERY_AGENTS + 1];
    robots_usage_result r;
    EXPECT_EQ(robots_usage_agents(doc, names, 2, "/b", 2, &r), ROBOTS_OK);
    EXPECT_EQ(r.crawlable, 1);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_UNKNOWN); /* /b is longer: line 10 */
    EXPECT_EQ(r.values[2], ROBOTS_USAGE_DISALLOWED);
    EXPECT_EQ(r.line_count, 1u);
    EXPECT_EQ(r.lines[0], 10u);
    EXPECT_EQ(robots_usage_agents(doc, names, 2, "/a", 2, &r), ROBOTS_OK);
    EXPECT_EQ(r.values[0], ROBOTS_USAGE_DISALLOWED); /* FooBot's line 6 */
    EXPECT_EQ(r.line_count, 1u); /* not the `*` group's line 2 */
    EXPECT_EQ(r.lines[0], 6u);
    EXPECT_EQ(robots_usage_agents(doc, names, 2, "/foo", 4, &r), ROBOTS_OK);
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(r.line_count, 0u);
    for (size_t i = 0; i <= ROBOTS_MAX_QUERY_AGENTS; i++)
        many[i] = names[0];
    EXPECT_EQ(
        robots_usage_agents(doc, many, ROBOTS_MAX_QUERY_AGENTS + 1, "/", 1, &r),
        ROBOTS_ERR_TOO_MANY_AGENTS);
    EXPECT_EQ(r.crawlable, 0);
    EXPECT_EQ(robots_usage_agents(doc, NULL, 1, "/", 1, &r),
              ROBOTS_ERR_INVALID_ARGUMENT);
    robots_free(doc);
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
    test_field_sources();
    test_field_line();
    test_agents();
    return testing_finish();
}
