/* SPDX-License-Identifier: MIT */
/*
 * http_get.c - one HTTP GET through libcurl (http_get.h). Built with
 * ROBOTS_HAVE_CURL; without it http_available() says 0 and `robots fetch`
 * says how to get libcurl. Redirects are not followed here: each hop goes
 * back to robots_fetch_policy(). libcurl's error is mapped onto the
 * library's network errors.
 */
#include "http_get.h"

#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_HAVE_CURL
#include <curl/curl.h>

typedef struct sink {
    http_response *r;
    size_t body_cap;
    size_t body_alloc;
    int header_overflow;
    int header_ended; /* the empty line that ends a header section seen */
} sink;

static size_t on_body(char *data, size_t size, size_t n, void *user) {
    sink *s = user;
    size_t len = size * n;
    size_t room = s->body_cap - s->r->body_len;
    size_t take = len < room ? len : room;
    if (take > 0) {
        if (s->r->body_len + take > s->body_alloc) {
            size_t want = s->body_alloc ? s->body_alloc * 2 : 16384;
            while (want < s->r->body_len + take)
                want *= 2;
            if (want > s->body_cap)
                want = s->body_cap;
            char *grown = realloc(s->r->body, want);
            if (grown == NULL)
                return 0;
            s->r->body = grown;
            s->body_alloc = want;
        }
        memcpy(s->r->body + s->r->body_len, data, take);
        s->r->body_len += take;
    }
    if (take < len) {
        /* The cap: stop reading. The rest is not an error, only unread. */
        s->r->body_cut = 1;
        return 0;
    }
    return len;
}

static size_t on_header(char *data, size_t size, size_t n, void *user) {
    sink *s = user;
    size_t len = size * n;
    http_response *r = s->r;
    if (len >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        r->headers_len = 0; /* a new response (after a 1xx) */
        s->header_ended = 0;
    }
    if ((len == 2 && data[0] == '\r' && data[1] == '\n') ||
        (len == 1 && data[0] == '\n'))
        s->header_ended = 1;
    if (len > HTTP_MAX_HEADER_BYTES - r->headers_len) {
        s->header_overflow = 1;
        return 0;
    }
    memcpy(r->headers + r->headers_len, data, len);
    r->headers_len += len;
    return len;
}

static robots_network_error network_error(CURLcode code) {
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return ROBOTS_NET_DNS;
    case CURLE_OPERATION_TIMEDOUT:
        return ROBOTS_NET_TIMEOUT;
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
        return ROBOTS_NET_TLS;
    case CURLE_PARTIAL_FILE:
    case CURLE_BAD_CONTENT_ENCODING:
        return ROBOTS_NET_TRUNCATED;
    default:
        /* Refused, reset, nothing or garbage received: the connection
         * failed. */
        return ROBOTS_NET_CONNECT;
    }
}

int http_available(void) {
    return 1;
}

int http_get(const char *url, const char *user_agent, long timeout_ms,
             size_t body_cap, http_response *out) {
    static int initialised;
    sink s;
    CURL *curl;
    CURLcode code;
    long status = 0;
    char *location = NULL;
    memset(out, 0, sizeof *out);
    if (!initialised) {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            return 0;
        initialised = 1;
    }
    out->headers = malloc(HTTP_MAX_HEADER_BYTES);
    curl = curl_easy_init();
    if (out->headers == NULL || curl == NULL) {
        curl_easy_cleanup(curl);
        http_response_free(out);
        return 0;
    }
    memset(&s, 0, sizeof s);
    s.r = out;
    s.body_cap = body_cap;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, user_agent);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
#if LIBCURL_VERSION_NUM >= 0x075500
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
#else
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS,
                     (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &s);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, out->error);
    code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 100 && status <= 999 && !s.header_overflow)
        out->status = (int)status;
    if (code == CURLE_WRITE_ERROR && out->body_cut)
        code = CURLE_OK; /* stopped at the cap on purpose */
    if (code != CURLE_OK) {
        if (out->error[0] == '\0')
            strncpy(out->error, curl_easy_strerror(code),
                    sizeof out->error - 1);
        if (s.header_overflow)
            strncpy(out->error, "header section over 64 KiB",
                    sizeof out->error - 1);
        /* A status and then a failure in the body: only a 2xx body is
         * used, so only there does the failure count. */
        if (out->status == 0 || (out->status >= 200 && out->status <= 299) ||
            code == CURLE_OPERATION_TIMEDOUT)
            out->net =
                s.header_overflow ? ROBOTS_NET_CONNECT : network_error(code);
    }
    if (out->net == ROBOTS_NET_NONE && (out->status == 0 || !s.header_ended)) {
        /* No status, or a header section the connection cut before its
         * end: nothing was answered (not an empty 200). */
        out->net = ROBOTS_NET_CONNECT;
        if (out->error[0] == '\0')
            strncpy(out->error,
                    "the connection closed inside the header "
                    "section",
                    sizeof out->error - 1);
    }
    if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK &&
        location != NULL) {
        size_t n = strlen(location);
        out->location = malloc(n + 1);
        if (out->location != NULL)
            memcpy(out->location, location, n + 1);
    }
    curl_easy_cleanup(curl);
    return 1;
}

#else /* no libcurl */

int http_available(void) {
    return 0;
}

int http_get(const char *url, const char *user_agent, long timeout_ms,
             size_t body_cap, http_response *out) {
    (void)url;
    (void)user_agent;
    (void)timeout_ms;
    (void)body_cap;
    memset(out, 0, sizeof *out);
    return 0;
}

#endif

void http_response_free(http_response *r) {
    free(r->body);
    free(r->headers);
    free(r->location);
    r->body = NULL;
    r->headers = NULL;
    r->location = NULL;
}
