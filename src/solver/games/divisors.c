/* SPDX-License-Identifier: MIT */
/*
 * Seed 004, problem 9 (dividing cards): cards 1..n; picking card i removes i and every card on the
 * table that divides i. A position is the bitmask of the cards on the table (bit j-1 for card j),
 * so a pick clears at least bit i-1 and every move goes to a smaller index.
 */
#include <grundy/solver.h>

#include <stdlib.h>

typedef struct divisors {
    unsigned n;
    uint32_t div[GRUNDY_DIVISORS_MAX + 1]; /* div[i]: bit j-1 set when j divides i (i included) */
} divisors;

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const divisors *const d = ctx;
    for (unsigned i = 1; i <= d->n; i++) {
        if ((p >> (i - 1)) & 1u) {
            grundy_move_list_push(out, p & ~(uint64_t)d->div[i], 0);
        }
    }
}

/* q moves to p by card i exactly when p has no divisor of i and q = p + T with i in T, T a set of
 * divisors of i: one parent per (i, T), as many entries as moves. */
static void parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const divisors *const d = ctx;
    for (unsigned i = 1; i <= d->n; i++) {
        const uint64_t bit = (uint64_t)1 << (i - 1);
        if ((p & d->div[i]) != 0) {
            continue;
        }
        const uint64_t rest = d->div[i] & ~bit;
        uint64_t t = 0;
        do { /* every subset t of rest, by the carry-rippler t = (t - rest) & rest */
            grundy_parent_list_push(out, p | bit | t);
            t = (t - rest) & rest;
        } while (t != 0);
    }
}

grundy_status grundy_game_divisors_create(unsigned n, grundy_game **out) {
    *out = NULL;
    if (n < 1 || n > GRUNDY_DIVISORS_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    grundy_game *const g = calloc(1, sizeof *g);
    divisors *const d = calloc(1, sizeof *d);
    if (g == NULL || d == NULL) {
        free(g);
        free(d);
        return GRUNDY_STATUS_NOMEM;
    }
    d->n = n;
    for (unsigned i = 1; i <= n; i++) {
        for (unsigned j = 1; j <= i; j++) {
            d->div[i] |= (i % j == 0) ? (uint32_t)1 << (j - 1) : 0u;
        }
    }
    g->name = "divisors";
    g->positions = (uint64_t)1 << n;
    g->initial = g->positions - 1;
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE;
    g->max_moves = n;
    g->ctx = d;
    g->moves = moves;
    g->parents = parents;
    g->destroy = free;
    *out = g;
    return GRUNDY_STATUS_OK;
}
