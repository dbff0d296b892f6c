/* SPDX-License-Identifier: MIT */
/* The drawing surface: SVG elements written as they are drawn, or cairo calls for PNG. The file is
 * written to a temporary file of its own beside its path (grundy_file_out) and renamed onto it at
 * the end, so a failed plot leaves no half file. */
#include "plot_canvas.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef GRUNDY_HAVE_CAIRO
#include <cairo.h>
#endif

int plot_path_is_png(const char *path) {
    const size_t n = strlen(path);
    if (n < 4) {
        return 0;
    }
    const char *e = path + n - 4;
    return e[0] == '.' && tolower((unsigned char)e[1]) == 'p' &&
           tolower((unsigned char)e[2]) == 'n' && tolower((unsigned char)e[3]) == 'g';
}

int plot_png_available(void) {
#ifdef GRUNDY_HAVE_CAIRO
    return 1;
#else
    return 0;
#endif
}

static char *dup_with_suffix(const char *s, const char *suffix) {
    const size_t a = strlen(s), b = strlen(suffix);
    char *out = malloc(a + b + 1);
    if (out != NULL) {
        memcpy(out, s, a);
        memcpy(out + a, suffix, b + 1);
    }
    return out;
}

int plot_open(plot_canvas *c, const char *path, double width, double height) {
    memset(c, 0, sizeof *c);
    c->width = width;
    c->height = height;
    c->png = plot_path_is_png(path);
    c->path = dup_with_suffix(path, "");
    if (c->path == NULL) {
        plot_abandon(c);
        errno = ENOMEM;
        return -1;
    }
    if (c->png) {
#ifdef GRUNDY_HAVE_CAIRO
        c->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)width, (int)height);
        c->cr = cairo_create(c->surface);
        cairo_set_source_rgb(c->cr, 1, 1, 1);
        cairo_paint(c->cr);
        cairo_select_font_face(c->cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                               CAIRO_FONT_WEIGHT_NORMAL);
        return 0;
#else
        plot_abandon(c);
        errno = ENOTSUP;
        return -1;
#endif
    }
    if (grundy_file_out_open(path, &c->out) != GRUNDY_STATUS_OK) {
        const int e = errno;
        plot_abandon(c);
        errno = e;
        return -1;
    }
    c->svg = grundy_file_out_stream(c->out);
    fprintf(c->svg,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
            "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
            width, height, width, height);
    return 0;
}

void plot_abandon(plot_canvas *c) {
    grundy_file_out_discard(c->out); /* a failed plot leaves no half file */
#ifdef GRUNDY_HAVE_CAIRO
    if (c->cr != NULL) {
        cairo_destroy(c->cr);
        cairo_surface_destroy(c->surface);
    }
#endif
    free(c->path);
    memset(c, 0, sizeof *c);
}

/* The temporary file renamed onto the path (grundy_file_out_commit); -1 with errno set. */
static int finish_file(plot_canvas *c) {
    grundy_file_out *const out = c->out;
    c->out = NULL;
    c->svg = NULL;
    return grundy_file_out_commit(out) == GRUNDY_STATUS_OK ? 0 : -1;
}

#ifdef GRUNDY_HAVE_CAIRO
static cairo_status_t write_png_chunk(void *closure, const unsigned char *data,
                                      unsigned int length) {
    return fwrite(data, 1, length, (FILE *)closure) == length ? CAIRO_STATUS_SUCCESS
                                                              : CAIRO_STATUS_WRITE_ERROR;
}
#endif

int plot_close(plot_canvas *c) {
    int rc = 0;
    if (c->svg != NULL) {
        fputs("</svg>\n", c->svg);
        rc = finish_file(c);
    }
#ifdef GRUNDY_HAVE_CAIRO
    else if (c->cr != NULL) {
        if (grundy_file_out_open(c->path, &c->out) != GRUNDY_STATUS_OK) {
            rc = -1;
        } else if (cairo_surface_write_to_png_stream(c->surface, write_png_chunk,
                                                     grundy_file_out_stream(c->out)) !=
                   CAIRO_STATUS_SUCCESS) {
            errno = EIO;
            rc = -1; /* plot_abandon removes the temporary file */
        } else {
            rc = finish_file(c);
        }
    }
#endif
    const int e = errno;
    plot_abandon(c);
    errno = e;
    return rc;
}

#ifdef GRUNDY_HAVE_CAIRO
static void set_color(plot_canvas *c, const char *hex, double alpha) {
    const unsigned long v = strtoul(hex + 1, NULL, 16);
    cairo_set_source_rgba(c->cr, (double)((v >> 16) & 255) / 255.0,
                          (double)((v >> 8) & 255) / 255.0, (double)(v & 255) / 255.0, alpha);
}
#endif

/* XML-escape text into the SVG. */
static void svg_text(FILE *f, const char *s) {
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '&':
            fputs("&amp;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        default:
            fputc(*s, f);
        }
    }
}

void plot_rect(plot_canvas *c, double x, double y, double w, double h, const char *fill,
               double opacity, const char *attrs) {
    if (c->svg != NULL) {
        fprintf(c->svg,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
                "fill-opacity=\"%g\"%s%s/>\n",
                x, y, w, h, fill, opacity, attrs != NULL ? " " : "", attrs != NULL ? attrs : "");
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    set_color(c, fill, opacity);
    cairo_rectangle(c->cr, x, y, w, h);
    cairo_fill(c->cr);
#endif
}

void plot_line(plot_canvas *c, double x1, double y1, double x2, double y2, const char *color,
               double width, int dashed) {
    if (c->svg != NULL) {
        fprintf(c->svg,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                "stroke-width=\"%g\"%s/>\n",
                x1, y1, x2, y2, color, width, dashed ? " stroke-dasharray=\"4 3\"" : "");
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    static const double dash[] = {4, 3};
    set_color(c, color, 1);
    cairo_set_line_width(c->cr, width);
    cairo_set_dash(c->cr, dash, dashed ? 2 : 0, 0);
    cairo_move_to(c->cr, x1, y1);
    cairo_line_to(c->cr, x2, y2);
    cairo_stroke(c->cr);
    cairo_set_dash(c->cr, dash, 0, 0);
#endif
}

void plot_circle(plot_canvas *c, double cx, double cy, double r, const char *fill,
                 const char *stroke, const char *attrs) {
    if (c->svg != NULL) {
        fprintf(c->svg, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%g\" fill=\"%s\"", cx, cy, r, fill);
        if (stroke != NULL) {
            fprintf(c->svg, " stroke=\"%s\"", stroke);
        }
        fprintf(c->svg, "%s%s/>\n", attrs != NULL ? " " : "", attrs != NULL ? attrs : "");
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    cairo_new_path(c->cr);
    cairo_arc(c->cr, cx, cy, r, 0, 6.283185307179586);
    set_color(c, fill, 1);
    if (stroke != NULL) {
        cairo_fill_preserve(c->cr);
        set_color(c, stroke, 1);
        cairo_set_line_width(c->cr, 1);
        cairo_stroke(c->cr);
    } else {
        cairo_fill(c->cr);
    }
#endif
}

void plot_curve(plot_canvas *c, double x1, double y1, double cx, double cy, double x2, double y2,
                const char *color, double width) {
    if (c->svg != NULL) {
        fprintf(c->svg,
                "<path d=\"M %.2f %.2f Q %.2f %.2f %.2f %.2f\" fill=\"none\" stroke=\"%s\" "
                "stroke-width=\"%g\"/>\n",
                x1, y1, cx, cy, x2, y2, color, width);
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    /* The cubic with the same shape: control points 2/3 of the way to (cx, cy). */
    set_color(c, color, 1);
    cairo_set_line_width(c->cr, width);
    cairo_move_to(c->cr, x1, y1);
    cairo_curve_to(c->cr, x1 + 2.0 / 3.0 * (cx - x1), y1 + 2.0 / 3.0 * (cy - y1),
                   x2 + 2.0 / 3.0 * (cx - x2), y2 + 2.0 / 3.0 * (cy - y2), x2, y2);
    cairo_stroke(c->cr);
#endif
}

void plot_triangle(plot_canvas *c, const double xy[6], const char *fill) {
    if (c->svg != NULL) {
        fprintf(c->svg, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", xy[0],
                xy[1], xy[2], xy[3], xy[4], xy[5], fill);
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    set_color(c, fill, 1);
    cairo_move_to(c->cr, xy[0], xy[1]);
    cairo_line_to(c->cr, xy[2], xy[3]);
    cairo_line_to(c->cr, xy[4], xy[5]);
    cairo_close_path(c->cr);
    cairo_fill(c->cr);
#endif
}

void plot_text(plot_canvas *c, double x, double y, double size, int anchor, int vertical,
               const char *color, const char *text) {
    if (c->svg != NULL) {
        static const char *const anchors[] = {"start", "middle", "end"};
        fprintf(c->svg, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%g\" fill=\"%s\"", x, y, size,
                color);
        if (anchor != PLOT_START) {
            fprintf(c->svg, " text-anchor=\"%s\"", anchors[anchor + 1]);
        }
        if (vertical) {
            fprintf(c->svg, " transform=\"rotate(-90 %.2f %.2f)\"", x, y);
        }
        fputc('>', c->svg);
        svg_text(c->svg, text);
        fputs("</text>\n", c->svg);
        return;
    }
#ifdef GRUNDY_HAVE_CAIRO
    cairo_text_extents_t ext;
    cairo_set_font_size(c->cr, size);
    cairo_text_extents(c->cr, text, &ext);
    const double shift = anchor == PLOT_START    ? 0
                         : anchor == PLOT_MIDDLE ? ext.x_advance / 2
                                                 : ext.x_advance;
    set_color(c, color, 1);
    cairo_save(c->cr);
    cairo_translate(c->cr, x, y);
    if (vertical) {
        cairo_rotate(c->cr, -1.5707963267948966);
    }
    cairo_move_to(c->cr, -shift, 0);
    cairo_show_text(c->cr, text);
    cairo_restore(c->cr);
#endif
}
