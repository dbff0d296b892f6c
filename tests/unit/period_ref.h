/* SPDX-License-Identifier: MIT */
/* Test helpers shared by test_period.c and test_query.c: a naive prefix computed directly, and
 * an independent brute-force period finder (quadratic, no Z-function). */
#ifndef GRUNDY_TEST_PERIOD_REF_H
#define GRUNDY_TEST_PERIOD_REF_H

#include <grundy/grundy.h>

#include <stdlib.h>

/* g(0..n-1) by the naive engine into a malloc'd array (NULL on failure). */
static uint64_t *prefix_values(const grundy_rule *rule, uint64_t n) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    uint64_t *g = malloc((size_t)n * sizeof *g);
    opts.engine = GRUNDY_SEQ_NAIVE;
    if (g == NULL || grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK ||
        grundy_seq_extend(seq, n) != GRUNDY_STATUS_OK) {
        free(g);
        grundy_seq_destroy(seq);
        return NULL;
    }
    for (uint64_t i = 0; i < n; i++) {
        g[i] = grundy_seq_get(seq, i);
    }
    grundy_seq_destroy(seq);
    return g;
}

/* The smallest p (then smallest n0) with g(i + p) = g(i) for all i in [n0, n - p) and
 * n0 + p <= n / 2, scanning every candidate from the end. 0 when none. */
static uint64_t brute_period(const uint64_t *g, uint64_t n, uint64_t *n0) {
    for (uint64_t p = 1; p <= n / 2; p++) {
        uint64_t i = n - p;
        while (i > 0 && g[i - 1 + p] == g[i - 1]) {
            i--;
        }
        if (i + p <= n / 2) {
            *n0 = i;
            return p;
        }
    }
    return 0;
}

#endif
