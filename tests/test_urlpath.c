/* SPDX-License-Identifier: MIT */
/*
 * test_urlpath.c - from a URL to the path a rule is matched against
 * (robots_url_to_path). rfc9309 and legacy follow RFC 3986 and reject what
 * is not a URL; google follows google/robotstxt's heuristic, whose cases
 * are listed in docs/google-profile.md ("URL to path").
 */
#include "robots.h"
#include "testing.h"

static const char *path_of(robots_profile profile, const char *url,
                           robots_status *status) {
    static char buf[256];
    size_t needed = 0;
    *status =
        robots_url_to_path(profile, url, strlen(url), buf, sizeof buf, &needed);
    return *status == ROBOTS_OK ? buf : "";
}

#define P(profile, url, want)                                                  \
    do {                                                                       \
        robots_status st;                                                      \
        const char *got = path_of(profile, url, &st);                          \
        EXPECT_MSG(st == ROBOTS_OK && strcmp(got, want) == 0,                  \
                   "%s: '%s' gave '%s' (%s), want '%s'",                       \
                   robots_profile_name(profile), url, got,                     \
                   robots_status_name(st), want);                              \
    } while (0)

#define BAD(profile, url)                                                      \
    do {                                                                       \
        robots_status st;                                                      \
        path_of(profile, url, &st);                                            \
        EXPECT_MSG(st == ROBOTS_ERR_URL_INVALID, "%s: '%s' gave %s",           \
                   robots_profile_name(profile), url, robots_status_name(st)); \
    } while (0)

int main(void) {
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        /* docs/semantics.md: path + ;params + ?query, no fragment; an
         * empty path is "/". */
        P(profile, "http://example.com/a/b;p?q=1#frag", "/a/b;p?q=1");
        P(profile, "https://example.com", "/");
        P(profile, "https://example.com/", "/");
        P(profile, "http://example.com?q", "/?q");
        P(profile, "http://user:pw@example.com:8080/x", "/x");
        P(profile, "/just/a/path?x", "/just/a/path?x");
        P(profile, "//example.com/net/path", "/net/path");
        P(profile, "http://[::1]:80/v6", "/v6");
        P(profile, "http://example.com/%7Efred", "/%7Efred"); /* as given */
    }
    for (int p = 0; p < 3; p += 2) {
        robots_profile profile = (robots_profile)p;
        BAD(profile, "");
        BAD(profile, "example.com/x"); /* no scheme: not guessed */
        BAD(profile, "a/b");
        BAD(profile, "mailto:someone@example.com");
        BAD(profile, "?q");
        P(profile, "HTTP://EXAMPLE.COM/Case", "/Case");
        P(profile, "http://example.com#f/x", "/");
    }
    /* The authority ends at its first '/', '?' or '#' (RFC 3986 section
     * 3.2), found eight bytes a step: a host of every length up to three
     * steps, the end at each offset of a step, a second end in the same
     * step after it. */
    static const char *const ends[] = {"/x?#", "?x/#", "#x/?", ""};
    static const char *const want[] = {"/x?", "/?x/", "/", "/"};
    for (int p = 0; p < 3; p += 2) {
        for (size_t host = 1; host <= 24; host++) {
            for (size_t e = 0; e < 4; e++) {
                char url[64] = "http://";
                memset(url + 7, 'h', host);
                strcpy(url + 7 + host, ends[e]);
                P((robots_profile)p, url, want[e]);
            }
        }
    }
    /* google's path starts at the first '/', '?' or ';' after "://",
     * found eight bytes a step too. */
    static const char *const g_ends[] = {"/x?#", "?x/#", ";x/?", ""};
    static const char *const g_want[] = {"/x?", "/?x/", "/;x/?", "/"};
    for (size_t host = 1; host <= 24; host++) {
        for (size_t e = 0; e < 4; e++) {
            char url[64] = "http://";
            memset(url + 7, 'h', host);
            strcpy(url + 7 + host, g_ends[e]);
            P(ROBOTS_PROFILE_GOOGLE, url, g_want[e]);
        }
    }
    /* google/robotstxt's heuristic, case by case. */
    const robots_profile google = ROBOTS_PROFILE_GOOGLE;
    P(google, "", "/");
    P(google, "a", "/");
    P(google, "a/b", "/b");
    P(google, "?q", "/?q");
    P(google, "http:e.com/x", "/x");
    P(google, "http://e.com#f/x", "/");
    P(google, "e.com/x://y", "/x://y");
    /* docs/google-profile.md, "URL to path": "://" counts as a scheme
     * separator only if no '/', '?' or ';' comes before it. */
    P(google, "a://b/c", "/c");
    P(google, "://b/c", "/c");
    P(google, "//a://b/c", "/c");
    P(google, "a?://b/c", "/?://b/c");
    P(google, "a;x://b/c", "/;x://b/c");
    P(google, "a:/", "/");
    P(google, "a://", "/");
    P(google, "a:://b/c", "/c");
    P(google, "a:/b://c", "/b://c");
    P(google, "http://e.com;p", "/;p");

    char small[4];
    size_t needed = 0;
    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, "http://e.com/abc", 16,
                                 small, sizeof small, &needed),
              ROBOTS_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(needed, 4);
    EXPECT_EQ(
        robots_url_to_path(ROBOTS_PROFILE_RFC9309, NULL, 0, NULL, 0, NULL),
        ROBOTS_ERR_INVALID_ARGUMENT);
    return testing_finish();
}
