/* SPDX-License-Identifier: MIT */
/*
 * fuzz_check.c - robots_check() with body, URL and agents carved from the
 * input, in every profile, and the verdict checked for its evidence:
 *   - the deciding rule is the one robots_group_rule() reports, and
 *     robots_match_path() agrees that it matches the path robots_url_to_path()
 *     gives; no rule of the first applicable group beats it (longest match)
 *     or comes before it (legacy first match); when no rule decided, none of
 *     that group's rules matches;
 *   - group and specific agree with robots_select_group();
 *   - robots_check_agent() equals robots_check() with one agent;
 *   - URL errors are the ones robots_url_to_path() reports;
 *   - the verdict `robots check` prints (text and JSON, through the
 *     command's own module cli/check_run.c, linked in) is the library's,
 *     with the CLI's default agent '*'.
 * Input: FLAGS body 0x01 url 0x01 agent 0x01 agent ... (no agent: '*').
 * FLAGS bit 0: the default parse limit instead of none; bit 1: errors
 * through the CLI too.
 */
#include "fuzz_common.h"

/* The CLI's own code path: cli_check_one() and its print functions. */
#include "check_run.h"

#include <stdlib.h>
#include <string.h>

static FILE *cli_out;

/* What check_one() printed: 1 allowed, 0 disallowed, -1 error. */
static int cli_verdict(const robots_txt *doc, const robots_str *agents,
                       size_t n, const char *url, size_t len, int json) {
    if (cli_out == NULL) {
        cli_out = tmpfile();
        FZ_CHECK(cli_out != NULL);
    }
    check_run run;
    memset(&run, 0, sizeof run);
    run.doc = doc;
    FZ_CHECK(robots_txt_cut(doc, &run.cut) == ROBOTS_OK);
    run.agents = agents;
    run.agent_count = n;
    run.explain = 1;
    run.json = json;
    run.out = cli_out;
    rewind(cli_out);
    cli_check_one(&run, url, len, "fuzz");
    fflush(cli_out);
    long end = ftell(cli_out);
    FZ_CHECK(end > 0);
    rewind(cli_out);
    char head[32] = {0};
    size_t got = fread(head, 1, sizeof head - 1, cli_out);
    FZ_CHECK(got > 0);
    if (json) {
        /* {"url":"...","allowed":... : find the key after the URL. */
        rewind(cli_out);
        char *all = malloc((size_t)end + 1);
        FZ_CHECK(all != NULL);
        FZ_CHECK(fread(all, 1, (size_t)end, cli_out) == (size_t)end);
        all[end] = '\0';
        int v = -1;
        if (strstr(all, "\",\"allowed\":true,") != NULL)
            v = 1;
        else if (strstr(all, "\",\"allowed\":false,") != NULL)
            v = 0;
        else
            FZ_CHECK(strstr(all, "\",\"error\":\"") != NULL);
        FZ_CHECK(run.any_disallowed == (v == 0));
        FZ_CHECK(run.any_error == (v == -1));
        free(all);
        return v;
    }
    if (strncmp(head, "allowed\t", 8) == 0)
        return 1;
    if (strncmp(head, "disallowed\t", 11) == 0)
        return 0;
    FZ_CHECK(strncmp(head, "error\t", 6) == 0);
    return -1;
}

static int rule_matches(robots_profile profile, const robots_rule_info *r,
                        const char *path, size_t path_len) {
    int m = -1;
    FZ_CHECK(robots_match_path(profile, r->pattern, r->pattern_len, path,
                               path_len, &m) == ROBOTS_OK);
    FZ_CHECK(m == 0 || m == 1);
    return m;
}

/* google's "Allow: /d/index.html also allows /d/": not a pattern match. */
static int google_index_htm(robots_profile profile, const robots_rule_info *r) {
    if (profile != ROBOTS_PROFILE_GOOGLE || r->kind != ROBOTS_RULE_ALLOW)
        return 0;
    for (size_t i = 0; i + 10 <= r->pattern_len; i++)
        if (memcmp(r->pattern + i, "/index.htm", 10) == 0)
            return 1;
    return 0;
}

static void check_evidence(const robots_txt *doc, robots_profile profile,
                           const robots_str *agents, size_t n, const char *url,
                           size_t url_len, const robots_verdict *v) {
    fz_check_name(robots_reason_name(v->reason));
    size_t sel;
    int specific;
    FZ_CHECK(robots_select_group(doc, agents, n, &sel, &specific) == ROBOTS_OK);
    FZ_CHECK(v->specific == specific);

    char path[ROBOTS_MAX_URL_BYTES + 2];
    size_t path_len;
    FZ_CHECK(robots_url_to_path(profile, url, url_len, path, sizeof path,
                                &path_len) == ROBOTS_OK);

    robots_rule_info r, winner;
    robots_group_info g;
    if (v->rule == ROBOTS_NO_POSITION) {
        FZ_CHECK(v->allowed == 1);
        FZ_CHECK(v->group == sel);
        FZ_CHECK(v->rule_line == 0);
        if (v->reason == ROBOTS_REASON_NO_GROUP)
            FZ_CHECK(sel == ROBOTS_NO_POSITION);
        if (v->reason != ROBOTS_REASON_NO_RULE_MATCHED)
            return;
        FZ_CHECK(robots_group(doc, sel, &g) == ROBOTS_OK);
        for (size_t i = 0; i < g.rule_count; i++) {
            FZ_CHECK(robots_group_rule(doc, sel, i, &r) == ROBOTS_OK);
            if (profile == ROBOTS_PROFILE_LEGACY && r.pattern_len == 0 &&
                r.kind == ROBOTS_RULE_DISALLOW)
                continue;
            if (google_index_htm(profile, &r))
                continue;
            FZ_CHECK(!rule_matches(profile, &r, path, path_len));
        }
        return;
    }
    FZ_CHECK(v->reason == ROBOTS_REASON_LONGEST_MATCH ||
             v->reason == ROBOTS_REASON_TIE_ALLOW ||
             v->reason == ROBOTS_REASON_FIRST_MATCH);
    FZ_CHECK((v->reason == ROBOTS_REASON_FIRST_MATCH) ==
             (profile == ROBOTS_PROFILE_LEGACY));
    FZ_CHECK(robots_group_rule(doc, v->group, v->rule, &winner) == ROBOTS_OK);
    FZ_CHECK(winner.line == v->rule_line);
    FZ_CHECK(winner.kind == v->rule_kind);
    FZ_CHECK(winner.pattern == v->rule_pattern);
    FZ_CHECK(winner.pattern_len == v->rule_pattern_len);
    FZ_CHECK(v->allowed == (winner.kind == ROBOTS_RULE_ALLOW));
    if (v->reason == ROBOTS_REASON_TIE_ALLOW)
        FZ_CHECK(v->allowed);
    if (google_index_htm(profile, &winner))
        return;
    FZ_CHECK(rule_matches(profile, &winner, path, path_len));

    if (profile == ROBOTS_PROFILE_LEGACY) {
        /* The record used is the selected one, and no earlier rule of it
         * matched. */
        FZ_CHECK(v->group == sel);
        for (size_t i = 0; i < v->rule; i++) {
            FZ_CHECK(robots_group_rule(doc, sel, i, &r) == ROBOTS_OK);
            if (r.pattern_len == 0 && r.kind == ROBOTS_RULE_DISALLOW)
                continue;
            FZ_CHECK(!rule_matches(profile, &r, path, path_len));
        }
        return;
    }
    /* The first applicable group is merged into the set considered, so
     * none of its matching rules is longer than the winner, and at equal
     * length an Allow there means the verdict is allowed. */
    FZ_CHECK(v->group >= sel);
    FZ_CHECK(robots_group(doc, sel, &g) == ROBOTS_OK);
    for (size_t i = 0; i < g.rule_count; i++) {
        FZ_CHECK(robots_group_rule(doc, sel, i, &r) == ROBOTS_OK);
        if (google_index_htm(profile, &r))
            continue;
        if (!rule_matches(profile, &r, path, path_len))
            continue;
        FZ_CHECK(r.normalized_len <= winner.normalized_len);
        if (r.normalized_len == winner.normalized_len &&
            r.kind == ROBOTS_RULE_ALLOW)
            FZ_CHECK(v->allowed);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_query q;
    fz_query_carve(&q, data, size, FZ_QUERY_MAX_AGENTS);

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = profile;
        if (!(q.flags & 1))
            opt.parse_limit = 0;
        robots_txt *doc = NULL;
        FZ_CHECK(robots_parse(q.body, q.body_len, &opt, &doc) == ROBOTS_OK);

        robots_verdict v;
        robots_status st =
            robots_check(doc, q.agents, q.n, q.url, q.url_len, &v);
        size_t sel;
        int specific;
        robots_status sst =
            robots_select_group(doc, q.agents, q.n, &sel, &specific);
        if (st == ROBOTS_OK) {
            FZ_CHECK(sst == ROBOTS_OK);
            check_evidence(doc, profile, q.agents, q.n, q.url, q.url_len, &v);
        } else {
            fz_check_name(robots_status_name(st));
            /* Agents are validated first, then the URL. */
            if (sst == ROBOTS_OK) {
                size_t needed;
                robots_status ust = robots_url_to_path(
                    profile, q.url, q.url_len, NULL, 0, &needed);
                FZ_CHECK(st == ust);
            } else {
                FZ_CHECK(st == sst);
            }
        }
        if (q.n == 1) {
            robots_verdict v1;
            robots_status st1 = robots_check_agent(
                doc, q.agents[0].ptr, q.agents[0].len, q.url, q.url_len, &v1);
            FZ_CHECK(st1 == st);
            if (st == ROBOTS_OK) {
                FZ_CHECK(v.allowed == v1.allowed && v.reason == v1.reason);
                FZ_CHECK(v.specific == v1.specific && v.group == v1.group);
                FZ_CHECK(v.rule == v1.rule && v.rule_line == v1.rule_line);
                FZ_CHECK(v.rule_pattern == v1.rule_pattern ||
                         v.rule == ROBOTS_NO_POSITION);
            }
        }
        /* The CLI prints a message on stderr for an error: only when
         * FLAGS bit 1 asks, so that fuzzing output stays readable. */
        if (q.n <= ROBOTS_MAX_QUERY_AGENTS &&
            (st == ROBOTS_OK || (q.flags & 2))) {
            int want = st == ROBOTS_OK ? v.allowed : -1;
            FZ_CHECK(cli_verdict(doc, q.agents, q.n, q.url, q.url_len, 0) ==
                     want);
            FZ_CHECK(cli_verdict(doc, q.agents, q.n, q.url, q.url_len, 1) ==
                     want);
        }
        robots_free(doc);
    }
    fz_query_free(&q);
    return 0;
}
