/* SPDX-License-Identifier: MIT */
/* Sums of tokens on a graph from generalized Sprague-Grundy values (Smith 1966): finite parts
 * xor; a + infinity(K) = infinity(K xor a); two infinite parts make infinity of the empty set. */
#include "graph/graph_impl.h"

/* Whether x is in the ascending set k[0..kn-1]. */
static int set_has(const uint32_t *k, size_t kn, uint32_t x) {
    size_t lo = 0, hi = kn;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (k[mid] < x) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo < kn && k[lo] == x;
}

grundy_status grundy_graph_sum_outcome(const grundy_graph_sg *sg, const uint32_t *tokens, size_t k,
                                       grundy_outcome *out) {
    uint32_t a = 0;
    size_t infinite = 0;
    uint32_t inf_vertex = 0;
    for (size_t i = 0; i < k; i++) {
        uint32_t x;
        if (tokens[i] >= grundy_graph_sg_vertex_count(sg)) {
            return GRUNDY_STATUS_RANGE;
        }
        if (grundy_graph_sg_finite(sg, tokens[i], &x)) {
            a ^= x;
        } else {
            infinite++;
            inf_vertex = tokens[i];
        }
    }
    if (infinite == 0) {
        *out = a == 0 ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_WIN;
    } else if (infinite == 1) {
        /* 0 is in K xor a exactly when a is in K. */
        size_t kn;
        const uint32_t *const set = grundy_graph_sg_inf_set(sg, inf_vertex, &kn);
        *out = set_has(set, kn, a) ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_DRAW;
    } else {
        *out = GRUNDY_OUTCOME_DRAW;
    }
    return GRUNDY_STATUS_OK;
}
