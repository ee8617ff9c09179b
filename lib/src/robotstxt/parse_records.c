/* SPDX-License-Identifier: MIT */
/*
 * parse_records.c - what a key's line adds to the document: groups
 * (records in legacy) and their user-agents, rules read the general way
 * (the line loop, parse_lines_loop.h, stores the usual one), sitemaps,
 * crawl-delay, issue 24's Content-Usage hook and the other extension records.
 */
#include "agent.h"
#include "ascii.h"
#include "compiler.h"
#include "diag_message.h"
#include "document.h"
#include "memory.h"
#include "normalize.h"
#include "parser.h"
#include "records.h"
#include "usage_internal.h" /* rb_usage_key: issue 24's hook */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- records ------------------------------------------------------------ */

/* The parts of agent_reading()'s messages. */
static const char agent_head[] = "user-agent '",
                  agent_empty_google[] =
                      "' starts with no letter, '-' or '_': its product "
                      "token is empty, which google/robotstxt matches "
                      "only for an empty crawler name, not for '",
                  agent_empty_rfc[] =
                      "' starts with no letter, '-' or '_': its product "
                      "token is empty, and rfc9309 matches no crawler to "
                      "an empty token, '",
                  agent_read_as[] = "' is read as its product token '",
                  agent_reduced[] = "' (letters, '-', '_'), ",
                  agent_whole_google[] = "and google/robotstxt compares a "
                                         "crawler's whole name with it: '",
                  agent_no_match[] = "' does not match the line",
                  agent_reduces_rfc[] =
                      "as a crawler's name is: the line matches every "
                      "name that reduces to '",
                  agent_not_alone[] = "', not '", agent_alone[] = "' alone";

/* The rest of agent_reading()'s message, at out + n, for a token that
 * ends inside the name (name_len bytes): returns its length, cut. */
static size_t reduced_inside_name(const parser *p, char *out, size_t n,
                                  const char *value, size_t len,
                                  size_t token_len, size_t name_len) {
    int google = p->profile == ROBOTS_PROFILE_GOOGLE;
    n = RB_DIAG_PUT(out, n, agent_reduced);
    if (google) {
        n = RB_DIAG_PUT(out, n, agent_whole_google);
        n = rb_diag_put_quote(p, out, n, value, name_len);
        n = rb_diag_cut(RB_DIAG_PUT(out, n, agent_no_match));
    } else {
        n = RB_DIAG_PUT(out, n, agent_reduces_rfc);
        n = rb_diag_put_quote(p, out, n, value, token_len);
        n = RB_DIAG_PUT(out, n, agent_not_alone);
        n = rb_diag_put_quote(p, out, n, value, name_len);
        n = rb_diag_cut(RB_DIAG_PUT(out, n, agent_alone));
    }
#ifdef RB_PARSE_CROSSCHECK
    const rb_msg_part parts[] = {
        RB_MSG_TEXT(agent_head),
        RB_MSG_QUOTE(value, len),
        RB_MSG_TEXT(agent_read_as),
        RB_MSG_QUOTE(value, token_len),
        RB_MSG_TEXT(agent_reduced),
        google ? (rb_msg_part)RB_MSG_TEXT(agent_whole_google)
               : (rb_msg_part)RB_MSG_TEXT(agent_reduces_rfc),
        RB_MSG_QUOTE(value, google ? name_len : token_len),
        google ? (rb_msg_part)RB_MSG_TEXT(agent_no_match)
               : (rb_msg_part)RB_MSG_TEXT(agent_not_alone),
        RB_MSG_QUOTE(value, name_len),
        RB_MSG_TEXT(agent_alone)};
    rb_parse_diag_crosscheck(out, n, parts, google ? 8 : 10);
#endif
    (void)len;
    return n;
}

/* Whether a byte ends a crawler's name in a user-agent value: a blank,
 * or the '/', '(' or ';' before a version or a comment. */
static inline int ends_name(unsigned char c) {
    return rb_ascii_is_blank(c) || c == '/' || c == '(' || c == ';';
}

/* The end of the name in a value of len bytes, from `from` on: the first
 * byte that ends_name(), or len. */
static size_t name_end(const char *value, size_t len, size_t from) {
    while (from < len && !ends_name((unsigned char)value[from]))
        from++;
    return from;
}

/* How rfc9309 or google reads a user-agent value it reduces to its
 * product token (docs/semantics.md), said as that reading, not as a
 * judgement of the crawler (issue 21: "'360Spider' names no crawler" was
 * said of a real one). A token that ends at '/', a space, '(' or ';'
 * drops a version or a comment ("Googlebot/2.1"): a note. One that ends
 * inside the name ("MJ12bot" read as "MJ", "archive.org_bot" as
 * "archive", "360Spider" as nothing) changes which crawlers the line
 * matches: a warning. */
__attribute__((noinline)) /* off rb_parse_user_agent()'s path; not cold,
                           * which made its texts' copies `rep movsb` */
static void
agent_reading(parser *p, const char *value, size_t len, size_t token_len) {
    /* Written whole, then cut (rb_diag_cut()): room for every part. */
    char buf[2 * RB_DIAG_ROOM];
    _Static_assert(sizeof buf >
                       sizeof agent_head + sizeof agent_read_as +
                           sizeof agent_reduced + sizeof agent_reduces_rfc +
                           sizeof agent_not_alone + sizeof agent_alone +
                           sizeof agent_empty_google +
                           4 * (size_t)RB_PARSE_QUOTE_CAP + 16,
                   "room");
    robots_diag_kind kind = token_len == 0 ? ROBOTS_DIAG_EMPTY_USER_AGENT
                                           : ROBOTS_DIAG_AGENT_REDUCED;
    char *out = rb_parse_diag_room(p, kind, buf, sizeof buf);
    if (out == NULL)
        return; /* past the cap: only counted */
    int google = p->profile == ROBOTS_PROFILE_GOOGLE;
    size_t n = RB_DIAG_PUT(out, 0, agent_head);
    n = rb_diag_put_quote(p, out, n, value, len);
    robots_severity severity = ROBOTS_SEVERITY_WARNING;
    if (token_len == 0) {
        size_t name_len = name_end(value, len, 0);
        n = google ? RB_DIAG_PUT(out, n, agent_empty_google)
                   : RB_DIAG_PUT(out, n, agent_empty_rfc);
        n = rb_diag_put_quote(p, out, n, value, name_len);
        n = rb_diag_cut(google ? RB_DIAG_PUT(out, n, "'")
                               : RB_DIAG_PUT(out, n, "' included"));
        RB_DIAG_CROSSCHECK(out, n, RB_MSG_TEXT(agent_head),
                           RB_MSG_QUOTE(value, len),
                           google ? (rb_msg_part)RB_MSG_TEXT(agent_empty_google)
                                  : (rb_msg_part)RB_MSG_TEXT(agent_empty_rfc),
                           RB_MSG_QUOTE(value, name_len),
                           google ? (rb_msg_part)RB_MSG_TEXT("'")
                                  : (rb_msg_part)RB_MSG_TEXT("' included"));
    } else {
        n = RB_DIAG_PUT(out, n, agent_read_as);
        n = rb_diag_put_quote(p, out, n, value, token_len);
        /* The token ends inside the value (token_len < len): at a byte
         * that ends the name, the name is the token (a note, most such
         * lines: "Googlebot/2.1"), and only otherwise is the name's end
         * looked for. */
        if (ends_name((unsigned char)value[token_len])) {
            severity = ROBOTS_SEVERITY_NOTE;
            n = rb_diag_cut(RB_DIAG_PUT(out, n, "'"));
            RB_DIAG_CROSSCHECK(
                out, n, RB_MSG_TEXT(agent_head), RB_MSG_QUOTE(value, len),
                RB_MSG_TEXT(agent_read_as), RB_MSG_QUOTE(value, token_len),
                RB_MSG_TEXT("'"));
        } else {
            n = reduced_inside_name(p, out, n, value, len, token_len,
                                    name_end(value, len, token_len + 1));
        }
    }
    rb_parse_diag_keep(p, value, 0, kind, severity, out, n);
}

/* rb_line_token_len() of a value in the body, sixteen bytes a step while
 * the body has them (agent.h). */
static size_t value_token_len(const parser *p, const char *value, size_t len,
                              int wildcard) {
    if (rb_line_reads_whole(p->profile, wildcard))
        return len;
    return rb_agent_token_len_within(value, len, p->body_end);
}

#ifdef RB_SSE2
/* The value (len bytes, in the body) at the text's end, with its NUL, as
 * rb_parse_add_text() keeps it: copied sixteen bytes a step, `copy` bytes
 * (len rounded up; 32, a constant, for the usual value's two steps), the
 * last step reading past it (inside the body) and writing past it (inside
 * the text's room), which its callers have tested. */
RB_ALWAYS_INLINE static inline rb_span text_copied(parser *p, const char *value,
                                                   size_t len, size_t copy) {
    char *dst = (char *)p->text.data + p->text.count;
    for (size_t i = 0; i < copy; i += 16)
        _mm_storeu_si128(
            (__m128i *)(void *)(dst + i),
            _mm_loadu_si128((const __m128i *)(const void *)(value + i)));
    dst[len] = '\0';
    rb_span span = {(uint32_t)p->text.count, (uint32_t)len};
    p->text.count += len + 1;
    return span;
}
#endif

/* rb_parse_add_text() of a value over 32 bytes (a rule's pattern the run
 * leaves to rb_parse_rule(): 2,500 of the real-world corpus's) or where
 * add_value_text() cannot take its usual path. One of up to 128 bytes
 * that the body holds 16 bytes past and the text has the room for is
 * copied sixteen a step, the last step reading past it (inside the body)
 * and writing past it (inside the text's room), where the call to
 * rb_parse_add_text() and its memcpy() cost about 80 instructions. A
 * longer one is memcpy()'s, which copies more a step: up to the longest
 * line this loop made a legacy file of 4,095-byte names 8% dearer. Out of
 * line, as rb_parse_add_text() was: inline, its test cost every rule's
 * usual value an instruction. */
__attribute__((noinline)) static rb_span
add_longer_value_text(parser *p, const char *value, size_t len) {
#ifdef RB_SSE2
    if (len <= 128 && !p->failed && p->text.data != NULL &&
        p->text.cap - p->text.count > len + 16 &&
        (size_t)(p->body_end - value) >= len + 16)
        return text_copied(p, value, len, len);
#endif
    return rb_parse_add_text(p, value, len);
}

/* rb_parse_add_text() for a value in the body of at most 32 bytes, when
 * the body has 32 bytes from it and the text room for them: copied in two
 * SSE2 steps, with no call (a user-agent line's usual value). */
static inline rb_span add_value_text(parser *p, const char *value, size_t len) {
#ifdef RB_SSE2
    if (len <= 32 && !p->failed && p->text.data != NULL &&
        p->text.cap - p->text.count > len + 32 && p->body_end - value >= 32)
        return text_copied(p, value, len, 32);
#endif
    return add_longer_value_text(p, value, len);
}

/* rb_parse_user_agent() of any line: out of line, for the lines its usual
 * path leaves (a wildcard, an empty or long value, an array to grow). */
__attribute__((noinline)) static void
user_agent_general(parser *p, const char *value, size_t len) {
    if (!p->have_group || !p->in_agent_list) {
        /* written in place: a push's memcpy of a variable size is a call */
        rb_group *g = rb_vec_reserve(&p->mem, &p->groups, 1);
        if (g == NULL) {
            p->failed = 1;
            return;
        }
        g->first_agent = (uint32_t)p->agents.count;
        g->first_rule = (uint32_t)p->rules.count;
        p->groups.count++;
        p->have_group = 1;
        p->in_agent_list = 1;
    }
    rb_agent a;
    int wildcard =
        len != 0 && value[0] == '*' && rb_agent_is_wildcard(value, len);
    size_t token_len = value_token_len(p, value, len, wildcard);
    a.line = (uint32_t)p->line;
    a.value =
        add_value_text(p, value, len).off | (wildcard ? RB_AGENT_WILDCARD : 0);
    if (len == 0)
        rb_parse_diag(p, NULL, ROBOTS_DIAG_EMPTY_USER_AGENT,
                      ROBOTS_SEVERITY_WARNING, NULL,
                      "user-agent line with no name names no crawler");
    else if (!wildcard && token_len != len && !p->skip_diagnostics)
        agent_reading(p, value, len, token_len); /* only a report */
    if (p->failed)
        return;
    rb_agent *slot = rb_vec_reserve(&p->mem, &p->agents, 1);
    if (slot == NULL) {
        p->failed = 1;
        return;
    }
    *slot = a;
    p->agents.count++;
}

#ifdef RB_SSE2
/* rb_agent_token_len_within() of a value of 1 to 32 bytes that the body
 * holds 32 bytes from: two steps of sixteen, with no call for a tail. */
static inline size_t token_len32(const char *value, size_t len) {
    size_t at = 32;
    for (size_t i = 0; i < 32; i += 16) {
        unsigned other = rb_agent_not_token16(value + i);
        if (other != 0) {
            at = i + (size_t)__builtin_ctz(other);
            break;
        }
    }
    return at < len ? at : len;
}

/* The group of rb_parse_user_agent()'s usual line, last of the line's
 * tests: the one open (the line follows a user-agent line of it), else a
 * new one where the groups' array has the room: 1; 0, with nothing
 * changed, when the array must grow (user_agent_general()'s). Asked
 * last: whether the group was new, told first and kept for the tests
 * after it, cost every line about four instructions. */
RB_ALWAYS_INLINE static inline int group_in_room(parser *p) {
    if (p->have_group && p->in_agent_list)
        return 1;
    rb_vec *groups = &p->groups;
    if (groups->data == NULL || groups->cap == groups->count)
        return 0;
    rb_group *g = (rb_group *)groups->data + groups->count;
    g->first_agent = (uint32_t)p->agents.count;
    g->first_rule = (uint32_t)p->rules.count;
    groups->count++;
    p->have_group = 1;
    p->in_agent_list = 1;
    return 1;
}
#endif

void rb_parse_user_agent(parser *p, const char *value, size_t len) {
#ifdef RB_SSE2
    /* The usual line, with no call of its own but the report it may make
     * last (so that it saves no register): a name of 1 to 32 bytes (a
     * '*' alone, or none first), the body holding 32 bytes from it, room in the
     * text, the agents' and (for a new group) the groups' arrays. Any other
     * line is user_agent_general()'s, which does the same in the same order. */
    rb_vec *agents = &p->agents, *text = &p->text;
    if (len - 1 < 32 && (value[0] != '*' || len == 1) && !p->failed &&
        text->data != NULL && text->cap - text->count > len + 32 &&
        p->body_end - value >= 32 && agents->data != NULL &&
        agents->cap != agents->count && group_in_room(p)) {
        int wildcard = value[0] == '*'; /* alone: rb_agent_is_wildcard() */
        size_t token_len = rb_line_reads_whole(p->profile, wildcard)
                               ? len
                               : token_len32(value, len);
        char *dst = (char *)text->data + text->count;
        for (size_t i = 0; i < 32; i += 16)
            _mm_storeu_si128(
                (__m128i *)(void *)(dst + i),
                _mm_loadu_si128((const __m128i *)(const void *)(value + i)));
        dst[len] = '\0';
        rb_agent *slot = (rb_agent *)agents->data + agents->count;
        slot->line = (uint32_t)p->line;
        slot->value =
            (uint32_t)text->count | (wildcard ? RB_AGENT_WILDCARD : 0);
        text->count += len + 1;
        agents->count++;
        /* (the report after the agent, not before it: it neither reads
         * nor changes the agents, and a parse that fails keeps neither) */
        if (token_len != len && !p->skip_diagnostics)
            agent_reading(p, value, len, token_len);
        return;
    }
#endif
    user_agent_general(p, value, len);
}

/* "pattern '...' does not start with '/' (or '*') and can never match":
 * written where it is kept (diag_message.h), as a page served as
 * robots.txt may have a rule of a word on many lines ("Disallow: none"),
 * where the parts' loop (rb_parse_diag_parts()) cost about 110
 * instructions each. value is the pattern as written, in the body. */
__attribute__((noinline)) /* its room off rb_parse_rule()'s frame */
static void
never_matches_diag(parser *p, const char *value, size_t len) {
    if (p->profile == ROBOTS_PROFILE_LEGACY)
        RB_DIAG_QUOTED(p, value, 0, ROBOTS_DIAG_PATTERN_NEVER_MATCHES,
                       ROBOTS_SEVERITY_ERROR, "pattern '", value, len,
                       "' does not start with '/' and can never match");
    else
        RB_DIAG_QUOTED(p, value, 0, ROBOTS_DIAG_PATTERN_NEVER_MATCHES,
                       ROBOTS_SEVERITY_ERROR, "pattern '", value, len,
                       "' does not start with '/' or '*' and can never match");
}

/* "disallow rule before any user-agent line is ignored": written where it
 * is kept (diag_message.h), as legacy, whose blank line ends a record, has
 * it on every rule after one (26,000 lines of the real-world corpus, about
 * 200 instructions each through the parts' loop, rb_parse_diag_parts()). */
static const char outside_allow[] = "allow",
                  outside_tail[] =
                      " rule before any user-agent line is ignored";

/* The length of outside_group_diag()'s message for a rule of kind: its two
 * texts differ in length. */
static inline size_t outside_group_len(robots_rule_kind kind) {
    return (kind == ROBOTS_RULE_ALLOW ? sizeof outside_allow
                                      : sizeof "disallow") -
           1 + sizeof outside_tail - 1;
}

/* outside_group_diag()'s usual line, under the cap (its caller asked
 * rb_parse_diag_counted_past_cap()), kept again with no frame: room in the
 * array, and the diagnostic before it the same report of a rule of this
 * kind (a legacy record's rules after its blank line, one after the
 * other). Counted and kept with that one's text, as rb_parse_diag_room()
 * and rb_parse_diag_keep_same() count and keep it: 1; else 0, for
 * outside_group_written(). The room's frame and its six saved registers
 * were about half of its 65 instructions. Not in the fuzzers' build,
 * which writes every message and compares it. */
RB_ALWAYS_INLINE static inline int outside_group_again(parser *p,
                                                       robots_rule_kind kind) {
#ifdef RB_PARSE_CROSSCHECK
    (void)p, (void)kind;
    return 0;
#else
    rb_vec *diags = &p->diags;
    size_t count = diags->count;
    if (count == 0 || count == diags->cap)
        return 0;
    const rb_diag *last = (const rb_diag *)diags->data + count - 1;
    if (last->kind != ROBOTS_DIAG_RULE_OUTSIDE_GROUP ||
        last->severity != (uint8_t)ROBOTS_SEVERITY_ERROR ||
        last->message.len != outside_group_len(kind))
        return 0;
    p->diag_total++;
    p->kind_totals[ROBOTS_DIAG_RULE_OUTSIDE_GROUP]++;
    rb_diag_fill(p, (rb_diag *)diags->data + count, NULL, 0,
                 ROBOTS_DIAG_RULE_OUTSIDE_GROUP, ROBOTS_SEVERITY_ERROR,
                 last->message);
    diags->count = count + 1;
    return 1;
#endif
}

/* outside_group_diag() written: its room and text (a frame of their
 * own, and six saved registers), for the line outside_group_again() does
 * not keep. */
__attribute__((noinline)) static void
outside_group_written(parser *p, robots_rule_kind kind) {
    char buf[RB_DIAG_ROOM];
    char *out =
        rb_parse_diag_room(p, ROBOTS_DIAG_RULE_OUTSIDE_GROUP, buf, sizeof buf);
    if (out == NULL)
        return; /* past the cap: only counted */
    _Static_assert(RB_DIAG_FITS(sizeof "disallow" + sizeof outside_tail, 0),
                   "cut");
    size_t n = kind == ROBOTS_RULE_ALLOW ? RB_DIAG_PUT(out, 0, outside_allow)
                                         : RB_DIAG_PUT(out, 0, "disallow");
    n = RB_DIAG_PUT(out, n, outside_tail);
    RB_DIAG_CROSSCHECK(out, n,
                       kind == ROBOTS_RULE_ALLOW
                           ? (rb_msg_part)RB_MSG_TEXT(outside_allow)
                           : (rb_msg_part)RB_MSG_TEXT("disallow"),
                       RB_MSG_TEXT(outside_tail));
    /* One as long as the one before's of this kind is that one, which
     * outside_group_again() kept; the fuzzers' build, where it keeps none,
     * keeps it here, its text compared. */
#ifdef RB_PARSE_CROSSCHECK
    if (n != outside_group_len(kind)) /* the length it tells them by */
        abort();
    if (rb_parse_diag_keep_same(p, NULL, 0, ROBOTS_DIAG_RULE_OUTSIDE_GROUP,
                                ROBOTS_SEVERITY_ERROR, out, n))
        return;
#endif
    rb_parse_diag_keep(p, NULL, 0, ROBOTS_DIAG_RULE_OUTSIDE_GROUP,
                       ROBOTS_SEVERITY_ERROR, out, n);
}

/* The report of a rule outside a group: past the cap only counted (as
 * rb_parse_diag_room() counts it), the usual one kept again with no frame
 * (outside_group_again()), any other written. Out of line, off
 * rb_parse_rule()'s usual path. */
__attribute__((noinline)) static void
outside_group_diag(parser *p, robots_rule_kind kind) {
    if (rb_parse_diag_counted_past_cap(p, ROBOTS_DIAG_RULE_OUTSIDE_GROUP) ||
        outside_group_again(p, kind))
        return;
    outside_group_written(p, kind);
}

void rb_parse_rule(parser *p, enum key_kind key, const char *value,
                   size_t len) {
    robots_rule_kind kind =
        key == KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW;
    if (!p->have_group) {
        outside_group_diag(p, kind);
        return;
    }
    p->in_agent_list = 0;
    if (len == 0 && p->profile != ROBOTS_PROFILE_LEGACY)
        return; /* RFC 9309 2.2.2: an empty pattern is no rule */
    if (len == 0 && kind == ROBOTS_RULE_ALLOW)
        rb_parse_diag(p, NULL, ROBOTS_DIAG_EMPTY_ALLOW_MATCHES_ALL,
                      ROBOTS_SEVERITY_NOTE, NULL,
                      "an empty Allow matches every path in the 1996 draft");

    const char *norm = value;
    size_t nlen = len;
    if (!rb_pattern_is_normal(p->profile, value, len)) {
        char *scratch = rb_parse_scratch(p);
        if (scratch == NULL)
            return;
        nlen = rb_normalize_pattern(p->profile, value, len, scratch);
        norm = scratch;
    }
    if (len != 0 && rb_normal_never_matches(p->profile, norm[0]))
        never_matches_diag(p, value, len);
    rb_span pattern = add_value_text(p, value, len);
    int normalise =
        norm != value && (nlen != len || memcmp(norm, value, len) != 0);
    int index_htm =
        p->profile == ROBOTS_PROFILE_GOOGLE && kind == ROBOTS_RULE_ALLOW &&
        rb_parse_index_htm(p, norm, nlen, norm == value ? p->body : norm);
    if (p->failed)
        return;
    /* stored in place: a push's memcpy of a variable size is a call */
    rb_rule *slot = rb_vec_reserve(&p->mem, &p->rules, 1);
    if (slot == NULL) {
        p->failed = 1;
        return;
    }
    set_rule(slot, p->line, kind, index_htm, pattern, normalise, nlen);
    p->rules.count++;
    if (normalise && nlen > p->longest_rule_normal)
        p->longest_rule_normal = nlen;
}

/* Whether a sitemap's value is scheme "://" and more. The usual
 * "https://" and "http://" (any case) are told at one word compare each
 * (is_word(): ':' and '/' compared as they are), where the scheme's byte
 * loop cost about 50 instructions a sitemap line (0.5 M of the real-world
 * corpus's parse); any other value takes the loop. */
static int is_absolute_url(const char *s, size_t len) {
    if ((len > 8 && is_word(s, "https://", 8)) ||
        (len > 7 && is_word(s, "http://", 7)))
        return 1;
    size_t i = 0;
    while (i < len &&
           ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
            (i > 0 && ((s[i] >= '0' && s[i] <= '9') || s[i] == '+' ||
                       s[i] == '-' || s[i] == '.'))))
        i++;
    return i > 0 && len - i > 3 && s[i] == ':' && s[i + 1] == '/' &&
           s[i + 2] == '/';
}

/* rb_records_add() of a record rb_records_add_usual() left (a list's
 * first record, a mark's, a growth), and its failure: out of line, so
 * that the usual record's callers keep nothing across a call of theirs
 * (their frames' saved registers were about 20 instructions a record).
 * A list's first record takes the list's first room
 * (rb_records_first_room()); a record in the room the list has is then
 * rb_records_add_in_room()'s, inline here. */
__attribute__((noinline)) static void
add_record_slow(parser *p, rb_records_build *list, const char *key, size_t klen,
                const char *value, size_t vlen) {
    uint32_t group =
        p->have_group ? (uint32_t)(p->groups.count - 1) : UINT32_MAX;
    if (list->bytes.data == NULL &&
        !rb_records_first_room(&p->mem, list, klen, vlen)) {
        p->failed = 1;
        return;
    }
    if (rb_records_add_in_room(list, (uint32_t)p->line, group, key, klen, value,
                               vlen, p->body_end))
        return;
    if (!rb_records_add(&p->mem, list, (uint32_t)p->line, group, key, klen,
                        value, vlen, p->body_end))
        p->failed = 1;
}

/* A record of the list: inline in its two callers, as a call of its own
 * (its frame, nine arguments passed on) was a third of a record's cost;
 * last in each, so that the slow path's call is its last step. */
RB_ALWAYS_INLINE static inline void add_record(parser *p,
                                               rb_records_build *list,
                                               const char *key, size_t klen,
                                               const char *value, size_t vlen) {
    uint32_t group =
        p->have_group ? (uint32_t)(p->groups.count - 1) : UINT32_MAX;
    /* (key before value on the line: the body holds 32 bytes from the key
     * when it does from the value) */
    if (!p->failed && !rb_records_add_usual(list, (uint32_t)p->line, group, key,
                                            klen, value, vlen, p->body_end))
        add_record_slow(p, list, key, klen, value, vlen);
}

/* "sitemap '...' is not an absolute URL", and the sitemap's record: out of
 * line, so that the usual sitemap line sets up none of its parts' frame
 * and saves no register. */
__attribute__((noinline)) static void
not_absolute_sitemap(parser *p, const char *key, size_t klen, const char *value,
                     size_t len) {
    const rb_msg_part parts[] = {RB_MSG_TEXT("sitemap '"),
                                 RB_MSG_QUOTE(value, len),
                                 RB_MSG_TEXT("' is not an absolute URL")};
    rb_parse_diag_parts(p, len ? value : NULL, 0,
                        ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE,
                        ROBOTS_SEVERITY_WARNING, NULL, parts, 3);
    if (len != 0)
        add_record(p, &p->sitemaps, key, klen, value, len);
}

void rb_parse_sitemap(parser *p, const char *key, size_t klen,
                      const char *value, size_t len) {
    /* (the test is only the report's: not made for a parse without) */
    if (!p->skip_diagnostics && !is_absolute_url(value, len))
        not_absolute_sitemap(p, key, klen, value, len);
    else if (len != 0)
        add_record(p, &p->sitemaps, key, klen, value, len);
}

/* A crawl-delay is a non-negative decimal number of seconds. Values of a
 * billion seconds or more are reported as invalid rather than rounded. */
int rb_parse_delay(const char *s, size_t len, double *out) {
    double value = 0, scale = 1;
    size_t i = 0, digits = 0, int_digits = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
        value = value * 10 + (s[i] - '0');
        i++;
        digits++;
        if (value > 0)
            int_digits++;
    }
    if (i < len && s[i] == '.') {
        i++;
        while (i < len && s[i] >= '0' && s[i] <= '9') {
            scale /= 10;
            value += (s[i] - '0') * scale;
            i++;
            digits++;
        }
    }
    if (digits == 0 || i != len || int_digits > 9)
        return 0;
    *out = value;
    return 1;
}

/* Issue 24's hook: a Content-Usage or Content-Signal line is kept as an
 * extension record, which robots_usage() reads (lib/src/aipref/
 * usage_query.c); here only where it stands matters. */
static void on_usage_record(parser *p, int key) {
    if (p->have_group) {
        if (key == RB_USAGE_KEY_CONTENT_USAGE && p->content_usage_ends_group)
            p->in_agent_list = 0; /* attach-05 3: a rule ends the agents */
        return;
    }
    if (key == RB_USAGE_KEY_CONTENT_USAGE)
        rb_parse_diag(
            p, NULL, ROBOTS_DIAG_RULE_OUTSIDE_GROUP, ROBOTS_SEVERITY_WARNING,
            NULL, "content-usage rule before any user-agent line is ignored");
    else
        rb_parse_diag(
            p, NULL, ROBOTS_DIAG_EXTENSION, ROBOTS_SEVERITY_NOTE, NULL,
            "content-signal before any user-agent line is kept as the "
            "file's own and applies to no group");
}

/* rb_parse_other() of the keys that mean more than a record: content-usage
 * and content-signal (13 and 14 bytes, issue 24's hook) and crawl-delay
 * (11, a bad one reported). Out of line, so that another key (a page's tag
 * read as two words in google) makes no call and saves no register. */
__attribute__((noinline)) static void
other_key_meaning(parser *p, const char *key, size_t klen, const char *value,
                  size_t len) {
    add_record(p, &p->extensions, key, klen, value, len);
    int usage = klen - 13 <= 1 ? rb_usage_key(key, klen) : RB_USAGE_KEY_NONE;
    if (usage != RB_USAGE_KEY_NONE)
        on_usage_record(p, usage);
    if (klen != 11 || !is_word(key, "crawl-delay", 11))
        return;
    /* A group's crawl-delay, the first that parses, is found again among
     * its records (access.c): here only a bad one is reported. */
    double delay;
    if (!rb_parse_delay(value, len, &delay)) {
        const rb_msg_part parts[] = {
            RB_MSG_TEXT("crawl-delay '"), RB_MSG_QUOTE(value, len),
            RB_MSG_TEXT("' is not a number of seconds; ignored")};
        rb_parse_diag_parts(p, len ? value : NULL, 0,
                            ROBOTS_DIAG_INVALID_CRAWL_DELAY,
                            ROBOTS_SEVERITY_WARNING, NULL, parts, 3);
    }
}

void rb_parse_other(parser *p, const char *key, size_t klen, const char *value,
                    size_t len) {
    if (klen - 11 <= 14 - 11)
        other_key_meaning(p, key, klen, value, len);
    else
        add_record(p, &p->extensions, key, klen, value, len);
}
