/* SPDX-License-Identifier: MIT */
/* Choosing the sparse-space mask from a value histogram (library-internal, used by seq_sparse.c).
 */
#ifndef GRUNDY_HEAP_SPARSE_MASK_H
#define GRUNDY_HEAP_SPARSE_MASK_H

#include <grundy/rule.h>

#include <stddef.h>
#include <stdint.h>

/** A labelling of positions: i is rare when parity(g(i) & mask) ^ (use_parity & par(i)) == 0,
 *  par(i) being the parity bit the engine attaches to position i. */
typedef struct grundy_sparse_mask {
    uint64_t mask;
    unsigned use_parity;
    uint64_t rare; /**< positions of the histogram this labelling makes rare */
} grundy_sparse_mask;

/**
 * The labelling that makes the fewest positions rare, among every nonzero (mask, use_parity).
 * @param hist    hist[(v << 1) | par] = how many positions have value v and parity bit par,
 *                for v < 2^bits; 2^(bits + 1) entries.
 * @param scratch 2^(bits + 1) signed entries of scratch.
 * @param allow_parity zero: only labellings with use_parity == 0.
 * Complexity O(bits * 2^bits) (a Walsh-Hadamard transform: the count of even-parity positions for
 * every mask at once, (total + W[i]) / 2).
 */
grundy_sparse_mask grundy_sparse_mask_choose(const uint64_t *hist, unsigned bits, int64_t *scratch,
                                             int allow_parity);

/**
 * The parity bit kpar of a rule's split takes, where position i's parity is (i ^ kpar) & 1, and
 * whether the parity variant may be used: only when every take that leaves two heaps has the
 * same parity (then kpar is it; else kpar is 0 and 0 is returned).
 */
int grundy_sparse_split_parity(const grundy_move_class *classes, size_t count, unsigned *kpar);

#endif
