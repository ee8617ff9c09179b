/* SPDX-License-Identifier: MIT */
/*
 * reserved.h - the reserved words every public structure ends with
 * (robots_common.h, Structures): members a 1.x release adds take their
 * place, so a structure passed in must have them zero, as a program that
 * zeroed it does, and whatever the library fills it zeroes whole first.
 */
#ifndef ROBOTS_RESERVED_H
#define ROBOTS_RESERVED_H

#include <stddef.h>

/* 1 when every reserved word of a structure passed in is zero (as many as
 * its members added since 1.0 have left). */
#define RB_RESERVED_ZERO(s)                                                    \
    rb_reserved_zero((s)->reserved,                                            \
                     sizeof((s)->reserved) / sizeof((s)->reserved[0]))

static inline int rb_reserved_zero(const size_t *words, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (words[i] != 0)
            return 0;
    return 1;
}

#endif
