/* SPDX-License-Identifier: MIT */
/*
 * lowered_names.h - the direct search of legacy's tests (test_names_hash.c,
 * test_legacy_long_values.c, test_window_sort.c, test_legacy_select.c): a
 * value is in a name when, ASCII capitals lowered in both (legacy's
 * folding, rb_lower_fast()'s table), its bytes are some of the name's
 * (memmem). The names are lowered once for all the values searched in
 * them, a name twice only once: rb_contains_nocase()'s byte-by-byte search
 * of each value through every name took nine tenths of those tests' time
 * (test_names_hash: 48,000 values through 16 names of 2 KiB, 58 s of the
 * valgrind gate's; in the coverage build the library's search is the
 * instrumented one). memmem needs _GNU_SOURCE, defined by the test before
 * its first #include. The kept names are also one text, each followed by a
 * NUL: a value with no NUL is in a name exactly when it is in that text
 * (no match crosses a NUL it does not hold), one memmem for every name,
 * whose long needle's preparation (glibc's two-way) was most of the time
 * when it was done for each name.
 */
#ifndef ROBOTS_TEST_LOWERED_NAMES_H
#define ROBOTS_TEST_LOWERED_NAMES_H

#include "robots.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lowered {
    char *text; /* the kept names, each followed by a NUL */
    size_t text_len;
    robots_str *names;
    size_t count;
} lowered;

/* The search's own memory: a test that cannot allocate it stops, rather
 * than answer from nothing. */
static void *lowered_alloc(size_t bytes) {
    void *p = malloc(bytes);
    if (p == NULL) {
        fprintf(stderr, "lowered_names.h: no memory for %zu bytes\n", bytes);
        abort();
    }
    return p;
}

static char lower_byte(char c) {
    return (char)(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
}

static void lower_names(lowered *l, const robots_str *names, size_t count) {
    size_t bytes = 1;
    for (size_t i = 0; i < count; i++)
        bytes += names[i].len + 1;
    l->text = lowered_alloc(bytes);
    l->names = lowered_alloc((count + 1) * sizeof *l->names);
    l->count = 0;
    char *at = l->text;
    for (size_t i = 0; i < count; i++) {
        size_t len = names[i].len, kept = 0;
        for (size_t k = 0; k < len; k++)
            at[k] = lower_byte(names[i].ptr[k]);
        /* A name lowered as one kept before holds the same values: kept
         * once (test_legacy_long_values' runs repeat two names 64 times) */
        while (kept < l->count && (l->names[kept].len != len ||
                                   memcmp(l->names[kept].ptr, at, len) != 0))
            kept++;
        if (kept < l->count)
            continue;
        l->names[l->count].ptr = at;
        l->names[l->count].len = len;
        l->count++;
        at += len;
        *at++ = '\0';
    }
    l->text_len = (size_t)(at - l->text);
}

static void free_lowered(lowered *l) {
    free(l->text);
    free(l->names);
}

/* Whether the value (len bytes, at least one: the tests ask no empty
 * value, which memmem would find in every name) is in a name. */
static int in_lowered(const lowered *l, const char *v, size_t len) {
    char *low = lowered_alloc(len + 1);
    for (size_t k = 0; k < len; k++)
        low[k] = lower_byte(v[k]);
    int found = 0;
    if (memchr(low, '\0', len) == NULL)
        found = memmem(l->text, l->text_len, low, len) != NULL;
    else
        for (size_t i = 0; i < l->count && !found; i++)
            found = memmem(l->names[i].ptr, l->names[i].len, low, len) != NULL;
    free(low);
    return found;
}

#endif
