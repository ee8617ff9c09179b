/* SPDX-License-Identifier: MIT */
/*
 * content_signal.c - Cloudflare's Content-Signal line (contentsignals.org;
 * Cloudflare's managed robots.txt), read as this project decided
 * (docs/semantics.md, "AI usage preferences"), and its mapping to the
 * vocabulary of draft-ietf-aipref-vocab-08, kept apart from the
 * Content-Usage reading because it is this project's and no draft's.
 * contentsignals.org defines the keys and the values yes and no but no
 * grammar; every example it and Cloudflare publish is an RFC 9651
 * Dictionary, so that is the grammar used.
 */
#include "names.h"
#include "usage_internal.h"

#include <string.h>

static const char *const signal_names[] = {
    [RB_SIGNAL_SEARCH] = "search",
    [RB_SIGNAL_AI_INPUT] = "ai-input",
    [RB_SIGNAL_AI_TRAIN] = "ai-train",
};
RB_NAMES_CHECK(signal_names, RB_SIGNAL_LAST);

/* The mapping (vocab-08 section 7 asks an alternative format for one).
 * search and ai-train name the same uses as vocab-08's search and
 * train-ai; ai-input (content fed to a model: RAG, grounding, generated
 * answers) is broader than ai-use, which leaves out an asset the user
 * gave, so a yes or no for the broader use holds for the narrower. */
static const char *const usage_labels[] = {
    [RB_SIGNAL_SEARCH] = "search",
    [RB_SIGNAL_AI_INPUT] = "ai-use",
    [RB_SIGNAL_AI_TRAIN] = "train-ai",
};
RB_NAMES_CHECK(usage_labels, RB_SIGNAL_LAST);

const char *rb_signal_name(rb_signal signal) {
    return rb_name_at(signal_names, RB_COUNT_OF(signal_names), signal);
}

const char *rb_signal_usage_label(rb_signal signal) {
    return rb_name_at(usage_labels, RB_COUNT_OF(usage_labels), signal);
}

static int signal_named(const char *key, size_t len) {
    for (int s = 0; s <= RB_SIGNAL_LAST; s++)
        if (strlen(signal_names[s]) == len &&
            memcmp(signal_names[s], key, len) == 0)
            return s;
    return -1;
}

static int is_ws(char ch) {
    return ch == ' ' || ch == '\t';
}

rb_sf_error rb_content_signal_read(const char *text, size_t len,
                                   rb_content_signal *out) {
    size_t start = 0;
    size_t cursor = 0;
    rb_sf_member member;
    memset(out, 0, sizeof *out);
    /* The value whole (no path form), without the whitespace around it, as
     * a Content-Usage statement. */
    while (start < len && is_ws(text[start]))
        start++;
    while (len > start && is_ws(text[len - 1]))
        len--;
    out->error =
        rb_sf_parse(RB_SF_FIELD_DICTIONARY, start == 0 ? text : text + start,
                    len - start, &out->field, &out->error_offset);
    out->error_offset += start;
    for (int s = 0; s <= RB_SIGNAL_LAST; s++)
        out->basis[s] = out->error == RB_SF_OK ? RB_USAGE_BASIS_ABSENT
                                               : RB_USAGE_BASIS_MALFORMED;
    if (out->error != RB_SF_OK)
        return out->error;
    while (rb_sf_next_member(&out->field, &cursor, &member)) {
        int s = signal_named(member.key, member.key_len);
        if (s < 0) {
            out->unknown_keys +=
                (size_t)rb_sf_member_is_first(&out->field, &member);
            continue;
        }
        out->basis[s] = rb_usage_basis_of(&member, "yes", "no");
        out->value[s] = rb_usage_value_of(out->basis[s]);
    }
    return RB_SF_OK;
}

void rb_content_signal_to_usage(const rb_content_signal *signal,
                                rb_usage_value *values) {
    for (size_t i = 0; i < rb_usage_current_label_count(); i++)
        values[i] = RB_USAGE_UNKNOWN;
    for (int s = 0; s <= RB_SIGNAL_LAST; s++) {
        int row = rb_usage_label_find(usage_labels[s], strlen(usage_labels[s]));
        if (row >= 0 && (size_t)row < rb_usage_current_label_count())
            values[row] = signal->value[s];
    }
}
