/* SPDX-License-Identifier: MIT */
/*
 * fetch_run.c - one robots.txt fetched as the profile says (fetch_run.h):
 * a request per hop while robots_fetch_policy() says follow, one deadline
 * for the chain, the answer's cache lifetime from the library, the cache
 * entry and failure history kept, and the answer parsed.
 */
#define _POSIX_C_SOURCE 200809L
#include "fetch_run.h"
#include "cli.h"
#include "http_get.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static char *copy_text(const char *s) {
    size_t n = strlen(s);
    char *c = malloc(n + 1);
    if (c != NULL)
        memcpy(c, s, n + 1);
    return c;
}

/* A Location the command can follow: a URL the library reads, http or
 * https (the schemes libcurl is allowed here). */
static int followable(const char *location) {
    robots_url_parts parts;
    if (location == NULL || strlen(location) > FETCH_MAX_URL_BYTES)
        return 0;
    if (robots_url_parse(location, strlen(location), &parts) != ROBOTS_OK)
        return 0;
    return strcmp(parts.scheme, "http") == 0 ||
           strcmp(parts.scheme, "https") == 0;
}

static void set_failure_lifetime(fetch_run *r, const char *why) {
    memset(&r->cache, 0, sizeof r->cache);
    r->cache.seconds = 0;
    r->cache.source = ROBOTS_CACHE_FROM_DEFAULT;
    r->cache_why = why;
}

/* The requests: one per hop, as long as the policy says follow. Returns
 * the last response (the caller frees it). */
static void fetch_chain(fetch_run *r, http_response *last) {
    char user_agent[512];
    char *url = copy_text(r->robots_url);
    double deadline = monotonic_ms() + (double)r->timeout_ms;
    unsigned redirects = 0;
    if (strcmp(r->agent, "*") == 0)
        snprintf(user_agent, sizeof user_agent, "librobots-fetch/%s",
                 robots_version());
    else
        snprintf(user_agent, sizeof user_agent,
                 "%s (robots fetch; librobots %s)", r->agent, robots_version());
    memset(last, 0, sizeof *last);
    while (url != NULL && r->hop_count < FETCH_MAX_HOPS) {
        robots_fetch_outcome in;
        double left = deadline - monotonic_ms();
        http_response_free(last);
        memset(last, 0, sizeof *last);
        if (left < 1.0) {
            last->net = ROBOTS_NET_TIMEOUT;
            snprintf(last->error, sizeof last->error,
                     "the --timeout deadline passed");
        } else {
            r->requests++;
            if (!http_get(url, user_agent, (long)left,
                          ROBOTS_DEFAULT_PARSE_LIMIT +
                              ROBOTS_PARSE_LOOKAHEAD_BYTES,
                          last)) {
                last->net = ROBOTS_NET_CONNECT;
                snprintf(last->error, sizeof last->error,
                         "out of memory, or libcurl could not start");
            }
        }
        r->hops[r->hop_count].url = url;
        r->hops[r->hop_count].status = last->status;
        r->hops[r->hop_count].net = last->net;
        r->hop_count++;
        url = NULL;
        memset(&in, 0, sizeof in);
        in.network_error = last->net;
        in.status = last->net == ROBOTS_NET_NONE ? last->status : 0;
        in.redirects = redirects;
        in.unreachable_seconds = r->unreachable_seconds;
        in.has_cached_copy = r->entry.answer != FETCH_ANSWER_NONE;
        in.no_location = !followable(last->location);
        if (robots_fetch_policy(&in, r->profile, &r->decision) != ROBOTS_OK) {
            /* A status the library refuses (none can reach here: libcurl
             * gives 100-999): as the connection failing. */
            in.network_error = ROBOTS_NET_CONNECT;
            robots_fetch_policy(&in, r->profile, &r->decision);
        }
        r->have_decision = 1;
        if (last->error[0] != '\0')
            snprintf(r->error, sizeof r->error, "%s", last->error);
        if (r->decision.action == ROBOTS_FETCH_FOLLOW_REDIRECT) {
            url = copy_text(last->location);
            redirects++;
        }
    }
    free(url);
}

/* Turns the final decision into the answer, its lifetime and the new cache
 * entry. */
static void settle(fetch_run *r, const http_response *last) {
    fetch_entry *e = &r->entry;
    int store = 0;
    switch (r->decision.action) {
    case ROBOTS_FETCH_PARSE_BODY:
    case ROBOTS_FETCH_ALLOW_ALL:
    case ROBOTS_FETCH_DISALLOW_ALL:
        if (r->decision.long_unreachable) {
            /* Unreachable for over 30 days and no copy: allow all, but
             * keep counting; nothing was received to cache. */
            r->answer = FETCH_ANSWER_ALLOW_ALL;
            set_failure_lifetime(r, "unreachable: fetch again");
            store = 1;
            break;
        }
        r->answer = r->decision.action == ROBOTS_FETCH_PARSE_BODY
                        ? FETCH_ANSWER_PARSE
                    : r->decision.action == ROBOTS_FETCH_ALLOW_ALL
                        ? FETCH_ANSWER_ALLOW_ALL
                        : FETCH_ANSWER_DISALLOW_ALL;
        robots_cache_lifetime_from_block(r->profile, last->headers,
                                         last->headers_len, &r->cache);
        r->cache_why = "the response's headers and the profile";
        fetch_entry_free(e);
        e->answer = r->answer;
        e->fetched = r->now;
        e->lifetime = r->cache.seconds;
        snprintf(e->source, sizeof e->source, "%s",
                 robots_cache_source_name(r->cache.source));
        e->unreachable_since = 0;
        if (r->answer == FETCH_ANSWER_PARSE && last->body_len > 0) {
            e->body = malloc(last->body_len);
            if (e->body != NULL) {
                memcpy(e->body, last->body, last->body_len);
                e->body_len = last->body_len;
            }
        }
        e->body_cut = last->body_cut;
        store = 1;
        break;
    case ROBOTS_FETCH_USE_CACHED:
        r->answer = e->answer;
        r->from_cache = 1;
        set_failure_lifetime(r, "the cached copy, while the file cannot be "
                                "fetched: fetch again");
        store = r->decision.basis != ROBOTS_BASIS_NOT_MODIFIED;
        break;
    default:
        /* disallow-all-retry, defer: nothing may be fetched now. */
        r->answer = FETCH_ANSWER_DISALLOW_ALL;
        set_failure_lifetime(r, "unreachable: fetch again");
        store = 1;
        break;
    }
    if (r->decision.basis == ROBOTS_BASIS_SERVER_ERROR ||
        r->decision.basis == ROBOTS_BASIS_NETWORK_ERROR ||
        r->decision.basis == ROBOTS_BASIS_RATE_LIMITED ||
        r->decision.basis == ROBOTS_BASIS_OTHER_STATUS ||
        (r->decision.basis == ROBOTS_BASIS_NOT_MODIFIED &&
         r->decision.action != ROBOTS_FETCH_USE_CACHED)) {
        if (e->unreachable_since == 0 || e->unreachable_since > r->now)
            e->unreachable_since = r->now;
    }
    if (store && r->cache_dir != NULL)
        fetch_cache_store(r->cache_dir, r->robots_url, e);
}

const char *fetch_answer_name(fetch_answer a) {
    switch (a) {
    case FETCH_ANSWER_PARSE:
        return "parse";
    case FETCH_ANSWER_ALLOW_ALL:
        return "allow-all";
    default:
        return "disallow-all";
    }
}

/* The document the answer stands for: the body fetched or cached, an
 * empty file for allow-all, "Disallow: /" for everyone for disallow-all
 * (the library reads them; no verdict is made up here). */
static robots_status answer_document(const fetch_run *r, robots_txt **doc) {
    static const char disallow_all[] = "User-agent: *\nDisallow: /\n";
    robots_options options;
    robots_options_init(&options);
    options.profile = r->profile;
    if (r->answer == FETCH_ANSWER_DISALLOW_ALL)
        return robots_parse(disallow_all, sizeof disallow_all - 1, &options,
                            doc);
    if (r->answer == FETCH_ANSWER_ALLOW_ALL || r->entry.body_len == 0)
        return robots_parse("", 0, &options, doc);
    return robots_parse_prefix(r->entry.body, r->entry.body_len,
                               r->entry.body_cut ? ROBOTS_NOT_COUNTED : 0,
                               &options, doc);
}

void fetch_run_init(fetch_run *r) {
    memset(r, 0, sizeof *r);
    r->profile = ROBOTS_PROFILE_RFC9309;
    r->agent = "*";
    r->now = -1;
    r->timeout_ms = FETCH_DEFAULT_TIMEOUT_SECONDS * 1000L;
}

void fetch_run_free(fetch_run *r) {
    for (size_t i = 0; i < r->hop_count; i++)
        free(r->hops[i].url);
    r->hop_count = 0;
    fetch_entry_free(&r->entry);
}

robots_status fetch_run_resolve(fetch_run *r, robots_txt **doc) {
    size_t needed = 0;
    robots_status st = robots_url_to_robots_txt(
        r->url, strlen(r->url), r->robots_url, sizeof r->robots_url, &needed);
    if (st != ROBOTS_OK)
        return st;
    if (strncmp(r->robots_url, "http://", 7) != 0 &&
        strncmp(r->robots_url, "https://", 8) != 0)
        return ROBOTS_ERR_URL_UNSUPPORTED_SCHEME;
    if (r->now < 0)
        r->now = (int64_t)time(NULL);
    if (r->cache_dir != NULL)
        fetch_cache_load(r->cache_dir, r->robots_url,
                         ROBOTS_DEFAULT_PARSE_LIMIT +
                             ROBOTS_PARSE_LOOKAHEAD_BYTES,
                         &r->entry);
    if (r->entry.unreachable_since > 0 && r->now > r->entry.unreachable_since)
        r->unreachable_seconds = r->now - r->entry.unreachable_since;
    if (r->entry.answer != FETCH_ANSWER_NONE &&
        r->entry.unreachable_since == 0 && r->now >= r->entry.fetched &&
        r->now - r->entry.fetched < r->entry.lifetime) {
        /* Fresh: no request. */
        r->from_cache = 1;
        r->answer = r->entry.answer;
        r->cache.seconds = r->entry.lifetime - (r->now - r->entry.fetched);
        for (int c = 0; c <= (int)ROBOTS_CACHE_SOURCE_LAST; c++)
            if (strcmp(r->entry.source,
                       robots_cache_source_name((robots_cache_source)c)) == 0)
                r->cache.source = (robots_cache_source)c;
        r->cache_why = "the rest of the cached entry's lifetime";
    } else {
        http_response last;
        fetch_chain(r, &last);
        settle(r, &last);
        http_response_free(&last);
    }
    return answer_document(r, doc);
}

/* The options `robots fetch` and `robots check --fetch` share: --json,
 * --profile, --agent, --cache-dir, --now, --timeout. 1 when argv[*i] was
 * one (*i moved past its value), 0 when not, -1 after a message on a bad
 * value. */
int fetch_option(int argc, char **argv, int *i, fetch_run *r,
                 const char *command) {
    const char *v = NULL;
    size_t n;
    int got;
    if (strcmp(argv[*i], "--json") == 0) {
        r->json = 1;
        return 1;
    }
    if ((got = cli_option_value(argc, argv, i, "--profile", &v)) != 0) {
        if (got < 0 || !cli_profile(v, &r->profile))
            return -1;
    } else if ((got = cli_option_value(argc, argv, i, "--agent", &v)) != 0) {
        if (got < 0)
            return -1;
        if (v[0] == '\0' || strlen(v) > 256 || strpbrk(v, "\r\n") != NULL) {
            cli_error("%s: --agent '%s' is not a crawler name "
                      "(1-256 bytes, one line)",
                      command, v);
            return -1;
        }
        r->agent = v;
    } else if ((got = cli_option_value(argc, argv, i, "--cache-dir", &v)) !=
               0) {
        if (got < 0)
            return -1;
        if (v[0] == '\0' || strlen(v) > 3000) {
            cli_error("%s: --cache-dir '%s' is not a directory", command, v);
            return -1;
        }
        r->cache_dir = v;
    } else if ((got = cli_option_value(argc, argv, i, "--now", &v)) != 0) {
        if (got < 0)
            return -1;
        if (cli_size(v, (size_t)1 << 40, &n) != CLI_NUMBER_OK) {
            cli_error("%s: --now '%s' is not seconds since 1970", command, v);
            return -1;
        }
        r->now = (int64_t)n;
    } else if ((got = cli_option_value(argc, argv, i, "--timeout", &v)) != 0) {
        if (got < 0)
            return -1;
        if (cli_size(v, FETCH_MAX_TIMEOUT_SECONDS, &n) != CLI_NUMBER_OK ||
            n == 0) {
            cli_error("%s: --timeout '%s' is not a number of "
                      "seconds (1-3600)",
                      command, v);
            return -1;
        }
        r->timeout_ms = (long)n * 1000;
    } else {
        return 0;
    }
    return 1;
}
