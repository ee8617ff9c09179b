/* SPDX-License-Identifier: MIT */
/*
 * status.c - what both headers share (robots_common.h): the status codes'
 * names and messages, the profiles' names, and the library's version. All
 * strings are static; every table is indexed by a value whose meaning
 * never changes (names.h).
 */
#include "names.h"
#include "robots_common.h"

static const struct {
    const char *name;
    const char *message;
} status_table[] = {
    [ROBOTS_OK] = {"ROBOTS_OK", "success"},
    [ROBOTS_ERR_INVALID_ARGUMENT] = {"ROBOTS_ERR_INVALID_ARGUMENT",
                                     "invalid argument: a required pointer is "
                                     "NULL or a value is out of its "
                                     "range"},
    [ROBOTS_ERR_NO_MEMORY] = {"ROBOTS_ERR_NO_MEMORY",
                              "out of memory: the allocator returned NULL"},
    [ROBOTS_ERR_MEMORY_CAP] = {"ROBOTS_ERR_MEMORY_CAP",
                               "the memory cap set in the options was reached"},
    [ROBOTS_ERR_TOO_LARGE] =
        {"ROBOTS_ERR_TOO_LARGE",
         "the input is larger than ROBOTS_MAX_INPUT_BYTES"},
    [ROBOTS_ERR_URL_TOO_LONG] = {"ROBOTS_ERR_URL_TOO_LONG",
                                 "the URL is longer than ROBOTS_MAX_URL_BYTES"},
    [ROBOTS_ERR_URL_INVALID] =
        {"ROBOTS_ERR_URL_INVALID",
         "the URL is neither a path starting with '/' nor an absolute URL, or "
         "its authority can be read two ways"},
    [ROBOTS_ERR_TOO_MANY_AGENTS] =
        {"ROBOTS_ERR_TOO_MANY_AGENTS",
         "more agent names than ROBOTS_MAX_QUERY_AGENTS"},
    [ROBOTS_ERR_AGENT_TOO_LONG] =
        {"ROBOTS_ERR_AGENT_TOO_LONG",
         "an agent name is longer than ROBOTS_MAX_AGENT_BYTES"},
    [ROBOTS_ERR_BUFFER_TOO_SMALL] =
        {"ROBOTS_ERR_BUFFER_TOO_SMALL",
         "the output buffer is too small; the length needed was reported"},
    [ROBOTS_ERR_OUT_OF_RANGE] = {"ROBOTS_ERR_OUT_OF_RANGE",
                                 "the index is past the end of the list"},
    [ROBOTS_ERR_URL_NO_SCHEME] = {"ROBOTS_ERR_URL_NO_SCHEME",
                                  "the URL has no scheme"},
    [ROBOTS_ERR_URL_NO_HOST] = {"ROBOTS_ERR_URL_NO_HOST",
                                "the URL has no host"},
    [ROBOTS_ERR_URL_BAD_HOST] =
        {"ROBOTS_ERR_URL_BAD_HOST",
         "the URL's host is not a valid host name or IP address"},
    [ROBOTS_ERR_URL_BAD_PORT] =
        {"ROBOTS_ERR_URL_BAD_PORT",
         "the URL's port is not a number from 0 to 65535"},
    [ROBOTS_ERR_URL_UNSUPPORTED_SCHEME] =
        {"ROBOTS_ERR_URL_UNSUPPORTED_SCHEME",
         "the URL's scheme has no robots.txt (only http, https and ftp do)"},
    [ROBOTS_ERR_HEADER_INVALID] = {"ROBOTS_ERR_HEADER_INVALID",
                                   "a header value is malformed"},
};

_Static_assert(RB_COUNT_OF(status_table) == ROBOTS_STATUS_LAST + 1,
               "status_table must describe every status");

const char *robots_status_name(robots_status status) {
    long long i = status;
    return i >= 0 && i <= ROBOTS_STATUS_LAST ? status_table[i].name : NULL;
}

const char *robots_status_message(robots_status status) {
    long long i = status;
    return i >= 0 && i <= ROBOTS_STATUS_LAST ? status_table[i].message
                                             : "unknown status code";
}

const char *robots_version(void) {
    return ROBOTS_VERSION_STRING;
}
int robots_version_number(void) {
    return ROBOTS_VERSION_NUMBER;
}

static const char *const profile_names[] = {
    [ROBOTS_PROFILE_RFC9309] = "rfc9309",
    [ROBOTS_PROFILE_GOOGLE] = "google",
    [ROBOTS_PROFILE_LEGACY] = "legacy",
};
RB_NAMES_CHECK(profile_names, ROBOTS_PROFILE_LAST);

const char *robots_profile_name(robots_profile profile) {
    return rb_name_at(profile_names, RB_COUNT_OF(profile_names), profile);
}

robots_status robots_profile_from_name(const char *name, size_t len,
                                       robots_profile *out) {
    int value =
        rb_value_of_arg(profile_names, RB_COUNT_OF(profile_names), name, len);
    if (out == NULL || value < 0)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = (robots_profile)value;
    return ROBOTS_OK;
}
