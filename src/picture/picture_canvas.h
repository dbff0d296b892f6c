/* SPDX-License-Identifier: MIT */
/* The surface every picture is drawn on: SVG text grown in memory, or a caller's callbacks
 * (grundy_canvas). The first failure is kept, and every later shape is skipped, so drawing code
 * need not check each call: it reads picture_canvas.st once at the end. */
#ifndef GRUNDY_PICTURE_CANVAS_H
#define GRUNDY_PICTURE_CANVAS_H

#include <grundy/picture.h>

typedef struct picture_canvas {
    const grundy_canvas *cb; /* NULL: SVG text into buf */
    char *buf;               /* the SVG text (NUL-terminated when len > 0) */
    size_t len, cap, max_bytes;
    grundy_status st; /* the first failure; OK until one */
} picture_canvas;

/** A canvas for SVG text of at most max_bytes bytes. */
void picture_canvas_svg(picture_canvas *c, size_t max_bytes);

/** A canvas drawing through cb (borrowed). */
void picture_canvas_callbacks(picture_canvas *c, const grundy_canvas *cb);

/** Start the picture: the SVG header, or cb->begin. */
void picture_begin(picture_canvas *c, double width, double height);

/** End it and hand over the SVG text (*svg NULL for callbacks); frees what is not handed over.
 *  @return c->st. */
grundy_status picture_end(picture_canvas *c, char **svg, size_t *len);

/* The shapes, as grundy_canvas's callbacks. `attrs`, where taken, are extra SVG attributes
 * (class, data-*: what tests and scripts read back) or NULL; callbacks do not see them. */
void picture_rect(picture_canvas *c, double x, double y, double w, double h, const char *fill,
                  double opacity, const char *attrs);
void picture_line(picture_canvas *c, double x1, double y1, double x2, double y2, const char *color,
                  double width, int dashed);
void picture_circle(picture_canvas *c, double cx, double cy, double r, const char *fill,
                    const char *stroke, const char *attrs);
void picture_curve(picture_canvas *c, double x1, double y1, double cx, double cy, double x2,
                   double y2, const char *color, double width);
void picture_triangle(picture_canvas *c, const double xy[6], const char *fill);
void picture_text(picture_canvas *c, double x, double y, double size, int anchor, int vertical,
                  const char *color, const char *text);
/* The same with extra SVG attributes. */
void picture_text_with(picture_canvas *c, double x, double y, double size, int anchor, int vertical,
                       const char *color, const char *text, const char *attrs);

#endif
