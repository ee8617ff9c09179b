/* SPDX-License-Identifier: MIT */
/*
 * fuzz_differential.c - the production matcher against a reference written
 * here to be obviously correct, on generated patterns and paths, in every
 * profile. Any disagreement aborts.
 *
 * The reference (docs/semantics.md, "Rules and matching" and
 * "Percent-encoding"):
 *   - normalisation, per profile, written from the text, not from
 *     normalize.c;
 *   - rfc9309/google matching as a dynamic programme over (pattern prefix,
 *     path prefix), O(n*m), no cleverness: `*` matches any sequence, a
 *     final `$` anchors the end, otherwise a match of the whole pattern
 *     against some prefix of the path;
 *   - legacy: byte-wise prefix comparison;
 *   - a verdict: one `*` group built from the rules; rfc9309/google take
 *     the matching rule with the longest normalised pattern, Allow winning
 *     a tie, empty patterns being no rules; legacy the first matching rule
 *     (an empty Disallow never matches, an empty Allow always does);
 *     /robots.txt always allowed except in google.
 * Compared with rb_match_wildcard() and rb_match_prefix() (raw and
 * normalised operands), rb_match_many() (all the rules at once, as a check
 * past its work budget matches them), robots_match_path(), the normalised
 * patterns the parser stores, and robots_check().
 *
 * Input: MODE path 0x01 rule 0x01 rule ... (at most 8 rules; a rule's first
 * byte chooses Allow (odd) or Disallow). MODE bit 0 maps every byte onto a
 * small alphabet rich in '/', '*', '$' and '%' so that matches are common.
 */
#include "document.h"
#include "fuzz_common.h"
#include "match.h"
#include "multi.h"

#define MAX_RULES 8
/* The reference is quadratic: operands past this product are skipped. */
#define MAX_CELLS ((size_t)1 << 21)

/* ---- the reference ------------------------------------------------------ */

static int ref_hex(unsigned char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* %XX of a whole escape at s[i], or -1. */
static int ref_escape(const unsigned char *s, size_t len, size_t i) {
    if (i + 2 >= len)
        return -1;
    int hi = ref_hex(s[i + 1]), lo = ref_hex(s[i + 2]);
    return (hi < 0 || lo < 0) ? -1 : hi * 16 + lo;
}

static int ref_unreserved(int c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
           c == '~';
}

/* Octets that may not appear in a URI: controls, space, DEL, >= 0x80 and
 * the listed punctuation. */
static int ref_not_in_uri(int c) {
    return c <= 0x20 || c >= 0x7F || strchr("\"<>\\^`{|}", c) != NULL;
}

static size_t ref_put(unsigned char *out, size_t o, int c) {
    static const char hex[] = "0123456789ABCDEF";
    out[o] = '%';
    out[o + 1] = (unsigned char)hex[c >> 4];
    out[o + 2] = (unsigned char)hex[c & 15];
    return o + 3;
}

/* out must hold 3 * len bytes. */
static size_t ref_normalize(robots_profile profile, int is_pattern,
                            const unsigned char *s, size_t len,
                            unsigned char *out) {
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        int c = s[i];
        int e = c == '%' ? ref_escape(s, len, i) : -1;
        if (profile == ROBOTS_PROFILE_LEGACY) {
            if (e >= 0) {
                if (e == '/' || e == 0) /* %2F and %00 stay encoded */
                    o = ref_put(out, o, e);
                else
                    out[o++] = (unsigned char)e;
                i += 2;
            } else {
                out[o++] = (unsigned char)c;
            }
        } else if (profile == ROBOTS_PROFILE_GOOGLE) {
            if (!is_pattern) {
                out[o++] = (unsigned char)c;
            } else if (e >= 0) {
                o = ref_put(out, o, e);
                i += 2;
            } else if (c >= 0x80) {
                o = ref_put(out, o, c);
            } else {
                out[o++] = (unsigned char)c;
            }
        } else {
            if (e >= 0) {
                if (ref_unreserved(e))
                    out[o++] = (unsigned char)e;
                else
                    o = ref_put(out, o, e);
                i += 2;
            } else if (c == '%') {
                out[o++] = '%';
            } else if (ref_not_in_uri(c)) {
                o = ref_put(out, o, c);
            } else if (c == '*' && !is_pattern) {
                o = ref_put(out, o, c);
            } else if (c == '$' && !(is_pattern && i + 1 == len)) {
                o = ref_put(out, o, c);
            } else {
                out[o++] = (unsigned char)c;
            }
        }
    }
    return o;
}

/* rfc9309/google: does p match t? -1 when too big to ask. */
static int ref_wildcard(const unsigned char *p, size_t m,
                        const unsigned char *t, size_t n) {
    int anchored = m > 0 && p[m - 1] == '$';
    if (anchored)
        m--;
    if ((m + 1) * (n + 1) > MAX_CELLS)
        return -1;
    /* row[j]: p[0..i) matches t[0..j) entirely. */
    unsigned char *row = malloc(n + 1), *next = malloc(n + 1);
    FZ_CHECK(row != NULL && next != NULL);
    memset(row, 0, n + 1);
    row[0] = 1;
    for (size_t i = 1; i <= m; i++) {
        for (size_t j = 0; j <= n; j++)
            if (p[i - 1] == '*')
                next[j] = row[j] || (j > 0 && next[j - 1]);
            else
                next[j] = j > 0 && row[j - 1] && p[i - 1] == t[j - 1];
        unsigned char *tmp = row;
        row = next;
        next = tmp;
    }
    int found = 0;
    if (anchored)
        found = row[n];
    else
        for (size_t j = 0; j <= n && !found; j++)
            found = row[j];
    free(row);
    free(next);
    return found;
}

static int ref_prefix(const unsigned char *p, size_t m, const unsigned char *t,
                      size_t n) {
    if (m > n)
        return 0;
    for (size_t i = 0; i < m; i++)
        if (p[i] != t[i])
            return 0;
    return 1;
}

/* ---- carving ------------------------------------------------------------ */

static const char alphabet[16] = {'/', 'a', 'b', '*', '$', '%', '2',    'A',
                                  'F', '4', '?', '.', '~', 'x', '\xC3', ' '};

typedef struct rule {
    int allow;
    unsigned char *pattern; /* sanitised for a robots.txt line */
    size_t len;
} rule;

/* A field, optionally mapped onto the alphabet. */
static unsigned char *take(fz_input *in, int mapped, size_t *len) {
    unsigned char *f = (unsigned char *)fz_field(in, len);
    if (f == NULL) /* empty: a real block, so that memcpy/memcmp are defined */
        f = malloc(1);
    FZ_CHECK(f != NULL);
    if (mapped)
        for (size_t i = 0; i < *len; i++)
            f[i] = (unsigned char)alphabet[f[i] & 15];
    return f;
}

/* What a rule line can carry: no line end, comment or NUL; trimmed. */
static void sanitise(rule *r) {
    size_t o = 0;
    for (size_t i = 0; i < r->len; i++) {
        unsigned char c = r->pattern[i];
        if (c != '\n' && c != '\r' && c != '#' && c != '\0')
            r->pattern[o++] = c;
    }
    /* google trims \v and \f too (docs/google-profile.md). */
    size_t start = 0;
    while (start < o && strchr(" \t\v\f", r->pattern[start]) != NULL)
        start++;
    while (o > start && strchr(" \t\v\f", r->pattern[o - 1]) != NULL)
        o--;
    if (o > start)
        memmove(r->pattern, r->pattern + start, o - start);
    r->len = o - start;
}

/* ---- comparisons -------------------------------------------------------- */

static void compare_match(const unsigned char *pat, size_t plen,
                          const unsigned char *path, size_t len) {
    /* The internal matchers take no NULL (memcmp's operands); the public
     * API gets the NULL an empty field is, which it must accept. */
    const char *p = pat ? (const char *)pat : "";
    const char *t = path ? (const char *)path : "";
    if (plen > ROBOTS_MAX_LINE_BYTES || len > ROBOTS_MAX_URL_BYTES)
        return; /* robots_match_path() refuses them, as documented */
    /* The matchers on raw operands. */
    int w = ref_wildcard(pat, plen, path, len);
    if (w >= 0)
        FZ_CHECK(rb_match_wildcard(p, plen, t, len) == w);
    FZ_CHECK(rb_match_prefix(p, plen, t, len) ==
             ref_prefix(pat, plen, path, len));

    unsigned char *np = malloc(3 * plen + 1), *nq = malloc(3 * len + 1);
    FZ_CHECK(np != NULL && nq != NULL);
    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        size_t a = ref_normalize(profile, 1, pat, plen, np);
        size_t b = ref_normalize(profile, 0, path, len, nq);
        int want;
        if (profile == ROBOTS_PROFILE_LEGACY) {
            want = ref_prefix(np, a, nq, b);
            FZ_CHECK(rb_match_prefix((char *)np, a, (char *)nq, b) == want);
        } else {
            want = ref_wildcard(np, a, nq, b);
            if (want < 0)
                continue;
            FZ_CHECK(rb_match_wildcard((char *)np, a, (char *)nq, b) == want);
            if (a == 0)
                want = 0;
        }
        int got = -1;
        FZ_CHECK(robots_match_path(profile, (const char *)pat, plen,
                                   (const char *)path, len, &got) == ROBOTS_OK);
        FZ_CHECK(got == want);
    }
    free(np);
    free(nq);
}

/* rb_match_many() over every rule whose literal part (before its first
 * `*`) starts the path, as check_path.c hands them over, against the reference
 * for each rule alone. */
static void compare_many(const rule *rules, size_t n, const unsigned char *path,
                         size_t len) {
    for (int pi = 0; pi < 2; pi++) {
        robots_profile profile = fz_profiles[pi];
        unsigned char *nq = malloc(3 * len + 1);
        unsigned char *np[MAX_RULES];
        size_t np_len[MAX_RULES];
        int want[MAX_RULES];
        rb_wild_rule wild[MAX_RULES];
        size_t count = 0;
        FZ_CHECK(nq != NULL);
        size_t b = ref_normalize(profile, 0, path, len, nq);
        for (size_t i = 0; i < n; i++) {
            np[i] = malloc(3 * rules[i].len + 1);
            FZ_CHECK(np[i] != NULL);
            np_len[i] = ref_normalize(profile, 1, rules[i].pattern,
                                      rules[i].len, np[i]);
            const unsigned char *star =
                np_len[i] ? memchr(np[i], '*', np_len[i]) : NULL;
            if (star == NULL)
                continue;
            size_t key = (size_t)(star - np[i]);
            if (key > b || memcmp(np[i], nq, key) != 0)
                continue;
            want[count] = ref_wildcard(np[i], np_len[i], nq, b);
            if (want[count] < 0)
                continue; /* past the reference's size */
            wild[count].rest = (const char *)star;
            wild[count].rest_len = np_len[i] - key;
            wild[count].from = key;
            wild[count].rule = (uint32_t)i;
            count++;
        }
        FZ_CHECK(rb_match_many(NULL, (const char *)nq, b, wild, count) == 0);
        for (size_t k = 0; k < count; k++)
            FZ_CHECK(wild[k].matched == want[k]);
        for (size_t i = 0; i < n; i++)
            free(np[i]);
        free(nq);
    }
}

/* google's companion (docs/google-profile.md, Patterns): when the part of
 * the normalised allow pattern after its last '/' starts with "index.htm",
 * the pattern "<everything up to that />$" is tried, with its own length
 * as priority (*priority). What ref_wildcard() returns for it. */
static int ref_index_dir(const unsigned char *np, size_t a,
                         const unsigned char *nq, size_t b, size_t *priority) {
    size_t dir = a;
    while (dir > 0 && np[dir - 1] != '/')
        dir--;
    if (dir == 0 || a - dir < 9 || memcmp(np + dir, "index.htm", 9) != 0)
        return 0;
    unsigned char *companion = malloc(dir + 1);
    FZ_CHECK(companion != NULL);
    memcpy(companion, np, dir);
    companion[dir] = '$';
    int m = ref_wildcard(companion, dir + 1, nq, b);
    free(companion);
    if (m == 1)
        *priority = dir + 1;
    return m;
}

static void compare_verdict(const rule *rules, size_t n, const char *url,
                            size_t url_len) {
    /* "User-agent: *", then one rule a line: rule i is on line i + 2. */
    size_t cap = 16;
    for (size_t i = 0; i < n; i++) {
        if (rules[i].len + 10 > ROBOTS_MAX_LINE_BYTES)
            return; /* the line would be truncated */
        cap += rules[i].len + 12;
    }
    char *body = malloc(cap);
    FZ_CHECK(body != NULL);
    size_t blen = 0;
    memcpy(body, "User-agent: *\n", 14);
    blen = 14;
    for (size_t i = 0; i < n; i++) {
        const char *key = rules[i].allow ? "Allow: " : "Disallow: ";
        memcpy(body + blen, key, strlen(key));
        blen += strlen(key);
        memcpy(body + blen, rules[i].pattern, rules[i].len);
        blen += rules[i].len;
        body[blen++] = '\n';
    }

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = profile;
        robots_txt *doc = NULL;
        FZ_CHECK(robots_parse(body, blen, &opt, &doc) == ROBOTS_OK);

        /* The stored normalised patterns are the reference's. */
        FZ_CHECK(robots_group_count(doc) == 1);
        robots_group_info g;
        FZ_CHECK(robots_group(doc, 0, &g) == ROBOTS_OK);
        size_t expected_rules = 0;
        for (size_t i = 0; i < n; i++)
            expected_rules += profile == ROBOTS_PROFILE_LEGACY || rules[i].len;
        FZ_CHECK(g.rule_count == expected_rules);
        for (size_t ri = 0; ri < g.rule_count; ri++) {
            robots_rule_info r;
            FZ_CHECK(robots_group_rule(doc, 0, ri, &r) == ROBOTS_OK);
            FZ_CHECK(r.line >= 2 && r.line - 2 < n);
            const rule *mine = &rules[r.line - 2];
            FZ_CHECK(r.kind ==
                     (mine->allow ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW));
            FZ_CHECK(r.pattern_len == mine->len &&
                     memcmp(r.pattern, mine->pattern, mine->len) == 0);
            unsigned char *np = malloc(3 * mine->len + 1);
            FZ_CHECK(np != NULL);
            size_t a = ref_normalize(profile, 1, mine->pattern, mine->len, np);
            char *got = malloc(3 * mine->len + 1);
            size_t got_len = 0;
            FZ_CHECK(got != NULL);
            FZ_CHECK(robots_group_rule_normalized(doc, 0, ri, got,
                                                  3 * mine->len + 1,
                                                  &got_len) == ROBOTS_OK);
            FZ_CHECK(r.normalized_len == a && got_len == a &&
                     memcmp(got, np, a) == 0);
            free(got);
            free(np);
        }

        size_t path_cap = url_len + 2, path_len = 0;
        char *path = malloc(path_cap);
        FZ_CHECK(path != NULL);
        robots_status ust = robots_url_to_path(profile, url, url_len, path,
                                               path_cap, &path_len);
        robots_str star = {"fuzzbot", 7};
        robots_verdict v;
        robots_status cst = robots_check(doc, &star, 1, url, url_len, &v);
        FZ_CHECK(cst == ust);
        if (cst != ROBOTS_OK) {
            free(path);
            robots_free(doc);
            continue;
        }
        unsigned char *nq = malloc(3 * path_len + 1);
        FZ_CHECK(nq != NULL);
        size_t b =
            ref_normalize(profile, 0, (unsigned char *)path, path_len, nq);

        /* The reference verdict. */
        int allowed = 1, tie = 0, skip = 0;
        size_t line = 0, best = 0;
        robots_reason reason = ROBOTS_REASON_NO_RULE_MATCHED;
        /* Only /robots.txt with no query, not even an empty one, is
           exempt (docs/semantics.md; /robots.txt? is another URI). */
        int is_robots_txt = profile != ROBOTS_PROFILE_GOOGLE && b == 11 &&
                            memcmp(nq, "/robots.txt", 11) == 0;
        if (is_robots_txt) {
            reason = ROBOTS_REASON_ROBOTS_TXT;
        } else {
            int found = 0, best_allow = 0;
            for (size_t i = 0; i < n && !skip; i++) {
                const rule *r = &rules[i];
                unsigned char *np = malloc(3 * r->len + 1);
                FZ_CHECK(np != NULL);
                size_t a = ref_normalize(profile, 1, r->pattern, r->len, np);
                int m;
                if (profile == ROBOTS_PROFILE_LEGACY) {
                    m = (r->len == 0) ? r->allow : ref_prefix(np, a, nq, b);
                    if (m && !found) {
                        found = 1;
                        allowed = r->allow;
                        line = i + 2;
                        reason = ROBOTS_REASON_FIRST_MATCH;
                    }
                } else if (r->len > 0) {
                    m = ref_wildcard(np, a, nq, b);
                    if (m == 0 && profile == ROBOTS_PROFILE_GOOGLE && r->allow)
                        m = ref_index_dir(np, a, nq, b, &a);
                    if (m < 0)
                        skip = 1;
                    if (m == 1) {
                        if (!found || a > best) {
                            found = 1;
                            best = a;
                            best_allow = r->allow;
                            line = i + 2;
                            tie = 0;
                        } else if (a == best && r->allow != best_allow) {
                            tie = 1;
                            if (r->allow) {
                                best_allow = 1;
                                line = i + 2;
                            }
                        }
                    }
                }
                free(np);
            }
            if (found && profile != ROBOTS_PROFILE_LEGACY) {
                allowed = best_allow;
                reason =
                    tie ? ROBOTS_REASON_TIE_ALLOW : ROBOTS_REASON_LONGEST_MATCH;
            }
        }
        if (!skip) {
            FZ_CHECK(v.allowed == allowed);
            FZ_CHECK(v.reason == reason);
            FZ_CHECK(v.rule_line == line);
        }
        free(nq);
        free(path);
        robots_free(doc);
    }
    free(body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    int mapped = (int)(fz_byte(&in) & 1u);
    size_t path_len;
    unsigned char *path = take(&in, mapped, &path_len);
    rule rules[MAX_RULES];
    size_t n = 0;
    while (in.len > 0 && n < MAX_RULES) {
        rules[n].allow = (int)(fz_byte(&in) & 1u);
        rules[n].pattern = take(&in, mapped, &rules[n].len);
        n++;
    }

    /* Matching: every rule's raw bytes against the path. */
    for (size_t i = 0; i < n; i++)
        compare_match(rules[i].pattern, rules[i].len, path, path_len);

    compare_many(rules, n, path, path_len);

    /* A verdict from the rules as a robots.txt. */
    for (size_t i = 0; i < n; i++)
        sanitise(&rules[i]);
    compare_verdict(rules, n, (const char *)path, path_len);

    for (size_t i = 0; i < n; i++)
        free(rules[i].pattern);
    free(path);
    return 0;
}
