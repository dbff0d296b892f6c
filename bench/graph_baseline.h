/* SPDX-License-Identifier: MIT */
/* The seed's straightforward retrograde algorithm (problem set, problem 5), transcribed to C as
 * the benchmark baseline: one growable predecessor array per vertex (vector<vector<int>>), int
 * labels and counters, a FIFO queue of ints. */
#ifndef GRUNDY_BENCH_GRAPH_BASELINE_H
#define GRUNDY_BENCH_GRAPH_BASELINE_H

#include <stdint.h>
#include <stdio.h>

typedef struct baseline_vec {
    int *data;
    int len, cap;
} baseline_vec;

typedef struct baseline_graph {
    int n;
    baseline_vec *pred; /* pred[v] lists u once for every edge u -> v */
    int *cnt;           /* out-degree (the seed's cnt before the queue runs) */
} baseline_graph;

/* Build from edge arrays, pushing back one edge at a time; 0 on success. */
int baseline_build(baseline_graph *g, int n, uint64_t m, const uint32_t *from, const uint32_t *to);
/* Read "n m" and m lines "u v" with fscanf (the seed's cin >>); 0 on success. */
int baseline_read(baseline_graph *g, FILE *in);
/* Label: lab[v] = 1 W, 2 L, 0 D. Uses a copy of cnt, so it can run again. */
int baseline_label(const baseline_graph *g, int *lab);
void baseline_free(baseline_graph *g);

#endif
