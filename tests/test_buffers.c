/* SPDX-License-Identifier: MIT */
/*
 * test_buffers.c - the one buffer contract of robots_common.h, held by
 * every function that writes text for the caller: `needed` required, buf
 * NULL only with cap 0, *needed the length without the NUL on ROBOTS_OK
 * and ROBOTS_ERR_BUFFER_TOO_SMALL, text and NUL written only when
 * cap > *needed, nothing ever written past cap.
 */
#include "robots.h"
#include "robots_web.h"
#include "testing.h"

#include <string.h>

/* One writer under test, called the same way for each. */
typedef robots_status (*writer)(const void *ctx, char *buf, size_t cap,
                                size_t *needed);

static robots_txt *doc_for_normal;

static robots_status normalized(const void *ctx, char *buf, size_t cap,
                                size_t *needed) {
    (void)ctx;
    return robots_group_rule_normalized(doc_for_normal, 0, 0, buf, cap, needed);
}
static robots_status url_to_path(const void *ctx, char *buf, size_t cap,
                                 size_t *needed) {
    const char *url = ctx;
    return robots_url_to_path(ROBOTS_PROFILE_RFC9309, url, strlen(url), buf,
                              cap, needed);
}
static robots_status url_to_robots_txt(const void *ctx, char *buf, size_t cap,
                                       size_t *needed) {
    const char *url = ctx;
    return robots_url_to_robots_txt(url, strlen(url), buf, cap, needed);
}
static robots_status punycode(const void *ctx, char *buf, size_t cap,
                              size_t *needed) {
    const char *text = ctx;
    return robots_punycode_encode(text, strlen(text), buf, cap, needed);
}
static robots_status host_to_ascii(const void *ctx, char *buf, size_t cap,
                                   size_t *needed) {
    const char *host = ctx;
    return robots_host_to_ascii(host, strlen(host), buf, cap, needed);
}

/* Every step of the contract for one writer whose text is `want`. */
static void holds(const char *what, writer w, const void *ctx,
                  const char *want) {
    size_t n = strlen(want), needed = 12345;
    char buf[128];
    /* Asking: cap 0, buf NULL. */
    EXPECT_MSG(w(ctx, NULL, 0, &needed) == ROBOTS_ERR_BUFFER_TOO_SMALL,
               "%s: ask", what);
    EXPECT_MSG(needed == n, "%s: needed %zu, want %zu", what, needed, n);
    /* Room for the text but not its NUL: too small, nothing past cap. */
    memset(buf, '#', sizeof buf);
    needed = 0;
    EXPECT_MSG(w(ctx, buf, n, &needed) == ROBOTS_ERR_BUFFER_TOO_SMALL,
               "%s: cap = length", what);
    EXPECT_MSG(needed == n, "%s: needed after too small", what);
    EXPECT_MSG(buf[n] == '#', "%s: written past cap", what);
    /* Room for both: the text, its NUL, nothing after. */
    memset(buf, '#', sizeof buf);
    EXPECT_MSG(w(ctx, buf, n + 1, &needed) == ROBOTS_OK, "%s: fits", what);
    EXPECT_MSG(needed == n && memcmp(buf, want, n) == 0 && buf[n] == '\0' &&
                   buf[n + 1] == '#',
               "%s: text '%.*s'", what, (int)n, buf);
    /* needed is required; buf only NULL with cap 0. */
    EXPECT_MSG(w(ctx, buf, sizeof buf, NULL) == ROBOTS_ERR_INVALID_ARGUMENT,
               "%s: needed NULL", what);
    EXPECT_MSG(w(ctx, NULL, 8, &needed) == ROBOTS_ERR_INVALID_ARGUMENT &&
                   needed == 0,
               "%s: buf NULL, cap 8", what);
}

int main(void) {
    /* RFC 9309 section 2.2.2: "/foo/bar?baz=quz" is matched as written
     * (the path and the query). */
    holds("robots_url_to_path", url_to_path, "https://example.com/a%7e?q=1",
          "/a%7e?q=1");
    /* RFC 9309 section 2.3: the robots.txt is at the root of the
     * authority; the default port and the path go. */
    holds("robots_url_to_robots_txt", url_to_robots_txt,
          "HTTP://Example.COM:80/x/y?z", "http://example.com/robots.txt");
    /* "bücher": RFC 3492's basic code points first, a '-', then the
     * encoded u-umlaut ("xn--bcher-kva" as a host label, RFC 3490). */
    holds("robots_punycode_encode", punycode,
          "b\xc3\xbc"
          "cher",
          "bcher-kva");
    holds("robots_host_to_ascii", host_to_ascii, "www.M\xc3\xbcller.eu",
          "www.xn--mller-kva.eu");
    /* docs/semantics.md: rfc9309 keeps %C3%A9 and encodes raw bytes. */
    const char body[] = "User-agent: *\nDisallow: /\xc3\xa9\n";
    EXPECT_EQ(robots_parse(body, sizeof body - 1, NULL, &doc_for_normal),
              ROBOTS_OK);
    holds("robots_group_rule_normalized", normalized, NULL, "/%C3%A9");
    robots_free(doc_for_normal);
    return testing_finish();
}
