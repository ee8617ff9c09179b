/* SPDX-License-Identifier: MIT */
/*
 * check_path.c - the verdict for a URL once the caller's agents are
 * resolved: the path read from the URL and normalised (in place when it is
 * its own normal form), the robots.txt exemption, and the match through
 * the index: each set the caller's tokens select walked (check_walk.c)
 * while the wildcard work stays within its budget, the wildcard rules of
 * the rest gathered and matched in one pass (multi.c); or the direct walk
 * (check_direct.c), the reference scan or legacy's first match
 * (check_scan.c). The path from rb_check_resolved() to the walk of a set
 * is one unit, inlined: the per-check budgets (bench/budgets.tsv) leave
 * no room for a call more.
 */
#include "check_path.h"
#include "best_rule.h"
#include "byte_class.h"
#include "check_direct.h"
#include "check_scan.h"
#include "check_walk.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "match.h"
#include "memory.h"
#include "multi.h"
#include "multi_literal.h"
#include "normalize.h"
#include "selection.h"
#include "urlpath.h"

#include <string.h>

/* The rests of the gathered rules [first, n) that do not keep their
 * normal form (rest NULL), made in q->rests, which the caller frees: a rule's
 * whole normal form written there, its rest pointing past the key (no copy); a
 * companion's (rule flagged RB_ENTRY_INDEX_DIR) is its "<dir>/" from the
 * key on and the '$' its text lacks. 0 when memory runs out. */
static int own_rests(const robots_txt *doc, rb_path_view *q, rb_mem *mem,
                     size_t first, size_t n) {
    size_t bytes = 0;
    for (size_t i = first; i < n; i++)
        if (q->wild[i].rest == NULL)
            bytes +=
                q->wild[i].rest_len +
                (q->wild[i].rule & RB_ENTRY_INDEX_DIR ? 0 : q->wild[i].from);
    if (bytes == 0)
        return 1;
    q->rests = rb_alloc(mem, bytes);
    if (q->rests == NULL)
        return 0;
    q->rests_bytes = bytes;
    for (size_t i = first, at = 0; i < n; i++) {
        rb_wild_rule *w = &q->wild[i];
        if (w->rest != NULL)
            continue;
        uint32_t rule = w->rule & ~RB_ENTRY_INDEX_DIR;
        if ((w->rule & RB_ENTRY_INDEX_DIR) == 0) {
            /* normalized_len = from + rest_len bytes; gathered with no
             * rest only when it normalises (check_walk.c), so this is its
             * room, but the pointer returned is the one to read */
            w->rest =
                rb_rule_normal(doc, &doc->rules[rule], q->rests + at) + w->from;
            at += w->from + w->rest_len;
            continue;
        }
        size_t copied = w->rest_len - 1;
        memcpy(q->rests + at, rb_normal_of(doc, rule, q) + w->from, copied);
        q->rests[at + copied] = '$';
        w->rest = q->rests + at;
        at += w->rest_len;
    }
    return 1;
}

/* Drops the gathered rules from `first` on that cannot match, a segment
 * of theirs holding a byte or a pair of bytes the path lacks
 * (rb_rest_may_match()): in a hostile file most of its thousands of rules,
 * which would otherwise be matched one by one or build the one pass's
 * automaton. A rule that does not keep its normal form is tested on its
 * raw pattern first (rb_raw_may_match()), as most such are decided there,
 * and the rest get their normal form once (own_rests()), for this test,
 * the hash of one literal and the one pass alike. 0 when memory runs
 * out. */
static int drop_lacking(const robots_txt *doc, rb_path_view *q,
                        const rb_path_pairs *pp, rb_mem *mem, size_t first) {
    size_t kept = first;
    for (size_t i = first; i < q->wild_count; i++) {
        const rb_wild_rule *w = &q->wild[i];
        if (w->rest == NULL && (w->rule & RB_ENTRY_INDEX_DIR) == 0 &&
            !rb_raw_may_match(pp, doc->text + doc->rules[w->rule].pattern_off,
                              rb_rule_pattern_len(&doc->rules[w->rule])))
            continue;
        q->wild[kept] = q->wild[i];
        q->wild_set[kept] = q->wild_set[i];
        kept++;
    }
    q->wild_count = kept;
    if (!own_rests(doc, q, mem, first, kept))
        return 0;
    kept = first;
    for (size_t i = first; i < q->wild_count; i++) {
        const rb_wild_rule *w = &q->wild[i];
        /* A rest of one literal made just now is weighed by the literal
         * pass next (decide_literals()), whose own test of its first
         * byte and three pairs refuses as many for less; one the first
         * pass left (RB_LITERAL_LEFT) goes to the one pass, filtered. */
        if ((w->matched == RB_LITERAL_LEFT ||
             !rb_one_literal(w->rest, w->rest_len)) &&
            !rb_rest_may_match(pp, w->rest, w->rest_len))
            continue;
        q->wild[kept] = q->wild[i];
        q->wild_set[kept] = q->wild_set[i];
        kept++;
    }
    q->wild_count = kept;
    return 1;
}

/* The bytes of q->gathered: two bits a rule. */
static size_t gathered_bytes(const robots_txt *doc) {
    return ((size_t)doc->rule_count * 2 + 7) / 8;
}

/* The room to gather the wildcard rules of every set a check reads from
 * now on (each rule and companion once). 0 when there is no memory. */
static int start_many(const robots_txt *doc, rb_path_view *q, rb_mem *mem) {
    /* Only now: most checks never gather, and would pay for it each time.
     * From here on end_many() frees what was allocated, even on failure. */
    rb_mem_init(mem, &doc->mem.allocator, 0);
    q->many = 1;
    q->wild = NULL;
    q->wild_set = NULL;
    q->gathered = NULL;
    q->rests = NULL;
    q->rests_bytes = 0;
    q->wild_count = q->wild_cap = 0;
    /* Each rule once, and in google the companion of each index.htm Allow
     * once: so many entries suffice. */
    size_t cap = doc->rule_count;
    if (doc->profile == ROBOTS_PROFILE_GOOGLE)
        for (size_t i = 0; i < doc->rule_count; i++)
            cap += RB_RULE_INDEX_HTM(&doc->rules[i]);
    if (cap == 0 || cap > SIZE_MAX / sizeof *q->wild)
        return 0;
    q->wild_cap = cap;
    q->wild = rb_alloc(mem, cap * sizeof *q->wild);
    q->wild_set = rb_alloc(mem, cap * sizeof *q->wild_set);
    q->gathered = rb_alloc(mem, gathered_bytes(doc));
    if (q->wild == NULL || q->wild_set == NULL || q->gathered == NULL)
        return 0;
    memset(q->gathered, 0, gathered_bytes(doc));
    return 1;
}

/* Frees what start_many() and own_rests() allocated (once start_many()
 * has run: q->many). */
static void end_many(const robots_txt *doc, rb_path_view *q, rb_mem *mem) {
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

/* The gathered rules from `first` on of one literal that
 * rb_match_literals() decides, kept before the others (each with its
 * set): where the others start. The others
 * are swapped to the end, as they are few or none: a hostile file's
 * thousands of rules of one shape are decided in place. */
static size_t decide_literals(const robots_txt *doc, rb_path_view *q,
                              const rb_path_pairs *pp, size_t first) {
    size_t end = q->wild_count;
    if (rb_match_literals(&doc->mem.allocator, pp, q->path, q->len,
                          q->wild + first, end - first) == 0)
        return first;
    while (first < end) {
        if (q->wild[first].matched >= 0) { /* not UNDECIDED nor LEFT */
            first++;
            continue;
        }
        end--;
        rb_wild_rule w = q->wild[first];
        q->wild[first] = q->wild[end];
        q->wild[end] = w;
        uint32_t set = q->wild_set[first];
        q->wild_set[first] = q->wild_set[end];
        q->wild_set[end] = set;
    }
    return first;
}

/* How matching the sets went. */
enum match_outcome {
    MATCH_DONE,    /* every set read */
    MATCH_NO_UNIT, /* a set could not be compiled for want of memory */
    MATCH_NO_ROOM  /* no memory to gather the rules for one pass */
};

/* The gathered wildcard rules of every set read since the budget ran out,
 * matched at once: those of one literal by their hashes
 * (rb_match_literals()), the rest in one pass over the path by
 * rb_match_many(), or rule by rule where their bounds say that is
 * cheaper. 0 when memory for the pass ran out. */
static int match_gathered(const robots_txt *doc, rb_path_view *q, rb_mem *mem,
                          rb_best_rule *best) {
    /* the path's bytes and pairs, which both read */
    rb_path_pairs pp;
    pp.pairs = rb_alloc(mem, RB_PAIR_WORDS * sizeof *pp.pairs);
    if (pp.pairs == NULL)
        return 0;
    rb_path_pairs_note(&pp, q->path, q->len);
    size_t first = decide_literals(doc, q, &pp, 0);
    if (!drop_lacking(doc, q, &pp, mem, first)) {
        rb_free(mem, pp.pairs, RB_PAIR_WORDS * sizeof *pp.pairs);
        return 0;
    }
    /* those of one literal given their normal form there (raw UTF-8,
     * companions) */
    first = decide_literals(doc, q, &pp, first);
    size_t n = q->wild_count;
    /* One pass costs about 32 instructions a pattern byte to build and 16
     * a path byte to scan; rule by rule is bounded by 3 a path byte and 12
     * a pattern byte for each rule. Long shared patterns against a long
     * path (30 lines of 16 KiB of %C3) are cheaper rule by rule. */
    uint64_t per_rule = 0, one_pass = 16 * (uint64_t)q->len;
    for (size_t i = first; i < n; i++) {
        per_rule += 3 * (uint64_t)(q->len - q->wild[i].from) +
                    12 * (uint64_t)q->wild[i].rest_len;
        one_pass += 32 * (uint64_t)q->wild[i].rest_len;
    }
    if (per_rule <= one_pass) {
        /* The whole pattern (its key is known to start the path): leaves
         * match_star() one caller, inlined into the hot loop. */
        for (size_t i = first; i < n; i++) {
            const rb_wild_rule *w = &q->wild[i];
            uint32_t rule = w->rule & ~RB_ENTRY_INDEX_DIR;
            const char *pattern = rb_normal_of(doc, rule, q);
            q->wild[i].matched =
                w->rule & RB_ENTRY_INDEX_DIR
                    ? rb_match_wildcard_whole(
                          pattern, w->from + w->rest_len - 1, q->path, q->len)
                    : rb_match_wildcard(pattern,
                                        doc->rules[rule].normalized_len,
                                        q->path, q->len);
        }
    } else if (rb_match_many(&doc->mem.allocator, q->path, q->len,
                             q->wild + first, n - first) != 0) {
        rb_free(mem, pp.pairs, RB_PAIR_WORDS * sizeof *pp.pairs);
        return 0;
    }
    rb_free(mem, pp.pairs, RB_PAIR_WORDS * sizeof *pp.pairs);
    for (size_t i = 0; i < n; i++) {
        const rb_wild_rule *w = &q->wild[i];
        if (!w->matched)
            continue;
        best->set = q->wild_set[i];
        if (w->rule & RB_ENTRY_INDEX_DIR) {
            /* "<dir>/$": its priority is the rest's end, '$' included. */
            rb_best_consider(best, w->from + w->rest_len, ROBOTS_RULE_ALLOW,
                             w->rule & ~RB_ENTRY_INDEX_DIR);
        } else {
            const rb_rule *r = &doc->rules[w->rule];
            rb_best_consider(best, r->normalized_len, RB_RULE_KIND(r), w->rule);
        }
    }
    return 1;
}

/* Once every set is read past the budget: the gathered rules matched
 * (match_gathered()), then what gathering allocated freed. Apart from the
 * check's path, which never gathers. */
RB_COLD static enum match_outcome finish_many(const robots_txt *doc,
                                              rb_path_view *q, rb_mem *mem,
                                              rb_best_rule *best,
                                              enum match_outcome o) {
    if (o == MATCH_DONE && !match_gathered(doc, q, mem, best))
        o = MATCH_NO_ROOM;
    end_many(doc, q, mem);
    return o;
}

/* A set, rule by rule while the check's wildcard work stays within
 * RB_WILD_BUDGET. Past it, this set's wildcard rules and those of every
 * set after it are gathered, to be matched together once every set has
 * been read (match_gathered()): a pass per set would cost the path's
 * length again for each, and a token named in many groups reads as many
 * sets (issue 29's cost fuzzing found 27 ms for 900 of them). */
static enum match_outcome match_set(const robots_txt *doc, const rb_unit *unit,
                                    rb_path_view *q, rb_mem *mem,
                                    rb_best_rule *best) {
    if (!q->many) {
        rb_walk_set(doc, unit, q, best);
        if (!q->over_budget)
            return MATCH_DONE;
        if (!start_many(doc, q, mem))
            return MATCH_NO_ROOM;
    }
    q->collecting = 1;
    q->over_budget = 0;
    q->unit = unit; /* the normal forms it keeps */
    rb_walk_set(doc, unit, q, best);
    q->collecting = 0;
    /* Out of room: each rule is gathered once, so it cannot happen. */
    return q->over_budget ? MATCH_NO_ROOM : MATCH_DONE;
}

/* The sets of a check in order, through match_set(). */
static enum match_outcome match_sets(const robots_txt *doc,
                                     const uint32_t *tokens, size_t token_count,
                                     rb_path_view *q, rb_mem *mem,
                                     rb_best_rule *best) {
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

static void path_view_init(rb_path_view *q, const char *path, size_t len,
                           char *scratch, size_t budget) {
    q->path = path;
    q->len = len;
    q->have_bytes = 0;
    q->find_byte = -1;
    q->find_from = q->find_at = 0;
    q->work = 0;
    q->budget = budget;
    /* What gathering reads, start_many() sets: most checks never do. */
    q->over_budget = q->many = q->collecting = 0;
    q->scratch = scratch;
    q->scratch_rule = UINT32_MAX;
}

/* The match through the index. 0, with *out untouched, when a set's unit
 * could not be compiled for want of memory. Without memory to gather the
 * rules for one pass, the sets are matched again rule by rule, without a
 * budget: slower, the same answer. */
static int indexed_match(const robots_txt *doc, const uint32_t *tokens,
                         size_t token_count, const char *path, size_t len,
                         char *scratch, robots_verdict *out) {
    rb_mem mem; /* set up by start_many(), which every allocation follows */
    rb_best_rule best;
    rb_path_view q;
    size_t budget = RB_WILD_BUDGET;
    for (;;) {
        rb_best_init(&best);
        path_view_init(&q, path, len, scratch, budget);
        enum match_outcome o =
            match_sets(doc, tokens, token_count, &q, &mem, &best);
        if (q.many)
            o = finish_many(doc, &q, &mem, &best, o);
        if (o == MATCH_DONE)
            break;
        if (o == MATCH_NO_UNIT)
            return 0;
        budget = SIZE_MAX; /* never over it: nothing is gathered */
    }
    rb_best_finish(doc, &best, out);
    return 1;
}

/* Only the URI /robots.txt itself is exempt: with a query it is another
 * URI (RFC 9309 section 2.2.2; conformance case
 * rfc9309-2-2-2-robots-txt-query). */
static int is_robots_txt_path(const char *path, size_t len) {
    static const char name[] = "/robots.txt";
    return len == sizeof name - 1 && memcmp(path, name, len) == 0;
}

/* Is a path its own normal form (rb_normalize_path() would copy it as it
 * is)? google compares paths as given; rfc9309 keeps every RB_C_PLAIN
 * byte; legacy changes only a '%' escape (normalize.c, normalize_legacy()),
 * so a path with no '%' is read in place: it was copied byte for byte,
 * about 10 instructions a byte of every legacy check. */
static int path_is_normal(robots_profile profile, const char *p, size_t len) {
    if (profile == ROBOTS_PROFILE_GOOGLE)
        return 1;
    if (profile != ROBOTS_PROFILE_RFC9309)
        return len == 0 || memchr(p, '%', len) == NULL;
    const unsigned char *u = (const unsigned char *)p;
    /* The classes of every byte and-ed, eight a step, tested once: a path
     * of a check is short, and a branch a step costs more than the bytes
     * an early exit would skip. */
    unsigned all = RB_C_PLAIN;
    size_t i = 0;
    for (; len - i >= 8; i += 8)
        all &= rb_byte_class[u[i]] & rb_byte_class[u[i + 1]] &
               rb_byte_class[u[i + 2]] & rb_byte_class[u[i + 3]] &
               rb_byte_class[u[i + 4]] & rb_byte_class[u[i + 5]] &
               rb_byte_class[u[i + 6]] & rb_byte_class[u[i + 7]];
    for (; i < len; i++)
        all &= rb_byte_class[u[i]];
    return all != 0;
}

/* A verdict's fields before any rule is weighed: allowed, by no rule, in
 * the group the agents resolved to. */
static void start_verdict(const robots_txt *doc, const rb_resolved *r,
                          robots_verdict *out) {
    memset(out, 0, sizeof *out);
    out->allowed = 1;
    out->rule = ROBOTS_NO_POSITION;
    out->rule_pattern = "";
    out->group = r->group;
    out->specific = r->specific;
    out->truncated = doc->cut_line != 0;
}

/* The verdict for a normalised path once the agents are resolved;
 * `rule_scratch` holds doc->longest_rule_normal bytes. */
static robots_status check_path(const robots_txt *doc, const rb_resolved *r,
                                const rb_callers *who, const char *path,
                                size_t plen, char *rule_scratch,
                                robots_verdict *out) {
    start_verdict(doc, r, out);
    if (doc->profile != ROBOTS_PROFILE_GOOGLE &&
        is_robots_txt_path(path, plen)) {
        if (out->group == RB_GROUP_LATER)
            out->group = rb_tokens_first_group(doc, r);
        out->reason = ROBOTS_REASON_ROBOTS_TXT;
        return ROBOTS_OK;
    }
    if (out->group == ROBOTS_NO_POSITION) {
        out->reason = ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }
    if (doc->profile == ROBOTS_PROFILE_LEGACY) {
        rb_first_match(doc, path, plen, rule_scratch, out);
    } else if (r->reference && who != NULL) {
        /* Only a check with the caller's names resolves as the reference
         * (rb_resolve()); a query's and the memo's resolutions never do. */
        rb_scan_match(doc, who->agents, who->count, path, plen, rule_scratch,
                      out);
    } else if (r->direct || !indexed_match(doc, r->tokens, r->token_count, path,
                                           plen, rule_scratch, out)) {
        /* The first answers; or no memory to compile a set: the walk of
         * the same groups gives the same verdict, slower. */
        rb_direct_match(doc, r, path, plen, rule_scratch, out);
    } else if (out->reason == ROBOTS_REASON_NO_RULE_MATCHED &&
               out->group == RB_GROUP_LATER) {
        out->group = rb_tokens_first_group(doc, r);
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
robots_status rb_check_resolved(const robots_txt *doc, const rb_resolved *r,
                                const rb_callers *who, const char *url,
                                size_t url_len, robots_verdict *out) {
    if (url_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_URL_TOO_LONG;
    /* google reads any string as a URL (urlpath.c) and exempts no path, so
     * a check no group applies to is allowed whatever its path: the URL is
     * not read. Most of a first check of a file with no group (an error
     * page, an empty file) was that reading. */
    if (doc->profile == ROBOTS_PROFILE_GOOGLE &&
        r->group == ROBOTS_NO_POSITION) {
        start_verdict(doc, r, out);
        out->reason = ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }
    size_t start, len;
    int slash;
    /* rfc9309's and legacy's split inline: it is in every check's path. */
    robots_status status =
        doc->profile == ROBOTS_PROFILE_GOOGLE
            ? rb_url_path(doc->profile, url, url_len, &start, &len, &slash)
            : rb_url_path_strict(url, url_len, &start, &len, &slash);
    if (status != ROBOTS_OK)
        return status;

    const char *from = url + start;
    /* No group applies: allowed, and only /robots.txt answers otherwise.
     * A path with no '%' is that name's normal form only if it is that
     * name: normalising it keeps it or writes a '%' (rfc9309 escapes a
     * byte outside its set; legacy changes only escapes). One memchr()
     * instead of the byte classes and the work area: the first answer of
     * a file with no group. */
    if (r->group == ROBOTS_NO_POSITION && !slash &&
        (len == 0 || memchr(from, '%', len) == NULL)) {
        start_verdict(doc, r, out);
        out->reason = is_robots_txt_path(from, len) ? ROBOTS_REASON_ROBOTS_TXT
                                                    : ROBOTS_REASON_NO_GROUP;
        return ROBOTS_OK;
    }
    /* Most paths are their own normal form and are read in place. */
    int in_place = !slash && path_is_normal(doc->profile, from, len);
    size_t path_bytes =
        in_place ? 0 : rb_normal_url_path_bound(doc->profile, len);
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
        plen = rb_normal_url_path(doc->profile, from, len, slash, normalized);
        path = normalized;
    }
    status = check_path(doc, r, who, path, plen, work, out);
    if (work != area)
        rb_free(&mem, work, need);
    return status;
}
