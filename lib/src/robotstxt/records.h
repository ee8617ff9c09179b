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
#include <string.h>

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
/* The most bytes rb_records_add() writes of a record, its key and value
 * klen and vlen bytes: two varints, two NULs, rb_records_put()'s 15
 * past. */
#define RB_RECORD_ROOM(klen, vlen) ((size_t)10 + (klen) + 1 + (vlen) + 1 + 15)
/* The bytes a list's first record reserves (at least): room for about
 * four sitemap URLs, which is what most files that have any hold. */
#define RB_RECORDS_FIRST_BYTES ((size_t)384)
/* An empty list's first room, for a record of klen and vlen bytes: what
 * rb_records_add() would reserve (RB_RECORDS_FIRST_BYTES, or the record's
 * room when larger), or the room planned for the list when larger still
 * (rb_vec_plan(): a part of the body, parse.c's reserve_arrays()), taken
 * from the parse's region inline when it has it
 * (rb_vec_reserve_first()). Grown from nothing by rb_records_add(), a
 * list's first record was a call to rb_vec_grow() and rb_alloc() and the
 * record's general copy, about 270 instructions more than a usual record
 * (about 1,800 lists of the real-world corpus's files have a first one).
 * 0 when memory runs out (the list still empty). */
static inline int rb_records_first_room(rb_mem *mem, rb_records_build *build,
                                        size_t klen, size_t vlen) {
    size_t need = RB_RECORD_ROOM(klen, vlen);
    size_t first =
        need < RB_RECORDS_FIRST_BYTES ? RB_RECORDS_FIRST_BYTES : need;
    if (first < build->bytes.planned)
        first = build->bytes.planned;
    rb_vec *const vecs[1] = {&build->bytes};
    if (!rb_vec_reserve_first(mem, vecs, &first, 1))
        return 0;
    build->bytes.planned = 0;
    return 1;
}
/* Appends a record (group UINT32_MAX: none), its key and value in a
 * buffer readable to end (the body); 0 when memory runs out. */
RB_HIDDEN int rb_records_add(rb_mem *mem, rb_records_build *build,
                             uint32_t line, uint32_t group, const char *key,
                             size_t klen, const char *value, size_t vlen,
                             const char *end);
/* A group's move from one record to the next, zigzag-encoded: a group
 * moves either way between records in legacy, whose blank lines close one
 * (group + 1 is 0 then), and small moves of either sign take one byte. */
static inline uint32_t rb_records_zigzag(uint32_t from, uint32_t to) {
    uint32_t d = to - from; /* modulo 2^32 */
    return (d << 1) ^ (uint32_t) - (int32_t)(d >> 31);
}

/* rb_records_add() of the usual record, inline, in one pass: no mark and
 * no growth due, each delta a byte, a key of at most 32 bytes and a value
 * of at most 128 that follows it in a buffer readable to end (a line of
 * the body) with 32 bytes to spare. The key is copied in two steps of
 * sixteen whatever its length and the value sixteen a step, each last step
 * reading past the string (inside the buffer) and writing past it
 * (inside the list's room), which what follows overwrites or the list
 * never counts: a call to rb_records_add() cost about 90 instructions a
 * record (a page read as two words in google has one on most lines, a
 * sitemap index one a URL). 1 when added; 0 when it is rb_records_add()'s
 * (the portable build: always). */
static inline int rb_records_add_usual(rb_records_build *build, uint32_t line,
                                       uint32_t group, const char *key,
                                       size_t klen, const char *value,
                                       size_t vlen, const char *end) {
#ifdef RB_SSE2
    rb_vec *bytes = &build->bytes;
    uint32_t dline = line - build->last_line;
    uint32_t dgroup = rb_records_zigzag(build->last_group, group + 1);
    /* (room: both deltas and NULs, the key's 32 and the value's 15 past) */
    if (build->count % RB_RECORD_STRIDE == 0 || (dline | dgroup) >= 0x80 ||
        klen > 32 || vlen > 128 ||
        bytes->cap - bytes->count < vlen + 4 + 32 + 16 ||
        (size_t)(end - value) < vlen + 32)
        return 0;
    unsigned char *out = bytes->data + bytes->count;
    out[0] = (unsigned char)dline;
    out[1] = (unsigned char)dgroup;
    _mm_storeu_si128((__m128i *)(void *)(out + 2),
                     _mm_loadu_si128((const __m128i *)(const void *)key));
    _mm_storeu_si128(
        (__m128i *)(void *)(out + 18),
        _mm_loadu_si128((const __m128i *)(const void *)(key + 16)));
    out += 2 + klen;
    *out++ = '\0';
    for (size_t i = 0; i < vlen; i += 16)
        _mm_storeu_si128(
            (__m128i *)(void *)(out + i),
            _mm_loadu_si128((const __m128i *)(const void *)(value + i)));
    out[vlen] = '\0';
    bytes->count += 4 + klen + vlen;
    build->count++;
    build->last_line = line;
    build->last_group = group + 1;
    return 1;
#else
    (void)build, (void)line, (void)group, (void)key, (void)klen;
    (void)value, (void)vlen, (void)end;
    return 0;
#endif
}

/* The len bytes at s (in a buffer readable to end) at out. With SSE2,
 * a string of 16 to RB_RECORD_STEP_BYTES bytes sixteen a step, the last
 * step its last sixteen (over the step before): nothing read or written
 * outside the string and its copy, so that a line at the body's end is
 * copied so too; a shorter one in one step when the buffer has sixteen
 * bytes from s, writing up to 15 past the copy (which what follows
 * overwrites or the list does not count); else memcpy(). */
#define RB_RECORD_STEP_BYTES ((size_t)128)
static inline void rb_records_put(unsigned char *out, const char *s, size_t len,
                                  const char *end) {
#ifdef RB_SSE2
    if (len >= 16 && len <= RB_RECORD_STEP_BYTES) {
        for (size_t i = 0; i + 16 < len; i += 16)
            _mm_storeu_si128(
                (__m128i *)(void *)(out + i),
                _mm_loadu_si128((const __m128i *)(const void *)(s + i)));
        _mm_storeu_si128(
            (__m128i *)(void *)(out + len - 16),
            _mm_loadu_si128((const __m128i *)(const void *)(s + len - 16)));
        return;
    }
    if (len < 16 && (size_t)(end - s) >= 16) {
        _mm_storeu_si128((__m128i *)(void *)out,
                         _mm_loadu_si128((const __m128i *)(const void *)s));
        return;
    }
#else
    (void)end;
#endif
    if (len != 0)
        memcpy(out, s, len);
}

/* rb_records_add() of a record that needs no mark and no more room than
 * the list has (RB_RECORD_ROOM()), each delta a byte, its key and value
 * copied by rb_records_put(): what rb_records_add_usual() leaves but a
 * mark's record, a growth and a long delta (the list's first record, a
 * key over 32 bytes, a value over 128, a line near the body's end), out
 * of the usual record's line (parse_records.c, add_record_slow()). Such
 * a record was rb_records_add()'s, about 180 instructions (over 3,000 of
 * them in the real-world corpus, most of them the keys of pages of
 * markup and the sitemaps on a file's last line). 1 when added; 0 when
 * it is rb_records_add()'s. */
static inline int rb_records_add_in_room(rb_records_build *build, uint32_t line,
                                         uint32_t group, const char *key,
                                         size_t klen, const char *value,
                                         size_t vlen, const char *end) {
    rb_vec *bytes = &build->bytes;
    uint32_t dline = line - build->last_line;
    uint32_t dgroup = rb_records_zigzag(build->last_group, group + 1);
    if ((build->count % RB_RECORD_STRIDE == 0 && build->count != 0) ||
        (dline | dgroup) >= 0x80 ||
        bytes->cap - bytes->count < RB_RECORD_ROOM(klen, vlen))
        return 0;
    unsigned char *out = bytes->data + bytes->count;
    out[0] = (unsigned char)dline;
    out[1] = (unsigned char)dgroup;
    rb_records_put(out + 2, key, klen, end);
    out[2 + klen] = '\0';
    rb_records_put(out + 3 + klen, value, vlen, end);
    out[3 + klen + vlen] = '\0';
    bytes->count += 4 + klen + vlen;
    build->count++;
    build->last_line = line;
    build->last_group = group + 1;
    return 1;
}

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
