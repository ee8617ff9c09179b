/* SPDX-License-Identifier: MIT */
/*
 * check_scan.h - matching by trying every rule of a group in turn
 * (check_scan.c): the reference scan the fuzzers and benchmarks hold the
 * index to, the direct walk's step, and legacy's first match.
 */
#ifndef ROBOTS_RT_CHECK_SCAN_H
#define ROBOTS_RT_CHECK_SCAN_H

#include "best_rule.h"
#include "compiler.h"
#include "robots.h"

#include <stddef.h>

/* Rule `index` (of doc->rules) tried against the path, the best rule
 * updated if it matches; `scratch` holds doc->longest_rule_normal bytes. */
RB_HIDDEN void rb_scan_rule(const robots_txt *doc, size_t index,
                            const char *path, size_t len, char *scratch,
                            rb_best_rule *best);
/* Every rule of group gi tried against the path; `scratch` holds
 * doc->longest_rule_normal bytes. */
RB_HIDDEN void rb_scan_group(const robots_txt *doc, size_t gi, const char *path,
                             size_t len, char *scratch, rb_best_rule *best);
/* The verdict of every rule of every group that applies, from out->group
 * on, the groups chosen by comparing each user-agent line with each name. */
RB_HIDDEN void rb_scan_match(const robots_txt *doc, const robots_str *agents,
                             size_t n, const char *path, size_t len,
                             char *scratch, robots_verdict *out);
/* legacy: the first matching rule of group out->group in file order. */
RB_HIDDEN void rb_first_match(const robots_txt *doc, const char *path,
                              size_t len, char *scratch, robots_verdict *out);

#endif
