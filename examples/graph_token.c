/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 5, a token on a directed graph: a move follows an out-edge, no move loses, a
 * game that never ends is a draw. Input: n m, then m lines u v. Output: one line of n characters
 * W, L or D. Retrograde analysis labels the vertices from the ones without a move. */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    grundy_graph *graph = NULL;
    grundy_graph_labels labels = {0};
    grundy_diag diag;
    grundy_status st = grundy_graph_read(stdin, NULL, &graph, &diag);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "graph_token: line %zu: %s\n", diag.line, diag.message);
        return 3;
    }
    st = grundy_graph_label(graph, 0, &labels);
    for (uint64_t v = 0; st == GRUNDY_STATUS_OK && v < labels.n; v++) {
        const grundy_outcome o = grundy_retro_outcome_get(labels.outcomes, v);
        putchar(o == GRUNDY_OUTCOME_WIN ? 'W' : o == GRUNDY_OUTCOME_LOSE ? 'L' : 'D');
    }
    putchar('\n');
    grundy_graph_labels_free(&labels);
    grundy_graph_destroy(graph);
    return st == GRUNDY_STATUS_OK ? 0 : 4;
}
