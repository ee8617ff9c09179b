/* SPDX-License-Identifier: MIT */
/*
 * check_scan.c - matching rule by rule, as the documents describe it:
 * every rule of every applicable group tried against the path (the
 * reference, and the direct walk's step), the longest match winning; and
 * legacy's first match in file order (the 1996 draft).
 */
#include "check_scan.h"
#include "best_rule.h"
#include "document.h"
#include "match.h"
#include "normalize.h"
#include "selection.h"

static uint32_t group_rules(const robots_txt *doc, size_t g) {
    return rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
}

/* Rule `index` tried against the path, as the reference does. */
static inline void scan_rule(const robots_txt *doc, size_t index,
                             const char *path, size_t len, char *scratch,
                             rb_best_rule *best) {
    const rb_rule *r = &doc->rules[index];
    const char *pattern = rb_rule_normal(doc, r, scratch);
    size_t plen = r->normalized_len;
    size_t priority = plen;
    int matched = rb_match_wildcard(pattern, plen, path, len);
    if (!matched && RB_RULE_INDEX_HTM(r))
        matched = rb_match_index_dir(pattern, plen, path, len, &priority);
    if (matched)
        rb_best_consider(best, priority, RB_RULE_KIND(r), index);
}

void rb_scan_rule(const robots_txt *doc, size_t index, const char *path,
                  size_t len, char *scratch, rb_best_rule *best) {
    scan_rule(doc, index, path, len, scratch, best);
}

/* Every rule of group gi tried against the path, as the reference does. */
void rb_scan_group(const robots_txt *doc, size_t gi, const char *path,
                   size_t len, char *scratch, rb_best_rule *best) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t ri = 0, rules = group_rules(doc, gi); ri < rules; ri++)
        scan_rule(doc, g->first_rule + ri, path, len, scratch, best);
}

/* The reference: every rule of every applicable group is tried, the
 * groups chosen by comparing each user-agent line with each name (the
 * oracle the fuzzers and benchmarks hold robots_check() to). */
void rb_scan_match(const robots_txt *doc, const robots_str *agents, size_t n,
                   const char *path, size_t len, char *scratch,
                   robots_verdict *out) {
    rb_best_rule best;
    rb_best_init(&best);
    for (size_t gi = out->group; gi < doc->group_count; gi++) {
        int applies = out->specific ? rb_group_names_caller(doc, gi, agents, n)
                                    : rb_group_is_wildcard(doc, gi);
        if (applies)
            rb_scan_group(doc, gi, path, len, scratch, &best);
    }
    rb_best_finish(doc, &best, out);
}

void rb_first_match(const robots_txt *doc, const char *path, size_t len,
                    char *scratch, robots_verdict *out) {
    const rb_group *g = &doc->groups[out->group];
    for (uint32_t ri = 0, rules = group_rules(doc, out->group); ri < rules;
         ri++) {
        const rb_rule *r = &doc->rules[g->first_rule + ri];
        /* The 1996 draft: an empty Disallow restricts nothing, an empty
         * Allow matches everything. */
        if (r->normalized_len == 0 && RB_RULE_KIND(r) == ROBOTS_RULE_DISALLOW)
            continue;
        /* Most rules differ from the path at their second byte (their
         * first is its '/'): told here, before the call. */
        size_t plen = r->normalized_len;
        if (plen > len || (plen >= 2 && !rb_rule_normalises(r) &&
                           doc->text[r->pattern_off + 1] != path[1]))
            continue;
        if (rb_match_prefix(rb_rule_normal(doc, r, scratch), plen, path, len)) {
            rb_verdict_set_rule(doc, out, g->first_rule + ri, UINT32_MAX);
            out->reason = ROBOTS_REASON_FIRST_MATCH;
            return;
        }
    }
    out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
}
