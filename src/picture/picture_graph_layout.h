/* SPDX-License-Identifier: MIT */
/* Where a graph picture puts each vertex: layers by remoteness, ordered to cross few edges. */
#ifndef GRUNDY_PICTURE_GRAPH_LAYOUT_H
#define GRUNDY_PICTURE_GRAPH_LAYOUT_H

#include <grundy/picture.h>

#define GRAPH_MARGIN   40.0
#define GRAPH_HEADER_H 76.0 /* the legend, then the columns' titles */
#define GRAPH_COL_W    90.0
#define GRAPH_ROW_H    44.0

/* Columns: 0 for the draws (empty when there are none), then remoteness max_rem down to 0, the
 * end of the game on the right. A column taller than `rows` is dealt row by row across
 * sub-columns, so that the order of its vertices is their order from top to bottom. */
typedef struct graph_layout {
    uint32_t max_rem;     /* the largest finite remoteness */
    uint32_t cols;        /* max_rem + 2 */
    uint32_t rows;        /* the most rows a sub-column may have */
    uint32_t height;      /* the rows of the tallest column once dealt */
    uint32_t slots;       /* sub-columns in all */
    uint32_t *col_of;     /* vertex -> column */
    uint32_t *index_in;   /* vertex -> its place in its column's order */
    uint32_t *size;       /* column -> its vertices */
    uint32_t *first_slot; /* column -> its first sub-column */
} graph_layout;

/* 0, or -1 (out of memory, nothing held). O(passes * (vertices log vertices + edges)). */
int graph_layout_make(const grundy_picture_graph *d, graph_layout *l);

void graph_layout_free(graph_layout *l);

/* Sub-columns of column k. */
uint32_t graph_layout_width(const graph_layout *l, uint32_t k);

/* The centre of vertex v. */
void graph_layout_position(const graph_layout *l, uint32_t v, double *x, double *y);

#endif
