/* SPDX-License-Identifier: MIT */
/*
 * test_parse.c - what the parser sees: lines and their ends, BOMs, NULs,
 * comments, whitespace, long lines, the parse limit, keys in each profile,
 * groups, sitemaps, extension records, crawl-delay and diagnostics.
 * Expectations come from docs/semantics.md, google-profile.md, seed 003's
 * notes on comments and whitespace and seed 004's grammar and group
 * example.
 */
#include "document.h"
#include "parse_n.h"
#include "testing.h"

#include <stdlib.h>

static robots_txt *parse(robots_profile profile, const char *body) {
    return parse_n(profile, body, strlen(body));
}

static size_t count_diag(const robots_txt *doc, robots_diag_kind kind) {
    size_t n = 0;
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic_info d;
        robots_diagnostic(doc, i, &d);
        n += d.kind == kind;
    }
    return n;
}

static robots_diagnostic_info first_diag(const robots_txt *doc,
                                         robots_diag_kind kind) {
    robots_diagnostic_info d;
    memset(&d, 0, sizeof d);
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
        robots_diagnostic(doc, i, &d);
        if (d.kind == kind)
            return d;
    }
    memset(&d, 0, sizeof d);
    return d;
}

static robots_rule_info rule(const robots_txt *doc, size_t g, size_t r) {
    robots_rule_info info;
    memset(&info, 0, sizeof info);
    EXPECT_EQ(robots_group_rule(doc, g, r, &info), ROBOTS_OK);
    return info;
}

static void line_endings(void) {
    /* semantics.md: a line ends at LF, CR or CRLF. */
    const char *bodies[] = {"User-agent: a\nDisallow: /x\nAllow: /y\n",
                            "User-agent: a\rDisallow: /x\rAllow: /y\r",
                            "User-agent: a\r\nDisallow: /x\r\nAllow: /y",
                            "User-agent: a\r\nDisallow: /x\rAllow: /y\n"};
    for (int p = 0; p < 3; p++) {
        for (size_t i = 0; i < 4; i++) {
            robots_txt *doc = parse((robots_profile)p, bodies[i]);
            EXPECT_EQ(robots_group_count(doc), 1);
            robots_group_info g;
            robots_group(doc, 0, &g);
            EXPECT_EQ(g.rule_count, 2);
            EXPECT_EQ(rule(doc, 0, 1).line, 3);
            robots_free(doc);
        }
    }
    /* google-profile.md: "\r\r\n" is two line ends. */
    robots_txt *doc =
        parse(ROBOTS_PROFILE_GOOGLE, "User-agent: a\r\r\nDisallow: /x\n");
    EXPECT_EQ(rule(doc, 0, 0).line, 3);
    robots_free(doc);
}

static void boms(void) {
    /* semantics.md: a UTF-8 BOM at offset 0 is skipped; google also skips
     * a prefix of it; elsewhere it is ordinary bytes. */
    const char full[] = "\xEF\xBB\xBFUser-agent: a\nDisallow: /x\n";
    const char part[] = "\xEF\xBBUser-agent: a\nDisallow: /x\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, full);
        EXPECT_EQ(robots_group_count(doc), 1);
        robots_free(doc);
        doc = parse((robots_profile)p, part);
        EXPECT_EQ(robots_group_count(doc), p == ROBOTS_PROFILE_GOOGLE ? 1 : 0);
        robots_free(doc);
    }
    robots_txt *doc = parse(ROBOTS_PROFILE_GOOGLE,
                            "\xEF\x11\xBFUser-agent: a\nDisallow: /x\n");
    EXPECT_EQ(robots_group_count(doc), 0); /* spoils the first line */
    robots_free(doc);
    /* A file that is only a BOM is an empty file. */
    doc = parse(ROBOTS_PROFILE_RFC9309, "\xEF\xBB\xBF");
    EXPECT_EQ(robots_group_count(doc), 0);
    EXPECT_EQ(robots_diagnostic_count(doc), 0);
    robots_free(doc);
    doc = parse(ROBOTS_PROFILE_RFC9309, "User-agent: a\n\xEF\xBB\xBF"
                                        "Disallow: /x\n");
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_BOM_NOT_AT_START), 1);
    robots_free(doc);
    doc = parse_n(ROBOTS_PROFILE_RFC9309, "\xFF\xFEU\0s\0", 6);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_UTF16_BOM), 1);
    robots_free(doc);
    /* A BOM encoded twice (EF BB BF read as Latin-1, saved as UTF-8) is
     * named (issue 21), and read as the bytes of the first line it is:
     * that line's key is no key, in every profile. */
    for (int p = 0; p < 3; p++) {
        doc = parse((robots_profile)p, "\xC3\xAF\xC2\xBB\xC2\xBF"
                                       "User-agent: a\nDisallow: /x\n");
        robots_diagnostic_info d =
            first_diag(doc, ROBOTS_DIAG_BOM_ENCODED_TWICE);
        EXPECT(d.line == 1 && d.column == 1 &&
               d.severity == ROBOTS_SEVERITY_WARNING);
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_BOM_ENCODED_TWICE), 1);
        EXPECT_EQ(robots_group_count(doc), 0);
        robots_free(doc);
    }
    doc = parse(ROBOTS_PROFILE_RFC9309, "\xC3\xAF\xC2\xBB\xC2");
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_BOM_ENCODED_TWICE), 0);
    robots_free(doc);
}

static void comments_and_whitespace(void) {
    /* Seed 003: a comment may end a directive line; leading whitespace is
     * allowed. semantics.md: '#' starts a comment anywhere. */
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, "  User-agent: *  # all\n"
                                                   "\tDisallow: bob #comment\n"
                                                   "Disallow: /foo#bar\n");
        robots_rule_info r = rule(doc, 0, 0);
        EXPECT_STRN(r.pattern, r.pattern_len, "bob");
        r = rule(doc, 0, 1);
        EXPECT_STRN(r.pattern, r.pattern_len, "/foo");
        robots_free(doc);
    }
    /* TAB around a value on a line with nothing else of note (no comment,
     * no byte >= 0x80): trimmed as ' ' is (seed 003: whitespace is allowed
     * around a value), by the parser's short path for the usual lines as
     * by its general one. google also trims \v and \f (google-profile.md:
     * the whole ASCII whitespace set). */
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, "User-agent:\tbot\t\n"
                                                   "Disallow:\t/t\t\n"
                                                   "allow: \t/u \t\n");
        robots_agent_info a;
        EXPECT_EQ(robots_group_agent(doc, 0, 0, &a), ROBOTS_OK);
        EXPECT_STRN(a.value, a.value_len, "bot");
        robots_rule_info r = rule(doc, 0, 0);
        EXPECT_STRN(r.pattern, r.pattern_len, "/t");
        r = rule(doc, 0, 1);
        EXPECT_STRN(r.pattern, r.pattern_len, "/u");
        robots_free(doc);
    }
    robots_txt *google =
        parse(ROBOTS_PROFILE_GOOGLE, "User-agent: *\nDisallow:\v/v\f\n");
    robots_rule_info gr = rule(google, 0, 0);
    EXPECT_STRN(gr.pattern, gr.pattern_len, "/v");
    robots_free(google);
    /* Whitespace inside a value is kept (google-profile.md). */
    robots_txt *doc =
        parse(ROBOTS_PROFILE_GOOGLE, "User-agent: *\nDisallow: /sp ace\n");
    robots_rule_info r = rule(doc, 0, 0);
    EXPECT_STRN(r.pattern, r.pattern_len, "/sp ace");
    robots_free(doc);
}

static void nul_bytes(void) {
    /* semantics.md: a NUL byte ends the line's content. */
    const char body[] = "User-agent: *\nDisallow: /a\0/b\nDisallow: /c\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse_n((robots_profile)p, body, sizeof body - 1);
        robots_rule_info r = rule(doc, 0, 0);
        EXPECT_STRN(r.pattern, r.pattern_len, "/a");
        r = rule(doc, 0, 1);
        EXPECT_STRN(r.pattern, r.pattern_len, "/c");
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_NUL_BYTE), 1);
        robots_free(doc);
    }
}

static void long_lines(void) {
    /* semantics.md: a line keeps its first 16,663 bytes; the truncated rule
     * still applies. A 1 MiB line here. */
    size_t n = 1 << 20;
    char *body = malloc(n + 64);
    size_t len = (size_t)sprintf(body, "User-agent: *\nDisallow: /");
    size_t prefix = len - 14; /* bytes of "Disallow: /" line so far */
    memset(body + len, 'x', n);
    len += n;
    len += (size_t)sprintf(body + len, "\nAllow: /y\n");
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = 0; /* the line alone is past the default limit */
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    robots_rule_info r = rule(doc, 0, 0);
    EXPECT_EQ(r.pattern_len, ROBOTS_MAX_LINE_BYTES - (prefix - 1));
    EXPECT_EQ(rule(doc, 0, 1).line, 3);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_LINE_TRUNCATED), 1);
    robots_verdict v;
    EXPECT_EQ(robots_check_agent(doc, "a", 1, "/xxxx", 5, &v), ROBOTS_OK);
    EXPECT_EQ(v.allowed, 1); /* the kept pattern is longer than the path */
    robots_free(doc);

    /* The same cut for a long line inside a run of rule lines (after
     * another rule line, where the parse reads lines by its fast path),
     * whether it is one byte over the limit or far over it. */
    const size_t overs[] = {ROBOTS_MAX_LINE_BYTES - (prefix - 1) + 1, n};
    for (size_t k = 0; k < sizeof overs / sizeof *overs; k++) {
        len = (size_t)sprintf(body, "User-agent: *\nDisallow: /a\nDisallow: /");
        memset(body + len, 'x', overs[k]);
        len += overs[k];
        len += (size_t)sprintf(body + len, "\nAllow: /y\n");
        EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
        EXPECT_EQ(rule(doc, 0, 1).pattern_len,
                  ROBOTS_MAX_LINE_BYTES - (prefix - 1));
        EXPECT_EQ(rule(doc, 0, 2).line, 4);
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_LINE_TRUNCATED), 1);
        robots_free(doc);
    }

    /* At the limit exactly: no truncation. */
    memset(body, 'x', ROBOTS_MAX_LINE_BYTES);
    memcpy(body, "Disallow: /", 11);
    doc = parse_n(ROBOTS_PROFILE_RFC9309, body, ROBOTS_MAX_LINE_BYTES);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_LINE_TRUNCATED), 0);
    robots_free(doc);
    doc = parse_n(ROBOTS_PROFILE_RFC9309, body, ROBOTS_MAX_LINE_BYTES + 1);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_LINE_TRUNCATED), 1);
    robots_free(doc);
    free(body);
}

static void parse_limit(void) {
    /* semantics.md: content past the parse limit (default 512,000 bytes)
     * is ignored with a diagnostic; a 10 MB file here. */
    size_t n = 10 * 1000 * 1000;
    char *body = malloc(n);
    const char line[] = "Disallow: /abcdefghijklmnopqrstuvwxyz0123456789\n";
    size_t ll = sizeof line - 1;
    size_t len = (size_t)sprintf(body, "User-agent: *\n");
    while (len + ll <= n) {
        memcpy(body + len, line, ll);
        len += ll;
    }
    robots_txt *doc = parse_n(ROBOTS_PROFILE_RFC9309, body, len);
    EXPECT(robots_txt_parsed_bytes(doc) <= ROBOTS_DEFAULT_PARSE_LIMIT);
    EXPECT(robots_txt_parsed_bytes(doc) > ROBOTS_DEFAULT_PARSE_LIMIT - ll);
    EXPECT_EQ(robots_txt_input_bytes(doc), len);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_PAST_PARSE_LIMIT), 1);
    robots_group_info g;
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, (ROBOTS_DEFAULT_PARSE_LIMIT - 14) / ll);
    robots_free(doc);

    /* A line whose terminator is at or inside the limit is read; one that
     * the limit cuts is dropped whole, not read as a shorter rule. */
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = 14 + ll - 1;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 1);
    robots_free(doc);
    options.parse_limit = 14 + ll - 2;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 0);
    robots_free(doc);
    /* 0 means no limit: everything is read. */
    options.parse_limit = 0;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    EXPECT_EQ(robots_txt_parsed_bytes(doc), len);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_PAST_PARSE_LIMIT), 0);
    robots_free(doc);
    free(body);
}

/* The document's record of the cut, for a body parsed with parse_limit
 * `limit` (0: none) in rfc9309. */
static robots_cut_info cut_of(const char *body, size_t len, size_t limit) {
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = limit;
    robots_txt *doc = NULL;
    robots_cut_info cut;
    memset(&cut, 0xA5, sizeof cut);
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    EXPECT_EQ(robots_txt_cut(doc, &cut), ROBOTS_OK);
    /* The diagnostic and the record agree: one when cut, on its line. */
    robots_diagnostic_info d = first_diag(doc, ROBOTS_DIAG_PAST_PARSE_LIMIT);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_PAST_PARSE_LIMIT),
              (size_t)cut.truncated);
    EXPECT_EQ(d.line, cut.line);
    EXPECT_EQ(cut.offset + cut.bytes_not_read, len);
    robots_free(doc);
    return cut;
}

#define EXPECT_CUT(cut, off, ln, lines)                                        \
    do {                                                                       \
        EXPECT_EQ((cut).truncated, 1);                                         \
        EXPECT_EQ((cut).offset, (off));                                        \
        EXPECT_EQ((cut).line, (ln));                                           \
        EXPECT_EQ((cut).lines_not_read, (lines));                              \
    } while (0)

#define EXPECT_NOT_CUT(cut, len)                                               \
    do {                                                                       \
        EXPECT_EQ((cut).truncated, 0);                                         \
        EXPECT_EQ((cut).offset, (len));                                        \
        EXPECT_EQ((cut).line, 0);                                              \
        EXPECT_EQ((cut).lines_not_read, 0);                                    \
        EXPECT_EQ((cut).bytes_not_read, 0);                                    \
    } while (0)

static void parse_limit_cut(void) {
    /* Issue 19: the document records that the parse limit cut it, at which
     * byte and line, and how many lines were not read. docs/semantics.md:
     * a line ends at LF, CR or CRLF; a line the limit cuts in two is
     * ignored whole; a line whose terminator is the byte right after the
     * limit is read. Line 1 is bytes 0-13, line 2 bytes 14-23 (its LF at
     * 23), line 3 bytes 24-35. */
    const char lf[] = "User-agent: *\nAllow: /a\nDisallow: /\n";
    size_t n = sizeof lf - 1;
    robots_cut_info cut = cut_of(lf, n, 24);
    EXPECT_CUT(cut, 24, 3, 1);
    EXPECT_EQ(cut.limit, 24);
    EXPECT_EQ(cut.bytes_not_read, 12);
    /* Line 2's LF is the byte right after a limit of 23: read. */
    cut = cut_of(lf, n, 23);
    EXPECT_CUT(cut, 24, 3, 1);
    /* The limit cuts line 2 in two: it is not read, nor anything after. */
    cut = cut_of(lf, n, 22);
    EXPECT_CUT(cut, 14, 2, 2);
    EXPECT_EQ(cut.bytes_not_read, 22);
    cut = cut_of(lf, n, 1);
    EXPECT_CUT(cut, 0, 1, 3);
    /* The last line's terminator is the byte after the limit: all read. */
    cut = cut_of(lf, n, n - 1);
    EXPECT_NOT_CUT(cut, n);
    EXPECT_EQ(cut.limit, n - 1);
    cut = cut_of(lf, n, n);
    EXPECT_NOT_CUT(cut, n);
    /* A body shorter than the limit, and no limit at all. */
    cut = cut_of(lf, n, 1000);
    EXPECT_NOT_CUT(cut, n);
    EXPECT_EQ(cut.limit, 1000);
    cut = cut_of(lf, n, 0);
    EXPECT_NOT_CUT(cut, n);
    EXPECT_EQ(cut.limit, 0);
    cut = cut_of(NULL, 0, 10);
    EXPECT_NOT_CUT(cut, 0);

    /* CRLF: line 2 is bytes 15-25 (CR at 24, LF at 25). A limit of 25
     * falls between its CR and LF: the line ends inside it and is read;
     * the first byte not read is 26. */
    const char crlf[] = "User-agent: *\r\nAllow: /a\r\nDisallow: /\r\n";
    n = sizeof crlf - 1;
    cut = cut_of(crlf, n, 26);
    EXPECT_CUT(cut, 26, 3, 1);
    cut = cut_of(crlf, n, 25);
    EXPECT_CUT(cut, 26, 3, 1);
    EXPECT_EQ(cut.bytes_not_read, 13);
    /* Line 2's CR is the byte right after a limit of 24: the line is read,
     * and the LF that completes its CRLF with it, so the first byte not
     * read is two past the limit (found by fuzz_parse). */
    cut = cut_of(crlf, n, 24);
    EXPECT_CUT(cut, 26, 3, 1);
    cut = cut_of(crlf, n, 20);
    EXPECT_CUT(cut, 15, 2, 2);
    cut = cut_of(crlf, n, n - 2);
    EXPECT_NOT_CUT(cut, n);

    /* CR alone ends a line too. */
    const char cr[] = "User-agent: *\rAllow: /a\rDisallow: /\r";
    n = sizeof cr - 1;
    cut = cut_of(cr, n, 22);
    EXPECT_CUT(cut, 14, 2, 2);
    cut = cut_of(cr, n, 24);
    EXPECT_CUT(cut, 24, 3, 1);

    /* No newline at the end: the last line still counts. */
    const char open_end[] = "User-agent: *\nAllow: /a\nDisallow: /";
    n = sizeof open_end - 1;
    cut = cut_of(open_end, n, 22);
    EXPECT_CUT(cut, 14, 2, 2);
    EXPECT_EQ(cut.bytes_not_read, 21);
    cut = cut_of(open_end, n, 24);
    EXPECT_CUT(cut, 24, 3, 1);
    cut = cut_of(open_end, n, n - 1);
    EXPECT_CUT(cut, 24, 3, 1);

    /* Mixed ends past the limit: "Disallow: /a" CRLF, "Disallow: /b" CR,
     * "Disallow: /c" LF, three empty lines (LF, CR, CRLF) and "x": 7. */
    const char mixed[] = "User-agent: *\nDisallow: /a\r\nDisallow: /b\r"
                         "Disallow: /c\n\n\r\r\nx";
    cut = cut_of(mixed, sizeof mixed - 1, 14);
    EXPECT_CUT(cut, 14, 2, 7);

    /* Wherever a CRLF falls among the bytes counted, it ends one line. */
    char body[64];
    for (size_t k = 0; k < 24; k++) {
        memcpy(body, "Allow: /\n", 9);
        memset(body + 9, 'a', k);
        memcpy(body + 9 + k, "\r\nb", 3);
        cut = cut_of(body, 9 + k + 3, 5);
        EXPECT_CUT(cut, 0, 1, 3);
        cut = cut_of(body, 9 + k + 2, 5); /* ends with the CRLF */
        EXPECT_CUT(cut, 0, 1, 2);
        cut = cut_of(body, 9 + k + 1, 5); /* ends with a CR */
        EXPECT_CUT(cut, 0, 1, 2);
    }

    /* The record stays when the diagnostics are capped: a thousand and
     * more junk lines, then a cut. */
    size_t junk = ROBOTS_MAX_DIAGNOSTICS + 10;
    char *big = malloc(junk * 2 + 64);
    for (size_t i = 0; i < junk; i++)
        memcpy(big + 2 * i, "x\n", 2);
    memcpy(big + 2 * junk, "User-agent: *\nDisallow: /\n", 26);
    robots_options options;
    robots_options_init(&options);
    options.parse_limit = 2 * junk + 5;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(big, 2 * junk + 26, &options, &doc), ROBOTS_OK);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_PAST_PARSE_LIMIT), 0);
    EXPECT_EQ(robots_txt_cut(doc, &cut), ROBOTS_OK);
    EXPECT_CUT(cut, 2 * junk, junk + 1, 2);
    robots_free(doc);
    free(big);

    EXPECT_EQ(robots_txt_cut(NULL, &cut), ROBOTS_ERR_INVALID_ARGUMENT);
    doc = parse(ROBOTS_PROFILE_RFC9309, "");
    EXPECT_EQ(robots_txt_cut(doc, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    robots_free(doc);
}

static void empty_and_junk(void) {
    robots_txt *doc = parse_n(ROBOTS_PROFILE_RFC9309, NULL, 0);
    EXPECT(doc != NULL);
    EXPECT_EQ(robots_group_count(doc), 0);
    robots_free(doc);
    /* An HTML page served as robots.txt (seed 004, file format). */
    doc = parse(ROBOTS_PROFILE_RFC9309,
                "<!DOCTYPE html>\n<html><body>Not found</body></html>\n");
    EXPECT_EQ(robots_group_count(doc), 0);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_LOOKS_LIKE_HTML), 1);
    robots_free(doc);
    /* Invalid UTF-8 is reported, and read as bytes. */
    doc = parse(ROBOTS_PROFILE_RFC9309, "User-agent: *\nDisallow: /\xC3\x28\n");
    robots_diagnostic_info d = first_diag(doc, ROBOTS_DIAG_INVALID_UTF8);
    EXPECT_EQ(d.line, 2);
    EXPECT_EQ(d.column, 12);
    EXPECT_EQ(robots_group_count(doc), 1);
    robots_free(doc);
    /* Diagnostics are capped; the total still counts them all. */
    char *junk = malloc(4000);
    for (int i = 0; i < 2000; i++) {
        junk[2 * i] = 'x';
        junk[2 * i + 1] = '\n';
    }
    doc = parse_n(ROBOTS_PROFILE_RFC9309, junk, 4000);
    EXPECT_EQ(robots_diagnostic_count(doc), ROBOTS_MAX_DIAGNOSTICS + 1);
    EXPECT_EQ(robots_diagnostic_total(doc), 2000); /* findings, not the note */
    d = first_diag(doc, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS);
    EXPECT_EQ(d.kind, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS);
    /* ... and so does each kind's (issue 21: a flood told as one count). */
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_MISSING_COLON),
              2000);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_TYPO_KEY), 0);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, (robots_diag_kind)-1), 0);
    EXPECT_EQ(robots_diagnostic_kind_total(NULL, ROBOTS_DIAG_TYPO_KEY), 0);
    robots_free(doc);
    free(junk);
    /* google's notes past the cap are counted by kind too. */
    size_t cap = 64 + 3 * 600 * 20, n = 0;
    junk = malloc(cap);
    n += (size_t)snprintf(junk, cap, "User-agent: *\n");
    for (int i = 0; i < 600; i++)
        n += (size_t)snprintf(junk + n, cap - n,
                              "disallow /a\ndisallowed: /b\ndissallow: /c\n");
    doc = parse_n(ROBOTS_PROFILE_GOOGLE, junk, n);
    EXPECT_EQ(robots_diagnostic_total(doc), 1800);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_NO_SEPARATOR_PAIR),
              600);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_KEY_BY_PREFIX),
              600);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_TYPO_KEY), 600);
    robots_free(doc);
    free(junk);
}

static void groups_example(void) {
    /* Seed 004, "example groups": four groups a, b, e+f, h (empty). */
    const char body[] = "user-agent: a\ndisallow: /c\n\nuser-agent: b\n"
                        "disallow: /d\n\nuser-agent: e\nuser-agent: f\n"
                        "disallow: /g\n\nuser-agent: h\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        EXPECT_EQ(robots_group_count(doc), 4);
        robots_group_info g;
        robots_group(doc, 2, &g);
        EXPECT_EQ(g.agent_count, 2);
        EXPECT_EQ(g.rule_count, 1);
        EXPECT_EQ(g.line, 7);
        robots_group(doc, 3, &g);
        EXPECT_EQ(g.agent_count, 1);
        EXPECT_EQ(g.rule_count, 0);
        robots_agent_info a;
        EXPECT_EQ(robots_group_agent(doc, 2, 1, &a), ROBOTS_OK);
        EXPECT_STRN(a.value, a.value_len, "f");
        EXPECT_EQ(robots_group_agent(doc, 2, 2, &a), ROBOTS_ERR_OUT_OF_RANGE);
        robots_free(doc);
    }
    /* rfc9309: blank lines do not end a group; legacy: they end a record. */
    const char split[] = "User-agent: a\n\nDisallow: /x\n";
    robots_txt *doc = parse(ROBOTS_PROFILE_RFC9309, split);
    robots_group_info g;
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 1);
    robots_free(doc);
    doc = parse(ROBOTS_PROFILE_LEGACY, split);
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 0);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_RULE_OUTSIDE_GROUP), 1);
    robots_free(doc);
}

static void agents(void) {
    /* semantics.md: a value is reduced to its leading [A-Za-z_-] run. */
    robots_txt *doc = parse(ROBOTS_PROFILE_RFC9309,
                            "User-agent: Googlebot/2.1 (+http://x)\n"
                            "User-agent: Foo Bar\nUser-agent: * junk\n"
                            "User-agent: *Bar\nDisallow: /\n");
    robots_agent_info a;
    robots_group_agent(doc, 0, 0, &a);
    EXPECT_STRN(a.token, a.token_len, "Googlebot");
    EXPECT_STRN(a.value, a.value_len, "Googlebot/2.1 (+http://x)");
    robots_group_agent(doc, 0, 1, &a);
    EXPECT_STRN(a.token, a.token_len, "Foo");
    robots_group_agent(doc, 0, 2, &a);
    EXPECT_EQ(a.is_wildcard, 1);
    robots_group_agent(doc, 0, 3, &a);
    EXPECT_EQ(a.is_wildcard, 0);
    EXPECT_EQ(a.token_len, 0);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_AGENT_REDUCED), 2);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_EMPTY_USER_AGENT), 1);
    robots_free(doc);
    /* How each profile reads a reduced name is what the diagnostic says
     * (issue 21): a version or comment dropped is a note; a name cut
     * inside ("MJ12bot" read as "MJ") changes the crawlers the line
     * matches, a warning; a name with no token ("360Spider") matches no
     * crawler in rfc9309, only an empty name in google. */
    static const char body[] = "User-agent: MJ12bot\nUser-agent: Foo/1.0\n"
                               "User-agent: 360Spider\nDisallow: /\n";
    for (int p = ROBOTS_PROFILE_RFC9309; p <= ROBOTS_PROFILE_GOOGLE; p++) {
        int google = p == ROBOTS_PROFILE_GOOGLE;
        doc = parse((robots_profile)p, body);
        robots_diagnostic_info d[3];
        for (size_t i = 0; i < 3; i++)
            EXPECT_EQ(robots_diagnostic(doc, i, &d[i]), ROBOTS_OK);
        EXPECT(d[0].kind == ROBOTS_DIAG_AGENT_REDUCED &&
               d[0].severity == ROBOTS_SEVERITY_WARNING);
        EXPECT(d[1].kind == ROBOTS_DIAG_AGENT_REDUCED &&
               d[1].severity == ROBOTS_SEVERITY_NOTE);
        EXPECT(d[2].kind == ROBOTS_DIAG_EMPTY_USER_AGENT &&
               d[2].severity == ROBOTS_SEVERITY_WARNING);
        EXPECT(strstr(d[0].message, google
                                        ? "'MJ12bot' does not match"
                                        : "every name that reduces to "
                                          "'MJ', not 'MJ12bot' alone") != NULL);
        EXPECT(strstr(d[2].message, google ? "only for an empty crawler name"
                                           : "'360Spider' included") != NULL);
        /* And so the checks answer. */
        static const struct {
            const char *name;
            int rfc_blocked, google_blocked;
        } who[] = {{"MJ12bot", 1, 0},   {"MJ", 1, 1}, {"MJ7", 1, 0},
                   {"360Spider", 0, 0}, {"", 0, 1},   {"Foo", 1, 1}};
        for (size_t i = 0; i < sizeof who / sizeof who[0]; i++) {
            robots_verdict v;
            EXPECT_EQ(robots_check_agent(doc, who[i].name, strlen(who[i].name),
                                         "/x", 2, &v),
                      ROBOTS_OK);
            EXPECT_MSG((!v.allowed) == (google ? who[i].google_blocked
                                               : who[i].rfc_blocked),
                       "%s: '%s'", google ? "google" : "rfc9309", who[i].name);
        }
        robots_free(doc);
    }
    /* legacy compares the value whole: nothing is reduced. */
    doc = parse(ROBOTS_PROFILE_LEGACY, body);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_AGENT_REDUCED), 0);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_EMPTY_USER_AGENT), 0);
    robots_free(doc);
}

static void keys(void) {
    /* google-profile.md: prefix keys and the listed typos are accepted. */
    const char body[] = "useragent: a\ndisallowed: /x\ndissallow: /y\n"
                        "user agent: b\nallowance: /z\nsite-map: http://s/\n"
                        "alow: /w\ndisallow /two\nuser_agent: c\n";
    robots_txt *doc = parse(ROBOTS_PROFILE_GOOGLE, body);
    EXPECT_EQ(robots_group_count(doc), 2);
    robots_group_info g;
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 2);
    robots_group(doc, 1, &g);
    EXPECT_EQ(g.agent_count, 1);
    EXPECT_EQ(g.rule_count, 2); /* allowance and "disallow /two" */
    EXPECT_EQ(robots_sitemap_count(doc), 1);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_NO_SEPARATOR_PAIR), 1);
    robots_free(doc);
    /* rfc9309 and legacy: exact keys only; the rest is reported. */
    for (int p = 0; p < 3; p += 2) {
        doc = parse((robots_profile)p, body);
        EXPECT_EQ(robots_group_count(doc), 0);
        EXPECT(count_diag(doc, ROBOTS_DIAG_TYPO_KEY) >= 4);
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_MISSING_COLON), 1);
        robots_diagnostic_info d = first_diag(doc, ROBOTS_DIAG_MISSING_COLON);
        EXPECT(d.suggestion != NULL && strcmp(d.suggestion, "Disallow") == 0);
        d = first_diag(doc, ROBOTS_DIAG_TYPO_KEY);
        EXPECT(d.suggestion != NULL && strcmp(d.suggestion, "User-agent") == 0);
        EXPECT_EQ(d.line, 1);
        EXPECT_EQ(d.severity, ROBOTS_SEVERITY_ERROR);
        robots_free(doc);
    }
    /* Keys are case-insensitive; the split is at the first ':'. */
    doc = parse(ROBOTS_PROFILE_RFC9309,
                "USER-AGENT: a\nDISALLOW: /x:y\n: /nothing\n");
    robots_rule_info r = rule(doc, 0, 0);
    EXPECT_STRN(r.pattern, r.pattern_len, "/x:y");
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_EMPTY_KEY), 1);
    robots_free(doc);
}

static void records(void) {
    const char body[] = "Sitemap: https://example.com/s1.xml\n"
                        "User-agent: a\nCrawl-delay: 2.5\nDisallow: /x\n"
                        "Sitemap: https://example.com/s2.xml\n"
                        "Crawl-delay: 9\nHost: example.com\n"
                        "User-agent: b\nCrawl-delay: soon\nDisallow: /y\n"
                        "Sitemap: /relative.xml\nClean-param: ref /x\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        /* Each extension line gets a note naming its key as written (the
         * parser writes this message by hand: see classify_key()). */
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_EXTENSION), 5);
        robots_diagnostic_info note = first_diag(doc, ROBOTS_DIAG_EXTENSION);
        EXPECT_EQ(note.line, 3);
        EXPECT_EQ(note.column, 1);
        EXPECT_EQ(note.severity, ROBOTS_SEVERITY_NOTE);
        EXPECT_STRN(note.message, note.message_len,
                    "'Crawl-delay' is an extension: kept as a record, never "
                    "part of a verdict");
        EXPECT(note.message[note.message_len] == '\0');
        /* semantics.md: sitemaps from anywhere, never ending a group. */
        EXPECT_EQ(robots_sitemap_count(doc), 3);
        robots_record_info rec;
        robots_sitemap(doc, 1, &rec);
        EXPECT_STRN(rec.value, rec.value_len, "https://example.com/s2.xml");
        EXPECT_EQ(rec.line, 5);
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE), 1);
        EXPECT_EQ(robots_group_count(doc), 2);
        robots_group_info g;
        robots_group(doc, 0, &g);
        EXPECT_EQ(g.has_crawl_delay, 1);
        EXPECT(g.crawl_delay == 2.5);
        EXPECT_EQ(g.crawl_delay_line, 3);
        robots_group(doc, 1, &g);
        EXPECT_EQ(g.has_crawl_delay, 0);
        EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_INVALID_CRAWL_DELAY), 1);
        /* crawl-delay (x3), host, clean-param are extension records. */
        EXPECT_EQ(robots_extension_count(doc), 5);
        robots_extension(doc, 3, &rec);
        EXPECT_STRN(rec.key, rec.key_len, "Crawl-delay");
        EXPECT_EQ(rec.group, 1);
        EXPECT_EQ(robots_extension(doc, 5, &rec), ROBOTS_ERR_OUT_OF_RANGE);
        robots_free(doc);
    }
}

/* Records are packed (records.c): line and group as deltas, a mark every
 * RB_RECORD_STRIDE records. Each record read back as written, with the
 * line it is on and the group it appeared in (robots.h), across marks,
 * line gaps of every varint length, groups closed by a legacy blank line
 * (docs/semantics.md), and a crawl-delay found again by its line. */
static void many_records(void) {
    /* about 17 KB of records: past the bytes from which the list grows
     * fourfold (records.c, RB_RECORDS_LARGE_BYTES) */
    enum { RECORDS = 1000 };
    static char body[1 << 20];
    static size_t want_line[RECORDS], want_group[RECORDS];
    static char key[RECORDS][8];
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        size_t n = 0, line = 1, groups = 0, group = ROBOTS_NO_POSITION;
        /* 5 records a group: its crawl-delay at every place of a mark */
        size_t delay_group[RECORDS / 4 + 1];
        for (size_t i = 0; i < RECORDS; i++) {
            if (i % 4 == 0) { /* a group, its rule ending its agents */
                n += (size_t)sprintf(body + n, "User-agent: a\nDisallow: /x\n");
                line += 2;
                group = groups++;
                /* its first record: a crawl-delay of its own number */
                n += (size_t)sprintf(body + n, "Crawl-delay: %zu\n", group);
                delay_group[group] = line;
                line++;
            }
            if (i % 7 == 3) { /* 1, 130 or 17,000 lines further on */
                /* (17,000 among the first 300 records only: the body
                 * stays within the default parse limit) */
                size_t gap = i % 3 == 0               ? 1
                             : i % 3 == 1 || i >= 300 ? 130
                                                      : 17000;
                memset(body + n, '\n', gap);
                n += gap;
                line += gap;
                if (profile == ROBOTS_PROFILE_LEGACY)
                    group = ROBOTS_NO_POSITION; /* a blank line ends it */
            }
            key[i][0] = 'k';
            key[i][1] = (char)('a' + i % 26);
            key[i][2] = (char)('a' + i / 26 % 26);
            key[i][3] = '\0';
            n += (size_t)sprintf(body + n, "%s: v%zu\n", key[i], i);
            want_line[i] = line++;
            want_group[i] = group;
        }
        robots_txt *doc = parse_n(profile, body, n);
        /* the records, less each group's crawl-delay */
        EXPECT_EQ(robots_extension_count(doc), RECORDS + groups);
        size_t wrong = 0;
        for (size_t e = 0, i = 0; e < robots_extension_count(doc); e++) {
            robots_record_info rec;
            robots_extension(doc, e, &rec);
            if (rec.key_len == 11) /* Crawl-delay */
                continue;
            char value[16];
            int vlen = sprintf(value, "v%zu", i);
            if (i >= RECORDS || rec.line != want_line[i] ||
                rec.group != want_group[i] || rec.key_len != 3 ||
                memcmp(rec.key, key[i], 3) != 0 || rec.key[3] != '\0' ||
                rec.value_len != (size_t)vlen ||
                memcmp(rec.value, value, (size_t)vlen) != 0 ||
                rec.value[vlen] != '\0')
                wrong++;
            i++;
        }
        EXPECT_EQ(wrong, 0);
        for (size_t g = 0; g < groups; g++) {
            robots_group_info info;
            robots_group(doc, g, &info);
            if (!info.has_crawl_delay || info.crawl_delay != (double)g ||
                info.crawl_delay_line != delay_group[g])
                wrong++;
        }
        EXPECT_EQ(wrong, 0);
        robots_free(doc);
    }
}

/* A list's first or second record with a key and a value of every length
 * from 1 to 160 bytes (the parse copies a key of up to 32 bytes and a
 * value of up to 128 sixteen bytes a step inline, records.h's
 * rb_records_add_usual(); a list's first record, after its first room,
 * and a record whose line is near the body's end or whose key or value
 * is longer, rb_records_add_in_room(); the others rb_records_add()), its
 * line the body's last or not: each record read back as written, on its
 * line, in its group (robots.h). */
static void record_lengths(void) {
    enum { LONGEST = 160 };
    static char body[4 * LONGEST + 64];
    for (int p = 0; p < 3; p++) {
        robots_profile profile = (robots_profile)p;
        size_t wrong = 0, read = 0;
        for (size_t klen = 1; klen <= LONGEST; klen++) {
            for (size_t vlen = 1; vlen <= LONGEST; vlen += 13) {
                for (int cases = 0; cases < 4; cases++) {
                    int last = cases & 1, first = cases >> 1;
                    /* a key no profile knows nor takes for a typo of
                     * one: 'x' and digits */
                    size_t n = (size_t)sprintf(
                        body, first ? "User-agent: a\n# no record\n"
                                    : "User-agent: a\nx: 1\n");
                    char *key = body + n;
                    key[0] = 'x';
                    for (size_t i = 1; i < klen; i++)
                        key[i] = (char)('0' + (i * 7 + klen) % 10);
                    n += klen;
                    body[n++] = ':';
                    body[n++] = ' ';
                    char *value = body + n;
                    for (size_t i = 0; i < vlen; i++)
                        value[i] = (char)('0' + (i + vlen) % 10);
                    n += vlen;
                    if (!last) /* with the 32 bytes after it that the
                                * inline copy wants */
                        n += (size_t)sprintf(body + n,
                                             "\nDisallow: /x\n# the file "
                                             "goes on after the record\n");
                    robots_txt *doc = parse_n(profile, body, n);
                    size_t at = first ? 0 : 1;
                    robots_record_info rec;
                    if (robots_extension_count(doc) != at + 1 ||
                        robots_extension(doc, at, &rec) != ROBOTS_OK ||
                        rec.line != 3 || rec.group != 0 ||
                        rec.key_len != klen ||
                        memcmp(rec.key, key, klen) != 0 ||
                        rec.key[klen] != '\0' || rec.value_len != vlen ||
                        memcmp(rec.value, value, vlen) != 0 ||
                        rec.value[vlen] != '\0')
                        wrong++;
                    read++;
                    robots_free(doc);
                }
            }
        }
        EXPECT_EQ(wrong, 0);
        EXPECT_EQ(read, (size_t)LONGEST * 13 * 4);
    }
}

/* A list's first room (records.h, rb_records_first_room()) is
 * RB_RECORDS_FIRST_BYTES (384), or its first record's room when larger
 * (RB_RECORD_ROOM(): 27 bytes and the key's and the value's), or in a
 * hosted region a quarter of the body when larger still (parse.c,
 * reserve_arrays()): first sitemaps and extension records whose room is
 * 383, 384 and 385 bytes, then (but in the bodies under 1.5 KiB) records
 * that outgrow that room, in a tiny body (the parse's stack region), in
 * small ones (a region from the allocator) whose quarter is under 384
 * bytes and over, and in a large one (no region: the first room an
 * allocation, at an eighth of the input), each read back as written, on
 * its line and in its group. */
static void first_record_room(void) {
    enum { PADS = 4, LONGEST = 400, RECORDS = 12 };
    static const size_t pads[PADS] = {0, 800, 2000, 20000};
    static char body[20000 + RECORDS * 2 * (LONGEST + 16) + 64];
    static char values[RECORDS][LONGEST];
    for (int p = 0; p < 3; p++) {
        for (size_t pad = 0; pad < PADS; pad++) {
            for (size_t room = 383; room <= 385; room++) {
                size_t n = (size_t)sprintf(body, "User-agent: a\n");
                while (n + 20 < pads[pad])
                    n += (size_t)sprintf(body + n, "# padding line\n");
                size_t lines = 1 + (n - 14) / 15; /* the padding's */
                /* (a tiny body holds the two first records alone; in
                 * one of about 1.5 KiB they are all its records) */
                size_t records = pad < 2 ? 2 : RECORDS;
                size_t vlen[RECORDS];
                for (size_t r = 0; r < records; r++) {
                    /* the first of each list of the room, the others of
                     * lengths that outgrow it */
                    vlen[r] =
                        r < 2 ? room - 27 - (r == 0 ? 7 : 3) : 40 + 29 * r;
                    for (size_t i = 0; i < vlen[r]; i++)
                        values[r][i] = (char)('a' + (i * 3 + r) % 26);
                    n += (size_t)sprintf(
                        body + n, "%s: ", r % 2 == 0 ? "Sitemap" : "ext");
                    memcpy(body + n, values[r], vlen[r]);
                    n += vlen[r];
                    body[n++] = '\n';
                }
                robots_txt *doc = parse_n((robots_profile)p, body, n);
                EXPECT((n <= 768) == (pad == 0));
                EXPECT((n > 16384) == (pad == 3));
                EXPECT((n / 4 < 384) == (pad < 2));
                EXPECT_EQ(robots_sitemap_count(doc), records / 2);
                EXPECT_EQ(robots_extension_count(doc), records / 2);
                size_t wrong = 0;
                for (size_t r = 0; r < records; r++) {
                    robots_record_info rec;
                    robots_status got =
                        r % 2 == 0 ? robots_sitemap(doc, r / 2, &rec)
                                   : robots_extension(doc, r / 2, &rec);
                    if (got != ROBOTS_OK || rec.line != lines + 1 + r ||
                        rec.group != 0 || rec.value_len != vlen[r] ||
                        memcmp(rec.value, values[r], vlen[r]) != 0 ||
                        rec.value[vlen[r]] != '\0' ||
                        rec.key_len != (r % 2 == 0 ? 7 : 3))
                        wrong++;
                }
                EXPECT_MSG(wrong == 0, "%s, pad %zu, room %zu: %zu wrong",
                           robots_profile_name((robots_profile)p), pads[pad],
                           room, wrong);
                robots_free(doc);
            }
        }
    }
}

/* A body's first room for its groups and agents is one of each for every
 * 512 bytes, or every 128 in the parse's region (parse.c,
 * reserve_arrays()): bodies of short groups (two user-agents and a rule
 * each: more than either) of 768 and 769 bytes (the stack's region or
 * the allocator's) and of 16 KiB and a byte more (a region or none), each
 * group and agent read back on its line, with its rule. */
static void groups_past_first_room(void) {
    static const size_t sizes[] = {700, 768, 769, 16384, 16385};
    static char body[16385 + 64];
    for (int p = 0; p < 3; p++) {
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            size_t n = 0, groups = 0;
            while (n + 64 < sizes[k]) {
                n += (size_t)sprintf(body + n,
                                     "User-agent: a%zu\nUser-agent: "
                                     "b%zu\nDisallow: /%zu\n",
                                     groups, groups, groups);
                groups++;
            }
            while (n + 1 < sizes[k]) /* a comment to the size */
                body[n++] = '#';
            body[n++] = '\n';
            EXPECT_EQ(n, sizes[k]);
            robots_txt *doc = parse_n((robots_profile)p, body, n);
            EXPECT_EQ(robots_group_count(doc), groups);
            size_t wrong = 0;
            for (size_t g = 0; g < groups; g++) {
                robots_group_info info;
                robots_agent_info agent;
                char name[32];
                int len = sprintf(name, "b%zu", g);
                robots_rule_info r = rule(doc, g, 0);
                if (robots_group(doc, g, &info) != ROBOTS_OK ||
                    info.line != 3 * g + 1 || info.agent_count != 2 ||
                    info.rule_count != 1 ||
                    robots_group_agent(doc, g, 1, &agent) != ROBOTS_OK ||
                    agent.line != 3 * g + 2 || agent.value_len != (size_t)len ||
                    memcmp(agent.value, name, (size_t)len) != 0 ||
                    r.line != 3 * g + 3)
                    wrong++;
            }
            EXPECT_MSG(wrong == 0, "%s, %zu bytes: %zu groups wrong",
                       robots_profile_name((robots_profile)p), sizes[k], wrong);
            robots_free(doc);
        }
    }
}

/* A group's crawl-delay is the first of its lines that parses
 * (docs/semantics.md); one after a legacy blank line is in no group. */
static void crawl_delay_lines(void) {
    const char body[] = "User-agent: a\nCrawl-delay: soon\nDisallow: /x\n"
                        "CRAWL-DELAY: 4\ncrawl-delay: 5\n"
                        "User-agent: b\nDisallow: /y\n\nCrawl-delay: 3\n";
    for (int p = 0; p < 3; p++) {
        robots_txt *doc = parse((robots_profile)p, body);
        robots_group_info g;
        EXPECT_EQ(robots_group(doc, 0, &g), ROBOTS_OK);
        EXPECT_EQ(g.has_crawl_delay, 1);
        EXPECT(g.crawl_delay == 4.0);
        EXPECT_EQ(g.crawl_delay_line, 4);
        EXPECT_EQ(robots_group(doc, 1, &g), ROBOTS_OK);
        EXPECT_EQ(g.has_crawl_delay, p != ROBOTS_PROFILE_LEGACY);
        EXPECT_EQ(g.crawl_delay_line, p != ROBOTS_PROFILE_LEGACY ? 9 : 0);
        robots_free(doc);
    }
}

static void rules(void) {
    /* semantics.md: an empty Disallow is no rule (rfc9309, google); legacy
     * keeps it (it restricts nothing) and an empty Allow matches all. */
    const char body[] = "User-agent: *\nDisallow:\nAllow:\nDisallow: x\n"
                        "Allow: /\xC3\xA9\n";
    robots_txt *doc = parse(ROBOTS_PROFILE_RFC9309, body);
    robots_group_info g;
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 2);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_PATTERN_NEVER_MATCHES), 1);
    robots_rule_info r = rule(doc, 0, 1);
    char normal[32];
    size_t normal_len = 0;
    EXPECT_EQ(robots_group_rule_normalized(doc, 0, 1, normal, sizeof normal,
                                           &normal_len),
              ROBOTS_OK);
    EXPECT_STRN(normal, normal_len, "/%C3%A9");
    EXPECT_EQ(r.kind, ROBOTS_RULE_ALLOW);
    robots_free(doc);
    doc = parse(ROBOTS_PROFILE_LEGACY, body);
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 4);
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_EMPTY_ALLOW_MATCHES_ALL), 1);
    robots_free(doc);
    /* A rule before any user-agent line is ignored and reported. */
    doc = parse(ROBOTS_PROFILE_RFC9309, "Disallow: /\nUser-agent: a\n");
    EXPECT_EQ(count_diag(doc, ROBOTS_DIAG_RULE_OUTSIDE_GROUP), 1);
    robots_group(doc, 0, &g);
    EXPECT_EQ(g.rule_count, 0);
    robots_free(doc);
}

/* The normal form a rule is matched by, written on demand: the document
 * keeps the pattern as written only (robots.h). */
static void normal_forms(void) {
    const char body[] = "User-agent: *\nAllow: /\xC3\xA9\n"
                        "Disallow: /a%7eb%2f\nDisallow: /plain\n";
    static const struct {
        robots_profile profile;
        const char *normal[3];
    } want[] = {
        /* normalize.c: rfc9309 decodes an unreserved %7e, keeps %2F */
        {ROBOTS_PROFILE_RFC9309, {"/%C3%A9", "/a~b%2F", "/plain"}},
        /* google: encodes bytes >= 0x80, only uppercases %xx */
        {ROBOTS_PROFILE_GOOGLE, {"/%C3%A9", "/a%7Eb%2F", "/plain"}},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        robots_txt *doc = parse(want[k].profile, body);
        for (size_t i = 0; i < 3; i++) {
            robots_rule_info r = rule(doc, 0, i);
            char out[32];
            size_t len = 0;
            EXPECT_EQ(
                robots_group_rule_normalized(doc, 0, i, out, sizeof out, &len),
                ROBOTS_OK);
            EXPECT_STRN(out, len, want[k].normal[i]);
            EXPECT_EQ(r.normalized_len, len);
        }
        /* The buffer contract of robots_common.h: room for the text and
         * its NUL, else the needed length and nothing written. */
        char out[9];
        memset(out, 'x', sizeof out);
        size_t len = 0;
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, out, 7, &len),
                  ROBOTS_ERR_BUFFER_TOO_SMALL);
        EXPECT_EQ(len, 7);
        EXPECT(memcmp(out, "xxxxxxxxx", 9) == 0);
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, NULL, 0, &len),
                  ROBOTS_ERR_BUFFER_TOO_SMALL);
        EXPECT_EQ(len, 7);
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, out, 8, &len),
                  ROBOTS_OK);
        EXPECT_STRN(out, len, "/%C3%A9");
        EXPECT_EQ(out[7], '\0');
        EXPECT_EQ(out[8], 'x');
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 3, out, 8, &len),
                  ROBOTS_ERR_OUT_OF_RANGE);
        EXPECT_EQ(robots_group_rule_normalized(doc, 1, 0, out, 8, &len),
                  ROBOTS_ERR_OUT_OF_RANGE);
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, out, 8, NULL),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, NULL, 8, &len),
                  ROBOTS_ERR_INVALID_ARGUMENT);
        robots_free(doc);
    }
    size_t len = 0;
    char out[8];
    EXPECT_EQ(robots_group_rule_normalized(NULL, 0, 0, out, 8, &len),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

/* Long patterns' normal forms (normalize.c): a pattern of 16 bytes or
 * more has its first run of kept bytes copied sixteen at a time, so the
 * first byte to escape falls before, at and after each step's end, and
 * the form is written to a buffer that holds it exactly, the byte after
 * its NUL untouched. */
static void long_normal_forms(void) {
    static const struct {
        const char *pattern, *rfc9309, *google;
    } want[] = {
        {"/aaaaaaaaaaaaaa\xC3\xA9z", "/aaaaaaaaaaaaaa%C3%A9z",
         "/aaaaaaaaaaaaaa%C3%A9z"},
        {"/aaaaaaaaaaaaaaa\xC3\xA9z", "/aaaaaaaaaaaaaaa%C3%A9z",
         "/aaaaaaaaaaaaaaa%C3%A9z"},
        {"/aaaaaaaaaaaaaaaa\xC3\xA9z", "/aaaaaaaaaaaaaaaa%C3%A9z",
         "/aaaaaaaaaaaaaaaa%C3%A9z"},
        {"/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%7ebbbbbbbbbbbbbbbbbb",
         "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa~bbbbbbbbbbbbbbbbbb",
         "/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa%7Ebbbbbbbbbbbbbbbbbb"},
        {"/aaaaaaaaaaaaaaaa$bbb", "/aaaaaaaaaaaaaaaa%24bbb",
         "/aaaaaaaaaaaaaaaa$bbb"},
        {"/abcdefghijklmno", "/abcdefghijklmno", "/abcdefghijklmno"},
        {"/abcdefghijklmnopqrstuvwxyz0123456/",
         "/abcdefghijklmnopqrstuvwxyz0123456/",
         "/abcdefghijklmnopqrstuvwxyz0123456/"},
        {"/%2fabcdefghijklmnopq\xC3\xA9", "/%2Fabcdefghijklmnopq%C3%A9",
         "/%2Fabcdefghijklmnopq%C3%A9"},
        /* rfc9309's form shorter than the first step: nothing past it */
        {"/a%7e%7e%7e%7e%7e%7e", "/a~~~~~~", "/a%7E%7E%7E%7E%7E%7E"},
    };
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        char body[128];
        int n = snprintf(body, sizeof body, "User-agent: *\nDisallow: %s\n",
                         want[k].pattern);
        EXPECT(n > 0 && (size_t)n < sizeof body);
        for (int google = 0; google <= 1; google++) {
            const char *normal = google ? want[k].google : want[k].rfc9309;
            size_t normal_len = strlen(normal);
            robots_txt *doc = parse(
                google ? ROBOTS_PROFILE_GOOGLE : ROBOTS_PROFILE_RFC9309, body);
            char out[80];
            memset(out, 'x', sizeof out);
            size_t len = 0;
            EXPECT_EQ(robots_group_rule_normalized(doc, 0, 0, out,
                                                   normal_len + 1, &len),
                      ROBOTS_OK);
            EXPECT_STRN(out, len, normal);
            EXPECT_EQ(out[normal_len], '\0');
            EXPECT_EQ(out[normal_len + 1], 'x');
            EXPECT_EQ(rule(doc, 0, 0).normalized_len, normal_len);
            robots_free(doc);
        }
    }
}

static void names_and_arguments(void) {
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse("x", 1, NULL, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_parse(NULL, 1, NULL, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    robots_options options;
    robots_options_init(&options);
    options.profile = (robots_profile)3;
    EXPECT_EQ(robots_parse("x", 1, &options, &doc),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_parse("x", ROBOTS_MAX_INPUT_BYTES + 1, NULL, &doc),
              ROBOTS_ERR_TOO_LARGE);
    EXPECT_EQ(robots_group(NULL, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group_count(NULL), 0);
    robots_free(NULL);
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++)
        EXPECT(robots_diag_kind_name((robots_diag_kind)k) != NULL);
    EXPECT(robots_diag_kind_name((robots_diag_kind)99) == NULL);
    for (int s = 0; s <= ROBOTS_STATUS_LAST; s++) {
        EXPECT(strncmp(robots_status_name((robots_status)s), "ROBOTS_", 7) ==
               0);
        EXPECT(strlen(robots_status_message((robots_status)s)) > 5);
    }
    EXPECT(robots_status_name((robots_status)999) == NULL);
    robots_profile p;
    EXPECT_EQ(robots_profile_from_name("GOOGLE", 6, &p), ROBOTS_OK);
    EXPECT_EQ(p, ROBOTS_PROFILE_GOOGLE);
    EXPECT_EQ(robots_profile_from_name("goog", 4, &p),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(strcmp(robots_severity_name(ROBOTS_SEVERITY_ERROR), "error") == 0);
    EXPECT(robots_severity_name((robots_severity)5) == NULL);
}

/* The key's byte span a key's diagnostic carries (robots.h,
 * robots_diagnostic_info.key_offset and key_len): the key as the parse read
 * it, before the ':' and without its blanks, counted from the body's
 * start (a BOM's bytes included); the first word of a line without ':';
 * none for a diagnostic about anything else. */
static void expect_key(const char *body, robots_profile profile,
                       robots_diag_kind kind, const char *key) {
    robots_txt *doc = parse(profile, body);
    robots_diagnostic_info d = first_diag(doc, kind);
    EXPECT_MSG(d.kind == kind && d.key_len == strlen(key) &&
                   d.key_offset + d.key_len <= strlen(body) &&
                   memcmp(body + d.key_offset, key, d.key_len) == 0,
               "%s: key at %zu, %zu bytes", body, d.key_offset, d.key_len);
    robots_free(doc);
}

static void key_spans(void) {
    const robots_profile rfc = ROBOTS_PROFILE_RFC9309;
    const robots_profile google = ROBOTS_PROFILE_GOOGLE;
    expect_key("User-agent: *\n  Disalow \t: /x\n", rfc, ROBOTS_DIAG_TYPO_KEY,
               "Disalow");
    expect_key("User-agent: *\ndissallow: /x\n", google, ROBOTS_DIAG_TYPO_KEY,
               "dissallow");
    expect_key("User-agent: *\nDisallowed: /x\n", google,
               ROBOTS_DIAG_KEY_BY_PREFIX, "Disallowed");
    expect_key("\xEF\xBB\xBFUser-agnet: *\nDisallow: /\n", rfc,
               ROBOTS_DIAG_TYPO_KEY, "User-agnet");
    expect_key("User-agent: *\r\n Disallow /x\r\n", rfc,
               ROBOTS_DIAG_MISSING_COLON, "Disallow");
    expect_key("User-agent: *\nDisalow\t/x\n", rfc, ROBOTS_DIAG_MISSING_COLON,
               "Disalow");
    expect_key("User-agent: *\nsome text\n", rfc, ROBOTS_DIAG_MISSING_COLON,
               "some");
    expect_key("User-agent: *\ndisallow /x\n", google,
               ROBOTS_DIAG_NO_SEPARATOR_PAIR, "disallow");
    expect_key("User-agent: *\nCrawl-delay : 5\n", rfc, ROBOTS_DIAG_EXTENSION,
               "Crawl-delay");
    expect_key("User-agent: *\nFoo-bar: 5\n", rfc, ROBOTS_DIAG_UNKNOWN_KEY,
               "Foo-bar");

    /* Not about a key: no span. */
    robots_txt *doc = parse(rfc, "User-agent: *\nDisallow: x\n");
    robots_diagnostic_info d =
        first_diag(doc, ROBOTS_DIAG_PATTERN_NEVER_MATCHES);
    EXPECT(d.kind == ROBOTS_DIAG_PATTERN_NEVER_MATCHES && d.key_len == 0 &&
           d.key_offset == 0);
    robots_free(doc);

    /* Past ROBOTS_MAX_DIAGNOSTICS the note that says so has no span. */
    size_t lines = ROBOTS_MAX_DIAGNOSTICS + 10, len = 0;
    char *many = malloc(lines * 8 + 1);
    for (size_t i = 0; i < lines; i++, len += 8)
        memcpy(many + len, "Foo: 1\n\n", 8);
    doc = parse_n(rfc, many, len);
    EXPECT_EQ(robots_diagnostic_count(doc), ROBOTS_MAX_DIAGNOSTICS + 1);
    EXPECT_EQ(robots_diagnostic(doc, ROBOTS_MAX_DIAGNOSTICS - 1, &d),
              ROBOTS_OK);
    EXPECT(d.kind == ROBOTS_DIAG_UNKNOWN_KEY && d.key_len == 3 &&
           d.key_offset == (ROBOTS_MAX_DIAGNOSTICS - 1) * 8);
    EXPECT_EQ(robots_diagnostic(doc, ROBOTS_MAX_DIAGNOSTICS, &d), ROBOTS_OK);
    EXPECT(d.kind == ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS && d.key_len == 0 &&
           d.key_offset == 0);
    robots_free(doc);
    free(many);
}

/* The usual rule line, "Disallow: /x" at the start of a line, is read in
 * one pass over its value (parse_rule_run.h, rule_lines()) that stops at any
 * byte the profile's normal form does not keep and sends the line the
 * general way: a line with every byte in its pattern, and with its end
 * anchor, must give the rule the same line indented gives (the indent
 * sends it the general way), in every profile. Every rule is group 0's. */
static void expect_same_rules(const robots_txt *a, const robots_txt *b,
                              unsigned byte) {
    EXPECT_EQ(robots_rule_count(a), robots_rule_count(b));
    EXPECT_EQ(robots_diagnostic_count(a), robots_diagnostic_count(b));
    for (size_t i = 0; i < robots_rule_count(a) && i < robots_rule_count(b);
         i++) {
        robots_rule_info x, y;
        EXPECT_EQ(robots_rule(a, i, &x), ROBOTS_OK);
        EXPECT_EQ(robots_rule(b, i, &y), ROBOTS_OK);
        char nx[128], ny[128];
        size_t lx = 0, ly = 0;
        EXPECT_EQ(
            robots_group_rule_normalized(a, x.group, i, nx, sizeof nx, &lx),
            ROBOTS_OK);
        EXPECT_EQ(
            robots_group_rule_normalized(b, y.group, i, ny, sizeof ny, &ly),
            ROBOTS_OK);
        EXPECT_MSG(x.line == y.line && x.kind == y.kind &&
                       x.pattern_len == y.pattern_len &&
                       memcmp(x.pattern, y.pattern, x.pattern_len) == 0 &&
                       x.normalized_len == y.normalized_len &&
                       x.flags == y.flags && lx == ly &&
                       memcmp(nx, ny, lx) == 0,
                   "byte 0x%02X: rule %zu differs", byte, i);
    }
}

static void usual_lines_every_byte(void) {
    static const robots_profile profiles[] = {
        ROBOTS_PROFILE_RFC9309, ROBOTS_PROFILE_GOOGLE, ROBOTS_PROFILE_LEGACY};
    static const char *const ends[] = {"bcdefghijklmnopq", "bcdefghij$"};
    /* each line break the run steps over itself */
    static const char *const breaks[] = {"\n", "\r\n", "\r"};
    for (size_t k = 0; k < 3; k++)
        for (unsigned c = 0; c < 256; c++)
            for (size_t e = 0; e < 2; e++)
                for (size_t b = 0; b < 3; b++) {
                    if (c == '\n' || c == '\r')
                        continue;
                    const char *br = breaks[b];
                    size_t first = 13 + strlen(br); /* "User-agent: *" */
                    char fast[112], indented[112];
                    int n = snprintf(
                        fast, sizeof fast,
                        "User-agent: *%sDisallow: /a%c%s%sAllow: /z%s%s"
                        "Disallow: /last/line/of/it%s",
                        br, (char)(c ? c : 'x'), ends[e], br, ends[1 - e], br,
                        br);
                    EXPECT(n > 0 && (size_t)n < sizeof fast);
                    fast[first + 12] = (char)c; /* the byte, NUL too */
                    memcpy(indented, fast, (size_t)n);
                    /* " Disallow": the general way, one byte later */
                    memmove(indented + first + 1, indented + first,
                            (size_t)n - first);
                    indented[first] = ' ';
                    robots_txt *a = parse_n(profiles[k], fast, (size_t)n);
                    robots_txt *b2 =
                        parse_n(profiles[k], indented, (size_t)n + 1);
                    if (a != NULL && b2 != NULL)
                        expect_same_rules(a, b2, c);
                    robots_free(a);
                    robots_free(b2);
                }
}

/* A user-agent value's product token is measured sixteen bytes a step
 * while the body has them (parse_records.c, value_token_len()), the class
 * table a byte for the rest: with every byte at places in the first step,
 * across a step's end and in the table's tail (the value at the body's
 * end), the line is said to be reduced exactly when its token, as
 * robots_group_agent() reads it by the table, is not all of it, and the
 * note names that token. */
static void agent_tokens_every_byte(void) {
    static const robots_profile profiles[] = {ROBOTS_PROFILE_RFC9309,
                                              ROBOTS_PROFILE_GOOGLE};
    static const size_t places[] = {0, 1, 7, 14, 15, 16, 17, 31, 33};
    const char *letters = "abcdefghijklmnopqrstuvwxyzABCDEFGH-_"; /* 36 */
    for (size_t k = 0; k < 2; k++)
        for (unsigned c = 1; c < 256; c++)
            for (size_t at = 0; at < sizeof places / sizeof places[0]; at++)
                for (int tail = 0; tail < 2; tail++) {
                    size_t vlen = tail ? 12 : 36;
                    if (c == '\n' || c == '\r' || places[at] >= vlen)
                        continue;
                    char body[80];
                    memcpy(body, "User-agent: ", 12);
                    memcpy(body + 12, letters, vlen);
                    body[12 + places[at]] = (char)c;
                    size_t n = 12 + vlen;
                    if (!tail) {
                        memcpy(body + n, "\nDisallow: /\n", 13);
                        n += 13;
                    }
                    robots_txt *doc = parse_n(profiles[k], body, n);
                    robots_agent_info info;
                    EXPECT(doc != NULL &&
                           robots_group_agent(doc, 0, 0, &info) == ROBOTS_OK);
                    if (doc == NULL)
                        continue;
                    /* (an empty value, a '#' first, is said too) */
                    int reduced =
                        info.value_len == 0 ||
                        (!info.is_wildcard && info.token_len != info.value_len);
                    size_t said = count_diag(doc, ROBOTS_DIAG_AGENT_REDUCED) +
                                  count_diag(doc, ROBOTS_DIAG_EMPTY_USER_AGENT);
                    EXPECT_MSG(said == (size_t)reduced,
                               "byte 0x%02X at %zu: %zu said", c, places[at],
                               said);
                    if (reduced && info.token_len > 0) {
                        char needle[64];
                        snprintf(needle, sizeof needle, "token '%.*s'",
                                 (int)info.token_len, info.token);
                        robots_diagnostic_info d =
                            first_diag(doc, ROBOTS_DIAG_AGENT_REDUCED);
                        EXPECT_MSG(d.message != NULL &&
                                       strstr(d.message, needle) != NULL,
                                   "byte 0x%02X at %zu: no %s", c, places[at],
                                   needle);
                    }
                    robots_free(doc);
                }
}

/* A rule before any user-agent line, one after the other (legacy's, after
 * the blank line that ends a record): each its own diagnostic, kept with
 * the one before's text where it is that report of a rule of its kind
 * (parse_records.c, outside_group_again()), else written: its line, no
 * column or key, the error's severity, the message of its own kind
 * (allow and disallow in turn, another report between), each counted, up
 * to the cap and past it. */
static void rules_outside_groups(void) {
    static const char *const msg[] = {
        "disallow rule before any user-agent line is ignored",
        "allow rule before any user-agent line is ignored"};
    const char body[] = "User-agent: a\nDisallow: /x\n\n"
                        "Disallow: /1\nDisallow: /2\nAllow: /3\nAllow: /4\n"
                        "Disallow: /5\nno colon\nDisallow: /6\n"
                        "Content-Usage: train-ai=n\nDisallow: /7\n";
    /* line, allow: every rule after the blank line */
    static const struct {
        size_t line;
        int allow;
    } want[] = {{4, 0}, {5, 0}, {6, 1}, {7, 1}, {8, 0}, {10, 0}, {12, 0}};
    for (size_t skip = 0; skip < 2; skip++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = ROBOTS_PROFILE_LEGACY;
        options.skip_diagnostics = skip;
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, strlen(body), &options, &doc), ROBOTS_OK);
        size_t k = 0;
        for (size_t i = 0; i < robots_diagnostic_count(doc); i++) {
            robots_diagnostic_info d;
            robots_diagnostic(doc, i, &d);
            if (d.kind != ROBOTS_DIAG_RULE_OUTSIDE_GROUP ||
                d.severity != ROBOTS_SEVERITY_ERROR)
                continue;
            EXPECT(k < sizeof want / sizeof want[0]);
            if (k >= sizeof want / sizeof want[0])
                break;
            EXPECT_EQ(d.line, want[k].line);
            EXPECT_EQ(d.column, 0);
            EXPECT_EQ(d.key_len, 0);
            EXPECT(d.suggestion == NULL);
            EXPECT_STRN(d.message, d.message_len, msg[want[k].allow]);
            k++;
        }
        EXPECT_EQ(k, skip ? 0 : sizeof want / sizeof want[0]);
        /* every one counted, the content-usage line's warning too; none
         * with skip_diagnostics, whose totals are 0 (robots.h) */
        EXPECT_EQ(
            robots_diagnostic_kind_total(doc, ROBOTS_DIAG_RULE_OUTSIDE_GROUP),
            skip ? 0 : sizeof want / sizeof want[0] + 1);
        robots_free(doc);
    }
    /* Past the cap: each rule counted, the ones under it kept. */
    size_t lines = ROBOTS_MAX_DIAGNOSTICS + 10;
    char *many = malloc(lines * 12 + 1);
    if (many == NULL) {
        fprintf(stderr, "rules_outside_groups: out of memory\n");
        abort();
    }
    size_t len = 0;
    for (size_t i = 0; i < lines; i++) {
        const char *line = i % 3 == 2 ? "Allow: /ab\n" : "Disallow: /\n";
        memcpy(many + len, line, strlen(line));
        len += strlen(line);
    }
    robots_txt *doc = parse_n(ROBOTS_PROFILE_LEGACY, many, len);
    EXPECT_EQ(robots_diagnostic_count(doc), ROBOTS_MAX_DIAGNOSTICS + 1);
    EXPECT_EQ(robots_diagnostic_kind_total(doc, ROBOTS_DIAG_RULE_OUTSIDE_GROUP),
              lines);
    EXPECT_EQ(robots_diagnostic_total(doc), lines);
    for (size_t i = 0; i < ROBOTS_MAX_DIAGNOSTICS; i += 499) {
        robots_diagnostic_info d;
        EXPECT_EQ(robots_diagnostic(doc, i, &d), ROBOTS_OK);
        EXPECT_EQ(d.line, i + 1);
        EXPECT_STRN(d.message, d.message_len, msg[i % 3 == 2]);
    }
    robots_diagnostic_info d;
    EXPECT_EQ(robots_diagnostic(doc, ROBOTS_MAX_DIAGNOSTICS - 1, &d),
              ROBOTS_OK);
    EXPECT_EQ(d.line, ROBOTS_MAX_DIAGNOSTICS);
    EXPECT_EQ(d.kind, ROBOTS_DIAG_RULE_OUTSIDE_GROUP);
    EXPECT_EQ(robots_diagnostic(doc, ROBOTS_MAX_DIAGNOSTICS, &d), ROBOTS_OK);
    EXPECT_EQ(d.kind, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS);
    robots_free(doc);
    free(many);
}

int main(void) {
    line_endings();
    boms();
    comments_and_whitespace();
    nul_bytes();
    long_lines();
    parse_limit();
    parse_limit_cut();
    empty_and_junk();
    groups_example();
    agents();
    keys();
    records();
    many_records();
    record_lengths();
    first_record_room();
    groups_past_first_room();
    crawl_delay_lines();
    rules();
    rules_outside_groups();
    normal_forms();
    long_normal_forms();
    usual_lines_every_byte();
    agent_tokens_every_byte();
    names_and_arguments();
    key_spans();
    return testing_finish();
}
