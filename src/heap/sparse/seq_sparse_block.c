/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's blocks of heaps on threads (the threaded sparse engine): heaps [b0, b1)
 * marked at once below the block on a thread pool, then finished in order (seq_sparse.c computes
 * one heap). */
#include "heap/sparse/sparse_state.h"

#include "util/pool.h"
#include "util/try.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
 */
#define BLOCK_HEAPS      256                 /* the most heaps in a block */
#define BLOCK_MARK_BYTES ((uint64_t)4 << 20) /* the most bytes of slots */
#define BLOCK_MAX_BITS   14                  /* larger values: one heap at a time */
#define BLOCK_MIN_MARKS  512                 /* fewer rare marks a heap: one heap at a time ... */
#define BLOCK_CHEAP_N    65536               /* ... from this heap on */
/* Per slot, s->slot_c1 holds SLOT_INFO words: c1, the count of doubts below c1 the threads left
 * open (SLOT_MANY: more than SLOT_OPEN), and those doubts, ascending. */
#define SLOT_OPEN 14
#define SLOT_INFO (2 + SLOT_OPEN)
#define SLOT_MANY UINT64_MAX

typedef struct block {
    sparse *s;
    const void *raw;
    unsigned width;
    uint64_t b0;
    size_t rare_below; /* rare positions below b0 */
    uint64_t scan;     /* the first take's ordinary splits a group marks (s->batch_scan) */
    uint64_t heaps;    /* b1 - b0 */
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

static heap_ctx slot_ctx(const sparse *s, const void *raw, unsigned width, uint64_t j,
                         uint64_t *doubt) {
    return grundy_sparse_heap_ctx(s, raw, width, s->slots + j * s->slot_stride, s->slot_stamp,
                                  doubt);
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
 * pass, below the block): per take, the rare r >= j0 + B - k below the block's rare count (their
 * partners b0 + j - k - r < b0) but the middle ones of a take whose parts must differ; and the
 * first take's ordinary splits a in [split_lo, split_hi]. */
typedef struct group {
    size_t lo[SPARSE_BATCH_TAKES], mid_lo[SPARSE_BATCH_TAKES], mid_hi[SPARSE_BATCH_TAKES];
    size_t hi[SPARSE_BATCH_TAKES];
    uint64_t split_lo, split_hi; /* split_lo > split_hi: none */
} group;

static int group_batched(const block *b, uint64_t j0, uint64_t heaps) {
    const sparse *s = b->s;
    return heaps == SPARSE_BATCH && !s->dense && b->width <= 2 &&
           s->slot_stride == SPARSE_BATCH_STRIDE && s->split_count <= SPARSE_BATCH_TAKES &&
           b->b0 + j0 > s->max_take + 2 * SPARSE_BATCH;
}

static void group_marks(const block *b, uint64_t j0, group *g) {
    const sparse *s = b->s;
    const uint64_t *pos = s->rare_pos;
    sparse_mark *const seen = s->slots + j0 * s->slot_stride;
    for (size_t i = 0; i < s->split_count; i++) {
        const take *t = &s->split[i];
        const uint64_t base = b->b0 + j0 - t->k, first = j0 + SPARSE_BATCH; /* r + k >= first */
        g->lo[i] = t->k >= first ? 0 : grundy_sparse_count_below(pos, b->rare_below, first - t->k);
        g->hi[i] = grundy_sparse_count_below(pos, b->rare_below, base);
        g->hi[i] = g->hi[i] > g->lo[i] ? g->hi[i] : g->lo[i];
        g->mid_lo[i] = g->mid_hi[i] = g->hi[i];
        if (t->distinct) { /* 2r = base + j: r in [base / 2, (base + B - 1) / 2] */
            size_t ml = grundy_sparse_count_below(pos, b->rare_below, base / 2);
            size_t mh =
                grundy_sparse_count_below(pos, b->rare_below, (base + SPARSE_BATCH - 1) / 2 + 1);
            ml = ml < g->lo[i] ? g->lo[i] : ml > g->hi[i] ? g->hi[i] : ml;
            mh = mh < ml ? ml : mh > g->hi[i] ? g->hi[i] : mh;
            g->mid_lo[i] = ml;
            g->mid_hi[i] = mh;
        }
        grundy_sparse_batch_rare(seen, s->slot_stamp, b->raw, b->width, base, pos, s->rare_val,
                                 g->lo[i], g->mid_lo[i]);
        grundy_sparse_batch_rare(seen, s->slot_stamp, b->raw, b->width, base, pos, s->rare_val,
                                 g->mid_hi[i], g->hi[i]);
    }
    g->split_lo = 1;
    g->split_hi = 0;
    if (s->split_count > 0) {
        const uint64_t k = s->split[0].k, base = b->b0 + j0 - k;
        const uint64_t lo = j0 + SPARSE_BATCH > k ? j0 + SPARSE_BATCH - k : 1;
        const uint64_t hi = b->scan < (base - 1) / 2 ? b->scan : (base - 1) / 2;
        if (lo <= hi) {
            grundy_sparse_batch_splits(seen, s->slot_stamp, b->raw, b->width, base, lo, hi);
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

/* On a thread: heap b0 + j's options below the block (g: what its group marked at once, or
 * NULL), and its doubts below c1 settled by the first OUTSIDE_SCAN splits below the block of
 * each take. */
static void heap_outside(const block *b, uint64_t j, unsigned w, const group *g) {
    sparse *s = b->s;
    const uint64_t n = b->b0 + j;
    const heap_ctx h = slot_ctx(s, b->raw, b->width, j, s->worker_doubt + w * s->slot_stride);
    for (size_t i = 0; i < s->one_count; i++) {
        if (n - s->one[i].k < b->b0) {
            h.seen[load(&h, n - s->one[i].k)] = h.stamp;
        }
    }
    for (size_t i = 0; i < s->split_count; i++) {
        const uint64_t m = n - s->split[i].k;
        const uint64_t a_lo = m >= b->b0 ? m - b->b0 + 1 : 1; /* then m - a < b0 */
        const int distinct = s->split[i].distinct;
        if (s->dense) {
            if (a_lo <= split_a_max(&s->split[i], m)) {
                grundy_sparse_mark_range(&h, m, a_lo, split_a_max(&s->split[i], m));
            }
        } else if (g != NULL) {
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, 0, g->lo[i]);
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, g->mid_lo[i], g->mid_hi[i]);
            grundy_sparse_mark_rare_checked(s, &h, m, distinct, a_lo, g->hi[i], b->rare_below);
        } else {
            grundy_sparse_mark_rare_span(s, &h, m, distinct, a_lo, m, 0, b->rare_below);
        }
    }
    if (s->dense) {
        s->slot_left[j] = 0;
        return;
    }
    doubts d = {h.doubt, 0};
    const uint64_t c1 = common_gap(s, &h, n, &d);
    uint64_t *const info = s->slot_c1 + j * SLOT_INFO;
    info[0] = c1;
    s->slot_left[j] = d.count;
    for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
        const uint64_t m = n - s->split[i].k;
        const uint64_t a_lo = m >= b->b0 ? m - b->b0 + 1 : 1;
        const uint64_t a_hi = outside_scan_end(a_lo, split_a_max(&s->split[i], m));
        if (a_lo <= a_hi) {
            scan_around(&h, m, a_lo, a_hi, i == 0 && g != NULL ? g->split_lo : 1,
                        i == 0 && g != NULL ? g->split_hi : 0, &d);
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

/* On a thread: the heaps of group gi (SPARSE_BATCH heaps of the block, the last one shorter). */
static void block_outside(void *arg, uint64_t gi, unsigned w) {
    const block *b = arg;
    const uint64_t heaps = b->heaps, j0 = gi * SPARSE_BATCH;
    const uint64_t count = heaps - j0 < SPARSE_BATCH ? heaps - j0 : SPARSE_BATCH;
    group g;
    const int batched = group_batched(b, j0, count);
    if (batched) {
        group_marks(b, j0, &g);
    }
    for (uint64_t j = j0; j < j0 + count; j++) {
        heap_outside(b, j, w, batched ? &g : NULL);
    }
}

/* In order: heap n = b0 + j's options inside the block, and its value. */
static uint64_t block_inside(const sparse *s, const heap_ctx *h, uint64_t b0, size_t rare_below,
                             const size_t *small, uint64_t heaps, uint64_t n) {
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
    const uint64_t *const info = s->slot_c1 + (n - b0) * SLOT_INFO;
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

/* Size the slots for values below 2^bits, and start the threads. */
static grundy_status reserve_slots(grundy_seq *seq, sparse *s) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (s->slots != NULL && s->slot_bits == s->bits) {
        return GRUNDY_STATUS_OK;
    }
    /* A dense mex may reach 2^bits; the batched marks want their constant stride. */
    const uint64_t stride =
        s->bits <= SPARSE_BATCH_MAX_BITS ? SPARSE_BATCH_STRIDE : ((uint64_t)1 << s->bits) + 16;
    uint64_t count = BLOCK_MARK_BYTES / (sizeof(sparse_mark) * stride);
    count = count < BLOCK_HEAPS ? count : BLOCK_HEAPS;
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
    s->slot_stamp = 0;
    if (s->pool == NULL) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
cleanup:
    return st;
}

/* Heaps [n, *end) can go as one block (*end > n + 1), given the labelling and the bits: at most
 * a quarter of n, so that the options inside the block stay few. */
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
    uint64_t e = n + (n / 4 < BLOCK_HEAPS ? n / 4 : BLOCK_HEAPS);
    e = e < f->length ? e : f->length;
    e = e < f->next_choice ? e : f->next_choice;
    *end = e;
    return e > n + 1;
}

/* Heaps [b0, b1) as a block; *next: the first heap not computed. */
grundy_status grundy_sparse_run_block(grundy_seq *seq, sparse *s, uint64_t b0, uint64_t b1,
                                      uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    *next = b0;
    GRUNDY_TRY(reserve_slots(seq, s));
    /* the memory window moves it with a new layout */
    const uint64_t flat = s->may_drop ? grundy_seq_flat_end(seq) : UINT64_MAX;
    if (b1 > flat) {
        goto cleanup; /* values past the prefix: the caller takes the windowed pass */
    }
    b1 = b1 - b0 <= s->slot_count ? b1 : b0 + s->slot_count;
    if (++s->slot_stamp == 0) {
        memset(s->slots, 0, (size_t)(s->slot_count * s->slot_stride) * sizeof *s->slots);
        s->slot_stamp = 1;
    }
    block b = {s, NULL, 0, b0, (size_t)s->rare_count, s->batch_scan, b1 - b0};
    b.raw = grundy_seq_raw(seq, &b.width);
    grundy_pool_run(s->pool, block_outside, &b, (b1 - b0 + SPARSE_BATCH - 1) / SPARSE_BATCH);
    /* small[x]: the rare positions below x, for x <= the block's length (the in-order marks of
     * the parts whose partner is in the block; a binary search each cost 1% of 0.6's work). */
    size_t small[BLOCK_HEAPS + 1];
    for (size_t x = 0, i = 0; x <= b.heaps; x++) {
        while (i < b.rare_below && s->rare_pos[i] < x) {
            i++;
        }
        small[x] = i;
    }
    const uint64_t labellings = s->labellings;
    const unsigned bits = s->bits;
    unsigned settled = 0, open = 0;
    for (uint64_t n = b0; n < b1; n++) {
        settled += s->slot_left[n - b0] <= SPARSE_FEW_LEFT;
        open += s->slot_left[n - b0] > SPARSE_MANY_LEFT;
        unsigned width;
        const void *raw = grundy_seq_raw(seq, &width);
        const heap_ctx h = slot_ctx(s, raw, width, n - b0, s->doubt);
        GRUNDY_TRY(grundy_sparse_finish_heap(
            seq, s, n, block_inside(s, &h, b0, b.rare_below, small, b.heaps, n)));
        *next = n + 1;
        if (s->labellings != labellings || s->bits != bits ||
            (s->may_drop && grundy_seq_flat_end(seq) != flat)) {
            break; /* the rest of the block was marked for the old labelling or bits */
        }
    }
    s->batch_scan = grundy_sparse_next_scan(s->batch_scan, settled, open, (unsigned)(*next - b0));
cleanup:
    return st;
}
