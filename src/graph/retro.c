/* SPDX-License-Identifier: MIT */
/* The retrograde core (retro.h): win/lose/draw and remoteness by counting, for CSR graphs and
 * implicit state spaces alike. The loop itself is in retro_impl.h, compiled once per id width
 * and counter width so that a 32-bit graph pays nothing for 64-bit state spaces. */
#include <grundy/retro.h>

#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define RETRO_PREFETCH(p) __builtin_prefetch((p), 1, 0)
#else
#define RETRO_PREFETCH(p) ((void)(p))
#endif

/* Lookahead distances of the pipelined loop (positions in the queue); the ring holds the parent
 * arrays fetched but not yet relaxed. Tuned on a 10^7-vertex random graph (docs/benchmarks.md). */
enum { RETRO_RING = 64, RETRO_AHEAD_A = 32, RETRO_AHEAD_B = 12 };

/* State of one run shared by the instantiations. */
typedef struct retro_run {
    uint8_t *outcomes;
    uint32_t *remoteness; /* NULL when not wanted */
    uint64_t tail;        /* queue end */
    uint64_t level_end;   /* queue index where the next level starts */
    uint64_t parents_scanned;
    uint32_t level; /* remoteness of the positions being relaxed */
} retro_run;

#define RETRO_FN(name) retro32_8_##name
#define RETRO_ID       uint32_t
#define RETRO_PARENTS  parents32
#define RETRO_COUNT    uint8_t
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro32_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_8_##name
#define RETRO_ID       uint64_t
#define RETRO_PARENTS  parents64
#define RETRO_COUNT    uint8_t
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
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

static void finish(retro_run *run, uint64_t n, grundy_retro_stats *stats) {
    grundy_retro_stats s = {0, 0, 0, run->parents_scanned, 0};
    for (uint64_t u = 0; u < n; u++) {
        const grundy_outcome o = grundy_retro_outcome_get(run->outcomes, u);
        s.win += o == GRUNDY_OUTCOME_WIN;
        s.lose += o == GRUNDY_OUTCOME_LOSE;
        if (o == GRUNDY_OUTCOME_DRAW) {
            s.draw++;
            if (run->remoteness != NULL) {
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
    if (src->parents32 != NULL) {
        return small ? retro32_8_run(src, run, count, queue)
                     : retro32_32_run(src, run, count, queue);
    }
    return small ? retro64_8_run(src, run, count, queue) : retro64_32_run(src, run, count, queue);
}

grundy_status grundy_retro_solve(const grundy_retro_source *src, const grundy_retro_opts *opts,
                                 uint8_t *outcomes, uint32_t *remoteness,
                                 grundy_retro_stats *stats) {
    if (!source_ok(src) || outcomes == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const int small = src->max_moves != 0 && src->max_moves <= 255;
    const int reuse = !small && remoteness != NULL;
    const uint64_t bytes = work_bytes(src, small, reuse);
    if ((bytes == 0 && src->n != 0) || bytes > SIZE_MAX ||
        (opts != NULL && opts->max_bytes != 0 && bytes > opts->max_bytes)) {
        return GRUNDY_STATUS_LIMIT;
    }
    memset(outcomes, 0, (size_t)grundy_retro_outcome_bytes(src->n));
    const size_t id = src->parents32 != NULL ? 4 : 8;
    void *const queue = malloc(src->n == 0 ? 1 : (size_t)src->n * id);
    void *const own = reuse ? NULL : malloc(src->n == 0 ? 1 : (size_t)src->n * (small ? 1u : 4u));
    grundy_status st = GRUNDY_STATUS_NOMEM;
    if (queue != NULL && (reuse || own != NULL)) {
        retro_run run = {outcomes, remoteness, 0, 0, 0, 0};
        st = dispatch(src, &run, reuse ? (void *)remoteness : own, queue, small);
        if (st == GRUNDY_STATUS_OK) {
            finish(&run, src->n, stats);
        }
    }
    free(own);
    free(queue);
    return st;
}
