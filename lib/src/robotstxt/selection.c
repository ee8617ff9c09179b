/* SPDX-License-Identifier: MIT */
/*
 * selection.c - which groups apply to a caller: robots_select_group() and
 * robots_select_groups(), and the resolution every check starts from.
 *
 *   rfc9309, google: every group naming the caller is merged; if none does,
 *   every `*` group (the index's tokens name them: rb_index_tokens()).
 *   legacy: the first record naming the caller, else the first `*` record.
 */
#include "selection.h"
#include "agent.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "memory.h"
#include "names_index.h"

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

static uint32_t group_agents(const robots_txt *doc, size_t g) {
    return rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
}

int rb_group_names_caller(const robots_txt *doc, size_t gi,
                          const robots_str *agents, size_t n) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t i = 0, count = group_agents(doc, gi); i < count; i++)
        if (rb_agent_names_caller(doc->profile, doc,
                                  &doc->agents[g->first_agent + i], agents, n))
            return 1;
    return 0;
}

int rb_group_is_wildcard(const robots_txt *doc, size_t gi) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t i = 0, count = group_agents(doc, gi); i < count; i++)
        if (rb_agent_wildcard(&doc->agents[g->first_agent + i]))
            return 1;
    return 0;
}

/* The first group that applies and whether it names the caller. rfc9309
 * and google merge every group of the same kind; legacy uses this one. */
static size_t select_group_direct(const robots_txt *doc,
                                  const robots_str *agents, size_t n,
                                  int *specific) {
    size_t wildcard = ROBOTS_NO_POSITION;
    *specific = 0;
    for (size_t g = 0; g < doc->group_count; g++) {
        if (rb_group_names_caller(doc, g, agents, n)) {
            *specific = 1;
            return g;
        }
        if (wildcard == ROBOTS_NO_POSITION && rb_group_is_wildcard(doc, g))
            wildcard = g;
    }
    return wildcard;
}

/* legacy searches every name for every record's value: at most this many
 * byte steps (agents times the names' length) are searched directly;
 * past it the names are indexed once (names_index.c), so that a file of
 * many records against long names costs O((F + H) log H), not F * H. */
#define RB_LEGACY_DIRECT_WORK ((size_t)1 << 20)

/* The longest value legacy compares (a `*` line's is never searched). */
static size_t longest_value(const robots_txt *doc) {
    size_t longest = 0;
    for (size_t i = 0; i < doc->agent_count; i++) {
        const rb_agent *agent = &doc->agents[i];
        if (rb_agent_wildcard(agent))
            continue;
        size_t len = rb_agent_token(ROBOTS_PROFILE_LEGACY, doc->text, agent);
        if (len > longest)
            longest = len;
    }
    return longest;
}

/* select_group_direct() through the names' index. A value the same as the
 * line before's (a file of thousands of one line) is not searched again. */
static robots_status select_group_indexed(const robots_txt *doc,
                                          const robots_str *agents, size_t n,
                                          size_t *group, int *specific) {
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    rb_names_index index;
    robots_status status =
        rb_names_index_build(&mem, agents, n, longest_value(doc), &index);
    if (status != ROBOTS_OK)
        return status;
    size_t wildcard = ROBOTS_NO_POSITION, found = ROBOTS_NO_POSITION;
    const char *last = NULL;
    size_t last_len = 0;
    for (size_t g = 0; g < doc->group_count && found == ROBOTS_NO_POSITION;
         g++) {
        const rb_group *grp = &doc->groups[g];
        for (uint32_t i = 0, count = group_agents(doc, g); i < count; i++) {
            const rb_agent *agent = &doc->agents[grp->first_agent + i];
            if (rb_agent_wildcard(agent))
                continue;
            const char *value = doc->text + rb_agent_value_off(agent);
            size_t len =
                rb_agent_token(ROBOTS_PROFILE_LEGACY, doc->text, agent);
            /* As rb_agent_names_caller(): an empty value names nobody. A
             * value the same as the last searched was not found: the
             * search stops at the first found. */
            if (len == 0 || (len == last_len && memcmp(value, last, len) == 0))
                continue;
            if (rb_names_index_contains(&index, value, len)) {
                found = g;
                break;
            }
            last = value;
            last_len = len;
        }
        if (wildcard == ROBOTS_NO_POSITION && rb_group_is_wildcard(doc, g))
            wildcard = g;
    }
    rb_names_index_release(&mem, &index);
    *specific = found != ROBOTS_NO_POSITION;
    *group = found != ROBOTS_NO_POSITION ? found : wildcard;
    return ROBOTS_OK;
}

static robots_status select_group(const robots_txt *doc,
                                  const robots_str *agents, size_t n,
                                  size_t *group, int *specific) {
    if (doc->profile == ROBOTS_PROFILE_LEGACY) {
        size_t names = 0;
        for (size_t i = 0; i < n; i++)
            names += agents[i].len;
        if (names != 0 && doc->agent_count > RB_LEGACY_DIRECT_WORK / names)
            return select_group_indexed(doc, agents, n, group, specific);
    }
    *group = select_group_direct(doc, agents, n, specific);
    return ROBOTS_OK;
}

/* The callers' names as rfc9309 and google compare them with a line's
 * product token (rb_agent_names_caller()): rfc9309 a name's own product
 * token, google the whole name; a name whose token is empty names nobody
 * in rfc9309 and is left out. Writes at most agent_count names. */
static size_t compared_names(robots_profile profile, const robots_str *agents,
                             size_t agent_count, robots_str *out) {
    size_t n = 0;
    for (size_t i = 0; i < agent_count; i++) {
        size_t len = rb_name_token_len(profile, agents[i].ptr, agents[i].len);
        if (profile == ROBOTS_PROFILE_RFC9309 && len == 0)
            continue;
        out[n].ptr = agents[i].ptr;
        out[n++].len = len;
    }
    return n;
}

/* Whether group gi names one of compared_names()'s names: each compared
 * whole with each line's product token, as google compares a name. */
static int group_names_whole(const robots_txt *doc, size_t gi,
                             const robots_str *names, size_t n) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t i = 0, count = group_agents(doc, gi); i < count; i++)
        if (rb_agent_names_caller(ROBOTS_PROFILE_GOOGLE, doc,
                                  &doc->agents[g->first_agent + i], names, n))
            return 1;
    return 0;
}

robots_status robots_select_groups(const robots_txt *doc,
                                   const robots_str *agents, size_t agent_count,
                                   size_t *groups, size_t cap, size_t *needed,
                                   int *specific) {
    if (needed != NULL)
        *needed = 0;
    if (specific != NULL)
        *specific = 0;
    if (doc == NULL || needed == NULL || specific == NULL ||
        (groups == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    size_t first;
    robots_status status =
        robots_select_group(doc, agents, agent_count, &first, specific);
    if (status != ROBOTS_OK || first == ROBOTS_NO_POSITION)
        return status;
    /* The groups rb_scan_match() reads: from the first, every one of the
     * same kind (legacy obeys the first alone). Each name is reduced once
     * here, not once per line: a line then costs a length test per name,
     * and its token's bytes only where the lengths agree (64 names of
     * 4 KiB against 100,000 user-agent lines would otherwise be seconds). */
    robots_str names[ROBOTS_MAX_QUERY_AGENTS];
    size_t name_count =
        compared_names(doc->profile, agents, agent_count, names);
    size_t count = 0;
    for (size_t g = first; g < doc->group_count; g++) {
        int applies = g == first ||
                      (doc->profile != ROBOTS_PROFILE_LEGACY &&
                       (*specific ? group_names_whole(doc, g, names, name_count)
                                  : rb_group_is_wildcard(doc, g)));
        if (!applies)
            continue;
        if (count < cap)
            groups[count] = g;
        count++;
    }
    *needed = count;
    return count > cap ? ROBOTS_ERR_BUFFER_TOO_SMALL : ROBOTS_OK;
}

/* The first group a set merges, for the evidence. */
static uint32_t set_first_group(const robots_txt *doc, uint32_t set) {
    return set & RB_SET_OF_GROUP ? set & ~RB_SET_OF_GROUP
                                 : rb_set_groups(doc, &doc->set_defs[set])[0];
}

robots_status rb_resolve(const robots_txt *doc, const robots_str *agents,
                         size_t agent_count, enum rb_walk walk, rb_resolved *r,
                         uint32_t *tokens) {
    int reference = walk == RB_WALK_REFERENCE;
    r->token_count = 0;
    r->tokens = tokens;
    r->reference = reference;
    r->direct = 0; /* check.c's to set, once it has weighed the groups */
    if (reference || doc->profile == ROBOTS_PROFILE_LEGACY)
        return select_group(doc, agents, agent_count, &r->group, &r->specific);
    /* Each token's sets word, once (two tokens of one group share it).
     * A file that names no agent (most small ones: a `*` group, or none)
     * has no token to look up: no name is reduced and hashed for it. */
    size_t found = doc->token_count == 0
                       ? 0
                       : rb_index_tokens(doc, agents, agent_count, tokens);
    r->token_count = 0;
    for (size_t t = 0; t < found; t++) {
        uint32_t word = rb_token_sets_word(doc, doc->tokens[tokens[t]]);
        size_t k = 0;
        while (k < r->token_count && tokens[k] != word)
            k++;
        if (k == r->token_count)
            tokens[r->token_count++] = word;
    }
    r->specific = r->token_count != 0;
    r->group = ROBOTS_NO_POSITION;
    if (r->token_count != 0)
        r->group = RB_GROUP_LATER;
    else if (doc->wildcard_set != UINT32_MAX)
        r->group = set_first_group(doc, doc->wildcard_set);
    return ROBOTS_OK;
}

size_t rb_tokens_first_group(const robots_txt *doc, const rb_resolved *r) {
    size_t group = ROBOTS_NO_POSITION;
    for (size_t t = 0; t < r->token_count; t++) {
        uint32_t one, count;
        const uint32_t *sets = rb_token_sets(doc, r->tokens[t], &one, &count);
        for (uint32_t s = 0; s < count; s++) {
            uint32_t first = set_first_group(doc, sets[s]);
            if (first < group)
                group = first;
        }
    }
    return group;
}

/* The group a check would use: rfc9309 and google through the index, a
 * hash look-up per name, as robots_check() resolves them. Comparing every
 * user-agent line with every name, as select_group_direct() does, costs
 * the lines times the names' bytes: 2.9 s for 64 names of 4 KiB against a
 * 511 KB file of `user-agent:q` lines (issue 29's cost fuzzing found it). */
robots_status robots_select_group(const robots_txt *doc,
                                  const robots_str *agents, size_t agent_count,
                                  size_t *group, int *specific) {
    if (doc == NULL || group == NULL || specific == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_status status = rb_validate_agents(agents, agent_count);
    if (status != ROBOTS_OK)
        return status;
    uint32_t tokens[ROBOTS_MAX_QUERY_AGENTS];
    rb_resolved r;
    status = rb_resolve(doc, agents, agent_count, RB_WALK_INDEX, &r, tokens);
    if (status != ROBOTS_OK)
        return status;
    *specific = r.specific;
    *group =
        r.group == RB_GROUP_LATER ? rb_tokens_first_group(doc, &r) : r.group;
    return ROBOTS_OK;
}
