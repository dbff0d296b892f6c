/* SPDX-License-Identifier: MIT */
/* The pipeline for cheap rules (seq_sparse_pipe.c: one thread guesses each heap's value,
 * another settles its doubts; on one thread the AVX2 guesser settles them itself) against the
 * naive engine (runs up to 4000 heaps) and the one-thread sparse engine without AVX2 (longer runs,
 * many chunks and ring turns; no pipeline): seeded random octal codes and known cheap ones (values
 * below 64, below 128, up to 255 and past it, wrong guesses at rare heaps), with 1, 2 and 3
 * threads, every doubt test (GRUNDY_SPARSE_SIMD) and every way of sharing the work
 * (GRUNDY_SPARSE_PIPE=help: the guesser settles every heap it can; share: the checker marks part
 * of every batch's guess), extended in random steps; many random codes on two and three threads
 * with the checker's share of the guess against the naive engine; and many random codes on one
 * thread with the AVX2 pass (the pipeline alone) against the naive engine. GRUNDY_TEST_SEED
 * replays a failure. */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const simd_levels[] = {"portable", "sse2", "best"};
/* The ways of sharing the work: the guesser settles heaps only when the checker is far behind;
 * it settles every heap it can; the checker marks every span's deep pairs for the guess, spans
 * of one batch (GRUNDY_SPARSE_PIPE). */
static const char *const shares[] = {"default", "help", "share"};
#define SHARES (sizeof shares / sizeof *shares)

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, unsigned threads) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    return grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK ? seq : NULL;
}

/* The first n values of `code` by the sparse engine with `threads` threads, the doubt test `simd`
 * and the sharing `share`, extended in random steps, against the oracle's; the first difference
 * reported with the seed. */
static void compare_one(const grundy_rule *rule, const grundy_seq *oracle, const char *code,
                        uint64_t n, const char *simd, const char *share, unsigned threads,
                        check_rng *rng, uint64_t seed) {
    if (strcmp(simd, "best") != 0) {
        setenv("GRUNDY_SPARSE_SIMD", simd, 1);
    }
    setenv("GRUNDY_SPARSE_PIPE", share, 1);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, threads);
    unsetenv("GRUNDY_SPARSE_SIMD");
    unsetenv("GRUNDY_SPARSE_PIPE");
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
                    code, simd, share, threads, (unsigned long long)seed, (unsigned long long)i,
                    (unsigned long long)grundy_seq_get(seq, i),
                    (unsigned long long)grundy_seq_get(oracle, i));
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(oracle, i));
            break;
        }
    }
    grundy_seq_destroy(seq);
}

/* The oracle for the first n values of rule: the naive engine up to 4000 heaps, else one sparse
 * thread without AVX2 (one heap at a time or the batch, never the pipeline). */
static grundy_seq *make_oracle(const grundy_rule *rule, uint64_t n) {
    unsetenv("GRUNDY_SPARSE_PIPE");
    setenv("GRUNDY_SPARSE_SIMD", "sse2", 1);
    grundy_seq *oracle = make(rule, n <= 4000 ? GRUNDY_SEQ_NAIVE : GRUNDY_SEQ_SPARSE, 1);
    unsetenv("GRUNDY_SPARSE_SIMD");
    CHECK(oracle != NULL && grundy_seq_extend(oracle, n) == GRUNDY_STATUS_OK);
    return oracle;
}

/* The first n values of `code` by the oracle, then by the sparse engine with 1, 2 and 3 threads
 * in every mode (one thread: the sharing has no second thread to differ by). */
static void compare(const char *code, uint64_t n, check_rng *rng, uint64_t seed) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(code, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s (seed %llu)\n", code, (unsigned long long)seed);
        CHECK(0);
        return;
    }
    grundy_seq *oracle = make_oracle(rule, n);
    for (size_t mode = 0; mode < SHARES * (sizeof simd_levels / sizeof *simd_levels) && oracle;
         mode++) {
        const char *simd = simd_levels[mode / SHARES], *share = shares[mode % SHARES];
        for (unsigned threads = mode % SHARES ? 2 : 1; threads <= 3; threads++) {
            compare_one(rule, oracle, code, n, simd, share, threads, rng, seed);
        }
    }
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

/* Two and three threads, the checker marking the deep pairs of every span for the guesser
 * (GRUNDY_SPARSE_PIPE=share, the machine's best doubt test: the AVX2 pass where there is one), on
 * many random codes against the naive engine: a share marked at the wrong heaps, or with pairs
 * the guess then marks again or never, gives a wrong value. */
static void test_share_random(void) {
    const uint64_t seed = check_seed(2929);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 150; i++) {
        random_code(&rng, text);
        const uint64_t n = 1000 + check_rng_below(&rng, 3000);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *oracle = make_oracle(rule, n);
        for (unsigned threads = 2; threads <= 3 && oracle != NULL; threads++) {
            compare_one(rule, oracle, text, n, "best", "share", threads, &rng, seed);
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
}

/* One thread with the AVX2 pass (GRUNDY_SPARSE_SIMD=avx2, and the machine's best): the pipeline
 * alone, its guesser settling every heap, on many random codes against the naive engine (on a
 * machine without AVX2 the one-thread paths run instead). */
static void test_alone_random(void) {
    const uint64_t seed = check_seed(2812);
    check_rng rng = {seed};
    char text[32];
    static const char *const alone_levels[] = {"avx2", "best"};
    for (int i = 0; i < 300; i++) {
        random_code(&rng, text);
        const uint64_t n = 300 + check_rng_below(&rng, 3700);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *oracle = make_oracle(rule, n);
        for (size_t l = 0; l < 2 && oracle != NULL; l++) {
            compare_one(rule, oracle, text, n, alone_levels[l], "default", 1, &rng, seed);
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
}

int main(void) {
    test_known();
    test_random_codes();
    test_share_random();
    test_alone_random();
    return check_report("test_seq_pipe");
}
