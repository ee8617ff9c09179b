/* SPDX-License-Identifier: MIT */
/*
 * cost_budgets.h - the one place where the cost of every entry point is
 * bounded by a formula of its input sizes, for the cost fuzzer
 * (fuzz/README.md, "Cost fuzzing"). Each formula is the bound the public
 * header states for the function (robots.h, robots_web.h, robots_common.h's
 * default "linear in the lengths of its inputs"), term by term, with a
 * constant per term; docs/performance.md explains the cost model behind
 * each term. The unit is cost_counter.h's step: one basic block of the
 * library or CLI entered, or 16 bytes of libc work.
 *
 * The constants. Each is the most steps per unit of its term measured over
 * the cost fuzzer's cases (ci/fuzz-smoke.sh's seed and iterations, and the
 * named worst cases), at clang 14 -O2, times 2 and rounded up: the margin
 * absorbs a compiler's different block layout and small changes of the
 * code, and no more. A change that makes one call cost more than twice what
 * its term allows fails; it is either undone or, when the header's bound
 * still holds and the new cost is meant, the constant is raised here with
 * the reason in the commit. A change of the bound itself (a new term) is a
 * change of the header's guarantee.
 */
#ifndef ROBOTS_COST_BUDGETS_H
#define ROBOTS_COST_BUDGETS_H

#include "robots.h"
#include "robots_web.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One term of a budget: coefficient * size, named for the report. */
typedef struct cost_term {
    const char *name;
    uint64_t coefficient;
    uint64_t size;
} cost_term;

#define COST_MAX_TERMS 12

typedef struct cost_budget {
    cost_term terms[COST_MAX_TERMS];
    size_t count;
} cost_budget;

static inline void cost_term_add(cost_budget *b, const char *name,
                                 uint64_t coefficient, uint64_t size) {
    if (b->count < COST_MAX_TERMS && size != 0) {
        b->terms[b->count].name = name;
        b->terms[b->count].coefficient = coefficient;
        b->terms[b->count].size = size;
        b->count++;
    }
}

static inline uint64_t cost_budget_total(const cost_budget *b) {
    uint64_t total = 0;
    for (size_t i = 0; i < b->count; i++)
        total += b->terms[i].coefficient * b->terms[i].size;
    return total;
}

/* "40 * 512000 (body bytes) + ...", for the report. */
static inline void cost_budget_print(FILE *out, const cost_budget *b) {
    for (size_t i = 0; i < b->count; i++)
        fprintf(out, "%s%llu * %llu (%s)", i ? " + " : "",
                (unsigned long long)b->terms[i].coefficient,
                (unsigned long long)b->terms[i].size, b->terms[i].name);
}

/* floor(log2(n)) + 1, 1 for n <= 1: the log factor of a bound. */
static inline uint64_t cost_log2(uint64_t n) {
    uint64_t k = 1;
    while (n > 1) {
        n >>= 1;
        k++;
    }
    return k;
}

/* ---- the constants (steps per unit of each term) ------------------------ */

/* robots_parse(): O(body_len). Per byte parsed, and per byte past the
 * parse limit (counted 8 bytes a step). */
#define COST_K_PARSE_CALL 2000u
#define COST_K_PARSE_BYTE 26u
#define COST_K_PARSE_SKIPPED_BYTE 1u
/* Each stored diagnostic formats its message. */
#define COST_K_PARSE_DIAGNOSTIC 400u

/* robots_check() and the calls that share its parts. */
#define COST_K_CHECK_CALL 4000u
/* Reading the URL, normalising its path (at most three bytes written for
 * each of its bytes). */
#define COST_K_URL_BYTE 9u
/* rfc9309, google: a hash of each name, the memo's compare. */
#define COST_K_NAME_BYTE 4u
/* legacy: the direct search's byte steps (at most 2^20), then the names'
 * index, O(H log H), and each record's value found in it, O(m log H). */
#define COST_K_LEGACY_DIRECT_STEP 6u
#define COST_K_LEGACY_INDEXED_BYTE_LOG 12u
/* Choosing the groups also visits each group and agent line once. */
#define COST_K_AGENT_LINE 8u
/* rfc9309, google: each set read (its look-up, its walk's start), and at
 * most path_len hash steps in it, never more than its longest key. */
#define COST_K_SET 200u
#define COST_K_PATH_HASH_STEP 4u
/* Per rule whose literal prefix starts the path: at most 3 * path_len +
 * 12 * pattern_len byte comparisons, until they add up to RB_WILD_BUDGET
 * (2^18); then one pass, O(P + S + path_len * D). */
#define COST_K_WILD_COMPARE 4u
#define COST_K_PASS_BYTE 16u
#define COST_K_PASS_PATH_LENGTH 4u
/* Normal forms made when a rule is read: 3 bytes written for each of its
 * bytes, a set's rule read at most twice a check. */
#define COST_K_NORMALIZE_BYTE 2u
/* Compiling a set of E entries and P pattern bytes: O(P + E log E). */
#define COST_K_COMPILE_BYTE 14u
#define COST_K_COMPILE_ENTRY_LOG 8u
/* legacy matching: the record's rules in order, pattern_len + 1 each. */
#define COST_K_LEGACY_RULE_BYTE 9u

/* The accessors, over a whole document: O(1) each, but robots_group()
 * reads its group's extension records again (robots.h), and
 * robots_group_rule_normalized() is O(pattern_len). */
#define COST_K_ACCESSOR_CALL 5000u
#define COST_K_ACCESSOR_ITEM 200u
#define COST_K_ACCESSOR_BYTE 8u

/* robots_match_path(): at most 3 * path_len + 12 * pattern_len byte
 * comparisons after normalising both. */
#define COST_K_MATCH_CALL 2000u
#define COST_K_MATCH_BYTE 1u

/* robots_web.h: linear in the input. */
#define COST_K_WEB_CALL 3000u
#define COST_K_URL_PARSE_BYTE 10u
#define COST_K_META_BYTE 12u
#define COST_K_HEADER_BYTE 5u
#define COST_K_CACHE_BYTE 5u
/* robots_punycode_encode(): O(n^2) for n code points. */
#define COST_K_PUNYCODE_SQUARE 7u

/* The CLI's commands that bound their own work: `robots diff`
 * (DIFF_MAX_WORK steps of its estimate, cli/cmd_diff.c) and `robots lint`
 * (LINT_BUDGET steps of its pairwise checks, cli/cmd_lint.c). What one of
 * their steps costs in counted steps, and the per-byte cost of reading and
 * parsing their files. */
#define COST_K_CLI_CALL 100000u
#define COST_DIFF_MAX_WORK 300000000u
#define COST_K_DIFF_WORK_STEP 8u
#define COST_LINT_BUDGET 50000000u
#define COST_K_LINT_WORK_STEP 11u
#define COST_K_CLI_FILE_BYTE 21u

/* ---- the sizes the formulas read ---------------------------------------- */

/* What a parsed document holds, read through the public accessors. */
typedef struct cost_doc_sizes {
    uint64_t body;            /* bytes given to robots_parse() */
    uint64_t parsed;          /* bytes parsed */
    uint64_t diagnostics;     /* stored */
    uint64_t groups;          /* G */
    uint64_t agent_lines;     /* user-agent lines */
    uint64_t agent_bytes;     /* bytes of their values (legacy's F) */
    uint64_t rules;           /* R */
    uint64_t pattern_bytes;   /* P: the rules' normal forms, in bytes */
    uint64_t longest_pattern; /* the longest normal form */
    uint64_t segments;        /* S: `*`-separated pieces of the normal forms */
    uint64_t segment_lengths; /* D: their distinct lengths */
    uint64_t records;         /* sitemaps and extension records */
} cost_doc_sizes;

/* The caller's side of a check. */
typedef struct cost_call_sizes {
    uint64_t agents;      /* names given */
    uint64_t agent_bytes; /* H: their bytes */
    uint64_t url;         /* bytes of the URL */
} cost_call_sizes;

/* ---- the formulas ------------------------------------------------------- */

/* robots.h, robots_parse(): "Time: O(body_len) (the bytes past the parse
 * limit are only counted)". */
static inline void cost_budget_parse(const cost_doc_sizes *d, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_PARSE_CALL, 1);
    cost_term_add(b, "bytes parsed", COST_K_PARSE_BYTE, d->parsed);
    cost_term_add(b, "bytes past the limit", COST_K_PARSE_SKIPPED_BYTE,
                  d->body - d->parsed);
    cost_term_add(b, "diagnostics", COST_K_PARSE_DIAGNOSTIC, d->diagnostics);
}

/* The parts of robots_check()'s bound (robots.h, "Guarantees"). */
enum {
    COST_CHOOSE = 1,  /* choosing the groups */
    COST_MATCH = 2,   /* matching the path */
    COST_COMPILE = 4, /* compiling the sets read */
    COST_URL = 8      /* reading the URL */
};

static inline void cost_budget_check_parts(robots_profile profile,
                                           const cost_doc_sizes *d,
                                           const cost_call_sizes *c,
                                           unsigned parts, cost_budget *b) {
    uint64_t path = 3 * c->url; /* normalised: three bytes for each */
    uint64_t p = d->pattern_bytes, r = d->rules;
    b->count = 0;
    cost_term_add(b, "call", COST_K_CHECK_CALL, 1);
    if (parts & COST_URL)
        cost_term_add(b, "URL bytes", COST_K_URL_BYTE, c->url);
    if (parts & COST_CHOOSE) {
        cost_term_add(b, "group and agent lines", COST_K_AGENT_LINE,
                      d->groups + d->agent_lines);
        if (profile == ROBOTS_PROFILE_LEGACY) {
            uint64_t direct = d->agent_lines * c->agent_bytes;
            cost_term_add(b, "direct search steps", COST_K_LEGACY_DIRECT_STEP,
                          direct < ((uint64_t)1 << 20) ? direct
                                                       : (uint64_t)1 << 20);
            if (direct > ((uint64_t)1 << 20))
                cost_term_add(b, "(H + F) log H",
                              COST_K_LEGACY_INDEXED_BYTE_LOG,
                              (c->agent_bytes + d->agent_bytes) *
                                  cost_log2(c->agent_bytes));
        } else {
            cost_term_add(b, "name bytes", COST_K_NAME_BYTE, c->agent_bytes);
        }
    }
    if ((parts & COST_COMPILE) && profile != ROBOTS_PROFILE_LEGACY && r) {
        /* the sets of at most 6 * R + 4096 entries in all (robots.h); each
         * entry's pattern read */
        uint64_t entries = 6 * r + 4096;
        cost_term_add(b, "compile: pattern bytes", COST_K_COMPILE_BYTE, 3 * p);
        cost_term_add(b, "compile: E log E", COST_K_COMPILE_ENTRY_LOG,
                      entries * cost_log2(entries));
    }
    if (!(parts & COST_MATCH) || r == 0)
        return;
    if (profile == ROBOTS_PROFILE_LEGACY) {
        cost_term_add(b, "rule bytes + rules", COST_K_LEGACY_RULE_BYTE, p + r);
        return;
    }
    /* At most path_len hash steps per set, and no more than its longest
     * key: a merged set per name and the `*` set, and past the merge
     * budget the groups' own sets, whose keys add up to at most P. */
    cost_term_add(b, "sets: names + 1 + G", COST_K_SET,
                  c->agents + 1 + d->groups);
    cost_term_add(b, "(names + 1) * path + P hash steps", COST_K_PATH_HASH_STEP,
                  (c->agents + 1) * path + p);
    uint64_t wild = r * 3 * path + 12 * p;
    uint64_t cap = ((uint64_t)1 << 18) + 3 * path + 12 * d->longest_pattern;
    cost_term_add(b, "wildcard compares", COST_K_WILD_COMPARE,
                  wild < cap ? wild : cap);
    cost_term_add(b, "pass: P + S", COST_K_PASS_BYTE, p + d->segments);
    cost_term_add(b, "pass: path * D", COST_K_PASS_PATH_LENGTH,
                  path * d->segment_lengths);
    cost_term_add(b, "normal forms", COST_K_NORMALIZE_BYTE, 2 * 3 * p);
}

/* robots_check(), robots_check_agent(): the whole bound. */
static inline void cost_budget_check(robots_profile profile,
                                     const cost_doc_sizes *d,
                                     const cost_call_sizes *c, cost_budget *b) {
    cost_budget_check_parts(
        profile, d, c, COST_CHOOSE | COST_MATCH | COST_COMPILE | COST_URL, b);
}

/* robots_query_new(): the agents resolved and their sets compiled. */
static inline void cost_budget_query_new(robots_profile profile,
                                         const cost_doc_sizes *d,
                                         const cost_call_sizes *c,
                                         cost_budget *b) {
    cost_budget_check_parts(profile, d, c, COST_CHOOSE | COST_COMPILE, b);
}

/* robots_query_check(): "only the URL's part of robots_check()": neither
 * the choosing (the agents' bytes) nor the compiling. */
static inline void cost_budget_query_check(robots_profile profile,
                                           const cost_doc_sizes *d,
                                           const cost_call_sizes *c,
                                           cost_budget *b) {
    cost_budget_check_parts(profile, d, c, COST_MATCH | COST_URL, b);
}

/* robots_select_group(): robots_check()'s "choosing the groups". */
static inline void cost_budget_select_group(robots_profile profile,
                                            const cost_doc_sizes *d,
                                            const cost_call_sizes *c,
                                            cost_budget *b) {
    cost_budget_check_parts(profile, d, c, COST_CHOOSE, b);
}

/* robots_select_groups(): robots_select_group()'s, and "one more pass over
 * the agent lines" (robots.h), each line's token compared with each name
 * reduced once: a length test per line and name, and the token's bytes
 * where the lengths agree. */
#define COST_K_SELECT_PAIR 4u
static inline void cost_budget_select_groups(robots_profile profile,
                                             const cost_doc_sizes *d,
                                             const cost_call_sizes *c,
                                             cost_budget *b) {
    cost_budget_check_parts(profile, d, c, COST_CHOOSE, b);
    cost_term_add(b, "agent lines x names", COST_K_SELECT_PAIR,
                  d->agent_lines * c->agents);
    cost_term_add(b, "agent bytes x names", COST_K_NAME_BYTE,
                  d->agent_bytes * c->agents);
}

/* Every accessor over every item of a document: each O(1), the normal
 * forms O(pattern_len), robots_group() a read of its records. */
static inline void cost_budget_accessors(const cost_doc_sizes *d,
                                         cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_ACCESSOR_CALL, 1);
    cost_term_add(b, "items", COST_K_ACCESSOR_ITEM,
                  d->groups + d->agent_lines + d->rules + d->records +
                      d->diagnostics);
    cost_term_add(b, "pattern bytes", COST_K_ACCESSOR_BYTE, d->pattern_bytes);
}

/* robots_match_path(): lengths before normalising (three bytes each at
 * most after). */
static inline void cost_budget_match_path(uint64_t pattern_len,
                                          uint64_t path_len, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_MATCH_CALL, 1);
    cost_term_add(b, "3 * path + 12 * pattern", COST_K_MATCH_BYTE,
                  3 * 3 * path_len + 12 * 3 * pattern_len);
}

/* robots_web.h's readers of a URL or host: linear in its bytes. */
static inline void cost_budget_url(uint64_t len, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_WEB_CALL, 1);
    cost_term_add(b, "bytes", COST_K_URL_PARSE_BYTE, len);
}

/* robots_punycode_encode(): O(n^2) for n code points. */
static inline void cost_budget_punycode(uint64_t len, uint64_t code_points,
                                        cost_budget *b) {
    cost_budget_url(len, b);
    cost_term_add(b, "code points squared", COST_K_PUNYCODE_SQUARE,
                  code_points * code_points);
}

/* robots_meta_scan_html(): linear in min(len, ROBOTS_META_MAX_SCAN_BYTES). */
static inline void cost_budget_meta(uint64_t len, uint64_t agent_len,
                                    cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_WEB_CALL, 1);
    cost_term_add(
        b, "bytes scanned", COST_K_META_BYTE,
        len < ROBOTS_META_MAX_SCAN_BYTES ? len : ROBOTS_META_MAX_SCAN_BYTES);
    cost_term_add(b, "agent bytes", COST_K_META_BYTE, agent_len);
}

/* robots_meta_parse_header(): linear in the value and the agent. */
static inline void cost_budget_header(uint64_t len, uint64_t agent_len,
                                      cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_WEB_CALL, 1);
    cost_term_add(b, "bytes", COST_K_HEADER_BYTE, len + agent_len);
}

/* robots_cache_lifetime(_from_block)(), robots_http_date_parse(): linear
 * in the header bytes. */
static inline void cost_budget_cache(uint64_t len, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_WEB_CALL, 1);
    cost_term_add(b, "header bytes", COST_K_CACHE_BYTE, len);
}

/* robots_fetch_policy(): its inputs are fixed-size, so O(1). */
static inline void cost_budget_policy(cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_WEB_CALL, 1);
}

/* `robots diff OLD NEW`: reading and parsing both files, and at most
 * DIFF_MAX_WORK steps of its estimate (docs/robots.1: "The number of
 * verdicts computed is bounded"). */
static inline void cost_budget_cli_diff(uint64_t bytes, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_CLI_CALL, 1);
    cost_term_add(b, "file bytes", COST_K_CLI_FILE_BYTE, bytes);
    cost_term_add(b, "work limit", COST_K_DIFF_WORK_STEP, COST_DIFF_MAX_WORK);
}

/* `robots lint FILE`: reading and parsing it, the per-line findings, and
 * the pairwise checks within LINT_BUDGET steps (docs/robots.1,
 * "analysis-limit"). */
static inline void cost_budget_cli_lint(uint64_t bytes, cost_budget *b) {
    b->count = 0;
    cost_term_add(b, "call", COST_K_CLI_CALL, 1);
    cost_term_add(b, "file bytes", COST_K_CLI_FILE_BYTE, bytes);
    cost_term_add(b, "work limit", COST_K_LINT_WORK_STEP, COST_LINT_BUDGET);
}

#endif /* ROBOTS_COST_BUDGETS_H */
