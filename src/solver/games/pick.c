/* SPDX-License-Identifier: MIT */
/*
 * Seed 004, problem 8 (picking items for the best difference): a position is the bitmask of the
 * items left; taking item i gains its value. The score of a position, max over i of
 * (v_i - score(rest)), is the mover's best total minus the other's.
 */
#include <grundy/solver.h>

#include <stdlib.h>

typedef struct pick {
    size_t count;
    int64_t values[GRUNDY_PICK_MAX_ITEMS];
} pick;

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const pick *const k = ctx;
    for (size_t i = 0; i < k->count; i++) {
        if ((p >> i) & 1u) {
            grundy_move_list_push(out, p & ~((uint64_t)1 << i), k->values[i]);
        }
    }
}

static void parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const pick *const k = ctx;
    for (size_t i = 0; i < k->count; i++) {
        if (!((p >> i) & 1u)) {
            grundy_parent_list_push(out, p | ((uint64_t)1 << i));
        }
    }
}

grundy_status grundy_game_pick_create(const uint64_t *values, size_t count, grundy_game **out) {
    *out = NULL;
    if (count > GRUNDY_PICK_MAX_ITEMS) {
        return GRUNDY_STATUS_RANGE;
    }
    for (size_t i = 0; i < count; i++) {
        if (values[i] > GRUNDY_PICK_MAX_VALUE) {
            return GRUNDY_STATUS_RANGE;
        }
    }
    grundy_game *const g = calloc(1, sizeof *g);
    pick *const k = calloc(1, sizeof *k);
    if (g == NULL || k == NULL) {
        free(g);
        free(k);
        return GRUNDY_STATUS_NOMEM;
    }
    k->count = count;
    for (size_t i = 0; i < count; i++) {
        k->values[i] = (int64_t)values[i];
    }
    g->name = "pick";
    g->positions = (uint64_t)1 << count;
    g->initial = g->positions - 1;
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE;
    g->max_moves = (uint32_t)count;
    g->ctx = k;
    g->moves = moves;
    g->parents = parents;
    g->destroy = free;
    *out = g;
    return GRUNDY_STATUS_OK;
}
