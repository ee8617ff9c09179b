/* SPDX-License-Identifier: MIT */
/*
 * lint_fix.h - `robots lint --fix`: a corrected robots.txt for lint's
 * mechanical findings, each fix proven by experiment before it is written.
 */
#ifndef ROBOTS_CLI_LINT_FIX_H
#define ROBOTS_CLI_LINT_FIX_H

#include "cli.h"

/* Verdicts one proof may ask (agents x paths, before and after): past it
 * the fix is not proven, and so not written. */
#define LINT_FIX_MAX_CHECKS ((size_t)1 << 21)
/* The check budget of one file, all proofs together: the verdicts they
 * may ask, and the bytes of fixed files they may build and parse (a proof
 * costs the file's length, whatever it proves). All the fixes are proven
 * at once; only when that fails is each tried alone, which costs a proof
 * per fix, and a file of many fixable lines would make that quadratic.
 * Once either budget is spent no fix is tried any more: those left are
 * reported as not tried, and the summary line says that the budget was
 * spent and after how many proofs ("run --fix again" proves the rest). */
#define LINT_FIX_MAX_TOTAL_CHECKS ((size_t)1 << 24)
#define LINT_FIX_MAX_TOTAL_BYTES ((size_t)1 << 25)

/* Reads the robots.txt `path`, writes the file with every proven fix to
 * `output` (NULL or "-": stdout) or, when in_place, over `path` through a
 * temporary file and a rename; reports each fix and each finding left on
 * stderr. Returns EXIT_ALLOWED when every mechanical finding was fixed,
 * EXIT_DISALLOWED when some were left (flagged, or not proven), EXIT_USAGE
 * on bad input or a write error (nothing written then). */
int lint_fix(const char *path, const robots_options *options,
             const char *output, int in_place);

#endif
