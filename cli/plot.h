/* SPDX-License-Identifier: MIT */
/* grundy's pictures: a Grundy sequence (value against heap, or value frequencies) and a small game
 * graph coloured by outcome. Drawn on a plot_canvas (SVG, or PNG through cairo). */
#ifndef GRUNDY_CLI_PLOT_H
#define GRUNDY_CLI_PLOT_H

#include "plot_canvas.h"

#include <grundy/grundy.h>

/** What a sequence plot shows: g(0..to) and, when found, the period search's result. */
typedef struct plot_seq {
    const char *rule;            /* canonical form */
    const uint64_t *g;           /* g(0..to) */
    uint64_t to;                 /* the last heap */
    grundy_period_result period; /* found == 0: nothing marked */
    int freq;                    /* 1: the frequencies of the values instead */
    /* the statistics of g(0..to) (grundy_stats_of_values): the rare/common labelling of sparse
     * space drawn, the same one `grundy stats` and `grundy survey` print */
    const grundy_stats *stats;
} plot_seq;

/** Draw the sequence plot (c opened at PLOT_SEQ_WIDTH x PLOT_SEQ_HEIGHT). @return 0, or -1
 *  with errno ENOMEM (its scratch: the picture is incomplete, abandon it). */
int plot_sequence(plot_canvas *c, const plot_seq *s);
#define PLOT_SEQ_WIDTH  960.0
#define PLOT_SEQ_HEIGHT 540.0

/** A graph plot's input: n vertices, m edges u -> v, outcomes (0 draw, 1 lose, 2 win) and
 *  remoteness (UINT32_MAX for a draw). */
typedef struct plot_graph_data {
    uint32_t n;
    uint64_t m;
    const uint32_t *from, *to;
    const unsigned char *outcome;
    const uint32_t *remoteness;
} plot_graph_data;

/** The most vertices `graph --plot` draws. */
#define PLOT_GRAPH_MAX_VERTICES 500u

/** Picture size for a graph: columns by remoteness. @return 0, or -1 with errno ENOMEM. */
int plot_graph_size(const plot_graph_data *d, double *width, double *height);

/** Draw the graph: one column per remoteness (draws last), vertices coloured by outcome.
 *  @return 0, or -1 with errno ENOMEM (the picture is incomplete: abandon it). */
int plot_graph(plot_canvas *c, const plot_graph_data *d);

/**
 * Draw a labelled graph (labels with remoteness) to `path` (.svg, or .png with cairo); builds
 * the graph's forward rows. @return 0, or -1 with errno set (ENOTSUP: PNG without cairo, EINVAL:
 * another extension or too many vertices).
 */
int plot_graph_file(const char *path, grundy_graph *g, const grundy_graph_labels *labels);

#endif
