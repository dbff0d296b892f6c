/* SPDX-License-Identifier: MIT */
/* The Nim family: nim-sum, the nimber field on 64-bit integers, Bouton's rules, capped Nim. */
#ifndef GRUNDY_NIMBER_H
#define GRUNDY_NIMBER_H

#include <grundy/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Nim-sum (bitwise exclusive-or) of two nimbers. O(1). */
GRUNDY_API uint64_t grundy_nim_sum(uint64_t a, uint64_t b);

/** Nim-sum of `count` values (0 for none). O(count). */
GRUNDY_API uint64_t grundy_nim_sum_array(const uint64_t *values, size_t count);

/**
 * Nim-product: multiplication in the field of nimbers below 2^64 (GF(2^64) with Conway's
 * multiplication: for a Fermat 2-power F = 2^(2^k), F * F = F + F/2 and F * x = F x for x < F).
 * Commutative, associative, distributes over the nim-sum, 1 is the identity.
 * O(3^6) word operations (Karatsuba on the halves, six levels).
 */
GRUNDY_API uint64_t grundy_nim_product(uint64_t a, uint64_t b);

/**
 * Nim-inverse: the b with a (*) b = 1, computed as a^(2^64 - 2) (the multiplicative group has
 * order 2^64 - 1).
 * @param[out] out the inverse; untouched on failure.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_INVALID_ARG for a == 0.
 */
GRUNDY_API grundy_status grundy_nim_inverse(uint64_t a, uint64_t *out);

/**
 * Bouton's rule (1901): a Nim position is a win for the player to move (normal play: whoever
 * cannot move loses) iff the nim-sum of its heaps is nonzero.
 * @return 1 for a win, 0 for a loss.
 */
GRUNDY_API int grundy_nim_normal_wins(const uint64_t *heaps, size_t count);

/**
 * Bouton's misere rule: whoever takes the last token loses. When some heap has 2 or more tokens,
 * the player to move wins iff the nim-sum is nonzero (as in normal play); when every heap has 0
 * or 1 token, iff the number of 1-heaps is even.
 * @return 1 for a win, 0 for a loss.
 */
GRUNDY_API int grundy_nim_misere_wins(const uint64_t *heaps, size_t count);

/**
 * Capped Nim (take 1 to K tokens from one heap, the subtraction game S(1-K)): the Grundy value
 * of a heap of a is a mod (K + 1), since the options a-K .. a-1 take every residue but a's.
 * @param cap K, 1 <= K <= GRUNDY_NUMBER_MAX (K == 0 has no move: the value is 0).
 */
GRUNDY_API uint64_t grundy_nim_capped_value(uint64_t a, uint64_t cap);

/** The largest multiplier grundy_nim_count_zero accepts (its carries stay below it). */
#define GRUNDY_NIM_COUNT_MAX_MULTIPLIER ((uint64_t)1 << 40)

/** The default bound on the automaton's states for grundy_nim_count_zero (prod of multipliers). */
#define GRUNDY_NIM_COUNT_DEFAULT_STATES ((size_t)1 << 20)

/**
 * The number of n with from <= n <= to and n*c_1 ^ n*c_2 ^ ... ^ n*c_k = 0 (the products exact,
 * not truncated to 64 bits): the losing Nim positions (n*c_1, ..., n*c_k). Project Euler 301 is
 * multipliers {1, 2, 3}, from 1, to 2^30 (2178309).
 *
 * Counted by a digit automaton over the carries of the k products, read from n's lowest bit, in
 * O(prod(c_i) * (k + 64)) time and 6 * prod(c_i) words of memory, independent of `to`.
 * A multiplier 0 contributes nothing; no multiplier at all counts every n.
 * @param multipliers   c_1..c_k, each <= GRUNDY_NIM_COUNT_MAX_MULTIPLIER (borrowed).
 * @param from,to       the range, from <= to <= GRUNDY_NUMBER_MAX.
 * @param max_states    refuse when prod(c_i) exceeds it (e.g. GRUNDY_NIM_COUNT_DEFAULT_STATES).
 * @param[out] out      the count; untouched on failure.
 * @param[out] states_needed  prod of the nonzero c_i (SIZE_MAX when over max_states); may be NULL.
 * @return GRUNDY_STATUS_OK; INVALID_ARG (from > to, to too large); RANGE (a multiplier too large);
 *         LIMIT (more states than max_states); NOMEM.
 * @code
 *   const uint64_t c[3] = {1, 2, 3};
 *   uint64_t n;
 *   grundy_nim_count_zero(c, 3, 1, (uint64_t)1 << 30, GRUNDY_NIM_COUNT_DEFAULT_STATES, &n, NULL);
 * @endcode
 */
GRUNDY_API grundy_status grundy_nim_count_zero(const uint64_t *multipliers, size_t count,
                                               uint64_t from, uint64_t to, size_t max_states,
                                               uint64_t *out, size_t *states_needed);

#ifdef __cplusplus
}
#endif
#endif
