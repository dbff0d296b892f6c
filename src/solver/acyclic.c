/* SPDX-License-Identifier: MIT */
/*
 * Minimax scores and Grundy values of an acyclic game, by dynamic programming over the children:
 * score(p) = max over moves (reward - score(child)), 0 with no move (the negamax form of seed 004's
 * problem 8), and g(p) = mex of the children's values (Sprague-Grundy). Descending games take one
 * sweep in index order; others an iterative depth-first search that finds cycles. On several
 * threads (a thread-safe game with parents): Kahn's order, level by level (solve_levels below).
 */
#include "solver_internal.h"

#include "util/team.h"
#include "util/try.h"
#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

typedef struct dp {
    const grundy_game *game;
    grundy_solution *sol;
    grundy_move_list moves;
    uint8_t *seen; /* mex scratch: seen[v] for v <= move count */
    size_t seen_cap;
    int descending;
} dp;

static grundy_status load_moves(dp *d, uint64_t p) {
    const grundy_game *g = d->game;
    d->moves.count = 0;
    if (g->primitive != NULL && g->primitive(g->ctx, p) != GRUNDY_OUTCOME_DRAW) {
        if (d->sol->grundy != NULL && g->primitive(g->ctx, p) == GRUNDY_OUTCOME_WIN) {
            return GRUNDY_STATUS_UNSUPPORTED; /* misere: Grundy values are for normal play */
        }
        return GRUNDY_STATUS_OK; /* the game is over: no move counts */
    }
    g->moves(g->ctx, p, &d->moves);
    if (d->moves.failed) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (size_t i = 0; i < d->moves.count; i++) {
        const uint64_t c = solver_canon(g, d->moves.items[i].child);
        if (c >= g->positions || (d->descending && c >= p)) {
            return GRUNDY_STATUS_INVALID_ARG;
        }
        d->moves.items[i].child = c;
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status mex_of_children(dp *d, uint32_t *out) {
    const size_t m = d->moves.count;
    if (m + 1 > d->seen_cap) {
        uint8_t *const s = realloc(d->seen, (m + 1) * 2);
        if (s == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        memset(s, 0, (m + 1) * 2);
        d->seen = s;
        d->seen_cap = (m + 1) * 2;
    }
    for (size_t i = 0; i < m; i++) {
        const uint32_t v = d->sol->grundy[d->moves.items[i].child];
        if (v <= m) {
            d->seen[v] = 1; /* values above m cannot be the mex */
        }
    }
    uint32_t mex = 0;
    while (d->seen[mex]) {
        mex++;
    }
    for (size_t i = 0; i < m; i++) {
        const uint32_t v = d->sol->grundy[d->moves.items[i].child];
        if (v <= m) {
            d->seen[v] = 0;
        }
    }
    *out = mex;
    return GRUNDY_STATUS_OK;
}

/* Values of p from its (already solved) children, which load_moves has just listed. */
static grundy_status finish(dp *d, uint64_t p) {
    grundy_solution *const s = d->sol;
    if (s->score != NULL) {
        int64_t best = 0;
        for (size_t i = 0; i < d->moves.count; i++) {
            const int64_t r = d->moves.items[i].reward, c = s->score[d->moves.items[i].child];
            if ((c < 0 && r > INT64_MAX + c) || (c > 0 && r < INT64_MIN + c)) {
                return GRUNDY_STATUS_RANGE; /* reward - score overflows 64 bits */
            }
            if (i == 0 || r - c > best) {
                best = r - c;
            }
        }
        s->score[p] = best;
    }
    if (s->grundy != NULL) {
        return mex_of_children(d, &s->grundy[p]);
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status sweep(dp *d) {
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t p = 0; p < d->game->positions; p++) {
        if (solver_canon(d->game, p) == p) {
            GRUNDY_TRY(load_moves(d, p));
            GRUNDY_TRY(finish(d, p));
        }
    }
cleanup:
    return st;
}

enum { NEW = 0, OPEN = 1, DONE = 2 };

GRUNDY_VEC_DEFINE(stack, uint64_t)

/* Expand an open position: push its unsolved children; an open child closes a cycle. */
static grundy_status expand(dp *d, uint8_t *state, stack *s, uint64_t p) {
    grundy_status st = load_moves(d, p);
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < d->moves.count; i++) {
        const uint64_t c = d->moves.items[i].child;
        if (state[c] == OPEN) {
            return GRUNDY_STATUS_INVALID_ARG; /* c is on the current path: a cycle */
        }
        if (state[c] == NEW) {
            st = stack_push(s, c);
        }
    }
    return st;
}

/* Depth-first search with an explicit stack (no recursion: depths reach millions). A position is
 * finished when it comes back to the top, after every child pushed above it. */
static grundy_status search(dp *d) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t n = d->game->positions;
    stack s;
    stack_init(&s);
    uint8_t *const state = calloc((size_t)n, 1);
    GRUNDY_CHECK(state != NULL, GRUNDY_STATUS_NOMEM);
    for (uint64_t root = 0; root < n; root++) {
        if (state[root] != NEW || solver_canon(d->game, root) != root) {
            continue;
        }
        GRUNDY_TRY(stack_push(&s, root));
        while (s.count > 0) {
            const uint64_t p = s.items[s.count - 1];
            if (state[p] == DONE) {
                s.count--;
            } else if (state[p] == NEW) {
                state[p] = OPEN;
                GRUNDY_TRY(expand(d, state, &s, p));
            } else {
                GRUNDY_TRY(load_moves(d, p));
                GRUNDY_TRY(finish(d, p));
                state[p] = DONE;
                s.count--;
            }
        }
    }
cleanup:
    free(state);
    stack_free(&s);
    return st;
}

/* ---- On several threads: Kahn's order, level by level ----
 * A position is ready when all its children are solved: count[p] = its moves, decremented once
 * per move as each child is solved (an atomic decrement: the worker that empties it queues p).
 * Level 0 is the positions without moves; level k + 1 the positions whose last child was solved
 * in level k. Each level is solved by all workers at once (a position reads only its children's
 * values, all from earlier levels), then a barrier. The values are those of the one-thread sweep:
 * they are functions of the game alone. */

enum { LEVEL_CHUNK = 64, LEVEL_OUT = 1024 };

/* Kahn's order costs about four times the sweep's CPU (the parents calls and a random atomic
 * update per move, against the sweep's children read in index order: bench_solver, pick 22 and
 * divisors 22, docs/benchmarks.md), so below four threads the sweep is faster. */
unsigned solver_levels_min_threads = 4;

typedef struct levels {
    const grundy_game *game;
    grundy_solution *sol;
    uint32_t *count;
    uint64_t *queue;
    uint64_t next, tail; /* atomic: the next queue index (or position, seeding) to take; end */
    uint64_t end;        /* the level being solved ends here; written by worker 0 */
    int done;
    struct level_worker *workers;
    grundy_team team;
} levels;

typedef struct level_worker {
    levels *lv;
    dp d;
    grundy_parent_list parents;
    grundy_status st;
    size_t used;
    uint64_t out[LEVEL_OUT];
} level_worker;

static void level_flush(level_worker *w) {
    const uint64_t base = __atomic_fetch_add(&w->lv->tail, (uint64_t)w->used, __ATOMIC_RELAXED);
    memcpy(w->lv->queue + base, w->out, w->used * sizeof *w->out);
    w->used = 0;
}

static void level_push(level_worker *w, uint64_t p) {
    if (w->used == LEVEL_OUT) {
        level_flush(w);
    }
    w->out[w->used++] = p;
}

/* Counters of every position (chunks taken by all workers); those without moves are level 0. */
static void level_seed(level_worker *w) {
    levels *const lv = w->lv;
    const uint64_t n = lv->game->positions;
    for (;;) {
        const uint64_t a = __atomic_fetch_add(&lv->next, 4096, __ATOMIC_RELAXED);
        for (uint64_t p = a; p < n && p < a + 4096 && w->st == GRUNDY_STATUS_OK; p++) {
            w->st = load_moves(&w->d, p);
            lv->count[p] = (uint32_t)w->d.moves.count;
            if (w->d.moves.count > UINT32_MAX) {
                w->st = GRUNDY_STATUS_LIMIT;
            } else if (w->d.moves.count == 0) {
                level_push(w, p);
            }
        }
        if (a >= n || w->st != GRUNDY_STATUS_OK) {
            break;
        }
    }
    level_flush(w);
}

/* Count one move of u off; nonzero when that was its last unsolved child. A position the rules
 * end (primitive) has no counted moves: its counter is 0 from the start and stays so. */
static int count_off(uint32_t *count, uint64_t u) {
    uint32_t c = __atomic_load_n(&count[u], __ATOMIC_RELAXED);
    do {
        if (c == 0) {
            return 0;
        }
    } while (
        !__atomic_compare_exchange_n(&count[u], &c, c - 1u, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return c == 1;
}

/* Solve the level's positions and tell their parents. */
static void level_solve(level_worker *w) {
    levels *const lv = w->lv;
    const grundy_game *const g = lv->game;
    for (;;) {
        const uint64_t a = __atomic_fetch_add(&lv->next, LEVEL_CHUNK, __ATOMIC_RELAXED);
        for (uint64_t h = a; h < lv->end && h < a + LEVEL_CHUNK && w->st == GRUNDY_STATUS_OK; h++) {
            const uint64_t v = lv->queue[h];
            w->st = load_moves(&w->d, v);
            w->st = w->st == GRUNDY_STATUS_OK ? finish(&w->d, v) : w->st;
            w->parents.count = 0;
            g->parents(g->ctx, v, &w->parents);
            w->st = w->parents.failed ? GRUNDY_STATUS_NOMEM : w->st;
            for (size_t i = 0; i < w->parents.count && w->st == GRUNDY_STATUS_OK; i++) {
                const uint64_t u = w->parents.items[i];
                if (u >= g->positions) {
                    w->st = GRUNDY_STATUS_INVALID_ARG;
                } else if (count_off(lv->count, u)) {
                    level_push(w, u);
                }
            }
        }
        if (a >= lv->end || w->st != GRUNDY_STATUS_OK) {
            break;
        }
    }
    level_flush(w);
}

/* Worker 0 between barriers: the next level, or the end (nothing new, or a failure). */
static void level_next(levels *lv, uint64_t begin, const level_worker *workers) {
    lv->next = begin;
    lv->end = __atomic_load_n(&lv->tail, __ATOMIC_RELAXED);
    lv->done = lv->end == begin;
    for (unsigned t = 0; t < lv->team.threads; t++) {
        lv->done |= workers[t].st != GRUNDY_STATUS_OK;
    }
}

static void *level_worker_run(void *arg) {
    level_worker *const w = arg;
    levels *const lv = w->lv;
    uint64_t begin = 0;
    level_seed(w);
    grundy_team_wait(&lv->team);
    if (w == lv->workers) {
        level_next(lv, begin, lv->workers);
    }
    grundy_team_wait(&lv->team);
    while (!lv->done) {
        level_solve(w);
        begin = lv->end;
        grundy_team_wait(&lv->team);
        if (w == lv->workers) {
            level_next(lv, begin, lv->workers);
        }
        grundy_team_wait(&lv->team);
    }
    return NULL;
}

/* Scores and Grundy values in Kahn's order on `threads` workers. */
static grundy_status solve_levels(const grundy_game *game, unsigned threads, grundy_solution *sol) {
    const uint64_t n = game->positions;
    levels lv = {.game = game, .sol = sol};
    lv.count = malloc((size_t)n * sizeof *lv.count);
    lv.queue = malloc((size_t)n * sizeof *lv.queue);
    lv.workers = calloc(threads, sizeof *lv.workers);
    grundy_status st = GRUNDY_STATUS_NOMEM;
    if (lv.count != NULL && lv.queue != NULL && lv.workers != NULL) {
        for (unsigned t = 0; t < threads; t++) {
            lv.workers[t].lv = &lv;
            lv.workers[t].d = (dp){.game = game, .sol = sol, .descending = 0};
        }
        st = grundy_team_run(&lv.team, threads, level_worker_run, lv.workers, sizeof *lv.workers);
        for (unsigned t = 0; t < lv.team.threads && st == GRUNDY_STATUS_OK; t++) {
            st = lv.workers[t].st;
        }
        /* a position never queued sits on a cycle (or the parents miss a move) */
        st = st == GRUNDY_STATUS_OK && lv.tail != n ? GRUNDY_STATUS_INVALID_ARG : st;
    }
    for (unsigned t = 0; lv.workers != NULL && t < threads; t++) {
        grundy_move_list_free(&lv.workers[t].d.moves);
        free(lv.workers[t].d.seen);
        grundy_parent_list_free(&lv.workers[t].parents);
    }
    free(lv.workers);
    free(lv.count);
    free(lv.queue);
    return st;
}

grundy_status solver_acyclic(const grundy_game *game, uint64_t max_bytes, unsigned threads,
                             grundy_solution *sol) {
    dp d = {.game = game, .sol = sol, .descending = (game->flags & GRUNDY_GAME_DESCENDING) != 0};
    grundy_status st;
    if (threads >= solver_levels_min_threads && threads > 1 &&
        (game->flags & GRUNDY_GAME_THREAD_SAFE) && game->parents != NULL &&
        game->canonical == NULL && game->positions <= max_bytes / 12) {
        /* a counter and a queue entry a position; without the room, the one-thread sweep */
        st = solve_levels(game, threads, sol);
    } else if (d.descending) {
        st = sweep(&d);
    } else if (game->positions > max_bytes / 9) {
        st = GRUNDY_STATUS_LIMIT; /* a state byte and up to a stack entry a position */
    } else {
        st = search(&d);
    }
    grundy_move_list_free(&d.moves);
    free(d.seen);
    return st;
}
