/* SPDX-License-Identifier: MIT */
/*
 * usage_internal.h - AI usage preferences (issue 24), the evaluation core
 * that needs no robots.txt parser: the vocabulary's labels as one table,
 * the reading of one statement of preference (draft-ietf-aipref-vocab-08
 * section 6.5), the combination of statements (vocab-08 section 5.1: the
 * most restrictive preference per label), the splitting of a Content-Usage
 * rule's value into path and statement (draft-ietf-aipref-attach-05
 * section 3.2), and Cloudflare's Content-Signal with its mapping to the
 * vocabulary, kept apart as this project's reading (docs/semantics.md,
 * "AI usage preferences").
 *
 * Internal for now: the public robots_usage API and the Content-Usage rule
 * in groups are built on it. Nothing allocates; a statement points into
 * the caller's text.
 */
#ifndef ROBOTS_USAGE_INTERNAL_H
#define ROBOTS_USAGE_INTERNAL_H

#include "structured_field.h"

#include <stddef.h>

/* ---- the vocabulary ------------------------------------------------------ */

/* Rows the label table may have at most (current labels and the labels of
 * earlier drafts together): the size of a statement's arrays. */
#define RB_USAGE_MAX_LABELS 16u

/* A preference for one category of use (vocab-08 section 3): allowed,
 * disallowed, or unknown, which is also what no statement gives. */
typedef enum rb_usage_value {
    RB_USAGE_UNKNOWN,
    RB_USAGE_ALLOWED,
    RB_USAGE_DISALLOWED,
    RB_USAGE_VALUE_LAST = RB_USAGE_DISALLOWED
} rb_usage_value;

/* Why one statement gives a label its value (vocab-08 section 6.5). */
typedef enum rb_usage_basis {
    RB_USAGE_BASIS_ABSENT,      /* the label is not a key: unknown */
    RB_USAGE_BASIS_Y,           /* the Token y: allowed */
    RB_USAGE_BASIS_N,           /* the Token n: disallowed */
    RB_USAGE_BASIS_OTHER_TOKEN, /* a Token other than y and n: unknown */
    RB_USAGE_BASIS_NOT_TOKEN,   /* a Boolean, String, number, Inner List..:
                                   unknown */
    RB_USAGE_BASIS_MALFORMED,   /* the statement is no Dictionary: unknown */
    RB_USAGE_BASIS_LAST = RB_USAGE_BASIS_MALFORMED
} rb_usage_basis;

/* Where a label stands in the drafts. */
typedef enum rb_usage_label_status {
    RB_USAGE_LABEL_CURRENT,  /* defined by the vocabulary this code follows */
    RB_USAGE_LABEL_OBSOLETE, /* defined by an earlier draft, gone since */
    RB_USAGE_LABEL_PROPOSED, /* proposed to the working group, not adopted */
    RB_USAGE_LABEL_STATUS_LAST = RB_USAGE_LABEL_PROPOSED
} rb_usage_label_status;

typedef struct rb_usage_label {
    const char *label; /* as written in a statement: case-sensitive */
    rb_usage_label_status status;
    const char *category; /* the draft's name for the category of use */
    const char *source;   /* where the label is (or was) defined */
} rb_usage_label;

/* The table: current labels first, in the order a statement's values are
 * kept in, then the others. rb_usage_label_at(i) for i < count. */
RB_HIDDEN size_t rb_usage_label_count(void);
/* How many of them are current: the values a statement assigns. */
RB_HIDDEN size_t rb_usage_current_label_count(void);
RB_HIDDEN const rb_usage_label *rb_usage_label_at(size_t index);
/* The row of label[0..len) (compared as bytes), or -1 when no draft
 * defines it. */
RB_HIDDEN int rb_usage_label_find(const char *label, size_t len);

/* ---- one statement ------------------------------------------------------- */

/* One statement of preference, read: a value and its basis for each
 * current label (index = the label's row), and what else it holds. */
typedef struct rb_usage_statement {
    rb_sf_field field;   /* the Dictionary; empty when it did not parse */
    rb_sf_error error;   /* RB_SF_OK, or why it is not a Dictionary */
    size_t error_offset; /* where the parse stopped, in the statement */
    rb_usage_value value[RB_USAGE_MAX_LABELS];
    rb_usage_basis basis[RB_USAGE_MAX_LABELS];
    /* Distinct keys that name no current label (vocab-08 6.4: ignored;
     * listed by rb_usage_next_unknown_label). */
    size_t unknown_labels;
    /* Members written with a key written before them in the statement
     * (vocab-08 6.5.1: only the last value counts). */
    size_t repeated_keys;
} rb_usage_statement;

/* Reads text[0..len) as a statement (vocab-08 section 6.5): an RFC 9651
 * Dictionary; for each current label the Token y allows, the Token n
 * disallows, and anything else (absent, another Token, another type) is
 * unknown; parameters are disregarded; when the Dictionary does not parse,
 * every label is unknown (6.5.1). The statement points into text. Returns
 * out->error. */
RB_HIDDEN rb_sf_error rb_usage_statement_read(const char *text, size_t len,
                                              rb_usage_statement *out);

/* The basis a member gives its key: the Token `yes` is _Y, the Token `no`
 * _N, another Token _OTHER_TOKEN, anything else _NOT_TOKEN. The
 * vocabulary's tokens are "y" and "n"; Content-Signal's "yes" and "no". */
RB_HIDDEN rb_usage_basis rb_usage_basis_of(const rb_sf_member *member,
                                           const char *yes, const char *no);
/* allowed for _Y, disallowed for _N, unknown for every other basis. */
RB_HIDDEN rb_usage_value rb_usage_value_of(rb_usage_basis basis);

/* The distinct keys of a statement that name no current label, in the
 * order first written; *cursor starts at 0. *status is the label's row
 * status, or -1 when no draft defines it. Returns 0 after the last. */
RB_HIDDEN int rb_usage_next_unknown_label(const rb_usage_statement *statement,
                                          size_t *cursor, const char **label,
                                          size_t *len, int *status);

/* ---- combining ------------------------------------------------------------
 */

/* vocab-08 section 5.1: disallowed if either disallows, else allowed if
 * either allows, else unknown. */
RB_HIDDEN rb_usage_value rb_usage_combine(rb_usage_value a, rb_usage_value b);

/* into[i] = rb_usage_combine(into[i], from[i]) for every current label:
 * statements of identical-path Content-Usage rules (attach-05 3.1), and
 * robots.txt with the HTTP Content-Usage field (vocab-08 5.1). */
RB_HIDDEN void rb_usage_combine_values(rb_usage_value *into,
                                       const rb_usage_value *from);

/* ---- the Content-Usage rule of robots.txt -------------------------------- */

typedef struct rb_usage_rule_value {
    const char *path; /* NULL when absent (the value does not start '/') */
    size_t path_len;
    const char *statement;
    size_t statement_len;
} rb_usage_rule_value;

/* Splits a Content-Usage rule's value (what follows the colon) as
 * attach-05 section 3.2 says: the value ends at the first CR, LF or '#';
 * SP and HTAB after the colon are ignored; a value starting with '/' has a
 * path, up to the first SP or HTAB, and the rest is the statement;
 * otherwise the whole value is the statement. SP and HTAB around the
 * statement are dropped (docs/semantics.md, "AI usage preferences",
 * decision 6). */
RB_HIDDEN void rb_usage_rule_split(const char *value, size_t len,
                                   rb_usage_rule_value *out);

/* The keys of the lines this module reads (any ASCII case; decision 11:
 * no other spelling): the parser's hook (parse.c, on_other) and the
 * query's filter of the extension records (usage_query.c). */
enum {
    RB_USAGE_KEY_NONE,
    RB_USAGE_KEY_CONTENT_USAGE,
    RB_USAGE_KEY_CONTENT_SIGNAL
};
RB_HIDDEN int rb_usage_key(const char *key, size_t len);

/* ---- Cloudflare's Content-Signal ------------------------------------------
 */

/* The signals of contentsignals.org, in this order. */
typedef enum rb_signal {
    RB_SIGNAL_SEARCH,
    RB_SIGNAL_AI_INPUT,
    RB_SIGNAL_AI_TRAIN,
    RB_SIGNAL_LAST = RB_SIGNAL_AI_TRAIN
} rb_signal;

typedef struct rb_content_signal {
    rb_sf_field field;
    rb_sf_error error;
    size_t error_offset;
    rb_usage_value value[RB_SIGNAL_LAST + 1];
    rb_usage_basis basis[RB_SIGNAL_LAST + 1]; /* _Y: yes, _N: no */
    size_t unknown_keys; /* distinct keys other than the three */
} rb_content_signal;

/* Reads a Content-Signal value as this project does (docs/semantics.md):
 * an RFC 9651 Dictionary (the form of every published example), SP and
 * HTAB around it dropped; the Token yes allows, no disallows, anything
 * else is unknown; when it does not parse, all three are unknown. */
RB_HIDDEN rb_sf_error rb_content_signal_read(const char *text, size_t len,
                                             rb_content_signal *out);

/* "search", "ai-input", "ai-train"; NULL outside the enum. */
RB_HIDDEN const char *rb_signal_name(rb_signal signal);

/* The vocabulary's label a signal maps to (search -> search, ai-train ->
 * train-ai, ai-input -> ai-use), as this project reads them: vocab-08
 * section 7 asks an alternative format for such a mapping and
 * contentsignals.org gives none. */
RB_HIDDEN const char *rb_signal_usage_label(rb_signal signal);

/* The signals as the vocabulary's values: values[i] for each current label
 * (unknown where no signal maps to it). */
RB_HIDDEN void rb_content_signal_to_usage(const rb_content_signal *signal,
                                          rb_usage_value *values);

RB_HIDDEN const char *rb_usage_value_name(rb_usage_value value);
RB_HIDDEN const char *rb_usage_basis_name(rb_usage_basis basis);
RB_HIDDEN const char *rb_usage_label_status_name(rb_usage_label_status s);

#endif
