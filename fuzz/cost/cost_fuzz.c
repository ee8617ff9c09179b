/* SPDX-License-Identifier: MIT */
/*
 * cost_fuzz.c - robots_cost_fuzz, the cost fuzzer (fuzz/README.md, "Cost
 * fuzzing"): seeded hostile inputs up to the library's limits, each call
 * of each entry point counted (cost_counter.h) and held to its budget, a
 * formula of its input sizes (cost_budgets.h). The first call over its
 * budget is stopped there and reported with the formula, the shape, the
 * seed and iteration that rebuild it, and exit status 1.
 *
 * usage: robots_cost_fuzz [--seed N] [--iterations N] [--only I]
 *                         [--entries LIST] [--save DIR] [--table]
 *   --iterations  robots.txt cases (default 60); the other entry points
 *                 scale from it
 *   --only I      only iteration I of each entry point listed
 *   --entries     comma-separated: robots, match, diff, lint, meta, url,
 *                 cache, policy (default all)
 *   --save DIR    write the inputs of a call over budget there (with
 *                 --only, those of the iteration whatever they cost)
 *   --table       a line for every call: entry, iteration, steps, budget
 */
#define _POSIX_C_SOURCE 200809L

#include "cli.h"
#include "cost_budgets.h"
#include "cost_counter.h"
#include "cost_gen.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the run's state and report ----------------------------------------- */

typedef struct entry_stats {
    const char *name;
    size_t calls;
    double worst; /* the highest steps / budget */
    size_t worst_iteration;
    const char *worst_shape;
} entry_stats;

#define MAX_STATS 40

static struct {
    uint64_t seed;
    size_t iterations;
    long only;
    const char *save_dir;
    int table;
    int measure; /* --measure: count, never stop */
    entry_stats stats[MAX_STATS];
    size_t stat_count;
    /* the call being counted, for the report */
    const char *entry;
    const char *group;
    const char *shape;
    size_t iteration;
    robots_profile profile;
    cost_budget budget;
    /* where reports go: stderr as it was at start, which a CLI command
     * run in this process finds pointed at /dev/null */
    FILE *report;
    /* its inputs, for --save */
    const cost_buf *inputs[4];
    const char *input_names[4];
} run = {.seed = 1, .iterations = 60, .only = -1};

/* A shape's name on one line: control bytes as \xHH. */
static const char *shape_text(const char *shape) {
    static char out[256];
    size_t n = 0;
    for (const char *p = shape ? shape : "-"; *p && n + 5 < sizeof out; p++) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7F)
            n += (size_t)snprintf(out + n, sizeof out - n, "\\x%02X", c);
        else
            out[n++] = (char)c;
    }
    out[n] = '\0';
    return out;
}

static void save_inputs(void) {
    if (run.save_dir == NULL)
        return;
    mkdir(run.save_dir, 0777);
    for (size_t i = 0; i < 4 && run.inputs[i]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", run.save_dir, run.input_names[i]);
        FILE *f = fopen(path, "wb");
        if (f == NULL) {
            fprintf(run.report, "cost: cannot write %s: %s\n", path,
                    strerror(errno));
            continue;
        }
        fwrite(run.inputs[i]->data, 1, run.inputs[i]->len, f);
        fclose(f);
        fprintf(run.report, "cost: wrote %s (%zu bytes)\n", path,
                run.inputs[i]->len);
    }
}

/* Called by the counter the moment a call passes its budget. */
static void over_budget(void) {
    fflush(stdout);
    fprintf(run.report,
            "cost: OVER BUDGET: %s (%s, %s profile), iteration %zu, shape "
            "%s:\n  more than %llu steps; the budget is ",
            run.entry, run.group, robots_profile_name(run.profile),
            run.iteration, shape_text(run.shape),
            (unsigned long long)cost_budget_total(&run.budget));
    cost_budget_print(run.report, &run.budget);
    fprintf(run.report,
            "\n  (fuzz/cost/cost_budgets.h). Rebuild it: robots_cost_fuzz "
            "--seed %llu --only %zu --entries %s --save DIR\n",
            (unsigned long long)run.seed, run.iteration, run.group);
    save_inputs();
    fflush(run.report);
    _exit(1);
}

static entry_stats *stats_of(const char *name) {
    for (size_t i = 0; i < run.stat_count; i++)
        if (strcmp(run.stats[i].name, name) == 0)
            return &run.stats[i];
    if (run.stat_count == MAX_STATS) {
        fputs("cost: too many entry names\n", stderr);
        exit(2);
    }
    entry_stats *s = &run.stats[run.stat_count++];
    s->name = name;
    return s;
}

/* Counts the call between begin() and end() against the budget b. */
static void begin(const char *entry, const cost_budget *b) {
    static const cost_buf *saved;
    if (run.only >= 0 && run.inputs[0] != saved) { /* --only: always */
        saved = run.inputs[0];
        save_inputs();
    }
    run.entry = entry;
    run.budget = *b;
    cost_start(run.measure ? UINT64_MAX : cost_budget_total(b), over_budget);
}

static void end(void) {
    uint64_t steps = cost_stop();
    uint64_t budget = cost_budget_total(&run.budget);
    entry_stats *s = stats_of(run.entry);
    double share = budget ? (double)steps / (double)budget : 0.0;
    s->calls++;
    if (share > s->worst || s->calls == 1) {
        s->worst = share;
        s->worst_iteration = run.iteration;
        s->worst_shape = run.shape;
    }
    if (run.table) {
        printf("%s\t%s\t%zu\t%s\t%llu\t%llu\t%.1f%%\t", run.entry,
               robots_profile_name(run.profile), run.iteration,
               shape_text(run.shape), (unsigned long long)steps,
               (unsigned long long)budget, 100.0 * share);
        for (size_t t = 0; t < run.budget.count; t++)
            printf("%s%s=%llu*%llu", t ? ";" : "", run.budget.terms[t].name,
                   (unsigned long long)run.budget.terms[t].size,
                   (unsigned long long)run.budget.terms[t].coefficient);
        printf("\n");
    }
}

static void fail(const char *what, robots_status st) {
    fprintf(run.report, "cost: %s (%s), iteration %zu, shape %s: %s\n", what,
            run.group, run.iteration, shape_text(run.shape),
            robots_status_name(st));
    save_inputs();
    exit(2);
}

/* ---- robots.txt: parse, check, query, select, accessors ----------------- */

/* The `*`-separated pieces of a normal form (a final `$` dropped): their
 * count, and each length marked in `seen`. */
static void pieces(const char *s, size_t n, uint64_t *count,
                   unsigned char *seen, uint64_t *distinct) {
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != '*')
            continue;
        size_t len = i - start;
        if (i == n && len && s[i - 1] == '$')
            len--;
        if (len) {
            (*count)++;
            if (!seen[len]) {
                seen[len] = 1;
                (*distinct)++;
            }
        }
        start = i + 1;
    }
}

static void doc_sizes(const robots_txt *doc, size_t body_len,
                      cost_doc_sizes *d) {
    static char normal[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    static unsigned char seen[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    memset(d, 0, sizeof *d);
    memset(seen, 0, sizeof seen);
    d->body = body_len;
    d->parsed = robots_txt_parsed_bytes(doc);
    d->diagnostics = robots_diagnostic_count(doc);
    d->groups = robots_group_count(doc);
    d->records = robots_sitemap_count(doc) + robots_extension_count(doc);
    for (size_t g = 0; g < d->groups; g++) {
        robots_group_info gi;
        if (robots_group(doc, g, &gi) != ROBOTS_OK)
            continue;
        d->agent_lines += gi.agent_count;
        d->rules += gi.rule_count;
        for (size_t a = 0; a < gi.agent_count; a++) {
            robots_agent_info ai;
            if (robots_group_agent(doc, g, a, &ai) == ROBOTS_OK)
                d->agent_bytes += ai.value_len;
        }
        for (size_t r = 0; r < gi.rule_count; r++) {
            robots_rule_info ri;
            if (robots_group_rule(doc, g, r, &ri) != ROBOTS_OK)
                continue;
            d->pattern_bytes += ri.normalized_len;
            if (ri.normalized_len > d->longest_pattern)
                d->longest_pattern = ri.normalized_len;
            size_t n;
            if (robots_group_rule_normalized(doc, g, r, normal, sizeof normal,
                                             &n) == ROBOTS_OK)
                pieces(normal, n, &d->segments, seen, &d->segment_lengths);
        }
    }
}

static void call_sizes(const cost_case *c, size_t url, cost_call_sizes *s) {
    s->agents = c->agent_count;
    s->agent_bytes = 0;
    for (size_t i = 0; i < c->agent_count; i++)
        s->agent_bytes += c->agents[i].len;
    s->url = c->urls[url].len;
}

/* Every accessor over every item, counted as one. */
static void walk_accessors(const robots_txt *doc) {
    static char normal[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info gi;
        robots_group(doc, g, &gi);
        for (size_t a = 0; a < gi.agent_count; a++) {
            robots_agent_info ai;
            robots_group_agent(doc, g, a, &ai);
        }
        for (size_t r = 0; r < gi.rule_count; r++) {
            robots_rule_info ri;
            size_t needed;
            robots_group_rule(doc, g, r, &ri);
            robots_group_rule_normalized(doc, g, r, normal, sizeof normal,
                                         &needed);
        }
    }
    robots_record_info rec;
    for (size_t i = 0, n = robots_sitemap_count(doc); i < n; i++)
        robots_sitemap(doc, i, &rec);
    for (size_t i = 0, n = robots_extension_count(doc); i < n; i++)
        robots_extension(doc, i, &rec);
    robots_diagnostic_info di;
    for (size_t i = 0, n = robots_diagnostic_count(doc); i < n; i++)
        robots_diagnostic(doc, i, &di);
    robots_cut_info cut;
    robots_txt_cut(doc, &cut);
}

static void run_robots(size_t i) {
    cost_rng rng;
    cost_case c;
    cost_rng_seed(&rng, run.seed, 1000003u * 1 + i);
    cost_gen_case(&rng, i, &c);
    run.shape = c.shape;
    run.profile = c.profile;
    run.inputs[0] = &c.body;
    run.input_names[0] = "robots.txt";
    run.inputs[1] = &c.urls[0];
    run.input_names[1] = "url";
    /* the names, one a line (the generator makes none with a newline) */
    cost_buf names = {0};
    for (size_t k = 0; k < c.agent_count; k++) {
        cost_buf_add(&names, c.agents[k].ptr, c.agents[k].len);
        cost_buf_add(&names, "\n", 1);
    }
    run.inputs[2] = &names;
    run.input_names[2] = "agents";
    run.inputs[3] = NULL;

    robots_options opt;
    robots_options_init(&opt);
    opt.profile = c.profile;
    opt.parse_limit = c.parse_limit;
    cost_budget b;
    cost_doc_sizes d;
    /* the budget needs the parsed sizes: a first, uncounted parse */
    robots_txt *sizing = NULL;
    robots_status st = robots_parse(c.body.data, c.body.len, &opt, &sizing);
    if (st != ROBOTS_OK)
        fail("robots_parse", st);
    doc_sizes(sizing, c.body.len, &d);
    robots_free(sizing);

    robots_txt *doc = NULL;
    cost_budget_parse(&d, &b);
    begin("robots_parse", &b);
    st = robots_parse(c.body.data, c.body.len, &opt, &doc);
    end();
    if (st != ROBOTS_OK)
        fail("robots_parse", st);

    cost_call_sizes s;
    robots_verdict v;
    call_sizes(&c, 0, &s);
    cost_budget_select_group(c.profile, &d, &s, &b);
    size_t group;
    int specific;
    begin("robots_select_group", &b);
    st = robots_select_group(doc, c.agents, c.agent_count, &group, &specific);
    end();

    cost_budget_select_groups(c.profile, &d, &s, &b);
    size_t needed;
    begin("robots_select_groups", &b);
    st = robots_select_groups(doc, c.agents, c.agent_count, NULL, 0, &needed,
                              &specific);
    end();

    cost_budget_check(c.profile, &d, &s, &b);
    begin("robots_check (first)", &b);
    st = robots_check(doc, c.agents, c.agent_count, c.urls[0].data,
                      c.urls[0].len, &v);
    end();
    for (size_t u = 1; u < 3; u++) {
        call_sizes(&c, u, &s);
        cost_budget_check(c.profile, &d, &s, &b);
        begin("robots_check (again)", &b);
        robots_check(doc, c.agents, c.agent_count, c.urls[u].data,
                     c.urls[u].len, &v);
        end();
    }
    robots_check_agent(doc, c.agents[0].ptr, c.agents[0].len, "/", 1, &v);

    /* a fresh document for the query: robots_query_new compiles */
    robots_free(doc);
    doc = NULL;
    if (robots_parse(c.body.data, c.body.len, &opt, &doc) != ROBOTS_OK)
        fail("robots_parse", st);
    robots_query *q = NULL;
    cost_budget_query_new(c.profile, &d, &s, &b);
    begin("robots_query_new", &b);
    st = robots_query_new(doc, c.agents, c.agent_count, &q);
    end();
    if (st == ROBOTS_OK) {
        for (size_t u = 0; u < 3; u++) {
            call_sizes(&c, u, &s);
            cost_budget_query_check(c.profile, &d, &s, &b);
            begin("robots_query_check", &b);
            robots_query_check(q, c.urls[u].data, c.urls[u].len, &v);
            end();
        }
        robots_query_free(q);
    }

    cost_budget_accessors(&d, &b);
    begin("accessors (whole document)", &b);
    walk_accessors(doc);
    end();
    robots_free(doc);
    cost_case_free(&c);
    cost_buf_free(&names);
    run.inputs[0] = NULL;
}

/* robots_match_path: the longest pattern against the longest path. */
static void run_match(size_t i) {
    cost_rng rng;
    cost_case c;
    cost_rng_seed(&rng, run.seed, 1000003u * 2 + i);
    cost_gen_case(&rng, cost_gen_named_cases() + i, &c);
    run.shape = c.shape;
    run.profile = c.profile;
    /* the body's longest line as the pattern */
    const char *p = c.body.data, *end_of = c.body.data + c.body.len;
    const char *best = p;
    size_t best_len = 0;
    while (p < end_of) {
        const char *nl = memchr(p, '\n', (size_t)(end_of - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end_of - p);
        const char *colon = memchr(p, ':', n);
        if (colon && n - (size_t)(colon + 1 - p) > best_len) {
            best = colon + 1;
            best_len = n - (size_t)(colon + 1 - p);
        }
        p += n + 1;
    }
    if (best_len > ROBOTS_MAX_LINE_BYTES)
        best_len = ROBOTS_MAX_LINE_BYTES;
    const char *path = c.urls[0].data;
    size_t path_len = c.urls[0].len;
    const char *slash = memchr(path, '/', path_len);
    if (slash && slash + 1 < path + path_len && slash[1] == '/')
        slash = memchr(slash + 2, '/', path_len - (size_t)(slash + 2 - path));
    if (slash) {
        path_len -= (size_t)(slash - path);
        path = slash;
    }
    cost_budget b;
    cost_budget_match_path(best_len, path_len, &b);
    int matched;
    begin("robots_match_path", &b);
    robots_match_path(c.profile, best, best_len, path, path_len, &matched);
    end();
    cost_case_free(&c);
}

/* ---- the CLI's diff and lint, in this process ---------------------------- */

/* Where the CLI commands' files are written: $TMPDIR (or /tmp). */
static char tmp_dir[4096];

static void write_file(const char *name, const cost_buf *b, char *path,
                       size_t cap) {
    snprintf(path, cap, "%s/%s", tmp_dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(b->data, 1, b->len, f) != b->len ||
        fclose(f) != 0) {
        fprintf(stderr, "cost: cannot write %s\n", path);
        exit(2);
    }
}

/* Runs a CLI command with its output sent to /dev/null, counted. */
static int run_cli(int (*cmd)(int, char **), int argc, char **argv,
                   const char *entry, const cost_budget *b) {
    fflush(stdout);
    fflush(stderr);
    int out = dup(1), err = dup(2);
    int null = open("/dev/null", O_WRONLY);
    if (out < 0 || err < 0 || null < 0) {
        perror("cost: dup");
        exit(2);
    }
    dup2(null, 1);
    dup2(null, 2);
    begin(entry, b);
    int rc = cmd(argc, argv);
    fflush(stdout); /* libc's work: not counted */
    fflush(stderr);
    dup2(out, 1);
    dup2(err, 2);
    end();
    close(out);
    close(err);
    close(null);
    return rc;
}

static void run_diff(size_t i) {
    cost_rng rng;
    cost_buf old_body = {0}, new_body = {0};
    cost_rng_seed(&rng, run.seed, 1000003u * 3 + i);
    robots_profile profile;
    const char *shape;
    cost_gen_diff(&rng, i, &old_body, &new_body, &profile, &shape);
    run.shape = shape;
    run.profile = profile;
    run.inputs[0] = &old_body;
    run.input_names[0] = "old.txt";
    run.inputs[1] = &new_body;
    run.input_names[1] = "new.txt";
    run.inputs[2] = NULL;
    char old_path[4096], new_path[4096];
    write_file("old.txt", &old_body, old_path, sizeof old_path);
    write_file("new.txt", &new_body, new_path, sizeof new_path);
    char *argv[] = {"diff",   "--profile", (char *)robots_profile_name(profile),
                    old_path, new_path,    NULL};
    cost_budget b;
    cost_budget_cli_diff(old_body.len + new_body.len, &b);
    int rc = run_cli(cli_cmd_diff, 5, argv, "robots diff", &b);
    if (rc < 0 || rc > 2)
        fail("robots diff exit status", ROBOTS_OK);
    run.inputs[0] = NULL;
    cost_buf_free(&old_body);
    cost_buf_free(&new_body);
}

static void run_lint(size_t i) {
    cost_rng rng;
    cost_case c;
    cost_rng_seed(&rng, run.seed, 1000003u * 4 + i);
    /* every fourth named case (each in another profile), then random */
    size_t named = cost_gen_named_cases();
    cost_gen_case(&rng, 4 * i < named ? 4 * i : named + i, &c);
    run.shape = c.shape;
    run.profile = c.profile;
    run.inputs[0] = &c.body;
    run.input_names[0] = "robots.txt";
    run.inputs[1] = NULL;
    char path[4096];
    write_file("robots.txt", &c.body, path, sizeof path);
    char *argv[] = {"lint", "--profile", (char *)robots_profile_name(c.profile),
                    path, NULL};
    cost_budget b;
    cost_budget_cli_lint(c.body.len, &b);
    int rc = run_cli(cli_cmd_lint, 4, argv, "robots lint", &b);
    if (rc < 0 || rc > 2)
        fail("robots lint exit status", ROBOTS_OK);
    run.inputs[0] = NULL;
    cost_case_free(&c);
}

/* ---- robots_web.h -------------------------------------------------------- */

static void run_meta(size_t i) {
    cost_rng rng;
    cost_buf html = {0}, agent = {0}, header = {0};
    cost_rng_seed(&rng, run.seed, 1000003u * 5 + i);
    cost_gen_html(&rng, &html, &run.shape);
    cost_buf_str(&agent, cost_rng_one_in(&rng, 2) ? "googlebot" : "robots");
    if (cost_rng_one_in(&rng, 4))
        cost_buf_fill(&agent, 'g', ROBOTS_MAX_AGENT_BYTES - agent.len);
    run.inputs[0] = &html;
    run.input_names[0] = "page.html";
    run.inputs[1] = NULL;
    static robots_meta_result result;
    cost_budget b;
    cost_budget_meta(html.len, agent.len, &b);
    begin("robots_meta_scan_html", &b);
    robots_meta_scan_html(html.data, html.len, agent.data, agent.len, &result);
    end();
    cost_gen_header(&rng, &header);
    run.inputs[0] = &header;
    run.input_names[0] = "x-robots-tag";
    cost_budget_header(header.len, agent.len, &b);
    begin("robots_meta_parse_header", &b);
    robots_meta_parse_header(header.data, header.len, agent.data, agent.len,
                             &result);
    end();
    run.inputs[0] = NULL;
    cost_buf_free(&html);
    cost_buf_free(&agent);
    cost_buf_free(&header);
}

/* Code points of a UTF-8 string, the bytes that are not continuations. */
static size_t code_points(const char *s, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

static void run_url(size_t i) {
    cost_rng rng;
    cost_buf url = {0}, other = {0};
    cost_rng_seed(&rng, run.seed, 1000003u * 6 + i);
    cost_gen_url(&rng, &url, &run.shape);
    cost_gen_url(&rng, &other, &run.shape);
    run.inputs[0] = &url;
    run.input_names[0] = "url";
    run.inputs[1] = &other;
    run.input_names[1] = "robots-url";
    run.inputs[2] = NULL;
    static char buf[ROBOTS_MAX_URL_BYTES * 4];
    size_t needed;
    robots_url_parts parts;
    robots_scope scope;
    cost_budget b;

    cost_budget_url(url.len, &b);
    begin("robots_url_parse", &b);
    robots_url_parse(url.data, url.len, &parts);
    end();
    begin("robots_url_to_robots_txt", &b);
    robots_url_to_robots_txt(url.data, url.len, buf, sizeof buf, &needed);
    end();
    for (size_t p = 0; p < 3; p++) {
        begin("robots_url_to_path", &b);
        robots_url_to_path((robots_profile)p, url.data, url.len, buf,
                           sizeof buf, &needed);
        end();
    }
    /* the part after the scheme as a host */
    const char *host = url.data;
    size_t host_len = url.len;
    const char *sep = strstr(url.data, "://");
    if (sep) {
        host = sep + 3;
        host_len -= (size_t)(host - url.data);
    }
    cost_budget_url(host_len, &b);
    begin("robots_host_to_ascii", &b);
    robots_host_to_ascii(host, host_len, buf, sizeof buf, &needed);
    end();
    cost_budget_punycode(host_len, code_points(host, host_len), &b);
    begin("robots_punycode_encode", &b);
    robots_punycode_encode(host, host_len, buf, sizeof buf, &needed);
    end();
    /* Punycode's worst case: many distinct code points, up to the limit
     * (U+0100 on, two bytes each in UTF-8). */
    cost_buf distinct = {0};
    size_t points = 1 + cost_rng_below(&rng, ROBOTS_MAX_PUNYCODE_CODE_POINTS);
    for (size_t k = 0; k < points; k++) {
        unsigned cp = 0x100u + (unsigned)((k * 7919u) % 0x700u);
        char two[2] = {(char)(0xC0u | cp >> 6), (char)(0x80u | (cp & 0x3Fu))};
        cost_buf_add(&distinct, two, 2);
    }
    cost_budget_punycode(distinct.len, points, &b);
    begin("robots_punycode_encode", &b);
    robots_punycode_encode(distinct.data, distinct.len, buf, sizeof buf,
                           &needed);
    end();
    cost_buf_free(&distinct);
    cost_budget_url(url.len + other.len, &b);
    begin("robots_scope_check", &b);
    robots_scope_check(other.data, other.len, url.data, url.len, &scope);
    end();
    run.inputs[0] = NULL;
    cost_buf_free(&url);
    cost_buf_free(&other);
}

static void run_cache(size_t i) {
    cost_rng rng;
    cost_buf cc = {0}, expires = {0}, date = {0}, block = {0};
    cost_rng_seed(&rng, run.seed, 1000003u * 7 + i);
    run.shape = "headers";
    cost_gen_cache_value(&rng, &cc);
    cost_gen_cache_value(&rng, &expires);
    cost_gen_cache_value(&rng, &date);
    cost_gen_cache_value(&rng, &block);
    run.inputs[0] = &cc;
    run.input_names[0] = "cache-control";
    run.inputs[1] = &block;
    run.input_names[1] = "block";
    run.inputs[2] = NULL;
    robots_cache_headers h;
    memset(&h, 0, sizeof h);
    h.cache_control = cc.data;
    h.cache_control_len = cc.len;
    h.expires = expires.data;
    h.expires_len = expires.len;
    h.date = date.data;
    h.date_len = date.len;
    robots_cache_info info;
    int64_t seconds;
    cost_budget b;
    for (size_t p = 0; p < 3; p++) {
        run.profile = (robots_profile)p;
        cost_budget_cache(cc.len + expires.len + date.len, &b);
        begin("robots_cache_lifetime", &b);
        robots_cache_lifetime((robots_profile)p, &h, &info);
        end();
        cost_budget_cache(block.len, &b);
        begin("robots_cache_lifetime_from_block", &b);
        robots_cache_lifetime_from_block((robots_profile)p, block.data,
                                         block.len, &info);
        end();
    }
    cost_budget_cache(date.len, &b);
    begin("robots_http_date_parse", &b);
    robots_http_date_parse(date.data, date.len, &seconds);
    end();
    run.inputs[0] = NULL;
    cost_buf_free(&cc);
    cost_buf_free(&expires);
    cost_buf_free(&date);
    cost_buf_free(&block);
}

static void run_policy(size_t i) {
    cost_rng rng;
    cost_rng_seed(&rng, run.seed, 1000003u * 8 + i);
    run.shape = "outcome";
    run.inputs[0] = NULL;
    robots_fetch_outcome in;
    memset(&in, 0, sizeof in);
    in.status = (int)cost_rng_below(&rng, 1100);
    in.redirects = (unsigned)cost_rng_below(&rng, 12);
    in.network_error = (robots_network_error)cost_rng_below(&rng, 7);
    in.unreachable_seconds = (int64_t)cost_rng_next(&rng);
    in.has_cached_copy = (int)cost_rng_below(&rng, 2);
    robots_fetch_decision out;
    cost_budget b;
    cost_budget_policy(&b);
    for (size_t p = 0; p < 4; p++) {
        run.profile = (robots_profile)(p % 3);
        begin("robots_fetch_policy", &b);
        robots_fetch_policy(&in, (robots_profile)p, &out);
        end();
    }
}

/* ---- main ---------------------------------------------------------------- */

typedef struct entry_group {
    const char *name;
    void (*run)(size_t i);
    size_t per_hundred; /* iterations per 100 robots.txt cases */
    size_t at_least;
} entry_group;

static const entry_group groups[] = {
    {"robots", run_robots, 100, 0}, {"match", run_match, 50, 0},
    {"diff", run_diff, 1, 3},       {"lint", run_lint, 2, 6},
    {"meta", run_meta, 20, 0},      {"url", run_url, 100, 0},
    {"cache", run_cache, 20, 0},    {"policy", run_policy, 100, 0},
};

static int listed(const char *list, const char *name) {
    if (list == NULL)
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return 1;
        p += len + (comma != NULL);
    }
    return 0;
}

static int number(const char *text, uint64_t *out) {
    char *end_of;
    errno = 0;
    unsigned long long v = strtoull(text, &end_of, 10);
    if (errno || *text == '\0' || *end_of != '\0')
        return 0;
    *out = v;
    return 1;
}

int main(int argc, char **argv) {
    const char *entries = NULL;
    int report_fd = dup(2);
    run.report = report_fd >= 0 ? fdopen(report_fd, "w") : NULL;
    if (run.report == NULL) {
        perror("cost: dup");
        return 2;
    }
    setvbuf(run.report, NULL, _IONBF, 0);
    for (int i = 1; i < argc; i++) {
        uint64_t v;
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc &&
            number(argv[i + 1], &v)) {
            run.seed = v;
            i++;
        } else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc &&
                   number(argv[i + 1], &v)) {
            run.iterations = (size_t)v;
            i++;
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc &&
                   number(argv[i + 1], &v)) {
            run.only = (long)v;
            i++;
        } else if (strcmp(argv[i], "--entries") == 0 && i + 1 < argc) {
            entries = argv[++i];
        } else if (strcmp(argv[i], "--save") == 0 && i + 1 < argc) {
            run.save_dir = argv[++i];
        } else if (strcmp(argv[i], "--table") == 0) {
            run.table = 1;
        } else if (strcmp(argv[i], "--measure") == 0) {
            run.measure = 1;
        } else {
            fprintf(stderr,
                    "usage: robots_cost_fuzz [--seed N] [--iterations N] "
                    "[--only I] [--entries LIST] [--save DIR] [--table]\n");
            return 2;
        }
    }
    /* A call the instrumentation does not see would pass any budget. */
    robots_txt *probe = NULL;
    robots_parse("x", 1, NULL, &probe);
    robots_free(probe);
    if (!cost_instrumented()) {
        fputs("cost: the library was built without the counting "
              "instrumentation (-fsanitize-coverage=trace-pc-guard)\n",
              stderr);
        return 2;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/robots-cost-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(tmp_dir) == NULL) {
        perror("cost: mkdtemp");
        return 2;
    }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (!listed(entries, groups[g].name))
            continue;
        size_t n = run.iterations * groups[g].per_hundred / 100;
        if (n < groups[g].at_least)
            n = groups[g].at_least;
        if (run.only >= 0)
            n = (size_t)run.only + 1;
        run.group = groups[g].name;
        for (size_t i = 0; i < n; i++) {
            if (run.only >= 0 && (size_t)run.only != i)
                continue;
            run.iteration = i;
            groups[g].run(i);
        }
    }
    char path[4096];
    const char *names[] = {"old.txt", "new.txt", "robots.txt"};
    for (size_t k = 0; k < 3; k++) {
        snprintf(path, sizeof path, "%s/%s", tmp_dir, names[k]);
        unlink(path);
    }
    rmdir(tmp_dir);
    printf("cost: seed %llu, every call within its budget "
           "(fuzz/cost/cost_budgets.h):\n",
           (unsigned long long)run.seed);
    for (size_t i = 0; i < run.stat_count; i++)
        printf("  %-34s %6zu calls, the costliest %5.1f%% of its budget "
               "(iteration %zu, %s)\n",
               run.stats[i].name, run.stats[i].calls,
               100.0 * run.stats[i].worst, run.stats[i].worst_iteration,
               shape_text(run.stats[i].worst_shape));
    return 0;
}
