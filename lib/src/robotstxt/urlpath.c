/* SPDX-License-Identifier: MIT */
/*
 * urlpath.c - from a URL to the part a rule is matched against: the path
 * with its ;params and ?query, without the fragment.
 *
 * rfc9309 and legacy read the URL as RFC 3986 does: a path ("/a?b"), a
 * network-path reference ("//host/a"), or an absolute URL ("scheme:..."),
 * and reject anything else rather than guess. google reproduces
 * google/robotstxt's heuristic, which accepts any string (see
 * docs/google-profile.md, "URL to path").
 */
#include "urlpath.h"
#include "compiler.h"
#include "words.h"

#include <string.h>

/* The first of s[from..len) that is a, b or c, or len: eight bytes a
 * step, and the word that holds one gives its offset (little-endian
 * machines; elsewhere its bytes are read one by one). Always inlined, so
 * that each call's bytes are constants of its loop: out of line, with the
 * three in an array, it cost about 80 instructions a call, two a google
 * check (0.37 M of the real-world corpus's first checks). */
RB_ALWAYS_INLINE static inline size_t
first_of3(const char *s, size_t len, size_t from, char a, char b, char c) {
    if (from >= len)
        return len;
    for (; len - from >= 8; from += 8) {
        uint64_t v;
        memcpy(&v, s + from, 8);
        uint64_t m = rb_zero_byte(v ^ (RB_ONES * (unsigned char)a)) |
                     rb_zero_byte(v ^ (RB_ONES * (unsigned char)b)) |
                     rb_zero_byte(v ^ (RB_ONES * (unsigned char)c));
        if (m != 0) {
#ifdef RB_LITTLE_ENDIAN
            return from + rb_first_flagged(m);
#else
            break;
#endif
        }
    }
    for (; from < len; from++)
        if (s[from] == a || s[from] == b || s[from] == c)
            return from;
    return len;
}

/* The first c in s[from..len), or len. A fragment search over a long query
 * is the common case: memchr. */
static inline size_t first_of(const char *s, size_t len, size_t from, char c) {
    if (from >= len)
        return len;
    const char *hit = memchr(s + from, c, len - from);
    return hit ? (size_t)(hit - s) : len;
}

static void google_path(const char *url, size_t len, size_t *start,
                        size_t *out_len, int *needs_slash) {
    size_t search = (len >= 2 && url[0] == '/' && url[1] == '/') ? 2 : 0;
    size_t early_path = first_of3(url, len, search, '/', '?', ';');
    /* "://" is a scheme separator only when nothing path-like precedes it:
     * its '/' is then the first of the three, so it can only be at
     * early_path, the ':' just before it. */
    size_t after = search;
    if (early_path > search && early_path + 1 < len && url[early_path] == '/' &&
        url[early_path - 1] == ':' && url[early_path + 1] == '/')
        after = early_path + 2;
    size_t path = first_of3(url, len, after, '/', '?', ';');
    *needs_slash = 1;
    *start = 0;
    *out_len = 0;
    if (path == len)
        return;
    size_t hash = first_of(url, len, search, '#');
    if (hash < path)
        return;
    *start = path;
    *out_len = hash - path;
    *needs_slash = url[path] != '/';
}

robots_status rb_url_path(robots_profile profile, const char *url,
                          size_t url_len, size_t *start, size_t *len,
                          int *needs_slash) {
    if (profile == ROBOTS_PROFILE_GOOGLE) {
        google_path(url, url_len, start, len, needs_slash);
        return ROBOTS_OK;
    }
    return rb_url_path_strict(url, url_len, start, len, needs_slash);
}

robots_status robots_url_to_path(robots_profile profile, const char *url,
                                 size_t url_len, char *buf, size_t cap,
                                 size_t *needed) {
    if (needed != NULL)
        *needed = 0;
    if ((url == NULL && url_len != 0) || needed == NULL ||
        (buf == NULL && cap != 0) || robots_profile_name(profile) == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    size_t start, len;
    int slash;
    robots_status status =
        rb_url_path(profile, url, url_len, &start, &len, &slash);
    if (status != ROBOTS_OK)
        return status;
    *needed = len + (slash ? 1 : 0);
    if (cap <= *needed)
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    size_t o = 0;
    if (slash)
        buf[o++] = '/';
    if (len != 0)
        memcpy(buf + o, url + start, len);
    buf[*needed] = '\0';
    return ROBOTS_OK;
}
