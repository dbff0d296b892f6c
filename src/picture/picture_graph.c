/* SPDX-License-Identifier: MIT */
/* Graph plots: a small game graph drawn in columns by remoteness (the end of the game on the
 * right, draws on the left), vertices coloured by outcome, the moves of perfect play (to a
 * losing vertex one step closer to the end) drawn darker. */
#include "picture/picture_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN   40.0
#define LEGEND_H 50.0
#define COL_W    90.0
#define ROW_H    44.0
#define RADIUS   12.0

static const char *const fill_rgb[] = {"#bdbdbd", "#ef8a62", "#67a9cf"}; /* draw, lose, win */
static const char *const outcome_letter[] = {"D", "L", "W"};
static const char *const outcome_name[] = {"draw", "lose", "win"};

/* Where each vertex goes: column slot (0 = leftmost) and row. */
typedef struct layout {
    uint32_t max_rem;   /* largest finite remoteness */
    uint32_t rows;      /* rows per sub-column */
    uint32_t *slot_of;  /* vertex -> first sub-column of its column */
    uint32_t *index_in; /* vertex -> its place in its column */
    uint32_t slots;     /* sub-columns in all */
} layout;

static uint32_t column_of(const grundy_picture_graph *d, uint32_t v, uint32_t max_rem) {
    /* Draws first (column 0), then remoteness max_rem down to 0. */
    return d->outcome[v] == 0 ? 0 : 1 + (max_rem - d->remoteness[v]);
}

static void free_layout(layout *l) {
    free(l->slot_of);
    free(l->index_in);
    l->slot_of = l->index_in = NULL;
}

/* 0, or -1 (out of memory) with nothing held. */
static int make_layout(const grundy_picture_graph *d, layout *l) {
    memset(l, 0, sizeof *l);
    for (uint32_t v = 0; v < d->vertices; v++) {
        if (d->outcome[v] != 0 && d->remoteness[v] > l->max_rem) {
            l->max_rem = d->remoteness[v];
        }
    }
    const uint32_t cols = l->max_rem + 2;
    uint32_t *size = calloc(cols, sizeof *size);
    l->slot_of = malloc((size_t)d->vertices * sizeof *l->slot_of + 1);
    l->index_in = malloc((size_t)d->vertices * sizeof *l->index_in + 1);
    if (size == NULL || l->slot_of == NULL || l->index_in == NULL) {
        free(size);
        free_layout(l);
        return -1;
    }
    for (uint32_t v = 0; v < d->vertices; v++) {
        l->index_in[v] = size[column_of(d, v, l->max_rem)]++;
    }
    l->rows = (uint32_t)ceil(sqrt((double)d->vertices) * 1.5);
    l->rows = l->rows < 6 ? 6 : l->rows;
    uint32_t *first = calloc(cols, sizeof *first);
    if (first == NULL) {
        free(size);
        free_layout(l);
        return -1;
    }
    for (uint32_t k = 0; k < cols; k++) {
        first[k] = l->slots;
        l->slots += size[k] == 0 ? (k == 0 ? 0 : 1) : (size[k] + l->rows - 1) / l->rows;
    }
    for (uint32_t v = 0; v < d->vertices; v++) {
        l->slot_of[v] = first[column_of(d, v, l->max_rem)];
    }
    free(first);
    free(size);
    return 0;
}

static void position_of(const layout *l, uint32_t v, double *x, double *y) {
    const uint32_t slot = l->slot_of[v] + l->index_in[v] / l->rows;
    *x = MARGIN + COL_W * ((double)slot + 0.5);
    *y = MARGIN + LEGEND_H + ROW_H * ((double)(l->index_in[v] % l->rows) + 0.5);
}

/* The picture's size: the columns used, and the rows of the fullest. */
static void graph_size(const grundy_picture_graph *d, const layout *l, double *width,
                       double *height) {
    uint32_t used = 1;
    for (uint32_t v = 0; v < d->vertices; v++) {
        used = l->index_in[v] + 1 > used ? l->index_in[v] + 1 : used;
    }
    used = used < l->rows ? used : l->rows;
    *width = 2 * MARGIN + COL_W * (l->slots < 7 ? 7 : l->slots);
    *height = 2 * MARGIN + LEGEND_H + ROW_H * (used < 2 ? 2 : used);
}

/* One edge: a line ending in an arrow head on v's circle; a loop above u. */
static void draw_edge(picture_canvas *c, const layout *l, const grundy_picture_graph *d, uint32_t u,
                      uint32_t v) {
    double x1, y1, x2, y2;
    position_of(l, u, &x1, &y1);
    position_of(l, v, &x2, &y2);
    const int perfect =
        d->outcome[u] == 2 && d->outcome[v] == 1 && d->remoteness[v] + 1 == d->remoteness[u];
    const char *color = perfect ? "#1a1a1a" : "#b0b0b0";
    if (u == v) {
        picture_circle(c, x1, y1 - RADIUS - 6, 7, "none", color, "class=\"loop\"");
        return;
    }
    /* Vertices in one column: bend the edge to the right so it passes beside the others. */
    const int bend = fabs(x2 - x1) < 1;
    const double cx = bend ? x1 + (y2 > y1 ? 1 : -1) * (18 + 0.35 * fabs(y2 - y1)) : (x1 + x2) / 2;
    const double cy = (y1 + y2) / 2;
    /* Leave u and reach v along the directions towards the control point. */
    const double ax = cx - x1, ay = cy - y1, al = sqrt(ax * ax + ay * ay);
    const double bx = x2 - cx, by = y2 - cy, bl = sqrt(bx * bx + by * by);
    const double ux = bx / bl, uy = by / bl;
    const double sx = x1 + ax / al * RADIUS, sy = y1 + ay / al * RADIUS;
    const double tx = x2 - ux * RADIUS, ty = y2 - uy * RADIUS;
    if (bend) {
        picture_curve(c, sx, sy, cx, cy, tx - ux * 6, ty - uy * 6, color, perfect ? 1.6 : 1);
    } else {
        picture_line(c, sx, sy, tx - ux * 6, ty - uy * 6, color, perfect ? 1.6 : 1, 0);
    }
    const double head[6] = {tx,
                            ty,
                            tx - ux * 8 - uy * 4,
                            ty - uy * 8 + ux * 4,
                            tx - ux * 8 + uy * 4,
                            ty - uy * 8 - ux * 4};
    picture_triangle(c, head, color);
}

static void draw_legend(picture_canvas *c) {
    const double y = MARGIN + 6;
    for (int k = 2; k >= 0; k--) {
        const double x = MARGIN + (double)(2 - k) * 150;
        picture_circle(c, x + 8, y - 4, 8, fill_rgb[k], "#333333", "class=\"legend\"");
        char buf[48];
        snprintf(buf, sizeof buf, "%s: %s", outcome_letter[k],
                 k == 0   ? "draw"
                 : k == 1 ? "lose (to move)"
                          : "win (to move)");
        picture_text(c, x + 22, y, 12, GRUNDY_PICTURE_START, 0, "#333333", buf);
    }
    picture_text(c, MARGIN, y + 24, 11, GRUNDY_PICTURE_START, 0, "#333333",
                 "vertex number inside, remoteness below; columns by remoteness (draws left); "
                 "dark arrows: perfect play");
}

/* Every edge's ends are vertices, every outcome one of the three, every remoteness below the
 * number of vertices (a game's remoteness counts moves along a path without repeats). */
static int graph_is_valid(const grundy_picture_graph *d) {
    if (d->vertices > GRUNDY_PICTURE_GRAPH_MAX_VERTICES || d->outcome == NULL ||
        d->remoteness == NULL || (d->edges > 0 && (d->from == NULL || d->to == NULL))) {
        return 0;
    }
    for (uint64_t e = 0; e < d->edges; e++) {
        if (d->from[e] >= d->vertices || d->to[e] >= d->vertices) {
            return 0;
        }
    }
    for (uint32_t v = 0; v < d->vertices; v++) {
        if (d->outcome[v] > 2 || (d->outcome[v] != 0 && d->remoteness[v] >= d->vertices)) {
            return 0;
        }
    }
    return 1;
}

grundy_status picture_draw_graph(picture_canvas *c, const grundy_picture_graph *d) {
    layout l;
    if (!graph_is_valid(d)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (make_layout(d, &l) != 0) {
        return GRUNDY_STATUS_NOMEM;
    }
    double width, height;
    graph_size(d, &l, &width, &height);
    picture_begin(c, width, height);
    draw_legend(c);
    for (uint64_t e = 0; e < d->edges; e++) {
        draw_edge(c, &l, d, d->from[e], d->to[e]);
    }
    char attrs[128], buf[16];
    for (uint32_t v = 0; v < d->vertices; v++) {
        double x, y;
        position_of(&l, v, &x, &y);
        const unsigned o = d->outcome[v];
        if (o == 0) {
            snprintf(attrs, sizeof attrs,
                     "class=\"vertex\" data-v=\"%u\" data-outcome=\"%s\" data-remoteness=\"-\"", v,
                     outcome_name[o]);
            snprintf(buf, sizeof buf, "-");
        } else {
            snprintf(attrs, sizeof attrs,
                     "class=\"vertex\" data-v=\"%u\" data-outcome=\"%s\" data-remoteness=\"%u\"", v,
                     outcome_name[o], d->remoteness[v]);
            snprintf(buf, sizeof buf, "%u", d->remoteness[v]);
        }
        picture_circle(c, x, y, RADIUS, fill_rgb[o], "#333333", attrs);
        picture_text(c, x, y + RADIUS + 11, 10, GRUNDY_PICTURE_MIDDLE, 0, "#555555", buf);
        snprintf(buf, sizeof buf, "%u", v);
        picture_text(c, x, y + 4, 11, GRUNDY_PICTURE_MIDDLE, 0, "#000000", buf);
    }
    free_layout(&l);
    return c->st;
}
