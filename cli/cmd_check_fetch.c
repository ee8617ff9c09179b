/* SPDX-License-Identifier: MIT */
/*
 * cmd_check_fetch.c - `robots check --fetch`: verdicts for URLs without a
 * file. Each URL's robots.txt is fetched as `robots fetch` does
 * (fetch_run.c), once per authority per run (and once per lifetime with
 * --cache-dir); the exit codes are check's, robots_main's.
 */
#include "cmd_check_fetch.h"
#include "cli.h"
#include "fetch_run.h"
#include "http_get.h"
#include "json_out.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char check_fetch_usage[] =
    "usage: robots check --fetch [--profile P] [--agent NAME] [--json]\n"
    "                    [--cache-dir DIR] [--now SECONDS]\n"
    "                    [--timeout SECONDS] [URL...]\n"
    "\n"
    "Says whether each URL may be fetched under the robots.txt of its own\n"
    "site, fetched over HTTP as `robots fetch` does: once per robots.txt\n"
    "URL in a run (and once per cache lifetime with --cache-dir). Without\n"
    "URL arguments, reads URLs from stdin, one per line.\n"
    "\n"
    "Output: 'allowed<TAB>URL' or 'disallowed<TAB>URL' (--json: one object\n"
    "per URL with its robots.txt URL, the decision and the requests it\n"
    "took: 0 after the first URL of a site); a URL that cannot be checked "
    "gives "
    "'error<TAB>URL'.\n"
    "Exit status: 0 all allowed, 1 some disallowed, 2 usage or input error.\n";

/* Robots.txt URLs remembered in one run; past it the oldest is dropped
 * (and fetched again if asked for: still correct, only slower). */
#define CHECK_FETCH_MAX_SITES 256
/* Longest stdin line read as a URL. */
#define CHECK_FETCH_MAX_LINE ((size_t)8192)

typedef struct site {
    fetch_run run;
    robots_txt *doc;
    int used;
} site;

typedef struct check_fetch {
    fetch_run options; /* profile, agent, cache_dir, now, timeout_ms */
    site *sites;
    size_t site_count;
    size_t next_evict;
    int any_disallowed;
    int any_error;
} check_fetch;

static site *site_for(check_fetch *c, const char *url, robots_status *st) {
    char robots_url[ROBOTS_MAX_ROBOTS_URL_BYTES + 1];
    size_t needed = 0;
    site *s;
    *st = robots_url_to_robots_txt(url, strlen(url), robots_url,
                                   sizeof robots_url, &needed);
    if (*st != ROBOTS_OK)
        return NULL;
    for (size_t i = 0; i < c->site_count; i++)
        if (strcmp(c->sites[i].run.robots_url, robots_url) == 0)
            return &c->sites[i];
    if (c->site_count < CHECK_FETCH_MAX_SITES) {
        s = &c->sites[c->site_count++];
    } else {
        s = &c->sites[c->next_evict];
        c->next_evict = (c->next_evict + 1) % CHECK_FETCH_MAX_SITES;
        robots_free(s->doc);
        fetch_run_free(&s->run);
    }
    memset(s, 0, sizeof *s);
    s->run = c->options;
    s->run.url = url; /* read during the resolve only */
    *st = fetch_run_resolve(&s->run, &s->doc);
    s->run.url = NULL;
    if (*st != ROBOTS_OK) {
        robots_free(s->doc);
        fetch_run_free(&s->run);
        memset(s, 0, sizeof *s);
        if (s == &c->sites[c->site_count - 1])
            c->site_count--;
        return NULL;
    }
    return s;
}

static void check_url(check_fetch *c, const char *url) {
    robots_status st;
    robots_verdict v;
    site *s = site_for(c, url, &st);
    if (s != NULL)
        st = robots_check_agent(s->doc, c->options.agent,
                                strlen(c->options.agent), url, strlen(url), &v);
    if (s == NULL || st != ROBOTS_OK) { /* site_for() said why when NULL */
        c->any_error = 1;
        if (c->options.json) {
            json_out j;
            json_out_init(&j, stdout);
            json_out_object(&j);
            json_out_key(&j, "url");
            json_out_cstring(&j, url);
            json_out_key(&j, "error");
            json_out_cstring(&j, robots_status_name(st));
            json_out_end(&j);
            putchar('\n');
        } else {
            fputs("error\t", stdout);
            cli_print_escaped(stdout, url, strlen(url));
            fputc('\n', stdout);
        }
        fflush(stdout);
        cli_error("check: '%s': %s", url, robots_status_message(st));
        return;
    }
    if (!v.allowed)
        c->any_disallowed = 1;
    if (c->options.json) {
        json_out j;
        json_out_init(&j, stdout);
        json_out_object(&j);
        json_out_key(&j, "url");
        json_out_cstring(&j, url);
        json_out_key(&j, "allowed");
        json_out_bool(&j, v.allowed);
        json_out_key(&j, "robots_url");
        json_out_cstring(&j, s->run.robots_url);
        json_out_key(&j, "decision");
        json_out_cstring(&j, fetch_answer_name(s->run.answer));
        json_out_key(&j, "requests");
        json_out_size(&j, s->used ? (size_t)0 : s->run.requests);
        json_out_key(&j, "from_cache");
        json_out_bool(&j, s->run.from_cache);
        json_out_end(&j);
        putchar('\n');
    } else {
        fputs(v.allowed ? "allowed\t" : "disallowed\t", stdout);
        cli_print_escaped(stdout, url, strlen(url));
        fputc('\n', stdout);
    }
    s->used = 1;
}

static int parse_args(int argc, char **argv, check_fetch *c, int *first_url) {
    int i;
    for (i = 1; i < argc; i++) {
        int got;
        if (strcmp(argv[i], "--fetch") == 0)
            continue;
        if ((got = fetch_option(argc, argv, &i, &c->options, "check")) != 0) {
            if (got < 0)
                return EXIT_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_error("check --fetch: unknown option '%s' (see robots "
                             "check --fetch --help)",
                             argv[i]);
        } else {
            break;
        }
    }
    *first_url = i;
    return 0;
}

/* URLs from stdin, one per line; a line over CHECK_FETCH_MAX_LINE is an
 * error, reported once. */
static void check_stdin(check_fetch *c) {
    char *line = malloc(CHECK_FETCH_MAX_LINE + 2);
    if (line == NULL) {
        c->any_error = 1;
        cli_error("out of memory");
        return;
    }
    while (fgets(line, (int)CHECK_FETCH_MAX_LINE + 2, stdin) != NULL) {
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] != '\n' && !feof(stdin)) {
            int ch;
            c->any_error = 1;
            cli_error("check: a stdin line longer than %zu bytes",
                      CHECK_FETCH_MAX_LINE);
            while ((ch = getchar()) != EOF && ch != '\n') {
            }
            continue;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (len > 0 && memchr(line, '\0', len) == NULL)
            check_url(c, line);
    }
    free(line);
}

int cli_cmd_check_fetch(int argc, char **argv) {
    check_fetch c;
    int first = 1;
    int status;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(check_fetch_usage, stdout);
            return 0;
        }
    memset(&c, 0, sizeof c);
    fetch_run_init(&c.options);
    if ((status = parse_args(argc, argv, &c, &first)) != 0)
        return status;
    if (!http_available())
        return cli_error("check --fetch: %s", http_unavailable_why());
    if (c.options.now < 0)
        c.options.now = (int64_t)time(NULL);
    c.sites = calloc(CHECK_FETCH_MAX_SITES, sizeof *c.sites);
    if (c.sites == NULL)
        return cli_error("out of memory");
    if (first < argc)
        for (int i = first; i < argc; i++)
            check_url(&c, argv[i]);
    else
        check_stdin(&c);
    for (size_t i = 0; i < c.site_count; i++) {
        robots_free(c.sites[i].doc);
        fetch_run_free(&c.sites[i].run);
    }
    free(c.sites);
    if (c.any_error)
        return EXIT_USAGE;
    return c.any_disallowed ? EXIT_DISALLOWED : EXIT_ALLOWED;
}
