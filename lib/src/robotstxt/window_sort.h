/* SPDX-License-Identifier: MIT */
/*
 * window_sort.h - the distinct windows of legacy's names text, sorted
 * (window_sort.c): an index of the names that sorts a few positions rather
 * than every suffix, for names_index.c. May call: nothing but libc.
 */
#ifndef ROBOTS_RT_WINDOW_SORT_H
#define ROBOTS_RT_WINDOW_SORT_H

#include "compiler.h"

#include <stddef.h>
#include <stdint.h>

/* A position's window: text's bytes from it up to `depth`, or up to the
 * first NUL, which ends it. Writes to reps[0..*count) positions of
 * text[0..n) (1 <= n < 2^31, the last byte a NUL, depth >= 1) such that
 * every position's window is a prefix of one of theirs, in the order of
 * their windows (the NUL the least byte): a value of at most `depth`
 * bytes and no NUL is in the text exactly when it starts the window of
 * one of them. `cover` is n words: after, cover[p] is a representative
 * whose window starts with p's, for each p whose byte is not a NUL (those
 * are not written); where p's window is of `depth` bytes, one whose
 * window equals it. `scratch`
 * (scratch_words) a hash table of three words a slot. O(n) time and a
 * constant stack. Returns 0
 * when it gave up (more than n / 32 representatives, or than half the
 * table's slots, or hashing and comparing past 4 n words): reps, cover
 * and scratch then hold nothing of use. */
RB_HIDDEN int rb_window_sort(const unsigned char *text, size_t n, size_t depth,
                             uint32_t *reps, size_t *count, uint32_t *cover,
                             uint32_t *scratch, size_t scratch_words);

#endif
