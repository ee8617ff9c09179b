/* SPDX-License-Identifier: MIT */
/*
 * url_parts.c - the parts of the one URL reader that no check's path
 * takes (url_parts.h says what the reader owns): an ambiguous
 * authority's tail, the query, and an authority's userinfo, host and
 * port.
 */
#include "url_parts.h"

#include <string.h>

/* Every '\\' and every '@' but the first makes the authority ambiguous. */
size_t rb_url_ambiguous_tail(const char *url, size_t len, size_t pos,
                             int *ambiguous) {
    int at = 0;
    while (pos < len && (url[pos] == '\\' || url[pos] == '@')) {
        if (url[pos] == '\\' || at++)
            *ambiguous = 1;
        pos = rb_url_authority_stop(url, len, pos + 1);
    }
    return pos;
}

size_t rb_url_query(const char *url, const rb_url_parts *parts) {
    size_t n = parts->fragment - parts->path;
    const char *q = n != 0 ? memchr(url + parts->path, '?', n) : NULL;
    return q != NULL ? (size_t)(q - url) : parts->fragment;
}

/* The host and port of an authority whose host is an IP-literal. */
static void split_literal(const char *url, size_t end,
                          rb_authority_parts *out) {
    size_t close = out->host;
    while (close < end && url[close] != ']')
        close++;
    if (close == end) {
        out->bad_literal = 1;
        out->host_end = end;
        return;
    }
    out->host_end = close + 1;
    if (out->host_end < end) {
        if (url[out->host_end] == ':') {
            out->has_port = 1;
            out->port = out->host_end + 1;
        } else {
            out->bad_literal = 1;
        }
    }
}

void rb_authority_split(const char *url, size_t begin, size_t end,
                        rb_authority_parts *out) {
    out->has_userinfo = 0;
    out->host = begin;
    out->has_port = 0;
    out->port = end;
    out->bad_literal = 0;
    for (size_t k = begin; k < end; k++) {
        if (url[k] == '@') {
            out->host = k + 1;
            out->has_userinfo = 1;
        }
    }
    if (out->host < end && url[out->host] == '[') {
        split_literal(url, end, out);
        return;
    }
    out->host_end = end;
    for (size_t k = out->host; k < end; k++) {
        if (url[k] == ':') {
            out->host_end = k;
            out->has_port = 1;
            out->port = k + 1;
            return;
        }
    }
}
