/* SPDX-License-Identifier: MIT */
/* What the retrograde core's files share (retro.c: one thread and SCAN mode; retro_par.c: QUEUE
 * mode on several threads): the state of a run and a grundy_graph's arrays read in place. Not
 * public. */
#ifndef GRUNDY_GRAPH_RETRO_STATE_H
#define GRUNDY_GRAPH_RETRO_STATE_H

#include "graph/graph_impl.h"

#include <grundy/retro.h>

/* A grundy_graph's arrays, when the source is one (the CSR instantiations read them in place). */
typedef struct retro_csr {
    const uint32_t *off, *rev, *deg;
    uint32_t max_deg;
} retro_csr;

/* State of one run shared by the instantiations. */
typedef struct retro_run {
    uint8_t *outcomes;
    uint32_t *remoteness; /* NULL when not wanted */
    uint64_t tail;        /* queue end */
    uint64_t level_end;   /* queue index where the next level starts */
    uint64_t parents_scanned;
    uint64_t passes; /* SCAN mode */
    uint32_t level;  /* remoteness of the positions being relaxed */
    int pipelined;   /* parents_stable: the loop may look ahead in the queue */
} retro_run;

/* The graph's arrays when src is grundy_graph_retro_source's (then read in place), else 0. */
static inline int retro_csr_of(const grundy_retro_source *src, retro_csr *csr) {
    if (src->parents32 != grundy_graph_source_parents ||
        src->move_count != grundy_graph_source_move_count || src->primitive != NULL) {
        return 0;
    }
    const grundy_graph *const g = src->ctx;
    csr->off = g->rev_off;
    csr->rev = g->rev;
    csr->deg = g->out_degree;
    csr->max_deg = g->max_out_degree;
    return g->n == src->n;
}

/* Whether src may be labelled on several threads: a CSR graph, or callbacks with thread_ctx. */
int retro_par_allowed(const grundy_retro_source *src);

/* QUEUE mode on `threads` (>= 2) workers, the caller's thread one of them, into run's outcomes
 * and remoteness with `count` (1-byte counters when small, else 4) and `queue` (src->n ids).
 * @return OK; INVALID_ARG (a move count past the counters, or a malformed source); LIMIT
 * (remoteness past its range); NOMEM, also when a worker thread cannot start (util/threads.h:
 * then none ran). */
grundy_status retro_par_solve(const grundy_retro_source *src, retro_run *run, void *count,
                              void *queue, int small, unsigned threads);

#endif
