/* SPDX-License-Identifier: MIT */
/*
 * test_cli_cut.c - the command's count of what the parse limit left out
 * (cli/cut_count.c): the lines and bytes cli_count_cut() counts from a
 * file past a prefix are those the library counts of the whole body, kept
 * in the caller's robots_cut_info, so that any number of documents keep
 * their own, and the message cli_diagnostic() gives with them is the one
 * the library writes of the whole body (the words themselves are
 * robots_cut_message()'s: tests/test_cut_message.c).
 */
#include "cli.h"
#include "testing.h"

#include <stdio.h>
#include <string.h>

static robots_options limited(size_t limit) {
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = limit;
    return options;
}

/* The library's past-parse-limit message of doc, into out. */
static int library_words(const robots_txt *doc, char *out, size_t cap) {
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) == ROBOTS_OK &&
            d.kind == ROBOTS_DIAG_PAST_PARSE_LIMIT && d.message_len < cap) {
            memcpy(out, d.message, d.message_len);
            out[d.message_len] = '\0';
            return 1;
        }
    }
    return 0;
}

/* A file of `len` bytes read as the command reads it (a prefix of the
 * limit and its lookahead, the rest streamed by cli_count_cut()): the
 * cut the library gives for the whole body, and the message
 * cli_diagnostic() words for it is the library's. */
static void counts_of_file(const char *body, size_t len, size_t limit,
                           robots_cut_info *cut, robots_txt **doc) {
    size_t prefix_len = limit + ROBOTS_PARSE_LOOKAHEAD_BYTES;
    robots_options options = limited(limit);
    FILE *f = tmpfile();
    EXPECT(f != NULL);
    if (f == NULL)
        return;
    EXPECT(fwrite(body, 1, len, f) == len);
    EXPECT(fseek(f, (long)prefix_len, SEEK_SET) == 0);
    EXPECT(robots_parse_prefix(body, prefix_len, len - prefix_len, &options,
                               doc) == ROBOTS_OK);
    if (*doc != NULL)
        cli_count_cut(*doc, f, body, prefix_len, len - prefix_len, cut);
    fclose(f);
}

static void counted_per_document(void) {
    enum { DOCS = 6 }; /* more than the table the counts once lived in */
    static char body[4096];
    size_t len = 0;
    for (int r = 0; r < 200; r++)
        len += (size_t)sprintf(body + len, "Disallow: /p%d\n", r);
    robots_txt *docs[DOCS] = {NULL};
    robots_cut_info cuts[DOCS];
    for (size_t i = 0; i < DOCS; i++)
        counts_of_file(body, len, 100 + 10 * i, &cuts[i], &docs[i]);
    for (size_t i = 0; i < DOCS; i++) {
        robots_options options = limited(100 + 10 * i);
        robots_txt *whole = NULL;
        robots_cut_info want;
        EXPECT(robots_parse(body, len, &options, &whole) == ROBOTS_OK);
        if (whole == NULL || docs[i] == NULL)
            continue;
        EXPECT(robots_txt_cut(whole, &want) == ROBOTS_OK);
        EXPECT_EQ(cuts[i].line, want.line);
        EXPECT_EQ(cuts[i].offset, want.offset);
        EXPECT_EQ(cuts[i].lines_not_read, want.lines_not_read);
        EXPECT_EQ(cuts[i].bytes_not_read, want.bytes_not_read);
        char library[CLI_CUT_MESSAGE_BYTES], words[CLI_CUT_MESSAGE_BYTES];
        EXPECT(library_words(whole, library, sizeof library));
        for (size_t k = 0; k < robots_diagnostic_count(docs[i]); k++) {
            robots_diagnostic_info d;
            EXPECT(cli_diagnostic(docs[i], &cuts[i], k, &d, words) ==
                   ROBOTS_OK);
            if (d.kind == ROBOTS_DIAG_PAST_PARSE_LIMIT)
                EXPECT_STRN(d.message, d.message_len, library);
        }
        robots_free(whole);
    }
    for (size_t i = 0; i < DOCS; i++)
        robots_free(docs[i]);
}

int main(void) {
    counted_per_document();
    return testing_finish();
}
