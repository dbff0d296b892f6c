/* SPDX-License-Identifier: MIT */
/* Shared between the solver's files: the solution's layout and the passes that fill it. */
#ifndef GRUNDY_SOLVER_INTERNAL_H
#define GRUNDY_SOLVER_INTERNAL_H

#include <grundy/solver.h>

struct grundy_solution {
    uint64_t n;
    unsigned tables; /* GRUNDY_SOLVE_* bits present */
    uint8_t *outcomes;
    uint32_t *remoteness;
    int64_t *score;
    uint32_t *grundy;
    uint64_t win, lose, draw;
};

/* The position whose labels p shares: canonical(p), or p without symmetry. */
static inline uint64_t solver_canon(const grundy_game *g, uint64_t p) {
    return g->canonical != NULL ? g->canonical(g->ctx, p) : p;
}

/* Fill sol->outcomes (and sol->remoteness when not NULL) through the retrograde core.
 * `max_bytes` bounds the working memory (reverse graph and the core's own); `threads` workers
 * when the game is GRUNDY_GAME_THREAD_SAFE. */
grundy_status solver_outcomes(const grundy_game *game, uint64_t max_bytes, unsigned threads,
                              grundy_solution *sol);

/* Fill sol->score and/or sol->grundy (those not NULL) for an acyclic game; on `threads` workers
 * (at least solver_levels_min_threads) when the game is GRUNDY_GAME_THREAD_SAFE with parents and
 * no canonical forms. */
grundy_status solver_acyclic(const grundy_game *game, uint64_t max_bytes, unsigned threads,
                             grundy_solution *sol);

/* The fewest threads that run scores and Grundy values in Kahn's order (below: the one-thread
 * sweep, which is cheaper). Tests lower it; nothing else writes it. */
extern unsigned solver_levels_min_threads;

/* A fresh, empty solution for n positions (no tables yet). */
grundy_status solver_solution_new(uint64_t n, grundy_solution **out);

/* The solver table format's version (docs/solver.md): written by table_io.c and by the streaming
 * writer of table_stream.c, which must stay byte for byte the same. Version 2 holds the game's
 * description after the header (length at byte 56; the writer's is empty). */
#define GRUNDY_TABLE_VERSION 2

#endif
