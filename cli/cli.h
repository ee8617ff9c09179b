/* SPDX-License-Identifier: MIT */
/*
 * cli.h - what the `robots` subcommands share: reading inputs, parsing
 * options, writing JSON, and the exit codes of google/robotstxt's
 * robots_main convention.
 */
#ifndef ROBOTS_CLI_H
#define ROBOTS_CLI_H

#include "robots.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum {
    EXIT_ALLOWED = 0,    /* every URL allowed; or success */
    EXIT_DISALLOWED = 1, /* some URL disallowed; or a failed check */
    EXIT_USAGE = 2       /* a usage, input or I/O error */
};

/* A file's bytes, or stdin's for "-". */
typedef struct cli_buffer {
    char *data;
    size_t len;
} cli_buffer;

/* Every file and stdin the command reads goes through one reader, which
 * reads at most max + 1 bytes, unbuffered: a file of any size, or a
 * stream that never ends (/dev/zero, a FIFO, a pipe), costs no more, and
 * no byte past them is taken from a pipe (issue 29, finding 3). On
 * failure each prints one line "robots: PATH: reason" on stderr, and
 * returns 0 with nothing allocated.
 *
 * cli_read_prefix(): the first bytes of `path` ('-': stdin). out->len <=
 * max: that is the whole file (*rest 0). out->len == max + 1: the file
 * goes on, and *rest is the number of bytes after those (from a regular
 * file's size), or ROBOTS_NOT_COUNTED when a stream cannot tell. */
int cli_read_prefix(const char *path, size_t max, cli_buffer *out,
                    size_t *rest);
/* All of `path`, refused as "larger than MAX bytes" past max (before a
 * byte is read when its size is known). */
int cli_read_file(const char *path, size_t max, cli_buffer *out);
void cli_buffer_free(cli_buffer *buf);

/* Reads and parses the robots.txt `path` as `options` say: only the
 * parse limit and ROBOTS_PARSE_LOOKAHEAD_BYTES + 1 more bytes are read,
 * and the library is told what it was not given (robots_parse_prefix()),
 * so the cut it reports is true without the rest being read; with
 * parse_limit 0, all of the file, up to ROBOTS_MAX_INPUT_BYTES. When
 * `keep` is not NULL the bytes read are handed to the caller (free with
 * cli_buffer_free), else released. When `cut` is not NULL, *cut is the
 * document's robots_txt_cut() with the lines and bytes the command counted
 * past the prefix (cli_count_cut()): the caller keeps it beside the
 * document for every message that says what was not read. */
int cli_load_robots(const char *path, const robots_options *options,
                    robots_txt **doc, cli_buffer *keep, robots_cut_info *cut);

/* The lines and bytes the parse limit left out of a file the command
 * read as a prefix are counted by streaming the rest of it through the
 * library's robots_line_count, CLI_COUNT_CHUNK_BYTES at a time, never
 * held: only for a file whose size is known (a regular file, also on
 * stdin), so a pipe gives no byte past the prefix and a stream that never
 * ends is never read to its end, and only when at most
 * CLI_COUNT_REST_MAX_BYTES follow the prefix (a bigger file is said to be
 * cut with its bytes counted by its size, not its lines).
 * cli_count_cut(): called by cli_load_robots() with the open file after
 * the prefix, the bytes read (`read`) and how many bytes follow them
 * (`rest`, ROBOTS_NOT_COUNTED when unknown): *cut is robots_txt_cut() with
 * those counts where they were made. The counts live in the caller's
 * robots_cut_info, not in a table of the command's: no state outside the
 * caller's variables says which document they belong to.
 * cli_cut_message(): the past-parse-limit diagnostic's words for `cut`,
 * robots_cut_message()'s (the library's, which the parse writes too); an
 * empty string for a cut that did not truncate. */
#define CLI_COUNT_CHUNK_BYTES ((size_t)64 * 1024)
#define CLI_COUNT_REST_MAX_BYTES ((size_t)64 * 1024 * 1024)
void cli_count_cut(const robots_txt *doc, FILE *f, const char *read,
                   size_t read_len, size_t rest, robots_cut_info *cut);
#define CLI_CUT_MESSAGE_BYTES ROBOTS_CUT_MESSAGE_BYTES
const char *cli_cut_message(char *buf, size_t cap, const robots_cut_info *cut);
/* robots_diagnostic(), with the past-parse-limit diagnostic worded by
 * cli_cut_message() into `words` where the command counted the lines the
 * library could not (`cut`: cli_load_robots()'s, not NULL). */
robots_status cli_diagnostic(const robots_txt *doc, const robots_cut_info *cut,
                             size_t index, robots_diagnostic_info *out,
                             char words[CLI_CUT_MESSAGE_BYTES]);

/* Prints "robots: " + message on stderr, one line: control bytes escaped
 * as \xHH, the middle of a message over 1 KiB left out. Returns
 * EXIT_USAGE. */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i past what it
 * used. Returns 1 and sets *value when argv[*i] is this option, -1 when the
 * value is missing (an error was printed), 0 when it is another word. */
int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value);

/* The options every command that parses a robots.txt takes: --profile P
 * and --parse-limit BYTES, into *options. Returns 1 when argv[*i] was one
 * (advancing *i past its value), 0 when it is another word, -1 after
 * printing an error. */
int cli_parse_option(int argc, char **argv, int *i, robots_options *options);

/* What cli_command_option() found at argv[*i]. */
enum cli_opt {
    CLI_OPT_NEXT = 0, /* an option was read: go on with the next word */
    CLI_OPT_ARGS = 1, /* the operands start at *i */
    CLI_OPT_EXIT = 2  /* return *rc: --help was printed, or an error */
};

/* The one table of the options every command that reads a robots.txt
 * (check, parse, lint, test, diff) takes the same way, at argv[*i]: --help
 * and -h (prints `usage`, *rc 0), --profile P and --parse-limit BYTES
 * (cli_parse_option(), into *options), "--" (the operands follow it), and
 * any other word starting with '-' reported as an unknown option of
 * `command` (*rc EXIT_USAGE). Call it after the command's own options. */
enum cli_opt cli_command_option(int argc, char **argv, int *i,
                                const char *command, const char *usage,
                                robots_options *options, int *rc);

/* Prints that ROBOTS_FILE is missing; returns EXIT_USAGE. */
int cli_missing_file(const char *command);

/* Parses a profile name; prints an error and returns 0 if unknown. */
int cli_profile(const char *name, robots_profile *out);

/* Parses a non-negative decimal number (no sign, no spaces) up to max:
 * CLI_NUMBER_OK with *out set, CLI_NUMBER_INVALID when text is not digits,
 * CLI_NUMBER_TOO_LARGE when it is over max (so the message can say so). */
typedef enum cli_number {
    CLI_NUMBER_OK = 0,
    CLI_NUMBER_INVALID = 1,
    CLI_NUMBER_TOO_LARGE = 2
} cli_number;
cli_number cli_size(const char *text, size_t max, size_t *out);

/* A JSON string literal of (s, len); bytes that are not UTF-8 become
 * U+FFFD so the output is always valid JSON. */
void cli_json_string(FILE *out, const char *s, size_t len);

/* Text safe for a terminal: control bytes shown as \xHH. */
void cli_print_escaped(FILE *out, const char *s, size_t len);

/* Output gathered in a caller's buffer and handed to `file` a buffer at a
 * time: check's batch mode writes a line per URL, and stdio's per-call
 * locking and printf's format parsing cost more than the check itself.
 * Write errors stay on `file` (ferror), for the caller's final check. */
typedef struct cli_writer {
    FILE *file;
    char *buf;
    size_t len;
    size_t cap;
} cli_writer;

/* cap 0 (buf NULL): every write goes straight to the file. */
void cli_writer_init(cli_writer *w, FILE *file, char *buf, size_t cap);
/* Hands the buffered bytes to the file (not fflush: the file buffers). */
void cli_writer_flush(cli_writer *w);
void cli_put_slow(cli_writer *w, const char *s, size_t len);

static inline void cli_put(cli_writer *w, const char *s, size_t len) {
    if (len <= w->cap - w->len) {
        memcpy(w->buf + w->len, s, len);
        w->len += len;
    } else {
        cli_put_slow(w, s, len);
    }
}

static inline void cli_put_char(cli_writer *w, char c) {
    if (w->len < w->cap)
        w->buf[w->len++] = c;
    else
        cli_put_slow(w, &c, 1);
}

/* Inline so that a literal's strlen() is a constant. */
static inline void cli_put_str(cli_writer *w, const char *s) {
    cli_put(w, s, strlen(s));
}

void cli_put_size(cli_writer *w, size_t value);
/* As cli_json_string() and cli_print_escaped(), byte for byte. */
void cli_put_json_string(cli_writer *w, const char *s, size_t len);
void cli_put_escaped(cli_writer *w, const char *s, size_t len);

/* Where the parse limit cut a document, for the output of each command
 * (issue 19: a cut file says so). The lines and bytes not read are
 * counted only when they were read (cli_load_robots() reads no further
 * than the limit needs): cli_cut_unread() writes what is known into buf,
 * "N lines (B bytes)" (or "1 line", "1 byte"), "the rest of the file (B
 * bytes)" (a file's size told the bytes) or "the rest of the file" (a
 * stream), and returns buf. cli_warn_cut() prints one line on stderr when
 * `cut` (cli_load_robots()'s) says the document was cut, naming `path`,
 * the line, what was not read and how to read it all; nothing otherwise. Its
 * JSON is json_out_cut()'s (json_out.h). */
#define CLI_CUT_UNREAD_BYTES 64
const char *cli_cut_unread(char *buf, size_t cap, const robots_cut_info *cut);
void cli_warn_cut(const char *path, const robots_cut_info *cut);

/* "s" after a count other than one ("1 line", "2 lines"), for messages. */
const char *cli_plural(size_t n);

int cli_cmd_check(int argc, char **argv);
int cli_cmd_parse(int argc, char **argv);
/* For site owners: cmd_lint.c, cmd_test.c, cmd_diff.c. */
int cli_cmd_lint(int argc, char **argv);
int cli_cmd_test(int argc, char **argv);
int cli_cmd_diff(int argc, char **argv);

#endif
