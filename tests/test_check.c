/* SPDX-License-Identifier: MIT */
/*
 * test_check.c - verdicts and their evidence, from the documents' worked
 * examples: HTTP: The Definitive Guide 9.4 (Slurp/Webcrawler, the `bot`
 * list, /tmp, Mary's Antiques and Table 9-4), seed 003's appendix, seed
 * 004's user-agent and rule precedence tables, and RFC 9309 sections 2.2
 * and 5. Each profile is asserted where the documents or
 * docs/semantics.md give its answer.
 */
#include "agent.h"
#include "byte_class.h"
#include "check.h"
#include "counting_alloc.h"
#include "document.h"
#include "index.h"
#include "testing.h"

#include <stdlib.h>

static robots_txt *parse(robots_profile profile, const char *body) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, strlen(body), &options, &doc), ROBOTS_OK);
    return doc;
}

static int same_verdict(const robots_verdict *a, const robots_verdict *b) {
    return a->allowed == b->allowed && a->reason == b->reason &&
           a->group == b->group && a->rule == b->rule &&
           a->specific == b->specific && a->rule_kind == b->rule_kind &&
           a->rule_line == b->rule_line && a->rule_pattern == b->rule_pattern &&
           a->rule_pattern_len == b->rule_pattern_len &&
           a->truncated == b->truncated;
}

/* robots_check_agent()'s verdict; every one is also asked through a
 * robots_query, which must give the same. */
static robots_verdict verdict(const robots_txt *doc, const char *agent,
                              const char *url) {
    robots_verdict v, q;
    memset(&v, 0, sizeof v);
    memset(&q, 0, sizeof q);
    robots_status status =
        robots_check_agent(doc, agent, strlen(agent), url, strlen(url), &v);
    EXPECT_MSG(status == ROBOTS_OK, "check '%s' '%s': %s", agent, url,
               robots_status_name(status));
    robots_str one = {agent, strlen(agent)};
    robots_query *query = NULL;
    EXPECT_EQ(robots_query_new(doc, &one, 1, &query), ROBOTS_OK);
    EXPECT_EQ(robots_query_check(query, url, strlen(url), &q), status);
    EXPECT_MSG(same_verdict(&v, &q), "query '%s' '%s' differs", agent, url);
    robots_query_free(query);
    return v;
}

#define ALLOWED(doc, agent, url, want)                                         \
    do {                                                                       \
        robots_verdict v_ = verdict(doc, agent, url);                          \
        EXPECT_MSG(v_.allowed == (want), "%s: agent '%s' url '%s' want %s",    \
                   robots_profile_name(robots_txt_profile(doc)), agent, url,   \
                   (want) ? "allowed" : "disallowed");                         \
    } while (0)

static const char marys[] =
    "# This is the robots.txt file for Mary's Antiques web site\n"
    "User-Agent: Suzy-Spider\n"    /* 2 */
    "Disallow: /dynamic\n"         /* 3 */
    "Allow: /private/suzy-stuff\n" /* 4 */
    "Disallow: /private\n"         /* 5 */
    "\n"
    "User-Agent: Furniture-Finder\n"    /* 7 */
    "Allow: /dynamic/check-inventory\n" /* 8 */
    "Disallow: /dynamic\n"              /* 9 */
    "Disallow: /private\n"              /* 10 */
    "\n"
    "User-Agent: *\n"       /* 12 */
    "Disallow: /dynamic\n"  /* 13 */
    "Disallow: /private\n"; /* 14 */

static void table_9_4(void) {
    /* Table 9-4, read through the scan defects listed in seeds/README.md:
     * the agents are Suzy-Spider and Furniture-Finder, and the URLs keep
     * their hyphens. The same answers hold in every profile. */
    static const struct {
        const char *url;
        int suzy, furniture, nosy;
    } rows[] = {
        {"http://www.marys-antiques.com/", 1, 1, 1},
        {"http://www.marys-antiques.com/index.html", 1, 1, 1},
        {"http://www.marys-antiques.com/private/payroll.xls", 0, 0, 0},
        {"http://www.marys-antiques.com/private/suzy-stuff/taxes.txt", 1, 0, 0},
        {"http://www.marys-antiques.com/dynamic/buy-stuff?id=3546", 0, 0, 0},
        {"http://www.marys-antiques.com/dynamic/check-inventory?kitchen", 0, 1,
         0},
    };
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, marys);
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            ALLOWED(doc, "Suzy-Spider", rows[i].url, rows[i].suzy);
            ALLOWED(doc, "Furniture-Finder", rows[i].url, rows[i].furniture);
            ALLOWED(doc, "NosyBot", rows[i].url, rows[i].nosy);
        }
        /* The evidence: the deciding rule and its line. */
        robots_verdict v = verdict(
            doc, "Suzy-Spider",
            "http://www.marys-antiques.com/private/suzy-stuff/taxes.txt");
        EXPECT_EQ(v.rule_line, 4);
        EXPECT_EQ(v.rule_kind, ROBOTS_RULE_ALLOW);
        EXPECT_STRN(v.rule_pattern, v.rule_pattern_len, "/private/suzy-stuff");
        EXPECT_EQ(v.specific, 1);
        EXPECT_EQ(v.group, 0);
        EXPECT_EQ(v.reason, p == ROBOTS_PROFILE_LEGACY
                                ? ROBOTS_REASON_FIRST_MATCH
                                : ROBOTS_REASON_LONGEST_MATCH);
        v = verdict(doc, "NosyBot", "http://www.marys-antiques.com/");
        EXPECT_EQ(v.reason, ROBOTS_REASON_NO_RULE_MATCHED);
        EXPECT_EQ(v.specific, 0);
        EXPECT_EQ(v.group, 2);
        EXPECT_EQ(v.rule, ROBOTS_NO_POSITION);
        robots_free(doc);
    }
}

static void slurp_webcrawler(void) {
    /* 9.4.3: Slurp and Webcrawler may crawl all but /private. The book's
     * prose says every other robot is kept out, but its file gives '*' an
     * empty "Disallow:", which restricts nothing in every profile (the
     * book itself, 9.4.3 "Disallow/Allow prefix matching"); the file as
     * written is what is asserted. */
    const char body[] = "# this robots.txt file allows Slurp & Webcrawler to "
                        "crawl\n# the public parts of our site, but no other "
                        "robots...\nUser-Agent: slurp\nUser-Agent: "
                        "webcrawler\nDisallow: /private\n\nUser-Agent: *\n"
                        "Disallow:\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        ALLOWED(doc, "Slurp", "/index.html", 1);
        ALLOWED(doc, "slurp", "/private/x", 0);
        ALLOWED(doc, "WebCrawler", "/private", 0);
        ALLOWED(doc, "WebCrawler", "/public", 1);
        ALLOWED(doc, "OtherBot", "/private/x", 1);
        robots_free(doc);
    }
}

static void bot_substring(void) {
    /* 9.4.3: in the 1996 draft "User-Agent: bot" matches Bot, Robot,
     * Bottom-Feeder, Spambot and Dont-Bother-Me (case-insensitive
     * substring). rfc9309 and google compare whole product tokens. */
    const char body[] = "User-Agent: bot\nDisallow: /\n";
    const char *names[] = {"Bot", "Robot", "Bottom-Feeder", "Spambot",
                           "Dont-Bother-Me"};
    robots_txt *legacy = parse(ROBOTS_PROFILE_LEGACY, body);
    robots_txt *rfc = parse(ROBOTS_PROFILE_RFC9309, body);
    robots_txt *google = parse(ROBOTS_PROFILE_GOOGLE, body);
    for (size_t i = 0; i < 5; i++) {
        ALLOWED(legacy, names[i], "/x", 0);
        ALLOWED(rfc, names[i], "/x", i != 0);
        ALLOWED(google, names[i], "/x", i != 0);
    }
    ALLOWED(legacy, "Crawler", "/x", 1);
    /* The substring search itself, on the shapes that trip up a linear
     * search (overlapping prefixes), case-insensitively. */
    EXPECT(rb_contains_nocase("aaab", 4, "AAB", 3));
    EXPECT(rb_contains_nocase("abaabab", 7, "abab", 4));
    EXPECT(rb_contains_nocase("xxabcabd", 8, "abcabd", 6));
    EXPECT(!rb_contains_nocase("abcabcabx", 9, "abcabd", 6));
    EXPECT(rb_contains_nocase("Dont-Bother-Me", 14, "BOT", 3));
    EXPECT(!rb_contains_nocase("bo", 2, "bot", 3));
    EXPECT(rb_contains_nocase("anything", 8, "", 0));
    /* Both ways of searching (every position for a short name and value,
     * the table past RB_SUBSTRING_TRIED compares), against the plain
     * definition: names of up to 300 bytes of a, b, A, B. */
    uint32_t x = 23;
    for (int round = 0; round < 3000; round++) {
        char hay[300], needle[24];
        x = x * 1103515245u + 12345u;
        size_t hlen = (x >> 8) % 300, nlen = 1 + (x >> 20) % 24;
        for (size_t i = 0; i < hlen + nlen; i++) {
            x = x * 1103515245u + 12345u;
            char c = "abAB"[(x >> 16) % ((x >> 24) % 2 ? 4 : 2)];
            if (i < hlen)
                hay[i] = c;
            else
                needle[i - hlen] = c;
        }
        int want = 0;
        for (size_t i = 0; !want && i + nlen <= hlen; i++)
            want = rb_equal_nocase_fast(hay + i, nlen, needle, nlen);
        EXPECT_EQ(rb_contains_nocase(hay, hlen, needle, nlen), want);
    }
    robots_free(legacy);
    robots_free(rfc);
    robots_free(google);
}

static void tmp_list(void) {
    /* 9.4.3: "Disallow: /tmp" matches all of these URLs. */
    const char *urls[] = {"http://www.joes-hardware.com/tmp",
                          "http://www.joes-hardware.com/tmp/",
                          "http://www.joes-hardware.com/tmp/pliers.html",
                          "http://www.joes-hardware.com/tmpspc/stuff.txt"};
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, "User-agent: *\n"
                                                   "Disallow: /tmp\n");
        for (size_t i = 0; i < 4; i++)
            ALLOWED(doc, "AnyBot", urls[i], 0);
        ALLOWED(doc, "AnyBot", "http://www.joes-hardware.com/tm", 1);
        robots_free(doc);
    }
}

static void seed_003_appendix(void) {
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        robots_txt *doc = parse(profile, "User-agent: *\nDisallow:\n");
        ALLOWED(doc, "AnyBot", "/anything", 1);
        robots_free(doc);
        doc = parse(profile, "User-agent: *\nDisallow: /\n");
        ALLOWED(doc, "AnyBot", "/anything", 0);
        ALLOWED(doc, "AnyBot", "/", 0);
        robots_free(doc);
        /* The scan lost a line break: two lines (seeds/README.md). */
        doc = parse(profile, "User-agent: *\nDisallow: /cgi-bin/\n"
                             "Disallow: /images/\n");
        ALLOWED(doc, "AnyBot", "/cgi-bin/x.cgi", 0);
        ALLOWED(doc, "AnyBot", "/images/a.png", 0);
        ALLOWED(doc, "AnyBot", "/index.html", 1);
        robots_free(doc);
        doc = parse(profile, "User-agent: Roverdog\nDisallow: /\n");
        ALLOWED(doc, "Roverdog", "/x", 0);
        ALLOWED(doc, "OtherBot", "/x", 1);
        robots_free(doc);
        /* "Disallow: cheese.htm" is meant to block /cheese.htm, but a
         * pattern that does not start with '/' never matches a path in
         * any profile; the parser reports it (semantics.md). */
        doc = parse(profile, "User-agent: Googlebot\nDisallow: cheese.htm\n");
        ALLOWED(doc, "Googlebot", "/cheese.htm", 1);
        robots_free(doc);
        /* "Disallow:/bob" blocks /bob.html and /bob/indes.html. */
        doc = parse(profile, "User-agent: *\nDisallow:/bob\n");
        ALLOWED(doc, "AnyBot", "/bob.html", 0);
        ALLOWED(doc, "AnyBot", "/bob/indes.html", 0);
        robots_free(doc);
    }
}

static void agent_precedence(void) {
    /* Seed 004, user-agent precedence: groups 1 googlebot-news, 2 *,
     * 3 googlebot. Each group disallows its own path so the verdict shows
     * which group was followed. */
    const char body[] = "user-agent: googlebot-news\ndisallow: /1\n\n"
                        "user-agent: *\ndisallow: /2\n\n"
                        "user-agent: googlebot\ndisallow: /3\n";
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        robots_verdict v = verdict(doc, "googlebot-news", "/1");
        EXPECT_EQ(v.allowed, 0);
        EXPECT_EQ(v.group, 0);
        v = verdict(doc, "googlebot", "/3");
        EXPECT_EQ(v.allowed, 0);
        EXPECT_EQ(v.group, 2);
        /* Googlebot Images: no group of its own, so the googlebot group;
         * in google/robotstxt a caller names itself by its most specific
         * token and its fallbacks, i.e. both names. */
        const robots_str images[] = {{"googlebot-image", 15}, {"googlebot", 9}};
        EXPECT_EQ(robots_check(doc, images, 2, "/3", 2, &v), ROBOTS_OK);
        EXPECT_EQ(v.allowed, 0);
        EXPECT_EQ(v.group, 2);
        /* Googlebot News fetching images: still only group 1. */
        const robots_str news[] = {{"googlebot-news", 14}, {"googlebot", 9}};
        EXPECT_EQ(robots_check(doc, news, 2, "/1", 2, &v), ROBOTS_OK);
        EXPECT_EQ(v.allowed, 0);
        EXPECT_EQ(v.group, 0);
        EXPECT_EQ(robots_check(doc, news, 2, "/3", 2, &v), ROBOTS_OK);
        EXPECT_EQ(v.allowed, 0); /* both groups name the caller: merged */
        v = verdict(doc, "otherbot", "/2");
        EXPECT_EQ(v.allowed, 0);
        EXPECT_EQ(v.group, 1);
        EXPECT_EQ(v.specific, 0);
        /* Case-insensitive (RFC 9309 2.2.1; seed 004's "case-sensitive" is
         * a known defect, seeds/README.md). */
        ALLOWED(doc, "GoogleBot-News", "/1", 0);
        robots_free(doc);
    }
    /* A group naming the crawler, even empty, shadows '*' entirely. */
    for (int p = 0; p < 3; p++) {
        robots_txt *doc =
            parse((robots_profile)p, "User-agent: *\nDisallow: /\n\n"
                                     "User-agent: quxbot\n");
        ALLOWED(doc, "quxbot", "/x", 1);
        ALLOWED(doc, "other", "/x", 0);
        robots_free(doc);
    }
}

static void rule_precedence(void) {
    /* Seed 004, rule precedence: the longest match wins; Allow wins ties.
     * Its "undefined" row (Allow /page, a Disallow of any path ending in
     * .htm, URL /page.htm) is decided by length: the Disallow pattern is
     * longer, so disallowed (semantics.md; google/robotstxt agrees). */
    static const struct {
        const char *url, *allow, *disallow;
        int allowed;
        robots_reason reason;
    } rows[] = {
        {"http://example.com/page", "/p", "/", 1, ROBOTS_REASON_LONGEST_MATCH},
        {"http://example.com/folder/page", "/folder", "/folder", 1,
         ROBOTS_REASON_TIE_ALLOW},
        {"http://example.com/page.htm", "/page", "/*.htm", 0,
         ROBOTS_REASON_LONGEST_MATCH},
        {"http://example.com/", "/$", "/", 1, ROBOTS_REASON_LONGEST_MATCH},
        {"http://example.com/page.htm", "/$", "/", 0,
         ROBOTS_REASON_LONGEST_MATCH},
    };
    for (int p = 0; p < 2; p++) {
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            char body[128];
            snprintf(body, sizeof body,
                     "user-agent: *\nallow: %s\ndisallow: %s\n", rows[i].allow,
                     rows[i].disallow);
            robots_txt *doc = parse((robots_profile)p, body);
            robots_verdict v = verdict(doc, "bot", rows[i].url);
            EXPECT_MSG(v.allowed == rows[i].allowed &&
                           v.reason == rows[i].reason,
                       "row %zu: allowed %d reason %s", i, v.allowed,
                       robots_reason_name(v.reason));
            robots_free(doc);
        }
    }
    /* legacy: the first matching rule decides, whatever its length. */
    robots_txt *doc =
        parse(ROBOTS_PROFILE_LEGACY, "user-agent: *\ndisallow: /folder\n"
                                     "allow: /folder/page\n");
    robots_verdict v = verdict(doc, "bot", "/folder/page");
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.reason, ROBOTS_REASON_FIRST_MATCH);
    EXPECT_EQ(v.rule_line, 2);
    robots_free(doc);
}

static void rfc9309_section_5(void) {
    /* RFC 9309 5.1. */
    const char body[] = "User-Agent: *\nDisallow: *.gif$\nDisallow: /example/\n"
                        "Allow: /publications/\n\n"
                        "User-Agent: foobot\nDisallow:/\n"
                        "Allow:/example/page.html\nAllow:/example/allowed.gif\n"
                        "\nUser-Agent: barbot\nUser-Agent: bazbot\n"
                        "Disallow: /example/page.html\n\nUser-Agent: quxbot\n";
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        ALLOWED(doc, "foobot", "/example/page.html", 1);
        ALLOWED(doc, "foobot", "/example/allowed.gif", 1);
        ALLOWED(doc, "foobot", "/other", 0);
        ALLOWED(doc, "barbot", "/example/page.html", 0);
        ALLOWED(doc, "bazbot", "/example/page.html", 0);
        ALLOWED(doc, "bazbot", "/example/other.html", 1);
        ALLOWED(doc, "quxbot", "/example/page.html", 1);
        ALLOWED(doc, "quxbot", "/x.gif", 1);
        ALLOWED(doc, "otherbot", "/x.gif", 0);
        ALLOWED(doc, "otherbot", "/example/x", 0);
        ALLOWED(doc, "otherbot", "/publications/x", 1);
        /* Longest match: Allow /publications/ outweighs *.gif$. */
        ALLOWED(doc, "otherbot", "/publications/x.gif", 1);
        robots_free(doc);
    }
    /* RFC 9309 5.2: the longest match. */
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse((robots_profile)p,
                                "User-Agent: foobot\nAllow: /example/page/\n"
                                "Disallow: /example/page/disallowed.gif\n");
        ALLOWED(doc, "foobot", "/example/page/", 1);
        ALLOWED(doc, "foobot", "/example/page/disallowed.gif", 0);
        robots_free(doc);
    }
}

static void robots_txt_itself(void) {
    /* RFC 9309 2.2.2 and the book's note 21: /robots.txt is always
     * allowed; google has no such exception. */
    const char body[] = "User-agent: *\nDisallow: /\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        robots_verdict v = verdict(doc, "bot", "http://e.com/robots.txt");
        EXPECT_EQ(v.allowed, p != ROBOTS_PROFILE_GOOGLE);
        if (p != ROBOTS_PROFILE_GOOGLE)
            EXPECT_EQ(v.reason, ROBOTS_REASON_ROBOTS_TXT);
        ALLOWED(doc, "bot", "http://e.com/robots.txt.bak", 0);
        ALLOWED(doc, "bot", "http://e.com/robots.txt?x=1", 0);
        robots_free(doc);
    }
    /* No rule decided, so the verdict names the first group that applied
     * (robots.h): the caller's, the second. */
    const char named[] = "User-agent: *\nDisallow: /\n\n"
                         "User-agent: bot\nDisallow: /x\n";
    for (int p = 0; p < 3; p += 2) {
        robots_txt *doc = parse((robots_profile)p, named);
        robots_verdict v = verdict(doc, "bot", "http://e.com/robots.txt");
        EXPECT_EQ(v.reason, ROBOTS_REASON_ROBOTS_TXT);
        EXPECT_EQ(v.group, 1);
        EXPECT_EQ(v.specific, 1);
        v = verdict(doc, "bot", "http://e.com/y");
        EXPECT_EQ(v.reason, ROBOTS_REASON_NO_RULE_MATCHED);
        EXPECT_EQ(v.group, 1);
        robots_free(doc);
    }
}

/* A check no group applies to is allowed (RFC 9309 section 2.2.1: with
 * no matching group and no '*' group there is no rule), whatever its
 * path; rfc9309 and legacy still read the URL (a string that is no URL is
 * refused) and exempt /robots.txt, google reads any string and exempts
 * nothing (semantics.md), and every profile refuses a URL past
 * ROBOTS_MAX_URL_BYTES. Both ways to no group: a document with none (the
 * smallest real files: an error page's one word) and one whose groups
 * name other agents. */
static void no_group_applies(void) {
    const char *bodies[] = {"Forbidden", "User-agent: foo\nDisallow: /\n"};
    static char long_url[ROBOTS_MAX_URL_BYTES + 1];
    memset(long_url, 'a', sizeof long_url);
    long_url[0] = '/';
    for (int p = 0; p < 3; p++) {
        for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++) {
            robots_txt *doc = parse((robots_profile)p, bodies[b]);
            /* (URL, /robots.txt after rfc9309's and legacy's escapes are
             * decoded: %72 is 'r', %2E '.'; %2F is no '/' in either) */
            const struct {
                const char *url;
                int robots_txt;
            } urls[] = {{"http://e.com/x", 0},
                        {"/x", 0},
                        {"//e.com", 0},
                        {"http://e.com", 0},
                        {"/a?b#c", 0},
                        {"/x%20y", 0},
                        {"http://e.com/robots.txt", 1},
                        {"/%72obots.txt", 1},
                        {"/robots%2Etxt", 1},
                        {"/robots%2etxt", 1},
                        {"/%2Frobots.txt", 0},
                        {"/robots.txt?", 0},
                        {"/robots.tx", 0}};
            for (size_t u = 0; u < sizeof urls / sizeof urls[0]; u++) {
                robots_verdict v = verdict(doc, "bot", urls[u].url);
                int exempt = urls[u].robots_txt && p != ROBOTS_PROFILE_GOOGLE;
                EXPECT_EQ(v.allowed, 1);
                EXPECT_EQ(v.reason, exempt ? ROBOTS_REASON_ROBOTS_TXT
                                           : ROBOTS_REASON_NO_GROUP);
                EXPECT_EQ(v.group, ROBOTS_NO_POSITION);
                EXPECT_EQ(v.specific, 0);
                EXPECT_EQ(v.rule, ROBOTS_NO_POSITION);
                EXPECT_EQ(v.truncated, 0);
            }
            if (b == 1)
                ALLOWED(doc, "foo", "/x", 0);
            robots_verdict v;
            robots_str one = {"bot", 3};
            robots_query *query = NULL;
            EXPECT_EQ(robots_query_new(doc, &one, 1, &query), ROBOTS_OK);
            robots_status invalid =
                p == ROBOTS_PROFILE_GOOGLE ? ROBOTS_OK : ROBOTS_ERR_URL_INVALID;
            EXPECT_EQ(robots_check_agent(doc, "bot", 3, "e.com/x", 7, &v),
                      invalid);
            EXPECT_EQ(robots_query_check(query, "e.com/x", 7, &v), invalid);
            EXPECT_EQ(robots_check_agent(doc, "bot", 3, long_url,
                                         ROBOTS_MAX_URL_BYTES, &v),
                      ROBOTS_OK);
            EXPECT_EQ(robots_check_agent(doc, "bot", 3, long_url,
                                         sizeof long_url, &v),
                      ROBOTS_ERR_URL_TOO_LONG);
            EXPECT_EQ(robots_query_check(query, long_url, sizeof long_url, &v),
                      ROBOTS_ERR_URL_TOO_LONG);
            robots_query_free(query);
            robots_free(doc);
        }
    }
}

/* Legacy's escapes in a check's URL (the book, seed 000, Table 9-3,
 * conformance/cases/tdg-table-9-3.json): %7E is treated as '~', escapes
 * are case-insensitive, and %2F is a slash that only %2F matches. A path
 * with no '%' is read as it is and one with an escape in its normal form
 * (check_path.c, path_is_normal()): both sides, with an escape in the
 * rule or in the URL. */
static void legacy_escapes_in_checks(void) {
    robots_txt *doc = parse(ROBOTS_PROFILE_LEGACY, "User-agent: *\n"
                                                   "Disallow: /~fred/\n"
                                                   "Disallow: /%7Ejoe/\n"
                                                   "Disallow: /a%2Fb\n");
    ALLOWED(doc, "bot", "http://e.com/~fred/hi.html", 0);   /* row 3 */
    ALLOWED(doc, "bot", "http://e.com/%7Efred/hi.html", 0); /* row 6 */
    ALLOWED(doc, "bot", "http://e.com/%7efred/hi.html", 0); /* rows 6, 8 */
    ALLOWED(doc, "bot", "http://e.com/~joe/hi.html", 0);    /* row 7 */
    ALLOWED(doc, "bot", "http://e.com/%7Ejoe/hi.html", 0);
    ALLOWED(doc, "bot", "http://e.com/~fred%2Fhi.html", 1); /* row 9 */
    ALLOWED(doc, "bot", "http://e.com/a/b", 1); /* row 9 turned round */
    ALLOWED(doc, "bot", "http://e.com/a%2fb", 0);
    ALLOWED(doc, "bot", "http://e.com/~fredx", 1);
    ALLOWED(doc, "bot", "http://e.com/%7Efredx", 1);
    robots_free(doc);
}

static void callers(void) {
    const char body[] = "User-agent: Googlebot\nDisallow: /g\n"
                        "User-agent: *\nDisallow: /star\n";
    /* rfc9309 reduces the caller to its product token; google compares the
     * caller whole (google-profile.md). */
    const char *caller = "Googlebot/2.1 (+http://www.google.com/bot.html)";
    robots_txt *rfc = parse(ROBOTS_PROFILE_RFC9309, body);
    robots_txt *google = parse(ROBOTS_PROFILE_GOOGLE, body);
    ALLOWED(rfc, caller, "/g", 0);
    ALLOWED(google, caller, "/g", 1);
    ALLOWED(google, caller, "/star", 0);
    /* An empty caller or '*' uses only the '*' groups in rfc9309. */
    ALLOWED(rfc, "", "/star", 0);
    ALLOWED(rfc, "*", "/star", 0);
    ALLOWED(rfc, "*", "/g", 1);
    robots_free(rfc);
    robots_free(google);
    /* google: an empty caller matches a group whose token is empty. */
    google = parse(ROBOTS_PROFILE_GOOGLE,
                   "User-agent: 123bot\nDisallow: /e\nUser-agent: *\n"
                   "Disallow: /star\n");
    ALLOWED(google, "", "/e", 0);
    ALLOWED(google, "", "/star", 1);
    robots_free(google);
    rfc = parse(ROBOTS_PROFILE_RFC9309,
                "User-agent: 123bot\nDisallow: /e\nUser-agent: *\n"
                "Disallow: /star\n");
    ALLOWED(rfc, "", "/e", 1);
    ALLOWED(rfc, "", "/star", 0);
    robots_free(rfc);
}

static void google_quirks(void) {
    /* google-profile.md: Allow "/d/index.html" also allows "/d/" exactly. */
    robots_txt *doc =
        parse(ROBOTS_PROFILE_GOOGLE, "User-agent: *\nDisallow: /d/\n"
                                     "Allow: /d/index.html\n");
    ALLOWED(doc, "bot", "/d/", 1);
    ALLOWED(doc, "bot", "/d/x", 0);
    ALLOWED(doc, "bot", "/d/index.html", 1);
    robots_free(doc);
    doc = parse(ROBOTS_PROFILE_RFC9309, "User-agent: *\nDisallow: /d/\n"
                                        "Allow: /d/index.html\n");
    ALLOWED(doc, "bot", "/d/", 0);
    robots_free(doc);
    /* The companion is a pattern (google-profile.md): "Allow: /x*" +
     * "/index.html" tries "/x*" + "/$", which matches "/x/" and "/xyz/".
     * Two Allows with the same companion: one decides, the first. */
    doc = parse(ROBOTS_PROFILE_GOOGLE,
                "User-agent: *\nDisallow: /\nAllow: /x*/index.htm\n"
                "Allow: /x*/index.html\nAllow: /y*/index.html\n");
    ALLOWED(doc, "bot", "/x/", 1);
    ALLOWED(doc, "bot", "/xyz/", 1);
    ALLOWED(doc, "bot", "/y/z/", 1);
    ALLOWED(doc, "bot", "/xyz", 0);
    ALLOWED(doc, "bot", "/z/", 0);
    robots_verdict v;
    EXPECT_EQ(robots_check_agent(doc, "bot", 3, "/xyz/", 5, &v), ROBOTS_OK);
    EXPECT_EQ(v.rule_line, 3);
    robots_free(doc);
}

/* robots_check() remembers the resolution of the first RB_MEMO_SLOTS
 * names it is given alone (check.c): a check through the memo gives the
 * verdict of the reference scan, the first time and every time after,
 * for more names than it has slots, names of every length around its
 * limit, names a case apart and an empty one; and a name it would not
 * accept is refused though the memo holds one of the same length. */
static void memo(void) {
    static const char *const names[] = {
        "FooBot",
        "foobot",
        "FOOBOT/2.1",
        "BarBot",
        "",
        "b",
        "other",
        "a-b_c",
        "Mozilla/5.0 (compatible; FooBot/1.0)",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",   /* 47 */
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",  /* 48 */
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", /* 49 */
    };
    static const char *const urls[] = {"/",           "/foo/x", "/bar/",
                                       "/robots.txt", "/x.gif", "/y"};
    const char body[] = "User-agent: *\nDisallow: /*.gif$\n"
                        "User-agent: foobot\nDisallow: /foo/\nAllow: /\n"
                        "User-agent: barbot\nUser-agent: b\nDisallow: /bar\n"
                        "User-agent: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                        "aaaaaaaa\nDisallow: /\n";
    const size_t name_count = sizeof names / sizeof names[0];
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        size_t wrong = 0;
        for (int round = 0; round < 3; round++) {
            for (size_t n = 0; n < name_count; n++) {
                robots_str name = {n == 4 ? NULL : names[n], strlen(names[n])};
                for (size_t u = 0; u < sizeof urls / sizeof urls[0]; u++) {
                    robots_verdict got, want;
                    memset(&got, 0, sizeof got);
                    memset(&want, 0, sizeof want);
                    robots_status a = robots_check(doc, &name, 1, urls[u],
                                                   strlen(urls[u]), &got);
                    robots_status b = rb_check_reference(
                        doc, &name, 1, urls[u], strlen(urls[u]), &want);
                    if (a != ROBOTS_OK || b != ROBOTS_OK ||
                        !same_verdict(&got, &want))
                        wrong++;
                }
            }
        }
        EXPECT_MSG(wrong == 0, "%s: %zu verdicts differ",
                   robots_profile_name((robots_profile)p), wrong);
        robots_verdict v;
        robots_str bad = {NULL, 6}; /* the length of "FooBot", held */
        EXPECT_EQ(robots_check(doc, &bad, 1, "/", 1, &v),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        robots_free(doc);
    }
}

static void bad_input(void) {
    robots_txt *doc = parse(ROBOTS_PROFILE_RFC9309, marys);
    robots_verdict v;
    /* A URL without a scheme is not guessed at in rfc9309. */
    EXPECT_EQ(robots_check_agent(doc, "a", 1, "www.example.com/x", 17, &v),
              ROBOTS_ERR_URL_INVALID);
    EXPECT_EQ(robots_check(doc, NULL, 0, "/", 1, &v),
              ROBOTS_ERR_INVALID_ARGUMENT);
    robots_str many[ROBOTS_MAX_QUERY_AGENTS + 1];
    for (size_t i = 0; i <= ROBOTS_MAX_QUERY_AGENTS; i++) {
        many[i].ptr = "a";
        many[i].len = 1;
    }
    EXPECT_EQ(robots_check(doc, many, ROBOTS_MAX_QUERY_AGENTS, "/", 1, &v),
              ROBOTS_OK);
    EXPECT_EQ(robots_check(doc, many, ROBOTS_MAX_QUERY_AGENTS + 1, "/", 1, &v),
              ROBOTS_ERR_TOO_MANY_AGENTS);
    static char long_agent[ROBOTS_MAX_AGENT_BYTES + 1];
    memset(long_agent, 'a', sizeof long_agent);
    EXPECT_EQ(
        robots_check_agent(doc, long_agent, ROBOTS_MAX_AGENT_BYTES, "/", 1, &v),
        ROBOTS_OK);
    EXPECT_EQ(robots_check_agent(doc, long_agent, ROBOTS_MAX_AGENT_BYTES + 1,
                                 "/", 1, &v),
              ROBOTS_ERR_AGENT_TOO_LONG);
    static char long_url[ROBOTS_MAX_URL_BYTES + 1];
    memset(long_url, '\xE9', sizeof long_url); /* worst case: all encoded */
    long_url[0] = '/';
    EXPECT_EQ(
        robots_check_agent(doc, "a", 1, long_url, ROBOTS_MAX_URL_BYTES, &v),
        ROBOTS_OK);
    EXPECT_EQ(
        robots_check_agent(doc, "a", 1, long_url, ROBOTS_MAX_URL_BYTES + 1, &v),
        ROBOTS_ERR_URL_TOO_LONG);
    EXPECT_EQ(robots_check_agent(NULL, "a", 1, "/", 1, &v),
              ROBOTS_ERR_INVALID_ARGUMENT);
    size_t group;
    int specific;
    EXPECT_EQ(robots_select_group(doc, many, 1, &group, &specific), ROBOTS_OK);
    EXPECT_EQ(group, 2);
    EXPECT_EQ(specific, 0);
    robots_free(doc);
    /* An empty document allows everything: no group. */
    doc = parse(ROBOTS_PROFILE_RFC9309, "");
    v = verdict(doc, "bot", "/x");
    EXPECT_EQ(v.allowed, 1);
    EXPECT_EQ(v.reason, ROBOTS_REASON_NO_GROUP);
    EXPECT_EQ(v.group, ROBOTS_NO_POSITION);
    robots_free(doc);
    EXPECT(strcmp(robots_reason_name(ROBOTS_REASON_TIE_ALLOW), "tie-allow") ==
           0);
    EXPECT(robots_reason_name((robots_reason)9) == NULL);
    EXPECT(strcmp(robots_rule_kind_name(ROBOTS_RULE_DISALLOW), "disallow") ==
           0);
    EXPECT(robots_rule_kind_name((robots_rule_kind)5) == NULL);
}

/* A query's own arguments and failures; its URL errors are robots_check()'s. */
static void queries(void) {
    robots_txt *doc = parse(ROBOTS_PROFILE_RFC9309, marys);
    robots_str agents[ROBOTS_MAX_QUERY_AGENTS + 1];
    for (size_t i = 0; i <= ROBOTS_MAX_QUERY_AGENTS; i++) {
        agents[i].ptr = "bot";
        agents[i].len = 3;
    }
    robots_query *query = (robots_query *)&agents; /* must be reset */
    EXPECT_EQ(robots_query_new(NULL, agents, 1, &query),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(query == NULL);
    EXPECT_EQ(robots_query_new(doc, agents, 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_query_new(doc, agents, 0, &query),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_query_new(doc, agents, ROBOTS_MAX_QUERY_AGENTS + 1, &query),
        ROBOTS_ERR_TOO_MANY_AGENTS);
    EXPECT(query == NULL);
    robots_verdict v;
    EXPECT_EQ(robots_query_check(NULL, "/", 1, &v),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_query_new(doc, agents, ROBOTS_MAX_QUERY_AGENTS, &query),
              ROBOTS_OK);
    EXPECT_EQ(robots_query_check(query, "/", 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_query_check(query, NULL, 1, &v),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_query_check(query, "example.com/x", 13, &v),
              ROBOTS_ERR_URL_INVALID);
    static char long_url[ROBOTS_MAX_URL_BYTES + 1];
    memset(long_url, 'a', sizeof long_url);
    long_url[0] = '/';
    EXPECT_EQ(robots_query_check(query, long_url, sizeof long_url, &v),
              ROBOTS_ERR_URL_TOO_LONG);
    EXPECT_EQ(robots_query_check(query, NULL, 0, &v),
              robots_check(doc, agents, 1, NULL, 0, &v));
    robots_query_free(query);
    robots_query_free(NULL);
    robots_free(doc);

    /* The query comes from the document's allocator, and goes back to it. */
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *count = &counted.count;
    robots_options options = counted.options;
    doc = NULL;
    EXPECT_EQ(robots_parse(marys, strlen(marys), &options, &doc), ROBOTS_OK);
    size_t parsed = count->blocks;
    count->refuse = 1;
    query = (robots_query *)&agents;
    EXPECT_EQ(robots_query_new(doc, agents, 1, &query), ROBOTS_ERR_NO_MEMORY);
    EXPECT(query == NULL);
    count->refuse = 0;
    EXPECT_EQ(robots_query_new(doc, agents, 1, &query), ROBOTS_OK);
    /* the query, and the compiled set it reads, which stays with the
     * document for its later checks: a set of one group, so with the
     * slots of such sets' units (index_compile.c, unit_slot()) */
    EXPECT_EQ(count->blocks, parsed + 3);
    size_t calls = count->calls;
    EXPECT_EQ(robots_query_check(query, "/a", 2, &v), ROBOTS_OK);
    EXPECT_EQ(count->calls, calls); /* a query's checks compile nothing */
    robots_query_free(query);
    EXPECT_EQ(count->blocks, parsed + 2);
    EXPECT_EQ(count->size_mismatch, 0);
    robots_free(doc);
    EXPECT_EQ(count->live, 0);
}

/* body parsed in profile p with options (their profile set to p), or
 * NULL after a failed expectation. */
static robots_txt *parse_profile(const char *body, robots_options *options,
                                 int p) {
    robots_txt *doc = NULL;
    options->profile = (robots_profile)p;
    EXPECT_EQ(robots_parse(body, strlen(body), options, &doc), ROBOTS_OK);
    return doc;
}

/* Without memory to compile a set, a check answers by the scan (robots.h,
 * robots_check()): the same verdict as the reference, including the group
 * a verdict no rule decides names (the caller's first), and nothing kept,
 * neither a set nor the name in the memo; a query cannot be made. Then,
 * with memory, the same verdicts through the index. */
static void without_memory(void) {
    const char body[] = "User-agent: *\nDisallow: /\n\n"
                        "User-agent: foobot\nDisallow: /private\n";
    static const char *const urls[] = {"/public", "/private/x", "/robots.txt"};
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *count = &counted.count;
    robots_options options = counted.options;
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_profile(body, &options, p);
        if (doc == NULL)
            return;
        size_t kept = robots_txt_memory_used(doc), live = count->live;
        robots_str foobot = {"FooBot", 6};
        rb_skip_direct_walks(doc); /* the checks compile from the first */
        for (int refuse = 1; refuse >= 0; refuse--) {
            for (size_t u = 0; u < 3; u++) {
                robots_verdict got, want;
                memset(&got, 0, sizeof got);
                memset(&want, 0, sizeof want);
                count->refuse = refuse;
                EXPECT_EQ(robots_check(doc, &foobot, 1, urls[u],
                                       strlen(urls[u]), &got),
                          ROBOTS_OK);
                count->refuse = 0;
                EXPECT_EQ(rb_check_reference(doc, &foobot, 1, urls[u],
                                             strlen(urls[u]), &want),
                          ROBOTS_OK);
                EXPECT_MSG(same_verdict(&got, &want), "%s '%s', refused %d",
                           robots_profile_name(options.profile), urls[u],
                           refuse);
            }
            if (refuse) {
                EXPECT_EQ(robots_txt_memory_used(doc), kept);
                EXPECT_EQ(count->live, live);
                /* the query, then the set it compiles, refused */
                for (size_t fail = 1; fail <= 2; fail++) {
                    robots_query *query = NULL;
                    count->calls = 0;
                    count->fail_at = fail;
                    EXPECT_EQ(robots_query_new(doc, &foobot, 1, &query),
                              ROBOTS_ERR_NO_MEMORY);
                    EXPECT(query == NULL);
                    count->fail_at = 0;
                    EXPECT_EQ(count->live, live);
                }
            }
        }
        robots_verdict v;
        EXPECT_EQ(robots_check(doc, &foobot, 1, "/public", 7, &v), ROBOTS_OK);
        EXPECT_EQ(v.reason, ROBOTS_REASON_NO_RULE_MATCHED);
        EXPECT_EQ(v.group, 1);
        EXPECT(robots_txt_memory_used(doc) > kept);
        robots_free(doc);
        EXPECT_EQ(count->live, 0);
    }
}

/* Issue 19's file: a real robots.txt of 3.7 MB whose last line is
 * `Disallow: /` after 47,000 Allow lines. RFC 9309 section 2.5 lets a
 * crawler stop at a limit of at least 500 KiB, and the default limit does
 * (docs/semantics.md, File size), so the Disallow is not read and every URL
 * is allowed; the verdict must say that its document was cut, and the
 * document where and how much. With no limit (parse_limit 0, what
 * google/robotstxt does) the Disallow is read. */
static void cut_file(void) {
    static const char head[] = "User-agent: *\n";
    static const char tail[] = "Disallow: /\n";
    enum { ALLOWS = 47000, LINE = 79 };
    size_t len = sizeof head - 1 + (size_t)ALLOWS * LINE + sizeof tail - 1;
    char *body = malloc(len + 1);
    size_t at = sizeof head - 1;
    memcpy(body, head, at);
    int lines_ok = 1;
    for (int i = 0; i < ALLOWS; i++) {
        int n = snprintf(body + at, LINE + 1,
                         "Allow: /catalogue/department-%05d/products/"
                         "listing-page-with-a-long-name.html\n",
                         i);
        lines_ok &= n == LINE;
        at += LINE;
    }
    EXPECT(lines_ok);
    memcpy(body + at, tail, sizeof tail - 1);
    EXPECT(len > 3500000);

    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, NULL, &doc), ROBOTS_OK);
    robots_verdict v = verdict(doc, "ExampleBot", "/private/x");
    EXPECT_EQ(v.allowed, 1);
    EXPECT_EQ(v.truncated, 1);
    v = verdict(doc, "ExampleBot", "/catalogue/department-00001/products/");
    EXPECT_EQ(v.truncated, 1);
    /* The Allow lines whose LF is at or before byte 512,000 are read. */
    size_t read = (ROBOTS_DEFAULT_PARSE_LIMIT + 1 - (sizeof head - 1)) / LINE;
    robots_cut_info cut;
    EXPECT_EQ(robots_txt_cut(doc, &cut), ROBOTS_OK);
    EXPECT_EQ(cut.truncated, 1);
    EXPECT_EQ(cut.limit, ROBOTS_DEFAULT_PARSE_LIMIT);
    EXPECT_EQ(cut.offset, sizeof head - 1 + read * LINE);
    EXPECT_EQ(cut.line, 2 + read);
    EXPECT_EQ(cut.lines_not_read, ALLOWS - read + 1);
    EXPECT_EQ(cut.bytes_not_read, len - cut.offset);
    robots_free(doc);

    robots_options options;
    robots_options_init(&options);
    options.parse_limit = 0;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    v = verdict(doc, "ExampleBot", "/private/x");
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.rule_line, ALLOWS + 2);
    EXPECT_EQ(v.truncated, 0);
    robots_free(doc);
    free(body);

    /* A file within the limit: no verdict says truncated. */
    doc = parse(ROBOTS_PROFILE_LEGACY, "User-agent: *\nDisallow: /x\n");
    v = verdict(doc, "ExampleBot", "/x");
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.truncated, 0);
    robots_free(doc);
}

/* A check's work area (robots.h, robots_check()): the normal forms of the
 * path and of the document's longest rule that is not its own share 3 KiB
 * of stack; past that the check allocates them through the document's
 * allocator for the call, frees them before it returns, and answers
 * ROBOTS_ERR_NO_MEMORY when the allocator refuses. The verdict is the
 * same either way. */
static void work_area(void) {
    static char body[64 + 2000], url[1 + 2000 + 1], short_url[1 + 500];
    size_t n =
        (size_t)snprintf(body, sizeof body, "User-agent: *\nDisallow: /");
    memset(body + n, 0xC3, 2000); /* six thousand bytes normalised */
    n += 2000;
    body[n++] = '\n';
    url[0] = short_url[0] = '/';
    memset(url + 1, 0xC3, 2000);
    url[sizeof url - 1] = 'x';
    memset(short_url + 1, 0xC3, 500);
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *count = &counted.count;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, n, &counted.options, &doc), ROBOTS_OK);
    if (doc == NULL)
        return;
    robots_str agent = {"FooBot", 6};
    robots_verdict v;
    rb_skip_direct_walks(doc); /* this first check compiles the set */
    EXPECT_EQ(robots_check(doc, &agent, 1, "/", 1, &v), ROBOTS_OK);
    size_t live = count->live, calls = count->calls;
    EXPECT_EQ(robots_check(doc, &agent, 1, url, sizeof url, &v), ROBOTS_OK);
    EXPECT_EQ(v.allowed, 0);
    EXPECT_EQ(v.rule_line, 2);
    EXPECT_EQ(count->calls, calls + 1); /* the work area, once */
    EXPECT_EQ(count->live, live);       /* and freed */
    count->refuse = 1;
    EXPECT_EQ(robots_check(doc, &agent, 1, url, sizeof url, &v),
              ROBOTS_ERR_NO_MEMORY);
    count->refuse = 0;
    robots_query *query = NULL;
    EXPECT_EQ(robots_query_new(doc, &agent, 1, &query), ROBOTS_OK);
    count->refuse = 1;
    EXPECT_EQ(robots_query_check(query, "/", 1, &v), ROBOTS_ERR_NO_MEMORY);
    count->refuse = 0;
    EXPECT_EQ(robots_query_check(query, url, sizeof url, &v), ROBOTS_OK);
    EXPECT_EQ(v.allowed, 0);
    robots_query_free(query);
    robots_free(doc);
    EXPECT_EQ(count->live, 0);

    /* Short rules: a path of 500 bytes to escape fits on the stack, one of
     * 2,000 does not. */
    static const char plain[] = "User-agent: *\nDisallow: /x\n";
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    doc = NULL;
    EXPECT_EQ(robots_parse(plain, strlen(plain), &counted.options, &doc),
              ROBOTS_OK);
    if (doc == NULL)
        return;
    EXPECT_EQ(robots_check(doc, &agent, 1, "/", 1, &v), ROBOTS_OK);
    calls = count->calls;
    EXPECT_EQ(robots_check(doc, &agent, 1, short_url, sizeof short_url, &v),
              ROBOTS_OK);
    EXPECT_EQ(count->calls, calls);
    EXPECT_EQ(robots_check(doc, &agent, 1, url, sizeof url, &v), ROBOTS_OK);
    EXPECT_EQ(v.allowed, 1);
    EXPECT_EQ(count->calls, calls + 1);
    robots_free(doc);
    EXPECT_EQ(count->live, 0);

    /* robots_match_path: the same normal forms, in rfc9309 and legacy
     * (google encodes a rule's bytes >= 0x80 but takes the URL as given,
     * docs/semantics.md: raw bytes there match nothing). */
    for (int p = 0; p < 3; p += 2) {
        int matched = 0;
        EXPECT_EQ(robots_match_path((robots_profile)p, body + n - 2002, 2001,
                                    url, sizeof url, &matched),
                  ROBOTS_OK);
        EXPECT_EQ(matched, 1);
        EXPECT_EQ(robots_match_path((robots_profile)p, body + n - 2002, 2001,
                                    short_url, sizeof short_url, &matched),
                  ROBOTS_OK);
        EXPECT_EQ(matched, 0);
    }
}

/* Does a document of parsed_bytes, whose groups that apply hold `rules`
 * rules of `bytes` normal bytes, walk a URL of url_len bytes, a path
 * alone, directly (document.h, RB_DIRECT_WORK and RB_DIRECT_COMPARES)? */
static int walks_directly(size_t parsed_bytes, size_t rules, size_t bytes,
                          size_t url_len) {
    uint64_t compares = 1 /* the one group */ +
                        rules * (3 * (1 + 3 * (uint64_t)url_len) + 1) +
                        12 * (uint64_t)bytes;
    return parsed_bytes * (url_len + 1) <= RB_DIRECT_WORK ||
           compares <= RB_DIRECT_COMPARES;
}

/* The first answer (document.h, RB_DIRECT_CHECKS): the first checks of a
 * small document walk its rules, with the reference's verdict, compiling
 * and allocating nothing (its memory stays what the parse left); the
 * check after them compiles the set. Small: parsed bytes * (url_len + 1)
 * within RB_DIRECT_WORK, or the walk of the groups that apply within
 * RB_DIRECT_COMPARES, at the bound and one byte of URL past it. */
static void first_answer(void) {
    /* foobot's group: 2 rules of 21 bytes, and 40 of 7 ("/pad/NN"). */
    static char body[1024] = "User-agent: *\nDisallow: /\n\n"
                             "User-agent: foobot\nDisallow: /private\n"
                             "Allow: /private/open\n";
    size_t rules = 2, bytes = 21;
    for (size_t n = strlen(body); rules < 42; rules++, bytes += 7)
        n += (size_t)snprintf(body + n, sizeof body - n,
                              "Disallow: /pad/%02zu\n", rules);
    static const char *const urls[] = {"/public", "/private/x",
                                       "/private/open/y", "/robots.txt"};
    static char url[ROBOTS_MAX_URL_BYTES];
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *count = &counted.count;
    robots_options options = counted.options;
    robots_str foobot = {"FooBot", 6};
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_profile(body, &options, p);
        if (doc == NULL)
            return;
        size_t kept = robots_txt_memory_used(doc), calls = count->calls;
        for (unsigned c = 0; c < RB_DIRECT_CHECKS; c++) {
            const char *u = urls[c % 4];
            robots_verdict got, want;
            EXPECT_EQ(robots_check(doc, &foobot, 1, u, strlen(u), &got),
                      ROBOTS_OK);
            EXPECT_EQ(rb_check_reference(doc, &foobot, 1, u, strlen(u), &want),
                      ROBOTS_OK);
            EXPECT_MSG(same_verdict(&got, &want), "%s, check %u", u, c);
        }
        EXPECT_EQ(count->calls, calls);
        EXPECT_EQ(robots_txt_memory_used(doc), kept);
        robots_verdict v;
        EXPECT_EQ(robots_check(doc, &foobot, 1, "/private/x", 10, &v),
                  ROBOTS_OK);
        EXPECT_EQ(v.allowed, 0);
        EXPECT(robots_txt_memory_used(doc) > kept); /* compiled now */
        /* The bound: the longest URL a fresh document walks directly,
         * past the parsed bytes' (which it walks too). */
        size_t at_bound = RB_DIRECT_WORK / doc->parsed_bytes - 1;
        EXPECT(walks_directly(doc->parsed_bytes, rules, bytes, at_bound));
        while (walks_directly(doc->parsed_bytes, rules, bytes, at_bound + 1))
            at_bound++;
        EXPECT(at_bound > RB_DIRECT_WORK / doc->parsed_bytes);
        EXPECT(at_bound + 1 < sizeof url);
        url[0] = '/';
        memset(url + 1, 'a', sizeof url - 1);
        for (size_t extra = 0; extra < 2; extra++) {
            robots_free(doc);
            doc = parse_profile(body, &options, p);
            if (doc == NULL)
                return;
            kept = robots_txt_memory_used(doc);
            EXPECT_EQ(robots_check(doc, &foobot, 1, url, at_bound + extra, &v),
                      ROBOTS_OK);
            EXPECT_EQ(v.allowed, 1);
            EXPECT_EQ(robots_txt_memory_used(doc) > kept, extra == 1);
            /* Refused once, it compiles from now on: the bound is not
             * summed again at every check that misses the memo. */
            EXPECT_EQ(atomic_load(doc->direct_walks) == RB_DIRECT_CHECKS,
                      extra == 1);
        }
        robots_free(doc);
        /* The longest length a caller can pass is refused before anything
         * divides by it plus one (which wraps to 0). */
        doc = parse_profile(body, &options, p);
        if (doc == NULL)
            return;
        EXPECT_EQ(robots_check(doc, &foobot, 1, url, SIZE_MAX, &v),
                  ROBOTS_ERR_URL_TOO_LONG);
        robots_free(doc);
    }
    EXPECT_EQ(count->live, 0);
}

/* Appends to b (at *len, room cap) the text printed by fmt and n. */
static void append(char *b, size_t *len, size_t cap, const char *fmt,
                   size_t n) {
    int w = snprintf(b + *len, cap - *len, fmt, n);
    EXPECT(w > 0 && (size_t)w < cap - *len);
    if (w > 0 && (size_t)w < cap - *len)
        *len += (size_t)w;
}

/* The name "tok" and k written in letters (the cost fuzzer's pool). */
static size_t token_name(char *out, size_t k) {
    size_t n = 0;
    memcpy(out, "tok", 3);
    do {
        out[3 + n++] = (char)('a' + k % 26);
        k /= 26;
    } while (k != 0);
    return 3 + n;
}

/* The first answers choose their groups as the index does, a hash look-up
 * per name (robots.h, robots_check()'s Guarantees), and then walk each
 * group once. The cost fuzzer's seed 7, iteration 1612 (787 `a`/`q`
 * user-agent lines against 64 names tokX) found them comparing every line
 * with every name. Against the reference, in every direct check: names the
 * file does not name; names in several groups, and groups naming several
 * names (walked once); tokens past the merge budget, which read one set
 * per group. Nothing is allocated. */
static void first_answer_many_names(void) {
    enum { BODY = 80000 };
    static char body[BODY];
    static char names[64][8];
    robots_str agents[64];
    for (size_t k = 0; k < 64; k++) {
        agents[k].ptr = names[k];
        agents[k].len = token_name(names[k], k);
    }
    static const char *const urls[] = {"/a",  "/a1", "/a12", "/b",
                                       "/a0", "/",   "/a7x", "/robots.txt"};
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *count = &counted.count;
    robots_options options = counted.options;
    for (int shape = 0; shape < 2; shape++) {
        size_t len = 0;
        uint32_t x = 7;
        if (shape == 0) {
            /* The finding's lines, a group naming a token now and then. */
            for (size_t line = 0; line < 787; line++) {
                const char *head =
                    line % 8 == 3 ? "User-agent: " : "user-agent:";
                memcpy(body + len, head, strlen(head));
                len += strlen(head);
                for (size_t i = 0, n = 1 + (x >> 16) % 12; i < n; i++) {
                    x = x * 1103515245u + 12345u;
                    body[len++] = (x >> 16) & 1 ? 'a' : 'q';
                }
                body[len++] = '\n';
                if (line % 40 == 39) {
                    char tok[8];
                    size_t t = token_name(tok, line % 7);
                    memcpy(body + len, "user-agent: ", 12);
                    memcpy(body + len + 12, tok, t);
                    len += 12 + t;
                    append(body, &len, BODY, "\nallow: /a%zu\n", line % 3);
                    append(body, &len, BODY, "disallow: /a%zu\n", line % 5);
                }
            }
        } else {
            /* Groups naming the same 32 tokens, a rule each: past the
             * merge budget (index.c) the last tokens read the groups' own
             * sets, one a group. */
            for (size_t g = 0; len < BODY - 1000; g++) {
                for (size_t k = 0; k < 32; k++) {
                    char tok[8];
                    size_t t = token_name(tok, k);
                    memcpy(body + len, "user-agent:", 11);
                    memcpy(body + len + 11, tok, t);
                    len += 11 + t;
                    body[len++] = '\n';
                }
                append(body, &len, BODY, "disallow:/a%zu\n", g % 13);
            }
        }
        body[len] = '\0';
        for (int p = 0; p < 2; p++) {
            robots_txt *doc = parse_profile(body, &options, p);
            if (doc == NULL)
                return;
            if (shape == 1) { /* a token past the budget: many sets */
                uint32_t tokens[64], one, sets = 0;
                for (size_t t = 0, n = rb_index_tokens(doc, agents, 64, tokens);
                     t < n; t++) {
                    uint32_t count_of;
                    rb_token_sets(
                        doc, rb_token_sets_word(doc, doc->tokens[tokens[t]]),
                        &one, &count_of);
                    if (count_of > sets)
                        sets = count_of;
                }
                EXPECT(sets > 1);
            }
            size_t calls = count->calls;
            for (unsigned c = 0; c < RB_DIRECT_CHECKS; c++) {
                const char *u = urls[c];
                size_t n = c % 2 ? 64 : 1 + 9 * c;
                robots_verdict got, want;
                EXPECT_EQ(robots_check(doc, agents, n, u, strlen(u), &got),
                          ROBOTS_OK);
                EXPECT_EQ(
                    rb_check_reference(doc, agents, n, u, strlen(u), &want),
                    ROBOTS_OK);
                EXPECT_MSG(same_verdict(&got, &want),
                           "shape %d profile %d: %s, %zu names", shape, p, u,
                           n);
            }
            /* every one a direct walk, compiling and allocating nothing */
            EXPECT_EQ(atomic_load(doc->direct_walks), RB_DIRECT_CHECKS);
            EXPECT_EQ(count->calls, calls);
            robots_free(doc);
        }
    }
    EXPECT_EQ(count->live, 0);
}

int main(void) {
    table_9_4();
    slurp_webcrawler();
    bot_substring();
    tmp_list();
    seed_003_appendix();
    agent_precedence();
    rule_precedence();
    rfc9309_section_5();
    robots_txt_itself();
    no_group_applies();
    legacy_escapes_in_checks();
    callers();
    google_quirks();
    memo();
    without_memory();
    bad_input();
    queries();
    cut_file();
    work_area();
    first_answer();
    first_answer_many_names();
    return testing_finish();
}
