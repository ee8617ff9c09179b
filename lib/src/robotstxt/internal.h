/* SPDX-License-Identifier: MIT */
/*
 * internal.h - what the core modules share: the document's layout, the
 * memory accounting, and the functions one module offers another. Not
 * installed; the tests include it to reach module functions directly.
 */
#ifndef ROBOTS_INTERNAL_H
#define ROBOTS_INTERNAL_H

#include "robots.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* SSE2 where it is there (every x86-64) for the parser's byte searches;
 * RB_NO_SIMD keeps to the portable code (a CI gate builds it so). */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) &&          \
    !defined(RB_NO_SIMD)
#include <emmintrin.h>
#define RB_SSE2 1
#endif

/* Little-endian byte order: a word's lowest byte is its first in memory,
 * so the lowest flag of a byte mask (rb_zero_byte() and the like, exact
 * in their lowest flag) is the first match. RB_NO_FIRST_FLAGGED keeps to
 * the byte-by-byte code instead (a CI gate builds it so). */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(RB_NO_FIRST_FLAGGED)
#define RB_LITTLE_ENDIAN 1
#endif

#define RB_HIDDEN __attribute__((visibility("hidden")))
/* A path hot loops rarely take, kept out of them so that they stay small
 * enough to inline. */
#define RB_COLD __attribute__((cold, noinline))
#define RB_ALWAYS_INLINE __attribute__((always_inline))

/* ---- memory (alloc.c) ---------------------------------------------------
 * Every allocation of a parse goes through one rb_mem, which counts the
 * live bytes and enforces the cap, so a cap bounds the peak, not only the
 * result. */
typedef struct rb_mem {
    robots_allocator allocator;
    size_t live;           /* bytes currently allocated */
    size_t peak;           /* most bytes ever live at once */
    size_t cap;            /* 0: none */
    robots_status failure; /* why the last rb_alloc failed */
} rb_mem;

RB_HIDDEN void rb_mem_init(rb_mem *mem, const robots_allocator *allocator,
                           size_t cap);
/* NULL on failure, with mem->failure set (NO_MEMORY or MEMORY_CAP). */
RB_HIDDEN void *rb_alloc(rb_mem *mem, size_t size);
RB_HIDDEN void rb_free(rb_mem *mem, void *ptr, size_t size);

/* A growable array of fixed-size elements. Growth allocates anew and
 * copies (the allocator interface has no realloc). */
typedef struct rb_vec {
    unsigned char *data;
    size_t count;
    size_t cap;
    size_t elem;
} rb_vec;

RB_HIDDEN void rb_vec_init(rb_vec *vec, size_t elem);
/* rb_vec_reserve() when the array must grow. */
RB_HIDDEN void *rb_vec_grow(rb_mem *mem, rb_vec *vec, size_t more);
RB_HIDDEN void rb_vec_release(rb_mem *mem, rb_vec *vec);

/* Room for `more` elements; returns a pointer to the first new one (not yet
 * counted), or NULL on failure. Inline: most calls find the room there. */
static inline void *rb_vec_reserve(rb_mem *mem, rb_vec *vec, size_t more) {
    if (vec->data != NULL && more <= vec->cap - vec->count)
        return vec->data + vec->count * vec->elem;
    return rb_vec_grow(mem, vec, more);
}

/* Appends `n` elements copied from src. 0 on failure. */
static inline int rb_vec_push(rb_mem *mem, rb_vec *vec, const void *src,
                              size_t n) {
    unsigned char *dst = (unsigned char *)rb_vec_reserve(mem, vec, n);
    if (dst == NULL)
        return 0;
    if (n != 0)
        memcpy(dst, src, n * vec->elem);
    vec->count += n;
    return 1;
}

/* ---- the document -------------------------------------------------------
 * Strings live in one text area, referred to by offset and length, each
 * followed by a NUL. 32-bit offsets are enough: the input is at most
 * ROBOTS_MAX_INPUT_BYTES and text is bounded by a small multiple of it. */
typedef struct rb_span {
    uint32_t off;
    uint32_t len;
} rb_span;

/* A rule in 12 bytes: a realistic file has tens of thousands. Line numbers
 * fit in 30 bits (the input is at most ROBOTS_MAX_INPUT_BYTES); a pattern
 * is at most ROBOTS_MAX_LINE_BYTES as written, under 32,768, and three
 * times that normalised, under 65,536. The pattern is kept once, as
 * written. Most patterns are their own normal form; one that is not,
 * flagged by RB_RULE_NORMALISE in pattern_bits, is normalised each time
 * it is read (rb_rule_normal()), into a buffer of the reader's: kept, its
 * normal form would take up to three times the pattern's bytes again (a
 * byte >= 0x80 becomes %XX), four times the input's in all. (The index's
 * filter of a rule is computed when its set is compiled, and kept beside
 * its entry.) */
typedef struct rb_rule {
    uint32_t line_bits; /* line << 2 | index_htm << 1 | kind */
    uint32_t pattern_off;
    uint16_t pattern_bits; /* pattern length | RB_RULE_NORMALISE */
    uint16_t normalized_len;
} rb_rule;

#define RB_RULE_NORMALISE 0x8000u
static inline uint32_t rb_rule_pattern_len(const rb_rule *r) {
    return r->pattern_bits & ~RB_RULE_NORMALISE & 0xFFFFu;
}
static inline int rb_rule_normalises(const rb_rule *r) {
    return (r->pattern_bits & RB_RULE_NORMALISE) != 0;
}

#define RB_RULE_LINE(r) ((r)->line_bits >> 2)
#define RB_RULE_KIND(r) ((robots_rule_kind)((r)->line_bits & 1u))
/* google: an Allow ending in "/index.htm..." also tries "<dir>/$" (see
 * rb_match_index_dir()). */
#define RB_RULE_INDEX_HTM(r) (((r)->line_bits >> 1) & 1u)

/* A user-agent line in 8 bytes (a dense file has one per 20 input bytes):
 * its line, and where its value is in the text, which is under 2^31 (the
 * input is at most ROBOTS_MAX_INPUT_BYTES). The value is NUL-terminated
 * and holds no NUL, so its length, and its token's (the token compared
 * is the value's first token bytes), are found again when needed
 * (rb_agent_value_len(), rb_agent_token()): the rare reads of a line a
 * file may repeat in every 20 bytes. */
typedef struct rb_agent {
    uint32_t line;
    uint32_t value; /* its offset in the text | RB_AGENT_WILDCARD */
} rb_agent;

#define RB_AGENT_WILDCARD 0x80000000u
static inline uint32_t rb_agent_value_off(const rb_agent *a) {
    return a->value & ~RB_AGENT_WILDCARD;
}
static inline int rb_agent_wildcard(const rb_agent *a) {
    return (a->value & RB_AGENT_WILDCARD) != 0;
}

/* A group in 8 bytes (a dense file has one per 21 input bytes): its
 * agents and rules run to the next group's first (or the end), so their
 * counts need no field (rb_group_agents, rb_group_rules); its line is its
 * first agent's (a group starts at a user-agent line); its crawl-delay,
 * rare, is found again among its extension records (access.c). */
typedef struct rb_group {
    uint32_t first_agent;
    uint32_t first_rule;
} rb_group;

/* The user-agent lines (agents) and rules of group g of count groups,
 * whose arrays hold `total` of them in all. */
static inline uint32_t rb_group_agents(const rb_group *groups, size_t count,
                                       size_t total, size_t g) {
    return (g + 1 < count ? groups[g + 1].first_agent : (uint32_t)total) -
           groups[g].first_agent;
}
static inline uint32_t rb_group_rules(const rb_group *groups, size_t count,
                                      size_t total, size_t g) {
    return (g + 1 < count ? groups[g + 1].first_rule : (uint32_t)total) -
           groups[g].first_rule;
}

/* ---- sitemap and extension records (records.c) -------------------------
 * Packed: each record is its line and group as varint deltas from the
 * record before, then its key and its value, NUL-terminated. A mark every
 * RB_RECORD_STRIDE records holds where it starts and its line and group
 * + 1 (0: none), so reading one reads at most STRIDE - 1 others. */
#define RB_RECORD_STRIDE 32u
typedef struct rb_record_mark {
    uint32_t offset, line, group1;
} rb_record_mark;

typedef struct rb_records_build {
    rb_vec bytes, marks;
    size_t count;
    uint32_t last_line, last_group; /* the last record's line, group + 1 */
} rb_records_build;

typedef struct rb_records {
    const unsigned char *bytes;
    const rb_record_mark *marks;
    size_t count;
} rb_records;

RB_HIDDEN void rb_records_init(rb_records_build *build);
RB_HIDDEN void rb_records_release(rb_mem *mem, rb_records_build *build);
/* Appends a record (group UINT32_MAX: none); 0 when memory runs out. */
RB_HIDDEN int rb_records_add(rb_mem *mem, rb_records_build *build,
                             uint32_t line, uint32_t group, const char *key,
                             size_t klen, const char *value, size_t vlen);
/* Record `index` (below list->count), its strings pointing into the list. */
RB_HIDDEN void rb_records_get(const rb_records *list, size_t index,
                              robots_record_info *out);
/* Reading records in order, from the last mark at or before a line:
 * rb_records_next() gives each record from there on (its strings pointing
 * into the list), 0 past the last. */
typedef struct rb_records_iter {
    const rb_records *list;
    size_t index;
    const unsigned char *at;
    uint32_t line, group1;
} rb_records_iter;
RB_HIDDEN void rb_records_from_line(const rb_records *list, uint32_t line,
                                    rb_records_iter *it);
RB_HIDDEN int rb_records_next(rb_records_iter *it, robots_record_info *out);
/* A crawl-delay's value as seconds: a non-negative decimal number under a
 * billion (parse.c); 0 when it is not one. */
RB_HIDDEN int rb_parse_delay(const char *s, size_t len, double *out);

typedef struct rb_diag {
    uint32_t line;
    uint32_t column;
    uint8_t kind;
    uint8_t severity;
    rb_span message;
    rb_span suggestion; /* len 0: none */
} rb_diag;

/* ---- the compiled index (index.c) ----------------------------------------
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
 *             the key does (rb_prefix_bit). A check at a '/' of the path
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
/* The bit of a key prefix's hash in the prefixes filter: a third mix. */
static inline uint32_t rb_prefix_bit(uint32_t hash, size_t words) {
    return (uint32_t)(((uint64_t)(hash * 0xC2B2AE3Du) * (words * 32)) >> 32);
}
/* The bit of a key hash in a filter of `words` words: a scaled mix, other
 * than the table's. */
static inline uint32_t rb_bloom_bit(uint32_t hash, size_t words) {
    return (uint32_t)(((uint64_t)(hash * 0x9E3779B1u) * (words * 32)) >> 32);
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

#define RB_ONES ((uint64_t)0x0101010101010101u)
#define RB_HIGHS ((uint64_t)0x8080808080808080u)

/* Nonzero when some byte of v is zero (exact as a yes/no answer). */
static inline uint64_t rb_zero_byte(uint64_t v) {
    return (v - RB_ONES) & ~v & RB_HIGHS;
}

#ifdef RB_LITTLE_ENDIAN
/* The offset of the first byte in memory that a byte mask m (nonzero, and
 * exact in its lowest flag, as rb_zero_byte()'s is: a borrow only ever
 * flags bytes after a true one) flags: its lowest flag, found by a
 * multiply. */
static inline size_t rb_first_flagged(uint64_t m) {
    return (size_t)((((m & (0 - m)) >> 7) * 0x0001020304050607u) >> 56);
}
#endif

/* Eight and four bytes at p, in the machine's order. */
static inline uint64_t rb_load8(const char *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline uint32_t rb_load4(const char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
/* Whether n bytes at a and b are equal. A key is most often 1 to 16
 * bytes: there, two overlapping loads a side instead of a call. */
static inline int rb_same_bytes(const char *a, const char *b, size_t n) {
    if (n >= 8 && n <= 16)
        return ((rb_load8(a) ^ rb_load8(b)) |
                (rb_load8(a + n - 8) ^ rb_load8(b + n - 8))) == 0;
    if (n >= 4 && n < 8)
        return ((rb_load4(a) ^ rb_load4(b)) |
                (rb_load4(a + n - 4) ^ rb_load4(b + n - 4))) == 0;
    if (n < 4) /* the first, middle and last bytes are all of them */
        return n == 0 ||
               (a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1]);
    return memcmp(a, b, n) == 0;
}

#define RB_FNV_OFFSET 2166136261u
#define RB_FNV_PRIME 16777619u
static inline uint32_t rb_hash_step(uint32_t h, unsigned char c) {
    return (h ^ c) * RB_FNV_PRIME;
}

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
} rb_unit;
typedef _Atomic(const rb_unit *) rb_unit_ref;

/* A caller's agents resolved against a document (check.c): the tokens
 * whose sets apply (rfc9309, google), or the group (legacy, and the
 * reference scan). It depends on the agents alone, so a robots_query, and
 * the document's memo, keep one for many URLs. */
typedef struct rb_resolved {
    size_t group; /* the first that applies; see check.c's GROUP_LATER */
    int specific;
    int reference; /* matched by the reference scan, not the index */
    size_t token_count;
    const uint32_t *tokens; /* the caller's tokens' sets words (rb_token) */
} rb_resolved;

/* What robots_check() remembers of a caller's name passed alone (see
 * robots_txt.memo): its resolution, whose sets are compiled. */
#define RB_MEMO_SLOTS 4
#define RB_MEMO_NAME 48 /* longer names are resolved at every check */
enum { RB_MEMO_FREE, RB_MEMO_WRITING, RB_MEMO_READY };
typedef struct rb_memo {
    _Atomic uint32_t state; /* RB_MEMO_*: FREE, then READY, once */
    uint32_t name_len;
    uint32_t token; /* its sets word; r.tokens points here */
    char name[RB_MEMO_NAME];
    rb_resolved r;
} rb_memo;

/* The first answer. Compiling the sets an agent reads (index.c) costs
 * about as much as the parse did, and pays only over many checks; a
 * crawler often asks a fresh document about one URL or a handful. So the
 * first RB_DIRECT_CHECKS checks of a small document walk the applicable
 * groups' rules directly, as the reference scan does (the same verdict;
 * tests/test_index.c holds them equal), and the checks after them compile
 * the sets and go through the index and the memo (tests set
 * doc->direct_walks to RB_DIRECT_CHECKS to test the index from the first
 * check). "Small": the scan's
 * work is bounded by the pattern bytes (at most three times the parsed
 * bytes, normalised) times the path, so a document of `parsed_bytes`
 * walks directly only while parsed_bytes * (url_len + 1) stays within
 * RB_DIRECT_WORK, and so do its user-agent lines times the names' bytes
 * (the scan compares each line with each name), which keeps such a check
 * to about a millisecond at worst; larger documents, and long lists of
 * long names, compile at their first check, as before. */
#define RB_DIRECT_CHECKS 8u
#define RB_DIRECT_WORK ((size_t)1 << 20)

/* For tests of the index: the document's checks compile their sets from
 * the next one on, as if its direct walks were used up. */
static inline void rb_skip_direct_walks(const robots_txt *doc);

struct robots_txt {
    rb_mem mem;        /* the allocator and the accounting, for robots_free() */
    void *block;       /* the one allocation holding everything below: */
    size_t block_size; /* [text][robots_txt][its arrays] (parse.c) */
    robots_profile profile;
    size_t input_bytes;
    size_t parsed_bytes;
    size_t diag_total;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1]; /* per kind, all found */
    /* Where the parse limit cut the body (robots_txt_cut()): the limit
     * applied (0: none), the first line not read (offset, 1-based number;
     * cut_line 0 when nothing was cut) and the lines and bytes from there
     * on (ROBOTS_NOT_COUNTED when they were not given). */
    size_t parse_limit, cut_offset, cut_line, lines_not_read, bytes_not_read;

    const rb_group *groups;
    const rb_agent *agents;
    const rb_rule *rules;
    rb_records sitemaps;
    rb_records extensions;
    const rb_diag *diags;
    const char *text;
    size_t group_count, agent_count, rule_count, diag_count, text_len;

    /* The index; empty in legacy, whose records are not merged. */
    const rb_token *tokens; /* in the order of their first user-agent line */
    const uint32_t *token_sets; /* per token of many sets: count, ids */
    const rb_set_def *set_defs;
    const uint32_t *set_groups;
    /* Each set's compiled unit, NULL until a check first needs it: the one
     * part of a document written after the parse, each slot once, by an
     * atomic compare-and-swap (see rb_index_unit). The units of the sets
     * of one group are in group_count slots of their own, allocated by the
     * first check that compiles one (published the same way). */
    rb_unit_ref *units;
    _Atomic(rb_unit_ref *) *group_units;
    _Atomic size_t *unit_bytes; /* the units' bytes, for memory_used */
    /* The checks answered so far by walking the rules directly instead of
     * compiling sets (check.c, walk_directly()); counted up to its limit,
     * then only read. */
    atomic_uint *direct_walks;
    /* The resolutions of the first RB_MEMO_SLOTS names robots_check() was
     * given alone: a crawler passes the same name to every check, and
     * resolving it (its token's length, a hash, a probe, a compare, its
     * sets' first group: about 200 instructions) becomes a compare.
     * Written as the units are, each slot once: claimed by a
     * compare-and-swap, filled, then published READY with release; read
     * only once READY. Slots are taken in order, so a FREE one ends the
     * search. */
    rb_memo *memo;
    size_t token_count, token_set_count, set_count, set_group_count;
    uint32_t wildcard_set; /* UINT32_MAX: no `*` group */
    /* The longest normal form of a rule that does not keep it (flagged
     * RB_RULE_NORMALISE; 0 if none): what a check's rule scratch must
     * hold, known once the file is read, so that a check of a document of
     * short rules keeps it on the stack (check.c, check_resolved). */
    uint32_t longest_rule_normal;
    /* The tokens' hash table: a slot is 0 or a token's index + 1 in the
     * bits of token_id_mask, and the high bits of its case-insensitive hash
     * above them; 1.5 slots a token and one, not a power of two (a file
     * may name a token of its own in every 20 bytes), a probe starting at
     * rb_slot_start(). Empty (no slots) when there are no tokens. */
    const uint32_t *token_slots;
    uint32_t token_slot_count, token_id_mask;
};

static inline void rb_skip_direct_walks(const robots_txt *doc) {
    atomic_store_explicit(doc->direct_walks, RB_DIRECT_CHECKS,
                          memory_order_relaxed);
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
} rb_index_build;

static inline const char *rb_str(const robots_txt *doc, rb_span span) {
    return doc->text + span.off;
}

/* ---- character classes --------------------------------------------------
 * One table look-up instead of a chain of comparisons (normalize.c). */
#define RB_C_PLAIN 0x01u /* rfc9309 copies it as is (not %, *, $, ENCODE) */
#define RB_C_UNRESERVED 0x02u /* RFC 3986 section 2.3 */
#define RB_C_ENCODE 0x04u     /* may not appear in a URI as it is */
#define RB_C_TOKEN 0x08u      /* [A-Za-z_-]: a product token */
#define RB_C_HEX 0x20u        /* [0-9A-Fa-f] */
#define RB_C_LINE 0x40u       /* NUL, LF, CR, '#', >= 0x80: a line's specials */
#define RB_C_SPACE 0x80u      /* ' ', '\t' */
RB_HIDDEN extern const unsigned char rb_byte_class[256];
RB_HIDDEN extern const unsigned char rb_lower_table[256];

static inline int rb_is_space(unsigned char c) {
    return c == ' ' || c == '\t';
}
static inline unsigned char rb_lower(unsigned char c) {
    return rb_lower_table[c];
}
static inline int rb_hex_value(unsigned char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
RB_HIDDEN int rb_equal_nocase(const char *a, size_t alen, const char *b,
                              size_t blen);
RB_HIDDEN int rb_contains_nocase(const char *hay, size_t hlen,
                                 const char *needle, size_t nlen);

/* ---- normalisation (normalize.c) ----------------------------------------
 * Output needs at most 3 * len bytes. Returns the output length. */
RB_HIDDEN size_t rb_normalize_pattern(robots_profile profile, const char *in,
                                      size_t len, char *out);
/* Per byte, the profiles whose pattern normalisation copies it as it is:
 * bit 0 rfc9309 (RB_C_PLAIN and `*`), bit 1 google (below 0x80, not '%'),
 * bit 2 legacy (not '%'). A trailing `$` is rfc9309's anchor, kept too. */
RB_HIDDEN extern const unsigned char rb_pattern_kept[256];

/* All eight bytes at u kept by the profile's bit? */
static inline int rb_kept8(const unsigned char *u, unsigned bit) {
    return (rb_pattern_kept[u[0]] & rb_pattern_kept[u[1]] &
            rb_pattern_kept[u[2]] & rb_pattern_kept[u[3]] &
            rb_pattern_kept[u[4]] & rb_pattern_kept[u[5]] &
            rb_pattern_kept[u[6]] & rb_pattern_kept[u[7]] & bit) != 0;
}

#ifdef RB_SSE2
/* Per byte of v, all ones where a pattern's normal form does not keep it
 * as it is: google, a byte >= 0x80 or '%'; rfc9309 (`rfc`), a byte that
 * is neither RB_C_PLAIN nor '*': a control, a space, a byte >= 0x7F, or
 * one of "$%<>\^`{|}. Bytes that differ in one bit share a compare: '$'
 * and '%' (bit 0), '<' and '>', '\' and '^' (bit 1); '{', '|' and '}'
 * are the range above 'z' below 0x7F, less '~'. */
static inline __m128i rb_refused16(__m128i v, int rfc) {
    __m128i percent = _mm_set1_epi8('%');
    if (!rfc)
        return _mm_or_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()),
                            _mm_cmpeq_epi8(v, percent));
    __m128i bit0 = _mm_or_si128(v, _mm_set1_epi8(1));
    __m128i bit1 = _mm_or_si128(v, _mm_set1_epi8(2));
    __m128i bad = _mm_cmplt_epi8(v, _mm_set1_epi8(0x21)); /* and >= 0x80 */
    bad = _mm_or_si128(bad,
                       _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('~')),
                                        _mm_cmpgt_epi8(v, _mm_set1_epi8('z'))));
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(bit0, percent));
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(bit1, _mm_set1_epi8('>')));
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(bit1, _mm_set1_epi8('^')));
    bad = _mm_or_si128(bad, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
    return _mm_or_si128(bad, _mm_cmpeq_epi8(v, _mm_set1_epi8('`')));
}

/* rb_pattern_is_normal() for rfc9309 or google, for a pattern of 1 to 32
 * bytes with at least 33 - len readable bytes before it (its line's key
 * and the body's earlier lines): the 32 bytes that end where it ends (or
 * where its '$' begins), with the bytes before it masked off. No branch
 * depends on the length, which varies from rule to rule: the table test's
 * branches on it mispredicted often enough to cost a fifth of a parse. */
static inline int rb_pattern_is_normal32(int rfc, const char *in, size_t len) {
    const unsigned char *end = (const unsigned char *)in + len;
    /* rfc9309 keeps a '$' only as the end anchor. */
    size_t anchor = (size_t)(rfc & (end[-1] == '$'));
    end -= anchor;
    len -= anchor;
    uint64_t bad =
        (uint64_t)(unsigned)_mm_movemask_epi8(rb_refused16(
            _mm_loadu_si128((const __m128i *)(const void *)(end - 32)), rfc)) |
        (uint64_t)(unsigned)_mm_movemask_epi8(rb_refused16(
            _mm_loadu_si128((const __m128i *)(const void *)(end - 16)), rfc))
            << 16;
    return (bad >> (32 - len)) == 0;
}
#endif

/* 1 when normalisation copies every byte of the pattern as it is (in
 * rfc9309, a final '$' too): the pattern is its own normal form (the usual
 * case), and need not be normalised or stored twice. 0 does not say it
 * is not: only that normalisation has to be run to know. Inline, as the
 * parser asks it of every rule. */
static inline int rb_pattern_is_normal(robots_profile profile, const char *in,
                                       size_t len) {
    const unsigned char *u = (const unsigned char *)in;
    unsigned bit = profile == ROBOTS_PROFILE_GOOGLE   ? 2u
                   : profile == ROBOTS_PROFILE_LEGACY ? 4u
                                                      : 1u;
    /* rfc9309 keeps a '$' only as the end anchor. */
    if (bit == 1u && len > 0 && u[len - 1] == '$')
        len--;
    if (len < 8) {
        for (size_t i = 0; i < len; i++)
            if (!(rb_pattern_kept[u[i]] & bit))
                return 0;
        return 1;
    }
    /* Whether every byte is kept, not where the first is not: the last
     * step overlaps the one before it, as a byte tested twice does no
     * harm, and no pattern takes a bytewise tail. */
#ifdef RB_SSE2
    if (bit == 2u && len >= 16) {
        for (size_t i = 0;; i += 16) {
            if (i > len - 16)
                i = len - 16;
            if (_mm_movemask_epi8(rb_refused16(
                    _mm_loadu_si128((const __m128i *)(const void *)(u + i)),
                    0)))
                return 0;
            if (i == len - 16)
                return 1;
        }
    }
#endif
    if (len <= 16) /* most patterns: two steps, or three, and no loop */
        return rb_kept8(u, bit) && rb_kept8(u + len - 8, bit);
    if (len <= 24)
        return rb_kept8(u, bit) && rb_kept8(u + 8, bit) &&
               rb_kept8(u + len - 8, bit);
    size_t i = 0;
    for (; i < len - 8; i += 8)
        if (!rb_kept8(u + i, bit))
            return 0;
    return rb_kept8(u + len - 8, bit);
}
RB_HIDDEN size_t rb_normalize_path(robots_profile profile, const char *in,
                                   size_t len, char *out);
/* The most bytes rb_normalize_path() and rb_normalize_pattern() write for
 * `len` bytes in: rfc9309 and google may write a byte as %XX; legacy only
 * decodes (%2F and %00 stay as they are), so never writes more. */
static inline size_t rb_normal_bound(robots_profile profile, size_t len) {
    return profile == ROBOTS_PROFILE_LEGACY ? len : 3 * len;
}

/* A rule's normal form, what a check matches (r->normalized_len bytes):
 * its pattern in the document, or, for a pattern that is not its own,
 * the pattern normalised into `scratch` (doc->longest_rule_normal bytes). */
static inline const char *rb_rule_normal(const robots_txt *doc,
                                         const rb_rule *r, char *scratch) {
    const char *pattern = doc->text + r->pattern_off;
    if (!rb_rule_normalises(r))
        return pattern;
    rb_normalize_pattern(doc->profile, pattern, rb_rule_pattern_len(r),
                         scratch);
    return scratch;
}

/* Whether a rule whose normal form starts with `first` (a pattern of one
 * byte or more) can match no path: one decision, which the parse reports
 * (pattern-never-matches) and robots_rule_info.flags carries. A path
 * always starts with '/'; rfc9309 and google read a leading '*' as the
 * wildcard, legacy as a literal '*'. */
static inline int rb_normal_never_matches(robots_profile profile, char first) {
    return first != '/' && (profile == ROBOTS_PROFILE_LEGACY || first != '*');
}

/* The bytes of a UTF-8 byte order mark at the start of a body, which the
 * parse skips (google also skips a part of one: "EF", "EF BB"); 0 when
 * there is none. Line 1 starts after them. */
static inline size_t rb_bom_length(robots_profile profile,
                                   const unsigned char *s, size_t len) {
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t n = 0;
    while (n < 3 && n < len && s[n] == bom[n])
        n++;
    if (n == 3)
        return 3;
    return profile == ROBOTS_PROFILE_GOOGLE ? n : 0;
}

/* (parse.c) The offset of the first byte of s that is not UTF-8, or len. */
RB_HIDDEN size_t rb_invalid_utf8_at(const unsigned char *s, size_t len);

/* A kind's count in a table of every kind's (the parse's, the analysis's);
 * 0 for no table or a value outside the enum. */
static inline size_t rb_kind_total(const uint32_t *totals,
                                   robots_diag_kind kind) {
    long long k = kind;
    return totals != NULL && k >= 0 && k <= ROBOTS_DIAG_KIND_LAST ? totals[k]
                                                                  : 0;
}

/* ---- matching (match.c) ------------------------------------------------- */
/* rfc9309/google: `*` any sequence, trailing `$` anchors; prefix match. */
RB_HIDDEN int rb_match_wildcard(const char *pattern, size_t plen,
                                const char *path, size_t len);
/* The same with the pattern's bytes anchored at the path's end whatever
 * its last byte: pattern + "$" without writing it. */
RB_HIDDEN int rb_match_wildcard_whole(const char *pattern, size_t plen,
                                      const char *path, size_t len);
/* google's index.htm companion (docs/google-profile.md): an Allow pattern
 * whose part after its last '/' starts with "index.htm" also tries the
 * pattern "<everything up to that />$", an ordinary wildcard pattern (`*`
 * in the directory part matches any sequence; a `$` there is literal),
 * with its own length as priority. rb_index_dir_length() is the length of
 * "<everything up to that />"; rb_match_index_dir() matches the companion
 * of a normalised pattern and sets *priority to its length. */
RB_HIDDEN size_t rb_index_dir_length(const char *pattern, size_t plen);
RB_HIDDEN int rb_match_index_dir(const char *pattern, size_t plen,
                                 const char *path, size_t len,
                                 size_t *priority);
/* The leftmost i >= from with hay[i..i+n) == needle, or len + 1 when there
 * is none (from <= len). A plain scan while it stays cheap, the two-way
 * algorithm from where it stops being cheap: at most 3 * (len - from) +
 * 8 * n byte comparisons, whatever the bytes. */
RB_HIDDEN size_t rb_find_segment(const char *hay, size_t len, size_t from,
                                 const char *needle, size_t n);
/* The two-way algorithm alone: at most 2 * (len - from) + 4 * n. */
RB_HIDDEN size_t rb_find_two_way(const char *hay, size_t len, size_t from,
                                 const char *needle, size_t n);
/* How many bytes a plain scan may compare, after advancing `scanned` bytes
 * for a needle of n, before a search switches to the two-way algorithm:
 * within a constant of the two-way cost, never reached by a needle that
 * usually fails on its first or second byte. */
#define RB_SCAN_BUDGET(scanned, n) (2 * (scanned) + (n))
/* legacy: the pattern is a prefix of the path; empty matches everything. */
RB_HIDDEN int rb_match_prefix(const char *pattern, size_t plen,
                              const char *path, size_t len);

/* ---- many wildcard rules at once (multi.c) ------------------------------ */
/* One rule for rb_match_many(): its normalised pattern from the first `*`
 * on (as the index files it: what follows the literal key), and where in
 * the path that part starts (the key's length). */
typedef struct rb_wild_rule {
    const char *rest;
    size_t rest_len;
    size_t from;
    uint32_t rule; /* the caller's, untouched */
    int matched;   /* set by rb_match_many() */
} rb_wild_rule;
/* Sets every rule's `matched` as rb_match_wildcard() would, in one pass
 * over the path: O(segment bytes) to build, then path_len automaton steps,
 * one step per reported occurrence of a segment some rule waits for, one
 * per rule and segment, and a re-walk of output chains (at most the number
 * of distinct segment lengths a position) after each time a segment gets
 * its first waiter. Memory, from the allocator and freed before returning:
 * at most 72 bytes per segment byte + 56 per rule + 4 per path byte + 4 KiB.
 * Returns 0, or -1 when memory ran out (then `matched` is unspecified). */
RB_HIDDEN int rb_match_many(const robots_allocator *allocator, const char *path,
                            size_t len, rb_wild_rule *rules, size_t n);
/* A check's wildcard work, in byte comparisons by the per-rule bound of
 * rb_match_wildcard(), past which the rules still in play go to
 * rb_match_many(): far above any realistic check; well under 1 ms. */
#define RB_WILD_BUDGET ((size_t)1 << 18)

/* ---- URL to path (urlpath.c) -------------------------------------------- */
/* Sets *start and *len to the path (+params, query) inside url; *needs_slash
 * when a "/" must be put in front (google: "?q" gives "/?q") or the path
 * is empty (then *len is 0 and the path is "/"). */
RB_HIDDEN robots_status rb_url_path(robots_profile profile, const char *url,
                                    size_t url_len, size_t *start, size_t *len,
                                    int *needs_slash);

/* ---- user-agents (agent.c) ---------------------------------------------- */
/* Length of the leading [A-Za-z_-] run: the product token. Inline: each
 * robots_check() asks it of the caller's name. */
static inline size_t rb_agent_token_len(const char *value, size_t len) {
    size_t i = 0;
    while (i < len && (rb_byte_class[(unsigned char)value[i]] & RB_C_TOKEN))
        i++;
    return i;
}
/* A user-agent line's value's length. */
static inline size_t rb_agent_value_len(const char *text, const rb_agent *a) {
    return strlen(text + rb_agent_value_off(a));
}
/* Its token's length: the leading [A-Za-z_-] run of its value (stopped by
 * the NUL after it); the whole value in legacy, and for `*`. */
static inline size_t rb_agent_token(robots_profile profile, const char *text,
                                    const rb_agent *a) {
    const char *v = text + rb_agent_value_off(a);
    if (profile == ROBOTS_PROFILE_LEGACY || rb_agent_wildcard(a))
        return strlen(v);
    size_t i = 0;
    while (rb_byte_class[(unsigned char)v[i]] & RB_C_TOKEN)
        i++;
    return i;
}
/* `*` alone or followed by whitespace. */
RB_HIDDEN int rb_agent_is_wildcard(const char *value, size_t len);
/* Does a group agent name one of the caller's agents, in this profile? */
RB_HIDDEN int rb_agent_names_caller(robots_profile profile,
                                    const robots_txt *doc,
                                    const rb_agent *agent,
                                    const robots_str *callers, size_t n);

/* ---- the caller's names, searchable (names_index.c) ---------------------
 * legacy's "the value is a substring of a name" for many values at once:
 * for n names of H bytes in all, building costs O(H log H) time and at
 * most 21 * (H + n) + 1,028 bytes of the allocator's memory while it
 * runs, 5 * (H + n) after; a search costs O(m log H) for m bytes. */
typedef struct rb_names_index {
    unsigned char *text; /* the names lowercased, each followed by a NUL */
    uint32_t *suffixes;  /* the offsets of text's suffixes, sorted */
    size_t len;          /* of text, and entries of suffixes */
} rb_names_index;

/* ROBOTS_OK, or the allocator's failure with nothing left allocated. The
 * names must have passed rb_validate_agents(). */
RB_HIDDEN robots_status rb_names_index_build(rb_mem *mem,
                                             const robots_str *names,
                                             size_t count, rb_names_index *out);
RB_HIDDEN void rb_names_index_release(rb_mem *mem, rb_names_index *index);
/* Is value (m bytes, no NUL), case-insensitively, part of one name? */
RB_HIDDEN int rb_names_index_contains(const rb_names_index *index,
                                      const char *value, size_t len);
/* legacy: does a group agent name one of the names of the index? */
RB_HIDDEN int rb_agent_names_indexed(const robots_txt *doc,
                                     const rb_agent *agent,
                                     const rb_names_index *index);

/* ---- the index (index.c) ------------------------------------------------ */
RB_HIDDEN void rb_index_init(rb_index_build *build);
RB_HIDDEN void rb_index_release(rb_mem *mem, rb_index_build *build);
/* Builds the parse-time part of the index of a parsed document's groups
 * (the tokens and the sets they select). 0 on memory failure. */
RB_HIDDEN int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                                 robots_profile profile, const rb_group *groups,
                                 size_t group_count, const rb_agent *agents,
                                 size_t agent_count, const rb_rule *rules,
                                 size_t rule_count, const char *text);
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

/* ---- checking (check.c) ------------------------------------------------- */
/* robots_check() through the straightforward scan of every rule of every
 * applicable group: the oracle the fuzzers and benchmarks compare the
 * index with. Same contract as robots_check(). */
RB_HIDDEN robots_status rb_check_reference(const robots_txt *doc,
                                           const robots_str *agents,
                                           size_t agent_count, const char *url,
                                           size_t url_len, robots_verdict *out);
RB_HIDDEN robots_status rb_validate_agents(const robots_str *agents, size_t n);

#endif
