/* SPDX-License-Identifier: MIT */
/* The statistics published with Grundy sequences (Flammenkamp's tables, Winning Ways ch. 4):
 * the largest value and where it first occurs, the rare/common labelling of sparse space, the
 * rare heaps, and how often each value occurs. */
#ifndef GRUNDY_STATS_H
#define GRUNDY_STATS_H

#include <grundy/seq.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Values above this have no mask computed (the transform needs 2^(bits + 1) entries). */
#define GRUNDY_STATS_MASK_MAX_BITS 22

/** What grundy_stats_compute found over heaps 0..count-1. */
typedef struct grundy_stats {
    uint64_t count;     /**< heaps 0..count-1 described */
    uint64_t max_value; /**< the largest value */
    uint64_t max_heap;  /**< the smallest heap with it */
    /**
     * The labelling of sparse space, as the sparse engine chooses it (src/heap/sparse_mask.c)
     * but over all the heaps 1..count-1 at once: heap n >= 1 is rare when
     * parity(g(n) & mask) ^ (use_parity & ((n ^ parity_bit) & 1)) == 0, and (mask, use_parity)
     * is the nonzero pair making the fewest heaps rare (ties: the smallest
     * (mask << 1) | use_parity). has_mask is 0 when count < 2 or a value reaches
     * 2^GRUNDY_STATS_MASK_MAX_BITS.
     */
    int has_mask;
    uint64_t mask;
    unsigned use_parity; /**< the parity variant (only when every split take has one parity) */
    unsigned parity_bit; /**< the split takes' parity (0 when there is no parity variant) */
    uint64_t rare_count; /**< rare heaps among 1..count-1 */
    int has_rare;
    uint64_t last_rare; /**< the largest rare heap (has_rare) */
    uint64_t *freq;     /**< freq[v]: heaps n < count with g(n) = v, v <= max_value; owned */
} grundy_stats;

/**
 * Statistics of g(0..count-1), from the values alone (so they agree across engines, threads and
 * resumed runs). count <= grundy_seq_length(seq).
 * @param[out] out filled on success; free with grundy_stats_free.
 * @return OK, INVALID_ARG (count past the sequence), NOMEM. O(count + bits * 2^bits) time.
 */
GRUNDY_API grundy_status grundy_stats_compute(const grundy_seq *seq, uint64_t count,
                                              grundy_stats *out);

/** Free the frequencies; the struct itself is the caller's. NULL is allowed. */
GRUNDY_API void grundy_stats_free(grundy_stats *stats);

#ifdef __cplusplus
}
#endif
#endif
