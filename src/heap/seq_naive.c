/* SPDX-License-Identifier: MIT */
/* The naive engine, the reference every faster engine is checked against: g(n) is the mex over
 * every option of heap n, straight from the rule's move classes. One refinement keeps huge
 * subtraction ranges cheap: a class that takes any k in a contiguous range and leaves one heap
 * reaches the heaps of a window [n - last, n - first] that only slides as n grows, so its values
 * are kept as counts (added and removed once each) and the mex skips them with a bit tree:
 * O(1) amortised per value for S(1-K) whatever K is, instead of O(K). */
#include "seq_internal.h"

#include "../util/try.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- occupied-value bit tree */

/* Level 0 bit v: some window holds value v. Level l+1 bit w: word w of level l is full. Six levels
 * of 64-bit words cover 2^36 values, more than memory allows for the counts anyway. */
#define ZF_LEVELS 6

typedef struct zero_finder {
    uint64_t *bits[ZF_LEVELS];
    uint64_t words[ZF_LEVELS];
} zero_finder;

static void zf_free(zero_finder *z) {
    for (int l = 0; l < ZF_LEVELS; l++) {
        free(z->bits[l]);
    }
}

/* Room for values 0..cap-1; new bits are 0 (unoccupied, not full), which keeps the invariant. */
static grundy_status zf_grow(zero_finder *z, uint64_t cap) {
    uint64_t n = cap;
    for (int l = 0; l < ZF_LEVELS; l++) {
        const uint64_t words = (n + 63) / 64;
        if (words > z->words[l]) {
            uint64_t *grown = realloc(z->bits[l], (size_t)words * sizeof *grown);
            if (grown == NULL) {
                return GRUNDY_STATUS_NOMEM;
            }
            memset(grown + z->words[l], 0, (size_t)(words - z->words[l]) * sizeof *grown);
            z->bits[l] = grown;
            z->words[l] = words;
        }
        n = words;
    }
    return GRUNDY_STATUS_OK;
}

static void zf_occupy(zero_finder *z, uint64_t v) {
    for (int l = 0; l < ZF_LEVELS; l++, v >>= 6) {
        uint64_t *w = &z->bits[l][v >> 6];
        *w |= (uint64_t)1 << (v & 63);
        if (*w != UINT64_MAX) {
            return;
        }
    }
}

static void zf_vacate(zero_finder *z, uint64_t v) {
    for (int l = 0; l < ZF_LEVELS; l++, v >>= 6) {
        uint64_t *w = &z->bits[l][v >> 6];
        const int was_full = *w == UINT64_MAX;
        *w &= ~((uint64_t)1 << (v & 63));
        if (!was_full) {
            return;
        }
    }
}

static unsigned lowest_bit(uint64_t x) {
    unsigned i = 0;
    while ((x & 1u) == 0) {
        x >>= 1;
        i++;
    }
    return i;
}

/* The smallest index i' >= i whose bit is 0 at `level` (an index past the stored words is 0). */
static uint64_t zf_next(const zero_finder *z, int level, uint64_t i) {
    uint64_t w = i >> 6;
    if (w >= z->words[level]) {
        return i;
    }
    const uint64_t x = z->bits[level][w] | (((uint64_t)1 << (i & 63)) - 1);
    if (x != UINT64_MAX) {
        return (w << 6) + lowest_bit(~x);
    }
    if (level + 1 == ZF_LEVELS) {
        while (++w < z->words[level] && z->bits[level][w] == UINT64_MAX) {
        }
    } else {
        w = zf_next(z, level + 1, w + 1); /* the next word of this level that is not full */
    }
    if (w >= z->words[level]) {
        return w << 6;
    }
    return (w << 6) + lowest_bit(~z->bits[level][w]);
}

/* ---------------------------------------------------------------- engine state */

/* A class taking any k in [first, last] (step 1) and leaving one heap: heap n reaches the heaps
 * m in [max(1, n - last), n - first], kept as the half-open window [lo, hi). */
typedef struct window {
    uint64_t first, last;
    uint64_t lo, hi;
} window;

typedef struct naive {
    const grundy_rule *rule;
    const grundy_move_class *classes;
    size_t class_count;
    window *windows;
    size_t window_count;
    uint64_t *counts; /* counts[v]: how many window heaps have value v */
    uint64_t counts_cap;
    zero_finder occupied; /* counts[v] > 0 */
    uint32_t *seen;       /* seen[v] == stamp: some other option of the current heap has value v */
    uint64_t seen_cap;
    uint32_t stamp;
    unsigned split_rule; /* some move leaves two or more heaps: option values are xors */
    int direct;          /* issue 11's one-heap mex: no windows, every option marked directly */
} naive;

static int is_window_class(const grundy_move_class *c) {
    return c->take_step == 1 && (c->leaves & 2u) != 0;
}

static int naive_applies(const grundy_rule *rule) {
    (void)rule;
    return 1;
}

static void naive_destroy(void *state) {
    naive *s = state;
    if (s == NULL) {
        return;
    }
    free(s->windows);
    free(s->counts);
    free(s->seen);
    zf_free(&s->occupied);
    free(s);
}

static uint64_t naive_bytes(const void *state) {
    const naive *s = state;
    uint64_t tree = 0;
    for (int l = 0; l < ZF_LEVELS; l++) {
        tree += s->occupied.words[l] * 8;
    }
    return s->counts_cap * 8 + s->seen_cap * 4 + tree;
}

static grundy_status naive_create(grundy_seq *seq, void **state) {
    grundy_status st = GRUNDY_STATUS_OK;
    naive *s = calloc(1, sizeof *s);
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    s->rule = grundy_seq_rule(seq);
    s->classes = grundy_rule_classes(s->rule, &s->class_count);
    s->split_rule = grundy_rule_max_heaps_left(s->rule) >= 2;
    s->windows = calloc(s->class_count + 1, sizeof *s->windows);
    GRUNDY_CHECK(s->windows != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < s->class_count; i++) {
        if (is_window_class(&s->classes[i])) {
            const window w = {s->classes[i].take_first, s->classes[i].take_last, 1, 1};
            s->windows[s->window_count++] = w;
        }
    }
    *state = s;
    s = NULL;
cleanup:
    naive_destroy(s);
    return st;
}

/* ---------------------------------------------------------------- growing the tables */

/* Make counts[] and the tree hold every value up to `max`, and seen[] every option value: a xor
 * of values below 2^b stays below 2^b. */
static grundy_status naive_reserve(const grundy_seq *seq, naive *s, uint64_t max) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t need_seen = max + 2;
    if (s->split_rule) {
        need_seen = 2;
        while (need_seen <= max) {
            need_seen *= 2;
        }
    }
    const uint64_t need_counts = s->window_count > 0 ? max + 2 : 0;
    if (need_seen <= s->seen_cap && need_counts <= s->counts_cap) {
        return GRUNDY_STATUS_OK;
    }
    const uint64_t new_seen = need_seen > s->seen_cap ? 2 * need_seen : s->seen_cap;
    const uint64_t new_counts = need_counts > s->counts_cap ? 2 * need_counts : s->counts_cap;
    GRUNDY_TRY(grundy_seq_charge(seq, new_counts * 8 + new_counts / 4 + new_seen * 4));
    if (new_seen > s->seen_cap) {
        uint32_t *grown = realloc(s->seen, (size_t)new_seen * sizeof *grown);
        GRUNDY_CHECK(grown != NULL, GRUNDY_STATUS_NOMEM);
        memset(grown + s->seen_cap, 0, (size_t)(new_seen - s->seen_cap) * sizeof *grown);
        s->seen = grown;
        s->seen_cap = new_seen;
    }
    if (new_counts > s->counts_cap) {
        uint64_t *grown = realloc(s->counts, (size_t)new_counts * sizeof *grown);
        GRUNDY_CHECK(grown != NULL, GRUNDY_STATUS_NOMEM);
        memset(grown + s->counts_cap, 0, (size_t)(new_counts - s->counts_cap) * sizeof *grown);
        s->counts = grown;
        s->counts_cap = new_counts;
        GRUNDY_TRY(zf_grow(&s->occupied, new_counts));
    }
cleanup:
    return st;
}

/* ---------------------------------------------------------------- options of one heap */

static void window_add(naive *s, uint64_t v) {
    if (s->counts[v]++ == 0) {
        zf_occupy(&s->occupied, v);
    }
}

static void window_remove(naive *s, uint64_t v) {
    if (--s->counts[v] == 0) {
        zf_vacate(&s->occupied, v);
    }
}

/* Slide every window to heap n's: add the heaps entering, remove those leaving. */
static void slide_windows(const grundy_seq *seq, naive *s, uint64_t n) {
    for (size_t i = 0; i < s->window_count; i++) {
        window *w = &s->windows[i];
        if (n < w->first + 1) {
            continue; /* no take leaves a non-empty heap yet */
        }
        const uint64_t hi = n - w->first + 1;
        const uint64_t lo = w->last >= n - 1 ? 1 : n - w->last;
        for (; w->hi < hi; w->hi++) {
            window_add(s, grundy_seq_get(seq, w->hi));
        }
        for (; w->lo < lo; w->lo++) {
            window_remove(s, grundy_seq_get(seq, w->lo));
        }
    }
}

#define MARK_PAIRS(type)                                                                           \
    do {                                                                                           \
        const type *g = raw;                                                                       \
        for (uint64_t a = 1; a <= a_max; a++) {                                                    \
            seen[g[a] ^ g[r - a]] = stamp;                                                         \
        }                                                                                          \
    } while (0)

/* Mark g(a) ^ g(r - a) for 1 <= a <= a_max: the hot loop of split games, one per width. */
static void mark_pairs(const grundy_seq *seq, naive *s, uint64_t r, uint64_t a_max) {
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    uint32_t *const seen = s->seen;
    const uint32_t stamp = s->stamp;
    switch (width) {
    case 1:
        MARK_PAIRS(uint8_t);
        break;
    case 2:
        MARK_PAIRS(uint16_t);
        break;
    case 4:
        MARK_PAIRS(uint32_t);
        break;
    default:
        MARK_PAIRS(uint64_t);
        break;
    }
}

/* Every way to leave `parts` non-empty heaps with sizes summing to r, sizes in non-decreasing
 * order from `min` (strictly increasing when distinct), xored onto `acc`. */
static void mark_splits(const grundy_seq *seq, naive *s, uint64_t r, unsigned parts, uint64_t min,
                        int distinct, uint64_t acc) {
    if (parts == 1) {
        if (r >= min) {
            s->seen[acc ^ grundy_seq_get(seq, r)] = s->stamp;
        }
        return;
    }
    if (parts == 2 && min == 1 && acc == 0) {
        mark_pairs(seq, s, r, distinct ? (r - 1) / 2 : r / 2);
        return;
    }
    /* The smallest part a leaves r - a for parts - 1 parts of at least a (+1 if distinct). */
    for (uint64_t a = min; a <= r / parts; a++) {
        const uint64_t next = distinct ? a + 1 : a;
        if (r - a < next * (parts - 1)) {
            break;
        }
        mark_splits(seq, s, r - a, parts - 1, next, distinct, acc ^ grundy_seq_get(seq, a));
    }
}

/* Mark the options of heap n that the windows do not cover. */
static void mark_options(const grundy_seq *seq, naive *s, uint64_t n) {
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        if ((c->leaves & 1u) && n >= 1 && n >= c->take_first && n <= c->take_last &&
            (n - c->take_first) % c->take_step == 0) {
            s->seen[0] = s->stamp; /* take the whole heap */
        }
        const int one_heap = (c->leaves & 2u) && (s->direct || !is_window_class(c));
        if (n == 0 || c->take_first > n - 1 || (!one_heap && c->leaves < 4u)) {
            continue; /* nothing left to mark: no take leaves a heap, or a window covers it */
        }
        const uint64_t last = c->take_last < n - 1 ? c->take_last : n - 1;
        for (uint64_t k = c->take_first;; k += c->take_step) {
            if (one_heap) {
                s->seen[grundy_seq_get(seq, n - k)] = s->stamp;
            }
            for (unsigned parts = 2; parts <= GRUNDY_RULE_MAX_LEFT; parts++) {
                if (c->leaves & (1u << parts)) {
                    mark_splits(seq, s, n - k, parts, 1, c->distinct, 0);
                }
            }
            if (last - k < c->take_step) {
                break;
            }
        }
    }
}

static uint64_t naive_mex(const naive *s) {
    if (s->window_count == 0) {
        uint64_t v = 0;
        while (v < s->seen_cap && s->seen[v] == s->stamp) {
            v++;
        }
        return v;
    }
    uint64_t v = zf_next(&s->occupied, 0, 0);
    while (v < s->seen_cap && s->seen[v] == s->stamp) {
        v = zf_next(&s->occupied, 0, v + 1);
    }
    return v;
}

static grundy_status naive_extend(grundy_seq *seq, void *state, uint64_t length) {
    grundy_status st = GRUNDY_STATUS_OK;
    naive *s = state;
    GRUNDY_TRY(naive_reserve(seq, s, grundy_seq_max_value(seq)));
    for (uint64_t n = grundy_seq_length(seq); n < length; n++) {
        if (++s->stamp == 0) { /* the stamps wrapped: forget every old mark */
            memset(s->seen, 0, (size_t)s->seen_cap * sizeof *s->seen);
            s->stamp = 1;
        }
        slide_windows(seq, s, n);
        mark_options(seq, s, n);
        const uint64_t g = naive_mex(s);
        GRUNDY_TRY(grundy_seq_push(seq, g));
        GRUNDY_TRY(naive_reserve(seq, s, g));
    }
cleanup:
    return st;
}

/* ---------------------------------------------------------------- one heap's full mex (issue 11)
 */

grundy_status grundy_seq_naive_mex_create(const grundy_seq *seq, void **state) {
    naive *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->rule = grundy_seq_rule(seq);
    s->classes = grundy_rule_classes(s->rule, &s->class_count);
    s->split_rule = grundy_rule_max_heaps_left(s->rule) >= 2;
    s->direct = 1;
    *state = s;
    return GRUNDY_STATUS_OK;
}

void grundy_seq_naive_mex_destroy(void *state) {
    naive_destroy(state);
}

grundy_status grundy_seq_naive_mex(const grundy_seq *seq, void *state, uint64_t n, uint64_t *mex) {
    grundy_status st = GRUNDY_STATUS_OK;
    naive *s = state;
    GRUNDY_TRY(naive_reserve(seq, s, grundy_seq_max_value(seq)));
    if (++s->stamp == 0) {
        memset(s->seen, 0, (size_t)s->seen_cap * sizeof *s->seen);
        s->stamp = 1;
    }
    mark_options(seq, s, n);
    *mex = naive_mex(s);
cleanup:
    return st;
}

const grundy_seq_engine_ops grundy_seq_naive_ops = {
    GRUNDY_SEQ_NAIVE, "naive",     naive_applies, naive_create,
    naive_extend,     naive_bytes, naive_destroy,
};
