/* SPDX-License-Identifier: MIT */
/* A heap's marks of values below SPARSE_BITSET_VALUES as a set of bits, read from a stamp table
 * and set in another (library-internal): how the 16-bit pipeline's checker hands the marks it
 * made for the guesser across cores, 64 bytes a heap where the stamp table is 512. */
#ifndef GRUNDY_HEAP_SPARSE_MARK_BITS_H
#define GRUNDY_HEAP_SPARSE_MARK_BITS_H

#include "heap/sparse/sparse_state.h"

#include <stdint.h>

/* The words of bits that values below top (at most SPARSE_BITSET_VALUES) take. */
static inline uint64_t grundy_sparse_bit_words(uint64_t top) {
    return (top + 63) / 64;
}

/* Bit v % 64 of bits[v / 64] set exactly where seen[v] == stamp, for v below top rounded up to
 * 64 (seen holds that many); AVX-512 (BW) where isa has it. */
void grundy_sparse_marks_to_bits(const sparse_mark *seen, sparse_mark stamp, uint64_t top,
                                 sparse_isa isa, uint64_t *bits);

/* seen[v] = stamp for every bit v set in bits (v below top rounded up to 64); the other marks
 * stay. */
void grundy_sparse_bits_to_marks(const uint64_t *bits, uint64_t top, sparse_isa isa,
                                 sparse_mark *seen, sparse_mark stamp);

#endif
