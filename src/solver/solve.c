/* SPDX-License-Identifier: MIT */
/* grundy_solve: allocate the tables within the limits, run the passes, copy labels along symmetry
 * classes and count outcomes. */
#include "solver_internal.h"

#include "util/try.h"

#include <stdlib.h>

grundy_status solver_solution_new(uint64_t n, grundy_solution **out) {
    grundy_solution *const s = calloc(1, sizeof *s);
    if (s == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->n = n;
    *out = s;
    return GRUNDY_STATUS_OK;
}

void grundy_solution_destroy(grundy_solution *sol) {
    if (sol == NULL) {
        return;
    }
    free(sol->outcomes);
    free(sol->remoteness);
    free(sol->score);
    free(sol->grundy);
    free(sol);
}

/* Bytes of the tables `want` asks for, or UINT64_MAX when that overflows. */
static uint64_t table_bytes(uint64_t n, unsigned want) {
    const uint64_t per = ((want & GRUNDY_SOLVE_REMOTENESS) ? 4u : 0u) +
                         ((want & GRUNDY_SOLVE_SCORE) ? 8u : 0u) +
                         ((want & GRUNDY_SOLVE_GRUNDY) ? 4u : 0u);
    if (per != 0 && n > UINT64_MAX / 16) {
        return UINT64_MAX;
    }
    return n * per + ((want & GRUNDY_SOLVE_OUTCOME) ? grundy_retro_outcome_bytes(n) : 0);
}

static grundy_status alloc_tables(grundy_solution *s, unsigned want) {
    const size_t n = (size_t)s->n;
    s->tables = want;
    if (want & GRUNDY_SOLVE_OUTCOME) {
        s->outcomes = calloc((size_t)grundy_retro_outcome_bytes(s->n) + 1, 1);
        if (s->outcomes == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
    }
    if (want & GRUNDY_SOLVE_REMOTENESS) {
        s->remoteness = malloc((n + 1) * sizeof *s->remoteness);
    }
    if (want & GRUNDY_SOLVE_SCORE) {
        s->score = malloc((n + 1) * sizeof *s->score);
    }
    if (want & GRUNDY_SOLVE_GRUNDY) {
        s->grundy = malloc((n + 1) * sizeof *s->grundy);
    }
    const int missing = ((want & GRUNDY_SOLVE_REMOTENESS) && s->remoteness == NULL) ||
                        ((want & GRUNDY_SOLVE_SCORE) && s->score == NULL) ||
                        ((want & GRUNDY_SOLVE_GRUNDY) && s->grundy == NULL);
    return missing ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
}

/* Positions outside their class's representative take its labels. */
static void copy_symmetric(const grundy_game *g, grundy_solution *s) {
    for (uint64_t p = 0; p < s->n; p++) {
        const uint64_t c = g->canonical(g->ctx, p);
        if (c == p) {
            continue;
        }
        if (s->outcomes != NULL) {
            grundy_retro_outcome_set(s->outcomes, p, grundy_retro_outcome_get(s->outcomes, c));
        }
        if (s->remoteness != NULL) {
            s->remoteness[p] = s->remoteness[c];
        }
        if (s->score != NULL) {
            s->score[p] = s->score[c];
        }
        if (s->grundy != NULL) {
            s->grundy[p] = s->grundy[c];
        }
    }
}

static void count_outcomes(grundy_solution *s) {
    uint64_t by[4] = {0, 0, 0, 0};
    for (uint64_t p = 0; p < s->n; p++) {
        by[grundy_retro_outcome_get(s->outcomes, p)]++;
    }
    s->draw = by[GRUNDY_OUTCOME_DRAW];
    s->lose = by[GRUNDY_OUTCOME_LOSE];
    s->win = by[GRUNDY_OUTCOME_WIN];
}

static grundy_status check_game(const grundy_game *g, unsigned want, uint64_t max_positions) {
    if (g == NULL || g->moves == NULL || g->positions == 0 || g->initial >= g->positions) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if ((want & (GRUNDY_SOLVE_SCORE | GRUNDY_SOLVE_GRUNDY)) &&
        !(g->flags & (GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING))) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (g->positions > max_positions || g->positions >= SIZE_MAX / 16) {
        return GRUNDY_STATUS_LIMIT;
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_solve(const grundy_game *game, const grundy_solve_opts *opts,
                           grundy_solution **out) {
    static const grundy_solve_opts defaults = GRUNDY_SOLVE_OPTS_INIT;
    const grundy_solve_opts *const o = opts != NULL ? opts : &defaults;
    const unsigned want =
        (o->want & GRUNDY_SOLVE_REMOTENESS) ? (o->want | GRUNDY_SOLVE_OUTCOME) : o->want;
    grundy_solution *s = NULL;
    grundy_status st = GRUNDY_STATUS_OK;
    *out = NULL;
    GRUNDY_TRY(check_game(game, want, o->max_positions));
    const uint64_t tables = table_bytes(game->positions, want);
    GRUNDY_CHECK(tables <= o->max_bytes, GRUNDY_STATUS_LIMIT);
    GRUNDY_TRY(solver_solution_new(game->positions, &s));
    GRUNDY_TRY(alloc_tables(s, want));
    if (want & GRUNDY_SOLVE_OUTCOME) {
        GRUNDY_TRY(solver_outcomes(game, o->max_bytes - tables, o->threads, s));
    }
    if (want & (GRUNDY_SOLVE_SCORE | GRUNDY_SOLVE_GRUNDY)) {
        GRUNDY_TRY(solver_acyclic(game, o->max_bytes - tables, o->threads, s));
    }
    if (game->canonical != NULL) {
        copy_symmetric(game, s);
    }
    if (s->outcomes != NULL) {
        count_outcomes(s);
    }
    *out = s;
    s = NULL;
cleanup:
    grundy_solution_destroy(s);
    return st;
}

uint64_t grundy_solution_positions(const grundy_solution *sol) {
    return sol->n;
}

unsigned grundy_solution_tables(const grundy_solution *sol) {
    return sol->tables;
}

grundy_outcome grundy_solution_outcome(const grundy_solution *sol, uint64_t p) {
    return grundy_retro_outcome_get(sol->outcomes, p);
}

uint32_t grundy_solution_remoteness(const grundy_solution *sol, uint64_t p) {
    return sol->remoteness[p];
}

int64_t grundy_solution_score(const grundy_solution *sol, uint64_t p) {
    return sol->score[p];
}

uint32_t grundy_solution_grundy(const grundy_solution *sol, uint64_t p) {
    return sol->grundy[p];
}

void grundy_solution_counts(const grundy_solution *sol, uint64_t *win, uint64_t *lose,
                            uint64_t *draw) {
    *win = sol->win;
    *lose = sol->lose;
    *draw = sol->draw;
}
