/* SPDX-License-Identifier: MIT */
/*
 * fetch_cache.c - the entries of `robots fetch --cache-dir`
 * (fetch_cache.h). A file per robots.txt URL, named by a 64-bit FNV-1a
 * hash of the URL, which the entry repeats so that a collision reads as
 * no entry. Text lines "key value", then "body N" and N bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include "fetch_cache.h"
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The first line of every entry: a format this command can read. */
static const char magic[] = "robots-fetch-cache 1\n";

static const char *const answer_names[] = {"none", "parse", "allow-all",
                                           "disallow-all"};

/* mkdir -p: each missing directory of `dir` is made. */
static int make_dirs(const char *dir) {
    char path[4096];
    size_t n = strlen(dir);
    if (n >= sizeof path)
        return -1;
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] == '/' || path[i] == '\0') {
            char keep = path[i];
            path[i] = '\0';
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return -1;
            path[i] = keep;
        }
    }
    return 0;
}

static void entry_path(const char *dir, const char *robots_url, char *buf,
                       size_t cap, const char *suffix) {
    uint64_t h = 1469598103934665603u;
    for (const unsigned char *p = (const unsigned char *)robots_url; *p; p++) {
        h ^= *p;
        h *= 1099511628211u;
    }
    snprintf(buf, cap, "%s/%016" PRIx64 "%s", dir, h, suffix);
}

/* Reads "key value\n" at *at; 1 and the value's bounds when the key is
 * `key`. */
static int field(const char *s, size_t len, size_t *at, const char *key,
                 const char **value, size_t *value_len) {
    size_t k = strlen(key);
    size_t i = *at;
    if (len - i <= k || memcmp(s + i, key, k) != 0 || s[i + k] != ' ')
        return 0;
    i += k + 1;
    size_t b = i;
    while (i < len && s[i] != '\n')
        i++;
    if (i == len)
        return 0;
    *value = s + b;
    *value_len = i - b;
    *at = i + 1;
    return 1;
}

static int number(const char *s, size_t len, int64_t *out) {
    int64_t v = 0;
    if (len == 0 || len > 18)
        return 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 1;
}

static int read_entry(const char *s, size_t len, const char *robots_url,
                      fetch_entry *e) {
    size_t at = 0;
    const char *v;
    size_t n;
    int64_t x;
    if (len < sizeof magic - 1 || memcmp(s, magic, sizeof magic - 1) != 0)
        return 0;
    at = sizeof magic - 1;
    if (!field(s, len, &at, "url", &v, &n) || n != strlen(robots_url) ||
        memcmp(v, robots_url, n) != 0)
        return 0;
    if (!field(s, len, &at, "answer", &v, &n))
        return 0;
    e->answer = FETCH_ANSWER_NONE;
    for (size_t a = 0; a < 4; a++)
        if (n == strlen(answer_names[a]) && memcmp(v, answer_names[a], n) == 0)
            e->answer = (fetch_answer)a;
    if (!field(s, len, &at, "fetched", &v, &n) || !number(v, n, &e->fetched))
        return 0;
    if (!field(s, len, &at, "lifetime", &v, &n) || !number(v, n, &e->lifetime))
        return 0;
    if (!field(s, len, &at, "source", &v, &n) || n >= sizeof e->source)
        return 0;
    memcpy(e->source, v, n);
    e->source[n] = '\0';
    if (!field(s, len, &at, "unreachable-since", &v, &n) ||
        !number(v, n, &e->unreachable_since))
        return 0;
    if (!field(s, len, &at, "body-cut", &v, &n) || !number(v, n, &x))
        return 0;
    e->body_cut = x != 0;
    if (!field(s, len, &at, "body", &v, &n) || !number(v, n, &x) ||
        (uint64_t)x != len - at)
        return 0;
    e->body = malloc(len - at + 1);
    if (e->body == NULL)
        return 0;
    memcpy(e->body, s + at, len - at);
    e->body_len = len - at;
    return 1;
}

void fetch_cache_load(const char *dir, const char *robots_url, size_t body_max,
                      fetch_entry *e) {
    char path[4096];
    FILE *f;
    char *data;
    size_t cap = body_max + 4096 + strlen(robots_url);
    size_t len;
    memset(e, 0, sizeof *e);
    entry_path(dir, robots_url, path, sizeof path, ".entry");
    f = fopen(path, "rb");
    if (f == NULL)
        return;
    data = malloc(cap + 1);
    if (data == NULL) {
        (void)fclose(f); /* read only: closing cannot lose data */
        return;
    }
    len = fread(data, 1, cap + 1, f);
    (void)fclose(f); /* read only: closing cannot lose data */
    if (len > cap || !read_entry(data, len, robots_url, e)) {
        fetch_entry_free(e);
        memset(e, 0, sizeof *e);
    }
    free(data);
}

int fetch_cache_store(const char *dir, const char *robots_url,
                      const fetch_entry *e) {
    char path[4096];
    char tmp[4200];
    char suffix[64];
    FILE *f;
    int ok;
    entry_path(dir, robots_url, path, sizeof path, ".entry");
    snprintf(suffix, sizeof suffix, ".tmp.%ld", (long)getpid());
    entry_path(dir, robots_url, tmp, sizeof tmp, suffix);
    f = fopen(tmp, "wb");
    if (f == NULL && errno == ENOENT && make_dirs(dir) == 0)
        f = fopen(tmp, "wb"); /* the directory is made on first use */
    if (f == NULL) {
        cli_error("fetch: cannot write the cache entry %s: %s", tmp,
                  strerror(errno));
        return 0;
    }
    fputs(magic, f);
    fprintf(f,
            "url %s\nanswer %s\nfetched %" PRId64 "\nlifetime %" PRId64
            "\nsource %s\nunreachable-since %" PRId64
            "\nbody-cut %d\nbody %zu\n",
            robots_url, answer_names[e->answer], e->fetched, e->lifetime,
            e->source, e->unreachable_since, e->body_cut ? 1 : 0, e->body_len);
    if (e->body_len > 0)
        fwrite(e->body, 1, e->body_len, f);
    ok = !ferror(f);
    ok = fclose(f) == 0 && ok;
    /* rename() replaces the entry at once: readers see one or the other. */
    if (!ok || rename(tmp, path) != 0) {
        cli_error("fetch: cannot write the cache entry %s: %s", path,
                  strerror(errno));
        (void)remove(tmp); /* best effort: the error said is the write's */
        return 0;
    }
    return 1;
}

void fetch_entry_free(fetch_entry *e) {
    free(e->body);
    e->body = NULL;
    e->body_len = 0;
}
