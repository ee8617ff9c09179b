/* SPDX-License-Identifier: MIT */
/*
 * test_threads.c - one document, queried from several threads at once,
 * gives every thread the answers a single thread gets (the document is
 * immutable and the library keeps no global state), including threads
 * that race to compile the same set on a fresh document. Under
 * ThreadSanitizer or helgrind this is also a data-race check.
 */
#define _POSIX_C_SOURCE 200809L
#include "robots.h"
#include "testing.h"

#include <pthread.h>

static const char body[] = "User-agent: *\nDisallow: /private\n"
                           "Allow: /private/ok\nDisallow: /*.gif$\n"
                           "User-agent: foobot\nDisallow: /\n";
static const char *const urls[] = {"/", "/private/x", "/private/ok/y", "/a.gif",
                                   "/a.gif?x"};
static const int star[] = {1, 0, 1, 0, 1};

typedef struct job {
    const robots_txt *doc;
    int mismatches;
} job;

static void *worker(void *arg) {
    job *j = arg;
    for (int round = 0; round < 2000; round++) {
        for (size_t i = 0; i < 5; i++) {
            robots_verdict v;
            if (robots_check_agent(j->doc, "otherbot", 8, urls[i],
                                   strlen(urls[i]), &v) != ROBOTS_OK ||
                v.allowed != star[i])
                j->mismatches++;
            if (robots_check_agent(j->doc, "FooBot", 6, urls[i],
                                   strlen(urls[i]), &v) != ROBOTS_OK ||
                v.allowed != 0)
                j->mismatches++;
        }
    }
    return NULL;
}

/* Every thread's first checks on a fresh document, all at once: the
 * document's first 8 walk the rules (counted by an atomic, check.c); each
 * check after them compiles the sets its agent reads, unless another
 * publishes them first, and remembers its names' resolutions in the
 * document's memo, more names than it has slots, unless another takes
 * the slot first. */
static pthread_barrier_t start_line;

static void *racer(void *arg) {
    static const char *const names[] = {
        "FooBot", "otherbot", "FOOBOT", "OtherBot2", "x", "yy", "zzz"};
    job *j = arg;
    pthread_barrier_wait(&start_line);
    for (size_t i = 0; i < 5; i++) {
        for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
            robots_verdict v;
            int want = n == 0 || n == 2 ? 0 : star[i];
            if (robots_check_agent(j->doc, names[n], strlen(names[n]), urls[i],
                                   strlen(urls[i]), &v) != ROBOTS_OK ||
                v.allowed != want)
                j->mismatches++;
        }
    }
    return NULL;
}

enum { THREADS = 4 };

/* The race, many times over: each set is published once (the document
 * counts the memory one thread's checks compile, no more) and no thread
 * sees another answer. */
static void race_to_compile(robots_profile profile) {
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
    job alone = {doc, 0};
    EXPECT_EQ(pthread_barrier_init(&start_line, NULL, 1), 0);
    racer(&alone);
    pthread_barrier_destroy(&start_line);
    EXPECT_EQ(alone.mismatches, 0);
    size_t compiled = robots_txt_memory_used(doc);
    robots_free(doc);
    for (int round = 0; round < 200; round++) {
        EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc),
                  ROBOTS_OK);
        EXPECT(robots_txt_memory_used(doc) < compiled);
        EXPECT_EQ(pthread_barrier_init(&start_line, NULL, THREADS), 0);
        pthread_t threads[THREADS];
        job jobs[THREADS];
        for (int t = 0; t < THREADS; t++) {
            jobs[t].doc = doc;
            jobs[t].mismatches = 0;
            EXPECT_EQ(pthread_create(&threads[t], NULL, racer, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++) {
            EXPECT_EQ(pthread_join(threads[t], NULL), 0);
            EXPECT_EQ(jobs[t].mismatches, 0);
        }
        pthread_barrier_destroy(&start_line);
        EXPECT_EQ(robots_txt_memory_used(doc), compiled);
        robots_free(doc);
    }
}

int main(void) {
    race_to_compile(ROBOTS_PROFILE_RFC9309);
    race_to_compile(ROBOTS_PROFILE_GOOGLE);
    for (int p = 0; p < 2; p++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc),
                  ROBOTS_OK);
        pthread_t threads[THREADS];
        job jobs[THREADS];
        for (int t = 0; t < THREADS; t++) {
            jobs[t].doc = doc;
            jobs[t].mismatches = 0;
            EXPECT_EQ(pthread_create(&threads[t], NULL, worker, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++) {
            EXPECT_EQ(pthread_join(threads[t], NULL), 0);
            EXPECT_EQ(jobs[t].mismatches, 0);
        }
        robots_free(doc);
    }
    return testing_finish();
}
