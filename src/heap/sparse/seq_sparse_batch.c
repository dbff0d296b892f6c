/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's rare pass over B = SPARSE_BATCH heaps at once, on one
 * thread.
 *
 * Heap n0 + j's split m = n0 + j - k = r + (m - r) with a rare part r has the value
 * g(r) ^ g(n0 - k - r + j): for a fixed rare r and take k the B heaps n0 .. n0 + B - 1 read B
 * consecutive values, all known before the batch when r + k >= B (then n0 - k - r + B - 1 < n0).
 * So one pass over the rare list marks B heaps, each in its own table, for the price of a load of
 * the rare position and value per B marks (measured: 16 heaps beat 8 by about 10% on 0.6). What
 * the pass leaves out is marked heap by heap, in order, once the values before the heap are
 * known: the rare r < B - k, the rare r >= n0 - k (some heaps of the batch have no such split),
 * the rare positions found inside the batch and, when the parts must differ, the rare r with
 * 2r = m for some heap of the batch. Every split with a rare part is marked exactly as
 * seq_sparse.c's one-heap pass marks it, so the common gap, the doubts and the values are the
 * same. The first take's ordinary splits a + (m - a) with B <= a <= scan go the same way (the
 * doubt scan would look at them anyway); a < B heap by heap. The labelling and the bits stay
 * fixed in a batch: when booking a value changes them, the batch ends at that heap. With AVX-512
 * and values below 2^9 the batched pass marks every other rare position as bits of the values
 * below a bound (seq_sparse_bits.c: the stores and the vector instructions overlap), and a heap
 * whose common gap the bound does not decide has its batched rare splits marked again. */
#include "heap/sparse/sparse_bits.h"
#include "heap/sparse/sparse_state.h"

#include "util/try.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* With a memory bound (opts.memory), the batch's tables take at most this share of it. */
#define BATCH_MEMORY_SHARE 4

/* The rare ranges of one split take k: [0, lo) has r < B - k; [lo, mid_lo) and [mid_hi, hi) go in
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
        /* 2r = base + j for j in [0, B): r in [base / 2, (base + B - 1) / 2]. */
        b.mid_lo = grundy_sparse_count_below(pos, count, b.base / 2);
        b.mid_hi = grundy_sparse_count_below(pos, count, (b.base + SPARSE_BATCH - 1) / 2 + 1);
        b.mid_lo = b.mid_lo < b.lo ? b.lo : b.mid_lo > b.hi ? b.hi : b.mid_lo;
        b.mid_hi = b.mid_hi < b.mid_lo ? b.mid_lo : b.mid_hi > b.hi ? b.hi : b.mid_hi;
    }
    return b;
}

/* seen + j * SPARSE_BATCH_STRIDE is heap n0 + j's table: a constant stride keeps the B stores
 * of a rare position on one base register. */
#define BATCH_MARK_ONE(T, j) seen[(j)*SPARSE_BATCH_STRIDE + (w ^ LOAD(T, raw, b + (j)))] = stamp;
#define BATCH_MARK_8(T, j)                                                                         \
    BATCH_MARK_ONE(T, (j) + 0)                                                                     \
    BATCH_MARK_ONE(T, (j) + 1)                                                                     \
    BATCH_MARK_ONE(T, (j) + 2)                                                                     \
    BATCH_MARK_ONE(T, (j) + 3)                                                                     \
    BATCH_MARK_ONE(T, (j) + 4)                                                                     \
    BATCH_MARK_ONE(T, (j) + 5)                                                                     \
    BATCH_MARK_ONE(T, (j) + 6)                                                                     \
    BATCH_MARK_ONE(T, (j) + 7)
#if SPARSE_BATCH == 8
#define BATCH_MARK_ALL(T) BATCH_MARK_8(T, 0)
#elif SPARSE_BATCH == 16
#define BATCH_MARK_ALL(T) BATCH_MARK_8(T, 0) BATCH_MARK_8(T, 8)
#else
#error "SPARSE_BATCH: 8 or 16"
#endif
#define BATCH_MARKS(T)                                                                             \
    do {                                                                                           \
        for (size_t i = lo; i < hi; i++) {                                                         \
            const uint64_t b = base - pos[i];                                                      \
            const uint64_t w = val[i];                                                             \
            BATCH_MARK_ALL(T)                                                                      \
        }                                                                                          \
    } while (0)

/* The ordinary splits a in [lo, hi] of the first take (lo >= B): heap n0 + j's split
 * a + (m - a) has the value g(a) ^ g(base - a + j), known before the batch; g(a) from small,
 * g(base - a + j) from raw (base counted from raw's first value). */
#define BATCH_SPLITS(T)                                                                            \
    do {                                                                                           \
        for (uint64_t a = lo; a <= hi; a++) {                                                      \
            const uint64_t b = base - a;                                                           \
            const uint64_t w = LOAD(T, small, a);                                                  \
            BATCH_MARK_ALL(T)                                                                      \
        }                                                                                          \
    } while (0)

static void batch_splits(sparse_mark *seen, sparse_mark stamp, const void *small, const void *raw,
                         unsigned width, uint64_t base, uint64_t lo, uint64_t hi) {
    if (width == 1) {
        BATCH_SPLITS(uint8_t);
    } else {
        BATCH_SPLITS(uint16_t);
    }
}

void grundy_sparse_batch_splits(sparse_mark *seen, sparse_mark stamp, const void *raw,
                                unsigned width, uint64_t base, uint64_t lo, uint64_t hi) {
    batch_splits(seen, stamp, raw, raw, width, base, lo, hi);
}

/* How far the batch marks the first take's ordinary splits: most heaps scan them far past where
 * the doubts start (0.6: about 57 doubts a heap, settled after some 2,800 splits), and a split
 * marked here costs a store where the scan heap by heap costs a store and the doubt bookkeeping;
 * once a few doubts are left the vector doubt test is cheaper than either. So the bound follows
 * the heaps: it shrinks when half the heaps of a batch had at most SPARSE_FEW_LEFT doubts left
 * for the scan and grows when half had more than SPARSE_MANY_LEFT. */
uint64_t grundy_sparse_next_scan(uint64_t scan, unsigned settled, unsigned open, unsigned heaps) {
    if (settled >= heaps / 2) {
        return scan - scan / 8;
    }
    if (open >= heaps / 2) {
        scan += scan / 8 + 16;
    }
    return scan < SPARSE_BATCH_MAX_SCAN ? scan : SPARSE_BATCH_MAX_SCAN;
}

void grundy_sparse_batch_rare(sparse_mark *seen, sparse_mark stamp, const void *raw, unsigned width,
                              uint64_t base, const uint64_t *pos, const uint32_t *val, size_t lo,
                              size_t hi) {
    if (width == 1) {
        BATCH_MARKS(uint8_t);
    } else {
        BATCH_MARKS(uint16_t);
    }
}

void grundy_sparse_mark_rare_checked(const sparse *s, const heap_ctx *h, uint64_t m, int distinct,
                                     uint64_t r_lo, size_t first, size_t last) {
    for (size_t i = first; i < last; i++) {
        const uint64_t r = s->rare_pos[i];
        if (r >= r_lo && r < m && !(distinct && 2 * r == m)) {
            h->seen[s->rare_val[i] ^ load(h, m - r)] = h->stamp;
        }
    }
}

/* Heap n's splits that the batched pass marks, every value. */
static void mark_batched(const sparse *s, const heap_ctx *h, uint64_t n, const batch_take *bt) {
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, bt[i].lo, bt[i].mid_lo);
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, bt[i].mid_hi, bt[i].hi);
    }
}

/* The batch's rare marks for every take: the byte pass, or (limit > 0) half bytes, half bits of
 * the values below limit, stored as marks. */
static void mark_batch_rare(const sparse *s, const heap_ctx *view, uint64_t n0, unsigned limit,
                            batch_take *bt) {
    const void *const raw = grundy_sparse_high(view);
    sparse_bits bits;
    if (limit > 0) {
        memset(&bits, 0, sizeof bits);
    }
    for (size_t i = 0; i < s->split_count; i++) {
        bt[i] = batch_ranges(s, &s->split[i], n0);
        const uint64_t base = bt[i].base - view->first;
        if (limit > 0) {
            grundy_sparse_bits_rare(&bits, s->batch_seen, s->batch_stamp, raw, view->width, base,
                                    s->rare_pos, s->rare_val, bt[i].lo, bt[i].mid_lo);
            grundy_sparse_bits_rare(&bits, s->batch_seen, s->batch_stamp, raw, view->width, base,
                                    s->rare_pos, s->rare_val, bt[i].mid_hi, bt[i].hi);
        } else {
            grundy_sparse_batch_rare(s->batch_seen, s->batch_stamp, raw, view->width, base,
                                     s->rare_pos, s->rare_val, bt[i].lo, bt[i].mid_lo);
            grundy_sparse_batch_rare(s->batch_seen, s->batch_stamp, raw, view->width, base,
                                     s->rare_pos, s->rare_val, bt[i].mid_hi, bt[i].hi);
        }
    }
    if (limit > 0) {
        grundy_sparse_bits_store(&bits, s->batch_seen, s->batch_stamp, limit);
    }
}

/* Heap n's common gap is decided by its marks below limit when some common value below it is
 * left unmarked by every option (the gap is the first, and the doubts are below it); else the
 * values from limit on, which the bits leave out, may decide it: heap n's batched rare splits are
 * marked again, every value. */
static void complete_marks(const sparse *s, const heap_ctx *h, uint64_t n, unsigned limit,
                           const batch_take *bt) {
    const sparse_plan p = grundy_sparse_plan(s, n);
    if (limit > 0 && p.top > limit &&
        grundy_sparse_bits_short(h->seen, h->stamp, p.common, limit)) {
        mark_batched(s, h, n, bt);
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
        /* r < B - k: r < m and 2r < m, as n >= 4B (grundy_sparse_batch_fits). */
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, 0, bt[i].lo);
        grundy_sparse_mark_rare_checked(s, h, m, distinct, 0, bt[i].mid_lo, bt[i].mid_hi);
        grundy_sparse_mark_rare_checked(s, h, m, distinct, 0, bt[i].hi, (size_t)s->rare_count);
    }
}

/* With fewer than 2B rare positions most of them are below B and go heap by heap anyway: 0.1777
 * (15 rare positions to 2^21, 3 split takes) took 3% more instructions batched, 0.16 (52) 19%
 * fewer. */
int grundy_sparse_batch_fits(const sparse_facts *f, uint64_t *end) {
    *end = f->n + SPARSE_BATCH;
    return f->past != UINT64_MAX && !f->dense && f->bits <= SPARSE_BATCH_MAX_BITS &&
           f->rare_count >= 2 * SPARSE_BATCH && f->split_count <= SPARSE_BATCH_TAKES &&
           f->n >= f->past + SPARSE_BATCH && f->n >= 4 * SPARSE_BATCH &&
           f->n + SPARSE_BATCH <= f->length && f->n + SPARSE_BATCH <= f->next_choice;
}

grundy_status grundy_sparse_run_batch(grundy_seq *seq, sparse *s, uint64_t n0, uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    *next = n0;
    if (s->batch_seen == NULL) {
        const uint64_t bytes = SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof(sparse_mark);
        if (s->may_drop && bytes > grundy_seq_memory(seq) / BATCH_MEMORY_SHARE) {
            /* a small memory bound keeps its room for the values (the tables would shrink the
             * prefix and window): one heap at a time */
            *next = n0 + 1;
            return grundy_sparse_window_one(seq, s, n0);
        }
        GRUNDY_TRY(grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + bytes));
        s->batch_seen = calloc(SPARSE_BATCH * SPARSE_BATCH_STRIDE, sizeof *s->batch_seen);
        GRUNDY_CHECK(s->batch_seen != NULL, GRUNDY_STATUS_NOMEM);
    }
    if (++s->batch_stamp == 0) {
        memset(s->batch_seen, 0, SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof *s->batch_seen);
        s->batch_stamp = 1;
    }
    if (s->may_drop && !grundy_sparse_window_flat(seq, s, n0)) {
        *next = n0 + 1; /* the tables took room from the values: some option of n0 is dropped */
        return grundy_sparse_window_one(seq, s, n0);
    }
    /* Over the memory window (grundy_sparse_window_flat): the rare splits' partners from the
     * window (their bases counted from its first value), the ordinary splits' small parts from
     * the prefix. */
    const heap_ctx view = grundy_sparse_view_ctx(seq, s, s->batch_seen, s->batch_stamp, s->doubt);
    const void *const raw = grundy_sparse_high(&view);
    const unsigned width = view.width;
    const unsigned limit = grundy_sparse_bits_limit(s, width);
    batch_take bt[SPARSE_BATCH_TAKES];
    mark_batch_rare(s, &view, n0, limit, bt);
    /* The first take's splits a in [B, scan] for every heap of the batch, [1, B - 1] heap by heap.
     */
    uint64_t scan = s->split_count > 0 ? (bt[0].base - 1) / 2 : 0;
    /* The bitset doubt test costs less a split than a mark once the first splits have settled
     * most doubts (0.6 to 2^20: the batch's marks to 143 or 271 beat none and 527 by 5% to 10%;
     * each heap hits most of its doubts in those), so it caps the bound that follows the heaps
     * (0.16, with a doubt or two a heap, keeps its bound near 0). */
    const sparse_doubts test = grundy_sparse_heap_doubts(s); /* the bits stay in a batch */
    uint64_t most = s->isa == SPARSE_ISA_AVX512 && s->batch_scan > SPARSE_BITSET_SCAN
                        ? SPARSE_BITSET_SCAN
                        : s->batch_scan;
    /* With the doubts as a table (16-bit values below 512) a split costs the table test less
     * than a mark even where the first splits hit most (0.6 to 2^21, 5 runs alternating: none
     * marked 2.85 s median, to 40 2.92 s, to 207 3.08 s, to 400 3.19 s, AVX-512); with
     * AVX2's table (0.6 to 2^20, alternating: none, to 64, 207 and 512 all within the noise of
     * the shared machine, 2.7 to 3.3 s) takes none too. */
    most = test == SPARSE_DOUBTS_TABLE && s->bits > 8 ? 0 : most;
    scan = most < scan ? most : scan;
    scan = s->split_count > 0 ? grundy_sparse_scan_end(&view, bt[0].base, scan) : 0;
    scan = scan >= SPARSE_BATCH ? scan : 0;
    if (scan > 0) {
        batch_splits(s->batch_seen, s->batch_stamp, view.raw, raw, width, bt[0].base - view.first,
                     SPARSE_BATCH, scan);
    }
    const uint64_t labellings = s->labellings;
    const unsigned bits = s->bits;
    unsigned settled = 0, open = 0;
    heap_ctx h = view;
    h.doubts = (uint8_t)test;
    for (uint64_t j = 0; j < SPARSE_BATCH; j++) {
        const uint64_t n = n0 + j;
        h.seen = s->batch_seen + j * SPARSE_BATCH_STRIDE;
        if (j > 0 && s->may_drop) {
            grundy_sparse_view_refresh(seq, &h); /* a push may move the values or widen them */
        } else if (j > 0) {
            h.raw = grundy_seq_raw(seq, &h.width);
        }
        mark_left_out(s, &h, n, bt);
        if (scan > 0) {
            grundy_sparse_mark_range(&h, n - s->split[0].k, 1, SPARSE_BATCH - 1);
        }
        complete_marks(s, &h, n, limit, bt);
        size_t left;
        uint64_t scanned;
        const uint64_t v = grundy_sparse_settle_scan(s, &h, n, scan + 1, &left, &scanned);
        grundy_sparse_note_scan(s, left, scanned);
        settled += left <= SPARSE_FEW_LEFT;
        open += left > SPARSE_MANY_LEFT;
        if (v == SPARSE_UNSETTLED) {
            GRUNDY_TRY(grundy_sparse_window_heap(seq, s, n)); /* its scan reaches dropped values */
        } else {
            GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, n, v));
        }
        *next = n + 1;
        if (s->labellings != labellings || s->bits != bits ||
            (s->may_drop && !grundy_sparse_window_flat(seq, s, n + 1))) {
            break; /* the rest of the batch was marked for the old labelling or bits, or its
                    * options are no longer all kept */
        }
    }
    s->batch_scan = grundy_sparse_next_scan(s->batch_scan, settled, open, SPARSE_BATCH);
cleanup:
    return st;
}
