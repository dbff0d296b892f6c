/* SPDX-License-Identifier: MIT */
/* The retrograde core on several threads (retro.h, grundy_retro_opts.threads) against the same
 * core on one: random graphs with cycles, self-loops, multi-edges, hubs of more than 255 moves
 * (4-byte counters) and primitives, as CSR graphs and through 32- and 64-bit callbacks with a
 * context per worker, with and without remoteness; and every built-in game's saved table with 1,
 * 2 and 3 threads, byte for byte, scores and Grundy values included (Kahn's order on several
 * threads, the sweep on one), and random acyclic games likewise. The work is cut small
 * (grundy_retro_par_tuning) so that these graphs run through every barrier and race. Usage:
 * test_retro_threads [SEED]. */
#include "check.h"
#include "graph/graph_impl.h"
#include "solver/solver_internal.h"

#include <grundy/grundy.h>
#include <grundy/solver.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAXN    3000
#define MAXM    16000
#define WORKERS 8

typedef struct rgraph {
    uint32_t n, m;
    uint32_t from[MAXM], to[MAXM];
    uint8_t prim[MAXN];
    uint32_t deg[MAXN];
    uint32_t off[MAXN + 1], rev[MAXM];
    uint32_t fwd_off[MAXN + 1], fwd[MAXM];
    int use_prim;
} rgraph;

/* A worker's context: the graph and its own buffer for 64-bit parents. */
typedef struct rctx {
    const rgraph *g;
    uint64_t buf[MAXM];
} rctx;

static rctx contexts[WORKERS + 1];

static uint32_t r_count(void *ctx, uint64_t u) {
    return ((const rctx *)ctx)->g->deg[u];
}

static const uint32_t *r_parents32(void *ctx, uint64_t v, size_t *count) {
    const rgraph *g = ((const rctx *)ctx)->g;
    *count = g->off[v + 1] - g->off[v];
    return g->rev + g->off[v];
}

static const uint64_t *r_parents64(void *ctx, uint64_t v, size_t *count) {
    rctx *c = ctx;
    const rgraph *g = c->g;
    *count = g->off[v + 1] - g->off[v];
    for (size_t i = 0; i < *count; i++) {
        c->buf[i] = g->rev[g->off[v] + i];
    }
    return c->buf;
}

static grundy_outcome r_primitive(void *ctx, uint64_t u) {
    const rgraph *g = ((const rctx *)ctx)->g;
    return g->use_prim ? (grundy_outcome)g->prim[u] : GRUNDY_OUTCOME_DRAW;
}

static void *r_thread_ctx(void *ctx, unsigned t) {
    CHECK(t < WORKERS);
    contexts[t + 1].g = ((const rctx *)ctx)->g;
    return &contexts[t + 1];
}

/* Prefix sums of counts in off[1..n] into row offsets, then the rows from (key, value) pairs. */
static void rows(uint32_t n, uint32_t m, uint32_t *off, uint32_t *row, const uint32_t *key,
                 const uint32_t *val) {
    uint32_t at[MAXN];
    for (uint32_t v = 0; v < n; v++) {
        off[v + 1] += off[v];
        at[v] = off[v];
    }
    for (uint32_t e = 0; e < m; e++) {
        row[at[key[e]]++] = val[e];
    }
}

/* n vertices, m random edges (self-loops and repeats allowed), a few hubs with many moves when
 * `hubs`, edges mostly towards smaller ids or not (long chains of levels), some primitives. */
static void make_graph(check_rng *r, rgraph *g, uint32_t n, uint32_t m, int hubs) {
    const unsigned down_pct = (unsigned)check_rng_below(r, 101);
    memset(g, 0, sizeof *g);
    g->n = n;
    g->use_prim = (int)check_rng_below(r, 2);
    for (uint32_t v = 0; v < n; v++) {
        const uint64_t x = check_rng_below(r, 12);
        g->prim[v] = (uint8_t)(x == 0   ? GRUNDY_OUTCOME_WIN
                               : x == 1 ? GRUNDY_OUTCOME_LOSE
                                        : GRUNDY_OUTCOME_DRAW);
    }
    for (uint32_t e = 0; e < m; e++) {
        uint32_t a = (uint32_t)check_rng_below(r, n), b;
        if (hubs && e % 4 == 0) {
            a = (uint32_t)check_rng_below(r, 3); /* vertices 0..2 get a quarter of the edges */
        }
        b = (uint32_t)check_rng_below(r, n);
        if (check_rng_below(r, 100) < down_pct && b > a) {
            b = a - (a == 0 ? 0 : (uint32_t)check_rng_below(r, a < 4 ? a : 4));
        }
        g->from[e] = a;
        g->to[e] = b;
        g->deg[a]++;
        g->off[b + 1]++;
        g->fwd_off[a + 1]++;
    }
    g->m = m;
    rows(n, m, g->off, g->rev, g->to, g->from);
    rows(n, m, g->fwd_off, g->fwd, g->from, g->to);
}

/* A random cut of the work: levels that small run alone, chunks that size. */
static void random_tuning(check_rng *r) {
    static const uint64_t small[] = {0, 1, 40, 4096}, chunk[] = {1, 3, 64, 256};
    grundy_retro_par_tuning.small_level = small[check_rng_below(r, 4)];
    grundy_retro_par_tuning.chunk = chunk[check_rng_below(r, 4)];
    grundy_retro_par_tuning.seed_chunk = chunk[check_rng_below(r, 4)];
}

typedef struct labels {
    uint8_t out[MAXN / 4 + 1];
    uint32_t rem[MAXN];
    grundy_retro_stats stats;
    grundy_status st;
} labels;

static void label(const grundy_retro_source *src, unsigned threads, int with_rem, labels *l) {
    grundy_retro_opts o = GRUNDY_RETRO_OPTS_INIT;
    o.mode = GRUNDY_RETRO_QUEUE;
    o.threads = threads;
    memset(l, 0xA5, sizeof *l);
    l->st = grundy_retro_solve(src, &o, l->out, with_rem ? l->rem : NULL, &l->stats);
}

static void same(const labels *a, const labels *b, uint64_t n, int with_rem, uint64_t seed,
                 unsigned threads) {
    const int ok = a->st == b->st && a->st == GRUNDY_STATUS_OK &&
                   memcmp(a->out, b->out, (size_t)grundy_retro_outcome_bytes(n)) == 0 &&
                   (!with_rem || memcmp(a->rem, b->rem, (size_t)n * sizeof a->rem[0]) == 0) &&
                   a->stats.win == b->stats.win && a->stats.lose == b->stats.lose &&
                   a->stats.draw == b->stats.draw &&
                   a->stats.parents_scanned == b->stats.parents_scanned &&
                   a->stats.max_remoteness == b->stats.max_remoteness;
    CHECK(ok);
    if (!ok) {
        fprintf(stderr, "  seed %llu, %u threads, remoteness %d: tables differ\n",
                (unsigned long long)seed, threads, with_rem);
    }
}

/* One random graph through every kind of source, 2..4 threads against 1. */
static void random_graph_case(check_rng *r, uint64_t seed, rgraph *g, labels *one, labels *many) {
    const uint32_t n = 1 + (uint32_t)check_rng_below(r, MAXN);
    const uint32_t m = (uint32_t)check_rng_below(r, (uint64_t)n * 5 < MAXM ? n * 5u : MAXM);
    make_graph(r, g, n, m, (int)check_rng_below(r, 3) == 0);
    grundy_graph *csr = NULL;
    CHECK_EQ(grundy_graph_build(&csr, n, g->m, g->from, g->to), GRUNDY_STATUS_OK);
    contexts[0].g = g;
    const int with_rem = (int)check_rng_below(r, 2);
    const int kind = (int)check_rng_below(r, 3); /* CSR, 32-bit callbacks, 64-bit callbacks */
    uint32_t max = 0;
    for (uint32_t v = 0; v < n; v++) {
        max = g->deg[v] > max ? g->deg[v] : max;
    }
    grundy_retro_source src = {n,
                               &contexts[0],
                               check_rng_below(r, 2) ? max : 0,
                               r_count,
                               kind == 1 ? r_parents32 : NULL,
                               kind == 2 ? r_parents64 : NULL,
                               r_primitive,
                               0,
                               r_thread_ctx};
    if (kind == 0) {
        grundy_graph_retro_source(csr, &src);
    }
    random_tuning(r);
    label(&src, 1, with_rem, one);
    for (unsigned t = 2; t <= 4; t++) {
        label(&src, t, with_rem, many);
        same(one, many, n, with_rem, seed, t);
    }
    grundy_graph_destroy(csr);
}

/* ---- a random graph as a callback game: the solver's adapter with a context per worker ---- */

static void g_moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const rgraph *g = ctx;
    for (uint32_t i = g->fwd_off[p]; i < g->fwd_off[p + 1]; i++) {
        /* a reward for the scores, a function of the move */
        grundy_move_list_push(out, g->fwd[i], (int64_t)((p * 31 + g->fwd[i]) % 7) - 3);
    }
}

static void g_parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const rgraph *g = ctx;
    for (uint32_t i = g->off[p]; i < g->off[p + 1]; i++) {
        grundy_parent_list_push(out, g->rev[i]);
    }
}

static grundy_outcome g_primitive(void *ctx, uint64_t p) {
    const rgraph *g = ctx;
    return g->use_prim ? (grundy_outcome)g->prim[p] : GRUNDY_OUTCOME_DRAW;
}

/* The solution's bytes as grundy_solution_save writes them; NULL on failure. */
static uint8_t *saved(const grundy_solution *s, size_t *len) {
    char path[] = "/tmp/grundy_test_threads_XXXXXX";
    FILE *f = NULL;
    uint8_t *buf = NULL;
    const int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd >= 0 && grundy_solution_save(s, path) == GRUNDY_STATUS_OK &&
        (f = fopen(path, "rb")) != NULL && fseek(f, 0, SEEK_END) == 0) {
        *len = (size_t)ftell(f);
        rewind(f);
        buf = malloc(*len + 1);
        if (buf != NULL && fread(buf, 1, *len, f) != *len) {
            free(buf);
            buf = NULL;
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    if (fd >= 0) {
        close(fd);
        remove(path);
    }
    CHECK(buf != NULL);
    return buf;
}

/* Solve g with 1, 2 and 3 threads; the saved tables must be the same bytes. */
static void same_tables(const grundy_game *g, unsigned want, const char *what) {
    uint8_t *first = NULL;
    size_t first_len = 0;
    for (unsigned t = 1; t <= 3; t++) {
        grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
        grundy_solution *s = NULL;
        o.want = want;
        o.threads = t;
        CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_OK);
        size_t len = 0;
        uint8_t *bytes = s != NULL ? saved(s, &len) : NULL;
        if (t == 1) {
            first = bytes;
            first_len = len;
        } else {
            const int ok = bytes != NULL && first != NULL && len == first_len &&
                           memcmp(bytes, first, len) == 0;
            CHECK(ok);
            if (!ok) {
                fprintf(stderr, "  %s: the table with %u threads differs from one thread's\n", what,
                        t);
            }
            free(bytes);
        }
        grundy_solution_destroy(s);
    }
    free(first);
}

static void random_game_case(check_rng *r, uint64_t seed, rgraph *g) {
    const uint32_t n = 1 + (uint32_t)check_rng_below(r, 2000);
    make_graph(r, g, n, (uint32_t)check_rng_below(r, (uint64_t)n * 4), 0);
    grundy_game game = {"random", n,    0,   GRUNDY_GAME_THREAD_SAFE, 0, g, g_moves, g_primitive,
                        NULL,     NULL, NULL};
    if (check_rng_below(r, 2)) {
        game.parents = g_parents; /* else the adapter builds the reverse graph */
    }
    random_tuning(r);
    char what[64];
    snprintf(what, sizeof what, "random game, seed %llu", (unsigned long long)seed);
    same_tables(&game, GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS, what);
}

/* A random graph whose moves all go to smaller ids (acyclic): scores and Grundy values too, by
 * Kahn's order on several threads and the sweep on one; then a cycle, refused by both. */
static void random_dag_case(check_rng *r, uint64_t seed, rgraph *g) {
    const uint32_t n = 1 + (uint32_t)check_rng_below(r, 2000);
    const uint32_t m = (uint32_t)check_rng_below(r, (uint64_t)n * 4);
    memset(g, 0, sizeof *g);
    g->n = n;
    for (uint32_t e = 0; e < m && n > 1; e++) {
        const uint32_t a = 1 + (uint32_t)check_rng_below(r, n - 1);
        g->from[g->m] = a;
        g->to[g->m] = (uint32_t)check_rng_below(r, a);
        g->off[g->to[g->m] + 1]++;
        g->fwd_off[a + 1]++;
        g->m++;
    }
    rows(n, g->m, g->off, g->rev, g->to, g->from);
    rows(n, g->m, g->fwd_off, g->fwd, g->from, g->to);
    grundy_game game = {"dag",     n,    0,       GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE,
                        0,         g,    g_moves, g_primitive,
                        g_parents, NULL, NULL};
    random_tuning(r);
    char what[64];
    snprintf(what, sizeof what, "random acyclic game, seed %llu", (unsigned long long)seed);
    same_tables(&game,
                GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_SCORE |
                    GRUNDY_SOLVE_GRUNDY,
                what);
    if (g->m > 0) {           /* close a cycle: the last move's child moves back to its parent */
        g->fwd_off[n] = g->m; /* (rows rebuilt below) */
        g->from[g->m] = g->to[g->m - 1];
        g->to[g->m] = g->from[g->m - 1];
        g->m++;
        memset(g->off, 0, sizeof g->off);
        memset(g->fwd_off, 0, sizeof g->fwd_off);
        for (uint32_t e = 0; e < g->m; e++) {
            g->off[g->to[e] + 1]++;
            g->fwd_off[g->from[e] + 1]++;
        }
        rows(n, g->m, g->off, g->rev, g->to, g->from);
        rows(n, g->m, g->fwd_off, g->fwd, g->from, g->to);
        game.flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_THREAD_SAFE; /* a false claim */
        for (unsigned t = 1; t <= 3; t++) {
            grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
            grundy_solution *s = NULL;
            o.want = GRUNDY_SOLVE_SCORE;
            o.threads = t;
            CHECK_EQ(grundy_solve(&game, &o, &s), GRUNDY_STATUS_INVALID_ARG);
            grundy_solution_destroy(s);
        }
    }
}

static void builtin_games(void) {
    static const unsigned ALL =
        GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_GRUNDY;
    grundy_retro_par_tuning.small_level = 1;
    grundy_retro_par_tuning.chunk = 5;
    grundy_retro_par_tuning.seed_chunk = 17;
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_divisors_create(13, &g), GRUNDY_STATUS_OK);
    same_tables(g, ALL, "divisors 13");
    grundy_game_destroy(g);
    const uint64_t values[] = {5, 1, 9, 2, 7, 7, 3, 8, 4, 6, 2};
    CHECK_EQ(grundy_game_pick_create(values, 11, &g), GRUNDY_STATUS_OK);
    same_tables(g, ALL | GRUNDY_SOLVE_SCORE, "pick");
    grundy_game_destroy(g);
    CHECK_EQ(grundy_game_misere_piles_create(40, 57, 1u << 20, &g), GRUNDY_STATUS_OK);
    same_tables(g, GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS, "misere-piles 40 57");
    grundy_game_destroy(g);
    CHECK_EQ(grundy_game_left_stack_create(3, 9, 8, 7, 1u << 20, &g), GRUNDY_STATUS_OK);
    same_tables(g, ALL, "left-stack 3 9 8 7");
    grundy_game_destroy(g);
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.77", &rule, NULL), GRUNDY_STATUS_OK);
    const uint64_t heaps[] = {7, 5, 4};
    CHECK_EQ(grundy_game_heaps_create(rule, heaps, 3, 0, 1u << 20, &g), GRUNDY_STATUS_OK);
    same_tables(g, ALL, "heaps 0.77 7 5 4");
    grundy_game_destroy(g);
    grundy_rule_destroy(rule);
    const char text[] = "4 2\n1 1\n4 4\n";
    const char *cur = text;
    size_t line = 1;
    grundy_board b;
    CHECK_EQ(grundy_board_parse(&cur, text + strlen(text), &line, &b, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_game_board_create(&b, &g), GRUNDY_STATUS_OK);
    same_tables(g, ALL, "mirror-board 4 (14 free cells)");
    grundy_game_destroy(g);
    grundy_board_free(&b);
}

int main(int argc, char **argv) {
    const uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : check_seed(20261201u);
    static rgraph g;
    static labels one, many;
    check_rng r;
    r.state = seed;
    printf("seed %llu\n", (unsigned long long)seed);
    solver_levels_min_threads = 2; /* Kahn's order for the scores from two threads on */
    for (int i = 0; i < 200; i++) {
        const uint64_t case_seed = check_rng_next(&r);
        check_rng c;
        c.state = case_seed;
        random_graph_case(&c, case_seed, &g, &one, &many);
    }
    for (int i = 0; i < 50; i++) {
        const uint64_t case_seed = check_rng_next(&r);
        check_rng c;
        c.state = case_seed;
        random_game_case(&c, case_seed, &g);
    }
    for (int i = 0; i < 50; i++) {
        const uint64_t case_seed = check_rng_next(&r);
        check_rng c;
        c.state = case_seed;
        random_dag_case(&c, case_seed, &g);
    }
    builtin_games();
    return check_report("test_retro_threads");
}
