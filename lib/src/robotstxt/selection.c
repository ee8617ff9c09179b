/* SPDX-License-Identifier: MIT */
/*
 * selection.c - which groups apply to a caller: robots_select_group() and
 * robots_select_groups(), and the resolution every check starts from.
 *
 *   rfc9309, google: every group naming the caller is merged; if none does,
 *   every `*` group (the index's tokens name them: rb_index_tokens()).
 *   legacy: the first record naming the caller, else the first `*` record.
 *   Past 2^20 byte steps of direct search, each value is first tested
 *   against the bytes the names hold (most of a hostile file's fail it),
 *   and the rest are found by the names' hash (names_hash.c) when they
 *   are of a few lengths, else in their sorted suffixes (names_index.c):
 *   whichever costs less, by the figures below. Before sorting, a value
 *   holding a byte pair no name holds is in no name either: if none is
 *   left, nothing is sorted.
 */
#include "selection.h"
#include "agent.h"
#include "byte_class.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "memory.h"
#include "names_hash.h"
#include "names_index.h"

#include <stdint.h>
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
 * past it the names are indexed once, so that a file of many records
 * against long names costs O(F + H) or O((F + H) log H), not F * H. */
#define RB_LEGACY_DIRECT_WORK ((size_t)1 << 20)

/* What every value is first tested against: a value longer than every
 * name, or holding a byte no name holds, is in no name (most values of a
 * hostile file, and every one of issue29-legacy-long-value's). */
typedef struct rb_names_filter {
    unsigned char held[256]; /* 1 for each byte a name holds (either case) */
    size_t longest;          /* the longest name */
    size_t text;             /* H + n: the names and a NUL after each */
} rb_names_filter;

static void filter_init(rb_names_filter *f, const robots_str *names, size_t n) {
    unsigned char seen[256] = {0}, lower[256] = {0};
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < n; i++) {
        f->text += names[i].len + 1;
        if (names[i].len > f->longest)
            f->longest = names[i].len;
        for (size_t k = 0; k < names[i].len; k++)
            seen[(unsigned char)names[i].ptr[k]] = 1;
    }
    for (size_t c = 0; c < 256; c++)
        lower[rb_lower_fast((unsigned char)c)] |= seen[c];
    for (size_t c = 0; c < 256; c++)
        f->held[c] = lower[rb_lower_fast((unsigned char)c)];
    f->held[0] = 0; /* the end of a stored value */
}

/* The length of the NUL-terminated value at v if it passes the filter,
 * else 0 (read only as far as the first byte that fails it). */
static size_t passing_len(const rb_names_filter *f, const char *v) {
    const unsigned char *held = f->held, *u = (const unsigned char *)v;
    size_t k = 0;
    while (held[u[k]] && held[u[k + 1]])
        k += 2;
    k += held[u[k]];
    return k <= f->longest && v[k] == '\0' ? k : 0;
}

/* The pair (a, b), lowercased, as one number. */
static size_t pair_of(unsigned char a, unsigned char b) {
    return (size_t)rb_lower_fast(a) << 8 | rb_lower_fast(b);
}

/* Whether every pair of bytes next to each other in v[0..len) is one a
 * name holds (each pair of a value in a name is in that name). */
static int pairs_held(const unsigned char *pairs, const char *v, size_t len) {
    const unsigned char *u = (const unsigned char *)v;
    for (size_t k = 1; k < len; k++)
        if (!pairs[pair_of(u[k - 1], u[k])])
            return 0;
    return 1;
}

/* The values legacy searches for that pass the filter, in file order: a
 * `*` line's is never searched, an empty one names nobody, and one the
 * same as the value before it (a file of thousands of one line) was not
 * found either, as the search stops at the first found. */
typedef struct rb_values {
    const robots_txt *doc;
    const rb_names_filter *filter; /* or NULL: every value, whole */
    size_t group;                  /* the group read */
    size_t next;                   /* the group read after it */
    uint32_t at, count;            /* the group's next agent, its agents */
    const char *last;              /* the value before, and its length */
    size_t last_len;
} rb_values;

static void values_start(rb_values *w, const robots_txt *doc,
                         const rb_names_filter *f) {
    memset(w, 0, sizeof *w);
    w->doc = doc;
    w->filter = f;
}

/* The next value and its length, its group in w->group; 0 at the end. */
static inline int values_next(rb_values *w, const char **value, size_t *len) {
    const robots_txt *doc = w->doc;
    for (;;) {
        if (w->at == w->count) {
            if (w->next == doc->group_count)
                return 0;
            w->group = w->next++;
            w->at = 0;
            w->count = group_agents(doc, w->group);
            continue;
        }
        const rb_agent *agent =
            &doc->agents[doc->groups[w->group].first_agent + w->at++];
        if (rb_agent_wildcard(agent))
            continue;
        /* legacy's token is the whole value */
        const char *v = doc->text + rb_agent_value_off(agent);
        size_t n = w->filter != NULL ? passing_len(w->filter, v) : strlen(v);
        if (n == 0 || (n == w->last_len && v[0] == w->last[0] &&
                       memcmp(v, w->last, n) == 0))
            continue;
        w->last = v;
        w->last_len = n;
        *value = v;
        *len = n;
        return 1;
    }
}

/* Values longer than all but this many do not make the index's windows
 * deeper (names_index.c sorts only the distinct windows where the names
 * repeat a pattern): a file of short values and one as long as a name
 * (issue29-legacy-tm-names) then sorts windows of 99 bytes, not of
 * 4,094. A value longer than the windows is found through them: each of
 * its windows by a binary search, then the positions of its rarest
 * (rb_names_index_find_long()), O(H) for all of them, past which every
 * suffix is sorted after all (a crafted input). */
#define RB_LONG_VALUES 2
/* The windows are at most this deep: past it many values as long as a
 * name (issue29-legacy-tm-many-long) would make them as deep and nearly
 * all distinct, and each value longer is answered through its windows,
 * O(m log H), where it is in no name. */
#define RB_WINDOWS_DEEPEST 256

/* The values that pass the filter up to the first of one byte (which is
 * in a name: its group applies, `sure`), and of those the ones of two
 * bytes or more: how many, the longest and the shortest, how many
 * distinct lengths (each written to `keep` and its group to `groups`, if
 * given), and the longest RB_LONG_VALUES + 1 lengths, longest first (0
 * where there are fewer values). */
typedef struct rb_values_survey {
    size_t count, longest, shortest, lengths, sure;
    size_t top[RB_LONG_VALUES + 1];
} rb_values_survey;

/* len among the survey's longest lengths. */
static void keep_top(rb_values_survey *out, size_t len) {
    size_t k = RB_LONG_VALUES;
    for (; k > 0 && out->top[k - 1] < len; k--)
        out->top[k] = out->top[k - 1];
    out->top[k] = len;
}

static void survey_values(const robots_txt *doc, const rb_names_filter *f,
                          rb_values_survey *out, robots_str *keep,
                          uint32_t *groups) {
    unsigned char seen[ROBOTS_MAX_AGENT_BYTES / 8 + 1] = {0};
    memset(out, 0, sizeof *out);
    out->sure = ROBOTS_NO_POSITION;
    out->shortest = SIZE_MAX;
    rb_values w;
    values_start(&w, doc, f);
    const char *v;
    size_t len, least = 0; /* the least of top[] */
    while (values_next(&w, &v, &len)) {
        if (len == 1) {
            out->sure = w.group;
            break;
        }
        if (keep != NULL) {
            keep[out->count].ptr = v;
            keep[out->count].len = len;
            groups[out->count] = (uint32_t)w.group;
        }
        out->count++;
        if (len > least) { /* the longest is top[0] */
            keep_top(out, len);
            least = out->top[RB_LONG_VALUES];
        }
        if (!(seen[len >> 3] >> (len & 7) & 1)) {
            seen[len >> 3] = (unsigned char)(seen[len >> 3] | 1u << (len & 7));
            out->lengths++;
        }
    }
    out->longest = out->top[0];
    /* the shortest from the lengths seen, not a test a value */
    for (size_t m = 2; out->count != 0 && out->shortest == SIZE_MAX; m++)
        if (seen[m >> 3] >> (m & 7) & 1)
            out->shortest = m;
}

/* Instructions, about (callgrind, 64 random names of 4 KiB): the hash's
 * pass for one length of value, a byte of the names; sorting the
 * suffixes, a byte; the binary search after, a value. */
#define RB_HASH_PASS_COST 22
#define RB_SORT_COST 230
#define RB_SEARCH_COST 340

/* The values the hash looks up, their groups and its answers: room for
 * `room` values, or none. */
typedef struct rb_kept {
    robots_str *values;
    uint32_t *groups;
    unsigned char *found;
    size_t room;
} rb_kept;

/* Whether the hash over `count` values keeps within the index's bound
 * (robots.h: 21 * (H + n) + 1 KiB), with what rb_kept holds for them. */
static int hash_fits(const rb_names_filter *f, size_t count) {
    size_t each = sizeof(robots_str) + sizeof(uint32_t) + 1;
    return (uint64_t)count * each + rb_names_hash_bytes(f->text, count) <=
           21 * (uint64_t)f->text + 1024;
}

static void kept_free(rb_mem *mem, rb_kept *k) {
    rb_free(mem, k->found, k->room);
    rb_free(mem, k->groups, k->room * sizeof *k->groups);
    rb_free(mem, k->values, k->room * sizeof *k->values);
    memset(k, 0, sizeof *k);
}

static robots_status kept_alloc(rb_mem *mem, rb_kept *k, size_t room) {
    k->room = room;
    k->values = rb_alloc(mem, room * sizeof *k->values);
    k->groups = rb_alloc(mem, room * sizeof *k->groups);
    k->found = rb_alloc(mem, room);
    if (k->values != NULL && k->groups != NULL && k->found != NULL)
        return ROBOTS_OK;
    kept_free(mem, k);
    return mem->failure;
}

/* Whether the names' windows as long as the shortest value would mostly
 * be unlike every value's first bytes, so that one pass of the hash over
 * them (names_hash.c's window) compares few values in vain: the windows
 * the names' alphabet can make are at least this many times their count.
 * Names of two letters (Thue-Morse words) make every short window
 * everywhere: the pass would spend its budget before the sort. */
#define RB_WINDOW_SPREAD 4

static int windows_spread(const rb_names_filter *f, size_t window) {
    size_t alphabet = 0; /* the bytes the names hold, lowercased */
    for (size_t c = 0; c < 256; c++)
        alphabet += f->held[c] && rb_lower_fast((unsigned char)c) == c;
    uint64_t kinds = 1, enough = (uint64_t)RB_WINDOW_SPREAD * f->text;
    for (size_t k = 0; k < window && kinds < enough; k++)
        kinds *= alphabet;
    return kinds >= enough;
}

/* Whether the survey's values go through the names' hash (names_hash.c):
 * when its passes cost less than sorting and it fits the index's bound.
 * Values of too many lengths for a pass each are looked up by their first
 * `window` bytes (else 0), in one pass, when the names' windows of that
 * length are spread. */
static int hash_way(const rb_names_filter *f, const rb_values_survey *survey,
                    size_t *window) {
    *window = 0;
    if (survey->longest <= 2)
        return 0;
    /* in 64 bits: lengths * 22 * H passes 2^32 where size_t is 32 bits,
     * and a wrapped product would choose the hash at any cost */
    if ((uint64_t)survey->lengths * RB_HASH_PASS_COST * f->text >
        (uint64_t)RB_SORT_COST * f->text +
            (uint64_t)RB_SEARCH_COST * survey->count) {
        if (!windows_spread(f, survey->shortest))
            return 0;
        *window = survey->shortest;
    }
    return hash_fits(f, survey->count);
}

/* The survey's values through the names' hash, the way hash_way() chose:
 * *done, and *group the first found's group if any. Not done when the
 * hash gave up (a crafted input). The values are kept already if `kept`
 * has room. */
static robots_status find_by_hash(rb_mem *mem, const robots_txt *doc,
                                  const robots_str *names, size_t n,
                                  const rb_names_filter *f,
                                  const rb_values_survey *survey, size_t window,
                                  rb_kept *kept, size_t *group, int *done) {
    size_t count = survey->count;
    *done = 0;
    if (kept->room == 0) {
        robots_status why = kept_alloc(mem, kept, count);
        if (why != ROBOTS_OK)
            return why;
        rb_values_survey again;
        survey_values(doc, f, &again, kept->values, kept->groups);
    }
    if (window != 0 &&
        rb_names_hash_crowded(names, n, kept->values, count, window))
        return ROBOTS_OK; /* not done: the pass would give up */
    robots_status why =
        rb_names_hash_find(mem, names, n, kept->values, count, survey->lengths,
                           window, kept->found, done, NULL);
    for (size_t i = 0; why == ROBOTS_OK && *done && i < count; i++)
        if (kept->found[i]) {
            *group = kept->groups[i];
            break;
        }
    return why;
}

/* From this many bytes of names and NULs on, the pairs' 64 KiB (a byte
 * each, which costs half the instructions of a bit each to set and test)
 * keep within the index's bound (21 * (H + n) + 1 KiB). */
#define RB_PAIR_FILTER_FROM 3072
#define RB_PAIR_TABLE_BYTES 65536

/* Whether a value of two bytes or more, before the survey's sure one,
 * holds only byte pairs the names hold. Asked before the suffixes are
 * sorted (about 60 M instructions for 64 names of 4 KiB): names of
 * `abab...` hold no `bb`, and values of `(ab)^k` and `bb` each hold one
 * (issue29-legacy-ab-names), so none is searched. It stops at the first
 * value that passes, as one is enough to sort for: with random names
 * that is the first, and the test costs the pairs' 6 instructions a byte
 * of names. The hash's cheaper passes are not made to pay it. */
static robots_status any_pairs_held(rb_mem *mem, const robots_txt *doc,
                                    const robots_str *names, size_t n,
                                    const rb_names_filter *f, int *any) {
    unsigned char *pairs = rb_alloc(mem, RB_PAIR_TABLE_BYTES);
    if (pairs == NULL)
        return mem->failure;
    memset(pairs, 0, RB_PAIR_TABLE_BYTES);
    for (size_t i = 0; i < n; i++) {
        const unsigned char *name = (const unsigned char *)names[i].ptr;
        size_t before = names[i].len != 0 ? rb_lower_fast(name[0]) : 0;
        for (size_t k = 1; k < names[i].len; k++) {
            size_t now = rb_lower_fast(name[k]);
            pairs[before << 8 | now] = 1;
            before = now;
        }
    }
    rb_values w;
    values_start(&w, doc, f);
    const char *v;
    size_t len;
    *any = 0;
    while (!*any && values_next(&w, &v, &len) && len > 1)
        *any = pairs_held(pairs, v, len);
    rb_free(mem, pairs, RB_PAIR_TABLE_BYTES);
    return ROBOTS_OK;
}

/* any_pairs_held() while the values may be kept: they are let go first
 * if the pairs' table would not fit beside them within the index's bound
 * (find_by_hash() then reads them again). */
static robots_status pairs_beside_kept(rb_mem *mem, const robots_txt *doc,
                                       const robots_str *names, size_t n,
                                       const rb_names_filter *f, rb_kept *kept,
                                       int *any) {
    size_t each = sizeof(robots_str) + sizeof(uint32_t) + 1;
    if ((uint64_t)kept->room * each + RB_PAIR_TABLE_BYTES >
        21 * (uint64_t)f->text + 1024)
        kept_free(mem, kept);
    return any_pairs_held(mem, doc, names, n, f, any);
}

/* A value longer than the index's windows, found through them
 * (names_index.c): 1 found, 0 not, -1 past the index's budget for them
 * (the caller sorts every suffix) or with *status the allocator's
 * failure. Only one that passes the filter is looked for (the values read
 * here are unfiltered), and not the same one as the last ruled out, so
 * that a file repeating one between `~` lines pays for it once (the
 * review of session 21). */
static int long_value_found(rb_mem *mem, rb_names_index *index,
                            const rb_names_filter *f, const char **ruled,
                            size_t *ruled_len, const char *v, size_t len,
                            robots_status *status) {
    if (passing_len(f, v) != len)
        return 0; /* a byte no name holds, or longer than every name */
    if (*ruled_len == len && memcmp(*ruled, v, len) == 0)
        return 0;
    int found = rb_names_index_find_long(mem, index, v, len, status);
    if (*status != ROBOTS_OK)
        return -1;
    if (found == 0) {
        *ruled = v;
        *ruled_len = len;
    }
    return found;
}

/* The first of the survey's values of two bytes or more in a name: its
 * group, or the survey's sure one. The byte pairs come before a pass of
 * the hash by the values' first bytes, which costs more than they do and
 * spends its budget in vain where the names repeat one pattern (each
 * window everywhere), and after a pass for each length, which costs
 * less. */
static robots_status first_found(rb_mem *mem, const robots_txt *doc,
                                 const robots_str *names, size_t n,
                                 const rb_names_filter *f,
                                 const rb_values_survey *survey, rb_kept *kept,
                                 size_t *group) {
    *group = survey->sure;
    int done = 0, any = 1,
        pairs = survey->longest > 2 && f->text >= RB_PAIR_FILTER_FROM;
    size_t window = 0;
    robots_status status = ROBOTS_OK;
    int hash = hash_way(f, survey, &window);
    if (hash && window != 0 && pairs) {
        pairs = 0;
        status = pairs_beside_kept(mem, doc, names, n, f, kept, &any);
    }
    if (status == ROBOTS_OK && hash && any)
        status = find_by_hash(mem, doc, names, n, f, survey, window, kept,
                              group, &done);
    /* the sorted suffixes' memory is the whole bound: nothing kept */
    kept_free(mem, kept);
    if (status != ROBOTS_OK || done || !any)
        return status; /* !any: none is in a name, the sure one if any */
    if (pairs) {
        status = any_pairs_held(mem, doc, names, n, f, &any);
        if (status != ROBOTS_OK || !any)
            return status;
    }
    size_t shallow = survey->top[RB_LONG_VALUES];
    rb_names_index index;
    status = rb_names_index_build(
        mem, names, n, survey->longest,
        shallow < RB_WINDOWS_DEEPEST ? shallow : RB_WINDOWS_DEEPEST, &index);
    if (status != ROBOTS_OK)
        return status;
    /* Every value, unfiltered: a value that fails the filter is in no
     * name, and searching it costs less than testing its bytes again
     * would (a file's values may be 500 KB); one of one byte is in a name
     * if the name holds it (the survey's sure one, where this stops if
     * it gets so far). */
    rb_values w;
    values_start(&w, doc, NULL);
    const char *v;
    size_t len;
    const char *ruled = NULL; /* the last long value in no name */
    size_t ruled_len = 0;
    while (values_next(&w, &v, &len)) {
        int found = len == 1 ? f->held[(unsigned char)v[0]]
                    : len > index.shallow
                        ? long_value_found(mem, &index, f, &ruled, &ruled_len,
                                           v, len, &status)
                        : rb_names_index_contains(&index, v, len);
        if (found < 0) { /* long values crafted: every suffix, sorted */
            if (status != ROBOTS_OK)
                break;
            rb_names_index_release(mem, &index);
            status =
                rb_names_index_build(mem, names, n, survey->longest, 0, &index);
            if (status != ROBOTS_OK)
                return status;
            found = rb_names_index_contains(&index, v, len);
        }
        if (found) {
            *group = w.group;
            break;
        }
    }
    rb_names_index_release(mem, &index);
    return status;
}

/* select_group_direct() through a filter and the names' hash or index.
 * When the hash could take every value within the bound, they are kept
 * as the survey reads them, which then need not read them again. */
static robots_status select_group_indexed(const robots_txt *doc,
                                          const robots_str *agents, size_t n,
                                          size_t *group, int *specific) {
    rb_names_filter f;
    filter_init(&f, agents, n);
    rb_mem mem;
    rb_mem_init(&mem, &doc->mem.allocator, 0);
    rb_kept kept = {0};
    robots_status status = ROBOTS_OK;
    if (hash_fits(&f, doc->agent_count))
        status = kept_alloc(&mem, &kept, doc->agent_count);
    if (status != ROBOTS_OK)
        return status;
    rb_values_survey survey;
    survey_values(doc, &f, &survey, kept.values, kept.groups);
    size_t found = survey.sure;
    if (survey.count != 0)
        status = first_found(&mem, doc, agents, n, &f, &survey, &kept, &found);
    kept_free(&mem, &kept);
    if (status != ROBOTS_OK)
        return status;
    *specific = found != ROBOTS_NO_POSITION;
    *group = found;
    for (size_t g = 0; *group == ROBOTS_NO_POSITION && g < doc->group_count;
         g++)
        if (rb_group_is_wildcard(doc, g))
            *group = g;
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
