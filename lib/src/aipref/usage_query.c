/* SPDX-License-Identifier: MIT */
/*
 * usage_query.c - robots_usage(): the AI usage preferences of one (agent,
 * URL), or of a crawler's several names (robots_usage_agents()). The
 * Content-Usage and Content-Signal lines are the document's extension records
 * (parse.c keeps every line of a key it does not act on, with its line and
 * group), so nothing is stored twice: a query reads the records of the groups
 * robots_select_groups() chooses, matches each Content-Usage pattern with the
 * profile's own normalisation and matcher (normalize.c, match.c), keeps the
 * longest, and reads its statement with the vocabulary's core
 * (usage_statement.c). docs/semantics.md, "AI usage preferences", decisions
 * 2-10 and 14, A, B and C.
 */
#include "document.h"
#include "match.h"
#include "memory.h"
#include "normalize.h"
#include "records.h"
#include "robots_usage.h"
#include "urlpath.h"
#include "usage_internal.h"

#include "ascii.h"

#include <string.h>

_Static_assert((int)RB_USAGE_UNKNOWN == (int)ROBOTS_USAGE_UNKNOWN &&
                   (int)RB_USAGE_ALLOWED == (int)ROBOTS_USAGE_ALLOWED &&
                   (int)RB_USAGE_DISALLOWED == (int)ROBOTS_USAGE_DISALLOWED,
               "the internal and public values are one enum");
_Static_assert((int)RB_SIGNAL_LAST == (int)ROBOTS_SIGNAL_LAST &&
                   RB_USAGE_MAX_LABELS == ROBOTS_USAGE_MAX_LABELS,
               "the internal and public tables have one size");

int rb_usage_key(const char *key, size_t len) {
    if (rb_ascii_equal_lower(key, len, "content-usage"))
        return RB_USAGE_KEY_CONTENT_USAGE;
    if (rb_ascii_equal_lower(key, len, "content-signal"))
        return RB_USAGE_KEY_CONTENT_SIGNAL;
    return RB_USAGE_KEY_NONE;
}

/* The scratch of one query: the selected groups, the URL's normalised
 * path, a pattern's normal form. */
typedef struct usage_scratch {
    rb_mem mem;
    size_t *groups;
    size_t group_count;
    char *path;
    size_t path_cap, path_len;
    char *pattern; /* rb_normal_bound(ROBOTS_MAX_LINE_BYTES), when needed */
} usage_scratch;

static void scratch_release(usage_scratch *s) {
    if (s->groups != NULL)
        rb_free(&s->mem, s->groups, s->group_count * sizeof *s->groups);
    if (s->path != NULL)
        rb_free(&s->mem, s->path, s->path_cap);
    if (s->pattern != NULL)
        rb_free(&s->mem, s->pattern, 3 * ROBOTS_MAX_LINE_BYTES);
}

/* The path a check matches (rb_normal_url_path(), which check_path.c
 * calls too). */
static robots_status normal_path(const robots_txt *doc, const char *url,
                                 size_t url_len, usage_scratch *s) {
    size_t start = 0, len = 0;
    int slash = 1;
    /* robots_check() has accepted the URL: this finds the same path. */
    if (rb_url_path(doc->profile, url, url_len, &start, &len, &slash) !=
        ROBOTS_OK)
        return ROBOTS_ERR_URL_INVALID;
    s->path_cap = rb_normal_url_path_bound(doc->profile, len);
    s->path = rb_alloc(&s->mem, s->path_cap);
    if (s->path == NULL)
        return ROBOTS_ERR_NO_MEMORY;
    s->path_len =
        rb_normal_url_path(doc->profile, url + start, len, slash, s->path);
    return ROBOTS_OK;
}

static robots_status select_groups(const robots_txt *doc,
                                   const robots_str *names, size_t count,
                                   usage_scratch *s) {
    size_t needed = 0;
    int specific = 0;
    robots_status status =
        robots_select_groups(doc, names, count, NULL, 0, &needed, &specific);
    if (status == ROBOTS_OK || needed == 0)
        return status == ROBOTS_ERR_BUFFER_TOO_SMALL ? ROBOTS_OK : status;
    if (status != ROBOTS_ERR_BUFFER_TOO_SMALL)
        return status;
    s->groups = rb_alloc(&s->mem, needed * sizeof *s->groups);
    if (s->groups == NULL)
        return ROBOTS_ERR_NO_MEMORY;
    s->group_count = needed;
    return robots_select_groups(doc, names, count, s->groups, needed, &needed,
                                &specific);
}

/* Does a Content-Usage rule's path (NULL: absent, decision 2) match? Its
 * priority, the normal form's length, in *priority. */
static int rule_matches(const robots_txt *doc, const rb_usage_rule_value *rule,
                        usage_scratch *s, size_t *priority) {
    size_t n;
    *priority = 0;
    if (rule->path == NULL)
        return 1;
    n = rb_normalize_pattern(doc->profile, rule->path, rule->path_len,
                             s->pattern);
    *priority = n;
    return rb_match_normal(doc->profile, s->pattern, n, s->path, s->path_len);
}

/* One Content-Usage line of a selected group, for a crawlable URL. */
static robots_status on_content_usage(const robots_txt *doc,
                                      const robots_record_info *rec,
                                      usage_scratch *s, int *matched,
                                      robots_usage_result *out) {
    rb_usage_rule_value rule;
    rb_usage_statement statement;
    size_t priority;
    rb_usage_rule_split(rec->value, rec->value_len, &rule);
    if (s->pattern == NULL && rule.path != NULL) {
        s->pattern = rb_alloc(&s->mem, 3 * ROBOTS_MAX_LINE_BYTES);
        if (s->pattern == NULL)
            return ROBOTS_ERR_NO_MEMORY;
    }
    if (!rule_matches(doc, &rule, s, &priority) ||
        (*matched && priority < out->pattern_len))
        return ROBOTS_OK;
    if (!*matched || priority > out->pattern_len) {
        /* Decision 3: a longer rule replaces what shorter ones said. */
        memset(out->values, 0, sizeof out->values);
        out->line_count = out->unknown_labels = out->malformed_lines = 0;
        out->pattern_len = priority;
        *matched = 1;
    }
    (void)rb_usage_statement_read(rule.statement, rule.statement_len,
                                  &statement);
    /* attach-05 3.1 and decision 5: rules of one length combine, most
     * restrictive per label (vocab-08 5.1). */
    rb_usage_combine_values((rb_usage_value *)out->values, statement.value);
    if (out->line_count < ROBOTS_USAGE_MAX_LINES)
        out->lines[out->line_count] = rec->line;
    out->line_count++;
    out->unknown_labels += statement.unknown_labels;
    out->malformed_lines += statement.error != RB_SF_OK;
    return ROBOTS_OK;
}

/* Decision C: the Content-Signal lines of the same scope combine most
 * restrictive per signal; the first is reported. */
static void on_content_signal(const robots_record_info *rec, int *has,
                              robots_usage_value *values, size_t *line) {
    rb_content_signal signal;
    (void)rb_content_signal_read(rec->value, rec->value_len, &signal);
    if (!*has)
        *line = rec->line;
    *has = 1;
    for (int i = 0; i <= RB_SIGNAL_LAST; i++)
        values[i] = (robots_usage_value)rb_usage_combine(
            (rb_usage_value)values[i], signal.value[i]);
}

/* Walks the extension records once, in file order; the selected groups
 * are ascending, as the records' groups are. */
static robots_status read_records(const robots_txt *doc, usage_scratch *s,
                                  robots_usage_result *out) {
    rb_records_iter it;
    robots_record_info rec;
    size_t next = 0;
    int matched = 0;
    rb_records_from_line(&doc->extensions, 0, &it);
    while (rb_records_next(&it, &rec)) {
        int key = rb_usage_key(rec.key, rec.key_len);
        int selected;
        robots_status status;
        if (key == RB_USAGE_KEY_NONE)
            continue;
        if (rec.group == ROBOTS_NO_POSITION) {
            /* Decision 9: a Content-Usage line outside any group is
             * ignored; a Content-Signal line is the file's own. */
            if (key == RB_USAGE_KEY_CONTENT_SIGNAL)
                on_content_signal(&rec, &out->has_file_signal, out->file_signal,
                                  &out->file_signal_line);
            continue;
        }
        while (next < s->group_count && s->groups[next] < rec.group)
            next++;
        selected = next < s->group_count && s->groups[next] == rec.group;
        if (!selected)
            continue;
        if (key == RB_USAGE_KEY_CONTENT_SIGNAL) {
            on_content_signal(&rec, &out->has_signal, out->signal,
                              &out->signal_line);
            continue;
        }
        if (!out->crawlable)
            continue; /* decision 14: no preferences */
        status = on_content_usage(doc, &rec, s, &matched, out);
        if (status != ROBOTS_OK)
            return status;
    }
    return ROBOTS_OK;
}

/* The labels the deciding lines gave a value (robots_usage_result's
 * file_labels). */
static size_t labels_with_value(const robots_usage_value *values,
                                size_t count) {
    size_t bits = 0;
    for (size_t i = 0; i < count; i++)
        if (values[i] != ROBOTS_USAGE_UNKNOWN)
            bits |= (size_t)1 << i;
    return bits;
}

robots_status robots_usage(const robots_txt *doc, const char *agent,
                           size_t agent_len, const char *url, size_t url_len,
                           robots_usage_result *out) {
    robots_str name;
    name.ptr = agent;
    name.len = agent_len;
    return robots_usage_agents(doc, &name, 1, url, url_len, out);
}

robots_status robots_usage_agents(const robots_txt *doc,
                                  const robots_str *agents, size_t agent_count,
                                  const char *url, size_t url_len,
                                  robots_usage_result *out) {
    usage_scratch s;
    robots_status status;
    if (out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (doc == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    status =
        robots_check(doc, agents, agent_count, url, url_len, &out->verdict);
    if (status != ROBOTS_OK) {
        memset(out, 0, sizeof *out);
        return status;
    }
    if (url == NULL)
        url = ""; /* (NULL, 0), which robots_check() accepted: "" */
    out->crawlable = out->verdict.allowed;
    out->label_count = rb_usage_current_label_count();
    memset(&s, 0, sizeof s);
    rb_mem_init(&s.mem, &doc->mem.allocator, 0);
    status = select_groups(doc, agents, agent_count, &s);
    if (status == ROBOTS_OK)
        status = normal_path(doc, url, url_len, &s);
    if (status == ROBOTS_OK)
        status = read_records(doc, &s, out);
    out->file_labels = labels_with_value(out->values, out->label_count);
    scratch_release(&s);
    if (status != ROBOTS_OK)
        memset(out, 0, sizeof *out);
    return status;
}
