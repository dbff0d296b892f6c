/* SPDX-License-Identifier: MIT */
/* What the sequence pictures share (picture_seq.c, picture_freq.c, picture_table.c): the frame
 * of the plot, its ticks, the legend column, the title, the colours, and the view of the input
 * with its statistics. */
#ifndef GRUNDY_PICTURE_AXES_H
#define GRUNDY_PICTURE_AXES_H

#include "picture/picture_canvas.h"

#include <grundy/stats.h>

#define LEFT       72.0
#define TOP        48.0
#define PLOT_W     640.0
#define PLOT_H     420.0
#define SEQ_WIDTH  960.0
#define SEQ_HEIGHT 540.0
#define COMMON_RGB "#2b5d9b"
#define RARE_RGB   "#d7301f"
#define PRE_RGB    "#bdbdbd"
#define PERIOD_RGB "#9ecae1"
#define AXIS_RGB   "#333333"
#define GRID_RGB   "#eeeeee"

/* A sequence to draw, with what the drawing reads besides the values. */
typedef struct seq_view {
    const char *title_rule;      /* "Kayles (0.77)", or the canonical form */
    const uint64_t *g;           /* g(0..to) */
    uint64_t from, to;           /* the heaps drawn */
    grundy_period_result period; /* found == 0: none marked */
    const grundy_stats *stats;   /* of g(0..to): the labelling `stats` and `survey` print */
    int sparse;                  /* the rare/common split is drawn (picture_is_sparse) */
    const grundy_picture_opts *opts;
} seq_view;

/* Heap n is drawn as rare: the split is drawn and the labelling calls it rare. */
int picture_rare(const seq_view *s, uint64_t n);

/* A tick step of 1, 2 or 5 times a power of ten giving at most `most` ticks over [0, span]. */
uint64_t picture_nice_step(uint64_t span, uint64_t most);

/* The two axis lines and their labels. */
void picture_frame(picture_canvas *c, const char *xlabel, const char *ylabel);

/* Ticks on the x axis for the integers first..last, integer v at x0 + (v - first + 0.5) * unit. */
void picture_x_ticks(picture_canvas *c, uint64_t first, uint64_t last, double unit);

/* A tick, a grid line and a label on the y axis at pixel y. */
void picture_y_tick(picture_canvas *c, double y, const char *label);

/* One legend line at row `row`: a swatch (dot or box) and a text. */
void picture_legend_entry(picture_canvas *c, int row, const char *color, int box, const char *text);

/* The labelling's lines (rows 0 to 2): the values' colour, the rare heaps among 1..to and the
 * mask as `grundy stats` prints them, and whether the split is drawn. */
void picture_rare_legend(picture_canvas *c, const seq_view *s, int box);

#endif
