/* SPDX-License-Identifier: MIT */
/*
 * quote.h - the one way a message quotes its input (a value, a key, a
 * label): the parse's diagnostics (parse_diag.c), robots_analyze()'s
 * findings (analysis*.c) and the usage lint (aipref/usage_lint.c) call it,
 * each with its own room, so that no message carries a control byte or
 * broken UTF-8 into a terminal or a log. May call body.h.
 */
#ifndef ROBOTS_RT_QUOTE_H
#define ROBOTS_RT_QUOTE_H

#include "compiler.h"

#include <stddef.h>

/* What rb_text_quote() keeps besides printable ASCII. */
typedef enum rb_quote_keep {
    RB_QUOTE_KEEP_ASCII = 0, /* every other byte becomes '?' */
    RB_QUOTE_KEEP_UTF8 = 1,  /* valid UTF-8 that is no C0 or C1 control too */
    RB_QUOTE_KEEP_LAST = RB_QUOTE_KEEP_UTF8
} rb_quote_keep;

/* (s, len) as text in out (cap bytes, at least 8): the bytes `keep` says,
 * every other byte (a character, for a C1 control) as '?', and text longer
 * than cap - 4 bytes cut at a character and ended by "...". Returns out,
 * NUL-terminated. O(min(len, cap)). */
RB_HIDDEN const char *rb_text_quote(const char *s, size_t len,
                                    rb_quote_keep keep, char *out, size_t cap);
/* rb_text_quote(), returning the quote's length (its NUL's offset): a
 * message that goes on after the quote needs no strlen(). The ASCII quote
 * takes sixteen bytes a step (quote.c). */
RB_HIDDEN size_t rb_text_quoted(const char *s, size_t len, rb_quote_keep keep,
                                char *out, size_t cap);
/* The same quote a byte at a time: the reference that the unit suite and
 * the fuzzers' build (RB_PARSE_CROSSCHECK) hold the fast one to, and the
 * UTF-8 quote. */
RB_HIDDEN size_t rb_text_quote_plain(const char *s, size_t len,
                                     rb_quote_keep keep, char *out, size_t cap);

#endif
