/* SPDX-License-Identifier: MIT */
/*
 * Seed 002 (CF 102302G, the Left Stack Game): the exact closed-form rule proved in
 * docs/left_stack.md, the seed's input format, and the game as a table of callbacks for the
 * solver (which checks the rule in tests/unit/test_left_stack.c). Owned by the left-stack engineer.
 */
#include <grundy/left_stack.h>
#include "game_text.h"
#include <grundy/number.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* x mod (m + 1) without forming m + 1 when m is UINT64_MAX (then every x is its own residue). */
static uint64_t residue(uint64_t x, uint64_t m) {
    return m == UINT64_MAX ? x : x % (m + 1);
}

/*
 * docs/left_stack.md, Theorem: after dropping empty stacks (they change nothing: an empty stack
 * has no moves and locks nothing), one stack is a subtraction game S(1..m); two stacks x1, x2 are
 * lost exactly when x1 = x2 (mod k); three stacks are lost exactly when the first stack, taken as
 * a free subtraction heap, and the other two, taken as heaps of x - 1 that may never be emptied,
 * have nim-sum 0.
 */
grundy_outcome grundy_left_stack_outcome(uint64_t m, uint64_t a, uint64_t b, uint64_t c) {
    const uint64_t in[3] = {a, b, c};
    uint64_t x[3] = {0, 0, 0};
    size_t j = 0;
    for (size_t i = 0; i < 3; i++) {
        if (in[i] != 0) {
            x[j++] = in[i];
        }
    }
    int lose;
    if (j == 0) {
        lose = 1;
    } else if (j == 1) {
        lose = residue(x[0], m) == 0;
    } else if (j == 2) {
        lose = residue(x[0], m) == residue(x[1], m);
    } else {
        lose = (residue(x[0], m) ^ residue(x[1] - 1, m) ^ residue(x[2] - 1, m)) == 0;
    }
    return lose ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_WIN;
}

/* ---- The seed's input format ---- */

grundy_status grundy_left_stack_parse(const char **cursor, const char *end, size_t *line,
                                      uint64_t out[4], grundy_diag *diag) {
    static const char *const names[4] = {"the cap m", "stack a", "stack b", "stack c"};
    *cursor = grundy_game_text_skip(*cursor, end, line);
    if (*cursor == end) {
        return GRUNDY_STATUS_NOT_FOUND;
    }
    const size_t start = *line;
    for (size_t i = 0; i < 4; i++) {
        /* An instance cut short is reported at its first line, `start`. */
        const grundy_status st =
            grundy_game_text_number(cursor, end, line, start, "the input ends inside this instance",
                                    0, GRUNDY_NUMBER_MAX, names[i], &out[i], diag);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    return GRUNDY_STATUS_OK;
}

/* ---- The game for the solver ---- */

typedef struct left_stack {
    uint64_t m;
    uint64_t max[3];    /* the largest x, y, z */
    uint64_t stride[3]; /* index weight of one rock on each stack */
} left_stack;

static void decode(const left_stack *k, uint64_t p, uint64_t x[3]) {
    x[0] = p / k->stride[0];
    x[1] = p % k->stride[0] / k->stride[1];
    x[2] = p % k->stride[1];
}

uint64_t grundy_left_stack_index(uint64_t b, uint64_t c, uint64_t x, uint64_t y, uint64_t z) {
    return (x * (b + 1) + y) * (c + 1) + z;
}

/* A stack may be emptied only when every stack to its left is empty (the seed's one rule). */
static int left_empty(const uint64_t x[3], size_t i) {
    for (size_t j = 0; j < i; j++) {
        if (x[j] != 0) {
            return 0;
        }
    }
    return 1;
}

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const left_stack *const k = ctx;
    uint64_t x[3];
    decode(k, p, x);
    for (size_t i = 0; i < 3; i++) {
        const uint64_t most = x[i] < k->m ? x[i] : k->m;
        for (uint64_t d = 1; d <= most; d++) {
            if (d < x[i] || left_empty(x, i)) {
                grundy_move_list_push(out, p - d * k->stride[i], 0);
            }
        }
    }
}

/* q -> p took d rocks from stack i of q: q has x[i] + d there; it emptied the stack if x[i] = 0. */
static void parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const left_stack *const k = ctx;
    uint64_t x[3];
    decode(k, p, x);
    for (size_t i = 0; i < 3; i++) {
        if (x[i] == 0 && !left_empty(x, i)) {
            continue;
        }
        const uint64_t room = k->max[i] - x[i], most = room < k->m ? room : k->m;
        for (uint64_t d = 1; d <= most; d++) {
            grundy_parent_list_push(out, p + d * k->stride[i]);
        }
    }
}

/* (a+1)(b+1)(c+1), or 0 when it passes 2^64 - 1. */
static uint64_t count_positions(uint64_t a, uint64_t b, uint64_t c) {
    const uint64_t dims[3] = {a, b, c};
    uint64_t n = 1;
    for (size_t i = 0; i < 3; i++) {
        if (dims[i] == UINT64_MAX || n > UINT64_MAX / (dims[i] + 1)) {
            return 0;
        }
        n *= dims[i] + 1;
    }
    return n;
}

static uint32_t move_bound(uint64_t m, const uint64_t max[3]) {
    uint64_t total = 0;
    for (size_t i = 0; i < 3; i++) {
        total += max[i] < m ? max[i] : m; /* each below 2^64 / 3: the product fits */
    }
    return total > UINT32_MAX ? 0 : (uint32_t)total; /* 0: unknown */
}

int grundy_left_stack_small(uint64_t m, uint64_t a, uint64_t b, uint64_t c) {
    const uint64_t v[3] = {a, b, c};
    uint64_t positions = 1, moves = 0;
    for (int i = 0; i < 3; i++) {
        if (v[i] >= GRUNDY_LEFT_STACK_SOLVE_POSITIONS) {
            return 0;
        }
        positions *= v[i] + 1; /* < 2^54: no overflow */
        moves += v[i] < m ? v[i] : m;
    }
    return positions <= GRUNDY_LEFT_STACK_SOLVE_POSITIONS &&
           positions * (moves + 1) <= GRUNDY_LEFT_STACK_SOLVE_MOVES;
}

grundy_status grundy_game_left_stack_create(uint64_t m, uint64_t a, uint64_t b, uint64_t c,
                                            uint64_t max_positions, grundy_game **out) {
    *out = NULL;
    const uint64_t n = count_positions(a, b, c);
    if (n == 0 || n > max_positions) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_game *const g = calloc(1, sizeof *g);
    left_stack *const k = calloc(1, sizeof *k);
    if (g == NULL || k == NULL) {
        free(g);
        free(k);
        return GRUNDY_STATUS_NOMEM;
    }
    *k = (left_stack){m, {a, b, c}, {(b + 1) * (c + 1), c + 1, 1}};
    g->name = "left-stack";
    g->positions = n;
    g->initial = n - 1;
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE;
    g->max_moves = move_bound(m, k->max);
    g->ctx = k;
    g->moves = moves;
    g->parents = parents;
    g->destroy = free;
    *out = g;
    return GRUNDY_STATUS_OK;
}
