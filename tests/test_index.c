/* SPDX-License-Identifier: MIT */
/*
 * test_index.c - the compiled index gives exactly the verdict, and the same
 * evidence, as the straightforward scan of every rule (rb_check_reference),
 * on many generated files, agents and paths in rfc9309 and google. The
 * generator draws from a small alphabet so that keys share prefixes,
 * patterns repeat across groups, and ties and index.htm companions occur.
 */
#include "agent.h"
#include "check.h"
#include "counting_alloc.h"
#include "document.h"
#include "index.h"
#include "index_build.h"
#include "index_layout.h"
#include "normalize.h"
#include "testing.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 9309;

static uint32_t next(void) {
    /* xorshift64*: deterministic, so a failure is reproducible. */
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return (uint32_t)((state * 2685821657736338717ull) >> 32);
}

static size_t pick(size_t n) {
    return next() % n;
}

static size_t gen_path(char *out, int pattern) {
    static const char *const pieces[] = {
        "a", "b", "/", "ab", "index.html", "?q=", "%41", "%2F", "é", ".php"};
    size_t len = 0;
    out[len++] = '/';
    size_t count = pick(5);
    for (size_t i = 0; i < count; i++) {
        if (pattern && pick(5) == 0) {
            out[len++] = '*';
            continue;
        }
        const char *p = pieces[pick(sizeof pieces / sizeof pieces[0])];
        while (*p)
            out[len++] = *p++;
    }
    if (pattern && pick(4) == 0)
        out[len++] = '$';
    if (pattern && pick(8) == 0)
        out[0] = '*';
    return len;
}

static size_t seen_reason[6], seen_disallowed;

/* The reference scan's answer to one query. The scan reads every rule of
 * the groups that apply, thousands in the large documents below: where a
 * test asks the same query again (memory running out at each request of
 * the check, a set compiled by the first check), the answer is computed
 * once and kept. A kept answer is the one the scan would give again only
 * if the scan would get the same memory: it asks for none (its scratch
 * fits its stack area, check_path.c), or none of its requests would be
 * refused now (a refused one makes it answer ROBOTS_ERR_NO_MEMORY).
 * same_as_reference() asserts that, from the requests the scan made. */
typedef struct reference {
    robots_status status;
    robots_verdict verdict;
    size_t scan_requests; /* to kept_scans' allocator */
} reference;

/* The counting allocator of the document whose scans' answers a test
 * keeps, while it keeps them (many_wildcard_rules(),
 * raw_rules_gathered()). */
static const counting *kept_scans;

/* robots_check()'s answer (status a, verdict fast) against the
 * reference's to the same query. */
static void agrees(robots_status a, const robots_verdict *fast,
                   const reference *ref, const robots_str *agents,
                   const char *path, size_t len) {
    const robots_verdict *slow = &ref->verdict;
    EXPECT_EQ(a, ref->status);
    if (a != ROBOTS_OK)
        return;
    seen_reason[fast->reason]++;
    seen_disallowed += !fast->allowed;
    EXPECT_MSG(fast->allowed == slow->allowed && fast->reason == slow->reason &&
                   fast->group == slow->group && fast->rule == slow->rule &&
                   fast->specific == slow->specific &&
                   fast->rule_line == slow->rule_line,
               "path '%.*s' agent '%.*s': index %d/%s/g%zu/r%zu, scan "
               "%d/%s/g%zu/r%zu",
               (int)(len < 120 ? len : 120), path, (int)agents[0].len,
               agents[0].ptr, fast->allowed, robots_reason_name(fast->reason),
               fast->group, fast->rule, slow->allowed,
               robots_reason_name(slow->reason), slow->group, slow->rule);
}

/* robots_check() against the reference scan; the scan's answer, for the
 * same query asked again (same_as_reference()). */
static reference same_verdict(const robots_txt *doc, const robots_str *agents,
                              size_t n, const char *path, size_t len) {
    robots_verdict fast;
    reference ref;
    rb_skip_direct_walks(doc); /* the index, not the scan, from the first */
    robots_status a = robots_check(doc, agents, n, path, len, &fast);
    size_t calls = kept_scans ? kept_scans->calls : 0;
    ref.status = rb_check_reference(doc, agents, n, path, len, &ref.verdict);
    ref.scan_requests = kept_scans ? kept_scans->calls - calls : 0;
    agrees(a, &fast, &ref, agents, path, len);
    return ref;
}

/* same_verdict() of a query asked before, whose scan answered ref. */
static void same_as_reference(const robots_txt *doc, const robots_str *agents,
                              size_t n, const char *path, size_t len,
                              const reference *ref) {
    robots_verdict fast;
    const counting *c = kept_scans;
    int refusing = c != NULL && (c->refuse || c->fail_at != 0 ||
                                 c->fail_from != 0 || c->refuse_above != 0);
    EXPECT_MSG(c != NULL && (ref->scan_requests == 0 || !refusing),
               "an answer kept from a scan that asked for memory (%zu "
               "requests), reused while requests are refused",
               ref->scan_requests);
    rb_skip_direct_walks(doc);
    robots_status a = robots_check(doc, agents, n, path, len, &fast);
    agrees(a, &fast, ref, agents, path, len);
}

/* same_verdict() of a query, the first time it is asked (again == 0),
 * keeping the scan's answer in *ref; same_as_reference() after. */
static void asked(const robots_txt *doc, const robots_str *agent,
                  const char *path, size_t len, int again, reference *ref) {
    if (again)
        same_as_reference(doc, agent, 1, path, len, ref);
    else
        *ref = same_verdict(doc, agent, 1, path, len);
}

/* The document of body in profile p (rfc9309 0, google 1), or NULL after
 * a failed expectation. */
/* "User-agent: *" and `rules` rule lines into body, line r written by
 * `format` with r, or by `third` where r is a multiple of 3 (when not
 * NULL): the large one-group bodies of these tests. Returns its length. */
static size_t one_group_body(char *body, int rules, const char *format,
                             const char *third) {
    size_t len = (size_t)sprintf(body, "User-agent: *\n");
    for (int r = 0; r < rules; r++)
        len += (size_t)sprintf(body + len,
                               third != NULL && r % 3 == 0 ? third : format, r);
    return len;
}

static robots_txt *parse_with(const char *body, size_t len, int p,
                              const robots_allocator *allocator) {
    robots_options options;
    robots_options_init(&options);
    options.profile = (robots_profile)p;
    options.allocator = allocator;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    return doc;
}

static robots_txt *parse_as(const char *body, size_t len, int p) {
    return parse_with(body, len, p, NULL);
}

/* Many agents named both in one big group and in a small group each: merged
 * sets would copy the big group once per agent (quadratic), so past the
 * budget the index falls back to per-group sets. Verdicts must not change
 * and memory must stay within robots_parse_memory_bound(). */
static void merge_budget(void) {
    enum { AGENTS = 300, RULES = 3000 };
    static char body[AGENTS * 40 + RULES * 24 + 64];
    size_t len = 0;
    for (int a = 0; a < AGENTS; a++)
        len += (size_t)sprintf(body + len, "User-agent: bot-%c%c%c\n",
                               'a' + a % 26, 'a' + a / 26 % 26, 'a' + a / 676);
    for (int r = 0; r < RULES; r++)
        len += (size_t)sprintf(body + len, "Disallow: /p%d/*x$\n", r);
    for (int a = 0; a < AGENTS; a++)
        len += (size_t)sprintf(
            body + len, "User-agent: bot-%c%c%c\nAllow: /p%d/\n", 'a' + a % 26,
            'a' + a / 26 % 26, 'a' + a / 676, a);
    for (int p = 0; p < 2; p++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        options.memory_cap = robots_parse_memory_bound(len);
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
        if (doc == NULL)
            continue;
        EXPECT(doc->token_set_count > 0); /* some token fell back */
        EXPECT(robots_txt_memory_used(doc) < 8 * len);
        const char *paths[] = {"/p7/ax", "/p7/a", "/p2999/x", "/q"};
        for (int a = 0; a < AGENTS; a += 37) {
            char name[8];
            snprintf(name, sizeof name, "bot-%c%c%c", 'a' + a % 26,
                     'a' + a / 26 % 26, 'a' + a / 676);
            robots_str agent = {name, strlen(name)};
            for (size_t i = 0; i < 4; i++)
                same_verdict(doc, &agent, 1, paths[i], strlen(paths[i]));
        }
        robots_free(doc);
    }
}

/* The groups of the one set a token selects (its sets word must be
 * RB_TOKEN_ONE_SET), into out; their count. */
static size_t token_groups(const robots_txt *doc, uint32_t t, uint32_t *out) {
    uint32_t one, count;
    const uint32_t *sets = rb_token_sets(
        doc, rb_token_sets_word(doc, doc->tokens[t]), &one, &count);
    EXPECT_EQ(count, 1);
    rb_set_def def = rb_set_def_of(doc, sets[0]);
    memcpy(out, rb_set_groups(doc, &def), def.count * sizeof *out);
    return def.count;
}

/* The token caller's name finds (EXPECTed found). */
static uint32_t token_of(const robots_txt *doc, const char *name) {
    robots_str caller = {name, strlen(name)};
    uint32_t t = UINT32_MAX;
    EXPECT_EQ(rb_index_tokens(doc, &caller, 1, &t), 1);
    return t;
}

/* A token named on several lines of one group reads that group's own set
 * through its first line's agent; a token later groups name too merges
 * every group naming it, ascending, each once. */
static void merged_tokens(const robots_txt *doc) {
    EXPECT_EQ(doc->token_count, 3);                  /* a, b, c */
    EXPECT_EQ(doc->token_slot_count, 8 + 8 / 2 + 1); /* 8 lines */
    uint32_t a = token_of(doc, "A"), b = token_of(doc, "b"),
             c = token_of(doc, "C");
    EXPECT(a == 0 && b == 1 && c == 2); /* first lines' order */
    EXPECT_EQ(doc->tokens[a], RB_TOKEN_OWN | 0u);
    uint32_t groups[8];
    EXPECT_EQ(token_groups(doc, a, groups), 1);
    EXPECT_EQ(groups[0], 0);
    EXPECT_EQ(token_groups(doc, b, groups), 3);
    EXPECT(groups[0] == 0 && groups[1] == 2 && groups[2] == 4);
    EXPECT_EQ(token_groups(doc, c, groups), 2);
    EXPECT(groups[0] == 1 && groups[1] == 4);
    EXPECT_EQ(doc->set_count, 2); /* b's and c's; `*` is group 3's */
    EXPECT_EQ(doc->wildcard_set, RB_SET_OF_GROUP | 3u);
}

/* `*` groups alone: no token, no table, the `*` set merging them. */
static void star_groups(const robots_txt *doc) {
    EXPECT(doc->token_count == 0 && doc->token_slot_count == 0);
    rb_set_def star = rb_set_def_of(doc, doc->wildcard_set);
    EXPECT_EQ(star.count, 2);
    EXPECT(rb_set_groups(doc, &star)[0] == 0 &&
           rb_set_groups(doc, &star)[1] == 1);
}

/* Values starting with no token byte: in rfc9309 they name nobody and
 * are given no table slots; in google they name the empty caller. */
static void empty_tokens(const robots_txt *doc) {
    if (doc->profile == ROBOTS_PROFILE_RFC9309) {
        EXPECT(doc->token_count == 0 && doc->token_slot_count == 0);
    } else {
        /* one empty token, named in both groups: 3 lines' slots */
        EXPECT_EQ(doc->token_count, 1);
        EXPECT_EQ(doc->token_slot_count, 3 + 3 / 2 + 1);
        uint32_t groups[4];
        EXPECT_EQ(token_groups(doc, token_of(doc, ""), groups), 2);
    }
    EXPECT_EQ(rb_set_def_of(doc, doc->wildcard_set).first, 1);
}

/* Lines that name no token in rfc9309 (an empty one, which google files)
 * between lines that do, and a value the parse's usual path leaves (over
 * 32 bytes, its token over 16): each line's token is told apart by its
 * own bytes, and its length is found whether its first line is the
 * parse's usual path's or not; a token named a third time ("a") joins
 * the same set. */
static void tokens_among_other_lines(const robots_txt *doc) {
    int google = doc->profile == ROBOTS_PROFILE_GOOGLE;
    uint32_t lines = google ? 7 : 5;
    EXPECT_EQ(doc->token_count, google ? 3 : 2);
    EXPECT_EQ(doc->token_slot_count, lines + lines / 2 + 1);
    uint32_t a = token_of(doc, "A"),
             longer = token_of(doc, "mozilla-compatible-very-long-name-"
                                    "over-thirty-two");
    EXPECT(a == (uint32_t)google && longer == (uint32_t)google + 1);
    uint32_t groups[4];
    EXPECT_EQ(token_groups(doc, a, groups), 3);
    EXPECT(groups[0] == 0 && groups[1] == 1 && groups[2] == 2);
    EXPECT_EQ(token_groups(doc, longer, groups), 2);
    EXPECT(groups[0] == 1 && groups[1] == 2);
    if (google) {
        EXPECT_EQ(token_groups(doc, token_of(doc, ""), groups), 2);
        EXPECT(groups[0] == 0 && groups[1] == 1);
    }
}

/* What the parse builds of the index (index.c's build_tokens()), for
 * each of these bodies in rfc9309 and google. */
static void token_build_shapes(void) {
    static const struct {
        const char *body;
        void (*holds)(const robots_txt *doc);
    } shapes[] = {
        {"User-agent: a\nUser-agent: b\nUser-agent: A\nDisallow: /0\n"
         "User-agent: c\nDisallow: /1\n"
         "User-agent: B/2\nUser-agent: b\nDisallow: /2\n"
         "User-agent: *\nDisallow: /3\n"
         "User-agent: b\nUser-agent: c\nDisallow: /4\n",
         merged_tokens},
        {"User-agent: *\nDisallow: /a\n"
         "User-agent: *\nUser-agent: *\nDisallow: /b\n",
         star_groups},
        {"User-agent: /x\nUser-agent: 1bot\nDisallow: /a\n"
         "User-agent: *\nUser-agent: !\nDisallow: /b\n",
         empty_tokens},
        {"User-agent: 360Spider\nUser-agent: a\nDisallow: /0\n"
         "User-agent: *x\n"
         "User-agent: Mozilla-compatible-very-long-name-over-thirty-two/1.0\n"
         "User-agent: A\nDisallow: /1\n"
         "User-agent: MOZILLA-compatible-very-long-name-over-thirty-two\n"
         "User-agent: a\nDisallow: /2\n",
         tokens_among_other_lines},
    };
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int p = 0; p < 2; p++) {
            robots_txt *doc =
                parse_as(shapes[s].body, strlen(shapes[s].body), p);
            if (doc == NULL)
                continue;
            shapes[s].holds(doc);
            robots_free(doc);
        }
}

/* `groups` groups (at most 26), group g naming "bot" and the g-th letter
 * ("bota", "botb", ...) and disallowing "/p<g>", but the last, which
 * names "bota" again (a token of two groups, merged),
 * then, when `pad`, a comment past RB_PARSE_REGION_INPUT (16 KiB), so
 * that the parse has no region and the build's scratch, when not on its
 * stack, is the allocator's. The body's length. */
static size_t scratch_body(char *body, int groups, int pad) {
    size_t len = 0;
    for (int g = 0; g < groups; g++)
        len +=
            (size_t)sprintf(body + len, "User-agent: bot%c\nDisallow: /p%d\n",
                            g + 1 < groups ? 'a' + g : 'a', g);
    if (pad) {
        body[len++] = '#';
        memset(body + len, 'x', 16400);
        len += 16400;
        body[len++] = '\n';
    }
    body[len] = '\0';
    return len;
}

/* The build's scratch is on its stack when it holds every line naming a
 * token and every group (index.c, RB_INDEX_STACK_SCRATCH: 16 of each,
 * 768 bytes), else allocated (one call more of the allocator): the same
 * index on either side, and each allocation of the parse refused in turn
 * fails it with nothing left allocated. */
static void scratch_sides(void) {
    static char body[17 * 40 + 16400 + 64];
    size_t calls_at[2] = {0, 0}; /* padded, rfc9309: 16 groups, 17 */
    for (int groups = 16; groups <= 17; groups++)
        for (int pad = 0; pad < 2; pad++) {
            size_t len = scratch_body(body, groups, pad);
            for (int p = 0; p < 2; p++) {
                robots_txt *doc = parse_as(body, len, p);
                if (doc == NULL)
                    continue;
                EXPECT_EQ(doc->token_count, (size_t)groups - 1);
                uint32_t ids[2];
                EXPECT_EQ(token_groups(doc, token_of(doc, "BOTA"), ids), 2);
                EXPECT(ids[0] == 0 && ids[1] == (uint32_t)groups - 1);
                EXPECT_EQ(token_groups(doc, token_of(doc, "botb"), ids), 1);
                EXPECT_EQ(ids[0], 1);
                robots_str bota = {"bota", 4};
                robots_verdict v;
                char last[16];
                snprintf(last, sizeof last, "/p%d", groups - 1);
                EXPECT_EQ(robots_check(doc, &bota, 1, last, strlen(last), &v),
                          ROBOTS_OK);
                EXPECT(!v.allowed);
                EXPECT_EQ(robots_check(doc, &bota, 1, "/p1", 3, &v), ROBOTS_OK);
                EXPECT(v.allowed);
                robots_free(doc);
                if (!pad)
                    continue;
                counting count;
                memset(&count, 0, sizeof count);
                robots_allocator a = {counting_alloc, counting_free, &count};
                robots_free(parse_with(body, len, p, &a));
                size_t calls = count.calls;
                if (p == 0)
                    calls_at[groups - 16] = calls;
                for (size_t fail = 1; fail <= calls; fail++) {
                    memset(&count, 0, sizeof count);
                    count.fail_at = fail;
                    robots_options options;
                    robots_options_init(&options);
                    options.profile = (robots_profile)p;
                    options.allocator = &a;
                    doc = (robots_txt *)(void *)&doc;
                    EXPECT_EQ(robots_parse(body, len, &options, &doc),
                              ROBOTS_ERR_NO_MEMORY);
                    EXPECT(doc == NULL);
                    EXPECT(count.blocks == 0 && !count.size_mismatch);
                }
            }
        }
    EXPECT_EQ(calls_at[1], calls_at[0] + 1);
}

/* A file's rare lines (a `*` line, a token named again) far apart and
 * close together, among groups of one token each: the build finds each
 * one's group with a cursor that only moves forward (index.c's
 * group_of_line()), which must land on the group holding the line whether
 * it is the same group as the last rare line's, the next, a few on, or
 * many, up to the last group. */
static void rare_lines_apart(void) {
    static const int stars[] = {0, 1, 2, 5, 6, 13, 31, 32, 64, 98, 99};
    enum { GROUPS = 100, STARS = sizeof stars / sizeof stars[0] };
    static char body[GROUPS * 64];
    for (int p = 0; p < 2; p++) {
        size_t len = 0, s = 0;
        for (int g = 0; g < GROUPS; g++) {
            len += (size_t)sprintf(body + len, "User-agent: bot%c%c\n",
                                   'a' + g / 26, 'a' + g % 26);
            if (s < STARS && stars[s] == g) {
                len += (size_t)sprintf(body + len, "User-agent: *\n");
                s++;
            }
            if (g == 70) /* the first group's token, named again */
                len += (size_t)sprintf(body + len, "User-agent: BOTAA\n");
            len += (size_t)sprintf(body + len, "Disallow: /p%d\n", g);
        }
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        rb_set_def star = rb_set_def_of(doc, doc->wildcard_set);
        EXPECT_EQ(star.count, STARS);
        for (size_t i = 0; i < STARS && i < star.count; i++)
            EXPECT_EQ(rb_set_groups(doc, &star)[i], (uint32_t)stars[i]);
        uint32_t ids[2];
        EXPECT_EQ(token_groups(doc, token_of(doc, "botaa"), ids), 2);
        EXPECT(ids[0] == 0 && ids[1] == 70);
        EXPECT_EQ(token_groups(doc, token_of(doc, "botcs"), ids), 1);
        EXPECT_EQ(ids[0], 70);
        robots_free(doc);
    }
}

/* The shapes a check filters before matching: many "/x*?k=" and "/x*.e$"
 * rules under one key (the filters, the cached byte search over several
 * '?'), against paths that end, or do not, with what the rules need. */
static void wildcard_filters(void) {
    static const char *const params[] = {
        "?q=", "?sid=", "?a=", "?qq=", "=", "?", "q?", "a?q="};
    static const char *const exts[] = {".pdf",   ".f", "f",
                                       ".pdf.f", "df", "?q=.pdf"};
    static const char *const tails[] = {
        "",        "?q=",  "?qq=1", "?a=?q=",   ".pdf", "a.pdf",
        "?q=.pdf", "?sid", "??q=",  "x?a=1?q=", "f",    "/a/b?"};
    char body[4096];
    size_t len = 0;
    len += (size_t)snprintf(body + len, sizeof body - len, "User-agent: *\n");
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++)
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "%s: /*%s\n%s: /a*%s*b\n",
                                i % 2 ? "Allow" : "Disallow", params[i],
                                i % 3 ? "Allow" : "Disallow", params[i]);
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++)
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "%s: /*%s$\n%s: /a/*x*%s$\n",
                                i % 2 ? "Disallow" : "Allow", exts[i],
                                i % 3 ? "Disallow" : "Allow", exts[i]);
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        robots_str agent = {"bot", 3};
        static const char *const heads[] = {"/", "/a", "/a/", "/a/x", "/ab"};
        char path[128];
        for (size_t h = 0; h < sizeof heads / sizeof heads[0]; h++) {
            for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
                int n = snprintf(path, sizeof path, "%s%s", heads[h], tails[t]);
                same_verdict(doc, &agent, 1, path, (size_t)n);
                n = snprintf(path, sizeof path, "%s%sb", heads[h], tails[t]);
                same_verdict(doc, &agent, 1, path, (size_t)n);
            }
        }
        robots_free(doc);
    }
}

/* The run markers of this kind (RB_RUN_*) in a compiled set's nodes
 * (markers), or its entries that are no marker (not markers); 0 for no
 * unit. */
static size_t unit_entries(const rb_unit *unit, int markers, uint32_t kind) {
    size_t found = 0;
    for (size_t n = 0; unit != NULL && n < unit->set.slot_count; n++) {
        uint32_t v = unit->slots[unit->set.first_slot + n], count;
        if (v == 0)
            continue;
        const uint32_t *e = rb_node_entries(
            unit, &unit->nodes[(v & unit->slot_node_mask) - 1], &count);
        for (uint32_t i = 0; i < count; i++)
            found += markers ? (e[i] & RB_ENTRY_RUN) != 0 &&
                                   RB_RUN_KIND(e[i]) == kind
                             : (e[i] & RB_ENTRY_RUN) == 0;
    }
    return found;
}

/* The run markers of this kind. */
static size_t unit_markers(const rb_unit *unit, uint32_t kind) {
    return unit_entries(unit, 1, kind);
}

/* A key of many rules keeps them in runs behind tests of the path (see
 * RB_ENTRY_RUN): rules ending in "...B$" by their last byte B, in order
 * of B, the others by a byte they need. Rules of every kind, last bytes
 * on both sides of a path's last byte, and bytes above 0x7F. */
static void runs_of_entries(void) {
    static const char *const rules[] = {
        "Disallow: /*.php$", "Allow: /*.jpg$",   "Disallow: /*.png$",
        "Allow: /*a.php$",   "Disallow: /*g$",   "Disallow: /*\xC3\xA9$",
        "Disallow: /*?q=",   "Allow: /*?q=a",    "Disallow: /*?s*",
        "Allow: /*a",        "Disallow: /*\xC3", "Disallow: /*",
        "Allow: /$",         "Disallow: /a",     "Allow: /a/*b$",
        "Disallow: /*.php",  "Allow: /*x*.png$", "Disallow: /*p$",
        "Allow: /index.html"};
    static const char *const paths[] = {
        "/",       "/a",     "/x.php", "/xa.php",     "/x.jpg", "/x.png",
        "/xx.png", "/g",     "/p",     "/q",          "/?q=",   "/?q=a",
        "/?s",     "/b?q=1", "/\xC3",  "/x\xC3\xA9",  "/a/b",   "/a/c",
        "/x.phq",  "/x.ph",  "/z",     "/index.html", "/A.PHP", "/x.php?"};
    char body[2048], path[64];
    for (int p = 0; p < 2; p++) {
        size_t len = (size_t)snprintf(body, sizeof body, "User-agent: *\n");
        for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
            len += (size_t)snprintf(body + len, sizeof body - len, "%s\n",
                                    rules[i]);
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        EXPECT(unit != NULL);
        /* the key "/" is written in runs */
        EXPECT(unit_markers(unit, RB_RUN_ALL) +
                   unit_markers(unit, RB_RUN_LAST) +
                   unit_markers(unit, RB_RUN_HAS) >=
               4);
        EXPECT(unit == NULL ||
               unit->bytes <= 30 * (sizeof rules / sizeof rules[0]) + 96);
        robots_str agent = {"bot", 3};
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
            int n = snprintf(path, sizeof path, "%s", paths[i]);
            same_verdict(doc, &agent, 1, path, (size_t)n);
        }
        robots_free(doc);
    }
}

/* Every HAS run of a unit is ordered as a check's binary search needs:
 * by head (RB_HEAD_KEY), then by priority, highest first. Returns the
 * runs seen. */
static size_t has_runs_ordered(const robots_txt *doc, const rb_unit *unit) {
    size_t runs = 0;
    for (size_t n = 0; unit != NULL && n < unit->set.slot_count; n++) {
        uint32_t v = unit->slots[unit->set.first_slot + n], count;
        if (v == 0)
            continue;
        const rb_node *node = &unit->nodes[(v & unit->slot_node_mask) - 1];
        const uint32_t *e = rb_node_entries(unit, node, &count);
        const uint32_t *f = unit->filters + (e - unit->entries);
        for (uint32_t i = 0; i < count; i++) {
            if (!(e[i] & RB_ENTRY_RUN) || RB_RUN_KIND(e[i]) != RB_RUN_HAS)
                continue;
            runs++;
            for (uint32_t k = i + 2; k <= i + RB_RUN_COUNT(e[i]); k++) {
                uint32_t a = RB_HEAD_KEY(f[k - 1]), b = RB_HEAD_KEY(f[k]);
                EXPECT(a < b ||
                       (a == b && doc->rules[e[k - 1]].normalized_len >=
                                      doc->rules[e[k]].normalized_len));
            }
        }
    }
    return runs;
}

/* A HAS run of thousands of rules under "/": a star, then "?pN=" for N
 * below 3000 (and "*x" after some): a check finds the few whose head the
 * path has. */
static void large_has_run(void) {
    static char body[3000 * 40];
    for (int p = 0; p < 2; p++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (int r = 0; r < 3000; r++)
            len += (size_t)sprintf(body + len, "%s: /*?p%d=%s\n",
                                   r % 3 ? "Disallow" : "Allow", r,
                                   r % 7 ? "" : "*x");
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        EXPECT(has_runs_ordered(doc, rb_index_unit(doc, doc->wildcard_set)) ==
               1);
        static const char *const paths[] = {
            "/a?p1234=1",  "/a?p12=",      "/a?p7=x", "/a?p7=", "/a?p0=1x",
            "/a?q=1?p21=", "/a?p2999=?p3", "/?p",     "/?",     "/a"};
        robots_str agent = {"bot", 3};
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
            same_verdict(doc, &agent, 1, paths[i], strlen(paths[i]));
        robots_free(doc);
    }
}

/* The rules of a HAS run are filtered by the bytes after the run's byte
 * (RB_HEAD_MAX): segments of 1 to 4 bytes after one or two stars, with
 * more after them or a final `$`, against paths where that byte occurs
 * never, once, twice (the first occurrence not the one that matches),
 * before the key, or last. Every rule file has its key "/" in runs. */
static void head_filters(void) {
    static const char alphabet[] = {'?', 'q', '=', 'a', '/', '\xC3'};
    char body[4096], path[32];
    size_t has_runs = 0, wild_wins = 0;
    for (int round = 0; round < 300; round++) {
        size_t len = (size_t)snprintf(body, sizeof body, "User-agent: *\n");
        for (int r = 0; r < 12 + (int)pick(12); r++) {
            len += (size_t)snprintf(body + len, sizeof body - len, "%s: /%s*%s",
                                    pick(2) ? "Allow" : "Disallow",
                                    pick(4) ? "" : "a", pick(4) ? "" : "*");
            body[len++] = pick(3) ? '?' : alphabet[pick(sizeof alphabet)];
            for (size_t n = pick(4); n > 0; n--)
                body[len++] = alphabet[pick(sizeof alphabet)];
            if (pick(5) == 0)
                len += (size_t)snprintf(body + len, sizeof body - len, "*%c",
                                        alphabet[pick(sizeof alphabet)]);
            if (pick(6) == 0)
                body[len++] = '$';
            body[len++] = '\n';
        }
        int p = round % 2;
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        has_runs += unit_markers(unit, RB_RUN_HAS);
        EXPECT(has_runs_ordered(doc, unit) == unit_markers(unit, RB_RUN_HAS));
        robots_str agent = {"bot", 3};
        for (int q = 0; q < 60; q++) {
            size_t n = 0;
            path[n++] = '/';
            for (size_t k = pick(9); k > 0; k--)
                path[n++] = alphabet[pick(sizeof alphabet)];
            same_verdict(doc, &agent, 1, path, n);
            robots_verdict v;
            if (robots_check(doc, &agent, 1, path, n, &v) == ROBOTS_OK &&
                v.reason == ROBOTS_REASON_LONGEST_MATCH)
                wild_wins +=
                    memchr(v.rule_pattern, '*', v.rule_pattern_len) != NULL;
        }
        robots_free(doc);
    }
    EXPECT(has_runs > 300);
    EXPECT(wild_wins > 2000);
}

/* Rules whose pattern after the key is one literal segment, "*seg$" or
 * "*seg", are matched by one compare where the segment must be: the
 * path's end, or the only occurrence of a HAS run's byte. Segments of 1
 * to 9 bytes that differ in one byte only, keys the segment overlaps
 * ("/ab" then "*b$" against "/ab"), and paths that end with a segment but
 * for its first byte, or are a byte too short for it. */
static void single_segments(void) {
    static const char *const segs[] = {
        "b",     "ab",     "?q=",     "?q=1",     ".html",
        "xhtml", "?query", "?querz=", "a.b.c.d.e"};
    static const char *const keys[] = {"/", "/a", "/ab"};
    char body[4096], path[64];
    for (int p = 0; p < 2; p++) {
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
            size_t len = (size_t)snprintf(body, sizeof body, "User-agent: *\n");
            for (size_t i = 0; i < sizeof segs / sizeof segs[0]; i++)
                len += (size_t)snprintf(body + len, sizeof body - len,
                                        "Disallow: %s*%s$\nAllow: %s*%s\n",
                                        keys[k], segs[i], keys[k], segs[i]);
            robots_txt *doc = parse_as(body, len, p);
            if (doc == NULL)
                continue;
            robots_str agent = {"bot", 3};
            for (size_t h = 0; h < sizeof keys / sizeof keys[0]; h++) {
                for (size_t i = 0; i < sizeof segs / sizeof segs[0]; i++) {
                    const char *seg = segs[i];
                    int n = snprintf(path, sizeof path, "%s%s", keys[h], seg);
                    same_verdict(doc, &agent, 1, path, (size_t)n);
                    /* a byte short, or its first byte changed */
                    n = snprintf(path, sizeof path, "%s%s", keys[h], seg + 1);
                    same_verdict(doc, &agent, 1, path, (size_t)n);
                    n = snprintf(path, sizeof path, "%sZ%s", keys[h], seg + 1);
                    same_verdict(doc, &agent, 1, path, (size_t)n);
                    n = snprintf(path, sizeof path, "%s%sz", keys[h], seg);
                    same_verdict(doc, &agent, 1, path, (size_t)n);
                }
            }
            robots_free(doc);
        }
    }
}

/* robots.h's bound on a compiled set, 30 * E + 96 bytes, on its worst
 * shape: every rule a key of its own and a wildcard, so each keeps its
 * filter apart from its node. */
static void unit_size_bound(void) {
    enum { E = 1000 };
    static char body[32 * 1024];
    for (int p = 0; p < 2; p++) {
        size_t len = one_group_body(body, E, "Disallow: /k%d*x\n", NULL);
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        EXPECT(unit != NULL);
        EXPECT(unit == NULL || (unit->bytes <= 30 * E + 96 && /* the bound */
                                unit->bytes > 25 * E));       /* and near it */
        robots_str agent = {"bot", 3};
        same_verdict(doc, &agent, 1, "/k12/x", 6);
        same_verdict(doc, &agent, 1, "/k12/y", 6);
        robots_free(doc);
    }
}

/* The prefixes filter stops a walk at a '/' that no key goes on from: a
 * tree of directory keys, paths that leave it at every depth or stay in
 * it, and keys that are themselves prefixes of longer keys. */
static void prefix_stops(void) {
    static char body[64 * 1024];
    char path[64];
    for (int p = 0; p < 2; p++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (int i = 0; i < 20; i++) {
            len += (size_t)sprintf(body + len, "Allow: /d%d/\n", i);
            for (int j = 0; j < 20; j++)
                len += (size_t)sprintf(body + len,
                                       "Disallow: /d%d/e%d/\n"
                                       "Allow: /d%d/e%d/f*.x$\n",
                                       i, j, i, j);
        }
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        EXPECT(unit != NULL && rb_bloom_words(unit->set.slot_count) != 0);
        robots_str agent = {"bot", 3};
        for (int t = 0; t < 3000; t++) {
            int i = (int)pick(24), j = (int)pick(24), k = (int)pick(4);
            static const char *const shapes[] = {
                "/d%d/e%d/f%d.x", "/d%d/e%d/f%d.y", "/d%d/e%d",    "/d%d/",
                "/d%d/z%d/e%d/",  "/q/d%d/e%d/%d",  "/d%d/e%d/%d/"};
            int n = snprintf(path, sizeof path, shapes[pick(7)], i, j, k);
            same_verdict(doc, &agent, 1, path, (size_t)n);
        }
        robots_free(doc);
    }
}

/* A set large enough for a Bloom filter of its keys (RB_BLOOM_MIN_SLOTS):
 * keys over a small alphabet share long prefixes, so a path passes and
 * fails the filter at every depth, and wildcard keys mix in. */
static void large_set_filter(void) {
    static char body[64 * 1024];
    char path[64];
    for (int p = 0; p < 2; p++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (int r = 0; r < 900; r++) {
            size_t n = 1 + pick(14);
            for (size_t i = 0; i < n; i++)
                path[i] = "ab/?*"[pick(r % 7 ? 4 : 5)];
            len += (size_t)sprintf(body + len, "%s: /%.*s%s\n",
                                   pick(3) ? "Disallow" : "Allow", (int)n, path,
                                   pick(6) ? "" : "$");
        }
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = doc->wildcard_set != UINT32_MAX
                                  ? rb_index_unit(doc, doc->wildcard_set)
                                  : NULL;
        EXPECT(unit != NULL && rb_bloom_words(unit->set.slot_count) != 0);
        /* robots.h: a set of E entries takes at most 30 * E + 96 bytes */
        EXPECT(unit == NULL || unit->bytes <= 30 * 900 + 96);
        robots_str agent = {"bot", 3};
        for (int t = 0; t < 4000; t++) {
            size_t n = 1 + pick(20);
            path[0] = '/';
            for (size_t i = 1; i < n; i++)
                path[i] = "ab/?c"[pick(5)];
            same_verdict(doc, &agent, 1, path, n);
        }
        robots_free(doc);
    }
}

/* Raw UTF-8 rules of two stars past the budget (`/`, `*é<N>*z`: each gets its
 * normal form once gathered, and goes to the one pass, as its pairs are
 * all in the path), then raw rules of one literal (`/`, `*é<N>`: decided by
 * their hashes once normalised), with memory running out at each request
 * of the check: the pairs, the normal forms, the literals' table, the one
 * pass. Every way, the verdict is the scan's. */
static void raw_rules_out_of_memory(void) {
    enum { RULES = 300 };
    static char body[RULES * 24 + 64];
    static char path[8000];
    const char *const formats[] = {"Disallow: /*\xc3\xa9%d*z\n",
                                   "Disallow: /*\xc3\xa9%d\n"};
    counting count;
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    /* "/" + e-acute x 1000 + every pair of digits + "z" */
    size_t n = 1;
    path[0] = '/';
    for (int i = 0; i < 1000; i++, n += 2)
        memcpy(path + n, "\xc3\xa9", 2);
    for (int pair = 0; pair < 100; pair++)
        n += (size_t)sprintf(path + n, "%02d", pair);
    path[n++] = 'z';
    for (int f = 0; f < 2; f++) {
        size_t len = one_group_body(body, RULES, formats[f], NULL);
        memset(&count, 0, sizeof count);
        robots_txt *doc = parse_with(body, len, 0, &allocator);
        if (doc == NULL)
            continue;
        robots_str agent = {"bot", 3};
        same_verdict(doc, &agent, 1, path, n); /* compiles the set */
        robots_verdict want, got;
        EXPECT_EQ(rb_check_reference(doc, &agent, 1, path, n, &want),
                  ROBOTS_OK);
        size_t requests = 0, answered = 0;
        for (size_t fail = 1; fail < 40; fail++) {
            count.calls = 0;
            count.fail_at = fail;
            robots_status status = robots_check(doc, &agent, 1, path, n, &got);
            if (requests == 0 && count.calls < fail)
                requests = fail - 1; /* every request failed once */
            /* only the work area (the long path's normal form) may fail
             * the check; past it, the same verdict, slower */
            EXPECT(status == ROBOTS_OK ||
                   (status == ROBOTS_ERR_NO_MEMORY && fail == 1));
            if (status != ROBOTS_OK)
                continue;
            answered++;
            EXPECT(got.allowed == want.allowed && got.rule == want.rule &&
                   got.group == want.group && got.reason == want.reason &&
                   got.rule_line == want.rule_line);
        }
        count.fail_at = 0;
        EXPECT(requests > 3);
        EXPECT(answered + 1 >= requests);
        robots_free(doc);
        EXPECT_EQ(count.live, 0);
    }
}

/* Hundreds of different wildcard rules against long paths that nearly
 * match them everywhere: past RB_WILD_BUDGET a check matches the rules
 * still in play in one pass (rb_match_many, which allocates), and without
 * memory for it goes on rule by rule. Every way, the verdict is the
 * scan's. */
static void many_wildcard_rules(void) {
    enum { RULES = 400 };
    static char body[RULES * 40 + 64];
    size_t len = one_group_body(body, RULES, "Disallow: /*x0%d\n",
                                "Allow: /*x0*0%d*x$\n");
    counting count;
    memset(&count, 0, sizeof count);
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    static char path[4000];
    kept_scans = &count;
    for (int p = 0; p < 2; p++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        options.allocator = &allocator;
        robots_txt *doc = NULL;
        count.refuse = 0;
        EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
        if (doc == NULL)
            continue;
        robots_str agent = {"bot", 3};
        rb_skip_direct_walks(doc);
        /* The first check compiles the set: without memory for it the scan
         * answers the same, and nothing is kept; with it, the unit is
         * counted in the document's memory until robots_free(). */
        size_t parsed_bytes = robots_txt_memory_used(doc), live = count.live;
        robots_verdict scanned, indexed;
        count.refuse = 1;
        EXPECT_EQ(robots_check(doc, &agent, 1, "/ax01b", 6, &scanned),
                  ROBOTS_OK);
        EXPECT_EQ(robots_txt_memory_used(doc), parsed_bytes);
        EXPECT_EQ(count.live, live);
        count.refuse = 0;
        EXPECT_EQ(robots_check(doc, &agent, 1, "/ax01b", 6, &indexed),
                  ROBOTS_OK);
        EXPECT(robots_txt_memory_used(doc) > parsed_bytes);
        EXPECT_EQ(robots_txt_memory_used(doc) - parsed_bytes,
                  count.live - live);
        EXPECT(!scanned.allowed && !indexed.allowed &&
               scanned.rule == indexed.rule && scanned.group == indexed.group &&
               scanned.reason == indexed.reason);
        static const char *const tails[] = {"",     "x",      "x0399", "x0300x",
                                            "x0x0", "x00399", "0x",    "x0"};
        enum { TAILS = sizeof tails / sizeof tails[0] };
        /* The scan's answers with all the memory asked for, compared again
         * with the checks' while every request is refused (the scan asks
         * for none). */
        static reference short_ref[TAILS], long_ref[TAILS], broken_ref[TAILS];
        for (int refuse = 0; refuse < 2; refuse++) {
            count.refuse = refuse;
            for (size_t t = 0; t < TAILS; t++) {
                /* Short: within the budget, no allocation. */
                int n = sprintf(path, "/x0%s", tails[t]);
                count.calls = 0;
                asked(doc, &agent, path, (size_t)n, refuse, &short_ref[t]);
                EXPECT_EQ(count.calls, 0);
                /* Long: "/" + "x0" x 1500 + the tail. */
                path[0] = '/';
                for (int i = 0; i < 1500; i++)
                    memcpy(path + 1 + 2 * i, "x0", 2);
                n = 3001 + sprintf(path + 3001, "%s", tails[t]);
                count.calls = 0;
                asked(doc, &agent, path, (size_t)n, refuse, &long_ref[t]);
                EXPECT(count.calls > 0); /* it went to rb_match_many() */
                path[1 + 2 * 700] = 'y'; /* a break in the run */
                asked(doc, &agent, path, (size_t)n, refuse, &broken_ref[t]);
                /* Memory running out at each request the check makes (the
                 * growth of the edge table: test_match). */
                for (size_t fail = 1; refuse == 0 && t == 0 && fail < 24;
                     fail++) {
                    count.calls = 0;
                    count.fail_at = fail;
                    same_as_reference(doc, &agent, 1, path, (size_t)n,
                                      &broken_ref[t]);
                }
                count.fail_at = 0;
            }
        }
        robots_free(doc);
        EXPECT_EQ(count.live, 0); /* the check freed what it took */
        EXPECT_EQ(count.blocks, 0);
        EXPECT_EQ(count.size_mismatch, 0);
    }
    kept_scans = NULL;
}

/* A token named in more groups than the merge budget lets share a set
 * reads each group's own set: hundreds of sets, each with a few wildcard
 * rules that nearly match a long path. Past RB_WILD_BUDGET the rules of
 * every set are gathered and matched in one pass; a pass per set would
 * read the path again for each (issue 29's cost fuzzing found 27 ms a
 * check in such a file). The verdict and its evidence are the scan's,
 * with two names whose sets share every group (each rule gathered once),
 * and with memory running out at each request. */
static void many_sets_one_pass(void) {
    enum { GROUPS = 600, NAMES = 8 };
    static char body[GROUPS * (NAMES * 16 + 3 * 40) + 64];
    size_t len = 0;
    for (int g = 0; g < GROUPS; g++) {
        for (int a = 0; a < NAMES; a++)
            len += (size_t)sprintf(body + len, "User-agent: bot%c\n", 'a' + a);
        len += (size_t)sprintf(body + len,
                               "Disallow: /*x0*x0%d$\nAllow: /*x0x0*%d\n"
                               "Disallow: /x0*%dx\n\n",
                               g, g, g % 7);
    }
    counting count;
    memset(&count, 0, sizeof count);
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    static char path[6000];
    path[0] = '/';
    for (int i = 0; i < 2900; i++)
        memcpy(path + 1 + 2 * i, "x0", 2);
    static const char *const tails[] = {"", "17", "599", "3x", "5y"};
    /* The first names' sets are merged within the budget; the last ones'
     * are past it, each reading the groups' own sets. */
    static const robots_str agents[] = {{"both", 4}, {"bota", 4}};
    size_t passes = 0; /* checks that went to rb_match_many() */
    for (int p = 0; p < 2; p++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        options.allocator = &allocator;
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
        if (doc == NULL)
            continue;
        EXPECT(doc->token_set_count > 0); /* past the merge budget */
        for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            size_t n = 5801 + (size_t)sprintf(path + 5801, "%s", tails[t]);
            for (size_t names = 1; names <= 2; names++) {
                same_verdict(doc, agents, names, path, n); /* compiles */
                count.calls = 0;
                same_verdict(doc, agents, names, path, n);
                /* One pass for every set: a few blocks in all (the
                 * gathered rules, rb_match_many's), not a few per set. */
                EXPECT_MSG(count.calls < 40,
                           "profile %d tail '%s' %zu names: %zu allocations "
                           "for %d sets",
                           p, tails[t], names, count.calls, GROUPS);
                passes += count.calls > 0;
                for (size_t fail = 1; t == 0 && fail < 12; fail++) {
                    count.calls = 0;
                    count.fail_at = fail;
                    same_verdict(doc, agents, names, path, n);
                }
                count.fail_at = 0;
            }
        }
        robots_free(doc);
        EXPECT_EQ(count.live, 0);
        EXPECT_EQ(count.blocks, 0);
        EXPECT_EQ(count.size_mismatch, 0);
    }
    /* All tails but "599", whose `$` rule (group 599) matches at once and
     * outranks every other. */
    EXPECT(passes >= 16);
}

/* Thousands of wildcard rules of raw UTF-8 under "/" (issue29-star-e-acute's
 * shape, with escapes among them) against a long path of é and digits:
 * past the budget the gathered rules are first tested on their raw bytes
 * (rb_raw_may_match()), most dropped there, the rest on their normal
 * forms. The verdict and its evidence are the scan's, the deciding rule
 * one of the few that match or none. */
static void raw_rules_gathered(void) {
    static char body[3000 * 40], path[4200];
    size_t len = (size_t)sprintf(body, "User-agent: *\n");
    for (int r = 0; r < 3000; r++)
        len += (size_t)sprintf(
            body + len, "%s: /*%s\xC3\xA9%d%s\n", r % 5 ? "Disallow" : "Allow",
            r % 11 ? "" : "%41", r, r % 3 ? "*" : "\xC3\xA9$");
    size_t n = 1;
    path[0] = '/';
    for (int i = 0; i < 1300; i++, n += 3)
        memcpy(path + n,
               "\xC3\xA9"
               "1",
               3);
    static const char *const tails[] = {"", "234",
                                        "\xC3\xA9"
                                        "17\xC3\xA9",
                                        "A\xC3\xA9"
                                        "990\xC3\xA9"};
    counting count;
    memset(&count, 0, sizeof count);
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    kept_scans = &count;
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_with(body, len, p, &allocator);
        if (doc == NULL)
            continue;
        robots_str agent = {"bot", 3};
        for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
            size_t tl = strlen(tails[t]);
            memcpy(path + n, tails[t], tl);
            reference ref = same_verdict(doc, &agent, 1, path, n + tl);
            same_as_reference(doc, &agent, 1, path, n + tl,
                              &ref); /* compiled */
        }
        robots_free(doc);
        EXPECT_EQ(count.live, 0);
    }
    kept_scans = NULL;
}

/* A set keeps the normal forms of its rules of raw UTF-8 (rb_unit's
 * `normal`) while it stays within robots.h's 30 * E + 96 bytes: thousands
 * under the key "/" fit, and each is the rule's own normal form; a rule
 * that keeps its own, or is outside their span, has none there. */
static void normal_forms_kept(void) {
    static char body[2000 * 24];
    for (int p = 0; p < 2; p++) {
        size_t len = one_group_body(body, 2000, "Disallow: /*\xc3\xa9%d\n",
                                    "Disallow: /*x%d\n");
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        EXPECT(unit != NULL && unit->normal != NULL);
        if (unit == NULL || unit->normal == NULL) {
            robots_free(doc);
            continue;
        }
        EXPECT(unit->bytes <= 30 * 2000 + 96);
        size_t kept = 0;
        char form[64];
        for (uint32_t r = 0; r < doc->rule_count; r++) {
            const rb_rule *rule = &doc->rules[r];
            const char *normal = rb_unit_normal(unit, r);
            if (!rb_rule_normalises(rule)) {
                EXPECT(normal == NULL); /* r % 3 == 0: its own */
                continue;
            }
            kept += normal != NULL;
            EXPECT(normal != NULL && rule->normalized_len < sizeof form &&
                   memcmp(normal, rb_rule_normal(doc, rule, form),
                          rule->normalized_len) == 0);
        }
        EXPECT_EQ(kept, 2000 - 667);
        EXPECT(rb_unit_normal(unit, (uint32_t)doc->rule_count) == NULL);
        EXPECT(rb_unit_normal(unit, UINT32_MAX) == NULL);
        robots_free(doc);
    }
}

/* Rules of raw UTF-8 each under a key of its own (every key a prefix of
 * the path): the set has no room for their normal forms (each node, entry
 * and filter take some 30 bytes), so a check past its budget makes them
 * (own_rests()), and with memory running out at each of its requests
 * answers as the scan. */
static void normal_forms_not_kept(void) {
    enum { RULES = 200 };
    static char body[RULES * (2 * RULES + 24)];
    static char path[2 * RULES + 512];
    size_t n = 1;
    path[0] = '/';
    for (int i = 0; i < RULES; i++, n += 2)
        memcpy(path + n, "\xc3\xa9", 2);
    for (int pair = 0; pair < 100; pair++)
        n += (size_t)sprintf(path + n, "%02d", pair);
    path[n++] = 'z';
    size_t len = (size_t)sprintf(body, "User-agent: *\n");
    for (int r = 1; r <= RULES; r++) {
        len += (size_t)sprintf(body + len, "Disallow: /");
        for (int i = 0; i < r; i++, len += 2)
            memcpy(body + len, "\xc3\xa9", 2);
        len +=
            (size_t)sprintf(body + len, r % 2 ? "*%d9\n" : "*%d*z\n", 1000 + r);
    }
    counting count;
    robots_allocator allocator = {counting_alloc, counting_free, &count};
    for (int p = 0; p < 2; p++) {
        memset(&count, 0, sizeof count);
        robots_txt *doc = parse_with(body, len, p, &allocator);
        if (doc == NULL)
            continue;
        const rb_unit *unit = rb_index_unit(doc, doc->wildcard_set);
        EXPECT(unit != NULL && unit->normal == NULL);
        robots_str agent = {"bot", 3};
        same_verdict(doc, &agent, 1, path, n);
        same_verdict(doc, &agent, 1, path, n - 1);
        robots_verdict want, got;
        EXPECT_EQ(rb_check_reference(doc, &agent, 1, path, n, &want),
                  ROBOTS_OK);
        for (size_t fail = 1; fail < 12; fail++) {
            count.calls = 0;
            count.fail_at = fail;
            robots_status status = robots_check(doc, &agent, 1, path, n, &got);
            /* only the work area (the long path's normal form) may fail */
            EXPECT(status == ROBOTS_OK ||
                   (status == ROBOTS_ERR_NO_MEMORY && fail == 1));
            if (status == ROBOTS_OK)
                EXPECT(got.allowed == want.allowed && got.rule == want.rule &&
                       got.reason == want.reason);
        }
        count.fail_at = 0;
        robots_free(doc);
        EXPECT_EQ(count.live, 0);
    }
}

/* google's "<dir>/$" companion of an index.htm Allow is a pattern like any
 * other (docs/google-profile.md, Patterns): the Allow of "/x0", a star and
 * "/index.html" allows every path that starts with "/x0" and ends in '/'.
 * Behind hundreds of wildcard rules filed under "/" and a long path, the
 * check passes its budget before it reaches the key "/x0", and matches
 * what is still in play there in one pass (rb_match_many) or, when the
 * rules' patterns are long, rule by rule: companions go along, anchored,
 * with their own priority. Every way, the verdict is the scan's and the
 * companion's. */
static void wildcard_companions(void) {
    static char body[400 * 2100];
    static char path[4000];
    for (int shape = 0; shape < 2; shape++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\nDisallow: /\n");
        for (int r = 0; r < 300; r++) {
            if (shape == 0) { /* many short rules: one pass */
                len += (size_t)sprintf(body + len, "Disallow: /*x0%d\n", r);
            } else if (r < 20) { /* few long ones: rule by rule */
                len += (size_t)sprintf(body + len, "Disallow: /*");
                for (int i = 0; i < 1000; i++, len += 2)
                    memcpy(body + len, "x0", 2);
                len += (size_t)sprintf(body + len, "%d\n", r);
            }
            if (r % 3 == 0 && (shape == 0 || r < 20))
                len += (size_t)sprintf(body + len, "Allow: /x%d*/index.html\n",
                                       r / 3);
        }
        counting count;
        memset(&count, 0, sizeof count);
        robots_allocator allocator = {counting_alloc, counting_free, &count};
        robots_txt *doc = parse_with(body, len, 1, &allocator);
        if (doc == NULL)
            continue;
        robots_str agent = {"bot", 3};
        /* "/" + "x0" x 1500 + "/": only "Disallow: /" and the companion of
         * the first Allow (line 4) match. */
        path[0] = '/';
        for (int i = 0; i < 1500; i++)
            memcpy(path + 1 + 2 * i, "x0", 2);
        path[3001] = '/';
        robots_verdict v;
        count.calls = 0;
        rb_skip_direct_walks(doc); /* the index's budget is tested here */
        EXPECT_EQ(robots_check(doc, &agent, 1, path, 3002, &v), ROBOTS_OK);
        EXPECT(count.calls > 0); /* compiled, and past the budget */
        EXPECT(v.allowed && v.reason == ROBOTS_REASON_LONGEST_MATCH &&
               v.rule_line == 4);
        same_verdict(doc, &agent, 1, path, 3002);
        /* Without the final '/', no companion matches. */
        EXPECT_EQ(robots_check(doc, &agent, 1, path, 3001, &v), ROBOTS_OK);
        EXPECT(!v.allowed);
        same_verdict(doc, &agent, 1, path, 3001);
        /* A path with "x1" in it: no other companion matches. */
        path[1501] = '1';
        same_verdict(doc, &agent, 1, path, 3002);
        /* Without memory for the one pass: rule by rule, the same. */
        count.fail_at = 1;
        same_verdict(doc, &agent, 1, path, 3002);
        count.fail_at = 0;
        robots_free(doc);
        EXPECT_EQ(count.live, 0);
    }
}

/* Whether a and b, n bytes each, are equal with the case of ASCII letters
 * ignored: RFC 9309 section 2.2.1 has crawlers match product tokens
 * case-insensitively. */
static int same_token(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y)
            return 0;
    }
    return 1;
}

/* The product token of a name: its leading run of [A-Za-z_-] (RFC 9309
 * section 2.2.1). */
static size_t product_token(const char *s, size_t n) {
    size_t i = 0;
    while (i < n &&
           ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
            s[i] == '_' || s[i] == '-'))
        i++;
    return i;
}

/* rb_agent_token_len() reads eight bytes a step, and a short name in two
 * overlapping loads: every byte value at every place of names of 0 to 20
 * bytes (each path of that reading), the rest of the name a token byte,
 * gives the product token RFC 9309 defines. */
static void token_length(void) {
    size_t wrong = 0;
    char name[20];
    for (size_t n = 0; n <= sizeof name; n++) {
        for (size_t at = 0; at < n; at++) {
            for (unsigned b = 0; b < 256; b++) {
                for (size_t i = 0; i < n; i++)
                    name[i] = "aZ-_"[i % 4];
                name[at] = (char)b;
                if (rb_agent_token_len(name, n) != product_token(name, n))
                    wrong++;
            }
        }
        if (rb_agent_token_len(name, n) != product_token(name, n))
            wrong++;
    }
    EXPECT_EQ(wrong, 0);
}

/* rb_index_tokens() finds a caller's token exactly when the file names it
 * (RFC 9309 section 2.2.1: the caller's product token, matched
 * case-insensitively; google compares the whole name,
 * docs/google-profile.md), checked against the names the test wrote:
 * names of 1 to 24 bytes (the hash's three-byte, two-load and word
 * paths), spelled in any case, some only a case or a byte away from a
 * token, some followed by a version that rfc9309 cuts off and google
 * keeps. A hash that read past the token, or kept case, would miss. */
static void token_lookup(void) {
    static const char alphabet[] = "aAbBzZ-_";
    char names[300][25];
    size_t lens[300];
    char body[300 * 52]; /* a group: 26 bytes and its name */
    size_t len = 0;
    for (size_t t = 0; t < 300; t++) {
        lens[t] = 1 + pick(24);
        for (size_t i = 0; i < lens[t]; i++)
            names[t][i] = alphabet[pick(sizeof alphabet - 1)];
        len += (size_t)snprintf(body + len, sizeof body - len,
                                "User-agent: %.*s\nDisallow: /x\n",
                                (int)lens[t], names[t]);
    }
    size_t found = 0, missed = 0;
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        for (int q = 0; q < 6000; q++) {
            char name[40];
            size_t t = pick(300), n = lens[t];
            memcpy(name, names[t], n);
            for (size_t i = 0; i < n; i++) /* any case */
                if (pick(2) && name[i] >= 'a' && name[i] <= 'z')
                    name[i] = (char)(name[i] - 'a' + 'A');
            if (pick(4) == 0) /* a byte away, or a byte shorter */
                name[pick(n)] = alphabet[pick(sizeof alphabet - 1)];
            if (pick(8) == 0 && n > 1)
                n--;
            if (pick(3) == 0) {
                memcpy(name + n, "/1.0", 4);
                n += 4;
            }
            robots_str caller = {name, n};
            uint32_t got[1];
            size_t count = rb_index_tokens(doc, &caller, 1, got);
            size_t token_len =
                p == ROBOTS_PROFILE_GOOGLE ? n : product_token(name, n);
            int named = 0;
            for (size_t u = 0; u < 300 && !named; u++)
                named = lens[u] == token_len &&
                        same_token(names[u], name, token_len);
            if (!named) {
                EXPECT_MSG(count == 0, "profile %d: %.*s found", p, (int)n,
                           name);
                missed++;
                continue;
            }
            found++;
            EXPECT_MSG(count == 1, "profile %d: %.*s not found", p, (int)n,
                       name);
            if (count != 1)
                continue;
            /* the token found is the caller's */
            const rb_agent *a = &doc->agents[rb_token_agent(
                doc->token_sets, doc->tokens[got[0]])];
            EXPECT_MSG(rb_agent_token(doc->profile, doc->text, a) ==
                               token_len &&
                           same_token(doc->text + rb_agent_value_off(a), name,
                                      token_len),
                       "profile %d: %.*s found another token", p, (int)n, name);
        }
        robots_free(doc);
    }
    /* Both answers were asked for often. */
    EXPECT(found > 3000 && missed > 3000);
}

/* One check through a fresh document's first answers (walked) against
 * the index (indexed: the same body, its walks used up) and the reference:
 * the same status, and on ROBOTS_OK the same verdict and evidence. */
static robots_status walk_index_reference(robots_txt *walked,
                                          robots_txt *indexed,
                                          const robots_str *agent,
                                          const char *url, size_t len) {
    robots_verdict d, i, ref;
    robots_status a = robots_check(walked, agent, 1, url, len, &d);
    EXPECT_EQ(robots_check(indexed, agent, 1, url, len, &i), a);
    EXPECT_EQ(rb_check_reference(walked, agent, 1, url, len, &ref), a);
    if (a != ROBOTS_OK)
        return a;
    EXPECT_MSG(d.allowed == i.allowed && d.reason == i.reason &&
                   d.group == i.group && d.rule == i.rule &&
                   d.rule_line == i.rule_line && d.specific == i.specific &&
                   d.allowed == ref.allowed && d.reason == ref.reason &&
                   d.group == ref.group && d.rule == ref.rule &&
                   d.rule_line == ref.rule_line && d.specific == ref.specific,
               "profile %d path '%.*s' agent '%.*s': walk %d/g%zu/r%zu, "
               "index %d/g%zu/r%zu, reference %d/g%zu/r%zu",
               (int)walked->profile, (int)len, url, (int)agent->len, agent->ptr,
               d.allowed, d.group, d.rule, i.allowed, i.group, i.rule,
               ref.allowed, ref.group, ref.rule);
    seen_reason[d.reason]++;
    return a;
}

/* Draws a string of pieces after `lead` (the empty string: none): the
 * first answers' rules and paths, from an alphabet of the bytes their
 * walk tells rules apart by (check_direct.c): a '/' first or not, '*'
 * and '$' anywhere, bytes a path may lack ('?', '.', '=') and bytes
 * that normalise (rfc9309 decodes %61 to 'a'). */
static size_t gen_special(char *out, const char *lead) {
    static const char *const pieces[] = {"/",   "a",  "b",   "*",  "$",
                                         "?q=", "ab", "%2",  "é",  ".pdf",
                                         "/a",  "=",  "%61", "%7e"};
    size_t len = strlen(lead);
    memcpy(out, lead, len);
    for (size_t i = 0, count = pick(6); i < count; i++) {
        const char *p = pieces[pick(sizeof pieces / sizeof pieces[0])];
        size_t n = strlen(p);
        memcpy(out + len, p, n);
        len += n;
    }
    return len;
}

/* "Allow: " or "Disallow: " at body + len, the pattern gen_path() or
 * gen_special() draws after `lead` (NULL: gen_path's), and a line end:
 * the bytes written. */
static size_t gen_rule_line(char *body, size_t len, const char *lead) {
    size_t at = len;
    len += (size_t)sprintf(body + len, "%s: ", pick(2) ? "Allow" : "Disallow");
    len += lead ? gen_special(body + len, lead) : gen_path(body + len, 1);
    body[len++] = '\n';
    return len - at;
}

/* Two documents of body in profile p: one whose first checks walk the
 * rules, one whose walks are used up (the index from its first check).
 * 0 after a failed expectation. */
static int walked_and_indexed(const char *body, size_t len, int p,
                              robots_txt **walked, robots_txt **indexed) {
    *walked = parse_as(body, len, p);
    *indexed = parse_as(body, len, p);
    if (*walked == NULL || *indexed == NULL)
        return 0;
    rb_skip_direct_walks(*indexed);
    return 1;
}

/* The first answers tell most rules apart before the matcher: by their
 * second byte, by their literal start, by the bytes a rule needs and the
 * path lacks (check_direct.c, walk_group()). Each of a fresh document's
 * first RB_DIRECT_CHECKS checks walks, and answers exactly as the index
 * (a second document of the same body, its walks used up) and the
 * reference do, on rules of one byte or two, rules that start with '*'
 * or not with '/', '$' inside or at the end, and paths of one byte, with
 * '*' or '$' in them, or ending where a rule goes on. */
static void first_answers_tell_rules_apart(void) {
    static const char *const leads[] = {"/", "", "*", "/a", "/*", "/a*"};
    static const char *const urls[] = {"", "/", "/a", "/ab"};
    char body[4096], path[128];
    size_t answered = 0;
    for (int round = 0; round < 300; round++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (size_t r = 0, rules = 1 + pick(16); r < rules; r++)
            len += gen_rule_line(body, len, leads[pick(6)]);
        for (int p = 0; p < 2; p++) {
            robots_txt *walked, *indexed;
            if (!walked_and_indexed(body, len, p, &walked, &indexed))
                return;
            robots_str agent = {"bot", 3};
            for (unsigned c = 0; c < RB_DIRECT_CHECKS; c++) {
                size_t plen = c < 4 ? strlen(urls[c])
                                    : gen_special(path, pick(4) ? "/" : "/a");
                const char *url = c < 4 ? urls[c] : path;
                /* a URL refused ("//a", rfc9309's "") is not counted */
                answered += walk_index_reference(walked, indexed, &agent, url,
                                                 plen) == ROBOTS_OK;
            }
            EXPECT_EQ(atomic_load(walked->direct_walks), RB_DIRECT_CHECKS);
            robots_free(walked);
            robots_free(indexed);
        }
    }
    EXPECT(answered > 4000); /* of 4,800 */
}

/* The first answers past the parsed bytes' bound (document.h,
 * RB_DIRECT_COMPARES): generated groups as main()'s, after a group of
 * padbot's of 3,000 rules that no caller names, so that parsed_bytes *
 * (url_len + 1) is past RB_DIRECT_WORK for every URL (each of 20 bytes
 * or more) while the groups that apply stay small. Each of the first
 * RB_DIRECT_CHECKS checks walks them, compiling nothing, and answers exactly as
 * the index (a second document of the same body, its walks used up) and the
 * reference do. */
static void first_answers_past_parsed_bound(void) {
    static const char *const names[] = {"a", "B", "a-b", "*", "c", "a/1"};
    const size_t name_count = sizeof names / sizeof names[0];
    static char body[80000];
    char path[320];
    for (int round = 0; round < 40; round++) {
        size_t len = (size_t)sprintf(body, "User-agent: padbot\n");
        for (int r = 0; r < 3000; r++)
            len += (size_t)sprintf(body + len, "Disallow: /pad/%d\n", r);
        for (size_t g = 0, groups = 1 + pick(6); g < groups; g++) {
            len += (size_t)sprintf(body + len, "User-agent: %s\n",
                                   names[pick(name_count)]);
            for (size_t r = 0, rules = pick(12); r < rules; r++)
                len += gen_rule_line(body, len, NULL);
        }
        for (int p = 0; p < 2; p++) {
            robots_txt *walked, *indexed;
            if (!walked_and_indexed(body, len, p, &walked, &indexed))
                return;
            size_t kept = robots_txt_memory_used(walked);
            for (unsigned c = 0; c < RB_DIRECT_CHECKS; c++) {
                robots_str agent = {names[pick(name_count)], 0};
                agent.len = strlen(agent.ptr);
                /* The path after an authority: a URL of 24 bytes or more. */
                size_t plen = (size_t)sprintf(path, "https://example.org");
                plen += gen_path(path + plen, 0);
                EXPECT(walked->parsed_bytes * (plen + 1) > RB_DIRECT_WORK);
                EXPECT_EQ(
                    walk_index_reference(walked, indexed, &agent, path, plen),
                    ROBOTS_OK);
            }
            /* every one walked, nothing compiled */
            EXPECT_EQ(atomic_load(walked->direct_walks), RB_DIRECT_CHECKS);
            EXPECT_EQ(robots_txt_memory_used(walked), kept);
            robots_free(walked);
            robots_free(indexed);
        }
    }
}

/* Within the parsed bytes' bound, a document walks even when the groups
 * that apply are past RB_DIRECT_COMPARES: 24,000 rules of 7 bytes and a
 * one-byte URL, 24,000 * (3 * (1 + 3) + 1) + 12 * 168,000 compares, in
 * 432 KB (2 * 432,000 within RB_DIRECT_WORK). */
static void first_answers_within_parsed_bound(void) {
    enum { RULES = 24000 };
    static char body[RULES * 18 + 64];
    size_t len = one_group_body(body, RULES, "Disallow: /p%05d\n", NULL);
    EXPECT((uint64_t)RULES * 13 + 12 * 7 * (uint64_t)RULES >
           RB_DIRECT_COMPARES);
    for (int p = 0; p < 2; p++) {
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            return;
        EXPECT_EQ(doc->rule_count, RULES);
        EXPECT(doc->parsed_bytes * 2 <= RB_DIRECT_WORK);
        size_t kept = robots_txt_memory_used(doc);
        robots_str agent = {"bot", 3};
        robots_verdict v;
        EXPECT_EQ(robots_check(doc, &agent, 1, "/", 1, &v), ROBOTS_OK);
        EXPECT(v.allowed && v.reason == ROBOTS_REASON_NO_RULE_MATCHED);
        EXPECT_EQ(atomic_load(doc->direct_walks), 1u);
        EXPECT_EQ(robots_txt_memory_used(doc), kept);
        robots_free(doc);
    }
}

/* Rules of one literal of many lengths past the wildcard budget, decided
 * by the literal pass's bands of lengths (multi_literal.c) and its
 * fallback to a pass a length: random literals over {x, 0, 1} of 2 to 40
 * bytes, some sharing a long first part, Allow and Disallow, with and
 * without `$`, against long paths of those bytes with some literals
 * planted: the verdict and its evidence are the scan's, in rfc9309 and
 * google. */
static void literal_bands(void) {
    enum { RULES = 600, PATH = 6000 };
    static char body[RULES * 64 + 64], path[PATH + 64], lits[RULES][48];
    static const char shared[] = "x0x0x0x0x0x0x0x0x0x0x0x0x0x0x0x0";
    for (int round = 0; round < 6; round++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (size_t r = 0; r < RULES; r++) {
            size_t m = 2 + pick(39), at = 0;
            if (round % 2 && r % 4 == 0 && m > 32) /* a shared first part */
                at = (size_t)sprintf(lits[r], "%.*s", (int)(m - 6), shared);
            for (; at < m; at++)
                lits[r][at] = "x01"[pick(3)];
            lits[r][m] = '\0';
            len += (size_t)sprintf(body + len, "%s: /*%s%s\n",
                                   pick(3) ? "Disallow" : "Allow", lits[r],
                                   pick(8) ? "" : "$");
        }
        size_t n = 1;
        path[0] = '/';
        while (n < PATH) {
            if (pick(50) == 0) {
                n += (size_t)sprintf(path + n, "%s", lits[pick(RULES)]);
            } else {
                path[n] = round % 3 ? "x0"[n % 2] : "x01"[pick(3)];
                n++;
            }
        }
        for (int p = 0; p < 2; p++) {
            robots_txt *doc = parse_as(body, len, p);
            if (doc == NULL)
                continue;
            robots_str agent = {"bot", 3};
            for (size_t cut = n; cut > n / 2; cut -= 1 + pick(n / 8))
                same_verdict(doc, &agent, 1, path, cut);
            robots_free(doc);
        }
    }
}

/* The compile's shapes of session 22 (index_compile.c, index_order.c),
 * each checked against the scan: raw rules far apart in their group (the
 * normal forms found through the table, not a direct slot a rule); keys
 * of no bytes and keys of one length with the same first and last bytes
 * filed one after another (the last key's reuse and its misses); and one
 * node of some 1,500 entries whose priorities differ in a rank's second
 * digit, with repeated rules (the radix sort's rank passes and the runs'
 * rank digits every entry shares), and one of many copies of a rule
 * of either kind (hash digits they all share). */
static void compile_shapes(void) {
    static char body[1600 * 340], path[4096];
    robots_str agent = {"bot", 3};
    for (int p = 0; p < 2; p++) {
        /* raw rules at both ends of 300 plain ones: 2 forms over 302 */
        size_t len = (size_t)sprintf(body, "User-agent: *\n"
                                           "Disallow: /*\xc3\xa9y%%\n");
        for (int r = 0; r < 300; r++)
            len += (size_t)sprintf(body + len, "Disallow: /p%d*q\n", r);
        len += (size_t)sprintf(body + len, "Allow: /*\xc3\xa9z\n");
        /* keys "" and of one length sharing their ends */
        for (int r = 0; r < 40; r++)
            len += r % 4 < 2
                       ? (size_t)sprintf(body + len, "Disallow: *%c\n",
                                         "kj"[r % 2])
                       : (size_t)sprintf(body + len, "Allow: /%c%dz*%c\n",
                                         "ab"[r % 2], r % 10, "kj"[r % 2]);
        /* keys of 8 to 16 bytes and of more, each twice, then one of the
         * same length that differs in its first 8 bytes, its last 8 or
         * only between them */
        static const char *const keyed[] = {
            "/mid0/key",         "/mid0/key",         "/mid1/key",
            "/x0123456A",        "/x0123456A",        "/x0123456B",
            "/aaaaaaa0bbbbbbbb", "/aaaaaaa0bbbbbbbb", "/aaaaaaa1bbbbbbbb"};
        for (size_t r = 0; r < sizeof keyed / sizeof keyed[0]; r++)
            len += (size_t)sprintf(body + len, "Disallow: %s*q\n", keyed[r]);
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        static const char *const paths[] = {"/x\xc3\xa9y%",
                                            "/x%C3%A9z",
                                            "/p7q",
                                            "/p299/q",
                                            "/a3zk",
                                            "/b1zj",
                                            "/a1zjk",
                                            "/k",
                                            "/",
                                            "/p3",
                                            "/b4zk",
                                            "/mid2/keyq",
                                            "/key/mi3/q",
                                            "/aaaaaaa1bbbbbbbbq",
                                            "/aaaaaaa9bbbbbbbbq"};
        for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
            same_verdict(doc, &agent, 1, paths[i], strlen(paths[i]));
        robots_free(doc);
    }
    /* one node of many entries of one pattern, Allow and Disallow in
     * turn: every digit of their hash the same, only the kind differs */
    for (int p = 0; p < 2; p++) {
        size_t len =
            one_group_body(body, 600, "Disallow: /*x\n", "Allow: /*x\n");
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        same_verdict(doc, &agent, 1, "/ax", 3);
        same_verdict(doc, &agent, 1, "/a", 2);
        robots_free(doc);
    }
    /* one node of many, of lengths 3 to 300 and both kinds, repeated */
    for (int p = 0; p < 2; p++) {
        size_t len = (size_t)sprintf(body, "User-agent: *\n");
        for (int r = 0; r < 1500; r++) {
            int t = r % 700, m = 1 + (t * 37) % 298; /* r + 700 repeats r */
            len += (size_t)sprintf(body + len, "%s: /*",
                                   r % 5 == 0 ? "Allow" : "Disallow");
            for (int i = 0; i < m; i++)
                body[len++] = "xy"[(t >> (i % 9)) & 1];
            body[len++] = '\n';
        }
        robots_txt *doc = parse_as(body, len, p);
        if (doc == NULL)
            continue;
        for (int q = 0; q < 20; q++) {
            size_t n = 1 + (size_t)q * 150;
            path[0] = '/';
            for (size_t i = 1; i < n; i++)
                path[i] = "xy"[(i * (size_t)(q + 3) / 7) & 1];
            same_verdict(doc, &agent, 1, path, n);
        }
        robots_free(doc);
    }
}

/* The entries a unit files, run markers aside. */
static size_t unit_rules(const rb_unit *unit) {
    return unit_entries(unit, 0, 0);
}

/* A node of 512 entries or more drops its repeated rules through a table
 * of their rank and hash (index_order.c, drop_repeats()), and goes to the
 * sort by hash when two patterns of one length and kind share a hash
 * (FNV-1a: `pair`, each a `*` after "/") or its keys crowd one run of
 * slots (crafted here through repeat_slot()): each way every distinct
 * rule is kept once, and the verdicts are the scan's. */
static void repeats_dropped(void) {
    static char body[700 * 40];
    static const char *const pair[] = {"/*cixlsqxd", "/*cbztzcxt"};
    EXPECT_EQ(hash_bytes(RB_FNV_OFFSET, pair[0], 10),
              hash_bytes(RB_FNV_OFFSET, pair[1], 10));
    /* 80 rules "/", `*`, "q" and 7 digits of one first slot among 2,048
     * (a node of 600 entries) */
    static char crowded[80][12];
    uint32_t rank = ENTRY_RANK(10, ROBOTS_RULE_DISALLOW);
    for (int found = 0, i = 0; found < 80; i++) {
        char *c = crowded[found];
        sprintf(c, "/*q%07d", i);
        found += repeat_slot(rank, hash_bytes(RB_FNV_OFFSET, c, 10), 2047) == 5;
    }
    robots_str agent = {"bot", 3};
    for (int shape = 0; shape < 3; shape++) {
        for (int p = 0; p < 2; p++) {
            size_t len = (size_t)sprintf(body, "User-agent: *\n"), distinct;
            if (shape == 2) { /* the crowded run, 520 others */
                for (int r = 0; r < 600; r++)
                    len +=
                        r < 80
                            ? (size_t)sprintf(body + len, "Disallow: %s\n",
                                              crowded[r])
                            : (size_t)sprintf(body + len, "Allow: /*f%d\n", r);
                distinct = 600;
            } else { /* 300 rules twice, either kind; the pair or not */
                for (int r = 0; r < 600; r++) {
                    if (shape == 1 && (r == 100 || r == 400))
                        len += (size_t)sprintf(body + len, "Disallow: %s\n",
                                               pair[r / 400]);
                    len +=
                        (size_t)sprintf(body + len, "%s: /*f%d\n",
                                        r % 3 ? "Disallow" : "Allow", r % 300);
                }
                distinct = 300 + (shape == 1 ? 2 : 0);
            }
            robots_txt *doc = parse_as(body, len, p);
            if (doc == NULL)
                continue;
            EXPECT_EQ(unit_rules(rb_index_unit(doc, doc->wildcard_set)),
                      distinct);
            static const char *const paths[] = {
                "/xcixlsqxd", "/cbztzcxt", "/f12", "/f299x", "/q0000005",
                "/f17/f30",   "/g",        "/",    "/f1"};
            for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
                same_verdict(doc, &agent, 1, paths[i], strlen(paths[i]));
            for (int r = 0; shape == 2 && r < 80; r += 7)
                same_verdict(doc, &agent, 1, crowded[r] + 1, 9);
            robots_free(doc);
        }
    }
}

int main(void) {
    repeats_dropped();
    compile_shapes();
    first_answers_tell_rules_apart();
    first_answers_past_parsed_bound();
    first_answers_within_parsed_bound();
    token_length();
    token_lookup();
    token_build_shapes();
    scratch_sides();
    rare_lines_apart();
    merge_budget();
    many_wildcard_rules();
    literal_bands();
    raw_rules_out_of_memory();
    many_sets_one_pass();
    raw_rules_gathered();
    normal_forms_kept();
    normal_forms_not_kept();
    wildcard_companions();
    wildcard_filters();
    runs_of_entries();
    head_filters();
    large_has_run();
    single_segments();
    large_set_filter();
    unit_size_bound();
    prefix_stops();
    static const char *const names[] = {"a", "B", "a-b", "*", "c", "", "a/1"};
    const size_t name_count = sizeof names / sizeof names[0];
    char body[8192], path[256];
    for (int round = 0; round < 400; round++) {
        size_t len = 0;
        size_t groups = 1 + pick(6);
        for (size_t g = 0; g < groups; g++) {
            size_t agents = 1 + pick(2);
            for (size_t a = 0; a < agents; a++)
                len += (size_t)snprintf(body + len, sizeof body - len,
                                        "User-agent: %s\n",
                                        names[pick(name_count)]);
            size_t rules = pick(12);
            for (size_t r = 0; r < rules; r++) {
                len += (size_t)snprintf(body + len, sizeof body - len,
                                        "%s: ", pick(2) ? "Allow" : "Disallow");
                len += gen_path(body + len, 1);
                body[len++] = '\n';
            }
        }
        for (int p = 0; p < 2; p++) {
            robots_txt *doc = parse_as(body, len, p);
            for (int q = 0; q < 40; q++) {
                robots_str agents[2];
                size_t n = 1 + pick(2);
                for (size_t i = 0; i < n; i++) {
                    agents[i].ptr = names[pick(name_count)];
                    agents[i].len = strlen(agents[i].ptr);
                }
                size_t plen = gen_path(path, 0);
                same_verdict(doc, agents, n, path, plen);
                /* The directory of an index.htm companion, exactly. */
                same_verdict(doc, agents, n, "/a/", 3);
            }
            robots_free(doc);
        }
    }
    /* The comparison is only worth something if every outcome occurred. */
    EXPECT(seen_disallowed > 1000);
    EXPECT(seen_reason[ROBOTS_REASON_NO_GROUP] > 100);
    EXPECT(seen_reason[ROBOTS_REASON_NO_RULE_MATCHED] > 100);
    EXPECT(seen_reason[ROBOTS_REASON_LONGEST_MATCH] > 1000);
    EXPECT(seen_reason[ROBOTS_REASON_TIE_ALLOW] > 10);
    return testing_finish();
}
