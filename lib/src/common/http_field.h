/* SPDX-License-Identifier: MIT */
/*
 * http_field.h - the one reader of an HTTP field line, "Name: value" (RFC
 * 9110 section 5, RFC 9112 section 5): the name's bytes (tchar), the colon
 * right after it, the value without its optional whitespace. The cache
 * headers' block reader (web/cache.c) and the Content-Usage field line
 * (aipref/usage_api.c) both read lines here, so the two agree on what a
 * field line is. No allocation; every scan is bounded by len.
 */
#ifndef ROBOTS_HTTP_FIELD_H
#define ROBOTS_HTTP_FIELD_H

#include <stddef.h>

/* RFC 9110 section 5.6.2 tchar: a byte a field name or token may hold. */
int rb_http_is_tchar(unsigned char c);

/* Trims the optional whitespace (SP, HTAB) around s[*b, *e). */
void rb_http_trim_ows(const char *s, size_t *b, size_t *e);

/* Reads s[0, len), one line without its line end, as a field line: a name
 * of one tchar or more, then ':' with no whitespace before it (RFC 9112
 * section 5.1; an obs-fold continuation line is no field line either).
 * 1 with the name's length in *name_len and the value, its OWS trimmed,
 * in s[*value_b, *value_e); 0 when the line is no field line. */
int rb_http_field_split(const char *s, size_t len, size_t *name_len,
                        size_t *value_b, size_t *value_e);

#endif
