/* SPDX-License-Identifier: MIT */
/* The memory window's heaps on the sparse engine's one-heap and batched passes (the batched rare
 * marks, the vector doubt tests) and on the pipeline (one thread, or a guesser and a checker),
 * which read the small parts of splits from the prefix and the large ones from the window
 * wherever every option a heap marks is kept: on many seeded random codes with small windows, and
 * windows of a megabyte (room for the pipeline's scratch, the window sliding between its runs),
 * with and without a spill file and with 1, 2 and 3 threads, every value the hook sees equals
 * full storage's (a run without a spill file may stop at a dropped value: LIMIT). A windowed 0.167
 * takes the pipeline (AVX2: on every thread given) or the batch on one thread, not the windowed
 * pass, for its next heaps. GRUNDY_TEST_SEED replays a failure. */
#include <grundy/grundy.h>

#include "check.h"
#include "split_code.h"
#include "heap/seq/seq_object.h"
#include "heap/sparse/sparse_state.h"

#include <stdio.h>
#include <unistd.h>

static char spill_path[128];

typedef struct watch {
    const grundy_seq *full;
    uint64_t seen;
    uint64_t wrong, first_wrong; /* values that differ from full storage's */
    uint64_t unseen;             /* values dropped before the hook saw them */
} watch;

static grundy_status on_chunk(void *ctx, const grundy_seq *seq, uint64_t target) {
    watch *w = ctx;
    (void)target;
    for (; w->seen < grundy_seq_length(seq); w->seen++) {
        if (!grundy_seq_kept(seq, w->seen)) {
            w->unseen++;
        } else if (grundy_seq_get(seq, w->seen) != grundy_seq_get(w->full, w->seen)) {
            w->first_wrong = w->wrong++ == 0 ? w->seen : w->first_wrong;
        }
    }
    return GRUNDY_STATUS_OK;
}

static int runs_complete, runs_dropped, runs_stopped;

/* `text` to n values within `memory` bytes (and a spill file), on `threads` threads, against
 * every value kept. */
static void windowed_run(const grundy_rule *rule, const grundy_seq *full, uint64_t n,
                         uint64_t memory, int spill, unsigned threads, const char *text,
                         uint64_t seed) {
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    watch w = {full, 0, 0, 0, 0};
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.memory = memory;
    opts.spill = spill ? spill_path : NULL;
    opts.threads = threads;
    opts.hook = on_chunk;
    opts.hook_ctx = &w;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    const grundy_status st = grundy_seq_extend(seq, n);
    on_chunk(&w, seq, n); /* the values after the last quiescent point */
    const grundy_seq_limit_info *l = grundy_seq_limit(seq);
    /* with a spill file no run stops for a dropped value; full scans may still need them all */
    const int fine = st == GRUNDY_STATUS_OK ||
                     (st == GRUNDY_STATUS_LIMIT && (!spill || l->reason != GRUNDY_SEQ_LIMIT_GAP));
    /* No value is dropped before the hook saw it, also on a run stopped by a limit (the values
     * since the last quiescent point stay held for the caller to read). */
    if (!fine || w.wrong != 0 || w.unseen != 0) {
        fprintf(stderr,
                "%s to %llu (seed %llu, memory %llu, %s, %u threads): status %d (reason %d) at "
                "heap %llu, %llu values wrong (the first: heap %llu), %llu unseen\n",
                text, (unsigned long long)n, (unsigned long long)seed, (unsigned long long)memory,
                spill ? "spill file" : "no spill file", threads, (int)st, (int)l->reason,
                (unsigned long long)grundy_seq_length(seq), (unsigned long long)w.wrong,
                (unsigned long long)w.first_wrong, (unsigned long long)w.unseen);
    }
    CHECK(fine);
    CHECK_U64(w.wrong, 0);
    CHECK_U64(w.unseen, 0);
    runs_complete += st == GRUNDY_STATUS_OK;
    runs_stopped += st != GRUNDY_STATUS_OK;
    runs_dropped += !grundy_seq_kept_all(seq);
    grundy_seq_destroy(seq);
}

static void compare_code(const char *text, uint64_t n, uint64_t memory, uint64_t seed) {
    grundy_rule *rule = NULL;
    grundy_seq *full = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.threads = 1;
    CHECK_EQ(grundy_rule_parse(text, &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &full), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(full, 20000), GRUNDY_STATUS_OK);
    /* full scans cost O(n) a value: short runs */
    n = grundy_seq_rare_count(full) == UINT64_MAX ? 20000 : n;
    CHECK_EQ(grundy_seq_extend(full, n), GRUNDY_STATUS_OK);
    for (unsigned threads = 1; threads <= 3; threads++) {
        for (int spill = 0; spill < 2; spill++) {
            windowed_run(rule, full, n, memory, spill, threads, text, seed);
        }
    }
    grundy_seq_destroy(full);
    grundy_rule_destroy(rule);
}

/* Random codes, windows of one to a few thousand values (the batch's tables and the scratch
 * take much of the memory), moved many times. */
static void test_random_codes(void) {
    const uint64_t seed = check_seed(20261203);
    check_rng rng = {seed};
    char text[32];
    for (int i = 0; i < 24; i++) {
        split_code(&rng, text);
        const uint64_t memory = 139264 + 1024 * check_rng_below(&rng, 64);
        compare_code(text, 60000 + check_rng_below(&rng, 80000), memory, seed);
    }
    /* a shrinking prefix that held values the hook had not seen yet (a stopped run) */
    compare_code("0.034", 139066, 157696, seed);
    compare_code("0.167", 400000, 139264, seed);
    compare_code("0.1777", 400000, 139264, seed);
    /* the pipeline's scratch fits: its guesses written ahead in the window, which slides */
    compare_code("0.167", 1500000, (uint64_t)1 << 20, seed);
    compare_code("0.1777", 1500000, (uint64_t)1 << 20, seed);
    /* codes that take the pipeline, on one thread and on two and three (a guesser and a checker
     * over the window: 1.5 MiB keeps the threads, the blocks' tables fitting before the window),
     * their windows of about 140 thousand values sliding many times; 0.1777's checker leaves
     * heaps to the windowed pass (doubts past the last split kept) */
    const char *const piped[] = {"0.167", "0.1777", "0.15252", "0.055", "4.176"};
    for (size_t i = 0; i < sizeof piped / sizeof *piped; i++) {
        compare_code(piped[i], 1500000, 3 * ((uint64_t)1 << 19), seed);
    }
    CHECK(runs_complete > 20);
    CHECK(runs_dropped > 20);
    printf("windowed runs: %d complete, %d stopped, %d dropped values\n", runs_complete,
           runs_stopped, runs_dropped);
}

/* Once 0.167's values are dropped (its rare heaps all below 1304, far behind the window), the
 * path table sends the next heaps through the pipeline where it has the AVX2 pass (values below
 * 2^7), on every thread the engine has (a guesser and a checker from two on), else the batched
 * pass on one thread whatever the count (the blocks read one array). Under 128 KiB (or 1 MiB)
 * the blocks' tables did not fit before the window, so the engine went on with one thread; under
 * 1.5 MiB it keeps them all. */
static void windowed_choice(uint64_t memory, uint64_t length, unsigned threads,
                            unsigned engine_threads) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.memory = memory;
    opts.threads = threads;
    CHECK_EQ(grundy_rule_parse("0.167", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, length), GRUNDY_STATUS_OK);
    CHECK(!grundy_seq_kept_all(seq));
    const sparse *s = seq->state;
    const uint64_t n = grundy_seq_length(seq);
    const sparse_facts f = grundy_sparse_facts(seq, s, n, n + 1000);
    uint64_t end = 0;
    const sparse_path path = grundy_sparse_choose(&f, &end);
#if defined(__x86_64__)
    const int pipe = s->isa >= SPARSE_ISA_AVX2 && s->bits <= 7;
#else
    const int pipe = 0;
#endif
    const sparse_path want = pipe ? SPARSE_PATH_PIPE : SPARSE_PATH_BATCH;
    if (path != want) {
        fprintf(stderr, "windowed_choice: heap %llu of 0.167 (%u threads) goes by %s, not %s\n",
                (unsigned long long)n, threads, grundy_sparse_path_name(path),
                grundy_sparse_path_name(want));
    }
    CHECK(path == want);
    CHECK_U64(end, pipe ? n + 1000 : n + SPARSE_BATCH);
    const unsigned want_threads = pipe ? engine_threads : 1;
    if (f.threads != want_threads || s->threads != engine_threads) {
        fprintf(stderr,
                "windowed_choice: heap %llu of 0.167 (%u threads, memory %llu) runs on %u of the "
                "engine's %u threads\n",
                (unsigned long long)n, threads, (unsigned long long)memory, f.threads, s->threads);
    }
    CHECK_U64(s->threads, engine_threads);
    CHECK_U64(f.threads, want_threads);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

static void test_windowed_choice(void) {
    for (unsigned threads = 1; threads <= 3; threads++) {
        windowed_choice(131072, 400000, threads, 1);
        windowed_choice(3 * ((uint64_t)1 << 19), 3000000, threads, threads);
    }
}

int main(void) {
    snprintf(spill_path, sizeof spill_path, "/tmp/grundy_window_paths_%ld.spill", (long)getpid());
    test_windowed_choice();
    test_random_codes();
    return check_report("test_seq_window_paths");
}
