/* SPDX-License-Identifier: MIT */
/*
 * test_contracts.c - the errors the conventions of robots_common.h promise
 * at every entry point, asked of the functions whose other tests give them
 * good arguments: ROBOTS_ERR_INVALID_ARGUMENT "for a NULL pointer where
 * data is needed, a length with a NULL pointer, or an enum value outside
 * its range", a non-zero reserved word (Structures), the buffer contract's
 * `needed` required and `buf` NULL only with `cap` 0; and "NULL for any
 * value outside the enum" from every _name() function, negative values
 * included.
 */
#include "robots.h"
#include "robots_web.h"
#include "testing.h"

#include <string.h>

static void enum_names(void) {
    robots_diag_kind_info info;
    /* robots_common.h: "NULL for a value outside the enum". */
    EXPECT(robots_status_name((robots_status)-1) == NULL);
    EXPECT(robots_status_name((robots_status)(ROBOTS_STATUS_LAST + 1)) == NULL);
    EXPECT(robots_status_name(ROBOTS_STATUS_LAST) != NULL);
    /* "One English sentence, static storage": for any value. */
    EXPECT(robots_status_message((robots_status)-1) != NULL &&
           robots_status_message((robots_status)-1)[0] != '\0');
    EXPECT(robots_status_message((robots_status)(ROBOTS_STATUS_LAST + 1)) !=
           NULL);
    /* robots.h: robots_diag_kind_name() "NULL for a value outside the
     * enum"; robots_diag_kind_describe() ROBOTS_ERR_INVALID_ARGUMENT "for a
     * NULL out or a value outside the enum". */
    EXPECT(robots_diag_kind_name((robots_diag_kind)-1) == NULL);
    EXPECT(robots_diag_kind_name(
               (robots_diag_kind)(ROBOTS_DIAG_KIND_LAST + 1)) == NULL);
    EXPECT_EQ(robots_diag_kind_describe((robots_diag_kind)-1, &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diag_kind_describe(
                  (robots_diag_kind)(ROBOTS_DIAG_KIND_LAST + 1), &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diag_kind_describe(ROBOTS_DIAG_KIND_LAST, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diag_kind_describe(ROBOTS_DIAG_KIND_LAST, &info),
              ROBOTS_OK);
    EXPECT(robots_network_error_name((robots_network_error)-1) == NULL);
    EXPECT(robots_cache_source_name((robots_cache_source)-1) == NULL);
}

static void fetch_policy(void) {
    robots_fetch_outcome in;
    robots_fetch_decision out;
    robots_network_error err;
    /* robots_web.h: ROBOTS_ERR_INVALID_ARGUMENT for "an unknown profile
     * or network error, ... or negative unreachable time". */
    memset(&in, 0, sizeof in);
    in.status = 200;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_OK);
    in.unreachable_seconds = -1;
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.unreachable_seconds = 0;
    in.network_error = (robots_network_error)(ROBOTS_NETWORK_ERROR_LAST + 1);
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    in.network_error = ROBOTS_NET_NONE;
    in.reserved[3] = 1; /* Structures: non-zero reserved is refused */
    EXPECT_EQ(robots_fetch_policy(&in, ROBOTS_PROFILE_RFC9309, &out),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* Name to value: a length with a NULL name, or no out. */
    EXPECT_EQ(robots_network_error_from_name(NULL, 3, &err),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_network_error_from_name("dns", 3, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_network_error_from_name("dns", 3, &err), ROBOTS_OK);
    EXPECT_EQ(err, ROBOTS_NET_DNS);
}

static void cache_lifetime(void) {
    robots_cache_headers h;
    robots_cache_info info;
    memset(&h, 0, sizeof h);
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, &h, &info),
              ROBOTS_OK);
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, NULL, &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, &h, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_cache_lifetime((robots_profile)77, &h, &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    h.reserved[0] = 1;
    EXPECT_EQ(robots_cache_lifetime(ROBOTS_PROFILE_RFC9309, &h, &info),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_cache_lifetime_from_block(ROBOTS_PROFILE_GOOGLE, NULL, 4, &info),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_cache_lifetime_from_block(ROBOTS_PROFILE_GOOGLE, "A: b", 4,
                                               NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_cache_lifetime_from_block((robots_profile)-1, "A: b", 4, &info),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_cache_lifetime_from_block(ROBOTS_PROFILE_GOOGLE, NULL, 0, &info),
        ROBOTS_OK);
    EXPECT_EQ(info.source, ROBOTS_CACHE_FROM_DEFAULT);
}

static void meta_header(void) {
    robots_meta_result r;
    robots_meta_result_init(&r);
    EXPECT_EQ(robots_meta_add_header(NULL, 7, NULL, 0, &r),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_add_header("noindex", 7, NULL, 3, &r),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_add_header("noindex", 7, NULL, 0, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_add_header("noindex", 7, NULL, 0, &r), ROBOTS_OK);
}

/* robots_common.h's buffer contract: `needed` is required, `buf` may be
 * NULL only when `cap` is 0, and *needed is 0 on any error. */
static void buffers(void) {
    static const char body[] = "User-agent: *\nDisallow: /a*b$\n";
    robots_txt *doc = NULL;
    char buf[64];
    size_t needed = 99;
    EXPECT_EQ(robots_agent_key(ROBOTS_PROFILE_RFC9309, "Bot", 3, buf,
                               sizeof buf, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_agent_key(ROBOTS_PROFILE_RFC9309, "Bot", 3, NULL, 4, &needed),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(needed, 0);
    EXPECT_EQ(robots_parse(body, sizeof body - 1, NULL, &doc), ROBOTS_OK);
    if (doc == NULL)
        return;
    needed = 99;
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", 1, buf, sizeof buf, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", 1, NULL, 4, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(needed, 0);
    /* robots.h: "a fill of more than ROBOTS_MAX_URL_BYTES or NULL with a
     * length". */
    EXPECT_EQ(
        robots_rule_example_path(doc, 0, NULL, 1, buf, sizeof buf, &needed),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_rule_example_path(doc, 0, "x", ROBOTS_MAX_URL_BYTES + 1,
                                       buf, sizeof buf, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* "/a*b$": the '*' filled, the anchoring '$' dropped. */
    EXPECT_EQ(
        robots_rule_example_path(doc, 0, "x", 1, buf, sizeof buf, &needed),
        ROBOTS_OK);
    EXPECT(needed == 4 && strcmp(buf, "/axb") == 0);
    robots_free(doc);
}

static void entry_points(void) {
    robots_options options;
    robots_allocator half;
    robots_txt *doc = NULL;
    robots_verdict verdict;
    robots_str agent = {"Bot", 3};
    int matched = 7;
    /* robots_parse(): a length with no body, a non-zero reserved word, an
     * allocator with only one of its two functions. */
    EXPECT_EQ(robots_parse(NULL, 1, NULL, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    robots_options_init(&options);
    options.reserved[1] = 1; /* the last word left */
    EXPECT_EQ(robots_parse("", 0, &options, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    robots_options_init(&options);
    memset(&half, 0, sizeof half);
    half.alloc = NULL;
    options.allocator = &half;
    EXPECT_EQ(robots_parse("", 0, &options, &doc), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT(doc == NULL);
    /* robots_match_path(): no result, a length with a NULL pattern or
     * path, a value that is not a profile. */
    EXPECT_EQ(robots_match_path(ROBOTS_PROFILE_RFC9309, "/a", 2, "/a", 2, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_match_path(ROBOTS_PROFILE_RFC9309, NULL, 2, "/a", 2, &matched),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_match_path(ROBOTS_PROFILE_RFC9309, "/a", 2, NULL, 2, &matched),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_match_path((robots_profile)9, "/a", 2, "/a", 2, &matched),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_match_path(ROBOTS_PROFILE_RFC9309, "/a", 2, "/ab", 3, &matched),
        ROBOTS_OK);
    EXPECT_EQ(matched, 1);
    /* robots_check(): no document, no verdict, a URL length with no URL. */
    EXPECT_EQ(robots_parse("Disallow: /\n", 12, NULL, &doc), ROBOTS_OK);
    if (doc == NULL)
        return;
    EXPECT_EQ(robots_check(NULL, &agent, 1, "/", 1, &verdict),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_check(doc, &agent, 1, "/", 1, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_check(doc, &agent, 1, NULL, 1, &verdict),
              ROBOTS_ERR_INVALID_ARGUMENT);
    robots_free(doc);
}

int main(void) {
    enum_names();
    fetch_policy();
    cache_lifetime();
    meta_header();
    buffers();
    entry_points();
    return testing_finish();
}
