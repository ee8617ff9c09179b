/* SPDX-License-Identifier: MIT */
/*
 * robots_common.h - what the two public headers of librobots share: the
 * version, the export macro, the status codes, the profiles, the
 * allocator and the longest URL. robots.h (robots.txt itself) and
 * robots_web.h (the web around it) each include it; a program includes
 * either or both, never this one alone.
 *
 * Ownership
 *   - Every `const char *` the library returns points either to static
 *     storage (status names, messages, enum names) or into a document; the
 *     latter stays valid until robots_free() on that document. Such strings
 *     are also NUL-terminated for convenience (except an agent's `token`,
 *     which is a prefix of its `value`), but their length is always given,
 *     and they contain no NUL byte (a NUL ends a line's content).
 *   - Nothing returned by the library is to be released with free().
 *   - Text for the caller is written into the caller's buffer, one way
 *     everywhere: `(char *buf, size_t cap, size_t *needed)`. `needed` is
 *     required; `buf` may be NULL only when `cap` is 0. *needed is set to
 *     the text's length, without its NUL, whenever the text exists (on
 *     ROBOTS_OK and on ROBOTS_ERR_BUFFER_TOO_SMALL), and to 0 on any other
 *     error. The text and a NUL are written only when cap > *needed;
 *     otherwise the status is ROBOTS_ERR_BUFFER_TOO_SMALL and what buf
 *     holds is unspecified (nothing is ever written past cap). Ask with
 *     cap 0, then call again with *needed + 1.
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
 * Guarantees
 *   What a function's comment does not state otherwise, it guarantees:
 *   - Time: linear in the lengths of its inputs, O(1) for an accessor of a
 *     document or an enum's name; no recursion, no backtracking. Each
 *     bound, stated or default, is held in CI as a formula of the input
 *     sizes with measured constants (fuzz/cost/cost_budgets.h, the cost
 *     fuzzer of the `fuzz` gate).
 *   - Memory: it allocates nothing. Those that allocate say how much and
 *     through what: robots_parse(), the checks, robots_query_new(),
 *     robots_select_group() and robots_select_groups() (legacy, long
 *     names), robots_match_path() (long inputs), robots_analyze().
 *     Running out is ROBOTS_ERR_NO_MEMORY (or ROBOTS_ERR_MEMORY_CAP), with
 *     nothing left allocated.
 *   - Stack: at most 1 KiB; larger figures are stated beside the function.
 *   - Threads: no global mutable state. Any number of threads may call
 *     any functions at once, on one document too (it is passed const),
 *     except that robots_free() and robots_query_free() must not run at
 *     the same time as another call on the same object.
 *   - Errors: ROBOTS_ERR_INVALID_ARGUMENT for a NULL pointer where data is
 *     needed, a length with a NULL pointer, or an enum value outside its
 *     enum; the other statuses are named beside each function.
 *
 * Structures
 *   Every structure the library fills or reads (but robots_str and
 *   robots_allocator) ends with `size_t reserved[4]`. Members added in a
 *   1.x release take its place, so a structure's size and layout never
 *   change within a major version, and a program built against 1.0 runs
 *   with any 1.x library. The library writes zeros there in what it fills.
 *   In what you pass it (robots_options, robots_fetch_outcome,
 *   robots_cache_headers), zero the whole structure first (`= {0}`,
 *   memset, or its _init function) and leave reserved zero: a member added
 *   later has its default at zero, and a non-zero reserved word is
 *   ROBOTS_ERR_INVALID_ARGUMENT.
 *
 * Enums
 *   Every public enum's values run from 0 without gaps to its last one,
 *   which ROBOTS_<TYPE>_LAST names (ROBOTS_DIAG_KIND_LAST for
 *   robots_diag_kind), for tables and loops. robots_<type>_name() gives each
 *   value's stable name and NULL for any value outside the enum. Values
 *   never change; new ones are appended (and _LAST moves to them).
 *
 * Stack
 *   Every public function uses at most ROBOTS_MAX_STACK_BYTES (16 KiB) of
 *   the caller's stack on any input, not counting the caller's allocator
 *   callbacks, with no recursion and no alloca or variable-length array.
 *   Scratch beyond a few KiB comes from the document's allocator (malloc
 *   for robots_match_path()), and large results are filled into the
 *   caller's storage (robots_meta_result: by pointer). The most each
 *   function uses is stated beside it where it exceeds 1 KiB; as measured
 *   by gcc 12 -O2 on x86-64 over the call graph, the largest is
 *   robots_usage()'s, about 13.5 KiB. CI proves the bound twice: the
 *   `stack` gate sums gcc's frame sizes along every call path and holds
 *   each function to the figure stated beside it, or to 1 KiB
 *   (ci/stack_usage.py), and tests/test_small_stack.c runs every entry
 *   point on the adversarial inputs in threads of 32 KiB of stack.
 */
#ifndef ROBOTS_COMMON_H
#define ROBOTS_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version. CMake reads these three lines to set project(VERSION). */
#define ROBOTS_VERSION_MAJOR 1
#define ROBOTS_VERSION_MINOR 0
#define ROBOTS_VERSION_PATCH 0
#define ROBOTS_VERSION_STRING "1.0.0"
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

/* Longest URL (or path) robots_check() accepts: ROBOTS_ERR_URL_TOO_LONG
 * past it. 16 KiB is eight times the 2,048 characters the sitemaps
 * protocol allows a URL. */
#define ROBOTS_MAX_URL_BYTES ((size_t)16384)

/* The most stack any public function uses (see Stack above). */
#define ROBOTS_MAX_STACK_BYTES ((size_t)16384)

/* Agent names a call accepts (robots_check(), robots_query_new()), and
 * the bytes of each (robots_meta_scan_html() reads no more of its agent). */
#define ROBOTS_MAX_QUERY_AGENTS ((size_t)64)
#define ROBOTS_MAX_AGENT_BYTES ((size_t)4096)

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
    ROBOTS_ERR_HEADER_INVALID = 16,         /* a header value was malformed */
    ROBOTS_STATUS_LAST = ROBOTS_ERR_HEADER_INVALID
} robots_status;

/* "ROBOTS_OK", "ROBOTS_ERR_NO_MEMORY", ...; NULL for a value outside the
 * enum. */
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
    ROBOTS_PROFILE_LEGACY = 2,
    ROBOTS_PROFILE_LAST = ROBOTS_PROFILE_LEGACY
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
 * that was asked of `alloc`. A caller's allocator is never asked to
 * resize a block. Without one (allocator NULL), the library uses malloc(),
 * free() and realloc(): to grow a parse's arrays and to fit its document
 * (and a large body's arrays the document keeps) to their size. */
typedef struct robots_allocator {
    void *(*alloc)(void *ctx, size_t size);
    void (*free)(void *ctx, void *ptr, size_t size);
    void *ctx;
} robots_allocator;

#ifdef __cplusplus
}
#endif

#endif /* ROBOTS_COMMON_H */
