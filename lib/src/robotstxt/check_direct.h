/* SPDX-License-Identifier: MIT */
/*
 * check_direct.h - the first answers' walk (check_direct.c): the groups a
 * caller's tokens select, merged in file order, every rule of each tried.
 */
#ifndef ROBOTS_RT_CHECK_DIRECT_H
#define ROBOTS_RT_CHECK_DIRECT_H

#include "compiler.h"
#include "document.h"
#include "robots.h"

#include <stddef.h>

/* Whether the walk of the groups r's tokens select, for the path of a
 * URL (url_len bytes at url, never NULL), stays within RB_DIRECT_COMPARES
 * (document.h): a look at each group's rule count, and at each rule's
 * length while they stay within it. A group that several tokens select
 * is counted for each. */
RB_HIDDEN int rb_direct_within(const robots_txt *doc, const rb_resolved *r,
                               const char *url, size_t url_len);
/* The verdict for a normalised path through the groups r's tokens select
 * (see RB_DIRECT_CHECKS); nothing compiled, nothing allocated. `scratch`
 * holds doc->longest_rule_normal bytes. */
RB_HIDDEN void rb_direct_match(const robots_txt *doc, const rb_resolved *r,
                               const char *path, size_t len, char *scratch,
                               robots_verdict *out);

#endif
