/* SPDX-License-Identifier: MIT */
/*
 * multi_literal.h - the gathered wildcard rules whose rest is one literal
 * (`*lit`, `*lit$`) decided before the one pass (multi_literal.c), by a
 * rolling hash over the path for each length of literal. May call: the
 * caller's allocator.
 */
#ifndef ROBOTS_RT_MULTI_LITERAL_H
#define ROBOTS_RT_MULTI_LITERAL_H

#include "compiler.h"
#include "multi.h"
#include "robots.h"

#include <stddef.h>
#include <string.h>

/* A rule's `matched` when rb_match_literals() left it to the one pass:
 * not of one literal (or its rest not made yet), or of one literal whose
 * length was not worth a pass over the path or passed its work budget
 * (RB_LITERAL_LEFT). A rule LEFT stays so in a later call, unweighed: the
 * caller calls again once it has made the rests it lacked, and a length's
 * work is to be spent once (its budget, below), not once a call. */
#define RB_LITERAL_UNDECIDED (-1)
#define RB_LITERAL_LEFT (-3)

/* Is a rest (from its `*` on, as rb_wild_rule's) one literal: `*`, then
 * no other `*` (a final `$` is the anchor)? One ending in `*`, as many
 * do (a hostile file's 25,000 `*<e-acute>N*`), is told without a search.
 * NULL (a rest not made) is none. */
static inline int rb_one_literal(const char *rest, size_t n) {
    return rest != NULL && n > 0 && rest[0] == '*' &&
           (n == 1 ||
            (rest[n - 1] != '*' && memchr(rest + 1, '*', n - 1) == NULL));
}

/* Decides the rules of one literal (rb_one_literal(), rest not NULL) as
 * rb_match_many() would: `*lit$` by the path's end; `*lit` when the
 * literals of its length, or of its band of lengths [2^b, 2^(b+1)), are
 * worth a pass over the path (by the one pass's own cost: 12 instructions
 * a window against 32 a pattern byte), by a rolling hash of every window
 * of that length (the band's shortest) looked up in a table of the
 * literals (of their first bytes), a hash that agrees confirmed byte by
 * byte; a band past its budget, by a pass a length. Each other
 * rule's `matched` is RB_LITERAL_UNDECIDED, or RB_LITERAL_LEFT for those of
 * a length not worth a pass or whose work (slots stepped over, bytes
 * compared, counted at every step) passes 4 a window and 4 a literal
 * byte: crafted collisions cost time, bounded, never a wrong answer. A
 * rule's `matched` is read first (0 for a rule not seen yet): one
 * RB_LITERAL_LEFT by an earlier call is left so. Returns the rules decided (0
 * without memory). A `*lit` whose first byte, first two pairs or last pair the
 * path lacks (pp, the path's, noted by the caller) is refused first. Memory,
 * from the allocator and freed before returning: 64 bytes a rule + 4 per byte
 * of the longest literal + 64 (within robots.h's one pass: a rule's rest
 * is 2 bytes or more). len and n under 2^28 (32-bit places,
 * counts and slots: a check's path is at most 3 * ROBOTS_MAX_URL_BYTES,
 * and a rule takes at least 9 of ROBOTS_MAX_INPUT_BYTES). */
RB_HIDDEN size_t rb_match_literals(const robots_allocator *allocator,
                                   const rb_path_pairs *pp, const char *path,
                                   size_t len, rb_wild_rule *rules, size_t n);

#endif
