/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - robots_analyze(): what only the whole document shows, as
 * diagnostics (robots.h lists the kinds): rules that change no verdict
 * (shadowed, duplicated, duplicated once percent-encoded), agents named by
 * two groups, user-agent lines that join the group above, wildcards read
 * literally. No output: robots lint prints what this finds.
 *
 * A claim that a rule changes no verdict must hold for every crawler the
 * rule's group applies to (issue 21: "User-agent: *" and "User-agent:
 * SemrushBot" in one group, a later "*" group repeating its rules: those
 * rules are SemrushBot's only ones). rfc9309 and google merge, for a
 * crawler, every group whose agent it matches; so the rule is claimed only
 * when, for each agent its group names (each product token, and `*`),
 * another rule among the groups merged for that agent always wins over it.
 * Within one group the claim holds for all of them at once, as every set
 * of merged groups holding the rule holds the rule that wins over it.
 * legacy merges nothing: a record's first match decides.
 *
 * The pairwise comparisons share one budget, ROBOTS_ANALYSIS_MAX_STEPS.
 */
#include "analyzer.h"
#include "ascii.h"
#include "body.h"
#include "diagnostics.h"
#include "document.h"
#include "memory.h"
#include "normalize.h"
#include "usage_lint.h" /* issue 24: rb_usage_lint() */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct robots_analysis {
    rb_mem mem;
    an_finding *findings;
    size_t count, total, findings_cap;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1];
    char *text;
    size_t text_cap;
};

/* ---- findings ----------------------------------------------------------- */

void rb_analysis_add(analyzer *an, robots_diag_kind kind,
                     robots_severity severity, size_t line, size_t column,
                     size_t related, const char *fmt, ...) {
    /* The analysis-limit note is kept past the cap: it says that findings
     * are missing. */
    int final = kind == ROBOTS_DIAG_ANALYSIS_LIMIT;
    an->total++;
    an->kind_totals[kind]++;
    if (an->failed || (!final && an->findings.count > ROBOTS_MAX_DIAGNOSTICS))
        return;
    char message[AN_MESSAGE_BYTES];
    int n;
    if (!final && an->findings.count == ROBOTS_MAX_DIAGNOSTICS) {
        kind = ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS;
        severity = ROBOTS_SEVERITY_NOTE;
        line = 1;
        column = related = 0;
        n = snprintf(message, sizeof message,
                     "more than %zu findings of the analysis; the rest are "
                     "counted, not kept",
                     (size_t)ROBOTS_MAX_DIAGNOSTICS);
    } else {
        va_list args;
        va_start(args, fmt);
        n = vsnprintf(message, sizeof message, fmt, args);
        va_end(args);
    }
    size_t len = n < 0 ? 0 : (size_t)n;
    if (len >= sizeof message)
        len = sizeof message - 1;
    char *dst = rb_vec_reserve(an->mem, &an->text, len + 1);
    an_finding *f = rb_vec_reserve(an->mem, &an->findings, 1);
    if (dst == NULL || f == NULL) {
        an->failed = 1;
        return;
    }
    memcpy(dst, message, len);
    dst[len] = '\0';
    f->line = (uint32_t)line;
    f->column = (uint32_t)column;
    f->related = (uint32_t)related;
    f->order = (uint32_t)an->findings.count;
    f->kind = (uint8_t)kind;
    f->severity = (uint8_t)severity;
    f->message.off = (uint32_t)an->text.count;
    f->message.len = (uint32_t)len;
    an->text.count += len + 1;
    an->findings.count++;
}

void rb_usage_lint_add(void *an, robots_diag_kind kind, robots_severity sev,
                       size_t line, size_t related, const char *message) {
    rb_analysis_add(an, kind, sev, line, 0, related, "%s",
                    message); /* usage_lint.c */
}

/* Spends n steps of the budget; 0 once it is spent. */
int rb_analysis_spend(analyzer *an, size_t n) {
    if (an->budget_spent)
        return 0;
    if (ROBOTS_ANALYSIS_MAX_STEPS - an->steps < n) {
        an->budget_spent = 1;
        return 0;
    }
    an->steps += n;
    return 1;
}

/* ---- where a value is on its line --------------------------------------- */

static int index_lines(analyzer *an) {
    const char *b = an->body;
    size_t parsed = robots_txt_parsed_bytes(an->doc);
    if (b == NULL)
        return 1;
    if (parsed > an->body_len)
        parsed = an->body_len;
    size_t count = 1;
    for (size_t i = 0; i < parsed; i++)
        count += b[i] == '\n' ||
                 (b[i] == '\r' && (i + 1 >= parsed || b[i + 1] != '\n'));
    an->line_starts = rb_alloc(an->mem, count * sizeof *an->line_starts);
    if (an->line_starts == NULL)
        return 0;
    an->line_cap = count;
    size_t k = 0;
    an->line_starts[k++] = (uint32_t)rb_bom_length(
        an->profile, (const unsigned char *)b, an->body_len);
    for (size_t i = 0; i < parsed && k < count; i++)
        if (b[i] == '\n' ||
            (b[i] == '\r' && (i + 1 >= parsed || b[i + 1] != '\n')))
            an->line_starts[k++] = (uint32_t)(i + 1);
    an->line_count = k;
    return 1;
}

static int trailing_space(robots_profile profile, unsigned char c) {
    return rb_ascii_is_blank(c) ||
           (profile == ROBOTS_PROFILE_GOOGLE && (c == '\v' || c == '\f'));
}

/* The 1-based column where the value of `line` starts, given the value's
 * length: the parse trimmed it, and it ends where the line's content does
 * (before a '#' or a NUL and the spaces before them), so it starts
 * value_len bytes before that. 0 when the line is not known. */
size_t rb_analysis_value_column(const analyzer *an, size_t line,
                                size_t value_len) {
    if (line == 0 || line > an->line_count)
        return 0;
    const char *b = an->body;
    size_t start = an->line_starts[line - 1], end = start;
    while (end < an->body_len && b[end] != '\n' && b[end] != '\r' &&
           b[end] != '#' && b[end] != '\0' &&
           end - start < ROBOTS_MAX_LINE_BYTES)
        end++;
    while (end > start &&
           trailing_space(an->profile, (unsigned char)b[end - 1]))
        end--;
    return end - start >= value_len ? end - start - value_len + 1 : 1;
}

static int finding_before(const an_finding *a, const an_finding *b) {
    if (a->line != b->line)
        return a->line < b->line;
    if (a->column != b->column)
        return a->column < b->column;
    return a->order < b->order;
}

AN_HEAPSORT(sort_findings, an_finding, finding_before)

/* ---- the whole -------------------------------------------------------- */

/* Every rule's normal form (the document keeps those that are not their
 * own pattern only as written) and group. */
static int collect_rules(analyzer *an) {
    const robots_txt *doc = an->doc;
    size_t n = doc->rule_count, bytes = 1;
    an->rules = rb_alloc(an->mem, (n + 1) * sizeof *an->rules);
    an->reported = rb_alloc(an->mem, n + 1);
    for (size_t i = 0; i < n; i++)
        if (rb_rule_normalises(&doc->rules[i]))
            bytes += doc->rules[i].normalized_len;
    an->normals = rb_alloc(an->mem, bytes);
    an->normals_len = bytes;
    if (an->rules == NULL || an->reported == NULL || an->normals == NULL)
        return 0;
    memset(an->reported, 0, n + 1);
    size_t at = 0;
    for (uint32_t g = 0; g < doc->group_count; g++) {
        size_t first = doc->groups[g].first_rule;
        size_t count =
            rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
        for (size_t i = first; i < first + count; i++) {
            const rb_rule *r = &doc->rules[i];
            an_rule *e = &an->rules[i];
            e->group = g;
            e->normal_len = r->normalized_len;
            e->normal = rb_rule_normal(doc, r, an->normals + at);
            if (rb_rule_normalises(r))
                at += r->normalized_len;
        }
    }
    return 1;
}

static void free_scratch(analyzer *an) {
    size_t n = an->doc->rule_count;
    rb_free(an->mem, an->line_starts, an->line_cap * sizeof *an->line_starts);
    rb_free(an->mem, an->rules, (n + 1) * sizeof *an->rules);
    rb_free(an->mem, an->reported, n + 1);
    rb_free(an->mem, an->normals, an->normals_len);
}

robots_status robots_analyze(const robots_txt *doc, const char *body,
                             size_t body_len, robots_analysis **out) {
    if (out != NULL)
        *out = NULL;
    if (doc == NULL || out == NULL || (body == NULL && body_len != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    analyzer an;
    memset(&an, 0, sizeof an);
    an.doc = doc;
    an.profile = doc->profile;
    an.mem = &mem;
    an.body = body;
    an.body_len = body_len;
    rb_vec_init(&an.findings, sizeof(an_finding));
    rb_vec_init(&an.text, 1);
    if (!index_lines(&an) || !collect_rules(&an))
        an.failed = 1;
    if (!an.failed) {
        rb_analysis_literal_wildcards(&an);
        rb_analysis_own_groups(&an);
        if (an.profile == ROBOTS_PROFILE_LEGACY)
            rb_analysis_legacy_records(&an);
        else
            rb_analysis_merged_groups(&an);
        rb_analysis_joined_agents(&an);
        rb_usage_lint(doc, &an);
    }
    if (an.budget_spent)
        rb_analysis_add(
            &an, ROBOTS_DIAG_ANALYSIS_LIMIT, ROBOTS_SEVERITY_NOTE, 1, 0, 0,
            "the file has too many rules or agents for the shadowed-rule and "
            "repeated-group checks to finish; some are not reported");
    free_scratch(&an);
    robots_analysis *result = an.failed ? NULL : rb_alloc(&mem, sizeof *result);
    if (result == NULL) {
        rb_vec_release(&mem, &an.findings);
        rb_vec_release(&mem, &an.text);
        return ROBOTS_ERR_NO_MEMORY;
    }
    sort_findings((an_finding *)an.findings.data, an.findings.count);
    result->findings = (an_finding *)an.findings.data;
    result->count = an.findings.count;
    result->findings_cap = an.findings.cap;
    result->total = an.total;
    memcpy(result->kind_totals, an.kind_totals, sizeof result->kind_totals);
    result->text = (char *)an.text.data;
    result->text_cap = an.text.cap;
    result->mem = mem;
    *out = result;
    return ROBOTS_OK;
}

size_t robots_analysis_count(const robots_analysis *analysis) {
    return analysis ? analysis->count : 0;
}

size_t robots_analysis_total(const robots_analysis *analysis) {
    return analysis ? analysis->total : 0;
}

size_t robots_analysis_kind_total(const robots_analysis *analysis,
                                  robots_diag_kind kind) {
    return rb_kind_total(analysis ? analysis->kind_totals : NULL, kind);
}

robots_status robots_analysis_finding(const robots_analysis *analysis,
                                      size_t index,
                                      robots_diagnostic_info *out) {
    if (analysis == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= analysis->count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const an_finding *f = &analysis->findings[index];
    memset(out, 0, sizeof *out);
    out->line = f->line;
    out->column = f->column;
    out->kind = (robots_diag_kind)f->kind;
    out->severity = (robots_severity)f->severity;
    out->message = analysis->text + f->message.off;
    out->message_len = f->message.len;
    out->related_line = f->related;
    return ROBOTS_OK;
}

void robots_analysis_free(robots_analysis *analysis) {
    if (analysis == NULL)
        return;
    rb_mem mem = analysis->mem;
    rb_free(&mem, analysis->findings,
            analysis->findings_cap * sizeof *analysis->findings);
    rb_free(&mem, analysis->text, analysis->text_cap);
    rb_free(&mem, analysis, sizeof *analysis);
}
