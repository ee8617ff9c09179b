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
 *   arena parse, arena first (--arena)
 *                parse and first through a caller's allocator
 *                (robots_options.allocator) that bumps a pointer in one
 *                buffer kept for the whole run and is reset before each
 *                parse, its free a no-op: the memory a crawler reuses
 *                from one file to the next, beside malloc's
 *
 *   robots_realworld [--profile P] [--agent A] [--path P] [--runs N]
 *                    [--limit default|off] [--arena] [--skip-diagnostics]
 *                    [--warm] [--per-file] [--json] DIR
 *   robots_realworld --once read|parse|first|google|parse-arena|first-arena
 *                    [options] DIR
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
 * --warm first takes every file through each measured operation once, in
 * name order, and then measures as without it: a process that has already
 * parsed the corpus, as a crawler's has after its first sites. glibc's
 * malloc raises its mmap and trim thresholds to the largest block it has
 * freed from mmap (up to 32 MiB), so a fresh process taking the files in
 * name order gives a large file's blocks back to the kernel after each
 * parse, and faults them in again on the next, until a larger file has
 * been freed; after --warm's pass the real-world corpus takes none
 * (bench/README.md, "Session 16").
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

/* The measured operations first, in the order of file.ns. */
enum op {
    OP_PARSE,
    OP_FIRST,
    OP_GOOGLE,
    OP_PARSE_ARENA,
    OP_FIRST_ARENA,
    OP_READ
};
enum { MEASURED_OPS = OP_READ };

typedef struct file {
    char *name;
    char *data;
    size_t len;
    char *url;
    size_t url_len;
    double ns[MEASURED_OPS], faults[MEASURED_OPS]; /* medians, per enum op */
    /* robots_txt_memory_used() after the parse and after the first check */
    size_t parsed_bytes, checked_bytes;
} file;

/* The --arena allocator: one buffer for the whole run, given out from
 * its start and taken back all at once (arena_reset()) before each
 * parse. Its pages are touched by the first files and reused by the
 * rest, as a crawler's would be. */
typedef struct arena {
    unsigned char *base;
    size_t size, used;
} arena;

typedef struct setup {
    robots_profile profile;
    size_t parse_limit;
    robots_str agent;
    size_t runs;
    arena *arena; /* NULL without --arena */
    /* robots_options.skip_diagnostics (--skip-diagnostics): a crawler's
     * parse, verdicts only */
    size_t skip_diagnostics;
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

static void *arena_alloc(void *ctx, size_t size) {
    arena *a = ctx;
    size_t at = (a->used + 15) & ~(size_t)15; /* malloc's alignment */
    if (at > a->size || size > a->size - at)
        return NULL; /* the library reports ROBOTS_ERR_NO_MEMORY */
    a->used = at + size;
    return a->base + at;
}

static void arena_free(void *ctx, void *ptr, size_t size) {
    (void)ctx, (void)ptr, (void)size; /* taken back by arena_reset() */
}

static void arena_reset(arena *a) {
    a->used = 0;
}

/* A buffer for the largest file's parse and first check: the parse's
 * bound (robots.h, robots_parse_memory_bound()) twice over, for the
 * sets the check compiles too; pages never touched cost nothing. */
static int arena_open(arena *a, size_t largest_file) {
    a->size = 2 * robots_parse_memory_bound(largest_file);
    a->used = 0;
    a->base = malloc(a->size);
    return a->base != NULL;
}

static int is_arena_op(enum op op) {
    return op == OP_PARSE_ARENA || op == OP_FIRST_ARENA;
}

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
    opt.skip_diagnostics = s->skip_diagnostics;
    robots_allocator bump = {arena_alloc, arena_free, s->arena};
    if (is_arena_op(op)) {
        if (s->arena == NULL)
            return 0;
        arena_reset(s->arena);
        opt.allocator = &bump;
    }
    robots_txt *doc;
    if (robots_parse(f->data, f->len, &opt, &doc) != ROBOTS_OK)
        return 0;
    int ok = 1;
    if (op == OP_FIRST || op == OP_FIRST_ARENA) {
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

/* The document's size: robots_txt_memory_used() after the parse and after
 * the first check (which may compile a set). 0 when the parse fails. */
static int weigh(const setup *s, file *f) {
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = s->profile;
    opt.parse_limit = s->parse_limit;
    opt.skip_diagnostics = s->skip_diagnostics;
    robots_txt *doc;
    if (robots_parse(f->data, f->len, &opt, &doc) != ROBOTS_OK)
        return 0;
    f->parsed_bytes = robots_txt_memory_used(doc);
    robots_verdict v;
    int ok =
        robots_check(doc, &s->agent, 1, f->url, f->url_len, &v) == ROBOTS_OK;
    f->checked_bytes = robots_txt_memory_used(doc);
    robots_free(doc);
    return ok;
}

/* Whether this run measures op. */
static int measured(enum op op, const setup *s, int google) {
    return op == OP_GOOGLE ? google : !is_arena_op(op) || s->arena != NULL;
}

/* The medians of s->runs runs of each operation on f. The runs take the
 * operations in turn, so that a burst of load on the machine falls on all
 * of them alike. */
static int measure(const setup *s, file *f, int google) {
    enum { MAX_RUNS = 64 };
    size_t runs = s->runs > MAX_RUNS ? MAX_RUNS : s->runs;
    size_t reps[MEASURED_OPS];
    double t[MEASURED_OPS][MAX_RUNS], pf[MEASURED_OPS][MAX_RUNS];
    for (size_t op = 0; op < MEASURED_OPS; op++)
        if (measured((enum op)op, s, google) &&
            (reps[op] = calibrate((enum op)op, s, f)) == 0)
            return 0;
    for (size_t r = 0; r < runs; r++)
        for (size_t op = 0; op < MEASURED_OPS; op++)
            if (measured((enum op)op, s, google))
                time_run((enum op)op, s, f, reps[op], &t[op][r], &pf[op][r]);
    for (size_t op = 0; op < MEASURED_OPS; op++) {
        if (!measured((enum op)op, s, google))
            continue;
        f->ns[op] = median(t[op], runs);
        f->faults[op] = median(pf[op], runs);
    }
    return weigh(s, f);
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
    double bytes, ns[MEASURED_OPS], faults[MEASURED_OPS];
    double parsed_bytes, checked_bytes; /* the documents' */
    size_t densest;      /* the file of the largest document / input */
    double median_ratio; /* of first / google over the files */
    size_t worst;        /* the file of the largest first / google */
    size_t largest;
} totals;

/* What a file's row is ranked by: first / google, or first alone. */
static double rank(const file *f, int google) {
    return google ? f->ns[OP_FIRST] / f->ns[OP_GOOGLE] : f->ns[OP_FIRST];
}

/* The document's bytes per input byte. */
static double density(const file *f) {
    return (double)f->parsed_bytes / (double)(f->len ? f->len : 1);
}

static totals add_up(file *files, size_t n, int google) {
    totals t;
    memset(&t, 0, sizeof t);
    double *ratios = malloc((n ? n : 1) * sizeof *ratios);
    for (size_t i = 0; i < n; i++) {
        file *f = &files[i];
        t.bytes += (double)f->len;
        for (size_t op = 0; op < MEASURED_OPS; op++) {
            t.ns[op] += f->ns[op];
            t.faults[op] += f->faults[op];
        }
        t.parsed_bytes += (double)f->parsed_bytes;
        t.checked_bytes += (double)f->checked_bytes;
        if (f->len > files[t.largest].len)
            t.largest = i;
        if (density(f) > density(&files[t.densest]))
            t.densest = i;
        if (ratios != NULL)
            ratios[i] = rank(f, google);
        if (rank(f, google) > rank(&files[t.worst], google))
            t.worst = i;
    }
    if (ratios != NULL && n > 0)
        t.median_ratio = median(ratios, n);
    free(ratios);
    return t;
}

static void print_file_row(const char *what, const file *f, int google) {
    printf("%-28s %9zu %10.3f %10.3f", what, f->len, f->ns[OP_PARSE] / 1e6,
           f->ns[OP_FIRST] / 1e6);
    if (google)
        printf(" %10.3f %7.2f", f->ns[OP_GOOGLE] / 1e6, rank(f, google));
    printf("  faults %.0f / %.0f", f->faults[OP_PARSE], f->faults[OP_FIRST]);
    if (google)
        printf(" / %.0f", f->faults[OP_GOOGLE]);
    printf("  %s\n", f->name);
}

/* The documents' size (robots_txt_memory_used()) against their input:
 * over the corpus, and the file whose document is largest for its
 * input. */
static void report_memory(const file *files, const totals *t, int json) {
    const file *d = &files[t->densest];
    if (json) {
        printf(", \"document_bytes\": %.0f, \"checked_bytes\": %.0f, "
               "\"densest\": \"%s\", \"densest_bytes\": %zu",
               t->parsed_bytes, t->checked_bytes, d->name, d->parsed_bytes);
        return;
    }
    printf("documents: %.0f bytes, %.2f an input byte; %.0f after the first "
           "check; the largest for its input: %zu bytes for %zu (%s)\n",
           t->parsed_bytes, t->parsed_bytes / t->bytes, t->checked_bytes,
           d->parsed_bytes, d->len, d->name);
}

/* --arena's figures beside malloc's: the corpus's parse and first, their
 * page faults, and how the arena's compare. */
static void report_arena(const totals *t, int json) {
    if (json) {
        printf(", \"arena_parse_ms\": %.3f, \"arena_first_ms\": %.3f, "
               "\"arena_parse_faults\": %.0f, \"arena_first_faults\": %.0f",
               t->ns[OP_PARSE_ARENA] / 1e6, t->ns[OP_FIRST_ARENA] / 1e6,
               t->faults[OP_PARSE_ARENA], t->faults[OP_FIRST_ARENA]);
        return;
    }
    printf("%-28s %9.0f %10.3f %10.3f  faults %.0f / %.0f  (arena / malloc: "
           "parse %.2f, first %.2f)\n",
           "whole corpus, arena", t->bytes, t->ns[OP_PARSE_ARENA] / 1e6,
           t->ns[OP_FIRST_ARENA] / 1e6, t->faults[OP_PARSE_ARENA],
           t->faults[OP_FIRST_ARENA], t->ns[OP_PARSE_ARENA] / t->ns[OP_PARSE],
           t->ns[OP_FIRST_ARENA] / t->ns[OP_FIRST]);
}

static void report(file *files, size_t n, const setup *s, int google,
                   int per_file, int json) {
    totals t = add_up(files, n, google);
    const file *worst = &files[t.worst];
    if (json) {
        printf("{\"files\": %zu, \"bytes\": %.0f, \"parse_ms\": %.3f, "
               "\"first_ms\": %.3f, \"parse_faults\": %.0f, "
               "\"first_faults\": %.0f, \"parse_mb_s\": %.1f",
               n, t.bytes, t.ns[OP_PARSE] / 1e6, t.ns[OP_FIRST] / 1e6,
               t.faults[OP_PARSE], t.faults[OP_FIRST],
               t.bytes / t.ns[OP_PARSE] * 1e3);
        if (google)
            printf(", \"google_ms\": %.3f, \"google_faults\": %.0f, "
                   "\"median_ratio\": %.3f, \"worst\": \"%s\", "
                   "\"worst_ratio\": %.3f",
                   t.ns[OP_GOOGLE] / 1e6, t.faults[OP_GOOGLE], t.median_ratio,
                   worst->name, rank(worst, google));
        if (s->arena != NULL)
            report_arena(&t, json);
        report_memory(files, &t, json);
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
           t.ns[OP_PARSE] / 1e6, t.ns[OP_FIRST] / 1e6);
    if (google)
        printf(" %10.3f %7.2f", t.ns[OP_GOOGLE] / 1e6,
               t.ns[OP_FIRST] / t.ns[OP_GOOGLE]);
    printf("  faults %.0f / %.0f", t.faults[OP_PARSE], t.faults[OP_FIRST]);
    if (google)
        printf(" / %.0f", t.faults[OP_GOOGLE]);
    printf("  (%zu files)\n", n);
    if (s->arena != NULL)
        report_arena(&t, json);
    print_file_row("largest file", &files[t.largest], google);
    print_file_row(google ? "worst file (first / google)" : "slowest first",
                   worst, google);
    printf("parse: %.0f MB/s; parse + first check + free: %.0f MB/s",
           t.bytes / t.ns[OP_PARSE] * 1e3, t.bytes / t.ns[OP_FIRST] * 1e3);
    if (google)
        printf("; google: %.0f MB/s; median ratio first / google %.2f",
               t.bytes / t.ns[OP_GOOGLE] * 1e3, t.median_ratio);
    printf("\n");
    report_memory(files, &t, json);
}

static int usage(void) {
    fputs("usage: robots_realworld [--profile rfc9309|google|legacy] "
          "[--agent A] [--path P]\n"
          "                        [--runs N] [--limit default|off] "
          "[--arena] [--skip-diagnostics]\n"
          "                        [--warm] [--per-file] [--json] DIR\n"
          "       robots_realworld --once "
          "read|parse|first|google|parse-arena|first-arena\n"
          "                        [options] DIR\n",
          stderr);
    return 2;
}

int main(int argc, char **argv) {
    setup s = {ROBOTS_PROFILE_RFC9309, 0, {"Googlebot", 9}, 7, NULL, 0};
    const char *dir = NULL, *path = "/search/about";
    int per_file = 0, json = 0, count_op = -1, use_arena = 0, warm = 0;
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
            count_op = strcmp(o, "parse") == 0         ? OP_PARSE
                       : strcmp(o, "first") == 0       ? OP_FIRST
                       : strcmp(o, "google") == 0      ? OP_GOOGLE
                       : strcmp(o, "read") == 0        ? OP_READ
                       : strcmp(o, "parse-arena") == 0 ? OP_PARSE_ARENA
                       : strcmp(o, "first-arena") == 0 ? OP_FIRST_ARENA
                                                       : -2;
            if (count_op == -2)
                return usage();
            use_arena |= is_arena_op((enum op)count_op);
        } else if (strcmp(a, "--arena") == 0) {
            use_arena = 1;
        } else if (strcmp(a, "--skip-diagnostics") == 0) {
            s.skip_diagnostics = 1;
        } else if (strcmp(a, "--warm") == 0) {
            warm = 1;
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
    arena bump = {NULL, 0, 0};
    if (use_arena) {
        size_t largest = 0;
        for (size_t i = 0; i < n; i++)
            largest = files[i].len > largest ? files[i].len : largest;
        if (!arena_open(&bump, largest))
            return 1;
        s.arena = &bump;
    }
    if (count_op >= 0) { /* each file once, for callgrind */
        for (size_t i = 0; i < n; i++)
            run_op((enum op)count_op, &s, &files[i]);
    } else {
        if (warm) /* malloc's thresholds as a crawler's: see the top */
            for (size_t i = 0; i < n; i++)
                for (size_t op = 0; op < MEASURED_OPS; op++)
                    if (measured((enum op)op, &s, google))
                        run_op((enum op)op, &s, &files[i]);
        for (size_t i = 0; i < n; i++) {
            if (!measure(&s, &files[i], google)) {
                fprintf(stderr, "robots_realworld: %s: parse or check failed\n",
                        files[i].name);
                return 1;
            }
        }
        report(files, n, &s, google, per_file, json);
    }
    free(bump.base);
    for (size_t i = 0; i < n; i++) {
        free(files[i].name);
        free(files[i].data);
        free(files[i].url);
    }
    free(files);
    return 0;
}
