/* SPDX-License-Identifier: MIT */
/*
 * parse_rule_run.h - the usual rule line ("Disallow: /x", "Allow: /x",
 * a pattern that is its own normal form) stored as rb_parse_rule() would
 * store it, with no call: one line the line loop has read
 * (usual_rule()), and a run of such lines read in one SSE2 pass that
 * finds each line's end and tests its pattern at once (rule_lines()). The
 * run goes on over the lines between its rules that would each start a
 * new one: empty lines and plain comments (only counted), and the usual
 * user-agent lines, sitemaps and rules to normalise, each handed to its
 * handler.
 * Static inline, for the line loop (parse_lines_loop.h) alone: out of line, the
 * run cost a call a line (the real-world corpus's parse 4 M instructions
 * dearer). The fuzzers' build (RB_PARSE_CROSSCHECK) reads every such line the
 * general way too and stops at a difference.
 */
#ifndef ROBOTS_RT_PARSE_RULE_RUN_H
#define ROBOTS_RT_PARSE_RULE_RUN_H

#include "compiler.h"
#include "document.h"
#include "memory.h"
#include "normalize.h"
#include "parser.h"
#include "robots.h"
#include "scan_simd.h"

#include <stddef.h>
#include <string.h>

#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
/* parse_lines_loop.h: the one line of a run read the general way too */
static void crosscheck_run(parser *p, const char *raw, const char *value,
                           size_t len, enum key_kind key);
/* parse_lines_loop.h: a usual line's key and value as the general path finds
 * them */
static void crosscheck_usual(const parser *p, const char *raw, size_t len,
                             enum key_kind kind, const char *value,
                             size_t vlen);
#endif

/* A pattern (len bytes at value) copied to text and ended by a NUL.
 * copy48: the 48 bytes at value are the body's and those at text the
 * text array's (49 bytes are reserved past the text), so that they are
 * copied with no call, the bytes past the pattern overwritten by the next
 * text or left in the array's unused end; else a memcpy(). */
static inline void copy_pattern(char *text, const char *value, size_t len,
                                int copy48) {
#ifdef RB_SSE2
    if (copy48) {
        for (size_t i = 0; i < 48; i += 16)
            _mm_storeu_si128(
                (__m128i *)(void *)(text + i),
                _mm_loadu_si128((const __m128i *)(const void *)(value + i)));
    } else
#else
    (void)copy48;
#endif
        memcpy(text, value, len);
    text[len] = '\0';
}

/* Stores a rule whose pattern (len bytes, at least one) is its own normal
 * form, as rb_parse_rule() would, with no call: its record written (and,
 * for a google Allow, the index.htm test), its text copied. The counts are
 * read once and the text written last: a byte stored through a char
 * pointer may alias any field of the parser, which the compiler would
 * otherwise load again after it. */
static inline void store_normal_rule(parser *p, robots_profile prof,
                                     enum key_kind key, const char *value,
                                     size_t len) {
    size_t at = p->text.count, rules = p->rules.count;
    /* room, most often there already (the arrays were sized up front),
     * with 48 bytes to spare for the copy below */
    if ((p->text.cap - at <= len + 48 &&
         rb_vec_reserve(&p->mem, &p->text, len + 49) == NULL) ||
        (rules == p->rules.cap &&
         rb_vec_reserve(&p->mem, &p->rules, 1) == NULL)) {
        p->failed = 1;
        return;
    }
    char *text = (char *)p->text.data + at;
    int index_htm = prof == ROBOTS_PROFILE_GOOGLE && key == KEY_ALLOW &&
                    rb_parse_index_htm(p, value, len, p->body);
    set_rule((rb_rule *)p->rules.data + rules, p->line,
             key == KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW,
             index_htm, (rb_span){(uint32_t)at, (uint32_t)len}, 0, len);
    p->text.count = at + len + 1;
    p->rules.count = rules + 1;
    p->in_agent_list = 0;
    /* Most patterns: 48 bytes copied, where the input has them, in place
     * of a call that branches on the length */
    copy_pattern(text, value, len,
                 len <= 48 && (size_t)(p->body_end - value) >= 48);
}

/* rb_parse_rule() for the usual rule: in a group, a pattern that starts with
 * '/' and is its own normal form, stored with no call but the normal-form
 * test. 0, with nothing done, for any other: rb_parse_rule() then takes
 * it. Inline in each copy of the line loop (parse_lines_loop.h), as in the
 * one loop it was. */
RB_ALWAYS_INLINE static inline int usual_rule(parser *p, robots_profile prof,
                                              enum key_kind key,
                                              const char *value, size_t len) {
    if (!p->have_group || len == 0 || value[0] != '/')
        return 0;
    /* the 32 bytes before the pattern's end, and the 48 from its start that
     * store_normal_rule() copies, are read where the body has them */
    RB_ASSUMED(rb_lies_in(value, len, p->body, p->body_end));
#ifdef RB_SSE2
    if (prof != ROBOTS_PROFILE_LEGACY && len <= 32 &&
        (size_t)(value - p->body) + len > 32) { /* the 32 bytes it reads */
        if (!rb_pattern_is_normal32(prof == ROBOTS_PROFILE_RFC9309, value, len))
            return 0;
    } else
#endif
        if (!rb_pattern_is_normal(prof, value, len))
        return 0;
    store_normal_rule(p, prof, key, value, len);
    return 1;
}

#ifdef RB_PARSE_CROSSCHECK
/* What rb_parse_rule() stores for a rule usual_rule() stored must be the same:
 * the rule is taken back and stored again the general way. */
static void crosscheck_rule(parser *p, enum key_kind key, const char *value,
                            size_t len) {
    if (p->failed)
        return;
    rb_rule fast = ((rb_rule *)p->rules.data)[p->rules.count - 1];
    size_t rules = p->rules.count, text = p->text.count;
    size_t diags = p->diags.count;
    p->rules.count--;
    p->text.count -= len + 1;
    rb_parse_rule(p, key, value, len);
    if (p->failed)
        return;
    const rb_rule *slow = &((const rb_rule *)p->rules.data)[rules - 1];
    if (p->rules.count != rules || p->text.count != text ||
        p->diags.count != diags || slow->line_bits != fast.line_bits ||
        slow->pattern_off != fast.pattern_off ||
        slow->pattern_bits != fast.pattern_bits ||
        slow->normalized_len != fast.normalized_len || p->in_agent_list)
        abort();
}
#endif

/* ---- the usual rule line in one pass ------------------------------------ */

#ifdef RB_SSE2
/* The bytes of the 16 at s where the one-pass reading of a rule line
 * stops (a bit each): the line's end and its specials (every byte below
 * 0x0E, '#', every byte >= 0x80), and every byte the profile's normal form
 * does not keep as it is, which, with a space or another control, sends
 * the line the general way.
 *
 * rfc9309: rb_refused16()'s bytes, '#', and '!' and '~', in fewer steps
 * than those alone: below 0x26 (the bytes below 0x21, '!', "#$% and, as
 * the compare is signed, those >= 0x80); above 'z' ('{', '|', '}', '~',
 * 0x7F); '<', '>', '\' and '^', the bytes that are 0x7E with bits 0x62
 * set (0x1C and 0x1E, '|' and '~' among them, stop already); '`'. A
 * pattern with '!' or '~' (89 rules of the real-world corpus's 133,141)
 * is its own normal form, and is read the general way. google and
 * legacy: '#', '%' and the bytes below 0x21 and >= 0x80, more than either
 * refuses, and '!' and '\'' with them (16 rules of the corpus read the
 * general way for an SSE2 step one instruction shorter). */
/* rule_stops16()'s constants, made where a run's loop starts and held in
 * registers through it (the empty asm hides their values, so that the
 * compiler does not load them from memory at each use: it did, at every
 * rule, as the loop called its handlers). Five values, not a struct: held
 * in a struct, the compiler also stored them to the stack, unread, at
 * every rule (google) or every run's step (rfc9309). low: at or below it
 * a stop, 0x20, rfc9309 0x2A (after adding `add`); set: bits set before
 * the compare with `is`, 6, rfc9309 0x62; is: 0x27, rfc9309 0x7E; add: 5;
 * tick: '`' (add and tick: rfc9309's). The step finds the bytes kept, not
 * the stops: a byte above low as the first operand of a signed compare
 * (SSE2 has greater-than only) leaves `low` as it is, where "below low"
 * compared into a copy of it, one instruction more a step (the corpus's
 * parse 63,000 to 82,000 dearer a profile); the mask is then flipped at the
 * end, in the 16 bits movemask gives. */
typedef __m128i rule_mask;

static inline unsigned rule_stops16(const char *s, int rfc, rule_mask low,
                                    rule_mask set, rule_mask is, rule_mask add,
                                    rule_mask tick) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    if (!rfc) /* '!', '#', '%' and '\'': v | 6 == 0x27 */
        return (unsigned)_mm_movemask_epi8(
                   _mm_andnot_si128(_mm_cmpeq_epi8(_mm_or_si128(v, set), is),
                                    _mm_cmpgt_epi8(v, low))) ^
               0xFFFFu;
    __m128i brackets = _mm_cmpeq_epi8(_mm_or_si128(v, set), is);
    /* inside 0x26 to 'z' in one signed compare: those bytes plus 5 are
     * 0x2B to 0x7F, above low (0x2A), every other byte plus 5 (wrapping)
     * at or below it; kept: inside, not a bracket nor '`' */
    __m128i inside = _mm_cmpgt_epi8(_mm_add_epi8(v, add), low);
    __m128i kept = _mm_andnot_si128(
        _mm_or_si128(brackets, _mm_cmpeq_epi8(v, tick)), inside);
    return (unsigned)_mm_movemask_epi8(kept) ^ 0xFFFFu;
}
#define RULE_MASK(x) _mm_set1_epi8(x)
#endif

#ifndef RB_SSE2
typedef int rule_mask; /* (no scan of its own) */
#define RULE_MASK(x) (x)
#endif

/* is_word(raw, word, len) for a key of 5 to 16 bytes whose first 16 bytes
 * are readable (a run's line: pos <= stop) and whose letters are
 * lowercase letters and '-': whole words, a short key's masked, a longer
 * one's last eight bytes overlapping its first, where is_word()'s last
 * part of fewer than eight bytes went through the stack (about 14
 * instructions an Allow). The mask, the key's first len bytes, is a
 * shift the compiler folds to a constant (the run reads keys only with
 * SSE2: x86, little endian); as word_of() of len bytes of 0xFF it was
 * built on the stack at every Allow (three instructions more: the corpus's
 * parse 34,000 dearer in rfc9309 and google, 25,000 in legacy). The word
 * is still word_of()'s: built by shifts as well, it had gcc allot the
 * legacy loop's registers otherwise (that parse 134,000 dearer). */
RB_ALWAYS_INLINE static inline int run_key_is(const char *raw, const char *word,
                                              size_t len) {
    if (len < 8) {
        uint64_t w = word_of(word, len);
        uint64_t fold = (w >> 1) & (RB_ONES * 0x20);
        return ((rb_load8(raw) & (~(uint64_t)0 >> (64 - 8 * len))) | fold) == w;
    }
    return is_word(raw, word, 8) &&
           (len == 8 || is_word(raw + len - 8, word + len - 8, 8));
}

/* run_key_is() of a key shorter than eight bytes whose word is given with
 * NULs to eight ("allow\0\0", the literal's own NUL the eighth): read
 * whole, the word is a constant the compiler folds, where word_of()'s
 * copy of len bytes was built on the stack at every Allow (about 10
 * instructions). Not in legacy's copy of the loop, whose registers gcc
 * then allotted otherwise (its corpus parse 0.1 M dearer). Both always
 * inline: gcc's early inlining of a helper hangs on how many calls the
 * file has of it, so that a change to one profile's copy of the loop
 * (here, legacy's call of run_key_is() kept) changed another's code (its
 * parse 0.25 M dearer), where the copies are to be apart. */
RB_ALWAYS_INLINE static inline int
run_short_key_is(const char *raw, const char *word8, size_t len) {
    uint64_t w = rb_load8(word8);
    uint64_t fold = (w >> 1) & (RB_ONES * 0x20);
    return ((rb_load8(raw) & (~(uint64_t)0 >> (64 - 8 * len))) | fold) == w;
}

/* The end of the line at pos when it is a usual rule line, "Disallow: /x"
 * or "Allow: /x": the key spelt exactly (any case), ':' right after it,
 * at most one space, a pattern from '/' (or, but in legacy, '*') to the
 * line's end that is its own normal form. One search of the pattern finds the
 * line's end (a LF or CR before limit) and tests the normal form at once, where
 * the general path searched the line for its end, then tested the value. 1 with
 * *next where the next line starts (its LF, CR or CRLF stepped over as
 * rb_parse_lines() steps over it), *end the line's end, *key the key and
 * *v where the pattern starts; 0 for any other line (a flag, not an
 * offset of 0, so that the caller's loop tests nothing more). stop: the
 * last offset a 16-byte step may start at and the last a line may start
 * at, at most limit - 16 - RUN_PATTERN_AT (so that a pattern's first step,
 * at most RUN_PATTERN_AT bytes past the line's start, reads within limit
 * with no test of its own) and at most ROBOTS_MAX_LINE_BYTES - 16 past the
 * line's start (run_stop()), so that a line found is not over the limit on
 * a line's length and a step tests one bound. */
static inline int rule_line_end(const char *body, size_t pos, size_t stop,
                                size_t len, int rfc, int legacy, rule_mask low,
                                rule_mask set, rule_mask is, rule_mask add,
                                rule_mask tick, size_t *next, size_t *end,
                                enum key_kind *key, size_t *v) {
#ifdef RB_SSE2
    const char *raw = body + pos;
    if (pos > stop) /* the key and a first step */
        return 0;
    if (raw[8] == ':' && run_key_is(raw, "disallow", 8)) {
        *key = KEY_DISALLOW;
        *v = pos + 9;
    } else if (raw[5] == ':' &&
               (legacy ? run_key_is(raw, "allow", 5)
                       : run_short_key_is(raw, "allow\0\0", 5))) {
        *key = KEY_ALLOW;
        *v = pos + 6;
    } else {
        return 0;
    }
    /* " /", the usual, in one compare of two bytes (SSE2: x86, little
     * endian); within limit: the key's 16 bytes are */
    uint16_t two;
    memcpy(&two, body + *v, 2);
    if (two == (uint16_t)(' ' | '/' << 8)) {
        ++*v;
    } else if ((two & 0xFF) != '/') {
        /* A pattern from '*' ("Disallow: *.php", 3,918 rules of the
         * real-world corpus), which rfc9309 and google keep as it is
         * (rb_normal_never_matches()): tested only where the pattern does
         * not start with '/'. Each was a keyed line, rb_parse_rule()'s.
         * Legacy reports it: the general path's. */
        if (legacy)
            return 0;
        if (two == (uint16_t)(' ' | '*' << 8))
            ++*v;
        else if ((two & 0xFF) != '*')
            return 0;
    }
    /* (the first step's bytes are within limit: *v <= pos + RUN_PATTERN_AT
     * <= stop + RUN_PATTERN_AT, run_stop()) */
    size_t i = *v, e;
    for (;; i += 16) {
        unsigned m = rule_stops16(body + i, rfc, low, set, is, add, tick);
        if (m != 0) {
            e = i + rb_lowest_bit(m);
            break;
        }
        /* The next step's bytes within stop, which bounds the line's
         * length too (e < i + 16, one more for a '$'): a line that reaches
         * it is left to the general path, with the same result. Tested
         * only where a step found no end: a line found in its first step
         * is short. */
        if (i + 16 > stop)
            return 0; /* the file's last bytes: the general path's */
    }
    /* The usual end, LF, tested first and laid out straight on: as a
     * branch away and back, it cost two jumps a rule. Its next line right
     * after it, with no test of a CRLF: where both ends shared the CRLF's
     * test, a LF's was three instructions, not one. */
    if (__builtin_expect(body[e] != '\n', 0)) {
        /* rfc9309 keeps a '$' as the pattern's last byte (its end
         * anchor); e + 1 < limit, which is stop + 16 or more */
        if (rfc && body[e] == '$' && e < stop + 15)
            e++;
        if (body[e] != '\n' && body[e] != '\r')
            return 0;
        *end = e;
        *next = e + 1 + (body[e] == '\r' && e + 1 < len && body[e + 1] == '\n');
        return 1;
    }
    *end = e;
    *next = e + 1;
    return 1;
#else
    (void)body, (void)pos, (void)stop, (void)len, (void)rfc, (void)legacy;
    (void)low, (void)set, (void)is, (void)add, (void)tick;
    (void)next, (void)end;
    (void)key, (void)v;
    return 0;
#endif
}

/* Where the line after the one at pos starts when that line says nothing
 * a rule run must stop for, 0 when it is any other: an empty line (not
 * in legacy, whose empty line ends the record) or a comment from its
 * first byte, '#', of ASCII with no control byte (nothing reported: no
 * NUL, no byte that may not be UTF-8, no TAB the general path would be
 * asked about) ended by a LF or CR before limit. The general path does
 * nothing with either but count it; read here, such a line between two
 * rules costs no new run (about 100 instructions each: its arrays' room
 * drawn again). stop: the last offset a 16-byte step may start at, at
 * most limit - 16 (limit >= 16) and ROBOTS_MAX_LINE_BYTES - 16 past pos
 * (the run's run_stop()); its end's LF or CR, or CRLF, stepped over as
 * rb_parse_lines() steps over it. */
static inline size_t quiet_line_next(const char *body, size_t pos, size_t stop,
                                     size_t len, int legacy) {
#ifdef RB_SSE2
    size_t e = pos;
    /* (pos may be past limit: a CRLF the limit cuts) */
    if (pos > stop + 15 || (unsigned char)body[pos] > '#')
        return 0; /* most lines: a key's letter */
    if (body[pos] == '#') {
        for (size_t i = pos;; i += 16) {
            if (i > stop)
                return 0; /* the file's last bytes: the general path's */
            __m128i v =
                _mm_loadu_si128((const __m128i *)(const void *)(body + i));
            /* the bytes above 0x0D flagged, the mask flipped: the
             * constant as the compare's second operand (rule_stops16()) */
            unsigned m = (unsigned)_mm_movemask_epi8(
                             _mm_cmpgt_epi8(v, _mm_set1_epi8(0x0D))) ^
                         0xFFFFu;
            if (m != 0) {
                e = i + rb_lowest_bit(m);
                break;
            }
        }
        /* (no longer than a line may be: e < stop + 16, run_stop()) */
    } else if (legacy) {
        return 0;
    }
    if (body[e] != '\n' && body[e] != '\r')
        return 0;
    return e + 1 + (body[e] == '\r' && e + 1 < len && body[e + 1] == '\n');
#else
    (void)body, (void)pos, (void)stop, (void)len, (void)legacy;
    return 0;
#endif
}

/* The value of the keyed line at pos from s (after its key's ':'), as
 * keyed_line_end() gives it: no byte below 0x0E, no '#' and none >= 0x80
 * before its LF or CR (which is before limit), the line no longer than
 * ROBOTS_MAX_LINE_BYTES; 1 with *v, *end and *next; 0 for any other line.
 * last16: limit - 16. Bounded by the body's limit and the line's own
 * length, not the run's bound (run_stop()): a keyed line's scan is off
 * the run's inner loop, and a line the run's bound cut (a rule near the
 * line limit) was read three times more, here, by the general path and
 * by its normal-form test (the adversarial case long-segments 8.7%
 * dearer). */
static inline int keyed_value_end(const char *body, size_t pos, size_t s,
                                  size_t last16, size_t len, size_t *v,
                                  size_t *end, size_t *next) {
#ifdef RB_SSE2
    size_t e = 0;
    for (size_t i = s;; i += 16) {
        if (i > last16)
            return 0; /* the file's last bytes: the general path's */
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(body + i));
        unsigned m = (unsigned)_mm_movemask_epi8(_mm_andnot_si128(
                         _mm_cmpeq_epi8(x, _mm_set1_epi8('#')),
                         _mm_cmpgt_epi8(x, _mm_set1_epi8(0x0D)))) ^
                     0xFFFFu;
        if (m != 0) {
            e = i + rb_lowest_bit(m);
            break;
        }
    }
    if ((body[e] != '\n' && body[e] != '\r') || e - pos > ROBOTS_MAX_LINE_BYTES)
        return 0;
    /* The spaces trimmed: those at the start stop at the line's end at the
     * latest, those at the end, where the value has a byte other than a
     * space, at that byte (a bound tested once, not at each space). */
    size_t t = e;
    while (body[s] == ' ')
        s++;
    if (s < t)
        while (body[t - 1] == ' ')
            t--;
    *v = s;
    *end = t;
    *next = e + 1 + (body[e] == '\r' && e + 1 < len && body[e + 1] == '\n');
    return 1;
#else
    (void)body, (void)pos, (void)s, (void)last16, (void)len, (void)v;
    (void)end, (void)next;
    return 0;
#endif
}

/* The usual line at pos the run did not read as a rule: "User-agent: x",
 * "Disallow: x", "Allow: x" or "Sitemap: x" with the key spelt exactly
 * (any case) and ':' right after it, that holds no byte below 0x0E, no '#'
 * and none >= 0x80 before its LF or CR (which is before limit): its key
 * (*key), its value from *v to *end, trimmed of spaces as usual_line()
 * (parse_lines_loop.h) trims it (such a value has no other space to trim),
 * and *next where the next line starts; 0 for any other line. A rule here
 * is one whose pattern is not its own normal form or does not start with
 * '/', for rb_parse_rule(). The sitemap is tested last: most of the
 * real-world corpus's 9,855 sitemap lines follow another (a file's list of
 * sitemaps, in a group: 8,817 of them), where each was the general path's
 * line end, key and trim and a new run for the next. stop: the run's
 * bound (run_stop()), at most last16, for the key's 16 bytes; last16:
 * limit - 16 (limit >= 16), the value's (keyed_value_end()). */
static inline int keyed_line_end(const char *body, size_t pos, size_t stop,
                                 size_t last16, size_t len, enum key_kind *key,
                                 size_t *v, size_t *end, size_t *next) {
#ifdef RB_SSE2
    const char *raw = body + pos;
    size_t s;
    if (pos > stop)
        return 0;
    if (raw[10] == ':' && run_key_is(raw, "user-agent", 10)) {
        *key = KEY_USER_AGENT;
        s = pos + 11;
    } else if (raw[8] == ':' && run_key_is(raw, "disallow", 8)) {
        *key = KEY_DISALLOW;
        s = pos + 9;
    } else if (raw[5] == ':' && run_short_key_is(raw, "allow\0\0", 5)) {
        *key = KEY_ALLOW;
        s = pos + 6;
    } else if (raw[7] == ':' && run_short_key_is(raw, "sitemap", 7)) {
        *key = KEY_SITEMAP; /* its key: the line's first 7 bytes */
        s = pos + 8;
    } else {
        return 0;
    }
    return keyed_value_end(body, pos, s, last16, len, v, end, next);
#else
    (void)body, (void)pos, (void)stop, (void)last16, (void)len, (void)key;
    (void)v, (void)end, (void)next;
    return 0;
#endif
}

/* A sitemap line at pos ("Sitemap: x", the key spelt exactly, any case), as
 * keyed_line_end() reads it: 1 with its value from *v to *end and *next
 * where the next line starts; 0 for any other line. For the run's list of
 * sitemaps one after the other. */
static inline int sitemap_line_end(const char *body, size_t pos, size_t stop,
                                   size_t last16, size_t len, size_t *v,
                                   size_t *end, size_t *next) {
#ifdef RB_SSE2
    const char *raw = body + pos;
    if (pos > stop || raw[7] != ':' || !run_short_key_is(raw, "sitemap", 7))
        return 0;
    return keyed_value_end(body, pos, pos + 8, last16, len, v, end, next);
#else
    (void)body, (void)pos, (void)stop, (void)last16, (void)len, (void)v;
    (void)end, (void)next;
    return 0;
#endif
}

/* The most bytes from a rule line's start to its pattern's: "Disallow: ". */
#define RUN_PATTERN_AT ((size_t)10)
/* How near its bound on a line's length a run's end is to be for the line
 * it ends at to be asked of a new run (rule_run()): a line shorter than
 * this that the bound cut starts within it of the bound. */
#define RUN_STOP_NEAR ((size_t)512)

/* The last offset a run's 16-byte steps and lines may start at, the run
 * starting at pos: limit - 16 - RUN_PATTERN_AT, so that a rule line
 * that starts there has its pattern's first 16 bytes within limit (a
 * test less at every rule line: the lines of the body's last 26 bytes are
 * the general path's), or ROBOTS_MAX_LINE_BYTES - 16 past pos where that
 * is less, so that no line a step ends (e < stop + 16) is longer than the
 * limit on a line's length from pos or from any later line's start. One
 * bound a step, where the line's own length bound was three more
 * instructions at every step past a rule line's first and two at every
 * rule line. A run longer than that stops at the line that crosses it,
 * which the general path reads; the next run draws it again. limit: at
 * least 16 + RUN_PATTERN_AT (the caller's test). */
static inline size_t run_stop(size_t pos, size_t limit) {
    size_t last = limit - 16 - RUN_PATTERN_AT;
    size_t lines = pos + (ROBOTS_MAX_LINE_BYTES - 16);
    return lines < last ? lines : last;
}

/* How far lines of a run may end, from pos, with room for their text sure
 * to be there (from pos on, a rule line of n bytes adds at most n - 6
 * bytes of text), and at most len - 48, so that a pattern of such a line
 * has the 48 bytes from its start that put_run_rule() copies in the body
 * (len: the body's length): the run tests one bound a line for the text
 * and the body's end. Once past it, the arrays are reserved for the line
 * and the bound is drawn again. The rules' array is bounded apart, by its
 * end (rule_run()): bounded here too, at 8 bytes a rule (the shortest
 * rule line), the bound came ever closer as the array filled (the
 * planned array holds a rule each 32 bytes of body, the corpus's rule
 * lines are 29 bytes on average), and was drawn again about every few
 * rules near its end, about 85 instructions each (11,000 times in the
 * corpus's parse). */
static inline size_t run_room(size_t pos, size_t texts, size_t text_cap,
                              size_t len) {
    size_t text_room = text_cap - texts > 49 ? text_cap - texts - 49 : 0;
    size_t room = pos + text_room;
    size_t copied = len >= 48 ? len - 48 : 0;
    return room < copied ? room : copied;
}

/* A rule of a run stored: its record at *rule (line, shifted as the
 * record's line_bits holds it, key, its pattern at
 * texts in the text array, the google index.htm test), its pattern (plen
 * bytes at value) copied to text (copy_pattern(), copy48 as there). The
 * index.htm test's result (google: 1 for such a rule) noted in
 * *companions by an Allow alone: noted at every rule, it was one more
 * instruction a Disallow (the note is kept on the stack). */
static inline void put_run_rule(rb_rule *rule, char *text, size_t texts,
                                uint64_t line_shifted, enum key_kind key,
                                const char *value, size_t plen,
                                const char *body, int google, int copy48,
                                int *companions) {
    /* the kind as the key's offset from KEY_ALLOW: one subtraction, where
     * the key's test took three instructions a rule */
    _Static_assert(ROBOTS_RULE_ALLOW == 0 &&
                       KEY_DISALLOW - KEY_ALLOW == ROBOTS_RULE_DISALLOW,
                   "a rule's kind is its key's offset from KEY_ALLOW");
    if (google && __builtin_expect(key == KEY_ALLOW, 0)) {
        int index_htm = is_google_index_htm(value, plen, body);
        *companions |= index_htm;
        set_rule_at(rule, (uint32_t)line_shifted, ROBOTS_RULE_ALLOW, index_htm,
                    (rb_span){(uint32_t)texts, (uint32_t)plen}, 0, plen);
    } else {
        /* (a record of its own, the Allow's laid out apart: with the
         * flag's 0 joined from the Allow's test, a Disallow's record built
         * it, three instructions, and jumped over the Allow's) */
        set_rule_at(rule, (uint32_t)line_shifted,
                    (robots_rule_kind)(key - KEY_ALLOW), 0,
                    (rb_span){(uint32_t)texts, (uint32_t)plen}, 0, plen);
    }
    copy_pattern(text, value, plen, copy48);
}

/* The run of usual rule lines from *at (rule_line_end()), in a group: each
 * stored as rb_parse_rule() would, with no call, and its line ended as
 * rb_parse_lines() ends it; *at then is where the first other line starts.
 * 1 when it read a line, 2 when it did and ended near its bound on a
 * line's length (run_stop()), so that the line at *at, which the bound may
 * have cut, is to be asked of a new run (read_lines()); 0 when the line
 * at *at is not one, and nothing is done. A nonzero answer always moves
 * *at on. rfc and google are constants: each copy of the line loop (one a
 * profile, parse_lines_*.c) holds its own profile's run alone, which tests
 * no profile and keeps their registers.
 * The fuzzers' build (RB_PARSE_CROSSCHECK) reads one line a run, and that
 * line the general way too, and stops at a difference. */
/* complexity: 165 lines, 35 (pmccabe). Two loops: the inner one reads the
 * rules whose room is there and whose pattern is copied 48 bytes at once,
 * and the quiet lines, with no call, so that the rule scan's constants are
 * loaded once where it starts (a call anywhere in the loop clobbers every
 * xmm register: the compiler loaded them again at every rule, and spilled
 * more of the loop's state); the outer one takes the line it stopped at:
 * a rule whose arrays must grow or whose text is copied by a call, a keyed
 * line for its handler, or the run's end. The arrays' counts and the line
 * number stay in registers through the run, where a byte stored through a
 * char pointer (the text) would have the compiler load every field of the
 * parser again; with its growth in a function of its own, the compiler
 * kept less of the loop in registers (corpus parse +0.8 M instructions).
 * The quiet lines and the keyed lines it reads by a call (user-agent, a
 * sitemap, a rule to normalise) are its branches too: each was a new run, about
 * 100 instructions (bench/README.md, "Session 21 (parse)"). */
RB_ALWAYS_INLINE static inline int rule_run(parser *p, const char *body,
                                            size_t *at, size_t limit,
                                            size_t len, const int rfc,
                                            const int google) {
    if (limit < 16 + RUN_PATTERN_AT)
        return 0;
    size_t pos = *at;
    const size_t stop = run_stop(pos, limit);
    /* the line, shifted as a rule's line_bits holds it (set_rule_at()):
     * one value, where the line and its shift were two (an instruction
     * more a rule) */
    uint64_t line_shifted = (uint64_t)p->line << 2;
    size_t v = 0, end = 0, next = 0;
    size_t texts = p->text.count, rules = p->rules.count;
    /* How far the lines of rules may end with the arrays' room there
     * (run_room()); 0, below any line's end, until the first rule draws
     * it, and again after a keyed line's handler: most calls find no rule
     * (the line after a run, every line of a page of HTML) */
    size_t room = 0;
    int companions = 0; /* a google index.htm Allow: noted once, after */
    char *text_data = (char *)p->text.data;
    /* drawn with the room: a large body's rules have no array before its
     * first rule (parse.c, reserve_arrays()); rule_end, where the rules'
     * array ends, NULL with it, so that rule == rule_end until the room is
     * drawn */
    rb_rule *rule = NULL, *rule_end = NULL;
    /* rule where the run last gave its counts back, NULL before: a rule
     * stored since where rule is past it (the agents' list then ended) */
    rb_rule *rule_given = NULL;
    enum key_kind key = KEY_NONE;
    int again = 0; /* the run's end may be a line its bound cut */
    if (!rfc && !google && p->rules.data != NULL) {
        /* legacy: the room drawn where the run starts. Its run is asked
         * only of a line from 'a' or 'd' (rule_lines()) and reads no quiet
         * or keyed line, so that most of its runs start with a rule, which
         * found no room and took the outer path (the arrays reserved, the
         * rule stored the general way, the inner loop entered again: about
         * 14,000 times in the real-world corpus). rule_given stays NULL in
         * legacy (a register less in its inner loop: kept there, the
         * corpus's parse was 0.19 M dearer than on main); a legacy run that
         * moved on stored a rule, which is all the end's test needs. */
        rule = (rb_rule *)p->rules.data + rules;
        rule_end = (rb_rule *)p->rules.data + p->rules.cap;
        room = run_room(pos, texts, p->text.cap, len);
    }
    for (;;) {
        int found;
        rule_mask low = RULE_MASK(rfc ? 0x2A : 0x20);
        rule_mask set = RULE_MASK(rfc ? 0x62 : 6), add = RULE_MASK(5);
        rule_mask is = RULE_MASK(rfc ? 0x7E : 0x27), tick = RULE_MASK('`');
#ifdef RB_SSE2
        __asm__("" : "+x"(low), "+x"(set), "+x"(is));
        if (rfc)
            __asm__("" : "+x"(add), "+x"(tick));
#endif
        for (;;) { /* no call */
            found =
                rule_line_end(body, pos, stop, len, rfc, !rfc && !google, low,
                              set, is, add, tick, &next, &end, &key, &v);
            if (!found) {
                /* tested only where the line is not a rule: no cost to
                 * one */
                size_t after = !rfc && !google
                                   ? 0
                                   : quiet_line_next(body, pos, stop, len, 0);
                if (after == 0)
                    break;
                pos = after;
                line_shifted += 4;
                continue;
            }
#ifdef RB_PARSE_CROSSCHECK
            break; /* the one line, stored below */
#endif
            /* within the room drawn (room 0: no rule yet), which leaves
             * the 48 bytes from the pattern on in the body, a pattern
             * they hold copied with no call, and within the rules' array */
            if (end > room || end - v > 48 || rule == rule_end)
                break;
            RB_ASSUMED(rule != NULL && body == p->body &&
                       body + len == p->body_end &&
                       rb_lies_in(body + v, end - v, body, body + len));
            put_run_rule(rule, text_data + texts, texts, line_shifted, key,
                         body + v, end - v, body, google, 1, &companions);
            texts += end - v + 1;
            rule++;
            pos = next;
            line_shifted += 4;
        }
        if (found) {
            const char *value = body + v;
            size_t plen = end - v;
            /* the index.htm test reads back to `body`, the copy 48 bytes
             * on where len - v allows: both take body and len for the
             * body's */
            RB_ASSUMED(body == p->body && body + len == p->body_end &&
                       rb_lies_in(value, plen, body, body + len));
            /* the arrays reserved for this line; at the first, rule is
             * NULL, as rule_end is (said for the analyzer too: room 0 is
             * below any line's end) */
            if (end > room || rule == rule_end || rule == NULL) {
                if (rule != NULL)
                    rules = (size_t)(rule - (rb_rule *)p->rules.data);
                p->text.count = texts;
                p->rules.count = rules;
                if (rb_vec_reserve(&p->mem, &p->text, plen + 49) == NULL ||
                    rb_vec_reserve(&p->mem, &p->rules, 1) == NULL) {
                    p->failed = 1;
                    break;
                }
                room = run_room(pos, texts, p->text.cap, len);
                text_data = (char *)p->text.data;
                /* (the array may have moved: no rule stored since the
                 * counts were given back is still none; legacy gives them
                 * back at no keyed line, its rule_given NULL throughout) */
                int none = rule == rule_given;
                rule = (rb_rule *)p->rules.data + rules;
                rule_end = (rb_rule *)p->rules.data + p->rules.cap;
                if (rfc || google)
                    rule_given = none ? rule : NULL;
            }
            put_run_rule(rule, text_data + texts, texts, line_shifted, key,
                         value, plen, body, google, plen <= 48 && len - v >= 48,
                         &companions);
            texts += plen + 1;
            rule++;
            pos = next;
            line_shifted += 4;
#ifdef RB_PARSE_CROSSCHECK
            break;
#endif
            continue;
        }
        if ((!rfc && !google) || !keyed_line_end(body, pos, stop, limit - 16,
                                                 len, &key, &v, &end, &next)) {
            /* The run's end; near its bound on a line's length, drawn from
             * its start (run_stop()), the line may be one the bound cut:
             * the caller asks a new run of it, whose bound is drawn from
             * it (rule_lines()). Left to the general path, a file of rules
             * near the line limit had every other line read twice (the
             * adversarial cases long-segments and stars-only 8.7%
             * dearer). */
            again = (rfc || google) && stop < limit - 16 - RUN_PATTERN_AT &&
                    pos + RUN_STOP_NEAR > stop;
            break;
        }
        /* A user-agent line, a sitemap, or a rule whose pattern is to be
         * normalised, read as the general path reads it
         * (process_usual_line()), with
         * the run's counts given back first and taken again after: the run
         * goes on into the group, where it cost a new run and the general
         * path's line end and key. Not in legacy, whose records end at an
         * empty line, so that few such lines follow a rule: there its
         * loop's code laid out otherwise cost the workload's parse 1.5%
         * (bench/README.md, "Session 21 (parse)"). */
        if (rule != rule_given) {
            p->text.count = texts;
            p->rules.count = (size_t)(rule - (rb_rule *)p->rules.data);
            p->in_agent_list = 0;
        }
        if (google)
            p->index.companions |= companions;
        companions = 0;
        p->line = (size_t)(line_shifted >> 2);
        p->line_start = body + pos;
        p->seen_content = 1;
#ifdef RB_PARSE_CROSSCHECK
        size_t raw_end = pos;
        while (body[raw_end] != '\n' && body[raw_end] != '\r')
            raw_end++;
        crosscheck_usual(p, body + pos, raw_end - pos, key, body + v, end - v);
#endif
        if (key == KEY_USER_AGENT) {
            rb_parse_user_agent(p, body + v, end - v);
        } else if (key == KEY_SITEMAP) {
            rb_parse_sitemap(p, body + pos, 7, body + v, end - v);
            /* A file's list of sitemaps (8,281 of the real-world corpus's
             * 9,855 sitemap lines follow another) read here one after the
             * other: each was a pass of the run's loops, a rule line's
             * test and a quiet line's before its key's, and the run's
             * counts taken again, about 40 instructions more a line. */
            size_t after;
            while (!p->failed && sitemap_line_end(body, next, stop, limit - 16,
                                                  len, &v, &end, &after)) {
                pos = next;
                next = after;
                line_shifted += 4;
                p->line = (size_t)(line_shifted >> 2);
                p->line_start = body + pos;
#ifdef RB_PARSE_CROSSCHECK
                size_t line_end = pos;
                while (body[line_end] != '\n' && body[line_end] != '\r')
                    line_end++;
                crosscheck_usual(p, body + pos, line_end - pos, KEY_SITEMAP,
                                 body + v, end - v);
#endif
                rb_parse_sitemap(p, body + pos, 7, body + v, end - v);
            }
        } else {
            rb_parse_rule(p, key, body + v, end - v);
        }
        if (p->failed)
            break;
        texts = p->text.count;
        rules = p->rules.count;
        text_data = (char *)p->text.data;
        /* The room drawn again at once where the rules' array is there
         * (the text's is, as the handler's counts were given back): drawn
         * at the next rule, it was that rule's reserve and store the
         * general way and a new pass of the inner loop, about 75
         * instructions at the first rule of a group (11,000 times in
         * rfc9309's corpus parse), where this is about 15 a keyed line.
         * Not after a sitemap, which most often another follows (8,281 of
         * the corpus's 9,855): the next rule draws it (the corpus's parse
         * 0.34 M cheaper in rfc9309 than drawn there too). */
        if (key != KEY_SITEMAP && p->rules.data != NULL) {
            rule = (rb_rule *)p->rules.data + rules;
            rule_end = (rb_rule *)p->rules.data + p->rules.cap;
            room = run_room(next, texts, p->text.cap, len);
        } else {
            rule = rule_end = NULL;
            room = 0;
        }
        rule_given = rule;
        pos = next;
        line_shifted += 4;
    }
    if (pos == *at)
        return 0;
    /* quiet lines alone, a keyed line last, or memory ran out: the counts
     * are given back (legacy's run reads rules alone: one that moved on
     * stored one) */
    if ((rfc || google) && rule == rule_given) {
        p->line = (size_t)(line_shifted >> 2);
        *at = pos;
        return 1 + again;
    }
    /* p->line_start is left as it was: a run makes no diagnostic, and the
     * line that ended it may have set key and v before it was refused, so
     * they need not be the last stored line's (parser.h) */
    p->text.count = texts;
    p->rules.count = (size_t)(rule - (rb_rule *)p->rules.data);
    p->seen_content = 1;
    p->in_agent_list = 0;
    p->line = (size_t)(line_shifted >> 2);
    if (google)
        p->index.companions |= companions;
#ifdef RB_PARSE_CROSSCHECK
    /* the run stopped after its first line, whose key and v these are:
     * its start is after the key, its ':' and at most one space */
    const char *raw = body + v - (key == KEY_ALLOW ? 6 : 9);
    raw -= body[v - 1] == ' ';
    p->line_start = raw; /* as the general way would have it */
    crosscheck_run(p, raw, body + v, end - v, key);
#endif
    *at = pos;
    return 1 + again;
}

/* rule_run() in the loop's profile (prof: a constant in each copy of the
 * line loop): 1 or 2 as it answers, 0 outside a group. */
static inline int rule_lines(parser *p, robots_profile prof, const char *body,
                             size_t *at, size_t limit, size_t len) {
    if (!p->have_group)
        return 0;
    /* Only a line that starts with a key's first letter ('a', 'd', and
     * 'u' for a user-agent, 's' for a sitemap), '#' or a line's end (a
     * quiet line) can be read by a run: for any other a run would find
     * nothing, about 45 instructions (the real-world corpus's lines
     * without ':', of HTML, of other keys). The 0x20 bit set, a capital is
     * its letter, LF '*' and CR '-', which a run may be asked of and finds
     * nothing. */
    unsigned char first = (unsigned char)body[*at] | 0x20;
    /* legacy's run reads rule lines alone: asked of any other line in a
     * group (a comment after a comment or a user-agent line, most often),
     * it set itself up and refused it, a comment line 177 instructions
     * where the other profiles' runs read one in 57-60 */
    if (prof == ROBOTS_PROFILE_LEGACY && first != 'a' && first != 'd')
        return 0;
    if (prof != ROBOTS_PROFILE_LEGACY && first != 'a' && first != 'd' &&
        first != 'u' && first != 's' && first != '#' &&
        first != ('\n' | 0x20) && first != ('\r' | 0x20))
        return 0;
    if (prof == ROBOTS_PROFILE_RFC9309)
        return rule_run(p, body, at, limit, len, 1, 0);
    if (prof == ROBOTS_PROFILE_GOOGLE)
        return rule_run(p, body, at, limit, len, 0, 1);
    return rule_run(p, body, at, limit, len, 0, 0);
}

#endif
