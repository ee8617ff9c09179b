/* SPDX-License-Identifier: MIT */
/*
 * best_rule.h - the best matching rule so far, and the verdict's evidence
 * it becomes: what every way of matching (the index walk, the one pass,
 * the direct walk, the reference scan) offers each matched rule to.
 * Inline: rb_best_consider() runs once per matched rule inside the
 * check's hottest loop (bench/budgets.tsv), and must stay in it. May call
 * the index's look-up of the group holding a rule.
 */
#ifndef ROBOTS_RT_BEST_RULE_H
#define ROBOTS_RT_BEST_RULE_H

#include "compiler.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The group holding a rule of a set. */
static inline size_t rb_group_holding_in(const robots_txt *doc, uint32_t set,
                                         size_t rule) {
    if (set & RB_SET_OF_GROUP)
        return set & ~RB_SET_OF_GROUP;
    const rb_set_def *def = &doc->set_defs[set];
    return rb_group_holding(doc, rb_set_groups(doc, def), def->count, rule);
}

/* The verdict's evidence: the rule, and its group (found among the groups
 * of `set` when the rule came from one: they are ascending and few; else
 * among all). */
static inline void rb_verdict_set_rule(const robots_txt *doc,
                                       robots_verdict *out, size_t rule,
                                       uint32_t set) {
    const rb_rule *r = &doc->rules[rule];
    size_t group = set != UINT32_MAX
                       ? rb_group_holding_in(doc, set, rule)
                       : rb_group_holding(doc, NULL, doc->group_count, rule);
    out->group = group;
    out->rule = rule - doc->groups[group].first_rule;
    out->rule_kind = RB_RULE_KIND(r);
    out->rule_line = RB_RULE_LINE(r);
    out->rule_pattern = doc->text + r->pattern_off;
    out->rule_pattern_len = rb_rule_pattern_len(r);
    out->allowed = RB_RULE_KIND(r) == ROBOTS_RULE_ALLOW;
}

/* The best matching rule so far. The outcome does not depend on the order
 * rules are offered in: the highest priority wins, Allow wins a tie, and
 * between equals the rule first in the file is the evidence. */
typedef struct rb_best_rule {
    int found;
    int tie; /* an Allow and a Disallow of the winning priority matched */
    size_t priority;
    size_t rule; /* index into doc->rules */
    robots_rule_kind kind;
    uint32_t set;      /* the set being matched; UINT32_MAX: none */
    uint32_t rule_set; /* the set `rule` came from; UINT32_MAX: none */
} rb_best_rule;

static inline void rb_best_init(rb_best_rule *best) {
    memset(best, 0, sizeof *best);
    best->set = best->rule_set = UINT32_MAX;
}

/* Offers a matched rule of this priority (its normalised length, or a
 * companion's "<dir>/$"). Always inlined: it is inside every loop that
 * matches rules, the index walk's hottest among them. */
RB_ALWAYS_INLINE static inline void rb_best_consider(rb_best_rule *best,
                                                     size_t priority,
                                                     robots_rule_kind kind,
                                                     size_t rule) {
    if (best->found && priority < best->priority)
        return;
    if (best->found && priority == best->priority) {
        if (kind != best->kind) {
            best->tie = 1;
            if (kind != ROBOTS_RULE_ALLOW)
                return;
        } else if (rule > best->rule) {
            return;
        }
    } else {
        best->tie = 0;
    }
    best->found = 1;
    best->priority = priority;
    best->kind = kind;
    best->rule = rule;
    best->rule_set = best->set;
}

/* The verdict's reason and evidence from the best rule found. */
static inline void rb_best_finish(const robots_txt *doc,
                                  const rb_best_rule *best,
                                  robots_verdict *out) {
    if (!best->found) {
        out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
        return;
    }
    rb_verdict_set_rule(doc, out, best->rule, best->rule_set);
    out->reason =
        best->tie ? ROBOTS_REASON_TIE_ALLOW : ROBOTS_REASON_LONGEST_MATCH;
}

#endif
