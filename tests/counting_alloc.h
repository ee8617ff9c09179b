/* SPDX-License-Identifier: MIT */
/*
 * counting_alloc.h - a robots_allocator for tests: counts calls, live bytes
 * and blocks, notices a free() told the wrong size, and fails on demand
 * (one numbered call, every call from a number on, every call larger
 * than a size, or every call while `refuse` is set).
 */
#ifndef ROBOTS_COUNTING_ALLOC_H
#define ROBOTS_COUNTING_ALLOC_H

#include "robots.h"

#include <stdlib.h>
#include <string.h>

typedef struct counting {
    size_t calls;        /* alloc calls so far */
    size_t fail_at;      /* fail the call with this number (1-based); 0 never */
    size_t fail_from;    /* fail every call from this number on; 0 never */
    size_t refuse_above; /* fail every call of more bytes; 0 never */
    size_t refused;      /* calls failed so far */
    int refuse;          /* fail every call while set */
    size_t live;         /* bytes not yet freed */
    size_t peak;         /* the most bytes live at once */
    size_t blocks;       /* blocks not yet freed */
    int size_mismatch;
} counting;

typedef struct header {
    size_t size;
    size_t pad;
} header;

static void *counting_alloc(void *ctx, size_t size) {
    counting *c = ctx;
    c->calls++;
    if (c->refuse || (c->fail_at != 0 && c->calls == c->fail_at) ||
        (c->fail_from != 0 && c->calls >= c->fail_from) ||
        (c->refuse_above != 0 && size > c->refuse_above)) {
        c->refused++;
        return NULL;
    }
    header *h = malloc(sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    c->live += size;
    if (c->live > c->peak)
        c->peak = c->live;
    c->blocks++;
    return h + 1;
}

static void counting_free(void *ctx, void *ptr, size_t size) {
    counting *c = ctx;
    header *h = (header *)ptr - 1;
    if (h->size != size)
        c->size_mismatch = 1;
    c->live -= h->size;
    c->blocks--;
    free(h);
}

/* A fresh counter that fails the call numbered fail_at (0: none), and an
 * allocator through it. */
static inline void counting_allocator_init(robots_allocator *allocator,
                                           counting *count, size_t fail_at) {
    memset(count, 0, sizeof *count);
    count->fail_at = fail_at;
    memset(allocator, 0, sizeof *allocator);
    allocator->alloc = counting_alloc;
    allocator->free = counting_free;
    allocator->ctx = count;
}

/* Parse options whose allocator is a fresh counting one. The document
 * keeps the counter (the allocator's ctx): this must outlive it. */
typedef struct counted_options {
    counting count;
    robots_allocator allocator;
    robots_options options;
} counted_options;

static inline void counted_options_init(counted_options *c,
                                        robots_profile profile) {
    memset(&c->count, 0, sizeof c->count);
    c->allocator.alloc = counting_alloc;
    c->allocator.free = counting_free;
    c->allocator.ctx = &c->count;
    robots_options_init(&c->options);
    c->options.profile = profile;
    c->options.allocator = &c->allocator;
}

#endif
