/*
 * test_alloc.c - memory: the caller's allocator is used for everything,
 * every allocation failure is reported and leaves nothing allocated, the
 * memory cap holds, and robots_parse_memory_bound() is a real bound.
 */
#include "counting_alloc.h"
#include "internal.h"
#include "testing.h"

#include <stdlib.h>

static const char body[] =
    "\xEF\xBB\xBFSitemap: https://example.com/s.xml\n"
    "User-agent: a\nUser-agent: b/1.0\nCrawl-delay: 3\nDisallow: /x\n"
    "Allow: /x/\xC3\xA9\nDisallow: cheese\nunknown: thing\nDisalow: /t\n"
    "User-agent: *\nDisallow: /*.gif$\nHost: example.com\nnocolon\n";

static void every_failure_point(robots_profile profile) {
    counting c;
    memset(&c, 0, sizeof c);
    robots_allocator allocator = {counting_alloc, counting_free, &c};
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    options.allocator = &allocator;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
    size_t total_calls = c.calls;
    EXPECT(total_calls > 3);
    EXPECT_EQ(c.blocks, 1); /* one block holds the whole document */
    EXPECT_EQ(robots_txt_memory_used(doc), c.live);
    robots_free(doc);
    EXPECT_EQ(c.live, 0);
    EXPECT_EQ(c.blocks, 0);

    for (size_t n = 1; n <= total_calls; n++) {
        memset(&c, 0, sizeof c);
        c.fail_at = n;
        doc = (robots_txt *)&c; /* must be reset to NULL */
        robots_status status =
            robots_parse(body, sizeof body - 1, &options, &doc);
        EXPECT_MSG(status == ROBOTS_ERR_NO_MEMORY, "fail at %zu: %s", n,
                   robots_status_name(status));
        EXPECT(doc == NULL);
        EXPECT_MSG(c.live == 0 && c.blocks == 0,
                   "fail at %zu: %zu bytes in %zu blocks left", n, c.live,
                   c.blocks);
    }
    EXPECT_EQ(c.size_mismatch, 0);
}

static void memory_cap(void) {
    robots_options options;
    robots_options_init(&options);
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
    size_t used = robots_txt_memory_used(doc);
    EXPECT(used > 0);
    robots_free(doc);
    /* A cap too small for the document: a clear status, nothing kept. */
    options.memory_cap = used;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc),
              ROBOTS_ERR_MEMORY_CAP);
    EXPECT(doc == NULL);
    /* The advertised bound is enough, for this body and a dense one. */
    options.memory_cap = robots_parse_memory_bound(sizeof body - 1);
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
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

int main(void) {
    peak_within_bound();
    for (int p = 0; p < 3; p++)
        every_failure_point((robots_profile)p);
    memory_cap();
    return testing_finish();
}
