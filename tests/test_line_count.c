/* SPDX-License-Identifier: MIT */
/*
 * test_line_count.c - robots_line_count (robots.h): the lines and bytes of
 * a body from its cut to its end, fed in pieces, are the lines_not_read
 * and bytes_not_read robots_txt_cut() gives when robots_parse() reads the
 * whole body, wherever the pieces split it (a CRLF across two pieces
 * counted once) and whether the cut came from the whole body or from a
 * prefix (robots_parse_prefix()); and its contract refuses what it cannot
 * count (issue 21).
 */
#include "robots.h"
#include "testing.h"

#include <stdint.h>
#include <string.h>

static robots_options limited(size_t limit) {
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = limit;
    return options;
}

/* The cut robots_parse() reports for the whole body under `limit`. */
static int whole_cut(const char *body, size_t len, size_t limit,
                     robots_cut_info *cut) {
    robots_options options = limited(limit);
    robots_txt *doc = NULL;
    if (robots_parse(body, len, &options, &doc) != ROBOTS_OK)
        return 0;
    int ok = robots_txt_cut(doc, cut) == ROBOTS_OK;
    robots_free(doc);
    return ok;
}

/* Feeds s[from, len) in pieces cut at a and b (from <= a <= b <= len). */
static int count_split(const char *s, size_t from, size_t a, size_t b,
                       size_t len, size_t *lines, size_t *bytes) {
    robots_line_count count;
    robots_line_count_init(&count);
    return robots_line_count_feed(&count, s + from, a - from) == ROBOTS_OK &&
           robots_line_count_feed(&count, s + a, b - a) == ROBOTS_OK &&
           robots_line_count_feed(&count, s + b, len - b) == ROBOTS_OK &&
           robots_line_count_result(&count, lines, bytes) == ROBOTS_OK;
}

/* A body of n bytes drawn from the bytes that end lines and two that do
 * not, so every mix of CR, LF, CRLF, LFCR and unended lines appears. */
static void random_body(char *out, size_t n, uint32_t *state) {
    static const char alphabet[] = {'\r', '\n', 'a', ' ', '\r', '\n'};
    for (size_t i = 0; i < n; i++) {
        *state = *state * 1664525u + 1013904223u;
        out[i] = alphabet[(*state >> 16) % sizeof alphabet];
    }
}

/* For each body and limit, every pair of split points of the bytes from
 * the cut on gives robots_txt_cut()'s counts of the whole body. */
static void same_as_whole(const char *body, size_t len, size_t limit) {
    robots_cut_info cut;
    EXPECT(whole_cut(body, len, limit, &cut));
    if (!cut.truncated)
        return;
    size_t from = cut.offset;
    for (size_t a = from; a <= len; a++)
        for (size_t b = a; b <= len; b++) {
            size_t lines = 0, bytes = 0;
            int ok = count_split(body, from, a, b, len, &lines, &bytes);
            EXPECT_MSG(ok && lines == cut.lines_not_read &&
                           bytes == cut.bytes_not_read,
                       "limit %zu split %zu,%zu: %zu lines %zu bytes, want "
                       "%zu lines %zu bytes",
                       limit, a, b, lines, bytes, cut.lines_not_read,
                       cut.bytes_not_read);
        }
}

/* The cut a prefix gives (robots_parse_prefix(): limit + lookahead bytes
 * and the rest's length) is the whole body's, and the prefix from that
 * cut plus the rest streamed in pieces count what the whole body's cut
 * counts: what the command does with a file (cli_load_robots()). */
static void prefix_then_rest(const char *body, size_t len, size_t limit,
                             size_t piece) {
    size_t prefix_len = limit + ROBOTS_PARSE_LOOKAHEAD_BYTES;
    if (len <= prefix_len)
        return;
    robots_options options = limited(limit);
    robots_txt *doc = NULL;
    robots_cut_info whole, part;
    EXPECT(whole_cut(body, len, limit, &whole));
    EXPECT(robots_parse_prefix(body, prefix_len, len - prefix_len, &options,
                               &doc) == ROBOTS_OK);
    EXPECT(robots_txt_cut(doc, &part) == ROBOTS_OK);
    robots_free(doc);
    EXPECT_EQ(part.lines_not_read, ROBOTS_NOT_COUNTED);
    EXPECT_EQ(part.offset, whole.offset);
    robots_line_count count;
    robots_line_count_init(&count);
    EXPECT(robots_line_count_feed(&count, body + part.offset,
                                  prefix_len - part.offset) == ROBOTS_OK);
    for (size_t i = prefix_len; i < len; i += piece) {
        size_t n = len - i < piece ? len - i : piece;
        EXPECT(robots_line_count_feed(&count, body + i, n) == ROBOTS_OK);
    }
    size_t lines = 0, bytes = 0;
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(lines, whole.lines_not_read);
    EXPECT_EQ(bytes, whole.bytes_not_read);
    EXPECT_EQ(bytes, part.bytes_not_read);
}

static void random_bodies(void) {
    uint32_t state = 21;
    char body[40];
    for (int round = 0; round < 400; round++) {
        size_t len = 1 + (size_t)round % sizeof body;
        random_body(body, len, &state);
        size_t limit = 1 + (size_t)(round * 7) % len;
        same_as_whole(body, len, limit);
        prefix_then_rest(body, len, limit, 1 + (size_t)round % 5);
    }
}

/* The cases robots.h names, written out: the limit inside a line, at a
 * line's end, a CRLF at the split, a last line without a terminator, and
 * a rest of nothing. */
static void named_cases(void) {
    size_t lines = 0, bytes = 0;
    static const char crlf[] = "Disallow: /a\r\nDisallow: /b\r\nDisallow: /c";
    size_t len = sizeof crlf - 1;
    robots_cut_info cut;
    /* The limit inside line 2: lines 2 and 3 are not read. */
    EXPECT(whole_cut(crlf, len, 18, &cut));
    EXPECT_EQ(cut.line, 2);
    EXPECT_EQ(cut.lines_not_read, 2);
    EXPECT(count_split(crlf, cut.offset, 26, 27, len, &lines, &bytes));
    EXPECT_EQ(lines, 2); /* the CR of line 2 in one piece, its LF next */
    EXPECT_EQ(bytes, len - 14);
    same_as_whole(crlf, len, 18);
    /* The limit at line 1's CR: its LF at the split. */
    same_as_whole(crlf, len, 13);
    same_as_whole(crlf, len, 12);
    /* Bare CR and LF ends, and a last line ended. */
    static const char mixed[] = "a\rb\nc\r\n\r\n\n\rd\n";
    same_as_whole(mixed, sizeof mixed - 1, 1);
    same_as_whole(mixed, sizeof mixed - 1, 4);
    /* Nothing fed: no lines, no bytes. */
    robots_line_count count;
    robots_line_count_init(&count);
    EXPECT(robots_line_count_feed(&count, NULL, 0) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(lines, 0);
    EXPECT_EQ(bytes, 0);
    /* One byte, not a line end: one line; a lone CR then a LF: one. */
    EXPECT(robots_line_count_feed(&count, "x", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(lines, 1);
    EXPECT(robots_line_count_feed(&count, "\r", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_feed(&count, "\n", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_feed(&count, "\n", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(lines, 2);
    EXPECT_EQ(bytes, 4);
}

/* Hostile bytes: NULs, bytes over 0x7F and long runs of CRs and LFs in
 * pieces of every size count as the whole body's cut does. */
static void hostile(void) {
    char body[300];
    for (size_t i = 0; i < sizeof body; i++)
        body[i] = (char)(unsigned char)(i * 37u);
    memset(body + 100, '\r', 60);
    memset(body + 200, '\n', 40);
    for (size_t limit = 1; limit < sizeof body; limit += 23)
        for (size_t piece = 1; piece <= 17; piece += 4)
            prefix_then_rest(body, sizeof body, limit, piece);
}

/* Counts that would pass ROBOTS_NOT_COUNTED - 1 bytes are not made; and
 * what is not a count made by robots_line_count_init() is refused. */
static void contract(void) {
    robots_line_count count;
    size_t lines = 0, bytes = 0;
    robots_line_count_init(&count);
    count.bytes = ROBOTS_NOT_COUNTED - 3;
    EXPECT(robots_line_count_feed(&count, "ab", 2) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(bytes, ROBOTS_NOT_COUNTED - 1);
    EXPECT(robots_line_count_feed(&count, "c", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(bytes, ROBOTS_NOT_COUNTED);
    EXPECT_EQ(lines, ROBOTS_NOT_COUNTED);
    EXPECT(robots_line_count_feed(&count, "\n", 1) == ROBOTS_OK);
    EXPECT(robots_line_count_result(&count, &lines, &bytes) == ROBOTS_OK);
    EXPECT_EQ(lines, ROBOTS_NOT_COUNTED);

    robots_line_count_init(&count);
    EXPECT(robots_line_count_feed(NULL, "a", 1) == ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_line_count_feed(&count, NULL, 1) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_line_count_result(&count, NULL, &bytes) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_line_count_result(&count, &lines, NULL) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(robots_line_count_result(NULL, &lines, &bytes) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    count.reserved[0] = 1;
    EXPECT(robots_line_count_feed(&count, "a", 1) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    robots_line_count_init(&count);
    count.last = 9;
    EXPECT(robots_line_count_result(&count, &lines, &bytes) ==
           ROBOTS_ERR_INVALID_ARGUMENT);
    robots_line_count_init(NULL);
}

int main(void) {
    random_bodies();
    named_cases();
    hostile();
    contract();
    return testing_finish();
}
