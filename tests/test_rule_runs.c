/* SPDX-License-Identifier: MIT */
/*
 * test_rule_runs.c - a run of usual Allow/Disallow lines, read in one pass
 * (parse_rule_run.h), gives the rules the general path gives. Each body is
 * written twice: once as usual rules ("Allow: /x", which the run reads),
 * once with a tab after every colon (which only the general path reads,
 * and which RFC 9309 2.2 and every profile skip as whitespace). Runs of up
 * to 400 lines, with LF, CRLF and lone CR ends and a last line with or
 * without its end, so that the run's room bound (run_room()) is crossed
 * many times within a run; the fuzzers' build checks one line a run only.
 * And google's index.htm flag (docs/google-profile.md: an Allow whose part
 * after its last '/' starts with "index.htm") on patterns of every shape
 * its test reads apart, read as a usual line, the general way and
 * normalised; and google's lines of two words without ':', read sixteen
 * bytes a step, with words and blanks across those steps' bounds. Empty
 * lines and comments between the rules, which the run steps over or
 * stops at, and lines no run is started at (other keys, HTML), give the
 * same rules, groups and diagnostics' count too; and sitemap lines, which
 * a run hands to their handler (a space after the colon) or the general
 * path reads (a tab), the same sitemaps.
 */
#include "robots.h"
#include "testing.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64: the same bodies on every run and host. */
static uint64_t seed = 88172645463325252ull;
static unsigned next_random(void) {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (unsigned)seed;
}

/* Bytes a pattern is made of: mostly a path's, with the bytes the run and
 * the normal form treat apart ('*', '$', '%', bytes past ASCII, a space:
 * within a pattern, or at its end and trimmed). */
static const char common_bytes[] = "abcdefgh/xyz0123-_.";
static const char other_bytes[] =
    "/abcXYZ019/-_.*$%~!<>`{}|^\\\x80\xe9?=&;:@+, ";

typedef struct bodies {
    char *usual, *general;
    size_t usual_len, general_len;
} bodies;

static void put_both(bodies *b, const char *s, size_t n) {
    memcpy(b->usual + b->usual_len, s, n);
    memcpy(b->general + b->general_len, s, n);
    b->usual_len += n;
    b->general_len += n;
}

/* Lines between the rules, which say nothing but a line: in the usual
 * body as a run steps over them (quiet_line_next(): an empty line, which
 * ends a record in legacy; a comment of plain ASCII from its first byte,
 * short or past a 16-byte step), in the other with a space first, which
 * neither the run nor the loop's count of such lines takes
 * (parse_lines_loop.h, plain_bytes()), so that process_line() reads them, the
 * space trimmed: the same rules, groups and diagnostics. And comments the
 * general path is to read in both (a TAB, UTF-8, a NUL), and rules to
 * normalise, with and without a comment after them. */
typedef struct between_line {
    const char *usual, *general;
    size_t usual_len, general_len;
} between_line;
#define BETWEEN(u, g)                                                          \
    { u, g, sizeof u - 1, sizeof g - 1 }
static const between_line between[] = {
    BETWEEN("\n", " \n"),
    BETWEEN("\r\n", " \r\n"),
    BETWEEN("\r", " \r"),
    BETWEEN("#\n", " #\n"),
    BETWEEN("# a comment\n", " # a comment\n"),
    BETWEEN("# a comment of more than sixteen bytes, plain ASCII\r\n",
            " # a comment of more than sixteen bytes, plain ASCII\r\n"),
    /* ended by a lone CR, which the comment's scan stops at */
    BETWEEN("# a comment ended by a CR\r", " # a comment ended by a CR\r"),
    BETWEEN("#\ta tab\n", "#\ta tab\n"),
    BETWEEN("# caf\xc3\xa9\n", "# caf\xc3\xa9\n"),
    BETWEEN("# \xff not UTF-8\n", "# \xff not UTF-8\n"),
    BETWEEN("#\0 a NUL\n", "#\0 a NUL\n"),
    /* a rule to normalise, which the run hands to rb_parse_rule() but for
     * its comment, the general path's */
    BETWEEN("disallow: /%41 # a comment\n", "disallow:\t/%41 # a comment\n"),
    BETWEEN("allow: /caf%c3%a9\n", "allow:\t/caf%c3%a9\n"),
    /* a sitemap, which the run hands to rb_parse_sitemap(), and a key
     * that starts as one, which it stops at */
    BETWEEN("Sitemap: https://example.com/s.xml\r\n",
            "Sitemap:\thttps://example.com/s.xml\r\n"),
    BETWEEN("sitemaps: https://example.com/s.xml\n",
            "sitemaps: https://example.com/s.xml\n"),
    /* lines a run cannot read, the same in both: their first byte is
     * none of a key's first letter ('a', 'd', 'u', 's', any case), '#',
     * LF or CR, so that rule_lines() does not start a run at them (and a
     * run that reaches them stops); the rules after them a new run's */
    BETWEEN("crawl-delay: 5\n", "crawl-delay: 5\n"),
    BETWEEN("<p>not a robots.txt line</p>\n", "<p>not a robots.txt line</p>\n"),
    BETWEEN("* a line of no key\r", "* a line of no key\r"),
    BETWEEN("-\n", "-\n"),
    /* and a user-agent line spelt in capitals, which a run reads */
    BETWEEN("USER-AGENT: b\n", "USER-AGENT:\tb\n"),
};

static void put_between(bodies *b) {
    const between_line *l =
        &between[next_random() % (sizeof between / sizeof between[0])];
    /* (a LF after a line's lone CR would end that line, not add one) */
    if (l->usual[0] == '\n' && b->usual_len > 0 &&
        b->usual[b->usual_len - 1] == '\r')
        return;
    memcpy(b->usual + b->usual_len, l->usual, l->usual_len);
    memcpy(b->general + b->general_len, l->general, l->general_len);
    b->usual_len += l->usual_len;
    b->general_len += l->general_len;
}

/* A line's end: LF, CRLF or a lone CR. */
static void put_end(bodies *b) {
    unsigned end = next_random() % 10;
    put_both(b,
             end < 7   ? "\n"
             : end < 9 ? "\r\n"
                       : "\r",
             end < 7   ? 1
             : end < 9 ? 2
                       : 1);
}

/* A sitemap line: in the usual body as a run reads it ("Sitemap:", at
 * most one space, the value, spaces after it), in the other with a tab
 * after the colon, the general path's: a URL or a relative one (reported),
 * none, or spaces alone, of 0 to 69 bytes, so that its end falls on
 * either side of the run's 16-byte steps. */
static void put_sitemap(bodies *b) {
    static const char *const keys[] = {"Sitemap", "sitemap", "SITEMAP"};
    static const char *const starts[] = {"https://example.com/", "http://e.",
                                         "/relative", "", "  "};
    const char *key = keys[next_random() % 3];
    put_both(b, key, 7);
    put_both(b, ":", 1);
    if (next_random() & 1)
        b->usual[b->usual_len++] = ' ';
    b->general[b->general_len++] = '\t';
    const char *start = starts[next_random() % 5];
    put_both(b, start, strlen(start));
    for (unsigned k = next_random() % 50; k > 0; k--) {
        char c = common_bytes[next_random() % (sizeof common_bytes - 1)];
        put_both(b, &c, 1);
    }
    if (next_random() % 4 == 0)
        put_both(b, "  ", 1 + next_random() % 2);
    put_end(b);
}

static void put_line(bodies *b) {
    if (next_random() % 8 == 0)
        put_between(b);
    if (next_random() % 16 == 0) {
        put_sitemap(b);
        return;
    }
    unsigned pick = next_random();
    const char *key = pick % 50 == 0 ? "user-agent"
                      : pick & 1     ? "Allow"
                                     : "disallow";
    put_both(b, key, strlen(key));
    put_both(b, ":", 1);
    if (next_random() & 1) /* "Allow: /x" and "Allow:/x" are both usual */
        b->usual[b->usual_len++] = ' ';
    b->general[b->general_len++] = '\t';
    /* a pattern from '*' too, which a run reads but in legacy (RFC 9309
     * 2.2.2 and google keep it; legacy reports it) */
    put_both(b, next_random() % 8 == 0 ? "*" : "/", 1);
    unsigned len =
        next_random() % 8 == 0 ? next_random() % 70 : next_random() % 20;
    for (unsigned k = 0; k < len; k++) {
        char c = next_random() % 100 < 85
                     ? common_bytes[next_random() % (sizeof common_bytes - 1)]
                     : other_bytes[next_random() % (sizeof other_bytes - 1)];
        put_both(b, &c, 1);
    }
    if (next_random() % 10 == 0)
        put_both(b, "$", 1);
    put_end(b);
}

/* Whether two records differ in line, key, value or group. */
static int records_differ(const robots_record_info *x,
                          const robots_record_info *y) {
    return x->line != y->line || x->group != y->group ||
           x->key_len != y->key_len || x->value_len != y->value_len ||
           memcmp(x->key, y->key, x->key_len) != 0 ||
           memcmp(x->value, y->value, x->value_len) != 0;
}

/* The sitemaps of both bodies: the same lines, keys, values and groups
 * (the first that differs reported). */
static void same_sitemaps(const robots_txt *usual, const robots_txt *general,
                          robots_profile profile) {
    size_t count = robots_sitemap_count(usual);
    EXPECT_EQ(count, robots_sitemap_count(general));
    robots_record_info x, y;
    size_t i = 0;
    while (i < count && i < robots_sitemap_count(general) &&
           robots_sitemap(usual, i, &x) == ROBOTS_OK &&
           robots_sitemap(general, i, &y) == ROBOTS_OK &&
           !records_differ(&x, &y))
        i++;
    EXPECT_MSG(i == count, "profile %d: sitemap %zu of %zu differs",
               (int)profile, i, count);
}

/* The rules and the diagnostics' count of both bodies, in one profile. */
static void same_rules(const bodies *b, robots_profile profile) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    options.parse_limit = 0;
    robots_txt *usual = NULL, *general = NULL;
    EXPECT(robots_parse(b->usual, b->usual_len, &options, &usual) == ROBOTS_OK);
    EXPECT(robots_parse(b->general, b->general_len, &options, &general) ==
           ROBOTS_OK);
    if (usual == NULL || general == NULL) {
        robots_free(usual);
        robots_free(general);
        return;
    }
    size_t count = robots_rule_count(usual);
    EXPECT_EQ(count, robots_rule_count(general));
    int differ = count != robots_rule_count(general);
    for (size_t i = 0; i < count && !differ; i++) {
        robots_rule_info x, y;
        EXPECT(robots_rule(usual, i, &x) == ROBOTS_OK);
        EXPECT(robots_rule(general, i, &y) == ROBOTS_OK);
        differ = x.line != y.line || x.kind != y.kind ||
                 x.pattern_len != y.pattern_len ||
                 memcmp(x.pattern, y.pattern, x.pattern_len) != 0 ||
                 x.normalized_len != y.normalized_len || x.flags != y.flags ||
                 x.group != y.group;
        EXPECT_MSG(!differ, "profile %d, rule %zu of line %zu: '%.*s'",
                   (int)profile, i, x.line,
                   (int)(x.pattern_len < 60 ? x.pattern_len : 60), x.pattern);
    }
    EXPECT_EQ(robots_group_count(usual), robots_group_count(general));
    same_sitemaps(usual, general, profile);
    EXPECT_EQ(robots_diagnostic_total(usual), robots_diagnostic_total(general));
    robots_free(usual);
    robots_free(general);
}

/* ROBOTS_RULE_FLAG_INDEX_DIR of the one rule of "user-agent: x" and
 * "Allow<sep>pattern", in google, in a buffer of the body's own size. */
static unsigned index_dir_flag(const char *sep, const char *pattern) {
    size_t len = 14 + 5 + strlen(sep) + strlen(pattern);
    char *body = malloc(len + 1);
    EXPECT(body != NULL);
    if (body == NULL)
        return 0;
    snprintf(body, len + 1, "user-agent: x\nAllow%s%s", sep, pattern);
    robots_options options;
    robots_options_init(&options);
    options.profile = ROBOTS_PROFILE_GOOGLE;
    robots_txt *doc = NULL;
    robots_rule_info rule;
    memset(&rule, 0, sizeof rule);
    EXPECT(robots_parse(body, len, &options, &doc) == ROBOTS_OK);
    EXPECT_EQ(robots_rule_count(doc), 1);
    EXPECT(robots_rule(doc, 0, &rule) == ROBOTS_OK);
    robots_free(doc);
    free(body);
    return rule.flags & ROBOTS_RULE_FLAG_INDEX_DIR;
}

static void index_htm_flags(void) {
    static const struct {
        const char *pattern;
        int flagged;
    } cases[] = {
        {"/index.htm", 1},
        {"/d/index.html", 1},
        {"/d/index.htm?a=1&b=2&c=3", 1}, /* a last segment of 16 or more */
        {"/d/e/f/g/h/i/j/index.htm", 1}, /* its '/' in the last 16 bytes */
        {"/dddddddddddddddd/index.htm", 1},
        {"/\xC3/index.htm", 1},             /* normalised: 14 bytes */
        {"/\xC3\xA9\xC3\xA9/index.htm", 1}, /* normalised: 26 bytes */
        {"/d/index.htm/", 0},               /* the last segment is empty */
        {"/d/Index.htm", 0},                /* "index.htm", exactly */
        {"/d/xindex.htm", 0},
        {"/d/index.ht", 0},
        {"xindex.htm", 0},                 /* no '/', 10 bytes */
        {"*aaaaaaaaaaaaaaaaindex.htm", 0}, /* no '/', past 16 bytes */
        {"/%69ndex.htm", 0},
    };
    const char *seps[] = {": ", ":\t", " : "};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t s = 0; s < sizeof seps / sizeof seps[0]; s++)
            EXPECT_MSG(index_dir_flag(seps[s], cases[i].pattern) ==
                           (cases[i].flagged ? ROBOTS_RULE_FLAG_INDEX_DIR : 0u),
                       "'%s'", cases[i].pattern);
}

/* google reads "KEY VALUE" as key and value, and a line of three words as
 * no key: "x" * k, b blanks (' ' and '\t'), "y" * v, and (third) a third
 * word, at the body's end or followed by a comment line (end). */
static void two_word_line(size_t k, size_t b, size_t v, int third, int end) {
    char body[256];
    size_t n = 0;
    for (size_t i = 0; i < k; i++)
        body[n++] = 'x';
    for (size_t i = 0; i < b; i++)
        body[n++] = i % 3 == 1 ? '\t' : ' ';
    for (size_t i = 0; i < v; i++)
        body[n++] = 'y';
    if (third)
        n += (size_t)snprintf(body + n, sizeof body - n, " z");
    if (!end)
        n += (size_t)snprintf(body + n, sizeof body - n,
                              "\n# a comment after the line, for the bytes\n");
    robots_options options;
    robots_options_init(&options);
    options.profile = ROBOTS_PROFILE_GOOGLE;
    robots_txt *doc = NULL;
    char *exact = malloc(n); /* a read past it is the sanitizers' to see */
    EXPECT(exact != NULL);
    if (exact == NULL)
        return;
    memcpy(exact, body, n);
    EXPECT(robots_parse(exact, n, &options, &doc) == ROBOTS_OK);
    free(exact);
    robots_record_info record;
    memset(&record, 0, sizeof record);
    size_t records = robots_extension_count(doc);
    if (records == 1)
        EXPECT(robots_extension(doc, 0, &record) == ROBOTS_OK);
    EXPECT_MSG(records == (third ? 0u : 1u) &&
                   (third || (record.key_len == k && record.value_len == v)) &&
                   robots_diagnostic_kind_total(
                       doc, ROBOTS_DIAG_MISSING_COLON) == (third ? 1u : 0u) &&
                   robots_diagnostic_kind_total(
                       doc, ROBOTS_DIAG_NO_SEPARATOR_PAIR) == (third ? 0u : 1u),
               "k %zu, b %zu, v %zu, third %d, end %d", k, b, v, third, end);
    robots_free(doc);
}

static void two_word_lines(void) {
    static const size_t blanks[] = {1, 2, 5, 15, 16, 17, 33};
    static const size_t values[] = {1, 2, 7, 14, 15, 16, 17, 30, 40};
    for (size_t k = 1; k <= 40; k++)
        for (size_t b = 0; b < sizeof blanks / sizeof blanks[0]; b++)
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
                for (int shape = 0; shape < 4; shape++)
                    two_word_line(k, blanks[b], values[v], shape & 1,
                                  shape >> 1);
}

/* A run's keys, compared a word at a time (parse_rule_run.h,
 * run_key_is()): each byte of "allow", "disallow", "user-agent" and
 * "sitemap" changed in turn, between rules a run reads, makes a line of
 * another key (no rule, no new group, no sitemap); the key in capitals is
 * the key. */
static void near_keys(void) {
    static const char *const keys[] = {"allow", "disallow", "user-agent",
                                       "sitemap"};
    static const robots_profile profiles[] = {
        ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};
    for (size_t k = 0; k < 4; k++) {
        size_t n = strlen(keys[k]);
        int agent = k == 2, sitemap = k == 3;
        for (size_t j = 0; j <= n; j++) {
            char key[16];
            for (size_t i = 0; i < n; i++) /* j == n: the key itself */
                key[i] = i == j ? 'q'
                                : (char)(keys[k][i] -
                                         ('a' - 'A') * (keys[k][i] != '-'));
            char body[128];
            int len = snprintf(body, sizeof body,
                               "user-agent: x\nDisallow: /a\n%.*s: /b\n"
                               "Disallow: /c\nAllow: /d\n",
                               (int)n, key);
            for (size_t p = 0; p < 3; p++) {
                robots_options options;
                robots_options_init(&options);
                options.profile = profiles[p];
                robots_txt *doc = NULL;
                EXPECT(robots_parse(body, (size_t)len, &options, &doc) ==
                       ROBOTS_OK);
                int same = j == n;
                size_t rules = robots_rule_count(doc);
                size_t groups = robots_group_count(doc);
                size_t sitemaps = robots_sitemap_count(doc);
                EXPECT_MSG(rules == 3u + (size_t)(same && !agent && !sitemap) &&
                               groups == 1u + (size_t)(same && agent) &&
                               sitemaps == (size_t)(same && sitemap),
                           "key %s, byte %zu, profile %zu: %zu rules, "
                           "%zu groups, %zu sitemaps",
                           keys[k], j, p, rules, groups, sitemaps);
                robots_free(doc);
            }
        }
    }
}

/* A rule line "<key>:<sep>/x..." of n bytes (n >= 11) and its end, in
 * both bodies: a space after the colon in the usual one, a tab in the
 * other, so that both lines are as long. */
static void put_rule_of(bodies *b, const char *key, size_t n) {
    size_t k = strlen(key);
    put_both(b, key, k);
    put_both(b, ":", 1);
    b->usual[b->usual_len++] = ' ';
    b->general[b->general_len++] = '\t';
    put_both(b, "/", 1);
    for (size_t i = k + 3; i < n; i++)
        put_both(b, i % 7 == 0 ? "/" : "x", 1);
    put_both(b, "\n", 1);
}

/* The run's bound on its 16-byte steps (parse_rule_run.h, run_stop()):
 * ROBOTS_MAX_LINE_BYTES - 16 bytes past the run's start, so that no line
 * it reads is over the limit on a line's length (semantics.md: a line
 * keeps its first 16,663 bytes); the line that crosses it is the general
 * path's. Rule, user-agent, sitemap and comment lines of that length and
 * about it, first in a run or after a few rule lines, and a run of rules
 * far longer than the bound: the same rules, groups, sitemaps (a line over
 * the limit cut) and diagnostics as the general path's (a tab after the
 * colon, a space before the comment). */
static void run_stops(void) {
    bodies b;
    size_t cap = 6 * ROBOTS_MAX_LINE_BYTES + 200000;
    b.usual = malloc(cap);
    b.general = malloc(cap);
    EXPECT(b.usual != NULL && b.general != NULL);
    if (b.usual == NULL || b.general == NULL) {
        free(b.usual);
        free(b.general);
        return;
    }
    static const robots_profile profiles[] = {
        ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};
    for (size_t before = 0; before < 3; before++)
        for (size_t n = ROBOTS_MAX_LINE_BYTES - 40;
             n <= ROBOTS_MAX_LINE_BYTES + 2; n++) {
            b.usual_len = b.general_len = 0;
            put_both(&b, "user-agent: x\n", 14);
            for (size_t k = 0; k < before; k++)
                put_rule_of(&b, "Disallow", 12 + k);
            static const char *const keys[] = {"Allow", "Disallow",
                                               "User-agent", "Sitemap"};
            if (n % 5 == 4) { /* a comment, which a run steps over */
                b.general[b.general_len++] = ' ';
                put_both(&b, "#", 1);
                for (size_t i = 1; i < n; i++)
                    put_both(&b, "c", 1);
                put_both(&b, "\n", 1);
            } else {
                put_rule_of(&b, keys[n % 5], n);
            }
            put_rule_of(&b, "Allow", 20);
            for (size_t p = 0; p < 3; p++)
                same_rules(&b, profiles[p]);
        }
    /* rule lines near the limit one after the other, each past the bound
     * drawn from the one before (a run's end near its bound is asked of a
     * new run, rule_lines()), as the adversarial case long-segments */
    for (size_t n = ROBOTS_MAX_LINE_BYTES - 12; n <= ROBOTS_MAX_LINE_BYTES;
         n += 4) {
        b.usual_len = b.general_len = 0;
        put_both(&b, "user-agent: x\n", 14);
        for (int k = 0; k < 5; k++)
            put_rule_of(&b, k == 3 ? "Allow" : "Disallow", n - (size_t)k);
        put_rule_of(&b, "Allow", 20);
        for (size_t p = 0; p < 3; p++)
            same_rules(&b, profiles[p]);
    }
    /* runs of 2,000 lines, about 50 KB: each crosses the bound a few
     * times */
    for (int body = 0; body < 4; body++) {
        b.usual_len = b.general_len = 0;
        put_both(&b, "user-agent: x\n", 14);
        for (int n = 0; n < 2000; n++)
            put_line(&b);
        for (size_t p = 0; p < 3; p++)
            same_rules(&b, profiles[p]);
    }
    free(b.usual);
    free(b.general);
}

/* same_rules() of the bodies copied to buffers of their own size, so that
 * a read past either is the sanitizers' to see. */
static void same_rules_exact(const bodies *b, robots_profile profile) {
    bodies exact = *b;
    exact.usual = malloc(b->usual_len);
    exact.general = malloc(b->general_len);
    EXPECT(exact.usual != NULL && exact.general != NULL);
    if (exact.usual != NULL && exact.general != NULL) {
        memcpy(exact.usual, b->usual, b->usual_len);
        memcpy(exact.general, b->general, b->general_len);
        same_rules(&exact, profile);
    }
    free(exact.usual);
    free(exact.general);
}

/* The body's last bytes (parse_rule_run.h, run_stop()): a run reads no
 * line that starts in the last 16 + RUN_PATTERN_AT (10) bytes before the
 * parse limit, so that a pattern's first 16-byte step is within it; such
 * a line is the general path's. Rule and sitemap lines of 12 to 49 bytes
 * last in the body, after rules and a sitemap a run reads, with their LF,
 * CRLF or none, in buffers of the body's size (the asan-ubsan gate sees a
 * read past it). */
static void body_ends(void) {
    static const robots_profile profiles[] = {
        ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};
    char u[256], g[256];
    for (size_t n = 8; n < 50; n++)
        for (int end = 0; end < 3; end++) {
            bodies b = {u, g, 0, 0};
            put_both(&b, "user-agent: x\n", 14);
            put_rule_of(&b, "Disallow", 13);
            put_rule_of(&b, "Allow", 16);
            put_rule_of(&b, "Sitemap", 20);
            static const char *const keys[] = {"Allow", "Disallow", "Sitemap"};
            put_rule_of(&b, keys[n % 3], n < 12 ? 12 : n);
            b.usual_len -= 1; /* its LF, then as end says */
            b.general_len -= 1;
            if (end == 1)
                put_both(&b, "\n", 1);
            else if (end == 2)
                put_both(&b, "\r\n", 2);
            for (size_t p = 0; p < 3; p++)
                same_rules_exact(&b, profiles[p]);
        }
}

/* Keyed lines a run reads by their handler, and the room it draws again
 * after each (parse_rule_run.h): a user-agent line after another joins
 * its group, after a rule starts one, whatever the run drew between; a
 * sitemap or a rule to normalise between them ends no list. Every order
 * of such lines, before and after rules, against the general path's (a
 * tab after each colon). */
static void keyed_orders(void) {
    static const char *const usual[] = {"User-agent: a\n",
                                        "Disallow: /d\n",
                                        "Allow: /a\n",
                                        "Sitemap: https://example.com/s.xml\n",
                                        "Disallow: /%41\n",
                                        "\n",
                                        "# c\n"};
    static const char *const general[] = {
        "User-agent:\ta\n",
        "Disallow:\t/d\n",
        "Allow:\t/a\n",
        "Sitemap:\thttps://example.com/s.xml\n",
        "Disallow:\t/%41\n",
        " \n",
        " # c\n"};
    static const robots_profile profiles[] = {
        ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};
    char u[512], g[512];
    /* six lines after "user-agent: x\nDisallow: /x\n", each of seven kinds */
    for (unsigned code = 0; code < 7u * 7 * 7 * 7 * 7 * 7; code++) {
        bodies b = {u, g, 0, 0};
        put_both(&b, "user-agent: x\nDisallow: /x\n", 27);
        for (unsigned k = 0, c = code; k < 6; k++, c /= 7) {
            size_t nu = strlen(usual[c % 7]), ng = strlen(general[c % 7]);
            memcpy(b.usual + b.usual_len, usual[c % 7], nu);
            memcpy(b.general + b.general_len, general[c % 7], ng);
            b.usual_len += nu;
            b.general_len += ng;
        }
        for (size_t p = 0; p < 3; p++)
            same_rules(&b, profiles[p]);
    }
}

/* legacy's runs, which start only at a line from 'a' or 'd' (any case)
 * and draw the arrays' room where they start when the rules' array is
 * there: the rules after a user-agent line, after comments, after lines
 * of other keys and of no key, read as the general path reads them, in a
 * small body (its arrays sized up front) and in one of over 16 KiB (the
 * rules' array made at its first rule, so that the first run starts
 * without it), in every profile. */
static void run_starts(bodies *b) {
    static const char *const others[] = {
        "# a comment\n", "#\n",   "crawl-delay: 5\n", "Eat: this\n",
        "`quoted\n",     "@at\n", "<p>html</p>\n"};
    static const char padding[] = " # padding, read the general way\n";
    for (int large = 0; large < 2; large++) {
        b->usual_len = b->general_len = 0;
        put_both(b, "user-agent: x\n", 14);
        /* (comments the general path reads in both: a space first) */
        while (large && b->usual_len < 20 * 1024)
            put_both(b, padding, sizeof padding - 1);
        for (unsigned n = 0; n < 200; n++) {
            const char *other = others[n % (sizeof others / sizeof others[0])];
            if (n % 3 == 0)
                put_both(b, other, strlen(other));
            if (n % 5 == 0)
                put_both(b, "user-agent: y\n", 14);
            const char *key = n & 1 ? "Allow" : "DISALLOW";
            put_both(b, key, strlen(key));
            put_both(b, ":", 1);
            b->usual[b->usual_len++] = ' ';
            b->general[b->general_len++] = '\t';
            char pattern[24];
            int plen = snprintf(pattern, sizeof pattern, "/p%u\n", n);
            put_both(b, pattern, (size_t)plen);
        }
        same_rules(b, ROBOTS_PROFILE_RFC9309);
        same_rules(b, ROBOTS_PROFILE_GOOGLE);
        same_rules(b, ROBOTS_PROFILE_LEGACY);
    }
}

int main(void) {
    body_ends();
    keyed_orders();
    run_stops();
    near_keys();
    index_htm_flags();
    two_word_lines();
    bodies b;
    /* 400 lines of at most 6 + 10 + 2 + 70 + 3 bytes each, a line of at
     * most 55 bytes before each (put_between()), and the
     * user-agent line */
    b.usual = malloc(64 * 1024);
    b.general = malloc(64 * 1024);
    EXPECT(b.usual != NULL && b.general != NULL);
    if (b.usual != NULL && b.general != NULL)
        run_starts(&b); /* (of at most 20 KiB + 200 lines of 40 bytes) */
    for (int body = 0; b.usual != NULL && b.general != NULL && body < 300;
         body++) {
        b.usual_len = b.general_len = 0;
        put_both(&b, "user-agent: x\n", 14);
        for (unsigned n = next_random() % 400; n > 0; n--)
            put_line(&b);
        if (next_random() & 1) { /* the last line without its end */
            b.usual_len--;
            b.general_len--;
        }
        /* in buffers of the body's own size, so that a read past it is
         * the sanitizers' to see */
        bodies exact = b;
        exact.usual = malloc(b.usual_len);
        exact.general = malloc(b.general_len);
        EXPECT(exact.usual != NULL && exact.general != NULL);
        if (exact.usual != NULL && exact.general != NULL) {
            memcpy(exact.usual, b.usual, b.usual_len);
            memcpy(exact.general, b.general, b.general_len);
            same_rules(&exact, ROBOTS_PROFILE_RFC9309);
            same_rules(&exact, ROBOTS_PROFILE_GOOGLE);
            same_rules(&exact, ROBOTS_PROFILE_LEGACY);
        }
        free(exact.usual);
        free(exact.general);
    }
    free(b.usual);
    free(b.general);
    return testing_finish();
}
