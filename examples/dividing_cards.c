/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 9, dividing cards: cards 1..n; picking card i removes it and every card left
 * that divides i; whoever cannot pick loses. Input: t, then t lines n (1 to 18). Output: First or
 * Second a line. One solve for the largest n answers every query: the set {1..n} is the bitmask
 * 2^n - 1 of the largest game, whose moves from it stay among cards 1..n. */
#include <grundy/grundy.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long t;
    if (scanf("%ld", &t) != 1 || t < 0 || t > 10000000) {
        fprintf(stderr, "dividing_cards: expected t\n");
        return 3;
    }
    unsigned *n = malloc(((size_t)t + 1) * sizeof *n);
    unsigned n_max = 1;
    for (long i = 0; n != NULL && i < t; i++) {
        if (scanf("%u", &n[i]) != 1 || n[i] < 1 || n[i] > GRUNDY_DIVISORS_MAX) {
            fprintf(stderr, "dividing_cards: expected %ld values of n (1 to %d)\n", t,
                    GRUNDY_DIVISORS_MAX);
            free(n);
            return 3;
        }
        n_max = n[i] > n_max ? n[i] : n_max;
    }
    grundy_game *game = NULL;
    grundy_solution *sol = NULL;
    grundy_solve_opts opts = GRUNDY_SOLVE_OPTS_INIT;
    opts.want = GRUNDY_SOLVE_OUTCOME;
    grundy_status st = n == NULL ? GRUNDY_STATUS_NOMEM : grundy_game_divisors_create(n_max, &game);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(game, &opts, &sol);
    }
    for (long i = 0; st == GRUNDY_STATUS_OK && i < t; i++) {
        const uint64_t cards = ((uint64_t)1 << n[i]) - 1;
        puts(grundy_solution_outcome(sol, cards) == GRUNDY_OUTCOME_WIN ? "First" : "Second");
    }
    grundy_solution_destroy(sol);
    grundy_game_destroy(game);
    free(n);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "dividing_cards: %s\n", grundy_status_str(st));
        return 4;
    }
    return 0;
}
