/* SPDX-License-Identifier: MIT */
/*
 * test_vec.c - the growable array (memory.h, alloc.c): it doubles, it grows
 * in place when it is the parse region's last allocation and the region
 * has the room, and otherwise moves, its elements kept either way; a
 * planned array allocates nothing until its first element, and then its
 * plan.
 */
#include "memory.h"
#include "testing.h"

#include <stdint.h>
#include <string.h>

/* Pushes n uint32_t counting up from `from`. */
static int push_counting(rb_mem *mem, rb_vec *vec, uint32_t from, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint32_t v = from + (uint32_t)i;
        if (!rb_vec_push(mem, vec, &v, 1))
            return 0;
    }
    return 1;
}

static int holds_counting(const rb_vec *vec, uint32_t from) {
    const uint32_t *v = (const uint32_t *)vec->data;
    for (size_t i = 0; i < vec->count; i++)
        if (v[i] != from + (uint32_t)i)
            return 0;
    return 1;
}

/* An account with no cap that lends `region` to its first allocations. */
static void lend_region(rb_mem *mem, unsigned char *region, size_t size) {
    rb_mem_init(mem, NULL, 0);
    rb_mem_lend_region(mem, region, size);
}

/* Outside a region: 16, then doubled (a need past that is met as it is),
 * every growth an allocation of its own. */
static void doubles(void) {
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_vec vec;
    rb_vec_init(&vec, sizeof(uint32_t));
    EXPECT(push_counting(&mem, &vec, 7, 17));
    EXPECT_EQ(vec.cap, 32);
    EXPECT(rb_vec_reserve(&mem, &vec, 100) != NULL);
    EXPECT_EQ(vec.cap, 117);
    EXPECT(holds_counting(&vec, 7));
    EXPECT_EQ(mem.live, 117 * sizeof(uint32_t));
    rb_vec_release(&mem, &vec);
    EXPECT_EQ(mem.live, 0);
}

/* Planned (rb_vec_plan(), a large body's rules: parse.c): nothing is
 * allocated until the first element, which takes the whole plan at once;
 * past it the array doubles as any other. */
static void planned(void) {
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_vec vec;
    rb_vec_init(&vec, sizeof(uint32_t));
    rb_vec_plan(&vec, 100);
    EXPECT(vec.data == NULL);
    EXPECT_EQ(mem.live, 0);
    EXPECT(push_counting(&mem, &vec, 3, 1));
    EXPECT_EQ(vec.cap, 100);
    EXPECT_EQ(mem.live, 100 * sizeof(uint32_t));
    EXPECT(push_counting(&mem, &vec, 4, 100));
    EXPECT_EQ(vec.cap, 200);
    EXPECT(holds_counting(&vec, 3));
    EXPECT_EQ(mem.live, 200 * sizeof(uint32_t));
    rb_vec_release(&mem, &vec);
    EXPECT_EQ(mem.live, 0);
}

/* In a region: the last allocation grows where it is; one with another
 * allocation after it moves; once the region is closed, or full, growth
 * comes from the allocator. */
static void grows_in_region(void) {
    _Alignas(16) unsigned char region[1024];
    rb_mem mem;
    lend_region(&mem, region, sizeof region);
    rb_vec a, b;
    rb_vec_init(&a, sizeof(uint32_t));
    rb_vec_init(&b, sizeof(uint32_t));
    EXPECT(push_counting(&mem, &a, 1, 16));
    unsigned char *first = a.data;
    EXPECT(push_counting(&mem, &a, 17, 16)); /* the last: in place */
    EXPECT(a.data == first);
    EXPECT_EQ(a.cap, 32);
    EXPECT_EQ(mem.region_used, 32 * sizeof(uint32_t));
    EXPECT(push_counting(&mem, &b, 100, 16)); /* after a */
    EXPECT(push_counting(&mem, &a, 33, 1));   /* not the last: moves */
    EXPECT(a.data != first && rb_mem_in_region(&mem, a.data));
    EXPECT(holds_counting(&a, 1));
    EXPECT(push_counting(&mem, &a, 34, 200)); /* past the region's room */
    EXPECT(!rb_mem_in_region(&mem, a.data));
    EXPECT(holds_counting(&a, 1));
    EXPECT(mem.live > 0);
    rb_mem_close_region(&mem);
    EXPECT(push_counting(&mem, &b, 116, 1)); /* closed: the allocator's */
    EXPECT(!rb_mem_in_region(&mem, b.data));
    EXPECT(holds_counting(&b, 100));
    rb_vec_release(&mem, &a);
    rb_vec_release(&mem, &b);
    rb_mem_release_region(&mem);
    EXPECT_EQ(mem.live, 0);
}

/* A cap the growth would pass: the array is left as it was. */
static void growth_under_cap(void) {
    rb_mem mem;
    rb_mem_init(&mem, NULL, 64 * sizeof(uint32_t));
    rb_vec vec;
    rb_vec_init(&vec, sizeof(uint32_t));
    EXPECT(push_counting(&mem, &vec, 0, 32));
    EXPECT(!push_counting(&mem, &vec, 32, 1)); /* 32 + 64 words: over */
    EXPECT_EQ(mem.failure, ROBOTS_ERR_MEMORY_CAP);
    EXPECT_EQ(vec.count, 32);
    EXPECT(holds_counting(&vec, 0));
    rb_vec_release(&mem, &vec);
    EXPECT_EQ(mem.live, 0);
}

/* The first room of several arrays: one after the other in the region
 * when it has the room for all, each from the allocator when not. */
static void first_room(void) {
    _Alignas(16) unsigned char region[256];
    rb_mem mem;
    lend_region(&mem, region, sizeof region);
    rb_vec a, b;
    rb_vec_init(&a, sizeof(uint32_t));
    rb_vec_init(&b, 1);
    rb_vec *const vecs[2] = {&a, &b};
    const size_t fits[2] = {10, 100};
    EXPECT(rb_vec_reserve_first(&mem, vecs, fits, 2));
    EXPECT(a.data == region && b.data == region + 48);
    EXPECT_EQ(mem.region_used, 48 + 112);
    EXPECT_EQ(mem.live, 0);
    EXPECT(push_counting(&mem, &a, 5, 10));
    EXPECT(holds_counting(&a, 5));
    rb_vec_release(&mem, &a);
    rb_vec_release(&mem, &b);
    const size_t too_many[2] = {10, 300}; /* more than the region */
    EXPECT(rb_vec_reserve_first(&mem, vecs, too_many, 2));
    EXPECT(!rb_mem_in_region(&mem, b.data));
    EXPECT_EQ(mem.live, rb_mem_in_region(&mem, a.data) ? 300 : 340);
    rb_vec_release(&mem, &a);
    rb_vec_release(&mem, &b);
    rb_mem_release_region(&mem);
    EXPECT_EQ(mem.live, 0);
}

/* With the library's own allocator and no cap, an array grows by
 * realloc() (alloc.c, grow_by_resize()): never the old and the new array
 * live at once, as a new array and a copy would have them; from
 * RB_RESIZE_MAX on, it moves as before. */
static void grows_by_resize(void) {
    rb_mem mem;
    rb_mem_init(&mem, NULL, 0);
    rb_vec vec;
    rb_vec_init(&vec, sizeof(uint32_t));
    EXPECT(push_counting(&mem, &vec, 3, 17));
    EXPECT_EQ(mem.peak, 32 * sizeof(uint32_t));
    EXPECT(push_counting(&mem, &vec, 20, 100));
    EXPECT_EQ(vec.cap, 128);
    EXPECT(holds_counting(&vec, 3));
    EXPECT_EQ(mem.peak, 128 * sizeof(uint32_t)); /* copies: 64 + 128 */
    /* to RB_RESIZE_MAX bytes: a new array and a copy */
    size_t elems = RB_RESIZE_MAX / sizeof(uint32_t);
    EXPECT(rb_vec_reserve(&mem, &vec, elems - vec.count) != NULL);
    EXPECT_EQ(vec.cap, elems);
    EXPECT_EQ(mem.peak, (128 + elems) * sizeof(uint32_t));
    EXPECT(holds_counting(&vec, 3));
    rb_vec_release(&mem, &vec);
    EXPECT_EQ(mem.live, 0);
}

int main(void) {
    first_room();
    doubles();
    planned();
    grows_in_region();
    growth_under_cap();
    grows_by_resize();
    return testing_finish();
}
