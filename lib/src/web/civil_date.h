/* SPDX-License-Identifier: MIT */
/*
 * civil_date.h - dates of the proleptic Gregorian calendar as seconds
 * since 1970: what the HTTP dates of cache.c (RFC 9110 section 5.6.7) and
 * the unavailable_after dates of meta_directives.c have in common.
 */
#ifndef ROBOTS_CIVIL_DATE_H
#define ROBOTS_CIVIL_DATE_H

#include <stdint.h>

/* Is y-m-d a date of the proleptic Gregorian calendar (years 0-9999)? */
static inline int rb_civil_valid(int y, int m, int d) {
    static const int mdays[12] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y < 0 || y > 9999 || m < 1 || m > 12 || d < 1)
        return 0;
    return d <= mdays[m - 1] + (m == 2 && leap);
}

/* Days from 1970-01-01 to y-m-d (H. Hinnant's days_from_civil). */
static inline int64_t rb_civil_days(int64_t y, int m, int d) {
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

#endif /* ROBOTS_CIVIL_DATE_H */
