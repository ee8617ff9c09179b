/* SPDX-License-Identifier: MIT */
/*
 * cost_counter.c - counts the steps of one call (cost_counter.h): clang's
 * edge callbacks from the instrumented library and CLI code, and the libc
 * byte loops they call, wrapped at link time. This file itself is compiled
 * without the instrumentation.
 */
#include "cost_counter.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static uint64_t counted;
static uint64_t most = UINT64_MAX;
static int armed;
static int registered;
static void (*on_over)(void);

void cost_start(uint64_t limit, void (*over)(void)) {
    counted = 0;
    most = limit;
    on_over = over;
    armed = 1;
}

uint64_t cost_stop(void) {
    armed = 0;
    most = UINT64_MAX;
    return counted;
}

uint64_t cost_steps(void) {
    return counted;
}

int cost_instrumented(void) {
    return registered;
}

static void charge(uint64_t steps) {
    if (!armed)
        return;
    counted += steps;
    if (counted > most) {
        armed = 0;
        on_over();
    }
}

/* One step a call, one per 16 bytes touched. */
static void charge_bytes(size_t bytes) {
    charge(1 + bytes / 16);
}

/* clang's SanitizerCoverage interface (trace-pc-guard): the names are
 * clang's. Every guard is set non-zero, so each edge calls back. Declared
 * first for -Wmissing-prototypes: no header of ours declares them. */
void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, /* NOLINT */
                                         uint32_t *stop); /* NOLINT */
void __sanitizer_cov_trace_pc_guard(uint32_t *guard);     /* NOLINT */
void __sanitizer_cov_trace_pc_guard_init(/* NOLINT(readability-identifier-naming)
                                          */
                                         uint32_t *start, uint32_t *stop) {
    for (uint32_t *g = start; g < stop; g++)
        *g = 1;
    registered = 1;
}

void __sanitizer_cov_trace_pc_guard(/* NOLINT(readability-identifier-naming) */
                                    uint32_t *guard) {
    (void)guard;
    charge(1);
}

/* The libc functions the instrumented code calls, by -Wl,--wrap=NAME: the
 * linker sends its calls to __wrap_NAME and __real_NAME to libc's. */
void *__real_memchr(const void *s, int c, size_t n);       /* NOLINT */
int __real_memcmp(const void *a, const void *b, size_t n); /* NOLINT */
void *__real_memcpy(void *d, const void *s, size_t n);     /* NOLINT */
void *__real_memmove(void *d, const void *s, size_t n);    /* NOLINT */
void *__real_memset(void *d, int c, size_t n);             /* NOLINT */
size_t __real_strlen(const char *s);                       /* NOLINT */
void *__real_calloc(size_t n, size_t size);                /* NOLINT */
void *__real_realloc(void *p, size_t size);                /* NOLINT */
void *__wrap_memchr(const void *s, int c, size_t n);       /* NOLINT */
int __wrap_memcmp(const void *a, const void *b, size_t n); /* NOLINT */
void *__wrap_memcpy(void *d, const void *s, size_t n);     /* NOLINT */
void *__wrap_memmove(void *d, const void *s, size_t n);    /* NOLINT */
void *__wrap_memset(void *d, int c, size_t n);             /* NOLINT */
size_t __wrap_strlen(const char *s);                       /* NOLINT */
void *__wrap_calloc(size_t n, size_t size);                /* NOLINT */
void *__wrap_realloc(void *p, size_t size);                /* NOLINT */

void *__wrap_memchr(const void *s, int c, size_t n) { /* NOLINT */
    void *found = __real_memchr(s, c, n);
    charge_bytes(found ? (size_t)((const char *)found - (const char *)s) + 1
                       : n);
    return found;
}

/* memcmp reads up to the first difference: that is what is charged. */
int __wrap_memcmp(const void *a, const void *b, size_t n) { /* NOLINT */
    const unsigned char *x = a, *y = b;
    size_t read = 0;
    while (read < n && x[read] == y[read])
        read++;
    charge_bytes(read < n ? read + 1 : n);
    return __real_memcmp(a, b, n);
}

void *__wrap_memcpy(void *d, const void *s, size_t n) { /* NOLINT */
    charge_bytes(n);
    return __real_memcpy(d, s, n);
}

void *__wrap_memmove(void *d, const void *s, size_t n) { /* NOLINT */
    charge_bytes(n);
    return __real_memmove(d, s, n);
}

void *__wrap_memset(void *d, int c, size_t n) { /* NOLINT */
    charge_bytes(n);
    return __real_memset(d, c, n);
}

size_t __wrap_strlen(const char *s) { /* NOLINT */
    size_t n = __real_strlen(s);
    charge_bytes(n + 1);
    return n;
}

void *__wrap_calloc(size_t n, size_t size) { /* NOLINT */
    charge_bytes(size && n <= SIZE_MAX / size ? n * size : 0);
    return __real_calloc(n, size);
}

/* A move copies at most the new size. */
void *__wrap_realloc(void *p, size_t size) { /* NOLINT */
    charge_bytes(p ? size : 0);
    return __real_realloc(p, size);
}
