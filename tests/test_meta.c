/* SPDX-License-Identifier: MIT */
/*
 * test_meta.c - robots META tags and X-Robots-Tag (robots_meta_scan_html,
 * robots_meta_add_header, robots_meta_parse_header).
 */
#include "robots_web.h"
#include "testing.h"

#include <stdlib.h>
#include <string.h>

static robots_meta_result result; /* large: kept off the stack */

static const robots_meta_result *scan(const char *html, const char *agent) {
    EXPECT_EQ(robots_meta_scan_html(html, strlen(html), agent,
                                    agent != NULL ? strlen(agent) : 0, &result),
              ROBOTS_OK);
    return &result;
}

static const robots_meta_result *header(const char *value, const char *agent) {
    EXPECT_EQ(robots_meta_parse_header(value, strlen(value), agent,
                                       agent != NULL ? strlen(agent) : 0,
                                       &result),
              ROBOTS_OK);
    return &result;
}

#define NI ROBOTS_META_R_NOINDEX
#define NF ROBOTS_META_R_NOFOLLOW

static void seed_examples(void) {
    const robots_meta_result *r;
    /* Seeds 001/002, 9.4.7: the two most common directives, as printed. */
    r = scan("<META NAME=\"ROBOTS\" CONTENT=\"NOINDEX\">", NULL);
    EXPECT_EQ(r->restrictions, NI);
    EXPECT_EQ(r->tags_applied, 1);
    r = scan("<META NAME=\"ROBOTS\" CONTENT=\"NOFOLLOW\">", NULL);
    EXPECT_EQ(r->restrictions, NF);
    /* The seed's page: the tag in the HEAD section. */
    r = scan("<html>\n<head>\n<meta name=\"robots\" content=\"noindex,nofollow"
             "\">\n<title>...</title>\n</head>\n<body>\n...\n</body>\n</html>",
             NULL);
    EXPECT_EQ(r->restrictions, NI | NF);
    EXPECT_EQ(r->head_ended, 1);
    EXPECT_EQ(r->item_count, 2);
    EXPECT_EQ(r->items[0].directive, ROBOTS_META_NOINDEX);
    EXPECT_EQ(r->items[1].directive, ROBOTS_META_NOFOLLOW);
    EXPECT_EQ(r->items[0].source, ROBOTS_META_FROM_ROBOTS);
    /* "<META NAME="ROBOTS" CONTENT=directive-list>": unquoted. */
    r = scan("<META NAME=ROBOTS CONTENT=NOINDEX>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    /* "INDEX, FOLLOW" are the permissive counterparts; ALL is INDEX,FOLLOW
     * and NONE is NOINDEX,NOFOLLOW. */
    r = scan("<meta name=robots content=\"index,follow\">", NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->conflicts, 0);
    r = scan("<meta name=robots content=all>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta name=robots content=none>", NULL);
    EXPECT_EQ(r->restrictions, NI | NF);
    r = scan("<meta name=robots content=noarchive>", NULL);
    EXPECT_EQ(r->restrictions, ROBOTS_META_R_NOARCHIVE);
    /* Seed note: NOARCHIVE "may also be used with META NAME="googlebot"". */
    r = scan("<meta name=\"googlebot\" content=\"noarchive\">", "Googlebot");
    EXPECT_EQ(r->restrictions, ROBOTS_META_R_NOARCHIVE);
    EXPECT_EQ(r->items[0].source, ROBOTS_META_FROM_AGENT);
    r = scan("<meta name=\"googlebot\" content=\"noarchive\">", "bingbot");
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta name=\"googlebot\" content=\"noarchive\">", NULL);
    EXPECT_EQ(r->restrictions, 0);
    /* The agent is reduced to its product token, as for robots.txt. */
    r = scan("<meta name=\"googlebot\" content=\"noindex\">",
             "Googlebot/2.1 (+http://www.google.com/bot.html)");
    EXPECT_EQ(r->restrictions, NI);
    /* "the name robots and the content are case-insensitive". */
    r = scan("<meta name=\"RoBoTs\" content=\"NoIndex, NOFOLLOW\">", NULL);
    EXPECT_EQ(r->restrictions, NI | NF);

    /* The seed's conflicting list: behaviour "undefined" in the book;
     * docs/semantics.md resolves to the most restrictive and reports. */
    r = scan("<meta name=\"robots\" content=\"INDEX,NOINDEX,NOFOLLOW,FOLLOW,"
             "FOLLOW\">",
             NULL);
    EXPECT_EQ(r->restrictions, NI | NF);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_INDEX | ROBOTS_META_C_FOLLOW);
    EXPECT_EQ(r->duplicates, 1);
    EXPECT_EQ(r->directives_total, 5);
    r = scan("<meta name=robots content=\"all,none\">", NULL);
    EXPECT_EQ(r->restrictions, NI | NF);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_INDEX | ROBOTS_META_C_FOLLOW);
    /* Robots and crawler tags combine, the most restrictive winning. */
    r = scan("<head><meta name=robots content=index><meta name=googlebot "
             "content=noindex></head>",
             "googlebot");
    EXPECT_EQ(r->restrictions, NI);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_INDEX);
    EXPECT_EQ(r->tags_applied, 2);

    /* Table 9-5: description, keywords, revisit-after, as data. */
    r = scan("<head>\n"
             "<meta name=\"description\" content=\"Welcome to Mary's Antiques "
             "Web site\">\n"
             "<meta name=\"keywords\" content=\"antiques,mary,furniture,"
             "restoration\">\n"
             "<meta name=\"revisit-after\" content=\"10 days\">\n</head>",
             NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->tags_applied, 0);
    EXPECT_EQ(r->has_description, 1);
    EXPECT_STRN(r->description, r->description_len,
                "Welcome to Mary's Antiques Web site");
    EXPECT_STRN(r->keywords, r->keywords_len,
                "antiques,mary,furniture,restoration");
    EXPECT_STRN(r->revisit_after, r->revisit_after_len, "10 days");
    EXPECT_EQ(r->directives_total, 0);
    r = scan("<META NAME=DESCRIPTION CONTENT='Mary&#39;s &amp; &#x4E2D; "
             "shop'><meta name=description content=second>",
             NULL);
    EXPECT_STRN(r->description, r->description_len,
                "Mary's & \xe4\xb8\xad shop");
}

static void html_shapes(void) {
    const robots_meta_result *r;
    /* Issue 4: any attribute order, any quoting. */
    r = scan("<meta content='noindex' name='robots'>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<meta\tcontent = \"noindex\"\nname\n=\nrobots />", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<meta name=robots content=noindex/>", NULL);
    EXPECT_EQ(r->unknown, 1); /* unquoted: the '/' is part of the value */
    r = scan("<meta name=robots content=\"it's, noindex\">", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<meta name='robots' content='say \"x\", nofollow'>", NULL);
    EXPECT_EQ(r->restrictions, NF);
    /* HTML: the first of repeated attributes counts. */
    r = scan("<meta name=robots content=noindex content=index>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<meta name=other name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    /* Attribute without value, empty content. */
    r = scan("<meta name=robots content>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->tags_applied, 1);
    r = scan("<meta name content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta content=noindex>", NULL);
    EXPECT_EQ(r->tags_applied, 0);
    r = scan("<meta name=robots content=>x", NULL);
    EXPECT_EQ(r->restrictions, 0);
    /* Stop at </head> or <body>: tags after them are not read. */
    r = scan("<head></head><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->head_ended, 1);
    EXPECT_EQ(r->bytes_scanned, 6);
    r = scan("<BODY><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->head_ended, 1);
    r = scan("<bodyx><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<HEAD/ ><meta name=robots content=noindex></HEAD >", NULL);
    EXPECT_EQ(r->restrictions, NI);
    EXPECT_EQ(r->head_ended, 1);
    /* Comments and script/style/title/textarea contents are skipped. */
    r = scan("<!-- <meta name=robots content=noindex> -->", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<!--><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<!---><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<script>document.write('<meta name=robots content=noindex>');"
             "</script><meta name=robots content=nofollow>",
             NULL);
    EXPECT_EQ(r->restrictions, NF);
    r = scan("<SCRIPT type=x>a</scripts></SCRIPT\n>"
             "<meta name=robots content=nofollow>",
             NULL);
    EXPECT_EQ(r->restrictions, NF);
    r = scan("<style>a{}</head><body></style><meta name=robots "
             "content=noindex>",
             NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<title><meta name=robots content=noindex></title>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<textarea><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<!DOCTYPE html><?xml x?><meta name=robots content=noindex>",
             NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("a < b <meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, NI);
    /* Attributes of other tags may hold '>' in quotes. */
    r = scan("<link title='a>b'><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, NI);
}

static void hostile(void) {
    const robots_meta_result *r;
    /* Truncated HTML: an unterminated tag is not a tag. */
    r = scan("<meta name=robots content=noindex", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta name=\"robots\" content=\"noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta name='robots' content='noindex", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<meta name=robots content=noindex><meta name=", NULL);
    EXPECT_EQ(r->restrictions, NI);
    r = scan("<!-- never closed <meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<script><meta name=robots content=noindex>", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("<m", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("</", NULL);
    EXPECT_EQ(r->restrictions, 0);
    r = scan("", NULL);
    EXPECT_EQ(r->bytes_scanned, 0);
    EXPECT_EQ(robots_meta_scan_html(NULL, 0, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(robots_meta_scan_html(NULL, 1, NULL, 0, &result),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_scan_html("x", 1, NULL, 3, &result),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_scan_html("x", 1, NULL, 0, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
    /* The input is read through its length only: bytes past it are not
     * part of the page. */
    {
        const char *page = "<meta name=robots content=noindex>";
        EXPECT_EQ(
            robots_meta_scan_html(page, strlen(page) - 1, NULL, 0, &result),
            ROBOTS_OK);
        EXPECT_EQ(result.restrictions, 0);
    }
    /* Character references past the end, and huge numbers. */
    r = scan("<meta name=description content='&#", NULL);
    EXPECT_EQ(r->has_description, 0);
    r = scan("<meta name=description content='&#99999999999999;&#0;&#xD800'>",
             NULL);
    EXPECT_STRN(r->description, r->description_len,
                "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
    r = scan("<meta name=description content='&amp&unknown; &'>", NULL);
    EXPECT_STRN(r->description, r->description_len, "&amp&unknown; &");
    /* NUL bytes and bytes >= 0x80 are ordinary bytes. */
    {
        static const char page[] = "<meta\0name=robots content=noindex>"
                                   "<m\xff\x80 name=robots content=nofollow>";
        EXPECT_EQ(
            robots_meta_scan_html(page, sizeof page - 1, NULL, 0, &result),
            ROBOTS_OK);
        EXPECT_EQ(result.restrictions, 0);
    }
}

static void huge(void) {
    /* Issue 4: a 10 MB page. Only ROBOTS_META_MAX_SCAN_BYTES are read,
     * whatever it holds; time is linear. */
    size_t n = 10u * 1024 * 1024;
    char *page = malloc(n);
    size_t k;
    static const char tag[] = "<meta name=robots content=noindex>";
    size_t tl = sizeof tag - 1;
    if (page == NULL) {
        EXPECT(0);
        return;
    }
    for (k = 0; k < n; k++)
        page[k] = "<a x='>'>"[k % 9];
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.truncated, 1);
    EXPECT(result.bytes_scanned <= ROBOTS_META_MAX_SCAN_BYTES);
    /* Pathological shapes: many '<', an endless attribute list, an
     * unclosed comment, a script without its end tag, many "</". */
    memset(page, '<', n);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    memset(page, ' ', n);
    memcpy(page, "<meta name=robots", 17);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, 0);
    memcpy(page, "<!--", 4);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    for (k = 0; k + 2 < n; k += 2) {
        page[k] = '<';
        page[k + 1] = '/';
    }
    memcpy(page, "<script>", 8);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, 0);

    /* ROBOTS_META_MAX_SCAN_BYTES: a tag ending exactly at the limit is
     * read; one byte later it is not, and the result says truncated. */
    memset(page, ' ', n);
    memcpy(page + ROBOTS_META_MAX_SCAN_BYTES - tl, tag, tl);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI);
    EXPECT_EQ(result.truncated, 1);
    EXPECT_EQ(robots_meta_scan_html(page, ROBOTS_META_MAX_SCAN_BYTES, NULL, 0,
                                    &result),
              ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI);
    EXPECT_EQ(result.truncated, 0);
    memset(page, ' ', n);
    memcpy(page + ROBOTS_META_MAX_SCAN_BYTES - tl + 1, tag, tl);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, 0);
    EXPECT_EQ(result.truncated, 1);
    /* robots_web.h: "no restrictions" from a scan the limit stopped inside
     * the head is not the page's answer, and scan_cut says so (issue 29,
     * finding 8). */
    EXPECT_EQ(result.scan_cut, 1);
    /* A page that ends its head early is not "truncated". */
    memcpy(page, "<body>", 6);
    EXPECT_EQ(robots_meta_scan_html(page, n, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.truncated, 0);
    EXPECT_EQ(result.scan_cut, 0);
    free(page);
}

static void limits(void) {
    char *buf = malloc(ROBOTS_META_MAX_CONTENT_BYTES * 3);
    size_t k;
    size_t o;
    if (buf == NULL) {
        EXPECT(0);
        return;
    }
    /* ROBOTS_META_MAX_DIRECTIVES: listed up to the limit; past it still
     * applied and counted, so padding cannot hide a noindex. */
    o = 0;
    for (k = 0; k < ROBOTS_META_MAX_DIRECTIVES - 1; k++) {
        memcpy(buf + o, "follow,", 7);
        o += 7;
    }
    memcpy(buf + o, "noindex", 7);
    o += 7;
    EXPECT_EQ(robots_meta_parse_header(buf, o, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.item_count, ROBOTS_META_MAX_DIRECTIVES);
    EXPECT_EQ(result.directives_total, ROBOTS_META_MAX_DIRECTIVES);
    EXPECT_EQ(result.restrictions, NI);
    memcpy(buf + o - 7, "follow,noindex", 14);
    o += 7;
    EXPECT_EQ(robots_meta_parse_header(buf, o, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.item_count, ROBOTS_META_MAX_DIRECTIVES);
    EXPECT_EQ(result.directives_total, ROBOTS_META_MAX_DIRECTIVES + 1);
    EXPECT_EQ(result.restrictions, NI);

    /* ROBOTS_META_MAX_CONTENT_BYTES: a value of exactly that size is
     * whole; one byte more is cut, keeping only whole items. */
    memset(buf, 'a', ROBOTS_META_MAX_CONTENT_BYTES + 1);
    memcpy(buf + ROBOTS_META_MAX_CONTENT_BYTES - 8, ",noindex", 8);
    EXPECT_EQ(robots_meta_parse_header(buf, ROBOTS_META_MAX_CONTENT_BYTES, NULL,
                                       0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI);
    EXPECT_EQ(result.truncated, 0);
    memset(buf, 'a', ROBOTS_META_MAX_CONTENT_BYTES + 1);
    memcpy(buf + ROBOTS_META_MAX_CONTENT_BYTES - 7, ",noindex", 8);
    EXPECT_EQ(robots_meta_parse_header(buf, ROBOTS_META_MAX_CONTENT_BYTES + 1,
                                       NULL, 0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.restrictions, 0);
    EXPECT_EQ(result.truncated, 1);
    /* The same in a content="" attribute. */
    o = 0;
    memcpy(buf, "<meta name=robots content=\"", 27);
    o = 27;
    memset(buf + o, 'a', ROBOTS_META_MAX_CONTENT_BYTES - 8);
    o += ROBOTS_META_MAX_CONTENT_BYTES - 8;
    memcpy(buf + o, ",noindex\">", 10);
    o += 10;
    EXPECT_EQ(robots_meta_scan_html(buf, o, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI);
    EXPECT_EQ(result.truncated, 0);
    memset(buf + 27, 'a', ROBOTS_META_MAX_CONTENT_BYTES - 7);
    o = 27 + ROBOTS_META_MAX_CONTENT_BYTES - 7;
    memcpy(buf + o, ",noindex\">", 10);
    o += 10;
    EXPECT_EQ(robots_meta_scan_html(buf, o, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.restrictions, 0);
    EXPECT_EQ(result.truncated, 1);

    /* ROBOTS_META_MAX_TEXT_BYTES for description. */
    memcpy(buf, "<meta name=description content=\"", 32);
    memset(buf + 32, 'd', ROBOTS_META_MAX_TEXT_BYTES + 1);
    memcpy(buf + 32 + ROBOTS_META_MAX_TEXT_BYTES, "\">", 2);
    EXPECT_EQ(robots_meta_scan_html(buf, 34 + ROBOTS_META_MAX_TEXT_BYTES, NULL,
                                    0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.description_len, ROBOTS_META_MAX_TEXT_BYTES);
    EXPECT_EQ(result.truncated, 0);
    memset(buf + 32, 'd', ROBOTS_META_MAX_TEXT_BYTES + 1);
    memcpy(buf + 33 + ROBOTS_META_MAX_TEXT_BYTES, "\">", 2);
    EXPECT_EQ(robots_meta_scan_html(buf, 35 + ROBOTS_META_MAX_TEXT_BYTES, NULL,
                                    0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.description_len, ROBOTS_META_MAX_TEXT_BYTES);
    EXPECT_EQ(result.truncated, 1);

    /* ROBOTS_META_MAX_DIRECTIVE_BYTES: the listed text is cut. */
    memset(buf, 'x', 200);
    EXPECT_EQ(robots_meta_parse_header(buf, 200, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(result.items[0].text_len, ROBOTS_META_MAX_DIRECTIVE_BYTES);
    EXPECT_EQ(result.unknown, 1);
    memset(buf, 'x', ROBOTS_META_MAX_DIRECTIVE_BYTES);
    EXPECT_EQ(robots_meta_parse_header(buf, ROBOTS_META_MAX_DIRECTIVE_BYTES,
                                       NULL, 0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.items[0].text_len, ROBOTS_META_MAX_DIRECTIVE_BYTES);
    free(buf);
}

static void valued(void) {
    const robots_meta_result *r;
    /* The widely used directives of issue 4 and docs/semantics.md. */
    r = header("nosnippet, noimageindex", NULL);
    EXPECT_EQ(r->restrictions,
              ROBOTS_META_R_NOSNIPPET | ROBOTS_META_R_NOIMAGEINDEX);
    r = header("max-snippet:20, max-snippet: 10, max-video-preview:-1", NULL);
    EXPECT_EQ(r->has_max_snippet, 1);
    EXPECT_EQ(r->max_snippet, 10);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_MAX_SNIPPET);
    EXPECT_EQ(r->has_max_video_preview, 1);
    EXPECT_EQ(r->max_video_preview, -1);
    r = header("max-snippet:-1, max-snippet:0", NULL);
    EXPECT_EQ(r->max_snippet, 0);
    r = header("max-video-preview:-1, max-video-preview:30", NULL);
    EXPECT_EQ(r->max_video_preview, 30);
    r = header("max-snippet:99999999999999999999999", NULL);
    EXPECT_EQ(r->max_snippet, 2147483647);
    r = header("max-snippet:-2, max-snippet:x, max-snippet:, "
               "max-image-preview:huge",
               NULL);
    EXPECT_EQ(r->has_max_snippet, 0);
    EXPECT_EQ(r->malformed, 4);
    EXPECT_EQ(r->max_image_preview, ROBOTS_IMAGE_PREVIEW_UNSET);
    r = header("max-image-preview:large, max-image-preview:STANDARD", NULL);
    EXPECT_EQ(r->max_image_preview, ROBOTS_IMAGE_PREVIEW_STANDARD);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_IMAGE_PREVIEW);
    r = header("max-image-preview:none", NULL);
    EXPECT_EQ(r->max_image_preview, ROBOTS_IMAGE_PREVIEW_NONE);
    /* unavailable_after in the HTTP date formats (with their comma) and
     * ISO 8601; the earliest wins. */
    r = header("unavailable_after: Sun, 06 Nov 1994 08:49:37 GMT", NULL);
    EXPECT_EQ(r->has_unavailable_after, 1);
    EXPECT_EQ(r->unavailable_after, 784111777);
    EXPECT_EQ(r->directives_total, 1);
    r = header("noindex, unavailable_after: Sunday, 06-Nov-94 08:49:37 GMT,"
               " nofollow",
               NULL);
    EXPECT_EQ(r->unavailable_after, 784111777);
    EXPECT_EQ(r->restrictions, NI | NF);
    r = header("unavailable_after: 1994-11-06T08:49:37Z, "
               "unavailable_after: 1994-11-06",
               NULL);
    EXPECT_EQ(r->unavailable_after, 784080000);
    EXPECT_EQ(r->conflicts, ROBOTS_META_C_UNAVAILABLE);
    EXPECT_STRN(r->unavailable_after_text, r->unavailable_after_text_len,
                "1994-11-06");
    r = header("unavailable_after: 1994-11-06T10:49:37+02:00", NULL);
    EXPECT_EQ(r->unavailable_after, 784111777);
    r = header("unavailable_after: 1994-11-06T08:49-0000", NULL);
    EXPECT_EQ(r->unavailable_after, 784111740);
    r = header("unavailable_after: 25 Jun 2010 15:00:00 PST", NULL);
    EXPECT_EQ(r->has_unavailable_after, 0);
    EXPECT_EQ(r->malformed, 1);
    r = header("unavailable_after: 1994-13-06, unavailable_after: "
               "1994-11-06T08:49:37+0x:00",
               NULL);
    EXPECT_EQ(r->malformed, 2);
    /* Unknown directives are counted and listed, never applied. */
    r = header("noodp, notranslate, noindex", NULL);
    EXPECT_EQ(r->unknown, 2);
    EXPECT_EQ(r->restrictions, NI);
    EXPECT_STRN(r->items[0].text, r->items[0].text_len, "noodp");
    r = header("noindex:yes", NULL);
    EXPECT_EQ(r->unknown, 1);
    EXPECT_EQ(r->restrictions, 0);
}

static void x_robots_tag(void) {
    const robots_meta_result *r;
    /* docs/semantics.md: the same directives, optionally prefixed by a
     * crawler name ("googlebot: noindex"). */
    r = header("noindex, nofollow", "googlebot");
    EXPECT_EQ(r->restrictions, NI | NF);
    EXPECT_EQ(r->tags_applied, 1);
    EXPECT_EQ(r->items[0].source, ROBOTS_META_FROM_HEADER);
    r = header("googlebot: noindex, nofollow", "Googlebot");
    EXPECT_EQ(r->restrictions, NI | NF);
    r = header("GoogleBot : noindex", "googlebot/2.1");
    EXPECT_EQ(r->restrictions, NI);
    r = header("otherbot: noindex, nofollow", "googlebot");
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->tags_other_agent, 1);
    EXPECT_EQ(r->tags_applied, 0);
    r = header("googlebot: noindex", NULL);
    EXPECT_EQ(r->restrictions, 0);
    EXPECT_EQ(r->tags_other_agent, 1);
    /* A valued directive first is not a crawler name. */
    r = header("max-snippet: 5, noindex", "googlebot");
    EXPECT_EQ(r->max_snippet, 5);
    EXPECT_EQ(r->restrictions, NI);
    r = header("unavailable_after: Sun, 06 Nov 1994 08:49:37 GMT", "x");
    EXPECT_EQ(r->unavailable_after, 784111777);
    /* Several header values accumulate. */
    robots_meta_result_init(&result);
    EXPECT_EQ(robots_meta_add_header("googlebot: noindex", 18, "googlebot", 9,
                                     &result),
              ROBOTS_OK);
    EXPECT_EQ(robots_meta_add_header("otherbot: nofollow", 18, "googlebot", 9,
                                     &result),
              ROBOTS_OK);
    EXPECT_EQ(
        robots_meta_add_header("index, noarchive", 16, "googlebot", 9, &result),
        ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI | ROBOTS_META_R_NOARCHIVE);
    EXPECT_EQ(result.conflicts, ROBOTS_META_C_INDEX);
    EXPECT_EQ(result.tags_applied, 2);
    EXPECT_EQ(result.tags_other_agent, 1);
    /* And a page's META plus its header. */
    EXPECT_EQ(robots_meta_scan_html("<meta name=robots content=nofollow>", 35,
                                    NULL, 0, &result),
              ROBOTS_OK);
    EXPECT_EQ(robots_meta_add_header("noindex", 7, NULL, 0, &result),
              ROBOTS_OK);
    EXPECT_EQ(result.restrictions, NI | NF);
    /* Empty and blank values, bad arguments. */
    r = header("", NULL);
    EXPECT_EQ(r->tags_applied, 0);
    r = header(" , ,, ", NULL);
    EXPECT_EQ(r->directives_total, 0);
    EXPECT_EQ(robots_meta_parse_header(NULL, 0, NULL, 0, &result), ROBOTS_OK);
    EXPECT_EQ(robots_meta_parse_header(NULL, 2, NULL, 0, &result),
              ROBOTS_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(robots_meta_parse_header("x", 1, NULL, 0, NULL),
              ROBOTS_ERR_INVALID_ARGUMENT);
}

static void names(void) {
    EXPECT(strcmp(robots_meta_directive_name(ROBOTS_META_UNAVAILABLE_AFTER),
                  "unavailable_after") == 0);
    EXPECT(strcmp(robots_meta_directive_name(ROBOTS_META_NOINDEX), "noindex") ==
           0);
    EXPECT(robots_meta_directive_name((robots_meta_directive)14) == NULL);
    EXPECT(strcmp(robots_meta_source_name(ROBOTS_META_FROM_HEADER),
                  "x-robots-tag") == 0);
    EXPECT(strcmp(robots_image_preview_name(ROBOTS_IMAGE_PREVIEW_LARGE),
                  "large") == 0);
    EXPECT(strcmp(robots_meta_conflict_name(ROBOTS_META_C_FOLLOW), "follow") ==
           0);
    EXPECT(strcmp(robots_meta_restriction_name(ROBOTS_META_R_NOSNIPPET),
                  "nosnippet") == 0);
    EXPECT(robots_meta_conflict_name(0x40) == NULL);
    EXPECT(robots_meta_restriction_name(3) == NULL);
}

int main(void) {
    seed_examples();
    html_shapes();
    hostile();
    huge();
    limits();
    valued();
    x_robots_tag();
    names();
    return testing_finish();
}
