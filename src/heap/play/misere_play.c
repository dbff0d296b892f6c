/* SPDX-License-Identifier: MIT */
/*
 * Misere play of sums of heaps (whoever cannot move wins). Nim follows Bouton's misere rule. Any
 * other rule goes through its misere quotient (misere_quotient.c) when the position's heaps are
 * small enough to compute it: the position is a P-position iff the product of its heaps' images
 * lies in the P-portion, and a move wins iff what it leaves does (Plambeck-Siegel). Otherwise, or
 * when the quotient passes its bound, a memoized search of the sum itself decides: it uses no
 * theory but one theorem-free shortcut: a heap with no move is the empty game in either
 * convention (the sum's moves are exactly the other heaps' moves), so it is dropped from the
 * position before the memo is consulted.
 */
#include "heap/rule/heap_moves.h"
#include "util/state_memo.h"
#include "heap/play/player.h"
#include "util/try.h"

#include <grundy/nimber.h>

#include <stdlib.h>
#include <string.h>

/* The deepest line of play the search follows; deeper is GRUNDY_STATUS_LIMIT. */
#define MISERE_MAX_DEPTH 2000

/* Keep the heaps that have a move, sorted; *kept how many. */
static grundy_status live_heaps(const grundy_rule *rule, uint64_t *h, size_t n, size_t *kept) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int has = 0;
        const grundy_status st = grundy_heap_has_move(rule, h[i], &has);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        if (has) {
            h[k++] = h[i];
        }
    }
    grundy_heaps_sort(h, k);
    *kept = k;
    return GRUNDY_STATUS_OK;
}

static grundy_status search(grundy_position *p, const uint64_t *heaps, size_t count, unsigned depth,
                            int *win);

typedef struct frame {
    grundy_position *p;
    const uint64_t *heaps;
    size_t count, skip;
    unsigned depth;
    uint64_t *child;
    int win;
    grundy_status st;
} frame;

#define SEARCH_PROGRESS_MASK 0xFFFFu /* the progress hook every 65536 moves tried */

static int try_move(void *ctx, const grundy_heap_move *m) {
    frame *f = ctx;
    size_t k = 0;
    /* The memo bounds the positions kept, not the moves tried from them (a heap of n has about
     * n moves): without this budget a big position searched for minutes before failing. */
    if (++f->p->work > f->p->opts.max_work) {
        f->st = GRUNDY_STATUS_LIMIT;
        return 1;
    }
    if ((f->p->work & SEARCH_PROGRESS_MASK) == 0 && f->p->opts.search_progress != NULL) {
        f->p->opts.search_progress(f->p->opts.search_progress_ctx, 0, f->p->work);
    }
    for (size_t i = 0; i < f->count; i++) {
        if (i != f->skip) {
            f->child[k++] = f->heaps[i];
        }
    }
    for (unsigned j = 0; j < m->parts; j++) {
        f->child[k++] = m->left[j];
    }
    int child_wins = 0;
    f->st = live_heaps(f->p->rule, f->child, k, &k);
    if (f->st == GRUNDY_STATUS_OK) {
        f->st = search(f->p, f->child, k, f->depth + 1, &child_wins);
    }
    f->win = f->st == GRUNDY_STATUS_OK && !child_wins;
    return f->st != GRUNDY_STATUS_OK || f->win;
}

/* heaps: sorted, every one with a move. With none left the player to move has won. */
static grundy_status search(grundy_position *p, const uint64_t *heaps, size_t count, unsigned depth,
                            int *win) {
    unsigned stored;
    if (count == 0) {
        *win = 1;
        return GRUNDY_STATUS_OK;
    }
    if (grundy_state_memo_get(&p->misere_memo, heaps, count, &stored)) {
        *win = (int)stored;
        return GRUNDY_STATUS_OK;
    }
    if (depth > MISERE_MAX_DEPTH) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_status st = GRUNDY_STATUS_OK;
    frame f = {p, heaps,           count,
               0, depth,           malloc((count + GRUNDY_RULE_MAX_LEFT) * sizeof(uint64_t)),
               0, GRUNDY_STATUS_OK};
    GRUNDY_CHECK(f.child != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < count && !f.win; i++) {
        if (i == 0 || heaps[i] != heaps[i - 1]) {
            f.skip = i;
            GRUNDY_TRY(grundy_heap_moves_each(p->rule, heaps[i], try_move, &f, NULL));
            GRUNDY_TRY(f.st);
        }
    }
    *win = f.win;
    GRUNDY_TRY(grundy_state_memo_put(&p->misere_memo, heaps, count, (unsigned)f.win));
cleanup:
    free(f.child);
    return st;
}

/* Enumerate the moves of heap `skip` of the position (input order), keeping the winning ones. */
typedef struct scan {
    grundy_position *p;
    const uint64_t *heaps;
    size_t count, skip;
    uint64_t *child;
    grundy_move_sink *sink;
    grundy_status st;
} scan;

static int scan_move(void *ctx, const grundy_heap_move *m) {
    scan *s = ctx;
    size_t k = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (i != s->skip) {
            s->child[k++] = s->heaps[i];
        }
    }
    for (unsigned j = 0; j < m->parts; j++) {
        s->child[k++] = m->left[j];
    }
    int child_wins = 0;
    s->st = live_heaps(s->p->rule, s->child, k, &k);
    if (s->st == GRUNDY_STATUS_OK) {
        s->st = search(s->p, s->child, k, 1, &child_wins);
    }
    if (s->st == GRUNDY_STATUS_OK && !child_wins) {
        grundy_move_sink_add(s->sink, s->skip, s->heaps[s->skip], m->take, m->parts, m->left);
    }
    return s->st != GRUNDY_STATUS_OK;
}

static grundy_status search_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                 grundy_move_sink *sink, int *win) {
    grundy_status st = GRUNDY_STATUS_OK;
    scan s = {
        p,    heaps,           count, 0, malloc((count + GRUNDY_RULE_MAX_LEFT) * sizeof(uint64_t)),
        sink, GRUNDY_STATUS_OK};
    GRUNDY_CHECK(s.child != NULL, GRUNDY_STATUS_NOMEM);
    memcpy(s.child, heaps, count * sizeof *heaps);
    size_t k = 0;
    GRUNDY_TRY(live_heaps(p->rule, s.child, count, &k));
    GRUNDY_TRY(search(p, s.child, k, 0, win));
    for (size_t i = 0; i < count && *win; i++) {
        s.skip = i;
        GRUNDY_TRY(grundy_heap_moves_each(p->rule, heaps[i], scan_move, &s, NULL));
        GRUNDY_TRY(s.st);
    }
cleanup:
    free(s.child);
    return st;
}

/*
 * Misere Nim (Bouton): a move changes heap i from h to h' < h. The result loses for the opponent
 * iff (some heap >= 2 remains and the nim-sum is 0) or (every heap <= 1 and an odd number of 1s).
 * Given the other heaps, the first asks for h' = their nim-sum, the second for h' in {0, 1}; the
 * two conditions exclude each other, so each heap has at most two winning moves, found in O(1).
 */
static void nim_heap_moves(const uint64_t *heaps, size_t i, uint64_t others_sum, int others_big,
                           uint64_t others_ones, grundy_move_sink *sink) {
    const uint64_t h = heaps[i];
    uint64_t targets[2];
    int n = 0;
    if (others_big || others_sum >= 2) {
        if (others_sum < h) {
            targets[n++] = others_sum;
        }
    } else {
        for (uint64_t t = 0; t <= 1; t++) {
            if (t < h && (others_ones + t) % 2 == 1) {
                targets[n++] = t;
            }
        }
    }
    for (int j = 0; j < n; j++) { /* ascending heaps left: 0 before 1 */
        grundy_move_sink_add(sink, i, h, h - targets[j], targets[j] ? 1 : 0, &targets[j]);
    }
}

static void nim_play(const uint64_t *heaps, size_t count, grundy_move_sink *sink, int *win) {
    const uint64_t total = grundy_nim_sum_array(heaps, count);
    size_t big = 0, ones = 0;
    for (size_t i = 0; i < count; i++) {
        big += heaps[i] >= 2;
        ones += heaps[i] == 1;
    }
    *win = grundy_nim_misere_wins(heaps, count);
    for (size_t i = 0; i < count && *win; i++) {
        const uint64_t h = heaps[i];
        nim_heap_moves(heaps, i, total ^ h, big - (h >= 2) > 0, ones - (h == 1), sink);
    }
}

grundy_status grundy_misere_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                 grundy_move_sink *sink, int *win) {
    if (p->is_nim) {
        nim_play(heaps, count, sink, win);
        return GRUNDY_STATUS_OK;
    }
    int answered = 0;
    const grundy_status st = grundy_misere_quotient_play(p, heaps, count, sink, win, &answered);
    if (st != GRUNDY_STATUS_OK || answered) {
        return st;
    }
    return search_play(p, heaps, count, sink, win);
}
