/* SPDX-License-Identifier: MIT */
/*
 * fetch_run.h - one robots.txt, fetched as a profile says (fetch_run.c):
 * what `robots fetch` and `robots check --fetch` share. The requests go
 * through http_get.c, the decisions come from the library, the answers
 * and failure history live in fetch_cache.c.
 */
#ifndef ROBOTS_CLI_FETCH_RUN_H
#define ROBOTS_CLI_FETCH_RUN_H

#include "fetch_cache.h"
#include "robots.h"
#include "robots_web.h"

#include <stdint.h>

/* The whole fetch, redirects included, ends within this many seconds by
 * default (--timeout). */
#define FETCH_DEFAULT_TIMEOUT_SECONDS 30
#define FETCH_MAX_TIMEOUT_SECONDS 3600
/* Hops listed: every request the policy allows (legacy's 20 redirects and
 * the first request). */
#define FETCH_MAX_HOPS (ROBOTS_MAX_REDIRECTS_LEGACY + 1)
/* Longest URL accepted on the command line and from a Location. */
#define FETCH_MAX_URL_BYTES ((size_t)8192)

typedef struct hop {
    char *url;
    int status;
    robots_network_error net;
} hop;

typedef struct fetch_run {
    robots_profile profile;
    const char *agent;
    const char *url;
    char robots_url[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    int json;
    const char *cache_dir;
    int64_t now;
    long timeout_ms;
    /* What happened. */
    hop hops[FETCH_MAX_HOPS];
    size_t hop_count;
    size_t requests;
    int from_cache;
    robots_fetch_decision decision;
    int have_decision;
    fetch_answer answer;
    robots_cache_info cache;
    const char *cache_why;
    int64_t unreachable_seconds;
    char error[256];
    fetch_entry entry;
} fetch_run;

/* Zeroes *r and sets the defaults: rfc9309, agent "*", the default
 * timeout, the clock unread (now -1). */
void fetch_run_init(fetch_run *r);

/* Fetches (or takes from the cache directory) the robots.txt that governs
 * r->url and parses the answer into *doc (the caller frees it): the body,
 * an empty file for allow-all, "Disallow: /" for disallow-all. r->profile,
 * agent, cache_dir, now, timeout_ms must be set; r->robots_url is filled.
 * Errors: the URL's (robots_url_to_robots_txt()),
 * ROBOTS_ERR_URL_UNSUPPORTED_SCHEME for a scheme other than http and https, or
 * the parser's. */
robots_status fetch_run_resolve(fetch_run *r, robots_txt **doc);

/* "parse", "allow-all", "disallow-all". */
const char *fetch_answer_name(fetch_answer a);

void fetch_run_free(fetch_run *r);

/* The options `robots fetch` and `robots check --fetch` share: --json,
 * --profile, --agent, --cache-dir, --now, --timeout. 1 when argv[*i] was
 * one (*i moved past its value), 0 when not, -1 after a message on a bad
 * value; `command` names the command in messages. */
int fetch_option(int argc, char **argv, int *i, fetch_run *r,
                 const char *command);

#endif
