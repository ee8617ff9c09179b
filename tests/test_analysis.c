/* SPDX-License-Identifier: MIT */
/*
 * test_analysis.c - robots_analyze(), on its own (issue 21). What it claims
 * is checked by experiment, as the issue asks of lint: every rule it says
 * changes no verdict is replaced by an empty "Disallow:" and the document
 * checked again, for every agent the file names, an unnamed one and
 * common crawlers, on paths made from the file's own patterns; no verdict
 * may change. The other expectations follow from docs/semantics.md
 * ("Groups and user-agents", "Rules and matching") and the kinds' own
 * descriptions in robots.h.
 */
#include "counting_alloc.h"
#include "robots.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static robots_txt *parse(const char *body, size_t len, robots_profile profile) {
    robots_options options = {0}; /* 0: the whole body is parsed */
    options.profile = profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    return doc;
}

typedef struct result {
    robots_txt *doc;
    robots_analysis *an;
} result;

static result analyze(const char *body, robots_profile profile) {
    result r;
    r.doc = parse(body, strlen(body), profile);
    r.an = NULL;
    EXPECT_EQ(robots_analyze(r.doc, body, strlen(body), &r.an), ROBOTS_OK);
    return r;
}

static void done(result *r) {
    robots_analysis_free(r->an);
    robots_free(r->doc);
}

/* The findings of one kind, and the first of them. */
static size_t count_of(const result *r, robots_diag_kind kind,
                       robots_diagnostic_info *first) {
    size_t n = 0;
    for (size_t i = 0; i < robots_analysis_count(r->an); i++) {
        robots_diagnostic_info d;
        EXPECT_EQ(robots_analysis_finding(r->an, i, &d), ROBOTS_OK);
        if (d.kind != kind)
            continue;
        if (n++ == 0 && first != NULL)
            *first = d;
    }
    return n;
}

static int has_text(const robots_diagnostic_info *d, const char *text) {
    size_t n = strlen(text);
    for (size_t i = 0; i + n <= d->message_len; i++)
        if (memcmp(d->message + i, text, n) == 0)
            return 1;
    return 0;
}

/* ---- the experiment ----------------------------------------------------- */

#define MAX_PATHS 256
#define MAX_AGENTS 64

typedef struct probe {
    char paths[MAX_PATHS][96];
    size_t path_count;
    const char *agents[MAX_AGENTS];
    size_t agent_count;
    char agent_text[MAX_AGENTS][64];
} probe;

static void add_path(probe *p, const char *pattern, size_t len, char star,
                     const char *suffix) {
    if (p->path_count == MAX_PATHS || len + 8 > sizeof p->paths[0])
        return;
    char *out = p->paths[p->path_count++];
    size_t n = 0;
    if (len == 0 || pattern[0] != '/')
        out[n++] = '/';
    if (len > 0 && pattern[len - 1] == '$')
        len--;
    for (size_t i = 0; i < len; i++)
        if (pattern[i] != '*')
            out[n++] = pattern[i];
        else if (star != 0)
            out[n++] = star;
    strcpy(out + n, suffix);
}

/* Paths from the document's own patterns, and the agents it names. */
static void make_probe(const robots_txt *doc, probe *p) {
    memset(p, 0, sizeof *p);
    add_path(p, "/", 1, 0, "");
    for (size_t i = 0; i < robots_rule_count(doc); i++) {
        robots_rule_info r;
        EXPECT_EQ(robots_rule(doc, i, &r), ROBOTS_OK);
        add_path(p, r.pattern, r.pattern_len, 0, "");
        add_path(p, r.pattern, r.pattern_len, 'x', "");
        add_path(p, r.pattern, r.pattern_len, 0, "x");
        add_path(p, r.pattern, r.pattern_len, 0, "/");
        add_path(p, r.pattern, r.pattern_len, '/', ".html");
    }
    static const char *const common[] = {"Googlebot", "Bingbot", "unnamed", "*",
                                         ""};
    for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
        p->agents[p->agent_count++] = common[i];
    for (size_t g = 0; g < robots_group_count(doc); g++) {
        robots_group_info info;
        EXPECT_EQ(robots_group(doc, g, &info), ROBOTS_OK);
        for (size_t a = 0; a < info.agent_count; a++) {
            robots_agent_info agent;
            EXPECT_EQ(robots_group_agent(doc, g, a, &agent), ROBOTS_OK);
            if (p->agent_count == MAX_AGENTS || agent.value_len >= 64)
                continue;
            char *text = p->agent_text[p->agent_count];
            memcpy(text, agent.value, agent.value_len);
            text[agent.value_len] = '\0';
            p->agents[p->agent_count++] = text;
        }
    }
}

/* The body with line `line` (1-based) replaced by "Disallow:". */
static char *without_line(const char *body, size_t line) {
    size_t len = strlen(body);
    char *out = malloc(len + 16);
    size_t n = 0, at = 1;
    for (size_t i = 0; i < len;) {
        size_t end = i;
        while (end < len && body[end] != '\n')
            end++;
        if (at == line) {
            memcpy(out + n, "Disallow:", 9);
            n += 9;
        } else {
            memcpy(out + n, body + i, end - i);
            n += end - i;
        }
        if (end < len)
            out[n++] = '\n';
        i = end + 1;
        at++;
    }
    out[n] = '\0';
    return out;
}

/* Every rule the analysis says changes no verdict changes none. Returns
 * how many claims were tested. */
static size_t claims_hold(const char *body, robots_profile profile) {
    result r = analyze(body, profile);
    probe p;
    make_probe(r.doc, &p);
    size_t claims = 0;
    for (size_t i = 0; i < robots_analysis_count(r.an); i++) {
        robots_diagnostic_info d;
        EXPECT_EQ(robots_analysis_finding(r.an, i, &d), ROBOTS_OK);
        if (d.kind != ROBOTS_DIAG_SHADOWED_RULE &&
            d.kind != ROBOTS_DIAG_DUPLICATE_RULE &&
            d.kind != ROBOTS_DIAG_ENCODED_DUPLICATE)
            continue;
        claims++;
        EXPECT(d.related_line != 0 && d.related_line != d.line);
        char *edited = without_line(body, d.line);
        robots_txt *after = parse(edited, strlen(edited), profile);
        for (size_t a = 0; a < p.agent_count; a++)
            for (size_t k = 0; k < p.path_count; k++) {
                robots_verdict was, now;
                const char *agent = p.agents[a], *path = p.paths[k];
                EXPECT_EQ(robots_check_agent(r.doc, agent, strlen(agent), path,
                                             strlen(path), &was),
                          ROBOTS_OK);
                EXPECT_EQ(robots_check_agent(after, agent, strlen(agent), path,
                                             strlen(path), &now),
                          ROBOTS_OK);
                EXPECT_MSG(was.allowed == now.allowed,
                           "%s: line %zu claimed, yet '%s' %s changes",
                           robots_profile_name(profile), d.line, agent, path);
            }
        robots_free(after);
        free(edited);
    }
    done(&r);
    return claims;
}

/* Documents whose claims are tested in every profile; the count is of
 * claims made in rfc9309, so that a change that stops making them shows. */
static void claims_are_true(void) {
    static const struct {
        const char *body;
        size_t rfc_claims;
    } docs[] = {
        /* issue 21: SemrushBot's line joined the second '*' group, whose
         * rules repeat the first '*' group's: for SemrushBot they are its
         * only rules, so none may be claimed. */
        {"User-agent: *\nDisallow: /\nAllow: /robots.txt\n\n"
         "User-agent: *\nCrawl-delay: 45\n\n"
         "User-agent: SemrushBot\nDisallow: /\nAllow: /robots.txt\n",
         0},
        /* A group of two agents: its rule is claimed only when, for each
         * agent, the groups merged for it hold a rule that wins. */
        {"User-agent: a\nUser-agent: b\nDisallow: /x\n\n"
         "User-agent: a\nDisallow: /x*\n\nUser-agent: b\nDisallow: /x*\n",
         1},
        {"User-agent: a\nUser-agent: b\nDisallow: /x\n\n"
         "User-agent: a\nDisallow: /x*\n",
         0},
        /* Within one group. */
        {"User-agent: *\nAllow: /shop\nDisallow: /shop\nDisallow: /private\n"
         "Allow: /private*\nDisallow: /a\nDisallow: /a\n"
         "Disallow: /w/L\xC3\xB6sch/\nDisallow: /w/L%C3%B6sch/\n"
         "Disallow: /*.gif$\nDisallow: /*.gif$\nDisallow: /p$\n"
         "Allow: /q\nAllow: /q*\n",
         6},
        /* Merged groups for one agent, and the '*' groups. */
        {"User-agent: a\nDisallow: /x\n\nUser-agent: b\nAllow: /y\n\n"
         "User-agent: A\nAllow: /x\n\nUser-agent: *\nDisallow: /z\n\n"
         "User-agent: *\nDisallow: /z/\nDisallow: /z\n",
         2},
        /* Product tokens: "a/1" and "a" are one agent in rfc9309 and
         * google. */
        {"User-agent: a/1\nDisallow: /k\n\nUser-agent: a\nDisallow: /k\n", 1},
        /* legacy's first match, an empty Allow and an empty Disallow. */
        {"User-agent: *\nDisallow: /a\nAllow: /a/b\nAllow:\nDisallow: /c\n"
         "Disallow:\n",
         0},
        /* google's index.htm companion decides "/d/": not claimed there. */
        {"User-agent: *\nAllow: /d/index.html\nAllow: /d/index.html*\n"
         "Disallow: /d/\n",
         1},
        /* Patterns that never match claim nothing and shadow nothing. */
        {"User-agent: *\nDisallow: x\nDisallow: x\nDisallow: %2Fa\n", 0},
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++)
        for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
            size_t n = claims_hold(docs[i].body, (robots_profile)p);
            if (p == ROBOTS_PROFILE_RFC9309)
                EXPECT_MSG(n == docs[i].rfc_claims, "document %zu: %zu claims",
                           i, n);
        }
}

/* ---- each kind ---------------------------------------------------------- */

static void merged_agent_is_warned(void) {
    /* The smallest form (issue 21): BadBot's line joins the '*' group, so
     * its Disallow blocks every crawler. */
    const char *body = "User-agent: *\nCrawl-delay: 10\n\n"
                       "User-agent: BadBot\nDisallow: /\n";
    for (int p = ROBOTS_PROFILE_RFC9309; p <= ROBOTS_PROFILE_GOOGLE; p++) {
        result r = analyze(body, (robots_profile)p);
        robots_diagnostic_info d;
        EXPECT_EQ(count_of(&r, ROBOTS_DIAG_AGENT_JOINS_GROUP, &d), 1);
        EXPECT(d.line == 4 && d.related_line == 1 && d.column == 13);
        EXPECT_EQ(d.severity, ROBOTS_SEVERITY_WARNING);
        EXPECT(has_text(&d, "'BadBot'") && has_text(&d, "'Crawl-delay'"));
        robots_verdict v;
        EXPECT_EQ(robots_check_agent(r.doc, "Googlebot", 9, "/", 1, &v),
                  ROBOTS_OK);
        EXPECT(!v.allowed);
        done(&r);
    }
    /* legacy: the blank line ends the record, BadBot has its own. */
    result r = analyze(body, ROBOTS_PROFILE_LEGACY);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_AGENT_JOINS_GROUP, NULL), 0);
    done(&r);
    /* ... but not a Sitemap, nor a Host, in any profile. */
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        r = analyze("User-agent: a\nSitemap: https://example.com/s.xml\n"
                    "Host: example.com\nUser-agent: b\nDisallow: /\n",
                    (robots_profile)p);
        robots_diagnostic_info d;
        EXPECT_EQ(count_of(&r, ROBOTS_DIAG_AGENT_JOINS_GROUP, &d), 1);
        EXPECT(d.line == 4 && has_text(&d, "line 2: 'Sitemap'"));
        done(&r);
    }
    /* Comments and blank lines between user-agent lines are no records:
     * one group on purpose. */
    r = analyze("User-agent: a\n# and\n\nUser-agent: b\nDisallow: /\n",
                ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(robots_analysis_count(r.an), 0);
    done(&r);
}

static void rule_findings_are_worded(void) {
    result r = analyze("User-agent: *\nDisallow: /a\nDisallow: /a\n"
                       "Disallow: /w/L\xC3\xB6sch/\nDisallow: /w/L%c3%b6sch/\n"
                       "Allow: /s\nDisallow: /s\nDisallow: /p\nAllow: /p*\n"
                       "Disallow: /tx\nDisallow: /t*\n",
                       ROBOTS_PROFILE_RFC9309);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_DUPLICATE_RULE, &d), 1);
    EXPECT(d.line == 3 && d.related_line == 2 && d.column == 11);
    EXPECT(has_text(&d, "repeats the rule at line 2"));
    /* The same rule once percent-encoded: a note, said that way. */
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_ENCODED_DUPLICATE, &d), 1);
    EXPECT(d.line == 5 && d.related_line == 4);
    EXPECT_EQ(d.severity, ROBOTS_SEVERITY_NOTE);
    EXPECT(has_text(&d, "once percent-encoded"));
    EXPECT(has_text(&d, "'/w/L\xC3\xB6sch/'")); /* UTF-8 kept as it is */
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_SHADOWED_RULE, NULL), 3);
    for (size_t i = 0; i < robots_analysis_count(r.an); i++) {
        robots_analysis_finding(r.an, i, &d);
        if (d.line == 7)
            EXPECT(has_text(&d, "Allow wins ties"));
        if (d.line == 8)
            EXPECT(has_text(&d, "longer pattern"));
        if (d.line == 10)
            EXPECT(has_text(&d, "changes no verdict"));
    }
    done(&r);
    r = analyze("User-agent: *\nDisallow: /a\nAllow: /a/b\n",
                ROBOTS_PROFILE_LEGACY);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_SHADOWED_RULE, &d), 1);
    EXPECT(d.line == 3 && has_text(&d, "the first match decides"));
    done(&r);
    /* Merged groups name the agent. */
    r = analyze("User-agent: a\nDisallow: /x\n\nUser-agent: A\nAllow: /x\n",
                ROBOTS_PROFILE_GOOGLE);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_SHADOWED_RULE, &d), 1);
    EXPECT(d.line == 2 && has_text(&d, "for user-agent 'a', whose groups"));
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_REPEATED_GROUP, &d), 1);
    EXPECT(d.line == 4 && d.related_line == 1 && d.column == 13);
    done(&r);
    r = analyze("User-agent: a\nUser-agent: b\nDisallow: /x\n\n"
                "User-agent: a\nDisallow: /x*\n\nUser-agent: b\n"
                "Disallow: /x*\n",
                ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_SHADOWED_RULE, &d), 1);
    EXPECT(d.line == 3 && has_text(&d, "for each user-agent of its group"));
    done(&r);
    /* google: an empty token is a key of its own (an empty name matches
     * it), named by the line's value. */
    r = analyze("User-agent: 123\nDisallow: /x\n\nUser-agent: 456\n"
                "Disallow: /x\n",
                ROBOTS_PROFILE_GOOGLE);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_DUPLICATE_RULE, &d), 1);
    EXPECT(d.line == 5 && has_text(&d, "for user-agent '123'"));
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_REPEATED_GROUP, NULL), 0);
    done(&r);
    r = analyze("User-agent: 123\nDisallow: /x\n\nUser-agent: 456\n"
                "Disallow: /x\n",
                ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(robots_analysis_count(r.an), 0); /* they name no crawler */
    done(&r);
}

static void legacy_records(void) {
    result r = analyze("User-agent: *\nDisallow: /a\n\n"
                       "User-agent: Googlebot\nDisallow: /b\n\n"
                       "User-agent: googlebot\nDisallow: /c\n\n"
                       "User-agent: Googlebot-Image\nDisallow: /d\n\n"
                       "User-agent: *\nDisallow: /e\n\n"
                       "User-agent:\nDisallow: /f\n",
                       ROBOTS_PROFILE_LEGACY);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_REPEATED_GROUP, NULL), 3);
    for (size_t i = 0; i < robots_analysis_count(r.an); i++) {
        robots_analysis_finding(r.an, i, &d);
        if (d.line == 7)
            EXPECT(has_text(&d, "names it first") && d.related_line == 4);
        if (d.line == 10)
            EXPECT(has_text(&d, "also contains 'Googlebot'"));
        if (d.line == 13)
            EXPECT(has_text(&d, "this '*' record is never used") &&
                   d.related_line == 1);
    }
    done(&r);
}

static void wildcards_read_literally(void) {
    const char *body = "User-agent: *\nDisallow:   /a*b$\nDisallow: /c$d\n";
    result r = analyze(body, ROBOTS_PROFILE_LEGACY);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_LITERAL_WILDCARD, &d), 2);
    EXPECT(d.line == 2 && d.column == 15 && has_text(&d, "'*'"));
    done(&r);
    r = analyze(body, ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_LITERAL_WILDCARD, &d), 1);
    EXPECT(d.line == 3 && d.column == 13 && has_text(&d, "literal '$'"));
    done(&r);
}

/* Columns count bytes of the line after a BOM, find the value before a
 * comment and trailing spaces, and are 0 without the body. */
static void columns(void) {
    const char body[] = "\xEF\xBB\xBFUser-agent: a\r\nDisallow: /x  # c\r\n"
                        "Disallow:\t/x\v\n";
    robots_txt *doc = parse(body, sizeof body - 1, ROBOTS_PROFILE_GOOGLE);
    robots_analysis *an = NULL;
    EXPECT_EQ(robots_analyze(doc, body, sizeof body - 1, &an), ROBOTS_OK);
    robots_diagnostic_info d;
    EXPECT_EQ(robots_analysis_count(an), 1);
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT(d.line == 3 && d.column == 11 && d.related_line == 2);
    robots_analysis_free(an);
    EXPECT_EQ(robots_analyze(doc, NULL, 0, &an), ROBOTS_OK);
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT(d.line == 3 && d.column == 0);
    robots_analysis_free(an);
    /* Bytes that are not the body give other columns, nothing worse. */
    EXPECT_EQ(robots_analyze(doc, "x", 1, &an), ROBOTS_OK);
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT(d.line == 3 && d.column == 0);
    robots_analysis_free(an);
    robots_free(doc);
}

/* Text the messages quote is kept as UTF-8 where it is, '?' where it is
 * not, and cut at a character with "...". */
static void quoting(void) {
    char body[400];
    snprintf(body, sizeof body,
             "User-agent: *\nDisallow: /\xFF\xC2\x85%s\nDisallow: "
             "/\xFF\xC2\x85%s\n",
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xC3\xA9",
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
             "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xC3\xA9");
    result r = analyze(body, ROBOTS_PROFILE_GOOGLE);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_DUPLICATE_RULE, &d), 1);
    EXPECT(has_text(&d, "'Disallow: /??aaa"));
    EXPECT(has_text(&d, "aaa...'"));
    for (size_t i = 0; i < d.message_len; i++)
        EXPECT((unsigned char)d.message[i] >= 0x20 &&
               (unsigned char)d.message[i] != 0xFF);
    done(&r);
}

/* ---- limits ------------------------------------------------------------- */

static char *repeated(const char *head, const char *fmt, size_t n) {
    size_t cap = strlen(head) + n * (strlen(fmt) + 12) + 1;
    char *body = malloc(cap);
    size_t len = (size_t)snprintf(body, cap, "%s", head);
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(body + len, cap - len, fmt, i);
    return body;
}

static void limits(void) {
    /* 1,100 duplicates: 1,000 kept, then one note; all counted. */
    char *body =
        repeated("User-agent: *\nDisallow: /x\n", "Disallow: /x # %zu\n", 1100);
    result r = analyze(body, ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(robots_analysis_count(r.an), ROBOTS_MAX_DIAGNOSTICS + 1);
    EXPECT_EQ(robots_analysis_total(r.an), 1100);
    EXPECT_EQ(robots_analysis_kind_total(r.an, ROBOTS_DIAG_DUPLICATE_RULE),
              1100);
    EXPECT_EQ(robots_analysis_kind_total(r.an, ROBOTS_DIAG_SHADOWED_RULE), 0);
    EXPECT_EQ(robots_analysis_kind_total(r.an, (robots_diag_kind)99), 0);
    EXPECT_EQ(robots_analysis_kind_total(NULL, ROBOTS_DIAG_SHADOWED_RULE), 0);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS, NULL), 1);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_ANALYSIS_LIMIT, NULL), 0);
    done(&r);
    free(body);
    /* 25,000 rules that none covers: the budget runs out and says so,
     * past the cap of findings too (each has a literal '$'). */
    body = repeated("User-agent: *\n", "Disallow: /p%zu$q\n", 25000);
    r = analyze(body, ROBOTS_PROFILE_RFC9309);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_ANALYSIS_LIMIT, &d), 1);
    EXPECT(d.line == 1 && d.severity == ROBOTS_SEVERITY_NOTE);
    EXPECT_EQ(robots_analysis_count(r.an), ROBOTS_MAX_DIAGNOSTICS + 2);
    done(&r);
    free(body);
}

/* The budget also holds inside one comparison: two rules whose cover test
 * alone would take more steps than ROBOTS_ANALYSIS_MAX_STEPS (a glob of
 * one '*' and 13,000 bytes, the longer and so the winner, against a path
 * of 12,000: each start the '*' tries costs up to 12,000 steps, about 72
 * million in all), in groups merged for one agent; and legacy records whose
 * names, compared each with every earlier one, would take more. The analysis
 * stops within the budget and says so (robots.h, ROBOTS_DIAG_ANALYSIS_LIMIT).
 */
static void budget_inside_comparisons(void) {
    size_t glob = 13000, path = 12000;
    char *body = malloc(glob + path + 128);
    size_t len = (size_t)sprintf(body, "User-agent: a\nDisallow: /*");
    memset(body + len, 'a', glob);
    len += glob;
    len += (size_t)sprintf(body + len, "b\n\nUser-agent: a\nDisallow: /");
    memset(body + len, 'a', path);
    len += path;
    len += (size_t)sprintf(body + len, "\nDisallow: /z\n");
    body[len] = '\0';
    result r = analyze(body, ROBOTS_PROFILE_RFC9309);
    robots_diagnostic_info d;
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_ANALYSIS_LIMIT, &d), 1);
    EXPECT(d.line == 1 && d.severity == ROBOTS_SEVERITY_NOTE);
    done(&r);
    free(body);

    /* 100 records of 10,000-byte names, none within another: 5,000 pairs
     * of 20,000 steps each. */
    size_t records = 100, name = 10000;
    body = malloc(records * (name + 32) + 1);
    len = 0;
    uint32_t x = 12345;
    for (size_t i = 0; i < records; i++) {
        len += (size_t)sprintf(body + len, "User-agent: ");
        for (size_t k = 0; k < name; k++) {
            x = x * 1103515245u + 12345u;
            body[len++] = (char)('a' + (x >> 16) % 26);
        }
        len += (size_t)sprintf(body + len, "\nDisallow: /\n\n");
    }
    body[len] = '\0';
    r = analyze(body, ROBOTS_PROFILE_LEGACY);
    EXPECT_EQ(count_of(&r, ROBOTS_DIAG_ANALYSIS_LIMIT, &d), 1);
    EXPECT(d.line == 1 && d.severity == ROBOTS_SEVERITY_NOTE);
    done(&r);
    free(body);
}

static void contract(void) {
    robots_txt *doc = parse("User-agent: *\nDisallow: /a\nDisallow: /a\n", 40,
                            ROBOTS_PROFILE_RFC9309);
    robots_analysis *an = (robots_analysis *)&an;
    EXPECT_EQ(robots_analyze(NULL, NULL, 0, &an), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(an == NULL);
    EXPECT_EQ(robots_analyze(doc, NULL, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_analyze(doc, NULL, 3, &an), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_analyze(doc, NULL, 0, &an), ROBOTS_OK);
    robots_diagnostic_info d;
    memset(&d, 0xA5, sizeof d);
    EXPECT_EQ(robots_analysis_finding(an, 0, &d), ROBOTS_OK);
    EXPECT(d.reserved[0] == 0 && d.reserved[1] == 0 && d.key_len == 0 &&
           d.suggestion == NULL);
    EXPECT_EQ(robots_analysis_finding(an, 1, &d), ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_analysis_finding(an, 0, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_analysis_finding(NULL, 0, &d),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_analysis_count(NULL), 0);
    EXPECT_EQ(robots_analysis_total(NULL), 0);
    robots_analysis_free(an);
    robots_analysis_free(NULL);
    robots_free(doc);
    /* Every kind is described, by name. */
    for (int k = ROBOTS_DIAG_SHADOWED_RULE; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        robots_diag_kind_info info;
        EXPECT_EQ(robots_diag_kind_describe((robots_diag_kind)k, &info),
                  ROBOTS_OK);
        EXPECT(info.name != NULL && info.description != NULL);
    }
}

/* Out of memory at every allocation in turn: ROBOTS_ERR_NO_MEMORY, and
 * nothing of the analysis left allocated. Then it succeeds. */
static void no_memory(void) {
    const char body[] = "User-agent: a\nCrawl-delay: 1\nUser-agent: b\n"
                        "Disallow: /x\nDisallow: /x\nDisallow: /%7ey\n\n"
                        "User-agent: a\nDisallow: /x*\n\nUser-agent: b\n"
                        "Disallow: /x$z\n";
    for (int p = 0; p <= ROBOTS_PROFILE_LAST; p++) {
        counted_options c;
        counted_options_init(&c, (robots_profile)p);
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, sizeof body - 1, &c.options, &doc),
                  ROBOTS_OK);
        size_t base = c.count.live, calls = c.count.calls;
        robots_status status = ROBOTS_ERR_NO_MEMORY;
        for (size_t fail = 1; status != ROBOTS_OK && fail < 100; fail++) {
            robots_analysis *an = NULL;
            c.count.fail_at = calls + fail;
            status = robots_analyze(doc, body, sizeof body - 1, &an);
            calls = c.count.calls;
            if (status != ROBOTS_OK) {
                EXPECT_EQ(status, ROBOTS_ERR_NO_MEMORY);
                EXPECT(an == NULL);
                EXPECT_EQ(c.count.live, base);
            } else {
                EXPECT(robots_analysis_count(an) > 0);
                robots_analysis_free(an);
            }
        }
        EXPECT_EQ(status, ROBOTS_OK);
        EXPECT_EQ(c.count.live, base);
        EXPECT(!c.count.size_mismatch);
        robots_free(doc);
    }
}

/* robots.h's bound of the memory the analysis takes while it runs, on a
 * document of many rules and agents and no finding: 17 * R + 48 * A +
 * 4 * (lines + 1), the analysis itself and its empty arrays aside. */
static void memory_bound(void) {
    size_t cap = 4000 * 40, n = 0, lines = 1;
    char *body = malloc(cap);
    for (size_t g = 0; g < 500; g++) {
        n += (size_t)snprintf(body + n, cap - n, "User-agent: b%c%c%c\n",
                              (char)('a' + g % 26), (char)('a' + g / 26 % 26),
                              (char)('a' + g / 676));
        for (size_t r = 0; r < 4; r++)
            n += (size_t)snprintf(body + n, cap - n, "Disallow: /%zu/%zu\n", g,
                                  r);
    }
    for (size_t i = 0; i < n; i++)
        lines += body[i] == '\n';
    counted_options c;
    counted_options_init(&c, ROBOTS_PROFILE_RFC9309);
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, n, &c.options, &doc), ROBOTS_OK);
    size_t base = c.count.live;
    c.count.peak = base;
    robots_analysis *an = NULL;
    EXPECT_EQ(robots_analyze(doc, body, n, &an), ROBOTS_OK);
    EXPECT_EQ(robots_analysis_count(an), 0);
    size_t bound = 17 * 2000 + 48 * 500 + 4 * (lines + 1) + 1024;
    EXPECT_MSG(c.count.peak - base <= bound, "peak %zu, bound %zu",
               c.count.peak - base, bound);
    robots_analysis_free(an);
    EXPECT_EQ(c.count.live, base);
    robots_free(doc);
    free(body);
}

int main(void) {
    claims_are_true();
    merged_agent_is_warned();
    rule_findings_are_worded();
    legacy_records();
    wildcards_read_literally();
    columns();
    quoting();
    limits();
    budget_inside_comparisons();
    contract();
    no_memory();
    memory_bound();
    return testing_finish();
}
