/* SPDX-License-Identifier: MIT */
/*
 * check_walk.c - the walk of one compiled set of rules: for each prefix of
 * the path that is a key (Bloom filters, then a hash look-up), the rules
 * filed under it, each run and filter tested before a rule is read, the
 * wildcard rules matched within the check's work budget (RB_WILD_BUDGET)
 * or, past it, gathered for the one pass (check_path.c, multi.c). The
 * check's innermost loops: try_rule() and rb_best_consider() stay inlined
 * in them (the instructions gate, bench/budgets.tsv).
 */
#include "check_walk.h"
#include "best_rule.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "match.h"
#include "multi.h"
#include "normalize.h"
#include "words.h"

#include <string.h>

const char *rb_normalise_rule(const robots_txt *doc, uint32_t rule,
                              rb_path_view *q) {
    if (q->scratch_rule != rule) {
        rb_rule_normal(doc, &doc->rules[rule], q->scratch);
        q->scratch_rule = rule;
    }
    return q->scratch;
}

static void path_bytes(rb_path_view *q) {
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

static int has_byte(const rb_path_view *q, unsigned char c) {
    unsigned b = c & 127u;
    return (int)((q->bytes[b >> 6] >> (b & 63)) & 1);
}

/* Can a rule with this filter match the path past its key (rest bytes)? */
static int filter_passes(rb_path_view *q, uint32_t f, size_t rest) {
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
static size_t find_byte(rb_path_view *q, unsigned char c, size_t from) {
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
static size_t find_end(rb_path_view *q, size_t from, const char *needle,
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
        /* a memchr() call costs about as much as comparing 4 bytes: a
         * path where the needle's first byte is every other byte (`x0`
         * repeated) goes to the two-way search, linear at a few steps a
         * byte, rather than a call every 2 bytes */
        compared += k + 4;
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
static int match_star(rb_path_view *q, const char *pat, size_t plen,
                      size_t from) {
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
static int gather(rb_path_view *q, uint32_t entry, uint32_t set) {
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

/* A gathered rule's rest (from klen on) in the normal form its set keeps
 * (rb_unit_normal()); NULL when it keeps none. */
static const char *kept_rest(const rb_unit *unit, uint32_t rule, size_t klen) {
    const char *normal = rb_unit_normal(unit, rule);
    return normal != NULL ? normal + klen : NULL;
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
static inline int match_rest(rb_path_view *q, const char *rest, size_t rest_len,
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
try_rule(const robots_txt *doc, uint32_t rule, size_t klen, rb_path_view *q,
         rb_best_rule *best, uint32_t f, size_t head_at) {
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
        /* one the set does not keep is made once the rules are gathered */
        w->rest = rb_rule_normalises(r) ? kept_rest(q->unit, rule, klen)
                                        : doc->text + r->pattern_off + klen;
        w->rest_len = plen - klen;
        w->from = klen;
        w->rule = rule;
        w->matched = 0; /* not weighed yet (rb_match_literals()) */
        return RULE_NEXT;
    } else {
        if (q->budget != SIZE_MAX) {
            q->work += 3 * (len - klen) + 12 * (plen - klen);
            if (q->work > q->budget) {
                q->over_budget = 1;
                return RULE_STOP;
            }
        }
        const char *pattern = rb_normal_of(doc, rule, q);
        matched = match_rest(q, pattern + klen, plen - klen, klen, f, head_at);
    }
    if (matched)
        rb_best_consider(best, plen, RB_RULE_KIND(r), rule);
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
                                               rb_path_view *q,
                                               rb_best_rule *best) {
    uint32_t rule = entry & ~RB_ENTRY_INDEX_DIR;
    const char *pattern = rb_normal_of(doc, rule, q);
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
        w->matched = 0;
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
        rb_best_consider(best, dir + 1, ROBOTS_RULE_ALLOW, rule);
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
                       size_t klen, size_t at, rb_path_view *q,
                       rb_best_rule *best) {
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
 * of a path that is a node of more than one entry: each branch is a run's
 * test (ALL, LAST, HAS, ENDS) or a filter's. Kept whole as the check's
 * hottest loop, inlined into try_node(). */
/* The entries of a node (count of them, each with its filter) filed under
 * one key that is a prefix of the path, `klen` bytes long, highest
 * priority first within each run (see RB_ENTRY_RUN): a run whose test
 * fails is skipped, and so is the rest of a run once its priorities cannot
 * win. A wildcard rule's filter is tried before anything else of it is
 * read. */
static inline void try_entries(const robots_txt *doc, const uint32_t *e,
                               const uint32_t *filters, uint32_t count,
                               size_t klen, rb_path_view *q,
                               rb_best_rule *best) {
    size_t len = q->len;
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
        uint32_t f = filters[i];
        if (f != 0 && !filter_passes(q, f, len - klen))
            continue;
        enum rule_outcome o = try_rule(doc, rule, klen, q, best, f, SIZE_MAX);
        if (o == RULE_STOP)
            return;
        if (o == RULE_LOWER)
            i = run_end - 1;
    }
}

/* The rules filed under one key that is a prefix of the path: a node's
 * entries, or the one rule a node keeps in itself (no run, as a run's
 * marker is never alone, and no filter). */
static void try_node(const robots_txt *doc, const rb_unit *unit,
                     const rb_node *node, rb_path_view *q, rb_best_rule *best) {
    size_t klen = RB_NODE_KEY_LEN(node);
    uint32_t count;
    const uint32_t *e = rb_node_entries(unit, node, &count);
    if (e != &node->ref) {
        try_entries(doc, e, unit->filters + (e - unit->entries), count, klen, q,
                    best);
    } else if (*e & RB_ENTRY_INDEX_DIR) {
        (void)try_companion(doc, *e, klen, q, best);
    } else {
        (void)try_rule(doc, *e, klen, q, best, 0, SIZE_MAX);
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
                        table_view t, uint32_t hash, size_t klen,
                        rb_path_view *q, rb_best_rule *best) {
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
            if (rb_same_bytes(rb_normal_of(doc, first & ~RB_ENTRY_INDEX_DIR, q),
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
    uint32_t h = *hash;
    /* The last call stopped at a '/' its key filter held: the prefix that
     * ends there is tested now. */
    if (k > 1 && path[k - 2] == '/' &&
        !rb_bloom_has(prefixes, pwords, rb_prefix_mix(h)))
        return 0;
    for (; k <= last; k++) {
        unsigned char c = path[k - 1];
        h = rb_hash_step(h, c);
        if (rb_bloom_has(bloom, words, rb_bloom_mix(h))) {
            *hash = h;
            return k;
        }
        if (c == '/' && !rb_bloom_has(prefixes, pwords, rb_prefix_mix(h)))
            return 0;
    }
    return 0;
}

void rb_walk_set(const robots_txt *doc, const rb_unit *unit, rb_path_view *q,
                 rb_best_rule *best) {
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
