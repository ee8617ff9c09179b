/*
 * match.c - does one normalised pattern match one normalised path.
 *
 * rfc9309 and google patterns have only two special octets: `*` (any
 * sequence) and a final `$` (end of path). Such a pattern is a list of
 * literal segments separated by `*`; it matches when the first segment is
 * a prefix of the path and each later segment occurs after the previous
 * one. Taking each segment's leftmost occurrence is always right (a later
 * occurrence leaves less room for the rest), so the matcher never
 * backtracks and never recurses. A final `$` pins the last segment to the
 * end of the path instead. Cost: at most (pattern_len + 1) * (path_len + 1)
 * octet comparisons.
 */
#include "internal.h"

#include <string.h>

/* Leftmost occurrence of needle in hay[from..len), or -1 (as len + 1). */
static size_t find_from(const char *hay, size_t len, size_t from,
                        const char *needle, size_t nlen) {
    if (nlen == 0)
        return from;
    if (len < nlen)
        return len + 1;
    size_t last = len - nlen;
    for (size_t i = from; i <= last; i++) {
        const char *hit = memchr(hay + i, needle[0], last - i + 1);
        if (hit == NULL)
            break;
        i = (size_t)(hit - hay);
        if (memcmp(hay + i, needle, nlen) == 0)
            return i;
    }
    return len + 1;
}

int rb_match_wildcard(const char *pattern, size_t plen, const char *path,
                      size_t len) {
    int anchored = plen > 0 && pattern[plen - 1] == '$';
    if (anchored)
        plen--;

    /* The first segment is anchored at the start of the path. */
    const char *star = plen ? memchr(pattern, '*', plen) : NULL;
    size_t seg_len = star ? (size_t)(star - pattern) : plen;
    if (seg_len > len || memcmp(pattern, path, seg_len) != 0)
        return 0;
    if (star == NULL)
        return anchored ? seg_len == len : 1;

    size_t cursor = seg_len;
    size_t p = seg_len + 1; /* past the star */
    for (;;) {
        star = p < plen ? memchr(pattern + p, '*', plen - p) : NULL;
        seg_len = star ? (size_t)(star - (pattern + p)) : plen - p;
        if (star == NULL && anchored) {
            /* The last segment must end the path, after the cursor. */
            if (len - cursor < seg_len)
                return 0;
            return memcmp(path + len - seg_len, pattern + p, seg_len) == 0;
        }
        size_t at = find_from(path, len, cursor, pattern + p, seg_len);
        if (at > len)
            return 0;
        cursor = at + seg_len;
        if (star == NULL)
            return 1;
        p += seg_len + 1;
    }
}

int rb_match_prefix(const char *pattern, size_t plen, const char *path,
                    size_t len) {
    return plen <= len && (plen == 0 || memcmp(pattern, path, plen) == 0);
}

robots_status robots_match_path(robots_profile profile, const char *pattern,
                                size_t pattern_len, const char *path,
                                size_t path_len, int *matched) {
    if (matched == NULL || (pattern == NULL && pattern_len != 0) ||
        (path == NULL && path_len != 0) || robots_profile_name(profile) == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *matched = 0;
    if (pattern_len > ROBOTS_MAX_LINE_BYTES || path_len > ROBOTS_MAX_URL_BYTES)
        return pattern_len > ROBOTS_MAX_LINE_BYTES ? ROBOTS_ERR_TOO_LARGE
                                                   : ROBOTS_ERR_URL_TOO_LONG;

    /* Both normalised forms fit in stack buffers of three times the named
     * limits, so matching on its own allocates nothing. */
    char norm_pattern[3 * ROBOTS_MAX_LINE_BYTES];
    char norm_path[3 * ROBOTS_MAX_URL_BYTES + 1];
    size_t np =
        rb_normalize_pattern(profile, pattern, pattern_len, norm_pattern);
    size_t nq = rb_normalize_path(profile, path, path_len, norm_path);
    if (profile == ROBOTS_PROFILE_LEGACY) {
        *matched = rb_match_prefix(norm_pattern, np, norm_path, nq);
    } else {
        /* An empty pattern is no rule at all (RFC 9309 section 2.2.2). */
        *matched =
            np != 0 && rb_match_wildcard(norm_pattern, np, norm_path, nq);
    }
    return ROBOTS_OK;
}
