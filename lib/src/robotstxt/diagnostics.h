/* SPDX-License-Identifier: MIT */
/*
 * diagnostics.h - counts of diagnostics per kind, as the parse and the
 * analysis keep them (access.c and analysis.c read them out). Inline;
 * may call nothing.
 */
#ifndef ROBOTS_RT_DIAGNOSTICS_H
#define ROBOTS_RT_DIAGNOSTICS_H

#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* A kind's count in a table of every kind's (the parse's, the analysis's);
 * 0 for no table or a value outside the enum. */
static inline size_t rb_kind_total(const uint32_t *totals,
                                   robots_diag_kind kind) {
    long long k = kind;
    return totals != NULL && k >= 0 && k <= ROBOTS_DIAG_KIND_LAST ? totals[k]
                                                                  : 0;
}

#endif
