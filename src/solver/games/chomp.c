/* SPDX-License-Identifier: MIT */
/*
 * Chomp for the nimber search, normal play with the poisoned corner kept out of reach: a move takes
 * a square (r, c) other than (0, 0) and every square (r', c') with r' >= r and c' >= c; the player
 * left with the corner alone cannot move and loses. A position is its row lengths, byte r of the
 * words (a non-increasing sequence, the first row at least 1). A diagram and its transpose (the
 * conjugate partition) are the same game; the canonical form is the lesser. Theory (known): one
 * row or one column of n squares is a Nim heap of n - 1.
 */
#include <grundy/nimsearch.h>

#include <stdlib.h>
#include <string.h>

typedef struct chomp {
    unsigned words; /* ceil(max(rows, cols) / 8) */
} chomp;

static unsigned row_len(const grundy_nim_pos *p, unsigned r) {
    return (unsigned)(p->w[r / 8] >> (8 * (r % 8)) & 0xffu);
}

static void set_row_len(grundy_nim_pos *p, unsigned r, unsigned len) {
    p->w[r / 8] &= ~((uint64_t)0xff << (8 * (r % 8)));
    p->w[r / 8] |= (uint64_t)len << (8 * (r % 8));
}

static unsigned rows_of(const grundy_nim_pos *p) {
    unsigned r = 0;
    while (r < GRUNDY_CHOMP_MAX_SIDE && row_len(p, r) > 0) {
        r++;
    }
    return r;
}

int grundy_nim_chomp_take(const grundy_nim_pos *p, unsigned row, unsigned col,
                          grundy_nim_pos *out) {
    if (row >= GRUNDY_CHOMP_MAX_SIDE || col >= row_len(p, row) || (row == 0 && col == 0)) {
        return 0;
    }
    *out = *p;
    for (unsigned r = row; r < GRUNDY_CHOMP_MAX_SIDE && row_len(out, r) > col; r++) {
        set_row_len(out, r, col);
    }
    return 1;
}

static void moves(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    (void)ctx;
    const unsigned rows = rows_of(p);
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < row_len(p, r); c++) {
            grundy_nim_pos child;
            if (grundy_nim_chomp_take(p, r, c, &child)) {
                grundy_nim_list_push(out, &child);
            }
        }
    }
}

/* The conjugate partition: row j of the transpose is the number of rows longer than j. */
static grundy_nim_pos transpose(const grundy_nim_pos *p) {
    grundy_nim_pos t;
    memset(&t, 0, sizeof t);
    const unsigned rows = rows_of(p);
    for (unsigned j = 0; j < row_len(p, 0); j++) {
        unsigned n = 0;
        while (n < rows && row_len(p, n) > j) {
            n++;
        }
        set_row_len(&t, j, n);
    }
    return t;
}

static void canonical(void *ctx, grundy_nim_pos *p) {
    const chomp *const g = ctx;
    const grundy_nim_pos t = transpose(p);
    for (unsigned k = g->words; k-- > 0;) {
        if (t.w[k] != p->w[k]) {
            if (t.w[k] < p->w[k]) {
                *p = t;
            }
            return;
        }
    }
}

static int known(void *ctx, const grundy_nim_pos *p, uint32_t *nimber) {
    (void)ctx;
    const unsigned rows = rows_of(p);
    if (rows == 1 || row_len(p, 0) == 1) { /* a line of n squares: Nim heap n - 1 */
        *nimber = (rows == 1 ? row_len(p, 0) : rows) - 1;
        return 1;
    }
    return 0;
}

static uint32_t size(void *ctx, const grundy_nim_pos *p) {
    (void)ctx;
    uint32_t n = 0;
    for (unsigned r = 0; r < GRUNDY_CHOMP_MAX_SIDE; r++) {
        n += row_len(p, r);
    }
    return n;
}

grundy_status grundy_nim_game_chomp_create(unsigned rows, unsigned cols, grundy_nim_game **out) {
    *out = NULL;
    if (rows == 0 || cols == 0 || rows > GRUNDY_CHOMP_MAX_SIDE || cols > GRUNDY_CHOMP_MAX_SIDE) {
        return GRUNDY_STATUS_RANGE;
    }
    grundy_nim_game *const game = calloc(1, sizeof *game);
    chomp *const g = calloc(1, sizeof *g);
    if (game == NULL || g == NULL) {
        free(game);
        free(g);
        return GRUNDY_STATUS_NOMEM;
    }
    g->words = ((rows > cols ? rows : cols) + 7) / 8;
    for (unsigned r = 0; r < rows; r++) {
        set_row_len(&game->initial, r, cols);
    }
    game->name = "chomp";
    game->words = g->words;
    game->ctx = g;
    game->moves = moves;
    game->canonical = canonical;
    game->known = known;
    game->size = size;
    game->destroy = free;
    *out = game;
    return GRUNDY_STATUS_OK;
}
