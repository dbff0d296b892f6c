/* SPDX-License-Identifier: MIT */
/* The pipeline for values up to 2^9 on two threads (seq_sparse_pipe16.c: a batched guesser, the
 * doubt table's checker) against the naive engine and the one-thread sparse engine: 0.6
 * (Officers) where the path table gives it the pipeline (AVX-512, 16-bit values), with 2 and 3
 * threads, every doubt test, extended in random steps; and, with GRUNDY_SPARSE_PIPE16=any (the
 * pipeline for every rule with values below 2^9 from heap 64 on, whatever the doubt test, the
 * checker's share of the guesser's marks varied by batch from none to all and every fifth batch
 * left to the guesser), seeded random octal codes against the naive engine. GRUNDY_TEST_SEED
 * replays a failure. */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_object.h"
#include "heap/sparse/sparse_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, unsigned threads,
                        const char *simd) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    if (simd != NULL) {
        setenv("GRUNDY_SPARSE_SIMD", simd, 1);
    }
    const grundy_status st = grundy_seq_create(rule, &opts, &seq);
    unsetenv("GRUNDY_SPARSE_SIMD");
    return st == GRUNDY_STATUS_OK ? seq : NULL;
}

/* GRUNDY_SPARSE_BITS for the pipelines from here on (read as each starts); NULL: the default. */
static void set_bits(const char *bits) {
    if (bits != NULL) {
        setenv("GRUNDY_SPARSE_BITS", bits, 1);
    } else {
        unsetenv("GRUNDY_SPARSE_BITS");
    }
}

/* The first n values of `code` by the sparse engine with `threads` threads, the doubt test
 * `simd` (NULL: the machine's best) and the guesser's bits as `bits` says (GRUNDY_SPARSE_BITS;
 * they take part with AVX-512 only), extended in random steps, against the oracle's; the first
 * difference reported with the seed. */
static void compare_one(const grundy_rule *rule, const grundy_seq *oracle, const char *code,
                        uint64_t n, const char *simd, const char *bits, unsigned threads,
                        check_rng *rng, uint64_t seed) {
    set_bits(bits);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, threads, simd);
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
                    "%s, %s doubt test, bits %s, %u threads (seed %llu): g(%llu): %llu, oracle "
                    "%llu\n",
                    code, simd != NULL ? simd : "best", bits != NULL ? bits : "default", threads,
                    (unsigned long long)seed, (unsigned long long)i,
                    (unsigned long long)grundy_seq_get(seq, i),
                    (unsigned long long)grundy_seq_get(oracle, i));
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(oracle, i));
            break;
        }
    }
    grundy_seq_destroy(seq);
    set_bits(NULL);
}

/* Where the machine has AVX-512, two threads of 0.6 past its first 9-bit value take the
 * pipeline (so that the comparisons below run it). */
static void test_officers_path(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, 2, NULL);
    CHECK(seq != NULL && grundy_seq_extend(seq, 30000) == GRUNDY_STATUS_OK);
    const sparse *s = seq != NULL ? seq->state : NULL;
    if (s != NULL && s->isa == SPARSE_ISA_AVX512) {
        const sparse_facts f = grundy_sparse_facts(seq, s, 30000, 40000);
        uint64_t end = 0;
        CHECK(grundy_sparse_choose(&f, &end) == SPARSE_PATH_PIPE16);
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* 0.6 to 30000 against the naive engine, and to 300000 (rare heaps found on the way, several
 * labellings) against one sparse thread without AVX2 (never the pipeline); with the best doubt
 * test also with the guesser's bits below 16 (GRUNDY_SPARSE_BITS=16: most heaps' common gaps
 * above the bound, so their rare splits are marked again) and off (bytes only). */
static void test_officers(void) {
    const uint64_t seed = check_seed(606);
    check_rng rng = {seed};
    static const char *const simd[] = {NULL, "avx2", "sse2"};
    static const char *const bits[] = {"16", "off"};
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    static const struct {
        grundy_seq_engine engine;
        uint64_t n;
    } oracles[] = {{GRUNDY_SEQ_NAIVE, 30000}, {GRUNDY_SEQ_SPARSE, 300000}};
    for (size_t o = 0; o < 2; o++) {
        grundy_seq *oracle = make(rule, oracles[o].engine, 1, "sse2");
        CHECK(oracle != NULL && grundy_seq_extend(oracle, oracles[o].n) == GRUNDY_STATUS_OK);
        for (size_t l = 0; l < sizeof simd / sizeof *simd && oracle != NULL; l++) {
            for (unsigned threads = 2; threads <= 3; threads++) {
                compare_one(rule, oracle, "0.6", oracles[o].n, simd[l], NULL, threads, &rng, seed);
            }
        }
        for (size_t b = 0; b < sizeof bits / sizeof *bits && oracle != NULL; b++) {
            compare_one(rule, oracle, "0.6", oracles[o].n, NULL, bits[b], 2 + (unsigned)b, &rng,
                        seed);
        }
        grundy_seq_destroy(oracle);
    }
    grundy_rule_destroy(rule);
}

/* A random octal code 0.d1..dk (k <= 5, '!' at times) with a split take. */
static void random_code(check_rng *rng, char *text) {
    size_t len = 0;
    text[len++] = '0';
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, 5);
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

/* The pipeline for every rule with values below 2^9 (GRUNDY_SPARSE_PIPE16=any, set for the whole
 * run: it is read once): random codes on two and three threads, each doubt test, against the
 * naive engine; the guesser's bits (best doubt test) by default, below 16, or below a random
 * bound from 16 to 79 (GRUNDY_SPARSE_BITS=N: the heaps whose gaps reach it marked again). */
static void test_random_codes(void) {
    const uint64_t seed = check_seed(1616);
    check_rng rng = {seed};
    static const char *const simd[] = {NULL, "avx2", "portable"};
    char text[32], bits[16];
    for (int i = 0; i < 120; i++) {
        snprintf(bits, sizeof bits, "%u", 16 + (unsigned)check_rng_below(&rng, 64));
        random_code(&rng, text);
        const uint64_t n = 300 + check_rng_below(&rng, 3700);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *oracle = make(rule, GRUNDY_SEQ_NAIVE, 1, NULL);
        CHECK(oracle != NULL && grundy_seq_extend(oracle, n) == GRUNDY_STATUS_OK);
        for (size_t l = 0; l < sizeof simd / sizeof *simd && oracle != NULL; l++) {
            const char *const bound = i % 3 == 0 ? NULL : i % 3 == 1 ? "16" : bits;
            compare_one(rule, oracle, text, n, simd[l], bound, 2 + (unsigned)(i & 1), &rng, seed);
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
}

int main(void) {
    test_officers_path();
    test_officers();
    setenv("GRUNDY_SPARSE_PIPE16", "any", 1);
    test_random_codes();
    return check_report("test_seq_pipe16");
}
