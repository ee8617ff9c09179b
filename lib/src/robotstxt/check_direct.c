/* SPDX-License-Identifier: MIT */
/*
 * check_direct.c - the first answers' walk (RB_DIRECT_CHECKS): the groups
 * the caller's tokens select, as the index chose them, merged through a
 * heap into file order, each scanned once (check_scan.c); nothing
 * compiled, nothing allocated.
 */
#include "check_direct.h"
#include "best_rule.h"
#include "check_scan.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"

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
    size_t first = runs[heap[0]].head, last = ROBOTS_NO_POSITION;
    while (size != 0) {
        group_run *top = &runs[heap[0]];
        if (top->head != last) {
            last = top->head;
            rb_scan_group(doc, last, path, len, scratch, &best);
        }
        if (!run_advance(top))
            heap[0] = heap[--size];
        sift_down(runs, heap, size, 0);
    }
    rb_best_finish(doc, &best, out);
    if (!best.found)
        out->group = first;
}
