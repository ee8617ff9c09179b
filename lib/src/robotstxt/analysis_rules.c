/* SPDX-License-Identifier: MIT */
/*
 * analysis_rules.c - robots_analyze()'s comparison of rules: does one rule
 * always win over another (a glob's cover, legacy's prefix), which rules
 * of a group change no verdict (shadowed, duplicated, duplicated once
 * percent-encoded) and the report of each, and the wildcards a profile
 * reads literally. The groups merged for an agent are analysis_groups.c's.
 */
#include "analyzer.h"
#include "document.h"
#include "normalize.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
            if (!rb_analysis_spend(an, steps))
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
    if (!rb_analysis_spend(an, steps + 1))
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
int rb_analysis_claimable(const analyzer *an, size_t i) {
    if (an->reported[i] || never_matches(an, i))
        return 0;
    return !RB_RULE_INDEX_HTM(&an->doc->rules[i]);
}

/* The rule of groups[0..n) that keeps rule ri from deciding, or
 * ROBOTS_NO_POSITION. */
size_t rb_analysis_shadow_among(analyzer *an, const uint32_t *groups, size_t n,
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
            if (!rb_analysis_spend(an, 1))
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

void rb_analysis_report_shadow(analyzer *an, size_t ri, size_t si,
                               const char *qualifier) {
    const robots_txt *doc = an->doc;
    const rb_rule *r = &doc->rules[ri], *s = &doc->rules[si];
    const an_rule *rn = &an->rules[ri], *sn = &an->rules[si];
    const char *rp = doc->text + r->pattern_off;
    const char *sp = doc->text + s->pattern_off;
    size_t rlen = rb_rule_pattern_len(r), slen = rb_rule_pattern_len(s);
    char rq[AN_QUOTE_BYTES], sq[AN_QUOTE_BYTES];
    rb_analysis_quote(rp, rlen, rq);
    rb_analysis_quote(sp, slen, sq);
    size_t line = RB_RULE_LINE(r), related = RB_RULE_LINE(s);
    size_t column = rb_analysis_value_column(an, line, rlen);
    an->reported[ri] = 1;
    if (RB_RULE_KIND(r) == RB_RULE_KIND(s) &&
        rn->normal_len == sn->normal_len &&
        memcmp(rn->normal, sn->normal, rn->normal_len) == 0) {
        if (rlen == slen && memcmp(rp, sp, rlen) == 0)
            rb_analysis_add(an, ROBOTS_DIAG_DUPLICATE_RULE,
                            ROBOTS_SEVERITY_WARNING, line, column, related,
                            "'%s: %s' repeats the rule at line %zu%s",
                            kind_word(doc, ri), rq, related, qualifier);
        else
            rb_analysis_add(an, ROBOTS_DIAG_ENCODED_DUPLICATE,
                            ROBOTS_SEVERITY_NOTE, line, column, related,
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
    rb_analysis_add(
        an, ROBOTS_DIAG_SHADOWED_RULE, ROBOTS_SEVERITY_WARNING, line, column,
        related, "'%s: %s' %s: '%s: %s' at line %zu %s%s", kind_word(doc, ri),
        rq, what, kind_word(doc, si), sq, related, why, qualifier);
}

/* Rules that never decide within their own group: true for every agent
 * the group names, whatever else is merged with it. */
void rb_analysis_own_groups(analyzer *an) {
    const robots_txt *doc = an->doc;
    for (uint32_t g = 0; g < doc->group_count && !an->budget_spent; g++) {
        size_t first = doc->groups[g].first_rule;
        size_t count =
            rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
        for (size_t ri = first; ri < first + count; ri++) {
            if (!rb_analysis_spend(an, 1))
                return;
            if (!rb_analysis_claimable(an, ri))
                continue;
            size_t si = rb_analysis_shadow_among(an, &g, 1, ri);
            if (si != ROBOTS_NO_POSITION)
                rb_analysis_report_shadow(an, ri, si, "");
        }
    }
}

/* ---- literal wildcards --------------------------------------------------- */

void rb_analysis_literal_wildcards(analyzer *an) {
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
        rb_analysis_quote(p, len, q);
        size_t line = RB_RULE_LINE(r),
               column = rb_analysis_value_column(an, line, len);
        if (column != 0)
            column += at;
        if (legacy)
            rb_analysis_add(
                an, ROBOTS_DIAG_LITERAL_WILDCARD, ROBOTS_SEVERITY_WARNING, line,
                column, 0,
                "'%c' in pattern '%s' is taken literally in the 1996 draft "
                "(legacy profile): the rule matches only paths that contain "
                "'%c' there",
                p[at], q, p[at]);
        else
            rb_analysis_add(
                an, ROBOTS_DIAG_LITERAL_WILDCARD, ROBOTS_SEVERITY_WARNING, line,
                column, 0,
                "'$' in pattern '%s' is a literal '$': only a '$' at the end "
                "of a pattern anchors it",
                q);
    }
}
