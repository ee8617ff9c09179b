/* SPDX-License-Identifier: MIT */
/*
 * http_get.h - one HTTP GET through libcurl for `robots fetch`: no
 * redirect followed (the library's policy decides), one deadline, the
 * body read up to a cap, the final response's header section kept for the
 * library's cache lifetime. The library never touches the network; this
 * command does.
 */
#ifndef ROBOTS_CLI_HTTP_GET_H
#define ROBOTS_CLI_HTTP_GET_H

#include "robots_web.h"

#include <stddef.h>

/* Bytes of a response's header section kept and read: a larger one is
 * refused (read as a failed connection), as no robots.txt needs it. */
#define HTTP_MAX_HEADER_BYTES ((size_t)65536)

typedef struct http_response {
    int status;               /* 0 when no status line was read */
    robots_network_error net; /* ROBOTS_NET_NONE when the exchange worked */
    char *body;               /* malloc'd, body_len bytes */
    size_t body_len;
    int body_cut;  /* 1 when the body went on past the cap (not read) */
    char *headers; /* the header section, malloc'd, headers_len bytes */
    size_t headers_len;
    char *location;  /* the absolute redirect target, or NULL */
    char error[256]; /* libcurl's words for a failure, or "" */
} http_response;

/* 1 when this run can fetch: built with libcurl's headers, and the
 * library loaded (the first call loads it); 0 otherwise. */
int http_available(void);

/* Why http_available() says 0, in words for an error message ("" when it
 * says 1). */
const char *http_unavailable_why(void);

/* GETs `url` with `user_agent` within `timeout_ms`, reading at most
 * `body_cap` bytes of body, over http or https only. Fills *out (free with
 * http_response_free()); returns 0 only when out of memory or libcurl
 * cannot be loaded or cannot start. */
int http_get(const char *url, const char *user_agent, long timeout_ms,
             size_t body_cap, http_response *out);

void http_response_free(http_response *r);

#endif
