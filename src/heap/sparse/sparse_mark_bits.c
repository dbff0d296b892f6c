/* SPDX-License-Identifier: MIT */
/* A heap's marks as a set of bits and back (sparse_mark_bits.h): a compare and a masked store
 * per 64 values on AVX-512, a bit at a time elsewhere. */
#include "heap/sparse/sparse_mark_bits.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MARK_BITS_HAVE_X86 1
#include <immintrin.h>
#define MARK_BITS_TARGET __attribute__((target("avx512f,avx512bw")))
#else
#define MARK_BITS_HAVE_X86 0
#endif

#if MARK_BITS_HAVE_X86
MARK_BITS_TARGET static void to_bits_avx512(const sparse_mark *seen, sparse_mark stamp,
                                            uint64_t words, uint64_t *bits) {
    const __m512i s = _mm512_set1_epi8((char)stamp);
    for (uint64_t w = 0; w < words; w++) {
        bits[w] = _mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)(seen + 64 * w)), s);
    }
}

MARK_BITS_TARGET static void to_marks_avx512(const uint64_t *bits, uint64_t words,
                                             sparse_mark *seen, sparse_mark stamp) {
    const __m512i s = _mm512_set1_epi8((char)stamp);
    for (uint64_t w = 0; w < words; w++) {
        _mm512_mask_storeu_epi8((void *)(seen + 64 * w), bits[w], s);
    }
}
#endif

void grundy_sparse_marks_to_bits(const sparse_mark *seen, sparse_mark stamp, uint64_t top,
                                 sparse_isa isa, uint64_t *bits) {
    const uint64_t words = grundy_sparse_bit_words(top);
#if MARK_BITS_HAVE_X86
    if (isa == SPARSE_ISA_AVX512) {
        to_bits_avx512(seen, stamp, words, bits);
        return;
    }
#else
    (void)isa;
#endif
    for (uint64_t w = 0; w < words; w++) {
        uint64_t word = 0;
        for (unsigned b = 0; b < 64; b++) {
            word |= (uint64_t)(seen[64 * w + b] == stamp) << b;
        }
        bits[w] = word;
    }
}

void grundy_sparse_bits_to_marks(const uint64_t *bits, uint64_t top, sparse_isa isa,
                                 sparse_mark *seen, sparse_mark stamp) {
    const uint64_t words = grundy_sparse_bit_words(top);
#if MARK_BITS_HAVE_X86
    if (isa == SPARSE_ISA_AVX512) {
        to_marks_avx512(bits, words, seen, stamp);
        return;
    }
#else
    (void)isa;
#endif
    for (uint64_t w = 0; w < words; w++) {
        for (uint64_t x = bits[w]; x != 0; x &= x - 1u) {
            seen[64 * w + (unsigned)__builtin_ctzll(x)] = stamp;
        }
    }
}
