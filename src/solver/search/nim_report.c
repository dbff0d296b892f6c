/* SPDX-License-Identifier: MIT */
/*
 * What the nimber search reports while it runs: the first failure of any thread, the counters and
 * the checkpoint, every few thousand nodes. Below the searcher and the search alike, so that
 * neither calls the other for them.
 */
#include "solver/search/nim_search_internal.h"

#include <string.h>
#include <time.h>

double nim_now(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void nim_fail(grundy_nim_searcher *s, grundy_status st) {
    int expected = GRUNDY_STATUS_OK;
    atomic_compare_exchange_strong(&s->status, &expected, (int)st);
}

/* Called by the search every few thousand nodes: the stop flag; on thread 0 the progress line and
 * the checkpoint. */
void nim_tick(grundy_nim_searcher *s, nim_worker *w) {
    if (s->opts.stop != NULL && *s->opts.stop) {
        nim_fail(s, GRUNDY_STATUS_INTERRUPTED);
    }
    if (w != &s->workers[0]) {
        return;
    }
    const double now = nim_now();
    if (s->opts.progress != NULL && now - s->last_progress >= s->opts.progress_seconds) {
        grundy_nim_stats st;
        grundy_nim_searcher_stats(s, &st);
        s->opts.progress(s->opts.progress_arg, &st);
        s->last_progress = now;
    }
    if (s->opts.checkpoint != NULL && s->opts.checkpoint_seconds > 0 &&
        now - s->last_checkpoint >= s->opts.checkpoint_seconds) {
        const grundy_status st = grundy_nim_searcher_save(s);
        if (st != GRUNDY_STATUS_OK) {
            nim_fail(s, st);
        }
        s->last_checkpoint = now;
    }
}

void grundy_nim_searcher_stats(const grundy_nim_searcher *s, grundy_nim_stats *out) {
    memset(out, 0, sizeof *out);
    for (unsigned t = 0; t < s->threads; t++) {
        const nim_worker *const w = &s->workers[t];
        out->nodes += atomic_load_explicit(&w->nodes, memory_order_relaxed);
        out->hits += atomic_load_explicit(&w->hits, memory_order_relaxed);
        out->known += atomic_load_explicit(&w->known, memory_order_relaxed);
    }
    out->entries = atomic_load_explicit(&s->table.entries, memory_order_relaxed);
    out->capacity = s->table.buckets * NIM_TABLE_WAYS;
    out->table_bytes = out->capacity * nim_table_slot_bytes(s->table.words);
    out->loaded = s->loaded;
    out->depth = s->workers[0].depth;
    out->max_depth = s->workers[0].max_depth;
    out->seconds = nim_now() - s->start;
}

grundy_status grundy_nim_searcher_save(grundy_nim_searcher *s) {
    if (s->opts.checkpoint == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    return nim_table_save(&s->table, s->description, s->opts.checkpoint);
}
