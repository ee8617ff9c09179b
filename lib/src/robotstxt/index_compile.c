/* SPDX-License-Identifier: MIT */
/*
 * index_compile.c - compiling a set of rules into its unit, on the first
 * check that reads it: the set's rules filed under their literal prefixes
 * (keys interned to ids, equal normal forms made once), the unit placed in one
 * allocation and published with a compare-and-swap (rb_index_compile()), and
 * the units freed with the document. The order of a node's entries is
 * index_order.c's.
 */
#include "document.h"
#include "index.h"
#include "index_build.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"
#include "normalize.h"
#include "words.h"

#include <string.h>

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

static int interner_init(rb_mem *mem, interner *in, size_t most) {
    in->size = rb_index_table_size(most);
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
        /* the first byte inline: a hostile file's 25,000 rules under "/"
         * each paid a call to compare one byte */
        if (it->hash == hash && it->len == len &&
            (len == 0 ||
             (it->str[0] == str[0] &&
              (len == 1 || memcmp(it->str + 1, str + 1, len - 1) == 0))))
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

static uint32_t group_rules(const robots_txt *doc, uint32_t g) {
    return rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
}

/* The hash of a key, and (with b->prefixes) the hash of each prefix of it
 * that ends in '/' before the key does, for the prefixes filter (see
 * rb_prefix_words), pushed onto b->prefix_hash: in one pass, as hashing a
 * hostile file's keys of 3 KB twice was half the cost of its compile. The
 * caller pops them again when the key is not new. 0 on memory failure. */
static int hash_key(builder *b, const char *p, size_t key_len, uint32_t *hash) {
    uint32_t h = RB_FNV_OFFSET;
    size_t at = 0;
    while (b->prefixes && key_len - at > 1) {
        const char *slash = memchr(p + at, '/', key_len - 1 - at);
        if (slash == NULL)
            break;
        size_t upto = (size_t)(slash - p) + 1;
        h = hash_bytes(h, p + at, upto - at);
        at = upto;
        if (!rb_vec_push(b->mem, &b->prefix_hash, &h, 1))
            return 0;
    }
    *hash = hash_bytes(h, p + at, key_len - at);
    return 1;
}

/* The key an entry was last filed under, to file the next under the same
 * one without hashing and interning it again: a hostile file's 25,000
 * rules under "/" paid 120 instructions each for that. */
typedef struct last_key {
    const char *str; /* NULL: none yet */
    size_t len;
    uint32_t id;
} last_key;

/* Is p the key last filed under? Keys of one length mostly differ in
 * their first or last 8 bytes, told apart without a call (a first and
 * last byte alone left the workload's many keys "/.../" to memcmp()). */
static inline int is_last_key(const last_key *last, const char *p,
                              size_t key_len) {
    if (last->str == NULL || last->len != key_len)
        return 0;
    if (key_len < 8) {
        for (size_t i = 0; i < key_len; i++)
            if (last->str[i] != p[i])
                return 0;
        return 1;
    }
    return rb_load8(last->str) == rb_load8(p) &&
           rb_load8(last->str + key_len - 8) == rb_load8(p + key_len - 8) &&
           (key_len <= 16 || memcmp(last->str + 8, p + 8, key_len - 16) == 0);
}

/* Adds an entry under its key, interned: a new key gets its prefixes too.
 * Returns the key's id + 1; 0 on memory failure. */
static uint32_t add_keyed(builder *b, interner *keys, const char *p,
                          size_t key_len, uint32_t entry, int literal_dir) {
    size_t prefixes = b->prefix_hash.count;
    uint32_t hash;
    if (!hash_key(b, p, key_len, &hash))
        return 0;
    uint32_t id = intern(keys, p, (uint32_t)key_len, hash);
    if (id != b->nodes.count)
        b->prefix_hash.count = prefixes; /* the key's, noted before */
    add_candidate(b, id, (uint32_t)key_len, hash, entry, literal_dir);
    return id + 1;
}

/* Adds a rule under its key: the key last filed (is_last_key()) without
 * hashing or interning it again, as add_keyed()'s call cost the
 * workload's keys more than the test. 0 on memory failure. */
static int add_rule(builder *b, interner *keys, last_key *last, const char *p,
                    size_t key_len, uint32_t rule) {
    if (is_last_key(last, p, key_len)) {
        /* not a new node: add_candidate() needs no hash */
        add_candidate(b, last->id, (uint32_t)key_len, 0, rule, 0);
        return 1;
    }
    uint32_t id = add_keyed(b, keys, p, key_len, rule, 0);
    last->str = p;
    last->len = key_len;
    last->id = id - 1;
    return id != 0;
}

/* Is a rule's normal form one a unit keeps: one that does not end in `*`
 * (`*lit` and `*lit$` after its key do not; a form ending in `*` after
 * another has two, and its rule is tested on its raw bytes, which refuse
 * most of a hostile file's such rules for less than the filter of their
 * normal form would: issue29-star-e-acute). The last byte only: a search
 * for a second `*` in each, twice, cost a compile 4 M instructions.
 * len >= 1, untested: only a rule that normalises has its form made here
 * (rb_rule_normalises()), flagged when its form differs from its pattern
 * (parse_records.c), so the pattern is not empty, and
 * rb_normalize_pattern() writes 1 to 3 bytes for each byte or escape it
 * reads (normalize.c). */
static int kept_form(const char *p, size_t len) {
    return p[len - 1] != '*';
}

/* The normal forms the set's rules do not keep (builder.normal_*), in
 * memory of the build's, and what of them a unit may keep (kept_form()):
 * the rules they span and their bytes. 0 when memory runs out. */
static int make_normal_forms(builder *b, const uint32_t *groups, size_t n) {
    const robots_txt *doc = b->doc;
    size_t count = 0, bytes = 0;
    uint32_t low = 0, high = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t first = doc->groups[groups[i]].first_rule;
        const rb_rule *r = &doc->rules[first];
        for (uint32_t k = 0, m = group_rules(doc, groups[i]); k < m; k++, r++)
            if (rb_rule_normalises(r)) {
                if (count++ == 0) /* the groups and their rules ascend */
                    low = first + k;
                high = first + k;
                bytes += r->normalized_len;
            }
    }
    if (count == 0)
        return 1;
    size_t slots = 2;
    while (slots < 2 * count)
        slots *= 2;
    b->normal_mask = slots - 1;
    b->normal_low = low;
    b->normal_dense = (size_t)(high - low) < 4 * count;
    b->normal_slot_bytes = /* what compile_unit() frees */
        (b->normal_dense ? (size_t)(high - low) + 1 : 2 * slots) *
        sizeof(uint32_t);
    b->normal_bytes = bytes;
    b->normal_slots = rb_alloc(b->mem, b->normal_slot_bytes);
    b->normal_text = rb_alloc(b->mem, bytes);
    if (b->normal_slots == NULL || b->normal_text == NULL)
        return 0;
    /* dense: every slot read is written below */
    if (!b->normal_dense)
        memset(b->normal_slots, 0, b->normal_slot_bytes);
    /* in locals: the normaliser's call could change b's fields for all
     * the compiler knows, each read again after it for every rule */
    uint32_t *offsets = b->normal_slots, kept_first = 0, span = 0;
    char *text = b->normal_text;
    size_t at = 0, kept = 0, mask = b->normal_mask;
    int dense = b->normal_dense;
    for (size_t i = 0; i < n; i++) {
        uint32_t first = doc->groups[groups[i]].first_rule;
        for (uint32_t j = 0, m = group_rules(doc, groups[i]); j < m; j++) {
            const rb_rule *r = &doc->rules[first + j];
            if (!rb_rule_normalises(r))
                continue;
            if (dense) {
                offsets[first + j - low] = (uint32_t)at;
            } else {
                size_t k = normal_slot(mask, first + j);
                while (offsets[2 * k] != 0)
                    k = (k + 1) & mask;
                offsets[2 * k] = first + j + 1;
                offsets[2 * k + 1] = (uint32_t)at;
            }
            size_t len =
                rb_normalize_pattern(doc->profile, doc->text + r->pattern_off,
                                     rb_rule_pattern_len(r), text + at);
            if (kept_form(text + at, len)) {
                if (kept == 0)
                    kept_first = first + j;
                span = first + j - kept_first + 1;
                kept += len;
            }
            at += len;
        }
    }
    b->normal_first = kept_first;
    b->normal_span = span;
    b->normal_kept = kept;
    return 1;
}

/* Files the rules of the set's groups (ascending, so that the first of
 * equal rules is the earliest) under their keys, and writes its nodes. */
static int build_set(builder *b, const rb_set_def *def, rb_set *set) {
    const robots_txt *doc = b->doc;
    const uint32_t *groups = rb_set_groups(doc, def);
    size_t most = rb_index_set_entries(
        doc->profile == ROBOTS_PROFILE_GOOGLE, doc->groups, doc->group_count,
        doc->rules, doc->rule_count, groups, def->count);
    b->most = most;
    b->groups = groups;
    b->group_count = def->count;
    if (!make_normal_forms(b, groups, def->count))
        return 0;
    interner keys;
    memset(&keys, 0, sizeof keys);
    last_key last = {NULL, 0, 0};
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
            if (!add_rule(b, &keys, &last, p, key_length(p, len), rule) ||
                (RB_RULE_INDEX_HTM(rr) &&
                 !add_keyed(b, &keys, p, dir_key, rule | RB_ENTRY_INDEX_DIR,
                            dir_key == rb_index_dir_length(p, len)))) {
                interner_release(b->mem, &keys, most);
                return 0;
            }
        }
    }
    interner_release(b->mem, &keys, most);
    return rb_index_emit_nodes(b, set);
}

/* The bytes of the normal forms a unit of `bytes` keeps (rb_unit's
 * `normal`): those the build made that kept_form() keeps, among them the
 * rules of one literal after their key that a check past its budget
 * decides by their hash (multi_literal.h) with no other test, when the
 * unit stays within robots.h's 30 * E + 96 bytes with them; else none.
 * A hostile file's thousands of such rules of raw UTF-8 under a few keys
 * fit (about 8 bytes an entry are taken, and a short rule's form and
 * offset are some 20); a file of as many keys keeps none, and its checks
 * normalise them as before. */
static size_t normal_keep(const builder *b, size_t bytes) {
    if (b->normal_kept == 0)
        return 0;
    size_t need =
        (2 + (size_t)b->normal_span) * sizeof(uint32_t) + b->normal_bytes;
    return bytes + need <= 30 * b->most + 96 ? need : 0;
}

/* Writes the normal forms kept (normal_keep()) at `normal`: the build's
 * copied whole (one copy: those kept_form() refuses are left unread), and
 * the offsets of those kept, the set's rules read in make_normal_forms()'s
 * order. */
static void place_normal(const builder *b, uint32_t *normal) {
    const robots_txt *doc = b->doc;
    normal[0] = b->normal_first;
    normal[1] = b->normal_span;
    memset(normal + 2, 0, (size_t)b->normal_span * sizeof *normal);
    char *text = (char *)(normal + 2 + b->normal_span);
    memcpy(text, b->normal_text, b->normal_bytes);
    uint32_t from = 0;
    for (size_t i = 0; i < b->group_count; i++) {
        uint32_t first = doc->groups[b->groups[i]].first_rule;
        uint32_t k = group_rules(doc, b->groups[i]);
        for (uint32_t j = 0; j < k; j++) {
            const rb_rule *r = &doc->rules[first + j];
            if (!rb_rule_normalises(r))
                continue;
            size_t len = r->normalized_len;
            if (kept_form(text + from, len))
                normal[2 + (first + j - b->normal_first)] = from + 1;
            from += (uint32_t)len;
        }
    }
}

/* The unit of a built set: its hash table sized from its nodes, 1.5 slots
 * a node and one, with the two Bloom filters (keys, then '/' prefixes)
 * before it when it is large, then its nodes, entries and the entries'
 * filters, and the normal forms it keeps, in one allocation. */
static rb_unit *place_unit(builder *b, const rb_set *set) {
    size_t n = b->out_nodes.count, entries = b->entries.count;
    size_t size = n + n / 2 + 1, words = rb_bloom_words((uint32_t)size),
           pwords = rb_prefix_words((uint32_t)size);
    size_t head = (sizeof(rb_unit) + 7) & ~(size_t)7;
    size_t slot_bytes =
        ((words + pwords + size) * sizeof(uint32_t) + 7) & ~(size_t)7;
    size_t bytes = head + slot_bytes + n * sizeof(rb_node) +
                   2 * entries * sizeof(uint32_t);
    size_t keep = normal_keep(b, bytes);
    bytes += keep;
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
    unit->normal = NULL;
    if (keep != 0) {
        place_normal(b, out_filters + entries);
        unit->normal = out_filters + entries;
    }
    uint32_t *table = slots + words + pwords, *bloom = slots;
    const uint32_t *hash = (const uint32_t *)b->node_hash.data;
    for (size_t node = 0; node < n; node++) {
        uint32_t i = rb_slot_start(hash[node], (uint32_t)size);
        while (table[i] != 0)
            i = i + 1 == size ? 0 : i + 1;
        table[i] = (hash[node] & ~mask) | (uint32_t)(node + 1);
        if (words != 0)
            rb_bloom_add(bloom, words, rb_bloom_mix(hash[node]));
    }
    const uint32_t *prefix = (const uint32_t *)b->prefix_hash.data;
    for (size_t k = 0; words != 0 && k < b->prefix_hash.count; k++)
        rb_bloom_add(bloom + words, pwords, rb_prefix_mix(prefix[k]));
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
        rb_free(mem, b.normal_slots, b.normal_slot_bytes);
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
