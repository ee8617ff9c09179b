/* SPDX-License-Identifier: MIT */
/*
 * parse_lines_loop.h - the line loop every byte of the body passes through
 * (word-at-a-time and SSE2 line-end scans, the parse limit's cut), the
 * usual line read whole (its rule stored with no call, and a run of rule
 * lines read in one pass: parse_rule_run.h), and the general path:
 * content, key and value (a line without ':' told apart by
 * parse_words.h), to its handler (parse_keys.c, parse_records.c). Static
 * inline, for the files that hold its copies: one a profile where SSE2 is
 * (parse_lines_rfc9309.c, parse_lines_google.c, parse_lines_legacy.c),
 * each compiled and register-allocated on its own; without SSE2 the two
 * of parse_lines.c.
 */
#ifndef ROBOTS_RT_PARSE_LINES_LOOP_H
#define ROBOTS_RT_PARSE_LINES_LOOP_H

#include "body.h"
#include "byte_class.h"
#include "compiler.h"
#include "diag_message.h"
#include "parse_rule_run.h"
#include "parse_words.h"
#include "parser.h"
#include "scan_simd.h"
#include "words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h> /* abort() */
#endif

/* ---- lines -------------------------------------------------------------- */

/* google/robotstxt trims the whole ASCII whitespace set; the others ' '
 * and '\t'. One class bit a profile, so that a trim's loop, where the
 * profile's bit is known before it, tests a byte with one look-up. */
static inline int is_trim_space(robots_profile prof, unsigned char c) {
    return (rb_byte_class[c] &
            (prof == ROBOTS_PROFILE_GOOGLE ? RB_C_WHITE : RB_C_SPACE)) != 0;
}

#ifdef RB_SSE2
/* The bytes of the 16 at s that a trim steps over (a bit each): ' ' and
 * '\t', and in google '\n', '\v', '\f' and '\r' too (0x09 to 0x0D). */
static inline unsigned trim_spaces16(robots_profile prof, const char *s) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i space = _mm_cmpeq_epi8(v, _mm_set1_epi8(' '));
    if (prof == ROBOTS_PROFILE_GOOGLE)
        space = _mm_or_si128(
            space, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(0x08)),
                                 _mm_cmplt_epi8(v, _mm_set1_epi8(0x0E))));
    else
        space = _mm_or_si128(space, _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
    return (unsigned)_mm_movemask_epi8(space);
}
#endif

/* The trim spaces at the start of the *len bytes at *s stepped over; *s
 * points into the body (every caller's line or value is the body's), which
 * the last step's read past *len bytes is bounded by. */
RB_ALWAYS_INLINE static inline void
trim_start(const parser *p, robots_profile prof, const char **s, size_t *len) {
    if (*len == 0 || !is_trim_space(prof, (unsigned char)(*s)[0]))
        return; /* most values and lines */
#ifdef RB_SSE2
    /* An indented line (an HTML page's, most often): its spaces sixteen
     * at a time, where a look-up a byte cost the real-world corpus's parse
     * 0.7% (10,549 of its lines start with 12 spaces or more). */
    for (; *len >= 16; *s += 16, *len -= 16) {
        unsigned other = ~trim_spaces16(prof, *s) & 0xFFFFu;
        if (other != 0) {
            size_t k = rb_lowest_bit(other);
            *s += k;
            *len -= k;
            return;
        }
    }
    /* The last bytes (a short value or line, a line's indentation under
     * sixteen bytes) in one more step where the body has sixteen from
     * them: their spaces were about 4 instructions a byte. */
    if ((size_t)(p->body_end - *s) >= 16) {
        unsigned other = ~trim_spaces16(prof, *s) & 0xFFFFu;
        size_t k = other != 0 ? rb_lowest_bit(other) : 16;
        if (k > *len)
            k = *len;
        *s += k;
        *len -= k;
        return;
    }
#else
    (void)p; /* (the body's end, for the sixteen-byte steps) */
#endif
    while (*len > 0 && is_trim_space(prof, (unsigned char)(*s)[0])) {
        (*s)++;
        (*len)--;
    }
}

RB_ALWAYS_INLINE static inline void trim_end(robots_profile prof, const char *s,
                                             size_t *len) {
    while (*len > 0 && is_trim_space(prof, (unsigned char)s[*len - 1]))
        (*len)--;
}

RB_ALWAYS_INLINE static inline void trim(const parser *p, robots_profile prof,
                                         const char **s, size_t *len) {
    trim_start(p, prof, s, len);
    trim_end(prof, *s, len);
}

/* The usual lines, "Disallow: /x", "Allow: /x", "User-agent: x" and
 * "Sitemap: https://..." (9,862 of the real-world corpus's lines), with
 * the key spelt exactly (any case) at the start and ':' right after it,
 * read without the general path's trim of the whole line, search for ':'
 * and key classification: 1 and the key and value when the line has that
 * shape. Only a line with no special byte comes here; the value is trimmed
 * as the general path trims it, so that both find the same key and value
 * (the fuzzers' build, RB_PARSE_CROSSCHECK, reads every such line both
 * ways and stops at a difference). */
RB_ALWAYS_INLINE static inline int
usual_line(const parser *p, robots_profile prof, const char *raw, size_t len,
           enum key_kind *kind, const char **value, size_t *vlen) {
    size_t klen;
    if (len >= 9 && raw[8] == ':' && is_word(raw, "disallow", 8)) {
        *kind = KEY_DISALLOW;
        klen = 8;
    } else if (len >= 6 && raw[5] == ':' && is_word(raw, "allow", 5)) {
        *kind = KEY_ALLOW;
        klen = 5;
    } else if (len >= 11 && raw[10] == ':' && is_word(raw, "user-age", 8) &&
               is_word(raw + 3, "r-agent:", 8)) {
        /* (two words of eight bytes, the second over the first's end and
         * the ':': is_word() of the last two bytes built them on the
         * stack, about five instructions more) */
        *kind = KEY_USER_AGENT;
        klen = 10;
    } else if (len >= 8 && raw[7] == ':' && is_word(raw, "sitemap:", 8)) {
        /* (with its ':', a word of eight bytes: of seven, built on the
         * stack, about eight instructions more) */
        *kind = KEY_SITEMAP; /* its key: the line's first 7 bytes */
        klen = 7;
    } else {
        return 0;
    }
    const char *v = raw + klen + 1;
    size_t n = len - klen - 1;
    /* The usual one space after the ':', then trim() only where a byte at
     * an end could be space (every profile's are at most ' '). */
    if (n > 0 && v[0] == ' ') {
        v++;
        n--;
    }
    if (n > 0 && (unsigned char)v[0] <= ' ')
        trim_start(p, prof, &v, &n);
    if (n > 0 && (unsigned char)v[n - 1] <= ' ')
        trim_end(prof, v, &n);
    *value = v;
    *vlen = n;
    return 1;
}

#ifdef RB_PARSE_CROSSCHECK
/* What the general path makes of a usual line must be what usual_line()
 * made of it. */
static void crosscheck_usual(const parser *p, const char *raw, size_t len,
                             enum key_kind kind, const char *value,
                             size_t vlen) {
    const robots_profile prof = p->profile;
    const char *content = raw;
    trim(p, prof, &content, &len);
    const char *colon = memchr(content, ':', len);
    if (colon == NULL)
        abort();
    size_t klen = (size_t)(colon - content);
    const char *v = colon + 1;
    size_t n = len - klen - 1;
    trim_end(prof, content, &klen);
    trim_start(p, prof, &v, &n);
    /* (an empty value's place is never read) */
    if (exact_key(content, klen) != kind || n != vlen || (n != 0 && v != value))
        abort();
}
#endif

/* A line usual_line() read whole (a user-agent line, a rule or a sitemap,
 * no specials): handled here, 1; 0 for the general path. */
RB_ALWAYS_INLINE static inline int process_usual_line(parser *p,
                                                      robots_profile prof,
                                                      const char *raw,
                                                      size_t raw_len) {
    enum key_kind usual;
    const char *v;
    size_t n;
    if (!usual_line(p, prof, raw, raw_len, &usual, &v, &n))
        return 0;
#ifdef RB_PARSE_CROSSCHECK
    crosscheck_usual(p, raw, raw_len, usual, v, n);
#endif
    p->seen_content = 1; /* it starts with a letter, not '<' */
    if (usual == KEY_USER_AGENT)
        rb_parse_user_agent(p, v, n);
    else if (usual == KEY_SITEMAP)
        rb_parse_sitemap(p, raw, 7, v, n);
    else if (!usual_rule(p, prof, usual, v, n))
        rb_parse_rule(p, usual, v, n);
#ifdef RB_PARSE_CROSSCHECK
    else
        crosscheck_rule(p, usual, v, n);
#endif
    return 1;
}

/* The line's content: up to a NUL (reported) or a '#', trimmed. *blank
 * when neither cut it (a comment line is not blank). special: 1 + the
 * offset of the line's first NUL, '#' or byte >= 0x80 (line_end()), 0
 * when it has none. The searches start there, as no NUL or '#' comes
 * before; and that byte, a '#' (a comment line's) or a NUL, is the first
 * of its kind without one: a comment line cost a memchr() for its '#'. */
RB_ALWAYS_INLINE static inline void line_content(parser *p, robots_profile prof,
                                                 size_t special,
                                                 const char **content,
                                                 size_t *len, int *blank) {
    const char *nul = NULL, *hash = NULL;
    size_t at = special - 1; /* (a truncated line may end before it) */
    if (special != 0 && at < *len) {
        unsigned char first = (unsigned char)(*content)[at];
        nul = first == '\0' ? *content + at
                            : memchr(*content + at, '\0', *len - at);
        if (nul != NULL) {
            rb_parse_diag(p, nul, ROBOTS_DIAG_NUL_BYTE, ROBOTS_SEVERITY_WARNING,
                          NULL,
                          "a NUL byte ends the line; the rest of it is "
                          "ignored");
            *len = (size_t)(nul - *content);
        }
        if (first == '#')
            hash = *content + at;
        else if (first != '\0' && *len > at)
            hash = memchr(*content + at, '#', *len - at);
    }
    *blank = hash == NULL && nul == NULL;
    if (hash != NULL)
        *len = (size_t)(hash - *content);
    trim(p, prof, content, len);
}

/* The first line with content: a file that starts with '<' is HTML. */
RB_ALWAYS_INLINE static inline void first_content(parser *p,
                                                  const char *content) {
    if (p->seen_content)
        return;
    p->seen_content = 1;
    if (content[0] == '<') {
        /* its parts, not a format: about 190 instructions of each page of
         * HTML served as robots.txt, a tenth of the real-world corpus */
        static const rb_msg_part text[] = {
            RB_MSG_TEXT("the file looks like HTML, not a robots.txt")};
        rb_parse_diag_parts(p, content, 0, ROBOTS_DIAG_LOOKS_LIKE_HTML,
                            ROBOTS_SEVERITY_ERROR, NULL, text, 1);
    }
}

/* Splits a line's content into its key and value: at its ':', or, in
 * google, at the space between two words. 0 when it has no key (then
 * the line is reported, unless skip, and ignored). */
RB_ALWAYS_INLINE static inline int split_line(parser *p, robots_profile prof,
                                              const char *content, size_t len,
                                              const char **key, size_t *klen,
                                              const char **value, size_t *vlen,
                                              int skip) {
    /* two_words(), rb_body_find_byte() */
    RB_ASSUMED(rb_lies_in(content, len, p->body, p->body_end));
    size_t colon_at = rb_body_find_byte(content, len, ':', p->body_end);
    const char *colon = colon_at < len ? content + colon_at : NULL;
    uint64_t words;
    if (colon != NULL) {
        *key = content;
        *klen = (size_t)(colon - content);
        *value = colon + 1;
        *vlen = len - *klen - 1;
        /* The line is trimmed already: the key's start and the value's
         * end are. The usual one space after the ':' stepped over first,
         * as usual_line() steps over it (a value of 16 bytes or more took
         * trim_start()'s sixteen-byte step for it). */
        trim_end(prof, *key, klen);
        if (*vlen > 0 && (unsigned char)**value <= ' ') {
            if (**value == ' ') {
                (*value)++;
                (*vlen)--;
            }
            trim_start(p, prof, value, vlen);
        }
    } else if (prof == ROBOTS_PROFILE_GOOGLE &&
               (words = two_words(content, len, p->body_end)) != 0) {
        /* The words are split at ' ' and '\t' only; then, as after a
         * ':', the key's end and the value's start are trimmed of the
         * profile's whitespace ("disallow\t\f/" is "/"). */
        *key = content;
        *klen = (size_t)(words & 0xFFFFFFFFu);
        *value = content + (words >> 32);
        *vlen = len - (size_t)(words >> 32);
        trim_end(prof, *key, klen);
        trim_start(p, prof, value, vlen);
        rb_parse_two_words(p, *key, *klen);
    } else {
        /* only reported: its first word and typo guess are the message's;
         * past the cap only counted, with no call */
        if (!skip &&
            !rb_parse_diag_counted_past_cap(p, ROBOTS_DIAG_MISSING_COLON))
            rb_parse_missing_colon(p, content, len);
        return 0;
    }
    if (*klen == 0) {
        rb_parse_diag(p, colon, ROBOTS_DIAG_EMPTY_KEY, ROBOTS_SEVERITY_WARNING,
                      NULL, "line starts with ':' and has no key; ignored");
        return 0;
    }
    return 1;
}

/* A key and its value, to the handler of the key's kind. */
RB_ALWAYS_INLINE static inline void on_key(parser *p, const char *key,
                                           size_t klen, const char *value,
                                           size_t vlen) {
    enum key_kind kind = rb_parse_classify_key(p, key, klen);
    switch (kind) {
    case KEY_USER_AGENT:
        rb_parse_user_agent(p, value, vlen);
        break;
    case KEY_ALLOW:
    case KEY_DISALLOW:
        rb_parse_rule(p, kind, value, vlen);
        break;
    case KEY_SITEMAP:
        rb_parse_sitemap(p, key, klen, value, vlen);
        break;
    case KEY_OTHER:
        rb_parse_other(p, key, klen, value, vlen);
        break;
    case KEY_NONE:
        break;
    }
}

/* One line, in named steps: the usual line read whole, or its content,
 * the first content's HTML test, its key and value, their handler.
 * special: the line may hold a NUL, '#' or a byte >= 0x80 (when 0, it
 * holds none, and the searches for them are skipped; else 1 + the first
 * one's offset). skip: the parse
 * keeps no diagnostics (a constant of each copy of the loop). */
/* A blank line (not a comment line): in legacy it ends the record (the
 * 1996 draft's records are separated by blank lines); elsewhere nothing.
 * One place for read_lines(), which counts a bare empty line without
 * process_line(), and process_line(). */
static inline void blank_line(parser *p, robots_profile prof) {
    if (prof == ROBOTS_PROFILE_LEGACY) {
        p->have_group = 0;
        p->in_agent_list = 0;
    }
}

RB_ALWAYS_INLINE static inline void process_line(parser *p, robots_profile prof,
                                                 const char *raw,
                                                 size_t raw_len, size_t special,
                                                 int skip) {
    p->line_start = raw;
    /* A line that starts with a byte up to ' ' (indented, or whitespace
     * alone: 6,819 of the real corpus's lines, a fifth of force.com's
     * parse) or with '<' (a page's tag) is no usual line: two compares,
     * where usual_line()'s four tests were about 13 instructions. (A test
     * for a letter instead measured 0.09 M dearer in rfc9309 and google.)
     * Not in legacy, whose loop the test allotted otherwise (its corpus's
     * parse 0.2 M dearer with it). */
    if (special) {
        /* UTF-8 and a BOM past the start are only reported: a NUL and a
         * '#', which end the content, are line_content()'s. */
        if (!skip)
            rb_parse_check_bytes(p, raw, raw_len,
                                 special - 1 < raw_len ? special - 1 : raw_len);
    } else if ((prof == ROBOTS_PROFILE_LEGACY ||
                ((unsigned char)raw[0] > ' ' && raw[0] != '<')) &&
               process_usual_line(p, prof, raw, raw_len)) {
        return;
    }
    const char *content = raw;
    size_t len = raw_len;
    int blank;
    line_content(p, prof, special, &content, &len, &blank);
    if (len == 0) {
        if (blank)
            blank_line(p, prof);
        return;
    }
    first_content(p, content);
    const char *key, *value;
    size_t klen, vlen;
    if (split_line(p, prof, content, len, &key, &klen, &value, &vlen, skip))
        on_key(p, key, klen, value, vlen);
}

#ifdef RB_PARSE_CROSSCHECK
/* The one line of a run (rule_lines(), ended at value + len), read the
 * general way too, at its own line number. */
static void crosscheck_run(parser *p, const char *raw, const char *value,
                           size_t len, enum key_kind key) {
    if (p->failed)
        return;
    p->line--;
    crosscheck_usual(p, raw, (size_t)(value + len - raw), key, value, len);
    crosscheck_rule(p, key, value, len);
    p->line++;
}
#endif

/* ---- the whole file ----------------------------------------------------- */

/* Nonzero when some byte of v is below 0x0E (NUL, LF and CR are; so are
 * TAB and a few other controls, which line_end() then steps over), or when
 * v has a '#' or a byte >= 0x80: one test for three bytes, exact in its
 * lowest flag (a borrow only ever flags bytes after a true one). */
static inline uint64_t line_special(uint64_t v) {
    return ((v - RB_ONES * 0x0E) & ~v & RB_HIGHS) |
           rb_zero_byte(v ^ (RB_ONES * '#')) | (v & RB_HIGHS);
}

#ifdef RB_SSE2
/* The bytes of the 16 at s that are above 0x0D and are not '#' (a signed
 * compare puts those >= 0x80 at or below 0x0D), a bit each: the bytes a
 * line-end step passes, the others its candidates. The kept bytes, not the
 * candidates, as rule_stops16() finds them (parse_rule_run.h): "below
 * 0x0E" was "not above 0x0D", a compare with zero and a copy more a
 * step. */
static inline unsigned line_kept16(const char *s) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    return (unsigned)_mm_movemask_epi8(
        _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('#')),
                         _mm_cmpgt_epi8(v, _mm_set1_epi8(0x0D))));
}
#endif

/* The first byte from i on, before limit, that is below 0x0E or is '#' or
 * >= 0x80 (a candidate for line_end()), or limit. Eight bytes a step in a
 * word; a step that holds one goes straight to it (only on a
 * little-endian machine: elsewhere the last bytes are read one by one).
 * Where SSE2 is there (every x86-64), line_end() reads sixteen a step and
 * this only its last fifteen. A CI gate builds with RB_NO_SIMD and
 * RB_NO_FIRST_FLAGGED to test this portable path alone. */
static inline size_t next_candidate(const char *body, size_t i, size_t limit) {
    while (limit - i >= 8) {
        uint64_t v;
        memcpy(&v, body + i, 8);
        uint64_t m = line_special(v);
        if (m != 0) {
#ifdef RB_LITTLE_ENDIAN
            return i + rb_first_flagged(m);
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < limit && (unsigned char)body[i] >= 0x0E && body[i] != '#' &&
           (unsigned char)body[i] < 0x80)
        i++;
    return i;
}

/* line_end()'s *special, in legacy, for a comment line (a '#' its first
 * byte) with no NUL and no byte >= 0x80: it reports nothing (no NUL, no
 * byte that may not be UTF-8, no BOM) and holds no content, so
 * read_lines() only counts it. */
#define RB_PLAIN_COMMENT SIZE_MAX

/* The end of a comment line whose '#' is at i - 1 (the first LF or CR
 * from i, or limit), and *special: RB_PLAIN_COMMENT when no NUL and no
 * byte >= 0x80 comes before it, else 1 (the '#''s offset + 1). One pass
 * for both, where the search for the line's end and plain_bytes() read a
 * comment line twice. legacy's alone: its rule run takes no comment line
 * (the others' take those in a group), and in the other profiles' loops
 * the same code moved their registers (one profile's parse 0.1 M dearer,
 * inline or not). */
static inline size_t comment_end(const char *body, size_t i, size_t limit,
                                 size_t *special) {
    unsigned odd = 0; /* a NUL or a byte >= 0x80 seen */
#ifdef RB_SSE2
    for (; limit - i >= 16; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(body + i));
        unsigned brk = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
                         _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
        odd |= (unsigned)_mm_movemask_epi8(
                   _mm_or_si128(v, _mm_cmpeq_epi8(v, _mm_setzero_si128()))) &
               ((brk & (0u - brk)) - 1u); /* the bytes before the break */
        if (brk != 0) {
            *special = odd != 0 ? 1 : RB_PLAIN_COMMENT;
            return i + rb_lowest_bit(brk);
        }
    }
#endif
    for (; i < limit && body[i] != '\n' && body[i] != '\r'; i++)
        odd |= body[i] == '\0' || (unsigned char)body[i] >= 0x80;
    *special = odd != 0 ? 1 : RB_PLAIN_COMMENT;
    return i;
}

/* The end of the line starting at pos (the first LF or CR, or limit), and
 * whether the line holds a NUL, '#' or byte >= 0x80 (*special: 1 + the
 * first one's offset in the line, for line_content(); in legacy, a comment
 * line's end and bytes are comment_end()'s); a TAB or
 * another control is stepped over. Once the line is known to be special,
 * only its end is searched for: a comment, a line of UTF-8 or a binary
 * file's bytes are not stopped at one by one. Inline in each copy of the
 * loop, as it was in the one loop: a call a line cost about 1% of a
 * parse. */
RB_ALWAYS_INLINE static inline size_t line_end(robots_profile prof,
                                               const char *body, size_t pos,
                                               size_t limit, size_t *special) {
    size_t i = pos;
#ifdef RB_SSE2
    /* Sixteen bytes a step, each step's candidates, the mask's clear
     * bits, taken one by one (a TAB is not searched for again: its bit set
     * then); the portable scan below only for the last bytes, so that its
     * constants are not loaded for every line (they were: about 7
     * instructions a line). The mask is not flipped: a flip was paid at
     * every step (gcc hoisted it above the step's test). */
    for (const size_t last16 = limit - 16; limit >= 16 && i <= last16;
         i += 16) {
        for (unsigned m = line_kept16(body + i); m != 0xFFFFu; m |= m + 1) {
            size_t at = i + rb_lowest_bit(~m);
            unsigned char c = (unsigned char)body[at];
            if (c == '\n' || c == '\r')
                return at;
            if (rb_byte_class[c] & RB_C_LINE) {
                if (prof == ROBOTS_PROFILE_LEGACY && at == pos && c == '#')
                    return comment_end(body, at + 1, limit, special);
                *special = at - pos + 1;
                return rb_next_line_break(body, at + 1, limit);
            }
        }
    }
#endif
    for (i = next_candidate(body, i, limit); i < limit;
         i = next_candidate(body, i + 1, limit)) {
        unsigned char c = (unsigned char)body[i];
        if (rb_byte_class[c] & RB_C_LINE) {
            if (c == '\n' || c == '\r')
                return i;
            if (prof == ROBOTS_PROFILE_LEGACY && i == pos && c == '#')
                return comment_end(body, i + 1, limit, special);
            *special = i - pos + 1;
            return rb_next_line_break(body, i + 1, limit);
        }
    }
    return limit;
}

/* Whether s[0, len), in a buffer readable to end, holds no NUL and no
 * byte >= 0x80: a comment line of such bytes reports nothing (no NUL, no
 * byte that may not be UTF-8, no BOM) and holds no content, which
 * process_line() would learn with a search for each. */
RB_ALWAYS_INLINE static inline int plain_bytes(const char *s, size_t len,
                                               const char *end) {
    size_t i = 0;
#ifdef RB_SSE2
    for (; i < len && (size_t)(end - (s + i)) >= 16; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(v, _mm_cmpeq_epi8(v, _mm_setzero_si128())));
        if (m != 0)
            return i + rb_lowest_bit(m) >= len;
    }
#else
    (void)end;
#endif
    for (; i < len; i++)
        if (s[i] == '\0' || (unsigned char)s[i] >= 0x80)
            return 0;
    return 1;
}

/* complexity: 87 lines, 33 (pmccabe). The parse's line loop, which every byte
 * of every file passes through: its branches are the runs of usual rule lines,
 * the word-at-a-time and SSE2 line-end scans, the parse limit's cut and the
 * lines only counted (empty, a plain comment), kept in one frame so that the
 * loop's state stays in registers (the instructions gate measures it). Inline
 * into its copies (RB_LINE_LOOP below: two in each profile's file), the
 * profile and skip constants in each. */
RB_ALWAYS_INLINE static inline void
read_lines(parser *p, const char *body, size_t len, size_t limit,
           size_t *parsed, const robots_profile prof, const int skip) {
    const unsigned char *u = (const unsigned char *)body;
    size_t pos = rb_bom_length(prof, u, limit);
    p->line = 1;
    /* Both marks are named only when the parse reads their bytes, so that a
     * prefix of the body (robots_parse_prefix) names what the whole does. */
    if (limit >= 2 &&
        ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
        p->line_start = body;
        rb_parse_diag(
            p, body, ROBOTS_DIAG_UTF16_BOM, ROBOTS_SEVERITY_WARNING, NULL,
            "the file starts with a UTF-16 byte order mark; robots.txt is "
            "UTF-8");
    }
    /* A UTF-8 BOM that an editor read as Latin-1 and saved as UTF-8 again:
     * named, where it would otherwise be six unknown bytes of a key. */
    if (limit >= 6 && memcmp(u, "\xC3\xAF\xC2\xBB\xC2\xBF", 6) == 0) {
        p->line_start = body;
        rb_parse_diag(
            p, body, ROBOTS_DIAG_BOM_ENCODED_TWICE, ROBOTS_SEVERITY_WARNING,
            NULL,
            "the file starts with a byte order mark encoded twice (C3 AF C2 "
            "BB C2 BF: a UTF-8 BOM read as Latin-1 and saved as UTF-8 "
            "again); its six bytes are read as the start of line 1");
    }
    /* Where the last run stopped: at a line it refused (rule_run() stops
     * at no other but where memory ran out, which ends the loop), which
     * it would refuse again, as its tests read only that line's bytes, the
     * parse limit and the group, and nothing runs in between (but a line
     * past the run's bound on its steps, run_stop(), which a new run might
     * read: the general path reads it the same). Asked again,
     * the refusal cost each run about 80 instructions more (bench/README.md,
     * "Session 23 (scan)"). */
    size_t refused = SIZE_MAX;
    while (pos < limit && !p->failed) {
        int ran;
        if (pos != refused &&
            (ran = rule_lines(p, prof, body, &pos, limit, len)) != 0) {
#ifndef RB_PARSE_CROSSCHECK /* there a run stops after its first line */
            if (ran == 1) /* (2: a line its bound may have cut, asked again) */
                refused = pos;
#endif
            continue; /* a run of usual rule lines, their ends stepped over */
        }
        size_t special = 0;
        /* The limit in a register for the general path: where the run
         * (parse_rule_run.h) takes most registers, the compiler kept it
         * on the stack and loaded it three times a line (bench/README.md,
         * "Session 25 (run)"); hidden from it here, it is loaded once. Not
         * in the copy that keeps no diagnostics, whose registers it
         * allotted otherwise (its parse 0.3 M dearer with it). */
        size_t lim = limit;
        if (!skip)
            RB_IN_REGISTER(lim);
        size_t eol = line_end(prof, body, pos, lim, &special);
        if (eol == lim && lim < len && body[lim] != '\n' && body[lim] != '\r')
            break; /* the parse limit cuts this line: it is not read */
        size_t line_len = eol - pos;
        p->line_start = body + pos;
        if (line_len > ROBOTS_MAX_LINE_BYTES) {
            rb_parse_diag(p, body + pos + ROBOTS_MAX_LINE_BYTES,
                          ROBOTS_DIAG_LINE_TRUNCATED, ROBOTS_SEVERITY_WARNING,
                          NULL,
                          "line of %zu bytes is cut to its first %zu bytes",
                          line_len, (size_t)ROBOTS_MAX_LINE_BYTES);
            line_len = ROBOTS_MAX_LINE_BYTES;
        }
        if (line_len == 0) {
            blank_line(p, prof);
        } else if (prof == ROBOTS_PROFILE_LEGACY
                       ? special != RB_PLAIN_COMMENT
                       : special != 1 || body[pos] != '#' ||
                             !plain_bytes(body + pos, line_len, p->body_end)) {
            process_line(p, prof, body + pos, line_len, special, skip);
        } /* else a comment line with nothing to report: only counted */
        pos = eol;
        if (pos < len) {
            if (body[pos] == '\r' && pos + 1 < len && body[pos + 1] == '\n')
                pos += 2;
            else
                pos += 1;
            p->line++;
        }
    }
    if (pos > len)
        pos = len;
    *parsed = pos < limit ? pos : (limit < pos ? limit : pos);
    if ((pos < len || p->rest != 0) && !p->failed)
        rb_parse_record_cut(p, body, pos, len, limit);
}

/* The loop as a function, the profile and skip_diagnostics constants in
 * it: each copy's loop tests neither on a line and keeps only its own
 * profile's branches (its rule run, trims, blank line, two words), so that
 * its registers are allotted for those alone; in one loop for the three
 * profiles, a change to one profile's run moved the others' parse by 0.1
 * to 1 M instructions (bench/README.md, "Session 27 (run)"). A parse that
 * keeps no diagnostics does not start the work that only reports. Each
 * copy flattened, as the one loop was: its helpers inline, as the compiler
 * inlined them into one caller and would not into several. The helpers
 * that take the profile are always_inline as well: gcc cloned each for the
 * constant (IPA-CP), and flatten then left the clones called
 * (process_line() and its helpers a call a line in every copy). */
#define RB_LINE_LOOP(name, prof, skip)                                         \
    __attribute__((noinline, flatten)) void name(parser *p, const char *body,  \
                                                 size_t len, size_t limit,     \
                                                 size_t *parsed) {             \
        read_lines(p, body, len, limit, parsed, prof, skip);                   \
    }

#endif
