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
 *   (the library has no global or static mutable state). robots_free()
 *   releases it and everything it ever handed out.
 *
 * Ownership
 *   - Every `const char *` the library returns points either to static
 *     storage (status names, messages, enum names) or into a document; the
 *     latter stays valid until robots_free() on that document. Such strings
 *     are also NUL-terminated for convenience, but their length is always
 *     given, and may contain NUL bytes nowhere (NULs end a line's content).
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
#define ROBOTS_VERSION_NUMBER                                                 \
    (ROBOTS_VERSION_MAJOR * 10000 + ROBOTS_VERSION_MINOR * 100 +             \
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
 * past it is ignored with a ROBOTS_DIAG_PAST_PARSE_LIMIT diagnostic. RFC 9309
 * section 2.5 asks parsers to read at least 500 KiB (512,000 bytes). */
#define ROBOTS_DEFAULT_PARSE_LIMIT ((size_t)512000)

/* Bytes of one line that are kept (google/robotstxt's figure). The rest of
 * the line is dropped with ROBOTS_DIAG_LINE_TRUNCATED; the kept part still
 * counts. */
#define ROBOTS_MAX_LINE_BYTES ((size_t)16663)

/* Largest body robots_parse() accepts at all, whatever the parse limit
 * (the document uses 32-bit offsets). Larger input: ROBOTS_ERR_TOO_LARGE. */
#define ROBOTS_MAX_INPUT_BYTES ((size_t)0x3FFFFFFF)

/* Longest URL (or path) robots_check() accepts: ROBOTS_ERR_URL_TOO_LONG
 * past it. 64 KiB is well above what browsers and servers accept. */
#define ROBOTS_MAX_URL_BYTES ((size_t)65536)

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

/* Upper bound, in bytes, of the memory robots_parse() allocates for a body
 * of `body_len` bytes (after the parse limit): at most
 *   2 * body_len + 16 * (body_len / 2 + 1) + 64 KiB
 * in the current implementation. A caller that sets memory_cap to this
 * value never sees ROBOTS_ERR_MEMORY_CAP. */
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
/* Bytes the document holds (what memory_cap is compared with). */
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
 * Cost: for one query at most
 *   sum over applicable rules of (pattern_len + 1) * (path_len + 1)
 * byte steps, with no recursion and no allocation. */
ROBOTS_API robots_status robots_check(const robots_txt *doc,
                                      const robots_str *agents,
                                      size_t agent_count, const char *url,
                                      size_t url_len, robots_verdict *out);

/* Convenience for one agent. */
ROBOTS_API robots_status robots_check_agent(const robots_txt *doc,
                                            const char *agent,
                                            size_t agent_len, const char *url,
                                            size_t url_len,
                                            robots_verdict *out);

/* ------------------------------------------------------------------------
 * Matching on its own
 * ------------------------------------------------------------------------ */

/* Does the rule pattern match the path, in this profile? Both are
 * normalised as the profile says (percent-encoding) and compared as a
 * check would. `path` is a URL path with optional ;params and ?query.
 * An empty pattern matches in legacy only (rfc9309 and google: an empty
 * pattern is no rule and matches nothing). Allocates nothing. */
ROBOTS_API robots_status robots_match_path(robots_profile profile,
                                           const char *pattern,
                                           size_t pattern_len,
                                           const char *path, size_t path_len,
                                           int *matched);

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
                          google); the whole value in legacy */
    size_t token_len;
    int is_wildcard; /* `*` */
} robots_agent_info;

typedef struct robots_rule_info {
    size_t line;
    robots_rule_kind kind;
    const char *pattern; /* as written, trimmed */
    size_t pattern_len;
    const char *normalized; /* what is matched, after the profile's
                               percent-normalisation */
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
ROBOTS_API robots_status robots_group(const robots_txt *doc, size_t group,
                                      robots_group_info *out);
ROBOTS_API robots_status robots_group_agent(const robots_txt *doc,
                                            size_t group, size_t agent,
                                            robots_agent_info *out);
ROBOTS_API robots_status robots_group_rule(const robots_txt *doc, size_t group,
                                           size_t rule,
                                           robots_rule_info *out);

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
                                             size_t agent_count,
                                             size_t *group, int *specific);

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
    ROBOTS_DIAG_EXTENSION = 8,  /* a known extension kept but not acted on */
    ROBOTS_DIAG_NUL_BYTE = 9,   /* a NUL ended a line's content */
    ROBOTS_DIAG_INVALID_UTF8 = 10,      /* bytes that are not UTF-8 */
    ROBOTS_DIAG_BOM_NOT_AT_START = 11,  /* a UTF-8 BOM after offset 0 */
    ROBOTS_DIAG_EMPTY_KEY = 12,         /* ": value" */
    ROBOTS_DIAG_EMPTY_USER_AGENT = 13,  /* "User-agent:" with no token */
    ROBOTS_DIAG_AGENT_REDUCED = 14,     /* "Foo/1.0" read as "Foo" */
    ROBOTS_DIAG_SITEMAP_NOT_ABSOLUTE = 15, /* not scheme://... */
    ROBOTS_DIAG_LOOKS_LIKE_HTML = 16,   /* an HTML page served as robots.txt */
    ROBOTS_DIAG_TOO_MANY_DIAGNOSTICS = 17, /* ROBOTS_MAX_DIAGNOSTICS reached */
    ROBOTS_DIAG_KEY_BY_PREFIX = 18, /* google: "disallowed" read as disallow */
    ROBOTS_DIAG_NO_SEPARATOR_PAIR = 19, /* google: "disallow /x" read as key
                                           value */
    ROBOTS_DIAG_ALLOW_IGNORED = 20, /* reserved */
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
/* ROBOTS_AROUND_THE_FILE_END */

#ifdef __cplusplus
}
#endif

#endif /* ROBOTS_H */
