/* SPDX-License-Identifier: MIT */
/*
 * diag_message.h - a kept diagnostic's message written where it is kept:
 * its room (the document's text, where it has room, counted first, so
 * that past ROBOTS_MAX_DIAGNOSTICS nothing is written), its string
 * literals copied with the lengths the compiler knows, its quotes of the
 * input (quote_ascii.h), and rb_parse_diag_keep() (parse_diag.c). For the
 * messages a page served as robots.txt has on most of its lines, which
 * rb_parse_diag_parts() (a loop over parts of unknown lengths) cost about
 * 330 instructions each. A message written this way must fit in
 * RB_DIAG_ROOM without a cut: RB_DIAG_FITS() says so at compile time. The
 * fuzzers' build (RB_PARSE_CROSSCHECK) holds each to rb_parse_diag_parts()'s
 * message from the same parts. Inline; may call parse_diag.c and memcpy.
 */
#ifndef ROBOTS_RT_DIAG_MESSAGE_H
#define ROBOTS_RT_DIAG_MESSAGE_H

#include "compiler.h"
#include "parser.h"
#include "quote_ascii.h"

#include <stddef.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
#endif

/* A message's bytes and its NUL, at most (rb_parse_diag_parts()'s cut). */
#define RB_DIAG_ROOM 256

/* Whether a message of `fixed` literal bytes and `quotes` quotes of the
 * input (each at most RB_PARSE_QUOTE_CAP - 1 bytes) fits uncut, with the
 * 16 bytes rb_diag_put_quote() may write past a quote. */
#define RB_DIAG_FITS(fixed, quotes)                                            \
    ((fixed) + (size_t)(quotes) * (RB_PARSE_QUOTE_CAP - 1) + 16 < RB_DIAG_ROOM)

/* The first past the cap (the note that says so), or a failed parse: out
 * of line, as a file reaches it once. */
RB_HIDDEN RB_COLD void rb_parse_diag_past_cap(parser *p);

/* A diagnostic past the cap, counted: the note is due only for the first
 * (the array holds ROBOTS_MAX_DIAGNOSTICS), so that one is told here, with
 * no call for each of the others (a page of HTML's lines past the cap,
 * about 11,000 of the real-world corpus's). */
static inline void rb_parse_diag_note_cap(parser *p) {
    if (p->diags.count == ROBOTS_MAX_DIAGNOSTICS)
        rb_parse_diag_past_cap(p);
}

/* Counts a diagnostic of `kind`; returns where its message is to be
 * written (`room` bytes, RB_DIAG_ROOM or more: the text's end when it has
 * that room, else buf, of that size), or NULL when it is only counted
 * (past the cap), and then nothing is to be written or guessed. Nothing
 * may be added to the text between this and rb_parse_diag_keep(). */
static inline char *rb_parse_diag_room(parser *p, robots_diag_kind kind,
                                       char *buf, size_t room) {
    p->diag_total++;
    p->kind_totals[kind]++;
    if (p->failed || p->diags.count >= ROBOTS_MAX_DIAGNOSTICS) {
        rb_parse_diag_note_cap(p);
        return NULL;
    }
    const rb_vec *text = &p->text;
    return text->data != NULL && text->cap - text->count >= room
               ? (char *)text->data + text->count
               : buf;
}

/* Whether a diagnostic is past the cap (or the parse failed): then it is
 * counted as rb_parse_diag_room() counts one there, and 1. For a report
 * whose message has a frame of its own (its buffer), called before it,
 * so that the lines past the cap (most of a long page of HTML's) do not
 * set the frame up; under the cap, rb_parse_diag_room() then never
 * returns NULL. */
static inline int rb_parse_diag_counted_past_cap(parser *p,
                                                 robots_diag_kind kind) {
    if (!p->failed && p->diags.count < ROBOTS_MAX_DIAGNOSTICS)
        return 0;
    p->diag_total++;
    p->kind_totals[kind]++;
    rb_parse_diag_note_cap(p);
    return 1;
}

/* A message of n bytes cut as rb_parse_diag_parts() cuts one, at
 * RB_DIAG_ROOM - 1 bytes: the parts are written whole (with the room for
 * them) and the first bytes kept, the same bytes as a cut part by part. */
static inline size_t rb_diag_cut(size_t n) {
    return n < RB_DIAG_ROOM ? n : RB_DIAG_ROOM - 1;
}

/* A kept diagnostic's fields: at (NULL: the whole line) gives its
 * column, and with key_len its key's span. */
static inline void rb_diag_fill(const parser *p, rb_diag *d, const char *at,
                                size_t key_len, robots_diag_kind kind,
                                robots_severity severity, rb_span message) {
    d->line = (uint32_t)p->line;
    d->column = at ? (uint32_t)(at - p->line_start) + 1 : 0;
    d->kind = (uint8_t)kind;
    d->severity = (uint8_t)severity;
    /* A key is read from a line of the body, so it lies in it and within
     * ROBOTS_MAX_LINE_BYTES (a uint16_t); the bounds are checked all the
     * same, and a key outside them is no key. */
    d->key_len = 0;
    d->key_off = 0;
    if (at != NULL && key_len > 0 && key_len <= ROBOTS_MAX_LINE_BYTES &&
        at >= p->body && key_len <= (size_t)(p->body_end - at)) {
        d->key_len = (uint16_t)key_len;
        d->key_off = (uint32_t)(at - p->body);
    }
    d->message = message;
    d->suggestion = (rb_span){0, 0};
}

/* rb_parse_diag_keep() where it cannot take its usual path: a message
 * written in buf, the first diagnostic, a full array. */
RB_HIDDEN void rb_parse_diag_keep_slow(parser *p, const char *at,
                                       size_t key_len, robots_diag_kind kind,
                                       robots_severity severity, char *message,
                                       size_t n);

/* Whether the len bytes at a and b (two messages) are the same: sixteen
 * a step with SSE2, the last sixteen overlapping the ones before (a
 * page's long lines are each quoted to 40 bytes and "...", so their
 * messages have one length, and most differ in their first bytes), else
 * rb_same_bytes() (words.h). */
static inline int rb_diag_same_text(const char *a, const char *b, size_t len) {
#ifdef RB_SSE2
    for (size_t i = 0; len >= 16; i += 16) {
        size_t at = len - i > 16 ? i : len - 16;
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(a + at));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + at));
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) != 0xFFFF)
            return 0;
        if (at == len - 16)
            return 1;
    }
#endif
    return rb_same_bytes(a, b, len);
}

/* rb_parse_diag_keep()'s usual path, for a caller that knows it is the
 * one to take: the parse not failed, a diagnostic before this one, room
 * for this one in the array, and the message written at the text's end.
 * The one before's message when the same (a file that repeats a mistake
 * line after line: the text keeps one copy), else this one, written in
 * place, its NUL too. */
static inline void rb_parse_diag_keep_in_place(parser *p, const char *at,
                                               size_t key_len,
                                               robots_diag_kind kind,
                                               robots_severity severity,
                                               char *message, size_t n) {
    rb_vec *text = &p->text, *diags = &p->diags;
    size_t count = diags->count, at_text = text->count;
    rb_span span = ((const rb_diag *)diags->data)[count - 1].message;
    if (span.len != n || n == 0 ||
        !rb_diag_same_text((const char *)text->data + span.off, message, n)) {
        message[n] = '\0';
        text->count = at_text + n + 1;
        span = (rb_span){(uint32_t)at_text, (uint32_t)n};
    }
    rb_diag_fill(p, (rb_diag *)diags->data + count, at, key_len, kind, severity,
                 span);
    diags->count = count + 1;
}

/* Keeps the diagnostic whose message (n bytes, n < RB_DIAG_ROOM) is at
 * message, the room rb_parse_diag_room() gave; writes its NUL. at and
 * key_len as rb_parse_diag_parts()'s. Inline on its usual path: a message
 * written in place, unlike the one before, with room in the array. */
static inline void rb_parse_diag_keep(parser *p, const char *at, size_t key_len,
                                      robots_diag_kind kind,
                                      robots_severity severity, char *message,
                                      size_t n) {
    rb_vec *text = &p->text, *diags = &p->diags;
    if (p->failed || diags->count == 0 || diags->count == diags->cap ||
        message != (char *)text->data + text->count) {
        rb_parse_diag_keep_slow(p, at, key_len, kind, severity, message, n);
        return;
    }
    rb_parse_diag_keep_in_place(p, at, key_len, kind, severity, message, n);
}

/* rb_parse_diag_keep() of a message (n bytes at message) that the caller
 * knows is the one before's when that one is of its kind and length (a
 * text its kind and length fix): kept with that one's text, not compared
 * (the fuzzers' build compares it), and 1; 0 when not so kept, for
 * rb_parse_diag_keep(). */
static inline int rb_parse_diag_keep_same(parser *p, const char *at,
                                          size_t key_len, robots_diag_kind kind,
                                          robots_severity severity,
                                          const char *message, size_t n) {
    rb_vec *diags = &p->diags;
    size_t count = diags->count;
    if (p->failed || count == 0 || count == diags->cap)
        return 0;
    const rb_diag *last = (const rb_diag *)diags->data + count - 1;
    /* the severity too: a kind's texts of one severity differ in length
     * (their callers say so), those of two may not */
    if (last->kind != kind || last->severity != (uint8_t)severity ||
        last->message.len != n)
        return 0;
#ifdef RB_PARSE_CROSSCHECK
    if (memcmp((const char *)p->text.data + last->message.off, message, n))
        abort();
#else
    (void)message;
#endif
    rb_diag_fill(p, (rb_diag *)diags->data + count, at, key_len, kind, severity,
                 last->message);
    diags->count = count + 1;
    return 1;
}

/* A diagnostic kept again: the one at index `like` of the array (its
 * kind, severity, message, suggestion and key's length) for the key at at
 * (in the body, of that length), on this line, when the array has room
 * for it under the cap: 1; else 0, with nothing counted, for the report's
 * usual path. A copy of that one with its line, column and key's place
 * set: rb_diag_fill()'s tests of the key hold for it as they held for
 * that one. */
static inline int rb_parse_diag_keep_again(parser *p, const char *at,
                                           size_t like) {
    rb_vec *diags = &p->diags;
    size_t count = diags->count;
    if (p->failed || count >= ROBOTS_MAX_DIAGNOSTICS || count == diags->cap)
        return 0;
    rb_diag *d = (rb_diag *)diags->data;
    RB_ASSUMED(like < count && d[like].key_len != 0 &&
               rb_lies_in(at, d[like].key_len, p->body, p->body_end));
    p->diag_total++;
    p->kind_totals[d[like].kind]++;
    d[count] = d[like];
    d[count].line = (uint32_t)p->line;
    d[count].column = (uint32_t)(at - p->line_start) + 1;
    d[count].key_off = (uint32_t)(at - p->body);
    diags->count = count + 1;
    return 1;
}

/* The suggestion (len bytes) of the diagnostic rb_parse_diag_keep() just
 * kept: rare, so out of its path. */
RB_HIDDEN void rb_parse_diag_suggest(parser *p, const char *suggestion,
                                     size_t len);

/* A string literal at out + n; returns the length after it. Its NUL is
 * copied too (the compiler's copy of a known length is a few moves), and
 * overwritten by what follows. */
#define RB_DIAG_PUT(out, n, literal)                                           \
    (memcpy((out) + (n), (literal), sizeof(literal)), (n) + sizeof(literal) - 1)

/* (s, len), a part of the body, quoted as rb_parse_quote() quotes it, at
 * out + n; returns the length after it. Where the body has 48 bytes from
 * s, sixteen at a time with no byte-at-a-time tail: the last block reads
 * past the quoted bytes (inside the body) and writes up to 15 bytes past
 * them, which what follows overwrites, so the room must have 16 bytes to
 * spare after the quote (RB_DIAG_FITS() keeps them). */
static inline size_t rb_diag_put_quote(const parser *p, char *out, size_t n,
                                       const char *s, size_t len) {
    enum { KEPT = RB_PARSE_QUOTE_CAP - 4 }; /* 40 bytes, then "..." */
#ifdef RB_SSE2
    if ((size_t)(p->body_end - s) >= 48) {
        size_t m = len < KEPT ? len : KEPT;
        /* the loop's three steps written out: no count to keep */
        _Static_assert(KEPT > 32 && KEPT <= 48, "three steps");
        rb_quote16(s, out + n, 0);
        if (m > 16) {
            rb_quote16(s, out + n, 16);
            if (m > 32)
                rb_quote16(s, out + n, 32);
        }
        n += m;
        if (m < len)
            n = RB_DIAG_PUT(out, n, "...");
        return n;
    }
#endif
    (void)p;
    return n + rb_quote_ascii(s, len, out + n, RB_PARSE_QUOTE_CAP);
}

/* len bytes of text whose length is not a constant (a known key's name),
 * at out + n; returns the length after them. */
static inline size_t rb_diag_put_text(char *out, size_t n, const char *s,
                                      size_t len) {
    memcpy(out + n, s, len);
    return n + len;
}

#ifdef RB_PARSE_CROSSCHECK
/* The fuzzers' build: the message written at message (n bytes) must be
 * the one rb_parse_diag_parts() makes of the parts (parse_diag.c). */
RB_HIDDEN void rb_parse_diag_crosscheck(const char *message, size_t n,
                                        const rb_msg_part *parts, size_t count);
#define RB_DIAG_CROSSCHECK(message, n, ...)                                    \
    do {                                                                       \
        const rb_msg_part crosscheck_parts_[] = {__VA_ARGS__};                 \
        rb_parse_diag_crosscheck((message), (n), crosscheck_parts_,            \
                                 sizeof crosscheck_parts_ /                    \
                                     sizeof crosscheck_parts_[0]);             \
    } while (0)
#else
#define RB_DIAG_CROSSCHECK(message, n, ...) ((void)0)
#endif

/* A kept diagnostic whose message is a text, a quote of the input (len
 * bytes at s, in the body) and a text: the shape of most messages written
 * in place, each text an RB_MSG_TEXT() of a string literal. Always
 * inline, so that the texts' lengths stay constants the copies are made
 * with. RB_DIAG_QUOTED() holds the texts to RB_DIAG_FITS() at compile
 * time. */
RB_ALWAYS_INLINE static inline void
rb_diag_quoted(parser *p, const char *at, size_t key_len, robots_diag_kind kind,
               robots_severity severity, rb_msg_part head, const char *s,
               size_t len, rb_msg_part tail) {
    char buf[RB_DIAG_ROOM];
    char *out = rb_parse_diag_room(p, kind, buf, sizeof buf);
    if (out == NULL)
        return; /* past the cap: only counted */
    memcpy(out, head.text, head.len);
    size_t n = rb_diag_put_quote(p, out, head.len, s, len);
    memcpy(out + n, tail.text, tail.len);
    n += tail.len;
    RB_DIAG_CROSSCHECK(out, n, head, RB_MSG_QUOTE(s, len), tail);
    rb_parse_diag_keep(p, at, key_len, kind, severity, out, n);
}
#define RB_DIAG_QUOTED(p, at, key_len, kind, severity, head, s, len, tail)     \
    ((void)sizeof(                                                             \
         char[RB_DIAG_FITS(sizeof(head) + sizeof(tail), 1) ? 1 : -1]),         \
     rb_diag_quoted((p), (at), (key_len), (kind), (severity),                  \
                    (rb_msg_part)RB_MSG_TEXT(head), (s), (len),                \
                    (rb_msg_part)RB_MSG_TEXT(tail)))

#endif
