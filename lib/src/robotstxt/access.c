/* SPDX-License-Identifier: MIT */
/*
 * access.c - read-only views of a parsed document: its groups, agents,
 * rules, sitemaps, extension records and diagnostics. Every pointer handed
 * out points into the document and lives as long as it does.
 */
#include "agent.h"
#include "ascii.h"
#include "diagnostics.h"
#include "document.h"
#include "index.h"
#include "normalize.h"
#include "records.h"

#include <string.h>

robots_profile robots_txt_profile(const robots_txt *doc) {
    return doc ? doc->profile : ROBOTS_PROFILE_RFC9309;
}

size_t robots_txt_parsed_bytes(const robots_txt *doc) {
    return doc ? doc->parsed_bytes : 0;
}

size_t robots_txt_input_bytes(const robots_txt *doc) {
    return doc ? doc->input_bytes : 0;
}

robots_status robots_txt_cut(const robots_txt *doc, robots_cut_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->truncated = doc->cut_line != 0;
    out->limit = doc->parse_limit;
    out->offset = doc->cut_offset;
    out->line = doc->cut_line;
    out->lines_not_read = doc->lines_not_read;
    out->bytes_not_read = doc->bytes_not_read;
    return ROBOTS_OK;
}

size_t robots_txt_memory_used(const robots_txt *doc) {
    if (doc == NULL)
        return 0;
    return doc->block_size +
           atomic_load_explicit(doc->unit_bytes, memory_order_relaxed);
}

size_t robots_group_count(const robots_txt *doc) {
    return doc ? doc->group_count : 0;
}

/* Group g's crawl-delay: the first of its extension records that is a
 * crawl-delay of a number of seconds (parse.c, on_other()). A group keeps
 * none of it, as few have one: its records lie from its first line to the
 * next group's, and are read from the mark before. */
static int crawl_delay(const robots_txt *doc, size_t g, double *seconds,
                       size_t *line) {
    uint32_t from = doc->agents[doc->groups[g].first_agent].line;
    uint32_t to = g + 1 < doc->group_count
                      ? doc->agents[doc->groups[g + 1].first_agent].line
                      : UINT32_MAX;
    rb_records_iter it;
    robots_record_info record;
    rb_records_from_line(&doc->extensions, from, &it);
    while (rb_records_next(&it, &record) && record.line < to) {
        if (record.line < from || record.group != g ||
            !rb_ascii_equal_nocase(record.key, record.key_len, "crawl-delay",
                                   11))
            continue;
        if (rb_parse_delay(record.value, record.value_len, seconds)) {
            *line = record.line;
            return 1;
        }
    }
    return 0;
}

robots_status robots_group(const robots_txt *doc, size_t group,
                           robots_group_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (group >= doc->group_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_group *g = &doc->groups[group];
    memset(out, 0, sizeof *out);
    out->line = doc->agents[g->first_agent].line; /* the line it starts */
    out->agent_count =
        rb_group_agents(doc->groups, doc->group_count, doc->agent_count, group);
    out->rule_count =
        rb_group_rules(doc->groups, doc->group_count, doc->rule_count, group);
    out->crawl_delay = 0.0;
    out->crawl_delay_line = 0;
    out->has_crawl_delay =
        crawl_delay(doc, group, &out->crawl_delay, &out->crawl_delay_line);
    return ROBOTS_OK;
}

robots_status robots_group_agent(const robots_txt *doc, size_t group,
                                 size_t agent, robots_agent_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (group >= doc->group_count ||
        agent >= rb_group_agents(doc->groups, doc->group_count,
                                 doc->agent_count, group))
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_agent *a = &doc->agents[doc->groups[group].first_agent + agent];
    memset(out, 0, sizeof *out);
    out->line = a->line;
    out->value = doc->text + rb_agent_value_off(a);
    out->value_len = rb_agent_value_len(doc->text, a);
    out->token = out->value;
    out->token_len = rb_agent_token(doc->profile, doc->text, a);
    out->is_wildcard = rb_agent_wildcard(a);
    return ROBOTS_OK;
}

/* The first byte of a rule's normal form. It depends on the pattern's
 * first three bytes at most (a "%XX" there), so only they are normalised
 * (at most nine bytes written), as the parse normalised the whole. */
static char normal_first_byte(const robots_txt *doc, const rb_rule *r) {
    const char *pattern = doc->text + r->pattern_off;
    if (!rb_rule_normalises(r))
        return pattern[0];
    char head[16];
    size_t len = rb_rule_pattern_len(r);
    rb_normalize_pattern(doc->profile, pattern, len < 3 ? len : 3, head);
    return head[0];
}

static unsigned rule_flags(const robots_txt *doc, const rb_rule *r) {
    unsigned flags = 0;
    if (RB_RULE_INDEX_HTM(r))
        flags |= ROBOTS_RULE_FLAG_INDEX_DIR;
    if (r->normalized_len == 0) {
        /* Only legacy keeps empty patterns: "Disallow:" restricts
         * nothing, "Allow:" matches every path. */
        if (RB_RULE_KIND(r) == ROBOTS_RULE_DISALLOW)
            flags |= ROBOTS_RULE_FLAG_NEVER_MATCHES;
    } else if (rb_normal_never_matches(doc->profile,
                                       normal_first_byte(doc, r))) {
        flags |= ROBOTS_RULE_FLAG_NEVER_MATCHES;
    }
    return flags;
}

/* Fills *out for rule `index` of the document, held by `group`. */
static void fill_rule(const robots_txt *doc, size_t group, size_t index,
                      robots_rule_info *out) {
    const rb_rule *r = &doc->rules[index];
    memset(out, 0, sizeof *out);
    out->line = RB_RULE_LINE(r);
    out->kind = RB_RULE_KIND(r);
    out->pattern = doc->text + r->pattern_off;
    out->pattern_len = rb_rule_pattern_len(r);
    out->normalized_len = r->normalized_len;
    out->group = group;
    out->index = index;
    out->flags = rule_flags(doc, r);
}

robots_status robots_group_rule(const robots_txt *doc, size_t group,
                                size_t rule, robots_rule_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (group >= doc->group_count ||
        rule >= rb_group_rules(doc->groups, doc->group_count, doc->rule_count,
                               group))
        return ROBOTS_ERR_OUT_OF_RANGE;
    fill_rule(doc, group, doc->groups[group].first_rule + rule, out);
    return ROBOTS_OK;
}

size_t robots_rule_count(const robots_txt *doc) {
    return doc ? doc->rule_count : 0;
}

robots_status robots_rule(const robots_txt *doc, size_t index,
                          robots_rule_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= doc->rule_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    fill_rule(doc, rb_group_holding(doc, NULL, doc->group_count, index), index,
              out);
    return ROBOTS_OK;
}

/* Writes the normal form of the rule *info describes, which `found` (the
 * status of reading it) says was read (see robots_group_rule_normalized()). */
static robots_status write_normal(const robots_txt *doc, robots_status found,
                                  const robots_rule_info *info, char *buf,
                                  size_t cap, size_t *needed) {
    if (needed != NULL)
        *needed = 0;
    if (found != ROBOTS_OK)
        return found;
    if (needed == NULL || (buf == NULL && cap != 0))
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *needed = info->normalized_len;
    if (cap <= info->normalized_len)
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    /* The same normalisation the parse measured (rb_parse_rule() in
     * parse_records.c). */
    if (info->pattern_len != 0)
        rb_normalize_pattern(doc->profile, info->pattern, info->pattern_len,
                             buf);
    buf[info->normalized_len] = '\0';
    return ROBOTS_OK;
}

robots_status robots_group_rule_normalized(const robots_txt *doc, size_t group,
                                           size_t rule, char *buf, size_t cap,
                                           size_t *needed) {
    robots_rule_info info;
    robots_status found = robots_group_rule(doc, group, rule, &info);
    return write_normal(doc, found, &info, buf, cap, needed);
}

robots_status robots_rule_normalized(const robots_txt *doc, size_t index,
                                     char *buf, size_t cap, size_t *needed) {
    robots_rule_info info;
    robots_status found = robots_rule(doc, index, &info);
    return write_normal(doc, found, &info, buf, cap, needed);
}

/* The pattern's pieces between its stars (len bytes, its anchor cut off;
 * a '*' is one only when wild), each normalised when `normal`, with fill
 * in place of each star, written to out; the bytes written. */
static size_t write_filled(robots_profile profile, const char *p, size_t len,
                           int wild, int normal, const char *fill,
                           size_t fill_len, char *out) {
    size_t n = 0;
    for (size_t i = 0; i <= len;) {
        size_t end = i;
        while (end < len && !(wild && p[end] == '*'))
            end++;
        if (normal) {
            n += rb_normalize_pattern(profile, p + i, end - i, out + n);
        } else if (end > i) {
            memcpy(out + n, p + i, end - i);
            n += end - i;
        }
        if (end == len)
            break;
        if (fill_len != 0)
            memcpy(out + n, fill, fill_len);
        n += fill_len;
        i = end + 1;
    }
    return n;
}

robots_status robots_rule_example_path(const robots_txt *doc, size_t index,
                                       const char *fill, size_t fill_len,
                                       char *buf, size_t cap, size_t *needed) {
    if (needed != NULL)
        *needed = 0;
    robots_rule_info info;
    robots_status status = robots_rule(doc, index, &info);
    if (status != ROBOTS_OK)
        return status;
    if (needed == NULL || (buf == NULL && cap != 0) ||
        (fill == NULL && fill_len != 0) || fill_len > ROBOTS_MAX_URL_BYTES)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    const char *p = info.pattern;
    size_t len = info.pattern_len;
    int wild = doc->profile != ROBOTS_PROFILE_LEGACY;
    /* rfc9309 and google: a final '$' anchors, every '*' is a wildcard
     * (docs/semantics.md, "Rules and matching"). */
    size_t anchored = wild && len > 0 && p[len - 1] == '$';
    len -= anchored;
    size_t stars = 0;
    for (size_t i = 0; wild && i < len; i++)
        stars += p[i] == '*';
    /* google compares the URL as given with the pattern's normal form, so
     * the path is made of that (normalised between the stars: google's
     * normalisation reads no byte across a '*', and keeps each '*');
     * rfc9309 and legacy normalise the path as they do the pattern, so
     * the pattern as written will do. */
    int normal = doc->profile == ROBOTS_PROFILE_GOOGLE &&
                 rb_rule_normalises(&doc->rules[index]);
    size_t body = normal ? info.normalized_len - anchored : len;
    size_t lead = info.pattern_len == 0 || p[0] != '/';
    /* At most 16,663 stars of 16 KiB each: no overflow. */
    *needed = lead + body - stars + stars * fill_len;
    if (cap <= *needed)
        return ROBOTS_ERR_BUFFER_TOO_SMALL;
    size_t n = 0;
    if (lead)
        buf[n++] = '/';
    n += write_filled(doc->profile, p, len, wild, normal, fill, fill_len,
                      buf + n);
    buf[n] = '\0';
    return ROBOTS_OK;
}

static robots_status record_at(const robots_txt *doc, const rb_records *list,
                               size_t index, robots_record_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= list->count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    memset(out, 0, sizeof *out);
    rb_records_get(list, index, out);
    return ROBOTS_OK;
}

size_t robots_sitemap_count(const robots_txt *doc) {
    return doc ? doc->sitemaps.count : 0;
}

robots_status robots_sitemap(const robots_txt *doc, size_t index,
                             robots_record_info *out) {
    return record_at(doc, doc ? &doc->sitemaps : NULL, index, out);
}

size_t robots_extension_count(const robots_txt *doc) {
    return doc ? doc->extensions.count : 0;
}

robots_status robots_extension(const robots_txt *doc, size_t index,
                               robots_record_info *out) {
    return record_at(doc, doc ? &doc->extensions : NULL, index, out);
}

size_t robots_diagnostic_count(const robots_txt *doc) {
    return doc ? doc->diag_count : 0;
}

size_t robots_diagnostic_total(const robots_txt *doc) {
    return doc ? doc->diag_total : 0;
}

size_t robots_diagnostic_kind_total(const robots_txt *doc,
                                    robots_diag_kind kind) {
    return rb_kind_total(doc ? doc->kind_totals : NULL, kind);
}

robots_status robots_diagnostic(const robots_txt *doc, size_t index,
                                robots_diagnostic_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= doc->diag_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_diag *d = &doc->diags[index];
    memset(out, 0, sizeof *out);
    out->line = d->line;
    out->column = d->column;
    out->kind = (robots_diag_kind)d->kind;
    out->severity = (robots_severity)d->severity;
    out->message = rb_str(doc, d->message);
    out->message_len = d->message.len;
    out->suggestion = d->suggestion.len ? rb_str(doc, d->suggestion) : NULL;
    out->suggestion_len = d->suggestion.len;
    out->key_offset = d->key_off;
    out->key_len = d->key_len;
    return ROBOTS_OK;
}
