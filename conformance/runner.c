/* SPDX-License-Identifier: MIT */
/*
 * robots-conformance - runs the JSON files of conformance/cases/ against
 * librobots (in-process), against any program that speaks google/robotstxt's
 * robots_main protocol (--command, one process per case), or against an
 * adapter that speaks the batch protocol (--batch-command, batch.h: one
 * process for the whole run).
 *
 * It also runs the usage cases of conformance/cases-aipref/ (kind usage:
 * robots_usage() in-process, protocol 2's usage query through an adapter).
 *
 * A malformed case never crashes the runner: it is reported with its file
 * and id and counted as a failure. The last line is always
 * "N passed, N failed, N skipped"; the exit status is 1 on any failure,
 * 2 on a usage error.
 */
#define _POSIX_C_SOURCE 200809L

#include <cjson/cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "batch.h"
#include "robots.h"
#include "robots_usage.h"
#include "robots_web.h"
#include "show.h"
#include "usage_answer.h"

#ifndef CONFORMANCE_CASES_DIR
#define CONFORMANCE_CASES_DIR "conformance/cases"
#endif
/* The usage cases (kind usage) of the AI usage preferences; their other
 * kinds read one statement with the library's internal functions and are
 * robots-aipref-conformance's. */
#ifndef CONFORMANCE_AIPREF_DIR
#define CONFORMANCE_AIPREF_DIR "conformance/cases-aipref"
#endif
/* Field lines of a usage case's content_usage_header read at most. */
#define USAGE_MAX_HEADER_LINES 64

#define MSG_CAP 2048

enum outcome { OUT_PASS = 0, OUT_FAIL = 1, OUT_SKIP = 2 };

static const char *const profile_names[3] = {"rfc9309", "google", "legacy"};

/* One result per (case, profile). */
typedef struct result {
    char *id;
    char *topic;
    char *source; /* label: seed-000, rfc9309, decision */
    char *kind;
    int profile; /* -1 when the case could not be read at all */
    enum outcome outcome;
    char *message;
    const char *problem; /* --batch-command: batch_problem_name(), or NULL */
} result;

typedef struct options {
    const char *cases_dir;
    const char *aipref_dir; /* "none": not read */
    const char *command;
    const char *batch_command;
    unsigned batch_timeout_ms;
    int ask_once;       /* --ask-once: one query per case for every profile */
    int batch_protocol; /* --batch-protocol: 1, or 2 with usage queries */
    const char *junit;
    const char *json;
    const char *corpus;
    const char *id;
    const char *topic;
    const char *source;
    const char *kind;
    int profiles[3];
    int verbose;
} options;

typedef struct run_state {
    options opt;
    result *results;
    size_t count;
    size_t cap;
    size_t passed, failed, skipped;
    int out_of_memory;
    batch_adapter *adapter; /* --batch-command */
} run_state;

/* A growable byte buffer. */
typedef struct buf {
    char *data;
    size_t len;
    size_t cap;
} buf;

static int buf_reserve(buf *b, size_t more) {
    size_t need;
    char *p;
    if (more > (size_t)-1 - b->len - 1)
        return -1;
    need = b->len + more + 1;
    if (need <= b->cap)
        return 0;
    if (need < 2 * b->cap)
        need = 2 * b->cap;
    p = realloc(b->data, need);
    if (p == NULL)
        return -1;
    b->data = p;
    b->cap = need;
    return 0;
}

static int buf_add(buf *b, const void *data, size_t len) {
    if (buf_reserve(b, len) != 0)
        return -1;
    if (len > 0)
        memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
    return 0;
}

static int buf_adds(buf *b, const char *s) {
    return buf_add(b, s, strlen(s));
}

static void buf_free(buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}

static void append(char *msg, const char *fmt, ...) {
    size_t used = strlen(msg);
    va_list ap;
    if (used + 1 >= MSG_CAP)
        return;
    va_start(ap, fmt);
    vsnprintf(msg + used, MSG_CAP - used, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------ JSON input */

static int hexval(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int add_hex(buf *b, const char *hex, char *err) {
    int hi = -1;
    for (; *hex; hex++) {
        int v;
        if (*hex == ' ' || *hex == '\n' || *hex == '\t')
            continue;
        v = hexval((unsigned char)*hex);
        if (v < 0) {
            append(err, "bad hex digit '%c'", *hex);
            return -1;
        }
        if (hi < 0) {
            hi = v;
        } else {
            char c = (char)(hi * 16 + v);
            if (buf_add(b, &c, 1) != 0) {
                append(err, "out of memory");
                return -1;
            }
            hi = -1;
        }
    }
    if (hi >= 0) {
        append(err, "odd number of hex digits");
        return -1;
    }
    return 0;
}

/* A generator: an array of strings, {"repeat": s, "times": n}, {"hex"}. */
static int add_gen(buf *b, const cJSON *gen, char *err) {
    const cJSON *part;
    if (!cJSON_IsArray(gen)) {
        append(err, "a generator must be an array");
        return -1;
    }
    cJSON_ArrayForEach(part, gen) {
        if (cJSON_IsString(part)) {
            if (buf_adds(b, part->valuestring) != 0) {
                append(err, "out of memory");
                return -1;
            }
        } else if (cJSON_IsObject(part)) {
            const cJSON *rep = cJSON_GetObjectItemCaseSensitive(part, "repeat");
            const cJSON *times =
                cJSON_GetObjectItemCaseSensitive(part, "times");
            const cJSON *hex = cJSON_GetObjectItemCaseSensitive(part, "hex");
            if (cJSON_IsString(rep) && cJSON_IsNumber(times) &&
                times->valuedouble >= 0 && times->valuedouble <= 1e8) {
                size_t n = (size_t)times->valuedouble, k;
                size_t rl = strlen(rep->valuestring);
                if (rl > 0 && n > ((size_t)1 << 30) / rl) {
                    append(err, "generator part too large");
                    return -1;
                }
                if (buf_reserve(b, rl * n) != 0) {
                    append(err, "out of memory");
                    return -1;
                }
                for (k = 0; k < n; k++)
                    buf_add(b, rep->valuestring, rl);
            } else if (cJSON_IsString(hex)) {
                if (add_hex(b, hex->valuestring, err) != 0)
                    return -1;
            } else {
                append(err, "unknown generator part");
                return -1;
            }
        } else {
            append(err, "unknown generator part");
            return -1;
        }
    }
    return 0;
}

/* Reads field `name` or `name_gen` of obj into b. Returns 1 when found,
 * 0 when absent, -1 when malformed. */
static int get_bytes(const cJSON *obj, const char *name, buf *b, char *err) {
    char gname[64];
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, name);
    if (it != NULL) {
        if (!cJSON_IsString(it)) {
            append(err, "field %s must be a string", name);
            return -1;
        }
        if (buf_adds(b, it->valuestring) != 0) {
            append(err, "out of memory");
            return -1;
        }
        return 1;
    }
    snprintf(gname, sizeof gname, "%s_gen", name);
    it = cJSON_GetObjectItemCaseSensitive(obj, gname);
    if (it != NULL)
        return add_gen(b, it, err) == 0 ? 1 : -1;
    return 0;
}

/* The case's robots.txt body (empty when it has none). */
static int get_body(const cJSON *c, buf *b, char *err) {
    const cJSON *hex = cJSON_GetObjectItemCaseSensitive(c, "robots_hex");
    const cJSON *len = cJSON_GetObjectItemCaseSensitive(c, "robots_length");
    int r;
    if (buf_add(b, "", 0) != 0) {
        append(err, "out of memory");
        return -1;
    }
    if (hex != NULL) {
        if (!cJSON_IsString(hex)) {
            append(err, "robots_hex must be a string");
            return -1;
        }
        r = add_hex(b, hex->valuestring, err);
    } else {
        r = get_bytes(c, "robots", b, err) < 0 ? -1 : 0;
    }
    if (r == 0 && len != NULL &&
        (!cJSON_IsNumber(len) || len->valuedouble != (double)b->len)) {
        append(err, "robots_length does not match the generated body (%zu)",
               b->len);
        return -1;
    }
    return r;
}

static const char *get_string(const cJSON *o, const char *name) {
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(it) ? it->valuestring : NULL;
}

/* "seed-000", "rfc9309", "decision"; and a description for messages. */
static void source_label(const cJSON *src, char *label, size_t lcap, char *desc,
                         size_t dcap) {
    const char *seed = get_string(src, "seed");
    const char *dec = get_string(src, "decision");
    const cJSON *item;
    snprintf(label, lcap, "unknown");
    snprintf(desc, dcap, "?");
    if (seed != NULL) {
        snprintf(label, lcap, "seed-%s", seed);
        snprintf(desc, dcap, "seed %s %s", seed,
                 get_string(src, "section") ? get_string(src, "section") : "");
    } else if (get_string(src, "draft") != NULL) {
        /* cases-aipref/: "draft-ietf-aipref-attach-05" and its section. */
        snprintf(label, lcap, "draft");
        snprintf(desc, dcap, "%s section %s", get_string(src, "draft"),
                 get_string(src, "section") ? get_string(src, "section") : "?");
    } else if (cJSON_GetObjectItemCaseSensitive(src, "rfc") != NULL) {
        const cJSON *rfc = cJSON_GetObjectItemCaseSensitive(src, "rfc");
        int number = cJSON_IsNumber(rfc) ? rfc->valueint : 9309;
        snprintf(label, lcap, "rfc%d", number);
        snprintf(desc, dcap, "RFC %d section %s", number,
                 get_string(src, "section") ? get_string(src, "section") : "?");
    } else if (dec != NULL) {
        snprintf(label, lcap, "decision");
        snprintf(desc, dcap, "decision: %s", dec);
        return;
    } else {
        return;
    }
    if ((item = cJSON_GetObjectItemCaseSensitive(src, "table")) != NULL &&
        cJSON_IsString(item)) {
        size_t n = strlen(desc);
        snprintf(desc + n, dcap - n, ", %s", item->valuestring);
    }
    if ((item = cJSON_GetObjectItemCaseSensitive(src, "figure")) != NULL &&
        cJSON_IsNumber(item)) {
        size_t n = strlen(desc);
        snprintf(desc + n, dcap - n, ", figure %d", item->valueint);
    }
    if ((item = cJSON_GetObjectItemCaseSensitive(src, "row")) != NULL) {
        size_t n = strlen(desc);
        if (cJSON_IsNumber(item))
            snprintf(desc + n, dcap - n, ", row %d", item->valueint);
        else if (cJSON_IsString(item))
            snprintf(desc + n, dcap - n, ", row %s", item->valuestring);
    }
    if ((item = cJSON_GetObjectItemCaseSensitive(src, "item")) != NULL &&
        cJSON_IsString(item)) {
        size_t n = strlen(desc);
        snprintf(desc + n, dcap - n, ", %s", item->valuestring);
    }
}

/* ------------------------------------------------------ checking a case */

typedef struct ctx {
    const cJSON *c;
    const cJSON *input;
    const cJSON *expect; /* this profile's expectation */
    robots_profile profile;
    const buf *body;
    const options *opt;
    batch_adapter *adapter; /* --batch-command */
    const char **problem;   /* set by run_batch */
    batch_reply *asked;     /* --ask-once: this case's reply, once asked */
    int *has_asked;
    char *expected; /* MSG_CAP each */
    char *got;
    char *evidence;
    char *err; /* malformed case */
} ctx;

static int parse_doc(const ctx *x, robots_txt **doc) {
    robots_options o;
    const cJSON *opts = cJSON_GetObjectItemCaseSensitive(x->c, "options");
    robots_status st;
    robots_options_init(&o);
    o.profile = x->profile;
    if (opts != NULL) {
        const cJSON *pl = cJSON_GetObjectItemCaseSensitive(opts, "parse_limit");
        if (pl != NULL) {
            if (!cJSON_IsNumber(pl) || pl->valuedouble < 0) {
                append(x->err, "options.parse_limit must be a number >= 0");
                return -1;
            }
            o.parse_limit = (size_t)pl->valuedouble;
        }
    }
    st = robots_parse(x->body->data, x->body->len, &o, doc);
    if (st != ROBOTS_OK) {
        append(x->got, "robots_parse failed: %s", robots_status_name(st));
        return 1;
    }
    return 0;
}

/* Agents of the input: "agent" or "agents". */
static int get_agents(const ctx *x, robots_str *agents, size_t cap, size_t *n) {
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(x->input, "agent");
    const cJSON *as = cJSON_GetObjectItemCaseSensitive(x->input, "agents");
    const cJSON *it;
    *n = 0;
    if (cJSON_IsString(a)) {
        agents[0].ptr = a->valuestring;
        agents[0].len = strlen(a->valuestring);
        *n = 1;
        return 0;
    }
    if (!cJSON_IsArray(as)) {
        append(x->err, "input needs agent or agents");
        return -1;
    }
    cJSON_ArrayForEach(it, as) {
        if (!cJSON_IsString(it)) {
            append(x->err, "agents must be strings");
            return -1;
        }
        if (*n == cap) {
            append(x->err, "too many agents for the runner (%zu)", cap);
            return -1;
        }
        agents[*n].ptr = it->valuestring;
        agents[*n].len = strlen(it->valuestring);
        (*n)++;
    }
    return 0;
}

static int expect_bool(const ctx *x, const char *name, int *out) {
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(x->expect, name);
    if (it == NULL)
        return 0;
    if (!cJSON_IsBool(it)) {
        append(x->err, "expect.%s must be true or false", name);
        return -1;
    }
    *out = cJSON_IsTrue(it);
    return 1;
}

#define AGENTS_CAP 128

static enum outcome run_verdict(const ctx *x) {
    robots_str agents[AGENTS_CAP];
    size_t n = 0;
    buf url = {0};
    robots_txt *doc = NULL;
    robots_verdict v;
    robots_status st;
    const char *exp_err = get_string(x->expect, "error");
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(x->expect, "line");
    const char *reason = get_string(x->expect, "reason");
    const char *pattern = get_string(x->expect, "pattern");
    int allowed = 0, has_allowed, r, truncated = 0, has_truncated;
    enum outcome out = OUT_FAIL;
    char shown[256];

    if (get_agents(x, agents, AGENTS_CAP, &n) != 0 ||
        get_bytes(x->input, "url", &url, x->err) != 1) {
        if (x->err[0] == '\0')
            append(x->err, "input needs url or url_gen");
        buf_free(&url);
        return OUT_FAIL;
    }
    has_allowed = expect_bool(x, "allowed", &allowed);
    has_truncated = expect_bool(x, "truncated", &truncated);
    if (has_allowed < 0 || has_truncated < 0 ||
        (has_allowed == 0 && exp_err == NULL)) {
        if (x->err[0] == '\0')
            append(x->err, "expect needs allowed or error");
        buf_free(&url);
        return OUT_FAIL;
    }
    r = parse_doc(x, &doc);
    if (r != 0) {
        buf_free(&url);
        return OUT_FAIL;
    }
    st = robots_check(doc, agents, n, url.data, url.len, &v);
    if (exp_err != NULL) {
        append(x->expected, "status %s", exp_err);
        append(x->got, "status %s", robots_status_name(st));
        out =
            strcmp(exp_err, robots_status_name(st)) == 0 ? OUT_PASS : OUT_FAIL;
        goto done;
    }
    append(x->expected, "%s", allowed ? "allowed" : "disallowed");
    if (cJSON_IsNumber(line))
        append(x->expected, ", line %d", line->valueint);
    if (reason != NULL)
        append(x->expected, ", reason %s", reason);
    if (pattern != NULL) {
        show_bytes(shown, sizeof shown, pattern, strlen(pattern));
        append(x->expected, ", pattern '%s'", shown);
    }
    if (has_truncated)
        append(x->expected, ", %s", truncated ? "truncated" : "not truncated");
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    append(x->got, "%s", v.allowed ? "allowed" : "disallowed");
    append(x->evidence, "reason %s", robots_reason_name(v.reason));
    if (v.rule != ROBOTS_NO_POSITION) {
        show_bytes(shown, sizeof shown, v.rule_pattern, v.rule_pattern_len);
        append(x->evidence, ", line %zu, rule %s '%s'", v.rule_line,
               robots_rule_kind_name(v.rule_kind), shown);
    }
    append(x->evidence, ", %s group", v.specific ? "specific" : "* or no");
    out = OUT_PASS;
    if ((v.allowed != 0) != (allowed != 0))
        out = OUT_FAIL;
    if (cJSON_IsNumber(line) && (double)v.rule_line != line->valuedouble) {
        append(x->got, ", line %zu", v.rule_line);
        out = OUT_FAIL;
    }
    if (reason != NULL && strcmp(reason, robots_reason_name(v.reason)) != 0) {
        append(x->got, ", reason %s", robots_reason_name(v.reason));
        out = OUT_FAIL;
    }
    if (pattern != NULL &&
        (v.rule == ROBOTS_NO_POSITION ||
         v.rule_pattern_len != strlen(pattern) ||
         memcmp(v.rule_pattern, pattern, v.rule_pattern_len) != 0)) {
        append(x->got, ", another pattern");
        out = OUT_FAIL;
    }
    if (has_truncated && (v.truncated != 0) != (truncated != 0)) {
        append(x->got, ", %s", v.truncated ? "truncated" : "not truncated");
        out = OUT_FAIL;
    }
done:
    robots_free(doc);
    buf_free(&url);
    return out;
}

static enum outcome run_match(const ctx *x) {
    buf pat = {0}, path = {0};
    int want = 0, got = 0;
    enum outcome out = OUT_FAIL;
    robots_status st;
    char a[256], b[256];
    if (get_bytes(x->input, "pattern", &pat, x->err) != 1 ||
        get_bytes(x->input, "path", &path, x->err) != 1 ||
        expect_bool(x, "match", &want) != 1) {
        if (x->err[0] == '\0')
            append(x->err, "needs input.pattern, input.path, expect.match");
        goto done;
    }
    show_bytes(a, sizeof a, pat.data, pat.len);
    show_bytes(b, sizeof b, path.data, path.len);
    append(x->expected, "'%s' %s '%s'", a, want ? "matches" : "does not match",
           b);
    st = robots_match_path(x->profile, pat.data, pat.len, path.data, path.len,
                           &got);
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    append(x->got, "%s", got ? "match" : "no match");
    out = (got != 0) == (want != 0) ? OUT_PASS : OUT_FAIL;
done:
    buf_free(&pat);
    buf_free(&path);
    return out;
}

/* Compares a written string with the expectation field `name`, or checks
 * that `invalid: true` got an error. */
static enum outcome check_text_or_invalid(const ctx *x, const char *name,
                                          robots_status st, const char *text,
                                          size_t len) {
    const char *want = get_string(x->expect, name);
    int invalid = 0;
    char shown[512];
    if (expect_bool(x, "invalid", &invalid) < 0)
        return OUT_FAIL;
    if (want == NULL && !invalid) {
        append(x->err, "expect needs %s or invalid", name);
        return OUT_FAIL;
    }
    if (invalid) {
        append(x->expected, "an error status");
        if (st == ROBOTS_OK) {
            show_bytes(shown, sizeof shown, text, len);
            append(x->got, "'%s'", shown);
            return OUT_FAIL;
        }
        append(x->got, "status %s", robots_status_name(st));
        return OUT_PASS;
    }
    show_bytes(shown, sizeof shown, want, strlen(want));
    append(x->expected, "'%s'", shown);
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        return OUT_FAIL;
    }
    show_bytes(shown, sizeof shown, text, len);
    append(x->got, "'%s'", shown);
    return (len == strlen(want) && memcmp(text, want, len) == 0) ? OUT_PASS
                                                                 : OUT_FAIL;
}

static enum outcome run_url_path(const ctx *x) {
    buf url = {0};
    char out[ROBOTS_MAX_URL_BYTES + 2];
    size_t needed = 0;
    robots_status st;
    enum outcome r;
    if (get_bytes(x->input, "url", &url, x->err) != 1) {
        append(x->err, "input needs url");
        buf_free(&url);
        return OUT_FAIL;
    }
    st = robots_url_to_path(x->profile, url.data, url.len, out, sizeof out,
                            &needed);
    r = check_text_or_invalid(x, "path", st, out, st == ROBOTS_OK ? needed : 0);
    buf_free(&url);
    return r;
}

static enum outcome run_group(const ctx *x) {
    robots_str agents[AGENTS_CAP];
    size_t n = 0, group = 0;
    int specific = 0, want_spec = 0, has_spec;
    robots_txt *doc = NULL;
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(x->expect, "line");
    robots_status st;
    enum outcome out = OUT_FAIL;
    size_t got_line = 0;
    if (get_agents(x, agents, AGENTS_CAP, &n) != 0)
        return OUT_FAIL;
    if (line == NULL || !(cJSON_IsNull(line) || cJSON_IsNumber(line))) {
        append(x->err, "expect.line must be a number or null");
        return OUT_FAIL;
    }
    has_spec = expect_bool(x, "specific", &want_spec);
    if (has_spec < 0 || parse_doc(x, &doc) != 0)
        return OUT_FAIL;
    if (cJSON_IsNull(line))
        append(x->expected, "no group");
    else
        append(x->expected, "group at line %d", line->valueint);
    if (has_spec)
        append(x->expected, " (%s)", want_spec ? "specific" : "*");
    st = robots_select_group(doc, agents, n, &group, &specific);
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    if (group == ROBOTS_NO_POSITION) {
        append(x->got, "no group");
    } else {
        robots_group_info gi;
        st = robots_group(doc, group, &gi);
        if (st != ROBOTS_OK) {
            append(x->got, "robots_group: %s", robots_status_name(st));
            goto done;
        }
        got_line = gi.line;
        append(x->got, "group at line %zu", got_line);
    }
    append(x->got, " (%s)", specific ? "specific" : "*");
    out = OUT_PASS;
    if (cJSON_IsNull(line) ? group != ROBOTS_NO_POSITION
                           : (group == ROBOTS_NO_POSITION ||
                              (double)got_line != line->valuedouble))
        out = OUT_FAIL;
    if (has_spec && (specific != 0) != (want_spec != 0))
        out = OUT_FAIL;
done:
    robots_free(doc);
    return out;
}

static enum outcome run_robots_url(const ctx *x) {
    buf url = {0};
    char out[ROBOTS_MAX_ROBOTS_URL_BYTES + 2];
    size_t needed = 0;
    robots_status st;
    enum outcome r;
    if (get_bytes(x->input, "url", &url, x->err) != 1) {
        append(x->err, "input needs url");
        buf_free(&url);
        return OUT_FAIL;
    }
    st = robots_url_to_robots_txt(url.data, url.len, out, sizeof out, &needed);
    r = check_text_or_invalid(x, "robots_url", st, out,
                              st == ROBOTS_OK ? needed : 0);
    buf_free(&url);
    return r;
}

static enum outcome run_scope(const ctx *x) {
    const char *rurl = get_string(x->input, "robots_url");
    buf url = {0};
    robots_scope sc;
    robots_status st;
    int want = 0, invalid = 0, has;
    enum outcome out = OUT_FAIL;
    if (rurl == NULL || get_bytes(x->input, "url", &url, x->err) != 1) {
        append(x->err, "input needs robots_url and url");
        goto done;
    }
    has = expect_bool(x, "applies", &want);
    if (has < 0 || expect_bool(x, "invalid", &invalid) < 0 ||
        (has == 0 && !invalid)) {
        append(x->err, "expect needs applies or invalid");
        goto done;
    }
    st = robots_scope_check(rurl, strlen(rurl), url.data, url.len, &sc);
    if (invalid) {
        append(x->expected, "an error status");
        append(x->got, "status %s", robots_status_name(st));
        out = st != ROBOTS_OK ? OUT_PASS : OUT_FAIL;
        goto done;
    }
    append(x->expected, "%s", want ? "applies" : "does not apply");
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    append(x->got, "%s", sc.applies ? "applies" : "does not apply");
    append(x->evidence, "%s", robots_scope_reason_name(sc.reason));
    out = (sc.applies != 0) == (want != 0) ? OUT_PASS : OUT_FAIL;
done:
    buf_free(&url);
    return out;
}

static enum outcome run_fetch_policy(const ctx *x) {
    robots_fetch_outcome in;
    robots_fetch_decision d;
    const cJSON *it;
    const char *want = get_string(x->expect, "action");
    const char *ne = get_string(x->input, "network_error");
    robots_status st;
    int cached = 0;
    memset(&in, 0, sizeof in);
    if (want == NULL) {
        append(x->err, "expect needs action");
        return OUT_FAIL;
    }
    if ((it = cJSON_GetObjectItemCaseSensitive(x->input, "status")) != NULL) {
        if (!cJSON_IsNumber(it)) {
            append(x->err, "input.status must be a number");
            return OUT_FAIL;
        }
        in.status = it->valueint;
    }
    if ((it = cJSON_GetObjectItemCaseSensitive(x->input, "redirects")) !=
        NULL) {
        if (!cJSON_IsNumber(it) || it->valuedouble < 0) {
            append(x->err, "input.redirects must be a number >= 0");
            return OUT_FAIL;
        }
        in.redirects = (unsigned)it->valuedouble;
    }
    if (ne != NULL && robots_network_error_from_name(
                          ne, strlen(ne), &in.network_error) != ROBOTS_OK) {
        append(x->err, "unknown network_error '%s'", ne);
        return OUT_FAIL;
    }
    if ((it = cJSON_GetObjectItemCaseSensitive(x->input, "unreachable_days")) !=
        NULL) {
        if (!cJSON_IsNumber(it) || it->valuedouble < 0 ||
            it->valuedouble > 1e6) {
            append(x->err, "input.unreachable_days out of range");
            return OUT_FAIL;
        }
        in.unreachable_seconds = (int64_t)(it->valuedouble * 86400.0);
    }
    if (expect_bool(x, "cached", &cached) < 0)
        return OUT_FAIL;
    it = cJSON_GetObjectItemCaseSensitive(x->input, "cached");
    in.has_cached_copy = cJSON_IsTrue(it) ? 1 : 0;
    append(x->expected, "%s", want);
    st = robots_fetch_policy(&in, x->profile, &d);
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        return OUT_FAIL;
    }
    append(x->got, "%s", robots_fetch_action_name(d.action));
    append(x->evidence, "basis %s%s%s", robots_fetch_basis_name(d.basis),
           d.retry ? ", retry" : "",
           d.long_unreachable ? ", long unreachable" : "");
    return strcmp(want, robots_fetch_action_name(d.action)) == 0 ? OUT_PASS
                                                                 : OUT_FAIL;
}

static enum outcome run_cache_lifetime(const ctx *x) {
    const cJSON *hs = cJSON_GetObjectItemCaseSensitive(x->input, "headers");
    const cJSON *want = cJSON_GetObjectItemCaseSensitive(x->expect, "seconds");
    const cJSON *h;
    buf block = {0};
    robots_cache_info info;
    robots_status st;
    enum outcome out = OUT_FAIL;
    if (!cJSON_IsArray(hs) || !cJSON_IsNumber(want)) {
        append(x->err, "needs input.headers (array) and expect.seconds");
        return OUT_FAIL;
    }
    cJSON_ArrayForEach(h, hs) {
        const cJSON *n = cJSON_GetArrayItem(h, 0),
                    *v = cJSON_GetArrayItem(h, 1);
        if (!cJSON_IsArray(h) || !cJSON_IsString(n) || !cJSON_IsString(v)) {
            append(x->err, "each header must be [name, value]");
            goto done;
        }
        if (buf_adds(&block, n->valuestring) || buf_adds(&block, ": ") ||
            buf_adds(&block, v->valuestring) || buf_adds(&block, "\r\n")) {
            append(x->err, "out of memory");
            goto done;
        }
    }
    if (buf_adds(&block, "\r\n") != 0) {
        append(x->err, "out of memory");
        goto done;
    }
    append(x->expected, "%.0f seconds", want->valuedouble);
    st = robots_cache_lifetime_from_block(x->profile, block.data, block.len,
                                          &info);
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    append(x->got, "%lld seconds", (long long)info.seconds);
    append(x->evidence, "from %s%s, malformed 0x%x",
           robots_cache_source_name(info.source), info.capped ? ", capped" : "",
           info.malformed);
    out = (double)info.seconds == want->valuedouble ? OUT_PASS : OUT_FAIL;
done:
    buf_free(&block);
    return out;
}

/* Does the JSON array of strings hold exactly the names whose bits are set?
 */
static int bits_equal(const ctx *x, const cJSON *arr, unsigned bits,
                      const char *(*name)(unsigned), unsigned top, char *got) {
    unsigned b;
    int equal = 1;
    const cJSON *it;
    size_t listed = 0;
    cJSON_ArrayForEach(it, arr) {
        int found = 0;
        if (!cJSON_IsString(it)) {
            append(x->err, "directive names must be strings");
            return 0;
        }
        listed++;
        for (b = 1; b <= top; b <<= 1)
            if ((bits & b) && name(b) && strcmp(name(b), it->valuestring) == 0)
                found = 1;
        if (!found)
            equal = 0;
    }
    for (b = 1; b <= top; b <<= 1) {
        if (bits & b) {
            append(got, "%s%s",
                   got[0] && got[strlen(got) - 1] != '[' ? "," : "",
                   name(b) ? name(b) : "?");
            if (listed-- == 0)
                equal = 0;
        }
    }
    if (listed != 0)
        equal = 0;
    return equal;
}

static int meta_text_equal(const cJSON *data, const char *key, int has,
                           const char *text, size_t len) {
    const char *want = get_string(data, key);
    if (want == NULL)
        return 1;
    return has && strlen(want) == len && memcmp(want, text, len) == 0;
}

static enum outcome run_meta(const ctx *x) {
    const char *html = get_string(x->input, "html");
    const cJSON *xrt =
        cJSON_GetObjectItemCaseSensitive(x->input, "x_robots_tag");
    const char *agent = get_string(x->input, "agent");
    const cJSON *restr =
        cJSON_GetObjectItemCaseSensitive(x->expect, "restrictions");
    const cJSON *confl =
        cJSON_GetObjectItemCaseSensitive(x->expect, "conflicts");
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(x->expect, "data");
    robots_meta_result *m;
    robots_status st = ROBOTS_OK;
    enum outcome out = OUT_FAIL;
    size_t alen = agent ? strlen(agent) : 0;
    char *exp_txt = x->expected;
    const cJSON *it;
    if (!cJSON_IsArray(restr) || (html == NULL && !cJSON_IsArray(xrt))) {
        append(x->err, "needs input.html or input.x_robots_tag, and "
                       "expect.restrictions");
        return OUT_FAIL;
    }
    m = malloc(sizeof *m);
    if (m == NULL) {
        append(x->err, "out of memory");
        return OUT_FAIL;
    }
    if (html != NULL) {
        st = robots_meta_scan_html(html, strlen(html), agent, alen, m);
    } else {
        robots_meta_result_init(m);
        cJSON_ArrayForEach(it, xrt) {
            if (!cJSON_IsString(it)) {
                append(x->err, "x_robots_tag values must be strings");
                goto done;
            }
            st = robots_meta_add_header(
                it->valuestring, strlen(it->valuestring), agent, alen, m);
            if (st != ROBOTS_OK)
                break;
        }
    }
    append(exp_txt, "restrictions [");
    cJSON_ArrayForEach(it, restr) {
        if (cJSON_IsString(it)) {
            append(exp_txt, "%s%s", it == restr->child ? "" : ",",
                   it->valuestring);
        }
    }
    append(exp_txt, "]");
    if (st != ROBOTS_OK) {
        append(x->got, "status %s", robots_status_name(st));
        goto done;
    }
    append(x->got, "restrictions [");
    out = bits_equal(x, restr, m->restrictions, robots_meta_restriction_name,
                     0x10u, x->got)
              ? OUT_PASS
              : OUT_FAIL;
    append(x->got, "]");
    if (confl != NULL) {
        if (!cJSON_IsArray(confl)) {
            append(x->err, "expect.conflicts must be an array");
            out = OUT_FAIL;
            goto done;
        }
        append(exp_txt, ", conflicts given");
        append(x->got, ", conflicts [");
        if (!bits_equal(x, confl, m->conflicts, robots_meta_conflict_name,
                        0x20u, x->got))
            out = OUT_FAIL;
        append(x->got, "]");
    }
    if (data != NULL) {
        append(exp_txt, ", Table 9-5 data");
        if (!meta_text_equal(data, "description", m->has_description,
                             m->description, m->description_len) ||
            !meta_text_equal(data, "keywords", m->has_keywords, m->keywords,
                             m->keywords_len) ||
            !meta_text_equal(data, "revisit-after", m->has_revisit_after,
                             m->revisit_after, m->revisit_after_len)) {
            append(x->got, ", other description/keywords/revisit-after");
            out = OUT_FAIL;
        }
    }
    append(x->evidence, "%zu tags applied, %zu for other agents",
           m->tags_applied, m->tags_other_agent);
done:
    free(m);
    return x->err[0] ? OUT_FAIL : out;
}

/* expect.cut: null when the parse limit cut nothing, else the first line
 * not read ({"offset", "line"}) and "lines_not_read", each compared when
 * given (robots_txt_cut()). 0 when it holds. */
static int check_cut(const ctx *x, const robots_txt *doc, const cJSON *cut) {
    static const char *const fields[] = {"offset", "line", "lines_not_read"};
    robots_cut_info info;
    int failed = 0;
    if (!cJSON_IsNull(cut) && !cJSON_IsObject(cut)) {
        append(x->err, "expect.cut must be null or an object");
        return -1;
    }
    robots_txt_cut(doc, &info);
    append(x->evidence, "%scut", x->evidence[0] ? "; " : "");
    if (info.truncated) {
        append(x->evidence, " at byte %zu, line %zu, %zu lines not read",
               info.offset, info.line, info.lines_not_read);
    } else {
        append(x->evidence, ": none");
    }
    if (cJSON_IsNull(cut)) {
        append(x->expected, "not cut; ");
        if (info.truncated) {
            append(x->got, "cut at line %zu; ", info.line);
            failed = 1;
        }
        return failed;
    }
    append(x->expected, "cut;");
    if (!info.truncated) {
        append(x->got, "not cut; ");
        failed = 1;
    }
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
        const cJSON *want = cJSON_GetObjectItemCaseSensitive(cut, fields[f]);
        size_t got = f == 0   ? info.offset
                     : f == 1 ? info.line
                              : info.lines_not_read;
        if (want == NULL)
            continue;
        if (!cJSON_IsNumber(want) || want->valuedouble < 0) {
            append(x->err, "expect.cut.%s must be a number >= 0", fields[f]);
            return -1;
        }
        append(x->expected, " %s %.0f", fields[f], want->valuedouble);
        if ((double)got != want->valuedouble) {
            append(x->got, "%s %zu; ", fields[f], got);
            failed = 1;
        }
    }
    append(x->expected, "; ");
    return failed;
}

static enum outcome run_parse(const ctx *x) {
    robots_txt *doc = NULL;
    const cJSON *inc =
        cJSON_GetObjectItemCaseSensitive(x->expect, "diagnostics_include");
    const cJSON *exc =
        cJSON_GetObjectItemCaseSensitive(x->expect, "diagnostics_exclude");
    const cJSON *sms = cJSON_GetObjectItemCaseSensitive(x->expect, "sitemaps");
    const cJSON *cds =
        cJSON_GetObjectItemCaseSensitive(x->expect, "crawl_delays");
    const cJSON *exts =
        cJSON_GetObjectItemCaseSensitive(x->expect, "extensions_include");
    const cJSON *cut = cJSON_GetObjectItemCaseSensitive(x->expect, "cut");
    const cJSON *it;
    enum outcome out = OUT_PASS;
    size_t i, nd;
    if (parse_doc(x, &doc) != 0)
        return OUT_FAIL;
    if (cut != NULL && check_cut(x, doc, cut) != 0) {
        out = OUT_FAIL;
        if (x->err[0] != '\0')
            goto done;
    }
    nd = robots_diagnostic_count(doc);
    append(x->evidence, "diagnostics:");
    for (i = 0; i < nd && i < 12; i++) {
        robots_diagnostic_info d;
        if (robots_diagnostic(doc, i, &d) == ROBOTS_OK) {
            append(x->evidence, " %s@%zu", robots_diag_kind_name(d.kind),
                   d.line);
        }
    }
    if (nd > 12) {
        append(x->evidence, " ... (%zu stored, %zu found)", nd,
               robots_diagnostic_total(doc));
    }
    for (int pass = 0; pass < 2; pass++) {
        const cJSON *list = pass == 0 ? inc : exc;
        if (list == NULL)
            continue;
        if (!cJSON_IsArray(list)) {
            append(x->err, "diagnostics lists must be arrays");
            out = OUT_FAIL;
            goto done;
        }
        cJSON_ArrayForEach(it, list) {
            int found = 0;
            if (!cJSON_IsString(it)) {
                append(x->err, "diagnostic kinds must be strings");
                out = OUT_FAIL;
                goto done;
            }
            for (i = 0; i < nd && !found; i++) {
                robots_diagnostic_info d;
                if (robots_diagnostic(doc, i, &d) == ROBOTS_OK &&
                    robots_diag_kind_name(d.kind) != NULL &&
                    strcmp(robots_diag_kind_name(d.kind), it->valuestring) == 0)
                    found = 1;
            }
            append(x->expected, "%s diagnostic %s; ", pass == 0 ? "a" : "no",
                   it->valuestring);
            if (found != (pass == 0)) {
                append(x->got, "%s %s; ", found ? "has" : "lacks",
                       it->valuestring);
                out = OUT_FAIL;
            }
        }
    }
    if (sms != NULL) {
        size_t n = robots_sitemap_count(doc), k = 0;
        append(x->expected, "%d sitemaps; ", cJSON_GetArraySize(sms));
        append(x->got, "%zu sitemaps", n);
        if ((size_t)cJSON_GetArraySize(sms) != n)
            out = OUT_FAIL;
        cJSON_ArrayForEach(it, sms) {
            robots_record_info ri;
            if (!cJSON_IsString(it)) {
                append(x->err, "sitemaps must be strings");
                out = OUT_FAIL;
                goto done;
            }
            if (k >= n || robots_sitemap(doc, k, &ri) != ROBOTS_OK ||
                ri.value_len != strlen(it->valuestring) ||
                memcmp(ri.value, it->valuestring, ri.value_len) != 0) {
                append(x->got, ", sitemap %zu differs", k + 1);
                out = OUT_FAIL;
            }
            k++;
        }
        append(x->got, "; ");
    }
    if (cds != NULL) {
        size_t ng = robots_group_count(doc), k = 0;
        const cJSON *want = cds->child;
        append(x->expected, "%d crawl-delays; ", cJSON_GetArraySize(cds));
        for (i = 0; i < ng; i++) {
            robots_group_info gi;
            if (robots_group(doc, i, &gi) != ROBOTS_OK || !gi.has_crawl_delay)
                continue;
            append(x->got, "crawl-delay %g for group at line %zu; ",
                   gi.crawl_delay, gi.line);
            if (want == NULL) {
                out = OUT_FAIL;
                continue;
            }
            {
                const cJSON *gl =
                    cJSON_GetObjectItemCaseSensitive(want, "group_line");
                const cJSON *sec =
                    cJSON_GetObjectItemCaseSensitive(want, "seconds");
                if (!cJSON_IsNumber(gl) || !cJSON_IsNumber(sec)) {
                    append(x->err, "crawl_delays items need group_line and "
                                   "seconds");
                    out = OUT_FAIL;
                    goto done;
                }
                if ((double)gi.line != gl->valuedouble ||
                    fabs(gi.crawl_delay - sec->valuedouble) > 1e-9)
                    out = OUT_FAIL;
            }
            want = want->next;
            k++;
        }
        if (want != NULL) {
            append(x->got, "fewer crawl-delays (%zu); ", k);
            out = OUT_FAIL;
        }
    }
    if (exts != NULL) {
        size_t ne = robots_extension_count(doc);
        cJSON_ArrayForEach(it, exts) {
            const char *k = get_string(it, "key"), *v = get_string(it, "value");
            int found = 0;
            if (k == NULL || v == NULL) {
                append(x->err, "extensions_include items need key and value");
                out = OUT_FAIL;
                goto done;
            }
            append(x->expected, "extension %s: %s; ", k, v);
            for (i = 0; i < ne && !found; i++) {
                robots_record_info ri;
                if (robots_extension(doc, i, &ri) == ROBOTS_OK &&
                    ri.key_len == strlen(k) &&
                    memcmp(ri.key, k, ri.key_len) == 0 &&
                    ri.value_len == strlen(v) &&
                    memcmp(ri.value, v, ri.value_len) == 0)
                    found = 1;
            }
            if (!found) {
                append(x->got, "no extension %s: %s; ", k, v);
                out = OUT_FAIL;
            }
        }
    }
    if (x->expected[0] == '\0')
        append(x->expected, "(nothing)");
    if (x->got[0] == '\0')
        append(x->got, "as expected");
done:
    robots_free(doc);
    return out;
}

/* ---------------------------------------------------------- --command */

static int shell_quote(buf *b, const char *s, size_t len) {
    size_t i;
    if (buf_adds(b, "'") != 0)
        return -1;
    for (i = 0; i < len; i++) {
        if (s[i] == '\'') {
            if (buf_adds(b, "'\\''") != 0)
                return -1;
        } else if (buf_add(b, s + i, 1) != 0) {
            return -1;
        }
    }
    return buf_adds(b, "'");
}

static int has_tag(const cJSON *c, const char *tag) {
    const cJSON *tags = cJSON_GetObjectItemCaseSensitive(c, "tags"), *t;
    cJSON_ArrayForEach(t, tags) {
        if (cJSON_IsString(t) && strcmp(t->valuestring, tag) == 0)
            return 1;
    }
    return 0;
}

/* The verdict cases any implementation can answer, through --command or
 * --batch-command: one agent, no parse options, an expectation of allowed
 * or disallowed (not a librobots status). OUT_PASS with *agent, *allowed
 * and *url filled in when the case is one; OUT_SKIP (and why) when not;
 * OUT_FAIL when its URL cannot be read. */
static enum outcome portable_verdict(const ctx *x, const char **agent,
                                     int *allowed, buf *url, char *skip_why) {
    const cJSON *agents = cJSON_GetObjectItemCaseSensitive(x->input, "agents");
    *agent = get_string(x->input, "agent");
    if (*agent == NULL && cJSON_GetArraySize(agents) == 1 &&
        cJSON_IsString(agents->child))
        *agent = agents->child->valuestring;
    if (*agent == NULL) {
        snprintf(skip_why, MSG_CAP, "several agents in one query");
        return OUT_SKIP;
    }
    if (cJSON_GetObjectItemCaseSensitive(x->c, "options") != NULL ||
        has_tag(x->c, "librobots-api") ||
        expect_bool(x, "allowed", allowed) != 1) {
        snprintf(skip_why, MSG_CAP, "needs the library's options or status");
        return OUT_SKIP;
    }
    if (get_bytes(x->input, "url", url, x->err) != 1) {
        if (x->err[0] == '\0')
            append(x->err, "input needs url or url_gen");
        return OUT_FAIL;
    }
    return OUT_PASS;
}

static enum outcome run_command(const ctx *x, char *skip_why) {
    const char *agent = NULL;
    int allowed = 0;
    buf url = {0}, cmd = {0};
    char path[] = "/tmp/robots-conformance-XXXXXX";
    const char *p;
    int fd, status;
    enum outcome out = portable_verdict(x, &agent, &allowed, &url, skip_why);
    if (out != OUT_PASS) {
        buf_free(&url);
        return out;
    }
    out = OUT_FAIL;
    fd = mkstemp(path);
    if (fd < 0) {
        append(x->err, "mkstemp: %s", strerror(errno));
        buf_free(&url);
        return OUT_FAIL;
    }
    {
        size_t off = 0;
        while (off < x->body->len) {
            ssize_t w = write(fd, x->body->data + off, x->body->len - off);
            if (w <= 0)
                break;
            off += (size_t)w;
        }
        close(fd);
        if (off != x->body->len) {
            append(x->err, "could not write %s", path);
            goto done;
        }
    }
    for (p = x->opt->command; *p; p++) {
        int r = 0;
        if (strncmp(p, "{robots}", 8) == 0) {
            r = shell_quote(&cmd, path, strlen(path));
            p += 7;
        } else if (strncmp(p, "{agent}", 7) == 0) {
            r = shell_quote(&cmd, agent, strlen(agent));
            p += 6;
        } else if (strncmp(p, "{url}", 5) == 0) {
            r = shell_quote(&cmd, url.data, url.len);
            p += 4;
        } else {
            r = buf_add(&cmd, p, 1);
        }
        if (r != 0) {
            append(x->err, "out of memory");
            goto done;
        }
    }
    append(x->expected, "exit %d (%s)", allowed ? 0 : 1,
           allowed ? "allowed" : "disallowed");
    fflush(NULL);
    status = system(cmd.data);
    if (status == -1 || !WIFEXITED(status)) {
        append(x->got, "the command did not exit normally");
    } else {
        int code = WEXITSTATUS(status);
        append(x->got, "exit %d", code);
        if (code == 0 || code == 1)
            out = (code == 0) == (allowed != 0) ? OUT_PASS : OUT_FAIL;
    }
done:
    unlink(path);
    buf_free(&cmd);
    buf_free(&url);
    return out;
}

/* One verdict case through the batch adapter (batch.h). */
static enum outcome run_batch(const ctx *x, char *skip_why) {
    const char *agent = NULL;
    int allowed = 0;
    buf url = {0};
    batch_query q;
    batch_reply r;
    enum outcome out = portable_verdict(x, &agent, &allowed, &url, skip_why);
    if (out != OUT_PASS) {
        buf_free(&url);
        return out;
    }
    memset(&q, 0, sizeof q);
    q.profile = profile_names[x->profile];
    q.id = get_string(x->c, "id");
    q.robots = x->body->data;
    q.robots_len = x->body->len;
    q.agent = agent;
    q.agent_len = strlen(agent);
    q.url = url.data;
    q.url_len = url.len;
    if (x->opt->ask_once && *x->has_asked) {
        r = *x->asked;
    } else {
        batch_ask(x->adapter, &q, &r);
        *x->asked = r;
        *x->has_asked = 1;
    }
    buf_free(&url);
    append(x->expected, "%s", allowed ? "allowed" : "disallowed");
    if (r.problem == BATCH_ANSWERED) {
        append(x->got, "%s", r.allowed ? "allowed" : "disallowed");
        return (r.allowed != 0) == (allowed != 0) ? OUT_PASS : OUT_FAIL;
    }
    /* The message shows the adapter's bytes escaped already. */
    *x->problem = batch_problem_name(r.problem);
    append(x->got, "%s", r.message);
    return OUT_FAIL;
}

/* ------------------------------------------------- usage preferences */

/* input.content_usage_header: the response's field lines (0: none). */
static int usage_header(const ctx *x, batch_text *lines, size_t *count,
                        int *has) {
    const cJSON *h =
        cJSON_GetObjectItemCaseSensitive(x->input, "content_usage_header");
    const cJSON *it;
    *count = 0;
    *has = h != NULL;
    if (h == NULL)
        return 0;
    if (!cJSON_IsArray(h)) {
        append(x->err, "input.content_usage_header must be an array");
        return -1;
    }
    cJSON_ArrayForEach(it, h) {
        if (!cJSON_IsString(it) || *count == USAGE_MAX_HEADER_LINES) {
            append(x->err, "input.content_usage_header: up to %d strings",
                   USAGE_MAX_HEADER_LINES);
            return -1;
        }
        lines[*count].ptr = it->valuestring;
        lines[(*count)++].len = strlen(it->valuestring);
    }
    return 0;
}

/* The case's agent, URL, expectation and field lines, for either way of
 * asking. 0, or -1 with the case's defect in x->err. */
static int usage_inputs(const ctx *x, const char **agent, buf *url,
                        usage_answer *want, batch_text *lines, size_t *count,
                        int *has) {
    *agent = get_string(x->input, "agent");
    if (*agent == NULL) {
        append(x->err, "input.agent needed");
        return -1;
    }
    if (get_bytes(x->input, "url", url, x->err) != 1) {
        if (x->err[0] == '\0')
            append(x->err, "input needs url or url_gen");
        return -1;
    }
    if (usage_answer_expected(x->expect, want, x->err, MSG_CAP) != 0)
        return -1;
    return usage_header(x, lines, count, has);
}

static int ends_group(const ctx *x) {
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(x->c, "options");
    return cJSON_IsTrue(
        cJSON_GetObjectItemCaseSensitive(o, "content_usage_ends_group"));
}

/* Held to the expectation, said in the protocol's words either way. */
static enum outcome usage_compare(const ctx *x, const usage_answer *want,
                                  const usage_answer *got) {
    char text[MSG_CAP];
    usage_answer_format(want, text, sizeof text);
    append(x->expected, "%s", text);
    usage_answer_format(got, text, sizeof text);
    append(x->got, "%s", text);
    return usage_answer_matches(want, got) ? OUT_PASS : OUT_FAIL;
}

/* Kind usage in-process: robots_usage(), and robots_usage_combine_field()
 * with the response's field lines. */
static enum outcome run_usage(const ctx *x) {
    const char *agent = NULL;
    buf url = {0};
    usage_answer want, got;
    batch_text lines[USAGE_MAX_HEADER_LINES];
    robots_str fields[USAGE_MAX_HEADER_LINES];
    size_t count = 0;
    int has = 0;
    robots_options o;
    robots_txt *doc = NULL;
    robots_usage_result r;
    robots_status st;
    enum outcome out = OUT_FAIL;
    if (usage_inputs(x, &agent, &url, &want, lines, &count, &has) != 0) {
        buf_free(&url);
        return OUT_FAIL;
    }
    robots_options_init(&o);
    o.profile = x->profile;
    o.content_usage_ends_group = (size_t)ends_group(x);
    st = robots_parse(x->body->data, x->body->len, &o, &doc);
    if (st == ROBOTS_OK)
        st = robots_usage(doc, agent, strlen(agent), url.data, url.len, &r);
    for (size_t k = 0; k < count; k++) {
        fields[k].ptr = lines[k].ptr;
        fields[k].len = lines[k].len;
    }
    if (st == ROBOTS_OK && has)
        st = robots_usage_combine_field(&r, fields, count, NULL);
    if (st != ROBOTS_OK) {
        append(x->got, "%s", robots_status_name(st));
    } else {
        usage_answer_from_result(&r, &got);
        out = usage_compare(x, &want, &got);
    }
    robots_free(doc);
    buf_free(&url);
    return out;
}

/* Kind usage through the adapter: protocol 2's usage query. An
 * implementation without Content-Usage answers `unsupported`: the case is
 * skipped for it, with problem "unsupported", and not failed. */
static enum outcome run_batch_usage(const ctx *x, char *skip_why) {
    const char *agent = NULL;
    buf url = {0};
    usage_answer want, got;
    batch_text lines[USAGE_MAX_HEADER_LINES];
    size_t count = 0;
    int has = 0;
    batch_query q;
    batch_reply *r = x->asked;
    char why[MSG_CAP];
    if (usage_inputs(x, &agent, &url, &want, lines, &count, &has) != 0) {
        buf_free(&url);
        return OUT_FAIL;
    }
    memset(&q, 0, sizeof q);
    q.profile = profile_names[x->profile];
    q.id = get_string(x->c, "id");
    q.robots = x->body->data;
    q.robots_len = x->body->len;
    q.agent = agent;
    q.agent_len = strlen(agent);
    q.url = url.data;
    q.url_len = url.len;
    q.usage = 1;
    q.has_header = has;
    q.header = lines;
    q.header_count = count;
    q.options = ends_group(x) ? "content_usage_ends_group" : NULL;
    if (!(x->opt->ask_once && *x->has_asked)) {
        batch_ask(x->adapter, &q, r);
        *x->has_asked = 1;
    }
    buf_free(&url);
    if (r->problem == BATCH_ANSWERED && r->unsupported) {
        *x->problem = "unsupported";
        snprintf(skip_why, MSG_CAP,
                 "unsupported: the implementation has no Content-Usage");
        return OUT_SKIP;
    }
    if (r->problem != BATCH_ANSWERED) {
        *x->problem = batch_problem_name(r->problem);
        append(x->got, "%s", r->message);
        return OUT_FAIL;
    }
    if (usage_answer_parse(r->answer, &got, why, sizeof why) != 0) {
        *x->problem = batch_problem_name(BATCH_PROTOCOL);
        append(x->got, "%s", why);
        return OUT_FAIL;
    }
    return usage_compare(x, &want, &got);
}

/* ----------------------------------------------------------- the runner */

static void record(run_state *s, const char *id, const char *topic,
                   const char *label, const char *kind, int profile,
                   enum outcome o, const char *message, const char *problem) {
    result *r;
    if (s->count == s->cap) {
        size_t ncap = s->cap ? 2 * s->cap : 256;
        result *nr = realloc(s->results, ncap * sizeof *nr);
        if (nr == NULL) {
            s->out_of_memory = 1;
            return;
        }
        s->results = nr;
        s->cap = ncap;
    }
    r = &s->results[s->count];
    r->id = dup_str(id);
    r->topic = dup_str(topic);
    r->source = dup_str(label);
    r->kind = dup_str(kind);
    r->message = dup_str(message);
    if (!r->id || !r->topic || !r->source || !r->kind || !r->message) {
        free(r->id);
        free(r->topic);
        free(r->source);
        free(r->kind);
        free(r->message);
        s->out_of_memory = 1;
        return;
    }
    r->profile = profile;
    r->outcome = o;
    r->problem = problem;
    s->count++;
    if (o == OUT_PASS)
        s->passed++;
    else if (o == OUT_FAIL)
        s->failed++;
    else
        s->skipped++;
}

static int id_selected(const char *filter, const char *id) {
    size_t n;
    if (filter == NULL)
        return 1;
    n = strlen(filter);
    if (n > 0 && filter[n - 1] == '*')
        return strncmp(filter, id, n - 1) == 0;
    return strcmp(filter, id) == 0;
}

typedef enum outcome (*kind_runner)(const ctx *x);

/* The case kinds the library runs itself, and the function that runs each. */
static const struct {
    const char *name;
    kind_runner run;
} kind_runners[] = {
    {"verdict", run_verdict},
    {"match", run_match},
    {"url_path", run_url_path},
    {"group", run_group},
    {"robots_url", run_robots_url},
    {"scope", run_scope},
    {"fetch_policy", run_fetch_policy},
    {"cache_lifetime", run_cache_lifetime},
    {"meta", run_meta},
    {"parse", run_parse},
    {"usage", run_usage},
};

/* The kinds of cases-aipref/ that read one statement (its parse, the HTTP
 * field, Content-Signal) with the library's internal functions:
 * robots-aipref-conformance runs them, this runner lists them skipped. */
static int aipref_core_kind(const char *kind) {
    static const char *const kinds[] = {"usage_statement", "usage_header",
                                        "usage_combine", "usage_rule",
                                        "content_signal"};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        if (strcmp(kind, kinds[k]) == 0)
            return 1;
    return 0;
}

/* --kind: one kind, or several separated by commas. */
static int kind_selected(const char *filter, const char *kind) {
    size_t n = strlen(kind);
    const char *p = filter;
    if (filter == NULL)
        return 1;
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, kind, n) == 0)
            return 1;
        p += len + (end != NULL);
    }
    return 0;
}

static kind_runner find_kind_runner(const char *kind) {
    size_t k;
    for (k = 0; k < sizeof kind_runners / sizeof kind_runners[0]; k++)
        if (strcmp(kind, kind_runners[k].name) == 0)
            return kind_runners[k].run;
    return NULL;
}

static void run_case(run_state *s, const cJSON *c, const char *file,
                     const char *topic) {
    const char *id = get_string(c, "id");
    const char *kind = get_string(c, "kind");
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(c, "source");
    const cJSON *input = cJSON_GetObjectItemCaseSensitive(c, "input");
    const cJSON *expect = cJSON_GetObjectItemCaseSensitive(c, "expect");
    char label[64], desc[512], err[MSG_CAP];
    char expected[MSG_CAP], got[MSG_CAP], evidence[MSG_CAP], msg[4 * MSG_CAP];
    buf body = {0};
    int p, has_asked = 0;
    batch_reply asked;
    err[0] = '\0';
    source_label(src, label, sizeof label, desc, sizeof desc);
    if (id == NULL || kind == NULL || !cJSON_IsObject(src) ||
        !cJSON_IsObject(input) || !cJSON_IsObject(expect)) {
        snprintf(msg, sizeof msg,
                 "%s: case %s is malformed: needs id, kind, source, input, "
                 "expect",
                 file, id ? id : "(no id)");
        if (id_selected(s->opt.id, id ? id : "")) {
            printf("FAIL %s\n", msg);
            record(s, id ? id : "(no id)", topic, label, kind ? kind : "?", -1,
                   OUT_FAIL, msg, NULL);
        }
        return;
    }
    if (!id_selected(s->opt.id, id) || !kind_selected(s->opt.kind, kind) ||
        (s->opt.source &&
         strncmp(label, s->opt.source, strlen(s->opt.source)) != 0))
        return;
    if (aipref_core_kind(kind)) {
        record(s, id, topic, label, kind, -1, OUT_SKIP,
               "skipped: one statement read by the library's internal "
               "functions: robots-aipref-conformance runs it",
               NULL);
        return;
    }
    if (get_body(c, &body, err) != 0) {
        snprintf(msg, sizeof msg, "%s: case %s is malformed: %s", file, id,
                 err);
        printf("FAIL %s\n", msg);
        record(s, id, topic, label, kind, -1, OUT_FAIL, msg, NULL);
        buf_free(&body);
        return;
    }
    if (s->opt.corpus != NULL) {
        char path[4096];
        FILE *f;
        if (cJSON_GetObjectItemCaseSensitive(c, "robots") == NULL &&
            cJSON_GetObjectItemCaseSensitive(c, "robots_hex") == NULL &&
            cJSON_GetObjectItemCaseSensitive(c, "robots_gen") == NULL) {
            buf_free(&body);
            return;
        }
        snprintf(path, sizeof path, "%s/%s.txt", s->opt.corpus, id);
        f = fopen(path, "wb");
        if (f == NULL || fwrite(body.data, 1, body.len, f) != body.len) {
            snprintf(msg, sizeof msg, "cannot write %s", path);
            printf("FAIL %s\n", msg);
            record(s, id, topic, label, kind, -1, OUT_FAIL, msg, NULL);
        } else {
            record(s, id, topic, label, kind, -1, OUT_PASS, "written", NULL);
        }
        if (f != NULL)
            fclose(f);
        buf_free(&body);
        return;
    }
    for (p = 0; p < 3; p++) {
        ctx x;
        enum outcome o;
        kind_runner run;
        const char *problem;
        char skip_why[MSG_CAP];
        if (!s->opt.profiles[p])
            continue;
        expected[0] = got[0] = evidence[0] = err[0] = skip_why[0] = '\0';
        x.c = c;
        x.input = input;
        x.expect = cJSON_GetObjectItemCaseSensitive(expect, profile_names[p]);
        x.profile = (robots_profile)p;
        x.body = &body;
        x.opt = &s->opt;
        x.adapter = s->adapter;
        x.problem = &problem;
        x.asked = &asked;
        x.has_asked = &has_asked;
        problem = NULL;
        x.expected = expected;
        x.got = got;
        x.evidence = evidence;
        x.err = err;
        if (!cJSON_IsObject(x.expect)) {
            append(err, "no expectation for profile %s", profile_names[p]);
            o = OUT_FAIL;
        } else if (s->opt.command != NULL || s->adapter != NULL) {
            if (strcmp(kind, "usage") == 0 && s->adapter != NULL &&
                s->opt.batch_protocol >= 2) {
                o = run_batch_usage(&x, skip_why);
            } else if (strcmp(kind, "usage") == 0 && s->adapter != NULL) {
                o = OUT_SKIP;
                snprintf(skip_why, sizeof skip_why,
                         "kind usage: the adapter speaks batch protocol 1 "
                         "(--batch-protocol 2 sends usage queries)");
            } else if (strcmp(kind, "verdict") != 0) {
                o = OUT_SKIP;
                snprintf(skip_why, sizeof skip_why, "kind %s", kind);
            } else if (s->adapter != NULL) {
                o = run_batch(&x, skip_why);
            } else {
                o = run_command(&x, skip_why);
            }
        } else if ((run = find_kind_runner(kind)) != NULL) {
            o = run(&x);
        } else {
            append(err, "unknown kind '%s'", kind);
            o = OUT_FAIL;
        }
        if (err[0] != '\0') {
            o = OUT_FAIL;
            snprintf(msg, sizeof msg, "%s: case %s is malformed [%s]: %s", file,
                     id, profile_names[p], err);
        } else if (o == OUT_SKIP) {
            snprintf(msg, sizeof msg, "skipped: %s", skip_why);
        } else {
            snprintf(msg, sizeof msg,
                     "%s [%s] (%s)\n  expected: %s\n  got:      %s%s%s", id,
                     profile_names[p], desc, expected, got,
                     evidence[0] ? "\n  evidence: " : "", evidence);
        }
        if (o == OUT_FAIL) {
            const char *why = get_string(x.expect, "why");
            printf("FAIL %s\n", msg);
            if (why != NULL && err[0] == '\0')
                printf("  why:      %s\n", why);
        } else if (s->opt.verbose) {
            printf("%s %s [%s]\n", o == OUT_PASS ? "ok  " : "skip", id,
                   profile_names[p]);
        }
        record(s, id, topic, label, kind, p, o, msg, problem);
    }
    buf_free(&body);
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int read_file(const char *path, buf *b) {
    FILE *f = fopen(path, "rb");
    char chunk[65536];
    size_t n;
    if (f == NULL)
        return -1;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (buf_add(b, chunk, n) != 0) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return buf_add(b, "", 0);
}

static void run_file(run_state *s, const char *dir, const char *name) {
    char path[4096], topic[256], msg[4096 + 64];
    buf text = {0};
    cJSON *doc, *cases, *c;
    size_t nl = strlen(name);
    snprintf(topic, sizeof topic, "%.*s", (int)(nl - 5), name);
    if (s->opt.topic && strcmp(s->opt.topic, topic) != 0)
        return;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (read_file(path, &text) != 0) {
        snprintf(msg, sizeof msg, "%s: cannot read", path);
        printf("FAIL %s\n", msg);
        record(s, name, topic, "unknown", "?", -1, OUT_FAIL, msg, NULL);
        buf_free(&text);
        return;
    }
    doc = cJSON_ParseWithLength(text.data, text.len);
    cases = cJSON_GetObjectItemCaseSensitive(doc, "cases");
    if (doc == NULL || !cJSON_IsArray(cases)) {
        snprintf(msg, sizeof msg, "%s: not JSON with a \"cases\" array", name);
        printf("FAIL %s\n", msg);
        record(s, name, topic, "unknown", "?", -1, OUT_FAIL, msg, NULL);
    } else {
        cJSON_ArrayForEach(c, cases) {
            run_case(s, c, name, topic);
        }
    }
    cJSON_Delete(doc);
    buf_free(&text);
}

static int run_dir(run_state *s, const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    if (d == NULL) {
        fprintf(stderr, "robots-conformance: cannot open %s: %s\n", dir,
                strerror(errno));
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        if (n == cap) {
            size_t ncap = cap ? 2 * cap : 32;
            char **nn = realloc(names, ncap * sizeof *nn);
            if (nn == NULL)
                break;
            names = nn;
            cap = ncap;
        }
        if ((names[n] = dup_str(e->d_name)) != NULL)
            n++;
    }
    closedir(d);
    if (n > 0)
        qsort(names, n, sizeof *names, cmp_str);
    for (i = 0; i < n; i++) {
        run_file(s, dir, names[i]);
        free(names[i]);
    }
    free(names);
    return 0;
}

/* ------------------------------------------------------------- reports */

static void xml_escape(FILE *f, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        switch (c) {
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '&':
            fputs("&amp;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            if (c < 0x20 && c != '\n' && c != '\t')
                fputc('?', f);
            else
                fputc(c, f);
        }
    }
}

static int write_junit(const run_state *s, const char *path) {
    FILE *f = fopen(path, "w");
    size_t i;
    if (f == NULL)
        return -1;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<testsuites>\n<testsuite name=\"robots-conformance\" "
            "tests=\"%zu\" failures=\"%zu\" skipped=\"%zu\">\n",
            s->count, s->failed, s->skipped);
    for (i = 0; i < s->count; i++) {
        const result *r = &s->results[i];
        fputs("<testcase classname=\"", f);
        xml_escape(f, r->topic);
        fputs("\" name=\"", f);
        xml_escape(f, r->id);
        if (r->profile >= 0)
            fprintf(f, " [%s]", profile_names[r->profile]);
        fputs("\">", f);
        if (r->outcome == OUT_FAIL) {
            fputs("<failure message=\"mismatch\">", f);
            xml_escape(f, r->message);
            fputs("</failure>", f);
        } else if (r->outcome == OUT_SKIP) {
            fputs("<skipped message=\"", f);
            xml_escape(f, r->message);
            fputs("\"/>", f);
        }
        fputs("</testcase>\n", f);
    }
    fputs("</testsuite>\n</testsuites>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}

static int write_json(const run_state *s, const char *path) {
    cJSON *root = cJSON_CreateObject(), *arr;
    char *text;
    FILE *f;
    size_t i;
    static const char *const names[3] = {"pass", "fail", "skip"};
    int ok;
    if (root == NULL)
        return -1;
    cJSON_AddNumberToObject(root, "passed", (double)s->passed);
    cJSON_AddNumberToObject(root, "failed", (double)s->failed);
    cJSON_AddNumberToObject(root, "skipped", (double)s->skipped);
    cJSON_AddStringToObject(root, "implementation",
                            s->opt.batch_command ? s->opt.batch_command
                            : s->opt.command     ? s->opt.command
                                                 : "librobots");
    cJSON_AddStringToObject(root, "protocol",
                            s->opt.batch_command ? "batch"
                            : s->opt.command     ? "robots_main"
                                                 : "in-process");
    if (s->adapter != NULL) {
        const batch_stats *st = batch_get_stats(s->adapter);
        cJSON *a = cJSON_AddObjectToObject(root, "adapter");
        cJSON_AddNumberToObject(a, "starts", (double)st->starts);
        cJSON_AddNumberToObject(a, "answers", (double)st->answers);
        cJSON_AddNumberToObject(a, "errors", (double)st->errors);
        cJSON_AddNumberToObject(a, "crashes", (double)st->crashes);
        cJSON_AddNumberToObject(a, "hangs", (double)st->hangs);
        cJSON_AddNumberToObject(a, "protocol_errors",
                                (double)st->protocol_errors);
        cJSON_AddNumberToObject(a, "unavailable", (double)st->unavailable);
        cJSON_AddNumberToObject(a, "unsupported", (double)st->unsupported);
        cJSON_AddNumberToObject(root, "batch_protocol",
                                (double)s->opt.batch_protocol);
    }
    arr = cJSON_AddArrayToObject(root, "results");
    for (i = 0; arr && i < s->count; i++) {
        const result *r = &s->results[i];
        cJSON *o = cJSON_CreateObject();
        if (o == NULL)
            break;
        cJSON_AddStringToObject(o, "id", r->id);
        cJSON_AddStringToObject(o, "topic", r->topic);
        cJSON_AddStringToObject(o, "source", r->source);
        cJSON_AddStringToObject(o, "kind", r->kind);
        cJSON_AddStringToObject(
            o, "profile", r->profile >= 0 ? profile_names[r->profile] : "");
        cJSON_AddStringToObject(o, "outcome", names[r->outcome]);
        if (r->outcome != OUT_PASS)
            cJSON_AddStringToObject(o, "message", r->message);
        if (r->problem != NULL)
            cJSON_AddStringToObject(o, "problem", r->problem);
        cJSON_AddItemToArray(arr, o);
    }
    text = cJSON_Print(root);
    cJSON_Delete(root);
    if (text == NULL)
        return -1;
    f = fopen(path, "w");
    ok = f != NULL && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    cJSON_free(text);
    return ok ? 0 : -1;
}

static void usage(FILE *f) {
    fputs(
        "usage: robots-conformance [options]\n"
        "  --cases DIR        case files (default " CONFORMANCE_CASES_DIR ")\n"
        "  --aipref-cases DIR the usage cases (default " CONFORMANCE_AIPREF_DIR
        "\n"
        "                     without --cases; none: not read)\n"
        "  --profile P        rfc9309, google or legacy (repeatable; default "
        "all)\n"
        "  --id ID            one case; a trailing * selects by prefix\n"
        "  --topic T          one file (its name without .json)\n"
        "  --source S         source label prefix: seed-000 ... seed-004, "
        "rfc9309, decision\n"
        "  --kind K[,K...]    verdict, match, url_path, group, robots_url, "
        "scope,\n"
        "                     fetch_policy, cache_lifetime, meta, parse, "
        "usage\n"
        "  --command TMPL     run verdict cases through a robots_main-style "
        "program;\n"
        "                     {robots} {agent} {url} are substituted (quoted); "
        "exit\n"
        "                     0 allowed, 1 disallowed\n"
        "  --batch-command CMD\n"
        "                     run verdict cases through one adapter process "
        "(sh -c CMD)\n"
        "                     speaking the batch protocol "
        "(conformance/README.md)\n"
        "  --batch-protocol N 1 (default): verdict queries; 2: usage queries "
        "too\n"
        "  --batch-timeout MS time for one query before the adapter is killed "
        "as hung\n"
        "                     (default 5000)\n"
        "  --ask-once         the adapter's implementation has one behaviour: "
        "ask each\n"
        "                     case once and hold every profile's expectation "
        "to it\n"
        "  --junit FILE       write a JUnit XML report\n"
        "  --json FILE        write a JSON report\n"
        "  --write-corpus DIR write each case's robots.txt body to DIR/ID.txt\n"
        "  --verbose          list passing and skipped cases too\n",
        f);
}

/* Where the option called name keeps its value; NULL when name takes none. */
static const char **value_option(options *o, const char *name) {
    const struct {
        const char *name;
        const char **target;
    } table[] = {
        {"--cases", &o->cases_dir},     {"--aipref-cases", &o->aipref_dir},
        {"--command", &o->command},     {"--batch-command", &o->batch_command},
        {"--junit", &o->junit},         {"--json", &o->json},
        {"--write-corpus", &o->corpus}, {"--id", &o->id},
        {"--topic", &o->topic},         {"--source", &o->source},
        {"--kind", &o->kind},
    };
    size_t k;
    for (k = 0; k < sizeof table / sizeof table[0]; k++)
        if (strcmp(name, table[k].name) == 0)
            return table[k].target;
    return NULL;
}

int main(int argc, char **argv) {
    run_state s;
    int i, any_profile = 0, rc;
    memset(&s, 0, sizeof s);
    s.opt.cases_dir = CONFORMANCE_CASES_DIR;
    s.opt.batch_protocol = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **target;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--ask-once") == 0) {
            s.opt.ask_once = 1;
        } else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
            s.opt.verbose = 1;
        } else if ((target = value_option(&s.opt, a)) != NULL) {
            if (i + 1 >= argc) {
                fprintf(stderr, "robots-conformance: %s needs a value\n", a);
                return 2;
            }
            *target = argv[++i];
        } else if (strcmp(a, "--batch-protocol") == 0 && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "1") != 0 && strcmp(argv[i], "2") != 0) {
                fprintf(stderr,
                        "robots-conformance: --batch-protocol is 1 or 2, "
                        "not '%s'\n",
                        argv[i]);
                return 2;
            }
            s.opt.batch_protocol = argv[i][0] - '0';
        } else if (strcmp(a, "--batch-timeout") == 0 && i + 1 < argc) {
            char *end = NULL;
            unsigned long ms;
            errno = 0;
            ms = strtoul(argv[++i], &end, 10);
            if (errno != 0 || end == argv[i] || *end != '\0' || ms == 0 ||
                ms > 3600000ul || argv[i][0] == '-') {
                fprintf(stderr,
                        "robots-conformance: --batch-timeout wants "
                        "milliseconds, 1 to 3600000: '%s'\n",
                        argv[i]);
                return 2;
            }
            s.opt.batch_timeout_ms = (unsigned)ms;
        } else if (strcmp(a, "--profile") == 0 && i + 1 < argc) {
            robots_profile p;
            i++;
            if (robots_profile_from_name(argv[i], strlen(argv[i]), &p) !=
                    ROBOTS_OK ||
                (int)p < 0 || (int)p > 2) {
                fprintf(stderr, "robots-conformance: unknown profile '%s'\n",
                        argv[i]);
                return 2;
            }
            s.opt.profiles[p] = 1;
            any_profile = 1;
        } else {
            fprintf(stderr, "robots-conformance: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!any_profile)
        s.opt.profiles[0] = s.opt.profiles[1] = s.opt.profiles[2] = 1;
    /* Case files named with --cases are the run's; the usage cases join
     * the suite's own. */
    if (s.opt.aipref_dir == NULL)
        s.opt.aipref_dir = strcmp(s.opt.cases_dir, CONFORMANCE_CASES_DIR) == 0
                               ? CONFORMANCE_AIPREF_DIR
                               : "none";
    if (s.opt.command != NULL && s.opt.batch_command != NULL) {
        fprintf(stderr, "robots-conformance: --command and --batch-command "
                        "exclude each other\n");
        return 2;
    }
    if (s.opt.ask_once && s.opt.batch_command == NULL) {
        fprintf(stderr, "robots-conformance: --ask-once needs "
                        "--batch-command\n");
        return 2;
    }
    if (s.opt.batch_command != NULL) {
        s.adapter =
            batch_open(s.opt.batch_command, s.opt.batch_timeout_ms
                                                ? s.opt.batch_timeout_ms
                                                : BATCH_DEFAULT_TIMEOUT_MS);
        if (s.adapter == NULL) {
            fprintf(stderr, "robots-conformance: out of memory\n");
            return 2;
        }
    }
    if (s.opt.corpus != NULL && mkdir(s.opt.corpus, 0777) != 0 &&
        errno != EEXIST) {
        fprintf(stderr, "robots-conformance: cannot create %s: %s\n",
                s.opt.corpus, strerror(errno));
        return 2;
    }
    if (run_dir(&s, s.opt.cases_dir) != 0 ||
        (strcmp(s.opt.aipref_dir, "none") != 0 &&
         run_dir(&s, s.opt.aipref_dir) != 0)) {
        batch_close(s.adapter);
        return 2;
    }
    if (s.adapter != NULL) {
        const batch_stats *st = batch_get_stats(s.adapter);
        printf("batch: %zu starts, %zu answers, %zu errors, %zu crashes, "
               "%zu hangs, %zu protocol errors, %zu unavailable, %zu "
               "unsupported\n",
               st->starts, st->answers, st->errors, st->crashes, st->hangs,
               st->protocol_errors, st->unavailable, st->unsupported);
    }
    if (s.out_of_memory) {
        printf("FAIL out of memory: the report is incomplete\n");
        s.failed++;
    }
    if (s.opt.junit && write_junit(&s, s.opt.junit) != 0) {
        fprintf(stderr, "robots-conformance: cannot write %s\n", s.opt.junit);
        s.failed++;
    }
    if (s.opt.json && write_json(&s, s.opt.json) != 0) {
        fprintf(stderr, "robots-conformance: cannot write %s\n", s.opt.json);
        s.failed++;
    }
    batch_close(s.adapter);
    if (s.count == 0 && s.failed == 0)
        printf("note: no case matched the filters\n");
    printf("%zu passed, %zu failed, %zu skipped\n", s.passed, s.failed,
           s.skipped);
    rc = s.failed ? 1 : 0;
    for (size_t k = 0; k < s.count; k++) {
        free(s.results[k].id);
        free(s.results[k].topic);
        free(s.results[k].source);
        free(s.results[k].kind);
        free(s.results[k].message);
    }
    free(s.results);
    return rc;
}
