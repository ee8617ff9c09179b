/* SPDX-License-Identifier: MIT */
/*
 * fuzz_location.c - where a robots.txt lives and what it governs:
 * robots_url_parse(), robots_url_to_robots_txt(), robots_scope_check(),
 * robots_host_to_ascii() and robots_punycode_encode(), with every output
 * written into buffers of exactly the reported size, one byte short and
 * none. Properties:
 *   - url_for(u) parses, and url_for(url_for(u)) == url_for(u);
 *   - the robots.txt url_for(u) governs u (scope "same-site");
 *   - scope_check fails exactly when one of its URLs does not parse;
 *   - parts are NUL-terminated, lowercased where promised, within limits.
 * Input: url 0x01 robots_url 0x01 host-or-utf8.
 */
#include "fuzz_common.h"

typedef robots_status (*writer_fn)(const char *in, size_t len, char *buf,
                                   size_t cap, size_t *needed);

/* Runs a (buf, cap) writer with no buffer, a buffer one byte short and an
 * exact one. Returns the status and, on success, a heap copy in *out. */
static robots_status write_exact(writer_fn fn, const char *in, size_t len,
                                 char **out, size_t *out_len) {
    size_t needed = 0;
    *out = NULL;
    *out_len = 0;
    robots_status st = fn(in, len, NULL, 0, &needed);
    if (st != ROBOTS_ERR_BUFFER_TOO_SMALL)
        return st;
    if (needed > 0) {
        char *short_buf = malloc(needed);
        FZ_CHECK(short_buf != NULL);
        size_t n2 = 0;
        FZ_CHECK(fn(in, len, short_buf, needed, &n2) ==
                 ROBOTS_ERR_BUFFER_TOO_SMALL);
        FZ_CHECK(n2 == needed);
        free(short_buf);
    }
    char *buf = malloc(needed + 1);
    FZ_CHECK(buf != NULL);
    size_t n3 = 0;
    FZ_CHECK(fn(in, len, buf, needed + 1, &n3) == ROBOTS_OK);
    FZ_CHECK(n3 == needed && buf[needed] == '\0');
    *out = buf;
    *out_len = needed;
    return ROBOTS_OK;
}

static int is_location_error(robots_status st) {
    return st == ROBOTS_ERR_URL_TOO_LONG || st == ROBOTS_ERR_URL_NO_SCHEME ||
           st == ROBOTS_ERR_URL_NO_HOST || st == ROBOTS_ERR_URL_BAD_HOST ||
           st == ROBOTS_ERR_URL_BAD_PORT ||
           st == ROBOTS_ERR_URL_UNSUPPORTED_SCHEME ||
           st == ROBOTS_ERR_URL_INVALID;
}

static void check_parts(const robots_url_parts *p, size_t url_len) {
    FZ_CHECK(p->scheme_len > 0 && p->scheme_len <= ROBOTS_MAX_SCHEME_BYTES);
    FZ_CHECK(p->scheme[p->scheme_len] == '\0');
    FZ_CHECK(strlen(p->scheme) == p->scheme_len);
    FZ_CHECK(p->host_len > 0 && p->host_len <= ROBOTS_MAX_HOST_BYTES + 1);
    FZ_CHECK(p->host[p->host_len] == '\0');
    FZ_CHECK(strlen(p->host) == p->host_len);
    for (size_t i = 0; i < p->scheme_len; i++)
        FZ_CHECK(!(p->scheme[i] >= 'A' && p->scheme[i] <= 'Z'));
    for (size_t i = 0; i < p->host_len; i++) {
        FZ_CHECK(!(p->host[i] >= 'A' && p->host[i] <= 'Z'));
        FZ_CHECK((unsigned char)p->host[i] < 0x80);
    }
    fz_check_name(robots_host_kind_name(p->host_kind));
    FZ_CHECK(p->port <= 65535);
    FZ_CHECK(p->path_offset <= url_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    size_t url_len, rurl_len, host_len;
    char *url = fz_field(&in, &url_len);
    char *rurl = fz_field(&in, &rurl_len);
    char *host = fz_field(&in, &host_len);

    robots_url_parts parts;
    robots_status pst = robots_url_parse(url, url_len, &parts);
    if (pst == ROBOTS_OK)
        check_parts(&parts, url_len);
    else
        FZ_CHECK(is_location_error(pst));

    char *txt = NULL;
    size_t txt_len = 0;
    robots_status tst =
        write_exact(robots_url_to_robots_txt, url, url_len, &txt, &txt_len);
    FZ_CHECK(tst == pst);
    if (tst == ROBOTS_OK) {
        FZ_CHECK(txt_len <= ROBOTS_MAX_ROBOTS_URL_BYTES);
        robots_url_parts again;
        FZ_CHECK(robots_url_parse(txt, txt_len, &again) == ROBOTS_OK);
        FZ_CHECK(again.port == parts.port);
        FZ_CHECK(again.scheme_len == parts.scheme_len &&
                 memcmp(again.scheme, parts.scheme, parts.scheme_len) == 0);
        FZ_CHECK(again.host_len == parts.host_len &&
                 memcmp(again.host, parts.host, parts.host_len) == 0);
        char *txt2 = NULL;
        size_t txt2_len = 0;
        FZ_CHECK(write_exact(robots_url_to_robots_txt, txt, txt_len, &txt2,
                             &txt2_len) == ROBOTS_OK);
        FZ_CHECK(txt2_len == txt_len && memcmp(txt, txt2, txt_len) == 0);
        free(txt2);
        robots_scope sc;
        FZ_CHECK(robots_scope_check(txt, txt_len, url, url_len, &sc) ==
                 ROBOTS_OK);
        FZ_CHECK(sc.applies == 1 && sc.reason == ROBOTS_SCOPE_SAME_SITE);
    }
    free(txt);

    robots_scope sc;
    robots_status sst = robots_scope_check(rurl, rurl_len, url, url_len, &sc);
    robots_url_parts rparts;
    robots_status rst = robots_url_parse(rurl, rurl_len, &rparts);
    if (sst == ROBOTS_OK) {
        FZ_CHECK(rst == ROBOTS_OK && pst == ROBOTS_OK);
        fz_check_name(robots_scope_reason_name(sc.reason));
        FZ_CHECK(sc.applies == (sc.reason == ROBOTS_SCOPE_SAME_SITE));
    } else {
        FZ_CHECK(rst != ROBOTS_OK || pst != ROBOTS_OK);
        FZ_CHECK(sst == rst || sst == pst);
    }

    char *ascii = NULL;
    size_t ascii_len = 0;
    robots_status hst =
        write_exact(robots_host_to_ascii, host, host_len, &ascii, &ascii_len);
    if (hst == ROBOTS_OK) {
        FZ_CHECK(ascii_len <= ROBOTS_MAX_HOST_BYTES + 1);
        for (size_t i = 0; i < ascii_len; i++)
            FZ_CHECK((unsigned char)ascii[i] < 0x80 &&
                     !(ascii[i] >= 'A' && ascii[i] <= 'Z'));
        /* Idempotent: an ASCII host converts to itself. */
        char *again = NULL;
        size_t again_len = 0;
        FZ_CHECK(write_exact(robots_host_to_ascii, ascii, ascii_len, &again,
                             &again_len) == ROBOTS_OK);
        FZ_CHECK(again_len == ascii_len &&
                 memcmp(again, ascii, ascii_len) == 0);
        free(again);
    } else {
        FZ_CHECK(hst == ROBOTS_ERR_URL_BAD_HOST);
    }
    free(ascii);

    char *puny = NULL;
    size_t puny_len = 0;
    robots_status yst =
        write_exact(robots_punycode_encode, host, host_len, &puny, &puny_len);
    if (yst == ROBOTS_OK) {
        for (size_t i = 0; i < puny_len; i++)
            FZ_CHECK((unsigned char)puny[i] < 0x80);
    } else {
        FZ_CHECK(yst == ROBOTS_ERR_INVALID_ARGUMENT ||
                 yst == ROBOTS_ERR_TOO_LARGE);
    }
    free(puny);

    free(url);
    free(rurl);
    free(host);
    return 0;
}
