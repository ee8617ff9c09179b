/* SPDX-License-Identifier: MIT */
/*
 * analysis_groups.c - robots_analyze()'s comparison of groups: the
 * user-agent lines sorted by key, agents named by two records (legacy),
 * the groups merged for an agent (rfc9309, google): repeated groups and
 * the rules another merged group's rule always wins over, and user-agent
 * lines that join the group above.
 */
#include "agent.h"
#include "analyzer.h"
#include "ascii.h"
#include "document.h"
#include "memory.h"
#include "records.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- agents ------------------------------------------------------------- */

static int agent_before(const an_agent *a, const an_agent *b) {
    size_t n = a->key_len < b->key_len ? a->key_len : b->key_len;
    for (size_t i = 0; i < n; i++) {
        unsigned char x = rb_ascii_lower((unsigned char)a->key[i]);
        unsigned char y = rb_ascii_lower((unsigned char)b->key[i]);
        if (x != y)
            return x < y;
    }
    if (a->key_len != b->key_len)
        return a->key_len < b->key_len;
    return a->index < b->index; /* file order: group, then line */
}

AN_HEAPSORT(sort_agents, an_agent, agent_before)

static int same_key(const an_agent *a, const an_agent *b) {
    return rb_ascii_equal_nocase(a->key, a->key_len, b->key, b->key_len);
}

/* Every user-agent line with its key, sorted by key (case-insensitively),
 * then in file order. */
static an_agent *collect_agents(analyzer *an) {
    const robots_txt *doc = an->doc;
    an_agent *agents =
        rb_alloc(an->mem, (doc->agent_count + 1) * sizeof *agents);
    if (agents == NULL)
        return NULL;
    for (uint32_t g = 0, k = 0; g < doc->group_count; g++) {
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t i = 0; i < n; i++, k++) {
            const rb_agent *a = &doc->agents[k];
            an_agent *e = &agents[k];
            int wild = rb_agent_wildcard(a);
            e->key = wild ? "*" : doc->text + rb_agent_value_off(a);
            e->key_len =
                wild ? 1 : (uint32_t)rb_agent_token(an->profile, doc->text, a);
            e->group = g;
            e->line = a->line;
            e->index = k;
        }
    }
    sort_agents(agents, doc->agent_count);
    return agents;
}

static size_t agent_column(const analyzer *an, const an_agent *a) {
    const char *value =
        an->doc->text + rb_agent_value_off(&an->doc->agents[a->index]);
    return rb_analysis_value_column(an, a->line, strlen(value));
}

/* legacy: a crawler obeys the first record naming a substring of its
 * name, so an agent that contains an earlier record's agent never selects
 * its record; a second '*' record is never used. */
static void legacy_record_agent(analyzer *an, uint32_t k, uint32_t earlier) {
    const robots_txt *doc = an->doc;
    const rb_agent *a = &doc->agents[k];
    const char *av = doc->text + rb_agent_value_off(a);
    size_t alen = strlen(av);
    if (!rb_agent_wildcard(a) && alen == 0)
        return; /* names no crawler: the parse reports it */
    for (uint32_t e = 0; e < earlier; e++) {
        const rb_agent *b = &doc->agents[e];
        const char *bv = doc->text + rb_agent_value_off(b);
        size_t blen = strlen(bv);
        /* rb_contains_nocase(): linear in both. */
        if (!rb_analysis_spend(an, alen + blen + 1))
            return;
        int hit;
        if (rb_agent_wildcard(a) || rb_agent_wildcard(b))
            hit = rb_agent_wildcard(a) && rb_agent_wildcard(b);
        else
            hit = blen > 0 && rb_contains_nocase(av, alen, bv, blen);
        if (!hit)
            continue;
        char aq[AN_QUOTE_BYTES], bq[AN_QUOTE_BYTES];
        rb_analysis_quote(av, alen, aq);
        rb_analysis_quote(bv, blen, bq);
        size_t col = rb_analysis_value_column(an, a->line, alen);
        if (rb_agent_wildcard(a))
            rb_analysis_add(
                an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "this '*' record is never used: the '*' record at line %u "
                "comes first, and records are not merged in the 1996 draft",
                (unsigned)b->line);
        else if (rb_ascii_equal_nocase(av, alen, bv, blen))
            rb_analysis_add(
                an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "user-agent '%s' never selects this record: the record at "
                "line %u names it first, and records are not merged in the "
                "1996 draft",
                aq, (unsigned)b->line);
        else
            rb_analysis_add(
                an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING,
                a->line, col, b->line,
                "user-agent '%s' never selects this record: a crawler whose "
                "name contains it also contains '%s', whose record at line "
                "%u comes first",
                aq, bq, (unsigned)b->line);
        return;
    }
}

void rb_analysis_legacy_records(analyzer *an) {
    const robots_txt *doc = an->doc;
    for (size_t g = 0; g < doc->group_count && !an->budget_spent; g++) {
        uint32_t first = doc->groups[g].first_agent;
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t k = first; k < first + n && !an->budget_spent; k++)
            legacy_record_agent(an, k, first);
    }
}

/* ---- groups merged for an agent (rfc9309, google) ----------------------- */

/* The keys of the agents and the groups each selects: the agents sorted
 * by key; key k starts at agents[key_agent[k]], and its groups, ascending,
 * are key_groups[key_first[k] .. key_first[k + 1]); an agent's key is
 * key_of[its index in doc->agents]. */
typedef struct an_keys {
    an_agent *agents;
    uint32_t *key_of;
    uint32_t *key_agent;
    uint32_t *key_first;
    uint32_t *key_groups;
    size_t count;
} an_keys;

/* Does key k name a crawler? rfc9309: an empty token names none; google
 * keeps its quirk that an empty name matches an empty token, so such a
 * key is a crawler's too (docs/semantics.md). */
static int key_names(const analyzer *an, const an_keys *keys, uint32_t k) {
    return keys->agents[keys->key_agent[k]].key_len != 0 ||
           an->profile == ROBOTS_PROFILE_GOOGLE;
}

static size_t key_group_count(const an_keys *keys, uint32_t k) {
    return keys->key_first[k + 1] - keys->key_first[k];
}

/* Sorts the agents by key and finds each key's groups: the agents of one
 * key are in file order, so its groups come ascending. */
static int build_keys(analyzer *an, an_keys *keys) {
    size_t n = an->doc->agent_count;
    keys->agents = collect_agents(an);
    keys->key_of = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_of);
    keys->key_agent = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_agent);
    keys->key_first = rb_alloc(an->mem, (n + 2) * sizeof *keys->key_first);
    keys->key_groups = rb_alloc(an->mem, (n + 1) * sizeof *keys->key_groups);
    if (!keys->agents || !keys->key_of || !keys->key_agent ||
        !keys->key_first || !keys->key_groups)
        return 0;
    size_t k = 0, m = 0;
    for (size_t i = 0; i < n; i++) {
        const an_agent *a = &keys->agents[i];
        int new_key = i == 0 || !same_key(&keys->agents[i - 1], a);
        if (new_key) {
            keys->key_agent[k] = (uint32_t)i;
            keys->key_first[k++] = (uint32_t)m;
        }
        if (new_key || keys->key_groups[m - 1] != a->group)
            keys->key_groups[m++] = a->group;
        keys->key_of[a->index] = (uint32_t)(k - 1);
    }
    keys->key_first[k] = (uint32_t)m;
    keys->count = k;
    return 1;
}

static void free_keys(analyzer *an, an_keys *keys) {
    size_t n = an->doc->agent_count;
    rb_free(an->mem, keys->agents, (n + 1) * sizeof *keys->agents);
    rb_free(an->mem, keys->key_of, (n + 1) * sizeof *keys->key_of);
    rb_free(an->mem, keys->key_agent, (n + 1) * sizeof *keys->key_agent);
    rb_free(an->mem, keys->key_first, (n + 2) * sizeof *keys->key_first);
    rb_free(an->mem, keys->key_groups, (n + 1) * sizeof *keys->key_groups);
}

/* Each group naming an agent an earlier group names: their rules are
 * merged, once for each such group. */
static void repeated_groups(analyzer *an, const an_keys *keys) {
    const robots_txt *doc = an->doc;
    for (size_t i = 0; i < doc->agent_count; i++) {
        const an_agent *a = &keys->agents[i];
        uint32_t k = keys->key_of[a->index];
        uint32_t first_group = keys->key_groups[keys->key_first[k]];
        if (a->key_len == 0 || a->group == first_group ||
            (i > 0 && keys->agents[i - 1].group == a->group &&
             keys->key_of[keys->agents[i - 1].index] == k))
            continue; /* a key of no crawler (reported by the parse), its
                         first group, or its group's second line */
        /* Named as the group that names it first writes it. */
        const an_agent *named = &keys->agents[keys->key_agent[k]];
        char q[AN_QUOTE_BYTES];
        rb_analysis_quote(named->key, named->key_len, q);
        size_t related = doc->agents[doc->groups[first_group].first_agent].line;
        rb_analysis_add(
            an, ROBOTS_DIAG_REPEATED_GROUP, ROBOTS_SEVERITY_WARNING, a->line,
            agent_column(an, a), related,
            "user-agent '%s' is also named by the group at line %zu; the two "
            "groups are merged (write them as one group)",
            q, related);
    }
}

/* The keys of group g that name a crawler, into out; 0 when one of them
 * selects g alone (nothing is merged for it, and within g alone no rule
 * was found to change no verdict). stamp[k] == g + 1: k was taken. */
static size_t group_keys(const analyzer *an, const an_keys *keys, uint32_t g,
                         uint32_t *stamp, uint32_t *out) {
    const robots_txt *doc = an->doc;
    uint32_t first = doc->groups[g].first_agent;
    uint32_t n =
        rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
    size_t count = 0;
    for (uint32_t i = first; i < first + n; i++) {
        uint32_t k = keys->key_of[i];
        if (!key_names(an, keys, k) || stamp[k] == g + 1)
            continue;
        if (key_group_count(keys, k) == 1)
            return 0;
        stamp[k] = g + 1;
        out[count++] = k;
    }
    return count;
}

/* rfc9309, google: a rule that no agent of its group ever sees decide,
 * among the rules of all the groups merged for that agent. */
static void merged_rules(analyzer *an, const an_keys *keys) {
    const robots_txt *doc = an->doc;
    uint32_t *stamp = rb_alloc(an->mem, (keys->count + 1) * sizeof *stamp);
    uint32_t *gk = rb_alloc(an->mem, (doc->agent_count + 1) * sizeof *gk);
    if (stamp == NULL || gk == NULL)
        an->failed = 1;
    else
        memset(stamp, 0, (keys->count + 1) * sizeof *stamp);
    for (uint32_t g = 0; !an->failed && g < doc->group_count; g++) {
        size_t nk = group_keys(an, keys, g, stamp, gk);
        size_t first = doc->groups[g].first_rule;
        size_t count = nk ? rb_group_rules(doc->groups, doc->group_count,
                                           doc->rule_count, g)
                          : 0;
        for (size_t ri = first; ri < first + count && !an->budget_spent; ri++) {
            if (!rb_analysis_claimable(an, ri))
                continue;
            size_t shadow = ROBOTS_NO_POSITION, k = 0;
            for (; k < nk; k++) {
                const uint32_t *groups =
                    &keys->key_groups[keys->key_first[gk[k]]];
                size_t si = rb_analysis_shadow_among(
                    an, groups, key_group_count(keys, gk[k]), ri);
                if (si == ROBOTS_NO_POSITION)
                    break;
                if (shadow == ROBOTS_NO_POSITION)
                    shadow = si;
            }
            if (k < nk)
                continue;
            char q[AN_QUOTE_BYTES], qualifier[AN_QUOTE_BYTES + 64];
            const an_agent *a = &keys->agents[keys->key_agent[gk[0]]];
            /* A key of no bytes (google's empty token) by its value. */
            const char *name =
                a->key_len
                    ? a->key
                    : doc->text + rb_agent_value_off(&doc->agents[a->index]);
            if (nk == 1)
                snprintf(qualifier, sizeof qualifier,
                         " for user-agent '%s', whose groups are merged",
                         rb_analysis_quote(
                             name, a->key_len ? a->key_len : strlen(name), q));
            else
                snprintf(qualifier, sizeof qualifier,
                         " for each user-agent of its group, whose groups are "
                         "merged");
            rb_analysis_report_shadow(an, ri, shadow, qualifier);
        }
    }
    rb_free(an->mem, stamp, (keys->count + 1) * sizeof *stamp);
    rb_free(an->mem, gk, (doc->agent_count + 1) * sizeof *gk);
}

void rb_analysis_merged_groups(analyzer *an) {
    an_keys keys;
    memset(&keys, 0, sizeof keys);
    if (build_keys(an, &keys)) {
        repeated_groups(an, &keys);
        merged_rules(an, &keys);
    } else {
        an->failed = 1;
    }
    free_keys(an, &keys);
}

/* ---- user-agent lines that join the group above -------------------------- */

/* The records of a list in file order, one at a time. */
typedef struct record_walk {
    rb_records_iter it;
    robots_record_info cur;
    int have;
} record_walk;

static void walk_start(record_walk *w, const rb_records *list) {
    rb_records_from_line(list, 0, &w->it);
    w->have = rb_records_next(&w->it, &w->cur);
}

/* The first record after line `after`, if it comes before line `before`;
 * the calls' lines only grow, so a walk reads each record once. */
static const robots_record_info *walk_between(record_walk *w, uint32_t after,
                                              uint32_t before) {
    while (w->have && w->cur.line <= after)
        w->have = rb_records_next(&w->it, &w->cur);
    return w->have && w->cur.line < before ? &w->cur : NULL;
}

/* A group's user-agent lines end only at a rule: a crawl-delay, sitemap,
 * host or unknown line between two of them leaves the second in the
 * group of the first (docs/semantics.md, "Groups and user-agents"), so
 * every agent of the group obeys the rules below (issue 21: one line of
 * "User-agent: BadBot" after a "*" group's Crawl-delay blocks every
 * crawler). */
void rb_analysis_joined_agents(analyzer *an) {
    const robots_txt *doc = an->doc;
    record_walk ext, maps;
    walk_start(&ext, &doc->extensions);
    walk_start(&maps, &doc->sitemaps);
    for (uint32_t g = 0; g < doc->group_count; g++) {
        uint32_t first = doc->groups[g].first_agent;
        uint32_t n =
            rb_group_agents(doc->groups, doc->group_count, doc->agent_count, g);
        for (uint32_t i = first + 1; i < first + n; i++) {
            uint32_t after = doc->agents[i - 1].line, at = doc->agents[i].line;
            const robots_record_info *e = walk_between(&ext, after, at);
            const robots_record_info *m = walk_between(&maps, after, at);
            if (e == NULL || (m != NULL && m->line < e->line))
                e = m;
            if (e == NULL)
                continue;
            const char *value = doc->text + rb_agent_value_off(&doc->agents[i]);
            size_t len = strlen(value);
            char vq[AN_QUOTE_BYTES], kq[AN_QUOTE_BYTES];
            rb_analysis_add(
                an, ROBOTS_DIAG_AGENT_JOINS_GROUP, ROBOTS_SEVERITY_WARNING, at,
                rb_analysis_value_column(an, at, len), doc->agents[first].line,
                "user-agent '%s' joins the group of line %u: only lines that "
                "are no rules stand between them (line %zu: '%s'), and a "
                "group's user-agent lines end only at a rule, so every agent "
                "of the group obeys the rules below",
                rb_analysis_quote(value, len, vq),
                (unsigned)doc->agents[first].line, e->line,
                rb_analysis_quote(e->key, e->key_len, kq));
        }
    }
}
