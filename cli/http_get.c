/* SPDX-License-Identifier: MIT */
/*
 * http_get.c - one HTTP GET through libcurl (http_get.h). Built with
 * ROBOTS_HAVE_CURL (libcurl's headers); without it http_available() says 0
 * and `robots fetch` says how to get libcurl. Redirects are not followed
 * here: each hop goes back to robots_fetch_policy(). libcurl's error is
 * mapped onto the library's network errors.
 *
 * libcurl is loaded (dlopen) by the first fetch, not linked: linked, its
 * thirty-odd libraries are loaded and relocated by every run of the
 * command, fetching or not, which made a `robots check` of a local file
 * take about 7 ms rather than 1.
 */
#include "http_get.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ROBOTS_HAVE_CURL
/* The library loaded may be older than these headers: CURLOPT_PROTOCOLS,
 * deprecated since 7.85 for CURLOPT_PROTOCOLS_STR, is kept for it. */
#define CURL_DISABLE_DEPRECATION
#include <curl/curl.h>
#include <dlfcn.h>

/* The libcurl functions the fetch calls, found in the loaded library. */
typedef struct curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *curl);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
} curl_api;

/* The command is one thread, and this is its one copy of libcurl's
 * functions: loaded, looked up and initialised once. */
static curl_api curl;
static int curl_state; /* 0 not tried, 1 ready, -1 failed */
static char curl_why[256];

/* The library's file names, the ABI's (libcurl.so.4 since 2006) first. */
static const char *const curl_files[] = {"libcurl.so.4", "libcurl.so",
                                         "libcurl.4.dylib", "libcurl.dylib"};

/* A symbol of `lib` into the function pointer at `slot` (of `size` bytes):
 * through memcpy, as ISO C has no conversion from void * to a function
 * pointer, and POSIX promises dlsym's result has the function's bytes. */
static int find_function(void *lib, const char *name, void *slot, size_t size) {
    void *found = dlsym(lib, name);
    if (found == NULL || size != sizeof found) {
        snprintf(curl_why, sizeof curl_why,
                 "libcurl has no function %s: is it libcurl 7 or later?", name);
        return 0;
    }
    memcpy(slot, &found, size);
    return 1;
}

#define FIND(field, name)                                                      \
    find_function(lib, name, &curl.field, sizeof curl.field)

static int load_curl(void) {
    void *lib = NULL;
    /* dlerror()'s words for the first name, copied at once: the next
     * failed dlopen() frees the buffer they are in. */
    char first_error[160] = "no libcurl.so.4";
    if (curl_state != 0)
        return curl_state > 0;
    curl_state = -1;
    for (size_t i = 0;
         lib == NULL && i < sizeof curl_files / sizeof *curl_files; i++) {
        lib = dlopen(curl_files[i], RTLD_NOW | RTLD_LOCAL);
        const char *error = lib == NULL ? dlerror() : NULL;
        if (i == 0 && error != NULL)
            snprintf(first_error, sizeof first_error, "%s", error);
    }
    if (lib == NULL) {
        snprintf(curl_why, sizeof curl_why,
                 "libcurl could not be loaded (%s); install it (Debian: "
                 "apt-get install libcurl4)",
                 first_error);
        return 0;
    }
    if (!FIND(global_init, "curl_global_init") ||
        !FIND(easy_init, "curl_easy_init") ||
        !FIND(easy_cleanup, "curl_easy_cleanup") ||
        !FIND(easy_setopt, "curl_easy_setopt") ||
        !FIND(easy_perform, "curl_easy_perform") ||
        !FIND(easy_getinfo, "curl_easy_getinfo") ||
        !FIND(easy_strerror, "curl_easy_strerror"))
        return 0;
    if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(curl_why, sizeof curl_why, "libcurl did not start");
        return 0;
    }
    curl_state = 1;
    return 1;
}

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
    return load_curl();
}

const char *http_unavailable_why(void) {
    return load_curl() ? "" : curl_why;
}

/* Only http and https, whatever the URL or a redirect says: the names'
 * option where the headers and the loaded libcurl know it (7.85 on; an
 * older library refuses it), the bits' otherwise. (The option is an enum
 * constant, so the headers' version says whether it is there.) */
static int only_http(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") ==
        CURLE_OK)
        return 1;
#endif
    return curl.easy_setopt(handle, CURLOPT_PROTOCOLS,
                            (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS)) ==
           CURLE_OK;
}

int http_get(const char *url, const char *user_agent, long timeout_ms,
             size_t body_cap, http_response *out) {
    sink s;
    CURL *handle;
    CURLcode code;
    long status = 0;
    char *location = NULL;
    memset(out, 0, sizeof *out);
    if (!load_curl())
        return 0;
    out->headers = malloc(HTTP_MAX_HEADER_BYTES);
    handle = curl.easy_init();
    if (out->headers == NULL || handle == NULL || !only_http(handle)) {
        curl.easy_cleanup(handle);
        http_response_free(out);
        return 0;
    }
    memset(&s, 0, sizeof s);
    s.r = out;
    s.body_cap = body_cap;
    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &s);
    curl.easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
    curl.easy_setopt(handle, CURLOPT_HEADERDATA, &s);
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, out->error);
    code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 100 && status <= 999 && !s.header_overflow)
        out->status = (int)status;
    if (code == CURLE_WRITE_ERROR && out->body_cut)
        code = CURLE_OK; /* stopped at the cap on purpose */
    if (code != CURLE_OK) {
        if (out->error[0] == '\0')
            strncpy(out->error, curl.easy_strerror(code),
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
    if (curl.easy_getinfo(handle, CURLINFO_REDIRECT_URL, &location) ==
            CURLE_OK &&
        location != NULL) {
        size_t n = strlen(location);
        out->location = malloc(n + 1);
        if (out->location != NULL)
            memcpy(out->location, location, n + 1);
    }
    curl.easy_cleanup(handle);
    return 1;
}

#else /* no libcurl */

int http_available(void) {
    return 0;
}

const char *http_unavailable_why(void) {
    return "this robots was built without libcurl; install its headers "
           "(Debian: apt-get install libcurl4-openssl-dev) and build again";
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
