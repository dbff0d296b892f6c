/* SPDX-License-Identifier: MIT */
/* grundy_nim_count_zero (the carry automaton) against enumeration on random multiplier sets and
 * ranges, Project Euler 301 (Fibonacci numbers up to 2^62), and its refusals. */
#include "check.h"

#include <grundy/nimber.h>

/* Enumeration: products are exact for n < 2^13 and multipliers < 2^40. */
static uint64_t enumerate(const uint64_t *c, size_t k, uint64_t from, uint64_t to) {
    uint64_t count = 0;
    for (uint64_t n = from; n <= to; n++) {
        uint64_t x = 0;
        for (size_t i = 0; i < k; i++) {
            x ^= n * c[i];
        }
        count += x == 0;
    }
    return count;
}

static void test_random(uint64_t seed) {
    check_rng r = {seed};
    for (int t = 0; t < 600; t++) {
        uint64_t c[4];
        const size_t k = (size_t)check_rng_below(&r, 5);
        /* now and then a large multiplier (a long carry chain) beside one close to it */
        const int big = t % 10 == 0;
        for (size_t i = 0; i < k; i++) {
            c[i] = big && i == 0 ? 1 + check_rng_below(&r, 1u << 10)
                                 : check_rng_below(&r, big ? 3 : 13);
        }
        if (big && k > 1) {
            c[1] = c[0] ^ (1 + check_rng_below(&r, 3));
        }
        const uint64_t to = check_rng_below(&r, 4096);
        const uint64_t from = check_rng_below(&r, to + 1);
        uint64_t got = 0;
        const grundy_status st =
            grundy_nim_count_zero(c, k, from, to, GRUNDY_NIM_COUNT_DEFAULT_STATES * 8, &got, NULL);
        CHECK_EQ(st, GRUNDY_STATUS_OK);
        const uint64_t want = enumerate(c, k, from, to);
        if (got != want) {
            fprintf(stderr, "seed %llu, case %d: from %llu to %llu, k %zu\n",
                    (unsigned long long)seed, t, (unsigned long long)from, (unsigned long long)to,
                    k);
        }
        CHECK_U64(got, want);
    }
}

/* PE 301: n <= 2^k with n ^ 2n ^ 3n = 0 number F(k + 2) (n has no two adjacent 1 bits). */
static void test_pe301(void) {
    uint64_t fib[70] = {0, 1};
    for (int i = 2; i < 70; i++) {
        fib[i] = fib[i - 1] + fib[i - 2];
    }
    const uint64_t c[3] = {1, 2, 3};
    for (unsigned k = 1; k <= 62; k++) {
        uint64_t got = 0;
        CHECK_EQ(grundy_nim_count_zero(c, 3, 1, (uint64_t)1 << k, 16, &got, NULL),
                 GRUNDY_STATUS_OK);
        CHECK_U64(got, fib[k + 2]);
    }
    uint64_t got = 0;
    grundy_nim_count_zero(c, 3, 1, (uint64_t)1 << 30, 16, &got, NULL);
    CHECK_U64(got, 2178309);
    /* 2^63 - 1: every n of 63 bits with no two adjacent ones, n = 0 excluded: F(65) - 1 */
    CHECK_EQ(grundy_nim_count_zero(c, 3, 1, GRUNDY_NUMBER_MAX, 16, &got, NULL), GRUNDY_STATUS_OK);
    CHECK_U64(got, fib[65] - 1);
    /* {1, 1}: every n; {} likewise; {1}: only n = 0 */
    const uint64_t ones[2] = {1, 1};
    CHECK_EQ(grundy_nim_count_zero(ones, 2, 0, GRUNDY_NUMBER_MAX, 16, &got, NULL),
             GRUNDY_STATUS_OK);
    CHECK_U64(got, GRUNDY_NUMBER_MAX + 1);
    CHECK_EQ(grundy_nim_count_zero(NULL, 0, 5, 9, 16, &got, NULL), GRUNDY_STATUS_OK);
    CHECK_U64(got, 5);
    CHECK_EQ(grundy_nim_count_zero(ones, 1, 0, 1000, 16, &got, NULL), GRUNDY_STATUS_OK);
    CHECK_U64(got, 1);
}

static void test_refusals(void) {
    const uint64_t c[3] = {1000, 1000, 3};
    const uint64_t huge[1] = {GRUNDY_NIM_COUNT_MAX_MULTIPLIER + 1};
    uint64_t got = 77;
    size_t need = 0;
    CHECK_EQ(grundy_nim_count_zero(c, 3, 1, 100, 1000, &got, &need), GRUNDY_STATUS_LIMIT);
    CHECK_U64(need, 3000000);
    CHECK_U64(got, 77);
    CHECK_EQ(grundy_nim_count_zero(c, 3, 9, 8, 1u << 22, &got, NULL), GRUNDY_STATUS_INVALID_ARG);
    CHECK_EQ(grundy_nim_count_zero(c, 3, 0, GRUNDY_NUMBER_MAX + 1, 1u << 22, &got, NULL),
             GRUNDY_STATUS_INVALID_ARG);
    CHECK_EQ(grundy_nim_count_zero(huge, 1, 0, 9, 1u << 22, &got, NULL), GRUNDY_STATUS_RANGE);
}

int main(void) {
    const uint64_t seed = check_seed(20261201);
    test_random(seed);
    test_pe301();
    test_refusals();
    return check_report("test_nim_count");
}
