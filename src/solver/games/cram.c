/* SPDX-License-Identifier: MIT */
/*
 * Cram for the nimber search: a move covers two free cells side by side. A position is a region's
 * free cells in its bounding box, bit r * w + c of words 0 .. cw - 1, and h | w << 16 in word cw.
 * Regions that share no side are independent games, so a position splits into its connected
 * components (4-neighbours), each moved to the corner of its own box; single cells are dropped
 * (nimber 0). A component's canonical form is the least of its eight images under the square's
 * symmetries (four when rotated a quarter turn the box changes shape, but the form names the box).
 * Theory (known): a component that an involution sigma (a half turn, a mirror, a diagonal fold)
 * maps onto itself, with every free domino disjoint from its image, has nimber 0: the second
 * player answers each domino by its image (the symmetry strategy, Berlekamp, Conway and Guy).
 * End-game index: the components of a box of at most ENDGAME_AREA cells, numbered by the box's
 * area, then its height, then the cells as a number, so that smaller boxes come first.
 */
#include <grundy/nimsearch.h>

#include <stdlib.h>
#include <string.h>

#define ENDGAME_AREA 40u

typedef struct cram {
    unsigned cw;                                        /* words of cells */
    uint64_t first[ENDGAME_AREA + 1][ENDGAME_AREA + 1]; /* h x w box's first index, or none */
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

static unsigned free_cells(const cram *g, const grundy_nim_pos *p) {
    unsigned n = 0;
    for (unsigned k = 0; k < g->cw; k++) {
        n += (unsigned)__builtin_popcountll(p->w[k]);
    }
    return n;
}

/* ---- boards of at most 64 cells: every position is one word of cells (row r at bits r * w) -- */

static uint64_t low_bits(unsigned n) {
    return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

/* The cells of column 0 (col = 0) or of the last column (col = w - 1) of an h x w box. */
static uint64_t column(shape s, unsigned col) {
    uint64_t m = 0;
    for (unsigned r = 0; r < s.h; r++) {
        m |= (uint64_t)1 << (r * s.w + col);
    }
    return m;
}

static void moves64(shape s, const grundy_nim_pos *p, grundy_nim_list *out) {
    const uint64_t x = p->w[0];
    uint64_t across = x & (x >> 1) & ~column(s, s.w - 1), down = s.h > 1 ? x & (x >> s.w) : 0;
    grundy_nim_pos child = *p;
    for (; across != 0; across &= across - 1) {
        child.w[0] = x & ~((uint64_t)3 << __builtin_ctzll(across));
        grundy_nim_list_push(out, &child);
    }
    for (; down != 0; down &= down - 1) {
        child.w[0] = x & ~(((uint64_t)1 | (uint64_t)1 << s.w) << __builtin_ctzll(down));
        grundy_nim_list_push(out, &child);
    }
}

/* The 4-connected component of `seed` within x, grown a ring at a time. */
static uint64_t flood64(shape s, uint64_t x, uint64_t seed) {
    const uint64_t not_first = ~column(s, 0), not_last = ~column(s, s.w - 1);
    const unsigned up = s.h > 1 ? s.w : 0; /* no shift by 64 on a single row */
    uint64_t comp = seed;
    for (;;) {
        const uint64_t grown = (comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last) |
                                (comp << up) | (comp >> up)) &
                               x;
        if (grown == comp) {
            return comp;
        }
        comp = grown;
    }
}

/* Component comp of an h x w box moved to the corner of its own box. */
static grundy_nim_pos boxed64(const cram *g, shape s, uint64_t comp) {
    const unsigned r0 = (unsigned)__builtin_ctzll(comp) / s.w;
    const unsigned r1 = (63u - (unsigned)__builtin_clzll(comp)) / s.w;
    uint64_t cols = 0;
    for (unsigned r = r0; r <= r1; r++) {
        cols |= comp >> (r * s.w) & low_bits(s.w);
    }
    const unsigned c0 = (unsigned)__builtin_ctzll(cols), c1 = 63u - (unsigned)__builtin_clzll(cols);
    const unsigned w = c1 - c0 + 1;
    grundy_nim_pos out;
    memset(&out, 0, sizeof out);
    for (unsigned r = r0; r <= r1; r++) {
        out.w[0] |= (comp >> (r * s.w + c0) & low_bits(w)) << ((r - r0) * w);
    }
    out.w[g->cw] = (uint64_t)(r1 - r0 + 1) | (uint64_t)w << 16;
    return out;
}

static void split64(const cram *g, shape s, const grundy_nim_pos *p, grundy_nim_list *out) {
    uint64_t left = p->w[0];
    while (left != 0) {
        const uint64_t comp = flood64(s, left, left & (~left + 1));
        left &= ~comp;
        if ((comp & (comp - 1)) != 0) { /* a lone cell has no move: nimber 0 */
            const grundy_nim_pos part = boxed64(g, s, comp);
            grundy_nim_list_push(out, &part);
        }
    }
}

static uint64_t reverse_bits(uint64_t x, unsigned n) {
    x = (x >> 1 & 0x5555555555555555ull) | (x & 0x5555555555555555ull) << 1;
    x = (x >> 2 & 0x3333333333333333ull) | (x & 0x3333333333333333ull) << 2;
    x = (x >> 4 & 0x0f0f0f0f0f0f0f0full) | (x & 0x0f0f0f0f0f0f0f0full) << 4;
    x = __builtin_bswap64(x);
    return x >> (64 - n);
}

/* The rows of p (h of them) and of its transpose (w), as bit rows. */
static void rows64(shape s, uint64_t x, uint64_t *rows, uint64_t *cols) {
    memset(cols, 0, s.w * sizeof *cols);
    for (unsigned r = 0; r < s.h; r++) {
        rows[r] = x >> (r * s.w) & low_bits(s.w);
        for (uint64_t b = rows[r]; b != 0; b &= b - 1) {
            cols[__builtin_ctzll(b)] |= (uint64_t)1 << r;
        }
    }
}

/* Image t of the rows (as in `image`): the base (rows or the transpose's), rows and bits flipped.
 */
static uint64_t pack64(const uint64_t *base, unsigned h, unsigned w, unsigned t) {
    uint64_t x = 0;
    for (unsigned i = 0; i < h; i++) {
        uint64_t row = base[(t & 1) ? h - 1 - i : i];
        row = (t & 2) ? reverse_bits(row, w) : row;
        x |= row << (i * w);
    }
    return x;
}

static grundy_nim_pos transformed64(const cram *g, const grundy_nim_pos *p, unsigned t) {
    const shape s = shape_of(g, p);
    uint64_t rows[64], cols[64];
    rows64(s, p->w[0], rows, cols);
    grundy_nim_pos out;
    memset(&out, 0, sizeof out);
    const shape to = (t & 4) ? (shape){s.w, s.h} : s;
    out.w[0] = pack64((t & 4) ? cols : rows, to.h, to.w, t);
    out.w[1] = (uint64_t)to.h | (uint64_t)to.w << 16;
    return out;
}

/* The rows of an h x w box in the reverse order (a mirror through the horizontal axis). */
static uint64_t flip_rows64(uint64_t x, unsigned h, unsigned w) {
    uint64_t out = 0;
    for (unsigned r = 0; r < h; r++) {
        out |= (x >> (r * w) & low_bits(w)) << ((h - 1 - r) * w);
    }
    return out;
}

/* The transpose of an h x w box: a w x h box. */
static uint64_t transpose64(uint64_t x, shape s) {
    uint64_t out = 0;
    for (unsigned r = 0; r < s.h; r++) {
        for (uint64_t b = x >> (r * s.w) & low_bits(s.w); b != 0; b &= b - 1) {
            out |= (uint64_t)1 << ((unsigned)__builtin_ctzll(b) * s.h + r);
        }
    }
    return out;
}

/* The least of x's images under the symmetries that keep its box: itself, the half turn (the n
 * bits reversed), the mirror through the horizontal axis and the one through the vertical axis
 * (the half turn of the first). */
static uint64_t least_image64(uint64_t x, unsigned h, unsigned w) {
    const unsigned n = h * w;
    const uint64_t flipped = flip_rows64(x, h, w);
    uint64_t best = x < flipped ? x : flipped;
    const uint64_t half = reverse_bits(x, n), mirror = reverse_bits(flipped, n);
    best = half < best ? half : best;
    return mirror < best ? mirror : best;
}

/* The least image, the box's shape first (as h | w << 16): a box wider than high is turned a
 * quarter, and only the four symmetries that keep the box are tried; a square box tries eight. */
static void canonical64(const cram *g, grundy_nim_pos *p) {
    const shape s = shape_of(g, p);
    const uint64_t x = p->w[0];
    if (s.h > s.w) {
        p->w[0] = least_image64(x, s.h, s.w);
        return;
    }
    const uint64_t t = least_image64(transpose64(x, s), s.w, s.h);
    if (s.h < s.w) {
        p->w[0] = t;
        p->w[1] = (uint64_t)s.w | (uint64_t)s.h << 16;
        return;
    }
    const uint64_t same = least_image64(x, s.h, s.w);
    p->w[0] = t < same ? t : same;
}

static void push_domino(const grundy_nim_pos *p, unsigned a, unsigned b, grundy_nim_list *out) {
    grundy_nim_pos child = *p;
    clear_cell(&child, a);
    clear_cell(&child, b);
    grundy_nim_list_push(out, &child);
}

static void moves(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const cram *const g = ctx;
    const shape s = shape_of(g, p);
    if (g->cw == 1) {
        moves64(s, p, out);
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
    grundy_nim_pos left = *p;
    unsigned cells[GRUNDY_CRAM_MAX_CELLS];
    if (g->cw == 1) {
        split64(g, s, p, out);
        return;
    }
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
    if (g->cw == 1) {
        return transformed64(g, p, t);
    }
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
    grundy_nim_pos best = *p;
    if (g->cw == 1) {
        canonical64(g, p);
        return;
    }
    for (unsigned t = 1; t < 8; t++) {
        const grundy_nim_pos q = transformed(g, p, t);
        if (less(g, &q, &best)) {
            best = q;
        }
    }
    *p = best;
}

/* Whether involution t maps p onto itself with every free domino disjoint from its image. */
static int mirror_wins(const cram *g, const grundy_nim_pos *p, unsigned t) {
    const shape s = shape_of(g, p);
    shape to;
    const grundy_nim_pos q = transformed(g, p, t);
    if (memcmp(q.w, p->w, (g->cw + 1) * sizeof(uint64_t)) != 0) {
        return 0;
    }
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

/* Whether involution t maps the one-word component x of box s onto itself: the quick test before
 * mirror_wins, on the cheap images (the half turn is the box's bits reversed). */
static int symmetric64(uint64_t x, shape s, unsigned t) {
    const unsigned n = s.h * s.w;
    switch (t) {
    case 3:
        return reverse_bits(x, n) == x;
    case 1:
        return flip_rows64(x, s.h, s.w) == x;
    case 2:
        return reverse_bits(flip_rows64(x, s.h, s.w), n) == x;
    case 4:
        return transpose64(x, s) == x;
    default:
        return reverse_bits(transpose64(x, s), n) == x;
    }
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
        if (g->cw == 1 && !symmetric64(p->w[0], s, t)) {
            continue; /* not symmetric */
        }
        if (mirror_wins(g, p, t)) {
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
