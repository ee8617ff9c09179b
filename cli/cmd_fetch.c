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
#include "fetch_run.h"
#include "http_get.h"
#include "json_out.h"
#include "robots_web.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static void report_json(const fetch_run *r, const robots_txt *doc,
                        int allowed) {
    json_out j;
    json_out_init(&j, stdout);
    json_out_object(&j);
    json_out_field_cstring(&j, "url", r->url);
    json_out_field_cstring(&j, "agent", r->agent);
    json_out_field_cstring(&j, "profile", robots_profile_name(r->profile));
    json_out_field_cstring(&j, "verdict", allowed ? "allowed" : "disallowed");
    json_out_field_cstring(&j, "decision", fetch_answer_name(r->answer));
    if (r->have_decision) {
        json_out_field_cstring(&j, "action",
                               robots_fetch_action_name(r->decision.action));
        json_out_field_cstring(&j, "basis",
                               robots_fetch_basis_name(r->decision.basis));
    }
    json_out_field_cstring(&j, "robots_url", r->robots_url);
    json_out_key(&j, "from_cache");
    json_out_bool(&j, r->from_cache);
    json_out_key(&j, "requests");
    json_out_size(&j, r->requests);
    json_out_key(&j, "hops");
    json_out_array(&j);
    for (size_t i = 0; i < r->hop_count; i++) {
        json_out_object(&j);
        json_out_field_cstring(&j, "url", r->hops[i].url);
        if (r->hops[i].net != ROBOTS_NET_NONE) {
            json_out_field_cstring(&j, "network_error",
                                   robots_network_error_name(r->hops[i].net));
        } else {
            json_out_key(&j, "status");
            json_out_int(&j, r->hops[i].status);
        }
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_key(&j, "cache");
    json_out_object(&j);
    json_out_key(&j, "seconds");
    json_out_int(&j, (long long)r->cache.seconds);
    json_out_field_cstring(&j, "source",
                           robots_cache_source_name(r->cache.source));
    json_out_key(&j, "capped");
    json_out_bool(&j, r->cache.capped);
    json_out_field_cstring(&j, "why", r->cache_why != NULL ? r->cache_why : "");
    json_out_end(&j);
    json_out_key(&j, "unreachable_days");
    json_out_int(&j, (long long)(r->unreachable_seconds / 86400));
    json_out_field_cstring(&j, "error", r->error);
    json_out_key(&j, "truncated");
    json_out_bool(&j, doc != NULL && r->entry.body_cut);
    json_out_key(&j, "diagnostics");
    json_out_array(&j);
    for (size_t i = 0; doc != NULL && i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) != ROBOTS_OK)
            continue;
        json_out_object(&j);
        json_out_key(&j, "line");
        json_out_size(&j, d.line);
        json_out_field_cstring(&j, "kind", robots_diag_kind_name(d.kind));
        json_out_field_cstring(&j, "severity",
                               robots_severity_name(d.severity));
        json_out_key(&j, "message");
        json_out_string(&j, d.message, d.message_len);
        json_out_end(&j);
    }
    json_out_end(&j);
    json_out_end(&j);
    fputc('\n', stdout);
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
    printf("decision: %s", fetch_answer_name(r->answer));
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
    *done = 0;
    for (int i = 1; i < argc; i++) {
        int got;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(fetch_usage, stdout);
            *done = 1;
            return 0;
        }
        if ((got = fetch_option(argc, argv, &i, r, "fetch")) != 0) {
            if (got < 0)
                return EXIT_USAGE;
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

int cli_cmd_fetch(int argc, char **argv) {
    fetch_run r;
    robots_txt *doc = NULL;
    robots_verdict verdict;
    int done;
    int status;
    fetch_run_init(&r);
    if ((status = parse_args(argc, argv, &r, &done)) != 0 || done)
        return status;
    if (!http_available())
        return cli_error("fetch: %s", http_unavailable_why());
    robots_status st = fetch_run_resolve(&r, &doc);
    if (st == ROBOTS_OK)
        st = robots_check_agent(doc, r.agent, strlen(r.agent), r.url,
                                strlen(r.url), &verdict);
    if (st != ROBOTS_OK) {
        robots_free(doc);
        fetch_run_free(&r);
        return cli_error("fetch: '%s': %s", r.url, robots_status_message(st));
    }
    if (r.json)
        report_json(&r, doc, verdict.allowed);
    else
        report_text(&r, verdict.allowed);
    status = verdict.allowed ? EXIT_ALLOWED : EXIT_DISALLOWED;
    robots_free(doc);
    fetch_run_free(&r);
    return status;
}
