/* SPDX-License-Identifier: MIT */
/*
 * test_match.c - pattern against path, on its own (robots_match_path), and
 * the matcher's building blocks. Expectations come from the documents:
 * HTTP: The Definitive Guide Table 9-3 (seeds 000/001), Google's
 * specification path-matching table (seed 004), RFC 9309 sections 2.2.2
 * and 2.2.3, and docs/semantics.md where they are silent.
 */
#include "ascii.h"
#include "byte_class.h"
#include "compiler.h"
#include "counting_alloc.h"
#include "match.h"
#include "multi.h"
#include "normalize.h"
#include "testing.h"
#include "urlpath.h"
#include "words.h"

#include <stdio.h>
#include <string.h>

static int match(robots_profile profile, const char *pattern,
                 const char *path) {
    int matched = -1;
    robots_status status = robots_match_path(profile, pattern, strlen(pattern),
                                             path, strlen(path), &matched);
    if (status != ROBOTS_OK)
        return -1;
    return matched;
}

#define M(profile, pattern, path, want)                                        \
    EXPECT_MSG(match(profile, pattern, path) == (want),                        \
               "%s: pattern '%s' path '%s' want %d",                           \
               robots_profile_name(profile), pattern, path, want)

static void table_9_3(void) {
    /* HTTP: The Definitive Guide, Table 9-3 (the 1996 draft: legacy). */
    const robots_profile legacy = ROBOTS_PROFILE_LEGACY;
    M(legacy, "/tmp", "/tmp", 1);
    M(legacy, "/tmp", "/tmpfile.html", 1);
    M(legacy, "/tmp", "/tmp/a.html", 1);
    M(legacy, "/tmp/", "/tmp", 0);
    M(legacy, "", "/README.TXT", 1); /* an empty rule path matches every path */
    M(legacy, "/~fred/hi.html", "/%7Efred/hi.html", 1);
    M(legacy, "/%7Efred/hi.html", "/~fred/hi.html", 1);
    M(legacy, "/%7efred/hi.html", "/%7Efred/hi.html", 1);
    M(legacy, "/~fred/hi.html", "/~fred%2Fhi.html", 0); /* %2F is not '/' */
    /* %00 stays encoded on both sides, like %2F (docs/semantics.md,
     * Percent-encoding; conformance case pct-encoded-nul): a normal form
     * holds no NUL, as robots.h promises of every string. */
    M(legacy, "/a%00b", "/a%00b", 1);
    M(legacy, "/a%00", "/a%00b", 1);
    {
        char out[16];
        EXPECT(rb_normalize_pattern(legacy, "/a%00b", 6, out) == 6 &&
               memcmp(out, "/a%00b", 6) == 0);
        EXPECT(rb_normalize_path(legacy, "/a%00b", 6, out) == 6 &&
               memcmp(out, "/a%00b", 6) == 0);
    }

    /* The same rows in rfc9309, which also treats %7E as '~' (RFC 9309
     * 2.2.2: unreserved characters are compared decoded) and keeps %2F. */
    const robots_profile rfc = ROBOTS_PROFILE_RFC9309;
    M(rfc, "/tmp", "/tmp", 1);
    M(rfc, "/tmp", "/tmpfile.html", 1);
    M(rfc, "/tmp", "/tmp/a.html", 1);
    M(rfc, "/tmp/", "/tmp", 0);
    M(rfc, "", "/README.TXT", 0); /* rfc9309: an empty pattern is no rule */
    M(rfc, "/~fred/hi.html", "/%7Efred/hi.html", 1);
    M(rfc, "/%7Efred/hi.html", "/~fred/hi.html", 1);
    M(rfc, "/%7efred/hi.html", "/%7Efred/hi.html", 1);
    M(rfc, "/~fred/hi.html", "/~fred%2Fhi.html", 0);

    /* google compares the URL as given (docs/google-profile.md). */
    const robots_profile google = ROBOTS_PROFILE_GOOGLE;
    M(google, "/~fred/hi.html", "/%7Efred/hi.html", 0);
    M(google, "/%7efred/hi.html", "/%7Efred/hi.html",
      1); /* rule hex uppercased */
}

static void seed_004_paths(robots_profile p) {
    /* Google's specification, "path matching examples" table. */
    const char *fish_yes[] = {"/fish",
                              "/fish.html",
                              "/fish/salmon.html",
                              "/fishheads",
                              "/fishheads/yummy.html",
                              "/fish.php?id=anything"};
    const char *fish_no[] = {"/Fish.asp", "/catfish", "/?id=fish"};
    M(p, "/", "/", 1);
    M(p, "/", "/any/thing?x", 1);
    M(p, "/*", "/", 1);
    M(p, "/*", "/any/thing", 1);
    for (size_t i = 0; i < 6; i++) {
        M(p, "/fish", fish_yes[i], 1);
        M(p, "/fish*", fish_yes[i], 1);
    }
    for (size_t i = 0; i < 3; i++) {
        M(p, "/fish", fish_no[i], 0);
        M(p, "/fish*", fish_no[i], 0);
    }
    M(p, "/fish/", "/fish/", 1);
    M(p, "/fish/", "/fish/?id=anything", 1);
    M(p, "/fish/", "/fish/salmon.htm", 1);
    M(p, "/fish/", "/fish", 0);
    M(p, "/fish/", "/fish.html", 0);
    M(p, "/fish/", "/Fish/Salmon.asp", 0);
    M(p, "/*.php", "/filename.php", 1);
    M(p, "/*.php", "/folder/filename.php", 1);
    M(p, "/*.php", "/folder/filename.php?parameters", 1);
    M(p, "/*.php", "/folder/any.php.file.html", 1);
    M(p, "/*.php", "/filename.php/", 1);
    M(p, "/*.php", "/", 0);
    M(p, "/*.php", "/windows.PHP", 0);
    M(p, "/*.php$", "/filename.php", 1);
    M(p, "/*.php$", "/folder/filename.php", 1);
    M(p, "/*.php$", "/filename.php?parameters", 0);
    M(p, "/*.php$", "/filename.php/", 0);
    M(p, "/*.php$", "/filename.php5", 0);
    M(p, "/*.php$", "/windows.PHP", 0);
    M(p, "/fish*.php", "/fish.php", 1);
    M(p, "/fish*.php", "/fishheads/catfish.php?parameters", 1);
    M(p, "/fish*.php", "/Fish.PHP", 0);
}

static void rfc9309_examples(void) {
    const robots_profile rfc = ROBOTS_PROFILE_RFC9309;
    /* RFC 9309 2.2.2, the percent-encoding table. */
    M(rfc, "/foo/bar?baz=quz", "/foo/bar?baz=quz", 1);
    M(rfc, "/foo/bar/\xE3\x83\x84", "/foo/bar/%E3%83%84", 1);
    M(rfc, "/foo/bar/%E3%83%84", "/foo/bar/\xE3\x83\x84", 1);
    M(rfc, "/foo/bar/%E3%83%84", "/foo/bar/%e3%83%84", 1);
    M(rfc, "/foo/bar/%62%61%7A", "/foo/bar/baz", 1);
    /* Row 2 contradicts row 1; docs/semantics.md decides "no match":
     * reserved characters are never decoded. */
    M(rfc, "/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar",
      0);
    /* RFC 9309 2.2.3: special characters and their encodings. */
    M(rfc, "/this/path/exactly$", "/this/path/exactly", 1);
    M(rfc, "/this/path/exactly$", "/this/path/exactly/not", 0);
    M(rfc, "/this/*/exactly", "/this/any/thing/exactly", 1);
    M(rfc, "/path/file-with-a-%2A.html", "/path/file-with-a-*.html", 1);
    M(rfc, "/path/foo-%24", "/path/foo-$", 1);
    /* A literal '*' in a path is not a wildcard in the rule's place. */
    M(rfc, "/path/file-with-a-%2A.html", "/path/file-with-a-x.html", 0);
}

static void wildcard_details(void) {
    for (int p = 0; p < 2; p++) {
        robots_profile profile = (robots_profile)p;
        /* docs/semantics.md: '$' anchors only as the last octet. */
        M(profile, "/a$", "/a", 1);
        M(profile, "/a$", "/ab", 0);
        M(profile, "*", "/x", 1);
        M(profile, "*.gif$", "/a/b.gif", 1);
        M(profile, "*.gif$", "/a/b.gif?x", 0);
        M(profile, "/*a*b*c$", "/xaybzc", 1);
        M(profile, "/*a*b*c$", "/xaybzcd", 0);
        M(profile, "/*ab$", "/abab", 1); /* last segment pinned to the end */
        M(profile, "/*aba$", "/aba", 1);
        M(profile, "/a*a$", "/a", 0); /* segments may not overlap */
        M(profile, "/**", "/", 1);
        M(profile, "cheese.htm", "/cheese.htm",
          0); /* seed 003: never matches */
        M(profile, "", "/", 0);
    }
    /* google-profile.md: a '$' inside the pattern is literal. */
    M(ROBOTS_PROFILE_GOOGLE, "/a$b", "/a$b", 1);
    M(ROBOTS_PROFILE_GOOGLE, "/c$$", "/c$", 1);
    M(ROBOTS_PROFILE_RFC9309, "/a$b", "/a$b", 1); /* both sides as %24 */
    /* legacy: '*' and '$' are ordinary octets. */
    M(ROBOTS_PROFILE_LEGACY, "/*.gif", "/a.gif", 0);
    M(ROBOTS_PROFILE_LEGACY, "/*.gif", "/*.gif", 1);
    M(ROBOTS_PROFILE_LEGACY, "/a$", "/a", 0);
    /* rfc9309 encodes octets >= 0x80 and unsafe octets on both sides. */
    M(ROBOTS_PROFILE_RFC9309, "/a b", "/a%20b", 1);
    M(ROBOTS_PROFILE_RFC9309, "/%C3%A9", "/\xC3\xA9", 1);
    M(ROBOTS_PROFILE_GOOGLE, "/\xC3\xA9", "/%C3%A9", 1);
    M(ROBOTS_PROFILE_GOOGLE, "/\xC3\xA9", "/\xC3\xA9", 0);
    /* Malformed escapes stay as they are. */
    M(ROBOTS_PROFILE_RFC9309, "/%zz", "/%zz", 1);
    M(ROBOTS_PROFILE_RFC9309, "/%4", "/%4", 1);
    M(ROBOTS_PROFILE_LEGACY, "/%", "/%", 1);
}

static void adversarial(void) {
    /* The adversarial shape: many '*a' then '*b', against a long run
     * of 'a'. The answer is "no match"; the matcher gives it without
     * backtracking (the benchmark measures the time). */
    static char pattern[2 + 2 * 8320 + 2];
    static char path[1 + 10000 + 1];
    size_t n = 0;
    pattern[n++] = '/';
    for (int i = 0; i < 8320; i++) {
        pattern[n++] = '*';
        pattern[n++] = 'a';
    }
    pattern[n++] = '*';
    pattern[n++] = 'b';
    path[0] = '/';
    memset(path + 1, 'a', 10000);
    EXPECT_EQ(rb_match_wildcard(pattern, n, path, 10001), 0);
    path[10000] = 'b';
    EXPECT_EQ(rb_match_wildcard(pattern, n, path, 10001), 1);
}

/* The leftmost occurrence, found the obvious way. */
static size_t naive_find(const char *hay, size_t len, size_t from,
                         const char *needle, size_t n) {
    for (size_t i = from; i + n <= len; i++)
        if (memcmp(hay + i, needle, n) == 0)
            return i;
    return len + 1;
}

/* Writes the `digits`-digit base-`base` spelling of v over 'a', 'b', ...
 * into out[0..digits), digits <= cap. */
static void spell(unsigned long v, unsigned base, size_t digits, char *out,
                  size_t cap) {
    for (size_t i = 0; i < digits && i < cap; i++, v /= base)
        out[i] = (char)('a' + v % base);
}

/* rb_find_segment() (plain scan, switching to two-way once the compares
 * outgrow the scan) and rb_find_two_way() alone agree with the obvious
 * search on every needle up to 7 bytes and every text up to 11 bytes over
 * {a, b}, from every start: periodic needles (aaa, abab), critical
 * factorisations on either side, and the switch at every point. */
static void substring_search_exhaustive(void) {
    enum { HAY_MAX = 11, NEEDLE_MAX = 7 };
    char hay[HAY_MAX + 1], needle[NEEDLE_MAX + 1];
    unsigned long mismatches = 0, compared = 0;
    for (size_t hl = 0; hl <= HAY_MAX; hl++) {
        for (unsigned long hv = 0; hv < (1ul << hl); hv++) {
            spell(hv, 2, hl, hay, sizeof hay);
            for (size_t nl = 1; nl <= NEEDLE_MAX; nl++) {
                for (unsigned long nv = 0; nv < (1ul << nl); nv++) {
                    spell(nv, 2, nl, needle, sizeof needle);
                    for (size_t from = 0; from <= hl; from++) {
                        size_t want = naive_find(hay, hl, from, needle, nl);
                        compared++;
                        if (rb_find_segment(hay, hl, from, needle, nl) !=
                                want ||
                            rb_find_two_way(hay, hl, from, needle, nl) != want)
                            mismatches++;
                    }
                }
            }
        }
    }
    EXPECT_MSG(mismatches == 0, "%lu of %lu searches differ", mismatches,
               compared);
    EXPECT(compared > 1000000ul);
}

/* Longer texts over three letters, from a fixed linear congruential
 * sequence, with needles cut from the text itself (so most are found) and
 * made periodic by repetition. */
static void substring_search_random(void) {
    char hay[300], needle[40];
    unsigned long state = 12345, mismatches = 0, found = 0;
    for (int round = 0; round < 20000; round++) {
        size_t hl = 0, nl;
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        unsigned alphabet = 2 + (unsigned)(state >> 60) % 2;
        hl = 1 + (size_t)(state >> 33) % sizeof hay;
        for (size_t i = 0; i < hl; i++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            hay[i] = (char)('a' + (state >> 40) % alphabet);
        }
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        size_t base = 1 + (size_t)(state >> 40) % 8;
        size_t copies = 1 + (size_t)(state >> 20) % 5;
        size_t at = (size_t)(state >> 50) % hl;
        if (base > hl - at)
            base = hl - at;
        for (nl = 0; nl < base * copies && nl < sizeof needle; nl++)
            needle[nl] = hay[at + nl % base];
        if (round % 3 == 0)
            needle[nl - 1] = (char)('a' + (needle[nl - 1] - 'a' + 1) % 3);
        size_t from = (size_t)(state >> 10) % (hl + 1);
        size_t want = naive_find(hay, hl, from, needle, nl);
        found += want <= hl;
        if (rb_find_segment(hay, hl, from, needle, nl) != want ||
            rb_find_two_way(hay, hl, from, needle, nl) != want)
            mismatches++;
    }
    EXPECT_MSG(mismatches == 0, "%lu random searches differ (%lu found)",
               mismatches, found);
    /* Both outcomes are exercised: about a fifth of the needles occur. */
    EXPECT_MSG(found > 2000 && found < 18000, "%lu found", found);
}

/* rb_match_many() against rb_match_wildcard() rule by rule: `rounds`
 * random rule sets of rests up to rest_max bytes (paths up to path_max)
 * over {a, b} with stars,
 * empty segments, a final `$`, shared and repeated segments, and, when
 * with_c, a 'c' among them that no path holds (a segment the path cannot
 * hold, at its start, its end or past the pairs multi.c tests); each rule
 * starting at its own cursor, against random paths over {a, b}. Counts
 * the rules matched into *matched, those compared into *checked and
 * those rb_rest_may_match() refused into *refused;
 * returns the mismatches, and those of rb_rest_may_match(), which must
 * never refuse a rule that matches. */
static unsigned long many_rules_compared(unsigned long state, int rounds,
                                         size_t path_max, size_t rest_max,
                                         int with_c, unsigned long *matched,
                                         unsigned long *checked,
                                         unsigned long *refused) {
    enum { RULES = 24, REST_CAP = 48, PATH_MAX_LEN = 60 };
    char rest[RULES][REST_CAP], path[PATH_MAX_LEN];
    rb_wild_rule rules[RULES];
    uint32_t pair_bits[RB_PAIR_WORDS];
    rb_path_pairs pairs = {pair_bits, {0, 0, 0, 0}, {0}};
    unsigned long mismatches = 0;
    for (int round = 0; round < rounds; round++) {
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        size_t len = (size_t)(state >> 33) % (path_max + 1);
        size_t n = 1 + (size_t)(state >> 45) % RULES;
        for (size_t i = 0; i < len; i++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            path[i] = (state >> 60) < 11 ? 'a' : 'b';
        }
        for (size_t r = 0; r < n; r++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            size_t rl = 1 + (size_t)(state >> 40) % rest_max;
            rest[r][0] = '*';
            for (size_t i = 1; i < rl; i++) {
                state = state * 6364136223846793005ul + 1442695040888963407ul;
                /* 1 in 64 a 'c' with_c; else 4, 15 and 13 in 32 */
                unsigned pick = (unsigned)(state >> 58);
                rest[r][i] = with_c && pick == 0 ? 'c'
                             : pick >> 1 < 4     ? '*'
                             : pick >> 1 < 19    ? 'a'
                                                 : 'b';
            }
            if (rl > 1 && (state >> 20) % 4 == 0)
                rest[r][rl - 1] = '$';
            rules[r].rest = rest[r];
            rules[r].rest_len = rl;
            rules[r].from = (size_t)(state >> 8) % (len + 1);
            rules[r].rule = (uint32_t)r;
        }
        EXPECT_EQ(rb_match_many(NULL, path, len, rules, n), 0);
        rb_path_pairs_note(&pairs, path, len);
        for (size_t r = 0; r < n; r++) {
            /* The rest matches from `from` as "<from bytes>" + rest does. */
            char full[PATH_MAX_LEN + REST_CAP];
            memcpy(full, path, rules[r].from);
            memcpy(full + rules[r].from, rest[r], rules[r].rest_len);
            int want = rb_match_wildcard(
                full, rules[r].from + rules[r].rest_len, path, len);
            ++*checked;
            *matched += (unsigned long)want;
            if (rules[r].matched != want)
                mismatches++;
            int may = rb_rest_may_match(&pairs, rest[r], rules[r].rest_len);
            *refused += (unsigned long)!may;
            if (want && !may)
                mismatches++;
        }
    }
    return mismatches;
}

/* rb_match_many() answers for every rule what rb_match_wildcard() answers
 * for each alone (many_rules_compared()), with short rests over {a, b},
 * and with long ones holding a byte no path has. */
static void many_rules_at_once(void) {
    unsigned long matched = 0, checked = 0, refused = 0;
    unsigned long mismatches =
        many_rules_compared(99, 4000, 40, 12, 0, &matched, &checked, &refused);
    EXPECT_MSG(mismatches == 0, "%lu of %lu rules differ", mismatches, checked);
    EXPECT_MSG(matched > checked / 10 && matched < checked - checked / 10,
               "%lu of %lu matched", matched, checked);
    unsigned long lacking_matched = 0, lacking_checked = 0;
    refused = 0;
    mismatches = many_rules_compared(7, 2000, 60, 48, 1, &lacking_matched,
                                     &lacking_checked, &refused);
    EXPECT_MSG(mismatches == 0, "%lu of %lu rules with a 'c' differ",
               mismatches, lacking_checked);
    EXPECT(lacking_matched > 0 && lacking_matched < lacking_checked / 2);
    /* the test refuses many of the rules with a 'c', never all */
    EXPECT_MSG(refused > lacking_checked / 4 && refused < lacking_checked,
               "%lu of %lu refused", refused, lacking_checked);
    /* A key longer than the path: no match, and nothing read past it. */
    rb_wild_rule past = {"*", 1, 5, 0, 1};
    EXPECT_EQ(rb_match_many(NULL, "/ab", 3, &past, 1), 0);
    EXPECT_EQ(past.matched, 0);
}

/* rb_raw_may_match() refuses a raw pattern only where its normal form
 * cannot match (rfc9309 and google): random patterns of bytes that are
 * copied, escaped (>= 0x80, '"'), decoded ("%41"), read as an escape or
 * not ('%' before hex or not), and `*` and `$`, up to 100 bytes (both ends
 * of a long one are read), against paths that start with the pattern's
 * key, as a check's do: half of them its normal form with each `*` a
 * random byte, which it matches. */
static void raw_patterns_refused(void) {
    static const unsigned char alphabet[] = "/ab*%41C3$\"\xC3\xA9";
    uint32_t pair_bits[RB_PAIR_WORDS];
    rb_path_pairs pairs = {pair_bits, {0, 0, 0, 0}, {0}};
    unsigned long state = 23, refused = 0, checked = 0, wrong = 0, hits = 0;
    for (int round = 0; round < 20000; round++) {
        char raw[100], normal[3 * sizeof raw], path[3 * sizeof raw + 24];
        state = state * 6364136223846793005ul + 1442695040888963407ul;
        size_t n = 2 + (size_t)(state >> 40) % 98;
        int matching = (state >> 20) & 1;
        raw[0] = '/';
        for (size_t i = 1; i < n; i++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            raw[i] = (char)alphabet[(state >> 50) % (sizeof alphabet - 1)];
        }
        robots_profile profile =
            round % 2 ? ROBOTS_PROFILE_GOOGLE : ROBOTS_PROFILE_RFC9309;
        size_t len = rb_normalize_pattern(profile, raw, n, normal);
        const char *star = memchr(normal, '*', len);
        if (star == NULL)
            continue;
        size_t key = (size_t)(star - normal), plen = key;
        memcpy(path, normal, key);
        for (size_t i = key; matching && i < len; i++)
            if (normal[i] != '$' || i + 1 < len)
                path[plen++] = normal[i] == '*' ? 'a' : normal[i];
        for (size_t i = 0; !matching && i < 24; i++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            path[plen++] =
                (char)alphabet[(state >> 50) % (sizeof alphabet - 1)];
        }
        rb_path_pairs_note(&pairs, path, plen);
        int raw_may = rb_raw_may_match(&pairs, raw, n);
        int matched = rb_match_wildcard(normal, len, path, plen);
        checked++;
        hits += (unsigned long)matched;
        refused += (unsigned long)!raw_may;
        wrong += (unsigned long)(!raw_may && matched);
    }
    EXPECT_MSG(wrong == 0, "%lu of %lu refused wrongly", wrong, checked);
    EXPECT_MSG(hits > checked / 4, "%lu of %lu matched", hits, checked);
    EXPECT_MSG(refused > checked / 10, "%lu of %lu refused", refused, checked);
}

/* rb_match_many() with memory running out at each of its requests, the
 * edge table's growth included (2,000 different segments make a trie of
 * thousands of nodes): -1 and nothing kept, or the right answers. The
 * path holds every pair of digits and every `x` and digit, so that no
 * rule lacks a byte or a pair of it (rb_rest_may_match()) and every
 * segment goes into the trie. */
static void many_rules_out_of_memory(void) {
    enum { RULES = 2000 };
    static char rest[RULES][16];
    static rb_wild_rule rules[RULES];
    static const char head[] = "/x0x1x2x3x4x5x6x7x8x9x";
    char path[sizeof head - 1 + 200];
    size_t len = sizeof head - 1;
    memcpy(path, head, len);
    for (int pair = 0; pair < 100; pair++) {
        path[len++] = (char)('0' + pair / 10);
        path[len++] = (char)('0' + pair % 10);
    }
    for (size_t r = 0; r < RULES; r++) {
        int n = snprintf(rest[r], sizeof rest[r], "*x%zu*x", r);
        rules[r].rest = rest[r];
        rules[r].rest_len = (size_t)n;
        rules[r].from = 1;
    }
    counting count;
    memset(&count, 0, sizeof count);
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    size_t failures = 0, answers = 0;
    for (size_t fail = 1; fail < 40; fail++) {
        count.calls = 0;
        count.fail_at = fail;
        int status = rb_match_many(&allocator, path, len, rules, RULES);
        EXPECT_EQ(count.live, 0);
        if (status != 0) {
            failures++;
            continue;
        }
        answers++;
        size_t wrong = 0;
        for (size_t r = 0; r < RULES; r++) {
            char full[20];
            full[0] = '/';
            memcpy(full + 1, rest[r], rules[r].rest_len);
            wrong += rules[r].matched !=
                     rb_match_wildcard(full, 1 + rules[r].rest_len, path, len);
        }
        EXPECT_EQ(wrong, 0);
    }
    /* Failing requests include growths, past the 7 fixed ones. */
    EXPECT(failures > 7);
    EXPECT(answers > 0);
    EXPECT_EQ(count.size_mismatch, 0);
}

static void arguments(void) {
    int m;
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, "/", 1, "/", 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, NULL, 1, "/", 1, &m),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_match_path((robots_profile)7, "/", 1, "/", 1, &m),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, NULL, 0, NULL, 0, &m),
              ROBOTS_OK);
    EXPECT_EQ(m, 0);
    static char big[ROBOTS_MAX_URL_BYTES + 2];
    memset(big, 'a', sizeof big);
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, "/", 1, big,
                                ROBOTS_MAX_URL_BYTES, &m),
              ROBOTS_OK);
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, "/", 1, big,
                                ROBOTS_MAX_URL_BYTES + 1, &m),
              ROBOTS_ERR_URL_TOO_LONG);
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, big,
                                ROBOTS_MAX_LINE_BYTES + 1, "/", 1, &m),
              ROBOTS_ERR_TOO_LARGE);
}

/* The byte-class table the fast paths read agrees with the definitions it
 * was generated from. */
static void byte_classes(void) {
    for (unsigned c = 0; c < 256; c++) {
        int encode =
            c < 0x21 || c >= 0x7F || (c != 0 && strchr("\"<>\\^`{|}", (int)c));
        int unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                         (c >= '0' && c <= '9') ||
                         (c != 0 && strchr("-._~", (int)c));
        int plain = !encode && c != '%' && c != '*' && c != '$';
        int token = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                    c == '_' || c == '-';
        int hex = rb_ascii_hex_value((unsigned char)c) >= 0;
        int line = c == 0 || c == '\n' || c == '\r' || c == '#' || c >= 0x80;
        int space = c == ' ' || c == '\t';
        int white = space || c == '\n' || c == '\v' || c == '\f' || c == '\r';
        unsigned k = rb_byte_class[c];
        EXPECT_MSG(
            !!(k & RB_C_PLAIN) == plain &&
                !!(k & RB_C_UNRESERVED) == unreserved &&
                !!(k & RB_C_ENCODE) == encode && !!(k & RB_C_TOKEN) == token &&
                !!(k & RB_C_HEX) == hex && !!(k & RB_C_LINE) == line &&
                !!(k & RB_C_SPACE) == space && !!(k & RB_C_WHITE) == white,
            "byte 0x%02X: class 0x%02X", c, k);
        unsigned lower = (c >= 'A' && c <= 'Z') ? c + 32 : c;
        EXPECT_EQ(rb_ascii_lower((unsigned char)c), lower);
        EXPECT_EQ(rb_lower_fast((unsigned char)c), lower);
        /* A check reads a path of RB_C_PLAIN bytes in place (rfc9309), and
         * any path in place (google): normalisation must copy them. */
        char in[3] = {'/', (char)c, 'x'}, out[9];
        if (plain)
            EXPECT(rb_normalize_path(ROBOTS_PROFILE_RFC9309, in, 3, out) == 3 &&
                   memcmp(in, out, 3) == 0);
        EXPECT(rb_normalize_path(ROBOTS_PROFILE_GOOGLE, in, 3, out) == 3 &&
               memcmp(in, out, 3) == 0);
    }
}

/* rb_pattern_is_normal(): a pattern it passes is copied as it is by
 * normalisation; and it passes exactly the patterns whose every byte is
 * one the profile keeps (rfc9309 keeps a '$' only at the end),
 * at every length around its eight-byte steps and their overlapping last
 * step, with the byte it refuses at every position. */
static void pattern_is_normal(void) {
    char s[40], out[3 * sizeof s];
    unsigned long state = 12345;
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        int inner[256];
        unsigned kept_bytes[256];
        size_t kept_count = 0;
        for (int c = 0; c < 256; c++) {
            /* The bytes each profile's normalisation keeps, as normalize.c
             * states them: rfc9309 its RB_C_PLAIN bytes and '*' (a '$' only
             * as the end anchor), google every byte below 0x80 but '%',
             * legacy every byte but '%'. */
            int plain = (rb_byte_class[c] & RB_C_PLAIN) != 0;
            inner[c] = profile == ROBOTS_PROFILE_RFC9309  ? plain || c == '*'
                       : profile == ROBOTS_PROFILE_GOOGLE ? c < 0x80 && c != '%'
                                                          : c != '%';
            char two[2] = {(char)c, 'a'};
            EXPECT_MSG(rb_pattern_is_normal(profile, two, 2) == inner[c],
                       "profile %d byte 0x%02X", p, c);
            if (inner[c])
                kept_bytes[kept_count++] = (unsigned)c;
            if (rb_pattern_is_normal(profile, two, 1))
                EXPECT(rb_normalize_pattern(profile, two, 1, out) == 1 &&
                       out[0] == two[0]);
        }
        for (int t = 0; t < 40000; t++) {
            state = state * 6364136223846793005ul + 1442695040888963407ul;
            size_t len = (size_t)(state >> 33) % sizeof s;
            for (size_t i = 0; i < len; i++) {
                state = state * 6364136223846793005ul + 1442695040888963407ul;
                unsigned r = (unsigned)(state >> 40);
                /* mostly kept bytes, so that one refused byte decides */
                s[i] = (char)(r % 64 ? kept_bytes[r % kept_count] : r % 256);
            }
            if (len > 0 && t % 5 == 0)
                s[len - 1] = '$';
            int expected = 1;
            for (size_t i = 0; i < len; i++) {
                unsigned char c = (unsigned char)s[i];
                int end_anchor = i + 1 == len && c == '$' &&
                                 profile == ROBOTS_PROFILE_RFC9309;
                if (!inner[c] && !end_anchor)
                    expected = 0;
            }
            int got = rb_pattern_is_normal(profile, s, len);
            EXPECT_MSG(got == expected, "profile %d, %zu bytes: %d", p, len,
                       got);
            if (got)
                EXPECT(rb_normalize_pattern(profile, s, len, out) == len &&
                       memcmp(out, s, len) == 0);
        }
    }
}

#ifdef RB_SSE2
/* rb_pattern_is_normal32(), the parser's test for patterns of up to 32
 * bytes, which reads the 32 bytes that end where the pattern ends: the
 * same answer as rb_pattern_is_normal() at every length, with every byte
 * at every position, a '$' at the end or not, and the bytes before the
 * pattern all refused ones (which it must mask off). */
static void pattern_is_normal32(void) {
    char buf[32 + 32];
    for (int p = 0; p < 2; p++) {
        robots_profile profile = (robots_profile)p;
        int rfc = profile == ROBOTS_PROFILE_RFC9309;
        memset(buf, rfc ? ' ' : '%', 32); /* refused in both */
        char *pattern = buf + 32;
        size_t checked = 0;
        for (size_t len = 1; len <= 32; len++) {
            for (size_t at = 0; at < len; at++) {
                for (int c = 0; c < 256; c++) {
                    memset(pattern, 'a', len);
                    pattern[0] = '/';
                    pattern[at] = (char)c;
                    for (int dollar = 0; dollar < 2; dollar++) {
                        if (dollar)
                            pattern[len - 1] = '$';
                        int want = rb_pattern_is_normal(profile, pattern, len);
                        EXPECT_MSG(rb_pattern_is_normal32(rfc, pattern, len) ==
                                       want,
                                   "profile %d, %zu bytes, 0x%02X at %zu%s", p,
                                   len, c, at, dollar ? ", '$' last" : "");
                        checked += (size_t)want;
                    }
                }
            }
        }
        EXPECT(checked > 10000); /* both answers were given */
    }
}
#endif

/* A pattern's (or with path, a path's) normal form a byte at a time, as
 * normalize.c's header and RFC 3986 state it, for the test below: rfc9309
 * encodes the octets a URI may not hold (and a '$' that is not last, and
 * in a path '$' and '*'), uppercases a %xx and decodes
 * one of an unreserved octet; google encodes octets >= 0x80 and uppercases
 * a %xx; legacy decodes every %xx but %2F and %00. */
static size_t reference_normal(robots_profile profile, const char *in,
                               size_t len, char *out, int path) {
    static const char hex[] = "0123456789ABCDEF";
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)in[i];
        int v = -1;
        if (c == '%' && i + 2 < len &&
            rb_ascii_hex_value((unsigned char)in[i + 1]) >= 0 &&
            rb_ascii_hex_value((unsigned char)in[i + 2]) >= 0)
            v = rb_ascii_hex_value((unsigned char)in[i + 1]) * 16 +
                rb_ascii_hex_value((unsigned char)in[i + 2]);
        int unreserved = v > 0 && (rb_ascii_is_alpha((unsigned char)v) ||
                                   rb_ascii_is_digit((unsigned char)v) ||
                                   strchr("-._~", v) != NULL);
        int encode;
        if (profile == ROBOTS_PROFILE_LEGACY) {
            if (v >= 0 && v != '/' && v != 0) {
                out[n++] = (char)v;
                i += 2;
                continue;
            }
            encode = v >= 0;
        } else if (v >= 0 && profile == ROBOTS_PROFILE_RFC9309 && unreserved) {
            out[n++] = (char)v;
            i += 2;
            continue;
        } else if (profile == ROBOTS_PROFILE_GOOGLE) {
            encode = c >= 0x80 || v >= 0;
        } else {
            encode = v >= 0 || c < 0x21 || c >= 0x7F ||
                     (c != '%' && strchr("\"<>\\^`{|}", c) != NULL) ||
                     (c == '$' && (path || i + 1 < len)) || (c == '*' && path);
        }
        if (!encode) {
            out[n++] = (char)c;
            continue;
        }
        unsigned octet = v >= 0 ? (unsigned)v : c;
        out[n++] = '%';
        out[n++] = hex[octet >> 4];
        out[n++] = hex[octet & 15];
        if (v >= 0)
            i += 2;
    }
    return n;
}

/* rb_normalize_pattern() against the reference above, in every profile,
 * and rb_normalize_path() in rfc9309 and legacy:
 * a plain run of every length from 0 to 40 (so that what follows falls at
 * every place of the sixteen-byte steps of google's first run and of any
 * wider step a normaliser may take, a %xx across two), then a piece that
 * changes or may (each kind of %xx, UTF-8, '$', '*', an octet to encode,
 * single plain bytes between UTF-8, stars inside a plain run, escapes
 * whole and broken one after another, 16 bytes of UTF-8), then plain
 * bytes or the piece again: patterns under 16 bytes and over, runs of
 * kept bytes of every length from 1 to past 16 at every distance from the
 * pattern's end (the normalisers' copies with and without runs, the
 * sixteen-byte measure of a run, a run copied whole or exactly, a byte on
 * its own, escapes and UTF-8 in their loops, google's rule of raw bytes
 * left to the copy without runs); nothing written past the normal form
 * (its reader's buffer may hold it exactly). */
static void pattern_normal_forms(void) {
    static const char *const pieces[] = {
        "%e9",
        "%E9",
        "%7e",
        "%7E",
        "%41",
        "%2f",
        "%2F",
        "%00",
        "%zz",
        "%4",
        "%",
        "%%41",
        "\xc3\xa9",
        "$",
        "*",
        " ",
        "\"",
        "{|}",
        "\x7f",
        "%C3%A9%c3%a9",
        "\xe4\xb8\xad\xe6\x96\x87",
        "\xc3\xa9/\xc3\xa9/\xc3\xa9",
        "ab*cd*ef",
        "%41%zz%4",
        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9",
    };
    char in[128], want[3 * sizeof in], got[3 * sizeof in + 16];
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        for (size_t k = 0; k <= 40; k++) {
            for (size_t q = 0; q < sizeof pieces / sizeof pieces[0]; q++) {
                for (int tail = 0; tail < 4; tail++) {
                    size_t len = 0;
                    for (; len < k; len++)
                        in[len] = (char)("/abcXYZ09-._~"[len % 13]);
                    size_t piece = strlen(pieces[q]);
                    memcpy(in + len, pieces[q], piece);
                    len += piece;
                    if (tail == 1 || tail == 3)
                        for (size_t t = 0; t < 17; t++)
                            in[len++] = (char)('a' + t % 26);
                    if (tail >= 2) {
                        memcpy(in + len, pieces[q], piece);
                        len += piece;
                    }
                    size_t n = reference_normal(profile, in, len, want, 0);
                    memset(got, '#', sizeof got);
                    size_t m = rb_normalize_pattern(profile, in, len, got);
                    EXPECT_MSG(m == n && memcmp(got, want, n) == 0,
                               "profile %d, %zu plain bytes, piece %zu, tail "
                               "%d",
                               p, k, q, tail);
                    EXPECT_MSG(got[m] == '#', "profile %d: a byte past it", p);
                    /* a path's, where '*' and '$' are octets (rfc9309's
                     * %2A and %24); google's is the path as given */
                    if (profile == ROBOTS_PROFILE_GOOGLE)
                        continue;
                    n = reference_normal(profile, in, len, want, 1);
                    memset(got, '#', sizeof got);
                    m = rb_normalize_path(profile, in, len, got);
                    EXPECT_MSG(m == n && memcmp(got, want, n) == 0,
                               "path: profile %d, %zu plain bytes, piece %zu, "
                               "tail %d",
                               p, k, q, tail);
                    EXPECT_MSG(got[m] == '#', "profile %d: a byte past it", p);
                }
            }
        }
    }
}

/* rb_same_bytes(), the probe's compare of a key with the path: equal to
 * memcmp()'s answer at every length up to 40 (its overlapping loads at 4
 * to 16 bytes, its three bytes below 4), with a difference at every
 * position and none. */
static void same_bytes(void) {
    char a[48], b[48];
    for (size_t n = 0; n <= 40; n++) {
        for (size_t i = 0; i < n; i++)
            a[i] = b[i] = (char)('a' + i % 26);
        EXPECT_MSG(rb_same_bytes(a, b, n), "length %zu, no difference", n);
        for (size_t d = 0; d < n; d++) {
            b[d] ^= 0x20;
            EXPECT_MSG(!rb_same_bytes(a, b, n), "length %zu, differs at %zu", n,
                       d);
            b[d] ^= 0x20;
        }
    }
}

/* The path rules are matched against, made from a URL as a check and a
 * usage query make it (rb_normal_url_path()): the path, params and query
 * without the fragment, an empty path read as "/" (docs/semantics.md,
 * "URL to path"; google's "?q" gives "/?q", docs/google-profile.md), in
 * the profile's normal form (RFC 9309 2.2.2: %7E is '~', %2F is not '/';
 * the 1996 draft likewise). Within its bound in every case. */
static const char *url_path(robots_profile profile, const char *url,
                            char *out) {
    size_t start = 0, len = 0;
    int slash = 0;
    if (rb_url_path(profile, url, strlen(url), &start, &len, &slash) !=
        ROBOTS_OK)
        return "(refused)";
    size_t n = rb_normal_url_path(profile, url + start, len, slash, out);
    EXPECT_MSG(n <= rb_normal_url_path_bound(profile, len),
               "%s: %zu bytes past the bound", url, n);
    out[n] = '\0';
    return out;
}

static void expect_same(const char *got, const char *want) {
    EXPECT_MSG(strcmp(got, want) == 0, "'%s' != '%s'", got, want);
}

static void normal_url_paths(void) {
    char a[64], b[64];
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        expect_same(url_path(profile, "https://example.com", a), "/");
        expect_same(url_path(profile, "http://example.com?q", a), "/?q");
        expect_same(url_path(profile, "http://example.com/a/b;p?q=1#f", a),
                    "/a/b;p?q=1");
    }
    expect_same(url_path(ROBOTS_PROFILE_GOOGLE, "http://e.com/%7efred", a),
                "/%7efred"); /* google compares paths as given */
    for (int p = 0; p < 2; p++) {
        robots_profile profile =
            p == 0 ? ROBOTS_PROFILE_RFC9309 : ROBOTS_PROFILE_LEGACY;
        expect_same(url_path(profile, "http://e.com/%7efred", a),
                    url_path(profile, "http://e.com/~fred", b));
        EXPECT(strcmp(url_path(profile, "http://e.com/a%2Fb", a),
                      url_path(profile, "http://e.com/a/b", b)) != 0);
    }
}

int main(void) {
    byte_classes();
    pattern_is_normal();
#ifdef RB_SSE2
    pattern_is_normal32();
#endif
    pattern_normal_forms();
    same_bytes();
    table_9_3();
    seed_004_paths(ROBOTS_PROFILE_RFC9309);
    seed_004_paths(ROBOTS_PROFILE_GOOGLE);
    rfc9309_examples();
    wildcard_details();
    adversarial();
    substring_search_exhaustive();
    substring_search_random();
    many_rules_at_once();
    raw_patterns_refused();
    many_rules_out_of_memory();
    arguments();
    normal_url_paths();
    return testing_finish();
}
