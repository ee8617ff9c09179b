/* SPDX-License-Identifier: MIT */
/*
 * index.c - the per-agent index a check reads (see "the compiled index" in
 * index_layout.h), its parse-time part: which sets each product token
 * selects (the tokens a caller's names find are index_tokens.c's). The
 * compiled unit of a set, made on the first check that reads it, is
 * index_compile.c's (and index_order.c's).
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
    uint32_t agent_count;
    const rb_rule *rules;
    size_t rule_count;
    const char *text;
    size_t text_len;
    size_t merge_left; /* entries merged sets may still take */
    /* The groups of the token (or `*`) being added, ascending: room for
     * every group, in the build's one scratch block. */
    uint32_t *list;
    size_t list_count;
} planner;

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

/* Whether a user-agent line (not `*`) names a token the index files:
 * rfc9309's (and legacy's) empty token names nobody, google's names the
 * empty caller, as google/robotstxt does; a token is the run of token
 * bytes its value starts with, so it is empty exactly when the first byte
 * is none. The one test of both of rb_index_build_all()'s passes: the
 * first sizes the tokens' table and array by it and the second stores a
 * token for each line it passes with no check of its own, so the two
 * must never count differently. */
static inline int names_a_token(robots_profile profile, const char *value) {
    return profile == ROBOTS_PROFILE_GOOGLE ||
           (rb_byte_class[(unsigned char)value[0]] & RB_C_TOKEN) != 0;
}

/* A distinct token as the build sees it: its bytes, the agent of its
 * first line, and the chain of the later groups naming it (indexes into
 * build_scratch.more, NO_SET when none) with the last of them. Its first
 * line's group is not kept: only a token a later group names needs it,
 * and it is the group holding its agent (merge_tokens()). */
typedef struct token_rep {
    const char *token;
    uint32_t len;
    uint32_t agent;
    uint32_t last_group; /* while head is not NO_SET */
    uint32_t head, tail;
} token_rep;

/* A later group naming a token, and the next one naming it. */
typedef struct more_group {
    uint32_t group, next;
} more_group;

/* The tokens' hash table (see robots_txt), empty, for the tokens of
 * `lines` lines at most, and room for as many tokens (a store each, no
 * check), in one step from the region (a call each to grow two empty
 * arrays was a tenth of the build): a check finds a caller's token in one
 * hash and a probe or two instead of a binary search of string compares
 * (about 400 instructions a check). The build finds a line's token in it
 * too, so that the tokens need no table of their own (a second table, and
 * placing each token again, were a seventh of the build); sized for the
 * lines, it is as full as one sized for the tokens when no token is named
 * twice, as in most files. 0 when memory runs out. */
static int open_token_slots(rb_mem *mem, rb_index_build *out, size_t lines) {
    uint32_t ids = 1;
    while (ids < lines)
        ids = ids << 1 | 1;
    size_t size = lines + lines / 2 + 1;
    rb_vec *const vecs[2] = {&out->token_slots, &out->tokens};
    const size_t caps[2] = {size, lines};
    if (!rb_vec_reserve_first(mem, vecs, caps, 2))
        return 0;
    memset(out->token_slots.data, 0, size * sizeof(uint32_t));
    out->token_slot_count = (uint32_t)size;
    out->token_id_mask = ids;
    out->token_slots.count = size;
    return 1;
}

/* A token named in more than one group: its groups (ascending) get one
 * merged set, or their own sets past the merge budget; *token is its
 * word in token_sets. 0 on memory failure. */
static int add_merged_token(planner *pl, uint32_t agent, rb_token *token) {
    const uint32_t *list = pl->list;
    size_t count = pl->list_count;
    rb_vec *words = &pl->out->token_sets;
    /* Its agent and its sets word, in token_sets. */
    *token = (rb_token)words->count;
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
        return rb_vec_push(pl->mem, words, head, 2) != 0;
    }
    /* Past the budget: the token reads its groups' own sets (each one
     * group's: RB_SET_OF_GROUP, nothing to make), listed after their
     * count. */
    head[1] = *token + 2;
    uint32_t n = (uint32_t)count;
    if (!rb_vec_push(pl->mem, words, head, 2) ||
        !rb_vec_push(pl->mem, words, &n, 1))
        return 0;
    for (size_t k = 0; k < count; k++) {
        uint32_t set = RB_SET_OF_GROUP | list[k];
        if (!rb_vec_push(pl->mem, words, &set, 1))
            return 0;
    }
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

/* The build's scratch, one block for every user-agent line naming a token
 * (at most `lines`; an allocation each, and the groups' list grown as
 * a vector, were a sixth of the build): the distinct tokens (reps), the
 * later groups naming one (more), then the groups of one token
 * (planner.list, `groups` of them) and the groups with a `*` line (as
 * many). */
typedef struct build_scratch {
    token_rep *reps;
    more_group *more;
    uint32_t *list;
    size_t bytes;
    int on_stack; /* in the build's own stack (RB_INDEX_STACK_SCRATCH) */
} build_scratch;

/* The scratch of a file of few user-agent lines and groups (16 of each
 * fit), as most that name a token are, on the build's stack: its
 * allocation and free were about 90 instructions of such a file's parse
 * where a region serves it (a 606-byte file of three groups: 7,068 ->
 * 6,976), and about 240 where the region is full (a tiny file's
 * normalisation scratch takes three times its body from the stack's);
 * the corpus's parse 0.11 M instructions cheaper. */
#define RB_INDEX_STACK_SCRATCH ((size_t)768)

static int open_scratch(rb_mem *mem, build_scratch *sc, size_t lines,
                        size_t groups, unsigned char *stack) {
    lines = lines ? lines : 1;
    groups = groups ? groups : 1;
    /* Refused before the sum could wrap where size_t has 32 bits (a body
     * of ROBOTS_MAX_INPUT_BYTES has fewer lines than this bound on 64). */
    const size_t per_line = sizeof(token_rep) + sizeof(more_group);
    if (groups > SIZE_MAX / (4 * sizeof(uint32_t)) ||
        lines > (SIZE_MAX / 2 - 2 * groups * sizeof(uint32_t)) / per_line) {
        mem->failure = ROBOTS_ERR_TOO_LARGE;
        return 0;
    }
    sc->bytes = lines * per_line + 2 * groups * sizeof(uint32_t);
    sc->on_stack = sc->bytes <= RB_INDEX_STACK_SCRATCH;
    unsigned char *block = sc->on_stack ? stack : rb_alloc(mem, sc->bytes);
    if (block == NULL)
        return 0;
    sc->reps = (token_rep *)block;
    sc->more = (more_group *)(sc->reps + lines);
    sc->list = (uint32_t *)(sc->more + lines);
    return 1;
}

/* The group holding line a, at or after group g (the last group starting
 * at or before the line: a group starts at a user-agent line). Lines asked
 * in file order move g forward only, so a pass over the lines walks the
 * groups once. */
static inline size_t group_of_line(const rb_group *groups, size_t group_count,
                                   size_t g, uint32_t a) {
    while (g + 1 < group_count && groups[g + 1].first_agent <= a)
        g++;
    return g;
}

/* The tokens named in more than one group (those with a chain), in the
 * order of their first line: each gets its merged set (add_merged_token()),
 * its word replacing the one of its first group that build_tokens() set. */
static int merge_tokens(planner *pl, const build_scratch *sc, size_t tokens) {
    rb_token *words = (rb_token *)pl->out->tokens.data;
    size_t g = 0; /* the group of the token's first line, in their order */
    for (size_t t = 0; t < tokens; t++) {
        const token_rep *rep = &sc->reps[t];
        if (rep->head == NO_SET)
            continue;
        g = group_of_line(pl->groups, pl->group_count, g, rep->agent);
        pl->list[0] = (uint32_t)g;
        pl->list_count = 1;
        for (uint32_t m = rep->head; m != NO_SET; m = sc->more[m].next)
            pl->list[pl->list_count++] = sc->more[m].group;
        if (!add_merged_token(pl, rep->agent, &words[t]))
            return 0;
    }
    return 1;
}

/* The groups with a `*` line, in a file none of whose user-agent lines
 * names a token. */
static int wild_groups(const planner *pl, uint32_t *wild, size_t *wild_count) {
    size_t wilds = 0;
    for (size_t g = 0; g < pl->group_count; g++) {
        uint32_t end = g + 1 < pl->group_count ? pl->groups[g + 1].first_agent
                                               : pl->agent_count;
        for (uint32_t a = pl->groups[g].first_agent; a < end; a++)
            if (rb_agent_wildcard(&pl->agents[a])) {
                wild[wilds++] = (uint32_t)g;
                break;
            }
    }
    *wild_count = wilds;
    return 1;
}

/* What build_tokens() found: the distinct tokens, those a later group
 * names too (merged), and the later groups naming them (more). */
typedef struct token_counts {
    size_t tokens, merged, more;
} token_counts;

/* The state of build_tokens()'s pass that only its rare lines read and
 * change (a `*` line, a token named again), in memory, so that the usual
 * line's loop keeps its own in registers: g, the group of the last such
 * line (group_of_line()'s cursor); the links taken (more); the groups with
 * a `*` line (wild, wilds of them). */
typedef struct rare_lines {
    const rb_group *groups;
    size_t group_count, g, more, wilds;
    uint32_t *wild;
    token_counts *counts;
} rare_lines;

/* A `*` line, line a: its group listed, once (the lines come in file
 * order, so a group repeats only as the last one listed). */
static inline void wild_line(rare_lines *r, uint32_t a) {
    r->g = group_of_line(r->groups, r->group_count, r->g, a);
    if (r->wilds == 0 || r->wild[r->wilds - 1] != r->g)
        r->wild[r->wilds++] = (uint32_t)r->g;
}

/* A token named again, on line a: the line's group is chained to it,
 * once, unless it is the token's first line's (a line at or after the
 * first of the group holding line a, as the token's first line is before
 * line a, is in that group). */
static void chain_group(const build_scratch *sc, token_rep *rep, uint32_t a,
                        rare_lines *r) {
    size_t g = r->g = group_of_line(r->groups, r->group_count, r->g, a);
    if (rep->head == NO_SET ? rep->agent >= r->groups[g].first_agent
                            : rep->last_group == g)
        return;
    size_t more = r->more++;
    rep->last_group = (uint32_t)g;
    sc->more[more].group = (uint32_t)g;
    sc->more[more].next = NO_SET;
    if (rep->head == NO_SET) {
        rep->head = (uint32_t)more;
        r->counts->merged++;
    } else {
        sc->more[rep->tail].next = (uint32_t)more;
    }
    rep->tail = (uint32_t)more;
}

/* build_tokens()'s pass for one profile (a constant, so google's lines
 * have no test of their first byte, names_a_token()). Only what a line
 * naming a new token needs is kept from line to line; the group holding
 * a line is found for the rare line that needs it (rare_lines), where
 * following it on every line, with the rest of the pass's state, kept
 * more of it on the stack than in registers. */
RB_ALWAYS_INLINE static inline void tokens_of_lines(const planner *pl,
                                                    const build_scratch *sc,
                                                    rare_lines *r,
                                                    robots_profile profile) {
    const rb_agent *agents = pl->agents;
    uint32_t agent_count = pl->agent_count;
    const char *text = pl->text, *text_end = pl->text + pl->text_len;
    token_rep *reps = sc->reps;
    uint32_t *table = (uint32_t *)pl->out->token_slots.data;
    uint32_t mask = pl->out->token_id_mask, size = pl->out->token_slot_count;
    rb_token *words = (rb_token *)pl->out->tokens.data;
    size_t tokens = 0;
    for (uint32_t a = 0; a < agent_count; a++) {
        const rb_agent *agent = &agents[a];
        if (rb_agent_wildcard(agent)) {
            wild_line(r, a);
            continue;
        }
        /* Its value reduced as rb_agent_token() reduces it (not `*`,
         * not legacy: the token, which its NUL ends), sixteen bytes a
         * step within the text. */
        const char *value = text + rb_agent_value_off(agent);
        if (!names_a_token(profile, value))
            continue;
        size_t len = rb_agent_token_len_within(value, SIZE_MAX, text_end);
        uint32_t h = rb_token_hash(value, len);
        for (uint32_t i = rb_slot_start(h, size);;
             i = i + 1 == size ? 0 : i + 1) {
            uint32_t v = table[i];
            if (v == 0) {
                token_rep *rep = &reps[tokens];
                rep->token = value;
                rep->len = (uint32_t)len;
                rep->agent = a;
                rep->head = NO_SET;
                table[i] = (h & ~mask) | (uint32_t)(tokens + 1);
                words[tokens++] = RB_TOKEN_OWN | a;
                break;
            }
            token_rep *rep = &reps[(v & mask) - 1];
            /* most lines naming a token again spell it alike */
            if (((v ^ h) & ~mask) == 0 && rep->len == len &&
                (rb_same_bytes(rep->token, value, len) ||
                 rb_equal_nocase_fast(rep->token, len, value, len))) {
                chain_group(sc, rep, a, r);
                break;
            }
        }
    }
    pl->out->tokens.count = tokens;
    r->counts->tokens = tokens;
}

/* The distinct tokens, in the order of their first line, each with the
 * groups naming it, in one pass over the user-agent lines (`lines` of
 * them name a token), which also lists the groups with a `*` line
 * (*wild_count of them, in wild). A line's token is told apart by a
 * case-insensitive hash, in the tokens' own table (open_token_slots()),
 * so nothing is sorted; a token is given its first group's set when
 * first seen, as most are named once, and only those a later group names
 * too are merged afterwards (merge_tokens()). */
static int build_tokens(planner *pl, const build_scratch *sc, size_t lines,
                        uint32_t *wild, size_t *wild_count,
                        token_counts *counts) {
    if (lines == 0)
        return wild_groups(pl, wild, wild_count); /* no token, no table */
    rare_lines r = {pl->groups, pl->group_count, 0, 0, 0, wild, counts};
    if (pl->profile == ROBOTS_PROFILE_GOOGLE)
        tokens_of_lines(pl, sc, &r, ROBOTS_PROFILE_GOOGLE);
    else
        tokens_of_lines(pl, sc, &r, ROBOTS_PROFILE_RFC9309);
    *wild_count = r.wilds;
    counts->more = r.more;
    return 1;
}

/* Room for every set the merges and the `*` groups may make, in one step
 * from the region (a call each to grow three empty arrays was most of
 * making a file's first merged set): a set's definition for each token a
 * later group names and for `*`, the groups of each and of `*`, and each
 * token's words, at most 3 and its groups (past the merge budget). */
static int reserve_sets(rb_mem *mem, rb_index_build *out,
                        const token_counts *counts, size_t wilds) {
    size_t groups = counts->merged + counts->more;
    rb_vec *const vecs[3] = {&out->set_groups, &out->set_defs,
                             &out->token_sets};
    const size_t caps[3] = {groups + wilds, counts->merged + 1,
                            3 * counts->merged + groups};
    return rb_vec_reserve_first(mem, vecs, caps, counts->merged ? 3 : 2);
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
    planner pl; /* every field set here, or with the scratch: list */
    pl.mem = mem;
    pl.out = build;
    pl.profile = profile;
    pl.groups = groups;
    pl.group_count = group_count;
    pl.agents = agents;
    pl.agent_count = (uint32_t)agent_count;
    pl.rules = rules;
    pl.rule_count = rule_count;
    pl.text = text;
    pl.text_len = text_len;
    pl.merge_left = MERGE_BUDGET(rule_count);
    /* The lines naming a token (names_a_token()), which the tokens'
     * table and array are sized for. */
    size_t lines = 0;
    for (size_t a = 0; a < agent_count; a++)
        lines += !rb_agent_wildcard(&agents[a]) &&
                 names_a_token(profile, text + rb_agent_value_off(&agents[a]));
    /* The tokens' table, and a token for each line at most, before the
     * scratch: made first, they are the region's while the scratch, freed
     * before the document is made, may be the allocator's (the other way
     * round, a tiny file's arrays left the region and its parse's peak
     * was over its document's size). */
    if (lines != 0 && !open_token_slots(mem, build, lines))
        return 0;
    build_scratch sc;
    _Alignas(8) unsigned char stack[RB_INDEX_STACK_SCRATCH];
    if (!open_scratch(mem, &sc, lines, group_count, stack))
        return 0;
    pl.list = sc.list;
    pl.list_count = 0;
    /* The groups with a `*` line, after planner.list's room: the `*` set
     * is made after the tokens'. */
    uint32_t *wild = sc.list + group_count;
    size_t wild_count = 0;
    token_counts counts = {0, 0, 0};
    int ok = build_tokens(&pl, &sc, lines, wild, &wild_count, &counts);
    if (ok && (counts.more != 0 || wild_count > 1))
        ok = reserve_sets(mem, build, &counts, wild_count) &&
             (counts.more == 0 || merge_tokens(&pl, &sc, counts.tokens));
    /* The `*` set: every group with a `*` line, merged. */
    if (ok && wild_count != 0) {
        build->wildcard_set = add_set(&pl, wild, wild_count);
        ok = build->wildcard_set != NO_SET;
    }
    if (!sc.on_stack)
        rb_free(mem, sc.reps, sc.bytes);
    return ok;
}
