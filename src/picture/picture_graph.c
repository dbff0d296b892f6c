/* SPDX-License-Identifier: MIT */
/* Graph plots: a small game graph drawn in columns by remoteness (the end of the game on the
 * right, draws on the left), vertices coloured by outcome, the moves of perfect play (to a
 * losing vertex one step closer to the end) drawn darker. */
#include "picture/picture_graph_layout.h"
#include "picture/picture_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RADIUS 12.0

static const char *const fill_rgb[] = {"#bdbdbd", "#ef8a62", "#67a9cf"}; /* draw, lose, win */
static const char *const outcome_letter[] = {"D", "L", "W"};
static const char *const outcome_name[] = {"draw", "lose", "win"};

/* The picture's size: the sub-columns and the rows of the tallest column. */
static void graph_size(const graph_layout *l, double *width, double *height) {
    *width = 2 * GRAPH_MARGIN + GRAPH_COL_W * (l->slots < 7 ? 7 : l->slots);
    *height = 2 * GRAPH_MARGIN + GRAPH_HEADER_H + GRAPH_ROW_H * (l->height < 2 ? 2 : l->height);
}

/* Each column's band, every other one shaded, so that a layer dealt over sub-columns reads as
 * one. */
static void draw_bands(picture_canvas *c, const graph_layout *l, double height) {
    for (uint32_t k = 0, shaded = 0; k < l->cols; k++) {
        if (l->size[k] == 0) {
            continue;
        }
        if (shaded++ % 2 == 1) {
            const double top = GRAPH_MARGIN + GRAPH_HEADER_H - 24;
            picture_rect(c, GRAPH_MARGIN + GRAPH_COL_W * (double)l->first_slot[k], top,
                         GRAPH_COL_W * (double)graph_layout_width(l, k),
                         height - GRAPH_MARGIN / 2 - top, "#f2f2f2", 1, "class=\"layer\"");
        }
    }
}

/* Each column's title above it: its remoteness, or "draws". */
static void draw_titles(picture_canvas *c, const graph_layout *l) {
    char buf[32];
    for (uint32_t k = 0; k < l->cols; k++) {
        if (l->size[k] == 0) {
            continue;
        }
        const double x = GRAPH_MARGIN + GRAPH_COL_W * ((double)l->first_slot[k] +
                                                       (double)graph_layout_width(l, k) / 2);
        if (k == 0) {
            snprintf(buf, sizeof buf, "draws");
        } else {
            snprintf(buf, sizeof buf, "remoteness %u", l->max_rem - (k - 1));
        }
        picture_text(c, x, GRAPH_MARGIN + GRAPH_HEADER_H - 8, 11, GRUNDY_PICTURE_MIDDLE, 0,
                     "#333333", buf);
    }
}

/* One edge: a line ending in an arrow head on v's circle; a loop above u. */
static int is_perfect(const grundy_picture_graph *d, uint32_t u, uint32_t v) {
    return d->outcome[u] == 2 && d->outcome[v] == 1 && d->remoteness[v] + 1 == d->remoteness[u];
}

static void draw_edge(picture_canvas *c, const graph_layout *l, const grundy_picture_graph *d,
                      uint32_t u, uint32_t v) {
    double x1, y1, x2, y2;
    graph_layout_position(l, u, &x1, &y1);
    graph_layout_position(l, v, &x2, &y2);
    const int perfect = is_perfect(d, u, v);
    const char *color = perfect ? "#1a1a1a" : "#b0b0b0";
    if (u == v) {
        picture_circle(c, x1, y1 - RADIUS - 6, 7, "none", color, "class=\"loop\"");
        return;
    }
    /* Vertices in one sub-column: bend the edge to the right so it passes beside the others; in
     * one row and not side by side: bend it up to pass between the rows, not under the vertices
     * between. */
    const int vertical = fabs(x2 - x1) < 1;
    const int level = fabs(y2 - y1) < 1 && fabs(x2 - x1) > 1.5 * GRAPH_COL_W;
    const int bend = vertical || level;
    const double cx =
        vertical ? x1 + (y2 > y1 ? 1 : -1) * (18 + 0.35 * fabs(y2 - y1)) : (x1 + x2) / 2;
    const double cy = level ? y1 - GRAPH_ROW_H : (y1 + y2) / 2;
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
    const double y = GRAPH_MARGIN + 6;
    for (int k = 2; k >= 0; k--) {
        const double x = GRAPH_MARGIN + (double)(2 - k) * 150;
        picture_circle(c, x + 8, y - 4, 8, fill_rgb[k], "#333333", "class=\"legend\"");
        char buf[48];
        snprintf(buf, sizeof buf, "%s: %s", outcome_letter[k],
                 k == 0   ? "draw"
                 : k == 1 ? "lose (to move)"
                          : "win (to move)");
        picture_text(c, x + 22, y, 12, GRUNDY_PICTURE_START, 0, "#333333", buf);
    }
    picture_text(c, GRAPH_MARGIN, y + 24, 11, GRUNDY_PICTURE_START, 0, "#333333",
                 "vertex number inside; columns by remoteness (draws left); dark arrows: perfect "
                 "play");
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
    graph_layout l;
    if (!graph_is_valid(d)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (graph_layout_make(d, &l) != 0) {
        return GRUNDY_STATUS_NOMEM;
    }
    double width, height;
    graph_size(&l, &width, &height);
    picture_begin(c, width, height);
    draw_legend(c);
    draw_bands(c, &l, height);
    draw_titles(c, &l);
    /* the edges behind the vertices, perfect play's over the rest: no edge crosses a label */
    for (int perfect = 0; perfect <= 1; perfect++) {
        for (uint64_t e = 0; e < d->edges; e++) {
            if (is_perfect(d, d->from[e], d->to[e]) == perfect) {
                draw_edge(c, &l, d, d->from[e], d->to[e]);
            }
        }
    }
    char attrs[128], buf[16];
    for (uint32_t v = 0; v < d->vertices; v++) {
        double x, y;
        graph_layout_position(&l, v, &x, &y);
        const unsigned o = d->outcome[v];
        if (o == 0) {
            snprintf(attrs, sizeof attrs,
                     "class=\"vertex\" data-v=\"%u\" data-outcome=\"%s\" data-remoteness=\"-\"", v,
                     outcome_name[o]);
        } else {
            snprintf(attrs, sizeof attrs,
                     "class=\"vertex\" data-v=\"%u\" data-outcome=\"%s\" data-remoteness=\"%u\"", v,
                     outcome_name[o], d->remoteness[v]);
        }
        picture_circle(c, x, y, RADIUS, fill_rgb[o], "#333333", attrs);
        snprintf(buf, sizeof buf, "%u", v);
        picture_text(c, x, y + 4, v < 100 ? 11 : 9, GRUNDY_PICTURE_MIDDLE, 0, "#000000", buf);
    }
    graph_layout_free(&l);
    return c->st;
}
