/* SPDX-License-Identifier: MIT */
/*
 * enum_names.c - the names of robots.h's small enums: a verdict's reason,
 * a rule's kind, a diagnostic's severity (the diagnostic kinds, with their
 * descriptions, are diag_kinds.c). Tables indexed by value (names.h).
 */
#include "names.h"
#include "robots.h"

static const char *const reason_names[] = {
    [ROBOTS_REASON_NO_GROUP] = "no-group",
    [ROBOTS_REASON_NO_RULE_MATCHED] = "no-rule-matched",
    [ROBOTS_REASON_LONGEST_MATCH] = "longest-match",
    [ROBOTS_REASON_TIE_ALLOW] = "tie-allow",
    [ROBOTS_REASON_FIRST_MATCH] = "first-match",
    [ROBOTS_REASON_ROBOTS_TXT] = "robots-txt",
};
RB_NAMES_CHECK(reason_names, ROBOTS_REASON_LAST);

const char *robots_reason_name(robots_reason reason) {
    return rb_name_at(reason_names, RB_COUNT_OF(reason_names), reason);
}

static const char *const rule_kind_names[] = {
    [ROBOTS_RULE_ALLOW] = "allow",
    [ROBOTS_RULE_DISALLOW] = "disallow",
};
RB_NAMES_CHECK(rule_kind_names, ROBOTS_RULE_KIND_LAST);

const char *robots_rule_kind_name(robots_rule_kind kind) {
    return rb_name_at(rule_kind_names, RB_COUNT_OF(rule_kind_names), kind);
}

robots_status robots_rule_kind_from_name(const char *name, size_t len,
                                         robots_rule_kind *out) {
    int value = rb_value_of_arg(rule_kind_names, RB_COUNT_OF(rule_kind_names),
                                name, len);
    if (out == NULL || value < 0)
        return ROBOTS_ERR_INVALID_ARGUMENT;
    *out = (robots_rule_kind)value;
    return ROBOTS_OK;
}

static const char *const severity_names[] = {
    [ROBOTS_SEVERITY_NOTE] = "note",
    [ROBOTS_SEVERITY_WARNING] = "warning",
    [ROBOTS_SEVERITY_ERROR] = "error",
};
RB_NAMES_CHECK(severity_names, ROBOTS_SEVERITY_LAST);

const char *robots_severity_name(robots_severity severity) {
    return rb_name_at(severity_names, RB_COUNT_OF(severity_names), severity);
}
