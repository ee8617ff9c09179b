/* SPDX-License-Identifier: MIT */
/*
 * fuzz_invariants.c - rewrites of a robots.txt that the specification says
 * change nothing, checked on the verdicts of every profile:
 *   - the same lines ended by LF, by CR and by CRLF give the same verdicts,
 *     rule lines and groups;
 *   - a UTF-8 BOM put in front changes nothing;
 *   - a comment line inserted anywhere changes no verdict (only the line
 *     numbers after it: they are not compared).
 * The lines are the body's, split at CR and LF (so no line holds one) and
 * rebuilt with each ending; the parse limit is off. A body starting with
 * 0xEF is not given a BOM (google skips a partial BOM), and no comment goes
 * before such a first line (it would move the BOM off offset 0).
 * Input: FLAGS body 0x01 url 0x01 agent ... (no agent: '*'). FLAGS picks
 * where the comment line goes.
 */
#include "fuzz_common.h"

#define MAX_AGENTS 8

typedef struct line {
    const char *p;
    size_t len;
} line;

/* The lines joined with `end`; `extra` (a whole line) before line `at`
 * when extra is not NULL; `prefix` in front. An exact-size heap block. */
static char *build(const line *lines, size_t n, const char *end,
                   const char *prefix, const char *extra, size_t at,
                   size_t *out_len) {
    size_t elen = strlen(end), total = strlen(prefix);
    for (size_t i = 0; i < n; i++)
        total += lines[i].len + elen;
    if (extra)
        total += strlen(extra) + elen;
    char *out = malloc(total ? total : 1);
    FZ_CHECK(out != NULL);
    size_t o = 0;
    memcpy(out, prefix, strlen(prefix));
    o += strlen(prefix);
    for (size_t i = 0; i <= n; i++) {
        if (extra && i == at) {
            memcpy(out + o, extra, strlen(extra));
            o += strlen(extra);
            memcpy(out + o, end, elen);
            o += elen;
        }
        if (i == n)
            break;
        if (lines[i].len)
            memcpy(out + o, lines[i].p, lines[i].len);
        o += lines[i].len;
        memcpy(out + o, end, elen);
        o += elen;
    }
    FZ_CHECK(o == total);
    *out_len = total;
    return out;
}

typedef struct answer {
    robots_status status;
    robots_verdict v;
} answer;

static answer ask(robots_profile profile, const char *body, size_t len,
                  const robots_str *agents, size_t n, const char *url,
                  size_t url_len) {
    robots_options opt;
    robots_options_init(&opt);
    opt.profile = profile;
    opt.parse_limit = 0;
    robots_txt *doc = NULL;
    FZ_CHECK(robots_parse(body, len, &opt, &doc) == ROBOTS_OK);
    answer a;
    memset(&a, 0, sizeof a);
    a.status = robots_check(doc, agents, n, url, url_len, &a.v);
    /* The pattern points into the document: keep only its length and a
     * hash of it past robots_free(). */
    uint32_t h = 2166136261u;
    for (size_t i = 0; a.status == ROBOTS_OK && i < a.v.rule_pattern_len; i++)
        h = (h ^ (unsigned char)a.v.rule_pattern[i]) * 16777619u;
    a.v.rule_pattern = NULL;
    a.v.rule_line = a.status == ROBOTS_OK ? a.v.rule_line : 0;
    a.v.rule_kind =
        a.v.rule != ROBOTS_NO_POSITION ? a.v.rule_kind : ROBOTS_RULE_ALLOW;
    a.v.rule_pattern_len ^= (size_t)h << 20;
    robots_free(doc);
    return a;
}

static void same(const answer *a, const answer *b, int lines_too) {
    FZ_CHECK(a->status == b->status);
    if (a->status != ROBOTS_OK)
        return;
    FZ_CHECK(a->v.allowed == b->v.allowed);
    FZ_CHECK(a->v.reason == b->v.reason);
    FZ_CHECK(a->v.specific == b->v.specific);
    FZ_CHECK(a->v.group == b->v.group);
    FZ_CHECK(a->v.rule == b->v.rule);
    FZ_CHECK(a->v.rule_kind == b->v.rule_kind);
    FZ_CHECK(a->v.rule_pattern_len == b->v.rule_pattern_len);
    if (lines_too)
        FZ_CHECK(a->v.rule_line == b->v.rule_line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_query q;
    fz_query_carve(&q, data, size, MAX_AGENTS);

    /* Split at every CR and every LF: a CRLF gives an empty line between,
     * the same in each rebuilt version. */
    size_t count = 0;
    line *lines = malloc((q.body_len + 1) * sizeof *lines);
    FZ_CHECK(lines != NULL);
    size_t start = 0;
    for (size_t i = 0; i <= q.body_len; i++) {
        if (i == q.body_len || q.body[i] == '\n' || q.body[i] == '\r') {
            if (i < q.body_len || i > start) {
                lines[count].p = q.body + start;
                lines[count].len = i - start;
                count++;
            }
            start = i + 1;
        }
    }
    int ef_first = q.body_len > 0 && (unsigned char)q.body[0] == 0xEF;
    size_t at = count ? q.flags % (count + 1) : 0;
    if (ef_first && at == 0)
        at = 1;
    if (at > count)
        at = count;

    size_t lf_len, cr_len, crlf_len, bom_len, com_len;
    char *lf = build(lines, count, "\n", "", NULL, 0, &lf_len);
    char *cr = build(lines, count, "\r", "", NULL, 0, &cr_len);
    char *crlf = build(lines, count, "\r\n", "", NULL, 0, &crlf_len);
    char *bom = build(lines, count, "\n", "\xEF\xBB\xBF", NULL, 0, &bom_len);
    char *com =
        build(lines, count, "\n", "", "# a comment: Disallow: /", at, &com_len);

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        answer a = ask(profile, lf, lf_len, q.agents, q.n, q.url, q.url_len);
        answer b = ask(profile, cr, cr_len, q.agents, q.n, q.url, q.url_len);
        same(&a, &b, 1);
        b = ask(profile, crlf, crlf_len, q.agents, q.n, q.url, q.url_len);
        same(&a, &b, 1);
        if (!ef_first) {
            b = ask(profile, bom, bom_len, q.agents, q.n, q.url, q.url_len);
            same(&a, &b, 1);
        }
        b = ask(profile, com, com_len, q.agents, q.n, q.url, q.url_len);
        same(&a, &b, 0);
    }
    free(lf);
    free(cr);
    free(crlf);
    free(bom);
    free(com);
    free(lines);
    fz_query_free(&q);
    return 0;
}
