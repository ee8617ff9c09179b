/* SPDX-License-Identifier: MIT */
/*
 * line_count.c - the one count of the lines of a body past its parse limit
 * (robots_line_count, robots.h): fed in pieces by a caller that streams
 * the rest of a file, and whole by the parse (parse_lines.c,
 * rb_parse_record_cut()), so both read line ends as rb_parse_lines() does.
 */
#include "reserved.h"
#include "robots.h"

#include <stdint.h>
#include <string.h>

/* What the last byte fed was: a CR (a LF at the start of the next piece
 * ends no line of its own), a LF, or any other byte (a line not ended). */
enum { LAST_NONE = 0, LAST_CR = 1, LAST_LF = 2, LAST_OTHER = 3 };

/* The bytes of x equal to the byte `b`: exact, no false positives (the
 * high bit of each byte of y is set when that byte of x ^ b is not 0). */
static inline size_t bytes_equal(uint64_t x, unsigned char b) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu, ones = 0x0101010101010101u;
    uint64_t t = x ^ (b * ones);
    uint64_t y = ((t & low7) + low7) | t;
    return (size_t)((((~y & ~low7) >> 7) * ones) >> 56);
}

/* The line ends of u[from, len): every LF, and every CR not followed by a
 * LF in the piece (a CR at its end counts here, and the caller skips a LF
 * that starts the next piece). 8 bytes a step without a branch on their
 * values except to look closer at a step holding a CR. */
static size_t line_ends(const unsigned char *u, size_t from, size_t len) {
    size_t ends = 0, i = from;
    for (; len - i >= 8; i += 8) {
        uint64_t x;
        memcpy(&x, u + i, 8);
        ends += bytes_equal(x, '\n');
        if (bytes_equal(x, '\r') != 0)
            for (size_t k = i; k < i + 8; k++)
                ends += u[k] == '\r' && (k + 1 == len || u[k + 1] != '\n');
    }
    for (; i < len; i++)
        ends += u[i] == '\n' ||
                (u[i] == '\r' && (i + 1 == len || u[i + 1] != '\n'));
    return ends;
}

void robots_line_count_init(robots_line_count *count) {
    if (count != NULL)
        memset(count, 0, sizeof *count);
}

robots_status robots_line_count_feed(robots_line_count *count,
                                     const char *bytes, size_t len) {
    if (count == NULL || (bytes == NULL && len != 0) ||
        !RB_RESERVED_ZERO(count) || count->last > LAST_OTHER)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (len == 0 || count->bytes == ROBOTS_NOT_COUNTED)
        return ROBOTS_OK;
    if (len >= ROBOTS_NOT_COUNTED - count->bytes) {
        /* Past what a size_t counts: both counts are unknown from here. */
        count->bytes = ROBOTS_NOT_COUNTED;
        count->line_ends = ROBOTS_NOT_COUNTED;
        return ROBOTS_OK;
    }
    const unsigned char *u = (const unsigned char *)bytes;
    /* A CRLF split across two pieces: the CR ended the line. */
    size_t from = count->last == LAST_CR && u[0] == '\n' ? 1 : 0;
    count->line_ends += line_ends(u, from, len);
    count->bytes += len;
    count->last = u[len - 1] == '\r'   ? LAST_CR
                  : u[len - 1] == '\n' ? LAST_LF
                                       : LAST_OTHER;
    return ROBOTS_OK;
}

robots_status robots_line_count_result(const robots_line_count *count,
                                       size_t *lines, size_t *bytes) {
    if (count == NULL || lines == NULL || bytes == NULL ||
        !RB_RESERVED_ZERO(count) || count->last > LAST_OTHER)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *bytes = count->bytes;
    if (count->bytes == ROBOTS_NOT_COUNTED)
        *lines = ROBOTS_NOT_COUNTED;
    else
        *lines = count->line_ends + (count->last == LAST_OTHER);
    return ROBOTS_OK;
}
