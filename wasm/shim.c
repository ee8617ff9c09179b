/* SPDX-License-Identifier: MIT */
/*
 * shim.c - what the WebAssembly module exports beside the public API, for
 * the JavaScript glue (js/librobots.js): memory for the glue's buffers,
 * and the public functions whose arguments or results are structures,
 * called here and flattened into an `rb_wasm_out` area the glue reads by
 * index. It decides nothing: every value is the library's, copied as it
 * is (a size_t of ROBOTS_NO_POSITION stays (size_t)-1, a 64-bit integer
 * becomes a double, exact below 2^53).
 *
 * The slot order of each function below is a contract with
 * js/librobots.js, which names the same slots.
 */
#include "robots.h"
#include "robots_usage.h"
#include "robots_web.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RB_WASM_API __attribute__((visibility("default")))

#define RB_WASM_SLOTS 48
#define RB_WASM_DOUBLES 4

/* The one area each glue instance owns. `slot` holds sizes, pointers and
 * small integers; `real` doubles; the structures below are where results
 * that hold text of their own are kept while the glue reads them. */
typedef struct rb_wasm_out {
    size_t slot[RB_WASM_SLOTS];
    double real[RB_WASM_DOUBLES];
    robots_url_parts url;
    robots_meta_result meta;
} rb_wasm_out;

RB_WASM_API void *rb_wasm_alloc(size_t size) {
    return malloc(size > 0 ? size : 1);
}

RB_WASM_API void rb_wasm_release(void *ptr) {
    free(ptr);
}

RB_WASM_API rb_wasm_out *rb_wasm_out_new(void) {
    return calloc(1, sizeof(rb_wasm_out));
}

/* Where `real` starts, in bytes from the start of the area. */
RB_WASM_API size_t rb_wasm_out_real_offset(void) {
    return offsetof(rb_wasm_out, real);
}

/* The named limits of the public headers, by the glue's index. */
RB_WASM_API size_t rb_wasm_limit(int which) {
    static const size_t limits[] = {
        ROBOTS_MAX_INPUT_BYTES,
        ROBOTS_MAX_URL_BYTES,
        ROBOTS_MAX_QUERY_AGENTS,
        ROBOTS_MAX_AGENT_BYTES,
        ROBOTS_DEFAULT_PARSE_LIMIT,
        ROBOTS_MAX_LINE_BYTES,
        ROBOTS_MAX_DIAGNOSTICS,
        ROBOTS_MAX_ROBOTS_URL_BYTES,
        ROBOTS_META_MAX_SCAN_BYTES,
        ROBOTS_MAX_NORMALIZED_PATTERN_BYTES,
        ROBOTS_MAX_REDIRECTS,
        ROBOTS_MAX_HOST_BYTES,
        ROBOTS_MAX_PUNYCODE_CODE_POINTS,
        ROBOTS_META_MAX_DIRECTIVES,
    };
    if (which < 0 || (size_t)which >= sizeof limits / sizeof limits[0])
        return 0;
    return limits[which];
}

RB_WASM_API robots_status rb_wasm_profile_from_name(const char *name,
                                                    size_t len,
                                                    rb_wasm_out *out) {
    robots_profile profile = ROBOTS_PROFILE_RFC9309;
    robots_status st = robots_profile_from_name(name, len, &profile);
    out->slot[0] = (size_t)profile;
    return st;
}

RB_WASM_API robots_status rb_wasm_network_error_from_name(const char *name,
                                                          size_t len,
                                                          rb_wasm_out *out) {
    robots_network_error error = ROBOTS_NET_NONE;
    robots_status st = robots_network_error_from_name(name, len, &error);
    out->slot[0] = (size_t)error;
    return st;
}

/* --- the document -------------------------------------------------------
 */

/* slot 0: the document. */
RB_WASM_API robots_status rb_wasm_parse(const char *body, size_t len,
                                        robots_profile profile,
                                        int has_parse_limit, size_t parse_limit,
                                        size_t memory_cap, int ends_group,
                                        int skip_diagnostics,
                                        rb_wasm_out *out) {
    robots_options options;
    robots_txt *doc = NULL;
    robots_status st;
    robots_options_init(&options);
    options.profile = profile;
    if (has_parse_limit)
        options.parse_limit = parse_limit;
    options.memory_cap = memory_cap;
    options.content_usage_ends_group = ends_group != 0;
    options.skip_diagnostics = skip_diagnostics != 0;
    st = robots_parse(body, len, &options, &doc);
    out->slot[0] = (size_t)(uintptr_t)doc;
    return st;
}

/* truncated, limit, offset, line, lines_not_read, bytes_not_read. */
RB_WASM_API robots_status rb_wasm_cut(const robots_txt *doc, rb_wasm_out *out) {
    robots_cut_info info;
    robots_status st = robots_txt_cut(doc, &info);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = (size_t)info.truncated;
    out->slot[1] = info.limit;
    out->slot[2] = info.offset;
    out->slot[3] = info.line;
    out->slot[4] = info.lines_not_read;
    out->slot[5] = info.bytes_not_read;
    return ROBOTS_OK;
}

/* The agents come as their bytes one after the other and their lengths.
 * Up to ROBOTS_MAX_QUERY_AGENTS fit on the stack; more (which the library
 * refuses) are handed to it all the same, from the heap. */
typedef struct rb_wasm_agents {
    robots_str stack[ROBOTS_MAX_QUERY_AGENTS];
    robots_str *list;
} rb_wasm_agents;

static robots_status agents_open(rb_wasm_agents *a, const char *bytes,
                                 const size_t *lens, size_t count) {
    size_t i, at = 0;
    a->list = a->stack;
    if (count > ROBOTS_MAX_QUERY_AGENTS) {
        if (count > SIZE_MAX / sizeof(robots_str))
            return ROBOTS_ERR_NO_MEMORY;
        a->list = malloc(count * sizeof(robots_str));
        if (a->list == NULL)
            return ROBOTS_ERR_NO_MEMORY;
    }
    for (i = 0; i < count; i++) {
        a->list[i].ptr = bytes + at;
        a->list[i].len = lens[i];
        at += lens[i];
    }
    return ROBOTS_OK;
}

static void agents_close(rb_wasm_agents *a) {
    if (a->list != a->stack)
        free(a->list);
}

/* allowed, reason, specific, group, rule, rule_kind, rule_line,
 * rule_pattern, rule_pattern_len, truncated. */
static void put_verdict(const robots_verdict *v, rb_wasm_out *out) {
    out->slot[0] = (size_t)v->allowed;
    out->slot[1] = (size_t)v->reason;
    out->slot[2] = (size_t)v->specific;
    out->slot[3] = v->group;
    out->slot[4] = v->rule;
    out->slot[5] = (size_t)v->rule_kind;
    out->slot[6] = v->rule_line;
    out->slot[7] = (size_t)(uintptr_t)v->rule_pattern;
    out->slot[8] = v->rule_pattern_len;
    out->slot[9] = (size_t)v->truncated;
}

RB_WASM_API robots_status rb_wasm_check(const robots_txt *doc,
                                        const char *agent_bytes,
                                        const size_t *agent_lens,
                                        size_t agent_count, const char *url,
                                        size_t url_len, rb_wasm_out *out) {
    rb_wasm_agents agents;
    robots_verdict v;
    robots_status st =
        agents_open(&agents, agent_bytes, agent_lens, agent_count);
    if (st != ROBOTS_OK)
        return st;
    st = robots_check(doc, agents.list, agent_count, url, url_len, &v);
    agents_close(&agents);
    if (st == ROBOTS_OK)
        put_verdict(&v, out);
    return st;
}

/* slot 0: the query. */
RB_WASM_API robots_status rb_wasm_query_new(const robots_txt *doc,
                                            const char *agent_bytes,
                                            const size_t *agent_lens,
                                            size_t agent_count,
                                            rb_wasm_out *out) {
    rb_wasm_agents agents;
    robots_query *query = NULL;
    robots_status st =
        agents_open(&agents, agent_bytes, agent_lens, agent_count);
    if (st != ROBOTS_OK)
        return st;
    st = robots_query_new(doc, agents.list, agent_count, &query);
    agents_close(&agents);
    out->slot[0] = (size_t)(uintptr_t)query;
    return st;
}

RB_WASM_API robots_status rb_wasm_query_check(const robots_query *query,
                                              const char *url, size_t url_len,
                                              rb_wasm_out *out) {
    robots_verdict v;
    robots_status st = robots_query_check(query, url, url_len, &v);
    if (st == ROBOTS_OK)
        put_verdict(&v, out);
    return st;
}

/* The verdict's `allowed` alone (0 or 1), or minus the status: one call
 * and no copy for the glue's isAllowed(). */
RB_WASM_API int rb_wasm_query_allowed(const robots_query *query,
                                      const char *url, size_t url_len) {
    robots_verdict v;
    robots_status st = robots_query_check(query, url, url_len, &v);
    return st == ROBOTS_OK ? v.allowed != 0 : -(int)st;
}

/* The values of a usage result two bits each, label (or signal) i at bit
 * 2i: ROBOTS_USAGE_MAX_LABELS of them fit one 32-bit slot. */
static size_t pack_values(const robots_usage_value *values, size_t n) {
    size_t packed = 0, i;
    for (i = 0; i < n; i++)
        packed |= (size_t)values[i] << (2 * i);
    return packed;
}

static void put_signal(int has, const robots_usage_value *signal, size_t line,
                       size_t *slot) {
    robots_usage_value labels[ROBOTS_USAGE_MAX_LABELS];
    slot[0] = (size_t)has;
    slot[1] = pack_values(signal, ROBOTS_SIGNAL_LAST + 1);
    robots_signal_to_usage(signal, labels);
    slot[2] = pack_values(labels, robots_usage_label_count());
    slot[3] = line;
}

/* robots_usage_agents() for the agent_count names staged first and, with
 * the field_count field lines staged after them (as agents are),
 * robots_usage_combine_field(). Slots 0-9: the verdict (put_verdict); 10
 * crawlable, 11 label_count, 12 the values packed, 13 line_count, 14
 * pattern_len, 15 unknown_labels, 16 malformed_lines, 17-20 the groups'
 * signal (has, signals packed, as labels packed, line), 21-24 the
 * file's, 25-40 the lines, 41 file_labels, 42 field_labels. */
RB_WASM_API robots_status rb_wasm_usage(const robots_txt *doc, const char *url,
                                        size_t url_len, const char *bytes,
                                        const size_t *lens, size_t agent_count,
                                        size_t field_count, rb_wasm_out *out) {
    rb_wasm_agents texts;
    robots_usage_result r;
    robots_status st;
    if (field_count > SIZE_MAX - agent_count)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    st = agents_open(&texts, bytes, lens, agent_count + field_count);
    if (st != ROBOTS_OK)
        return st;
    st = robots_usage_agents(doc, texts.list, agent_count, url, url_len, &r);
    if (st == ROBOTS_OK && field_count > 0)
        st = robots_usage_combine_field(&r, texts.list + agent_count,
                                        field_count, NULL);
    agents_close(&texts);
    if (st != ROBOTS_OK)
        return st;
    _Static_assert(RB_WASM_SLOTS >= 27 + ROBOTS_USAGE_MAX_LINES,
                   "the slots hold a usage result");
    _Static_assert(2 * ROBOTS_USAGE_MAX_LABELS <= 32,
                   "the values of a result fit one slot");
    put_verdict(&r.verdict, out);
    out->slot[10] = (size_t)r.crawlable;
    out->slot[11] = r.label_count;
    out->slot[12] = pack_values(r.values, r.label_count);
    out->slot[13] = r.line_count;
    out->slot[14] = r.pattern_len;
    out->slot[15] = r.unknown_labels;
    out->slot[16] = r.malformed_lines;
    put_signal(r.has_signal, r.signal, r.signal_line, &out->slot[17]);
    put_signal(r.has_file_signal, r.file_signal, r.file_signal_line,
               &out->slot[21]);
    for (size_t i = 0; i < ROBOTS_USAGE_MAX_LINES; i++)
        out->slot[25 + i] = i < r.line_count ? r.lines[i] : 0;
    out->slot[25 + ROBOTS_USAGE_MAX_LINES] = r.file_labels;
    out->slot[26 + ROBOTS_USAGE_MAX_LINES] = r.field_labels;
    return ROBOTS_OK;
}

/* robots_usage_unknown_label(): slot 0 the bytes needed, slot 1 the
 * label's status. */
RB_WASM_API robots_status rb_wasm_usage_unknown_label(const robots_txt *doc,
                                                      size_t line, size_t index,
                                                      char *buf, size_t cap,
                                                      rb_wasm_out *out) {
    int status = 0;
    robots_status st = robots_usage_unknown_label(doc, line, index, buf, cap,
                                                  &out->slot[0], &status);
    out->slot[1] = (size_t)status;
    return st;
}

/* group, specific. */
RB_WASM_API robots_status rb_wasm_select_group(const robots_txt *doc,
                                               const char *agent_bytes,
                                               const size_t *agent_lens,
                                               size_t agent_count,
                                               rb_wasm_out *out) {
    rb_wasm_agents agents;
    size_t group = ROBOTS_NO_POSITION;
    int specific = 0;
    robots_status st =
        agents_open(&agents, agent_bytes, agent_lens, agent_count);
    if (st != ROBOTS_OK)
        return st;
    st = robots_select_group(doc, agents.list, agent_count, &group, &specific);
    agents_close(&agents);
    out->slot[0] = group;
    out->slot[1] = (size_t)specific;
    return st;
}

/* needed, specific; the indexes in groups[0..needed) when cap >= needed. */
RB_WASM_API robots_status rb_wasm_select_groups(
    const robots_txt *doc, const char *agent_bytes, const size_t *agent_lens,
    size_t agent_count, size_t *groups, size_t cap, rb_wasm_out *out) {
    rb_wasm_agents agents;
    size_t needed = 0;
    int specific = 0;
    robots_status st =
        agents_open(&agents, agent_bytes, agent_lens, agent_count);
    if (st != ROBOTS_OK)
        return st;
    st = robots_select_groups(doc, agents.list, agent_count, groups, cap,
                              &needed, &specific);
    agents_close(&agents);
    out->slot[0] = needed;
    out->slot[1] = (size_t)specific;
    return st;
}

/* line, agent_count, rule_count, has_crawl_delay, crawl_delay_line;
 * real 0: crawl_delay. */
RB_WASM_API robots_status rb_wasm_group(const robots_txt *doc, size_t group,
                                        rb_wasm_out *out) {
    robots_group_info info;
    robots_status st = robots_group(doc, group, &info);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = info.line;
    out->slot[1] = info.agent_count;
    out->slot[2] = info.rule_count;
    out->slot[3] = (size_t)info.has_crawl_delay;
    out->slot[4] = info.crawl_delay_line;
    out->real[0] = info.crawl_delay;
    return ROBOTS_OK;
}

/* line, value, value_len, token, token_len, is_wildcard. */
RB_WASM_API robots_status rb_wasm_group_agent(const robots_txt *doc,
                                              size_t group, size_t agent,
                                              rb_wasm_out *out) {
    robots_agent_info info;
    robots_status st = robots_group_agent(doc, group, agent, &info);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = info.line;
    out->slot[1] = (size_t)(uintptr_t)info.value;
    out->slot[2] = info.value_len;
    out->slot[3] = (size_t)(uintptr_t)info.token;
    out->slot[4] = info.token_len;
    out->slot[5] = (size_t)info.is_wildcard;
    return ROBOTS_OK;
}

/* line, kind, pattern, pattern_len, normalized_len. */
RB_WASM_API robots_status rb_wasm_group_rule(const robots_txt *doc,
                                             size_t group, size_t rule,
                                             rb_wasm_out *out) {
    robots_rule_info info;
    robots_status st = robots_group_rule(doc, group, rule, &info);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = info.line;
    out->slot[1] = (size_t)info.kind;
    out->slot[2] = (size_t)(uintptr_t)info.pattern;
    out->slot[3] = info.pattern_len;
    out->slot[4] = info.normalized_len;
    return ROBOTS_OK;
}

/* line, key, key_len, value, value_len, group. */
static void put_record(const robots_record_info *info, rb_wasm_out *out) {
    out->slot[0] = info->line;
    out->slot[1] = (size_t)(uintptr_t)info->key;
    out->slot[2] = info->key_len;
    out->slot[3] = (size_t)(uintptr_t)info->value;
    out->slot[4] = info->value_len;
    out->slot[5] = info->group;
}

RB_WASM_API robots_status rb_wasm_sitemap(const robots_txt *doc, size_t index,
                                          rb_wasm_out *out) {
    robots_record_info info;
    robots_status st = robots_sitemap(doc, index, &info);
    if (st == ROBOTS_OK)
        put_record(&info, out);
    return st;
}

RB_WASM_API robots_status rb_wasm_extension(const robots_txt *doc, size_t index,
                                            rb_wasm_out *out) {
    robots_record_info info;
    robots_status st = robots_extension(doc, index, &info);
    if (st == ROBOTS_OK)
        put_record(&info, out);
    return st;
}

/* line, column, kind, severity, message, message_len, has_suggestion,
 * suggestion, suggestion_len, related_line. */
static void put_diagnostic(const robots_diagnostic_info *info,
                           rb_wasm_out *out) {
    out->slot[0] = info->line;
    out->slot[1] = info->column;
    out->slot[2] = (size_t)info->kind;
    out->slot[3] = (size_t)info->severity;
    out->slot[4] = (size_t)(uintptr_t)info->message;
    out->slot[5] = info->message_len;
    out->slot[6] = info->suggestion != NULL;
    out->slot[7] = (size_t)(uintptr_t)info->suggestion;
    out->slot[8] = info->suggestion_len;
    out->slot[9] = info->related_line;
}

RB_WASM_API robots_status rb_wasm_diagnostic(const robots_txt *doc,
                                             size_t index, rb_wasm_out *out) {
    robots_diagnostic_info info;
    robots_status st = robots_diagnostic(doc, index, &info);
    if (st != ROBOTS_OK)
        return st;
    put_diagnostic(&info, out);
    return ROBOTS_OK;
}

/* slot 0: the analysis (robots_analyze()); slot 1: robots_analysis_count(),
 * slot 2: robots_analysis_total(). On an error slot 0 is 0. */
RB_WASM_API robots_status rb_wasm_analyze(const robots_txt *doc,
                                          const char *body, size_t len,
                                          rb_wasm_out *out) {
    robots_analysis *analysis = NULL;
    robots_status st = robots_analyze(doc, body, len, &analysis);
    out->slot[0] = (size_t)(uintptr_t)analysis;
    out->slot[1] = robots_analysis_count(analysis);
    out->slot[2] = robots_analysis_total(analysis);
    return st;
}

/* The slots of rb_wasm_diagnostic(), then related_line. */
RB_WASM_API robots_status rb_wasm_analysis_finding(
    const robots_analysis *analysis, size_t index, rb_wasm_out *out) {
    robots_diagnostic_info info;
    robots_status st = robots_analysis_finding(analysis, index, &info);
    if (st != ROBOTS_OK)
        return st;
    put_diagnostic(&info, out);
    return ROBOTS_OK;
}

/* name, description (NUL-terminated, static), severity. */
RB_WASM_API robots_status rb_wasm_diag_kind(robots_diag_kind kind,
                                            rb_wasm_out *out) {
    robots_diag_kind_info info;
    robots_status st = robots_diag_kind_describe(kind, &info);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = (size_t)(uintptr_t)info.name;
    out->slot[1] = (size_t)(uintptr_t)info.description;
    out->slot[2] = (size_t)info.severity;
    return ROBOTS_OK;
}

/* slot 0: 1 when the pattern matches. */
RB_WASM_API robots_status rb_wasm_match_path(robots_profile profile,
                                             const char *pattern,
                                             size_t pattern_len,
                                             const char *path, size_t path_len,
                                             rb_wasm_out *out) {
    int matched = 0;
    robots_status st = robots_match_path(profile, pattern, pattern_len, path,
                                         path_len, &matched);
    out->slot[0] = (size_t)matched;
    return st;
}

/* --- the web around the file ------------------------------------------
 */

/* scheme, scheme_len, host, host_len, host_kind, port, port_given,
 * default_port, had_userinfo, host_converted, path_offset; the texts
 * are kept in out->url. */
RB_WASM_API robots_status rb_wasm_url_parse(const char *url, size_t len,
                                            rb_wasm_out *out) {
    robots_url_parts *p = &out->url;
    robots_status st = robots_url_parse(url, len, p);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = (size_t)(uintptr_t)p->scheme;
    out->slot[1] = p->scheme_len;
    out->slot[2] = (size_t)(uintptr_t)p->host;
    out->slot[3] = p->host_len;
    out->slot[4] = (size_t)p->host_kind;
    out->slot[5] = (size_t)p->port;
    out->slot[6] = (size_t)p->port_given;
    out->slot[7] = (size_t)p->default_port;
    out->slot[8] = (size_t)p->had_userinfo;
    out->slot[9] = (size_t)p->host_converted;
    out->slot[10] = p->path_offset;
    return ROBOTS_OK;
}

/* applies, reason. */
RB_WASM_API robots_status rb_wasm_scope_check(const char *robots_url,
                                              size_t robots_url_len,
                                              const char *url, size_t url_len,
                                              rb_wasm_out *out) {
    robots_scope scope;
    robots_status st =
        robots_scope_check(robots_url, robots_url_len, url, url_len, &scope);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = (size_t)scope.applies;
    out->slot[1] = (size_t)scope.reason;
    return ROBOTS_OK;
}

/* Integers the glue passes as doubles: only those a double holds exactly
 * (the glue checks Number.isSafeInteger) convert without loss. */
#define RB_WASM_SAFE_INTEGER 9007199254740991.0

/* action, basis, retry, long_unreachable. */
RB_WASM_API robots_status rb_wasm_fetch_policy(
    int status, unsigned redirects, robots_network_error network_error,
    double unreachable_seconds, int has_cached_copy, int no_location,
    robots_profile profile, rb_wasm_out *out) {
    robots_fetch_outcome in;
    robots_fetch_decision d;
    robots_status st;
    if (!(unreachable_seconds >= -RB_WASM_SAFE_INTEGER &&
          unreachable_seconds <= RB_WASM_SAFE_INTEGER))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(&in, 0, sizeof in);
    in.status = status;
    in.redirects = redirects;
    in.network_error = network_error;
    in.unreachable_seconds = (int64_t)unreachable_seconds;
    in.has_cached_copy = has_cached_copy;
    in.no_location = no_location;
    st = robots_fetch_policy(&in, profile, &d);
    if (st != ROBOTS_OK)
        return st;
    out->slot[0] = (size_t)d.action;
    out->slot[1] = (size_t)d.basis;
    out->slot[2] = (size_t)d.retry;
    out->slot[3] = (size_t)d.long_unreachable;
    return ROBOTS_OK;
}

/* source, capped, malformed; real 0: seconds. */
static void put_cache(const robots_cache_info *info, rb_wasm_out *out) {
    out->slot[0] = (size_t)info->source;
    out->slot[1] = (size_t)info->capped;
    out->slot[2] = (size_t)info->malformed;
    out->real[0] = (double)info->seconds;
}

/* Each header is given with a flag: 0 means absent (a NULL pointer). */
RB_WASM_API robots_status rb_wasm_cache_lifetime(
    robots_profile profile, int has_cache_control, const char *cache_control,
    size_t cache_control_len, int has_expires, const char *expires,
    size_t expires_len, int has_date, const char *date, size_t date_len,
    int has_age, const char *age, size_t age_len, rb_wasm_out *out) {
    robots_cache_headers headers;
    robots_cache_info info;
    robots_status st;
    memset(&headers, 0, sizeof headers);
    if (has_cache_control) {
        headers.cache_control = cache_control;
        headers.cache_control_len = cache_control_len;
    }
    if (has_expires) {
        headers.expires = expires;
        headers.expires_len = expires_len;
    }
    if (has_date) {
        headers.date = date;
        headers.date_len = date_len;
    }
    if (has_age) {
        headers.age = age;
        headers.age_len = age_len;
    }
    st = robots_cache_lifetime(profile, &headers, &info);
    if (st == ROBOTS_OK)
        put_cache(&info, out);
    return st;
}

RB_WASM_API robots_status rb_wasm_cache_lifetime_from_block(
    robots_profile profile, const char *block, size_t len, rb_wasm_out *out) {
    robots_cache_info info;
    robots_status st =
        robots_cache_lifetime_from_block(profile, block, len, &info);
    if (st == ROBOTS_OK)
        put_cache(&info, out);
    return st;
}

/* real 0: seconds since 1970. */
RB_WASM_API robots_status rb_wasm_http_date_parse(const char *text, size_t len,
                                                  rb_wasm_out *out) {
    int64_t seconds = 0;
    robots_status st = robots_http_date_parse(text, len, &seconds);
    out->real[0] = (double)seconds;
    return st;
}

/* The META result lives in out->meta between these calls. */
RB_WASM_API robots_status rb_wasm_meta_scan_html(const char *html, size_t len,
                                                 const char *agent,
                                                 size_t agent_len,
                                                 rb_wasm_out *out) {
    return robots_meta_scan_html(html, len, agent, agent_len, &out->meta);
}

RB_WASM_API void rb_wasm_meta_reset(rb_wasm_out *out) {
    robots_meta_result_init(&out->meta);
}

RB_WASM_API robots_status rb_wasm_meta_add_header(const char *value, size_t len,
                                                  const char *agent,
                                                  size_t agent_len,
                                                  rb_wasm_out *out) {
    return robots_meta_add_header(value, len, agent, agent_len, &out->meta);
}

/* restrictions, conflicts, seen, duplicates, has_max_snippet,
 * max_image_preview, has_max_video_preview, has_unavailable_after,
 * unavailable_after_text, its len, item_count, directives_total, unknown,
 * malformed, tags_applied, tags_other_agent, has_description,
 * description, its len, has_keywords, keywords, its len,
 * has_revisit_after, revisit_after, its len, truncated, bytes_scanned,
 * head_ended, scan_cut; real: max_snippet, max_video_preview,
 * unavailable_after. */
RB_WASM_API void rb_wasm_meta_summary(rb_wasm_out *out) {
    const robots_meta_result *m = &out->meta;
    size_t *s = out->slot;
    s[0] = m->restrictions;
    s[1] = m->conflicts;
    s[2] = m->seen;
    s[3] = m->duplicates;
    s[4] = (size_t)m->has_max_snippet;
    s[5] = (size_t)m->max_image_preview;
    s[6] = (size_t)m->has_max_video_preview;
    s[7] = (size_t)m->has_unavailable_after;
    s[8] = (size_t)(uintptr_t)m->unavailable_after_text;
    s[9] = m->unavailable_after_text_len;
    s[10] = m->item_count;
    s[11] = m->directives_total;
    s[12] = m->unknown;
    s[13] = m->malformed;
    s[14] = m->tags_applied;
    s[15] = m->tags_other_agent;
    s[16] = (size_t)m->has_description;
    s[17] = (size_t)(uintptr_t)m->description;
    s[18] = m->description_len;
    s[19] = (size_t)m->has_keywords;
    s[20] = (size_t)(uintptr_t)m->keywords;
    s[21] = m->keywords_len;
    s[22] = (size_t)m->has_revisit_after;
    s[23] = (size_t)(uintptr_t)m->revisit_after;
    s[24] = m->revisit_after_len;
    s[25] = (size_t)m->truncated;
    s[26] = m->bytes_scanned;
    s[27] = (size_t)m->head_ended;
    s[28] = (size_t)m->scan_cut;
    out->real[0] = (double)m->max_snippet;
    out->real[1] = (double)m->max_video_preview;
    out->real[2] = (double)m->unavailable_after;
}

/* directive, source, malformed, text, text_len; real 0: value.
 * ROBOTS_ERR_OUT_OF_RANGE past item_count. */
RB_WASM_API robots_status rb_wasm_meta_item(rb_wasm_out *out, size_t index) {
    const robots_meta_item *item;
    if (index >= out->meta.item_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    item = &out->meta.items[index];
    out->slot[0] = (size_t)item->directive;
    out->slot[1] = (size_t)item->source;
    out->slot[2] = (size_t)item->malformed;
    out->slot[3] = (size_t)(uintptr_t)item->text;
    out->slot[4] = item->text_len;
    out->real[0] = (double)item->value;
    return ROBOTS_OK;
}
