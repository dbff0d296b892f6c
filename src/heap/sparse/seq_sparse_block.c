/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's blocks of heaps on threads (the threaded sparse engine): heaps [b0, b1)
 * marked at once below the block on a thread pool, then finished in order while the pool marks
 * the next block's options below this one (seq_sparse.c computes one heap). */
#include "heap/sparse/sparse_bits.h"
#include "heap/sparse/sparse_state.h"

#include "util/pool.h"
#include "util/try.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*
 * With several threads, heaps b0 .. b1-1 are computed at once. Heap n = b0 + j has options
 * g(x) and g(a) ^ g(m - a) (m = n - k); the larger part of a split, and a heap left alone, lie
 * below b0 except for x >= b0, m - a >= b0 (so a <= j) or a rare part a >= b0: a few per heap
 * when n is far past the block's length (b1 - b0 <= b0 / 4). On the threads, each heap marks its
 * options below the block in its own slot, finds c1, its smallest unmarked common value, and
 * scans the ordinary splits below the block for the rare values below c1 (marking those it
 * finds). Then, in order, the caller marks the options inside the block, now known: the common
 * gap c and the doubts below it follow as in heap_value; a doubt below c1 was scanned for
 * outside the block already, so only the splits inside it can still give it; one at c1 or more
 * is scanned for outside too. Every mark is a true option and every option is marked or
 * scanned for: the values are those of the single thread, whatever the thread count. The
 * labelling, the bits and the rare list below b0 stay fixed during a block; when booking a
 * value changes the labelling or the bits, the block ends at that heap.
 *
 * The marks below the block go in two passes, so that the in-order part of block k overlaps the
 * threads' work on block k + 1 (the in-order part is the serial part of the scheme: Amdahl's
 * bound). The first pass marks the options whose parts all lie below an edge, block k's first
 * heap, which are known while block k is settled; the second, once it is, marks those with a part
 * in [edge, b0) (a band no longer than block k) and then finds c1 and scans as above. The pool
 * runs, in one loop, block k's second pass (its first indices, which the caller waits for), then
 * block k + 1's first pass, which the workers go on with while the caller settles block k and
 * which the caller joins when it is done. The first pass reads the values' storage and the rare
 * list below the edge, so nothing may move them meanwhile: a heap whose booking could (a value
 * past the bits or the storage's width, the rare list at its capacity or its limit, which chooses
 * a new labelling) waits for the pass to end, and block k + 1 then starts afresh.
 */
#define BLOCK_HEAPS      256                 /* the most heaps in a block */
#define BLOCK_MARK_BYTES ((uint64_t)4 << 20) /* the most bytes of slots */
#define BLOCK_MAX_BITS   14                  /* larger values: one heap at a time */
#define BLOCK_MIN_MARKS  512                 /* fewer rare marks a heap: one heap at a time ... */
#define BLOCK_CHEAP_N    65536               /* ... from this heap on */
/* Per slot, s->slot_c1 holds SLOT_INFO words: c1, the count of doubts below c1 the threads left
 * open (SLOT_MANY: more than SLOT_OPEN), and those doubts, ascending. */
#define SLOT_OPEN    14
#define SLOT_INFO    (2 + SLOT_OPEN)
#define SLOT_MANY    UINT64_MAX
#define BLOCK_GROUPS (BLOCK_HEAPS / SPARSE_BATCH)

/* Per take, the rare splits a group's passes mark at once: [lo, mid_lo), [mid_hi, hi) below the
 * edge, [band_lo, band_hi) in the band (indices into the rare list; empty where it marks none). */
typedef struct group_rare {
    size_t lo, mid_lo, mid_hi, hi, band_lo, band_hi;
} group_rare;

/* A block and its half of the slots (the other half is the block before or after it). */
typedef struct block {
    sparse *s;
    const void *raw;
    unsigned width;
    uint64_t b0;
    uint64_t heaps;    /* b1 - b0 */
    uint64_t edge;     /* the first pass marks the options whose parts all lie below it */
    size_t rare_edge;  /* rare positions below edge */
    size_t rare_below; /* rare positions below b0 (known when the second pass runs) */
    uint64_t scan;     /* the first take's ordinary splits a group marks (group_scan) */
    uint64_t slot0;    /* its first slot */
    sparse_mark stamp;
    unsigned bits_limit; /* grundy_sparse_bits_limit: the group marks half as bits (0: bytes) */
    int first_done;      /* the first pass ran (else the second runs it first) */
    /* per group: the first take's ordinary splits its first pass marked (lo > hi: none) */
    uint64_t split_lo[BLOCK_GROUPS], split_hi[BLOCK_GROUPS];
    group_rare rare[BLOCK_GROUPS][SPARSE_BATCH_TAKES]; /* per group, what it marked at once */
} block;

static uint64_t split_a_max(const take *t, uint64_t m) {
    return grundy_sparse_a_max(t->distinct, m);
}

void grundy_sparse_mark_rare_span(const sparse *s, const heap_ctx *h, uint64_t m, int distinct,
                                  uint64_t r_lo, uint64_t r_hi, size_t first, size_t last) {
    r_hi = r_hi < m ? r_hi : m - 1;
    if (r_lo > r_hi || first >= last) {
        return;
    }
    const uint64_t *pos = s->rare_pos + first;
    const size_t lo = first + grundy_sparse_count_below(pos, last - first, r_lo);
    const size_t hi = first + grundy_sparse_count_below(pos, last - first, r_hi + 1);
    size_t skip = hi;
    if (distinct && (m & 1u) == 0 && m / 2 >= r_lo && m / 2 <= r_hi) {
        const size_t at = first + grundy_sparse_count_below(pos, last - first, m / 2);
        skip = at < hi && s->rare_pos[at] == m / 2 ? at : hi;
    }
    grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, lo, skip);
    if (skip < hi) {
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, skip + 1, hi);
    }
}

static sparse_mark *slot_marks(const block *b, uint64_t j) {
    return b->s->slots + (b->slot0 + j) * b->s->slot_stride;
}

static uint64_t *slot_info(const block *b, uint64_t j) {
    return b->s->slot_c1 + (b->slot0 + j) * SLOT_INFO;
}

static heap_ctx slot_ctx(const block *b, uint64_t j, uint64_t *doubt) {
    return grundy_sparse_heap_ctx(b->s, b->raw, b->width, slot_marks(b, j), b->stamp, doubt);
}

/* The smallest unmarked common value below 2^bits (or 2^bits), and the rare ones below it. */
static uint64_t common_gap(const sparse *s, const heap_ctx *h, uint64_t n, doubts *d) {
    const sparse_plan p = grundy_sparse_plan(s, n);
    d->count = 0;
    return grundy_sparse_gap(h, p.common, p.top, d);
}

/* The threads scan at most OUTSIDE_SCAN splits of each take for the doubts below c1: a doubt
 * that an option inside the block settles (0.354's rare positions are mostly small heaps, so
 * many are) would otherwise cost a scan of every split on the threads, and the rest of the
 * splits are scanned in order only for the doubts still open there. */
#define OUTSIDE_SCAN 16384

static uint64_t outside_scan_end(uint64_t a_lo, uint64_t a_max) {
    return a_max - a_lo < OUTSIDE_SCAN ? a_max : a_lo + OUTSIDE_SCAN - 1;
}

/* What a full group of SPARSE_BATCH heaps j0 .. j0 + B - 1 marks at once (seq_sparse_batch.c's
 * pass, below the edge): per take, the rare r >= (b0 - edge) + j0 + B - k below the edge's rare
 * count (their partners b0 + j - k - r < edge) but the middle ones of a take whose parts must
 * differ; and the first take's ordinary splits a in [split_lo, split_hi]. */
typedef struct group {
    size_t
        from[SPARSE_BATCH_TAKES]; /* heap by heap: the rare [from, lo), r >= (b0 - edge) + j0 - k */
    size_t lo[SPARSE_BATCH_TAKES], mid_lo[SPARSE_BATCH_TAKES], mid_hi[SPARSE_BATCH_TAKES];
    size_t hi[SPARSE_BATCH_TAKES];
    uint64_t split_lo, split_hi; /* split_lo > split_hi: none */
} group;

/* The last of the first take's ordinary splits that the group of heaps from j0 marks at once
 * (base: b0 + j0 - k). The batch marks a in [B, scan]; a group marks as many from its first split
 * whose partner lies below the block for each of its heaps (a >= j0 + B - k), so that a group late
 * in the block starts its scan with as few doubts left as the batch's heaps (4!.0 to 2^21: 4% fewer
 * splits scanned than with a <= scan for every group). */
static uint64_t group_top(const block *b, uint64_t j0, uint64_t base) {
    const uint64_t k = b->s->split[0].k, top = j0 + b->scan > k ? j0 + b->scan - k : 0;
    return top < (base - 1) / 2 ? top : (base - 1) / 2;
}

static int group_batched(const block *b, uint64_t j0, uint64_t heaps) {
    const sparse *s = b->s;
    return heaps == SPARSE_BATCH && !s->dense && b->width <= 2 &&
           s->slot_stride == SPARSE_BATCH_STRIDE && s->split_count <= SPARSE_BATCH_TAKES &&
           b->b0 + j0 > s->max_take + 2 * SPARSE_BATCH;
}

/* A group's rare marks of [lo, hi) for its heaps from base: bytes, or (bits_limit > 0) half of
 * them as bits of the values below the bound in *bits, stored as marks by store_bits. */
static void group_rare_marks(const block *b, sparse_bits *bits, sparse_mark *seen, uint64_t base,
                             size_t lo, size_t hi) {
    const sparse *s = b->s;
    if (b->bits_limit > 0) {
        grundy_sparse_bits_rare(bits, seen, b->stamp, b->raw, b->width, base, s->rare_pos,
                                s->rare_val, lo, hi);
    } else {
        grundy_sparse_batch_rare(seen, b->stamp, b->raw, b->width, base, s->rare_pos, s->rare_val,
                                 lo, hi);
    }
}

static void store_bits(const block *b, const sparse_bits *bits, sparse_mark *seen) {
    if (b->bits_limit > 0) {
        grundy_sparse_bits_store(bits, seen, b->stamp, b->bits_limit);
    }
}

static void group_marks(block *b, uint64_t j0, group *g) {
    const sparse *s = b->s;
    const uint64_t *pos = s->rare_pos;
    sparse_mark *const seen = slot_marks(b, j0);
    group_rare *const marked = b->rare[j0 / SPARSE_BATCH];
    sparse_bits bits;
    memset(&bits, 0, b->bits_limit > 0 ? sizeof bits : 0);
    const size_t rare = b->rare_edge;
    const uint64_t first = b->b0 - b->edge + j0 + SPARSE_BATCH; /* r + k >= first */
    for (size_t i = 0; i < s->split_count; i++) {
        const take *t = &s->split[i];
        const uint64_t base = b->b0 + j0 - t->k;
        g->lo[i] = t->k >= first ? 0 : grundy_sparse_count_below(pos, rare, first - t->k);
        g->from[i] = t->k >= first - SPARSE_BATCH
                         ? 0
                         : grundy_sparse_count_below(pos, g->lo[i], first - SPARSE_BATCH - t->k);
        g->hi[i] = grundy_sparse_count_below(pos, rare, base);
        g->hi[i] = g->hi[i] > g->lo[i] ? g->hi[i] : g->lo[i];
        g->mid_lo[i] = g->mid_hi[i] = g->hi[i];
        if (t->distinct) { /* 2r = base + j: r in [base / 2, (base + B - 1) / 2] */
            size_t ml = grundy_sparse_count_below(pos, rare, base / 2);
            size_t mh = grundy_sparse_count_below(pos, rare, (base + SPARSE_BATCH - 1) / 2 + 1);
            ml = ml < g->lo[i] ? g->lo[i] : ml > g->hi[i] ? g->hi[i] : ml;
            mh = mh < ml ? ml : mh > g->hi[i] ? g->hi[i] : mh;
            g->mid_lo[i] = ml;
            g->mid_hi[i] = mh;
        }
        group_rare_marks(b, &bits, seen, base, g->lo[i], g->mid_lo[i]);
        group_rare_marks(b, &bits, seen, base, g->mid_hi[i], g->hi[i]);
        marked[i].lo = g->lo[i];
        marked[i].mid_lo = g->mid_lo[i];
        marked[i].mid_hi = g->mid_hi[i];
        marked[i].hi = g->hi[i];
    }
    store_bits(b, &bits, seen);
    g->split_lo = 1;
    g->split_hi = 0;
    if (s->split_count > 0) {
        const uint64_t k = s->split[0].k, base = b->b0 + j0 - k;
        const uint64_t lo = first > k ? first - k : 1;
        const uint64_t hi = group_top(b, j0, base);
        if (lo <= hi) {
            grundy_sparse_batch_splits(seen, b->stamp, b->raw, b->width, base, lo, hi);
            g->split_lo = lo;
            g->split_hi = hi;
        }
    }
}

/* Scan the splits a in [a_lo, a_hi] of m but [skip_lo, skip_hi] (marked already). */
static void scan_around(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_hi,
                        uint64_t skip_lo, uint64_t skip_hi, doubts *d) {
    if (skip_lo > skip_hi || skip_hi < a_lo || skip_lo > a_hi) {
        grundy_sparse_scan_splits(h, m, a_lo, a_hi, d);
        return;
    }
    if (a_lo < skip_lo) {
        grundy_sparse_scan_splits(h, m, a_lo, skip_lo - 1, d);
    }
    if (skip_hi < a_hi && d->count > 0) {
        grundy_sparse_scan_splits(h, m, skip_hi + 1, a_hi, d);
    }
}

/* On a thread, the first pass: heap b0 + j's options whose parts all lie below the edge (g: what
 * its group marked at once, or NULL). */
static void heap_below(const block *b, uint64_t j, const group *g) {
    const sparse *s = b->s;
    const uint64_t n = b->b0 + j, edge = b->edge;
    const heap_ctx h = slot_ctx(b, j, NULL);
    for (size_t i = 0; i < s->one_count; i++) {
        if (n - s->one[i].k < edge) {
            h.seen[load(&h, n - s->one[i].k)] = h.stamp;
        }
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        const uint64_t a_lo = m >= edge ? m - edge + 1 : 1; /* then m - a < edge */
        const int distinct = s->split[i].distinct;
        if (s->dense) {
            if (a_lo <= split_a_max(&s->split[i], m)) {
                grundy_sparse_mark_range(&h, m, a_lo, split_a_max(&s->split[i], m));
            }
        } else if (g != NULL) {
            /* the rare r below the group's batched ones: r >= a_lo >= (b0 - edge) + j0 - k + 1 */
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, g->from[i], g->lo[i]);
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, g->mid_lo[i], g->mid_hi[i]);
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, g->hi[i], b->rare_edge);
        } else {
            grundy_sparse_mark_rare_span(s, &h, m, distinct, a_lo, m, 0, b->rare_edge);
        }
    }
}

/* What a group's second pass marks at once where the edge lies below b0 (else nothing): per take,
 * the rare r in [j0 + B - k, (b0 - edge) + j0 + B - k) (their partners below b0 for every heap of
 * the group, at the edge or above for some), indices [lo, hi); and the first take's ordinary splits
 * a in the same range (up to the group's scan bound), which make the first pass's a range from
 * j0 + B - k on. rare: the rare positions below b1 - edge, the bound of the band's smaller parts.
 */
typedef struct band {
    size_t from[SPARSE_BATCH_TAKES]; /* heap by heap: the rare [from, lo), r >= j0 - k + 1 */
    size_t lo[SPARSE_BATCH_TAKES], hi[SPARSE_BATCH_TAKES];
    size_t rare;
    int batched;
} band;

static void group_band(block *b, uint64_t gi, uint64_t count, band *bd) {
    const sparse *s = b->s;
    const uint64_t *pos = s->rare_pos, j0 = gi * SPARSE_BATCH;
    bd->rare = grundy_sparse_count_below(pos, b->rare_edge, b->b0 + b->heaps - b->edge);
    bd->batched = b->edge < b->b0 && group_batched(b, j0, count);
    if (!bd->batched) {
        return;
    }
    sparse_mark *const seen = slot_marks(b, j0);
    sparse_bits bits;
    memset(&bits, 0, b->bits_limit > 0 ? sizeof bits : 0);
    const uint64_t low = j0 + SPARSE_BATCH,
                   first = b->b0 - b->edge + low; /* r + k in [low, first) */
    for (size_t i = 0; i < s->split_count; i++) {
        const take *t = &s->split[i];
        const uint64_t base = b->b0 + j0 - t->k;
        bd->lo[i] = t->k >= low ? 0 : grundy_sparse_count_below(pos, bd->rare, low - t->k);
        bd->hi[i] = t->k >= first ? 0 : grundy_sparse_count_below(pos, bd->rare, first - t->k);
        bd->hi[i] = bd->hi[i] > bd->lo[i] ? bd->hi[i] : bd->lo[i];
        if (t->distinct && bd->hi[i] > grundy_sparse_count_below(pos, bd->rare, base / 2)) {
            bd->lo[i] = bd->hi[i] = bd->rare; /* a middle one among them: all heap by heap */
        }
        bd->from[i] = t->k > j0 ? 0 : grundy_sparse_count_below(pos, bd->lo[i], j0 - t->k + 1);
        group_rare_marks(b, &bits, seen, base, bd->lo[i], bd->hi[i]);
        b->rare[gi][i].band_lo = bd->lo[i];
        b->rare[gi][i].band_hi = bd->hi[i];
    }
    store_bits(b, &bits, seen);
    if (s->split_count > 0) {
        const uint64_t k = s->split[0].k, base = b->b0 + j0 - k;
        const uint64_t top = group_top(b, j0, base);
        const uint64_t lo = low > k ? low - k : 1;
        uint64_t hi = first > k + 1 ? first - k - 1 : 0;
        hi = hi < top ? hi : top;
        if (lo <= hi) { /* the first pass's [first - k, top], where any, follows on */
            grundy_sparse_batch_splits(seen, b->stamp, b->raw, b->width, base, lo, hi);
            b->split_hi[gi] = b->split_lo[gi] <= b->split_hi[gi] ? b->split_hi[gi] : hi;
            b->split_lo[gi] = lo;
        }
    }
}

/* The second pass's marks: heap b0 + j's options below the block with a part in [edge, b0) (none
 * where the edge is b0) but those its group marked at once (bd): with the first pass's, every
 * option below the block. */
static void heap_band(const block *b, const heap_ctx *h, uint64_t j, const band *bd) {
    const sparse *s = b->s;
    const uint64_t n = b->b0 + j, edge = b->edge, b0 = b->b0;
    if (edge == b0) {
        return;
    }
    for (size_t i = 0; i < s->one_count; i++) {
        if (n - s->one[i].k >= edge && n - s->one[i].k < b0) {
            h->seen[load(h, n - s->one[i].k)] = h->stamp;
        }
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k, a_max = split_a_max(&s->split[i], m);
        const uint64_t a_lo = m >= b0 ? m - b0 + 1 : 1; /* then m - a < b0 */
        const int distinct = s->split[i].distinct;
        if (m > edge) { /* the parts a <= m - edge have their partner in [edge, b0) */
            if (s->dense) {
                const uint64_t a_hi = m - edge < a_max ? m - edge : a_max;
                if (a_lo <= a_hi) {
                    grundy_sparse_mark_range(h, m, a_lo, a_hi);
                }
            } else if (bd->batched) { /* r < j0 + B - k: a few, each a true option */
                grundy_sparse_mark_rare_checked(s, h, m, distinct, a_lo, bd->from[i], bd->lo[i]);
            } else {
                grundy_sparse_mark_rare_span(s, h, m, distinct, a_lo, m - edge, 0, bd->rare);
            }
        }
        if (!s->dense) { /* a rare part in [edge, b0) */
            grundy_sparse_mark_rare_span(s, h, m, distinct, a_lo, m, b->rare_edge, b->rare_below);
        }
    }
}

/* Heap b0 + j's first-take splits from its first whose partner lies below the block up to those
 * its group marked at once, [*skip_lo, skip_hi] (at most B - 1 of them where the edge is b0, as
 * the batch marks a < B heap by heap): marked before the common gap, so that their doubts are gone
 * and the scan goes on from skip_hi + 1 in one piece (scanned, they cost a look at every doubt and
 * a second scan); then *skip_lo is the first split marked. */
static void mark_below_group(const block *b, const heap_ctx *h, uint64_t j, uint64_t *skip_lo,
                             uint64_t skip_hi) {
    const sparse *s = b->s;
    if (s->split_count == 0 || *skip_lo > skip_hi) {
        return;
    }
    const uint64_t m = b->b0 + j - s->split[0].k;
    const uint64_t a_lo = m >= b->b0 ? m - b->b0 + 1 : 1; /* then m - a < b0 */
    if (a_lo < *skip_lo) {
        grundy_sparse_mark_range(h, m, a_lo, *skip_lo - 1);
        *skip_lo = a_lo;
    }
}

/* Heap b0 + j's common gap is decided by its marks below the bits' bound where some common value
 * below it is left unmarked (the gap is the first, and the doubts lie below it); else the values
 * from the bound on, which the bits leave out, may decide it: the rare splits its group marked at
 * once are marked again, every value (as the batch's complete_marks). */
static void complete_marks(const block *b, const heap_ctx *h, uint64_t j) {
    const sparse *s = b->s;
    const uint64_t n = b->b0 + j;
    const sparse_plan p = grundy_sparse_plan(s, n);
    if (b->bits_limit == 0 || p.top <= b->bits_limit ||
        !grundy_sparse_bits_short(h->seen, h->stamp, p.common, b->bits_limit)) {
        return;
    }
    const group_rare *const g = b->rare[j / SPARSE_BATCH];
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, g[i].lo, g[i].mid_lo);
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, g[i].mid_hi, g[i].hi);
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, g[i].band_lo, g[i].band_hi);
    }
}

/* On a thread, the second pass: heap b0 + j's band (heap_band), and its doubts below c1 settled by
 * the first OUTSIDE_SCAN splits below the block of each take; gi: its group. */
static void heap_rest(const block *b, uint64_t j, unsigned w, uint64_t gi, const band *bd) {
    sparse *s = b->s;
    const uint64_t n = b->b0 + j;
    const heap_ctx h = slot_ctx(b, j, s->worker_doubt + w * s->slot_stride);
    heap_band(b, &h, j, bd);
    if (s->dense) {
        s->slot_left[b->slot0 + j] = 0;
        return;
    }
    uint64_t skip_lo = b->split_lo[gi];
    const uint64_t skip_hi = b->split_hi[gi];
    mark_below_group(b, &h, j, &skip_lo, skip_hi);
    complete_marks(b, &h, j);
    doubts d = {h.doubt, 0};
    const uint64_t c1 = common_gap(s, &h, n, &d);
    uint64_t *const info = slot_info(b, j);
    info[0] = c1;
    s->slot_left[b->slot0 + j] = d.count;
    for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
        const uint64_t m = n - s->split[i].k;
        const uint64_t a_lo = m >= b->b0 ? m - b->b0 + 1 : 1;
        const uint64_t a_hi = outside_scan_end(a_lo, split_a_max(&s->split[i], m));
        if (a_lo <= a_hi) {
            scan_around(&h, m, a_lo, a_hi, i == 0 ? skip_lo : 1, i == 0 ? skip_hi : 0, &d);
        }
    }
    /* Every unmarked value below c1 was a doubt: mark the ones found, unmark those left. With
     * the open doubts listed, inside_gap reads the marks from c1 rounded down to 16 only. */
    const uint64_t start = c1 & ~(uint64_t)15;
    const int listed = d.count <= SLOT_OPEN && start > 0 && start < ((uint64_t)1 << s->bits);
    for (uint64_t v = listed ? start : 0; v < c1; v++) {
        h.seen[v] = h.stamp;
    }
    for (size_t i = 0; i < d.count; i++) {
        h.seen[d.v[i]] = (sparse_mark)(h.stamp - 1);
    }
    info[1] = listed ? d.count : SLOT_MANY;
    for (size_t i = 0; i < d.count && i < SLOT_OPEN; i++) {
        info[2 + i] = d.v[i];
    }
}

/* In order: the common gap and the doubts below it, as common_gap finds them, from what the
 * threads left: below c1 every value is marked but the open doubts (heap_outside), so the scan
 * of the marks starts at c1 (rounded down to 16) and the doubts below that come from the list
 * (those a move inside the block did not mark since). */
static uint64_t inside_gap(const sparse *s, const heap_ctx *h, uint64_t n, const uint64_t *info,
                           doubts *d) {
    const sparse_plan p = grundy_sparse_plan(s, n);
    const uint64_t start = info[0] & ~(uint64_t)15;
    if (info[1] == SLOT_MANY) { /* the marks below c1 are all there: the full scan */
        return common_gap(s, h, n, d);
    }
    d->count = 0;
    for (size_t i = 0; i < info[1]; i++) {
        if (info[2 + i] < start && h->seen[info[2 + i]] != h->stamp) {
            d->v[d->count++] = info[2 + i];
        }
    }
    heap_ctx above = *h;
    above.seen = h->seen + start;
    doubts rest = {d->v + d->count, 0};
    const uint64_t c = start + grundy_sparse_gap(&above, p.common + start, p.top - start, &rest);
    for (size_t i = 0; i < rest.count; i++) {
        rest.v[i] += start;
    }
    d->count += rest.count;
    return c;
}

static uint64_t group_count(const block *b) {
    return (b->heaps + SPARSE_BATCH - 1) / SPARSE_BATCH;
}

/* On a thread: the first pass over group gi (SPARSE_BATCH heaps of the block, the last one
 * shorter). */
static void group_below(block *b, uint64_t gi) {
    const uint64_t j0 = gi * SPARSE_BATCH;
    const uint64_t count = b->heaps - j0 < SPARSE_BATCH ? b->heaps - j0 : SPARSE_BATCH;
    group g;
    const int batched = group_batched(b, j0, count);
    memset(b->rare[gi], 0, sizeof b->rare[gi]); /* none marked at once */
    b->split_lo[gi] = 1;
    b->split_hi[gi] = 0;
    if (batched) {
        group_marks(b, j0, &g);
        b->split_lo[gi] = g.split_lo;
        b->split_hi[gi] = g.split_hi;
    }
    for (uint64_t j = j0; j < j0 + count; j++) {
        heap_below(b, j, batched ? &g : NULL);
    }
}

/* One loop of the pool: the block to settle next (its second pass, and its first where it has not
 * run: indices below now_groups), then the block after it (its first pass; NULL: none). */
typedef struct block_loop {
    block *now, *ahead;
    uint64_t now_groups;
} block_loop;

static void loop_index(void *arg, uint64_t i, unsigned w) {
    const block_loop *l = arg;
    if (i >= l->now_groups) {
        group_below(l->ahead, i - l->now_groups);
        return;
    }
    block *const b = l->now;
    if (!b->first_done) {
        group_below(b, i);
    }
    const uint64_t j0 = i * SPARSE_BATCH;
    const uint64_t count = b->heaps - j0 < SPARSE_BATCH ? b->heaps - j0 : SPARSE_BATCH;
    band bd;
    group_band(b, i, count, &bd);
    for (uint64_t j = j0; j < j0 + count; j++) {
        heap_rest(b, j, w, i, &bd);
    }
}

/* In order: heap n = b0 + j's options inside the block, and its value. */
static uint64_t block_inside(const block *b, const heap_ctx *h, const size_t *small, uint64_t n) {
    const sparse *s = b->s;
    const uint64_t b0 = b->b0, heaps = b->heaps;
    const size_t rare_below = b->rare_below;
    for (size_t i = 0; i < s->one_count; i++) {
        if (n - s->one[i].k >= b0) {
            h->seen[load(h, n - s->one[i].k)] = h->stamp;
        }
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k, a_max = split_a_max(&s->split[i], m);
        const uint64_t a_hi = m >= b0 ? m - b0 : 0; /* parts whose partner is in the block */
        if (s->dense) {
            if (a_hi >= 1) {
                grundy_sparse_mark_range(h, m, 1, a_hi < a_max ? a_hi : a_max);
            }
        } else {
            if (a_hi >= 1 && a_hi < heaps && 2 * a_hi < m) { /* r <= a_hi: small[] counts them */
                grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, 0, small[a_hi + 1]);
            } else {
                grundy_sparse_mark_rare_span(s, h, m, s->split[i].distinct, 1, a_hi, 0, rare_below);
            }
            grundy_sparse_mark_rare_span(s, h, m, s->split[i].distinct, b0, m, rare_below,
                                         (size_t)s->rare_count);
        }
    }
    if (s->dense) {
        uint64_t v = 0;
        while (h->seen[v] == h->stamp) {
            v++;
        }
        return v;
    }
    doubts d = {h->doubt, 0};
    const uint64_t *const info = slot_info(b, n - b0);
    if (info[0] < b->bits_limit && h->seen[info[0]] == h->stamp) {
        complete_marks(b, h, n - b0); /* c1 below the bound, the gap now above it */
    }
    const uint64_t c = inside_gap(s, h, n, info, &d);
    for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
        const uint64_t m = n - s->split[i].k, a_max = split_a_max(&s->split[i], m);
        const uint64_t a_hi = m >= b0 ? m - b0 : 0;
        if (a_hi >= 1) {
            grundy_sparse_scan_splits(h, m, 1, a_hi < a_max ? a_hi : a_max, &d);
        }
    }
    /* Outside the block: the doubts below c1 past the threads' stretch of each take (the
     * smallest left is g(n)); those at c1 or more, which the threads did not look for, from
     * the block's edge on. */
    const uint64_t c1 = info[0];
    size_t low = 0;
    while (low < d.count && d.v[low] < c1) {
        low++;
    }
    doubts dl = {d.v, low}, dh = {d.v + low, d.count - low};
    for (size_t i = 0; i < s->split_count && dl.count > 0; i++) {
        const uint64_t m = n - s->split[i].k, a_max = split_a_max(&s->split[i], m);
        const uint64_t a_lo = m >= b0 ? m - b0 + 1 : 1, a_hi = outside_scan_end(a_lo, a_max);
        if (a_hi < a_max) {
            grundy_sparse_scan_splits(h, m, a_hi + 1, a_max, &dl);
        }
    }
    if (dl.count > 0) {
        return dl.v[0];
    }
    for (size_t i = 0; i < s->split_count && dh.count > 0; i++) {
        const uint64_t m = n - s->split[i].k, a_max = split_a_max(&s->split[i], m);
        const uint64_t a_lo = m >= b0 ? m - b0 + 1 : 1;
        if (a_lo <= a_max) {
            grundy_sparse_scan_splits(h, m, a_lo, a_max, &dh);
        }
    }
    return dh.count > 0 ? dh.v[0] : c;
}

/* Size the slots for values below 2^bits (two halves: the block settled and the one after it),
 * and start the threads. */
static grundy_status reserve_slots(grundy_seq *seq, sparse *s) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (s->slots != NULL && s->slot_bits == s->bits) {
        return GRUNDY_STATUS_OK;
    }
    /* A dense mex may reach 2^bits; the batched marks want their constant stride. */
    const uint64_t stride =
        s->bits <= SPARSE_BATCH_MAX_BITS ? SPARSE_BATCH_STRIDE : ((uint64_t)1 << s->bits) + 16;
    uint64_t half = BLOCK_MARK_BYTES / (sizeof(sparse_mark) * stride);
    half = half < BLOCK_HEAPS ? half : BLOCK_HEAPS;
    const uint64_t count = 2 * half;
    free(s->slots);
    free(s->slot_c1);
    free(s->slot_left);
    free(s->worker_doubt);
    s->slots = NULL;
    s->slot_c1 = NULL;
    s->slot_left = NULL;
    s->worker_doubt = NULL;
    s->slot_count = 0;
    s->slot_stride = 0;
    GRUNDY_TRY(grundy_seq_charge_room(
        seq, grundy_sparse_bytes(s) + count * (stride * sizeof(sparse_mark) + 8 * SLOT_INFO + 8) +
                 (uint64_t)s->threads * stride * 8));
    s->slots = calloc((size_t)(count * stride), sizeof *s->slots);
    s->slot_c1 = calloc((size_t)(count * SLOT_INFO), sizeof *s->slot_c1);
    s->slot_left = calloc((size_t)count, sizeof *s->slot_left);
    s->worker_doubt = calloc((size_t)(s->threads * stride), sizeof *s->worker_doubt);
    GRUNDY_CHECK(s->slots != NULL && s->slot_c1 != NULL && s->slot_left != NULL &&
                     s->worker_doubt != NULL,
                 GRUNDY_STATUS_NOMEM);
    s->slot_count = count;
    s->slot_stride = stride;
    s->slot_bits = s->bits;
    s->slot_stamp[0] = s->slot_stamp[1] = 0;
    if (s->pool == NULL) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
cleanup:
    return st;
}

/* Heaps [n, *end) can go as blocks (*end > n + 1), given the labelling and the bits; the table is
 * asked again before each block after the first (grundy_sparse_run_block). */
int grundy_sparse_block_fits(const sparse_facts *f, uint64_t *end) {
    const uint64_t n = f->n;
    if (f->threads < 2 || n < f->past || f->bits > BLOCK_MAX_BITS || n < 64) {
        return 0;
    }
    /* A heap that costs a few hundred marks (0.354: 131 rare positions, 3.4 million values a
     * second) gains less from the threads than the block costs it; past BLOCK_CHEAP_N such
     * rules go one heap at a time (below, blocks run for every rule, so the tests reach them). */
    if (!f->dense && n >= BLOCK_CHEAP_N && f->rare_count * f->split_count < BLOCK_MIN_MARKS) {
        return 0;
    }
    /* Where one heap at a time keeps the doubts as a table (AVX-512, 16-bit values below
     * SPARSE_BITSET_VALUES: 0.6), the blocks, which settle with the list, lose to it: 0.6 to
     * 2^21 took 2.83 s of wall on two threads against 2.65 s on one (fifth session). */
    if (!f->dense && n >= BLOCK_CHEAP_N && f->bits > 8 && f->isa == SPARSE_ISA_AVX512 &&
        f->doubts == SPARSE_DOUBTS_TABLE) {
        return 0;
    }
    *end = f->length < f->next_choice ? f->length : f->next_choice;
    return *end > n + 1;
}

sparse_block_mode grundy_sparse_block_mode(void) {
    const char *env = getenv("GRUNDY_SPARSE_BLOCK");
    if (env != NULL && strcmp(env, "overlap") == 0) {
        return SPARSE_BLOCK_OVERLAP;
    }
    if (env != NULL && strcmp(env, "short") == 0) {
        return SPARSE_BLOCK_SHORT;
    }
    return SPARSE_BLOCK_SERIAL;
}

/* The end of the block that starts at heap n, heaps [n, end) going as blocks: at most a quarter
 * of n, so that the options inside the block stay few, and at most half the slots. */
static uint64_t block_end(const sparse *s, uint64_t n, uint64_t end) {
    uint64_t heaps = n / 4 < BLOCK_HEAPS ? n / 4 : BLOCK_HEAPS;
    if (s->block_mode == SPARSE_BLOCK_SHORT) { /* many short blocks of varied lengths */
        heaps = heaps < 2 + n % 31 ? heaps : 2 + n % 31;
    }
    heaps = heaps < s->slot_count / 2 ? heaps : s->slot_count / 2;
    return end - n < heaps ? end : n + heaps;
}

/* How far a group marks the first take's ordinary splits: s->batch_scan, which follows the heaps'
 * doubts, but at most SPARSE_BITSET_SCAN where AVX-512's bitset test scans the rest, as in the
 * batch (a split marked costs a store a heap, a split tested a fraction of one once the first
 * splits have settled most doubts). Uncapped, 4!.0's open heaps grew the bound towards
 * SPARSE_BATCH_MAX_SCAN: two threads spent 44% more CPU than one, most of it marking splits. */
static uint64_t group_scan(const sparse *s) {
    return s->isa == SPARSE_ISA_AVX512 && s->batch_scan > SPARSE_BITSET_SCAN ? SPARSE_BITSET_SCAN
                                                                             : s->batch_scan;
}

/* Block b = [b0, b1) in half `half` of the slots, its first pass below edge (the block before it,
 * or b0 itself: then both passes run in one). */
static void block_init(grundy_seq *seq, sparse *s, block *b, unsigned half, uint64_t b0,
                       uint64_t b1, uint64_t edge, size_t rare_edge) {
    memset(b, 0, sizeof *b);
    b->s = s;
    b->raw = grundy_seq_raw(seq, &b->width);
    b->b0 = b0;
    b->heaps = b1 - b0;
    b->edge = edge;
    b->rare_edge = rare_edge;
    b->rare_below = rare_edge;
    b->scan = group_scan(s);
    b->bits_limit = grundy_sparse_bits_limit(s, b->width);
    b->slot0 = half * (s->slot_count / 2);
    if (++s->slot_stamp[half] == 0) {
        memset(slot_marks(b, 0), 0,
               (size_t)(s->slot_count / 2 * s->slot_stride) * sizeof *s->slots);
        s->slot_stamp[half] = 1;
    }
    b->stamp = s->slot_stamp[half];
}

/* The block after `now` whose first pass may run while `now` is settled, in `next` (NULL: none):
 * the table chooses blocks there as things stand, the values up to it fit the storage as it is,
 * and its ordinary splits' smaller parts lie below now's first heap. */
static block *plan_ahead(grundy_seq *seq, sparse *s, const block *now, uint64_t end, block *next) {
    const uint64_t b0 = now->b0 + now->heaps;
    if (s->block_mode == SPARSE_BLOCK_SERIAL || s->may_drop || b0 >= end ||
        grundy_seq_ahead(seq, b0) == NULL) {
        return NULL;
    }
    const sparse_facts f = grundy_sparse_facts(seq, s, b0, end);
    uint64_t e;
    if (grundy_sparse_choose(&f, &e) != SPARSE_PATH_BLOCK) {
        return NULL;
    }
    const uint64_t b1 = block_end(s, b0, e);
    if (b1 - 1 >= 2 * now->b0) {
        return NULL;
    }
    block_init(seq, s, next, now->slot0 == 0 ? 1 : 0, b0, b1, now->b0, now->rare_below);
    next->first_done = 1; /* by the time it is settled */
    return next;
}

/* Booking g(n) = v may move what a first pass reads: the values' storage (a value past the bits,
 * whose table grows, or past the width, whose storage does) or the rare list (at its capacity, or
 * one past its limit, which chooses a new labelling). */
static int booking_may_move(const sparse *s, unsigned width, uint64_t v) {
    return (v >> s->bits) != 0 || (width < 8 && (v >> (8 * width)) != 0) ||
           s->rare_count == s->rare_cap || s->rare_count + 1 > s->rare_limit;
}

/* In order: block b's heaps, each marked inside the block, settled and booked, while the pool runs
 * the next block's first pass (*ahead: cleared, the pool joined, where a booking may move what it
 * reads). *next: the first heap not booked. */
static grundy_status settle_block(grundy_seq *seq, sparse *s, const block *b, uint64_t flat,
                                  block **ahead, uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    /* small[x]: the rare positions below x, for x <= the block's length (the in-order marks of
     * the parts whose partner is in the block; a binary search each cost 1% of 0.6's work). */
    size_t small[BLOCK_HEAPS + 1];
    for (size_t x = 0, i = 0; x <= b->heaps; x++) {
        while (i < b->rare_below && s->rare_pos[i] < x) {
            i++;
        }
        small[x] = i;
    }
    const uint64_t labellings = s->labellings;
    const unsigned bits = s->bits;
    unsigned settled = 0, open = 0;
    for (uint64_t n = b->b0; n < b->b0 + b->heaps; n++) {
        const uint64_t left = s->slot_left[b->slot0 + n - b->b0];
        settled += left <= SPARSE_FEW_LEFT;
        open += left > SPARSE_MANY_LEFT;
        unsigned width;
        const void *raw = grundy_seq_raw(seq, &width);
        const heap_ctx h =
            grundy_sparse_heap_ctx(s, raw, width, slot_marks(b, n - b->b0), b->stamp, s->doubt);
        const uint64_t v = block_inside(b, &h, small, n);
        if (*ahead != NULL && booking_may_move(s, width, v)) {
            grundy_pool_finish(s->pool);
            *ahead = NULL;
        }
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, n, v));
        *next = n + 1;
        if (s->labellings != labellings || s->bits != bits ||
            (s->may_drop && grundy_seq_flat_end(seq) != flat)) {
            break; /* the rest of the block was marked for the old labelling or bits */
        }
    }
    s->batch_scan =
        grundy_sparse_next_scan(s->batch_scan, settled, open, (unsigned)(*next - b->b0));
cleanup:
    return st;
}

/* The calling thread's CPU and wall clocks, where s->profile is kept. */
typedef struct clocks {
    double cpu, wall;
} clocks;

static clocks clocks_now(const sparse *s) {
    clocks c = {0, 0};
    if (s->profile != NULL) {
        struct timespec t;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        c.cpu = (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
        clock_gettime(CLOCK_MONOTONIC, &t);
        c.wall = (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
    }
    return c;
}

/* Add the time from *since to now to part p of s->profile, and move *since to now. */
static void profile_part(sparse *s, sparse_block_part p, clocks *since) {
    if (s->profile != NULL) {
        const clocks c = clocks_now(s);
        s->profile->cpu[p] += c.cpu - since->cpu;
        s->profile->wall[p] += c.wall - since->wall;
        *since = c;
    }
}

/* Count block b's first-take splits marked at once, heap by heap, in s->profile. */
static void profile_marks(sparse *s, const block *b) {
    for (uint64_t gi = 0; s->profile != NULL && gi < group_count(b); gi++) {
        const uint64_t j0 = gi * SPARSE_BATCH;
        const uint64_t heaps = b->heaps - j0 < SPARSE_BATCH ? b->heaps - j0 : SPARSE_BATCH;
        if (b->split_lo[gi] <= b->split_hi[gi]) {
            s->profile->marked_splits += (b->split_hi[gi] - b->split_lo[gi] + 1) * heaps;
        }
    }
}

/* Heaps [n, end) as blocks, each block's first pass overlapping the in-order part of the one
 * before; *next: the first heap not computed. */
grundy_status grundy_sparse_run_block(grundy_seq *seq, sparse *s, uint64_t n, uint64_t end,
                                      uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    block blocks[2];
    block_loop loop = {NULL, NULL, 0};
    int running = 0; /* the pool's loop has not been finished */
    *next = n;
    GRUNDY_TRY(reserve_slots(seq, s));
    /* the memory window moves it with a new layout */
    const uint64_t flat = s->may_drop ? grundy_seq_flat_end(seq) : UINT64_MAX;
    const uint64_t b1 = block_end(s, n, end);
    if (b1 > flat) {
        goto cleanup; /* values past the prefix: the caller takes the windowed pass */
    }
    block_init(seq, s, &blocks[0], 0, n, b1, n, (size_t)s->rare_count);
    for (block *now = &blocks[0];;) {
        const uint64_t groups = group_count(now);
        now->raw = grundy_seq_raw(seq, &now->width);
        now->rare_below = (size_t)s->rare_count;
        loop.now = now;
        loop.now_groups = groups;
        loop.ahead = plan_ahead(seq, s, now, end, now == &blocks[0] ? &blocks[1] : &blocks[0]);
        clocks since = clocks_now(s);
        grundy_pool_start(s->pool, loop_index, &loop,
                          groups + (loop.ahead != NULL ? group_count(loop.ahead) : 0), groups);
        running = 1;
        grundy_pool_wait_first(s->pool);
        profile_part(s, SPARSE_PART_SECOND, &since);
        block *ahead = loop.ahead;
        GRUNDY_TRY(settle_block(seq, s, now, flat, &ahead, next));
        profile_part(s, SPARSE_PART_IN_ORDER, &since);
        grundy_pool_finish(s->pool);
        running = 0;
        profile_part(s, SPARSE_PART_FIRST, &since);
        if (s->profile != NULL) {
            s->profile->loops++;
            s->profile->heaps += *next - now->b0;
            profile_marks(s, now);
        }
        if (ahead == NULL || *next != ahead->b0) {
            break; /* no block after it, or one voided by a booking or a change */
        }
        const sparse_facts f = grundy_sparse_facts(seq, s, ahead->b0, end);
        uint64_t e;
        if (grundy_sparse_choose(&f, &e) != SPARSE_PATH_BLOCK || e < ahead->b0 + ahead->heaps) {
            break; /* the table chooses otherwise now */
        }
        now = ahead;
    }
cleanup:
    if (running) {
        grundy_pool_finish(s->pool);
    }
    return st;
}
