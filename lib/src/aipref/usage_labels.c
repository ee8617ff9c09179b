/* SPDX-License-Identifier: MIT */
/*
 * usage_labels.c - the vocabulary of AI usage preferences as data: one
 * table of every label a draft has defined, current or not. The labels
 * have changed in almost every revision of draft-ietf-aipref-vocab, so a
 * new revision is a change to this table (and to the conformance cases),
 * not to the code. The current labels come first, in the order of
 * vocab-08's section 4; a statement's values are kept in that order.
 */
#include "names.h"
#include "usage_internal.h"

#include <string.h>

static const rb_usage_label labels[] = {
    /* draft-ietf-aipref-vocab-08 (September 2026), section 6.1, Table 1.
     * No hierarchy: each category stands alone (nesting went in vocab-07);
     * section 4.3's rule that allowing Search allows uses the other
     * categories would restrict is a rule of use, left to the caller. */
    {"train-ai", RB_USAGE_LABEL_CURRENT, "AI Training",
     "draft-ietf-aipref-vocab-08 4.1 (the label since vocab-02)"},
    {"ai-use", RB_USAGE_LABEL_CURRENT, "AI Use",
     "draft-ietf-aipref-vocab-08 4.2 (also in vocab-02)"},
    {"search", RB_USAGE_LABEL_CURRENT, "Search",
     "draft-ietf-aipref-vocab-08 4.3 (the label since vocab-01)"},
    /* Earlier drafts: under vocab-08 these are unknown labels, ignored
     * (section 6.4), which is why a file still using one is worth a lint
     * message. */
    {"ai", RB_USAGE_LABEL_OBSOLETE, "AI Training",
     "draft-ietf-aipref-vocab-01; the examples of attach-00 and attach-01"},
    {"tdm", RB_USAGE_LABEL_OBSOLETE, "Text and Data Mining",
     "draft-ietf-aipref-vocab-01"},
    {"genai", RB_USAGE_LABEL_OBSOLETE, "Generative AI Training",
     "draft-ietf-aipref-vocab-01"},
    {"inference", RB_USAGE_LABEL_OBSOLETE, "AI Inference",
     "draft-ietf-aipref-vocab-01"},
    {"all", RB_USAGE_LABEL_OBSOLETE, "Automated Processing",
     "draft-ietf-aipref-vocab-02"},
    {"train-genai", RB_USAGE_LABEL_OBSOLETE, "Generative AI Training",
     "draft-ietf-aipref-vocab-02 and -03"},
    {"bots", RB_USAGE_LABEL_OBSOLETE, "Automated Processing",
     "draft-ietf-aipref-vocab-03 and -04"},
    {"ai-output", RB_USAGE_LABEL_OBSOLETE, "AI Output",
     "draft-ietf-aipref-vocab-04"},
    /* Proposed in the working group's repository, never in a draft. */
    {"rag-ground", RB_USAGE_LABEL_PROPOSED, "RAG grounding",
     "ietf-wg-aipref/drafts pull request 210 (not merged)"},
    {"infer-user", RB_USAGE_LABEL_PROPOSED, "Inference for a user",
     "ietf-wg-aipref/drafts pull requests 216 and 225 (not merged)"},
    {"infer-system", RB_USAGE_LABEL_PROPOSED, "Inference by a system",
     "ietf-wg-aipref/drafts pull requests 216 and 225 (not merged)"},
};
_Static_assert(RB_COUNT_OF(labels) <= RB_USAGE_MAX_LABELS,
               "RB_USAGE_MAX_LABELS must hold every row of the label table");

size_t rb_usage_label_count(void) {
    return RB_COUNT_OF(labels);
}

size_t rb_usage_current_label_count(void) {
    size_t n = 0;
    while (n < RB_COUNT_OF(labels) &&
           labels[n].status == RB_USAGE_LABEL_CURRENT)
        n++;
    return n;
}

const rb_usage_label *rb_usage_label_at(size_t index) {
    return index < RB_COUNT_OF(labels) ? &labels[index] : NULL;
}

int rb_usage_label_find(const char *label, size_t len) {
    for (size_t i = 0; i < RB_COUNT_OF(labels); i++)
        if (strlen(labels[i].label) == len &&
            memcmp(labels[i].label, label, len) == 0)
            return (int)i;
    return -1;
}

static const char *const value_names[] = {
    [RB_USAGE_UNKNOWN] = "unknown",
    [RB_USAGE_ALLOWED] = "allowed",
    [RB_USAGE_DISALLOWED] = "disallowed",
};
RB_NAMES_CHECK(value_names, RB_USAGE_VALUE_LAST);

static const char *const basis_names[] = {
    [RB_USAGE_BASIS_ABSENT] = "absent",
    [RB_USAGE_BASIS_Y] = "y",
    [RB_USAGE_BASIS_N] = "n",
    [RB_USAGE_BASIS_OTHER_TOKEN] = "other-token",
    [RB_USAGE_BASIS_NOT_TOKEN] = "not-a-token",
    [RB_USAGE_BASIS_MALFORMED] = "malformed",
};
RB_NAMES_CHECK(basis_names, RB_USAGE_BASIS_LAST);

static const char *const status_names[] = {
    [RB_USAGE_LABEL_CURRENT] = "current",
    [RB_USAGE_LABEL_OBSOLETE] = "obsolete",
    [RB_USAGE_LABEL_PROPOSED] = "proposed",
};
RB_NAMES_CHECK(status_names, RB_USAGE_LABEL_STATUS_LAST);

const char *rb_usage_value_name(rb_usage_value value) {
    return rb_name_at(value_names, RB_COUNT_OF(value_names), value);
}

const char *rb_usage_basis_name(rb_usage_basis basis) {
    return rb_name_at(basis_names, RB_COUNT_OF(basis_names), basis);
}

const char *rb_usage_label_status_name(rb_usage_label_status s) {
    return rb_name_at(status_names, RB_COUNT_OF(status_names), s);
}
