/* SPDX-License-Identifier: MIT */
/*
 * cmd_fetch.c - `robots fetch`: the protocol on a real connection. The
 * library derives the robots.txt URL, reads each hop's outcome
 * (robots_fetch_policy()), the cache lifetime and the file; this command
 * only makes the requests (http_get.c, libcurl), follows what the policy
 * says, keeps the cache (fetch_cache.c) and reports.
 */
#define _POSIX_C_SOURCE 200809L
#include "cmd_fetch.h"
#include "cli.h"
#include "fetch_cache.h"
#include "http_get.h"
#include "robots_web.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The whole fetch, redirects included, ends within this many seconds by
 * default (--timeout). */
#define FETCH_DEFAULT_TIMEOUT_SECONDS 30
#define FETCH_MAX_TIMEOUT_SECONDS 3600
/* Hops listed: every request the policy allows (legacy's 20 redirects and
 * the first request). */
#define FETCH_MAX_HOPS (ROBOTS_MAX_REDIRECTS_LEGACY + 1)
/* Longest URL accepted on the command line and from a Location. */
#define FETCH_MAX_URL_BYTES ((size_t)8192)

static const char fetch_usage[] =
    "usage: robots fetch [--profile P] [--agent NAME] [--json]\n"
    "                    [--cache-dir DIR] [--now UNIX_SECONDS]\n"
    "                    [--timeout SECONDS] URL\n"
    "\n"
    "Fetches the robots.txt that governs URL (a page or a robots.txt URL)\n"
    "over HTTP, as the profile says a crawler does: redirects followed as\n"
    "its policy allows, the status and network-error rules, the cache\n"
    "lifetime, no more body than the parse limit. Answers whether NAME may\n"
    "fetch URL. A failed fetch is a decision (allow-all, disallow-all, the\n"
    "cached copy), never an error.\n"
    "\n"
    "  --profile P        rfc9309 (default), google or legacy\n"
    "  --agent NAME       the crawler asked about and named in User-Agent\n"
    "                     (default: *)\n"
    "  --json             one JSON line\n"
    "  --cache-dir DIR    keep answers and failure history in DIR: a second\n"
    "                     run within the lifetime makes no request\n"
    "  --now SECONDS      the clock, in seconds since 1970 (default: now)\n"
    "  --timeout SECONDS  one deadline for the whole fetch (default 30)\n"
    "\n"
    "Output: 'allowed' or 'disallowed', then the robots.txt URL, each hop,\n"
    "the decision and the cache lifetime.\n"
    "Exit status: 0 allowed, 1 disallowed, 2 usage error.\n";

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

static const char *answer_name(fetch_answer a) {
    switch (a) {
    case FETCH_ANSWER_PARSE:
        return "parse";
    case FETCH_ANSWER_ALLOW_ALL:
        return "allow-all";
    default:
        return "disallow-all";
    }
}

static void put_json_key(const char *key, const char *value) {
    printf("\"%s\":", key);
    cli_json_string(stdout, value, strlen(value));
}

static void report_json(const fetch_run *r, const robots_txt *doc,
                        int allowed) {
    fputc('{', stdout);
    put_json_key("url", r->url);
    fputc(',', stdout);
    put_json_key("agent", r->agent);
    fputc(',', stdout);
    put_json_key("profile", robots_profile_name(r->profile));
    fputc(',', stdout);
    put_json_key("verdict", allowed ? "allowed" : "disallowed");
    fputc(',', stdout);
    put_json_key("decision", answer_name(r->answer));
    if (r->have_decision) {
        fputc(',', stdout);
        put_json_key("action", robots_fetch_action_name(r->decision.action));
        fputc(',', stdout);
        put_json_key("basis", robots_fetch_basis_name(r->decision.basis));
    }
    fputc(',', stdout);
    put_json_key("robots_url", r->robots_url);
    printf(",\"from_cache\":%s,\"requests\":%zu,\"hops\":[",
           r->from_cache ? "true" : "false", r->requests);
    for (size_t i = 0; i < r->hop_count; i++) {
        printf("%s{", i ? "," : "");
        put_json_key("url", r->hops[i].url);
        if (r->hops[i].net != ROBOTS_NET_NONE) {
            fputc(',', stdout);
            put_json_key("network_error",
                         robots_network_error_name(r->hops[i].net));
        } else {
            printf(",\"status\":%d", r->hops[i].status);
        }
        fputc('}', stdout);
    }
    printf("],\"cache\":{\"seconds\":%lld,", (long long)r->cache.seconds);
    put_json_key("source", robots_cache_source_name(r->cache.source));
    printf(",\"capped\":%s,", r->cache.capped ? "true" : "false");
    put_json_key("why", r->cache_why != NULL ? r->cache_why : "");
    printf("},\"unreachable_days\":%lld,",
           (long long)(r->unreachable_seconds / 86400));
    put_json_key("error", r->error);
    printf(",\"truncated\":%s,\"diagnostics\":[",
           doc != NULL && r->entry.body_cut ? "true" : "false");
    for (size_t i = 0; doc != NULL && i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) != ROBOTS_OK)
            continue;
        printf("%s{\"line\":%zu,", i ? "," : "", d.line);
        put_json_key("kind", robots_diag_kind_name(d.kind));
        fputc(',', stdout);
        put_json_key("severity", robots_severity_name(d.severity));
        fputc(',', stdout);
        fputs("\"message\":", stdout);
        cli_json_string(stdout, d.message, d.message_len);
        fputc('}', stdout);
    }
    fputs("]}\n", stdout);
}

static void report_text(const fetch_run *r, int allowed) {
    puts(allowed ? "allowed" : "disallowed");
    fputs("robots.txt: ", stdout);
    cli_print_escaped(stdout, r->robots_url, strlen(r->robots_url));
    fputc('\n', stdout);
    for (size_t i = 0; i < r->hop_count; i++) {
        fputs("hop: ", stdout);
        cli_print_escaped(stdout, r->hops[i].url, strlen(r->hops[i].url));
        if (r->hops[i].net != ROBOTS_NET_NONE)
            printf(" network-error %s\n",
                   robots_network_error_name(r->hops[i].net));
        else
            printf(" %d\n", r->hops[i].status);
    }
    printf("decision: %s", answer_name(r->answer));
    if (r->have_decision)
        printf(" (%s, %s)", robots_fetch_action_name(r->decision.action),
               robots_fetch_basis_name(r->decision.basis));
    printf("%s\n", r->from_cache ? " from the cache" : "");
    printf("cache: %lld seconds (%s)\n", (long long)r->cache.seconds,
           robots_cache_source_name(r->cache.source));
    printf("requests: %zu\n", r->requests);
    if (r->error[0] != '\0') {
        fputs("error: ", stdout);
        cli_print_escaped(stdout, r->error, strlen(r->error));
        fputc('\n', stdout);
    }
}

static int parse_args(int argc, char **argv, fetch_run *r, int *done) {
    size_t n;
    *done = 0;
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        int got;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(fetch_usage, stdout);
            *done = 1;
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            r->json = 1;
        } else if ((got = cli_option_value(argc, argv, &i, "--profile", &v)) !=
                   0) {
            if (got < 0 || !cli_profile(v, &r->profile))
                return EXIT_USAGE;
        } else if ((got = cli_option_value(argc, argv, &i, "--agent", &v)) !=
                   0) {
            if (got < 0)
                return EXIT_USAGE;
            if (v[0] == '\0' || strlen(v) > 256 || strpbrk(v, "\r\n") != NULL)
                return cli_error("fetch: --agent '%s' is not a crawler name "
                                 "(1-256 bytes, one line)",
                                 v);
            r->agent = v;
        } else if ((got = cli_option_value(argc, argv, &i, "--cache-dir",
                                           &v)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
            if (v[0] == '\0' || strlen(v) > 3000)
                return cli_error("fetch: --cache-dir '%s' is not a directory",
                                 v);
            r->cache_dir = v;
        } else if ((got = cli_option_value(argc, argv, &i, "--now", &v)) != 0) {
            if (got < 0)
                return EXIT_USAGE;
            if (cli_size(v, (size_t)1 << 40, &n) != CLI_NUMBER_OK)
                return cli_error("fetch: --now '%s' is not seconds since 1970",
                                 v);
            r->now = (int64_t)n;
        } else if ((got = cli_option_value(argc, argv, &i, "--timeout", &v)) !=
                   0) {
            if (got < 0)
                return EXIT_USAGE;
            if (cli_size(v, FETCH_MAX_TIMEOUT_SECONDS, &n) != CLI_NUMBER_OK ||
                n == 0)
                return cli_error("fetch: --timeout '%s' is not a number of "
                                 "seconds (1-3600)",
                                 v);
            r->timeout_ms = (long)n * 1000;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_error("fetch: unknown option '%s' (see robots fetch "
                             "--help)",
                             argv[i]);
        } else if (r->url != NULL) {
            return cli_error("fetch: one URL at most");
        } else {
            r->url = argv[i];
        }
    }
    if (r->url == NULL)
        return cli_error("fetch: give a URL (see robots fetch --help)");
    return 0;
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

int cli_cmd_fetch(int argc, char **argv) {
    fetch_run r;
    robots_txt *doc = NULL;
    robots_verdict verdict;
    size_t needed = 0;
    int done;
    int status;
    memset(&r, 0, sizeof r);
    r.profile = ROBOTS_PROFILE_RFC9309;
    r.agent = "*";
    r.now = -1;
    r.timeout_ms = FETCH_DEFAULT_TIMEOUT_SECONDS * 1000L;
    if ((status = parse_args(argc, argv, &r, &done)) != 0 || done)
        return status;
    if (!http_available())
        return cli_error("fetch: this robots was built without libcurl; "
                         "install it (Debian: apt-get install "
                         "libcurl4-openssl-dev) and build again");
    robots_status st = robots_url_to_robots_txt(
        r.url, strlen(r.url), r.robots_url, sizeof r.robots_url, &needed);
    if (st != ROBOTS_OK)
        return cli_error("fetch: '%s': %s", r.url, robots_status_message(st));
    if (strncmp(r.robots_url, "http", 4) != 0)
        return cli_error("fetch: '%s': only http and https are fetched", r.url);
    if (r.now < 0)
        r.now = (int64_t)time(NULL);
    if (r.cache_dir != NULL)
        fetch_cache_load(r.cache_dir, r.robots_url,
                         ROBOTS_DEFAULT_PARSE_LIMIT +
                             ROBOTS_PARSE_LOOKAHEAD_BYTES,
                         &r.entry);
    if (r.entry.unreachable_since > 0 && r.now > r.entry.unreachable_since)
        r.unreachable_seconds = r.now - r.entry.unreachable_since;
    if (r.entry.answer != FETCH_ANSWER_NONE && r.entry.unreachable_since == 0 &&
        r.now >= r.entry.fetched &&
        r.now - r.entry.fetched < r.entry.lifetime) {
        /* Fresh: no request. */
        r.from_cache = 1;
        r.answer = r.entry.answer;
        r.cache.seconds = r.entry.lifetime - (r.now - r.entry.fetched);
        for (int c = 0; c <= (int)ROBOTS_CACHE_SOURCE_LAST; c++)
            if (strcmp(r.entry.source,
                       robots_cache_source_name((robots_cache_source)c)) == 0)
                r.cache.source = (robots_cache_source)c;
        r.cache_why = "the rest of the cached entry's lifetime";
    } else {
        http_response last;
        fetch_chain(&r, &last);
        settle(&r, &last);
        http_response_free(&last);
    }
    st = answer_document(&r, &doc);
    if (st == ROBOTS_OK)
        st = robots_check_agent(doc, r.agent, strlen(r.agent), r.url,
                                strlen(r.url), &verdict);
    if (st != ROBOTS_OK) {
        robots_free(doc);
        for (size_t i = 0; i < r.hop_count; i++)
            free(r.hops[i].url);
        fetch_entry_free(&r.entry);
        return cli_error("fetch: '%s': %s", r.url, robots_status_message(st));
    }
    if (r.json)
        report_json(&r, doc, verdict.allowed);
    else
        report_text(&r, verdict.allowed);
    status = verdict.allowed ? EXIT_ALLOWED : EXIT_DISALLOWED;
    robots_free(doc);
    for (size_t i = 0; i < r.hop_count; i++)
        free(r.hops[i].url);
    fetch_entry_free(&r.entry);
    return status;
}
