/* SPDX-License-Identifier: MIT */
/* Solver throughput on fixed inputs (docs/benchmarks.md): divisors 26 (2^26 positions, outcomes
 * and remoteness through the retrograde core with the game's parents) and pick with 24 items
 * (2^24 positions, minimax scores by one sweep). Prints positions per second and ns a position.
 *
 *   bench_solver                 the fixed set above
 *   bench_solver queue|scan [N]  divisors N (default 26), outcomes alone, with the core's QUEUE
 *                                mode (8 GiB budget) or its SCAN mode (a budget of 1.25 bytes a
 *                                position, which leaves the queue no room: retro.h)
 *   bench_solver threads T divisors|pick N
 *                                outcomes and remoteness of divisors N or pick with N items
 *                                (valued 1..N) on T threads; compare with grundy-mpi on ranks
 *                                (docs/benchmarks.md) */
#include <grundy/number.h>
#include <grundy/solver.h>

#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static unsigned bench_threads = 1;

static int run_budget(const char *label, grundy_game *g, unsigned want, uint64_t max_bytes) {
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_solution *s = NULL;
    o.want = want;
    o.max_bytes = max_bytes;
    o.threads = bench_threads;
    const double t0 = now();
    const grundy_status st = grundy_solve(g, &o, &s);
    const double dt = now() - t0;
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "%s: %s\n", label, grundy_status_str(st));
        return 1;
    }
    const double n = (double)g->positions;
    printf("%-34s %11.0f positions  %7.2f s  %6.2f M positions/s  %6.1f ns/position", label, n, dt,
           n / dt / 1e6, dt / n * 1e9);
    if (want & GRUNDY_SOLVE_SCORE) {
        printf("  score %lld\n", (long long)grundy_solution_score(s, g->initial));
    } else if (want & GRUNDY_SOLVE_GRUNDY) {
        printf("  grundy %u\n", grundy_solution_grundy(s, g->initial));
    } else {
        printf("  start %s\n",
               grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN ? "win" : "lose");
    }
    fflush(stdout);
    grundy_solution_destroy(s);
    return 0;
}

static int run(const char *label, grundy_game *g, unsigned want) {
    return run_budget(label, g, want, (uint64_t)8 << 30);
}

/* divisors N, outcomes alone, in one mode of the core. */
static int run_mode(const char *mode, const char *cards) {
    uint64_t n = 26;
    const int scan = strcmp(mode, "scan") == 0;
    if ((!scan && strcmp(mode, "queue") != 0) ||
        (cards != NULL && grundy_parse_u64(cards, GRUNDY_DIVISORS_MAX, &n) != GRUNDY_STATUS_OK)) {
        fprintf(stderr, "usage: bench_solver [queue|scan [N <= %d]]\n", GRUNDY_DIVISORS_MAX);
        return 2;
    }
    grundy_game *g = NULL;
    if (grundy_game_divisors_create((unsigned)n, &g) != GRUNDY_STATUS_OK) {
        return 1;
    }
    char label[64];
    snprintf(label, sizeof label, "divisors %u: outcome, %s", (unsigned)n, mode);
    const uint64_t p = g->positions;
    const int rc = run_budget(label, g, GRUNDY_SOLVE_OUTCOME,
                              scan ? grundy_retro_outcome_bytes(p) + p : (uint64_t)8 << 30);
    grundy_game_destroy(g);
    return rc;
}

/* threads T divisors|pick N: outcomes and remoteness on T threads. */
static int run_threads(int argc, char **argv) {
    uint64_t t = 0, n = 0;
    const int pick = argc == 5 && strcmp(argv[3], "pick") == 0;
    if (argc != 5 || (!pick && strcmp(argv[3], "divisors") != 0) ||
        grundy_parse_u64(argv[2], 1024, &t) != GRUNDY_STATUS_OK || t == 0 ||
        grundy_parse_u64(argv[4], pick ? GRUNDY_PICK_MAX_ITEMS : GRUNDY_DIVISORS_MAX, &n) !=
            GRUNDY_STATUS_OK) {
        fprintf(stderr, "usage: bench_solver threads T divisors|pick N\n");
        return 2;
    }
    uint64_t values[GRUNDY_PICK_MAX_ITEMS];
    for (uint64_t i = 0; i < n && pick; i++) {
        values[i] = i + 1;
    }
    grundy_game *g = NULL;
    const grundy_status st = pick ? grundy_game_pick_create(values, (size_t)n, &g)
                                  : grundy_game_divisors_create((unsigned)n, &g);
    if (st != GRUNDY_STATUS_OK) {
        return 1;
    }
    bench_threads = (unsigned)t;
    char label[64];
    snprintf(label, sizeof label, "%s %u: remoteness, %u threads", argv[3], (unsigned)n,
             bench_threads);
    const int rc = run(label, g, GRUNDY_SOLVE_REMOTENESS);
    grundy_game_destroy(g);
    return rc;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "threads") == 0) {
        return run_threads(argc, argv);
    }
    if (argc > 1) {
        return run_mode(argv[1], argc > 2 ? argv[2] : NULL);
    }
    grundy_game *g = NULL;
    int rc = 0;
    if (grundy_game_divisors_create(26, &g) != GRUNDY_STATUS_OK) {
        return 1;
    }
    rc |= run("divisors 26: outcome", g, GRUNDY_SOLVE_OUTCOME);
    rc |= run("divisors 26: outcome + remoteness", g, GRUNDY_SOLVE_REMOTENESS);
    rc |= run("divisors 26: Grundy (sweep)", g, GRUNDY_SOLVE_GRUNDY);
    grundy_game_destroy(g);
    uint64_t values[24];
    uint64_t x = 12345;
    for (int i = 0; i < 24; i++) { /* fixed pseudo-random values below 10^9 */
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        values[i] = 1 + (x >> 33) % 1000000000u;
    }
    if (grundy_game_pick_create(values, 24, &g) != GRUNDY_STATUS_OK) {
        return 1;
    }
    rc |= run("pick 24 items: score (sweep)", g, GRUNDY_SOLVE_SCORE);
    grundy_game_destroy(g);
    return rc;
}
