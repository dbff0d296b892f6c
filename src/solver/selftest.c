/* SPDX-License-Identifier: MIT */
/*
 * grundy_game_selftest: check a game's callbacks on random positions, as GamesmanOne's game tester
 * does, before trusting a solve: children in range (and below p for descending games), canonical
 * forms idempotent, and parents consistent with moves in both directions, move by move.
 */
#include "solver_internal.h"
#include "util/rng.h"

#include <stdio.h>
#include <string.h>

typedef struct tester {
    const grundy_game *g;
    grundy_move_list moves;
    grundy_parent_list parents;
    grundy_selftest_report *report;
} tester;

static grundy_status bad(tester *t, uint64_t p, const char *what, uint64_t other) {
    t->report->bad_position = p;
    snprintf(t->report->message, sizeof t->report->message, "position %llu: %s %llu",
             (unsigned long long)p, what, (unsigned long long)other);
    return GRUNDY_STATUS_INVALID_ARG;
}

/* How often q moves to (the class of) p. */
static grundy_status moves_into(tester *t, uint64_t q, uint64_t p, size_t *times) {
    t->moves.count = 0;
    t->g->moves(t->g->ctx, q, &t->moves);
    if (t->moves.failed) {
        return GRUNDY_STATUS_NOMEM;
    }
    *times = 0;
    for (size_t i = 0; i < t->moves.count; i++) {
        *times += solver_canon(t->g, t->moves.items[i].child) == p;
    }
    return GRUNDY_STATUS_OK;
}

/* How often q is listed among the parents of p. */
static grundy_status listed_parent(tester *t, uint64_t p, uint64_t q, size_t *times) {
    t->parents.count = 0;
    t->g->parents(t->g->ctx, p, &t->parents);
    if (t->parents.failed) {
        return GRUNDY_STATUS_NOMEM;
    }
    *times = 0;
    for (size_t i = 0; i < t->parents.count; i++) {
        *times += t->parents.items[i] == q;
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status check_children(tester *t, uint64_t p) {
    const grundy_game *g = t->g;
    t->moves.count = 0;
    g->moves(g->ctx, p, &t->moves);
    if (t->moves.failed) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (size_t i = 0; i < t->moves.count; i++) {
        const uint64_t c = t->moves.items[i].child;
        if (c >= g->positions || solver_canon(g, c) >= g->positions) {
            return bad(t, p, "has a move out of range, to", c);
        }
        if ((g->flags & GRUNDY_GAME_DESCENDING) && solver_canon(g, c) >= p) {
            return bad(t, p, "is descending but moves up, to", c);
        }
    }
    return GRUNDY_STATUS_OK;
}

/* Every child c (a class) lists p as a parent exactly as often as p moves into c's class. */
static grundy_status check_parents_of_children(tester *t, uint64_t p) {
    grundy_move_list mine = {0};
    grundy_status st = GRUNDY_STATUS_OK;
    t->g->moves(t->g->ctx, p, &mine);
    st = mine.failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < mine.count; i++) {
        const uint64_t c = solver_canon(t->g, mine.items[i].child);
        size_t want = 0, got = 0;
        for (size_t j = 0; j < mine.count; j++) {
            want += solver_canon(t->g, mine.items[j].child) == c;
        }
        st = listed_parent(t, c, p, &got);
        if (st == GRUNDY_STATUS_OK && got != want) {
            st = bad(t, p,
                     "moves to a child that does not list it as a parent (or not as often):", c);
        }
    }
    grundy_move_list_free(&mine);
    return st;
}

/* Every listed parent q moves into p as often as it is listed. */
static grundy_status check_listed_parents(tester *t, uint64_t p) {
    grundy_parent_list mine = {0};
    grundy_status st = GRUNDY_STATUS_OK;
    t->g->parents(t->g->ctx, p, &mine);
    st = mine.failed ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < mine.count; i++) {
        const uint64_t q = mine.items[i];
        size_t listed = 0, moves = 0;
        for (size_t j = 0; j < mine.count; j++) {
            listed += mine.items[j] == q;
        }
        if (q >= t->g->positions) {
            st = bad(t, p, "lists a parent out of range:", q);
        } else if ((st = moves_into(t, q, p, &moves)) == GRUNDY_STATUS_OK && moves != listed) {
            st = bad(t, p, "lists a parent that has no such move (or not as often):", q);
        }
    }
    grundy_parent_list_free(&mine);
    return st;
}

static grundy_status check_position(tester *t, uint64_t p) {
    const grundy_game *g = t->g;
    grundy_status st = GRUNDY_STATUS_OK;
    if (g->canonical != NULL) {
        const uint64_t c = g->canonical(g->ctx, p);
        if (c >= g->positions || g->canonical(g->ctx, c) != c) {
            return bad(t, p, "has a canonical form that is out of range or not canonical:", c);
        }
        p = c; /* moves and parents are specified for canonical positions */
    }
    if ((st = check_children(t, p)) != GRUNDY_STATUS_OK || g->parents == NULL) {
        return st;
    }
    if ((st = check_parents_of_children(t, p)) != GRUNDY_STATUS_OK) {
        return st;
    }
    return check_listed_parents(t, p);
}

grundy_status grundy_game_selftest(const grundy_game *game, uint64_t samples, uint64_t seed,
                                   grundy_selftest_report *report) {
    tester t = {.g = game, .report = report};
    grundy_status st = GRUNDY_STATUS_OK;
    memset(report, 0, sizeof *report);
    if (game->positions == 0 || game->initial >= game->positions) {
        return bad(&t, game->initial, "is the initial position; positions:", game->positions);
    }
    st = check_position(&t, game->initial);
    for (uint64_t i = 0; st == GRUNDY_STATUS_OK && i < samples; i++) {
        const uint64_t p = grundy_splitmix64(&seed) % game->positions;
        report->positions_checked++;
        st = check_position(&t, p);
    }
    grundy_move_list_free(&t.moves);
    grundy_parent_list_free(&t.parents);
    return st;
}
