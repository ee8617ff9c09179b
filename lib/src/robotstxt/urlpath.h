/* SPDX-License-Identifier: MIT */
/*
 * urlpath.h - a URL's path, parameters and query, as a check matches them
 * (urlpath.c). May call nothing.
 */
#ifndef ROBOTS_RT_URLPATH_H
#define ROBOTS_RT_URLPATH_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>

/* Sets *start and *len to the path (+params, query) inside url; *needs_slash
 * when a "/" must be put in front (google: "?q" gives "/?q") or the path
 * is empty (then *len is 0 and the path is "/"). */
RB_HIDDEN robots_status rb_url_path(robots_profile profile, const char *url,
                                    size_t url_len, size_t *start, size_t *len,
                                    int *needs_slash);

#endif
