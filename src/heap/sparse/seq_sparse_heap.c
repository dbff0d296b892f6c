/* SPDX-License-Identifier: MIT */
/* The sparse-space engine's work on one heap (seq_sparse.c keeps the state): mark the options,
 * find the common gap, settle the doubts. Every path (batch, block, pipeline, window) reuses these
 * steps on its own marks. */
#include "heap/sparse/sparse_state.h"

#include "util/try.h"

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Mark val[i] ^ g(m - pos[i]) for i in [lo, hi): splits with the rare part pos[i] < m. */
#define MARK_RARE(T)                                                                               \
    do {                                                                                           \
        const T *gm = (const T *)grundy_sparse_high(h) + (m - h->first);                           \
        for (size_t i = lo; i < hi; i++) {                                                         \
            seen[val[i] ^ *(gm - pos[i])] = stamp;                                                 \
        }                                                                                          \
    } while (0)

void grundy_sparse_mark_rare(const heap_ctx *h, uint64_t m, const uint64_t *pos,
                             const uint32_t *val, size_t lo, size_t hi) {
    sparse_mark *const seen = h->seen;
    const sparse_mark stamp = h->stamp;
    switch (h->width) {
    case 1:
        MARK_RARE(uint8_t);
        break;
    case 2:
        MARK_RARE(uint16_t);
        break;
    case 4:
        MARK_RARE(uint32_t);
        break;
    default:
        MARK_RARE(uint64_t);
        break;
    }
}

/* How many of the ascending positions pos[0..count) are below x. */
size_t grundy_sparse_count_below(const uint64_t *pos, size_t count, uint64_t x) {
    size_t lo = 0;
    while (lo < count) {
        const size_t mid = lo + (count - lo) / 2;
        if (pos[mid] < x) {
            lo = mid + 1;
        } else {
            count = mid;
        }
    }
    return lo;
}

/* Every split m = r + (m - r) with a rare part r (r != m - r when the parts must differ). */
static void mark_rare_splits(const sparse *s, const heap_ctx *h, uint64_t m, int distinct) {
    size_t count = (size_t)s->rare_count;
    if (count == 0) {
        return;
    }
    if (s->rare_pos[count - 1] >= m) {
        count = grundy_sparse_count_below(s->rare_pos, count, m);
    }
    size_t skip = count; /* m/2 + m/2 is no move when the parts must differ */
    if (distinct && (m & 1u) == 0) {
        const size_t at = grundy_sparse_count_below(s->rare_pos, count, m / 2);
        skip = at < count && s->rare_pos[at] == m / 2 ? at : count;
    }
    grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, 0, skip);
    if (skip < count) {
        grundy_sparse_mark_rare(h, m, s->rare_pos, s->rare_val, skip + 1, count);
    }
}

/* Mark the splits m = a + (m - a) for a in [a_lo, a_hi]: the naive method's loop (g(a) from raw,
 * g(m - a) from the large parts' base). */
#define MARK_RANGE(T)                                                                              \
    do {                                                                                           \
        const T *g = (const T *)h->raw, *gm = (const T *)grundy_sparse_high(h) + (m - h->first);   \
        for (uint64_t a = a_lo; a <= a_hi; a++) {                                                  \
            seen[g[a] ^ *(gm - a)] = stamp;                                                        \
        }                                                                                          \
    } while (0)

void grundy_sparse_mark_range(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_hi) {
    sparse_mark *const seen = h->seen;
    const sparse_mark stamp = h->stamp;
    switch (h->width) {
    case 1:
        MARK_RANGE(uint8_t);
        break;
    case 2:
        MARK_RANGE(uint16_t);
        break;
    case 4:
        MARK_RANGE(uint32_t);
        break;
    default:
        MARK_RANGE(uint64_t);
        break;
    }
}

/* Every split m = a + b, a <= b (a < b when the parts must differ). */
static void mark_all_splits(const heap_ctx *h, uint64_t m, int distinct) {
    grundy_sparse_mark_range(h, m, 1, grundy_sparse_a_max(distinct, m));
}

#define SWAR_MAX_DOUBTS 8
#define BLOCK           SPARSE_SCAN_BLOCK /* splits per look at the doubts */
#define AVX2_MAX_DOUBTS 16                /* more: marking one store a split is cheaper */
#define SSE2_MAX_DOUBTS 12

static uint64_t reverse_bytes(uint64_t x) {
    x = (x >> 32) | (x << 32);
    x = ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
    return ((x >> 8) & 0x00FF00FF00FF00FFu) | ((x & 0x00FF00FF00FF00FFu) << 8);
}

static uint64_t reverse_halves(uint64_t x) {
    x = (x >> 32) | (x << 32);
    return ((x >> 16) & 0x0000FFFF0000FFFFu) | ((x & 0x0000FFFF0000FFFFu) << 16);
}

/*
 * Which of the (at most SWAR_MAX_DOUBTS) doubts some split m = a + (m - a), a in
 * [a, a + BLOCK), gives: bit i for d[i]. Eight 8-bit (or four 16-bit) lanes per word: the
 * values g(a..a+7) xor the same lanes of g(m-a-7..m-a) reversed, compared with each doubt by
 * the exact "some lane is zero" test (y - 0x01..01) & ~y & 0x80..80. A few operations per eight
 * splits where marking costs a store each; most heaps doubt only one or two values.
 */
static unsigned swar_block(const heap_ctx *h, uint64_t m, uint64_t a, const uint64_t *d,
                           size_t count) {
    uint64_t x[BLOCK / 4];
    uint64_t ones, highs;
    size_t words;
    if (h->width == 1) {
        const uint8_t *g = h->raw, *gm = (const uint8_t *)grundy_sparse_high(h) + (m - h->first);
        ones = 0x0101010101010101u;
        highs = 0x8080808080808080u;
        words = BLOCK / 8;
        for (size_t j = 0; j < BLOCK / 8; j++) {
            uint64_t lo, hi;
            memcpy(&lo, RUN(uint8_t, g, a + 8 * j), 8);
            memcpy(&hi, gm - a - 8 * j - 7, 8);
            x[j] = lo ^ reverse_bytes(hi);
        }
    } else {
        const uint16_t *g = h->raw, *gm = (const uint16_t *)grundy_sparse_high(h) + (m - h->first);
        ones = 0x0001000100010001u;
        highs = 0x8000800080008000u;
        words = BLOCK / 4;
        for (size_t j = 0; j < BLOCK / 4; j++) {
            uint64_t lo, hi;
            memcpy(&lo, RUN(uint16_t, g, a + 4 * j), 8);
            memcpy(&hi, gm - a - 4 * j - 3, 8);
            x[j] = lo ^ reverse_halves(hi);
        }
    }
    /* (y - ones) & ~y & highs is nonzero exactly when some lane of y is zero; or-ing the words
     * first keeps that exact and tests once per doubt. */
    unsigned found = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t t = d[i] * ones;
        uint64_t acc = 0;
        for (size_t j = 0; j < words; j++) {
            const uint64_t y = x[j] ^ t;
            acc |= (y - ones) & ~y;
        }
        found |= (unsigned)((acc & highs) != 0) << i;
    }
    return found;
}

/* Scan the splits of m (a in [a_lo, a_max]) until no doubt is left. Marking costs a store per
 * split and a look at every doubt per stretch, so many doubts (0.6 has about 57 per heap) get
 * longer stretches. */
static uint64_t scan_splits_to(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_max,
                               doubts *d) {
    uint64_t a = a_lo;
    while (a <= a_max && d->count > 0) {
        /* The lanes hold `width` bytes: a doubt past them would alias (settle_plan). */
        const size_t most = h->isa >= SPARSE_ISA_AVX2   ? AVX2_MAX_DOUBTS
                            : h->isa == SPARSE_ISA_SSE2 ? SSE2_MAX_DOUBTS
                                                        : SWAR_MAX_DOUBTS;
        if (grundy_sparse_bitset_fits(h) &&
            d->count > (h->width == 1 ? SPARSE_BITSET_MIN8 : SPARSE_BITSET_MIN) &&
            a_max - a >= BLOCK - 1 && d->v[d->count - 1] < SPARSE_BITSET_VALUES) {
            a = grundy_sparse_scan_bitset(h, m, a, a_max, d);
            continue;
        }
        if (a_max - a >= BLOCK - 1 && h->width <= 2 && d->count <= most &&
            (d->v[d->count - 1] >> (8 * h->width)) == 0) {
            if (h->isa != SPARSE_ISA_SCALAR) {
                a = grundy_sparse_scan_simd(h, m, a, a_max, d);
                continue;
            }
            grundy_sparse_drop_found(d, swar_block(h, m, a, d->v, d->count));
            a += BLOCK;
        } else {
            const uint64_t len = d->count * 8 > BLOCK ? d->count * 8 : BLOCK;
            const uint64_t hi = a_max - a < len ? a_max : a + len - 1;
            grundy_sparse_mark_range(h, m, a, hi);
            grundy_sparse_drop_marked(h->seen, h->stamp, d);
            a = hi + 1;
        }
    }
    return a;
}

void grundy_sparse_scan_splits(const heap_ctx *h, uint64_t m, uint64_t a_lo, uint64_t a_max,
                               doubts *d) {
    scan_splits_to(h, m, a_lo, a_max, d);
}

/* g(n) is c unless a rare value below c is no option: scan the ordinary splits until every rare
 * value below c has shown up; the smallest that never does is g(n). */
static uint64_t settle_rare(const sparse *s, const sparse_plan *p, const heap_ctx *h, uint64_t n,
                            uint64_t c, doubts d, uint64_t a0, uint64_t *scanned) {
    if (p->listed) {
        for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
            const uint64_t m = n - s->split[i].k, a = i == 0 ? a0 : 1;
            const uint64_t a_max = grundy_sparse_a_max(s->split[i].distinct, m);
            const uint64_t end = grundy_sparse_scan_end(h, m, a_max);
            *scanned += scan_splits_to(h, m, a, end, &d) - a;
            if (d.count > 0 && end < a_max) {
                return SPARSE_UNSETTLED; /* the next split's values are not in memory */
            }
        }
        return d.count > 0 ? d.v[0] : c;
    }
    assert(h->hi == NULL); /* a windowed heap is past every take (grundy_sparse_window_flat) */
    for (size_t i = 0; i < s->class_count && d.count > 0; i++) {
        const grundy_move_class *cl = &s->classes[i];
        int none;
        const uint64_t last = grundy_sparse_last_split_take(cl, n, &none);
        for (uint64_t k = cl->take_first; !none && k <= last && d.count > 0; k += cl->take_step) {
            const uint64_t m = n - k;
            grundy_sparse_scan_splits(h, m, 1, grundy_sparse_a_max(cl->distinct, m), &d);
        }
    }
    return d.count > 0 ? d.v[0] : c;
}

/* Mark the options that leave at most one heap: all of them, O(takes). */
static void mark_small_moves(const sparse *s, const heap_ctx *h, uint64_t n) {
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        if ((c->leaves & 1u) && n >= 1 && n >= c->take_first && n <= c->take_last &&
            (c->take_step == 1 || (n - c->take_first) % c->take_step == 0)) {
            h->seen[0] = h->stamp;
        }
        if (!(c->leaves & 2u) || n < 1 || c->take_first > n - 1) {
            continue;
        }
        const uint64_t last = c->take_last < n - 1 ? c->take_last : n - 1;
        for (uint64_t k = c->take_first; k <= last; k += c->take_step) {
            h->seen[load(h, n - k)] = h->stamp;
        }
    }
}

/* Up to four split takes at once, every rare position being below every m = o[j]: one pass over
 * the rare list marks val ^ g(o[j] - pos) for each j (a load, a xor and a store per mark). */
#define MARK_MULTI_LOOP(T, BODY)                                                                   \
    for (size_t i = 0; i < count; i++) {                                                           \
        const ptrdiff_t p = -(ptrdiff_t)pos[i];                                                    \
        const uint32_t w = val[i];                                                                 \
        BODY                                                                                       \
    }
#define MARK_ONE(j) seen[w ^ b##j[p]] = stamp;
#define MARK_MULTI(T)                                                                              \
    do {                                                                                           \
        const T *const g = grundy_sparse_high(h);                                                  \
        const T *const b0 = g + o[0], *const b1 = g + o[1], *const b2 = g + o[2];                  \
        const T *const b3 = g + o[3];                                                              \
        if (cnt == 1) {                                                                            \
            MARK_MULTI_LOOP(T, MARK_ONE(0))                                                        \
        } else if (cnt == 2) {                                                                     \
            MARK_MULTI_LOOP(T, MARK_ONE(0) MARK_ONE(1))                                            \
        } else if (cnt == 3) {                                                                     \
            MARK_MULTI_LOOP(T, MARK_ONE(0) MARK_ONE(1) MARK_ONE(2))                                \
        } else {                                                                                   \
            MARK_MULTI_LOOP(T, MARK_ONE(0) MARK_ONE(1) MARK_ONE(2) MARK_ONE(3))                    \
        }                                                                                          \
    } while (0)

static void mark_multi(const sparse *s, const heap_ctx *h, const uint64_t *o, size_t cnt) {
    sparse_mark *const seen = h->seen;
    const sparse_mark stamp = h->stamp;
    const uint64_t *const pos = s->rare_pos;
    const uint32_t *const val = s->rare_val;
    const size_t count = (size_t)s->rare_count;
    switch (h->width) {
    case 1:
        MARK_MULTI(uint8_t);
        break;
    case 2:
        MARK_MULTI(uint16_t);
        break;
    case 4:
        MARK_MULTI(uint32_t);
        break;
    default:
        MARK_MULTI(uint64_t);
        break;
    }
}

/* Mark the rare splits of every take in one pass per four takes; 0 when some take is '!' or
 * some rare position is not below every remainder (then the caller goes take by take). */
static int mark_rare_multi(const sparse *s, const heap_ctx *h, uint64_t n) {
    if (s->rare_count == 0 || s->any_distinct ||
        s->rare_pos[s->rare_count - 1] >= n - s->max_split_take) {
        return s->rare_count == 0;
    }
    for (size_t i = 0; i < s->split_count; i += 4) {
        uint64_t o[4] = {0, 0, 0, 0};
        const size_t cnt = s->split_count - i < 4 ? s->split_count - i : 4;
        for (size_t j = 0; j < cnt; j++) {
            o[j] = n - s->split[i + j].k - h->first; /* from the large parts' base */
        }
        mark_multi(s, h, o, cnt);
    }
    return 1;
}

/* A heap past every take (no move takes it all, every remainder is at least 2). */
static void mark_past_takes(const sparse *s, const heap_ctx *h, uint64_t n) {
    for (size_t i = 0; i < s->one_count; i++) {
        h->seen[load(h, n - s->one[i].k)] = h->stamp;
    }
    if (!s->dense && mark_rare_multi(s, h, n)) {
        return;
    }
    for (size_t i = 0; i < s->split_count; i++) {
        if (s->dense) {
            mark_all_splits(h, n - s->split[i].k, s->split[i].distinct);
        } else {
            mark_rare_splits(s, h, n - s->split[i].k, s->split[i].distinct);
        }
    }
}

/* Any heap, from the classes. */
static void mark_by_class(const sparse *s, const heap_ctx *h, uint64_t n) {
    mark_small_moves(s, h, n);
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        int none;
        const uint64_t last = grundy_sparse_last_split_take(c, n, &none);
        for (uint64_t k = c->take_first; !none && k <= last; k += c->take_step) {
            if (s->dense) {
                mark_all_splits(h, n - k, c->distinct);
            } else {
                mark_rare_splits(s, h, n - k, c->distinct);
            }
        }
    }
}

uint64_t grundy_sparse_gap(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d) {
    if (h->isa != SPARSE_ISA_SCALAR && top >= 16) {
        return grundy_sparse_gap_simd(h, common, top, d);
    }
    return grundy_sparse_gap_scalar(h, common, top, d);
}

/* grundy_sparse_settle with the doubts as a table (grundy_sparse_gap_table): the first take's
 * splits from a0 by grundy_sparse_scan_table, then, for a doubt left, the list as before. */
static uint64_t settle_table(const sparse *s, const sparse_plan *p, const heap_ctx *h, uint64_t n,
                             uint64_t a0, size_t *doubts_left, uint64_t *scanned) {
    uint64_t table[SPARSE_TABLE_WORDS] = {0};
    size_t count;
    const uint64_t c = grundy_sparse_gap_table(h, p->common, p->top, table, &count);
    *doubts_left = count;
    if (count == 0) {
        return c;
    }
    if (count > SPARSE_BITSET_MIN && p->listed && s->split_count > 0) {
        const uint64_t m = n - s->split[0].k;
        const uint64_t a_max =
            grundy_sparse_scan_end(h, m, grundy_sparse_a_max(s->split[0].distinct, m));
        if (a0 <= a_max && a_max - a0 >= BLOCK - 1) {
            const uint64_t a = grundy_sparse_scan_table(h, m, a0, a_max, table);
            *scanned += a - a0;
            a0 = a;
        }
    }
    doubts d = {h->doubt, 0};
    for (size_t w = 0; w < SPARSE_TABLE_WORDS; w++) {
        for (uint64_t bits = table[w]; bits != 0; bits &= bits - 1u) {
            d.v[d.count++] = 64 * w + (unsigned)__builtin_ctzll(bits);
        }
    }
    return d.count > 0 ? settle_rare(s, p, h, n, c, d, a0, scanned) : c;
}

/* g(n) from the marks of every option that leaves at most one heap and every split with a rare
 * part (or, when dense, of every option). */
uint64_t grundy_sparse_settle(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                              size_t *doubts_left) {
    uint64_t scanned;
    return grundy_sparse_settle_scan(s, h, n, a0, doubts_left, &scanned);
}

/* Heaps with 8-bit values and more doubts than SPARSE_BITSET_MIN8 where the scans are short
 * take the compare per doubt: it drops each doubt as it shows up, where the bitset test pays its
 * setup and a vector of splits whatever is left. Measured with the counts of
 * grundy_sparse_note_scan: 0.1777 settles such heaps in about 150 splits and was 25% slower with
 * the bitset test on one thread; 4!.0 (about 3,500) gains from it, and 0.354 (0 to 5,000 a window
 * of 1024 such heaps, most above 1,000) was 5% slower taking the compare below 1,024. */
#define SHORT_SCAN_HEAPS 1024         /* heaps noted a decision */
#define SHORT_SCAN_BELOW (8 * BLOCK)  /* splits a heap on average: short */
#define LONG_SCAN_ABOVE  (16 * BLOCK) /* long; between, the choice stays */

void grundy_sparse_note_scan(sparse *s, size_t doubts_left, uint64_t scanned) {
    if (s->isa != SPARSE_ISA_AVX512 || s->bits > 8 || doubts_left <= SPARSE_BITSET_MIN8) {
        return;
    }
    s->scan_splits =
        scanned < UINT32_MAX - s->scan_splits ? s->scan_splits + (uint32_t)scanned : UINT32_MAX;
    if (++s->scan_heaps == SHORT_SCAN_HEAPS) {
        if (s->scan_splits < SHORT_SCAN_BELOW * SHORT_SCAN_HEAPS) {
            s->short_scans = 1;
        } else if (s->scan_splits > LONG_SCAN_ABOVE * SHORT_SCAN_HEAPS) {
            s->short_scans = 0;
        }
        s->scan_heaps = 0;
        s->scan_splits = 0;
    }
}

/* grundy_sparse_settle_scan with heap n's plan. */
static uint64_t settle_plan(const sparse *s, const sparse_plan *p, const heap_ctx *h, uint64_t n,
                            uint64_t a0, size_t *doubts_left, uint64_t *scanned) {
    uint64_t v = 0;
    *doubts_left = 0;
    *scanned = 0;
    if (s->dense) {
        while (h->seen[v] == h->stamp) {
            v++;
        }
        return v;
    }
    /* c, the smallest unmarked common value, and the rare values below it left unmarked. Every
     * option is a xor of values below 2^bits, so below 2^bits itself; 2^bits is no option
     * whatever its class, and c stops there (p->top). Letting 2^bits (or more) become a doubt was
     * the bug at 0.034's heap 26376: swar_block's lanes hold only `width` bytes, so
     * 256 * 0x0101..01 matched a split of xor 1 and dropped the doubt (257 instead of 256). */
    if (grundy_sparse_table_fits(h, p->top)) {
        return settle_table(s, p, h, n, a0, doubts_left, scanned);
    }
    doubts d = {h->doubt, 0};
    v = grundy_sparse_gap(h, p->common, p->top, &d);
    *doubts_left = d.count;
    return settle_rare(s, p, h, n, v, d, a0, scanned);
}

uint64_t grundy_sparse_settle_scan(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                                   size_t *doubts_left, uint64_t *scanned) {
    const sparse_plan p = grundy_sparse_plan(s, n);
    return settle_plan(s, &p, h, n, a0, doubts_left, scanned);
}

static uint64_t heap_value(sparse *s, const heap_ctx *h, uint64_t n) {
    const sparse_plan p = grundy_sparse_plan(s, n);
    if (p.listed) {
        mark_past_takes(s, h, n);
    } else {
        mark_by_class(s, h, n);
    }
    size_t doubts_left;
    uint64_t scanned;
    const uint64_t v = settle_plan(s, &p, h, n, 1, &doubts_left, &scanned);
    grundy_sparse_note_scan(s, doubts_left, scanned);
    return v;
}

grundy_status grundy_sparse_run_one(grundy_seq *seq, sparse *s, uint64_t n) {
    s->stamp = grundy_sparse_next_stamp(s->seen, s->seen_cap, s->stamp);
    const heap_ctx h = grundy_sparse_view_ctx(seq, s, s->seen, s->stamp, s->doubt);
    const uint64_t v = heap_value(s, &h, n);
    if (v == SPARSE_UNSETTLED) {
        return grundy_sparse_window_heap(seq, s, n); /* the scan reaches dropped values */
    }
    return grundy_sparse_finish_heap(seq, s, n, v);
}
