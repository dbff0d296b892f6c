/* SPDX-License-Identifier: MIT */
/* Win/lose/draw and remoteness of a CSR graph: the retrograde core over its reverse rows. */
#include "graph/graph_impl.h"

#include <stdlib.h>
#include <string.h>

void grundy_graph_labels_free(grundy_graph_labels *labels) {
    if (labels != NULL) {
        free(labels->outcomes);
        free(labels->remoteness);
        labels->outcomes = NULL;
        labels->remoteness = NULL;
    }
}

grundy_status grundy_graph_label(const grundy_graph *g, int want_remoteness,
                                 grundy_graph_labels *out) {
    return grundy_graph_label_threads(g, want_remoteness, 1, out);
}

grundy_status grundy_graph_label_threads(const grundy_graph *g, int want_remoteness,
                                         unsigned threads, grundy_graph_labels *out) {
    memset(out, 0, sizeof *out);
    out->n = g->n;
    out->outcomes = grundy_graph_alloc_big((size_t)grundy_retro_outcome_bytes(g->n) + 1);
    if (want_remoteness) {
        out->remoteness = grundy_graph_alloc_big((size_t)g->n * sizeof *out->remoteness);
    }
    if (out->outcomes == NULL || (want_remoteness && out->remoteness == NULL)) {
        return GRUNDY_STATUS_NOMEM;
    }
    grundy_retro_source src;
    grundy_graph_retro_source(g, &src);
    grundy_retro_stats stats;
    grundy_retro_opts opts = GRUNDY_RETRO_OPTS_INIT;
    opts.threads = threads;
    const grundy_status st =
        grundy_retro_solve(&src, &opts, out->outcomes, out->remoteness, &stats);
    if (st == GRUNDY_STATUS_OK) {
        out->win = stats.win;
        out->lose = stats.lose;
        out->draw = stats.draw;
    }
    return st;
}
