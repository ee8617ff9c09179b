/* SPDX-License-Identifier: MIT */
/*
 * test_reading.c - what the library tells a tool so that the tool never
 * reads a robots.txt a second time its own way (issue 21): the groups a
 * set of agents selects (robots_select_groups), how each profile reads an
 * agent's name (robots_agent_token), what the parse decided about a rule
 * (robots_rule_info.flags) and every rule in file order (robots_rule).
 * Each expectation follows from docs/semantics.md, "Groups and
 * user-agents" and "Rules and matching".
 */
#include "robots.h"
#include "testing.h"

#include <stdlib.h>
#include <string.h>

static robots_txt *parse(const char *body, robots_profile profile) {
    robots_options options = {0}; /* 0: the whole body is parsed */
    options.profile = profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, strlen(body), &options, &doc), ROBOTS_OK);
    return doc;
}

/* The groups `agent` selects, as a string of indexes ("0,2"), or "-". */
static const char *groups_of(const robots_txt *doc, const char *agent,
                             int *specific) {
    static char text[64];
    size_t groups[8], needed = 99;
    robots_str name = {agent, strlen(agent)};
    robots_status status =
        robots_select_groups(doc, &name, 1, groups, 8, &needed, specific);
    EXPECT_EQ(status, ROBOTS_OK);
    if (status != ROBOTS_OK || needed == 0)
        return "-";
    size_t n = 0;
    for (size_t i = 0; i < needed && n + 8 < sizeof text; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s%zu", i ? "," : "",
                              groups[i]);
    return text;
}

#define EXPECT_GROUPS(doc, agent, want, want_specific)                         \
    do {                                                                       \
        int specific_ = -1;                                                    \
        const char *got_ = groups_of(doc, agent, &specific_);                  \
        EXPECT_MSG(strcmp(got_, want) == 0, "%s: groups %s, want %s", agent,   \
                   got_, want);                                                \
        EXPECT_EQ(specific_, want_specific);                                   \
    } while (0)

/* Groups 0 and 2 name "a" (case differs), 1 and 3 are `*`. */
static const char four_groups[] = "User-agent: a\nDisallow: /a\n\n"
                                  "User-agent: *\nDisallow: /s\n\n"
                                  "User-agent: A\nDisallow: /b\n\n"
                                  "User-agent: *\nDisallow: /t\n";

static void select_groups_per_profile(void) {
    /* rfc9309: groups naming the crawler are merged, its name reduced to
     * its product token; none naming it: every `*` group. */
    robots_txt *doc = parse(four_groups, ROBOTS_PROFILE_RFC9309);
    EXPECT_GROUPS(doc, "a", "0,2", 1);
    EXPECT_GROUPS(doc, "a/1.0 (+http://a.example)", "0,2", 1);
    EXPECT_GROUPS(doc, "zzz", "1,3", 0);
    EXPECT_GROUPS(doc, "123", "1,3", 0); /* an empty token: only `*` */
    robots_free(doc);
    /* google compares the caller's name whole. */
    doc = parse(four_groups, ROBOTS_PROFILE_GOOGLE);
    EXPECT_GROUPS(doc, "a", "0,2", 1);
    EXPECT_GROUPS(doc, "a/1.0", "1,3", 0);
    robots_free(doc);
    /* legacy: the first record naming a substring of the name, else the
     * first `*` record; records are not merged. */
    doc = parse(four_groups, ROBOTS_PROFILE_LEGACY);
    EXPECT_GROUPS(doc, "a", "0", 1);
    EXPECT_GROUPS(doc, "Spambot", "0", 1); /* "a" is part of the name */
    EXPECT_GROUPS(doc, "zzz", "1", 0);
    robots_free(doc);
    /* No `*` group: nothing applies. A group naming the crawler, even
     * with no rules, shadows `*` entirely. */
    doc = parse("User-agent: a\nDisallow: /a\n", ROBOTS_PROFILE_RFC9309);
    EXPECT_GROUPS(doc, "b", "-", 0);
    robots_free(doc);
    doc = parse("User-agent: *\nDisallow: /\n\nUser-agent: b\nDisallow:\n",
                ROBOTS_PROFILE_RFC9309);
    EXPECT_GROUPS(doc, "b", "1", 1);
    robots_free(doc);
    /* Issue 21: a user-agent line after a Crawl-delay joins the group
     * above (no rule stands between them), in rfc9309 and google. */
    const char merged[] = "User-agent: *\nCrawl-delay: 45\n\n"
                          "User-agent: SemrushBot\nDisallow: /\n"
                          "Allow: /robots.txt\n";
    for (int p = ROBOTS_PROFILE_RFC9309; p <= ROBOTS_PROFILE_GOOGLE; p++) {
        doc = parse(merged, (robots_profile)p);
        EXPECT_EQ(robots_group_count(doc), 1);
        EXPECT_GROUPS(doc, "SemrushBot", "0", 1);
        EXPECT_GROUPS(doc, "Googlebot", "0", 0);
        robots_free(doc);
    }
}

/* The groups robots_check() reads are these: the rule that decides always
 * comes from one of them. */
static void select_groups_agree_with_check(void) {
    static const char *const agents[] = {"a", "A", "zzz", "a/2", ""};
    static const char *const paths[] = {"/a", "/b", "/s", "/t", "/x"};
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc = parse(four_groups, (robots_profile)p);
        for (size_t a = 0; a < sizeof agents / sizeof agents[0]; a++) {
            robots_str name = {agents[a], strlen(agents[a])};
            size_t groups[8], needed = 0;
            int specific = -1;
            EXPECT_EQ(robots_select_groups(doc, &name, 1, groups, 8, &needed,
                                           &specific),
                      ROBOTS_OK);
            size_t first;
            int first_specific;
            EXPECT_EQ(
                robots_select_group(doc, &name, 1, &first, &first_specific),
                ROBOTS_OK);
            EXPECT_EQ(needed ? groups[0] : ROBOTS_NO_POSITION, first);
            EXPECT_EQ(specific, first_specific);
            for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
                robots_verdict v;
                EXPECT_EQ(
                    robots_check(doc, &name, 1, paths[k], strlen(paths[k]), &v),
                    ROBOTS_OK);
                EXPECT_EQ(v.specific, specific);
                if (v.rule == ROBOTS_NO_POSITION)
                    continue;
                int found = 0;
                for (size_t i = 0; i < needed; i++)
                    found |= groups[i] == v.group;
                EXPECT_MSG(found, "profile %d agent '%s' path %s: group %zu", p,
                           agents[a], paths[k], v.group);
            }
        }
        robots_free(doc);
    }
}

static void select_groups_contract(void) {
    robots_txt *doc = parse(four_groups, ROBOTS_PROFILE_RFC9309);
    robots_str name = {"a", 1};
    size_t groups[2] = {77, 77}, needed = 99;
    int specific = -1;
    /* Asked with no room: the count, and the status that says so. */
    EXPECT_EQ(robots_select_groups(doc, &name, 1, NULL, 0, &needed, &specific),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 2);
    EXPECT_EQ(
        robots_select_groups(doc, &name, 1, groups, 1, &needed, &specific),
        ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 2);
    EXPECT_EQ(
        robots_select_groups(doc, &name, 1, groups, 2, &needed, &specific),
        ROBOTS_OK);
    EXPECT(groups[0] == 0 && groups[1] == 2);
    /* Errors set *needed and *specific to 0. */
    EXPECT_EQ(robots_select_groups(doc, &name, 1, NULL, 1, &needed, &specific),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(needed, 0);
    EXPECT_EQ(specific, 0);
    EXPECT_EQ(robots_select_groups(doc, &name, 1, groups, 2, NULL, &specific),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_select_groups(doc, &name, 1, groups, 2, &needed, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_select_groups(NULL, &name, 1, groups, 2, &needed, &specific),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_select_groups(doc, &name, 0, groups, 2, &needed, &specific),
        ROBOTS_ERR_INVALID_ARGUMENT);
    robots_str many[ROBOTS_MAX_QUERY_AGENTS + 1];
    for (size_t i = 0; i < ROBOTS_MAX_QUERY_AGENTS + 1; i++)
        many[i] = name;
    specific = -1;
    EXPECT_EQ(robots_select_groups(doc, many, ROBOTS_MAX_QUERY_AGENTS + 1,
                                   groups, 2, &needed, &specific),
              ROBOTS_ERR_TOO_MANY_AGENTS);
    EXPECT_EQ(needed, 0);
    EXPECT_EQ(specific, 0);
    /* Several names: a group naming any of them applies. */
    robots_str two[2] = {{"zzz", 3}, {"A", 1}};
    EXPECT_EQ(robots_select_groups(doc, two, 2, groups, 2, &needed, &specific),
              ROBOTS_OK);
    EXPECT(needed == 2 && groups[0] == 0 && groups[1] == 2 && specific == 1);
    robots_free(doc);
}

static void expect_token(robots_profile profile, const char *agent,
                         size_t line_len, size_t name_len, int wildcard) {
    robots_agent_token_info t;
    memset(&t, 0xA5, sizeof t);
    EXPECT_EQ(robots_agent_token(profile, agent, strlen(agent), &t), ROBOTS_OK);
    EXPECT_MSG(t.line_token_len == line_len && t.name_token_len == name_len &&
                   t.is_wildcard == wildcard,
               "%s '%s': %zu %zu %d", robots_profile_name(profile), agent,
               t.line_token_len, t.name_token_len, t.is_wildcard);
    EXPECT(t.reserved[0] == 0 && t.reserved[3] == 0);
}

static void agent_tokens(void) {
    const robots_profile rfc = ROBOTS_PROFILE_RFC9309,
                         google = ROBOTS_PROFILE_GOOGLE,
                         legacy = ROBOTS_PROFILE_LEGACY;
    /* "Googlebot/2.1 is Googlebot, Foo Bar is Foo"; rfc9309 reduces the
     * caller's name too, google compares it whole. */
    expect_token(rfc, "Googlebot/2.1", 9, 9, 0);
    expect_token(google, "Googlebot/2.1", 9, 13, 0);
    expect_token(rfc, "Foo Bar", 3, 3, 0);
    /* A digit ends the token: "MJ12bot" is read as "MJ" (issue 21), and
     * "360Spider" as nothing. */
    expect_token(rfc, "MJ12bot", 2, 2, 0);
    expect_token(google, "MJ12bot", 2, 7, 0);
    expect_token(rfc, "360Spider", 0, 0, 0);
    expect_token(google, "archive.org_bot", 7, 15, 0);
    /* legacy compares the value whole, on both sides. */
    expect_token(legacy, "MJ12bot", 7, 7, 0);
    expect_token(legacy, "Googlebot/2.1", 13, 13, 0);
    /* "*" alone, or followed by whitespace, is the wildcard. */
    expect_token(rfc, "*", 1, 0, 1);
    expect_token(google, "* x", 3, 3, 1);
    expect_token(rfc, "*x", 0, 0, 0);
    expect_token(rfc, "", 0, 0, 0);
    robots_agent_token_info t;
    EXPECT_EQ(robots_agent_token(rfc, NULL, 0, &t), ROBOTS_OK);
    EXPECT_EQ(robots_agent_token(rfc, NULL, 1, &t),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_agent_token(rfc, "a", 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_agent_token((robots_profile)7, "a", 1, &t),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* What a document says of its agents is the same reading. */
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc =
            parse("User-agent: MJ12bot\nUser-agent: Foo/1\nUser-agent: * x\n"
                  "Disallow: /\n",
                  (robots_profile)p);
        for (size_t a = 0; a < 3; a++) {
            robots_agent_info info;
            EXPECT_EQ(robots_group_agent(doc, 0, a, &info), ROBOTS_OK);
            EXPECT_EQ(robots_agent_token((robots_profile)p, info.value,
                                         info.value_len, &t),
                      ROBOTS_OK);
            EXPECT_EQ(t.line_token_len, info.token_len);
            EXPECT_EQ(t.is_wildcard, info.is_wildcard);
        }
        robots_free(doc);
    }
}

#define EXPECT_KEY(profile, name, want)                                        \
    do {                                                                       \
        char key_[32];                                                         \
        size_t len_ = 99;                                                      \
        EXPECT_EQ(robots_agent_key(profile, name, strlen(name), key_,          \
                                   sizeof key_, &len_),                        \
                  ROBOTS_OK);                                                  \
        EXPECT_STRN(key_, len_, want);                                         \
    } while (0)

static void agent_keys(void) {
    EXPECT_KEY(ROBOTS_PROFILE_RFC9309, "Googlebot/2.1", "googlebot");
    EXPECT_KEY(ROBOTS_PROFILE_GOOGLE, "Googlebot/2.1", "googlebot/2.1");
    EXPECT_KEY(ROBOTS_PROFILE_LEGACY, "Bad Bot", "bad bot");
    EXPECT_KEY(ROBOTS_PROFILE_RFC9309, "123", "");
    EXPECT_KEY(ROBOTS_PROFILE_RFC9309, "*", "");
    EXPECT_KEY(ROBOTS_PROFILE_GOOGLE, "*", "*");
    /* The promise: the same key, the same groups, in every profile. */
    static const char *const names[] = {
        "a", "A", "a/1", "A/2 (x)", "zzz", "ZZZ", "123", "*", "", "Spambot"};
    const size_t n = sizeof names / sizeof names[0];
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc = parse(four_groups, (robots_profile)p);
        for (size_t i = 0; i < n; i++)
            for (size_t k = 0; k < n; k++) {
                char a[32], b[32];
                size_t la = 0, lb = 0;
                robots_agent_key((robots_profile)p, names[i], strlen(names[i]),
                                 a, sizeof a, &la);
                robots_agent_key((robots_profile)p, names[k], strlen(names[k]),
                                 b, sizeof b, &lb);
                if (la != lb || memcmp(a, b, la) != 0)
                    continue;
                int si = 0, sk = 0;
                const char *gi = groups_of(doc, names[i], &si);
                char first[64];
                snprintf(first, sizeof first, "%s", gi);
                const char *gk = groups_of(doc, names[k], &sk);
                EXPECT_MSG(strcmp(first, gk) == 0 && si == sk,
                           "%s: '%s' and '%s' share a key, not groups",
                           robots_profile_name((robots_profile)p), names[i],
                           names[k]);
            }
        robots_free(doc);
    }
    char key[4];
    size_t needed = 0;
    EXPECT_EQ(
        robots_agent_key(ROBOTS_PROFILE_GOOGLE, "abcd", 4, key, 4, &needed),
        ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 4);
    EXPECT_EQ(
        robots_agent_key(ROBOTS_PROFILE_GOOGLE, "abcd", 4, NULL, 4, &needed),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_agent_key(ROBOTS_PROFILE_GOOGLE, "abcd", 4, key, 4, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_agent_key((robots_profile)-1, "a", 1, key, 4, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(needed, 0);
}

static void rule_kind_names(void) {
    robots_rule_kind kind = ROBOTS_RULE_ALLOW;
    EXPECT_EQ(robots_rule_kind_from_name("DisAllow", 8, &kind), ROBOTS_OK);
    EXPECT_EQ(kind, ROBOTS_RULE_DISALLOW);
    EXPECT_EQ(robots_rule_kind_from_name("ALLOW", 5, &kind), ROBOTS_OK);
    EXPECT_EQ(kind, ROBOTS_RULE_ALLOW);
    EXPECT_EQ(robots_rule_kind_from_name("allowx", 6, &kind),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_kind_from_name("allow", 4, &kind),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_kind_from_name(NULL, 0, &kind),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_kind_from_name(NULL, 5, &kind),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_kind_from_name("allow", 5, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    robots_profile profile;
    EXPECT_EQ(robots_profile_from_name(NULL, 3, &profile),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

/* The flags of the rule at `line` of a one-group document. */
static unsigned flags_at(const robots_txt *doc, size_t line) {
    for (size_t i = 0; i < robots_rule_count(doc); i++) {
        robots_rule_info r;
        EXPECT_EQ(robots_rule(doc, i, &r), ROBOTS_OK);
        if (r.line == line)
            return r.flags;
    }
    EXPECT_MSG(0, "no rule at line %zu", line);
    return 0xFFFFu;
}

static size_t count_kind(const robots_txt *doc, robots_diag_kind kind,
                         size_t line) {
    size_t n = 0;
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        EXPECT_EQ(robots_diagnostic(doc, i, &d), ROBOTS_OK);
        n += d.kind == kind && d.line == line;
    }
    return n;
}

static void rule_flags(void) {
    const unsigned never = ROBOTS_RULE_FLAG_NEVER_MATCHES;
    const unsigned index_dir = ROBOTS_RULE_FLAG_INDEX_DIR;
    const char body[] = "User-agent: *\n"
                        "Disallow: cheese.htm\n"   /* 2 */
                        "Disallow: *.gif$\n"       /* 3 */
                        "Disallow: /a\n"           /* 4 */
                        "Allow: /d/index.html\n"   /* 5 */
                        "Disallow: /e/index.htm\n" /* 6 */
                        "Disallow: %2Fx\n"         /* 7 */
                        "Disallow: \xC3\xA9/x\n"   /* 8 */
                        "Allow: /*/index.htm$\n"   /* 9 */
                        "Disallow:\n"              /* 10 */
                        "Allow:\n";                /* 11 */
    /* "cheese.htm can never match, and is reported"; "*.gif$ is fine";
     * a '%2F' or a byte that is percent-encoded cannot start a path. */
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        robots_txt *doc = parse(body, (robots_profile)p);
        int legacy = p == ROBOTS_PROFILE_LEGACY,
            google = p == ROBOTS_PROFILE_GOOGLE;
        EXPECT_EQ(flags_at(doc, 2), never);
        EXPECT_EQ(flags_at(doc, 3), legacy ? never : 0u);
        EXPECT_EQ(flags_at(doc, 4), 0u);
        /* google's index.htm companion: an Allow only. */
        EXPECT_EQ(flags_at(doc, 5), google ? index_dir : 0u);
        EXPECT_EQ(flags_at(doc, 6), 0u);
        EXPECT_EQ(flags_at(doc, 7), never);
        EXPECT_EQ(flags_at(doc, 8), never);
        EXPECT_EQ(flags_at(doc, 9), google ? index_dir : legacy ? 0u : 0u);
        /* The flag and the parse's diagnostic are one decision. */
        for (size_t line = 2; line <= 9; line++)
            EXPECT_EQ(count_kind(doc, ROBOTS_DIAG_PATTERN_NEVER_MATCHES, line),
                      (flags_at(doc, line) & never) != 0);
        /* legacy keeps empty patterns: an empty Disallow restricts
         * nothing, an empty Allow matches every path. The other profiles
         * keep no rule for them. */
        if (legacy) {
            EXPECT_EQ(flags_at(doc, 10), never);
            EXPECT_EQ(flags_at(doc, 11), 0u);
        }
        EXPECT_EQ(robots_rule_count(doc), legacy ? 10 : 8);
        robots_free(doc);
    }
    /* google: "Allow: /d/index.html allows /d/ exactly", and the flag is
     * why: the rule decides a path its pattern does not match. */
    robots_txt *doc = parse("User-agent: *\nDisallow: /d/\n"
                            "Allow: /d/index.html\n",
                            ROBOTS_PROFILE_GOOGLE);
    robots_verdict v;
    EXPECT_EQ(robots_check_agent(doc, "a", 1, "/d/", 3, &v), ROBOTS_OK);
    EXPECT(v.allowed && v.rule_line == 3);
    EXPECT_EQ(flags_at(doc, 3), index_dir);
    robots_free(doc);
}

static void flat_rules(void) {
    /* Group 0 keeps no rule (an empty Disallow is none in rfc9309, but
     * it ends the list of agents), so group 1's rule is rule 0. */
    robots_txt *doc = parse("User-agent: a\nDisallow:\n"
                            "User-agent: b\nDisallow: /b\nAllow: /b%7e\n"
                            "User-agent: c\nDisallow:\n"
                            "User-agent: d\nAllow: /d\n",
                            ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(robots_group_count(doc), 4);
    EXPECT_EQ(robots_rule_count(doc), 3);
    static const size_t want_group[] = {1, 1, 3};
    static const size_t want_line[] = {4, 5, 9};
    size_t flat = 0;
    for (size_t g = 0; g < robots_group_count(doc); g++) {
        robots_group_info info;
        EXPECT_EQ(robots_group(doc, g, &info), ROBOTS_OK);
        for (size_t k = 0; k < info.rule_count; k++, flat++) {
            robots_rule_info a, b;
            EXPECT_EQ(robots_group_rule(doc, g, k, &a), ROBOTS_OK);
            EXPECT_EQ(robots_rule(doc, flat, &b), ROBOTS_OK);
            EXPECT(memcmp(&a, &b, sizeof a) == 0);
            EXPECT_EQ(b.group, g);
            EXPECT_EQ(b.index, flat);
            char na[32], nb[32];
            size_t la = 0, lb = 0;
            EXPECT_EQ(
                robots_group_rule_normalized(doc, g, k, na, sizeof na, &la),
                ROBOTS_OK);
            EXPECT_EQ(robots_rule_normalized(doc, flat, nb, sizeof nb, &lb),
                      ROBOTS_OK);
            EXPECT(la == lb && memcmp(na, nb, la) == 0);
        }
    }
    for (size_t i = 0; i < 3; i++) {
        robots_rule_info r;
        EXPECT_EQ(robots_rule(doc, i, &r), ROBOTS_OK);
        EXPECT_EQ(r.group, want_group[i]);
        EXPECT_EQ(r.line, want_line[i]);
    }
    /* "%7e" is "~" once normalised (an unreserved character). */
    char buf[16];
    size_t needed = 0;
    EXPECT_EQ(robots_rule_normalized(doc, 1, buf, sizeof buf, &needed),
              ROBOTS_OK);
    EXPECT_STRN(buf, needed, "/b~");
    EXPECT_EQ(robots_rule_normalized(doc, 1, buf, 3, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 3);
    EXPECT_EQ(robots_rule_normalized(doc, 1, NULL, 1, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_normalized(doc, 1, buf, sizeof buf, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_normalized(doc, 3, buf, sizeof buf, &needed),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(needed, 0);
    robots_rule_info r;
    EXPECT_EQ(robots_rule(doc, 3, &r), ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_rule(doc, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule(NULL, 0, &r), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_count(NULL), 0);
    robots_free(doc);
}

/* The example path of the rule at flat index i, with `fill`. */
static const char *example(const robots_txt *doc, size_t i, const char *fill) {
    static char buf[128];
    size_t needed = 0;
    EXPECT_EQ(robots_rule_example_path(doc, i, fill, strlen(fill), buf,
                                       sizeof buf, &needed),
              ROBOTS_OK);
    EXPECT_EQ(needed, strlen(buf));
    return buf;
}

#define EXPECT_EXAMPLE(doc, i, fill, want)                                     \
    do {                                                                       \
        const char *got_ = example(doc, i, fill);                              \
        EXPECT_MSG(strcmp(got_, want) == 0, "rule %d: '%s', want '%s'", (i),   \
                   got_, want);                                                \
    } while (0)

static void example_paths(void) {
    const char body[] = "User-agent: *\nDisallow: /*.gif$\nDisallow: *.php\n"
                        "Disallow: /a$b\nAllow: /p/*/q*\nDisallow: x\n"
                        "Disallow: /\xC3\xA9*%c3$\n";
    /* rfc9309 and google: '*' is a wildcard, a final '$' the end anchor
     * and any other '$' an octet; legacy reads both as octets. */
    for (int p = ROBOTS_PROFILE_RFC9309; p <= ROBOTS_PROFILE_GOOGLE; p++) {
        robots_txt *doc = parse(body, (robots_profile)p);
        EXPECT_EXAMPLE(doc, 0, "x", "/x.gif");
        EXPECT_EXAMPLE(doc, 0, "", "/.gif");
        EXPECT_EXAMPLE(doc, 1, "x", "/x.php");
        EXPECT_EXAMPLE(doc, 2, "x", "/a$b");
        EXPECT_EXAMPLE(doc, 3, "ab", "/p/ab/qab");
        EXPECT_EXAMPLE(doc, 4, "x", "/x");
        robots_free(doc);
    }
    robots_txt *doc = parse(body, ROBOTS_PROFILE_LEGACY);
    EXPECT_EXAMPLE(doc, 0, "x", "/*.gif$");
    EXPECT_EXAMPLE(doc, 1, "x", "/*.php");
    robots_free(doc);
    /* google compares the path as given with the pattern's normal form:
     * the example is made of that; rfc9309 normalises both alike. */
    const char raw[] = "User-agent: *\nDisallow: /caf\xC3\xA9*%c3%a9$\n";
    doc = parse(raw, ROBOTS_PROFILE_GOOGLE);
    EXPECT_EXAMPLE(doc, 0, "y", "/caf%C3%A9y%C3%A9");
    robots_free(doc);
    doc = parse(raw, ROBOTS_PROFILE_RFC9309);
    EXPECT_EXAMPLE(doc, 0, "y", "/caf\xC3\xA9y%c3%a9");
    robots_free(doc);
    /* A rule matches its own example path, whatever the fill, unless it
     * never matches. */
    static const char *const fills[] = {"", "x", "ab/c"};
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        doc = parse(body, (robots_profile)p);
        for (size_t i = 0; i < robots_rule_count(doc); i++) {
            robots_rule_info r;
            EXPECT_EQ(robots_rule(doc, i, &r), ROBOTS_OK);
            for (size_t f = 0; f < 3; f++) {
                const char *path = example(doc, i, fills[f]);
                int matched = -1;
                EXPECT_EQ(robots_match_path((robots_profile)p, r.pattern,
                                            r.pattern_len, path, strlen(path),
                                            &matched),
                          ROBOTS_OK);
                EXPECT_MSG(
                    matched == !(r.flags & ROBOTS_RULE_FLAG_NEVER_MATCHES),
                    "%s: '%s' on '%s'", robots_profile_name((robots_profile)p),
                    r.pattern, path);
            }
        }
        robots_free(doc);
    }
    doc = parse(body, ROBOTS_PROFILE_RFC9309);
    char buf[8];
    size_t needed = 0;
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", 1, buf, 6, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 6);
    EXPECT_EQ(robots_rule_example_path(doc, 0, NULL, 1, buf, 8, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", ROBOTS_MAX_URL_BYTES + 1,
                                       buf, 8, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", 1, NULL, 8, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", 1, buf, 8, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 6, "x", 1, buf, 8, &needed),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(needed, 0);
    robots_free(doc);
}

int main(void) {
    select_groups_per_profile();
    select_groups_agree_with_check();
    select_groups_contract();
    agent_tokens();
    agent_keys();
    rule_kind_names();
    rule_flags();
    flat_rules();
    example_paths();
    return testing_finish();
}
