/* SPDX-License-Identifier: MIT */
/*
 * json_out.c - the JSON writer of the `robots` command (json_out.h): where
 * the commas go, and the nesting; the bytes through a cli_writer, the
 * strings through cli_put_json_string().
 */
#include "json_out.h"

#include <math.h>

void json_out_init(json_out *j, FILE *file) {
    memset(j, 0, sizeof *j);
    cli_writer_init(&j->own, file, NULL, 0);
    j->w = &j->own;
}

void json_out_init_writer(json_out *j, cli_writer *w) {
    memset(j, 0, sizeof *j);
    j->w = w;
}

/* What goes before any value or key: a comma after the level's first.
 * Returns 0 inside a refused level, where nothing is written. */
static int before_value(json_out *j) {
    if (j->refused > 0)
        return 0;
    if (j->after_key) {
        j->after_key = 0;
        return 1;
    }
    if (j->depth > 0 && j->has_item[j->depth - 1])
        cli_put_char(j->w, ',');
    if (j->depth > 0)
        j->has_item[j->depth - 1] = 1;
    return 1;
}

static void open_level(json_out *j, char opener, char closer) {
    if (j->refused > 0 || j->depth == JSON_OUT_MAX_DEPTH) {
        /* json_out.h: null in its place, its content dropped. */
        if (j->refused == 0 && before_value(j))
            cli_put_str(j->w, "null");
        j->refused++;
        j->failed = 1;
        return;
    }
    before_value(j);
    cli_put_char(j->w, opener);
    j->closer[j->depth] = closer;
    j->has_item[j->depth] = 0;
    j->depth++;
}

void json_out_object(json_out *j) {
    open_level(j, '{', '}');
}

void json_out_array(json_out *j) {
    open_level(j, '[', ']');
}

void json_out_end(json_out *j) {
    if (j->refused > 0) {
        j->refused--;
        return;
    }
    if (j->depth == 0)
        return;
    j->depth--;
    cli_put_char(j->w, j->closer[j->depth]);
}

void json_out_finish(json_out *j) {
    j->refused = 0;
    while (j->depth > 0)
        json_out_end(j);
}

int json_out_failed(const json_out *j) {
    return j->failed;
}

void json_out_key(json_out *j, const char *key) {
    if (!before_value(j))
        return;
    cli_put_json_string(j->w, key, strlen(key));
    cli_put_char(j->w, ':');
    j->after_key = 1;
}

void json_out_string(json_out *j, const char *s, size_t len) {
    if (before_value(j))
        cli_put_json_string(j->w, s, len);
}

void json_out_cstring(json_out *j, const char *s) {
    if (s == NULL)
        json_out_null(j);
    else
        json_out_string(j, s, strlen(s));
}

void json_out_size(json_out *j, size_t value) {
    if (before_value(j))
        cli_put_size(j->w, value);
}

void json_out_int(json_out *j, long long value) {
    char text[32];
    int n = snprintf(text, sizeof text, "%lld", value);
    if (before_value(j))
        cli_put(j->w, text, (size_t)n);
}

void json_out_double(json_out *j, double value) {
    if (!isfinite(value)) {
        /* json_out.h: JSON has no NaN or infinity. */
        j->failed = 1;
        json_out_null(j);
        return;
    }
    char text[40];
    int n = snprintf(text, sizeof text, "%.17g", value);
    if (before_value(j))
        cli_put(j->w, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : 0);
}

void json_out_bool(json_out *j, int value) {
    if (before_value(j))
        cli_put_str(j->w, value ? "true" : "false");
}

void json_out_null(json_out *j) {
    if (before_value(j))
        cli_put_str(j->w, "null");
}

void json_out_field_string(json_out *j, const char *key, const char *s,
                           size_t len) {
    json_out_key(j, key);
    json_out_string(j, s, len);
}

void json_out_field_cstring(json_out *j, const char *key, const char *s) {
    json_out_key(j, key);
    json_out_cstring(j, s);
}

void json_out_field_size(json_out *j, const char *key, size_t value) {
    json_out_key(j, key);
    json_out_size(j, value);
}

void json_out_field_bool(json_out *j, const char *key, int value) {
    json_out_key(j, key);
    json_out_bool(j, value);
}

/* A count, or null when the library could not make it. */
static void field_count(json_out *j, const char *key, size_t count) {
    json_out_key(j, key);
    if (count == ROBOTS_NOT_COUNTED)
        json_out_null(j);
    else
        json_out_size(j, count);
}

void json_out_cut(json_out *j, const robots_cut_info *cut) {
    if (!cut->truncated) {
        json_out_null(j);
        return;
    }
    json_out_object(j);
    json_out_field_size(j, "limit", cut->limit);
    json_out_field_size(j, "offset", cut->offset);
    json_out_field_size(j, "line", cut->line);
    field_count(j, "lines_not_read", cut->lines_not_read);
    field_count(j, "bytes_not_read", cut->bytes_not_read);
    json_out_end(j);
}

void json_out_url_error(cli_writer *w, const char *url, size_t len,
                        robots_status status) {
    json_out j;
    json_out_init_writer(&j, w);
    json_out_object(&j);
    json_out_field_string(&j, "url", url, len);
    json_out_field_cstring(&j, "error", robots_status_name(status));
    json_out_end(&j);
    cli_put_char(w, '\n');
}
