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
#include "agent.h"
#include "ascii.h"
#include "body.h"
#include "diagnostics.h"
#include "document.h"
#include "memory.h"
#include "normalize.h"
#include "records.h"
#include "usage_lint.h" /* issue 24: rb_usage_lint() */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

struct robots_analysis {
    rb_mem mem;
    an_finding *findings;
    size_t count, total, findings_cap;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1];
    char *text;
    size_t text_cap;
};

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

/* ---- findings ----------------------------------------------------------- */

static void add(analyzer *an, robots_diag_kind kind, robots_severity severity,
                size_t line, size_t column, size_t related, const char *fmt,
                ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

static void add(analyzer *an, robots_diag_kind kind, robots_severity severity,
                size_t line, size_t column, size_t related, const char *fmt,
                ...) {
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
    add(an, kind, sev, line, 0, related, "%s", message); /* usage_lint.c */
}

/* Spends n steps of the budget; 0 once it is spent. */
static int spend(analyzer *an, size_t n) {
    if (an->budget_spent)
        return 0;
    if (ROBOTS_ANALYSIS_MAX_STEPS - an->steps < n) {
        an->budget_spent = 1;
        return 0;
    }
    an->steps += n;
    return 1;
}

/* (s, len) as text for a message, in out (AN_QUOTE_BYTES): valid UTF-8
 * that is no control character is kept, every other byte becomes '?', and
 * text too long for out is cut at a character and ends with "...". */
static const char *quote(const char *s, size_t len, char *out) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0, n = 0, room = AN_QUOTE_BYTES - 4;
    while (i < len) {
        size_t valid = rb_invalid_utf8_at(u + i, len - i);
        size_t step = 1;
        if (valid == 0 || u[i] < 0x20 || u[i] == 0x7F ||
            (u[i] == 0xC2 && u[i + 1] < 0xA0)) {
            if (n + 1 > room)
                break;
            if (valid != 0 && u[i] == 0xC2)
                step = 2; /* a C1 control: one '?' */
            out[n++] = '?';
        } else {
            step = u[i] < 0x80 ? 1 : u[i] < 0xE0 ? 2 : u[i] < 0xF0 ? 3 : 4;
            if (n + step > room)
                break;
            memcpy(out + n, s + i, step);
            n += step;
        }
        i += step;
    }
    if (i < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
    return out;
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
static size_t value_column(const analyzer *an, size_t line, size_t value_len) {
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

/* ---- does one rule always win over another? ----------------------------- */

/* rfc9309/google patterns: '*' any octets, a final '$' anchors the end.
 * Sound test of L(r) within L(s): s, as a glob with a trailing '*' unless
 * anchored, must match r written out with r's wildcards (and its trailing
 * '*' unless anchored) as a symbol only s's '*' can take. Greedy matching
 * with one backtrack point, O(|s| * |r|) steps, charged to the budget. */
#define STAR_SYMBOL 256

static int text_at(const char *r, size_t body, size_t i) {
    if (i == body || r[i] == '*')
        return STAR_SYMBOL;
    return (unsigned char)r[i];
}

static int covers_glob(analyzer *an, const an_rule *sr, const an_rule *rr) {
    const char *s = sr->normal, *r = rr->normal;
    size_t slen = sr->normal_len, rlen = rr->normal_len;
    int s_anchored = slen > 0 && s[slen - 1] == '$';
    int r_anchored = rlen > 0 && r[rlen - 1] == '$';
    size_t s_body = slen - (size_t)s_anchored;
    size_t r_body = rlen - (size_t)r_anchored;
    size_t plen = s_body + (size_t)!s_anchored;
    size_t tlen = r_body + (size_t)!r_anchored;
    size_t i = 0, j = 0, mark = 0, star = (size_t)-1, steps = 0;
    int ok = 1;
    while (i < tlen) {
        if (++steps == 4096) {
            if (!spend(an, steps))
                return 0;
            steps = 0;
        }
        int wild = j < plen && (j == s_body || s[j] == '*');
        if (j < plen && !wild && text_at(r, r_body, i) == (unsigned char)s[j]) {
            i++;
            j++;
        } else if (wild) {
            star = j++;
            mark = i;
        } else if (star != (size_t)-1) {
            j = star + 1;
            i = ++mark;
        } else {
            ok = 0;
            break;
        }
    }
    while (ok && j < plen && (j == s_body || s[j] == '*'))
        j++;
    if (!spend(an, steps + 1))
        return 0;
    return ok && j == plen;
}

/* legacy: rules match by octet prefix; an empty Allow matches every path. */
static int covers_legacy(const robots_txt *doc, size_t si, const an_rule *s,
                         const an_rule *r) {
    if (s->normal_len == 0)
        return RB_RULE_KIND(&doc->rules[si]) == ROBOTS_RULE_ALLOW;
    return r->normal_len != 0 && s->normal_len <= r->normal_len &&
           memcmp(s->normal, r->normal, s->normal_len) == 0;
}

/* A rule that can decide nothing: it matches no path (the flag of
 * robots_rule_info). */
static int never_matches(const analyzer *an, size_t i) {
    const an_rule *r = &an->rules[i];
    if (r->normal_len == 0)
        return RB_RULE_KIND(&an->doc->rules[i]) == ROBOTS_RULE_DISALLOW;
    return rb_normal_never_matches(an->profile, r->normal[0]);
}

/* Does rule si keep rule ri (both indexes into the document's rules, whose
 * order is their order in any set of merged groups) from ever deciding? */
static int shadows(analyzer *an, size_t si, size_t ri) {
    const an_rule *s = &an->rules[si], *r = &an->rules[ri];
    if (an->profile == ROBOTS_PROFILE_LEGACY)
        return si < ri && covers_legacy(an->doc, si, s, r);
    robots_rule_kind sk = RB_RULE_KIND(&an->doc->rules[si]);
    robots_rule_kind rk = RB_RULE_KIND(&an->doc->rules[ri]);
    if (s->normal_len < r->normal_len)
        return 0;
    if (s->normal_len == r->normal_len && sk != rk && sk != ROBOTS_RULE_ALLOW)
        return 0;
    if (!covers_glob(an, s, r))
        return 0;
    /* Equally long, same kind, each covering the other: only the later
     * one is redundant. */
    if (s->normal_len == r->normal_len && sk == rk && si > ri &&
        covers_glob(an, r, s))
        return 0;
    return 1;
}

/* May rule i be claimed at all? Not when it never matches (the parse
 * reports it), not google's index.htm Allow (it decides paths its pattern
 * does not match), not legacy's "Disallow:" (it restricts nothing on
 * purpose). */
static int claimable(const analyzer *an, size_t i) {
    if (an->reported[i] || never_matches(an, i))
        return 0;
    return !RB_RULE_INDEX_HTM(&an->doc->rules[i]);
}

/* The rule of groups[0..n) that keeps rule ri from deciding, or
 * ROBOTS_NO_POSITION. */
static size_t shadow_among(analyzer *an, const uint32_t *groups, size_t n,
                           size_t ri) {
    const robots_txt *doc = an->doc;
    for (size_t k = 0; k < n; k++) {
        size_t g = groups[k];
        size_t first = doc->groups[g].first_rule;
        size_t count =
            rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
        for (size_t si = first; si < first + count; si++) {
            if (si == ri)
                continue;
            if (!spend(an, 1))
                return ROBOTS_NO_POSITION;
            if (!never_matches(an, si) && shadows(an, si, ri))
                return si;
        }
    }
    return ROBOTS_NO_POSITION;
}

static const char *kind_word(const robots_txt *doc, size_t i) {
    return RB_RULE_KIND(&doc->rules[i]) == ROBOTS_RULE_ALLOW ? "Allow"
                                                             : "Disallow";
}

static void report_shadow(analyzer *an, size_t ri, size_t si,
                          const char *qualifier) {
    const robots_txt *doc = an->doc;
    const rb_rule *r = &doc->rules[ri], *s = &doc->rules[si];
    const an_rule *rn = &an->rules[ri], *sn = &an->rules[si];
    const char *rp = doc->text + r->pattern_off;
    const char *sp = doc->text + s->pattern_off;
    size_t rlen = rb_rule_pattern_len(r), slen = rb_rule_pattern_len(s);
    char rq[AN_QUOTE_BYTES], sq[AN_QUOTE_BYTES];
    quote(rp, rlen, rq);
    quote(sp, slen, sq);
    size_t line = RB_RULE_LINE(r), related = RB_RULE_LINE(s);
    size_t column = value_column(an, line, rlen);
    an->reported[ri] = 1;
    if (RB_RULE_KIND(r) == RB_RULE_KIND(s) &&
        rn->normal_len == sn->normal_len &&
        memcmp(rn->normal, sn->normal, rn->normal_len) == 0) {
        if (rlen == slen && memcmp(rp, sp, rlen) == 0)
            add(an, ROBOTS_DIAG_DUPLICATE_RULE, ROBOTS_SEVERITY_WARNING, line,
                column, related, "'%s: %s' repeats the rule at line %zu%s",
                kind_word(doc, ri), rq, related, qualifier);
        else
            add(an, ROBOTS_DIAG_ENCODED_DUPLICATE, ROBOTS_SEVERITY_NOTE, line,
                column, related,
                "'%s: %s' is the rule at line %zu ('%s') once "
                "percent-encoded: the same rule%s",
                kind_word(doc, ri), rq, related, sq, qualifier);
        return;
    }
    const char *what = "never decides", *why;
    if (an->profile == ROBOTS_PROFILE_LEGACY) {
        why = "comes first and matches every path it matches (the first "
              "match decides)";
    } else if (sn->normal_len > rn->normal_len) {
        why = "matches every path it matches with a longer pattern";
    } else if (RB_RULE_KIND(r) != RB_RULE_KIND(s)) {
        why = "matches every path it matches with a pattern as long, and "
              "Allow wins ties";
    } else {
        /* Either may be named as the deciding rule; the verdict is the
         * same without this one. */
        what = "changes no verdict";
        why = "matches every path it matches with a pattern as long and "
              "the same verdict";
    }
    add(an, ROBOTS_DIAG_SHADOWED_RULE, ROBOTS_SEVERITY_WARNING, line, column,
        related, "'%s: %s' %s: '%s: %s' at line %zu %s%s", kind_word(doc, ri),
        rq, what, kind_word(doc, si), sq, related, why, qualifier);
}

/* Rules that never decide within their own group: true for every agent
 * the group names, whatever else is merged with it. */
static void own_groups(analyzer *an) {
    const robots_txt *doc = an->doc;
    for (uint32_t g = 0; g < doc->group_count && !an->budget_spent; g++) {
        size_t first = doc->groups[g].first_rule;
        size_t count =
            rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
        for (size_t ri = first; ri < first + count; ri++) {
            if (!spend(an, 1))
                return;
            if (!claimable(an, ri))
                continue;
            size_t si = shadow_among(an, &g, 1, ri);
            if (si != ROBOTS_NO_POSITION)
                report_shadow(an, ri, si, "");
        }
    }
}

/* ---- literal wildcards --------------------------------------------------- */

static void literal_wildcards(analyzer *an) {
    const robots_txt *doc = an->doc;
    int legacy = an->profile == ROBOTS_PROFILE_LEGACY;
    for (size_t k = 0; k < doc->rule_count; k++) {
        const rb_rule *r = &doc->rules[k];
        const char *p = doc->text + r->pattern_off;
        size_t len = rb_rule_pattern_len(r), at = len;
        for (size_t i = 0; i < len && at == len; i++)
            if (legacy ? (p[i] == '*' || p[i] == '$')
                       : (p[i] == '$' && i + 1 < len))
                at = i;
        if (at == len)
            continue;
        char q[AN_QUOTE_BYTES];
        quote(p, len, q);
        size_t line = RB_RULE_LINE(r), column = value_column(an, line, len);
        if (column != 0)
            column += at;
        if (legacy)
            add(an, ROBOTS_DIAG_LITERAL_WILDCARD, ROBOTS_SEVERITY_WARNING, line,
                column, 0,
                "'%c' in pattern '%s' is taken literally in the 1996 draft "
                "(legacy profile): the rule matches only paths that contain "
                "'%c' there",
                p[at], q, p[at]);
        else
            add(an, ROBOTS_DIAG_LITERAL_WILDCARD, ROBOTS_SEVERITY_WARNING, line,
                column, 0,
                "'$' in pattern '%s' is a literal '$': only a '$' at the end "
                "of a pattern anchors it",
                q);
    }
}

/* ---- agents ------------------------------------------------------------- */

static int agent_before(const an_agent *a, const an_agent *b) {
    size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = rb_ascii_lower((unsigned char)a->key[i]);
        unsigned char y = rb_ascii_lower((unsigned char)b->key[i]);
        if (x != y)
            return x < y;
    }
    if (a->key_len != b->key_len)
        return a->key_len < b->key_len;
    return a->index < b->index; /* file order: group, then line */
}

static int finding_before(const an_finding *a, const an_finding *b) {
    if (a->line != b->line)
        return a->line < b->line;
    if (a->column != b->column)
        return a->column < b->column;
    return a->order < b->order;
}

/* Heapsort: O(n log n), in place, no recursion and no call through a
 * pointer (the stack gate follows every call). */
#define AN_HEAPSORT(name, type, before)                                        \
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
AN_HEAPSORT(sort_agents, an_agent, agent_before)
AN_HEAPSORT(sort_findings, an_finding, finding_before)

static int same_key(const an_agent *a, const an_agent *b) {
    return rb_ascii_equal_nocase(a->key, a->key_len, b->key, b->key_len);
}

/* Every user-agent line with its key, sorted by key (case-insensitively),
 * then in file order. */
static an_agent *collect_agents(analyzer *an) {
    const robots_txt *doc = an->doc;
    an_agent *agents =
        rb_alloc(an->mem, (doc->agent_count + 1) * sizeof *agents);
    if (agents == NULL)
        return NULL;
    for (uint32_t g = 0, k = 0; g < doc->group_count; g++) {
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t i = 0; i < n; i++, k++) {
            const rb_agent *a = &doc->agents[k];
            an_agent *e = &agents[k];
            int wild = rb_agent_wildcard(a);
            e->key = wild ? "*" : doc->text + rb_agent_value_off(a);
            e->key_len =
                wild ? 1 : (uint32_t)rb_agent_token(an->profile, doc->text, a);
            e->group = g;
            e->line = a->line;
            e->index = k;
        }
    }
    sort_agents(agents, doc->agent_count);
    return agents;
}

static size_t agent_column(const analyzer *an, const an_agent *a) {
    const char *value =
        an->doc->text + rb_agent_value_off(&an->doc->agents[a->index]);
    return value_column(an, a->line, strlen(value));
}

/* legacy: a crawler obeys the first record naming a substring of its
 * name, so an agent that contains an earlier record's agent never selects
 * its record; a second '*' record is never used. */
static void legacy_record_agent(analyzer *an, uint32_t k, uint32_t earlier) {
    const robots_txt *doc = an->doc;
    const rb_agent *a = &doc->agents[k];
    const char *av = doc->text + rb_agent_value_off(a);
    size_t alen = strlen(av);
    if (!rb_agent_wildcard(a) && alen == 0)
        return; /* names no crawler: the parse reports it */
    for (uint32_t e = 0; e < earlier; e++) {
        const rb_agent *b = &doc->agents[e];
        const char *bv = doc->text + rb_agent_value_off(b);
        size_t blen = strlen(bv);
        /* rb_contains_nocase(): linear in both. */
        if (!spend(an, alen + blen + 1))
            return;
        int hit;
        if (rb_agent_wildcard(a) || rb_agent_wildcard(b))
            hit = rb_agent_wildcard(a) && rb_agent_wildcard(b);
        else
            hit = blen > 0 && rb_contains_nocase(av, alen, bv, blen);
        if (!hit)
            continue;
        char aq[AN_QUOTE_BYTES], bq[AN_QUOTE_BYTES];
        quote(av, alen, aq);
        quote(bv, blen, bq);
        size_t col = value_column(an, a->line, alen);
        if (rb_agent_wildcard(a))
            add(an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "this '*' record is never used: the '*' record at line %u "
                "comes first, and records are not merged in the 1996 draft",
                (unsigned)b->line);
        else if (rb_ascii_equal_nocase(av, alen, bv, blen))
            add(an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "user-agent '%s' never selects this record: the record at "
                "line %u names it first, and records are not merged in the "
                "1996 draft",
                aq, (unsigned)b->line);
        else
            add(an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "user-agent '%s' never selects this record: a crawler whose "
                "name contains it also contains '%s', whose record at line "
                "%u comes first",
                aq, bq, (unsigned)b->line);
        return;
    }
}

static void legacy_records(analyzer *an) {
    const robots_txt *doc = an->doc;
    for (size_t g = 0; g < doc->group_count && !an->budget_spent; g++) {
        uint32_t first = doc->groups[g].first_agent;
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t k = first; k < first + n && !an->budget_spent; k++)
            legacy_record_agent(an, k, first);
    }
}

/* ---- groups merged for an agent (rfc9309, google) ----------------------- */

/* The keys of the agents and the groups each selects: the agents sorted
 * by key; key k starts at agents[key_agent[k]], and its groups, ascending,
 * are key_groups[key_first[k] .. key_first[k + 1]); an agent's key is
 * key_of[its index in doc->agents]. */
typedef struct an_keys {
    an_agent *agents;
    uint32_t *key_of;
    uint32_t *key_agent;
    uint32_t *key_first;
    uint32_t *key_groups;
    size_t count;
} an_keys;

/* Does key k name a crawler? rfc9309: an empty token names none; google
 * keeps its quirk that an empty name matches an empty token, so such a
 * key is a crawler's too (docs/semantics.md). */
static int key_names(const analyzer *an, const an_keys *keys, uint32_t k) {
    return keys->agents[keys->key_agent[k]].key_len != 0 ||
           an->profile == ROBOTS_PROFILE_GOOGLE;
}

static size_t key_group_count(const an_keys *keys, uint32_t k) {
    return keys->key_first[k + 1] - keys->key_first[k];
}

/* Sorts the agents by key and finds each key's groups: the agents of one
 * key are in file order, so its groups come ascending. */
static int build_keys(analyzer *an, an_keys *keys) {
    size_t n = an->doc->agent_count;
    keys->agents = collect_agents(an);
    keys->key_of = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_of);
    keys->key_agent = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_agent);
    keys->key_first = rb_alloc(an->mem, (n + 2) * sizeof *keys->key_first);
    keys->key_groups = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_groups);
    if (!keys->agents || !keys->key_of || !keys->key_agent ||
        !keys->key_first || !keys->key_groups)
        return 0;
    size_t k = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        const an_agent *a = &keys->agents[i];
        int new_key = i == 0 || !same_key(&keys->agents[i - 1], a);
        if (new_key) {
            keys->key_agent[k] = (uint32_t)i;
            keys->key_first[k++] = (uint32_t)m;
        }
        if (new_key || keys->key_groups[m - 1] != a->group)
            keys->key_groups[m++] = a->group;
        keys->key_of[a->index] = (uint32_t)(k - 1);
    }
    keys->key_first[k] = (uint32_t)m;
    keys->count = k;
    return 1;
}

static void free_keys(analyzer *an, an_keys *keys) {
    size_t n = an->doc->agent_count;
    rb_free(an->mem, keys->agents, (n + 1) * sizeof *keys->agents);
    rb_free(an->mem, keys->key_of, (n + 1) * sizeof *keys->key_of);
    rb_free(an->mem, keys->key_agent, (n + 1) * sizeof *keys->key_agent);
    rb_free(an->mem, keys->key_first, (n + 2) * sizeof *keys->key_first);
    rb_free(an->mem, keys->key_groups, (n + 1) * sizeof *keys->key_groups);
}

/* Each group naming an agent an earlier group names: their rules are
 * merged, once for each such group. */
static void repeated_groups(analyzer *an, const an_keys *keys) {
    const robots_txt *doc = an->doc;
    for (size_t i = 0; i < doc->agent_count; i++) {
        const an_agent *a = &keys->agents[i];
        uint32_t k = keys->key_of[a->index];
        uint32_t first_group = keys->key_groups[keys->key_first[k]];
        if (a->key_len == 0 || a->group == first_group ||
            (i > 0 && keys->agents[i - 1].group == a->group &&
             keys->key_of[keys->agents[i - 1].index] == k))
            continue; /* a key of no crawler (reported by the parse), its
                         first group, or its group's second line */
        /* Named as the group that names it first writes it. */
        const an_agent *named = &keys->agents[keys->key_agent[k]];
        char q[AN_QUOTE_BYTES];
        quote(named->key, named->key_len, q);
        size_t related = doc->agents[doc->groups[first_group].first_agent].line;
        add(an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING, a->line,
            agent_column(an, a), related,
            "user-agent '%s' is also named by the group at line %zu; the two "
            "groups are merged (write them as one group)",
            q, related);
    }
}

/* The keys of group g that name a crawler, into out; 0 when one of them
 * selects g alone (nothing is merged for it, and within g alone no rule
 * was found to change no verdict). stamp[k] == g + 1: k was taken. */
static size_t group_keys(const analyzer *an, const an_keys *keys, uint32_t g,
                         uint32_t *stamp, uint32_t *out) {
    const robots_txt *doc = an->doc;
    uint32_t first = doc->groups[g].first_agent;
    uint32_t n =
        rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
    size_t count = 0;
    for (uint32_t i = first; i < first + n; i++) {
        uint32_t k = keys->key_of[i];
        if (!key_names(an, keys, k) || stamp[k] == g + 1)
            continue;
        if (key_group_count(keys, k) == 1)
            return 0;
        stamp[k] = g + 1;
        out[count++] = k;
    }
    return count;
}

/* rfc9309, google: a rule that no agent of its group ever sees decide,
 * among the rules of all the groups merged for that agent. */
static void merged_rules(analyzer *an, const an_keys *keys) {
    const robots_txt *doc = an->doc;
    uint32_t *stamp = rb_alloc(an->mem, (keys->count + 1) * sizeof *stamp);
    uint32_t *gk = rb_alloc(an->mem, (doc->agent_count + 1) * sizeof *gk);
    if (stamp == NULL || gk == NULL)
        an->failed = 1;
    else
        memset(stamp, 0, (keys->count + 1) * sizeof *stamp);
    for (uint32_t g = 0; !an->failed && g < doc->group_count; g++) {
        size_t nk = group_keys(an, keys, g, stamp, gk);
        size_t first = doc->groups[g].first_rule;
        size_t count = nk ? rb_group_rules(doc->groups, doc->group_count,
                                           doc->rule_count, g)
                          : 0;
        for (size_t ri = first; ri < first + count && !an->budget_spent; ri++) {
            if (!claimable(an, ri))
                continue;
            size_t shadow = ROBOTS_NO_POSITION, k = 0;
            for (; k < nk; k++) {
                const uint32_t *groups =
                    &keys->key_groups[keys->key_first[gk[k]]];
                size_t si =
                    shadow_among(an, groups, key_group_count(keys, gk[k]), ri);
                if (si == ROBOTS_NO_POSITION)
                    break;
                if (shadow == ROBOTS_NO_POSITION)
                    shadow = si;
            }
            if (k < nk)
                continue;
            char q[AN_QUOTE_BYTES], qualifier[AN_QUOTE_BYTES + 64];
            const an_agent *a = &keys->agents[keys->key_agent[gk[0]]];
            /* A key of no bytes (google's empty token) by its value. */
            const char *name =
                a->key_len
                    ? a->key
                    : doc->text + rb_agent_value_off(&doc->agents[a->index]);
            if (nk == 1)
                snprintf(
                    qualifier, sizeof qualifier,
                    " for user-agent '%s', whose groups are merged",
                    quote(name, a->key_len ? a->key_len : strlen(name), q));
            else
                snprintf(qualifier, sizeof qualifier,
                         " for each user-agent of its group, whose groups are "
                         "merged");
            report_shadow(an, ri, shadow, qualifier);
        }
    }
    rb_free(an->mem, stamp, (keys->count + 1) * sizeof *stamp);
    rb_free(an->mem, gk, (doc->agent_count + 1) * sizeof *gk);
}

static void merged_groups(analyzer *an) {
    an_keys keys;
    memset(&keys, 0, sizeof keys);
    if (build_keys(an, &keys)) {
        repeated_groups(an, &keys);
        merged_rules(an, &keys);
    } else {
        an->failed = 1;
    }
    free_keys(an, &keys);
}

/* ---- user-agent lines that join the group above -------------------------- */

/* The records of a list in file order, one at a time. */
typedef struct record_walk {
    rb_records_iter it;
    robots_record_info cur;
    int have;
} record_walk;

static void walk_start(record_walk *w, const rb_records *list) {
    rb_records_from_line(list, 0, &w->it);
    w->have = rb_records_next(&w->it, &w->cur);
}

/* The first record after line `after`, if it comes before line `before`;
 * the calls' lines only grow, so a walk reads each record once. */
static const robots_record_info *walk_between(record_walk *w, uint32_t after,
                                              uint32_t before) {
    while (w->have && w->cur.line <= after)
        w->have = rb_records_next(&w->it, &w->cur);
    return w->have && w->cur.line < before ? &w->cur : NULL;
}

/* A group's user-agent lines end only at a rule: a crawl-delay, sitemap,
 * host or unknown line between two of them leaves the second in the
 * group of the first (docs/semantics.md, "Groups and user-agents"), so
 * every agent of the group obeys the rules below (issue 21: one line of
 * "User-agent: BadBot" after a "*" group's Crawl-delay blocks every
 * crawler). */
static void joined_agents(analyzer *an) {
    const robots_txt *doc = an->doc;
    record_walk ext, maps;
    walk_start(&ext, &doc->extensions);
    walk_start(&maps, &doc->sitemaps);
    for (uint32_t g = 0; g < doc->group_count; g++) {
        uint32_t first = doc->groups[g].first_agent;
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t i = first + 1; i < first + n; i++) {
            uint32_t after = doc->agents[i - 1].line, at = doc->agents[i].line;
            const robots_record_info *e = walk_between(&ext, after, at);
            const robots_record_info *m = walk_between(&maps, after, at);
            if (e == NULL || (m != NULL && m->line < e->line))
                e = m;
            if (e == NULL)
                continue;
            const char *value = doc->text + rb_agent_value_off(&doc->agents[i]);
            size_t len = strlen(value);
            char vq[AN_QUOTE_BYTES], kq[AN_QUOTE_BYTES];
            add(an, ROBOTS_DIAG_AGENT_JOINS_GROUP, ROBOTS_SEVERITY_WARNING, at,
                value_column(an, at, len), doc->agents[first].line,
                "user-agent '%s' joins the group of line %u: only lines that "
                "are no rules stand between them (line %zu: '%s'), and a "
                "group's user-agent lines end only at a rule, so every agent "
                "of the group obeys the rules below",
                quote(value, len, vq), (unsigned)doc->agents[first].line,
                e->line, quote(e->key, e->key_len, kq));
        }
    }
}

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
        literal_wildcards(&an);
        own_groups(&an);
        if (an.profile == ROBOTS_PROFILE_LEGACY)
            legacy_records(&an);
        else
            merged_groups(&an);
        joined_agents(&an);
        rb_usage_lint(doc, &an);
    }
    if (an.budget_spent)
        add(&an, ROBOTS_DIAG_ANALYSIS_LIMIT, ROBOTS_SEVERITY_NOTE, 1, 0, 0,
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
