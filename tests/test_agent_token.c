/* SPDX-License-Identifier: MIT */
/*
 * test_agent_token.c - the one product-token reducer (lib/src/robotstxt/
 * agent.h) on its own, against docs/semantics.md's reading: a user-agent
 * value is reduced to its leading run of [A-Za-z_-] ("Googlebot/2.1" is
 * "Googlebot", "Foo Bar" is "Foo"); `*` is read whole; rfc9309 reduces
 * the caller's name the same way, google compares the caller's name
 * whole; legacy compares a line's whole value (a substring of the name).
 */
#include "agent.h"
#include "testing.h"

#include <string.h>

#define LIT(s) (s), (sizeof(s) - 1)

static void product_token(void) {
    EXPECT_EQ(rb_agent_token_len(LIT("Googlebot/2.1")), 9);
    EXPECT_EQ(rb_agent_token_len(LIT("Foo Bar")), 3);
    EXPECT_EQ(rb_agent_token_len(LIT("archive.org_bot")), 7);
    EXPECT_EQ(rb_agent_token_len(LIT("Some_Bot-2")), 9);
    EXPECT_EQ(rb_agent_token_len(LIT("360Spider")), 0);
    EXPECT_EQ(rb_agent_token_len(LIT("")), 0);
    /* A byte >= 0x80 is no token byte: "Bot\xC3\xA9" is "Bot". */
    EXPECT_EQ(rb_agent_token_len(LIT("Bot\xC3\xA9")), 3);
    /* Bounded by the length given, not by a NUL. */
    EXPECT_EQ(rb_agent_token_len("Googlebot", 6), 6);
    /* Every byte: the token bytes are exactly [A-Za-z_-]. */
    int wrong = 0;
    for (int v = 0; v < 256; v++) {
        char c = (char)v;
        int token = (v >= 'A' && v <= 'Z') || (v >= 'a' && v <= 'z') ||
                    v == '_' || v == '-';
        wrong += rb_agent_token_len(&c, 1) != (size_t)token;
    }
    EXPECT_EQ(wrong, 0);
}

static void line_tokens(void) {
    /* rfc9309 and google reduce a line's value; legacy reads it whole. */
    EXPECT_EQ(
        rb_line_token_len(ROBOTS_PROFILE_RFC9309, LIT("Googlebot/2.1"), 0), 9);
    EXPECT_EQ(rb_line_token_len(ROBOTS_PROFILE_GOOGLE, LIT("Googlebot/2.1"), 0),
              9);
    EXPECT_EQ(rb_line_token_len(ROBOTS_PROFILE_LEGACY, LIT("Googlebot/2.1"), 0),
              13);
    /* `*` is read whole in every profile. */
    EXPECT_EQ(rb_line_token_len(ROBOTS_PROFILE_RFC9309, LIT("* x"), 1), 3);
    EXPECT_EQ(rb_line_token_len(ROBOTS_PROFILE_GOOGLE, LIT("*"), 1), 1);

    /* A stored line (NUL-terminated in the document's text) reads the
     * same token as its value with its length. */
    static const char text[] = "Googlebot/2.1\0Foo Bar\0*";
    rb_agent google = {1, 0}, foo = {2, 14}, star = {3, 22 | RB_AGENT_WILDCARD};
    EXPECT_EQ(rb_agent_token(ROBOTS_PROFILE_RFC9309, text, &google), 9);
    EXPECT_EQ(rb_agent_token(ROBOTS_PROFILE_GOOGLE, text, &foo), 3);
    EXPECT_EQ(rb_agent_token(ROBOTS_PROFILE_LEGACY, text, &google), 13);
    EXPECT_EQ(rb_agent_token(ROBOTS_PROFILE_RFC9309, text, &star), 1);
    EXPECT_EQ(rb_agent_value_len(text, &foo), 7);
}

static void name_tokens(void) {
    /* rfc9309: "Googlebot/2.1 (+http://...)" is "Googlebot". */
    EXPECT_EQ(rb_name_token_len(ROBOTS_PROFILE_RFC9309,
                                LIT("Googlebot/2.1 (+http://x.test/)")),
              9);
    /* An empty token ("*", "123", "") names no specific group. */
    EXPECT_EQ(rb_name_token_len(ROBOTS_PROFILE_RFC9309, LIT("123")), 0);
    EXPECT_EQ(rb_name_token_len(ROBOTS_PROFILE_RFC9309, LIT("*")), 0);
    /* google compares the caller's string whole, legacy too. */
    EXPECT_EQ(rb_name_token_len(ROBOTS_PROFILE_GOOGLE, LIT("Googlebot/2.1")),
              13);
    EXPECT_EQ(rb_name_token_len(ROBOTS_PROFILE_LEGACY, LIT("Googlebot/2.1")),
              13);
}

/* robots_agent_token(), the public face of the reducer, reports what the
 * reducer reads. */
static void public_token(void) {
    robots_agent_token_info info;
    EXPECT_EQ(
        robots_agent_token(ROBOTS_PROFILE_RFC9309, LIT("Googlebot/2.1"), &info),
        ROBOTS_OK);
    EXPECT_EQ(info.line_token_len, 9);
    EXPECT_EQ(info.name_token_len, 9);
    EXPECT(!info.is_wildcard);
    EXPECT_EQ(
        robots_agent_token(ROBOTS_PROFILE_GOOGLE, LIT("Googlebot/2.1"), &info),
        ROBOTS_OK);
    EXPECT_EQ(info.line_token_len, 9);
    EXPECT_EQ(info.name_token_len, 13);
    EXPECT_EQ(robots_agent_token(ROBOTS_PROFILE_LEGACY, LIT("Foo Bar"), &info),
              ROBOTS_OK);
    EXPECT_EQ(info.line_token_len, 7);
    EXPECT_EQ(info.name_token_len, 7);
}

int main(void) {
    product_token();
    line_tokens();
    name_tokens();
    public_token();
    return testing_finish();
}
