/* SPDX-License-Identifier: MIT */
/*
 * robots_usage.h - AI usage preferences of a robots.txt document: the
 * `Content-Usage` rule of draft-ietf-aipref-attach-05 section 3, read with
 * the vocabulary of draft-ietf-aipref-vocab-08, the HTTP `Content-Usage`
 * field (attach-05 section 2) combined with it (vocab-08 section 5.1), and
 * Cloudflare's `Content-Signal` line with its mapping to the vocabulary,
 * reported apart. docs/semantics.md, "AI usage preferences", holds every
 * decision the drafts leave open; conformance/cases-aipref/ the cases.
 *
 * The conventions of robots_common.h hold: caller storage ending in
 * `reserved[4]`, enums with _LAST and _name(), no global state. The
 * vocabulary's labels are data: robots_usage_label() names them, and a
 * result's values[i] is the value of label i. The labels have changed in
 * almost every revision of the draft; their number never exceeds
 * ROBOTS_USAGE_MAX_LABELS within a major version.
 */
#ifndef ROBOTS_USAGE_H
#define ROBOTS_USAGE_H

#include "robots.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most labels a result holds a value for (robots_usage_label_count() is
 * at most this). */
#define ROBOTS_USAGE_MAX_LABELS 16

/* Deciding lines a result lists (robots_usage_result.lines); the count
 * says how many there were in all. */
#define ROBOTS_USAGE_MAX_LINES 16

/* A preference for one category of use (vocab-08 section 3). */
typedef enum robots_usage_value {
    ROBOTS_USAGE_UNKNOWN = 0, /* no statement, or none that says y or n */
    ROBOTS_USAGE_ALLOWED = 1,
    ROBOTS_USAGE_DISALLOWED = 2,
    ROBOTS_USAGE_VALUE_LAST = ROBOTS_USAGE_DISALLOWED
} robots_usage_value;

/* "unknown", "allowed", "disallowed"; NULL outside the enum. */
ROBOTS_API const char *robots_usage_value_name(robots_usage_value value);

/* The signals of Content-Signal (contentsignals.org), in this order. */
typedef enum robots_signal {
    ROBOTS_SIGNAL_SEARCH = 0,
    ROBOTS_SIGNAL_AI_INPUT = 1,
    ROBOTS_SIGNAL_AI_TRAIN = 2,
    ROBOTS_SIGNAL_LAST = ROBOTS_SIGNAL_AI_TRAIN
} robots_signal;

/* "search", "ai-input", "ai-train"; NULL outside the enum. */
ROBOTS_API const char *robots_signal_name(robots_signal signal);

/* The labels of the vocabulary this library follows (vocab-08 section
 * 6.1: train-ai, ai-use, search), in the order of a result's values.
 * robots_usage_label(i) is NULL for i >= robots_usage_label_count().
 * O(labels), no allocation. */
ROBOTS_API size_t robots_usage_label_count(void);
ROBOTS_API const char *robots_usage_label(size_t index);

/* The preferences for one (agent, URL). Filled whole by the library. */
typedef struct robots_usage_result {
    /* 1 when robots_check() allows the URL for the agent. 0: the URL may
     * not be crawled and has no preferences (attach-05 3.4's "N/A"), which
     * is not "every label unknown": values, lines and unknown_labels are
     * then zero. */
    int crawlable;
    /* robots_check()'s verdict for the same agent and URL. */
    robots_verdict verdict;
    /* Per label (robots_usage_label(i)): the value of the longest matching
     * Content-Usage rule of the groups the agent uses, rules of that
     * length combined most restrictive per label (attach-05 3.1,
     * vocab-08 5.1), combined with the HTTP field when
     * robots_usage_combine_field() was applied. */
    robots_usage_value values[ROBOTS_USAGE_MAX_LABELS];
    size_t label_count; /* robots_usage_label_count() */
    /* The deciding Content-Usage lines, 1-based and ascending: the first
     * ROBOTS_USAGE_MAX_LINES of line_count. 0 lines: no rule matched. */
    size_t lines[ROBOTS_USAGE_MAX_LINES];
    size_t line_count;
    /* Priority of the deciding rules: the length in bytes of their
     * normalised pattern (0 for a rule without a path). */
    size_t pattern_len;
    /* Keys of the deciding statements that name no label of the
     * vocabulary (ignored, vocab-08 6.4), each counted once a line:
     * robots_usage_unknown_label() names them. */
    size_t unknown_labels;
    /* Deciding statements that are no RFC 9651 Dictionary (all unknown). */
    size_t malformed_lines;
    /* Content-Signal of the groups the agent uses (has_signal 0: none):
     * each signal's value, several lines combined most restrictive; the
     * first such line. Reported whether or not the URL is crawlable. */
    int has_signal;
    robots_usage_value signal[ROBOTS_SIGNAL_LAST + 1];
    size_t signal_line;
    /* Content-Signal written before any user-agent line: the file's own,
     * which applies to no group (docs/semantics.md, decision 9). */
    int has_file_signal;
    robots_usage_value file_signal[ROBOTS_SIGNAL_LAST + 1];
    size_t file_signal_line;
    /* Which source gave each label its value (bit i: label i, never set
     * for an unknown value): file_labels, the deciding Content-Usage lines
     * (`lines`); field_labels, the HTTP field that
     * robots_usage_combine_field() applied. Both bits are set where the
     * two said the same; a label the field made more restrictive has only
     * its field bit, so its deciding lines are not what decided it. */
    size_t file_labels;
    size_t field_labels;
    size_t reserved[4]; /* zero: see Structures, robots_common.h */
} robots_usage_result;

/* The usage preferences of `url` for the crawler named `agent` (one name,
 * as robots_check_agent() takes it): robots_check() decides whether it
 * may be crawled, robots_select_groups() which groups' Content-Usage and
 * Content-Signal lines apply (no fallback to `*` for a crawler with its
 * own group: attach-05 3.4), and their patterns are matched as the
 * profile matches Allow and Disallow (normalisation, `*` and `$`; literal
 * in legacy), the longest normalised pattern deciding in every profile.
 * Errors: those of robots_check() for the agent and URL;
 * ROBOTS_ERR_NO_MEMORY for the scratch (from the document's allocator).
 * On error *out is zeroed. Time: robots_check()'s, plus O(extension
 * records + selected groups) and, for each Content-Usage line of the
 * selected groups, the match of its pattern (as a check's wildcard
 * match: O(pattern * path) at worst) and the parse of its statement
 * (O(line)). Memory: at most 3 * ROBOTS_MAX_LINE_BYTES + 3 *
 * ROBOTS_MAX_URL_BYTES + 8 * groups bytes from the document's allocator,
 * freed before returning. Stack: at most 14 KiB (robots_check()'s and the
 * statement's reading). Threads: as robots_check(). */
ROBOTS_API robots_status robots_usage(const robots_txt *doc, const char *agent,
                                      size_t agent_len, const char *url,
                                      size_t url_len, robots_usage_result *out);

/* robots_usage() for a crawler that goes by several names, as
 * robots_check() takes them: the groups that name any of them apply
 * (robots_select_groups()), and the verdict is robots_check()'s for the
 * same names. Errors, time, memory, stack and threads as robots_usage(),
 * plus robots_check()'s for the names (ROBOTS_ERR_TOO_MANY_AGENTS past
 * ROBOTS_MAX_QUERY_AGENTS). Stack: at most 14 KiB. */
ROBOTS_API robots_status robots_usage_agents(const robots_txt *doc,
                                             const robots_str *agents,
                                             size_t agent_count,
                                             const char *url, size_t url_len,
                                             robots_usage_result *out);

/* The index-th (0-based) distinct key of the Content-Usage statement on
 * `line` that names no label of the vocabulary, in the order first
 * written, by the buffer contract of robots_common.h. *status_out (may be
 * NULL) is 1 when an earlier draft defined it (`bots`, `ai`, ...), 2 when
 * a pull request to the drafts proposed it, 0 otherwise.
 * ROBOTS_ERR_OUT_OF_RANGE when the line holds no Content-Usage rule or
 * the index is past its unknown keys. O(extension records + line).
 * Stack: at most 2 KiB. */
ROBOTS_API robots_status robots_usage_unknown_label(const robots_txt *doc,
                                                    size_t line, size_t index,
                                                    char *buf, size_t cap,
                                                    size_t *needed,
                                                    int *status_out);

/* Reads the lines of an HTTP Content-Usage field (their values, in the
 * order received) as RFC 9651 4.2 says: joined with ", " and parsed as
 * one Dictionary, so a key repeated on a later line keeps its last value;
 * each label's value as vocab-08 6.5 says. values[] has
 * ROBOTS_USAGE_MAX_LABELS entries (label i at i); *malformed (may be
 * NULL) is 1 when the field is no Dictionary (then every value is
 * unknown). Errors: ROBOTS_ERR_INVALID_ARGUMENT; ROBOTS_ERR_NO_MEMORY.
 * Memory: the joined field, at most 64 KiB (longer is malformed), from
 * `allocator` (NULL: malloc), freed before returning. Time: O(bytes).
 * Stack: at most 2 KiB. No state: any thread. */
ROBOTS_API robots_status robots_usage_parse_field(
    const robots_str *lines, size_t count, const robots_allocator *allocator,
    robots_usage_value *values, int *malformed);

/* Reads one HTTP header line, "Name: value" without its line end, as
 * RFC 9112 section 5 reads a field line: a name of token characters, a
 * colon right after it (no whitespace before it), then the value, whose
 * leading and trailing spaces and tabs are not part of it. *is_field is 1
 * when the name is Content-Usage (in any case: RFC 9110 5.1), with
 * *value the value within `line`, ready for robots_usage_parse_field();
 * 0 for a line of another field, *value then empty. Errors:
 * ROBOTS_ERR_INVALID_ARGUMENT (NULL); ROBOTS_ERR_HEADER_INVALID when the
 * line is no field line (no colon, an empty name, a byte of the name that
 * no token has, whitespace before the colon, a folded continuation) or
 * holds a control byte other than HTAB (RFC 9110 5.5: a CR, LF or NUL is
 * never in a field value, the other controls are invalid); *value is then
 * empty and *is_field 0. O(len), no allocation, any thread. */
ROBOTS_API robots_status robots_usage_field_line(const char *line, size_t len,
                                                 robots_str *value,
                                                 int *is_field);

/* Combines the HTTP Content-Usage field of a response with the file's
 * preferences for its URL, most restrictive per label (vocab-08 5.1,
 * "obtained using different methods"; docs/semantics.md decision A).
 * A result that is not crawlable stays so, with no preferences. Sets
 * field_labels, and clears the file_labels bit of each label the field
 * made more restrictive. Errors, memory and stack as
 * robots_usage_parse_field() (Stack: at most 2 KiB). */
ROBOTS_API robots_status
robots_usage_combine_field(robots_usage_result *result, const robots_str *lines,
                           size_t count, const robots_allocator *allocator);

/* The vocabulary's label a signal maps to, as this project reads them
 * (docs/semantics.md decision B): search -> "search", ai-train ->
 * "train-ai", ai-input -> "ai-use"; NULL outside the enum. */
ROBOTS_API const char *robots_signal_usage_label(robots_signal signal);

/* The signals as the vocabulary's values: values[i] (of
 * ROBOTS_USAGE_MAX_LABELS) for label i, unknown where no signal maps to
 * it. Kept apart from the Content-Usage values: never merged by the
 * library. ROBOTS_ERR_INVALID_ARGUMENT for NULL. O(labels). */
ROBOTS_API robots_status robots_signal_to_usage(
    const robots_usage_value *signal, robots_usage_value *values);

#ifdef __cplusplus
}
#endif

#endif
