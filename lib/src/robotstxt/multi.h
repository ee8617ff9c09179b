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
    /* set by rb_match_many(); read by rb_match_literals() too: 0 (as
     * whoever builds the rule must set it) not yet weighed, and its
     * RB_LITERAL_LEFT kept across calls */
    int matched;
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
/* The bytes and the pairs of adjacent bytes a path holds, for a test
 * before a rule is matched: a segment holding a byte or a pair the path
 * lacks occurs nowhere in it, and its rule cannot match. A hostile file's
 * rules of one shape (`*x0` and six digits, `*` and a byte the path never
 * has) mostly are such, and are decided in a few steps a segment. The
 * pairs fold into 2^15 bits (the first byte shifted by 7 and xored with the
 * second: its lowest bit shares a bit with the second's top one): a pair reads
 * as present when it may be; never the reverse. */
typedef struct rb_path_pairs {
    uint32_t *pairs; /* RB_PAIR_WORDS words, the caller's */
    uint64_t bytes[4];
    /* what a raw byte of a pattern is (rb_raw_may_match()): RAW_* */
    unsigned char raw[256];
} rb_path_pairs;
#define RB_RAW_LACKED 0u   /* written as it is, or as %XX: the path lacks it */
#define RB_RAW_ENDS_RUN 1u /* may be written either way: ends a run */
#define RB_RAW_AS_IS 2u    /* written as it is, and the path has it */
#define RB_RAW_ESCAPED 3u  /* >= 0x80, written %XX, which the path may hold */
#define RB_PAIR_WORDS 1024u
static inline uint32_t rb_pair_bit(unsigned char first, unsigned char second) {
    return ((uint32_t)first << 7 ^ second) & 0x7FFFu;
}
/* Does the path hold the pair (or one that folds into its bit)? */
static inline int rb_has_pair(const rb_path_pairs *pp, unsigned char first,
                              unsigned char second) {
    uint32_t bit = rb_pair_bit(first, second);
    return (int)(pp->pairs[bit >> 5] >> (bit & 31) & 1);
}
/* Notes the path's bytes and pairs in pp (pp->pairs set by the caller). */
RB_HIDDEN void rb_path_pairs_note(rb_path_pairs *pp, const char *path,
                                  size_t len);
/* Can a rule's rest (its normal form from the first `*` on, as
 * rb_wild_rule's) match a path with these bytes and pairs? 0 when a
 * segment's first byte, or one of its first or last 8 pairs, is not in
 * the path; 1 when it may. At most 17 pairs a segment tested; a long
 * segment's end found by memchr(). */
RB_HIDDEN int rb_rest_may_match(const rb_path_pairs *pp, const char *rest,
                                size_t n);
/* Can a rule match a path with these bytes and pairs, read from its raw
 * pattern (rfc9309 or google; its first and last 32 bytes) before it is
 * normalised? Either profile writes an RB_C_PLAIN byte as it is and a byte
 * >= 0x80 as %XX, and a `*` is the wildcard on both sides; an escape's
 * three bytes may change (a '%' followed by two hex digits starts one
 * wherever it is), and anything else may be written either way, so each
 * ends a run. A run is written side by side in one segment of the normal
 * form: when the path lacks a byte or a pair of it, the rule cannot match
 * (0; the key, which starts the path, lacks none). 1: it may, and
 * rb_rest_may_match() on its normal form decides. Spares a check the
 * normal form of most of a hostile file's thousands of rules of raw
 * UTF-8, which it would make again on every check. */
RB_HIDDEN int rb_raw_may_match(const rb_path_pairs *pp, const char *raw,
                               size_t n);
/* A check's wildcard work, in byte comparisons by the per-rule bound of
 * rb_match_wildcard(), past which the rules still in play go to
 * rb_match_many(): far above any realistic check; well under 1 ms. */
#define RB_WILD_BUDGET ((size_t)1 << 18)

#endif
