/* SPDX-License-Identifier: MIT */
/*
 * url_lines.h - what `robots check` and `robots usage` share to ask about
 * many URLs: the crawler's names (--agent, repeatable) and the URLs read
 * from stdin, one per line, when none is given as an argument.
 */
#ifndef ROBOTS_CLI_URL_LINES_H
#define ROBOTS_CLI_URL_LINES_H

#include "cli.h"

/* "--agent NAME" at argv[*i] (cli_option_value()), appended to
 * agents[*count]: at most ROBOTS_MAX_QUERY_AGENTS names, each at most
 * ROBOTS_MAX_AGENT_BYTES. Returns 1 when it was one, 0 for another word,
 * -1 after printing an error. */
int cli_agent_option(int argc, char **argv, int *i, robots_str *agents,
                     size_t *count);

/* What to do with the lines of stdin: `line` gets each non-empty line
 * without its LF or CRLF and its 1-based number; `too_long` the number of
 * a line longer than CLI_URL_LINE_BYTES, which is dropped (no URL the
 * library accepts is that long). */
typedef struct cli_url_lines {
    void (*line)(void *ctx, const char *s, size_t len, size_t line_no);
    void (*too_long)(void *ctx, size_t line_no);
    void *ctx;
} cli_url_lines;

/* The buffer stdin is read in (one block a read, no per-line system
 * call, so that millions of URLs run at the library's speed). */
#define CLI_URL_LINE_BYTES ((size_t)1 << 20)

/* Reads stdin to its end, line by line. 0, or EXIT_USAGE after printing
 * an error (a read error, or no memory for the buffer). */
int cli_each_url_line(const cli_url_lines *on);

#endif
