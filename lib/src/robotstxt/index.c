/* SPDX-License-Identifier: MIT */
/*
 * index.c - the per-agent index a check reads (see "the compiled index" in
 * index_layout.h): at parse time, which sets each product token selects; on
 * the first check that reads a set, its compiled unit.
 *
 * Each distinct product token gets the merged rules of every group naming
 * it; `*` gets those of every `*` group. Tokens naming exactly one group
 * share that group's set. Merging copies rules, so the merged sets may
 * hold at most MERGE_BUDGET(rules) entries in all; a token past the budget
 * (a file naming the same agents in many big groups) gets the list of its
 * groups' own sets instead, which keeps the index linear in the input and
 * a check linear in the groups it reads. Within a set, rules are filed under
 * their literal prefix; rules with the same normalised pattern and kind are
 * kept once (the first in the file), which is what makes a file that repeats
 * the same query-string rule in every group cheap to check.
 *
 * A set is compiled when a check first needs it, not at parse: a crawler
 * asks about its own agent, and the sets of the hundreds of others a file
 * names would be most of the parse. Compiling reads only the document, so
 * threads that race to compile the same set each build a unit, the first
 * to publish it wins (an atomic compare-and-swap) and the others free
 * theirs: to its callers the document never changes.
 */
#include "index.h"
#include "agent.h"
#include "ascii.h"
#include "byte_class.h"
#include "compiler.h"
#include "document.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"
#include "normalize.h"
#include "words.h"

#include <string.h>

#define NO_SET UINT32_MAX

/* Entries the merged sets may hold in all, beyond each group's own. */
#define MERGE_BUDGET(entries) (2 * (entries) + 4096)

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
     * rb_rule), made once for the build, found by rule: a table of
     * normal_mask + 1 slots (rule + 1, offset in normal_text), at most
     * half full, as the build reads them several times an entry. */
    size_t normal_mask, normal_bytes;
    uint32_t *normal_slots;
    char *normal_text;
} builder;

static size_t normal_slot(size_t mask, uint32_t rule) {
    return (size_t)((rule * 0x9E3779B1u) >> 7) & mask;
}

/* The normal form of a rule of the set being built. */
static const char *rule_text(const builder *b, uint32_t rule) {
    const rb_rule *r = &b->doc->rules[rule];
    if (!rb_rule_normalises(r))
        return b->doc->text + r->pattern_off;
    size_t i = normal_slot(b->normal_mask, rule);
    while (b->normal_slots[2 * i] != rule + 1) /* it is there */
        i = (i + 1) & b->normal_mask;
    return b->normal_text + b->normal_slots[2 * i + 1];
}

void rb_index_init(rb_index_build *build) {
    rb_vec_init(&build->tokens, sizeof(rb_token));
    rb_vec_init(&build->token_sets, sizeof(uint32_t));
    rb_vec_init(&build->set_defs, sizeof(rb_set_def));
    rb_vec_init(&build->set_groups, sizeof(uint32_t));
    rb_vec_init(&build->token_slots, sizeof(uint32_t));
    build->wildcard_set = NO_SET;
    build->token_slot_count = build->token_id_mask = 0;
}

void rb_index_release(rb_mem *mem, rb_index_build *build) {
    rb_vec_release(mem, &build->tokens);
    rb_vec_release(mem, &build->token_sets);
    rb_vec_release(mem, &build->set_defs);
    rb_vec_release(mem, &build->set_groups);
    rb_vec_release(mem, &build->token_slots);
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

/* A rule's key: its normalised pattern up to the first `*`, without a
 * final `$`. */
static size_t key_length(const char *p, size_t len) {
    const char *star = len ? memchr(p, '*', len) : NULL;
    if (star != NULL)
        return (size_t)(star - p);
    return len > 0 && p[len - 1] == '$' ? len - 1 : len;
}

/* google's "<dir>/$" companion of an Allow ending in "/index.htm..." is a
 * pattern like any other ("<dir>/" up to its last '/', anchored): filed
 * under its own literal prefix, which is the whole "<dir>/" when it has no
 * `*` (a literal companion: it matches the path equal to its key). */
static size_t companion_key_length(const char *p, size_t len) {
    return key_length(p, rb_index_dir_length(p, len));
}

/* ---- ids: equal strings, one number ------------------------------------ */

/* A distinct key: `len` bytes at `str`. */
typedef struct interned {
    const char *str;
    uint32_t len;
    uint32_t hash;
} interned;

typedef struct interner {
    uint32_t *slots; /* id + 1; 0: empty */
    size_t size;     /* a power of two, over the strings it may hold */
    interned *items;
    size_t count;
} interner;

static size_t table_size(size_t n) {
    size_t size = 1;
    while (size < n + n / 2 + 1)
        size *= 2;
    return size;
}

static int interner_init(rb_mem *mem, interner *in, size_t most) {
    in->size = table_size(most);
    in->count = 0;
    in->slots = rb_alloc(mem, in->size * sizeof *in->slots);
    in->items = rb_alloc(mem, (most ? most : 1) * sizeof *in->items);
    if (in->slots != NULL)
        memset(in->slots, 0, in->size * sizeof *in->slots);
    return in->slots != NULL && in->items != NULL;
}

static void interner_release(rb_mem *mem, interner *in, size_t most) {
    rb_free(mem, in->slots, in->size * sizeof *in->slots);
    rb_free(mem, in->items, (most ? most : 1) * sizeof *in->items);
    in->slots = NULL;
    in->items = NULL;
}

/* The id of the string, new if unseen (the interner has room for it). */
static inline uint32_t intern(interner *in, const char *str, uint32_t len,
                              uint32_t hash) {
    size_t mask = in->size - 1, i = hash & mask;
    for (;;) {
        uint32_t v = in->slots[i];
        if (v == 0)
            break;
        const interned *it = &in->items[v - 1];
        if (it->hash == hash && it->len == len &&
            memcmp(it->str, str, len) == 0)
            return v - 1;
        i = (i + 1) & mask;
    }
    interned *it = &in->items[in->count];
    it->str = str;
    it->len = len;
    it->hash = hash;
    in->slots[i] = (uint32_t)++in->count;
    return (uint32_t)(in->count - 1);
}

/* How often a byte occurs in URL paths, roughly (higher: more often), so
 * that a filter tests the rarest bytes a pattern needs: '/' 60, '.' and '-'
 * 50, digits 45, letters 40 ('e') down to 15 ('z') by English frequency,
 * '?', '=', '&' and '_' 30, anything else 5. */
static const unsigned char byte_commonness[256] = {
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    30, 5,  5,  5,  5,  5,  5,  50, 50, 60, 45, 45, 45, 45, 45, 45, 45, 45, 45,
    45, 5,  5,  5,  30, 5,  30, 5,  38, 21, 29, 30, 40, 26, 24, 32, 36, 17, 19,
    31, 27, 35, 37, 25, 16, 33, 34, 39, 28, 20, 23, 18, 22, 15, 5,  5,  5,  5,
    30, 5,  38, 21, 29, 30, 40, 26, 24, 32, 36, 17, 19, 31, 27, 35, 37, 25, 16,
    33, 34, 39, 28, 20, 23, 18, 22, 15, 5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,  5,
    5,  5,  5,  5,  5,  5,  5,  5,  5,
};

/* The filter of a rule (see RB_FILTER_* in index_layout.h). */
static uint32_t compute_filter(const char *p, size_t len, size_t key_len) {
    if (key_len >= len || p[key_len] != '*')
        return 0; /* no wildcard: a check needs no filter */
    size_t end = len;
    int anchored = p[len - 1] == '$';
    if (anchored)
        end--;
    size_t need = 0, last_seg = 0;
    unsigned char a = 0, b = 0;
    unsigned ra = 1000, rb = 1000;
    for (size_t i = key_len + 1; i < end; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '*') {
            last_seg = 0;
            continue;
        }
        need++;
        last_seg++;
        unsigned r = byte_commonness[c];
        if (c == a || c == b)
            continue;
        if (r < ra) {
            b = a;
            rb = ra;
            a = c;
            ra = r;
        } else if (r < rb) {
            b = c;
            rb = r;
        }
    }
    if (need > 0x3FFF)
        need = 0x3FFF;
    uint32_t mode = RB_FILTER_NONE;
    if (anchored && last_seg >= 2) {
        mode = RB_FILTER_SUFFIX;
        a = (unsigned char)p[end - 1];
        b = (unsigned char)p[end - 2];
    } else if (anchored && last_seg == 1) {
        mode = RB_FILTER_LAST;
        a = (unsigned char)p[end - 1];
        b = 0;
    } else if (need > 0) {
        mode = RB_FILTER_BYTES;
        if (rb == 1000)
            b = a;
    }
    return mode << 30 | (uint32_t)need << 16 | (uint32_t)b << 8 | a;
}

/* Adds an entry under the key `node` (its id in the set's interner, which
 * numbers keys as they first come, as nodes are), making the node on
 * first sight; build_set has made room for both. A node keeps one literal
 * "<dir>/$" companion (all of a key are the same pattern): the first,
 * whose rule is the earliest. Wildcard companions are told apart by their
 * text, as rules are (order_entries()). */
static inline void add_candidate(builder *b, uint32_t node, uint32_t key_len,
                                 uint32_t hash, uint32_t entry,
                                 int literal_dir) {
    local_node *nodes = (local_node *)b->nodes.data;
    if (node == b->nodes.count) {
        b->nodes.count++;
        nodes[node].key_len = key_len;
        nodes[node].hash = hash;
        nodes[node].first = entry;
        nodes[node].count = 1;
        nodes[node].has_dir = literal_dir != 0;
        return;
    }
    if (literal_dir) {
        if (nodes[node].has_dir)
            return;
        nodes[node].has_dir = 1;
    }
    b->multi += nodes[node].count++ == 1;
    candidate *c = (candidate *)b->candidates.data + b->candidates.count++;
    c->node = node;
    c->entry = entry;
}

static int compare_entries(const void *a, const void *b) {
    const entry_key *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->entry < y->entry ? -1 : (x->entry > y->entry);
}

static void insertion_sort(entry_key *keys, size_t n) {
    for (size_t i = 1; i < n; i++) {
        entry_key k = keys[i];
        size_t j = i;
        while (j > 0 && compare_entries(&keys[j - 1], &k) > 0) {
            keys[j] = keys[j - 1];
            j--;
        }
        keys[j] = k;
    }
}

/* A merge sort of runs of 16 with the comparison inlined: qsort's call per
 * comparison was most of the cost of a node of many entries. tmp has room
 * for n. Keys already in order, as those of one rule repeated are (they
 * differ only in entry, ascending), cost one pass instead of n log n
 * compares; a pass that stops at the first pair out of order. */
static void sort_entries(entry_key *keys, entry_key *tmp, size_t n) {
    size_t ordered = 1;
    while (ordered < n &&
           compare_entries(&keys[ordered - 1], &keys[ordered]) <= 0)
        ordered++;
    if (ordered >= n)
        return;
    for (size_t lo = 0; lo < n; lo += 16)
        insertion_sort(keys + lo, n - lo < 16 ? n - lo : 16);
    entry_key *src = keys, *dst = tmp;
    for (size_t width = 16; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = n - lo < width ? n : lo + width;
            size_t hi = n - lo < 2 * width ? n : lo + 2 * width;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] =
                    compare_entries(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        entry_key *t = src;
        src = dst;
        dst = t;
    }
    if (src != keys)
        memcpy(keys, src, n * sizeof *keys);
}

/* A stable sort of n keys by the low 28 bits of their rank: four passes of
 * a radix sort, seven bits each, a pass skipped where every key has the
 * same digit. Linear: a set's largest node (thousands of "?pN=" rules
 * under "/") would cost a merge sort 15 compares an entry. tmp has room
 * for n. */
static void radix_sort_ranks(entry_key *keys, entry_key *tmp, size_t n) {
    entry_key *from = keys, *to = tmp;
    for (unsigned shift = 0; shift < 28; shift += 7) {
        size_t at[129];
        memset(at, 0, sizeof at);
        for (size_t i = 0; i < n; i++)
            at[((from[i].rank >> shift) & 127u) + 1]++;
        if (at[((from[0].rank >> shift) & 127u) + 1] == n)
            continue; /* one digit: this pass would change nothing */
        for (size_t d = 1; d <= 128; d++)
            at[d] += at[d - 1];
        for (size_t i = 0; i < n; i++)
            to[at[(from[i].rank >> shift) & 127u]++] = from[i];
        entry_key *t = from;
        from = to;
        to = t;
    }
    if (from != keys)
        memcpy(keys, from, n * sizeof *keys);
}

static int same_rule_text(const builder *b, uint32_t x, uint32_t y) {
    const rb_rule *rx = &b->doc->rules[x], *ry = &b->doc->rules[y];
    return rx->normalized_len == ry->normalized_len &&
           memcmp(rule_text(b, x), rule_text(b, y), rx->normalized_len) == 0;
}

/* Two companions of the same "<dir>/". */
RB_COLD static int same_dir_text(const builder *b, uint32_t x, uint32_t y) {
    x &= ~RB_ENTRY_INDEX_DIR;
    y &= ~RB_ENTRY_INDEX_DIR;
    const char *px = rule_text(b, x), *py = rule_text(b, y);
    size_t lx = rb_index_dir_length(px, b->doc->rules[x].normalized_len),
           ly = rb_index_dir_length(py, b->doc->rules[y].normalized_len);
    return lx == ly && memcmp(px, py, lx) == 0;
}

/* Whether two entries are the same pattern: two rules of the same
 * normalised pattern and kind, or two companions of the same "<dir>/". */
static inline int same_entry_text(const builder *b, uint32_t x, uint32_t y) {
    if (((x | y) & RB_ENTRY_INDEX_DIR) == 0)
        return same_rule_text(b, x, y);
    return (x & y & RB_ENTRY_INDEX_DIR) != 0 && same_dir_text(b, x, y);
}

/* Orders a node's entries by priority and drops repeated rules (same
 * pattern and kind: the earliest stands for all). Returns those kept. */
static uint32_t order_entries(const builder *b, entry_key *keys, entry_key *tmp,
                              uint32_t count) {
    sort_entries(keys, tmp, count);
    uint32_t kept = 1;
    for (uint32_t i = 1; i < count; i++) {
        const entry_key *prev = &keys[kept - 1], *cur = &keys[i];
        if (prev->rank == cur->rank && prev->hash == cur->hash &&
            same_entry_text(b, prev->entry, cur->entry))
            continue;
        keys[kept++] = *cur;
    }
    return kept;
}

/* The filter of an entry whose key is key_len bytes long: a "<dir>/$"
 * companion has none. */
static uint32_t entry_filter(const builder *b, uint32_t entry,
                             uint32_t key_len) {
    if (entry & RB_ENTRY_INDEX_DIR)
        return 0;
    const rb_rule *r = &b->doc->rules[entry];
    return compute_filter(rule_text(b, entry), r->normalized_len, key_len);
}

/* An entry of a node of several, to be ordered: its rank and, so that
 * equal rules come side by side, the hash of its whole pattern (which
 * extends the key's). */
static void put_key(const builder *b, local_node *node, entry_key *keys,
                    uint32_t e) {
    entry_key *k = &keys[node->start + node->fill++];
    k->entry = e;
    k->filter = entry_filter(b, e, node->key_len);
    if (e & RB_ENTRY_INDEX_DIR) {
        uint32_t rule = e & ~RB_ENTRY_INDEX_DIR;
        const char *p = rule_text(b, rule);
        size_t dir = rb_index_dir_length(p, b->doc->rules[rule].normalized_len);
        k->rank = ENTRY_RANK(dir + 1, ROBOTS_RULE_ALLOW);
        k->hash =
            hash_bytes(node->hash, p + node->key_len, dir - node->key_len);
    } else {
        const rb_rule *r = &b->doc->rules[e];
        const char *p = rule_text(b, e);
        k->rank = ENTRY_RANK(r->normalized_len, RB_RULE_KIND(r));
        k->hash = hash_bytes(node->hash, p + node->key_len,
                             r->normalized_len - node->key_len);
    }
}

/* The run (see RB_ENTRY_RUN) an entry of a node of many goes to: 0 for
 * ALL, 1 + B for LAST, 257 + B for HAS. */
#define RUN_BUCKETS 513u
static uint32_t run_bucket(const builder *b, const entry_key *k,
                           uint32_t key_len) {
    uint32_t entry = k->entry, f = k->filter;
    if (entry & RB_ENTRY_INDEX_DIR)
        return 0;
    switch (RB_FILTER_MODE(f)) {
    case RB_FILTER_SUFFIX:
    case RB_FILTER_LAST:
        return 1 + RB_FILTER_A(f);
    case RB_FILTER_BYTES: {
        /* The first byte of the first segment after the key's `*`. */
        const rb_rule *r = &b->doc->rules[entry];
        const char *p = rule_text(b, entry);
        size_t i = key_len;
        while (i < r->normalized_len && p[i] == '*')
            i++;
        return i < r->normalized_len ? 257 + (unsigned char)p[i] : 0;
    }
    default:
        return 0;
    }
}

/* The filter an entry of a HAS run gets (see RB_HEAD_MAX): up to two
 * bytes of its first segment after the run's byte (the segment ends at a
 * `*` or the final `$`), and from its BYTES filter the rarest byte and the
 * bytes it needs past its key. */
static uint32_t head_filter(const builder *b, const entry_key *k,
                            uint32_t key_len) {
    const rb_rule *r = &b->doc->rules[k->entry];
    const char *p = rule_text(b, k->entry);
    size_t end = r->normalized_len, i = key_len;
    if (end > 0 && p[end - 1] == '$')
        end--;
    while (i < end && p[i] == '*')
        i++;
    uint32_t n = 0, head = 0; /* p[i] is the run's byte */
    while (n < RB_HEAD_MAX && i + 1 + n < end && p[i + 1 + n] != '*') {
        head |= (uint32_t)(unsigned char)p[i + 1 + n] << (8 * n);
        n++;
    }
    uint32_t need = RB_FILTER_MIN(k->filter);
    return n << 30 | (need < 0x3F ? need : 0x3Fu) << 24 |
           (uint32_t)RB_FILTER_A(k->filter) << 16 | head;
}

/* Orders a node's entries (by priority) for write_runs(): by run (see
 * run_bucket()), then, in a HAS run, by head (RB_HEAD_KEY), then by
 * priority. An entry's run is left in its `hash` (needed no more once the
 * duplicates are dropped), and a HAS entry's filter becomes its head
 * filter. tmp has room for count. */
static void order_runs(const builder *b, entry_key *entries, entry_key *tmp,
                       uint32_t count, uint32_t key_len) {
    for (uint32_t i = 0; i < count; i++) {
        entry_key *k = &entries[i];
        uint32_t bucket = run_bucket(b, k, key_len), head = 0;
        if (bucket >= 257) {
            k->filter = head_filter(b, k, key_len);
            head = RB_HEAD_KEY(k->filter);
        }
        k->hash = k->rank;
        k->rank = bucket << 18 | head; /* sorted by; priority kept within */
    }
    radix_sort_ranks(entries, tmp, count);
    for (uint32_t i = 0; i < count; i++) {
        entry_key *k = &entries[i];
        uint32_t bucket = k->rank >> 18;
        k->rank = k->hash;
        k->hash = bucket;
    }
}

/* Writes a node's entries, ordered by order_runs(), as runs behind their
 * markers, and the LAST runs behind one ENDS marker. dst has room for
 * count + count_runs(); dst_filters, beside it, is zeroed. */
static void write_runs(const entry_key *entries, uint32_t count, uint32_t *dst,
                       uint32_t *dst_filters) {
    const uint32_t none = UINT32_MAX, written = UINT32_MAX - 1;
    uint32_t w = 0, ends = none;
    for (uint32_t i = 0; i < count;) {
        uint32_t k = entries[i].hash, n = 1;
        while (i + n < count && entries[i + n].hash == k)
            n++;
        if (k >= 1 && k < 257 && ends == none)
            ends = w++;
        if (k >= 257 && ends < written) {
            dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
            ends = written;
        }
        uint32_t kind = k == 0    ? RB_RUN_ALL
                        : k < 257 ? RB_RUN_LAST
                                  : RB_RUN_HAS;
        dst[w++] = RB_RUN_MARKER(kind, k == 0 ? 0 : (k - 1) & 0xFFu, n);
        for (uint32_t j = 0; j < n; j++, i++, w++) {
            dst_filters[w] = entries[i].filter;
            dst[w] = entries[i].entry;
        }
    }
    if (ends < written) /* LAST runs and no HAS run after them */
        dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
}

/* The markers a node of these entries gets: one a run, and ENDS when
 * there are LAST runs; 0 for a node of few entries, written plain. */
static uint32_t count_runs(const builder *b, const entry_key *entries,
                           uint32_t count, uint32_t key_len) {
    if (count < RB_RUN_MIN || count > RB_RUN_MAX_COUNT - RUN_BUCKETS - 1)
        return 0;
    unsigned char used[RUN_BUCKETS];
    memset(used, 0, sizeof used);
    uint32_t runs = 0, last = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t k = run_bucket(b, &entries[i], key_len);
        runs += !used[k];
        last |= k >= 1 && k < 257;
        used[k] = 1;
    }
    return runs + last;
}

/* complexity: 81 lines (pmccabe). Writes a set's nodes, entries and
 * filters in one pass over the sorted keys, whose state (the run being
 * written, its marker, the next free entry) the steps share; left whole
 * in issue 20's first pass: a candidate for named steps. */
static int emit_nodes(builder *b, rb_set *set) {
    size_t n = b->nodes.count;
    local_node *ln = (local_node *)b->nodes.data;
    /* Each candidate joined a node of several, whose first is not one:
     * known without a pass over the nodes. */
    uint32_t total = (uint32_t)b->candidates.count + b->multi;
    /* the entries of nodes of several, then room to merge them */
    entry_key *keys = rb_vec_reserve(b->mem, &b->order, 2 * (size_t)total);
    rb_node *out = rb_vec_reserve(b->mem, &b->out_nodes, n);
    uint32_t *hashes = rb_vec_reserve(b->mem, &b->node_hash, n);
    if (keys == NULL || out == NULL || hashes == NULL)
        return 0;
    for (size_t i = 0, at = 0; i < n; i++) {
        if (ln[i].count > 1) {
            ln[i].start = (uint32_t)at;
            ln[i].fill = 0;
            at += ln[i].count;
            put_key(b, &ln[i], keys, ln[i].first);
        }
    }
    const candidate *c = (const candidate *)b->candidates.data;
    for (size_t i = 0; i < b->candidates.count; i++)
        put_key(b, &ln[c[i].node], keys, c[i].entry);
    for (size_t i = 0; i < n; i++) {
        uint32_t count = ln[i].count, key_len = ln[i].key_len;
        rb_node *node = &out[i];
        node->ref = ln[i].first;
        entry_key *mine = keys;
        if (count > 1) {
            mine = keys + ln[i].start;
            count = order_entries(b, mine, keys + total, count);
            node->ref = mine[0].entry;
        }
        uint32_t runs = count > 1 ? count_runs(b, mine, count, key_len) : 0;
        uint32_t written = count + runs;
        /* One entry stays in the node unless it has a filter to keep. */
        uint32_t single_filter =
            count == 1 ? entry_filter(b, node->ref, key_len) : 0;
        uint32_t stored = written < RB_NODE_MANY ? written : RB_NODE_MANY;
        if (count == 1 && single_filter != 0)
            stored = RB_NODE_ONE_APART;
        node->key_count = key_len | stored << 16;
        if (count > 1 || single_filter != 0) {
            size_t extra = written >= RB_NODE_MANY;
            uint32_t *dst = rb_vec_reserve(b->mem, &b->entries, written + 1);
            uint32_t *dst_filters =
                rb_vec_reserve(b->mem, &b->filters, written + 1);
            if (dst == NULL || dst_filters == NULL)
                return 0;
            uint32_t single = node->ref;
            node->ref = (uint32_t)b->entries.count;
            memset(dst_filters, 0, (written + extra) * sizeof(uint32_t));
            if (extra) {
                *dst++ = written;
                dst_filters++;
            }
            if (runs != 0) {
                order_runs(b, mine, keys + total, count, key_len);
                write_runs(mine, count, dst, dst_filters);
            } else if (count == 1) {
                dst[0] = single;
                dst_filters[0] = single_filter;
            } else {
                for (uint32_t k = 0; k < count; k++) {
                    dst[k] = mine[k].entry;
                    dst_filters[k] = mine[k].filter;
                }
            }
            b->entries.count += written + extra;
            b->filters.count += written + extra;
        }
        if (key_len < 64)
            set->len_mask |= (uint64_t)1 << key_len;
        if (key_len > set->max_key_len)
            set->max_key_len = key_len;
        hashes[i] = ln[i].hash;
    }
    b->out_nodes.count = n;
    b->node_hash.count = n;
    return 1;
}

static uint32_t group_rules(const robots_txt *doc, uint32_t g) {
    return rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
}

/* Entries a set of these groups holds before duplicates are dropped: its
 * rules, and in google the "<dir>/$" companion of each index.htm Allow. */
static size_t set_entries(robots_profile profile, const rb_group *groups,
                          size_t group_count, const rb_rule *rules,
                          size_t rule_count, const uint32_t *list, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &groups[list[i]];
        uint32_t own = rb_group_rules(groups, group_count, rule_count, list[i]);
        count += own;
        if (profile != ROBOTS_PROFILE_GOOGLE)
            continue; /* only google has "<dir>/$" companions */
        for (uint32_t r = 0; r < own; r++)
            count += RB_RULE_INDEX_HTM(&rules[g->first_rule + r]) != 0;
    }
    return count;
}

/* The hash of each prefix of a new key that ends in '/' before the key
 * does, for the prefixes filter (see rb_prefix_words). 0 on memory failure. */
static int add_prefixes(builder *b, const char *p, size_t key_len) {
    uint32_t h = RB_FNV_OFFSET;
    for (size_t j = 0; j + 1 < key_len; j++) {
        h = rb_hash_step(h, (unsigned char)p[j]);
        if (p[j] == '/' && !rb_vec_push(b->mem, &b->prefix_hash, &h, 1))
            return 0;
    }
    return 1;
}

/* Adds an entry under its key, interned: a new key gets its prefixes too. */
static int add_keyed(builder *b, interner *keys, const char *p, size_t key_len,
                     uint32_t entry, int literal_dir) {
    uint32_t hash = hash_bytes(RB_FNV_OFFSET, p, key_len);
    uint32_t id = intern(keys, p, (uint32_t)key_len, hash);
    if (id == b->nodes.count && b->prefixes && !add_prefixes(b, p, key_len))
        return 0;
    add_candidate(b, id, (uint32_t)key_len, hash, entry, literal_dir);
    return 1;
}

/* The normal forms the set's rules do not keep (builder.normal_*), in
 * memory of the build's. 0 when it runs out. */
static int make_normal_forms(builder *b, const uint32_t *groups, size_t n) {
    const robots_txt *doc = b->doc;
    size_t count = 0, bytes = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_rule *r = &doc->rules[doc->groups[groups[i]].first_rule];
        for (uint32_t k = group_rules(doc, groups[i]); k > 0; k--, r++)
            if (rb_rule_normalises(r)) {
                count++;
                bytes += r->normalized_len;
            }
    }
    if (count == 0)
        return 1;
    size_t slots = 2;
    while (slots < 2 * count)
        slots *= 2;
    b->normal_mask = slots - 1; /* what compile_unit() frees */
    b->normal_bytes = bytes;
    b->normal_slots = rb_alloc(b->mem, 2 * slots * sizeof(uint32_t));
    b->normal_text = rb_alloc(b->mem, bytes);
    if (b->normal_slots == NULL || b->normal_text == NULL)
        return 0;
    memset(b->normal_slots, 0, 2 * slots * sizeof(uint32_t));
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t first = doc->groups[groups[i]].first_rule;
        for (uint32_t j = 0; j < group_rules(doc, groups[i]); j++) {
            const rb_rule *r = &doc->rules[first + j];
            if (!rb_rule_normalises(r))
                continue;
            size_t k = normal_slot(b->normal_mask, first + j);
            while (b->normal_slots[2 * k] != 0)
                k = (k + 1) & b->normal_mask;
            b->normal_slots[2 * k] = first + j + 1;
            b->normal_slots[2 * k + 1] = (uint32_t)at;
            at += rb_normalize_pattern(doc->profile, doc->text + r->pattern_off,
                                       rb_rule_pattern_len(r),
                                       b->normal_text + at);
        }
    }
    return 1;
}

/* Files the rules of the set's groups (ascending, so that the first of
 * equal rules is the earliest) under their keys, and writes its nodes. */
static int build_set(builder *b, const rb_set_def *def, rb_set *set) {
    const robots_txt *doc = b->doc;
    const uint32_t *groups = rb_set_groups(doc, def);
    size_t most = set_entries(doc->profile, doc->groups, doc->group_count,
                              doc->rules, doc->rule_count, groups, def->count);
    if (!make_normal_forms(b, groups, def->count))
        return 0;
    interner keys;
    memset(&keys, 0, sizeof keys);
    /* Too many nodes cannot happen within ROBOTS_MAX_INPUT_BYTES. */
    if (most > UINT32_MAX / 4 || !interner_init(b->mem, &keys, most) ||
        rb_vec_reserve(b->mem, &b->nodes, most) == NULL ||
        rb_vec_reserve(b->mem, &b->candidates, most) == NULL) {
        interner_release(b->mem, &keys, most);
        return 0;
    }
    /* Fewer entries than that make too few nodes for the filters. */
    b->prefixes = most + most / 2 + 1 >= RB_BLOOM_MIN_SLOTS;
    for (size_t i = 0; i < def->count; i++) {
        const rb_group *g = &doc->groups[groups[i]];
        uint32_t rules = group_rules(doc, groups[i]);
        for (uint32_t r = 0; r < rules; r++) {
            uint32_t rule = g->first_rule + r;
            const rb_rule *rr = &doc->rules[rule];
            const char *p = rule_text(b, rule);
            size_t len = rr->normalized_len;
            size_t dir_key =
                RB_RULE_INDEX_HTM(rr) ? companion_key_length(p, len) : 0;
            if (!add_keyed(b, &keys, p, key_length(p, len), rule, 0) ||
                (RB_RULE_INDEX_HTM(rr) &&
                 !add_keyed(b, &keys, p, dir_key, rule | RB_ENTRY_INDEX_DIR,
                            dir_key == rb_index_dir_length(p, len)))) {
                interner_release(b->mem, &keys, most);
                return 0;
            }
        }
    }
    interner_release(b->mem, &keys, most);
    return emit_nodes(b, set);
}

/* The unit of a built set: its hash table sized from its nodes, 1.5 slots
 * a node and one, with the two Bloom filters (keys, then '/' prefixes)
 * before it when it is large, then its nodes, entries and the entries'
 * filters, in one allocation. */
static rb_unit *place_unit(builder *b, const rb_set *set) {
    size_t n = b->out_nodes.count, entries = b->entries.count;
    size_t size = n + n / 2 + 1, words = rb_bloom_words((uint32_t)size),
           pwords = rb_prefix_words((uint32_t)size);
    size_t head = (sizeof(rb_unit) + 7) & ~(size_t)7;
    size_t slot_bytes =
        ((words + pwords + size) * sizeof(uint32_t) + 7) & ~(size_t)7;
    size_t bytes = head + slot_bytes + n * sizeof(rb_node) +
                   2 * entries * sizeof(uint32_t);
    unsigned char *block = rb_alloc(b->mem, bytes);
    if (block == NULL)
        return NULL;
    rb_unit *unit = (rb_unit *)block;
    uint32_t *slots = (uint32_t *)(block + head);
    rb_node *nodes = (rb_node *)(block + head + slot_bytes);
    uint32_t *out_entries = (uint32_t *)(nodes + n);
    uint32_t *out_filters = out_entries + entries;
    memset(slots, 0, slot_bytes);
    if (n != 0)
        memcpy(nodes, b->out_nodes.data, n * sizeof(rb_node));
    if (entries != 0) {
        memcpy(out_entries, b->entries.data, entries * sizeof(uint32_t));
        memcpy(out_filters, b->filters.data, entries * sizeof(uint32_t));
    }
    uint32_t mask = 1;
    while (mask < n)
        mask = mask << 1 | 1;
    unit->bytes = bytes;
    unit->set = *set;
    unit->set.first_slot = (uint32_t)(words + pwords);
    unit->set.slot_count = (uint32_t)size;
    unit->slot_node_mask = mask;
    unit->slots = slots;
    unit->nodes = nodes;
    unit->entries = out_entries;
    unit->filters = out_filters;
    uint32_t *table = slots + words + pwords, *bloom = slots;
    const uint32_t *hash = (const uint32_t *)b->node_hash.data;
    for (size_t node = 0; node < n; node++) {
        uint32_t i = rb_slot_start(hash[node], (uint32_t)size);
        while (table[i] != 0)
            i = i + 1 == size ? 0 : i + 1;
        table[i] = (hash[node] & ~mask) | (uint32_t)(node + 1);
        if (words != 0) {
            uint32_t bit = rb_bloom_bit(hash[node], words);
            bloom[bit / 32] |= (uint32_t)1 << (bit % 32);
        }
    }
    const uint32_t *prefix = (const uint32_t *)b->prefix_hash.data;
    for (size_t k = 0; words != 0 && k < b->prefix_hash.count; k++) {
        uint32_t bit = rb_prefix_bit(prefix[k], pwords);
        bloom[words + bit / 32] |= (uint32_t)1 << (bit % 32);
    }
    return unit;
}

/* Compiles one set into a unit allocated through mem; NULL when memory
 * runs out, with nothing left allocated. */
static rb_unit *compile_unit(const robots_txt *doc, uint32_t set_id,
                             rb_mem *mem) {
    builder b;
    memset(&b, 0, sizeof b);
    b.mem = mem;
    b.doc = doc;
    rb_vec_init(&b.nodes, sizeof(local_node));
    rb_vec_init(&b.candidates, sizeof(candidate));
    rb_vec_init(&b.order, sizeof(entry_key));
    rb_vec_init(&b.out_nodes, sizeof(rb_node));
    rb_vec_init(&b.entries, sizeof(uint32_t));
    rb_vec_init(&b.filters, sizeof(uint32_t));
    rb_vec_init(&b.node_hash, sizeof(uint32_t));
    rb_vec_init(&b.prefix_hash, sizeof(uint32_t));
    rb_set set;
    memset(&set, 0, sizeof set);
    rb_unit *unit = NULL;
    rb_set_def def = rb_set_def_of(doc, set_id);
    if (build_set(&b, &def, &set))
        unit = place_unit(&b, &set);
    rb_vec_release(mem, &b.nodes);
    rb_vec_release(mem, &b.candidates);
    rb_vec_release(mem, &b.order);
    rb_vec_release(mem, &b.out_nodes);
    rb_vec_release(mem, &b.entries);
    rb_vec_release(mem, &b.filters);
    rb_vec_release(mem, &b.node_hash);
    rb_vec_release(mem, &b.prefix_hash);
    if (b.normal_slots != NULL)
        rb_free(mem, b.normal_slots,
                2 * (b.normal_mask + 1) * sizeof(uint32_t));
    if (b.normal_text != NULL)
        rb_free(mem, b.normal_text, b.normal_bytes);
    return unit;
}

/* The slot of a set's unit; for a set of one group, in the group's slots,
 * allocated now if no check has yet (NULL when memory runs out). */
static rb_unit_ref *unit_slot(const robots_txt *doc, uint32_t set) {
    if (!(set & RB_SET_OF_GROUP))
        return &doc->units[set];
    rb_unit_ref *slots =
        atomic_load_explicit(doc->group_units, memory_order_acquire);
    if (slots == NULL) {
        size_t bytes = doc->group_count * sizeof(rb_unit_ref);
        rb_mem mem;
        rb_mem_init(&mem, &doc->mem.allocator, 0);
        rb_unit_ref *made = rb_alloc(&mem, bytes);
        if (made == NULL)
            return NULL;
        for (size_t g = 0; g < doc->group_count; g++)
            atomic_init(&made[g], NULL);
        if (atomic_compare_exchange_strong_explicit(doc->group_units, &slots,
                                                    made, memory_order_acq_rel,
                                                    memory_order_acquire)) {
            atomic_fetch_add_explicit(doc->unit_bytes, bytes,
                                      memory_order_relaxed);
            slots = made;
        } else { /* another thread's: use them */
            rb_free(&mem, made, bytes);
        }
    }
    return &slots[set & ~RB_SET_OF_GROUP];
}

const rb_unit *rb_index_compile(const robots_txt *doc, uint32_t set) {
    rb_unit_ref *ref = unit_slot(doc, set);
    if (ref == NULL)
        return NULL;
    const rb_unit *unit = atomic_load_explicit(ref, memory_order_acquire);
    if (unit != NULL)
        return unit;
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    rb_unit *made = compile_unit(doc, set, &mem);
    if (made == NULL)
        return NULL;
    const rb_unit *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(
            ref, &expected, made, memory_order_acq_rel, memory_order_acquire)) {
        atomic_fetch_add_explicit(doc->unit_bytes, made->bytes,
                                  memory_order_relaxed);
        return made;
    }
    /* Another thread published the same set first: use its unit. */
    rb_free(&mem, made, made->bytes);
    return expected;
}

void rb_index_free_units(robots_txt *doc) {
    const robots_allocator *a = &doc->mem.allocator;
    for (size_t s = 0; s < doc->set_count; s++) {
        const rb_unit *unit =
            atomic_load_explicit(&doc->units[s], memory_order_relaxed);
        if (unit != NULL)
            a->free(a->ctx, (void *)unit, unit->bytes);
    }
    rb_unit_ref *slots =
        atomic_load_explicit(doc->group_units, memory_order_relaxed);
    if (slots == NULL)
        return;
    for (size_t g = 0; g < doc->group_count; g++) {
        const rb_unit *unit =
            atomic_load_explicit(&slots[g], memory_order_relaxed);
        if (unit != NULL)
            a->free(a->ctx, (void *)unit, unit->bytes);
    }
    a->free(a->ctx, slots, doc->group_count * sizeof(rb_unit_ref));
}

/* ---- parse time: the tokens and the sets they select -------------------- */

typedef struct planner {
    rb_mem *mem;
    rb_index_build *out;
    robots_profile profile;
    const rb_group *groups;
    size_t group_count;
    const rb_agent *agents;
    const rb_rule *rules;
    size_t rule_count;
    const char *text;
    size_t merge_left; /* entries merged sets may still take */
    rb_vec group_list; /* uint32_t scratch */
} planner;

/* The set of these groups (ascending): a new one, or, for one group, its
 * own, which needs nothing kept (RB_SET_OF_GROUP). */
static uint32_t add_set(planner *pl, const uint32_t *groups, size_t n) {
    if (n == 1)
        return RB_SET_OF_GROUP | groups[0];
    rb_set_def def;
    def.first = (uint32_t)pl->out->set_groups.count;
    def.count = (uint32_t)n;
    uint32_t id = (uint32_t)pl->out->set_defs.count;
    if (!rb_vec_push(pl->mem, &pl->out->set_groups, groups, n) ||
        !rb_vec_push(pl->mem, &pl->out->set_defs, &def, 1))
        return NO_SET;
    return id;
}

/* A token's case-insensitive hash: the parse's tokens' table and a
 * caller's name at check time both hash through here, so the two always
 * agree. Eight bytes a step, each with bit 5 set: that folds ASCII case,
 * and merges a few other pairs ('@' and '`', say), which costs only a
 * compare on a probe. A token shorter than eight bytes, as most are, is
 * read in two overlapping loads (or its first, middle and last byte). */
static uint32_t token_hash(const char *s, size_t len) {
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

/* A user-agent line as the sort sees it (hash: its token's, once it
 * stands for its token). */
typedef struct agent_ref {
    const char *token;
    uint32_t len;
    uint32_t group;
    uint32_t agent;
    uint32_t hash;
} agent_ref;

/* The tokens' hash table (see robots_txt): a check finds a caller's token
 * in one hash and a probe or two instead of a binary search of string
 * compares (about 400 instructions a check). */
static int place_token_slots(planner *pl, const agent_ref *reps) {
    rb_index_build *out = pl->out;
    size_t count = out->tokens.count;
    if (count == 0)
        return 1;
    uint32_t ids = 1;
    while (ids < count)
        ids = ids << 1 | 1;
    uint32_t size = (uint32_t)(count + count / 2 + 1);
    uint32_t *table = rb_vec_reserve(pl->mem, &out->token_slots, size);
    if (table == NULL)
        return 0;
    memset(table, 0, size * sizeof *table);
    out->token_slot_count = size;
    out->token_id_mask = ids;
    out->token_slots.count = size;
    for (size_t t = 0; t < count; t++) {
        uint32_t h = reps[t].hash;
        uint32_t i = rb_slot_start(h, size);
        while (table[i] != 0)
            i = i + 1 == size ? 0 : i + 1;
        table[i] = (h & ~ids) | (uint32_t)(t + 1);
    }
    return 1;
}

/* The set of one group alone (RB_SET_OF_GROUP: nothing to make). */
static uint32_t group_set(planner *pl, uint32_t group) {
    return add_set(pl, &group, 1);
}

/* One token: the groups naming it (ascending) get one merged set, or
 * their own sets past the merge budget. */
static int add_token(planner *pl, uint32_t agent) {
    const uint32_t *list = (const uint32_t *)pl->group_list.data;
    size_t count = pl->group_list.count;
    rb_vec *words = &pl->out->token_sets;
    if (count == 1) { /* its set is its group's: nothing to keep */
        rb_token own = RB_TOKEN_OWN | agent;
        return rb_vec_push(pl->mem, &pl->out->tokens, &own, 1);
    }
    /* Its agent and its sets word, in token_sets. */
    rb_token token = (rb_token)words->count;
    uint32_t head[2] = {agent, 0};
    size_t merged = set_entries(pl->profile, pl->groups, pl->group_count,
                                pl->rules, pl->rule_count, list, count);
    if (merged <= pl->merge_left) {
        pl->merge_left -= merged;
        uint32_t set = add_set(pl, list, count);
        if (set == NO_SET)
            return 0;
        head[1] = RB_TOKEN_ONE_SET | set;
        return rb_vec_push(pl->mem, words, head, 2) &&
               rb_vec_push(pl->mem, &pl->out->tokens, &token, 1);
    }
    /* Past the budget: the token reads its groups' own sets, listed after
     * their count. */
    head[1] = token + 2;
    uint32_t n = (uint32_t)count;
    if (!rb_vec_push(pl->mem, words, head, 2) ||
        !rb_vec_push(pl->mem, words, &n, 1))
        return 0;
    for (size_t k = 0; k < count; k++) {
        list = (const uint32_t *)pl->group_list.data;
        uint32_t set = group_set(pl, list[k]);
        if (set == NO_SET || !rb_vec_push(pl->mem, words, &set, 1))
            return 0;
    }
    return rb_vec_push(pl->mem, &pl->out->tokens, &token, 1);
}

uint32_t rb_token_sets_word(const robots_txt *doc, rb_token token) {
    if (!(token & RB_TOKEN_OWN))
        return doc->token_sets[token + 1];
    uint32_t agent = token & ~RB_TOKEN_OWN;
    size_t lo = 0, hi = doc->group_count; /* groups[lo] holds the agent */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->groups[mid].first_agent <= agent)
            lo = mid;
        else
            hi = mid;
    }
    return RB_TOKEN_ONE_SET | RB_SET_OF_GROUP | (uint32_t)lo;
}

/* The distinct tokens, in the order of their first line, each with the
 * groups naming it. The agent lines (refs, in file order) are told apart
 * by a case-insensitive hash. A check finds a token through its own table
 * (place_token_slots), so they need no sorting. */
static int build_tokens(planner *pl, const agent_ref *refs, size_t n) {
    size_t size = table_size(n), n1 = n ? n : 1;
    /* scratch: each ref's token id, the table, each token's first ref in
     * perm, and perm: the refs ordered by token, file order within one */
    size_t words = n1 + size + (n1 + 1) + n1;
    uint32_t *scratch = rb_alloc(pl->mem, words * sizeof(uint32_t));
    agent_ref *reps = rb_alloc(pl->mem, n1 * sizeof(agent_ref));
    int ok = 0;
    if (scratch == NULL || reps == NULL)
        goto done;
    uint32_t *ids = scratch, *table = ids + n1, *start = table + size;
    uint32_t *perm = start + n1 + 1;
    memset(table, 0, size * sizeof(uint32_t));
    size_t tokens = 0;
    for (size_t r = 0; r < n; r++) {
        uint32_t h = token_hash(refs[r].token, refs[r].len);
        size_t i = h & (size - 1);
        for (;;) {
            uint32_t v = table[i];
            if (v == 0) {
                reps[tokens] = refs[r];
                reps[tokens].hash = h;
                table[i] = (uint32_t)++tokens;
                ids[r] = (uint32_t)(tokens - 1);
                break;
            }
            const agent_ref *rep = &reps[v - 1];
            if (rb_equal_nocase_fast(rep->token, rep->len, refs[r].token,
                                     refs[r].len)) {
                ids[r] = v - 1;
                break;
            }
            i = (i + 1) & (size - 1);
        }
    }
    memset(start, 0, (tokens + 1) * sizeof(uint32_t));
    for (size_t r = 0; r < n; r++)
        start[ids[r] + 1]++;
    for (size_t t = 0; t < tokens; t++)
        start[t + 1] += start[t];
    for (size_t r = 0; r < n; r++)
        perm[start[ids[r]]++] = (uint32_t)r;
    /* start[t] is now where token t + 1 begins: shift back. */
    memmove(start + 1, start, tokens * sizeof(uint32_t));
    start[0] = 0;
    for (uint32_t id = 0; id < tokens; id++) {
        pl->group_list.count = 0;
        for (uint32_t k = start[id]; k < start[id + 1]; k++) {
            uint32_t g = refs[perm[k]].group;
            const uint32_t *list = (const uint32_t *)pl->group_list.data;
            if (pl->group_list.count == 0 ||
                list[pl->group_list.count - 1] != g)
                if (!rb_vec_push(pl->mem, &pl->group_list, &g, 1))
                    goto done;
        }
        if (!add_token(pl, refs[perm[start[id]]].agent))
            goto done;
    }
    ok = place_token_slots(pl, reps);
done:
    rb_free(pl->mem, reps, n1 * sizeof(agent_ref));
    rb_free(pl->mem, scratch, words * sizeof(uint32_t));
    return ok;
}

int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                       robots_profile profile, const rb_group *groups,
                       size_t group_count, const rb_agent *agents,
                       size_t agent_count, const rb_rule *rules,
                       size_t rule_count, const char *text) {
    if (profile == ROBOTS_PROFILE_LEGACY)
        return 1; /* records are not merged: a check scans them in order */
    planner pl;
    memset(&pl, 0, sizeof pl);
    pl.mem = mem;
    pl.out = build;
    pl.profile = profile;
    pl.groups = groups;
    pl.group_count = group_count;
    pl.agents = agents;
    pl.rules = rules;
    pl.rule_count = rule_count;
    pl.text = text;
    rb_vec_init(&pl.group_list, sizeof(uint32_t));
    int ok = 0;
    agent_ref *refs = NULL;
    size_t ref_count = 0;
    refs = rb_alloc(mem, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    if (refs == NULL)
        goto done;
    pl.merge_left = MERGE_BUDGET(rule_count);
    for (size_t g = 0; g < group_count; g++) {
        uint32_t agents_of_g =
            rb_group_agents(groups, group_count, agent_count, g);
        for (uint32_t a = 0; a < agents_of_g; a++) {
            const rb_agent *agent = &agents[groups[g].first_agent + a];
            /* rfc9309: an empty token names nobody; google: it names the
             * empty caller, as google/robotstxt does. */
            size_t token_len = rb_agent_token(profile, text, agent);
            if (rb_agent_wildcard(agent) ||
                (token_len == 0 && profile != ROBOTS_PROFILE_GOOGLE))
                continue;
            refs[ref_count].token = text + rb_agent_value_off(agent);
            refs[ref_count].len = (uint32_t)token_len;
            refs[ref_count].group = (uint32_t)g;
            refs[ref_count].agent = groups[g].first_agent + a;
            ref_count++;
        }
    }
    if (!build_tokens(&pl, refs, ref_count))
        goto done;

    /* The `*` set: every group with a `*` line, merged. */
    pl.group_list.count = 0;
    for (size_t g = 0; g < group_count; g++) {
        uint32_t agents_of_g =
            rb_group_agents(groups, group_count, agent_count, g);
        for (uint32_t a = 0; a < agents_of_g; a++) {
            if (rb_agent_wildcard(&agents[groups[g].first_agent + a])) {
                uint32_t gi = (uint32_t)g;
                if (!rb_vec_push(mem, &pl.group_list, &gi, 1))
                    goto done;
                break;
            }
        }
    }
    if (pl.group_list.count != 0) {
        build->wildcard_set = add_set(&pl, (const uint32_t *)pl.group_list.data,
                                      pl.group_list.count);
        if (build->wildcard_set == NO_SET)
            goto done;
    }
    ok = 1;
done:
    rb_vec_release(mem, &pl.group_list);
    rb_free(mem, refs, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    return ok;
}

/* The index of the token equal (case-insensitively) to name, whose
 * token_hash() is h, or NO_SET. */
static uint32_t find_token(const robots_txt *doc, const char *name, size_t len,
                           uint32_t h) {
    if (doc->token_count == 0)
        return NO_SET;
    const uint32_t *table = doc->token_slots;
    uint32_t ids = doc->token_id_mask;
    uint32_t size = doc->token_slot_count;
    for (uint32_t i = rb_slot_start(h, size);; i = i + 1 == size ? 0 : i + 1) {
        uint32_t v = table[i];
        if (v == 0)
            return NO_SET;
        if (((v ^ h) & ~ids) == 0) {
            uint32_t t = (v & ids) - 1;
            const rb_agent *a =
                &doc->agents[rb_token_agent(doc->token_sets, doc->tokens[t])];
            const char *token = doc->text + rb_agent_value_off(a);
            /* Most callers spell a token as the file does. */
            if (rb_agent_token(doc->profile, doc->text, a) == len &&
                (rb_same_bytes(name, token, len) ||
                 rb_ascii_equal_nocase(name, len, token, len)))
                return t;
        }
    }
}

size_t rb_index_tokens(const robots_txt *doc, const robots_str *callers,
                       size_t n, uint32_t *tokens) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        /* rfc9309: the name's product token, which names nobody when
         * empty; google: the whole name (legacy has no index). */
        size_t len =
            rb_name_token_len(doc->profile, callers[i].ptr, callers[i].len);
        if (len == 0 && doc->profile != ROBOTS_PROFILE_GOOGLE)
            continue;
        uint32_t token = find_token(doc, callers[i].ptr, len,
                                    token_hash(callers[i].ptr, len));
        if (token == NO_SET)
            continue;
        size_t k = 0;
        while (k < count && tokens[k] != token)
            k++;
        if (k == count)
            tokens[count++] = token;
    }
    return count;
}
