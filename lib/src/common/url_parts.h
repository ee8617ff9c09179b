/* SPDX-License-Identifier: MIT */
/*
 * url_parts.h - the one reader of a URL's parts (RFC 3986 section 3):
 * where its scheme, authority (userinfo, host, port), path, query and
 * fragment begin and end, as offsets into (url, len). Every part of the
 * library that reads a URL reads it here: urlpath.c (what a check
 * matches) and location.c (which robots.txt governs the URL), so the two
 * can never disagree on where the authority ends. No allocation, no
 * validation of the bytes a part holds (each caller decides what its
 * parts may hold), and every scan is bounded by len.
 *
 * The one decision both callers take on an authority: one that readers
 * of URLs split in different ways is marked ambiguous, and refused by
 * both, never guessed at (docs/semantics.md, "One reading of a URL";
 * conformance/cases/semantics.json has a case for each shape):
 *   - A '\' anywhere in it: WHATWG's URL standard reads it as '/' in http
 *     and https ("http://a\private" is host a, path /private), RFC 3986 as
 *     a byte of the authority.
 *   - More than one '@': the first and the last '@' end the userinfo for
 *     different readers ("http://u:p@a@b/" is host b or host a@b).
 */
#ifndef ROBOTS_URL_PARTS_H
#define ROBOTS_URL_PARTS_H

#include "ascii.h"
/* The word search's primitives (rb_zero_byte, rb_first_flagged, RB_ONES,
 * RB_LITTLE_ENDIAN, RB_ALWAYS_INLINE, RB_HIDDEN). */
#include "compiler.h"
#include "words.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A URL or relative reference split as RFC 3986 Appendix B splits it,
 * with the scheme held to section 3.1's grammar. Offsets are into the
 * bytes given; each part runs to the next one's beginning. */
typedef struct rb_url_parts {
    /* Bytes of the scheme before its ':' (section 3.1: ALPHA *( ALPHA /
     * DIGIT / "+" / "-" / "." ) ":"); 0 when the reference has none. */
    size_t scheme_len;
    /* 1 when "//" begins the hierarchical part (section 3.2). */
    int has_authority;
    /* 1 when the authority holds a '\' or more than one '@' (above). */
    int ambiguous;
    /* The authority's first byte, after "//"; path when there is none. */
    size_t authority;
    /* Where the authority ends and the path begins: the first '/', '?' or
     * '#' after the authority (section 3.2), or len. */
    size_t path;
    /* The '#' that begins the fragment (section 3.5), or len. */
    size_t fragment;
} rb_url_parts;

/* The rest of an authority whose byte at pos is a '\\' or an '@': where
 * it ends, *ambiguous set when it is (url_parts.c; rare, so out of the
 * inlined path). */
RB_HIDDEN size_t rb_url_ambiguous_tail(const char *url, size_t len, size_t pos,
                                       int *ambiguous);

/* Does this byte end an authority ('/', '?', '#', section 3.2) or make it
 * ambiguous ('\\', '@', above)? */
static inline int rb_url_authority_byte(unsigned char c) {
    return c == '/' || c == '?' || c == '#' || c == '\\' || c == '@';
}

/* The first of s[from..len) that rb_url_authority_byte() names, or len: eight
 * bytes a step, and the word that holds one gives its offset
 * (little-endian machines; elsewhere its bytes are read one by one). The
 * common authority holds none but its end, so it pays for one pass. */
RB_ALWAYS_INLINE static inline size_t
rb_url_authority_stop(const char *s, size_t len, size_t from) {
    for (; len - from >= 8; from += 8) {
        uint64_t v;
        memcpy(&v, s + from, 8);
        uint64_t hit = rb_zero_byte(v ^ (RB_ONES * '/')) |
                       rb_zero_byte(v ^ (RB_ONES * '?')) |
                       rb_zero_byte(v ^ (RB_ONES * '#')) |
                       rb_zero_byte(v ^ (RB_ONES * '\\')) |
                       rb_zero_byte(v ^ (RB_ONES * '@'));
        if (hit != 0) {
#ifdef RB_LITTLE_ENDIAN
            return from + rb_first_flagged(hit);
#else
            break;
#endif
        }
    }
    while (from < len && !rb_url_authority_byte((unsigned char)s[from]))
        from++;
    return from;
}

static inline int rb_url_is_scheme_byte(unsigned char c) {
    return rb_ascii_is_alpha(c) || rb_ascii_is_digit(c) || c == '+' ||
           c == '-' || c == '.';
}

/* Length of the scheme before its ':' (0 when the URL has none). */
static inline size_t rb_url_scheme_len(const char *url, size_t len) {
    /* Nearly every URL a crawler checks: one compare instead of a loop. */
    if (len >= 8 && memcmp(url, "https://", 8) == 0)
        return 5;
    if (len >= 7 && memcmp(url, "http://", 7) == 0)
        return 4;
    if (len == 0 || !rb_ascii_is_alpha((unsigned char)url[0]))
        return 0;
    size_t i = 1;
    while (i < len && rb_url_is_scheme_byte((unsigned char)url[i]))
        i++;
    return (i < len && url[i] == ':') ? i : 0;
}

/* The end of the authority that begins at `from`. */
RB_ALWAYS_INLINE static inline size_t
rb_url_authority_end(const char *url, size_t len, size_t from, int *ambiguous) {
    size_t pos = rb_url_authority_stop(url, len, from);
    if (pos < len && (url[pos] == '\\' || url[pos] == '@'))
        pos = rb_url_ambiguous_tail(url, len, pos, ambiguous);
    return pos;
}

/* Splits url[0..len): one pass over the scheme and the authority, one
 * memchr for the fragment. Inline: it is in every check's path, where a
 * call and a struct in memory would cost a tenth of the check's budget. */
static inline void rb_url_split(const char *url, size_t len,
                                rb_url_parts *out) {
    size_t s = rb_url_scheme_len(url, len);
    size_t hier = s == 0 ? 0 : s + 1; /* after the ':' */
    out->scheme_len = s;
    out->ambiguous = 0;
    out->has_authority =
        len - hier >= 2 && url[hier] == '/' && url[hier + 1] == '/';
    if (out->has_authority) {
        out->authority = hier + 2;
        out->path = rb_url_authority_end(url, len, hier + 2, &out->ambiguous);
    } else {
        out->authority = hier;
        out->path = hier;
    }
    const char *hash =
        out->path < len ? memchr(url + out->path, '#', len - out->path) : NULL;
    out->fragment = hash != NULL ? (size_t)(hash - url) : len;
}

/* The '?' that begins the query (section 3.4), or parts->fragment when
 * there is none. Found on demand: a check matches the path and the query
 * as one string, and does not pay for a split it never reads. */
RB_HIDDEN size_t rb_url_query(const char *url, const rb_url_parts *parts);

/* An authority url[begin..end) split into userinfo, host and port
 * (section 3.2). */
typedef struct rb_authority_parts {
    /* 1 when an '@' ends a userinfo; the host begins after the last one. */
    int has_userinfo;
    /* The host: a reg-name or IPv4address up to the first ':', or an
     * IP-literal from its '[' to its ']' inclusive. */
    size_t host;
    size_t host_end;
    /* 1 when a ':' follows the host; the port runs from port to end (and
     * may be empty: "http://a:/" has the scheme's default port). */
    int has_port;
    size_t port;
    /* 1 when an IP-literal has no ']', or a byte other than ':' follows
     * its ']'. */
    int bad_literal;
} rb_authority_parts;

RB_HIDDEN void rb_authority_split(const char *url, size_t begin, size_t end,
                                  rb_authority_parts *out);

#endif /* ROBOTS_URL_PARTS_H */
