/* SPDX-License-Identifier: MIT */
/* Memory beyond RAM: sequences with opts.memory so small that the window moves, on
 * many seeded random codes, against the same sequences computed with every value kept. Every
 * value the hook sees (at the quiescent points, before the window drops it) must be the full
 * run's, and the statistics accumulated from them the full run's; a run stopped by a missing
 * value says so (LIMIT, a reason, more memory than it had) and a rerun with the memory it asked
 * for gets past that heap. GRUNDY_TEST_SEED replays a failure. */
#include <grundy/grundy.h>

#include "check.h"
#include "split_code.h"
#include "heap/seq/seq_internal.h"

#include <stdio.h>

/* What the hook has seen of a windowed run, checked against the full run's values. */
typedef struct watch {
    const grundy_seq *full;
    uint64_t seen; /* heaps checked so far */
    uint64_t bad;  /* heaps whose value differed, or that were dropped unseen */
    grundy_stats_acc *acc;
} watch;

static grundy_status on_chunk(void *ctx, const grundy_seq *seq, uint64_t target) {
    watch *w = ctx;
    (void)target;
    for (; w->seen < grundy_seq_length(seq); w->seen++) {
        if (!grundy_seq_kept(seq, w->seen) ||
            grundy_seq_get(seq, w->seen) != grundy_seq_get(w->full, w->seen)) {
            w->bad++;
            continue;
        }
        if (grundy_stats_acc_add(w->acc, grundy_seq_get(seq, w->seen)) != GRUNDY_STATUS_OK) {
            w->bad++;
        }
    }
    return GRUNDY_STATUS_OK;
}

static void compare_stats(const grundy_stats *a, const grundy_stats *b, const char *text,
                          uint64_t seed) {
    const int same = a->count == b->count && a->max_value == b->max_value &&
                     a->max_heap == b->max_heap && a->has_mask == b->has_mask &&
                     a->mask == b->mask && a->use_parity == b->use_parity &&
                     a->rare_count == b->rare_count && a->has_rare == b->has_rare &&
                     a->last_rare == b->last_rare &&
                     memcmp(a->freq, b->freq, ((size_t)a->max_value + 1) * sizeof *a->freq) == 0;
    if (!same) {
        fprintf(stderr, "%s (seed %llu): windowed stats differ over %llu heaps\n", text,
                (unsigned long long)seed, (unsigned long long)a->count);
    }
    CHECK(same);
}

static int windowed_ok, windowed_limited, windowed_gaps;
static grundy_seq_limit_reason last_reason;

/* The windowed run of `text` to n values with `memory` bytes; returns its status and sets
 * *reached (values computed) and *need (the memory a LIMIT asked for, 0 otherwise). */
static grundy_status windowed_run(const grundy_rule *rule, const grundy_seq *full, uint64_t n,
                                  uint64_t memory, const char *text, uint64_t seed,
                                  uint64_t *reached, uint64_t *need, uint64_t *heap) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    watch w = {full, 0, 0, NULL};
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.memory = memory;
    opts.hook = on_chunk;
    opts.hook_ctx = &w;
    *need = 0;
    CHECK_EQ(grundy_stats_acc_create(rule, &w.acc), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    const grundy_status st = grundy_seq_extend(seq, n);
    on_chunk(&w, seq, n); /* values after the last quiescent point (none: the chunk ended) */
    *reached = grundy_seq_length(seq);
    CHECK(st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT);
    if (w.bad != 0) {
        fprintf(stderr, "%s (seed %llu, memory %llu): %llu values wrong or unseen\n", text,
                (unsigned long long)seed, (unsigned long long)memory, (unsigned long long)w.bad);
    }
    CHECK_U64(w.bad, 0);
    if (grundy_seq_bytes(seq) > memory) {
        fprintf(stderr, "%s (seed %llu): %llu bytes held with --memory %llu (status %d)\n", text,
                (unsigned long long)seed, (unsigned long long)grundy_seq_bytes(seq),
                (unsigned long long)memory, (int)st);
    }
    CHECK(grundy_seq_bytes(seq) <= memory);
    if (st == GRUNDY_STATUS_OK) {
        CHECK_U64(*reached, n);
    } else {
        const grundy_seq_limit_info *l = grundy_seq_limit(seq);
        CHECK(l->reason != GRUNDY_SEQ_LIMIT_NONE);
        if (l->need_bytes <= memory) {
            fprintf(stderr, "%s (seed %llu, memory %llu): reason %d at heap %llu asks only %llu\n",
                    text, (unsigned long long)seed, (unsigned long long)memory, (int)l->reason,
                    (unsigned long long)l->heap, (unsigned long long)l->need_bytes);
        }
        CHECK(l->need_bytes > memory);
        *need = l->need_bytes;
        *heap = l->reason == GRUNDY_SEQ_LIMIT_BYTES ? *reached : l->heap;
        last_reason = l->reason;
    }
    if (*reached > 0) {
        grundy_stats got, want;
        CHECK_EQ(grundy_stats_acc_finish(w.acc, &got), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_stats_compute(full, *reached, &want), GRUNDY_STATUS_OK);
        compare_stats(&got, &want, text, seed);
        grundy_stats_free(&got);
        grundy_stats_free(&want);
    }
    grundy_stats_acc_destroy(w.acc);
    grundy_seq_destroy(seq);
    return st;
}

static void compare_code(const char *text, uint64_t n, uint64_t memory, uint64_t seed) {
    grundy_rule *rule = NULL;
    grundy_seq *full = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &full), GRUNDY_STATUS_OK);
    /* Codes without sparse space cost O(n) a value: short runs (their windowed runs stop at
     * the full scans, which need every value). */
    CHECK_EQ(grundy_seq_extend(full, 20000), GRUNDY_STATUS_OK);
    n = grundy_seq_rare_count(full) == UINT64_MAX ? 20000 : n;
    CHECK_EQ(grundy_seq_extend(full, n), GRUNDY_STATUS_OK);
    uint64_t reached = 0, need = 0, heap = 0;
    grundy_status st = windowed_run(rule, full, n, memory, text, seed, &reached, &need, &heap);
    if (st == GRUNDY_STATUS_OK) {
        windowed_ok++;
    } else {
        windowed_limited++;
        const grundy_seq_limit_reason reason = last_reason;
        windowed_gaps += reason == GRUNDY_SEQ_LIMIT_GAP;
        /* The memory the limit asked for carries the run past the heap that stopped it. */
        uint64_t reached2 = 0, need2 = 0, heap2 = 0;
        st = windowed_run(rule, full, n, need, text, seed, &reached2, &need2, &heap2);
        const int past = reached2 > heap || (need2 > need && reason != GRUNDY_SEQ_LIMIT_GAP);
        if (!past) {
            fprintf(stderr,
                    "%s (seed %llu): memory %llu stopped (reason %d) at heap %llu asking "
                    "%llu, which stopped at %llu (reason %d, n %llu)\n",
                    text, (unsigned long long)seed, (unsigned long long)memory, (int)reason,
                    (unsigned long long)heap, (unsigned long long)need,
                    (unsigned long long)reached2, (int)last_reason, (unsigned long long)n);
        }
        CHECK(past);
    }
    grundy_seq_destroy(full);
    grundy_rule_destroy(rule);
}

static void random_codes(uint64_t seed, int count) {
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < count; i++) {
        split_code(&rng, text);
        /* 128 KiB to 192 KiB: windows of a few thousand values, moved many times */
        const uint64_t memory = 131072 + 1024 * check_rng_below(&rng, 64);
        compare_code(text, 40000 + check_rng_below(&rng, 60000), memory, seed);
    }
}

/* Several seeds (GRUNDY_TEST_SEED: that one alone, with more codes), so that a wrong memory
 * advice cannot hide behind one seed's draws: seeds 3, 6 and 12345 found the scan's advice too
 * small at 0.034's and 0.425's first 9-bit values (it asked for the first dropped value only). */
static void test_random_codes(void) {
    static const uint64_t seeds[] = {20261201, 3, 6, 12345};
    const uint64_t seed = check_seed(0);
    if (seed != 0) {
        random_codes(seed, 48);
    } else {
        for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
            random_codes(seeds[i], 20);
        }
    }
    /* the regressions themselves: the rerun with the memory asked for gets past the heap */
    compare_code("0.034", 76337, 175104, 3);
    compare_code("0.425", 95978, 149504, 12345);
    /* Both outcomes must occur, or the test proves nothing about one of them. */
    CHECK(windowed_ok > 5);
    CHECK(windowed_limited > 1);
    CHECK(windowed_gaps > 0);
    printf("windowed runs: %d complete, %d stopped (%d by a dropped value)\n", windowed_ok,
           windowed_limited, windowed_gaps);
}

/* Games with few rare positions run far past their memory: 0.167 (59 rare heaps, the last at
 * 1303), 0.16 and 0.1777 with 128 KiB. */
static void test_known_games(void) {
    static const char *const codes[] = {"0.167", "0.16", "0.1777", "0.354"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        compare_code(codes[i], 600000, 131072, 0);
    }
}

/* Engines and settings that need every value: LIMIT with the reason, no wrong value. */
static void test_needs_all(void) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    opts.engine = GRUNDY_SEQ_NAIVE;
    opts.memory = 262144;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 1000000), GRUNDY_STATUS_LIMIT);
    CHECK_EQ(grundy_seq_limit(seq)->reason, GRUNDY_SEQ_LIMIT_ALL);
    CHECK_U64(grundy_seq_limit(seq)->need_bytes >= 1000000, 1);
    CHECK(grundy_seq_kept_all(seq));
    grundy_seq_destroy(seq);
    /* the self-check recomputes heaps from every value */
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.check = 1;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 1000000), GRUNDY_STATUS_LIMIT);
    CHECK_EQ(grundy_seq_limit(seq)->reason, GRUNDY_SEQ_LIMIT_ALL);
    grundy_seq_destroy(seq);
    /* a period search scans every value */
    opts.check = 0;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    grundy_period_opts popts = GRUNDY_PERIOD_OPTS_INIT;
    popts.seq = opts;
    popts.max_n = 4000000;
    grundy_period_result r;
    CHECK_EQ(grundy_period_find(rule, seq, &popts, &r), GRUNDY_STATUS_LIMIT);
    CHECK_EQ(grundy_seq_limit(seq)->reason, GRUNDY_SEQ_LIMIT_ALL);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

int main(void) {
    test_random_codes();
    test_known_games();
    test_needs_all();
    return check_report("test_seq_window");
}
