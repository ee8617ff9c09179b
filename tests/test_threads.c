/* SPDX-License-Identifier: MIT */
/*
 * test_threads.c - one document, queried from several threads at once,
 * gives every thread the answers a single thread gets (the document is
 * immutable and the library keeps no global state), including threads
 * that race to compile the same set on a fresh document, and a thread
 * overtaken by another at each of its allocations in turn (the same
 * race, made to happen at every point where it can). Under
 * ThreadSanitizer or helgrind this is also a data-race check.
 */
#define _POSIX_C_SOURCE 200809L
#include "robots.h"
#include "testing.h"

#include <pthread.h>
#include <stdlib.h>

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

/* racer()'s checks, each answer against the rules of `body`. */
static void first_checks(job *j) {
    static const char *const names[] = {
        "FooBot", "otherbot", "FOOBOT", "OtherBot2", "x", "yy", "zzz"};
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
}

static void *racer(void *arg) {
    pthread_barrier_wait(&start_line);
    first_checks(arg);
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

/* A thread-safe allocator that, at its `pause_at`-th call once armed
 * (counted across threads), first lets a second thread make all of
 * first_checks() on the document and waits for it: the thread that asked
 * (compiling a set, or making the groups' slots for their units) is
 * overtaken at that point by one that publishes the same, as a thread
 * the scheduler paused there would be. race_to_compile() leaves where
 * the threads meet to the scheduler; this makes each meeting happen, so
 * that the code for a set another thread published first runs on every
 * run (the coverage gate counts it). */
typedef struct overtaking {
    pthread_mutex_t lock;
    size_t calls;    /* since armed */
    size_t pause_at; /* 1-based; 0 never */
    int armed;
    int overtaken;      /* the second thread ran */
    job second;         /* its document and mismatches */
    size_t live;        /* bytes not yet freed */
    size_t wrong_sizes; /* frees told another size than was allocated */
} overtaking;

static void *second_thread(void *arg) {
    first_checks(arg);
    return NULL;
}

static void *overtaking_alloc(void *ctx, size_t size) {
    overtaking *o = ctx;
    pthread_mutex_lock(&o->lock);
    int pause = o->armed && ++o->calls == o->pause_at;
    pthread_mutex_unlock(&o->lock);
    if (pause) { /* testing.h's counts are plain: EXPECT once it ended */
        pthread_t second;
        int created =
            pthread_create(&second, NULL, second_thread, &o->second) == 0;
        int joined = created && pthread_join(second, NULL) == 0;
        EXPECT(created && joined);
        o->overtaken = created;
    }
    size_t *block = malloc(sizeof(size_t) + size);
    if (block == NULL)
        return NULL;
    *block = size;
    pthread_mutex_lock(&o->lock);
    o->live += size;
    pthread_mutex_unlock(&o->lock);
    return block + 1;
}

static void overtaking_free(void *ctx, void *ptr, size_t size) {
    overtaking *o = ctx;
    size_t *block = (size_t *)ptr - 1;
    pthread_mutex_lock(&o->lock); /* either thread's: no EXPECT here */
    o->wrong_sizes += *block != size;
    o->live -= size;
    pthread_mutex_unlock(&o->lock);
    free(block);
}

/* One document's first_checks() overtaken at its allocation `pause_at`
 * (0: never): the answers of both threads right, every block freed with
 * the document, and robots_txt_memory_used() after the checks; whether
 * the second thread ran in *overtaken. */
static size_t overtaken_at(robots_profile profile, size_t pause_at,
                           int *overtaken) {
    overtaking o = {.calls = 0, .pause_at = pause_at};
    EXPECT_EQ(pthread_mutex_init(&o.lock, NULL), 0);
    robots_allocator allocator = {overtaking_alloc, overtaking_free, &o};
    robots_options options;
    robots_options_init(&options);
    options.profile = profile;
    options.allocator = &allocator;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc), ROBOTS_OK);
    job first = {doc, 0};
    o.second = first;
    o.armed = 1; /* the checks' allocations, not the parse's */
    first_checks(&first);
    EXPECT_EQ(first.mismatches, 0);
    EXPECT_EQ(o.second.mismatches, 0);
    size_t used = robots_txt_memory_used(doc);
    robots_free(doc);
    EXPECT_EQ(o.live, 0);
    EXPECT_EQ(o.wrong_sizes, 0);
    pthread_mutex_destroy(&o.lock);
    *overtaken = o.overtaken;
    return used;
}

/* Every allocation of a thread's first checks, in turn, the point where
 * another thread overtakes it: each set is still published once (the
 * memory used is one thread's), the copy that lost freed. */
static void overtaken_at_each_allocation(robots_profile profile) {
    int overtaken = 0;
    size_t alone = overtaken_at(profile, 0, &overtaken), points = 0;
    EXPECT(!overtaken);
    for (size_t at = 1;; at++) {
        size_t used = overtaken_at(profile, at, &overtaken);
        if (!overtaken)
            break; /* past the checks' last allocation */
        EXPECT_MSG(used == alone, "profile %d, overtaken at %zu: %zu, not %zu",
                   (int)profile, at, used, alone);
        points++;
    }
    EXPECT(points >= 2); /* the groups' slots and a set's unit at least */
}

int main(void) {
    overtaken_at_each_allocation(ROBOTS_PROFILE_RFC9309);
    overtaken_at_each_allocation(ROBOTS_PROFILE_GOOGLE);
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
