/* SPDX-License-Identifier: MIT */
/*
 * parse.c - from the bytes of a robots.txt to a robots_txt document: lines,
 * keys and values, groups (records in legacy), rules, sitemaps, extension
 * records and diagnostics. Content never makes a parse fail; only memory
 * does, and then nothing is left allocated.
 *
 * The document is built in growable arrays, sized up front for a usual
 * file from the input's length so that it grows none by copying, then
 * gathered into one block, so that robots_free() is one call to the
 * allocator: the text's own array when the rest fits after the text with
 * at most an eighth of it unused (no copy of the text), else a new block
 * of exactly its size.
 */
#include "agent.h"
#include "ascii.h"
#include "body.h"
#include "byte_class.h"
#include "compiler.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "memory.h"
#include "normalize.h"
#include "records.h"
#include "reserved.h"
#include "usage_internal.h" /* rb_usage_key: issue 24's hook */
#include "words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum key_kind {
    KEY_NONE,
    KEY_USER_AGENT,
    KEY_ALLOW,
    KEY_DISALLOW,
    KEY_SITEMAP,
    KEY_OTHER
};

typedef struct parser {
    rb_mem mem;
    robots_profile profile;
    rb_vec groups, agents, rules, diags, text;
    rb_records_build sitemaps, extensions;
    size_t diag_total;
    uint32_t kind_totals[ROBOTS_DIAG_KIND_LAST + 1]; /* kept or not */
    int have_group;    /* a group (record) is open */
    int in_agent_list; /* the last record line was a user-agent line */
    int seen_content;  /* a non-blank line has been read */
    size_t line;       /* 1-based number of the line being read */
    const char *line_start;
    const char *body, *body_end; /* the input: all of it is readable */
    char *scratch; /* 3 * ROBOTS_MAX_LINE_BYTES, for normalisation */
    size_t longest_rule_normal; /* robots_txt's, as rules are read */
    rb_index_build index;
    /* The first line the parse limit kept from being read (cut_line 0:
     * none), and the lines and bytes from there to the end of the body
     * (ROBOTS_NOT_COUNTED past a prefix: robots_parse_prefix()). */
    size_t cut_offset, cut_line, lines_not_read, bytes_not_read;
    /* The bytes of the body past `body_end` the caller did not pass:
     * robots_parse_prefix()'s `rest`; 0 for robots_parse(). */
    size_t rest;
    int failed;
    int content_usage_ends_group; /* robots_options' (usage_query.c) */
} parser;

/* ---- text and diagnostics ---------------------------------------------- */

static rb_span add_text(parser *p, const char *s, size_t len) {
    rb_span span = {0, 0};
    if (p->failed)
        return span;
    char *dst = rb_vec_reserve(&p->mem, &p->text, len + 1);
    if (dst == NULL) {
        p->failed = 1;
        return span;
    }
    if (len != 0)
        memcpy(dst, s, len);
    dst[len] = '\0';
    span.off = (uint32_t)p->text.count;
    span.len = (uint32_t)len;
    p->text.count += len + 1;
    return span;
}

/* Copies at most 40 bytes of s into out as printable ASCII, so that a
 * message can quote the input without carrying control bytes or broken
 * UTF-8 into a terminal or a log. */
static const char *quote(const char *s, size_t len, char out[48]) {
    size_t n = len > 40 ? 40 : len, o = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        out[o++] = (c >= 0x20 && c < 0x7F) ? (char)c : '?';
    }
    if (len > n) {
        out[o++] = '.';
        out[o++] = '.';
        out[o++] = '.';
    }
    out[o] = '\0';
    return out;
}

static void diag(parser *p, const char *at, robots_diag_kind kind,
                 robots_severity severity, const char *suggestion,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* A diagnostic's message (or, `suggestion`, its suggestion) in the text:
 * the previous diagnostic's when it is the same, as a file that repeats a
 * mistake on every line has the same message a thousand times. */
static rb_span kept_text(parser *p, const char *s, size_t len, int suggestion) {
    if (p->diags.count > 0) {
        const rb_diag *last =
            (const rb_diag *)p->diags.data + p->diags.count - 1;
        rb_span same = suggestion ? last->suggestion : last->message;
        if (same.len == len && len != 0 &&
            memcmp((const char *)p->text.data + same.off, s, len) == 0)
            return same;
    }
    return add_text(p, s, len);
}

/* Keeps a diagnostic whose message is written (length bytes); past the
 * cap, only counts it, and the first past it becomes the note that says
 * so. */
static void add_diag(parser *p, const char *at, robots_diag_kind kind,
                     robots_severity severity, const char *suggestion,
                     const char *message, size_t length) {
    p->diag_total++;
    p->kind_totals[kind]++;
    if (p->failed || p->diags.count > ROBOTS_MAX_DIAGNOSTICS)
        return;
    char capped[96];
    if (p->diags.count == ROBOTS_MAX_DIAGNOSTICS) {
        kind = ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS;
        severity = ROBOTS_SEVERITY_NOTE;
        suggestion = NULL;
        at = NULL;
        length = (size_t)snprintf(
            capped, sizeof capped,
            "more than %zu diagnostics; the rest are counted, not kept",
            (size_t)ROBOTS_MAX_DIAGNOSTICS);
        message = capped;
    }
    rb_diag d;
    d.line = (uint32_t)p->line;
    d.column = at ? (uint32_t)(at - p->line_start) + 1 : 0;
    d.kind = (uint8_t)kind;
    d.severity = (uint8_t)severity;
    d.message = kept_text(p, message, length, 0);
    d.suggestion.off = 0;
    d.suggestion.len = 0;
    if (suggestion != NULL)
        d.suggestion = kept_text(p, suggestion, strlen(suggestion), 1);
    if (!p->failed && !rb_vec_push(&p->mem, &p->diags, &d, 1))
        p->failed = 1;
}

static void diag(parser *p, const char *at, robots_diag_kind kind,
                 robots_severity severity, const char *suggestion,
                 const char *fmt, ...) {
    char message[256];
    message[0] = '\0';
    /* Past the cap the message is not kept: not written either. */
    if (!p->failed && p->diags.count < ROBOTS_MAX_DIAGNOSTICS) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(message, sizeof message, fmt, args);
        va_end(args);
    }
    add_diag(p, at, kind, severity, suggestion, message, strlen(message));
}

/* A diagnostic whose message is `head`, the bytes s quoted and `tail`,
 * put together by hand: the notes a usual file has on many lines (a
 * Crawl-delay in every group) and the warnings a page of HTML served as
 * robots.txt has on most of its lines, where vsnprintf() and the quote
 * were a tenth of the parse. Past the cap nothing is written. */
static void diag_quoting(parser *p, const char *at, robots_diag_kind kind,
                         robots_severity severity, const char *head,
                         const char *s, size_t len, const char *tail) {
    char message[256]; /* head and tail are short: 43 quoted bytes fit */
    size_t n = 0;
    if (!p->failed && p->diags.count < ROBOTS_MAX_DIAGNOSTICS) {
        size_t h = strlen(head), t = strlen(tail);
        memcpy(message, head, h);
        n = h + strlen(quote(s, len, message + h));
        memcpy(message + n, tail, t);
        n += t;
    }
    message[n] = '\0';
    add_diag(p, at, kind, severity, NULL, message, n);
}

/* Past the cap a diagnostic is only counted. Returns 1 when it is, so that
 * a call on a path a file can take every line (a junk line has one or two)
 * skips quoting the value, which was most of its cost. */
static int diag_capped(parser *p, robots_diag_kind kind) {
    if (!p->failed && p->diags.count <= ROBOTS_MAX_DIAGNOSTICS)
        return 0;
    p->diag_total++;
    p->kind_totals[kind]++;
    return 1;
}

/* ---- keys --------------------------------------------------------------- */

static int starts_with_nocase(const char *s, size_t len, const char *prefix) {
    size_t n = strlen(prefix);
    return len >= n && rb_equal_nocase_fast(s, n, prefix, n);
}

static int equals_nocase(const char *s, size_t len, const char *word) {
    return rb_equal_nocase_fast(s, len, word, strlen(word));
}

static const char *const canonical_key[] = {NULL,       "User-agent", "Allow",
                                            "Disallow", "Sitemap",    NULL};

/* complexity: 30 (pmccabe). A banded dynamic program: its branches are
 * the band's bounds and the transposition case of each cell, which a
 * helper per cell would only pass around as arguments. Only a key the
 * profile does not know reaches it. */
/* Is the optimal string alignment distance of a and b (case-insensitive)
 * at most `limit` (1 or 2)? Only cells within `limit` of the diagonal can
 * hold a distance that small, so only those are computed (any other is
 * "far", more than the limit), and two rows with no cell within the limit
 * end the search: an unknown key, often a line of text, costs a few rows, not a
 * table. Keys longer than 24 bytes are far. */
static int keys_within(const char *a, size_t alen, const char *b,
                       size_t limit) {
    size_t blen = strlen(b);
    if (alen > 24 || blen > 24 || alen + limit < blen || blen + limit < alen)
        return 0;
    /* An edit takes at most one byte of a out of b's bytes as a multiset
     * (a transposition none), so more than `limit` bytes of a that b lacks
     * is far: a count, a tenth of the table, settles most unknown keys.
     * Bytes are counted by their low five bits, lowercased, which only
     * merges counts and so never calls near keys far. */
    unsigned char have[32] = {0};
    size_t lacking = 0;
    for (size_t j = 0; j < blen; j++)
        have[rb_lower_fast((unsigned char)b[j]) & 31]++;
    for (size_t i = 0; i < alen; i++) {
        unsigned char *c = &have[rb_lower_fast((unsigned char)a[i]) & 31];
        if (*c != 0)
            (*c)--;
        else if (++lacking > limit)
            return 0;
    }
    enum { FAR = 3 }; /* more than any limit */
    unsigned char d[25][25], prev_best = 0;
    for (size_t j = 0; j <= blen; j++)
        d[0][j] = (unsigned char)(j <= limit ? j : FAR);
    for (size_t i = 1; i <= alen; i++) {
        size_t lo = i > limit ? i - limit : 1;
        size_t hi = i + limit < blen ? i + limit : blen;
        unsigned char row_best = FAR;
        d[i][0] = (unsigned char)(i <= limit ? i : FAR);
        if (lo > 1)
            d[i][lo - 1] = FAR;
        if (hi < blen)
            d[i][hi + 1] = FAR;
        unsigned char ca = rb_lower_fast((unsigned char)a[i - 1]);
        for (size_t j = lo; j <= hi; j++) {
            unsigned char cb = rb_lower_fast((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (size_t)(ca != cb);
            if (j <= i - 1 + limit && d[i - 1][j] + 1u < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1u < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 &&
                ca == rb_lower_fast((unsigned char)b[j - 2]) &&
                rb_lower_fast((unsigned char)a[i - 2]) == cb &&
                d[i - 2][j - 2] + 1u < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = (unsigned char)(best < FAR ? best : FAR);
            if (d[i][j] < row_best)
                row_best = d[i][j];
        }
        /* A transposition reaches this row from the one before the last,
         * so both must be far for the rows after them to be. */
        if (row_best > limit && prev_best >= limit)
            return 0;
        prev_best = row_best;
    }
    return d[alen][blen] <= limit;
}

/* The known key a misspelt key was probably meant as, or NULL. */
static const char *typo_of(const char *key, size_t len) {
    static const char *const known[] = {
        "User-agent",  "Allow",         "Disallow",      "Sitemap",
        "Crawl-delay", "Content-Usage", "Content-Signal"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        size_t limit = strlen(known[i]) <= 5 ? 1 : 2;
        if (keys_within(key, len, known[i], limit))
            return known[i];
    }
    return NULL;
}

/* Keys that other crawlers act on and that this library keeps as records. */
static int is_known_extension(const char *key, size_t len) {
    static const char *const known[] = {
        "crawl-delay", "host", "clean-param", "request-rate", "visit-time",
        "noindex", "nofollow", "noarchive",
        /* read by robots_usage() (robots_usage.h), by no verdict */
        "content-usage", "content-signal"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (equals_nocase(key, len, known[i]))
            return 1;
    return 0;
}

/* google/robotstxt: keys match by prefix, typos included, in this order. */
static enum key_kind google_key(const char *key, size_t len, int *typo) {
    static const struct {
        const char *prefix;
        enum key_kind kind;
        int typo;
    } table[] = {
        {"user-agent", KEY_USER_AGENT, 0}, {"useragent", KEY_USER_AGENT, 1},
        {"user agent", KEY_USER_AGENT, 1}, {"allow", KEY_ALLOW, 0},
        {"disallow", KEY_DISALLOW, 0},     {"dissallow", KEY_DISALLOW, 1},
        {"dissalow", KEY_DISALLOW, 1},     {"disalow", KEY_DISALLOW, 1},
        {"diasllow", KEY_DISALLOW, 1},     {"disallaw", KEY_DISALLOW, 1},
        {"sitemap", KEY_SITEMAP, 0},       {"site-map", KEY_SITEMAP, 1},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (starts_with_nocase(key, len, table[i].prefix)) {
            *typo = table[i].typo;
            return table[i].kind;
        }
    }
    return KEY_OTHER;
}

static enum key_kind strict_key(const char *key, size_t len) {
    if (equals_nocase(key, len, "user-agent"))
        return KEY_USER_AGENT;
    if (equals_nocase(key, len, "allow"))
        return KEY_ALLOW;
    if (equals_nocase(key, len, "disallow"))
        return KEY_DISALLOW;
    if (equals_nocase(key, len, "sitemap"))
        return KEY_SITEMAP;
    return KEY_OTHER;
}

/* Up to 8 bytes of s as a word, the rest zero. Words loaded alike compare
 * alike in either byte order. */
static inline uint64_t word_of(const char *s, size_t n) {
    uint64_t v = 0;
    memcpy(&v, s, n);
    return v;
}

/* Does key equal word (lowercase letters and '-', `len` bytes),
 * case-insensitively? A word a compare, as this runs on every line: a
 * letter's 0x20 bit (from its 0x40 bit, which '-' lacks) is set in the
 * key's byte, which folds a capital and nothing else onto it; '-' is
 * compared as it is. */
static inline int is_word(const char *key, const char *word, size_t len) {
    for (size_t i = 0; i < len; i += 8) {
        size_t n = len - i < 8 ? len - i : 8;
        uint64_t w = word_of(word + i, n);
        uint64_t fold = (w >> 1) & (RB_ONES * 0x20);
        if ((word_of(key + i, n) | fold) != w)
            return 0;
    }
    return 1;
}

/* The four keys spelt exactly (any case): the common case in every
 * profile, with nothing to report. KEY_OTHER otherwise. */
static enum key_kind exact_key(const char *key, size_t len) {
    switch (len) {
    case 5:
        return is_word(key, "allow", 5) ? KEY_ALLOW : KEY_OTHER;
    case 7:
        return is_word(key, "sitemap", 7) ? KEY_SITEMAP : KEY_OTHER;
    case 8:
        return is_word(key, "disallow", 8) ? KEY_DISALLOW : KEY_OTHER;
    case 10:
        return is_word(key, "user-agent", 10) ? KEY_USER_AGENT : KEY_OTHER;
    default:
        return KEY_OTHER;
    }
}

/* Classifies a key, reporting what was odd about it. KEY_NONE: the line is
 * to be ignored (a typo rfc9309 and legacy do not accept). */
static enum key_kind classify_key(parser *p, const char *key, size_t len) {
    char q[48];
    enum key_kind exact = exact_key(key, len);
    if (exact != KEY_OTHER)
        return exact;
    if (p->profile == ROBOTS_PROFILE_GOOGLE) {
        int typo = 0;
        enum key_kind kind = google_key(key, len, &typo);
        if (kind != KEY_OTHER) {
            const char *name = canonical_key[kind];
            if (!typo && equals_nocase(key, len, name))
                return kind;
            if (diag_capped(p, typo ? ROBOTS_DIAG_TYPO_KEY
                                    : ROBOTS_DIAG_KEY_BY_PREFIX))
                return kind;
            if (typo)
                diag(p, key, ROBOTS_DIAG_TYPO_KEY, ROBOTS_SEVERITY_NOTE, name,
                     "key '%s' is a misspelling of %s, accepted as such",
                     quote(key, len, q), name);
            else
                diag(p, key, ROBOTS_DIAG_KEY_BY_PREFIX, ROBOTS_SEVERITY_NOTE,
                     name, "key '%s' is read as %s because it starts with it",
                     quote(key, len, q), name);
            return kind;
        }
    } else {
        enum key_kind kind = strict_key(key, len);
        if (kind != KEY_OTHER)
            return kind;
    }
    if (is_known_extension(key, len)) {
        diag_quoting(
            p, key, ROBOTS_DIAG_EXTENSION, ROBOTS_SEVERITY_NOTE, "'", key, len,
            "' is an extension: kept as a record, never part of a verdict");
        return KEY_OTHER;
    }
    const char *guess = typo_of(key, len);
    if (guess != NULL) {
        /* rfc9309 and legacy know exact keys only: the line is ignored. */
        diag(p, key, ROBOTS_DIAG_TYPO_KEY,
             p->profile == ROBOTS_PROFILE_GOOGLE ? ROBOTS_SEVERITY_WARNING
                                                 : ROBOTS_SEVERITY_ERROR,
             guess, "unknown key '%s' is ignored; did you mean %s?",
             quote(key, len, q), guess);
        return KEY_NONE;
    }
    diag_quoting(p, key, ROBOTS_DIAG_UNKNOWN_KEY, ROBOTS_SEVERITY_WARNING,
                 "unknown key '", key, len,
                 "' is kept as a record and ignored");
    return KEY_OTHER;
}

/* ---- records ------------------------------------------------------------ */

/* How rfc9309 or google reads a user-agent value it reduces to its
 * product token (docs/semantics.md), said as that reading, not as a
 * judgement of the crawler (issue 21: "'360Spider' names no crawler" was
 * said of a real one). A token that ends at '/', a space, '(' or ';'
 * drops a version or a comment ("Googlebot/2.1"): a note. One that ends
 * inside the name ("MJ12bot" read as "MJ", "archive.org_bot" as
 * "archive", "360Spider" as nothing) changes which crawlers the line
 * matches: a warning. */
RB_COLD static void agent_reading(parser *p, const char *value, size_t len,
                                  size_t token_len) {
    char q[48], t[48], n[48];
    unsigned char next = (unsigned char)value[token_len];
    size_t name_len = token_len;
    while (name_len < len &&
           !rb_ascii_is_blank((unsigned char)value[name_len]) &&
           value[name_len] != '/' && value[name_len] != '(' &&
           value[name_len] != ';')
        name_len++;
    int google = p->profile == ROBOTS_PROFILE_GOOGLE;
    quote(value, len, q);
    quote(value, name_len, n);
    if (token_len == 0) {
        diag(p, value, ROBOTS_DIAG_EMPTY_USER_AGENT, ROBOTS_SEVERITY_WARNING,
             NULL,
             google ? "user-agent '%s' starts with no letter, '-' or '_': its "
                      "product token is empty, which google/robotstxt "
                      "matches only for an empty crawler name, not for '%s'"
                    : "user-agent '%s' starts with no letter, '-' or '_': its "
                      "product token is empty, and rfc9309 matches no "
                      "crawler to an empty token, '%s' included",
             q, n);
        return;
    }
    quote(value, token_len, t);
    if (name_len == token_len || next == '/' || rb_ascii_is_blank(next) ||
        next == '(' || next == ';') {
        diag(p, value, ROBOTS_DIAG_AGENT_REDUCED, ROBOTS_SEVERITY_NOTE, NULL,
             "user-agent '%s' is read as its product token '%s'", q, t);
        return;
    }
    if (google)
        diag(p, value, ROBOTS_DIAG_AGENT_REDUCED, ROBOTS_SEVERITY_WARNING, NULL,
             "user-agent '%s' is read as its product token '%s' (letters, "
             "'-', '_'), and google/robotstxt compares a crawler's whole "
             "name with it: '%s' does not match the line",
             q, t, n);
    else
        diag(p, value, ROBOTS_DIAG_AGENT_REDUCED, ROBOTS_SEVERITY_WARNING, NULL,
             "user-agent '%s' is read as its product token '%s' (letters, "
             "'-', '_'), as a crawler's name is: the line matches every "
             "name that reduces to '%s', not '%s' alone",
             q, t, t, n);
}

static void on_user_agent(parser *p, const char *value, size_t len) {
    if (!p->have_group || !p->in_agent_list) {
        rb_group g;
        memset(&g, 0, sizeof g);
        g.first_agent = (uint32_t)p->agents.count;
        g.first_rule = (uint32_t)p->rules.count;
        if (!rb_vec_push(&p->mem, &p->groups, &g, 1)) {
            p->failed = 1;
            return;
        }
        p->have_group = 1;
        p->in_agent_list = 1;
    }
    rb_agent a;
    int wildcard = rb_agent_is_wildcard(value, len);
    size_t token_len = rb_line_token_len(p->profile, value, len, wildcard);
    a.line = (uint32_t)p->line;
    a.value = add_text(p, value, len).off | (wildcard ? RB_AGENT_WILDCARD : 0);
    if (len == 0)
        diag(p, NULL, ROBOTS_DIAG_EMPTY_USER_AGENT, ROBOTS_SEVERITY_WARNING,
             NULL, "user-agent line with no name names no crawler");
    else if (!wildcard && token_len != len)
        agent_reading(p, value, len, token_len);
    if (p->failed)
        return;
    if (!rb_vec_push(&p->mem, &p->agents, &a, 1)) {
        p->failed = 1;
        return;
    }
}

static int is_google_index_htm(const char *pattern, size_t len) {
    size_t slash = len;
    while (slash > 0 && pattern[slash - 1] != '/')
        slash--;
    if (slash == 0)
        return 0;
    return starts_with_nocase(pattern + slash, len - slash, "index.htm") &&
           memcmp(pattern + slash, "index.htm", 9) == 0;
}

/* A rule's fields (see rb_rule): its pattern's text, and whether that is
 * its own normal form (nlen bytes) or is normalised when read. */
static inline void set_rule(rb_rule *r, size_t line, robots_rule_kind kind,
                            int index_htm, rb_span pattern, int normalise,
                            size_t nlen) {
    r->line_bits =
        (uint32_t)(line << 2) | (uint32_t)(index_htm << 1) | (uint32_t)kind;
    r->pattern_off = pattern.off;
    r->pattern_bits =
        (uint16_t)(pattern.len | (normalise ? RB_RULE_NORMALISE : 0));
    r->normalized_len = (uint16_t)nlen;
}

static void on_rule(parser *p, enum key_kind key, const char *value,
                    size_t len) {
    char q[48];
    robots_rule_kind kind =
        key == KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW;
    if (!p->have_group) {
        diag(p, NULL, ROBOTS_DIAG_RULE_OUTSIDE_GROUP, ROBOTS_SEVERITY_ERROR,
             NULL, "%s rule before any user-agent line is ignored",
             kind == ROBOTS_RULE_ALLOW ? "allow" : "disallow");
        return;
    }
    p->in_agent_list = 0;
    if (len == 0 && p->profile != ROBOTS_PROFILE_LEGACY)
        return; /* RFC 9309 2.2.2: an empty pattern is no rule */
    if (len == 0 && kind == ROBOTS_RULE_ALLOW)
        diag(p, NULL, ROBOTS_DIAG_EMPTY_ALLOW_MATCHES_ALL, ROBOTS_SEVERITY_NOTE,
             NULL, "an empty Allow matches every path in the 1996 draft");

    const char *norm = value;
    size_t nlen = len;
    if (!rb_pattern_is_normal(p->profile, value, len)) {
        nlen = rb_normalize_pattern(p->profile, value, len, p->scratch);
        norm = p->scratch;
    }
    int never = len != 0 && rb_normal_never_matches(p->profile, norm[0]);
    if (never)
        diag(p, value, ROBOTS_DIAG_PATTERN_NEVER_MATCHES, ROBOTS_SEVERITY_ERROR,
             NULL, "pattern '%s' does not start with '/'%s and can never match",
             quote(value, len, q),
             p->profile == ROBOTS_PROFILE_LEGACY ? "" : " or '*'");
    rb_span pattern = add_text(p, value, len);
    int normalise =
        norm != value && (nlen != len || memcmp(norm, value, len) != 0);
    int index_htm = p->profile == ROBOTS_PROFILE_GOOGLE &&
                    kind == ROBOTS_RULE_ALLOW &&
                    is_google_index_htm(norm, nlen);
    if (p->failed)
        return;
    /* stored in place: a push's memcpy of a variable size is a call */
    rb_rule *slot = rb_vec_reserve(&p->mem, &p->rules, 1);
    if (slot == NULL) {
        p->failed = 1;
        return;
    }
    set_rule(slot, p->line, kind, index_htm, pattern, normalise, nlen);
    p->rules.count++;
    if (normalise && nlen > p->longest_rule_normal)
        p->longest_rule_normal = nlen;
}

/* on_rule() for the usual rule: in a group, a pattern that starts with
 * '/' and is its own normal form, stored with no call but the normal-form
 * test (and, for a google Allow, the index.htm test). 0, with nothing
 * done, for any other: on_rule() then takes it. */
static inline int usual_rule(parser *p, enum key_kind key, const char *value,
                             size_t len) {
    if (!p->have_group || len == 0 || value[0] != '/')
        return 0;
#ifdef RB_SSE2
    if (p->profile != ROBOTS_PROFILE_LEGACY && len <= 32 &&
        (size_t)(value - p->body) + len > 32) { /* the 32 bytes it reads */
        if (!rb_pattern_is_normal32(p->profile == ROBOTS_PROFILE_RFC9309, value,
                                    len))
            return 0;
    } else
#endif
        if (!rb_pattern_is_normal(p->profile, value, len))
        return 0;
    /* room, most often there already: the arrays were sized up front */
    if ((p->text.cap - p->text.count <= len &&
         rb_vec_reserve(&p->mem, &p->text, len + 1) == NULL) ||
        (p->rules.count == p->rules.cap &&
         rb_vec_reserve(&p->mem, &p->rules, 1) == NULL)) {
        p->failed = 1;
        return 1;
    }
    char *text = (char *)p->text.data + p->text.count;
#ifdef RB_SSE2
    /* Most patterns: 48 bytes copied, where the input and the array both
     * have them, in place of a call that branches on the length; the
     * bytes past the pattern are overwritten by the next text or lie in
     * the array's unused end. */
    if (len <= 48 && (size_t)(p->body_end - value) >= 48 &&
        p->text.cap - p->text.count > 48) {
        for (size_t i = 0; i < 48; i += 16)
            _mm_storeu_si128(
                (__m128i *)(void *)(text + i),
                _mm_loadu_si128((const __m128i *)(const void *)(value + i)));
    } else
#endif
        memcpy(text, value, len);
    text[len] = '\0';
    rb_span pattern = {(uint32_t)p->text.count, (uint32_t)len};
    int index_htm = p->profile == ROBOTS_PROFILE_GOOGLE && key == KEY_ALLOW &&
                    is_google_index_htm(value, len);
    set_rule((rb_rule *)p->rules.data + p->rules.count, p->line,
             key == KEY_ALLOW ? ROBOTS_RULE_ALLOW : ROBOTS_RULE_DISALLOW,
             index_htm, pattern, 0, len);
    p->text.count += len + 1;
    p->rules.count++;
    p->in_agent_list = 0;
    return 1;
}

static int is_absolute_url(const char *s, size_t len) {
    size_t i = 0;
    while (i < len &&
           ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
            (i > 0 && ((s[i] >= '0' && s[i] <= '9') || s[i] == '+' ||
                       s[i] == '-' || s[i] == '.'))))
        i++;
    return i > 0 && len - i > 3 && s[i] == ':' && s[i + 1] == '/' &&
           s[i + 2] == '/';
}

static void add_record(parser *p, rb_records_build *list, const char *key,
                       size_t klen, const char *value, size_t vlen) {
    uint32_t group =
        p->have_group ? (uint32_t)(p->groups.count - 1) : UINT32_MAX;
    if (!p->failed && !rb_records_add(&p->mem, list, (uint32_t)p->line, group,
                                      key, klen, value, vlen))
        p->failed = 1;
}

static void on_sitemap(parser *p, const char *key, size_t klen,
                       const char *value, size_t len) {
    char q[48];
    if (!is_absolute_url(value, len))
        diag(p, len ? value : NULL, ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE,
             ROBOTS_SEVERITY_WARNING, NULL,
             "sitemap '%s' is not an absolute URL", quote(value, len, q));
    if (len != 0)
        add_record(p, &p->sitemaps, key, klen, value, len);
}

/* A crawl-delay is a non-negative decimal number of seconds. Values of a
 * billion seconds or more are reported as invalid rather than rounded. */
int rb_parse_delay(const char *s, size_t len, double *out) {
    double value = 0, scale = 1;
    size_t i = 0, digits = 0, int_digits = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
        value = value * 10 + (s[i] - '0');
        i++;
        digits++;
        if (value > 0)
            int_digits++;
    }
    if (i < len && s[i] == '.') {
        i++;
        while (i < len && s[i] >= '0' && s[i] <= '9') {
            scale /= 10;
            value += (s[i] - '0') * scale;
            i++;
            digits++;
        }
    }
    if (digits == 0 || i != len || int_digits > 9)
        return 0;
    *out = value;
    return 1;
}

/* Issue 24's hook: a Content-Usage or Content-Signal line is kept as an
 * extension record, which robots_usage() reads (lib/src/aipref/
 * usage_query.c); here only where it stands matters. */
static void on_usage_record(parser *p, int key) {
    if (p->have_group) {
        if (key == RB_USAGE_KEY_CONTENT_USAGE && p->content_usage_ends_group)
            p->in_agent_list = 0; /* attach-05 3: a rule ends the agents */
        return;
    }
    if (key == RB_USAGE_KEY_CONTENT_USAGE)
        diag(p, NULL, ROBOTS_DIAG_RULE_OUTSIDE_GROUP, ROBOTS_SEVERITY_WARNING,
             NULL, "content-usage rule before any user-agent line is ignored");
    else
        diag(p, NULL, ROBOTS_DIAG_EXTENSION, ROBOTS_SEVERITY_NOTE, NULL,
             "content-signal before any user-agent line is kept as the "
             "file's own and applies to no group");
}

static void on_other(parser *p, const char *key, size_t klen, const char *value,
                     size_t len) {
    char q[48];
    add_record(p, &p->extensions, key, klen, value, len);
    int usage = rb_usage_key(key, klen);
    if (usage != RB_USAGE_KEY_NONE)
        on_usage_record(p, usage);
    if (!equals_nocase(key, klen, "crawl-delay"))
        return;
    /* A group's crawl-delay, the first that parses, is found again among
     * its records (access.c): here only a bad one is reported. */
    double delay;
    if (!rb_parse_delay(value, len, &delay))
        diag(p, len ? value : NULL, ROBOTS_DIAG_INVALID_CRAWL_DELAY,
             ROBOTS_SEVERITY_WARNING, NULL,
             "crawl-delay '%s' is not a number of seconds; ignored",
             quote(value, len, q));
}

/* ---- lines -------------------------------------------------------------- */

static inline int is_trim_space(const parser *p, unsigned char c) {
    if (rb_byte_class[c] & RB_C_SPACE)
        return 1;
    /* google/robotstxt trims the whole ASCII whitespace set. */
    return p->profile == ROBOTS_PROFILE_GOOGLE &&
           (c == '\v' || c == '\f' || c == '\r' || c == '\n');
}

static inline void trim_start(const parser *p, const char **s, size_t *len) {
    while (*len > 0 && is_trim_space(p, (unsigned char)(*s)[0])) {
        (*s)++;
        (*len)--;
    }
}

static inline void trim_end(const parser *p, const char *s, size_t *len) {
    while (*len > 0 && is_trim_space(p, (unsigned char)s[*len - 1]))
        (*len)--;
}

static inline void trim(const parser *p, const char **s, size_t *len) {
    trim_start(p, s, len);
    trim_end(p, *s, len);
}

/* The first byte >= 0x80 from i on, or len: eight bytes a step, as the
 * lines that come here are mostly comments, mostly ASCII. */
static inline size_t skip_ascii(const unsigned char *s, size_t i, size_t len) {
    for (; len - i >= 8; i += 8) {
        uint64_t v;
        memcpy(&v, s + i, 8);
        if (v & RB_HIGHS)
            break;
    }
    while (i < len && s[i] < 0x80)
        i++;
    return i;
}

/* Offset of the first byte that is not UTF-8, or len. */
static size_t invalid_utf8_at(const unsigned char *s, size_t len) {
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c < 0x80) {
            i = skip_ascii(s, i + 1, len);
            continue;
        }
        size_t n;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0)
                lo = 0xA0;
            if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0)
                lo = 0x90;
            if (c == 0xF4)
                hi = 0x8F;
        } else {
            return i;
        }
        if (len - i <= n)
            return i;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (size_t k = 2; k <= n; k++)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        i += n + 1;
    }
    return len;
}

size_t rb_invalid_utf8_at(const unsigned char *s, size_t len) {
    return invalid_utf8_at(s, len);
}

static void check_bytes(parser *p, const char *raw, size_t len) {
    const unsigned char *u = (const unsigned char *)raw;
    size_t bad = invalid_utf8_at(u, len);
    if (bad < len)
        diag(p, raw + bad, ROBOTS_DIAG_INVALID_UTF8, ROBOTS_SEVERITY_WARNING,
             NULL, "byte 0x%02X is not UTF-8", u[bad]);
    /* A BOM's first byte is rare: memchr() (a vector search) first. */
    if (len < 3 || memchr(u, 0xEF, len - 2) == NULL)
        return;
    for (size_t i = 0; i + 3 <= len; i++) {
        if (u[i] == 0xEF && u[i + 1] == 0xBB && u[i + 2] == 0xBF) {
            diag(p, raw + i, ROBOTS_DIAG_BOM_NOT_AT_START,
                 ROBOTS_SEVERITY_WARNING, NULL,
                 "a byte order mark after the start of the file is read as "
                 "ordinary bytes");
            break;
        }
    }
}

/* "disallow /a" without a colon: google reads exactly two words as key and
 * value. Returns 1 and splits when the line has that shape. */
static int split_two_words(const char *s, size_t len, const char **key,
                           size_t *klen, const char **value, size_t *vlen) {
    size_t i = 0;
    while (i < len && !rb_ascii_is_blank((unsigned char)s[i]))
        i++;
    if (i == len)
        return 0;
    size_t j = i;
    while (j < len && rb_ascii_is_blank((unsigned char)s[j]))
        j++;
    for (size_t k = j; k < len; k++)
        if (rb_ascii_is_blank((unsigned char)s[k]))
            return 0;
    *key = s;
    *klen = i;
    *value = s + j;
    *vlen = len - j;
    return 1;
}

/* The usual lines, "Disallow: /x", "Allow: /x" and "User-agent: x", with
 * the key spelt exactly (any case) at the start and ':' right after it,
 * read without the general path's trim of the whole line, search for ':'
 * and key classification: 1 and the key and value when the line has that
 * shape. Only a line with no special byte comes here; the value is trimmed
 * as the general path trims it, so that both find the same key and value
 * (the fuzzers' build, RB_PARSE_CROSSCHECK, reads every such line both
 * ways and stops at a difference). */
static int usual_line(const parser *p, const char *raw, size_t len,
                      enum key_kind *kind, const char **value, size_t *vlen) {
    size_t klen;
    if (len >= 9 && raw[8] == ':' && is_word(raw, "disallow", 8)) {
        *kind = KEY_DISALLOW;
        klen = 8;
    } else if (len >= 6 && raw[5] == ':' && is_word(raw, "allow", 5)) {
        *kind = KEY_ALLOW;
        klen = 5;
    } else if (len >= 11 && raw[10] == ':' && is_word(raw, "user-agent", 10)) {
        *kind = KEY_USER_AGENT;
        klen = 10;
    } else {
        return 0;
    }
    const char *v = raw + klen + 1;
    size_t n = len - klen - 1;
    /* The usual one space after the ':', then trim() only where a byte at
     * an end could be space (every profile's are at most ' '). */
    if (n > 0 && v[0] == ' ') {
        v++;
        n--;
    }
    if (n > 0 && (unsigned char)v[0] <= ' ')
        trim_start(p, &v, &n);
    if (n > 0 && (unsigned char)v[n - 1] <= ' ')
        trim_end(p, v, &n);
    *value = v;
    *vlen = n;
    return 1;
}

#ifdef RB_PARSE_CROSSCHECK
#include <stdlib.h>
/* What the general path makes of a usual line must be what usual_line()
 * made of it. */
static void crosscheck_usual(const parser *p, const char *raw, size_t len,
                             enum key_kind kind, const char *value,
                             size_t vlen) {
    const char *content = raw;
    trim(p, &content, &len);
    const char *colon = memchr(content, ':', len);
    if (colon == NULL)
        abort();
    size_t klen = (size_t)(colon - content);
    const char *v = colon + 1;
    size_t n = len - klen - 1;
    trim_end(p, content, &klen);
    trim_start(p, &v, &n);
    /* (an empty value's place is never read) */
    if (exact_key(content, klen) != kind || n != vlen || (n != 0 && v != value))
        abort();
}
#endif

#ifdef RB_PARSE_CROSSCHECK
/* What on_rule() stores for a rule usual_rule() stored must be the same:
 * the rule is taken back and stored again the general way. */
static void crosscheck_rule(parser *p, enum key_kind key, const char *value,
                            size_t len) {
    if (p->failed)
        return;
    rb_rule fast = ((rb_rule *)p->rules.data)[p->rules.count - 1];
    size_t rules = p->rules.count, text = p->text.count;
    size_t diags = p->diags.count;
    p->rules.count--;
    p->text.count -= len + 1;
    on_rule(p, key, value, len);
    if (p->failed)
        return;
    const rb_rule *slow = &((const rb_rule *)p->rules.data)[rules - 1];
    if (p->rules.count != rules || p->text.count != text ||
        p->diags.count != diags || slow->line_bits != fast.line_bits ||
        slow->pattern_off != fast.pattern_off ||
        slow->pattern_bits != fast.pattern_bits ||
        slow->normalized_len != fast.normalized_len || p->in_agent_list)
        abort();
}
#endif

/* A line usual_line() read whole (a user-agent line or a rule, no
 * specials): handled here, 1; 0 for the general path. */
static int process_usual_line(parser *p, const char *raw, size_t raw_len) {
    enum key_kind usual;
    const char *v;
    size_t n;
    if (!usual_line(p, raw, raw_len, &usual, &v, &n))
        return 0;
#ifdef RB_PARSE_CROSSCHECK
    crosscheck_usual(p, raw, raw_len, usual, v, n);
#endif
    p->seen_content = 1; /* it starts with a letter, not '<' */
    if (usual == KEY_USER_AGENT)
        on_user_agent(p, v, n);
    else if (!usual_rule(p, usual, v, n))
        on_rule(p, usual, v, n);
#ifdef RB_PARSE_CROSSCHECK
    else
        crosscheck_rule(p, usual, v, n);
#endif
    return 1;
}

/* The line's content: up to a NUL (reported) or a '#', trimmed. *blank
 * when neither cut it (a comment line is not blank). */
static void line_content(parser *p, int special, const char **content,
                         size_t *len, int *blank) {
    const char *nul = special && *len ? memchr(*content, '\0', *len) : NULL;
    if (nul != NULL) {
        diag(p, nul, ROBOTS_DIAG_NUL_BYTE, ROBOTS_SEVERITY_WARNING, NULL,
             "a NUL byte ends the line; the rest of it is ignored");
        *len = (size_t)(nul - *content);
    }
    const char *hash = special && *len ? memchr(*content, '#', *len) : NULL;
    *blank = hash == NULL && nul == NULL;
    if (hash != NULL)
        *len = (size_t)(hash - *content);
    trim(p, content, len);
}

/* The first line with content: a file that starts with '<' is HTML. */
static void first_content(parser *p, const char *content) {
    if (p->seen_content)
        return;
    p->seen_content = 1;
    if (content[0] == '<')
        diag(p, content, ROBOTS_DIAG_LOOKS_LIKE_HTML, ROBOTS_SEVERITY_ERROR,
             NULL, "the file looks like HTML, not a robots.txt");
}

/* A line with neither ':' nor (google) two words: reported, with the key
 * it was likely meant to be, and ignored. */
static void missing_colon(parser *p, const char *content, size_t len) {
    char q[48];
    const char *word_end = content;
    while (word_end < content + len &&
           !rb_ascii_is_blank((unsigned char)*word_end))
        word_end++;
    size_t wlen = (size_t)(word_end - content);
    enum key_kind k = p->profile == ROBOTS_PROFILE_GOOGLE
                          ? KEY_OTHER
                          : strict_key(content, wlen);
    /* The guess only words the message: past the cap, none is kept,
     * and a file of junk lines is not worth a distance per line. */
    const char *guess = k != KEY_OTHER ? canonical_key[k] : NULL;
    if (k == KEY_OTHER && p->diags.count < ROBOTS_MAX_DIAGNOSTICS)
        guess = typo_of(content, wlen);
    if (guess != NULL)
        diag(p, content, ROBOTS_DIAG_MISSING_COLON, ROBOTS_SEVERITY_ERROR,
             guess,
             "line '%s' has no ':' and is ignored; did you mean "
             "'%s: ...'?",
             quote(content, len, q), guess);
    else
        diag_quoting(p, content, ROBOTS_DIAG_MISSING_COLON,
                     ROBOTS_SEVERITY_WARNING, "line '", content, len,
                     "' has no ':' and is ignored");
}

/* Splits a line's content into its key and value: at its ':', or, in
 * google, at the space between two words. 0 when it has no key (then
 * the line is reported and ignored). */
static int split_line(parser *p, const char *content, size_t len,
                      const char **key, size_t *klen, const char **value,
                      size_t *vlen) {
    char q[48];
    const char *colon = memchr(content, ':', len);
    if (colon != NULL) {
        *key = content;
        *klen = (size_t)(colon - content);
        *value = colon + 1;
        *vlen = len - *klen - 1;
        /* The line is trimmed already: the key's start and the value's
         * end are. */
        trim_end(p, *key, klen);
        trim_start(p, value, vlen);
    } else if (p->profile == ROBOTS_PROFILE_GOOGLE &&
               split_two_words(content, len, key, klen, value, vlen)) {
        /* The words are split at ' ' and '\t' only; then, as after a
         * ':', the key's end and the value's start are trimmed of the
         * profile's whitespace ("disallow\t\f/" is "/"). */
        trim_end(p, *key, klen);
        trim_start(p, value, vlen);
        if (!diag_capped(p, ROBOTS_DIAG_NO_SEPARATOR_PAIR))
            diag(p, content, ROBOTS_DIAG_NO_SEPARATOR_PAIR,
                 ROBOTS_SEVERITY_NOTE, NULL,
                 "line without ':' is read as key '%s' and its value",
                 quote(*key, *klen, q));
    } else {
        missing_colon(p, content, len);
        return 0;
    }
    if (*klen == 0) {
        diag(p, colon, ROBOTS_DIAG_EMPTY_KEY, ROBOTS_SEVERITY_WARNING, NULL,
             "line starts with ':' and has no key; ignored");
        return 0;
    }
    return 1;
}

/* A key and its value, to the handler of the key's kind. */
static void on_key(parser *p, const char *key, size_t klen, const char *value,
                   size_t vlen) {
    enum key_kind kind = classify_key(p, key, klen);
    switch (kind) {
    case KEY_USER_AGENT:
        on_user_agent(p, value, vlen);
        break;
    case KEY_ALLOW:
    case KEY_DISALLOW:
        on_rule(p, kind, value, vlen);
        break;
    case KEY_SITEMAP:
        on_sitemap(p, key, klen, value, vlen);
        break;
    case KEY_OTHER:
        on_other(p, key, klen, value, vlen);
        break;
    case KEY_NONE:
        break;
    }
}

/* One line, in named steps: the usual line read whole, or its content,
 * the first content's HTML test, its key and value, their handler.
 * special: the line may hold a NUL, '#' or a byte >= 0x80 (when 0, it
 * holds none, and the searches for them are skipped). */
static void process_line(parser *p, const char *raw, size_t raw_len,
                         int special) {
    p->line_start = raw;
    if (special)
        check_bytes(p, raw, raw_len);
    else if (process_usual_line(p, raw, raw_len))
        return;
    const char *content = raw;
    size_t len = raw_len;
    int blank;
    line_content(p, special, &content, &len, &blank);
    if (len == 0) {
        /* legacy: a blank line (not a comment line) ends the record. */
        if (blank && p->profile == ROBOTS_PROFILE_LEGACY) {
            p->have_group = 0;
            p->in_agent_list = 0;
        }
        return;
    }
    first_content(p, content);
    const char *key, *value;
    size_t klen, vlen;
    if (split_line(p, content, len, &key, &klen, &value, &vlen))
        on_key(p, key, klen, value, vlen);
}

/* ---- the whole file ----------------------------------------------------- */

/* Nonzero when some byte of v is below 0x0E (NUL, LF and CR are; so are
 * TAB and a few other controls, which line_end() then steps over), or when
 * v has a '#' or a byte >= 0x80: one test for three bytes, exact in its
 * lowest flag (a borrow only ever flags bytes after a true one). */
static inline uint64_t line_special(uint64_t v) {
    return ((v - RB_ONES * 0x0E) & ~v & RB_HIGHS) |
           rb_zero_byte(v ^ (RB_ONES * '#')) | (v & RB_HIGHS);
}

#ifdef RB_SSE2
/* The offset of the first byte of the 16 at s that is below 0x0E or is
 * '#' or >= 0x80 (a signed compare puts those below 0x0E too), or 16. */
static inline size_t first_line_special16(const char *s) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i hit = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x0E)),
                               _mm_cmpeq_epi8(v, _mm_set1_epi8('#')));
    unsigned m = (unsigned)_mm_movemask_epi8(hit);
    return m != 0 ? (size_t)__builtin_ctz(m) : 16;
}
#endif

/* The first byte from i on, before limit, that is below 0x0E or is '#' or
 * >= 0x80 (a candidate for line_end()), or limit. Sixteen bytes a step
 * where SSE2 is there (every x86-64), else eight in a word; a step that
 * holds one goes straight to it (a word only on a little-endian machine:
 * elsewhere the last bytes are read one by one). A CI gate builds with
 * RB_NO_SIMD and RB_NO_FIRST_FLAGGED to test that portable path too. */
static inline size_t next_candidate(const char *body, size_t i, size_t limit) {
#ifdef RB_SSE2
    while (limit - i >= 32) { /* two steps a round: half the loop's tests */
        size_t at = first_line_special16(body + i);
        if (at != 16)
            return i + at;
        at = first_line_special16(body + i + 16);
        if (at != 16)
            return i + 16 + at;
        i += 32;
    }
    if (limit - i >= 16) {
        size_t at = first_line_special16(body + i);
        if (at != 16)
            return i + at;
        i += 16;
    }
#endif
    while (limit - i >= 8) {
        uint64_t v;
        memcpy(&v, body + i, 8);
        uint64_t m = line_special(v);
        if (m != 0) {
#ifdef RB_LITTLE_ENDIAN
            return i + rb_first_flagged(m);
#else
            break;
#endif
        }
        i += 8;
    }
    while (i < limit && (unsigned char)body[i] >= 0x0E && body[i] != '#' &&
           (unsigned char)body[i] < 0x80)
        i++;
    return i;
}

/* The end of the line starting at pos (the first LF or CR, or limit), and
 * whether the line holds a NUL, '#' or byte >= 0x80 (*special); a TAB or
 * another control is stepped over. */
static size_t line_end(const char *body, size_t pos, size_t limit,
                       int *special) {
    for (size_t i = next_candidate(body, pos, limit); i < limit;
         i = next_candidate(body, i + 1, limit)) {
        unsigned char c = (unsigned char)body[i];
        if (rb_byte_class[c] & RB_C_LINE) {
            if (c == '\n' || c == '\r')
                return i;
            *special = 1;
        }
    }
    return limit;
}

/* The bytes of x equal to the byte `b`: exact, no false positives (the
 * high bit of each byte of y is set when that byte of x ^ b is not 0). */
static inline size_t bytes_equal(uint64_t x, unsigned char b) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Fu, ones = 0x0101010101010101u;
    uint64_t t = x ^ (b * ones);
    uint64_t y = ((t & low7) + low7) | t;
    return (size_t)((((~y & ~low7) >> 7) * ones) >> 56);
}

/* The lines of body[pos, len) (pos < len), ended as parse_lines() ends
 * them (LF, CR or CRLF) and the last one whether or not it is ended: for
 * the part of a body past the parse limit, which is never parsed. One
 * pass, 8 bytes a step without a branch on their values except to look
 * closer at a step holding a CR (a CRLF counts once); nothing allocated. */
static size_t count_lines(const char *body, size_t pos, size_t len) {
    const unsigned char *u = (const unsigned char *)body;
    size_t lines = 0, i = pos;
    for (; len - i >= 8; i += 8) {
        uint64_t x;
        memcpy(&x, u + i, 8);
        lines += bytes_equal(x, '\n');
        if (bytes_equal(x, '\r') != 0)
            for (size_t k = i; k < i + 8; k++)
                lines += u[k] == '\r' && (k + 1 == len || u[k + 1] != '\n');
    }
    for (; i < len; i++)
        lines += u[i] == '\n' ||
                 (u[i] == '\r' && (i + 1 == len || u[i + 1] != '\n'));
    if (u[len - 1] != '\n' && u[len - 1] != '\r')
        lines++;
    return lines;
}

/* Where the parse limit cut the body, at `pos` (the start of the first
 * line not read), and the past-parse-limit diagnostic there. The lines
 * not read are counted only when the whole body was given: past a
 * prefix (robots_parse_prefix()) the rest was never seen, and the
 * diagnostic says "the rest" rather than a count it cannot make. */
static void record_cut(parser *p, const char *body, size_t pos, size_t len,
                       size_t limit) {
    p->cut_offset = pos;
    p->cut_line = p->line;
    p->line_start = body + pos;
    if (p->rest == 0) {
        p->lines_not_read = count_lines(body, pos, len);
        p->bytes_not_read = len - pos;
        diag(p, NULL, ROBOTS_DIAG_PAST_PARSE_LIMIT, ROBOTS_SEVERITY_ERROR, NULL,
             "the file is longer than the parse limit of %zu bytes; its "
             "last %zu lines (%zu bytes), from here on, are not read",
             limit, p->lines_not_read, p->bytes_not_read);
        return;
    }
    p->lines_not_read = ROBOTS_NOT_COUNTED;
    p->bytes_not_read = p->rest == ROBOTS_NOT_COUNTED ||
                                p->rest > ROBOTS_NOT_COUNTED - 1 - (len - pos)
                            ? ROBOTS_NOT_COUNTED
                            : len - pos + p->rest;
    if (p->bytes_not_read != ROBOTS_NOT_COUNTED)
        diag(p, NULL, ROBOTS_DIAG_PAST_PARSE_LIMIT, ROBOTS_SEVERITY_ERROR, NULL,
             "the file is longer than the parse limit of %zu bytes; its "
             "last %zu bytes, from here on, are not read",
             limit, p->bytes_not_read);
    else
        diag(p, NULL, ROBOTS_DIAG_PAST_PARSE_LIMIT, ROBOTS_SEVERITY_ERROR, NULL,
             "the file is longer than the parse limit of %zu bytes; the rest "
             "of it, from here on, is not read",
             limit);
}

/* complexity: 25 (pmccabe). The parse's line loop, which every byte of
 * every file passes through: its branches are the word-at-a-time and SSE2
 * line-end scans and the parse limit's cut, kept in one frame so that the
 * loop's state stays in registers (the instructions gate measures it). */
static void parse_lines(parser *p, const char *body, size_t len, size_t limit,
                        size_t *parsed) {
    const unsigned char *u = (const unsigned char *)body;
    size_t pos = rb_bom_length(p->profile, u, limit);
    p->line = 1;
    /* Both marks are named only when the parse reads their bytes, so that a
     * prefix of the body (robots_parse_prefix) names what the whole does. */
    if (limit >= 2 &&
        ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
        p->line_start = body;
        diag(p, body, ROBOTS_DIAG_UTF16_BOM, ROBOTS_SEVERITY_WARNING, NULL,
             "the file starts with a UTF-16 byte order mark; robots.txt is "
             "UTF-8");
    }
    /* A UTF-8 BOM that an editor read as Latin-1 and saved as UTF-8 again:
     * named, where it would otherwise be six unknown bytes of a key. */
    if (limit >= 6 && memcmp(u, "\xC3\xAF\xC2\xBB\xC2\xBF", 6) == 0) {
        p->line_start = body;
        diag(p, body, ROBOTS_DIAG_BOM_ENCODED_TWICE, ROBOTS_SEVERITY_WARNING,
             NULL,
             "the file starts with a byte order mark encoded twice (C3 AF C2 "
             "BB C2 BF: a UTF-8 BOM read as Latin-1 and saved as UTF-8 "
             "again); its six bytes are read as the start of line 1");
    }
    while (pos < limit && !p->failed) {
        int special = 0;
        size_t eol = line_end(body, pos, limit, &special);
        if (eol == limit && limit < len && body[limit] != '\n' &&
            body[limit] != '\r')
            break; /* the parse limit cuts this line: it is not read */
        size_t line_len = eol - pos;
        p->line_start = body + pos;
        if (line_len > ROBOTS_MAX_LINE_BYTES) {
            diag(p, body + pos + ROBOTS_MAX_LINE_BYTES,
                 ROBOTS_DIAG_LINE_TRUNCATED, ROBOTS_SEVERITY_WARNING, NULL,
                 "line of %zu bytes is cut to its first %zu bytes", line_len,
                 (size_t)ROBOTS_MAX_LINE_BYTES);
            line_len = ROBOTS_MAX_LINE_BYTES;
        }
        process_line(p, body + pos, line_len, special);
        pos = eol;
        if (pos < len) {
            if (body[pos] == '\r' && pos + 1 < len && body[pos + 1] == '\n')
                pos += 2;
            else
                pos += 1;
            p->line++;
        }
    }
    if (pos > len)
        pos = len;
    *parsed = pos < limit ? pos : (limit < pos ? limit : pos);
    if ((pos < len || p->rest != 0) && !p->failed)
        record_cut(p, body, pos, len, limit);
}

/* Room, before the lines are read, for what a usual file holds, so that
 * it is read with no array grown by copying: text for the whole input (a
 * file's values and their NULs are less: its keys are not kept), a rule
 * for every 32 bytes (a realistic file has one for every 35), a group and
 * an agent for every 512. The input is not read for a closer count: that
 * pass over every line was a tenth of a parse. A file with more (short
 * rules, long normalised values, many groups) grows its arrays by half
 * each time; one with fewer leaves the rest unused until the document is
 * gathered into its block (assemble()).
 *
 * The text's array is reserved at a quarter more than the input: a
 * rule-dense file keeps about three quarters of its bytes as text and
 * needs about half as much again for its records, so the document is
 * finished in that array, without copying its text. That copy, and the
 * pages of a new block as large as the input, were a third of the
 * parse's time. */
static void reserve_arrays(parser *p, size_t limit) {
    size_t agents = limit / 512 + 4, rules = limit / 32 + 4;
    size_t text = limit + limit / 4 + sizeof(robots_txt) + 64;
    if (rb_vec_reserve(&p->mem, &p->groups, agents) == NULL ||
        rb_vec_reserve(&p->mem, &p->agents, agents) == NULL ||
        rb_vec_reserve(&p->mem, &p->rules, rules) == NULL ||
        rb_vec_reserve(&p->mem, &p->text, text) == NULL)
        p->failed = 1;
}

static size_t align8(size_t n) {
    return (n + 7) & ~(size_t)7;
}

static void release_parser(parser *p) {
    rb_vec_release(&p->mem, &p->groups);
    rb_vec_release(&p->mem, &p->agents);
    rb_vec_release(&p->mem, &p->rules);
    rb_records_release(&p->mem, &p->sitemaps);
    rb_records_release(&p->mem, &p->extensions);
    rb_vec_release(&p->mem, &p->diags);
    rb_vec_release(&p->mem, &p->text);
    rb_free(&p->mem, p->scratch, 3 * ROBOTS_MAX_LINE_BYTES);
    p->scratch = NULL;
    rb_index_release(&p->mem, &p->index);
}

/* Gathers the arrays into one block laid out as [text][robots_txt][groups]
 * [agents][rules][sitemaps: bytes, marks][extensions: bytes, marks][diags]
 * [tokens][token sets][set defs][set groups][token slots][units]
 * [unit bytes][memo]; everything after the text is aligned to 8 bytes.
 * The block is the text's own array when the rest fits after the text
 * with at most an eighth of the array unused (a document never holds more
 * than 8/7 of what it needs), else a new block of exactly its size. The
 * units and the memo start empty: a check compiles a set when it first
 * needs it (index.c), and remembers a name it resolves (check.c). */
/* The arrays the parse built that the document keeps, each copied into
 * the document's block: named, so that each is placed and then read back
 * by its name (part_at()), not by its position in a list. */
enum block_part {
    PART_GROUPS,
    PART_AGENTS,
    PART_RULES,
    PART_SITEMAP_BYTES,
    PART_SITEMAP_MARKS,
    PART_EXTENSION_BYTES,
    PART_EXTENSION_MARKS,
    PART_DIAGS,
    PART_TOKENS,
    PART_TOKEN_SETS,
    PART_SET_DEFS,
    PART_SET_GROUPS,
    PART_TOKEN_SLOTS,
    PART_COUNT
};

/* Where each part starts in the block, and the block's layout after them:
 * the atomics a check writes (see struct robots_txt). */
typedef struct block_layout {
    size_t doc_at;
    size_t part_at[PART_COUNT];
    size_t units_at, unit_bytes_at, direct_walks_at, group_units_at, memo_at;
    size_t size;
} block_layout;

/* The next `bytes` of the block, 8-aligned, at *size. */
static size_t reserve_in_block(size_t *size, size_t bytes) {
    size_t at = *size;
    *size = align8(at + bytes);
    return at;
}

static void lay_out_block(const parser *p, const rb_vec *const *parts,
                          block_layout *out) {
    out->doc_at = align8(p->text.count);
    size_t size = out->doc_at + align8(sizeof(robots_txt));
    for (size_t i = 0; i < PART_COUNT; i++)
        out->part_at[i] =
            reserve_in_block(&size, parts[i]->count * parts[i]->elem);
    out->units_at =
        reserve_in_block(&size, p->index.set_defs.count * sizeof(rb_unit_ref));
    out->unit_bytes_at = reserve_in_block(&size, sizeof(_Atomic size_t));
    out->direct_walks_at = reserve_in_block(&size, sizeof(atomic_uint));
    out->group_units_at =
        reserve_in_block(&size, sizeof(_Atomic(rb_unit_ref *)));
    out->memo_at = reserve_in_block(&size, RB_MEMO_SLOTS * sizeof(rb_memo));
    out->size = size;
}

static const void *part_at(const unsigned char *block,
                           const block_layout *layout, enum block_part part) {
    return block + layout->part_at[part];
}

/* The document's arrays, at their parts of the block. */
static void point_at_parts(robots_txt *doc, const unsigned char *block,
                           const block_layout *layout) {
    doc->groups = part_at(block, layout, PART_GROUPS);
    doc->agents = part_at(block, layout, PART_AGENTS);
    doc->rules = part_at(block, layout, PART_RULES);
    doc->sitemaps.bytes = part_at(block, layout, PART_SITEMAP_BYTES);
    doc->sitemaps.marks = part_at(block, layout, PART_SITEMAP_MARKS);
    doc->extensions.bytes = part_at(block, layout, PART_EXTENSION_BYTES);
    doc->extensions.marks = part_at(block, layout, PART_EXTENSION_MARKS);
    doc->diags = part_at(block, layout, PART_DIAGS);
    doc->tokens = part_at(block, layout, PART_TOKENS);
    doc->token_sets = part_at(block, layout, PART_TOKEN_SETS);
    doc->set_defs = part_at(block, layout, PART_SET_DEFS);
    doc->set_groups = part_at(block, layout, PART_SET_GROUPS);
    doc->token_slots = part_at(block, layout, PART_TOKEN_SLOTS);
}

/* What a check writes later, each slot once (see struct robots_txt):
 * empty, for the first check to fill. */
static void init_check_state(robots_txt *doc, unsigned char *block,
                             const block_layout *layout, size_t set_count) {
    doc->units = (rb_unit_ref *)(block + layout->units_at);
    for (size_t s = 0; s < set_count; s++)
        atomic_init(&doc->units[s], NULL);
    doc->unit_bytes = (_Atomic size_t *)(block + layout->unit_bytes_at);
    atomic_init(doc->unit_bytes, 0);
    doc->direct_walks = (atomic_uint *)(block + layout->direct_walks_at);
    atomic_init(doc->direct_walks, 0);
    doc->group_units =
        (_Atomic(rb_unit_ref *) *)(block + layout->group_units_at);
    atomic_init(doc->group_units, NULL);
    doc->memo = (rb_memo *)(block + layout->memo_at);
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++)
        atomic_init(&doc->memo[s].state, RB_MEMO_FREE);
}

/* The counts of the arrays and the index's scalars. */
static void copy_counts(robots_txt *doc, const parser *p, size_t set_count) {
    doc->sitemaps.count = p->sitemaps.count;
    doc->extensions.count = p->extensions.count;
    doc->group_count = p->groups.count;
    doc->agent_count = p->agents.count;
    doc->rule_count = p->rules.count;
    doc->diag_count = p->diags.count;
    doc->token_count = p->index.tokens.count;
    doc->token_set_count = p->index.token_sets.count;
    doc->set_count = set_count;
    doc->set_group_count = p->index.set_groups.count;
    doc->wildcard_set = p->index.wildcard_set;
    doc->longest_rule_normal = (uint32_t)p->longest_rule_normal;
    doc->token_slot_count = p->index.token_slot_count;
    doc->token_id_mask = p->index.token_id_mask;
}

static robots_txt *assemble(parser *p, size_t input, size_t parsed) {
    const rb_vec *parts[PART_COUNT] = {
        [PART_GROUPS] = &p->groups,
        [PART_AGENTS] = &p->agents,
        [PART_RULES] = &p->rules,
        [PART_SITEMAP_BYTES] = &p->sitemaps.bytes,
        [PART_SITEMAP_MARKS] = &p->sitemaps.marks,
        [PART_EXTENSION_BYTES] = &p->extensions.bytes,
        [PART_EXTENSION_MARKS] = &p->extensions.marks,
        [PART_DIAGS] = &p->diags,
        [PART_TOKENS] = &p->index.tokens,
        [PART_TOKEN_SETS] = &p->index.token_sets,
        [PART_SET_DEFS] = &p->index.set_defs,
        [PART_SET_GROUPS] = &p->index.set_groups,
        [PART_TOKEN_SLOTS] = &p->index.token_slots,
    };
    block_layout layout;
    lay_out_block(p, parts, &layout);
    size_t size = layout.size;
    size_t set_count = p->index.set_defs.count;

    unsigned char *block;
    size_t block_size;
    if (p->text.data != NULL && size <= p->text.cap &&
        size >= p->text.cap - p->text.cap / 8) {
        block = p->text.data; /* the document's now: not released */
        block_size = p->text.cap;
        p->text.data = NULL;
        p->text.cap = 0;
    } else {
        block = rb_alloc(&p->mem, size);
        if (block == NULL)
            return NULL;
        block_size = size;
        if (p->text.count != 0)
            memcpy(block, p->text.data, p->text.count);
    }
    for (size_t i = 0; i < PART_COUNT; i++)
        if (parts[i]->count != 0)
            memcpy(block + layout.part_at[i], parts[i]->data,
                   parts[i]->count * parts[i]->elem);
    robots_txt *doc = (robots_txt *)(block + layout.doc_at);
    memset(doc, 0, sizeof *doc);
    doc->block = block;
    doc->block_size = block_size;
    doc->profile = p->profile;
    doc->input_bytes = input;
    doc->parsed_bytes = parsed;
    doc->diag_total = p->diag_total;
    memcpy(doc->kind_totals, p->kind_totals, sizeof doc->kind_totals);
    doc->cut_offset = p->cut_line != 0 ? p->cut_offset : input;
    doc->cut_line = p->cut_line;
    doc->lines_not_read = p->lines_not_read;
    doc->bytes_not_read = p->bytes_not_read;
    doc->text = (const char *)block;
    point_at_parts(doc, block, &layout);
    init_check_state(doc, block, &layout, set_count);
    copy_counts(doc, p, set_count);
    doc->text_len = p->text.count;
    if (p->text.count == 0)
        doc->text = "";
    return doc;
}

void robots_options_init(robots_options *options) {
    if (options == NULL)
        return;
    memset(options, 0, sizeof *options);
    options->profile = ROBOTS_PROFILE_RFC9309;
    options->parse_limit = ROBOTS_DEFAULT_PARSE_LIMIT;
    options->memory_cap = 0;
    options->allocator = NULL;
}

size_t robots_parse_memory_bound(size_t body_len) {
    /* The densest inputs (an 8-byte rule per line, a Disallow per agent,
     * google's index.htm companions, agents named in many groups) peak at
     * about 7 bytes per input byte while the growable arrays are built
     * (tests/test_alloc.c measures them; the index is compiled later, by
     * the checks, outside this bound: see robots_check()). 32 is what it
     * was when the parse built the index too, kept so that no caller's cap
     * shrinks under it. The fixed part covers the normalisation scratch,
     * the capped diagnostics and the document header. */
    size_t fixed = 3 * ROBOTS_MAX_LINE_BYTES +
                   (ROBOTS_MAX_DIAGNOSTICS + 1) * (sizeof(rb_diag) + 260) * 3 +
                   64 * 1024;
    if (body_len > (SIZE_MAX - fixed) / 32)
        return SIZE_MAX;
    return 32 * body_len + fixed;
}

/* complexity: 26 (pmccabe). Most of it is the validation of the caller's
 * arguments and options, each an early return of its own error; the
 * parse itself is the calls after it. */
/* robots_parse() when rest is 0, robots_parse_prefix() otherwise. */
static robots_status parse_body(const char *body, size_t body_len, size_t rest,
                                const robots_options *options,
                                robots_txt **out) {
    if (out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = NULL;
    robots_options defaults;
    if (options == NULL) {
        robots_options_init(&defaults);
        options = &defaults;
    }
    if ((body == NULL && body_len != 0) ||
        robots_profile_name(options->profile) == NULL ||
        !RB_RESERVED_ZERO(options) || options->content_usage_ends_group > 1 ||
        (options->allocator != NULL && (options->allocator->alloc == NULL ||
                                        options->allocator->free == NULL)))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    /* A prefix must hold every line the limit lets be read and the bytes
     * that say where the first line not read starts. */
    if (rest != 0 &&
        (options->parse_limit == 0 || body_len < options->parse_limit ||
         body_len - options->parse_limit < ROBOTS_PARSE_LOOKAHEAD_BYTES))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (body_len > ROBOTS_MAX_INPUT_BYTES)
        return ROBOTS_ERR_TOO_LARGE;
    if (body == NULL)
        body = "";

    parser p;
    memset(&p, 0, sizeof p);
    p.body = body;
    p.body_end = body + body_len;
    p.rest = rest;
    rb_mem_init(&p.mem, options->allocator, options->memory_cap);
    p.profile = options->profile;
    p.content_usage_ends_group = options->content_usage_ends_group != 0;
    rb_vec_init(&p.groups, sizeof(rb_group));
    rb_vec_init(&p.agents, sizeof(rb_agent));
    rb_vec_init(&p.rules, sizeof(rb_rule));
    rb_records_init(&p.sitemaps);
    rb_records_init(&p.extensions);
    rb_vec_init(&p.diags, sizeof(rb_diag));
    rb_vec_init(&p.text, 1);
    rb_index_init(&p.index);

    size_t limit = body_len;
    if (options->parse_limit != 0 && options->parse_limit < limit)
        limit = options->parse_limit;
    size_t parsed = 0;
    p.scratch = rb_alloc(&p.mem, 3 * ROBOTS_MAX_LINE_BYTES);
    if (p.scratch == NULL)
        p.failed = 1;
    else
        reserve_arrays(&p, limit);
    if (!p.failed)
        parse_lines(&p, body, body_len, limit, &parsed);
    if (!p.failed &&
        !rb_index_build_all(&p.mem, &p.index, p.profile,
                            (const rb_group *)p.groups.data, p.groups.count,
                            (const rb_agent *)p.agents.data, p.agents.count,
                            (const rb_rule *)p.rules.data, p.rules.count,
                            p.text.count ? (const char *)p.text.data : ""))
        p.failed = 1;

    robots_txt *doc = p.failed ? NULL : assemble(&p, body_len, parsed);
    robots_status failure = p.mem.failure;
    release_parser(&p);
    if (doc == NULL)
        return failure != ROBOTS_OK ? failure : ROBOTS_ERR_NO_MEMORY;
    doc->mem = p.mem;
    doc->parse_limit = options->parse_limit;
    *out = doc;
    return ROBOTS_OK;
}

robots_status robots_parse(const char *body, size_t body_len,
                           const robots_options *options, robots_txt **out) {
    return parse_body(body, body_len, 0, options, out);
}

robots_status robots_parse_prefix(const char *prefix, size_t prefix_len,
                                  size_t rest, const robots_options *options,
                                  robots_txt **out) {
    return parse_body(prefix, prefix_len, rest, options, out);
}

void robots_free(robots_txt *doc) {
    if (doc == NULL)
        return;
    rb_index_free_units(doc);
    rb_mem mem = doc->mem;
    rb_free(&mem, doc->block, doc->block_size);
}
