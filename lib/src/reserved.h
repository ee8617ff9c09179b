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

/* 1 when every reserved word of a structure passed in is zero. */
#define RB_RESERVED_ZERO(s)                                                    \
    ((s)->reserved[0] == 0 && (s)->reserved[1] == 0 &&                         \
     (s)->reserved[2] == 0 && (s)->reserved[3] == 0)

#endif
