/* SPDX-License-Identifier: MIT */
/*
 * The searcher: its table (filled from a checkpoint when there is one), its threads, and the
 * questions asked of it. With several threads the options of the start's components are asked
 * in parallel, each by one thread with its own scratch and the shared table, whether their value
 * is m, for m = 0, 1, 2, ... in turn: the first m no option has is the mex, whatever the number
 * of threads.
 */
#include "solver/search/nim_search_internal.h"

#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORKER_RESERVE ((uint64_t)1 << 20) /* scratch a thread, taken from max_bytes */

static void free_workers(grundy_nim_searcher *s) {
    for (unsigned t = 0; s->workers != NULL && t < s->threads; t++) {
        nim_worker *const w = &s->workers[t];
        for (unsigned d = 0; d < w->levels_cap; d++) {
            if (w->levels[d] != NULL) {
                grundy_nim_list_free(&w->levels[d]->moves);
                grundy_nim_list_free(&w->levels[d]->parts);
                grundy_nim_list_free(&w->levels[d]->unknown);
                free(w->levels[d]->slots);
                free(w->levels[d]->options);
                free(w->levels[d]);
            }
        }
        free(w->levels);
    }
    free(s->workers);
}

void grundy_nim_searcher_destroy(grundy_nim_searcher *s) {
    if (s == NULL) {
        return;
    }
    grundy_pool_destroy(s->pool);
    free_workers(s);
    nim_table_free(&s->table);
    nim_endgame_free(&s->endgame);
    free(s);
}

/* The end-game database (at most a quarter of max_bytes), then the table in what max_bytes
 * leaves after it and the threads' scratch, filled from the checkpoint. */
static grundy_status open_table(grundy_nim_searcher *s) {
    const uint64_t reserve = WORKER_RESERVE * s->threads;
    if (s->opts.max_bytes <= reserve) {
        return GRUNDY_STATUS_LIMIT;
    }
    const uint64_t quarter = s->opts.max_bytes / 4;
    const uint64_t endgame = s->game->endgame_index == NULL    ? 0
                             : s->opts.endgame_bytes < quarter ? s->opts.endgame_bytes
                                                               : quarter;
    grundy_status st = nim_endgame_init(&s->endgame, endgame);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    const uint64_t used = reserve + endgame;
    if (s->opts.max_bytes <= used) {
        return GRUNDY_STATUS_LIMIT;
    }
    st = nim_table_init(&s->table, s->game->words, s->opts.max_bytes - used, s->threads > 1);
    if (st != GRUNDY_STATUS_OK || s->opts.checkpoint == NULL) {
        return st;
    }
    FILE *const probe = fopen(s->opts.checkpoint, "rb");
    if (probe == NULL) {
        return GRUNDY_STATUS_OK; /* a first run: nothing to resume */
    }
    fclose(probe);
    return nim_table_load(&s->table, s->description, s->opts.checkpoint, &s->loaded);
}

grundy_status grundy_nim_searcher_create(const grundy_nim_game *game, const grundy_nim_opts *opts,
                                         grundy_nim_searcher **out) {
    static const grundy_nim_opts defaults = GRUNDY_NIM_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    *out = NULL;
    if (game == NULL || game->moves == NULL || game->words < 1 || game->words > GRUNDY_NIM_WORDS) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    grundy_nim_searcher *const s = calloc(1, sizeof *s);
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    s->game = game;
    s->opts = opts != NULL ? *opts : defaults;
    s->description = s->opts.description != NULL ? s->opts.description : game->name;
    s->threads = s->opts.threads < 1 ? 1 : s->opts.threads;
    atomic_init(&s->status, GRUNDY_STATUS_OK);
    s->workers = calloc(s->threads, sizeof *s->workers);
    GRUNDY_CHECK(s->workers != NULL, GRUNDY_STATUS_NOMEM);
    if (s->threads > 1) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
    GRUNDY_TRY(open_table(s));
    s->start = s->last_progress = s->last_checkpoint = nim_now();
    *out = s;
    return GRUNDY_STATUS_OK;
cleanup:
    grundy_nim_searcher_destroy(s);
    return st;
}

typedef struct root_job {
    grundy_nim_searcher *s;
    const grundy_nim_list *options;
    const nim_set *wanted;
    atomic_int found; /* an option's value is in `wanted`: the others need not be asked */
} root_job;

static void ask_option(void *arg, uint64_t i, unsigned w) {
    root_job *const job = arg;
    grundy_nim_searcher *const s = job->s;
    if (atomic_load_explicit(&s->status, memory_order_relaxed) != GRUNDY_STATUS_OK ||
        atomic_load_explicit(&job->found, memory_order_relaxed)) {
        return;
    }
    const uint32_t v =
        nim_option_in_set(s, &s->workers[w], &job->options->items[i], 1, job->wanted);
    if (v != NIM_NOT_IN_SET && nim_set_has(job->wanted, v)) {
        atomic_store_explicit(&job->found, 1, memory_order_relaxed);
    }
}

/* Component c valued with its options shared among the threads, by the questions one thread
 * asks: is c's value m, for m = 0, 1, 2, ...? Once the questions below m have failed, c's value
 * is at least m, so it is m exactly when no option has the value m (the mex): each question asks
 * every option only whether its value is m, and stops at the first that has it. Asking every
 * option for its exact value instead searches their whole trees without those cut-offs (Cram 4
 * x 7 searched 16 times the components). */
static grundy_status parallel_component(grundy_nim_searcher *s, const grundy_nim_pos *c,
                                        uint32_t *v) {
    grundy_nim_list options = {0};
    grundy_status st = GRUNDY_STATUS_OK;
    if (nim_table_get(&s->table, c, v) == NIM_TABLE_EXACT ||
        (s->game->known != NULL && !(s->opts.flags & GRUNDY_NIM_NO_THEORY) &&
         s->game->known(s->game->ctx, c, v))) {
        return GRUNDY_STATUS_OK;
    }
    s->game->moves(s->game->ctx, c, &options);
    GRUNDY_CHECK(!options.failed, GRUNDY_STATUS_NOMEM);
    uint32_t m = 0;
    for (; m <= options.count; m++) {
        const nim_set one = nim_set_range(m, m);
        root_job job = {s, &options, &one, 0};
        grundy_pool_run(s->pool, ask_option, &job, options.count);
        st = (grundy_status)atomic_load(&s->status);
        if (st != GRUNDY_STATUS_OK || !atomic_load(&job.found)) {
            break;
        }
    }
    if (st == GRUNDY_STATUS_OK) {
        *v = m;
        nim_table_put(&s->table, c, *v,
                      s->game->size != NULL ? s->game->size(s->game->ctx, c) : 1u);
    }
cleanup:
    grundy_nim_list_free(&options);
    return st;
}

grundy_status grundy_nim_searcher_value(grundy_nim_searcher *s, const grundy_nim_pos *p,
                                        uint32_t *nimber) {
    grundy_nim_list parts = {0};
    grundy_status st = nim_split(s, p, &parts, 0);
    uint32_t v = 0;
    *nimber = 0;
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < parts.count; i++) {
        uint32_t part = 0;
        if (s->pool != NULL) {
            st = parallel_component(s, &parts.items[i], &part);
        } else {
            part = nim_component_value(s, &s->workers[0], &parts.items[i], 0);
            st = (grundy_status)atomic_load(&s->status);
        }
        v ^= part;
    }
    grundy_nim_list_free(&parts);
    if ((st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_INTERRUPTED) && s->opts.checkpoint != NULL) {
        const grundy_status saved = grundy_nim_searcher_save(s);
        st = st == GRUNDY_STATUS_OK ? saved : st;
    }
    *nimber = st == GRUNDY_STATUS_OK ? v : 0;
    return st;
}

grundy_status grundy_nim_search(const grundy_nim_game *game, const grundy_nim_pos *p,
                                const grundy_nim_opts *opts, uint32_t *nimber,
                                grundy_nim_stats *stats) {
    grundy_nim_searcher *s = NULL;
    grundy_status st = grundy_nim_searcher_create(game, opts, &s);
    *nimber = 0;
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_nim_searcher_value(s, p, nimber);
        if (stats != NULL) {
            grundy_nim_searcher_stats(s, stats);
        }
    }
    grundy_nim_searcher_destroy(s);
    return st;
}
