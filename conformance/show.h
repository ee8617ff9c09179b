/* SPDX-License-Identifier: MIT */
/*
 * show.h - bytes from a case file or from an adapter, made fit for a
 * message: printable ASCII as is, the rest escaped, cut when long.
 */
#ifndef CONFORMANCE_SHOW_H
#define CONFORMANCE_SHOW_H

#include <stddef.h>

/* Writes s[0..len) to out (cap > 0 bytes, always NUL-terminated): bytes
 * 0x20..0x7e but '\\' as they are, the others as \xHH; past SHOW_MAX_BYTES
 * bytes, "...(N bytes)" instead of the rest. */
void show_bytes(char *out, size_t cap, const char *s, size_t len);

#define SHOW_MAX_BYTES 120

#endif
