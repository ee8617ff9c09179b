/* SPDX-License-Identifier: MIT */
/*
 * names_index.h - the caller's names, searchable as one sorted suffix array
 * (names_index.c): legacy's substring test of many values at once. May
 * call: memory.h, common/ascii.h, common/words.h, match.h, prefix_sort.h,
 * suffix_sort.h, window_sort.h; reads document.h's agents.
 */
#ifndef ROBOTS_RT_NAMES_INDEX_H
#define ROBOTS_RT_NAMES_INDEX_H

#include "compiler.h"
#include "memory.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/*
 * legacy's "the value is a substring of a name" for many values at once:
 * for n names of H bytes in all, building costs O(H) time and at most
 * 21 * (H + n) + 1,024 bytes (robots.h's 1 KiB) of the allocator's memory while
 * it runs, 5 * (H + n) + 8 after and the longest name + 8 (9 * (H + n) + 8
 * with the windows sorted, their covers kept; 13.375 * (H + n) + 8 once a
 * value longer than the windows has passed them: each position's next
 * (4 bytes) and each rank's head, count and run's reach (12, under one
 * rank in 32 positions); and from about
 * 16 KiB of text on, 256 KiB more: the table of where each pair of first bytes
 * starts, names_index.c's RB_STARTS_FROM); a search costs O(m + log H) byte
 * comparisons for m bytes (at worst O(m log H)). Values of one or two bytes are
 * looked up in a table of the names' bytes and byte pairs instead. */
typedef struct rb_names_index {
    unsigned char *text;  /* the names lowercased, each followed by a NUL */
    uint32_t *suffixes;   /* text's suffixes, sorted as deep as a value */
    size_t len;           /* of text (or 0) */
    size_t sorted;        /* entries of suffixes: len, or the windows' */
    size_t shallow;       /* values longer are searched in the text */
    size_t longest;       /* the longest name's length */
    unsigned char *pairs; /* a bit per lowercased byte pair, or NULL */
    uint32_t *starts; /* where each first byte pair's suffixes start, or NULL */
    unsigned char *lowered;  /* room for a value lowercased (longest + 8) */
    unsigned char bytes[32]; /* a bit per lowercased byte of the names */
    /* With the windows sorted: each position's representative (len
     * words; once a value longer than the windows passes them, its
     * window's rank, UINT32_MAX where a NUL cuts it), room for a value's
     * windows' ranks; then each position's next of the same rank, each
     * rank's first position and count, and the work they spent and may
     * (rb_names_index_find_long()). */
    uint32_t *cover, *ranks;
    uint32_t *next, *heads;
    size_t ranks_room, two_way_left;
    uint64_t work, budget;
} rb_names_index;

/* ROBOTS_OK, or the allocator's failure with nothing left allocated. The
 * names must have passed rb_validate_agents(). `longest_value`: no value
 * searched will be longer (with 2 or less and long names, the index is
 * the byte pairs alone, O(H) time and 8 KiB). `shallow_value`: where many
 * suffixes are alike, only the distinct windows of this many bytes are
 * sorted, and each value longer is searched in the text, O(H + m), if
 * each of its windows is one of them (else it is answered in O(m log H)):
 * the caller passes a length that all but a few of the values it searches
 * (of those bytes) keep within, and 0 for no windows. */
RB_HIDDEN robots_status rb_names_index_build(rb_mem *mem,
                                             const robots_str *names,
                                             size_t count, size_t longest_value,
                                             size_t shallow_value,
                                             rb_names_index *out);
RB_HIDDEN void rb_names_index_release(rb_mem *mem, rb_names_index *index);
/* Is value (m bytes, no NUL, m at most the build's longest_value),
 * case-insensitively, part of one name? The value is lowercased into the
 * index's `lowered`, so one index serves one caller at a time (each
 * selection builds its own). */
RB_HIDDEN int rb_names_index_contains(const rb_names_index *index,
                                      const char *value, size_t len);

/* With the windows sorted: whether a value longer than them (as for
 * rb_names_index_contains()) is in a name, 1 or 0. Its windows every
 * `shallow` bytes and its last are each found in O(log R) for R windows
 * sorted (0 at the first that is none); the first that passes them all
 * is searched in the text, O(H + m); the next time one does, each
 * position's window is grouped by rank, O(H) time and
 * 4 * (H + n) + 12 * R bytes more for R windows sorted (within robots.h's
 * bound); the positions of its rarest window are tried, each by the ranks
 * of its other windows. Its windows halfway between those (O(log R)
 * each) are searched before the text is or the positions are grouped,
 * and after that where the rarest is at many positions (32 a window):
 * a value of pieces of names whose junctions fall where two windows meet
 * fails there, and one of them may be the rarest. Where the rarest is at
 * more positions than a window of no period can be (names of runs), the
 * value's first window is a run's: a value that is that run is answered
 * by the longest run from that window's positions (O(H) once a window,
 * O(m) after), another tried at the positions of the window that ends
 * its run where they are fewer (at most 2 H / depth + 1 for a period of
 * at most half the window). -1 once that work passes the index's
 * budget, O(H) for all the values (a crafted input): the caller sorts
 * every suffix.
 * *status: ROBOTS_OK, or the allocator's failure (then 0). */
RB_HIDDEN int rb_names_index_find_long(rb_mem *mem, rb_names_index *index,
                                       const char *value, size_t len,
                                       robots_status *status);

#endif
