/* SPDX-License-Identifier: MIT */
/*
 * cost_gen.h - the cost fuzzer's inputs: a seeded generator (the same seed
 * gives the same inputs on every machine) of hostile robots.txt bodies,
 * URLs, agent names, HTML pages and headers, sized up to the library's
 * limits. Each body is one shape (cost_gen.c lists them) with random
 * parameters: the shapes are the worst cases found so far (issue 7's
 * star segments, issue 29's `disallow: /` + `*N$*` and legacy `user-agent:q`
 * files, bench/gen_adversarial.py's cases) and their neighbours.
 */
#ifndef ROBOTS_COST_GEN_H
#define ROBOTS_COST_GEN_H

#include "robots.h"

#include <stddef.h>
#include <stdint.h>

/* A splitmix64 generator: the whole state is one word. */
typedef struct cost_rng {
    uint64_t state;
} cost_rng;

void cost_rng_seed(cost_rng *rng, uint64_t seed, uint64_t stream);
uint64_t cost_rng_next(cost_rng *rng);
/* Uniform in [0, n) (0 when n is 0). */
size_t cost_rng_below(cost_rng *rng, size_t n);
/* 1 with probability 1 / n. */
int cost_rng_one_in(cost_rng *rng, size_t n);

/* A growable byte string; aborts when memory runs out (a harness). */
typedef struct cost_buf {
    char *data;
    size_t len;
    size_t cap;
} cost_buf;

void cost_buf_add(cost_buf *b, const void *data, size_t len);
void cost_buf_str(cost_buf *b, const char *s);
void cost_buf_fill(cost_buf *b, char c, size_t n);
void cost_buf_free(cost_buf *b);

/* The most agents cost_case holds. */
#define COST_MAX_AGENTS ROBOTS_MAX_QUERY_AGENTS

/* A robots.txt case: the body, the caller's agents and three URLs. */
typedef struct cost_case {
    const char *shape; /* the shape's name, for the report */
    robots_profile profile;
    size_t parse_limit;
    cost_buf body;
    cost_buf agent_mem[COST_MAX_AGENTS];
    robots_str agents[COST_MAX_AGENTS];
    size_t agent_count;
    cost_buf urls[3];
} cost_case;

/* Fills *c (zeroed first) for iteration `i`: the first iterations are the
 * named worst cases, in order, each in the three profiles
 * (cost_gen_named_cases() of them); the rest
 * random shapes. */
void cost_gen_case(cost_rng *rng, size_t i, cost_case *c);
size_t cost_gen_named_cases(void);
void cost_case_free(cost_case *c);

/* A pair of files for `robots diff` (old, new) and the profile, for
 * iteration i; the first ones are issue 29's pairs. */
void cost_gen_diff(cost_rng *rng, size_t i, cost_buf *old_body,
                   cost_buf *new_body, robots_profile *profile,
                   const char **shape);

/* An HTML page for robots_meta_scan_html(), up to past its scan limit. */
void cost_gen_html(cost_rng *rng, cost_buf *html, const char **shape);
/* An X-Robots-Tag value. */
void cost_gen_header(cost_rng *rng, cost_buf *value);
/* A URL, up to ROBOTS_MAX_URL_BYTES and a little past it. */
void cost_gen_url(cost_rng *rng, cost_buf *url, const char **shape);
/* A header value or block for the cache lifetime. */
void cost_gen_cache_value(cost_rng *rng, cost_buf *value);

#endif /* ROBOTS_COST_GEN_H */
