/* SPDX-License-Identifier: MIT */
/*
 * cut_message.c - the words of the past-parse-limit diagnostic
 * (robots_cut_message(), robots.h): the one place they are written, for
 * the parse (parse_lines.c, record_cut()) and for a caller that parsed a
 * prefix and counted the rest of the file since (the CLI), so that both
 * say the same thing in the same words.
 */
#include "reserved.h"
#include "robots.h"

#include <stdio.h>
#include <string.h>

/* "s" after a count other than one: "1 line", "2 lines". */
static const char *plural(size_t n) {
    return n == 1 ? "" : "s";
}

robots_status robots_cut_message(const robots_cut_info *cut, char *buf,
                                 size_t cap, size_t *len) {
    if (cut == NULL || buf == NULL || len == NULL ||
        cap < ROBOTS_CUT_MESSAGE_BYTES || !cut->truncated ||
        !RB_RESERVED_ZERO(cut))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    /* Lines are counted only with the bytes (line_count.c); bytes alone
     * when the caller knew the rest's size; else neither. */
    if (cut->lines_not_read != ROBOTS_NOT_COUNTED &&
        cut->bytes_not_read != ROBOTS_NOT_COUNTED)
        (void)snprintf(buf, ROBOTS_CUT_MESSAGE_BYTES,
                       "the file is longer than the parse limit of %zu bytes; "
                       "its last %zu line%s (%zu byte%s), from here on, are "
                       "not read",
                       cut->limit, cut->lines_not_read,
                       plural(cut->lines_not_read), cut->bytes_not_read,
                       plural(cut->bytes_not_read));
    else if (cut->bytes_not_read != ROBOTS_NOT_COUNTED)
        (void)snprintf(buf, ROBOTS_CUT_MESSAGE_BYTES,
                       "the file is longer than the parse limit of %zu bytes; "
                       "its last %zu byte%s, from here on, are not read",
                       cut->limit, cut->bytes_not_read,
                       plural(cut->bytes_not_read));
    else
        (void)snprintf(buf, ROBOTS_CUT_MESSAGE_BYTES,
                       "the file is longer than the parse limit of %zu bytes; "
                       "the rest of it, from here on, is not read",
                       cut->limit);
    /* The longest is 163 bytes with three 20-digit counts: never cut. */
    *len = strlen(buf);
    return ROBOTS_OK;
}
