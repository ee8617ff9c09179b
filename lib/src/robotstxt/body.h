/* SPDX-License-Identifier: MIT */
/*
 * body.h - what the parse reads of a body before its lines
 * (parse_lines_loop.h): the byte order mark it skips and the first byte that is
 * not UTF-8 (parse_diag.c). May call nothing.
 */
#ifndef ROBOTS_RT_BODY_H
#define ROBOTS_RT_BODY_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>

/* The bytes of a UTF-8 byte order mark at the start of a body, which the
 * parse skips (google also skips a part of one: "EF", "EF BB"); 0 when
 * there is none. Line 1 starts after them. */
static inline size_t rb_bom_length(robots_profile profile,
                                   const unsigned char *s, size_t len) {
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    size_t n = 0;
    while (n < 3 && n < len && s[n] == bom[n])
        n++;
    if (n == 3)
        return 3;
    return profile == ROBOTS_PROFILE_GOOGLE ? n : 0;
}

/* (parse_diag.c) The offset of the first byte of s that is not UTF-8, or
 * len. */
RB_HIDDEN size_t rb_invalid_utf8_at(const unsigned char *s, size_t len);

#endif
