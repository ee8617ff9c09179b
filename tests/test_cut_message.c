/* SPDX-License-Identifier: MIT */
/*
 * test_cut_message.c - robots_cut_message() (robots.h): the words of the
 * past-parse-limit diagnostic for a cut, the same as the parse's own
 * diagnostic for every cut it makes (the whole body, a prefix with the
 * rest's size, a prefix alone), within ROBOTS_CUT_MESSAGE_BYTES for any
 * counts, and its contract refuses what is not a cut.
 */
#include "robots.h"
#include "testing.h"

#include <stdint.h>
#include <string.h>

static robots_cut_info cut_of(size_t limit, size_t lines, size_t bytes) {
    robots_cut_info cut;
    memset(&cut, 0, sizeof cut);
    cut.truncated = 1;
    cut.limit = limit;
    cut.lines_not_read = lines;
    cut.bytes_not_read = bytes;
    return cut;
}

/* The three wordings, a count of one without its plural "s" (docs/robots.1
 * quotes the first). */
static void wordings(void) {
    char buf[ROBOTS_CUT_MESSAGE_BYTES];
    size_t len = 0;
    robots_cut_info cut = cut_of(500, 2, 26);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    EXPECT_STRN(buf, len,
                "the file is longer than the parse limit of 500 bytes; its "
                "last 2 lines (26 bytes), from here on, are not read");
    cut = cut_of(12, 1, 1);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    EXPECT_STRN(buf, len,
                "the file is longer than the parse limit of 12 bytes; its "
                "last 1 line (1 byte), from here on, are not read");
    cut = cut_of(14, ROBOTS_NOT_COUNTED, 30);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    EXPECT_STRN(buf, len,
                "the file is longer than the parse limit of 14 bytes; its "
                "last 30 bytes, from here on, are not read");
    cut = cut_of(14, ROBOTS_NOT_COUNTED, ROBOTS_NOT_COUNTED);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    EXPECT_STRN(buf, len,
                "the file is longer than the parse limit of 14 bytes; the "
                "rest of it, from here on, is not read");
}

/* The largest counts a size_t holds fit, whole, with the NUL. */
static void largest_counts_fit(void) {
    char buf[ROBOTS_CUT_MESSAGE_BYTES];
    size_t len = 0;
    robots_cut_info cut =
        cut_of(SIZE_MAX, ROBOTS_NOT_COUNTED - 1, ROBOTS_NOT_COUNTED - 1);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    EXPECT(len == strlen(buf) && len + 1 <= ROBOTS_CUT_MESSAGE_BYTES);
    static const char end[] = "bytes), from here on, are not read";
    EXPECT(len > sizeof end &&
           memcmp(buf + len - (sizeof end - 1), end, sizeof end - 1) == 0);
}

/* The parse's diagnostic for the body cut at `limit`, given whole
 * (prefix_len == len) or as a prefix and `rest`, is robots_cut_message()
 * of robots_txt_cut(). */
static void same_as_parse(const char *body, size_t limit, size_t prefix_len,
                          size_t rest) {
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = limit;
    robots_txt *doc = NULL;
    EXPECT(robots_parse_prefix(body, prefix_len, rest, &options, &doc) ==
           ROBOTS_OK);
    if (doc == NULL)
        return;
    robots_cut_info cut;
    char buf[ROBOTS_CUT_MESSAGE_BYTES];
    size_t len = 0, found = 0;
    EXPECT(robots_txt_cut(doc, &cut) == ROBOTS_OK);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) == ROBOTS_OK);
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) != ROBOTS_OK ||
            d.kind != ROBOTS_DIAG_PAST_PARSE_LIMIT)
            continue;
        found++;
        EXPECT_MSG(d.message_len == len && memcmp(d.message, buf, len) == 0,
                   "'%.*s' != '%s'", (int)d.message_len, d.message, buf);
    }
    EXPECT_EQ(found, 1);
    robots_free(doc);
}

static void parse_says_the_same(void) {
    static const char many[] = "Disallow: /a\nDisallow: /b\nDisallow: /c\n";
    static const char one[] = "Disallow: /a\nD";
    size_t many_len = sizeof many - 1, one_len = sizeof one - 1;
    same_as_parse(many, 14, many_len, 0);
    same_as_parse(one, 12, one_len, 0);
    same_as_parse(many, 14, 16, many_len - 16);
    same_as_parse(many, 14, 16, ROBOTS_NOT_COUNTED);
}

static void contract(void) {
    char buf[ROBOTS_CUT_MESSAGE_BYTES];
    size_t len = 7;
    robots_cut_info cut = cut_of(10, 1, 1);
    EXPECT(robots_cut_message(NULL, buf, sizeof buf, &len) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_cut_message(&cut, NULL, sizeof buf, &len) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, NULL) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_cut_message(&cut, buf, ROBOTS_CUT_MESSAGE_BYTES - 1, &len) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    cut.reserved[3] = 1;
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    cut = cut_of(10, 0, 0);
    cut.truncated = 0; /* nothing was cut: there is no such diagnostic */
    EXPECT(robots_cut_message(&cut, buf, sizeof buf, &len) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(len, 7); /* refused: nothing written */
}

int main(void) {
    wordings();
    largest_counts_fit();
    parse_says_the_same();
    contract();
    return testing_finish();
}
