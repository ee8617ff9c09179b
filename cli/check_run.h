/* SPDX-License-Identifier: MIT */
/*
 * check_run.h - one URL of `robots check`: its verdict asked of the
 * library and printed (text or JSON), for the command and for
 * fuzz/fuzz_check.c, which links this module to compare what the command
 * prints with the library's verdict.
 */
#ifndef ROBOTS_CLI_CHECK_RUN_H
#define ROBOTS_CLI_CHECK_RUN_H

#include "cli.h"

typedef struct check_run {
    const robots_txt *doc;
    const robots_str *agents;
    size_t agent_count;
    /* The agents resolved once for every URL; NULL (fuzz/fuzz_check.c):
     * each check resolves them. The verdicts are the same. */
    const robots_query *query;
    robots_cut_info cut; /* where the parse limit cut the file */
    int explain;
    int json;
    int any_disallowed;
    int any_error;
    size_t line_no; /* stdin's line being checked, for messages */
    FILE *out;
    cli_writer w; /* buffers what goes to out */
} check_run;

/* Checks (url, len) and prints its line to run->out (through run->w,
 * which a caller that sets only `out` gets unbuffered); an error is
 * printed as its line and on stderr, naming `where` (NULL: stdin's line
 * run->line_no). Sets run->any_disallowed and run->any_error. */
void cli_check_one(check_run *run, const char *url, size_t len,
                   const char *where);

/* Everything buffered goes out (run->w, then run->out) before a message on
 * stderr, so that the two streams keep their order when they share a
 * file. */
void cli_check_flush(check_run *run);

#endif
