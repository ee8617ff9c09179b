/* SPDX-License-Identifier: MIT */
/*
 * usage_lint.h - the AI usage preference findings of robots_analyze()
 * (usage_lint.c): analysis.c's hook.
 */
#ifndef ROBOTS_USAGE_LINT_H
#define ROBOTS_USAGE_LINT_H

#include "compiler.h"
#include "robots.h"

/* Reports the findings of usage_lint.c on `doc`, each through
 * rb_usage_lint_add(an, ...), in file order of the lines they are about
 * (the analysis sorts them). A direct call, not a callback, so that the
 * stack gate sees the whole path (ci/stack_usage.py). Time:
 * O(extension records * line) for the statements, and at most 1,000,000
 * steps of rules and records read for the claims about groups (past it
 * those claims are not made). No allocation; its stack, with
 * robots_select_groups()'s, is within robots_analyze()'s figure (robots.h). */
RB_HIDDEN void rb_usage_lint(const robots_txt *doc, void *an);

/* One finding, kept by analysis.c: its kind, severity, line, the other
 * line it names (0: none) and its message (a NUL-terminated sentence). */
RB_HIDDEN void rb_usage_lint_add(void *an, robots_diag_kind kind,
                                 robots_severity severity, size_t line,
                                 size_t related, const char *message);

#endif
