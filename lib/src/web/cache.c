/* SPDX-License-Identifier: MIT */
/*
 * cache.c - how long a fetched robots.txt may be used: Cache-Control
 * (max-age, no-store, no-cache), else Expires against Date in any of the
 * three HTTP date formats, else the profile's default, within the
 * profile's bound (docs/semantics.md, "Fetching the file"; RFC 9309
 * section 2.4; RFC 9111 sections 4.2.1 and 5.2; seeds 000 and 004).
 * Malformed headers are reported in a bit set and ignored. No clock is
 * read: the lifetime is relative to the response.
 */
#include "ascii.h"
#include "civil_date.h"
#include "http_field.h"
#include "names.h"
#include "reserved.h"
#include "robots_web.h"

#include <stdint.h>
#include <string.h>

static const char *const cache_source_names[] = {
    [ROBOTS_CACHE_FROM_DEFAULT] = "default",
    [ROBOTS_CACHE_FROM_MAX_AGE] = "max-age",
    [ROBOTS_CACHE_FROM_EXPIRES] = "expires",
    [ROBOTS_CACHE_FROM_NO_STORE] = "no-store",
    [ROBOTS_CACHE_FROM_NO_CACHE] = "no-cache",
};
RB_NAMES_CHECK(cache_source_names, ROBOTS_CACHE_SOURCE_LAST);

ROBOTS_API const char *robots_cache_source_name(robots_cache_source source) {
    return rb_name_at(cache_source_names, RB_COUNT_OF(cache_source_names),
                      source);
}

ROBOTS_API const char *robots_cache_flag_name(unsigned flag) {
    switch (flag) {
    case ROBOTS_CACHE_BAD_MAX_AGE:
        return "bad-max-age";
    case ROBOTS_CACHE_BAD_EXPIRES:
        return "bad-expires";
    case ROBOTS_CACHE_BAD_DATE:
        return "bad-date";
    case ROBOTS_CACHE_EXPIRES_NO_DATE:
        return "expires-without-date";
    case ROBOTS_CACHE_DUPLICATE:
        return "duplicate";
    case ROBOTS_CACHE_BAD_CACHE_CONTROL:
        return "bad-cache-control";
    case ROBOTS_CACHE_BAD_LINE:
        return "bad-line";
    case ROBOTS_CACHE_BAD_AGE:
        return "bad-age";
    default:
        return NULL;
    }
}

/* --- HTTP dates (RFC 9110 section 5.6.7) ------------------------------- */

static const char *const day_short[7] = {"Mon", "Tue", "Wed", "Thu",
                                         "Fri", "Sat", "Sun"};
static const char *const day_long[7] = {"Monday",   "Tuesday", "Wednesday",
                                        "Thursday", "Friday",  "Saturday",
                                        "Sunday"};
static const char *const months[12] = {"Jan", "Feb", "Mar", "Apr",
                                       "May", "Jun", "Jul", "Aug",
                                       "Sep", "Oct", "Nov", "Dec"};

/* The grammar's names are case-sensitive (%s"..." in RFC 9110). */
static int exact(const char *s, size_t len, size_t at, const char *lit,
                 size_t *next) {
    size_t i = 0;
    while (lit[i] != '\0') {
        if (at + i >= len || s[at + i] != lit[i])
            return 0;
        i++;
    }
    *next = at + i;
    return 1;
}

static int digits(const char *s, size_t len, size_t at, size_t n, int *v) {
    size_t i;
    int r = 0;
    if (at > len || len - at < n)
        return 0;
    for (i = 0; i < n; i++) {
        if (!rb_ascii_is_digit((unsigned char)s[at + i]))
            return 0;
        r = r * 10 + (s[at + i] - '0');
    }
    *v = r;
    return 1;
}

static int month_at(const char *s, size_t len, size_t at, int *month) {
    int m;
    size_t next;
    for (m = 0; m < 12; m++) {
        if (exact(s, len, at, months[m], &next)) {
            *month = m + 1;
            return 1;
        }
    }
    return 0;
}

/* time-of-day = hour ":" minute ":" second; second may be 60 (a leap
 * second, RFC 9110 section 5.6.7). */
static int time_at(const char *s, size_t len, size_t at, int *h, int *mi,
                   int *sec) {
    if (!digits(s, len, at, 2, h) || at + 2 >= len || s[at + 2] != ':' ||
        !digits(s, len, at + 3, 2, mi) || at + 5 >= len || s[at + 5] != ':' ||
        !digits(s, len, at + 6, 2, sec))
        return 0;
    return *h <= 23 && *mi <= 59 && *sec <= 60;
}

static int finish(int y, int m, int d, int h, int mi, int sec, int64_t *out) {
    if (!rb_civil_valid(y, m, d))
        return 0;
    *out = rb_civil_days(y, m, d) * 86400 + (int64_t)h * 3600 +
           (int64_t)mi * 60 + sec;
    return 1;
}

/* A broken-down date and time, as an HTTP date writes it. */
typedef struct civil_time {
    int y, m, d, h, mi, sec;
} civil_time;

/* rfc850-date after "Sunday,": " 06-Nov-94 08:49:37 GMT". */
static int rfc850_rest(const char *s, size_t len, size_t p, civil_time *t) {
    size_t next;
    if (len - p != 23 || s[p] != ' ' || !digits(s, len, p + 1, 2, &t->d) ||
        s[p + 3] != '-' || !month_at(s, len, p + 4, &t->m) || s[p + 7] != '-' ||
        !digits(s, len, p + 8, 2, &t->y) || s[p + 10] != ' ' ||
        !time_at(s, len, p + 11, &t->h, &t->mi, &t->sec) ||
        !exact(s, len, p + 19, " GMT", &next))
        return 0;
    /* No clock to apply RFC 9110's "50 years" rule to: a fixed pivot, as
     * POSIX strptime's %y does. */
    t->y += t->y < 70 ? 2000 : 1900;
    return 1;
}

/* IMF-fixdate after "Sun,": " 06 Nov 1994 08:49:37 GMT". */
static int imf_rest(const char *s, size_t len, size_t p, civil_time *t) {
    size_t next;
    return len - p == 25 && s[p] == ' ' && digits(s, len, p + 1, 2, &t->d) &&
           s[p + 3] == ' ' && month_at(s, len, p + 4, &t->m) &&
           s[p + 7] == ' ' && digits(s, len, p + 8, 4, &t->y) &&
           s[p + 12] == ' ' &&
           time_at(s, len, p + 13, &t->h, &t->mi, &t->sec) &&
           exact(s, len, p + 21, " GMT", &next);
}

/* asctime-date after "Sun": " Nov  6 08:49:37 1994". */
static int asctime_rest(const char *s, size_t len, size_t p, civil_time *t) {
    if (len - p != 21 || s[p] != ' ' || !month_at(s, len, p + 1, &t->m) ||
        s[p + 4] != ' ')
        return 0;
    if (s[p + 5] == ' ' ? !digits(s, len, p + 6, 1, &t->d)
                        : !digits(s, len, p + 5, 2, &t->d))
        return 0;
    return s[p + 7] == ' ' && time_at(s, len, p + 8, &t->h, &t->mi, &t->sec) &&
           s[p + 16] == ' ' && digits(s, len, p + 17, 4, &t->y);
}

/* Which of the three forms s[0..len) has, by its day name, and its date:
 * 1 when it is one. */
static int read_http_date(const char *s, size_t len, civil_time *t) {
    size_t next;
    for (int wd = 0; wd < 7; wd++)
        if (exact(s, len, 0, day_long[wd], &next) && next < len &&
            s[next] == ',')
            return rfc850_rest(s, len, next + 1, t);
    for (int wd = 0; wd < 7; wd++) {
        if (!exact(s, len, 0, day_short[wd], &next))
            continue;
        if (next < len && s[next] == ',')
            return imf_rest(s, len, next + 1, t);
        return asctime_rest(s, len, next, t);
    }
    return 0;
}

ROBOTS_API robots_status robots_http_date_parse(const char *text, size_t len,
                                                int64_t *unix_seconds) {
    size_t b = 0;
    size_t e = len;
    civil_time t = {0, 0, 0, 0, 0, 0};
    if ((text == NULL && len != 0) || unix_seconds == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *unix_seconds = 0;
    if (len == 0)
        return ROBOTS_ERR_HEADER_INVALID;
    rb_http_trim_ows(text, &b, &e);
    if (!read_http_date(text + b, e - b, &t) ||
        !finish(t.y, t.m, t.d, t.h, t.mi, t.sec, unix_seconds))
        return ROBOTS_ERR_HEADER_INVALID;
    return ROBOTS_OK;
}

/* --- Cache-Control (RFC 9111 section 5.2) ------------------------------ */

typedef struct cc_state {
    int no_store;
    int no_cache;
    int has_max_age;
    int64_t max_age;
    unsigned flags;
} cc_state;

/* delta-seconds = 1*DIGIT; a larger value than 2^31 is read as 2^31
 * (RFC 9111 section 1.2.2), which also keeps the arithmetic in range. */
static int delta_seconds(const char *s, size_t len, int64_t *out) {
    size_t i;
    int64_t v = 0;
    if (len == 0)
        return 0;
    for (i = 0; i < len; i++) {
        if (!rb_ascii_is_digit((unsigned char)s[i]))
            return 0;
        if (v < ROBOTS_CACHE_MAX_DELTA_SECONDS)
            v = v * 10 + (s[i] - '0');
    }
    *out =
        v > ROBOTS_CACHE_MAX_DELTA_SECONDS ? ROBOTS_CACHE_MAX_DELTA_SECONDS : v;
    return 1;
}

static void cc_directive(cc_state *st, const char *name, size_t nlen,
                         const char *val, size_t vlen, int has_val) {
    if (rb_ascii_equal_lower(name, nlen, "max-age")) {
        int64_t v;
        if (!has_val || !delta_seconds(val, vlen, &v)) {
            st->flags |= ROBOTS_CACHE_BAD_MAX_AGE;
        } else if (st->has_max_age) {
            /* RFC 9111 section 4.2.1: with several values, use the first
             * (or treat the response as stale); we use the first. */
            st->flags |= ROBOTS_CACHE_DUPLICATE;
        } else {
            st->has_max_age = 1;
            st->max_age = v;
        }
    } else if (rb_ascii_equal_lower(name, nlen, "no-store")) {
        st->no_store = 1;
    } else if (rb_ascii_equal_lower(name, nlen, "no-cache")) {
        /* The qualified form no-cache="field" restricts only those fields
         * (RFC 9111 section 5.2.2.4); the body may still be cached. */
        if (!has_val)
            st->no_cache = 1;
    }
}

/* complexity: 33, 64 lines: one loop over the field's grammar (token,
 * "=", token or quoted-string, the comma that ends an element, the skip of
 * a bad one), each branch a state that moves one cursor; in steps, each
 * would pass the cursor and the state back and forth. */
/* Reads one Cache-Control field value: #( token [ "=" ( token /
 * quoted-string ) ] ). A bad element is reported and skipped up to the
 * next comma, so the others still count. */
static void cc_parse(cc_state *st, const char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        size_t nb;
        size_t ne;
        size_t vb = 0;
        size_t ve = 0;
        int has_val = 0;
        int bad = 0;
        while (i < len &&
               (rb_ascii_is_blank((unsigned char)s[i]) || s[i] == ','))
            i++;
        if (i == len)
            break;
        nb = i;
        while (i < len && rb_http_is_tchar((unsigned char)s[i]))
            i++;
        ne = i;
        while (i < len && rb_ascii_is_blank((unsigned char)s[i]))
            i++;
        if (ne == nb) {
            bad = 1;
        } else if (i < len && s[i] == '=') {
            i++;
            while (i < len && rb_ascii_is_blank((unsigned char)s[i]))
                i++;
            has_val = 1;
            if (i < len && s[i] == '"') {
                i++;
                vb = i;
                while (i < len && s[i] != '"') {
                    /* A quoted-pair keeps the next byte literal. */
                    if (s[i] == '\\' && i + 1 < len)
                        i++;
                    i++;
                }
                if (i == len) {
                    bad = 1;
                } else {
                    ve = i;
                    i++;
                }
            } else {
                vb = i;
                while (i < len && rb_http_is_tchar((unsigned char)s[i]))
                    i++;
                ve = i;
            }
            while (i < len && rb_ascii_is_blank((unsigned char)s[i]))
                i++;
        }
        if (i < len && s[i] != ',')
            bad = 1;
        if (bad) {
            st->flags |= ROBOTS_CACHE_BAD_CACHE_CONTROL;
            if (ne > nb && rb_ascii_equal_lower(s + nb, ne - nb, "max-age"))
                st->flags |= ROBOTS_CACHE_BAD_MAX_AGE;
            while (i < len && s[i] != ',')
                i++;
            continue;
        }
        cc_directive(st, s + nb, ne - nb, s + vb, ve - vb, has_val);
    }
}

/* --- The lifetime ------------------------------------------------------ */

typedef struct field {
    const char *ptr;
    size_t len;
    int present;
} field;

/* RFC 9111 section 4.2.3: the copy is already `age` seconds old, so a
 * lifetime the origin set is that much shorter. A bad Age is reported and
 * ignored (section 5.1 asks a cache to ignore it). */
static void subtract_age(const field *age, robots_cache_info *out) {
    int64_t a;
    if (!age->present)
        return;
    if (!delta_seconds(age->ptr, age->len, &a)) {
        out->malformed |= ROBOTS_CACHE_BAD_AGE;
        return;
    }
    if (out->source != ROBOTS_CACHE_FROM_MAX_AGE &&
        out->source != ROBOTS_CACHE_FROM_EXPIRES)
        return;
    out->seconds = out->seconds > a ? out->seconds - a : 0;
}

static robots_status compute(robots_profile profile, const cc_state *cc,
                             const field *expires, const field *date,
                             const field *age, robots_cache_info *out) {
    memset(out, 0, sizeof *out);
    int64_t exp_t = 0;
    int64_t date_t = 0;
    int exp_ok = 0;
    int date_ok = 0;
    out->malformed = cc->flags;
    out->capped = 0;
    if (expires->present) {
        exp_ok = robots_http_date_parse(expires->ptr, expires->len, &exp_t) ==
                 ROBOTS_OK;
        if (!exp_ok)
            out->malformed |= ROBOTS_CACHE_BAD_EXPIRES;
    }
    if (date->present) {
        date_ok =
            robots_http_date_parse(date->ptr, date->len, &date_t) == ROBOTS_OK;
        if (!date_ok)
            out->malformed |= ROBOTS_CACHE_BAD_DATE;
    }
    out->source = ROBOTS_CACHE_FROM_DEFAULT;
    out->seconds = profile == ROBOTS_PROFILE_LEGACY
                       ? ROBOTS_CACHE_LEGACY_DEFAULT_SECONDS
                       : ROBOTS_CACHE_DEFAULT_SECONDS;
    if (cc->no_store) {
        out->source = ROBOTS_CACHE_FROM_NO_STORE;
        out->seconds = 0;
    } else if (cc->no_cache) {
        /* A copy that must be revalidated before each use is, for a
         * crawler that does not revalidate, a copy it may not reuse. */
        out->source = ROBOTS_CACHE_FROM_NO_CACHE;
        out->seconds = 0;
    } else if (cc->has_max_age) {
        /* RFC 9111 section 5.3: max-age overrides Expires. */
        out->source = ROBOTS_CACHE_FROM_MAX_AGE;
        out->seconds = cc->max_age;
    } else if (exp_ok && profile != ROBOTS_PROFILE_GOOGLE) {
        /* The google profile: Google's text lengthens or shortens its 24
         * hours by max-age alone, so Expires is read (and reported when
         * malformed) but not used. */
        if (!date_ok) {
            /* Expires is relative to the origin's clock; without its Date
             * there is nothing to subtract it from. */
            out->malformed |= ROBOTS_CACHE_EXPIRES_NO_DATE;
        } else {
            /* Both are within years 0-9999, so the difference fits. */
            int64_t d = exp_t - date_t;
            out->source = ROBOTS_CACHE_FROM_EXPIRES;
            out->seconds = d < 0 ? 0
                           : d > ROBOTS_CACHE_MAX_DELTA_SECONDS
                               ? ROBOTS_CACHE_MAX_DELTA_SECONDS
                               : d;
        }
    }
    subtract_age(age, out);
    if (profile == ROBOTS_PROFILE_RFC9309 &&
        out->seconds > ROBOTS_CACHE_RFC9309_MAX_SECONDS) {
        /* RFC 9309 section 2.4: SHOULD NOT use a cached copy for more
         * than 24 hours. */
        out->seconds = ROBOTS_CACHE_RFC9309_MAX_SECONDS;
        out->capped = 1;
    }
    return ROBOTS_OK;
}

static int valid_profile(robots_profile profile) {
    return profile == ROBOTS_PROFILE_RFC9309 ||
           profile == ROBOTS_PROFILE_GOOGLE || profile == ROBOTS_PROFILE_LEGACY;
}

ROBOTS_API robots_status robots_cache_lifetime(
    robots_profile profile, const robots_cache_headers *headers,
    robots_cache_info *out) {
    cc_state cc = {0, 0, 0, 0, 0};
    field expires = {NULL, 0, 0};
    field date = {NULL, 0, 0};
    field age = {NULL, 0, 0};
    if (headers == NULL || out == NULL || !valid_profile(profile) ||
        !RB_RESERVED_ZERO(headers))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (headers->cache_control != NULL)
        cc_parse(&cc, headers->cache_control, headers->cache_control_len);
    if (headers->expires != NULL) {
        expires.ptr = headers->expires;
        expires.len = headers->expires_len;
        expires.present = 1;
    }
    if (headers->date != NULL) {
        date.ptr = headers->date;
        date.len = headers->date_len;
        date.present = 1;
    }
    if (headers->age != NULL) {
        age.ptr = headers->age;
        age.len = headers->age_len;
        age.present = 1;
    }
    return compute(profile, &cc, &expires, &date, &age, out);
}

/* complexity: 32, 67 lines: one pass over the block's lines (the status
 * line, the empty line that ends the section, a field's name and value, a
 * line that is no field) that picks out the four fields
 * robots_cache_lifetime() reads; each check is one line, and the branches
 * share the line's bounds. */
ROBOTS_API robots_status
robots_cache_lifetime_from_block(robots_profile profile, const char *block,
                                 size_t len, robots_cache_info *out) {
    cc_state cc = {0, 0, 0, 0, 0};
    field expires = {NULL, 0, 0};
    field date = {NULL, 0, 0};
    field age = {NULL, 0, 0};
    size_t i = 0;
    int first = 1;
    if ((block == NULL && len != 0) || out == NULL || !valid_profile(profile))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    while (i < len) {
        size_t b = i;
        size_t e;
        size_t name_len;
        size_t vb;
        size_t ve;
        while (i < len && block[i] != '\n')
            i++;
        e = i;
        if (i < len)
            i++;
        if (e > b && block[e - 1] == '\r')
            e--;
        if (e == b) {
            if (first)
                continue;
            break; /* the empty line ends the header section */
        }
        if (first && e - b >= 5 && block[b] == 'H' && block[b + 1] == 'T' &&
            block[b + 2] == 'T' && block[b + 3] == 'P' && block[b + 4] == '/') {
            first = 0;
            continue;
        }
        first = 0;
        /* RFC 9112 section 5.1: no whitespace before the colon; a folded
         * continuation line (obs-fold) is not read either. */
        if (!rb_http_field_split(block + b, e - b, &name_len, &vb, &ve)) {
            cc.flags |= ROBOTS_CACHE_BAD_LINE;
            continue;
        }
        vb += b;
        ve += b;
        if (rb_ascii_equal_lower(block + b, name_len, "cache-control")) {
            cc_parse(&cc, block + vb, ve - vb);
        } else if (rb_ascii_equal_lower(block + b, name_len, "expires") ||
                   rb_ascii_equal_lower(block + b, name_len, "date") ||
                   rb_ascii_equal_lower(block + b, name_len, "age")) {
            field *f = rb_ascii_lower((unsigned char)block[b]) == 'd' ? &date
                       : rb_ascii_lower((unsigned char)block[b]) == 'a'
                           ? &age
                           : &expires;
            if (f->present) {
                cc.flags |= ROBOTS_CACHE_DUPLICATE;
            } else {
                f->ptr = block + vb;
                f->len = ve - vb;
                f->present = 1;
            }
        }
    }
    return compute(profile, &cc, &expires, &date, &age, out);
}
