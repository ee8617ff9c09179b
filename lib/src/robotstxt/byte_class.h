/* SPDX-License-Identifier: MIT */
/*
 * byte_class.h - one table of byte classes (byte_class.c) for the parser's
 * line scan, pattern normalisation and product tokens: one look-up where a
 * chain of comparisons would be several, in loops that read every byte.
 * Case folding is common/ascii.h's, but for the loops below that fold
 * every byte they read, which keep a table. May call nothing.
 */
#ifndef ROBOTS_RT_BYTE_CLASS_H
#define ROBOTS_RT_BYTE_CLASS_H

#include "compiler.h"

#include <stddef.h>

#define RB_C_PLAIN 0x01u /* rfc9309 copies it as is (not %, *, $, ENCODE) */
#define RB_C_UNRESERVED 0x02u /* RFC 3986 section 2.3 */
#define RB_C_ENCODE 0x04u     /* may not appear in a URI as it is */
#define RB_C_TOKEN 0x08u      /* [A-Za-z_-]: a product token */
#define RB_C_WHITE 0x10u      /* ASCII whitespace (isspace): google's trim */
#define RB_C_HEX 0x20u        /* [0-9A-Fa-f] */
#define RB_C_LINE 0x40u       /* NUL, LF, CR, '#', >= 0x80: a line's specials */
#define RB_C_SPACE 0x80u      /* ' ', '\t' */
RB_HIDDEN extern const unsigned char rb_byte_class[256];

/* ASCII lowercase by table: the same byte as rb_ascii_lower() for every
 * byte (tests/test_match.c holds them equal), in one load where
 * rb_ascii_lower() takes a compare and a select. Only for the loops that
 * fold every byte they read: the parse's key recognition and typo
 * distance, its merging of equal tokens (index.c), legacy's substring
 * search (agent.c) and names index. There the instructions gate measured
 * the difference: with rb_ascii_lower(), google's parse cost 1.4% more
 * (62,000 instructions in rb_index_build_all() alone) and legacy's worst
 * check (issue29-legacy-q) 1.5% more. Everywhere else case folding is
 * common/ascii.h's. */
RB_HIDDEN extern const unsigned char rb_lower_table[256];
static inline unsigned char rb_lower_fast(unsigned char c) {
    return rb_lower_table[c];
}
/* rb_ascii_equal_nocase() through the table, for the same loops. Out of
 * line, as it was before common/ascii.h: inlined into the parse's key
 * recognition and the index's token merging it cost google's parse 1%
 * more instructions. */
RB_HIDDEN int rb_equal_nocase_fast(const char *a, size_t alen, const char *b,
                                   size_t blen);

#endif
