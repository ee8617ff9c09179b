/* SPDX-License-Identifier: MIT */
/*
 * agent.h - user-agent lines and the caller's names (agent.c): the product
 * token, the wildcard, and whether a line names a caller in a profile.
 * May call: byte_class.h, common/ascii.h; reads document.h's agents.
 */
#ifndef ROBOTS_RT_AGENT_H
#define ROBOTS_RT_AGENT_H

#include "byte_class.h"
#include "compiler.h"
#include "document.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The product token of a user-agent value: its leading run of [A-Za-z_-]
 * bytes, as docs/semantics.md reads it ("Googlebot/2.1" is "Googlebot",
 * "Foo Bar" is "Foo"); its length. The one product-token reducer: a
 * line's value (rb_line_token_len(), rb_agent_token()) and a caller's
 * name (rb_name_token_len()) are both reduced here, so that the parse,
 * the index, the checks, the analysis and robots_agent_token() read one
 * token. A NUL is no token byte, so the run also stops at the NUL after a
 * stored value. Inline: each robots_check() asks it of the caller's name. */
static inline size_t rb_agent_token_len(const char *value, size_t len) {
    size_t i = 0;
    while (i < len && (rb_byte_class[(unsigned char)value[i]] & RB_C_TOKEN))
        i++;
    return i;
}
/* Whether a profile compares a user-agent line's whole value instead of
 * its product token: legacy always (the book compares substrings), every
 * profile for `*`. */
static inline int rb_line_reads_whole(robots_profile profile, int wildcard) {
    return profile == ROBOTS_PROFILE_LEGACY || wildcard;
}
/* The token of a user-agent line's value of len bytes, as the parse
 * stores it and robots_agent_token() reports it. */
static inline size_t rb_line_token_len(robots_profile profile,
                                       const char *value, size_t len,
                                       int wildcard) {
    return rb_line_reads_whole(profile, wildcard)
               ? len
               : rb_agent_token_len(value, len);
}
/* The part of a caller's name a profile compares with a line's token:
 * rfc9309 the name's own product token; google the whole name (as
 * google/robotstxt compares it) and legacy the whole name (which the
 * line's value must be part of). */
static inline size_t rb_name_token_len(robots_profile profile, const char *name,
                                       size_t len) {
    return profile == ROBOTS_PROFILE_RFC9309 ? rb_agent_token_len(name, len)
                                             : len;
}
#ifdef RB_SSE2
/* The bytes of s[0, 16) that no product token has, one bit each: not
 * [A-Za-z_-]. A letter is a byte whose 0x20 bit set makes it one of the
 * 26 from 'a' to 'z', which moved by 0x80 - 'a' (a byte's sum wraps)
 * are the 26 smallest signed bytes: one add and one compare, where a
 * compare at each end and their AND were three steps. */
static inline unsigned rb_agent_not_token16(const char *s) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i moved = _mm_add_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)),
                                 _mm_set1_epi8((char)(0x80 - 'a')));
    __m128i letter = _mm_cmplt_epi8(moved, _mm_set1_epi8((char)(-128 + 26)));
    __m128i token = _mm_or_si128(
        letter, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')),
                             _mm_cmpeq_epi8(v, _mm_set1_epi8('_'))));
    return ~(unsigned)_mm_movemask_epi8(token) & 0xFFFFu;
}
#endif
/* rb_agent_token_len() of the len bytes at value (len may be SIZE_MAX for a
 * NUL-terminated value, whose NUL ends the token), sixteen bytes a step
 * with SSE2 while the bytes up to readable_end are there (the caller holds
 * them readable and written), the class table a byte for the rest: the
 * parse reduces a line's value in the body through it, the index a
 * stored value in the text (a byte a step, the build's loop cost about
 * 60 instructions a user-agent line of the real-world corpus). Test_parse
 * holds every byte to the class table's answer. */
static inline size_t rb_agent_token_len_within(const char *value, size_t len,
                                               const char *readable_end) {
    size_t i = 0;
#ifdef RB_SSE2
    for (; i < len && readable_end - (value + i) >= 16; i += 16) {
        unsigned other = rb_agent_not_token16(value + i);
        if (other != 0) {
            size_t at = i + (size_t)__builtin_ctz(other);
            return at < len ? at : len;
        }
    }
    if (i >= len)
        return len;
#else
    (void)readable_end;
#endif
    return i + rb_agent_token_len(value + i, len - i);
}
/* A user-agent line's value's length. */
static inline size_t rb_agent_value_len(const char *text, const rb_agent *a) {
    return strlen(text + rb_agent_value_off(a));
}
/* A stored line's token length (rb_line_token_len() of its value): its
 * value is NUL-terminated, so the reducer runs to the NUL without its
 * length, which only the whole value needs. */
static inline size_t rb_agent_token(robots_profile profile, const char *text,
                                    const rb_agent *a) {
    const char *v = text + rb_agent_value_off(a);
    if (rb_line_reads_whole(profile, rb_agent_wildcard(a)))
        return strlen(v);
    return rb_agent_token_len(v, SIZE_MAX);
}
/* `*` alone or followed by whitespace. */
RB_HIDDEN int rb_agent_is_wildcard(const char *value, size_t len);
/* Does a group agent name one of the caller's agents, in this profile? */
RB_HIDDEN int rb_agent_names_caller(robots_profile profile,
                                    const robots_txt *doc,
                                    const rb_agent *agent,
                                    const robots_str *callers, size_t n);

/* Is needle (nlen bytes) part of hay, ASCII case ignored? Linear in both. */
RB_HIDDEN int rb_contains_nocase(const char *hay, size_t hlen,
                                 const char *needle, size_t nlen);

#endif
