/* SPDX-License-Identifier: MIT */
/*
 * test_usage_lint.c - robots_analyze()'s findings on the AI usage lines
 * (robots.h, "Analysis": usage-malformed, usage-unknown-label,
 * usage-never-applies, usage-no-star-fallback; lib/src/aipref/
 * usage_lint.c), in the cases tests/cli_usage_test.sh does not reach: each
 * profile's reading of "every path", groups merged past what the claim
 * reads, a group a crawler never reaches, the bound on the work of the
 * claims about groups (robots.h: 1,000,000 rules and records read), and a
 * quoted label too long for a message.
 */
#include "robots.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>

static robots_analysis *analyze_in(robots_profile profile, const char *body,
                                   size_t len) {
    robots_options options;
    robots_txt *doc = NULL;
    robots_analysis *an = NULL;
    robots_options_init(&options);
    options.profile = profile;
    options.parse_limit = 0;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    EXPECT_EQ(robots_analyze(doc, body, len, &an), ROBOTS_OK);
    robots_free(doc);
    return an;
}

static size_t count_in(robots_profile profile, const char *body,
                       robots_diag_kind kind) {
    robots_analysis *an = analyze_in(profile, body, strlen(body));
    size_t n = robots_analysis_kind_total(an, kind);
    robots_analysis_free(an);
    return n;
}

/* The finding of `kind`: its line and related line, or 0s. */
static void first_of(robots_profile profile, const char *body,
                     robots_diag_kind kind, robots_diagnostic_info *out) {
    robots_analysis *an = analyze_in(profile, body, strlen(body));
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < robots_analysis_count(an); i++) {
        robots_diagnostic_info d;
        EXPECT_EQ(robots_analysis_finding(an, i, &d), ROBOTS_OK);
        if (d.kind == kind) {
            *out = d;
            out->message = NULL; /* it points into the analysis */
            break;
        }
    }
    robots_analysis_free(an);
}

/* "Every path" as each profile matches it: '/' always; '*' alone or
 * after the '/' (any number of them) where '*' is a wildcard (rfc9309,
 * google), never in legacy, where they are octets; a longer path never; an
 * Allow that may match, or a pattern that never matches, as written. */
static void test_every_path(void) {
    static const struct {
        const char *rules;
        size_t rfc9309, legacy;
    } cases[] = {
        {"Disallow: /\n", 1, 1},
        {"Disallow: *\n", 1, 0},
        {"Disallow: /*\n", 1, 0},
        {"Disallow: /**\n", 1, 0},
        {"Disallow: /a\n", 0, 0},
        {"Disallow: /*a\n", 0, 0},
        {"Disallow: /\nAllow: /public/\n", 0, 0},
        {"Disallow: x\n", 0, 0},
        {"Disallow: /\nAllow: x\n", 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char body[256];
        snprintf(body, sizeof body,
                 "User-agent: Bot\n%sContent-Usage: train-ai=n\n",
                 cases[i].rules);
        EXPECT_MSG(count_in(ROBOTS_PROFILE_RFC9309, body,
                            ROBOTS_DIAG_USAGE_NEVER_APPLIES) ==
                       cases[i].rfc9309,
                   "rfc9309: %s", cases[i].rules);
        EXPECT_MSG(count_in(ROBOTS_PROFILE_GOOGLE, body,
                            ROBOTS_DIAG_USAGE_NEVER_APPLIES) ==
                       cases[i].rfc9309,
                   "google: %s", cases[i].rules);
        EXPECT_MSG(count_in(ROBOTS_PROFILE_LEGACY, body,
                            ROBOTS_DIAG_USAGE_NEVER_APPLIES) == cases[i].legacy,
                   "legacy: %s", cases[i].rules);
    }
    /* The finding names the Disallow; once a group, at its first rule. */
    robots_diagnostic_info d;
    first_of(ROBOTS_PROFILE_RFC9309,
             "User-agent: Bot\nDisallow: /\nContent-Usage: train-ai=n\n"
             "Content-Usage: /a search=n\n",
             ROBOTS_DIAG_USAGE_NEVER_APPLIES, &d);
    EXPECT_EQ(d.line, 3u);
    EXPECT_EQ(d.related_line, 2u);
    EXPECT_EQ(count_in(ROBOTS_PROFILE_RFC9309,
                       "User-agent: Bot\nDisallow: /\nContent-Usage: "
                       "train-ai=n\nContent-Usage: /a search=n\n",
                       ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              1u);
    /* A crawler of the group that may fetch elsewhere: merged groups
     * (rfc9309) give it an Allow, so no claim. */
    EXPECT_EQ(count_in(ROBOTS_PROFILE_RFC9309,
                       "User-agent: Bot\nDisallow: /\nContent-Usage: "
                       "train-ai=n\n\nUser-agent: Bot\nAllow: /x\n",
                       ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              0u);
}

/* legacy obeys the first record naming a crawler: a later record that
 * names it again is never its group, so no claim is made about it (when
 * the first allows something, and when it allows all by saying nothing
 * that matches every path). */
static void test_group_never_used(void) {
    EXPECT_EQ(count_in(ROBOTS_PROFILE_LEGACY,
                       "User-agent: Bot\nDisallow: /x\n\n"
                       "User-agent: Bot\nDisallow: /\nContent-Usage: "
                       "train-ai=n\n",
                       ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              0u);
    /* An empty Disallow (kept as a rule in legacy) matches nothing; two
     * Disallows of every path name the first. */
    EXPECT_EQ(count_in(ROBOTS_PROFILE_LEGACY,
                       "User-agent: Bot\nDisallow:\nContent-Usage: "
                       "train-ai=n\n",
                       ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              0u);
    robots_diagnostic_info d;
    first_of(ROBOTS_PROFILE_RFC9309,
             "User-agent: Bot\nDisallow: /*\nDisallow: /\n"
             "Content-Usage: train-ai=n\n",
             ROBOTS_DIAG_USAGE_NEVER_APPLIES, &d);
    EXPECT_EQ(d.related_line, 2u);
    const char *body = "User-agent: Bot\nAllow: /\n\n"
                       "User-agent: Bot\nDisallow: /\nContent-Usage: "
                       "train-ai=n\n";
    EXPECT_EQ(
        count_in(ROBOTS_PROFILE_LEGACY, body, ROBOTS_DIAG_USAGE_NEVER_APPLIES),
        0u);
    EXPECT_EQ(
        count_in(ROBOTS_PROFILE_RFC9309, body, ROBOTS_DIAG_USAGE_NEVER_APPLIES),
        0u);
}

/* More groups merged for a crawler than the claim reads (64): no claim,
 * whichever way it would go; the same for the `*` groups of the
 * no-fallback note. */
static void test_many_groups(void) {
    static char body[8192];
    size_t n = 0;
    for (int g = 0; g < 70; g++)
        n += (size_t)snprintf(body + n, sizeof body - n,
                              "User-agent: Bot\nUser-agent: *\nDisallow: /\n"
                              "Content-Usage: train-ai=n\n\n");
    n += (size_t)snprintf(body + n, sizeof body - n,
                          "User-agent: Own\nAllow: /\n");
    EXPECT_EQ(
        count_in(ROBOTS_PROFILE_RFC9309, body, ROBOTS_DIAG_USAGE_NEVER_APPLIES),
        0u);
    EXPECT_EQ(count_in(ROBOTS_PROFILE_RFC9309, body,
                       ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK),
              0u);
    /* Under the bound, the same shape is claimed once a group. */
    EXPECT_EQ(count_in(ROBOTS_PROFILE_RFC9309,
                       "User-agent: Bot\nUser-agent: *\nDisallow: /\n"
                       "Content-Usage: train-ai=n\n\n"
                       "User-agent: Own\nAllow: /\n",
                       ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK),
              1u);
}

/* The claims about groups read at most 1,000,000 rules and records: a
 * group of 200 agents and 5,001 rules asks for more, and is not claimed;
 * the statements are still read. */
static void test_work_bound(void) {
    size_t cap = 200 * 20 + 5001 * 18 + 64, n = 0;
    char *body = malloc(cap);
    EXPECT(body != NULL);
    if (body == NULL)
        return;
    for (int a = 0; a < 200; a++)
        n += (size_t)snprintf(body + n, cap - n, "User-agent: b%d\n", a);
    for (int r = 0; r < 5000; r++)
        n += (size_t)snprintf(body + n, cap - n, "Disallow: /%d\n", r);
    n += (size_t)snprintf(body + n, cap - n,
                          "Disallow: /\nContent-Usage: bots=n\n");
    robots_analysis *an = analyze_in(ROBOTS_PROFILE_RFC9309, body, n);
    EXPECT_EQ(robots_analysis_kind_total(an, ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              0u);
    EXPECT_EQ(robots_analysis_kind_total(an, ROBOTS_DIAG_USAGE_UNKNOWN_LABEL),
              1u);
    robots_analysis_free(an);
    /* Ten agents: within the bound, claimed. */
    n = 0;
    for (int a = 0; a < 10; a++)
        n += (size_t)snprintf(body + n, cap - n, "User-agent: b%d\n", a);
    n += (size_t)snprintf(body + n, cap - n,
                          "Disallow: /\nContent-Usage: bots=n\n");
    an = analyze_in(ROBOTS_PROFILE_RFC9309, body, n);
    EXPECT_EQ(robots_analysis_kind_total(an, ROBOTS_DIAG_USAGE_NEVER_APPLIES),
              1u);
    robots_analysis_free(an);
    free(body);
}

/* A label too long to quote whole (60 bytes) ends with "..."; a
 * Content-Signal that
 * is no Dictionary is reported, its own or a group's. */
static void test_messages(void) {
    robots_analysis *an;
    char body[512];
    char label[64]; /* a key of 63 bytes: RFC 9651 keys may be 64 here */
    memset(label, 'x', sizeof label - 1);
    label[sizeof label - 1] = '\0';
    snprintf(body, sizeof body, "User-agent: *\nContent-Usage: %s=n\n", label);
    an = analyze_in(ROBOTS_PROFILE_RFC9309, body, strlen(body));
    EXPECT_EQ(robots_analysis_count(an), 1u);
    robots_diagnostic_info d;
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT_EQ(d.kind, ROBOTS_DIAG_USAGE_UNKNOWN_LABEL);
    EXPECT(d.message_len < 200 && strstr(d.message, "xxx...'") != NULL);
    robots_analysis_free(an);
    /* A statement's bytes that are no printable ASCII are shown as '?'. */
    first_of(ROBOTS_PROFILE_RFC9309,
             "User-agent: *\nContent-Usage: train-ai=\x01, s=\xc3\xa9\n",
             ROBOTS_DIAG_USAGE_MALFORMED, &d);
    EXPECT_EQ(d.line, 2u);
    an = analyze_in(ROBOTS_PROFILE_RFC9309,
                    "User-agent: *\nContent-Usage: a=\x01, s=\xc3\xa9\n", 39);
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT(strstr(d.message, "'a=?, s=?"
                             "?'") != NULL); /* no trigraph */
    robots_analysis_free(an);
    EXPECT_EQ(count_in(ROBOTS_PROFILE_RFC9309,
                       "Content-Signal: search=yes ai-train=no\n"
                       "User-agent: *\nContent-Signal: Search=yes\n",
                       ROBOTS_DIAG_USAGE_MALFORMED),
              2u);
    /* Identical statements on two lines: each line is named. */
    EXPECT_EQ(count_in(ROBOTS_PROFILE_GOOGLE,
                       "User-agent: *\nContent-Usage: ai=n, ai=y\n"
                       "Content-Usage: /a ai=n\n",
                       ROBOTS_DIAG_USAGE_UNKNOWN_LABEL),
              2u);
    /* The kinds are described. */
    for (int k = ROBOTS_DIAG_USAGE_MALFORMED; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        EXPECT_EQ(robots_diag_kind_describe((robots_diag_kind)k, &info),
                  ROBOTS_OK);
        EXPECT(strncmp(info.name, "usage-", 6) == 0);
    }
}

int main(void) {
    test_every_path();
    test_group_never_used();
    test_many_groups();
    test_work_bound();
    test_messages();
    return testing_finish();
}
