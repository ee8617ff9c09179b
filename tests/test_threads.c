/*
 * test_threads.c - one document, queried from several threads at once,
 * gives every thread the answers a single thread gets (the document is
 * immutable and the library keeps no global state). Under ThreadSanitizer
 * or helgrind this is also a data-race check.
 */
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

int main(void) {
    for (int p = 0; p < 2; p++) {
        robots_options options;
        robots_options_init(&options);
        options.profile = (robots_profile)p;
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, sizeof body - 1, &options, &doc),
                  ROBOTS_OK);
        enum { THREADS = 4 };
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
