/* SPDX-License-Identifier: MIT */
/*
 * suffix_sort.h - the suffix array of a string in linear time (induced
 * sorting, suffix_sort.c), for names_index.c. May call: nothing but libc.
 */
#ifndef ROBOTS_RT_SUFFIX_SORT_H
#define ROBOTS_RT_SUFFIX_SORT_H

#include "compiler.h"

#include <stddef.h>
#include <stdint.h>

/* The uint32_t words of scratch rb_suffix_sort() needs for n symbols of an
 * alphabet of `symbols` values: n for the reduced strings, n / 2 + 1 for
 * the positions, two tables of max(symbols, n / 2) + 1 for the buckets
 * and n / 4 + 1 for the types, a byte each. */
RB_HIDDEN size_t rb_suffix_sort_scratch(size_t n, size_t symbols);

/* Writes to sa[0..n) the start of each suffix of s[0..n) (every s[i] below
 * `symbols`, 1 <= n < 2^31) in ascending order, a suffix that is a prefix
 * of another first. O(n + symbols) time; no recursion, a constant stack. */
RB_HIDDEN void rb_suffix_sort(const uint32_t *s, size_t n, size_t symbols,
                              uint32_t *sa, uint32_t *scratch);

#endif
