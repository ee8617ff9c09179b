/* SPDX-License-Identifier: MIT */
/*
 * sf_bare.h - what the RFC 9651 bare-item parsers (sf_bare.c) offer the
 * parser of a field's structure (sf_parse.c): the cursor both walk, its
 * steps over SP and OWS, and the parsing of a key and of a bare item.
 * The cursor's steps are inline: every byte of a field passes them.
 */
#ifndef ROBOTS_AIPREF_SF_BARE_H
#define ROBOTS_AIPREF_SF_BARE_H

#include "structured_field.h"

#include <stddef.h>

/* The unparsed rest of a field: s[pos..len). */
typedef struct sf_cursor {
    const unsigned char *s;
    size_t len;
    size_t pos;
} sf_cursor;

static inline int sf_at_end(const sf_cursor *c) {
    return c->pos >= c->len;
}

/* The next byte, or -1 at the end. */
static inline int sf_peek(const sf_cursor *c) {
    return c->pos < c->len ? c->s[c->pos] : -1;
}

static inline void sf_skip_sp(sf_cursor *c) {
    while (sf_peek(c) == ' ')
        c->pos++;
}

/* OWS: SP or HTAB (RFC 9110 5.6.3). */
static inline void sf_skip_ows(sf_cursor *c) {
    while (sf_peek(c) == ' ' || sf_peek(c) == '\t')
        c->pos++;
}

/* 4.2.3.3 Parsing a Key: on success *key points into the field. A key
 * followed by an uppercase letter fails as RB_SF_ERR_KEY_UPPERCASE. */
RB_HIDDEN rb_sf_error rb_sf_parse_key(sf_cursor *c, const char **key,
                                      size_t *len);
/* 4.2.3.1 Parsing a Bare Item, of whichever type its first byte says. */
RB_HIDDEN rb_sf_error rb_sf_parse_bare(sf_cursor *c, rb_sf_bare *out);

#endif
