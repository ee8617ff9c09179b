/* SPDX-License-Identifier: MIT */
/*
 * fuzz_meta.c - the robots META scanner and X-Robots-Tag:
 * robots_meta_scan_html(), robots_meta_add_header() and
 * robots_meta_parse_header(), for a crawler name carved from the input (and for
 * robots tags only). Properties:
 *   - every count, length and text within its documented limit, every text
 *     NUL-terminated, every listed directive and source named;
 *   - no more bytes scanned than given or than ROBOTS_META_MAX_SCAN_BYTES;
 *   - adding a header never lifts a restriction;
 *   - parse_header equals result_init + add_header.
 * Input: agent 0x01 html 0x01 header value.
 */
#include "fuzz_common.h"

static void check_text(const char *text, size_t len, size_t max) {
    FZ_CHECK(len <= max);
    FZ_CHECK(text[len] == '\0');
}

static void check_result(const robots_meta_result *r) {
    FZ_CHECK(r->item_count <= ROBOTS_META_MAX_DIRECTIVES);
    FZ_CHECK(r->item_count <= r->directives_total);
    FZ_CHECK(r->unknown <= r->directives_total);
    FZ_CHECK((r->restrictions & ~0x1Fu) == 0);
    FZ_CHECK((r->conflicts & ~0x3Fu) == 0);
    for (unsigned bit = 1; bit <= 0x20u; bit <<= 1) {
        if (r->restrictions & bit)
            fz_check_name(robots_meta_restriction_name(bit));
        if (r->conflicts & bit)
            fz_check_name(robots_meta_conflict_name(bit));
    }
    for (size_t i = 0; i < r->item_count; i++) {
        const robots_meta_item *it = &r->items[i];
        fz_check_name(robots_meta_directive_name(it->directive));
        fz_check_name(robots_meta_source_name(it->source));
        check_text(it->text, it->text_len, ROBOTS_META_MAX_DIRECTIVE_BYTES);
        for (size_t k = 0; k < it->text_len; k++)
            FZ_CHECK(!(it->text[k] >= 'A' && it->text[k] <= 'Z'));
    }
    fz_check_name(robots_image_preview_name(r->max_image_preview));
    if (r->has_max_snippet)
        FZ_CHECK(r->max_snippet >= -1);
    if (r->has_max_video_preview)
        FZ_CHECK(r->max_video_preview >= -1);
    check_text(r->unavailable_after_text, r->unavailable_after_text_len,
               ROBOTS_META_MAX_DIRECTIVE_BYTES);
    check_text(r->description, r->description_len, ROBOTS_META_MAX_TEXT_BYTES);
    check_text(r->keywords, r->keywords_len, ROBOTS_META_MAX_TEXT_BYTES);
    check_text(r->revisit_after, r->revisit_after_len,
               ROBOTS_META_MAX_TEXT_BYTES);
}

static void run(const char *agent, size_t agent_len, const char *html,
                size_t html_len, const char *header, size_t header_len,
                robots_meta_result *r, robots_meta_result *h) {
    FZ_CHECK(robots_meta_scan_html(html, html_len, agent, agent_len, r) ==
             ROBOTS_OK);
    check_result(r);
    FZ_CHECK(r->bytes_scanned <= html_len);
    FZ_CHECK(r->bytes_scanned <= ROBOTS_META_MAX_SCAN_BYTES);
    /* A scan cut inside the head is a truncated one, and only a page
     * longer than the scan is cut (robots_web.h). */
    FZ_CHECK(!r->scan_cut || r->truncated);
    FZ_CHECK(!r->scan_cut || html_len > ROBOTS_META_MAX_SCAN_BYTES);
    unsigned before = r->restrictions;
    robots_status st =
        robots_meta_add_header(header, header_len, agent, agent_len, r);
    FZ_CHECK(st == ROBOTS_OK);
    check_result(r);
    FZ_CHECK((r->restrictions & before) == before);

    FZ_CHECK(robots_meta_parse_header(header, header_len, agent, agent_len,
                                      h) == ROBOTS_OK);
    check_result(h);
    robots_meta_result fresh;
    robots_meta_result_init(&fresh);
    FZ_CHECK(robots_meta_add_header(header, header_len, agent, agent_len,
                                    &fresh) == ROBOTS_OK);
    FZ_CHECK(fresh.restrictions == h->restrictions);
    FZ_CHECK(fresh.directives_total == h->directives_total);
    FZ_CHECK(fresh.item_count == h->item_count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    size_t agent_len, html_len, header_len;
    char *agent = fz_field(&in, &agent_len);
    char *html = fz_field(&in, &html_len);
    char *header = fz_field(&in, &header_len);
    /* Two results are ~100 KiB: on the heap, not the stack. */
    robots_meta_result *r = malloc(2 * sizeof *r);
    FZ_CHECK(r != NULL);
    run(agent, agent_len, html, html_len, header, header_len, &r[0], &r[1]);
    run(NULL, 0, html, html_len, header, header_len, &r[0], &r[1]);
    free(r);
    free(agent);
    free(html);
    free(header);
    return 0;
}
