/* SPDX-License-Identifier: MIT */
/*
 * index_build.h - one set of rules being compiled into its unit (see "the
 * compiled index" in index_layout.h): the builder that index_compile.c
 * fills with a set's entries and index_order.c orders into the unit's
 * nodes, and the normal forms of the set's rules. Private to the index.
 */
#ifndef ROBOTS_RT_INDEX_BUILD_H
#define ROBOTS_RT_INDEX_BUILD_H

#include "document.h"
#include "index_layout.h"
#include "memory.h"
#include "words.h"

#include <stddef.h>
#include <stdint.h>

/* An entry while a node's entries are ordered: rank sorts by priority,
 * highest first (it is 0xFFFF - priority, and priorities, pattern lengths,
 * are under 65,536), then allow (kind 0) before disallow, in one compare. */
typedef struct entry_key {
    uint32_t rank; /* (0xFFFF - priority) << 1 | kind */
    uint32_t hash; /* equal rules side by side */
    uint32_t entry;
    uint32_t filter; /* the rule's (RB_FILTER_*), carried along */
} entry_key;

#define ENTRY_RANK(priority, kind)                                             \
    ((uint32_t)((0xFFFFu - (priority)) << 1 | (kind)))

/* A node of the set being built. Its first entry is kept here, and only
 * the others are candidates: most nodes have one, and need no ordering. */
typedef struct local_node {
    uint32_t key_len;
    uint32_t hash;
    uint32_t first;
    uint32_t count;
    uint32_t start; /* its entries in the order scratch, when several */
    uint32_t fill;
    uint32_t has_dir;
} local_node;

typedef struct candidate {
    uint32_t node;
    uint32_t entry;
} candidate;

/* One set being compiled. */
typedef struct builder {
    rb_mem *mem;
    const robots_txt *doc;
    uint32_t multi;     /* nodes with several entries */
    rb_vec nodes;       /* local_node, one per distinct key */
    rb_vec candidates;  /* (node, entry) pairs */
    rb_vec order;       /* entry_key scratch */
    rb_vec out_nodes;   /* rb_node */
    rb_vec entries;     /* uint32_t: the nodes' entries and run markers */
    rb_vec filters;     /* uint32_t: each entry's filter, beside it */
    rb_vec node_hash;   /* uint32_t: the key hash of each node */
    rb_vec prefix_hash; /* uint32_t: each key's prefixes ending in '/' */
    int prefixes;       /* the set may be large enough for the filters */
    /* The normal forms of the set's rules that are not their own (see
     * rb_rule), made once for the build, found by rule, as the build reads
     * them several times an entry: where the rules that normalise lie
     * close together (normal_dense: from normal_low on, at most 4 slots
     * a form), normal_slots holds each one's offset in normal_text at
     * rule - normal_low; else it is a table of normal_mask + 1 slots
     * (rule + 1, offset), at most half full. The direct slot spared a
     * hostile file's 25,000 raw rules 2 M instructions of probes and of
     * clearing the table. normal_slot_bytes: its size. */
    size_t normal_mask, normal_bytes, normal_slot_bytes;
    uint32_t *normal_slots;
    char *normal_text;
    uint32_t normal_low;
    int normal_dense;
    /* Those a unit keeps (normal_keep()): the rules they span, their
     * bytes; and E, the set's rules and companions (robots.h's bound). */
    uint32_t normal_first, normal_span;
    size_t normal_kept, most; /* normal_kept: 0 when none may be kept */
    const uint32_t *groups;   /* the set's, group_count of them */
    size_t group_count;
} builder;

static inline size_t normal_slot(size_t mask, uint32_t rule) {
    return (size_t)((rule * 0x9E3779B1u) >> 7) & mask;
}

/* The normal form of a rule of the set being built. */
static inline const char *rule_text(const builder *b, uint32_t rule) {
    const rb_rule *r = &b->doc->rules[rule];
    if (!rb_rule_normalises(r))
        return b->doc->text + r->pattern_off;
    if (b->normal_dense)
        return b->normal_text + b->normal_slots[rule - b->normal_low];
    size_t i = normal_slot(b->normal_mask, rule);
    while (b->normal_slots[2 * i] != rule + 1) /* it is there */
        i = (i + 1) & b->normal_mask;
    return b->normal_text + b->normal_slots[2 * i + 1];
}

/* h stepped over n bytes, eight a round and the rest by a jump into the
 * same steps: the loop's own test and increment were a third of the cost
 * of hashing every rule's key, and a byte-a-round tail loop another
 * tenth on keys of twenty-odd bytes. */
static inline uint32_t hash_bytes(uint32_t h, const char *p, size_t n) {
    const unsigned char *u = (const unsigned char *)p;
    for (; n >= 8; n -= 8, u += 8) {
        h = rb_hash_step(h, u[0]);
        h = rb_hash_step(h, u[1]);
        h = rb_hash_step(h, u[2]);
        h = rb_hash_step(h, u[3]);
        h = rb_hash_step(h, u[4]);
        h = rb_hash_step(h, u[5]);
        h = rb_hash_step(h, u[6]);
        h = rb_hash_step(h, u[7]);
    }
    switch (n) { /* the bytes left, in order: each case falls through */
    case 7:
        h = rb_hash_step(h, u[n - 7]);
        /* fall through */
    case 6:
        h = rb_hash_step(h, u[n - 6]);
        /* fall through */
    case 5:
        h = rb_hash_step(h, u[n - 5]);
        /* fall through */
    case 4:
        h = rb_hash_step(h, u[n - 4]);
        /* fall through */
    case 3:
        h = rb_hash_step(h, u[n - 3]);
        /* fall through */
    case 2:
        h = rb_hash_step(h, u[n - 2]);
        /* fall through */
    case 1:
        h = rb_hash_step(h, u[n - 1]);
        /* fall through */
    default:
        break;
    }
    return h;
}

/* The first slot of an entry of this rank and hash in index_order.c's
 * table of a large node's repeats (drop_repeats(), mask + 1 slots). */
static inline uint32_t repeat_slot(uint32_t rank, uint32_t hash,
                                   uint32_t mask) {
    uint32_t s = (hash ^ rank * 0x85EBCA6Bu) * 0x9E3779B1u;
    return (s ^ s >> 15) & mask;
}

/* (index_order.c) Orders each node's entries (priority, then allow before
 * disallow, equal rules kept once) into runs, and writes the set's nodes,
 * entries and filters into the builder's output arrays. 0: out of memory. */
RB_HIDDEN int rb_index_emit_nodes(builder *b, rb_set *set);

#endif
