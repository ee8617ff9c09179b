/* SPDX-License-Identifier: MIT */
/*
 * json_out.c - the JSON writer of the `robots` command (json_out.h): where
 * the commas go, and the nesting; the strings through cli_json_string().
 */
#include "json_out.h"

void json_out_init(json_out *j, FILE *file) {
    memset(j, 0, sizeof *j);
    j->file = file;
}

/* What goes before any value or key: a comma after the level's first. */
static void before_value(json_out *j) {
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->has_item[j->depth - 1])
        putc(',', j->file);
    if (j->depth > 0)
        j->has_item[j->depth - 1] = 1;
}

static void open_level(json_out *j, char opener, char closer) {
    before_value(j);
    putc(opener, j->file);
    /* Deeper than any output of the command nests: still written, the
     * commas of the deepest level shared (never reached). */
    if (j->depth < JSON_OUT_MAX_DEPTH) {
        j->closer[j->depth] = closer;
        j->has_item[j->depth] = 0;
        j->depth++;
    }
}

void json_out_object(json_out *j) {
    open_level(j, '{', '}');
}

void json_out_array(json_out *j) {
    open_level(j, '[', ']');
}

void json_out_end(json_out *j) {
    if (j->depth == 0)
        return;
    j->depth--;
    putc(j->closer[j->depth], j->file);
}

void json_out_finish(json_out *j) {
    while (j->depth > 0)
        json_out_end(j);
}

void json_out_key(json_out *j, const char *key) {
    before_value(j);
    cli_json_string(j->file, key, strlen(key));
    putc(':', j->file);
    j->after_key = 1;
}

void json_out_string(json_out *j, const char *s, size_t len) {
    before_value(j);
    cli_json_string(j->file, s, len);
}

void json_out_cstring(json_out *j, const char *s) {
    if (s == NULL)
        json_out_null(j);
    else
        json_out_string(j, s, strlen(s));
}

void json_out_size(json_out *j, size_t value) {
    before_value(j);
    fprintf(j->file, "%zu", value);
}

void json_out_int(json_out *j, long long value) {
    before_value(j);
    fprintf(j->file, "%lld", value);
}

void json_out_double(json_out *j, double value) {
    before_value(j);
    fprintf(j->file, "%.17g", value);
}

void json_out_bool(json_out *j, int value) {
    before_value(j);
    fputs(value ? "true" : "false", j->file);
}

void json_out_null(json_out *j) {
    before_value(j);
    fputs("null", j->file);
}

void json_out_external(json_out *j) {
    before_value(j);
}
