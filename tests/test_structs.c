/* SPDX-License-Identifier: MIT */
/*
 * test_structs.c - the reserved words every public structure ends with
 * (robots_common.h, Structures): zero in everything the library fills,
 * whatever the caller's storage held, and ROBOTS_ERR_INVALID_ARGUMENT when
 * a structure passed in has them non-zero, so that a member added in 1.x
 * can take their place with zero as its default; and an allocator is
 * both of its functions or none.
 */
#include "robots.h"
#include "robots_web.h"
#include "testing.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define DIRTY(s) memset(&(s), 0xA5, sizeof(s))
/* Every reserved word left (robots_options has two since its
 * content_usage_ends_group and skip_diagnostics took the places of two). */
#define RESERVED_ZERO(s)                                                       \
    reserved_zero((s).reserved, sizeof((s).reserved) / sizeof((s).reserved[0]))

static int reserved_zero(const size_t *words, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (words[i] != 0)
            return 0;
    return 1;
}

static void filled_structures_are_zeroed(void) {
    const char body[] = "User-agent: *\nDisallow: /x\nSitemap: /s\n"
                        "Crawl-delay: 5\nDisalow: /y\n";
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, NULL, &doc), ROBOTS_OK);
    robots_verdict v;
    DIRTY(v);
    EXPECT_EQ(robots_check_agent(doc, "a", 1, "/x", 2, &v), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(v));
    robots_cut_info cut;
    DIRTY(cut);
    EXPECT_EQ(robots_txt_cut(doc, &cut), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(cut));
    robots_group_info g;
    DIRTY(g);
    EXPECT_EQ(robots_group(doc, 0, &g), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(g));
    robots_agent_info a;
    DIRTY(a);
    EXPECT_EQ(robots_group_agent(doc, 0, 0, &a), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(a));
    robots_rule_info r;
    DIRTY(r);
    EXPECT_EQ(robots_group_rule(doc, 0, 0, &r), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(r));
    robots_record_info rec;
    DIRTY(rec);
    EXPECT_EQ(robots_sitemap(doc, 0, &rec), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(rec));
    DIRTY(rec);
    EXPECT_EQ(robots_extension(doc, 0, &rec), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(rec));
    robots_diagnostic_info d;
    DIRTY(d);
    EXPECT_EQ(robots_diagnostic(doc, 0, &d), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(d));
    robots_diag_kind_info k;
    DIRTY(k);
    EXPECT_EQ(robots_diag_kind_describe(ROBOTS_DIAG_TYPO_KEY, &k), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(k));
    robots_free(doc);

    robots_url_parts parts;
    DIRTY(parts);
    EXPECT_EQ(robots_url_parse("http://a/", 9, &parts), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(parts));
    robots_scope scope;
    DIRTY(scope);
    EXPECT_EQ(
        robots_scope_check("http://a/robots.txt", 19, "http://a/x", 10, &scope),
        ROBOTS_OK);
    EXPECT(RESERVED_ZERO(scope));
    robots_fetch_outcome in = {0};
    in.status = 200;
    robots_fetch_decision fd;
    DIRTY(fd);
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &fd), ROBOTS_OK);
    EXPECT(RESERVED_ZERO(fd));
    robots_cache_headers h = {0};
    robots_cache_info ci;
    DIRTY(ci);
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, &h, &ci),
              ROBOTS_OK);
    EXPECT(RESERVED_ZERO(ci));
    robots_meta_result m;
    DIRTY(m);
    robots_meta_result_init(&m);
    EXPECT(RESERVED_ZERO(m));
    const char page[] = "<meta name=robots content=noindex>";
    EXPECT_EQ(robots_meta_scan_html(page, sizeof page - 1, "a", 1, &m),
              ROBOTS_OK);
    EXPECT(RESERVED_ZERO(m) && m.item_count >= 1 && RESERVED_ZERO(m.items[0]));
}

static void *plain_alloc(void *ctx, size_t size) {
    (void)ctx;
    return malloc(size);
}
static void plain_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)size;
    free(ptr);
}

/* robots_options' members added since 1.0 took the places of reserved
 * words: the structure's size and every other member's offset are 1.0's
 * (four words after content_usage_ends_group's place). */
_Static_assert(offsetof(robots_options, skip_diagnostics) ==
                   offsetof(robots_options, content_usage_ends_group) +
                       sizeof(size_t),
               "skip_diagnostics takes the first reserved word's place");
_Static_assert(offsetof(robots_options, reserved) ==
                       offsetof(robots_options, skip_diagnostics) +
                           sizeof(size_t) &&
                   sizeof(robots_options) ==
                       offsetof(robots_options, content_usage_ends_group) +
                           4 * sizeof(size_t),
               "robots_options keeps 1.0's size");

static void passed_structures_need_zero(void) {
    robots_options options;
    robots_options_init(&options);
    EXPECT(RESERVED_ZERO(options));
    robots_txt *doc = NULL;
    options.reserved[1] = 1;
    EXPECT_EQ(robots_parse("", 0, &options, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);

    /* An allocator is both functions or none (issue 29, finding 8): with
     * alloc and no free it fell back to malloc in silence. */
    robots_options_init(&options);
    robots_allocator half = {plain_alloc, NULL, NULL};
    options.allocator = &half;
    EXPECT_EQ(robots_parse("", 0, &options, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    half.alloc = NULL;
    half.free = plain_free;
    EXPECT_EQ(robots_parse("", 0, &options, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);

    robots_fetch_outcome in = {0};
    in.status = 200;
    in.reserved[0] = 7;
    robots_fetch_decision fd;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &fd),
              ROBOTS_ERR_INVALID_ARGUMENT);

    robots_cache_headers h = {0};
    h.reserved[3] = 1;
    robots_cache_info ci;
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_GOOGLE, &h, &ci),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

int main(void) {
    filled_structures_are_zeroed();
    passed_structures_need_zero();
    return testing_finish();
}
