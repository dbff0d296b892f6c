/* SPDX-License-Identifier: MIT */
/* SCAN mode of the retrograde core (retro.h, grundy_retro_mode) against a naive fixpoint and
 * against QUEUE mode: random graphs with cycles, self-loops, multi-edges, terminal and primitive
 * positions, through 32-bit and 64-bit callbacks and a CSR graph read in place; larger graphs
 * whose labels spread backwards (several passes); the mode choice and its limits. */
#include "check.h"

#include <grundy/grundy.h>

#define MAXN 2000
#define MAXM 8000

typedef struct rgraph {
    uint32_t n, m;
    uint32_t from[MAXM], to[MAXM];
    uint8_t prim[MAXN];                /* grundy_outcome fixed by the rules, DRAW = none */
    uint32_t deg[MAXN];                /* moves of each position */
    uint32_t off[MAXN + 1], rev[MAXM]; /* parents of v: rev[off[v] .. off[v+1]) */
    uint64_t buf[MAXM];                /* parents as 64-bit ids */
    int use_prim;
} rgraph;

static uint32_t r_count(void *ctx, uint64_t u) {
    return ((const rgraph *)ctx)->deg[u];
}

static const uint32_t *r_parents32(void *ctx, uint64_t v, size_t *count) {
    const rgraph *g = ctx;
    *count = g->off[v + 1] - g->off[v];
    return g->rev + g->off[v];
}

static const uint64_t *r_parents64(void *ctx, uint64_t v, size_t *count) {
    rgraph *g = ctx;
    *count = g->off[v + 1] - g->off[v];
    for (size_t i = 0; i < *count; i++) {
        g->buf[i] = g->rev[g->off[v] + i];
    }
    return g->buf;
}

static grundy_outcome r_primitive(void *ctx, uint64_t u) {
    return (grundy_outcome)((const rgraph *)ctx)->prim[u];
}

/* n vertices, m edges drawn at random (self-loops and repeats allowed); a few primitives. The
 * edges go "up" (to a larger id) with probability up_pct, so the labels spread backwards. */
static void make_graph(check_rng *r, rgraph *g, uint32_t n, uint32_t m, unsigned up_pct) {
    g->n = n;
    g->m = m;
    g->use_prim = (int)check_rng_below(r, 2);
    for (uint32_t v = 0; v <= n; v++) {
        g->off[v] = 0;
        if (v < n) {
            g->deg[v] = 0;
            const uint64_t x = check_rng_below(r, 10);
            g->prim[v] =
                (uint8_t)(g->use_prim && x < 2 ? (x == 0 ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE)
                                               : GRUNDY_OUTCOME_DRAW);
        }
    }
    for (uint32_t e = 0; e < m; e++) {
        uint32_t a = (uint32_t)check_rng_below(r, n), b = (uint32_t)check_rng_below(r, n);
        if ((a < b) != (check_rng_below(r, 100) < up_pct)) {
            const uint32_t t = a;
            a = b;
            b = t;
        }
        if (g->deg[a] == 254) { /* SCAN's bound: no position with more moves */
            g->m = e;
            break;
        }
        g->from[e] = a;
        g->to[e] = b;
        g->deg[a]++;
        g->off[b + 1]++;
    }
    for (uint32_t v = 0; v < n; v++) {
        g->off[v + 1] += g->off[v];
    }
    uint32_t at[MAXN];
    for (uint32_t v = 0; v < n; v++) {
        at[v] = g->off[v];
    }
    for (uint32_t e = 0; e < g->m; e++) {
        g->rev[at[g->to[e]]++] = g->from[e];
    }
}

/* The definition, iterated to its fixpoint: a primitive keeps its value; no move is a loss; a
 * move to a loss is a win; moves only to wins is a loss; whatever is left is a draw. */
static void naive(const rgraph *g, grundy_outcome *o) {
    for (uint32_t v = 0; v < g->n; v++) {
        o[v] = g->use_prim ? (grundy_outcome)g->prim[v] : GRUNDY_OUTCOME_DRAW;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t v = 0; v < g->n; v++) {
            if (o[v] != GRUNDY_OUTCOME_DRAW) {
                continue;
            }
            int any_lose = 0, all_win = 1;
            for (uint32_t e = 0; e < g->m; e++) {
                if (g->from[e] == v) {
                    any_lose |= o[g->to[e]] == GRUNDY_OUTCOME_LOSE;
                    all_win &= o[g->to[e]] == GRUNDY_OUTCOME_WIN;
                }
            }
            if (any_lose || all_win) {
                o[v] = any_lose ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE;
                changed = 1;
            }
        }
    }
}

static grundy_retro_source source_of(rgraph *g, int wide) {
    uint32_t max = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        max = g->deg[v] > max ? g->deg[v] : max;
    }
    const grundy_retro_source src = {g->n,
                                     g,
                                     max == 0 ? 1u : max,
                                     r_count,
                                     wide ? NULL : r_parents32,
                                     wide ? r_parents64 : NULL,
                                     g->use_prim ? r_primitive : NULL,
                                     !wide,
                                     NULL};
    return src;
}

/* Label with `mode`; 0 on success. */
static int solve(const grundy_retro_source *src, grundy_retro_mode mode, uint8_t *out,
                 grundy_retro_stats *stats) {
    grundy_retro_opts o = GRUNDY_RETRO_OPTS_INIT;
    o.mode = mode;
    const grundy_status st = grundy_retro_solve(src, &o, out, NULL, stats);
    CHECK_EQ(st, GRUNDY_STATUS_OK);
    return st != GRUNDY_STATUS_OK;
}

/* SCAN against QUEUE (and the naive fixpoint when `with_naive`) on one graph, every source. */
static void compare(rgraph *g, const grundy_graph *csr, int with_naive, uint64_t seed, int t) {
    static grundy_outcome want[MAXN];
    static uint8_t q[MAXN / 4 + 1], s[MAXN / 4 + 1];
    if (with_naive) {
        naive(g, want);
    }
    for (int kind = 0; kind < 3; kind++) {
        grundy_retro_source src = source_of(g, kind == 1);
        if (kind == 2) {
            grundy_graph_retro_source(csr, &src); /* the CSR rows read in place */
        }
        grundy_retro_stats qs, ss;
        if (solve(&src, GRUNDY_RETRO_QUEUE, q, &qs) || solve(&src, GRUNDY_RETRO_SCAN, s, &ss)) {
            return;
        }
        int bad = 0;
        for (uint32_t v = 0; v < g->n; v++) {
            const grundy_outcome a = grundy_retro_outcome_get(s, v);
            bad += a != grundy_retro_outcome_get(q, v) || (with_naive && a != want[v]);
        }
        if (bad != 0) {
            fprintf(stderr, "seed %llu case %d source %d: %d positions differ\n",
                    (unsigned long long)seed, t, kind, bad);
        }
        CHECK_EQ(bad, 0);
        CHECK_U64(ss.win, qs.win);
        CHECK_U64(ss.lose, qs.lose);
        CHECK_U64(ss.draw, qs.draw);
        CHECK_U64(ss.parents_scanned, qs.parents_scanned);
        CHECK(ss.passes >= 1);
        CHECK_EQ(qs.passes, 0);
        if (g->use_prim && kind == 1) {
            break; /* a CSR graph has no primitive positions */
        }
    }
}

static void run_cases(uint64_t seed, int cases, uint32_t max_n, uint32_t max_m, int with_naive) {
    static rgraph g;
    check_rng r = {seed};
    for (int t = 0; t < cases; t++) {
        const uint32_t n = 1 + (uint32_t)check_rng_below(&r, max_n);
        const uint32_t m = (uint32_t)check_rng_below(&r, max_m + 1);
        make_graph(&r, &g, n, m, (unsigned)check_rng_below(&r, 101));
        grundy_graph *csr = NULL;
        CHECK_EQ(grundy_graph_create(&csr, n, g.m, g.from, g.to), GRUNDY_STATUS_OK);
        if (csr != NULL) {
            compare(&g, csr, with_naive, seed, t);
        }
        grundy_graph_destroy(csr);
    }
}

/* A chain labelled from its far end: 0 -> 1 -> ... -> n-1 (terminal). Every label lands behind
 * the pass's cursor, so SCAN takes one pass a position: the worst case, still right. */
static void test_backward_chain(void) {
    static rgraph g;
    const uint32_t n = 300;
    g.n = n;
    g.m = n - 1;
    g.use_prim = 0;
    for (uint32_t e = 0; e < n - 1; e++) {
        g.from[e] = e;
        g.to[e] = e + 1;
    }
    for (uint32_t v = 0; v < n; v++) {
        g.deg[v] = v + 1 < n;
        g.off[v] = v == 0 ? 0 : v - 1;
        g.rev[v] = v;
    }
    g.off[n] = n - 1;
    const grundy_retro_source src = source_of(&g, 0);
    uint8_t out[MAXN / 4 + 1];
    grundy_retro_stats st;
    if (solve(&src, GRUNDY_RETRO_SCAN, out, &st) == 0) {
        for (uint32_t v = 0; v < n; v++) {
            const int lose = (n - 1 - v) % 2 == 0;
            CHECK_EQ(grundy_retro_outcome_get(out, v),
                     lose ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_WIN);
        }
        CHECK_U64(st.passes, n);
    }
}

/* AUTO takes QUEUE when it fits, SCAN below that, and reports what cannot run. */
static void test_mode_choice(void) {
    static rgraph g;
    check_rng r = {check_seed(913)};
    make_graph(&r, &g, 1000, 3000, 50);
    grundy_retro_source src = source_of(&g, 0);
    uint8_t out[MAXN / 4 + 1];
    uint32_t rem[MAXN];
    grundy_retro_stats st;
    grundy_retro_opts o = GRUNDY_RETRO_OPTS_INIT;
    o.max_bytes = 1000 * 5; /* 1-byte counters + 4-byte queue */
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_OK);
    CHECK_EQ(st.passes, 0);
    o.max_bytes = 1000 * 5 - 1;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_OK);
    CHECK(st.passes >= 1);
    CHECK_EQ(grundy_retro_solve(&src, &o, out, rem, &st), GRUNDY_STATUS_LIMIT); /* remoteness */
    o.max_bytes = 999;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_LIMIT);
    o.max_bytes = 0;
    o.mode = GRUNDY_RETRO_SCAN;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, rem, &st), GRUNDY_STATUS_INVALID_ARG);
    o.mode = GRUNDY_RETRO_QUEUE;
    o.max_bytes = 4999;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_LIMIT);
    o.mode = (grundy_retro_mode)7;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_INVALID_ARG);
    src.max_moves = 255; /* a counter could reach the pending mark */
    o.mode = GRUNDY_RETRO_SCAN;
    o.max_bytes = 0;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_INVALID_ARG);
    o.mode = GRUNDY_RETRO_AUTO;
    o.max_bytes = 1000 * 5 - 1;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_LIMIT);
    src.max_moves = 0; /* unknown: SCAN runs and checks each count */
    o.mode = GRUNDY_RETRO_SCAN;
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_OK);
    g.deg[7] = 255; /* breaks the contract: refused, not mislabelled */
    CHECK_EQ(grundy_retro_solve(&src, &o, out, NULL, &st), GRUNDY_STATUS_INVALID_ARG);
}

int main(void) {
    const uint64_t seed = check_seed(911);
    run_cases(seed, 1500, 24, 60, 1);
    run_cases(seed + 1, 60, MAXN, MAXM, 0);
    test_backward_chain();
    test_mode_choice();
    return check_report("test_retro_scan");
}
