/* SPDX-License-Identifier: MIT */
/*
 * fuzz_common.h - what every harness shares: exact-size heap copies (so
 * AddressSanitizer catches a read one byte past an input), carving fields
 * out of the fuzzer's bytes, and a check that aborts with a message.
 *
 * Input layout of the harnesses that need several inputs: fields separated
 * by the byte 0x01 (FZ_SEP), e.g. "body\x01url\x01agent". A missing field
 * is empty. 0x01 is a control byte like any other to the library (0x02
 * takes its place in every code path), so giving it up costs no coverage.
 */
#ifndef ROBOTS_FUZZ_COMMON_H
#define ROBOTS_FUZZ_COMMON_H

#include "robots.h"
#include "robots_web.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_SEP 0x01

/* libFuzzer names it. */
int LLVMFuzzerTestOneInput(/* NOLINT(readability-identifier-naming) */
                           const uint8_t *data, size_t size);

/* Aborts (a finding) when cond is false: libFuzzer and AFL++ save the input,
 * the replay driver fails the ctest test. */
#define FZ_CHECK(cond)                                                         \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "%s:%d: invariant failed: %s\n", __FILE__,         \
                    __LINE__, #cond);                                          \
            abort();                                                           \
        }                                                                      \
    } while (0)

static const robots_profile fz_profiles[3] = {
    ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};

/* A heap copy of exactly len bytes (NULL for 0 bytes: the API accepts NULL
 * with length 0, and a zero-size block would hide nothing). */
static inline char *fz_dup(const void *data, size_t len) {
    if (len == 0)
        return NULL;
    char *p = malloc(len);
    if (p == NULL)
        abort();
    memcpy(p, data, len);
    return p;
}

/* A cursor over the fuzzer's bytes. */
typedef struct fz_input {
    const uint8_t *data;
    size_t len;
} fz_input;

/* The next byte (0 when the input is used up). */
static inline unsigned fz_byte(fz_input *in) {
    if (in->len == 0)
        return 0;
    unsigned b = in->data[0];
    in->data++;
    in->len--;
    return b;
}

/* The next field up to FZ_SEP (or the end), as an exact-size heap copy
 * that the caller frees. */
static inline char *fz_field(fz_input *in, size_t *len) {
    const uint8_t *sep = in->len ? memchr(in->data, FZ_SEP, in->len) : NULL;
    size_t n = sep ? (size_t)(sep - in->data) : in->len;
    char *out = fz_dup(in->data, n);
    *len = n;
    in->data += n;
    in->len -= n;
    if (sep) {
        in->data++;
        in->len--;
    }
    return out;
}

/* The most agents a query input can carry: two past what robots_check takes,
 * so that its limit is fuzzed too. */
#define FZ_QUERY_MAX_AGENTS (ROBOTS_MAX_QUERY_AGENTS + 2)

/* The input layout "FLAGS body, url, agent..." of the harnesses that check
 * a URL: a flags byte, then fields split by FZ_SEP. */
typedef struct fz_query {
    unsigned flags;
    char *body;
    size_t body_len;
    char *url;
    size_t url_len;
    robots_str agents[FZ_QUERY_MAX_AGENTS];
    char *agent_mem[FZ_QUERY_MAX_AGENTS]; /* what agents[] points into */
    size_t n;                             /* agents */
} fz_query;

/* Carves q out of the fuzzer's bytes: at most max_agents (<=
 * FZ_QUERY_MAX_AGENTS) agents, the rest of the input ignored; no agent at
 * all means "*". Every text is an exact-size heap copy: fz_query_free. */
static inline void fz_query_carve(fz_query *q, const uint8_t *data, size_t size,
                                  size_t max_agents) {
    fz_input in = {data, size};
    q->flags = fz_byte(&in);
    q->body = fz_field(&in, &q->body_len);
    q->url = fz_field(&in, &q->url_len);
    q->n = 0;
    while (in.len > 0 && q->n < max_agents) {
        q->agent_mem[q->n] = fz_field(&in, &q->agents[q->n].len);
        q->agents[q->n].ptr = q->agent_mem[q->n];
        q->n++;
    }
    if (q->n == 0) {
        q->agent_mem[0] = fz_dup("*", 1);
        q->agents[0].ptr = q->agent_mem[0];
        q->agents[0].len = 1;
        q->n = 1;
    }
}

static inline void fz_query_free(fz_query *q) {
    for (size_t i = 0; i < q->n; i++)
        free(q->agent_mem[i]);
    free(q->body);
    free(q->url);
}

/* A string the library handed out: readable to len, NUL right after, and
 * (as robots.h promises) no NUL inside. */
static inline void fz_check_str(const char *s, size_t len) {
    FZ_CHECK(s != NULL);
    FZ_CHECK(memchr(s, '\0', len) == NULL);
    FZ_CHECK(s[len] == '\0');
}

/* A static name: non-NULL and a C string. */
static inline void fz_check_name(const char *s) {
    FZ_CHECK(s != NULL);
    FZ_CHECK(strlen(s) > 0);
}

#endif
