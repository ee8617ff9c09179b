/* SPDX-License-Identifier: MIT */
/*
 * json_out.h - the one JSON writer of the `robots` command: objects,
 * arrays, keys and values written in order to a FILE, the commas placed
 * by the writer. Strings are escaped by cli_json_string() (RFC 8259: '"',
 * '\\' and every control byte escaped, \n \r \t by name and the rest as
 * \u00XX; bytes that are not UTF-8 written as U+FFFD, so the output is
 * always valid JSON whatever the input).
 */
#ifndef ROBOTS_CLI_JSON_OUT_H
#define ROBOTS_CLI_JSON_OUT_H

#include "cli.h"

/* Objects and arrays open at once: the command's outputs nest 4 deep. */
#define JSON_OUT_MAX_DEPTH 16

typedef struct json_out {
    FILE *file;
    size_t depth;
    char closer[JSON_OUT_MAX_DEPTH];            /* '}' or ']' per level */
    unsigned char has_item[JSON_OUT_MAX_DEPTH]; /* a comma before the next */
    int after_key;                              /* a value completes a key */
} json_out;

void json_out_init(json_out *j, FILE *file);
/* '{' or '[' as the next value; json_out_end() closes the innermost. */
void json_out_object(json_out *j);
void json_out_array(json_out *j);
void json_out_end(json_out *j);
/* Closes every level still open (output cut short by an error). */
void json_out_finish(json_out *j);
/* "key": in the open object; the next call writes its value. */
void json_out_key(json_out *j, const char *key);
void json_out_string(json_out *j, const char *s, size_t len);
/* A NUL-terminated string; NULL writes null. */
void json_out_cstring(json_out *j, const char *s);
void json_out_size(json_out *j, size_t value);
void json_out_int(json_out *j, long long value);
/* A number as C's %.17g writes it (a finite double: read back exactly). */
void json_out_double(json_out *j, double value);
void json_out_bool(json_out *j, int value);
void json_out_null(json_out *j);
/* The next value is written by the caller itself (cli_put_cut_json(),
 * through a cli_writer), straight after this call: the writer places its
 * comma. */
void json_out_external(json_out *j);

#endif
