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
     * The labelling of sparse space, as the sparse engine chooses it
     * (src/heap/sparse/sparse_mask.c) but over all the heaps 1..count-1 at once: heap n >= 1 is
     * rare when parity(g(n) & mask) ^ (use_parity & ((n ^ parity_bit) & 1)) == 0, and (mask,
     * use_parity) is the nonzero pair making the fewest heaps rare (ties: the smallest (mask << 1)
     * | use_parity). has_mask is 0 when count < 2 or a value reaches 2^GRUNDY_STATS_MASK_MAX_BITS.
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

/**
 * The same statistics of values given as an array: values[n] = g(n) for n < count, of `rule`
 * (borrowed; for the split takes' parity). This and grundy_stats_compute are the one definition
 * of the rare/common labelling that every tool prints (`stats`, `plot`, `survey`).
 * @param[out] out filled on success; free with grundy_stats_free.
 * @return OK, NOMEM. O(count + bits * 2^bits) time.
 */
GRUNDY_API grundy_status grundy_stats_of_values(const grundy_rule *rule, const uint64_t *values,
                                                uint64_t count, grundy_stats *out);

/**
 * Whether heap n with g(n) = value is rare under the labelling of `stats` (the rule in
 * grundy_stats.mask's comment). 0 without a mask and for heap 0, which the labelling does not
 * cover (its value is always 0; it is chosen and counted over heaps 1..count-1), so the heaps
 * this calls rare are exactly the rare_count heaps.
 */
GRUNDY_API int grundy_stats_is_rare(const grundy_stats *stats, uint64_t n, uint64_t value);

/** The text every tool prints for a labelling (grundy_stats.mask and use_parity): the mask in
 *  decimal, as in JSON, followed by " parity" for the parity variant ("30", "17 parity").
 *  GRUNDY_STATS_MASK_TEXT_CAP bytes hold any. */
#define GRUNDY_STATS_MASK_TEXT_CAP 32
GRUNDY_API void grundy_stats_mask_text(uint64_t mask, unsigned use_parity, char *buf, size_t cap);

/** Free the frequencies; the struct itself is the caller's. NULL is allowed. */
GRUNDY_API void grundy_stats_free(grundy_stats *stats);

/**
 * The same statistics accumulated value by value (so that a sequence that keeps only a prefix
 * and a window of its values, opts.memory, is described as it is computed). grundy_stats_compute
 * is this over g(0..count-1), so both give the same result. Memory: O(largest value).
 */
typedef struct grundy_stats_acc grundy_stats_acc;

/** @param rule the rule the values are of (borrowed; for the split takes' parity).
 *  @return OK, NOMEM. */
GRUNDY_API grundy_status grundy_stats_acc_create(const grundy_rule *rule, grundy_stats_acc **out);

/** Add g(n) = value for the next heap n (0, 1, 2, ... in order). @return OK, NOMEM. */
GRUNDY_API grundy_status grundy_stats_acc_add(grundy_stats_acc *acc, uint64_t value);

/** The heaps added so far. */
GRUNDY_API uint64_t grundy_stats_acc_count(const grundy_stats_acc *acc);

/** The statistics of the heaps added so far (at least one). @return OK, INVALID_ARG (none
 *  added), NOMEM. */
GRUNDY_API grundy_status grundy_stats_acc_finish(const grundy_stats_acc *acc, grundy_stats *out);

/** NULL is allowed. */
GRUNDY_API void grundy_stats_acc_destroy(grundy_stats_acc *acc);

/** Checkpoints of a streamed run: what the accumulator holds as bytes (*bytes
 *  malloc'ed, the caller frees it; little-endian words, docs/file-formats.md).
 *  @return OK, NOMEM. */
GRUNDY_API grundy_status grundy_stats_acc_save(const grundy_stats_acc *acc, void **bytes,
                                               size_t *len);

/** Back into an accumulator just created for the same rule, which then goes on as the saved
 *  one would. @return OK; INVALID_ARG (the bytes are not an accumulator's, or of a rule whose
 *  split takes have another parity); NOMEM. */
GRUNDY_API grundy_status grundy_stats_acc_load(grundy_stats_acc *acc, const void *bytes,
                                               size_t len);

#ifdef __cplusplus
}
#endif
#endif
