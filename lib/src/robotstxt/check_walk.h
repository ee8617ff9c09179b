/* SPDX-License-Identifier: MIT */
/*
 * check_walk.h - the walk of one compiled set (check_walk.c): each prefix
 * of the path that is a key, its rules tried within the check's wildcard
 * budget, or gathered for one pass once past it. rb_path_view is the path
 * as a check reads it, which the one pass (check_path.c) reads too.
 */
#ifndef ROBOTS_RT_CHECK_WALK_H
#define ROBOTS_RT_CHECK_WALK_H

#include "best_rule.h"
#include "compiler.h"
#include "document.h"
#include "index_layout.h"
#include "multi.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* The path a check reads, with what the filters test, computed once, and
 * the last search for a byte (the wildcard rules of a node often start
 * their first segment with the same byte, as "?" in rules for "?a=" and
 * "?b=" anywhere). */
typedef struct rb_path_view {
    const char *path;
    size_t len;
    int have_bytes;
    uint64_t bytes[2]; /* bit c & 127: byte c occurs in the path */
    size_t find_from, find_at;
    int find_byte; /* -1: none cached */
    /* Wildcard work so far (per-rule bound), against the budget:
     * RB_WILD_BUDGET, or SIZE_MAX once rb_match_many() had no memory. */
    size_t work, budget;
    int over_budget;    /* a set stopped: its rules go to rb_match_many() */
    int many;           /* every set from now on goes to rb_match_many() */
    int collecting;     /* wildcard rules are gathered, not matched */
    rb_wild_rule *wild; /* where they go, wild_cap of them */
    uint32_t *wild_set; /* the set each came from, for the evidence */
    /* Two bits a rule, (rule << 1 | companion): gathered already. The
     * sets of two names can share a group, and so its rules. */
    unsigned char *gathered;
    size_t wild_count, wild_cap;
    /* While collecting: the set walked, for the normal forms it keeps. */
    const rb_unit *unit;
    /* doc->longest_rule_normal bytes for the normal form of a rule that does
     * not keep it, and the rule whose it holds (UINT32_MAX: none), which a
     * probe makes for its key and the rule's match reads again. */
    char *scratch;
    uint32_t scratch_rule;
    char *rests; /* the gathered rules' rests of their own, rests_bytes */
    size_t rests_bytes;
} rb_path_view;

/* The normal form of a rule that does not keep it, made in q->scratch
 * (once for consecutive reads of one rule). */
RB_COLD RB_HIDDEN const char *rb_normalise_rule(const robots_txt *doc,
                                                uint32_t rule, rb_path_view *q);

/* A rule's normal form (see rb_rule): most rules keep it. */
static inline const char *rb_normal_of(const robots_txt *doc, uint32_t rule,
                                       rb_path_view *q) {
    const rb_rule *r = &doc->rules[rule];
    if (!rb_rule_normalises(r))
        return doc->text + r->pattern_off;
    return rb_normalise_rule(doc, rule, q);
}

/* One set: for each prefix of the path whose length some key has, one hash
 * look-up; the hash of each prefix extends the previous one. Only a node
 * tried can pass the work budget (q->over_budget). */
RB_HIDDEN void rb_walk_set(const robots_txt *doc, const rb_unit *unit,
                           rb_path_view *q, rb_best_rule *best);

#endif
