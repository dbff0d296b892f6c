/* SPDX-License-Identifier: MIT */
/*
 * The generalized Sprague-Grundy function of a graph with cycles (Smith 1966; Fraenkel and Yesha
 * 1986; loopy-games.md), in two parts.
 *
 * First the cycle-free part A (acyclic_sg.c): the vertices from which no cycle can be reached, with
 * their ordinary Sprague-Grundy values s(v) = mex of the followers' values, in O(vertices + edges).
 * A is closed under followers, so every predecessor of a vertex outside A is outside A.
 *
 * Then Smith's rounds on the rest, B, with A labelled from the start. Round m of Smith's labelling
 * is the win/lose/draw analysis of the game H_m on the vertices not labelled finite before round m
 * (moves to vertices labelled below m deleted), in which an infinite vertex never loses (as if it
 * had one more move, to a draw): "no follower labelled m, and every unlabelled or infinite follower
 * has a follower labelled m" says every move of u leads to a win, i.e. u loses, and "has a follower
 * labelled m" is a win. That solution is unique, so a retrograde count finds it in any order
 * ("labelled m" plays LOSE, "has a follower labelled m" WIN; a vertex whose count of open followers
 * not yet known to win reaches 0 loses unless it already wins, which it cannot: each of its open
 * followers wins, so none is labelled m). Step 3 makes infinite the unlabelled vertices that are
 * draws of H_m.
 *
 * Why Smith's labelling gives every v in A the value s(v), in round s(v), and never infinity: by
 * induction on m, let the A-vertices valued below m be labelled so and the others be unlabelled
 * when round m starts. In H_m the A-vertices left are those valued >= m, and their moves stay in A.
 * By induction on the height in the finite DAG A, one valued m has all of its remaining followers
 * valued above m, each with a follower valued m (mex) that loses, so they win and it loses: it is
 * labelled m; one valued above m has a follower valued m, so it wins and stays unlabelled.
 *
 * Why the rounds on B alone label B as Smith's labelling does: the status of a B-vertex in H_m
 * depends on A only through its A-followers. One valued below m is deleted in both versions. One
 * valued m loses in H_m, so its predecessors win: here they are marked "has a follower labelled m"
 * before any vertex is labelled m, as every follower valued m is known from the start (so no vertex
 * with such a follower is labelled m, by a count of 0 or later). One valued above m wins in H_m:
 * Smith's count holds it as an open follower until it is found to have a follower labelled m;
 * here it is left out of the counts from the start. A move to a winning position never changes the
 * mover's outcome (it gives him no win, and it does not stop his other moves all leading to wins;
 * by induction on remoteness), so deleting those moves leaves every win, loss and draw of H_m as it
 * was. So the same B-vertices
 * are labelled m, marked, and made infinite, round after round, and step 5 reads the same labels.
 *
 * Stopping: Smith's labelling runs until no vertex is unlabelled; once B is labelled its further
 * rounds only label A-vertices, which hold their values already. Every round m from 0 up is run
 * while a B-vertex is unlabelled, none skipped, so a B-vertex can still get any finite value, also
 * one above every value of A.
 *
 * Cost: O(vertices + edges) for A and for step 5; round m costs O(unlabelled B-vertices + edges
 * into the vertices labelled or marked in it + edges into the A-vertices valued m). A B-vertex's
 * count of open B-followers is kept across rounds (less one per edge into a vertex labelled
 * finite), so no round reads forward rows: a Nim graph, all in A, costs O(edges) instead of
 * O(vertices * edges).
 */
#include "graph/acyclic_sg.h"

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
    uint32_t *open;   /* per B-vertex: edges into B-vertices not labelled finite (kept across
                         rounds); first the pending counts of the cycle-free pass */
    uint32_t *count;  /* per unlabelled vertex: open followers not yet known to have a follower
                         labelled m (this round) */
    uint8_t *has_m;   /* has a follower labelled m (this round) */
    uint32_t *active; /* the unlabelled B-vertices; by_value lies past the first round's ones */
    uint32_t active_len;
    const uint32_t *by_value; /* the A-vertices, ascending by value */
    uint32_t a_len, a_at;     /* how many; the first not yet valued below the round */
    uint32_t *queue;          /* the vertices labelled m this round */
    uint32_t *marked;         /* those given has_m this round (cleared after) */
} sg_work;

static int open_label(uint32_t v) {
    return v == SG_UNLABELLED || v == SG_INF;
}

/* p has a follower labelled m: its unlabelled predecessors lose one open option each, and one
 * left with none (and no follower labelled m itself) is labelled m. */
static void sg_spread(sg_work *w, uint32_t p, uint32_t m, uint32_t *qtail) {
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

static void sg_flag(sg_work *w, uint32_t p, uint32_t *mlen) {
    w->has_m[p] = 1;
    w->marked[(*mlen)++] = p;
}

/* Mark the open predecessors of the A-vertices valued m (all of them known before the round). */
static uint32_t sg_flag_from_acyclic(sg_work *w, uint32_t m) {
    uint32_t mlen = 0;
    for (; w->a_at < w->a_len && w->value[w->by_value[w->a_at]] == m; w->a_at++) {
        size_t pc;
        const uint32_t *const pp = grundy_graph_predecessors(w->g, w->by_value[w->a_at], &pc);
        for (size_t j = 0; j < pc; j++) {
            if (open_label(w->value[pp[j]]) && !w->has_m[pp[j]]) {
                sg_flag(w, pp[j], &mlen);
            }
        }
    }
    return mlen;
}

/* Unlabelled vertices turn infinite when no follower is labelled m (step 3); clear the marks. */
static int sg_finish_round(sg_work *w, uint32_t mlen) {
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

/* One round of Smith's labelling on B; returns 1 while unlabelled vertices remain. */
static int sg_round(sg_work *w, uint32_t m) {
    uint32_t qtail = 0;
    for (uint32_t i = 0; i < w->active_len; i++) {
        w->count[w->active[i]] = w->open[w->active[i]];
    }
    uint32_t mlen = sg_flag_from_acyclic(w, m);
    const uint32_t from_acyclic = mlen;
    /* Labelled only after every count is taken and every A-follower valued m is marked. */
    for (uint32_t i = 0; i < w->active_len; i++) {
        const uint32_t u = w->active[i];
        if (w->count[u] == 0 && !w->has_m[u]) {
            w->value[u] = m;
            w->queue[qtail++] = u;
        }
    }
    for (uint32_t i = 0; i < from_acyclic; i++) {
        sg_spread(w, w->marked[i], m, &qtail);
    }
    for (uint32_t head = 0; head < qtail; head++) {
        size_t pc;
        const uint32_t *const pp = grundy_graph_predecessors(w->g, w->queue[head], &pc);
        for (size_t j = 0; j < pc; j++) {
            w->open[pp[j]]--; /* the edge now leads to a finite label, for good */
            if (open_label(w->value[pp[j]]) && !w->has_m[pp[j]]) {
                sg_flag(w, pp[j], &mlen);
                sg_spread(w, pp[j], m, &qtail);
            }
        }
    }
    return sg_finish_round(w, mlen);
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

/* The A-vertices (order[0..a_len), each valued) sorted by value into `out`, by counting with
 * `hist` (n + 1 entries: every value is below n). */
static void sg_sort_acyclic(const uint32_t *value, const uint32_t *order, uint32_t a_len,
                            uint32_t *hist, uint32_t *out) {
    if (a_len == 0) {
        return;
    }
    uint32_t top = 0;
    for (uint32_t i = 0; i < a_len; i++) {
        top = value[order[i]] > top ? value[order[i]] : top;
    }
    memset(hist, 0, ((size_t)top + 2) * sizeof *hist);
    for (uint32_t i = 0; i < a_len; i++) {
        hist[value[order[i]] + 1]++;
    }
    for (uint32_t x = 0; x <= top; x++) {
        hist[x + 1] += hist[x];
    }
    for (uint32_t i = 0; i < a_len; i++) {
        out[hist[value[order[i]]]++] = order[i];
    }
}

static grundy_status sg_label(sg_work *w) {
    const uint32_t n = w->g->n;
    for (uint32_t v = 0; v < n; v++) {
        w->value[v] = SG_UNLABELLED;
    }
    w->a_len = grundy_graph_sg_acyclic(w->g, w->value, w->open, w->queue, w->marked);
    w->active_len = 0;
    for (uint32_t v = 0; v < n; v++) {
        if (w->value[v] == SG_UNLABELLED) {
            w->active[w->active_len++] = v;
        }
    }
    sg_sort_acyclic(w->value, w->queue, w->a_len, w->count, w->active + w->active_len);
    w->by_value = w->active + w->active_len;
    w->a_at = 0;
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
    sg_work w = {.g = g};
    w.open = malloc(n1 * 4);
    w.count = malloc(n1 * 4);
    w.has_m = malloc(n1);
    w.active = malloc(n1 * 4);
    w.queue = malloc(n1 * 4);
    w.marked = malloc(n1 * 4);
    st = GRUNDY_STATUS_NOMEM;
    if (sg != NULL && (sg->value = malloc(n1 * 4)) != NULL && w.count && w.has_m && w.active &&
        w.queue && w.marked && w.open) {
        sg->n = g->n;
        w.value = sg->value;
        st = sg_label(&w);
        if (st == GRUNDY_STATUS_OK) {
            st = sg_inf_sets(sg, g);
        }
    }
    free(w.open);
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
