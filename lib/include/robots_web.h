/* SPDX-License-Identifier: MIT */
/*
 * robots_web.h - librobots: the web around a robots.txt. Which robots.txt
 * governs a URL and what it may govern (RFC 9309 section 2.3), what an
 * HTTP status, a redirect chain or a network error means for a crawler
 * (section 2.3.1), how long a fetched robots.txt may be cached (section
 * 2.4), and the robots META tag and X-Robots-Tag header of a page.
 *
 * Every function here is pure: the library never touches the network.
 * The conventions of robots_common.h (ownership, inputs, errors) hold.
 */
#ifndef ROBOTS_WEB_H
#define ROBOTS_WEB_H

#include "robots_common.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* Longest robots.txt URL robots_url_to_robots_txt() can write:
 * scheme "://" host ":" 5 digits "/robots.txt". */
#define ROBOTS_MAX_ROBOTS_URL_BYTES                                            \
    (ROBOTS_MAX_SCHEME_BYTES + 3 + ROBOTS_MAX_HOST_BYTES + 6 + 11)

typedef enum robots_host_kind {
    ROBOTS_HOST_NAME = 0, /* a registered name, in ASCII (punycode) */
    ROBOTS_HOST_IPV4 = 1, /* dotted decimal, four parts of 0-255 */
    ROBOTS_HOST_IPV6 = 2, /* a literal in brackets, kept as written */
    ROBOTS_HOST_KIND_LAST = ROBOTS_HOST_IPV6
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
    int host_converted; /* 1 when a label was converted to punycode (not
                           when full-width forms were only read as ASCII) */
    size_t path_offset; /* where path, query or fragment start; the URL's
                           length when it has none */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
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
 * host are decoded before conversion (robots_host_to_ascii(): full-width
 * ASCII read as ASCII, the rest as written). Stack: at most 2.5 KiB. */
ROBOTS_API robots_status robots_url_parse(const char *url, size_t url_len,
                                          robots_url_parts *out);

/* The robots.txt URL for `url`: "scheme://host[:port]/robots.txt" with
 * scheme and host lowercased, the host in punycode, userinfo, path, query
 * and fragment dropped, and the default port removed. Written by the
 * buffer contract of robots_common.h; at most ROBOTS_MAX_ROBOTS_URL_BYTES.
 * Errors as robots_url_parse(). Stack: at most 3 KiB. */
ROBOTS_API robots_status robots_url_to_robots_txt(const char *url,
                                                  size_t url_len, char *buf,
                                                  size_t cap, size_t *needed);

typedef enum robots_scope_reason {
    ROBOTS_SCOPE_SAME_SITE = 0,     /* applies: same scheme, host, port */
    ROBOTS_SCOPE_OTHER_SCHEME = 1,  /* does not apply */
    ROBOTS_SCOPE_OTHER_HOST = 2,    /* another host, subdomains included */
    ROBOTS_SCOPE_OTHER_PORT = 3,    /* does not apply */
    ROBOTS_SCOPE_NOT_TOP_LEVEL = 4, /* the robots.txt URL's path is not
                                       exactly /robots.txt (or it has a
                                       query): it governs nothing */
    ROBOTS_SCOPE_REASON_LAST = ROBOTS_SCOPE_NOT_TOP_LEVEL
} robots_scope_reason;

/* "same-site", "other-scheme", "other-host", "other-port",
 * "not-top-level"; NULL otherwise. */
ROBOTS_API const char *robots_scope_reason_name(robots_scope_reason reason);

typedef struct robots_scope {
    int applies; /* 1 when the robots.txt governs the URL */
    robots_scope_reason reason;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_scope;

/* Does the robots.txt at `robots_url` govern `url`? Both are read with
 * robots_url_parse() (its errors are returned for either). The path
 * "/robots.txt" is compared case-sensitively, as URL paths are. Stack: at most
 * 3 KiB. */
ROBOTS_API robots_status robots_scope_check(const char *robots_url,
                                            size_t robots_url_len,
                                            const char *url, size_t url_len,
                                            robots_scope *out);

/* RFC 3492 Punycode of the UTF-8 string `utf8` (no "xn--" prefix, no case
 * mapping): the basic code points, a '-' if there were any, then the
 * encoded rest. Written by the buffer contract of robots_common.h. Errors:
 * ROBOTS_ERR_INVALID_ARGUMENT for invalid UTF-8 (overlong forms,
 * surrogates, over U+10FFFF), ROBOTS_ERR_TOO_LARGE over
 * ROBOTS_MAX_PUNYCODE_CODE_POINTS. Time: O(n^2) for n code points (RFC
 * 3492's encoder), n bounded by that limit. Stack: at most 4.5 KiB. */
ROBOTS_API robots_status robots_punycode_encode(const char *utf8, size_t len,
                                                char *buf, size_t cap,
                                                size_t *needed);

/* IDNA ToASCII of a host name, label by label (labels split at '.' and at
 * the ideographic full stops U+3002, U+FF0E, U+FF61), with the mappings of
 * UTS #46 that a host typed by hand needs: the full-width forms of ASCII
 * (U+FF01-U+FF5E) are read as the ASCII they stand for, and ASCII and
 * Latin-1 capitals lowercased; a label that is then ASCII is kept so, any
 * other becomes "xn--" + punycode of its code points as written (no other
 * mapping, no normalisation: full Nameprep, RFC 3491, and UTS #46's table
 * are not applied; docs/semantics.md, "A host as browsers map it").
 * Allowed ASCII: letters, digits, '-', '_'. One trailing dot is kept.
 * Errors: ROBOTS_ERR_URL_BAD_HOST (invalid UTF-8, another ASCII character,
 * an empty label, a label over ROBOTS_MAX_LABEL_BYTES, a host over
 * ROBOTS_MAX_HOST_BYTES, a non-ASCII label that already starts with
 * "xn--"). Written by the buffer contract of robots_common.h. */
ROBOTS_API robots_status robots_host_to_ascii(const char *host, size_t len,
                                              char *buf, size_t cap,
                                              size_t *needed);

/* --- Fetch outcome to policy ------------------------------------------ */

/* Redirects followed before a further 3xx ends the chain, treated as 4xx
 * (Google's robots.txt specification: "at least five"; RFC 9309 section
 * 2.3.1.2). */
#define ROBOTS_MAX_REDIRECTS 5u

/* The legacy profile's bound: the book's robot follows redirects "until it
 * finds the file" (seeds 000/001, section 9.4.2), and HTTP since RFC 2616
 * section 10.3 asks a client to detect loops rather than stop at five. A
 * loop still has to end: 20, the limit browsers use. Past it, as 4xx. */
#define ROBOTS_MAX_REDIRECTS_LEGACY 20u

/* Unreachable for more than this long (seconds), a crawler uses its cached
 * copy, or allows all without one (RFC 9309 section 2.3.1.4; Google's
 * robots.txt specification). */
#define ROBOTS_UNREACHABLE_LIMIT_SECONDS ((int64_t)30 * 24 * 60 * 60)

typedef enum robots_network_error {
    ROBOTS_NET_NONE = 0,      /* an HTTP status was received */
    ROBOTS_NET_DNS = 1,       /* the name did not resolve */
    ROBOTS_NET_CONNECT = 2,   /* refused, reset, unreachable */
    ROBOTS_NET_TIMEOUT = 3,   /* no answer in time */
    ROBOTS_NET_TLS = 4,       /* handshake or certificate failure */
    ROBOTS_NET_TRUNCATED = 5, /* the body ended early (a chunking error...) */
    ROBOTS_NETWORK_ERROR_LAST = ROBOTS_NET_TRUNCATED
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
    /* 1 when a 3xx response carried no Location that is a URL (none,
     * empty, or unreadable): there is nothing to follow. 0: a 3xx has one. */
    int no_location;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_fetch_outcome;

typedef enum robots_fetch_action {
    ROBOTS_FETCH_PARSE_BODY = 0,         /* parse it and obey the rules */
    ROBOTS_FETCH_ALLOW_ALL = 1,          /* no restriction at all */
    ROBOTS_FETCH_DISALLOW_ALL = 2,       /* nothing may be fetched */
    ROBOTS_FETCH_DISALLOW_ALL_RETRY = 3, /* nothing, until a retry succeeds */
    ROBOTS_FETCH_FOLLOW_REDIRECT = 4,    /* fetch the Location; its rules
                                            apply to the first authority */
    ROBOTS_FETCH_USE_CACHED = 5,         /* obey the cached copy */
    ROBOTS_FETCH_DEFER = 6,              /* legacy: visit the site later */
    ROBOTS_FETCH_ACTION_LAST = ROBOTS_FETCH_DEFER
} robots_fetch_action;

/* What the outcome was read as. */
typedef enum robots_fetch_basis {
    ROBOTS_BASIS_SUCCESS = 0,            /* 2xx */
    ROBOTS_BASIS_REDIRECT = 1,           /* 3xx, within ROBOTS_MAX_REDIRECTS */
    ROBOTS_BASIS_REDIRECT_LIMIT = 2,     /* 3xx past it: as 4xx (404) */
    ROBOTS_BASIS_CLIENT_ERROR = 3,       /* 4xx: unavailable */
    ROBOTS_BASIS_ACCESS_RESTRICTED = 4,  /* legacy: 401, 403 */
    ROBOTS_BASIS_RATE_LIMITED = 5,       /* google: 429, as 5xx */
    ROBOTS_BASIS_SERVER_ERROR = 6,       /* 5xx: unreachable */
    ROBOTS_BASIS_NETWORK_ERROR = 7,      /* no status or a truncated body */
    ROBOTS_BASIS_OTHER_STATUS = 8,       /* 1xx, 6xx-9xx: as 5xx */
    ROBOTS_BASIS_NOT_MODIFIED = 9,       /* 304: the cached copy, if any */
    ROBOTS_BASIS_REDIRECT_UNUSABLE = 10, /* 3xx without a Location, 305,
                                            306: nothing to follow, as 4xx */
    ROBOTS_FETCH_BASIS_LAST = ROBOTS_BASIS_REDIRECT_UNUSABLE
} robots_fetch_basis;

typedef struct robots_fetch_decision {
    robots_fetch_action action;
    robots_fetch_basis basis;
    int retry; /* 1 when the crawler should fetch the file again soon */
    /* 1 when unreachable for more than ROBOTS_UNREACHABLE_LIMIT_SECONDS
     * changed the action (to USE_CACHED or ALLOW_ALL). */
    int long_unreachable;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_fetch_decision;

/* "parse-body", "allow-all", "disallow-all", "disallow-all-retry",
 * "follow-redirect", "use-cached", "defer"; NULL otherwise. */
ROBOTS_API const char *robots_fetch_action_name(robots_fetch_action action);
/* "success", "redirect", "redirect-limit", "client-error",
 * "access-restricted", "rate-limited", "server-error", "network-error",
 * "other-status", "not-modified", "redirect-unusable"; NULL otherwise. */
ROBOTS_API const char *robots_fetch_basis_name(robots_fetch_basis basis);

/* What a crawler does with a fetch of robots.txt, per profile (the table
 * "Fetching the file" of docs/semantics.md). A 3xx is followed while fewer
 * than ROBOTS_MAX_REDIRECTS (legacy: ROBOTS_MAX_REDIRECTS_LEGACY) have been
 * followed and it has a Location (not 305 or 306, which are never
 * followed); a 304 (RFC 9111 section 4.3.4) means "use the cached copy",
 * and without one, which an unconditional GET never causes, is read as
 * 5xx. ROBOTS_ERR_INVALID_ARGUMENT
 * for a NULL pointer, an unknown profile or network error, a status
 * outside 100-999 without a network error, or negative unreachable time.
 * O(1). */
ROBOTS_API robots_status robots_fetch_policy(const robots_fetch_outcome *in,
                                             robots_profile profile,
                                             robots_fetch_decision *out);

/* --- Cache lifetime ---------------------------------------------------- */

/* Defaults and bounds, in seconds. rfc9309: 24 hours by default and never
 * more (RFC 9309 section 2.4). google: 24 hours by default; max-age, and
 * max-age only (not Expires), may lengthen or shorten it (Google's
 * robots.txt specification). legacy: 7 days (the 1996 draft, as HTTP: The
 * Definitive Guide section 9.4.5 gives it). */
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
    ROBOTS_CACHE_FROM_NO_CACHE = 4, /* Cache-Control: no-cache: 0 */
    ROBOTS_CACHE_SOURCE_LAST = ROBOTS_CACHE_FROM_NO_CACHE
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
#define ROBOTS_CACHE_BAD_AGE 0x80u           /* Age not delta-seconds */

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
    const char *age; /* the Age header (RFC 9111 section 5.1) */
    size_t age_len;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_cache_headers;

typedef struct robots_cache_info {
    int64_t seconds; /* how long the copy may be used; 0: not at all */
    robots_cache_source source;
    int capped;         /* 1 when the profile's bound shortened it */
    unsigned malformed; /* ROBOTS_CACHE_* bits */
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_cache_info;

/* The cache lifetime of a robots.txt response, per profile, from the
 * moment it was received. Precedence: no-store, no-cache, max-age, Expires
 * minus Date (negative is 0; not in the google profile), the default. A
 * lifetime from max-age or Expires is shortened by the response's Age
 * (RFC 9111 section 4.2.3: the copy is that old already; never below 0);
 * the profile's default is the crawler's own, counted from its fetch, and
 * is not. A malformed value is reported in `malformed` and ignored (note:
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
    ROBOTS_META_UNAVAILABLE_AFTER = 13, /* unavailable_after:DATE */
    ROBOTS_META_DIRECTIVE_LAST = ROBOTS_META_UNAVAILABLE_AFTER
} robots_meta_directive;

/* "index", "noindex", ..., "max-snippet", "unavailable_after", "unknown";
 * NULL for a value that is not a directive. */
ROBOTS_API const char *robots_meta_directive_name(robots_meta_directive d);

typedef enum robots_meta_source {
    ROBOTS_META_FROM_ROBOTS = 0, /* <meta name="robots"> */
    ROBOTS_META_FROM_AGENT = 1,  /* <meta name="CRAWLER"> */
    ROBOTS_META_FROM_HEADER = 2, /* X-Robots-Tag */
    ROBOTS_META_SOURCE_LAST = ROBOTS_META_FROM_HEADER
} robots_meta_source;

/* "meta-robots", "meta-agent", "x-robots-tag"; NULL otherwise. */
ROBOTS_API const char *robots_meta_source_name(robots_meta_source source);

typedef enum robots_image_preview {
    ROBOTS_IMAGE_PREVIEW_UNSET = 0,
    ROBOTS_IMAGE_PREVIEW_NONE = 1,
    ROBOTS_IMAGE_PREVIEW_STANDARD = 2,
    ROBOTS_IMAGE_PREVIEW_LARGE = 3,
    ROBOTS_IMAGE_PREVIEW_LAST = ROBOTS_IMAGE_PREVIEW_LARGE
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
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
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
    /* 1 when ROBOTS_META_MAX_SCAN_BYTES stopped the scan inside the page's
     * head (the page is longer, and no </head> or <body> came before the
     * limit): a tag past it was not read, so `restrictions` may lack some.
     * The library does not guess them; a cautious crawler treats such a
     * page as restricted. Implies `truncated`. */
    int scan_cut;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
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
 * unterminated tag or comment ends the scan. Stack: at most 5 KiB. */
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

#ifdef __cplusplus
}
#endif

#endif /* ROBOTS_WEB_H */
