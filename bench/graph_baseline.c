/* SPDX-License-Identifier: MIT */
/* The seed's queue algorithm in plain C (see graph_baseline.h). */
#include "graph_baseline.h"

#include <stdlib.h>
#include <string.h>

static int push(baseline_vec *v, int x) {
    if (v->len == v->cap) {
        const int cap = v->cap == 0 ? 1 : 2 * v->cap;
        int *const d = realloc(v->data, (size_t)cap * sizeof *d);
        if (d == NULL) {
            return -1;
        }
        v->data = d;
        v->cap = cap;
    }
    v->data[v->len++] = x;
    return 0;
}

static int init(baseline_graph *g, int n) {
    g->n = n;
    g->pred = calloc((size_t)n + 1, sizeof *g->pred);
    g->cnt = calloc((size_t)n + 1, sizeof *g->cnt);
    return g->pred != NULL && g->cnt != NULL ? 0 : -1;
}

int baseline_build(baseline_graph *g, int n, uint64_t m, const uint32_t *from, const uint32_t *to) {
    if (init(g, n) != 0) {
        return -1;
    }
    for (uint64_t i = 0; i < m; i++) {
        if (push(&g->pred[to[i]], (int)from[i]) != 0) {
            return -1;
        }
        g->cnt[from[i]]++;
    }
    return 0;
}

int baseline_read(baseline_graph *g, FILE *in) {
    int n, m;
    if (fscanf(in, "%d %d", &n, &m) != 2 || n < 0 || m < 0 || init(g, n) != 0) {
        return -1;
    }
    for (int i = 0; i < m; i++) {
        int u, v;
        if (fscanf(in, "%d %d", &u, &v) != 2 || push(&g->pred[v], u) != 0) {
            return -1;
        }
        g->cnt[u]++;
    }
    return 0;
}

int baseline_label(const baseline_graph *g, int *lab) {
    const int n = g->n;
    int *const cnt = malloc(((size_t)n + 1) * sizeof *cnt);
    int *const q = malloc(((size_t)n + 1) * sizeof *q);
    if (cnt == NULL || q == NULL) {
        free(cnt);
        free(q);
        return -1;
    }
    memcpy(cnt, g->cnt, (size_t)n * sizeof *cnt);
    int head = 0, tail = 0;
    for (int v = 0; v < n; v++) {
        lab[v] = 0;
        if (cnt[v] == 0) {
            lab[v] = 2;
            q[tail++] = v;
        }
    }
    while (head < tail) {
        const int v = q[head++];
        const baseline_vec *const p = &g->pred[v];
        for (int i = 0; i < p->len; i++) {
            const int u = p->data[i];
            if (lab[u] != 0) {
                continue;
            }
            if (lab[v] == 2) {
                lab[u] = 1;
                q[tail++] = u;
            } else if (--cnt[u] == 0) {
                lab[u] = 2;
                q[tail++] = u;
            }
        }
    }
    free(cnt);
    free(q);
    return 0;
}

void baseline_free(baseline_graph *g) {
    if (g->pred != NULL) {
        for (int v = 0; v < g->n; v++) {
            free(g->pred[v].data);
        }
    }
    free(g->pred);
    free(g->cnt);
}
