/* SPDX-License-Identifier: MIT */
/*
 * agent.h - user-agent lines and the caller's names (agent.c): the product
 * token, the wildcard, and whether a line names a caller in a profile.
 * May call: byte_class.h, common/ascii.h, names_index.h (legacy's many
 * names); reads document.h's agents.
 */
#ifndef ROBOTS_RT_AGENT_H
#define ROBOTS_RT_AGENT_H

#include "byte_class.h"
#include "compiler.h"
#include "document.h"
#include "names_index.h"
#include "robots.h"

#include <stddef.h>
#include <string.h>

/* Length of the leading [A-Za-z_-] run: the product token. Inline: each
 * robots_check() asks it of the caller's name. */
static inline size_t rb_agent_token_len(const char *value, size_t len) {
    size_t i = 0;
    while (i < len && (rb_byte_class[(unsigned char)value[i]] & RB_C_TOKEN))
        i++;
    return i;
}
/* A user-agent line's value's length. */
static inline size_t rb_agent_value_len(const char *text, const rb_agent *a) {
    return strlen(text + rb_agent_value_off(a));
}
/* Its token's length: the leading [A-Za-z_-] run of its value (stopped by
 * the NUL after it); the whole value in legacy, and for `*`. */
static inline size_t rb_agent_token(robots_profile profile, const char *text,
                                    const rb_agent *a) {
    const char *v = text + rb_agent_value_off(a);
    if (profile == ROBOTS_PROFILE_LEGACY || rb_agent_wildcard(a))
        return strlen(v);
    size_t i = 0;
    while (rb_byte_class[(unsigned char)v[i]] & RB_C_TOKEN)
        i++;
    return i;
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

/* legacy: does a group agent name one of the names of the index? */
RB_HIDDEN int rb_agent_names_indexed(const robots_txt *doc,
                                     const rb_agent *agent,
                                     const rb_names_index *index);

#endif
