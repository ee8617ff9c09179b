/* SPDX-License-Identifier: MIT */
/*
 * check_direct.c - the first answers' walk (RB_DIRECT_CHECKS): the groups
 * the caller's tokens select, as the index chose them, merged through a
 * heap into file order, each scanned once, a rule told apart inline by
 * its second byte, its literal start, or a byte it needs that the path
 * lacks, and the rest matched as the reference does (check_scan.c);
 * nothing compiled, nothing allocated.
 */
#include "check_direct.h"
#include "best_rule.h"
#include "check_scan.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "normalize.h"
#include "urlpath.h"

#include <stdint.h>
#include <string.h>

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

/* The work bound of the walk of one group (see RB_DIRECT_COMPARES): one
 * for the group itself (so that many groups of no rules are bounded too),
 * the matcher's comparisons for each rule, `per_rule`, and 12 for each
 * byte of its normal form, added to *work; 0 once past the limit. */
static int group_within(const robots_txt *doc, uint32_t gi, uint64_t per_rule,
                        uint64_t *work) {
    if (*work >= RB_DIRECT_COMPARES)
        return 0;
    *work += 1;
    size_t first = doc->groups[gi].first_rule;
    uint64_t rules =
        rb_group_rules(doc->groups, doc->group_count, doc->rule_count, gi);
    /* Told by the rules alone first: no pass over a huge group's rules. */
    if (rules > (RB_DIRECT_COMPARES - *work) / per_rule)
        return 0;
    uint64_t bytes = 0;
    for (size_t i = first; i < first + rules; i++)
        bytes += doc->rules[i].normalized_len;
    *work += rules * per_rule + 12 * bytes;
    return *work <= RB_DIRECT_COMPARES;
}

int rb_direct_within(const robots_txt *doc, const rb_resolved *r,
                     const char *url, size_t url_len) {
    if (r->group == ROBOTS_NO_POSITION)
        return 1; /* no group: nothing to walk */
    size_t start, len;
    int slash;
    /* A URL the check refuses is not walked: its error comes first. */
    if (url_len > ROBOTS_MAX_URL_BYTES ||
        rb_url_path(doc->profile, url, url_len, &start, &len, &slash) !=
            ROBOTS_OK)
        return 0;
    uint64_t path = rb_normal_url_path_bound(doc->profile, len);
    uint64_t per_rule = 3 * path + 1, work = 0;
    size_t count = r->token_count == 0 ? 1 : r->token_count;
    for (size_t t = 0; t < count; t++) {
        group_run run;
        if (r->token_count == 0)
            run_of_set(doc, doc->wildcard_set, &run);
        else
            run_of_token(doc, r->tokens[t], &run);
        do {
            if (!group_within(doc, run.head, per_rule, &work))
                return 0;
        } while (run_advance(&run));
    }
    return 1;
}

/* What a rule's literal start says of a path (literal_start()). */
enum literal_start {
    LITERAL_MISS,  /* a literal byte differs: the rule cannot match */
    LITERAL_MATCH, /* all literal, a prefix of the path: it matches */
    LITERAL_UNSURE /* a '*' or '$', or the path's end: the matcher decides */
};

/* The path a direct walk matches, with what its rules are told apart by
 * before the matcher: its first two bytes, and (once a rule needs it) the
 * set of the bytes it holds. */
typedef struct direct_path {
    const char *bytes;
    size_t len;
    /* The path's first byte when its second alone may decide a rule's
     * literal start (see walk_group()): the path has two bytes or more and
     * its first is not special; else 256, which no byte equals. */
    unsigned first;
    unsigned char second;
    int have_bytes;      /* `present` computed */
    uint64_t present[4]; /* bit c: byte c occurs in the path */
} direct_path;

static void path_init(direct_path *p, const char *path, size_t len) {
    int two = len >= 2 && path[0] != '*' && path[0] != '$';
    p->bytes = path;
    p->len = len;
    p->first = two ? (unsigned char)path[0] : 256;
    p->second = two ? (unsigned char)path[1] : 0;
    p->have_bytes = 0;
}

/* A rule's normal form against the path, byte by byte up to the first
 * that differs or is special ('*' anywhere, '$' at the end: a '$' before
 * it is literal, but rare enough to leave to the matcher). A real file's
 * rules mostly differ from a given path within their first few bytes;
 * telling them apart here, inline, spares the matcher's calls into libc
 * (memchr for the first '*', memcmp), three quarters of a walk's cost.
 * A byte that differs before any '*' is in the first segment, which must
 * start the path (match.c), so the rule cannot match; a pattern of
 * literal bytes alone that starts the path matches. */
static inline enum literal_start literal_start(const char *pattern, size_t plen,
                                               const char *path, size_t len,
                                               size_t *stop) {
    size_t n = plen < len ? plen : len, i = 0;
    while (i < n && pattern[i] == path[i] && pattern[i] != '*' &&
           pattern[i] != '$')
        i++;
    *stop = i;
    if (i == plen)
        return LITERAL_MATCH;
    if (i == n || pattern[i] == '*' || pattern[i] == '$')
        return LITERAL_UNSURE;
    return LITERAL_MISS;
}

/* Whether every byte the matcher must find in the path (all but the '*'s
 * and a final '$') occurs in it: a necessary condition of a match (each
 * literal segment occurs in the path, match.c), tested before the
 * matcher for a rule whose literal start left it unsure, from `from`: the
 * bytes before are the path's own. Most such rules of a real file (a '*'
 * then "?", ".pdf$" or "sort=") hold a byte the path lacks. The path's
 * bytes are gathered at the first such rule, once. */
static int bytes_present(direct_path *p, const char *pattern, size_t from,
                         size_t plen) {
    if (!p->have_bytes) {
        memset(p->present, 0, sizeof p->present);
        for (size_t i = 0; i < p->len; i++) {
            unsigned char c = (unsigned char)p->bytes[i];
            p->present[c >> 6] |= (uint64_t)1 << (c & 63);
        }
        p->have_bytes = 1;
    }
    if (plen > 0 && pattern[plen - 1] == '$')
        plen--;
    /* From the pattern's end: a rule's last bytes (a digit, an extension,
     * a word) tell it from the path more often than its first, which the
     * rules of one group often share (a real file's nine rules that differ
     * in their last digit alone, each read to that digit from the start).
     * The order decides only how soon a missing byte is found. */
    for (size_t i = plen; i-- > from;) {
        unsigned char c = (unsigned char)pattern[i];
        if (c != '*' && !((p->present[c >> 6] >> (c & 63)) & 1))
            return 0;
    }
    return 1;
}

/* Every rule of group gi tried against the path, as rb_scan_group() does
 * (the same matches offered in the same order), the rules kept in their
 * normal form and without an index.htm companion first told apart by
 * their literal start and, left unsure, by the bytes they need. */
static void walk_group(const robots_txt *doc, size_t gi, direct_path *p,
                       char *scratch, rb_best_rule *best) {
    const rb_rule *rules = doc->rules;
    const char *text = doc->text;
    const unsigned first = p->first, second = p->second;
    size_t i = doc->groups[gi].first_rule;
    size_t end =
        i + rb_group_rules(doc->groups, doc->group_count, doc->rule_count, gi);
    for (; i < end; i++) {
        const rb_rule *r = &rules[i];
        if (!rb_rule_normalises(r) && !RB_RULE_INDEX_HTM(r)) {
            const char *pattern = text + r->pattern_off;
            size_t plen = r->normalized_len, from = 2;
            /* Most of a real file's rules start with the path's '/' and
             * differ at their second byte: a miss unless that byte is a
             * '*'. A '$' there misses too: literal, it differs; final, it
             * ends the match before the path's end. */
            if (plen >= 2 && (unsigned char)pattern[0] == first &&
                (unsigned char)pattern[1] != second) {
                if (pattern[1] != '*')
                    continue;
            } else {
                enum literal_start l =
                    literal_start(pattern, plen, p->bytes, p->len, &from);
                if (l == LITERAL_MISS)
                    continue;
                if (l == LITERAL_MATCH) {
                    rb_best_consider(best, plen, RB_RULE_KIND(r), i);
                    continue;
                }
            }
            if (!bytes_present(p, pattern, from, plen))
                continue;
        }
        rb_scan_rule(doc, i, p->bytes, p->len, scratch, best);
    }
}

/* The first answers' walk (see RB_DIRECT_CHECKS): the groups the caller's
 * tokens select, as the index chose them (a hash look-up per name), each
 * once and in file order, every rule of each tried against the path as
 * the reference does; nothing compiled, nothing allocated. The tokens'
 * runs are merged through a heap: a group naming several of the caller's
 * tokens is in several runs, and is walked once. Choosing costs the
 * groups the runs hold (at most the agent lines) times log2 of the tokens;
 * matching within RB_DIRECT_WORK or RB_DIRECT_COMPARES (document.h). */
/* The heap holds run indexes as unsigned char. */
_Static_assert(ROBOTS_MAX_QUERY_AGENTS <= 256,
               "rb_direct_match()'s heap indexes its runs in a byte");
void rb_direct_match(const robots_txt *doc, const rb_resolved *r,
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
    rb_best_rule best;
    rb_best_init(&best);
    direct_path p;
    path_init(&p, path, len);
    size_t first = runs[heap[0]].head, last = ROBOTS_NO_POSITION;
    while (size != 0) {
        group_run *top = &runs[heap[0]];
        if (top->head != last) {
            last = top->head;
            walk_group(doc, last, &p, scratch, &best);
        }
        if (!run_advance(top))
            heap[0] = heap[--size];
        sift_down(runs, heap, size, 0);
    }
    rb_best_finish(doc, &best, out);
    if (!best.found)
        out->group = first;
}
