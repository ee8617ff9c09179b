/* SPDX-License-Identifier: MIT */
/*
 * test_policy.c - fetch outcome to policy, every row of the table
 * "Fetching the file" of docs/semantics.md for each profile.
 */
#include "robots_web.h"
#include "testing.h"

#include <string.h>

static const robots_profile profiles[3] = {
    ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};

static robots_fetch_decision decide_full(robots_profile p, int status,
                                         unsigned redirects,
                                         robots_network_error net,
                                         int64_t unreachable, int cached) {
    robots_fetch_outcome in;
    robots_fetch_decision out;
    memset(&in, 0, sizeof in);
    memset(&out, 0xAB, sizeof out);
    in.status = status;
    in.redirects = redirects;
    in.network_error = net;
    in.unreachable_seconds = unreachable;
    in.has_cached_copy = cached;
    EXPECT_EQ(robots_fetch_policy(&in, p, &out), ROBOTS_OK);
    return out;
}

static robots_fetch_decision decide(robots_profile p, int status) {
    return decide_full(p, status, 0, ROBOTS_NET_NONE, 0, 0);
}

#define EXPECT_ACTION(d, a, b)                                                 \
    do {                                                                       \
        robots_fetch_decision d_ = (d);                                        \
        EXPECT_MSG(d_.action == (a), "action %s, not %s",                      \
                   robots_fetch_action_name(d_.action),                        \
                   robots_fetch_action_name(a));                               \
        EXPECT_MSG(d_.basis == (b), "basis %s, not %s",                        \
                   robots_fetch_basis_name(d_.basis),                          \
                   robots_fetch_basis_name(b));                                \
    } while (0)

static void success(void) {
    /* Row "2xx": parse the body, in every profile (RFC 9309 section
     * 2.3.1.1; seed 004 "2xx (successful)"; seed 001 "2XX"). */
    int p;
    for (p = 0; p < 3; p++) {
        EXPECT_ACTION(decide(profiles[p], 200), ROBOTS_FETCH_PARSE_BODY,
                      ROBOTS_BASIS_SUCCESS);
        EXPECT_ACTION(decide(profiles[p], 204), ROBOTS_FETCH_PARSE_BODY,
                      ROBOTS_BASIS_SUCCESS);
        EXPECT_ACTION(decide(profiles[p], 299), ROBOTS_FETCH_PARSE_BODY,
                      ROBOTS_BASIS_SUCCESS);
        EXPECT_EQ(decide(profiles[p], 200).retry, 0);
    }
}

static void redirects(void) {
    /* Row "3xx": follow; after 5 consecutive redirects treat as 4xx (seed
     * 004: "follows at least five redirect hops ... then stops and treats
     * it as a 404"; RFC 9309 section 2.3.1.2; legacy "the same bound of
     * 5"). Redirects are counted as already followed. */
    int p;
    unsigned r;
    for (p = 0; p < 3; p++) {
        for (r = 0; r < ROBOTS_MAX_REDIRECTS; r++) {
            EXPECT_ACTION(
                decide_full(profiles[p], 301, r, ROBOTS_NET_NONE, 0, 0),
                ROBOTS_FETCH_FOLLOW_REDIRECT, ROBOTS_BASIS_REDIRECT);
        }
        if (profiles[p] == ROBOTS_PROFILE_LEGACY)
            continue; /* its own bound: legacy_redirects() */
        EXPECT_ACTION(decide_full(profiles[p], 302, 5, ROBOTS_NET_NONE, 0, 0),
                      ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_REDIRECT_LIMIT);
        EXPECT_ACTION(decide_full(profiles[p], 307, 6, ROBOTS_NET_NONE, 0, 0),
                      ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_REDIRECT_LIMIT);
        EXPECT_ACTION(
            decide_full(profiles[p], 399, 0xFFFFFFFFu, ROBOTS_NET_NONE, 0, 0),
            ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_REDIRECT_LIMIT);
        EXPECT_ACTION(decide(profiles[p], 300), ROBOTS_FETCH_FOLLOW_REDIRECT,
                      ROBOTS_BASIS_REDIRECT);
    }
}

static void legacy_redirects(void) {
    /* legacy: the book's robot follows redirects "until it finds the
     * resource" (seeds 000/001 section 9.4.2); a loop still ends, at
     * ROBOTS_MAX_REDIRECTS_LEGACY (docs/semantics.md, issue 27). */
    unsigned r;
    for (r = 0; r < ROBOTS_MAX_REDIRECTS_LEGACY; r++) {
        EXPECT_ACTION(
            decide_full(ROBOTS_PROFILE_LEGACY, 301, r, ROBOTS_NET_NONE, 0, 0),
            ROBOTS_FETCH_FOLLOW_REDIRECT, ROBOTS_BASIS_REDIRECT);
    }
    EXPECT_EQ(ROBOTS_MAX_REDIRECTS_LEGACY, 20u);
    EXPECT_ACTION(
        decide_full(ROBOTS_PROFILE_LEGACY, 302, 20, ROBOTS_NET_NONE, 0, 0),
        ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_REDIRECT_LIMIT);
    EXPECT_ACTION(decide_full(ROBOTS_PROFILE_LEGACY, 399, 0xFFFFFFFFu,
                              ROBOTS_NET_NONE, 0, 0),
                  ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_REDIRECT_LIMIT);
}

static robots_fetch_decision no_location(robots_profile p, int status) {
    robots_fetch_outcome in;
    robots_fetch_decision out;
    memset(&in, 0, sizeof in);
    in.status = status;
    in.no_location = 1;
    EXPECT_EQ(robots_fetch_policy(&in, p, &out), ROBOTS_OK);
    return out;
}

static void unusable_redirects(void) {
    /* A 3xx with nothing to follow ends the search: the file was not
     * found, as 4xx (seed 004: "if robots.txt cannot be found, handled as
     * a 404"); 305 and 306 are never followed (RFC 9110 sections 15.4.6,
     * 15.4.7). 304 answers a conditional request: use the cached copy
     * (RFC 9111 section 4.3.4); without one, it is no defined outcome of
     * an unconditional GET, read as 5xx. */
    int p;
    for (p = 0; p < 3; p++) {
        EXPECT_ACTION(no_location(profiles[p], 300), ROBOTS_FETCH_ALLOW_ALL,
                      ROBOTS_BASIS_REDIRECT_UNUSABLE);
        EXPECT_ACTION(no_location(profiles[p], 301), ROBOTS_FETCH_ALLOW_ALL,
                      ROBOTS_BASIS_REDIRECT_UNUSABLE);
        EXPECT_ACTION(decide(profiles[p], 305), ROBOTS_FETCH_ALLOW_ALL,
                      ROBOTS_BASIS_REDIRECT_UNUSABLE);
        EXPECT_ACTION(decide(profiles[p], 306), ROBOTS_FETCH_ALLOW_ALL,
                      ROBOTS_BASIS_REDIRECT_UNUSABLE);
        EXPECT_ACTION(decide_full(profiles[p], 304, 0, ROBOTS_NET_NONE, 0, 1),
                      ROBOTS_FETCH_USE_CACHED, ROBOTS_BASIS_NOT_MODIFIED);
        EXPECT_EQ(decide_full(profiles[p], 304, 0, ROBOTS_NET_NONE, 0, 1).retry,
                  0);
        /* A 304 is no redirect: it does not spend the bound. */
        EXPECT_ACTION(decide_full(profiles[p], 304, 99, ROBOTS_NET_NONE, 0, 1),
                      ROBOTS_FETCH_USE_CACHED, ROBOTS_BASIS_NOT_MODIFIED);
        /* A Location on a 2xx or 4xx changes nothing. */
        EXPECT_ACTION(no_location(profiles[p], 200), ROBOTS_FETCH_PARSE_BODY,
                      ROBOTS_BASIS_SUCCESS);
    }
    EXPECT_ACTION(decide(ROBOTS_PROFILE_RFC9309, 304),
                  ROBOTS_FETCH_DISALLOW_ALL_RETRY, ROBOTS_BASIS_NOT_MODIFIED);
    EXPECT_ACTION(decide(ROBOTS_PROFILE_GOOGLE, 304),
                  ROBOTS_FETCH_DISALLOW_ALL_RETRY, ROBOTS_BASIS_NOT_MODIFIED);
    EXPECT_ACTION(decide(ROBOTS_PROFILE_LEGACY, 304), ROBOTS_FETCH_DEFER,
                  ROBOTS_BASIS_NOT_MODIFIED);
    EXPECT(strcmp(robots_fetch_basis_name(ROBOTS_BASIS_NOT_MODIFIED),
                  "not-modified") == 0);
    EXPECT(strcmp(robots_fetch_basis_name(ROBOTS_BASIS_REDIRECT_UNUSABLE),
                  "redirect-unusable") == 0);
}

static void client_errors(void) {
    /* Row "400-499". rfc9309: allow all, 401/403/429 included (RFC 9309
     * section 2.3.1.3; seed 004: "including 401 and 403"). */
    static const int codes[] = {400, 401, 403, 404, 410, 429, 451, 499};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        robots_fetch_decision d = decide(ROBOTS_PROFILE_RFC9309, codes[i]);
        EXPECT_ACTION(d, ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_CLIENT_ERROR);
        EXPECT_EQ(d.retry, 0);
    }
    /* google: allow all, except 429, which is read as 5xx. */
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        robots_fetch_decision d = decide(ROBOTS_PROFILE_GOOGLE, codes[i]);
        if (codes[i] == 429) {
            EXPECT_ACTION(d, ROBOTS_FETCH_DISALLOW_ALL_RETRY,
                          ROBOTS_BASIS_RATE_LIMITED);
            EXPECT_EQ(d.retry, 1);
        } else {
            EXPECT_ACTION(d, ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_CLIENT_ERROR);
        }
    }
    /* google 429 follows the whole 5xx row, 30-day rule included. */
    EXPECT_ACTION(decide_full(ROBOTS_PROFILE_GOOGLE, 429, 0, ROBOTS_NET_NONE,
                              ROBOTS_UNREACHABLE_LIMIT_SECONDS + 1, 1),
                  ROBOTS_FETCH_USE_CACHED, ROBOTS_BASIS_RATE_LIMITED);
    /* legacy: 401 and 403 disallow all (seeds 000/001: "access to the site
     * is completely restricted"); others, 404 first, allow all (seed 001:
     * "no exclusion rules are active"). */
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        robots_fetch_decision d = decide(ROBOTS_PROFILE_LEGACY, codes[i]);
        if (codes[i] == 401 || codes[i] == 403) {
            EXPECT_ACTION(d, ROBOTS_FETCH_DISALLOW_ALL,
                          ROBOTS_BASIS_ACCESS_RESTRICTED);
            EXPECT_EQ(d.retry, 0);
        } else {
            EXPECT_ACTION(d, ROBOTS_FETCH_ALLOW_ALL, ROBOTS_BASIS_CLIENT_ERROR);
        }
    }
}

static void unreachable_rows(void) {
    /* Row "500-599, network error, truncated body". rfc9309 and google:
     * disallow all, retry later; unreachable for more than 30 days: the
     * cached copy if any, else allow all (RFC 9309 section 2.3.1.4; seed
     * 004 "5xx (server errors)" and "Failed requests or incomplete data").
     * legacy: defer (seeds 000/001: "503 ... the robot should defer
     * visits to the site until the resource can be retrieved"). */
    static const robots_network_error nets[] = {
        ROBOTS_NET_DNS, ROBOTS_NET_CONNECT, ROBOTS_NET_TIMEOUT, ROBOTS_NET_TLS,
        ROBOTS_NET_TRUNCATED};
    static const int codes[] = {500, 503, 599};
    const int64_t limit = ROBOTS_UNREACHABLE_LIMIT_SECONDS;
    int p;
    size_t i;
    EXPECT_EQ(limit, 30 * 86400);
    for (p = 0; p < 3; p++) {
        robots_profile pr = profiles[p];
        for (i = 0; i < 3 + 5; i++) {
            int status = i < 3 ? codes[i] : 200;
            robots_network_error net = i < 3 ? ROBOTS_NET_NONE : nets[i - 3];
            robots_fetch_basis basis =
                i < 3 ? ROBOTS_BASIS_SERVER_ERROR : ROBOTS_BASIS_NETWORK_ERROR;
            robots_fetch_decision d;
            if (pr == ROBOTS_PROFILE_LEGACY) {
                /* The draft has no 30-day rule: always defer. */
                d = decide_full(pr, status, 0, net, 0, 0);
                EXPECT_ACTION(d, ROBOTS_FETCH_DEFER, basis);
                EXPECT_EQ(d.retry, 1);
                d = decide_full(pr, status, 0, net, limit + 1, 1);
                EXPECT_ACTION(d, ROBOTS_FETCH_DEFER, basis);
                EXPECT_EQ(d.long_unreachable, 0);
                continue;
            }
            d = decide_full(pr, status, 0, net, 0, 0);
            EXPECT_ACTION(d, ROBOTS_FETCH_DISALLOW_ALL_RETRY, basis);
            EXPECT_EQ(d.retry, 1);
            EXPECT_EQ(d.long_unreachable, 0);
            /* Exactly 30 days is not "more than 30 days". */
            d = decide_full(pr, status, 0, net, limit, 1);
            EXPECT_ACTION(d, ROBOTS_FETCH_DISALLOW_ALL_RETRY, basis);
            d = decide_full(pr, status, 0, net, limit + 1, 1);
            EXPECT_ACTION(d, ROBOTS_FETCH_USE_CACHED, basis);
            EXPECT_EQ(d.long_unreachable, 1);
            d = decide_full(pr, status, 0, net, limit + 1, 0);
            EXPECT_ACTION(d, ROBOTS_FETCH_ALLOW_ALL, basis);
            EXPECT_EQ(d.long_unreachable, 1);
            EXPECT_EQ(d.retry, 1);
        }
    }
}

static void other_codes(void) {
    /* Row "other codes (1xx, 6xx...)": as 5xx, in every profile. */
    static const int codes[] = {100, 101, 199, 600, 700, 999};
    int p;
    size_t i;
    for (p = 0; p < 3; p++) {
        for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
            robots_fetch_decision d = decide(profiles[p], codes[i]);
            EXPECT_ACTION(d,
                          profiles[p] == ROBOTS_PROFILE_LEGACY
                              ? ROBOTS_FETCH_DEFER
                              : ROBOTS_FETCH_DISALLOW_ALL_RETRY,
                          ROBOTS_BASIS_OTHER_STATUS);
        }
        EXPECT_ACTION(decide_full(profiles[p], 600, 0, ROBOTS_NET_NONE,
                                  ROBOTS_UNREACHABLE_LIMIT_SECONDS + 1, 0),
                      profiles[p] == ROBOTS_PROFILE_LEGACY
                          ? ROBOTS_FETCH_DEFER
                          : ROBOTS_FETCH_ALLOW_ALL,
                      ROBOTS_BASIS_OTHER_STATUS);
    }
}

static void bad_input(void) {
    robots_fetch_outcome in;
    robots_fetch_decision out;
    robots_network_error net;
    memset(&in, 0, sizeof in);
    in.status = 200;
    EXPECT_EQ(robots_fetch_policy(NULL, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_fetch_policy(&in, (robots_profile)7, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.status = 99;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.status = 1000;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.status = -200;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* With a network error the status is not read. */
    in.network_error = ROBOTS_NET_DNS;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_OK);
    in.network_error = (robots_network_error)42;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.network_error = ROBOTS_NET_NONE;
    in.status = 200;
    in.unreachable_seconds = -1;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);

    EXPECT_EQ(robots_network_error_from_name("TimeOut", 7, &net), ROBOTS_OK);
    EXPECT_EQ(net, ROBOTS_NET_TIMEOUT);
    EXPECT_EQ(robots_network_error_from_name("truncated", 9, &net), ROBOTS_OK);
    EXPECT_EQ(net, ROBOTS_NET_TRUNCATED);
    EXPECT_EQ(robots_network_error_from_name("time", 4, &net),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_network_error_from_name("timeouts", 8, &net),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(strcmp(robots_fetch_action_name(ROBOTS_FETCH_DISALLOW_ALL_RETRY),
                  "disallow-all-retry") == 0);
    EXPECT(robots_fetch_action_name((robots_fetch_action)99) == NULL);
    EXPECT(strcmp(robots_fetch_basis_name(ROBOTS_BASIS_REDIRECT_LIMIT),
                  "redirect-limit") == 0);
    EXPECT(robots_fetch_basis_name((robots_fetch_basis)99) == NULL);
    EXPECT(robots_network_error_name((robots_network_error)99) == NULL);
}

int main(void) {
    success();
    redirects();
    legacy_redirects();
    unusable_redirects();
    client_errors();
    unreachable_rows();
    other_codes();
    bad_input();
    return testing_finish();
}
