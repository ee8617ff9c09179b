/* SPDX-License-Identifier: MIT */
/*
 * site.h - what `robots lint`, `robots test` and `robots diff` (the
 * commands for site owners) share: loading a robots.txt, describing a
 * verdict in words, JSON and XML, and reading list files.
 */
#ifndef ROBOTS_CLI_SITE_H
#define ROBOTS_CLI_SITE_H

#include "cli.h"
#include "json_out.h"

/* Most bytes of an expectations or URL list file. */
#define SITE_MAX_LIST_BYTES ((size_t)64 << 20)

/* Reads `path` (as far as the parse limit needs: cli_load_robots()) and
 * parses it. When `keep` is not NULL the bytes read are handed to the
 * caller (free with cli_buffer_free), else released; when `cut` is not
 * NULL, *cut is where the parse limit cut it (cli_load_robots()). On
 * failure prints one line on stderr and returns 0. */
int site_load(const char *path, const robots_options *options, robots_txt **doc,
              cli_buffer *keep, robots_cut_info *cut);

/* (util.c) The length of the character at s (len > 0) when it may be
 * written to a terminal as is: valid UTF-8 that is not a C0 or C1 control,
 * DEL or a bidirectional override; 0 when it must be escaped or replaced.
 * cli_print_escaped() writes \xHH for each byte of those. */
size_t cli_safe_char(const char *s, size_t len);

/* Copies (s, len) into buf (cap > 4) as one line of text: each byte that
 * cli_safe_char() rejects becomes '?', and a text too long for buf is cut
 * (never inside a UTF-8 sequence) and ends with "...". Returns buf. */
char *site_quote(char *buf, size_t cap, const char *s, size_t len);

/* What decided a verdict, into buf: "line 4: Disallow: /x", "no rule
 * matched", "no group applies", "/robots.txt is always allowed". */
char *site_describe(char *buf, size_t cap, const robots_verdict *v);

/* {"allowed":...,"reason":...,"rule":{...}|null,"truncated":BOOL}, the
 * next value of j. */
void site_json_verdict(json_out *j, const robots_verdict *v);

/* Text for XML 1.0 character data and attribute values: markup escaped,
 * bytes outside printable ASCII written as %XX so that the document is
 * always well-formed whatever the input bytes. */
void site_xml_text(FILE *out, const char *s, size_t len);

/* A line of a list file: its bytes without the end of line. Iterates
 * LF, CRLF and CR line ends; returns 0 at the end. */
typedef struct site_lines {
    const char *data;
    size_t len;
    size_t pos;
    size_t line_no;
} site_lines;

void site_lines_init(site_lines *it, const char *data, size_t len);
int site_lines_next(site_lines *it, const char **line, size_t *len);

/* Splits `s` at spaces and tabs: up to `max` fields, a field starting with
 * '#' starts a comment. Returns the number of fields, or max + 1 when
 * there are more. */
size_t site_fields(const char *s, size_t len, robots_str *fields, size_t max);

#endif
