/* SPDX-License-Identifier: MIT */
/*
 * robots.h - librobots, the Robots Exclusion Protocol (robots.txt) in C11.
 *
 * This is the one public header. Everything it declares is prefixed
 * `robots_` / `ROBOTS_`.
 *
 * Model
 *   robots_parse() reads any bytes once into an immutable `robots_txt`
 *   document. The document keeps no pointer into the caller's input. It may
 *   be queried from any number of threads at once through `const` pointers
 *   (the library has no global or static mutable state). The index of the
 *   rules an agent selects is compiled by the first check that needs it,
 *   through the document's allocator, and published with an atomic
 *   compare-and-swap: no check sees it half made, and every check gives
 *   the same verdict whether it compiled the index or found it. In the
 *   same way robots_check() remembers, in four fixed slots of the
 *   document, which groups the first names it is given alone select. So
 *   the document's allocator must be thread-safe when threads check one
 *   document (as it must for a check's scratch memory, see robots_check()).
 *   robots_free() releases the document, its compiled indexes and
 *   everything it ever handed out; a robots_query is freed with
 *   robots_query_free().
 *
 * Ownership
 *   - Every `const char *` the library returns points either to static
 *     storage (status names, messages, enum names) or into a document; the
 *     latter stays valid until robots_free() on that document. Such strings
 *     are also NUL-terminated for convenience (except an agent's `token`,
 *     which is a prefix of its `value`), but their length is always given,
 *     and they contain no NUL byte (a NUL ends a line's content).
 *   - Nothing returned by the library is to be released with free().
 *   - Functions that produce text for the caller write into a caller-owned
 *     buffer `(buf, cap)` and report the length needed.
 *
 * Inputs
 *   Every input is `(pointer, length)`; no function reads past `length` or
 *   expects a NUL terminator. A NULL pointer is accepted when its length is 0.
 *
 * Errors
 *   Functions that can fail return a robots_status. Parsing never fails on
 *   content: malformed lines become diagnostics. It fails only on invalid
 *   arguments, memory exhaustion or the memory cap; on failure nothing is
 *   allocated and *out is set to NULL.
 *
 * Profiles
 *   ROBOTS_PROFILE_RFC9309 (default) - RFC 9309, read strictly.
 *   ROBOTS_PROFILE_GOOGLE            - what google/robotstxt answers.
 *   ROBOTS_PROFILE_LEGACY            - the 1996 draft ("version 1.0").
 *   docs/semantics.md in the source tree states every rule of each.
 */
#ifndef ROBOTS_H
#define ROBOTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version. CMake reads these three lines to set project(VERSION). */
#define ROBOTS_VERSION_MAJOR 0
#define ROBOTS_VERSION_MINOR 1
#define ROBOTS_VERSION_PATCH 0
#define ROBOTS_VERSION_STRING "0.1.0"
#define ROBOTS_VERSION_NUMBER                                                  \
    (ROBOTS_VERSION_MAJOR * 10000 + ROBOTS_VERSION_MINOR * 100 +               \
     ROBOTS_VERSION_PATCH)

#if defined(ROBOTS_STATIC)
#define ROBOTS_API
#elif defined(_WIN32)
#if defined(ROBOTS_BUILDING)
#define ROBOTS_API __declspec(dllexport)
#else
#define ROBOTS_API __declspec(dllimport)
#endif
#elif defined(__GNUC__)
#define ROBOTS_API __attribute__((visibility("default")))
#else
#define ROBOTS_API
#endif

/* ------------------------------------------------------------------------
 * Named limits. Each is enforced, documented here, and tested at and just
 * past the limit (conformance/cases/limits.json).
 * ------------------------------------------------------------------------ */

/* Default parse limit: bytes of a robots.txt body that are parsed; content
 * past it is ignored with a ROBOTS_DIAG_PAST_PARSE_LIMIT diagnostic. A line
 * the limit cuts in two is ignored whole (a cut rule would be a different
 * rule); a line whose end is the byte after the limit is read. RFC 9309
 * section 2.5 asks parsers to read at least 500 KiB (512,000 bytes). */
#define ROBOTS_DEFAULT_PARSE_LIMIT ((size_t)512000)

/* Bytes of one line that are kept (google/robotstxt's figure). The rest of
 * the line is dropped with ROBOTS_DIAG_LINE_TRUNCATED; the kept part still
 * counts. */
#define ROBOTS_MAX_LINE_BYTES ((size_t)16663)

/* Longest normal form of a rule's pattern (robots_group_rule_normalized()):
 * percent-normalisation writes at most three bytes for each. */
#define ROBOTS_MAX_NORMALIZED_PATTERN_BYTES (3 * ROBOTS_MAX_LINE_BYTES)

/* Largest body robots_parse() accepts at all, whatever the parse limit
 * (the document uses 32-bit offsets). Larger input: ROBOTS_ERR_TOO_LARGE. */
#define ROBOTS_MAX_INPUT_BYTES ((size_t)0x3FFFFFFF)

/* Longest URL (or path) robots_check() accepts: ROBOTS_ERR_URL_TOO_LONG
 * past it. robots_check() normalises the path in a stack buffer of three
 * times this size, so normalising never allocates; 16 KiB is eight times the
 * 2,048 characters the sitemaps protocol allows a URL. */
#define ROBOTS_MAX_URL_BYTES ((size_t)16384)

/* Agent names one robots_check() call accepts, and the bytes of each. */
#define ROBOTS_MAX_QUERY_AGENTS ((size_t)64)
#define ROBOTS_MAX_AGENT_BYTES ((size_t)4096)

/* Diagnostics kept per document. Past it one ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS
 * is recorded and the rest are counted but not stored, so that a file of
 * junk lines cannot make the document larger than its bound. */
#define ROBOTS_MAX_DIAGNOSTICS ((size_t)1000)

/* ------------------------------------------------------------------------
 * Status codes. Values never change; new codes are only appended.
 * ------------------------------------------------------------------------ */
typedef enum robots_status {
    ROBOTS_OK = 0,
    ROBOTS_ERR_INVALID_ARGUMENT = 1, /* NULL where data is needed, bad enum */
    ROBOTS_ERR_NO_MEMORY = 2,        /* the allocator returned NULL */
    ROBOTS_ERR_MEMORY_CAP = 3,       /* the options' memory cap was reached */
    ROBOTS_ERR_TOO_LARGE = 4,        /* input over ROBOTS_MAX_INPUT_BYTES */
    ROBOTS_ERR_URL_TOO_LONG = 5,     /* URL over ROBOTS_MAX_URL_BYTES */
    ROBOTS_ERR_URL_INVALID = 6,      /* not a path and not an absolute URL */
    ROBOTS_ERR_TOO_MANY_AGENTS = 7,  /* over ROBOTS_MAX_QUERY_AGENTS */
    ROBOTS_ERR_AGENT_TOO_LONG = 8,   /* over ROBOTS_MAX_AGENT_BYTES */
    ROBOTS_ERR_BUFFER_TOO_SMALL = 9, /* the needed length is reported */
    ROBOTS_ERR_OUT_OF_RANGE = 10,    /* an index past a count */
    ROBOTS_ERR_URL_NO_SCHEME = 11,   /* location: no "scheme:" */
    ROBOTS_ERR_URL_NO_HOST = 12,     /* location: no or empty host */
    ROBOTS_ERR_URL_BAD_HOST = 13,    /* location: host not a name or IP */
    ROBOTS_ERR_URL_BAD_PORT = 14,    /* location: port not 0-65535 */
    ROBOTS_ERR_URL_UNSUPPORTED_SCHEME = 15, /* location: no robots.txt */
    ROBOTS_ERR_HEADER_INVALID = 16          /* a header value was malformed */
} robots_status;

/* "ROBOTS_OK", "ROBOTS_ERR_NO_MEMORY", ...; "ROBOTS_ERR_UNKNOWN" otherwise. */
ROBOTS_API const char *robots_status_name(robots_status status);
/* One English sentence, static storage. */
ROBOTS_API const char *robots_status_message(robots_status status);

/* The version this library was built as: "MAJOR.MINOR.PATCH". */
ROBOTS_API const char *robots_version(void);
ROBOTS_API int robots_version_number(void);

/* ------------------------------------------------------------------------
 * Profiles
 * ------------------------------------------------------------------------ */
typedef enum robots_profile {
    ROBOTS_PROFILE_RFC9309 = 0,
    ROBOTS_PROFILE_GOOGLE = 1,
    ROBOTS_PROFILE_LEGACY = 2
} robots_profile;

/* "rfc9309", "google", "legacy"; NULL for a value that is not a profile. */
ROBOTS_API const char *robots_profile_name(robots_profile profile);
/* Case-insensitive name to profile. ROBOTS_ERR_INVALID_ARGUMENT if unknown. */
ROBOTS_API robots_status robots_profile_from_name(const char *name, size_t len,
                                                  robots_profile *out);

/* ------------------------------------------------------------------------
 * Memory
 * ------------------------------------------------------------------------ */

/* An allocator. `alloc` returns NULL on failure; `free` is given the size
 * that was asked of `alloc`. The library never calls realloc. */
typedef struct robots_allocator {
    void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *ptr, size_t size);
    void *ctx;
} robots_allocator;

typedef struct robots_options {
    robots_profile profile;
    /* Bytes of the body that are parsed; ROBOTS_DEFAULT_PARSE_LIMIT by
     * default; 0 means the whole body. */
    size_t parse_limit;
    /* Most bytes a document may take (all its allocations together);
     * 0 means no cap. Parsing past it fails with ROBOTS_ERR_MEMORY_CAP. */
    size_t memory_cap;
    /* NULL means malloc/free. Copied by robots_parse(); the pointed-to
     * struct need not outlive the call, but its ctx must outlive the
     * document. */
    const robots_allocator *allocator;
} robots_options;

/* Fills *options with the defaults: rfc9309, ROBOTS_DEFAULT_PARSE_LIMIT,
 * no memory cap, malloc/free. */
ROBOTS_API void robots_options_init(robots_options *options);

/* Upper bound, in bytes, of the memory robots_parse() has allocated at any
 * one time for a body of `body_len` bytes (before the parse limit):
 *   32 * body_len + 3 * ROBOTS_MAX_LINE_BYTES + about 900 KiB
 * (the second and third terms are the normalisation scratch and the capped
 * diagnostics). A caller that sets memory_cap to this value never sees
 * ROBOTS_ERR_MEMORY_CAP.
 *
 * The finished document (robots_txt_memory_used() before any check) is
 * never larger than that bound, and is within 2 * body_len + 64 KiB plus
 * its diagnostics (at most 1,001 of at most 296 bytes: about 290 KiB) on
 * every file measured (issue 7's goal). What it keeps per line: a rule, 12
 * bytes and its pattern as written, once (when percent-normalisation
 * changes a pattern, up to three times longer, as bytes >= 0x80 become
 * %XX, its normal form is made again each time it is read); a user-agent
 * line, 8 bytes and its value, and for a token no earlier line named, 4
 * bytes and 1.5 hash slots of 4 (a token named in several groups, 8 bytes
 * more and their set: 8 bytes and 4 a group); a group, 8 bytes; a sitemap
 * or other record, its key and value and about two bytes (records.c); a
 * diagnostic (1,001 kept at most), 28 bytes, its message (at most 256
 * with its NUL) and a key's name, shared with the diagnostic before when
 * the same. The document is finished in
 * the array its text was built in when at most an eighth of it is
 * unused. Measured (bench/README.md, "Memory"): 1.25 times a realistic
 * file (1.33 once two agents' indexes are compiled, see robots_check()),
 * and 1.25 for rules of long non-ASCII patterns; 1.85 for a file of
 * 3-byte "x:" lines; 1.92 for "user-agent:x" / "allow:/" groups and
 * 2.06 for google's "useragent:x" ones, each naming a token of its own,
 * the densest found (2.12 after a thousand diagnostics of their own).
 * tests/test_alloc.c checks that each of these shapes, in each profile,
 * stays within 2 * body_len + 64 KiB, and with those diagnostics within
 * that and 1,001 * 296 bytes. */
ROBOTS_API size_t robots_parse_memory_bound(size_t body_len);

/* ------------------------------------------------------------------------
 * Parsing
 * ------------------------------------------------------------------------ */
typedef struct robots_txt robots_txt;

/* Parses `body` (any bytes) into a new document. `options` may be NULL for
 * the defaults. On success *out owns the document; release it with
 * robots_free(). On failure *out is NULL and nothing stays allocated. */
ROBOTS_API robots_status robots_parse(const char *body, size_t body_len,
                                      const robots_options *options,
                                      robots_txt **out);

/* Releases the document and everything it handed out. NULL is fine. */
ROBOTS_API void robots_free(robots_txt *doc);

ROBOTS_API robots_profile robots_txt_profile(const robots_txt *doc);
/* Bytes of the body that were parsed, and bytes given. */
ROBOTS_API size_t robots_txt_parsed_bytes(const robots_txt *doc);
ROBOTS_API size_t robots_txt_input_bytes(const robots_txt *doc);
/* Bytes the document holds: what memory_cap was compared with, and the
 * indexes checks have compiled since (outside the cap) as they are
 * published. */
ROBOTS_API size_t robots_txt_memory_used(const robots_txt *doc);

/* ------------------------------------------------------------------------
 * Checking a URL
 * ------------------------------------------------------------------------ */
typedef enum robots_rule_kind {
    ROBOTS_RULE_ALLOW = 0,
    ROBOTS_RULE_DISALLOW = 1
} robots_rule_kind;

/* Why a verdict is what it is. */
typedef enum robots_reason {
    /* No group names the agent and there is no `*` group: allowed. */
    ROBOTS_REASON_NO_GROUP = 0,
    /* A group applies but none of its rules matched: allowed. */
    ROBOTS_REASON_NO_RULE_MATCHED = 1,
    /* The matching rule with the longest pattern decided. */
    ROBOTS_REASON_LONGEST_MATCH = 2,
    /* An Allow and a Disallow of equal length matched: Allow won. */
    ROBOTS_REASON_TIE_ALLOW = 3,
    /* legacy: the first matching rule of the record decided. */
    ROBOTS_REASON_FIRST_MATCH = 4,
    /* The path is /robots.txt itself, which is always allowed (rfc9309,
     * legacy). */
    ROBOTS_REASON_ROBOTS_TXT = 5
} robots_reason;

/* "no-group", "no-rule-matched", "longest-match", "tie-allow",
 * "first-match", "robots-txt"; NULL otherwise. */
ROBOTS_API const char *robots_reason_name(robots_reason reason);
/* "allow", "disallow"; NULL otherwise. */
ROBOTS_API const char *robots_rule_kind_name(robots_rule_kind kind);

#define ROBOTS_NO_INDEX ((size_t)-1)

typedef struct robots_verdict {
    int allowed;          /* 1 allowed, 0 disallowed */
    robots_reason reason; /* why */
    /* 1 when the groups used name one of the agents; 0 when they are the
     * `*` groups or when no group applies. */
    int specific;
    /* The group of the deciding rule (index for robots_group()), or, when
     * no rule decided, the first group that applied; ROBOTS_NO_INDEX when
     * no group applies. */
    size_t group;
    /* The deciding rule: index within its group (robots_group_rule()),
     * ROBOTS_NO_INDEX when no rule decided. */
    size_t rule;
    robots_rule_kind rule_kind; /* valid when rule != ROBOTS_NO_INDEX */
    size_t rule_line;           /* 1-based line; 0 when no rule decided */
    const char *rule_pattern;   /* as written; into the document */
    size_t rule_pattern_len;
} robots_verdict;

/* A string given by pointer and length. */
typedef struct robots_str {
    const char *ptr;
    size_t len;
} robots_str;

/* May an agent fetch `url`?
 *   agents: 1 to ROBOTS_MAX_QUERY_AGENTS names. A group naming any of them
 *           is specific to the caller (google/robotstxt's multi-agent
 *           query). How a name is compared depends on the profile.
 *   url:    an absolute URL ("https://host/path?q") or a path ("/path?q").
 *           rfc9309 and legacy reject anything else with
 *           ROBOTS_ERR_URL_INVALID; google applies google/robotstxt's
 *           heuristic to any string.
 * Cost: rfc9309 and google read a compiled index: for each set of rules
 * the caller's agents select (one per agent, or one per group when an
 * agent is named in very many groups), one hash look-up per prefix length
 * some rule's literal prefix has (in large sets, only where a Bloom filter
 * of those prefixes lets it through, and no further than a '/' that no
 * prefix goes on from), and a wildcard match only for rules
 * whose literal prefix is a prefix of the path, that pass a test of the
 * path (the last byte a "...$" rule needs, a byte another needs; rules of
 * one key sharing a test are skipped together) and that could still win. A
 * wildcard match finds each `*`-separated segment's leftmost occurrence by
 * a linear-time search (two-way): at most 3 * path_len + 12 * pattern_len
 * byte comparisons a rule. Once those bounds add up to 2^18 in one check,
 * the rules still in play are gathered and matched either rule by rule or
 * together in one pass over the path (an Aho-Corasick automaton over their
 * segments), whichever their bounds say is cheaper. The pass costs
 *   O(P + S + path_len * D)
 * where P is the bytes of those patterns, S their segments and D the
 * number of distinct segment lengths (at most sqrt(2P)); segments no rule
 * waits for are skipped, so the path_len * D term needs rules that keep
 * starting to wait for new segments. It allocates, through the document's
 * allocator, at most 81 * P + 96 * R + 4 * path_len bytes (R: the rules,
 * and in google the companion of each index.htm Allow), freed
 * before returning (without them the check goes on rule by rule: the same
 * answer, slower). So an allocator shared by threads that check must be
 * thread-safe; a check that never passes the
 * budget allocates nothing. legacy scans the record in file order:
 * sum over its rules of (pattern_len + 1) comparisons. Every profile: plus
 * path_len hash steps per set; for a rule whose pattern is not its own
 * normal form (robots_group_rule_normalized()), a normalisation each time
 * the check reads it, at most three bytes written for each of its bytes
 * (a set's rule is read at most twice a check: its key, then the rest);
 * no recursion, and about 98 KiB of stack (the normalised path, and the
 * normal form of such a rule). Choosing
 * the group costs a hash look-up per agent name in rfc9309 and google
 * (for the first four names of at most 48 bytes given alone, the first
 * check remembers the answer, its sets compiled, and the next checks
 * compare the name instead: a crawler passes its own name every time);
 * in legacy, where a record's agent is a substring of the caller's name,
 * a linear-time search per user-agent line and name: up to
 * (user-agent lines) * (sum of name lengths + 64 * value length) byte steps,
 * which a crawler's own short name keeps small.
 * The first check that reads a set compiles it, once per document (see
 * Model): for E entries (its groups' rules, and in google a companion for
 * each index.htm Allow) of P pattern bytes, O(P + E log E) steps, the log
 * only for entries sharing a literal prefix (the worst found, 30,000
 * wildcard rules under "/", each a star, its number and a final '$', in a
 * 512,000-byte file: about 25 million instructions, 2 to 3 ms; every rule
 * of the workload in one group: 11 million).
 * The set takes at most 30 * E + 96 bytes, kept until robots_free() (and
 * the first set of one group compiled, 8 bytes a group once: the slots of
 * every such set's index), and
 * at most about 146 * E + 7 * P bytes of scratch while it is compiled
 * (32 of the first term a rule whose pattern is not its own normal form,
 * to find that form; the second for its keys' '/' prefixes and those
 * normal forms). A document of R
 * rules has sets of 6 * R + 4096 entries at most in all. Without memory
 * for a set, the check answers by scanning the rules of every group that
 * applies (the same verdict, slower) and compiles nothing. */
ROBOTS_API robots_status robots_check(const robots_txt *doc,
                                      const robots_str *agents,
                                      size_t agent_count, const char *url,
                                      size_t url_len, robots_verdict *out);

/* Convenience for one agent. */
ROBOTS_API robots_status robots_check_agent(const robots_txt *doc,
                                            const char *agent, size_t agent_len,
                                            const char *url, size_t url_len,
                                            robots_verdict *out);

/* The same agents asked about many URLs: the agents are resolved against
 * the document once (which groups apply), and each check then costs only
 * the URL's part of robots_check(). The verdicts are robots_check()'s.
 *   robots_query_new: `agents` as for robots_check() (they need not outlive
 *     the call); *out is a query the caller frees with robots_query_free(),
 *     allocated through the document's allocator (ROBOTS_ERR_NO_MEMORY if
 *     it fails; the memory cap applies to parsing only), and compiles the
 *     sets its agents select if no check has yet, so that its checks never
 *     compile or allocate for them. The document must
 *     outlive the query. A query is immutable: any number of threads may
 *     check through it at once.
 *   robots_query_check: robots_check() for the query's agents.
 *   robots_query_free: NULL is allowed. */
typedef struct robots_query robots_query;
ROBOTS_API robots_status robots_query_new(const robots_txt *doc,
                                          const robots_str *agents,
                                          size_t agent_count,
                                          robots_query **out);
ROBOTS_API robots_status robots_query_check(const robots_query *query,
                                            const char *url, size_t url_len,
                                            robots_verdict *out);
ROBOTS_API void robots_query_free(robots_query *query);

/* ------------------------------------------------------------------------
 * Matching on its own
 * ------------------------------------------------------------------------ */

/* Does the rule pattern match the path, in this profile? Both are
 * normalised as the profile says (percent-encoding) and compared as a
 * check would. `path` is a URL path with optional ;params and ?query.
 * An empty pattern matches in legacy only (rfc9309 and google: an empty
 * pattern is no rule and matches nothing). Allocates nothing; uses about
 * 100 KiB of stack for the two normalised strings. */
ROBOTS_API robots_status robots_match_path(robots_profile profile,
                                           const char *pattern,
                                           size_t pattern_len, const char *path,
                                           size_t path_len, int *matched);

/* The path (with ;params and ?query, without fragment) a check matches for
 * `url`, written to buf (NUL-terminated when it fits). *needed is the
 * length without the NUL. ROBOTS_ERR_BUFFER_TOO_SMALL when cap <= *needed.
 * The path is written as given, before percent-normalisation. */
ROBOTS_API robots_status robots_url_to_path(robots_profile profile,
                                            const char *url, size_t url_len,
                                            char *buf, size_t cap,
                                            size_t *needed);

/* ------------------------------------------------------------------------
 * What the parser saw
 * ------------------------------------------------------------------------ */
typedef struct robots_group_info {
    size_t line;        /* line of its first user-agent line */
    size_t agent_count; /* user-agent lines */
    size_t rule_count;  /* allow/disallow rules (empty patterns excluded
                           in rfc9309/google) */
    int has_crawl_delay;
    double crawl_delay;      /* seconds, when has_crawl_delay */
    size_t crawl_delay_line; /* 0 when none */
} robots_group_info;

typedef struct robots_agent_info {
    size_t line;
    const char *value; /* as written, trimmed */
    size_t value_len;
    const char *token; /* the product token it is reduced to (rfc9309,
                          google); the whole value in legacy. A prefix of
                          value: use token_len, it is not NUL-terminated */
    size_t token_len;
    int is_wildcard; /* `*` */
} robots_agent_info;

typedef struct robots_rule_info {
    size_t line;
    robots_rule_kind kind;
    const char *pattern; /* as written, trimmed */
    size_t pattern_len;
    /* The length of what is matched: the pattern after the profile's
     * percent-normalisation, which robots_group_rule_normalized() writes. */
    size_t normalized_len;
} robots_rule_info;

typedef struct robots_record_info {
    size_t line;
    const char *key; /* as written ("Sitemap", "Crawl-delay", ...) */
    size_t key_len;
    const char *value; /* as written, trimmed */
    size_t value_len;
    size_t group; /* the group it appeared in, or ROBOTS_NO_INDEX */
} robots_record_info;

ROBOTS_API size_t robots_group_count(const robots_txt *doc);
/* A group's lines and crawl-delay. The crawl-delay is found again among
 * the extension records on the group's lines: a read of each. */
ROBOTS_API robots_status robots_group(const robots_txt *doc, size_t group,
                                      robots_group_info *out);
ROBOTS_API robots_status robots_group_agent(const robots_txt *doc, size_t group,
                                            size_t agent,
                                            robots_agent_info *out);
ROBOTS_API robots_status robots_group_rule(const robots_txt *doc, size_t group,
                                           size_t rule, robots_rule_info *out);
/* Writes the rule's normal form, what a check matches: its pattern after
 * the profile's percent-normalisation, info.normalized_len bytes (not
 * NUL-terminated), at most 3 * pattern_len and never more than
 * ROBOTS_MAX_NORMALIZED_PATTERN_BYTES. The document keeps each pattern
 * once, as written (a pattern of bytes >= 0x80, each three bytes once
 * normalised, would otherwise take four times its length), so each call
 * normalises it again: O(pattern_len). *len gets the length;
 * ROBOTS_ERR_BUFFER_TOO_SMALL, with nothing written, when cap is less. */
ROBOTS_API robots_status robots_group_rule_normalized(const robots_txt *doc,
                                                      size_t group, size_t rule,
                                                      char *buf, size_t cap,
                                                      size_t *len);

/* Sitemaps, in file order, from anywhere in the file. */
ROBOTS_API size_t robots_sitemap_count(const robots_txt *doc);
ROBOTS_API robots_status robots_sitemap(const robots_txt *doc, size_t index,
                                        robots_record_info *out);

/* Lines with a key the profile does not act on (crawl-delay, host,
 * clean-param, ...), in file order. crawl-delay is also exposed per group. */
ROBOTS_API size_t robots_extension_count(const robots_txt *doc);
ROBOTS_API robots_status robots_extension(const robots_txt *doc, size_t index,
                                          robots_record_info *out);

/* The group the agents would use, as robots_check() chooses it: *specific
 * and the first group's index (ROBOTS_NO_INDEX when none applies). */
ROBOTS_API robots_status robots_select_group(const robots_txt *doc,
                                             const robots_str *agents,
                                             size_t agent_count, size_t *group,
                                             int *specific);

/* ------------------------------------------------------------------------
 * Diagnostics: what was odd about the file. Never fatal.
 * ------------------------------------------------------------------------ */
typedef enum robots_severity {
    ROBOTS_SEVERITY_NOTE = 0,
    ROBOTS_SEVERITY_WARNING = 1,
    ROBOTS_SEVERITY_ERROR = 2
} robots_severity;

typedef enum robots_diag_kind {
    ROBOTS_DIAG_UNKNOWN_KEY = 0,        /* a key no profile knows */
    ROBOTS_DIAG_TYPO_KEY = 1,           /* close to a known key */
    ROBOTS_DIAG_MISSING_COLON = 2,      /* a line without ':' */
    ROBOTS_DIAG_RULE_OUTSIDE_GROUP = 3, /* allow/disallow before user-agent */
    ROBOTS_DIAG_PATTERN_NEVER_MATCHES = 4, /* not starting with / or * */
    ROBOTS_DIAG_LINE_TRUNCATED = 5,        /* past ROBOTS_MAX_LINE_BYTES */
    ROBOTS_DIAG_PAST_PARSE_LIMIT = 6,      /* content ignored */
    ROBOTS_DIAG_INVALID_CRAWL_DELAY = 7,   /* not a non-negative number */
    ROBOTS_DIAG_EXTENSION = 8,     /* a known extension kept but not acted on */
    ROBOTS_DIAG_NUL_BYTE = 9,      /* a NUL ended a line's content */
    ROBOTS_DIAG_INVALID_UTF8 = 10, /* bytes that are not UTF-8 */
    ROBOTS_DIAG_BOM_NOT_AT_START = 11,     /* a UTF-8 BOM after offset 0 */
    ROBOTS_DIAG_EMPTY_KEY = 12,            /* ": value" */
    ROBOTS_DIAG_EMPTY_USER_AGENT = 13,     /* "User-agent:" with no token */
    ROBOTS_DIAG_AGENT_REDUCED = 14,        /* "Foo/1.0" read as "Foo" */
    ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE = 15, /* not scheme://... */
    ROBOTS_DIAG_LOOKS_LIKE_HTML = 16, /* an HTML page served as robots.txt */
    ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS = 17, /* ROBOTS_MAX_DIAGNOSTICS reached */
    ROBOTS_DIAG_KEY_BY_PREFIX = 18, /* google: "disallowed" read as disallow */
    ROBOTS_DIAG_NO_SEPARATOR_PAIR = 19, /* google: "disallow /x" read as key
                                           value */
    ROBOTS_DIAG_ALLOW_IGNORED = 20,     /* reserved */
    ROBOTS_DIAG_EMPTY_ALLOW_MATCHES_ALL = 21, /* legacy: "Allow:" */
    ROBOTS_DIAG_UTF16_BOM = 22 /* the file starts with a UTF-16 BOM */
} robots_diag_kind;

/* Stable kebab-case name ("unknown-key", "typo-key", ...), NULL if unknown. */
ROBOTS_API const char *robots_diag_kind_name(robots_diag_kind kind);

typedef struct robots_diagnostic {
    size_t line;   /* 1-based */
    size_t column; /* 1-based byte column; 0 when the whole line */
    robots_diag_kind kind;
    robots_severity severity;
    const char *message; /* English, into the document */
    size_t message_len;
    const char *suggestion; /* e.g. "Disallow"; NULL when none */
    size_t suggestion_len;
} robots_diagnostic;

/* Diagnostics stored (at most ROBOTS_MAX_DIAGNOSTICS + 1), and all that
 * were found. */
ROBOTS_API size_t robots_diagnostic_count(const robots_txt *doc);
ROBOTS_API size_t robots_diagnostic_total(const robots_txt *doc);
ROBOTS_API robots_status robots_diagnostic_at(const robots_txt *doc,
                                              size_t index,
                                              robots_diagnostic *out);

/* "note", "warning", "error"; NULL otherwise. */
ROBOTS_API const char *robots_severity_name(robots_severity severity);

/* ------------------------------------------------------------------------
 * Location and scope, fetch policy, cache lifetime, robots META tags.
 * (Pure functions: the library never touches the network.)
 * ------------------------------------------------------------------------ */
/* ROBOTS_AROUND_THE_FILE_BEGIN */
/* --- Location and scope ------------------------------------------------ */

/* Longest scheme robots_url_parse() reads ("https" is 5). */
#define ROBOTS_MAX_SCHEME_BYTES ((size_t)32)

/* Longest host after conversion to ASCII, not counting one trailing dot:
 * 253, the longest name DNS can carry (RFC 1035 section 2.3.4, 255 octets
 * on the wire). An IPv6 literal counts its brackets. Longer hosts are
 * ROBOTS_ERR_URL_BAD_HOST. */
#define ROBOTS_MAX_HOST_BYTES ((size_t)253)

/* Longest label of a host name after conversion (RFC 1035 section 2.3.4;
 * RFC 3490 section 4.1 step 8). Longer labels are ROBOTS_ERR_URL_BAD_HOST. */
#define ROBOTS_MAX_LABEL_BYTES ((size_t)63)

/* Code points robots_punycode_encode() accepts: encoding is quadratic in the
 * input (RFC 3492 section 6.3), so it is bounded. Longer input:
 * ROBOTS_ERR_TOO_LARGE. A host label never needs more than 63. */
#define ROBOTS_MAX_PUNYCODE_CODE_POINTS ((size_t)1024)

/* Longest robots.txt URL robots_txt_url_for() can write:
 * scheme "://" host ":" 5 digits "/robots.txt". */
#define ROBOTS_MAX_ROBOTS_URL_BYTES                                            \
    (ROBOTS_MAX_SCHEME_BYTES + 3 + ROBOTS_MAX_HOST_BYTES + 6 + 11)

typedef enum robots_host_kind {
    ROBOTS_HOST_NAME = 0, /* a registered name, in ASCII (punycode) */
    ROBOTS_HOST_IPV4 = 1, /* dotted decimal, four parts of 0-255 */
    ROBOTS_HOST_IPV6 = 2  /* a literal in brackets, kept as written */
} robots_host_kind;

/* "name", "ipv4", "ipv6"; NULL otherwise. */
ROBOTS_API const char *robots_host_kind_name(robots_host_kind kind);

/* An absolute URL's parts that decide which robots.txt governs it. Copied
 * into the struct: nothing points into the caller's input. */
typedef struct robots_url_parts {
    char scheme[ROBOTS_MAX_SCHEME_BYTES + 1]; /* lowercased, NUL-ended */
    size_t scheme_len;
    /* Lowercased; an internationalised name in punycode; an IPv6 literal
     * with its brackets. NUL-ended. */
    char host[ROBOTS_MAX_HOST_BYTES + 2];
    size_t host_len;
    robots_host_kind host_kind;
    unsigned port;      /* the port used: the scheme's default if none */
    int port_given;     /* 1 when the URL names a port */
    int default_port;   /* 1 when the port is the scheme's default */
    int had_userinfo;   /* 1 when "user:pass@" was present (dropped) */
    int host_converted; /* 1 when a label was converted to punycode */
    size_t path_offset; /* where path, query or fragment start; the URL's
                           length when it has none */
} robots_url_parts;

/* Reads an absolute URL: "scheme://[userinfo@]host[:port][/path][?q][#f]".
 * Space, tab, CR and LF around the URL are ignored. Supported schemes:
 * http (port 80), https (443) and ftp (21); others are
 * ROBOTS_ERR_URL_UNSUPPORTED_SCHEME. Errors: ROBOTS_ERR_URL_TOO_LONG (over
 * ROBOTS_MAX_URL_BYTES), ROBOTS_ERR_URL_NO_SCHEME, ROBOTS_ERR_URL_NO_HOST
 * (no "//" or an empty host), ROBOTS_ERR_URL_BAD_HOST (a character not
 * allowed in a host, invalid UTF-8, an empty or too long label, a numeric
 * last label that is not an IPv4 address, a malformed IPv6 literal),
 * ROBOTS_ERR_URL_BAD_PORT (not digits, or over 65535),
 * ROBOTS_ERR_URL_INVALID (userinfo with a character RFC 3986 does not allow
 * there, such as '\\', which readers disagree on). Percent-escapes in the
 * host are decoded before conversion. */
ROBOTS_API robots_status robots_url_parse(const char *url, size_t url_len,
                                          robots_url_parts *out);

/* The robots.txt URL for `url`: "scheme://host[:port]/robots.txt" with
 * scheme and host lowercased, the host in punycode, userinfo, path, query
 * and fragment dropped, and the default port removed. Written to buf,
 * NUL-terminated when it fits; *needed is the length without the NUL;
 * ROBOTS_ERR_BUFFER_TOO_SMALL when cap <= *needed. Errors as
 * robots_url_parse(). */
ROBOTS_API robots_status robots_txt_url_for(const char *url, size_t url_len,
                                            char *buf, size_t cap,
                                            size_t *needed);

typedef enum robots_scope_reason {
    ROBOTS_SCOPE_SAME_SITE = 0,    /* applies: same scheme, host, port */
    ROBOTS_SCOPE_OTHER_SCHEME = 1, /* does not apply */
    ROBOTS_SCOPE_OTHER_HOST = 2,   /* another host, subdomains included */
    ROBOTS_SCOPE_OTHER_PORT = 3,   /* does not apply */
    ROBOTS_SCOPE_NOT_TOP_LEVEL = 4 /* the robots.txt URL's path is not
                                      exactly /robots.txt (or it has a
                                      query): it governs nothing */
} robots_scope_reason;

/* "same-site", "other-scheme", "other-host", "other-port",
 * "not-top-level"; NULL otherwise. */
ROBOTS_API const char *robots_scope_reason_name(robots_scope_reason reason);

typedef struct robots_scope {
    int applies; /* 1 when the robots.txt governs the URL */
    robots_scope_reason reason;
} robots_scope;

/* Does the robots.txt at `robots_url` govern `url`? Both are read with
 * robots_url_parse() (its errors are returned for either). The path
 * "/robots.txt" is compared case-sensitively, as URL paths are. */
ROBOTS_API robots_status robots_scope_check(const char *robots_url,
                                            size_t robots_url_len,
                                            const char *url, size_t url_len,
                                            robots_scope *out);

/* RFC 3492 Punycode of the UTF-8 string `utf8` (no "xn--" prefix, no case
 * mapping): the basic code points, a '-' if there were any, then the
 * encoded rest. Written like robots_txt_url_for(). Errors:
 * ROBOTS_ERR_INVALID_ARGUMENT for invalid UTF-8 (overlong forms,
 * surrogates, over U+10FFFF), ROBOTS_ERR_TOO_LARGE over
 * ROBOTS_MAX_PUNYCODE_CODE_POINTS. */
ROBOTS_API robots_status robots_punycode_encode(const char *utf8, size_t len,
                                                char *buf, size_t cap,
                                                size_t *needed);

/* IDNA ToASCII of a host name, label by label (labels split at '.' and at
 * the ideographic full stops U+3002, U+FF0E, U+FF61): an ASCII label is
 * lowercased; any other label has its ASCII and Latin-1 capitals lowercased
 * and becomes "xn--" + punycode. Full Nameprep (RFC 3491) is not applied.
 * Allowed ASCII: letters, digits, '-', '_'. One trailing dot is kept.
 * Errors: ROBOTS_ERR_URL_BAD_HOST (invalid UTF-8, another ASCII character,
 * an empty label, a label over ROBOTS_MAX_LABEL_BYTES, a host over
 * ROBOTS_MAX_HOST_BYTES, a non-ASCII label that already starts with
 * "xn--"); ROBOTS_ERR_BUFFER_TOO_SMALL as robots_txt_url_for(). */
ROBOTS_API robots_status robots_host_to_ascii(const char *host, size_t len,
                                              char *buf, size_t cap,
                                              size_t *needed);

/* --- Fetch outcome to policy ------------------------------------------ */

/* Redirects followed before a further 3xx ends the chain, treated as 4xx
 * (seed 004: "at least five"; RFC 9309 section 2.3.1.2). */
#define ROBOTS_MAX_REDIRECTS 5u

/* Unreachable for more than this long (seconds), a crawler uses its cached
 * copy, or allows all without one (RFC 9309 section 2.3.1.4; seed 004). */
#define ROBOTS_UNREACHABLE_LIMIT_SECONDS ((int64_t)30 * 24 * 60 * 60)

typedef enum robots_network_error {
    ROBOTS_NET_NONE = 0,     /* an HTTP status was received */
    ROBOTS_NET_DNS = 1,      /* the name did not resolve */
    ROBOTS_NET_CONNECT = 2,  /* refused, reset, unreachable */
    ROBOTS_NET_TIMEOUT = 3,  /* no answer in time */
    ROBOTS_NET_TLS = 4,      /* handshake or certificate failure */
    ROBOTS_NET_TRUNCATED = 5 /* the body ended early (a chunking error...) */
} robots_network_error;

/* "none", "dns", "connect", "timeout", "tls", "truncated"; NULL otherwise.
 */
ROBOTS_API const char *robots_network_error_name(robots_network_error error);
/* Name (case-insensitive) to value; ROBOTS_ERR_INVALID_ARGUMENT if unknown.
 */
ROBOTS_API robots_status robots_network_error_from_name(
    const char *name, size_t len, robots_network_error *out);

typedef struct robots_fetch_outcome {
    int status; /* HTTP status, 100-999; ignored when network_error is set */
    unsigned redirects; /* redirects already followed in this chain */
    robots_network_error network_error;
    /* How long the file has been unreachable (5xx or network errors in a
     * row), in seconds; 0 when it was reachable last time. */
    int64_t unreachable_seconds;
    int has_cached_copy; /* 1 when a copy from an earlier fetch exists */
} robots_fetch_outcome;

typedef enum robots_fetch_action {
    ROBOTS_FETCH_PARSE_BODY = 0,         /* parse it and obey the rules */
    ROBOTS_FETCH_ALLOW_ALL = 1,          /* no restriction at all */
    ROBOTS_FETCH_DISALLOW_ALL = 2,       /* nothing may be fetched */
    ROBOTS_FETCH_DISALLOW_ALL_RETRY = 3, /* nothing, until a retry succeeds */
    ROBOTS_FETCH_FOLLOW_REDIRECT = 4,    /* fetch the Location; its rules
                                            apply to the first authority */
    ROBOTS_FETCH_USE_CACHED = 5,         /* obey the cached copy */
    ROBOTS_FETCH_DEFER = 6               /* legacy: visit the site later */
} robots_fetch_action;

/* What the outcome was read as. */
typedef enum robots_fetch_basis {
    ROBOTS_BASIS_SUCCESS = 0,           /* 2xx */
    ROBOTS_BASIS_REDIRECT = 1,          /* 3xx, within ROBOTS_MAX_REDIRECTS */
    ROBOTS_BASIS_REDIRECT_LIMIT = 2,    /* 3xx past it: as 4xx (404) */
    ROBOTS_BASIS_CLIENT_ERROR = 3,      /* 4xx: unavailable */
    ROBOTS_BASIS_ACCESS_RESTRICTED = 4, /* legacy: 401, 403 */
    ROBOTS_BASIS_RATE_LIMITED = 5,      /* google: 429, as 5xx */
    ROBOTS_BASIS_SERVER_ERROR = 6,      /* 5xx: unreachable */
    ROBOTS_BASIS_NETWORK_ERROR = 7,     /* no status or a truncated body */
    ROBOTS_BASIS_OTHER_STATUS = 8       /* 1xx, 6xx-9xx: as 5xx */
} robots_fetch_basis;

typedef struct robots_fetch_decision {
    robots_fetch_action action;
    robots_fetch_basis basis;
    int retry; /* 1 when the crawler should fetch the file again soon */
    /* 1 when unreachable for more than ROBOTS_UNREACHABLE_LIMIT_SECONDS
     * changed the action (to USE_CACHED or ALLOW_ALL). */
    int long_unreachable;
} robots_fetch_decision;

/* "parse-body", "allow-all", "disallow-all", "disallow-all-retry",
 * "follow-redirect", "use-cached", "defer"; NULL otherwise. */
ROBOTS_API const char *robots_fetch_action_name(robots_fetch_action action);
/* "success", "redirect", "redirect-limit", "client-error",
 * "access-restricted", "rate-limited", "server-error", "network-error",
 * "other-status"; NULL otherwise. */
ROBOTS_API const char *robots_fetch_basis_name(robots_fetch_basis basis);

/* What a crawler does with a fetch of robots.txt, per profile (the table
 * "Fetching the file" of docs/semantics.md). ROBOTS_ERR_INVALID_ARGUMENT
 * for a NULL pointer, an unknown profile or network error, a status
 * outside 100-999 without a network error, or negative unreachable time. */
ROBOTS_API robots_status robots_fetch_policy(const robots_fetch_outcome *in,
                                             robots_profile profile,
                                             robots_fetch_decision *out);

/* --- Cache lifetime ---------------------------------------------------- */

/* Defaults and bounds, in seconds. rfc9309: 24 hours by default and never
 * more (RFC 9309 section 2.4). google: 24 hours by default; max-age may
 * lengthen or shorten it (seed 004). legacy: 7 days (the 1996 draft, seed
 * 000). */
#define ROBOTS_CACHE_DEFAULT_SECONDS ((int64_t)86400)
#define ROBOTS_CACHE_RFC9309_MAX_SECONDS ((int64_t)86400)
#define ROBOTS_CACHE_LEGACY_DEFAULT_SECONDS ((int64_t)604800)
/* A larger delta-seconds is read as this (RFC 9111 section 1.2.2). */
#define ROBOTS_CACHE_MAX_DELTA_SECONDS ((int64_t)2147483648)

typedef enum robots_cache_source {
    ROBOTS_CACHE_FROM_DEFAULT = 0,  /* no usable header: the profile's */
    ROBOTS_CACHE_FROM_MAX_AGE = 1,  /* Cache-Control: max-age */
    ROBOTS_CACHE_FROM_EXPIRES = 2,  /* Expires minus Date */
    ROBOTS_CACHE_FROM_NO_STORE = 3, /* Cache-Control: no-store: 0 */
    ROBOTS_CACHE_FROM_NO_CACHE = 4  /* Cache-Control: no-cache: 0 */
} robots_cache_source;

/* "default", "max-age", "expires", "no-store", "no-cache"; NULL otherwise.
 */
ROBOTS_API const char *robots_cache_source_name(robots_cache_source source);

/* Bits of robots_cache_info.malformed: what was reported and ignored. */
#define ROBOTS_CACHE_BAD_MAX_AGE 0x01u       /* max-age not delta-seconds */
#define ROBOTS_CACHE_BAD_EXPIRES 0x02u       /* not an HTTP date */
#define ROBOTS_CACHE_BAD_DATE 0x04u          /* not an HTTP date */
#define ROBOTS_CACHE_EXPIRES_NO_DATE 0x08u   /* Expires without a valid Date */
#define ROBOTS_CACHE_DUPLICATE 0x10u         /* given twice: the first counts */
#define ROBOTS_CACHE_BAD_CACHE_CONTROL 0x20u /* list syntax */
#define ROBOTS_CACHE_BAD_LINE 0x40u          /* block: not "name: value" */

/* "bad-max-age", ... for one bit; NULL for anything else. */
ROBOTS_API const char *robots_cache_flag_name(unsigned flag);

/* Header values; a NULL pointer means the header is absent. */
typedef struct robots_cache_headers {
    const char *cache_control; /* all Cache-Control lines, comma-joined */
    size_t cache_control_len;
    const char *expires;
    size_t expires_len;
    const char *date;
    size_t date_len;
} robots_cache_headers;

typedef struct robots_cache_info {
    int64_t seconds; /* how long the copy may be used; 0: not at all */
    robots_cache_source source;
    int capped;         /* 1 when the profile's bound shortened it */
    unsigned malformed; /* ROBOTS_CACHE_* bits */
} robots_cache_info;

/* The cache lifetime of a robots.txt response, per profile. Precedence:
 * no-store, no-cache, max-age, Expires minus Date (negative is 0), the
 * default. A malformed value is reported in `malformed` and ignored (note:
 * RFC 9111 section 5.3 would read an invalid Expires as "expired"). */
ROBOTS_API robots_status robots_cache_lifetime(
    robots_profile profile, const robots_cache_headers *headers,
    robots_cache_info *out);

/* The same from a header block ("Name: value" lines ended by LF or CRLF, an
 * optional status line first, ending at an empty line). Several
 * Cache-Control lines are one list (RFC 9110 section 5.3). */
ROBOTS_API robots_status
robots_cache_lifetime_from_block(robots_profile profile, const char *block,
                                 size_t len, robots_cache_info *out);

/* An HTTP date (RFC 9110 section 5.6.7: IMF-fixdate, RFC 850 or asctime
 * format) to seconds since 1970-01-01T00:00:00Z. A two-digit RFC 850 year
 * is 19yy from 70, else 20yy (no clock is read). Space and tab around it
 * are ignored. ROBOTS_ERR_HEADER_INVALID otherwise. */
ROBOTS_API robots_status robots_http_date_parse(const char *text, size_t len,
                                                int64_t *unix_seconds);

/* --- Robots META tags and X-Robots-Tag --------------------------------- */

/* Bytes of HTML robots_meta_scan_html() reads; the rest is not read and
 * `truncated` is set. The head comes first in a page. */
#define ROBOTS_META_MAX_SCAN_BYTES ((size_t)1048576)
/* Directives listed in a result; more are still applied (so that padding
 * cannot hide a noindex) and counted in directives_total. */
#define ROBOTS_META_MAX_DIRECTIVES ((size_t)64)
/* Bytes of one directive kept in the list (longer: cut). */
#define ROBOTS_META_MAX_DIRECTIVE_BYTES ((size_t)63)
/* Bytes of one attribute value read (a content="" list); the rest of a
 * longer value is dropped and `truncated` is set. */
#define ROBOTS_META_MAX_CONTENT_BYTES ((size_t)4096)
/* Bytes kept of description, keywords and revisit-after. */
#define ROBOTS_META_MAX_TEXT_BYTES ((size_t)1024)

typedef enum robots_meta_directive {
    ROBOTS_META_UNKNOWN = 0,
    ROBOTS_META_INDEX = 1,
    ROBOTS_META_NOINDEX = 2,
    ROBOTS_META_FOLLOW = 3,
    ROBOTS_META_NOFOLLOW = 4,
    ROBOTS_META_NOARCHIVE = 5,
    ROBOTS_META_ALL = 6,  /* index, follow */
    ROBOTS_META_NONE = 7, /* noindex, nofollow */
    ROBOTS_META_NOSNIPPET = 8,
    ROBOTS_META_NOIMAGEINDEX = 9,
    ROBOTS_META_MAX_SNIPPET = 10,       /* max-snippet:N, N >= -1 */
    ROBOTS_META_MAX_IMAGE_PREVIEW = 11, /* none, standard, large */
    ROBOTS_META_MAX_VIDEO_PREVIEW = 12, /* max-video-preview:N, N >= -1 */
    ROBOTS_META_UNAVAILABLE_AFTER = 13  /* unavailable_after:DATE */
} robots_meta_directive;

/* "index", "noindex", ..., "max-snippet", "unavailable_after", "unknown";
 * NULL for a value that is not a directive. */
ROBOTS_API const char *robots_meta_directive_name(robots_meta_directive d);

typedef enum robots_meta_source {
    ROBOTS_META_FROM_ROBOTS = 0, /* <meta name="robots"> */
    ROBOTS_META_FROM_AGENT = 1,  /* <meta name="CRAWLER"> */
    ROBOTS_META_FROM_HEADER = 2  /* X-Robots-Tag */
} robots_meta_source;

/* "meta-robots", "meta-agent", "x-robots-tag"; NULL otherwise. */
ROBOTS_API const char *robots_meta_source_name(robots_meta_source source);

typedef enum robots_image_preview {
    ROBOTS_IMAGE_PREVIEW_UNSET = 0,
    ROBOTS_IMAGE_PREVIEW_NONE = 1,
    ROBOTS_IMAGE_PREVIEW_STANDARD = 2,
    ROBOTS_IMAGE_PREVIEW_LARGE = 3
} robots_image_preview;

/* "unset", "none", "standard", "large"; NULL otherwise. */
ROBOTS_API const char *robots_image_preview_name(robots_image_preview p);

/* Bits of robots_meta_result.restrictions: the effective restrictions. */
#define ROBOTS_META_R_NOINDEX 0x01u
#define ROBOTS_META_R_NOFOLLOW 0x02u
#define ROBOTS_META_R_NOARCHIVE 0x04u
#define ROBOTS_META_R_NOSNIPPET 0x08u
#define ROBOTS_META_R_NOIMAGEINDEX 0x10u

/* Bits of robots_meta_result.conflicts: contradicting directives, resolved
 * to the more restrictive one. */
#define ROBOTS_META_C_INDEX 0x01u         /* index and noindex */
#define ROBOTS_META_C_FOLLOW 0x02u        /* follow and nofollow */
#define ROBOTS_META_C_MAX_SNIPPET 0x04u   /* different values */
#define ROBOTS_META_C_IMAGE_PREVIEW 0x08u /* different values */
#define ROBOTS_META_C_VIDEO_PREVIEW 0x10u /* different values */
#define ROBOTS_META_C_UNAVAILABLE 0x20u   /* different dates */

/* "index", "follow", ... for one conflict bit; "noindex", "nofollow", ...
 * for one restriction bit; NULL otherwise. */
ROBOTS_API const char *robots_meta_conflict_name(unsigned bit);
ROBOTS_API const char *robots_meta_restriction_name(unsigned bit);

typedef struct robots_meta_item {
    robots_meta_directive directive;
    robots_meta_source source;
    int64_t value; /* max-snippet / max-video-preview N, the image preview
                      level, unavailable_after's date (0 if unparsed) */
    int malformed; /* a value that could not be read: not applied */
    char text[ROBOTS_META_MAX_DIRECTIVE_BYTES + 1]; /* lowercased, trimmed */
    size_t text_len;
} robots_meta_item;

/* A fixed-size result: every string is copied in. */
typedef struct robots_meta_result {
    unsigned restrictions; /* ROBOTS_META_R_* bits */
    unsigned conflicts;    /* ROBOTS_META_C_* bits */
    unsigned seen;         /* bit (1u << d) for each robots_meta_directive d
                              seen, unknown included */
    size_t duplicates;     /* directives repeated (FOLLOW,FOLLOW) */
    int has_max_snippet;   /* then max_snippet: -1 no limit, else chars */
    int64_t max_snippet;
    robots_image_preview max_image_preview;
    int has_max_video_preview;
    int64_t max_video_preview; /* -1 no limit, else seconds */
    int has_unavailable_after;
    /* The earliest date, seconds since 1970 (0 when no date could be read:
     * see the text). */
    int64_t unavailable_after;
    char unavailable_after_text[ROBOTS_META_MAX_DIRECTIVE_BYTES + 1];
    size_t unavailable_after_text_len;
    robots_meta_item items[ROBOTS_META_MAX_DIRECTIVES];
    size_t item_count;       /* listed, at most ROBOTS_META_MAX_DIRECTIVES */
    size_t directives_total; /* all directives seen and applied */
    size_t unknown;          /* directives not recognised (ignored) */
    size_t malformed;        /* directives with an unreadable value */
    size_t tags_applied;     /* meta tags / header values for this agent */
    size_t tags_other_agent; /* for another crawler: ignored */
    /* Table 9-5 metadata (first occurrence), not directives. */
    char description[ROBOTS_META_MAX_TEXT_BYTES + 1];
    size_t description_len;
    int has_description;
    char keywords[ROBOTS_META_MAX_TEXT_BYTES + 1];
    size_t keywords_len;
    int has_keywords;
    char revisit_after[ROBOTS_META_MAX_TEXT_BYTES + 1];
    size_t revisit_after_len;
    int has_revisit_after;
    /* 1 when a limit cut the input (ROBOTS_META_MAX_SCAN_BYTES, an
     * attribute over ROBOTS_META_MAX_CONTENT_BYTES, a text over
     * ROBOTS_META_MAX_TEXT_BYTES). */
    int truncated;
    size_t bytes_scanned; /* HTML bytes read */
    int head_ended;       /* 1 when </head> or <body> ended the scan */
} robots_meta_result;

/* An empty result: everything allowed, nothing seen. */
ROBOTS_API void robots_meta_result_init(robots_meta_result *out);

/* Resets *out, then reads the robots META tags of an HTML page for one
 * crawler: <meta name="robots"> and <meta name="AGENT"> (the agent reduced
 * to its leading [A-Za-z_-] run; NULL/0 for robots tags only), any case,
 * any attribute order, double, single or no quotes, until </head> or <body>.
 * Comments and the contents of <script>, <style>, <title> and <textarea>
 * are skipped. A streaming scanner, not a DOM: one pass, time linear in
 * min(len, ROBOTS_META_MAX_SCAN_BYTES), nothing read past `len`, an
 * unterminated tag or comment ends the scan. */
ROBOTS_API robots_status robots_meta_scan_html(const char *html, size_t len,
                                               const char *agent,
                                               size_t agent_len,
                                               robots_meta_result *out);

/* Adds one X-Robots-Tag header value ("noindex, nofollow" or
 * "googlebot: noindex") to *out (from robots_meta_result_init() or a
 * previous call). A value prefixed by another crawler's name is counted in
 * tags_other_agent and not applied. */
ROBOTS_API robots_status robots_meta_add_header(const char *value, size_t len,
                                                const char *agent,
                                                size_t agent_len,
                                                robots_meta_result *out);

/* robots_meta_result_init() then robots_meta_add_header(). */
ROBOTS_API robots_status robots_meta_parse_header(const char *value, size_t len,
                                                  const char *agent,
                                                  size_t agent_len,
                                                  robots_meta_result *out);
/* ROBOTS_AROUND_THE_FILE_END */

#ifdef __cplusplus
}
#endif

#endif /* ROBOTS_H */
