/* SPDX-License-Identifier: MIT */
/*
 * check.c - the verdict: which groups apply to the caller, which rule
 * decides, and the evidence (reason, group, rule, line, pattern); and the
 * document's memo of the names robots_check() has resolved.
 *
 *   rfc9309, google: every group naming the caller is merged; if none does,
 *   every `*` group; the matching rule with the longest normalised pattern
 *   wins and Allow wins a tie (RFC 9309 section 2.2.2).
 *   legacy: the first record naming the caller, else the first `*` record;
 *   its first matching rule in file order decides (the 1996 draft).
 */
#include "check.h"
#include "agent.h"
#include "byte_class.h"
#include "compiler.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"
#include "multi.h"
#include "names_index.h"
#include "normalize.h"
#include "urlpath.h"
#include "words.h"

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

static uint32_t group_rules(const robots_txt *doc, size_t g) {
    return rb_group_rules(doc->groups, doc->group_count, doc->rule_count, g);
}

static int group_names_caller(const robots_txt *doc, size_t gi,
                              const robots_str *agents, size_t n) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t i = 0, count = group_agents(doc, gi); i < count; i++)
        if (rb_agent_names_caller(doc->profile, doc,
                                  &doc->agents[g->first_agent + i], agents, n))
            return 1;
    return 0;
}

static int group_is_wildcard(const robots_txt *doc, size_t gi) {
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
        if (group_names_caller(doc, g, agents, n)) {
            *specific = 1;
            return g;
        }
        if (wildcard == ROBOTS_NO_POSITION && group_is_wildcard(doc, g))
            wildcard = g;
    }
    return wildcard;
}

/* legacy searches every name for every record's value: at most this many
 * byte steps (agents times the names' length) are searched directly;
 * past it the names are indexed once (names_index.c), so that a file of
 * many records against long names costs O((F + H) log H), not F * H. */
#define RB_LEGACY_DIRECT_WORK ((size_t)1 << 20)

/* select_group_direct() through the names' index. */
static robots_status select_group_indexed(const robots_txt *doc,
                                          const robots_str *agents, size_t n,
                                          size_t *group, int *specific) {
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    rb_names_index index;
    robots_status status = rb_names_index_build(&mem, agents, n, &index);
    if (status != ROBOTS_OK)
        return status;
    size_t wildcard = ROBOTS_NO_POSITION, found = ROBOTS_NO_POSITION;
    for (size_t g = 0; g < doc->group_count && found == ROBOTS_NO_POSITION;
         g++) {
        const rb_group *grp = &doc->groups[g];
        for (uint32_t i = 0, count = group_agents(doc, g); i < count; i++)
            if (rb_agent_names_indexed(doc, &doc->agents[grp->first_agent + i],
                                       &index))
                found = g;
        if (wildcard == ROBOTS_NO_POSITION && group_is_wildcard(doc, g))
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
    /* The groups scan_match() reads: from the first, every one of the
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
                                  : group_is_wildcard(doc, g)));
        if (!applies)
            continue;
        if (count < cap)
            groups[count] = g;
        count++;
    }
    *needed = count;
    return count > cap ? ROBOTS_ERR_BUFFER_TOO_SMALL : ROBOTS_OK;
}

/* The group holding a rule of a set. */
static inline size_t group_holding_in(const robots_txt *doc, uint32_t set,
                                      size_t rule) {
    if (set & RB_SET_OF_GROUP)
        return set & ~RB_SET_OF_GROUP;
    const rb_set_def *def = &doc->set_defs[set];
    return rb_group_holding(doc, rb_set_groups(doc, def), def->count, rule);
}

/* The verdict's evidence: the rule, and its group (found among the groups
 * of `set` when the rule came from one: they are ascending and few; else
 * among all). */
static inline void set_rule(const robots_txt *doc, robots_verdict *out,
                            size_t rule, uint32_t set) {
    const rb_rule *r = &doc->rules[rule];
    size_t group = set != UINT32_MAX
                       ? group_holding_in(doc, set, rule)
                       : rb_group_holding(doc, NULL, doc->group_count, rule);
    out->group = group;
    out->rule = rule - doc->groups[group].first_rule;
    out->rule_kind = RB_RULE_KIND(r);
    out->rule_line = RB_RULE_LINE(r);
    out->rule_pattern = doc->text + r->pattern_off;
    out->rule_pattern_len = rb_rule_pattern_len(r);
    out->allowed = RB_RULE_KIND(r) == ROBOTS_RULE_ALLOW;
}

/* The best matching rule so far. The outcome does not depend on the order
 * rules are offered in: the highest priority wins, Allow wins a tie, and
 * between equals the rule first in the file is the evidence. */
typedef struct best_rule {
    int found;
    int tie; /* an Allow and a Disallow of the winning priority matched */
    size_t priority;
    size_t rule; /* index into doc->rules */
    robots_rule_kind kind;
    uint32_t set;      /* the set being matched; UINT32_MAX: none */
    uint32_t rule_set; /* the set `rule` came from; UINT32_MAX: none */
} best_rule;

static void best_init(best_rule *best) {
    memset(best, 0, sizeof *best);
    best->set = best->rule_set = UINT32_MAX;
}

static void consider(best_rule *best, size_t priority, robots_rule_kind kind,
                     size_t rule) {
    if (best->found && priority < best->priority)
        return;
    if (best->found && priority == best->priority) {
        if (kind != best->kind) {
            best->tie = 1;
            if (kind != ROBOTS_RULE_ALLOW)
                return;
        } else if (rule > best->rule) {
            return;
        }
    } else {
        best->tie = 0;
    }
    best->found = 1;
    best->priority = priority;
    best->kind = kind;
    best->rule = rule;
    best->rule_set = best->set;
}

static void finish(const robots_txt *doc, const best_rule *best,
                   robots_verdict *out) {
    if (!best->found) {
        out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
        return;
    }
    set_rule(doc, out, best->rule, best->rule_set);
    out->reason =
        best->tie ? ROBOTS_REASON_TIE_ALLOW : ROBOTS_REASON_LONGEST_MATCH;
}

/* Every rule of group gi tried against the path, as the reference does. */
static void scan_group(const robots_txt *doc, size_t gi, const char *path,
                       size_t len, char *scratch, best_rule *best) {
    const rb_group *g = &doc->groups[gi];
    for (uint32_t ri = 0, rules = group_rules(doc, gi); ri < rules; ri++) {
        size_t index = g->first_rule + ri;
        const rb_rule *r = &doc->rules[index];
        const char *pattern = rb_rule_normal(doc, r, scratch);
        size_t plen = r->normalized_len;
        size_t priority = plen;
        int matched = rb_match_wildcard(pattern, plen, path, len);
        if (!matched && RB_RULE_INDEX_HTM(r))
            matched = rb_match_index_dir(pattern, plen, path, len, &priority);
        if (matched)
            consider(best, priority, RB_RULE_KIND(r), index);
    }
}

/* The reference: every rule of every applicable group is tried, the
 * groups chosen by comparing each user-agent line with each name (the
 * oracle the fuzzers and benchmarks hold robots_check() to). */
static void scan_match(const robots_txt *doc, const robots_str *agents,
                       size_t n, const char *path, size_t len, char *scratch,
                       robots_verdict *out) {
    best_rule best;
    best_init(&best);
    for (size_t gi = out->group; gi < doc->group_count; gi++) {
        int applies = out->specific ? group_names_caller(doc, gi, agents, n)
                                    : group_is_wildcard(doc, gi);
        if (applies)
            scan_group(doc, gi, path, len, scratch, &best);
    }
    finish(doc, &best, out);
}

/* The path a check reads, with what the filters test, computed once, and
 * the last search for a byte (the wildcard rules of a node often start
 * their first segment with the same byte, as "?" in rules for "?a=" and
 * "?b=" anywhere). */
typedef struct path_view {
    const char *path;
    size_t len;
    int have_bytes;
    uint64_t bytes[2]; /* bit c & 127: byte c occurs in the path */
    size_t find_from, find_at;
    int find_byte; /* -1: none cached */
    /* Wildcard work so far (per-rule bound), against the budget:
     * RB_WILD_BUDGET, or SIZE_MAX once rb_match_many() had no memory. */
    size_t work, budget;
    int over_budget;    /* a set stopped: its rules go to rb_match_many() */
    int many;           /* every set from now on goes to rb_match_many() */
    int collecting;     /* wildcard rules are gathered, not matched */
    rb_wild_rule *wild; /* where they go, wild_cap of them */
    uint32_t *wild_set; /* the set each came from, for the evidence */
    /* Two bits a rule, (rule << 1 | companion): gathered already. The
     * sets of two names can share a group, and so its rules. */
    unsigned char *gathered;
    size_t wild_count, wild_cap;
    /* doc->longest_rule_normal bytes for the normal form of a rule that does
     * not keep it, and the rule whose it holds (UINT32_MAX: none), which a
     * probe makes for its key and the rule's match reads again. */
    char *scratch;
    uint32_t scratch_rule;
    char *rests; /* the gathered rules' rests of their own, rests_bytes */
    size_t rests_bytes;
} path_view;

RB_COLD static const char *normalise_rule(const robots_txt *doc, uint32_t rule,
                                          path_view *q) {
    if (q->scratch_rule != rule) {
        rb_rule_normal(doc, &doc->rules[rule], q->scratch);
        q->scratch_rule = rule;
    }
    return q->scratch;
}

/* A rule's normal form (see rb_rule): most rules keep it. */
static inline const char *normal_of(const robots_txt *doc, uint32_t rule,
                                    path_view *q) {
    const rb_rule *r = &doc->rules[rule];
    if (!rb_rule_normalises(r))
        return doc->text + r->pattern_off;
    return normalise_rule(doc, rule, q);
}

static void path_bytes(path_view *q) {
    uint64_t lo = 0, hi = 0;
    for (size_t i = 0; i < q->len; i++) {
        unsigned c = (unsigned char)q->path[i] & 127u;
        uint64_t bit = (uint64_t)1 << (c & 63);
        if (c < 64)
            lo |= bit;
        else
            hi |= bit;
    }
    q->bytes[0] = lo;
    q->bytes[1] = hi;
    q->have_bytes = 1;
}

static int has_byte(const path_view *q, unsigned char c) {
    unsigned b = c & 127u;
    return (int)((q->bytes[b >> 6] >> (b & 63)) & 1);
}

/* Can a rule with this filter match the path past its key (rest bytes)? */
static int filter_passes(path_view *q, uint32_t f, size_t rest) {
    if (rest < RB_FILTER_MIN(f))
        return 0;
    const unsigned char *end = (const unsigned char *)q->path + q->len;
    switch (RB_FILTER_MODE(f)) {
    case RB_FILTER_SUFFIX:
        return end[-1] == RB_FILTER_A(f) && end[-2] == RB_FILTER_B(f);
    case RB_FILTER_LAST:
        return end[-1] == RB_FILTER_A(f);
    case RB_FILTER_BYTES:
        if (!q->have_bytes)
            path_bytes(q);
        return has_byte(q, RB_FILTER_A(f)) && has_byte(q, RB_FILTER_B(f));
    default:
        return 1;
    }
}

/* The first position at or after `from` holding byte c, or len. */
static size_t find_byte(path_view *q, unsigned char c, size_t from) {
    if (q->find_byte == c && q->find_from == from)
        return q->find_at;
    const char *hit = memchr(q->path + from, c, q->len - from);
    q->find_byte = c;
    q->find_from = from;
    q->find_at = hit ? (size_t)(hit - q->path) : q->len;
    return q->find_at;
}

/* Where needle first occurs in path[from..len): the position past it, or 0
 * when it does not occur. rb_find_segment() with the byte cache above, and
 * the same switch to the two-way algorithm, so the same linear bound. */
static size_t find_end(path_view *q, size_t from, const char *needle,
                       size_t n) {
    const char *path = q->path;
    size_t len = q->len, start = from, compared = 0;
    while (len - from >= n) {
        size_t i = find_byte(q, (unsigned char)needle[0], from);
        if (len - i < n)
            return 0;
        size_t k = 1;
        while (k < n && path[i + k] == needle[k])
            k++;
        if (k == n)
            return i + n;
        from = i + 1;
        compared += k;
        if (compared > RB_SCAN_BUDGET(from - start, n)) {
            size_t at = rb_find_two_way(path, len, from, needle, n);
            return at > len ? 0 : at + n;
        }
    }
    return 0;
}

/* rb_match_wildcard() for the part of a pattern from its first `*` on, at
 * `from` in the path: the same leftmost-occurrence walk, written for the
 * short patterns and paths of a check. */
static int match_star(path_view *q, const char *pat, size_t plen, size_t from) {
    int anchored = pat[plen - 1] == '$';
    if (anchored)
        plen--;
    size_t len = q->len, cursor = from, p = 1;
    for (;;) {
        size_t e = p;
        while (e < plen && pat[e] != '*')
            e++;
        size_t seg = e - p;
        if (e == plen && anchored)
            return len - cursor >= seg &&
                   (seg == 0 || memcmp(q->path + len - seg, pat + p, seg) == 0);
        if (seg != 0) {
            size_t at = find_end(q, cursor, pat + p, seg);
            if (at == 0)
                return 0;
            cursor = at;
        }
        if (e == plen)
            return 1;
        p = e + 1;
    }
}

/* Takes a place in q->wild for `entry` (a rule, or a companion with
 * RB_ENTRY_INDEX_DIR) from `set`: 1 when it has one, 0 when the entry was
 * gathered before (from another set) or, with over_budget set, when there
 * is no room. */
static int gather(path_view *q, uint32_t entry, uint32_t set) {
    size_t bit = (size_t)(entry & ~RB_ENTRY_INDEX_DIR) << 1 |
                 ((entry & RB_ENTRY_INDEX_DIR) != 0);
    if (q->gathered[bit / 8] >> (bit % 8) & 1)
        return 0;
    if (q->wild_count == q->wild_cap) {
        q->over_budget = 1;
        return 0;
    }
    q->gathered[bit / 8] |= (unsigned char)(1u << (bit % 8));
    q->wild_set[q->wild_count] = set;
    q->wild_count++;
    return 1;
}

/* What try_rule() found: go on with the next entry; none after this one in
 * its run (or head) can win; the check is over its wildcard budget. */
enum rule_outcome { RULE_NEXT, RULE_LOWER, RULE_STOP };

/* Whether a wildcard rule whose pattern after its key is `rest` (rest_len
 * bytes from its `*` on) matches the path from klen on. Its filter f tells
 * when that rest is one literal segment, and where the segment can be:
 *   a SUFFIX or LAST filter and rest_len = its bytes + 2: "*seg$", so the
 *   path must end with seg;
 *   a head filter (RB_HEAD_MAX), head_at the run's byte's only occurrence
 *   past the key, and rest_len = its bytes + 1: "*seg", whose first byte
 *   is that byte, so seg can only start there.
 * Anything else goes to match_star(). */
static inline int match_rest(path_view *q, const char *rest, size_t rest_len,
                             size_t klen, uint32_t f, size_t head_at) {
    size_t len = q->len;
    if (head_at == SIZE_MAX) {
        uint32_t mode = RB_FILTER_MODE(f);
        size_t need = RB_FILTER_MIN(f);
        if ((mode == RB_FILTER_SUFFIX || mode == RB_FILTER_LAST) &&
            rest_len == need + 2)
            return len - klen >= need &&
                   memcmp(q->path + len - need, rest + 1, need) == 0;
    } else {
        size_t need = RB_HEAD_MIN(f);
        if (need < 0x3F && rest_len == need + 1)
            return len - head_at >= need &&
                   memcmp(q->path + head_at, rest + 1, need) == 0;
    }
    return match_star(q, rest, rest_len, klen);
}

/* One rule filed under a key of klen bytes that starts the path, its
 * filter f passed (a head filter when head_at is not SIZE_MAX, see
 * match_rest()): matched if it can still win (or gathered, when a check
 * collects its set's wildcard rules for rb_match_many()). */
RB_ALWAYS_INLINE static inline enum rule_outcome
try_rule(const robots_txt *doc, uint32_t rule, size_t klen, path_view *q,
         best_rule *best, uint32_t f, size_t head_at) {
    const rb_rule *r = &doc->rules[rule];
    size_t plen = r->normalized_len, len = q->len;
    if (best->found && plen < best->priority)
        return RULE_LOWER;
    int matched;
    if (plen == klen) {
        matched = 1; /* no wildcard: the key is the whole pattern */
    } else if (plen == klen + 1 &&
               doc->text[r->pattern_off + rb_rule_pattern_len(r) - 1] == '$') {
        /* The normal form ends in the anchor exactly when the pattern
         * does: normalisation turns any other '$' into %24. */
        matched = klen == len;
    } else if (q->collecting) {
        /* Each rule is gathered once, so rule_count is room enough; past
         * it the caller goes on rule by rule rather than write on. */
        if (!gather(q, rule, best->set))
            return q->over_budget ? RULE_STOP : RULE_NEXT;
        rb_wild_rule *w = &q->wild[q->wild_count - 1];
        /* a normal form of its own is made once the rules are gathered */
        w->rest =
            rb_rule_normalises(r) ? NULL : doc->text + r->pattern_off + klen;
        w->rest_len = plen - klen;
        w->from = klen;
        w->rule = rule;
        return RULE_NEXT;
    } else {
        if (q->budget != SIZE_MAX) {
            q->work += 3 * (len - klen) + 12 * (plen - klen);
            if (q->work > q->budget) {
                q->over_budget = 1;
                return RULE_STOP;
            }
        }
        const char *pattern = normal_of(doc, rule, q);
        matched = match_rest(q, pattern + klen, plen - klen, klen, f, head_at);
    }
    if (matched)
        consider(best, plen, RB_RULE_KIND(r), rule);
    return RULE_NEXT;
}

/* google's "<dir>/$" companion of an index.htm Allow, filed under a key of
 * klen bytes that starts the path: "<dir>/" is the key itself (a literal
 * companion: the path must be the key), or the key and a part from a `*`
 * on, matched as try_rule() matches a wildcard rule, against the budget,
 * or gathered for rb_match_many() with the anchor the pattern's text
 * lacks (own_rests()). Its priority is the length of "<dir>/$". */
RB_COLD static enum rule_outcome try_companion(const robots_txt *doc,
                                               uint32_t entry, size_t klen,
                                               path_view *q, best_rule *best) {
    uint32_t rule = entry & ~RB_ENTRY_INDEX_DIR;
    const char *pattern = normal_of(doc, rule, q);
    size_t dir = rb_index_dir_length(pattern, doc->rules[rule].normalized_len);
    size_t len = q->len;
    if (best->found && dir + 1 < best->priority)
        return RULE_LOWER;
    int matched;
    if (dir == klen) {
        matched = klen == len;
    } else if (len == 0 || q->path[len - 1] != '/') {
        matched = 0; /* "<dir>/$" ends the path with its '/' */
    } else if (q->collecting) {
        if (!gather(q, entry, best->set))
            return q->over_budget ? RULE_STOP : RULE_NEXT;
        rb_wild_rule *w = &q->wild[q->wild_count - 1];
        w->rest = NULL;
        w->rest_len = dir - klen + 1; /* and the '$' */
        w->from = klen;
        w->rule = rule | RB_ENTRY_INDEX_DIR;
        return RULE_NEXT;
    } else {
        if (q->budget != SIZE_MAX) {
            q->work += 3 * (len - klen) + 12 * (dir - klen);
            if (q->work > q->budget) {
                q->over_budget = 1;
                return RULE_STOP;
            }
        }
        matched = rb_match_wildcard_whole(pattern, dir, q->path, len);
    }
    if (matched)
        consider(best, dir + 1, ROBOTS_RULE_ALLOW, rule);
    return RULE_NEXT;
}

/* The first of filters[from..to), ordered by RB_HEAD_KEY, whose key is not
 * below `key`. */
static size_t first_head(const uint32_t *filters, size_t from, size_t to,
                         uint32_t key) {
    while (from < to) {
        size_t mid = from + (to - from) / 2;
        if (RB_HEAD_KEY(filters[mid]) < key)
            from = mid + 1;
        else
            to = mid;
    }
    return from;
}

/* The rules of a HAS run, entries [from, to) of a node with a key of klen
 * bytes, whose byte first occurs past the key at `at`. Where it occurs
 * only there, a rule can match only if its head (RB_HEAD_MAX) follows it:
 * the rules of each head the path has there (none, its next byte, its
 * next two) are found by a binary search, as the run is ordered by head.
 * Elsewhere every rule whose rarest byte the path has is tried. 0 when the
 * check went over its budget. */
static int try_has_run(const robots_txt *doc, const uint32_t *e,
                       const uint32_t *filters, size_t from, size_t to,
                       size_t klen, size_t at, path_view *q, best_rule *best) {
    size_t len = q->len, room = len - at - 1;
    const unsigned char *s = (const unsigned char *)q->path + at;
    if (memchr(s + 1, s[0], room) != NULL) {
        if (!q->have_bytes)
            path_bytes(q);
        for (size_t i = from; i < to; i++)
            if (len - klen >= RB_HEAD_MIN(filters[i]) &&
                has_byte(q, RB_HEAD_RARE(filters[i])) &&
                try_rule(doc, e[i], klen, q, best, 0, SIZE_MAX) == RULE_STOP)
                return 0;
        return 1;
    }
    uint32_t head = 0;
    /* The keys searched grow with n: each search starts where the last
     * ended, and none is needed where the next entry is already past. */
    for (uint32_t n = 0; n <= RB_HEAD_MAX && n <= room; n++) {
        if (n > 0)
            head |= (uint32_t)s[n] << (8 * (n - 1));
        uint32_t key = n << 16 | head;
        if (from < to && RB_HEAD_KEY(filters[from]) < key)
            from = first_head(filters, from, to, key);
        for (; from < to && RB_HEAD_KEY(filters[from]) == key; from++) {
            if (len - klen < RB_HEAD_MIN(filters[from]))
                continue;
            enum rule_outcome o =
                try_rule(doc, e[from], klen, q, best, filters[from], at);
            if (o == RULE_STOP)
                return 0;
            if (o == RULE_LOWER)
                break; /* the rest of this head are lower still */
        }
    }
    return 1;
}

/* complexity: 25 (pmccabe). The check's innermost step, run for every key
 * of a path that is a node: each branch is a run's test (ALL, LAST, HAS,
 * ENDS) or a filter's. Kept whole as the check's hottest loop: not split
 * without a measurement on the instructions gate, which issue 20's first
 * pass did not make. */
/* The rules filed under one key that is a prefix of the path, `klen` bytes
 * long, highest priority first within each run (see RB_ENTRY_RUN): a run
 * whose test fails is skipped, and so is the rest of a run once its
 * priorities cannot win. A wildcard rule's filter is tried before anything
 * else of it is read. */
static void try_node(const robots_txt *doc, const rb_unit *unit,
                     const rb_node *node, path_view *q, best_rule *best) {
    size_t klen = RB_NODE_KEY_LEN(node), len = q->len;
    uint32_t count;
    const uint32_t *e = rb_node_entries(unit, node, &count);
    /* each entry's filter; an entry kept in the node has none */
    const uint32_t *filters =
        e == &node->ref ? NULL : unit->filters + (e - unit->entries);
    uint32_t run_end = count, ends_end = count;
    /* What the LAST runs are compared with; an empty path (a check's has
     * at least "/") ends in no byte any such rule needs. */
    unsigned char last_byte = len != 0 ? (unsigned char)q->path[len - 1] : 0;
    for (uint32_t i = 0; i < count; i++) {
        if (e[i] & RB_ENTRY_RUN) {
            uint32_t marker = e[i];
            if (RB_RUN_KIND(marker) == RB_RUN_ENDS) {
                /* The LAST runs, in order of B: only the path's last
                 * byte's can match. Step to it, marker to marker. */
                ends_end = i + 1 + RB_RUN_COUNT(marker);
                uint32_t j = i + 1;
                while (j < ends_end && RB_RUN_BYTE(e[j]) < last_byte)
                    j += 1 + RB_RUN_COUNT(e[j]);
                i = j < ends_end && RB_RUN_BYTE(e[j]) == last_byte && len != 0
                        ? j - 1 /* its marker next */
                        : ends_end - 1;
                continue;
            }
            run_end = i + 1 + RB_RUN_COUNT(marker);
            if (RB_RUN_KIND(marker) == RB_RUN_LAST) {
                /* Reached from ENDS only for the path's last byte; the
                 * next LAST run is another's. */
                if (RB_RUN_BYTE(marker) != last_byte || len == 0)
                    i = ends_end - 1;
            } else if (RB_RUN_KIND(marker) == RB_RUN_HAS) {
                size_t at = find_byte(q, RB_RUN_BYTE(marker), klen);
                if (at < len && !try_has_run(doc, e, filters, i + 1, run_end,
                                             klen, at, q, best))
                    return;
                i = run_end - 1;
            }
            continue;
        }
        uint32_t rule = e[i];
        if (rule & RB_ENTRY_INDEX_DIR) {
            enum rule_outcome o = try_companion(doc, rule, klen, q, best);
            if (o == RULE_NEXT)
                continue;
            if (o == RULE_STOP)
                return;
            i = run_end - 1;
            continue;
        }
        uint32_t f = filters != NULL ? filters[i] : 0;
        if (f != 0 && !filter_passes(q, f, len - klen))
            continue;
        enum rule_outcome o = try_rule(doc, rule, klen, q, best, f, SIZE_MAX);
        if (o == RULE_STOP)
            return;
        if (o == RULE_LOWER)
            i = run_end - 1;
    }
}

/* What a probe reads of a unit, in locals: try_node() is a call through
 * which the compiler cannot see, so fields read through the unit would be
 * read again after each. */
typedef struct table_view {
    const uint32_t *table;
    const rb_node *nodes;
    uint32_t size, mask;
} table_view;

/* Tries the node of the key that is the path's first klen bytes, if the
 * set has one. Returns whether it had. */
static inline int probe(const robots_txt *doc, const rb_unit *unit,
                        table_view t, uint32_t hash, size_t klen, path_view *q,
                        best_rule *best) {
    uint32_t i = rb_slot_start(hash, t.size);
    for (;;) {
        uint32_t v = t.table[i];
        if (v == 0)
            return 0;
        const rb_node *node = &t.nodes[(v & t.mask) - 1];
        if (((v ^ hash) & ~t.mask) == 0 && RB_NODE_KEY_LEN(node) == klen) {
            uint32_t count;
            const uint32_t *e = rb_node_entries(unit, node, &count);
            while (*e & RB_ENTRY_RUN) /* markers: a run is never empty */
                e++;
            uint32_t first = *e;
            if (rb_same_bytes(normal_of(doc, first & ~RB_ENTRY_INDEX_DIR, q),
                              q->path, klen)) {
                try_node(doc, unit, node, q, best);
                return 1;
            }
        }
        i = i + 1 == t.size ? 0 : i + 1;
    }
}

/* The walk through a set's Bloom filters (see rb_bloom_words), from the
 * prefix of length k on: the length of the next prefix up to `last` whose
 * hash the keys' filter holds, with *hash extended to it (the hash of
 * the first k - 1 bytes on entry); 0 when there is none, or at a '/' whose
 * prefix is in no key's way. Most of a walk is this loop. */
static inline size_t next_in_bloom(const unsigned char *path, size_t k,
                                   size_t last, uint32_t *hash,
                                   const uint32_t *bloom, size_t words,
                                   size_t pwords) {
    const uint32_t *prefixes = bloom + words;
    uint32_t h = *hash, bit;
    /* The last call stopped at a '/' its key filter held: the prefix that
     * ends there is tested now. */
    if (k > 1 && path[k - 2] == '/') {
        bit = rb_prefix_bit(h, pwords);
        if (!((prefixes[bit / 32] >> (bit % 32)) & 1))
            return 0;
    }
    for (; k <= last; k++) {
        unsigned char c = path[k - 1];
        h = rb_hash_step(h, c);
        bit = rb_bloom_bit(h, words);
        if ((bloom[bit / 32] >> (bit % 32)) & 1) {
            *hash = h;
            return k;
        }
        if (c == '/') {
            bit = rb_prefix_bit(h, pwords);
            if (!((prefixes[bit / 32] >> (bit % 32)) & 1))
                return 0;
        }
    }
    return 0;
}

/* One set: for each prefix of the path whose length some key has, one hash
 * look-up; the hash of each prefix extends the previous one. Only a node
 * tried can pass the work budget. */
static void walk_set(const robots_txt *doc, const rb_unit *unit, path_view *q,
                     best_rule *best) {
    const rb_set *set = &unit->set;
    table_view t = {unit->slots + set->first_slot, unit->nodes, set->slot_count,
                    unit->slot_node_mask};
    uint32_t hash = RB_FNV_OFFSET;
    const unsigned char *path = (const unsigned char *)q->path;
    uint64_t lengths = set->len_mask;
    if ((lengths & 1) && probe(doc, unit, t, hash, 0, q, best) &&
        q->over_budget)
        return;
    size_t last = q->len < set->max_key_len ? q->len : set->max_key_len;
    size_t words = rb_bloom_words(set->slot_count);
    if (words == 0) {
        for (size_t k = 1; k <= last; k++) {
            hash = rb_hash_step(hash, path[k - 1]);
            if ((k >= 64 || ((lengths >> k) & 1)) &&
                probe(doc, unit, t, hash, k, q, best) && q->over_budget)
                return;
        }
        return;
    }
    /* The filters know every key's length too: no need to test lengths.
     * At a '/' no key goes on from, the walk is over. */
    const uint32_t *bloom = unit->slots;
    size_t pwords = rb_prefix_words(set->slot_count);
    for (size_t k = 1;
         (k = next_in_bloom(path, k, last, &hash, bloom, words, pwords)); k++)
        if (probe(doc, unit, t, hash, k, q, best) && q->over_budget)
            return;
}

/* The rests of the gathered rules that do not keep their normal form
 * (rest NULL), made in q->rests, which the caller frees: a companion's
 * (rule flagged RB_ENTRY_INDEX_DIR) is its "<dir>/" from the key on and
 * the '$' its text lacks. 0 when memory runs out. */
static int own_rests(const robots_txt *doc, path_view *q, rb_mem *mem,
                     size_t n) {
    size_t bytes = 0;
    for (size_t i = 0; i < n; i++)
        if (q->wild[i].rest == NULL)
            bytes += q->wild[i].rest_len;
    if (bytes == 0)
        return 1;
    q->rests = rb_alloc(mem, bytes);
    if (q->rests == NULL)
        return 0;
    q->rests_bytes = bytes;
    for (size_t i = 0, at = 0; i < n; i++) {
        rb_wild_rule *w = &q->wild[i];
        if (w->rest != NULL)
            continue;
        int companion = (w->rule & RB_ENTRY_INDEX_DIR) != 0;
        size_t copied = w->rest_len - (size_t)companion;
        memcpy(q->rests + at,
               normal_of(doc, w->rule & ~RB_ENTRY_INDEX_DIR, q) + w->from,
               copied);
        if (companion)
            q->rests[at + copied] = '$';
        w->rest = q->rests + at;
        at += w->rest_len;
    }
    return 1;
}

/* The bytes of q->gathered: two bits a rule. */
static size_t gathered_bytes(const robots_txt *doc) {
    return ((size_t)doc->rule_count * 2 + 7) / 8;
}

/* The room to gather the wildcard rules of every set a check reads from
 * now on (each rule and companion once). 0 when there is no memory. */
static int start_many(const robots_txt *doc, path_view *q, rb_mem *mem) {
    /* Each rule once, and in google the companion of each index.htm Allow
     * once: so many entries suffice. */
    size_t cap = doc->rule_count;
    if (doc->profile == ROBOTS_PROFILE_GOOGLE)
        for (size_t i = 0; i < doc->rule_count; i++)
            cap += RB_RULE_INDEX_HTM(&doc->rules[i]);
    if (cap == 0 || cap > SIZE_MAX / sizeof *q->wild)
        return 0;
    q->wild_cap = cap;
    q->wild_count = 0;
    q->wild = rb_alloc(mem, cap * sizeof *q->wild);
    q->wild_set = rb_alloc(mem, cap * sizeof *q->wild_set);
    q->gathered = rb_alloc(mem, gathered_bytes(doc));
    if (q->wild == NULL || q->wild_set == NULL || q->gathered == NULL)
        return 0;
    memset(q->gathered, 0, gathered_bytes(doc));
    q->many = 1;
    return 1;
}

/* Frees what start_many() and own_rests() allocated. */
static void end_many(const robots_txt *doc, path_view *q, rb_mem *mem) {
    if (q->wild != NULL)
        rb_free(mem, q->wild, q->wild_cap * sizeof *q->wild);
    if (q->wild_set != NULL)
        rb_free(mem, q->wild_set, q->wild_cap * sizeof *q->wild_set);
    if (q->gathered != NULL)
        rb_free(mem, q->gathered, gathered_bytes(doc));
    if (q->rests != NULL)
        rb_free(mem, q->rests, q->rests_bytes);
    q->wild = NULL;
    q->wild_set = NULL;
    q->gathered = NULL;
    q->rests = NULL;
}

/* The gathered wildcard rules of every set read since the budget ran out,
 * matched at once: one pass over the path by rb_match_many(), or rule by
 * rule where their bounds say that is cheaper. 0 when memory for the pass
 * ran out. */
static int match_gathered(const robots_txt *doc, path_view *q, rb_mem *mem,
                          best_rule *best) {
    size_t n = q->wild_count;
    /* One pass costs about 32 instructions a pattern byte to build and 16
     * a path byte to scan; rule by rule is bounded by 3 a path byte and 12
     * a pattern byte for each rule. Long shared patterns against a long
     * path (30 lines of 16 KiB of %C3) are cheaper rule by rule. */
    uint64_t per_rule = 0, one_pass = 16 * (uint64_t)q->len;
    for (size_t i = 0; i < n; i++) {
        per_rule += 3 * (uint64_t)(q->len - q->wild[i].from) +
                    12 * (uint64_t)q->wild[i].rest_len;
        one_pass += 32 * (uint64_t)q->wild[i].rest_len;
    }
    if (per_rule <= one_pass) {
        /* The whole pattern (its key is known to start the path): leaves
         * match_star() one caller, inlined into the hot loop. */
        for (size_t i = 0; i < n; i++) {
            const rb_wild_rule *w = &q->wild[i];
            uint32_t rule = w->rule & ~RB_ENTRY_INDEX_DIR;
            const char *pattern = normal_of(doc, rule, q);
            q->wild[i].matched =
                w->rule & RB_ENTRY_INDEX_DIR
                    ? rb_match_wildcard_whole(
                          pattern, w->from + w->rest_len - 1, q->path, q->len)
                    : rb_match_wildcard(pattern,
                                        doc->rules[rule].normalized_len,
                                        q->path, q->len);
        }
    } else if (!own_rests(doc, q, mem, n) ||
               rb_match_many(&doc->mem.allocator, q->path, q->len, q->wild,
                             n) != 0) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        const rb_wild_rule *w = &q->wild[i];
        if (!w->matched)
            continue;
        best->set = q->wild_set[i];
        if (w->rule & RB_ENTRY_INDEX_DIR) {
            /* "<dir>/$": its priority is the rest's end, '$' included. */
            consider(best, w->from + w->rest_len, ROBOTS_RULE_ALLOW,
                     w->rule & ~RB_ENTRY_INDEX_DIR);
        } else {
            const rb_rule *r = &doc->rules[w->rule];
            consider(best, r->normalized_len, RB_RULE_KIND(r), w->rule);
        }
    }
    return 1;
}

/* How matching the sets went. */
enum match_outcome {
    MATCH_DONE,    /* every set read */
    MATCH_NO_UNIT, /* a set could not be compiled for want of memory */
    MATCH_NO_ROOM  /* no memory to gather the rules for one pass */
};

/* A set, rule by rule while the check's wildcard work stays within
 * RB_WILD_BUDGET. Past it, this set's wildcard rules and those of every
 * set after it are gathered, to be matched together once every set has
 * been read (match_gathered()): a pass per set would cost the path's
 * length again for each, and a token named in many groups reads as many
 * sets (issue 29's cost fuzzing found 27 ms for 900 of them). */
static enum match_outcome match_set(const robots_txt *doc, const rb_unit *unit,
                                    path_view *q, rb_mem *mem,
                                    best_rule *best) {
    if (!q->many) {
        walk_set(doc, unit, q, best);
        if (!q->over_budget)
            return MATCH_DONE;
        if (!start_many(doc, q, mem))
            return MATCH_NO_ROOM;
    }
    q->collecting = 1;
    q->over_budget = 0;
    walk_set(doc, unit, q, best);
    q->collecting = 0;
    /* Out of room: each rule is gathered once, so it cannot happen. */
    return q->over_budget ? MATCH_NO_ROOM : MATCH_DONE;
}

/* The sets of a check in order, through match_set(). */
static enum match_outcome match_sets(const robots_txt *doc,
                                     const uint32_t *tokens, size_t token_count,
                                     path_view *q, rb_mem *mem,
                                     best_rule *best) {
    if (token_count == 0) {
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        best->set = doc->wildcard_set;
        return unit == NULL ? MATCH_NO_UNIT
                            : match_set(doc, unit, q, mem, best);
    }
    for (size_t t = 0; t < token_count; t++) {
        uint32_t one, count;
        const uint32_t *sets = rb_token_sets(doc, tokens[t], &one, &count);
        for (uint32_t s = 0; s < count; s++) {
            best->set = sets[s];
            const rb_unit *unit = rb_index_unit(doc, best->set);
            if (unit == NULL)
                return MATCH_NO_UNIT;
            enum match_outcome o = match_set(doc, unit, q, mem, best);
            if (o != MATCH_DONE)
                return o;
        }
    }
    return MATCH_DONE;
}

static void path_view_init(path_view *q, const char *path, size_t len,
                           char *scratch, size_t budget) {
    q->path = path;
    q->len = len;
    q->have_bytes = 0;
    q->find_byte = -1;
    q->find_from = q->find_at = 0;
    q->work = 0;
    q->budget = budget;
    q->over_budget = q->many = q->collecting = 0;
    q->wild = NULL;
    q->wild_set = NULL;
    q->gathered = NULL;
    q->wild_count = q->wild_cap = 0;
    q->scratch = scratch;
    q->scratch_rule = UINT32_MAX;
    q->rests = NULL;
    q->rests_bytes = 0;
}

/* The match through the index. 0, with *out untouched, when a set's unit
 * could not be compiled for want of memory. Without memory to gather the
 * rules for one pass, the sets are matched again rule by rule, without a
 * budget: slower, the same answer. */
static int indexed_match(const robots_txt *doc, const uint32_t *tokens,
                         size_t token_count, const char *path, size_t len,
                         char *scratch, robots_verdict *out) {
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    best_rule best;
    path_view q;
    size_t budget = RB_WILD_BUDGET;
    for (;;) {
        best_init(&best);
        path_view_init(&q, path, len, scratch, budget);
        enum match_outcome o =
            match_sets(doc, tokens, token_count, &q, &mem, &best);
        if (o == MATCH_DONE && q.many && !match_gathered(doc, &q, &mem, &best))
            o = MATCH_NO_ROOM;
        end_many(doc, &q, &mem);
        if (o == MATCH_DONE)
            break;
        if (o == MATCH_NO_UNIT)
            return 0;
        budget = SIZE_MAX; /* never over it: nothing is gathered */
    }
    finish(doc, &best, out);
    return 1;
}

static void first_match(const robots_txt *doc, const char *path, size_t len,
                        char *scratch, robots_verdict *out) {
    const rb_group *g = &doc->groups[out->group];
    for (uint32_t ri = 0, rules = group_rules(doc, out->group); ri < rules;
         ri++) {
        const rb_rule *r = &doc->rules[g->first_rule + ri];
        /* The 1996 draft: an empty Disallow restricts nothing, an empty
         * Allow matches everything. */
        if (r->normalized_len == 0 && RB_RULE_KIND(r) == ROBOTS_RULE_DISALLOW)
            continue;
        if (rb_match_prefix(rb_rule_normal(doc, r, scratch), r->normalized_len,
                            path, len)) {
            set_rule(doc, out, g->first_rule + ri, UINT32_MAX);
            out->reason = ROBOTS_REASON_FIRST_MATCH;
            return;
        }
    }
    out->reason = ROBOTS_REASON_NO_RULE_MATCHED;
}

/* Only the URI /robots.txt itself is exempt: with a query it is another
 * URI (RFC 9309 section 2.2.2; conformance case
 * rfc9309-2-2-2-robots-txt-query). */
static int is_robots_txt_path(const char *path, size_t len) {
    static const char name[] = "/robots.txt";
    return len == sizeof name - 1 && memcmp(path, name, len) == 0;
}

/* A resolution's `group` before it is known: the first group the caller's
 * tokens select is wanted only by a verdict that no rule decides (a
 * decided one names its rule's group). */
#define GROUP_LATER (ROBOTS_NO_POSITION - 1)
typedef rb_resolved resolved;

/* The caller's names, where a check has them (not a query's, nor the
 * memo's): what the reference scan needs. */
typedef struct callers {
    const robots_str *agents;
    size_t count;
} callers;

/* The first group a set merges, for the evidence. */
static uint32_t set_first_group(const robots_txt *doc, uint32_t set) {
    return set & RB_SET_OF_GROUP ? set & ~RB_SET_OF_GROUP
                                 : rb_set_groups(doc, &doc->set_defs[set])[0];
}

/* How a resolution's checks match: through the index; by the first
 * answers' direct walk of its tokens' groups; by the reference scan. */
enum walk { WALK_INDEX, WALK_DIRECT, WALK_REFERENCE };

/* Resolves the agents into *r, its tokens' sets words written to `tokens`
 * (room for ROBOTS_MAX_QUERY_AGENTS). Fails only when legacy's selection
 * has no memory to index long names. */
static inline robots_status resolve(const robots_txt *doc,
                                    const robots_str *agents,
                                    size_t agent_count, enum walk walk,
                                    resolved *r, uint32_t *tokens) {
    int reference = walk == WALK_REFERENCE;
    r->token_count = 0;
    r->tokens = tokens;
    r->reference = reference;
    r->direct = walk == WALK_DIRECT;
    if (reference || doc->profile == ROBOTS_PROFILE_LEGACY)
        return select_group(doc, agents, agent_count, &r->group, &r->specific);
    /* Each token's sets word, once (two tokens of one group share it). */
    size_t found = rb_index_tokens(doc, agents, agent_count, tokens);
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
        r->group = GROUP_LATER;
    else if (doc->wildcard_set != UINT32_MAX)
        r->group = set_first_group(doc, doc->wildcard_set);
    return ROBOTS_OK;
}

/* The first group of the sets a resolved caller's tokens select. */
static size_t tokens_first_group(const robots_txt *doc, const resolved *r) {
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

/* The groups one set or one token selects, ascending, as the direct walk
 * reads them: `head` the current one, then `left` more at `next`. A set's
 * groups are rb_set_groups()'s; a token past the merge budget reads one
 * set per group, whose ids are RB_SET_OF_GROUP | the group (see rb_token),
 * so that either list gives its groups with that flag cleared. */
typedef struct group_run {
    const uint32_t *next;
    uint32_t left;
    uint32_t head;
} group_run;

static void run_of_set(const robots_txt *doc, uint32_t set, group_run *run) {
    if (set & RB_SET_OF_GROUP) {
        run->head = set & ~RB_SET_OF_GROUP;
        run->next = NULL;
        run->left = 0;
        return;
    }
    const rb_set_def *def = &doc->set_defs[set];
    const uint32_t *groups = rb_set_groups(doc, def);
    run->head = groups[0];
    run->next = groups + 1;
    run->left = def->count - 1;
}

static void run_of_token(const robots_txt *doc, uint32_t word, group_run *run) {
    uint32_t one, count;
    const uint32_t *sets = rb_token_sets(doc, word, &one, &count);
    if (count == 1) {
        run_of_set(doc, sets[0], run);
        return;
    }
    run->head = sets[0] & ~RB_SET_OF_GROUP;
    run->next = sets + 1;
    run->left = count - 1;
}

/* The run's next group; 0 when it has none left. */
static int run_advance(group_run *run) {
    if (run->left == 0)
        return 0;
    run->head = *run->next++ & ~RB_SET_OF_GROUP;
    run->left--;
    return 1;
}

/* Restores the min-heap order of heap[0..size) (runs by their head) below
 * position i. */
static void sift_down(const group_run *runs, unsigned char *heap, size_t size,
                      size_t i) {
    for (;;) {
        size_t least = i, l = 2 * i + 1, r = l + 1;
        if (l < size && runs[heap[l]].head < runs[heap[least]].head)
            least = l;
        if (r < size && runs[heap[r]].head < runs[heap[least]].head)
            least = r;
        if (least == i)
            return;
        unsigned char t = heap[i];
        heap[i] = heap[least];
        heap[least] = t;
        i = least;
    }
}

/* The first answers' walk (see RB_DIRECT_CHECKS): the groups the caller's
 * tokens select, as the index chose them (a hash look-up per name), each
 * once and in file order, every rule of each tried against the path as
 * the reference does; nothing compiled, nothing allocated. The tokens'
 * runs are merged through a heap: a group naming several of the caller's
 * tokens is in several runs, and is walked once. Choosing costs the
 * groups the runs hold (at most the agent lines) times log2 of the tokens;
 * matching O(B * path_len). */
/* The heap holds run indexes as unsigned char. */
_Static_assert(ROBOTS_MAX_QUERY_AGENTS <= 256,
               "direct_match()'s heap indexes its runs in a byte");
static void direct_match(const robots_txt *doc, const resolved *r,
                         const char *path, size_t len, char *scratch,
                         robots_verdict *out) {
    group_run runs[ROBOTS_MAX_QUERY_AGENTS];
    unsigned char heap[ROBOTS_MAX_QUERY_AGENTS];
    size_t size = r->token_count;
    if (size == 0)
        run_of_set(doc, doc->wildcard_set, &runs[size++]);
    else
        for (size_t t = 0; t < size; t++)
            run_of_token(doc, r->tokens[t], &runs[t]);
    for (size_t i = 0; i < size; i++)
        heap[i] = (unsigned char)i;
    for (size_t i = size / 2; i-- > 0;)
        sift_down(runs, heap, size, i);
    best_rule best;
    best_init(&best);
    size_t first = runs[heap[0]].head, last = ROBOTS_NO_POSITION;
    while (size != 0) {
        group_run *top = &runs[heap[0]];
        if (top->head != last) {
            last = top->head;
            scan_group(doc, last, path, len, scratch, &best);
        }
        if (!run_advance(top))
            heap[0] = heap[--size];
        sift_down(runs, heap, size, 0);
    }
    finish(doc, &best, out);
    if (!best.found)
        out->group = first;
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
    resolved r;
    status = resolve(doc, agents, agent_count, WALK_INDEX, &r, tokens);
    if (status != ROBOTS_OK)
        return status;
    *specific = r.specific;
    *group = r.group == GROUP_LATER ? tokens_first_group(doc, &r) : r.group;
    return ROBOTS_OK;
}

/* Is a path its own normal form (rb_normalize_path() would copy it as it
 * is)? google compares paths as given; rfc9309 keeps every RB_C_PLAIN
 * byte; legacy decodes, so it always copies. */
static int path_is_normal(robots_profile profile, const char *p, size_t len) {
    if (profile == ROBOTS_PROFILE_GOOGLE)
        return 1;
    if (profile != ROBOTS_PROFILE_RFC9309)
        return 0;
    const unsigned char *u = (const unsigned char *)p;
    size_t i = 0;
    for (; len - i >= 4; i += 4)
        if (!(rb_byte_class[u[i]] & rb_byte_class[u[i + 1]] &
              rb_byte_class[u[i + 2]] & rb_byte_class[u[i + 3]] & RB_C_PLAIN))
            return 0;
    for (; i < len; i++)
        if (!(rb_byte_class[u[i]] & RB_C_PLAIN))
            return 0;
    return 1;
}

/* The verdict for a normalised path once the agents are resolved;
 * `rule_scratch` holds doc->longest_rule_normal bytes. */
static robots_status check_path(const robots_txt *doc, const resolved *r,
                                const callers *who, const char *path,
                                size_t plen, char *rule_scratch,
                                robots_verdict *out) {
    memset(out, 0, sizeof *out);
    out->allowed = 1;
    out->rule = ROBOTS_NO_POSITION;
    out->rule_pattern = "";
    out->group = r->group;
    out->specific = r->specific;
    out->truncated = doc->cut_line != 0;

    if (doc->profile != ROBOTS_PROFILE_GOOGLE &&
        is_robots_txt_path(path, plen)) {
        if (out->group == GROUP_LATER)
            out->group = tokens_first_group(doc, r);
        out->reason = ROBOTS_REASON_ROBOTS_TXT;
        return ROBOTS_OK;
    }
    if (out->group == ROBOTS_NO_POSITION) {
        out->reason = ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }
    if (doc->profile == ROBOTS_PROFILE_LEGACY) {
        first_match(doc, path, plen, rule_scratch, out);
    } else if (r->reference && who != NULL) {
        /* Only a check with the caller's names resolves as the reference
         * (resolve()); a query's and the memo's resolutions never do. */
        scan_match(doc, who->agents, who->count, path, plen, rule_scratch, out);
    } else if (r->direct || !indexed_match(doc, r->tokens, r->token_count, path,
                                           plen, rule_scratch, out)) {
        /* The first answers; or no memory to compile a set: the walk of
         * the same groups gives the same verdict, slower. */
        direct_match(doc, r, path, plen, rule_scratch, out);
    } else if (out->reason == ROBOTS_REASON_NO_RULE_MATCHED &&
               out->group == GROUP_LATER) {
        out->group = tokens_first_group(doc, r);
    }
    return ROBOTS_OK;
}

/* The verdict for a URL once the agents are resolved. `who`, the names,
 * only where the check has them: for the reference scan.
 *
 * A check's work area: the normalised path (when the path is not its own
 * normal form) and the normal form of a rule that does not keep it (at
 * most doc->longest_rule_normal bytes). Both fit in RB_CHECK_STACK_BYTES
 * on the stack for all but long URLs and long rules; otherwise the check
 * allocates them, once, through the document's allocator (which must then
 * be thread-safe, as for compiling a set), and answers ROBOTS_ERR_NO_MEMORY
 * if it cannot. Up to three bytes for every byte of the URL and of the
 * longest such rule would otherwise be 96 KiB of stack (robots.h). */
#define RB_CHECK_STACK_BYTES 3072
/* `url` is never NULL here: the entry points read (NULL, 0) as "". */
static robots_status check_resolved(const robots_txt *doc, const resolved *r,
                                    const callers *who, const char *url,
                                    size_t url_len, robots_verdict *out) {
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    size_t start, len;
    int slash;
    robots_status status =
        rb_url_path(doc->profile, url, url_len, &start, &len, &slash);
    if (status != ROBOTS_OK)
        return status;

    const char *from = url + start;
    /* Most paths are their own normal form and are read in place. */
    int in_place = !slash && path_is_normal(doc->profile, from, len);
    size_t path_bytes = in_place ? 0 : 1 + rb_normal_bound(doc->profile, len);
    size_t rule_bytes = doc->longest_rule_normal;
    size_t need = path_bytes + rule_bytes;
    char area[RB_CHECK_STACK_BYTES];
    char *work = area;
    /* Through the document's allocator, counted in a rb_mem of the call's
     * own (the shared document's must not be written), as every scratch a
     * check needs is. */
    rb_mem mem;
    if (need > sizeof area) {
        rb_mem_init(&mem, &doc->mem.allocator, 0);
        work = rb_alloc(&mem, need);
        if (work == NULL)
            return ROBOTS_ERR_NO_MEMORY;
    }
    const char *path = from;
    size_t plen = len;
    if (!in_place) {
        char *normalized = work + rule_bytes;
        plen = 0;
        if (slash)
            normalized[plen++] = '/';
        plen += rb_normalize_path(doc->profile, from, len, normalized + plen);
        path = normalized;
    }
    status = check_path(doc, r, who, path, plen, work, out);
    if (work != area)
        rb_free(&mem, work, need);
    return status;
}

/* Compiles now every set a resolution reads, so that the checks through it
 * never do. 0 when memory runs out. */
static int compile_sets(const robots_txt *doc, const resolved *r) {
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
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++) {
        const rb_memo *m = &doc->memo[s];
        uint32_t state = atomic_load_explicit(&m->state, memory_order_acquire);
        if (state == RB_MEMO_FREE)
            return NULL;
        if (state == RB_MEMO_READY && m->name_len == name->len &&
            rb_same_bytes(m->name, name->ptr, name->len))
            return m;
    }
    return NULL;
}

/* Remembers a (valid) name's resolution in the first free slot, if one is
 * left, once its group is known and its sets compiled: a check through
 * the memo has no names to fall back on. Two threads resolving one name
 * at once may each take a slot: a slot lost, never a wrong answer. */
static void memo_add(const robots_txt *doc, const robots_str *name,
                     const resolved *r) {
    if (name->len > RB_MEMO_NAME ||
        atomic_load_explicit(&doc->memo[RB_MEMO_SLOTS - 1].state,
                             memory_order_relaxed) != RB_MEMO_FREE)
        return;
    resolved known = *r;
    if (known.group == GROUP_LATER)
        known.group = tokens_first_group(doc, r);
    if (!compile_sets(doc, &known))
        return;
    for (size_t s = 0; s < RB_MEMO_SLOTS; s++) {
        rb_memo *m = &doc->memo[s];
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

/* Does this check walk the rules directly (and count itself)? See
 * RB_DIRECT_CHECKS (document.h) for why and when. */
static int walk_directly(const robots_txt *doc, size_t url_len) {
    if (doc->profile == ROBOTS_PROFILE_LEGACY ||
        doc->parsed_bytes > RB_DIRECT_WORK / (url_len + 1))
        return 0;
    /* Read first, so that a document past its direct checks is not
     * written by every check that misses the memo. */
    if (atomic_load_explicit(doc->direct_walks, memory_order_relaxed) >=
        RB_DIRECT_CHECKS)
        return 0;
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
    enum walk walk = reference                     ? WALK_REFERENCE
                     : walk_directly(doc, url_len) ? WALK_DIRECT
                                                   : WALK_INDEX;
    resolved r;
    uint32_t tokens[ROBOTS_MAX_QUERY_AGENTS];
    status = resolve(doc, agents, agent_count, walk, &r, tokens);
    if (status != ROBOTS_OK)
        return status;
    /* The memo's sets are compiled: not by the first answers. */
    if (walk == WALK_INDEX && agent_count == 1 &&
        doc->profile != ROBOTS_PROFILE_LEGACY)
        memo_add(doc, agents, &r);
    callers who = {agents, agent_count};
    return check_resolved(doc, &r, &who, url, url_len, out);
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
            return check_resolved(doc, &m->r, NULL, url, url_len, out);
    }
    return check(doc, agents, agent_count, url, url_len, 0, out);
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
    resolved agents;
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
    status = resolve(doc, agents, agent_count, WALK_INDEX, &query->agents,
                     query->tokens);
    if (status != ROBOTS_OK) {
        rb_free(&mem, query, sizeof *query);
        return status;
    }
    if (query->agents.group == GROUP_LATER) /* once, not at each check */
        query->agents.group = tokens_first_group(doc, &query->agents);
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
    return check_resolved(query->doc, &query->agents, NULL, url, url_len, out);
}

void robots_query_free(robots_query *query) {
    if (query == NULL)
        return;
    const robots_allocator *a = &query->doc->mem.allocator;
    a->free(a->ctx, query, sizeof *query);
}
