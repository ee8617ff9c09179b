/* SPDX-License-Identifier: MIT */
/*
 * meta_directives.h - what meta_directives.c (the directive lists of
 * robots META tags and X-Robots-Tag) offers meta_html.c: reading one
 * content="" list into a result, the crawler's name as META tags compare
 * it, and HTML's whitespace, which may surround list items.
 */
#ifndef ROBOTS_META_DIRECTIVES_H
#define ROBOTS_META_DIRECTIVES_H

#include "robots_web.h"

#include <stddef.h>

#if defined(__GNUC__)
#define RB_META_HIDDEN __attribute__((visibility("hidden")))
#else
#define RB_META_HIDDEN
#endif

/* HTML's ASCII whitespace (space, tab, LF, FF, CR), which attribute values
 * may hold around list items. */
static inline int rb_meta_is_html_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

/* Trims HTML's whitespace from both ends of s[*b..*e). */
static inline void rb_meta_trim_html(const char *s, size_t *b, size_t *e) {
    while (*b < *e && rb_meta_is_html_space((unsigned char)s[*b]))
        (*b)++;
    while (*e > *b && rb_meta_is_html_space((unsigned char)s[*e - 1]))
        (*e)--;
}

/* Applies the comma-separated directives of s[0..len) to r, as read from
 * src. */
RB_META_HIDDEN void rb_meta_apply_list(robots_meta_result *r, const char *s,
                                       size_t len, robots_meta_source src);

/* The crawler's name as compared with name="..." and header prefixes: the
 * leading [A-Za-z_-] run of agent[0..len) (its length). */
RB_META_HIDDEN size_t rb_meta_agent_token(const char *agent, size_t len);

#endif /* ROBOTS_META_DIRECTIVES_H */
