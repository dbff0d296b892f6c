/* SPDX-License-Identifier: MIT */
/* The built-in solver games against independent brute forces (plain recursions with a memo, no
 * retrograde analysis, no Sprague-Grundy shortcut except where the point is to check it) on many
 * random small instances, and against seed 004's samples (problems 6 to 9). */
#include "check.h"

#include <grundy/grundy.h>
#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

static grundy_solution *solve(const grundy_game *g, unsigned want) {
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_solution *s = NULL;
    o.want = want;
    const grundy_status st = grundy_solve(g, &o, &s);
    CHECK_EQ(st, GRUNDY_STATUS_OK);
    return s;
}

static const unsigned ALL =
    GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_SCORE | GRUNDY_SOLVE_GRUNDY;

/* ---- divisors: brute force over the set of cards left, top-down ---- */

typedef struct brute {
    int8_t *win;  /* -1 unknown */
    int32_t *rem; /* remoteness */
    int32_t *grundy;
    unsigned n;
} brute;

static int cards_in(uint64_t mask, unsigned card) {
    return (int)((mask >> (card - 1)) & 1u);
}

static uint64_t divisors_pick(uint64_t mask, unsigned n, unsigned card) {
    for (unsigned j = 1; j <= n; j++) {
        if (card % j == 0) {
            mask &= ~((uint64_t)1 << (j - 1));
        }
    }
    return mask;
}

static void divisors_brute(brute *b, uint64_t mask) {
    if (b->win[mask] >= 0) {
        return;
    }
    int win = 0, best_win = 1 << 30, worst_lose = 0;
    unsigned char seen[40] = {0};
    for (unsigned i = 1; i <= b->n; i++) {
        if (!cards_in(mask, i)) {
            continue;
        }
        const uint64_t c = divisors_pick(mask, b->n, i);
        divisors_brute(b, c);
        seen[b->grundy[c]] = 1;
        if (!b->win[c]) {
            win = 1;
            best_win = b->rem[c] + 1 < best_win ? b->rem[c] + 1 : best_win;
        }
        worst_lose = b->rem[c] + 1 > worst_lose ? b->rem[c] + 1 : worst_lose;
    }
    int mex = 0;
    while (seen[mex]) {
        mex++;
    }
    b->win[mask] = (int8_t)win;
    b->rem[mask] = win ? best_win : worst_lose;
    b->grundy[mask] = mex;
}

static void test_divisors(void) {
    static const char *const seed_answers[] = {"First", "First", "First"}; /* n = 1, 2, 3 */
    for (unsigned n = 1; n <= 13; n++) {
        grundy_game *g = NULL;
        CHECK_EQ(grundy_game_divisors_create(n, &g), GRUNDY_STATUS_OK);
        grundy_solution *s = solve(g, ALL);
        brute b = {malloc((size_t)1 << n), malloc(sizeof(int32_t) << n),
                   malloc(sizeof(int32_t) << n), n};
        memset(b.win, -1, (size_t)1 << n);
        int bad = 0;
        for (uint64_t m = 0; m < ((uint64_t)1 << n); m++) {
            divisors_brute(&b, m);
            const grundy_outcome o = grundy_solution_outcome(s, m);
            bad += o != (b.win[m] ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE);
            bad += (int)grundy_solution_remoteness(s, m) != b.rem[m];
            bad += (int)grundy_solution_grundy(s, m) != b.grundy[m];
            bad += (grundy_solution_grundy(s, m) != 0) != (o == GRUNDY_OUTCOME_WIN);
        }
        if (bad) {
            fprintf(stderr, "divisors %u: %d mismatches\n", n, bad);
        }
        CHECK_EQ(bad, 0);
        if (n <= 3) {
            CHECK_STR(grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN ? "First"
                                                                                   : "Second",
                      seed_answers[n - 1]);
        }
        free(b.win);
        free(b.rem);
        free(b.grundy);
        grundy_solution_destroy(s);
        grundy_game_destroy(g);
    }
}

/* ---- pick: every line of play, no memo ---- */

static int64_t pick_lines(const uint64_t *v, size_t n, uint64_t left) {
    int64_t best = 0;
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        if ((left >> i) & 1u) {
            const int64_t d = (int64_t)v[i] - pick_lines(v, n, left & ~((uint64_t)1 << i));
            best = !any || d > best ? d : best;
            any = 1;
        }
    }
    return best;
}

static int64_t pick_score(const uint64_t *values, size_t n) {
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_pick_create(values, n, &g), GRUNDY_STATUS_OK);
    grundy_solution *s = solve(g, GRUNDY_SOLVE_SCORE);
    const int64_t r = s != NULL ? grundy_solution_score(s, g->initial) : INT64_MIN;
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return r;
}

static void test_pick(void) {
    const uint64_t sample[] = {1, 5, 2}, practice[] = {1, 2, 3, 4};
    CHECK_EQ(pick_score(sample, 3), 4);
    CHECK_EQ(pick_score(practice, 4), 2);
    check_rng rng = {check_seed(801)};
    for (int t = 0; t < 300; t++) {
        const size_t n = (size_t)check_rng_below(&rng, 8);
        uint64_t v[8];
        const uint64_t top = t % 3 == 0 ? 1000000000u : 10u;
        for (size_t i = 0; i < n; i++) {
            v[i] = 1 + check_rng_below(&rng, top);
        }
        const int64_t want = pick_lines(v, n, ((uint64_t)1 << n) - 1);
        const int64_t got = pick_score(v, n);
        if (got != want) {
            fprintf(stderr, "pick case %d (seed %llu): %lld != %lld\n", t,
                    (unsigned long long)check_seed(801), (long long)got, (long long)want);
        }
        CHECK_EQ(got, want);
    }
    const uint64_t too_big = GRUNDY_PICK_MAX_VALUE + 1;
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_pick_create(&too_big, 1, &g), GRUNDY_STATUS_RANGE);
    uint64_t many[25] = {0};
    CHECK_EQ(grundy_game_pick_create(many, 25, &g), GRUNDY_STATUS_RANGE);
}

/* ---- misere piles: recursion over (a, b), the terminal rule written out separately ---- */

static int8_t piles_memo[40][40];

static int piles_win(int a, int b) {
    if (a == 0 && b == 0) {
        return 1; /* misere: the opponent took the last stone */
    }
    if (piles_memo[a][b] >= 0) {
        return piles_memo[a][b];
    }
    int w = 0;
    for (int t = 1; t <= 2; t++) {
        w |= (a >= t && !piles_win(a - t, b)) || (b >= t && !piles_win(a, b - t));
    }
    piles_memo[a][b] = (int8_t)w;
    return w;
}

static void test_misere_piles(void) {
    const int samples[3][3] = {{1, 1, 1}, {2, 0, 1}, {3, 4, 0}}; /* First, First, Second */
    memset(piles_memo, -1, sizeof piles_memo);
    for (int i = 0; i < 3; i++) {
        grundy_game *g = NULL;
        CHECK_EQ(grundy_game_misere_piles_create((uint64_t)samples[i][0], (uint64_t)samples[i][1],
                                                 1000, &g),
                 GRUNDY_STATUS_OK);
        grundy_solution *s = solve(g, GRUNDY_SOLVE_OUTCOME);
        CHECK_EQ(grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN, samples[i][2]);
        grundy_solution_destroy(s);
        grundy_game_destroy(g);
    }
    check_rng rng = {check_seed(601)};
    for (int t = 0; t < 60; t++) {
        const int a = (int)check_rng_below(&rng, 39), b = (int)check_rng_below(&rng, 39);
        grundy_game *g = NULL;
        CHECK_EQ(grundy_game_misere_piles_create((uint64_t)a, (uint64_t)b, 10000, &g),
                 GRUNDY_STATUS_OK);
        grundy_solution *s = solve(g, GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_SCORE);
        int bad = 0;
        for (int x = 0; x <= a; x++) {
            for (int y = 0; y <= b; y++) {
                const uint64_t p = (uint64_t)x * (uint64_t)(b + 1) + (uint64_t)y;
                bad += (grundy_solution_outcome(s, p) == GRUNDY_OUTCOME_WIN) != piles_win(x, y);
            }
        }
        CHECK_EQ(bad, 0);
        CHECK_EQ(grundy_solution_remoteness(s, 0), 0);
        grundy_solution_destroy(s);
        grundy_game_destroy(g);
    }
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_misere_piles_create(1, 1, 1000, &g), GRUNDY_STATUS_OK);
    grundy_solution *s = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_GRUNDY; /* Grundy values are normal play: refused for misere */
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_UNSUPPORTED);
    grundy_game_destroy(g);
}

int main(void) {
    test_divisors();
    test_pick();
    test_misere_piles();
    return check_report("test_solver_games");
}
