/*
 * util.c - shared plumbing of the `robots` command: reading files and stdin
 * with a size bound, option values, numbers, JSON and terminal escaping.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_error(const char *fmt, ...) {
    va_list args;
    fputs("robots: ", stderr);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

void cli_buffer_free(cli_buffer *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->len = 0;
}

int cli_read_file(const char *path, size_t max, cli_buffer *out) {
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    out->data = NULL;
    out->len = 0;
    if (f == NULL) {
        cli_error("%s: %s", path, strerror(errno));
        return 0;
    }
    size_t cap = 64 * 1024;
    char *data = malloc(cap);
    int ok = data != NULL;
    size_t len = 0;
    while (ok) {
        if (len == cap) {
            if (cap > max) {
                cli_error("%s: larger than %zu bytes", path, max);
                ok = 0;
                break;
            }
            size_t next = cap * 2;
            char *grown = realloc(data, next);
            if (grown == NULL) {
                ok = 0;
                cli_error("%s: out of memory", path);
                break;
            }
            data = grown;
            cap = next;
        }
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
    if (data == NULL)
        cli_error("%s: out of memory", path);
    if (!is_stdin)
        fclose(f);
    if (ok && len > max) {
        cli_error("%s: larger than %zu bytes", path, max);
        ok = 0;
    }
    if (!ok) {
        free(data);
        return 0;
    }
    out->data = data;
    out->len = len;
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
    if (!cli_size(value, ROBOTS_MAX_INPUT_BYTES, &options->parse_limit)) {
        cli_error("--parse-limit: '%s' is not a number of bytes", value);
        return -1;
    }
    return 1;
}

int cli_size(const char *text, size_t max, size_t *out) {
    size_t value = 0;
    if (*text == '\0')
        return 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        size_t digit = (size_t)(*p - '0');
        if (value > (max - digit) / 10)
            return 0;
        value = value * 10 + digit;
    }
    *out = value;
    return 1;
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

void cli_json_string(FILE *out, const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    putc('"', out);
    for (size_t i = 0; i < len;) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') {
            putc('\\', out);
            putc(c, out);
            i++;
        } else if (c < 0x20 || c == 0x7F) {
            switch (c) {
            case '\n':
                fputs("\\n", out);
                break;
            case '\r':
                fputs("\\r", out);
                break;
            case '\t':
                fputs("\\t", out);
                break;
            default:
                fprintf(out, "\\u%04x", c);
            }
            i++;
        } else {
            size_t n = utf8_sequence(u + i, len - i);
            if (n == 0) {
                fputs("\\ufffd", out);
                i++;
            } else {
                fwrite(u + i, 1, n, out);
                i += n;
            }
        }
    }
    putc('"', out);
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

void cli_print_escaped(FILE *out, const char *s, size_t len) {
    /* Safe characters are written in runs, one fwrite each: check's batch
     * mode prints every URL through here. */
    size_t run = 0;
    for (size_t i = 0; i < len;) {
        size_t n = cli_safe_char(s + i, len - i);
        if (n != 0) {
            i += n;
            continue;
        }
        if (i > run)
            fwrite(s + run, 1, i - run, out);
        fprintf(out, "\\x%02X", (unsigned char)s[i]);
        i++;
        run = i;
    }
    if (len > run)
        fwrite(s + run, 1, len - run, out);
}
