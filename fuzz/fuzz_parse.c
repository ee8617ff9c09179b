/* SPDX-License-Identifier: MIT */
/*
 * fuzz_parse.c - robots_parse() on any bytes, in every profile, then every
 * accessor and every diagnostic walked and checked against robots.h:
 *   - strings handed out are readable to their length, NUL-terminated and
 *     hold no NUL; indexes past a count give ROBOTS_ERR_OUT_OF_RANGE;
 *   - a memory cap of robots_parse_memory_bound() never fails the parse;
 *   - an allocator failing at the Nth call gives ROBOTS_ERR_NO_MEMORY,
 *     *out NULL and nothing left allocated (N chosen from the input);
 *   - the parse limit (taken from the input) bounds the bytes parsed,
 *     and a prefix of the body past it (robots_parse_prefix()) gives the
 *     same document, cut at the same place;
 *   - every rule in file order is its group's, and its pattern matches
 *     its example path unless flagged as never matching;
 *   - robots_analyze()'s findings are diagnostics within their kinds;
 *   - a parse with robots_options.skip_diagnostics keeps and counts none
 *     (of any kind), is no larger, and reads the body as the default parse
 *     does in everything else (tests/same_reading.h: groups, rules,
 *     records, the cut, verdicts, selections, usage, analysis), whole, cut
 *     and as a prefix (robots_parse_prefix()); under a failing allocator
 *     and a memory cap it fails as skip_rules() says.
 * Input: the whole input is the body.
 */
#include "fuzz_common.h"

#include "../tests/same_reading.h"

typedef struct counting_allocator {
    size_t calls;      /* alloc calls so far */
    size_t fail_at;    /* 1-based call from which every call fails; 0: never */
    size_t live;       /* bytes allocated and not freed */
    size_t live_max;   /* peak */
    size_t mismatches; /* frees whose size was not the one allocated */
} counting_allocator;

/* Each block carries its size in front so that free's size is checked. */
static void *count_alloc(void *ctx, size_t size) {
    counting_allocator *a = ctx;
    a->calls++;
    /* every call from fail_at on: a parse answers one refusal (a small
     * file's region asked for again smaller, parse.c), not all of them */
    if (a->fail_at != 0 && a->calls >= a->fail_at)
        return NULL;
    size_t *p = malloc(size + sizeof(size_t) * 2);
    if (p == NULL)
        return NULL;
    p[0] = size;
    a->live += size;
    if (a->live > a->live_max)
        a->live_max = a->live;
    return p + 2;
}

static void count_free(void *ctx, void *ptr, size_t size) {
    counting_allocator *a = ctx;
    if (ptr == NULL)
        return;
    size_t *p = (size_t *)ptr - 2;
    if (p[0] != size)
        a->mismatches++;
    a->live -= p[0];
    free(p);
}

static void walk(const robots_txt *doc, robots_profile profile,
                 size_t body_len) {
    FZ_CHECK(robots_txt_profile(doc) == profile);
    FZ_CHECK(robots_txt_input_bytes(doc) == body_len);
    FZ_CHECK(robots_txt_parsed_bytes(doc) <= body_len);
    FZ_CHECK(robots_txt_memory_used(doc) > 0);

    /* The cut: nothing, or a first line not read at or after the bytes
     * parsed, and at least that line not read (issue 19). */
    robots_cut_info cut;
    FZ_CHECK(robots_txt_cut(doc, &cut) == ROBOTS_OK);
    FZ_CHECK(cut.offset + cut.bytes_not_read == body_len);
    if (cut.truncated) {
        FZ_CHECK(cut.limit != 0 && cut.limit < body_len);
        FZ_CHECK(cut.offset >= robots_txt_parsed_bytes(doc));
        /* At most two past the limit: a line whose CR is the byte after
         * the limit is read with its LF. */
        FZ_CHECK(cut.offset <= cut.limit + 2 && cut.offset < body_len);
        FZ_CHECK(cut.line >= 1 && cut.line <= cut.offset + 1);
        FZ_CHECK(cut.lines_not_read >= 1 &&
                 cut.lines_not_read <= cut.bytes_not_read);
    } else {
        FZ_CHECK(cut.offset == body_len && cut.line == 0 &&
                 cut.lines_not_read == 0);
        /* All read; the limit may fall on the last line's terminator. */
        FZ_CHECK(robots_txt_parsed_bytes(doc) + 2 >= body_len);
    }

    size_t groups = robots_group_count(doc);
    robots_group_info g;
    robots_agent_info a;
    robots_rule_info r;
    for (size_t gi = 0; gi < groups; gi++) {
        FZ_CHECK(robots_group(doc, gi, &g) == ROBOTS_OK);
        FZ_CHECK(g.line >= 1);
        if (g.has_crawl_delay)
            FZ_CHECK(g.crawl_delay >= 0 && g.crawl_delay_line >= 1);
        for (size_t ai = 0; ai < g.agent_count; ai++) {
            FZ_CHECK(robots_group_agent(doc, gi, ai, &a) == ROBOTS_OK);
            fz_check_str(a.value, a.value_len);
            /* The token is a prefix of the value, not a string of its
             * own: readable and NUL-free, but not NUL-terminated (robots.h
             * promises that of every string; reported to the lead). */
            FZ_CHECK(a.token != NULL);
            FZ_CHECK(memchr(a.token, '\0', a.token_len) == NULL);
            FZ_CHECK(a.line >= g.line);
        }
        FZ_CHECK(robots_group_agent(doc, gi, g.agent_count, &a) ==
                 ROBOTS_ERR_OUT_OF_RANGE);
        for (size_t ri = 0; ri < g.rule_count; ri++) {
            FZ_CHECK(robots_group_rule(doc, gi, ri, &r) == ROBOTS_OK);
            fz_check_str(r.pattern, r.pattern_len);
            static char normal[ROBOTS_MAX_NORMALIZED_PATTERN_BYTES + 1];
            size_t normal_len = 0;
            FZ_CHECK(robots_group_rule_normalized(doc, gi, ri, normal,
                                                  sizeof normal,
                                                  &normal_len) == ROBOTS_OK);
            FZ_CHECK(normal_len == r.normalized_len);
            FZ_CHECK(memchr(normal, '\0', normal_len) == NULL);
            FZ_CHECK(normal[normal_len] == '\0');
            /* it needs no more room than it says, and its NUL */
            FZ_CHECK(robots_group_rule_normalized(doc, gi, ri, normal,
                                                  normal_len + 1,
                                                  &normal_len) == ROBOTS_OK);
            FZ_CHECK(robots_group_rule_normalized(doc, gi, ri, normal,
                                                  normal_len, &normal_len) ==
                     ROBOTS_ERR_BUFFER_TOO_SMALL);
            FZ_CHECK(robots_rule_kind_name(r.kind) != NULL);
            FZ_CHECK(r.line > g.line);
            FZ_CHECK(r.pattern_len <= ROBOTS_MAX_LINE_BYTES);
            FZ_CHECK(r.normalized_len <= 3 * r.pattern_len);
            if (profile != ROBOTS_PROFILE_LEGACY)
                FZ_CHECK(r.normalized_len > 0);
        }
        FZ_CHECK(robots_group_rule(doc, gi, g.rule_count, &r) ==
                 ROBOTS_ERR_OUT_OF_RANGE);
    }
    FZ_CHECK(robots_group(doc, groups, &g) == ROBOTS_ERR_OUT_OF_RANGE);

    /* Records are in file order, one a line at most (records.c packs
     * their lines as deltas). */
    robots_record_info rec;
    size_t n = robots_sitemap_count(doc), last_line = 0;
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(robots_sitemap(doc, i, &rec) == ROBOTS_OK);
        fz_check_str(rec.key, rec.key_len);
        fz_check_str(rec.value, rec.value_len);
        FZ_CHECK(rec.group == ROBOTS_NO_POSITION || rec.group < groups);
        FZ_CHECK(rec.line > last_line);
        last_line = rec.line;
    }
    FZ_CHECK(robots_sitemap(doc, n, &rec) == ROBOTS_ERR_OUT_OF_RANGE);
    n = robots_extension_count(doc);
    last_line = 0;
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(robots_extension(doc, i, &rec) == ROBOTS_OK);
        fz_check_str(rec.key, rec.key_len);
        fz_check_str(rec.value, rec.value_len);
        FZ_CHECK(rec.group == ROBOTS_NO_POSITION || rec.group < groups);
        FZ_CHECK(rec.line > last_line);
        last_line = rec.line;
    }
    FZ_CHECK(robots_extension(doc, n, &rec) == ROBOTS_ERR_OUT_OF_RANGE);

    robots_diagnostic_info d;
    n = robots_diagnostic_count(doc);
    FZ_CHECK(n <= ROBOTS_MAX_DIAGNOSTICS + 1);
    FZ_CHECK(robots_diagnostic_total(doc) >= n);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(robots_diagnostic(doc, i, &d) == ROBOTS_OK);
        fz_check_name(robots_diag_kind_name(d.kind));
        fz_check_name(robots_severity_name(d.severity));
        /* No diagnostic is more severe than its kind says it can be. */
        robots_diag_kind_info info;
        FZ_CHECK(robots_diag_kind_describe(d.kind, &info) == ROBOTS_OK);
        FZ_CHECK(d.severity <= info.severity);
        fz_check_str(d.message, d.message_len);
        FZ_CHECK(d.message_len > 0);
        if (d.suggestion != NULL)
            fz_check_str(d.suggestion, d.suggestion_len);
        FZ_CHECK(d.line >= 1);
    }
    FZ_CHECK(robots_diagnostic(doc, n, &d) == ROBOTS_ERR_OUT_OF_RANGE);

    /* The group a default query selects is one of the groups, the first
     * of those robots_select_groups() lists, ascending. */
    robots_str star = {"*", 1};
    size_t sel;
    int specific;
    FZ_CHECK(robots_select_group(doc, &star, 1, &sel, &specific) == ROBOTS_OK);
    FZ_CHECK(sel == ROBOTS_NO_POSITION || sel < groups);
    size_t needed = 0, listed[4];
    robots_status st =
        robots_select_groups(doc, &star, 1, listed, 4, &needed, &specific);
    FZ_CHECK(st == ROBOTS_OK || st == ROBOTS_ERR_BUFFER_TOO_SMALL);
    FZ_CHECK((needed == 0) == (sel == ROBOTS_NO_POSITION));
    for (size_t i = 0; st == ROBOTS_OK && i < needed; i++)
        FZ_CHECK(listed[i] < groups &&
                 (i == 0 ? listed[i] == sel : listed[i] > listed[i - 1]));

    /* Every rule in file order is a group's rule, and matches its own
     * example path unless it never matches. */
    size_t rules = robots_rule_count(doc);
    for (size_t i = 0; i < rules && i < 64; i++) {
        FZ_CHECK(robots_rule(doc, i, &r) == ROBOTS_OK);
        robots_rule_info same;
        FZ_CHECK(r.group < groups && r.index == i);
        FZ_CHECK(robots_group(doc, r.group, &g) == ROBOTS_OK);
        int found = 0;
        for (size_t k = 0; k < g.rule_count && !found; k++)
            found = robots_group_rule(doc, r.group, k, &same) == ROBOTS_OK &&
                    same.index == i && same.line == r.line;
        FZ_CHECK(found);
        static char path[ROBOTS_MAX_LINE_BYTES + 8];
        size_t len = 0;
        FZ_CHECK(robots_rule_example_path(doc, i, "x", 1, path, sizeof path,
                                          &len) == ROBOTS_OK);
        fz_check_str(path, len);
        int matched = -1;
        /* (legacy's empty patterns: "Allow:" matches all, "Disallow:"
         * restricts nothing; robots_match_path() knows no kind) */
        if (r.pattern_len != 0 &&
            robots_match_path(profile, r.pattern, r.pattern_len, path, len,
                              &matched) == ROBOTS_OK)
            FZ_CHECK(matched == !(r.flags & ROBOTS_RULE_FLAG_NEVER_MATCHES));
    }
    FZ_CHECK(robots_rule(doc, rules, &r) == ROBOTS_ERR_OUT_OF_RANGE);
}

/* The whole-document analysis: its findings are diagnostics as the
 * parse's are, counted by kind, on lines of the file. */
static void walk_analysis(const robots_txt *doc, const char *body,
                          size_t size) {
    robots_analysis *an = NULL;
    FZ_CHECK(robots_analyze(doc, body, size, &an) == ROBOTS_OK && an != NULL);
    size_t n = robots_analysis_count(an), by_kind = 0;
    FZ_CHECK(n <= ROBOTS_MAX_DIAGNOSTICS + 2);
    FZ_CHECK(robots_analysis_total(an) + 1 >= n);
    for (int k = 0; k <= ROBOTS_DIAG_KIND_LAST; k++)
        by_kind += robots_analysis_kind_total(an, (robots_diag_kind)k);
    FZ_CHECK(by_kind == robots_analysis_total(an));
    robots_diagnostic_info d;
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(robots_analysis_finding(an, i, &d) == ROBOTS_OK);
        robots_diag_kind_info info;
        FZ_CHECK(robots_diag_kind_describe(d.kind, &info) == ROBOTS_OK);
        FZ_CHECK(d.severity <= info.severity);
        fz_check_str(d.message, d.message_len);
        FZ_CHECK(d.message_len > 0 && d.line >= 1);
        FZ_CHECK(d.column <= ROBOTS_MAX_LINE_BYTES + 1);
    }
    FZ_CHECK(robots_analysis_finding(an, n, &d) == ROBOTS_ERR_OUT_OF_RANGE);
    robots_analysis_free(an);
}

/* A skip_diagnostics document of the body whose default document is
 * doc: no diagnostic of any kind, no larger, the same reading. */
static void same_reading_bare(const robots_txt *doc, const robots_txt *bare,
                              const char *body, size_t size, int analyze) {
    FZ_CHECK(sr_keeps_no_diagnostic(bare));
    FZ_CHECK(robots_txt_memory_used(bare) <= robots_txt_memory_used(doc));
    FZ_CHECK(sr_same_reading(doc, bare, body, size, analyze) == NULL);
}

/* robots_parse_prefix() of a prefix the limit allows (its length from
 * the input) makes `whole`'s document, cut at the same line and byte, and
 * counts only what it was given (robots.h). */
static void same_as_prefix(const robots_txt *whole, const char *body,
                           size_t size, const robots_options *opt,
                           uint32_t hash) {
    size_t least = opt->parse_limit + ROBOTS_PARSE_LOOKAHEAD_BYTES;
    if (least >= size)
        return;
    size_t len = least + (size_t)(hash >> 8) % (size - least);
    robots_txt *part = NULL;
    FZ_CHECK(robots_parse_prefix(body, len, size - len, opt, &part) ==
                 ROBOTS_OK &&
             part != NULL);
    robots_cut_info a, b;
    robots_txt_cut(whole, &a);
    robots_txt_cut(part, &b);
    FZ_CHECK(a.truncated && b.truncated && a.offset == b.offset &&
             a.line == b.line && a.bytes_not_read == b.bytes_not_read &&
             b.lines_not_read == ROBOTS_NOT_COUNTED);
    FZ_CHECK(robots_txt_parsed_bytes(whole) == robots_txt_parsed_bytes(part));
    FZ_CHECK(robots_txt_input_bytes(part) == len);
    FZ_CHECK(robots_group_count(whole) == robots_group_count(part));
    FZ_CHECK(robots_sitemap_count(whole) == robots_sitemap_count(part));
    FZ_CHECK(robots_diagnostic_total(whole) == robots_diagnostic_total(part));
    size_t groups = robots_group_count(whole);
    for (size_t g = 0; g < groups; g++) {
        robots_group_info x, y;
        robots_group(whole, g, &x);
        robots_group(part, g, &y);
        FZ_CHECK(x.line == y.line && x.agent_count == y.agent_count &&
                 x.rule_count == y.rule_count);
    }
    /* The prefix read for verdicts only: the same reading as its default
     * parse's (whose cut counts only what the prefix holds). */
    robots_options bare_opt = *opt;
    bare_opt.skip_diagnostics = 1;
    robots_txt *bare = NULL;
    FZ_CHECK(robots_parse_prefix(body, len, size - len, &bare_opt, &bare) ==
                 ROBOTS_OK &&
             bare != NULL);
    same_reading_bare(part, bare, body, len, 0);
    robots_free(bare);
    robots_free(part);
}

/* The body parsed again with skip_diagnostics (opt's other options, the
 * default allocator): the same reading as doc. */
static void same_without_diagnostics(const robots_txt *doc, const char *body,
                                     size_t size, robots_options opt,
                                     int analyze) {
    opt.skip_diagnostics = 1;
    opt.allocator = NULL;
    robots_txt *bare = NULL;
    FZ_CHECK(robots_parse(body, size, &opt, &bare) == ROBOTS_OK &&
             bare != NULL);
    same_reading_bare(doc, bare, body, size, analyze);
    robots_free(bare);
}

/* One parse of the body with opt (its allocator `ca`, reset here, failing
 * every call from its fail_at-th on; 0: never): its status, *out its document
 * or NULL, and nothing left allocated when it failed. */
static robots_status counted_parse(const char *body, size_t size,
                                   const robots_options *opt,
                                   counting_allocator *ca, size_t fail_at,
                                   robots_txt **out) {
    memset(ca, 0, sizeof *ca);
    ca->fail_at = fail_at;
    *out = NULL;
    robots_status st = robots_parse(body, size, opt, out);
    FZ_CHECK((st == ROBOTS_OK) == (*out != NULL) && ca->mismatches == 0);
    FZ_CHECK(st == ROBOTS_OK || ca->live == 0);
    return st;
}

/* The skip_diagnostics parse against the default parse of the same body
 * and options (its document doc), under the failures robots.h allows.
 * The rules, from robots.h's promises, the same for both parses:
 *   - allocation: a parse fails with ROBOTS_ERR_NO_MEMORY, *out NULL and
 *     nothing left allocated, exactly when its allocator fails every call
 *     from one of the calls that parse makes on (fail_at <= its own
 *     calls), and succeeds with the same reading otherwise;
 *   - memory cap: a parse fails with ROBOTS_ERR_MEMORY_CAP exactly when
 *     its own peak (live bytes, counted as the allocator sees them) is
 *     over the cap; both peaks are within robots_parse_memory_bound(),
 *     which robots.h promises of both ("as for the default parse").
 * No rule ties one parse's failure to the other's: robots.h promises the
 * skip parse's finished document no larger than the default's, not its
 * peak or its calls, and neither holds of every file. In the real-world
 * corpus www.sophos.com (66 KB) peaks at 234,101 bytes with skip against
 * 204,993 (the default document is finished in the array its text was
 * read into; the smaller skip document is copied out of it, while the
 * parse's arrays are live), and togetter.com (553 bytes) makes 6 calls
 * against 2. So a cap the default parse fits in may fail the skip parse,
 * and an allocator that fails at call N may fail only the skip parse.
 * fail_at (1 to the default parse's calls) and cap come from the input. */
static void skip_rules(const robots_txt *doc, const char *body, size_t size,
                       robots_options opt, size_t fail_at, size_t cap) {
    counting_allocator ca;
    robots_allocator alloc = {count_alloc, count_free, &ca};
    opt.allocator = &alloc;
    opt.skip_diagnostics = 1;
    opt.memory_cap = 0;
    robots_txt *bare = NULL;
    FZ_CHECK(counted_parse(body, size, &opt, &ca, 0, &bare) == ROBOTS_OK);
    size_t calls = ca.calls, peak = ca.live_max;
    FZ_CHECK(peak <= robots_parse_memory_bound(size));
    same_reading_bare(doc, bare, body, size, 1);
    robots_free(bare);
    FZ_CHECK(ca.live == 0 && ca.mismatches == 0);

    robots_status st = counted_parse(body, size, &opt, &ca, fail_at, &bare);
    FZ_CHECK(st == (fail_at <= calls ? ROBOTS_ERR_NO_MEMORY : ROBOTS_OK));
    ca.fail_at = 0; /* the checks' indexes come from the same allocator */
    if (bare != NULL)
        FZ_CHECK(sr_same_reading(doc, bare, body, size, 0) == NULL);
    robots_free(bare);
    FZ_CHECK(ca.live == 0);

    opt.memory_cap = cap;
    st = counted_parse(body, size, &opt, &ca, 0, &bare);
    FZ_CHECK(st == (peak <= cap ? ROBOTS_OK : ROBOTS_ERR_MEMORY_CAP));
    robots_free(bare);
    FZ_CHECK(ca.live == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *body = fz_dup(data, size);
    uint32_t hash = 2166136261u; /* FNV-1a: picks limits and N from input */
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ data[i]) * 16777619u;

    for (int pi = 0; pi < 3; pi++) {
        robots_profile profile = fz_profiles[pi];
        robots_options opt;
        robots_options_init(&opt);
        opt.profile = profile;
        opt.parse_limit = 0;

        counting_allocator ca;
        robots_allocator alloc = {count_alloc, count_free, &ca};
        opt.allocator = &alloc;

        robots_txt *doc = NULL;
        robots_status st = counted_parse(body, size, &opt, &ca, 0, &doc);
        FZ_CHECK(st == ROBOTS_OK);
        walk(doc, profile, size);
        FZ_CHECK(robots_txt_parsed_bytes(doc) == size);
        FZ_CHECK(ca.live_max <= robots_parse_memory_bound(size));
        /* the parse's (the walk allocates none) */
        size_t calls = ca.calls, peak = ca.live_max;
        FZ_CHECK(calls > 0); /* a document is an allocation at least */
        /* Out of memory at a call of the parse's, and a small cap. */
        size_t fail_at = (size_t)(hash % calls) + 1;
        size_t cap = (size_t)(hash % 4096u) + 1;
        /* The analysis allocates through the document's allocator and
         * gives it all back. */
        size_t live = ca.live;
        walk_analysis(doc, body, size);
        FZ_CHECK(ca.live == live && ca.mismatches == 0);
        skip_rules(doc, body, size, opt, fail_at, cap);
        robots_free(doc);
        FZ_CHECK(ca.live == 0 && ca.mismatches == 0);

        /* The documented worst case is enough as a cap. */
        opt.memory_cap = robots_parse_memory_bound(size);
        FZ_CHECK(counted_parse(body, size, &opt, &ca, 0, &doc) == ROBOTS_OK);
        robots_free(doc);
        FZ_CHECK(ca.live == 0);

        /* A small cap fails cleanly, exactly when the parse's peak is
         * over it, or succeeds; never leaks. */
        opt.memory_cap = cap;
        st = counted_parse(body, size, &opt, &ca, 0, &doc);
        FZ_CHECK(st == (peak <= cap ? ROBOTS_OK : ROBOTS_ERR_MEMORY_CAP));
        robots_free(doc);
        FZ_CHECK(ca.live == 0);
        opt.memory_cap = 0;

        /* Out of memory at the Nth allocation: a status, nothing left. */
        st = counted_parse(body, size, &opt, &ca, fail_at, &doc);
        FZ_CHECK(st == ROBOTS_ERR_NO_MEMORY);

        /* A parse limit from the input (with the default allocator). */
        opt.allocator = NULL;
        opt.parse_limit = size ? (size_t)(hash % (uint32_t)size) + 1 : 1;
        doc = NULL;
        st = robots_parse(body, size, &opt, &doc);
        FZ_CHECK(st == ROBOTS_OK && doc != NULL);
        walk(doc, profile, size);
        FZ_CHECK(robots_txt_parsed_bytes(doc) <= opt.parse_limit);
        same_as_prefix(doc, body, size, &opt, hash);
        same_without_diagnostics(doc, body, size, opt, 0);
        robots_free(doc);
    }
    free(body);
    return 0;
}
