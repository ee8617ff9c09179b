/* SPDX-License-Identifier: MIT */
/*
 * multi.c - many wildcard rules against one path, in a single pass.
 *
 * Each wildcard match is linear (match.c), but a hostile file can hold
 * 25,000 different rules (`Disallow: /`, `*x0` and six digits), and a path that
 * nearly matches each of them at every other byte then costs 25,000 linear
 * searches. When a check's wildcard work passes a budget, check_path.c hands
 * the rules still in play to rb_match_many() instead: an Aho-Corasick automaton
 * over their distinct `*`-separated segments reads the path once, and each
 * rule waits for its next segment. A rule waiting for segment s from
 * cursor c is woken by the first occurrence of s starting at or after c,
 * which is the leftmost occurrence match.c takes, so the answers are the
 * same (the unit tests and fuzz_differential compare the two).
 *
 * A rule may not be woken by an occurrence that starts before its cursor,
 * so it joins the waiting list of s only when the scan reaches
 * c + len(s) - 1 (a bucket per path position holds it until then).
 * A rule with a segment made of a byte or a pair of bytes the path lacks
 * is decided before: no occurrence, no match (rb_path_pairs, multi.h).
 */
#include "multi.h"
#include "byte_class.h"
#include "memory.h"

#include <string.h>

#define NONE UINT32_MAX

typedef struct ac_node {
    uint32_t parent;
    uint32_t fail;    /* the longest proper suffix that is a node */
    uint32_t out;     /* the longest proper suffix ending a segment, or NONE */
    uint32_t waiting; /* rules waiting for this segment, linked by `link` */
    /* Where the next segment with waiters on the out chain was, as of
     * activation number skip_stamp (see next_waited()). */
    uint32_t skip, skip_stamp;
    uint32_t depth;
    /* The child last followed or made while segments were inserted, + 1
     * (0: none), and its byte: segments that share long prefixes (a run
     * of one byte in every length, as a hostile file writes them) then
     * walk what is already there without a hash look-up a byte. */
    uint32_t last_child;
    unsigned char last_byte;
    unsigned char byte;
    unsigned char ends_segment;
} ac_node;

typedef struct wild_state {
    uint32_t first_seg, seg_count; /* seg_node[first_seg..+seg_count] */
    uint32_t next;                 /* the segment it waits for */
    uint32_t link;                 /* the next rule in a bucket or list */
    size_t cursor;
    const char *tail; /* anchored rules: what must end the path */
    size_t tail_len;
    int anchored;
    int lacking; /* a byte or pair of bytes of it is not in the path */
} wild_state;

typedef struct automaton {
    ac_node *nodes;
    uint32_t count;
    /* child + 1, by (parent, byte); 0: empty. At most half full: it grows
     * with the nodes rather than being sized for every segment byte, so
     * segments sharing long prefixes keep it small enough for the cache. */
    uint32_t *edges;
    uint32_t mask;
    rb_mem *mem;
    int failed; /* memory for a larger table ran out */
    /* The segment inserted last, and path[i], the node of its first i
     * bytes (room for the longest segment). */
    const char *prev;
    size_t prev_len;
    uint32_t *path;
} automaton;

static uint32_t edge_slot(uint32_t parent, unsigned char byte, uint32_t mask) {
    uint32_t h = (parent * 0x9E3779B1u) ^ ((uint32_t)byte * 0x85EBCA77u);
    return (h ^ (h >> 15)) & mask;
}

/* The slot holding parent's child by byte, or the empty slot it would go
 * in. */
static uint32_t find_edge(const automaton *a, uint32_t parent,
                          unsigned char byte) {
    uint32_t i = edge_slot(parent, byte, a->mask);
    for (;; i = (i + 1) & a->mask) {
        uint32_t v = a->edges[i];
        if (v == 0 ||
            (a->nodes[v - 1].parent == parent && a->nodes[v - 1].byte == byte))
            return i;
    }
}

/* Doubles the edge table; 0 when memory ran out. */
static int grow_edges(automaton *a) {
    uint32_t cap = 2 * (a->mask + 1);
    uint32_t *edges = rb_alloc(a->mem, (size_t)cap * sizeof *edges);
    if (edges == NULL)
        return 0;
    memset(edges, 0, (size_t)cap * sizeof *edges);
    rb_free(a->mem, a->edges, (size_t)(a->mask + 1) * sizeof *a->edges);
    a->edges = edges;
    a->mask = cap - 1;
    for (uint32_t v = 1; v < a->count; v++)
        a->edges[find_edge(a, a->nodes[v].parent, a->nodes[v].byte)] = v + 1;
    return 1;
}

/* How many bytes x and y start with in common, eight at a time. */
static size_t common_prefix(const char *x, size_t xn, const char *y,
                            size_t yn) {
    size_t n = xn < yn ? xn : yn, i = 0;
    while (i + 8 <= n) {
        uint64_t a, b;
        memcpy(&a, x + i, 8);
        memcpy(&b, y + i, 8);
        if (a != b)
            break;
        i += 8;
    }
    while (i < n && x[i] == y[i])
        i++;
    return i;
}

/* The node of segment s, made if new. The walk starts where s parts from
 * the segment inserted before it (see insert_all()). */
static uint32_t insert(automaton *a, const char *s, size_t n) {
    if (a->failed)
        return 0;
    size_t i = common_prefix(a->prev, a->prev_len, s, n);
    uint32_t u = a->path[i];
    a->prev = s;
    a->prev_len = n;
    for (; i < n; a->path[++i] = u) {
        unsigned char c = (unsigned char)s[i];
        ac_node *at = &a->nodes[u];
        if (at->last_byte == c && at->last_child != 0) {
            u = at->last_child - 1;
            continue;
        }
        if (2 * (size_t)a->count >= a->mask + 1 && !grow_edges(a)) {
            a->failed = 1;
            return 0;
        }
        uint32_t slot = find_edge(a, u, c);
        if (a->edges[slot] == 0) {
            ac_node *node = &a->nodes[a->count];
            node->parent = u;
            node->byte = c;
            node->depth = a->nodes[u].depth + 1;
            node->fail = 0;
            node->out = NONE;
            node->waiting = NONE;
            node->skip_stamp = 0;
            node->last_child = 0;
            node->last_byte = 0;
            node->ends_segment = 0;
            a->edges[slot] = ++a->count;
        }
        a->nodes[u].last_child = a->edges[slot];
        a->nodes[u].last_byte = c;
        u = a->edges[slot] - 1;
    }
    a->nodes[u].ends_segment = 1;
    return u;
}

/* The automaton's transition: the longest suffix of (u's string + byte)
 * that is a node. */
static uint32_t step(const automaton *a, uint32_t u, unsigned char byte) {
    for (;;) {
        uint32_t v = a->edges[find_edge(a, u, byte)];
        if (v != 0)
            return v - 1;
        if (u == 0)
            return 0;
        u = a->nodes[u].fail;
    }
}

/* Failure and output links, parents before children (by depth, counted). */
static void link_nodes(automaton *a, uint32_t *order, uint32_t *per_depth,
                       uint32_t max_depth) {
    memset(per_depth, 0, (max_depth + 2) * sizeof *per_depth);
    for (uint32_t v = 0; v < a->count; v++)
        per_depth[a->nodes[v].depth + 1]++;
    for (uint32_t d = 1; d <= max_depth + 1; d++)
        per_depth[d] += per_depth[d - 1];
    for (uint32_t v = 0; v < a->count; v++)
        order[per_depth[a->nodes[v].depth]++] = v;
    for (uint32_t i = 1; i < a->count; i++) {
        ac_node *node = &a->nodes[order[i]];
        node->fail = node->parent == 0
                         ? 0
                         : step(a, a->nodes[node->parent].fail, node->byte);
        const ac_node *f = &a->nodes[node->fail];
        node->out = node->fail != 0 && f->ends_segment ? node->fail : f->out;
    }
}

void rb_path_pairs_note(rb_path_pairs *pp, const char *path, size_t len) {
    memset(pp->pairs, 0, RB_PAIR_WORDS * sizeof *pp->pairs);
    const unsigned char *u = (const unsigned char *)path;
    /* the bytes seen a byte each, made bits after the pass: a store a
     * byte where a bit set cost six more (a path of 48 KB) */
    unsigned char seen[256];
    memset(seen, 0, sizeof seen);
    uint64_t bytes[4] = {0, 0, 0, 0};
    uint32_t *pairs = pp->pairs;
    if (len != 0)
        seen[u[0]] = 1;
    for (size_t i = 1; i < len; i++) { /* one pass: a path of 48 KB */
        seen[u[i]] = 1;
        uint32_t bit = rb_pair_bit(u[i - 1], u[i]);
        pairs[bit >> 5] |= (uint32_t)1 << (bit & 31);
    }
    for (unsigned c = 0; c < 256; c++)
        bytes[c >> 6] |= (uint64_t)seen[c] << (c & 63);
    memcpy(pp->bytes, bytes, sizeof bytes);
    /* what each raw byte of a pattern is to rb_raw_may_match() */
    static const char hex[] = "0123456789ABCDEF";
    for (unsigned c = 0; c < 0x80; c++)
        pp->raw[c] = (rb_byte_class[c] & RB_C_PLAIN) == 0 ? RB_RAW_ENDS_RUN
                     : bytes[c >> 6] >> (c & 63) & 1      ? RB_RAW_AS_IS
                                                          : RB_RAW_LACKED;
    for (unsigned c = 0x80; c < 0x100; c++)
        pp->raw[c] = rb_has_pair(pp, '%', (unsigned char)hex[c >> 4]) &&
                             rb_has_pair(pp, (unsigned char)hex[c >> 4],
                                         (unsigned char)hex[c & 15])
                         ? RB_RAW_ESCAPED
                         : RB_RAW_LACKED;
}

/* Can the n bytes at s (n > 0) occur in the path, by their first byte
 * and their first and last PAIRS_TESTED pairs? Only so many: the test is
 * to cost a step or two a segment, not a pass over every byte of long
 * segments that the path does hold. */
#define PAIRS_TESTED ((size_t)8)
static int may_occur(const rb_path_pairs *pp, const char *s, size_t n) {
    const unsigned char *u = (const unsigned char *)s;
    if ((pp->bytes[u[0] >> 6] >> (u[0] & 63) & 1) == 0)
        return 0;
    size_t pairs = n - 1;
    size_t head = pairs <= 2 * PAIRS_TESTED ? pairs : PAIRS_TESTED;
    for (size_t i = 0; i < head; i++)
        if (!rb_has_pair(pp, u[i], u[i + 1]))
            return 0;
    for (size_t i = pairs -
                    (pairs - head < PAIRS_TESTED ? pairs - head : PAIRS_TESTED);
         i < pairs; i++)
        if (!rb_has_pair(pp, u[i], u[i + 1]))
            return 0;
    return 1;
}

int rb_rest_may_match(const rb_path_pairs *pp, const char *rest, size_t n) {
    const unsigned char *u = (const unsigned char *)rest;
    if (n > 0 && u[n - 1] == '$')
        n--;
    /* may_occur() on each segment, without a search for its end while
     * it is short: most are a few bytes. */
    for (size_t p = 0; p < n; p++) {
        if (u[p] == '*')
            continue;
        if ((pp->bytes[u[p] >> 6] >> (u[p] & 63) & 1) == 0)
            return 0;
        size_t i = p; /* the pair at i, i + 1 is next */
        for (; i + 1 < n && u[i + 1] != '*' && i - p < PAIRS_TESTED; i++)
            if (!rb_has_pair(pp, u[i], u[i + 1]))
                return 0;
        if (i + 1 < n && u[i + 1] != '*') { /* long: its last pairs */
            const unsigned char *star = memchr(u + i + 1, '*', n - i - 1);
            size_t end = star != NULL ? (size_t)(star - u) : n;
            size_t j = end - i - 1 > PAIRS_TESTED ? end - 1 - PAIRS_TESTED : i;
            for (; j + 1 < end; j++)
                if (!rb_has_pair(pp, u[j], u[j + 1]))
                    return 0;
            i = end - 1;
        }
        p = i; /* the segment's last byte; its end next */
    }
    return 1;
}

/* The raw bytes rb_raw_may_match() reads at each end of a pattern (its
 * key, which starts the path, passes): enough to decide the short rules of
 * a hostile file's thousands, and the last segment of a long one, at a
 * bounded cost where the rule must be normalised anyway. */
#define RAW_TESTED ((size_t)32)

/* Whether the '%' at u[i] (i < len) starts an escape: two hex digits
 * follow. Known from the bytes alone, as a '%' is no hex digit. */
static int escape_starts(const unsigned char *u, size_t len, size_t i) {
    return len - i > 2 && (rb_byte_class[u[i + 1]] & RB_C_HEX) &&
           (rb_byte_class[u[i + 2]] & RB_C_HEX);
}

/* rb_raw_may_match() on the raw bytes [from, to) of a pattern of len. */
static int raw_runs_may(const rb_path_pairs *pp, const unsigned char *u,
                        size_t from, size_t to, size_t len) {
    static const char hex[] = "0123456789ABCDEF";
    /* not from within an escape's hex digits */
    if (from >= 1 && u[from - 1] == '%' && escape_starts(u, len, from - 1))
        from += 2;
    else if (from >= 2 && u[from - 2] == '%' && escape_starts(u, len, from - 2))
        from += 1;
    int prev = -1; /* the normal form's byte before, in this run */
    for (size_t i = from; i < to; i++) {
        unsigned char c = u[i];
        unsigned kind = pp->raw[c];
        if (kind == RB_RAW_LACKED)
            return 0;
        if (kind == RB_RAW_ENDS_RUN) {
            prev = -1;
            /* an escape's hex digits may be written otherwise: never in a
             * run (a '%' before anything else is itself) */
            if (c == '%' && escape_starts(u, len, i))
                i += 2;
            continue;
        }
        /* the byte the normal form writes first, and last */
        int first = kind == RB_RAW_ESCAPED ? '%' : c;
        if (prev >= 0 &&
            !rb_has_pair(pp, (unsigned char)prev, (unsigned char)first))
            return 0;
        prev = kind == RB_RAW_ESCAPED ? hex[c & 15] : c;
    }
    return 1;
}

int rb_raw_may_match(const rb_path_pairs *pp, const char *raw, size_t len) {
    const unsigned char *u = (const unsigned char *)raw;
    if (len <= 2 * RAW_TESTED)
        return raw_runs_may(pp, u, 0, len, len);
    return raw_runs_may(pp, u, 0, RAW_TESTED, len) &&
           raw_runs_may(pp, u, len - RAW_TESTED, len, len);
}

/* Splits a rule's pattern (from its first `*`) into segments: sets the
 * rule's state, and notes each segment's length in seg_len and where it
 * starts in its pattern in seg_at, from *segs on (advanced past them).
 * A rule with a segment (or final part, when anchored) the path cannot
 * hold is `lacking`, with no segments. */
static void split(const rb_wild_rule *rule, const rb_path_pairs *pp,
                  uint32_t *seg_len, uint32_t *seg_at, wild_state *w,
                  size_t *segs) {
    const char *pat = rule->rest;
    size_t plen = rule->rest_len;
    int anchored = plen > 0 && pat[plen - 1] == '$';
    if (anchored)
        plen--;
    w->anchored = anchored;
    w->tail = pat + plen; /* empty, never NULL: a lacking rule keeps it */
    w->tail_len = 0;
    w->seg_count = 0;
    w->lacking = 0;
    size_t first = *segs;
    for (size_t p = 1; p <= plen;) {
        const char *star = p < plen ? memchr(pat + p, '*', plen - p) : NULL;
        size_t e = star != NULL ? (size_t)(star - pat) : plen;
        if (e > p && !may_occur(pp, pat + p, e - p)) {
            w->lacking = 1;
            w->seg_count = 0;
            *segs = first;
            return;
        }
        if (e == plen && anchored) {
            w->tail = pat + p;
            w->tail_len = e - p;
            return;
        }
        if (e > p) {
            seg_len[*segs] = (uint32_t)(e - p);
            seg_at[*segs] = (uint32_t)p;
            w->seg_count++;
            ++*segs;
        }
        p = e + 1;
    }
}

/* Inserts every rule's segments, the first of each rule, then the second
 * of each, and so on: each segment's walk starts where it parts from the
 * one inserted before it, and a hostile file's rules (a run of one byte
 * in every length, then one segment more) share most with the segment in
 * the same place of the rule before. seg_node holds each segment's length
 * on entry, its node on return; seg_at where it starts in its pattern;
 * active has room for every rule with a segment. */
static void insert_all(automaton *a, const rb_wild_rule *rules,
                       const wild_state *states, size_t n, uint32_t *seg_node,
                       const uint32_t *seg_at, uint32_t *active) {
    size_t live = 0;
    for (size_t r = 0; r < n; r++)
        if (states[r].seg_count > 0)
            active[live++] = (uint32_t)r;
    for (uint32_t column = 0; live > 0; column++) {
        size_t kept = 0;
        for (size_t k = 0; k < live; k++) {
            uint32_t r = active[k];
            uint32_t seg = states[r].first_seg + column;
            seg_node[seg] =
                insert(a, rules[r].rest + seg_at[seg], seg_node[seg]);
            if (column + 1 < states[r].seg_count)
                active[kept++] = r;
        }
        live = kept;
    }
}

typedef struct scan {
    const automaton *a;
    const uint32_t *seg_node;
    wild_state *rules;
    uint32_t *bucket; /* per path position: rules to start waiting there */
    const char *path;
    size_t len;
    size_t undecided;
    uint32_t stamp; /* bumped when a segment gets its first waiter */
} scan;

/* The rule has found segments [0, next) and stands at its cursor: wait for
 * the next segment, or decide. */
static void schedule(scan *s, rb_wild_rule *in, uint32_t r) {
    wild_state *w = &s->rules[r];
    if (w->next < w->seg_count) {
        size_t m = s->a->nodes[s->seg_node[w->first_seg + w->next]].depth;
        if (s->len - w->cursor >= m) {
            size_t start_waiting = w->cursor + m - 1;
            w->link = s->bucket[start_waiting];
            s->bucket[start_waiting] = r;
            return;
        }
        /* Too short for the segment: no match. */
    } else {
        in[r].matched = !w->anchored || (s->len - w->cursor >= w->tail_len &&
                                         memcmp(s->path + s->len - w->tail_len,
                                                w->tail, w->tail_len) == 0);
    }
    s->undecided--;
}

/* The first segment with waiters on the out chain from v (v itself
 * included), or NONE. A path whose every position ends hundreds of
 * segments (runs of one byte, against segments of every length) would cost
 * hundreds of steps a position if the chain were walked; segments nobody
 * waits for are skipped instead. A skip recorded since the last first
 * waiter stays true: waiters only left since, so nothing it jumps over has
 * gained one. The walk is compressed as in union-find. */
static uint32_t next_waited(scan *s, uint32_t v) {
    ac_node *nodes = s->a->nodes;
    uint32_t start = v;
    while (v != NONE && nodes[v].waiting == NONE)
        v = nodes[v].skip_stamp == s->stamp ? nodes[v].skip : nodes[v].out;
    for (uint32_t u = start; u != v;) {
        uint32_t next =
            nodes[u].skip_stamp == s->stamp ? nodes[u].skip : nodes[u].out;
        nodes[u].skip = v;
        nodes[u].skip_stamp = s->stamp;
        u = next;
    }
    return v;
}

static void run_scan(scan *s, rb_wild_rule *in, size_t n) {
    size_t start = s->len;
    for (uint32_t r = 0; r < n; r++) {
        in[r].matched = 0;
        s->rules[r].next = 0;
        /* its key is longer than the path, or it needs what it lacks */
        if (in[r].from > s->len || s->rules[r].lacking) {
            s->undecided--;
            continue;
        }
        s->rules[r].cursor = in[r].from;
        if (in[r].from < start)
            start = in[r].from;
        schedule(s, in, r);
    }
    ac_node *nodes = s->a->nodes;
    uint32_t state = 0;
    for (size_t e = start; e < s->len && s->undecided > 0; e++) {
        for (uint32_t r = s->bucket[e]; r != NONE;) {
            wild_state *w = &s->rules[r];
            uint32_t next = w->link;
            ac_node *seg = &nodes[s->seg_node[w->first_seg + w->next]];
            if (seg->waiting == NONE)
                s->stamp++;
            w->link = seg->waiting;
            seg->waiting = r;
            r = next;
        }
        state = step(s->a, state, (unsigned char)s->path[e]);
        uint32_t v = nodes[state].ends_segment ? state : nodes[state].out;
        for (v = next_waited(s, v); v != NONE;
             v = next_waited(s, nodes[v].out)) {
            uint32_t r = nodes[v].waiting;
            nodes[v].waiting = NONE;
            while (r != NONE) {
                wild_state *w = &s->rules[r];
                uint32_t next = w->link;
                w->next++;
                w->cursor = e + 1;
                schedule(s, in, r);
                r = next;
            }
        }
    }
}

int rb_match_many(const robots_allocator *allocator, const char *path,
                  size_t len, rb_wild_rule *rules, size_t n) {
    /* Sized by the rests' bytes, which bound the segments' bytes and
     * their count, so that the patterns are split once, when the rules'
     * states are set: a pass to count them cost as much again. */
    size_t room = 0, longest = 0;
    for (size_t r = 0; r < n; r++) {
        room += rules[r].rest_len;
        if (rules[r].rest_len > longest)
            longest = rules[r].rest_len;
    }
    /* 32-bit indexes: far beyond what the parse limits allow. */
    if (room >= (1u << 28) || n >= (1u << 28) || len >= (1u << 28))
        return -1;

    rb_mem mem;
    rb_mem_init(&mem, allocator, 0);
    automaton a;
    a.mask = RB_PAIR_WORDS - 1; /* the pairs fit the first table */
    a.mem = &mem;
    a.failed = 0;
    a.prev = NULL;
    a.prev_len = 0;
    a.path = rb_alloc(&mem, (longest + 1) * sizeof *a.path);
    a.nodes = rb_alloc(&mem, (room + 1) * sizeof *a.nodes);
    a.edges = rb_alloc(&mem, (a.mask + 1) * sizeof *a.edges);
    uint32_t *order = rb_alloc(&mem, (room + 1) * sizeof *order);
    uint32_t *per_depth = rb_alloc(&mem, (room + 2) * sizeof *per_depth);
    uint32_t *seg_node = rb_alloc(&mem, (room + 1) * sizeof *seg_node);
    wild_state *states = rb_alloc(&mem, (n + 1) * sizeof *states);
    uint32_t *bucket = rb_alloc(&mem, (len + 1) * sizeof *bucket);
    int ok = a.path && a.nodes && a.edges && order && per_depth && seg_node &&
             states && bucket;
    if (ok) {
        /* The edge table, empty until the segments are inserted, holds
         * the path's pairs while the patterns are split. */
        rb_path_pairs pp;
        pp.pairs = a.edges;
        rb_path_pairs_note(&pp, path, len);
        size_t segs = 0;
        /* order and per_depth, for link_nodes() later, hold each
         * segment's start and the rules still inserting until then */
        for (uint32_t r = 0; r < n; r++) {
            states[r].first_seg = (uint32_t)segs;
            split(&rules[r], &pp, seg_node, order, &states[r], &segs);
        }
        memset(a.edges, 0, (a.mask + 1) * sizeof *a.edges);
        memset(&a.nodes[0], 0, sizeof a.nodes[0]);
        a.nodes[0].out = NONE;
        a.nodes[0].waiting = NONE;
        a.nodes[0].skip_stamp = 0;
        a.count = 1;
        a.path[0] = 0;
        insert_all(&a, rules, states, n, seg_node, order, per_depth);
        ok = !a.failed;
    }
    if (ok) {
        uint32_t max_depth = 0;
        for (uint32_t v = 0; v < a.count; v++)
            if (a.nodes[v].depth > max_depth)
                max_depth = a.nodes[v].depth;
        link_nodes(&a, order, per_depth, max_depth);
        for (size_t i = 0; i < len; i++)
            bucket[i] = NONE;
        scan s = {&a, seg_node, states, bucket, path, len, n, 1};
        run_scan(&s, rules, n);
    }
    rb_free(&mem, bucket, (len + 1) * sizeof *bucket);
    rb_free(&mem, states, (n + 1) * sizeof *states);
    rb_free(&mem, seg_node, (room + 1) * sizeof *seg_node);
    rb_free(&mem, per_depth, (room + 2) * sizeof *per_depth);
    rb_free(&mem, order, (room + 1) * sizeof *order);
    rb_free(&mem, a.edges, (a.mask + 1) * sizeof *a.edges);
    rb_free(&mem, a.nodes, (room + 1) * sizeof *a.nodes);
    rb_free(&mem, a.path, (longest + 1) * sizeof *a.path);
    return ok ? 0 : -1;
}
