/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's rare pass over eight heaps at once (issue 12), on one thread.
 *
 * Heap n0 + j's split m = n0 + j - k = r + (m - r) with a rare part r has the value
 * g(r) ^ g(n0 - k - r + j): for a fixed rare r and take k the eight heaps n0 .. n0 + 7 read eight
 * consecutive values, all known before the batch when r + k >= 8 (then n0 - k - r + 7 < n0). So
 * one pass over the rare list marks eight heaps, each in its own table, for the price of a load of
 * the rare position and value per eight marks. What the pass leaves out is marked heap by heap, in
 * order, once the values before the heap are known: the rare r < 8 - k, the rare r >= n0 - k
 * (some heaps of the batch have no such split), the rare positions found inside the batch and,
 * when the parts must differ, the rare r with 2r = m for some heap of the batch. Every split with
 * a rare part is marked exactly as seq_sparse.c's one-heap pass marks it, so the common gap, the
 * doubts and the values are the same. The labelling and the bits stay fixed in a batch: when
 * booking a value changes them, the batch ends at that heap. */
#include "seq_sparse_internal.h"

#include "../util/try.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The rare ranges of one split take k: [0, lo) has r < 8 - k; [lo, mid_lo) and [mid_hi, hi) go in
 * the batched pass; [mid_lo, mid_hi) holds the r = m / 2 of some heap (parts that must differ);
 * [hi, count) has r >= n0 - k. */
typedef struct batch_take {
    uint64_t base; /* n0 - k: heap n0 + j reads g(base - r + j) */
    size_t lo, mid_lo, mid_hi, hi;
} batch_take;

static batch_take batch_ranges(const sparse *s, const take *t, uint64_t n0) {
    const uint64_t *pos = s->rare_pos;
    const size_t count = (size_t)s->rare_count;
    batch_take b;
    b.base = n0 - t->k;
    b.lo = t->k >= SPARSE_BATCH ? 0 : grundy_sparse_count_below(pos, count, SPARSE_BATCH - t->k);
    b.hi = grundy_sparse_count_below(pos, count, b.base);
    b.mid_lo = b.mid_hi = b.hi;
    if (t->distinct) {
        /* 2r = base + j for j in [0, 8): r in [base / 2, (base + 7) / 2]. */
        b.mid_lo = grundy_sparse_count_below(pos, count, b.base / 2);
        b.mid_hi = grundy_sparse_count_below(pos, count, (b.base + SPARSE_BATCH - 1) / 2 + 1);
        b.mid_lo = b.mid_lo < b.lo ? b.lo : b.mid_lo > b.hi ? b.hi : b.mid_lo;
        b.mid_hi = b.mid_hi < b.mid_lo ? b.mid_lo : b.mid_hi > b.hi ? b.hi : b.mid_hi;
    }
    return b;
}

/* seen + j * SPARSE_BATCH_STRIDE is heap n0 + j's table: a constant stride keeps the eight stores
 * of a rare position on one base register. */
#define BATCH_MARK_ONE(T, j) seen[(j)*SPARSE_BATCH_STRIDE + (w ^ LOAD(T, raw, b + (j)))] = stamp;
#define BATCH_MARKS(T)                                                                             \
    do {                                                                                           \
        for (size_t i = lo; i < hi; i++) {                                                         \
            const uint64_t b = base - pos[i];                                                      \
            const uint64_t w = val[i];                                                             \
            BATCH_MARK_ONE(T, 0)                                                                   \
            BATCH_MARK_ONE(T, 1)                                                                   \
            BATCH_MARK_ONE(T, 2)                                                                   \
            BATCH_MARK_ONE(T, 3)                                                                   \
            BATCH_MARK_ONE(T, 4)                                                                   \
            BATCH_MARK_ONE(T, 5)                                                                   \
            BATCH_MARK_ONE(T, 6)                                                                   \
            BATCH_MARK_ONE(T, 7)                                                                   \
        }                                                                                          \
    } while (0)

static void batch_marks(sparse_mark *seen, sparse_mark stamp, const void *raw, unsigned width,
                        uint64_t base, const uint64_t *pos, const uint32_t *val, size_t lo,
                        size_t hi) {
    if (width == 1) {
        BATCH_MARKS(uint8_t);
    } else {
        BATCH_MARKS(uint16_t);
    }
}

/* Mark the splits m = r + (m - r) for the rare r in rare_pos[first, last) with r < m, but not
 * r = m - r when the parts must differ: the few the batched pass left to this heap. */
static void mark_rare_checked(const sparse *s, const heap_ctx *h, uint64_t m, int distinct,
                              size_t first, size_t last) {
    for (size_t i = first; i < last; i++) {
        const uint64_t r = s->rare_pos[i];
        if (r < m && !(distinct && 2 * r == m)) {
            h->seen[s->rare_val[i] ^ load(h, m - r)] = h->stamp;
        }
    }
}

/* In order: heap n's options that the batched pass left out. */
static void mark_left_out(const sparse *s, const heap_ctx *h, uint64_t n, const batch_take *bt) {
    for (size_t i = 0; i < s->one_count; i++) {
        h->seen[load(h, n - s->one[i].k)] = h->stamp;
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        const int distinct = s->split[i].distinct;
        mark_rare_checked(s, h, m, distinct, 0, bt[i].lo);
        mark_rare_checked(s, h, m, distinct, bt[i].mid_lo, bt[i].mid_hi);
        mark_rare_checked(s, h, m, distinct, bt[i].hi, (size_t)s->rare_count);
    }
}

int grundy_sparse_batch_fits(const sparse *s, uint64_t n, uint64_t length) {
    return s->expanded && !s->dense && s->bits <= SPARSE_BATCH_MAX_BITS &&
           s->split_count <= SPARSE_BATCH_TAKES && n > s->max_take + 1 + SPARSE_BATCH && n >= 64 &&
           n + SPARSE_BATCH <= length && n + SPARSE_BATCH <= s->next_choice;
}

grundy_status grundy_sparse_run_batch(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    *next = n0;
    if (s->batch_seen == NULL) {
        const uint64_t bytes = SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof(sparse_mark);
        GRUNDY_TRY(grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + bytes));
        s->batch_seen = calloc(SPARSE_BATCH * SPARSE_BATCH_STRIDE, sizeof *s->batch_seen);
        GRUNDY_CHECK(s->batch_seen != NULL, GRUNDY_STATUS_NOMEM);
    }
    if (++s->batch_stamp == 0) {
        memset(s->batch_seen, 0, SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof *s->batch_seen);
        s->batch_stamp = 1;
    }
    const uint64_t flat = grundy_seq_flat_end(seq); /* issue 13: moved by a new layout */
    if (n0 + SPARSE_BATCH > flat) {
        goto cleanup; /* values past the prefix: the caller takes the windowed pass */
    }
    batch_take bt[SPARSE_BATCH_TAKES];
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    for (size_t i = 0; i < s->split_count; i++) {
        bt[i] = batch_ranges(s, &s->split[i], n0);
        batch_marks(s->batch_seen, s->batch_stamp, raw, width, bt[i].base, s->rare_pos, s->rare_val,
                    bt[i].lo, bt[i].mid_lo);
        batch_marks(s->batch_seen, s->batch_stamp, raw, width, bt[i].base, s->rare_pos, s->rare_val,
                    bt[i].mid_hi, bt[i].hi);
    }
    const uint64_t labellings = s->labellings;
    const unsigned bits = s->bits;
    for (uint64_t j = 0; j < SPARSE_BATCH; j++) {
        heap_ctx h = {NULL, 0, s->batch_seen + j * SPARSE_BATCH_STRIDE, s->batch_stamp, s->doubt};
        h.raw = grundy_seq_raw(seq, &h.width);
        mark_left_out(s, &h, n0 + j, bt);
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, n0 + j, grundy_sparse_settle(s, &h, n0 + j)));
        *next = n0 + j + 1;
        if (s->labellings != labellings || s->bits != bits || grundy_seq_flat_end(seq) != flat) {
            break; /* the rest of the batch was marked for the old labelling or bits */
        }
    }
cleanup:
    return st;
}
