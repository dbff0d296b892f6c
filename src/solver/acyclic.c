/* SPDX-License-Identifier: MIT */
/*
 * Minimax scores and Grundy values of an acyclic game, by dynamic programming over the children:
 * score(p) = max over moves (reward - score(child)), 0 with no move (the negamax form of seed 004's
 * problem 8), and g(p) = mex of the children's values (Sprague-Grundy). Descending games take one
 * sweep in index order; others an iterative depth-first search that finds cycles.
 */
#include "solver_internal.h"

#include "util/try.h"

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

typedef struct stack {
    uint64_t *items;
    size_t count, cap;
} stack;

static grundy_status push(stack *s, uint64_t p) {
    if (s->count == s->cap) {
        const size_t cap = s->cap == 0 ? 1024 : s->cap * 2;
        uint64_t *const items = realloc(s->items, cap * sizeof *items);
        if (items == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        s->items = items;
        s->cap = cap;
    }
    s->items[s->count++] = p;
    return GRUNDY_STATUS_OK;
}

/* Expand an open position: push its unsolved children; an open child closes a cycle. */
static grundy_status expand(dp *d, uint8_t *state, stack *s, uint64_t p) {
    grundy_status st = load_moves(d, p);
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < d->moves.count; i++) {
        const uint64_t c = d->moves.items[i].child;
        if (state[c] == OPEN) {
            return GRUNDY_STATUS_INVALID_ARG; /* c is on the current path: a cycle */
        }
        if (state[c] == NEW) {
            st = push(s, c);
        }
    }
    return st;
}

/* Depth-first search with an explicit stack (no recursion: depths reach millions). A position is
 * finished when it comes back to the top, after every child pushed above it. */
static grundy_status search(dp *d) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t n = d->game->positions;
    stack s = {0};
    uint8_t *const state = calloc((size_t)n, 1);
    GRUNDY_CHECK(state != NULL, GRUNDY_STATUS_NOMEM);
    for (uint64_t root = 0; root < n; root++) {
        if (state[root] != NEW || solver_canon(d->game, root) != root) {
            continue;
        }
        GRUNDY_TRY(push(&s, root));
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
    free(s.items);
    return st;
}

grundy_status solver_acyclic(const grundy_game *game, uint64_t max_bytes, grundy_solution *sol) {
    dp d = {.game = game, .sol = sol, .descending = (game->flags & GRUNDY_GAME_DESCENDING) != 0};
    grundy_status st;
    if (d.descending) {
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
