/* SPDX-License-Identifier: MIT */
/*
 * fuzz_match.c - robots_match_path() with pattern and path carved from the
 * input, in every profile, and properties any matcher must have:
 *   - the answer is 0 or 1 and the same when asked twice;
 *   - rfc9309, google: an empty pattern matches nothing; a pattern that
 *     matches and does not end in '$' still matches the path with "/"
 *     appended (a prefix match), and "*" + pattern matches too;
 *   - legacy: an empty pattern matches everything; a match survives "/"
 *     appended to the path.
 * Input: pattern 0x01 path.
 */
#include "fuzz_common.h"

static int match(robots_profile profile, const char *pattern, size_t plen,
                 const char *path, size_t len) {
    int m = -1;
    robots_status st = robots_match_path(profile, pattern, plen, path, len, &m);
    if (st != ROBOTS_OK) {
        FZ_CHECK(st == ROBOTS_ERR_TOO_LARGE || st == ROBOTS_ERR_URL_TOO_LONG);
        FZ_CHECK(m == 0);
        return -1;
    }
    FZ_CHECK(m == 0 || m == 1);
    return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    size_t plen, len;
    char *pattern = fz_field(&in, &plen);
    char *path = fz_field(&in, &len);
    /* The path with "/" appended, and "*" + the pattern. */
    char *longer = malloc(len + 1);
    char *starred = malloc(plen + 1);
    FZ_CHECK(longer != NULL && starred != NULL);
    if (len)
        memcpy(longer, path, len);
    longer[len] = '/';
    starred[0] = '*';
    if (plen)
        memcpy(starred + 1, pattern, plen);

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        int m = match(profile, pattern, plen, path, len);
        if (m < 0)
            continue;
        FZ_CHECK(match(profile, pattern, plen, path, len) == m);
        if (profile == ROBOTS_PROFILE_LEGACY) {
            if (plen == 0)
                FZ_CHECK(m == 1);
            if (m == 1)
                FZ_CHECK(match(profile, pattern, plen, longer, len + 1) != 0);
            continue;
        }
        if (plen == 0)
            FZ_CHECK(m == 0);
        if (m == 1 && pattern[plen - 1] != '$')
            FZ_CHECK(match(profile, pattern, plen, longer, len + 1) != 0);
        if (m == 1)
            FZ_CHECK(match(profile, starred, plen + 1, path, len) != 0);
    }
    free(starred);
    free(longer);
    free(pattern);
    free(path);
    return 0;
}
