/* SPDX-License-Identifier: MIT */
/* The one-thread fast paths of the sparse engine (the rare pass over eight heaps at once,
 * the SSE2/AVX2 doubt tests and the vector gap scan) against the naive engine, the oracle: seeded
 * random codes ('!' and several split takes, codes that allow the parity variant, values past 8
 * bits), each with every doubt test this machine has (GRUNDY_SPARSE_SIMD: portable, sse2, the
 * best) and 1, 2 and 3 threads, extended in random steps. GRUNDY_TEST_SEED replays a failure. */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"

#include <stdio.h>
#include <stdlib.h>

static const char *const simd_levels[] = {"portable", "sse2", "avx2", "best"};

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, unsigned threads,
                        const char *simd) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    if (simd != NULL && strcmp(simd, "best") != 0) {
        setenv("GRUNDY_SPARSE_SIMD", simd, 1); /* read when the engine is created */
    } else {
        unsetenv("GRUNDY_SPARSE_SIMD");
    }
    const grundy_status st = grundy_seq_create(rule, &opts, &seq);
    unsetenv("GRUNDY_SPARSE_SIMD");
    return st == GRUNDY_STATUS_OK ? seq : NULL;
}

/* n values of `code` by the naive engine, then by the sparse one with every doubt test and
 * 1..3 threads; the first difference is reported with the seed. */
static void compare(const char *code, uint64_t n, check_rng *rng, uint64_t seed) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(code, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s (seed %llu)\n", code, (unsigned long long)seed);
        CHECK(0);
        return;
    }
    grundy_seq *naive = make(rule, GRUNDY_SEQ_NAIVE, 1, NULL);
    CHECK(naive != NULL && grundy_seq_extend(naive, n) == GRUNDY_STATUS_OK);
    for (size_t l = 0; l < sizeof simd_levels / sizeof simd_levels[0] && naive != NULL; l++) {
        for (unsigned threads = 1; threads <= 3; threads++) {
            grundy_seq *fast = make(rule, GRUNDY_SEQ_SPARSE, threads, simd_levels[l]);
            CHECK(fast != NULL);
            uint64_t len = 0;
            while (fast != NULL && len < n) {
                len += 1 + check_rng_below(rng, n / 3 + 1);
                len = len < n ? len : n;
                CHECK_EQ(grundy_seq_extend(fast, len), GRUNDY_STATUS_OK);
            }
            for (uint64_t i = 0; fast != NULL && i < n; i++) {
                if (grundy_seq_get(fast, i) != grundy_seq_get(naive, i)) {
                    fprintf(stderr,
                            "%s, %s doubt test, %u threads (seed %llu): g(%llu): sparse "
                            "%llu, naive %llu\n",
                            code, simd_levels[l], threads, (unsigned long long)seed,
                            (unsigned long long)i, (unsigned long long)grundy_seq_get(fast, i),
                            (unsigned long long)grundy_seq_get(naive, i));
                    CHECK_U64(grundy_seq_get(fast, i), grundy_seq_get(naive, i));
                    break;
                }
            }
            grundy_seq_destroy(fast);
        }
    }
    grundy_seq_destroy(naive);
    grundy_rule_destroy(rule);
}

/* A random octal code: d0 is 0, 4 or 4!, then 1..digits digits with '!' at times; one split take
 * at least. parity_only: every digit with a split sits at an odd take (so every split take has
 * the same parity and the parity variant may be chosen). */
static void random_code(check_rng *rng, char *text, unsigned digits, int parity_only) {
    size_t len = 0;
    const uint64_t d0 = check_rng_below(rng, 3);
    text[len++] = d0 == 0 ? '0' : '4';
    if (d0 == 2 && !parity_only) {
        text[len++] = '!';
    }
    if (parity_only) {
        len = 0;
        text[len++] = '0';
    }
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, digits);
    int split = d0 != 0 && !parity_only;
    for (unsigned i = 0; i < count; i++) {
        unsigned d = (unsigned)check_rng_below(rng, 8);
        if (parity_only && (i % 2) == 1) {
            d &= 3u; /* even take: no split */
        }
        d = i == count - 1 && d == 0 ? 1 : d;
        split |= (d & 4u) != 0;
        text[len++] = (char)('0' + d);
        if ((d & 4u) && check_rng_below(rng, 6) == 0) {
            text[len++] = '!';
        }
    }
    if (!split) {
        text[len++] = '4';
    }
    text[len] = '\0';
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(1212);
    check_rng rng = {seed};
    char text[64];
    for (int i = 0; i < 120; i++) {
        random_code(&rng, text, i % 5 == 0 ? 12 : 5, i % 3 == 0);
        compare(text, 300 + check_rng_below(&rng, 3700), &rng, seed);
    }
}

/* Values past 255 (16-bit storage: bits change inside a batch), the parity variant (0.127), '!'
 * (4!.0, 0.6!), several split takes (0.1777, 0.354), 0.6 to 20000 (its first 9-bit value at
 * 10344: 16-bit lanes) and 0.4444444 to 12000 (values past 512 with a rare list: the AVX-512
 * bitset test's range check). */
static void test_known(void) {
    const uint64_t seed = check_seed(12);
    check_rng rng = {seed};
    static const struct {
        const char *code;
        uint64_t n;
    } runs[] = {{"4.7", 3000},  {"0.44444444", 3000}, {"0.7777777777", 2500}, {"0.127", 6000},
                {"4!.0", 6000}, {"0.6!4", 4000},      {"0.1777", 6000},       {"0.354", 6000},
                {"0.6", 20000}, {"0.4444444", 12000}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        compare(runs[i].code, runs[i].n, &rng, seed);
    }
}

/* Rules far past where the naive engine is quick, the best level against the AVX2 one (the
 * compare per doubt and marks, checked against the naive engine above), heap by heap with one and
 * two threads: 0.6 keeps its values below 512 in 16-bit storage, where the AVX-512 level keeps
 * the doubts as a table from the common gap on (the rare heaps, a value in doubt that no split
 * gives, are where a wrong table shows); 0.1777 (short scans) switches its 8-bit heaps to the
 * compare per doubt, 4!.0 (long ones) keeps the bitset test. */
static void compare_levels(const char *code, uint64_t n) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse(code, &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *ref = make(rule, GRUNDY_SEQ_SPARSE, 1, "avx2");
    CHECK(ref != NULL && grundy_seq_extend(ref, n) == GRUNDY_STATUS_OK);
    for (unsigned threads = 1; threads <= 2 && ref != NULL; threads++) {
        grundy_seq *fast = make(rule, GRUNDY_SEQ_SPARSE, threads, "best");
        CHECK(fast != NULL && grundy_seq_extend(fast, n) == GRUNDY_STATUS_OK);
        for (uint64_t i = 0; fast != NULL && i < n; i++) {
            if (grundy_seq_get(fast, i) != grundy_seq_get(ref, i)) {
                fprintf(stderr, "%s, best against avx2, %u threads: g(%llu): %llu, %llu\n", code,
                        threads, (unsigned long long)i, (unsigned long long)grundy_seq_get(fast, i),
                        (unsigned long long)grundy_seq_get(ref, i));
                CHECK_U64(grundy_seq_get(fast, i), grundy_seq_get(ref, i));
                break;
            }
        }
        grundy_seq_destroy(fast);
    }
    grundy_seq_destroy(ref);
    grundy_rule_destroy(rule);
}

static void test_long(void) {
    compare_levels("0.6", 200000);
    compare_levels("0.1777", 200000);
    compare_levels("4!.0", 100000);
}

int main(void) {
    test_long();
    test_known();
    test_random_codes();
    return check_report("test_seq_batch");
}
