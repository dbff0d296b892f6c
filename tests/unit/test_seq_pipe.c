/* SPDX-License-Identifier: MIT */
/* The pipeline for cheap rules (seq_sparse_pipe.c: one thread guesses each heap's value,
 * another settles its doubts) against the naive engine (runs up to 4000 heaps) and the one-thread
 * sparse engine (longer runs, many chunks and ring turns): seeded random octal codes and known
 * cheap ones (values below 64, below 128, up to 255 and past it, wrong guesses at rare heaps),
 * with 2 and 3 threads, every doubt test (GRUNDY_SPARSE_SIMD) and both ways of sharing the work
 * (GRUNDY_SPARSE_PIPE=help: the guesser settles every heap it can), extended in random steps.
 * GRUNDY_TEST_SEED replays a failure. */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const simd_levels[] = {"portable", "sse2", "best"};

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, unsigned threads) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    return grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK ? seq : NULL;
}

/* The first n values of `code` by the oracle (naive up to 4000 heaps, else one sparse thread),
 * then by the sparse engine with 2 and 3 threads in every mode; the first difference reported. */
static void compare(const char *code, uint64_t n, check_rng *rng, uint64_t seed) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(code, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s (seed %llu)\n", code, (unsigned long long)seed);
        CHECK(0);
        return;
    }
    unsetenv("GRUNDY_SPARSE_SIMD");
    unsetenv("GRUNDY_SPARSE_PIPE");
    grundy_seq *oracle = make(rule, n <= 4000 ? GRUNDY_SEQ_NAIVE : GRUNDY_SEQ_SPARSE, 1);
    CHECK(oracle != NULL && grundy_seq_extend(oracle, n) == GRUNDY_STATUS_OK);
    for (size_t mode = 0; mode < 2 * (sizeof simd_levels / sizeof *simd_levels) && oracle; mode++) {
        const char *simd = simd_levels[mode / 2], *share = mode % 2 ? "help" : "default";
        for (unsigned threads = 2; threads <= 3; threads++) {
            if (strcmp(simd, "best") != 0) {
                setenv("GRUNDY_SPARSE_SIMD", simd, 1);
            }
            setenv("GRUNDY_SPARSE_PIPE", share, 1);
            grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, threads);
            unsetenv("GRUNDY_SPARSE_SIMD");
            CHECK(seq != NULL);
            uint64_t len = 0;
            while (seq != NULL && len < n) {
                len += 1 + check_rng_below(rng, n / 3 + 1);
                len = len < n ? len : n;
                CHECK_EQ(grundy_seq_extend(seq, len), GRUNDY_STATUS_OK);
            }
            for (uint64_t i = 0; seq != NULL && i < n; i++) {
                if (grundy_seq_get(seq, i) != grundy_seq_get(oracle, i)) {
                    fprintf(stderr,
                            "%s, %s doubt test, %s sharing, %u threads (seed %llu): g(%llu): "
                            "%llu, oracle %llu\n",
                            code, simd, share, threads, (unsigned long long)seed,
                            (unsigned long long)i, (unsigned long long)grundy_seq_get(seq, i),
                            (unsigned long long)grundy_seq_get(oracle, i));
                    CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(oracle, i));
                    break;
                }
            }
            grundy_seq_destroy(seq);
        }
    }
    unsetenv("GRUNDY_SPARSE_PIPE");
    grundy_seq_destroy(oracle);
    grundy_rule_destroy(rule);
}

/* A random octal code 0.d1..dk (k <= 4, '!' at times) with a split take. */
static void random_code(check_rng *rng, char *text) {
    size_t len = 0;
    text[len++] = '0';
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, 4);
    int split = 0;
    for (unsigned i = 0; i < count; i++) {
        unsigned d = (unsigned)check_rng_below(rng, 8);
        d = i == count - 1 && d == 0 ? 4 : d;
        split |= (d & 4u) != 0;
        text[len++] = (char)('0' + d);
        if ((d & 4u) && check_rng_below(rng, 5) == 0) {
            text[len++] = '!';
        }
    }
    if (!split) {
        text[len++] = '4';
    }
    text[len] = '\0';
}

/* Cheap rules with values below 64 (0.1777, 0.16), below 128 (0.354), '!' (0.15!), the parity
 * variant (0.127), rare heaps past the start (0.15252, 0.06!), run past several chunks. */
static void test_known(void) {
    const uint64_t seed = check_seed(1212);
    check_rng rng = {seed};
    static const struct {
        const char *code;
        uint64_t n;
    } runs[] = {{"0.1777", 60000}, {"0.16", 40000},   {"0.354", 60000}, {"0.15!", 20000},
                {"0.127", 20000},  {"0.15252", 4000}, {"0.06!", 4000},  {"0.15", 4000}};
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        compare(runs[i].code, runs[i].n, &rng, seed);
    }
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(4242);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 60; i++) {
        random_code(&rng, text);
        compare(text, 500 + check_rng_below(&rng, 3500), &rng, seed);
    }
}

int main(void) {
    test_known();
    test_random_codes();
    return check_report("test_seq_pipe");
}
