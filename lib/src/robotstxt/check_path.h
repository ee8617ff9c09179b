/* SPDX-License-Identifier: MIT */
/*
 * check_path.h - the verdict for a URL once the caller's agents are
 * resolved (check_path.c): what robots_check(), robots_query_check() and
 * the reference all end in.
 */
#ifndef ROBOTS_RT_CHECK_PATH_H
#define ROBOTS_RT_CHECK_PATH_H

#include "compiler.h"
#include "document.h"
#include "robots.h"

#include <stddef.h>

/* The caller's names, where a check has them (not a query's, nor the
 * memo's): what the reference scan needs. */
typedef struct rb_callers {
    const robots_str *agents;
    size_t count;
} rb_callers;

/* The verdict for a URL through the resolution r. `who`, the names, only
 * where the check has them: for the reference scan. `url` is never NULL
 * (the entry points read (NULL, 0) as ""). */
RB_HIDDEN robots_status rb_check_resolved(const robots_txt *doc,
                                          const rb_resolved *r,
                                          const rb_callers *who,
                                          const char *url, size_t url_len,
                                          robots_verdict *out);

#endif
