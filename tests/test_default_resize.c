/* SPDX-License-Identifier: MIT */
/*
 * test_default_resize.c - the library's own allocator when realloc()
 * fails. With no allocator given and no memory cap, a parse grows its
 * arrays, fits the document into its text's array and fits a large
 * body's kept parts with realloc() (alloc.c, rb_resize(),
 * grow_by_resize(); parse.c, assemble()). A caller's allocator has no
 * resize, so
 * test_alloc.c's refusing allocators never reach that call: this program
 * puts its own realloc() in front of libc's, which may refuse, and asks
 * that a refused resize is ROBOTS_ERR_NO_MEMORY with no document, as
 * robots_common.h says of any allocation that fails.
 *
 * The realloc() below is built on malloc(), malloc_usable_size() and
 * free(), so that the sanitizers' and valgrind's own allocators, which
 * replace those three, still see every block: their leak checks are what
 * say that a refused parse frees everything.
 */
#include "robots.h"
#include "testing.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The calls to realloc() so far, and the one to refuse (1 is the first;
 * 0 refuses none). */
static size_t realloc_calls;
static size_t refuse_call;

void *realloc(void *ptr, size_t size) {
    realloc_calls++;
    if (realloc_calls == refuse_call)
        return NULL;
    if (ptr == NULL)
        return malloc(size);
    void *moved = malloc(size);
    if (moved == NULL)
        return NULL;
    size_t have = malloc_usable_size(ptr);
    memcpy(moved, ptr, have < size ? have : size);
    free(ptr);
    return moved;
}

/* A group and then `line` (a format of one int) numbered from 0 to `len`
 * bytes. The sizes below: past the stack's region of the tiniest bodies
 * (768 bytes); past the heap region of those up to 16 KiB, where the text's
 * array is the document's block resized (under 64 KiB) or, larger, the
 * parts of 1 KiB or more are kept where they were written, each resized
 * (parse.c, resize_kept()); and, with lines whose records outgrow their
 * first room, arrays grown by realloc() (alloc.c, grow_by_resize()). */
static char *numbered_body(const char *line, size_t len) {
    char *body = malloc(len + 128);
    if (body == NULL) {
        fputs("test_default_resize: out of memory\n", stderr);
        exit(2);
    }
    size_t at = (size_t)sprintf(body, "User-agent: *\n");
    for (int i = 0; at < len; i++)
        at += (size_t)sprintf(body + at, line, i);
    body[at] = '\0';
    return body;
}

/* The rules of a body (its Disallow lines). */
static size_t rules_of(const char *body) {
    size_t rules = 0;
    for (const char *s = body; (s = strstr(s, "Disallow:")) != NULL; s++)
        rules++;
    return rules;
}

/* A group of rules padded by a comment to exactly `len` bytes (at least
 * 32). */
static char *sized_body(size_t len) {
    char *body = malloc(len + 1);
    if (body == NULL) {
        fputs("test_default_resize: out of memory\n", stderr);
        exit(2);
    }
    size_t at = (size_t)sprintf(body, "User-agent: *\n");
    for (int i = 0; len - at >= 17 + 2; i++) /* a rule, and the comment */
        at += (size_t)sprintf(body + at, "Disallow: /%05d\n", i % 100000);
    body[at++] = '#';
    while (at < len - 1)
        body[at++] = 'x';
    body[at++] = '\n';
    body[at] = '\0';
    return body;
}

/* The lines of a body that start with `key`. */
static size_t lines_of(const char *body, const char *key) {
    size_t lines = 0, klen = strlen(key);
    for (const char *s = body; s != NULL && *s != '\0';) {
        lines += strncmp(s, key, klen) == 0;
        s = strchr(s, '\n');
        s = s != NULL ? s + 1 : NULL;
    }
    return lines;
}

/* The default parse calls realloc() (else the rest proves nothing) and
 * keeps every rule (`rules` of them), every sitemap and every other
 * record (a Noindex line's). */
static void resized_document(const char *body, size_t rules) {
    realloc_calls = 0;
    refuse_call = 0;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, strlen(body), NULL, &doc), ROBOTS_OK);
    EXPECT(realloc_calls >= 1);
    EXPECT(doc != NULL);
    if (doc != NULL) {
        EXPECT_EQ(robots_rule_count(doc), rules);
        EXPECT_EQ(robots_sitemap_count(doc), lines_of(body, "Sitemap:"));
        EXPECT_EQ(robots_extension_count(doc), lines_of(body, "Noindex:"));
    }
    robots_free(doc);
}

/* Each realloc() of a parse refused in turn: ROBOTS_ERR_NO_MEMORY and no
 * document, then a parse that refuses nothing gives the whole document
 * again (nothing of the failed one is left behind to change it). */
static void refused_resize(const char *body, size_t rules) {
    realloc_calls = 0;
    refuse_call = 0;
    robots_txt *doc = NULL;
    EXPECT_EQ(robots_parse(body, strlen(body), NULL, &doc), ROBOTS_OK);
    robots_free(doc);
    size_t calls = realloc_calls;
    for (size_t n = 1; n <= calls; n++) {
        realloc_calls = 0;
        refuse_call = n;
        doc = (robots_txt *)(void *)&doc; /* set to NULL by the failure */
        EXPECT_EQ(robots_parse(body, strlen(body), NULL, &doc),
                  ROBOTS_ERR_NO_MEMORY);
        EXPECT(doc == NULL);
    }
    resized_document(body, rules);
}

/* A body of over RB_PARSE_REGION_TINY bytes (768) and up to
 * RB_PARSE_REGION_INPUT (16 KiB) is parsed with its text's array and its
 * region in one allocation, which becomes the document's block (parse.c,
 * open_region(), assemble()): two calls to realloc(), the host made (of
 * nothing) and resized, each refused in turn. At 768 bytes and under the
 * region is the stack's and the document one malloc(): no realloc();
 * over 16 KiB there is no region (the arrays' own, resized). */
static void region_thresholds(void) {
    static const struct {
        size_t len, reallocs; /* 0: not one realloc() */
    } sizes[] = {{768, 0}, {769, 2}, {16384, 2}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char *body = sized_body(sizes[i].len);
        size_t rules = rules_of(body);
        EXPECT_EQ(strlen(body), sizes[i].len);
        realloc_calls = 0;
        refuse_call = 0;
        robots_txt *doc = NULL;
        EXPECT_EQ(robots_parse(body, strlen(body), NULL, &doc), ROBOTS_OK);
        EXPECT_EQ(realloc_calls, sizes[i].reallocs);
        if (doc != NULL)
            EXPECT_EQ(robots_rule_count(doc), rules);
        robots_free(doc);
        if (sizes[i].reallocs != 0)
            refused_resize(body, rules);
        free(body);
    }
    char *large = sized_body(16385);
    resized_document(large, rules_of(large));
    refused_resize(large, rules_of(large));
    free(large);
}

int main(void) {
    static const struct {
        const char *line;
        size_t len;
    } bodies[] = {
        {"Disallow: /private/%05d\n", 2000},
        {"Disallow: /private/%05d\n", 40000},
        {"Disallow: /private/%05d\n", 100000},
        {"Sitemap: https://example.com/sitemap-%05d.xml\n", 40000},
        {"Noindex: /private/%05d\n", 40000},
        /* lists of records that outgrow RB_RESIZE_MAX (128 KiB): grown
         * by realloc() to just under it, then copied past it (alloc.c,
         * resizable_room()) */
        {"Sitemap: https://example.com/sitemap-%05d.xml\n", 200000},
        {"Noindex: /private/%05d\n", 200000},
        /* lines without a key, in a hosted region: the diagnostics'
         * messages outgrow the text's room in the host, and the text
         * leaves it for an array of its own (alloc.c, rb_vec_grow()) */
        {"line %d\n", 2000},
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        char *body = numbered_body(bodies[i].line, bodies[i].len);
        resized_document(body, rules_of(body));
        refused_resize(body, rules_of(body));
        free(body);
    }
    region_thresholds();
    return testing_finish();
}
