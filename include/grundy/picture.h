/* SPDX-License-Identifier: MIT */
/* Pictures: a Grundy sequence (value against heap, or how often each value occurs) and a small
 * game graph coloured by outcome, drawn by the library as SVG text in memory, or through a table
 * of drawing callbacks (the tool draws PNG with cairo that way). The caller writes the file. */
#ifndef GRUNDY_PICTURE_H
#define GRUNDY_PICTURE_H

#include <grundy/period.h>
#include <grundy/stats.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Where a text sits on its point: start, middle or end of the text (SVG's text-anchor). */
typedef enum grundy_picture_anchor {
    GRUNDY_PICTURE_START = -1,
    GRUNDY_PICTURE_MIDDLE = 0,
    GRUNDY_PICTURE_END = 1
} grundy_picture_anchor;

/**
 * A drawing surface as callbacks, for a backend the library does not have (the tool's PNG through
 * cairo; a GUI). Coordinates are pixels with y downwards; colours are "#rrggbb", or "none" for no
 * fill. `begin` comes first, once, with the picture's size; then the shapes, back to front. Every
 * callback is required, and ctx is passed to each.
 */
typedef struct grundy_canvas {
    void *ctx;
    /** The picture's size; nonzero refuses it (the drawing stops with GRUNDY_STATUS_IO). */
    int (*begin)(void *ctx, double width, double height);
    /** A filled rectangle, fill-opacity `opacity` (0..1). */
    void (*rect)(void *ctx, double x, double y, double w, double h, const char *fill,
                 double opacity);
    /** A line, solid or dashed (4 on, 3 off). */
    void (*line)(void *ctx, double x1, double y1, double x2, double y2, const char *color,
                 double width, int dashed);
    /** A circle, filled (`fill` may be "none"), outlined 1 pixel wide when `stroke` is not NULL. */
    void (*circle)(void *ctx, double cx, double cy, double r, const char *fill, const char *stroke);
    /** A quadratic Bezier curve from (x1, y1) to (x2, y2) with control point (cx, cy). */
    void (*curve)(void *ctx, double x1, double y1, double cx, double cy, double x2, double y2,
                  const char *color, double width);
    /** A filled triangle (arrow heads): xy holds x1, y1, x2, y2, x3, y3. */
    void (*triangle)(void *ctx, const double xy[6], const char *fill);
    /** Text with its baseline at y, placed by `anchor` (grundy_picture_anchor), turned -90
     *  degrees about (x, y) when `vertical`; `size` in pixels, sans-serif. */
    void (*text)(void *ctx, double x, double y, double size, int anchor, int vertical,
                 const char *color, const char *text);
} grundy_canvas;

/** What a sequence picture draws. */
typedef enum grundy_picture_kind {
    GRUNDY_PICTURE_VALUES = 0, /**< g(n) against n, the period shaded, rare heaps marked */
    GRUNDY_PICTURE_FREQ = 1,   /**< how many heaps have each value */
    GRUNDY_PICTURE_TABLE = 2   /**< the values in rows, as Winning Ways prints them */
} grundy_picture_kind;

/** The rare/common split of sparse space is drawn only where it is one: when the rare heaps of
 *  the labelling are at most this percent of heaps 1..to (Grundy's game and Officers, with about
 *  one heap in five "rare", are drawn in one colour). */
#define GRUNDY_PICTURE_SPARSE_PERCENT 10

/** A sequence to draw: the values of a rule and what is known of its period. */
typedef struct grundy_picture_seq {
    const char *rule;       /**< the rule, in any form grundy_rule_parse reads (titles it) */
    const uint64_t *values; /**< values[n] = g(n) for n = 0..to */
    uint64_t to;            /**< the last heap, at most GRUNDY_PICTURE_MAX_HEAPS - 1 */
    const grundy_period_result *period; /**< NULL, or found == 0: no period marked */
} grundy_picture_seq;

/** The most heaps a sequence picture takes (more could not be told apart on 640 pixels). */
#define GRUNDY_PICTURE_MAX_HEAPS 10000001u

/** The most vertices a graph picture takes. */
#define GRUNDY_PICTURE_GRAPH_MAX_VERTICES 500u

/** A game graph to draw: edges from[e] -> to[e], each vertex's outcome (grundy_outcome: 0 draw,
 *  1 lose, 2 win) and remoteness (GRUNDY_REMOTENESS_NONE, UINT32_MAX, for a draw). */
typedef struct grundy_picture_graph {
    uint32_t vertices; /**< at most GRUNDY_PICTURE_GRAPH_MAX_VERTICES */
    uint64_t edges;
    const uint32_t *from, *to;
    const unsigned char *outcome;
    const uint32_t *remoteness;
} grundy_picture_graph;

/**
 * The layout of a periodic table (Winning Ways, ch. 4): g(n) in rows of `width` heaps, the
 * preperiod's rows from heap 0 and, after a line, the period's rows from heap n0 (`split`), so
 * that with the period's width each row below the line repeats the one above it (with the saltus
 * added, for an arithmetic period). Row r holds heaps grundy_picture_table_row(t, r, ...).
 */
typedef struct grundy_picture_table {
    uint64_t width;    /**< heaps a row */
    uint64_t split;    /**< the first heap below the line: n0 (0: no line) */
    uint64_t pre_rows; /**< rows above the line */
    uint64_t rows;     /**< rows in all */
    uint64_t count;    /**< heaps 0..count-1 shown */
} grundy_picture_table;

/** Rows of this many heaps when there is no period to take the width from. */
#define GRUNDY_PICTURE_TABLE_WIDTH 10u

/**
 * Lay out a table of g(0..count-1). `period` NULL or not found: no line, rows of `width`
 * (0: GRUNDY_PICTURE_TABLE_WIDTH). Found: width 0 takes the period; count 0 shows the
 * preperiod and one period, in whole rows.
 * @return OK; INVALID_ARG (out NULL; count 0 without a period; count past GRUNDY_NUMBER_MAX).
 */
GRUNDY_API grundy_status grundy_picture_table_layout(const grundy_period_result *period,
                                                     uint64_t width, uint64_t count,
                                                     grundy_picture_table *out);

/** The heaps of row r (r < t->rows): *first, and *end one past the last. */
GRUNDY_API void grundy_picture_table_row(const grundy_picture_table *t, uint64_t row,
                                         uint64_t *first, uint64_t *end);

/** The rare/common split of these statistics is worth marking: its rare heaps are at most
 *  GRUNDY_PICTURE_SPARSE_PERCENT of heaps 1..count-1. The rule every picture and the tool's
 *  table follow. */
GRUNDY_API int grundy_picture_sparse(const grundy_stats *stats);

/** How to draw. Start from GRUNDY_PICTURE_OPTS_INIT (common.h says how option structs grow). */
typedef struct grundy_picture_opts {
    grundy_picture_kind kind; /**< sequences only */
    size_t max_bytes;         /**< the SVG text's limit (not counting its final NUL) */
    uint64_t from;            /**< sequences: the first heap drawn (at most seq->to) */
    int log_scale;            /**< GRUNDY_PICTURE_FREQ: counts on a logarithmic scale */
    uint64_t width;           /**< GRUNDY_PICTURE_TABLE: heaps a row; 0: the period's */
} grundy_picture_opts;

/** 64 MiB of SVG: a picture of 10^7 heaps takes about 3 MB. */
#define GRUNDY_PICTURE_DEFAULT_MAX_BYTES ((size_t)64 << 20)
#define GRUNDY_PICTURE_OPTS_INIT                                                                   \
    { .kind = GRUNDY_PICTURE_VALUES, .max_bytes = GRUNDY_PICTURE_DEFAULT_MAX_BYTES }

/**
 * Draw a sequence as SVG text, titled with the game's name where it has one ("Kayles (0.77)"):
 * heaps opts->from..seq->to against their values (bucketed by pixel column past 640 heaps), the
 * preperiod and one period shaded when `seq->period` has one, the rare heaps of the rare/common
 * labelling of g(0..to) (grundy_stats_of_values) highlighted where the space is sparse
 * (GRUNDY_PICTURE_SPARSE_PERCENT), and a legend; or, with GRUNDY_PICTURE_FREQ, a bar per value
 * (never shorter than 2 pixels for a value that occurs), on a log scale with opts->log_scale; or,
 * with GRUNDY_PICTURE_TABLE, the periodic table (grundy_picture_table_layout with opts->width) of
 * the preperiod and one period (of all of g(0..to) without a period; at most 256 columns and 4096
 * rows, else LIMIT), the rare values of the labelling of g(0..to) marked where it is sparse. The
 * same pictures the tool's `grundy plot` writes.
 * @param opts NULL for GRUNDY_PICTURE_OPTS_INIT.
 * @param[out] svg  malloc'ed, NUL-terminated UTF-8; free it with grundy_picture_free.
 * @param[out] len  its length without the NUL (may be NULL).
 * @return OK; INVALID_ARG (a NULL argument, to past the limit, from past to); PARSE (the rule);
 *         LIMIT (the text would pass opts->max_bytes); NOMEM. O(to log to) time.
 * @code
 *   uint64_t g[121];                            // g(0..120) of Kayles, from grundy_query_values
 *   const grundy_picture_seq s = {"kayles", g, 120, NULL};
 *   char *svg = NULL;
 *   if (grundy_picture_sequence_svg(&s, NULL, &svg, NULL) == GRUNDY_STATUS_OK) fputs(svg, f);
 *   grundy_picture_free(svg);
 * @endcode
 */
GRUNDY_API grundy_status grundy_picture_sequence_svg(const grundy_picture_seq *seq,
                                                     const grundy_picture_opts *opts, char **svg,
                                                     size_t *len);

/** The same picture drawn through `canvas`'s callbacks (opts->max_bytes is not used).
 *  @return OK, INVALID_ARG, PARSE, NOMEM, IO (canvas->begin refused). */
GRUNDY_API grundy_status grundy_picture_sequence_draw(const grundy_picture_seq *seq,
                                                      const grundy_picture_opts *opts,
                                                      const grundy_canvas *canvas);

/**
 * Draw a game graph as SVG text: one column per remoteness (the end of the game on the right,
 * draws on the left), vertices coloured by outcome with their number and remoteness, the moves
 * of perfect play drawn darker. Its size grows with the graph.
 * @param[out] svg, len as grundy_picture_sequence_svg's.
 * @return OK; INVALID_ARG (a NULL argument, too many vertices, an edge's end past them); LIMIT;
 *         NOMEM. O(vertices + edges) time.
 */
GRUNDY_API grundy_status grundy_picture_graph_svg(const grundy_picture_graph *graph,
                                                  const grundy_picture_opts *opts, char **svg,
                                                  size_t *len);

/** The same picture through `canvas`. @return OK, INVALID_ARG, NOMEM, IO. */
GRUNDY_API grundy_status grundy_picture_graph_draw(const grundy_picture_graph *graph,
                                                   const grundy_picture_opts *opts,
                                                   const grundy_canvas *canvas);

/** Free SVG text returned by this module. NULL is allowed. */
GRUNDY_API void grundy_picture_free(char *svg);

#ifdef __cplusplus
}
#endif
#endif
