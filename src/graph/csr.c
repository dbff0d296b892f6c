/* SPDX-License-Identifier: MIT */
/* Compressed sparse rows: the reverse rows by one counting sort of the edge list, the forward
 * rows on demand by transposing the reverse ones (so the edge list need not be kept). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise */
#endif
#include "graph/graph_impl.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

int grundy_graph_huge_pages = 1;

#if defined(__GNUC__)
#define CSR_PREFETCH(p) __builtin_prefetch((p), 1, 0)
#else
#define CSR_PREFETCH(p) ((void)(p))
#endif
enum { FILL_AHEAD = 32 };

enum { HUGE_PAGE = 2u << 20 };

void *grundy_graph_alloc_big(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (grundy_graph_huge_pages && bytes >= 2u * HUGE_PAGE && bytes <= SIZE_MAX - HUGE_PAGE) {
        /* aligned_alloc wants a multiple of the alignment */
        const size_t size = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void *const p = aligned_alloc(HUGE_PAGE, size);
        if (p != NULL) {
            madvise(p, size, MADV_HUGEPAGE); /* advice only: failure changes nothing */
        }
        return p;
    }
#endif
    return malloc(bytes == 0 ? 1 : bytes);
}

static void *alloc_u32(uint64_t count) {
    return grundy_graph_alloc_big((size_t)count * sizeof(uint32_t));
}

void grundy_graph_destroy(grundy_graph *g) {
    if (g != NULL) {
        free(g->out_degree);
        free(g->rev_off);
        free(g->rev);
        free(g->fwd_off);
        free(g->fwd);
        free(g);
    }
}

/* Counting sort of the edges by target: rev_off[v+1] counts, prefix sums, then each source is
 * placed at rev_off[v]++ and the offsets are shifted back. Sources of one row keep input order. */
static void fill_reverse(grundy_graph *g, const uint32_t *from, const uint32_t *to) {
    uint32_t *const off = g->rev_off;
    memset(off, 0, ((size_t)g->n + 1) * sizeof *off);
    memset(g->out_degree, 0, (size_t)g->n * sizeof *g->out_degree);
    /* Both loops touch memory at random on a random graph: prefetch FILL_AHEAD edges ahead (and
     * the destination slot half as far, once its offset has arrived). */
    for (uint32_t i = 0; i < g->m; i++) {
        if (i + FILL_AHEAD < g->m) {
            CSR_PREFETCH(&off[to[i + FILL_AHEAD] + (size_t)1]);
            CSR_PREFETCH(&g->out_degree[from[i + FILL_AHEAD]]);
        }
        off[to[i] + (size_t)1]++;
        g->out_degree[from[i]]++;
    }
    g->max_out_degree = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        g->max_out_degree =
            g->out_degree[u] > g->max_out_degree ? g->out_degree[u] : g->max_out_degree;
    }
    for (uint32_t v = 0; v < g->n; v++) {
        off[v + (size_t)1] += off[v];
    }
    for (uint32_t i = 0; i < g->m; i++) {
        if (i + FILL_AHEAD < g->m) {
            CSR_PREFETCH(&off[to[i + FILL_AHEAD]]);
            CSR_PREFETCH(&g->rev[off[to[i + FILL_AHEAD / 2]]]);
        }
        g->rev[off[to[i]]++] = from[i];
    }
    memmove(off + 1, off, (size_t)g->n * sizeof *off);
    off[0] = 0;
}

grundy_status grundy_graph_build(grundy_graph **out, uint32_t n, uint32_t m, const uint32_t *from,
                                 const uint32_t *to) {
    grundy_graph *const g = calloc(1, sizeof *g);
    if (g == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    g->n = n;
    g->m = m;
    g->out_degree = alloc_u32(n);
    g->rev_off = alloc_u32((uint64_t)n + 1);
    g->rev = alloc_u32(m);
    if (g->out_degree == NULL || g->rev_off == NULL || g->rev == NULL) {
        grundy_graph_destroy(g);
        return GRUNDY_STATUS_NOMEM;
    }
    fill_reverse(g, from, to);
    *out = g;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_graph_create(grundy_graph **out, uint64_t n, uint64_t m, const uint32_t *from,
                                  const uint32_t *to) {
    if (out == NULL || (m != 0 && (from == NULL || to == NULL))) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (n > GRUNDY_GRAPH_MAX_VERTICES || m > GRUNDY_GRAPH_MAX_EDGES) {
        return GRUNDY_STATUS_LIMIT;
    }
    for (uint64_t i = 0; i < m; i++) {
        if (from[i] >= n || to[i] >= n) {
            return GRUNDY_STATUS_RANGE;
        }
    }
    return grundy_graph_build(out, (uint32_t)n, (uint32_t)m, from, to);
}

uint64_t grundy_graph_vertex_count(const grundy_graph *g) {
    return g->n;
}

uint64_t grundy_graph_edge_count(const grundy_graph *g) {
    return g->m;
}

uint32_t grundy_graph_out_degree(const grundy_graph *g, uint32_t u) {
    return g->out_degree[u];
}

const uint32_t *grundy_graph_predecessors(const grundy_graph *g, uint32_t v, size_t *count) {
    *count = g->rev_off[v + (size_t)1] - g->rev_off[v];
    return g->rev + g->rev_off[v];
}

const uint32_t *grundy_graph_successors(const grundy_graph *g, uint32_t u, size_t *count) {
    if (g->fwd == NULL) {
        *count = 0;
        return NULL;
    }
    *count = g->fwd_off[u + (size_t)1] - g->fwd_off[u];
    return g->fwd + g->fwd_off[u];
}

/* Transpose the reverse rows: the forward row of u lists v once for each edge u -> v. */
grundy_status grundy_graph_build_forward(grundy_graph *g) {
    if (g->fwd != NULL) {
        return GRUNDY_STATUS_OK;
    }
    uint32_t *const off = alloc_u32((uint64_t)g->n + 1);
    uint32_t *const fwd = alloc_u32(g->m);
    if (off == NULL || fwd == NULL) {
        free(off);
        free(fwd);
        return GRUNDY_STATUS_NOMEM;
    }
    off[0] = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        off[u + (size_t)1] = off[u] + g->out_degree[u];
    }
    for (uint32_t v = 0; v < g->n; v++) {
        for (uint32_t i = g->rev_off[v]; i < g->rev_off[v + (size_t)1]; i++) {
            fwd[off[g->rev[i]]++] = v;
        }
    }
    memmove(off + 1, off, (size_t)g->n * sizeof *off);
    off[0] = 0;
    g->fwd_off = off;
    g->fwd = fwd;
    return GRUNDY_STATUS_OK;
}

uint32_t grundy_graph_source_move_count(void *ctx, uint64_t u) {
    const grundy_graph *const g = ctx;
    return g->out_degree[u];
}

const uint32_t *grundy_graph_source_parents(void *ctx, uint64_t v, size_t *count) {
    const grundy_graph *const g = ctx;
    *count = g->rev_off[v + 1] - g->rev_off[v];
    return g->rev + g->rev_off[v];
}

void grundy_graph_retro_source(const grundy_graph *g, grundy_retro_source *out) {
    memset(out, 0, sizeof *out);
    out->n = g->n;
    /* The core never writes through ctx; the callback signature is shared with mutable sources. */
    out->ctx = (void *)(uintptr_t)g;
    out->max_moves = g->max_out_degree; /* <= 255: 1-byte counters */
    out->move_count = grundy_graph_source_move_count;
    out->parents32 = grundy_graph_source_parents;
    out->parents_stable = 1;
}
