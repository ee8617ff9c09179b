/* SPDX-License-Identifier: MIT */
/*
 * usage_lint.h - the AI usage preference findings of robots_analyze()
 * (usage_lint.c): analysis.c's hook.
 */
#ifndef ROBOTS_USAGE_LINT_H
#define ROBOTS_USAGE_LINT_H

#include "internal.h"

/* One finding: its kind, severity, line, the other line it names (0:
 * none) and its message (a NUL-terminated sentence, valid for the call). */
typedef void (*rb_usage_lint_emit)(void *ctx, robots_diag_kind kind,
                                   robots_severity severity, size_t line,
                                   size_t related, const char *message);

/* Reports the findings of usage_lint.c on `doc` through `emit`, in file
 * order of the lines they are about (the analysis sorts them). Time:
 * O(extension records * line) for the statements, and at most
 * 1,000,000 steps of rules and records read for the claims about
 * groups (past it those claims are not made). No allocation; stack under
 * 3 KiB. */
RB_HIDDEN void rb_usage_lint(const robots_txt *doc, rb_usage_lint_emit emit,
                             void *ctx);

#endif
