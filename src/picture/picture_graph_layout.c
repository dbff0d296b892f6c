/* SPDX-License-Identifier: MIT */
/* The layers of a graph picture and their order. Vertices are layered by remoteness (Sugiyama,
 * Tagawa and Toda's layered drawing, the layers given by the game), and each layer is ordered by
 * the barycentre heuristic: a vertex goes to the mean height of its neighbours in the layer
 * before it, in sweeps left to right and back, which removes most crossings in a few sweeps. */
#include "picture/picture_graph_layout.h"

#include <stdlib.h>
#include <string.h>

#define SWEEPS 4

static uint32_t column_of(const grundy_picture_graph *d, uint32_t v, uint32_t max_rem) {
    return d->outcome[v] == 0 ? 0 : 1 + (max_rem - d->remoteness[v]);
}

void graph_layout_free(graph_layout *l) {
    free(l->col_of);
    free(l->index_in);
    free(l->size);
    free(l->first_slot);
    memset(l, 0, sizeof *l);
}

uint32_t graph_layout_width(const graph_layout *l, uint32_t k) {
    return l->size[k] == 0 ? (k == 0 ? 0 : 1) : (l->size[k] + l->rows - 1) / l->rows;
}

/* The row of the vertex at `index` in column k: dealt across its sub-columns, the column centred
 * on the tallest. */
static double row_of(const graph_layout *l, uint32_t k, uint32_t index) {
    const uint32_t w = graph_layout_width(l, k), height = (l->size[k] + w - 1) / w;
    return (double)(index / w) + (double)(l->height - height) / 2;
}

void graph_layout_position(const graph_layout *l, uint32_t v, double *x, double *y) {
    const uint32_t k = l->col_of[v], w = graph_layout_width(l, k);
    *x = GRAPH_MARGIN + GRAPH_COL_W * ((double)(l->first_slot[k] + l->index_in[v] % w) + 0.5);
    *y = GRAPH_MARGIN + GRAPH_HEADER_H + GRAPH_ROW_H * (row_of(l, k, l->index_in[v]) + 0.5);
}

/* The scratch of the ordering: each column's vertices in order, every vertex's neighbours. */
typedef struct order_scratch {
    uint32_t *start; /* column k's vertices are members[start[k] .. start[k + 1]) */
    uint32_t *members;
    uint32_t *adj_start; /* v's neighbours (either direction) are adj[adj_start[v] ..) */
    uint32_t *adj;
    double *key;
} order_scratch;

static const double *sort_keys; /* qsort has no context argument in C17 */

static int by_key(const void *a, const void *b) {
    const uint32_t u = *(const uint32_t *)a, v = *(const uint32_t *)b;
    const double x = sort_keys[u], y = sort_keys[v];
    return x < y ? -1 : x > y ? 1 : (u > v) - (u < v);
}

/* Order column k by the mean row of each vertex's neighbours in column `nb`; a vertex with none
 * there keeps its row. */
static void order_column(graph_layout *l, order_scratch *o, uint32_t k, uint32_t nb) {
    uint32_t *const m = o->members + o->start[k];
    const uint32_t count = o->start[k + 1] - o->start[k];
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t v = m[i];
        double sum = 0;
        uint32_t seen = 0;
        for (uint32_t j = o->adj_start[v]; j < o->adj_start[v + 1]; j++) {
            const uint32_t u = o->adj[j];
            if (l->col_of[u] == nb) {
                sum += row_of(l, nb, l->index_in[u]);
                seen++;
            }
        }
        o->key[v] = seen > 0 ? sum / seen : row_of(l, k, l->index_in[v]);
    }
    sort_keys = o->key;
    qsort(m, count, sizeof *m, by_key);
    for (uint32_t i = 0; i < count; i++) {
        l->index_in[m[i]] = i;
    }
}

/* The neighbours of every vertex, both directions, loops left out. */
static void build_adjacency(const grundy_picture_graph *d, order_scratch *o) {
    memset(o->adj_start, 0, ((size_t)d->vertices + 1) * sizeof *o->adj_start);
    for (uint64_t e = 0; e < d->edges; e++) {
        if (d->from[e] != d->to[e]) {
            o->adj_start[d->from[e] + 1]++;
            o->adj_start[d->to[e] + 1]++;
        }
    }
    for (uint32_t v = 0; v < d->vertices; v++) {
        o->adj_start[v + 1] += o->adj_start[v];
    }
    for (uint64_t e = 0; e < d->edges; e++) {
        const uint32_t u = d->from[e], v = d->to[e];
        if (u != v) {
            o->adj[o->adj_start[u]++] = v;
            o->adj[o->adj_start[v]++] = u;
        }
    }
    for (uint32_t v = d->vertices; v > 0; v--) { /* back to the starts */
        o->adj_start[v] = o->adj_start[v - 1];
    }
    o->adj_start[0] = 0;
}

/* Columns in vertex order, then SWEEPS barycentre sweeps. */
static void order_columns(const grundy_picture_graph *d, graph_layout *l, order_scratch *o) {
    memset(o->start, 0, ((size_t)l->cols + 1) * sizeof *o->start);
    for (uint32_t v = 0; v < d->vertices; v++) {
        o->start[l->col_of[v] + 1]++;
    }
    for (uint32_t k = 0; k < l->cols; k++) {
        o->start[k + 1] += o->start[k];
    }
    for (uint32_t v = 0; v < d->vertices; v++) {
        o->members[o->start[l->col_of[v]] + l->index_in[v]] = v;
    }
    build_adjacency(d, o);
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        for (uint32_t i = 1; i < l->cols; i++) {
            const uint32_t k = sweep % 2 == 0 ? i : l->cols - 1 - i;
            order_column(l, o, k, sweep % 2 == 0 ? k - 1 : k + 1);
        }
    }
}

/* The columns, their sizes, the rows and the sub-columns. */
static void place_columns(const grundy_picture_graph *d, graph_layout *l) {
    for (uint32_t v = 0; v < d->vertices; v++) {
        l->col_of[v] = column_of(d, v, l->max_rem);
        l->index_in[v] = l->size[l->col_of[v]]++;
    }
    /* about 1.5 sqrt(n) rows: a square-ish picture for a graph of a few hundred vertices */
    uint32_t most = 1;
    for (uint32_t k = 0; k < l->cols; k++) {
        most = l->size[k] > most ? l->size[k] : most;
    }
    uint32_t rows = 6;
    while (rows * rows < (d->vertices * 9 + 3) / 4) {
        rows++;
    }
    l->rows = most < rows ? most : rows;
    for (uint32_t k = 0; k < l->cols; k++) {
        l->first_slot[k] = l->slots;
        l->slots += graph_layout_width(l, k);
    }
    l->height = 1;
    for (uint32_t k = 0; k < l->cols; k++) {
        const uint32_t w = graph_layout_width(l, k), h = w > 0 ? (l->size[k] + w - 1) / w : 0;
        l->height = h > l->height ? h : l->height;
    }
}

int graph_layout_make(const grundy_picture_graph *d, graph_layout *l) {
    memset(l, 0, sizeof *l);
    for (uint32_t v = 0; v < d->vertices; v++) {
        if (d->outcome[v] != 0 && d->remoteness[v] > l->max_rem) {
            l->max_rem = d->remoteness[v];
        }
    }
    l->cols = l->max_rem + 2;
    const size_t n = (size_t)d->vertices + 1, adj = 2 * (size_t)d->edges + 1;
    order_scratch o = {calloc((size_t)l->cols + 1, sizeof(uint32_t)), malloc(n * sizeof(uint32_t)),
                       malloc(n * sizeof(uint32_t)), malloc(adj * sizeof(uint32_t)),
                       malloc(n * sizeof(double))};
    l->col_of = malloc(n * sizeof *l->col_of);
    l->index_in = malloc(n * sizeof *l->index_in);
    l->size = calloc(l->cols, sizeof *l->size);
    l->first_slot = calloc(l->cols, sizeof *l->first_slot);
    const int ok = o.start != NULL && o.members != NULL && o.adj_start != NULL && o.adj != NULL &&
                   o.key != NULL && l->col_of != NULL && l->index_in != NULL && l->size != NULL &&
                   l->first_slot != NULL;
    if (ok) {
        place_columns(d, l);
        order_columns(d, l, &o);
    } else {
        graph_layout_free(l);
    }
    free(o.start);
    free(o.members);
    free(o.adj_start);
    free(o.adj);
    free(o.key);
    return ok ? 0 : -1;
}
