/*
 * access.c - read-only views of a parsed document: its groups, agents,
 * rules, sitemaps, extension records and diagnostics. Every pointer handed
 * out points into the document and lives as long as it does.
 */
#include "internal.h"

robots_profile robots_txt_profile(const robots_txt *doc) {
    return doc ? doc->profile : ROBOTS_PROFILE_RFC9309;
}

size_t robots_txt_parsed_bytes(const robots_txt *doc) {
    return doc ? doc->parsed_bytes : 0;
}

size_t robots_txt_input_bytes(const robots_txt *doc) {
    return doc ? doc->input_bytes : 0;
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

/* The seconds of the crawl-delay on this line (0: none, 0.0). */
static double crawl_delay(const robots_txt *doc, uint32_t line) {
    size_t lo = 0, hi = doc->crawl_delay_count;
    while (line != 0 && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (doc->crawl_delays[mid].line == line)
            return doc->crawl_delays[mid].seconds;
        if (doc->crawl_delays[mid].line < line)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0.0;
}

robots_status robots_group(const robots_txt *doc, size_t group,
                           robots_group_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (group >= doc->group_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_group *g = &doc->groups[group];
    out->line = g->line;
    out->agent_count =
        rb_group_agents(doc->groups, doc->group_count, doc->agent_count, group);
    out->rule_count =
        rb_group_rules(doc->groups, doc->group_count, doc->rule_count, group);
    out->has_crawl_delay = g->crawl_delay_line != 0;
    out->crawl_delay = crawl_delay(doc, g->crawl_delay_line);
    out->crawl_delay_line = g->crawl_delay_line;
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
    out->line = a->line;
    out->value = doc->text + a->value_off;
    out->value_len = rb_agent_value_len(a);
    out->token = out->value;
    out->token_len = a->token_len;
    out->is_wildcard = rb_agent_wildcard(a);
    return ROBOTS_OK;
}

robots_status robots_group_rule(const robots_txt *doc, size_t group,
                                size_t rule, robots_rule_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (group >= doc->group_count ||
        rule >= rb_group_rules(doc->groups, doc->group_count, doc->rule_count,
                               group))
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_rule *r = &doc->rules[doc->groups[group].first_rule + rule];
    out->line = RB_RULE_LINE(r);
    out->kind = RB_RULE_KIND(r);
    out->pattern = doc->text + r->pattern_off;
    out->pattern_len = rb_rule_pattern_len(r);
    out->normalized = doc->text + rb_rule_normalized_off(r);
    out->normalized_len = r->normalized_len;
    return ROBOTS_OK;
}

static robots_status record_at(const robots_txt *doc, const rb_record *list,
                               size_t count, size_t index,
                               robots_record_info *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_record *r = &list[index];
    out->line = r->line;
    out->key = rb_str(doc, r->key);
    out->key_len = r->key.len;
    out->value = rb_str(doc, r->value);
    out->value_len = r->value.len;
    out->group = r->group == UINT32_MAX ? ROBOTS_NO_INDEX : r->group;
    return ROBOTS_OK;
}

size_t robots_sitemap_count(const robots_txt *doc) {
    return doc ? doc->sitemap_count : 0;
}

robots_status robots_sitemap(const robots_txt *doc, size_t index,
                             robots_record_info *out) {
    return record_at(doc, doc ? doc->sitemaps : NULL,
                     doc ? doc->sitemap_count : 0, index, out);
}

size_t robots_extension_count(const robots_txt *doc) {
    return doc ? doc->extension_count : 0;
}

robots_status robots_extension(const robots_txt *doc, size_t index,
                               robots_record_info *out) {
    return record_at(doc, doc ? doc->extensions : NULL,
                     doc ? doc->extension_count : 0, index, out);
}

size_t robots_diagnostic_count(const robots_txt *doc) {
    return doc ? doc->diag_count : 0;
}

size_t robots_diagnostic_total(const robots_txt *doc) {
    return doc ? doc->diag_total : 0;
}

robots_status robots_diagnostic_at(const robots_txt *doc, size_t index,
                                   robots_diagnostic *out) {
    if (doc == NULL || out == NULL)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    if (index >= doc->diag_count)
        return ROBOTS_ERR_OUT_OF_RANGE;
    const rb_diag *d = &doc->diags[index];
    out->line = d->line;
    out->column = d->column;
    out->kind = (robots_diag_kind)d->kind;
    out->severity = (robots_severity)d->severity;
    out->message = rb_str(doc, d->message);
    out->message_len = d->message.len;
    out->suggestion = d->suggestion.len ? rb_str(doc, d->suggestion) : NULL;
    out->suggestion_len = d->suggestion.len;
    return ROBOTS_OK;
}
