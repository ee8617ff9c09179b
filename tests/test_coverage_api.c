/* SPDX-License-Identifier: MIT */
/*
 * test_coverage_api.c - the parts of the public contract that the module
 * tests leave out, found by the coverage gate (issue 6): what every
 * accessor does with a NULL document, a NULL output or an index past its
 * count, the status and profile names, and the UTF-8 boundaries of the
 * invalid-UTF-8 diagnostic. Each check cites the document that defines it.
 */
#include <robots.h>

#include <string.h>

#include "testing.h"

static robots_txt *parse(const char *body, size_t len) {
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, len, NULL, &doc), ROBOTS_OK);
    return doc;
}

#define PARSE_LIT(lit) parse(lit, sizeof(lit) - 1)

/* robots.h, robots_status: "ROBOTS_ERR_INVALID_ARGUMENT: NULL where data is
 * needed"; "ROBOTS_ERR_OUT_OF_RANGE: an index past a count". The counts of
 * a NULL document are 0 (robots.h: robots_free(), "NULL is fine"; a NULL
 * document has nothing to count). */
static void test_accessors_null_and_range(void) {
    static const char body[] = "User-agent: a\nUser-agent: b\n"
                               "Disallow: /x\nCrawl-delay: 2\n"
                               "Sitemap: https://example.com/s.xml\n"
                               "Frobnicate: 1\n";
    robots_txt *doc = PARSE_LIT(body);
    robots_group_info g;
    robots_agent_info a;
    robots_rule_info r;
    robots_record_info rec;
    robots_diagnostic d;

    /* A NULL document: nothing to count. */
    EXPECT_EQ(robots_txt_profile(NULL), ROBOTS_PROFILE_RFC9309);
    EXPECT_EQ(robots_txt_parsed_bytes(NULL), 0);
    EXPECT_EQ(robots_txt_input_bytes(NULL), 0);
    EXPECT_EQ(robots_txt_memory_used(NULL), 0);
    EXPECT_EQ(robots_group_count(NULL), 0);
    EXPECT_EQ(robots_sitemap_count(NULL), 0);
    EXPECT_EQ(robots_extension_count(NULL), 0);
    EXPECT_EQ(robots_diagnostic_count(NULL), 0);
    EXPECT_EQ(robots_diagnostic_total(NULL), 0);

    /* NULL where data is needed: the document or the output. */
    EXPECT_EQ(robots_group(NULL, 0, &g), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group(doc, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group_agent(NULL, 0, 0, &a), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group_agent(doc, 0, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group_rule(NULL, 0, 0, &r), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_group_rule(doc, 0, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_sitemap(NULL, 0, &rec), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_sitemap(doc, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_extension(NULL, 0, &rec), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_extension(doc, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diagnostic_at(NULL, 0, &d), ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_diagnostic_at(doc, 0, NULL), ROBOTS_ERR_INVALID_ARGUMENT);

    /* Every index past its count. */
    size_t groups = robots_group_count(doc);
    EXPECT_EQ(groups, 1);
    EXPECT_EQ(robots_group(doc, groups, &g), ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_group(doc, 0, &g), ROBOTS_OK);
    EXPECT_EQ(g.agent_count, 2);
    EXPECT_EQ(g.rule_count, 1);
    EXPECT_EQ(robots_group_agent(doc, groups, 0, &a), ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_group_agent(doc, 0, g.agent_count, &a),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_group_agent(doc, 0, 1, &a), ROBOTS_OK);
    EXPECT_STRN(a.value, a.value_len, "b");
    EXPECT_EQ(robots_group_rule(doc, groups, 0, &r), ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_group_rule(doc, 0, g.rule_count, &r),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_sitemap(doc, robots_sitemap_count(doc), &rec),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_extension(doc, robots_extension_count(doc), &rec),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_diagnostic_at(doc, robots_diagnostic_count(doc), &d),
              ROBOTS_ERR_OUT_OF_RANGE);
    EXPECT_EQ(robots_diagnostic_at(doc, (size_t)-1, &d),
              ROBOTS_ERR_OUT_OF_RANGE);
    robots_free(doc);
}

/* robots_common.h: robots_status_name() gives NULL for a value that is
 * not a status (as every _name() function does); robots_status_message() is
 * one English sentence
 * for any value; robots_profile_from_name() is
 * ROBOTS_ERR_INVALID_ARGUMENT for what is not a profile, and NULL is
 * accepted only with length 0 ("A NULL pointer is accepted when its length
 * is 0"). */
static void test_names(void) {
    robots_profile p = ROBOTS_PROFILE_LEGACY;
    EXPECT(robots_status_name((robots_status)9999) == NULL);
    EXPECT(robots_status_message((robots_status)9999) != NULL);
    EXPECT(strlen(robots_status_message((robots_status)9999)) > 0);
    EXPECT(strcmp(robots_status_name(ROBOTS_ERR_OUT_OF_RANGE),
                  "ROBOTS_ERR_OUT_OF_RANGE") == 0);
    EXPECT(robots_profile_name((robots_profile)3) == NULL);
    EXPECT_EQ(robots_profile_from_name(NULL, 1, &p),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_profile_from_name("google", 6, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_profile_from_name(NULL, 0, &p),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_profile_from_name("GOOGLE", 6, &p), ROBOTS_OK);
    EXPECT_EQ(p, ROBOTS_PROFILE_GOOGLE);
}

/* robots.h, robots_url_to_path(): ROBOTS_ERR_INVALID_ARGUMENT for a NULL
 * pointer with a length, a NULL buffer with a capacity, or a value that is
 * not a profile; ROBOTS_ERR_URL_TOO_LONG past ROBOTS_MAX_URL_BYTES; the
 * path of "file:/x" (an absolute URL with no authority, RFC 3986 section 3)
 * is "/x". */
static void test_url_to_path_arguments(void) {
    char buf[64];
    size_t needed = 0;
    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, NULL, 1, buf,
                                 sizeof buf, &needed),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_url_to_path(ROBOTS_PROFILE_RFC9309, "/", 1, NULL, 1, &needed),
        ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, "/", 1, buf,
                                 sizeof buf, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(
        robots_url_to_path((robots_profile)7, "/", 1, buf, sizeof buf, &needed),
        ROBOTS_ERR_INVALID_ARGUMENT);

    static char long_url[ROBOTS_MAX_URL_BYTES + 2];
    memset(long_url, 'a', sizeof long_url);
    long_url[0] = '/';
    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, long_url,
                                 ROBOTS_MAX_URL_BYTES + 1, buf, sizeof buf,
                                 &needed),
              ROBOTS_ERR_URL_TOO_LONG);

    EXPECT_EQ(robots_url_to_path(ROBOTS_PROFILE_RFC9309, "file:/x/y", 9, buf,
                                 sizeof buf, &needed),
              ROBOTS_OK);
    EXPECT_STRN(buf, needed, "/x/y");
}

static size_t count_kind(const robots_txt *doc, robots_diag_kind kind) {
    size_t n = 0;
    robots_diagnostic d;
    for (size_t i = 0; i < robots_diagnostic_count(doc); i++)
        if (robots_diagnostic_at(doc, i, &d) == ROBOTS_OK && d.kind == kind)
            n++;
    return n;
}

/* robots.h, ROBOTS_DIAG_INVALID_UTF8: "bytes that are not UTF-8". What is
 * UTF-8 is RFC 3629, section 4 (UTF8-3 and UTF8-4): after E0 the second
 * byte is A0-BF (no overlong forms), after ED it is 80-9F (no surrogates),
 * after F0 it is 90-BF, after F4 it is 80-8F (nothing past U+10FFFF). */
static void test_utf8_boundaries(void) {
    static const struct {
        const char *bytes;
        int valid;
    } cases[] = {
        {"\xE0\xA0\x80", 1},     /* U+0800, the first 3-byte form */
        {"\xE0\x9F\xBF", 0},     /* overlong U+07FF */
        {"\xED\x9F\xBF", 1},     /* U+D7FF */
        {"\xED\xA0\x80", 0},     /* U+D800, a surrogate */
        {"\xF0\x90\x80\x80", 1}, /* U+10000, the first 4-byte form */
        {"\xF0\x8F\xBF\xBF", 0}, /* overlong U+FFFF */
        {"\xF0\x9F\x98\x80", 1}, /* U+1F600 */
        {"\xF4\x8F\xBF\xBF", 1}, /* U+10FFFF, the last code point */
        {"\xF4\x90\x80\x80", 0}, /* past U+10FFFF */
        {"\xF5\x80\x80\x80", 0}, /* F5 never starts a sequence */
        {"\xF0\x9F\x98", 0},     /* truncated at the end of the line */
        {"\xF0\x9F\x28\x80", 0}, /* a continuation byte missing */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char body[64];
        int n = snprintf(body, sizeof body, "User-agent: *\nDisallow: /%s\n",
                         cases[i].bytes);
        robots_txt *doc = parse(body, (size_t)n);
        EXPECT_MSG(
            (count_kind(doc, ROBOTS_DIAG_INVALID_UTF8) == 0) == cases[i].valid,
            "case %zu: want %s", i, cases[i].valid ? "valid" : "invalid");
        robots_free(doc);
    }
}

/* robots.h, ROBOTS_DIAG_UTF16_BOM: "the file starts with a UTF-16 BOM",
 * either byte order (FF FE little-endian, FE FF big-endian; Unicode 15,
 * section 23.8). */
static void test_utf16_bom(void) {
    robots_txt *le = PARSE_LIT("\xFF\xFEU\0s\0e\0r\0");
    robots_txt *be = PARSE_LIT("\xFE\xFF\0U\0s\0e\0r");
    robots_txt *none = PARSE_LIT("\xFE\x41User-agent: *\n");
    EXPECT_EQ(count_kind(le, ROBOTS_DIAG_UTF16_BOM), 1);
    EXPECT_EQ(count_kind(be, ROBOTS_DIAG_UTF16_BOM), 1);
    EXPECT_EQ(count_kind(none, ROBOTS_DIAG_UTF16_BOM), 0);
    robots_free(le);
    robots_free(be);
    robots_free(none);
}

int main(void) {
    test_accessors_null_and_range();
    test_names();
    test_url_to_path_arguments();
    test_utf8_boundaries();
    test_utf16_bom();
    return testing_finish();
}
