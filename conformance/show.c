/* SPDX-License-Identifier: MIT */
/*
 * show.c - show_bytes() (show.h): what a message may print of bytes that
 * came from a case file or an adapter.
 */
#include "show.h"

#include <stdio.h>

void show_bytes(char *out, size_t cap, const char *s, size_t len) {
    static const char hex[] = "0123456789ABCDEF";
    size_t o = 0, i;
    for (i = 0; i < len && o + 8 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i >= SHOW_MAX_BYTES) {
            int n = snprintf(out + o, cap - o, "...(%zu bytes)", len);
            o += n > 0 ? (size_t)n : 0;
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out[o++] = (char)c;
        } else {
            out[o++] = '\\';
            out[o++] = 'x';
            out[o++] = hex[c >> 4];
            out[o++] = hex[c & 15];
        }
    }
    if (o >= cap)
        o = cap - 1;
    out[o] = '\0';
}
