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

#include <stdint.h>
#include <string.h>

/* Polynomial hashes modulo 2^32, of a window's bytes when it is looked
 * up (the chain from the position before spares most positions that),
 * the first byte the lowest power: the window after one looked up is
 * rolled on from its hash, O(1), by the base's inverse (it is odd)
 * whether it is as long or a byte shorter (a name's end cuts it). Names
 * of letters and digits, each window new, and a name's last windows
 * when each is new (the depth past them), cost no more than a few
 * instructions a position that way. A collision costs a comparison,
 * never a wrong representative. */
#define RB_WINDOW_BASE 0x01000193u

/* More representatives than a position in this many, and it gives up:
 * names of letters and digits hit it after a thirty-second of the text
 * (about 90 instructions a position looked up), names that repeat one
 * pattern hold a few hundred or thousand (Thue-Morse, de Bruijn). */
#define RB_WINDOW_REPS_SHARE 32
/* Words of 8 bytes hashed or compared (and table slots stepped over) a
 * byte of text, at most. */
#define RB_WINDOW_WORK 4

typedef struct rb_windows {
    const unsigned char *text;
    size_t n, depth;
    uint32_t *slots; /* triples: hash, position + 1 (0: empty), length */
    size_t mask;     /* slots - 1 */
    uint32_t *reps;  /* the representatives so far, in text order */
    size_t count, most;
    size_t hashed;     /* the position whose window is `hash` (or SIZE_MAX) */
    size_t hashed_len; /* and its length */
    uint32_t hash;
    uint32_t top;     /* the base to the power depth - 1 */
    uint32_t inverse; /* the base's inverse modulo 2^32 */
    uint64_t work, budget;
} rb_windows;

/* The representative whose window equals p's (len bytes), p itself when
 * none does yet (then put in the table). */
static size_t look_up(rb_windows *w, size_t p, size_t len) {
    const unsigned char *text = w->text;
    uint32_t h = 0;
    if (p != 0 && w->hashed == p - 1) {
        h = (w->hash - text[p - 1]) * w->inverse;
        if (len == w->hashed_len) /* a byte on at the end */
            h += text[p - 1 + len] * w->top;
    } else {
        uint32_t power = 1;
        for (size_t k = 0; k < len; k++, power *= RB_WINDOW_BASE)
            h += text[p + k] * power;
        w->work += len / 8;
    }
    w->work++;
    w->hashed = p;
    w->hashed_len = len;
    w->hash = h;
    uint32_t x = (h ^ (uint32_t)len * 0x9e3779b9u) * 0x85ebca6bu;
    size_t at = (x ^ x >> 15) & w->mask;
    uint32_t *slots = w->slots;
    /* the byte after a window shorter than depth is its NUL, which ends
     * the one it is compared with too */
    size_t bytes = len + (len < w->depth);
    for (; slots[3 * at + 1] != 0; at = (at + 1) & w->mask) {
        size_t q = slots[3 * at + 1] - 1;
        w->work++;
        if (slots[3 * at] != h || slots[3 * at + 2] != len)
            continue;
        w->work += bytes / 8;
        if (memcmp(text + q, text + p, bytes) == 0)
            return q;
    }
    slots[3 * at] = h;
    slots[3 * at + 1] = (uint32_t)p + 1;
    slots[3 * at + 2] = (uint32_t)len;
    return p;
}

/* cover[p]: p's representative, looked up. 0 when it gave up. */
static int place(rb_windows *w, size_t p, size_t len, uint32_t *cover) {
    size_t q = look_up(w, p, len);
    cover[p] = (uint32_t)q;
    if (q == p) {
        if (w->count == w->most)
            return 0;
        w->reps[w->count++] = (uint32_t)p;
    }
    return w->work <= w->budget;
}

/* Each position of the name text[start..end) (end its NUL) given a
 * representative. The window at p - 1 starts r's (r its
 * representative), so the one at p starts r + 1's, and with it the
 * window of r + 1's representative, when it is shorter than depth or
 * the byte after agrees. 0 when it gave up. */
static int cover_name(rb_windows *w, size_t start, size_t end,
                      uint32_t *cover) {
    const unsigned char *text = w->text;
    size_t depth = w->depth;
    size_t full = end - start >= depth ? end - depth + 1 : start;
    if (!place(w, start, end - start < depth ? end - start : depth, cover))
        return 0;
    size_t p = start + 1;
    for (; p < full; p++) { /* windows of depth bytes */
        size_t r = cover[p - 1];
        if (r + 1 < p && text[p - 1 + depth] == text[r + depth])
            cover[p] = cover[r + 1];
        else if (!place(w, p, depth, cover))
            return 0;
    }
    for (; p < end; p++) { /* the name's last ones, cut by its NUL */
        size_t r = cover[p - 1];
        if (r + 1 < p)
            cover[p] = cover[r + 1];
        else if (!place(w, p, end - p, cover))
            return 0;
    }
    return 1;
}

/* Whether a's window sorts before b's (the NUL that ends one the least
 * byte; two representatives' windows are never equal), eight bytes a
 * step. */
static int window_before(rb_windows *w, size_t a, size_t b) {
    const unsigned char *text = w->text;
    size_t room = w->n - (a > b ? a : b);
    size_t limit = w->depth < room ? w->depth : room, k = 0;
    while (k + 8 <= limit && memcmp(text + a + k, text + b + k, 8) == 0)
        k += 8;
    w->work += k / 8 + 1;
    while (k < limit && text[a + k] == text[b + k])
        k++;
    return k < limit && text[a + k] < text[b + k];
}

/* reps[0..count) in the order of their windows: merge sort bottom up,
 * through `spare` (count words: the hash table's, done with, so that
 * cover[] is kept), no recursion. Returns 0, the order
 * unfinished, once the comparisons pass the budget: windows alike for
 * thousands of bytes would otherwise cost count log count times depth / 8
 * words before the caller gave up anyway (the review of session 21). */
static int sort_reps(rb_windows *w, uint32_t *reps, size_t count,
                     uint32_t *spare) {
    uint32_t *from = reps, *to = spare;
    for (size_t width = 1; width < count; width *= 2) {
        for (size_t lo = 0; lo < count; lo += 2 * width) {
            size_t mid = lo + width < count ? lo + width : count;
            size_t hi = mid + width < count ? mid + width : count;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                if (w->work > w->budget)
                    return 0;
                to[k++] =
                    window_before(w, from[j], from[i]) ? from[j++] : from[i++];
            }
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
    return 1;
}

int rb_window_sort(const unsigned char *text, size_t n, size_t depth,
                   uint32_t *reps, size_t *count, uint32_t *cover,
                   uint32_t *scratch, size_t scratch_words) {
    rb_windows w;
    w.text = text;
    w.n = n;
    w.depth = depth;
    w.reps = reps;
    w.count = 0;
    w.hashed = SIZE_MAX;
    w.hashed_len = 0;
    w.hash = 0;
    w.top = 1;
    for (size_t k = 1; k < depth; k++)
        w.top *= RB_WINDOW_BASE;
    w.inverse = RB_WINDOW_BASE; /* Newton: each step doubles the bits */
    for (int k = 0; k < 5; k++)
        w.inverse *= 2 - RB_WINDOW_BASE * w.inverse;
    w.work = 0;
    w.budget = (uint64_t)RB_WINDOW_WORK * n;
    /* the table: twice the representatives allowed, at most what the
     * scratch holds in slots of three words */
    w.most = n / RB_WINDOW_REPS_SHARE;
    size_t slots = 16;
    while (slots < 2 * w.most && 3 * (2 * slots) <= scratch_words)
        slots *= 2;
    if (w.most > slots / 2) /* and the sort's spare fits in the table */
        w.most = slots / 2;
    if (3 * slots > scratch_words)
        return 0;
    w.slots = scratch;
    w.mask = slots - 1;
    memset(w.slots, 0, 3 * slots * sizeof *w.slots);
    const unsigned char *at = text, *stop = text + n;
    while (at < stop) { /* each name, and each NUL inside one */
        const unsigned char *end = memchr(at, 0, (size_t)(stop - at));
        size_t start = (size_t)(at - text);
        if (end != at && !cover_name(&w, start, (size_t)(end - text), cover))
            return 0;
        at = end + 1;
    }
    *count = w.count;
    return sort_reps(&w, reps, w.count, scratch) && w.work <= w.budget;
}
