/* SPDX-License-Identifier: MIT */
/*
 * robots.h - librobots, the Robots Exclusion Protocol (robots.txt) in C11:
 * parsing a robots.txt, checking URLs against it, and what it holds.
 * robots_web.h has the web around the file (its URL and scope, fetch
 * policy, cache lifetime, robots META tags); robots_common.h, included by
 * both, the version, status codes, profiles and allocator. Everything
 * they declare is prefixed `robots_` / `ROBOTS_`.
 *
 * Model
 *   robots_parse() reads any bytes once into an immutable `robots_txt`
 *   document. The document keeps no pointer into the caller's input. It may
 *   be queried from any number of threads at once through `const` pointers
 *   (the library has no global or static mutable state). The index of the
 *   rules an agent selects is compiled by the first check that needs it
 *   (a small document's first 8 checks walk its rules instead, see
 *   robots_check()), through the document's allocator, and published
 *   with an atomic compare-and-swap: no check sees it half made, and
 *   every check gives the same verdict whether it compiled the index or
 *   found it. In the
 *   same way robots_check() remembers, in four fixed slots of the
 *   document, which groups the first names it is given alone select. So
 *   the document's allocator must be thread-safe when threads check one
 *   document (as it must for a check's scratch memory, see robots_check()).
 *   robots_free() releases the document, its compiled indexes and
 *   everything it ever handed out; a robots_query is freed with
 *   robots_query_free().
 *
 * Profiles
 *   ROBOTS_PROFILE_RFC9309 (default) - RFC 9309, read strictly.
 *   ROBOTS_PROFILE_GOOGLE            - what google/robotstxt answers.
 *   ROBOTS_PROFILE_LEGACY            - the 1996 draft ("version 1.0").
 *   docs/semantics.md in the source tree states every rule of each.
 */
#ifndef ROBOTS_H
#define ROBOTS_H

#include "robots_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Named limits. Each is enforced, documented here, and tested at and just
 * past the limit (conformance/cases/limits.json).
 * ------------------------------------------------------------------------ */

/* Default parse limit: bytes of a robots.txt body that are parsed; content
 * past it is ignored with a ROBOTS_DIAG_PAST_PARSE_LIMIT diagnostic, and
 * robots_txt_cut() and each verdict's `truncated` say so. A line
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

/* Diagnostics kept per document. Past it one ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS
 * is recorded and the rest are counted but not stored, so that a file of
 * junk lines cannot make the document larger than its bound. */
#define ROBOTS_MAX_DIAGNOSTICS ((size_t)1000)

/* ------------------------------------------------------------------------
 * Parse options and memory
 * ------------------------------------------------------------------------ */
typedef struct robots_options {
    robots_profile profile;
    /* Bytes of the body that are parsed; ROBOTS_DEFAULT_PARSE_LIMIT by
     * default; 0 means the whole body. */
    size_t parse_limit;
    /* Most bytes a document may take (all its allocations together);
     * 0 means no cap. Parsing past it fails with ROBOTS_ERR_MEMORY_CAP. */
    size_t memory_cap;
    /* NULL means malloc/free. Otherwise both alloc and free must be set
     * (ROBOTS_ERR_INVALID_ARGUMENT when one is NULL: memory from one
     * allocator must never reach another's free). Copied by
     * robots_parse(); the pointed-to struct need not outlive the call, but
     * its ctx must outlive the document. */
    const robots_allocator *allocator;
    /* 1: a Content-Usage line is a rule, as draft-ietf-aipref-attach-05
     * section 3 makes it, so a User-agent line after it starts a new group
     * (robots_usage.h). 0 (the default): it is an extension record, which
     * ends no group, as in RFC 9309 2.2.4 and Google's parser, and no
     * Allow/Disallow verdict of any profile changes (docs/semantics.md,
     * "AI usage preferences", decision 1). Other values:
     * ROBOTS_ERR_INVALID_ARGUMENT. Took the place of a reserved word. */
    size_t content_usage_ends_group;
    /* 1: a parse for verdicts only (a crawler's), which keeps and counts
     * no diagnostics: robots_diagnostic_count(), robots_diagnostic_total()
     * and every robots_diagnostic_kind_total() are 0, and the work done
     * only to report is not done (the UTF-8 check of a line's bytes, the
     * messages and what they quote, the key a line without ':' was meant
     * as). Everything else is what the default parse makes of the same
     * body: groups, agents, rules (robots_rule_info with its flags, the
     * normal forms, the example paths), sitemaps and extensions,
     * robots_txt_cut(), the parsed and input bytes, every verdict with
     * its reason and evidence, the groups selected, robots_usage(), and
     * robots_analyze()'s findings (it reads the document, not its
     * diagnostics). Time, stack and robots_parse_memory_bound() as for
     * the default parse; robots_txt_memory_used() is never more than the
     * default parse's document, and less where that one keeps a
     * diagnostic, unless both are finished in the array their text was
     * read into (docs/performance.md). 0 (the default): every diagnostic,
     * as documented. Other values: ROBOTS_ERR_INVALID_ARGUMENT. Took the
     * place of a reserved word. */
    size_t skip_diagnostics;
    size_t reserved[2]; /* zero: see Structures, robots_common.h */
} robots_options;

/* Fills *options with the defaults: rfc9309, ROBOTS_DEFAULT_PARSE_LIMIT,
 * no memory cap, malloc/free. */
ROBOTS_API void robots_options_init(robots_options *options);

/* Upper bound, in bytes, of the memory robots_parse() has allocated at any
 * one time for a body of `body_len` bytes (before the parse limit):
 *   32 * body_len + 3 * ROBOTS_MAX_LINE_BYTES + about 900 KiB
 * (the normalisation scratch and the capped diagnostics). A caller that
 * sets memory_cap to this value never sees ROBOTS_ERR_MEMORY_CAP.
 * The finished document (robots_txt_memory_used() before any check) is
 * at most 2 * body_len + 64 KiB plus its diagnostics (at most
 * ROBOTS_MAX_DIAGNOSTICS + 1 of at most 296 bytes each).
 * docs/performance.md says what each line keeps. O(1). */
ROBOTS_API size_t robots_parse_memory_bound(size_t body_len);

/* ------------------------------------------------------------------------
 * Parsing
 * ------------------------------------------------------------------------ */
typedef struct robots_txt robots_txt;

/* Parses `body` (any bytes) into a new document. `options` may be NULL for
 * the defaults. On success *out owns the document; release it with
 * robots_free(). On failure *out is NULL and nothing stays allocated.
 * Errors: ROBOTS_ERR_TOO_LARGE past ROBOTS_MAX_INPUT_BYTES,
 * ROBOTS_ERR_NO_MEMORY, ROBOTS_ERR_MEMORY_CAP; never the content.
 * Time: O(body_len) (the bytes past the parse limit are only counted).
 * Memory: through the options' allocator, at most
 * robots_parse_memory_bound(body_len) at any one time; the document keeps
 * what that function's comment says. Stack: at most 8 KiB. */
ROBOTS_API robots_status robots_parse(const char *body, size_t body_len,
                                      const robots_options *options,
                                      robots_txt **out);

/* Bytes past the parse limit that robots_parse_prefix() must be given:
 * the byte right after the limit says whether the line the limit falls
 * in ends there (and is read), and the one after it whether that end is a
 * CRLF, which places the first line not read. */
#define ROBOTS_PARSE_LOOKAHEAD_BYTES ((size_t)2)

/* A count the library could not make because it was not given the bytes:
 * robots_parse_prefix()'s `rest` when the caller does not know it, and
 * robots_cut_info's counts of a body given as a prefix. */
#define ROBOTS_NOT_COUNTED ((size_t)-1)

/* Parses a body of which the caller read only the start, so that reading
 * a file or a stream (which may never end) stops at the parse limit.
 * `prefix` is the body's first prefix_len bytes, and `rest` says what
 * follows them: 0 nothing (the prefix is the whole body: this is then
 * robots_parse(prefix, prefix_len, options, out)); else the number of
 * bytes that follow, or ROBOTS_NOT_COUNTED when the caller does not know
 * how many. When rest is not 0, the options' parse_limit must not be 0
 * and prefix_len must be at least parse_limit +
 * ROBOTS_PARSE_LOOKAHEAD_BYTES; else ROBOTS_ERR_INVALID_ARGUMENT (the
 * library will not guess at lines it was not given).
 *
 * The document is the one robots_parse() makes of the whole body: the
 * same groups, rules, records, diagnostics and verdicts, cut (always, as
 * the body is longer than the limit) at the same line and byte. Only what
 * needs the bytes past the prefix differs: robots_txt_cut() gives
 * lines_not_read ROBOTS_NOT_COUNTED, and bytes_not_read the bytes from the
 * cut to the prefix's end plus rest (ROBOTS_NOT_COUNTED when rest is, or
 * when that sum is not below it); the past-parse-limit diagnostic counts
 * those bytes, or says that "the rest" of the file is not read, instead
 * of counting lines; robots_txt_input_bytes() is prefix_len.
 * Errors: as robots_parse() on prefix_len bytes (ROBOTS_ERR_TOO_LARGE when
 * prefix_len is over ROBOTS_MAX_INPUT_BYTES, whatever rest is). Time,
 * memory and stack: robots_parse()'s for prefix_len bytes (Stack: at most
 * 8 KiB); the bytes of the prefix past the cut are not counted either. */
ROBOTS_API robots_status robots_parse_prefix(const char *prefix,
                                             size_t prefix_len, size_t rest,
                                             const robots_options *options,
                                             robots_txt **out);

/* Releases the document and everything it handed out. NULL is fine. */
ROBOTS_API void robots_free(robots_txt *doc);

ROBOTS_API robots_profile robots_txt_profile(const robots_txt *doc);
/* Bytes of the body that were parsed, and bytes given (of a prefix,
 * robots_parse_prefix(): the prefix's). */
ROBOTS_API size_t robots_txt_parsed_bytes(const robots_txt *doc);
ROBOTS_API size_t robots_txt_input_bytes(const robots_txt *doc);
/* Bytes the document holds: what memory_cap was compared with, and the
 * indexes checks have compiled since (outside the cap) as they are
 * published. */
ROBOTS_API size_t robots_txt_memory_used(const robots_txt *doc);

/* Where the parse limit cut the body, if it did (RFC 9309 section 2.5
 * allows a crawler to stop at a limit; it need not say so, this library
 * does). The parse reads lines while they end within the limit; the line
 * the limit falls in is not read at all (see ROBOTS_DEFAULT_PARSE_LIMIT),
 * so the first byte not read is the start of a line. */
typedef struct robots_cut_info {
    int truncated; /* 1 when bytes past the parse limit were not read */
    size_t limit;  /* the parse limit applied; 0 when there was none */
    /* The first line not read: its 0-based byte offset in the body and
     * its 1-based number (the line the limit falls in, or the line right
     * after the limit when a line ends there). The body's length and 0
     * when nothing was cut. */
    size_t offset;
    size_t line;
    /* The lines and bytes from there to the end of the body: that line,
     * every line after it, the last one whether or not it has a
     * terminator. 0 when nothing was cut. ROBOTS_NOT_COUNTED when the
     * body was given as a prefix (robots_parse_prefix()): lines_not_read
     * always, bytes_not_read when the caller did not know the rest. */
    size_t lines_not_read;
    size_t bytes_not_read;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_cut_info;

/* Fills *out with where the parse limit cut the document's body.
 * ROBOTS_ERR_INVALID_ARGUMENT for a NULL pointer. O(1), no allocation:
 * robots_parse() counted the lines not read, as the document keeps no
 * pointer to the body to count them later. That count is the one cost a
 * body longer than the limit adds to its parse: one pass over the bytes
 * past the limit, 8 bytes a step, O(body_len - limit), nothing allocated,
 * constant stack. */
ROBOTS_API robots_status robots_txt_cut(const robots_txt *doc,
                                        robots_cut_info *out);

/* The bytes robots_cut_message() needs at most, with the NUL. */
#define ROBOTS_CUT_MESSAGE_BYTES ((size_t)192)

/* The words of the past-parse-limit diagnostic (ROBOTS_DIAG_PAST_PARSE_LIMIT)
 * for a cut: what the parse writes from robots_txt_cut()'s counts, and,
 * for a caller that parsed a prefix and counted the rest of the file since
 * (robots_line_count), the words the parse would have written with those
 * counts, so that a tool never words the library's message itself. It
 * counts lines and bytes when both are counted, bytes alone when only they
 * are, and else says "the rest" is not read. Writes the NUL-terminated
 * message into buf and its length, without the NUL, into *len.
 * ROBOTS_ERR_INVALID_ARGUMENT for a NULL pointer, cap under
 * ROBOTS_CUT_MESSAGE_BYTES, a cut that did not truncate, or non-zero
 * reserved words. O(1), no allocation, constant stack. */
ROBOTS_API robots_status robots_cut_message(const robots_cut_info *cut,
                                            char *buf, size_t cap, size_t *len);

/* Counts the lines and bytes of a body from its cut (robots_cut_info's
 * offset) to its end, fed in pieces of any size: for a caller that parsed
 * a prefix (robots_parse_prefix()) and streams the rest of the file
 * through it without holding it, to learn the lines_not_read and
 * bytes_not_read that robots_txt_cut() gives for the whole body. Feed it
 * the prefix's bytes from the cut's offset, then every byte after the
 * prefix. Lines are counted as the parse reads them: a LF, a CR or a CRLF
 * ends one (a CRLF split between two pieces once), and a last line
 * without a terminator counts too; no bytes are no lines.
 *
 * Caller-owned and plain: no allocation, no pointer kept; the members are
 * the library's to read and write (robots_line_count_result() gives the
 * counts). Counts past ROBOTS_NOT_COUNTED - 1 bytes are not made: both
 * are ROBOTS_NOT_COUNTED from the feed that would pass it on. */
typedef struct robots_line_count {
    size_t line_ends;   /* lines ended so far (a CRLF once) */
    size_t bytes;       /* bytes fed so far */
    int last;           /* what the last byte fed was (line_count.c) */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_line_count;

/* Zeroes *count: nothing fed, no lines. NULL is fine. */
ROBOTS_API void robots_line_count_init(robots_line_count *count);
/* Counts bytes[0, len) as the next piece. ROBOTS_ERR_INVALID_ARGUMENT for
 * a NULL count, NULL bytes with len not 0, or a count not made by
 * robots_line_count_init() (non-zero reserved words, an unknown state).
 * O(len), 8 bytes a step; no allocation; constant stack. */
ROBOTS_API robots_status robots_line_count_feed(robots_line_count *count,
                                                const char *bytes, size_t len);
/* The lines and bytes fed so far, as robots_txt_cut() counts the lines
 * and bytes not read of a whole body when the pieces are its bytes from
 * the cut on. ROBOTS_ERR_INVALID_ARGUMENT as robots_line_count_feed()
 * and for NULL outputs. O(1). */
ROBOTS_API robots_status robots_line_count_result(
    const robots_line_count *count, size_t *lines, size_t *bytes);

/* ------------------------------------------------------------------------
 * Checking a URL
 * ------------------------------------------------------------------------ */
typedef enum robots_rule_kind {
    ROBOTS_RULE_ALLOW = 0,
    ROBOTS_RULE_DISALLOW = 1,
    ROBOTS_RULE_KIND_LAST = ROBOTS_RULE_DISALLOW
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
    ROBOTS_REASON_ROBOTS_TXT = 5,
    ROBOTS_REASON_LAST = ROBOTS_REASON_ROBOTS_TXT
} robots_reason;

/* "no-group", "no-rule-matched", "longest-match", "tie-allow",
 * "first-match", "robots-txt"; NULL otherwise. */
ROBOTS_API const char *robots_reason_name(robots_reason reason);
/* "allow", "disallow"; NULL otherwise. */
ROBOTS_API const char *robots_rule_kind_name(robots_rule_kind kind);
/* Case-insensitive name to rule kind ("Allow", "DISALLOW"):
 * ROBOTS_ERR_INVALID_ARGUMENT if it names none. */
ROBOTS_API robots_status robots_rule_kind_from_name(const char *name,
                                                    size_t len,
                                                    robots_rule_kind *out);

/* A group or rule position that is none: no group applied, no rule
 * decided, nothing found. */
#define ROBOTS_NO_POSITION ((size_t)-1)

typedef struct robots_verdict {
    int allowed;          /* 1 allowed, 0 disallowed */
    robots_reason reason; /* why */
    /* 1 when the groups used name one of the agents; 0 when they are the
     * `*` groups or when no group applies. */
    int specific;
    /* The group of the deciding rule (index for robots_group()), or, when
     * no rule decided, the first group that applied; ROBOTS_NO_POSITION when
     * no group applies. */
    size_t group;
    /* The deciding rule: index within its group (robots_group_rule()),
     * ROBOTS_NO_POSITION when no rule decided. */
    size_t rule;
    robots_rule_kind rule_kind; /* valid when rule != ROBOTS_NO_POSITION */
    size_t rule_line;           /* 1-based line; 0 when no rule decided */
    const char *rule_pattern;   /* as written; into the document */
    size_t rule_pattern_len;
    /* 1 when the document was cut at its parse limit (robots_txt_cut()):
     * lines past it were not read, and one of them might have decided
     * otherwise. */
    int truncated;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
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
 * Errors: ROBOTS_ERR_TOO_MANY_AGENTS, ROBOTS_ERR_AGENT_TOO_LONG (the
 * limits of robots_common.h), ROBOTS_ERR_URL_TOO_LONG, ROBOTS_ERR_URL_INVALID,
 * ROBOTS_ERR_NO_MEMORY (below); *out is the verdict only on ROBOTS_OK.
 * Guarantees (docs/performance.md explains how they are kept):
 *   Time. Choosing the groups: rfc9309 and google, a hash look-up per
 *     name; legacy, at most 2^20 byte steps of direct search, past which
 *     the names (H bytes) are indexed, O(H), and each user-agent
 *     value of m bytes is found in O(m log H) (where the names repeat
 *     a pattern, one longer than the index's windows whose every window
 *     is in a name is then searched in O(H + m) the first time, after
 *     that tried at the positions of its rarest window, O(H) for all of
 *     them, past which the names are indexed once more, O(H)). Matching:
 *     rfc9309 and google, path_len hash steps per selected set of rules,
 *     and for each
 *     rule whose literal prefix starts the path at most 3 * path_len +
 *     12 * pattern_len byte comparisons; once those add up to 2^18, one
 *     pass over the path for the rules still in play, O(P + S + path_len *
 *     D) for their P pattern bytes, S segments and D <= sqrt(2P) distinct
 *     segment lengths. legacy: the record's rules in file order, the sum
 *     of (pattern_len + 1). A rule not kept in its normal form is
 *     normalised when read, at most 3 bytes written for each of its bytes
 *     (past the budget, not where its compiled set keeps the form: below).
 *     The first check to read a set of E rules (in google, and the
 *     companion of each index.htm Allow) of P pattern bytes compiles
 *     it, once per document: O(P + E log E). Except the first answers:
 *     in rfc9309 and google, the first 8 checks of a document of B
 *     parsed bytes, while B * (url_len + 1) <= 2^20, or while the G groups
 *     that apply, R rules of N pattern bytes normalised, have
 *     G + R * (9 * path_len + 4) + 12 * N <= 2^21 (path_len: the URL's
 *     path's, with its query; once refused, a document compiles from
 *     then on), compile nothing and
 *     allocate nothing past the work area: they try every rule of the
 *     groups that apply, O(B * url_len) byte steps at most, or 2^21 byte
 *     comparisons (a crawler's one URL costs less than a set's compile
 *     would).
 *   Memory, all through the document's allocator: a compiled set keeps at
 *     most 30 * E + 96 bytes until robots_free() (a document of R rules
 *     has sets of at most 6 * R + 4096 entries in all; within that, while
 *     it fits, the normal forms of its rules that do not keep their own,
 *     copied in O(P) by its compile) and needs at most
 *     146 * E + 7 * P bytes of scratch while it is compiled; the one pass
 *     at most 81 * P + 96 * R + 4 * path_len bytes (R: the rules, and in
 *     google the companion of each index.htm Allow); normal forms over
 *     3 KiB at most 3 * url_len + 3 * ROBOTS_MAX_LINE_BYTES bytes; legacy's
 *     index of the names at most 21 * (H + names) + 1 KiB. All but the
 *     compiled sets are freed before returning. Without memory for a set
 *     or the one pass, the check scans the rules instead (the same
 *     verdict, slower); without memory for the rest it returns
 *     ROBOTS_ERR_NO_MEMORY. A short URL against short rules with a
 *     compiled set allocates nothing.
 *   Stack: at most 13 KiB, no recursion.
 *   Threads: any number of checks on one document at once; the document's
 *     allocator must then be thread-safe (see Model). */
ROBOTS_API robots_status robots_check(const robots_txt *doc,
                                      const robots_str *agents,
                                      size_t agent_count, const char *url,
                                      size_t url_len, robots_verdict *out);

/* robots_check() for one agent: the same verdict, errors and guarantees.
 * Stack: at most 13 KiB. */
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
 *     compile or allocate for them. The document must outlive the query.
 *     A query is immutable: any number of threads may check through it at
 *     once. Time: robots_check()'s choosing of the groups, and the
 *     compiling of the sets no check has compiled yet. Stack: at most
 *     9.5 KiB.
 *   robots_query_check: robots_check() for the query's agents, its stack
 *     (Stack: at most 13 KiB) and its work area included. Time:
 *     robots_check()'s matching of the path only; the agents are not read
 *     again, so neither their length nor legacy's search for them counts.
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
 * pattern is no rule and matches nothing). Time: at most 3 * path_len +
 * 12 * pattern_len byte comparisons after normalising both. Stack: at most
 * 4.5 KiB. The two normal forms share 4 KiB on the stack; when they may
 * need more (three bytes for each byte in, legacy one), they are allocated
 * with malloc for the call and freed before it returns:
 * ROBOTS_ERR_NO_MEMORY if that fails. */
ROBOTS_API robots_status robots_match_path(robots_profile profile,
                                           const char *pattern,
                                           size_t pattern_len, const char *path,
                                           size_t path_len, int *matched);

/* The path (with ;params and ?query, without fragment) a check matches for
 * `url`, written by the buffer contract of robots_common.h.
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
    size_t reserved[4];      /* zero: see Structures, robots_common.h */
} robots_group_info;

typedef struct robots_agent_info {
    size_t line;
    const char *value; /* as written, trimmed */
    size_t value_len;
    const char *token; /* the product token it is reduced to (rfc9309,
                          google); the whole value in legacy. A prefix of
                          value: use token_len, it is not NUL-terminated */
    size_t token_len;
    int is_wildcard;    /* `*` */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_agent_info;

/* robots_rule_info.flags: what the parse decided about a rule, beyond its
 * pattern, so that a tool never decides it again.
 *   NEVER_MATCHES: the rule matches no path in this profile: a pattern
 *     whose normal form starts with neither '/' nor '*' (legacy: not '/'),
 *     which the parse reports as pattern-never-matches, and legacy's empty
 *     Disallow, which restricts nothing by design.
 *   INDEX_DIR: google only: an Allow whose part after its last '/' starts
 *     with "index.htm" also allows "<everything up to that />$"
 *     (docs/semantics.md), so it decides paths its pattern does not match. */
#define ROBOTS_RULE_FLAG_NEVER_MATCHES 1u
#define ROBOTS_RULE_FLAG_INDEX_DIR 2u

typedef struct robots_rule_info {
    size_t line;
    robots_rule_kind kind;
    const char *pattern; /* as written, trimmed */
    size_t pattern_len;
    /* The length of what is matched: the pattern after the profile's
     * percent-normalisation, which robots_group_rule_normalized() writes. */
    size_t normalized_len;
    size_t group; /* the group holding it (robots_group()) */
    size_t
        index; /* its place among every rule, in file order (robots_rule()) */
    unsigned flags;     /* ROBOTS_RULE_FLAG_* */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_rule_info;

typedef struct robots_record_info {
    size_t line;
    const char *key; /* as written ("Sitemap", "Crawl-delay", ...) */
    size_t key_len;
    const char *value; /* as written, trimmed */
    size_t value_len;
    size_t group;       /* the group it appeared in, or ROBOTS_NO_POSITION */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
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
 * the profile's percent-normalisation, info.normalized_len bytes, at most
 * 3 * pattern_len and never more than ROBOTS_MAX_NORMALIZED_PATTERN_BYTES,
 * by the buffer contract of robots_common.h (so a buffer of
 * ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1 always does). The document keeps
 * each pattern once, as written (a pattern of bytes >= 0x80, each three
 * bytes once normalised, would otherwise take four times its length), so
 * each call normalises it again: O(pattern_len), no allocation. */
ROBOTS_API robots_status robots_group_rule_normalized(const robots_txt *doc,
                                                      size_t group, size_t rule,
                                                      char *buf, size_t cap,
                                                      size_t *needed);

/* Every rule of the document at once, in file order (the rules of a group
 * are consecutive, the groups in file order), for a tool that reads them
 * all without going group by group: robots_rule_count() of them.
 * robots_rule() fills *out as robots_group_rule() does, finding its group
 * by a binary search of the groups (O(log groups)); robots_rule_normalized()
 * writes its normal form as robots_group_rule_normalized() does.
 * ROBOTS_ERR_OUT_OF_RANGE for an index past the count. */
ROBOTS_API size_t robots_rule_count(const robots_txt *doc);
ROBOTS_API robots_status robots_rule(const robots_txt *doc, size_t index,
                                     robots_rule_info *out);
ROBOTS_API robots_status robots_rule_normalized(const robots_txt *doc,
                                                size_t index, char *buf,
                                                size_t cap, size_t *needed);

/* A path made from rule `index` (robots_rule()), for a tool that tries a
 * document on paths of its own rules (robots diff, an experiment): the
 * pattern, each '*' the profile reads as a wildcard replaced by `fill`
 * (fill_len bytes, at most ROBOTS_MAX_URL_BYTES; NULL when 0), the '$'
 * that anchors its end dropped, and a '/' put first when it does not start
 * with one. The pattern as written in rfc9309 and legacy, which
 * normalise a path as they do a pattern (legacy reads '*' and '$' as
 * octets: the pattern whole); its normal form in google, which compares
 * the path as given (so "/caf\xC3\xA9" gives "/caf%C3%A9"). Every pattern
 * but an empty one matches its own example path (robots_match_path()),
 * whatever the fill, unless the rule is flagged
 * ROBOTS_RULE_FLAG_NEVER_MATCHES. Written by the buffer contract of
 * robots_common.h; errors as robots_rule(), and
 * ROBOTS_ERR_INVALID_ARGUMENT for a fill of more than ROBOTS_MAX_URL_BYTES
 * or NULL with a length. O(pattern_len * 3 + stars * fill_len), no
 * allocation. */
ROBOTS_API robots_status robots_rule_example_path(const robots_txt *doc,
                                                  size_t index,
                                                  const char *fill,
                                                  size_t fill_len, char *buf,
                                                  size_t cap, size_t *needed);

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
 * and the first group's index (ROBOTS_NO_POSITION when none applies).
 * Errors as robots_check() for the agents. Time and memory: robots_check()'s
 * "choosing the groups" (legacy may index long names: ROBOTS_ERR_NO_MEMORY
 * without memory for it). Stack: at most 9.5 KiB. */
ROBOTS_API robots_status robots_select_group(const robots_txt *doc,
                                             const robots_str *agents,
                                             size_t agent_count, size_t *group,
                                             int *specific);

/* Every group whose rules a check of these agents reads, as robots_check()
 * chooses them (docs/semantics.md, "Groups and user-agents"): rfc9309 and
 * google, every group naming one of the agents, else every `*` group;
 * legacy, the one record it obeys. Their indexes, ascending, are written to
 * groups[0..*needed) when cap >= *needed (else the status is
 * ROBOTS_ERR_BUFFER_TOO_SMALL, *needed is still set, and what `groups`
 * holds is unspecified; `groups` may be NULL when cap is 0). *needed is 0
 * when no group applies. *specific is 1 when the groups name an agent, 0
 * when they are the `*` groups or none. Errors as robots_check() for the
 * agents; *needed and *specific are 0 on any error. Time and memory as
 * robots_select_group(), and one more pass over the agent lines that
 * compares each with each name, every name reduced once:
 * O(agent lines * agent_count + agent bytes * agent_count), no
 * allocation. Stack: at most 10.5 KiB. */
ROBOTS_API robots_status robots_select_groups(const robots_txt *doc,
                                              const robots_str *agents,
                                              size_t agent_count,
                                              size_t *groups, size_t cap,
                                              size_t *needed, int *specific);

/* How a profile reads an agent's name, on each side of the comparison that
 * chooses the groups (docs/semantics.md, "Groups and user-agents"). Both
 * lengths are of a prefix of the name; one shorter than the name says the
 * profile reduced it. */
typedef struct robots_agent_token_info {
    /* What is compared of a user-agent line with this value: rfc9309 and
     * google, its product token, the leading run of [A-Za-z_-]
     * ("Googlebot/2.1" is "Googlebot", "MJ12bot" is "MJ", "360Spider" is
     * empty, and an empty token names no crawler); legacy, and `*`, the
     * whole value. */
    size_t line_token_len;
    /* What is compared of a crawler's name with this value: rfc9309
     * reduces it the same way; google and legacy compare it whole. */
    size_t name_token_len;
    int is_wildcard;    /* `*` alone or followed by whitespace */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_agent_token_info;

/* Fills *out for the name (agent, len) in `profile`: what
 * robots_agent_info.token is for a user-agent line, and what a check
 * compares of a caller's name. ROBOTS_ERR_INVALID_ARGUMENT for a NULL out,
 * a NULL agent with a length, or a value that is not a profile. O(len), no
 * allocation. */
ROBOTS_API robots_status robots_agent_token(robots_profile profile,
                                            const char *agent, size_t len,
                                            robots_agent_token_info *out);

/* The bytes a check compares of a crawler's name in `profile`: its name
 * token (robots_agent_token_info.name_token_len bytes) with ASCII letters
 * lowercased, written by the buffer contract of robots_common.h. Two names
 * with the same key select the same groups of every document in that
 * profile (robots_select_groups()), so a tool that compares many names
 * compares each key once; names whose keys differ may still select the
 * same groups of one document. Errors as robots_agent_token(). O(len), no
 * allocation. */
ROBOTS_API robots_status robots_agent_key(robots_profile profile,
                                          const char *name, size_t len,
                                          char *buf, size_t cap,
                                          size_t *needed);

/* ------------------------------------------------------------------------
 * Diagnostics: what was odd about the file. Never fatal.
 * ------------------------------------------------------------------------ */
typedef enum robots_severity {
    ROBOTS_SEVERITY_NOTE = 0,
    ROBOTS_SEVERITY_WARNING = 1,
    ROBOTS_SEVERITY_ERROR = 2,
    ROBOTS_SEVERITY_LAST = ROBOTS_SEVERITY_ERROR
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
    ROBOTS_DIAG_UTF16_BOM = 22, /* the file starts with a UTF-16 BOM */
    /* Found by robots_analyze(), which reads the whole document: */
    ROBOTS_DIAG_SHADOWED_RULE = 23,     /* a rule another always overrides */
    ROBOTS_DIAG_DUPLICATE_RULE = 24,    /* the same rule twice, same agents */
    ROBOTS_DIAG_ENCODED_DUPLICATE = 25, /* the same rule, once encoded */
    ROBOTS_DIAG_REPEATED_GROUP = 26,    /* an agent named by two groups */
    ROBOTS_DIAG_AGENT_JOINS_GROUP = 27, /* a user-agent line joins the group
                                           above across lines that are no
                                           rules */
    ROBOTS_DIAG_LITERAL_WILDCARD = 28,  /* '*' or '$' read literally */
    ROBOTS_DIAG_ANALYSIS_LIMIT = 29,    /* ROBOTS_ANALYSIS_MAX_STEPS reached */
    /* The parse's again: */
    ROBOTS_DIAG_BOM_ENCODED_TWICE = 30, /* C3 AF C2 BB C2 BF at the start */
    /* AI usage preferences (robots_usage.h), found by robots_analyze(). */
    ROBOTS_DIAG_USAGE_MALFORMED = 31,     /* a statement no RFC 9651 Dict */
    ROBOTS_DIAG_USAGE_UNKNOWN_LABEL = 32, /* unknown, obsolete, proposed */
    ROBOTS_DIAG_USAGE_NEVER_APPLIES = 33, /* its crawlers may fetch nothing */
    ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK = 34, /* a group loses `*`'s rules */
    ROBOTS_DIAG_KIND_LAST = ROBOTS_DIAG_USAGE_NO_STAR_FALLBACK
} robots_diag_kind;

/* Stable kebab-case name ("unknown-key", "typo-key", ...), NULL for a
 * value outside the enum. */
ROBOTS_API const char *robots_diag_kind_name(robots_diag_kind kind);

/* What a kind of diagnostic is, for tools that list them all (lint's SARIF
 * rules, a binding's documentation). Static storage. */
typedef struct robots_diag_kind_info {
    const char *name;        /* robots_diag_kind_name() */
    const char *description; /* one English sentence */
    /* The most severe level the parser reports it at, in any profile (a
     * diagnostic carries its own, which may be lower: a typo is an error
     * where it is ignored, a warning where google accepts it). */
    robots_severity severity;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_diag_kind_info;

/* Fills *out for kind. ROBOTS_ERR_INVALID_ARGUMENT for a NULL out or a
 * value outside the enum. O(1), no allocation. */
ROBOTS_API robots_status robots_diag_kind_describe(robots_diag_kind kind,
                                                   robots_diag_kind_info *out);

typedef struct robots_diagnostic_info {
    size_t line;   /* 1-based */
    size_t column; /* 1-based byte column; 0 when the whole line */
    robots_diag_kind kind;
    robots_severity severity;
    const char *message; /* English, into the document */
    size_t message_len;
    const char *suggestion; /* e.g. "Disallow"; NULL when none */
    size_t suggestion_len;
    /* The other line a finding of robots_analyze() names (the rule that
     * shadows this one, the group this one repeats or joins); 0 when
     * none, and for every diagnostic of the parse. */
    size_t related_line;
    /* A diagnostic about a line's key (typo-key, key-by-prefix,
     * missing-colon, no-separator-pair, extension, unknown-key): the
     * key's bytes as the parse read them, [key_offset, key_offset +
     * key_len) of the body given to robots_parse() (or the prefix given
     * to robots_parse_prefix()), before the ':' and without the blanks
     * around it; for missing-colon, the line's first word, the key the
     * suggestion would replace. So a tool that rewrites a key (lint
     * --fix) finds it where the parse did, and never looks for it itself.
     * key_len is at most ROBOTS_MAX_LINE_BYTES; both are 0 for every
     * other diagnostic, for robots_analyze()'s findings, and for a
     * diagnostic past ROBOTS_MAX_DIAGNOSTICS. */
    size_t key_offset;
    size_t key_len;
    size_t reserved[2]; /* zero: see Structures, robots_common.h */
} robots_diagnostic_info;

/* Diagnostics stored (at most ROBOTS_MAX_DIAGNOSTICS + 1), and all that
 * were found. */
ROBOTS_API size_t robots_diagnostic_count(const robots_txt *doc);
ROBOTS_API size_t robots_diagnostic_total(const robots_txt *doc);
/* All diagnostics of one kind that were found, kept or not (so that a
 * flood of one mistake can be told as one count); 0 for a NULL document
 * or a value outside the enum. */
ROBOTS_API size_t robots_diagnostic_kind_total(const robots_txt *doc,
                                               robots_diag_kind kind);
ROBOTS_API robots_status robots_diagnostic(const robots_txt *doc, size_t index,
                                           robots_diagnostic_info *out);

/* "note", "warning", "error"; NULL otherwise. */
ROBOTS_API const char *robots_severity_name(robots_severity severity);

/* ------------------------------------------------------------------------
 * Analysis: what only the whole document shows
 * ------------------------------------------------------------------------ */

/* Steps robots_analyze() spends comparing rules and agents pairwise, all
 * together (about a second of work): past it the comparisons stop and one
 * ROBOTS_DIAG_ANALYSIS_LIMIT note says so, so that no file makes an
 * analysis slow. */
#define ROBOTS_ANALYSIS_MAX_STEPS ((size_t)50000000)

typedef struct robots_analysis robots_analysis;

/* Reads the whole document for what no line shows alone, and keeps it as
 * diagnostics (robots_analysis_finding()) of these kinds, each stated as
 * the document's profile reads it (docs/semantics.md):
 *   shadowed-rule, duplicate-rule, encoded-duplicate: a rule that changes
 *     no verdict, as another rule matches every path it matches and wins
 *     (rfc9309 and google: longest match, Allow wins a tie; legacy: the
 *     first match of the record). The claim holds for every crawler the
 *     rule's group applies to: for each agent the group names, among the
 *     rules of every group merged for that agent, so that deleting the
 *     rule changes no verdict. A rule the same as another once
 *     percent-encoded is an encoded-duplicate, a note.
 *   repeated-group: a group naming an agent an earlier group names
 *     (rfc9309, google: their rules are merged; legacy: the later record
 *     is never reached by a name the earlier one matches).
 *   agent-joins-group: a user-agent line that joins the group above
 *     because only lines that are no rules (crawl-delay, host, sitemap,
 *     unknown keys) stand between them, so that every agent of that group
 *     obeys the rules below it.
 *   literal-wildcard: a '*' or '$' the profile reads as an octet.
 *   usage-malformed: a Content-Usage statement or Content-Signal value
 *     that is no RFC 9651 Dictionary (every label unknown), with the
 *     parser's reason (uppercase key, trailing comma, ...) and byte.
 *   usage-unknown-label: a Content-Usage key that names no label of the
 *     vocabulary, said to be of an earlier draft (obsolete) or of a
 *     proposal when it is (ignored, vocab-08 6.4).
 *   usage-never-applies: a Content-Usage rule in a group every crawler of
 *     which may fetch no path (a Disallow of every path, no Allow).
 *   usage-no-star-fallback: a crawler with its own group, which holds no
 *     Content-Usage rule, while the `*` group holds some: it gets none of
 *     them (docs/semantics.md, "AI usage preferences", decision 10).
 *   These read at most 1,000,000 rules and records for the claims about
 *   groups (the last two); past that, such claims are not made.
 *   analysis-limit: ROBOTS_ANALYSIS_MAX_STEPS was reached; some findings
 *     are missing.
 * At most ROBOTS_MAX_DIAGNOSTICS findings are kept, then one
 * too-many-diagnostics note (and the analysis-limit note, whatever the
 * count); robots_analysis_total() counts them all. They are sorted by
 * line, then column, then the order they were found in.
 * `body`, `body_len`: the bytes robots_parse() read (NULL and 0 are
 * allowed), only to give each finding the column of the value it is
 * about; without them, or past them, the column is 0. Other bytes give
 * wrong columns, never anything unsafe.
 * *out owns the findings, which do not point into the document or the
 * body: release it with robots_analysis_free(). Errors: ROBOTS_ERR_NO_MEMORY
 * (nothing is left allocated, *out is NULL).
 * Time: O(body_len + R + A log A) for R rules and A user-agent lines, and
 *   at most ROBOTS_ANALYSIS_MAX_STEPS steps of pairwise comparison.
 * Memory: through the document's allocator (outside its memory cap): while
 *   it runs, at most 17 * R + 48 * A + 4 * (lines + 1) bytes and the normal
 *   forms of the rules the document does not keep in theirs (at most 3
 *   bytes for each of their pattern bytes), freed before it returns; for
 *   the findings, kept until robots_analysis_free(), at most 1 MiB
 *   (ROBOTS_MAX_DIAGNOSTICS + 2 of at most 352 bytes, in arrays that grow
 *   by half).
 * Stack: at most 13 KiB (the usage-never-applies check chooses groups as
 * robots_select_groups() does, legacy's substring search included).
 * Threads: the document is only read; its allocator must be thread-safe
 *   when other threads use the document at the same time. */
ROBOTS_API robots_status robots_analyze(const robots_txt *doc, const char *body,
                                        size_t body_len, robots_analysis **out);
/* Findings kept (at most ROBOTS_MAX_DIAGNOSTICS + 2), all found, and all
 * of one kind found (0 for a value outside the enum). */
ROBOTS_API size_t robots_analysis_count(const robots_analysis *analysis);
ROBOTS_API size_t robots_analysis_total(const robots_analysis *analysis);
ROBOTS_API size_t robots_analysis_kind_total(const robots_analysis *analysis,
                                             robots_diag_kind kind);
/* Finding `index`, its strings into the analysis. */
ROBOTS_API robots_status robots_analysis_finding(
    const robots_analysis *analysis, size_t index, robots_diagnostic_info *out);
/* Releases the analysis and its strings. NULL is fine. */
ROBOTS_API void robots_analysis_free(robots_analysis *analysis);

#ifdef __cplusplus
}
#endif

#endif /* ROBOTS_H */
