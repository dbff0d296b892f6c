/* SPDX-License-Identifier: MIT */
/* The CSR graph's layout, shared by the graph wing's files (not public). */
#ifndef GRUNDY_GRAPH_IMPL_H
#define GRUNDY_GRAPH_IMPL_H

#include <grundy/graph.h>

struct grundy_graph {
    uint32_t n;
    uint32_t m;
    uint32_t *out_degree; /* n */
    uint32_t *rev_off;    /* n + 1: edges into v are rev[rev_off[v] .. rev_off[v+1]) */
    uint32_t *rev;        /* m sources */
    uint32_t *fwd_off;    /* n + 1, or NULL until grundy_graph_build_forward */
    uint32_t *fwd;        /* m targets, or NULL */
};

/* Build from edge arrays the caller has checked (ids < n, n and m within the maxima). */
grundy_status grundy_graph_build(grundy_graph **out, uint32_t n, uint32_t m, const uint32_t *from,
                                 const uint32_t *to);

#endif
