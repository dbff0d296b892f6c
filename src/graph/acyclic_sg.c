/* SPDX-License-Identifier: MIT */
/*
 * The cycle-free part of a graph first: there the generalized Sprague-Grundy value is the ordinary
 * one, mex of the followers' values (Smith 1966; Fraenkel and Yesha 1986), and costs one pass, so
 * Smith's rounds (sg.c) only run on the vertices that can reach a cycle.
 */
#include "graph/acyclic_sg.h"

/* mex of v's followers' values, all known. A value is below n (a vertex valued k has followers
 * valued 0..k-1, k distinct vertices), so seen[] has room for each; stamp v + 1 marks the values
 * seen for v, and seen[] never needs clearing. O(out-degree of v). */
static uint32_t mex_of_followers(const grundy_graph *g, const uint32_t *value, uint32_t *seen,
                                 uint32_t v) {
    const uint32_t stamp = v + 1;
    const uint32_t *const s = g->fwd + g->fwd_off[v];
    const uint32_t deg = g->fwd_off[v + (size_t)1] - g->fwd_off[v];
    for (uint32_t j = 0; j < deg; j++) {
        seen[value[s[j]]] = stamp;
    }
    uint32_t x = 0;
    while (seen[x] == stamp) {
        x++;
    }
    return x;
}

uint32_t grundy_graph_sg_acyclic(const grundy_graph *g, uint32_t *value, uint32_t *pending,
                                 uint32_t *order, uint32_t *seen) {
    const uint32_t n = g->n;
    uint32_t tail = 0;
    for (uint32_t v = 0; v < n; v++) {
        pending[v] = g->out_degree[v];
        seen[v] = 0;
        if (pending[v] == 0) {
            order[tail++] = v;
        }
    }
    seen[n] = 0;
    /* Counted per edge, so multi-edges are right and a self-loop keeps its vertex out for good:
     * v is made ready iff every follower was, i.e. iff no cycle is reachable from v. */
    for (uint32_t head = 0; head < tail; head++) {
        const uint32_t v = order[head];
        value[v] = mex_of_followers(g, value, seen, v);
        const uint32_t *const p = g->rev + g->rev_off[v];
        const uint32_t pc = g->rev_off[v + (size_t)1] - g->rev_off[v];
        for (uint32_t j = 0; j < pc; j++) {
            if (--pending[p[j]] == 0) {
                order[tail++] = p[j];
            }
        }
    }
    return tail;
}
