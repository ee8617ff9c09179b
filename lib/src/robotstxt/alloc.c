/* SPDX-License-Identifier: MIT */
/*
 * alloc.c - all memory the library takes: the caller's allocator (or
 * malloc, and realloc() to fit a document to its size), the count of
 * live bytes against the memory cap, and growable arrays built on top.
 * Nothing here aborts; failure is a NULL and a status.
 */
#include "memory.h"

#include <stdlib.h>
#include <string.h>

static void *default_alloc(void *ctx, size_t size) {
    (void)ctx;
    return malloc(size);
}

static void default_free(void *ctx, void *ptr, size_t size) {
    (void)ctx;
    (void)size;
    free(ptr);
}

void rb_mem_init(rb_mem *mem, const robots_allocator *allocator, size_t cap) {
    if (allocator != NULL && allocator->alloc != NULL &&
        allocator->free != NULL) {
        mem->allocator = *allocator;
    } else {
        mem->allocator.alloc = default_alloc;
        mem->allocator.free = default_free;
        mem->allocator.ctx = NULL;
    }
    mem->live = 0;
    mem->peak = 0;
    mem->cap = cap;
    mem->failure = ROBOTS_OK;
    rb_mem_no_region(mem);
}

static size_t region_round(size_t size) {
    return rb_region_round(size);
}

int rb_mem_open_region(rb_mem *mem, size_t size) {
    size = region_round(size);
    unsigned char *region = rb_alloc(mem, size);
    if (region == NULL)
        return 0;
    mem->region = region;
    mem->region_used = 0;
    mem->region_size = size;
    mem->region_span = size;
    return 1;
}

/* NULL, for rb_resize() to allocate anew by realloc() of nothing, which
 * the compiler would otherwise turn into malloc(): the host and what
 * leaves it are the allocations a refusing realloc() reaches
 * (tests/test_default_resize.c), as the host's resize is. */
static void *no_block(void) {
    void *none = NULL;
    RB_IN_REGISTER(none);
    return none;
}

void *rb_mem_open_hosted_region(rb_mem *mem, size_t room, size_t size) {
    room = region_round(room); /* the region 16-aligned, as rb_alloc()'s */
    size = region_round(size);
    if (room > SIZE_MAX - size) {
        mem->failure = ROBOTS_ERR_TOO_LARGE;
        return NULL;
    }
    unsigned char *host = rb_resize(mem, no_block(), 0, room + size);
    if (host == NULL)
        return NULL;
    mem->region = host + room;
    mem->region_used = 0;
    mem->region_size = size;
    mem->region_span = size;
    mem->region_host = host;
    mem->region_host_size = room + size;
    return host;
}

void rb_mem_lend_region(rb_mem *mem, unsigned char *buf, size_t size) {
    mem->region = buf;
    mem->region_used = 0;
    mem->region_size = size;
    mem->region_span = size;
    mem->region_lent = 1;
}

void rb_mem_release_region(rb_mem *mem) {
    /* a hosted region goes with its host, the allocation it lies in */
    unsigned char *block =
        mem->region_host != NULL ? mem->region_host : mem->region;
    size_t size =
        mem->region_host != NULL ? mem->region_host_size : mem->region_span;
    int lent = mem->region_lent;
    rb_mem_no_region(mem);
    if (!lent)
        rb_free(mem, block, size);
}

void *rb_alloc(rb_mem *mem, size_t size) {
    if (size == 0)
        size = 1;
    size_t room = mem->region_size > mem->region_used
                      ? mem->region_size - mem->region_used
                      : 0;
    if (size <= room && region_round(size) <= room) {
        void *ptr = mem->region + mem->region_used;
        mem->region_used += region_round(size);
        return ptr; /* counted with the region */
    }
    if (mem->cap != 0 && (size > mem->cap || mem->live > mem->cap - size)) {
        mem->failure = ROBOTS_ERR_MEMORY_CAP;
        return NULL;
    }
    void *ptr = mem->allocator.alloc(mem->allocator.ctx, size);
    if (ptr == NULL) {
        mem->failure = ROBOTS_ERR_NO_MEMORY;
        return NULL;
    }
    mem->live += size;
    if (mem->live > mem->peak)
        mem->peak = mem->live;
    return ptr;
}

/* The library's own allocator is malloc(), whose blocks realloc() takes. */
int rb_mem_resizable(const rb_mem *mem) {
    return mem->allocator.alloc == default_alloc && mem->cap == 0;
}

void *rb_resize(rb_mem *mem, void *ptr, size_t old_size, size_t size) {
    void *moved = realloc(ptr, size == 0 ? 1 : size);
    if (moved == NULL) {
        mem->failure = ROBOTS_ERR_NO_MEMORY;
        return NULL;
    }
    mem->live = mem->live - old_size + (size == 0 ? 1 : size);
    if (mem->live > mem->peak)
        mem->peak = mem->live;
    return moved;
}

void rb_free(rb_mem *mem, void *ptr, size_t size) {
    if (ptr == NULL || ptr == mem->region_host)
        return; /* the host is freed with its region */
    if (size == 0)
        size = 1;
    if (rb_mem_in_region(mem, ptr)) {
        /* the last one given is taken back: an array that grows reuses
         * its room */
        if ((unsigned char *)ptr + region_round(size) ==
            mem->region + mem->region_used)
            mem->region_used -= region_round(size);
        return;
    }
    mem->live -= size;
    mem->allocator.free(mem->allocator.ctx, ptr, size);
}

/* An array that is the region's last allocation grows where it is, into
 * the room after it: no new room and no copy. A parse's arrays mostly
 * grow one at a time (the records of a run of sitemap lines, the
 * diagnostics of a page of HTML), so the one growing is usually the
 * last. 0 when it is not, or the room is too small. */
static int grow_in_region(rb_mem *mem, rb_vec *vec, size_t cap) {
    if (vec->data == NULL || !rb_mem_in_region(mem, vec->data))
        return 0;
    size_t have = region_round(vec->cap * vec->elem);
    size_t want = region_round(cap * vec->elem);
    if (vec->data + have != mem->region + mem->region_used ||
        mem->region_size < mem->region_used ||
        want - have > mem->region_size - mem->region_used)
        return 0;
    mem->region_used += want - have;
    vec->cap = cap;
    return 1;
}

/* With the library's own allocator and no cap (rb_mem_resizable()), an
 * array of the allocator's grows by realloc(): in place when the heap has
 * the room after it, where a new array and a copy cost the corpus's parse
 * a byte an instruction (a large file's records and diagnostics, doubled
 * from their first room). Under RB_RESIZE_MAX, old and new. 1 when
 * grown, 0 when it may not (nothing done), -1 when realloc() failed
 * (mem->failure set, the array unchanged). */
static int grow_by_resize(rb_mem *mem, rb_vec *vec, size_t cap) {
    size_t have = vec->cap * vec->elem, want = cap * vec->elem;
    if (vec->data == NULL || want >= RB_RESIZE_MAX ||
        vec->data == mem->region_host || rb_mem_in_region(mem, vec->data) ||
        !rb_mem_resizable(mem))
        return 0;
    unsigned char *data = rb_resize(mem, vec->data, have, want);
    if (data == NULL)
        return -1;
    vec->data = data;
    vec->cap = cap;
    return 1;
}

/* A growth past RB_RESIZE_MAX, of an array under it, stops just under it
 * when that room holds what is needed and the array may grow by
 * realloc() (grow_by_resize()): past it, the array was copied to a new
 * one, and then, too large to be kept where it was written, copied again
 * into the document's block (parse.c, parts_to_keep()): a large page's
 * list of records, doubled or grown fourfold past it, was copied twice
 * (over the real-world corpus, 0.3 M instructions). `cap` is the room
 * the growth would take (it fits a size_t in bytes). */
static size_t resizable_room(const rb_mem *mem, const rb_vec *vec, size_t cap,
                             size_t need) {
    size_t under = (RB_RESIZE_MAX - 1) / vec->elem;
    if (cap > under && vec->cap < under && need <= under &&
        rb_mem_resizable(mem))
        return under;
    return cap;
}

void *rb_vec_grow(rb_mem *mem, rb_vec *vec, size_t more) {
    if (more > SIZE_MAX / vec->elem - vec->count) {
        mem->failure = ROBOTS_ERR_TOO_LARGE;
        return NULL;
    }
    size_t need = vec->count + more;
    if (need > vec->cap || vec->data == NULL) {
        /* Double (or grow in place, in the region): each element is
         * copied about once in all, where growing by half copied it about
         * twice (1.7 M instructions over the real-world corpus, most of
         * it the records of pages of HTML); the peak while a copy is made
         * is at most 3 times the final size, and robots_parse_memory_bound()
         * allows 32 (tests/test_alloc.c measures the densest inputs). A
         * doubling that wraps is smaller than need, which then wins. */
        size_t cap = vec->cap < 16 ? 16 : 2 * vec->cap;
        if (cap < vec->planned)
            cap = vec->planned;
        vec->planned = 0;
        if (cap < need)
            cap = need;
        if (cap > SIZE_MAX / vec->elem) {
            mem->failure = ROBOTS_ERR_TOO_LARGE;
            return NULL;
        }
        if (vec->data != NULL)
            cap = resizable_room(mem, vec, cap, need);
        if (vec->data == NULL) {
            /* a first room: nothing to grow in place, to copy or to free
             * (the diagnostics' and the index's first arrays, over 1,000
             * of the corpus's files' each) */
            unsigned char *data = rb_alloc(mem, cap * vec->elem);
            if (data == NULL)
                return NULL;
            vec->data = data;
            vec->cap = cap;
            return data + vec->count * vec->elem;
        }
        if (grow_in_region(mem, vec, cap))
            return vec->data + vec->count * vec->elem;
        int resized = grow_by_resize(mem, vec, cap);
        if (resized > 0)
            return vec->data + vec->count * vec->elem;
        if (resized < 0)
            return NULL;
        /* An array leaving a hosted region's host (the text, past its
         * room) goes to the allocator (realloc() of nothing, as the host
         * came), where realloc() may grow it and resize it into the
         * document's block, as the text's own array was before the host. */
        unsigned char *data =
            vec->data != NULL && vec->data == mem->region_host
                ? rb_resize(mem, no_block(), 0, cap * vec->elem)
                : rb_alloc(mem, cap * vec->elem);
        if (data == NULL)
            return NULL;
        if (vec->data != NULL && vec->count != 0)
            memcpy(data, vec->data, vec->count * vec->elem);
        rb_free(mem, vec->data, vec->cap * vec->elem);
        vec->data = data;
        vec->cap = cap;
    }
    return vec->data + vec->count * vec->elem;
}

void rb_vec_release(rb_mem *mem, rb_vec *vec) {
    if (vec->data != NULL)
        rb_free(mem, vec->data, vec->cap * vec->elem);
    vec->data = NULL;
    vec->count = 0;
    vec->cap = 0;
}
