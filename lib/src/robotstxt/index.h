/* SPDX-License-Identifier: MIT */
/*
 * index.h - the rule index: the parse-time part (index.c: tokens and the
 * sets they select; index_tokens.c: the tokens a caller names) and the
 * compiled units a check reads, compiled on first use and published
 * atomically (index_compile.c, index_order.c). May call: memory.h,
 * agent.h, normalize.h, words.h.
 */
#ifndef ROBOTS_RT_INDEX_H
#define ROBOTS_RT_INDEX_H

#include "compiler.h"
#include "document.h"
#include "index_layout.h"
#include "memory.h"
#include "robots.h"
#include "words.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* A token's case-insensitive hash: the parse's tokens' table and a
 * caller's name at check time both hash through here, so the two always
 * agree. Eight bytes a step, each with bit 5 set: that folds ASCII case,
 * and merges a few other pairs ('@' and '`', say), which costs only a
 * compare on a probe. A token shorter than eight bytes, as most are, is
 * read in two overlapping loads (or its first, middle and last byte).
 * Inlined: a call a user-agent line cost the build's loop its registers
 * (index.c), and here it is a check's (index_tokens.c). */
RB_ALWAYS_INLINE static inline uint32_t rb_token_hash(const char *s,
                                                      size_t len) {
    const uint64_t fold = RB_ONES * 0x20u;
    const uint64_t mix = 0x9E3779B97F4A7C15u; /* odd: 2^64 / golden ratio */
    uint64_t h = ((uint64_t)len + 1) * mix;
    size_t i = 0;
    for (; len - i > 8; i += 8)
        h = (h ^ (rb_load8(s + i) | fold)) * mix;
    uint64_t last;
    if (len >= 8)
        last = rb_load8(s + len - 8);
    else if (len >= 4)
        last = rb_load4(s) | (uint64_t)rb_load4(s + len - 4) << 32;
    else if (len > 0)
        last = (unsigned char)s[0] | (unsigned)(unsigned char)s[len / 2] << 8 |
               (unsigned)(unsigned char)s[len - 1] << 16;
    else
        last = 0;
    h = (h ^ (last | fold)) * mix;
    return (uint32_t)(h >> 32);
}

/* A set's definition, made up for the set of one group. */
static inline rb_set_def rb_set_def_of(const robots_txt *doc, uint32_t set) {
    if (set & RB_SET_OF_GROUP) {
        rb_set_def def = {set & ~RB_SET_OF_GROUP, 1};
        return def;
    }
    return doc->set_defs[set];
}

/* The groups a set merges, def->count of them, ascending. */
static inline const uint32_t *rb_set_groups(const robots_txt *doc,
                                            const rb_set_def *def) {
    return def->count == 1 ? &def->first : doc->set_groups + def->first;
}

/* The ids of the sets a token's sets word selects, *count of them; `one`
 * holds the id of a token's only set. */
static inline const uint32_t *rb_token_sets(const robots_txt *doc,
                                            uint32_t word, uint32_t *one,
                                            uint32_t *count) {
    if (word & RB_TOKEN_ONE_SET) {
        *one = word & ~RB_TOKEN_ONE_SET;
        *count = 1;
        return one;
    }
    *count = doc->token_sets[word];
    return doc->token_sets + word + 1;
}

/* An agent whose product token is the token. */
static inline uint32_t rb_token_agent(const uint32_t *token_sets,
                                      rb_token token) {
    return token & RB_TOKEN_OWN ? token & ~RB_TOKEN_OWN : token_sets[token];
}

/* The group holding a rule, among `count` groups in ascending order:
 * group ids[i], or i itself when ids is NULL. Groups own consecutive runs
 * of rules, and an empty group shares its first_rule with the group after
 * it, so the last group starting at or before the rule is the one holding
 * it (count is at least 1: the rule came from one of them). */
static inline size_t rb_group_holding(const robots_txt *doc,
                                      const uint32_t *ids, size_t count,
                                      size_t rule) {
    size_t lo = 0, hi = count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->groups[ids ? ids[mid] : mid].first_rule <= rule)
            lo = mid;
        else
            hi = mid;
    }
    return ids ? ids[lo] : lo;
}

/* The entries of a node (see rb_node), *count of them. */
static inline const uint32_t *
rb_node_entries(const rb_unit *unit, const rb_node *node, uint32_t *count) {
    uint32_t n = node->key_count >> 16;
    if (n == 1) {
        *count = 1;
        return &node->ref;
    }
    const uint32_t *e = unit->entries + node->ref;
    if (n == RB_NODE_MANY) {
        *count = e[0];
        return e + 1;
    }
    *count = n == RB_NODE_ONE_APART ? 1 : n;
    return e;
}

/* The index's parse-time part, while it is built: growable arrays the
 * parser copies into the document's block. */
typedef struct rb_index_build {
    rb_vec tokens, token_sets, set_defs, set_groups, token_slots;
    uint32_t wildcard_set;
    uint32_t token_slot_count, token_id_mask;
    /* Set by the parse when a rule has google's "<dir>/$" companion
     * (RB_RULE_INDEX_HTM): only then are a merged set's rules read to
     * count them (rb_index_set_entries()). */
    int companions;
} rb_index_build;

/* Entries a set of these groups holds before duplicates are dropped: its
 * rules, and with companions (google, when a rule may have one) the
 * "<dir>/$" companion of each index.htm Allow (index.c). */
RB_HIDDEN size_t rb_index_set_entries(int companions, const rb_group *groups,
                                      size_t group_count, const rb_rule *rules,
                                      size_t rule_count, const uint32_t *list,
                                      size_t n);
/* The slots of an open-addressing table for n items: a power of two, at
 * most two thirds full. */
static inline size_t rb_index_table_size(size_t n) {
    size_t size = 1;
    while (size < n + n / 2 + 1)
        size *= 2;
    return size;
}
/* Empty. Inline: every parse starts one. */
static inline void rb_index_init(rb_index_build *build) {
    rb_vec_init(&build->tokens, sizeof(rb_token));
    rb_vec_init(&build->token_sets, sizeof(uint32_t));
    rb_vec_init(&build->set_defs, sizeof(rb_set_def));
    rb_vec_init(&build->set_groups, sizeof(uint32_t));
    rb_vec_init(&build->token_slots, sizeof(uint32_t));
    build->wildcard_set = UINT32_MAX; /* no `*` set (index.c's NO_SET) */
    build->token_slot_count = build->token_id_mask = 0;
    build->companions = 0;
}
RB_HIDDEN void rb_index_release(rb_mem *mem, rb_index_build *build);
/* The index of a file whose only user-agent lines are `*` lines of its
 * one group (most small files: "User-agent: *" and its rules): no token,
 * and the `*` set is that group's own, which needs nothing kept. Set
 * here, with no scratch or planner, which were about 150 instructions of
 * such a file's parse of 3,000; 1 when it is such a file, else 0 (and
 * nothing set: rb_index_build_all() builds it). Beside the build rather
 * than in it: a test there, even one never taken, moved the build's loop
 * and cost the 512 KB workload 2,000 instructions. */
static inline int
rb_index_one_star_group(rb_index_build *build, robots_profile profile,
                        const rb_group *groups, size_t group_count,
                        const rb_agent *agents, size_t agent_count) {
    /* legacy has no index; a file of no group none to build */
    if (profile == ROBOTS_PROFILE_LEGACY || group_count != 1)
        return 0;
    for (size_t a = groups[0].first_agent; a < agent_count; a++)
        if (!rb_agent_wildcard(&agents[a]))
            return 0;
    build->wildcard_set = RB_SET_OF_GROUP | 0u; /* add_set()'s for one */
    return 1;
}
/* Builds the parse-time part of the index of a parsed document's groups
 * (the tokens and the sets they select), its values in the text_len bytes
 * of text. 0 on memory failure. */
RB_HIDDEN int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                                 robots_profile profile, const rb_group *groups,
                                 size_t group_count, const rb_agent *agents,
                                 size_t agent_count, const rb_rule *rules,
                                 size_t rule_count, const char *text,
                                 size_t text_len);
/* The compiled unit of a set, compiled now if no check has yet (through
 * the document's allocator, outside its memory cap). NULL when memory for
 * it runs out: the caller then answers without the index. The common
 * case, a set already compiled, is one atomic load, inline. */
RB_HIDDEN const rb_unit *rb_index_compile(const robots_txt *doc, uint32_t set);
static inline const rb_unit *rb_index_unit(const robots_txt *doc,
                                           uint32_t set) {
    const rb_unit_ref *ref = &doc->units[set];
    if (set & RB_SET_OF_GROUP) {
        rb_unit_ref *slots =
            atomic_load_explicit(doc->group_units, memory_order_acquire);
        if (slots == NULL)
            return rb_index_compile(doc, set);
        ref = &slots[set & ~RB_SET_OF_GROUP];
    }
    const rb_unit *unit = atomic_load_explicit(ref, memory_order_acquire);
    return unit != NULL ? unit : rb_index_compile(doc, set);
}
/* Frees the units robots_free() finds compiled. */
RB_HIDDEN void rb_index_free_units(robots_txt *doc);
/* The distinct tokens (indexes into doc->tokens) the callers name, at most
 * n of them; 0 when no group names any caller. */
RB_HIDDEN size_t rb_index_tokens(const robots_txt *doc,
                                 const robots_str *callers, size_t n,
                                 uint32_t *tokens);
/* A token's sets word (see rb_token): for a token of one group, that
 * group's set, found by a binary search of the groups for its agent. */
RB_HIDDEN uint32_t rb_token_sets_word(const robots_txt *doc, rb_token token);

#endif
