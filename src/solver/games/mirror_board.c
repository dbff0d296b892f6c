/* SPDX-License-Identifier: MIT */
/*
 * Seed 004, problem 7 (mirror board): parse a board, decide it by the mirror rule, or make it a
 * game for the solver when it has few free cells (position = bitmask of the free cells still
 * empty; a move fills one).
 */
#include <grundy/number.h>
#include <grundy/solver.h>
#include "game_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOARD_MAX_N 1000000000u
#define BOARD_MAX_K 200000u

typedef struct cell {
    uint64_t r, c;
    size_t line;
} cell;

/* Read one number in [lo, hi] named `what`. */
static grundy_status number(const char **cur, const char *end, size_t *line, uint64_t lo,
                            uint64_t hi, const char *what, uint64_t *out, grundy_diag *diag) {
    return grundy_game_text_number(cur, end, line, 0, "the input ends early", lo, hi, what, out,
                                   diag);
}

static int cell_cmp(const void *a, const void *b) {
    const cell *x = a, *y = b;
    if (x->r != y->r) {
        return x->r < y->r ? -1 : 1;
    }
    if (x->c != y->c) {
        return x->c < y->c ? -1 : 1;
    }
    return x->line < y->line ? -1 : (x->line > y->line);
}

static int has_cell(const cell *cells, size_t k, uint64_t r, uint64_t c) {
    const cell key = {r, c, 0};
    size_t lo = 0, hi = k;
    while (lo < hi) { /* the first cell >= (r, c, 0) */
        const size_t mid = lo + (hi - lo) / 2;
        if (cell_cmp(&cells[mid], &key) < 0) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo < k && cells[lo].r == r && cells[lo].c == c;
}

/* No cell twice, and the mirror of each cell blocked; reports the earliest offending line. */
static grundy_status check_cells(cell *cells, size_t k, uint64_t n, grundy_diag *diag) {
    size_t bad_line = 0;
    const char *why = NULL;
    qsort(cells, k, sizeof *cells, cell_cmp);
    for (size_t i = 0; i < k; i++) {
        const int dup = i > 0 && cells[i].r == cells[i - 1].r && cells[i].c == cells[i - 1].c;
        const int lonely = !has_cell(cells, k, n + 1 - cells[i].r, n + 1 - cells[i].c);
        if ((dup || lonely) && (why == NULL || cells[i].line < bad_line)) {
            bad_line = cells[i].line;
            why = dup ? "this cell is listed twice"
                      : "the board is not symmetric: the mirror (n+1-r, n+1-c) of this cell is "
                        "not blocked";
        }
    }
    return why == NULL ? GRUNDY_STATUS_OK
                       : grundy_game_text_fail(diag, bad_line, GRUNDY_STATUS_RANGE, why);
}

static grundy_status read_cells(const char **cur, const char *end, size_t *line, uint64_t n,
                                cell *cells, size_t k, grundy_diag *diag) {
    grundy_status st = GRUNDY_STATUS_OK;
    for (size_t i = 0; i < k && st == GRUNDY_STATUS_OK; i++) {
        st = number(cur, end, line, 1, n, "row r", &cells[i].r, diag);
        cells[i].line = *line;
        if (st == GRUNDY_STATUS_OK) {
            st = number(cur, end, line, 1, n, "column c", &cells[i].c, diag);
        }
    }
    return st;
}

grundy_status grundy_board_parse(const char **cursor, const char *end, size_t *line,
                                 grundy_board *out, grundy_diag *diag) {
    uint64_t n, k;
    grundy_status st;
    memset(out, 0, sizeof *out);
    if (grundy_game_text_skip(*cursor, end, line) == end) {
        *cursor = end;
        return GRUNDY_STATUS_NOT_FOUND;
    }
    if ((st = number(cursor, end, line, 1, BOARD_MAX_N, "board size n", &n, diag)) ||
        (st = number(cursor, end, line, 0, BOARD_MAX_K < n * n ? BOARD_MAX_K : n * n,
                     "blocked cell count k", &k, diag))) {
        return st;
    }
    cell *const cells = malloc((size_t)(k == 0 ? 1 : k) * sizeof *cells);
    out->blocked = malloc((size_t)(k == 0 ? 1 : k) * sizeof *out->blocked);
    if (cells == NULL || out->blocked == NULL) {
        st = GRUNDY_STATUS_NOMEM;
    } else if ((st = read_cells(cursor, end, line, n, cells, (size_t)k, diag)) ==
               GRUNDY_STATUS_OK) {
        st = check_cells(cells, (size_t)k, n, diag);
    }
    for (size_t i = 0; st == GRUNDY_STATUS_OK && i < k; i++) {
        out->blocked[i][0] = cells[i].r;
        out->blocked[i][1] = cells[i].c;
    }
    free(cells);
    out->n = n;
    out->blocked_count = (size_t)k;
    if (st != GRUNDY_STATUS_OK) {
        grundy_board_free(out);
    }
    return st;
}

void grundy_board_free(grundy_board *board) {
    free(board->blocked);
    memset(board, 0, sizeof *board);
}

uint64_t grundy_board_free_cells(const grundy_board *board) {
    return board->n * board->n - board->blocked_count;
}

static int is_blocked(const grundy_board *b, uint64_t r, uint64_t c) {
    size_t lo = 0, hi = b->blocked_count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        const uint64_t *x = b->blocked[mid];
        if (x[0] < r || (x[0] == r && x[1] < c)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo < b->blocked_count && b->blocked[lo][0] == r && b->blocked[lo][1] == c;
}

int grundy_board_mirror_rule(const grundy_board *board) {
    const uint64_t mid = (board->n + 1) / 2;
    return board->n % 2 == 1 && !is_blocked(board, mid, mid);
}

typedef struct board_game {
    unsigned free_cells;
} board_game;

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const board_game *const b = ctx;
    for (unsigned i = 0; i < b->free_cells; i++) {
        if ((p >> i) & 1u) {
            grundy_move_list_push(out, p & ~((uint64_t)1 << i), 0);
        }
    }
}

static void parents(void *ctx, uint64_t p, grundy_parent_list *out) {
    const board_game *const b = ctx;
    for (unsigned i = 0; i < b->free_cells; i++) {
        if (!((p >> i) & 1u)) {
            grundy_parent_list_push(out, p | ((uint64_t)1 << i));
        }
    }
}

grundy_status grundy_game_board_create(const grundy_board *board, grundy_game **out) {
    *out = NULL;
    const uint64_t free_cells = grundy_board_free_cells(board);
    if (free_cells > GRUNDY_BOARD_MAX_FREE) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_game *const g = calloc(1, sizeof *g);
    board_game *const b = calloc(1, sizeof *b);
    if (g == NULL || b == NULL) {
        free(g);
        free(b);
        return GRUNDY_STATUS_NOMEM;
    }
    /* Which free cell is which does not change the game: only that each is filled once. */
    b->free_cells = (unsigned)free_cells;
    g->name = "mirror-board";
    g->positions = (uint64_t)1 << free_cells;
    g->initial = g->positions - 1;
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING | GRUNDY_GAME_THREAD_SAFE;
    g->max_moves = b->free_cells;
    g->ctx = b;
    g->moves = moves;
    g->parents = parents;
    g->destroy = free;
    *out = g;
    return GRUNDY_STATUS_OK;
}
