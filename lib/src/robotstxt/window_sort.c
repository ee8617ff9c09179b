/* SPDX-License-Identifier: MIT */
/*
 * window_sort.c - the distinct windows of legacy's names text, sorted: an
 * index of the names that does not sort every suffix (names_index.c).
 *
 * A value of at most `depth` bytes is in a name exactly when it starts
 * the window of some position: the text's bytes from there up to `depth`
 * or the NUL that ends the name. Names whose suffixes are alike
 * (Thue-Morse words, a de Bruijn sequence repeated), on which the shallow
 * sort gives up and induced sorting costs 225 instructions a byte, hold
 * few distinct windows: 64 Thue-Morse names of 4 KiB about 300 of 99
 * bytes among 266,000 positions. So each position is given a
 * representative whose window holds its own as a prefix: most in O(1)
 * from the position before (if the window at p - 1 starts r's, the one at
 * p starts r + 1's when the byte after agrees, and r + 1's representative
 * is known), the rest looked up by a hash of the window and compared.
 * Only the representatives are sorted. Too many of them, or too many
 * bytes compared, and it gives up: the caller sorts every suffix.
 */
#include "window_sort.h"

#include <string.h>

/* Polynomial hashes modulo 2^32 (as names_hash.c's): a window's hash is
 * two loads, a multiply and a subtraction from the prefix hashes. A
 * collision costs a comparison, never a wrong representative. */
#define RB_WINDOW_BASE 0x01000193u

/* More representatives than a position in this many, and sorting them
 * would cost what induced sorting does: it gives up. */
#define RB_WINDOW_REPS_SHARE 8
/* Bytes compared (and table slots stepped over) a byte of text, at most. */
#define RB_WINDOW_WORK 4

typedef struct rb_windows {
    const unsigned char *text;
    size_t n, depth;
    const uint32_t *prefix; /* the text's prefix hashes, n + 1 */
    uint32_t *slots;        /* triples: hash, position + 1 (0: empty), len */
    size_t mask;            /* slots - 1 */
    uint32_t power;         /* the base to the power depth */
    uint64_t work, budget;
} rb_windows;

/* RB_WINDOW_BASE to the power len, by squaring. */
static uint32_t power_of(size_t len) {
    uint32_t power = 1, base = RB_WINDOW_BASE;
    for (; len != 0; len >>= 1) {
        if (len & 1)
            power *= base;
        base *= base;
    }
    return power;
}

/* Whether the len bytes at q and p agree and q's window is as long: the
 * byte after a window shorter than depth is its NUL. */
static int same_window(rb_windows *w, size_t q, size_t p, size_t len) {
    size_t bytes = len + (len < w->depth);
    w->work += bytes / 8 + 1;
    return memcmp(w->text + q, w->text + p, bytes) == 0;
}

/* The representative whose window equals p's (len bytes), p itself when
 * none does yet (then put in the table). */
static size_t look_up(rb_windows *w, size_t p, size_t len) {
    uint32_t power = len == w->depth ? w->power : power_of(len);
    uint32_t h = w->prefix[p + len] - w->prefix[p] * power;
    uint32_t x = (h ^ (uint32_t)len * 0x9e3779b9u) * 0x85ebca6bu;
    size_t at = (x ^ x >> 15) & w->mask;
    uint32_t *slots = w->slots;
    for (; slots[3 * at + 1] != 0; at = (at + 1) & w->mask) {
        size_t q = slots[3 * at + 1] - 1;
        w->work++;
        if (slots[3 * at] == h && slots[3 * at + 2] == len &&
            same_window(w, q, p, len))
            return q;
    }
    slots[3 * at] = h;
    slots[3 * at + 1] = (uint32_t)p + 1;
    slots[3 * at + 2] = (uint32_t)len;
    return p;
}

/* Whether a's window sorts before b's (the NUL that ends one the least
 * byte; two representatives' windows are never equal). */
static int window_before(rb_windows *w, size_t a, size_t b) {
    const unsigned char *text = w->text;
    size_t room = w->n - (a > b ? a : b);
    size_t limit = w->depth < room ? w->depth : room, k = 0;
    while (k < limit && text[a + k] == text[b + k] && text[a + k] != 0)
        k++;
    w->work += k / 8 + 1;
    return k < limit && text[a + k] < text[b + k];
}

/* reps[0..count) in the order of their windows: merge sort bottom up,
 * through `spare` (count words), no recursion. */
static void sort_reps(rb_windows *w, uint32_t *reps, size_t count,
                      uint32_t *spare) {
    uint32_t *from = reps, *to = spare;
    for (size_t width = 1; width < count; width *= 2) {
        for (size_t lo = 0; lo < count; lo += 2 * width) {
            size_t mid = lo + width < count ? lo + width : count;
            size_t hi = mid + width < count ? mid + width : count;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = window_before(w, from[j], from[i]) ? from[j++]
                                                             : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        uint32_t *t = from;
        from = to;
        to = t;
    }
    if (from != reps)
        memcpy(reps, from, count * sizeof *reps);
}

/* The representatives, in text order, each position's in cover[]; 0 when
 * there were more than `most` or the work passed the budget. */
static int find_reps(rb_windows *w, uint32_t *reps, size_t *count,
                     uint32_t *cover, size_t most) {
    const unsigned char *text = w->text;
    size_t depth = w->depth, end = 0, k = 0;
    for (size_t p = 0; p < w->n; p++) {
        if (text[p] == 0)
            continue; /* no value holds a NUL: no window starts here */
        if (p == 0 || text[p - 1] == 0) {
            end = p;
            while (text[end] != 0) /* the text ends with a NUL */
                end++;
        }
        size_t len = end - p < depth ? end - p : depth;
        if (p != 0 && text[p - 1] != 0) {
            /* p - 1's window starts r's, so p's starts r + 1's: all but
             * its last byte when it is depth bytes long */
            size_t r = cover[p - 1];
            if (r + 1 < p &&
                (len < depth || text[p - 1 + depth] == text[r + depth])) {
                cover[p] = cover[r + 1];
                continue;
            }
        }
        size_t q = look_up(w, p, len);
        cover[p] = (uint32_t)q;
        if (q == p) {
            if (k == most)
                return 0;
            reps[k++] = (uint32_t)p;
        }
        if (w->work > w->budget)
            return 0;
    }
    *count = k;
    return 1;
}

int rb_window_sort(const unsigned char *text, size_t n, size_t depth,
                   uint32_t *reps, size_t *count, uint32_t *cover,
                   uint32_t *scratch, size_t scratch_words) {
    rb_windows w;
    w.text = text;
    w.n = n;
    w.depth = depth;
    w.power = power_of(depth);
    w.work = 0;
    w.budget = (uint64_t)RB_WINDOW_WORK * n;
    /* the table: the most slots of three words the scratch holds past
     * the prefix hashes, twice the representatives allowed */
    size_t slots = 16;
    if (scratch_words < n + 1 + 3 * slots)
        return 0;
    while (slots < n && 3 * 2 * slots <= scratch_words - (n + 1))
        slots *= 2;
    size_t most = n / RB_WINDOW_REPS_SHARE;
    if (most > slots / 2)
        most = slots / 2;
    uint32_t *prefix = scratch;
    prefix[0] = 0;
    for (size_t i = 0; i < n; i++)
        prefix[i + 1] = prefix[i] * RB_WINDOW_BASE + text[i];
    w.prefix = prefix;
    w.slots = scratch + n + 1;
    w.mask = slots - 1;
    memset(w.slots, 0, 3 * slots * sizeof *w.slots);
    if (!find_reps(&w, reps, count, cover, most))
        return 0;
    sort_reps(&w, reps, *count, cover);
    return w.work <= w.budget;
}
