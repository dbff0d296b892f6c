/* SPDX-License-Identifier: MIT */
/* The sparse-space engine against the naive engine (the oracle) on hundreds of seeded random codes
 * whose moves leave at most two heaps (d0 = 4 and '!' included, long codes, codes with no sparse
 * space), computed in random steps; the mask choice against direct counting; and 0.16's
 * published period proved to its Guy-Smith bound. GRUNDY_TEST_SEED replays a failure. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_object.h"
#include "heap/sparse/sparse_state.h"
#include "heap/sparse/sparse_mask.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char digit_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static grundy_seq *make_seq_threads(const grundy_rule *rule, grundy_seq_engine engine,
                                    unsigned threads) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    if (grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK) {
        return NULL;
    }
    return seq;
}

static grundy_seq *make_seq(const grundy_rule *rule, grundy_seq_engine engine) {
    return make_seq_threads(rule, engine, 1);
}

/* Compute n values of `text` with both engines (the sparse one in random steps) and compare. */
static void compare_engines(const char *text, uint64_t n, check_rng *rng, uint64_t seed) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s (seed %llu)\n", text, (unsigned long long)seed);
        CHECK(0);
        return;
    }
    grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
    grundy_seq *fast = make_seq(rule, GRUNDY_SEQ_SPARSE);
    CHECK(naive != NULL && fast != NULL);
    if (naive != NULL && fast != NULL) {
        CHECK_EQ(grundy_seq_extend(naive, n), GRUNDY_STATUS_OK);
        uint64_t len = 0;
        while (len < n) {
            len += 1 + check_rng_below(rng, n / 3 + 1);
            len = len < n ? len : n;
            CHECK_EQ(grundy_seq_extend(fast, len), GRUNDY_STATUS_OK);
        }
        CHECK_EQ(grundy_seq_get_engine(fast), GRUNDY_SEQ_SPARSE);
        for (uint64_t i = 0; i < n; i++) {
            if (grundy_seq_get(naive, i) != grundy_seq_get(fast, i)) {
                fprintf(stderr, "%s (seed %llu): g(%llu): sparse %llu, naive %llu\n", text,
                        (unsigned long long)seed, (unsigned long long)i,
                        (unsigned long long)grundy_seq_get(fast, i),
                        (unsigned long long)grundy_seq_get(naive, i));
                CHECK_U64(grundy_seq_get(fast, i), grundy_seq_get(naive, i));
                break;
            }
        }
        CHECK_U64(grundy_seq_max_value(fast), grundy_seq_max_value(naive));
    }
    grundy_seq_destroy(naive);
    grundy_seq_destroy(fast);
    grundy_rule_destroy(rule);
}

/* A random code whose digits use only bits 1, 2, 4: d0 is 0 or 4 (4! at times), up to `digits`
 * digits after the point, '!' at times, and at times a tail. */
static void random_code(check_rng *rng, char *text, unsigned digits) {
    size_t len = 0;
    const uint64_t d0 = check_rng_below(rng, 4);
    text[len++] = d0 == 0 ? '4' : '0';
    if (d0 == 0 && check_rng_below(rng, 3) == 0) {
        text[len++] = '!';
    }
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, digits);
    int split = 0;
    for (unsigned i = 0; i < count; i++) {
        const unsigned d =
            (unsigned)check_rng_below(rng, i == count - 1 ? 7 : 8) + (i == count - 1);
        split |= (d & 4u) != 0;
        text[len++] = digit_chars[d];
        if ((d & 4u) && check_rng_below(rng, 10) == 0) {
            text[len++] = '!';
        }
    }
    if (!split && d0 != 0) {
        text[len++] = '4'; /* the engine applies only where some move leaves two heaps */
    }
    if (check_rng_below(rng, 12) == 0) {
        text[len++] = '[';
        /* A tail that splits costs the naive engine O(n^2) per value: keep those short. */
        text[len++] = digit_chars[1 + check_rng_below(rng, 3)];
        text[len++] = ']';
    }
    text[len] = '\0';
}

static void test_random_codes(void) {
    const uint64_t seed = check_seed(20261130);
    check_rng rng = {seed};
    char text[64];
    for (int i = 0; i < 400; i++) {
        random_code(&rng, text, i % 10 == 0 ? 24 : 6);
        compare_engines(text, 64 + check_rng_below(&rng, 1200), &rng, seed);
    }
}

/* Longer runs where the sparse space matters, the mask is re-chosen and values widen. */
static void test_known_games(void) {
    const uint64_t seed = check_seed(7);
    check_rng rng = {seed};
    /* 0.127 needs the parity of n; 0.04 and 0.06 have no sparse space; 4!.0 is Grundy's game; 4.7
     * and 0.[7] grow past 255 (16-bit storage). */
    static const struct {
        const char *code;
        uint64_t n;
    } games[] = {{"0.16", 5000},   {"0.6", 5000},  {"0.127", 4000}, {"0.354", 4000},
                 {"0.1777", 4000}, {"0.04", 3000}, {"0.06", 3000},  {"4!.0", 4000},
                 {"0.77", 2000},   {"0.07", 2000}, {"4.7", 3000},   {"0.[7]", 300},
                 {"0.[4]", 400},   {"0.75", 3000}, {"0.165", 3000}, {"0.376", 3000}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        compare_engines(games[i].code, games[i].n, &rng, seed);
    }
}

/* Deep windows, where the rare list has stopped growing and the fast paths run (one pass over
 * the rare list for several takes, the ring of remainders' marks): the naive engine, started
 * from the sparse engine's prefix, must find every value of the window the same. */
static void test_deep_windows(void) {
    static const char *const codes[] = {"0.354", "0.1777", "0.16", "0.127", "0.376", "4!.0", "0.6"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(codes[i], &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *fast = make_seq(rule, GRUNDY_SEQ_SPARSE);
        grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
        const uint64_t at = 25000, count = 120;
        CHECK_EQ(grundy_seq_extend(fast, at + count), GRUNDY_STATUS_OK);
        grundy_status st = GRUNDY_STATUS_OK;
        for (uint64_t n = 0; n < at && st == GRUNDY_STATUS_OK; n++) {
            st = grundy_seq_push(naive, grundy_seq_get(fast, n));
        }
        CHECK_EQ(st, GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_seq_extend(naive, at + count), GRUNDY_STATUS_OK);
        for (uint64_t n = at; n < at + count; n++) {
            if (grundy_seq_get(naive, n) != grundy_seq_get(fast, n)) {
                fprintf(stderr, "%s: g(%llu): sparse %llu, naive %llu\n", codes[i],
                        (unsigned long long)n, (unsigned long long)grundy_seq_get(fast, n),
                        (unsigned long long)grundy_seq_get(naive, n));
                CHECK_U64(grundy_seq_get(fast, n), grundy_seq_get(naive, n));
                break;
            }
        }
        grundy_seq_destroy(naive);
        grundy_seq_destroy(fast);
        grundy_rule_destroy(rule);
    }
}

/* 0.034's first value of 256 (heap 26376, the first needing 9 bits) came out 257: a
 * doubt of 2^bits went into the 8-bit SWAR lanes and matched a split of xor 1. The whole prefix
 * against the naive engine, past that heap. */
static void test_first_nine_bit_value(void) {
    const uint64_t seed = check_seed(11);
    check_rng rng = {seed};
    compare_engines("0.034", 26400, &rng, seed);
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.034", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *fast = make_seq(rule, GRUNDY_SEQ_SPARSE);
    CHECK_EQ(grundy_seq_extend(fast, 26377), GRUNDY_STATUS_OK);
    CHECK_U64(grundy_seq_get(fast, 26376), 256);
    CHECK_U64(grundy_seq_max_value(fast), 256);
    grundy_seq_destroy(fast);
    grundy_rule_destroy(rule);
}

/* The mask choice against counting rare positions directly for every labelling. */
static void test_mask_choice(void) {
    const uint64_t seed = check_seed(99);
    check_rng rng = {seed};
    uint64_t hist[64];
    int64_t scratch[64];
    for (int round = 0; round < 200; round++) {
        const unsigned bits = 1 + (unsigned)check_rng_below(&rng, 5);
        const size_t size = (size_t)2 << bits;
        for (size_t j = 0; j < size; j++) {
            hist[j] = check_rng_below(&rng, 3) == 0 ? check_rng_below(&rng, 1000) : 0;
        }
        const int parity = (int)check_rng_below(&rng, 2);
        const grundy_sparse_mask got = grundy_sparse_mask_choose(hist, bits, scratch, parity);
        uint64_t best = UINT64_MAX;
        for (size_t i = 0; i < size; i++) {
            uint64_t rare = 0;
            for (size_t j = 0; j < size; j++) {
                unsigned odd = 0;
                for (size_t x = i & j; x != 0; x &= x - 1) {
                    odd ^= 1u;
                }
                rare += odd ? 0 : hist[j];
            }
            if (i != 0 && ((i & 1u) == 0 || parity) && rare < best) {
                best = rare;
            }
            if (i == ((got.mask << 1) | got.use_parity)) {
                CHECK_U64(got.rare, rare);
            }
        }
        if (got.mask != 0 || got.use_parity != 0) {
            CHECK_U64(got.rare, best);
        } else {
            CHECK(got.rare <= best); /* only "everything rare" when nothing beats it */
        }
        CHECK(parity || got.use_parity == 0);
    }
}

/* 0.16: preperiod 105351, period 149459 (Gangolli and Plambeck 1989), proved by Guy-Smith at
 * 2 * 105351 + 2 * 149459 + 2 = 509622 values; the first values agree with the naive engine. */
static void test_published_016(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.16", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    opts.seq.engine = GRUNDY_SEQ_SPARSE;
    opts.max_n = (uint64_t)1 << 20;
    grundy_seq *seq = make_seq(rule, GRUNDY_SEQ_SPARSE);
    grundy_period_result res;
    CHECK_EQ(grundy_period_find(rule, seq, &opts, &res), GRUNDY_STATUS_OK);
    CHECK(res.found && res.proved);
    CHECK_U64(res.preperiod, 105351);
    CHECK_U64(res.period, 149459);
    CHECK_U64(grundy_period_values_needed(rule, 105351, 149459), 509622);
    CHECK(res.values_computed >= 509622);
    grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
    CHECK_EQ(grundy_seq_extend(naive, 6000), GRUNDY_STATUS_OK);
    for (uint64_t i = 0; i < 6000; i++) {
        if (grundy_seq_get(naive, i) != grundy_seq_get(seq, i)) {
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(naive, i));
            break;
        }
    }
    grundy_seq_destroy(naive);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* Rules where no move leaves two heaps are the naive engine's; asking for sparse says so. */
static void test_applies(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.33", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = GRUNDY_SEQ_SPARSE;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_UNSUPPORTED);
    opts.engine = GRUNDY_SEQ_AUTO;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_get_engine(seq), GRUNDY_SEQ_NAIVE);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_get_engine(seq), GRUNDY_SEQ_SPARSE);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* A memory limit stops the engine with LIMIT and keeps every value it pushed exact. */
static void test_limit(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.max_bytes = 3000;
    grundy_seq *seq = NULL;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t len = 50; st == GRUNDY_STATUS_OK && len < 100000; len += 50) {
        st = grundy_seq_extend(seq, len); /* growing steps, so the limit falls mid-computation */
    }
    CHECK_EQ(st, GRUNDY_STATUS_LIMIT);
    const uint64_t got = grundy_seq_length(seq);
    CHECK(got > 100 && got < 3000);
    grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
    CHECK_EQ(grundy_seq_extend(naive, got), GRUNDY_STATUS_OK);
    for (uint64_t i = 0; i < got; i++) {
        if (grundy_seq_get(naive, i) != grundy_seq_get(seq, i)) {
            CHECK_U64(grundy_seq_get(seq, i), grundy_seq_get(naive, i));
            break;
        }
    }
    grundy_seq_destroy(naive);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* The first heap where two sequences differ, or n. */
static uint64_t first_difference(const grundy_seq *a, const grundy_seq *b, uint64_t from,
                                 uint64_t n) {
    for (uint64_t i = from; i < n; i++) {
        if (grundy_seq_get(a, i) != grundy_seq_get(b, i)) {
            return i;
        }
    }
    return n;
}

/* The threaded sparse engine: n values of `text` by the naive engine and by the sparse one with 1,
 * 2 and 3 threads, each in random steps (so the blocks fall differently). */
static void compare_threads(const char *text, uint64_t n, check_rng *rng, uint64_t seed) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
    CHECK(naive != NULL && grundy_seq_extend(naive, n) == GRUNDY_STATUS_OK);
    for (unsigned threads = 1; threads <= 3 && naive != NULL; threads++) {
        grundy_seq *fast = make_seq_threads(rule, GRUNDY_SEQ_SPARSE, threads);
        uint64_t len = 0;
        CHECK(fast != NULL);
        while (fast != NULL && len < n) {
            len += 1 + check_rng_below(rng, n / 2 + 1);
            len = len < n ? len : n;
            CHECK_EQ(grundy_seq_extend(fast, len), GRUNDY_STATUS_OK);
        }
        const uint64_t at = fast != NULL ? first_difference(naive, fast, 0, n) : n;
        if (at < n) {
            fprintf(stderr, "%s with %u threads (seed %llu): g(%llu): sparse %llu, naive %llu\n",
                    text, threads, (unsigned long long)seed, (unsigned long long)at,
                    (unsigned long long)grundy_seq_get(fast, at),
                    (unsigned long long)grundy_seq_get(naive, at));
        }
        CHECK_U64(at, n);
        grundy_seq_destroy(fast);
    }
    grundy_seq_destroy(naive);
    grundy_rule_destroy(rule);
}

/* Random codes past the heap where blocks start (512), with short codes for many split takes
 * and long ones for values past 255 (16-bit storage, bits changing inside a block). */
static void test_threads_random(void) {
    const uint64_t seed = check_seed(12);
    check_rng rng = {seed};
    char text[64];
    for (int i = 0; i < 60; i++) {
        random_code(&rng, text, i % 4 == 0 ? 20 : 6);
        compare_threads(text, 600 + check_rng_below(&rng, 2400), &rng, seed);
    }
    /* Values past 255 and growing: 4.7 and 0.44444444 (bits change inside blocks), 0.764 (no
     * sparse space: blocks of full scans), 0.034's first 9-bit value at heap 26376. */
    static const char *const wide[] = {"4.7", "0.44444444", "0.764", "0.7777777777"};
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        compare_threads(wide[i], 4000, &rng, seed);
    }
    compare_threads("0.034", 26500, &rng, seed);
}

/* The blocks' overlap (the next block's first pass while this one is settled, its band of options
 * marked after) in short blocks of varied lengths (GRUNDY_SPARSE_BLOCK=short, read when the engine
 * is created), so that every run crosses many block edges: random codes with 1, 2 and 3 threads
 * against the naive engine, values past 255 and growing (bookings that stop the overlap), and the
 * overlap in full-length blocks (GRUNDY_SPARSE_BLOCK=overlap; the default, one block after the
 * other, runs in every other test). */
static void test_block_overlap(void) {
    const uint64_t seed = check_seed(20261204);
    check_rng rng = {seed};
    char text[64];
    setenv("GRUNDY_SPARSE_BLOCK", "short", 1);
    fprintf(stderr, "test_block_overlap: short blocks (seed %llu)\n", (unsigned long long)seed);
    for (int i = 0; i < 80; i++) {
        random_code(&rng, text, i % 4 == 0 ? 20 : 6);
        compare_threads(text, 300 + check_rng_below(&rng, 2700), &rng, seed);
    }
    static const char *const wide[] = {"4.7", "0.44444444", "0.764", "0.6", "4!.0"};
    for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
        compare_threads(wide[i], 12000, &rng, seed);
    }
    setenv("GRUNDY_SPARSE_BLOCK", "overlap", 1);
    fprintf(stderr, "test_block_overlap: full blocks overlapped (seed %llu)\n",
            (unsigned long long)seed);
    for (int i = 0; i < 20; i++) {
        random_code(&rng, text, i % 4 == 0 ? 20 : 6);
        compare_threads(text, 600 + check_rng_below(&rng, 2400), &rng, seed);
    }
    unsetenv("GRUNDY_SPARSE_BLOCK");
}

/* Where AVX-512's bitset test scans the doubts, a block's groups mark the first take's ordinary
 * splits no further than the batch does (SPARSE_BITSET_SCAN a heap): past it a mark costs more than
 * the test. 4!.0's heaps keep many doubts open, which grew the bound without that cap towards
 * SPARSE_BATCH_MAX_SCAN (two threads then spent 44% more CPU than one, most of it marking). */
static void test_block_scan_bound(void) {
    if (grundy_sparse_machine_isa() != SPARSE_ISA_AVX512) {
        fprintf(stderr, "test_block_scan_bound: no AVX-512 here, nothing to check\n");
        return;
    }
    setenv("GRUNDY_SPARSE_PROFILE", "1", 1);
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("4!.0", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq *seq = make_seq_threads(rule, GRUNDY_SEQ_SPARSE, 2);
    CHECK_EQ(grundy_seq_extend(seq, (uint64_t)1 << 18), GRUNDY_STATUS_OK);
    const sparse *s = seq->state;
    CHECK(s->profile != NULL && s->profile->heaps > 0 && s->profile->marked_splits > 0);
    if (s->profile != NULL) {
        fprintf(stderr, "test_block_scan_bound: %.1f splits marked at once a heap\n",
                (double)s->profile->marked_splits / (double)s->profile->heaps);
        CHECK(s->profile->marked_splits <= SPARSE_BITSET_SCAN * s->profile->heaps);
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    unsetenv("GRUNDY_SPARSE_PROFILE");
}

/* Long runs of the known games: one thread (checked against the naive engine above) against 2
 * and 3, where the rare list and the labelling have settled; and a window deep in, against the
 * naive engine started from the threaded prefix. */
static void test_threads_deep(void) {
    static const char *const codes[] = {"0.6", "4!.0", "0.16", "0.354", "0.1777", "0.127"};
    const uint64_t n = 150000, window = 100;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(codes[i], &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *one = make_seq_threads(rule, GRUNDY_SEQ_SPARSE, 1);
        CHECK_EQ(grundy_seq_extend(one, n), GRUNDY_STATUS_OK);
        for (unsigned threads = 2; threads <= 3; threads++) {
            grundy_seq *many = make_seq_threads(rule, GRUNDY_SEQ_SPARSE, threads);
            CHECK_EQ(grundy_seq_extend(many, n + window), GRUNDY_STATUS_OK);
            const uint64_t at = first_difference(one, many, 0, n);
            if (at < n) {
                fprintf(stderr, "%s: g(%llu) with %u threads: %llu, one thread %llu\n", codes[i],
                        (unsigned long long)at, threads,
                        (unsigned long long)grundy_seq_get(many, at),
                        (unsigned long long)grundy_seq_get(one, at));
            }
            CHECK_U64(at, n);
            grundy_seq *naive = make_seq(rule, GRUNDY_SEQ_NAIVE);
            grundy_status st = GRUNDY_STATUS_OK;
            for (uint64_t m = 0; m < n && st == GRUNDY_STATUS_OK; m++) {
                st = grundy_seq_push(naive, grundy_seq_get(many, m));
            }
            CHECK_EQ(st, GRUNDY_STATUS_OK);
            CHECK_EQ(grundy_seq_extend(naive, n + window), GRUNDY_STATUS_OK);
            CHECK_U64(first_difference(naive, many, n, n + window), n + window);
            grundy_seq_destroy(naive);
            grundy_seq_destroy(many);
        }
        grundy_seq_destroy(one);
        grundy_rule_destroy(rule);
    }
}

/* Codes whose values pass 255 and stay below SPARSE_BITSET_VALUES = 512
 * by heap 16000 (0.6 from heap 10344, 0.007, 0.37), where the doubts go as a table
 * (SPARSE_DOUBTS_TABLE on AVX2 or AVX-512), against the naive engine with every doubt
 * test this machine has (GRUNDY_SPARSE_SIMD, read when the engine is created) and 1, 2 and 3
 * threads, in random steps. */
static void test_table_levels(void) {
    static const char *const codes[] = {"0.6", "0.007", "0.37"};
    static const char *const levels[] = {"portable", "sse2", "avx2", NULL};
    const uint64_t seed = check_seed(1206);
    check_rng rng = {seed};
    for (size_t l = 0; l < sizeof levels / sizeof *levels; l++) {
        for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
            if (levels[l] != NULL) {
                setenv("GRUNDY_SPARSE_SIMD", levels[l], 1);
            } else {
                unsetenv("GRUNDY_SPARSE_SIMD");
            }
            fprintf(stderr, "test_table_levels: %s, doubt test %s\n", codes[i],
                    levels[l] != NULL ? levels[l] : "best");
            compare_threads(codes[i], 16000, &rng, seed);
        }
    }
    unsetenv("GRUNDY_SPARSE_SIMD");
}

/* Facts where the batch fits and nothing before it: one thread, a rare list of 100, three split
 * takes, 6-bit values, heap 100000 far past every take. */
static sparse_facts batch_facts(void) {
    sparse_facts f;
    memset(&f, 0, sizeof f);
    f.n = 100000;
    f.length = f.n + 1000;
    f.next_choice = 2 * f.n;
    f.past = 10;
    f.rare_count = 100;
    f.split_count = 3;
    f.threads = 1;
    f.bits = 6;
    f.isa = SPARSE_ISA_SCALAR;
    f.doubts = SPARSE_DOUBTS_LIST;
    return f;
}

static void expect_path(const sparse_facts *f, sparse_path want, uint64_t want_end, int line) {
    uint64_t end = 0;
    const sparse_path got = grundy_sparse_choose(f, &end);
    if (got != want || end != want_end) {
        fprintf(stderr, "test_path_table line %d: %s to %llu, want %s to %llu\n", line,
                grundy_sparse_path_name(got), (unsigned long long)end,
                grundy_sparse_path_name(want), (unsigned long long)want_end);
    }
    CHECK(got == want);
    CHECK_U64(end, want_end);
}
#define EXPECT_PATH(f, want, end) expect_path(&(f), want, end, __LINE__)

/* The table that chooses the path: each path where its facts say, in the table's order. */
static void test_path_table(void) {
    sparse_facts f = batch_facts();
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f.near_flat_end = 1; /* the window before anything */
    EXPECT_PATH(f, SPARSE_PATH_WINDOW, f.n + 1);
    f = batch_facts();
    f.rare_count = 10; /* too few rare positions to batch: a run of one heap at a time */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 64);
    f.next_choice = f.n + 5; /* up to the next labelling */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 5);
    f.may_drop = 1; /* the window's margin moves with the values: one heap */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 1);
    f = batch_facts();
    f.length = f.n + 8; /* nor a batch's worth of heaps left */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 8);
    f = batch_facts();
    f.past = UINT64_MAX; /* takes by class: one heap at a time, whatever the threads */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 64);
    f.threads = 2;
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 64);
    f = batch_facts();
    f.threads = 2; /* a cheap rule (300 rare marks a heap) on two threads: the pipeline */
    EXPECT_PATH(f, SPARSE_PATH_PIPE, f.length);
    f.next_choice = f.n + 100; /* up to the next labelling */
    EXPECT_PATH(f, SPARSE_PATH_PIPE, f.n + 100);
    f.next_choice = 2 * f.n;
    f.may_drop = 1; /* values may be dropped: no pipeline; too cheap for blocks: the batch */
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f = batch_facts();
    f.isa = SPARSE_ISA_AVX2; /* one thread with the AVX2 pass: the pipeline alone beats the batch */
    EXPECT_PATH(f, SPARSE_PATH_PIPE, f.length);
    f.isa = SPARSE_ISA_AVX512;
    EXPECT_PATH(f, SPARSE_PATH_PIPE, f.length);
    f.bits = 8; /* past the AVX2 pass's 7 bits: no pass of its own, the batch */
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f.bits = 6;
    f.rare_count = 200; /* 600 rare marks a heap: too dear for the pipeline, the batch */
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f.rare_count = 10;
    f.isa = SPARSE_ISA_SSE2; /* without AVX2: one heap at a time */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 64);
    f = batch_facts();
    f.threads = 2;
    f.bits = 9; /* values past 8 bits: no pipeline; blocks up to the length */
    f.rare_count = 1000;
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, f.length);
    f.next_choice = f.n + 40; /* or the next labelling */
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, f.n + 40);
    f.next_choice = 2 * f.n;
    f.length = f.n + 1000;
    f.isa = SPARSE_ISA_AVX512; /* the doubt table: its pipeline on two threads */
    f.doubts = SPARSE_DOUBTS_TABLE;
    EXPECT_PATH(f, SPARSE_PATH_PIPE16, f.length);
    f.next_choice = f.n + 40; /* up to the next labelling */
    EXPECT_PATH(f, SPARSE_PATH_PIPE16, f.n + 40);
    f.next_choice = 2 * f.n;
    f.may_drop = 1; /* values may be dropped: no pipeline; the table beats the blocks: the batch */
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f.may_drop = 0;
    f.threads = 1; /* one thread: the batch */
    EXPECT_PATH(f, SPARSE_PATH_BATCH, f.n + SPARSE_BATCH);
    f.threads = 2;
    f.bits = 10; /* past the table's 512 values: no pipeline */
    f.doubts = SPARSE_DOUBTS_BITSET;
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, f.length);
    f.bits = 9;
    f.doubts = SPARSE_DOUBTS_TABLE;
    f.isa = SPARSE_ISA_AVX2; /* AVX2's table does not beat the blocks */
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, f.length);
    f.bits = 15; /* too wide for blocks and batches */
    EXPECT_PATH(f, SPARSE_PATH_ONE, f.n + 64);
    f = batch_facts();
    f.threads = 2;
    f.dense = 1; /* full scans share well: blocks */
    f.rare_count = 0;
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, f.length);
    f.n = 200; /* from heap 64 on (each block a quarter of its first heap at most) */
    f.length = 1000;
    EXPECT_PATH(f, SPARSE_PATH_BLOCK, 1000);
    f.n = 63;
    EXPECT_PATH(f, SPARSE_PATH_ONE, 127);
    f.n = 200;
    f.threads = 1;
    EXPECT_PATH(f, SPARSE_PATH_ONE, 264);
}

/* The doubt test's algorithm chosen from the values, for each instruction set, and capped. */
static void test_doubt_choice(void) {
    sparse s;
    memset(&s, 0, sizeof s);
    s.doubts_cap = SPARSE_DOUBTS_TABLE;
    const struct {
        sparse_isa isa;
        unsigned bits, short_scans;
        sparse_doubts cap, want;
    } cases[] = {
        {SPARSE_ISA_SCALAR, 9, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_LIST},
        {SPARSE_ISA_SSE2, 9, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_LIST},
        {SPARSE_ISA_AVX2, 9, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_TABLE},
        {SPARSE_ISA_AVX2, 10, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_LIST},
        {SPARSE_ISA_AVX2, 9, 0, SPARSE_DOUBTS_BITSET, SPARSE_DOUBTS_LIST},
        {SPARSE_ISA_AVX512, 9, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_TABLE},
        {SPARSE_ISA_AVX512, 8, 1, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_LIST},
        {SPARSE_ISA_AVX512, 10, 0, SPARSE_DOUBTS_TABLE, SPARSE_DOUBTS_BITSET},
        {SPARSE_ISA_AVX512, 9, 0, SPARSE_DOUBTS_BITSET, SPARSE_DOUBTS_BITSET},
        {SPARSE_ISA_AVX512, 9, 0, SPARSE_DOUBTS_LIST, SPARSE_DOUBTS_LIST},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        s.isa = (uint8_t)cases[i].isa;
        s.bits = cases[i].bits;
        s.short_scans = (uint8_t)cases[i].short_scans;
        s.doubts_cap = (uint8_t)cases[i].cap;
        const sparse_doubts got = grundy_sparse_heap_doubts(&s);
        if (got != cases[i].want) {
            fprintf(stderr, "test_doubt_choice case %zu: %s on %s, want %s\n", i,
                    grundy_sparse_doubts_name(got), grundy_sparse_isa_name(cases[i].isa),
                    grundy_sparse_doubts_name(cases[i].want));
        }
        CHECK(got == cases[i].want);
        CHECK(grundy_sparse_isa_has(cases[i].isa, got));
    }
}

/* Every (instruction set, doubt test) pair this machine has (GRUNDY_SPARSE_SIMD and
 * GRUNDY_SPARSE_DOUBTS, read when the engine is created) against the naive engine: random codes
 * with 1, 2 and 3 threads (so every path), and 0.6, whose values pass 255 at heap 10344 (the
 * table and the bitset on 16-bit values). */
static void test_doubt_axes(void) {
    static const char *const isa_env[SPARSE_ISA_COUNT] = {"portable", "sse2", "avx2", NULL};
    static const char *const doubts_env[SPARSE_DOUBTS_COUNT] = {"list", "bitset", NULL};
    unsetenv("GRUNDY_SPARSE_SIMD");
    unsetenv("GRUNDY_SPARSE_DOUBTS");
    const sparse_isa machine = grundy_sparse_machine_isa();
    const uint64_t seed = check_seed(20261203);
    check_rng rng = {seed};
    char text[64];
    for (sparse_isa isa = SPARSE_ISA_SCALAR; isa <= machine; isa++) {
        for (sparse_doubts test = SPARSE_DOUBTS_LIST; test < SPARSE_DOUBTS_COUNT; test++) {
            if (!grundy_sparse_isa_has(isa, test)) {
                continue;
            }
            if (isa_env[isa] != NULL) {
                setenv("GRUNDY_SPARSE_SIMD", isa_env[isa], 1);
            } else {
                unsetenv("GRUNDY_SPARSE_SIMD");
            }
            if (doubts_env[test] != NULL) {
                setenv("GRUNDY_SPARSE_DOUBTS", doubts_env[test], 1);
            } else {
                unsetenv("GRUNDY_SPARSE_DOUBTS");
            }
            CHECK(grundy_sparse_machine_isa() == isa);
            CHECK(grundy_sparse_doubts_cap() == test);
            fprintf(stderr, "test_doubt_axes: %s, %s (seed %llu)\n", grundy_sparse_isa_name(isa),
                    grundy_sparse_doubts_name(test), (unsigned long long)seed);
            for (int i = 0; i < 12; i++) {
                random_code(&rng, text, i % 4 == 0 ? 12 : 5);
                compare_threads(text, 600 + check_rng_below(&rng, 1400), &rng, seed);
            }
            compare_threads("0.6", 11000, &rng, seed);
        }
    }
    unsetenv("GRUNDY_SPARSE_SIMD");
    unsetenv("GRUNDY_SPARSE_DOUBTS");
}

int main(void) {
    test_path_table();
    test_doubt_choice();
    test_doubt_axes();
    test_table_levels();
    test_threads_random();
    test_block_overlap();
    test_block_scan_bound();
    test_threads_deep();
    test_mask_choice();
    test_applies();
    test_random_codes();
    test_known_games();
    test_deep_windows();
    test_published_016();
    test_limit();
    test_first_nine_bit_value();
    return check_report("test_seq_sparse");
}
