/* SPDX-License-Identifier: MIT */
/* The retrograde core's QUEUE mode on several threads (retro.h, grundy_retro_opts.threads): the
 * state the workers share and its atomic helpers; the loop is retro_par_impl.h, compiled once per
 * id width and counter width like the one-thread loop of retro.c. The workers are a barrier team
 * (util/team.h), started all or none. */
#include "graph/retro_state.h"
#include "util/team.h"

#include <stdlib.h>

grundy_retro_par_tuning_t grundy_retro_par_tuning = {4096, 256, 4096};

/* Most threads one run starts; labelled positions a worker keeps before appending them. */
enum { RETRO_PAR_MAX_THREADS = 1024, RETRO_PAR_OUT = 1024 };

typedef struct retro_par {
    const retro_csr *csr;
    retro_run *run;
    void *count, *queue;
    uint64_t n;
    uint64_t next;       /* atomic: the next position (seeding) or queue index to take */
    uint64_t tail;       /* atomic: the queue's end */
    uint64_t begin, end; /* the level being relaxed, queue[begin, end); written by worker 0 */
    uint32_t level;      /* its remoteness */
    int done;            /* worker 0 says so between barriers */
    grundy_status st;
    struct retro_worker *workers;
    grundy_team team;
} retro_par;

typedef struct retro_worker {
    retro_par *par;
    grundy_retro_source src; /* the caller's, with this worker's ctx */
    unsigned id;
    grundy_status st;
    uint64_t scanned;
    size_t used;
    uint64_t out[RETRO_PAR_OUT];
} retro_worker;

/* The outcome bits are shared four to a byte, so every access to them is atomic. */
static inline grundy_outcome retro_par_get(const uint8_t *outcomes, uint64_t v) {
    const unsigned b = __atomic_load_n(&outcomes[v >> 2], __ATOMIC_RELAXED);
    return (grundy_outcome)((b >> ((unsigned)(v & 3u) * 2u)) & 3u);
}

/* Set an open position's outcome (only its claimer does). */
static inline void retro_par_set(uint8_t *outcomes, uint64_t v, grundy_outcome o) {
    const uint8_t bits = (uint8_t)((unsigned)o << ((unsigned)(v & 3u) * 2u));
    __atomic_fetch_or(&outcomes[v >> 2], bits, __ATOMIC_RELAXED);
}

/* Set v's outcome when it is still a draw: nonzero when this call did. */
static inline int retro_par_take(uint8_t *outcomes, uint64_t v, grundy_outcome o) {
    const unsigned shift = (unsigned)(v & 3u) * 2u;
    uint8_t b = __atomic_load_n(&outcomes[v >> 2], __ATOMIC_RELAXED);
    do {
        if ((((unsigned)b >> shift) & 3u) != 0) {
            return 0;
        }
    } while (!__atomic_compare_exchange_n(&outcomes[v >> 2], &b,
                                          (uint8_t)(b | ((unsigned)o << shift)), 1,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return 1;
}

/* After seeding: the first failure, in worker order. */
static void retro_par_seed_status(retro_par *p) {
    for (unsigned t = 0; t < p->team.threads && p->st == GRUNDY_STATUS_OK; t++) {
        p->st = p->workers[t].st;
    }
}

/* Worker 0: move to the level the last one appended (the first: the seeds). 0 when there is
 * nothing left to relax (or a failure). */
static int retro_par_next_level(retro_par *p, int first) {
    p->begin = first ? 0 : p->end;
    p->end = __atomic_load_n(&p->tail, __ATOMIC_RELAXED);
    p->next = p->begin;
    if (p->st == GRUNDY_STATUS_OK && p->begin != p->end && !first) {
        if (p->level + 2u >= GRUNDY_REMOTENESS_NONE) {
            p->st = GRUNDY_STATUS_LIMIT;
        } else {
            p->level++;
        }
    }
    p->done = p->st != GRUNDY_STATUS_OK || p->begin == p->end;
    return !p->done;
}

#define RETRO_FN(name) retro32_8_##name
#define RETRO_ID       uint32_t
#define RETRO_PARENTS  parents32
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro32_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_8_##name
#define RETRO_ID       uint64_t
#define RETRO_PARENTS  parents64
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retro64_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_PARENTS
#undef RETRO_COUNT
#define RETRO_FN(name) retrocsr_8_##name
#define RETRO_ID       uint32_t
#define RETRO_CSR      1
#define RETRO_COUNT    uint8_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_COUNT
#define RETRO_FN(name) retrocsr_32_##name
#define RETRO_COUNT    uint32_t
#include "retro_row_impl.h"
#include "retro_par_impl.h"
#undef RETRO_FN
#undef RETRO_ID
#undef RETRO_CSR
#undef RETRO_COUNT

/* The threaded QUEUE mode: `threads` workers (the caller's thread is worker 0) running fn. */
static grundy_status par_run(const grundy_retro_source *src, const retro_csr *csr, retro_run *run,
                             void *count, void *queue, unsigned threads, grundy_thread_fn fn) {
    retro_par p = {.csr = csr, .run = run, .count = count, .queue = queue, .n = src->n};
    retro_worker *const w = calloc(threads, sizeof *w);
    if (w == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (unsigned t = 0; t < threads; t++) {
        w[t].par = &p;
        w[t].id = t;
        w[t].src = *src;
        if (src->thread_ctx != NULL) {
            w[t].src.ctx = src->thread_ctx(src->ctx, t);
        }
    }
    p.workers = w;
    const grundy_status st = grundy_team_run(&p.team, threads, fn, w, sizeof *w);
    if (st != GRUNDY_STATUS_OK) {
        free(w);
        return st; /* a worker could not start: none ran */
    }
    run->tail = p.tail;
    run->level = p.level;
    for (unsigned t = 0; t < p.team.threads; t++) {
        run->parents_scanned += w[t].scanned;
    }
    free(w);
    return p.st;
}

int retro_par_allowed(const grundy_retro_source *src) {
    retro_csr csr;
    return retro_csr_of(src, &csr) || src->thread_ctx != NULL;
}

grundy_status retro_par_solve(const grundy_retro_source *src, retro_run *run, void *count,
                              void *queue, int small, unsigned threads) {
    retro_csr csr = {NULL, NULL, NULL, 0};
    const int is_csr = retro_csr_of(src, &csr);
    threads = threads > RETRO_PAR_MAX_THREADS ? RETRO_PAR_MAX_THREADS : threads;
    if (is_csr && small && csr.max_deg > 255) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const grundy_thread_fn fn = is_csr ? (small ? retrocsr_8_par_worker : retrocsr_32_par_worker)
                                : src->parents32 != NULL
                                    ? (small ? retro32_8_par_worker : retro32_32_par_worker)
                                    : (small ? retro64_8_par_worker : retro64_32_par_worker);
    return par_run(src, &csr, run, count, queue, threads, fn);
}
