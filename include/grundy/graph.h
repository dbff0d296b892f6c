/* SPDX-License-Identifier: MIT */
/*
 * Games on directed graphs, cycles allowed: a token moves along an edge, the player who cannot
 * move loses, a game that never ends is a draw. Compressed sparse rows, win/lose/draw with
 * remoteness (through the retrograde core of retro.h), the generalized Sprague-Grundy function
 * (Smith 1966; Fraenkel and Yesha 1986) and sums of tokens.
 */
#ifndef GRUNDY_GRAPH_H
#define GRUNDY_GRAPH_H

#include <grundy/common.h>
#include <grundy/retro.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A directed multigraph in compressed sparse rows: n < 2^32 vertices, m < 2^32 edges. The
 *  reverse rows (who moves into v) always; the forward rows only once asked for (the --sg path). */
typedef struct grundy_graph grundy_graph;

/** Largest vertex count and edge count a grundy_graph holds (ids and row offsets are 32-bit). */
#define GRUNDY_GRAPH_MAX_VERTICES ((uint64_t)UINT32_MAX)
#define GRUNDY_GRAPH_MAX_EDGES    ((uint64_t)UINT32_MAX)

/** Memory a graph of n vertices and m edges is budgeted to need through labelling with
 *  remoteness (reading included): 16 bytes per edge plus 16 per vertex. */
#define GRUNDY_GRAPH_BYTES_PER_EDGE   16u
#define GRUNDY_GRAPH_BYTES_PER_VERTEX 16u
/** Default memory limit of the reader: 24 GiB, the development machine. */
#define GRUNDY_GRAPH_DEFAULT_MAX_BYTES ((uint64_t)24 << 30)

/**
 * Build a graph from an edge list: edge i goes from from[i] to to[i]. Multi-edges and self-loops
 * are kept (each edge is one move).
 * @param[out] out the graph, owned by the caller (grundy_graph_destroy).
 * @param n  vertices 0..n-1, n <= GRUNDY_GRAPH_MAX_VERTICES.
 * @param m  edges, m <= GRUNDY_GRAPH_MAX_EDGES; from/to have m entries (borrowed; NULL if m = 0).
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_RANGE for a vertex >= n; GRUNDY_STATUS_LIMIT for n or m
 *         past the maxima; GRUNDY_STATUS_NOMEM. O(n + m) time, 4m + 8n bytes kept.
 */
GRUNDY_API grundy_status grundy_graph_create(grundy_graph **out, uint64_t n, uint64_t m,
                                             const uint32_t *from, const uint32_t *to);

/** Free a graph; NULL is fine. */
GRUNDY_API void grundy_graph_destroy(grundy_graph *g);

/** Number of vertices. */
GRUNDY_API uint64_t grundy_graph_vertex_count(const grundy_graph *g);
/** Number of edges (moves), multi-edges counted each time. */
GRUNDY_API uint64_t grundy_graph_edge_count(const grundy_graph *g);
/** Number of edges leaving u (u < n). */
GRUNDY_API uint32_t grundy_graph_out_degree(const grundy_graph *g, uint32_t u);

/** The sources of the edges into v, once per edge (borrowed, valid while g lives). */
GRUNDY_API const uint32_t *grundy_graph_predecessors(const grundy_graph *g, uint32_t v,
                                                     size_t *count);

/** Build the forward rows (idempotent): O(n + m) time, 4m + 4n more bytes.
 *  @return GRUNDY_STATUS_OK or GRUNDY_STATUS_NOMEM. */
GRUNDY_API grundy_status grundy_graph_build_forward(grundy_graph *g);

/** The targets of the edges out of u, once per edge (borrowed), or NULL (count 0) before
 *  grundy_graph_build_forward. */
GRUNDY_API const uint32_t *grundy_graph_successors(const grundy_graph *g, uint32_t u,
                                                   size_t *count);

/** The graph as a source for the retrograde core (parents32 into the reverse rows; the source
 *  borrows g). */
GRUNDY_API void grundy_graph_retro_source(const grundy_graph *g, grundy_retro_source *out);

/* ---- Reading --------------------------------------------------------------------------- */

/** Input formats. SEED: "n m", then m lines "u v". EDGES: lines "u v", n = 1 + largest id.
 *  In both, '#' starts a comment to the end of the line and blank lines are skipped. */
typedef enum grundy_graph_format {
    GRUNDY_GRAPH_FORMAT_SEED,
    GRUNDY_GRAPH_FORMAT_EDGES
} grundy_graph_format;

/** Reader options; GRUNDY_GRAPH_READ_OPTS_INIT gives the defaults. */
typedef struct grundy_graph_read_opts {
    grundy_graph_format format;
    /** Refuse graphs whose budget (16 bytes per edge + 16 per vertex) passes this. */
    uint64_t max_bytes;
} grundy_graph_read_opts;
#define GRUNDY_GRAPH_READ_OPTS_INIT                                                                \
    { .format = GRUNDY_GRAPH_FORMAT_SEED, .max_bytes = GRUNDY_GRAPH_DEFAULT_MAX_BYTES }

/**
 * Read a graph from a stream (read once, front to back, in chunks; the text is never held whole).
 * @param in    the stream (borrowed; not closed).
 * @param opts  format and limits, or NULL for the defaults.
 * @param[out] out  the graph (caller's).
 * @param[out] diag where and why the input was refused, or NULL. The line is 1-based.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_PARSE (not a number, missing or extra numbers on a
 *         line, empty input, fewer or more edge lines than m); GRUNDY_STATUS_RANGE (a vertex out of
 *         range, a number too large); GRUNDY_STATUS_LIMIT (n or m past opts->max_bytes or the
 *         maxima); GRUNDY_STATUS_IO; GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_graph_read(FILE *in, const grundy_graph_read_opts *opts,
                                           grundy_graph **out, grundy_diag *diag);

/** As grundy_graph_read, from `len` bytes of memory (need not be NUL-terminated). */
GRUNDY_API grundy_status grundy_graph_parse(const char *text, size_t len,
                                            const grundy_graph_read_opts *opts, grundy_graph **out,
                                            grundy_diag *diag);

/* ---- Win / lose / draw and remoteness ----------------------------------------------------- */

/** Labels of every vertex (caller's storage, freed with grundy_graph_labels_free). */
typedef struct grundy_graph_labels {
    uint64_t n;
    uint8_t *outcomes;    /**< packed, 2 bits a vertex: grundy_retro_outcome_get(outcomes, v) */
    uint32_t *remoteness; /**< n entries or NULL; GRUNDY_REMOTENESS_NONE for a draw */
    uint64_t win, lose, draw;
} grundy_graph_labels;

/**
 * Label every vertex W/L/D for the player to move, with remoteness when asked (retro.h).
 * @param g  the graph (borrowed).
 * @param want_remoteness nonzero to fill out->remoteness.
 * @param[out] out  labels; free with grundy_graph_labels_free (also after a failure).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_NOMEM. O(n + m) time; n/4 + 8n bytes (4n more with
 *         remoteness, which then holds the counters while running).
 */
GRUNDY_API grundy_status grundy_graph_label(const grundy_graph *g, int want_remoteness,
                                            grundy_graph_labels *out);

/**
 * grundy_graph_label on `threads` threads (0 or 1: the calling thread alone; the CLI passes the
 * number of cores). The labels are the same for every number of threads (retro.h).
 */
GRUNDY_API grundy_status grundy_graph_label_threads(const grundy_graph *g, int want_remoteness,
                                                    unsigned threads, grundy_graph_labels *out);

/** Free what grundy_graph_label put in `labels` (not the struct itself); NULL is fine. */
GRUNDY_API void grundy_graph_labels_free(grundy_graph_labels *labels);

/* ---- The generalized Sprague-Grundy function ---------------------------------------------- */

/** gamma(v): a natural number, or infinity(K) with K the finite values of v's followers. */
typedef struct grundy_graph_sg grundy_graph_sg;

/**
 * Compute gamma for every vertex: the vertices that cannot reach a cycle get their ordinary
 * Sprague-Grundy values (mex of the followers') in one O(n + m) pass; Smith's labelling
 * (loopy-games.md) then runs on the rest only, each round a retrograde count costing
 * O(unlabelled vertices + edges into the vertices labelled or marked in it), at most 2 + the
 * largest finite value rounds. Builds g's forward rows if needed; 21n bytes of scratch.
 * @param[out] out  the values (caller's; grundy_graph_sg_destroy).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_graph_sg_compute(grundy_graph *g, grundy_graph_sg **out);

/** Free; NULL is fine. */
GRUNDY_API void grundy_graph_sg_destroy(grundy_graph_sg *sg);

/** Number of vertices the values are for. */
GRUNDY_API uint64_t grundy_graph_sg_vertex_count(const grundy_graph_sg *sg);

/** 1 and *value = gamma(v) when finite; 0 when infinite (then see grundy_graph_sg_inf_set). */
GRUNDY_API int grundy_graph_sg_finite(const grundy_graph_sg *sg, uint32_t v, uint32_t *value);

/** K of an infinite vertex, ascending, without repeats (borrowed); NULL and 0 for a finite one. */
GRUNDY_API const uint32_t *grundy_graph_sg_inf_set(const grundy_graph_sg *sg, uint32_t v,
                                                   size_t *count);

/** The outcome gamma(v) implies: 0 lose, finite > 0 win, infinity(K) win iff 0 is in K, else draw.
 */
GRUNDY_API grundy_outcome grundy_graph_sg_outcome(const grundy_graph_sg *sg, uint32_t v);

/**
 * Outcome of a sum: one token on each of tokens[0..k-1] (repeats allowed), a move moves one token.
 * Finite values xor to a; with no infinite part the sum is a (lose iff a = 0); with one,
 * infinity(K) + a = infinity(K xor a), a win iff a is in K, else a draw; with two or more, a draw
 * (Smith 1966). k = 0 is the empty sum: a loss.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE for a token >= n.
 */
GRUNDY_API grundy_status grundy_graph_sum_outcome(const grundy_graph_sg *sg, const uint32_t *tokens,
                                                  size_t k, grundy_outcome *out);

#ifdef __cplusplus
}
#endif
#endif
