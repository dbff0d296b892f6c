/* SPDX-License-Identifier: MIT */
/* The solver's machinery: loopy games through the retrograde core (with parents and with the
 * reverse graph built from moves) against a naive fixpoint, symmetry, the depth-first path, table
 * files, the self-test, heaps against Grundy values and a misere search, and boards against an
 * exhaustive search over the real cells. */
#include "check.h"

#include <grundy/grundy.h>
#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

#define MAXV 12
#define MAXE 30

/* A random graph as a game: moves from an edge list, parents from the reverse list. */
typedef struct graph_game {
    unsigned n, m;
    unsigned from[MAXE], to[MAXE];
    unsigned perm[MAXV]; /* relabelling used by the non-descending test */
} graph_game;

static void g_moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const graph_game *g = ctx;
    for (unsigned e = 0; e < g->m; e++) {
        if (g->from[e] == p) {
            grundy_move_list_push(out, g->to[e], (int64_t)e - 3);
        }
    }
}

static void g_parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const graph_game *g = ctx;
    for (unsigned e = 0; e < g->m; e++) {
        if (g->to[e] == p) {
            grundy_parent_list_push(out, g->from[e]);
        }
    }
}

/* The naive definition, level by level: L_0 = no move; a position not yet labelled is W at
 * level k when a child is L below k, L at level k when every child is W below k. */
static void naive(const graph_game *g, int *label, int *rem) {
    for (unsigned v = 0; v < g->n; v++) {
        label[v] = 0;
        rem[v] = -1;
    }
    for (int k = 0; k <= 2 * MAXV + 2; k++) {
        int next[MAXV];
        for (unsigned v = 0; v < g->n; v++) {
            int any_lose = 0, all_win = 1;
            for (unsigned e = 0; e < g->m; e++) {
                if (g->from[e] == v) {
                    const unsigned c = g->to[e];
                    any_lose |= label[c] == 2 && rem[c] < k;
                    all_win &= label[c] == 1 && rem[c] < k;
                }
            }
            next[v] = label[v] != 0 ? label[v] : any_lose ? 1 : all_win ? 2 : 0;
        }
        for (unsigned v = 0; v < g->n; v++) {
            if (label[v] == 0 && next[v] != 0) {
                label[v] = next[v];
                rem[v] = k;
            }
        }
    }
}

static void random_graph(check_rng *r, graph_game *g, int acyclic) {
    g->n = 1 + (unsigned)check_rng_below(r, MAXV);
    g->m = (unsigned)check_rng_below(r, MAXE + 1);
    for (unsigned e = 0; e < g->m; e++) {
        g->from[e] = (unsigned)check_rng_below(r, g->n);
        g->to[e] = (unsigned)check_rng_below(r, g->n);
        if (acyclic && g->from[e] <= g->to[e]) {
            g->from[e] = g->to[e] + 1 < g->n ? g->to[e] + 1 : g->from[e];
            if (g->from[e] <= g->to[e]) {
                g->m = e; /* no room for a descending edge: stop here */
                break;
            }
        }
    }
}

/* Outcomes alone within a budget too small for the core's queue: SCAN mode, chosen by the
 * solver's byte accounting (tables + 1 byte a position), must agree with the naive labels; without
 * parents the reverse graph does not fit that budget, which is a limit. Returns the mismatches. */
static int scan_differs(graph_game *gg, const int *label, int t, uint64_t seed) {
    grundy_game g = {"graph", gg->n, 0, 0, MAXE, gg, g_moves, NULL, g_parents, NULL, NULL};
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_OUTCOME;
    o.max_bytes = grundy_retro_outcome_bytes(gg->n) + gg->n;
    grundy_solution *s = NULL;
    int bad = 0;
    CHECK_EQ(grundy_solve(&g, &o, &s), GRUNDY_STATUS_OK);
    for (unsigned v = 0; s != NULL && v < gg->n; v++) {
        const int want = label[v] == 1   ? GRUNDY_OUTCOME_WIN
                         : label[v] == 2 ? GRUNDY_OUTCOME_LOSE
                                         : GRUNDY_OUTCOME_DRAW;
        if ((int)grundy_solution_outcome(s, v) != want) {
            bad++;
            fprintf(stderr, "loopy case %d (seed %llu) vertex %u in SCAN mode\n", t,
                    (unsigned long long)seed, v);
        }
    }
    grundy_solution_destroy(s);
    s = NULL;
    if (gg->n > 1) {   /* (with one position the core's budget would be 0, which means "none") */
        o.max_bytes--; /* below SCAN's byte a position too */
        CHECK_EQ(grundy_solve(&g, &o, &s), GRUNDY_STATUS_LIMIT);
        grundy_solution_destroy(s);
        o.max_bytes++;
    }
    g.parents = NULL;
    s = NULL;
    CHECK_EQ(grundy_solve(&g, &o, &s), GRUNDY_STATUS_LIMIT);
    grundy_solution_destroy(s);
    return bad;
}

static void test_loopy(void) {
    const uint64_t seed = check_seed(701);
    check_rng r = {seed};
    int bad = 0;
    for (int t = 0; t < 400; t++) {
        graph_game gg;
        random_graph(&r, &gg, 0);
        grundy_game g = {"graph", gg.n, 0, 0, 0, &gg, g_moves, NULL, NULL, NULL, NULL};
        int label[MAXV], rem[MAXV];
        naive(&gg, label, rem);
        for (int with_parents = 0; with_parents <= 1; with_parents++) {
            g.parents = with_parents ? g_parents : NULL;
            grundy_solution *s = NULL;
            CHECK_EQ(grundy_solve(&g, NULL, &s), GRUNDY_STATUS_OK);
            for (unsigned v = 0; s != NULL && v < gg.n; v++) {
                const grundy_outcome o = grundy_solution_outcome(s, v);
                const int want = label[v] == 1   ? GRUNDY_OUTCOME_WIN
                                 : label[v] == 2 ? GRUNDY_OUTCOME_LOSE
                                                 : GRUNDY_OUTCOME_DRAW;
                const uint32_t rr = grundy_solution_remoteness(s, v);
                if ((int)o != want || (label[v] != 0 && rr != (uint32_t)rem[v]) ||
                    (label[v] == 0 && rr != GRUNDY_REMOTENESS_NONE)) {
                    bad++;
                    fprintf(stderr, "loopy case %d (seed %llu) vertex %u\n", t,
                            (unsigned long long)seed, v);
                }
            }
            grundy_solution_destroy(s);
        }
        bad += scan_differs(&gg, label, t, seed);
    }
    CHECK_EQ(bad, 0);
}

/* Scores and Grundy values: one sweep (descending) against the depth-first search on the same
 * graph relabelled so that moves may go up. */
static uint64_t perm_of(const graph_game *g, uint64_t p) {
    return g->perm[p];
}

static void p_moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const graph_game *g = ctx;
    unsigned orig = 0;
    while (g->perm[orig] != p) {
        orig++;
    }
    for (unsigned e = 0; e < g->m; e++) {
        if (g->from[e] == orig) {
            grundy_move_list_push(out, perm_of(g, g->to[e]), (int64_t)e - 3);
        }
    }
}

static void test_acyclic_paths(void) {
    check_rng r = {check_seed(702)};
    int bad = 0;
    const unsigned want = GRUNDY_SOLVE_SCORE | GRUNDY_SOLVE_GRUNDY | GRUNDY_SOLVE_OUTCOME;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = want;
    for (int t = 0; t < 300; t++) {
        graph_game gg;
        random_graph(&r, &gg, 1);
        for (unsigned v = 0; v < gg.n; v++) {
            gg.perm[v] = v;
        }
        for (unsigned v = gg.n; v > 1; v--) { /* a random relabelling */
            const unsigned j = (unsigned)check_rng_below(&r, v), x = gg.perm[v - 1];
            gg.perm[v - 1] = gg.perm[j];
            gg.perm[j] = x;
        }
        const grundy_game a = {"sweep", gg.n, 0,   GRUNDY_GAME_DESCENDING, 0, &gg, g_moves, NULL,
                               NULL,    NULL, NULL};
        const grundy_game b = {"dfs", gg.n, 0,   GRUNDY_GAME_ACYCLIC, 0, &gg, p_moves, NULL,
                               NULL,  NULL, NULL};
        grundy_solution *sa = NULL, *sb = NULL;
        CHECK_EQ(grundy_solve(&a, &o, &sa), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_solve(&b, &o, &sb), GRUNDY_STATUS_OK);
        for (unsigned v = 0; sa != NULL && sb != NULL && v < gg.n; v++) {
            const uint64_t w = gg.perm[v];
            bad += grundy_solution_score(sa, v) != grundy_solution_score(sb, w);
            bad += grundy_solution_grundy(sa, v) != grundy_solution_grundy(sb, w);
            bad += (grundy_solution_grundy(sa, v) != 0) !=
                   (grundy_solution_outcome(sa, v) == GRUNDY_OUTCOME_WIN);
        }
        grundy_solution_destroy(sa);
        grundy_solution_destroy(sb);
    }
    CHECK_EQ(bad, 0);
    /* A cycle in a game that claims to be acyclic is found, not looped on. */
    graph_game cyc = {.n = 2, .m = 2, .from = {0, 1}, .to = {1, 0}, .perm = {0, 1}};
    const grundy_game c = {"cycle", 2,    0,   GRUNDY_GAME_ACYCLIC, 0, &cyc, p_moves, NULL,
                           NULL,    NULL, NULL};
    grundy_solution *s = NULL;
    CHECK_EQ(grundy_solve(&c, &o, &s), GRUNDY_STATUS_INVALID_ARG);
    o.want = GRUNDY_SOLVE_SCORE; /* and score needs an acyclic game at all */
    const grundy_game loopy = {"loopy", 2, 0, 0, 0, &cyc, g_moves, NULL, NULL, NULL, NULL};
    CHECK_EQ(grundy_solve(&loopy, &o, &s), GRUNDY_STATUS_INVALID_ARG);
}

/* Symmetry: two piles (misere, take 1 or 2) with canonical form "larger pile first". */
typedef struct sym {
    grundy_game *inner;
    uint64_t w;
} sym;

static uint64_t sym_canonical(void *ctx, uint64_t p) {
    const sym *s = ctx;
    const uint64_t a = p / s->w, b = p % s->w;
    return a >= b ? p : b * s->w + a;
}

static void sym_moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const sym *s = ctx;
    s->inner->moves(s->inner->ctx, p, out);
}

static grundy_outcome sym_primitive(void *ctx, uint64_t p) {
    const sym *s = ctx;
    return s->inner->primitive(s->inner->ctx, p);
}

static void test_symmetry(void) {
    for (uint64_t k = 0; k <= 9; k++) {
        sym s = {NULL, k + 1};
        CHECK_EQ(grundy_game_misere_piles_create(k, k, 1000, &s.inner), GRUNDY_STATUS_OK);
        grundy_game g = *s.inner;
        g.ctx = &s;
        g.moves = sym_moves;
        g.primitive = sym_primitive;
        g.parents = NULL;
        g.canonical = sym_canonical;
        g.destroy = NULL;
        grundy_selftest_report rep;
        CHECK_EQ(grundy_game_selftest(&g, 200, k, &rep), GRUNDY_STATUS_OK);
        grundy_solution *plain = NULL, *folded = NULL;
        CHECK_EQ(grundy_solve(s.inner, NULL, &plain), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_solve(&g, NULL, &folded), GRUNDY_STATUS_OK);
        int bad = 0;
        for (uint64_t p = 0; plain != NULL && folded != NULL && p < g.positions; p++) {
            bad += grundy_solution_outcome(plain, p) != grundy_solution_outcome(folded, p);
            bad += grundy_solution_remoteness(plain, p) != grundy_solution_remoteness(folded, p);
        }
        CHECK_EQ(bad, 0);
        grundy_solution_destroy(plain);
        grundy_solution_destroy(folded);
        grundy_game_destroy(s.inner);
    }
}

static void test_files(void) {
    grundy_game *g = NULL;
    grundy_solution *s = NULL, *t = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_GRUNDY | GRUNDY_SOLVE_SCORE;
    const char *path = "test_solver_table.bin";
    CHECK_EQ(grundy_game_divisors_create(9, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solution_save(s, path), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_OK);
    int bad = t == NULL;
    for (uint64_t p = 0; t != NULL && p < 512; p++) {
        bad += grundy_solution_outcome(s, p) != grundy_solution_outcome(t, p);
        bad += grundy_solution_remoteness(s, p) != grundy_solution_remoteness(t, p);
        bad += grundy_solution_grundy(s, p) != grundy_solution_grundy(t, p);
    }
    CHECK_EQ(bad, 0);
    grundy_solution_destroy(t);
    t = NULL;
    CHECK_EQ(grundy_solution_load(path, 100, &t), GRUNDY_STATUS_LIMIT);
    FILE *f = fopen(path, "r+b"); /* flip one bit in the tables: the checksum must catch it */
    CHECK(f != NULL);
    if (f != NULL) {
        fseek(f, 200, SEEK_SET);
        const int c = fgetc(f);
        fseek(f, 200, SEEK_SET);
        fputc(c ^ 4, f);
        fclose(f);
    }
    CHECK_EQ(grundy_solution_load(path, 0, &t), GRUNDY_STATUS_PARSE);
    CHECK_EQ(grundy_solution_load("no/such/file", 0, &t), GRUNDY_STATUS_IO);
    remove(path);
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
}

static void bad_parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    (void)ctx;
    if (p > 0) {
        grundy_parent_list_push(out, p - 1); /* nobody moves up in divisors */
    }
}

static void test_selftest_and_limits(void) {
    grundy_game *g = NULL;
    grundy_selftest_report rep;
    CHECK_EQ(grundy_game_divisors_create(12, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_game_selftest(g, 500, 1, &rep), GRUNDY_STATUS_OK);
    CHECK_EQ(rep.message[0], 0);
    void (*const good)(void *, uint64_t, grundy_parent_list *) = g->parents;
    g->parents = bad_parents;
    CHECK_EQ(grundy_game_selftest(g, 500, 1, &rep), GRUNDY_STATUS_INVALID_ARG);
    CHECK(rep.message[0] != 0);
    g->parents = good;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_solution *s = NULL;
    o.max_positions = 100;
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_LIMIT);
    o = (grundy_solve_opts)GRUNDY_SOLVE_OPTS_INIT;
    o.max_bytes = 5000;
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_LIMIT);
    g->parents = NULL; /* the reverse graph must fit too */
    o.max_bytes = 4096 / 4 + 4096 * 4 + 100;
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_LIMIT);
    grundy_game_destroy(g);
    const uint64_t items[3] = {4, 1, 9};
    CHECK_EQ(grundy_game_pick_create(items, 3, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_game_selftest(g, 100, 2, &rep), GRUNDY_STATUS_OK);
    grundy_game_destroy(g);
    CHECK_EQ(grundy_game_misere_piles_create(20, 30, 10000, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_game_selftest(g, 300, 3, &rep), GRUNDY_STATUS_OK);
    grundy_game_destroy(g);
}

/* A mid-size solve (divisors 20: 2^20 positions, 20 parents calls' worth of work each) with
 * outcomes alone: the default budget takes the queue, a budget of 1.25 bytes a position the scan
 * (one pass: every move lowers the index); both must agree everywhere. */
static void test_scan_midsize(void) {
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_divisors_create(20, &g), GRUNDY_STATUS_OK);
    if (g == NULL) {
        return;
    }
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_OUTCOME;
    grundy_solution *q = NULL, *s = NULL;
    CHECK_EQ(grundy_solve(g, &o, &q), GRUNDY_STATUS_OK);
    o.max_bytes = grundy_retro_outcome_bytes(g->positions) + g->positions;
    CHECK_EQ(grundy_solve(g, &o, &s), GRUNDY_STATUS_OK);
    if (q != NULL && s != NULL) {
        uint64_t bad = 0, qc[3], sc[3];
        for (uint64_t p = 0; p < g->positions; p++) {
            bad += grundy_solution_outcome(q, p) != grundy_solution_outcome(s, p);
        }
        CHECK_U64(bad, 0);
        grundy_solution_counts(q, &qc[0], &qc[1], &qc[2]);
        grundy_solution_counts(s, &sc[0], &sc[1], &sc[2]);
        CHECK_U64(sc[0], qc[0]);
        CHECK_U64(sc[1], qc[1]);
        CHECK_U64(sc[2], qc[2]);
        CHECK(qc[0] != 0 && qc[1] != 0);
    }
    grundy_solution_destroy(q);
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
}

int main(void) {
    test_loopy();
    test_scan_midsize();
    test_acyclic_paths();
    test_symmetry();
    test_files();
    test_selftest_and_limits();
    return check_report("test_solver");
}
