/* SPDX-License-Identifier: MIT */
/*
 * The oracle: decide sums of heaps by searching the game tree, memoized on sorted multisets of
 * heaps. It knows only the definition of winning (some move leads to a loss; no move: loss in
 * normal play, win in misere play) and never uses mex, nim-sums or Grundy values.
 */
#include <grundy/brute.h>

#include "heap/rule/heap_moves.h"
#include "util/state_memo.h"
#include "util/try.h"

#include <stdlib.h>
#include <string.h>

struct grundy_brute {
    const grundy_rule *rule;
    int misere;
    grundy_state_memo memo;
};

grundy_status grundy_brute_create(const grundy_rule *rule, const grundy_brute_opts *opts,
                                  grundy_brute **out) {
    const grundy_brute_opts defaults = GRUNDY_BRUTE_OPTS_INIT;
    const grundy_brute_opts *o = opts != NULL ? opts : &defaults;
    grundy_brute *b = calloc(1, sizeof *b);
    *out = NULL;
    if (b == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    b->rule = rule;
    b->misere = o->misere != 0;
    grundy_state_memo_init(&b->memo, o->max_states, o->max_bytes);
    *out = b;
    return GRUNDY_STATUS_OK;
}

void grundy_brute_destroy(grundy_brute *b) {
    if (b != NULL) {
        grundy_state_memo_free(&b->memo);
        free(b);
    }
}

uint64_t grundy_brute_states(const grundy_brute *b) {
    return b->memo.states;
}

/* The position after replacing heaps[skip] by the move's heaps: sorted, zeros dropped. */
static size_t apply_move(const uint64_t *heaps, size_t count, size_t skip,
                         const grundy_heap_move *m, uint64_t *child) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (i != skip && heaps[i] != 0) {
            child[k++] = heaps[i];
        }
    }
    for (unsigned j = 0; j < m->parts; j++) {
        child[k++] = m->left[j];
    }
    grundy_heaps_sort(child, k);
    return k;
}

static grundy_status solve(grundy_brute *b, const uint64_t *heaps, size_t count, unsigned depth,
                           int *win);

typedef struct search_frame {
    grundy_brute *b;
    const uint64_t *heaps;
    size_t count, skip;
    unsigned depth;
    uint64_t *child;
    int win, moved;
    grundy_status st;
} search_frame;

static int try_move(void *ctx, const grundy_heap_move *m) {
    search_frame *f = ctx;
    const size_t k = apply_move(f->heaps, f->count, f->skip, m, f->child);
    int child_wins = 0;
    f->moved = 1;
    f->st = solve(f->b, f->child, k, f->depth + 1, &child_wins);
    if (f->st != GRUNDY_STATUS_OK) {
        return 1;
    }
    f->win = !child_wins;
    return f->win;
}

/* heaps: sorted ascending, no zeros. */
static grundy_status solve(grundy_brute *b, const uint64_t *heaps, size_t count, unsigned depth,
                           int *win) {
    unsigned stored;
    if (grundy_state_memo_get(&b->memo, heaps, count, &stored)) {
        *win = (int)stored;
        return GRUNDY_STATUS_OK;
    }
    if (depth > GRUNDY_BRUTE_MAX_DEPTH) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_status st = GRUNDY_STATUS_OK;
    search_frame f = {b, heaps, count,
                      0, depth, malloc((count + GRUNDY_RULE_MAX_LEFT) * sizeof(uint64_t)),
                      0, 0,     GRUNDY_STATUS_OK};
    GRUNDY_CHECK(f.child != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < count && !f.win; i++) {
        if (i > 0 && heaps[i] == heaps[i - 1]) {
            continue; /* the same heap again: the same children */
        }
        f.skip = i;
        GRUNDY_TRY(grundy_heap_moves_each(b->rule, heaps[i], try_move, &f, NULL));
        GRUNDY_TRY(f.st);
    }
    *win = f.moved ? f.win : b->misere;
    GRUNDY_TRY(grundy_state_memo_put(&b->memo, heaps, count, (unsigned)*win));
cleanup:
    free(f.child);
    return st;
}

/* A sorted copy without zeros, in a buffer the caller frees. */
static grundy_status normalize(const uint64_t *heaps, size_t count, uint64_t **out, size_t *k) {
    uint64_t *h = malloc((count + GRUNDY_RULE_MAX_LEFT + 1) * sizeof *h);
    *out = h;
    *k = 0;
    if (h == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (size_t i = 0; i < count; i++) {
        if (heaps[i] != 0) {
            h[(*k)++] = heaps[i];
        }
    }
    grundy_heaps_sort(h, *k);
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_brute_wins(grundy_brute *b, const uint64_t *heaps, size_t count, int *win) {
    uint64_t *h;
    size_t k;
    grundy_status st = normalize(heaps, count, &h, &k);
    if (st == GRUNDY_STATUS_OK) {
        st = solve(b, h, k, 0, win);
    }
    free(h);
    return st;
}

/* Enumerate the moves of heap `skip` of the position, deciding each. */
typedef struct move_scan {
    grundy_brute *b;
    const uint64_t *heaps;
    size_t count, skip;
    uint64_t *child;
    const grundy_move *wanted; /* check_move: the move looked for */
    int legal, winning;
    grundy_move *moves; /* winning_moves: output */
    size_t cap;
    uint64_t total;
    grundy_status st;
} move_scan;

static int same_move(const grundy_move *w, const grundy_heap_move *m) {
    if (w->take != m->take || w->leaves_count != m->parts) {
        return 0;
    }
    for (unsigned j = 0; j < m->parts; j++) {
        if (w->leaves[j] != m->left[j]) {
            return 0;
        }
    }
    return 1;
}

static int scan_move(void *ctx, const grundy_heap_move *m) {
    move_scan *s = ctx;
    if (s->wanted != NULL && !same_move(s->wanted, m)) {
        return 0;
    }
    uint64_t *const h = s->child;
    size_t k = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (i != s->skip && s->heaps[i] != 0) {
            h[k++] = s->heaps[i];
        }
    }
    for (unsigned j = 0; j < m->parts; j++) {
        h[k++] = m->left[j];
    }
    grundy_heaps_sort(h, k);
    int child_wins = 0;
    s->st = solve(s->b, h, k, 1, &child_wins);
    if (s->st != GRUNDY_STATUS_OK) {
        return 1;
    }
    s->legal = 1;
    s->winning = !child_wins;
    if (s->wanted != NULL) {
        return 1;
    }
    if (!child_wins) {
        if (s->total < s->cap && s->moves != NULL) {
            grundy_move *out = &s->moves[s->total];
            out->heap = s->skip;
            out->size = s->heaps[s->skip];
            out->take = m->take;
            out->leaves_count = m->parts;
            memcpy(out->leaves, m->left, sizeof out->leaves);
        }
        s->total++;
    }
    return 0;
}

grundy_status grundy_brute_check_move(grundy_brute *b, const uint64_t *heaps, size_t count,
                                      const grundy_move *move, int *legal, int *winning) {
    move_scan s = {b, heaps, count, move->heap, NULL, move, 0, 0, NULL, 0, 0, GRUNDY_STATUS_OK};
    grundy_status st = GRUNDY_STATUS_OK;
    *legal = *winning = 0;
    if (move->heap >= count || heaps[move->heap] != move->size) {
        return GRUNDY_STATUS_OK;
    }
    s.child = malloc((count + GRUNDY_RULE_MAX_LEFT) * sizeof *s.child);
    GRUNDY_CHECK(s.child != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(grundy_heap_moves_each(b->rule, heaps[move->heap], scan_move, &s, NULL));
    GRUNDY_TRY(s.st);
    *legal = s.legal;
    *winning = s.legal && s.winning;
cleanup:
    free(s.child);
    return st;
}

grundy_status grundy_brute_winning_moves(grundy_brute *b, const uint64_t *heaps, size_t count,
                                         grundy_move *moves, size_t cap, uint64_t *total) {
    move_scan s = {b, heaps, count, 0, NULL, NULL, 0, 0, moves, cap, 0, GRUNDY_STATUS_OK};
    grundy_status st = GRUNDY_STATUS_OK;
    *total = 0;
    s.child = malloc((count + GRUNDY_RULE_MAX_LEFT) * sizeof *s.child);
    GRUNDY_CHECK(s.child != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < count; i++) {
        s.skip = i;
        GRUNDY_TRY(grundy_heap_moves_each(b->rule, heaps[i], scan_move, &s, NULL));
        GRUNDY_TRY(s.st);
    }
    *total = s.total;
cleanup:
    free(s.child);
    return st;
}
