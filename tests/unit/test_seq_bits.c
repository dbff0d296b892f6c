/* SPDX-License-Identifier: MIT */
/* The batch's rare marks half as bits (seq_sparse_bits.c) against the naive engine and the byte
 * pass: where the machine has AVX-512, 0.6 past its first 9-bit value takes them; seeded random
 * octal codes (8-bit and 16-bit values, '!', several split takes, the parity variant) on one
 * thread with the default bound and with bounds of 16 and 40 (GRUNDY_SPARSE_BITS=N: most heaps'
 * common gaps above the bound, so their rare splits are marked again), against the naive engine;
 * 0.6 and 4!.0 far past it against the byte pass (GRUNDY_SPARSE_BITS=off); and the blocks' group
 * marks (two threads, one block after the other and short overlapped blocks) on random codes and
 * 4!.0 with the bound at 16 and the default. GRUNDY_TEST_SEED replays a failure. */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_object.h"
#include "heap/sparse/sparse_bits.h"
#include "heap/sparse/sparse_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const bounds[] = {NULL, "16", "40"};

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, unsigned threads) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    return grundy_seq_create(rule, &opts, &seq) == GRUNDY_STATUS_OK ? seq : NULL;
}

/* GRUNDY_SPARSE_BITS for the batches from here on (read at each batch); NULL: the default. */
static void set_bits(const char *bits) {
    if (bits != NULL) {
        setenv("GRUNDY_SPARSE_BITS", bits, 1);
    } else {
        unsetenv("GRUNDY_SPARSE_BITS");
    }
}

/* The first n values of `code` by the sparse engine on `threads` threads with the bits as `bits`
 * says, extended in random steps, against the oracle's; the first difference reported with the
 * seed. */
static void compare_on(const grundy_rule *rule, const grundy_seq *oracle, const char *code,
                       uint64_t n, const char *bits, unsigned threads, check_rng *rng,
                       uint64_t seed) {
    set_bits(bits);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, threads);
    CHECK(seq != NULL);
    uint64_t len = 0;
    while (seq != NULL && len < n) {
        len += 1 + check_rng_below(rng, n / 3 + 1);
        len = len < n ? len : n;
        CHECK_EQ(grundy_seq_extend(seq, len), GRUNDY_STATUS_OK);
    }
    set_bits(NULL);
    for (uint64_t i = 0; seq != NULL && i < n; i++) {
        if (grundy_seq_get(seq, i) != grundy_seq_get(oracle, i)) {
            fprintf(stderr,
                    "%s, bits bound %s, %u threads (seed %llu): g(%llu): %llu, oracle %llu\n", code,
                    bits != NULL ? bits : "default", threads, (unsigned long long)seed,
                    (unsigned long long)i, (unsigned long long)grundy_seq_get(seq, i),
                    (unsigned long long)grundy_seq_get(oracle, i));
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(oracle, i));
            break;
        }
    }
    grundy_seq_destroy(seq);
}

static void compare_one(const grundy_rule *rule, const grundy_seq *oracle, const char *code,
                        uint64_t n, const char *bits, check_rng *rng, uint64_t seed) {
    compare_on(rule, oracle, code, n, bits, 1, rng, seed);
}

/* Where the machine has AVX-512, 0.6's batches past its first 9-bit value (16-bit values) take
 * the bits with the full bound, and GRUNDY_SPARSE_BITS lowers it or turns them off. */
static void test_officers_bound(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE, 1);
    CHECK(seq != NULL && grundy_seq_extend(seq, 30000) == GRUNDY_STATUS_OK);
    const sparse *s = seq != NULL ? seq->state : NULL;
    if (s != NULL && s->isa == SPARSE_ISA_AVX512) {
        CHECK_U64(grundy_sparse_bits_limit(s, 2), SPARSE_BITS_VALUES);
        set_bits("40");
        CHECK_U64(grundy_sparse_bits_limit(s, 2), 40);
        set_bits("off");
        CHECK_U64(grundy_sparse_bits_limit(s, 2), 0);
        set_bits(NULL);
    } else {
        printf("test_seq_bits: no AVX-512 here, the bits are not used\n");
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* A random octal code 0.d1..dk or 4.d1..dk (k <= 6, '!' at times) with a split take. */
static void random_code(check_rng *rng, char *text) {
    size_t len = 0;
    text[len++] = check_rng_below(rng, 4) == 0 ? '4' : '0';
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, 6);
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
        text[len++] = '6';
    }
    text[len] = '\0';
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(2828);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 150; i++) {
        random_code(&rng, text);
        const uint64_t n = 500 + check_rng_below(&rng, 5500);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *oracle = make(rule, GRUNDY_SEQ_NAIVE, 1);
        CHECK(oracle != NULL && grundy_seq_extend(oracle, n) == GRUNDY_STATUS_OK);
        for (size_t b = 0; b < sizeof bounds / sizeof *bounds && oracle != NULL; b++) {
            compare_one(rule, oracle, text, n, bounds[b], &rng, seed);
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
}

/* 0.6 to 30000 against the naive engine (its first 9-bit value at 10344), and 0.6 and 4!.0 far
 * past it against the byte pass, each bound. */
static void test_known(void) {
    const uint64_t seed = check_seed(2829);
    check_rng rng = {seed};
    static const struct {
        const char *code;
        grundy_seq_engine engine;
        uint64_t n;
    } runs[] = {{"0.6", GRUNDY_SEQ_NAIVE, 30000},
                {"0.6", GRUNDY_SEQ_SPARSE, 400000},
                {"4!.0", GRUNDY_SEQ_SPARSE, 100000}};
    for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(runs[r].code, &rule, NULL), GRUNDY_STATUS_OK);
        set_bits("off");
        grundy_seq *oracle = make(rule, runs[r].engine, 1);
        CHECK(oracle != NULL && grundy_seq_extend(oracle, runs[r].n) == GRUNDY_STATUS_OK);
        set_bits(NULL);
        for (size_t b = 0; b < sizeof bounds / sizeof *bounds && oracle != NULL; b++) {
            compare_one(rule, oracle, runs[r].code, runs[r].n, bounds[b], &rng, seed);
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
}

/* The blocks' group marks (two threads) take the bits too, and a heap whose common gap may lie at
 * the bound or above has them marked again, on the threads or in order: random codes against the
 * naive engine with the bound at 16 (most heaps marked again) and the default, in blocks one after
 * the other and in short overlapped blocks (GRUNDY_SPARSE_BLOCK=short: many block edges, the
 * bands marked at once); 4!.0 to 2^17 against one thread's byte pass. */
static void test_blocks(void) {
    const uint64_t seed = check_seed(2830);
    check_rng rng = {seed};
    fprintf(stderr, "test_seq_bits: the blocks' group marks (seed %llu)\n",
            (unsigned long long)seed);
    static const char *const modes[] = {NULL, "short"};
    static const char *const block_bounds[] = {"16", NULL};
    char text[32];
    for (int i = 0; i < 80; i++) {
        random_code(&rng, text);
        const uint64_t n = 2000 + check_rng_below(&rng, 6000);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *oracle = make(rule, GRUNDY_SEQ_NAIVE, 1);
        CHECK(oracle != NULL && grundy_seq_extend(oracle, n) == GRUNDY_STATUS_OK);
        for (size_t b = 0; b < 2 && oracle != NULL; b++) {
            if (modes[i % 2] != NULL) { /* read when the engine is created */
                setenv("GRUNDY_SPARSE_BLOCK", modes[i % 2], 1);
            }
            compare_on(rule, oracle, text, n, block_bounds[b], 2, &rng, seed);
            unsetenv("GRUNDY_SPARSE_BLOCK");
        }
        grundy_seq_destroy(oracle);
        grundy_rule_destroy(rule);
    }
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("4!.0", &rule, NULL), GRUNDY_STATUS_OK);
    set_bits("off");
    grundy_seq *oracle = make(rule, GRUNDY_SEQ_SPARSE, 1);
    CHECK(oracle != NULL && grundy_seq_extend(oracle, 1u << 17) == GRUNDY_STATUS_OK);
    for (size_t b = 0; b < 2 && oracle != NULL; b++) {
        compare_on(rule, oracle, "4!.0", 1u << 17, block_bounds[b], 2, &rng, seed);
    }
    grundy_seq_destroy(oracle);
    grundy_rule_destroy(rule);
}

int main(void) {
    test_officers_bound();
    test_known();
    test_random_codes();
    test_blocks();
    return check_report("test_seq_bits");
}
