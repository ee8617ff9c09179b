/* SPDX-License-Identifier: MIT */
/*
 * usage_answer.c - a usage case's answer (usage_answer.h): from the
 * library, to and from the batch protocol's text, from a case's
 * expectation, and the comparison.
 */
#define _POSIX_C_SOURCE 200809L

#include "usage_answer.h"

#include <stdio.h>
#include <string.h>

void usage_answer_from_result(const robots_usage_result *r, usage_answer *out) {
    size_t n = r->line_count < USAGE_ANSWER_MAX_LINES ? r->line_count
                                                      : USAGE_ANSWER_MAX_LINES;
    memset(out, 0, sizeof *out);
    out->crawlable = r->crawlable;
    if (r->crawlable)
        memcpy(out->labels, r->values, sizeof out->labels);
    memcpy(out->lines, r->lines, n * sizeof *out->lines);
    out->line_count = n;
    out->signal_state = r->has_signal ? USAGE_SIGNAL_SOME : USAGE_SIGNAL_NONE;
    memcpy(out->signal, r->signal, sizeof out->signal);
    out->file_signal_state =
        r->has_file_signal ? USAGE_SIGNAL_SOME : USAGE_SIGNAL_NONE;
    memcpy(out->file_signal, r->file_signal, sizeof out->file_signal);
}

/* Appends to out (cap bytes, always terminated). */
static void add(char *out, size_t cap, const char *s) {
    size_t n = strlen(out);
    if (n + 1 < cap)
        snprintf(out + n, cap - n, "%s", s);
}

static const char *signal_at(size_t i) {
    return robots_signal_name((robots_signal)i);
}

static void add_values(char *out, size_t cap, const robots_usage_value *v,
                       size_t count, const char *(*name)(size_t)) {
    for (size_t i = 0; i < count; i++) {
        add(out, cap, i ? "," : "");
        add(out, cap, name(i));
        add(out, cap, ":");
        add(out, cap, robots_usage_value_name(v[i]));
    }
}

static void add_signal(char *out, size_t cap, const char *key,
                       usage_signal_state state,
                       const robots_usage_value *values) {
    if (state == USAGE_SIGNAL_NOT_SAID)
        return;
    add(out, cap, key);
    if (state == USAGE_SIGNAL_NONE)
        add(out, cap, "-");
    else
        add_values(out, cap, values, ROBOTS_SIGNAL_LAST + 1, signal_at);
}

void usage_answer_format(const usage_answer *a, char *out, size_t cap) {
    char number[32];
    out[0] = '\0';
    add(out, cap,
        a->crawlable ? "crawlable=yes labels=" : "crawlable=no labels=");
    if (a->crawlable)
        add_values(out, cap, a->labels, robots_usage_label_count(),
                   robots_usage_label);
    else
        add(out, cap, "-");
    add(out, cap, " lines=");
    if (a->line_count == 0)
        add(out, cap, "-");
    for (size_t i = 0; i < a->line_count; i++) {
        snprintf(number, sizeof number, "%s%zu", i ? "," : "", a->lines[i]);
        add(out, cap, number);
    }
    add_signal(out, cap, " signal=", a->signal_state, a->signal);
    add_signal(out, cap, " file-signal=", a->file_signal_state, a->file_signal);
}

/* "allowed", "disallowed", "unknown" of (s, n); -1 when none. */
static int value_of(const char *s, size_t n) {
    for (int v = 0; v <= ROBOTS_USAGE_VALUE_LAST; v++) {
        const char *name = robots_usage_value_name((robots_usage_value)v);
        if (strlen(name) == n && memcmp(s, name, n) == 0)
            return v;
    }
    return -1;
}

/* The index of (s, n) among count names, or -1. */
static int index_of(const char *s, size_t n, size_t count,
                    const char *(*name)(size_t)) {
    for (size_t i = 0; i < count; i++)
        if (strlen(name(i)) == n && memcmp(s, name(i), n) == 0)
            return (int)i;
    return -1;
}

/* "name:value,name:value" of (s, n) into values (unnamed stay unknown). */
static int read_values(const char *s, size_t n, robots_usage_value *values,
                       size_t count, const char *(*name)(size_t)) {
    size_t i = 0;
    while (i < n) {
        size_t end = i, colon;
        int k, v;
        while (end < n && s[end] != ',')
            end++;
        colon = i;
        while (colon < end && s[colon] != ':')
            colon++;
        if (colon == end)
            return -1;
        k = index_of(s + i, colon - i, count, name);
        v = value_of(s + colon + 1, end - colon - 1);
        if (k < 0 || v < 0)
            return -1;
        values[k] = (robots_usage_value)v;
        i = end + (end < n);
    }
    return 0;
}

static int read_lines(const char *s, size_t n, usage_answer *out) {
    size_t i = 0;
    if (n == 1 && s[0] == '-')
        return 0;
    while (i < n) {
        size_t v = 0, start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9' && v < 100000000)
            v = v * 10 + (size_t)(s[i++] - '0');
        if (i == start || v == 0 || (i < n && s[i] != ',') ||
            out->line_count == USAGE_ANSWER_MAX_LINES)
            return -1;
        out->lines[out->line_count++] = v;
        i += i < n;
    }
    return 0;
}

static int read_signal(const char *s, size_t n, usage_signal_state *state,
                       robots_usage_value *values) {
    if (n == 1 && s[0] == '-') {
        *state = USAGE_SIGNAL_NONE;
        return 0;
    }
    *state = USAGE_SIGNAL_SOME;
    return read_values(s, n, values, ROBOTS_SIGNAL_LAST + 1, signal_at);
}

/* One "key=value" field of an answer; -1 when it is not one. */
static int read_field(const char *key, size_t klen, const char *v, size_t n,
                      usage_answer *out, int *seen) {
    if (klen == 9 && memcmp(key, "crawlable", 9) == 0) {
        *seen |= 1;
        out->crawlable = n == 3 && memcmp(v, "yes", 3) == 0;
        return out->crawlable || (n == 2 && memcmp(v, "no", 2) == 0) ? 0 : -1;
    }
    if (klen == 6 && memcmp(key, "labels", 6) == 0) {
        *seen |= 2;
        return n == 1 && v[0] == '-'
                   ? 0
                   : read_values(v, n, out->labels, robots_usage_label_count(),
                                 robots_usage_label);
    }
    if (klen == 5 && memcmp(key, "lines", 5) == 0) {
        *seen |= 4;
        return read_lines(v, n, out);
    }
    if (klen == 6 && memcmp(key, "signal", 6) == 0)
        return read_signal(v, n, &out->signal_state, out->signal);
    if (klen == 11 && memcmp(key, "file-signal", 11) == 0)
        return read_signal(v, n, &out->file_signal_state, out->file_signal);
    return 0; /* a field of a later revision: not read */
}

int usage_answer_parse(const char *text, usage_answer *out, char *why,
                       size_t cap) {
    size_t i = 0, n = strlen(text);
    int seen = 0;
    memset(out, 0, sizeof *out);
    while (i < n) {
        size_t end = i, eq;
        while (end < n && text[end] != ' ')
            end++;
        eq = i;
        while (eq < end && text[eq] != '=')
            eq++;
        if (eq == end || read_field(text + i, eq - i, text + eq + 1,
                                    end - eq - 1, out, &seen) != 0) {
            snprintf(why, cap,
                     "protocol: the usage answer's field '%.*s' is "
                     "not KEY=VALUE as README.md says",
                     (int)(end - i > 80 ? 80 : end - i), text + i);
            return -1;
        }
        i = end + (end < n);
    }
    if (seen != 7) {
        snprintf(why, cap,
                 "protocol: a usage answer has crawlable=, labels= "
                 "and lines=");
        return -1;
    }
    return 0;
}

static int expected_signal(const cJSON *want, usage_signal_state *state,
                           robots_usage_value *values, char *err, size_t cap) {
    if (want == NULL)
        return 0;
    if (cJSON_IsNull(want)) {
        *state = USAGE_SIGNAL_NONE;
        return 0;
    }
    *state = USAGE_SIGNAL_SOME;
    for (size_t s = 0; s <= ROBOTS_SIGNAL_LAST; s++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(want, signal_at(s));
        int value = cJSON_IsString(v)
                        ? value_of(v->valuestring, strlen(v->valuestring))
                        : -1;
        if (value < 0) {
            snprintf(err, cap, "a content_signal names each signal's value");
            return -1;
        }
        values[s] = (robots_usage_value)value;
    }
    return 0;
}

int usage_answer_expected(const cJSON *expect, usage_answer *out, char *err,
                          size_t cap) {
    const cJSON *crawlable =
        cJSON_GetObjectItemCaseSensitive(expect, "crawlable");
    const cJSON *labels = cJSON_GetObjectItemCaseSensitive(expect, "labels");
    const cJSON *lines = cJSON_GetObjectItemCaseSensitive(expect, "lines");
    const cJSON *item;
    memset(out, 0, sizeof *out);
    if (!cJSON_IsBool(crawlable) || !cJSON_IsArray(lines) ||
        cJSON_IsNull(labels) == cJSON_IsTrue(crawlable)) {
        snprintf(err, cap,
                 "expect needs crawlable, lines, and labels (null "
                 "exactly when not crawlable)");
        return -1;
    }
    out->crawlable = cJSON_IsTrue(crawlable);
    for (size_t i = 0; out->crawlable && i < robots_usage_label_count(); i++) {
        const cJSON *v =
            cJSON_GetObjectItemCaseSensitive(labels, robots_usage_label(i));
        int value = cJSON_IsString(v)
                        ? value_of(v->valuestring, strlen(v->valuestring))
                        : -1;
        if (value < 0 ||
            (size_t)cJSON_GetArraySize(labels) != robots_usage_label_count()) {
            snprintf(err, cap, "expect.labels names each label once");
            return -1;
        }
        out->labels[i] = (robots_usage_value)value;
    }
    cJSON_ArrayForEach(item, lines) {
        if (!cJSON_IsNumber(item) || item->valuedouble < 1 ||
            out->line_count == USAGE_ANSWER_MAX_LINES) {
            snprintf(err, cap, "expect.lines: up to %d line numbers",
                     USAGE_ANSWER_MAX_LINES);
            return -1;
        }
        out->lines[out->line_count++] = (size_t)item->valuedouble;
    }
    if (expected_signal(
            cJSON_GetObjectItemCaseSensitive(expect, "content_signal"),
            &out->signal_state, out->signal, err, cap) != 0)
        return -1;
    return expected_signal(
        cJSON_GetObjectItemCaseSensitive(expect, "file_content_signal"),
        &out->file_signal_state, out->file_signal, err, cap);
}

static int signal_matches(usage_signal_state want_state,
                          const robots_usage_value *want,
                          usage_signal_state got_state,
                          const robots_usage_value *got) {
    if (want_state == USAGE_SIGNAL_NOT_SAID)
        return 1;
    if (want_state != got_state)
        return 0;
    return want_state == USAGE_SIGNAL_NONE ||
           memcmp(want, got, (ROBOTS_SIGNAL_LAST + 1) * sizeof *want) == 0;
}

int usage_answer_matches(const usage_answer *want, const usage_answer *got) {
    if (want->crawlable != got->crawlable ||
        want->line_count != got->line_count ||
        memcmp(want->lines, got->lines, want->line_count * sizeof *want->lines))
        return 0;
    if (want->crawlable &&
        memcmp(want->labels, got->labels,
               robots_usage_label_count() * sizeof *want->labels) != 0)
        return 0;
    return signal_matches(want->signal_state, want->signal, got->signal_state,
                          got->signal) &&
           signal_matches(want->file_signal_state, want->file_signal,
                          got->file_signal_state, got->file_signal);
}
