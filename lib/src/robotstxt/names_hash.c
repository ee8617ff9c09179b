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

static size_t table_slots(size_t values) {
    size_t slots = 16;
    while (slots < 2 * values)
        slots *= 2;
    return slots;
}

/* The table's slots (2 words each), and a byte of filter per slot. */
size_t rb_names_hash_bytes(size_t text, size_t values) {
    return (text + 1) * sizeof(uint32_t) +
           table_slots(values) * (2 * sizeof(uint32_t) + 1) +
           values * sizeof(uint32_t);
}

typedef struct rb_hash_table {
    size_t window;         /* the bytes hashed of each value: 0, all */
    uint32_t *slots;       /* pairs: a value's hash, its index + 1 (0: empty) */
    unsigned char *filter; /* a bit per (hash, length) mixed: 8 per slot */
    size_t mask;           /* slots - 1 */
    unsigned shift;        /* 32 - log2(slots * 8): the filter's bit */
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

/* Each value into the table once: a value equal to one before it is an
 * alias of that one (`first`), looked up no more. 0 when the work passed
 * the budget before every value was in (first[] then partly set). */
static int put_values(rb_hash_table *t, const robots_str *values,
                      size_t value_count, uint32_t *first) {
    for (size_t i = 0; i < value_count; i++) {
        uint32_t h = 0;
        size_t hashed = t->window != 0 ? t->window : values[i].len;
        for (size_t k = 0; k < hashed; k++)
            h = h * RB_HASH_BASE +
                rb_lower_fast((unsigned char)values[i].ptr[k]);
        uint32_t x = mix(h, hashed);
        size_t at = slot_of(t, x), bit = filter_bit(t, x);
        t->filter[bit >> 3] =
            (unsigned char)(t->filter[bit >> 3] | 1u << (bit & 7));
        first[i] = (uint32_t)i;
        while (t->slots[2 * at + 1] != 0) {
            uint32_t e = t->slots[2 * at + 1] - 1;
            if (++t->work > t->budget)
                return 0;
            if (t->slots[2 * at] == h && values[e].len == values[i].len) {
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

/* A window of `len` bytes of a name, `room` bytes from its start to the
 * name's end, looked up; the values it equals found (with a window of
 * the table's, the values it starts and the bytes after it in the name
 * start too). */
static void find_window(rb_hash_table *t, const char *window, size_t len,
                        size_t room, uint32_t h, uint32_t x,
                        const robots_str *values, unsigned char *found) {
    for (size_t at = slot_of(t, x); t->slots[2 * at + 1] != 0;
         at = (at + 1) & t->mask) {
        uint32_t e = t->slots[2 * at + 1] - 1;
        if (++t->work > t->budget)
            return;
        size_t need = values[e].len;
        if (t->slots[2 * at] != h || found[e] ||
            (t->window != 0 ? need > room : need != len))
            continue;
        size_t same = agreeing(window, values[e].ptr, need);
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
            find_window(t, name->ptr + k, len, name->len - k, h, x, values,
                        found);
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
    uint32_t *prefix = rb_alloc(mem, (text + 1) * sizeof *prefix);
    t.slots = rb_alloc(mem, slots * 2 * sizeof *t.slots);
    t.filter = rb_alloc(mem, slots);
    uint32_t *first = rb_alloc(mem, value_count * sizeof *first);
    robots_status why = mem->failure;
    if (prefix != NULL && t.slots != NULL && t.filter != NULL &&
        first != NULL) {
        /* Each name's prefix hashes from 0, the NUL after it the next's
         * 0: a window never spans two names. */
        uint32_t *p = prefix;
        for (size_t j = 0; j < count; j++) {
            p[0] = 0;
            for (size_t k = 0; k < names[j].len; k++)
                p[k + 1] = p[k] * RB_HASH_BASE +
                           rb_lower_fast((unsigned char)names[j].ptr[k]);
            p += names[j].len + 1;
        }
        memset(t.slots, 0, slots * 2 * sizeof *t.slots);
        memset(t.filter, 0, slots);
        memset(found, 0, value_count);
        if (put_values(&t, values, value_count, first)) {
            find_all(&t, names, count, prefix, values, value_count, found);
            for (size_t i = 0; i < value_count; i++)
                found[i] = found[first[i]];
        }
        *complete = t.work <= t.budget;
        why = ROBOTS_OK;
    }
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
