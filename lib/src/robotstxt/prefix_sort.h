/* SPDX-License-Identifier: MIT */
/*
 * prefix_sort.h - the suffixes of legacy's names text in the order of their
 * first bytes only, as deep as a value reaches (prefix_sort.c), for
 * names_index.c. May call: nothing but libc.
 */
#ifndef ROBOTS_RT_PREFIX_SORT_H
#define ROBOTS_RT_PREFIX_SORT_H

#include "compiler.h"

#include <stddef.h>
#include <stdint.h>

/* Writes to sa[0..n) every position of text[0..n) (1 <= n < 2^31, the
 * last byte a NUL) in the order of the suffixes' first `depth` bytes, a
 * NUL ending the comparison: suffixes equal that far, or up to a NUL
 * they share, stand in any order. `keys` is n words, `scratch` at least
 * n (with 131,072 more, the radix passes are two rather than four).
 * O(n) time, a constant stack. Returns 0 when it gave up (too many
 * suffixes alike, which induced sorting orders in linear time): sa,
 * keys and scratch then hold nothing of use. */
RB_HIDDEN int rb_prefix_sort(const unsigned char *text, size_t n, size_t depth,
                             uint32_t *sa, uint32_t *keys, uint32_t *scratch,
                             size_t scratch_words);

#endif
