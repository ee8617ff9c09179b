/* SPDX-License-Identifier: MIT */
/*
 * cut_count.c - the lines and bytes of a file past its parse limit: the
 * command reads only the prefix the parse needs (cli_load_robots()), then
 * streams the rest of a file whose size it knows through the library's
 * counter (robots_line_count) in fixed-size chunks, never holding it, and
 * gives the counts to the caller, who keeps them beside the document for
 * every message that says what was not read (issue 21). The count is the
 * library's, not the command's; the words that say it are the library's
 * too (robots_cut_message(), through cli_cut_message()).
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Streams f to its end through `count`: 1 when every byte was read and
 * there were at most `most`. */
static int stream_rest(FILE *f, size_t most, robots_line_count *count) {
    char *chunk = malloc(CLI_COUNT_CHUNK_BYTES);
    size_t total = 0;
    int ok = chunk != NULL;
    while (ok) {
        size_t n = fread(chunk, 1, CLI_COUNT_CHUNK_BYTES, f);
        if (n == 0) {
            ok = !ferror(f);
            break;
        }
        total += n;
        /* A file that grew since its size was read is not counted. */
        ok = total <= most &&
             robots_line_count_feed(count, chunk, n) == ROBOTS_OK;
    }
    free(chunk);
    return ok;
}

void cli_count_cut(const robots_txt *doc, FILE *f, const char *read,
                   size_t read_len, size_t rest, robots_cut_info *cut) {
    if (robots_txt_cut(doc, cut) != ROBOTS_OK) {
        memset(cut, 0, sizeof *cut); /* (a document always has its cut) */
        return;
    }
    if (f == NULL || rest == ROBOTS_NOT_COUNTED ||
        rest > CLI_COUNT_REST_MAX_BYTES || !cut->truncated ||
        cut->lines_not_read != ROBOTS_NOT_COUNTED || cut->offset > read_len)
        return;
    robots_line_count count;
    size_t lines, bytes;
    robots_line_count_init(&count);
    /* The bytes read past the cut, then the rest of the file. */
    if (robots_line_count_feed(&count, read + cut->offset,
                               read_len - cut->offset) != ROBOTS_OK ||
        !stream_rest(f, rest, &count) ||
        robots_line_count_result(&count, &lines, &bytes) != ROBOTS_OK ||
        lines == ROBOTS_NOT_COUNTED)
        return;
    cut->lines_not_read = lines;
    cut->bytes_not_read = bytes;
}

const char *cli_cut_message(char *buf, size_t cap, const robots_cut_info *cut) {
    size_t len;
    /* The library's words with the counts made here; a cut that did not
     * truncate (never asked for) is no message. */
    if (robots_cut_message(cut, buf, cap, &len) != ROBOTS_OK && cap > 0)
        buf[0] = '\0';
    return buf;
}

robots_status cli_diagnostic(const robots_txt *doc, const robots_cut_info *cut,
                             size_t index, robots_diagnostic_info *out,
                             char words[CLI_CUT_MESSAGE_BYTES]) {
    robots_cut_info own;
    robots_status status = robots_diagnostic(doc, index, out);
    /* worded here only where the library could not count the lines (a
     * prefix) and the command did */
    if (status == ROBOTS_OK && out->kind == ROBOTS_DIAG_PAST_PARSE_LIMIT &&
        robots_txt_cut(doc, &own) == ROBOTS_OK &&
        own.lines_not_read == ROBOTS_NOT_COUNTED &&
        cut->lines_not_read != ROBOTS_NOT_COUNTED) {
        out->message = cli_cut_message(words, CLI_CUT_MESSAGE_BYTES, cut);
        out->message_len = strlen(words);
    }
    return status;
}
