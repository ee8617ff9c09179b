/* SPDX-License-Identifier: MIT */
/*
 * usage_answer.h - the answer to a usage case (cases-aipref/, kind usage)
 * in the runner's hands, whoever gave it: librobots in-process
 * (robots_usage()), or an adapter through the batch protocol's usage query
 * (README.md, "Protocol 2: usage preferences"), whose answer line this
 * reads and which the runner's messages show. One reader of the case's
 * expectation and one comparison, so that every implementation is held to
 * the same thing.
 */
#ifndef CONFORMANCE_USAGE_ANSWER_H
#define CONFORMANCE_USAGE_ANSWER_H

#include "robots_usage.h"

#include <cjson/cJSON.h>
#include <stddef.h>

/* Deciding lines an answer or an expectation holds at most. */
#define USAGE_ANSWER_MAX_LINES ROBOTS_USAGE_MAX_LINES

/* A scope's Content-Signal: absent from the answer, none, or its values. */
typedef enum usage_signal_state {
    USAGE_SIGNAL_NOT_SAID = 0, /* the answer does not say (no key) */
    USAGE_SIGNAL_NONE = 1,     /* the scope has no Content-Signal */
    USAGE_SIGNAL_SOME = 2
} usage_signal_state;

typedef struct usage_answer {
    int crawlable;
    /* Per label of robots_usage_label(): its value (crawlable only). */
    robots_usage_value labels[ROBOTS_USAGE_MAX_LABELS];
    size_t lines[USAGE_ANSWER_MAX_LINES];
    size_t line_count;
    usage_signal_state signal_state;
    robots_usage_value signal[ROBOTS_SIGNAL_LAST + 1];
    usage_signal_state file_signal_state;
    robots_usage_value file_signal[ROBOTS_SIGNAL_LAST + 1];
} usage_answer;

/* robots_usage()'s result as an answer. */
void usage_answer_from_result(const robots_usage_result *r, usage_answer *out);

/* The answer's fields as the protocol writes them (without "usage "):
 * "crawlable=yes labels=train-ai:disallowed,... lines=4,5 signal=-
 * file-signal=search:allowed,...". */
void usage_answer_format(const usage_answer *a, char *out, size_t cap);

/* Reads an answer's fields (what follows "usage "). 0, or -1 with why in
 * `why` (cap bytes). */
int usage_answer_parse(const char *text, usage_answer *out, char *why,
                       size_t cap);

/* The expectation of one profile (expect.<profile> of a usage case) as an
 * answer; the signals' states say which the case names. 0, or -1 with
 * what is wrong with the case in `err`. */
int usage_answer_expected(const cJSON *expect, usage_answer *out, char *err,
                          size_t cap);

/* Does `got` answer what `want` expects? Signals are compared only where
 * the expectation names them. 1 or 0. */
int usage_answer_matches(const usage_answer *want, const usage_answer *got);

#endif
