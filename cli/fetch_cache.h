/* SPDX-License-Identifier: MIT */
/*
 * fetch_cache.h - `robots fetch --cache-dir`: one entry per robots.txt URL
 * on disk, holding the last answer (the body, or allow-all/disallow-all),
 * when it was fetched and how long it may be used, and since when the file
 * has been unreachable, so that the 30-day rule can count days across
 * runs. Entries are written to a temporary file and renamed into place:
 * a concurrent run sees the old entry or the new one, never half of one.
 */
#ifndef ROBOTS_CLI_FETCH_CACHE_H
#define ROBOTS_CLI_FETCH_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* The answers an entry can hold. */
typedef enum fetch_answer {
    FETCH_ANSWER_NONE = 0, /* no answer yet (only failures) */
    FETCH_ANSWER_PARSE = 1,
    FETCH_ANSWER_ALLOW_ALL = 2,
    FETCH_ANSWER_DISALLOW_ALL = 3
} fetch_answer;

typedef struct fetch_entry {
    fetch_answer answer;
    int64_t fetched;  /* when the answer was received (unix seconds) */
    int64_t lifetime; /* seconds it may be used from then */
    char source[16];  /* robots_cache_source_name() of the lifetime */
    /* When the failures in a row began (unix seconds); 0 if none. */
    int64_t unreachable_since;
    char *body; /* the robots.txt body of a PARSE answer, malloc'd */
    size_t body_len;
    int body_cut; /* 1 when the body went on past what was kept */
} fetch_entry;

/* Loads the entry of `robots_url` from `dir` into *e (zeroed when there is
 * none or it cannot be read: a broken entry is no entry). body_max bounds
 * the body read. */
void fetch_cache_load(const char *dir, const char *robots_url, size_t body_max,
                      fetch_entry *e);

/* Writes *e as the entry of `robots_url`; 0 and a message on stderr when
 * it cannot (the answer stands, it is only not kept). */
int fetch_cache_store(const char *dir, const char *robots_url,
                      const fetch_entry *e);

void fetch_entry_free(fetch_entry *e);

#endif
