/* SPDX-License-Identifier: MIT */
/*
 * usage_statement.c - one statement of AI usage preferences, read as
 * draft-ietf-aipref-vocab-08 section 6.5 says; the combination of several
 * (section 5.1); and the split of a robots.txt Content-Usage value into
 * path and statement (draft-ietf-aipref-attach-05 section 3.2). The
 * section numbers are vocab-08's: attach-05 still cites an older
 * numbering ("Section 7.1 of VOCAB" is 5.1).
 */
#include "usage_internal.h"

#include <string.h>

rb_usage_basis rb_usage_basis_of(const rb_sf_member *member, const char *yes,
                                 const char *no) {
    if (member->is_inner_list || member->item.type != RB_SF_TOKEN)
        return RB_USAGE_BASIS_NOT_TOKEN;
    if (rb_sf_bare_is_token(&member->item, yes, strlen(yes)))
        return RB_USAGE_BASIS_Y;
    if (rb_sf_bare_is_token(&member->item, no, strlen(no)))
        return RB_USAGE_BASIS_N;
    return RB_USAGE_BASIS_OTHER_TOKEN;
}

rb_usage_value rb_usage_value_of(rb_usage_basis basis) {
    return basis == RB_USAGE_BASIS_Y   ? RB_USAGE_ALLOWED
           : basis == RB_USAGE_BASIS_N ? RB_USAGE_DISALLOWED
                                       : RB_USAGE_UNKNOWN;
}

rb_sf_error rb_usage_statement_read(const char *text, size_t len,
                                    rb_usage_statement *out) {
    size_t labels = rb_usage_current_label_count();
    size_t cursor = 0;
    rb_sf_member member;
    memset(out, 0, sizeof *out);
    out->error = rb_sf_parse(RB_SF_FIELD_DICTIONARY, text, len, &out->field,
                             &out->error_offset);
    for (size_t i = 0; i < labels; i++) {
        out->value[i] = RB_USAGE_UNKNOWN;
        out->basis[i] = out->error == RB_SF_OK ? RB_USAGE_BASIS_ABSENT
                                               : RB_USAGE_BASIS_MALFORMED;
    }
    if (out->error != RB_SF_OK)
        return out->error; /* 6.5.1: every preference unknown */
    /* In the order written, so that a key written again ends with its last
     * value (RFC 9651 4.2.2 step 2.4; vocab-08 6.5.1). */
    while (rb_sf_next_member(&out->field, &cursor, &member)) {
        int row = rb_usage_label_find(member.key, member.key_len);
        int repeated = !rb_sf_member_is_first(&out->field, &member);
        out->repeated_keys += (size_t)repeated;
        if (row < 0 || (size_t)row >= labels) {
            out->unknown_labels += (size_t)!repeated;
            continue;
        }
        /* 6.5: the Token y allows, n disallows, anything else is
         * unknown; the parameters are disregarded. */
        out->basis[row] = rb_usage_basis_of(&member, "y", "n");
        out->value[row] = rb_usage_value_of(out->basis[row]);
    }
    return RB_SF_OK;
}

int rb_usage_next_unknown_label(const rb_usage_statement *statement,
                                size_t *cursor, const char **label, size_t *len,
                                int *status) {
    rb_sf_member member;
    while (rb_sf_next_member(&statement->field, cursor, &member)) {
        int row = rb_usage_label_find(member.key, member.key_len);
        if ((row >= 0 && (size_t)row < rb_usage_current_label_count()) ||
            !rb_sf_member_is_first(&statement->field, &member))
            continue;
        *label = member.key;
        *len = member.key_len;
        *status = row < 0 ? -1 : (int)rb_usage_label_at((size_t)row)->status;
        return 1;
    }
    return 0;
}

rb_usage_value rb_usage_combine(rb_usage_value a, rb_usage_value b) {
    if (a == RB_USAGE_DISALLOWED || b == RB_USAGE_DISALLOWED)
        return RB_USAGE_DISALLOWED;
    if (a == RB_USAGE_ALLOWED || b == RB_USAGE_ALLOWED)
        return RB_USAGE_ALLOWED;
    return RB_USAGE_UNKNOWN;
}

void rb_usage_combine_values(rb_usage_value *into, const rb_usage_value *from) {
    for (size_t i = 0; i < rb_usage_current_label_count(); i++)
        into[i] = rb_usage_combine(into[i], from[i]);
}

static int is_ws(char ch) {
    return ch == ' ' || ch == '\t';
}

void rb_usage_rule_split(const char *value, size_t len,
                         rb_usage_rule_value *out) {
    size_t start = 0;
    size_t end = 0;
    size_t path_end;
    /* The rule value ends at the first CR, LF or '#'. */
    while (end < len && value[end] != '\r' && value[end] != '\n' &&
           value[end] != '#')
        end++;
    /* SP and HTAB after the colon are not part of it. */
    while (start < end && is_ws(value[start]))
        start++;
    out->path = NULL;
    out->path_len = 0;
    if (start < end && value[start] == '/') {
        path_end = start;
        while (path_end < end && !is_ws(value[path_end]))
            path_end++;
        out->path = value + start;
        out->path_len = path_end - start;
        start = path_end;
    }
    /* Decision 6: the whitespace around the statement is the ABNF's
     * separator and EOL, not part of the statement (RFC 9651 would refuse
     * a leading HTAB). */
    while (start < end && is_ws(value[start]))
        start++;
    while (end > start && is_ws(value[end - 1]))
        end--;
    out->statement = start == 0 ? value : value + start; /* NULL + 0 */
    out->statement_len = end - start;
}
