/*
 * index.c - compiles the groups of an rfc9309 or google document into the
 * per-agent index a check reads (see "the compiled index" in internal.h),
 * and finds the sets a query's agent names select.
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
 * Keys are hashed and compared once for the whole document (each gets an
 * id), so that building a set, which a rule may join several times, is
 * array look-ups; the hash tables are filled last, when the number of
 * nodes, and so the width of a slot's tag, is known.
 */
#include "internal.h"

#include <string.h>

#define NO_SET UINT32_MAX

/* Entries the merged sets may hold in all, beyond each group's own. */
#define MERGE_BUDGET(entries) (2 * (entries) + 4096)

/* What the build needs to know of each rule, computed once. Equal keys
 * (a dir companion's included) share a key id. */
typedef struct rule_key {
    uint32_t key_len;
    uint32_t key_hash;
    uint32_t key_id;
    uint32_t full_hash; /* of the whole normalised pattern, for duplicates */
    uint32_t dir_len;   /* google index.htm companion: "<dir>/"; 0: none */
    uint32_t dir_hash;
    uint32_t dir_id;
} rule_key;

/* An entry while a node's entries are ordered: rank sorts by priority,
 * highest first (it is 0xFFFF - priority, and priorities, pattern lengths,
 * are under 65,536), then allow (kind 0) before disallow, in one compare. */
typedef struct entry_key {
    uint32_t rank; /* (0xFFFF - priority) << 1 | kind */
    uint32_t hash; /* equal rules side by side */
    uint32_t entry;
} entry_key;

#define ENTRY_RANK(priority, kind) ((0xFFFFu - (priority)) << 1 | (kind))

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

typedef struct builder {
    rb_mem *mem;
    rb_index_build *out;
    robots_profile profile;
    const rb_group *groups;
    size_t agent_total, rule_total; /* for rb_group_agents / rb_group_rules */
    size_t group_count;
    const rb_agent *agents;
    const rb_rule *rules;
    const char *text;
    rule_key *keys;      /* one per rule */
    uint32_t *group_set; /* the set of a group alone, or NO_SET */
    size_t merge_left;   /* entries merged sets may still take */
    size_t key_count;
    /* Per key id, the set last seen using it (its stamp) and its node in
     * that set: a set is built without clearing them. */
    uint32_t *key_stamp, *key_node;
    uint32_t stamp;
    uint32_t multi;    /* nodes of the set being built with several entries */
    rb_vec nodes;      /* local_node of the set being built */
    rb_vec candidates; /* (node, entry) pairs of the set being built */
    rb_vec order;      /* entry_key scratch */
    rb_vec group_list; /* uint32_t scratch */
    rb_vec node_hash;  /* uint32_t: the key hash of each output node */
    rb_vec set_nodes;  /* uint32_t: the first output node of each set */
} builder;

void rb_index_init(rb_index_build *build) {
    rb_vec_init(&build->tokens, sizeof(rb_token));
    rb_vec_init(&build->token_sets, sizeof(uint32_t));
    rb_vec_init(&build->sets, sizeof(rb_set));
    rb_vec_init(&build->slots, sizeof(uint32_t));
    rb_vec_init(&build->nodes, sizeof(rb_node));
    rb_vec_init(&build->entries, sizeof(uint32_t));
    build->wildcard_set = NO_SET;
    build->slot_node_mask = 0;
}

void rb_index_release(rb_mem *mem, rb_index_build *build) {
    rb_vec_release(mem, &build->tokens);
    rb_vec_release(mem, &build->token_sets);
    rb_vec_release(mem, &build->sets);
    rb_vec_release(mem, &build->slots);
    rb_vec_release(mem, &build->nodes);
    rb_vec_release(mem, &build->entries);
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

static void compute_key(const char *p, size_t len, int index_htm, rule_key *k) {
    const char *star = len ? memchr(p, '*', len) : NULL;
    size_t key_len = star ? (size_t)(star - p) : len;
    if (star == NULL && len > 0 && p[len - 1] == '$')
        key_len--;
    uint32_t h = hash_bytes(RB_FNV_OFFSET, p, key_len);
    k->key_len = (uint32_t)key_len;
    k->key_hash = h;
    k->full_hash = hash_bytes(h, p + key_len, len - key_len);
    k->dir_len = 0;
    k->dir_hash = 0;
    if (index_htm) {
        size_t dir = len;
        while (dir > 0 && p[dir - 1] != '/')
            dir--;
        k->dir_len = (uint32_t)dir;
        k->dir_hash = hash_bytes(RB_FNV_OFFSET, p, dir);
    }
}

/* ---- ids: equal strings, one number ------------------------------------ */

/* A distinct key: `len` bytes of the text at `off`. */
typedef struct interned {
    uint32_t off;
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
static inline uint32_t intern(interner *in, const char *text, uint32_t off,
                              uint32_t len, uint32_t hash) {
    size_t mask = in->size - 1, i = hash & mask;
    for (;;) {
        uint32_t v = in->slots[i];
        if (v == 0)
            break;
        const interned *it = &in->items[v - 1];
        if (it->hash == hash && it->len == len &&
            memcmp(text + it->off, text + off, len) == 0)
            return v - 1;
        i = (i + 1) & mask;
    }
    interned *it = &in->items[in->count];
    it->off = off;
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

/* The filter of a rule (see RB_FILTER_* in internal.h). */
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

/* Adds an entry under the key `id` of the set being built, making its node
 * on first sight; build_set has made room for both. A node keeps one
 * "<dir>/$" companion: the first, whose rule is the earliest. */
static inline void add_candidate(builder *b, uint32_t id, uint32_t key_len,
                                 uint32_t hash, uint32_t entry) {
    local_node *nodes = (local_node *)b->nodes.data;
    uint32_t node;
    if (b->key_stamp[id] == b->stamp) {
        node = b->key_node[id];
    } else {
        node = (uint32_t)b->nodes.count++;
        nodes[node].key_len = key_len;
        nodes[node].hash = hash;
        nodes[node].first = entry;
        nodes[node].count = 1;
        nodes[node].has_dir = (entry & RB_ENTRY_INDEX_DIR) != 0;
        b->key_stamp[id] = b->stamp;
        b->key_node[id] = node;
        return;
    }
    if (entry & RB_ENTRY_INDEX_DIR) {
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

static int same_rule_text(const builder *b, uint32_t x, uint32_t y) {
    const rb_rule *rx = &b->rules[x], *ry = &b->rules[y];
    return rx->normalized_len == ry->normalized_len &&
           memcmp(b->text + rb_rule_normalized_off(rx),
                  b->text + rb_rule_normalized_off(ry),
                  rx->normalized_len) == 0;
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
            !((prev->entry | cur->entry) & RB_ENTRY_INDEX_DIR) &&
            same_rule_text(b, prev->entry, cur->entry))
            continue;
        keys[kept++] = *cur;
    }
    return kept;
}

/* Writes the nodes of the set being built, each one's entries ordered by
 * priority, highest first (see rb_node in internal.h). */
static void put_key(const builder *b, local_node *node, entry_key *keys,
                    uint32_t e) {
    entry_key *k = &keys[node->start + node->fill++];
    k->entry = e;
    if (e & RB_ENTRY_INDEX_DIR) {
        k->rank = ENTRY_RANK(node->key_len + 1, ROBOTS_RULE_ALLOW);
        k->hash = 0;
    } else {
        k->rank =
            ENTRY_RANK(b->rules[e].normalized_len, RB_RULE_KIND(&b->rules[e]));
        k->hash = b->keys[e].full_hash;
    }
}

/* The run (see RB_ENTRY_RUN) an entry of a node of many goes to: 0 for
 * ALL, 1 + B for LAST, 257 + B for HAS. */
#define RUN_BUCKETS 513u
static uint32_t run_bucket(const builder *b, uint32_t entry) {
    if (entry & RB_ENTRY_INDEX_DIR)
        return 0;
    uint32_t f = b->rules[entry].filter;
    switch (RB_FILTER_MODE(f)) {
    case RB_FILTER_SUFFIX:
    case RB_FILTER_LAST:
        return 1 + RB_FILTER_A(f);
    case RB_FILTER_BYTES: {
        /* The first byte of the first segment after the key's `*`. */
        const rb_rule *r = &b->rules[entry];
        const char *p = b->text + rb_rule_normalized_off(r);
        size_t i = b->keys[entry].key_len;
        while (i < r->normalized_len && p[i] == '*')
            i++;
        return i < r->normalized_len ? 257 + (unsigned char)p[i] : 0;
    }
    default:
        return 0;
    }
}

/* The first bucket from k on, below end, that `used` marks; end if none.
 * A set's nodes use a few buckets of the 513: whole words of unused ones
 * are skipped at once. */
static uint32_t next_used(const uint64_t *used, uint32_t k, uint32_t end) {
    while (k < end) {
        uint64_t word = used[k / 64] >> (k % 64);
        if (word == 0) {
            k = (k / 64 + 1) * 64;
            continue;
        }
        while ((word & 1) == 0) {
            word >>= 1;
            k++;
        }
        return k < end ? k : end;
    }
    return end;
}

/* Writes a node's entries (by priority) as runs behind their markers, the
 * order of priority kept within each run, and the LAST runs behind one
 * ENDS marker. dst has room for count + count_runs(). Only the buckets
 * the entries use are visited, and their counts zeroed: a pass over all
 * 513 (and a memset of them) was most of the cost of a node of runs. */
static void write_runs(const builder *b, const entry_key *entries,
                       uint32_t count, uint32_t *dst) {
    uint32_t size[RUN_BUCKETS], at[RUN_BUCKETS];
    uint64_t used[(RUN_BUCKETS + 63) / 64];
    memset(used, 0, sizeof used);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t k = run_bucket(b, entries[i].entry);
        used[k / 64] |= (uint64_t)1 << (k % 64);
        size[k] = 0;
    }
    for (uint32_t i = 0; i < count; i++)
        size[run_bucket(b, entries[i].entry)]++;
    uint32_t w = 0, ends = UINT32_MAX;
    for (uint32_t k = next_used(used, 0, RUN_BUCKETS); k < RUN_BUCKETS;
         k = next_used(used, k + 1, RUN_BUCKETS)) {
        if (k >= 257 && ends < UINT32_MAX - 1) {
            dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
            ends = UINT32_MAX - 1; /* written: no second ENDS */
        }
        if (k >= 1 && k < 257 && ends == UINT32_MAX)
            ends = w++;
        uint32_t kind = k == 0    ? RB_RUN_ALL
                        : k < 257 ? RB_RUN_LAST
                                  : RB_RUN_HAS;
        uint32_t byte = k == 0 ? 0 : (k - 1) & 0xFFu;
        dst[w] = RB_RUN_MARKER(kind, byte, size[k]);
        at[k] = w + 1;
        w += size[k] + 1;
    }
    if (ends < UINT32_MAX - 1) /* LAST runs and no HAS run after them */
        dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
    for (uint32_t i = 0; i < count; i++)
        dst[at[run_bucket(b, entries[i].entry)]++] = entries[i].entry;
}

/* The markers a node of these entries gets: one a run, and ENDS when
 * there are LAST runs; 0 for a node of few entries, written plain. */
static uint32_t count_runs(const builder *b, const entry_key *entries,
                           uint32_t count) {
    if (count < RB_RUN_MIN || count > RB_RUN_MAX_COUNT - RUN_BUCKETS - 1)
        return 0;
    unsigned char used[RUN_BUCKETS];
    memset(used, 0, sizeof used);
    uint32_t runs = 0, last = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t k = run_bucket(b, entries[i].entry);
        runs += !used[k];
        last |= k >= 1 && k < 257;
        used[k] = 1;
    }
    return runs + last;
}

static int emit_nodes(builder *b, rb_set *set) {
    size_t n = b->nodes.count;
    local_node *ln = (local_node *)b->nodes.data;
    /* Each candidate joined a node of several, whose first is not one:
     * known without a pass over the nodes. */
    uint32_t total = (uint32_t)b->candidates.count + b->multi;
    /* the entries of nodes of several, then room to merge them */
    entry_key *keys = rb_vec_reserve(b->mem, &b->order, 2 * (size_t)total);
    rb_node *out = rb_vec_reserve(b->mem, &b->out->nodes, n);
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
        uint32_t count = ln[i].count;
        rb_node *node = &out[i];
        node->ref = ln[i].first;
        entry_key *mine = keys;
        if (count > 1) {
            mine = keys + ln[i].start;
            count = order_entries(b, mine, keys + total, count);
            node->ref = mine[0].entry;
        }
        uint32_t runs = count > 1 ? count_runs(b, mine, count) : 0;
        uint32_t written = count + runs;
        node->key_count =
            ln[i].key_len | (written < RB_NODE_MANY ? written : RB_NODE_MANY)
                                << 16;
        if (count > 1) {
            uint32_t *dst =
                rb_vec_reserve(b->mem, &b->out->entries, written + 1);
            if (dst == NULL)
                return 0;
            node->ref = (uint32_t)b->out->entries.count;
            if (written >= RB_NODE_MANY)
                *dst++ = written;
            if (runs != 0) {
                write_runs(b, mine, count, dst);
            } else {
                for (uint32_t k = 0; k < count; k++)
                    dst[k] = mine[k].entry;
            }
            b->out->entries.count += written + (written >= RB_NODE_MANY);
        }
        if (ln[i].key_len < 64)
            set->len_mask |= (uint64_t)1 << ln[i].key_len;
        if (ln[i].key_len > set->max_key_len)
            set->max_key_len = ln[i].key_len;
        hashes[i] = ln[i].hash;
    }
    b->out->nodes.count += n;
    b->node_hash.count += n;
    return 1;
}

static uint32_t group_rules(const builder *b, uint32_t g) {
    return rb_group_rules(b->groups, b->group_count, b->rule_total, g);
}

/* Entries a set of these groups holds before duplicates are dropped. */
static size_t set_entries(const builder *b, const uint32_t *groups, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &b->groups[groups[i]];
        uint32_t rules = group_rules(b, groups[i]);
        count += rules;
        if (b->profile != ROBOTS_PROFILE_GOOGLE)
            continue; /* only google has "<dir>/$" companions */
        for (uint32_t r = 0; r < rules; r++)
            count += b->keys[g->first_rule + r].dir_len != 0;
    }
    return count;
}

/* Builds one set from the rules of `groups` (ascending, so that the first
 * of equal rules is the earliest). Its hash table is made by place_slots. */
static uint32_t build_set(builder *b, const uint32_t *groups, size_t n) {
    rb_set set;
    memset(&set, 0, sizeof set);
    set.first_group = n ? groups[0] : 0;
    uint32_t first_node = (uint32_t)b->out->nodes.count;
    size_t most = set_entries(b, groups, n);
    b->stamp++;
    b->nodes.count = 0;
    b->candidates.count = 0;
    b->multi = 0;
    /* Too many nodes cannot happen within ROBOTS_MAX_INPUT_BYTES. */
    if (b->out->nodes.count + most > UINT32_MAX / 4 ||
        rb_vec_reserve(b->mem, &b->nodes,
                       most < b->key_count ? most : b->key_count) == NULL ||
        rb_vec_reserve(b->mem, &b->candidates, most) == NULL)
        return NO_SET;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &b->groups[groups[i]];
        uint32_t rules = group_rules(b, groups[i]);
        for (uint32_t r = 0; r < rules; r++) {
            uint32_t rule = g->first_rule + r;
            const rule_key *k = &b->keys[rule];
            add_candidate(b, k->key_id, k->key_len, k->key_hash, rule);
            if (k->dir_len != 0)
                add_candidate(b, k->dir_id, k->dir_len, k->dir_hash,
                              rule | RB_ENTRY_INDEX_DIR);
        }
    }
    if (!emit_nodes(b, &set))
        return NO_SET;
    uint32_t id = (uint32_t)b->out->sets.count;
    if (!rb_vec_push(b->mem, &b->out->sets, &set, 1) ||
        !rb_vec_push(b->mem, &b->set_nodes, &first_node, 1))
        return NO_SET;
    return id;
}

/* The hash tables of every set, sized from its nodes (not its entries,
 * as they were: a third of the document), 2/3 full, and filled
 * now that the number of nodes, and so the width of a slot's tag (see
 * rb_set), is known. */
static int place_slots(builder *b) {
    rb_index_build *out = b->out;
    size_t node_count = out->nodes.count, total = 0;
    uint32_t mask = 1;
    while (mask < node_count)
        mask = mask << 1 | 1;
    out->slot_node_mask = mask;
    const uint32_t *first = (const uint32_t *)b->set_nodes.data;
    rb_set *sets = (rb_set *)out->sets.data;
    for (size_t s = 0; s < out->sets.count; s++) {
        size_t end = s + 1 < out->sets.count ? first[s + 1] : node_count;
        size_t nodes = end - first[s], size = nodes + nodes / 2 + 1;
        total += rb_bloom_words((uint32_t)size);
        sets[s].first_slot = (uint32_t)total;
        sets[s].slot_count = (uint32_t)size;
        total += size;
    }
    /* with room for the tokens' table after them (place_token_slots) */
    size_t token_room =
        out->tokens.count != 0 ? table_size(out->tokens.count) : 0;
    uint32_t *slots = rb_vec_reserve(b->mem, &out->slots, total + token_room);
    if (slots == NULL)
        return 0;
    memset(slots, 0, total * sizeof *slots);
    out->slots.count = total;
    const uint32_t *hash = (const uint32_t *)b->node_hash.data;
    for (size_t s = 0; s < out->sets.count; s++) {
        size_t end = s + 1 < out->sets.count ? first[s + 1] : node_count;
        uint32_t *table = slots + sets[s].first_slot;
        uint32_t size = sets[s].slot_count;
        size_t words = rb_bloom_words(size);
        uint32_t *bloom = table - words;
        for (size_t node = first[s]; node < end; node++) {
            uint32_t i = rb_slot_start(hash[node], size);
            while (table[i] != 0)
                i = i + 1 == size ? 0 : i + 1;
            table[i] = (hash[node] & ~mask) | (uint32_t)(node + 1);
            if (words != 0) {
                uint32_t bit = rb_bloom_bit(hash[node], words);
                bloom[bit / 32] |= (uint32_t)1 << (bit % 32);
            }
        }
    }
    return 1;
}

static uint32_t token_hash(const char *s, size_t len);

/* The tokens' hash table (see rb_index_build), after the sets' slots: a
 * check finds a caller's token in one hash and a probe or two instead of
 * a binary search of string compares (about 400 instructions a check). */
static int place_token_slots(builder *b) {
    rb_index_build *out = b->out;
    size_t count = out->tokens.count;
    if (count == 0)
        return 1;
    uint32_t ids = 1;
    while (ids < count)
        ids = ids << 1 | 1;
    size_t size = table_size(count);
    uint32_t *table = rb_vec_reserve(b->mem, &out->slots, size);
    if (table == NULL)
        return 0;
    memset(table, 0, size * sizeof *table);
    out->token_first_slot = (uint32_t)out->slots.count;
    out->token_slot_mask = (uint32_t)(size - 1);
    out->token_id_mask = ids;
    out->slots.count += size;
    const rb_token *tokens = (const rb_token *)out->tokens.data;
    for (size_t t = 0; t < count; t++) {
        const rb_agent *a = &b->agents[tokens[t].agent];
        uint32_t h = token_hash(b->text + a->value_off, a->token_len);
        uint32_t i = h & out->token_slot_mask;
        while (table[i] != 0)
            i = (i + 1) & out->token_slot_mask;
        table[i] = (h & ~ids) | (uint32_t)(t + 1);
    }
    return 1;
}

/* A user-agent line as the sort sees it. */
typedef struct agent_ref {
    const char *token;
    uint32_t len;
    uint32_t group;
    uint32_t agent;
} agent_ref;

/* The set of one group alone, built the first time it is needed. */
static uint32_t group_set(builder *b, uint32_t group) {
    if (b->group_set[group] == NO_SET)
        b->group_set[group] = build_set(b, &group, 1);
    return b->group_set[group];
}

/* One token: the groups naming it (ascending) get one merged set, or
 * their own sets past the merge budget. */
static int add_token(builder *b, uint32_t agent) {
    const uint32_t *list = (const uint32_t *)b->group_list.data;
    size_t count = b->group_list.count;
    rb_token token;
    token.agent = agent;
    token.first_set = (uint32_t)b->out->token_sets.count;
    token.set_count = 1;
    uint32_t set;
    size_t merged = count > 1 ? set_entries(b, list, count) : 0;
    if (count == 1) {
        set = group_set(b, list[0]);
    } else if (merged <= b->merge_left) {
        b->merge_left -= merged;
        set = build_set(b, list, count);
    } else {
        /* Past the budget: the token reads its groups' own sets. */
        token.set_count = (uint32_t)count;
        for (size_t k = 0; k < count; k++) {
            list = (const uint32_t *)b->group_list.data;
            set = group_set(b, list[k]);
            if (set == NO_SET ||
                !rb_vec_push(b->mem, &b->out->token_sets, &set, 1))
                return 0;
        }
        set = NO_SET;
    }
    if (token.set_count == 1 &&
        (set == NO_SET || !rb_vec_push(b->mem, &b->out->token_sets, &set, 1)))
        return 0;
    return rb_vec_push(b->mem, &b->out->tokens, &token, 1);
}

static uint32_t token_hash(const char *s, size_t len) {
    uint32_t h = RB_FNV_OFFSET;
    for (size_t i = 0; i < len; i++)
        h = rb_hash_step(h, rb_lower((unsigned char)s[i]));
    return h;
}

/* The distinct tokens, in the order of their first line, each with the
 * groups naming it. The agent lines (refs, in file order) are told apart
 * by a case-insensitive hash. A check finds a token through its own table
 * (place_token_slots), so they need no sorting. */
static int build_tokens(builder *b, const agent_ref *refs, size_t n) {
    size_t size = table_size(n), n1 = n ? n : 1;
    /* scratch: each ref's token id, the table, each token's first ref in
     * perm, and perm: the refs ordered by token, file order within one */
    size_t words = n1 + size + (n1 + 1) + n1;
    uint32_t *scratch = rb_alloc(b->mem, words * sizeof(uint32_t));
    agent_ref *reps = rb_alloc(b->mem, n1 * sizeof(agent_ref));
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
                table[i] = (uint32_t)++tokens;
                ids[r] = (uint32_t)(tokens - 1);
                break;
            }
            const agent_ref *rep = &reps[v - 1];
            if (rb_equal_nocase(rep->token, rep->len, refs[r].token,
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
        b->group_list.count = 0;
        for (uint32_t k = start[id]; k < start[id + 1]; k++) {
            uint32_t g = refs[perm[k]].group;
            const uint32_t *list = (const uint32_t *)b->group_list.data;
            if (b->group_list.count == 0 || list[b->group_list.count - 1] != g)
                if (!rb_vec_push(b->mem, &b->group_list, &g, 1))
                    goto done;
        }
        if (!add_token(b, refs[perm[start[id]]].agent))
            goto done;
    }
    ok = 1;
done:
    rb_free(b->mem, reps, n1 * sizeof(agent_ref));
    rb_free(b->mem, scratch, words * sizeof(uint32_t));
    return ok;
}

/* Gives every rule its key and dir ids (see rule_key). */
static int assign_ids(builder *b, size_t rule_count) {
    size_t dirs = 0;
    for (size_t i = 0; i < rule_count; i++)
        dirs += b->keys[i].dir_len != 0;
    interner keys;
    int ok = interner_init(b->mem, &keys, rule_count + dirs);
    if (ok) {
        for (size_t i = 0; i < rule_count; i++) {
            rule_key *k = &b->keys[i];
            uint32_t off = rb_rule_normalized_off(&b->rules[i]);
            k->key_id = intern(&keys, b->text, off, k->key_len, k->key_hash);
            if (k->dir_len != 0)
                k->dir_id =
                    intern(&keys, b->text, off, k->dir_len, k->dir_hash);
        }
        b->key_count = keys.count;
    }
    interner_release(b->mem, &keys, rule_count + dirs);
    return ok;
}

int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                       robots_profile profile, const rb_group *groups,
                       size_t group_count, const rb_agent *agents,
                       size_t agent_count, rb_rule *rules, size_t rule_count,
                       const char *text) {
    if (profile == ROBOTS_PROFILE_LEGACY)
        return 1; /* records are not merged: a check scans them in order */
    builder b;
    memset(&b, 0, sizeof b);
    b.mem = mem;
    b.out = build;
    b.profile = profile;
    b.groups = groups;
    b.group_count = group_count;
    b.agent_total = agent_count;
    b.rule_total = rule_count;
    b.agents = agents;
    b.rules = rules;
    b.text = text;
    rb_vec_init(&b.nodes, sizeof(local_node));
    rb_vec_init(&b.candidates, sizeof(candidate));
    rb_vec_init(&b.order, sizeof(entry_key));
    rb_vec_init(&b.group_list, sizeof(uint32_t));
    rb_vec_init(&b.node_hash, sizeof(uint32_t));
    rb_vec_init(&b.set_nodes, sizeof(uint32_t));
    int ok = 0;
    agent_ref *refs = NULL;
    size_t ref_count = 0, ids = 0;

    size_t rules1 = rule_count ? rule_count : 1;
    b.keys = rb_alloc(mem, rules1 * sizeof(rule_key));
    if (b.keys == NULL)
        goto done;
    for (size_t i = 0; i < rule_count; i++) {
        const char *p = text + rb_rule_normalized_off(&rules[i]);
        compute_key(p, rules[i].normalized_len,
                    (int)RB_RULE_INDEX_HTM(&rules[i]), &b.keys[i]);
        rules[i].filter =
            compute_filter(p, rules[i].normalized_len, b.keys[i].key_len);
    }
    /* Each distinct key makes a node in some set, and the merged sets
     * repeat some (the workload: 11,316 keys, 20,928 nodes): room for twice
     * that many saves most of the copies of growing. */
    if (!assign_ids(&b, rule_count) ||
        rb_vec_reserve(mem, &build->nodes, 2 * (size_t)b.key_count) == NULL ||
        rb_vec_reserve(mem, &b.node_hash, 2 * (size_t)b.key_count) == NULL)
        goto done;
    ids = (b.key_count ? b.key_count : 1) * 2;
    b.key_stamp = rb_alloc(mem, ids * sizeof(uint32_t));
    b.group_set =
        rb_alloc(mem, (group_count ? group_count : 1) * sizeof(uint32_t));
    refs = rb_alloc(mem, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    if (b.key_stamp == NULL || b.group_set == NULL || refs == NULL)
        goto done;
    memset(b.key_stamp, 0, ids / 2 * sizeof(uint32_t));
    b.key_node = b.key_stamp + ids / 2;
    b.merge_left = MERGE_BUDGET(rule_count);
    for (size_t g = 0; g < group_count; g++) {
        b.group_set[g] = NO_SET;
        uint32_t agents_of_g =
            rb_group_agents(groups, group_count, agent_count, g);
        for (uint32_t a = 0; a < agents_of_g; a++) {
            const rb_agent *agent = &agents[groups[g].first_agent + a];
            /* rfc9309: an empty token names nobody; google: it names the
             * empty caller, as google/robotstxt does. */
            if (rb_agent_wildcard(agent) ||
                (agent->token_len == 0 && profile != ROBOTS_PROFILE_GOOGLE))
                continue;
            refs[ref_count].token = text + agent->value_off;
            refs[ref_count].len = agent->token_len;
            refs[ref_count].group = (uint32_t)g;
            refs[ref_count].agent = groups[g].first_agent + a;
            ref_count++;
        }
    }
    if (!build_tokens(&b, refs, ref_count))
        goto done;

    /* The `*` set: every group with a `*` line, merged. */
    b.group_list.count = 0;
    for (size_t g = 0; g < group_count; g++) {
        uint32_t agents_of_g =
            rb_group_agents(groups, group_count, agent_count, g);
        for (uint32_t a = 0; a < agents_of_g; a++) {
            if (rb_agent_wildcard(&agents[groups[g].first_agent + a])) {
                uint32_t gi = (uint32_t)g;
                if (!rb_vec_push(mem, &b.group_list, &gi, 1))
                    goto done;
                break;
            }
        }
    }
    if (b.group_list.count != 0) {
        build->wildcard_set = build_set(&b, (const uint32_t *)b.group_list.data,
                                        b.group_list.count);
        if (build->wildcard_set == NO_SET)
            goto done;
    }
    ok = place_slots(&b) && place_token_slots(&b);
done:
    rb_vec_release(mem, &b.nodes);
    rb_vec_release(mem, &b.candidates);
    rb_vec_release(mem, &b.order);
    rb_vec_release(mem, &b.group_list);
    rb_vec_release(mem, &b.node_hash);
    rb_vec_release(mem, &b.set_nodes);
    rb_free(mem, refs, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    rb_free(mem, b.group_set,
            (group_count ? group_count : 1) * sizeof(uint32_t));
    rb_free(mem, b.key_stamp, ids * sizeof(uint32_t));
    rb_free(mem, b.keys, rules1 * sizeof(rule_key));
    return ok;
}

/* The index of the token equal (case-insensitively) to name, or NO_SET. */
static uint32_t find_token(const robots_txt *doc, const char *name,
                           size_t len) {
    if (doc->token_count == 0)
        return NO_SET;
    const uint32_t *table = doc->slots + doc->token_first_slot;
    uint32_t h = token_hash(name, len), ids = doc->token_id_mask;
    for (uint32_t i = h & doc->token_slot_mask;;
         i = (i + 1) & doc->token_slot_mask) {
        uint32_t v = table[i];
        if (v == 0)
            return NO_SET;
        if (((v ^ h) & ~ids) == 0) {
            uint32_t t = (v & ids) - 1;
            const rb_agent *a = &doc->agents[doc->tokens[t].agent];
            if (rb_equal_nocase(name, len, doc->text + a->value_off,
                                a->token_len))
                return t;
        }
    }
}

size_t rb_index_tokens(const robots_txt *doc, const robots_str *callers,
                       size_t n, uint32_t *tokens) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = callers[i].len;
        if (doc->profile != ROBOTS_PROFILE_GOOGLE) {
            len = rb_agent_token_len(callers[i].ptr, len);
            if (len == 0)
                continue;
        }
        uint32_t token = find_token(doc, callers[i].ptr, len);
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
