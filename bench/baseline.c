/* SPDX-License-Identifier: MIT */
/*
 * baseline.c - the simple matcher the benchmark compares the library with.
 *
 * With the library's rb_check_reference() (CMake defines
 * ROBOTS_BENCH_HAVE_REFERENCE when lib/src defines it) this file only
 * forwards to it. Without it, it is a matcher written the obvious way: the
 * document is parsed once; each check selects the groups through the
 * public accessors and tries every rule of each one (longest match, Allow
 * wins a tie), using the library's own URL-to-path, normalisation and
 * wildcard primitives so that only the search strategy differs.
 */
#include "baseline.h"
#include "agent.h"
#include "ascii.h"
#include "check.h"
#include "document.h"
#include "match.h"
#include "normalize.h"
#include "urlpath.h"

#include <string.h>

#ifdef ROBOTS_BENCH_HAVE_REFERENCE

robots_status bench_baseline_check(const robots_txt *doc,
                                   const robots_str *agents, size_t n,
                                   const char *url, size_t url_len,
                                   robots_verdict *out) {
    return rb_check_reference(doc, agents, n, url, url_len, out);
}

const char *bench_baseline_name(void) {
    return "rb_check_reference";
}

#else

const char *bench_baseline_name(void) {
    return "bench/baseline.c";
}

/* rfc9309 compares the caller's product token, google its whole name. */
static int names_caller(robots_profile profile, const robots_agent_info *a,
                        const robots_str *agents, size_t n) {
    if (a->is_wildcard)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t len = agents[i].len;
        if (profile == ROBOTS_PROFILE_RFC9309) {
            len = rb_agent_token_len(agents[i].ptr, len);
            if (len == 0)
                continue;
        }
        if (rb_ascii_equal_nocase(agents[i].ptr, len, a->token, a->token_len))
            return 1;
    }
    return 0;
}

static int applies(const robots_txt *doc, size_t group, size_t agent_count,
                   int specific, const robots_str *agents, size_t n) {
    robots_profile profile = robots_txt_profile(doc);
    for (size_t i = 0; i < agent_count; i++) {
        robots_agent_info a;
        if (robots_group_agent(doc, group, i, &a) != ROBOTS_OK)
            continue;
        if (specific ? names_caller(profile, &a, agents, n) : a.is_wildcard)
            return 1;
    }
    return 0;
}

/* google: an Allow ending in ".../index.htm..." also allows "<dir>/". */
static int index_htm_dir(const char *p, size_t len, size_t *dir) {
    size_t d = len;
    while (d > 0 && p[d - 1] != '/')
        d--;
    *dir = d;
    return d > 0 && len - d >= 9 && memcmp(p + d, "index.htm", 9) == 0;
}

typedef struct best {
    int found, tie;
    size_t priority, group, rule;
    robots_rule_info info;
} best;

static void take(best *b, size_t priority, const robots_rule_info *info,
                 size_t group, size_t rule) {
    if (b->found && priority < b->priority)
        return;
    if (b->found && priority == b->priority) {
        if (info->kind == b->info.kind)
            return; /* the first in the file stays */
        b->tie = 1;
        if (info->kind != ROBOTS_RULE_ALLOW)
            return; /* Allow wins the tie */
    } else {
        b->tie = 0;
    }
    b->found = 1;
    b->priority = priority;
    b->group = group;
    b->rule = rule;
    b->info = *info;
}

static int is_robots_txt(const char *path, size_t len) {
    return len >= 11 && memcmp(path, "/robots.txt", 11) == 0 &&
           (len == 11 || path[11] == '?');
}

robots_status bench_baseline_check(const robots_txt *doc,
                                   const robots_str *agents, size_t n,
                                   const char *url, size_t url_len,
                                   robots_verdict *out) {
    if (doc == NULL || out == NULL || (url == NULL && url_len != 0) ||
        robots_txt_profile(doc) == ROBOTS_PROFILE_LEGACY)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_profile profile = robots_txt_profile(doc);
    size_t first;
    int specific;
    robots_status st = robots_select_group(doc, agents, n, &first, &specific);
    if (st != ROBOTS_OK)
        return st;
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    if (url == NULL)
        url = "";
    size_t start, len;
    int slash;
    st = rb_url_path(profile, url, url_len, &start, &len, &slash);
    if (st != ROBOTS_OK)
        return st;
    char path[3 * ROBOTS_MAX_URL_BYTES + 1];
    size_t plen = 0;
    if (slash)
        path[plen++] = '/';
    plen += rb_normalize_path(profile, url + start, len, path + plen);

    memset(out, 0, sizeof *out);
    out->allowed = 1;
    out->rule = ROBOTS_NO_POSITION;
    out->rule_pattern = "";
    out->group = first;
    out->specific = specific;
    if (profile != ROBOTS_PROFILE_GOOGLE && is_robots_txt(path, plen)) {
        out->reason = ROBOTS_REASON_ROBOTS_TXT;
        return ROBOTS_OK;
    }
    if (first == ROBOTS_NO_POSITION) {
        out->reason = ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }

    best b;
    memset(&b, 0, sizeof b);
    static char normal[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
    size_t groups = robots_group_count(doc);
    for (size_t g = first; g < groups; g++) {
        robots_group_info gi;
        if (robots_group(doc, g, &gi) != ROBOTS_OK ||
            !applies(doc, g, gi.agent_count, specific, agents, n))
            continue;
        for (size_t r = 0; r < gi.rule_count; r++) {
            robots_rule_info ri;
            if (robots_group_rule(doc, g, r, &ri) != ROBOTS_OK)
                continue;
            size_t priority = ri.normalized_len, dir, nlen = 0;
            if (robots_group_rule_normalized(doc, g, r, normal, sizeof normal,
                                             &nlen) != ROBOTS_OK)
                continue;
            int hit = rb_match_wildcard(normal, nlen, path, plen);
            if (!hit && profile == ROBOTS_PROFILE_GOOGLE &&
                ri.kind == ROBOTS_RULE_ALLOW &&
                index_htm_dir(normal, nlen, &dir)) {
                priority = dir + 1;
                hit = dir == plen && memcmp(normal, path, dir) == 0;
            }
            if (hit)
                take(&b, priority, &ri, g, r);
        }
    }
    if (!b.found) {
        out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
        return ROBOTS_OK;
    }
    out->allowed = b.info.kind == ROBOTS_RULE_ALLOW;
    out->reason = b.tie ? ROBOTS_REASON_TIE_ALLOW : ROBOTS_REASON_LONGEST_MATCH;
    out->group = b.group;
    out->rule = b.rule;
    out->rule_kind = b.info.kind;
    out->rule_line = b.info.line;
    out->rule_pattern = b.info.pattern;
    out->rule_pattern_len = b.info.pattern_len;
    return ROBOTS_OK;
}

#endif
