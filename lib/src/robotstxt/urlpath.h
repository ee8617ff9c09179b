/* SPDX-License-Identifier: MIT */
/*
 * urlpath.h - a URL's path, parameters and query, as a check matches them
 * (urlpath.c; rfc9309's and legacy's split inline here, on url_parts.h's
 * reader). May call nothing else.
 */
#ifndef ROBOTS_RT_URLPATH_H
#define ROBOTS_RT_URLPATH_H

#include "compiler.h"
#include "robots.h"
#include "url_parts.h"

#include <stddef.h>

/* Sets *start and *len to the path (+params, query) inside url; *needs_slash
 * when a "/" must be put in front (google: "?q" gives "/?q") or the path
 * is empty (then *len is 0 and the path is "/"). */
RB_HIDDEN robots_status rb_url_path(robots_profile profile, const char *url,
                                    size_t url_len, size_t *start, size_t *len,
                                    int *needs_slash);

/* rfc9309 and legacy: a path ("/a"), a network-path reference
 * ("//host/a") or a URL with a scheme whose hierarchical part is an
 * authority or a path ("file:/x"); the authority as url_parts.h reads it,
 * refused when ambiguous. rb_url_path()'s for these profiles; inline, as
 * a check's path takes it for every URL and a call with three results
 * through memory cost it about 25 instructions (bench/budgets.tsv). */
static inline robots_status rb_url_path_strict(const char *url, size_t len,
                                               size_t *start, size_t *out_len,
                                               int *needs_slash) {
    rb_url_parts p;
    rb_url_split(url, len, &p);
    if (p.ambiguous)
        return ROBOTS_ERR_URL_INVALID;
    /* Without an authority the path must begin with '/': "mailto:x",
     * "urn:x", "a/b" and "" are no URL a robots.txt governs. */
    if (!p.has_authority && (p.path == len || url[p.path] != '/'))
        return ROBOTS_ERR_URL_INVALID;
    *start = p.path;
    *out_len = p.fragment - p.path;
    /* "http://h?q" has an empty path: it is "/" followed by the query. */
    *needs_slash = p.path == p.fragment || url[p.path] != '/';
    return ROBOTS_OK;
}

#endif
