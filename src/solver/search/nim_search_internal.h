/* SPDX-License-Identifier: MIT */
/* The nimber search's insides, shared by its files: the searcher, each thread's scratch. */
#ifndef GRUNDY_SOLVER_SEARCH_NIM_SEARCH_INTERNAL_H
#define GRUNDY_SOLVER_SEARCH_NIM_SEARCH_INTERNAL_H

#include "solver/search/nim_endgame.h"
#include "solver/search/nim_set.h"
#include "solver/search/nim_table.h"
#include "util/pool.h"

#include <grundy/nimsearch.h>

/* An option of a component being searched, once the table and the end-game database have been
 * asked about its components: the xor of the values they knew, and where the rest lie in the
 * level's `unknown` list (the costliest first), so that searching it needs no second split,
 * canonical form or end-game lookup. */
typedef struct nim_option {
    uint32_t first, count; /* in nim_level.unknown */
    uint32_t known;        /* the xor of its recalled components' values */
    uint32_t cost;         /* the size of its costliest unknown component */
    uint32_t excluded;     /* the values 0..31 the table knew the costliest not to have */
} nim_option;

/* The scratch of one depth: the moves of the component valued there, the components of one
 * option (the split's output), and the options not recalled with their unknown components. */
typedef struct nim_level {
    grundy_nim_list moves, parts, unknown;
    uint64_t *slots; /* of each unknown component: its end-game index as it lay */
    size_t slots_cap;
    nim_option *options;
    size_t options_cap;
} nim_level;

typedef struct nim_worker {
    nim_level **levels;
    unsigned levels_cap;
    atomic_uint_fast64_t nodes, hits, known;
    unsigned depth, max_depth;
} nim_worker;

struct grundy_nim_searcher {
    const grundy_nim_game *game;
    grundy_nim_opts opts;
    const char *description; /* the checkpoint's: opts.description or the game's name */
    nim_table table;
    nim_endgame endgame; /* entries 0 when the game numbers no components or none fit */
    grundy_pool *pool;   /* NULL on one thread */
    nim_worker *workers;
    unsigned threads;
    atomic_int status; /* the first failure (or INTERRUPTED) of any thread */
    uint64_t loaded;
    double start, last_progress, last_checkpoint;
};

double nim_now(void);

/* The first failure (or INTERRUPTED) of any thread is kept; later ones are dropped. */
void nim_fail(grundy_nim_searcher *s, grundy_status st);

/* Every few thousand nodes of worker w: the stop flag; on thread 0 the progress report and the
 * checkpoint. */
void nim_tick(grundy_nim_searcher *s, nim_worker *w);

/* The value of canonical component c, searched at depth d when neither the game's theory nor the
 * table knows it; on failure (s->status set) 0. */
uint32_t nim_component_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                             unsigned d);

/* The value of any position p (a sum: the xor of its components') when it lies in `wanted`, else
 * NIM_NOT_IN_SET (or its exact value, which is always allowed). */
uint32_t nim_option_in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                           unsigned d, const nim_set *wanted);

/* p's components into out (cleared first), canonical unless `raw`: _OK or _NOMEM. */
grundy_status nim_split(const grundy_nim_searcher *s, const grundy_nim_pos *p, grundy_nim_list *out,
                        int raw);

/* c in place in its canonical form (unless the options switch symmetry off). */
void nim_canonical(const grundy_nim_searcher *s, grundy_nim_pos *c);

#endif
