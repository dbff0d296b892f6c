/* SPDX-License-Identifier: MIT */
/* Pictures to files: the library's SVG text, or the PNG drawn by plot_cairo.c, written to a
 * temporary file of its own beside the path and renamed onto it at the end, so that a failed plot
 * leaves no half file. */
#include "plot.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int plot_path_is_png(const char *path) {
    const size_t n = strlen(path);
    if (n < 4) {
        return 0;
    }
    const char *e = path + n - 4;
    return e[0] == '.' && tolower((unsigned char)e[1]) == 'p' &&
           tolower((unsigned char)e[2]) == 'n' && tolower((unsigned char)e[3]) == 'g';
}

grundy_status plot_render(const plot_job *job, int png, plot_bytes *out) {
    memset(out, 0, sizeof *out);
    if (png) {
        return plot_render_png(job, out);
    }
    char *svg = NULL;
    const grundy_status st = job->seq != NULL
                                 ? grundy_picture_sequence_svg(job->seq, job->opts, &svg, &out->len)
                                 : grundy_picture_graph_svg(job->graph, job->opts, &svg, &out->len);
    out->data = (unsigned char *)svg;
    return st;
}

void plot_bytes_free(plot_bytes *b) {
    if (b->png) {
        free(b->data);
    } else {
        grundy_picture_free((char *)b->data);
    }
    memset(b, 0, sizeof *b);
}

int plot_save(const char *path, const plot_bytes *b) {
    grundy_file_out *out = NULL;
    if (grundy_file_out_open(path, &out) != GRUNDY_STATUS_OK) {
        return -1;
    }
    if (fwrite(b->data, 1, b->len, grundy_file_out_stream(out)) != b->len) {
        const int e = errno;
        grundy_file_out_discard(out);
        errno = e != 0 ? e : EIO;
        return -1;
    }
    return grundy_file_out_commit(out) == GRUNDY_STATUS_OK ? 0 : -1;
}

/* The arrays a graph picture reads, owned here. */
typedef struct graph_arrays {
    uint32_t *from, *to;
    unsigned char *outcome;
} graph_arrays;

static void free_arrays(graph_arrays *a) {
    free(a->from);
    free(a->to);
    free(a->outcome);
}

/* The graph as the library takes it: its edges u -> v in vertex order and the outcomes unpacked.
 * 0, or -1 (out of memory, nothing held). */
static int graph_data(grundy_graph *g, const grundy_graph_labels *labels, graph_arrays *a,
                      grundy_picture_graph *d) {
    const uint64_t n = grundy_graph_vertex_count(g), m = grundy_graph_edge_count(g);
    uint32_t *const from = a->from = malloc((size_t)m * sizeof *from + 1);
    uint32_t *const to = a->to = malloc((size_t)m * sizeof *to + 1);
    unsigned char *const outcome = a->outcome = malloc((size_t)n + 1);
    if (from == NULL || to == NULL || outcome == NULL) {
        free_arrays(a);
        return -1;
    }
    uint64_t e = 0;
    for (uint32_t u = 0; u < n; u++) {
        size_t deg = 0;
        const uint32_t *succ = grundy_graph_successors(g, u, &deg);
        for (size_t i = 0; i < deg; i++, e++) {
            from[e] = u;
            to[e] = succ[i];
        }
        outcome[u] = (unsigned char)grundy_retro_outcome_get(labels->outcomes, u);
    }
    const grundy_picture_graph data = {(uint32_t)n, e, from, to, outcome, labels->remoteness};
    *d = data;
    return 0;
}

int plot_graph_file(const char *path, grundy_graph *g, const grundy_graph_labels *labels) {
    const size_t len = strlen(path);
    if (grundy_graph_vertex_count(g) > GRUNDY_PICTURE_GRAPH_MAX_VERTICES ||
        labels->remoteness == NULL ||
        (!plot_path_is_png(path) && (len < 4 || strcmp(path + len - 4, ".svg") != 0))) {
        errno = EINVAL;
        return -1;
    }
    grundy_picture_graph d;
    graph_arrays a;
    if (grundy_graph_build_forward(g) != GRUNDY_STATUS_OK || graph_data(g, labels, &a, &d) != 0) {
        errno = ENOMEM;
        return -1;
    }
    grundy_picture_opts opts = GRUNDY_PICTURE_OPTS_INIT;
    opts.max_bytes = SIZE_MAX; /* bounded by the vertices, not by the text */
    const plot_job job = {NULL, &d, &opts};
    plot_bytes b;
    const grundy_status st = plot_render(&job, plot_path_is_png(path), &b);
    int rc = -1;
    if (st == GRUNDY_STATUS_OK) {
        rc = plot_save(path, &b);
    } else {
        errno = st == GRUNDY_STATUS_UNSUPPORTED ? ENOTSUP : st == GRUNDY_STATUS_IO ? EIO : ENOMEM;
    }
    const int e = errno;
    plot_bytes_free(&b);
    free_arrays(&a);
    errno = e;
    return rc;
}
