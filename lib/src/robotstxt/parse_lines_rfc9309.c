/* SPDX-License-Identifier: MIT */
/*
 * parse_lines_rfc9309.c - the line loop (parse_lines_loop.h) in the rfc9309
 * profile, with and without diagnostics, where SSE2 is: in a file of its
 * own, so that the compiler inlines and allots registers for this
 * profile's copies alone (in one file with the other profiles', a helper's
 * inlining hung on how many calls the file had of it, and a change to one
 * profile's copy moved another's parse by 0.1 to 0.5 M instructions).
 * Without SSE2 the loop's copies are parse_lines.c's.
 */
#include "parse_lines_loop.h"

#ifdef RB_SSE2
RB_LINE_LOOP(rb_read_lines_rfc9309, ROBOTS_PROFILE_RFC9309, 0)
RB_LINE_LOOP(rb_read_lines_rfc9309_skipping, ROBOTS_PROFILE_RFC9309, 1)
#endif
