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

/* The row lengths of p into len[] (8 * words bytes), their count returned; on a little-endian
 * machine the words are the bytes already. */
static unsigned unpack(const chomp *g, const grundy_nim_pos *p, unsigned char *len) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(len, p->w, g->words * sizeof(uint64_t));
#else
    for (unsigned i = 0; i < 8 * g->words; i++) {
        len[i] = (unsigned char)(p->w[i / 8] >> (8 * (i % 8)));
    }
#endif
    unsigned rows = 0;
    while (rows < 8 * g->words && len[rows] != 0) {
        rows++;
    }
    return rows;
}

static void pack(const chomp *g, const unsigned char *len, grundy_nim_pos *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p->w, len, g->words * sizeof(uint64_t));
#else
    for (unsigned k = 0; k < g->words; k++) {
        uint64_t word = 0;
        for (unsigned b = 8; b-- > 0;) {
            word = word << 8 | len[k * 8 + b];
        }
        p->w[k] = word;
    }
#endif
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

/* Taking (r, c) cuts the rows r, r + 1, ... longer than c down to c: as the lengths do not
 * increase, those rows are a run, and a byte mask over them does it in each word. */
static void moves(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const chomp *const g = ctx;
    unsigned char len[GRUNDY_CHOMP_MAX_SIDE];
    const unsigned rows = unpack(g, p, len);
    grundy_nim_pos child = *p;
    for (unsigned r = 0; r < rows; r++) {
        unsigned end = rows; /* one past the last row longer than c: it falls as c rises */
        for (unsigned c = r == 0 ? 1u : 0u; c < len[r]; c++) {
            while (len[end - 1] <= c) {
                end--;
            }
            for (unsigned q = r; q < end; q++) {
                child.w[q / 8] = (child.w[q / 8] & ~((uint64_t)0xff << (8 * (q % 8)))) |
                                 (uint64_t)c << (8 * (q % 8));
            }
            grundy_nim_list_push(out, &child);
            for (unsigned q = r; q < end; q++) {
                child.w[q / 8] = p->w[q / 8];
            }
        }
    }
}

/* The conjugate partition: row j of the transpose is the number of rows longer than j, so the
 * rows of length l, counted from the bottom, set the transpose's rows len[r + 1] .. l - 1. */
static void transpose(const unsigned char *len, unsigned rows, unsigned char *t) {
    memset(t, 0, GRUNDY_CHOMP_MAX_SIDE);
    for (unsigned r = rows; r-- > 0;) {
        const unsigned below = r + 1 < rows ? len[r + 1] : 0;
        for (unsigned j = below; j < len[r]; j++) {
            t[j] = (unsigned char)(r + 1);
        }
    }
}

/* The lesser of p and its transpose, compared as words from the last: a diagram with fewer words
 * of rows than its transpose (fewer rows than columns, by a word) is the lesser unseen. */
static void canonical(void *ctx, grundy_nim_pos *p) {
    const chomp *const g = ctx;
    unsigned char len[GRUNDY_CHOMP_MAX_SIDE], t[GRUNDY_CHOMP_MAX_SIDE];
    const unsigned rows = unpack(g, p, len);
    if ((rows - 1) / 8 < (len[0] - 1u) / 8) {
        return;
    }
    transpose(len, rows, t);
    grundy_nim_pos q = *p;
    pack(g, t, &q);
    for (unsigned k = g->words; k-- > 0;) {
        if (q.w[k] != p->w[k]) {
            if (q.w[k] < p->w[k]) {
                *p = q;
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

/* The squares: the bytes summed in 16-bit lanes (at most 8 x 32 a word), then the lanes. */
static uint32_t size(void *ctx, const grundy_nim_pos *p) {
    const chomp *const g = ctx;
    const uint64_t lanes = 0x00ff00ff00ff00ffull;
    uint32_t n = 0;
    for (unsigned k = 0; k < g->words; k++) {
        const uint64_t pairs = (p->w[k] & lanes) + (p->w[k] >> 8 & lanes);
        n += (uint32_t)((pairs * 0x0001000100010001ull) >> 48);
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
