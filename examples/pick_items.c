/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 8, picking items for the best difference: players take one item each turn;
 * what is the first player's total minus the second's under best play? Input: n, then the n
 * values. Output: the difference. The solver computes the minimax score of every set of items
 * left, score(S) = max over i in S of (v_i - score(S minus i)). */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    int n;
    uint64_t v[GRUNDY_PICK_MAX_ITEMS];
    if (scanf("%d", &n) != 1 || n < 0 || n > GRUNDY_PICK_MAX_ITEMS) {
        fprintf(stderr, "pick_items: expected n (0 to %d)\n", GRUNDY_PICK_MAX_ITEMS);
        return 3;
    }
    for (int i = 0; i < n; i++) {
        unsigned long long x;
        if (scanf("%llu", &x) != 1) {
            fprintf(stderr, "pick_items: expected %d values\n", n);
            return 3;
        }
        v[i] = x;
    }
    grundy_game *game = NULL;
    grundy_solution *sol = NULL;
    grundy_solve_opts opts = GRUNDY_SOLVE_OPTS_INIT;
    opts.want = GRUNDY_SOLVE_SCORE;
    grundy_status st = grundy_game_pick_create(v, (size_t)n, &game);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(game, &opts, &sol);
    }
    if (st == GRUNDY_STATUS_OK) {
        printf("%lld\n", (long long)grundy_solution_score(sol, game->initial));
    }
    grundy_solution_destroy(sol);
    grundy_game_destroy(game);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "pick_items: %s\n", grundy_status_str(st));
        return 3;
    }
    return 0;
}
