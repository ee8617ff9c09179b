/* SPDX-License-Identifier: MIT */
/*
 * index_order.c - the order of a compiled set's entries: each node's
 * entries sorted by priority and kind (insertion, merge or radix sort by
 * size), equal rules kept once, each entry's filter (the rarest bytes its
 * pattern needs), runs of rules that share a filter bucket, and the set's
 * nodes, entries and filters written in that order
 * (rb_index_emit_nodes()).
 */
#include "compiler.h"
#include "document.h"
#include "index_build.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"

#include <string.h>

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

/* One pass of a stable radix sort of n keys from `from` into `to` by the
 * 8 bits at `shift` of the hash (by_hash) or the rank, whose digits
 * radix_sort_keys() counted: at[d + 1] keys have digit d. */
static void radix_pass(const entry_key *from, entry_key *to, size_t n,
                       int by_hash, unsigned shift, uint32_t *at) {
    for (size_t d = 1; d <= 256; d++)
        at[d] += at[d - 1];
    for (size_t i = 0; i < n; i++)
        to[at[(by_hash ? from[i].hash : from[i].rank) >> shift & 255u]++] =
            from[i];
}

/* The keys of a node of many entries (RADIX_MIN or more: a hostile file's
 * 25,000 rules under "/") that drop_repeats()'s table gave up on, by rank
 * then hash as compare_entries() orders them, in linear time: a merge sort
 * cost 15 compares an entry. The four
 * digits of the hash are counted in one pass over the keys, and the
 * rank's bits that differ noted in it (ranks are under 2^17, see
 * entry_key): a digit every key shares needs no pass, and a pass of its
 * own only to count it cost a hostile file's 25,000 keys 0.27 M
 * instructions each. Keys of equal rank and hash stay in the order they
 * came, which is the order of their entries, but for a companion
 * (RB_ENTRY_INDEX_DIR) beside a rule: never the same pattern, so
 * order_entries() keeps the same ones. tmp has room for n. */
#define RADIX_MIN ((size_t)512)
static void radix_sort_keys(entry_key *keys, entry_key *tmp, size_t n) {
    uint32_t at[4][257];
    memset(at, 0, sizeof at);
    uint32_t rank_or = 0, rank_and = UINT32_MAX;
    for (size_t i = 0; i < n; i++) {
        uint32_t h = keys[i].hash;
        at[0][(h & 255u) + 1]++;
        at[1][(h >> 8 & 255u) + 1]++;
        at[2][(h >> 16 & 255u) + 1]++;
        at[3][(h >> 24) + 1]++;
        rank_or |= keys[i].rank;
        rank_and &= keys[i].rank;
    }
    entry_key *from = keys;
    for (unsigned d = 0; d < 4; d++) {
        if (at[d][(keys[0].hash >> (8 * d) & 255u) + 1] == n)
            continue; /* one digit: this pass would change nothing */
        entry_key *to = from == keys ? tmp : keys;
        radix_pass(from, to, n, 1, 8 * d, at[d]);
        from = to;
    }
    for (unsigned shift = 0; shift < 24; shift += 8) {
        if (((rank_or ^ rank_and) >> shift & 255u) == 0)
            continue;            /* every key has this digit */
        uint32_t *count = at[0]; /* the hash's, used */
        memset(count, 0, sizeof at[0]);
        for (size_t i = 0; i < n; i++)
            count[(from[i].rank >> shift & 255u) + 1]++;
        entry_key *to = from == keys ? tmp : keys;
        radix_pass(from, to, n, 0, shift, count);
        from = to;
    }
    if (from != keys)
        memcpy(keys, from, n * sizeof *keys);
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
    if (n >= RADIX_MIN) {
        radix_sort_keys(keys, tmp, n);
        return;
    }
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
 * same digit: where `differ`, the bits in which some two ranks differ
 * (the caller's, noted as it wrote them), has none of the digit's, with
 * no pass to count it (a hostile file's 25,000 rules of one run and head
 * paid 0.9 M instructions for four). Linear: a set's largest node
 * (thousands of "?pN=" rules under "/") would cost a merge sort 15
 * compares an entry. tmp has room for n. */
static void radix_sort_ranks(entry_key *keys, entry_key *tmp, size_t n,
                             uint32_t differ) {
    entry_key *from = keys, *to = tmp;
    for (unsigned shift = 0; shift < 28; shift += 7) {
        if ((differ >> shift & 127u) == 0)
            continue; /* one digit: this pass would change nothing */
        size_t at[129];
        memset(at, 0, sizeof at);
        for (size_t i = 0; i < n; i++)
            at[((from[i].rank >> shift) & 127u) + 1]++;
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

/* Work units (slots stepped over) a key of a node of many may spend in
 * drop_repeats()'s table before the node goes to the sort by hash: at
 * most half full, an honest node's keys step over about one. */
#define REPEAT_WORK ((size_t)4)

/* Where key k goes in drop_repeats()'s table of mask + 1 slots (the
 * position + 1 of a key kept, 0: empty): *slot, an empty one, and 0; 1
 * when an equal entry (same pattern and kind) is kept; -1 when an entry
 * of the same rank and hash is another pattern (a collision, which can be
 * crafted) or the steps passed the budget (*work). */
static inline int find_key(const builder *b, const entry_key *keys,
                           const uint32_t *slots, uint32_t mask,
                           const entry_key *k, uint32_t *slot, size_t *work,
                           size_t budget) {
    for (uint32_t s = repeat_slot(k->rank, k->hash, mask);;
         s = (s + 1) & mask) {
        uint32_t v = slots[s];
        if (v == 0) {
            *slot = s;
            return 0;
        }
        const entry_key *o = &keys[v - 1];
        if (o->rank == k->rank && o->hash == k->hash)
            return same_entry_text(b, o->entry, k->entry) ? 1 : -1;
        if (++*work > budget)
            return -1;
    }
}

/* A node of many entries (RADIX_MIN or more: a hostile file's 25,000
 * rules under "/") ordered without sorting by hash: its repeated rules
 * dropped first through a table of their rank and hash in tmp (the earliest
 * stands for all: the keys come in the order of their entries), then
 * the rest sorted by rank alone, stably (radix_sort_ranks(): a digit every
 * rank shares, as a hostile file's one length and kind do, costs
 * nothing). Four radix passes by hash and a pass of compares cost such a
 * node 2.5 M instructions. Entries of one rank are then in the order they
 * came, not by hash: a check decides among rules of one priority and kind
 * by their order in the file (rb_best_consider()), whatever the order it
 * tries them in. Returns 1, *count the keys kept; 0 when a collision or
 * the work budget gave up, the keys still to be ordered moved together
 * (*count of them: those kept so far, then the rest as they were). tmp
 * has room for *count keys, four slots each. */
static int drop_repeats(const builder *b, entry_key *keys, entry_key *tmp,
                        uint32_t *count) {
    uint32_t n = *count, mask = 1, kept = 0;
    while (mask + 1 < 2 * n)
        mask = mask << 1 | 1;
    uint32_t *slots = (uint32_t *)(void *)tmp; /* 2n to 4n slots */
    memset(slots, 0, ((size_t)mask + 1) * sizeof *slots);
    size_t work = 0, budget = REPEAT_WORK * n;
    uint32_t rank_or = 0, rank_and = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++) {
        entry_key k = keys[i];
        uint32_t slot = 0;
        int found = find_key(b, keys, slots, mask, &k, &slot, &work, budget);
        if (found < 0) {
            memmove(keys + kept, keys + i, (size_t)(n - i) * sizeof *keys);
            *count = kept + (n - i);
            return 0;
        }
        if (found == 0) {
            slots[slot] = ++kept;
            keys[kept - 1] = k;
            rank_or |= k.rank;
            rank_and &= k.rank;
        }
    }
    radix_sort_ranks(keys, tmp, kept, rank_or ^ rank_and);
    *count = kept;
    return 1;
}

/* Orders a node's entries by priority and drops repeated rules (same
 * pattern and kind: the earliest stands for all). Returns those kept. */
static uint32_t order_entries(const builder *b, entry_key *keys, entry_key *tmp,
                              uint32_t count) {
    if (count >= RADIX_MIN && drop_repeats(b, keys, tmp, &count))
        return count;
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

/* The two rarest distinct bytes seen so far (a, then b): commonness ra
 * and rb, 1000 for none. */
typedef struct rarest {
    unsigned char a, b;
    unsigned ra, rb;
} rarest;

/* A byte no rarer than b changes nothing (b itself among them), and most
 * bytes of a pattern are such once its first few are weighed: tested
 * first, one compare for them where the test for a and b cost two. */
static inline void weigh(rarest *w, unsigned char c) {
    unsigned r = byte_commonness[c];
    if (r >= w->rb || c == w->a)
        return;
    if (r < w->ra) {
        w->b = w->a;
        w->rb = w->ra;
        w->a = c;
        w->ra = r;
    } else {
        w->b = c;
        w->rb = r;
    }
}

/* A pattern's bytes [from, end) after its key's `*` when there are over
 * 2 * RARE_SCAN of them: the rarest weighed among the first RARE_SCAN and
 * the last RARE_TAIL only (any two bytes it needs make a filter, and
 * weighing a hostile file's 1,000 patterns of 3,000 bytes whole cost 17 M;
 * the end is where 30 long lines told apart by a number differ), the
 * literal bytes (need) and, when *last_seg is not 0 on entry (an anchored
 * pattern's), those after the last `*` (last_seg) counted by loops of few
 * steps. */
#define RARE_SCAN ((size_t)256)
#define RARE_TAIL ((size_t)32)
static void weigh_long(const char *p, size_t from, size_t end, rarest *w,
                       size_t *need, size_t *last_seg) {
    size_t stars = 0;
    for (size_t i = from; i < end; i++)
        stars += p[i] == '*';
    *need = end - from - stars;
    size_t tail = end; /* past the last `*`: from when there is none */
    while (stars != 0 && *last_seg != 0 && p[tail - 1] != '*')
        tail--;
    *last_seg = end - (stars != 0 ? tail : from);
    for (size_t i = from; i < from + RARE_SCAN; i++)
        if (p[i] != '*')
            weigh(w, (unsigned char)p[i]);
    for (size_t i = end - RARE_TAIL; i < end; i++)
        if (p[i] != '*')
            weigh(w, (unsigned char)p[i]);
}

/* The filter of a rule (see RB_FILTER_* in index_layout.h) and, when
 * `hashing` (a constant: inlined for put_key() and entry_filter()), *h
 * stepped over its bytes from key_len on: a short pattern's in the loop
 * that weighs them, as a call and a loop of their own cost a hostile
 * file's 25,000 short rules about 20 instructions each more. The stars
 * are counted where they are, not every byte's need and segment: two
 * steps a byte fewer. */
static RB_ALWAYS_INLINE inline uint32_t
filter_of(const char *p, size_t len, size_t key_len, uint32_t *h, int hashing) {
    if (key_len >= len || p[key_len] != '*') {
        if (hashing)
            *h = hash_bytes(*h, p + key_len, len - key_len);
        return 0; /* no wildcard: a check needs no filter */
    }
    size_t end = len;
    int anchored = p[len - 1] == '$';
    if (anchored)
        end--;
    /* the literal bytes after the key's `*` (need), those after the last
     * `*` (last_seg), and the two rarest */
    size_t need = 0, last_seg = 0;
    rarest w = {0, 0, 1000, 1000};
    if (end - key_len - 1 > 2 * RARE_SCAN) {
        if (hashing)
            *h = hash_bytes(*h, p + key_len, len - key_len);
        last_seg = (size_t)anchored; /* only an anchored one needs it */
        weigh_long(p, key_len + 1, end, &w, &need, &last_seg);
    } else {
        uint32_t hh = hashing ? rb_hash_step(*h, '*') : 0;
        size_t stars = 0, seg = key_len + 1; /* where the last segment is */
        for (size_t i = key_len + 1; i < end; i++) {
            unsigned char c = (unsigned char)p[i];
            if (hashing)
                hh = rb_hash_step(hh, c);
            if (c == '*') {
                stars++;
                seg = i + 1;
                continue;
            }
            weigh(&w, c);
        }
        if (hashing)
            *h = anchored ? rb_hash_step(hh, '$') : hh;
        need = end - key_len - 1 - stars;
        last_seg = end - seg;
    }
    unsigned char a = w.a, b = w.b;
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
        if (w.rb == 1000)
            b = a;
    }
    return mode << 30 | (uint32_t)need << 16 | (uint32_t)b << 8 | a;
}

/* The filter of an entry whose key is key_len bytes long: a "<dir>/$"
 * companion has none. */
static uint32_t entry_filter(const builder *b, uint32_t entry,
                             uint32_t key_len) {
    if (entry & RB_ENTRY_INDEX_DIR)
        return 0;
    const rb_rule *r = &b->doc->rules[entry];
    return filter_of(rule_text(b, entry), r->normalized_len, key_len, NULL, 0);
}

/* An entry of a node of several, to be ordered: its rank and, so that
 * equal rules come side by side, the hash of its whole pattern (which
 * extends the key's). */
static RB_ALWAYS_INLINE inline void put_key(const builder *b, local_node *node,
                                            entry_key *keys, uint32_t e) {
    entry_key *k = &keys[node->start + node->fill++];
    k->entry = e;
    if (e & RB_ENTRY_INDEX_DIR) {
        k->filter = 0; /* entry_filter(): a companion has none */
        uint32_t rule = e & ~RB_ENTRY_INDEX_DIR;
        const char *p = rule_text(b, rule);
        size_t dir = rb_index_dir_length(p, b->doc->rules[rule].normalized_len);
        k->rank = ENTRY_RANK(dir + 1, ROBOTS_RULE_ALLOW);
        k->hash =
            hash_bytes(node->hash, p + node->key_len, dir - node->key_len);
    } else {
        const rb_rule *r = &b->doc->rules[e];
        /* entry_filter()'s and the hash, on the normal form found once */
        const char *p = rule_text(b, e);
        uint32_t h = node->hash;
        k->filter = filter_of(p, r->normalized_len, node->key_len, &h, 1);
        k->rank = ENTRY_RANK(r->normalized_len, RB_RULE_KIND(r));
        k->hash = h;
    }
}

/* The filter an entry of a HAS run gets (see RB_HEAD_MAX): up to two
 * bytes of its first segment after the run's byte p[at] (the segment
 * ends at a `*` or at end, before the final `$`), and from its BYTES
 * filter f the rarest byte and the bytes it needs past its key. */
static uint32_t head_filter(uint32_t f, const char *p, size_t at, size_t end) {
    uint32_t n = 0, head = 0;
    while (n < RB_HEAD_MAX && at + 1 + n < end && p[at + 1 + n] != '*') {
        head |= (uint32_t)(unsigned char)p[at + 1 + n] << (8 * n);
        n++;
    }
    uint32_t need = RB_FILTER_MIN(f);
    return n << 30 | (need < 0x3F ? need : 0x3Fu) << 24 |
           (uint32_t)RB_FILTER_A(f) << 16 | head;
}

/* The run (see RB_ENTRY_RUN) an entry of a node of many goes to: 0 for
 * ALL, 1 + B for LAST, 257 + B for HAS, whose entry's filter becomes its
 * head filter (head_filter()) here, on the first segment found once for
 * both. */
#define RUN_BUCKETS 513u
static uint32_t run_bucket(const builder *b, entry_key *k, uint32_t key_len) {
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
        size_t i = key_len, len = r->normalized_len;
        while (i < len && p[i] == '*')
            i++;
        if (i == len)
            return 0;
        k->filter = head_filter(f, p, i, len - (p[len - 1] == '$'));
        return 257 + (unsigned char)p[i];
    }
    default:
        return 0;
    }
}

/* Orders a node's entries (by priority) for write_runs(): by run (see
 * run_bucket()), then, in a HAS run, by head (RB_HEAD_KEY), then by
 * priority. An entry's run is left in its `hash` (needed no more once the
 * duplicates are dropped), and a HAS entry's filter becomes its head
 * filter. Returns the markers the node gets: one a run, and ENDS when
 * there are LAST runs (counted as the runs are put back: a pass of its
 * own cost a hostile file's 25,000 entries 0.4 M instructions). tmp has
 * room for count. */
static uint32_t order_runs(const builder *b, entry_key *entries, entry_key *tmp,
                           uint32_t count, uint32_t key_len) {
    uint32_t rank_or = 0, rank_and = UINT32_MAX;
    for (uint32_t i = 0; i < count; i++) {
        entry_key *k = &entries[i];
        uint32_t bucket = run_bucket(b, k, key_len);
        uint32_t head = bucket >= 257 ? RB_HEAD_KEY(k->filter) : 0;
        k->hash = k->rank;
        k->rank = bucket << 18 | head; /* sorted by; priority kept within */
        rank_or |= k->rank;
        rank_and &= k->rank;
    }
    radix_sort_ranks(entries, tmp, count, rank_or ^ rank_and);
    uint32_t runs = 0, last = 0, prev = UINT32_MAX;
    for (uint32_t i = 0; i < count; i++) {
        entry_key *k = &entries[i];
        uint32_t bucket = k->rank >> 18;
        k->rank = k->hash;
        k->hash = bucket;
        runs += bucket != prev; /* buckets are under RUN_BUCKETS */
        last |= bucket >= 1 && bucket < 257;
        prev = bucket;
    }
    return runs + last;
}

/* Writes a node's entries, ordered by order_runs(), as runs behind their
 * markers, and the LAST runs behind one ENDS marker. dst has room for
 * count + the markers order_runs() counts, and dst_filters beside it: each
 * entry's filter, and 0 at each marker (written here, not cleared first:
 * a hostile file's 25,000 entries under "/" paid 0.1 M instructions for a
 * memset() of 100 KB every slot of which is written again). */
static void write_runs(const entry_key *entries, uint32_t count, uint32_t *dst,
                       uint32_t *dst_filters) {
    const uint32_t none = UINT32_MAX, written = UINT32_MAX - 1;
    uint32_t w = 0, ends = none;
    for (uint32_t i = 0; i < count;) {
        uint32_t k = entries[i].hash, n = 1;
        while (i + n < count && entries[i + n].hash == k)
            n++;
        if (k >= 1 && k < 257 && ends == none) {
            dst_filters[w] = 0;
            ends = w++;
        }
        if (k >= 257 && ends < written) {
            dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
            ends = written;
        }
        uint32_t kind = k == 0    ? RB_RUN_ALL
                        : k < 257 ? RB_RUN_LAST
                                  : RB_RUN_HAS;
        dst_filters[w] = 0;
        dst[w++] = RB_RUN_MARKER(kind, k == 0 ? 0 : (k - 1) & 0xFFu, n);
        for (uint32_t j = 0; j < n; j++, i++, w++) {
            dst_filters[w] = entries[i].filter;
            dst[w] = entries[i].entry;
        }
    }
    if (ends < written) /* LAST runs and no HAS run after them */
        dst[ends] = RB_RUN_MARKER(RB_RUN_ENDS, 0, w - ends - 1);
}

/* Whether a node of `count` entries has them in runs (RB_RUN_MIN): a node
 * of few is written plain. */
static int has_runs(uint32_t count) {
    return count >= RB_RUN_MIN && count <= RB_RUN_MAX_COUNT - RUN_BUCKETS - 1;
}

/* Puts the first entry and the candidates of every node of several
 * entries into its place in keys, the order scratch. */
static void put_node_keys(builder *b, entry_key *keys) {
    size_t n = b->nodes.count;
    local_node *ln = (local_node *)b->nodes.data;
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
}

/* Writes a node's entries apart from it, and their filters beside them:
 * its `count` ordered entries (mine, in `runs` runs by order_runs() when
 * it has any), or its one entry (node->ref) when that has a filter to keep. A
 * node of RB_NODE_MANY or more writes its count first. 0: out of memory. */
static int write_node_entries(builder *b, rb_node *node, entry_key *mine,
                              uint32_t count, uint32_t runs,
                              uint32_t single_filter) {
    uint32_t written = count + runs;
    size_t extra = written >= RB_NODE_MANY;
    uint32_t *dst = rb_vec_reserve(b->mem, &b->entries, written + 1);
    uint32_t *dst_filters = rb_vec_reserve(b->mem, &b->filters, written + 1);
    if (dst == NULL || dst_filters == NULL)
        return 0;
    uint32_t single = node->ref;
    node->ref = (uint32_t)b->entries.count;
    if (extra) {
        *dst++ = written;
        *dst_filters++ = 0;
    }
    if (runs != 0) {
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
    return 1;
}

/* Writes a set's nodes, entries and filters in one pass over the sorted
 * keys: each node's entries ordered, counted into runs, and written in
 * the node or apart from it. */
int rb_index_emit_nodes(builder *b, rb_set *set) {
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
    put_node_keys(b, keys);
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
        uint32_t runs = 0;
        if (has_runs(count))
            runs = order_runs(b, mine, keys + total, count, key_len);
        uint32_t written = count + runs;
        /* One entry stays in the node unless it has a filter to keep. */
        uint32_t single_filter =
            count == 1 ? entry_filter(b, node->ref, key_len) : 0;
        uint32_t stored = written < RB_NODE_MANY ? written : RB_NODE_MANY;
        if (count == 1 && single_filter != 0)
            stored = RB_NODE_ONE_APART;
        node->key_count = key_len | stored << 16;
        if ((count > 1 || single_filter != 0) &&
            !write_node_entries(b, node, mine, count, runs, single_filter))
            return 0;
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
