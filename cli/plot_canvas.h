/* SPDX-License-Identifier: MIT */
/* A small drawing surface for grundy's pictures: SVG written directly, PNG through cairo when the
 * build found it (GRUNDY_HAVE_CAIRO). Coordinates in pixels, y downwards; colours "#rrggbb". */
#ifndef GRUNDY_CLI_PLOT_CANVAS_H
#define GRUNDY_CLI_PLOT_CANVAS_H

#include <grundy/file.h>

#include <stdio.h>

typedef struct plot_canvas {
    int png;              /* 0: SVG to `svg`; 1: cairo surface */
    FILE *svg;            /* the temporary file's stream (SVG) */
    void *surface;        /* cairo_surface_t * (PNG) */
    void *cr;             /* cairo_t * (PNG) */
    char *path;           /* the file asked for */
    grundy_file_out *out; /* written, then renamed onto path */
    double width, height;
} plot_canvas;

enum { PLOT_START = -1, PLOT_MIDDLE = 0, PLOT_END = 1 };

/** Nonzero when `path` ends in .png (either case). */
int plot_path_is_png(const char *path);

/** Nonzero when this build writes PNG files. */
int plot_png_available(void);

/**
 * Start a picture of width x height for `path` (.svg or .png). @return 0, or -1 with errno set
 * (the caller reports it).
 */
int plot_open(plot_canvas *c, const char *path, double width, double height);

/** Finish: write, flush, fsync and rename onto the path. @return 0, or -1 with errno set. */
int plot_close(plot_canvas *c);

/** Drop a picture that failed half-way (removes the temporary file). */
void plot_abandon(plot_canvas *c);

/* The shapes. `attrs`, where taken, are extra SVG attributes (class, data-*) or NULL; the PNG
 * backend ignores them. */
void plot_rect(plot_canvas *c, double x, double y, double w, double h, const char *fill,
               double opacity, const char *attrs);
void plot_line(plot_canvas *c, double x1, double y1, double x2, double y2, const char *color,
               double width, int dashed);
void plot_circle(plot_canvas *c, double cx, double cy, double r, const char *fill,
                 const char *stroke, const char *attrs);
/** A quadratic Bezier curve from (x1, y1) to (x2, y2) with control point (cx, cy). */
void plot_curve(plot_canvas *c, double x1, double y1, double cx, double cy, double x2, double y2,
                const char *color, double width);
/** A filled triangle (arrow heads). */
void plot_triangle(plot_canvas *c, const double xy[6], const char *fill);
/** Text at (x, y) (the baseline), anchored by PLOT_START/MIDDLE/END; rotated -90 degrees when
 *  `vertical`. */
void plot_text(plot_canvas *c, double x, double y, double size, int anchor, int vertical,
               const char *color, const char *text);

#endif
