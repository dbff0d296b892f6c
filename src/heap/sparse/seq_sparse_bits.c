/* SPDX-License-Identifier: MIT */
/* The batch's rare marks, half of them as bits in vector registers: the byte marks' stores and
 * the bits' vector instructions run on different units, so the two halves overlap.
 *
 * A byte mark is a store, and the batch's 16 stores of a rare position hit 16 tables: about one a
 * cycle on this machine (Zen 4), the floor of the byte pass. A bit mark is no store: a rare
 * position's 16 values are one vector, the heaps' bits below SPARSE_BITS_VALUES ten registers of
 * 16 lanes (word w of lane j: heap j's values 32w .. 32w + 31), and each word takes a compare and
 * a masked or, about as long as the 16 stores (bench_marks: 0.357 against 0.336 ns a mark). Every
 * other rare position each way, the batch marks in about 60% of the time of either.
 *
 * The bits leave out the values from SPARSE_BITS_VALUES on. g(n) is the common gap c or a rare
 * value below it (seq_sparse_heap.c), and nothing reads a mark of a value above c, so every c
 * below a bound L is found the same way from the marks below L alone: if some common v < L is
 * unmarked by every option, c is the first, and the doubts (rare values below c) are as well.
 * Else (grundy_sparse_bits_short) the heap's rare splits are marked again, every value. On 0.6 the
 * common gap stays below 320 (mean 114, most 319 to 2^23: 57% of the marks are above it). */
#include "heap/sparse/sparse_bits.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BITS_HAVE_X86 1
#include <immintrin.h>
#define BITS_TARGET __attribute__((target("avx512f,avx512bw")))
#else
#define BITS_HAVE_X86 0
#endif

/* Values from 2^9 on would leave many heaps' gaps above SPARSE_BITS_VALUES, each marked again. */
#define BITS_MAX_BITS 9

unsigned grundy_sparse_bits_limit(const sparse *s, unsigned width) {
    if (!BITS_HAVE_X86 || s->isa != SPARSE_ISA_AVX512 || width > 2 || s->bits > BITS_MAX_BITS) {
        return 0;
    }
    const char *env = getenv("GRUNDY_SPARSE_BITS");
    if (env == NULL) {
        return SPARSE_BITS_VALUES;
    }
    if (strcmp(env, "off") == 0) {
        return 0;
    }
    const long n = strtol(env, NULL, 10);
    return n >= 16 && n < SPARSE_BITS_VALUES ? (unsigned)n : SPARSE_BITS_VALUES;
}

/* The bits of the 64 values from v on that are below limit. */
static inline uint64_t below(unsigned limit, unsigned v) {
    return v >= limit ? 0 : limit - v >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << (limit - v)) - 1u;
}

#if BITS_HAVE_X86

#define BITS_WORD(w)                                                                               \
    acc##w = _mm512_mask_or_epi32(acc##w, _mm512_cmpeq_epi32_mask(word, _mm512_set1_epi32(w)),     \
                                  acc##w, bit);

/* Rare position i as bits: its 16 heaps' values v in 32-bit lanes, each lane's bit 1 << (v % 32)
 * (a rotation) or'd into word v / 32 (none from v >= SPARSE_BITS_VALUES). */
#define BITS_ONE(load16, i)                                                                        \
    do {                                                                                           \
        const __m512i v = _mm512_xor_si512(load16(base - pos[i]), _mm512_set1_epi32((int)val[i])); \
        const __m512i bit = _mm512_rolv_epi32(one, v);                                             \
        const __m512i word = _mm512_srli_epi32(v, 5);                                              \
        BITS_WORD(0)                                                                               \
        BITS_WORD(1)                                                                               \
        BITS_WORD(2)                                                                               \
        BITS_WORD(3)                                                                               \
        BITS_WORD(4)                                                                               \
        BITS_WORD(5)                                                                               \
        BITS_WORD(6)                                                                               \
        BITS_WORD(7)                                                                               \
        BITS_WORD(8)                                                                               \
        BITS_WORD(9)                                                                               \
    } while (0)

/* Rare position i as byte marks, one store a heap (as grundy_sparse_batch_rare). */
#define BYTE_ONE(T, raw, j)                                                                        \
    seen[(j)*SPARSE_BATCH_STRIDE + (w ^ ((const T *)(raw))[b + (j)])] = stamp;
#define BYTES_4(T, raw, j)                                                                         \
    BYTE_ONE(T, raw, (j) + 0)                                                                      \
    BYTE_ONE(T, raw, (j) + 1)                                                                      \
    BYTE_ONE(T, raw, (j) + 2)                                                                      \
    BYTE_ONE(T, raw, (j) + 3)
#define BYTES_ONE(T, raw, i)                                                                       \
    do {                                                                                           \
        const uint64_t b = base - pos[i], w = val[i];                                              \
        BYTES_4(T, raw, 0)                                                                         \
        BYTES_4(T, raw, 4)                                                                         \
        BYTES_4(T, raw, 8)                                                                         \
        BYTES_4(T, raw, 12)                                                                        \
    } while (0)

/* Rare positions lo, lo + 2, ... as bytes, the others as bits (bench_marks, 0.6: one in two
 * 0.20 ns a mark, one in three 0.25, one in four 0.27; all bytes 0.33). */
#define BITS_RARE(T, raw, load16)                                                                  \
    do {                                                                                           \
        size_t i = lo;                                                                             \
        for (; i + 2 <= hi; i += 2) {                                                              \
            BYTES_ONE(T, raw, i);                                                                  \
            BITS_ONE(load16, i + 1);                                                               \
        }                                                                                          \
        if (i < hi) {                                                                              \
            BYTES_ONE(T, raw, i);                                                                  \
        }                                                                                          \
    } while (0)

#define LOAD_WIDE(b)   _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(r16 + (b))))
#define LOAD_NARROW(b) _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(r8 + (b))))

BITS_TARGET void grundy_sparse_bits_rare(sparse_bits *out, sparse_mark *seen, sparse_mark stamp,
                                         const void *raw, unsigned width, uint64_t base,
                                         const uint64_t *pos, const uint32_t *val, size_t lo,
                                         size_t hi) {
    _Static_assert(SPARSE_BATCH == 16 && SPARSE_BITS_WORDS == 10, "16 heaps, 10 words");
    const __m512i one = _mm512_set1_epi32(1);
    __m512i acc0 = _mm512_load_si512(out->word[0]), acc1 = _mm512_load_si512(out->word[1]);
    __m512i acc2 = _mm512_load_si512(out->word[2]), acc3 = _mm512_load_si512(out->word[3]);
    __m512i acc4 = _mm512_load_si512(out->word[4]), acc5 = _mm512_load_si512(out->word[5]);
    __m512i acc6 = _mm512_load_si512(out->word[6]), acc7 = _mm512_load_si512(out->word[7]);
    __m512i acc8 = _mm512_load_si512(out->word[8]), acc9 = _mm512_load_si512(out->word[9]);
    if (width == 2) {
        const uint16_t *const r16 = raw;
        BITS_RARE(uint16_t, r16, LOAD_WIDE);
    } else {
        const uint8_t *const r8 = raw;
        BITS_RARE(uint8_t, r8, LOAD_NARROW);
    }
    _mm512_store_si512(out->word[0], acc0);
    _mm512_store_si512(out->word[1], acc1);
    _mm512_store_si512(out->word[2], acc2);
    _mm512_store_si512(out->word[3], acc3);
    _mm512_store_si512(out->word[4], acc4);
    _mm512_store_si512(out->word[5], acc5);
    _mm512_store_si512(out->word[6], acc6);
    _mm512_store_si512(out->word[7], acc7);
    _mm512_store_si512(out->word[8], acc8);
    _mm512_store_si512(out->word[9], acc9);
}

/* Heap j's 64 values from 64q as 64 bytes at once: stamp where the bit is set, the rest as it
 * was. */
BITS_TARGET void grundy_sparse_bits_store(const sparse_bits *b, sparse_mark *seen,
                                          sparse_mark stamp, unsigned limit) {
    const __m512i stamps = _mm512_set1_epi8((char)stamp);
    for (size_t j = 0; j < SPARSE_BATCH; j++) {
        sparse_mark *const t = seen + j * SPARSE_BATCH_STRIDE;
        for (size_t q = 0; q < SPARSE_BITS_WORDS / 2; q++) {
            const uint64_t bits =
                ((uint64_t)b->word[2 * q][j] | (uint64_t)b->word[2 * q + 1][j] << 32) &
                below(limit, 64 * (unsigned)q);
            _mm512_mask_storeu_epi8(t + 64 * q, bits, stamps);
        }
    }
}

BITS_TARGET int grundy_sparse_bits_short(const sparse_mark *seen, sparse_mark stamp,
                                         const uint8_t *common, unsigned limit) {
    const __m512i stamps = _mm512_set1_epi8((char)stamp);
    for (unsigned v = 0; v < limit; v += 64) {
        const uint64_t unmarked =
            ~_mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)(seen + v)), stamps);
        const uint64_t is_common = _mm512_test_epi8_mask(
            _mm512_loadu_si512((const void *)(common + v)), _mm512_set1_epi8(1));
        if ((unmarked & is_common & below(limit, v)) != 0) {
            return 0;
        }
    }
    return 1;
}

#else

void grundy_sparse_bits_rare(sparse_bits *b, sparse_mark *seen, sparse_mark stamp, const void *raw,
                             unsigned width, uint64_t base, const uint64_t *pos,
                             const uint32_t *val, size_t lo, size_t hi) {
    for (size_t i = lo; i < hi; i++) {
        const int as_bits = (i - lo) % 2 == 1;
        for (size_t j = 0; j < SPARSE_BATCH; j++) {
            const uint64_t at = base - pos[i] + j;
            const uint64_t v =
                val[i] ^ (width == 2 ? LOAD(uint16_t, raw, at) : LOAD(uint8_t, raw, at));
            if (!as_bits) {
                seen[j * SPARSE_BATCH_STRIDE + v] = stamp;
            } else if (v < SPARSE_BITS_VALUES) {
                b->word[v / 32][j] |= (uint32_t)1 << (v % 32);
            }
        }
    }
}

void grundy_sparse_bits_store(const sparse_bits *b, sparse_mark *seen, sparse_mark stamp,
                              unsigned limit) {
    for (size_t j = 0; j < SPARSE_BATCH; j++) {
        for (unsigned v = 0; v < limit; v++) {
            if ((b->word[v / 32][j] >> (v % 32)) & 1u) {
                seen[j * SPARSE_BATCH_STRIDE + v] = stamp;
            }
        }
    }
}

int grundy_sparse_bits_short(const sparse_mark *seen, sparse_mark stamp, const uint8_t *common,
                             unsigned limit) {
    for (unsigned v = 0; v < limit; v++) {
        if (common[v] && seen[v] != stamp) {
            return 0;
        }
    }
    return 1;
}

#endif
