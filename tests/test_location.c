/* SPDX-License-Identifier: MIT */
/*
 * test_location.c - robots.txt URL of a URL, scope of a robots.txt, and
 * the URL reader (robots_url_parse, robots_url_to_robots_txt,
 * robots_scope_check).
 */
#include "robots_web.h"
#include "testing.h"

#include <stdlib.h>
#include <string.h>

static void robots_url(const char *url, const char *expected) {
    char buf[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    size_t needed = 0;
    robots_status st =
        robots_url_to_robots_txt(url, strlen(url), buf, sizeof buf, &needed);
    EXPECT_MSG(st == ROBOTS_OK, "%s: %d", url, (int)st);
    if (st == ROBOTS_OK)
        EXPECT_STRN(buf, needed, expected);
}

static void url_error(const char *url, robots_status expected) {
    char buf[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    size_t needed = 0;
    robots_url_parts parts;
    robots_status st =
        robots_url_to_robots_txt(url, strlen(url), buf, sizeof buf, &needed);
    EXPECT_MSG(st == expected, "%s: %d, not %d", url, (int)st, (int)expected);
    EXPECT_EQ(robots_url_parse(url, strlen(url), &parts), expected);
}

static int applies(const char *robots, const char *url,
                   robots_scope_reason *reason) {
    robots_scope scope;
    robots_status st =
        robots_scope_check(robots, strlen(robots), url, strlen(url), &scope);
    EXPECT_MSG(st == ROBOTS_OK, "%s / %s: %d", robots, url, (int)st);
    if (reason != NULL)
        *reason = scope.reason;
    return st == ROBOTS_OK && scope.applies;
}

#define APPLIES(r, u) EXPECT_MSG(applies(r, u, NULL), "%s %s", r, u)
#define NOT_APPLIES(r, u, why)                                                 \
    do {                                                                       \
        robots_scope_reason got_ = ROBOTS_SCOPE_SAME_SITE;                     \
        EXPECT_MSG(!applies(r, u, &got_), "%s %s", r, u);                      \
        EXPECT_EQ(got_, why);                                                  \
    } while (0)

static void seed_004_table(void) {
    /* Seed 004, "Examples of valid robots.txt URLs", every row. */
    const char *r = "http://example.com/robots.txt";
    APPLIES(r, "http://example.com/");
    APPLIES(r, "http://example.com/folder/file");
    NOT_APPLIES(r, "http://other.example.com/", ROBOTS_SCOPE_OTHER_HOST);
    NOT_APPLIES(r, "https://example.com/", ROBOTS_SCOPE_OTHER_SCHEME);
    NOT_APPLIES(r, "http://example.com:8181/", ROBOTS_SCOPE_OTHER_PORT);

    r = "http://www.example.com/robots.txt";
    APPLIES(r, "http://www.example.com/");
    NOT_APPLIES(r, "http://example.com/", ROBOTS_SCOPE_OTHER_HOST);
    NOT_APPLIES(r, "http://shop.www.example.com/", ROBOTS_SCOPE_OTHER_HOST);
    NOT_APPLIES(r, "http://www.shop.example.com/", ROBOTS_SCOPE_OTHER_HOST);

    /* "Not a valid robots.txt file. Crawlers don't check for robots.txt
     * files in subdirectories." */
    r = "http://example.com/folder/robots.txt";
    NOT_APPLIES(r, "http://example.com/", ROBOTS_SCOPE_NOT_TOP_LEVEL);
    NOT_APPLIES(r, "http://example.com/folder/x", ROBOTS_SCOPE_NOT_TOP_LEVEL);

    /* "IDNs are equivalent to their punycode versions" (RFC 3492). */
    r = "http://www.m\xc3\xbcller.eu/robots.txt";
    APPLIES(r, "http://www.m\xc3\xbcller.eu/");
    APPLIES(r, "http://www.xn--mller-kva.eu/");
    NOT_APPLIES(r, "http://www.muller.eu/", ROBOTS_SCOPE_OTHER_HOST);

    /* Google-specific: robots.txt for FTP resources. */
    r = "ftp://example.com/robots.txt";
    APPLIES(r, "ftp://example.com/");
    NOT_APPLIES(r, "http://example.com/", ROBOTS_SCOPE_OTHER_SCHEME);

    /* An IP-address host is its own site, even if it serves example.com. */
    r = "http://212.96.82.21/robots.txt";
    APPLIES(r, "http://212.96.82.21/");
    NOT_APPLIES(r, "http://example.com/", ROBOTS_SCOPE_OTHER_HOST);

    /* "Standard port numbers (80 for http, 443 for https, 21 for ftp) are
     * equivalent to their default host names." */
    r = "http://example.com:80/robots.txt";
    APPLIES(r, "http://example.com:80/");
    APPLIES(r, "http://example.com/");
    NOT_APPLIES(r, "http://example.com:81/", ROBOTS_SCOPE_OTHER_PORT);

    /* "Robots.txt files on non-standard port numbers are only valid for
     * content made available through those port numbers." */
    r = "http://example.com:8181/robots.txt";
    APPLIES(r, "http://example.com:8181/");
    NOT_APPLIES(r, "http://example.com/", ROBOTS_SCOPE_OTHER_PORT);

    /* The same table, read as "the robots.txt URL of this URL". */
    robots_url("http://example.com/folder/file",
               "http://example.com/robots.txt");
    robots_url("http://www.m\xc3\xbcller.eu/",
               "http://www.xn--mller-kva.eu/robots.txt");
    robots_url("ftp://example.com/", "ftp://example.com/robots.txt");
    robots_url("http://212.96.82.21/", "http://212.96.82.21/robots.txt");
    robots_url("http://example.com:80/", "http://example.com/robots.txt");
    robots_url("http://example.com:8181/",
               "http://example.com:8181/robots.txt");
}

static void normalisation(void) {
    /* docs/semantics.md "Where a robots.txt applies": scheme and host
     * lowercased; userinfo, path, query and fragment dropped; default
     * ports removed (http 80, https 443, ftp 21). */
    robots_url("HTTP://Example.COM/Path?q=1#frag",
               "http://example.com/robots.txt");
    robots_url("http://user:pass@example.com/",
               "http://example.com/robots.txt");
    /* docs/semantics.md, "One reading of a URL": two '@' split the
     * userinfo two ways (host example.com or b@example.com): refused. */
    url_error("http://a@b@example.com/", ROBOTS_ERR_URL_INVALID);
    robots_url("https://example.com:443/x", "https://example.com/robots.txt");
    robots_url("ftp://example.com:21/x", "ftp://example.com/robots.txt");
    robots_url("https://example.com:80/", "https://example.com:80/robots.txt");
    robots_url("http://example.com:0080/", "http://example.com/robots.txt");
    robots_url("http://example.com:/", "http://example.com/robots.txt");
    robots_url("http://example.com", "http://example.com/robots.txt");
    robots_url("http://example.com?q", "http://example.com/robots.txt");
    robots_url("http://example.com#f", "http://example.com/robots.txt");
    robots_url("http://example.com:65535/",
               "http://example.com:65535/robots.txt");
    robots_url("  http://example.com/ \r\n", "http://example.com/robots.txt");
    /* RFC 3986 section 3.2.2: a reg-name may carry UTF-8 as
     * percent-escapes; it is the same IDN. */
    robots_url("http://www.m%C3%BCller.eu/",
               "http://www.xn--mller-kva.eu/robots.txt");
    /* IPv6 literals are kept as written, hex digits lowercased. */
    robots_url("http://[2001:DB8::1]/", "http://[2001:db8::1]/robots.txt");
    robots_url("https://[::1]:8443/x", "https://[::1]:8443/robots.txt");
    robots_url("http://[::ffff:192.0.2.1]/",
               "http://[::ffff:192.0.2.1]/robots.txt");
    robots_url("http://[1:2:3:4:5:6:7:8]/",
               "http://[1:2:3:4:5:6:7:8]/robots.txt");
    robots_url("http://[::]/", "http://[::]/robots.txt");

    {
        robots_url_parts p;
        const char *u = "HTTPS://me@[2001:db8::1]:8443/a";
        EXPECT_EQ(robots_url_parse(u, strlen(u), &p), ROBOTS_OK);
        EXPECT_STRN(p.scheme, p.scheme_len, "https");
        EXPECT_STRN(p.host, p.host_len, "[2001:db8::1]");
        EXPECT_EQ(p.host_kind, ROBOTS_HOST_IPV6);
        EXPECT_EQ(p.port, 8443);
        EXPECT_EQ(p.port_given, 1);
        EXPECT_EQ(p.default_port, 0);
        EXPECT_EQ(p.had_userinfo, 1);
        EXPECT_EQ(p.path_offset, 29);
        u = "http://www.m\xc3\xbcller.eu";
        EXPECT_EQ(robots_url_parse(u, strlen(u), &p), ROBOTS_OK);
        EXPECT_EQ(p.host_kind, ROBOTS_HOST_NAME);
        EXPECT_EQ(p.host_converted, 1);
        EXPECT_EQ(p.port, 80);
        EXPECT_EQ(p.default_port, 1);
        EXPECT_EQ(p.path_offset, strlen(u));
        u = "http://212.96.82.21/";
        EXPECT_EQ(robots_url_parse(u, strlen(u), &p), ROBOTS_OK);
        EXPECT_EQ(p.host_kind, ROBOTS_HOST_IPV4);
        EXPECT(strcmp(robots_host_kind_name(p.host_kind), "ipv4") == 0);
    }

    /* Scope compares what the URLs mean, not how they are written. */
    APPLIES("HTTP://EXAMPLE.COM/robots.txt", "http://user@example.com:80/x");
    APPLIES("http://example.com/robots.txt#top", "http://example.com/");
    APPLIES("http://[2001:DB8::1]/robots.txt", "http://[2001:db8::1]:80/");
    /* Seed 004: "the URL of the robots.txt file is case-sensitive". */
    NOT_APPLIES("http://example.com/ROBOTS.TXT", "http://example.com/",
                ROBOTS_SCOPE_NOT_TOP_LEVEL);
    NOT_APPLIES("http://example.com/robots.txt?x=1", "http://example.com/",
                ROBOTS_SCOPE_NOT_TOP_LEVEL);
    NOT_APPLIES("http://example.com/", "http://example.com/",
                ROBOTS_SCOPE_NOT_TOP_LEVEL);
    NOT_APPLIES("http://example.com/robots.txt", "http://example.com./",
                ROBOTS_SCOPE_OTHER_HOST);
    NOT_APPLIES("https://example.com/robots.txt", "https://example.com:80/",
                ROBOTS_SCOPE_OTHER_PORT);
}

/* Issue 29, finding 8; docs/semantics.md, "A host as browsers map it": a
 * host typed in full-width forms is the host a browser fetches. */
static void full_width_hosts(void) {
    /* ＥＸＡＭＰＬＥ.com: the URL, which scope called another
     * host. */
    const char *wide = "http://\xef\xbc\xa5\xef\xbc\xb8\xef\xbc\xa1\xef\xbc\xad"
                       "\xef\xbc\xb0\xef\xbc\xac\xef\xbc\xa5.com/private";
    robots_url(wide, "http://example.com/robots.txt");
    APPLIES("http://example.com/robots.txt", wide);
    APPLIES("http://EXAMPLE.com/robots.txt", wide);
    /* The same bytes percent-encoded (decoded before mapping, as WHATWG's
     * host parser decodes them), and a full-width full stop. */
    robots_url("http://%EF%BC%A5xample.com/", "http://example.com/robots.txt");
    robots_url("http://example\xef\xbc\x8e"
               "com/",
               "http://example.com/robots.txt");
    robots_url("http://example\xe3\x80\x82"
               "com/",
               "http://example.com/robots.txt");
    {
        /* Mapped to ASCII is not converted to punycode; full-width
         * digits spell an IPv4 address. */
        robots_url_parts p;
        EXPECT_EQ(robots_url_parse(wide, strlen(wide), &p), ROBOTS_OK);
        EXPECT_STRN(p.host, p.host_len, "example.com");
        EXPECT_EQ(p.host_converted, 0);
        EXPECT_EQ(p.host_kind, ROBOTS_HOST_NAME);
        const char *ip =
            "http://\xef\xbc\x91\xef\xbc\x92\xef\xbc\x97\xef\xbc\x8e"
            "\xef\xbc\x90\xef\xbc\x8e\xef\xbc\x90\xef\xbc\x8e"
            "\xef\xbc\x91/";
        EXPECT_EQ(robots_url_parse(ip, strlen(ip), &p), ROBOTS_OK);
        EXPECT_STRN(p.host, p.host_len, "127.0.0.1");
        EXPECT_EQ(p.host_kind, ROBOTS_HOST_IPV4);
    }
    /* A full-width '/', ':' or '@' is that character inside the host (the
     * authority was split at ASCII ones): not a host, as for WHATWG. */
    url_error("http://a\xef\xbc\x8f"
              "b.com/",
              ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://example.com\xef\xbc\x9a"
              "80/",
              ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://a\xef\xbc\xa0"
              "b.com/",
              ROBOTS_ERR_URL_BAD_HOST);
    /* Bytes that are not UTF-8 stay refused. */
    url_error("http://ex%EF%BCample.com/", ROBOTS_ERR_URL_BAD_HOST);
}

static void errors(void) {
    /* Issue 4: a URL that cannot be read gets a specific status. */
    url_error("", ROBOTS_ERR_URL_NO_SCHEME);
    url_error("example.com/x", ROBOTS_ERR_URL_NO_SCHEME);
    url_error("/robots.txt", ROBOTS_ERR_URL_NO_SCHEME);
    url_error("1http://example.com/", ROBOTS_ERR_URL_NO_SCHEME);
    url_error("ht tp://example.com/", ROBOTS_ERR_URL_NO_SCHEME);
    url_error(":/x", ROBOTS_ERR_URL_NO_SCHEME);
    url_error("mailto:someone@example.com", ROBOTS_ERR_URL_UNSUPPORTED_SCHEME);
    url_error("file:///etc/passwd", ROBOTS_ERR_URL_UNSUPPORTED_SCHEME);
    url_error("gopher://example.com/", ROBOTS_ERR_URL_UNSUPPORTED_SCHEME);
    url_error("http:example.com", ROBOTS_ERR_URL_NO_HOST);
    url_error("http:/example.com", ROBOTS_ERR_URL_NO_HOST);
    url_error("http://", ROBOTS_ERR_URL_NO_HOST);
    url_error("http:///path", ROBOTS_ERR_URL_NO_HOST);
    url_error("http://user@/", ROBOTS_ERR_URL_NO_HOST);
    url_error("http://:80/", ROBOTS_ERR_URL_NO_HOST);
    url_error("http://exa mple.com/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://exa<mple.com/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://a..b/", ROBOTS_ERR_URL_BAD_HOST);
    /* Browsers read "a.com\\@b.com" as host a.com, RFC 3986 as b.com. */
    url_error("http://example.com\\@evil.com/", ROBOTS_ERR_URL_INVALID);
    url_error("http://us er@example.com/", ROBOTS_ERR_URL_INVALID);
    /* WHATWG reads the backslash as '/' (host example.com, path /evil),
     * RFC 3986 as part of the host: refused, as everywhere. */
    url_error("http://example.com\\evil/", ROBOTS_ERR_URL_INVALID);
    url_error("http://%zz.com/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://%C3.com/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://ex%2Fample.com/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://m\xc3ller.eu/", ROBOTS_ERR_URL_BAD_HOST);
    /* RFC 3696 section 2: a top-level label is never all digits, so a
     * numeric host must be a dotted-decimal IPv4 address. */
    url_error("http://1.2.3/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://256.1.1.1/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://010.1.1.1/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://1.2.3.4.5/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://12345/", ROBOTS_ERR_URL_BAD_HOST);
    /* RFC 3986 section 3.2.2 IPv6address. */
    url_error("http://[]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[::1/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[1:2:3:4:5:6:7:8:9]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[1:2:3:4:5:6:7]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[1::2::3]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[12345::]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[:1]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[1:]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[::1%25eth0]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[v1.x]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[::1]x/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://[::1.2.3]/", ROBOTS_ERR_URL_BAD_HOST);
    url_error("http://example.com:65536/", ROBOTS_ERR_URL_BAD_PORT);
    url_error("http://example.com:99999999999999999999999/",
              ROBOTS_ERR_URL_BAD_PORT);
    url_error("http://example.com:8o/", ROBOTS_ERR_URL_BAD_PORT);
    url_error("http://example.com:-1/", ROBOTS_ERR_URL_BAD_PORT);
    url_error("http://example.com:80:80/", ROBOTS_ERR_URL_BAD_PORT);

    /* robots_scope_check returns the error of either URL. */
    {
        robots_scope s;
        EXPECT_EQ(robots_scope_check("x", 1, "http://a.com/", 13, &s),
                  ROBOTS_ERR_URL_NO_SCHEME);
        EXPECT_EQ(robots_scope_check("http://a.com/robots.txt", 23,
                                     "http://a.com:x/", 15, &s),
                  ROBOTS_ERR_URL_BAD_PORT);
        EXPECT_EQ(robots_scope_check(NULL, 0, NULL, 0, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_url_parse(NULL, 3, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    }
}

static void limits(void) {
    char buf[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    size_t needed = 0;
    char *u = malloc(ROBOTS_MAX_URL_BYTES + 2);
    size_t i;
    if (u == NULL) {
        EXPECT(0);
        return;
    }
    /* ROBOTS_MAX_URL_BYTES: a URL of exactly that length is read, one
     * byte more is ROBOTS_ERR_URL_TOO_LONG. */
    memcpy(u, "http://example.com/", 19);
    for (i = 19; i < ROBOTS_MAX_URL_BYTES + 1; i++)
        u[i] = 'a';
    EXPECT_EQ(robots_url_to_robots_txt(u, ROBOTS_MAX_URL_BYTES, buf, sizeof buf,
                                       &needed),
              ROBOTS_OK);
    EXPECT_EQ(robots_url_to_robots_txt(u, ROBOTS_MAX_URL_BYTES + 1, buf,
                                       sizeof buf, &needed),
              ROBOTS_ERR_URL_TOO_LONG);
    /* A host of 10 KB made of one label: bad, not slow or an overflow. */
    memcpy(u, "http://", 7);
    for (i = 7; i < 10007; i++)
        u[i] = 'a';
    EXPECT_EQ(robots_url_to_robots_txt(u, 10007, buf, sizeof buf, &needed),
              ROBOTS_ERR_URL_BAD_HOST);
    for (i = 7; i < 10007; i++)
        u[i] = (i % 2) ? 'a' : '.';
    EXPECT_EQ(robots_url_to_robots_txt(u, 10007, buf, sizeof buf, &needed),
              ROBOTS_ERR_URL_BAD_HOST);
    free(u);

    /* The longest robots.txt URL fits ROBOTS_MAX_ROBOTS_URL_BYTES. */
    {
        char url[400];
        size_t o = 0;
        int k;
        memcpy(url, "https://", 8);
        o = 8;
        for (k = 0; k < 3; k++) {
            memset(url + o, 'a', 63);
            o += 63;
            url[o++] = '.';
        }
        memset(url + o, 'b', 61);
        o += 61;
        memcpy(url + o, ":65535/x", 8);
        o += 8;
        EXPECT_EQ(robots_url_to_robots_txt(url, o, buf, sizeof buf, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(needed, 8 + 253 + 6 + 11);
        EXPECT(needed <= ROBOTS_MAX_ROBOTS_URL_BYTES);
        /* Buffer convention: cap must exceed the length (for the NUL). */
        EXPECT_EQ(robots_url_to_robots_txt(url, o, buf, needed, &needed),
                  ROBOTS_ERR_BUFFER_TOO_SMALL);
        EXPECT_EQ(robots_url_to_robots_txt(url, o, buf, needed + 1, &needed),
                  ROBOTS_OK);
        EXPECT_EQ(buf[needed], '\0');
    }
}

static void names(void) {
    EXPECT(strcmp(robots_scope_reason_name(ROBOTS_SCOPE_SAME_SITE),
                  "same-site") == 0);
    EXPECT(strcmp(robots_scope_reason_name(ROBOTS_SCOPE_NOT_TOP_LEVEL),
                  "not-top-level") == 0);
    EXPECT(robots_scope_reason_name((robots_scope_reason)99) == NULL);
    EXPECT(robots_host_kind_name((robots_host_kind)99) == NULL);
}

int main(void) {
    full_width_hosts();
    seed_004_table();
    normalisation();
    errors();
    limits();
    names();
    return testing_finish();
}
