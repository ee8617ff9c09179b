/* SPDX-License-Identifier: MIT */
/*
 * index_layout.h - the compiled index's layout, shared by the module that
 * builds it (index.c, index_compile.c, index_order.c) and the one that
 * reads it (check_walk.c): tokens, sets, their hash tables and Bloom filters,
 * nodes, entries, runs and filters, and the compiled unit. Types and
 * inline bit arithmetic only; may call nothing.
 */
#ifndef ROBOTS_RT_INDEX_LAYOUT_H
#define ROBOTS_RT_INDEX_LAYOUT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/*
 * rfc9309 and google: for each distinct product token, and for `*`, the
 * rules of every group it selects, merged into one "set" (or, past a
 * budget that keeps the index linear in the input, one set per group). A set is
 * a hash table from a rule's literal prefix (its "key": the normalised pattern
 * up to the first `*`, without a final `$`) to the rules having that key. A
 * check hashes the path's prefixes incrementally and looks up only the
 * lengths some key has, so it visits the rules that can match instead of
 * every rule. The parse records only which groups each set merges
 * (rb_set_def); a set's table, nodes and entries (an rb_unit) are compiled
 * by the first check that reads it. */
/* A token in 4 bytes, as a file may name a token of its own in every
 * 20-byte group: RB_TOKEN_OWN | an agent whose token it is, for a token
 * named in one group only (most are), whose set is that group's; or the
 * index in token_sets of such an agent, followed by its sets word. An
 * agent gives the token's bytes (rb_token_agent()).
 * A sets word, what a resolution keeps of a token (rb_token_sets_word()):
 * RB_TOKEN_ONE_SET | id of its one set, or, past the merge budget, one
 * set per group: the index in token_sets of their count, followed by
 * their ids (rb_token_sets()). */
typedef uint32_t rb_token;
#define RB_TOKEN_OWN 0x80000000u
#define RB_TOKEN_ONE_SET 0x80000000u

/* A slot is 0 (empty) or a node's index + 1 in the bits of its unit's
 * slot_node_mask, and the high bits of the node's key hash above them: a
 * tag that rules out most other keys without reading their node. A table
 * has 1.5 slots a key, and one: sized to its keys, not to a power of two
 * (which left tables from a third to two thirds full), so a probe starts
 * at a scaled mix of the hash, not at its low bits. */
typedef struct rb_set {
    uint64_t len_mask;    /* bit L: some key is L bytes long (L < 64) */
    uint32_t max_key_len; /* no longer prefix of a path needs a look-up */
    uint32_t first_slot;  /* its hash table: slots[first_slot..+slot_count) */
    uint32_t slot_count;  /* keys + keys / 2 + 1 */
} rb_set;

static inline uint32_t rb_slot_start(uint32_t hash, uint32_t slot_count) {
    return (uint32_t)(((uint64_t)(hash * 0x85EBCA77u) * slot_count) >> 32);
}

/* A set of RB_BLOOM_MIN_SLOTS slots or more has, in the 32-bit words
 * before its table, two Bloom filters:
 *   keys:     the keys' hashes, a word for every slot (rb_bloom_words: 48
 *             bits a key, so about one prefix in 48 that is no key
 *             passes). A check tests one bit for each prefix of the path
 *             before it probes the table, and most prefixes are no key: a
 *             probe that misses visits two or three slots of a
 *             linear-probing table 2/3 full, the bit test one word. At 8
 *             bits a slot, the false hits' probes cost a workload check
 *             about 70 instructions more.
 *   prefixes: a word for every four slots (rb_prefix_words): the hash of
 *             every prefix of a key that ends in '/' before
 *             the key does (rb_prefix_mix). A check at a '/' of the path
 *             whose prefix is in no key's way stops its walk: no longer
 *             prefix can be a key. Most paths leave the keys' tree a
 *             segment or two in, so the walk reads a third of the path.
 * Smaller sets (most of them: one group's) keep to their length mask. */
#ifndef RB_BLOOM_MIN_SLOTS /* the fuzzers' build lowers it (fuzz/) */
#define RB_BLOOM_MIN_SLOTS 512u
#endif
static inline size_t rb_bloom_words(uint32_t slot_count) {
    return slot_count >= RB_BLOOM_MIN_SLOTS ? (size_t)slot_count : 0;
}
static inline size_t rb_prefix_words(uint32_t slot_count) {
    return slot_count >= RB_BLOOM_MIN_SLOTS ? ((size_t)slot_count + 3) / 4 : 0;
}
/* A filter of `words` 32-bit words holds a hash as one bit: its mix m
 * (another multiply than the table's) picks the word by its high bits,
 * (m * words) >> 32, and the bit in it by its low five. A check tests
 * the keys' filter at every byte of the path: a multiply, a shift, a load
 * and a bit test (the machine's takes the low five bits itself), where a
 * bit position scaled over the whole filter took two shifts more. */
static inline uint32_t rb_bloom_mix(uint32_t hash) {
    return hash * 0x9E3779B1u;
}
/* The prefixes filter's: a third mix. */
static inline uint32_t rb_prefix_mix(uint32_t hash) {
    return hash * 0xC2B2AE3Du;
}
static inline int rb_bloom_has(const uint32_t *filter, size_t words,
                               uint32_t mix) {
    return ((filter[((uint64_t)mix * words) >> 32] >> (mix & 31)) & 1u) != 0;
}
static inline void rb_bloom_add(uint32_t *filter, size_t words, uint32_t mix) {
    filter[((uint64_t)mix * words) >> 32] |= (uint32_t)1 << (mix & 31);
}

/* A node's key is a prefix of the normalised pattern of each of its
 * entries' rules: a check reads it from the first. Eight bytes, as a file
 * has about one node per rule: the key's length (at most three times
 * ROBOTS_MAX_LINE_BYTES, under 65,536) and the number of entries share a
 * word. Most nodes have one entry, kept in `ref` itself; otherwise `ref`
 * is where the entries start, and a count of RB_NODE_MANY or more is
 * written as RB_NODE_MANY with the true count in entries[ref], before
 * them. A single entry with a filter (see RB_FILTER_*) is written apart
 * too, its count RB_NODE_ONE_APART, so that its filter has a place:
 * filters[k] is the filter of entries[k] (0 for a marker, a count, or a
 * rule without a wildcard). Its key hash is in its slot (see rb_set). */
typedef struct rb_node {
    uint32_t key_count; /* key length | entry count << 16 */
    uint32_t ref;
} rb_node;

#define RB_NODE_MANY 0xFFFFu
#define RB_NODE_ONE_APART 0u
#define RB_NODE_KEY_LEN(n) ((n)->key_count & 0xFFFFu)

/* An entry is a rule index; this bit marks google's "<dir>/$" companion of
 * an Allow ending in "/index.htm...". Entries of a node are sorted by
 * priority, highest first (within each run, below), so a check stops at
 * the first that cannot win. */
#define RB_ENTRY_INDEX_DIR 0x80000000u

/* A node of RB_RUN_MIN entries or more (the key "/" of a large set holds
 * every "*.php$" and "*?sid=" rule of its groups) has its entries in runs,
 * each behind a marker entry: a test of the path that every rule of the
 * run needs (so a failed test skips the run in one step) and the run's
 * length. Within a run, entries are by priority, highest first (a HAS
 * run: by head, see RB_HEAD_KEY, then by priority).
 *   ALL:  no test (rules without a filter, "<dir>/$" companions);
 *   LAST: the path's last byte is B (rules ending in "...B$");
 *   HAS:  B occurs in the path past the key (B starts the rule's first
 *         segment); each rule of the run has a head filter (RB_HEAD_*).
 * The LAST runs, ordered by B, come together behind one more marker,
 * ENDS, whose length covers them all: a check reads them only up to the
 * path's last byte and skips the rest.
 * Rule indexes stay below 2^30 (a rule takes more than a byte of an input
 * of at most ROBOTS_MAX_INPUT_BYTES), so bit 30 tells a marker from an
 * entry. */
#define RB_ENTRY_RUN 0x40000000u
#define RB_RUN_ALL 0u
#define RB_RUN_LAST 1u
#define RB_RUN_HAS 2u
#define RB_RUN_ENDS 3u
#ifndef RB_RUN_MIN /* the fuzzers' build lowers it (fuzz/) */
#define RB_RUN_MIN 8u
#endif
#define RB_RUN_MAX_COUNT 0xFFFFFu
#define RB_RUN_MARKER(kind, byte, count)                                       \
    (RB_ENTRY_RUN | (uint32_t)(kind) << 28 | (uint32_t)(byte) << 20 |          \
     (uint32_t)(count))
#define RB_RUN_KIND(v) (((v) >> 28) & 3u)
#define RB_RUN_BYTE(v) ((unsigned char)((v) >> 20))
#define RB_RUN_COUNT(v) ((v)&RB_RUN_MAX_COUNT)

/* A rule's filter: a test a check makes before matching a wildcard rule
 * (one whose key ends at a `*`), from what the pattern needs of the path
 * after its key. Bits 0-7 and 8-15: bytes A and B; bits 16-29: the literal
 * bytes the pattern needs after its key (saturated); bits 30-31: the test.
 *   NONE:   only the length;
 *   SUFFIX: (a final `$` and a last segment of at least two bytes) the path
 *           ends with B then A;
 *   LAST:   (a final `$` and a one-byte last segment) the path ends with A;
 *   BYTES:  A and B both occur in the path.
 * Every test is implied by a match, so a failed test is a certain miss. */
#define RB_FILTER_NONE 0u
#define RB_FILTER_SUFFIX 1u
#define RB_FILTER_LAST 2u
#define RB_FILTER_BYTES 3u
/* In a HAS run every rule's first segment starts with the run's byte, so
 * a rule's filter there is its head instead:
 *   bits 0-15:  the first RB_FILTER_MODE(f) bytes (0, 1 or 2) of the
 *               segment after that byte, A then B. Where the byte occurs
 *               once past the key, a path without them after it cannot
 *               match; most '?' rules end there. The run is ordered by
 *               head (RB_HEAD_KEY), so a check searches it.
 *   bits 16-23: RB_HEAD_RARE, the byte of the pattern rarest in paths (a
 *               BYTES filter's A): where the run's byte occurs again, a
 *               path without it cannot match.
 *   bits 24-29: RB_HEAD_MIN, the literal bytes the pattern needs after its
 *               key, saturated at 63. */
#define RB_HEAD_MAX 2u
#define RB_HEAD_KEY(f) ((((f) >> 14) & 0x30000u) | ((f)&0xFFFFu))
#define RB_HEAD_RARE(f) ((unsigned char)((f) >> 16))
#define RB_HEAD_MIN(f) (((f) >> 24) & 0x3Fu)

#define RB_FILTER_MODE(f) ((f) >> 30)
#define RB_FILTER_MIN(f) (((f) >> 16) & 0x3FFFu)
#define RB_FILTER_A(f) ((unsigned char)((f)&0xFFu))
#define RB_FILTER_B(f) ((unsigned char)(((f) >> 8) & 0xFFu))

/* A set as the parse leaves it: the groups it merges, ascending
 * (rb_set_groups): set_groups[first..+count), or, in the definition
 * rb_set_def_of() makes up for a set of one group, that group, in `first`
 * itself. Its index is compiled on the first check that reads it
 * (rb_index_unit), so that parsing costs the lines alone, and a file
 * naming hundreds of crawlers pays only for those that ask. */
typedef struct rb_set_def {
    uint32_t first;
    uint32_t count;
} rb_set_def;

/* A set's id: an index into set_defs, or RB_SET_OF_GROUP | g, the set of
 * group g alone, which the parse keeps nothing of (a token named in one
 * group, and most tokens of a file naming many crawlers are: no
 * definition, no slot for its unit until a check compiles one). */
#define RB_SET_OF_GROUP 0x40000000u

/* A compiled set: one allocation through the document's allocator, the
 * arrays after this header. Published once, atomically, in doc->units;
 * immutable from then on, and freed by robots_free(). */
typedef struct rb_unit {
    size_t bytes; /* the whole allocation */
    rb_set set;
    uint32_t slot_node_mask; /* see rb_set */
    const uint32_t *slots;   /* the two Bloom filters, then the table */
    const rb_node *nodes;
    const uint32_t *entries;
    const uint32_t *filters; /* beside entries, one a word (see rb_node) */
    /* The normal forms of the set's rules that do not keep their own
     * (rb_rule), kept while the unit stays within robots.h's 30 * E + 96
     * bytes: NULL, or [first rule, rules spanned, then for each rule of
     * the span the offset + 1 of its normal form (0: none), then the
     * forms' bytes]. A check past its budget reads a rule's there
     * (rb_unit_normal()), not normalising it again. */
    const uint32_t *normal;
} rb_unit;
typedef _Atomic(const rb_unit *) rb_unit_ref;

/* The normal form a unit keeps of a rule (normalized_len bytes), or NULL. */
static inline const char *rb_unit_normal(const rb_unit *unit, uint32_t rule) {
    const uint32_t *n = unit->normal;
    if (n == NULL || rule - n[0] >= n[1]) /* below n[0]: wraps, above */
        return NULL;
    uint32_t at = n[2 + (rule - n[0])];
    return at == 0 ? NULL : (const char *)(n + 2 + n[1]) + (at - 1);
}

#endif
