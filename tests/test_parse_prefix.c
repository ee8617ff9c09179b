/* SPDX-License-Identifier: MIT */
/*
 * test_parse_prefix.c - robots_parse_prefix(): a body given as its first
 * bytes and what is known of the rest makes the document robots_parse()
 * makes of the whole body (robots.h), with only the counts of what it was
 * not given left out, and its contract refuses a prefix too short to know
 * where the parse limit cut (issue 29, finding 3).
 */
#include "robots.h"
#include "testing.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static robots_options limited(robots_profile profile, size_t limit) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    options.parse_limit = limit;
    return options;
}

static int same_text(const char *a, size_t alen, const char *b, size_t blen) {
    return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

/* Everything a caller can read of the two documents is equal, but the
 * counts robots.h says a prefix leaves out and the past-parse-limit
 * diagnostic's words. Returns 1 when equal. */
static int same_document(const robots_txt *whole, const robots_txt *part) {
    int same =
        robots_group_count(whole) == robots_group_count(part) &&
        robots_sitemap_count(whole) == robots_sitemap_count(part) &&
        robots_extension_count(whole) == robots_extension_count(part) &&
        robots_diagnostic_count(whole) == robots_diagnostic_count(part) &&
        robots_diagnostic_total(whole) == robots_diagnostic_total(part) &&
        robots_txt_parsed_bytes(whole) == robots_txt_parsed_bytes(part);
    for (size_t g = 0; same && g < robots_group_count(whole); g++) {
        robots_group_info a, b;
        robots_group(whole, g, &a);
        robots_group(part, g, &b);
        same = a.line == b.line && a.agent_count == b.agent_count &&
               a.rule_count == b.rule_count &&
               a.crawl_delay_line == b.crawl_delay_line;
        for (size_t k = 0; same && k < a.agent_count; k++) {
            robots_agent_info x, y;
            robots_group_agent(whole, g, k, &x);
            robots_group_agent(part, g, k, &y);
            same = x.line == y.line &&
                   same_text(x.value, x.value_len, y.value, y.value_len);
        }
        for (size_t r = 0; same && r < a.rule_count; r++) {
            robots_rule_info x, y;
            robots_group_rule(whole, g, r, &x);
            robots_group_rule(part, g, r, &y);
            same =
                x.line == y.line && x.kind == y.kind &&
                same_text(x.pattern, x.pattern_len, y.pattern, y.pattern_len);
        }
    }
    for (size_t i = 0; same && i < robots_sitemap_count(whole); i++) {
        robots_record_info x, y;
        robots_sitemap(whole, i, &x);
        robots_sitemap(part, i, &y);
        same = x.line == y.line &&
               same_text(x.value, x.value_len, y.value, y.value_len);
    }
    for (size_t i = 0; same && i < robots_diagnostic_count(whole); i++) {
        robots_diagnostic_info x, y;
        robots_diagnostic(whole, i, &x);
        robots_diagnostic(part, i, &y);
        same = x.line == y.line && x.column == y.column && x.kind == y.kind &&
               x.severity == y.severity &&
               (x.kind == ROBOTS_DIAG_PAST_PARSE_LIMIT ||
                same_text(x.message, x.message_len, y.message, y.message_len));
    }
    return same;
}

static robots_diagnostic_info cut_diagnostic(const robots_txt *doc) {
    robots_diagnostic_info d;
    memset(&d, 0, sizeof d);
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic(doc, i, &d);
        if (d.kind == ROBOTS_DIAG_PAST_PARSE_LIMIT)
            return d;
    }
    memset(&d, 0, sizeof d);
    return d;
}

static int contains(const char *s, size_t len, const char *part) {
    size_t n = strlen(part);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(s + i, part, n) == 0)
            return 1;
    return 0;
}

/* Every limit and every prefix long enough for it, with the rest counted
 * and not: the document equals the whole body's, the cut is at the same
 * byte and line, bytes_not_read is the whole body's when the rest is
 * counted, and lines_not_read is never guessed. */
static void prefix_equals_whole(const char *body, size_t n,
                                robots_profile profile) {
    int failures = 0;
    for (size_t limit = 1; limit + ROBOTS_PARSE_LOOKAHEAD_BYTES < n; limit++) {
        robots_options options = limited(profile, limit);
        robots_txt *whole = NULL;
        if (robots_parse(body, n, &options, &whole) != ROBOTS_OK) {
            failures++;
            continue;
        }
        robots_cut_info want;
        robots_txt_cut(whole, &want);
        for (size_t len = limit + ROBOTS_PARSE_LOOKAHEAD_BYTES; len < n;
             len++) {
            for (int counted = 0; counted < 2; counted++) {
                size_t rest = counted ? n - len : ROBOTS_NOT_COUNTED;
                robots_txt *part = NULL;
                robots_cut_info got;
                if (robots_parse_prefix(body, len, rest, &options, &part) !=
                    ROBOTS_OK) {
                    failures++;
                    continue;
                }
                robots_txt_cut(part, &got);
                robots_verdict v;
                robots_str star = {"*", 1};
                int ok =
                    same_document(whole, part) && want.truncated &&
                    got.truncated && got.limit == want.limit &&
                    got.offset == want.offset && got.line == want.line &&
                    got.lines_not_read == ROBOTS_NOT_COUNTED &&
                    got.bytes_not_read ==
                        (counted ? want.bytes_not_read : ROBOTS_NOT_COUNTED) &&
                    robots_txt_input_bytes(part) == len &&
                    robots_check(part, &star, 1, "/", 1, &v) == ROBOTS_OK &&
                    v.truncated == 1;
                if (!ok) {
                    failures++;
                    fprintf(stderr,
                            "profile %d limit %zu prefix %zu counted %d: not "
                            "the whole body's document\n",
                            (int)profile, limit, len, counted);
                }
                robots_free(part);
            }
        }
        robots_free(whole);
    }
    EXPECT_EQ(failures, 0);
}

static void same_as_whole(void) {
    /* The line endings and the places a limit may fall (docs/semantics.md,
     * "The parse limit and a cut line"): LF, CRLF (a limit between CR and
     * LF), CR alone, a last line with no terminator, and a BOM, groups,
     * records and diagnostics before and after the cut. */
    static const char *const bodies[] = {
        "User-agent: *\nAllow: /a\nDisallow: /\n",
        "User-agent: *\r\nAllow: /a\r\nDisallow: /\r\n\r\n",
        "User-agent: *\rAllow: /a\rDisallow: /\r",
        "User-agent: *\nAllow: /a\nDisallow: /",
        "\xEF\xBB\xBFUser-agent: a\nDisallow: /x\n\nUser-agent: *\n"
        "Sitemap: https://e.org/s.xml\nnonsense\nCrawl-delay: 2\n"
        "Disallow: /y$\n",
        /* The marks named from the file's first bytes (a limit inside them
         * names none, in the prefix as in the whole: the fuzz finding of
         * session 11). */
        "\xC3\xAF\xC2\xBB\xC2\xBFgent: a\nDisallow: /x\n",
        "\xFF\xFEUser-agent: a\nDisallow: /x\n",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
        for (int profile = 0; profile <= ROBOTS_PROFILE_LAST; profile++)
            prefix_equals_whole(bodies[i], strlen(bodies[i]),
                                (robots_profile)profile);
}

static void rest_zero_is_parse(void) {
    /* rest 0: the prefix is the body, and every count is made. */
    const char body[] = "User-agent: *\nAllow: /a\nDisallow: /\n";
    size_t n = sizeof body - 1;
    robots_options options = limited(ROBOTS_PROFILE_RFC9309, 22);
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse_prefix(body, n, 0, &options, &doc), ROBOTS_OK);
    robots_cut_info cut;
    robots_txt_cut(doc, &cut);
    EXPECT_EQ(cut.offset, 14);
    EXPECT_EQ(cut.lines_not_read, 2);
    EXPECT_EQ(cut.bytes_not_read, 22);
    robots_diagnostic_info d = cut_diagnostic(doc);
    EXPECT(contains(d.message, d.message_len, "its last 2 lines (22 bytes)"));
    robots_free(doc);
    /* One line, one byte: the words in the singular. */
    EXPECT_EQ(robots_parse_prefix(body, 24, 0, &options, &doc), ROBOTS_OK);
    d = cut_diagnostic(doc);
    EXPECT(contains(d.message, d.message_len, "its last 1 line (10 bytes)"));
    robots_free(doc);
    const char one_byte[] = "Disallow: /aaaaaaaaaaa\nx"; /* LF at 22 */
    EXPECT_EQ(
        robots_parse_prefix(one_byte, sizeof one_byte - 1, 0, &options, &doc),
        ROBOTS_OK);
    d = cut_diagnostic(doc);
    EXPECT(contains(d.message, d.message_len, "its last 1 line (1 byte),"));
    robots_free(doc);
    /* With no limit, too: a whole body needs no lookahead. */
    options.parse_limit = 0;
    EXPECT_EQ(robots_parse_prefix(body, n, 0, &options, &doc), ROBOTS_OK);
    robots_txt_cut(doc, &cut);
    EXPECT_EQ(cut.truncated, 0);
    robots_free(doc);
    EXPECT_EQ(robots_parse_prefix(NULL, 0, 0, NULL, &doc), ROBOTS_OK);
    robots_free(doc);
}

static void what_the_diagnostic_says(void) {
    /* Past a prefix the diagnostic counts the bytes it was told of, or
     * says "the rest"; it never counts lines it was not given. */
    const char body[] = "User-agent: *\nDisallow: /a\nDisallow: /b\n";
    robots_options options = limited(ROBOTS_PROFILE_RFC9309, 20);
    robots_txt *doc = NULL;
    /* Cut at line 2 (byte 14): 25 bytes of the prefix, 1000 more. */
    EXPECT_EQ(robots_parse_prefix(body, 39, 1000, &options, &doc), ROBOTS_OK);
    robots_diagnostic_info d = cut_diagnostic(doc);
    EXPECT_EQ(d.line, 2);
    EXPECT(contains(d.message, d.message_len,
                    "parse limit of 20 bytes; its last 1025 bytes, from here "
                    "on, are not read"));
    EXPECT(!contains(d.message, d.message_len, "lines"));
    robots_free(doc);
    EXPECT_EQ(robots_parse_prefix(body, 39, ROBOTS_NOT_COUNTED, &options, &doc),
              ROBOTS_OK);
    d = cut_diagnostic(doc);
    EXPECT_EQ(d.line, 2);
    EXPECT(contains(d.message, d.message_len,
                    "parse limit of 20 bytes; the rest of it, from here on, "
                    "is not read"));
    robots_free(doc);
}

static void counts_that_overflow(void) {
    /* bytes_not_read is the prefix's bytes past the cut plus rest, or
     * ROBOTS_NOT_COUNTED when that sum is not below it. Cut at byte 14 of
     * a 24-byte prefix: 10 bytes of the prefix past the cut. */
    const char body[] = "User-agent: *\nAllow: /a\nDisallow: /\n";
    robots_options options = limited(ROBOTS_PROFILE_RFC9309, 20);
    robots_txt *doc = NULL;
    robots_cut_info cut;
    size_t largest = ROBOTS_NOT_COUNTED - 1 - 10;
    EXPECT_EQ(robots_parse_prefix(body, 24, largest, &options, &doc),
              ROBOTS_OK);
    robots_txt_cut(doc, &cut);
    EXPECT_EQ(cut.offset, 14);
    EXPECT(cut.bytes_not_read == ROBOTS_NOT_COUNTED - 1);
    robots_free(doc);
    EXPECT_EQ(robots_parse_prefix(body, 24, largest + 1, &options, &doc),
              ROBOTS_OK);
    robots_txt_cut(doc, &cut);
    EXPECT(cut.bytes_not_read == ROBOTS_NOT_COUNTED);
    robots_free(doc);
}

static void contract(void) {
    const char body[] = "User-agent: *\nAllow: /a\nDisallow: /\n";
    robots_options options = limited(ROBOTS_PROFILE_RFC9309, 20);
    robots_txt *doc = (robots_txt *)(uintptr_t)1;
    /* The prefix must reach ROBOTS_PARSE_LOOKAHEAD_BYTES past the limit:
     * with one byte less, whether line 2 ends within it is unknown. */
    EXPECT_EQ(robots_parse_prefix(body, 21, 5, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    EXPECT_EQ(robots_parse_prefix(body, 10, ROBOTS_NOT_COUNTED, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_parse_prefix(body, 22, 5, &options, &doc), ROBOTS_OK);
    robots_free(doc);
    /* No limit: the whole body is parsed, so a prefix is not enough. */
    options.parse_limit = 0;
    EXPECT_EQ(robots_parse_prefix(body, 36, 1, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* A limit near SIZE_MAX does not wrap the sum. */
    options.parse_limit = SIZE_MAX - 1;
    EXPECT_EQ(robots_parse_prefix(body, 36, 1, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* The prefix is what must fit ROBOTS_MAX_INPUT_BYTES, not the body; a
     * prefix past it is refused before a byte is read. */
    options.parse_limit = 20;
    EXPECT_EQ(robots_parse_prefix(body, 36, (size_t)4 << 30, &options, &doc),
              ROBOTS_OK);
    robots_free(doc);
    EXPECT_EQ(robots_parse_prefix(body, ROBOTS_MAX_INPUT_BYTES + 1, 1, &options,
                                  &doc),
              ROBOTS_ERR_TOO_LARGE);
    EXPECT(doc == NULL);
    EXPECT_EQ(robots_parse_prefix(NULL, 5, 1, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_parse_prefix(body, 36, 1, &options, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

int main(void) {
    same_as_whole();
    rest_zero_is_parse();
    what_the_diagnostic_says();
    counts_that_overflow();
    contract();
    return testing_finish();
}
