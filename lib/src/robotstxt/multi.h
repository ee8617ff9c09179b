/* SPDX-License-Identifier: MIT */
/*
 * multi.h - many wildcard rules against one path in one pass (multi.c),
 * past a check's wildcard budget. May call: the caller's allocator.
 */
#ifndef ROBOTS_RT_MULTI_H
#define ROBOTS_RT_MULTI_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* One rule for rb_match_many(): its normalised pattern from the first `*`
 * on (as the index files it: what follows the literal key), and where in
 * the path that part starts (the key's length). */
typedef struct rb_wild_rule {
    const char *rest;
    size_t rest_len;
    size_t from;
    uint32_t rule; /* the caller's, untouched */
    int matched;   /* set by rb_match_many() */
} rb_wild_rule;
/* Sets every rule's `matched` as rb_match_wildcard() would, in one pass
 * over the path: O(segment bytes) to build, then path_len automaton steps,
 * one step per reported occurrence of a segment some rule waits for, one
 * per rule and segment, and a re-walk of output chains (at most the number
 * of distinct segment lengths a position) after each time a segment gets
 * its first waiter. A rule with a segment holding a byte, or one of the
 * pairs of bytes tested (multi.c's may_occur()), that the path lacks is
 * decided without the automaton. Memory, from the allocator and freed
 * before returning:
 * at most 72 bytes per byte of the rules' rests (sized by them, so that
 * each pattern is split once) + 56 per rule + 4 per path byte + 4 KiB.
 * Returns 0, or -1 when memory ran out (then `matched` is unspecified). */
RB_HIDDEN int rb_match_many(const robots_allocator *allocator, const char *path,
                            size_t len, rb_wild_rule *rules, size_t n);
/* A check's wildcard work, in byte comparisons by the per-rule bound of
 * rb_match_wildcard(), past which the rules still in play go to
 * rb_match_many(): far above any realistic check; well under 1 ms. */
#define RB_WILD_BUDGET ((size_t)1 << 18)

#endif
