/* SPDX-License-Identifier: MIT */
/*
 * text_out.h - the caller's buffer, written the way every text-producing
 * function of the library writes it (robots_common.h's (buf, cap,
 * *needed) contract): NUL-terminated when it fits, *needed the length
 * without the NUL. Used by location.c and punycode.c.
 */
#ifndef ROBOTS_TEXT_OUT_H
#define ROBOTS_TEXT_OUT_H

#include <stddef.h>

/* Writes src[0..len) to buf; 0 when it does not fit (buf untouched). */
static inline int rb_text_out(const char *src, size_t len, char *buf,
                              size_t cap, size_t *needed) {
    if (needed != NULL)
        *needed = len;
    if (buf == NULL || cap <= len)
        return 0;
    for (size_t i = 0; i < len; i++)
        buf[i] = src[i];
    buf[len] = '\0';
    return 1;
}

#endif /* ROBOTS_TEXT_OUT_H */
