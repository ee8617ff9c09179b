/* SPDX-License-Identifier: MIT */
/*
 * memory.h - the memory of a parse (alloc.c): one rb_mem per document,
 * counting live bytes against the cap, and the growable array every
 * builder uses. May call: the caller's robots_allocator only.
 */
#ifndef ROBOTS_RT_MEMORY_H
#define ROBOTS_RT_MEMORY_H

#include "compiler.h"
#include "robots.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Every allocation of a parse goes through one rb_mem, which counts the
 * live bytes and enforces the cap, so a cap bounds the peak, not only the
 * result. */
typedef struct rb_mem {
    robots_allocator allocator;
    size_t live;           /* bytes currently allocated */
    size_t peak;           /* most bytes ever live at once */
    size_t cap;            /* 0: none */
    robots_status failure; /* why the last rb_alloc failed */
    int region_lent;       /* the region below is the caller's: not freed */
    /* A parse's one block for its small allocations (rb_mem_open_region()):
     * those that fit in what is left of it come from it with no call to
     * the allocator, so that a small file's arrays, scratch and index
     * cost one allocation, not a dozen. The block is counted once, when
     * it is allocated; what it serves is not counted again. NULL outside
     * a parse. */
    unsigned char *region;
    size_t region_used; /* its first bytes given out */
    size_t region_size; /* the most it gives out: 0 once closed */
    size_t region_span; /* its whole length, for rb_mem_in_region() */
    /* The allocation the region lies in when it shares one with the
     * text's first room (rb_mem_open_hosted_region()), and its size; NULL
     * when the region is an allocation of its own, lent, or none. */
    unsigned char *region_host;
    size_t region_host_size;
} rb_mem;

RB_HIDDEN void rb_mem_init(rb_mem *mem, const robots_allocator *allocator,
                           size_t cap);
/* Allocates the region, `size` bytes; 0 on failure (mem->failure set). */
RB_HIDDEN int rb_mem_open_region(rb_mem *mem, size_t size);
/* No region: its fields empty (nothing freed). */
static inline void rb_mem_no_region(rb_mem *mem) {
    mem->region = NULL;
    mem->region_used = 0;
    mem->region_size = 0;
    mem->region_span = 0;
    mem->region_lent = 0;
    mem->region_host = NULL;
    mem->region_host_size = 0;
}
/* One allocation for a text's first `room` bytes and, after them, a
 * region of `size`: the text's room (its start), or NULL on failure
 * (mem->failure set). The two are allocated and freed together, one call
 * to the allocator each rather than two: the text's room is what the
 * document's block is resized from (rb_mem_give_host()), and the region
 * goes with it. Until then the host is freed with the region
 * (rb_mem_release_region()), not by rb_free(), and is never resized in
 * place of an array that grows (the region would move): the text that
 * outgrows its room leaves the host for the allocator (rb_vec_grow()). */
RB_HIDDEN void *rb_mem_open_hosted_region(rb_mem *mem, size_t room,
                                          size_t size);
/* The host, resized by rb_resize() to `block`, given to the document:
 * the region, gone with the host's tail, is left empty and lent (nothing
 * of it is freed, nothing is in it). The arrays that were in it must not
 * be touched. */
static inline void rb_mem_give_host(rb_mem *mem, unsigned char *block) {
    rb_mem_no_region(mem);
    mem->region = block;
    mem->region_lent = 1;
}
/* The caller's `size` bytes at `buf` (16-aligned; its stack) as the
 * region: no allocation, and nothing counted against the cap, which
 * bounds what is allocated; rb_mem_release_region() gives it back. */
RB_HIDDEN void rb_mem_lend_region(rb_mem *mem, unsigned char *buf, size_t size);
/* No more allocations from the region; the ones it holds may still be
 * freed (for nothing) until rb_mem_release_region(). */
static inline void rb_mem_close_region(rb_mem *mem) {
    mem->region_size = 0;
}
/* A size in the region, rounded up to 16 bytes: its allocations are
 * 16-aligned, as malloc's are on the machines the region is for. */
static inline size_t rb_region_round(size_t size) {
    return (size + 15) & ~(size_t)15;
}
/* Whether ptr is in the region: memory that the parse's end takes back,
 * which nothing that outlives the parse may keep. */
static inline int rb_mem_in_region(const rb_mem *mem, const void *ptr) {
    const unsigned char *u = (const unsigned char *)ptr;
    return mem->region != NULL && ptr != NULL && u >= mem->region &&
           u < mem->region + mem->region_span;
}
/* Whether the region (a lent one: nothing) and `besides` bytes (the
 * document's block) are all that is allocated now: then everything else
 * the allocator gave is in the region. */
static inline int rb_mem_only_region(const rb_mem *mem, size_t besides) {
    size_t region = mem->region_lent           ? 0
                    : mem->region_host != NULL ? mem->region_host_size
                                               : mem->region_span;
    return mem->region != NULL && mem->live - besides == region;
}
/* Frees the region (none, or lent: nothing), and with it every
 * allocation it served: none may be used after. */
RB_HIDDEN void rb_mem_release_region(rb_mem *mem);
/* NULL on failure, with mem->failure set (NO_MEMORY or MEMORY_CAP). */
RB_HIDDEN void *rb_alloc(rb_mem *mem, size_t size);
RB_HIDDEN void rb_free(rb_mem *mem, void *ptr, size_t size);
/* Whether rb_resize() may be called: the library's own allocator, which
 * is malloc(), and no cap. A caller's allocator has no realloc (robots.h),
 * and a capped parse keeps the peak it had, a new block and a copy. */
RB_HIDDEN int rb_mem_resizable(const rb_mem *mem);
/* realloc() of an allocation of `old_size` bytes (not the region's) to
 * `size`: in place when it shrinks, and often when it grows, where a new
 * block would be new memory and a copy. NULL on failure (NO_MEMORY), the
 * allocation then unchanged. Of NULL (old_size 0): a new allocation, as
 * malloc() gives. Only when rb_mem_resizable(). */
RB_HIDDEN void *rb_resize(rb_mem *mem, void *ptr, size_t old_size, size_t size);
/* The largest array resized by realloc() (rb_resize()), glibc's default
 * mmap threshold. A larger one is a mapping, which realloc() shrinks by
 * mremap(); freed, the smaller mapping sets glibc's dynamic threshold
 * under the next parse's request for the same array, which is then
 * mapped and faulted in anew at every parse (force.com, 392,697 bytes:
 * 0 -> 29 page faults a parse; the corpus 150 -> 242). Such an array is
 * kept or copied as a caller's allocator's is. */
#define RB_RESIZE_MAX ((size_t)128 * 1024)

/* A growable array of fixed-size elements. Growth doubles it: in place
 * when it is the region's last allocation and the region has the room,
 * by realloc() when rb_mem_resizable() and under RB_RESIZE_MAX (a
 * doubling past it stops just under it when that holds what is needed),
 * else it allocates anew and copies (a caller's allocator has no
 * realloc). Its first growth takes at least `planned` elements, when set:
 * an array sized up front for a usual file, allocated only when a first
 * element needs it (rb_vec_plan()). */
typedef struct rb_vec {
    unsigned char *data;
    size_t count;
    size_t cap;
    size_t elem;
    size_t planned;
} rb_vec;

/* Empty, no room yet. Inline: a parse starts a dozen. */
static inline void rb_vec_init(rb_vec *vec, size_t elem) {
    vec->data = NULL;
    vec->count = 0;
    vec->cap = 0;
    vec->elem = elem;
    vec->planned = 0;
}
/* The room an empty array takes when its first element comes, rather than
 * now: a large file that has none leaves it unallocated. */
static inline void rb_vec_plan(rb_vec *vec, size_t cap) {
    vec->planned = cap;
}
/* rb_vec_reserve() when the array must grow. */
RB_HIDDEN void *rb_vec_grow(rb_mem *mem, rb_vec *vec, size_t more);
RB_HIDDEN void rb_vec_release(rb_mem *mem, rb_vec *vec);

/* Room for `more` elements; returns a pointer to the first new one (not yet
 * counted), or NULL on failure. Inline: most calls find the room there. */
static inline void *rb_vec_reserve(rb_mem *mem, rb_vec *vec, size_t more) {
    if (vec->data != NULL && more <= vec->cap - vec->count)
        return vec->data + vec->count * vec->elem;
    return rb_vec_grow(mem, vec, more);
}

/* The first room of n empty arrays, caps[i] (not 0) elements each, from
 * the region, which the caller knows has the room for all: as rb_alloc()
 * would give them, one after the other, with no test. */
static inline void rb_vec_take_first(rb_mem *mem, rb_vec *const *vecs,
                                     const size_t *caps, size_t n) {
    for (size_t i = 0; i < n; i++) {
        vecs[i]->data = mem->region + mem->region_used;
        vecs[i]->cap = caps[i];
        mem->region_used += rb_region_round(caps[i] * vecs[i]->elem);
    }
}

/* The first room of n empty arrays, caps[i] (not 0) elements each: from
 * the region in one step when it has the room for all (a call each was
 * a tenth of a small file's fixed cost), else each its own allocation.
 * 0 when memory runs out (mem->failure set). Inline, its n a constant
 * where it is called: the loops unrolled, the elements' sizes known,
 * and no division were about 100 instructions of a tiny file's parse. */
static inline int rb_vec_reserve_first(rb_mem *mem, rb_vec *const *vecs,
                                       const size_t *caps, size_t n) {
    size_t total = 0, room = mem->region_size > mem->region_used
                                 ? mem->region_size - mem->region_used
                                 : 0;
    for (size_t i = 0; i < n && total <= room; i++)
        if (caps[i] > room / vecs[i]->elem)
            total = SIZE_MAX; /* no room: and no product to overflow */
        else
            total += rb_region_round(caps[i] * vecs[i]->elem);
    if (total > room) {
        for (size_t i = 0; i < n; i++)
            if (rb_vec_reserve(mem, vecs[i], caps[i]) == NULL)
                return 0;
        return 1;
    }
    rb_vec_take_first(mem, vecs, caps, n);
    return 1;
}

/* Appends `n` elements copied from src. 0 on failure. */
static inline int rb_vec_push(rb_mem *mem, rb_vec *vec, const void *src,
                              size_t n) {
    unsigned char *dst = (unsigned char *)rb_vec_reserve(mem, vec, n);
    if (dst == NULL)
        return 0;
    if (n != 0)
        memcpy(dst, src, n * vec->elem);
    vec->count += n;
    return 1;
}

#endif
