/* SPDX-License-Identifier: MIT */
/*
 * replay_main.c - a main() for the harnesses when libFuzzer is not linked.
 *
 *   Standalone (any compiler): replays each file named on the command line,
 *   and every file of each directory named (not recursively; names starting
 *   with '.' are skipped), through LLVMFuzzerTestOneInput. Each input is
 *   copied into a heap block of exactly its size. With no arguments it
 *   replays stdin. Exit 0 when every input was replayed (a finding aborts),
 *   1 when a file could not be read. This is how ctest replays corpus/ and
 *   corpus/regressions/ in every build, gcc included.
 *
 *   AFL++ (afl-clang-fast defines __AFL_FUZZ_TESTCASE_LEN): persistent mode,
 *   the test case read from shared memory, 10,000 runs per fork.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* libFuzzer names it. */
int LLVMFuzzerTestOneInput(/* NOLINT(readability-identifier-naming) */
                           const uint8_t *data, size_t size);

#ifdef __AFL_FUZZ_TESTCASE_LEN

/* AFL++'s macros use read() and GNU statement expressions. */
#include <unistd.h>
#pragma clang diagnostic ignored "-Wgnu-statement-expression"
#pragma clang diagnostic ignored "-Wextra-semi"
/* __AFL_FUZZ_TESTCASE_LEN stores read()'s ssize_t in an unsigned int of
 * its own; the conversion is inside AFL++'s macro, not in this file. */
#pragma clang diagnostic ignored "-Wshorten-64-to-32"
#pragma clang diagnostic ignored "-Wconversion"

__AFL_FUZZ_INIT();

int main(void) {
#ifdef __AFL_HAVE_MANUAL_CONTROL
    __AFL_INIT();
#endif
    const unsigned char *buf = __AFL_FUZZ_TESTCASE_BUF;
    while (__AFL_LOOP(10000)) {
        size_t len = (size_t)__AFL_FUZZ_TESTCASE_LEN;
        /* An exact-size copy, as under libFuzzer, so ASan sees overreads. */
        uint8_t *copy = malloc(len ? len : 1);
        if (copy == NULL)
            abort();
        memcpy(copy, buf, len);
        LLVMFuzzerTestOneInput(copy, len);
        free(copy);
    }
    return 0;
}

#else

static int run_stream(FILE *f, const char *name) {
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (buf == NULL)
        return 1;
    for (;;) {
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                return 1;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    if (ferror(f)) {
        fprintf(stderr, "replay: %s: read error\n", name);
        free(buf);
        return 1;
    }
    uint8_t *exact = malloc(len ? len : 1);
    if (exact == NULL) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int run_file(const char *path, size_t *count) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 1;
    }
    int rc = run_stream(f, path);
    fclose(f);
    (*count)++;
    return rc;
}

static int run_path(const char *path, size_t *count) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: cannot stat %s\n", path);
        return 1;
    }
    if (!S_ISDIR(st.st_mode))
        return run_file(path, count);
    DIR *dir = opendir(path);
    if (dir == NULL) {
        fprintf(stderr, "replay: cannot open directory %s\n", path);
        return 1;
    }
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *child = malloc(n);
        if (child == NULL) {
            rc = 1;
            break;
        }
        snprintf(child, n, "%s/%s", path, e->d_name);
        if (stat(child, &st) == 0 && S_ISREG(st.st_mode))
            rc |= run_file(child, count);
        free(child);
    }
    closedir(dir);
    return rc;
}

int main(int argc, char **argv) {
    size_t count = 0;
    int rc = 0;
    if (argc < 2) {
        rc = run_stream(stdin, "stdin");
        count = 1;
    }
    for (int i = 1; i < argc; i++)
        rc |= run_path(argv[i], &count);
    fprintf(stderr, "replay: %zu input%s replayed%s\n", count,
            count == 1 ? "" : "s", rc ? ", some could not be read" : "");
    return rc;
}

#endif
