/* SPDX-License-Identifier: MIT */
/* Differential tests of the graph wing on thousands of random small multigraphs (self-loops and
 * multi-edges included): W/L/D against a naive fixpoint, remoteness against a depth-bounded
 * search, generalized Sprague-Grundy values against Smith's labelling steps as written and their
 * defining properties, token sums against a W/L/D search of the product graph; generalized values
 * of graphs with large cycle-free parts (chains, complete DAGs, Nim) beside cycles against Smith's
 * steps. */
#include <grundy/graph.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define MAXN 9
#define MAXM 28
#define UNL  0xFFFFFFFEu
#define INF  0xFFFFFFFFu

typedef struct small_graph {
    uint32_t n, m;
    uint32_t from[MAXM], to[MAXM];
} small_graph;

static void random_graph(check_rng *rng, small_graph *s) {
    s->n = 1 + (uint32_t)check_rng_below(rng, MAXN);
    s->m = (uint32_t)check_rng_below(rng, 3 * s->n + 1);
    for (uint32_t i = 0; i < s->m; i++) {
        s->from[i] = (uint32_t)check_rng_below(rng, s->n);
        /* bias toward self-loops and repeated edges */
        s->to[i] = check_rng_below(rng, 8) == 0 ? s->from[i] : (uint32_t)check_rng_below(rng, s->n);
        if (i > 0 && check_rng_below(rng, 8) == 0) {
            s->from[i] = s->from[i - 1];
            s->to[i] = s->to[i - 1];
        }
    }
}

/* W/L/D by the definition, iterated to a fixpoint: L when every option is W (terminal too), W
 * when some option is L. */
static void naive_wld(const small_graph *s, grundy_outcome *o) {
    for (uint32_t u = 0; u < s->n; u++) {
        o[u] = GRUNDY_OUTCOME_DRAW;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t u = 0; u < s->n; u++) {
            if (o[u] != GRUNDY_OUTCOME_DRAW) {
                continue;
            }
            int any_lose = 0, all_win = 1;
            for (uint32_t i = 0; i < s->m; i++) {
                if (s->from[i] == u) {
                    any_lose |= o[s->to[i]] == GRUNDY_OUTCOME_LOSE;
                    all_win &= o[s->to[i]] == GRUNDY_OUTCOME_WIN;
                }
            }
            if (any_lose || all_win) {
                o[u] = any_lose ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE;
                changed = 1;
            }
        }
    }
}

/* Remoteness as the least depth d at which the mover wins within d plies (Win) or the opponent
 * wins within d plies (Lose); equal to the hurry/delay recursion. */
static void naive_remoteness(const small_graph *s, uint32_t *rem) {
    uint8_t win[MAXN] = {0}, lose[MAXN] = {0}, nw[MAXN], nl[MAXN];
    for (uint32_t u = 0; u < s->n; u++) {
        rem[u] = GRUNDY_REMOTENESS_NONE;
    }
    for (uint32_t d = 0; d <= 2 * MAXN + 2; d++) {
        for (uint32_t u = 0; u < s->n; u++) {
            int any = 0, all = 1;
            for (uint32_t i = 0; i < s->m; i++) {
                if (s->from[i] == u) {
                    any |= d > 0 && lose[s->to[i]];
                    all &= d > 0 && win[s->to[i]];
                }
            }
            nw[u] = (uint8_t)any;
            nl[u] = (uint8_t)all;
        }
        for (uint32_t u = 0; u < s->n; u++) {
            win[u] = nw[u];
            lose[u] = nl[u];
            if ((win[u] || lose[u]) && rem[u] == GRUNDY_REMOTENESS_NONE) {
                rem[u] = d;
            }
        }
    }
}

static int has_follower_labelled(const small_graph *s, const uint32_t *lab, uint32_t u,
                                 uint32_t m) {
    for (uint32_t i = 0; i < s->m; i++) {
        if (s->from[i] == u && lab[s->to[i]] == m) {
            return 1;
        }
    }
    return 0;
}

/* Smith's labelling, steps 1-4 of loopy-games.md exactly as written (O(n^2 m) and fine). */
static void naive_smith(const small_graph *s, uint32_t *lab) {
    for (uint32_t u = 0; u < s->n; u++) {
        lab[u] = UNL;
    }
    for (uint32_t m = 0;; m++) {
        for (int changed = 1; changed;) {
            changed = 0;
            for (uint32_t u = 0; u < s->n; u++) {
                if (lab[u] != UNL || has_follower_labelled(s, lab, u, m)) {
                    continue;
                }
                int ok = 1;
                for (uint32_t i = 0; i < s->m; i++) {
                    const uint32_t v = s->to[i];
                    if (s->from[i] == u && (lab[v] == UNL || lab[v] == INF) &&
                        !has_follower_labelled(s, lab, v, m)) {
                        ok = 0;
                    }
                }
                if (ok) {
                    lab[u] = m;
                    changed = 1;
                }
            }
        }
        int left = 0;
        for (uint32_t u = 0; u < s->n; u++) {
            if (lab[u] == UNL && !has_follower_labelled(s, lab, u, m)) {
                lab[u] = INF;
            }
            left |= lab[u] == UNL;
        }
        if (!left) {
            return;
        }
    }
}

/* W/L/D of a sum of k tokens on s, by the naive fixpoint on the product graph (n^k states). */
static grundy_outcome product_outcome(const small_graph *s, const uint32_t *tok, size_t k) {
    uint32_t states = 1;
    for (size_t i = 0; i < k; i++) {
        states *= s->n;
    }
    static grundy_outcome o[MAXN * MAXN * MAXN];
    for (uint32_t x = 0; x < states; x++) {
        o[x] = GRUNDY_OUTCOME_DRAW;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t x = 0; x < states; x++) {
            if (o[x] != GRUNDY_OUTCOME_DRAW) {
                continue;
            }
            int any_lose = 0, all_win = 1;
            for (uint32_t i = 0, place = 1; i < k; i++, place *= s->n) {
                const uint32_t t = (x / place) % s->n;
                for (uint32_t e = 0; e < s->m; e++) {
                    if (s->from[e] == t) {
                        const uint32_t y = x - t * place + s->to[e] * place;
                        any_lose |= o[y] == GRUNDY_OUTCOME_LOSE;
                        all_win &= o[y] == GRUNDY_OUTCOME_WIN;
                    }
                }
            }
            if (any_lose || all_win) {
                o[x] = any_lose ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE;
                changed = 1;
            }
        }
    }
    uint32_t x = 0;
    for (size_t i = k; i-- > 0;) {
        x = x * s->n + tok[i];
    }
    return o[x];
}

/* A source over the same graph with 64-bit ids, a reused buffer (not stable) and a move bound,
 * so the other instantiations of the core run too. */
typedef struct wide_ctx {
    const grundy_graph *g;
    uint64_t buf[MAXM];
} wide_ctx;

static uint32_t wide_count(void *ctx, uint64_t u) {
    return grundy_graph_out_degree(((wide_ctx *)ctx)->g, (uint32_t)u);
}

static const uint64_t *wide_parents(void *ctx, uint64_t v, size_t *count) {
    wide_ctx *const w = ctx;
    const uint32_t *const p = grundy_graph_predecessors(w->g, (uint32_t)v, count);
    for (size_t i = 0; i < *count; i++) {
        w->buf[i] = p[i];
    }
    return w->buf;
}

static void check_labels(const grundy_graph *g, const small_graph *s, uint64_t seed) {
    grundy_outcome want[MAXN];
    uint32_t rem[MAXN];
    naive_wld(s, want);
    naive_remoteness(s, rem);
    for (int with_rem = 0; with_rem < 2; with_rem++) {
        grundy_graph_labels l;
        CHECK_EQ(grundy_graph_label(g, with_rem, &l), GRUNDY_STATUS_OK);
        uint64_t counts[3] = {0, 0, 0};
        for (uint32_t u = 0; u < s->n; u++) {
            const grundy_outcome o = grundy_retro_outcome_get(l.outcomes, u);
            counts[o]++;
            if (o != want[u] || (with_rem && l.remoteness[u] != rem[u])) {
                fprintf(stderr, "seed %llu: vertex %u\n", (unsigned long long)seed, u);
            }
            CHECK_EQ(o, want[u]);
            /* a draw has no remoteness, every other vertex one */
            CHECK_EQ(rem[u] == GRUNDY_REMOTENESS_NONE, want[u] == GRUNDY_OUTCOME_DRAW);
            if (with_rem) {
                CHECK_U64(l.remoteness[u], rem[u]);
            }
        }
        CHECK_U64(l.draw, counts[0]);
        CHECK_U64(l.lose, counts[1]);
        CHECK_U64(l.win, counts[2]);
        grundy_graph_labels_free(&l);
    }
    for (uint32_t bound = 0; bound < 2; bound++) {
        wide_ctx w = {g, {0}};
        const grundy_retro_source src = {
            s->n, &w, bound ? 255u : 0u, wide_count, NULL, wide_parents, NULL, 0, NULL};
        uint8_t out[MAXN];
        uint32_t r2[MAXN];
        CHECK_EQ(grundy_retro_solve(&src, NULL, out, bound ? r2 : NULL, NULL), GRUNDY_STATUS_OK);
        for (uint32_t u = 0; u < s->n; u++) {
            CHECK_EQ(grundy_retro_outcome_get(out, u), want[u]);
            if (bound) {
                CHECK_U64(r2[u], rem[u]);
            }
        }
    }
}

static void check_sg(grundy_graph *g, const small_graph *s, check_rng *rng, uint64_t seed) {
    uint32_t lab[MAXN];
    grundy_outcome wld[MAXN];
    naive_smith(s, lab);
    naive_wld(s, wld);
    grundy_graph_sg *sg = NULL;
    CHECK_EQ(grundy_graph_sg_compute(g, &sg), GRUNDY_STATUS_OK);
    if (sg == NULL) {
        return;
    }
    for (uint32_t u = 0; u < s->n; u++) {
        uint32_t a = INF;
        const int finite = grundy_graph_sg_finite(sg, u, &a);
        if ((finite ? a : INF) != lab[u]) {
            fprintf(stderr, "seed %llu: sg of vertex %u\n", (unsigned long long)seed, u);
        }
        CHECK_U64(finite ? a : INF, lab[u]);
        CHECK_EQ(grundy_graph_sg_outcome(sg, u), wld[u]);
        uint8_t follower_has[MAXM + 2] = {0};
        for (uint32_t i = 0; i < s->m; i++) {
            if (s->from[i] == u && lab[s->to[i]] != INF) {
                follower_has[lab[s->to[i]]] = 1;
            }
        }
        size_t kn;
        const uint32_t *const k = grundy_graph_sg_inf_set(sg, u, &kn);
        if (!finite) { /* K = the finite values of the followers, ascending */
            size_t at = 0;
            for (uint32_t x = 0; x < MAXM + 2; x++) {
                if (follower_has[x]) {
                    CHECK(at < kn && k[at] == x);
                    at++;
                }
            }
            CHECK_EQ(at, kn);
            continue;
        }
        /* Defining properties of a finite value a: a = mex of the finite followers' values, and
         * every follower valued above a or infinite has a follower valued a. */
        for (uint32_t b = 0; b < a; b++) {
            CHECK(follower_has[b]);
        }
        CHECK(!follower_has[a]);
        for (uint32_t i = 0; i < s->m; i++) {
            const uint32_t v = s->to[i];
            if (s->from[i] == u && (lab[v] == INF || lab[v] > a)) {
                CHECK(has_follower_labelled(s, lab, v, a));
            }
        }
    }
    for (int t = 0; t < 4; t++) {
        uint32_t tok[3];
        const size_t k = 2 + (size_t)check_rng_below(rng, 2);
        for (size_t i = 0; i < k; i++) {
            tok[i] = (uint32_t)check_rng_below(rng, s->n);
        }
        grundy_outcome got = GRUNDY_OUTCOME_DRAW;
        CHECK_EQ(grundy_graph_sum_outcome(sg, tok, k, &got), GRUNDY_STATUS_OK);
        const grundy_outcome want = product_outcome(s, tok, k);
        if (got != want) {
            fprintf(stderr, "seed %llu: sum of %zu tokens\n", (unsigned long long)seed, k);
        }
        CHECK_EQ(got, want);
    }
    grundy_graph_sg_destroy(sg);
}

static void test_random(uint64_t seed, int rounds) {
    check_rng rng = {seed};
    for (int r = 0; r < rounds; r++) {
        small_graph s;
        random_graph(&rng, &s);
        grundy_graph *g = NULL;
        CHECK_EQ(grundy_graph_create(&g, s.n, s.m, s.from, s.to), GRUNDY_STATUS_OK);
        if (g == NULL) {
            continue;
        }
        CHECK_U64(grundy_graph_edge_count(g), s.m);
        check_labels(g, &s, seed);
        check_sg(g, &s, &rng, seed);
        grundy_graph_destroy(g);
    }
}

static grundy_status parse(const char *text, grundy_graph_format f, uint64_t max_bytes,
                           grundy_graph **g, grundy_diag *d) {
    grundy_graph_read_opts o = GRUNDY_GRAPH_READ_OPTS_INIT;
    o.format = f;
    if (max_bytes != 0) {
        o.max_bytes = max_bytes;
    }
    memset(d, 0, sizeof *d);
    return grundy_graph_parse(text, strlen(text), &o, g, d);
}

static void expect_error(const char *text, grundy_graph_format f, uint64_t max_bytes,
                         grundy_status st, size_t line) {
    grundy_graph *g = NULL;
    grundy_diag d;
    const grundy_status got = parse(text, f, max_bytes, &g, &d);
    CHECK_EQ(got, st);
    CHECK_EQ(d.line, line);
    CHECK(g == NULL);
    CHECK(d.message[0] != '\0');
    if (got != st || d.line != line) {
        fprintf(stderr, "  input \"%s\": %s (line %zu)\n", text, d.message, d.line);
    }
}

static void test_reader(void) {
    grundy_graph *g = NULL;
    grundy_diag d;
    CHECK_EQ(parse("5 5\n0 1\n1 2\n2 1\n2 3\n3 4\n", GRUNDY_GRAPH_FORMAT_SEED, 0, &g, &d),
             GRUNDY_STATUS_OK);
    if (g != NULL) {
        grundy_graph_labels l;
        CHECK_EQ(grundy_graph_label(g, 1, &l), GRUNDY_STATUS_OK);
        const char *const want = "DDDWL";
        for (uint32_t u = 0; u < 5; u++) {
            const grundy_outcome o = grundy_retro_outcome_get(l.outcomes, u);
            CHECK_EQ("DLW"[o], want[u]);
        }
        CHECK_U64(l.remoteness[3], 1);
        CHECK_U64(l.remoteness[0], GRUNDY_REMOTENESS_NONE);
        grundy_graph_labels_free(&l);
        grundy_graph_destroy(g);
    }
    g = NULL;
    CHECK_EQ(parse("# c\n\n 3 1 # x\r\n\t2 0\n", GRUNDY_GRAPH_FORMAT_EDGES, 0, &g, &d),
             GRUNDY_STATUS_OK);
    CHECK(g != NULL && grundy_graph_vertex_count(g) == 4 && grundy_graph_edge_count(g) == 2);
    grundy_graph_destroy(g);
    const grundy_graph_format S = GRUNDY_GRAPH_FORMAT_SEED, E = GRUNDY_GRAPH_FORMAT_EDGES;
    expect_error("", S, 0, GRUNDY_STATUS_PARSE, 1);
    expect_error("# only\n\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("", E, 0, GRUNDY_STATUS_PARSE, 1);
    expect_error("3 2\n0 1\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    /* A header that promises far more edges than come is a short input, not an allocation. */
    expect_error("3 1500000000\n0 1\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("3 1\n0 1\n1 2\n", S, 0, GRUNDY_STATUS_PARSE, 3);
    expect_error("3 1\n\n0 3\n", S, 0, GRUNDY_STATUS_RANGE, 3);
    expect_error("3 1\n0 x\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("3 1\n0 -1\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("3 1\n0 1 2\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("3 1\n0\n", S, 0, GRUNDY_STATUS_PARSE, 2);
    expect_error("3 1\n0 99999999999999999999\n", S, 0, GRUNDY_STATUS_RANGE, 2);
    expect_error("3x 1\n", S, 0, GRUNDY_STATUS_PARSE, 1);
    expect_error("1000 10\n", S, 1000, GRUNDY_STATUS_LIMIT, 1);
    expect_error("5000000000 0\n", S, UINT64_MAX, GRUNDY_STATUS_LIMIT, 1);
    expect_error("0 1\n1 2\n#\n5 7\n", E, 100, GRUNDY_STATUS_LIMIT, 4);
    expect_error("0 1\n4294967295 0\n", E, 0, GRUNDY_STATUS_RANGE, 2);
}

/* Labels of g (with and without remoteness) against wanted outcomes and remoteness. */
static void expect_labels(const grundy_graph *g, const grundy_outcome *want, const uint32_t *rem,
                          uint32_t n, uint64_t seed, const char *what) {
    for (int with_rem = 0; with_rem < 2; with_rem++) {
        grundy_graph_labels l;
        CHECK_EQ(grundy_graph_label(g, with_rem, &l), GRUNDY_STATUS_OK);
        uint32_t bad = 0;
        for (uint32_t u = 0; u < n; u++) {
            const int ok = grundy_retro_outcome_get(l.outcomes, u) == want[u] &&
                           (!with_rem || l.remoteness[u] == rem[u]);
            if (!ok && bad++ == 0) {
                fprintf(stderr, "seed %llu: %s, vertex %u\n", (unsigned long long)seed, what, u);
            }
        }
        CHECK_U64(bad, 0);
        grundy_graph_labels_free(&l);
    }
}

/* Every edge of a small graph repeated 300 times: the same labels and remoteness (a multi-edge is
 * one more move to the same place), but out-degrees past 255, so the 4-byte counters run. */
static void test_heavy(uint64_t seed, int rounds) {
    enum { REP = 300 };
    check_rng rng = {seed ^ 0x5eedu};
    uint32_t *const from = malloc(sizeof(uint32_t) * MAXM * REP);
    uint32_t *const to = malloc(sizeof(uint32_t) * MAXM * REP);
    for (int r = 0; r < rounds && from != NULL && to != NULL; r++) {
        small_graph s;
        random_graph(&rng, &s);
        for (uint32_t i = 0; i < s.m * REP; i++) {
            from[i] = s.from[i % s.m];
            to[i] = s.to[i % s.m];
        }
        grundy_outcome want[MAXN];
        uint32_t rem[MAXN];
        naive_wld(&s, want);
        naive_remoteness(&s, rem);
        grundy_graph *g = NULL;
        CHECK_EQ(grundy_graph_create(&g, s.n, (uint64_t)s.m * REP, from, to), GRUNDY_STATUS_OK);
        if (g != NULL) {
            expect_labels(g, want, rem, s.n, seed, "heavy");
        }
        grundy_graph_destroy(g);
    }
    free(from);
    free(to);
}

/* An independent reference for graphs too big for the fixpoint: the seed's queue algorithm over
 * an adjacency built here, remoteness by levels of the queue. */
static void queue_reference(uint32_t n, uint32_t m, const uint32_t *from, const uint32_t *to,
                            grundy_outcome *o, uint32_t *rem) {
    uint32_t *const off = calloc((size_t)n + 1, sizeof *off);
    uint32_t *const pred = malloc(sizeof *pred * (m + 1u));
    uint32_t *const cnt = calloc(n, sizeof *cnt);
    uint32_t *const q = malloc(sizeof *q * n);
    for (uint32_t i = 0; i < m; i++) {
        off[to[i]]++;
        cnt[from[i]]++; /* out-degrees: the moves not yet known to lose */
    }
    for (uint32_t v = 0, sum = 0; v <= n; v++) {
        const uint32_t c = v < n ? off[v] : 0;
        off[v] = sum;
        sum += c;
    }
    uint32_t *const fill = calloc(n, sizeof *fill);
    for (uint32_t i = 0; i < m; i++) {
        pred[off[to[i]] + fill[to[i]]++] = from[i];
    }
    uint32_t tail = 0;
    for (uint32_t v = 0; v < n; v++) {
        o[v] = cnt[v] == 0 ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_DRAW;
        rem[v] = cnt[v] == 0 ? 0 : GRUNDY_REMOTENESS_NONE;
        if (cnt[v] == 0) {
            q[tail++] = v;
        }
    }
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t v = q[head];
        for (uint32_t i = off[v]; i < off[v + 1]; i++) {
            const uint32_t u = pred[i];
            if (o[u] != GRUNDY_OUTCOME_DRAW) {
                continue;
            }
            if (o[v] == GRUNDY_OUTCOME_LOSE || --cnt[u] == 0) {
                o[u] = o[v] == GRUNDY_OUTCOME_LOSE ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE;
                rem[u] = rem[v] + 1;
                q[tail++] = u;
            }
        }
    }
    free(off);
    free(pred);
    free(cnt);
    free(q);
    free(fill);
}

/* Medium graphs (thousands of vertices, so the core's pipelined loop and its switch to the plain
 * loop on local stretches run): a subtraction game on a line, with some random edges and in half
 * the rounds a hub of 300 out-edges (4-byte counters), against queue_reference. */
static void test_medium(uint64_t seed, int rounds) {
    check_rng rng = {seed ^ 0x3ed1u};
    enum { N = 6000, M = 6 * N + 300 };
    uint32_t *const from = malloc(sizeof(uint32_t) * M), *const to = malloc(sizeof(uint32_t) * M);
    grundy_outcome *const want = malloc(sizeof *want * N);
    uint32_t *const rem = malloc(sizeof *rem * N);
    for (int r = 0; r < rounds && from && to && want && rem; r++) {
        const uint32_t n = N - (uint32_t)check_rng_below(&rng, 100);
        const uint64_t random_pct = check_rng_below(&rng, 3) * 20; /* 0, 20 or 40 % */
        uint32_t m = 0;
        for (uint32_t h = 0; h < n; h++) {
            for (uint32_t k = 1; k <= 3; k++) {
                const int rnd = check_rng_below(&rng, 100) < random_pct;
                if (rnd || h >= 2 * k - 1) {
                    from[m] = h;
                    to[m++] = rnd ? (uint32_t)check_rng_below(&rng, n) : h - (2 * k - 1);
                }
            }
            if (h % 7 == 3 && h + 2 < n) {
                from[m] = h;
                to[m++] = h + 2; /* cycles */
            }
        }
        for (uint32_t i = 0; r % 2 == 1 && i < 300; i++) {
            from[m] = n / 2;
            to[m++] = (uint32_t)check_rng_below(&rng, n);
        }
        queue_reference(n, m, from, to, want, rem);
        grundy_graph *g = NULL;
        CHECK_EQ(grundy_graph_create(&g, n, m, from, to), GRUNDY_STATUS_OK);
        if (g != NULL) {
            expect_labels(g, want, rem, n, seed, "medium");
        }
        grundy_graph_destroy(g);
    }
    free(from);
    free(to);
    free(want);
    free(rem);
}

/* ---- Big cycle-free parts beside cycles (the cycle-free pass of sg.c) ----------------------- */

enum { BIG_N = 260, BIG_M = 20200 };

typedef struct big_graph {
    uint32_t n, m;
    uint32_t from[BIG_M], to[BIG_M];
} big_graph;

static void big_edge(big_graph *b, uint32_t u, uint32_t v) {
    if (b->m < BIG_M) {
        b->from[b->m] = u;
        b->to[b->m++] = v;
    }
}

/* Smith's steps 1-4 as written, for graphs too big for naive_smith: the same sequential "while
 * some u qualifies" sweeps, with "has a follower labelled m" kept in flags set as labels are
 * given (O((n + rounds) * m)). */
static void naive_smith_big(const big_graph *b, uint32_t *lab) {
    uint32_t *const off = calloc((size_t)b->n + 1, sizeof *off);
    uint32_t *const succ = malloc(sizeof *succ * (b->m + 1u));
    uint8_t *const hf = malloc(b->n);
    for (uint32_t i = 0; i < b->m; i++) {
        off[b->from[i] + 1]++;
    }
    for (uint32_t v = 0; v < b->n; v++) {
        off[v + 1] += off[v];
        lab[v] = UNL;
    }
    for (uint32_t i = 0, *fill = off; i < b->m; i++) {
        succ[fill[b->from[i]]++] = b->to[i];
    }
    for (uint32_t v = b->n; v > 0; v--) { /* undo the fill shift */
        off[v] = off[v - 1];
    }
    off[0] = 0;
    for (uint32_t m = 0;; m++) {
        memset(hf, 0, b->n); /* nothing is labelled m yet */
        for (int changed = 1; changed;) {
            changed = 0;
            for (uint32_t u = 0; u < b->n; u++) {
                int ok = lab[u] == UNL && !hf[u];
                for (uint32_t j = off[u]; ok && j < off[u + 1]; j++) {
                    const uint32_t v = succ[j];
                    ok = (lab[v] != UNL && lab[v] != INF) || hf[v];
                }
                if (ok) {
                    lab[u] = m;
                    changed = 1;
                    for (uint32_t i = 0; i < b->m; i++) {
                        hf[b->from[i]] |= b->to[i] == u;
                    }
                }
            }
        }
        int left = 0;
        for (uint32_t u = 0; u < b->n; u++) {
            if (lab[u] == UNL && !hf[u]) {
                lab[u] = INF;
            }
            left |= lab[u] == UNL;
        }
        if (!left) {
            break;
        }
    }
    free(off);
    free(succ);
    free(hf);
}

/* Cycle-free blocks on ids 0..d-1 (edges only to lower ids): chains (some with skips) and complete
 * DAGs of 30-60 vertices (a few edges dropped), sometimes an edge into an earlier block; then a
 * part with cycles and self-loops on d..n-1 with edges anywhere, hubs into whole blocks, and a few
 * block vertices given an edge into it (they and their predecessors can then reach a cycle).
 * Last, ids are shuffled. */
static void mixed_graph(check_rng *rng, big_graph *b) {
    b->m = 0;
    uint32_t d = 0, block_lo[3], block_hi[3];
    const uint32_t blocks = 1 + (uint32_t)check_rng_below(rng, 3);
    for (uint32_t k = 0; k < blocks; k++) {
        const int chain = check_rng_below(rng, 3) == 0;
        const uint32_t len = 30 + (uint32_t)check_rng_below(rng, 31);
        block_lo[k] = d;
        for (uint32_t i = d; i < d + len; i++) {
            for (uint32_t j = chain ? (i > d + 2 ? i - 2 : d) : d; j < i; j++) {
                if (chain ? (j == i - 1 || check_rng_below(rng, 3) == 0)
                          : check_rng_below(rng, 20) != 0) {
                    big_edge(b, i, j);
                }
            }
            if (d > 0 && check_rng_below(rng, 8) == 0) {
                big_edge(b, i, (uint32_t)check_rng_below(rng, d));
            }
        }
        d += len;
        block_hi[k] = d;
    }
    const uint32_t c = 3 + (uint32_t)check_rng_below(rng, 38);
    b->n = d + c;
    for (uint32_t e = 0, ce = (uint32_t)check_rng_below(rng, 3 * c); e < ce; e++) {
        const uint32_t u = d + (uint32_t)check_rng_below(rng, c);
        const uint64_t r = check_rng_below(rng, 10);
        big_edge(b, u,
                 r == 0  ? u
                 : r < 4 ? (uint32_t)check_rng_below(rng, d)
                         : d + (uint32_t)check_rng_below(rng, c));
    }
    for (uint32_t h = 0, hubs = (uint32_t)check_rng_below(rng, 4); h < hubs; h++) {
        const uint32_t u = d + (uint32_t)check_rng_below(rng, c),
                       k = (uint32_t)check_rng_below(rng, blocks);
        for (uint32_t v = block_lo[k]; v < block_hi[k]; v++) {
            big_edge(b, u, v);
        }
    }
    for (uint32_t t = 0, taints = (uint32_t)check_rng_below(rng, 4); t < taints; t++) {
        big_edge(b, (uint32_t)check_rng_below(rng, d), d + (uint32_t)check_rng_below(rng, c));
    }
    uint32_t perm[BIG_N];
    for (uint32_t v = 0; v < b->n; v++) {
        const uint32_t j = (uint32_t)check_rng_below(rng, v + 1);
        perm[v] = perm[j];
        perm[j] = v;
    }
    for (uint32_t i = 0; i < b->m; i++) {
        b->from[i] = perm[b->from[i]];
        b->to[i] = perm[b->to[i]];
    }
}

/* Which vertices can reach a cycle, by the fixpoint "cycle-free iff every follower is". */
static void naive_reaches_cycle(const big_graph *b, uint8_t *loopy) {
    memset(loopy, 1, b->n);
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t u = 0; u < b->n; u++) {
            int all_free = loopy[u];
            for (uint32_t i = 0; all_free && i < b->m; i++) {
                all_free = b->from[i] != u || !loopy[b->to[i]];
            }
            if (all_free) {
                loopy[u] = 0;
                changed = 1;
            }
        }
    }
}

/* gamma of every vertex of b against naive_smith_big; returns how many vertices that can reach a
 * cycle got a finite value above every value of the cycle-free ones (the rounds past them). */
static uint32_t check_sg_big(const big_graph *b, uint64_t seed, const char *what) {
    static uint32_t lab[BIG_N];
    static uint8_t loopy[BIG_N];
    naive_smith_big(b, lab);
    naive_reaches_cycle(b, loopy);
    grundy_graph *g = NULL;
    grundy_graph_sg *sg = NULL;
    CHECK_EQ(grundy_graph_create(&g, b->n, b->m, b->from, b->to), GRUNDY_STATUS_OK);
    CHECK_EQ(g == NULL ? GRUNDY_STATUS_NOMEM : grundy_graph_sg_compute(g, &sg), GRUNDY_STATUS_OK);
    uint32_t bad = 0, top_free = 0, above = 0;
    for (uint32_t u = 0; sg != NULL && u < b->n; u++) {
        uint32_t a = INF;
        const uint32_t got = grundy_graph_sg_finite(sg, u, &a) ? a : INF;
        if (got != lab[u] && bad++ == 0) {
            fprintf(stderr, "seed %llu: %s, vertex %u: %u, want %u\n", (unsigned long long)seed,
                    what, u, got, lab[u]);
        }
        CHECK(loopy[u] || lab[u] != INF); /* a cycle-free vertex has a finite value */
        top_free = !loopy[u] && lab[u] > top_free ? lab[u] : top_free;
    }
    for (uint32_t u = 0; u < b->n; u++) {
        above += loopy[u] && lab[u] != INF && lab[u] > top_free;
    }
    CHECK_U64(bad, 0);
    grundy_graph_sg_destroy(sg);
    grundy_graph_destroy(g);
    return above;
}

static void test_sg_mixed(uint64_t seed, int rounds) {
    check_rng rng = {seed ^ 0x5a11u};
    static big_graph b;
    uint32_t above = 0;
    for (int r = 0; r < rounds; r++) {
        mixed_graph(&rng, &b);
        above += check_sg_big(&b, seed, "mixed");
    }
    /* The rounds must go on past the largest value of the cycle-free part when a vertex on the
     * cycles still waits for its value: the generator makes that happen (hubs into a block). */
    CHECK(above > 0);
}

/* Nim as a graph: vertex i moves to every j < i, so gamma(i) = i (all cycle-free); then one more
 * vertex with a self-loop and a move to each: infinite, K = {0..199}. */
static void test_sg_nim(uint64_t seed) {
    enum { NIM = 200 };
    static big_graph b;
    b.m = 0;
    b.n = NIM + 1;
    for (uint32_t i = 0; i <= NIM; i++) {
        for (uint32_t j = 0; j < i; j++) {
            big_edge(&b, i, j);
        }
    }
    big_edge(&b, NIM, NIM);
    for (uint32_t pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            b.n = NIM; /* the plain Nim graph: drop the last vertex and its edges */
            b.m -= NIM + 1;
        }
        grundy_graph *g = NULL;
        grundy_graph_sg *sg = NULL;
        CHECK_EQ(grundy_graph_create(&g, b.n, b.m, b.from, b.to), GRUNDY_STATUS_OK);
        CHECK_EQ(g == NULL ? GRUNDY_STATUS_NOMEM : grundy_graph_sg_compute(g, &sg),
                 GRUNDY_STATUS_OK);
        uint32_t bad = 0;
        for (uint32_t i = 0; sg != NULL && i < NIM; i++) {
            uint32_t a = INF;
            bad += !grundy_graph_sg_finite(sg, i, &a) || a != i;
        }
        CHECK_U64(bad, 0);
        if (sg != NULL && pass == 0) {
            uint32_t a;
            size_t kn;
            CHECK(!grundy_graph_sg_finite(sg, NIM, &a));
            const uint32_t *const k = grundy_graph_sg_inf_set(sg, NIM, &kn);
            CHECK(kn == NIM && k[0] == 0 && k[NIM - 1] == NIM - 1);
            CHECK_EQ(grundy_graph_sg_outcome(sg, NIM), GRUNDY_OUTCOME_WIN);
        }
        grundy_graph_sg_destroy(sg);
        grundy_graph_destroy(g);
    }
    check_sg_big(&b, seed, "nim"); /* also against the naive labelling */
}

int main(void) {
    const uint64_t seed = check_seed(20240611);
    printf("test_graph: seed %llu (GRUNDY_TEST_SEED to replay)\n", (unsigned long long)seed);
    test_random(seed, 3000);
    test_heavy(seed, 300);
    test_medium(seed, 40);
    test_sg_mixed(seed, 60);
    test_sg_nim(seed);
    test_reader();
    return check_report("test_graph");
}
