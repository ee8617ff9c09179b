/* SPDX-License-Identifier: MIT */
/*
 * json_out.h - the one JSON writer of the `robots` command: objects,
 * arrays, keys and values written in order, the commas placed by the
 * writer, through a cli_writer (a caller's buffer, as check's batch mode
 * uses, or straight to a FILE). Strings are escaped by
 * cli_put_json_string() (RFC 8259: '"', '\\' and every control byte
 * escaped, \n \r \t by name and the rest as \u00XX; bytes that are not
 * UTF-8 written as U+FFFD, so the output is always valid JSON whatever the
 * input).
 */
#ifndef ROBOTS_CLI_JSON_OUT_H
#define ROBOTS_CLI_JSON_OUT_H

#include "cli.h"

/* Objects and arrays open at once: the command's outputs nest 6 deep.
 * A level past it is refused, not written: the writer puts null where it
 * would open, drops everything inside it up to its json_out_end(), and
 * remembers the refusal (json_out_failed()), so that the output stays
 * valid JSON and the levels it tracks stay right. The nesting is the
 * command's code, not its input's: a refusal is a bug of the command. */
#define JSON_OUT_MAX_DEPTH 16

typedef struct json_out {
    cli_writer *w;
    cli_writer own; /* json_out_init()'s: unbuffered, to its FILE */
    size_t depth;
    size_t refused; /* levels open past JSON_OUT_MAX_DEPTH, not written */
    int failed;     /* a level or a value was refused */
    char closer[JSON_OUT_MAX_DEPTH];            /* '}' or ']' per level */
    unsigned char has_item[JSON_OUT_MAX_DEPTH]; /* a comma before the next */
    int after_key;                              /* a value completes a key */
} json_out;

/* Straight to `file` (stdio buffers it): nothing to flush. */
void json_out_init(json_out *j, FILE *file);
/* Through the caller's writer, which the caller flushes. */
void json_out_init_writer(json_out *j, cli_writer *w);

/* '{' or '[' as the next value; json_out_end() closes the innermost. */
void json_out_object(json_out *j);
void json_out_array(json_out *j);
void json_out_end(json_out *j);
/* Closes every level still open (output cut short by an error). */
void json_out_finish(json_out *j);
/* 1 when something was refused (a level past JSON_OUT_MAX_DEPTH, a double
 * that is not finite) and written as null instead. */
int json_out_failed(const json_out *j);
/* "key": in the open object; the next call writes its value. */
void json_out_key(json_out *j, const char *key);

void json_out_string(json_out *j, const char *s, size_t len);
/* A NUL-terminated string; NULL writes null. */
void json_out_cstring(json_out *j, const char *s);
void json_out_size(json_out *j, size_t value);
void json_out_int(json_out *j, long long value);
/* A number as C's %.17g writes it (a finite double: read back exactly).
 * JSON has no NaN or infinity (RFC 8259, section 6): either is written as
 * null, and json_out_failed() says so. */
void json_out_double(json_out *j, double value);
void json_out_bool(json_out *j, int value);
void json_out_null(json_out *j);

/* "key":value in the open object, for the values written most. */
void json_out_field_string(json_out *j, const char *key, const char *s,
                           size_t len);
void json_out_field_cstring(json_out *j, const char *key, const char *s);
void json_out_field_size(json_out *j, const char *key, size_t value);
void json_out_field_bool(json_out *j, const char *key, int value);

/* Where the parse limit cut a document (cli.h, cli_cut_unread()):
 * {"limit":..,"offset":..,"line":..,"lines_not_read":..,"bytes_not_read":..}
 * (a count not made is null) when it was cut, null otherwise. */
void json_out_cut(json_out *j, const robots_cut_info *cut);

/* The line --json writes for a URL the library refused, {"url":..,
 * "error": the status's name} and its LF, to w: one shape in check and
 * usage. */
void json_out_url_error(cli_writer *w, const char *url, size_t len,
                        robots_status status);

#endif
