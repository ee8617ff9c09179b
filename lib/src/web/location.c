/* SPDX-License-Identifier: MIT */
/*
 * location.c - which robots.txt governs a URL: reading the authority of an
 * absolute URL (scheme, userinfo, host, port; IPv6 literals kept), the
 * robots.txt URL of any URL, and whether a robots.txt URL governs a URL
 * (same scheme, host and port only). Seed 004, "file location and scope";
 * RFC 9309 section 2.3; docs/semantics.md "Where a robots.txt applies".
 * A URL that cannot be read gets a specific status, never a guess.
 */
#include "ascii.h"
#include "names.h"
#include "punycode.h"
#include "robots_web.h"
#include "text_out.h"
#include "url_parts.h"

#include <string.h>

/* Bytes of a host as written (after percent-decoding) that can still give
 * a host of ROBOTS_MAX_HOST_BYTES: every output byte comes from at least
 * one code point of at most 4 UTF-8 bytes, and each separator is at most 3
 * bytes (U+3002). Anything longer fails before conversion. */
#define HOST_INPUT_MAX (4 * (ROBOTS_MAX_HOST_BYTES + 1))

/* Strict dotted decimal: four parts, each 0-255 without leading zeros, so
 * that "010.0.0.1" (octal to some readers) is never guessed at. */
static int is_ipv4(const char *s, size_t len) {
    size_t i = 0;
    int parts = 0;
    while (parts < 4) {
        size_t start = i;
        unsigned v = 0;
        while (i < len && rb_ascii_is_digit((unsigned char)s[i]) &&
               i - start < 3) {
            v = v * 10 + (unsigned)(s[i] - '0');
            i++;
        }
        if (i == start || v > 255 || (s[start] == '0' && i - start > 1))
            return 0;
        parts++;
        if (parts < 4) {
            if (i >= len || s[i] != '.')
                return 0;
            i++;
        }
    }
    return i == len;
}

/* RFC 3986 section 3.2.2 IPv6address, without zone identifiers or
 * IPvFuture: 8 groups of 1-4 hex digits, one "::" standing for at least
 * one group, an optional dotted-decimal IPv4 tail counting as two. */
static int is_ipv6(const char *s, size_t len) {
    size_t i = 0;
    int groups = 0;
    int compressed = 0;
    if (len >= 2 && s[0] == ':' && s[1] == ':') {
        compressed = 1;
        i = 2;
        if (i == len)
            return 1;
    }
    for (;;) {
        size_t start = i;
        while (i < len && rb_ascii_hex_value((unsigned char)s[i]) >= 0 &&
               i - start < 4)
            i++;
        if (i < len && s[i] == '.') {
            if (!is_ipv4(s + start, len - start))
                return 0;
            groups += 2;
            break;
        }
        if (i == start)
            return 0;
        groups++;
        if (i == len)
            break;
        if (s[i] != ':' || groups >= 8)
            return 0;
        i++;
        if (i < len && s[i] == ':') {
            if (compressed)
                return 0;
            compressed = 1;
            i++;
            if (i == len)
                break;
        } else if (i == len) {
            return 0;
        }
    }
    return compressed ? groups <= 7 : groups == 8;
}

typedef struct scheme_info {
    const char *name;
    unsigned port;
} scheme_info;

/* Schemes with a robots.txt: http and https (RFC 9309 section 2.3), and
 * ftp, which Google also reads (seed 004, "Google-specific: FTP"). */
static const scheme_info schemes[] = {
    {"http", 80}, {"https", 443}, {"ftp", 21}};

static int userinfo_ok(unsigned char c) {
    if (rb_ascii_is_alpha(c) || rb_ascii_is_digit(c))
        return 1;
    switch (c) {
    case '-':
    case '.':
    case '_':
    case '~':
    case '%':
    case '!':
    case '$':
    case '&':
    case '\'':
    case '(':
    case ')':
    case '*':
    case '+':
    case ',':
    case ';':
    case '=':
    case ':':
    case '@':
        return 1;
    default:
        return 0;
    }
}

static int is_url_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The scheme of a URL that has one: one the library reads, or the status
 * that says why not. */
static robots_status read_scheme(const char *u, const rb_url_parts *p,
                                 const scheme_info **scheme) {
    if (p->scheme_len == 0)
        return ROBOTS_ERR_URL_NO_SCHEME;
    for (size_t k = 0; k < sizeof schemes / sizeof schemes[0]; k++)
        if (rb_ascii_equal_lower(u, p->scheme_len, schemes[k].name))
            *scheme = &schemes[k];
    if (*scheme == NULL)
        return ROBOTS_ERR_URL_UNSUPPORTED_SCHEME;
    if (!p->has_authority)
        return ROBOTS_ERR_URL_NO_HOST;
    return ROBOTS_OK;
}

/* The userinfo, host and port of u[p->authority..p->path) as
 * url_parts.h splits them, each checked. */
static robots_status read_authority(const char *u, const rb_url_parts *p,
                                    rb_authority_parts *a) {
    /* One decision for every reader of URLs in the library. */
    if (p->ambiguous)
        return ROBOTS_ERR_URL_INVALID;
    rb_authority_split(u, p->authority, p->path, a);
    /* RFC 3986 section 3.2.1 userinfo, '@' tolerated. Anything else is
     * where readers may disagree on the host: no guess. The userinfo
     * never takes part in the site. */
    for (size_t k = p->authority; a->has_userinfo && k + 1 < a->host; k++)
        if (!userinfo_ok((unsigned char)u[k]))
            return ROBOTS_ERR_URL_INVALID;
    if (a->bad_literal)
        return ROBOTS_ERR_URL_BAD_HOST;
    if (a->host_end == a->host)
        return ROBOTS_ERR_URL_NO_HOST;
    return ROBOTS_OK;
}

/* The port of u[a->port..end), or the scheme's when none is written. */
static robots_status read_port(const char *u, size_t end,
                               const rb_authority_parts *a,
                               const scheme_info *scheme,
                               robots_url_parts *out) {
    out->port = scheme->port;
    if (a->has_port && a->port < end) {
        unsigned long v = 0;
        for (size_t k = a->port; k < end; k++) {
            if (!rb_ascii_is_digit((unsigned char)u[k]))
                return ROBOTS_ERR_URL_BAD_PORT;
            /* Saturates: any value past 65535 is rejected anyway. */
            if (v <= 65535)
                v = v * 10 + (unsigned long)(u[k] - '0');
        }
        if (v > 65535)
            return ROBOTS_ERR_URL_BAD_PORT;
        out->port = (unsigned)v;
        out->port_given = 1;
    }
    out->default_port = out->port == scheme->port;
    return ROBOTS_OK;
}

/* An IP-literal host "[...]", kept as written but lowercase. */
static robots_status read_ipv6_host(const char *h, size_t n,
                                    robots_url_parts *out) {
    if (!is_ipv6(h + 1, n - 2) || n > ROBOTS_MAX_HOST_BYTES)
        return ROBOTS_ERR_URL_BAD_HOST;
    for (size_t k = 0; k < n; k++)
        out->host[k] = (char)rb_ascii_lower((unsigned char)h[k]);
    out->host_len = n;
    out->host_kind = ROBOTS_HOST_IPV6;
    return ROBOTS_OK;
}

/* RFC 3986 section 3.2.2 lets a reg-name carry UTF-8 as percent-escapes;
 * they name the same host. Writes h[0..n) decoded to decoded[], at most
 * HOST_INPUT_MAX bytes. */
static robots_status percent_decode_host(const char *h, size_t n, char *decoded,
                                         size_t *dlen_out) {
    size_t dlen = 0;
    for (size_t k = 0; k < n; k++) {
        unsigned char c = (unsigned char)h[k];
        if (dlen == HOST_INPUT_MAX)
            return ROBOTS_ERR_URL_BAD_HOST;
        if (c == '%') {
            int hi;
            int lo;
            if (n - k < 3)
                return ROBOTS_ERR_URL_BAD_HOST;
            hi = rb_ascii_hex_value((unsigned char)h[k + 1]);
            lo = rb_ascii_hex_value((unsigned char)h[k + 2]);
            if (hi < 0 || lo < 0)
                return ROBOTS_ERR_URL_BAD_HOST;
            c = (unsigned char)(hi * 16 + lo);
            k += 2;
        }
        decoded[dlen++] = (char)c;
    }
    *dlen_out = dlen;
    return ROBOTS_OK;
}

/* A name's last label is never all digits (RFC 3696 section 2), so such
 * a host must be an IPv4 address or it is not a host. */
static robots_status classify_name(robots_url_parts *out) {
    size_t hl = out->host_len;
    size_t name_len = hl;
    size_t last;
    if (name_len > 0 && out->host[name_len - 1] == '.')
        name_len--;
    last = name_len;
    while (last > 0 && out->host[last - 1] != '.')
        last--;
    for (size_t k = last; k < name_len; k++) {
        if (!rb_ascii_is_digit((unsigned char)out->host[k])) {
            out->host_kind = ROBOTS_HOST_NAME;
            return ROBOTS_OK;
        }
    }
    if (name_len != hl || !is_ipv4(out->host, hl))
        return ROBOTS_ERR_URL_BAD_HOST;
    out->host_kind = ROBOTS_HOST_IPV4;
    return ROBOTS_OK;
}

/* A reg-name or IPv4address host, decoded and converted to ASCII as
 * browsers map it (punycode.c). */
static robots_status read_name_host(const char *h, size_t n,
                                    robots_url_parts *out) {
    char decoded[HOST_INPUT_MAX];
    size_t dlen = 0;
    size_t hl;
    robots_status st = percent_decode_host(h, n, decoded, &dlen);
    if (st != ROBOTS_OK)
        return st;
    st = rb_host_to_ascii(decoded, dlen, out->host, sizeof out->host, &hl,
                          &out->host_converted);
    if (st != ROBOTS_OK)
        return st == ROBOTS_ERR_BUFFER_TOO_SMALL ? ROBOTS_ERR_URL_BAD_HOST : st;
    out->host_len = hl;
    return classify_name(out);
}

/* Reads the URL, whose parts are url_parts.h's: this reader checks and
 * converts them. *fragment_out is where its fragment begins (or the
 * trimmed URL ends), so that a caller reads the path and query where
 * url_parts.h ends them. */
static robots_status parse_url(const char *url, size_t len,
                               robots_url_parts *out, size_t *fragment_out) {
    size_t b = 0;
    size_t e = len;
    const scheme_info *scheme = NULL;
    rb_url_parts p;
    rb_authority_parts a = {0};
    robots_status st;

    if ((url == NULL && len != 0) || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    while (b < e && is_url_space((unsigned char)url[b]))
        b++;
    while (e > b && is_url_space((unsigned char)url[e - 1]))
        e--;
    *fragment_out = e;
    if (b == e)
        return ROBOTS_ERR_URL_NO_SCHEME; /* and url may be NULL */
    const char *u = url + b;
    rb_url_split(u, e - b, &p);
    st = read_scheme(u, &p, &scheme);
    if (st != ROBOTS_OK)
        return st;
    out->path_offset = b + p.path;
    *fragment_out = b + p.fragment;
    st = read_authority(u, &p, &a);
    out->had_userinfo = a.has_userinfo;
    if (st == ROBOTS_OK)
        st = read_port(u, p.path, &a, scheme, out);
    if (st == ROBOTS_OK && u[a.host] == '[')
        st = read_ipv6_host(u + a.host, a.host_end - a.host, out);
    else if (st == ROBOTS_OK)
        st = read_name_host(u + a.host, a.host_end - a.host, out);
    if (st != ROBOTS_OK)
        return st;
    out->host[out->host_len] = '\0';
    out->scheme_len = strlen(scheme->name);
    memcpy(out->scheme, scheme->name, out->scheme_len + 1);
    return ROBOTS_OK;
}

ROBOTS_API robots_status robots_url_parse(const char *url, size_t url_len,
                                          robots_url_parts *out) {
    size_t end;
    robots_status st = parse_url(url, url_len, out, &end);
    if (st != ROBOTS_OK && out != NULL)
        memset(out, 0, sizeof *out);
    return st;
}

static const char *const host_kind_names[] = {
    [ROBOTS_HOST_NAME] = "name",
    [ROBOTS_HOST_IPV4] = "ipv4",
    [ROBOTS_HOST_IPV6] = "ipv6",
};
RB_NAMES_CHECK(host_kind_names, ROBOTS_HOST_KIND_LAST);

ROBOTS_API const char *robots_host_kind_name(robots_host_kind kind) {
    return rb_name_at(host_kind_names, RB_COUNT_OF(host_kind_names), kind);
}

static size_t append(char *dst, size_t o, const char *src, size_t n) {
    memcpy(dst + o, src, n);
    return o + n;
}

ROBOTS_API robots_status robots_url_to_robots_txt(const char *url,
                                                  size_t url_len, char *buf,
                                                  size_t cap, size_t *needed) {
    static const char tail[] = "/robots.txt";
    char tmp[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    robots_url_parts p;
    size_t end;
    size_t o = 0;
    robots_status st;
    if (needed != NULL)
        *needed = 0;
    if (needed == NULL || (buf == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    st = parse_url(url, url_len, &p, &end);
    if (st != ROBOTS_OK)
        return st;
    o = append(tmp, o, p.scheme, p.scheme_len);
    o = append(tmp, o, "://", 3);
    o = append(tmp, o, p.host, p.host_len);
    if (!p.default_port) {
        char digits[5];
        size_t n = 0;
        unsigned v = p.port;
        do {
            digits[n++] = (char)('0' + v % 10);
            v /= 10;
        } while (v != 0);
        tmp[o++] = ':';
        while (n > 0)
            tmp[o++] = digits[--n];
    }
    o = append(tmp, o, tail, sizeof tail - 1);
    if (!rb_text_out(tmp, o, buf, cap, needed))
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    return ROBOTS_OK;
}

static const char *const scope_reason_names[] = {
    [ROBOTS_SCOPE_SAME_SITE] = "same-site",
    [ROBOTS_SCOPE_OTHER_SCHEME] = "other-scheme",
    [ROBOTS_SCOPE_OTHER_HOST] = "other-host",
    [ROBOTS_SCOPE_OTHER_PORT] = "other-port",
    [ROBOTS_SCOPE_NOT_TOP_LEVEL] = "not-top-level",
};
RB_NAMES_CHECK(scope_reason_names, ROBOTS_SCOPE_REASON_LAST);

ROBOTS_API const char *robots_scope_reason_name(robots_scope_reason reason) {
    return rb_name_at(scope_reason_names, RB_COUNT_OF(scope_reason_names),
                      reason);
}

ROBOTS_API robots_status robots_scope_check(const char *robots_url,
                                            size_t robots_url_len,
                                            const char *url, size_t url_len,
                                            robots_scope *out) {
    robots_url_parts r;
    robots_url_parts u;
    size_t rfrag;
    size_t ufrag;
    size_t pb;
    robots_status st;
    if (out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->applies = 0;
    out->reason = ROBOTS_SCOPE_NOT_TOP_LEVEL;
    st = parse_url(robots_url, robots_url_len, &r, &rfrag);
    if (st != ROBOTS_OK)
        return st;
    st = parse_url(url, url_len, &u, &ufrag);
    if (st != ROBOTS_OK)
        return st;
    /* Seed 004: "http://example.com/folder/robots.txt" is not a valid
     * robots.txt file; crawlers do not look in subdirectories. The
     * fragment is never sent, so it does not count. */
    pb = r.path_offset;
    if (rfrag - pb != 11 || memcmp(robots_url + pb, "/robots.txt", 11) != 0)
        return ROBOTS_OK;
    if (r.scheme_len != u.scheme_len ||
        memcmp(r.scheme, u.scheme, r.scheme_len) != 0) {
        out->reason = ROBOTS_SCOPE_OTHER_SCHEME;
    } else if (r.host_len != u.host_len ||
               memcmp(r.host, u.host, r.host_len) != 0) {
        out->reason = ROBOTS_SCOPE_OTHER_HOST;
    } else if (r.port != u.port) {
        out->reason = ROBOTS_SCOPE_OTHER_PORT;
    } else {
        out->reason = ROBOTS_SCOPE_SAME_SITE;
        out->applies = 1;
    }
    return ROBOTS_OK;
}
