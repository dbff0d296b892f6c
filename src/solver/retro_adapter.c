/* SPDX-License-Identifier: MIT */
/*
 * Win/lose/draw and remoteness of a callback game through the graph wing's retrograde core
 * (retro.h): one mechanism for graphs and games. This file only adapts the game's callbacks to
 * the core's source: move counts from `moves`, parents from the game's `parents` callback or, when
 * the game has none, from a reverse graph (CSR) built here from the moves, within max_bytes.
 */
#include "solver_internal.h"

#include "util/try.h"

#include <stdlib.h>

typedef struct adapter {
    const grundy_game *game;
    grundy_move_list moves;
    grundy_parent_list parents;
    uint32_t *buf32; /* parents narrowed to 32 bits for the core's parents32 */
    size_t buf32_cap;
    uint64_t *offsets; /* reverse graph: parents of v are edges[offsets[v] .. offsets[v+1]) */
    uint32_t *edges32;
    uint64_t *edges64;
    grundy_status error; /* the first failure seen inside a callback */
    struct adapter *all; /* the workers' adapters (all[0] is this one), for thread_ctx */
} adapter;

static void fail(adapter *a, grundy_status st) {
    if (a->error == GRUNDY_STATUS_OK) {
        a->error = st;
    }
}

static int is_canonical(const grundy_game *g, uint64_t p) {
    return g->canonical == NULL || g->canonical(g->ctx, p) == p;
}

/* The moves of p, children canonicalized and range-checked; NULL on failure. */
static const grundy_move_list *load_moves(adapter *a, uint64_t p) {
    const grundy_game *g = a->game;
    a->moves.count = 0;
    g->moves(g->ctx, p, &a->moves);
    if (a->moves.failed) {
        fail(a, GRUNDY_STATUS_NOMEM);
        return NULL;
    }
    for (size_t i = 0; i < a->moves.count; i++) {
        const uint64_t c = solver_canon(g, a->moves.items[i].child);
        if (c >= g->positions) {
            fail(a, GRUNDY_STATUS_INVALID_ARG);
            return NULL;
        }
        a->moves.items[i].child = c;
    }
    return &a->moves;
}

static uint32_t move_count(void *ctx, uint64_t u) {
    adapter *const a = ctx;
    if (!is_canonical(a->game, u)) {
        return 0; /* labelled by primitive() below and never used as a child */
    }
    const grundy_move_list *m = load_moves(a, u);
    if (m == NULL || m->count > UINT32_MAX) {
        fail(a, m == NULL ? a->error : GRUNDY_STATUS_LIMIT);
        return 0;
    }
    return (uint32_t)m->count;
}

/* Non-canonical positions get a fixed label with no parents (so it spreads nowhere); the solver
 * overwrites it with the label of their canonical position afterwards. */
static grundy_outcome primitive(void *ctx, uint64_t u) {
    const adapter *const a = ctx;
    const grundy_game *g = a->game;
    if (!is_canonical(g, u)) {
        return GRUNDY_OUTCOME_LOSE;
    }
    return g->primitive != NULL ? g->primitive(g->ctx, u) : GRUNDY_OUTCOME_DRAW;
}

static const uint64_t *game_parents(adapter *a, uint64_t v, size_t *count) {
    const grundy_game *g = a->game;
    a->parents.count = 0;
    if (is_canonical(g, v)) {
        g->parents(g->ctx, v, &a->parents);
    }
    if (a->parents.failed) {
        fail(a, GRUNDY_STATUS_NOMEM);
        a->parents.count = 0;
    }
    for (size_t i = 0; i < a->parents.count; i++) {
        if (a->parents.items[i] >= g->positions) {
            fail(a, GRUNDY_STATUS_INVALID_ARG);
            a->parents.count = 0;
        }
    }
    *count = a->parents.count;
    return a->parents.items;
}

static const uint64_t *parents64(void *ctx, uint64_t v, size_t *count) {
    adapter *const a = ctx;
    if (a->offsets != NULL) {
        *count = (size_t)(a->offsets[v + 1] - a->offsets[v]);
        return a->edges64 + a->offsets[v];
    }
    return game_parents(a, v, count);
}

static const uint32_t *parents32(void *ctx, uint64_t v, size_t *count) {
    adapter *const a = ctx;
    if (a->offsets != NULL) {
        *count = (size_t)(a->offsets[v + 1] - a->offsets[v]);
        return a->edges32 + a->offsets[v];
    }
    const uint64_t *const p = game_parents(a, v, count);
    if (*count > a->buf32_cap) {
        uint32_t *const b = realloc(a->buf32, *count * 2 * sizeof *b);
        if (b == NULL) {
            fail(a, GRUNDY_STATUS_NOMEM);
            *count = 0;
            return a->buf32;
        }
        a->buf32 = b;
        a->buf32_cap = *count * 2;
    }
    for (size_t i = 0; i < *count; i++) {
        a->buf32[i] = (uint32_t)p[i];
    }
    return a->buf32;
}

/* The moves the reverse graph must hold: those of canonical, non-primitive positions. */
static int counts_moves(adapter *a, uint64_t p) {
    return is_canonical(a->game, p) && primitive(a, p) == GRUNDY_OUTCOME_DRAW;
}

/* Pass 1: in-degrees into offsets[v + 1], then prefix sums. Returns the number of edges. */
static uint64_t count_edges(adapter *a) {
    const uint64_t n = a->game->positions;
    for (uint64_t p = 0; p < n && a->error == GRUNDY_STATUS_OK; p++) {
        const grundy_move_list *m = counts_moves(a, p) ? load_moves(a, p) : NULL;
        for (size_t i = 0; m != NULL && i < m->count; i++) {
            a->offsets[m->items[i].child + 1]++;
        }
    }
    for (uint64_t v = 0; v < n; v++) {
        a->offsets[v + 1] += a->offsets[v];
    }
    return a->offsets[n];
}

/* Pass 2: fill the parents, using offsets[v] as a cursor, then shift the cursors back. */
static void fill_edges(adapter *a, int wide) {
    const uint64_t n = a->game->positions;
    for (uint64_t p = 0; p < n && a->error == GRUNDY_STATUS_OK; p++) {
        const grundy_move_list *m = counts_moves(a, p) ? load_moves(a, p) : NULL;
        for (size_t i = 0; m != NULL && i < m->count; i++) {
            const uint64_t slot = a->offsets[m->items[i].child]++;
            if (wide) {
                a->edges64[slot] = p;
            } else {
                a->edges32[slot] = (uint32_t)p;
            }
        }
    }
    for (uint64_t v = n; v > 0; v--) {
        a->offsets[v] = a->offsets[v - 1];
    }
    a->offsets[0] = 0;
}

/* Build the reverse graph within *budget bytes (which it lowers by what it used). */
static grundy_status build_reverse(adapter *a, int wide, uint64_t *budget) {
    const uint64_t n = a->game->positions;
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t offset_bytes = (n + 1) * sizeof(uint64_t);
    GRUNDY_CHECK(offset_bytes <= *budget, GRUNDY_STATUS_LIMIT);
    a->offsets = calloc((size_t)(n + 1), sizeof(uint64_t));
    GRUNDY_CHECK(a->offsets != NULL, GRUNDY_STATUS_NOMEM);
    const uint64_t edges = count_edges(a);
    GRUNDY_TRY(a->error);
    const uint64_t edge_size = wide ? sizeof(uint64_t) : sizeof(uint32_t);
    GRUNDY_CHECK(edges <= (*budget - offset_bytes) / edge_size, GRUNDY_STATUS_LIMIT);
    GRUNDY_CHECK(edges < SIZE_MAX / edge_size, GRUNDY_STATUS_LIMIT);
    if (wide) {
        a->edges64 = malloc((size_t)(edges == 0 ? 1 : edges) * sizeof(uint64_t));
    } else {
        a->edges32 = malloc((size_t)(edges == 0 ? 1 : edges) * sizeof(uint32_t));
    }
    GRUNDY_CHECK(a->edges64 != NULL || a->edges32 != NULL, GRUNDY_STATUS_NOMEM);
    fill_edges(a, wide);
    GRUNDY_TRY(a->error);
    *budget -= offset_bytes + edges * edge_size;
cleanup:
    return st;
}

/* Worker t's adapter: its own move and parent buffers over the shared reverse graph. */
static void *thread_ctx(void *ctx, unsigned t) {
    adapter *const a = ctx;
    adapter *const w = &a->all[t];
    if (t != 0) {
        w->game = a->game;
        w->offsets = a->offsets;
        w->edges32 = a->edges32;
        w->edges64 = a->edges64;
    }
    return w;
}

/* Free the buffers of the workers' adapters (the shared reverse graph is all[0]'s). */
static grundy_status free_adapters(adapter *all, unsigned threads) {
    grundy_status st = GRUNDY_STATUS_OK;
    for (unsigned t = 0; t < threads; t++) {
        if (st == GRUNDY_STATUS_OK) {
            st = all[t].error;
        }
        grundy_move_list_free(&all[t].moves);
        grundy_parent_list_free(&all[t].parents);
        free(all[t].buf32);
    }
    free(all[0].offsets);
    free(all[0].edges32);
    free(all[0].edges64);
    free(all);
    return st;
}

grundy_status solver_outcomes(const grundy_game *game, uint64_t max_bytes, unsigned threads,
                              grundy_solution *sol) {
    grundy_status st = GRUNDY_STATUS_OK;
    /* several threads only for a game that says its callbacks may run at once */
    threads = (game->flags & GRUNDY_GAME_THREAD_SAFE) && threads > 1 ? threads : 1;
    adapter *const all = calloc(threads, sizeof *all);
    if (all == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    adapter *const a = &all[0];
    a->game = game;
    a->all = all;
    const int wide = game->positions > ((uint64_t)1 << 32);
    uint64_t budget = max_bytes;
    if (game->parents == NULL) {
        GRUNDY_TRY(build_reverse(a, wide, &budget));
    }
    const grundy_retro_source src = {
        .n = game->positions,
        .ctx = a,
        .max_moves = game->max_moves,
        .move_count = move_count,
        .parents32 = wide ? NULL : parents32,
        .parents64 = wide ? parents64 : NULL,
        .primitive = primitive,
        .parents_stable = game->parents == NULL, /* reverse rows live until we free them */
        .thread_ctx = threads > 1 ? thread_ctx : NULL,
    };
    grundy_retro_opts ropts = GRUNDY_RETRO_OPTS_INIT;
    ropts.max_bytes = budget == 0 ? 1 : budget; /* 0 would mean "no limit" to the core */
    ropts.threads = threads;
    grundy_retro_stats stats;
    st = grundy_retro_solve(&src, &ropts, sol->outcomes, sol->remoteness, &stats);
cleanup:;
    /* a callback failure explains whatever the core returned */
    const grundy_status callback = free_adapters(all, threads);
    return callback != GRUNDY_STATUS_OK ? callback : st;
}
