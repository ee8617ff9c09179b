/* SPDX-License-Identifier: MIT */
/*
 * policy.c - what a crawler does with the result of fetching robots.txt:
 * parse it, allow all, disallow all and retry, follow a redirect, use a
 * cached copy, or (legacy) come back later. The table "Fetching the file"
 * of docs/semantics.md is the specification; it merges RFC 9309 section
 * 2.3.1, seed 004 ("Handling HTTP result codes") and seeds 000/001 (the
 * 1996 draft as the book gives it). A pure function: no network, no clock.
 */
#include "names.h"
#include "reserved.h"
#include "robots_web.h"

#include <string.h>

static const char *const network_error_names[] = {
    [ROBOTS_NET_NONE] = "none",       [ROBOTS_NET_DNS] = "dns",
    [ROBOTS_NET_CONNECT] = "connect", [ROBOTS_NET_TIMEOUT] = "timeout",
    [ROBOTS_NET_TLS] = "tls",         [ROBOTS_NET_TRUNCATED] = "truncated",
};
RB_NAMES_CHECK(network_error_names, ROBOTS_NETWORK_ERROR_LAST);

ROBOTS_API const char *robots_network_error_name(robots_network_error error) {
    return rb_name_at(network_error_names, RB_COUNT_OF(network_error_names),
                      error);
}

ROBOTS_API robots_status robots_network_error_from_name(
    const char *name, size_t len, robots_network_error *out) {
    if ((name == NULL && len != 0) || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    int value = rb_value_named(network_error_names,
                               RB_COUNT_OF(network_error_names), name, len);
    if (value < 0)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = (robots_network_error)value;
    return ROBOTS_OK;
}

static const char *const fetch_action_names[] = {
    [ROBOTS_FETCH_PARSE_BODY] = "parse-body",
    [ROBOTS_FETCH_ALLOW_ALL] = "allow-all",
    [ROBOTS_FETCH_DISALLOW_ALL] = "disallow-all",
    [ROBOTS_FETCH_DISALLOW_ALL_RETRY] = "disallow-all-retry",
    [ROBOTS_FETCH_FOLLOW_REDIRECT] = "follow-redirect",
    [ROBOTS_FETCH_USE_CACHED] = "use-cached",
    [ROBOTS_FETCH_DEFER] = "defer",
};
RB_NAMES_CHECK(fetch_action_names, ROBOTS_FETCH_ACTION_LAST);

ROBOTS_API const char *robots_fetch_action_name(robots_fetch_action action) {
    return rb_name_at(fetch_action_names, RB_COUNT_OF(fetch_action_names),
                      action);
}

static const char *const fetch_basis_names[] = {
    [ROBOTS_BASIS_SUCCESS] = "success",
    [ROBOTS_BASIS_REDIRECT] = "redirect",
    [ROBOTS_BASIS_REDIRECT_LIMIT] = "redirect-limit",
    [ROBOTS_BASIS_CLIENT_ERROR] = "client-error",
    [ROBOTS_BASIS_ACCESS_RESTRICTED] = "access-restricted",
    [ROBOTS_BASIS_RATE_LIMITED] = "rate-limited",
    [ROBOTS_BASIS_SERVER_ERROR] = "server-error",
    [ROBOTS_BASIS_NETWORK_ERROR] = "network-error",
    [ROBOTS_BASIS_OTHER_STATUS] = "other-status",
    [ROBOTS_BASIS_NOT_MODIFIED] = "not-modified",
    [ROBOTS_BASIS_REDIRECT_UNUSABLE] = "redirect-unusable",
};
RB_NAMES_CHECK(fetch_basis_names, ROBOTS_FETCH_BASIS_LAST);

ROBOTS_API const char *robots_fetch_basis_name(robots_fetch_basis basis) {
    return rb_name_at(fetch_basis_names, RB_COUNT_OF(fetch_basis_names), basis);
}

/* The "unreachable" row: 5xx, network errors, and what is read as them. */
static void unreachable(const robots_fetch_outcome *in, robots_profile profile,
                        robots_fetch_decision *out) {
    out->retry = 1;
    if (profile == ROBOTS_PROFILE_LEGACY) {
        /* Seeds 000/001: on a temporary failure the robot defers its visit
         * until the file can be fetched; the draft has no 30-day rule. */
        out->action = ROBOTS_FETCH_DEFER;
        return;
    }
    /* RFC 9309 section 2.3.1.4 and seed 004: after more than 30 days, the
     * last cached copy, or no restriction when there is none. */
    if (in->unreachable_seconds > ROBOTS_UNREACHABLE_LIMIT_SECONDS) {
        out->long_unreachable = 1;
        out->action = in->has_cached_copy ? ROBOTS_FETCH_USE_CACHED
                                          : ROBOTS_FETCH_ALLOW_ALL;
        return;
    }
    out->action = ROBOTS_FETCH_DISALLOW_ALL_RETRY;
}

/* The 3xx row. 304 is no redirect: it answers a conditional request and
 * carries no Location (RFC 9111 section 4.3.4). 305 and 306 are never
 * followed (RFC 9110 sections 15.4.6 and 15.4.7), nor is a 3xx without a
 * Location: the file was not found, as a 4xx (seed 004: "if it can't
 * find robots.txt, handled as a 404"). */
static void redirection(const robots_fetch_outcome *in, robots_profile profile,
                        robots_fetch_decision *out) {
    unsigned bound = profile == ROBOTS_PROFILE_LEGACY
                         ? ROBOTS_MAX_REDIRECTS_LEGACY
                         : ROBOTS_MAX_REDIRECTS;
    if (in->status == 304) {
        out->basis = ROBOTS_BASIS_NOT_MODIFIED;
        if (in->has_cached_copy)
            out->action = ROBOTS_FETCH_USE_CACHED;
        else
            unreachable(in, profile, out);
    } else if (in->status == 305 || in->status == 306 || in->no_location) {
        out->basis = ROBOTS_BASIS_REDIRECT_UNUSABLE;
        out->action = ROBOTS_FETCH_ALLOW_ALL;
    } else if (in->redirects < bound) {
        /* Redirects already followed are counted: a 3xx after the bound
         * ends the chain as a 404 (seed 004; legacy: its own bound). */
        out->basis = ROBOTS_BASIS_REDIRECT;
        out->action = ROBOTS_FETCH_FOLLOW_REDIRECT;
    } else {
        out->basis = ROBOTS_BASIS_REDIRECT_LIMIT;
        out->action = ROBOTS_FETCH_ALLOW_ALL;
    }
}

/* complexity: 26: the argument checks (each a line) and the dispatch of
 * an outcome to its status class's step. */
ROBOTS_API robots_status robots_fetch_policy(const robots_fetch_outcome *in,
                                             robots_profile profile,
                                             robots_fetch_decision *out) {
    int status;
    if (in == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (profile != ROBOTS_PROFILE_RFC9309 && profile != ROBOTS_PROFILE_GOOGLE &&
        profile != ROBOTS_PROFILE_LEGACY)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (robots_network_error_name(in->network_error) == NULL ||
        in->unreachable_seconds < 0 || !RB_RESERVED_ZERO(in))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    status = in->status;
    if (in->network_error == ROBOTS_NET_NONE && (status < 100 || status > 999))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->action = ROBOTS_FETCH_ALLOW_ALL;
    out->basis = ROBOTS_BASIS_CLIENT_ERROR;
    out->retry = 0;
    out->long_unreachable = 0;

    if (in->network_error != ROBOTS_NET_NONE) {
        /* Seed 004: DNS and network problems (timeouts, resets, chunking
         * errors) are handled as server errors. */
        out->basis = ROBOTS_BASIS_NETWORK_ERROR;
        unreachable(in, profile, out);
    } else if (status >= 200 && status <= 299) {
        out->basis = ROBOTS_BASIS_SUCCESS;
        out->action = ROBOTS_FETCH_PARSE_BODY;
    } else if (status >= 300 && status <= 399) {
        redirection(in, profile, out);
    } else if (status >= 400 && status <= 499) {
        if (profile == ROBOTS_PROFILE_LEGACY &&
            (status == 401 || status == 403)) {
            /* Seeds 000/001: access restricted means the whole site is. */
            out->basis = ROBOTS_BASIS_ACCESS_RESTRICTED;
            out->action = ROBOTS_FETCH_DISALLOW_ALL;
        } else if (profile == ROBOTS_PROFILE_GOOGLE && status == 429) {
            /* google/robotstxt's fetcher treats Too Many Requests as a
             * server error (docs/semantics.md). */
            out->basis = ROBOTS_BASIS_RATE_LIMITED;
            unreachable(in, profile, out);
        } else {
            /* RFC 9309 section 2.3.1.3: 4xx, 401 and 403 included, means
             * the file is unavailable: no restriction. */
            out->basis = ROBOTS_BASIS_CLIENT_ERROR;
            out->action = ROBOTS_FETCH_ALLOW_ALL;
        }
    } else if (status >= 500 && status <= 599) {
        out->basis = ROBOTS_BASIS_SERVER_ERROR;
        unreachable(in, profile, out);
    } else {
        /* 1xx as a final answer and codes past 599 are no defined outcome:
         * the safe reading is "unreachable" (docs/semantics.md). */
        out->basis = ROBOTS_BASIS_OTHER_STATUS;
        unreachable(in, profile, out);
    }
    return ROBOTS_OK;
}
