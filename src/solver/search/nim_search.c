/* SPDX-License-Identifier: MIT */
/*
 * The nimber search. By the Sprague-Grundy theorem a position's nimber is the mex of its options'
 * and a sum's is the xor of its components': value(sum) = xor of value(component), value(c) =
 * mex { value(option) : option of c }. Components are put in canonical form (one table entry per
 * symmetry class), looked up in the transposition table, valued by the game's theory where it
 * knows them (known), and searched otherwise, depth first. The start's options are shared among
 * threads (util/pool.h); below that each thread searches alone, the table shared.
 */
#include "solver/search/nim_search_internal.h"

#include "util/try.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TICK_NODES 4096u

int grundy_nim_list_grow(grundy_nim_list *list) {
    const size_t cap = list->cap < 16 ? 16 : list->cap * 2;
    grundy_nim_pos *const items = realloc(list->items, cap * sizeof *items);
    if (items == NULL) {
        list->failed = 1;
        return 0;
    }
    list->items = items;
    list->cap = cap;
    return 1;
}

void grundy_nim_list_free(grundy_nim_list *list) {
    free(list->items);
    memset(list, 0, sizeof *list);
}

void grundy_nim_game_destroy(grundy_nim_game *game) {
    if (game != NULL && game->destroy != NULL) {
        game->destroy(game->ctx);
    }
    free(game);
}

double nim_now(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The scratch of depth d: its lists and the seen bits of its mex. Each level is its own
 * allocation, so that growing the array never moves a level a caller above is using. */
static nim_level *level(nim_worker *w, unsigned d) {
    if (d >= w->levels_cap) {
        const unsigned cap = d + 16;
        nim_level **const l = realloc(w->levels, cap * sizeof *l);
        if (l == NULL) {
            return NULL;
        }
        memset(l + w->levels_cap, 0, (cap - w->levels_cap) * sizeof *l);
        w->levels = l;
        w->levels_cap = cap;
    }
    if (w->levels[d] == NULL) {
        w->levels[d] = calloc(1, sizeof **w->levels);
    }
    return w->levels[d];
}

static void fail(grundy_nim_searcher *s, grundy_status st) {
    int expected = GRUNDY_STATUS_OK;
    atomic_compare_exchange_strong(&s->status, &expected, (int)st);
}

static int failed(grundy_nim_searcher *s) {
    return atomic_load_explicit(&s->status, memory_order_relaxed) != GRUNDY_STATUS_OK;
}

/* Every TICK_NODES nodes: the stop flag; on thread 0 the progress line and the checkpoint. */
static void tick(grundy_nim_searcher *s, nim_worker *w) {
    if (s->opts.stop != NULL && *s->opts.stop) {
        fail(s, GRUNDY_STATUS_INTERRUPTED);
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
            fail(s, st);
        }
        s->last_checkpoint = now;
    }
}

static uint32_t sum_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                          unsigned d);

/* The mex of the values of the options in l->moves (d: their depth's scratch is d + 1). */
static uint32_t mex_of_options(grundy_nim_searcher *s, nim_worker *w, nim_level *l, unsigned d) {
    const size_t n = l->moves.count, words = n / 64 + 1;
    if (words > l->seen_cap) {
        uint64_t *const seen = realloc(l->seen, words * sizeof *seen);
        if (seen == NULL) {
            fail(s, GRUNDY_STATUS_NOMEM);
            return 0;
        }
        l->seen = seen;
        l->seen_cap = words;
    }
    memset(l->seen, 0, words * sizeof *l->seen);
    const int reverse = (s->opts.flags & GRUNDY_NIM_REVERSE) != 0;
    for (size_t i = 0; i < n && !failed(s); i++) {
        const grundy_nim_pos child = l->moves.items[reverse ? n - 1 - i : i];
        const uint32_t v = sum_value(s, w, &child, d + 1);
        if (v <= n) { /* a mex of n options is at most n */
            l->seen[v / 64] |= (uint64_t)1 << (v % 64);
        }
    }
    uint32_t m = 0;
    while (l->seen[m / 64] >> (m % 64) & 1u) {
        m++;
    }
    return m;
}

static uint32_t size_of(const grundy_nim_searcher *s, const grundy_nim_pos *c) {
    return s->game->size != NULL ? s->game->size(s->game->ctx, c) : 1u;
}

/* 1 and *v when the table or the game's theory knows the canonical component c; what theory
 * gives goes into the table too (it may cost the game a few symmetry tests). */
static int recall(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, uint32_t *v) {
    if (nim_table_get(&s->table, c, v)) {
        atomic_fetch_add_explicit(&w->hits, 1, memory_order_relaxed);
        return 1;
    }
    if (s->game->known != NULL && !(s->opts.flags & GRUNDY_NIM_NO_THEORY) &&
        s->game->known(s->game->ctx, c, v)) {
        atomic_fetch_add_explicit(&w->known, 1, memory_order_relaxed);
        nim_table_put(&s->table, c, *v, 0);
        return 1;
    }
    return 0;
}

uint32_t nim_component_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                             unsigned d) {
    uint32_t v = 0;
    if (recall(s, w, c, &v)) {
        return v;
    }
    nim_level *const l = level(w, d);
    if (l == NULL) {
        fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    w->depth = d;
    w->max_depth = d > w->max_depth ? d : w->max_depth;
    l->moves.count = 0;
    s->game->moves(s->game->ctx, c, &l->moves);
    if (l->moves.failed) {
        fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    v = mex_of_options(s, w, l, d);
    if (failed(s)) {
        return 0;
    }
    nim_table_put(&s->table, c, v, size_of(s, c));
    if ((atomic_fetch_add_explicit(&w->nodes, 1, memory_order_relaxed) + 1) % TICK_NODES == 0) {
        tick(s, w);
    }
    return v;
}

void nim_canonical(const grundy_nim_searcher *s, grundy_nim_pos *c) {
    if (s->game->canonical != NULL && !(s->opts.flags & GRUNDY_NIM_NO_SYMMETRY)) {
        s->game->canonical(s->game->ctx, c);
    }
}

grundy_status nim_split(const grundy_nim_searcher *s, const grundy_nim_pos *p,
                        grundy_nim_list *out) {
    out->count = 0;
    if (s->game->split != NULL && !(s->opts.flags & GRUNDY_NIM_NO_SPLIT)) {
        s->game->split(s->game->ctx, p, out);
    } else {
        grundy_nim_list_push(out, p);
    }
    for (size_t i = 0; i < out->count; i++) {
        nim_canonical(s, &out->items[i]);
    }
    return out->failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
}

/* The xor of the values of p's components (the scratch of depth d). */
static uint32_t sum_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                          unsigned d) {
    nim_level *const l = level(w, d);
    if (l == NULL || nim_split(s, p, &l->parts) != GRUNDY_STATUS_OK) {
        fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    uint32_t v = 0;
    for (size_t i = 0; i < l->parts.count && !failed(s); i++) {
        const grundy_nim_pos part = l->parts.items[i];
        v ^= nim_component_value(s, w, &part, d);
    }
    return v;
}

uint32_t nim_option_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                          unsigned d) {
    return sum_value(s, w, p, d);
}
