/* SPDX-License-Identifier: MIT */
/* The pictures, drawn on a picture_canvas (SVG text or callbacks); include/grundy/picture.h's
 * entry points (picture.c) choose the canvas. */
#ifndef GRUNDY_PICTURE_INTERNAL_H
#define GRUNDY_PICTURE_INTERNAL_H

#include "picture/picture_axes.h"
#include "picture/picture_canvas.h"

/** A sequence picture (picture_seq.c). @return OK, INVALID_ARG, PARSE, NOMEM, or the canvas's
 *  failure. */
grundy_status picture_draw_sequence(picture_canvas *c, const grundy_picture_seq *seq,
                                    const grundy_picture_opts *opts);

/** The frequency bars of a sequence picture (picture_freq.c). @return 0, or -1 (no memory). */
int picture_draw_freq(picture_canvas *c, const seq_view *s);

/** The periodic table of a sequence picture (picture_table.c); its failures in c->st. */
void picture_draw_table(picture_canvas *c, const seq_view *s);

/** A graph picture (picture_graph.c). @return OK, INVALID_ARG, NOMEM, or the canvas's failure. */
grundy_status picture_draw_graph(picture_canvas *c, const grundy_picture_graph *graph);

#endif
