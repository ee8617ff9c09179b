/* SPDX-License-Identifier: MIT */
/*
 * analyzer.h - robots_analyze()'s state, shared by the files of the
 * analysis (analysis.c: the entry point, findings, where a value is on its
 * line; analysis_rules.c: rules compared; analysis_groups.c: groups and
 * agents compared), and what each offers the others. Private to the
 * analysis.
 */
#ifndef ROBOTS_RT_ANALYZER_H
#define ROBOTS_RT_ANALYZER_H

#include "document.h"
#include "memory.h"
#include "quote.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

#define AN_MESSAGE_BYTES 320
#define AN_QUOTE_BYTES 96

/* A rule as the analysis compares it: its normal form (in the document's
 * text, or in the analysis's own copy) and its group. */
typedef struct an_rule {
    const char *normal;
    uint32_t normal_len;
    uint32_t group;
} an_rule;

/* A user-agent line and the key it is merged by: its token, or "*". */
typedef struct an_agent {
    const char *key;
    uint32_t key_len;
    uint32_t group;
    uint32_t line;
    uint32_t index; /* in doc->agents */
} an_agent;

typedef struct an_finding {
    uint32_t line, column, related, order;
    uint8_t kind, severity;
    rb_span message;
} an_finding;

typedef struct analyzer {
    const robots_txt *doc;
    robots_profile profile;
    rb_mem *mem;
    const char *body;
    size_t body_len;
    uint32_t *line_starts; /* line k + 1 starts at line_starts[k] */
    size_t line_count, line_cap;
    an_rule *rules; /* every rule, file order */
    char *normals;  /* normal forms the document does not keep */
    size_t normals_len;
    unsigned char *reported; /* per rule: a finding was made */
    rb_vec findings, text;
    size_t total;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1];
    size_t steps;
    int budget_spent;
    int failed;
} analyzer;

/* Heapsort: O(n log n), in place, no recursion and no call through a
 * pointer (the stack gate follows every call). */
#define AN_HEAPSORT(name, type, before)                                        \
    /* NOLINTNEXTLINE(bugprone-macro-parentheses): `type` is a type name */    \
    static void name(type *a, size_t n) {                                      \
        for (size_t end = n, start = n / 2; end > 1;) {                        \
            size_t root;                                                       \
            if (start > 0) {                                                   \
                root = --start;                                                \
            } else {                                                           \
                type t = a[0];                                                 \
                a[0] = a[--end];                                               \
                a[end] = t;                                                    \
                root = 0;                                                      \
            }                                                                  \
            for (size_t child; (child = 2 * root + 1) < end; root = child) {   \
                if (child + 1 < end && before(&a[child], &a[child + 1]))       \
                    child++;                                                   \
                if (!before(&a[root], &a[child]))                              \
                    break;                                                     \
                type t = a[root];                                              \
                a[root] = a[child];                                            \
                a[child] = t;                                                  \
            }                                                                  \
        }                                                                      \
    }

/* ---- what analysis.c offers: findings and where they are ---------------- */

/* Adds a finding (a diagnostic of robots_analyze()); past the cap, only
 * counts it. */
RB_HIDDEN void rb_analysis_add(analyzer *an, robots_diag_kind kind,
                               robots_severity severity, size_t line,
                               size_t column, size_t related, const char *fmt,
                               ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;
/* Spends n steps of the budget; 0 once it is spent. */
RB_HIDDEN int rb_analysis_spend(analyzer *an, size_t n);
/* (s, len) as text for a message, in out (AN_QUOTE_BYTES): valid UTF-8
 * that is no control character is kept, every other byte becomes '?', and
 * text too long for out is cut at a character and ends with "..."
 * (rb_text_quote()). */
static inline const char *rb_analysis_quote(const char *s, size_t len,
                                            char *out) {
    return rb_text_quote(s, len, RB_QUOTE_KEEP_UTF8, out, AN_QUOTE_BYTES);
}
/* The 1-based column where the value of `line` starts, given the value's
 * length; 0 when the line is not known. */
RB_HIDDEN size_t rb_analysis_value_column(const analyzer *an, size_t line,
                                          size_t value_len);

/* ---- what analysis_rules.c offers: rules compared ----------------------- */

/* Rules that another rule of their own group always wins over. */
RB_HIDDEN void rb_analysis_own_groups(analyzer *an);
/* May rule i be claimed at all? Not when it never matches, not google's
 * index.htm Allow, not legacy's "Disallow:". */
RB_HIDDEN int rb_analysis_claimable(const analyzer *an, size_t i);
/* The rule of groups[0..n) that keeps rule ri from deciding, or
 * ROBOTS_NO_POSITION. */
RB_HIDDEN size_t rb_analysis_shadow_among(analyzer *an, const uint32_t *groups,
                                          size_t n, size_t ri);
/* Reports rule ri as one rule si always wins over (qualifier: the groups
 * it holds in, or NULL). */
RB_HIDDEN void rb_analysis_report_shadow(analyzer *an, size_t ri, size_t si,
                                         const char *qualifier);
/* Wildcards the profile reads literally. */
RB_HIDDEN void rb_analysis_literal_wildcards(analyzer *an);

/* ---- what analysis_groups.c offers: groups and agents compared ---------- */

/* legacy: agents named by two records, the later record never read. */
RB_HIDDEN void rb_analysis_legacy_records(analyzer *an);
/* rfc9309, google: groups merged for an agent, repeated groups and rules
 * a merged group's rule always wins over. */
RB_HIDDEN void rb_analysis_merged_groups(analyzer *an);
/* User-agent lines that join the group above. */
RB_HIDDEN void rb_analysis_joined_agents(analyzer *an);

#endif
