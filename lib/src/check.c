/*
 * check.c - the verdict: which groups apply to the caller, which rule
 * decides, and the evidence (reason, group, rule, line, pattern).
 *
 *   rfc9309, google: every group naming the caller is merged; if none does,
 *   every `*` group; the matching rule with the longest normalised pattern
 *   wins and Allow wins a tie (RFC 9309 section 2.2.2).
 *   legacy: the first record naming the caller, else the first `*` record;
 *   its first matching rule in file order decides (the 1996 draft).
 */
#include "internal.h"

#include <string.h>

robots_status rb_validate_agents(const robots_str *agents, size_t n) {
    if (agents == NULL || n == 0)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (n > ROBOTS_MAX_QUERY_AGENTS)
        return ROBOTS_ERR_TOO_MANY_AGENTS;
    for (size_t i = 0; i < n; i++) {
        if (agents[i].ptr == NULL && agents[i].len != 0)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        if (agents[i].len > ROBOTS_MAX_AGENT_BYTES)
            return ROBOTS_ERR_AGENT_TOO_LONG;
    }
    return ROBOTS_OK;
}

static int group_names_caller(const robots_txt *doc, const rb_group *g,
                              const robots_str *agents, size_t n) {
    for (uint32_t i = 0; i < g->agent_count; i++)
        if (rb_agent_names_caller(doc->profile, doc,
                                  &doc->agents[g->first_agent + i], agents, n))
            return 1;
    return 0;
}

static int group_is_wildcard(const robots_txt *doc, const rb_group *g) {
    for (uint32_t i = 0; i < g->agent_count; i++)
        if (doc->agents[g->first_agent + i].wildcard)
            return 1;
    return 0;
}

/* The first group that applies and whether it names the caller. rfc9309
 * and google merge every group of the same kind; legacy uses this one. */
static size_t select_group(const robots_txt *doc, const robots_str *agents,
                           size_t n, int *specific) {
    size_t wildcard = ROBOTS_NO_INDEX;
    *specific = 0;
    for (size_t g = 0; g < doc->group_count; g++) {
        if (group_names_caller(doc, &doc->groups[g], agents, n)) {
            *specific = 1;
            return g;
        }
        if (wildcard == ROBOTS_NO_INDEX &&
            group_is_wildcard(doc, &doc->groups[g]))
            wildcard = g;
    }
    return wildcard;
}

robots_status robots_select_group(const robots_txt *doc,
                                  const robots_str *agents, size_t agent_count,
                                  size_t *group, int *specific) {
    if (doc == NULL || group == NULL || specific == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_status status = rb_validate_agents(agents, agent_count);
    if (status != ROBOTS_OK)
        return status;
    *group = select_group(doc, agents, agent_count, specific);
    return ROBOTS_OK;
}

static void set_rule(const robots_txt *doc, robots_verdict *out, size_t group,
                     size_t rule_index) {
    const rb_group *g = &doc->groups[group];
    const rb_rule *r = &doc->rules[g->first_rule + rule_index];
    out->group = group;
    out->rule = rule_index;
    out->rule_kind = RB_RULE_KIND(r);
    out->rule_line = RB_RULE_LINE(r);
    out->rule_pattern = doc->text + r->pattern_off;
    out->rule_pattern_len = r->pattern_len;
    out->allowed = RB_RULE_KIND(r) == ROBOTS_RULE_ALLOW;
}

/* google: an Allow whose last segment starts with "index.htm" also allows
 * the directory itself, "<dir>/" exactly, with that pattern's priority. */
static int index_htm_match(const char *pattern, size_t plen, const char *path,
                           size_t len, size_t *priority) {
    size_t dir = plen;
    while (dir > 0 && pattern[dir - 1] != '/')
        dir--;
    *priority = dir + 1;
    return dir == len && memcmp(pattern, path, dir) == 0;
}

typedef struct best_rule {
    int found;
    int tie; /* an Allow and a Disallow of the winning length both matched */
    size_t priority, group, rule;
    robots_rule_kind kind;
} best_rule;

static void consider(best_rule *best, size_t priority, robots_rule_kind kind,
                     size_t group, size_t rule) {
    if (best->found && priority < best->priority)
        return;
    if (best->found && priority == best->priority) {
        if (kind != best->kind)
            best->tie = 1;
        /* Allow wins a tie; between equals the first in the file stays. */
        if (!(kind == ROBOTS_RULE_ALLOW && best->kind == ROBOTS_RULE_DISALLOW))
            return;
    } else {
        best->tie = 0;
    }
    best->found = 1;
    best->priority = priority;
    best->kind = kind;
    best->group = group;
    best->rule = rule;
}

static void longest_match(const robots_txt *doc, const robots_str *agents,
                          size_t n, const char *path, size_t len,
                          robots_verdict *out) {
    best_rule best;
    memset(&best, 0, sizeof best);
    for (size_t gi = out->group; gi < doc->group_count; gi++) {
        const rb_group *g = &doc->groups[gi];
        int applies = out->specific ? group_names_caller(doc, g, agents, n)
                                    : group_is_wildcard(doc, g);
        if (!applies)
            continue;
        for (uint32_t ri = 0; ri < g->rule_count; ri++) {
            const rb_rule *r = &doc->rules[g->first_rule + ri];
            const char *pattern = doc->text + r->normalized_off;
            size_t plen = r->normalized_len;
            size_t priority = plen;
            int matched = rb_match_wildcard(pattern, plen, path, len);
            if (!matched && RB_RULE_INDEX_HTM(r))
                matched = index_htm_match(pattern, plen, path, len, &priority);
            if (matched)
                consider(&best, priority, RB_RULE_KIND(r), gi, ri);
        }
    }
    if (!best.found) {
        out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
        return;
    }
    set_rule(doc, out, best.group, best.rule);
    out->reason =
        best.tie ? ROBOTS_REASON_TIE_ALLOW : ROBOTS_REASON_LONGEST_MATCH;
}

static void first_match(const robots_txt *doc, const char *path, size_t len,
                        robots_verdict *out) {
    const rb_group *g = &doc->groups[out->group];
    for (uint32_t ri = 0; ri < g->rule_count; ri++) {
        const rb_rule *r = &doc->rules[g->first_rule + ri];
        /* The 1996 draft: an empty Disallow restricts nothing, an empty
         * Allow matches everything. */
        if (r->normalized_len == 0 && RB_RULE_KIND(r) == ROBOTS_RULE_DISALLOW)
            continue;
        if (rb_match_prefix(doc->text + r->normalized_off, r->normalized_len,
                            path, len)) {
            set_rule(doc, out, out->group, ri);
            out->reason = ROBOTS_REASON_FIRST_MATCH;
            return;
        }
    }
    out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
}

static int is_robots_txt_path(const char *path, size_t len) {
    static const char name[] = "/robots.txt";
    size_t n = sizeof name - 1;
    return len >= n && memcmp(path, name, n) == 0 &&
           (len == n || path[n] == '?');
}

robots_status robots_check(const robots_txt *doc, const robots_str *agents,
                           size_t agent_count, const char *url, size_t url_len,
                           robots_verdict *out) {
    if (doc == NULL || out == NULL || (url == NULL && url_len != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_status status = rb_validate_agents(agents, agent_count);
    if (status != ROBOTS_OK)
        return status;
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    size_t start, len;
    int slash;
    status = rb_url_path(doc->profile, url, url_len, &start, &len, &slash);
    if (status != ROBOTS_OK)
        return status;

    /* The normalised path: at most three bytes for every byte of the URL. */
    char path[3 * ROBOTS_MAX_URL_BYTES + 1];
    size_t plen = 0;
    if (slash)
        path[plen++] = '/';
    /* A NULL url (url_len 0) takes no offset: that is undefined. */
    const char *from = url != NULL ? url + start : url;
    plen += rb_normalize_path(doc->profile, from, len, path + plen);

    memset(out, 0, sizeof *out);
    out->allowed = 1;
    out->rule = ROBOTS_NO_INDEX;
    out->rule_pattern = "";
    out->group = select_group(doc, agents, agent_count, &out->specific);

    if (doc->profile != ROBOTS_PROFILE_GOOGLE &&
        is_robots_txt_path(path, plen)) {
        out->reason = ROBOTS_REASON_ROBOTS_TXT;
        return ROBOTS_OK;
    }
    if (out->group == ROBOTS_NO_INDEX) {
        out->reason = ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }
    if (doc->profile == ROBOTS_PROFILE_LEGACY)
        first_match(doc, path, plen, out);
    else
        longest_match(doc, agents, agent_count, path, plen, out);
    return ROBOTS_OK;
}

robots_status robots_check_agent(const robots_txt *doc, const char *agent,
                                 size_t agent_len, const char *url,
                                 size_t url_len, robots_verdict *out) {
    robots_str one;
    one.ptr = agent;
    one.len = agent_len;
    return robots_check(doc, &one, 1, url, url_len, out);
}
