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
 * byte may spend before a length is left to the automaton: honest paths
 * and literals spend about one a window. */
#define WORK_PER_ITEM 4u

#define CANDIDATE (-2) /* a `*lit` rule until its length is weighed */

/* What a length's literals are: not yet weighed, left to the automaton,
 * to be hashed, hashed, or past their work budget. */
enum class_state {
    CLASS_NONE,
    CLASS_LEFT,
    CLASS_HASHED,
    CLASS_SCANNED,
    CLASS_FAILED
};

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

/* The literal of these bytes, added when new; UINT32_MAX when the work
 * passed *budget (counted in *work). */
static uint32_t intern(table *t, const char *s, size_t n, uint64_t *work,
                       uint64_t budget) {
    uint64_t h = hash_of(s, n);
    uint32_t i = slot_of(t, h, n);
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

/* Every window of m bytes of the path looked up: the literals of that
 * length found get their last occurrence. 0 when the work passed budget. */
static int scan_length(table *t, const char *path, size_t len, size_t m,
                       uint64_t budget) {
    const unsigned char *u = (const unsigned char *)path;
    uint64_t top = 1; /* HASH_BASE^m: the weight of the byte leaving */
    for (size_t i = 0; i < m; i++)
        top *= HASH_BASE;
    uint64_t h = hash_of(path, m), work = 0;
    for (size_t at = 0;; at++) {
        for (uint32_t i = slot_of(t, h, m);; i = (i + 1) & t->mask) {
            uint32_t v = t->slots[i];
            if (v == 0)
                break;
            literal *lit = &t->lits[v - 1];
            if (lit->hash == h && lit->len == m) {
                work += m;
                if (memcmp(lit->bytes, path + at, m) == 0) {
                    lit->last = (uint32_t)at + 1;
                    break;
                }
            }
            if (++work > budget)
                return 0;
        }
        if (at + m == len)
            return 1;
        h = h * HASH_BASE + u[at + m] - top * u[at];
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

/* The hashed rules' literals interned (entry[r]) as each length is found
 * worth a pass (sum[m], each length's rest bytes: its pass over the path
 * costs no more than the automaton for them), every length's windows
 * looked up, and the rules decided. The rules decided; 0 past the work of
 * interning. */
static size_t find_all(table *t, rb_wild_rule *rules, size_t n,
                       const char *path, size_t len, uint32_t *entry,
                       const uint32_t *sum, unsigned char *state,
                       uint64_t budget) {
    uint64_t work = 0;
    for (size_t r = 0; r < n; r++) {
        if (rules[r].matched != CANDIDATE)
            continue;
        size_t m = rules[r].rest_len - 1;
        if (state[m] == CLASS_NONE)
            state[m] = (uint64_t)WINDOW_COST * (len - m + 1) <=
                               (uint64_t)AUTOMATON_BYTE_COST * sum[m]
                           ? CLASS_HASHED
                           : CLASS_LEFT;
        if (state[m] == CLASS_LEFT) {
            rules[r].matched = RB_LITERAL_LEFT;
            continue;
        }
        entry[r] = intern(t, rules[r].rest + 1, m, &work, budget);
        if (entry[r] == UINT32_MAX)
            return 0;
    }
    size_t decided = 0;
    for (size_t r = 0; r < n; r++) {
        if (rules[r].matched != CANDIDATE) {
            decided += rules[r].matched >= 0;
            continue;
        }
        size_t m = rules[r].rest_len - 1;
        if (state[m] == CLASS_HASHED &&
            !scan_length(t, path, len, m,
                         WORK_PER_ITEM * ((uint64_t)len + sum[m])))
            state[m] = CLASS_FAILED;
        if (state[m] == CLASS_FAILED) {
            rules[r].matched = RB_LITERAL_LEFT;
            continue;
        }
        state[m] = CLASS_SCANNED;
        rules[r].matched = t->lits[entry[r]].last > rules[r].from;
        decided++;
    }
    return decided;
}

/* Every rule's state, by classify(); the candidates' number, their
 * longest literal and their interning budget, and the rules decided. */
static size_t classify_all(rb_wild_rule *rules, size_t n,
                           const rb_path_pairs *pp, const char *path,
                           size_t len, size_t *longest, uint64_t *budget,
                           size_t *decided) {
    size_t candidates = 0;
    for (size_t r = 0; r < n; r++) {
        size_t m = 0;
        rules[r].matched = classify(&rules[r], pp, path, len, &m);
        if (rules[r].matched == CANDIDATE) {
            candidates++;
            *budget += WORK_PER_ITEM * (uint64_t)rules[r].rest_len;
            if (m > *longest)
                *longest = m;
        } else {
            *decided += rules[r].matched >= 0;
        }
    }
    return candidates;
}

size_t rb_match_literals(const robots_allocator *allocator,
                         const rb_path_pairs *pp, const char *path, size_t len,
                         rb_wild_rule *rules, size_t n) {
    rb_mem mem;
    rb_mem_init(&mem, allocator, 0);
    size_t longest = 0, found = 0, decided = 0;
    uint64_t budget = 0;
    size_t candidates =
        classify_all(rules, n, pp, path, len, &longest, &budget, &decided);
    if (candidates == 0)
        return decided;
    table t = {NULL, 0, NULL, 15, 4};
    /* at most a quarter full: most windows find no literal, and a miss
     * steps over a run of taken slots (2.5 steps at half full) */
    while (t.mask + 1 < 4 * candidates) {
        t.mask = 2 * t.mask + 1;
        t.bits++;
    }
    uint32_t *sum = rb_alloc(&mem, (longest + 1) * sizeof *sum);
    unsigned char *state = rb_alloc(&mem, longest + 1);
    uint32_t *entry = rb_alloc(&mem, n * sizeof *entry);
    t.lits = rb_alloc(&mem, candidates * sizeof *t.lits);
    t.slots = rb_alloc(&mem, ((size_t)t.mask + 1) * sizeof *t.slots);
    if (sum != NULL && state != NULL && entry != NULL && t.lits != NULL &&
        t.slots != NULL) {
        memset(sum, 0, (longest + 1) * sizeof *sum);
        memset(state, CLASS_NONE, longest + 1);
        memset(t.slots, 0, ((size_t)t.mask + 1) * sizeof *t.slots);
        for (size_t r = 0; r < n; r++)
            if (rules[r].matched == CANDIDATE)
                sum[rules[r].rest_len - 1] += (uint32_t)rules[r].rest_len;
        found = find_all(&t, rules, n, path, len, entry, sum, state, budget);
    }
    /* without memory, or past the work of interning: the automaton's */
    if (found == 0) {
        decided = 0;
        for (size_t r = 0; r < n; r++) {
            if (rules[r].matched == CANDIDATE)
                rules[r].matched = RB_LITERAL_LEFT;
            decided += rules[r].matched >= 0;
        }
    }
    rb_free(&mem, t.slots, ((size_t)t.mask + 1) * sizeof *t.slots);
    rb_free(&mem, t.lits, candidates * sizeof *t.lits);
    rb_free(&mem, entry, n * sizeof *entry);
    rb_free(&mem, state, longest + 1);
    rb_free(&mem, sum, (longest + 1) * sizeof *sum);
    return found != 0 ? found : decided;
}
