/* SPDX-License-Identifier: MIT */
/* The drawing surface: each shape becomes an SVG element appended to a growing buffer (bounded by
 * max_bytes), or a call of the caller's grundy_canvas. */
#include "picture/picture_canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void picture_canvas_svg(picture_canvas *c, size_t max_bytes) {
    memset(c, 0, sizeof *c);
    c->max_bytes = max_bytes;
}

void picture_canvas_callbacks(picture_canvas *c, const grundy_canvas *cb) {
    memset(c, 0, sizeof *c);
    c->cb = cb;
}

/* Room for `more` bytes and a NUL past len: LIMIT past max_bytes, NOMEM. */
static int reserve(picture_canvas *c, size_t more) {
    if (more > c->max_bytes - c->len) {
        c->st = GRUNDY_STATUS_LIMIT;
        return -1;
    }
    if (c->len + more < c->cap) {
        return 0;
    }
    size_t cap = c->cap < 4096 ? 4096 : c->cap;
    while (cap <= c->len + more) {
        cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
    }
    char *const grown = realloc(c->buf, cap);
    if (grown == NULL) {
        c->st = GRUNDY_STATUS_NOMEM;
        return -1;
    }
    c->buf = grown;
    c->cap = cap;
    return 0;
}

/* Append formatted text to the SVG (nothing once a failure is kept). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
svg_printf(picture_canvas *c, const char *fmt, ...) {
    if (c->st != GRUNDY_STATUS_OK) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(c->buf != NULL ? c->buf + c->len : NULL,
                            c->buf != NULL ? c->cap - c->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        c->st = GRUNDY_STATUS_INTERNAL;
        return;
    }
    if (c->buf != NULL && (size_t)n < c->cap - c->len && (size_t)n <= c->max_bytes - c->len) {
        c->len += (size_t)n;
        return;
    }
    if (reserve(c, (size_t)n) != 0) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(c->buf + c->len, c->cap - c->len, fmt, ap);
    va_end(ap);
    c->len += (size_t)n;
}

/* The drawing goes on: no failure kept yet. */
static int live(const picture_canvas *c) {
    return c->st == GRUNDY_STATUS_OK;
}

void picture_begin(picture_canvas *c, double width, double height) {
    if (c->cb != NULL) {
        if (c->cb->begin(c->cb->ctx, width, height) != 0) {
            c->st = GRUNDY_STATUS_IO;
        }
        return;
    }
    svg_printf(c,
               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
               "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n",
               width, height, width, height);
}

grundy_status picture_end(picture_canvas *c, char **svg, size_t *len) {
    if (c->cb == NULL) {
        svg_printf(c, "</svg>\n");
    }
    const grundy_status st = c->st;
    if (svg != NULL && st == GRUNDY_STATUS_OK && c->cb == NULL) {
        *svg = c->buf;
        if (len != NULL) {
            *len = c->len;
        }
    } else {
        free(c->buf);
    }
    c->buf = NULL;
    return st;
}

/* Extra attributes, after a space, or nothing. */
static const char *space(const char *attrs) {
    return attrs != NULL ? " " : "";
}

static const char *or_empty(const char *attrs) {
    return attrs != NULL ? attrs : "";
}

void picture_rect(picture_canvas *c, double x, double y, double w, double h, const char *fill,
                  double opacity, const char *attrs) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->rect(c->cb->ctx, x, y, w, h, fill, opacity);
        }
        return;
    }
    svg_printf(c,
               "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\" "
               "fill-opacity=\"%g\"%s%s/>\n",
               x, y, w, h, fill, opacity, space(attrs), or_empty(attrs));
}

void picture_line(picture_canvas *c, double x1, double y1, double x2, double y2, const char *color,
                  double width, int dashed) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->line(c->cb->ctx, x1, y1, x2, y2, color, width, dashed);
        }
        return;
    }
    svg_printf(c,
               "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
               "stroke-width=\"%g\"%s/>\n",
               x1, y1, x2, y2, color, width, dashed ? " stroke-dasharray=\"4 3\"" : "");
}

void picture_circle(picture_canvas *c, double cx, double cy, double r, const char *fill,
                    const char *stroke, const char *attrs) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->circle(c->cb->ctx, cx, cy, r, fill, stroke);
        }
        return;
    }
    svg_printf(c, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%g\" fill=\"%s\"", cx, cy, r, fill);
    if (stroke != NULL) {
        svg_printf(c, " stroke=\"%s\"", stroke);
    }
    svg_printf(c, "%s%s/>\n", space(attrs), or_empty(attrs));
}

void picture_curve(picture_canvas *c, double x1, double y1, double cx, double cy, double x2,
                   double y2, const char *color, double width) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->curve(c->cb->ctx, x1, y1, cx, cy, x2, y2, color, width);
        }
        return;
    }
    svg_printf(c,
               "<path d=\"M %.2f %.2f Q %.2f %.2f %.2f %.2f\" fill=\"none\" stroke=\"%s\" "
               "stroke-width=\"%g\"/>\n",
               x1, y1, cx, cy, x2, y2, color, width);
}

void picture_triangle(picture_canvas *c, const double xy[6], const char *fill) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->triangle(c->cb->ctx, xy, fill);
        }
        return;
    }
    svg_printf(c, "<polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", xy[0], xy[1],
               xy[2], xy[3], xy[4], xy[5], fill);
}

/* XML-escape text into the SVG. */
static void svg_escaped(picture_canvas *c, const char *s) {
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<':
            svg_printf(c, "&lt;");
            break;
        case '>':
            svg_printf(c, "&gt;");
            break;
        case '&':
            svg_printf(c, "&amp;");
            break;
        case '"':
            svg_printf(c, "&quot;");
            break;
        default:
            svg_printf(c, "%c", *s);
        }
    }
}

void picture_text(picture_canvas *c, double x, double y, double size, int anchor, int vertical,
                  const char *color, const char *text) {
    picture_text_with(c, x, y, size, anchor, vertical, color, text, NULL);
}

void picture_text_with(picture_canvas *c, double x, double y, double size, int anchor, int vertical,
                       const char *color, const char *text, const char *attrs) {
    if (c->cb != NULL) {
        if (live(c)) {
            c->cb->text(c->cb->ctx, x, y, size, anchor, vertical, color, text);
        }
        return;
    }
    static const char *const anchors[] = {"start", "middle", "end"};
    svg_printf(c, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"%g\" fill=\"%s\"", x, y, size, color);
    if (anchor != GRUNDY_PICTURE_START) {
        svg_printf(c, " text-anchor=\"%s\"", anchors[anchor + 1]);
    }
    if (vertical) {
        svg_printf(c, " transform=\"rotate(-90 %.2f %.2f)\"", x, y);
    }
    svg_printf(c, "%s%s>", space(attrs), or_empty(attrs));
    svg_escaped(c, text);
    svg_printf(c, "</text>\n");
}
