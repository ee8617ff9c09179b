/* SPDX-License-Identifier: MIT */
/*
 * fuzz_google.c - the `google` profile against google/robotstxt itself:
 * the same robots.txt, user-agent and URL to both, and any difference in
 * the verdict is a finding (docs/google-profile.md: the profile must give
 * robots_main's answer for every input). Built only with a checkout of
 * that library (fuzz/README.md, "Against Google's library").
 *
 * Input: FLAGS body, url, agent (fields split by 0x01, fuzz_common.h).
 * FLAGS bit 0 set: the default parse limit; clear: the whole body, as
 * Google reads it. A missing agent field is "FooBot". An agent or URL
 * holding a NUL is skipped: robots_main takes them from argv.
 */
#include "../fuzz_common.h"
#include "google_compare.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_input in = {data, size};
    unsigned flags = fz_byte(&in);
    size_t body_len, url_len, agent_len;
    char *body = fz_field(&in, &body_len);
    char *url = fz_field(&in, &url_len);
    int have_agent = in.len > 0;
    char *agent = have_agent ? fz_field(&in, &agent_len) : fz_dup("FooBot", 6);
    if (!have_agent)
        agent_len = 6;
    if ((url_len == 0 || memchr(url, '\0', url_len) == NULL) &&
        (agent_len == 0 || memchr(agent, '\0', agent_len) == NULL)) {
        size_t limit = (flags & 1) ? ROBOTS_DEFAULT_PARSE_LIMIT : 0;
        gc_result r =
            gc_compare(body, body_len, agent, agent_len, url, url_len, limit);
        if (r.outcome == GC_DISAGREE) {
            fprintf(stderr,
                    "google/robotstxt: %s; librobots (%s): %s (first %d, "
                    "second %d, query %d, reference %d)\n",
                    r.google ? "allowed" : "disallowed", r.what,
                    r.google ? "disallowed" : "allowed", r.ours[0], r.ours[1],
                    r.ours[2], r.ours[3]);
            abort();
        }
    }
    free(body);
    free(url);
    free(agent);
    return 0;
}
