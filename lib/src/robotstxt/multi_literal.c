/* SPDX-License-Identifier: MIT */
/*
 * multi_literal.c - the gathered wildcard rules of one literal (`*lit`,
 * `*lit$`) decided by a rolling hash, before the one pass (multi.c).
 *
 * A hostile file's 25,000 rules `Disallow: /`, then `*x0` and six digits,
 * against a path that holds every pair of their digits pass every byte
 * and pair filter, and the one pass's automaton over all of them cost
 * 19 M instructions on every check (many-wild-pairs-all). Such a rule matches
 * when its literal occurs in the path at or after its key: a search for many
 * strings at once. The literals go into a hash table keyed by their polynomial
 * hash and length; every window of the path of each length they have is hashed
 * in O(1) from the one before and looked up, and the last place each
 * literal occurs is kept, so a rule matches when that place is not before
 * its key's end. A hash that agrees is confirmed byte by byte: a collision
 * costs time, never a wrong answer. Collisions can be crafted (Thue-Morse
 * words collide modulo 2^64), so the work is counted at every step, and a
 * length past its budget is left to the automaton, as are the lengths
 * whose pass over the path would cost more than the automaton they spare.
 *
 * Literals of many lengths (many-wild-lengths-pairs: 60) would take a pass
 * each, so the lengths [2^b, 2^(b+1)) share one: the table is keyed by the
 * hash of the band's shortest length's first bytes, and each literal whose
 * first bytes agree is compared whole. Literals sharing those bytes would
 * all be compared at every window that has them: a band whose interning
 * or pass passes its budget falls back to a pass a length, not to the
 * automaton (many-wild-shared-band).
 */
#include "multi_literal.h"
#include "memory.h"

#include <stdint.h>

/* Polynomial hashes modulo 2^64 in wrapping arithmetic. The base is odd
 * and its bits look random, so that a multiply spreads hashes that differ
 * by a few of its powers (literals that differ in a byte or two) over the
 * table: with a sparse base (FNV's) a hostile file's numbered literals
 * crowded into a few runs of slots. */
#define HASH_BASE 0x9E3779B97F4A7C15ull

/* The cost model, in instructions: a window of the rolling hash, and a
 * pattern byte of the one pass's automaton (check_path.c's model).
 * callgrind counts about 2.5 times both (28 a window, 84 a byte on
 * many-wild-lengths-pairs and many-wild-pairs-all): their ratio holds. */
#define WINDOW_COST 12u
#define AUTOMATON_BYTE_COST 32u

/* Work units (slots stepped over, bytes compared) a window and a literal
 * byte may spend before a length is left to the automaton (a band's
 * interning: a literal, not a byte): honest paths and literals spend about
 * one a window. */
#define WORK_PER_ITEM 4u

#define CANDIDATE (-2) /* a `*lit` rule until its group is decided */

typedef struct literal {
    uint64_t hash;
    const char *bytes;
    uint32_t len;
    uint32_t last; /* its last occurrence's start + 1; 0: none yet */
} literal;

typedef struct table {
    literal *lits;
    uint32_t count;
    uint32_t *slots; /* literal + 1; 0: empty */
    uint32_t mask;
    unsigned bits;
    uint32_t clean; /* the first slots known empty */
} table;

/* Four bytes a step: a hostile file's 25,000 literals are hashed on
 * every check, and the loop's own steps cost as much as the bytes. */
static uint64_t hash_of(const char *s, size_t n) {
    const unsigned char *u = (const unsigned char *)s;
    const uint64_t b2 = HASH_BASE * HASH_BASE, b3 = b2 * HASH_BASE,
                   b4 = b3 * HASH_BASE;
    uint64_t h = 0;
    size_t i = 0;
    for (; n - i >= 4; i += 4)
        h = h * b4 + u[i] * b3 + u[i + 1] * b2 + u[i + 2] * HASH_BASE +
            u[i + 3];
    for (; i < n; i++)
        h = h * HASH_BASE + u[i];
    return h;
}

/* A hash's slot: its length mixed in, then the top bits of a multiply
 * (three steps: it is taken for every window of the path). */
static uint32_t slot_of(const table *t, uint64_t h, size_t len) {
    return (uint32_t)(((h ^ len) * 0xD6E8FEB86659FD93ull) >> (64 - t->bits));
}

/* The literal of these n bytes, keyed by the hash of its first k (its
 * group's shortest length: n itself for a group of one length), added when
 * new; UINT32_MAX when the work passed budget (counted in *work). */
static uint32_t intern(table *t, const char *s, size_t n, size_t k,
                       uint64_t *work, uint64_t budget) {
    uint64_t h = hash_of(s, k);
    uint32_t i = slot_of(t, h, k);
    for (;; i = (i + 1) & t->mask) {
        uint32_t v = t->slots[i];
        if (v == 0)
            break;
        const literal *lit = &t->lits[v - 1];
        if (lit->hash == h && lit->len == n) {
            *work += n;
            if (memcmp(lit->bytes, s, n) == 0)
                return v - 1;
        }
        if (++*work > budget)
            return UINT32_MAX;
    }
    literal *lit = &t->lits[t->count];
    lit->hash = h;
    lit->bytes = s;
    lit->len = (uint32_t)n;
    lit->last = 0;
    t->slots[i] = ++t->count;
    return t->count - 1;
}

/* Every window of k bytes of the path looked up: the literals whose first
 * k bytes' hash agrees and that fit before the path's end are compared
 * whole there, and those found get their last occurrence. Of one length
 * (k, `whole`), a window holds at most one literal, and each fits; of a
 * band, several. 0 when the work passed budget. Inlined with `whole` a
 * constant: a test more a step cost many-raw-near-miss 80,000 a check. */
static inline RB_ALWAYS_INLINE int scan_windows(table *t, const char *path,
                                                size_t len, size_t k, int whole,
                                                uint64_t budget) {
    const unsigned char *u = (const unsigned char *)path;
    uint64_t top = 1; /* HASH_BASE^k: the weight of the byte leaving */
    for (size_t i = 0; i < k; i++)
        top *= HASH_BASE;
    uint64_t h = hash_of(path, k), work = 0;
    for (size_t at = 0;; at++) {
        for (uint32_t i = slot_of(t, h, k);; i = (i + 1) & t->mask) {
            uint32_t v = t->slots[i];
            if (v == 0)
                break;
            literal *lit = &t->lits[v - 1];
            if (lit->hash == h && (whole || lit->len <= len - at)) {
                work += lit->len;
                if (memcmp(lit->bytes, path + at, lit->len) == 0) {
                    lit->last = (uint32_t)at + 1;
                    if (whole)
                        break;
                }
            }
            if (++work > budget)
                return 0;
        }
        if (at + k == len)
            return 1;
        h = h * HASH_BASE + u[at + k] - top * u[at];
    }
}

/* What a rule is: decided here when `*lit$`, or empty, or longer than
 * what follows its key, or holding a byte or pair the path lacks (its
 * first byte and its first two and last pairs: most of a hostile file's
 * rules that miss are refused there, for less than a hash costs);
 * CANDIDATE when `*lit`; else undecided. Its literal's length in *m.
 * The last pair is tested first, before the search for a second `*`: a
 * pair of two bytes that are no `*` lies in one segment, whatever stars
 * the rest has, and the numbered literals of a hostile file that miss
 * (many-raw-near-miss) mostly miss there. */
static int classify(const rb_wild_rule *w, const rb_path_pairs *pp,
                    const char *path, size_t len, size_t *m) {
    if (w->matched == RB_LITERAL_LEFT) /* weighed by an earlier call */
        return RB_LITERAL_LEFT;
    size_t n = w->rest_len;
    if (w->rest == NULL || n == 0 || w->rest[0] != '*' || w->from > len)
        return RB_LITERAL_UNDECIDED;
    const unsigned char *u = (const unsigned char *)w->rest + 1;
    if (n > 2 && u[n - 3] != '*' && u[n - 2] != '*' && u[n - 2] != '$' &&
        !rb_has_pair(pp, u[n - 3], u[n - 2]))
        return 0;
    if (!rb_one_literal(w->rest, n))
        return RB_LITERAL_UNDECIDED;
    int anchored = n > 1 && w->rest[n - 1] == '$';
    *m = n - 1 - (size_t)anchored;
    if (*m > len - w->from)
        return 0;
    if (anchored)
        return memcmp(path + len - *m, w->rest + 1, *m) == 0;
    if (*m == 0)
        return 1;
    if ((pp->bytes[u[0] >> 6] >> (u[0] & 63) & 1) == 0)
        return 0;
    if (*m > 2 &&
        (!rb_has_pair(pp, u[0], u[1]) || !rb_has_pair(pp, u[1], u[2])))
        return 0;
    return CANDIDATE;
}

/* The candidates in order of their literals' length (order[]; those of
 * length m at [at[m - 1], at[m])), a table for the largest group, and the
 * literal each rule of the group at hand has (entry[], as order[]). */
typedef struct groups {
    rb_wild_rule *rules;
    const char *path;
    size_t len;
    uint32_t *order;
    uint32_t *entry;
    uint32_t *at;
    table t;
} groups;

/* A group that failed emptied: its literals' slots found from their
 * hashes, as interned, for less than clearing the table (the pass a length
 * that follows a band's reuses it); `clean` slots are empty then. 0. */
static int empty(table *t, size_t k, uint32_t clean) {
    for (uint32_t v = 1; v <= t->count; v++) {
        uint32_t i = slot_of(t, t->lits[v - 1].hash, k);
        while (t->slots[i] != v)
            i = (i + 1) & t->mask;
        t->slots[i] = 0;
    }
    t->clean = clean;
    return 0;
}

/* The rules order[lo, hi) decided: their literals interned, keyed by the
 * hash of their first k bytes (the group's shortest length), and the
 * path's windows of k bytes looked up. 0, the rules left as they were,
 * when the work of interning passed intern_budget or that of the pass
 * WORK_PER_ITEM * (len + rest bytes). */
static int decide_group(groups *g, size_t lo, size_t hi, size_t k, int whole,
                        uint64_t intern_budget, uint64_t rest_bytes) {
    table *t = &g->t;
    t->count = 0;
    t->mask = 15;
    t->bits = 4;
    /* at most a quarter full: most windows find no literal, and a miss
     * steps over a run of taken slots (2.5 steps at half full) */
    while (t->mask + 1 < 4 * (hi - lo)) {
        t->mask = 2 * t->mask + 1;
        t->bits++;
    }
    if (t->clean < t->mask + 1)
        memset(t->slots + t->clean, 0,
               (t->mask + 1 - t->clean) * sizeof *t->slots);
    uint32_t clean = t->clean > t->mask + 1 ? t->clean : t->mask + 1;
    t->clean = 0;
    uint64_t work = 0;
    for (size_t j = lo; j < hi; j++) {
        const rb_wild_rule *w = &g->rules[g->order[j]];
        g->entry[j] =
            intern(t, w->rest + 1, w->rest_len - 1, k, &work, intern_budget);
        if (g->entry[j] == UINT32_MAX)
            return empty(t, k, clean);
    }
    uint64_t budget = WORK_PER_ITEM * ((uint64_t)g->len + rest_bytes);
    if (!(whole ? scan_windows(t, g->path, g->len, k, 1, budget)
                : scan_windows(t, g->path, g->len, k, 0, budget)))
        return empty(t, k, clean);
    for (size_t j = lo; j < hi; j++) {
        rb_wild_rule *w = &g->rules[g->order[j]];
        w->matched = t->lits[g->entry[j]].last > w->from;
    }
    return 1;
}

/* Is a pass over the path, its windows of k bytes, worth it for rules of
 * these rest bytes? By the one pass's own cost: no dearer than the
 * automaton it spares. */
static int worth_a_pass(size_t len, size_t k, uint64_t rest_bytes) {
    return (uint64_t)WINDOW_COST * (len - k + 1) <=
           (uint64_t)AUTOMATON_BYTE_COST * rest_bytes;
}

/* The rules of length m: one pass when worth it and within its budget
 * (its rest bytes' work to intern), else left to the automaton. */
static void decide_length(groups *g, size_t m) {
    size_t lo = g->at[m - 1], hi = g->at[m];
    uint64_t rest_bytes = (uint64_t)(hi - lo) * (m + 1);
    if (lo == hi)
        return;
    if (worth_a_pass(g->len, m, rest_bytes) &&
        decide_group(g, lo, hi, m, 1, WORK_PER_ITEM * rest_bytes, rest_bytes))
        return;
    for (size_t j = lo; j < hi; j++)
        g->rules[g->order[j]].matched = RB_LITERAL_LEFT;
}

/* The rules of the lengths [first, last]: one pass for all of them, keyed
 * by the first bytes of the shortest, when they have two lengths or more
 * and it is worth it (many-wild-lengths-pairs' 60 lengths take 5 passes,
 * not 32); else, or when that pass passes its budget, one a length, as
 * for a band of one length. The band's interning may spend WORK_PER_ITEM
 * a literal, not a byte: literals sharing their first k bytes (where the
 * path would hold them all along, each window compared with every one)
 * or repeated go to a pass a length after a few steps, not the
 * automaton. */
static void decide_band(groups *g, size_t first, size_t last) {
    size_t lo = g->at[first - 1], hi = g->at[last], k = 0, lengths = 0;
    uint64_t rest_bytes = 0;
    for (size_t m = first; m <= last; m++) {
        size_t count = g->at[m] - g->at[m - 1];
        if (count == 0)
            continue;
        k = k == 0 ? m : k;
        lengths++;
        rest_bytes += (uint64_t)count * (m + 1);
    }
    if (lengths > 1 && worth_a_pass(g->len, k, rest_bytes) &&
        decide_group(g, lo, hi, k, 0, WORK_PER_ITEM * (uint64_t)(hi - lo),
                     rest_bytes))
        return;
    for (size_t m = first; m <= last; m++)
        decide_length(g, m);
}

/* Every rule's state, by classify(); the candidates' number and their
 * longest literal, and the rules decided. */
static size_t classify_all(rb_wild_rule *rules, size_t n,
                           const rb_path_pairs *pp, const char *path,
                           size_t len, size_t *longest, size_t *decided) {
    size_t candidates = 0;
    for (size_t r = 0; r < n; r++) {
        size_t m = 0;
        rules[r].matched = classify(&rules[r], pp, path, len, &m);
        if (rules[r].matched == CANDIDATE) {
            candidates++;
            if (m > *longest)
                *longest = m;
        } else {
            *decided += rules[r].matched >= 0;
        }
    }
    return candidates;
}

/* The candidates ordered by length, a counting sort: g->at[m] the end of
 * those of length m (at[0] = 0: none is empty). */
static void order_by_length(groups *g, size_t n, size_t longest) {
    memset(g->at, 0, (longest + 1) * sizeof *g->at);
    for (size_t r = 0; r < n; r++)
        if (g->rules[r].matched == CANDIDATE)
            g->at[g->rules[r].rest_len - 1]++;
    uint32_t start = 0;
    for (size_t m = 0; m <= longest; m++) {
        uint32_t count = g->at[m];
        g->at[m] = start;
        start += count;
    }
    for (size_t r = 0; r < n; r++)
        if (g->rules[r].matched == CANDIDATE)
            g->order[g->at[g->rules[r].rest_len - 1]++] = (uint32_t)r;
}

size_t rb_match_literals(const robots_allocator *allocator,
                         const rb_path_pairs *pp, const char *path, size_t len,
                         rb_wild_rule *rules, size_t n) {
    rb_mem mem;
    rb_mem_init(&mem, allocator, 0);
    size_t longest = 0, decided = 0;
    size_t candidates =
        classify_all(rules, n, pp, path, len, &longest, &decided);
    if (candidates == 0)
        return decided;
    size_t slots = 16;
    while (slots < 4 * candidates)
        slots *= 2;
    groups g = {rules, path, len, NULL, NULL, NULL, {NULL, 0, NULL, 15, 4, 0}};
    g.at = rb_alloc(&mem, (longest + 1) * sizeof *g.at);
    g.order = rb_alloc(&mem, candidates * sizeof *g.order);
    g.entry = rb_alloc(&mem, candidates * sizeof *g.entry);
    g.t.lits = rb_alloc(&mem, candidates * sizeof *g.t.lits);
    g.t.slots = rb_alloc(&mem, slots * sizeof *g.t.slots);
    if (g.at != NULL && g.order != NULL && g.entry != NULL &&
        g.t.lits != NULL && g.t.slots != NULL) {
        order_by_length(&g, n, longest);
        /* the bands of lengths [2^b, 2^(b+1)) */
        for (size_t first = 1; first <= longest; first *= 2)
            decide_band(&g, first,
                        2 * first - 1 < longest ? 2 * first - 1 : longest);
    }
    /* without memory: the automaton's */
    decided = 0;
    for (size_t r = 0; r < n; r++) {
        if (rules[r].matched == CANDIDATE)
            rules[r].matched = RB_LITERAL_LEFT;
        decided += rules[r].matched >= 0;
    }
    rb_free(&mem, g.t.slots, slots * sizeof *g.t.slots);
    rb_free(&mem, g.t.lits, candidates * sizeof *g.t.lits);
    rb_free(&mem, g.entry, candidates * sizeof *g.entry);
    rb_free(&mem, g.order, candidates * sizeof *g.order);
    rb_free(&mem, g.at, (longest + 1) * sizeof *g.at);
    return decided;
}
