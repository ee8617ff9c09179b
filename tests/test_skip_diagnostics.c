/* SPDX-License-Identifier: MIT */
/*
 * test_skip_diagnostics.c - robots_options.skip_diagnostics (robots.h):
 * the option's values, a document that keeps and counts no diagnostic,
 * and proof that it is the same reading as the default parse's in
 * everything else (same_reading.h), on bodies of every kind of
 * diagnostic and on every body the repository's test data holds: each
 * file under the directories given as arguments (the conformance cases'
 * bodies, tests/tools/case_bodies.py; corpus/; the bench's shapes), in
 * the three profiles, whole and cut by a parse limit.
 *
 * Usage: test_skip_diagnostics [DIR...]
 */
#define _POSIX_C_SOURCE 200809L
#include "robots.h"
#include "same_reading.h"
#include "testing.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const robots_profile profiles[] = {
    ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};

static robots_options options_for(robots_profile profile, size_t limit,
                                  size_t skip) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    options.parse_limit = limit;
    options.skip_diagnostics = skip;
    return options;
}

/* The body parsed both ways with this profile and limit: the same
 * reading, and none of the diagnostics. Returns 1 when so (and says what
 * differs otherwise). */
static int same_both_ways(const char *body, size_t len, robots_profile profile,
                          size_t limit, const char *name) {
    robots_options reporting = options_for(profile, limit, 0);
    robots_options skipping = options_for(profile, limit, 1);
    robots_txt *a = NULL, *b = NULL;
    if (robots_parse(body, len, &reporting, &a) != ROBOTS_OK ||
        robots_parse(body, len, &skipping, &b) != ROBOTS_OK) {
        fprintf(stderr, "%s: profile %d: a parse failed\n", name, (int)profile);
        robots_free(a);
        return 0;
    }
    /* robots_analyze()'s pairwise work is left out of the largest */
    const char *why = sr_same_reading(a, b, body, len, len <= 65536);
    if (why == NULL && !sr_keeps_no_diagnostic(b))
        why = "a diagnostic kept or counted";
    /* never larger than the default parse's document (robots.h) */
    if (why == NULL && robots_txt_memory_used(b) > robots_txt_memory_used(a))
        why = "a larger document";
    if (why != NULL)
        fprintf(stderr, "%s: profile %d limit %zu: %s differs\n", name,
                (int)profile, limit, why);
    robots_free(a);
    robots_free(b);
    return why == NULL;
}

/* Every profile, the whole body and (when it has a few lines) cut by a
 * limit at its middle. */
static void check_body(const char *body, size_t len, const char *name) {
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
        EXPECT(same_both_ways(body, len, profiles[i], 0, name));
        if (len > 16)
            EXPECT(same_both_ways(body, len, profiles[i], len / 2, name));
    }
}

static void option_values(void) {
    robots_options options;
    robots_options_init(&options);
    EXPECT_EQ(options.skip_diagnostics, 0u);
    robots_txt *doc = NULL;
    options.skip_diagnostics = 2;
    EXPECT_EQ(robots_parse("User-agent: *\n", 14, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    options.skip_diagnostics = (size_t)-1;
    EXPECT_EQ(robots_parse_prefix("", 0, 0, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    options.skip_diagnostics = 1;
    EXPECT_EQ(robots_parse("User-agent: *\n", 14, &options, &doc), ROBOTS_OK);
    EXPECT(doc != NULL && sr_keeps_no_diagnostic(doc));
    robots_free(doc);
}

/* A line of every kind the parse reports, and a page of HTML past the
 * cap of diagnostics. */
static const char every_kind[] = "\xEF\xBB\xBF"
                                 "<html>\n"
                                 "Disallow: /before-any-group\n"
                                 "Content-Usage: train-ai=n\n"
                                 "Content-Signal: search=yes\n"
                                 "User-agent: MJ12bot\n"
                                 "User-agent: 360Spider\n"
                                 "User-agent: Googlebot/2.1\n"
                                 "User-agent:\n"
                                 "Useragent: typo\n"
                                 "Dissallow: /typo\n"
                                 "Disallow-this: /prefix\n"
                                 "Disalow /two-words\n"
                                 "Allow:\n"
                                 "Disallow: no-slash\n"
                                 "Disallow: /caf\xC3\xA9 and \xFF bad\n"
                                 "Disallow: /nul\0/rest\n"
                                 "Disallow: /bom\xEF\xBB\xBF\n"
                                 "Crawl-delay: soon\n"
                                 "Crawl-delay: 2.5\n"
                                 "Sitemap: /relative.xml\n"
                                 "Sitemap: https://example.com/s.xml\n"
                                 "Host: example.com\n"
                                 "Unknown-key: value\n"
                                 ": no key\n"
                                 "just some words\n"
                                 "Content-Usage: /x train-ai=y\n"
                                 "Disallow: /*.pdf$ # comment\n"
                                 "\n"
                                 "User-agent: *\n"
                                 "Allow: /\n";

static void zero_counts(void) {
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
        robots_options reporting = options_for(profiles[i], 0, 0);
        robots_options skipping = options_for(profiles[i], 0, 1);
        robots_txt *a = NULL, *b = NULL;
        EXPECT_EQ(
            robots_parse(every_kind, sizeof every_kind - 1, &reporting, &a),
            ROBOTS_OK);
        EXPECT_EQ(
            robots_parse(every_kind, sizeof every_kind - 1, &skipping, &b),
            ROBOTS_OK);
        /* the default parse reports much of it; the other none of it */
        EXPECT(robots_diagnostic_count(a) >= 15);
        EXPECT(sr_keeps_no_diagnostic(b));
        EXPECT(robots_txt_memory_used(b) < robots_txt_memory_used(a));
        EXPECT(sr_same_reading(a, b, every_kind, sizeof every_kind - 1, 1) ==
               NULL);
        robots_free(a);
        robots_free(b);
    }
    check_body(every_kind, sizeof every_kind - 1, "every kind");

    /* Past the cap of ROBOTS_MAX_DIAGNOSTICS, a line longer than
     * ROBOTS_MAX_LINE_BYTES, a UTF-16 mark, a BOM encoded twice. */
    size_t len = 0, cap = 200000;
    char *big = malloc(cap);
    EXPECT(big != NULL);
    if (big == NULL)
        return;
    memcpy(big, "\xC3\xAF\xC2\xBB\xC2\xBFUser-agent: a\n", 20);
    len = 20;
    for (int i = 0; i < 1500 && len + 64 < cap / 2; i++)
        len +=
            (size_t)snprintf(big + len, cap - len,
                             "<p>line %d of text</p>\nDisallow: /%d\n", i, i);
    memset(big + len, 'x', 20000);
    len += 20000;
    big[len++] = '\n';
    check_body(big, len, "past the cap");
    big[0] = '\xFF';
    big[1] = '\xFE';
    check_body(big, len, "utf-16 mark");
    free(big);

    /* robots_parse_prefix(): the prefix's reading, skipped or not. */
    robots_options reporting = options_for(ROBOTS_PROFILE_RFC9309, 60, 0);
    robots_options skipping = options_for(ROBOTS_PROFILE_RFC9309, 60, 1);
    robots_txt *a = NULL, *b = NULL;
    EXPECT_EQ(robots_parse_prefix(every_kind, 100, ROBOTS_NOT_COUNTED,
                                  &reporting, &a),
              ROBOTS_OK);
    EXPECT_EQ(
        robots_parse_prefix(every_kind, 100, ROBOTS_NOT_COUNTED, &skipping, &b),
        ROBOTS_OK);
    EXPECT(a != NULL && b != NULL && sr_keeps_no_diagnostic(b) &&
           sr_same_reading(a, b, every_kind, 100, 1) == NULL);
    robots_free(a);
    robots_free(b);
}

/* Every file under path (a file or a directory, recursively): checked.
 * Returns the number of files. */
static size_t check_tree(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    if (S_ISDIR(st.st_mode)) {
        DIR *dir = opendir(path);
        size_t files = 0;
        struct dirent *e;
        while (dir != NULL && (e = readdir(dir)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            size_t n = strlen(path) + strlen(e->d_name) + 2;
            char *child = malloc(n);
            if (child == NULL)
                break;
            snprintf(child, n, "%s/%s", path, e->d_name);
            files += check_tree(child);
            free(child);
        }
        if (dir != NULL)
            closedir(dir);
        return files;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL || !S_ISREG(st.st_mode)) {
        if (f != NULL)
            fclose(f);
        return 0;
    }
    size_t len = (size_t)st.st_size;
    char *body = malloc(len ? len : 1);
    size_t got = body != NULL ? fread(body, 1, len, f) : 0;
    fclose(f);
    if (body != NULL && got == len)
        check_body(body, len, path);
    free(body);
    return 1;
}

int main(int argc, char **argv) {
    option_values();
    zero_counts();
    size_t files = 0;
    for (int i = 1; i < argc; i++)
        files += check_tree(argv[i]);
    printf("%zu files read both ways in 3 profiles\n", files);
    /* the directories given must have held the test data */
    if (argc > 1)
        EXPECT(files >= 1000);
    return testing_finish();
}
