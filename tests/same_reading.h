/* SPDX-License-Identifier: MIT */
/*
 * same_reading.h - whether two documents of one body are the same reading
 * of it in everything but their diagnostics, through the public API only:
 * what robots_options.skip_diagnostics promises of a parse that keeps
 * none (robots.h). Compared: the profile, the input and parsed bytes, the
 * cut, every group, agent and rule (its info, flags and normal form, in
 * its group and in file order, and its example path), the sitemaps and
 * extensions, the verdicts and selections of a set of agents and URLs
 * (the document's own agents and its rules' example paths among them),
 * the usage preferences, and robots_analyze()'s findings. Used by
 * tests/test_skip_diagnostics.c and fuzz/fuzz_parse.c. Header only.
 */
#ifndef ROBOTS_TESTS_SAME_READING_H
#define ROBOTS_TESTS_SAME_READING_H

#include "robots.h"
#include "robots_usage.h"

#include <stddef.h>
#include <string.h>

/* Same bytes: both empty, or the same length and contents (a NULL of
 * length 0 is empty). */
static inline int sr_same_text(const char *a, size_t alen, const char *b,
                               size_t blen) {
    return alen == blen && (alen == 0 || memcmp(a, b, alen) == 0);
}

static inline int sr_same_record(const robots_record_info *x,
                                 const robots_record_info *y) {
    return x->line == y->line && x->group == y->group &&
           sr_same_text(x->key, x->key_len, y->key, y->key_len) &&
           sr_same_text(x->value, x->value_len, y->value, y->value_len);
}

static inline int sr_same_rule(const robots_rule_info *x,
                               const robots_rule_info *y) {
    return x->line == y->line && x->kind == y->kind &&
           x->normalized_len == y->normalized_len && x->group == y->group &&
           x->index == y->index && x->flags == y->flags &&
           sr_same_text(x->pattern, x->pattern_len, y->pattern, y->pattern_len);
}

/* The normal form of rule i of each (robots_rule_normalized()). */
static inline int sr_same_normal(const robots_txt *a, const robots_txt *b,
                                 size_t i) {
    static char x[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    static char y[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    size_t xn = 0, yn = 0;
    robots_status sa = robots_rule_normalized(a, i, x, sizeof x, &xn);
    robots_status sb = robots_rule_normalized(b, i, y, sizeof y, &yn);
    return sa == sb && sr_same_text(x, xn, y, yn);
}

static inline const char *sr_same_groups(const robots_txt *a,
                                         const robots_txt *b) {
    size_t groups = robots_group_count(a);
    if (groups != robots_group_count(b))
        return "group count";
    for (size_t g = 0; g < groups; g++) {
        robots_group_info x, y;
        if (robots_group(a, g, &x) != ROBOTS_OK ||
            robots_group(b, g, &y) != ROBOTS_OK || x.line != y.line ||
            x.agent_count != y.agent_count || x.rule_count != y.rule_count ||
            x.has_crawl_delay != y.has_crawl_delay ||
            x.crawl_delay_line != y.crawl_delay_line ||
            (x.has_crawl_delay && x.crawl_delay != y.crawl_delay))
            return "group";
        for (size_t k = 0; k < x.agent_count; k++) {
            robots_agent_info p, q;
            if (robots_group_agent(a, g, k, &p) != ROBOTS_OK ||
                robots_group_agent(b, g, k, &q) != ROBOTS_OK ||
                p.line != q.line || p.is_wildcard != q.is_wildcard ||
                !sr_same_text(p.value, p.value_len, q.value, q.value_len) ||
                !sr_same_text(p.token, p.token_len, q.token, q.token_len))
                return "agent";
        }
        for (size_t r = 0; r < x.rule_count; r++) {
            robots_rule_info p, q;
            if (robots_group_rule(a, g, r, &p) != ROBOTS_OK ||
                robots_group_rule(b, g, r, &q) != ROBOTS_OK ||
                !sr_same_rule(&p, &q))
                return "group rule";
        }
    }
    return NULL;
}

static inline const char *sr_same_rules(const robots_txt *a,
                                        const robots_txt *b) {
    size_t rules = robots_rule_count(a);
    if (rules != robots_rule_count(b))
        return "rule count";
    for (size_t i = 0; i < rules; i++) {
        robots_rule_info p, q;
        char x[64], y[64];
        size_t xn = 0, yn = 0;
        if (robots_rule(a, i, &p) != ROBOTS_OK ||
            robots_rule(b, i, &q) != ROBOTS_OK || !sr_same_rule(&p, &q))
            return "rule";
        if (!sr_same_normal(a, b, i))
            return "normal form";
        robots_status sa =
            robots_rule_example_path(a, i, "x", 1, x, sizeof x, &xn);
        robots_status sb =
            robots_rule_example_path(b, i, "x", 1, y, sizeof y, &yn);
        if (sa != sb || xn != yn || (sa == ROBOTS_OK && strcmp(x, y) != 0))
            return "example path";
    }
    return NULL;
}

/* One list of records (the sitemaps, or the extensions): its count and
 * its accessor. */
typedef struct sr_records {
    size_t (*count)(const robots_txt *doc);
    robots_status (*get)(const robots_txt *doc, size_t index,
                         robots_record_info *out);
    const char *name;
} sr_records;

static inline const char *sr_same_records(const robots_txt *a,
                                          const robots_txt *b) {
    const sr_records lists[2] = {
        {robots_sitemap_count, robots_sitemap, "sitemap"},
        {robots_extension_count, robots_extension, "extension"}};
    for (size_t l = 0; l < 2; l++) {
        size_t n = lists[l].count(a);
        if (n != lists[l].count(b))
            return lists[l].name;
        for (size_t i = 0; i < n; i++) {
            robots_record_info x, y;
            if (lists[l].get(a, i, &x) != ROBOTS_OK ||
                lists[l].get(b, i, &y) != ROBOTS_OK || !sr_same_record(&x, &y))
                return lists[l].name;
        }
    }
    return NULL;
}

static inline int sr_same_verdict(const robots_verdict *x,
                                  const robots_verdict *y) {
    return x->allowed == y->allowed && x->reason == y->reason &&
           x->specific == y->specific && x->group == y->group &&
           x->rule == y->rule && x->rule_line == y->rule_line &&
           (x->rule == ROBOTS_NO_POSITION || x->rule_kind == y->rule_kind) &&
           x->truncated == y->truncated &&
           sr_same_text(x->rule_pattern, x->rule_pattern_len, y->rule_pattern,
                        y->rule_pattern_len);
}

/* One agent and one URL: the check, the selection, the usage. */
static inline const char *sr_same_answers(const robots_txt *a,
                                          const robots_txt *b,
                                          const robots_str *agent,
                                          const char *url, size_t url_len) {
    robots_verdict x, y;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    robots_status sa = robots_check(a, agent, 1, url, url_len, &x);
    robots_status sb = robots_check(b, agent, 1, url, url_len, &y);
    if (sa != sb || (sa == ROBOTS_OK && !sr_same_verdict(&x, &y)))
        return "verdict";
    robots_usage_result p, q;
    memset(&p, 0, sizeof p);
    memset(&q, 0, sizeof q);
    sa = robots_usage(a, agent->ptr, agent->len, url, url_len, &p);
    sb = robots_usage(b, agent->ptr, agent->len, url, url_len, &q);
    if (sa != sb)
        return "usage status";
    if (sa == ROBOTS_OK &&
        (p.crawlable != q.crawlable ||
         !sr_same_verdict(&p.verdict, &q.verdict) ||
         p.label_count != q.label_count || p.line_count != q.line_count ||
         p.pattern_len != q.pattern_len ||
         p.unknown_labels != q.unknown_labels ||
         p.malformed_lines != q.malformed_lines ||
         p.has_signal != q.has_signal || p.signal_line != q.signal_line ||
         p.has_file_signal != q.has_file_signal ||
         p.file_signal_line != q.file_signal_line ||
         p.file_labels != q.file_labels ||
         memcmp(p.values, q.values, sizeof p.values) != 0 ||
         memcmp(p.lines, q.lines, sizeof p.lines) != 0 ||
         memcmp(p.signal, q.signal, sizeof p.signal) != 0 ||
         memcmp(p.file_signal, q.file_signal, sizeof p.file_signal) != 0))
        return "usage";
    return NULL;
}

static inline const char *sr_same_selection(const robots_txt *a,
                                            const robots_txt *b,
                                            const robots_str *agent) {
    size_t x[8], y[8], xn = 0, yn = 0;
    int xs = -1, ys = -1;
    robots_status sa = robots_select_groups(a, agent, 1, x, 8, &xn, &xs);
    robots_status sb = robots_select_groups(b, agent, 1, y, 8, &yn, &ys);
    if (sa != sb || xn != yn || xs != ys ||
        (sa == ROBOTS_OK && memcmp(x, y, xn * sizeof x[0]) != 0))
        return "selection";
    return NULL;
}

/* The agents asked about: fixed names and the values of the document's
 * first groups' first agents; the URLs: fixed ones and the example paths
 * of its first rules. */
static inline const char *sr_same_verdicts(const robots_txt *a,
                                           const robots_txt *b) {
    static const char *const names[] = {"*", "Googlebot", "FooBot",
                                        "archive.org_bot"};
    static const char *const fixed[] = {"/",
                                        "/search/about",
                                        "https://www.example.com/a/b?c=d",
                                        "/private/x.pdf",
                                        "/%7Ehome/index.html",
                                        "/caf\xc3\xa9"};
    enum { NAMES = 4, GROUPS = 4, FIXED = 6, RULES = 8 };
    robots_str agents[NAMES + GROUPS];
    size_t agent_count = 0;
    for (size_t i = 0; i < NAMES; i++)
        agents[agent_count++] = (robots_str){names[i], strlen(names[i])};
    for (size_t g = 0; g < GROUPS && g < robots_group_count(a); g++) {
        robots_agent_info info;
        if (robots_group_agent(a, g, 0, &info) == ROBOTS_OK &&
            info.value_len > 0 && info.value_len <= ROBOTS_MAX_AGENT_BYTES)
            agents[agent_count++] = (robots_str){info.value, info.value_len};
    }
    char paths[RULES][64];
    size_t path_len[RULES], path_count = 0;
    for (size_t i = 0; i < RULES && i < robots_rule_count(a); i++)
        if (robots_rule_example_path(a, i, "x", 1, paths[path_count], 64,
                                     &path_len[path_count]) == ROBOTS_OK)
            path_count++;
    for (size_t k = 0; k < agent_count; k++) {
        const char *why = sr_same_selection(a, b, &agents[k]);
        for (size_t u = 0; why == NULL && u < FIXED; u++)
            why = sr_same_answers(a, b, &agents[k], fixed[u], strlen(fixed[u]));
        for (size_t u = 0; why == NULL && u < path_count; u++)
            why = sr_same_answers(a, b, &agents[k], paths[u], path_len[u]);
        if (why != NULL)
            return why;
    }
    return NULL;
}

static inline const char *sr_same_analysis(const robots_txt *a,
                                           const robots_txt *b,
                                           const char *body, size_t len) {
    robots_analysis *x = NULL, *y = NULL;
    robots_status sa = robots_analyze(a, body, len, &x);
    robots_status sb = robots_analyze(b, body, len, &y);
    const char *why = sa != sb ? "analysis status" : NULL;
    size_t n = robots_analysis_count(x);
    if (why == NULL && (n != robots_analysis_count(y) ||
                        robots_analysis_total(x) != robots_analysis_total(y)))
        why = "analysis count";
    for (size_t i = 0; why == NULL && i < n; i++) {
        robots_diagnostic_info p, q;
        if (robots_analysis_finding(x, i, &p) != ROBOTS_OK ||
            robots_analysis_finding(y, i, &q) != ROBOTS_OK ||
            p.line != q.line || p.column != q.column || p.kind != q.kind ||
            p.severity != q.severity || p.related_line != q.related_line ||
            p.key_offset != q.key_offset || p.key_len != q.key_len ||
            !sr_same_text(p.message, p.message_len, q.message, q.message_len) ||
            !sr_same_text(p.suggestion, p.suggestion_len, q.suggestion,
                          q.suggestion_len))
            why = "analysis finding";
    }
    robots_analysis_free(x);
    robots_analysis_free(y);
    return why;
}

/* A document of skip_diagnostics: no diagnostic kept, none counted, of
 * any kind. */
static inline int sr_keeps_no_diagnostic(const robots_txt *doc) {
    robots_diagnostic_info d;
    int none = robots_diagnostic_count(doc) == 0 &&
               robots_diagnostic_total(doc) == 0 &&
               robots_diagnostic(doc, 0, &d) == ROBOTS_ERR_OUT_OF_RANGE;
    for (int kind = 0; kind <= ROBOTS_DIAG_KIND_LAST; kind++)
        none = none &&
               robots_diagnostic_kind_total(doc, (robots_diag_kind)kind) == 0;
    return none;
}

/* NULL when a and b (two parses of body[0, len)) read it the same in
 * everything but their diagnostics; else what differs first. analyze: 0
 * leaves robots_analyze() out (its pairwise comparisons are the costly
 * part, for a caller with a time budget). */
static inline const char *sr_same_reading(const robots_txt *a,
                                          const robots_txt *b, const char *body,
                                          size_t len, int analyze) {
    robots_cut_info x, y;
    if (robots_txt_profile(a) != robots_txt_profile(b) ||
        robots_txt_input_bytes(a) != robots_txt_input_bytes(b) ||
        robots_txt_parsed_bytes(a) != robots_txt_parsed_bytes(b))
        return "profile or bytes";
    if (robots_txt_cut(a, &x) != ROBOTS_OK ||
        robots_txt_cut(b, &y) != ROBOTS_OK || x.truncated != y.truncated ||
        x.limit != y.limit || x.offset != y.offset || x.line != y.line ||
        x.lines_not_read != y.lines_not_read ||
        x.bytes_not_read != y.bytes_not_read)
        return "cut";
    const char *why = sr_same_groups(a, b);
    if (why == NULL)
        why = sr_same_rules(a, b);
    if (why == NULL)
        why = sr_same_records(a, b);
    if (why == NULL)
        why = sr_same_verdicts(a, b);
    if (why == NULL && analyze)
        why = sr_same_analysis(a, b, body, len);
    return why;
}

#endif
