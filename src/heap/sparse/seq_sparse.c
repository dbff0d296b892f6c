/* SPDX-License-Identifier: MIT */
/* The sparse-space engine for rules whose moves leave at most two heaps (Winning Ways ch. 4
 * "Sparse Space Spells Speed"; Gangolli and Plambeck 1989; Flammenkamp's octal_sparse).
 *
 * A labelling splits positions into rare and common: i is rare when
 * parity(g(i) & mask) ^ (use_parity & par(i)) == 0, par(i) = (i ^ kpar) & 1 where kpar is the
 * parity shared by every split take (the parity variant needs one: 0.127). Since
 * parity((x ^ y) & mask) = parity(x & mask) ^ parity(y & mask), a split of n - k = a + b has a
 * value of n's common class exactly when one part is rare and the other common. So marking
 * g(r) ^ g(n - k - r) for every rare r marks every common option: the smallest unmarked common
 * value c is exact, and only the rare values below c are in doubt; a scan of the ordinary splits
 * settles them, smallest first, and usually stops early. Cost per value: O(#rare) plus the
 * scan, instead of O(n). The labelling only decides the speed, never the values. */
#include "heap/sparse/seq_sparse_internal.h"

#include "util/pool.h"
#include "util/try.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Values above 2^MAX_HIST_BITS keep no histogram: such rules have no sparse space worth having,
 * and the engine computes them by full scans (the naive method). */
#define MAX_HIST_BITS 22
/* The first labelling is chosen at this heap; full scans before. */
#define FIRST_CHOICE 64

static int sparse_applies(const grundy_rule *rule) {
    return grundy_rule_max_heaps_left(rule) == 2;
}

static void free_rare(sparse *s) {
    free(s->rare_pos);
    free(s->rare_val);
    s->rare_pos = NULL;
    s->rare_val = NULL;
    s->rare_count = 0;
    s->rare_cap = 0;
}

static void sparse_destroy(void *state) {
    sparse *s = state;
    if (s == NULL) {
        return;
    }
    free_rare(s);
    grundy_pool_destroy(s->pool);
    free(s->slots);
    free(s->batch_seen);
    free(s->slot_c1);
    free(s->slot_left);
    free(s->worker_doubt);
    free(s->seen);
    free(s->doubt);
    free(s->one);
    free(s->split);
    free(s->common[0]);
    free(s->common[1]);
    free(s->hist);
    free(s->wht);
    free(s);
}

uint64_t grundy_sparse_bytes(const void *state) {
    const sparse *s = state;
    uint64_t b = s->seen_cap * (sizeof(sparse_mark) + 8 + 2) + sizeof *s;
    if (s->hist != NULL) {
        b += s->seen_cap * 16;
    }
    b += s->rare_cap * 12;
    b += s->batch_seen != NULL ? SPARSE_BATCH * SPARSE_BATCH_STRIDE * sizeof(sparse_mark) : 0;
    b += s->slot_count * (s->slot_stride * sizeof(sparse_mark) + 8) +
         (uint64_t)s->threads * s->slot_stride * 8;
    return b;
}

static void split_parity(sparse *s) {
    s->parity_allowed = grundy_sparse_split_parity(s->classes, s->class_count, &s->kpar);
}

/* The takes of every class with bit `bit` of its digit, or 0 when there are too many. */
static size_t count_takes(const sparse *s, unsigned bit) {
    size_t total = 0;
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        if (c->leaves & bit) {
            total += (size_t)((c->take_last - c->take_first) / c->take_step + 1);
        }
    }
    return total;
}

static void fill_takes(const sparse *s, unsigned bit, take *out) {
    size_t j = 0;
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        for (uint64_t k = c->take_first; (c->leaves & bit) && k <= c->take_last;
             k += c->take_step) {
            out[j].k = k;
            out[j++].distinct = c->distinct;
        }
    }
}

#define MAX_EXPANDED 65536

static grundy_status expand_takes(sparse *s, const grundy_rule *rule) {
    s->max_take = grundy_rule_max_take(rule);
    if (s->max_take > MAX_EXPANDED) {
        return GRUNDY_STATUS_OK; /* tails and huge ranges: class arithmetic per heap */
    }
    s->one_count = count_takes(s, 2u);
    s->split_count = count_takes(s, 4u);
    s->one = calloc(s->one_count + 1, sizeof *s->one);
    s->split = calloc(s->split_count + 1, sizeof *s->split);
    if (s->one == NULL || s->split == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    fill_takes(s, 2u, s->one);
    fill_takes(s, 4u, s->split);
    for (size_t i = 0; i < s->split_count; i++) {
        s->any_distinct |= s->split[i].distinct;
        s->max_split_take = s->split[i].k > s->max_split_take ? s->split[i].k : s->max_split_take;
    }
    s->expanded = 1;
    return GRUNDY_STATUS_OK;
}

static grundy_status sparse_create(grundy_seq *seq, void **state) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = calloc(1, sizeof *s);
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    s->classes = grundy_rule_classes(grundy_seq_rule(seq), &s->class_count);
    split_parity(s);
    GRUNDY_TRY(expand_takes(s, grundy_seq_rule(seq)));
    s->dense = 1;
    s->next_choice = FIRST_CHOICE;
    s->rare_limit = UINT64_MAX;
    s->threads = grundy_seq_threads(seq);
    s->simd = grundy_sparse_simd_level();
    s->batch_scan = 64;
    s->may_drop = grundy_seq_may_drop(seq);
    *state = s;
    s = NULL;
cleanup:
    sparse_destroy(s);
    return st;
}

/* ---------------------------------------------------------------- tables sized by value */

static void fill_common(sparse *s) {
    for (uint64_t v = 0; v < s->seen_cap; v++) {
        uint64_t x = v & s->label.mask;
        unsigned parity = 0;
        while (x != 0) {
            parity ^= 1u;
            x &= x - 1;
        }
        /* Common: parity(v & mask) ^ (use_parity & par) == 1. */
        s->common[0][v] = (uint8_t)(parity == 1u);
        s->common[1][v] = (uint8_t)((parity ^ s->label.use_parity) == 1u);
    }
}

/* realloc to new_count elements, zeroing the new ones; NULL (p untouched) on failure. */
static void *grow(void *p, uint64_t old_count, uint64_t new_count, size_t elem) {
    char *grown = realloc(p, (size_t)(new_count * elem));
    if (grown != NULL) {
        memset(grown + old_count * elem, 0, (size_t)((new_count - old_count) * elem));
    }
    return grown;
}

#define GROW(field, old_count, new_count)                                                          \
    do {                                                                                           \
        void *grown_ = grow(field, old_count, new_count, sizeof *(field));                         \
        GRUNDY_CHECK(grown_ != NULL, GRUNDY_STATUS_NOMEM);                                         \
        field = grown_;                                                                            \
    } while (0)

/* Make room for values below 2^bits (xors of them below 2^(bits + 1) in seen). */
grundy_status grundy_sparse_reserve_bits(grundy_seq *seq, sparse *s, unsigned bits) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (bits <= s->bits && s->seen != NULL) {
        return GRUNDY_STATUS_OK;
    }
    if (bits > 56) { /* 2^57 entries fit in no memory; 2 << 63 would overflow (issue 17) */
        return GRUNDY_STATUS_LIMIT;
    }
    const uint64_t old_cap = s->seen_cap, cap = (uint64_t)2 << bits;
    const int hist = bits <= MAX_HIST_BITS;
    GRUNDY_TRY(grundy_seq_charge_room(
        seq, grundy_sparse_bytes(s) + cap * (sizeof(sparse_mark) + 10u + (hist ? 16u : 0u))));
    GROW(s->seen, old_cap, cap);
    GROW(s->doubt, old_cap, cap);
    GROW(s->common[0], old_cap, cap);
    GROW(s->common[1], old_cap, cap);
    if (hist) {
        GROW(s->hist, old_cap, cap);
        GROW(s->wht, old_cap, cap);
    } else {
        free(s->hist);
        free(s->wht);
        s->hist = NULL;
        s->wht = NULL;
        free_rare(s);
        s->dense = 1; /* for good: values this large leave no sparse space */
    }
    s->bits = bits;
    s->seen_cap = cap;
    fill_common(s);
cleanup:
    return st;
}

/* ---------------------------------------------------------------- the rare list */

static int is_rare(const sparse *s, uint64_t i, uint64_t v) {
    return !s->common[position_parity(s, i)][v];
}

static grundy_status add_rare(grundy_seq *seq, sparse *s, uint64_t i, uint64_t v) {
    if (s->rare_count == s->rare_cap) {
        grundy_seq_flag(seq, i); /* issue 11: the rare list moves past its capacity */
        const uint64_t cap = s->rare_cap < 64 ? 64 : 2 * s->rare_cap;
        /* issue 13: the rare list counts against the memory bound like the rest */
        const grundy_status st =
            grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + (cap - s->rare_cap) * 12);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        uint64_t *pos = realloc(s->rare_pos, (size_t)cap * sizeof *pos);
        if (pos == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        s->rare_pos = pos;
        uint32_t *val = realloc(s->rare_val, (size_t)cap * sizeof *val);
        if (val == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        s->rare_val = val;
        s->rare_cap = cap;
    }
    s->rare_pos[s->rare_count] = i;
    s->rare_val[s->rare_count] = (uint32_t)v;
    s->rare_count++;
    return GRUNDY_STATUS_OK;
}

/* Re-choose the labelling from the histogram; rebuild the rare list, or go dense when no
 * labelling makes rare positions rare (0.04, 0.06): then a full scan is as cheap. */
static grundy_status choose_label(grundy_seq *seq, sparse *s, uint64_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    s->next_choice = 2 * n;
    s->labellings++;
    if (s->hist == NULL) {
        return GRUNDY_STATUS_OK;
    }
    if (!s->dense && !grundy_seq_kept_all(seq) && !grundy_seq_has_spill(seq)) {
        /* issue 13: values were dropped, so a new labelling's rare list cannot be rebuilt
         * (with a spill file it can: they are read back from it, below). Any
         * labelling gives exact values (the doubts are scanned either way; it only decides how
         * many), so the current one stays, its rare list growing as it must. */
        s->rare_limit = UINT64_MAX;
        return GRUNDY_STATUS_OK;
    }
    const grundy_sparse_mask best =
        grundy_sparse_mask_choose(s->hist, s->bits, s->wht, s->parity_allowed);
    const int dense = best.rare > n / 8;
    if (dense && !s->dense && !grundy_seq_kept_all(seq)) {
        s->rare_limit = UINT64_MAX; /* issue 13: full scans need every value; keep this one */
        return GRUNDY_STATUS_OK;
    }
    const int same =
        !s->dense && !dense && best.mask == s->label.mask && best.use_parity == s->label.use_parity;
    s->label = best;
    s->rare_limit = 2 * best.rare + 64;
    if (same) {
        return GRUNDY_STATUS_OK;
    }
    grundy_seq_flag(seq, n); /* issue 11: a new mask, parity variant or dense state from n on */
    fill_common(s);
    free_rare(s);
    s->dense = dense;
    if (dense) {
        return GRUNDY_STATUS_OK;
    }
    GRUNDY_TRY(grundy_seq_charge_room(seq, grundy_sparse_bytes(s) + best.rare * 12));
    if (!grundy_seq_has_spill(seq)) {
        GRUNDY_TRY(grundy_seq_need_all(seq, n, "rebuilding the rare list for a new labelling"));
    }
    for (uint64_t i = 1; i < n; i++) {
        uint64_t v = 0;
        GRUNDY_TRY(grundy_seq_value(seq, i, &v)); /* issue 13: kept, or from the spill file */
        if (is_rare(s, i, v)) {
            GRUNDY_TRY(add_rare(seq, s, i, v));
        }
    }
cleanup:
    if (st != GRUNDY_STATUS_OK) {
        free_rare(s); /* a partial rare list would give wrong values: full scans are exact */
        s->dense = 1;
    }
    return st;
}

/* ---------------------------------------------------------------- one heap */

/* Mark val[i] ^ g(m - pos[i]) for i in [lo, hi): splits with the rare part pos[i] < m. */
#define MARK_RARE(T)                                                                               \
    do {                                                                                           \
        const T *gm = (const T *)h->raw + m;                                                       \
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

/* Mark the splits m = a + (m - a) for a in [a_lo, a_hi]: the naive method's loop. */
#define MARK_RANGE(T)                                                                              \
    do {                                                                                           \
        const T *g = (const T *)h->raw;                                                            \
        for (uint64_t a = a_lo; a <= a_hi; a++) {                                                  \
            seen[g[a] ^ g[m - a]] = stamp;                                                         \
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
    grundy_sparse_mark_range(h, m, 1, distinct ? (m - 1) / 2 : m / 2);
}

/* The last take of class c that leaves two heaps of a heap of n (n - k >= 2), or 0 with
 * *none set when there is none. */
static uint64_t last_split_take(const grundy_move_class *c, uint64_t n, int *none) {
    *none = !(c->leaves & 4u) || n < 2 || c->take_first > n - 2;
    if (*none) {
        return 0;
    }
    const uint64_t last = c->take_last < n - 2 ? c->take_last : n - 2;
    return c->take_step == 1 ? last : last - (last - c->take_first) % c->take_step;
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
        const uint8_t *g = h->raw;
        ones = 0x0101010101010101u;
        highs = 0x8080808080808080u;
        words = BLOCK / 8;
        for (size_t j = 0; j < BLOCK / 8; j++) {
            uint64_t lo, hi;
            memcpy(&lo, RUN(uint8_t, g, a + 8 * j), 8);
            memcpy(&hi, RUN(uint8_t, g, m - a - 8 * j - 7), 8);
            x[j] = lo ^ reverse_bytes(hi);
        }
    } else {
        const uint16_t *g = h->raw;
        ones = 0x0001000100010001u;
        highs = 0x8000800080008000u;
        words = BLOCK / 4;
        for (size_t j = 0; j < BLOCK / 4; j++) {
            uint64_t lo, hi;
            memcpy(&lo, RUN(uint16_t, g, a + 4 * j), 8);
            memcpy(&hi, RUN(uint16_t, g, m - a - 4 * j - 3), 8);
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
        /* The lanes hold `width` bytes: a doubt past them would alias (issue 11). */
        const size_t most = h->simd >= SPARSE_SIMD_AVX2   ? AVX2_MAX_DOUBTS
                            : h->simd == SPARSE_SIMD_SSE2 ? SSE2_MAX_DOUBTS
                                                          : SWAR_MAX_DOUBTS;
        if (grundy_sparse_bitset_fits(h) &&
            d->count > (h->width == 1 ? SPARSE_BITSET_MIN8 : SPARSE_BITSET_MIN) &&
            a_max - a >= BLOCK - 1 && d->v[d->count - 1] < SPARSE_BITSET_VALUES) {
            a = grundy_sparse_scan_bitset(h, m, a, a_max, d);
            continue;
        }
        if (a_max - a >= BLOCK - 1 && h->width <= 2 && d->count <= most &&
            (d->v[d->count - 1] >> (8 * h->width)) == 0) {
            if (h->simd != SPARSE_SIMD_PORTABLE) {
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
static uint64_t settle_rare(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t c, doubts d,
                            uint64_t a0, uint64_t *scanned) {
    if (s->expanded && n > s->max_take + 1) {
        for (size_t i = 0; i < s->split_count && d.count > 0; i++) {
            const uint64_t m = n - s->split[i].k, a = i == 0 ? a0 : 1;
            *scanned += scan_splits_to(h, m, a, s->split[i].distinct ? (m - 1) / 2 : m / 2, &d) - a;
        }
        return d.count > 0 ? d.v[0] : c;
    }
    for (size_t i = 0; i < s->class_count && d.count > 0; i++) {
        const grundy_move_class *cl = &s->classes[i];
        int none;
        const uint64_t last = last_split_take(cl, n, &none);
        for (uint64_t k = cl->take_first; !none && k <= last && d.count > 0; k += cl->take_step) {
            const uint64_t m = n - k;
            grundy_sparse_scan_splits(h, m, 1, cl->distinct ? (m - 1) / 2 : m / 2, &d);
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
        const T *const b0 = (const T *)h->raw + o[0], *const b1 = (const T *)h->raw + o[1];        \
        const T *const b2 = (const T *)h->raw + o[2], *const b3 = (const T *)h->raw + o[3];        \
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
            o[j] = n - s->split[i + j].k;
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
        const uint64_t last = last_split_take(c, n, &none);
        for (uint64_t k = c->take_first; !none && k <= last; k += c->take_step) {
            if (s->dense) {
                mark_all_splits(h, n - k, c->distinct);
            } else {
                mark_rare_splits(s, h, n - k, c->distinct);
            }
        }
    }
}

uint64_t grundy_sparse_gap_scalar(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                  doubts *d) {
    uint64_t v = 0;
    for (; v < top; v++) {
        if (h->seen[v] != h->stamp) {
            if (common[v]) {
                break;
            }
            d->v[d->count++] = v;
        }
    }
    return v;
}

uint64_t grundy_sparse_gap(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d) {
    if (h->simd != SPARSE_SIMD_PORTABLE && top >= 16) {
        return grundy_sparse_gap_simd(h, common, top, d);
    }
    return grundy_sparse_gap_scalar(h, common, top, d);
}

/* grundy_sparse_settle with the doubts as a table (grundy_sparse_gap_table): the first take's
 * splits from a0 by grundy_sparse_scan_table, then, for a doubt left, the list as before. */
static uint64_t settle_table(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                             size_t *doubts_left, uint64_t *scanned) {
    uint64_t table[SPARSE_TABLE_WORDS] = {0};
    const uint64_t top = (uint64_t)1 << s->bits;
    size_t count;
    const uint64_t c =
        grundy_sparse_gap_table(h, s->common[position_parity(s, n)], top, table, &count);
    *doubts_left = count;
    if (count == 0) {
        return c;
    }
    if (count > SPARSE_BITSET_MIN && s->expanded && n > s->max_take + 1 && s->split_count > 0) {
        const uint64_t m = n - s->split[0].k;
        const uint64_t a_max = s->split[0].distinct ? (m - 1) / 2 : m / 2;
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
    return d.count > 0 ? settle_rare(s, h, n, c, d, a0, scanned) : c;
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
    if (s->simd != SPARSE_SIMD_AVX512 || s->bits > 8 || doubts_left <= SPARSE_BITSET_MIN8) {
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

uint64_t grundy_sparse_settle_scan(const sparse *s, const heap_ctx *h, uint64_t n, uint64_t a0,
                                   size_t *doubts_left, uint64_t *scanned) {
    uint64_t v = 0;
    *doubts_left = 0;
    *scanned = 0;
    if (s->dense) {
        while (h->seen[v] == h->stamp) {
            v++;
        }
        return v;
    }
    /* c, the smallest unmarked common value, and the rare values below it left unmarked. */
    /* Issue 11: every option is a xor of values below 2^bits, so below 2^bits itself; 2^bits is
     * no option whatever its class, and c stops there. Letting 2^bits (or more) become a doubt
     * was the bug at 0.034's heap 26376: swar_block's lanes hold only `width` bytes, so
     * 256 * 0x0101..01 matched a split of xor 1 and dropped the doubt (257 instead of 256). */
    const uint8_t *common = s->common[position_parity(s, n)];
    const uint64_t top = (uint64_t)1 << s->bits;
    doubts d = {h->doubt, 0};
    if (grundy_sparse_table_fits(h, top)) {
        return settle_table(s, h, n, a0, doubts_left, scanned);
    }
    v = grundy_sparse_gap(h, common, top, &d);
    *doubts_left = d.count;
    return settle_rare(s, h, n, v, d, a0, scanned);
}

static uint64_t heap_value(sparse *s, const heap_ctx *h, uint64_t n) {
    if (s->expanded && n > s->max_take + 1) {
        mark_past_takes(s, h, n);
    } else {
        mark_by_class(s, h, n);
    }
    size_t doubts_left;
    uint64_t scanned;
    const uint64_t v = grundy_sparse_settle_scan(s, h, n, 1, &doubts_left, &scanned);
    grundy_sparse_note_scan(s, doubts_left, scanned);
    return v;
}

static unsigned bits_for(uint64_t v) {
    unsigned b = 1;
    while (b < 64 && (v >> b) != 0) {
        b++;
    }
    return b;
}

/* Book g(n) = v: the histogram and, for a rare heap, the rare list. */
static grundy_status record(grundy_seq *seq, sparse *s, uint64_t n, uint64_t v) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (n == 0) {
        return GRUNDY_STATUS_OK; /* heap 0 is never a part of a split */
    }
    if (s->hist != NULL) {
        s->hist[(v << 1) | position_parity(s, n)]++;
    }
    if (!s->dense && is_rare(s, n, v)) {
        GRUNDY_TRY(add_rare(seq, s, n, v));
        if (s->rare_count > s->rare_limit) {
            GRUNDY_TRY(choose_label(seq, s, n + 1));
        }
    }
cleanup:
    return st;
}

/* Push g(n) = v and book it; a failure to book drops the rare list (full scans are always
 * exact) to be rebuilt at the next heap. */
grundy_status grundy_sparse_finish_heap(grundy_seq *seq, sparse *s, uint64_t n, uint64_t v) {
    grundy_status st = GRUNDY_STATUS_OK;
    if ((v >> s->bits) != 0) {
        grundy_seq_flag(seq, n); /* issue 11: the first value needing one more bit */
        GRUNDY_TRY(grundy_sparse_reserve_bits(seq, s, bits_for(v)));
    }
    GRUNDY_TRY(grundy_seq_push(seq, v));
    st = record(seq, s, n, v);
    if (st != GRUNDY_STATUS_OK) {
        free_rare(s);
        s->dense = 1;
        s->next_choice = n + 1;
        grundy_seq_flag(seq, n + 1); /* issue 11: full scans from here */
    }
cleanup:
    return st;
}

/* Heaps this close to the end of the flat storage go through the windowed pass (a block or a
 * batch reads up to its last heap from one array). */
#define WINDOW_MARGIN 1024

static grundy_status sparse_extend(grundy_seq *seq, void *state, uint64_t length) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = state;
    GRUNDY_TRY(grundy_sparse_reserve_bits(seq, s, bits_for(grundy_seq_max_value(seq))));
    for (uint64_t n = grundy_seq_length(seq); n < length;) {
        if (n >= s->next_choice) {
            GRUNDY_TRY(choose_label(seq, s, n));
        }
        uint64_t end;
        if (s->may_drop && n + WINDOW_MARGIN > grundy_seq_flat_end(seq)) {
            /* issue 13: values dropped, or about to be: read them through the view, or (full
             * scans, moves by class) one heap at a time while they are all in one array */
            if (grundy_sparse_window_fits(s, n)) {
                GRUNDY_TRY(grundy_sparse_window_heap(seq, s, n));
                n++;
                continue;
            }
            GRUNDY_TRY(grundy_sparse_window_refused(seq, s, n));
        } else if (grundy_sparse_block_fits(s, n, length, &end)) {
            GRUNDY_TRY(grundy_sparse_run_block_capped(seq, s, n, end, &n)); /* issue 13 */
            continue;
        } else if (grundy_sparse_batch_fits(s, n, length)) {
            GRUNDY_TRY(grundy_sparse_run_batch(seq, s, n, &n));
            continue;
        }
        if (++s->stamp == 0) { /* the stamps wrapped: forget every old mark */
            memset(s->seen, 0, (size_t)s->seen_cap * sizeof *s->seen);
            s->stamp = 1;
        }
        heap_ctx h = {NULL, 0, s->seen, s->stamp, s->doubt, grundy_sparse_heap_simd(s)};
        h.raw = grundy_seq_raw(seq, &h.width);
        GRUNDY_TRY(grundy_sparse_finish_heap(seq, s, n, heap_value(s, &h, n)));
        n++;
    }
cleanup:
    return st;
}

/* Takes that leave two heaps of a heap of n. */
static double split_takes(const sparse *s, uint64_t n) {
    if (s->expanded) {
        return (double)s->split_count;
    }
    double takes = 0;
    for (size_t i = 0; i < s->class_count; i++) {
        int none;
        const uint64_t last = last_split_take(&s->classes[i], n, &none);
        takes +=
            none ? 0 : (double)((last - s->classes[i].take_first) / s->classes[i].take_step + 1);
    }
    return takes;
}

/* Per split take: a full scan when dense, else the rare marks and the doubt scans, which cost
 * about three times the marks again (measured on 4!.0 and 0.6 up to 2^20: 2.4 us a value for
 * 1,273 and 1,583 rare positions). */
static double sparse_cost(const void *state, uint64_t n) {
    const sparse *s = state;
    const double per_take = s->dense ? (double)n / 2 : 4.0 * (double)s->rare_count + 16;
    return 1 + split_takes(s, n) * per_take;
}

/* Values given from outside (a checkpoint): the histogram is rebuilt from them and the
 * labelling chosen afresh at the next heap, which rebuilds the rare list. The labelling only
 * decides the speed, so the values that follow are those of an uninterrupted run. */
static grundy_status sparse_resume(grundy_seq *seq, void *state) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = state;
    const uint64_t length = grundy_seq_length(seq);
    free_rare(s);
    s->dense = 1;
    s->rare_limit = UINT64_MAX;
    s->next_choice = length > FIRST_CHOICE ? length : FIRST_CHOICE;
    GRUNDY_TRY(grundy_sparse_reserve_bits(seq, s, bits_for(grundy_seq_max_value(seq))));
    if (s->hist != NULL) {
        memset(s->hist, 0, (size_t)s->seen_cap * sizeof *s->hist);
        for (uint64_t i = 1; i < length; i++) {
            s->hist[(grundy_seq_get(seq, i) << 1) | position_parity(s, i)]++;
        }
    }
cleanup:
    return st;
}

static uint64_t sparse_rare_count(const void *state) {
    const sparse *s = state;
    return s->dense ? UINT64_MAX : s->rare_count;
}

const grundy_seq_engine_ops grundy_seq_sparse_ops = {
    GRUNDY_SEQ_SPARSE,
    "sparse",
    sparse_applies,
    sparse_create,
    sparse_extend,
    grundy_sparse_bytes,
    sparse_destroy,
    sparse_cost,
    sparse_resume,
    sparse_rare_count,
    1,
    grundy_sparse_save, /* issue 13: seq_sparse_window.c */
    grundy_sparse_load,
};
