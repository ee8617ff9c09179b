/* SPDX-License-Identifier: MIT */
/*
 * fuzz_policy.c - what a crawler does with a fetch of robots.txt, and how
 * long it may keep the file: robots_fetch_policy(), robots_cache_lifetime(),
 * robots_cache_lifetime_from_block() and robots_http_date_parse(), in every
 * profile. Properties:
 *   - every status, action, basis, source and flag has a name;
 *   - a decision exists for every valid outcome; invalid ones are
 *     ROBOTS_ERR_INVALID_ARGUMENT;
 *   - a lifetime is never negative, rfc9309's never over 24 hours, and
 *     no-store / no-cache give 0; a 3xx without a Location is never
 *     followed;
 *   - a date that parses, parses the same with space and tab around it.
 * Input: 16 bytes of outcome, then cache_control 0x01 expires 0x01 date
 * 0x01 header block.
 */
#include "fuzz_common.h"

static void check_cache(robots_profile profile, const robots_cache_info *c) {
    FZ_CHECK(c->seconds >= 0);
    fz_check_name(robots_cache_source_name(c->source));
    if (profile == ROBOTS_PROFILE_RFC9309)
        FZ_CHECK(c->seconds <= ROBOTS_CACHE_RFC9309_MAX_SECONDS);
    if (c->source == ROBOTS_CACHE_FROM_NO_STORE ||
        c->source == ROBOTS_CACHE_FROM_NO_CACHE)
        FZ_CHECK(c->seconds == 0);
    FZ_CHECK(c->capped == 0 || c->capped == 1);
    for (unsigned bit = 1; bit <= ROBOTS_CACHE_BAD_AGE; bit <<= 1)
        if (c->malformed & bit)
            fz_check_name(robots_cache_flag_name(bit));
    FZ_CHECK((c->malformed & ~0xFFu) == 0);
}

static void check_date(const char *text, size_t len) {
    int64_t t = 0;
    robots_status st = robots_http_date_parse(text, len, &t);
    if (st != ROBOTS_OK) {
        FZ_CHECK(st == ROBOTS_ERR_HEADER_INVALID);
        return;
    }
    char *padded = malloc(len + 2);
    FZ_CHECK(padded != NULL);
    padded[0] = ' ';
    if (len)
        memcpy(padded + 1, text, len);
    padded[len + 1] = '\t';
    int64_t t2 = 0;
    FZ_CHECK(robots_http_date_parse(padded, len + 2, &t2) == ROBOTS_OK);
    FZ_CHECK(t2 == t);
    free(padded);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    robots_fetch_outcome o;
    memset(&o, 0, sizeof o);
    unsigned hi = fz_byte(&in), lo = fz_byte(&in);
    o.status = (int)((hi << 8 | lo) % 1100u);
    if (hi & 0x80)
        o.status = -o.status;
    o.redirects = fz_byte(&in);
    o.network_error = (robots_network_error)(fz_byte(&in) % 8u);
    uint64_t u = 0;
    for (int i = 0; i < 8; i++)
        u = u << 8 | fz_byte(&in);
    o.unreachable_seconds = (int64_t)u;
    o.has_cached_copy = (int)(fz_byte(&in) & 1u);
    unsigned pick = fz_byte(&in);
    o.no_location = (int)(fz_byte(&in) & 1u);
    (void)fz_byte(&in);

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        robots_fetch_decision d;
        robots_status st = robots_fetch_policy(&o, profile, &d);
        int valid = o.unreachable_seconds >= 0 &&
                    robots_network_error_name(o.network_error) != NULL &&
                    (o.network_error != ROBOTS_NET_NONE ||
                     (o.status >= 100 && o.status <= 999));
        FZ_CHECK((st == ROBOTS_OK) == valid);
        if (st != ROBOTS_OK) {
            FZ_CHECK(st == ROBOTS_ERR_INVALID_ARGUMENT);
            continue;
        }
        fz_check_name(robots_fetch_action_name(d.action));
        fz_check_name(robots_fetch_basis_name(d.basis));
        FZ_CHECK(d.retry == 0 || d.retry == 1);
        FZ_CHECK(d.long_unreachable == 0 || d.long_unreachable == 1);
        if (o.network_error == ROBOTS_NET_NONE && o.status >= 200 &&
            o.status <= 299)
            FZ_CHECK(d.action == ROBOTS_FETCH_PARSE_BODY);
        if (o.no_location)
            FZ_CHECK(d.action != ROBOTS_FETCH_FOLLOW_REDIRECT);
    }

    size_t cc_len, ex_len, date_len, block_len;
    char *cc = fz_field(&in, &cc_len);
    char *ex = fz_field(&in, &ex_len);
    char *date = fz_field(&in, &date_len);
    char *block = fz_field(&in, &block_len);
    /* Some headers absent (NULL), chosen by a byte. */
    robots_cache_headers h;
    memset(&h, 0, sizeof h);
    if (!(pick & 1)) {
        h.cache_control = cc ? cc : "";
        h.cache_control_len = cc_len;
    }
    if (!(pick & 2)) {
        h.expires = ex ? ex : "";
        h.expires_len = ex_len;
    }
    if (!(pick & 4)) {
        h.date = date ? date : "";
        h.date_len = date_len;
    }
    if (pick & 8) {
        /* The Age header, from the Expires field's bytes. */
        h.age = ex ? ex : "";
        h.age_len = ex_len;
    }
    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        robots_cache_info c;
        FZ_CHECK(robots_cache_lifetime(profile, &h, &c) == ROBOTS_OK);
        check_cache(profile, &c);
        robots_status bst =
            robots_cache_lifetime_from_block(profile, block, block_len, &c);
        FZ_CHECK(bst == ROBOTS_OK || bst == ROBOTS_ERR_HEADER_INVALID);
        if (bst == ROBOTS_OK)
            check_cache(profile, &c);
    }
    check_date(ex, ex_len);
    check_date(date, date_len);
    free(cc);
    free(ex);
    free(date);
    free(block);
    return 0;
}
