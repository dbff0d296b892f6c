/* SPDX-License-Identifier: MIT */
/* The naive engine, the reference every faster engine is checked against: g(n) is the mex over
 * every option of heap n, straight from the rule's move classes. One refinement keeps huge
 * subtraction ranges cheap: a class that takes any k in a contiguous range and leaves one heap
 * reaches the heaps of a window [n - last, n - first] that only slides as n grows, so its values
 * are kept as counts (added and removed once each) and the mex skips them with a bit tree:
 * O(1) amortised per value for S(1-K) whatever K is, instead of O(K). A rule given by a function
 * (grundy_rule_from_moves) has no classes: its moves come one by one from grundy_heap_moves_each.
 */
#include "heap/seq/seq_internal.h"

#include "heap/rule/heap_moves.h"

#include "util/pool.h"
#include "util/try.h"

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
    int direct;          /* one-heap mex (self-check): no windows, every option marked directly */
    int callback;        /* a rule given by a function: its moves, one heap at a time */
    /* Blocks of heaps on threads (the end of this file): slot j holds heap b0 + j's marks. */
    unsigned threads;
    grundy_pool *pool;
    uint32_t *slots;
    uint64_t slot_stride, slot_count;
    uint32_t slot_stamp;
} naive;

/* Where one heap's marks go, and which options they are for: those whose largest part (the
 * last of the non-decreasing parts; the heap left by a one-heap move) lies in [big_lo, big_hi). A
 * move that takes the whole heap has no part and goes with big_lo == 0. */
typedef struct marks {
    uint32_t *seen;
    uint32_t stamp;
    uint64_t big_lo, big_hi;
} marks;

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
    grundy_pool_destroy(s->pool);
    free(s->slots);
    zf_free(&s->occupied);
    free(s);
}

static uint64_t naive_bytes(const void *state) {
    const naive *s = state;
    uint64_t tree = 0;
    for (int l = 0; l < ZF_LEVELS; l++) {
        tree += s->occupied.words[l] * 8;
    }
    return s->counts_cap * 8 + s->seen_cap * 4 + tree + s->slot_count * s->slot_stride * 4;
}

static grundy_status naive_create(grundy_seq *seq, void **state) {
    grundy_status st = GRUNDY_STATUS_OK;
    naive *s = calloc(1, sizeof *s);
    GRUNDY_CHECK(s != NULL, GRUNDY_STATUS_NOMEM);
    s->rule = grundy_seq_rule(seq);
    s->classes = grundy_rule_classes(s->rule, &s->class_count);
    s->callback = grundy_rule_get_kind(s->rule) == GRUNDY_RULE_CALLBACK;
    s->split_rule = grundy_rule_max_heaps_left(s->rule) >= 2;
    s->threads = grundy_seq_threads(seq);
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
    if (max > ((uint64_t)1 << 56)) { /* fits in no memory; max + 2 and the doubling below would
                                        wrap (a file's values can be that large) */
        return GRUNDY_STATUS_LIMIT;
    }
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
        for (uint64_t a = a_lo; a <= a_hi; a++) {                                                  \
            seen[g[a] ^ g[r - a]] = stamp;                                                         \
        }                                                                                          \
    } while (0)

/* Mark g(a) ^ g(r - a) for 1 <= a <= a_max, r - a in the big range: the hot loop of split
 * games, one per width. */
static void mark_pairs(const grundy_seq *seq, const marks *mk, uint64_t r, uint64_t a_max) {
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    uint32_t *const seen = mk->seen;
    const uint32_t stamp = mk->stamp;
    /* r - a < big_hi: a > r - big_hi; r - a >= big_lo: a <= r - big_lo. */
    const uint64_t a_lo = r >= mk->big_hi ? r - mk->big_hi + 1 : 1;
    const uint64_t a_hi = r < mk->big_lo ? 0 : r - mk->big_lo < a_max ? r - mk->big_lo : a_max;
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
static void mark_splits(const grundy_seq *seq, const marks *mk, uint64_t r, unsigned parts,
                        uint64_t min, int distinct, uint64_t acc) {
    if (parts == 1) {
        if (r >= min && r >= mk->big_lo && r < mk->big_hi) {
            mk->seen[acc ^ grundy_seq_get(seq, r)] = mk->stamp;
        }
        return;
    }
    if (parts == 2 && min == 1 && acc == 0) {
        mark_pairs(seq, mk, r, distinct ? (r - 1) / 2 : r / 2);
        return;
    }
    /* The smallest part a leaves r - a for parts - 1 parts of at least a (+1 if distinct). */
    for (uint64_t a = min; a <= r / parts; a++) {
        const uint64_t next = distinct ? a + 1 : a;
        if (r - a < next * (parts - 1)) {
            break;
        }
        /* The largest part is at most r - a - (parts - 2) * next, falling as a grows. */
        if (r - a - next * (parts - 2) < mk->big_lo) {
            break;
        }
        mark_splits(seq, mk, r - a, parts - 1, next, distinct, acc ^ grundy_seq_get(seq, a));
    }
}

/* Mark the options of heap n that the windows do not cover (those mk's big range admits). */
static void mark_options(const grundy_seq *seq, const naive *s, const marks *mk, uint64_t n) {
    for (size_t i = 0; i < s->class_count; i++) {
        const grundy_move_class *c = &s->classes[i];
        if ((c->leaves & 1u) && n >= 1 && n >= c->take_first && n <= c->take_last &&
            (n - c->take_first) % c->take_step == 0 && mk->big_lo == 0) {
            mk->seen[0] = mk->stamp; /* take the whole heap */
        }
        const int one_heap = (c->leaves & 2u) && (s->direct || !is_window_class(c));
        if (n == 0 || c->take_first > n - 1 || (!one_heap && c->leaves < 4u)) {
            continue; /* nothing left to mark: no take leaves a heap, or a window covers it */
        }
        const uint64_t last = c->take_last < n - 1 ? c->take_last : n - 1;
        for (uint64_t k = c->take_first;; k += c->take_step) {
            if (one_heap && n - k >= mk->big_lo && n - k < mk->big_hi) {
                mk->seen[grundy_seq_get(seq, n - k)] = mk->stamp;
            }
            for (unsigned parts = 2; parts <= GRUNDY_RULE_MAX_LEFT; parts++) {
                if (c->leaves & (1u << parts)) {
                    mark_splits(seq, mk, n - k, parts, 1, c->distinct, 0);
                }
            }
            if (last - k < c->take_step) {
                break;
            }
        }
    }
}

/* A rule given by a function: mark the nim-sum of the heaps each of its moves leaves. */
typedef struct move_marks {
    const grundy_seq *seq;
    const marks *mk;
} move_marks;

static int mark_move(void *ctx, const grundy_heap_move *m) {
    const move_marks *c = ctx;
    uint64_t v = 0;
    for (unsigned j = 0; j < m->parts; j++) {
        v ^= grundy_seq_get(c->seq, m->left[j]); /* every heap left is below n: computed */
    }
    c->mk->seen[v] = c->mk->stamp; /* below seen_cap: a nim-sum of values below 2^b */
    return 0;
}

/* Mark every option of heap n (what mk's big range admits, for a rule of classes). */
static grundy_status mark_heap(const grundy_seq *seq, const naive *s, const marks *mk, uint64_t n) {
    if (!s->callback) {
        mark_options(seq, s, mk, n);
        return GRUNDY_STATUS_OK;
    }
    move_marks c = {seq, mk};
    return grundy_heap_moves_each(s->rule, n, mark_move, &c, NULL);
}

static uint64_t naive_mex(const naive *s, const marks *mk) {
    if (s->window_count == 0) {
        uint64_t v = 0;
        while (v < s->seen_cap && mk->seen[v] == mk->stamp) {
            v++;
        }
        return v;
    }
    uint64_t v = zf_next(&s->occupied, 0, 0);
    while (v < s->seen_cap && mk->seen[v] == mk->stamp) {
        v = zf_next(&s->occupied, 0, v + 1);
    }
    return v;
}

/* ---------------------------------------------------------------- blocks of heaps on threads */

/*
 * With several threads, heaps b0 .. b1-1 (b1 - b0 <= b0 / 4) are computed at once: on the
 * threads, heap b0 + j marks in its own slot every option whose parts all lie below b0, known;
 * then, in order, the options with a part in the block (only the largest part can be: two parts
 * of b0 or more would sum past the heap), the windows, and the mex. The parts are enumerated
 * smallest first, so the in-block options are found by cutting the enumeration where the
 * largest part can no longer reach b0: O(j^(k-1)) for heap b0 + j and k parts, against O(n^(k-1))
 * on the threads. The values are the single thread's, whatever the thread count.
 */
#define NAIVE_BLOCK_HEAPS 256
#define NAIVE_BLOCK_BYTES ((uint64_t)4 << 20)

typedef struct naive_block {
    const grundy_seq *seq;
    naive *s;
    uint64_t b0;
} naive_block;

static void naive_block_outside(void *arg, uint64_t j, unsigned w) {
    (void)w;
    const naive_block *b = arg;
    const marks mk = {b->s->slots + j * b->s->slot_stride, b->s->slot_stamp, 0, b->b0};
    mark_options(b->seq, b->s, &mk, b->b0 + j);
}

/* Slots for the current seen_cap, none when 16 would not fit in NAIVE_BLOCK_BYTES. */
static grundy_status naive_reserve_slots(const grundy_seq *seq, naive *s) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (s->slots != NULL && s->slot_stride == s->seen_cap) {
        return GRUNDY_STATUS_OK;
    }
    const uint64_t count = NAIVE_BLOCK_BYTES / (4 * s->seen_cap);
    free(s->slots);
    s->slots = NULL;
    s->slot_count = 0;
    s->slot_stride = 0;
    if (count < 16) {
        return GRUNDY_STATUS_OK; /* values this large: one heap at a time */
    }
    s->slot_count = count < NAIVE_BLOCK_HEAPS ? count : NAIVE_BLOCK_HEAPS;
    s->slot_stride = s->seen_cap;
    GRUNDY_TRY(grundy_seq_charge(seq, naive_bytes(s)));
    s->slots = calloc((size_t)(s->slot_count * s->seen_cap), sizeof *s->slots);
    GRUNDY_CHECK(s->slots != NULL, GRUNDY_STATUS_NOMEM);
    s->slot_stamp = 0;
    if (s->pool == NULL) {
        GRUNDY_TRY(grundy_pool_create(s->threads, &s->pool));
    }
cleanup:
    if (st != GRUNDY_STATUS_OK) {
        free(s->slots);
        s->slots = NULL;
        s->slot_count = 0;
        s->slot_stride = 0;
    }
    return st;
}

/* Heaps [b0, min(b1, b0 + slots)) as a block; *next: the first heap not computed. */
static grundy_status naive_block_run(grundy_seq *seq, naive *s, uint64_t b0, uint64_t b1,
                                     uint64_t *next) {
    grundy_status st = GRUNDY_STATUS_OK;
    *next = b0;
    b1 = b1 - b0 <= s->slot_count ? b1 : b0 + s->slot_count;
    if (++s->slot_stamp == 0) {
        memset(s->slots, 0, (size_t)(s->slot_count * s->slot_stride) * sizeof *s->slots);
        s->slot_stamp = 1;
    }
    naive_block b = {seq, s, b0};
    grundy_pool_run(s->pool, naive_block_outside, &b, b1 - b0);
    const uint64_t cap = s->seen_cap;
    for (uint64_t n = b0; n < b1; n++) {
        const marks mk = {s->slots + (n - b0) * s->slot_stride, s->slot_stamp, b0, UINT64_MAX};
        slide_windows(seq, s, n);
        mark_options(seq, s, &mk, n);
        const uint64_t g = naive_mex(s, &mk);
        GRUNDY_TRY(grundy_seq_push(seq, g));
        GRUNDY_TRY(naive_reserve(seq, s, g));
        *next = n + 1;
        if (s->seen_cap != cap) {
            break; /* the slots were sized for smaller values */
        }
    }
cleanup:
    return st;
}

/* Heaps [n, *end) can go as one block: at most a quarter of n, so that the options inside the
 * block stay few. */
static int naive_block_fits(const naive *s, uint64_t n, uint64_t length, uint64_t *end) {
    if (s->threads < 2 || !s->split_rule || n < 64 || s->callback) {
        return 0;
    }
    const uint64_t size = n / 4 < NAIVE_BLOCK_HEAPS ? n / 4 : NAIVE_BLOCK_HEAPS;
    *end = n + size < length ? n + size : length;
    return *end > n + 1;
}

static grundy_status naive_extend(grundy_seq *seq, void *state, uint64_t length) {
    grundy_status st = GRUNDY_STATUS_OK;
    naive *s = state;
    GRUNDY_TRY(naive_reserve(seq, s, grundy_seq_max_value(seq)));
    for (uint64_t n = grundy_seq_length(seq); n < length;) {
        uint64_t end;
        if (naive_block_fits(s, n, length, &end)) {
            GRUNDY_TRY(naive_reserve_slots(seq, s));
            if (s->slots != NULL) {
                GRUNDY_TRY(naive_block_run(seq, s, n, end, &n));
                continue;
            }
        }
        if (++s->stamp == 0) { /* the stamps wrapped: forget every old mark */
            memset(s->seen, 0, (size_t)s->seen_cap * sizeof *s->seen);
            s->stamp = 1;
        }
        const marks mk = {s->seen, s->stamp, 0, UINT64_MAX};
        slide_windows(seq, s, n);
        GRUNDY_TRY(mark_heap(seq, s, &mk, n));
        const uint64_t g = naive_mex(s, &mk);
        GRUNDY_TRY(grundy_seq_push(seq, g));
        GRUNDY_TRY(naive_reserve(seq, s, g));
        n++;
    }
cleanup:
    return st;
}

/* Values given from outside: the windows slide again from heap 1 over them at the next heap
 * (their counts are all the state there is; the seen stamps stay valid). */
static grundy_status naive_resume(grundy_seq *seq, void *state) {
    naive *s = state;
    for (size_t i = 0; i < s->window_count; i++) {
        s->windows[i].lo = 1;
        s->windows[i].hi = 1;
    }
    if (s->counts != NULL) {
        memset(s->counts, 0, (size_t)s->counts_cap * sizeof *s->counts);
    }
    for (int l = 0; l < ZF_LEVELS; l++) {
        if (s->occupied.bits[l] != NULL) {
            memset(s->occupied.bits[l], 0, (size_t)s->occupied.words[l] * sizeof(uint64_t));
        }
    }
    return naive_reserve(seq, s, grundy_seq_max_value(seq));
}

/* ---------------------------------------------------------------- the self-check's full mex */

grundy_status grundy_seq_naive_mex_create(const grundy_seq *seq, void **state) {
    naive *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->rule = grundy_seq_rule(seq);
    s->classes = grundy_rule_classes(s->rule, &s->class_count);
    s->callback = grundy_rule_get_kind(s->rule) == GRUNDY_RULE_CALLBACK;
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
    const marks mk = {s->seen, s->stamp, 0, UINT64_MAX}; /* every option: parts of any size */
    GRUNDY_TRY(mark_heap(seq, s, &mk, n));
    *mex = naive_mex(s, &mk);
cleanup:
    return st;
}

/* Option visits the naive engine makes for heap n, roughly: a take per class and heap left,
 * times n^(j-1)/j! ways to split into j heaps. The naive engine's cost
 * estimate (the queries' work bound) and the bound of searches that cannot prove. */
double grundy_seq_naive_cost_model(const grundy_rule *rule, double n) {
    if (grundy_rule_get_kind(rule) == GRUNDY_RULE_CALLBACK) {
        return n + 1; /* a guess: a move function's cost is its own */
    }
    size_t count;
    const grundy_move_class *c = grundy_rule_classes(rule, &count);
    double ops = 1;
    for (size_t i = 0; i < count; i++) {
        const double last = (double)c[i].take_last < n ? (double)c[i].take_last : n;
        const double takes = last >= (double)c[i].take_first
                                 ? (last - (double)c[i].take_first) / (double)c[i].take_step + 1
                                 : 0;
        double split = 1, fact = 1;
        for (unsigned j = 2; j <= GRUNDY_RULE_MAX_LEFT; j++) {
            split *= n;
            fact *= j;
            if (c[i].leaves & (1u << j)) {
                ops += takes * split / fact;
            }
        }
        ops += (c[i].leaves & 2u) ? (c[i].take_step == 1 ? 1 : takes) : 0;
    }
    return ops;
}

static double naive_cost(const void *state, uint64_t n) {
    const naive *s = state;
    return grundy_seq_naive_cost_model(s->rule, (double)n);
}

const grundy_seq_engine_ops grundy_seq_naive_ops = {
    GRUNDY_SEQ_NAIVE,
    "naive",
    naive_applies,
    naive_create,
    naive_extend,
    naive_bytes,
    naive_destroy,
    naive_cost,
    naive_resume,
    NULL,
    0,
    NULL,
    NULL,
};
