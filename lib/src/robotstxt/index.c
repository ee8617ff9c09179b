/* SPDX-License-Identifier: MIT */
/*
 * index.c - the per-agent index a check reads (see "the compiled index" in
 * index_layout.h), its parse-time part: which sets each product token
 * selects, and the tokens a caller's names find. The compiled unit of a
 * set, made on the first check that reads it, is index_compile.c's (and
 * index_order.c's).
 *
 * Each distinct product token gets the merged rules of every group naming
 * it; `*` gets those of every `*` group. Tokens naming exactly one group
 * share that group's set. Merging copies rules, so the merged sets may
 * hold at most MERGE_BUDGET(rules) entries in all; a token past the budget
 * (a file naming the same agents in many big groups) gets the list of its
 * groups' own sets instead, which keeps the index linear in the input and
 * a check linear in the groups it reads. Within a set, rules are filed under
 * their literal prefix; rules with the same normalised pattern and kind are
 * kept once (the first in the file), which is what makes a file that repeats
 * the same query-string rule in every group cheap to check.
 *
 * A set is compiled when a check first needs it, not at parse: a crawler
 * asks about its own agent, and the sets of the hundreds of others a file
 * names would be most of the parse. Compiling reads only the document, so
 * threads that race to compile the same set each build a unit, the first
 * to publish it wins (an atomic compare-and-swap) and the others free
 * theirs: to its callers the document never changes.
 */
#include "index.h"
#include "agent.h"
#include "ascii.h"
#include "byte_class.h"
#include "document.h"
#include "index_layout.h"
#include "memory.h"
#include "words.h"

#include <string.h>

#define NO_SET UINT32_MAX

/* Entries the merged sets may hold in all, beyond each group's own. */
#define MERGE_BUDGET(entries) (2 * (entries) + 4096)

void rb_index_release(rb_mem *mem, rb_index_build *build) {
    rb_vec_release(mem, &build->tokens);
    rb_vec_release(mem, &build->token_sets);
    rb_vec_release(mem, &build->set_defs);
    rb_vec_release(mem, &build->set_groups);
    rb_vec_release(mem, &build->token_slots);
}

/* Entries a set of these groups holds before duplicates are dropped: its
 * rules, and with companions the "<dir>/$" companion of each index.htm
 * Allow (google; the parse says whether any rule has one, as reading
 * every rule of the merged sets to count them was a third of the index's
 * build of a google file without one). */
size_t rb_index_set_entries(int companions, const rb_group *groups,
                            size_t group_count, const rb_rule *rules,
                            size_t rule_count, const uint32_t *list, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        const rb_group *g = &groups[list[i]];
        uint32_t own = rb_group_rules(groups, group_count, rule_count, list[i]);
        count += own;
        if (!companions)
            continue; /* only google has "<dir>/$" companions */
        for (uint32_t r = 0; r < own; r++)
            count += RB_RULE_INDEX_HTM(&rules[g->first_rule + r]) != 0;
    }
    return count;
}

/* ---- parse time: the tokens and the sets they select -------------------- */

typedef struct planner {
    rb_mem *mem;
    rb_index_build *out;
    robots_profile profile;
    const rb_group *groups;
    size_t group_count;
    const rb_agent *agents;
    const rb_rule *rules;
    size_t rule_count;
    const char *text;
    size_t merge_left; /* entries merged sets may still take */
    /* The groups of the token (or `*`) being added, ascending: room for
     * every group, in the build's one scratch block. */
    uint32_t *list;
    size_t list_count;
} planner;

/* Appends a token: build_tokens() reserved room for one per user-agent
 * line, so a store, not a call to copy four bytes. */
static void push_token(planner *pl, rb_token token) {
    rb_vec *tokens = &pl->out->tokens;
    ((rb_token *)tokens->data)[tokens->count++] = token;
}

/* The set of these groups (ascending): a new one, or, for one group, its
 * own, which needs nothing kept (RB_SET_OF_GROUP). */
static uint32_t add_set(planner *pl, const uint32_t *groups, size_t n) {
    if (n == 1)
        return RB_SET_OF_GROUP | groups[0];
    rb_set_def def;
    def.first = (uint32_t)pl->out->set_groups.count;
    def.count = (uint32_t)n;
    uint32_t id = (uint32_t)pl->out->set_defs.count;
    if (!rb_vec_push(pl->mem, &pl->out->set_groups, groups, n) ||
        !rb_vec_push(pl->mem, &pl->out->set_defs, &def, 1))
        return NO_SET;
    return id;
}

/* A token's case-insensitive hash: the parse's tokens' table and a
 * caller's name at check time both hash through here, so the two always
 * agree. Eight bytes a step, each with bit 5 set: that folds ASCII case,
 * and merges a few other pairs ('@' and '`', say), which costs only a
 * compare on a probe. A token shorter than eight bytes, as most are, is
 * read in two overlapping loads (or its first, middle and last byte). */
static uint32_t token_hash(const char *s, size_t len) {
    const uint64_t fold = RB_ONES * 0x20u;
    const uint64_t mix = 0x9E3779B97F4A7C15u; /* odd: 2^64 / golden ratio */
    uint64_t h = ((uint64_t)len + 1) * mix;
    size_t i = 0;
    for (; len - i > 8; i += 8)
        h = (h ^ (rb_load8(s + i) | fold)) * mix;
    uint64_t last;
    if (len >= 8)
        last = rb_load8(s + len - 8);
    else if (len >= 4)
        last = rb_load4(s) | (uint64_t)rb_load4(s + len - 4) << 32;
    else if (len > 0)
        last = (unsigned char)s[0] | (unsigned)(unsigned char)s[len / 2] << 8 |
               (unsigned)(unsigned char)s[len - 1] << 16;
    else
        last = 0;
    h = (h ^ (last | fold)) * mix;
    return (uint32_t)(h >> 32);
}

/* A user-agent line as the build sees it. */
typedef struct agent_ref {
    const char *token;
    uint32_t len;
    uint32_t group;
    uint32_t agent;
} agent_ref;

/* The tokens' hash table (see robots_txt), empty, for the tokens of
 * `lines` lines at most: a check finds a caller's token in one hash and a
 * probe or two instead of a binary search of string compares (about 400
 * instructions a check). The build finds a line's token in it too, so
 * that the tokens need no table of their own (a second table, and placing
 * each token again, were a seventh of the build); sized for the lines,
 * it is as full as one sized for the tokens when no token is named twice,
 * as in most files. NULL when memory runs out. */
static uint32_t *open_token_slots(planner *pl, size_t lines) {
    rb_index_build *out = pl->out;
    uint32_t ids = 1;
    while (ids < lines)
        ids = ids << 1 | 1;
    uint32_t size = (uint32_t)(lines + lines / 2 + 1);
    uint32_t *table = rb_vec_reserve(pl->mem, &out->token_slots, size);
    if (table == NULL)
        return NULL;
    memset(table, 0, size * sizeof *table);
    out->token_slot_count = size;
    out->token_id_mask = ids;
    out->token_slots.count = size;
    return table;
}

/* The set of one group alone (RB_SET_OF_GROUP: nothing to make). */
static uint32_t group_set(planner *pl, uint32_t group) {
    return add_set(pl, &group, 1);
}

/* One token: the groups naming it (ascending) get one merged set, or
 * their own sets past the merge budget. */
static int add_token(planner *pl, uint32_t agent) {
    const uint32_t *list = pl->list;
    size_t count = pl->list_count;
    rb_vec *words = &pl->out->token_sets;
    if (count == 1) { /* its set is its group's: nothing to keep */
        push_token(pl, RB_TOKEN_OWN | agent);
        return 1;
    }
    /* Its agent and its sets word, in token_sets. */
    rb_token token = (rb_token)words->count;
    uint32_t head[2] = {agent, 0};
    size_t merged =
        rb_index_set_entries(pl->out->companions, pl->groups, pl->group_count,
                             pl->rules, pl->rule_count, list, count);
    if (merged <= pl->merge_left) {
        pl->merge_left -= merged;
        uint32_t set = add_set(pl, list, count);
        if (set == NO_SET)
            return 0;
        head[1] = RB_TOKEN_ONE_SET | set;
        if (!rb_vec_push(pl->mem, words, head, 2))
            return 0;
        push_token(pl, token);
        return 1;
    }
    /* Past the budget: the token reads its groups' own sets, listed after
     * their count. */
    head[1] = token + 2;
    uint32_t n = (uint32_t)count;
    if (!rb_vec_push(pl->mem, words, head, 2) ||
        !rb_vec_push(pl->mem, words, &n, 1))
        return 0;
    for (size_t k = 0; k < count; k++) {
        uint32_t set = group_set(pl, list[k]);
        if (set == NO_SET || !rb_vec_push(pl->mem, words, &set, 1))
            return 0;
    }
    push_token(pl, token);
    return 1;
}

uint32_t rb_token_sets_word(const robots_txt *doc, rb_token token) {
    if (!(token & RB_TOKEN_OWN))
        return doc->token_sets[token + 1];
    uint32_t agent = token & ~RB_TOKEN_OWN;
    size_t lo = 0, hi = doc->group_count; /* groups[lo] holds the agent */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->groups[mid].first_agent <= agent)
            lo = mid;
        else
            hi = mid;
    }
    return RB_TOKEN_ONE_SET | RB_SET_OF_GROUP | (uint32_t)lo;
}

/* The build's scratch, one block for every user-agent line (at most
 * `lines`; an allocation each, and the groups' list grown as a vector,
 * were a sixth of the build): the lines (refs), the line standing for
 * each token (reps), and build_tokens()'s words: each line's token id,
 * each token's first line in perm, and perm, the lines ordered by token,
 * file order within one; then the groups of one token (planner.list,
 * `groups` of them) and the groups with a `*` line (as many). */
typedef struct build_scratch {
    agent_ref *refs, *reps;
    uint32_t *ids, *start, *perm, *list;
    size_t bytes;
} build_scratch;

static int open_scratch(rb_mem *mem, build_scratch *sc, size_t lines,
                        size_t groups) {
    lines = lines ? lines : 1;
    groups = groups ? groups : 1;
    /* Refused before the sum could wrap where size_t has 32 bits (a body
     * of ROBOTS_MAX_INPUT_BYTES has fewer lines than this bound on 64). */
    const size_t per_line = 2 * sizeof(agent_ref) + 3 * sizeof(uint32_t);
    if (groups > SIZE_MAX / (4 * sizeof(uint32_t)) ||
        lines >
            (SIZE_MAX / 2 - (1 + 2 * groups) * sizeof(uint32_t)) / per_line) {
        mem->failure = ROBOTS_ERR_TOO_LARGE;
        return 0;
    }
    sc->bytes = 2 * lines * sizeof(agent_ref) +
                (3 * lines + 1 + 2 * groups) * sizeof(uint32_t);
    unsigned char *block = rb_alloc(mem, sc->bytes);
    if (block == NULL)
        return 0;
    sc->refs = (agent_ref *)block;
    sc->reps = sc->refs + lines;
    sc->ids = (uint32_t *)(sc->reps + lines);
    sc->start = sc->ids + lines;
    sc->perm = sc->start + lines + 1;
    sc->list = sc->perm + lines;
    return 1;
}

/* The distinct tokens, in the order of their first line, each with the
 * groups naming it. The agent lines (refs, in file order) are told apart
 * by a case-insensitive hash, in the tokens' own table (open_token_slots()),
 * so they need no sorting. */
static int build_tokens(planner *pl, const build_scratch *sc, size_t n) {
    const agent_ref *refs = sc->refs;
    agent_ref *reps = sc->reps;
    uint32_t *ids = sc->ids, *start = sc->start, *perm = sc->perm;
    if (n == 0)
        return 1; /* no token, and no table */
    /* A token for each line at most: push_token() needs no check. */
    uint32_t *table = open_token_slots(pl, n);
    if (table == NULL || rb_vec_reserve(pl->mem, &pl->out->tokens, n) == NULL)
        return 0;
    uint32_t mask = pl->out->token_id_mask, size = pl->out->token_slot_count;
    size_t tokens = 0;
    for (size_t r = 0; r < n; r++) {
        uint32_t h = token_hash(refs[r].token, refs[r].len);
        for (uint32_t i = rb_slot_start(h, size);;
             i = i + 1 == size ? 0 : i + 1) {
            uint32_t v = table[i];
            if (v == 0) {
                reps[tokens] = refs[r];
                table[i] = (h & ~mask) | (uint32_t)(tokens + 1);
                ids[r] = (uint32_t)tokens++;
                break;
            }
            const agent_ref *rep = &reps[(v & mask) - 1];
            if (((v ^ h) & ~mask) == 0 &&
                rb_equal_nocase_fast(rep->token, rep->len, refs[r].token,
                                     refs[r].len)) {
                ids[r] = (v & mask) - 1;
                break;
            }
        }
    }
    if (tokens == n) {
        /* Every line its own token, as in most files: each token's set is
         * its one group's (add_token()), and needs no ordering by token. */
        for (size_t r = 0; r < n; r++)
            push_token(pl, RB_TOKEN_OWN | refs[r].agent);
        return 1;
    }
    memset(start, 0, (tokens + 1) * sizeof(uint32_t));
    for (size_t r = 0; r < n; r++)
        start[ids[r] + 1]++;
    for (size_t t = 0; t < tokens; t++)
        start[t + 1] += start[t];
    for (size_t r = 0; r < n; r++)
        perm[start[ids[r]]++] = (uint32_t)r;
    /* start[t] is now where token t + 1 begins: shift back. */
    memmove(start + 1, start, tokens * sizeof(uint32_t));
    start[0] = 0;
    for (uint32_t id = 0; id < tokens; id++) {
        /* its groups, ascending (a line's group is never before the
         * line before it), each once */
        pl->list_count = 0;
        for (uint32_t k = start[id]; k < start[id + 1]; k++) {
            uint32_t g = refs[perm[k]].group;
            if (pl->list_count == 0 || pl->list[pl->list_count - 1] != g)
                pl->list[pl->list_count++] = g;
        }
        if (!add_token(pl, refs[perm[start[id]]].agent))
            return 0;
    }
    return 1;
}

int rb_index_build_all(rb_mem *mem, rb_index_build *build,
                       robots_profile profile, const rb_group *groups,
                       size_t group_count, const rb_agent *agents,
                       size_t agent_count, const rb_rule *rules,
                       size_t rule_count, const char *text, size_t text_len) {
    /* legacy: records are not merged, a check scans them in order; no
     * user-agent line (a page of HTML): no token and no `*` set */
    if (profile == ROBOTS_PROFILE_LEGACY || agent_count == 0)
        return 1;
    planner pl;
    memset(&pl, 0, sizeof pl);
    pl.mem = mem;
    pl.out = build;
    pl.profile = profile;
    pl.groups = groups;
    pl.group_count = group_count;
    pl.agents = agents;
    pl.rules = rules;
    pl.rule_count = rule_count;
    pl.text = text;
    build_scratch sc;
    if (!open_scratch(mem, &sc, agent_count, group_count))
        return 0;
    pl.list = sc.list;
    pl.merge_left = MERGE_BUDGET(rule_count);
    /* The lines that name a token, and the groups with a `*` line
     * (after planner.list's room: the `*` set is made after the tokens'). */
    uint32_t *wild = sc.list + group_count;
    size_t ref_count = 0, wild_count = 0;
    for (size_t g = 0; g < group_count; g++) {
        uint32_t agents_of_g =
            rb_group_agents(groups, group_count, agent_count, g);
        for (uint32_t a = 0; a < agents_of_g; a++) {
            const rb_agent *agent = &agents[groups[g].first_agent + a];
            if (rb_agent_wildcard(agent)) {
                if (wild_count == 0 || wild[wild_count - 1] != g)
                    wild[wild_count++] = (uint32_t)g;
                continue;
            }
            /* rfc9309: an empty token names nobody; google: it names the
             * empty caller, as google/robotstxt does. Its value reduced
             * as rb_agent_token() reduces it (not `*`, not legacy: the
             * token, which its NUL ends), sixteen bytes a step within the
             * text. */
            size_t token_len = rb_agent_token_len_within(
                text + rb_agent_value_off(agent), SIZE_MAX, text + text_len);
            if (token_len == 0 && profile != ROBOTS_PROFILE_GOOGLE)
                continue;
            sc.refs[ref_count].token = text + rb_agent_value_off(agent);
            sc.refs[ref_count].len = (uint32_t)token_len;
            sc.refs[ref_count].group = (uint32_t)g;
            sc.refs[ref_count].agent = groups[g].first_agent + a;
            ref_count++;
        }
    }
    int ok = build_tokens(&pl, &sc, ref_count);
    /* The `*` set: every group with a `*` line, merged. */
    if (ok && wild_count != 0) {
        build->wildcard_set = add_set(&pl, wild, wild_count);
        ok = build->wildcard_set != NO_SET;
    }
    rb_free(mem, sc.refs, sc.bytes);
    return ok;
}

/* The index of the token equal (case-insensitively) to name, whose
 * token_hash() is h, or NO_SET. */
static uint32_t find_token(const robots_txt *doc, const char *name, size_t len,
                           uint32_t h) {
    if (doc->token_count == 0)
        return NO_SET;
    const uint32_t *table = doc->token_slots;
    uint32_t ids = doc->token_id_mask;
    uint32_t size = doc->token_slot_count;
    for (uint32_t i = rb_slot_start(h, size);; i = i + 1 == size ? 0 : i + 1) {
        uint32_t v = table[i];
        if (v == 0)
            return NO_SET;
        if (((v ^ h) & ~ids) == 0) {
            uint32_t t = (v & ids) - 1;
            const rb_agent *a =
                &doc->agents[rb_token_agent(doc->token_sets, doc->tokens[t])];
            const char *token = doc->text + rb_agent_value_off(a);
            /* Most callers spell a token as the file does. */
            if (rb_agent_token(doc->profile, doc->text, a) == len &&
                (rb_same_bytes(name, token, len) ||
                 rb_ascii_equal_nocase(name, len, token, len)))
                return t;
        }
    }
}

size_t rb_index_tokens(const robots_txt *doc, const robots_str *callers,
                       size_t n, uint32_t *tokens) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        /* rfc9309: the name's product token, which names nobody when
         * empty; google: the whole name (legacy has no index). */
        size_t len =
            rb_name_token_len(doc->profile, callers[i].ptr, callers[i].len);
        if (len == 0 && doc->profile != ROBOTS_PROFILE_GOOGLE)
            continue;
        uint32_t token = find_token(doc, callers[i].ptr, len,
                                    token_hash(callers[i].ptr, len));
        if (token == NO_SET)
            continue;
        size_t k = 0;
        while (k < count && tokens[k] != token)
            k++;
        if (k == count)
            tokens[count++] = token;
    }
    return count;
}
