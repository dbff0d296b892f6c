/* SPDX-License-Identifier: MIT */
/* The retrograde core (retro.h): win/lose/draw and remoteness by counting, for CSR graphs and
 * implicit state spaces alike. The loop itself is in retro_impl.h, compiled once per id width
 * and counter width so that a 32-bit graph pays nothing for 64-bit state spaces; SCAN mode (no
 * queue, grundy_retro_mode) is in retro_scan_impl.h, compiled with each 1-byte-counter one.
 * QUEUE mode on several threads is retro_par.c. */
#include "graph/retro_state.h"

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define RETRO_PREFETCH(p) __builtin_prefetch((p), 1, 0)
#else
#define RETRO_PREFETCH(p) ((void)(p))
#endif

/* Lookahead distances of the pipelined loop (positions in the queue); the ring holds the parent
 * arrays fetched but not yet relaxed. Tuned on a 10^7-vertex random graph (docs/benchmarks.md). */
enum { RETRO_RING = 64, RETRO_AHEAD_Z = 48, RETRO_AHEAD_A = 24, RETRO_AHEAD_B = 10 };
/* Locality test of the pipelined loop: blocks of RETRO_BLOCK queue positions; a position is near
 * when its id is within RETRO_NEAR of the one before it in the queue. */
enum { RETRO_BLOCK = 1024, RETRO_NEAR = 64 };

/* The look-ahead ring: parent arrays fetched for queue positions [b, a), offsets prefetched up
 * to z. Untyped (void *) so that one ring serves every instantiation. */
typedef struct retro_ring {
    const void *ps[RETRO_RING];
    size_t pc[RETRO_RING];
    uint64_t z, a, b;
} retro_ring;

/* SCAN mode: a counter byte holding this is a labelled position whose parents wait to be told. */
#define RETRO_PENDING 255u

/* The first index in [from, n) whose counter is RETRO_PENDING, or n. Eight counters a word: a
 * word with no 0xFF byte (~w with no zero byte) is skipped whole. */
static uint64_t retro_scan_next(const uint8_t *count, uint64_t from, uint64_t n) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t i = from;
    for (; i < n && (i & 7u) != 0; i++) {
        if (count[i] == RETRO_PENDING) {
            return i;
        }
    }
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, count + i, 8);
        w = ~w;
        if (((w - ones) & ~w & highs) != 0) {
            break;
        }
    }
    for (; i < n; i++) {
        if (count[i] == RETRO_PENDING) {
            return i;
        }
    }
    return n;
}

#define RETRO_FN(name) retro32_8_##name
#define RETRO_ID       uint32_t
#define RETRO_PARENTS  parents32
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#include "retro_scan_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro32_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_8_##name
#define RETRO_ID       uint64_t
#define RETRO_PARENTS  parents64
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#include "retro_scan_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
#undef RETRO_COUNT
#define RETRO_FN(name) retrocsr_8_##name
#define RETRO_ID       uint32_t
#define RETRO_CSR      1
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#include "retro_scan_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retrocsr_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_CSR
#undef RETRO_COUNT

static int source_ok(const grundy_retro_source *src) {
    if (src == NULL || src->move_count == NULL) {
        return 0;
    }
    if ((src->parents32 == NULL) == (src->parents64 == NULL)) {
        return 0;
    }
    return src->parents32 == NULL || src->n <= ((uint64_t)1 << 32);
}

/* Working memory: counters unless they live in the caller's remoteness array, plus the queue.
 * Returns 0 when it would overflow (then the caller reports a limit). */
static uint64_t work_bytes(const grundy_retro_source *src, int small, int reuse) {
    const uint64_t id = src->parents32 != NULL ? 4 : 8;
    const uint64_t per = id + (reuse ? 0 : (small ? 1 : 4));
    return src->n > UINT64_MAX / per ? 0 : src->n * per;
}

/* Totals from the packed outcomes, 32 positions a word (bits past n are zero); with counters in
 * the caller's remoteness array, the draws' leftover counters become GRUNDY_REMOTENESS_NONE. */
static void finish(retro_run *run, uint64_t n, int reuse, grundy_retro_stats *stats) {
    grundy_retro_stats s = {0, 0, 0, run->parents_scanned, 0, run->passes};
    const uint64_t bytes = grundy_retro_outcome_bytes(n);
    uint64_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, run->outcomes + i, 8);
        s.lose += (uint64_t)__builtin_popcountll(w & 0x5555555555555555ull);
        s.win += (uint64_t)__builtin_popcountll(w & 0xAAAAAAAAAAAAAAAAull);
    }
    for (uint64_t u = i * 4; u < n; u++) {
        const grundy_outcome o = grundy_retro_outcome_get(run->outcomes, u);
        s.win += o == GRUNDY_OUTCOME_WIN;
        s.lose += o == GRUNDY_OUTCOME_LOSE;
    }
    s.draw = n - s.win - s.lose;
    if (reuse) {
        for (uint64_t u = 0; u < n; u++) {
            if (grundy_retro_outcome_get(run->outcomes, u) == GRUNDY_OUTCOME_DRAW) {
                run->remoteness[u] = GRUNDY_REMOTENESS_NONE;
            }
        }
    }
    s.max_remoteness = run->tail == 0 ? 0 : run->level;
    if (stats != NULL) {
        *stats = s;
    }
}

static grundy_status dispatch(const grundy_retro_source *src, retro_run *run, void *count,
                              void *queue, int small) {
    retro_csr csr = {NULL, NULL, NULL, 0};
    if (retro_csr_of(src, &csr)) {
        return small ? retrocsr_8_run(src, &csr, run, count, queue)
                     : retrocsr_32_run(src, &csr, run, count, queue);
    }
    if (src->parents32 != NULL) {
        return small ? retro32_8_run(src, &csr, run, count, queue)
                     : retro32_32_run(src, &csr, run, count, queue);
    }
    return small ? retro64_8_run(src, &csr, run, count, queue)
                 : retro64_32_run(src, &csr, run, count, queue);
}

static grundy_status dispatch_scan(const grundy_retro_source *src, retro_run *run, uint8_t *count) {
    retro_csr csr = {NULL, NULL, NULL, 0};
    if (retro_csr_of(src, &csr)) {
        return retrocsr_8_scan(src, &csr, run, count);
    }
    return src->parents32 != NULL ? retro32_8_scan(src, &csr, run, count)
                                  : retro64_8_scan(src, &csr, run, count);
}

/* The threaded loop when asked for and the source allows it (retro_par.c), else dispatch(). */
static grundy_status dispatch_threads(const grundy_retro_source *src, retro_run *run, void *count,
                                      void *queue, int small, unsigned threads) {
    if (threads <= 1 || !retro_par_allowed(src)) {
        return dispatch(src, run, count, queue, small);
    }
    return retro_par_solve(src, run, count, queue, small, threads);
}

/* QUEUE mode: counters (unless they live in the caller's remoteness array) and the queue. */
static grundy_status solve_queue(const grundy_retro_source *src, uint8_t *outcomes,
                                 uint32_t *remoteness, unsigned threads,
                                 grundy_retro_stats *stats) {
    const int small = src->max_moves != 0 && src->max_moves <= 255;
    const int reuse = !small && remoteness != NULL;
    if (remoteness != NULL && !reuse) {
        /* every draw's remoteness; the labelled positions overwrite theirs */
        memset(remoteness, 0xFF, (size_t)src->n * sizeof *remoteness);
    }
    const size_t id = src->parents32 != NULL ? 4 : 8;
    void *const queue = grundy_graph_alloc_big((size_t)src->n * id);
    void *const own = reuse ? NULL : grundy_graph_alloc_big((size_t)src->n * (small ? 1u : 4u));
    grundy_status st = GRUNDY_STATUS_NOMEM;
    if (queue != NULL && (reuse || own != NULL)) {
        retro_run run = {
            .outcomes = outcomes, .remoteness = remoteness, .pipelined = src->parents_stable != 0};
        st = dispatch_threads(src, &run, reuse ? (void *)remoteness : own, queue, small, threads);
        if (st == GRUNDY_STATUS_OK) {
            finish(&run, src->n, reuse, stats);
        }
    }
    free(own);
    free(queue);
    return st;
}

/* SCAN mode: n counter bytes, nothing else. */
static grundy_status solve_scan(const grundy_retro_source *src, uint8_t *outcomes,
                                grundy_retro_stats *stats) {
    uint8_t *const count = grundy_graph_alloc_big((size_t)src->n);
    if (count == NULL && src->n != 0) {
        return GRUNDY_STATUS_NOMEM;
    }
    retro_run run = {.outcomes = outcomes};
    const grundy_status st = dispatch_scan(src, &run, count);
    if (st == GRUNDY_STATUS_OK) {
        finish(&run, src->n, 0, stats);
    }
    free(count);
    return st;
}

/* The mode to run (retro.h, grundy_retro_mode), or a failure status through *st. */
static grundy_retro_mode pick_mode(const grundy_retro_source *src, const grundy_retro_opts *opts,
                                   int want_remoteness, grundy_status *st) {
    const uint64_t max = opts != NULL ? opts->max_bytes : 0;
    const grundy_retro_mode mode = opts != NULL ? opts->mode : GRUNDY_RETRO_AUTO;
    const int small = src->max_moves != 0 && src->max_moves <= 255;
    const uint64_t queue = work_bytes(src, small, !small && want_remoteness);
    const int queue_fits =
        (queue != 0 || src->n == 0) && queue <= SIZE_MAX && (max == 0 || queue <= max);
    const int scan_fits = src->n <= SIZE_MAX && (max == 0 || src->n <= max);
    const int scan_ok = !want_remoteness && src->max_moves < RETRO_PENDING;
    *st = GRUNDY_STATUS_OK;
    if (mode == GRUNDY_RETRO_QUEUE || (mode == GRUNDY_RETRO_AUTO && queue_fits)) {
        *st = queue_fits ? GRUNDY_STATUS_OK : GRUNDY_STATUS_LIMIT;
        return GRUNDY_RETRO_QUEUE;
    }
    if (mode == GRUNDY_RETRO_SCAN) {
        *st = !scan_ok    ? GRUNDY_STATUS_INVALID_ARG
              : scan_fits ? GRUNDY_STATUS_OK
                          : GRUNDY_STATUS_LIMIT;
        return mode;
    }
    /* AUTO past the queue's bytes: SCAN only with a known bound (no counter may reach 255) */
    *st = mode != GRUNDY_RETRO_AUTO                     ? GRUNDY_STATUS_INVALID_ARG
          : scan_ok && src->max_moves != 0 && scan_fits ? GRUNDY_STATUS_OK
                                                        : GRUNDY_STATUS_LIMIT;
    return GRUNDY_RETRO_SCAN;
}

grundy_status grundy_retro_solve(const grundy_retro_source *src, const grundy_retro_opts *opts,
                                 uint8_t *outcomes, uint32_t *remoteness,
                                 grundy_retro_stats *stats) {
    if (!source_ok(src) || outcomes == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    grundy_status st = GRUNDY_STATUS_OK;
    const grundy_retro_mode mode = pick_mode(src, opts, remoteness != NULL, &st);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    memset(outcomes, 0, (size_t)grundy_retro_outcome_bytes(src->n));
    return mode == GRUNDY_RETRO_SCAN
               ? solve_scan(src, outcomes, stats)
               : solve_queue(src, outcomes, remoteness, opts != NULL ? opts->threads : 1, stats);
}
