/* SPDX-License-Identifier: MIT */
/*
 * records.c - the sitemap and extension records of a document, packed.
 *
 * A record is a line the profile does not act on: its key, its value, its
 * line and the group it appeared in. A file may hold nothing else, in
 * lines as short as "x:" (three bytes with the line end), so a record
 * costs about what its line does: its line and group as varint deltas
 * from the record before it, then its key and its value, each ended by a
 * NUL (no string holds one). Every RB_RECORD_STRIDE-th record has a mark,
 * its offset and its line and group as they are, so that reading a record
 * reads at most RB_RECORD_STRIDE - 1 others. The first record's mark is
 * not kept: it would say offset 0, and its deltas, from line 0 and no
 * group, are its line and group already; a list of fewer than
 * RB_RECORD_STRIDE records (most files' sitemaps) then needs no array
 * of marks, nor its allocation.
 */
#include "records.h"
#include "memory.h"

#include <string.h>

/* The bytes from which a list grows fourfold, not twofold. */
#define RB_RECORDS_LARGE_BYTES ((size_t)8192)

void rb_records_release(rb_mem *mem, rb_records_build *build) {
    rb_vec_release(mem, &build->bytes);
    rb_vec_release(mem, &build->marks);
}

/* LEB128: seven bits a byte, low bits first, the high bit on every byte
 * but the last. A 32-bit value takes at most five bytes. */
static size_t put_varint(unsigned char *out, uint32_t v) {
    size_t n = 0;
    while (v >= 0x80) {
        out[n++] = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    out[n++] = (unsigned char)v;
    return n;
}

static const unsigned char *get_varint(const unsigned char *in, uint32_t *v) {
    uint32_t value = 0;
    unsigned shift = 0;
    for (;;) {
        unsigned char b = *in++;
        value |= (uint32_t)(b & 0x7F) << shift;
        if (!(b & 0x80))
            break;
        shift += 7;
    }
    *v = value;
    return in;
}

static uint32_t unzigzag(uint32_t from, uint32_t z) {
    return from + ((z >> 1) ^ (uint32_t) - (int32_t)(z & 1));
}

int rb_records_add(rb_mem *mem, rb_records_build *build, uint32_t line,
                   uint32_t group, const char *key, size_t klen,
                   const char *value, size_t vlen, const char *end) {
    uint32_t group1 = group + 1; /* UINT32_MAX (none) is 0 */
    if (build->count % RB_RECORD_STRIDE == 0 && build->count != 0) {
        rb_record_mark mark = {(uint32_t)build->bytes.count, line, group1};
        if (!rb_vec_push(mem, &build->marks, &mark, 1))
            return 0;
    }
    size_t need = RB_RECORD_ROOM(klen, vlen);
    if (build->bytes.data == NULL && need < RB_RECORDS_FIRST_BYTES)
        need = RB_RECORDS_FIRST_BYTES; /* (rb_records_first_room()) */
    /* A list already large (a page of HTML's every line, a sitemap index
     * of a thousand URLs) grows fourfold: its copies, at a byte an
     * instruction, were most of the records' cost. While it is copied
     * the old list and the new are both held: at most 5 times the list's
     * final size, where rb_vec's doubling holds 3 (alloc.c), both within
     * robots_parse_memory_bound()'s 32 times the body. */
    size_t cap = build->bytes.cap, count = build->bytes.count;
    if (need > cap - count && cap >= RB_RECORDS_LARGE_BYTES &&
        need < 4 * cap - count) {
        /* (but not past RB_RESIZE_MAX when the record fits under it:
         * alloc.c, resizable_room()) */
        size_t grown = 4 * cap;
        if (grown >= RB_RESIZE_MAX && cap < RB_RESIZE_MAX - 1 &&
            need <= RB_RESIZE_MAX - 1 - count && rb_mem_resizable(mem))
            grown = RB_RESIZE_MAX - 1;
        need = grown - count;
    }
    unsigned char *out = rb_vec_reserve(mem, &build->bytes, need);
    if (out == NULL)
        return 0;
    size_t n = put_varint(out, line - build->last_line);
    n += put_varint(out + n, rb_records_zigzag(build->last_group, group1));
    rb_records_put(out + n, key, klen, end);
    n += klen;
    out[n++] = '\0';
    rb_records_put(out + n, value, vlen, end);
    n += vlen;
    out[n++] = '\0';
    build->bytes.count += n;
    build->count++;
    build->last_line = line;
    build->last_group = group1;
    return 1;
}

/* Reads the record at `at`, whose line and group are those of the record
 * before it plus its deltas; returns where the next record starts. */
static const unsigned char *read_record(const unsigned char *at, uint32_t *line,
                                        uint32_t *group1,
                                        robots_record_info *out) {
    uint32_t dline, dgroup;
    at = get_varint(at, &dline);
    at = get_varint(at, &dgroup);
    *line += dline;
    *group1 = unzigzag(*group1, dgroup);
    size_t klen = strlen((const char *)at);
    out->key = (const char *)at;
    out->key_len = klen;
    at += klen + 1;
    size_t vlen = strlen((const char *)at);
    out->value = (const char *)at;
    out->value_len = vlen;
    out->line = *line;
    out->group = *group1 == 0 ? ROBOTS_NO_POSITION : (size_t)(*group1 - 1);
    return at + vlen + 1;
}

/* The first record of mark m: its deltas are read past, its line and
 * group are the mark's; for m 0, whose mark is not kept, its deltas from
 * line 0 and no group (*line and *group1 0) are its line and group. */
static const unsigned char *read_marked(const rb_records *list, size_t m,
                                        uint32_t *line, uint32_t *group1,
                                        robots_record_info *out) {
    if (m == 0)
        return read_record(list->bytes, line, group1, out);
    const rb_record_mark *mark = &list->marks[m - 1];
    const unsigned char *next =
        read_record(list->bytes + mark->offset, line, group1, out);
    *line = mark->line;
    *group1 = mark->group1;
    out->line = *line;
    out->group = *group1 == 0 ? ROBOTS_NO_POSITION : (size_t)(*group1 - 1);
    return next;
}

void rb_records_get(const rb_records *list, size_t index,
                    robots_record_info *out) {
    uint32_t line = 0, group1 = 0;
    const unsigned char *at =
        read_marked(list, index / RB_RECORD_STRIDE, &line, &group1, out);
    for (size_t i = index % RB_RECORD_STRIDE; i > 0; i--)
        at = read_record(at, &line, &group1, out);
}

void rb_records_from_line(const rb_records *list, uint32_t line,
                          rb_records_iter *it) {
    /* The last mark at or before the line (or the first). */
    size_t lo = 0, hi = (list->count + RB_RECORD_STRIDE - 1) / RB_RECORD_STRIDE;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (list->marks[mid - 1].line <= line)
            lo = mid;
        else
            hi = mid;
    }
    it->list = list;
    it->index = lo * RB_RECORD_STRIDE;
    it->at = list->count == 0 ? NULL
             : lo == 0        ? list->bytes
                              : list->bytes + list->marks[lo - 1].offset;
    it->line = 0;
    it->group1 = 0;
}

int rb_records_next(rb_records_iter *it, robots_record_info *out) {
    const rb_records *list = it->list;
    if (it->index >= list->count)
        return 0;
    it->at = read_record(it->at, &it->line, &it->group1, out);
    if (it->index % RB_RECORD_STRIDE == 0 && it->index != 0) {
        /* a mark's: its own values (the first record's are its deltas) */
        const rb_record_mark *mark =
            &list->marks[it->index / RB_RECORD_STRIDE - 1];
        it->line = mark->line;
        it->group1 = mark->group1;
        out->line = it->line;
        out->group =
            it->group1 == 0 ? ROBOTS_NO_POSITION : (size_t)(it->group1 - 1);
    }
    it->index++;
    return 1;
}
