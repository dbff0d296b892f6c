/* SPDX-License-Identifier: MIT */
/* The entry points of include/grundy/picture.h: each picture drawn as SVG text or through the
 * caller's callbacks, by the one drawing code of picture_seq.c and picture_graph.c. */
#include "picture/picture_internal.h"

#include <stdlib.h>

static const grundy_picture_opts default_opts = GRUNDY_PICTURE_OPTS_INIT;

/* The callbacks are all there. */
static int canvas_is_complete(const grundy_canvas *cb) {
    return cb != NULL && cb->begin != NULL && cb->rect != NULL && cb->line != NULL &&
           cb->circle != NULL && cb->curve != NULL && cb->triangle != NULL && cb->text != NULL;
}

/* The drawing's status, or the canvas's at its end; the SVG text handed over only when both are
 * OK. */
static grundy_status finish(picture_canvas *c, grundy_status st, char **svg, size_t *len) {
    if (st != GRUNDY_STATUS_OK) {
        picture_end(c, NULL, NULL);
        return st;
    }
    return picture_end(c, svg, len);
}

grundy_status grundy_picture_sequence_svg(const grundy_picture_seq *seq,
                                          const grundy_picture_opts *opts, char **svg,
                                          size_t *len) {
    if (svg == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    *svg = NULL;
    if (seq == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    opts = opts != NULL ? opts : &default_opts;
    picture_canvas c;
    picture_canvas_svg(&c, opts->max_bytes);
    const grundy_status st = picture_draw_sequence(&c, seq, opts);
    return finish(&c, st, svg, len);
}

grundy_status grundy_picture_sequence_draw(const grundy_picture_seq *seq,
                                           const grundy_picture_opts *opts,
                                           const grundy_canvas *canvas) {
    if (seq == NULL || !canvas_is_complete(canvas)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    picture_canvas c;
    picture_canvas_callbacks(&c, canvas);
    const grundy_status st = picture_draw_sequence(&c, seq, opts != NULL ? opts : &default_opts);
    return finish(&c, st, NULL, NULL);
}

grundy_status grundy_picture_graph_svg(const grundy_picture_graph *graph,
                                       const grundy_picture_opts *opts, char **svg, size_t *len) {
    if (svg == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    *svg = NULL;
    if (graph == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    opts = opts != NULL ? opts : &default_opts;
    picture_canvas c;
    picture_canvas_svg(&c, opts->max_bytes);
    const grundy_status st = picture_draw_graph(&c, graph);
    return finish(&c, st, svg, len);
}

grundy_status grundy_picture_graph_draw(const grundy_picture_graph *graph,
                                        const grundy_picture_opts *opts,
                                        const grundy_canvas *canvas) {
    (void)opts; /* nothing of a graph picture is chosen yet */
    if (graph == NULL || !canvas_is_complete(canvas)) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    picture_canvas c;
    picture_canvas_callbacks(&c, canvas);
    const grundy_status st = picture_draw_graph(&c, graph);
    return finish(&c, st, NULL, NULL);
}

void grundy_picture_free(char *svg) {
    free(svg);
}
