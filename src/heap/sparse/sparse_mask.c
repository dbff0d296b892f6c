/* SPDX-License-Identifier: MIT */
/* The sparse-space mask: Walsh-Hadamard transform of the value histogram (Winning Ways ch. 4,
 * "Sparse Space Spells Speed"; Gangolli and Plambeck 1989). */
#include "heap/sparse/sparse_mask.h"

/*
 * For an index i = (mask << 1) | use_parity and the histogram h over j = (v << 1) | par, the
 * transform W[i] = sum_j h[j] (-1)^popcount(i & j) counts positions with even
 * popcount(i & j) minus those with odd. The rare positions of labelling i are exactly those with
 * popcount(v & mask) + use_parity * par even, so there are (total + W[i]) / 2 of them.
 */
grundy_sparse_mask grundy_sparse_mask_choose(const uint64_t *hist, unsigned bits, int64_t *scratch,
                                             int allow_parity) {
    const size_t size = (size_t)2 << bits;
    uint64_t total = 0;
    for (size_t j = 0; j < size; j++) {
        scratch[j] = (int64_t)hist[j];
        total += hist[j];
    }
    for (size_t half = 1; half < size; half *= 2) {
        for (size_t base = 0; base < size; base += 2 * half) {
            for (size_t j = base; j < base + half; j++) {
                const int64_t x = scratch[j], y = scratch[j + half];
                scratch[j] = x + y;
                scratch[j + half] = x - y;
            }
        }
    }
    grundy_sparse_mask best = {0, 0, total};
    for (size_t i = 1; i < size; i++) {
        if ((i & 1u) && !allow_parity) {
            continue;
        }
        const uint64_t rare = (uint64_t)((int64_t)total + scratch[i]) / 2;
        if (rare < best.rare) {
            best.mask = (uint64_t)(i >> 1);
            best.use_parity = (unsigned)(i & 1u);
            best.rare = rare;
        }
    }
    return best;
}

/* Every split take must share one parity, else a split's common class would depend on k. */
int grundy_sparse_split_parity(const grundy_move_class *classes, size_t count, unsigned *kpar) {
    int have = 0, allowed = 1;
    *kpar = 0;
    for (size_t i = 0; i < count; i++) {
        const grundy_move_class *c = &classes[i];
        if (!(c->leaves & 4u)) {
            continue;
        }
        const unsigned p = (unsigned)(c->take_first & 1u);
        const int several =
            c->take_last > c->take_first && c->take_last - c->take_first >= c->take_step;
        if ((several && (c->take_step & 1u)) || (have && p != *kpar)) {
            allowed = 0;
        }
        *kpar = have ? *kpar : p;
        have = 1;
    }
    if (!allowed) {
        *kpar = 0;
    }
    return allowed;
}
