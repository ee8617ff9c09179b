/* SPDX-License-Identifier: MIT */
/*
 * test_general_lines.c - the line loop's general path (parse_lines_loop.h) and
 * its handlers, each against a reading that takes another path to the same
 * answer: a sitemap line read whole (usual_line()) against the same line
 * indented, which only the general path reads; a line without ':' of one
 * short word, whose diagnostic is kept again from an earlier line of the
 * same bytes (parse_keys.c's key notes), against the same line alone in a
 * file, where it is written anew; keys no profile knows past the cap,
 * counted and read as under it; a line's indentation and a value's
 * spaces of every length, trimmed sixteen bytes a step where the body has
 * them and a byte a step near its end, against the line unindented; a
 * pattern over 32 bytes copied into the text inline, at the body's end or
 * not, against the pattern as written; and a line's bytes >= 0x80, its
 * usual characters stepped over inline and any other read by the general
 * check, against RFC 3629's table written out here; and a comment line,
 * which legacy reads with its line's end in one pass, against the same
 * line indented.
 */
#include "parse_n.h"
#include "robots.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const robots_profile profiles[] = {
    ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};

/* The diagnostics of a and b the same but for their place: b's line
 * `shift` bytes further into its body and a column further for each of
 * `indent` bytes before the line's content; only line `only`'s when it is
 * not 0 (the other lines' where they were). */
static void expect_same_diagnostics(const robots_txt *a, const robots_txt *b,
                                    size_t indent, size_t only,
                                    const char *what) {
    EXPECT_EQ(robots_diagnostic_count(a), robots_diagnostic_count(b));
    for (size_t i = 0;
         i < robots_diagnostic_count(a) && i < robots_diagnostic_count(b);
         i++) {
        robots_diagnostic_info x, y;
        robots_diagnostic(a, i, &x);
        robots_diagnostic(b, i, &y);
        int same_suggestion =
            (x.suggestion == NULL) == (y.suggestion == NULL) &&
            (x.suggestion == NULL || strcmp(x.suggestion, y.suggestion) == 0);
        size_t shift =
            x.column != 0 && (only == 0 || x.line == only) ? indent : 0;
        EXPECT_MSG(x.kind == y.kind && x.severity == y.severity &&
                       x.line == y.line && x.key_len == y.key_len &&
                       y.column == x.column + shift &&
                       x.message_len == y.message_len &&
                       memcmp(x.message, y.message, x.message_len) == 0 &&
                       same_suggestion,
                   "%s: diagnostic %zu differs", what, i);
    }
}

/* "Sitemap:" read whole, for every byte after the ':' and at the value's
 * end (the usual space, the profile's whitespace, none), any case, at
 * the body's end or before another line: the records and diagnostics of
 * the same line read the general way (indented by a space). */
static void sitemap_lines(void) {
    static const char *const keys[] = {"Sitemap", "sitemap", "SITEMAP"};
    static const char *const values[] = {
        "https://example.com/sitemap.xml", "http://e.com/s.xml", "e.com/s.xml",
        "", "https://example.com/a/long/sitemap/index/of/many/maps.xml"};
    char fast[160], indented[161];
    for (size_t k = 0; k < 3; k++)
        for (size_t v = 0; v < 5; v++)
            for (unsigned c = 0; c < 256; c++)
                for (int last = 0; last < 2; last++) {
                    if (c == '\n' || c == '\r' || c == '#' || c == '\0' ||
                        c >= 0x80)
                        continue; /* the line's specials: the general path */
                    int n =
                        snprintf(fast, sizeof fast, "%s:%c%s%c%s", keys[k],
                                 (char)c, values[v], (char)c,
                                 last ? "" : "\nUser-agent: *\nDisallow: /x\n");
                    EXPECT(n > 0 && (size_t)n < sizeof fast);
                    indented[0] = ' ';
                    memcpy(indented + 1, fast, (size_t)n);
                    for (size_t p = 0; p < 3; p++) {
                        robots_txt *a = parse_n(profiles[p], fast, (size_t)n);
                        robots_txt *b =
                            parse_n(profiles[p], indented, (size_t)n + 1);
                        if (a == NULL || b == NULL) {
                            robots_free(a);
                            robots_free(b);
                            continue;
                        }
                        EXPECT_EQ(robots_sitemap_count(a),
                                  robots_sitemap_count(b));
                        EXPECT_EQ(robots_extension_count(a),
                                  robots_extension_count(b));
                        robots_record_info x, y;
                        if (robots_sitemap(a, 0, &x) == ROBOTS_OK &&
                            robots_sitemap(b, 0, &y) == ROBOTS_OK)
                            EXPECT_MSG(x.key_len == 7 && y.key_len == 7 &&
                                           memcmp(x.key, keys[k], 7) == 0 &&
                                           memcmp(y.key, keys[k], 7) == 0 &&
                                           x.value_len == y.value_len &&
                                           memcmp(x.value, y.value,
                                                  x.value_len) == 0 &&
                                           x.line == 1 && y.line == 1,
                                       "sitemap after byte 0x%02X differs", c);
                        expect_same_diagnostics(a, b, 1, 0, "sitemap");
                        robots_free(a);
                        robots_free(b);
                    }
                }
    /* the value trimmed as the general path trims it */
    robots_txt *doc =
        parse_n(ROBOTS_PROFILE_RFC9309, "Sitemap: \t https://e.com/s.xml \t\n",
                strlen("Sitemap: \t https://e.com/s.xml \t\n"));
    robots_record_info r;
    EXPECT_EQ(robots_sitemap(doc, 0, &r), ROBOTS_OK);
    EXPECT_STRN(r.key, r.key_len, "Sitemap");
    EXPECT_STRN(r.value, r.value_len, "https://e.com/s.xml");
    robots_free(doc);
}

/* The diagnostic of the line at `line` (1-based) of body, of `kind`. */
static int diag_of_line(const robots_txt *doc, size_t line,
                        robots_diag_kind kind, robots_diagnostic_info *out) {
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic(doc, i, out);
        if (out->line == line && out->kind == kind)
            return 1;
    }
    return 0;
}

/* Lines without ':' of one word, repeated: each line's diagnostic is the
 * one the same line alone in a file has (written anew there, the file's
 * first), with its own line, column and key: words that share their first
 * eight bytes and their length (one slot of the notes, told apart by their
 * bytes), a word and its prefix, a typo with its guess and severity, one
 * of 16 bytes and one of 17 (no note), a word with a second one after it
 * (no note), indented copies, words of 9 bytes with a guess and with none
 * (guessed once, on the way to the message made out of line), and the
 * last line at the body's end. */
static void short_lines_kept_again(void) {
    static const char *const lines[] = {"</div>",
                                        "<br>",
                                        "</div>",
                                        "abcdefgh1",
                                        "abcdefgh2",
                                        "abcdefgh1",
                                        "</div",
                                        "</div>",
                                        "Disalow",
                                        "Disalow",
                                        "disalow",
                                        "abcdefghijklmnop",
                                        "abcdefghijklmnop",
                                        "abcdefghijklmnopq",
                                        "abcdefghijklmnopq",
                                        "</div> x",
                                        "</div> x",
                                        "  </div>",
                                        "\t</div>",
                                        "}",
                                        "}",
                                        "x",
                                        "x",
                                        "Sitemap",
                                        "Sitemap",
                                        "User-agen",
                                        "User-agen",
                                        "Forbidden",
                                        "Forbidden",
                                        "</li>",
                                        "</li>"};
    enum { LINES = sizeof lines / sizeof lines[0] };
    char body[1024];
    size_t starts[LINES], n = 0;
    for (size_t i = 0; i < LINES; i++) {
        starts[i] = n;
        n += (size_t)snprintf(body + n, sizeof body - n, "%s%s", lines[i],
                              i + 1 < LINES ? "\n" : "");
    }
    for (size_t p = 0; p < 3; p++) {
        robots_txt *doc = parse_n(profiles[p], body, n);
        if (doc == NULL)
            continue;
        for (size_t i = 0; i < LINES; i++) {
            robots_txt *alone =
                parse_n(profiles[p], lines[i], strlen(lines[i]));
            robots_diagnostic_info x, y;
            int had = alone != NULL &&
                      diag_of_line(alone, 1, ROBOTS_DIAG_MISSING_COLON, &x);
            int has = diag_of_line(doc, i + 1, ROBOTS_DIAG_MISSING_COLON, &y);
            EXPECT_EQ(had, has);
            if (had && has) {
                int same_suggestion =
                    (x.suggestion == NULL) == (y.suggestion == NULL) &&
                    (x.suggestion == NULL ||
                     strcmp(x.suggestion, y.suggestion) == 0);
                EXPECT_MSG(x.severity == y.severity && x.column == y.column &&
                               x.key_len == y.key_len &&
                               y.key_offset == starts[i] + x.key_offset &&
                               x.message_len == y.message_len &&
                               memcmp(x.message, y.message, x.message_len) ==
                                   0 &&
                               same_suggestion,
                           "profile %d, line %zu ('%s') differs", (int)p, i + 1,
                           lines[i]);
            }
            robots_free(alone);
        }
        /* the typo's guess, as keys() in test_parse.c asserts it alone */
        robots_diagnostic_info d;
        EXPECT(diag_of_line(doc, 10, ROBOTS_DIAG_MISSING_COLON, &d));
        EXPECT(d.suggestion != NULL && strcmp(d.suggestion, "Disallow") == 0);
        EXPECT_EQ(d.severity, ROBOTS_SEVERITY_ERROR);
        EXPECT(diag_of_line(doc, 5, ROBOTS_DIAG_MISSING_COLON, &d));
        EXPECT_STRN(d.message, d.message_len,
                    "line 'abcdefgh2' has no ':' and is ignored");
        /* a typo of 9 bytes, one edit from User-agent, in every profile */
        EXPECT(diag_of_line(doc, 27, ROBOTS_DIAG_MISSING_COLON, &d));
        EXPECT(d.suggestion != NULL && strcmp(d.suggestion, "User-agent") == 0);
        EXPECT_EQ(d.severity, ROBOTS_SEVERITY_ERROR);
        EXPECT(diag_of_line(doc, 29, ROBOTS_DIAG_MISSING_COLON, &d));
        EXPECT(d.suggestion == NULL);
        EXPECT_STRN(d.message, d.message_len,
                    "line 'Forbidden' has no ':' and is ignored");
        robots_free(doc);
    }
    /* Past the cap a line is counted, not kept again: 1,200 of the same
     * word keep the cap's diagnostics and the note, and count all. */
    size_t cap = 1200 * 7 + 1;
    char *many = malloc(cap);
    EXPECT(many != NULL);
    if (many == NULL)
        return;
    size_t len = 0;
    for (int i = 0; i < 1200; i++)
        len += (size_t)snprintf(many + len, cap - len, "</div>\n");
    for (size_t p = 0; p < 3; p++) {
        robots_txt *doc = parse_n(profiles[p], many, len);
        if (doc == NULL)
            continue;
        EXPECT_EQ(robots_diagnostic_count(doc), 1001);
        EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_MISSING_COLON),
                  1200);
        robots_diagnostic_info d;
        /* (the first diagnostic is the page's: it starts with '<') */
        EXPECT(diag_of_line(doc, 999, ROBOTS_DIAG_MISSING_COLON, &d));
        EXPECT_EQ(d.key_offset, (size_t)998 * 7);
        EXPECT_STRN(d.message, d.message_len,
                    "line '</div>' has no ':' and is ignored");
        EXPECT(!diag_of_line(doc, 1000, ROBOTS_DIAG_MISSING_COLON, &d));
        robots_free(doc);
    }
    free(many);
}

/* google: a line of two words ("disallow /a") is a rule with a note, kept
 * again from the first such line's up to the cap and only counted past
 * it: the cap's diagnostics are the notes of the first 1,000 lines, the
 * next is the note that says so, every line's note is counted, and every
 * line is a rule, before the cap and after it. */
static void two_words_past_cap(void) {
    enum { LINES = 1200 };
    size_t cap = 16 + LINES * 12, len = 0;
    char *body = malloc(cap);
    EXPECT(body != NULL);
    if (body == NULL)
        return;
    len += (size_t)snprintf(body, cap, "User-agent: *\n");
    for (int i = 0; i < LINES; i++)
        len += (size_t)snprintf(body + len, cap - len, "disallow /a\n");
    robots_txt *doc = parse_n(ROBOTS_PROFILE_GOOGLE, body, len);
    if (doc != NULL) {
        EXPECT_EQ(robots_diagnostic_count(doc), 1001);
        EXPECT_EQ(
            robots_diagnostic_kind_total(doc, ROBOTS_DIAG_NO_SEPARATOR_PAIR),
            LINES);
        EXPECT_EQ(robots_rule_count(doc), LINES);
        robots_diagnostic_info d;
        EXPECT_EQ(robots_diagnostic(doc, 999, &d), ROBOTS_OK);
        EXPECT(d.kind == ROBOTS_DIAG_NO_SEPARATOR_PAIR && d.line == 1001 &&
               d.key_len == 8 && d.key_offset == 14 + 999 * 12);
        EXPECT_STRN(d.message, d.message_len,
                    "line without ':' is read as key 'disallow' and its value");
        EXPECT_EQ(robots_diagnostic(doc, 1000, &d), ROBOTS_OK);
        EXPECT_EQ(d.kind, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS);
        robots_rule_info r;
        EXPECT_EQ(robots_rule(doc, LINES - 1, &r), ROBOTS_OK);
        EXPECT_STRN(r.pattern, r.pattern_len, "/a");
        robots_free(doc);
    }
    free(body);
}

/* Keys no profile knows past ROBOTS_MAX_DIAGNOSTICS, each the first past
 * it in turn (the cap's note made then): a typo of a key's length
 * ("Dsallow", ignored), a word of a key's length that is none ("Foobar")
 * and one of no key's ("Fo", both kept as records), and a known extension
 * ("Crawl-delay", a record): counted by kind, and each line read as it is
 * under the cap, where its message is written (parse_keys.c). */
static void unknown_keys_past_cap(void) {
    static const char *const keys[] = {"Dsallow: /a\n", "Foobar: 1\n",
                                       "Fo: 1\n", "Crawl-delay: 5\n"};
    enum { JUNK = ROBOTS_MAX_DIAGNOSTICS, KEYS = 4 };
    size_t cap = 16 + JUNK * 7 + 64;
    char *body = malloc(cap);
    EXPECT(body != NULL);
    if (body == NULL)
        return;
    for (size_t prof = 0; prof < 3; prof++) {
        for (size_t first = 0; first < KEYS; first++) {
            for (size_t junk = 0; junk <= JUNK; junk += JUNK) {
                size_t len = (size_t)snprintf(body, cap, "User-agent: *\n");
                for (size_t i = 0; i < junk; i++)
                    len += (size_t)snprintf(body + len, cap - len, "Foo: 1\n");
                for (size_t k = 0; k < KEYS; k++)
                    len += (size_t)snprintf(body + len, cap - len, "%s",
                                            keys[(first + k) % KEYS]);
                robots_txt *doc = parse_n(profiles[prof], body, len);
                if (doc == NULL)
                    continue;
                EXPECT_EQ(robots_rule_count(doc), 0);
                EXPECT_EQ(robots_extension_count(doc), junk + 3);
                EXPECT_EQ(robots_diagnostic_total(doc), junk + 4);
                EXPECT_EQ(
                    robots_diagnostic_kind_total(doc, ROBOTS_DIAG_TYPO_KEY), 1);
                EXPECT_EQ(
                    robots_diagnostic_kind_total(doc, ROBOTS_DIAG_UNKNOWN_KEY),
                    junk + 2);
                EXPECT_EQ(
                    robots_diagnostic_kind_total(doc, ROBOTS_DIAG_EXTENSION),
                    1);
                robots_diagnostic_info d;
                if (junk == 0) {
                    EXPECT_EQ(robots_diagnostic_count(doc), 4);
                } else {
                    EXPECT_EQ(robots_diagnostic_count(doc), JUNK + 1);
                    EXPECT_EQ(robots_diagnostic(doc, JUNK - 1, &d), ROBOTS_OK);
                    EXPECT(d.kind == ROBOTS_DIAG_UNKNOWN_KEY &&
                           d.line == JUNK + 1);
                    EXPECT_EQ(robots_diagnostic(doc, JUNK, &d), ROBOTS_OK);
                    /* made on the first line past the cap */
                    EXPECT(d.kind == ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS &&
                           d.line == JUNK + 2);
                }
                robots_free(doc);
            }
        }
    }
    free(body);
    /* Under the cap, a known extension's note kept again from the line
     * before (the same key's bytes), or written anew (another key). */
    for (size_t prof = 0; prof < 3; prof++) {
        static const char twice[] = "User-agent: *\nCrawl-delay: 5\n"
                                    "crawl-delay: 6\nCrawl-delay: 7\n";
        robots_txt *doc = parse_n(profiles[prof], twice, sizeof twice - 1);
        if (doc == NULL)
            continue;
        EXPECT_EQ(robots_extension_count(doc), 3);
        EXPECT_EQ(robots_diagnostic_count(doc), 3);
        for (size_t i = 0; i < 3; i++) {
            robots_diagnostic_info d;
            EXPECT_EQ(robots_diagnostic(doc, i, &d), ROBOTS_OK);
            EXPECT(d.kind == ROBOTS_DIAG_EXTENSION && d.line == i + 2 &&
                   d.column == 1 && d.key_len == 11);
            EXPECT_STRN(d.message, d.message_len,
                        i == 1 ? "'crawl-delay' is an extension: kept as a "
                                 "record, never part of a verdict"
                               : "'Crawl-delay' is an extension: kept as a "
                                 "record, never part of a verdict");
        }
        robots_free(doc);
    }
}

/* A line indented by 0 to 40 bytes of the profile's whitespace (' ' and
 * '\t'; google's '\v' and '\f' too), and a value after 0 to 40 of them:
 * the same rules and diagnostics as the line unindented, whether the
 * line is the body's last (its last bytes trimmed a byte a step) or not;
 * and a line of whitespace alone before an indented one (in google, the
 * line break between them is whitespace too: a step of sixteen past the
 * line's end is cut at it). */
static void indentation(void) {
    static const char *const lines[] = {"Disallow: /a", "</div>", "Sitemap: x",
                                        "Foo: bar", ""};
    static const char google_spaces[] = " \t\v\f", spaces[] = " \t";
    char plain[200], spaced[200];
    for (size_t p = 0; p < 3; p++)
        for (size_t l = 0; l < 5; l++)
            for (size_t k = 0; k <= 40; k++)
                for (int last = 0; last < 2; last++)
                    for (int where = 0; where < 2; where++) {
                        const char *tail =
                            last ? ""
                                 : "\n                    Allow: /b\n"
                                   "User-agent: c\n";
                        int n = snprintf(plain, sizeof plain,
                                         "User-agent: *\n%s%s", lines[l], tail);
                        char ws[48];
                        for (size_t i = 0; i < k; i++) {
                            const char *set =
                                profiles[p] == ROBOTS_PROFILE_GOOGLE
                                    ? google_spaces
                                    : spaces;
                            ws[i] = set[i % strlen(set)];
                        }
                        size_t head = 14, at = head;
                        if (where == 1) { /* after the value's ':' */
                            const char *colon = strchr(lines[l], ':');
                            if (colon == NULL)
                                continue;
                            at = head + (size_t)(colon - lines[l]) + 1;
                            if (lines[l][at - head] == ' ')
                                at++;
                        }
                        memcpy(spaced, plain, at);
                        memcpy(spaced + at, ws, k);
                        memcpy(spaced + at + k, plain + at, (size_t)n - at);
                        robots_txt *a = parse_n(profiles[p], plain, (size_t)n);
                        robots_txt *b =
                            parse_n(profiles[p], spaced, (size_t)n + k);
                        if (a != NULL && b != NULL) {
                            EXPECT_EQ(robots_rule_count(a),
                                      robots_rule_count(b));
                            robots_rule_info x, y;
                            for (size_t i = 0; i < robots_rule_count(a) &&
                                               i < robots_rule_count(b);
                                 i++) {
                                robots_rule(a, i, &x);
                                robots_rule(b, i, &y);
                                EXPECT_MSG(x.pattern_len == y.pattern_len &&
                                               memcmp(x.pattern, y.pattern,
                                                      x.pattern_len) == 0,
                                           "profile %d line %zu indent %zu",
                                           (int)p, l, k);
                            }
                            EXPECT_EQ(robots_sitemap_count(a),
                                      robots_sitemap_count(b));
                            EXPECT_EQ(robots_extension_count(a),
                                      robots_extension_count(b));
                            if (where == 0)
                                expect_same_diagnostics(a, b, k, 0, "indent");
                            else
                                EXPECT_EQ(robots_diagnostic_count(a),
                                          robots_diagnostic_count(b));
                        }
                        robots_free(a);
                        robots_free(b);
                    }
}

/* Patterns of 1 to 200 bytes that are to be normalised (so that the run
 * leaves them to rb_parse_rule(): an escape to fold) or not, the last line
 * of the body or not: each rule's pattern is the value as written, its
 * normal form its own. */
static void long_patterns(void) {
    char pattern[208], body[300];
    for (size_t p = 0; p < 3; p++)
        for (size_t len = 1; len <= 200; len++)
            for (int escape = 0; escape < 2; escape++)
                for (int last = 0; last < 2; last++) {
                    pattern[0] = '/';
                    for (size_t i = 1; i < len; i++)
                        pattern[i] = (char)('a' + i % 26);
                    if (escape && len >= 4)
                        memcpy(pattern + len - 3, "%7e", 3);
                    pattern[len] = '\0';
                    int n = snprintf(
                        body, sizeof body, "User-agent: *\nDisallow: %s%s",
                        pattern,
                        last ? "" : "\nAllow: /z\n# a comment after it\n");
                    robots_txt *doc = parse_n(profiles[p], body, (size_t)n);
                    if (doc == NULL)
                        continue;
                    robots_rule_info r;
                    EXPECT_EQ(robots_rule(doc, 0, &r), ROBOTS_OK);
                    EXPECT_MSG(r.pattern_len == len &&
                                   memcmp(r.pattern, pattern, len) == 0,
                               "profile %d, pattern of %zu bytes", (int)p, len);
                    robots_free(doc);
                }
}

/* A comment line (its first byte '#'), in legacy read with its line's end
 * in one pass: of 0 to 40 bytes after the '#', with a NUL, a byte >= 0x80,
 * a character of UTF-8 or a BOM at each offset or none, ended by LF, CR,
 * CRLF or the body's end, and followed by a line that starts with a NUL, a
 * byte >= 0x80 or neither (in the bytes a sixteen-byte step reads past the
 * break): the document of the same line indented by a space, which the
 * general path reads, its diagnostics a column further on. */
static void comment_lines(void) {
    static const char *const odd[] = {"", "\0", "\x80", "\xC3\xA9",
                                      "\xEF\xBB\xBF"};
    static const size_t odd_len[] = {0, 1, 1, 2, 3};
    static const char *const ends[] = {"\n", "\r", "\r\n", ""};
    static const char *const next[] = {"User-agent: *\nDisallow: /x\n", "\0x\n",
                                       "\x80x\n"};
    char a[160], b[161];
    for (size_t o = 0; o < 5; o++)
        for (size_t n = 0; n <= 40; n++)
            for (size_t at = 0; at <= n; at++) {
                if (o == 0 && at != 0)
                    continue; /* a plain line: one of each length */
                for (size_t e = 0; e < 4; e++)
                    for (size_t x = 0; x < 3; x++) {
                        if (e == 3 && x != 0)
                            continue; /* the body's last line */
                        size_t len = 0;
                        a[len++] = '#';
                        for (size_t i = 0; i < n; i++) {
                            if (i == at) {
                                memcpy(a + len, odd[o], odd_len[o]);
                                len += odd_len[o];
                            }
                            a[len++] = (char)('a' + i % 26);
                        }
                        if (at == n) {
                            memcpy(a + len, odd[o], odd_len[o]);
                            len += odd_len[o];
                        }
                        memcpy(a + len, ends[e], strlen(ends[e]));
                        len += strlen(ends[e]);
                        if (e != 3) {
                            size_t m = x == 0 ? strlen(next[0]) : 3;
                            memcpy(a + len, next[x], m);
                            len += m;
                        }
                        b[0] = ' ';
                        memcpy(b + 1, a, len);
                        for (size_t p = 0; p < 3; p++) {
                            robots_txt *da = parse_n(profiles[p], a, len);
                            robots_txt *db = parse_n(profiles[p], b, len + 1);
                            if (da != NULL && db != NULL) {
                                char what[80];
                                snprintf(what, sizeof what,
                                         "profile %zu, comment of %zu, odd %zu "
                                         "at %zu, end %zu, next %zu",
                                         p, n, o, at, e, x);
                                expect_same_diagnostics(da, db, 1, 1, what);
                                EXPECT_EQ(robots_rule_count(da),
                                          robots_rule_count(db));
                                EXPECT_EQ(robots_diagnostic_total(da),
                                          robots_diagnostic_total(db));
                                if (o == 0 && x == 0)
                                    EXPECT_EQ(robots_diagnostic_total(da), 0);
                            }
                            robots_free(da);
                            robots_free(db);
                        }
                    }
            }
}

/* RFC 3629, section 4's table: the offset of the first byte of s that
 * begins no well-formed character, or len. */
static size_t rfc3629_invalid_at(const unsigned char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        size_t n;
        unsigned lo = 0x80, hi = 0xBF;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF)
            n = 1;
        else if (c >= 0xE0 && c <= 0xEF)
            n = 2, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
        else if (c >= 0xF0 && c <= 0xF4)
            n = 3, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
        else
            return i;
        if (len - i <= n || s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k <= n; k++)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        i += n + 1;
    }
    return len;
}

/* The line `line` (its bytes from `at` on are the pieces) of body: its
 * UTF-8 findings (semantics.md: a byte that is not UTF-8 is reported at
 * its column, as "byte 0xXX is not UTF-8"; a BOM after the file's start
 * is reported at its column) are those the table gives. */
static void expect_utf8_findings(const robots_txt *doc, const char *line,
                                 size_t len, const char *what) {
    const unsigned char *u = (const unsigned char *)line;
    size_t bad = rfc3629_invalid_at(u, len), bom = len;
    for (size_t i = 0; i + 3 <= len && bom == len; i++)
        if (u[i] == 0xEF && u[i + 1] == 0xBB && u[i + 2] == 0xBF)
            bom = i;
    size_t found_bad = 0, found_bom = 0;
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        if (d.line != 1)
            continue;
        if (d.kind == ROBOTS_DIAG_INVALID_UTF8) {
            char message[40];
            snprintf(message, sizeof message, "byte 0x%02X is not UTF-8",
                     bad < len ? u[bad] : 0);
            found_bad++;
            EXPECT_MSG(bad < len && d.column == bad + 1 &&
                           d.message_len == strlen(message) &&
                           memcmp(d.message, message, d.message_len) == 0,
                       "%s: invalid byte at column %zu, %zu expected", what,
                       d.column, bad + 1);
        } else if (d.kind == ROBOTS_DIAG_BOM_NOT_AT_START) {
            found_bom++;
            EXPECT_MSG(bom < len && d.column == bom + 1,
                       "%s: BOM at column %zu, %zu expected", what, d.column,
                       bom + 1);
        }
    }
    EXPECT_MSG(found_bad == (bad < len) && found_bom == (bom < len),
               "%s: %zu invalid, %zu BOM reported", what, found_bad, found_bom);
}

/* One line of utf8_lines(), the body's last or not, in each profile. */
static void utf8_line(const char *line, size_t len, int last) {
    char body[128];
    memcpy(body, line, len);
    size_t n = len;
    if (!last) {
        static const char more[] = "\nUser-agent: *\nAllow: /\n";
        memcpy(body + n, more, sizeof more - 1);
        n += sizeof more - 1;
    }
    for (size_t p = 0; p < 3; p++) {
        robots_txt *doc = parse_n(profiles[p], body, n);
        if (doc == NULL)
            continue;
        char what[200];
        snprintf(what, sizeof what, "profile %zu, last %d, line '%.*s'", p,
                 last, (int)len, line);
        expect_utf8_findings(doc, line, len, what);
        robots_free(doc);
    }
}

/* Lines with bytes >= 0x80: an ASCII start of 0 to 17 bytes, then two
 * pieces from every pair of the well-formed characters of each lead
 * (the usual two- and three-byte ones stepped over inline, the others
 * and a BOM the general check's), ASCII runs of 1, 2 and 17 bytes, and
 * ill-formed sequences (a lone continuation, an overlong or surrogate
 * lead, a character the line or a byte cuts short), and a last piece
 * (none, a usual character, another, a lone continuation byte), so that
 * a run of ASCII between characters ends at one; in a comment and in a
 * rule's value, the body's last line or not. */
static void utf8_lines(void) {
    static const char *const pieces[] = {"\xC3\xA9",
                                         "\xD0\xB6",
                                         "\xC2\x80",
                                         "\xDF\xBF",
                                         "\xE1\x80\x80",
                                         "\xEC\xBF\xBF",
                                         "\xEE\x80\x80",
                                         "\xE3\x81\x82",
                                         "\xE0\xA0\x80",
                                         "\xED\x9F\xBF",
                                         "\xEF\xBB\xBF",
                                         "\xEF\xBF\xBD",
                                         "\xF0\x90\x80\x80",
                                         "\xF4\x8F\xBF\xBF",
                                         "a",
                                         "/b",
                                         "abcdefghijklmnopq",
                                         "\x80",
                                         "\xBF",
                                         "\xC0\x80",
                                         "\xC1\xBF",
                                         "\xC2",
                                         "\xC2\x41",
                                         "\xE1\x80",
                                         "\xE1\x41\x80",
                                         "\xE3\x81",
                                         "\xE0\x80\x80",
                                         "\xED\xA0\x80",
                                         "\xEE\x80\x41",
                                         "\xEF\xBB",
                                         "\xF0\x80\x80\x80",
                                         "\xF4\x90\x80\x80",
                                         "\xF5\x80\x80",
                                         "\xFF"};
    static const size_t starts[] = {0, 1, 2, 7, 15, 16, 17};
    static const char *const heads[] = {"# ", "Disallow: /"};
    static const char *const tails[] = {"", "\xC3\xA9", "\xE0\xA0\x80", "\x80"};
    const size_t count = sizeof pieces / sizeof pieces[0];
    char line[96];
    for (size_t h = 0; h < 2; h++)
        for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++)
            for (size_t a = 0; a < count; a++)
                for (size_t b = 0; b < count; b++)
                    for (size_t t = 0; t < 4; t++) {
                        int n = snprintf(line, sizeof line, "%s%.*s%s%s%s",
                                         heads[h], (int)starts[s],
                                         "xxxxxxxxxxxxxxxxx", pieces[a],
                                         pieces[b], tails[t]);
                        EXPECT(n > 0 && (size_t)n < sizeof line);
                        for (int last = 0; last < 2; last++)
                            utf8_line(line, (size_t)n, last);
                    }
}

int main(void) {
    sitemap_lines();
    short_lines_kept_again();
    two_words_past_cap();
    unknown_keys_past_cap();
    indentation();
    long_patterns();
    utf8_lines();
    comment_lines();
    return testing_finish();
}
