/* SPDX-License-Identifier: MIT */
/*
 * The generalized Sprague-Grundy function of a graph with cycles (Smith 1966; Fraenkel and Yesha
 * 1986; loopy-games.md). Smith's round m labels m every unlabelled u with no follower labelled m
 * whose unlabelled-or-infinite followers all have a follower labelled m, as long as one exists;
 * that closure is a retrograde count in which "labelled m" plays LOSE and "has a follower
 * labelled m" plays WIN, restricted to the edges into unlabelled or infinite vertices. Then the
 * unlabelled vertices with no follower labelled m become infinite for good, and round m + 1 runs
 * on the rest. Each round costs O(edges at the still-unlabelled vertices).
 */
#include "graph/graph_impl.h"

#include <stdlib.h>
#include <string.h>

#define SG_INF        UINT32_MAX
#define SG_UNLABELLED (UINT32_MAX - 1)

struct grundy_graph_sg {
    uint32_t n;
    uint32_t *value;   /* finite value, or SG_INF */
    uint64_t *inf_off; /* n + 1: K of v is inf_set[inf_off[v] .. inf_off[v+1]) */
    uint32_t *inf_set;
};

/* Scratch of one computation. */
typedef struct sg_work {
    const grundy_graph *g;
    uint32_t *value;
    uint32_t *count;  /* per unlabelled vertex: followers not labelled finite, not yet known
                         to have a follower labelled m */
    uint8_t *has_m;   /* has a follower labelled m (this round) */
    uint32_t *active; /* the unlabelled vertices */
    uint32_t active_len;
    uint32_t *queue; /* labelled m this round, then those marked has_m (cleared after) */
    uint32_t *marked;
} sg_work;

static int open_label(uint32_t v) {
    return v == SG_UNLABELLED || v == SG_INF;
}

/* v just got a follower labelled m: its unlabelled predecessors lose one open option each, and
 * one left with none (and no follower labelled m itself) is labelled m. */
static void sg_mark(sg_work *w, uint32_t p, uint32_t m, uint32_t *qtail, uint32_t *mlen) {
    w->has_m[p] = 1;
    w->marked[(*mlen)++] = p;
    size_t pc;
    const uint32_t *const pp = grundy_graph_predecessors(w->g, p, &pc);
    for (size_t j = 0; j < pc; j++) {
        const uint32_t q = pp[j];
        if (w->value[q] == SG_UNLABELLED && --w->count[q] == 0 && !w->has_m[q]) {
            w->value[q] = m;
            w->queue[(*qtail)++] = q;
        }
    }
}

/* One round of Smith's labelling; returns 1 while unlabelled vertices remain. */
static int sg_round(sg_work *w, uint32_t m) {
    uint32_t qtail = 0, mlen = 0;
    for (uint32_t i = 0; i < w->active_len; i++) {
        const uint32_t u = w->active[i];
        size_t sc;
        const uint32_t *const s = grundy_graph_successors(w->g, u, &sc);
        uint32_t c = 0;
        for (size_t j = 0; j < sc; j++) {
            c += open_label(w->value[s[j]]) ? 1u : 0u;
        }
        w->count[u] = c;
    }
    /* Labelled only after every count is taken: a vertex labelled m is no longer open. */
    for (uint32_t i = 0; i < w->active_len; i++) {
        if (w->count[w->active[i]] == 0) {
            w->value[w->active[i]] = m;
            w->queue[qtail++] = w->active[i];
        }
    }
    for (uint32_t head = 0; head < qtail; head++) {
        size_t pc;
        const uint32_t *const pp = grundy_graph_predecessors(w->g, w->queue[head], &pc);
        for (size_t j = 0; j < pc; j++) {
            if (open_label(w->value[pp[j]]) && !w->has_m[pp[j]]) {
                sg_mark(w, pp[j], m, &qtail, &mlen);
            }
        }
    }
    uint32_t keep = 0;
    for (uint32_t i = 0; i < w->active_len; i++) {
        const uint32_t u = w->active[i];
        if (w->value[u] == SG_UNLABELLED) {
            if (w->has_m[u]) {
                w->active[keep++] = u;
            } else {
                w->value[u] = SG_INF;
            }
        }
    }
    w->active_len = keep;
    for (uint32_t i = 0; i < mlen; i++) {
        w->has_m[w->marked[i]] = 0;
    }
    return keep != 0;
}

static int cmp_u32(const void *a, const void *b) {
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Step 5: K(v) = the finite values among v's followers, sorted and without repeats. */
static grundy_status sg_inf_sets(grundy_graph_sg *sg, const grundy_graph *g) {
    uint64_t total = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        total += sg->value[v] == SG_INF ? g->out_degree[v] : 0;
    }
    sg->inf_off = malloc(((size_t)g->n + 1) * sizeof *sg->inf_off);
    sg->inf_set = malloc(total == 0 ? 1 : (size_t)total * sizeof *sg->inf_set);
    if (sg->inf_off == NULL || sg->inf_set == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    uint64_t at = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        sg->inf_off[v] = at;
        if (sg->value[v] != SG_INF) {
            continue;
        }
        size_t sc;
        const uint32_t *const s = grundy_graph_successors(g, v, &sc);
        uint32_t *const k = sg->inf_set + at;
        size_t kn = 0;
        for (size_t j = 0; j < sc; j++) {
            if (sg->value[s[j]] != SG_INF) {
                k[kn++] = sg->value[s[j]];
            }
        }
        qsort(k, kn, sizeof *k, cmp_u32);
        size_t uniq = 0;
        for (size_t j = 0; j < kn; j++) {
            if (uniq == 0 || k[uniq - 1] != k[j]) {
                k[uniq++] = k[j];
            }
        }
        at += uniq;
    }
    sg->inf_off[g->n] = at;
    return GRUNDY_STATUS_OK;
}

static grundy_status sg_label(sg_work *w) {
    const uint32_t n = w->g->n;
    for (uint32_t v = 0; v < n; v++) {
        w->value[v] = SG_UNLABELLED;
        w->active[v] = v;
    }
    w->active_len = n;
    memset(w->has_m, 0, n);
    for (uint32_t m = 0; w->active_len != 0; m++) {
        if (m == SG_UNLABELLED || !sg_round(w, m)) {
            break;
        }
    }
    return w->active_len == 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_LIMIT;
}

grundy_status grundy_graph_sg_compute(grundy_graph *g, grundy_graph_sg **out) {
    grundy_status st = grundy_graph_build_forward(g);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    grundy_graph_sg *const sg = calloc(1, sizeof *sg);
    const size_t n1 = (size_t)g->n + 1;
    sg_work w = {g, NULL,           malloc(n1 * 4), malloc(n1), malloc(n1 * 4),
                 0, malloc(n1 * 4), malloc(n1 * 4)};
    st = GRUNDY_STATUS_NOMEM;
    if (sg != NULL && (sg->value = malloc(n1 * 4)) != NULL && w.count && w.has_m && w.active &&
        w.queue && w.marked) {
        sg->n = g->n;
        w.value = sg->value;
        st = sg_label(&w);
        if (st == GRUNDY_STATUS_OK) {
            st = sg_inf_sets(sg, g);
        }
    }
    free(w.count);
    free(w.has_m);
    free(w.active);
    free(w.queue);
    free(w.marked);
    if (st != GRUNDY_STATUS_OK) {
        grundy_graph_sg_destroy(sg);
        return st;
    }
    *out = sg;
    return GRUNDY_STATUS_OK;
}

void grundy_graph_sg_destroy(grundy_graph_sg *sg) {
    if (sg != NULL) {
        free(sg->value);
        free(sg->inf_off);
        free(sg->inf_set);
        free(sg);
    }
}

uint64_t grundy_graph_sg_vertex_count(const grundy_graph_sg *sg) {
    return sg->n;
}

int grundy_graph_sg_finite(const grundy_graph_sg *sg, uint32_t v, uint32_t *value) {
    if (sg->value[v] == SG_INF) {
        return 0;
    }
    *value = sg->value[v];
    return 1;
}

const uint32_t *grundy_graph_sg_inf_set(const grundy_graph_sg *sg, uint32_t v, size_t *count) {
    if (sg->value[v] != SG_INF) {
        *count = 0;
        return NULL;
    }
    *count = (size_t)(sg->inf_off[v + (size_t)1] - sg->inf_off[v]);
    return sg->inf_set + sg->inf_off[v];
}

grundy_outcome grundy_graph_sg_outcome(const grundy_graph_sg *sg, uint32_t v) {
    uint32_t x;
    if (grundy_graph_sg_finite(sg, v, &x)) {
        return x == 0 ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_WIN;
    }
    size_t kn;
    const uint32_t *const k = grundy_graph_sg_inf_set(sg, v, &kn);
    return kn != 0 && k[0] == 0 ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_DRAW;
}
