/* SPDX-License-Identifier: MIT */
/*
 * names_hash.h - legacy's substring test of many values of a few lengths
 * at once, by a rolling hash over the caller's names (names_hash.c). May
 * call: memory.h, byte_class.h.
 */
#ifndef ROBOTS_RT_NAMES_HASH_H
#define ROBOTS_RT_NAMES_HASH_H

#include "compiler.h"
#include "memory.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* The bytes rb_names_hash_find() allocates at most, for `values` values and
 * names of `text` bytes with their NULs (H + n): the caller's own arrays
 * (the values, a byte each for the answers) come on top. */
RB_HIDDEN size_t rb_names_hash_bytes(size_t text, size_t values);

/* The work rb_names_hash_find() spent (table slots stepped over, 8 units
 * each a window steps over with a window, else 1; bytes compared) and the
 * budget it stops at:
 * it stops at the first step past it, so spent <= allowed + 8 + the
 * longest value's length (+ 1 without a window). */
typedef struct rb_names_hash_cost {
    uint64_t spent, allowed;
} rb_names_hash_cost;

/* Sets found[i] to 1 for each values[i] (2 to the longest name's length
 * bytes, no NUL; of `lengths` distinct lengths) that is, ASCII case
 * ignored, part of one of the n names, and to 0 for the others. Time:
 * O(lengths * H + the values' bytes), each hash that agrees checked byte
 * by byte. With `window` not 0 (at most the shortest value's length),
 * only each value's first `window` bytes are hashed and the names' windows
 * of that length looked up, each value that agrees compared whole: one
 * pass for values of any number of lengths, O(H + the values' bytes)
 * within the same budget (values of many lengths and few prefixes in
 * common: issue29-legacy-many-lengths). *complete is 0 when hashes agreed (or
 * values crowded the table) past what that time allows, as only a crafted input
 * makes them: found[] is then not the answer and the caller searches another
 * way. At most 2^24 values (the table's slot and filter bit are the top bits of
 * one 32-bit mix; robots.h's bound on the index keeps legacy's under 2^19). The
 * work is counted at every step and the search stops at the first past the
 * budget (*cost says both, when cost is not NULL). ROBOTS_OK, or the
 * allocator's failure with nothing left allocated. */
/* Whether a pass by windows (`window` not 0) would spend its budget and
 * give up, by a sample of the names' windows and of the values (a few
 * hundred of each, their first 32 bytes at most): where names repeat one
 * pattern and each window starts values. An estimate: 1 costs the caller
 * the other way of searching, never a wrong answer. */
RB_HIDDEN int rb_names_hash_crowded(const robots_str *names, size_t count,
                                    const robots_str *values,
                                    size_t value_count, size_t window);

RB_HIDDEN robots_status rb_names_hash_find(
    rb_mem *mem, const robots_str *names, size_t count,
    const robots_str *values, size_t value_count, size_t lengths, size_t window,
    unsigned char *found, int *complete, rb_names_hash_cost *cost);

#endif
