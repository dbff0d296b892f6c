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

static int failed(grundy_nim_searcher *s) {
    return atomic_load_explicit(&s->status, memory_order_relaxed) != GRUNDY_STATUS_OK;
}

static uint32_t size_of(const grundy_nim_searcher *s, const grundy_nim_pos *c) {
    return s->game->size != NULL ? s->game->size(s->game->ctx, c) : 1u;
}

/* The end-game database's index of p, UINT64_MAX when it has none. */
static uint64_t endgame_slot(const grundy_nim_searcher *s, const grundy_nim_pos *p) {
    return s->endgame.entries != 0 ? s->game->endgame_index(s->game->ctx, p) : UINT64_MAX;
}

/* The exact value of canonical component c: into the end-game database when it has room for c,
 * else into the table. */
static void remember(grundy_nim_searcher *s, const grundy_nim_pos *c, uint32_t v, uint32_t size) {
    const uint64_t slot = endgame_slot(s, c);
    if (slot < s->endgame.entries && v <= NIM_ENDGAME_MAX_NIMBER) {
        nim_endgame_put(&s->endgame, slot, v);
    } else {
        nim_table_put(&s->table, c, v, size);
    }
}

/* 1 and *v when the end-game database, the table or the game's theory knows the canonical
 * component c (what theory gives is remembered too: it may cost the game a few symmetry tests);
 * else 0, and in *excluded the values 0..31 the table knows c not to have. */
static int recall(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, uint32_t *v,
                  uint32_t *excluded) {
    *excluded = 0;
    if (nim_endgame_get(&s->endgame, endgame_slot(s, c), v)) {
        atomic_fetch_add_explicit(&w->hits, 1, memory_order_relaxed);
        return 1;
    }
    const int found = nim_table_get(&s->table, c, v);
    *excluded = found == NIM_TABLE_PARTIAL ? *v : 0;
    if (found == NIM_TABLE_EXACT) {
        atomic_fetch_add_explicit(&w->hits, 1, memory_order_relaxed);
        return 1;
    }
    if (s->game->known != NULL && !(s->opts.flags & GRUNDY_NIM_NO_THEORY) &&
        s->game->known(s->game->ctx, c, v)) {
        atomic_fetch_add_explicit(&w->known, 1, memory_order_relaxed);
        remember(s, c, *v, 0);
        return 1;
    }
    return 0;
}

/* 1 and *v when the end-game database knows component p as it lies (no canonical form needed);
 * else 0 with p put in canonical form. *slot: p's index as it lay, for remember_raw. */
static int raw_known(grundy_nim_searcher *s, nim_worker *w, grundy_nim_pos *p, uint64_t *slot,
                     uint32_t *v) {
    *slot = endgame_slot(s, p);
    if (nim_endgame_get(&s->endgame, *slot, v)) {
        atomic_fetch_add_explicit(&w->hits, 1, memory_order_relaxed);
        return 1;
    }
    nim_canonical(s, p);
    return 0;
}

void nim_canonical(const grundy_nim_searcher *s, grundy_nim_pos *c) {
    if (s->game->canonical != NULL && !(s->opts.flags & GRUNDY_NIM_NO_SYMMETRY)) {
        s->game->canonical(s->game->ctx, c);
    }
}

grundy_status nim_split(const grundy_nim_searcher *s, const grundy_nim_pos *p, grundy_nim_list *out,
                        int raw) {
    out->count = 0;
    if (s->game->split != NULL && !(s->opts.flags & GRUNDY_NIM_NO_SPLIT)) {
        s->game->split(s->game->ctx, p, out);
    } else {
        grundy_nim_list_push(out, p);
    }
    for (size_t i = 0; i < out->count && !raw; i++) {
        nim_canonical(s, &out->items[i]);
    }
    return out->failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
}

/* ---- Sets of nimbers (Beling and Rogalski's pruning) ------------------------------------ */

static const nim_set all_nimbers = {.w = {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull,
                                          ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull}};

static void set_remove(nim_set *a, uint32_t v) {
    if (v < NIM_SET_MAX) {
        a->w[v / 64] &= ~((uint64_t)1 << (v % 64));
    }
}

static int set_meets(const nim_set *a, const nim_set *b) {
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        if (a->w[k] & b->w[k]) {
            return 1;
        }
    }
    return 0;
}

static uint32_t set_min(const nim_set *a) {
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        if (a->w[k] != 0) {
            return k * 64 + (uint32_t)__builtin_ctzll(a->w[k]);
        }
    }
    return NIM_NOT_IN_SET;
}

static uint32_t set_max(const nim_set *a) {
    for (unsigned k = NIM_SET_WORDS; k-- > 0;) {
        if (a->w[k] != 0) {
            return k * 64 + 63u - (uint32_t)__builtin_clzll(a->w[k]);
        }
    }
    return NIM_NOT_IN_SET;
}

/* The members of a up to and including `top`. */
static nim_set set_upto(const nim_set *a, uint32_t top) {
    nim_set out = *a;
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        const uint32_t lo = k * 64;
        out.w[k] &= top >= lo + 63 ? ~0ull : top < lo ? 0 : ((uint64_t)2 << (top - lo)) - 1;
    }
    return out;
}

/* {p ^ x : p in a}. */
static nim_set set_xor(const nim_set *a, uint32_t x) {
    nim_set out;
    memset(&out, 0, sizeof out);
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        for (uint64_t b = a->w[k]; b != 0; b &= b - 1) {
            const uint32_t v = (k * 64 + (uint32_t)__builtin_ctzll(b)) ^ x;
            out.w[v / 64] |= v < NIM_SET_MAX ? (uint64_t)1 << (v % 64) : 0;
        }
    }
    return out;
}

/* ---- The search ---------------------------------------------------------------------------- */

static uint32_t in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, unsigned d,
                       const nim_set *wanted);
static uint32_t exact_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                            unsigned d);

/* The value of option o (a sum) when it lies in `wanted`, else NIM_NOT_IN_SET (or its exact value,
 * which is always allowed). Every component but the costliest is valued exactly; the costliest is
 * asked only for the values that would put the sum in `wanted`. Scratch of depth d. */
static uint32_t option_in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *o,
                              unsigned d, const nim_set *wanted) {
    nim_level *const l = level(w, d);
    if (l == NULL || nim_split(s, o, &l->parts, 1) != GRUNDY_STATUS_OK) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    size_t big = 0;
    uint32_t big_size = 0, x = 0, v = 0;
    uint64_t slot = UINT64_MAX;
    for (size_t i = 0; i < l->parts.count; i++) {
        const uint32_t sz = size_of(s, &l->parts.items[i]);
        big = sz > big_size ? i : big;
        big_size = sz > big_size ? sz : big_size;
    }
    for (size_t i = 0; i < l->parts.count && !failed(s); i++) {
        grundy_nim_pos part = l->parts.items[i];
        if (i != big && !raw_known(s, w, &part, &slot, &v)) {
            v = exact_value(s, w, &part, d);
            nim_endgame_put(&s->endgame, failed(s) ? UINT64_MAX : slot, v);
        }
        x ^= i != big ? v : 0;
    }
    if (l->parts.count == 0 || failed(s)) {
        return 0;
    }
    grundy_nim_pos last = l->parts.items[big];
    if (raw_known(s, w, &last, &slot, &v)) {
        return v ^ x;
    }
    const nim_set shifted = set_xor(wanted, x);
    v = in_set(s, w, &last, d, x == 0 ? wanted : &shifted);
    if (v != NIM_NOT_IN_SET && !failed(s)) {
        nim_endgame_put(&s->endgame, slot, v);
    }
    return v == NIM_NOT_IN_SET ? v : v ^ x;
}

/* The value of o when every component is in the table or known to theory (1), else 0 and in
 * *cost the size of its largest component not recalled (the work a search of it may take). */
static int option_recalled(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *o,
                           unsigned d, uint32_t *v, uint32_t *cost) {
    nim_level *const l = level(w, d);
    if (l == NULL || nim_split(s, o, &l->parts, 1) != GRUNDY_STATUS_OK) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    *v = 0;
    *cost = 0;
    for (size_t i = 0; i < l->parts.count; i++) {
        uint32_t part = 0, excluded = 0;
        uint64_t slot = UINT64_MAX;
        if (!raw_known(s, w, &l->parts.items[i], &slot, &part)) {
            if (!recall(s, w, &l->parts.items[i], &part, &excluded)) {
                const uint32_t sz = size_of(s, &l->parts.items[i]);
                *cost = sz > *cost ? sz : *cost;
                continue;
            }
            nim_endgame_put(&s->endgame, slot, part);
        }
        *v ^= part;
    }
    return *cost == 0;
}

/* Room for k costs at level l: 0 when out of memory. */
static int reserve_costs(nim_level *l, size_t k) {
    if (k > l->cost_cap) {
        uint32_t *const c = realloc(l->cost, k * sizeof *c);
        if (c == NULL) {
            return 0;
        }
        l->cost = c;
        l->cost_cap = k;
    }
    return 1;
}

/* The first n moves of l, cheapest first (insertion sort, stable: n is a few dozen). Cheap
 * options valued first take values out of the potential set sooner, so that the question's
 * cut-off comes before the costly options are searched (move ordering). */
static void cheapest_first(nim_level *l, size_t n) {
    for (size_t i = 1; i < n; i++) {
        const grundy_nim_pos m = l->moves.items[i];
        const uint32_t c = l->cost[i];
        size_t j = i;
        for (; j > 0 && l->cost[j - 1] > c; j--) {
            l->moves.items[j] = l->moves.items[j - 1];
            l->cost[j] = l->cost[j - 1];
        }
        l->moves.items[j] = m;
        l->cost[j] = c;
    }
}

/* A search of c stopped knowing only that c's value lies in `potential` (it is never taken out of
 * it): the values 0..31 outside it are kept in the table for the next question. */
static uint32_t cut_off(grundy_nim_searcher *s, const grundy_nim_pos *c, const nim_set *potential) {
    nim_table_put_excluded(&s->table, c, ~(uint32_t)potential->w[0], size_of(s, c));
    return NIM_NOT_IN_SET;
}

/*
 * The value of canonical component c if it lies in `wanted`, else NIM_NOT_IN_SET (Beling and
 * Rogalski, "On pruning search trees of impartial games", 2020). With k options the value is the
 * least of P = {0..k} once every option's value is taken out of P; an option whose value is not
 * in P cannot change that, so each option is asked only for the values still in P, and when P no
 * longer meets `wanted` the answer cannot be in it. First the options the table or theory values
 * (enhanced transposition cutoff), then the others, searched. Exact values are stored; a cut-off
 * search stores nothing.
 */
static uint32_t in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, unsigned d,
                       const nim_set *wanted) {
    uint32_t v = 0, excluded = 0;
    const int prune = !(s->opts.flags & GRUNDY_NIM_NO_PRUNE);
    if (recall(s, w, c, &v, &excluded)) {
        return v;
    }
    if (prune && excluded != 0 && set_max(wanted) < 32 &&
        (wanted->w[0] & ~(uint64_t)excluded) == 0) {
        return NIM_NOT_IN_SET; /* an earlier search learnt that the value is none of these */
    }
    nim_level *const l = level(w, d);
    if (l == NULL) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    w->depth = d;
    w->max_depth = d > w->max_depth ? d : w->max_depth;
    l->moves.count = 0;
    s->game->moves(s->game->ctx, c, &l->moves);
    const size_t k = l->moves.count;
    if (l->moves.failed || k >= NIM_SET_MAX) {
        nim_fail(s, l->moves.failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_RANGE);
        return 0;
    }
    nim_set potential;
    memset(&potential, 0, sizeof potential);
    for (uint32_t i = 0; i <= k; i++) {
        potential.w[i / 64] |= (uint64_t)1 << (i % 64);
    }
    potential.w[0] &= ~(uint64_t)excluded;
    size_t open = 0;
    if (!reserve_costs(l, k)) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    for (size_t i = 0; i < k && !failed(s); i++) {
        const grundy_nim_pos o = l->moves.items[i];
        uint32_t cost = 0;
        if (prune && option_recalled(s, w, &o, d + 1, &v, &cost)) {
            set_remove(&potential, v);
        } else {
            l->cost[open] = cost;
            l->moves.items[open++] = o;
        }
    }
    if (prune && !(s->opts.flags & GRUNDY_NIM_NO_ORDER)) {
        cheapest_first(l, open);
    }
    /* an option's value above the largest wanted one cannot bring the answer into `wanted` */
    const uint32_t top = prune ? set_max(wanted) : NIM_SET_MAX;
    const int reverse = (s->opts.flags & GRUNDY_NIM_REVERSE) != 0;
    for (size_t i = 0; i < open && !failed(s); i++) {
        if (prune && !set_meets(&potential, wanted)) {
            return cut_off(s, c, &potential);
        }
        const grundy_nim_pos o = l->moves.items[reverse ? open - 1 - i : i];
        const nim_set ask = set_upto(&potential, top);
        v = option_in_set(s, w, &o, d + 1, prune ? &ask : &all_nimbers);
        if (v != NIM_NOT_IN_SET) {
            set_remove(&potential, v);
        }
    }
    if (failed(s)) {
        return 0;
    }
    v = set_min(&potential);
    if (v > top) { /* values above top were not all taken out: v is only a lower bound */
        return cut_off(s, c, &potential);
    }
    remember(s, c, v, size_of(s, c));
    if ((atomic_fetch_add_explicit(&w->nodes, 1, memory_order_relaxed) + 1) % TICK_NODES == 0) {
        nim_tick(s, w);
    }
    return v;
}

/* The exact value of c: is it 0 (an outcome search, the strongest cut-offs), 1, 2, ...? Each
 * question that fails leaves its exact sub-results in the table for the next. */
static uint32_t exact_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                            unsigned d) {
    if (s->opts.flags & GRUNDY_NIM_NO_PRUNE) {
        return in_set(s, w, c, d, &all_nimbers);
    }
    for (uint32_t m = 0; m < NIM_SET_MAX && !failed(s); m++) {
        nim_set one;
        memset(&one, 0, sizeof one);
        one.w[m / 64] = (uint64_t)1 << (m % 64);
        const uint32_t v = in_set(s, w, c, d, &one);
        if (v != NIM_NOT_IN_SET) {
            return v;
        }
    }
    return 0;
}

uint32_t nim_component_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                             unsigned d) {
    return exact_value(s, w, c, d);
}

uint32_t nim_option_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                          unsigned d) {
    return option_in_set(s, w, p, d, &all_nimbers);
}
