/* SPDX-License-Identifier: MIT */
/*
 * http_field.c - an HTTP field line read as RFC 9112 section 5 says
 * (http_field.h): the reading the cache headers and the Content-Usage
 * field share.
 */
#include "http_field.h"
#include "ascii.h"

int rb_http_is_tchar(unsigned char c) {
    if (rb_ascii_is_alpha(c) || rb_ascii_is_digit(c))
        return 1;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return 1;
    default:
        return 0;
    }
}

void rb_http_trim_ows(const char *s, size_t *b, size_t *e) {
    while (*b < *e && rb_ascii_is_blank((unsigned char)s[*b]))
        (*b)++;
    while (*e > *b && rb_ascii_is_blank((unsigned char)s[*e - 1]))
        (*e)--;
}

int rb_http_field_split(const char *s, size_t len, size_t *name_len,
                        size_t *value_b, size_t *value_e) {
    size_t colon = 0;
    while (colon < len && rb_http_is_tchar((unsigned char)s[colon]))
        colon++;
    /* No whitespace before the colon (RFC 9112 5.1), and an empty name
     * (a line starting with ':' or with whitespace, an obs-fold) is no
     * field line. */
    if (colon == 0 || colon == len || s[colon] != ':')
        return 0;
    *name_len = colon;
    *value_b = colon + 1;
    *value_e = len;
    rb_http_trim_ows(s, value_b, value_e);
    return 1;
}
