/* SPDX-License-Identifier: MIT */
/*
 * aipref_runner.c - robots-aipref-conformance: runs the cases of
 * conformance/cases-aipref/ (format: conformance/README.md, "Usage
 * preferences") that the usage-preference core answers today: the kinds
 * usage_statement, usage_header, usage_combine, usage_rule and
 * content_signal, through the library's internal functions
 * (lib/src/aipref/), and kind usage, in every profile its expectation
 * names, through the public API an implementer would use
 * (robots_usage.h: robots_usage(), robots_usage_combine_field()).
 *
 *   robots-aipref-conformance [DIR]     default: the source tree's folder
 *
 * Last line: "N passed, N failed, N skipped"; exit 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L /* strdup, scandir */

#include "robots_usage.h"
#include "usage_internal.h"

#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef AIPREF_CASES_DIR
#define AIPREF_CASES_DIR "conformance/cases-aipref"
#endif

static int passed, failed, skipped;

/* A case that failed: its id and why, counted once. */
static void fail(const char *id, const char *fmt, const char *detail) {
    fprintf(stderr, "FAIL %s: ", id);
    fprintf(stderr, fmt, detail);
    fputc('\n', stderr);
    failed++;
}

static const cJSON *member(const cJSON *obj, const char *name) {
    return cJSON_GetObjectItemCaseSensitive(obj, name);
}

/* A text given as a string or as a generator (strings and {"repeat",
 * "times"}); heap, NUL-terminated; NULL when malformed. */
static char *text_of(const cJSON *input, const char *name, size_t *len) {
    char gen_name[64];
    const cJSON *it = member(input, name);
    const cJSON *part;
    char *out;
    size_t n = 0;
    if (cJSON_IsString(it)) {
        *len = strlen(it->valuestring);
        return strdup(it->valuestring);
    }
    snprintf(gen_name, sizeof gen_name, "%s_gen", name);
    it = member(input, gen_name);
    if (!cJSON_IsArray(it))
        return NULL;
    cJSON_ArrayForEach(part, it) {
        const cJSON *rep = member(part, "repeat");
        const cJSON *times = member(part, "times");
        if (cJSON_IsString(part))
            n += strlen(part->valuestring);
        else if (cJSON_IsString(rep) && cJSON_IsNumber(times))
            n += strlen(rep->valuestring) * (size_t)times->valueint;
        else
            return NULL;
    }
    out = malloc(n + 1);
    if (out == NULL)
        abort();
    *len = 0;
    cJSON_ArrayForEach(part, it) {
        const cJSON *rep = member(part, "repeat");
        int times = cJSON_IsString(part) ? 1 : member(part, "times")->valueint;
        const char *s =
            cJSON_IsString(part) ? part->valuestring : rep->valuestring;
        for (int k = 0; k < times; k++, *len += strlen(s))
            memcpy(out + *len, s, strlen(s));
    }
    out[*len] = '\0';
    return out;
}

/* expect.labels: an object naming every current label with its value. */
static int labels_match(const char *id, const cJSON *want,
                        const rb_usage_value *values) {
    size_t count = rb_usage_current_label_count();
    if (!cJSON_IsObject(want) || (size_t)cJSON_GetArraySize(want) != count) {
        fail(id, "%s", "expect.labels must name each current label once");
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        const char *label = rb_usage_label_at(i)->label;
        const cJSON *v = member(want, label);
        const char *got = rb_usage_value_name(values[i]);
        if (!cJSON_IsString(v)) {
            fail(id, "expect.labels has no value for %s", label);
            return 0;
        }
        if (strcmp(v->valuestring, got) != 0) {
            char msg[256];
            snprintf(msg, sizeof msg, "%s is %s, expected %s", label, got,
                     v->valuestring);
            fail(id, "%s", msg);
            return 0;
        }
    }
    return 1;
}

/* expect.malformed, when present: null, or the RFC 9651 error's name. */
static int malformed_matches(const char *id, const cJSON *expect,
                             rb_sf_error error) {
    const cJSON *want = member(expect, "malformed");
    const char *got = error == RB_SF_OK ? NULL : rb_sf_error_name(error);
    if (want == NULL || (cJSON_IsNull(want) && got == NULL) ||
        (cJSON_IsString(want) && got != NULL &&
         strcmp(want->valuestring, got) == 0))
        return 1;
    fail(id, "malformed: got %s", got == NULL ? "null (parsed)" : got);
    return 0;
}

static int unknown_labels_match(const char *id, const cJSON *expect,
                                const rb_usage_statement *statement) {
    const cJSON *want = member(expect, "unknown_labels");
    const cJSON *item;
    size_t cursor = 0, len;
    const char *label;
    int status;
    if (want == NULL)
        return 1;
    cJSON_ArrayForEach(item, want) {
        if (!rb_usage_next_unknown_label(statement, &cursor, &label, &len,
                                         &status) ||
            !cJSON_IsString(item) || strlen(item->valuestring) != len ||
            memcmp(item->valuestring, label, len) != 0) {
            fail(id, "unknown labels differ at %s",
                 cJSON_IsString(item) ? item->valuestring : "?");
            return 0;
        }
    }
    if (rb_usage_next_unknown_label(statement, &cursor, &label, &len,
                                    &status)) {
        fail(id, "%s", "more unknown labels than expected");
        return 0;
    }
    return 1;
}

static void count(int ok) {
    passed += ok;
}

static void run_statement(const char *id, const cJSON *input,
                          const cJSON *expect) {
    size_t len;
    char *text = text_of(input, "statement", &len);
    rb_usage_statement statement;
    if (text == NULL) {
        fail(id, "%s", "input.statement (or statement_gen) is missing");
        return;
    }
    (void)rb_usage_statement_read(text, len, &statement);
    count(labels_match(id, member(expect, "labels"), statement.value) &&
          malformed_matches(id, expect, statement.error) &&
          unknown_labels_match(id, expect, &statement));
    free(text);
}

static void run_header(const char *id, const cJSON *input,
                       const cJSON *expect) {
    const cJSON *lines = member(input, "field_lines");
    const char *texts[64];
    size_t lens[64];
    size_t n = 0, needed = 0;
    const cJSON *line;
    char *joined;
    rb_usage_statement statement;
    cJSON_ArrayForEach(line, lines) {
        if (!cJSON_IsString(line) || n == 64) {
            fail(id, "%s", "input.field_lines: up to 64 strings");
            return;
        }
        texts[n] = line->valuestring;
        lens[n++] = strlen(line->valuestring);
    }
    (void)rb_sf_join_lines(texts, lens, n, NULL, 0, &needed);
    joined = malloc(needed + 1);
    if (joined == NULL)
        abort();
    (void)rb_sf_join_lines(texts, lens, n, joined, needed + 1, NULL);
    (void)rb_usage_statement_read(joined, needed, &statement);
    count(labels_match(id, member(expect, "labels"), statement.value) &&
          malformed_matches(id, expect, statement.error));
    free(joined);
}

static void run_combine(const char *id, const cJSON *input,
                        const cJSON *expect) {
    rb_usage_value values[RB_USAGE_MAX_LABELS] = {RB_USAGE_UNKNOWN};
    const cJSON *text;
    cJSON_ArrayForEach(text, member(input, "statements")) {
        rb_usage_statement statement;
        if (!cJSON_IsString(text)) {
            fail(id, "%s", "input.statements: strings");
            return;
        }
        (void)rb_usage_statement_read(text->valuestring,
                                      strlen(text->valuestring), &statement);
        rb_usage_combine_values(values, statement.value);
    }
    count(labels_match(id, member(expect, "labels"), values));
}

static void run_rule(const char *id, const cJSON *input, const cJSON *expect) {
    const cJSON *value = member(input, "value");
    const cJSON *path = member(expect, "path");
    const cJSON *want_statement = member(expect, "statement");
    rb_usage_rule_value rule;
    rb_usage_statement statement;
    if (!cJSON_IsString(value) || !cJSON_IsString(want_statement) ||
        (!cJSON_IsNull(path) && !cJSON_IsString(path))) {
        fail(id, "%s", "input.value, expect.path and expect.statement needed");
        return;
    }
    rb_usage_rule_split(value->valuestring, strlen(value->valuestring), &rule);
    if (cJSON_IsNull(path)
            ? rule.path != NULL
            : rule.path == NULL || strlen(path->valuestring) != rule.path_len ||
                  memcmp(path->valuestring, rule.path, rule.path_len) != 0) {
        fail(id, "%s", "the path differs");
        return;
    }
    if (strlen(want_statement->valuestring) != rule.statement_len ||
        memcmp(want_statement->valuestring, rule.statement,
               rule.statement_len) != 0) {
        fail(id, "%s", "the statement differs");
        return;
    }
    (void)rb_usage_statement_read(rule.statement, rule.statement_len,
                                  &statement);
    count(labels_match(id, member(expect, "labels"), statement.value) &&
          malformed_matches(id, expect, statement.error));
}

static void run_content_signal(const char *id, const cJSON *input,
                               const cJSON *expect) {
    const cJSON *value = member(input, "value");
    const cJSON *signals = member(expect, "signals");
    rb_content_signal signal;
    rb_usage_value mapped[RB_USAGE_MAX_LABELS];
    if (!cJSON_IsString(value) || !cJSON_IsObject(signals)) {
        fail(id, "%s", "input.value and expect.signals needed");
        return;
    }
    (void)rb_content_signal_read(value->valuestring, strlen(value->valuestring),
                                 &signal);
    for (int s = 0; s <= RB_SIGNAL_LAST; s++) {
        const cJSON *want = member(signals, rb_signal_name((rb_signal)s));
        if (!cJSON_IsString(want) ||
            strcmp(want->valuestring, rb_usage_value_name(signal.value[s])) !=
                0) {
            fail(id, "signal %s differs", rb_signal_name((rb_signal)s));
            return;
        }
    }
    rb_content_signal_to_usage(&signal, mapped);
    count(labels_match(id, member(expect, "labels"), mapped) &&
          malformed_matches(id, expect, signal.error));
}

/* expect.<profile>.content_signal / file_content_signal, when present:
 * null when the scope has none, else each signal's value. */
static int signals_match(const char *id, const cJSON *want, int has,
                         const robots_usage_value *values) {
    if (want == NULL)
        return 1;
    if (cJSON_IsNull(want) != !has) {
        fail(id, "%s",
             has ? "a signal where none was expected"
                 : "no signal where one was expected");
        return 0;
    }
    for (int s = 0; has && s <= ROBOTS_SIGNAL_LAST; s++) {
        const cJSON *v = member(want, robots_signal_name((robots_signal)s));
        if (!cJSON_IsString(v) ||
            strcmp(v->valuestring, robots_usage_value_name(values[s])) != 0) {
            fail(id, "signal %s differs", robots_signal_name((robots_signal)s));
            return 0;
        }
    }
    return 1;
}

static int lines_match(const char *id, const cJSON *want,
                       const robots_usage_result *got) {
    const cJSON *item;
    size_t i = 0;
    if ((size_t)cJSON_GetArraySize(want) != got->line_count) {
        char msg[64];
        snprintf(msg, sizeof msg, "%zu deciding lines", got->line_count);
        fail(id, "%s, expected otherwise", msg);
        return 0;
    }
    cJSON_ArrayForEach(item, want) {
        if (!cJSON_IsNumber(item) || i >= ROBOTS_USAGE_MAX_LINES ||
            (size_t)item->valuedouble != got->lines[i]) {
            fail(id, "%s", "the deciding lines differ");
            return 0;
        }
        i++;
    }
    return 1;
}

/* The field lines of input.content_usage_header, combined with the file's
 * answer (vocab-08 5.1) through the public API. */
static int combine_header(const char *id, const cJSON *input,
                          robots_usage_result *result) {
    const cJSON *lines = member(input, "content_usage_header");
    robots_str strs[64];
    size_t n = 0;
    const cJSON *line;
    if (lines == NULL)
        return 1;
    cJSON_ArrayForEach(line, lines) {
        if (!cJSON_IsString(line) || n == 64) {
            fail(id, "%s", "input.content_usage_header: up to 64 strings");
            return 0;
        }
        strs[n].ptr = line->valuestring;
        strs[n++].len = strlen(line->valuestring);
    }
    if (robots_usage_combine_field(result, strs, n, NULL) != ROBOTS_OK) {
        fail(id, "%s", "robots_usage_combine_field failed");
        return 0;
    }
    return 1;
}

/* Kind usage: one (agent, URL) per profile, through robots_usage(). */
static void run_usage(const char *id, const cJSON *c) {
    static const char *const profiles[] = {"rfc9309", "google", "legacy"};
    const cJSON *input = member(c, "input");
    const cJSON *robots = member(c, "robots");
    const cJSON *agent = member(input, "agent");
    const cJSON *url = member(input, "url");
    const cJSON *ends =
        member(member(c, "options"), "content_usage_ends_group");
    int ok = 1;
    if (!cJSON_IsString(robots) || !cJSON_IsString(agent) ||
        !cJSON_IsString(url)) {
        fail(id, "%s", "robots, input.agent and input.url needed");
        return;
    }
    for (int p = 0; p < 3 && ok; p++) {
        const cJSON *e = member(member(c, "expect"), profiles[p]);
        const cJSON *labels = member(e, "labels");
        robots_options options;
        robots_txt *doc = NULL;
        robots_usage_result result;
        if (e == NULL)
            continue;
        robots_options_init(&options);
        (void)robots_profile_from_name(profiles[p], strlen(profiles[p]),
                                       &options.profile);
        options.content_usage_ends_group = cJSON_IsTrue(ends) ? 1 : 0;
        if (robots_parse(robots->valuestring, strlen(robots->valuestring),
                         &options, &doc) != ROBOTS_OK ||
            robots_usage(doc, agent->valuestring, strlen(agent->valuestring),
                         url->valuestring, strlen(url->valuestring),
                         &result) != ROBOTS_OK) {
            fail(id, "robots_parse or robots_usage failed in %s", profiles[p]);
            robots_free(doc);
            return;
        }
        ok = combine_header(id, input, &result);
        if (ok && cJSON_IsTrue(member(e, "crawlable")) != result.crawlable) {
            fail(id, "crawlable differs in %s", profiles[p]);
            ok = 0;
        }
        if (ok && cJSON_IsNull(labels) != !result.crawlable) {
            fail(id, "labels must be null exactly when not crawlable in %s",
                 profiles[p]);
            ok = 0;
        }
        if (ok && result.crawlable)
            ok =
                labels_match(id, labels, (const rb_usage_value *)result.values);
        ok = ok && lines_match(id, member(e, "lines"), &result) &&
             signals_match(id, member(e, "content_signal"), result.has_signal,
                           result.signal) &&
             signals_match(id, member(e, "file_content_signal"),
                           result.has_file_signal, result.file_signal);
        robots_free(doc);
    }
    count(ok);
}

static void run_case(const cJSON *c) {
    const cJSON *id = member(c, "id");
    const cJSON *kind = member(c, "kind");
    const cJSON *input = member(c, "input");
    const cJSON *all = member(member(c, "expect"), "all");
    const char *name = cJSON_IsString(id) ? id->valuestring : "(no id)";
    const char *k = cJSON_IsString(kind) ? kind->valuestring : "";
    if (!cJSON_IsObject(member(c, "source"))) {
        fail(name, "%s", "no source");
        return;
    }
    if (strcmp(k, "usage") == 0) {
        run_usage(name, c);
        return;
    }
    if (!cJSON_IsString(member(all, "why"))) {
        fail(name, "%s", "expect.all.why needed");
        return;
    }
    if (strcmp(k, "usage_statement") == 0)
        run_statement(name, input, all);
    else if (strcmp(k, "usage_header") == 0)
        run_header(name, input, all);
    else if (strcmp(k, "usage_combine") == 0)
        run_combine(name, input, all);
    else if (strcmp(k, "usage_rule") == 0)
        run_rule(name, input, all);
    else if (strcmp(k, "content_signal") == 0)
        run_content_signal(name, input, all);
    else
        fail(name, "unknown kind '%s'", k);
}

static int by_name(const struct dirent **a, const struct dirent **b) {
    return strcmp((*a)->d_name, (*b)->d_name);
}

static void run_file(const char *dir, const char *name) {
    char path[4096];
    FILE *f;
    long size;
    char *text;
    cJSON *doc;
    const cJSON *c;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 ||
        fseek(f, 0, SEEK_SET) != 0) {
        fail(path, "%s", "cannot be read");
        if (f != NULL)
            fclose(f);
        return;
    }
    text = malloc((size_t)size + 1);
    if (text == NULL)
        abort();
    text[fread(text, 1, (size_t)size, f)] = '\0';
    fclose(f);
    doc = cJSON_Parse(text);
    free(text);
    if (!cJSON_IsArray(member(doc, "cases"))) {
        fail(path, "%s", "is not a case file");
        cJSON_Delete(doc);
        return;
    }
    cJSON_ArrayForEach(c, member(doc, "cases")) run_case(c);
    cJSON_Delete(doc);
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : AIPREF_CASES_DIR;
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name);
    if (n < 0) {
        fprintf(stderr, "robots-aipref-conformance: cannot read %s\n", dir);
        return 2;
    }
    for (int i = 0; i < n; i++) {
        size_t len = strlen(names[i]->d_name);
        if (len > 5 && strcmp(names[i]->d_name + len - 5, ".json") == 0)
            run_file(dir, names[i]->d_name);
        free(names[i]);
    }
    free(names);
    printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    return failed == 0 ? 0 : 1;
}
