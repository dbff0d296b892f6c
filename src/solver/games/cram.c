/* SPDX-License-Identifier: MIT */
/*
 * Cram for the nimber search: a move covers two free cells side by side. A position is a region's
 * free cells in its bounding box, bit r * w + c of words 0 .. cw - 1, and h | w << 16 in word cw.
 * Regions that share no side are independent games, so a position splits into its connected
 * components (4-neighbours), each moved to the corner of its own box; single cells are dropped
 * (nimber 0), and so are a pair of equal components (G + G = 0) and the extra tufts of a cell (see
 * cram_bitboard.h). Boxes of up to 64 and 128 cells are one integer to the bitboard code; larger
 * ones go cell by cell. A component's canonical form is the least of its eight images under the
 * square's symmetries (four when rotated a quarter turn the box changes shape, but the form names
 * the box). Theory (known): a component that an involution sigma (a half turn, a mirror, a diagonal
 * fold) maps onto itself, with every free domino disjoint from its image, has nimber 0: the second
 * player answers each domino by its image (the symmetry strategy, Berlekamp, Conway and Guy).
 * End-game index: the components of a box of at most ENDGAME_AREA cells, numbered by the box's
 * area, then its height, then the cells as a number, so that smaller boxes come first.
 */
#include <grundy/nimsearch.h>

#include <stdlib.h>
#include <string.h>

#define ENDGAME_AREA 40u

/* Boxes of 65 to 128 cells are two words, one integer to the bitboard code (a GCC and Clang
 * extension, the only one here). */
__extension__ typedef unsigned __int128 u128;

typedef struct cram {
    unsigned cw;                                        /* words of cells */
    uint64_t first[ENDGAME_AREA + 1][ENDGAME_AREA + 1]; /* h x w box's first index, or none */
    uint64_t first_col64[65];                           /* a w-wide box's first column */
    u128 first_col128[129];
} cram;

typedef struct shape {
    unsigned h, w;
} shape;

static shape shape_of(const cram *g, const grundy_nim_pos *p) {
    const shape s = {(unsigned)(p->w[g->cw] & 0xffff), (unsigned)(p->w[g->cw] >> 16)};
    return s;
}

static int cell(const grundy_nim_pos *p, unsigned i) {
    return (int)(p->w[i >> 6] >> (i & 63) & 1u);
}

static void set_cell(grundy_nim_pos *p, unsigned i) {
    p->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static void clear_cell(grundy_nim_pos *p, unsigned i) {
    p->w[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

/* The set bits of x by halves, nibbles and bytes (without a popcount instruction in the baseline
 * instruction set the builtin is a library call). */
static unsigned bits_set(uint64_t x) {
    x -= x >> 1 & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

static unsigned free_cells(const cram *g, const grundy_nim_pos *p) {
    unsigned n = 0;
    for (unsigned k = 0; k < g->cw; k++) {
        n += bits_set(p->w[k]);
    }
    return n;
}

/* ---- boxes of at most 64 or 128 cells: a component is one integer (cram_bitboard.h) ------- */

static unsigned ctz64(uint64_t x) {
    return (unsigned)__builtin_ctzll(x);
}

static unsigned top64(uint64_t x) {
    return 63u - (unsigned)__builtin_clzll(x);
}

static uint64_t reverse64(uint64_t x, unsigned n) {
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
    x = __builtin_bswap64(x);
    return x >> (64 - n);
}

static uint64_t load64(const grundy_nim_pos *p) {
    return p->w[0];
}

static void store64(grundy_nim_pos *p, uint64_t x) {
    p->w[0] = x;
}

#define BB         uint64_t
#define BB_BITS    64u
#define BB_NAME(f) f##64
#define bb_ctz     ctz64
#define bb_top     top64
#define bb_reverse reverse64
#define bb_load    load64
#define bb_store   store64
#include "solver/games/cram_bitboard.h"
#undef BB
#undef BB_BITS
#undef BB_NAME
#undef bb_ctz
#undef bb_top
#undef bb_reverse
#undef bb_load
#undef bb_store

static unsigned ctz128(u128 x) {
    const uint64_t lo = (uint64_t)x;
    return lo != 0 ? ctz64(lo) : 64u + ctz64((uint64_t)(x >> 64));
}

static unsigned top128(u128 x) {
    const uint64_t hi = (uint64_t)(x >> 64);
    return hi != 0 ? 64u + top64(hi) : top64((uint64_t)x);
}

/* The n low bits reversed: each word reversed, the two swapped, the rest shifted out. */
static u128 reverse128(u128 x, unsigned n) {
    const u128 r = (u128)reverse64((uint64_t)x, 64) << 64 | reverse64((uint64_t)(x >> 64), 64);
    return r >> (128 - n);
}

static u128 load128(const grundy_nim_pos *p) {
    return (u128)p->w[1] << 64 | p->w[0];
}

static void store128(grundy_nim_pos *p, u128 x) {
    p->w[0] = (uint64_t)x;
    p->w[1] = (uint64_t)(x >> 64);
}

#define BB         u128
#define BB_BITS    128u
#define BB_NAME(f) f##128
#define bb_ctz     ctz128
#define bb_top     top128
#define bb_reverse reverse128
#define bb_load    load128
#define bb_store   store128
#include "solver/games/cram_bitboard.h"
#undef BB
#undef BB_BITS
#undef BB_NAME
#undef bb_ctz
#undef bb_top
#undef bb_reverse
#undef bb_load
#undef bb_store

/* ---- boxes of more than 128 cells: cell by cell ------------------------------------------ */

static void push_domino(const grundy_nim_pos *p, unsigned a, unsigned b, grundy_nim_list *out) {
    grundy_nim_pos child = *p;
    clear_cell(&child, a);
    clear_cell(&child, b);
    grundy_nim_list_push(out, &child);
}

static void moves(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    if (s.h * s.w <= 64) {
        moves64(g->first_col64, s, p, out);
        return;
    }
    if (s.h * s.w <= 128) {
        moves128(g->first_col128, s, p, out);
        return;
    }
    for (unsigned r = 0; r < s.h; r++) {
        for (unsigned c = 0; c < s.w; c++) {
            const unsigned i = r * s.w + c;
            if (!cell(p, i)) {
                continue;
            }
            if (c + 1 < s.w && cell(p, i + 1)) {
                push_domino(p, i, i + 1, out);
            }
            if (r + 1 < s.h && cell(p, i + s.w)) {
                push_domino(p, i, i + s.w, out);
            }
        }
    }
}

/* The component of cell `from` (taken out of *left) into cells[], its count returned. */
static unsigned flood(shape s, grundy_nim_pos *left, unsigned from, unsigned *cells) {
    unsigned n = 0, stack[GRUNDY_CRAM_MAX_CELLS], top = 0;
    stack[top++] = from;
    clear_cell(left, from);
    while (top > 0) {
        const unsigned i = stack[--top], r = i / s.w, c = i % s.w;
        const unsigned next[4] = {c > 0 ? i - 1 : i, c + 1 < s.w ? i + 1 : i, r > 0 ? i - s.w : i,
                                  r + 1 < s.h ? i + s.w : i};
        cells[n++] = i;
        for (unsigned k = 0; k < 4; k++) {
            if (next[k] != i && cell(left, next[k])) {
                clear_cell(left, next[k]);
                stack[top++] = next[k];
            }
        }
    }
    return n;
}

/* The cells (indices in a box of width s.w) moved to the corner of their own box. */
static grundy_nim_pos boxed(const cram *g, shape s, const unsigned *cells, unsigned n) {
    unsigned r0 = s.h, r1 = 0, c0 = s.w, c1 = 0;
    for (unsigned k = 0; k < n; k++) {
        const unsigned r = cells[k] / s.w, c = cells[k] % s.w;
        r0 = r < r0 ? r : r0;
        r1 = r > r1 ? r : r1;
        c0 = c < c0 ? c : c0;
        c1 = c > c1 ? c : c1;
    }
    grundy_nim_pos out;
    memset(&out, 0, sizeof out);
    const unsigned w = c1 - c0 + 1;
    for (unsigned k = 0; k < n; k++) {
        set_cell(&out, (cells[k] / s.w - r0) * w + cells[k] % s.w - c0);
    }
    out.w[g->cw] = (uint64_t)(r1 - r0 + 1) | (uint64_t)w << 16;
    return out;
}

static void split(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    if (s.h * s.w <= 64) {
        split64(g->first_col64, g->cw, s, p, out);
        return;
    }
    if (s.h * s.w <= 128) {
        split128(g->first_col128, g->cw, s, p, out);
        return;
    }
    grundy_nim_pos left = *p;
    unsigned cells[GRUNDY_CRAM_MAX_CELLS];
    for (unsigned k = 0; k < g->cw; k++) {
        while (left.w[k] != 0) {
            const unsigned from = k * 64 + (unsigned)__builtin_ctzll(left.w[k]);
            const unsigned n = flood(s, &left, from, cells);
            if (n >= 2) { /* a lone cell has no move: nimber 0 */
                const grundy_nim_pos part = boxed(g, s, cells, n);
                grundy_nim_list_push(out, &part);
            }
        }
    }
}

/* Image of cell (r, c) of an h x w box under symmetry t (0..7: t & 4 transposes, then t & 1 flips
 * the rows and t & 2 the columns of the result); its box is h' x w'. */
static unsigned image(unsigned t, shape s, unsigned r, unsigned c, shape *to) {
    unsigned rr = r, cc = c;
    *to = s;
    if (t & 4) {
        rr = c;
        cc = r;
        to->h = s.w;
        to->w = s.h;
    }
    rr = (t & 1) ? to->h - 1 - rr : rr;
    cc = (t & 2) ? to->w - 1 - cc : cc;
    return rr * to->w + cc;
}

static grundy_nim_pos transformed(const cram *g, const grundy_nim_pos *p, unsigned t) {
    const shape s = shape_of(g, p);
    shape to = s;
    grundy_nim_pos out;
    memset(&out, 0, sizeof out);
    for (unsigned i = 0; i < s.h * s.w; i++) {
        if (cell(p, i)) {
            set_cell(&out, image(t, s, i / s.w, i % s.w, &to));
        }
    }
    image(t, s, 0, 0, &to);
    out.w[g->cw] = (uint64_t)to.h | (uint64_t)to.w << 16;
    return out;
}

static int less(const cram *g, const grundy_nim_pos *a, const grundy_nim_pos *b) {
    for (unsigned k = g->cw + 1; k-- > 0;) {
        if (a->w[k] != b->w[k]) {
            return a->w[k] < b->w[k];
        }
    }
    return 0;
}

static void canonical(void *ctx, grundy_nim_pos *p) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    if (s.h * s.w <= 64) {
        canonical64(g->cw, p);
        return;
    }
    if (s.h * s.w <= 128) {
        canonical128(g->cw, p);
        return;
    }
    grundy_nim_pos best = *p;
    for (unsigned t = 1; t < 8; t++) {
        const grundy_nim_pos q = transformed(g, p, t);
        if (less(g, &q, &best)) {
            best = q;
        }
    }
    *p = best;
}

/* Whether involution t maps p onto itself: on the bitboard when the box fits one. */
static int symmetric(const cram *g, const grundy_nim_pos *p, shape s, unsigned t) {
    if (s.h * s.w <= 64) {
        return symmetric64(load64(p), s, t);
    }
    if (s.h * s.w <= 128) {
        return symmetric128(load128(p), s, t);
    }
    const grundy_nim_pos q = transformed(g, p, t);
    return memcmp(q.w, p->w, (g->cw + 1) * sizeof(uint64_t)) == 0;
}

/* Whether every free domino of p is disjoint from its image under involution t (a cell at a
 * time: only symmetric components get here). */
static int dominoes_clear(const grundy_nim_pos *p, shape s, unsigned t) {
    shape to;
    for (unsigned i = 0; i < s.h * s.w; i++) {
        const unsigned r = i / s.w, c = i % s.w, si = image(t, s, r, c, &to);
        if (!cell(p, i)) {
            continue;
        }
        const unsigned right = c + 1 < s.w && cell(p, i + 1) ? i + 1 : i;
        const unsigned down = r + 1 < s.h && cell(p, i + s.w) ? i + s.w : i;
        for (unsigned k = 0; k < 2; k++) { /* the free dominoes {i, j} */
            const unsigned j = k == 0 ? right : down;
            if (j == i) {
                continue;
            }
            const unsigned sj = image(t, s, j / s.w, j % s.w, &to);
            if (si == i || si == j || sj == i || sj == j) {
                return 0;
            }
        }
    }
    return 1;
}

static int known(void *ctx, const grundy_nim_pos *p, uint32_t *nimber) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    const unsigned n = free_cells(g, p);
    if (n <= 2) { /* a component: nothing, one cell, or one domino */
        *nimber = n == 2;
        return 1;
    }
    /* the involutions: a half turn, the two mirrors and, in a square box, the two diagonals */
    static const unsigned involutions[] = {3, 1, 2, 4, 7};
    const unsigned count = s.h == s.w ? 5 : 3;
    for (unsigned k = 0; k < count; k++) {
        const unsigned t = involutions[k];
        if (symmetric(g, p, s, t) && dominoes_clear(p, s, t)) {
            *nimber = 0;
            return 1;
        }
    }
    return 0;
}

/* The first index of each box that fits the board either way up (a component's canonical form
 * may be turned a quarter), by area and height; UINT64_MAX for the others. */
static void number_boxes(cram *g, unsigned rows, unsigned cols) {
    const unsigned side = rows > cols ? rows : cols;
    uint64_t next = 0;
    for (unsigned h = 0; h <= ENDGAME_AREA; h++) {
        for (unsigned w = 0; w <= ENDGAME_AREA; w++) {
            g->first[h][w] = UINT64_MAX;
        }
    }
    for (unsigned area = 2; area <= ENDGAME_AREA; area++) {
        for (unsigned h = 1; h <= area; h++) {
            if (area % h == 0 && h <= side && area / h <= side) {
                g->first[h][area / h] = next;
                next += (uint64_t)1 << area;
            }
        }
    }
}

static uint64_t endgame_index(void *ctx, const grundy_nim_pos *p) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    if (s.h * s.w > ENDGAME_AREA) {
        return UINT64_MAX;
    }
    const uint64_t first = g->first[s.h][s.w];
    return first == UINT64_MAX ? first : first + p->w[0];
}

static uint32_t size(void *ctx, const grundy_nim_pos *p) {
    return free_cells(ctx, p);
}

grundy_status grundy_nim_game_cram_create(unsigned rows, unsigned cols, const uint8_t *blocked,
                                          grundy_nim_game **out) {
    *out = NULL;
    if (rows == 0 || cols == 0 || rows > GRUNDY_CRAM_MAX_SIDE || cols > GRUNDY_CRAM_MAX_SIDE ||
        rows * cols > GRUNDY_CRAM_MAX_CELLS) {
        return GRUNDY_STATUS_RANGE;
    }
    grundy_nim_game *const game = calloc(1, sizeof *game);
    cram *const g = calloc(1, sizeof *g);
    if (game == NULL || g == NULL) {
        free(game);
        free(g);
        return GRUNDY_STATUS_NOMEM;
    }
    g->cw = (rows * cols + 63) / 64;
    number_boxes(g, rows, cols);
    for (unsigned w = 1; w <= 64; w++) {
        g->first_col64[w] = first_column64(w);
    }
    for (unsigned w = 1; w <= 128; w++) {
        g->first_col128[w] = first_column128(w);
    }
    for (unsigned i = 0; i < rows * cols; i++) {
        if (blocked == NULL || !blocked[i]) {
            set_cell(&game->initial, i);
        }
    }
    game->initial.w[g->cw] = (uint64_t)rows | (uint64_t)cols << 16;
    game->name = "cram";
    game->words = g->cw + 1;
    game->ctx = g;
    game->moves = moves;
    game->split = split;
    game->canonical = canonical;
    game->known = known;
    game->size = size;
    game->endgame_index = endgame_index;
    game->destroy = free;
    *out = game;
    return GRUNDY_STATUS_OK;
}
