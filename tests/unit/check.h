/* SPDX-License-Identifier: MIT */
/* A tiny test harness: CHECK/CHECK_EQ print file:line and count failures; seeded random numbers. */
#ifndef GRUNDY_TEST_CHECK_H
#define GRUNDY_TEST_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        check_count++;                                                                             \
        if (!(cond)) {                                                                             \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_EQ(a, b)                                                                             \
    do {                                                                                           \
        const long long check_a_ = (long long)(a), check_b_ = (long long)(b);                      \
        check_count++;                                                                             \
        if (check_a_ != check_b_) {                                                                \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK_EQ failed: %s == %s (%lld != %lld)\n", __FILE__,         \
                    __LINE__, #a, #b, check_a_, check_b_);                                         \
        }                                                                                          \
    } while (0)

#define CHECK_U64(a, b)                                                                            \
    do {                                                                                           \
        const uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);                         \
        check_count++;                                                                             \
        if (check_a_ != check_b_) {                                                                \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK_U64 failed: %s == %s (%" PRIu64 " != %" PRIu64 ")\n",    \
                    __FILE__, __LINE__, #a, #b, check_a_, check_b_);                               \
        }                                                                                          \
    } while (0)

#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *check_a_ = (a), *check_b_ = (b);                                               \
        check_count++;                                                                             \
        if (strcmp(check_a_, check_b_) != 0) {                                                     \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK_STR failed: %s == %s (\"%s\" != \"%s\")\n", __FILE__,    \
                    __LINE__, #a, #b, check_a_, check_b_);                                         \
        }                                                                                          \
    } while (0)

/* Print a summary line in the plain form CI reads ("N passed, N failed") and return the code. */
static inline int check_report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, check_count - check_failures, check_failures);
    return check_failures == 0 ? 0 : 1;
}

/* splitmix64: a small, seedable generator, so a failing random test can be replayed. */
typedef struct check_rng {
    uint64_t state;
} check_rng;

static inline uint64_t check_rng_next(check_rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound) for bound >= 1 (the small modulo bias is irrelevant for tests). */
static inline uint64_t check_rng_below(check_rng *r, uint64_t bound) {
    return check_rng_next(r) % bound;
}

/* The seed for a randomized test: GRUNDY_TEST_SEED from the environment, else the default. */
static inline uint64_t check_seed(uint64_t fallback) {
    const char *s = getenv("GRUNDY_TEST_SEED");
    return s != NULL ? strtoull(s, NULL, 10) : fallback;
}

#endif
