/* SPDX-License-Identifier: MIT */
/*
 * names_index.h - the caller's names, searchable as one sorted suffix array
 * (names_index.c): legacy's substring test of many values at once. May
 * call: memory.h, common/ascii.h; reads document.h's agents.
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
 * for n names of H bytes in all, building costs O(H log H) time and at
 * most 21 * (H + n) + 1,028 bytes of the allocator's memory while it
 * runs, 5 * (H + n) after; a search costs O(m log H) for m bytes. */
typedef struct rb_names_index {
    unsigned char *text; /* the names lowercased, each followed by a NUL */
    uint32_t *suffixes;  /* the offsets of text's suffixes, sorted */
    size_t len;          /* of text, and entries of suffixes */
} rb_names_index;

/* ROBOTS_OK, or the allocator's failure with nothing left allocated. The
 * names must have passed rb_validate_agents(). */
RB_HIDDEN robots_status rb_names_index_build(rb_mem *mem,
                                             const robots_str *names,
                                             size_t count, rb_names_index *out);
RB_HIDDEN void rb_names_index_release(rb_mem *mem, rb_names_index *index);
/* Is value (m bytes, no NUL), case-insensitively, part of one name? */
RB_HIDDEN int rb_names_index_contains(const rb_names_index *index,
                                      const char *value, size_t len);

#endif
