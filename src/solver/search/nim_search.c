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

static const nim_set all_nimbers = {.w = {~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull,
                                          ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull, ~0ull}};

/* ---- The search ---------------------------------------------------------------------------- */

/* The first questions of an exact value asked one value at a time; the rest in one search. A
 * question for one value gives every option a question for one value (xored through the sums),
 * the strongest cut-offs, and Cram's values are nearly all below 4 (Beling's table: 29 of its 30
 * cells); Chomp's are 30 to 80, and 50 questions cost 3 times one search (7 x 11: 0.88 s against
 * 0.30 s, where 4 singles then one search cost 0.30 s). */
#define SINGLE_QUESTIONS 4u

/* Options split and looked up at a time before the potential set is checked against the wanted
 * one: enough for the prefetches of a batch to overlap, few enough to stop soon (Cram 4 x 9, user
 * CPU s: 1 at a time 1.7-1.9, 4 1.5, 8 1.7, 16 2.1). */
#define ETC_CHUNK 4u

static uint32_t in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, unsigned d,
                       const nim_set *wanted);
static uint32_t exact_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                            unsigned d);
static uint32_t search_in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                              unsigned d, const nim_set *wanted, uint32_t excluded);

/* Room for n more unknown components (their end-game slots) and k options at level l. */
static int reserve(nim_level *l, size_t n, size_t k) {
    if (l->unknown.count + n > l->slots_cap) {
        const size_t cap = (l->unknown.count + n) * 2;
        uint64_t *const slots = realloc(l->slots, cap * sizeof *slots);
        if (slots == NULL) {
            return 0;
        }
        l->slots = slots;
        l->slots_cap = cap;
    }
    if (k > l->options_cap) {
        nim_option *const o = realloc(l->options, k * sizeof *o);
        if (o == NULL) {
            return 0;
        }
        l->options = o;
        l->options_cap = k;
    }
    return 1;
}

/* The first of the two passes over the k moves of level l: each split into its components,
 * those the end-game database knows xored into the option's `known`, the others put in canonical
 * form and appended to l->unknown, their table buckets fetched towards the cache for the second
 * pass (the table is bigger than the caches; a lookup is mostly a cache miss). */
static void split_options(grundy_nim_searcher *s, nim_worker *w, nim_level *l, size_t from,
                          size_t to) {
    for (size_t i = from; i < to; i++) {
        nim_option *const opt = &l->options[i];
        opt->first = (uint32_t)l->unknown.count;
        opt->count = opt->known = 0;
        if (nim_split(s, &l->moves.items[i], &l->parts, 1) != GRUNDY_STATUS_OK ||
            !reserve(l, l->parts.count, 0)) {
            nim_fail(s, GRUNDY_STATUS_NOMEM);
            return;
        }
        for (size_t j = 0; j < l->parts.count; j++) {
            grundy_nim_pos *const part = &l->parts.items[j];
            uint32_t v = 0;
            uint64_t slot = UINT64_MAX;
            if (raw_known(s, w, part, &slot, &v)) {
                opt->known ^= v;
                continue;
            }
            nim_table_prefetch(&s->table, part);
            l->slots[l->unknown.count] = slot;
            grundy_nim_list_push(&l->unknown, part);
            opt->count++;
        }
    }
    if (l->unknown.failed) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
    }
}

/* The second pass: each unknown component looked up (table, theory); the options all of whose
 * components are then known have their value in `known`, taken out of *potential (when not
 * NULL); the others are packed to the front of l->options, their unknown components to the front
 * of l->unknown, the costliest of each first. Returns how many options are left to search. */
static size_t recall_options(grundy_nim_searcher *s, nim_worker *w, nim_level *l, size_t from,
                             size_t to, size_t open, nim_set *potential) {
    uint32_t wr = from < to ? l->options[from].first : (uint32_t)l->unknown.count;
    for (size_t i = from; i < to; i++) {
        nim_option opt = l->options[i];
        const uint32_t end = opt.first + opt.count;
        opt.cost = opt.excluded = opt.count = 0;
        for (uint32_t r = opt.first, first = wr; r < end; r++) {
            const grundy_nim_pos part = l->unknown.items[r];
            const uint64_t slot = l->slots[r];
            uint32_t v = 0, excluded = 0;
            if (recall(s, w, &part, &v, &excluded)) {
                nim_endgame_put(&s->endgame, slot, v);
                opt.known ^= v;
                continue;
            }
            const uint32_t sz = size_of(s, &part);
            l->unknown.items[wr] = part;
            l->slots[wr] = slot;
            if (opt.count++ == 0 || sz > opt.cost) { /* the costliest goes first */
                l->unknown.items[wr] = l->unknown.items[first];
                l->slots[wr] = l->slots[first];
                l->unknown.items[first] = part;
                l->slots[first] = slot;
                opt.cost = sz;
                opt.excluded = excluded;
            }
            wr++;
        }
        opt.first = wr - opt.count;
        if (opt.count != 0) {
            l->options[open++] = opt;
        } else if (potential != NULL) {
            nim_set_remove(potential, opt.known);
        } else {
            l->options[i].known = opt.known; /* nim_option_value's one option, known whole */
        }
    }
    l->unknown.count = wr;
    return open;
}

/* The value of option opt (of level l, searched at depth d) when it lies in `wanted`, else
 * NIM_NOT_IN_SET (or its exact value, which is always allowed). Every unknown component but the
 * costliest is valued exactly; the costliest is asked only for the values that would put the sum
 * in `wanted`. */
static uint32_t option_in_set(grundy_nim_searcher *s, nim_worker *w, const nim_level *l,
                              const nim_option *opt, unsigned d, const nim_set *wanted) {
    uint32_t x = opt->known;
    for (uint32_t i = opt->first + 1; i < opt->first + opt->count && !failed(s); i++) {
        const grundy_nim_pos part = l->unknown.items[i];
        const uint32_t v = exact_value(s, w, &part, d);
        nim_endgame_put(&s->endgame, failed(s) ? UINT64_MAX : l->slots[i], v);
        x ^= v;
    }
    if (failed(s)) {
        return 0;
    }
    const grundy_nim_pos big = l->unknown.items[opt->first];
    nim_set shifted;
    const nim_set *ask = wanted;
    if (x != 0) {
        shifted = nim_set_xor(wanted, x);
        ask = &shifted;
    }
    /* the table was asked about `big` when the option was split: no second lookup (a sibling
     * searched since may have valued it; searching it again is then wasted, never wrong) */
    const uint32_t v = search_in_set(s, w, &big, d, ask, opt->excluded);
    if (v != NIM_NOT_IN_SET && !failed(s)) {
        nim_endgame_put(&s->endgame, l->slots[opt->first], v);
    }
    return v == NIM_NOT_IN_SET ? v : v ^ x;
}

/* The first n options of l, cheapest first (insertion sort, stable: n is a few dozen). Cheap
 * options valued first take values out of the potential set sooner, so that the question's
 * cut-off comes before the costly options are searched (move ordering). */
static void cheapest_first(nim_level *l, size_t n) {
    for (size_t i = 1; i < n; i++) {
        const nim_option m = l->options[i];
        size_t j = i;
        for (; j > 0 && l->options[j - 1].cost > m.cost; j--) {
            l->options[j] = l->options[j - 1];
        }
        l->options[j] = m;
    }
}

/* A search of c stopped knowing only that c's value lies in `potential` or above `top`: the
 * values 0..min(top, 31) outside it are kept in the table for the next question. */
static uint32_t cut_off(grundy_nim_searcher *s, const grundy_nim_pos *c, const nim_set *potential,
                        uint32_t top) {
    const uint32_t upto = top >= 31 ? ~(uint32_t)0 : ((uint32_t)2 << top) - 1;
    nim_table_put_excluded(&s->table, c, ~(uint32_t)potential->w[0] & upto, size_of(s, c));
    return NIM_NOT_IN_SET;
}

/* c's options into l->options (those not recalled; the values of the recalled ones taken out of
 * *potential, which starts as {0..k} less `excluded`): how many, or 0 with s's status set on
 * failure. The options go through the two passes a few at a time, so that when a recalled value
 * takes the last wanted member out of P (when `wanted` is not NULL) the rest need not be split or
 * looked up: then *cut is set (Beling and Rogalski's enhanced transposition cutoff stops there). */
static size_t open_options(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                           nim_level *l, nim_set *potential, uint32_t excluded,
                           const nim_set *wanted, int *cut) {
    l->moves.count = 0;
    s->game->moves(s->game->ctx, c, &l->moves);
    const size_t k = l->moves.count;
    if (l->moves.failed || k >= NIM_SET_MAX || !reserve(l, 0, k)) {
        nim_fail(s, l->moves.failed || k < NIM_SET_MAX ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_RANGE);
        return 0;
    }
    *potential = nim_set_range(0, (uint32_t)k);
    potential->w[0] &= ~(uint64_t)excluded;
    l->unknown.count = 0;
    size_t open = 0;
    *cut = 0;
    for (size_t from = 0; from < k && !failed(s); from += ETC_CHUNK) {
        const size_t to = k - from < ETC_CHUNK ? k : from + ETC_CHUNK;
        split_options(s, w, l, from, to);
        if (failed(s)) {
            break;
        }
        open = recall_options(s, w, l, from, to, open, potential);
        if (wanted != NULL && !nim_set_meets(potential, wanted)) {
            *cut = 1;
            break;
        }
    }
    return failed(s) ? 0 : open;
}

/*
 * The value of canonical component c if it lies in `wanted`, else NIM_NOT_IN_SET (Beling and
 * Rogalski, "On pruning search trees of impartial games", 2020). The value is the least member
 * of the potential set P = {0..k} (k options) once every option's value is taken out of it.
 * First the options the table or theory values (enhanced transposition cutoff), then the others,
 * searched, each asked only for the values that matter: with n options left only the n + 1 least
 * members of P can be the value (each needs all those below it taken out), and when P has n + 1
 * the option need not be asked for the largest (it is the value only if this option takes out
 * one of the others), so that a miss takes the largest out. When P no longer meets `wanted` the
 * value cannot be in it. Exact values are stored; a cut-off search stores what it excluded.
 */
static uint32_t in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c, unsigned d,
                       const nim_set *wanted) {
    uint32_t v = 0, excluded = 0;
    if (recall(s, w, c, &v, &excluded)) {
        return v;
    }
    return search_in_set(s, w, c, d, wanted, excluded);
}

/* in_set's search, once the table has no exact value for c and knows it not to have the values
 * 0..31 in `excluded`. */
static uint32_t search_in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                              unsigned d, const nim_set *wanted, uint32_t excluded) {
    uint32_t v = 0;
    const int prune = !(s->opts.flags & GRUNDY_NIM_NO_PRUNE);
    if (prune && excluded != 0 && nim_set_max(wanted) < 32 &&
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
    nim_set potential;
    int cut = 0;
    const size_t open = open_options(s, w, c, l, &potential, excluded, prune ? wanted : NULL, &cut);
    if (failed(s)) {
        return 0;
    }
    if (!(s->opts.flags & GRUNDY_NIM_NO_ORDER)) {
        cheapest_first(l, open);
    }
    /* an option's value above the largest wanted one cannot bring the answer into `wanted` */
    const uint32_t top = prune ? nim_set_max(wanted) : NIM_SET_MAX;
    const int reverse = (s->opts.flags & GRUNDY_NIM_REVERSE) != 0;
    if (cut) {
        return cut_off(s, c, &potential, top);
    }
    nim_set_keep_least(&potential, (uint32_t)open + 1);
    size_t members = nim_set_count(&potential);
    for (size_t i = 0; i < open && !failed(s); i++) {
        if (prune && !nim_set_meets(&potential, wanted)) {
            return cut_off(s, c, &potential, top);
        }
        const int full = members > open - i;
        nim_set ask = potential;
        if (full) {
            nim_set_remove(&ask, nim_set_max(&potential));
        }
        ask = nim_set_upto(&ask, top);
        const nim_option *const o = &l->options[reverse ? open - 1 - i : i];
        v = option_in_set(s, w, l, o, d + 1, prune ? &ask : &all_nimbers);
        if (v != NIM_NOT_IN_SET && nim_set_has(&potential, v)) {
            nim_set_remove(&potential, v);
            members--;
        } else if (full) {
            nim_set_remove(&potential, nim_set_max(&potential));
            members--;
        }
    }
    if (failed(s)) {
        return 0;
    }
    v = nim_set_min(&potential);
    if (v > top) { /* values above top were not all taken out: v is only a lower bound */
        return cut_off(s, c, &potential, top);
    }
    remember(s, c, v, size_of(s, c));
    if ((atomic_fetch_add_explicit(&w->nodes, 1, memory_order_relaxed) + 1) % TICK_NODES == 0) {
        nim_tick(s, w);
    }
    return v;
}

/* The exact value of c: is it 0 (an outcome search, the strongest cut-offs), 1, 2, 3 (each
 * question that fails leaves its exact sub-results and what it excluded in the table for the
 * next), then the rest in one search. */
static uint32_t exact_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                            unsigned d) {
    const uint32_t singles =
        (s->opts.flags & (GRUNDY_NIM_NO_PRUNE | GRUNDY_NIM_ONE_SEARCH)) ? 0 : SINGLE_QUESTIONS;
    for (uint32_t m = 0; m < singles && !failed(s); m++) {
        const nim_set one = nim_set_range(m, m);
        const uint32_t v = in_set(s, w, c, d, &one);
        if (v != NIM_NOT_IN_SET) {
            return v;
        }
    }
    return failed(s) ? 0 : in_set(s, w, c, d, &all_nimbers);
}

uint32_t nim_component_value(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *c,
                             unsigned d) {
    return exact_value(s, w, c, d);
}

uint32_t nim_option_in_set(grundy_nim_searcher *s, nim_worker *w, const grundy_nim_pos *p,
                           unsigned d, const nim_set *wanted) {
    nim_level *const l = level(w, d);
    if (l == NULL || !reserve(l, 0, 1)) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    l->moves.count = 0;
    grundy_nim_list_push(&l->moves, p);
    if (l->moves.failed) {
        nim_fail(s, GRUNDY_STATUS_NOMEM);
        return 0;
    }
    l->unknown.count = 0;
    split_options(s, w, l, 0, 1);
    if (failed(s)) {
        return 0;
    }
    return recall_options(s, w, l, 0, 1, 0, NULL) == 0
               ? l->options[0].known
               : option_in_set(s, w, l, &l->options[0], d + 1, wanted);
}
