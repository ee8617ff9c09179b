/* SPDX-License-Identifier: MIT */
/*
 * google_batch.c - the `google` profile against google/robotstxt on N
 * generated (robots.txt, user-agent, URL) triples: a seeded generator,
 * biased to the edges the profile must get right (key prefixes and typos,
 * missing colons, BOMs, CR/LF, NUL, `#`, `*` and `$`, percent-escapes,
 * non-ASCII bytes, `index.htm`, digits and spaces in agents, URL shapes),
 * each triple compared by gc_compare(). Reproducible: the same seed gives
 * the same triples.
 *
 *   google_batch [--count N] [--seed S] [--limit default|off]
 *                [--save DIR] [--show K]
 *
 * --count: triples (default 1,000,000); --seed: the generator's seed (1);
 * --limit: the parse limit (default: the library's default; off: the
 * whole body, as Google reads it); --save: write each disagreement there
 * as an input of fuzz_google (fuzz/README.md); --show: print the first K
 * disagreements (10). Prints the counts; exit 1 on any disagreement.
 */
#include "google_compare.h"

#include <errno.h>
#include <stdint.h>
#include <time.h>

static uint64_t rng_state;

static uint64_t next_random(void) {
    /* xorshift64* (Vigna, 2016) */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

static size_t below(size_t n) {
    return (size_t)(next_random() % n);
}

/* A growing byte buffer; the triple's texts are small. */
typedef struct buf {
    char *data;
    size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n)
            cap *= 2;
        char *p = realloc(b->data, cap);
        if (p == NULL) {
            perror("google_batch");
            exit(2);
        }
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
}

static void puts_buf(buf *b, const char *s) {
    put(b, s, strlen(s));
}

#define PICK(list) (list[below(sizeof list / sizeof list[0])])

static const char *const keys[] = {
    "User-agent", "user-agent", "USER-AGENT", "User-Agent",  "user-agents",
    "useragent",  "user agent", "User_agent", "user-agentX", "User-agent ",
    "Allow",      "allow",      "ALLOW",      "Allowance",   "alow",
    "Allow ",     "Disallow",   "disallow",   "DISALLOW",    "Disallowed",
    "dissallow",  "dissalow",   "disalow",    "diasllow",    "disallaw",
    "disallow ",  "Sitemap",    "sitemaps",   "site-map",    "Crawl-delay",
    "noindex",    "Host",       "",           "#allow",      " allow",
    "\tdisallow"};
/* The keys a line mostly has: the three that make groups and rules. */
static const char *const common_keys[] = {
    "User-agent", "user-agent", "Allow", "allow",
    "Disallow",   "disallow",   "Allow", "Disallow"};
static const char *const separators[] = {":", ":",  ":",  ": ", ": ", " :",
                                         " ", "\t", "::", "",   ":\t"};
static const char *const agent_values[] = {
    "FooBot",       "foobot",  "*",         "* junk",    "*Bar",
    "Foo2Bot",      "Foo Bar", "Foo",       "",          "FooBot/1.0",
    "Bot\xc3\xa9X", "123bot",  "Foo_Bot-x", "foo*",      "BarBot",
    "*\t",          "FOOBOT",  "Foo-Bot",   "Googlebot", "googlebot-image"};
static const char *const callers[] = {
    "FooBot",        "foobot",      "FOOBOT",  "Foo",
    "Foo2Bot",       "Foo Bar",     "",        "*",
    "BarBot",        "Foo_Bot-x",   "Bot",     "Googlebot",
    "Googlebot/2.1", "foo",         "FooBot ", "Foo-Bot",
    "123bot",        "Bot\xc3\xa9X"};
static const char *const atoms[] = {
    "/",          "/",           "/",          "a",          "b",
    "ab",         "*",           "*",          "$",          "%",
    "%2f",        "%2F",         "%41",        "%a",         "%7e",
    "%C3%A9",     "\xc3\xa9",    "\xff",       "index.htm",  "index.html",
    "/index.htm", "/index.html", "/index.htm", "/index.HTM", "?",
    "=",          "q",           "x",          ".",          "..",
    "~",          " ",           "\t",         "#",          "//",
    "%00",        "$$",          "*/",         "/*",         "a*b",
    "/d/",        "index",       ";p",         "&",          "%24",
    "%2A",        "\x7f",        "\x02",       "\x0b",       "\x0c"};
static const char *const url_starts[] = {"http://example.com",
                                         "http://example.com",
                                         "https://example.com",
                                         "http://example.com:80",
                                         "",
                                         "//example.com",
                                         "example.com",
                                         "http:e.com",
                                         "a",
                                         "HTTP://EXAMPLE.COM",
                                         "ftp://x",
                                         "http://e.com#f",
                                         "http://u@e.com",
                                         "mailto:x"};
static const char *const endings[] = {"\n", "\n",   "\n", "\n",     "\n",
                                      "\n", "\r\n", "\r", "\r\r\n", "\n\n"};

/* A pattern or path: atoms, mostly after a '/'. */
static void put_pattern(buf *b, size_t most) {
    if (below(5) != 0)
        puts_buf(b, "/");
    for (size_t n = below(most + 1); n > 0; n--) {
        if (below(40) == 0) {
            char c = (char)(2 + below(254)); /* any byte but NUL and 0x01 */
            put(b, &c, 1);
        } else {
            puts_buf(b, PICK(atoms));
        }
    }
}

static void make_body(buf *b) {
    b->len = 0;
    switch (below(24)) {
    case 0:
        puts_buf(b, "\xef\xbb\xbf");
        break;
    case 1:
        puts_buf(b, "\xef\xbb");
        break;
    case 2:
        puts_buf(b, "\xef");
        break;
    case 3:
        puts_buf(b, "\xef\x11\xbf");
        break;
    case 4:
        puts_buf(b, "\xfe\xff");
        break;
    default:
        break;
    }
    for (size_t lines = 1 + below(10); lines > 0; lines--) {
        const char *key = below(3) ? PICK(common_keys) : PICK(keys);
        int agent = strncmp(key, "User", 4) == 0 ||
                    strncmp(key, "user", 4) == 0 ||
                    strncmp(key, "USER", 4) == 0;
        puts_buf(b, key);
        puts_buf(b, PICK(separators));
        if (agent)
            puts_buf(b, PICK(agent_values));
        else
            put_pattern(b, 6);
        switch (below(16)) {
        case 0:
            puts_buf(b, " # c");
            break;
        case 1:
            puts_buf(b, " ");
            break;
        case 2:
            put(b, "\0x", 2);
            break;
        case 3:
            puts_buf(b, "\t");
            break;
        default:
            break;
        }
        if (lines > 1 || below(4) != 0)
            puts_buf(b, PICK(endings));
    }
}

static void make_url(buf *b) {
    b->len = 0;
    puts_buf(b, PICK(url_starts));
    put_pattern(b, 5);
    if (below(8) == 0)
        puts_buf(b, below(2) ? "?q=1" : "#frag");
    /* robots_main takes the URL from argv: no NUL. */
    for (size_t i = 0; i < b->len; i++)
        if (b->data[i] == '\0')
            b->data[i] = 'z';
}

static void print_escaped(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\\')
            fputs("\\\\", stdout);
        else if (c < 0x20 || c >= 0x7f)
            printf("\\x%02x", c);
        else
            putchar(c);
    }
}

static unsigned long long parse_count(const char *s, const char *what) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno != 0 || *s == '\0' || *end != '\0') {
        fprintf(stderr, "google_batch: %s wants a number, not '%s'\n", what, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv) {
    unsigned long long count = 1000000, seed = 1, show = 10;
    size_t limit = ROBOTS_DEFAULT_PARSE_LIMIT;
    const char *save = NULL;
    for (int i = 1; i < argc; i += 2) { /* "--option value" pairs */
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (value == NULL) {
            fprintf(stderr, "google_batch: %s wants a value\n", arg);
            return 2;
        }
        if (strcmp(arg, "--count") == 0)
            count = parse_count(value, arg);
        else if (strcmp(arg, "--seed") == 0)
            seed = parse_count(value, arg);
        else if (strcmp(arg, "--show") == 0)
            show = parse_count(value, arg);
        else if (strcmp(arg, "--save") == 0)
            save = value;
        else if (strcmp(arg, "--limit") == 0 && strcmp(value, "off") == 0)
            limit = 0;
        else if (strcmp(arg, "--limit") == 0 && strcmp(value, "default") == 0)
            limit = ROBOTS_DEFAULT_PARSE_LIMIT;
        else {
            fprintf(stderr, "google_batch: unknown option %s %s\n", arg, value);
            return 2;
        }
    }
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    buf body = {0}, url = {0};
    unsigned long long disagreements = 0, out_of_limits = 0;
    clock_t start = clock();
    for (unsigned long long t = 0; t < count; t++) {
        make_body(&body);
        make_url(&url);
        const char *agent = PICK(callers);
        size_t agent_len = strlen(agent);
        gc_result r = gc_compare(body.data, body.len, agent, agent_len,
                                 url.data, url.len, limit);
        if (r.outcome == GC_OUT_OF_LIMITS)
            out_of_limits++;
        if (r.outcome != GC_DISAGREE)
            continue;
        if (disagreements++ < show) {
            printf("disagreement %llu (triple %llu): google %s, librobots "
                   "%s (%s)\n  agent: ",
                   disagreements, t, r.google ? "allowed" : "disallowed",
                   r.google ? "disallowed" : "allowed", r.what);
            print_escaped(agent, agent_len);
            fputs("\n  url: ", stdout);
            print_escaped(url.data, url.len);
            fputs("\n  body: ", stdout);
            print_escaped(body.data, body.len);
            putchar('\n');
        }
        if (save != NULL) {
            char path[4096];
            snprintf(path, sizeof path, "%s/google-seed%llu-%llu", save, seed,
                     t);
            if (!gc_write_input(path, limit != 0, body.data, body.len, url.data,
                                url.len, agent, agent_len))
                fprintf(stderr, "google_batch: cannot write %s\n", path);
        }
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("google_batch: seed %llu, %llu triples, parse limit %s: %llu "
           "disagreements, %llu past librobots' limits, %.1f CPU seconds\n",
           seed, count, limit ? "default" : "off", disagreements, out_of_limits,
           seconds);
    free(body.data);
    free(url.data);
    return disagreements ? 1 : 0;
}
