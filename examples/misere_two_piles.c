/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 6, misere two piles: a move takes 1 or 2 stones from one of two piles, and
 * whoever takes the last stone loses. Input: t, then t lines a b (0 to 300). Output: First or
 * Second a line. The solver labels every (a, b) up to the largest query once (retrograde, the
 * empty position a win for the player to move); each query is then a lookup. */
#include <grundy/grundy.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long t;
    if (scanf("%ld", &t) != 1 || t < 0 || t > 10000000) {
        fprintf(stderr, "misere_two_piles: expected t\n");
        return 3;
    }
    unsigned long long(*q)[2] = malloc(((size_t)t + 1) * sizeof *q);
    unsigned long long a_max = 0, b_max = 0;
    for (long i = 0; q != NULL && i < t; i++) {
        if (scanf("%llu %llu", &q[i][0], &q[i][1]) != 2 || q[i][0] > GRUNDY_PILES_MAX ||
            q[i][1] > GRUNDY_PILES_MAX) {
            fprintf(stderr, "misere_two_piles: expected %ld lines a b\n", t);
            free(q);
            return 3;
        }
        a_max = q[i][0] > a_max ? q[i][0] : a_max;
        b_max = q[i][1] > b_max ? q[i][1] : b_max;
    }
    grundy_game *game = NULL;
    grundy_solution *sol = NULL;
    grundy_solve_opts opts = GRUNDY_SOLVE_OPTS_INIT;
    opts.want = GRUNDY_SOLVE_OUTCOME;
    grundy_status st =
        q == NULL ? GRUNDY_STATUS_NOMEM
                  : grundy_game_misere_piles_create(a_max, b_max, opts.max_positions, &game);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(game, &opts, &sol);
    }
    for (long i = 0; st == GRUNDY_STATUS_OK && i < t; i++) {
        const uint64_t p = q[i][0] * (b_max + 1) + q[i][1];
        puts(grundy_solution_outcome(sol, p) == GRUNDY_OUTCOME_WIN ? "First" : "Second");
    }
    grundy_solution_destroy(sol);
    grundy_game_destroy(game);
    free(q);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "misere_two_piles: %s\n", grundy_status_str(st));
        return 4;
    }
    return 0;
}
