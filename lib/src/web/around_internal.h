/* SPDX-License-Identifier: MIT */
/*
 * around_internal.h - small ASCII helpers shared by the modules "around the
 * file" (location.c, punycode.c, policy.c, cache.c, meta.c). Everything is
 * static inline so that no internal symbol is exported from the library,
 * but rb_host_to_ascii(), declared hidden.
 */
#ifndef ROBOTS_AROUND_INTERNAL_H
#define ROBOTS_AROUND_INTERNAL_H

#include "ascii.h"
#include "robots_common.h"

#include <stddef.h>
#include <stdint.h>

/* robots_host_to_ascii() (punycode.c), which also says whether a label
 * was converted to punycode: robots_url_parts.host_converted. Hidden, as
 * the build's default visibility makes every internal function. */
#if defined(__GNUC__)
#define AROUND_HIDDEN __attribute__((visibility("hidden")))
#else
#define AROUND_HIDDEN
#endif
AROUND_HIDDEN robots_status rb_host_to_ascii(const char *host, size_t len,
                                             char *buf, size_t cap,
                                             size_t *needed, int *converted);

/* Trims space and tab from both ends of s[*b..*e). */
static inline void around_trim_ows(const char *s, size_t *b, size_t *e) {
    while (*b < *e && rb_ascii_is_blank((unsigned char)s[*b]))
        (*b)++;
    while (*e > *b && rb_ascii_is_blank((unsigned char)s[*e - 1]))
        (*e)--;
}

/* Writes `len` bytes to a caller buffer the way every text-producing
 * function of the library does: NUL-terminated when it fits, *needed is the
 * length without the NUL. */
static inline int around_emit(const char *src, size_t len, char *buf,
                              size_t cap, size_t *needed) {
    size_t i;
    if (needed != NULL)
        *needed = len;
    if (buf == NULL || cap <= len)
        return 0;
    for (i = 0; i < len; i++)
        buf[i] = src[i];
    buf[len] = '\0';
    return 1;
}

/* Is y-m-d a date of the proleptic Gregorian calendar (years 0-9999)? */
static inline int around_valid_ymd(int y, int m, int d) {
    static const int mdays[12] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y < 0 || y > 9999 || m < 1 || m > 12 || d < 1)
        return 0;
    return d <= mdays[m - 1] + (m == 2 && leap);
}

/* Days from 1970-01-01 to y-m-d (H. Hinnant's days_from_civil). */
static inline int64_t around_days_from_civil(int64_t y, int m, int d) {
    int64_t era;
    int64_t yoe;
    int64_t doy;
    int64_t doe;
    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

#endif /* ROBOTS_AROUND_INTERNAL_H */
