/* SPDX-License-Identifier: MIT */
/*
 * cut_message.c - the words of the past-parse-limit diagnostic
 * (robots_cut_message(), robots.h): the one place they are written, for
 * the parse (parse_lines.c, rb_parse_record_cut()) and for a caller that parsed
 * a prefix and counted the rest of the file since (the CLI), so that both say
 * the same thing in the same words.
 */
#include "reserved.h"
#include "robots.h"

#include <string.h>

/* A message written left to right; the room is ROBOTS_CUT_MESSAGE_BYTES,
 * which the longest message (three 20-digit counts: 163 bytes and the
 * NUL) fits, so nothing is cut. Written by hand rather than by snprintf()
 * so that the call needs no more stack than its own frame (robots.h). */
typedef struct words {
    char *at;
} words;

static void put_text(words *w, const char *text) {
    size_t len = strlen(text);
    memcpy(w->at, text, len);
    w->at += len;
}

static void put_count(words *w, size_t n) {
    char digits[24];
    size_t i = sizeof digits;
    do {
        digits[--i] = (char)('0' + n % 10);
        n /= 10;
    } while (n != 0);
    memcpy(w->at, digits + i, sizeof digits - i);
    w->at += sizeof digits - i;
}

/* "5 lines", "1 byte". */
static void put_counted(words *w, size_t n, const char *noun) {
    put_count(w, n);
    put_text(w, " ");
    put_text(w, noun);
    if (n != 1)
        put_text(w, "s");
}

robots_status robots_cut_message(const robots_cut_info *cut, char *buf,
                                 size_t cap, size_t *len) {
    if (cut == NULL || buf == NULL || len == NULL ||
        cap < ROBOTS_CUT_MESSAGE_BYTES || !cut->truncated ||
        !RB_RESERVED_ZERO(cut))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    words w = {buf};
    put_text(&w, "the file is longer than the parse limit of ");
    put_count(&w, cut->limit);
    /* Lines are counted only with the bytes (line_count.c); bytes alone
     * when the caller knew the rest's size; else neither. */
    if (cut->lines_not_read != ROBOTS_NOT_COUNTED &&
        cut->bytes_not_read != ROBOTS_NOT_COUNTED) {
        put_text(&w, " bytes; its last ");
        put_counted(&w, cut->lines_not_read, "line");
        put_text(&w, " (");
        put_counted(&w, cut->bytes_not_read, "byte");
        put_text(&w, "), from here on, are not read");
    } else if (cut->bytes_not_read != ROBOTS_NOT_COUNTED) {
        put_text(&w, " bytes; its last ");
        put_counted(&w, cut->bytes_not_read, "byte");
        put_text(&w, ", from here on, are not read");
    } else {
        put_text(&w, " bytes; the rest of it, from here on, is not read");
    }
    *w.at = '\0';
    *len = (size_t)(w.at - buf);
    return ROBOTS_OK;
}
