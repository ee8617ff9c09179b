/* SPDX-License-Identifier: MIT */
/*
 * bench.c - robots_bench: the speed, memory and worst case of librobots on a
 * fixed workload, each figure next to the simple baseline of baseline.h
 * measured in the same run.
 *
 *   robots_bench [--robots FILE --urls FILE] [--adversarial DIR]
 *                [--runs N] [--checks N] [--json]
 *   robots_bench --smoke [--adversarial DIR]
 *   robots_bench --mode read|parse FILE [--profile P]
 *   robots_bench --mode check FILE AGENT URLS N [--profile P]
 *                [--baseline | --query]
 *   robots_bench --mode meta|header FILE AGENT
 *
 * --skip-diagnostics, with any form, parses with
 * robots_options.skip_diagnostics (a crawler's parse, verdicts only).
 *
 * The first form measures: parse time of the workload (rfc9309, google),
 * the memory of the document, the time per check for FooBot and QuxBot over
 * the first N URLs, and each adversarial case of DIR/manifest.tsv (see
 * gen_adversarial.py). Times are the median and the minimum of --runs runs;
 * a run repeats a short operation until it has lasted 2 ms.
 *
 * --smoke checks the harness, not the speed: one run of everything on a
 * built-in workload (or the given one), and robots_check() compared with the
 * baseline on every URL; exit 1 on a difference.
 *
 * --mode runs one operation once, for callgrind.sh: the instruction count
 * of `check ... N` minus that of `check ... 1`, over N - 1, is the cost of
 * one check. `read` loads the file only (the floor `parse` is measured
 * against). The URL file is always read whole, so N changes nothing else.
 * AGENT "@FILE" gives a name per line of FILE (an adversarial case's
 * agent field too, FILE in its directory): many long names at once.
 */
#define _POSIX_C_SOURCE 200809L

#include "baseline.h"
#include "robots.h"
#include "robots_web.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- inputs ------------------------------------------------------------ */

typedef struct buf {
    char *data;
    size_t len;
} buf;

static int load(const char *path, buf *out) {
    FILE *f = fopen(path, "rb");
    out->data = NULL;
    out->len = 0;
    if (f == NULL) {
        fprintf(stderr, "robots_bench: cannot open %s\n", path);
        return 0;
    }
    size_t cap = 0;
    for (;;) {
        if (out->len == cap) {
            cap = cap ? 2 * cap : 65536;
            char *grown = realloc(out->data, cap + 1);
            if (grown == NULL) {
                fclose(f);
                return 0;
            }
            out->data = grown;
        }
        size_t got = fread(out->data + out->len, 1, cap - out->len, f);
        out->len += got;
        if (got == 0)
            break;
    }
    int ok = !ferror(f);
    fclose(f);
    out->data[out->len] = '\0';
    return ok;
}

typedef struct lines {
    robots_str *items;
    size_t count;
} lines;

/* Splits text into lines (without \r\n), pointing into it. */
static int split(const char *text, size_t len, lines *out) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    out->items = malloc((n + 1) * sizeof *out->items);
    out->count = 0;
    if (out->items == NULL)
        return 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '\n')
            continue;
        size_t end = i;
        if (end > start && text[end - 1] == '\r')
            end--;
        if (end > start) {
            out->items[out->count].ptr = text + start;
            out->items[out->count].len = end - start;
            out->count++;
        }
        start = i + 1;
    }
    return 1;
}

/* A case's agents: one name, or "@FILE", a name per line of FILE (in
 * `dir`), for the cases of many long names (legacy's search for each
 * record's value in every name). */
typedef struct names {
    robots_str one;
    lines list;
    buf text;
} names;

static int names_load(const char *spec, const char *dir, names *out) {
    memset(out, 0, sizeof *out);
    if (spec[0] != '@') {
        out->one.ptr = spec;
        out->one.len = strlen(spec);
        out->list.items = &out->one;
        out->list.count = 1;
        return 1;
    }
    char path[4096];
    if (dir != NULL)
        snprintf(path, sizeof path, "%s/%s", dir, spec + 1);
    else
        snprintf(path, sizeof path, "%s", spec + 1);
    if (!load(path, &out->text) ||
        !split(out->text.data, out->text.len, &out->list))
        return 0;
    while (out->list.count > 0 && out->list.items[out->list.count - 1].len == 0)
        out->list.count--; /* the line end of the last name */
    return out->list.count > 0;
}

static void names_free(names *n) {
    if (n->list.items != &n->one)
        free(n->list.items);
    free(n->text.data);
}

/* ---- timing ------------------------------------------------------------ */

static volatile size_t sink;
static double min_run_ns = 2e6; /* a run lasts at least this long */

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* One operation; returns how many units it did (0: it failed). */
typedef size_t (*op_fn)(void *ctx);

typedef struct timing {
    double median, min; /* ns per unit */
    size_t runs;
} timing;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median and minimum of n samples (sorts them); none: no timing. */
static timing summarize(double *samples, size_t n) {
    timing t = {-1, -1, 0};
    if (n == 0)
        return t;
    qsort(samples, n, sizeof samples[0], cmp_double);
    t.runs = n;
    t.min = samples[0];
    t.median =
        n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    return t;
}

static timing measure(op_fn fn, void *ctx, size_t runs) {
    timing t = {-1, -1, 0};
    double start = now_ns();
    size_t units = fn(ctx); /* warm-up and calibration */
    double once = now_ns() - start;
    if (units == 0)
        return t;
    size_t reps = 1;
    if (once < min_run_ns)
        reps = (size_t)(min_run_ns / (once > 1 ? once : 1)) + 1;
    if (once > 1e9 && runs > 3)
        runs = 3; /* a slow case: three runs are enough for a median */
    double samples[64];
    if (runs > 64)
        runs = 64;
    for (size_t r = 0; r < runs; r++) {
        size_t total = 0;
        start = now_ns();
        for (size_t k = 0; k < reps; k++)
            total += fn(ctx);
        samples[r] = (now_ns() - start) / (double)(total ? total : 1);
    }
    return summarize(samples, runs);
}

/* ---- operations -------------------------------------------------------- */

/* robots_options.skip_diagnostics of every parse (--skip-diagnostics). */
static size_t skip_diagnostics;

typedef struct parse_ctx {
    const buf *in;
    robots_profile profile;
} parse_ctx;

static robots_status parse_in(const buf *in, robots_profile profile,
                              robots_txt **doc) {
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = profile;
    opt.skip_diagnostics = skip_diagnostics;
    return robots_parse(in->data, in->len, &opt, doc);
}

static size_t op_parse(void *p) {
    parse_ctx *c = p;
    robots_txt *doc;
    if (parse_in(c->in, c->profile, &doc) != ROBOTS_OK)
        return 0;
    sink += robots_group_count(doc);
    robots_free(doc);
    return 1;
}

/* A parse and one check on the new document: what a crawler pays for a
 * site's robots.txt and its first URL, the check compiling the set its
 * agent reads (index.c). */
typedef struct first_ctx {
    const buf *in;
    robots_profile profile;
    const robots_str *agents;
    size_t agent_count;
    robots_str url;
} first_ctx;

static size_t op_parse_check(void *p) {
    first_ctx *c = p;
    robots_txt *doc;
    if (parse_in(c->in, c->profile, &doc) != ROBOTS_OK)
        return 0;
    robots_verdict v;
    robots_status st = robots_check(doc, c->agents, c->agent_count, c->url.ptr,
                                    c->url.len, &v);
    if (st == ROBOTS_OK) /* the verdict is set only then */
        sink += (size_t)v.allowed;
    robots_free(doc);
    return st == ROBOTS_OK;
}

/* The first check on a new document alone, timed apart from its parse:
 * each sample parses (untimed), checks once (timed) and frees. */
static timing measure_first_check(first_ctx *c, size_t runs) {
    timing t = {-1, -1, 0};
    double samples[64];
    if (runs > 64)
        runs = 64;
    for (size_t r = 0; r < runs; r++) {
        robots_txt *doc;
        if (parse_in(c->in, c->profile, &doc) != ROBOTS_OK)
            return t;
        robots_verdict v;
        double start = now_ns();
        robots_status st = robots_check(doc, c->agents, c->agent_count,
                                        c->url.ptr, c->url.len, &v);
        samples[r] = now_ns() - start;
        robots_free(doc);
        if (st != ROBOTS_OK)
            return t;
        sink += (size_t)v.allowed;
    }
    return summarize(samples, runs);
}

typedef struct check_ctx {
    const robots_txt *doc;
    const robots_str *agents;
    size_t agent_count;
    const robots_str *urls;
    size_t n;
    int baseline;
    const robots_query *query; /* set: checks go through it */
    size_t errors;
} check_ctx;

static robots_status check_one(const check_ctx *c, const robots_str *url,
                               robots_verdict *v) {
    if (c->baseline)
        return bench_baseline_check(c->doc, c->agents, c->agent_count, url->ptr,
                                    url->len, v);
    if (c->query != NULL)
        return robots_query_check(c->query, url->ptr, url->len, v);
    return robots_check(c->doc, c->agents, c->agent_count, url->ptr, url->len,
                        v);
}

static size_t op_checks(void *p) {
    check_ctx *c = p;
    for (size_t i = 0; i < c->n; i++) {
        robots_verdict v;
        if (check_one(c, &c->urls[i], &v) != ROBOTS_OK)
            c->errors++;
        else
            sink += (size_t)v.allowed;
    }
    return c->n;
}

typedef struct meta_ctx {
    const buf *in;
    const char *agent;
    int header;
    robots_meta_result result;
} meta_ctx;

static size_t op_meta(void *p) {
    meta_ctx *c = p;
    robots_status st =
        c->header ? robots_meta_parse_header(c->in->data, c->in->len, c->agent,
                                             strlen(c->agent), &c->result)
                  : robots_meta_scan_html(c->in->data, c->in->len, c->agent,
                                          strlen(c->agent), &c->result);
    sink += c->result.restrictions;
    return st == ROBOTS_OK;
}

/* An allocator that records the peak, to compare with the input. */
typedef struct counting {
    size_t live, peak;
} counting;

static void *count_alloc(void *ctx, size_t size) {
    counting *c = ctx;
    void *p = malloc(size);
    if (p != NULL) {
        c->live += size;
        if (c->live > c->peak)
            c->peak = c->live;
    }
    return p;
}

static void count_free(void *ctx, void *ptr, size_t size) {
    counting *c = ctx;
    c->live -= size;
    free(ptr);
}

static robots_status parse_counted(const buf *in, robots_profile profile,
                                   counting *cnt, robots_txt **doc) {
    robots_allocator a = {count_alloc, count_free, cnt};
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = profile;
    opt.skip_diagnostics = skip_diagnostics;
    opt.allocator = &a;
    cnt->live = cnt->peak = 0;
    return robots_parse(in->data, in->len, &opt, doc);
}

/* ---- results ----------------------------------------------------------- */

#define NO_VALUE (-1.0)

typedef struct row {
    char section[12], name[40], profile[8], agent[10], metric[16], unit[4];
    double median, min, baseline, goal; /* in unit; NO_VALUE when none */
    double input, used, peak;           /* bytes, memory rows */
    size_t runs, mismatches;
    char note[112];
} row;

static row rows[256];
static size_t row_count;

static row *add_row(const char *section, const char *name, const char *profile,
                    const char *agent, const char *metric, const char *unit) {
    if (row_count == sizeof rows / sizeof rows[0])
        row_count--; /* keep the last slot for the overflow */
    row *r = &rows[row_count++];
    memset(r, 0, sizeof *r);
    snprintf(r->section, sizeof r->section, "%s", section);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->profile, sizeof r->profile, "%s", profile);
    snprintf(r->agent, sizeof r->agent, "%s", agent);
    snprintf(r->metric, sizeof r->metric, "%s", metric);
    snprintf(r->unit, sizeof r->unit, "%s", unit);
    r->median = r->min = r->baseline = r->goal = NO_VALUE;
    return r;
}

static void set_timing(row *r, timing t, double scale) {
    r->runs = t.runs;
    if (t.runs == 0)
        return;
    r->median = t.median / scale;
    r->min = t.min / scale;
}

static void print_value(FILE *out, double v) {
    if (v < 0)
        fprintf(out, " %10s", "-");
    else if (v >= 100)
        fprintf(out, " %10.0f", v);
    else if (v >= 1)
        fprintf(out, " %10.2f", v);
    else
        fprintf(out, " %10.4f", v);
}

static void print_table(FILE *out) {
    fprintf(out, "%-11s %-22s %-7s %-9s %-13s %10s %10s %10s %7s %10s %s\n",
            "section", "case", "profile", "agent", "metric", "median", "min",
            "baseline", "speedup", "goal", "met");
    for (size_t i = 0; i < row_count; i++) {
        const row *r = &rows[i];
        char metric[24];
        snprintf(metric, sizeof metric, "%s %s", r->metric, r->unit);
        fprintf(out, "%-11s %-22s %-7s %-9s %-13s", r->section, r->name,
                r->profile, r->agent, metric);
        print_value(out, r->median);
        print_value(out, r->min);
        print_value(out, r->baseline);
        if (r->baseline > 0 && r->median > 0)
            fprintf(out, " %6.1fx", r->baseline / r->median);
        else
            fprintf(out, " %7s", "-");
        print_value(out, r->goal);
        if (r->goal >= 0 && r->median >= 0)
            fprintf(out, " %s", r->median <= r->goal ? "yes" : "NO");
        else
            fprintf(out, " -");
        if (r->mismatches)
            fprintf(out, " MISMATCHES %zu", r->mismatches);
        if (r->note[0])
            fprintf(out, "  (%s)", r->note);
        fputc('\n', out);
    }
}

static void json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_number(FILE *out, const char *key, double v) {
    fprintf(out, ",\"%s\":", key);
    if (v < 0)
        fputs("null", out);
    else
        fprintf(out, "%.6g", v);
}

static void print_json(FILE *out, size_t runs, size_t checks) {
    fprintf(out, "{\"bench\":\"robots_bench\",\"version\":");
    json_string(out, robots_version());
    fprintf(out, ",\"baseline\":");
    json_string(out, bench_baseline_name());
    fprintf(out, ",\"runs\":%zu,\"checks\":%zu,\"rows\":[", runs, checks);
    for (size_t i = 0; i < row_count; i++) {
        const row *r = &rows[i];
        fputs(i ? ",\n{" : "\n{", out);
        fputs("\"section\":", out);
        json_string(out, r->section);
        const char *keys[] = {"case",   "profile", "agent",
                              "metric", "unit",    "note"};
        const char *vals[] = {r->name,   r->profile, r->agent,
                              r->metric, r->unit,    r->note};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            fprintf(out, ",\"%s\":", keys[k]);
            json_string(out, vals[k]);
        }
        json_number(out, "median", r->median);
        json_number(out, "min", r->min);
        json_number(out, "baseline", r->baseline);
        json_number(out, "goal", r->goal);
        if (r->input > 0) {
            json_number(out, "input_bytes", r->input);
            json_number(out, "used_bytes", r->used);
            json_number(out, "peak_bytes", r->peak);
        }
        fprintf(out, ",\"runs\":%zu,\"mismatches\":%zu}", r->runs,
                r->mismatches);
    }
    fputs("\n]}\n", out);
}

/* ---- the benchmarks ---------------------------------------------------- */

#define GOAL_PARSE_MS 0.45
#define GOAL_CHECK_NS 300.0
#define GOAL_WORST_MS 10.0
#define MEMORY_CONSTANT 65536.0 /* "plus a small constant" */

static const robots_profile profiles[] = {ROBOTS_PROFILE_RFC9309,
                                          ROBOTS_PROFILE_GOOGLE};

/* Verdicts of robots_check() and the baseline that differ, over urls. */
static size_t mismatches(const robots_txt *doc, const robots_str *agents,
                         size_t agent_count, const robots_str *urls, size_t n) {
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        robots_verdict a, b;
        robots_status sa = robots_check(doc, agents, agent_count, urls[i].ptr,
                                        urls[i].len, &a);
        robots_status sb = bench_baseline_check(doc, agents, agent_count,
                                                urls[i].ptr, urls[i].len, &b);
        if (sa != sb || (sa == ROBOTS_OK &&
                         (a.allowed != b.allowed || a.reason != b.reason ||
                          a.group != b.group || a.rule != b.rule ||
                          a.specific != b.specific))) {
            if (bad++ < 3)
                fprintf(stderr,
                        "robots_bench: %s %.*s: check %s/%d/%s/%zu, "
                        "baseline %s/%d/%s/%zu\n",
                        robots_profile_name(robots_txt_profile(doc)),
                        (int)(urls[i].len > 80 ? 80 : urls[i].len), urls[i].ptr,
                        robots_status_name(sa), a.allowed,
                        robots_reason_name(a.reason), a.rule_line,
                        robots_status_name(sb), b.allowed,
                        robots_reason_name(b.reason), b.rule_line);
        }
    }
    return bad;
}

static size_t groups_naming(const robots_txt *doc, const char *agent) {
    size_t n = 0, groups = robots_group_count(doc);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info gi;
        robots_group(doc, g, &gi);
        for (size_t a = 0; a < gi.agent_count; a++) {
            robots_agent_info ai;
            robots_group_agent(doc, g, a, &ai);
            if (ai.token_len == strlen(agent) &&
                strncmp(ai.token, agent, ai.token_len) == 0) {
                n++;
                break;
            }
        }
    }
    return n;
}

static void memory_row(const char *section, const char *name,
                       const char *profile, const char *metric,
                       const robots_txt *doc, const counting *cnt,
                       size_t input) {
    row *r = add_row(section, name, profile, "-", metric, "x");
    r->input = (double)input;
    r->used = (double)robots_txt_memory_used(doc);
    r->peak = (double)cnt->peak;
    r->median = r->used / (input ? (double)input : 1);
    r->goal = 2 + MEMORY_CONSTANT / (input ? (double)input : 1);
    snprintf(r->note, sizeof r->note,
             "kept %.0f B, parse peak %.0f B (%.1fx), input %zu B", r->used,
             r->peak, r->peak / (input ? (double)input : 1), input);
}

static int bench_workload(const buf *robots, const lines *urls, size_t runs,
                          size_t checks) {
    static const char *agents[] = {"FooBot", "QuxBot"};
    int ok = 1;
    size_t n = checks < urls->count ? checks : urls->count;
    for (size_t p = 0; p < 2; p++) {
        const char *pname = robots_profile_name(profiles[p]);
        char name[40];
        snprintf(name, sizeof name, "workload %zu B", robots->len);
        parse_ctx pc = {robots, profiles[p]};
        row *r = add_row("parse", name, pname, "-", "parse", "ms");
        timing parse_t = measure(op_parse, &pc, runs);
        set_timing(r, parse_t, 1e6);
        r->goal = GOAL_PARSE_MS;
        for (size_t a = 0; a < 2 && n > 0; a++) {
            robots_str agent = {agents[a], strlen(agents[a])};
            first_ctx fc = {robots, profiles[p], &agent, 1, urls->items[0]};
            timing t = measure(op_parse_check, &fc, runs);
            r = add_row("parse", name, pname, agents[a], "parse+check", "ms");
            set_timing(r, t, 1e6);
            snprintf(r->note, sizeof r->note,
                     "a new document and its first check, which compiles "
                     "the agent's set");
            r = add_row("parse", name, pname, agents[a], "first check", "ms");
            set_timing(r, measure_first_check(&fc, runs), 1e6);
        }

        counting cnt;
        robots_txt *doc;
        if (parse_counted(robots, profiles[p], &cnt, &doc) != ROBOTS_OK) {
            fprintf(stderr, "robots_bench: the workload does not parse\n");
            return 0;
        }
        memory_row("memory", name, pname, "memory", doc, &cnt, robots->len);
        for (size_t a = 0; a < 2; a++) {
            check_ctx cc;
            memset(&cc, 0, sizeof cc);
            robots_str agent = {agents[a], strlen(agents[a])};
            cc.doc = doc;
            cc.agents = &agent;
            cc.agent_count = 1;
            cc.urls = urls->items;
            cc.n = n;
            snprintf(name, sizeof name, "%zu URLs", n);
            r = add_row("check", name, pname, agents[a], "check", "ns");
            set_timing(r, measure(op_checks, &cc, runs), 1);
            r->goal = GOAL_CHECK_NS;
            cc.baseline = 1;
            timing b = measure(op_checks, &cc, runs);
            r->baseline = b.runs ? b.median : NO_VALUE;
            r->mismatches = mismatches(doc, &agent, 1, urls->items, n);
            ok &= r->mismatches == 0 && cc.errors == 0;
            check_ctx qc = cc;
            qc.baseline = 0;
            robots_query *query = NULL;
            if (robots_query_new(doc, &agent, 1, &query) == ROBOTS_OK) {
                qc.query = query;
                row *q =
                    add_row("check", name, pname, agents[a], "query", "ns");
                set_timing(q, measure(op_checks, &qc, runs), 1);
                q->goal = GOAL_CHECK_NS;
                q->baseline = r->baseline;
                ok &= qc.errors == 0;
                robots_query_free(query);
            }
            size_t allowed = sink;
            cc.errors = 0;
            op_checks(&cc);
            snprintf(r->note, sizeof r->note,
                     "%zu groups name it, %zu of %zu allowed, %zu errors",
                     groups_naming(doc, agents[a]), (size_t)sink - allowed, n,
                     cc.errors);
        }
        snprintf(name, sizeof name, "workload %zu B", robots->len);
        memory_row("memory", name, pname, "memory+sets", doc, &cnt,
                   robots->len);
        snprintf(rows[row_count - 1].note, sizeof rows[row_count - 1].note,
                 "after checks for both agents compiled their sets: "
                 "kept %.0f B",
                 rows[row_count - 1].used);
        robots_free(doc);
    }
    return ok;
}

/* One line of manifest.tsv: name kind profile agent input url note. */
typedef struct adv_case {
    char *field[7];
} adv_case;

static int bench_adversarial(const char *dir, const buf *workload,
                             size_t runs) {
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.tsv", dir);
    buf manifest;
    if (!load(path, &manifest))
        return 0;
    lines ls;
    if (!split(manifest.data, manifest.len, &ls))
        return 0;
    int ok = 1;
    for (size_t i = 0; i < ls.count; i++) {
        /* The lines point into manifest.data: cut them into fields. */
        char *line = (char *)ls.items[i].ptr;
        line[ls.items[i].len] = '\0';
        adv_case c;
        size_t nf = 0;
        for (char *s = line; nf < 7; nf++) {
            c.field[nf] = s;
            char *tab = strchr(s, '\t');
            if (tab == NULL) {
                nf++;
                break;
            }
            *tab = '\0';
            s = tab + 1;
        }
        if (nf != 7) {
            fprintf(stderr, "robots_bench: manifest line %zu: %zu fields\n",
                    i + 1, nf);
            ok = 0;
            continue;
        }
        const char *name = c.field[0], *kind = c.field[1];
        buf in = {NULL, 0};
        int own = strcmp(c.field[4], "@robots") != 0;
        if (own) {
            snprintf(path, sizeof path, "%s/%s", dir, c.field[4]);
            if (!load(path, &in)) {
                ok = 0;
                continue;
            }
        } else if (workload != NULL) {
            in = *workload;
        } else {
            continue; /* needs the main workload, which was not given */
        }

        if (strcmp(kind, "meta") == 0 || strcmp(kind, "header") == 0) {
            static meta_ctx mc;
            mc.in = &in;
            mc.agent = c.field[3];
            mc.header = strcmp(kind, "header") == 0;
            row *r = add_row("meta", name, "-", c.field[3],
                             mc.header ? "header" : "scan", "ms");
            set_timing(r, measure(op_meta, &mc, runs), 1e6);
            snprintf(r->note, sizeof r->note, "%zu B, %zu scanned: %s", in.len,
                     mc.result.bytes_scanned, c.field[6]);
        } else {
            robots_profile profile;
            if (robots_profile_from_name(c.field[2], strlen(c.field[2]),
                                         &profile) != ROBOTS_OK) {
                ok = 0;
                continue;
            }
            buf url;
            snprintf(path, sizeof path, "%s/%s", dir, c.field[5]);
            if (!load(path, &url)) {
                ok = 0;
                continue;
            }
            parse_ctx pc = {&in, profile};
            row *r = add_row("worst", name, c.field[2], "-", "parse", "ms");
            timing parse_t = measure(op_parse, &pc, runs);
            set_timing(r, parse_t, 1e6);
            snprintf(r->note, sizeof r->note, "%zu B: %s", in.len, c.field[6]);
            names who;
            if (!names_load(c.field[3], dir, &who)) {
                ok = 0;
                free(url.data);
                continue;
            }
            first_ctx fc = {&in,
                            profile,
                            who.list.items,
                            who.list.count,
                            {url.data, url.len}};
            r = add_row("worst", name, c.field[2], c.field[3], "first check",
                        "ms");
            set_timing(r, measure_first_check(&fc, runs), 1e6);
            r->goal = GOAL_WORST_MS;
            snprintf(r->note, sizeof r->note,
                     "compiling the agent's set, then the check");
            counting cnt;
            robots_txt *doc;
            if (parse_counted(&in, profile, &cnt, &doc) != ROBOTS_OK) {
                ok = 0;
                free(url.data);
                names_free(&who);
                continue;
            }
            memory_row("worst", name, c.field[2], "memory", doc, &cnt, in.len);
            check_ctx cc;
            memset(&cc, 0, sizeof cc);
            robots_str u = {url.data, url.len};
            cc.doc = doc;
            cc.agents = who.list.items;
            cc.agent_count = who.list.count;
            cc.urls = &u;
            cc.n = 1;
            r = add_row("worst", name, c.field[2], c.field[3], "check", "ms");
            set_timing(r, measure(op_checks, &cc, runs), 1e6);
            r->goal = GOAL_WORST_MS;
            cc.baseline = 1;
            timing b = measure(op_checks, &cc, runs);
            r->baseline = b.runs ? b.median / 1e6 : NO_VALUE;
            r->mismatches =
                mismatches(doc, who.list.items, who.list.count, &u, 1);
            ok &= r->mismatches == 0 && cc.errors == 0;
            robots_verdict v;
            robots_status st = check_one(&cc, &u, &v);
            snprintf(r->note, sizeof r->note, "URL %zu B: %s %s", url.len,
                     st != ROBOTS_OK ? robots_status_name(st)
                     : v.allowed     ? "allowed"
                                     : "disallowed",
                     st == ROBOTS_OK ? robots_reason_name(v.reason) : "");
            robots_free(doc);
            free(url.data);
            names_free(&who);
        }
        if (own)
            free(in.data);
    }
    free(ls.items);
    free(manifest.data);
    return ok;
}

/* ---- the driver modes for callgrind ------------------------------------ */

static int usage(void) {
    fputs("usage: robots_bench [--robots FILE --urls FILE] "
          "[--adversarial DIR]\n"
          "                    [--runs N] [--checks N] [--json]\n"
          "       robots_bench --smoke [--adversarial DIR]\n"
          "       robots_bench --mode read|parse FILE [--profile P]\n"
          "       robots_bench --mode check FILE AGENT URLS N [--profile P] "
          "[--baseline | --query]\n"
          "       robots_bench --mode meta|header FILE AGENT\n"
          "       (each: [--skip-diagnostics])\n",
          stderr);
    return 2;
}

static int run_mode(const char *mode, char **args, size_t nargs,
                    robots_profile profile, int baseline, int use_query) {
    buf in;
    if (nargs < 1 || !load(args[0], &in))
        return usage();
    int rc = 0;
    if (strcmp(mode, "read") == 0) {
        printf("read %zu bytes\n", in.len);
    } else if (strcmp(mode, "parse") == 0) {
        parse_ctx pc = {&in, profile};
        rc = op_parse(&pc) ? 0 : 1;
        printf("parsed %zu bytes\n", in.len);
    } else if (strcmp(mode, "meta") == 0 || strcmp(mode, "header") == 0) {
        static meta_ctx mc;
        if (nargs != 2)
            return usage();
        mc.in = &in;
        mc.agent = args[1];
        mc.header = strcmp(mode, "header") == 0;
        rc = op_meta(&mc) ? 0 : 1;
        printf("restrictions 0x%x\n", mc.result.restrictions);
    } else if (strcmp(mode, "check") == 0 && nargs == 4) {
        buf ub;
        lines urls;
        char *end;
        unsigned long long n = strtoull(args[3], &end, 10);
        if (*end != '\0' || !load(args[2], &ub) ||
            !split(ub.data, ub.len, &urls) || urls.count == 0)
            return usage();
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = profile;
        opt.skip_diagnostics = skip_diagnostics;
        robots_txt *doc;
        if (robots_parse(in.data, in.len, &opt, &doc) != ROBOTS_OK)
            return 1;
        names who;
        if (!names_load(args[1], NULL, &who))
            return usage();
        check_ctx cc;
        memset(&cc, 0, sizeof cc);
        cc.doc = doc;
        cc.agents = who.list.items;
        cc.agent_count = who.list.count;
        cc.urls = urls.items;
        cc.baseline = baseline;
        robots_query *query = NULL;
        if (use_query && robots_query_new(doc, cc.agents, cc.agent_count,
                                          &query) != ROBOTS_OK)
            return 1;
        cc.query = query;
        cc.n = 1;
        for (unsigned long long i = 0; i < n; i++) {
            cc.urls = &urls.items[i % urls.count];
            op_checks(&cc);
        }
        printf("checked %llu URLs: %zu allowed, %zu errors\n", n, (size_t)sink,
               cc.errors);
        robots_query_free(query);
        robots_free(doc);
        names_free(&who);
        free(urls.items);
        free(ub.data);
    } else {
        return usage();
    }
    free(in.data);
    return rc;
}

/* ---- the smoke workload ------------------------------------------------ */

static const char smoke_robots[] =
    "Sitemap: https://www.example.com/sitemap.xml\n"
    "User-agent: *\n"
    "Disallow: /private/\n"
    "Allow: /private/ok$\n"
    "Disallow: /*.pdf$\n"
    "Disallow: /*?sid=\n"
    "\n"
    "User-agent: FooBot\n"
    "User-agent: BarBot\n"
    "Crawl-delay: 3\n"
    "Disallow: /foo/\n"
    "Allow: /foo/index.html\n"
    "\n"
    "User-agent: foobot\n"
    "Disallow: /*/tmp/\n"
    "Allow: /tmp\n"
    "Disallow: /tmp\n"
    "Disallow: /%7Ehome/\n"
    "\n"
    "User-agent: FooBot-x\n"
    "Disallow: /\n";

static const char smoke_urls[] = "https://www.example.com/\n"
                                 "https://www.example.com/private/x\n"
                                 "/private/ok\n"
                                 "/private/ok2\n"
                                 "/a/b.pdf\n"
                                 "/a/b.pdf?x=1\n"
                                 "/x?sid=1\n"
                                 "/foo/\n"
                                 "/foo/index.html\n"
                                 "/foo/bar\n"
                                 "/a/tmp/b\n"
                                 "/tmp\n"
                                 "/robots.txt\n"
                                 "https://www.example.com/~home/x\n"
                                 "https://www.example.com/%7ehome/x\n"
                                 "https://www.example.com/caf\xc3\xa9\n";

/* ---- main -------------------------------------------------------------- */

int main(int argc, char **argv) {
    const char *robots_path = NULL, *urls_path = NULL, *adv = NULL,
               *mode = NULL;
    size_t runs = 15, checks = 10000;
    int json = 0, smoke = 0, baseline = 0, use_query = 0;
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    char *args[8];
    size_t nargs = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (strcmp(a, "--robots") == 0 && more)
            robots_path = argv[++i];
        else if (strcmp(a, "--urls") == 0 && more)
            urls_path = argv[++i];
        else if (strcmp(a, "--adversarial") == 0 && more)
            adv = argv[++i];
        else if (strcmp(a, "--mode") == 0 && more)
            mode = argv[++i];
        else if (strcmp(a, "--runs") == 0 && more)
            runs = strtoul(argv[++i], NULL, 10);
        else if (strcmp(a, "--checks") == 0 && more)
            checks = strtoul(argv[++i], NULL, 10);
        else if (strcmp(a, "--profile") == 0 && more) {
            i++;
            if (robots_profile_from_name(argv[i], strlen(argv[i]), &profile) !=
                ROBOTS_OK)
                return usage();
        } else if (strcmp(a, "--json") == 0)
            json = 1;
        else if (strcmp(a, "--smoke") == 0)
            smoke = 1;
        else if (strcmp(a, "--baseline") == 0)
            baseline = 1;
        else if (strcmp(a, "--query") == 0)
            use_query = 1;
        else if (strcmp(a, "--skip-diagnostics") == 0)
            skip_diagnostics = 1;
        else if (a[0] != '-' && nargs < sizeof args / sizeof args[0])
            args[nargs++] = argv[i];
        else
            return usage();
    }
    if (mode != NULL)
        return run_mode(mode, args, nargs, profile, baseline, use_query);
    if (nargs != 0 || runs == 0 || checks == 0 ||
        (robots_path == NULL) != (urls_path == NULL) ||
        (!smoke && robots_path == NULL && adv == NULL))
        return usage();
    if (smoke) {
        runs = 1;
        min_run_ns = 0;
    }

    buf robots = {NULL, 0}, url_text = {NULL, 0};
    if (robots_path != NULL) {
        if (!load(robots_path, &robots) || !load(urls_path, &url_text))
            return 2;
    } else if (smoke) {
        robots.data = (char *)smoke_robots;
        robots.len = sizeof smoke_robots - 1;
        url_text.data = (char *)smoke_urls;
        url_text.len = sizeof smoke_urls - 1;
    }
    int ok = 1;
    lines urls = {NULL, 0};
    if (robots.data != NULL) {
        if (!split(url_text.data, url_text.len, &urls) || urls.count == 0)
            return 2;
        ok &= bench_workload(&robots, &urls, runs, checks);
    }
    if (adv != NULL)
        ok &= bench_adversarial(adv, robots_path ? &robots : NULL, runs);

    if (json || smoke)
        print_json(stdout, runs, checks);
    if (!json || smoke) {
        print_table(stdout);
        printf("baseline: %s; %zu runs, median and min\n",
               bench_baseline_name(), runs);
    }
    if (robots_path != NULL) {
        free(robots.data);
        free(url_text.data);
    }
    free(urls.items);
    if (!ok)
        fprintf(stderr, "robots_bench: the harness failed (see above)\n");
    return ok ? 0 : 1;
}
