/* SPDX-License-Identifier: MIT */
/*
 * test_alloc.c - memory: the caller's allocator is used for everything,
 * every allocation failure is reported and leaves nothing allocated, the
 * memory cap holds, and robots_parse_memory_bound() is a real bound.
 */
#include "check.h"
#include "counting_alloc.h"
#include "document.h"
#include "testing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char small_body[] =
    "\xEF\xBB\xBFSitemap: https://example.com/s.xml\n"
    "User-agent: a\nUser-agent: b/1.0\nCrawl-delay: 3\nDisallow: /x\n"
    "Allow: /x/\xC3\xA9\nDisallow: cheese\nunknown: thing\nDisalow: /t\n"
    "User-agent: *\nDisallow: /*.gif$\nHost: example.com\nnocolon\n";

/* The bodies up to this many bytes parse in a region on the parse's
 * stack (parse.c, RB_PARSE_REGION_TINY); longer ones up to 16 KiB in one
 * block from the allocator. */
#define TINY_BODY_BYTES 768

/* head and then rules enough to be past the tiny bodies, into buf (at
 * least 1024 bytes; head shorter than the tiny bodies): its length. */
static size_t region_body(char *buf, size_t size, const char *head) {
    size_t at = strlen(head);
    memcpy(buf, head, at);
    for (int i = 0; at <= TINY_BODY_BYTES + 32; i++)
        at += (size_t)snprintf(buf + at, size - at,
                               "Disallow: /private/directory/%03d\n", i);
    return at;
}

static void every_failure_point(const char *body, size_t len,
                                robots_profile profile) {
    counted_options counted;
    counted_options_init(&counted, profile);
    counting *c = &counted.count;
    robots_options options = counted.options;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    size_t total_calls = c->calls;
    /* At least the parse's block for a small file's arrays and the
     * document (small_allocations() below), or a tiny file's document
     * alone; a larger file's arrays each call the allocator. */
    EXPECT(total_calls >= (len <= TINY_BODY_BYTES ? 1 : 2));
    if (len > 16384)
        EXPECT(total_calls > 3);
    EXPECT_EQ(c->blocks, 1); /* one block holds the whole document */
    EXPECT_EQ(robots_txt_memory_used(doc), c->live);
    robots_free(doc);
    EXPECT_EQ(c->live, 0);
    EXPECT_EQ(c->blocks, 0);

    /* The document parsed with nothing refused, to compare with one
     * parsed after a refusal was answered (below). */
    robots_txt *whole = NULL;
    robots_options plain;
    robots_options_init(&plain);
    plain.profile = profile;
    EXPECT_EQ(robots_parse(body, len, &plain, &whole), ROBOTS_OK);

    for (size_t n = 1; n <= total_calls; n++) {
        /* Every call from the n-th on refused: the parse fails, whichever
         * call it was, with nothing left allocated. */
        memset(c, 0, sizeof *c);
        c->fail_from = n;
        doc = (robots_txt *)c; /* must be reset to NULL */
        robots_status status = robots_parse(body, len, &options, &doc);
        EXPECT_MSG(status == ROBOTS_ERR_NO_MEMORY, "fail from %zu: %s", n,
                   robots_status_name(status));
        EXPECT(doc == NULL);
        EXPECT_MSG(c->live == 0 && c->blocks == 0,
                   "fail from %zu: %zu bytes in %zu blocks left", n, c->live,
                   c->blocks);

        /* The n-th call alone refused: the parse fails as above, but for
         * the region of one size (a body past the tiny ones, up to 16
         * KiB: the first call), which is asked for again at twice the
         * body and 3 KiB (parse.c, open_region()): then the same
         * document. */
        int asked_again = n == 1 && len > TINY_BODY_BYTES && len <= 16384;
        memset(c, 0, sizeof *c);
        c->fail_at = n;
        doc = (robots_txt *)c;
        status = robots_parse(body, len, &options, &doc);
        EXPECT_MSG(status == (asked_again ? ROBOTS_OK : ROBOTS_ERR_NO_MEMORY),
                   "fail at %zu: %s", n, robots_status_name(status));
        EXPECT((doc != NULL) == asked_again);
        if (doc != NULL && whole != NULL) {
            EXPECT_EQ(c->refused, 1);
            EXPECT(doc->text_len == whole->text_len &&
                   memcmp(doc->text, whole->text, whole->text_len) == 0);
            EXPECT(doc->rule_count == whole->rule_count &&
                   doc->group_count == whole->group_count &&
                   doc->agent_count == whole->agent_count &&
                   doc->diag_count == whole->diag_count);
            EXPECT_EQ(robots_txt_memory_used(doc), c->live);
        }
        robots_free(doc);
        EXPECT_MSG(c->live == 0 && c->blocks == 0,
                   "fail at %zu: %zu bytes in %zu blocks left", n, c->live,
                   c->blocks);
    }
    robots_free(whole);
    EXPECT_EQ(c->size_mismatch, 0);
}

static void memory_cap(void) {
    robots_options options;
    robots_options_init(&options);
    robots_txt *doc = NULL;
    char padded[1024];
    const char *const bodies[] = {small_body, padded};
    const size_t lens[] = {sizeof small_body - 1,
                           region_body(padded, sizeof padded, small_body)};
    for (size_t b = 0; b < 2; b++) {
        options.memory_cap = 0;
        EXPECT_EQ(robots_parse(bodies[b], lens[b], &options, &doc), ROBOTS_OK);
        size_t used = robots_txt_memory_used(doc);
        EXPECT(used > 0);
        robots_free(doc);
        /* A cap too small for the document: a clear status, nothing
         * kept. */
        options.memory_cap = used - 1;
        EXPECT_EQ(robots_parse(bodies[b], lens[b], &options, &doc),
                  ROBOTS_ERR_MEMORY_CAP);
        EXPECT(doc == NULL);
        /* The document's size is enough for a tiny body, whose arrays
         * are on the stack; not for a larger one, whose region is
         * counted while the document is made: the cap bounds the peak. */
        options.memory_cap = used;
        EXPECT_EQ(robots_parse(bodies[b], lens[b], &options, &doc),
                  b == 0 ? ROBOTS_OK : ROBOTS_ERR_MEMORY_CAP);
        EXPECT((doc == NULL) == (b == 1));
        robots_free(doc);
        doc = NULL;
    }
    /* The advertised bound is enough, for this body and a dense one. */
    options.memory_cap = robots_parse_memory_bound(sizeof small_body - 1);
    EXPECT_EQ(robots_parse(small_body, sizeof small_body - 1, &options, &doc),
              ROBOTS_OK);
    robots_free(doc);
    size_t n = 200000;
    char *dense = malloc(n);
    size_t len = (size_t)sprintf(dense, "user-agent:a\n");
    while (len + 8 <= n) {
        memcpy(dense + len, "allow:/\n", 8);
        len += 8;
    }
    for (int p = 0; p < 3; p++) {
        options.profile = (robots_profile)p;
        options.memory_cap = robots_parse_memory_bound(len);
        EXPECT_EQ(robots_parse(dense, len, &options, &doc), ROBOTS_OK);
        robots_free(doc);
    }
    /* Non-ASCII patterns: normalised text is three times as long. */
    len = (size_t)sprintf(dense, "user-agent:a\n");
    while (len + 10 <= n) {
        memcpy(dense + len, "allow:/\xE9\xE9\n", 10);
        len += 10;
    }
    options.profile = ROBOTS_PROFILE_RFC9309;
    options.memory_cap = robots_parse_memory_bound(len);
    EXPECT_EQ(robots_parse(dense, len, &options, &doc), ROBOTS_OK);
    robots_free(doc);
    free(dense);
}

/* Peak memory of the densest shapes stays under the advertised bound:
 * every byte a rule, distinct keys, agents named in many groups, google's
 * index.htm companions. */
static size_t peak_live, peak_max;

static void *peak_alloc(void *ctx, size_t size) {
    (void)ctx;
    header *h = malloc(sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    peak_live += size;
    if (peak_live > peak_max)
        peak_max = peak_live;
    return h + 1;
}

static void peak_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)size;
    header *h = (header *)ptr - 1;
    peak_live -= h->size;
    free(h);
}

static void peak_within_bound(void) {
    size_t cap = 300000;
    char *b = malloc(cap + 64);
    for (int shape = 0; shape < 6; shape++) {
        size_t len = 0;
        for (unsigned i = 0; len < cap; i++) {
            switch (shape) {
            case 0:
                len += (size_t)sprintf(b + len,
                                       i ? "allow:/\n" : "user-agent:a\n");
                break;
            case 1:
                len += (size_t)sprintf(b + len,
                                       i ? "allow:/%x\n" : "user-agent:a\n", i);
                break;
            case 2:
                len +=
                    (size_t)sprintf(b + len, "user-agent:a\nallow:/%x*\n", i);
                break;
            case 3:
                len += (size_t)sprintf(b + len, "user-agent:a%x\nallow:/\n", i);
                break;
            case 4:
                len += (size_t)sprintf(b + len,
                                       "user-agent:a\nuser-agent:b\n"
                                       "allow:/%x/index.html\n",
                                       i);
                break;
            default:
                len += (size_t)sprintf(b + len, "user-agent:%c\nallow:/\xe9\n",
                                       'a' + i % 26);
                break;
            }
        }
        for (int p = 0; p < 3; p++) {
            robots_allocator allocator = {peak_alloc, peak_free, NULL};
            robots_options options;
            robots_options_init(&options);
            options.profile = (robots_profile)p;
            options.parse_limit = 0;
            options.allocator = &allocator;
            peak_live = peak_max = 0;
            robots_txt *doc = NULL;
            EXPECT_EQ(robots_parse(b, len, &options, &doc), ROBOTS_OK);
            EXPECT_MSG(peak_max <= robots_parse_memory_bound(len),
                       "shape %d profile %d: peak %zu > bound %zu", shape, p,
                       peak_max, robots_parse_memory_bound(len));
            /* parse.c: "about 7 bytes per input byte", plus the fixed part */
            EXPECT_MSG(peak_max <= 8 * len + robots_parse_memory_bound(0),
                       "shape %d profile %d: peak %zu is over 8 bytes a byte",
                       shape, p, peak_max);
            robots_free(doc);
            EXPECT_EQ(peak_live, 0);
        }
    }
    free(b);
}

/* A rule-dense body: 40 groups of 40 rules, and as many comment bytes
 * again after them when `padding` is set; rules of two-byte characters,
 * which their normal form writes in three bytes a byte, when `wide`. */
static size_t dense_body(char *out, size_t cap, int padding, int wide) {
    size_t len = 0;
    for (int g = 0; g < 40; g++) {
        /* Tokens of letters: no diagnostic text, which a name cut at a
         * digit would add to the document ("bot7" is read as "bot"). */
        len += (size_t)snprintf(out + len, cap - len, "User-agent: bot%c%c\n",
                                'a' + g / 26, 'a' + g % 26);
        for (int r = 0; r < 40; r++)
            len += (size_t)snprintf(out + len, cap - len,
                                    wide ? "Disallow: /d%d/\xC3\xA9\xC3\xA9%d\n"
                                         : "Disallow: /d%d/p%d.html\n",
                                    g, r);
    }
    for (size_t rules = len; padding && len < 2 * rules;)
        len += (size_t)snprintf(out + len, cap - len, "# %s\n",
                                "a comment to make the input longer");
    return len;
}

/* What a document needs: its block up to the end of its last part, the
 * memo's pointer (parse.c, assemble()). */
static size_t needed_bytes(const robots_txt *doc) {
    return (size_t)((const unsigned char *)(doc->memo + 1) -
                    (const unsigned char *)doc->block);
}

/* The document is finished in its text's array when the rest fits there
 * with at most an eighth of it unused, and is copied into a block of
 * exactly its size otherwise (parse.c, assemble()). The first happens for
 * a rule-dense file: the array is the one reserved, at a quarter over the
 * input. The second for the same rules with as many comment bytes again.
 * Either way the document is one block, the same document, and freed. */
static void document_block(void) {
    static char body[2][200000];
    for (int wide = 0; wide < 2; wide++) {
        robots_txt *doc[2] = {NULL, NULL};
        size_t len[2];
        for (int padded = 0; padded < 2; padded++) {
            len[padded] =
                dense_body(body[padded], sizeof body[padded], padded, wide);
            counted_options counted;
            counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
            counting *c = &counted.count;
            robots_options options = counted.options;
            EXPECT_EQ(
                robots_parse(body[padded], len[padded], &options, &doc[padded]),
                ROBOTS_OK);
            if (doc[padded] == NULL)
                return;
            EXPECT_EQ(c->blocks, 1);
            EXPECT_EQ(doc[padded]->kept_count, 0); /* a caller's: copied */
            EXPECT_EQ(robots_txt_memory_used(doc[padded]), c->live);
            EXPECT((const char *)doc[padded]->block == doc[padded]->text);
            size_t needed = needed_bytes(doc[padded]);
            size_t block = doc[padded]->block_size;
            EXPECT(needed <= block && block - needed <= block / 8);
            if (!wide && !padded) /* in the array reserved for the text */
                EXPECT_EQ(block, len[0] + len[0] / 4 + sizeof(robots_txt) + 64);
            if (padded) /* copied */
                EXPECT_EQ(block, needed);
            every_failure_point(body[padded], len[padded],
                                ROBOTS_PROFILE_RFC9309);
            robots_txt *kept = doc[padded];
            doc[padded] = NULL;
            /* Freed through the counting allocator: nothing left. */
            robots_free(kept);
            EXPECT_EQ(c->live, 0);
            EXPECT_EQ(c->blocks, 0);
            EXPECT_EQ(
                robots_parse(body[padded], len[padded], NULL, &doc[padded]),
                ROBOTS_OK);
        }
        if (doc[0] == NULL || doc[1] == NULL)
            return;
        /* Made with the library's own allocator (no options), each is its
         * block exactly: the text's array resized to it, the rest laid out
         * after the text, but for the rules (19,200 bytes of a body over
         * the region's), kept in the array they were written in, resized
         * to them, and counted in block_size (parse.c, assemble()). */
        for (int d = 0; d < 2; d++) {
            EXPECT_EQ(doc[d]->kept_count, 1);
            const rb_kept_part *kept = rb_doc_kept(doc[d]);
            EXPECT((const void *)doc[d]->rules == kept[0].data);
            EXPECT_EQ(kept[0].size, doc[d]->rule_count * sizeof(rb_rule));
            EXPECT_EQ(doc[d]->block_size, needed_bytes(doc[d]) + kept[0].size);
        }
        /* The same document either way: same sizes, the same text where
         * the records point, and the same verdicts. */
        EXPECT_EQ(needed_bytes(doc[0]), needed_bytes(doc[1]));
        EXPECT_EQ(doc[0]->text_len, doc[1]->text_len);
        EXPECT(memcmp(doc[0]->text, doc[1]->text, doc[0]->text_len) == 0);
        EXPECT_EQ(robots_group_count(doc[0]), robots_group_count(doc[1]));
        EXPECT_EQ(robots_group_count(doc[0]), 40);
        for (size_t g = 0; g < 40; g += 7) {
            robots_group_info gi[2];
            robots_rule_info ri[2];
            for (int d = 0; d < 2; d++)
                EXPECT_EQ(robots_group(doc[d], g, &gi[d]), ROBOTS_OK);
            EXPECT_EQ(gi[0].rule_count, 40);
            EXPECT_EQ(gi[1].rule_count, 40);
            for (size_t r = 0; r < 40; r += 13) {
                for (int d = 0; d < 2; d++)
                    EXPECT_EQ(robots_group_rule(doc[d], g, r, &ri[d]),
                              ROBOTS_OK);
                char normal[2][64];
                size_t normal_len[2] = {0, 0};
                for (int d = 0; d < 2; d++)
                    EXPECT_EQ(robots_group_rule_normalized(
                                  doc[d], g, r, normal[d], sizeof normal[d],
                                  &normal_len[d]),
                              ROBOTS_OK);
                EXPECT(ri[0].line == ri[1].line &&
                       ri[0].normalized_len == ri[1].normalized_len &&
                       normal_len[0] == ri[0].normalized_len &&
                       normal_len[1] == ri[1].normalized_len &&
                       memcmp(normal[0], normal[1], normal_len[0]) == 0);
            }
            char agent[16], url[64];
            snprintf(agent, sizeof agent, "bot%c%c", (char)('a' + g / 26),
                     (char)('a' + g % 26));
            snprintf(url, sizeof url,
                     wide ? "https://example.com/d%zu/%%C3%%A9%%C3%%A93"
                          : "https://example.com/d%zu/p3.html",
                     g);
            robots_verdict v[2];
            for (int d = 0; d < 2; d++)
                EXPECT_EQ(robots_check_agent(doc[d], agent, strlen(agent), url,
                                             strlen(url), &v[d]),
                          ROBOTS_OK);
            EXPECT(!v[0].allowed && !v[1].allowed && v[0].rule == v[1].rule);
        }
        robots_free(doc[0]);
        robots_free(doc[1]);
    }
}

/* The densest shapes of file found, each filled to 512,000 bytes of
 * lines made by `line` (its i-th line; 0 when it is not one), after
 * `head`. */
typedef size_t (*shape_line)(char *out, size_t i);

static size_t fill_shape(char *out, size_t cap, const char *head,
                         shape_line line) {
    size_t n = strlen(head);
    memcpy(out, head, n);
    char one[256];
    for (size_t i = 0;; i++) {
        size_t len = line(one, i);
        if (n + len > cap)
            return n;
        memcpy(out + n, one, len);
        n += len;
    }
}

/* The i-th distinct product token: [a-z_-], shortest first. */
static size_t token_name(char *out, size_t i) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz-_";
    size_t len = 1, count = 28;
    while (i >= count) {
        i -= count;
        count *= 28;
        len++;
    }
    for (size_t k = len; k-- > 0; i /= 28)
        out[k] = alphabet[i % 28];
    return len;
}

static size_t extension_line(char *out, size_t i) {
    (void)i;
    memcpy(out, "x:\n", 3);
    return 3;
}

static size_t sitemap_line(char *out, size_t i) {
    (void)i;
    memcpy(out, "sitemap:a\n", 10);
    return 10;
}

static size_t wide_rule_line(char *out, size_t i) {
    (void)i;
    memcpy(out, "allow:/", 7);
    memset(out + 7, 0x80, 100);
    out[107] = '\n';
    return 108;
}

/* Bytes a URI may not hold are three bytes each normalised too. */
static size_t angle_rule_line(char *out, size_t i) {
    (void)i;
    memcpy(out, "allow:/", 7);
    memset(out + 7, '<', 100);
    out[107] = '\n';
    return 108;
}

/* Short non-ASCII wildcard rules, each a key and a segment of its own. */
static size_t wide_wildcard_line(char *out, size_t i) {
    return (size_t)sprintf(out, "disallow:/\xC3%zu*\xC4%zu$\n", i % 1000, i);
}

static size_t token_group(char *out, const char *key, size_t i) {
    size_t n = strlen(key);
    memcpy(out, key, n);
    n += token_name(out + n, i);
    memcpy(out + n, "\nallow:/\n", 9);
    return n + 9;
}

static size_t google_token_group(char *out, size_t i) {
    return token_group(out, "useragent:", i);
}

static size_t token_group_rfc(char *out, size_t i) {
    return token_group(out, "user-agent:", i);
}

static size_t same_token_group(char *out, size_t i) {
    (void)i;
    memcpy(out, "user-agent:a\nallow:/\n", 21);
    return 21;
}

/* robots.h: the finished document stays within 2 * body_len + 64 KiB
 * (issue 7's goal) on each of the densest shapes found, in each profile,
 * and within robots_parse_memory_bound(). */
static void document_within_bound(void) {
    static const struct {
        const char *head;
        shape_line line;
    } shapes[] = {
        {"", extension_line},
        {"", sitemap_line},
        {"user-agent: *\n", wide_rule_line},
        {"user-agent: *\n", angle_rule_line},
        {"user-agent: *\n", wide_wildcard_line},
        {"", google_token_group},
        {"", token_group_rfc},
        {"", same_token_group},
    };
    enum { SIZE = 512000 };
    char *body = malloc(SIZE);
    if (body == NULL)
        return;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        size_t len = fill_shape(body, SIZE, shapes[k].head, shapes[k].line);
        for (int p = 0; p < 3; p++) {
            robots_options options;
            robots_options_init(&options);
            options.profile = (robots_profile)p;
            robots_txt *doc = NULL;
            EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
            size_t used = robots_txt_memory_used(doc);
            EXPECT_MSG(used <= 2 * len + 64 * 1024 &&
                           used <= robots_parse_memory_bound(len),
                       "shape %zu, %s: %zu bytes for %zu", k,
                       robots_profile_name(options.profile), used, len);
            robots_free(doc);
        }
    }
    free(body);
}

/* robots.h: past 2 * body_len + 64 KiB, a document keeps only its
 * diagnostics, at most ROBOTS_MAX_DIAGNOSTICS + 1 of at most
 * DIAG_MOST_BYTES each: the densest shape after short lines that each
 * make three (a typo naming its key, no ':', a rule outside any group)
 * takes 2.12x. */
#define DIAG_MOST_BYTES (28 + 256 + 12)
static void diagnostics_within_bound(void) {
    enum { SIZE = 512000 };
    char *body = malloc(SIZE);
    if (body == NULL)
        return;
    size_t len = 0;
    /* three diagnostics a line, each message naming its line's key */
    for (size_t i = 0; i < ROBOTS_MAX_DIAGNOSTICS / 3 + 1; i++)
        len += (size_t)snprintf(body + len, SIZE - len, "Dissallow%zu /x\n", i);
    len += fill_shape(body + len, SIZE - len, "", google_token_group);
    robots_options options;
    robots_options_init(&options);
    options.profile = ROBOTS_PROFILE_GOOGLE;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, &options, &doc), ROBOTS_OK);
    EXPECT(robots_diagnostic_count(doc) == ROBOTS_MAX_DIAGNOSTICS + 1);
    size_t used = robots_txt_memory_used(doc);
    EXPECT_MSG(used <= 2 * len + 64 * 1024 +
                           (ROBOTS_MAX_DIAGNOSTICS + 1) * DIAG_MOST_BYTES,
               "%zu bytes for %zu", used, len);
    robots_free(doc);
    free(body);
}

/* A small file's arrays, index and scratch come from one block of the
 * parse's (rb_mem_open_region()): the allocator is called for that block
 * and for the document, and for nothing else. A tiny file's (up to 768
 * bytes, parse.c, RB_PARSE_REGION_TINY) come from the parse's stack: the
 * allocator is called for the document alone, which for the shortest
 * fits glibc's per-thread cache. */
static void small_allocations(void) {
    static const char tiny[] = "User-agent: *\nDisallow: /x\nAllow: /x/y\n";
    static const char groups[] =
        "User-agent: *\nDisallow: /x\nAllow: /x/y\n"
        "User-agent: foobot\nDisallow: /f\nAllow: /f/g\n"
        "Sitemap: https://example.com/sitemap.xml\n";
    char small[1024]; /* groups, an index and a record, past the tiny */
    size_t at = region_body(small, sizeof small, groups);
    const char *const bodies[] = {tiny, small};
    const size_t lens[] = {strlen(tiny), at};
    for (size_t b = 0; b < 2; b++) {
        size_t len = lens[b];
        EXPECT((len <= 768) == (b == 0));
        for (int p = 0; p < 3; p++) {
            counted_options counted;
            counted_options_init(&counted, (robots_profile)p);
            robots_options options = counted.options;
            robots_txt *doc = NULL;
            EXPECT_EQ(robots_parse(bodies[b], len, &options, &doc), ROBOTS_OK);
            EXPECT_EQ(counted.count.calls, b == 0 ? 1 : 2);
            EXPECT_EQ(counted.count.blocks, 1);
            if (b == 0) { /* no more allocated at any time */
                EXPECT_EQ(counted.count.peak, robots_txt_memory_used(doc));
                EXPECT(doc->block_size <= 1032 - 16);
            }
            robots_free(doc);
            EXPECT_EQ(counted.count.live, 0);
        }
    }
}

/* A small file's region (parse.c, region_bytes()) is of one size, that
 * of the largest body it serves (16 KiB: 35 KiB), so that more of its
 * arrays stay in it; under a memory cap it is twice the
 * body and 3 KiB, so that a capped parse needs what it needed before:
 * a 16 KiB cap parses this body of about 1 KiB. */
static void region_of_one_size(void) {
    char padded[1024];
    size_t len = region_body(padded, sizeof padded, small_body);
    for (int capped = 0; capped < 2; capped++) {
        counted_options counted;
        counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
        robots_options options = counted.options;
        options.memory_cap = capped ? 16384 : 0;
        robots_txt *doc = NULL;
        /* capped: under a cap smaller than the uncapped region */
        EXPECT_EQ(robots_parse(padded, len, &options, &doc), ROBOTS_OK);
        if (!capped) {
            EXPECT_EQ(counted.count.calls, 2); /* the region, the document */
            EXPECT(counted.count.peak >= 2 * 16384 + 3072);
        }
        robots_free(doc);
        EXPECT_EQ(counted.count.live, 0);
    }
}

/* A caller's small arena of 16 KiB that refuses the region of one size
 * (35 KiB) but has room for twice the body and 3 KiB: the region is asked for
 * again at that size (parse.c, open_region()), and the body parses as
 * it does with the region of one size, to the same verdicts. */
static void region_refused_then_fitted(void) {
    char padded[1024];
    size_t len = region_body(padded, sizeof padded, small_body);
    static const robots_str names[] = {{"a", 1}, {"b", 1}, {"other", 5}};
    static const char *const paths[] = {"/x", "/x/\xC3\xA9", "/t", "/a.gif",
                                        "/private/directory/007"};
    for (int p = 0; p < 3; p++) {
        counted_options counted;
        counted_options_init(&counted, (robots_profile)p);
        counted.count.refuse_above = 16384; /* the arena's room */
        robots_txt *doc = NULL, *whole = NULL;
        EXPECT_EQ(robots_parse(padded, len, &counted.options, &doc), ROBOTS_OK);
        EXPECT_EQ(counted.count.refused, 1); /* the region of one size */
        robots_options plain;
        robots_options_init(&plain);
        plain.profile = (robots_profile)p;
        EXPECT_EQ(robots_parse(padded, len, &plain, &whole), ROBOTS_OK);
        if (doc == NULL || whole == NULL)
            return;
        EXPECT_EQ(robots_txt_memory_used(doc), counted.count.live);
        EXPECT(doc->rule_count == whole->rule_count &&
               doc->diag_count == whole->diag_count);
        for (size_t n = 0; n < 3; n++)
            for (size_t u = 0; u < sizeof paths / sizeof paths[0]; u++) {
                robots_verdict got, want;
                EXPECT_EQ(robots_check(doc, &names[n], 1, paths[u],
                                       strlen(paths[u]), &got),
                          ROBOTS_OK);
                EXPECT_EQ(robots_check(whole, &names[n], 1, paths[u],
                                       strlen(paths[u]), &want),
                          ROBOTS_OK);
                EXPECT(got.allowed == want.allowed &&
                       got.rule_line == want.rule_line);
            }
        robots_free(doc);
        robots_free(whole);
        EXPECT_EQ(counted.count.live, 0);
        EXPECT_EQ(counted.count.size_mismatch, 0);
    }
}

/* The memo's slots (document.h, robots_txt.memo) are not in the block:
 * the first check that remembers a name allocates them, through the
 * document's allocator, and robots_txt_memory_used() counts them from
 * then on, exactly; robots_free() frees them. That allocation refused at
 * each of its calls in turn, the check still answers as the reference
 * does and the document counts what it holds, no more. */
static void memo_on_demand(void) {
    static const char body[] = "User-agent: *\nDisallow: /x\n"
                               "User-agent: foobot\nDisallow: /f\n";
    robots_str foobot = {"FooBot", 6};
    counted_options counted;
    counted_options_init(&counted, ROBOTS_PROFILE_RFC9309);
    counting *c = &counted.count;
    robots_options options = counted.options;
    size_t calls_to_remember = 0;
    for (size_t fail = 0; fail == 0 || fail <= calls_to_remember; fail++) {
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc),
                  ROBOTS_OK);
        if (doc == NULL)
            return;
        EXPECT(atomic_load(doc->memo) == NULL);
        EXPECT_EQ(robots_txt_memory_used(doc), c->live);
        EXPECT(doc->block_size <= 1032 - 16); /* glibc's per-thread cache */
        rb_skip_direct_walks(doc); /* the checks compile and remember */
        size_t before = c->calls;
        c->fail_at = fail == 0 ? 0 : before + fail;
        robots_verdict got, want;
        EXPECT_EQ(robots_check(doc, &foobot, 1, "/f/1", 4, &got), ROBOTS_OK);
        c->fail_at = 0;
        EXPECT_EQ(rb_check_reference(doc, &foobot, 1, "/f/1", 4, &want),
                  ROBOTS_OK);
        EXPECT(got.allowed == want.allowed && got.allowed == 0 &&
               got.rule_line == want.rule_line);
        EXPECT_EQ(robots_txt_memory_used(doc), c->live);
        if (fail == 0) {
            calls_to_remember = c->calls - before;
            EXPECT(atomic_load(doc->memo) != NULL);
            size_t with_memo = robots_txt_memory_used(doc);
            /* remembered: the next checks allocate nothing */
            EXPECT_EQ(robots_check(doc, &foobot, 1, "/x", 2, &got), ROBOTS_OK);
            EXPECT_EQ(got.allowed, 1);
            EXPECT_EQ(c->calls, before + calls_to_remember);
            EXPECT_EQ(robots_txt_memory_used(doc), with_memo);
        }
        robots_free(doc);
        EXPECT_EQ(c->live, 0);
        EXPECT_EQ(c->blocks, 0);
    }
    EXPECT(calls_to_remember >= 2); /* a set's unit and the memo */
    EXPECT_EQ(c->size_mismatch, 0);
}

/* A body over RB_RESIZE_MAX's text array (parse.c, assemble()): a
 * document its text's array holds is that array, its parts copied in
 * (kept out, they left it too empty to keep, and its text was copied);
 * one that leaves the array emptier is copied to a block of its own, its
 * rules (under RB_RESIZE_MAX) kept where they were written. */
static size_t numbered_rules(char *out, size_t cap, int rules, int comments) {
    size_t len = (size_t)snprintf(out, cap, "User-agent: *\n");
    for (int i = 0; i < rules; i++)
        len += (size_t)snprintf(out + len, cap - len, "Disallow: /%05d\n", i);
    for (int i = 0; i < comments; i++)
        len += (size_t)snprintf(out + len, cap - len, "# %s\n",
                                "a comment to make the input longer");
    return len;
}

static void large_text_kept_whole(void) {
    static char body[200000];
    for (int padded = 0; padded < 2; padded++) {
        size_t len = numbered_rules(body, sizeof body, padded ? 3000 : 8000,
                                    padded ? 2000 : 0);
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, len, NULL, &doc), ROBOTS_OK);
        if (doc == NULL)
            return;
        EXPECT_EQ(doc->rule_count, padded ? 3000 : 8000);
        if (!padded) {
            EXPECT_EQ(doc->kept_count, 0);
            EXPECT_EQ(doc->block_size, len + len / 4 + sizeof(robots_txt) + 64);
        } else {
            EXPECT_EQ(doc->kept_count, 1);
            EXPECT_EQ(doc->block_size,
                      needed_bytes(doc) + 3000 * sizeof(rb_rule));
        }
        robots_free(doc);
    }
}

/* A document without a diagnostic holds no kind totals: they are shared
 * zeros outside its block; one with diagnostics holds them in its block
 * (parse.c, assemble()). Both read the same through the API. */
static int in_block(const robots_txt *doc, const void *ptr) {
    const unsigned char *b = doc->block, *u = ptr;
    return u >= b && u < b + doc->block_size;
}

static void kind_totals_only_with_diagnostics(void) {
    static const char clean_body[] = "User-agent: *\nDisallow: /a\n";
    static const char noted_body[] = "User-agent: *\nDisalow: /a\nfoo\n";
    robots_txt *clean = NULL, *noted = NULL;
    EXPECT_EQ(robots_parse(clean_body, sizeof clean_body - 1, NULL, &clean),
              ROBOTS_OK);
    EXPECT_EQ(robots_parse(noted_body, sizeof noted_body - 1, NULL, &noted),
              ROBOTS_OK);
    if (clean == NULL || noted == NULL) {
        robots_free(clean);
        robots_free(noted);
        return;
    }
    EXPECT(!in_block(clean, clean->kind_totals));
    EXPECT(in_block(noted, noted->kind_totals));
    EXPECT_EQ(robots_diagnostic_total(clean), 0);
    EXPECT_EQ(robots_diagnostic_total(noted), 2);
    size_t sum[2] = {0, 0};
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++) {
        sum[0] += robots_diagnostic_kind_total(clean, (robots_diag_kind)k);
        sum[1] += robots_diagnostic_kind_total(noted, (robots_diag_kind)k);
    }
    EXPECT_EQ(sum[0], 0);
    EXPECT_EQ(sum[1], 2);
    robots_free(clean);
    robots_free(noted);
}

/* A body past the parse's region (over 16 KiB) whose record lists take
 * their first room from the allocator (records.h,
 * rb_records_first_room()), each allocation refused in turn: no document
 * and nothing left allocated, or (nothing refused) every record read
 * back. */
static void first_record_rooms_refused(void) {
    enum { LINES = 700 };
    static char body[LINES * 32 + 256];
    size_t n = (size_t)sprintf(body, "%s", small_body);
    for (int i = 0; i < LINES; i++)
        n += (size_t)sprintf(body + n, "Disallow: /private/%05d\n", i);
    n += (size_t)sprintf(body + n, "Sitemap: https://example.com/last.xml\n"
                                   "Noindex: /last\n");
    EXPECT(n > 16384);
    for (int p = 0; p < 3; p++) {
        every_failure_point(body, n, (robots_profile)p);
        robots_txt *doc = NULL;
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        EXPECT_EQ(robots_parse(body, n, &options, &doc), ROBOTS_OK);
        EXPECT_EQ(robots_sitemap_count(doc), 2);
        robots_record_info rec;
        EXPECT_EQ(robots_sitemap(doc, 1, &rec), ROBOTS_OK);
        EXPECT(rec.value_len == 28 &&
               memcmp(rec.value, "https://example.com/last.xml", 28) == 0);
        robots_free(doc);
    }
}

int main(void) {
    first_record_rooms_refused();
    small_allocations();
    memo_on_demand();
    kind_totals_only_with_diagnostics();
    large_text_kept_whole();
    peak_within_bound();
    char padded[1024];
    size_t padded_len = region_body(padded, sizeof padded, small_body);
    for (int p = 0; p < 3; p++) {
        every_failure_point(small_body, sizeof small_body - 1,
                            (robots_profile)p);
        every_failure_point(padded, padded_len, (robots_profile)p);
    }
    document_block();
    document_within_bound();
    diagnostics_within_bound();
    memory_cap();
    region_of_one_size();
    region_refused_then_fitted();
    return testing_finish();
}
