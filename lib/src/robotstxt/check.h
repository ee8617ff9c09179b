/* SPDX-License-Identifier: MIT */
/*
 * check.h - checking (check.c): the reference scan the fuzzers and the
 * benchmarks hold the index to.
 * May call: everything below it in the module graph (ci/include_graph.py).
 */
#ifndef ROBOTS_RT_CHECK_H
#define ROBOTS_RT_CHECK_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>

/* robots_check() through the straightforward scan of every rule of every
 * applicable group: the oracle the fuzzers and benchmarks compare the
 * index with. Same contract as robots_check(). */
RB_HIDDEN robots_status rb_check_reference(const robots_txt *doc,
                                           const robots_str *agents,
                                           size_t agent_count, const char *url,
                                           size_t url_len, robots_verdict *out);

#endif
