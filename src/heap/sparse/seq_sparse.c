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
 * scan, instead of O(n). The labelling only decides the speed, never the values.
 *
 * This file keeps the engine's state: the tables sized by value, the rare list and the labelling,
 * the booking of each value. The work on one heap is seq_sparse_heap.c's; which way the next heaps
 * go (one heap, a batch, a block, the pipeline, the window) is seq_sparse_path.c's table. */
#include "heap/sparse/sparse_state.h"

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

int grundy_sparse_applies(const grundy_rule *rule) {
    /* A rule given by a function has no move classes for the rare/common split to read. */
    return grundy_rule_max_heaps_left(rule) == 2 &&
           grundy_rule_get_kind(rule) != GRUNDY_RULE_CALLBACK;
}

static void free_rare(sparse *s) {
    free(s->rare_pos);
    free(s->rare_val);
    s->rare_pos = NULL;
    s->rare_val = NULL;
    s->rare_count = 0;
    s->rare_cap = 0;
}

void grundy_sparse_destroy(void *state) {
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
    free(s->profile);
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

grundy_status grundy_sparse_create(grundy_seq *seq, void **state) {
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
    s->isa = (uint8_t)grundy_sparse_machine_isa();
    s->doubts_cap = (uint8_t)grundy_sparse_doubts_cap();
    s->block_mode = (uint8_t)grundy_sparse_block_mode();
    if (getenv("GRUNDY_SPARSE_PROFILE") != NULL) {
        s->profile = calloc(1, sizeof *s->profile);
        GRUNDY_CHECK(s->profile != NULL, GRUNDY_STATUS_NOMEM);
    }
    s->batch_scan = 64;
    s->may_drop = grundy_seq_may_drop(seq);
    *state = s;
    s = NULL;
cleanup:
    grundy_sparse_destroy(s);
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
    if (bits > 56) { /* 2^57 entries fit in no memory; 2 << 63 would overflow */
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
        grundy_seq_flag(seq, i); /* for --check: the rare list moves past its capacity */
        const uint64_t cap = s->rare_cap < 64 ? 64 : 2 * s->rare_cap;
        /* the rare list counts against the memory bound like the rest */
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
grundy_status grundy_sparse_choose_label(grundy_seq *seq, sparse *s, uint64_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    s->next_choice = 2 * n;
    s->labellings++;
    if (s->hist == NULL) {
        return GRUNDY_STATUS_OK;
    }
    if (!s->dense && !grundy_seq_kept_all(seq) && !grundy_seq_has_spill(seq)) {
        /* The memory window dropped values, so a new labelling's rare list cannot be rebuilt
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
        s->rare_limit = UINT64_MAX; /* full scans need every value; keep this one */
        return GRUNDY_STATUS_OK;
    }
    const int same =
        !s->dense && !dense && best.mask == s->label.mask && best.use_parity == s->label.use_parity;
    s->label = best;
    s->rare_limit = 2 * best.rare + 64;
    if (same) {
        return GRUNDY_STATUS_OK;
    }
    grundy_seq_flag(seq, n); /* for --check: a new mask, parity variant or dense state */
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
        GRUNDY_TRY(grundy_seq_value(seq, i, &v)); /* kept, or from the spill file */
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

unsigned grundy_sparse_bits_for(uint64_t v) {
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
            GRUNDY_TRY(grundy_sparse_choose_label(seq, s, n + 1));
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
        grundy_seq_flag(seq, n); /* for --check: the first value needing one more bit */
        GRUNDY_TRY(grundy_sparse_reserve_bits(seq, s, grundy_sparse_bits_for(v)));
    }
    GRUNDY_TRY(grundy_seq_push(seq, v));
    st = record(seq, s, n, v);
    if (st != GRUNDY_STATUS_OK) {
        free_rare(s);
        s->dense = 1;
        s->next_choice = n + 1;
        grundy_seq_flag(seq, n + 1); /* for --check: full scans from here */
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
        const uint64_t last = grundy_sparse_last_split_take(&s->classes[i], n, &none);
        takes +=
            none ? 0 : (double)((last - s->classes[i].take_first) / s->classes[i].take_step + 1);
    }
    return takes;
}

/* Per split take: a full scan when dense, else the rare marks and the doubt scans, which cost
 * about three times the marks again (measured on 4!.0 and 0.6 up to 2^20: 2.4 us a value for
 * 1,273 and 1,583 rare positions). */
double grundy_sparse_cost(const void *state, uint64_t n) {
    const sparse *s = state;
    const double per_take = s->dense ? (double)n / 2 : 4.0 * (double)s->rare_count + 16;
    return 1 + split_takes(s, n) * per_take;
}

/* Values given from outside (a checkpoint): the histogram is rebuilt from them and the
 * labelling chosen afresh at the next heap, which rebuilds the rare list. The labelling only
 * decides the speed, so the values that follow are those of an uninterrupted run. */
grundy_status grundy_sparse_resume(grundy_seq *seq, void *state) {
    grundy_status st = GRUNDY_STATUS_OK;
    sparse *s = state;
    const uint64_t length = grundy_seq_length(seq);
    free_rare(s);
    s->dense = 1;
    s->rare_limit = UINT64_MAX;
    s->next_choice = length > FIRST_CHOICE ? length : FIRST_CHOICE;
    GRUNDY_TRY(
        grundy_sparse_reserve_bits(seq, s, grundy_sparse_bits_for(grundy_seq_max_value(seq))));
    if (s->hist != NULL) {
        memset(s->hist, 0, (size_t)s->seen_cap * sizeof *s->hist);
        for (uint64_t i = 1; i < length; i++) {
            s->hist[(grundy_seq_get(seq, i) << 1) | position_parity(s, i)]++;
        }
    }
cleanup:
    return st;
}

uint64_t grundy_sparse_rare_count(const void *state) {
    const sparse *s = state;
    return s->dense ? UINT64_MAX : s->rare_count;
}
