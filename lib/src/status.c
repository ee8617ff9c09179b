/* SPDX-License-Identifier: MIT */
/*
 * status.c - names and messages: status codes, profiles, reasons, rule
 * kinds, severities and diagnostic kinds, and the library's version. All
 * strings are static; every table is indexed by a value whose meaning never
 * changes.
 */
#include "internal.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
    const char *name;
    const char *message;
} status_table[] = {
    {"ROBOTS_OK", "success"},
    {"ROBOTS_ERR_INVALID_ARGUMENT",
     "invalid argument: a required pointer is NULL or a value is out of its "
     "range"},
    {"ROBOTS_ERR_NO_MEMORY", "out of memory: the allocator returned NULL"},
    {"ROBOTS_ERR_MEMORY_CAP", "the memory cap set in the options was reached"},
    {"ROBOTS_ERR_TOO_LARGE", "the input is larger than ROBOTS_MAX_INPUT_BYTES"},
    {"ROBOTS_ERR_URL_TOO_LONG", "the URL is longer than ROBOTS_MAX_URL_BYTES"},
    {"ROBOTS_ERR_URL_INVALID",
     "the URL is neither a path starting with '/' nor an absolute URL, or "
     "its authority can be read two ways"},
    {"ROBOTS_ERR_TOO_MANY_AGENTS",
     "more agent names than ROBOTS_MAX_QUERY_AGENTS"},
    {"ROBOTS_ERR_AGENT_TOO_LONG",
     "an agent name is longer than ROBOTS_MAX_AGENT_BYTES"},
    {"ROBOTS_ERR_BUFFER_TOO_SMALL",
     "the output buffer is too small; the length needed was reported"},
    {"ROBOTS_ERR_OUT_OF_RANGE", "the index is past the end of the list"},
    {"ROBOTS_ERR_URL_NO_SCHEME", "the URL has no scheme"},
    {"ROBOTS_ERR_URL_NO_HOST", "the URL has no host"},
    {"ROBOTS_ERR_URL_BAD_HOST",
     "the URL's host is not a valid host name or IP address"},
    {"ROBOTS_ERR_URL_BAD_PORT",
     "the URL's port is not a number from 0 to 65535"},
    {"ROBOTS_ERR_URL_UNSUPPORTED_SCHEME",
     "the URL's scheme has no robots.txt (only http, https and ftp do)"},
    {"ROBOTS_ERR_HEADER_INVALID", "a header value is malformed"},
};

const char *robots_status_name(robots_status status) {
    size_t i = (size_t)status;
    if (i < COUNT_OF(status_table))
        return status_table[i].name;
    return "ROBOTS_ERR_UNKNOWN";
}

const char *robots_status_message(robots_status status) {
    size_t i = (size_t)status;
    if (i < COUNT_OF(status_table))
        return status_table[i].message;
    return "unknown status code";
}

const char *robots_version(void) {
    return ROBOTS_VERSION_STRING;
}
int robots_version_number(void) {
    return ROBOTS_VERSION_NUMBER;
}

static const char *const profile_names[] = {"rfc9309", "google", "legacy"};

const char *robots_profile_name(robots_profile profile) {
    size_t i = (size_t)profile;
    return i < COUNT_OF(profile_names) ? profile_names[i] : NULL;
}

robots_status robots_profile_from_name(const char *name, size_t len,
                                       robots_profile *out) {
    if (out == NULL || (name == NULL && len != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    for (size_t i = 0; i < COUNT_OF(profile_names); i++) {
        const char *candidate = profile_names[i];
        size_t clen = 0;
        while (candidate[clen] != '\0')
            clen++;
        if (rb_equal_nocase(name, len, candidate, clen)) {
            *out = (robots_profile)i;
            return ROBOTS_OK;
        }
    }
    return ROBOTS_ERR_INVALID_ARGUMENT;
}

static const char *const reason_names[] = {"no-group",      "no-rule-matched",
                                           "longest-match", "tie-allow",
                                           "first-match",   "robots-txt"};

const char *robots_reason_name(robots_reason reason) {
    size_t i = (size_t)reason;
    return i < COUNT_OF(reason_names) ? reason_names[i] : NULL;
}

const char *robots_rule_kind_name(robots_rule_kind kind) {
    switch (kind) {
    case ROBOTS_RULE_ALLOW:
        return "allow";
    case ROBOTS_RULE_DISALLOW:
        return "disallow";
    }
    return NULL;
}

const char *robots_severity_name(robots_severity severity) {
    switch (severity) {
    case ROBOTS_SEVERITY_NOTE:
        return "note";
    case ROBOTS_SEVERITY_WARNING:
        return "warning";
    case ROBOTS_SEVERITY_ERROR:
        return "error";
    }
    return NULL;
}

static const char *const diag_names[] = {"unknown-key",
                                         "typo-key",
                                         "missing-colon",
                                         "rule-outside-group",
                                         "pattern-never-matches",
                                         "line-truncated",
                                         "past-parse-limit",
                                         "invalid-crawl-delay",
                                         "extension",
                                         "nul-byte",
                                         "invalid-utf8",
                                         "bom-not-at-start",
                                         "empty-key",
                                         "empty-user-agent",
                                         "agent-reduced",
                                         "sitemap-not-absolute",
                                         "looks-like-html",
                                         "too-many-diagnostics",
                                         "key-by-prefix",
                                         "no-separator-pair",
                                         "allow-ignored",
                                         "empty-allow-matches-all",
                                         "utf16-bom"};

const char *robots_diag_kind_name(robots_diag_kind kind) {
    size_t i = (size_t)kind;
    return i < COUNT_OF(diag_names) ? diag_names[i] : NULL;
}
