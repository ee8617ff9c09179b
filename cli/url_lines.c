/* SPDX-License-Identifier: MIT */
/*
 * url_lines.c - the crawler's names and stdin's URLs of `robots check`
 * and `robots usage` (url_lines.h): one option, one line reader, so the
 * two commands take their input the same way.
 */
#include "url_lines.h"

#include <stdlib.h>
#include <string.h>

int cli_agent_option(int argc, char **argv, int *i, robots_str *agents,
                     size_t *count) {
    const char *value = NULL;
    int r = cli_option_value(argc, argv, i, "--agent", &value);
    if (r <= 0)
        return r;
    if (*count == ROBOTS_MAX_QUERY_AGENTS) {
        cli_error("at most %zu --agent names", (size_t)ROBOTS_MAX_QUERY_AGENTS);
        return -1;
    }
    if (strlen(value) > ROBOTS_MAX_AGENT_BYTES) {
        cli_error("--agent: longer than %zu bytes",
                  (size_t)ROBOTS_MAX_AGENT_BYTES);
        return -1;
    }
    agents[*count].ptr = value;
    agents[*count].len = strlen(value);
    (*count)++;
    return 1;
}

/* The line s[0, len) without its CR, to `on` when it is not empty. */
static void one_line(const cli_url_lines *on, const char *s, size_t len,
                     size_t line_no) {
    if (len > 0 && s[len - 1] == '\r')
        len--;
    if (len > 0)
        on->line(on->ctx, s, len, line_no);
}

int cli_each_url_line(const cli_url_lines *on) {
    size_t cap = CLI_URL_LINE_BYTES;
    char *buf = malloc(cap);
    if (buf == NULL)
        return cli_error("out of memory");
    size_t have = 0, line_no = 0;
    int eof = 0, skipping = 0;
    while (!eof || have > 0) {
        if (!eof && have < cap) {
            size_t n = fread(buf + have, 1, cap - have, stdin);
            have += n;
            if (n == 0) {
                if (ferror(stdin)) {
                    free(buf);
                    return cli_error("stdin: read error");
                }
                eof = 1;
            }
        }
        size_t start = 0;
        for (;;) {
            char *nl = memchr(buf + start, '\n', have - start);
            if (nl == NULL)
                break;
            size_t len = (size_t)(nl - (buf + start));
            line_no++;
            if (!skipping)
                one_line(on, buf + start, len, line_no);
            skipping = 0;
            start += len + 1;
        }
        memmove(buf, buf + start, have - start);
        have -= start;
        if (have == cap) {
            /* A line longer than the buffer is longer than any URL the
             * library accepts: reported once, the rest of it dropped. */
            if (!skipping)
                on->too_long(on->ctx, line_no + 1);
            have = 0;
            skipping = 1;
        } else if (eof && have > 0) {
            line_no++;
            if (!skipping)
                one_line(on, buf, have, line_no);
            have = 0;
        }
    }
    free(buf);
    return 0;
}
