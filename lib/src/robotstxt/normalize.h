/* SPDX-License-Identifier: MIT */
/*
 * normalize.h - patterns and paths in normal form (normalize.c): the
 * percent-encoding each profile reads, the test that a pattern is its own
 * normal form, a rule's normal form and its never-matching first byte.
 * May call: byte_class.h, common/ascii.h; reads document.h's rules.
 */
#ifndef ROBOTS_RT_NORMALIZE_H
#define ROBOTS_RT_NORMALIZE_H

#include "compiler.h"
#include "document.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* A pattern in its profile's normal form (rb_normalize_path(), below, does
 * a path): output needs at most 3 * len bytes. Returns the output length. */
RB_HIDDEN size_t rb_normalize_pattern(robots_profile profile, const char *in,
                                      size_t len, char *out);
/* Per byte, the profiles whose pattern normalisation copies it as it is:
 * bit 0 rfc9309 (RB_C_PLAIN and `*`), bit 1 google (below 0x80, not '%'),
 * bit 2 legacy (not '%'). A trailing `$` is rfc9309's anchor, kept too. */
RB_HIDDEN extern const unsigned char rb_pattern_kept[256];

/* All eight bytes at u kept by the profile's bit? */
static inline int rb_kept8(const unsigned char *u, unsigned bit) {
    return (rb_pattern_kept[u[0]] & rb_pattern_kept[u[1]] &
            rb_pattern_kept[u[2]] & rb_pattern_kept[u[3]] &
            rb_pattern_kept[u[4]] & rb_pattern_kept[u[5]] &
            rb_pattern_kept[u[6]] & rb_pattern_kept[u[7]] & bit) != 0;
}

#ifdef RB_SSE2
/* google: per byte of v, all ones where a pattern's normal form does not
 * keep it as it is: a byte >= 0x80 or '%'. */
static inline __m128i rb_google_refused16(__m128i v) {
    return _mm_or_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()),
                        _mm_cmpeq_epi8(v, _mm_set1_epi8('%')));
}

/* rfc9309: per byte of v, all ones where a pattern's normal form keeps it
 * as it is: a byte that is RB_C_PLAIN or '*', 0x21 to 'z' and '~', less
 * "$%<>\^`. The kept bytes are flagged and the caller flips the 16 bits
 * movemask gives, once: the refused bytes flagged took more instructions
 * a step ("below 0x21" compared into a copy of the constant, as SSE2
 * compares greater-than only; '{', '|' and '}' told as above 'z' less
 * '~'). 0x21 to 'z' are the bytes that, plus 5, are above 0x25 as signed
 * bytes (any other plus 5 is 0x25 or less, or negative); refused among
 * them '<', '>', '\' and '^' (0x7E with bits 0x62 set, as are '|', '~'
 * and two controls: '~' is added back last), '$' and '%' ('%' with bit 0
 * set), '"' and '`'. Its constants repeat ('%' is 0x25, '~' 0x7E). */
static inline __m128i rb_rfc_kept16(__m128i v) {
    __m128i percent = _mm_set1_epi8('%'), tilde = _mm_set1_epi8('~');
    __m128i refused = _mm_or_si128(
        _mm_or_si128(
            _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x62)), tilde),
            _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(1)), percent)),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('`'))));
    __m128i inside = _mm_cmpgt_epi8(_mm_add_epi8(v, _mm_set1_epi8(5)), percent);
    return _mm_or_si128(_mm_andnot_si128(refused, inside),
                        _mm_cmpeq_epi8(v, tilde));
}

/* The bytes of the 16 at s that the profile's pattern normal form (rfc:
 * rfc9309's, else google's) does not keep as they are, a bit each. */
static inline unsigned rb_refused16(const void *s, int rfc) {
    __m128i v = _mm_loadu_si128((const __m128i *)s);
    if (rfc)
        return (unsigned)_mm_movemask_epi8(rb_rfc_kept16(v)) ^ 0xFFFFu;
    return (unsigned)_mm_movemask_epi8(rb_google_refused16(v));
}

/* rb_pattern_is_normal() for rfc9309 or google, for a pattern of 1 to 32
 * bytes with at least 33 - len readable bytes before it (its line's key
 * and the body's earlier lines): the 32 bytes that end where it ends (or
 * where its '$' begins), with the bytes before it masked off. No branch
 * depends on the length, which varies from rule to rule: the table test's
 * branches on it mispredicted often enough to cost a fifth of a parse. */
static inline int rb_pattern_is_normal32(int rfc, const char *in, size_t len) {
    const unsigned char *end = (const unsigned char *)in + len;
    /* rfc9309 keeps a '$' only as the end anchor. */
    size_t anchor = (size_t)(rfc & (end[-1] == '$'));
    end -= anchor;
    len -= anchor;
    if (len <= 16) /* most patterns of real files: one step, not two */
        return (rb_refused16(end - 16, rfc) >> (16 - len)) == 0;
    uint64_t bad = (uint64_t)rb_refused16(end - 32, rfc) |
                   (uint64_t)rb_refused16(end - 16, rfc) << 16;
    return (bad >> (32 - len)) == 0;
}
#endif

/* 1 when normalisation copies every byte of the pattern as it is (in
 * rfc9309, a final '$' too): the pattern is its own normal form (the usual
 * case), and need not be normalised or stored twice. 0 does not say it
 * is not: only that normalisation has to be run to know. Inline, as the
 * parser asks it of every rule. */
static inline int rb_pattern_is_normal(robots_profile profile, const char *in,
                                       size_t len) {
    const unsigned char *u = (const unsigned char *)in;
    unsigned bit = profile == ROBOTS_PROFILE_GOOGLE   ? 2u
                   : profile == ROBOTS_PROFILE_LEGACY ? 4u
                                                      : 1u;
    /* rfc9309 keeps a '$' only as the end anchor. */
    if (bit == 1u && len > 0 && u[len - 1] == '$')
        len--;
    if (len < 8) {
        for (size_t i = 0; i < len; i++)
            if (!(rb_pattern_kept[u[i]] & bit))
                return 0;
        return 1;
    }
    /* Whether every byte is kept, not where the first is not: the last
     * step overlaps the one before it, as a byte tested twice does no
     * harm, and no pattern takes a bytewise tail. */
#ifdef RB_SSE2
    if (bit != 4u && len >= 16) {
        for (size_t i = 0;; i += 16) {
            if (i > len - 16)
                i = len - 16;
            if (rb_refused16(u + i, bit == 1u) != 0)
                return 0;
            if (i == len - 16)
                return 1;
        }
    }
#endif
    if (len <= 16) /* most patterns: two steps, or three, and no loop */
        return rb_kept8(u, bit) && rb_kept8(u + len - 8, bit);
    if (len <= 24)
        return rb_kept8(u, bit) && rb_kept8(u + 8, bit) &&
               rb_kept8(u + len - 8, bit);
    size_t i = 0;
    for (; i < len - 8; i += 8)
        if (!rb_kept8(u + i, bit))
            return 0;
    return rb_kept8(u + len - 8, bit);
}
RB_HIDDEN size_t rb_normalize_path(robots_profile profile, const char *in,
                                   size_t len, char *out);
/* The most bytes rb_normalize_path() and rb_normalize_pattern() write for
 * `len` bytes in: rfc9309 and google may write a byte as %XX; legacy only
 * decodes (%2F and %00 stay as they are), so never writes more. */
static inline size_t rb_normal_bound(robots_profile profile, size_t len) {
    return profile == ROBOTS_PROFILE_LEGACY ? len : 3 * len;
}

/* The most bytes rb_normal_url_path() writes for a path of `len` bytes. */
static inline size_t rb_normal_url_path_bound(robots_profile profile,
                                              size_t len) {
    return 1 + rb_normal_bound(profile, len);
}
/* The path rules are matched against: a URL's path as rb_url_path()
 * (urlpath.h) finds it, `len` bytes at `path`, after the '/' it lacks
 * when `slash`, in the profile's normal form. Writes at most
 * rb_normal_url_path_bound() bytes to out and returns how many. A check
 * (check_path.c) and a usage query (usage_query.c) both make their path
 * here, so that they cannot match different paths. */
static inline size_t rb_normal_url_path(robots_profile profile,
                                        const char *path, size_t len, int slash,
                                        char *out) {
    size_t n = 0;
    if (slash)
        out[n++] = '/';
    return n + rb_normalize_path(profile, path, len, out + n);
}

/* A rule's normal form, what a check matches (r->normalized_len bytes):
 * its pattern in the document, or, for a pattern that is not its own,
 * the pattern normalised into `scratch` (doc->longest_rule_normal bytes). */
static inline const char *rb_rule_normal(const robots_txt *doc,
                                         const rb_rule *r, char *scratch) {
    const char *pattern = doc->text + r->pattern_off;
    if (!rb_rule_normalises(r))
        return pattern;
    rb_normalize_pattern(doc->profile, pattern, rb_rule_pattern_len(r),
                         scratch);
    return scratch;
}

/* Whether a rule whose normal form starts with `first` (a pattern of one
 * byte or more) can match no path: one decision, which the parse reports
 * (pattern-never-matches) and robots_rule_info.flags carries. A path
 * always starts with '/'; rfc9309 and google read a leading '*' as the
 * wildcard, legacy as a literal '*'. */
static inline int rb_normal_never_matches(robots_profile profile, char first) {
    return first != '/' && (profile == ROBOTS_PROFILE_LEGACY || first != '*');
}

#endif
