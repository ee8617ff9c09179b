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

/* The verdict for a normalised path through the groups r's tokens select
 * (see RB_DIRECT_CHECKS); nothing compiled, nothing allocated. `scratch`
 * holds doc->longest_rule_normal bytes. */
RB_HIDDEN void rb_direct_match(const robots_txt *doc, const rb_resolved *r,
                               const char *path, size_t len, char *scratch,
                               robots_verdict *out);

#endif
