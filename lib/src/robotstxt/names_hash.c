/* SPDX-License-Identifier: MIT */
/*
 * names_hash.c - legacy's values found in the caller's names by a rolling
 * hash, one pass over the names for each distinct length of value.
 *
 * The names' sorted suffixes (names_index.c) answer values of any length,
 * but sorting 64 names of 4 KiB costs about 200 instructions a byte on
 * every check (issue29-legacy-long-value: 52 M of 74 M). A file's values
 * are mostly of a few lengths, though: then the values go into a hash
 * table and every window of the names of each of those lengths is hashed
 * in O(1) from a table of prefix hashes and looked up, about 15
 * instructions a window. A window whose hash agrees with a value's is
 * compared byte by byte, so a collision costs time, never a wrong answer;
 * the time is counted, and past what honest input spends (only a crafted
 * one collides that often) the caller is told to sort the suffixes.
 */
#include "names_hash.h"
#include "byte_class.h"
#include "memory.h"

#include <string.h>

/* Polynomial hashes modulo 2^32, in the machine's own wrapping
 * arithmetic: a window's hash is two loads, a multiply and a subtraction.
 * Strings crafted against this modulus (Thue-Morse words) collide; the
 * collisions cost time, counted, and never a wrong answer. */
#define RB_HASH_BASE 0x01000193u

/* Work units (table slots stepped over, bytes compared) a window and a
 * value's byte may spend: random names and values spend under 0.2. */
#define RB_HASH_WORK_PER_ITEM 2u
/* The same for the one pass by the values' first bytes, which spends a
 * slot for each value a window starts, and bytes only for a value whose
 * whole hash agrees too: each slot is counted as 8 units (about the
 * instructions of 8 bytes compared), so that where names repeat one
 * pattern, and windows start values everywhere, the pass gives up after
 * a sixteenth of the slots the per-length budget would allow; each value
 * has four slots more, for the windows that start it. */
#define RB_WINDOW_WORK_PER_ITEM 1u
#define RB_WINDOW_STEP 8u

/* With a window, values starting alike are each stepped over by the
 * ones put after them (a crowd of c costs c * c / 2 slots) and by every
 * window that starts them: more than this many alike, and more than the
 * square root of half the budget, and the pass is not begun. A family of
 * names (`googlebot-image`, `googlebot-news`, ...: tens, on a file of
 * their records) passes; values crafted to start alike give up after
 * putting a quarter of the budget's slots. */
#define RB_WINDOW_CROWD 16

static size_t table_slots(size_t values) {
    size_t slots = 16;
    while (slots < 2 * values)
        slots *= 2;
    return slots;
}

/* The names' prefix hashes, the table's slots (2 words each), a byte of
 * filter per slot, and for each value its first alias and (with a window)
 * its whole hash and the base's power of its length. */
size_t rb_names_hash_bytes(size_t text, size_t values) {
    return (text + 1) * sizeof(uint32_t) +
           table_slots(values) * (2 * sizeof(uint32_t) + 1) +
           values * 3 * sizeof(uint32_t);
}

typedef struct rb_hash_table {
    size_t window;         /* the bytes hashed of each value: 0, all */
    uint32_t *whole;       /* with a window: each value's hash and power */
    uint32_t *slots;       /* pairs: a value's hash, its index + 1 (0: empty) */
    unsigned char *filter; /* a bit per (hash, length) mixed: 8 per slot */
    size_t mask;           /* slots - 1 */
    unsigned shift;        /* 32 - log2(slots * 8): the filter's bit */
    size_t crowd;          /* values alike allowed (RB_WINDOW_CROWD) */
    uint64_t work, budget; /* tested at every step, not only at the end:
                            * values crafted to crowd one run of slots cost
                            * each probe the run's length (review, session
                            * 18: 3.3 s before the hash gave up) */
} rb_hash_table;

/* A hash and a length mixed (the length in, so that values of one hash
 * but two lengths need not share a run of slots), its high bits the ones
 * that depend on every byte. */
static uint32_t mix(uint32_t h, size_t len) {
    return (h ^ (uint32_t)len * 0x9e3779b9u) * 0x85ebca6bu; /* find_windows */
}

/* Most windows are no value's: one bit of 16 per value (the mix's top
 * bits) tells most of them so, before the table's slots are read. */
static size_t filter_bit(const rb_hash_table *t, uint32_t x) {
    return x >> t->shift;
}

/* The slot a mix starts from: the filter's bit but its 3 lowest. */
static size_t slot_of(const rb_hash_table *t, uint32_t x) {
    return x >> t->shift >> 3;
}

/* How many of the n bytes at a and b agree before the first that does
 * not, ASCII case ignored (a name's window against a value, or two
 * values): n when all do. */
static size_t agreeing(const char *a, const char *b, size_t n) {
    size_t k = 0;
    while (k < n && rb_lower_fast((unsigned char)a[k]) ==
                        rb_lower_fast((unsigned char)b[k]))
        k++;
    return k;
}

/* RB_HASH_BASE to the power len, by squaring. */
static uint32_t power_of(size_t len) {
    uint32_t power = 1, base = RB_HASH_BASE;
    for (; len != 0; len >>= 1) {
        if (len & 1)
            power *= base;
        base *= base;
    }
    return power;
}

/* Value i's hash in the table: of its bytes, or (with a window) of its
 * first `window` bytes, its whole hash and the base's power of its length
 * kept beside. */
static uint32_t value_hash(rb_hash_table *t, const robots_str *values,
                           size_t i) {
    const unsigned char *v = (const unsigned char *)values[i].ptr;
    size_t len = values[i].len, hashed = t->window != 0 ? t->window : len;
    uint32_t h = 0;
    for (size_t k = 0; k < hashed; k++)
        h = h * RB_HASH_BASE + rb_lower_fast(v[k]);
    if (t->window == 0)
        return h;
    uint32_t whole = h;
    for (size_t k = hashed; k < len; k++)
        whole = whole * RB_HASH_BASE + rb_lower_fast(v[k]);
    t->whole[2 * i] = whole;
    t->whole[2 * i + 1] = power_of(len);
    return h;
}

/* The most values starting alike a pass by windows allows: the larger
 * of RB_WINDOW_CROWD and the square root of half the budget (by
 * bisection: the budget is under 2^42, its root under 2^21). */
static size_t crowd_limit(uint64_t budget) {
    uint64_t lo = RB_WINDOW_CROWD, hi = (uint64_t)1 << 21;
    while (lo < hi) {
        uint64_t mid = (lo + hi + 1) / 2;
        if (mid * mid <= budget / 2)
            lo = mid;
        else
            hi = mid - 1;
    }
    return (size_t)lo;
}

/* Each value into the table once: a value equal to one before it is an
 * alias of that one (`first`), looked up no more. 0 when the work passed
 * the budget before every value was in, or with a window when too many
 * start alike (RB_WINDOW_CROWD) (first[] then partly set; the work is put
 * past the budget, so that the answer is not taken). */
static int put_values(rb_hash_table *t, const robots_str *values,
                      size_t value_count, uint32_t *first) {
    for (size_t i = 0; i < value_count; i++) {
        uint32_t h = value_hash(t, values, i);
        uint32_t x = mix(h, t->window != 0 ? t->window : values[i].len);
        size_t at = slot_of(t, x), bit = filter_bit(t, x), alike = 0;
        t->filter[bit >> 3] =
            (unsigned char)(t->filter[bit >> 3] | 1u << (bit & 7));
        first[i] = (uint32_t)i;
        while (t->slots[2 * at + 1] != 0) {
            uint32_t e = t->slots[2 * at + 1] - 1;
            if (++t->work > t->budget)
                return 0;
            if (t->slots[2 * at] == h && t->window != 0 && ++alike > t->crowd) {
                t->work = t->budget + 1;
                return 0;
            }
            if (t->slots[2 * at] == h && values[e].len == values[i].len &&
                /* e + e: under 2^25 */
                (t->window == 0 || t->whole[e + e] == t->whole[2 * i])) {
                size_t same =
                    agreeing(values[e].ptr, values[i].ptr, values[i].len);
                if (same == values[i].len) {
                    first[i] = e;
                    break;
                }
                t->work += same;
            }
            at = (at + 1) & t->mask;
        }
        if (first[i] == i) {
            t->slots[2 * at] = h;
            t->slots[2 * at + 1] = (uint32_t)i + 1;
        }
    }
    return 1;
}

/* Whether the value e (with a window) is as long as the name's bytes from
 * the window on (`room`, their prefix hashes from `prefix`), and hashes
 * as they do: a value that starts alike costs a subtraction, not its
 * bytes. */
static int whole_agrees(const rb_hash_table *t, size_t e, size_t need,
                        size_t room, const uint32_t *prefix) {
    return need <= room &&
           prefix[need] - prefix[0] * t->whole[2 * e + 1] == t->whole[2 * e];
}

/* A window of `len` bytes of a name looked up; the values it equals
 * found. */
static void find_window(rb_hash_table *t, const char *window, size_t len,
                        uint32_t h, uint32_t x, const robots_str *values,
                        unsigned char *found) {
    for (size_t at = slot_of(t, x); t->slots[2 * at + 1] != 0;
         at = (at + 1) & t->mask) {
        uint32_t e = t->slots[2 * at + 1] - 1;
        if (++t->work > t->budget)
            return;
        if (t->slots[2 * at] != h || values[e].len != len || found[e])
            continue;
        size_t same = agreeing(window, values[e].ptr, len);
        found[e] = same == len;
        t->work += same;
    }
}

/* With a window: the window at k of a name (its prefix
 * hashes at `prefix`) looked up, and the values it starts found where
 * the name's bytes after it end them too. Out of line, so that the loop
 * over the windows stays as small as without a window. */
static RB_NOINLINE void find_starting(rb_hash_table *t, const robots_str *name,
                                      const uint32_t *prefix, size_t k,
                                      uint32_t h, uint32_t x,
                                      const robots_str *values,
                                      unsigned char *found) {
    for (size_t at = slot_of(t, x); t->slots[2 * at + 1] != 0;
         at = (at + 1) & t->mask) {
        size_t e = t->slots[2 * at + 1] - 1;
        t->work += RB_WINDOW_STEP;
        if (t->work > t->budget)
            return;
        size_t need = values[e].len;
        if (t->slots[2 * at] != h || found[e] ||
            !whole_agrees(t, e, need, name->len - k, prefix + k))
            continue;
        size_t same = agreeing(name->ptr + k, values[e].ptr, need);
        found[e] = same == need;
        t->work += same;
    }
}

/* Every window of `len` bytes of a name (its prefix hashes at `prefix`)
 * through the filter, and the few that pass it through find_window(). */
static void find_windows(rb_hash_table *t, const robots_str *name,
                         const uint32_t *prefix, size_t len, uint32_t power,
                         const robots_str *values, unsigned char *found) {
    const unsigned char *filter = t->filter;
    unsigned shift = t->shift;
    uint32_t salt = (uint32_t)len * 0x9e3779b9u;
    for (size_t k = 0, end = name->len - len; k <= end; k++) {
        uint32_t h = prefix[k + len] - prefix[k] * power;
        uint32_t x = (h ^ salt) * 0x85ebca6bu, bit = x >> shift;
        if (filter[bit >> 3] >> (bit & 7) & 1) {
            if (t->window != 0)
                find_starting(t, name, prefix, k, h, x, values, found);
            else
                find_window(t, name->ptr + k, len, h, x, values, found);
            if (t->work > t->budget)
                return;
        }
    }
}

/* Each distinct length of value (or the table's window alone), and each
 * name, through find_windows(); stops once the work passes the budget. */
static void find_all(rb_hash_table *t, const robots_str *names, size_t count,
                     const uint32_t *prefix, const robots_str *values,
                     size_t value_count, unsigned char *found) {
    unsigned char seen[ROBOTS_MAX_AGENT_BYTES / 8 + 1] = {0};
    for (size_t i = 0; i < value_count && t->work <= t->budget; i++) {
        size_t len = t->window != 0 ? t->window : values[i].len;
        if (seen[len >> 3] >> (len & 7) & 1)
            continue;
        seen[len >> 3] = (unsigned char)(seen[len >> 3] | 1u << (len & 7));
        uint32_t power = 1;
        for (size_t k = 0; k < len; k++)
            power *= RB_HASH_BASE;
        const uint32_t *p = prefix;
        for (size_t j = 0; j < count && t->work <= t->budget; j++) {
            if (names[j].len >= len)
                find_windows(t, &names[j], p, len, power, values, found);
            p += names[j].len + 1;
        }
    }
}

/* Each name's prefix hashes from 0, the NUL after it the next's 0: a
 * window never spans two names. */
static void prefix_hashes(const robots_str *names, size_t count,
                          uint32_t *prefix) {
    uint32_t *p = prefix;
    for (size_t j = 0; j < count; j++) {
        p[0] = 0;
        for (size_t k = 0; k < names[j].len; k++)
            p[k + 1] = p[k] * RB_HASH_BASE +
                       rb_lower_fast((unsigned char)names[j].ptr[k]);
        p += names[j].len + 1;
    }
}

/* Before a pass by windows, a sample tells whether it would spend its
 * budget where names repeat one pattern and each window starts values
 * (64 de Bruijn names: about 3 a window, 10 M instructions of prefix
 * hashes, values and slots before it gave up): a window every
 * H / RB_SAMPLE_WINDOWS bytes of the names and at most RB_SAMPLE_VALUES
 * values evenly spread, each by its first RB_SAMPLE_BYTES bytes (at most
 * the window's), estimate the slots the pass would step over. Past
 * RB_SAMPLE_MARGIN times the budget it is not begun: the estimate is
 * about 0.2 a sampled value there, under 0.01 on names of letters and
 * digits, and an estimate too high costs the sort, never a wrong answer. */
#define RB_SAMPLE_WINDOWS 128
#define RB_SAMPLE_VALUES 128
#define RB_SAMPLE_BYTES 32
#define RB_SAMPLE_MARGIN 4

static uint32_t sample_hash(const char *p, size_t len) {
    uint32_t h = 0;
    for (size_t k = 0; k < len; k++)
        h = h * RB_HASH_BASE + rb_lower_fast((unsigned char)p[k]);
    return h;
}

/* A sampled window's hash into the table (2 words a slot: the hash, how
 * many sampled windows have it; 0 empty), or its count's slot. */
static uint32_t *sample_slot(uint32_t *table, uint32_t h) {
    size_t at = (mix(h, 0) >> 23) & (2 * RB_SAMPLE_WINDOWS - 1);
    while (table[2 * at + 1] != 0 && table[2 * at] != h)
        at = (at + 1) & (2 * RB_SAMPLE_WINDOWS - 1);
    table[2 * at] = h;
    return &table[2 * at + 1];
}

int rb_names_hash_crowded(const robots_str *names, size_t count,
                          const robots_str *values, size_t value_count,
                          size_t window) {
    uint32_t table[4 * RB_SAMPLE_WINDOWS] = {0};
    size_t text = 0;
    for (size_t j = 0; j < count; j++)
        text += names[j].len + 1;
    size_t bytes = window < RB_SAMPLE_BYTES ? window : RB_SAMPLE_BYTES;
    size_t step = text / RB_SAMPLE_WINDOWS + 1, next = 0, base = 0;
    for (size_t j = 0; j < count; j++) {
        for (; next < base + names[j].len; next += step) {
            size_t k = next - base;
            if (k + window <= names[j].len)
                ++*sample_slot(table, sample_hash(names[j].ptr + k, bytes));
        }
        base += names[j].len + 1;
        while (next < base) /* one on a NUL: none */
            next += step;
    }
    size_t every = value_count / RB_SAMPLE_VALUES + 1;
    uint64_t hits = 0, sampled_bytes = 0;
    for (size_t i = 0; i < value_count; i += every) {
        uint32_t *c = sample_slot(table, sample_hash(values[i].ptr, bytes));
        hits += *c; /* 0 for none: the slot stays empty */
        sampled_bytes += values[i].len;
    }
    /* the pass's budget (rb_names_hash_find()), the values' bytes as the
     * sample has them */
    uint64_t budget = RB_WINDOW_WORK_PER_ITEM * (text + sampled_bytes * every) +
                      (uint64_t)4 * RB_WINDOW_STEP * value_count;
    return hits * step * every * RB_WINDOW_STEP >
           (uint64_t)RB_SAMPLE_MARGIN * budget;
}

robots_status rb_names_hash_find(rb_mem *mem, const robots_str *names,
                                 size_t count, const robots_str *values,
                                 size_t value_count, size_t lengths,
                                 size_t window, unsigned char *found,
                                 int *complete, rb_names_hash_cost *cost) {
    *complete = 0;
    size_t text = 0, value_bytes = 0;
    for (size_t j = 0; j < count; j++)
        text += names[j].len + 1;
    for (size_t i = 0; i < value_count; i++)
        value_bytes += values[i].len;
    rb_hash_table t;
    size_t slots = table_slots(value_count);
    t.mask = slots - 1;
    t.shift = 32;
    for (size_t bits = slots * 8; bits > 1; bits /= 2)
        t.shift--;
    t.window = window;
    if (window != 0)
        lengths = 1; /* one pass */
    t.work = 0;
    /* in 64 bits: lengths * text passes 2^32 where size_t is 32 bits */
    t.budget = RB_HASH_WORK_PER_ITEM * ((uint64_t)lengths * text + value_bytes);
    if (window != 0) /* and four slots a value, for the windows found */
        t.budget = RB_WINDOW_WORK_PER_ITEM * ((uint64_t)text + value_bytes) +
                   (uint64_t)4 * RB_WINDOW_STEP * value_count;
    t.crowd = crowd_limit(t.budget);
    size_t whole_words = window != 0 ? 2 * value_count : 0;
    uint32_t *prefix = rb_alloc(mem, (text + 1) * sizeof *prefix);
    t.slots = rb_alloc(mem, slots * 2 * sizeof *t.slots);
    t.filter = rb_alloc(mem, slots);
    uint32_t *first = rb_alloc(mem, value_count * sizeof *first);
    /* without a window none: no allocation of a byte for nothing */
    t.whole =
        whole_words != 0 ? rb_alloc(mem, whole_words * sizeof *t.whole) : NULL;
    robots_status why = mem->failure;
    if (prefix != NULL && t.slots != NULL && t.filter != NULL &&
        first != NULL && (t.whole != NULL || whole_words == 0)) {
        memset(t.slots, 0, slots * 2 * sizeof *t.slots);
        memset(t.filter, 0, slots);
        memset(found, 0, value_count);
        /* the values first: crowded, they give up before the names */
        if (put_values(&t, values, value_count, first)) {
            prefix_hashes(names, count, prefix);
            find_all(&t, names, count, prefix, values, value_count, found);
            for (size_t i = 0; i < value_count; i++)
                found[i] = found[first[i]];
        }
        *complete = t.work <= t.budget;
        why = ROBOTS_OK;
    }
    rb_free(mem, t.whole, whole_words * sizeof *t.whole);
    rb_free(mem, first, value_count * sizeof *first);
    rb_free(mem, t.filter, slots);
    rb_free(mem, t.slots, slots * 2 * sizeof *t.slots);
    rb_free(mem, prefix, (text + 1) * sizeof *prefix);
    if (cost != NULL) {
        cost->spent = t.work;
        cost->allowed = t.budget;
    }
    return why;
}
