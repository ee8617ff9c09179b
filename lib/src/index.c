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
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define NO_SET UINT32_MAX

/* Entries the merged sets may hold in all, beyond each group's own. */
#define MERGE_BUDGET(entries) (2 * (entries) + 4096)

/* What the build needs to know of each rule, computed once. */
typedef struct rule_key {
    uint32_t key_len;
    uint32_t key_hash;
    uint32_t full_hash; /* of the whole normalised pattern, for duplicates */
    uint32_t dir_len;   /* google index.htm companion: "<dir>/"; 0: none */
    uint32_t dir_hash;
} rule_key;

/* An entry while a node's entries are ordered. */
typedef struct entry_key {
    uint32_t priority;
    uint32_t kind; /* allow (0) before disallow (1) */
    uint32_t hash;
    uint32_t entry;
} entry_key;

typedef struct builder {
    rb_mem *mem;
    rb_index_build *out;
    robots_profile profile;
    const rb_group *groups;
    size_t group_count;
    const rb_agent *agents;
    const rb_rule *rules;
    const char *text;
    rule_key *keys;      /* one per rule */
    uint32_t *group_set; /* the set of a group alone, or NO_SET */
    size_t merge_left;   /* entries merged sets may still take */
    rb_vec candidates;   /* (node, entry) pairs of the set being built */
    rb_vec order;        /* entry_key scratch */
    rb_vec group_list;   /* uint32_t scratch */
} builder;

typedef struct candidate {
    uint32_t node;
    uint32_t entry;
} candidate;

void rb_index_init(rb_index_build *build) {
    rb_vec_init(&build->tokens, sizeof(rb_token));
    rb_vec_init(&build->token_sets, sizeof(uint32_t));
    rb_vec_init(&build->sets, sizeof(rb_set));
    rb_vec_init(&build->slots, sizeof(uint32_t));
    rb_vec_init(&build->nodes, sizeof(rb_node));
    rb_vec_init(&build->entries, sizeof(uint32_t));
    rb_vec_init(&build->filters, sizeof(uint32_t));
    build->wildcard_set = NO_SET;
}

void rb_index_release(rb_mem *mem, rb_index_build *build) {
    rb_vec_release(mem, &build->tokens);
    rb_vec_release(mem, &build->token_sets);
    rb_vec_release(mem, &build->sets);
    rb_vec_release(mem, &build->slots);
    rb_vec_release(mem, &build->nodes);
    rb_vec_release(mem, &build->entries);
    rb_vec_release(mem, &build->filters);
}

static const char *pattern_of(const builder *b, uint32_t rule) {
    return b->text + b->rules[rule].normalized_off;
}

static void compute_key(const char *p, size_t len, int index_htm, rule_key *k) {
    const char *star = len ? memchr(p, '*', len) : NULL;
    size_t key_len = star ? (size_t)(star - p) : len;
    if (star == NULL && len > 0 && p[len - 1] == '$')
        key_len--;
    uint32_t h = RB_FNV_OFFSET, key_hash = h;
    for (size_t i = 0; i < len; i++) {
        if (i == key_len)
            key_hash = h;
        h = rb_hash_step(h, (unsigned char)p[i]);
    }
    k->key_len = (uint32_t)key_len;
    k->key_hash = key_len == len ? h : key_hash;
    k->full_hash = h;
    k->dir_len = 0;
    k->dir_hash = 0;
    if (index_htm) {
        size_t dir = len;
        while (dir > 0 && p[dir - 1] != '/')
            dir--;
        uint32_t d = RB_FNV_OFFSET;
        for (size_t i = 0; i < dir; i++)
            d = rb_hash_step(d, (unsigned char)p[i]);
        k->dir_len = (uint32_t)dir;
        k->dir_hash = d;
    }
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

/* The node of this set with this key, created if new; NO_SET on failure. */
static uint32_t node_for(builder *b, uint32_t first_slot, uint32_t mask,
                         uint32_t rule, uint32_t key_len, uint32_t hash) {
    uint32_t *slots = (uint32_t *)b->out->slots.data + first_slot;
    const char *key = pattern_of(b, rule);
    uint32_t i = hash & mask;
    for (;;) {
        uint32_t v = slots[i];
        if (v == 0)
            break;
        const rb_node *node = (const rb_node *)b->out->nodes.data + (v - 1);
        if (node->key_hash == hash && node->key_len == key_len &&
            memcmp(pattern_of(b, node->first_entry), key, key_len) == 0)
            return v - 1;
        i = (i + 1) & mask;
    }
    rb_node node;
    node.key_hash = hash;
    node.key_len = key_len;
    node.first_entry = rule; /* its key's rule, until entries are placed */
    node.entry_count = 0;
    uint32_t index = (uint32_t)b->out->nodes.count;
    if (!rb_vec_push(b->mem, &b->out->nodes, &node, 1))
        return NO_SET;
    slots[i] = index + 1;
    return index;
}

static int add_candidate(builder *b, uint32_t node, uint32_t entry) {
    candidate c;
    c.node = node;
    c.entry = entry;
    rb_node *n = (rb_node *)b->out->nodes.data + node;
    n->entry_count++;
    return rb_vec_push(b->mem, &b->candidates, &c, 1);
}

static int compare_entries(const void *a, const void *b) {
    const entry_key *x = a, *y = b;
    if (x->priority != y->priority)
        return x->priority > y->priority ? -1 : 1;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    if (x->hash != y->hash)
        return x->hash < y->hash ? -1 : 1;
    return x->entry < y->entry ? -1 : (x->entry > y->entry);
}

static void sort_entries(entry_key *keys, size_t n) {
    if (n > 16) {
        qsort(keys, n, sizeof *keys, compare_entries);
        return;
    }
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

static int same_rule_text(const builder *b, uint32_t x, uint32_t y) {
    const rb_rule *rx = &b->rules[x], *ry = &b->rules[y];
    return rx->normalized_len == ry->normalized_len &&
           memcmp(pattern_of(b, x), pattern_of(b, y), rx->normalized_len) == 0;
}

/* Orders each node's entries by priority and drops repeated rules, packing
 * the entries of the nodes [first_node, nodes.count) from first_entry. */
static int order_nodes(builder *b, size_t first_node, size_t first_entry) {
    uint32_t *entries = (uint32_t *)b->out->entries.data;
    size_t write = first_entry;
    for (size_t ni = first_node; ni < b->out->nodes.count; ni++) {
        rb_node *node = (rb_node *)b->out->nodes.data + ni;
        size_t n = node->entry_count;
        b->order.count = 0;
        entry_key *keys = rb_vec_reserve(b->mem, &b->order, n);
        if (keys == NULL)
            return 0;
        for (size_t i = 0; i < n; i++) {
            uint32_t e = entries[node->first_entry + i];
            uint32_t rule = e & ~RB_ENTRY_INDEX_DIR;
            const rb_rule *r = &b->rules[rule];
            keys[i].entry = e;
            keys[i].kind =
                (e & RB_ENTRY_INDEX_DIR) ? ROBOTS_RULE_ALLOW : RB_RULE_KIND(r);
            if (e & RB_ENTRY_INDEX_DIR) {
                keys[i].priority = node->key_len + 1;
                keys[i].hash = 0;
            } else {
                keys[i].priority = r->normalized_len;
                keys[i].hash = b->keys[rule].full_hash;
            }
        }
        sort_entries(keys, n);
        node->first_entry = (uint32_t)write;
        size_t kept = 0;
        for (size_t i = 0; i < n; i++) {
            if (kept > 0) {
                const entry_key *prev = &keys[i - 1];
                int dup = prev->priority == keys[i].priority &&
                          prev->kind == keys[i].kind &&
                          prev->hash == keys[i].hash;
                if (dup && !(keys[i].entry & RB_ENTRY_INDEX_DIR) &&
                    !(prev->entry & RB_ENTRY_INDEX_DIR) &&
                    same_rule_text(b, prev->entry, keys[i].entry))
                    continue; /* the earlier rule stands for both */
                if (dup && (keys[i].entry & RB_ENTRY_INDEX_DIR) &&
                    (prev->entry & RB_ENTRY_INDEX_DIR))
                    continue; /* the same "<dir>/$" twice */
            }
            entries[write++] = keys[i].entry;
            kept++;
        }
        node->entry_count = (uint32_t)kept;
    }
    b->out->entries.count = write;
    return 1;
}

static size_t table_size(size_t n) {
    size_t size = 1;
    while (size < n + n / 2 + 1)
        size *= 2;
    return size;
}

/* Entries a set of these groups holds before duplicates are dropped. */
static size_t set_entries(const builder *b, const uint32_t *groups, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &b->groups[groups[i]];
        count += g->rule_count;
        for (uint32_t r = 0; r < g->rule_count; r++)
            count += b->keys[g->first_rule + r].dir_len != 0;
    }
    return count;
}

/* Builds one set from the rules of `groups` (ascending). */
static uint32_t build_set(builder *b, const uint32_t *groups, size_t n) {
    size_t count = set_entries(b, groups, n);
    if (count > UINT32_MAX / 4)
        return NO_SET; /* cannot happen within ROBOTS_MAX_INPUT_BYTES */
    size_t size = table_size(count);
    rb_set set;
    memset(&set, 0, sizeof set);
    set.first_slot = (uint32_t)b->out->slots.count;
    set.slot_mask = (uint32_t)(size - 1);
    set.first_group = n ? groups[0] : 0;
    uint32_t *slots = rb_vec_reserve(b->mem, &b->out->slots, size);
    if (slots == NULL)
        return NO_SET;
    memset(slots, 0, size * sizeof *slots);
    b->out->slots.count += size;

    size_t first_node = b->out->nodes.count;
    b->candidates.count = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &b->groups[groups[i]];
        for (uint32_t r = 0; r < g->rule_count; r++) {
            uint32_t rule = g->first_rule + r;
            const rule_key *k = &b->keys[rule];
            uint32_t node = node_for(b, set.first_slot, set.slot_mask, rule,
                                     k->key_len, k->key_hash);
            if (node == NO_SET || !add_candidate(b, node, rule))
                return NO_SET;
            if (k->dir_len != 0) {
                node = node_for(b, set.first_slot, set.slot_mask, rule,
                                k->dir_len, k->dir_hash);
                if (node == NO_SET ||
                    !add_candidate(b, node, rule | RB_ENTRY_INDEX_DIR))
                    return NO_SET;
            }
        }
    }

    /* Entries of a node are contiguous: place each node's run, then fill. */
    size_t first_entry = b->out->entries.count;
    size_t at = first_entry;
    for (size_t ni = first_node; ni < b->out->nodes.count; ni++) {
        rb_node *node = (rb_node *)b->out->nodes.data + ni;
        node->first_entry = (uint32_t)at;
        at += node->entry_count;
        node->entry_count = 0;
        if (node->key_len < 64)
            set.len_mask |= (uint64_t)1 << node->key_len;
        if (node->key_len > set.max_key_len)
            set.max_key_len = node->key_len;
    }
    uint32_t *entries = rb_vec_reserve(b->mem, &b->out->entries, count);
    if (entries == NULL)
        return NO_SET;
    entries = (uint32_t *)b->out->entries.data;
    const candidate *c = (const candidate *)b->candidates.data;
    for (size_t i = 0; i < b->candidates.count; i++) {
        rb_node *node = (rb_node *)b->out->nodes.data + c[i].node;
        entries[node->first_entry + node->entry_count++] = c[i].entry;
    }
    if (!order_nodes(b, first_node, first_entry))
        return NO_SET;

    uint32_t id = (uint32_t)b->out->sets.count;
    if (!rb_vec_push(b->mem, &b->out->sets, &set, 1))
        return NO_SET;
    return id;
}

/* A user-agent line as the sort sees it. */
typedef struct agent_ref {
    const char *token;
    uint32_t len;
    uint32_t group;
    uint32_t agent;
} agent_ref;

static int compare_tokens(const char *a, size_t alen, const char *b,
                          size_t blen) {
    size_t n = alen < blen ? alen : blen;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = rb_lower((unsigned char)a[i]);
        unsigned char y = rb_lower((unsigned char)b[i]);
        if (x != y)
            return x < y ? -1 : 1;
    }
    return alen < blen ? -1 : (alen > blen);
}

static int compare_agent_refs(const void *a, const void *b) {
    const agent_ref *x = a, *y = b;
    int c = compare_tokens(x->token, x->len, y->token, y->len);
    if (c != 0)
        return c;
    return x->group < y->group ? -1 : (x->group > y->group);
}

/* The set of one group alone, built the first time it is needed. */
static uint32_t group_set(builder *b, uint32_t group) {
    if (b->group_set[group] == NO_SET)
        b->group_set[group] = build_set(b, &group, 1);
    return b->group_set[group];
}

static int build_tokens(builder *b, agent_ref *refs, size_t n) {
    qsort(refs, n, sizeof *refs, compare_agent_refs);
    for (size_t i = 0; i < n;) {
        size_t j = i;
        b->group_list.count = 0;
        while (j < n && compare_tokens(refs[i].token, refs[i].len,
                                       refs[j].token, refs[j].len) == 0) {
            uint32_t g = refs[j].group;
            const uint32_t *list = (const uint32_t *)b->group_list.data;
            if (b->group_list.count == 0 || list[b->group_list.count - 1] != g)
                if (!rb_vec_push(b->mem, &b->group_list, &g, 1))
                    return 0;
            j++;
        }
        const uint32_t *list = (const uint32_t *)b->group_list.data;
        size_t count = b->group_list.count;
        rb_token token;
        token.agent = refs[i].agent;
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
            (set == NO_SET ||
             !rb_vec_push(b->mem, &b->out->token_sets, &set, 1)))
            return 0;
        if (!rb_vec_push(b->mem, &b->out->tokens, &token, 1))
            return 0;
        i = j;
    }
    return 1;
}

int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                       robots_profile profile, const rb_group *groups,
                       size_t group_count, const rb_agent *agents,
                       size_t agent_count, const rb_rule *rules,
                       size_t rule_count, const char *text) {
    if (profile == ROBOTS_PROFILE_LEGACY)
        return 1; /* records are not merged: a check scans them in order */
    builder b;
    memset(&b, 0, sizeof b);
    b.mem = mem;
    b.out = build;
    b.profile = profile;
    b.groups = groups;
    b.group_count = group_count;
    b.agents = agents;
    b.rules = rules;
    b.text = text;
    rb_vec_init(&b.candidates, sizeof(candidate));
    rb_vec_init(&b.order, sizeof(entry_key));
    rb_vec_init(&b.group_list, sizeof(uint32_t));
    int ok = 0;
    agent_ref *refs = NULL;
    size_t ref_count = 0;

    b.keys = rb_alloc(mem, (rule_count ? rule_count : 1) * sizeof(rule_key));
    b.group_set =
        rb_alloc(mem, (group_count ? group_count : 1) * sizeof(uint32_t));
    refs = rb_alloc(mem, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    if (b.keys == NULL || b.group_set == NULL || refs == NULL)
        goto done;
    b.merge_left = MERGE_BUDGET(rule_count);
    uint32_t *filters = rb_vec_reserve(mem, &build->filters, rule_count);
    if (filters == NULL)
        goto done;
    build->filters.count = rule_count;
    for (size_t i = 0; i < rule_count; i++) {
        const char *p = text + rules[i].normalized_off;
        compute_key(p, rules[i].normalized_len,
                    (int)RB_RULE_INDEX_HTM(&rules[i]), &b.keys[i]);
        filters[i] =
            compute_filter(p, rules[i].normalized_len, b.keys[i].key_len);
    }
    for (size_t g = 0; g < group_count; g++) {
        b.group_set[g] = NO_SET;
        for (uint32_t a = 0; a < groups[g].agent_count; a++) {
            const rb_agent *agent = &agents[groups[g].first_agent + a];
            /* rfc9309: an empty token names nobody; google: it names the
             * empty caller, as google/robotstxt does. */
            if (agent->wildcard ||
                (agent->token.len == 0 && profile != ROBOTS_PROFILE_GOOGLE))
                continue;
            refs[ref_count].token = text + agent->token.off;
            refs[ref_count].len = agent->token.len;
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
        for (uint32_t a = 0; a < groups[g].agent_count; a++) {
            if (agents[groups[g].first_agent + a].wildcard) {
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
    ok = 1;
done:
    rb_vec_release(mem, &b.candidates);
    rb_vec_release(mem, &b.order);
    rb_vec_release(mem, &b.group_list);
    rb_free(mem, refs, (agent_count ? agent_count : 1) * sizeof(agent_ref));
    rb_free(mem, b.group_set,
            (group_count ? group_count : 1) * sizeof(uint32_t));
    rb_free(mem, b.keys, (rule_count ? rule_count : 1) * sizeof(rule_key));
    return ok;
}

/* The index of the token equal (case-insensitively) to name, or NO_SET. */
static uint32_t find_token(const robots_txt *doc, const char *name,
                           size_t len) {
    size_t lo = 0, hi = doc->token_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const rb_agent *a = &doc->agents[doc->tokens[mid].agent];
        int c =
            compare_tokens(name, len, doc->text + a->token.off, a->token.len);
        if (c == 0)
            return (uint32_t)mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NO_SET;
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
