/* SPDX-License-Identifier: MIT */
/*
 * match.h - one pattern against one path (match.c): rfc9309's and
 * google's wildcards, google's index.htm companion, legacy's prefix, and
 * the bounded substring search they share. May call nothing.
 */
#ifndef ROBOTS_RT_MATCH_H
#define ROBOTS_RT_MATCH_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>

/* rfc9309/google: `*` any sequence, trailing `$` anchors; prefix match. */
RB_HIDDEN int rb_match_wildcard(const char *pattern, size_t plen,
                                const char *path, size_t len);
/* The same with the pattern's bytes anchored at the path's end whatever
 * its last byte: pattern + "$" without writing it. */
RB_HIDDEN int rb_match_wildcard_whole(const char *pattern, size_t plen,
                                      const char *path, size_t len);
/* google's index.htm companion (docs/google-profile.md): an Allow pattern
 * whose part after its last '/' starts with "index.htm" also tries the
 * pattern "<everything up to that />$", an ordinary wildcard pattern (`*`
 * in the directory part matches any sequence; a `$` there is literal),
 * with its own length as priority. rb_index_dir_length() is the length of
 * "<everything up to that />"; rb_match_index_dir() matches the companion
 * of a normalised pattern and sets *priority to its length. */
RB_HIDDEN size_t rb_index_dir_length(const char *pattern, size_t plen);
RB_HIDDEN int rb_match_index_dir(const char *pattern, size_t plen,
                                 const char *path, size_t len,
                                 size_t *priority);
/* The leftmost i >= from with hay[i..i+n) == needle, or len + 1 when there
 * is none (from <= len). A plain scan while it stays cheap, the two-way
 * algorithm from where it stops being cheap: at most 3 * (len - from) +
 * 8 * n byte comparisons, whatever the bytes. */
RB_HIDDEN size_t rb_find_segment(const char *hay, size_t len, size_t from,
                                 const char *needle, size_t n);
/* The two-way algorithm alone: at most 2 * (len - from) + 4 * n. */
RB_HIDDEN size_t rb_find_two_way(const char *hay, size_t len, size_t from,
                                 const char *needle, size_t n);
/* How many bytes a plain scan may compare, after advancing `scanned` bytes
 * for a needle of n, before a search switches to the two-way algorithm:
 * within a constant of the two-way cost, never reached by a needle that
 * usually fails on its first or second byte. */
#define RB_SCAN_BUDGET(scanned, n) (2 * (scanned) + (n))
/* legacy: the pattern is a prefix of the path; empty matches everything. */
RB_HIDDEN int rb_match_prefix(const char *pattern, size_t plen,
                              const char *path, size_t len);

/* A pattern in its normal form against a path in its normal form, as the
 * profile matches them: legacy by prefix (the 1996 draft), rfc9309 and
 * google with `*` and `$` (RFC 9309 section 2.2.3). robots_match_path()
 * and a usage query's Content-Usage rules (usage_query.c) both match here;
 * a check's scans (check_scan.c) call the one of their profile. */
static inline int rb_match_normal(robots_profile profile, const char *pattern,
                                  size_t plen, const char *path, size_t len) {
    return profile == ROBOTS_PROFILE_LEGACY
               ? rb_match_prefix(pattern, plen, path, len)
               : rb_match_wildcard(pattern, plen, path, len);
}

#endif
