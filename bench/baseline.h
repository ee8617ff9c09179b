/* SPDX-License-Identifier: MIT */
/*
 * baseline.h - the simple matcher every benchmark figure is compared with,
 * measured in the same run.
 *
 * When the library has rb_check_reference() (the straightforward scan the
 * fuzzers use as their oracle), that is the baseline. Otherwise baseline.c
 * provides its own: the document is parsed once, and every check walks
 * every rule of every applicable group through the public accessors.
 */
#ifndef ROBOTS_BENCH_BASELINE_H
#define ROBOTS_BENCH_BASELINE_H

#include "robots.h"

/* Same contract and verdict as robots_check() for the rfc9309 and google
 * profiles (legacy: ROBOTS_ERR_INVALID_ARGUMENT without the reference). */
robots_status bench_baseline_check(const robots_txt *doc,
                                   const robots_str *agents, size_t n,
                                   const char *url, size_t url_len,
                                   robots_verdict *out);

/* Which baseline was built: "rb_check_reference" or "bench/baseline.c". */
const char *bench_baseline_name(void);

#endif
