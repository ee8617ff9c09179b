/* SPDX-License-Identifier: MIT */
/*
 * agent.c - user-agent names: the product token a value is reduced to, the
 * `*` wildcard, and whether a group's agent names the caller in each
 * profile.
 *
 *   rfc9309: both sides reduced to their leading [A-Za-z_-] run and
 *            compared case-insensitively; an empty token names nobody.
 *   google:  the group's value reduced the same way, the caller's string
 *            compared whole (as google/robotstxt does), so an empty caller
 *            matches a group whose token is empty.
 *   legacy:  the group's value is a case-insensitive substring of the
 *            caller's name (the book: `bot` matches `Robot`).
 */
#include "agent.h"
#include "ascii.h"
#include "byte_class.h"
#include "document.h"

int rb_agent_is_wildcard(const char *value, size_t len) {
    /* Any whitespace ends the value's first word, as in google/robotstxt. */
    return len >= 1 && value[0] == '*' &&
           (len == 1 || rb_ascii_is_blank((unsigned char)value[1]) ||
            value[1] == '\v' || value[1] == '\f' || value[1] == '\r' ||
            value[1] == '\n');
}

/* rb_contains_nocase()'s bound on trying every position: positions times
 * the value's length. */
#define RB_SUBSTRING_TRIED 256

/* Knuth-Morris-Pratt, case-insensitively: linear in hlen + nlen, where
 * trying every position would cost hlen * nlen (a 4 KiB name against many
 * 2 KiB agent values took seconds). The needle is a record's value and
 * can be no longer than the name it must fit in, at most
 * ROBOTS_MAX_AGENT_BYTES, so its table lives on the stack. */
int rb_contains_nocase(const char *hay, size_t hlen, const char *needle,
                       size_t nlen) {
    if (nlen > hlen)
        return 0;
    if (nlen == 0)
        return 1;
    if (nlen > ROBOTS_MAX_AGENT_BYTES) {
        /* Not reached through robots_check (names are validated); kept
         * correct for any caller. */
        for (size_t i = 0; i + nlen <= hlen; i++)
            if (rb_equal_nocase_fast(hay + i, nlen, needle, nlen))
                return 1;
        return 0;
    }
    /* A crawler's name and a record's value are a word or two: trying
     * each position, its first byte first, costs less than building the
     * table, and at most RB_SUBSTRING_TRIED byte compares. */
    if (nlen <= RB_SUBSTRING_TRIED / (hlen - nlen + 1)) {
        unsigned char first = rb_lower_fast((unsigned char)needle[0]);
        for (size_t i = 0; i + nlen <= hlen; i++)
            if (rb_lower_fast((unsigned char)hay[i]) == first &&
                rb_equal_nocase_fast(hay + i + 1, nlen - 1, needle + 1,
                                     nlen - 1))
                return 1;
        return 0;
    }
    uint16_t border[ROBOTS_MAX_AGENT_BYTES];
    border[0] = 0;
    size_t k = 0;
    for (size_t i = 1; i < nlen; i++) {
        unsigned char c = rb_lower_fast((unsigned char)needle[i]);
        while (k > 0 && rb_lower_fast((unsigned char)needle[k]) != c)
            k = border[k - 1];
        if (rb_lower_fast((unsigned char)needle[k]) == c)
            k++;
        border[i] = (uint16_t)k;
    }
    k = 0;
    for (size_t i = 0; i < hlen; i++) {
        unsigned char c = rb_lower_fast((unsigned char)hay[i]);
        while (k > 0 && rb_lower_fast((unsigned char)needle[k]) != c)
            k = border[k - 1];
        if (rb_lower_fast((unsigned char)needle[k]) == c)
            k++;
        if (k == nlen)
            return 1;
    }
    return 0;
}

int rb_agent_names_caller(robots_profile profile, const robots_txt *doc,
                          const rb_agent *agent, const robots_str *callers,
                          size_t n) {
    if (rb_agent_wildcard(agent))
        return 0;
    const char *token = doc->text + rb_agent_value_off(agent);
    size_t token_len = rb_agent_token(profile, doc->text, agent);
    for (size_t i = 0; i < n; i++) {
        const char *name = callers[i].ptr;
        size_t name_len = callers[i].len;
        switch (profile) {
        case ROBOTS_PROFILE_GOOGLE:
            if (rb_ascii_equal_nocase(name, name_len, token, token_len))
                return 1;
            break;
        case ROBOTS_PROFILE_LEGACY:
            /* An empty value would be a substring of every name; the
             * parser reports it and it names nobody. */
            if (token_len != 0 &&
                rb_contains_nocase(name, name_len, token, token_len))
                return 1;
            break;
        case ROBOTS_PROFILE_RFC9309:
        default:
            name_len = rb_name_token_len(profile, name, name_len);
            if (name_len != 0 &&
                rb_ascii_equal_nocase(name, name_len, token, token_len))
                return 1;
            break;
        }
    }
    return 0;
}

robots_status robots_agent_token(robots_profile profile, const char *agent,
                                 size_t len, robots_agent_token_info *out) {
    if (out == NULL || (agent == NULL && len != 0) ||
        robots_profile_name(profile) == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->is_wildcard = rb_agent_is_wildcard(agent, len);
    /* As parse_records.c stores a user-agent line and as
     * rb_agent_names_caller() reads a caller's name. */
    out->line_token_len =
        rb_line_token_len(profile, agent, len, out->is_wildcard);
    out->name_token_len = rb_name_token_len(profile, agent, len);
    return ROBOTS_OK;
}

robots_status robots_agent_key(robots_profile profile, const char *name,
                               size_t len, char *buf, size_t cap,
                               size_t *needed) {
    if (needed != NULL)
        *needed = 0;
    robots_agent_token_info token;
    robots_status status = robots_agent_token(profile, name, len, &token);
    if (status != ROBOTS_OK)
        return status;
    if (needed == NULL || (buf == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *needed = token.name_token_len;
    if (cap <= token.name_token_len)
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    /* As rb_ascii_equal_nocase() compares them. */
    for (size_t i = 0; i < token.name_token_len; i++)
        buf[i] = (char)rb_ascii_lower((unsigned char)name[i]);
    buf[token.name_token_len] = '\0';
    return ROBOTS_OK;
}
