/* SPDX-License-Identifier: MIT */
/*
 * util.c - shared plumbing of the `robots` command: reading files and stdin
 * with a size bound, option values, numbers, JSON and terminal escaping.
 */
#include "cli.h"
#include "site.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A message quotes what the user gave (a URL, a path, an option), which
 * may hold terminal escapes or be 100 KB long: its control bytes are
 * escaped as stdout's are, and past CLI_MAX_MESSAGE bytes only its start
 * and its end (where the reason is) are shown. */
#define CLI_MAX_MESSAGE 1024
#define CLI_MESSAGE_HEAD 640
#define CLI_MESSAGE_TAIL 256

int cli_error(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(NULL, 0, fmt, args);
    va_end(args);
    char *message = n >= 0 ? malloc((size_t)n + 1) : NULL;
    fputs("robots: ", stderr);
    if (message == NULL) {
        fputs("(the message could not be formatted: out of memory)\n", stderr);
        return EXIT_USAGE;
    }
    va_start(args, fmt);
    vsnprintf(message, (size_t)n + 1, fmt, args);
    va_end(args);
    size_t len = (size_t)n;
    if (len <= CLI_MAX_MESSAGE) {
        cli_print_escaped(stderr, message, len);
    } else {
        cli_print_escaped(stderr, message, CLI_MESSAGE_HEAD);
        fprintf(stderr, " [... %zu bytes not shown ...] ",
                len - CLI_MESSAGE_HEAD - CLI_MESSAGE_TAIL);
        cli_print_escaped(stderr, message + len - CLI_MESSAGE_TAIL,
                          CLI_MESSAGE_TAIL);
    }
    fputc('\n', stderr);
    free(message);
    return EXIT_USAGE;
}

void cli_buffer_free(cli_buffer *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->len = 0;
}

/* The size of the rest of `f` from where it stands, when it is a file
 * whose size is known (a regular file: seekable, and its end past the
 * position); SIZE_MAX otherwise (a pipe, a terminal, /dev/zero, a /proc
 * file). Leaves the position where it was. Plain C (fseek, ftell), so a
 * stream that cannot tell is only not known, never an error. */
static size_t known_size(FILE *f) {
    long start = ftell(f);
    if (start < 0 || fseek(f, 0, SEEK_END) != 0)
        return SIZE_MAX;
    long end = ftell(f);
    if (fseek(f, start, SEEK_SET) != 0 || end <= start)
        return SIZE_MAX;
    unsigned long size = (unsigned long)end - (unsigned long)start;
    return size < SIZE_MAX ? (size_t)size : SIZE_MAX;
}

/* The one reader of every file and stdin the command reads: at most
 * max + 1 bytes, so that a stream that never ends (/dev/zero, a FIFO, a
 * pipe) or a file of any size costs max + 1 bytes of memory and of
 * reading. The stream is unbuffered, so not a byte past them is taken
 * from a pipe that another process reads on. `whole`: the caller needs
 * the whole file, so one whose size is known to be over max is refused
 * before a byte is read. `open`: when not NULL, a file that goes on
 * past max + 1 bytes is left open there for the caller to read on and
 * close (stdin is left open), else NULL. */
static int read_bounded(const char *path, size_t max, int whole,
                        cli_buffer *out, size_t *rest, FILE **open) {
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    out->data = NULL;
    out->len = 0;
    *rest = 0;
    if (open != NULL)
        *open = NULL;
    if (f == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        return 0;
    }
    /* A stream that refuses stays buffered: the same bytes are read. */
    (void)setvbuf(f, NULL, _IONBF, 0);
    size_t size = known_size(f);
    size_t want = max < SIZE_MAX ? max + 1 : max;
    int ok = 1;
    if (whole && size != SIZE_MAX && size > max) {
        cli_error("%s: larger than %zu bytes", path, max);
        ok = 0;
    }
    /* A file's known size is allocated at once; a stream's buffer grows
     * by doubling, never past want. */
    size_t cap = size != SIZE_MAX && size < want ? size + 1 : (size_t)64 * 1024;
    if (cap > want)
        cap = want;
    char *data = ok ? malloc(cap) : NULL;
    size_t len = 0;
    if (ok && data == NULL) {
        cli_error("%s: out of memory", path);
        ok = 0;
    }
    while (ok && len < want) {
        if (len == cap) {
            size_t next = cap <= want / 2 ? cap * 2 : want;
            char *grown = realloc(data, next);
            if (grown == NULL) {
                cli_error("%s: out of memory", path);
                ok = 0;
                break;
            }
            data = grown;
            cap = next;
        }
        errno = 0; /* what fread sets, not what an fseek left */
        size_t n = fread(data + len, 1, cap - len, f);
        len += n;
        if (n == 0) {
            if (ferror(f)) {
                cli_error("%s: %s", path,
                          errno ? strerror(errno) : "read error");
                ok = 0;
            }
            break;
        }
    }
    if (ok && open != NULL && len == want)
        *open = f;
    else if (!is_stdin)
        (void)fclose(f); /* read only: closing cannot lose data */
    if (!ok) {
        free(data);
        return 0;
    }
    if (len == want)
        *rest =
            size != SIZE_MAX && size >= len ? size - len : ROBOTS_NOT_COUNTED;
    out->data = data;
    out->len = len;
    return 1;
}

int cli_read_prefix(const char *path, size_t max, cli_buffer *out,
                    size_t *rest) {
    return read_bounded(path, max, 0, out, rest, NULL);
}

int cli_read_file(const char *path, size_t max, cli_buffer *out) {
    size_t rest;
    if (!read_bounded(path, max, 1, out, &rest, NULL))
        return 0;
    if (out->len > max) {
        cli_error("%s: larger than %zu bytes", path, max);
        cli_buffer_free(out);
        return 0;
    }
    return 1;
}

int cli_load_robots(const char *path, const robots_options *options,
                    robots_txt **doc, cli_buffer *keep, robots_cut_info *cut) {
    size_t limit = options->parse_limit;
    cli_buffer body;
    size_t rest = 0;
    FILE *open = NULL;
    *doc = NULL;
    if (keep != NULL) {
        keep->data = NULL;
        keep->len = 0;
    }
    /* The parse needs the limit and the bytes that say where the first
     * line not read starts (robots_parse_prefix()), and one more byte
     * says whether the file goes on; with no limit, all of the file up
     * to the most the library parses at all. */
    int prefix = limit != 0 &&
                 limit <= ROBOTS_MAX_INPUT_BYTES - ROBOTS_PARSE_LOOKAHEAD_BYTES;
    size_t want =
        prefix ? limit + ROBOTS_PARSE_LOOKAHEAD_BYTES : ROBOTS_MAX_INPUT_BYTES;
    if (!(prefix ? read_bounded(path, want, 0, &body, &rest, &open)
                 : cli_read_file(path, want, &body)))
        return 0;
    size_t len = body.len, after = rest;
    if (len > want && (rest != 0 || len > ROBOTS_MAX_INPUT_BYTES)) {
        /* The byte that showed that the file goes on is counted with the
         * rest, so the prefix is never more than the library parses at
         * all, whatever the limit. */
        len = want;
        rest = rest >= ROBOTS_NOT_COUNTED - 1 ? ROBOTS_NOT_COUNTED : rest + 1;
    }
    robots_status status =
        robots_parse_prefix(body.data, len, rest, options, doc);
    if (status == ROBOTS_OK && cut != NULL)
        cli_count_cut(*doc, open, body.data, body.len, after, cut);
    if (open != NULL && open != stdin)
        (void)fclose(open); /* read only: closing cannot lose data */
    if (status == ROBOTS_OK && keep != NULL)
        *keep = body;
    else
        cli_buffer_free(&body);
    if (status != ROBOTS_OK) {
        cli_error("%s: %s", path, robots_status_message(status));
        return 0;
    }
    return 1;
}

int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value) {
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        cli_error("option %s needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

int cli_profile(const char *name, robots_profile *out) {
    if (robots_profile_from_name(name, strlen(name), out) == ROBOTS_OK)
        return 1;
    cli_error("unknown profile '%s' (rfc9309, google or legacy)", name);
    return 0;
}

int cli_parse_option(int argc, char **argv, int *i, robots_options *options) {
    const char *value = NULL;
    int r = cli_option_value(argc, argv, i, "--profile", &value);
    if (r != 0)
        return r < 0 || !cli_profile(value, &options->profile) ? -1 : 1;
    r = cli_option_value(argc, argv, i, "--parse-limit", &value);
    if (r == 0)
        return 0;
    if (r < 0)
        return -1;
    switch (cli_size(value, ROBOTS_MAX_INPUT_BYTES, &options->parse_limit)) {
    case CLI_NUMBER_OK:
        break;
    case CLI_NUMBER_TOO_LARGE:
        cli_error("--parse-limit: '%s' is over the maximum of %zu bytes "
                  "(ROBOTS_MAX_INPUT_BYTES)",
                  value, (size_t)ROBOTS_MAX_INPUT_BYTES);
        return -1;
    case CLI_NUMBER_INVALID:
    default:
        cli_error("--parse-limit: '%s' is not a number of bytes", value);
        return -1;
    }
    return 1;
}

enum cli_opt cli_command_option(int argc, char **argv, int *i,
                                const char *command, const char *usage,
                                robots_options *options, int *rc) {
    const char *arg = argv[*i];
    int r;
    *rc = EXIT_USAGE;
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        fputs(usage, stdout);
        *rc = 0;
        return CLI_OPT_EXIT;
    }
    if ((r = cli_parse_option(argc, argv, i, options)) != 0)
        return r > 0 ? CLI_OPT_NEXT : CLI_OPT_EXIT;
    if (strcmp(arg, "--") == 0) {
        ++*i;
        return CLI_OPT_ARGS;
    }
    if (arg[0] == '-' && arg[1] != '\0') {
        cli_error("%s: unknown option '%s' (see robots %s --help)", command,
                  arg, command);
        return CLI_OPT_EXIT;
    }
    return CLI_OPT_ARGS;
}

int cli_missing_file(const char *command) {
    return cli_error("%s: missing ROBOTS_FILE (see robots %s --help)", command,
                     command);
}

cli_number cli_size(const char *text, size_t max, size_t *out) {
    size_t value = 0;
    int over = 0;
    if (*text == '\0')
        return CLI_NUMBER_INVALID;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return CLI_NUMBER_INVALID;
        size_t digit = (size_t)(*p - '0');
        if (over || value > (max - digit) / 10)
            over = 1; /* read on: "12x" is still not a number */
        else
            value = value * 10 + digit;
    }
    if (over)
        return CLI_NUMBER_TOO_LARGE;
    *out = value;
    return CLI_NUMBER_OK;
}

/* Length of the UTF-8 sequence at s (1 to 4), or 0 if it is not one. */
static size_t utf8_sequence(const unsigned char *s, size_t len) {
    unsigned char c = s[0];
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80;
        hi = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        lo = c == 0xF0 ? 0x90 : 0x80;
        hi = c == 0xF4 ? 0x8F : 0xBF;
    } else
        return 0;
    if (len < n || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < n; k++)
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    return n;
}

void cli_writer_init(cli_writer *w, FILE *file, char *buf, size_t cap) {
    /* Never a null buf: even buf + 0 on one is undefined. */
    static char unbuffered[1];
    w->file = file;
    w->buf = buf != NULL ? buf : unbuffered;
    w->len = 0;
    w->cap = buf != NULL ? cap : 0;
}

void cli_writer_flush(cli_writer *w) {
    if (w->len > 0)
        fwrite(w->buf, 1, w->len, w->file);
    w->len = 0;
}

void cli_put_slow(cli_writer *w, const char *s, size_t len) {
    cli_writer_flush(w);
    if (len >= w->cap) {
        fwrite(s, 1, len, w->file);
        return;
    }
    memcpy(w->buf, s, len);
    w->len = len;
}

void cli_put_size(cli_writer *w, size_t value) {
    char digits[24];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + value % 10);
        value /= 10;
    } while (value != 0);
    cli_put(w, digits + n, sizeof digits - n);
}

/* A byte copied as it is: printable ASCII, and for JSON not '"' or '\\'. */
static int plain_byte(unsigned char c, int json) {
    return c >= 0x20 && c < 0x7F && !(json && (c == '"' || c == '\\'));
}

/* The plain bytes at the start of s, 8 at a time while all 8 are. Each
 * test sets a byte's top bit for some byte of the word exactly when one
 * is: below 0x20 (minus 0x20 borrows into a clear top bit), above 0x7E
 * (plus 1 reaches 0x80, or the top bit was set already), or, for JSON,
 * equal to '"' or '\\' (the xor is zero). */
static size_t plain_run(const unsigned char *s, size_t len, int json) {
    const uint64_t ones = 0x0101010101010101u, tops = 0x8080808080808080u;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        uint64_t bad = ((x - 0x20 * ones) & ~x) | (x + ones) | x;
        if (json) {
            uint64_t q = x ^ ('"' * ones), b = x ^ ('\\' * ones);
            bad |= ((q - ones) & ~q) | ((b - ones) & ~b);
        }
        if (bad & tops)
            break;
    }
    while (i < len && plain_byte(s[i], json))
        i++;
    return i;
}

static const char hex_upper[] = "0123456789ABCDEF";
static const char hex_lower[] = "0123456789abcdef";

void cli_put_json_string(cli_writer *w, const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    cli_put_char(w, '"');
    for (size_t i = 0; i < len;) {
        size_t run = plain_run(u + i, len - i, 1);
        if (run > 0) {
            cli_put(w, s + i, run);
            i += run;
            continue;
        }
        unsigned char c = u[i];
        if (c == '"' || c == '\\') {
            char pair[2] = {'\\', (char)c};
            cli_put(w, pair, 2);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            switch (c) {
            case '\n':
                cli_put(w, "\\n", 2);
                break;
            case '\r':
                cli_put(w, "\\r", 2);
                break;
            case '\t':
                cli_put(w, "\\t", 2);
                break;
            default: {
                char code[6] = "\\u00";
                code[4] = hex_lower[c >> 4];
                code[5] = hex_lower[c & 15];
                cli_put(w, code, 6);
            }
            }
            i++;
        } else {
            size_t n = utf8_sequence(u + i, len - i);
            if (n == 0) {
                cli_put(w, "\\ufffd", 6);
                i++;
            } else {
                cli_put(w, s + i, n);
                i += n;
            }
        }
    }
    cli_put_char(w, '"');
}

/* The FILE forms of the writer's escapes, for commands that print little. */
static void put_to_file(FILE *out, const char *s, size_t len,
                        void (*put)(cli_writer *, const char *, size_t)) {
    char buf[512];
    cli_writer w;
    cli_writer_init(&w, out, buf, sizeof buf);
    put(&w, s, len);
    cli_writer_flush(&w);
}

void cli_json_string(FILE *out, const char *s, size_t len) {
    put_to_file(out, s, len, cli_put_json_string);
}

size_t cli_safe_char(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    if (len == 0 || u[0] < 0x20 || u[0] == 0x7F)
        return 0;
    size_t n = utf8_sequence(u, len);
    /* C1 controls (U+0080-U+009F): some terminals obey them as they do
     * ESC sequences (U+009B is CSI). */
    if (n == 2 && u[0] == 0xC2 && u[1] <= 0x9F)
        return 0;
    /* Bidirectional embeddings, overrides and isolates (U+202A-U+202E,
     * U+2066-U+2069) make a terminal show text in another order than it
     * is read. */
    if (n == 3 && u[0] == 0xE2 &&
        ((u[1] == 0x80 && u[2] >= 0xAA && u[2] <= 0xAE) ||
         (u[1] == 0x81 && u[2] >= 0xA6 && u[2] <= 0xA9)))
        return 0;
    return n;
}

void cli_put_escaped(cli_writer *w, const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    size_t run = 0;
    for (size_t i = 0; i < len;) {
        /* Printable ASCII, nearly every byte of a URL, is safe as it is:
         * only the other bytes need cli_safe_char()'s look. */
        i += plain_run(u + i, len - i, 0);
        if (i == len)
            break;
        size_t n = cli_safe_char(s + i, len - i);
        if (n != 0) {
            i += n;
            continue;
        }
        if (i > run)
            cli_put(w, s + run, i - run);
        char code[4] = {'\\', 'x', hex_upper[u[i] >> 4], hex_upper[u[i] & 15]};
        cli_put(w, code, 4);
        i++;
        run = i;
    }
    if (len > run)
        cli_put(w, s + run, len - run);
}

void cli_print_escaped(FILE *out, const char *s, size_t len) {
    put_to_file(out, s, len, cli_put_escaped);
}

const char *cli_plural(size_t n) {
    return n == 1 ? "" : "s";
}

const char *cli_cut_unread(char *buf, size_t cap, const robots_cut_info *cut) {
    if (cut->lines_not_read != ROBOTS_NOT_COUNTED)
        snprintf(buf, cap, "%zu line%s (%zu byte%s)", cut->lines_not_read,
                 cli_plural(cut->lines_not_read), cut->bytes_not_read,
                 cli_plural(cut->bytes_not_read));
    else if (cut->bytes_not_read != ROBOTS_NOT_COUNTED)
        snprintf(buf, cap, "the rest of the file (%zu byte%s)",
                 cut->bytes_not_read, cli_plural(cut->bytes_not_read));
    else
        snprintf(buf, cap, "the rest of the file");
    return buf;
}

void cli_warn_cut(const char *path, const robots_cut_info *cut) {
    char unread[CLI_CUT_UNREAD_BYTES];
    if (!cut->truncated)
        return;
    /* Through cli_error(), which prints any message (its status is not
     * this one's): the path is the user's, and may be long. */
    (void)cli_error("warning: %s: the parse limit of %zu bytes cut the file "
                    "at line %zu (byte %zu): %s not read; --parse-limit 0 "
                    "reads the whole file",
                    path, cut->limit, cut->line, cut->offset,
                    cli_cut_unread(unread, sizeof unread, cut));
}
