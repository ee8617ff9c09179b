/* SPDX-License-Identifier: MIT */
/*
 * ascii.h - the one ASCII module of the library: character classes, case
 * folding and case-insensitive comparison, for every part that reads
 * keys, tokens, header fields or HTML names. Bytes are read as unsigned
 * char, and only A-Z fold, so that no locale, no signedness of char and no
 * byte >= 0x80 can change a comparison (RFC 9309 section 2.2.1 and RFC
 * 9110 section 5.1 compare names in ASCII case only). static inline: each
 * function is a few instructions and sits in the parser's and the
 * matcher's inner loops. Each loop is bounded by the lengths it is given.
 */
#ifndef ROBOTS_ASCII_H
#define ROBOTS_ASCII_H

#include <stddef.h>
#include <string.h>

static inline int rb_ascii_is_upper(unsigned char c) {
    return (unsigned char)(c - 'A') < 26u;
}

static inline int rb_ascii_is_alpha(unsigned char c) {
    return (unsigned char)((c | 0x20u) - 'a') < 26u;
}

static inline int rb_ascii_is_digit(unsigned char c) {
    return (unsigned char)(c - '0') < 10u;
}

/* Space or horizontal tab: the whitespace of a robots.txt line (RFC 9309
 * section 2.2) and of HTTP fields (RFC 9110 section 5.6.3, OWS). */
static inline int rb_ascii_is_blank(unsigned char c) {
    return c == ' ' || c == '\t';
}

static inline unsigned char rb_ascii_lower(unsigned char c) {
    return rb_ascii_is_upper(c) ? (unsigned char)(c | 0x20u) : c;
}

/* The value of a hexadecimal digit, either case, or -1. */
static inline int rb_ascii_hex_value(unsigned char c) {
    if (rb_ascii_is_digit(c))
        return c - '0';
    c = (unsigned char)(c | 0x20u);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Do a[0..alen) and b[0..blen) hold the same bytes, ASCII case ignored? */
static inline int rb_ascii_equal_nocase(const char *a, size_t alen,
                                        const char *b, size_t blen) {
    if (alen != blen)
        return 0;
    for (size_t i = 0; i < alen; i++)
        if (rb_ascii_lower((unsigned char)a[i]) !=
            rb_ascii_lower((unsigned char)b[i]))
            return 0;
    return 1;
}

/* Does s[0..len) equal the NUL-terminated literal `lower`, which the caller
 * writes in lowercase, ASCII case of s ignored? */
static inline int rb_ascii_equal_lower(const char *s, size_t len,
                                       const char *lower) {
    /* The literal's length first (a constant once inlined): comparing up
     * to its NUL read past it in gcc 12 -O3's eyes (-Warray-bounds). */
    if (strlen(lower) != len)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (rb_ascii_lower((unsigned char)s[i]) != (unsigned char)lower[i])
            return 0;
    return 1;
}

/* Does s[0..len) start with the lowercase literal `lower`, case ignored? */
static inline int rb_ascii_starts_lower(const char *s, size_t len,
                                        const char *lower) {
    size_t i = 0;
    for (; lower[i] != '\0'; i++)
        if (i >= len ||
            rb_ascii_lower((unsigned char)s[i]) != (unsigned char)lower[i])
            return 0;
    return 1;
}

#endif
