/* SPDX-License-Identifier: MIT */
/*
 * records.h - sitemap and extension records (records.c): packed lines with
 * a mark every RB_RECORD_STRIDE records, built at parse time and read by
 * the accessors; and the crawl-delay value's reading (parse_records.c).
 * May call: memory.h.
 */
#ifndef ROBOTS_RT_RECORDS_H
#define ROBOTS_RT_RECORDS_H

#include "compiler.h"
#include "memory.h"
#include "robots.h"

#include <stdint.h>

/*
 * Packed: each record is its line and group as varint deltas from the
 * record before, then its key and its value, NUL-terminated. A mark every
 * RB_RECORD_STRIDE records from the STRIDE-th on (marks[k] is record
 * (k + 1) * STRIDE's; the first record's deltas, from line 0 and no group,
 * are its own) holds where it starts and its line and group + 1 (0: none),
 * so reading one reads at most STRIDE - 1 others. */
#define RB_RECORD_STRIDE 32u
typedef struct rb_record_mark {
    uint32_t offset, line, group1;
} rb_record_mark;

typedef struct rb_records_build {
    rb_vec bytes, marks;
    size_t count;
    uint32_t last_line, last_group; /* the last record's line, group + 1 */
} rb_records_build;

typedef struct rb_records {
    const unsigned char *bytes;
    const rb_record_mark *marks;
    size_t count;
} rb_records;

/* Empty. Inline: every parse starts two. */
static inline void rb_records_init(rb_records_build *build) {
    rb_vec_init(&build->bytes, 1);
    rb_vec_init(&build->marks, sizeof(rb_record_mark));
    build->count = 0;
    build->last_line = 0;
    build->last_group = 0;
}
RB_HIDDEN void rb_records_release(rb_mem *mem, rb_records_build *build);
/* Appends a record (group UINT32_MAX: none), its key and value in a
 * buffer readable to end (the body); 0 when memory runs out. */
RB_HIDDEN int rb_records_add(rb_mem *mem, rb_records_build *build,
                             uint32_t line, uint32_t group, const char *key,
                             size_t klen, const char *value, size_t vlen,
                             const char *end);
/* Record `index` (below list->count), its strings pointing into the list. */
RB_HIDDEN void rb_records_get(const rb_records *list, size_t index,
                              robots_record_info *out);
/* Reading records in order, from the last mark at or before a line:
 * rb_records_next() gives each record from there on (its strings pointing
 * into the list), 0 past the last. */
typedef struct rb_records_iter {
    const rb_records *list;
    size_t index;
    const unsigned char *at;
    uint32_t line, group1;
} rb_records_iter;
RB_HIDDEN void rb_records_from_line(const rb_records *list, uint32_t line,
                                    rb_records_iter *it);
RB_HIDDEN int rb_records_next(rb_records_iter *it, robots_record_info *out);
/* A crawl-delay's value as seconds: a non-negative decimal number under a
 * billion (parse_records.c); 0 when it is not one. */
RB_HIDDEN int rb_parse_delay(const char *s, size_t len, double *out);

#endif
