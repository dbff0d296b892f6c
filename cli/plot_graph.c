/* SPDX-License-Identifier: MIT */
/* Graph plots: a small game graph drawn in columns by remoteness (the end of the game on the
 * right, draws on the left), vertices coloured by outcome, the moves of perfect play (to a
 * losing vertex one step closer to the end) drawn darker. */
#include "plot.h"

#include <errno.h>
#include <math.h>
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

static uint32_t column_of(const plot_graph_data *d, uint32_t v, uint32_t max_rem) {
    /* Draws first (column 0), then remoteness max_rem down to 0. */
    return d->outcome[v] == 0 ? 0 : 1 + (max_rem - d->remoteness[v]);
}

static void free_layout(layout *l) {
    free(l->slot_of);
    free(l->index_in);
    l->slot_of = l->index_in = NULL;
}

/* 0, or -1 with errno ENOMEM and nothing held. */
static int make_layout(const plot_graph_data *d, layout *l) {
    memset(l, 0, sizeof *l);
    for (uint32_t v = 0; v < d->n; v++) {
        if (d->outcome[v] != 0 && d->remoteness[v] > l->max_rem) {
            l->max_rem = d->remoteness[v];
        }
    }
    const uint32_t cols = l->max_rem + 2;
    uint32_t *size = calloc(cols, sizeof *size);
    l->slot_of = malloc((size_t)d->n * sizeof *l->slot_of + 1);
    l->index_in = malloc((size_t)d->n * sizeof *l->index_in + 1);
    if (size == NULL || l->slot_of == NULL || l->index_in == NULL) {
        free(size);
        free_layout(l);
        errno = ENOMEM;
        return -1;
    }
    for (uint32_t v = 0; v < d->n; v++) {
        l->index_in[v] = size[column_of(d, v, l->max_rem)]++;
    }
    l->rows = (uint32_t)ceil(sqrt((double)d->n) * 1.5);
    l->rows = l->rows < 6 ? 6 : l->rows;
    uint32_t *first = calloc(cols, sizeof *first);
    if (first == NULL) {
        free(size);
        free_layout(l);
        errno = ENOMEM;
        return -1;
    }
    for (uint32_t k = 0; k < cols; k++) {
        first[k] = l->slots;
        l->slots += size[k] == 0 ? (k == 0 ? 0 : 1) : (size[k] + l->rows - 1) / l->rows;
    }
    for (uint32_t v = 0; v < d->n; v++) {
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

int plot_graph_size(const plot_graph_data *d, double *width, double *height) {
    layout l;
    if (make_layout(d, &l) != 0) {
        return -1;
    }
    uint32_t used = 1;
    for (uint32_t v = 0; v < d->n; v++) {
        used = l.index_in[v] + 1 > used ? l.index_in[v] + 1 : used;
    }
    used = used < l.rows ? used : l.rows;
    *width = 2 * MARGIN + COL_W * (l.slots < 7 ? 7 : l.slots);
    *height = 2 * MARGIN + LEGEND_H + ROW_H * (used < 2 ? 2 : used);
    free_layout(&l);
    return 0;
}

/* One edge: a line ending in an arrow head on v's circle; a loop above u. */
static void draw_edge(plot_canvas *c, const layout *l, const plot_graph_data *d, uint32_t u,
                      uint32_t v) {
    double x1, y1, x2, y2;
    position_of(l, u, &x1, &y1);
    position_of(l, v, &x2, &y2);
    const int perfect =
        d->outcome[u] == 2 && d->outcome[v] == 1 && d->remoteness[v] + 1 == d->remoteness[u];
    const char *color = perfect ? "#1a1a1a" : "#b0b0b0";
    if (u == v) {
        plot_circle(c, x1, y1 - RADIUS - 6, 7, "none", color, "class=\"loop\"");
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
        plot_curve(c, sx, sy, cx, cy, tx - ux * 6, ty - uy * 6, color, perfect ? 1.6 : 1);
    } else {
        plot_line(c, sx, sy, tx - ux * 6, ty - uy * 6, color, perfect ? 1.6 : 1, 0);
    }
    const double head[6] = {tx,
                            ty,
                            tx - ux * 8 - uy * 4,
                            ty - uy * 8 + ux * 4,
                            tx - ux * 8 + uy * 4,
                            ty - uy * 8 - ux * 4};
    plot_triangle(c, head, color);
}

static void draw_legend(plot_canvas *c) {
    const double y = MARGIN + 6;
    for (int k = 2; k >= 0; k--) {
        const double x = MARGIN + (double)(2 - k) * 150;
        plot_circle(c, x + 8, y - 4, 8, fill_rgb[k], "#333333", "class=\"legend\"");
        char buf[48];
        snprintf(buf, sizeof buf, "%s: %s", outcome_letter[k],
                 k == 0   ? "draw"
                 : k == 1 ? "lose (to move)"
                          : "win (to move)");
        plot_text(c, x + 22, y, 12, PLOT_START, 0, "#333333", buf);
    }
    plot_text(c, MARGIN, y + 24, 11, PLOT_START, 0, "#333333",
              "vertex number inside, remoteness below; columns by remoteness (draws left); "
              "dark arrows: perfect play");
}

int plot_graph(plot_canvas *c, const plot_graph_data *d) {
    layout l;
    if (make_layout(d, &l) != 0) {
        return -1;
    }
    draw_legend(c);
    for (uint64_t e = 0; e < d->m; e++) {
        draw_edge(c, &l, d, d->from[e], d->to[e]);
    }
    char attrs[128], buf[16];
    for (uint32_t v = 0; v < d->n; v++) {
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
        plot_circle(c, x, y, RADIUS, fill_rgb[o], "#333333", attrs);
        plot_text(c, x, y + RADIUS + 11, 10, PLOT_MIDDLE, 0, "#555555", buf);
        snprintf(buf, sizeof buf, "%u", v);
        plot_text(c, x, y + 4, 11, PLOT_MIDDLE, 0, "#000000", buf);
    }
    free_layout(&l);
    return 0;
}

int plot_graph_file(const char *path, grundy_graph *g, const grundy_graph_labels *labels) {
    const uint64_t n = grundy_graph_vertex_count(g), m = grundy_graph_edge_count(g);
    const size_t len = strlen(path);
    if (n > PLOT_GRAPH_MAX_VERTICES || labels->remoteness == NULL ||
        (!plot_path_is_png(path) && (len < 4 || strcmp(path + len - 4, ".svg") != 0))) {
        errno = EINVAL;
        return -1;
    }
    if (grundy_graph_build_forward(g) != GRUNDY_STATUS_OK) {
        errno = ENOMEM;
        return -1;
    }
    uint32_t *from = malloc((size_t)m * sizeof *from + 1), *to = malloc((size_t)m * sizeof *to + 1);
    unsigned char *outcome = malloc((size_t)n + 1);
    int rc = -1;
    if (from == NULL || to == NULL || outcome == NULL) {
        errno = ENOMEM;
        goto cleanup;
    }
    uint64_t e = 0;
    for (uint32_t u = 0; u < n; u++) {
        size_t deg = 0;
        const uint32_t *succ = grundy_graph_successors(g, u, &deg);
        for (size_t i = 0; i < deg; i++, e++) {
            from[e] = u;
            to[e] = succ[i];
        }
        outcome[u] = (unsigned char)grundy_retro_outcome_get(labels->outcomes, u);
    }
    const plot_graph_data d = {(uint32_t)n, e, from, to, outcome, labels->remoteness};
    double w, h;
    plot_canvas c;
    if (plot_graph_size(&d, &w, &h) == 0 && plot_open(&c, path, w, h) == 0) {
        if (plot_graph(&c, &d) == 0) {
            rc = plot_close(&c);
        } else {
            plot_abandon(&c);
            errno = ENOMEM;
        }
    }
cleanup:
    free(from);
    free(to);
    free(outcome);
    return rc;
}
