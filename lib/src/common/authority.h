/* SPDX-License-Identifier: MIT */
/*
 * authority.h - the one decision on a URL's authority that both readers
 * of URLs take (urlpath.c, what a check matches; location.c, which
 * robots.txt governs the URL): an authority that readers of URLs split in
 * different ways is refused, never guessed at.
 *
 *   - A '\' anywhere in it: WHATWG's URL standard reads it as '/' in http
 *     and https ("http://a\private" is host a, path /private), RFC 3986 as
 *     a byte of the authority. A crawler that fetches as browsers read
 *     would fetch another path, or another host, than the one checked.
 *   - More than one '@': the first and the last '@' end the userinfo for
 *     different readers ("http://u:p@a@b/" is host b or host a@b).
 *
 * docs/semantics.md ("One reading of a URL") states the decision;
 * conformance/cases/semantics.json has a case for each shape.
 */
#ifndef ROBOTS_AUTHORITY_H
#define ROBOTS_AUTHORITY_H

#include <stddef.h>

/* 1 when auth[0..len) holds no '\' and at most one '@'. */
static inline int rb_authority_unambiguous(const char *auth, size_t len) {
    int at = 0;
    for (size_t i = 0; i < len; i++) {
        if (auth[i] == '\\')
            return 0;
        if (auth[i] == '@' && at++)
            return 0;
    }
    return 1;
}

#endif
