/* SPDX-License-Identifier: MIT */
/*
 * cost_gen.c - the cost fuzzer's seeded inputs (cost_gen.h). A robots.txt
 * body is built from one shape with random parameters, repeated up to a
 * size drawn near the parse limit: worst cases come from one thing many
 * times (rules that nearly match, records that nearly name the caller),
 * so a homogeneous body finds them faster than random lines would. Some
 * lines of other kinds are mixed in so that the paths between the shapes
 * are walked too.
 */
#include "cost_gen.h"

#include "robots_web.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the generator and buffers ------------------------------------------ */

void cost_rng_seed(cost_rng *rng, uint64_t seed, uint64_t stream) {
    rng->state =
        seed * 0x9E3779B97F4A7C15u ^ (stream + 1) * 0xD1B54A32D192ED03u;
    (void)cost_rng_next(rng);
}

uint64_t cost_rng_next(cost_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

size_t cost_rng_below(cost_rng *rng, size_t n) {
    return n ? (size_t)(cost_rng_next(rng) % n) : 0;
}

int cost_rng_one_in(cost_rng *rng, size_t n) {
    return cost_rng_below(rng, n) == 0;
}

static void grow(cost_buf *b, size_t more) {
    if (b->cap - b->len >= more)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len < more)
        cap *= 2;
    char *p = realloc(b->data, cap);
    if (p == NULL) {
        fputs("cost_gen: out of memory\n", stderr);
        exit(2);
    }
    b->data = p;
    b->cap = cap;
}

void cost_buf_add(cost_buf *b, const void *data, size_t len) {
    grow(b, len + 1);
    if (len)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void cost_buf_str(cost_buf *b, const char *s) {
    cost_buf_add(b, s, strlen(s));
}

void cost_buf_fill(cost_buf *b, char c, size_t n) {
    grow(b, n + 1);
    memset(b->data + b->len, c, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cost_buf_free(cost_buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static void buf_fmt(cost_buf *b, const char *fmt, size_t n) {
    char tmp[64];
    int k = snprintf(tmp, sizeof tmp, fmt, n);
    cost_buf_add(b, tmp, (size_t)k);
}

static void buf_repeat(cost_buf *b, const char *unit, size_t times) {
    size_t n = strlen(unit);
    for (size_t i = 0; i < times; i++)
        cost_buf_add(b, unit, n);
}

/* ---- sizes --------------------------------------------------------------- */

/* A body size: mostly at the parse limit, where the worst cases are, and
 * now and then smaller or past it. */
static size_t body_size(cost_rng *rng) {
    switch (cost_rng_below(rng, 8)) {
    case 0:
        return 1 + cost_rng_below(rng, 4096);
    case 1:
        return 4096 + cost_rng_below(rng, 60000);
    case 2:
        return ROBOTS_DEFAULT_PARSE_LIMIT + cost_rng_below(rng, 200000);
    default:
        return ROBOTS_DEFAULT_PARSE_LIMIT - cost_rng_below(rng, 2000);
    }
}

/* A length in [1, max], most often max or close to it. */
static size_t near_max(cost_rng *rng, size_t max) {
    switch (cost_rng_below(rng, 4)) {
    case 0:
        return 1 + cost_rng_below(rng, max);
    case 1:
        return 1 + cost_rng_below(rng, max < 64 ? max : 64);
    default:
        return max - cost_rng_below(rng, max / 16 + 1);
    }
}

/* ---- pattern and path units ---------------------------------------------- */

/* What a rule's segments and a URL's path are made of: the same units, so
 * that patterns nearly match the paths. Raw bytes >= 0x80 and escapes make
 * the normal forms three times longer. */
static const char *const units[] = {
    "a", "x0", "1234567890", "\xc3", "%C3", "\xc3\xa9", "%2F",
    "/", "ab", "index.htm",  "%",    "*",   "q",
};
#define UNIT_COUNT (sizeof units / sizeof units[0])

/* ---- robots.txt shapes --------------------------------------------------- */

typedef struct shape_params {
    const char *unit;    /* what segments and the path repeat */
    size_t seg_reps;     /* unit repeats in a segment */
    size_t segs;         /* `*`-separated segments per rule */
    int lead_star;       /* a `*` right after the leading `/` */
    int end;             /* 0 none, 1 "$", 2 "*", 3 "$*" */
    int numbered;        /* each rule carries its number: no two merge */
    int growing;         /* segment i of line k is unit * k (lengths shape) */
    size_t groups_every; /* a new group every this many rules (0: one) */
    size_t tokens;       /* the groups name tokens from a pool this big */
    size_t names_per_group;
    size_t noise_one_in; /* a line of another kind, one in this many */
} shape_params;

static const char *const keys[] = {"disallow", "allow",     "Disallow",
                                   "DISALLOW", "dis-allow", "disalow"};

/* A product token of the pool: letters only, so it is one token. */
static void pool_token(cost_buf *b, size_t k) {
    char name[8];
    size_t n = 0;
    do {
        name[n++] = (char)('a' + k % 26);
        k /= 26;
    } while (k && n < sizeof name);
    cost_buf_add(b, "tok", 3);
    cost_buf_add(b, name, n);
}

static void add_rule(cost_rng *rng, const shape_params *p, size_t k,
                     cost_buf *b) {
    cost_buf_str(
        b, keys[cost_rng_one_in(rng, 8) ? cost_rng_below(rng, 6) : k % 2 == 0]);
    cost_buf_str(b, ": /");
    if (p->lead_star)
        cost_buf_add(b, "*", 1);
    for (size_t s = 0; s < p->segs; s++) {
        if (s)
            cost_buf_add(b, "*", 1);
        size_t reps =
            p->growing ? 1 + (k + s) % (p->seg_reps + 1) : p->seg_reps;
        buf_repeat(b, p->unit, reps);
    }
    if (p->numbered)
        buf_fmt(b, "%zu", k);
    static const char *const ends[] = {"", "$", "*", "$*"};
    cost_buf_str(b, ends[p->end]);
    cost_buf_add(b, "\n", 1);
}

static void add_noise(cost_rng *rng, cost_buf *b) {
    static const char *const lines[] = {
        "Sitemap: https://example.com/s.xml\n",
        "crawl-delay: 5\n",
        "Crawl-delay: x\n",
        "# a comment\n",
        "\n",
        "Dissallow /x\n",
        "user-agent:\n",
        "allow:\n",
        "foo: bar\n",
        "\xef\xbb\xbfuser-agent: bom\n",
        "disallow: /a\r\n",
        "disallow: /b\r",
        "disallow: /\0nul\n",
        "user-agent: Foo/1.0 (x)\n",
        "<html><head>\n",
        "disallow: /x/index.html\n",
        "allow: /$\n",
        "noindex: /x\n",
    };
    size_t i = cost_rng_below(rng, sizeof lines / sizeof lines[0]);
    const char *l = lines[i];
    /* one line holds a NUL: its length is not strlen's */
    cost_buf_add(b, l, i == 12 ? sizeof "disallow: /\0nul\n" - 1 : strlen(l));
}

static void add_group_head(cost_rng *rng, const shape_params *p, size_t g,
                           cost_buf *b) {
    if (p->tokens == 0) {
        cost_buf_str(b, g == 0 ? "user-agent: *\n" : "\nuser-agent: *\n");
        return;
    }
    for (size_t n = 0; n < p->names_per_group; n++) {
        cost_buf_str(b,
                     cost_rng_one_in(rng, 4) ? "User-Agent: " : "useragent:");
        pool_token(b, (g + n) % p->tokens);
        cost_buf_add(b, "\n", 1);
    }
}

static void random_params(cost_rng *rng, shape_params *p) {
    memset(p, 0, sizeof *p);
    p->unit = units[cost_rng_below(rng, UNIT_COUNT)];
    p->seg_reps = cost_rng_one_in(rng, 3) ? 1 + cost_rng_below(rng, 4)
                                          : 1 + cost_rng_below(rng, 6000);
    p->segs = cost_rng_one_in(rng, 2) ? 1 : 1 + cost_rng_below(rng, 40);
    if (p->seg_reps * p->segs * strlen(p->unit) > 15000)
        p->seg_reps = 1 + 15000 / (p->segs * strlen(p->unit));
    p->lead_star = !cost_rng_one_in(rng, 4);
    p->end = (int)cost_rng_below(rng, 4);
    p->numbered = !cost_rng_one_in(rng, 3);
    p->growing = cost_rng_one_in(rng, 4);
    if (cost_rng_one_in(rng, 3)) {
        p->groups_every = 1 + cost_rng_below(rng, 8);
        p->tokens = 1 + cost_rng_below(rng, 40);
        p->names_per_group = 1 + cost_rng_below(rng, 12);
    }
    p->noise_one_in = cost_rng_one_in(rng, 2) ? 0 : 2 + cost_rng_below(rng, 50);
}

/* A body of the shape p, about `size` bytes. */
static void shaped_body(cost_rng *rng, const shape_params *p, size_t size,
                        cost_buf *b) {
    size_t g = 0, k = 0;
    add_group_head(rng, p, g++, b);
    while (b->len < size) {
        if (p->noise_one_in && cost_rng_one_in(rng, p->noise_one_in)) {
            add_noise(rng, b);
            continue;
        }
        if (p->groups_every && k && k % p->groups_every == 0) {
            cost_buf_add(b, "\n", 1);
            add_group_head(rng, p, g++, b);
        }
        add_rule(rng, p, k++, b);
    }
}

/* Records that nearly name the caller: in legacy a record's value is
 * searched for in every name, so short values that occur nowhere, or
 * near-misses of the names' runs, are the expensive ones. */
static void agent_lines_body(cost_rng *rng, size_t size, const char *value,
                             int rules, cost_buf *b) {
    size_t k = 0;
    while (b->len < size) {
        cost_buf_str(b,
                     cost_rng_one_in(rng, 8) ? "User-agent: " : "user-agent:");
        if (value)
            cost_buf_str(b, value);
        else {
            size_t n = 1 + cost_rng_below(rng, 12);
            for (size_t i = 0; i < n; i++)
                cost_buf_add(b, cost_rng_below(rng, 2) ? "a" : "q", 1);
        }
        cost_buf_add(b, "\n", 1);
        if (rules && k++ % 3 == 2)
            cost_buf_str(b, "disallow: /x\n");
    }
}

/* ---- agents and URLs ----------------------------------------------------- */

static void set_agent(cost_case *c, size_t i, const char *unit, size_t len) {
    cost_buf *m = &c->agent_mem[i];
    m->len = 0;
    size_t u = strlen(unit);
    while (m->len + u <= len)
        cost_buf_add(m, unit, u);
    if (m->len < len)
        cost_buf_add(m, unit, len - m->len);
    c->agents[i].ptr = m->data;
    c->agents[i].len = m->len;
}

static void random_agents(cost_rng *rng, cost_case *c) {
    static const char *const agent_units[] = {
        "a", "q", "aaab", "tokab", "Googlebot", "*", "bot-1 x"};
    size_t n = cost_rng_one_in(rng, 2)   ? COST_MAX_AGENTS
               : cost_rng_one_in(rng, 2) ? 1
                                         : 1 + cost_rng_below(rng, 8);
    size_t len =
        cost_rng_one_in(rng, 2) ? ROBOTS_MAX_AGENT_BYTES : near_max(rng, 64);
    c->agent_count = n;
    for (size_t i = 0; i < n; i++)
        set_agent(c, i, agent_units[cost_rng_below(rng, 7)], len);
}

static void path_url(cost_rng *rng, const char *unit, size_t len,
                     cost_buf *url) {
    static const char *const heads[] = {"https://example.com/", "/",
                                        "http://a/", "https://x.y:8080/"};
    url->len = 0;
    cost_buf_str(url, heads[cost_rng_below(rng, 4)]);
    size_t u = strlen(unit);
    while (url->len + u <= len)
        cost_buf_add(url, unit, u);
    if (cost_rng_one_in(rng, 2))
        buf_fmt(url, "%zu", cost_rng_below(rng, 100000));
    if (cost_rng_one_in(rng, 4))
        cost_buf_str(url, "?q=1&b");
    if (url->len > ROBOTS_MAX_URL_BYTES && !cost_rng_one_in(rng, 16))
        url->len = ROBOTS_MAX_URL_BYTES;
}

static void case_urls(cost_rng *rng, cost_case *c, const char *unit) {
    path_url(rng, unit, ROBOTS_MAX_URL_BYTES, &c->urls[0]);
    path_url(rng, unit, near_max(rng, ROBOTS_MAX_URL_BYTES), &c->urls[1]);
    path_url(rng, units[cost_rng_below(rng, UNIT_COUNT)],
             near_max(rng, ROBOTS_MAX_URL_BYTES), &c->urls[2]);
}

/* ---- the named cases ----------------------------------------------------- */

static void numbered_lines(cost_buf *b, const char *head, const char *fmt,
                           size_t size) {
    cost_buf_str(b, head);
    for (size_t i = 0;; i++) {
        char line[64];
        int n = snprintf(line, sizeof line, fmt, i);
        if (b->len + (size_t)n > size)
            break;
        cost_buf_add(b, line, (size_t)n);
    }
}

typedef void (*named_fn)(cost_rng *rng, cost_case *c);

/* Issue 29, finding 1: lines `disallow: /` + `*N$*` up to 510,970 bytes. */
static void named_star_dollar(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "issue29-star-dollar";
    numbered_lines(&c->body, "user-agent: *\n", "disallow: /*%zu$*\n", 510970);
}

/* The same with a two-byte character before the number. */
static void named_star_e(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "issue29-star-e-acute";
    numbered_lines(&c->body, "user-agent: *\n", "disallow: /*\xc3\xa9%zu*\n",
                   510970);
}

/* A file of `user-agent:VALUE` lines (a rule after every third when
 * `rules`) against the most names of the longest, all of `a`. */
static void agent_lines_case(cost_rng *rng, cost_case *c, const char *value,
                             int rules) {
    agent_lines_body(rng, 511000, value, rules, &c->body);
    c->agent_count = COST_MAX_AGENTS;
    for (size_t i = 0; i < COST_MAX_AGENTS; i++)
        set_agent(c, i, "a", ROBOTS_MAX_AGENT_BYTES);
}

/* Issue 29, finding 2: `user-agent:q` lines against 64 names of 4,096
 * bytes that hold no q, in legacy: every record searched in every name. */
static void named_legacy_q(cost_rng *rng, cost_case *c) {
    c->shape = "issue29-legacy-q";
    agent_lines_case(rng, c, "q", 0);
}

/* Near-misses of the names' runs: "aaab" in names of "aaaa...". */
static void named_legacy_near(cost_rng *rng, cost_case *c) {
    c->shape = "legacy-near-miss-values";
    agent_lines_case(rng, c, "aaaaaaaaaaaaaaab", 1);
}

/* `user-agent:q` groups against 63 names of 4,096 `a` and, last, `q`:
 * every group names the caller, and each line was compared with every
 * long name reduced anew (robots_select_groups(): 1.8 s before the names
 * were reduced once). */
static void named_select_groups(cost_rng *rng, cost_case *c) {
    c->shape = "groups-named-after-long-names";
    agent_lines_case(rng, c, "q", 1);
    set_agent(c, COST_MAX_AGENTS - 1, "q", 1);
}

/* Issue 7: 30 different lines of `/` + `*a` x 8,320 + `*b` + a number. */
static void named_star_a(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "issue7-star-a-distinct";
    cost_buf_str(&c->body, "User-agent: *\n");
    for (size_t i = 0; i < 30; i++) {
        cost_buf_str(&c->body, "Disallow: /");
        buf_repeat(&c->body, "*a", 8320);
        buf_fmt(&c->body, "*b%zu\n", i);
    }
}

/* bench's many-wild-near-miss and many-raw-lengths-found. */
static void named_wild_near_miss(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "many-wild-near-miss";
    numbered_lines(&c->body, "User-agent: *\n", "Disallow:/*x0%06zu\n",
                   ROBOTS_DEFAULT_PARSE_LIMIT);
}

static void named_raw_lengths(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "many-raw-lengths-found";
    cost_buf_str(&c->body, "User-agent: *\n");
    for (size_t k = 1;; k++) {
        if (c->body.len + 2 * k + 16 > ROBOTS_DEFAULT_PARSE_LIMIT)
            break;
        cost_buf_str(&c->body, "Disallow:/*");
        cost_buf_fill(&c->body, '\xc3', k);
        cost_buf_str(&c->body, "*\xc4\n");
    }
}

/* Agent i of c: the pool's token k. */
static void token_agent(cost_case *c, size_t i, size_t k) {
    cost_buf *m = &c->agent_mem[i];
    m->len = 0;
    pool_token(m, k);
    c->agents[i].ptr = m->data;
    c->agents[i].len = m->len;
}

/* Groups of `rules` rules, each group naming every one of `tokens` tokens:
 * past the merge budget the last tokens read every group's own set. */
static void token_groups(cost_rng *rng, cost_case *c, size_t tokens,
                         size_t rules, const char *unit, size_t seg_reps,
                         size_t segs) {
    shape_params p;
    memset(&p, 0, sizeof p);
    p.unit = unit;
    p.seg_reps = seg_reps;
    p.segs = segs;
    p.lead_star = segs > 1;
    p.numbered = 1;
    p.groups_every = rules;
    p.tokens = tokens;
    p.names_per_group = tokens;
    shaped_body(rng, &p, ROBOTS_DEFAULT_PARSE_LIMIT - 1000, &c->body);
}

/* Eight tokens named together in every group of one rule, the caller
 * naming all eight. */
static void named_past_merge(cost_rng *rng, cost_case *c) {
    c->shape = "tokens-past-merge-budget";
    token_groups(rng, c, 8, 1, "a", 2, 1);
    c->agent_count = 8;
    for (size_t i = 0; i < 8; i++)
        token_agent(c, i, i);
}

/* Seven tokens, groups of four rules of twenty `abababab` segments and a
 * number, whose rules each nearly match a path of `ab`: the sixth token
 * reads hundreds of sets (the cost fuzzer found 27 ms a check when each
 * set was matched apart). */
static void named_many_sets(cost_rng *rng, cost_case *c) {
    c->shape = "many-sets-of-wildcard-rules";
    token_groups(rng, c, 7, 4, "ab", 4, 20);
    token_agent(c, 0, 5);
}

/* One line of the whole limit, and a body four times the limit. */
static void named_one_line(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "one-line";
    cost_buf_str(&c->body, "User-agent: * Disallow: /");
    cost_buf_fill(&c->body, 'a', ROBOTS_DEFAULT_PARSE_LIMIT - c->body.len);
}

static void named_past_limit(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "four-times-the-limit";
    numbered_lines(&c->body, "User-agent: *\n", "Disallow: /p%06zu/\n",
                   4 * ROBOTS_DEFAULT_PARSE_LIMIT);
}

/* The first answers (RB_DIRECT_CHECKS): a file of 12 KB of random
 * `a`/`q` user-agent lines and no rule (so no matching in the budget),
 * against 64 names it does not name. The direct walk compared every line
 * with every name (the cost fuzzer's seed 7, iteration 1612: 787 lines,
 * 64 names, over budget); it chooses through the tokens' table now. */
static void named_first_answers_lines(cost_rng *rng, cost_case *c) {
    c->shape = "first-answers-agent-lines";
    agent_lines_body(rng, 12000, NULL, 0, &c->body);
    c->agent_count = COST_MAX_AGENTS;
    for (size_t i = 0; i < COST_MAX_AGENTS; i++)
        token_agent(c, i, i);
}

/* The first answers again: groups of 64 user-agent lines, one for each of
 * the caller's 64 names, and a rule: every group is in every name's run,
 * merged once each by the direct walk. */
static void named_first_answers_groups(cost_rng *rng, cost_case *c) {
    (void)rng;
    c->shape = "first-answers-every-name-in-every-group";
    for (size_t g = 0; c->body.len < 12000; g++) {
        for (size_t k = 0; k < COST_MAX_AGENTS; k++) {
            cost_buf_str(&c->body, "user-agent: ");
            pool_token(&c->body, k);
            cost_buf_add(&c->body, "\n", 1);
        }
        buf_fmt(&c->body, "disallow: /a%zu\n", g);
    }
    c->agent_count = COST_MAX_AGENTS;
    for (size_t i = 0; i < COST_MAX_AGENTS; i++)
        token_agent(c, i, i);
}

/* Each named case, the unit of its paths, and the most bytes of its URLs
 * (0: up to ROBOTS_MAX_URL_BYTES; short, so that a small file's checks are
 * its first answers). */
static const struct {
    named_fn make;
    const char *path_unit;
    size_t url_len;
} named[] = {
    {named_star_dollar, "1234567890", 0},
    {named_star_e, "\xc3\xa9", 0},
    {named_legacy_q, "x", 0},
    {named_legacy_near, "x", 0},
    {named_select_groups, "x", 0},
    {named_star_a, "a", 0},
    {named_wild_near_miss, "x0", 0},
    {named_raw_lengths, "\xc3", 0},
    {named_past_merge, "a", 0},
    {named_many_sets, "ab", 0},
    {named_one_line, "a", 0},
    {named_past_limit, "p", 0},
    {named_first_answers_lines, "a", 48},
    {named_first_answers_groups, "a", 48},
};
#define NAMED_COUNT (sizeof named / sizeof named[0])

/* Each named case in each profile. */
size_t cost_gen_named_cases(void) {
    return 3 * NAMED_COUNT;
}

void cost_gen_case(cost_rng *rng, size_t i, cost_case *c) {
    memset(c, 0, sizeof *c);
    c->profile = ROBOTS_PROFILE_RFC9309;
    c->parse_limit = ROBOTS_DEFAULT_PARSE_LIMIT;
    c->agent_count = 1;
    set_agent(c, 0, "FooBot", 6);
    if (i < 3 * NAMED_COUNT) {
        named[i / 3].make(rng, c);
        c->profile = (robots_profile)(i % 3);
        case_urls(rng, c, named[i / 3].path_unit);
        for (size_t u = 0; named[i / 3].url_len != 0 && u < 3; u++)
            path_url(rng, named[i / 3].path_unit, named[i / 3].url_len,
                     &c->urls[u]);
        return;
    }
    c->profile = (robots_profile)cost_rng_below(rng, 3);
    if (cost_rng_one_in(rng, 16))
        c->parse_limit = 0; /* no limit */
    size_t size = body_size(rng);
    shape_params p;
    random_params(rng, &p);
    if (cost_rng_one_in(rng, 5)) {
        c->shape = "agent-lines";
        agent_lines_body(rng, size, NULL, cost_rng_one_in(rng, 2), &c->body);
        p.unit = "a";
    } else {
        c->shape = "rules";
        shaped_body(rng, &p, size, &c->body);
    }
    random_agents(rng, c);
    if (p.tokens && cost_rng_one_in(rng, 2)) /* callers the groups name */
        for (size_t k = 0; k < c->agent_count; k++)
            token_agent(c, k, cost_rng_below(rng, p.tokens));
    case_urls(rng, c, p.unit);
}

void cost_case_free(cost_case *c) {
    cost_buf_free(&c->body);
    for (size_t i = 0; i < COST_MAX_AGENTS; i++)
        cost_buf_free(&c->agent_mem[i]);
    for (size_t i = 0; i < 3; i++)
        cost_buf_free(&c->urls[i]);
}

/* ---- diff pairs ---------------------------------------------------------- */

void cost_gen_diff(cost_rng *rng, size_t i, cost_buf *old_body,
                   cost_buf *new_body, robots_profile *profile,
                   const char **shape) {
    *profile = ROBOTS_PROFILE_RFC9309;
    old_body->len = new_body->len = 0;
    switch (i) {
    case 0: /* issue 29: N in one, N + 7 in the other */
        *shape = "issue29-star-dollar-pair";
        numbered_lines(old_body, "user-agent: *\n", "disallow: /*%zu$*\n",
                       510970);
        cost_buf_str(new_body, "user-agent: *\n");
        for (size_t k = 0; new_body->len < 510970; k++)
            buf_fmt(new_body, "disallow: /*%zu$*\n", k + 7);
        return;
    case 1:
        *shape = "issue29-star-e-acute-pair";
        numbered_lines(old_body, "user-agent: *\n",
                       "disallow: /*\xc3\xa9%zu*\n", 510970);
        cost_buf_str(new_body, "user-agent: *\n");
        for (size_t k = 0; new_body->len < 510970; k++)
            buf_fmt(new_body, "disallow: /*\xc3\xa9%zu*\n", k + 7);
        return;
    case 2: /* legacy: every file's agents compared in the other's names */
        *shape = "legacy-agent-lines-pair";
        *profile = ROBOTS_PROFILE_LEGACY;
        agent_lines_body(rng, 300000, NULL, 1, old_body);
        agent_lines_body(rng, 300000, NULL, 1, new_body);
        return;
    default:
        break;
    }
    *shape = "random-pair";
    *profile = (robots_profile)cost_rng_below(rng, 3);
    shape_params p;
    random_params(rng, &p);
    size_t size = body_size(rng);
    shaped_body(rng, &p, size, old_body);
    if (cost_rng_one_in(rng, 2))
        random_params(rng, &p);
    shaped_body(rng, &p, size, new_body);
}

/* ---- META, headers, URLs, cache ------------------------------------------ */

void cost_gen_html(cost_rng *rng, cost_buf *html, const char **shape) {
    static const char *const pieces[] = {
        "<div>",
        "<meta name=\"robots\" content=\"noindex, max-snippet:5\">\n",
        ("<META NAME=googlebot CONTENT='nofollow,unavailable_after: "
         "2030-01-01'>\n"),
        "<meta ",
        "a=b ",
        "<",
        "<!-- -",
        "<script>",
        "<meta name=robots content=\"",
        "noindex,",
        "\"",
        "'",
        "<title>",
        "</title>",
        "<meta name=\"description\" content=\"",
        "x",
    };
    size_t count = sizeof pieces / sizeof pieces[0];
    size_t a = cost_rng_below(rng, count), b = cost_rng_below(rng, count);
    size_t size = ROBOTS_META_MAX_SCAN_BYTES + cost_rng_below(rng, 4096);
    if (cost_rng_one_in(rng, 4))
        size = 1 + cost_rng_below(rng, 65536);
    *shape = pieces[a];
    html->len = 0;
    cost_buf_str(html, "<html><head>");
    while (html->len < size)
        cost_buf_str(html, cost_rng_one_in(rng, 8) ? pieces[b] : pieces[a]);
}

void cost_gen_header(cost_rng *rng, cost_buf *value) {
    static const char *const pieces[] = {
        "noindex, ", "googlebot: ",         ",", "max-snippet:",
        "9",         "unavailable_after: ", " "};
    size_t size = near_max(rng, ROBOTS_META_MAX_SCAN_BYTES);
    size_t a = cost_rng_below(rng, 7);
    value->len = 0;
    while (value->len < size)
        cost_buf_str(value, cost_rng_one_in(rng, 4)
                                ? pieces[cost_rng_below(rng, 7)]
                                : pieces[a]);
}

void cost_gen_url(cost_rng *rng, cost_buf *url, const char **shape) {
    static const char *const heads[] = {
        "http://", "https://", "ftp://",   "HTTPS://",    "http://u:p@",
        "http:",   "",         "http://[", "https://xn--"};
    static const char *const host_units[] = {"a",
                                             "a.",
                                             "\xc3\xa9",
                                             "\xe3\x80\x82",
                                             "%41",
                                             "%c3%a9",
                                             "1.",
                                             "::",
                                             "\xef\xbc\xa5",
                                             "-",
                                             "\xf0\x9f\x98\x80",
                                             "@",
                                             "\\"};
    size_t h = cost_rng_below(rng, sizeof heads / sizeof heads[0]);
    size_t u = cost_rng_below(rng, sizeof host_units / sizeof host_units[0]);
    size_t len = near_max(rng, ROBOTS_MAX_URL_BYTES + 16);
    *shape = host_units[u];
    url->len = 0;
    cost_buf_str(url, heads[h]);
    while (url->len < len) {
        cost_buf_str(
            url,
            host_units[cost_rng_one_in(rng, 8) ? cost_rng_below(rng, 13) : u]);
        if (cost_rng_one_in(rng, 64))
            cost_buf_str(url, cost_rng_one_in(rng, 2) ? ":80/x" : "/");
    }
}

void cost_gen_cache_value(cost_rng *rng, cost_buf *value) {
    static const char *const pieces[] = {
        "max-age=", "9",         ", ",
        "no-cache", "=\"",       "\\",
        "\"",       "private, ", "Cache-Control: ",
        "\r\n",     "Expires: ", "Thu, 01 Dec 1994 16:00:00 GMT",
        "Date: ",   " "};
    size_t count = sizeof pieces / sizeof pieces[0];
    size_t a = cost_rng_below(rng, count);
    size_t size = near_max(rng, 1u << 20);
    value->len = 0;
    while (value->len < size)
        cost_buf_str(value, cost_rng_one_in(rng, 3)
                                ? pieces[cost_rng_below(rng, count)]
                                : pieces[a]);
}
