/* SPDX-License-Identifier: MIT */
/*
 * batch.h - the runner's side of the batch protocol (README.md, "The batch
 * protocol"): an adapter is started once, gets one query per line on its
 * stdin and gives one answer per line on its stdout. A crash, a hang or an
 * answer that is not one of the three forms is reported on the query it
 * happened on; the adapter is then killed and started again for the next.
 *
 * Protocol 2 (README.md, "Protocol 2: usage preferences") adds a second
 * query, `usage`, for the usage cases of cases-aipref/: the runner sends it
 * only when told the adapter speaks protocol 2 (--batch-protocol 2), so an
 * adapter written for protocol 1 sees only the queries it knows. Its
 * answer is a `usage ...` line, or `unsupported` from an implementation
 * without Content-Usage.
 *
 * The adapter's output is untrusted: an answer line is read into a fixed
 * buffer of BATCH_MAX_ANSWER_BYTES, every query has BATCH timeout_ms to be
 * written and answered, and an adapter that never answers is given up after
 * BATCH_MAX_FAILED_STARTS starts.
 */
#ifndef CONFORMANCE_BATCH_H
#define CONFORMANCE_BATCH_H

#include <stddef.h>

/* An answer line longer than this (without its LF) is a protocol error. */
#define BATCH_MAX_ANSWER_BYTES 4096
/* How long one query may take, write and answer, unless --batch-timeout
 * says otherwise; a slower adapter is killed as hung. */
#define BATCH_DEFAULT_TIMEOUT_MS 5000
/* An adapter that fails on this many starts in a row without ever giving
 * one valid answer is given up: every later query says it is unavailable. */
#define BATCH_MAX_FAILED_STARTS 3
/* How long the adapter has to exit once its stdin is closed at the end. */
#define BATCH_EXIT_GRACE_MS 1000
/* Room for the message of a reply (the adapter's text is cut to fit). */
#define BATCH_MESSAGE_CAP 512

typedef enum batch_problem {
    BATCH_ANSWERED = 0, /* allowed or disallowed */
    BATCH_ERROR,        /* the adapter answered "error: message" */
    BATCH_CRASH,        /* it exited (or closed its stdout) before answering */
    BATCH_HANG,         /* no answer within the timeout */
    BATCH_PROTOCOL,     /* an answer the protocol does not allow */
    BATCH_UNAVAILABLE,  /* given up: it never answered */
    BATCH_PROBLEM_LAST = BATCH_UNAVAILABLE
} batch_problem;

/* One line of an HTTP field, for a usage query. */
typedef struct batch_text {
    const char *ptr;
    size_t len;
} batch_text;

typedef struct batch_query {
    const char *profile; /* rfc9309, google, legacy */
    const char *id;      /* the case's id */
    const char *robots;
    size_t robots_len;
    const char *agent;
    size_t agent_len;
    const char *url;
    size_t url_len;
    /* Protocol 2: usage is 1 for a usage query, which also carries the
     * Content-Usage field lines of the response (has_header 0: none) and
     * the names of the parse options set, comma-separated (NULL: none). */
    int usage;
    int has_header;
    const batch_text *header;
    size_t header_count;
    const char *options;
} batch_query;

typedef struct batch_reply {
    batch_problem problem;
    int allowed; /* when problem is BATCH_ANSWERED, for a verdict query */
    /* For a usage query answered: 1 when the answer was `unsupported`,
     * else the answer line (without "usage ") in `answer`. */
    int unsupported;
    char answer[BATCH_MAX_ANSWER_BYTES + 1];
    char message[BATCH_MESSAGE_CAP]; /* what happened, for the report */
} batch_reply;

typedef struct batch_stats {
    size_t starts;
    size_t answers;
    size_t errors;
    size_t crashes;
    size_t hangs;
    size_t protocol_errors;
    size_t unavailable;
    size_t unsupported; /* usage queries answered `unsupported` */
} batch_stats;

typedef struct batch_adapter batch_adapter;

/* The adapter to run: COMMAND is given to /bin/sh -c. It is started at the
 * first query. NULL when out of memory. */
batch_adapter *batch_open(const char *command, unsigned timeout_ms);

/* Sends one query and reads its answer; never fails: every outcome is in
 * *reply. */
void batch_ask(batch_adapter *a, const batch_query *query, batch_reply *reply);

const batch_stats *batch_get_stats(const batch_adapter *a);

/* Closes the adapter's stdin, gives it BATCH_EXIT_GRACE_MS to exit, kills
 * it otherwise, and frees a. */
void batch_close(batch_adapter *a);

/* "answered", "error", "crash", "hang", "protocol", "unavailable". */
const char *batch_problem_name(batch_problem p);

#endif
