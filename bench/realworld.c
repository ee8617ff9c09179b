/* SPDX-License-Identifier: MIT */
/*
 * realworld.c - robots_realworld: librobots on a directory of real sites'
 * robots.txt files (issue 23), each file measured alone and the corpus in
 * total, in one run:
 *
 *   parse        robots_parse() + robots_free()
 *   first        robots_parse() + one robots_check() + robots_free(): what
 *                a crawler pays for a site's robots.txt and its first URL
 *   google       google/robotstxt's one AllowedByRobots (parse and match),
 *                when built against a checkout (GOOGLE_ROBOTSTXT_DIR; see
 *                bench/README.md); nothing of that library is in this
 *                repository
 *
 *   robots_realworld [--profile P] [--agent A] [--path P] [--runs N]
 *                    [--limit default|off] [--per-file] [--json] DIR
 *   robots_realworld --once read|parse|first|google [options] DIR
 *
 * Each figure of a file is the median of --runs runs (default 7); a run
 * repeats the operation until it has lasted 0.2 ms, so that a 100-byte
 * file is timed over many calls. Beside each time is the median number of
 * minor page faults (getrusage) per operation: pages the kernel handed out
 * fresh, which the time alone hides. The URL of a file named NAME is
 * https://NAME + --path (default /search/about). The parse limit is off by
 * default, as Google's library reads the whole body. Not a test: nothing
 * here fails on a time; exit 1 only when a file cannot be read or parsed.
 *
 * --once runs one operation once on every file and measures nothing, for
 * callgrind: Ir(--once parse) - Ir(--once read) is the corpus's parse.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "robots.h"

#ifdef ROBOTS_BENCH_GOOGLE
#include "google_oracle.h"
#endif

typedef struct file {
    char *name;
    char *data;
    size_t len;
    char *url;
    size_t url_len;
    double parse_ns, first_ns, google_ns; /* medians, per operation */
    double parse_faults, first_faults, google_faults;
} file;

typedef struct setup {
    robots_profile profile;
    size_t parse_limit;
    robots_str agent;
    size_t runs;
} setup;

static volatile size_t sink;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static long minor_faults(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- the operations ---------------------------------------------------- */

enum op { OP_PARSE, OP_FIRST, OP_GOOGLE, OP_READ };

static int run_op(enum op op, const setup *s, const file *f) {
    if (op == OP_READ) /* nothing: the floor of --once */
        return 1;
    if (op == OP_GOOGLE) {
#ifdef ROBOTS_BENCH_GOOGLE
        sink += (size_t)google_oracle_allowed(f->data, f->len, s->agent.ptr,
                                              s->agent.len, f->url, f->url_len);
        return 1;
#else
        return 0;
#endif
    }
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = s->profile;
    opt.parse_limit = s->parse_limit;
    robots_txt *doc;
    if (robots_parse(f->data, f->len, &opt, &doc) != ROBOTS_OK)
        return 0;
    int ok = 1;
    if (op == OP_FIRST) {
        robots_verdict v;
        ok = robots_check(doc, &s->agent, 1, f->url, f->url_len, &v) ==
             ROBOTS_OK;
        if (ok)
            sink += (size_t)v.allowed;
    } else {
        sink += robots_group_count(doc);
    }
    robots_free(doc);
    return ok;
}

/* How many times one run repeats op on f so that it lasts 0.2 ms. */
static size_t calibrate(enum op op, const setup *s, const file *f) {
    double start = now_ns();
    if (!run_op(op, s, f)) /* warm-up */
        return 0;
    double once = now_ns() - start;
    return once < 2e5 ? (size_t)(2e5 / (once > 1 ? once : 1)) + 1 : 1;
}

/* One run of op: time and faults per operation. */
static void time_run(enum op op, const setup *s, const file *f, size_t reps,
                     double *ns, double *faults) {
    long pf0 = minor_faults();
    double start = now_ns();
    for (size_t k = 0; k < reps; k++)
        run_op(op, s, f);
    *ns = (now_ns() - start) / (double)reps;
    *faults = (double)(minor_faults() - pf0) / (double)reps;
}

/* The medians of s->runs runs of each operation on f. The runs take the
 * operations in turn, so that a burst of load on the machine falls on all
 * of them alike. */
static int measure(const setup *s, file *f, int google) {
    enum { MAX_RUNS = 64 };
    size_t nops = google ? 3 : 2,
           runs = s->runs > MAX_RUNS ? MAX_RUNS : s->runs;
    size_t reps[3];
    double t[3][MAX_RUNS], pf[3][MAX_RUNS];
    for (size_t op = 0; op < nops; op++)
        if ((reps[op] = calibrate((enum op)op, s, f)) == 0)
            return 0;
    for (size_t r = 0; r < runs; r++)
        for (size_t op = 0; op < nops; op++)
            time_run((enum op)op, s, f, reps[op], &t[op][r], &pf[op][r]);
    double *ns[3] = {&f->parse_ns, &f->first_ns, &f->google_ns};
    double *faults[3] = {&f->parse_faults, &f->first_faults, &f->google_faults};
    for (size_t op = 0; op < nops; op++) {
        *ns[op] = median(t[op], runs);
        *faults[op] = median(pf[op], runs);
    }
    return 1;
}

/* ---- the corpus -------------------------------------------------------- */

static int load(const char *dir, const char *name, file *f) {
    size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (path == NULL)
        return 0;
    snprintf(path, n, "%s/%s", dir, name);
    FILE *in = fopen(path, "rb");
    free(path);
    if (in == NULL)
        return 0;
    size_t cap = 4096;
    f->len = 0;
    f->data = malloc(cap);
    for (size_t got; f->data != NULL && (got = fread(f->data + f->len, 1,
                                                     cap - f->len, in)) > 0;) {
        f->len += got;
        if (f->len == cap) {
            char *grown = realloc(f->data, cap *= 2);
            if (grown == NULL)
                free(f->data);
            f->data = grown;
        }
    }
    fclose(in);
    f->name = strdup(name);
    return f->data != NULL && f->name != NULL;
}

static int cmp_name(const void *a, const void *b) {
    return strcmp(((const file *)a)->name, ((const file *)b)->name);
}

static file *read_corpus(const char *dir, const char *path, size_t *count) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "robots_realworld: cannot open %s\n", dir);
        return NULL;
    }
    size_t n = 0, cap = 0;
    file *files = NULL;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "manifest.tsv") == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 1024;
            file *grown = realloc(files, cap * sizeof *files);
            if (grown == NULL)
                break;
            files = grown;
        }
        memset(&files[n], 0, sizeof files[n]);
        if (!load(dir, e->d_name, &files[n])) {
            fprintf(stderr, "robots_realworld: cannot read %s/%s\n", dir,
                    e->d_name);
            continue;
        }
        size_t ulen = strlen("https://") + strlen(e->d_name) + strlen(path);
        files[n].url = malloc(ulen + 1);
        if (files[n].url == NULL)
            break;
        snprintf(files[n].url, ulen + 1, "https://%s%s", e->d_name, path);
        files[n].url_len = ulen;
        n++;
    }
    closedir(d);
    qsort(files, n, sizeof *files, cmp_name);
    *count = n;
    return files;
}

/* ---- the report -------------------------------------------------------- */

typedef struct totals {
    double bytes, parse_ns, first_ns, google_ns;
    double parse_faults, first_faults, google_faults;
    double median_ratio; /* of first / google over the files */
    size_t worst;        /* the file of the largest first / google */
    size_t largest;
} totals;

static totals add_up(file *files, size_t n, int google) {
    totals t;
    memset(&t, 0, sizeof t);
    double *ratios = malloc((n ? n : 1) * sizeof *ratios);
    for (size_t i = 0; i < n; i++) {
        file *f = &files[i];
        t.bytes += (double)f->len;
        t.parse_ns += f->parse_ns;
        t.first_ns += f->first_ns;
        t.google_ns += f->google_ns;
        t.parse_faults += f->parse_faults;
        t.first_faults += f->first_faults;
        t.google_faults += f->google_faults;
        if (f->len > files[t.largest].len)
            t.largest = i;
        double r = google ? f->first_ns / f->google_ns : f->first_ns;
        if (ratios != NULL)
            ratios[i] = r;
        if (r > (google ? files[t.worst].first_ns / files[t.worst].google_ns
                        : files[t.worst].first_ns))
            t.worst = i;
    }
    if (ratios != NULL && n > 0)
        t.median_ratio = median(ratios, n);
    free(ratios);
    return t;
}

static void print_file_row(const char *what, const file *f, int google) {
    printf("%-28s %9zu %10.3f %10.3f", what, f->len, f->parse_ns / 1e6,
           f->first_ns / 1e6);
    if (google)
        printf(" %10.3f %7.2f", f->google_ns / 1e6, f->first_ns / f->google_ns);
    printf("  faults %.0f / %.0f", f->parse_faults, f->first_faults);
    if (google)
        printf(" / %.0f", f->google_faults);
    printf("  %s\n", f->name);
}

static void report(file *files, size_t n, int google, int per_file, int json) {
    totals t = add_up(files, n, google);
    if (json) {
        printf("{\"files\": %zu, \"bytes\": %.0f, \"parse_ms\": %.3f, "
               "\"first_ms\": %.3f, \"parse_faults\": %.0f, "
               "\"first_faults\": %.0f, \"parse_mb_s\": %.1f",
               n, t.bytes, t.parse_ns / 1e6, t.first_ns / 1e6, t.parse_faults,
               t.first_faults, t.bytes / t.parse_ns * 1e3);
        if (google)
            printf(", \"google_ms\": %.3f, \"google_faults\": %.0f, "
                   "\"median_ratio\": %.3f, \"worst\": \"%s\", "
                   "\"worst_ratio\": %.3f",
                   t.google_ns / 1e6, t.google_faults, t.median_ratio,
                   files[t.worst].name,
                   files[t.worst].first_ns / files[t.worst].google_ns);
        printf("}\n");
        return;
    }
    printf("%-28s %9s %10s %10s", "", "bytes", "parse ms", "first ms");
    if (google)
        printf(" %10s %7s", "google ms", "ratio");
    printf("  (ratio: first / google)\n");
    if (per_file)
        for (size_t i = 0; i < n; i++)
            print_file_row("", &files[i], google);
    printf("%-28s %9.0f %10.3f %10.3f", "whole corpus", t.bytes,
           t.parse_ns / 1e6, t.first_ns / 1e6);
    if (google)
        printf(" %10.3f %7.2f", t.google_ns / 1e6, t.first_ns / t.google_ns);
    printf("  faults %.0f / %.0f", t.parse_faults, t.first_faults);
    if (google)
        printf(" / %.0f", t.google_faults);
    printf("  (%zu files)\n", n);
    print_file_row("largest file", &files[t.largest], google);
    print_file_row(google ? "worst file (first / google)" : "slowest first",
                   &files[t.worst], google);
    printf("parse: %.0f MB/s; parse + first check + free: %.0f MB/s",
           t.bytes / t.parse_ns * 1e3, t.bytes / t.first_ns * 1e3);
    if (google)
        printf("; google: %.0f MB/s; median ratio first / google %.2f",
               t.bytes / t.google_ns * 1e3, t.median_ratio);
    printf("\n");
}

static int usage(void) {
    fputs("usage: robots_realworld [--profile rfc9309|google|legacy] "
          "[--agent A] [--path P]\n"
          "                        [--runs N] [--limit default|off] "
          "[--per-file] [--json] DIR\n"
          "       robots_realworld --once read|parse|first|google [options] "
          "DIR\n",
          stderr);
    return 2;
}

int main(int argc, char **argv) {
    setup s = {ROBOTS_PROFILE_RFC9309, 0, {"Googlebot", 9}, 7};
    const char *dir = NULL, *path = "/search/about";
    int per_file = 0, json = 0, count_op = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (strcmp(a, "--profile") == 0 && more) {
            const char *p = argv[++i];
            s.profile = strcmp(p, "google") == 0   ? ROBOTS_PROFILE_GOOGLE
                        : strcmp(p, "legacy") == 0 ? ROBOTS_PROFILE_LEGACY
                                                   : ROBOTS_PROFILE_RFC9309;
        } else if (strcmp(a, "--agent") == 0 && more) {
            s.agent.ptr = argv[++i];
            s.agent.len = strlen(s.agent.ptr);
        } else if (strcmp(a, "--path") == 0 && more) {
            path = argv[++i];
        } else if (strcmp(a, "--runs") == 0 && more) {
            s.runs = (size_t)strtoul(argv[++i], NULL, 10);
        } else if (strcmp(a, "--limit") == 0 && more) {
            s.parse_limit = strcmp(argv[++i], "default") == 0
                                ? ROBOTS_DEFAULT_PARSE_LIMIT
                                : 0;
        } else if (strcmp(a, "--once") == 0 && more) {
            const char *o = argv[++i];
            count_op = strcmp(o, "parse") == 0    ? OP_PARSE
                       : strcmp(o, "first") == 0  ? OP_FIRST
                       : strcmp(o, "google") == 0 ? OP_GOOGLE
                       : strcmp(o, "read") == 0   ? OP_READ
                                                  : -2;
            if (count_op == -2)
                return usage();
        } else if (strcmp(a, "--per-file") == 0) {
            per_file = 1;
        } else if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (a[0] != '-' && dir == NULL) {
            dir = a;
        } else {
            return usage();
        }
    }
    if (dir == NULL || s.runs == 0)
        return usage();
    size_t n = 0;
    file *files = read_corpus(dir, path, &n);
    if (files == NULL || n == 0)
        return 1;
    int google = 0;
#ifdef ROBOTS_BENCH_GOOGLE
    google = 1;
#endif
    if (count_op >= 0) { /* each file once, for callgrind */
        for (size_t i = 0; i < n; i++)
            run_op((enum op)count_op, &s, &files[i]);
    } else {
        for (size_t i = 0; i < n; i++) {
            if (!measure(&s, &files[i], google)) {
                fprintf(stderr, "robots_realworld: %s: parse or check failed\n",
                        files[i].name);
                return 1;
            }
        }
        report(files, n, google, per_file, json);
    }
    for (size_t i = 0; i < n; i++) {
        free(files[i].name);
        free(files[i].data);
        free(files[i].url);
    }
    free(files);
    return 0;
}
