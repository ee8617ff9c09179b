/* SPDX-License-Identifier: MIT */
/*
 * test_url_parts.c - the one reader of a URL's parts (url_parts.h) on its
 * own: RFC 3986's examples (section 1.1.2, section 3's figure, section
 * 5.4's references, Appendix B's split), the authorities readers split two
 * ways (docs/semantics.md, "One reading of a URL"), and the two public
 * readers built on it (robots_url_to_path(), robots_url_parse()) shown to
 * take one authority and one path from every URL here.
 */
#include "robots.h"
#include "robots_web.h"
#include "testing.h"
#include "url_parts.h"

#include <string.h>

typedef struct want {
    const char *url;
    const char *scheme;    /* NULL: none */
    const char *authority; /* NULL: none */
    const char *path;
    const char *query;    /* NULL: none */
    const char *fragment; /* NULL: none */
} want;

/* RFC 3986: section 3's figure, section 1.1.2's examples, and section
 * 5.4's base URI and references, each split as Appendix B splits it. */
static const want rfc_cases[] = {
    {"foo://example.com:8042/over/there?name=ferret#nose", "foo",
     "example.com:8042", "/over/there", "name=ferret", "nose"},
    {"urn:example:animal:ferret:nose", "urn", NULL,
     "example:animal:ferret:nose", NULL, NULL},
    {"ftp://ftp.is.co.za/rfc/rfc1808.txt", "ftp", "ftp.is.co.za",
     "/rfc/rfc1808.txt", NULL, NULL},
    {"http://www.ietf.org/rfc/rfc2396.txt", "http", "www.ietf.org",
     "/rfc/rfc2396.txt", NULL, NULL},
    {"ldap://[2001:db8::7]/c=GB?objectClass?one", "ldap", "[2001:db8::7]",
     "/c=GB", "objectClass?one", NULL},
    {"mailto:John.Doe@example.com", "mailto", NULL, "John.Doe@example.com",
     NULL, NULL},
    {"news:comp.infosystems.www.servers.unix", "news", NULL,
     "comp.infosystems.www.servers.unix", NULL, NULL},
    {"tel:+1-816-555-1212", "tel", NULL, "+1-816-555-1212", NULL, NULL},
    {"telnet://192.0.2.16:80/", "telnet", "192.0.2.16:80", "/", NULL, NULL},
    {"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "urn", NULL,
     "oasis:names:specification:docbook:dtd:xml:4.1.2", NULL, NULL},
    {"http://a/b/c/d;p?q", "http", "a", "/b/c/d;p", "q", NULL},
    {"g:h", "g", NULL, "h", NULL, NULL},
    {"g", NULL, NULL, "g", NULL, NULL},
    {"//g", NULL, "g", "", NULL, NULL},
    {"?y", NULL, NULL, "", "y", NULL},
    {"g?y", NULL, NULL, "g", "y", NULL},
    {"#s", NULL, NULL, "", NULL, "s"},
    {"g?y#s", NULL, NULL, "g", "y", "s"},
    {";x", NULL, NULL, ";x", NULL, NULL},
    {"g;x?y#s", NULL, NULL, "g;x", "y", "s"},
    {"", NULL, NULL, "", NULL, NULL},
    {"../../g", NULL, NULL, "../../g", NULL, NULL},
    /* Section 3.1's grammar: a scheme begins with a letter, and holds
     * letters, digits, '+', '-' and '.' only; anything else is a path. */
    {"svn+ssh://h/r", "svn+ssh", "h", "/r", NULL, NULL},
    {"1http://h/", NULL, NULL, "1http://h/", NULL, NULL},
    {"a_b://h/", NULL, NULL, "a_b://h/", NULL, NULL},
    {"HTTPS://H/", "HTTPS", "H", "/", NULL, NULL},
    /* The authority ends at the first '/', '?' or '#' (section 3.2). */
    {"http://h?q", "http", "h", "", "q", NULL},
    {"http://h#f", "http", "h", "", NULL, "f"},
    {"http://h", "http", "h", "", NULL, NULL},
    {"http://", "http", "", "", NULL, NULL},
    {"http:", "http", NULL, "", NULL, NULL},
    {"file:/x", "file", NULL, "/x", NULL, NULL},
    {"http://h/a#b?c", "http", "h", "/a", NULL, "b?c"},
    /* A '\' after the authority is a byte of the path. */
    {"http://h/a\\b", "http", "h", "/a\\b", NULL, NULL},
};

static void expect_part(const char *url, size_t b, size_t e, const char *lit,
                        const char *name) {
    EXPECT_MSG(lit != NULL && e - b == strlen(lit) &&
                   memcmp(url + b, lit, e - b) == 0,
               "%s: %s is '%.*s', want '%s'", url, name, (int)(e - b), url + b,
               lit ? lit : "(none)");
}

static void check_rfc_case(const want *w) {
    rb_url_parts p;
    size_t len = strlen(w->url);
    rb_url_split(w->url, len, &p);
    size_t query = rb_url_query(w->url, &p);
    EXPECT_MSG(!p.ambiguous, "%s: ambiguous", w->url);
    if (w->scheme != NULL)
        expect_part(w->url, 0, p.scheme_len, w->scheme, "the scheme");
    else
        EXPECT_MSG(p.scheme_len == 0, "%s: a scheme", w->url);
    EXPECT_MSG(p.has_authority == (w->authority != NULL), "%s: authority",
               w->url);
    if (w->authority != NULL)
        expect_part(w->url, p.authority, p.path, w->authority, "the authority");
    expect_part(w->url, p.path, query, w->path, "the path");
    if (w->query != NULL)
        expect_part(w->url, query + 1, p.fragment, w->query, "the query");
    else
        EXPECT_MSG(query == p.fragment, "%s: a query", w->url);
    if (w->fragment != NULL)
        expect_part(w->url, p.fragment + 1, len, w->fragment, "the fragment");
    else
        EXPECT_MSG(p.fragment == len, "%s: a fragment", w->url);
}

/* The authorities that readers split two ways (WHATWG's URL standard and
 * RFC 3986): a '\' anywhere, or more than one '@'. */
static const char *const ambiguous[] = {
    "http://a\\private",
    "http://a\\@b/private",
    "https://a\\@b/private",
    "http://a.com\\@b.com/",
    "http://u:p@a@b/",
    "http://@@h/",
    "//a\\b/",
    "//u@v@h/x",
    "http://a\\",
    "http://h:80\\/x",
    "http://u@h\\?q",
    "ftp://a@b@c#f",
    "http://0123456789\\abc",
    "http://0123456789abcdef@@/",
};

static void check_ambiguous(void) {
    for (size_t i = 0; i < sizeof ambiguous / sizeof ambiguous[0]; i++) {
        const char *url = ambiguous[i];
        rb_url_parts p;
        rb_url_split(url, strlen(url), &p);
        EXPECT_MSG(p.ambiguous, "%s: not ambiguous", url);
    }
    /* One '@' is a userinfo, never ambiguous; so is a long authority
     * whose '@' or end is past the first eight bytes. */
    const char *clear[] = {"http://u:p@h/", "http://0123456789abcdef@h/x",
                           "http://0123456789abcdefghij"};
    for (size_t i = 0; i < 3; i++) {
        rb_url_parts p;
        rb_url_split(clear[i], strlen(clear[i]), &p);
        EXPECT_MSG(!p.ambiguous, "%s: ambiguous", clear[i]);
    }
}

static void check_authority(const char *url, const char *host, const char *port,
                            int userinfo, int bad) {
    rb_url_parts p;
    rb_authority_parts a;
    rb_url_split(url, strlen(url), &p);
    rb_authority_split(url, p.authority, p.path, &a);
    EXPECT_MSG(a.has_userinfo == userinfo, "%s: userinfo", url);
    EXPECT_MSG(a.bad_literal == bad, "%s: bad literal", url);
    if (!bad)
        expect_part(url, a.host, a.host_end, host, "the host");
    EXPECT_MSG(a.has_port == (port != NULL), "%s: port", url);
    if (port != NULL)
        expect_part(url, a.port, p.path, port, "the port");
}

static void check_authorities(void) {
    check_authority("foo://example.com:8042/", "example.com", "8042", 0, 0);
    check_authority("ftp://user:pw@host:21/x", "host", "21", 1, 0);
    check_authority("http://u@h", "h", NULL, 1, 0);
    check_authority("http://a:/", "a", "", 0, 0);
    check_authority("http://[::1]:8080/", "[::1]", "8080", 0, 0);
    check_authority("http://[::1]/", "[::1]", NULL, 0, 0);
    check_authority("http://u@[::1]:1/", "[::1]", "1", 1, 0);
    check_authority("http://[::1/", NULL, NULL, 0, 1);
    check_authority("http://[::1]x/", "[::1]", NULL, 0, 1);
    check_authority("http:///x", "", NULL, 0, 0);
    check_authority("http://h:1:2/", "h", "1:2", 0, 0);
}

/* Every URL both public readers take: the path robots_url_to_path() gives
 * (rfc9309) begins where robots_url_parse() says the path begins, and
 * both refuse the ambiguous authorities. Before the one reader, each read
 * the scheme and the authority its own way. */
static const char *const both[] = {
    "http://h/p?q#f",
    "https://u:p@h:8/a/b?c",
    "http://h?q",
    "http://h#f",
    "http://h",
    "HTTP://H:80/x",
    "ftp://[::1]:21/f",
    "http://h/a\\b",
    "http://h/@x",
    "http://h:8080?x/y",
    "https://h/a#b/c",
    "http://xn--a.com/;p",
    "http://u@h/x@y",
    "http://0123456789abcdef/0123456789",
    "http://a\\private",
    "http://u:p@a@b/",
    "https://a\\@b/private",
    "http://a.com\\@b.com/",
    "http://h:1\\/",
};

static void check_one_answer(void) {
    for (size_t i = 0; i < sizeof both / sizeof both[0]; i++) {
        const char *url = both[i];
        size_t len = strlen(url);
        rb_url_parts p;
        robots_url_parts loc;
        char path[256];
        size_t needed = 0;
        rb_url_split(url, len, &p);
        robots_status a = robots_url_parse(url, len, &loc);
        robots_status b = robots_url_to_path(ROBOTS_PROFILE_RFC9309, url, len,
                                             path, sizeof path, &needed);
        if (p.ambiguous) {
            EXPECT_MSG(a == ROBOTS_ERR_URL_INVALID &&
                           b == ROBOTS_ERR_URL_INVALID,
                       "%s: %s and %s, want both url-invalid", url,
                       robots_status_name(a), robots_status_name(b));
            continue;
        }
        EXPECT_MSG(a == ROBOTS_OK && b == ROBOTS_OK, "%s: %s and %s", url,
                   robots_status_name(a), robots_status_name(b));
        EXPECT_MSG(loc.path_offset == p.path, "%s: path at %zu, want %zu", url,
                   loc.path_offset, p.path);
        size_t n = p.fragment - p.path;
        size_t slash = (n == 0 || url[p.path] != '/') ? 1 : 0;
        EXPECT_MSG(needed == n + slash &&
                       memcmp(path + slash, url + p.path, n) == 0,
                   "%s: path '%s'", url, path);
    }
}

int main(void) {
    for (size_t i = 0; i < sizeof rfc_cases / sizeof rfc_cases[0]; i++)
        check_rfc_case(&rfc_cases[i]);
    check_ambiguous();
    check_authorities();
    check_one_answer();
    /* No URL at all (NULL, 0): no scheme to either reader, and no byte of
     * it read: a NULL URL of length 0 is an empty one. */
    robots_url_parts none;
    char path[8];
    size_t needed = 0;
    EXPECT_EQ(robots_url_parse(NULL, 0, &none), ROBOTS_ERR_URL_NO_SCHEME);
    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, NULL, 0, path,
                                 sizeof path, &needed),
              ROBOTS_ERR_URL_INVALID);
    return testing_finish();
}
