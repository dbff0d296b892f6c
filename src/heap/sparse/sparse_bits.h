/* SPDX-License-Identifier: MIT */
/* The batch's rare marks, half of them as bits of the small values (seq_sparse_bits.c), used by
 * the one-thread batch (seq_sparse_batch.c), the blocks' group marks (seq_sparse_block.c) and the
 * 16-bit pipeline's guesser (seq_sparse_pipe16.c); library-internal. */
#ifndef GRUNDY_HEAP_SPARSE_BITS_H
#define GRUNDY_HEAP_SPARSE_BITS_H

#include "heap/sparse/sparse_state.h"

#include <stddef.h>
#include <stdint.h>

/* The bits are of the values below this, 32 to a word (0.6's common gap stays below it to 2^23;
 * a heap whose gap is not has its rare splits marked again). */
#define SPARSE_BITS_VALUES 320
#define SPARSE_BITS_WORDS  (SPARSE_BITS_VALUES / 32)

/* Word w of heap j: bit b says heap j has an option of value 32 * w + b. */
typedef struct sparse_bits {
    _Alignas(64) uint32_t word[SPARSE_BITS_WORDS][SPARSE_BATCH];
} sparse_bits;

/* Whether the bit pass takes a batch's rare marks, and below which value it decides a heap's
 * common gap: 0 (off: no AVX-512 here, or values from 2^9 on), else at most SPARSE_BITS_VALUES.
 * GRUNDY_SPARSE_BITS=off turns it off (the byte pass, for comparison); =N (16 <= N <
 * SPARSE_BITS_VALUES: the tests' way through the heaps that need every mark) lowers the bound. */
unsigned grundy_sparse_bits_limit(const sparse *s, unsigned width);

/* The marks of the 16 heaps n0 + j of g(r) ^ g(base - r + j) for the rare r = pos[i], i in
 * [lo, hi): every other rare position as bytes in seen + j * SPARSE_BATCH_STRIDE (with stamp, every
 * value, as grundy_sparse_batch_rare), the others as heap j's bits (values below
 * SPARSE_BITS_VALUES); every value read must be known. */
void grundy_sparse_bits_rare(sparse_bits *b, sparse_mark *seen, sparse_mark stamp, const void *raw,
                             unsigned width, uint64_t base, const uint64_t *pos,
                             const uint32_t *val, size_t lo, size_t hi);

/* Heap j's bits of the values below limit (grundy_sparse_bits_limit) as marks in
 * seen + j * SPARSE_BATCH_STRIDE (with stamp), for every j. */
void grundy_sparse_bits_store(const sparse_bits *b, sparse_mark *seen, sparse_mark stamp,
                              unsigned limit);

/* Every value v < limit with common[v] is marked: the common gap is limit or above, and the marks
 * the bit pass left out (values from SPARSE_BITS_VALUES on) may decide it. */
int grundy_sparse_bits_short(const sparse_mark *seen, sparse_mark stamp, const uint8_t *common,
                             unsigned limit);

#endif
