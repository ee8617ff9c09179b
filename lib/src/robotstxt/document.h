/* SPDX-License-Identifier: MIT */
/*
 * document.h - the parsed document (struct robots_txt), which parse.c
 * lays out in one block and every reader reads: its text, rules, user-agent
 * lines, groups, records, diagnostics, the index's parse-time arrays and
 * the check-time memo. Layout and trivial accessors only; may call
 * nothing.
 */
#ifndef ROBOTS_RT_DOCUMENT_H
#define ROBOTS_RT_DOCUMENT_H

#include "index_layout.h"
#include "records.h"
#include "robots.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
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
 * its entry; so is the normal form, while the set stays within its bound:
 * rb_unit_normal().) */
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

typedef struct rb_diag {
    uint32_t line;
    uint32_t column;
    uint8_t kind;
    uint8_t severity;
    uint16_t key_len; /* a key's diagnostic: its key (robots.h); else 0 */
    uint32_t key_off; /* the key's first byte, from the body's start */
    rb_span message;
    rb_span suggestion; /* len 0: none */
} rb_diag;

/* A caller's agents resolved against a document (selection.c): the tokens
 * whose sets apply (rfc9309, google), or the group (legacy, and the
 * reference scan). It depends on the agents alone, so a robots_query, and
 * the document's memo, keep one for many URLs. */
typedef struct rb_resolved {
    size_t group; /* the first that applies; see RB_GROUP_LATER, selection.h */
    int specific;
    int reference; /* matched by the reference scan, not the index */
    int direct;    /* its tokens' groups walked directly (the first answers) */
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
#define RB_MEMO_BYTES (RB_MEMO_SLOTS * sizeof(rb_memo))

/* The first answer. Compiling the sets an agent reads (index_compile.c) costs
 * about as much as the parse did, and pays only over many checks; a
 * crawler often asks a fresh document about one URL or a handful. So the
 * first RB_DIRECT_CHECKS checks of a document walk the applicable groups'
 * rules directly, as the reference scan does (the same verdict;
 * tests/test_index.c holds them equal), while that walk is cheap, and the
 * checks after them compile the sets and go through the index and the
 * memo (tests set doc->direct_walks to RB_DIRECT_CHECKS to test the index
 * from the first check). The walk chooses its groups as the index does (a
 * hash look-up per name, the tokens' sets' groups), never by comparing
 * each line with each name.
 *
 * Cheap: the walk's work is bounded by the matcher's, for each rule of
 * the groups that apply at most 3 * path + 12 * pattern byte comparisons
 * (match.c) against a path of at most rb_normal_url_path_bound(path_len)
 * bytes, path_len the URL's path's (rb_url_path()). A check walks when
 * either
 *   - the whole document is small, parsed_bytes * (url_len + 1) <=
 *     RB_DIRECT_WORK (a rule's line holds its pattern and a key, so the
 *     bound below is within a small multiple of this one); or
 *   - the G groups that apply, R rules of N bytes in their normal form,
 *     give G + R * (3 * path + 1) + 12 * N <= RB_DIRECT_COMPARES: summed
 *     (check_direct.c, rb_direct_within()) once the caller is resolved,
 *     over the group's rule counts first, so that a group of many rules
 *     is refused before its rules are read. A large file whose
 *     crawler's or `*` groups are small thus walks; a small group of
 *     long wildcard patterns against a long URL does not. A document
 *     refused once compiles from then on, so that the sum is made at
 *     most once a document (and once a thread racing it), not at every
 *     check that misses the memo.
 * Most rules differ from the path in their first bytes and cost a few
 * instructions each; the worst shapes (bench/gen_adversarial.py's, scaled
 * down to the bound: 58 rules of '/', '*', a raw 0xC3 byte and six
 * digits against a URL of 4,000 raw 0xC3 bytes, each segment searched to
 * the path's end by the two-way algorithm) cost about 7 instructions a
 * unit of the bound, 13.7 M at 2^21, 2.3 ms on the machine of
 * bench/README.md's figures; the first bound's worst, a few M. 2^21 lets
 * every one of 2,324 real files walk (bench/README.md, "Real-world
 * corpus"). A walk over either bound
 * would cost more than compiling the set and matching through the index,
 * whose own worst cases bench/budgets.tsv keeps. */
#define RB_DIRECT_CHECKS 8u
#define RB_DIRECT_WORK ((size_t)1 << 20)
#define RB_DIRECT_COMPARES ((uint64_t)1 << 21)

/* For tests of the index: the document's checks compile their sets from
 * the next one on, as if its direct walks were used up. */
static inline void rb_skip_direct_walks(const robots_txt *doc);

/* An array the parse allocated that the document keeps where it was
 * written, resized to what it holds, and the bytes it was resized to. */
typedef struct rb_kept_part {
    void *data;
    size_t size;
} rb_kept_part;

struct robots_txt {
    /* The caller's allocator, for the checks' memory and robots_free():
     * of the parse's rb_mem only this is kept, as nothing is counted
     * against the cap after the parse (72 bytes fewer in every
     * document: a tenth of a tiny file's). */
    struct {
        robots_allocator allocator;
    } mem;
    /* The allocation holding everything below: [text][robots_txt][its
     * arrays] (parse.c), but for the kept parts, and block_size the bytes
     * of both (robots_txt_memory_used()). */
    void *block;
    size_t block_size;
    robots_profile profile;
    /* Large arrays of the parse kept as allocations of their own rather
     * than copied into the block (parse.c, RB_KEEP_PART_MIN): so many
     * rb_kept_part at the block's kept_at, which robots_free() frees. */
    uint32_t kept_count;
    size_t input_bytes;
    size_t parsed_bytes;
    size_t diag_total;
    /* Per kind, all found: ROBOTS_DIAG_KIND_LAST + 1 counts in the block
     * when the parse found a diagnostic, else shared zeros (parse.c), not
     * 140 bytes in the header of every document, most of which have none
     * (and a tiny one then fits glibc's per-thread cache, 1,032 bytes). */
    const uint32_t *kind_totals;
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
     * search. The slots (RB_MEMO_BYTES) are allocated by the first check
     * that remembers a name, published as group_units are and counted in
     * unit_bytes: NULL until then. In the block they put a small file's
     * document past glibc's per-thread cache (1,032 bytes), its slow
     * path, and most documents are asked too few questions to use them
     * (the first RB_DIRECT_CHECKS remember nothing). */
    _Atomic(rb_memo *) *memo;
    size_t token_count, token_set_count, set_count, set_group_count;
    uint32_t wildcard_set; /* UINT32_MAX: no `*` group */
    /* The longest normal form of a rule that does not keep it (flagged
     * RB_RULE_NORMALISE; 0 if none): what a check's rule scratch must
     * hold, known once the file is read, so that a check of a document of
     * short rules keeps it on the stack (check_path.c, rb_check_resolved). */
    uint32_t longest_rule_normal;
    /* The tokens' hash table: a slot is 0 or a token's index + 1 in the
     * bits of token_id_mask, and the high bits of its case-insensitive hash
     * above them; 1.5 slots for each user-agent line naming a token, and
     * one (index.c tells the lines' tokens apart in this table), not a
     * power of two (a file may name a token of its own in every 20
     * bytes), a probe starting at rb_slot_start(). Empty (no slots) when
     * there are no tokens. */
    const uint32_t *token_slots;
    uint32_t token_slot_count, token_id_mask;
};

/* The kept parts' table: in the block, right after the header. */
#define RB_DOC_HEADER_BYTES ((sizeof(robots_txt) + 7) & ~(size_t)7)
static inline rb_kept_part *rb_doc_kept(robots_txt *doc) {
    return (rb_kept_part *)(void *)((unsigned char *)doc + RB_DOC_HEADER_BYTES);
}

static inline void rb_skip_direct_walks(const robots_txt *doc) {
    atomic_store_explicit(doc->direct_walks, RB_DIRECT_CHECKS,
                          memory_order_relaxed);
}

static inline const char *rb_str(const robots_txt *doc, rb_span span) {
    return doc->text + span.off;
}

#endif
