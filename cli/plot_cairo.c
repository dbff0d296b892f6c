/* SPDX-License-Identifier: MIT */
/* PNG pictures: the library's drawing (grundy_canvas callbacks) on a cairo image surface, encoded
 * into memory. Without cairo (GRUNDY_HAVE_CAIRO unset) PNG is refused. */
#include "plot.h"

#include <stdlib.h>
#include <string.h>

#ifdef GRUNDY_HAVE_CAIRO
#include <cairo.h>

int plot_png_available(void) {
    return 1;
}

/* The callbacks' context: the surface made by begin, and the PNG bytes encoded from it. */
typedef struct cairo_ctx {
    cairo_surface_t *surface;
    cairo_t *cr;
    unsigned char *png;
    size_t len, cap;
} cairo_ctx;

static int begin(void *ctx, double width, double height) {
    cairo_ctx *const k = ctx;
    k->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width, (int)height);
    k->cr = cairo_create(k->surface);
    cairo_set_source_rgb(k->cr, 1, 1, 1);
    cairo_paint(k->cr);
    cairo_select_font_face(k->cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    return cairo_status(k->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

static void set_color(cairo_t *cr, const char *hex, double alpha) {
    const unsigned long v = strtoul(hex + 1, NULL, 16);
    cairo_set_source_rgba(cr, (double)((v >> 16) & 255) / 255.0, (double)((v >> 8) & 255) / 255.0,
                          (double)(v & 255) / 255.0, alpha);
}

static void rect(void *ctx, double x, double y, double w, double h, const char *fill,
                 double opacity) {
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    set_color(cr, fill, opacity);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
}

static void line(void *ctx, double x1, double y1, double x2, double y2, const char *color,
                 double width, int dashed) {
    static const double dash[] = {4, 3};
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    set_color(cr, color, 1);
    cairo_set_line_width(cr, width);
    cairo_set_dash(cr, dash, dashed ? 2 : 0, 0);
    cairo_move_to(cr, x1, y1);
    cairo_line_to(cr, x2, y2);
    cairo_stroke(cr);
    cairo_set_dash(cr, dash, 0, 0);
}

static void circle(void *ctx, double cx, double cy, double r, const char *fill,
                   const char *stroke) {
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    cairo_new_path(cr);
    cairo_arc(cr, cx, cy, r, 0, 6.283185307179586);
    set_color(cr, fill, strcmp(fill, "none") == 0 ? 0 : 1); /* "none": not filled */
    if (stroke != NULL) {
        cairo_fill_preserve(cr);
        set_color(cr, stroke, 1);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
    } else {
        cairo_fill(cr);
    }
}

static void curve(void *ctx, double x1, double y1, double cx, double cy, double x2, double y2,
                  const char *color, double width) {
    /* The cubic with the same shape: control points 2/3 of the way to (cx, cy). */
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    set_color(cr, color, 1);
    cairo_set_line_width(cr, width);
    cairo_move_to(cr, x1, y1);
    cairo_curve_to(cr, x1 + 2.0 / 3.0 * (cx - x1), y1 + 2.0 / 3.0 * (cy - y1),
                   x2 + 2.0 / 3.0 * (cx - x2), y2 + 2.0 / 3.0 * (cy - y2), x2, y2);
    cairo_stroke(cr);
}

static void triangle(void *ctx, const double xy[6], const char *fill) {
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    set_color(cr, fill, 1);
    cairo_move_to(cr, xy[0], xy[1]);
    cairo_line_to(cr, xy[2], xy[3]);
    cairo_line_to(cr, xy[4], xy[5]);
    cairo_close_path(cr);
    cairo_fill(cr);
}

static void text(void *ctx, double x, double y, double size, int anchor, int vertical,
                 const char *color, const char *s) {
    cairo_t *const cr = ((cairo_ctx *)ctx)->cr;
    cairo_text_extents_t ext;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, s, &ext);
    const double shift = anchor == GRUNDY_PICTURE_START    ? 0
                         : anchor == GRUNDY_PICTURE_MIDDLE ? ext.x_advance / 2
                                                           : ext.x_advance;
    set_color(cr, color, 1);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    if (vertical) {
        cairo_rotate(cr, -1.5707963267948966);
    }
    cairo_move_to(cr, -shift, 0);
    cairo_show_text(cr, s);
    cairo_restore(cr);
}

/* cairo's PNG writer appends to the growing buffer. */
static cairo_status_t append_png(void *closure, const unsigned char *data, unsigned int length) {
    cairo_ctx *const k = closure;
    if (length > k->cap - k->len) {
        size_t cap = k->cap < 65536 ? 65536 : k->cap;
        while (cap - k->len < length) {
            cap *= 2;
        }
        unsigned char *const grown = realloc(k->png, cap);
        if (grown == NULL) {
            return CAIRO_STATUS_NO_MEMORY;
        }
        k->png = grown;
        k->cap = cap;
    }
    memcpy(k->png + k->len, data, length);
    k->len += length;
    return CAIRO_STATUS_SUCCESS;
}

grundy_status plot_render_png(const plot_job *job, plot_bytes *out) {
    cairo_ctx k;
    memset(&k, 0, sizeof k);
    const grundy_canvas canvas = {&k, begin, rect, line, circle, curve, triangle, text};
    grundy_status st = job->seq != NULL ? grundy_picture_sequence_draw(job->seq, job->opts, &canvas)
                                        : grundy_picture_graph_draw(job->graph, job->opts, &canvas);
    if (st == GRUNDY_STATUS_OK) {
        const cairo_status_t cs = cairo_surface_write_to_png_stream(k.surface, append_png, &k);
        st = cs == CAIRO_STATUS_SUCCESS     ? GRUNDY_STATUS_OK
             : cs == CAIRO_STATUS_NO_MEMORY ? GRUNDY_STATUS_NOMEM
                                            : GRUNDY_STATUS_IO;
    }
    if (k.cr != NULL) {
        cairo_destroy(k.cr);
        cairo_surface_destroy(k.surface);
    }
    if (st == GRUNDY_STATUS_OK) {
        out->data = k.png;
        out->len = k.len;
        out->png = 1;
    } else {
        free(k.png);
    }
    return st;
}

#else

int plot_png_available(void) {
    return 0;
}

grundy_status plot_render_png(const plot_job *job, plot_bytes *out) {
    (void)job;
    (void)out;
    return GRUNDY_STATUS_UNSUPPORTED;
}

#endif
