/* SPDX-License-Identifier: MIT */
/*
 * Cram on one bitboard: a component whose box fits one integer of BB_BITS bits, cell (r, c) at bit
 * r * w + c (the words of a position, low first). A template: cram.c includes it once for boxes
 * of up to 64 cells and once for boxes of up to 128, after defining
 *   BB                 the integer type,  BB_BITS its width,  BB_NAME(f) f with the width's suffix,
 *   bb_ctz, bb_top     the lowest and the highest set bit of a nonzero BB,
 *   bb_reverse(x, n)   the n low bits of x in the reverse order,
 *   bb_load, bb_store  a BB from and into the cell words of a position,
 * and the shape, cram and first-column types. Every step is a few whole-board operations: the moves
 * from two shifted copies, a component grown a ring at a time, the images under the square's
 * symmetries by bit reversal and a row permutation.
 */

/* The cells of the first column of a w-wide box, every row up to BB_BITS bits. */
static BB BB_NAME(first_column)(unsigned w) {
    BB m = 0;
    for (unsigned i = 0; i < BB_BITS; i += w) {
        m |= (BB)1 << i;
    }
    return m;
}

static BB BB_NAME(low_bits)(unsigned n) {
    return n >= BB_BITS ? ~(BB)0 : ((BB)1 << n) - 1;
}

static void BB_NAME(moves)(const BB *first_col, shape s, const grundy_nim_pos *p,
                           grundy_nim_list *out) {
    const BB x = bb_load(p);
    const BB last = first_col[s.w] << (s.w - 1);
    BB across = x & (x >> 1) & ~last, down = s.h > 1 ? x & (x >> s.w) : 0;
    grundy_nim_pos child = *p;
    for (; across != 0; across &= across - 1) {
        bb_store(&child, x & ~((BB)3 << bb_ctz(across)));
        grundy_nim_list_push(out, &child);
    }
    for (; down != 0; down &= down - 1) {
        bb_store(&child, x & ~(((BB)1 | (BB)1 << s.w) << bb_ctz(down)));
        grundy_nim_list_push(out, &child);
    }
}

/* The 4-connected component of `seed` within x, grown a ring at a time. */
static BB BB_NAME(flood)(const BB *first_col, shape s, BB x, BB seed) {
    const BB not_first = ~first_col[s.w], not_last = ~(first_col[s.w] << (s.w - 1));
    const unsigned up = s.h > 1 ? s.w : 0; /* no shift by the width on a single row */
    BB comp = seed;
    for (;;) {
        const BB grown = (comp | ((comp << 1) & not_first) | ((comp >> 1) & not_last) |
                          (comp << up) | (comp >> up)) &
                         x;
        if (grown == comp) {
            return comp;
        }
        comp = grown;
    }
}

/* Component comp of an s box moved to the corner of its own box: the rows above it shifted out,
 * then, unless it spans every column, each row cut to its columns. Its shape (h | w << 16) into
 * *box. */
static BB BB_NAME(boxed)(shape s, BB comp, uint64_t *box) {
    const unsigned r0 = bb_ctz(comp) / s.w, h = bb_top(comp) / s.w - r0 + 1;
    const BB rows = comp >> (r0 * s.w), row_mask = BB_NAME(low_bits)(s.w);
    BB cols = 0;
    for (unsigned r = 0; r < h; r++) {
        cols |= rows >> (r * s.w);
    }
    cols &= row_mask;
    const unsigned c0 = bb_ctz(cols), w = bb_top(cols) - c0 + 1;
    *box = (uint64_t)h | (uint64_t)w << 16;
    if (w == s.w) {
        return rows;
    }
    BB x = 0;
    for (unsigned r = 0; r < h; r++) {
        x |= (rows >> (r * s.w + c0) & BB_NAME(low_bits)(w)) << (r * w);
    }
    return x;
}

/* Component x of shape `box` appended to out, written in place (a position built on the stack
 * and copied stalls on its partial stores). Two equal components are a second-player win
 * together (G + G = 0): when this split (from `first`) pushed x already, that one is taken back
 * out instead. */
static void BB_NAME(push_or_cancel)(unsigned cw, grundy_nim_list *out, size_t first, BB x,
                                    uint64_t box) {
    for (size_t i = first; i < out->count; i++) {
        if (out->items[i].w[cw] == box && bb_load(&out->items[i]) == x) {
            out->items[i] = out->items[--out->count];
            return;
        }
    }
    if (out->count == out->cap && !grundy_nim_list_grow(out)) {
        return;
    }
    grundy_nim_pos *const part = &out->items[out->count++];
    memset(part, 0, sizeof *part);
    bb_store(part, x);
    part->w[cw] = box;
}

/* x less two kinds of cells that do not change its nimber (the star reduction and bridges of
 * Beling's igs), for tufts, cells with one free neighbour, and stars, the cells next to a tuft:
 * - a tuft t2 that shares its star v with another tuft t1: the moves (v, t1) and (v, t2) leave
 *   the same position up to an isolated cell, a move (v, x) leaves t2 isolated, and a move
 *   elsewhere leaves the pair as it was; so, by induction on the position, G and G - t2 have the
 *   same options' values. The tufts are kept in a fixed order of their star's side, so that equal
 *   positions reduce alike.
 * - a bridge b, a cell whose free neighbours are all stars: a move (b, s) leaves s's tuft t
 *   isolated, so it is worth the move (s, t) of G - b, which G has too (b left isolated or a
 *   bridge still); moves elsewhere keep b a bridge (a tuft goes only with its star), so by
 *   induction G and G - b have the same options' values. Bridges are never neighbours (a
 *   bridge is no star), so all go at once. */
static BB BB_NAME(reduced)(const BB *first_col, shape s, BB x) {
    const BB first = first_col[s.w], last = first << (s.w - 1);
    const unsigned up = s.h > 1 ? s.w : 0;
    const BB right = x & (x >> 1) & ~last, left = x & (x << 1) & ~first;
    const BB down = up != 0 ? x & (x >> up) : 0, above = up != 0 ? x & (x << up) : 0;
    const BB two = (right & left) | (down & above) | ((right | left) & (down | above));
    const BB tuft = (right ^ left ^ down ^ above) & ~two;
    const BB stars = (tuft & right) << 1 | (tuft & left) >> 1 | (tuft & down) << up |
                     (up != 0 ? (tuft & above) >> up : 0);
    const BB plain = x & ~tuft & ~stars;
    const BB next_to_plain = ((plain << 1) & ~first) | ((plain >> 1) & ~last) |
                             (up != 0 ? (plain << up) | (plain >> up) : 0);
    BB out = x & ~(plain & ~next_to_plain);
    BB seen = (tuft & right) << 1; /* the stars of the tufts kept so far */
    out &= ~(tuft & left & (seen << 1));
    seen |= (tuft & left) >> 1;
    out &= ~(tuft & down & (seen >> up));
    seen |= (tuft & down) << up;
    return out & ~(tuft & above & (seen << up));
}

static void BB_NAME(split)(const BB *first_col, unsigned cw, shape s, const grundy_nim_pos *p,
                           grundy_nim_list *out) {
    const size_t first = out->count;
    BB left = BB_NAME(reduced)(first_col, s, bb_load(p));
    while (left != 0) {
        const BB comp = BB_NAME(flood)(first_col, s, left, left & (~left + 1));
        left &= ~comp;
        if ((comp & (comp - 1)) != 0) { /* a lone cell has no move: nimber 0 */
            uint64_t box;
            const BB x = BB_NAME(boxed)(s, comp, &box);
            BB_NAME(push_or_cancel)(cw, out, first, x, box);
        }
    }
}

/* The rows of an h x w box in the reverse order (a mirror through the horizontal axis). */
static BB BB_NAME(flip_rows)(BB x, unsigned h, unsigned w) {
    const BB row_mask = BB_NAME(low_bits)(w);
    BB out = 0;
    for (unsigned r = 0; r < h; r++) {
        out |= (x >> (r * w) & row_mask) << ((h - 1 - r) * w);
    }
    return out;
}

/* The transpose of an h x w box: a w x h box, a set cell at a time. */
static BB BB_NAME(transpose)(BB x, shape s) {
    BB out = 0;
    for (; x != 0; x &= x - 1) {
        const unsigned i = bb_ctz(x);
        out |= (BB)1 << (i % s.w * s.h + i / s.w);
    }
    return out;
}

/* The least of x's images under the symmetries that keep its box: itself, the half turn (the n
 * bits reversed), the mirror through the horizontal axis and the one through the vertical axis
 * (the half turn of the first). */
static BB BB_NAME(least_image)(BB x, unsigned h, unsigned w) {
    const unsigned n = h * w;
    const BB flipped = BB_NAME(flip_rows)(x, h, w);
    BB best = x < flipped ? x : flipped;
    const BB half = bb_reverse(x, n), mirror = bb_reverse(flipped, n);
    best = half < best ? half : best;
    return mirror < best ? mirror : best;
}

/* The least image, the box's shape first (as h | w << 16): a box wider than high is turned a
 * quarter, and only the four symmetries that keep the box are tried; a square box tries eight. */
static void BB_NAME(canonical)(unsigned cw, grundy_nim_pos *p) {
    const shape s = {(unsigned)(p->w[cw] & 0xffff), (unsigned)(p->w[cw] >> 16)};
    const BB x = bb_load(p);
    if (s.h > s.w) {
        bb_store(p, BB_NAME(least_image)(x, s.h, s.w));
        return;
    }
    const BB t = BB_NAME(least_image)(BB_NAME(transpose)(x, s), s.w, s.h);
    if (s.h < s.w) {
        bb_store(p, t);
        p->w[cw] = (uint64_t)s.w | (uint64_t)s.h << 16;
        return;
    }
    const BB same = BB_NAME(least_image)(x, s.h, s.w);
    bb_store(p, t < same ? t : same);
}

/* Whether involution t (as in cram.c's `image`: 3 the half turn, 1 and 2 the mirrors, 4 and 7
 * the diagonals of a square box) maps x onto itself. */
static int BB_NAME(symmetric)(BB x, shape s, unsigned t) {
    const unsigned n = s.h * s.w;
    const BB first_row = x & BB_NAME(low_bits)(s.w), last_row = x >> (n - s.w);
    switch (t) {
    case 3:
        return bb_reverse(x, n) == x;
    case 1: /* the first row is the last: most components fail here, before the whole flip */
        return first_row == last_row && BB_NAME(flip_rows)(x, s.h, s.w) == x;
    case 2: /* every row a palindrome, the first one too */
        return bb_reverse(first_row, s.w) == first_row &&
               bb_reverse(BB_NAME(flip_rows)(x, s.h, s.w), n) == x;
    case 4:
        return BB_NAME(transpose)(x, s) == x;
    default:
        return bb_reverse(BB_NAME(transpose)(x, s), n) == x;
    }
}
