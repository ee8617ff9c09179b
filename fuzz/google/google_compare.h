/* SPDX-License-Identifier: MIT */
/*
 * google_compare.h - one (robots.txt, user-agent, URL) triple through the
 * `google` profile and through google/robotstxt (google_oracle.h), for the
 * libFuzzer target and the batch generator. librobots answers four ways,
 * each compared with Google: the first robots_check() (which compiles the
 * index), a second one (the compiled index, the memo of the name), a
 * robots_query, and rb_check_reference(), the scan of every rule.
 */
#ifndef ROBOTS_GOOGLE_COMPARE_H
#define ROBOTS_GOOGLE_COMPARE_H

#include "check.h"
#include "document.h"
#include "google_oracle.h"
#include "robots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum gc_outcome {
    GC_AGREE,
    GC_DISAGREE,
    /* past a limit robots.h names (ROBOTS_MAX_AGENT_BYTES,
     * ROBOTS_MAX_URL_BYTES): librobots refuses, by design */
    GC_OUT_OF_LIMITS
} gc_outcome;

typedef struct gc_result {
    gc_outcome outcome;
    int google;       /* google/robotstxt: 1 allowed */
    int ours[4];      /* first check, second check, query, reference */
    const char *what; /* on GC_DISAGREE: which of them, or what failed */
} gc_result;

/* parse_limit as robots_options.parse_limit (0: the whole body). */
static inline gc_result gc_compare(const char *body, size_t body_len,
                                   const char *agent, size_t agent_len,
                                   const char *url, size_t url_len,
                                   size_t parse_limit) {
    gc_result r;
    memset(&r, 0, sizeof r);
    r.outcome = GC_AGREE;
    r.google =
        google_oracle_allowed(body, body_len, agent, agent_len, url, url_len);

    robots_options opt;
    robots_options_init(&opt);
    opt.profile = ROBOTS_PROFILE_GOOGLE;
    opt.parse_limit = parse_limit;
    robots_txt *doc = NULL;
    robots_status st = robots_parse(body, body_len, &opt, &doc);
    if (st != ROBOTS_OK) {
        r.outcome = GC_DISAGREE;
        r.what = "robots_parse failed";
        return r;
    }
    robots_str agents[1] = {{agent, agent_len}};
    static const char *const names[4] = {
        "first robots_check", "second robots_check", "robots_query_check",
        "rb_check_reference"};
    for (int way = 0; way < 4; way++) {
        robots_verdict v;
        memset(&v, 0, sizeof v);
        if (way < 2) {
            st = robots_check(doc, agents, 1, url, url_len, &v);
        } else if (way == 2) {
            robots_query *q = NULL;
            st = robots_query_new(doc, agents, 1, &q);
            if (st == ROBOTS_OK) {
                st = robots_query_check(q, url, url_len, &v);
                robots_query_free(q);
            }
        } else {
            st = rb_check_reference(doc, agents, 1, url, url_len, &v);
        }
        if (st == ROBOTS_ERR_AGENT_TOO_LONG || st == ROBOTS_ERR_URL_TOO_LONG) {
            r.outcome = GC_OUT_OF_LIMITS;
            break;
        }
        if (st != ROBOTS_OK) {
            r.outcome = GC_DISAGREE;
            r.what = robots_status_name(st);
            break;
        }
        r.ours[way] = v.allowed != 0;
        if (r.ours[way] != r.google && r.outcome == GC_AGREE) {
            r.outcome = GC_DISAGREE;
            r.what = names[way];
        }
    }
    robots_free(doc);
    return r;
}

/* The triple as the harnesses read it (fuzz/README.md): a flags byte, then
 * body, URL and agent split by 0x01. Written to `path` (a disagreement's
 * regression input); 0 on failure. */
static inline int gc_write_input(const char *path, unsigned flags,
                                 const char *body, size_t body_len,
                                 const char *url, size_t url_len,
                                 const char *agent, size_t agent_len) {
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return 0;
    unsigned char sep = 0x01, fl = (unsigned char)flags;
    int ok =
        fwrite(&fl, 1, 1, f) == 1 && fwrite(body, 1, body_len, f) == body_len &&
        fwrite(&sep, 1, 1, f) == 1 && fwrite(url, 1, url_len, f) == url_len &&
        fwrite(&sep, 1, 1, f) == 1 &&
        fwrite(agent, 1, agent_len, f) == agent_len;
    return fclose(f) == 0 && ok;
}

#endif
