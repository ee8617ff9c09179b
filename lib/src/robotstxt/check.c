/* SPDX-License-Identifier: MIT */
/*
 * check.c - the check's entry points: robots_check(), robots_check_agent()
 * and the reference (rb_check_reference()), the document's memo of the
 * names robots_check() has resolved, the first answers' count, and
 * robots_query (a caller resolved once for many URLs). Which groups apply
 * is selection.c's, the verdict for a URL check_path.c's.
 *
 *   rfc9309, google: every group naming the caller is merged; if none does,
 *   every `*` group; the matching rule with the longest normalised pattern
 *   wins and Allow wins a tie (RFC 9309 section 2.2.2).
 *   legacy: the first record naming the caller, else the first `*` record;
 *   its first matching rule in file order decides (the 1996 draft).
 */
#include "check.h"
#include "check_direct.h"
#include "check_path.h"
#include "document.h"
#include "index.h"
#include "memory.h"
#include "selection.h"
#include "words.h"

#include <string.h>

/* Compiles now every set a resolution reads, so that the checks through it
 * never do. 0 when memory runs out. */
static int compile_sets(const robots_txt *doc, const rb_resolved *r) {
    if (doc->profile == ROBOTS_PROFILE_LEGACY || r->group == ROBOTS_NO_POSITION)
        return 1;
    if (r->token_count == 0)
        return rb_index_unit(doc, doc->wildcard_set) != NULL;
    for (size_t t = 0; t < r->token_count; t++) {
        uint32_t one, count;
        const uint32_t *sets = rb_token_sets(doc, r->tokens[t], &one, &count);
        for (uint32_t s = 0; s < count; s++)
            if (rb_index_unit(doc, sets[s]) == NULL)
                return 0;
    }
    return 1;
}

/* The memo's resolution of a name passed alone, if it holds one. A name
 * it holds was valid when it was remembered. */
static inline const rb_memo *memo_find(const robots_txt *doc,
                                       const robots_str *name) {
    const rb_memo *memo = atomic_load_explicit(doc->memo, memory_order_acquire);
    if (memo == NULL)
        return NULL;
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++) {
        const rb_memo *m = &memo[s];
        uint32_t state = atomic_load_explicit(&m->state, memory_order_acquire);
        if (state == RB_MEMO_FREE)
            return NULL;
        if (state == RB_MEMO_READY && m->name_len == name->len &&
            rb_same_bytes(m->name, name->ptr, name->len))
            return m;
    }
    return NULL;
}

/* The memo's slots, allocated now if no check has yet (see
 * robots_txt.memo): published as a set's unit is, by a compare-and-swap,
 * and counted with the units; a thread that loses the race frees its own
 * and uses the winner's. NULL when memory runs out: nothing is
 * remembered. Once a document: cold, and its frame (an rb_mem) kept off
 * check()'s, which is on robots_check()'s deepest path. */
RB_COLD static rb_memo *memo_slots(const robots_txt *doc) {
    rb_memo *memo = atomic_load_explicit(doc->memo, memory_order_acquire);
    if (memo != NULL)
        return memo;
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    rb_memo *made = rb_alloc(&mem, RB_MEMO_BYTES);
    if (made == NULL)
        return NULL;
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++)
        atomic_init(&made[s].state, RB_MEMO_FREE);
    if (atomic_compare_exchange_strong_explicit(doc->memo, &memo, made,
                                                memory_order_acq_rel,
                                                memory_order_acquire)) {
        atomic_fetch_add_explicit(doc->unit_bytes, RB_MEMO_BYTES,
                                  memory_order_relaxed);
        return made;
    }
    rb_free(&mem, made, RB_MEMO_BYTES);
    return memo;
}

/* Remembers a (valid) name's resolution in the first free slot, if one is
 * left, once its group is known and its sets compiled: a check through
 * the memo has no names to fall back on. Two threads resolving one name
 * at once may each take a slot: a slot lost, never a wrong answer. */
static void memo_add(const robots_txt *doc, const robots_str *name,
                     const rb_resolved *r) {
    const rb_memo *held = atomic_load_explicit(doc->memo, memory_order_acquire);
    if (name->len > RB_MEMO_NAME ||
        (held != NULL &&
         atomic_load_explicit(&held[RB_MEMO_SLOTS - 1].state,
                              memory_order_relaxed) != RB_MEMO_FREE))
        return;
    rb_resolved known = *r;
    if (known.group == RB_GROUP_LATER)
        known.group = rb_tokens_first_group(doc, r);
    if (!compile_sets(doc, &known))
        return;
    rb_memo *memo = memo_slots(doc);
    if (memo == NULL)
        return;
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++) {
        rb_memo *m = &memo[s];
        uint32_t state = RB_MEMO_FREE;
        if (atomic_compare_exchange_strong_explicit(
                &m->state, &state, RB_MEMO_WRITING, memory_order_acquire,
                memory_order_relaxed)) {
            m->name_len = (uint32_t)name->len;
            if (name->len != 0 && name->ptr != NULL)
                memcpy(m->name, name->ptr, name->len);
            m->token = known.token_count != 0 ? known.tokens[0] : 0;
            m->r = known;
            m->r.tokens = &m->token;
            atomic_store_explicit(&m->state, RB_MEMO_READY,
                                  memory_order_release);
            return;
        }
    }
}

/* Does this check of the resolution r walk the rules directly (and count
 * itself)? See RB_DIRECT_CHECKS (document.h) for why and when: a small
 * document, or groups that apply whose walk stays within
 * RB_DIRECT_COMPARES. */
static int walk_directly(const robots_txt *doc, const rb_resolved *r,
                         const char *url, size_t url_len) {
    if (doc->profile == ROBOTS_PROFILE_LEGACY)
        return 0;
    /* Read first, so that a document past its direct checks is not
     * written by every check that misses the memo. */
    if (atomic_load_explicit(doc->direct_walks, memory_order_relaxed) >=
        RB_DIRECT_CHECKS)
        return 0;
    /* A URL the check refuses is not walked (and url_len + 1 cannot wrap
     * to 0 below). */
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return 0;
    if (doc->parsed_bytes > RB_DIRECT_WORK / (url_len + 1) &&
        !rb_direct_within(doc, r, url, url_len)) {
        /* Refused once, the document compiles from now on: the bound's
         * sum is not paid again by every check that misses the memo. */
        atomic_store_explicit(doc->direct_walks, RB_DIRECT_CHECKS,
                              memory_order_relaxed);
        return 0;
    }
    return atomic_fetch_add_explicit(doc->direct_walks, 1u,
                                     memory_order_relaxed) < RB_DIRECT_CHECKS;
}

/* A check that resolves its agents: the reference scan's, and
 * robots_check()'s when the memo does not hold the name. */
static robots_status check(const robots_txt *doc, const robots_str *agents,
                           size_t agent_count, const char *url, size_t url_len,
                           int reference, robots_verdict *out) {
    robots_status status = rb_validate_agents(agents, agent_count);
    if (status != ROBOTS_OK)
        return status;
    rb_resolved r;
    uint32_t tokens[ROBOTS_MAX_QUERY_AGENTS];
    status =
        rb_resolve(doc, agents, agent_count,
                   reference ? RB_WALK_REFERENCE : RB_WALK_INDEX, &r, tokens);
    if (status != ROBOTS_OK)
        return status;
    /* Known once the groups that apply are: how much walking them costs. */
    r.direct = !reference && walk_directly(doc, &r, url, url_len);
    /* The memo's sets are compiled: not by the first answers. */
    if (!reference && !r.direct && agent_count == 1 &&
        doc->profile != ROBOTS_PROFILE_LEGACY)
        memo_add(doc, agents, &r);
    rb_callers who = {agents, agent_count};
    return rb_check_resolved(doc, &r, &who, url, url_len, out);
}

/* check() for robots_check() when the memo does not hold the name: out of
 * line, so that robots_check() keeps no frame and the memo's checks pass
 * their arguments on to rb_check_resolved() as they came (about 15
 * instructions a check). Cold: a name misses the memo once a document, or
 * a caller passes many names. */
RB_COLD static robots_status check_unremembered(const robots_txt *doc,
                                                const robots_str *agents,
                                                size_t agent_count,
                                                const char *url, size_t url_len,
                                                robots_verdict *out) {
    return check(doc, agents, agent_count, url, url_len, 0, out);
}

robots_status robots_check(const robots_txt *doc, const robots_str *agents,
                           size_t agent_count, const char *url, size_t url_len,
                           robots_verdict *out) {
    if (doc == NULL || out == NULL || url == NULL) {
        if (doc == NULL || out == NULL || url_len != 0)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        url = ""; /* (NULL, 0): the empty URL, never read through NULL */
    }
    if (agent_count == 1 && agents != NULL &&
        (agents->ptr != NULL || agents->len == 0)) {
        const rb_memo *m = memo_find(doc, agents);
        if (m != NULL)
            return rb_check_resolved(doc, &m->r, NULL, url, url_len, out);
    }
    return check_unremembered(doc, agents, agent_count, url, url_len, out);
}

robots_status rb_check_reference(const robots_txt *doc,
                                 const robots_str *agents, size_t agent_count,
                                 const char *url, size_t url_len,
                                 robots_verdict *out) {
    if (doc == NULL || out == NULL || url == NULL) {
        if (doc == NULL || out == NULL || url_len != 0)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        url = ""; /* (NULL, 0): the empty URL, never read through NULL */
    }
    return check(doc, agents, agent_count, url, url_len, 1, out);
}

robots_status robots_check_agent(const robots_txt *doc, const char *agent,
                                 size_t agent_len, const char *url,
                                 size_t url_len, robots_verdict *out) {
    robots_str one;
    one.ptr = agent;
    one.len = agent_len;
    return robots_check(doc, &one, 1, url, url_len, out);
}

struct robots_query {
    const robots_txt *doc;
    rb_resolved agents;
    uint32_t tokens[ROBOTS_MAX_QUERY_AGENTS];
};

robots_status robots_query_new(const robots_txt *doc, const robots_str *agents,
                               size_t agent_count, robots_query **out) {
    if (out != NULL)
        *out = NULL;
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    robots_status status = rb_validate_agents(agents, agent_count);
    if (status != ROBOTS_OK)
        return status;
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    robots_query *query = rb_alloc(&mem, sizeof *query);
    if (query == NULL)
        return ROBOTS_ERR_NO_MEMORY;
    query->doc = doc;
    status = rb_resolve(doc, agents, agent_count, RB_WALK_INDEX, &query->agents,
                        query->tokens);
    if (status != ROBOTS_OK) {
        rb_free(&mem, query, sizeof *query);
        return status;
    }
    if (query->agents.group == RB_GROUP_LATER) /* once, not at each check */
        query->agents.group = rb_tokens_first_group(doc, &query->agents);
    if (!compile_sets(doc, &query->agents)) {
        rb_free(&mem, query, sizeof *query);
        return ROBOTS_ERR_NO_MEMORY;
    }
    *out = query;
    return ROBOTS_OK;
}

robots_status robots_query_check(const robots_query *query, const char *url,
                                 size_t url_len, robots_verdict *out) {
    if (query == NULL || out == NULL || url == NULL) {
        if (query == NULL || out == NULL || url_len != 0)
            return ROBOTS_ERR_INVALID_ARGUMENT;
        url = ""; /* (NULL, 0): the empty URL, never read through NULL */
    }
    return rb_check_resolved(query->doc, &query->agents, NULL, url, url_len,
                             out);
}

void robots_query_free(robots_query *query) {
    if (query == NULL)
        return;
    const robots_allocator *a = &query->doc->mem.allocator;
    a->free(a->ctx, query, sizeof *query);
}
