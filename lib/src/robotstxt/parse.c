/* SPDX-License-Identifier: MIT */
/*
 * parse.c - from the bytes of a robots.txt to a robots_txt document: the
 * entry points (robots_parse(), robots_parse_prefix()), their arguments'
 * checks, and the document's one block. The lines themselves are read by
 * parse_lines.c (its loop in parse_lines_loop.h), with parse_keys.c,
 * parse_records.c and parse_diag.c (parser.h is their shared state). Content
 * never makes a parse fail; only memory does, and then nothing is left
 * allocated.
 *
 * The document is built in growable arrays, sized up front for a usual
 * file from the input's length so that it grows none by copying, then
 * gathered into one block, so that robots_free() is one call to the
 * allocator: the text's own array when the rest fits after the text with
 * at most an eighth of it unused (no copy of the text), else a new block
 * of exactly its size. With the library's own allocator (malloc) and no
 * cap, the text's array is resized to exactly the block by realloc(),
 * which shrinks it in place: the text is not copied, and the document
 * holds nothing unused (assemble()); a large body's large arrays (its
 * rules, records, diagnostics) are then kept where they were written,
 * resized alike, each an allocation of the document's (parts_to_keep()).
 */
#include "diag_message.h"
#include "document.h"
#include "index.h"
#include "index_layout.h"
#include "memory.h"
#include "parser.h"
#include "records.h"
#include "reserved.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Room, before the lines are read, for what a usual file holds, so that
 * it is read with no array grown by copying: text for the whole input (a
 * file's values and their NULs are less: its keys are not kept), a rule
 * for every 16 bytes (a realistic file has one for every 35, a dense one
 * for every 20: at one for every 32, over 300 of the real-world corpus's
 * files grew their rules, most of them copied in the parse's region, and
 * a larger file's moved by realloc(); bench/README.md, "Session 30
 * (memory)"), a group and an agent for every 512 (for every 64 in a
 * hosted region, where the room costs no allocation: a list of named
 * crawlers, a group each, grew them in about 500 of the corpus's files at
 * 512, over 700 growths of about 200 instructions each). The stack's
 * region of a tiny body has less room (RB_TINY_BYTES_A_RULE). The input
 * is not read for a closer count: that pass over every line was a tenth
 * of a parse. A file with more (short
 * rules, long normalised values, many groups) doubles its arrays (see
 * rb_vec_grow()); one with fewer leaves the rest unused until the document is
 * gathered into its block (assemble()).
 *
 * The text's array is reserved at a quarter more than the input: a
 * rule-dense file keeps about three quarters of its bytes as text and
 * needs about half as much again for its records, so the document is
 * finished in that array, without copying its text. That copy, and the
 * pages of a new block as large as the input, were a third of the
 * parse's time.
 *
 * A diagnostic's message is written in place at the text's end when the
 * text has RB_DIAG_ROOM bytes to spare (diag_message.h), else in a
 * buffer, copied, and the text grown for it. A body of up to
 * RB_SMALL_TEXT_SLACK bytes has less than that to spare, so its text gets
 * twice that room: the first messages of a small file, which often has
 * a few (a page of HTML, "Forbidden"), are then kept in place (nginx's
 * 146-byte 404 page: 7,544 -> 5,978 instructions parsed and checked;
 * one message's room took it to 6,991). Such a body parses on the stack
 * (RB_PARSE_REGION_TINY), whose room this is.
 *
 * A body too large for the parse's region (RB_PARSE_REGION_INPUT) gets
 * its rules' room when its first rule comes (rb_vec_plan()), at the same
 * size, or less, under RB_RESIZE_MAX, when one for every 32 bytes is
 * (large_body_rules()), so that the array is still resized and kept where
 * it was written (parts_to_keep()), not copied: a large file is often a
 * page of HTML with no rule at all, and the 0.375 bytes an input byte
 * reserved for nothing raised the heap's top, which glibc then gave back to
 * the kernel and faulted in again at the next parse (bench/README.md,
 * "Session 16": 329 -> 259 page faults over the real-world corpus,
 * force.com's 66 -> 0). Its two lists of records take half the input,
 * under RB_RESIZE_MAX, at their first record (large_body_records(); an
 * eighth under a cap):
 * grown from 384 bytes, a page of markup's `key: value` lines (an
 * extension record each) were copied up to seven times as the list
 * doubled, then fourfold (bench/README.md, "Session 18": an eighth of
 * the input, the corpus's parse 0.21 M instructions cheaper, its page
 * faults 259 -> 164); grown from an eighth, a large page's list was still
 * moved by realloc() 22 times in 17 of the corpus's files, from half the
 * input 5 times (the corpus's parse 0.23 to 0.34 M instructions cheaper,
 * no page fault more: "Session 30 (memory)"; from a quarter, nearly as
 * many moves as from an eighth, and dearer). The document's block takes
 * only what they hold.
 *
 * With the library's own allocator and no cap (rb_mem_resizable()), a
 * body parsed in the heap region (over RB_PARSE_REGION_TINY bytes) has
 * its text's array at the start of the region's own allocation, its host
 * (open_region()), at twice the body and the header: it becomes the
 * document's block (assemble()), which then is no new memory and needs
 * no copy of the text; the region, after the text's room, goes with the
 * host's tail. Twice the body holds the text of all but the densest
 * documents, whose text leaves the host for an array of its own, which
 * realloc() grows (alloc.c, rb_vec_grow()); the host has as much again
 * (three times the body) before the region for the document, whose
 * parts are copied there from the region: 2.3 times the body is the
 * median of the 59 of the corpus's 979 such documents over twice, and
 * one that does not fit is copied to a block of its own. The pages past
 * what is written are not touched. */
/* RB_RESIZE_MAX (memory.h): the largest text array resized into the
 * block. */
#define RB_SMALL_TEXT_SLACK ((size_t)512)
/* The room of a text's array that is to be the document's block
 * resized: twice the body and the header (see above). */
static size_t own_text_room(size_t limit) {
    /* (a limit over RB_RESIZE_MAX is not resized: no product to wrap) */
    return limit < RB_RESIZE_MAX ? 2 * limit + sizeof(robots_txt) + 64
                                 : RB_RESIZE_MAX;
}

/* The parse's one block for its small allocations (rb_mem's region),
 * for a body of up to RB_PARSE_REGION_INPUT bytes: room for what
 * reserve_arrays() reserves (about 1.6 bytes an input byte), the index's
 * few arrays and a few diagnostics; a file with more takes the rest from
 * the allocator. A body of up to RB_PARSE_REGION_TINY bytes parses in
 * RB_PARSE_REGION_STACK bytes of parse_body()'s stack, so that its
 * document is its one allocation: allocated, its block cost such a file
 * (over half of the real-world corpus, many with a diagnostic or two)
 * about 700 instructions, a malloc() and a free() past glibc's
 * per-thread cache, a tenth of a 150-byte page of HTML's parse and check
 * (bench/README.md, "Session 15"). The region is 3 KiB since the parse
 * calls no snprintf(), which the stack gate charges 4 KiB: robots_parse()'s
 * deepest path is 6.2 KiB of robots.h's 8 (from 8,120 bytes with a 1 KiB
 * region). 768 bytes of body fill about 2 KiB of it, with a page of
 * HTML's diagnostics or a few groups; up to 1 KiB of body in 4 KiB of
 * stack took 0.14 M instructions more off the corpus's 76 M. Above that,
 * 3 KiB over twice the body: over the real-world corpus a quarter fewer
 * page faults than 768 bytes over three times the body (207 against
 * 279). A larger file's arrays come from the allocator, which their size
 * then makes worth a call.
 *
 * Unless a memory cap is set, that block is of one size, the largest
 * body's (35 KiB), whatever the body: the index's arrays and the
 * diagnostics of the larger small files then stay in it, where each took
 * a malloc() and a free() of their own, about 400 instructions (760
 * fewer calls to the allocator over the real-world corpus, 0.37 M
 * instructions: bench/README.md, "Session 20 (parse)"). Under a cap,
 * twice the body and 3 KiB as before, so that a capped parse needs no
 * more memory than it did; and that size again when the allocator
 * refuses the one size (open_region()). */
#define RB_PARSE_REGION_INPUT ((size_t)16384)
#define RB_PARSE_REGION_TINY ((size_t)768)
#define RB_PARSE_REGION_STACK ((size_t)3072)
static size_t region_bytes(size_t input) {
    return 2 * input + 3072;
}

/* Opens the parse's region for a body of `limit` bytes: `stack`
 * (RB_PARSE_REGION_STACK bytes) for a tiny one. 0 when memory runs
 * out. An allocator that refuses the region of one size (a caller's
 * small arena) is asked again for the region a cap would get, twice the
 * body and 3 KiB: the body is parsed in what it needs, as it was before
 * the one size, rather than refused for the room that only saves calls. */
static int open_region(parser *p, size_t limit, unsigned char *stack) {
    if (limit <= RB_PARSE_REGION_TINY) {
        rb_mem_lend_region(&p->mem, stack, RB_PARSE_REGION_STACK);
        return 1;
    }
    if (limit > RB_PARSE_REGION_INPUT)
        return 1; /* the arrays come from the allocator */
    if (rb_mem_resizable(&p->mem)) {
        /* The text's array, to be the document's block (see
         * reserve_arrays()), and the region in one allocation: the region
         * goes with the host's tail when the block is resized from it
         * (assemble()), where it was a malloc() and a free() of its own
         * (the corpus's parse 0.18 M instructions cheaper,
         * bench/README.md, "Session 28 (file)"). The text's room, and as
         * much again for the document's parts. */
        size_t own = own_text_room(limit);
        p->text.data = rb_mem_open_hosted_region(
            &p->mem, own + limit, region_bytes(RB_PARSE_REGION_INPUT));
        if (p->text.data == NULL)
            return 0; /* malloc() refused: no smaller arena to fit */
        p->text.cap = own;
        return 1;
    }
    if (p->mem.cap == 0 &&
        rb_mem_open_region(&p->mem, region_bytes(RB_PARSE_REGION_INPUT)))
        return 1;
    if (!rb_mem_open_region(&p->mem, region_bytes(limit)))
        return 0;
    p->mem.failure = ROBOTS_OK; /* the refusal, if any, was answered */
    return 1;
}

/* The most that reserve_arrays() reserves for a tiny body (up to
 * RB_PARSE_REGION_TINY bytes, in the stack's region: open_region()) and
 * in a hosted region (up to RB_PARSE_REGION_INPUT bytes, the text in the
 * host), each array rounded up as the region rounds it: under 2 KiB of
 * the stack's 3 KiB, and under 17 KiB of the hosted region's 35 KiB,
 * which then always hold them, so that their room is not tested (the
 * test of each array's room, a division each, was about 100 instructions
 * of every tiny file's parse). A group and an agent for every
 * RB_REGION_BYTES_AN_AGENT bytes of the body, a rule for every
 * RB_REGION_BYTES_A_RULE (see the comment above own_text_room()); in the
 * stack's region, for every RB_TINY_BYTES_AN_AGENT and
 * RB_TINY_BYTES_A_RULE: its 3 KiB also hold a small file's records,
 * diagnostics and normalisation scratch (three times the body), which
 * larger first arrays pushed out to the allocator (tests/test_alloc.c,
 * memory_cap(): a tiny body parses within its document's size). */
#define RB_REGION_BYTES_AN_AGENT ((size_t)64)
#define RB_REGION_BYTES_A_RULE ((size_t)16)
#define RB_TINY_BYTES_AN_AGENT ((size_t)128)
#define RB_TINY_BYTES_A_RULE ((size_t)32)
/* In a hosted region, a list of records' first room is a quarter of the
 * body when more than 384 bytes (records.h, rb_records_first_room()): a
 * file's sitemaps grew their list in over 400 of the corpus's small files
 * (the corpus's parse 0.03 M instructions cheaper). */
#define RB_REGION_BYTES_A_RECORD_BYTE ((size_t)4)
#define RB_FIRST_ARRAYS_BYTES(input, per_agent, per_rule)                      \
    (2 * (((input) / (per_agent) + 4) * sizeof(rb_agent) + 15) +               \
     ((input) / (per_rule) + 4) * sizeof(rb_rule) + 15)
#define RB_TINY_ARRAYS_BYTES                                                   \
    (RB_FIRST_ARRAYS_BYTES(RB_PARSE_REGION_TINY, RB_TINY_BYTES_AN_AGENT,       \
                           RB_TINY_BYTES_A_RULE) +                             \
     RB_PARSE_REGION_TINY + RB_PARSE_REGION_TINY / 4 + 16 +                    \
     2 * (size_t)RB_DIAG_ROOM + 15)
_Static_assert(sizeof(rb_group) <= sizeof(rb_agent) &&
                   RB_TINY_ARRAYS_BYTES <= RB_PARSE_REGION_STACK &&
                   RB_FIRST_ARRAYS_BYTES(RB_PARSE_REGION_INPUT,
                                         RB_REGION_BYTES_AN_AGENT,
                                         RB_REGION_BYTES_A_RULE) <=
                       2 * RB_PARSE_REGION_INPUT + 3072,
               "the first arrays fit the stack's region and a hosted one");

/* A large body's rules' first room (see the comment above
 * own_text_room()): one for every RB_REGION_BYTES_A_RULE bytes, as in a
 * region, but not past what parts_to_keep() keeps when one for every 32
 * is within it; past that too, one for every 32. With a caller's
 * allocator or a cap (not rb_mem_resizable()), one for every 32: a
 * capped parse's peak is what it was, so that no cap that held a body
 * refuses it now. */
static size_t large_body_rules(const rb_mem *mem, size_t limit) {
    size_t dense = limit / RB_REGION_BYTES_A_RULE + 4, usual = limit / 32 + 4;
    size_t keepable = (RB_RESIZE_MAX - 1) / sizeof(rb_rule);
    if (!rb_mem_resizable(mem))
        return usual;
    return dense <= keepable ? dense : usual <= keepable ? keepable : usual;
}

/* A large body's list of records' first room (see the comment above
 * own_text_room()): half the body, under RB_RESIZE_MAX, so that the list
 * is kept where it was written (parts_to_keep()); an eighth with a
 * caller's allocator or a cap, as large_body_rules() says. */
static size_t large_body_records(const rb_mem *mem, size_t limit) {
    if (!rb_mem_resizable(mem))
        return limit / 8;
    return limit / 2 < RB_RESIZE_MAX ? limit / 2 : RB_RESIZE_MAX - 1;
}

/* The arrays' first room (see the comment above own_text_room()). */
static void reserve_arrays(parser *p, size_t limit) {
    if (p->mem.region_lent) { /* the stack's (a tiny body): it has the room */
        RB_ASSUMED(limit <= RB_PARSE_REGION_TINY && p->mem.region_used == 0 &&
                   p->mem.region_size == RB_PARSE_REGION_STACK);
        /* text: copied into the document's own block */
        size_t text = limit + limit / 4 + 16 +
                      (limit <= RB_SMALL_TEXT_SLACK ? 2 * RB_DIAG_ROOM : 0);
        size_t agents = limit / RB_TINY_BYTES_AN_AGENT + 4;
        rb_vec *const vecs[4] = {&p->groups, &p->agents, &p->rules, &p->text};
        const size_t caps[4] = {agents, agents,
                                limit / RB_TINY_BYTES_A_RULE + 4, text};
        rb_vec_take_first(&p->mem, vecs, caps, 4);
        return;
    }
    if (p->mem.region_host != NULL) {
        /* the text is the document's block to be, at the start of the
         * region's host (open_region()); the region has the room */
        RB_ASSUMED(limit <= RB_PARSE_REGION_INPUT && p->mem.region_used == 0 &&
                   p->mem.region_size ==
                       rb_region_round(region_bytes(RB_PARSE_REGION_INPUT)));
        size_t agents = limit / RB_REGION_BYTES_AN_AGENT + 4;
        rb_vec *const vecs[3] = {&p->groups, &p->agents, &p->rules};
        const size_t caps[3] = {agents, agents,
                                limit / RB_REGION_BYTES_A_RULE + 4};
        rb_vec_take_first(&p->mem, vecs, caps, 3);
        /* the records' first room, if any (records.h) */
        rb_vec_plan(&p->sitemaps.bytes, limit / RB_REGION_BYTES_A_RECORD_BYTE);
        rb_vec_plan(&p->extensions.bytes,
                    limit / RB_REGION_BYTES_A_RECORD_BYTE);
        return;
    }
    if (p->mem.region == NULL) { /* the rules' room at the first one */
        size_t text = limit + limit / 4 + sizeof(robots_txt) + 64;
        size_t own = own_text_room(limit);
        if (own < RB_RESIZE_MAX && rb_mem_resizable(&p->mem))
            text = own;
        rb_vec_plan(&p->rules, large_body_rules(&p->mem, limit));
        rb_vec_plan(&p->sitemaps.bytes, large_body_records(&p->mem, limit));
        rb_vec_plan(&p->extensions.bytes, large_body_records(&p->mem, limit));
        rb_vec *const vecs[3] = {&p->groups, &p->agents, &p->text};
        const size_t caps[3] = {limit / 512 + 4, limit / 512 + 4, text};
        if (!rb_vec_reserve_first(&p->mem, vecs, caps, 3))
            p->failed = 1;
        return;
    }
    /* a region of its own (a cap, a caller's allocator): the text copied
     * into the document's own block; the other arrays as in the stack's,
     * so that with the text they fit in twice the body, all of the
     * region a capped parse gets (open_region()) */
    size_t text = limit + limit / 4 + 16 +
                  (limit <= RB_SMALL_TEXT_SLACK ? 2 * RB_DIAG_ROOM : 0);
    size_t agents = limit / RB_TINY_BYTES_AN_AGENT + 4;
    rb_vec *const vecs[4] = {&p->groups, &p->agents, &p->rules, &p->text};
    const size_t caps[4] = {agents, agents, limit / RB_TINY_BYTES_A_RULE + 4,
                            text};
    if (!rb_vec_reserve_first(&p->mem, vecs, caps, 4))
        p->failed = 1;
}

static size_t align8(size_t n) {
    return (n + 7) & ~(size_t)7;
}

static void release_parser(parser *p) {
    rb_vec_release(&p->mem, &p->groups);
    rb_vec_release(&p->mem, &p->agents);
    rb_vec_release(&p->mem, &p->rules);
    rb_records_release(&p->mem, &p->sitemaps);
    rb_records_release(&p->mem, &p->extensions);
    rb_vec_release(&p->mem, &p->diags);
    rb_vec_release(&p->mem, &p->text);
    rb_free(&p->mem, p->scratch, p->scratch_size);
    p->scratch = NULL;
    rb_index_release(&p->mem, &p->index);
}

/* Gathers the arrays into one block laid out as [text][robots_txt]
 * [the kept parts' table][groups]
 * [agents][rules][sitemaps: bytes, marks][extensions: bytes, marks][diags]
 * [tokens][token sets][set defs][set groups][token slots][units]
 * [unit bytes][direct walks][group units][memo]; everything after the
 * text is aligned to 8 bytes.
 * The block is the text's own array resized when rb_mem_resizable() and
 * the array is the allocator's, under RB_RESIZE_MAX; else the text's own
 * array when the rest fits after the text
 * with at most an eighth of the array unused (a document never holds more
 * than 8/7 of what it needs; with skip_diagnostics, never more than the
 * default parse's document: drop_counts()), else a new block of exactly
 * its size. A kept part (parts_to_keep()) takes no room in it: the
 * document points at its array, listed in the table. The
 * units and the memo start empty (NULL): a check compiles a set when it
 * first needs it (index_compile.c), and remembers a name it resolves
 * (check.c). */
/* The arrays the parse built that the document keeps, each copied into
 * the document's block: named, so that each is placed and then read back
 * by its name (part_at()), not by its position in a list. */
enum block_part {
    PART_GROUPS,
    PART_AGENTS,
    PART_RULES,
    PART_SITEMAP_BYTES,
    PART_SITEMAP_MARKS,
    PART_EXTENSION_BYTES,
    PART_EXTENSION_MARKS,
    PART_DIAGS,
    PART_TOKENS,
    PART_TOKEN_SETS,
    PART_SET_DEFS,
    PART_SET_GROUPS,
    PART_TOKEN_SLOTS,
    PART_COUNT
};

/* Where each part starts in the block, and the block's layout after them:
 * the atomics a check writes (see struct robots_txt). */
typedef struct block_layout {
    size_t doc_at;
    size_t part_at[PART_COUNT];
    size_t kinds_at, units_at, unit_bytes_at, direct_walks_at, group_units_at,
        memo_at;
    size_t size;
} block_layout;

/* The next `bytes` of the block, 8-aligned, at *size. */
static size_t reserve_in_block(size_t *size, size_t bytes) {
    size_t at = *size;
    *size = align8(at + bytes);
    return at;
}

/* The header is followed by the kept parts' table (rb_doc_kept()),
 * kept_count long; a kept part is empty here (resize_kept()). Each part
 * is placed from its array's count and its element's size as a constant
 * (the size its array was made with: init_parser(), rb_records_init(),
 * rb_index_init(); the fuzzers' build checks each against `parts`), one
 * part a line: a loop over `parts` read each one's array and element
 * size and multiplied, about 20 instructions more of every parse (the
 * corpus's 0.04 M). */
#define PLACE_PART(part, vec, type)                                            \
    (RB_ASSUMED(parts[part] == &(vec) && (vec).elem == sizeof(type)),          \
     out->part_at[part] = reserve_in_block(&size, (vec).count * sizeof(type)))
static void lay_out_block(const parser *p, const rb_vec *const *parts,
                          size_t set_count, size_t kept_count,
                          block_layout *out) {
    (void)parts; /* but in the fuzzers' build: PLACE_PART's check */
    out->doc_at = align8(p->text.count);
    size_t size =
        out->doc_at + RB_DOC_HEADER_BYTES + kept_count * sizeof(rb_kept_part);
    PLACE_PART(PART_GROUPS, p->groups, rb_group);
    PLACE_PART(PART_AGENTS, p->agents, rb_agent);
    PLACE_PART(PART_RULES, p->rules, rb_rule);
    PLACE_PART(PART_SITEMAP_BYTES, p->sitemaps.bytes, char);
    PLACE_PART(PART_SITEMAP_MARKS, p->sitemaps.marks, rb_record_mark);
    PLACE_PART(PART_EXTENSION_BYTES, p->extensions.bytes, char);
    PLACE_PART(PART_EXTENSION_MARKS, p->extensions.marks, rb_record_mark);
    PLACE_PART(PART_DIAGS, p->diags, rb_diag);
    PLACE_PART(PART_TOKENS, p->index.tokens, rb_token);
    PLACE_PART(PART_TOKEN_SETS, p->index.token_sets, uint32_t);
    PLACE_PART(PART_SET_DEFS, p->index.set_defs, rb_set_def);
    PLACE_PART(PART_SET_GROUPS, p->index.set_groups, uint32_t);
    PLACE_PART(PART_TOKEN_SLOTS, p->index.token_slots, uint32_t);
    out->kinds_at =
        reserve_in_block(&size, p->diag_total != 0 ? sizeof p->kind_totals : 0);
    out->units_at = reserve_in_block(&size, set_count * sizeof(rb_unit_ref));
    out->unit_bytes_at = reserve_in_block(&size, sizeof(_Atomic size_t));
    out->direct_walks_at = reserve_in_block(&size, sizeof(atomic_uint));
    out->group_units_at =
        reserve_in_block(&size, sizeof(_Atomic(rb_unit_ref *)));
    out->memo_at = reserve_in_block(&size, sizeof(_Atomic(rb_memo *)));
    out->size = size;
}

static const void *part_at(const unsigned char *block,
                           const block_layout *layout, enum block_part part) {
    return block + layout->part_at[part];
}

/* The document's arrays, at their parts of the block. */
static void point_at_parts(robots_txt *doc, const unsigned char *block,
                           const block_layout *layout) {
    doc->groups = part_at(block, layout, PART_GROUPS);
    doc->agents = part_at(block, layout, PART_AGENTS);
    doc->rules = part_at(block, layout, PART_RULES);
    doc->sitemaps.bytes = part_at(block, layout, PART_SITEMAP_BYTES);
    doc->sitemaps.marks = part_at(block, layout, PART_SITEMAP_MARKS);
    doc->extensions.bytes = part_at(block, layout, PART_EXTENSION_BYTES);
    doc->extensions.marks = part_at(block, layout, PART_EXTENSION_MARKS);
    doc->diags = part_at(block, layout, PART_DIAGS);
    doc->tokens = part_at(block, layout, PART_TOKENS);
    doc->token_sets = part_at(block, layout, PART_TOKEN_SETS);
    doc->set_defs = part_at(block, layout, PART_SET_DEFS);
    doc->set_groups = part_at(block, layout, PART_SET_GROUPS);
    doc->token_slots = part_at(block, layout, PART_TOKEN_SLOTS);
}

/* Where the document points at each part (point_at_parts()), for a kept
 * part's pointer, set again. */
static const size_t part_field[PART_COUNT] = {
    [PART_GROUPS] = offsetof(robots_txt, groups),
    [PART_AGENTS] = offsetof(robots_txt, agents),
    [PART_RULES] = offsetof(robots_txt, rules),
    [PART_SITEMAP_BYTES] = offsetof(robots_txt, sitemaps.bytes),
    [PART_SITEMAP_MARKS] = offsetof(robots_txt, sitemaps.marks),
    [PART_EXTENSION_BYTES] = offsetof(robots_txt, extensions.bytes),
    [PART_EXTENSION_MARKS] = offsetof(robots_txt, extensions.marks),
    [PART_DIAGS] = offsetof(robots_txt, diags),
    [PART_TOKENS] = offsetof(robots_txt, tokens),
    [PART_TOKEN_SETS] = offsetof(robots_txt, token_sets),
    [PART_SET_DEFS] = offsetof(robots_txt, set_defs),
    [PART_SET_GROUPS] = offsetof(robots_txt, set_groups),
    [PART_TOKEN_SLOTS] = offsetof(robots_txt, token_slots),
};

/* The parts a large body's document keeps where the parse wrote them
 * (a bit for each), each resized to what it holds, rather than copying
 * them into the block: those of at least RB_KEEP_PART_MIN bytes, with the
 * library's own allocator and no cap (rb_mem_resizable()), in an array
 * under RB_RESIZE_MAX (a mapping's is copied, as the text's is). Only
 * without a region (a body over RB_PARSE_REGION_INPUT): a region's
 * arrays go with it, and a small body's parts are small. Over the
 * real-world corpus the 70 such bodies copied 1.95 MB of rules, records
 * and diagnostics, about a byte an instruction (memcpy's `rep movsb`),
 * where a part kept costs a realloc() that shrinks it in place and a
 * free() with the document, a few hundred instructions. Measured over the
 * corpus (parse, first check and free): 1 KiB is the least, 0.18 M
 * instructions under 4 KiB (8 KiB, 2 KiB and 512 bytes between). */
#define RB_KEEP_PART_MIN ((size_t)1024)
static unsigned parts_to_keep(const parser *p, const rb_vec *const *parts) {
    if (p->mem.region != NULL || !rb_mem_resizable(&p->mem))
        return 0;
    unsigned kept = 0;
    for (size_t i = 0; i < PART_COUNT; i++)
        if (parts[i]->count * parts[i]->elem >= RB_KEEP_PART_MIN &&
            parts[i]->cap * parts[i]->elem < RB_RESIZE_MAX)
            kept |= 1u << i;
    return kept;
}

/* Resizes each kept part's array to what it holds, its count then in
 * counts[] and 0 in the array, so that the block's layout and copy leave
 * it out (give_kept() puts it back). How many there are, or 0 with
 * *failed set when realloc() fails (the arrays, resized or not, are then
 * the parser's to release, each with its size, and their counts as they
 * were). */
static size_t resize_kept(parser *p, rb_vec *const *parts, unsigned kept,
                          size_t *counts, int *failed) {
    size_t n = 0;
    for (size_t i = 0; i < PART_COUNT; i++) {
        if (!(kept >> i & 1u))
            continue;
        rb_vec *v = parts[i];
        void *data =
            rb_resize(&p->mem, v->data, v->cap * v->elem, v->count * v->elem);
        if (data == NULL) {
            *failed = 1;
            return 0;
        }
        v->data = data;
        v->cap = v->count;
        n++;
    }
    for (size_t i = 0; i < PART_COUNT; i++)
        if (kept >> i & 1u) {
            counts[i] = parts[i]->count;
            parts[i]->count = 0;
        }
    return n;
}

/* The kept parts to the document: their counts back, its pointers at
 * them, listed in its table, and no longer the parser's to release.
 * Returns their bytes. */
static size_t give_kept(robots_txt *doc, rb_vec *const *parts, unsigned kept,
                        const size_t *counts) {
    rb_kept_part *table = rb_doc_kept(doc);
    size_t bytes = 0;
    for (size_t i = 0; i < PART_COUNT; i++) {
        if (!(kept >> i & 1u))
            continue;
        rb_vec *v = parts[i];
        v->count = counts[i];
        const void *data = v->data;
        memcpy((unsigned char *)doc + part_field[i], &data, sizeof data);
        table->data = v->data;
        table->size = v->count * v->elem;
        bytes += table->size;
        table++;
        v->data = NULL;
        v->cap = 0;
    }
    return bytes;
}

/* What a check writes later, each slot once (see struct robots_txt):
 * empty, for the first check to fill. */
static void init_check_state(robots_txt *doc, unsigned char *block,
                             const block_layout *layout, size_t set_count) {
    doc->units = (rb_unit_ref *)(block + layout->units_at);
    for (size_t s = 0; s < set_count; s++)
        atomic_init(&doc->units[s], NULL);
    doc->unit_bytes = (_Atomic size_t *)(block + layout->unit_bytes_at);
    atomic_init(doc->unit_bytes, 0);
    doc->direct_walks = (atomic_uint *)(block + layout->direct_walks_at);
    atomic_init(doc->direct_walks, 0);
    doc->group_units =
        (_Atomic(rb_unit_ref *) *)(block + layout->group_units_at);
    atomic_init(doc->group_units, NULL);
    doc->memo = (_Atomic(rb_memo *) *)(block + layout->memo_at);
    atomic_init(doc->memo, NULL);
}

/* The counts of the arrays and the index's scalars. */
static void copy_counts(robots_txt *doc, const parser *p, size_t set_count) {
    doc->sitemaps.count = p->sitemaps.count;
    doc->extensions.count = p->extensions.count;
    doc->group_count = p->groups.count;
    doc->agent_count = p->agents.count;
    doc->rule_count = p->rules.count;
    doc->diag_count = p->diags.count;
    doc->token_count = p->index.tokens.count;
    doc->token_set_count = p->index.token_sets.count;
    doc->set_count = set_count;
    doc->set_group_count = p->index.set_groups.count;
    doc->wildcard_set = p->index.wildcard_set;
    doc->longest_rule_normal = (uint32_t)p->longest_rule_normal;
    doc->token_slot_count = p->index.token_slot_count;
    doc->token_id_mask = p->index.token_id_mask;
}

/* skip_diagnostics: what was counted is not the document's (the parse
 * counted past the cap from its start, parser.h). Returns how many the
 * default parse would have kept at least (some are not even counted
 * here): that parse's document holds an rb_diag for each, so this one may
 * leave that much more of its array unused and still be no larger than
 * that one (assemble()), rather than be copied to a block of its own
 * because the array was sized for a document with them. */
static size_t drop_counts(parser *p) {
    if (!p->skip_diagnostics)
        return 0;
    size_t kept = p->diag_total <= ROBOTS_MAX_DIAGNOSTICS
                      ? p->diag_total
                      : ROBOTS_MAX_DIAGNOSTICS + 1;
    p->diags.count = 0;
    p->diag_total = 0;
    memset(p->kind_totals, 0, sizeof p->kind_totals);
    return kept;
}

/* Whether the document's block is the text's array resized (assemble()):
 * the allocator's array, with the library's own allocator, under
 * RB_RESIZE_MAX. */
static int text_resized(const parser *p) {
    return p->text.data != NULL && p->text.cap < RB_RESIZE_MAX &&
           p->text.data != p->mem.region_host &&
           !rb_mem_in_region(&p->mem, p->text.data) &&
           rb_mem_resizable(&p->mem);
}

/* Else, whether it is the text's array in a hosted region's host
 * (open_region()), resized after the parts are copied from the region
 * into it: a block of `size` bytes fits before the region, which the
 * copy must not overwrite. */
static int text_hosts(const parser *p, size_t size) {
    return p->text.data != NULL && p->text.data == p->mem.region_host &&
           size <= (size_t)(p->mem.region - p->mem.region_host);
}

/* The parts in the region, copied into the block: no longer the parser's,
 * as the region goes with the host's tail (rb_mem_give_host()); their
 * counts stay for the document's header. Likewise the scratch. */
static void forget_region_parts(parser *p, rb_vec *const *parts) {
    for (size_t i = 0; i < PART_COUNT; i++)
        if (rb_mem_in_region(&p->mem, parts[i]->data)) {
            parts[i]->data = NULL;
            parts[i]->cap = 0;
        }
    if (rb_mem_in_region(&p->mem, p->scratch))
        p->scratch = NULL;
}

/* Else, whether it is the text's array as it is: a block of `size` bytes
 * fits there with at most `unused` bytes of it unused. (unused may exceed
 * the array: a skip parse's small text with many counted diagnostics;
 * then any size that fits is kept.) */
static int text_holds(const parser *p, size_t size, size_t unused) {
    return p->text.data != NULL && size <= p->text.cap &&
           (unused >= p->text.cap || size >= p->text.cap - unused) &&
           p->text.data != p->mem.region_host &&
           !rb_mem_in_region(&p->mem, p->text.data);
}

/* The parts into their places in the block. */
static void copy_parts(unsigned char *block, const block_layout *layout,
                       rb_vec *const *parts) {
    for (size_t i = 0; i < PART_COUNT; i++)
        if (parts[i]->count != 0)
            memcpy(block + layout->part_at[i], parts[i]->data,
                   parts[i]->count * parts[i]->elem);
}

/* The kind totals of a document without a diagnostic (robots_txt's
 * kind_totals). */
static const uint32_t no_kind_totals[ROBOTS_DIAG_KIND_LAST + 1];

/* complexity: 109 lines, 18 (pmccabe). The document made in the order it
 * must be: the parts kept, the layout, the block from one of its four
 * sources, the copies, then every field of the header; its branches are
 * few, its length the header's fields. To split (the kept parts' choice
 * and the block's source as functions of their own) is left. */
static robots_txt *assemble(parser *p, size_t input, size_t parsed) {
    size_t unused = p->text.cap / 8 + drop_counts(p) * sizeof(rb_diag);
    rb_vec *const parts[PART_COUNT] = {
        [PART_GROUPS] = &p->groups,
        [PART_AGENTS] = &p->agents,
        [PART_RULES] = &p->rules,
        [PART_SITEMAP_BYTES] = &p->sitemaps.bytes,
        [PART_SITEMAP_MARKS] = &p->sitemaps.marks,
        [PART_EXTENSION_BYTES] = &p->extensions.bytes,
        [PART_EXTENSION_MARKS] = &p->extensions.marks,
        [PART_DIAGS] = &p->diags,
        [PART_TOKENS] = &p->index.tokens,
        [PART_TOKEN_SETS] = &p->index.token_sets,
        [PART_SET_DEFS] = &p->index.set_defs,
        [PART_SET_GROUPS] = &p->index.set_groups,
        [PART_TOKEN_SLOTS] = &p->index.token_slots,
    };
    size_t set_count = p->index.set_defs.count;
    unsigned kept = parts_to_keep(p, (const rb_vec *const *)parts);
    if (kept != 0 && !text_resized(p)) {
        /* A text's array that holds the whole document is kept with no
         * copy of the text, which is larger than the parts (the 512 KB
         * workload: 2.20 M instructions -> 2.57 M when its parts were
         * kept and its text copied): then none is kept. */
        block_layout whole;
        lay_out_block(p, (const rb_vec *const *)parts, set_count, 0, &whole);
        if (text_holds(p, whole.size, unused))
            kept = 0;
    }
    size_t counts[PART_COUNT];
    int failed = 0;
    size_t kept_count =
        kept != 0 ? resize_kept(p, parts, kept, counts, &failed) : 0;
    if (failed)
        return NULL;
    block_layout layout;
    lay_out_block(p, (const rb_vec *const *)parts, set_count, kept_count,
                  &layout);
    size_t size = layout.size;

    unsigned char *block;
    size_t block_size;
    int hosted = text_hosts(p, size);
    if (hosted) {
        /* the parts first, while the region is there */
        unsigned char *host = p->text.data;
        copy_parts(host, &layout, parts);
        forget_region_parts(p, parts);
        block = rb_resize(&p->mem, host, p->mem.region_host_size, size);
        if (block == NULL)
            return NULL; /* the host is still the region's, freed with it */
        rb_mem_give_host(&p->mem, block);
        block_size = size;
        p->text.data = NULL;
        p->text.cap = 0;
    } else if (text_resized(p)) {
        block = rb_resize(&p->mem, p->text.data, p->text.cap, size);
        if (block == NULL)
            return NULL;
        block_size = size;
        p->text.data = NULL;
        p->text.cap = 0;
    } else if (text_holds(p, size, unused)) {
        block = p->text.data; /* the document's now: not released */
        block_size = p->text.cap;
        p->text.data = NULL;
        p->text.cap = 0;
    } else {
        block = rb_alloc(&p->mem, size);
        if (block == NULL)
            return NULL;
        block_size = size;
        if (p->text.count != 0)
            memcpy(block, p->text.data, p->text.count);
    }
    if (!hosted)
        copy_parts(block, &layout, parts);
    robots_txt *doc = (robots_txt *)(block + layout.doc_at);
    /* Every field is set here or by parse_body() (mem, parse_limit), so
     * the header is not zeroed first: 512 bytes, a tenth of a tiny file's
     * assembly. */
    doc->block = block;
    doc->block_size = block_size;
    doc->kept_count = (uint32_t)kept_count;
    doc->profile = p->profile;
    doc->input_bytes = input;
    doc->parsed_bytes = parsed;
    doc->diag_total = p->diag_total;
    doc->kind_totals = no_kind_totals;
    if (p->diag_total != 0) {
        uint32_t *kinds = (uint32_t *)(void *)(block + layout.kinds_at);
        memcpy(kinds, p->kind_totals, sizeof p->kind_totals);
        doc->kind_totals = kinds;
    }
    doc->cut_offset = p->cut_line != 0 ? p->cut_offset : input;
    doc->cut_line = p->cut_line;
    doc->lines_not_read = p->lines_not_read;
    doc->bytes_not_read = p->bytes_not_read;
    doc->text = (const char *)block;
    point_at_parts(doc, block, &layout);
    if (kept != 0)
        doc->block_size += give_kept(doc, parts, kept, counts);
    init_check_state(doc, block, &layout, set_count);
    copy_counts(doc, p, set_count);
    doc->text_len = p->text.count;
    if (p->text.count == 0)
        doc->text = "";
    return doc;
}

void robots_options_init(robots_options *options) {
    if (options == NULL)
        return;
    memset(options, 0, sizeof *options);
    options->profile = ROBOTS_PROFILE_RFC9309;
    options->parse_limit = ROBOTS_DEFAULT_PARSE_LIMIT;
    options->memory_cap = 0;
    options->allocator = NULL;
}

size_t robots_parse_memory_bound(size_t body_len) {
    /* The densest inputs (an 8-byte rule per line, a Disallow per agent,
     * google's index.htm companions, agents named in many groups) peak at
     * about 7 bytes per input byte while the growable arrays are built
     * (tests/test_alloc.c measures them; the index is compiled later, by
     * the checks, outside this bound: see robots_check()). 32 is what it
     * was when the parse built the index too, kept so that no caller's cap
     * shrinks under it. The fixed part covers the normalisation scratch,
     * the capped diagnostics and the document header. */
    size_t fixed = 3 * ROBOTS_MAX_LINE_BYTES +
                   (ROBOTS_MAX_DIAGNOSTICS + 1) * (sizeof(rb_diag) + 260) * 3 +
                   (size_t)64 * 1024;
    if (body_len > (SIZE_MAX - fixed) / 32)
        return SIZE_MAX;
    return 32 * body_len + fixed;
}

/* The caller's arguments and options (options not NULL), each mistake an
 * early return of its own error: ROBOTS_OK when the body may be parsed. */
static robots_status check_arguments(const char *body, size_t body_len,
                                     size_t rest,
                                     const robots_options *options) {
    if ((body == NULL && body_len != 0) ||
        robots_profile_name(options->profile) == NULL ||
        !RB_RESERVED_ZERO(options) || options->content_usage_ends_group > 1 ||
        options->skip_diagnostics > 1 ||
        (options->allocator != NULL && (options->allocator->alloc == NULL ||
                                        options->allocator->free == NULL)))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    /* A prefix must hold every line the limit lets be read and the bytes
     * that say where the first line not read starts. */
    if (rest != 0 &&
        (options->parse_limit == 0 || body_len < options->parse_limit ||
         body_len - options->parse_limit < ROBOTS_PARSE_LOOKAHEAD_BYTES))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (body_len > ROBOTS_MAX_INPUT_BYTES)
        return ROBOTS_ERR_TOO_LARGE;
    return ROBOTS_OK;
}

/* A parser for the body, its arrays empty, its memory account opened. */
static void init_parser(parser *p, const char *body, size_t body_len,
                        size_t rest, const robots_options *options) {
    /* all but the arrays, set below, and the typo slots, read only once
     * written (parser.h) */
    memset(p, 0, offsetof(parser, mem));
    p->body = body;
    p->body_end = body + body_len;
    p->rest = rest;
    rb_mem_init(&p->mem, options->allocator, options->memory_cap);
    p->profile = options->profile;
    p->content_usage_ends_group = options->content_usage_ends_group != 0;
    p->skip_diagnostics = options->skip_diagnostics != 0;
    rb_vec_init(&p->groups, sizeof(rb_group));
    rb_vec_init(&p->agents, sizeof(rb_agent));
    rb_vec_init(&p->rules, sizeof(rb_rule));
    rb_records_init(&p->sitemaps);
    rb_records_init(&p->extensions);
    rb_vec_init(&p->diags, sizeof(rb_diag));
    if (p->skip_diagnostics) /* past the cap from the start (parser.h) */
        p->diags.count = RB_DIAGS_SKIPPED;
    rb_vec_init(&p->text, 1);
    rb_index_init(&p->index);
}

/* robots_parse() when rest is 0, robots_parse_prefix() otherwise. */
static robots_status parse_body(const char *body, size_t body_len, size_t rest,
                                const robots_options *options,
                                robots_txt **out) {
    if (out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = NULL;
    robots_options defaults;
    if (options == NULL) {
        robots_options_init(&defaults);
        options = &defaults;
    }
    robots_status valid = check_arguments(body, body_len, rest, options);
    if (valid != ROBOTS_OK)
        return valid;
    if (body == NULL)
        body = "";

    parser p;
    init_parser(&p, body, body_len, rest, options);

    size_t limit = body_len;
    if (options->parse_limit != 0 && options->parse_limit < limit)
        limit = options->parse_limit;
    size_t parsed = 0;
    _Alignas(16) unsigned char tiny_region[RB_PARSE_REGION_STACK];
    if (!open_region(&p, limit, tiny_region))
        p.failed = 1;
    else
        reserve_arrays(&p, limit);
    if (!p.failed)
        rb_parse_lines(&p, body, body_len, limit, &parsed);
    if (!p.failed &&
        !rb_index_one_star_group(
            &p.index, p.profile, (const rb_group *)p.groups.data,
            p.groups.count, (const rb_agent *)p.agents.data, p.agents.count) &&
        !rb_index_build_all(
            &p.mem, &p.index, p.profile, (const rb_group *)p.groups.data,
            p.groups.count, (const rb_agent *)p.agents.data, p.agents.count,
            (const rb_rule *)p.rules.data, p.rules.count,
            p.text.count ? (const char *)p.text.data : "", p.text.count))
        p.failed = 1;

    rb_mem_close_region(&p.mem); /* the document is the allocator's */
    robots_txt *doc = p.failed ? NULL : assemble(&p, body_len, parsed);
    robots_status failure = p.mem.failure;
    /* A small file's arrays all in the region go with it, unfreed one by
     * one: a dozen calls, a tenth of a tiny file's parse. */
    if (!rb_mem_only_region(&p.mem, doc != NULL ? doc->block_size : 0))
        release_parser(&p);
    rb_mem_release_region(&p.mem);
    if (doc == NULL)
        return failure != ROBOTS_OK ? failure : ROBOTS_ERR_NO_MEMORY;
    doc->mem.allocator = p.mem.allocator;
    doc->parse_limit = options->parse_limit;
    *out = doc;
    return ROBOTS_OK;
}

robots_status robots_parse(const char *body, size_t body_len,
                           const robots_options *options, robots_txt **out) {
    return parse_body(body, body_len, 0, options, out);
}

robots_status robots_parse_prefix(const char *prefix, size_t prefix_len,
                                  size_t rest, const robots_options *options,
                                  robots_txt **out) {
    return parse_body(prefix, prefix_len, rest, options, out);
}

void robots_free(robots_txt *doc) {
    if (doc == NULL)
        return;
    /* Copied: it lives in the block, which is freed last. */
    robots_allocator a = doc->mem.allocator;
    /* Whatever a check allocated (a set's unit, the group slots, the memo)
     * is counted in unit_bytes when it is published: a document no check
     * compiled a set or remembered a name for, as most first answers
     * leave it, is its block alone, freed with no walk of its sets (a
     * tenth of a tiny file's parse). */
    if (atomic_load_explicit(doc->unit_bytes, memory_order_relaxed) != 0) {
        rb_index_free_units(doc);
        /* the checks' memo (check.c, memo_slots()), if one remembered */
        rb_memo *memo = atomic_load_explicit(doc->memo, memory_order_relaxed);
        if (memo != NULL)
            a.free(a.ctx, memo, RB_MEMO_BYTES);
    }
    /* the parts kept out of the block (assemble()), then the block */
    size_t block_size = doc->block_size;
    const rb_kept_part *kept = rb_doc_kept(doc);
    for (uint32_t k = 0; k < doc->kept_count; k++) {
        block_size -= kept[k].size;
        a.free(a.ctx, kept[k].data, kept[k].size);
    }
    a.free(a.ctx, doc->block, block_size);
}
