/* SPDX-License-Identifier: MIT */
/* The CSR graph's layout, shared by the graph wing's files (not public). */
#ifndef GRUNDY_GRAPH_IMPL_H
#define GRUNDY_GRAPH_IMPL_H

#include <grundy/graph.h>

struct grundy_graph {
    uint32_t n;
    uint32_t m;
    uint32_t *out_degree; /* n */
    uint32_t *rev_off;    /* n + 1: edges into v are rev[rev_off[v] .. rev_off[v+1]) */
    uint32_t *rev;        /* m sources */
    uint32_t *fwd_off;    /* n + 1, or NULL until grundy_graph_build_forward */
    uint32_t *fwd;        /* m targets, or NULL */
    uint32_t max_out_degree;
};

/* The callbacks of grundy_graph_retro_source: the core recognises them and then reads the rows in
 * place instead of calling them once per position. */
uint32_t grundy_graph_source_move_count(void *ctx, uint64_t u);
const uint32_t *grundy_graph_source_parents(void *ctx, uint64_t v, size_t *count);

/* A block for a big array (free() it): 2 MiB aligned and marked for transparent huge pages on
 * Linux when it is at least 4 MiB, since random accesses to it then miss the TLB far less
 * (bench/bench_memlat.c). NULL when out of memory; never NULL for 0 bytes. */
void *grundy_graph_alloc_big(size_t bytes);

/* Nonzero (the default) lets grundy_graph_alloc_big ask for huge pages; benchmarks set it to 0 to
 * measure what they bring. Not thread-safe to change while graphs are being built. */
extern int grundy_graph_huge_pages;

/* How the threaded QUEUE mode (retro_par_impl.h) cuts its work: levels with fewer positions than
 * small_level run on one worker without a barrier; workers take chunk queue positions (and
 * seed_chunk positions while seeding) at a time. Tests lower them so that small graphs exercise
 * every barrier and race; nothing else writes them. */
typedef struct grundy_retro_par_tuning_t {
    uint64_t small_level, chunk, seed_chunk;
} grundy_retro_par_tuning_t;
extern grundy_retro_par_tuning_t grundy_retro_par_tuning;

/* Build from edge arrays the caller has checked (ids < n, n and m within the maxima). */
grundy_status grundy_graph_build(grundy_graph **out, uint32_t n, uint32_t m, const uint32_t *from,
                                 const uint32_t *to);

#endif
