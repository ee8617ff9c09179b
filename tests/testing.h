/* SPDX-License-Identifier: MIT */
/*
 * testing.h - the few assertions the unit tests need. Each test program
 * counts its checks and ends with "N passed, N failed"; it exits non-zero
 * if any failed, which is what ctest reads.
 */
#ifndef ROBOTS_TESTING_H
#define ROBOTS_TESTING_H

#include <stdio.h>
#include <string.h>

static int testing_passed;
static int testing_failed;

#define EXPECT(cond)                                                           \
    do {                                                                       \
        if (cond) {                                                            \
            testing_passed++;                                                  \
        } else {                                                               \
            testing_failed++;                                                  \
            fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                      \
    } while (0)

#define EXPECT_MSG(cond, ...)                                                  \
    do {                                                                       \
        if (cond) {                                                            \
            testing_passed++;                                                  \
        } else {                                                               \
            testing_failed++;                                                  \
            fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
        }                                                                      \
    } while (0)

#define EXPECT_EQ(a, b)                                                        \
    EXPECT_MSG((a) == (b), "%lld != %lld", (long long)(a), (long long)(b))

#define EXPECT_STRN(s, len, lit)                                               \
    EXPECT_MSG((len) == strlen(lit) && memcmp((s), (lit), (len)) == 0,         \
               "'%.*s' != '%s'", (int)(len), (s), (lit))

static inline int testing_finish(void) {
    printf("%d passed, %d failed\n", testing_passed, testing_failed);
    return testing_failed == 0 ? 0 : 1;
}

#endif
