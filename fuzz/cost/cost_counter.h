/* SPDX-License-Identifier: MIT */
/*
 * cost_counter.h - the deterministic cost of one call, for the cost fuzzer
 * (fuzz/README.md, "Cost fuzzing").
 *
 * The library and the CLI code the cost fuzzer drives are compiled a second
 * time with -fsanitize-coverage=trace-pc-guard: clang then calls back at
 * every edge of their control flow (every basic block entered), and
 * cost_counter.c counts those calls. The C library's byte loops that this
 * code calls (memchr, memcmp, memcpy, memmove, memset, strlen, calloc,
 * realloc) are wrapped at link time (-Wl,--wrap) and charged one step per
 * call and one per 16 bytes they touch. A step is thus about one basic
 * block or 16 bytes of libc work; the count of a call depends only on its
 * input and on the compiler, never on the machine's load.
 *
 * Nothing here is in the library: the counter is the harness's, and a
 * normal build of the library has no instrumentation at all.
 */
#ifndef ROBOTS_COST_COUNTER_H
#define ROBOTS_COST_COUNTER_H

#include <stdint.h>

/* Starts counting one call: steps from 0, and `limit` the most it may
 * take. Past the limit cost_counter calls `over` (which must not return:
 * it reports and exits), so a call that runs away is stopped at its
 * budget instead of running for minutes. */
void cost_start(uint64_t limit, void (*over)(void));

/* Stops counting; returns the steps since cost_start(). */
uint64_t cost_stop(void);

/* The steps counted so far in the current call. */
uint64_t cost_steps(void);

/* 1 when the library was compiled with the counting instrumentation (the
 * first edge of any instrumented function registers it): a build without
 * it would count nothing and pass every budget, so the driver refuses. */
int cost_instrumented(void);

#endif /* ROBOTS_COST_COUNTER_H */
