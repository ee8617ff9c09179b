/* SPDX-License-Identifier: MIT */
/*
 * selection.h - which groups apply to a caller (selection.c): the
 * validation of a caller's agents, the resolution of its names into the
 * index's tokens (or, for legacy and the reference scan, the group), and
 * the tests of one group that the scans share.
 */
#ifndef ROBOTS_RT_SELECTION_H
#define ROBOTS_RT_SELECTION_H

#include "compiler.h"
#include "document.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* A resolution's `group` before it is known: the first group the caller's
 * tokens select is wanted only by a verdict that no rule decides (a
 * decided one names its rule's group). */
#define RB_GROUP_LATER (ROBOTS_NO_POSITION - 1)

/* How a resolution's checks match: through the index (or, once check.c
 * has weighed the groups that apply, the first answers' direct walk of
 * its tokens' groups); by the reference scan. */
enum rb_walk { RB_WALK_INDEX, RB_WALK_REFERENCE };

/* ROBOTS_OK when `agents` holds 1 to ROBOTS_MAX_QUERY_AGENTS names, each
 * of at most ROBOTS_MAX_AGENT_BYTES and none NULL with a length; else the
 * status that says which limit was passed. */
RB_HIDDEN robots_status rb_validate_agents(const robots_str *agents, size_t n);

/* Whether group gi names one of the n agents (in the document's profile),
 * or is a `*` group. */
RB_HIDDEN int rb_group_names_caller(const robots_txt *doc, size_t gi,
                                    const robots_str *agents, size_t n);
RB_HIDDEN int rb_group_is_wildcard(const robots_txt *doc, size_t gi);

/* Resolves the agents into *r, its tokens' sets words written to `tokens`
 * (room for ROBOTS_MAX_QUERY_AGENTS). Fails only when legacy's selection
 * has no memory to index long names. */
RB_HIDDEN robots_status rb_resolve(const robots_txt *doc,
                                   const robots_str *agents, size_t agent_count,
                                   enum rb_walk walk, rb_resolved *r,
                                   uint32_t *tokens);

/* The first group of the sets a resolved caller's tokens select. */
RB_HIDDEN size_t rb_tokens_first_group(const robots_txt *doc,
                                       const rb_resolved *r);

#endif
