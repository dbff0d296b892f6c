/* SPDX-License-Identifier: MIT */
/* grundy's pictures as files. The library draws them (grundy/picture.h); the tool writes SVG as
 * the library's text, or PNG drawn through the library's callbacks on a cairo surface
 * (plot_cairo.c, when the build found cairo), whole or not at all (grundy_file_out). */
#ifndef GRUNDY_CLI_PLOT_H
#define GRUNDY_CLI_PLOT_H

#include <grundy/grundy.h>

/** Nonzero when `path` ends in .png (either case). */
int plot_path_is_png(const char *path);

/** Nonzero when this build writes PNG files. */
int plot_png_available(void);

/** What to draw: a sequence or a graph (the other NULL), with the options (NULL: defaults). */
typedef struct plot_job {
    const grundy_picture_seq *seq;
    const grundy_picture_graph *graph;
    const grundy_picture_opts *opts;
} plot_job;

/** A drawn picture's bytes: SVG text, or a PNG file's bytes. */
typedef struct plot_bytes {
    unsigned char *data;
    size_t len;
    int png;
} plot_bytes;

/** Draw the job as SVG, or as PNG when `png`. @return the library's status (grundy/picture.h),
 *  UNSUPPORTED for PNG without cairo, IO for a PNG cairo cannot encode. */
grundy_status plot_render(const plot_job *job, int png, plot_bytes *out);

/** The PNG through cairo (plot_cairo.c). @return as plot_render. */
grundy_status plot_render_png(const plot_job *job, plot_bytes *out);

void plot_bytes_free(plot_bytes *b);

/** Write the bytes to `path` whole (a temporary file renamed onto it). @return 0, or -1 with
 *  errno set. */
int plot_save(const char *path, const plot_bytes *b);

/**
 * Draw a labelled graph (labels with remoteness) to `path` (.svg, or .png with cairo); builds
 * the graph's forward rows. @return 0, or -1 with errno set (ENOTSUP: PNG without cairo, EINVAL:
 * another extension or too many vertices, ENOMEM).
 */
int plot_graph_file(const char *path, grundy_graph *g, const grundy_graph_labels *labels);

#endif
