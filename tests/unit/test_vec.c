/* SPDX-License-Identifier: MIT */
/* The growable array of util/vec.h: pushes keep every item in order and the capacity doubles;
 * a size whose bytes overflow is NOMEM before anything is allocated; a failed allocation (the
 * allocators wrapped, alloc_wrap.h) is NOMEM with the array as it was. */
#include "alloc_wrap.h"
#include "check.h"
#include "util/vec.h"

#include <stdint.h>

GRUNDY_VEC_DEFINE(u64_vec, uint64_t)

typedef struct wide {
    unsigned char bytes[4096];
} wide;

GRUNDY_VEC_DEFINE(wide_vec, wide)

static int fail_allocations;
static int allocations;

int alloc_fail_now(void) {
    allocations++;
    return fail_allocations;
}

static void test_push(void) {
    u64_vec v;
    u64_vec_init(&v);
    size_t growths = 0, cap = 0;
    for (uint64_t i = 0; i < 100000; i++) {
        CHECK_EQ(u64_vec_push(&v, i * 3), GRUNDY_STATUS_OK);
        if (v.cap != cap) {
            CHECK(cap == 0 ? v.cap == GRUNDY_VEC_MIN_CAP : v.cap == 2 * cap);
            cap = v.cap;
            growths++;
        }
    }
    CHECK_EQ(v.count, 100000);
    CHECK(growths <= 14); /* 16 doubled to 131072 */
    int in_order = 1;
    for (uint64_t i = 0; i < v.count; i++) {
        in_order &= v.items[i] == i * 3;
    }
    CHECK(in_order);
    CHECK_EQ(u64_vec_reserve(&v, 10), GRUNDY_STATUS_OK); /* already there: nothing changes */
    CHECK_EQ(v.cap, cap);
    CHECK_EQ(u64_vec_reserve(&v, cap + 1), GRUNDY_STATUS_OK);
    CHECK_EQ(v.cap, 2 * cap);
    u64_vec_free(&v);
    CHECK(v.items == NULL && v.count == 0 && v.cap == 0);
}

static void test_capacity(void) {
    CHECK_EQ(grundy_vec_capacity(0, 1, 8), GRUNDY_VEC_MIN_CAP);
    CHECK_EQ(grundy_vec_capacity(16, 17, 8), 32);
    CHECK_EQ(grundy_vec_capacity(16, 1000, 8), 1024);
    CHECK_EQ(grundy_vec_capacity(0, SIZE_MAX / 8 + 1, 8), 0); /* need * size overflows */
    CHECK_EQ(grundy_vec_capacity(0, SIZE_MAX, 1), SIZE_MAX);
    /* doubling past the largest count: exactly what is needed, then the largest count */
    const size_t most = SIZE_MAX / 4096;
    CHECK_U64(grundy_vec_capacity(most / 2 + 1, most / 2 + 2, 4096), most / 2 + 2);
    CHECK_U64(grundy_vec_capacity(most, most, 4096), most);
}

static void test_overflow(void) {
    wide_vec v;
    wide_vec_init(&v);
    allocations = 0;
    CHECK_EQ(wide_vec_reserve(&v, SIZE_MAX / sizeof(wide) + 1), GRUNDY_STATUS_NOMEM);
    CHECK_EQ(allocations, 0); /* refused before asking */
    CHECK(v.items == NULL && v.cap == 0);
    /* a count at the largest capacity cannot grow by one */
    v.count = v.cap = SIZE_MAX / sizeof(wide);
    wide item = {{0}};
    CHECK_EQ(wide_vec_push(&v, item), GRUNDY_STATUS_NOMEM);
    CHECK_EQ(allocations, 0);
    wide_vec_init(&v);
}

static void test_alloc_fail(void) {
    u64_vec v;
    u64_vec_init(&v);
    fail_allocations = 1;
    CHECK_EQ(u64_vec_push(&v, 7), GRUNDY_STATUS_NOMEM);
    CHECK(v.items == NULL && v.count == 0 && v.cap == 0);
    fail_allocations = 0;
    for (uint64_t i = 0; i < GRUNDY_VEC_MIN_CAP; i++) {
        CHECK_EQ(u64_vec_push(&v, i), GRUNDY_STATUS_OK);
    }
    uint64_t *const before = v.items;
    fail_allocations = 1; /* the growth fails: the array is as it was */
    CHECK_EQ(u64_vec_push(&v, 99), GRUNDY_STATUS_NOMEM);
    CHECK(v.items == before && v.count == GRUNDY_VEC_MIN_CAP && v.cap == GRUNDY_VEC_MIN_CAP);
    CHECK_U64(v.items[GRUNDY_VEC_MIN_CAP - 1], GRUNDY_VEC_MIN_CAP - 1);
    fail_allocations = 0;
    CHECK_EQ(u64_vec_push(&v, 99), GRUNDY_STATUS_OK);
    CHECK_U64(v.items[GRUNDY_VEC_MIN_CAP], 99);
    u64_vec_free(&v);
}

int main(void) {
    test_push();
    test_capacity();
    test_overflow();
    test_alloc_fail();
    return check_report("test_vec");
}
