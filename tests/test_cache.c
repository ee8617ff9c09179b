/* SPDX-License-Identifier: MIT */
/*
 * test_cache.c - cache lifetime of a robots.txt response and HTTP dates
 * (robots_cache_lifetime, robots_cache_lifetime_from_block,
 * robots_http_date_parse).
 */
#include "robots_web.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static robots_cache_info lifetime(robots_profile p, const char *cc,
                                  const char *expires, const char *date,
                                  const char *age) {
    robots_cache_headers h;
    robots_cache_info out;
    memset(&h, 0, sizeof h);
    memset(&out, 0xAB, sizeof out);
    h.cache_control = cc;
    h.cache_control_len = cc != NULL ? strlen(cc) : 0;
    h.expires = expires;
    h.expires_len = expires != NULL ? strlen(expires) : 0;
    h.date = date;
    h.date_len = date != NULL ? strlen(date) : 0;
    h.age = age;
    h.age_len = age != NULL ? strlen(age) : 0;
    EXPECT_EQ(robots_cache_lifetime(p, &h, &out), ROBOTS_OK);
    return out;
}

static robots_cache_info from(robots_profile p, const char *cc,
                              const char *expires, const char *date) {
    return lifetime(p, cc, expires, date, NULL);
}

static robots_cache_info block(robots_profile p, const char *text) {
    robots_cache_info out;
    memset(&out, 0xAB, sizeof out);
    EXPECT_EQ(robots_cache_lifetime_from_block(p, text, strlen(text), &out),
              ROBOTS_OK);
    return out;
}

#define EXPECT_LIFE(info, secs, src, bad)                                      \
    do {                                                                       \
        robots_cache_info i_ = (info);                                         \
        EXPECT_EQ(i_.seconds, (secs));                                         \
        EXPECT_MSG(i_.source == (src), "source %s",                            \
                   robots_cache_source_name(i_.source));                       \
        EXPECT_EQ(i_.malformed, (bad));                                        \
    } while (0)

static int64_t date(const char *text) {
    int64_t t = -1;
    EXPECT_MSG(robots_http_date_parse(text, strlen(text), &t) == ROBOTS_OK,
               "%s", text);
    return t;
}

static void bad_date(const char *text) {
    int64_t t = 1;
    EXPECT_MSG(robots_http_date_parse(text, strlen(text), &t) ==
                   ROBOTS_ERR_HEADER_INVALID,
               "%s", text);
    EXPECT_EQ(t, 0);
}

static void dates(void) {
    /* RFC 9110 section 5.6.7: the three formats of one instant,
     * 1994-11-06T08:49:37Z = 784111777 seconds after the epoch. */
    EXPECT_EQ(date("Sun, 06 Nov 1994 08:49:37 GMT"), 784111777);
    EXPECT_EQ(date("Sunday, 06-Nov-94 08:49:37 GMT"), 784111777);
    EXPECT_EQ(date("Sun Nov  6 08:49:37 1994"), 784111777);
    EXPECT_EQ(date("Sun Nov 06 08:49:37 1994"), 784111777);
    EXPECT_EQ(date("  Sun, 06 Nov 1994 08:49:37 GMT\t"), 784111777);
    /* Epoch, leap day, a leap second (second 60 is allowed). */
    EXPECT_EQ(date("Thu, 01 Jan 1970 00:00:00 GMT"), 0);
    EXPECT_EQ(date("Thu, 29 Feb 2024 12:00:00 GMT"), 1709208000);
    EXPECT_EQ(date("Sat, 31 Dec 2016 23:59:60 GMT"), 1483228800);
    EXPECT_EQ(date("Fri, 31 Dec 9999 23:59:59 GMT"), 253402300799LL);
    EXPECT_EQ(date("Wed, 01 Jan 1969 00:00:00 GMT"), -31536000);
    /* RFC 850's two-digit year: 70-99 are 19xx, 00-69 are 20xx. */
    EXPECT_EQ(date("Thursday, 01-Jan-70 00:00:00 GMT"), 0);
    EXPECT_EQ(date("Saturday, 01-Jan-00 00:00:00 GMT"), 946684800);
    EXPECT_EQ(date("Tuesday, 01-Jan-69 00:00:00 GMT"), 3124224000LL);

    /* Wrong formats (issue 4: "a date in the wrong format"). */
    bad_date("");
    bad_date("0");
    bad_date("-1");
    bad_date("tomorrow");
    bad_date("1994-11-06T08:49:37Z");
    bad_date("Sun, 06 Nov 1994 08:49:37 UTC");
    bad_date("Sun, 06 Nov 1994 08:49:37 gmt");
    bad_date("sun, 06 Nov 1994 08:49:37 GMT");
    bad_date("Sun, 06 nov 1994 08:49:37 GMT");
    bad_date("Sun, 6 Nov 1994 08:49:37 GMT");
    bad_date("Sun, 06 Nov 94 08:49:37 GMT");
    bad_date("Sun, 06 Nov 1994 08:49 GMT");
    bad_date("Sun, 06 Nov 1994 08:49:37 GMT x");
    bad_date("Sun, 06 Nov 1994 08:49:37");
    bad_date("Sun, 31 Feb 1994 08:49:37 GMT");
    bad_date("Sun, 29 Feb 2023 08:49:37 GMT");
    bad_date("Sun, 00 Nov 1994 08:49:37 GMT");
    bad_date("Sun, 06 Nov 1994 24:00:00 GMT");
    bad_date("Sun, 06 Nov 1994 23:60:00 GMT");
    bad_date("Sun, 06 Nov 1994 23:59:61 GMT");
    bad_date("Sun, 06 Nov 1994 08:49:3x GMT");
    bad_date("Sunday, 06-Nov-1994 08:49:37 GMT");
    bad_date("Sunday, 06 Nov 94 08:49:37 GMT");
    bad_date("Sun Nov  6 08:49:37 94");
    bad_date("Sun Nov 6 08:49:37 1994");
    bad_date("Sun Nov  6 08:49:37 1994 GMT");
    bad_date("Sun");
    bad_date("Sun,");
    bad_date("Sunday,");
    {
        int64_t t;
        EXPECT_EQ(robots_http_date_parse(NULL, 0, &t),
                  ROBOTS_ERR_HEADER_INVALID);
        EXPECT_EQ(robots_http_date_parse("x", 1, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        /* Only `len` bytes are read: the rest of the buffer is not. */
        EXPECT_EQ(
            robots_http_date_parse("Sun, 06 Nov 1994 08:49:37 GMTXYZ", 29, &t),
            ROBOTS_OK);
        EXPECT_EQ(t, 784111777);
    }
}

static void defaults(void) {
    /* docs/semantics.md: rfc9309 default 24 hours (RFC 9309 section 2.4);
     * google default 24 hours (seed 004 "Caching": "generally cached for
     * up to 24 hours"); legacy 7 days (seed 000 9.4.5: without
     * Cache-Control the draft allows caching for 7 days). */
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, NULL, NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, NULL, NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_LEGACY, NULL, NULL, NULL), 604800,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    EXPECT_LIFE(block(ROBOTS_PROFILE_LEGACY, ""), 604800,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    /* Cache-Control without a lifetime directive changes nothing. */
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, "public, must-revalidate", NULL, NULL),
        604800, ROBOTS_CACHE_FROM_DEFAULT, 0);
}

static void max_age(void) {
    robots_cache_info i;
    /* rfc9309: max-age shortens, never lengthens past 24 hours (RFC 9309
     * section 2.4: "SHOULD NOT use the cached version for more than 24
     * hours"). */
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=3600", NULL, NULL), 3600,
                ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=86400", NULL, NULL),
                86400, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    i = from(ROBOTS_PROFILE_RFC9309, "max-age=86401", NULL, NULL);
    EXPECT_LIFE(i, 86400, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_EQ(i.capped, 1);
    EXPECT_EQ(from(ROBOTS_PROFILE_RFC9309, "max-age=86400", NULL, NULL).capped,
              0);
    /* google: "Google may increase or decrease the cache lifetime based
     * on max-age Cache-Control HTTP headers" (seed 004). */
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=3600", NULL, NULL), 3600,
                ROBOTS_CACHE_FROM_MAX_AGE, 0);
    i = from(ROBOTS_PROFILE_GOOGLE, "max-age=172800", NULL, NULL);
    EXPECT_LIFE(i, 172800, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_EQ(i.capped, 0);
    /* legacy: seed 000 9.4.5, robots use the HTTP cache-control rules. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_LEGACY, "max-age=60", NULL, NULL), 60,
                ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=0", NULL, NULL), 0,
                ROBOTS_CACHE_FROM_MAX_AGE, 0);
    /* RFC 9111 section 1.2.2: a delta-seconds past 2^31 is read as 2^31
     * (issue 4: "a max-age of 10^30"). */
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE,
                     "max-age=1000000000000000000000000000000", NULL, NULL),
                ROBOTS_CACHE_MAX_DELTA_SECONDS, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=2147483648", NULL, NULL),
                2147483648LL, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=2147483649", NULL, NULL),
                2147483648LL, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309,
                     "max-age=1000000000000000000000000000000", NULL, NULL),
                86400, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    /* RFC 9111 section 5.2: directive names are case-insensitive; the
     * quoted form is tolerated; whitespace around the list is OWS. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "Public , MAX-AGE=120", NULL, NULL),
                120, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=\"120\"", NULL, NULL), 120,
                ROBOTS_CACHE_FROM_MAX_AGE, 0);
    /* RFC 9111 section 4.2.1: several values, the first is used
     * (reported). */
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_GOOGLE, "max-age=10, max-age=20", NULL, NULL), 10,
        ROBOTS_CACHE_FROM_MAX_AGE, ROBOTS_CACHE_DUPLICATE);
}

static void no_store_no_cache(void) {
    int p;
    for (p = 0; p < 3; p++) {
        robots_profile pr = (robots_profile)p;
        /* RFC 9111 section 5.2.2.5 no-store, 5.2.2.4 no-cache: no reuse
         * without revalidation; they win over max-age. */
        EXPECT_LIFE(from(pr, "no-store", NULL, NULL), 0,
                    ROBOTS_CACHE_FROM_NO_STORE, 0);
        EXPECT_LIFE(from(pr, "max-age=600, no-store", NULL, NULL), 0,
                    ROBOTS_CACHE_FROM_NO_STORE, 0);
        EXPECT_LIFE(from(pr, "no-cache", NULL, NULL), 0,
                    ROBOTS_CACHE_FROM_NO_CACHE, 0);
        EXPECT_LIFE(from(pr, "no-cache, no-store", NULL, NULL), 0,
                    ROBOTS_CACHE_FROM_NO_STORE, 0);
        EXPECT_LIFE(from(pr, "NO-CACHE,max-age=5", NULL, NULL), 0,
                    ROBOTS_CACHE_FROM_NO_CACHE, 0);
        /* The qualified form concerns the named fields only. */
        EXPECT_LIFE(from(pr, "no-cache=\"Set-Cookie\", max-age=5", NULL, NULL),
                    5, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    }
}

static void expires(void) {
    robots_cache_info i;
    const char *d = "Sun, 06 Nov 1994 08:49:37 GMT";
    /* RFC 9111 section 4.2.1: freshness lifetime = Expires - Date, in any
     * of the three formats. */
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, "Sun, 06 Nov 1994 09:49:37 GMT", d),
        3600, ROBOTS_CACHE_FROM_EXPIRES, 0);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, "Sunday, 06-Nov-94 10:49:37 GMT", d),
        7200, ROBOTS_CACHE_FROM_EXPIRES, 0);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, "Sun Nov  6 11:49:37 1994", d), 10800,
        ROBOTS_CACHE_FROM_EXPIRES, 0);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, d, "Sun Nov  6 08:49:37 1994"), 0,
        ROBOTS_CACHE_FROM_EXPIRES, 0);
    /* Expires before Date: already stale. */
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, "Sat, 05 Nov 1994 08:49:37 GMT", d),
        0, ROBOTS_CACHE_FROM_EXPIRES, 0);
    /* The profile bounds apply: rfc9309 never more than 24 hours; legacy
     * and google take the header's 10 days. */
    i = from(ROBOTS_PROFILE_RFC9309, NULL, "Wed, 16 Nov 1994 08:49:37 GMT", d);
    EXPECT_LIFE(i, 86400, ROBOTS_CACHE_FROM_EXPIRES, 0);
    EXPECT_EQ(i.capped, 1);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_LEGACY, NULL, "Wed, 16 Nov 1994 08:49:37 GMT", d),
        864000, ROBOTS_CACHE_FROM_EXPIRES, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_LEGACY, NULL,
                     "Fri, 31 Dec 9999 23:59:59 GMT",
                     "Thu, 01 Jan 1970 00:00:00 GMT"),
                ROBOTS_CACHE_MAX_DELTA_SECONDS, ROBOTS_CACHE_FROM_EXPIRES, 0);
    /* The google profile: Google's text lengthens or shortens its 24 hours
     * by max-age only (docs/semantics.md, issue 27): Expires is not used. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, NULL,
                     "Thu, 16 Nov 2029 22:13:20 GMT",
                     "Tue, 14 Nov 2023 22:13:20 GMT"),
                86400, ROBOTS_CACHE_FROM_DEFAULT, 0);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_GOOGLE, NULL, "Sun, 06 Nov 1994 09:49:37 GMT", d),
        86400, ROBOTS_CACHE_FROM_DEFAULT, 0);
    /* RFC 9111 section 5.3: max-age wins over Expires. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_GOOGLE, "max-age=60",
                     "Sun, 06 Nov 1994 09:49:37 GMT", d),
                60, ROBOTS_CACHE_FROM_MAX_AGE, 0);
}

static void malformed(void) {
    const char *d = "Sun, 06 Nov 1994 08:49:37 GMT";
    /* docs/semantics.md and issue 4: malformed headers are reported and
     * ignored; the next source decides. RFC 9111 section 1.2.2:
     * delta-seconds is 1*DIGIT, so "abc", "-1" and "1.5" are bad values
     * (though valid tokens); an open quote is bad syntax too. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=abc", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_MAX_AGE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_MAX_AGE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_MAX_AGE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=-1", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_MAX_AGE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=1.5", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_MAX_AGE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "max-age=\"12", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT,
                ROBOTS_CACHE_BAD_MAX_AGE | ROBOTS_CACHE_BAD_CACHE_CONTROL);
    /* RFC 9110 section 5.6.4: a quoted-pair keeps the byte after '\\'
     * literal, so an escaped quote does not end the string; a string that
     * never ends is bad syntax. Section 5.6.1: a recipient accepts empty
     * list elements and ignores them. */
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, "ext=\"a\\\"b, c\", max-age=30",
                     NULL, NULL),
                30, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_RFC9309, "max-age=30, ext=\"a\\", NULL, NULL), 30,
        ROBOTS_CACHE_FROM_MAX_AGE, ROBOTS_CACHE_BAD_CACHE_CONTROL);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, " , ,max-age=30,, ", NULL, NULL),
                30, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, ",", NULL, NULL), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    /* A bad element does not spoil the others. */
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_RFC9309, "=x, max-age=30, no store", NULL, NULL),
        30, ROBOTS_CACHE_FROM_MAX_AGE, ROBOTS_CACHE_BAD_CACHE_CONTROL);
    EXPECT_LIFE(
        from(ROBOTS_PROFILE_RFC9309, "max-age=bad, max-age=30", NULL, NULL), 30,
        ROBOTS_CACHE_FROM_MAX_AGE, ROBOTS_CACHE_BAD_MAX_AGE);
    /* A bad Expires or Date: reported, the default used. (RFC 9111
     * section 5.3 would call an invalid Expires "already expired";
     * issue 4 asks for "reported and ignored".) */
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, NULL, "0", d), 86400,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_EXPIRES);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, NULL,
                     "Sun, 06 Nov 1994 09:49:37 GMT", "yesterday"),
                86400, ROBOTS_CACHE_FROM_DEFAULT,
                ROBOTS_CACHE_BAD_DATE | ROBOTS_CACHE_EXPIRES_NO_DATE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_RFC9309, NULL,
                     "Sun, 06 Nov 1994 09:49:37 GMT", NULL),
                86400, ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_EXPIRES_NO_DATE);
    EXPECT_LIFE(from(ROBOTS_PROFILE_LEGACY, NULL, NULL, "nope"), 604800,
                ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_DATE);
    /* Invalid arguments. */
    {
        robots_cache_headers h;
        robots_cache_info out;
        memset(&h, 0, sizeof h);
        EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, NULL, &out),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, &h, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_cache_lifetime((robots_profile)9, &h, &out),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_cache_lifetime_from_block(ROBOTS_PROFILE_RFC9309, NULL,
                                                   5, &out),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_cache_lifetime_from_block(ROBOTS_PROFILE_RFC9309, NULL,
                                                   0, &out),
                  ROBOTS_OK);
    }
}

static void blocks(void) {
    robots_cache_info i;
    /* A response's header section (RFC 9112 section 2.1): status line,
     * field lines, empty line; field names case-insensitive. */
    i = block(ROBOTS_PROFILE_RFC9309,
              "HTTP/1.1 200 OK\r\n"
              "Content-Type: text/plain\r\n"
              "date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
              "EXPIRES: Sun, 06 Nov 1994 09:49:37 GMT\r\n"
              "\r\n"
              "Cache-Control: no-store\r\n");
    EXPECT_LIFE(i, 3600, ROBOTS_CACHE_FROM_EXPIRES, 0);
    /* Only "HTTP/" opens a status line (RFC 9112 section 2.3:
     * HTTP-version = "HTTP/" DIGIT "." DIGIT); a first line that is a
     * field whose name starts like it is read as a field. */
    {
        static const char *const first_lines[] = {
            "Host: example.com\n", "HT: 1\n", "HTTX: 1\n",
            "HTTP2-Settings: AAMAAABkAAQAAP__\n", "HTTP-X: 1\n"};
        char text[128];
        size_t k;
        for (k = 0; k < sizeof first_lines / sizeof first_lines[0]; k++) {
            snprintf(text, sizeof text, "%sCache-Control: max-age=42\n",
                     first_lines[k]);
            EXPECT_LIFE(block(ROBOTS_PROFILE_GOOGLE, text), 42,
                        ROBOTS_CACHE_FROM_MAX_AGE, 0);
        }
        /* A status line, then its fields. */
        EXPECT_LIFE(block(ROBOTS_PROFILE_GOOGLE,
                          "HTTP/1.0 200 OK\nCache-Control: max-age=42\n"),
                    42, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    }
    /* RFC 9110 section 5.3: several Cache-Control lines are one list. */
    i = block(ROBOTS_PROFILE_GOOGLE, "Cache-Control: public\n"
                                     "Cache-Control: max-age=99\n");
    EXPECT_LIFE(i, 99, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    i = block(ROBOTS_PROFILE_GOOGLE, "Cache-Control: max-age=99\n"
                                     "Cache-Control: no-cache\n");
    EXPECT_LIFE(i, 0, ROBOTS_CACHE_FROM_NO_CACHE, 0);
    /* A second Date or Expires: the first counts, reported. */
    i = block(ROBOTS_PROFILE_RFC9309,
              "Date: Sun, 06 Nov 1994 08:49:37 GMT\n"
              "Date: Sun, 06 Nov 1994 07:49:37 GMT\n"
              "Expires: Sun, 06 Nov 1994 09:49:37 GMT\n");
    EXPECT_LIFE(i, 3600, ROBOTS_CACHE_FROM_EXPIRES, ROBOTS_CACHE_DUPLICATE);
    /* RFC 9112 section 5.1/5.2: no space before the colon; obs-fold is
     * not read. Both are reported and skipped. */
    i = block(ROBOTS_PROFILE_RFC9309, "Cache-Control : max-age=5\n"
                                      "X-A: b\n"
                                      " max-age=7\n"
                                      "no colon here\n");
    EXPECT_LIFE(i, 86400, ROBOTS_CACHE_FROM_DEFAULT, ROBOTS_CACHE_BAD_LINE);
    /* Without a final newline, and with a bare LF. */
    i = block(ROBOTS_PROFILE_RFC9309, "Cache-Control: max-age=42");
    EXPECT_LIFE(i, 42, ROBOTS_CACHE_FROM_MAX_AGE, 0);
    /* A header block of 1 MB of junk lines: linear, reported. */
    {
        size_t n = 1 << 20;
        char *big = malloc(n);
        robots_cache_info out;
        size_t k;
        if (big != NULL) {
            for (k = 0; k < n; k++)
                big[k] = (k % 64 == 63) ? '\n' : 'x';
            EXPECT_EQ(robots_cache_lifetime_from_block(ROBOTS_PROFILE_RFC9309,
                                                       big, n, &out),
                      ROBOTS_OK);
            EXPECT_EQ(out.malformed, ROBOTS_CACHE_BAD_LINE);
            memcpy(big, "Cache-Control: max-age=", 23);
            for (k = 23; k < n; k++)
                big[k] = '9';
            EXPECT_EQ(robots_cache_lifetime_from_block(ROBOTS_PROFILE_GOOGLE,
                                                       big, n, &out),
                      ROBOTS_OK);
            EXPECT_EQ(out.seconds, ROBOTS_CACHE_MAX_DELTA_SECONDS);
            free(big);
        }
    }
}

/* RFC 9110 section 5.6.7's grammar has no optional part: each byte of a
 * date is a literal, a DIGIT or a letter of a day or month name. So every
 * byte of a valid date changed to one that fits nowhere there ('x', or a
 * digit where a literal or a name stands), and every proper prefix, is a
 * date in the wrong format. */
static void date_grammar(void) {
    static const char *const valid[] = {
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994", "Sun Nov 16 08:49:37 1994"};
    static const char *const days[7] = {"Mon", "Tue", "Wed", "Thu",
                                        "Fri", "Sat", "Sun"};
    static const char *const long_days[7] = {"Monday",   "Tuesday", "Wednesday",
                                             "Thursday", "Friday",  "Saturday",
                                             "Sunday"};
    static const char *const months[12] = {"Jan", "Feb", "Mar", "Apr",
                                           "May", "Jun", "Jul", "Aug",
                                           "Sep", "Oct", "Nov", "Dec"};
    char text[64];
    size_t v, i, n;
    int k;
    for (v = 0; v < sizeof valid / sizeof valid[0]; v++) {
        n = strlen(valid[v]);
        EXPECT_MSG(date(valid[v]) > 0, "%s", valid[v]);
        for (i = 0; i < n; i++) {
            memcpy(text, valid[v], n + 1);
            text[i] = 'x';
            bad_date(text);
            if (valid[v][i] < '0' || valid[v][i] > '9') {
                text[i] = '7';
                bad_date(text);
            }
            memcpy(text, valid[v], i);
            text[i] = '\0';
            bad_date(text);
        }
    }
    /* Every day and month name, in each format: the weekday is not checked
     * against the date (the grammar does not ask it), the month is. */
    for (k = 0; k < 12; k++) {
        int64_t first = date("Sun, 01 Jan 2001 00:00:00 GMT");
        int64_t got;
        snprintf(text, sizeof text, "%s, 01 %s 2001 00:00:00 GMT", days[k % 7],
                 months[k]);
        got = date(text);
        snprintf(text, sizeof text, "%s, 01-%s-01 00:00:00 GMT",
                 long_days[k % 7], months[k]);
        EXPECT_EQ(date(text), got);
        snprintf(text, sizeof text, "%s %s  1 00:00:00 2001", days[k % 7],
                 months[k]);
        EXPECT_EQ(date(text), got);
        /* Each month starts after the one before (31 days in January). */
        if (k == 1)
            EXPECT_EQ(got - first, 31 * 86400);
    }
}

static void names(void) {
    EXPECT(strcmp(robots_cache_source_name(ROBOTS_CACHE_FROM_EXPIRES),
                  "expires") == 0);
    EXPECT(robots_cache_source_name((robots_cache_source)77) == NULL);
    EXPECT(strcmp(robots_cache_flag_name(ROBOTS_CACHE_BAD_MAX_AGE),
                  "bad-max-age") == 0);
    EXPECT(strcmp(robots_cache_flag_name(ROBOTS_CACHE_BAD_LINE), "bad-line") ==
           0);
    /* "for one bit; NULL for anything else" (robots_web.h): each of the
     * eight bits of robots_cache_info.malformed has a name of its own. */
    {
        static const unsigned bits[] = {
            ROBOTS_CACHE_BAD_MAX_AGE, ROBOTS_CACHE_BAD_EXPIRES,
            ROBOTS_CACHE_BAD_DATE,    ROBOTS_CACHE_EXPIRES_NO_DATE,
            ROBOTS_CACHE_DUPLICATE,   ROBOTS_CACHE_BAD_CACHE_CONTROL,
            ROBOTS_CACHE_BAD_LINE,    ROBOTS_CACHE_BAD_AGE};
        size_t a, b;
        for (a = 0; a < sizeof bits / sizeof bits[0]; a++) {
            const char *name = robots_cache_flag_name(bits[a]);
            EXPECT_MSG(name != NULL && name[0] != '\0', "bit %#x", bits[a]);
            for (b = 0; name != NULL && b < a; b++) {
                const char *other = robots_cache_flag_name(bits[b]);
                EXPECT_MSG(other != NULL && strcmp(name, other) != 0,
                           "bits %#x and %#x share a name", bits[a], bits[b]);
            }
        }
        EXPECT(robots_cache_flag_name(0x100u) == NULL);
        EXPECT(robots_cache_flag_name(ROBOTS_CACHE_BAD_DATE |
                                      ROBOTS_CACHE_BAD_AGE) == NULL);
    }
    EXPECT(robots_cache_flag_name(0) == NULL);
    EXPECT(robots_cache_flag_name(3) == NULL);
}

static robots_cache_info with_age(robots_profile p, const char *cc,
                                  const char *age) {
    return lifetime(p, cc, NULL, NULL, age);
}

static void age(void) {
    int p;
    /* RFC 9111 section 4.2.3: a response already Age seconds old has that
     * much less of its lifetime left: max-age=3600 and Age: 3000 leave
     * 600, in every profile (the book's section 9.4.5 defers to standard
     * HTTP caching; RFC 9309 section 2.4 to RFC 9111; max-age is read as
     * HTTP reads it for google). */
    for (p = 0; p <= (int)ROBOTS_PROFILE_LEGACY; p++) {
        robots_profile pr = (robots_profile)p;
        EXPECT_LIFE(with_age(pr, "max-age=3600", "3000"), 600,
                    ROBOTS_CACHE_FROM_MAX_AGE, 0);
        /* Older than its lifetime: 0, never negative. */
        EXPECT_LIFE(with_age(pr, "max-age=60", "3000"), 0,
                    ROBOTS_CACHE_FROM_MAX_AGE, 0);
        /* A bad Age is reported and ignored (RFC 9111 section 5.1). */
        EXPECT_LIFE(with_age(pr, "max-age=60", "-5"), 60,
                    ROBOTS_CACHE_FROM_MAX_AGE, ROBOTS_CACHE_BAD_AGE);
        EXPECT_LIFE(with_age(pr, "max-age=60", "99999999999999999999"), 0,
                    ROBOTS_CACHE_FROM_MAX_AGE, 0);
    }
    /* The profile's default is the crawler's own, from its fetch: Age
     * does not shorten it. */
    EXPECT_LIFE(with_age(ROBOTS_PROFILE_LEGACY, NULL, "3000"), 604800,
                ROBOTS_CACHE_FROM_DEFAULT, 0);
    /* The rfc9309 bound applies to what is left. */
    {
        robots_cache_info i =
            with_age(ROBOTS_PROFILE_RFC9309, "max-age=172800", "3600");
        EXPECT_LIFE(i, 86400, ROBOTS_CACHE_FROM_MAX_AGE, 0);
        EXPECT_EQ(i.capped, 1);
    }
    /* From a header block, Expires minus Date less Age; a second Age is
     * reported, the first counts. */
    EXPECT_LIFE(block(ROBOTS_PROFILE_LEGACY,
                      "Date: Sun, 06 Nov 1994 08:49:37 GMT\n"
                      "Expires: Sun, 06 Nov 1994 09:49:37 GMT\n"
                      "age: 600\nAge: 7\n"),
                3000, ROBOTS_CACHE_FROM_EXPIRES, ROBOTS_CACHE_DUPLICATE);
    EXPECT(strcmp(robots_cache_flag_name(ROBOTS_CACHE_BAD_AGE), "bad-age") ==
           0);
}

int main(void) {
    dates();
    date_grammar();
    defaults();
    max_age();
    no_store_no_cache();
    expires();
    malformed();
    blocks();
    age();
    names();
    return testing_finish();
}
