/* SPDX-License-Identifier: MIT */
/*
 * Seed 004, problem 6 (misere two piles): take 1 or 2 stones from one pile; the player who takes
 * the last stone loses, so the empty position is a primitive WIN for the player to move there.
 * Position (a, b) is a * (b_max + 1) + b: every move lowers the index.
 */
#include <grundy/solver.h>

#include <stdlib.h>

typedef struct piles {
    uint64_t a_max, b_max;
} piles;

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const piles *const k = ctx;
    const uint64_t w = k->b_max + 1, a = p / w, b = p % w;
    for (uint64_t t = 1; t <= 2; t++) {
        if (a >= t) {
            grundy_move_list_push(out, p - t * w, 0);
        }
        if (b >= t) {
            grundy_move_list_push(out, p - t, 0);
        }
    }
}

static void parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const piles *const k = ctx;
    const uint64_t w = k->b_max + 1, a = p / w, b = p % w;
    for (uint64_t t = 1; t <= 2; t++) {
        if (a + t <= k->a_max) {
            grundy_parent_list_push(out, p + t * w);
        }
        if (b + t <= k->b_max) {
            grundy_parent_list_push(out, p + t);
        }
    }
}

static grundy_outcome primitive(void *ctx, uint64_t p) {
    (void)ctx;
    return p == 0 ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_DRAW; /* misere: no stone left, won */
}

grundy_status grundy_game_misere_piles_create(uint64_t a_max, uint64_t b_max,
                                              uint64_t max_positions, grundy_game **out) {
    *out = NULL;
    if (a_max > GRUNDY_PILES_MAX || b_max > GRUNDY_PILES_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    if ((a_max + 1) * (b_max + 1) > max_positions) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_game *const g = calloc(1, sizeof *g);
    piles *const k = calloc(1, sizeof *k);
    if (g == NULL || k == NULL) {
        free(g);
        free(k);
        return GRUNDY_STATUS_NOMEM;
    }
    k->a_max = a_max;
    k->b_max = b_max;
    g->name = "misere-piles";
    g->positions = (a_max + 1) * (b_max + 1);
    g->initial = g->positions - 1;
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE;
    g->max_moves = 4;
    g->ctx = k;
    g->moves = moves;
    g->primitive = primitive;
    g->parents = parents;
    g->destroy = free;
    *out = g;
    return GRUNDY_STATUS_OK;
}
