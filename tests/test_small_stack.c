/* SPDX-License-Identifier: MIT */
/*
 * test_small_stack.c - robots.h promises that every public function uses
 * at most 16 KiB of stack on any input within the limits. This runs parse,
 * check, query, the group and rule accessors, matching, META scanning and
 * the URL, fetch and cache functions on the worst inputs of
 * bench/gen_adversarial.py (its manifest directory is the argument) and on
 * a few worst shapes of its own, each call in a thread of its own whose
 * stack is SMALL_STACK_BYTES (32 KiB) with a PROT_NONE page below it: a
 * call that needs more crashes the test.
 *
 * The stack is painted before the thread runs, so the test also measures
 * how much of it each call touched (less what an empty thread touches: the
 * thread's descriptor and TLS live at the top of its stack) and, in the
 * plain optimised builds, fails any call that touched more than the
 * header's 16 KiB (SMALL_STACK_MEASURED, set by tests/CMakeLists.txt).
 *
 * Sanitizers and -O0 (the coverage build) make frames larger than the
 * library's, and their runtimes run on the caller's stack (the allocator
 * interceptors record a stack trace), so under them the 16 KiB figure is
 * neither the library's nor asserted; the calls still run in the same
 * 32 KiB threads, so ASan, MSan and TSan builds crash if they need more.
 * The 16 KiB claim is proved by the plain gcc and clang builds (the CI
 * gates gcc and clang). The valgrind gate does not run this test: those
 * gates and asan-ubsan and msan already run it, and under memcheck it took
 * more than a third of that gate (ci/gates.sh, CI_VALGRIND_SKIP).
 *
 * A second argument K/N runs the manifest's K-th case of every N (and the
 * test's own shapes in part 1): ctest runs the N parts side by side.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "robots.h"
#include "robots_usage.h"
#include "robots_web.h"
#include "testing.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#endif
#endif
#ifndef VALGRIND_MAKE_MEM_DEFINED
#define VALGRIND_MAKE_MEM_DEFINED(addr, len) ((void)(addr), (void)(len))
#endif

/* The header's promise, and the stack the calls run on: 32 KiB, twice the
 * promise, as a crawler's small-stack thread or coroutine might have, in
 * every build (the sanitizers' larger frames and interceptors fit: about
 * 19 KiB at most measured under MSan, its empty thread included). */
#define PROMISED_BYTES (16 * 1024)
#define SMALL_STACK_BYTES (32 * 1024)
#define PAINT 0xA5

/* ---- the inputs --------------------------------------------------------- */

typedef struct bytes {
    char *ptr;
    size_t len;
} bytes;

static bytes read_file(const char *dir, const char *name) {
    bytes b = {NULL, 0};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    size_t cap = 1 << 16;
    b.ptr = malloc(cap);
    for (;;) {
        if (b.ptr == NULL)
            exit(2);
        b.len += fread(b.ptr + b.len, 1, cap - b.len, f);
        if (b.len < cap)
            break;
        cap *= 2;
        b.ptr = realloc(b.ptr, cap);
    }
    fclose(f);
    return b;
}

/* One case: a robots.txt and a URL for an agent, or an HTML page, or a
 * header value. */
typedef struct small_case {
    char name[128];
    char kind[16];
    robots_profile profile;
    bytes agent, input, url;
} small_case;

/* ---- one call in a thread of a small stack ------------------------------ */

typedef struct job {
    const small_case *c;
    const robots_txt *doc; /* parsed beforehand, for the calls that read it */
    robots_status status;  /* what the call answered, for the assertions */
    int matched;
} job;

typedef void (*job_fn)(job *);
typedef struct thread_arg {
    job_fn fn;
    job *j;
} thread_arg;

static void *thread_main(void *p) {
    thread_arg *a = p;
    if (a->fn != NULL)
        a->fn(a->j);
    return NULL;
}

/* The bytes of a SMALL_STACK_BYTES thread stack that running fn touched. */
static size_t run_small(job_fn fn, job *j) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t size = (SMALL_STACK_BYTES + page - 1) / page * page;
    unsigned char *map = mmap(NULL, size + page, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED || mprotect(map, page, PROT_NONE) != 0) {
        perror("mmap");
        exit(2);
    }
    unsigned char *stack = map + page;
    memset(stack, PAINT, size);
    pthread_attr_t attr;
    pthread_t thread;
    thread_arg arg = {fn, j};
    if (pthread_attr_init(&attr) != 0 ||
        pthread_attr_setstack(&attr, stack, size) != 0 ||
        pthread_create(&thread, &attr, thread_main, &arg) != 0 ||
        pthread_join(thread, NULL) != 0) {
        fprintf(stderr, "cannot run a thread of %zu bytes of stack\n", size);
        exit(2);
    }
    pthread_attr_destroy(&attr);
    /* valgrind marks a stack's memory below its pointer as unreadable. */
    VALGRIND_MAKE_MEM_DEFINED(stack, size);
    size_t untouched = 0;
    while (untouched < size && stack[untouched] == PAINT)
        untouched++;
    munmap(map, size + page);
    return size - untouched;
}

static size_t thread_floor; /* what an empty thread touches */
static size_t most_used;
static char most_used_by[200];

/* Runs fn in a small thread; records and (plain builds) bounds its use. */
static void run(const char *what, job_fn fn, job *j) {
    size_t used = run_small(fn, j);
    size_t own = used > thread_floor ? used - thread_floor : 0;
    if (own > most_used) {
        most_used = own;
        snprintf(most_used_by, sizeof most_used_by, "%s on %s", what,
                 j->c != NULL ? j->c->name : "-");
    }
#ifdef SMALL_STACK_MEASURED
    EXPECT_MSG(own <= PROMISED_BYTES, "%s on %s: %zu bytes of stack", what,
               j->c != NULL ? j->c->name : "-", own);
#endif
}

/* ---- the calls ---------------------------------------------------------- */

static void parse_and_free(job *j) {
    robots_options o;
    robots_options_init(&o);
    o.profile = j->c->profile;
    robots_txt *doc = NULL;
    j->status = robots_parse(j->c->input.ptr, j->c->input.len, &o, &doc);
    robots_free(doc);
}

/* The same body as a prefix whose rest is not counted, when the default
 * limit and its lookahead leave one to cut. */
static void parse_prefix_and_free(job *j) {
    robots_options o;
    robots_options_init(&o);
    o.profile = j->c->profile;
    size_t need = o.parse_limit + ROBOTS_PARSE_LOOKAHEAD_BYTES;
    int cut = j->c->input.len > need;
    robots_txt *doc = NULL;
    j->status =
        robots_parse_prefix(j->c->input.ptr, cut ? need : j->c->input.len,
                            cut ? ROBOTS_NOT_COUNTED : 0, &o, &doc);
    robots_free(doc);
}

static void check_one(job *j) {
    robots_str agent = {j->c->agent.ptr, j->c->agent.len};
    robots_verdict v;
    j->status =
        robots_check(j->doc, &agent, 1, j->c->url.ptr, j->c->url.len, &v);
}

static void check_two(job *j) {
    /* Two names: no memo, the agents resolved on this stack. */
    robots_str agents[2] = {{j->c->agent.ptr, j->c->agent.len},
                            {"OtherBot", 8}};
    robots_verdict v;
    j->status =
        robots_check(j->doc, agents, 2, j->c->url.ptr, j->c->url.len, &v);
}

static void check_agent(job *j) {
    robots_verdict v;
    j->status = robots_check_agent(j->doc, j->c->agent.ptr, j->c->agent.len,
                                   j->c->url.ptr, j->c->url.len, &v);
}

static void query(job *j) {
    robots_str agent = {j->c->agent.ptr, j->c->agent.len};
    robots_query *q = NULL;
    j->status = robots_query_new(j->doc, &agent, 1, &q);
    if (j->status == ROBOTS_OK) {
        robots_verdict v;
        j->status = robots_query_check(q, j->c->url.ptr, j->c->url.len, &v);
    }
    robots_query_free(q);
    if (j->status == ROBOTS_OK) {
        /* robots_check() and the Content-Usage lines of its groups. */
        robots_usage_result usage;
        j->status = robots_usage(j->doc, agent.ptr, agent.len, j->c->url.ptr,
                                 j->c->url.len, &usage);
    }
}

static void read_document(job *j) {
    const robots_txt *doc = j->doc;
    robots_str agent = {j->c->agent.ptr, j->c->agent.len};
    size_t group = 0;
    int specific = 0;
    j->status = robots_select_group(doc, &agent, 1, &group, &specific);
    size_t selected[8], needed = 0;
    robots_select_groups(doc, &agent, 1, selected, 8, &needed, &specific);
    robots_agent_token_info token;
    robots_agent_token(robots_txt_profile(doc), agent.ptr, agent.len, &token);
    size_t groups = robots_group_count(doc);
    for (size_t g = 0; g < groups && g < 4; g++) {
        robots_group_info info;
        if (robots_group(doc, g, &info) != ROBOTS_OK)
            continue;
        robots_agent_info a;
        robots_group_agent(doc, g, 0, &a);
        for (size_t r = 0; r < 4; r++) {
            robots_rule_info rule;
            if (robots_group_rule(doc, g, r, &rule) != ROBOTS_OK)
                break;
            char buf[256];
            size_t len = 0;
            robots_group_rule_normalized(doc, g, r, buf, sizeof buf, &len);
            int matched = 0;
            robots_match_path(robots_txt_profile(doc), rule.pattern,
                              rule.pattern_len, j->c->url.ptr, j->c->url.len,
                              &matched);
        }
    }
    for (size_t r = 0; r < robots_rule_count(doc) && r < 4; r++) {
        robots_rule_info rule;
        robots_rule(doc, r, &rule);
        char buf[256];
        size_t len = 0;
        robots_rule_normalized(doc, r, buf, sizeof buf, &len);
        robots_rule_example_path(doc, r, "x", 1, buf, sizeof buf, &len);
    }
    robots_diagnostic_info d;
    robots_diagnostic(doc, 0, &d);
    robots_record_info record;
    robots_sitemap(doc, 0, &record);
    robots_extension(doc, 0, &record);
    robots_txt_memory_used(doc);
}

/* The whole-document analysis, which compares agents (legacy: by a
 * substring search with its table on the stack) and rules pairwise. */
static void analyze_document(job *j) {
    robots_analysis *an = NULL;
    j->status = robots_analyze(j->doc, j->c->input.ptr, j->c->input.len, &an);
    robots_analysis_free(an);
}

/* robots_match_path on the longest pattern and path it accepts. */
static void match_longest(job *j) {
    j->status =
        robots_match_path(j->c->profile, j->c->input.ptr, j->c->input.len,
                          j->c->url.ptr, j->c->url.len, &j->matched);
}

static void url_functions(job *j) {
    const bytes *u = &j->c->url;
    robots_url_parts parts;
    robots_url_parse(u->ptr, u->len, &parts);
    char buf[512];
    size_t needed = 0;
    robots_url_to_robots_txt(u->ptr, u->len, buf, sizeof buf, &needed);
    robots_scope scope;
    robots_scope_check("https://example.com/robots.txt", 30, u->ptr, u->len,
                       &scope);
    robots_url_to_path(j->c->profile, u->ptr, u->len, buf, sizeof buf, &needed);
    robots_host_to_ascii(u->ptr, u->len, buf, sizeof buf, &needed);
    robots_punycode_encode(u->ptr, u->len, buf, sizeof buf, &needed);
    int64_t when = 0;
    robots_http_date_parse(u->ptr, u->len, &when);
    robots_cache_info cache;
    robots_cache_lifetime_from_block(j->c->profile, u->ptr, u->len, &cache);
    robots_fetch_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    robots_fetch_decision decision;
    robots_fetch_policy(&outcome, j->c->profile, &decision);
}

static void meta_scan(job *j) {
    robots_meta_result *r = malloc(sizeof *r);
    if (r == NULL)
        exit(2);
    j->status = robots_meta_scan_html(j->c->input.ptr, j->c->input.len,
                                      j->c->agent.ptr, j->c->agent.len, r);
    free(r);
}

static void meta_header(job *j) {
    robots_meta_result *r = malloc(sizeof *r);
    if (r == NULL)
        exit(2);
    j->status = robots_meta_parse_header(j->c->input.ptr, j->c->input.len,
                                         j->c->agent.ptr, j->c->agent.len, r);
    robots_meta_add_header(j->c->input.ptr, j->c->input.len, j->c->agent.ptr,
                           j->c->agent.len, r);
    free(r);
}

static void nothing(job *j) {
    (void)j;
}

/* ---- the cases ---------------------------------------------------------- */

static int checks_can_fail(robots_status s) {
    /* An input past a named limit is refused, never a crash. */
    return s == ROBOTS_OK || s == ROBOTS_ERR_URL_TOO_LONG ||
           s == ROBOTS_ERR_AGENT_TOO_LONG || s == ROBOTS_ERR_TOO_LARGE;
}

static void run_robots_case(const small_case *c) {
    job j = {c, NULL, ROBOTS_OK, 0};
    run("robots_parse", parse_and_free, &j);
    EXPECT_MSG(j.status == ROBOTS_OK, "%s: robots_parse: %s", c->name,
               robots_status_name(j.status));
    run("robots_parse_prefix", parse_prefix_and_free, &j);
    EXPECT_MSG(j.status == ROBOTS_OK, "%s: robots_parse_prefix: %s", c->name,
               robots_status_name(j.status));

    robots_options o;
    robots_options_init(&o);
    o.profile = c->profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(c->input.ptr, c->input.len, &o, &doc), ROBOTS_OK);
    if (doc == NULL)
        return;
    j.doc = doc;
    /* The first check compiles the sets it reads (on its stack); the
     * second takes the memo; the query, the compiled sets. */
    static const struct {
        const char *what;
        job_fn fn;
    } calls[] = {
        {"robots_check (first)", check_one},
        {"robots_check (memo)", check_one},
        {"robots_check (two agents)", check_two},
        {"robots_check_agent", check_agent},
        {"robots_query_new + check", query},
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        run(calls[i].what, calls[i].fn, &j);
        EXPECT_MSG(checks_can_fail(j.status), "%s: %s: %s", c->name,
                   calls[i].what, robots_status_name(j.status));
    }
    run("accessors + robots_match_path", read_document, &j);
    run("robots_analyze", analyze_document, &j);
    EXPECT_MSG(j.status == ROBOTS_OK, "%s: robots_analyze: %s", c->name,
               robots_status_name(j.status));
    run("URL, fetch and cache functions", url_functions, &j);
    robots_free(doc);
}

/* Worst shapes gen_adversarial.py does not write: the longest agent value
 * in a legacy file, read by its substring match against the longest name
 * (the deepest frame of a check); the longest pattern and path
 * robots_match_path() takes; a rule whose normal form is three times its
 * bytes, checked with the longest URL, whose normal form is too. */
static void run_own_cases(void) {
    static char body[3 * ROBOTS_MAX_AGENT_BYTES + 96];
    static char agent[ROBOTS_MAX_AGENT_BYTES];
    static char url[ROBOTS_MAX_URL_BYTES];
    small_case c;
    memset(&c, 0, sizeof c);

    /* legacy: "User-agent: aaa...ab" and the name "aaa...aab". */
    size_t n = 0, vlen = ROBOTS_MAX_AGENT_BYTES;
    n += (size_t)snprintf(body, sizeof body, "User-agent: ");
    memset(body + n, 'a', vlen - 1);
    n += vlen - 1;
    body[n++] = 'b';
    n += (size_t)snprintf(body + n, sizeof body - n, "\nDisallow: /x\n");
    /* A second record whose value holds the first's, which
     * robots_analyze() searches for in it (rb_contains_nocase(), its table
     * as long as the first value). */
    n += (size_t)snprintf(body + n, sizeof body - n, "\nUser-agent: c");
    memset(body + n, 'a', vlen - 1);
    n += vlen - 1;
    n += (size_t)snprintf(body + n, sizeof body - n, "b\nDisallow: /y\n");
    memset(agent, 'a', sizeof agent - 1);
    agent[sizeof agent - 1] = 'b';
    memcpy(url, "https://example.com/x", 21);
    snprintf(c.name, sizeof c.name, "own: legacy, a %zu-byte agent value",
             vlen);
    c.profile = ROBOTS_PROFILE_LEGACY;
    c.input = (bytes){body, n};
    c.agent = (bytes){agent, sizeof agent};
    c.url = (bytes){url, 21};
    run_robots_case(&c);

    /* A rule of raw bytes >= 0x80 (its normal form three times as long)
     * and a URL of them. */
    for (int p = 0; p < 3; p++) {
        static char rule_body[ROBOTS_MAX_LINE_BYTES + 64];
        n = (size_t)snprintf(rule_body, sizeof rule_body,
                             "User-agent: *\nDisallow: /");
        size_t raw = ROBOTS_MAX_LINE_BYTES - 11;
        memset(rule_body + n, 0xC3, raw);
        n += raw;
        rule_body[n++] = '\n';
        size_t ulen = (size_t)snprintf(url, sizeof url, "https://e.com/");
        memset(url + ulen, 0xC3, sizeof url - ulen);
        c.profile = (robots_profile)p;
        snprintf(c.name, sizeof c.name, "own: %s, raw rule and URL",
                 robots_profile_name(c.profile));
        c.input = (bytes){rule_body, n};
        c.agent = (bytes){"FooBot", 6};
        c.url = (bytes){url, sizeof url};
        run_robots_case(&c);

        /* robots_match_path: the longest pattern and path, both raw. */
        job j = {&c, NULL, ROBOTS_OK, 0};
        c.input = (bytes){rule_body + n - 1 - ROBOTS_MAX_LINE_BYTES,
                          ROBOTS_MAX_LINE_BYTES};
        c.input.ptr[0] = '/';
        c.url = (bytes){url + 13, sizeof url - 13};
        run("robots_match_path (longest)", match_longest, &j);
        EXPECT_MSG(j.status == ROBOTS_OK, "%s: robots_match_path: %s", c.name,
                   robots_status_name(j.status));
    }
}

static robots_profile profile_of(const char *name) {
    robots_profile p = ROBOTS_PROFILE_RFC9309;
    robots_profile_from_name(name, strlen(name), &p);
    return p;
}

/* "K/N": this run takes the manifest's cases K, K + N, K + 2N, ... (from
 * 1), so that ctest can run the N parts at once: one process of every
 * case took most of a gate's suite on its own (tests/CMakeLists.txt). */
static int read_part(const char *arg, unsigned *part, unsigned *parts) {
    char *end = NULL;
    unsigned long k = strtoul(arg, &end, 10);
    if (end == arg || *end != '/')
        return 0;
    const char *n_at = end + 1;
    unsigned long n = strtoul(n_at, &end, 10);
    if (end == n_at || *end != '\0' || n == 0 || n > 64 || k == 0 || k > n)
        return 0;
    *part = (unsigned)k;
    *parts = (unsigned)n;
    return 1;
}

int main(int argc, char **argv) {
    unsigned part = 1, parts = 1;
    if ((argc != 2 && argc != 3) ||
        (argc == 3 && !read_part(argv[2], &part, &parts))) {
        fprintf(stderr,
                "usage: %s ADVERSARIAL_DIR (gen_adversarial.py's) [K/N]\n",
                argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    job empty = {NULL, NULL, ROBOTS_OK, 0};
    thread_floor = run_small(nothing, &empty);
    printf("threads of %d bytes of stack; an empty one touches %zu\n",
           SMALL_STACK_BYTES, thread_floor);

    bytes manifest = read_file(dir, "manifest.tsv");
    size_t cases = 0, ran = 0;
    char *line = manifest.ptr, *end = manifest.ptr + manifest.len;
    while (line < end) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        if (nl == NULL)
            nl = end;
        *nl = '\0';
        char *field[7] = {0};
        char *f = line;
        for (int i = 0; i < 7 && f != NULL; i++) {
            field[i] = f;
            f = strchr(f, '\t');
            if (f != NULL)
                *f++ = '\0';
        }
        line = nl + 1;
        if (field[5] == NULL || field[0][0] == '#')
            continue;
        small_case c;
        memset(&c, 0, sizeof c);
        snprintf(c.name, sizeof c.name, "%s", field[0]);
        snprintf(c.kind, sizeof c.kind, "%s", field[1]);
        c.profile = profile_of(field[2]);
        c.agent = (bytes){field[3], strlen(field[3])};
        if (field[4][0] == '@')
            continue; /* the main workload: not adversarial */
        if (cases++ % parts != part - 1)
            continue; /* another part's */
        ran++;
        c.input = read_file(dir, field[4]);
        if (strcmp(c.kind, "robots") == 0) {
            c.url = read_file(dir, field[5]);
            run_robots_case(&c);
            /* Every case in legacy too: its first-match scan and
             * substring agent match are other paths. */
            if (c.profile != ROBOTS_PROFILE_LEGACY) {
                c.profile = ROBOTS_PROFILE_LEGACY;
                snprintf(c.name, sizeof c.name, "%s (legacy)", field[0]);
                run_robots_case(&c);
            }
            free(c.url.ptr);
        } else {
            job j = {&c, NULL, ROBOTS_OK, 0};
            c.url = c.input;
            if (strcmp(c.kind, "meta") == 0)
                run("robots_meta_scan_html", meta_scan, &j);
            else
                run("robots_meta_parse_header + add_header", meta_header, &j);
            EXPECT_MSG(j.status == ROBOTS_OK, "%s: %s", c.name,
                       robots_status_name(j.status));
            run("URL, fetch and cache functions", url_functions, &j);
        }
        free(c.input.ptr);
    }
    free(manifest.ptr);
    EXPECT_MSG(cases >= 30, "only %zu cases in %s/manifest.tsv", cases, dir);
    EXPECT_MSG(ran >= cases / parts, "part %u/%u ran %zu of %zu cases", part,
               parts, ran, cases);
    if (part == 1)
        run_own_cases();
    printf("part %u/%u: %zu of %zu adversarial cases; the most stack a call "
           "touched: %zu bytes (%s)\n",
           part, parts, ran, cases, most_used, most_used_by);
    printf("%d passed, %d failed\n", testing_passed, testing_failed);
    return testing_failed != 0;
}
