/* SPDX-License-Identifier: MIT */
/* The choice of the way the sparse engine computes the next heaps: the facts gathered once, then
 * one table of {path, predicate, runner} tried in order (zstd's ZSTD_selectBlockCompressor: the
 * choice in one place, each way beside its test). */
#include "heap/sparse/sparse_state.h"

#include "util/try.h"

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* Heaps this close to the end of the flat storage, or past it, may find their values in a prefix
 * and a window: there the threads' paths (which read one array) give way, and the heaps whose
 * options are not all in the view that the one-heap and batched passes read
 * (grundy_sparse_window_flat) go through the windowed pass. */
#define WINDOW_MARGIN 1024
/* One heap at a time goes on for up to this many heaps before the table is asked again, unless
 * what the predicates read of the state changes first (run_one): the choice costs a few
 * nanoseconds, a tenth of a cheap rule's heap (0.1777: about 100 ns), and a path that starts to
 * fit at a threshold of n (64, 256 heaps) starts at most this many heaps late. */
#define ONE_RUN 64

/* Heap n near the end of the flat storage or past it, in a sequence that may drop values. */
static int windowed_at(const grundy_seq *seq, const sparse *s, uint64_t n) {
    return s->may_drop && n + WINDOW_MARGIN > grundy_seq_flat_end(seq);
}

sparse_facts grundy_sparse_facts(const grundy_seq *seq, const sparse *s, uint64_t n,
                                 uint64_t length) {
    sparse_facts f;
    f.n = n;
    f.length = length;
    f.next_choice = s->next_choice;
    f.past = s->expanded ? s->max_take + 2 : UINT64_MAX;
    f.rare_count = s->dense ? 0 : s->rare_count;
    f.split_count = s->expanded ? s->split_count : 0;
    const int windowed = windowed_at(seq, s, n);
    f.threads = s->threads;
    f.bits = s->bits;
    f.dense = s->dense;
    f.may_drop = s->may_drop;
    f.near_flat_end = windowed && !grundy_sparse_window_flat(seq, s, n);
    f.isa = (sparse_isa)s->isa;
    f.doubts = grundy_sparse_heap_doubts(s);
    uint64_t end;
    if (windowed && !grundy_sparse_pipe_fits(&f, &end)) {
        f.threads = 1; /* over the window the threads run the pipeline only (the blocks read one
                        * array) */
    }
    return f;
}

/* Values dropped, or about to be, and some option of heap n not in the view that the one-heap
 * and batched passes read: read them through the windowed pass, or (full scans, moves by class)
 * one heap at a time while they are all in one array. */
static int window_fits(const sparse_facts *f, uint64_t *end) {
    *end = f->n + 1;
    return f->near_flat_end;
}

static int one_fits(const sparse_facts *f, uint64_t *end) {
    uint64_t e = f->n + ONE_RUN;
    e = e < f->length ? e : f->length;
    e = e < f->next_choice ? e : f->next_choice;
    *end = f->may_drop || e <= f->n ? f->n + 1 : e; /* the window's margin moves with the values */
    return 1;
}

static grundy_status run_window(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                uint64_t *next) {
    (void)end;
    *next = n + 1;
    return grundy_sparse_window_one(seq, s, n);
}

static grundy_status run_after_pipe(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                    uint64_t *next);

/* One thread, where the memory bound has no room for the pipeline's scratch, or (values may be
 * dropped) where the pipeline did nothing: the rows after it take the heaps, as where it does
 * not run (the values never depend on the path). */
static grundy_status run_pipe(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                              uint64_t *next) {
    const grundy_status st = grundy_sparse_run_pipe(seq, s, n, end, next);
    if (st == GRUNDY_STATUS_OK && *next == n) {
        return run_after_pipe(seq, s, n, end, next);
    }
    if (st == GRUNDY_STATUS_LIMIT && (s->threads < 2 || s->may_drop) && *next == n &&
        grundy_seq_limit(seq)->reason == GRUNDY_SEQ_LIMIT_BYTES) {
        grundy_seq_limit_clear(seq);
        return run_after_pipe(seq, s, n, end, next);
    }
    return grundy_sparse_threads_capped(seq, s, st, next);
}

static grundy_status run_pipe16(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                uint64_t *next) {
    return grundy_sparse_threads_capped(seq, s, grundy_sparse_run_pipe16(seq, s, n, end, next),
                                        next);
}

static grundy_status run_block(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                               uint64_t *next) {
    return grundy_sparse_threads_capped(seq, s, grundy_sparse_run_block(seq, s, n, end, next),
                                        next);
}

static grundy_status run_batch(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                               uint64_t *next) {
    (void)end;
    return grundy_sparse_run_batch(seq, s, n, next);
}

/* Heaps [n, end) one at a time while the state that the predicates read stays (the labelling, the
 * bits, the rare list's length, the full scans, the doubt test's scans): then the table's answer
 * could change only at a threshold of n. */
static grundy_status run_one(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end, uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t labellings = s->labellings, rare_count = s->rare_count;
    const unsigned bits = s->bits;
    const int dense = s->dense;
    const uint8_t short_scans = s->short_scans;
    *next = n;
    do {
        GRUNDY_TRY(grundy_sparse_run_one(seq, s, n));
        *next = ++n;
    } while (n < end && s->labellings == labellings && s->rare_count == rare_count &&
             s->bits == bits && s->dense == dense && s->short_scans == short_scans);
cleanup:
    return st;
}

typedef struct path_entry {
    sparse_path path;
    const char *name;
    int (*fits)(const sparse_facts *f, uint64_t *end);
    grundy_status (*run)(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end, uint64_t *next);
} path_entry;

/* In order: the first whose predicate holds takes the heaps. The window comes first (the others
 * read every value from one array); values up to 2^9 with the doubt table on two threads, the
 * pipeline of a batched guesser and the table's checker (each half of the one-thread batch; it
 * takes no 8-bit values, so the next row is not shadowed but where the tests ask for it); the
 * pipeline before the blocks (cheap rules, where a block costs more than it shares) and, on one
 * thread with AVX2, before the batch (its guess is the cheaper pass); the batch where one thread
 * is left; one heap always fits. */
static const path_entry paths[SPARSE_PATH_COUNT] = {
    {SPARSE_PATH_WINDOW, "window", window_fits, run_window},
    {SPARSE_PATH_PIPE16, "pipe16", grundy_sparse_pipe16_fits, run_pipe16},
    {SPARSE_PATH_PIPE, "pipe", grundy_sparse_pipe_fits, run_pipe},
    {SPARSE_PATH_BLOCK, "block", grundy_sparse_block_fits, run_block},
    {SPARSE_PATH_BATCH, "batch", grundy_sparse_batch_fits, run_batch},
    {SPARSE_PATH_ONE, "one", one_fits, run_one},
};

/* The first row from `first` on whose predicate holds for f. */
static size_t choose_from(const sparse_facts *f, size_t first, uint64_t *end) {
    size_t i = first;
    while (!paths[i].fits(f, end)) { /* the last, one heap, always fits */
        i++;
    }
    return i;
}

sparse_path grundy_sparse_choose(const sparse_facts *f, uint64_t *end) {
    return paths[choose_from(f, 0, end)].path;
}

static grundy_status run_after_pipe(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                    uint64_t *next) {
    sparse_facts f = grundy_sparse_facts(seq, s, n, end);
    if (windowed_at(seq, s, n)) {
        f.threads = 1; /* the blocks read one array */
    }
    uint64_t e = n + 1;
    const size_t i = choose_from(&f, SPARSE_PATH_PIPE + 1, &e);
    return paths[i].run(seq, s, n, e, next);
}

const char *grundy_sparse_path_name(sparse_path path) {
    return path < SPARSE_PATH_COUNT ? paths[path].name : "?";
}

grundy_status grundy_sparse_run_path(grundy_seq *seq, sparse *s, sparse_path path, uint64_t n,
                                     uint64_t end, uint64_t *next) {
    assert(path < SPARSE_PATH_COUNT && paths[path].path == path);
    return paths[path].run(seq, s, n, end, next);
}
