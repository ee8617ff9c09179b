/* SPDX-License-Identifier: MIT */
/*
 * fuzz_urlpath.c - robots_url_to_path() in every profile, into buffers of
 * exactly the reported size, one byte short, and none:
 *   - cap 0 (buf NULL) reports the length needed or the URL's error;
 *   - cap needed + 1 succeeds, NUL-terminates, and writes nothing past;
 *   - cap needed is ROBOTS_ERR_BUFFER_TOO_SMALL with the same length;
 *   - the path is the URL's bytes from some offset, with at most a "/"
 *     put in front, and never holds the fragment's '#';
 *   - robots_check() accepts exactly the URLs robots_url_to_path() does.
 * Input: the whole input is the URL.
 */
#include "fuzz_common.h"

static robots_txt *docs[3];

/* At exit, so that the replay under valgrind reports no block "possibly
 * lost": a document's handle points inside its region. */
static void free_docs(void) {
    for (int i = 0; i < 3; i++)
        robots_free(docs[i]);
}

static const robots_txt *doc_for(robots_profile profile) {
    static int freed_at_exit;
    if (!freed_at_exit)
        freed_at_exit = atexit(free_docs) == 0;
    if (docs[profile] == NULL) {
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = profile;
        static const char body[] = "User-agent: *\nDisallow: /\n";
        FZ_CHECK(robots_parse(body, sizeof body - 1, &opt, &docs[profile]) ==
                 ROBOTS_OK);
    }
    return docs[profile];
}

static int contains_at(const char *hay, size_t hlen, const char *needle,
                       size_t nlen) {
    if (nlen == 0)
        return 1;
    for (size_t i = 0; i + nlen <= hlen; i++)
        if (memcmp(hay + i, needle, nlen) == 0)
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *url = fz_dup(data, size);
    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        size_t needed = 12345;
        robots_status st =
            robots_url_to_path(profile, url, size, NULL, 0, &needed);
        robots_verdict v;
        robots_str star = {"*", 1};
        robots_status cst =
            robots_check(doc_for(profile), &star, 1, url, size, &v);
        if (st != ROBOTS_ERR_BUFFER_TOO_SMALL) {
            FZ_CHECK(st == ROBOTS_ERR_URL_INVALID ||
                     st == ROBOTS_ERR_URL_TOO_LONG);
            FZ_CHECK(profile != ROBOTS_PROFILE_GOOGLE ||
                     st == ROBOTS_ERR_URL_TOO_LONG);
            FZ_CHECK(needed == 0);
            FZ_CHECK(cst == st);
            continue;
        }
        FZ_CHECK(cst == ROBOTS_OK);
        FZ_CHECK(needed <= size + 1);

        /* Exactly big enough. */
        char *buf = malloc(needed + 1);
        FZ_CHECK(buf != NULL);
        size_t got = 0;
        FZ_CHECK(robots_url_to_path(profile, url, size, buf, needed + 1,
                                    &got) == ROBOTS_OK);
        FZ_CHECK(got == needed);
        FZ_CHECK(buf[needed] == '\0');
        FZ_CHECK(needed >= 1 && buf[0] == '/');
        FZ_CHECK(memchr(buf, '#', needed) == NULL ||
                 profile == ROBOTS_PROFILE_GOOGLE);
        /* The path is the URL's own bytes, or them after a "/". */
        FZ_CHECK(contains_at(url, size, buf, needed) ||
                 contains_at(url, size, buf + 1, needed - 1));
        free(buf);

        /* One byte short: nothing written past it (ASan), length kept. */
        if (needed > 0) {
            buf = malloc(needed);
            FZ_CHECK(buf != NULL);
            got = 0;
            FZ_CHECK(robots_url_to_path(profile, url, size, buf, needed,
                                        &got) == ROBOTS_ERR_BUFFER_TOO_SMALL);
            FZ_CHECK(got == needed);
            free(buf);
        }
    }
    free(url);
    return 0;
}
