/* SPDX-License-Identifier: MIT */
/* The sparse engine's doubt test in SSE2 and AVX2: which of a few doubtful values some
 * split m = a + (m - a), a in [a, a + SPARSE_SCAN_BLOCK), gives; with AVX-512, the bitset test for
 * any number of doubts, and the common gap 64 values at a time. The portable SWAR test stays in
 * seq_sparse.c; the instruction set is chosen once per sequence (grundy_sparse_machine_isa). */
#include "heap/sparse/sparse_state.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define SPARSE_HAVE_X86 1
#include <immintrin.h>
#else
#define SPARSE_HAVE_X86 0
#endif

/* The common gap on no instruction set in particular: the reference every other one matches. */
uint64_t grundy_sparse_gap_scalar(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                  doubts *d) {
    uint64_t v = 0;
    for (; v < top; v++) {
        if (h->seen[v] != h->stamp) {
            if (common[v]) {
                break;
            }
            d->v[d->count++] = v;
        }
    }
    return v;
}

#if SPARSE_HAVE_X86

/* Lanes i of the result: g(hi_end - i) for i in [0, 8) (16-bit values), from the 8 values
 * ending at g(hi_end): reversed in three shuffles. */
static __m128i reversed16(const uint16_t *p) {
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
    x = _mm_shuffle_epi32(x, _MM_SHUFFLE(0, 1, 2, 3));
    x = _mm_shufflelo_epi16(x, _MM_SHUFFLE(2, 3, 0, 1));
    return _mm_shufflehi_epi16(x, _MM_SHUFFLE(2, 3, 0, 1));
}

static __m128i reversed8(const uint8_t *p) {
    const __m128i x = reversed16((const uint16_t *)(const void *)p);
    return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
}

/* Bit i: doubt d[i] is g(a') ^ g(m - a') for some a' in the block. Lane i of x[j] pairs g(a + i)
 * with g(m - a - i); a lane equal to the doubt is exact, so the test is exact. */
static inline __attribute__((always_inline)) unsigned find_sse2(const void *raw, const void *high,
                                                                unsigned width, uint64_t m,
                                                                uint64_t a, const uint64_t *d,
                                                                size_t count) {
    __m128i x[SPARSE_SCAN_BLOCK / 8];
    unsigned found = 0;
    if (width == 1) {
        for (size_t j = 0; j < SPARSE_SCAN_BLOCK / 16; j++) {
            const __m128i lo =
                _mm_loadu_si128((const __m128i *)(const void *)RUN(uint8_t, raw, a + 16 * j));
            x[j] = _mm_xor_si128(lo, reversed8(RUN(uint8_t, high, m - a - 16 * j - 15)));
        }
        for (size_t i = 0; i < count; i++) {
            const __m128i t = _mm_set1_epi8((char)d[i]);
            __m128i acc = _mm_cmpeq_epi8(x[0], t);
            for (size_t j = 1; j < SPARSE_SCAN_BLOCK / 16; j++) {
                acc = _mm_or_si128(acc, _mm_cmpeq_epi8(x[j], t));
            }
            found |= (unsigned)(_mm_movemask_epi8(acc) != 0) << i;
        }
        return found;
    }
    for (size_t j = 0; j < SPARSE_SCAN_BLOCK / 8; j++) {
        const __m128i lo =
            _mm_loadu_si128((const __m128i *)(const void *)RUN(uint16_t, raw, a + 8 * j));
        x[j] = _mm_xor_si128(lo, reversed16(RUN(uint16_t, high, m - a - 8 * j - 7)));
    }
    for (size_t i = 0; i < count; i++) {
        const __m128i t = _mm_set1_epi16((short)d[i]);
        __m128i acc = _mm_cmpeq_epi16(x[0], t);
        for (size_t j = 1; j < SPARSE_SCAN_BLOCK / 8; j++) {
            acc = _mm_or_si128(acc, _mm_cmpeq_epi16(x[j], t));
        }
        found |= (unsigned)(_mm_movemask_epi8(acc) != 0) << i;
    }
    return found;
}

/* The same with 32 (16) lanes: a lane-crossing reverse is vpermq then vpshufb within lanes. */
__attribute__((target("avx2"), always_inline)) static inline __m256i reversed_avx2(const void *p,
                                                                                   int bytes) {
    const __m256i x = _mm256_loadu_si256((const __m256i *)p);
    const __m256i swapped = _mm256_permute4x64_epi64(x, _MM_SHUFFLE(1, 0, 3, 2));
    const __m256i rev8 = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15,
                                          14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m256i rev16 = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                           15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    return _mm256_shuffle_epi8(swapped, bytes == 1 ? rev8 : rev16);
}

__attribute__((target("avx2"), always_inline)) static inline unsigned
find_avx2(const void *raw, const void *high, unsigned width, uint64_t m, uint64_t a,
          const uint64_t *d, size_t count) {
    __m256i x[SPARSE_SCAN_BLOCK / 16];
    unsigned found = 0;
    const size_t lanes = width == 1 ? 32 : 16, words = SPARSE_SCAN_BLOCK / lanes;
    for (size_t j = 0; j < words; j++) {
        const void *lo = width == 1 ? (const void *)RUN(uint8_t, raw, a + lanes * j)
                                    : (const void *)RUN(uint16_t, raw, a + lanes * j);
        const void *hi = width == 1 ? (const void *)RUN(uint8_t, high, m - a - lanes * j - 31)
                                    : (const void *)RUN(uint16_t, high, m - a - lanes * j - 15);
        x[j] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)lo),
                                reversed_avx2(hi, (int)width));
    }
    for (size_t i = 0; i < count; i++) {
        const __m256i t =
            width == 1 ? _mm256_set1_epi8((char)d[i]) : _mm256_set1_epi16((short)d[i]);
        __m256i acc = _mm256_setzero_si256();
        for (size_t j = 0; j < words; j++) {
            acc = _mm256_or_si256(acc, width == 1 ? _mm256_cmpeq_epi8(x[j], t)
                                                  : _mm256_cmpeq_epi16(x[j], t));
        }
        found |= (unsigned)(!_mm256_testz_si256(acc, acc)) << i;
    }
    return found;
}

/* Whole blocks of splits from a while a block fits below a_max and a doubt is left: one call
 * for the whole tail of a scan (a call per block cost as much as the test). */
static uint64_t scan_sse2(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max, doubts *d) {
    while (a_max - a >= SPARSE_SCAN_BLOCK - 1 && d->count > 0) {
        grundy_sparse_drop_found(
            d, find_sse2(h->raw, grundy_sparse_high(h), h->width, m - h->first, a, d->v, d->count));
        a += SPARSE_SCAN_BLOCK;
        if (a > a_max) {
            break;
        }
    }
    return a;
}

__attribute__((target("avx2"))) static uint64_t scan_avx2(const heap_ctx *h, uint64_t m, uint64_t a,
                                                          uint64_t a_max, doubts *d) {
    while (a_max - a >= SPARSE_SCAN_BLOCK - 1 && d->count > 0) {
        grundy_sparse_drop_found(
            d, find_avx2(h->raw, grundy_sparse_high(h), h->width, m - h->first, a, d->v, d->count));
        a += SPARSE_SCAN_BLOCK;
        if (a > a_max) {
            break;
        }
    }
    return a;
}

/* The doubts as a set of bits, looked up a vector of splits at a time (AVX-512 VBMI): where the
 * test above costs a compare per doubt and marking a store per split, this costs the same few
 * instructions per 32 or 64 splits whatever the number of doubts, so it takes every doubt from
 * the first split on (0.6: about 57 a heap). Byte i of the table holds the doubts 8i .. 8i + 7;
 * vpermb looks up 64 lanes at once by the low 6 bits of x >> 3, and a lane hits when its bit
 * 1 << (x & 7) is set. Exact: a lane hits only for an x that is a doubt (16-bit lanes only where
 * every value, so every xor, is below SPARSE_BITSET_VALUES: the doubts as a table or a bitset
 * (SPARSE_ISA_AVX512); 8-bit lanes are below 256, and the table's two halves are equal, so the bit
 * that x >> 3 borrows from the next byte does not matter).
 *
 * No branch per block: the values of the lanes that hit are appended to a buffer (vpcompress,
 * AVX-512 VBMI2), and every BITSET_GROUP blocks their bits are cleared and the table reloaded.
 * A doubt hit again before that is cleared twice, which is harmless; the scan may run up to a
 * group past the split that settled the last doubt (0.6 to 2^20: 74 lanes hit a heap in 17 of its
 * 43 blocks, so a branch per block and per lane mispredicted about as often as not). */
#define BITSET_BYTES (SPARSE_BITSET_VALUES / 8)
#define BITSET_GROUP 4

#define BITSET_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi,avx512vbmi2")))

/* Value v's bit in the table (and in its upper half's copy when copy is 32). */
BITSET_TARGET static inline __attribute__((always_inline)) __m512i bitset_one(unsigned v,
                                                                              unsigned copy) {
    const uint64_t bytes =
        (1ull << (v >> 3)) | ((uint64_t)(copy != 0) << (((v >> 3) + copy) & 63u));
    return _mm512_maskz_set1_epi8((__mmask64)bytes, (char)(1u << (v & 7u)));
}

/* The 16-bit lanes of one block that hit: 32 splits from a' = a (lo) and m - a' (hi). */
BITSET_TARGET static inline __attribute__((always_inline)) uint16_t *
bitset_block16(const void *raw, const void *high, uint64_t m, uint64_t a, __m512i table,
               __m512i reverse, uint16_t *out) {
    const __m512i lo = _mm512_loadu_si512((const void *)RUN(uint16_t, raw, a));
    const __m512i hi = _mm512_loadu_si512((const void *)RUN(uint16_t, high, m - a - 31));
    const __m512i x = _mm512_xor_si512(lo, _mm512_permutexvar_epi8(reverse, hi));
    const __m512i row =
        _mm512_maskz_permutexvar_epi8(0x5555555555555555u, _mm512_srli_epi16(x, 3), table);
    const __m512i bit =
        _mm512_sllv_epi16(_mm512_set1_epi16(1), _mm512_and_si512(x, _mm512_set1_epi16(7)));
    const __mmask32 k = _mm512_test_epi16_mask(row, bit);
    _mm512_storeu_si512((void *)out, _mm512_maskz_compress_epi16(k, x));
    return out + __builtin_popcount((unsigned)k);
}

/* Byte i: 1 << (i & 7); the byte permutations that reverse 64 bytes and 32 words. */
static const uint8_t bitset_bits[64] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
                                        1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
                                        1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128,
                                        1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
static const uint8_t bitset_rev8[64] = {
    63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42,
    41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20,
    19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2,  1,  0};
static const uint8_t bitset_rev16[64] = {
    62, 63, 60, 61, 58, 59, 56, 57, 54, 55, 52, 53, 50, 51, 48, 49, 46, 47, 44, 45, 42, 43,
    40, 41, 38, 39, 36, 37, 34, 35, 32, 33, 30, 31, 28, 29, 26, 27, 24, 25, 22, 23, 20, 21,
    18, 19, 16, 17, 14, 15, 12, 13, 10, 11, 8,  9,  6,  7,  4,  5,  2,  3,  0,  1};

BITSET_TARGET static __m512i bitset_of(const doubts *d, unsigned copy) {
    __m512i table = _mm512_setzero_si512();
    for (size_t i = 0; i < d->count; i++) {
        table = _mm512_or_si512(table, bitset_one((unsigned)d->v[i], copy));
    }
    return table;
}

/* Keep the doubts still in the table, in order. */
BITSET_TARGET static void bitset_keep(doubts *d, __m512i table) {
    uint8_t tbl[BITSET_BYTES];
    _mm512_storeu_si512((void *)tbl, table);
    size_t kept = 0;
    for (size_t i = 0; i < d->count; i++) {
        const uint64_t v = d->v[i];
        d->v[kept] = v;
        kept += ((unsigned)tbl[v >> 3] >> (v & 7u)) & 1u;
    }
    d->count = kept;
}

/* The scan by groups of 1, 2, then BITSET_GROUP blocks (the first blocks hit most, and a stale
 * table there repeats many lanes); BLOCK appends a block's hits at out. */
#define BITSET_SCAN(T, copy, BLOCK)                                                                \
    do {                                                                                           \
        T buf[BITSET_GROUP * SPARSE_SCAN_BLOCK + 64]; /* and a whole vector's store past */        \
        for (unsigned group = 1; a + SPARSE_SCAN_BLOCK - 1 <= a_max;                               \
             group = group < BITSET_GROUP ? 2 * group : BITSET_GROUP) {                            \
            T *out = buf;                                                                          \
            for (unsigned g = 0; g < group && a + SPARSE_SCAN_BLOCK - 1 <= a_max; g++) {           \
                BLOCK;                                                                             \
                a += SPARSE_SCAN_BLOCK;                                                            \
            }                                                                                      \
            for (const T *p = buf; p < out; p++) {                                                 \
                table = _mm512_andnot_si512(bitset_one(*p, copy), table);                          \
            }                                                                                      \
            if (_mm512_test_epi64_mask(table, table) == 0) {                                       \
                break;                                                                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

/* 8-bit values: 64 splits a vector, the doubts (< 256) in both halves of the table. */
BITSET_TARGET static uint64_t scan_bitset8(const heap_ctx *h, uint64_t m, uint64_t a,
                                           uint64_t a_max, doubts *d) {
    __m512i table = bitset_of(d, 32);
    const __m512i bitconst = _mm512_loadu_si512((const void *)bitset_bits);
    const __m512i reverse = _mm512_loadu_si512((const void *)bitset_rev8);
    BITSET_SCAN(uint8_t, 32, {
        const __m512i lo = _mm512_loadu_si512((const void *)RUN(uint8_t, h->raw, a));
        const __m512i hi = _mm512_loadu_si512(
            (const void *)RUN(uint8_t, grundy_sparse_high(h), m - h->first - a - 63));
        const __m512i x = _mm512_xor_si512(lo, _mm512_permutexvar_epi8(reverse, hi));
        const __m512i row = _mm512_permutexvar_epi8(_mm512_srli_epi16(x, 3), table);
        const __mmask64 k = _mm512_test_epi8_mask(row, _mm512_permutexvar_epi8(x, bitconst));
        _mm512_storeu_si512((void *)out, _mm512_maskz_compress_epi8(k, x));
        out += __builtin_popcountll(k);
    });
    bitset_keep(d, table);
    return a;
}

/* 16-bit values below SPARSE_BITSET_VALUES: 32 splits a vector. */
BITSET_TARGET static uint64_t scan_bitset16(const heap_ctx *h, uint64_t m, uint64_t a,
                                            uint64_t a_max, doubts *d) {
    __m512i table = bitset_of(d, 0);
    const __m512i reverse = _mm512_loadu_si512((const void *)bitset_rev16);
    BITSET_SCAN(uint16_t, 0, {
        out = bitset_block16(h->raw, grundy_sparse_high(h), m - h->first, a, table, reverse, out);
        out = bitset_block16(h->raw, grundy_sparse_high(h), m - h->first, a + 32, table, reverse,
                             out);
    });
    bitset_keep(d, table);
    return a;
}

/* One 64-value chunk of the doubt table from value v (bit i of unmarked, is_common for v + i):
 * its word, the unmarked rare values below the chunk's first unmarked common one, counted in *n;
 * 1 with *gap set when there is one (the AVX-512 and AVX2 tables share it). */
static inline __attribute__((always_inline)) int table_chunk(uint64_t *table, size_t *n, uint64_t v,
                                                             uint64_t unmarked, uint64_t is_common,
                                                             uint64_t *gap) {
    const uint64_t stop = unmarked & is_common;
    uint64_t rare = unmarked & ~is_common;
    if (stop != 0) {
        rare &= (stop & (0 - stop)) - 1u; /* the rare ones below the gap */
    }
    table[v / 64] = rare;
    *n += (size_t)__builtin_popcountll(rare);
    if (stop != 0) {
        *gap = v + (unsigned)__builtin_ctzll(stop);
        return 1;
    }
    return 0;
}

/* The doubts as a table from the start (SPARSE_DOUBTS_TABLE on SPARSE_ISA_AVX512, 16-bit values):
 * the common gap writes the unmarked rare values below it straight into the table's words (its
 * 64-value chunks are the table's qwords), so no doubt is listed, set or kept one by one; the list
 * is made only when a doubt outlives the scan (rare: 0.6 settles its heaps in the first take's
 * splits). And no compress per block: the blocks' lanes and hit masks go to a buffer, and only a
 * group with a hit looks at them (after the first groups almost none hits: 36 lanes a heap in 0.6,
 * most in the first 4 blocks), so a block costs two vpermb and one test into a mask on port 5 where
 * the compress cost two more. */
BITSET_TARGET static uint64_t gap_table(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                        uint64_t *table, size_t *count) {
    size_t n = 0;
    uint64_t gap = top;
    const __m512i stamp = _mm512_set1_epi8((char)h->stamp);
    for (uint64_t v = 0; v < top; v += 64) {
        const __m512i seen = _mm512_loadu_si512((const void *)(h->seen + v));
        const __m512i com = _mm512_loadu_si512((const void *)(common + v));
        const uint64_t unmarked = ~(uint64_t)_mm512_cmpeq_epi8_mask(seen, stamp);
        if (table_chunk(table, &n, v, unmarked, _mm512_test_epi8_mask(com, com), &gap)) {
            break;
        }
    }
    *count = n;
    return gap;
}

/* The lanes of one block of 32 splits from a' = a, and the mask of those whose bit is set. */
BITSET_TARGET static inline __attribute__((always_inline)) __mmask32
table_block16(const void *raw, const void *high, uint64_t m, uint64_t a, __m512i table,
              __m512i reverse, __m512i *lanes) {
    const __m512i lo = _mm512_loadu_si512((const void *)RUN(uint16_t, raw, a));
    const __m512i hi = _mm512_loadu_si512((const void *)RUN(uint16_t, high, m - a - 31));
    const __m512i x = _mm512_xor_si512(lo, _mm512_permutexvar_epi8(reverse, hi));
    const __m512i row =
        _mm512_maskz_permutexvar_epi8(0x5555555555555555u, _mm512_srli_epi16(x, 3), table);
    const __m512i bit =
        _mm512_sllv_epi16(_mm512_set1_epi16(1), _mm512_and_si512(x, _mm512_set1_epi16(7)));
    *lanes = x;
    return _mm512_test_epi16_mask(row, bit);
}

/* Row r: byte 64 is 1 << r, the rest 0; the 64 bytes from row x & 7's byte 64 - (x >> 3) are
 * value x's bit in a table (x < 512): a load, where bitset_one costs a kmov and a broadcast on
 * port 5 (the clears were a third of the scan). */
static const uint8_t table_rows[8][128] = {[0][64] = 1,  [1][64] = 2,  [2][64] = 4,  [3][64] = 8,
                                           [4][64] = 16, [5][64] = 32, [6][64] = 64, [7][64] = 128};

BITSET_TARGET static inline __attribute__((always_inline)) __m512i table_one(unsigned x) {
    return _mm512_loadu_si512((const void *)&table_rows[x & 7u][64 - (x >> 3)]);
}

#define TABLE_VECTORS (2 * BITSET_GROUP) /* 32-split vectors a group at most */

BITSET_TARGET static uint64_t scan_table16(const heap_ctx *h, uint64_t m, uint64_t a,
                                           uint64_t a_max, uint64_t *words) {
    __m512i table = _mm512_loadu_si512((const void *)words);
    const __m512i reverse = _mm512_loadu_si512((const void *)bitset_rev16);
    uint16_t lanes[TABLE_VECTORS][32];
    uint32_t hit[TABLE_VECTORS];
    uint16_t buf[TABLE_VECTORS * 32 + 32]; /* and a whole vector's store past, or 8 copies */
    for (unsigned group = 1; a + SPARSE_SCAN_BLOCK - 1 <= a_max;
         group = group < BITSET_GROUP ? 2 * group : BITSET_GROUP) {
        unsigned vectors = 0;
        uint32_t any = 0;
        for (unsigned g = 0; g < group && a + SPARSE_SCAN_BLOCK - 1 <= a_max; g++) {
            for (unsigned half = 0; half < 2; half++) {
                __m512i x;
                hit[vectors] = table_block16(h->raw, grundy_sparse_high(h), m - h->first,
                                             a + 32 * half, table, reverse, &x);
                _mm512_storeu_si512((void *)lanes[vectors], x);
                any |= hit[vectors++];
            }
            a += SPARSE_SCAN_BLOCK;
        }
        if (any == 0) {
            continue;
        }
        uint16_t *out = buf;
        for (unsigned v = 0; v < vectors; v++) {
            const __m512i x = _mm512_loadu_si512((const void *)lanes[v]);
            _mm512_storeu_si512((void *)out, _mm512_maskz_compress_epi16(hit[v], x));
            out += __builtin_popcount(hit[v]);
        }
        /* Eight at a time past copies of the first: one round for most groups (a loop per hit
         * mispredicted its exit at most groups). */
        _mm_storeu_si128((__m128i *)(void *)out, _mm_set1_epi16((short)buf[0]));
        for (const uint16_t *p = buf; p < out; p += 8) {
            for (unsigned i = 0; i < 8; i++) {
                table = _mm512_andnot_si512(table_one(p[i]), table);
            }
        }
        if (_mm512_test_epi64_mask(table, table) == 0) {
            break;
        }
    }
    _mm512_storeu_si512((void *)words, table);
    return a;
}

/* One chunk of the common gap from value v: bit i of unmarked (is_common) for v + i. The unmarked
 * rare values below the chunk's first unmarked common one are appended to d; 1 with *gap set when
 * there is one. */
static inline int gap_chunk(doubts *d, uint64_t v, uint64_t unmarked, uint64_t is_common,
                            uint64_t *gap) {
    const uint64_t stop = unmarked & is_common;
    uint64_t rare = unmarked & ~is_common;
    if (stop != 0) {
        rare &= (stop & (0 - stop)) - 1u; /* the rare ones below the gap */
    }
    while (rare != 0) {
        d->v[d->count++] = v + (unsigned)__builtin_ctzll(rare);
        rare &= rare - 1u;
    }
    if (stop != 0) {
        *gap = v + (unsigned)__builtin_ctzll(stop);
        return 1;
    }
    return 0;
}

/* The common gap 64 values at a time (the same as grundy_sparse_gap_simd's SSE2 loop below). */
BITSET_TARGET static uint64_t gap_avx512(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                         doubts *d) {
    const __m512i stamp = _mm512_set1_epi8((char)h->stamp);
    for (uint64_t v = 0; v < top; v += 64) {
        const __m512i seen = _mm512_loadu_si512((const void *)(h->seen + v));
        const __m512i com = _mm512_loadu_si512((const void *)(common + v));
        const uint64_t unmarked = ~(uint64_t)_mm512_cmpeq_epi8_mask(seen, stamp);
        const uint64_t is_common = _mm512_test_epi8_mask(com, com);
        if (gap_chunk(d, v, unmarked, is_common, &top)) {
            break;
        }
    }
    return top;
}

/* The doubt table with AVX2 (SPARSE_DOUBTS_TABLE on SPARSE_ISA_AVX2, 16-bit values below
 * SPARSE_BITSET_VALUES): gap_table's chunks by two 32-byte compares each, and 16 splits a vector
 * where AVX-512 tests
 * 32. The 64-byte table is four 16-byte quarters, each in both lanes; vpshufb looks up byte
 * (x >> 3) & 15 of every quarter, and two blends pick the quarter by bits 4 and 5 of x >> 3,
 * which are bits 7 and 8 of x: bit 7 of x's low byte already, bit 8 after a shift by 1. The bit
 * 1 << (x & 7) is one more vpshufb. Only the low byte of each 16-bit lane means anything (its
 * high byte looks up byte 0), so the hit mask keeps the even bits of the movemask. Exact as the
 * AVX-512 table: a lane hits only for an x that is in the table. */
#define AVX2_TARGET __attribute__((target("avx2")))

AVX2_TARGET static uint64_t gap_table_avx2(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                           uint64_t *table, size_t *count) {
    size_t n = 0;
    uint64_t gap = top;
    const __m256i stamp = _mm256_set1_epi8((char)h->stamp), zero = _mm256_setzero_si256();
    for (uint64_t v = 0; v < top; v += 64) {
        const __m256i s0 = _mm256_loadu_si256((const __m256i *)(const void *)(h->seen + v));
        const __m256i s1 = _mm256_loadu_si256((const __m256i *)(const void *)(h->seen + v + 32));
        const __m256i c0 = _mm256_loadu_si256((const __m256i *)(const void *)(common + v));
        const __m256i c1 = _mm256_loadu_si256((const __m256i *)(const void *)(common + v + 32));
        const uint64_t marked =
            (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(s0, stamp)) |
            (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(s1, stamp)) << 32;
        const uint64_t rare_class =
            (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c0, zero)) |
            (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(c1, zero)) << 32;
        if (table_chunk(table, &n, v, ~marked, ~rare_class, &gap)) {
            break;
        }
    }
    *count = n;
    return gap;
}

/* The table's quarters, each broadcast to both lanes. */
AVX2_TARGET static inline __attribute__((always_inline)) void table_quarters(const uint64_t *words,
                                                                             __m256i q[4]) {
    for (unsigned k = 0; k < 4; k++) {
        q[k] = _mm256_broadcastsi128_si256(
            _mm_loadu_si128((const __m128i *)(const void *)(words + 2 * k)));
    }
}

/* The lanes of 16 splits from a' = a, and the even bits (2i for lane i) of those that hit. */
AVX2_TARGET static inline __attribute__((always_inline)) uint32_t
table_vector_avx2(const void *raw, const void *high, uint64_t m, uint64_t a, const __m256i q[4],
                  __m256i *lanes) {
    const __m256i rev16 = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14,
                                           15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    const __m256i bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                          2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)RUN(uint16_t, raw, a));
    const __m256i hi =
        _mm256_loadu_si256((const __m256i *)(const void *)RUN(uint16_t, high, m - a - 15));
    const __m256i x = _mm256_xor_si256(
        lo, _mm256_shuffle_epi8(_mm256_permute4x64_epi64(hi, _MM_SHUFFLE(1, 0, 3, 2)), rev16));
    const __m256i idx = _mm256_srli_epi16(x, 3);
    const __m256i r01 =
        _mm256_blendv_epi8(_mm256_shuffle_epi8(q[0], idx), _mm256_shuffle_epi8(q[1], idx), x);
    const __m256i r23 =
        _mm256_blendv_epi8(_mm256_shuffle_epi8(q[2], idx), _mm256_shuffle_epi8(q[3], idx), x);
    const __m256i row = _mm256_blendv_epi8(r01, r23, _mm256_srli_epi16(x, 1));
    const __m256i bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(x, _mm256_set1_epi16(7)));
    const __m256i miss = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
    *lanes = x;
    return ~(uint32_t)_mm256_movemask_epi8(miss) & 0x55555555u;
}

#define TABLE2_VECTORS (4 * BITSET_GROUP) /* 16-split vectors a group at most */

/* scan_table16's groups of 1, 2, then BITSET_GROUP blocks: a block costs four vectors and a
 * store of their lanes; a group with a hit clears its lanes' bits one by one and reloads the
 * quarters. Unlike AVX-512's (36 lanes a heap, most in the first blocks), most groups hit here:
 * 0.6 to 2^20 scans 186 vectors a heap in 12.9 groups, 9.0 of them with a hit, 94 lanes in 41
 * vectors (a branchless copy of every lane of a group that hit was 25% slower than this). */
AVX2_TARGET static uint64_t scan_table_avx2(const heap_ctx *h, uint64_t m, uint64_t a,
                                            uint64_t a_max, uint64_t *words) {
    __m256i q[4];
    table_quarters(words, q);
    uint16_t lanes[TABLE2_VECTORS][16];
    uint32_t hit[TABLE2_VECTORS];
    for (unsigned group = 1; a + SPARSE_SCAN_BLOCK - 1 <= a_max;
         group = group < BITSET_GROUP ? 2 * group : BITSET_GROUP) {
        unsigned vectors = 0;
        uint32_t any = 0;
        for (unsigned g = 0; g < group && a + SPARSE_SCAN_BLOCK - 1 <= a_max; g++) {
            for (unsigned k = 0; k < SPARSE_SCAN_BLOCK / 16; k++) {
                __m256i x;
                hit[vectors] = table_vector_avx2(h->raw, grundy_sparse_high(h), m - h->first,
                                                 a + 16 * k, q, &x);
                _mm256_storeu_si256((__m256i *)(void *)lanes[vectors], x);
                any |= hit[vectors++];
            }
            a += SPARSE_SCAN_BLOCK;
        }
        if (any == 0) {
            continue;
        }
        for (unsigned v = 0; v < vectors; v++) {
            for (uint32_t k = hit[v]; k != 0; k &= k - 1u) {
                const unsigned x = lanes[v][__builtin_ctz(k) / 2];
                words[x / 64] &= ~((uint64_t)1 << (x % 64));
            }
        }
        uint64_t left = 0;
        for (size_t w = 0; w < SPARSE_TABLE_WORDS; w++) {
            left |= words[w];
        }
        if (left == 0) {
            break;
        }
        table_quarters(words, q);
    }
    return a;
}

#endif

uint64_t grundy_sparse_gap_simd(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d) {
#if SPARSE_HAVE_X86
    if (h->isa == SPARSE_ISA_AVX512 && top >= 64) {
        return gap_avx512(h, common, top, d);
    }
    const __m128i stamp = _mm_set1_epi8((char)h->stamp), zero = _mm_setzero_si128();
    for (uint64_t v = 0; v < top; v += 16) {
        const __m128i seen = _mm_loadu_si128((const __m128i *)(const void *)(h->seen + v));
        const __m128i com = _mm_loadu_si128((const __m128i *)(const void *)(common + v));
        const unsigned unmarked =
            ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(seen, stamp)) & 0xFFFFu;
        const unsigned is_common =
            ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(com, zero)) & 0xFFFFu;
        if (gap_chunk(d, v, unmarked, is_common, &top)) {
            break;
        }
    }
    return top;
#else
    return grundy_sparse_gap_scalar(h, common, top, d);
#endif
}

sparse_isa grundy_sparse_machine_isa(void) {
    sparse_isa isa = SPARSE_ISA_SCALAR;
#if SPARSE_HAVE_X86
    isa = SPARSE_ISA_SSE2;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        isa = SPARSE_ISA_AVX2;
    }
    if (isa == SPARSE_ISA_AVX2 && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("avx512vbmi2")) {
        isa = SPARSE_ISA_AVX512;
    }
#endif
    /* GRUNDY_SPARSE_SIMD=portable|sse2|avx2 lowers it (tests and benchmarks of each). */
    const char *env = getenv("GRUNDY_SPARSE_SIMD");
    if (env != NULL && (strcmp(env, "portable") == 0 || strcmp(env, "scalar") == 0)) {
        isa = SPARSE_ISA_SCALAR;
    } else if (env != NULL && strcmp(env, "sse2") == 0 && isa > SPARSE_ISA_SSE2) {
        isa = SPARSE_ISA_SSE2;
    } else if (env != NULL && strcmp(env, "avx2") == 0 && isa > SPARSE_ISA_AVX2) {
        isa = SPARSE_ISA_AVX2;
    }
    return isa;
}

sparse_doubts grundy_sparse_doubts_cap(void) {
    const char *env = getenv("GRUNDY_SPARSE_DOUBTS");
    if (env != NULL && strcmp(env, "list") == 0) {
        return SPARSE_DOUBTS_LIST;
    }
    if (env != NULL && strcmp(env, "bitset") == 0) {
        return SPARSE_DOUBTS_BITSET;
    }
    return SPARSE_DOUBTS_TABLE;
}

const char *grundy_sparse_isa_name(sparse_isa isa) {
    static const char *const names[SPARSE_ISA_COUNT] = {"scalar", "sse2", "avx2", "avx512"};
    return isa < SPARSE_ISA_COUNT ? names[isa] : "?";
}

const char *grundy_sparse_doubts_name(sparse_doubts test) {
    static const char *const names[SPARSE_DOUBTS_COUNT] = {"list", "bitset", "table"};
    return test < SPARSE_DOUBTS_COUNT ? names[test] : "?";
}

uint64_t grundy_sparse_scan_simd(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                 doubts *d) {
#if SPARSE_HAVE_X86
    if (h->isa >= SPARSE_ISA_AVX2) {
        return scan_avx2(h, m, a, a_max, d);
    }
    return scan_sse2(h, m, a, a_max, d);
#else
    (void)h;
    (void)m;
    (void)a_max;
    (void)d;
    return a;
#endif
}

uint64_t grundy_sparse_gap_table(const heap_ctx *h, const uint8_t *common, uint64_t top,
                                 uint64_t *table, size_t *count) {
#if SPARSE_HAVE_X86
    if (h->isa == SPARSE_ISA_AVX2) {
        return gap_table_avx2(h, common, top, table, count);
    }
    return gap_table(h, common, top, table, count);
#else
    (void)h;
    (void)common;
    (void)table;
    *count = 0;
    return top; /* never: grundy_sparse_table_fits needs x86 */
#endif
}

uint64_t grundy_sparse_scan_table(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                  uint64_t *table) {
#if SPARSE_HAVE_X86
    if (h->isa == SPARSE_ISA_AVX2) {
        return scan_table_avx2(h, m, a, a_max, table);
    }
    return scan_table16(h, m, a, a_max, table);
#else
    (void)h;
    (void)m;
    (void)a_max;
    (void)table;
    return a;
#endif
}

uint64_t grundy_sparse_scan_bitset(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                   doubts *d) {
#if SPARSE_HAVE_X86
    return h->width == 1 ? scan_bitset8(h, m, a, a_max, d) : scan_bitset16(h, m, a, a_max, d);
#else
    (void)h;
    (void)m;
    (void)a_max;
    (void)d;
    return a; /* never: grundy_sparse_bitset_fits needs SPARSE_ISA_AVX512 */
#endif
}

#if SPARSE_HAVE_X86
/* The 8-bit pipeline's checker's test of 64 splits at once (sparse_state.h): m_at is m counted
 * from large's first value. */
__attribute__((target("avx2"))) void grundy_sparse_drop_found64(const uint8_t *small,
                                                                const uint8_t *large, uint64_t m_at,
                                                                uint64_t a, uint64_t *lo,
                                                                uint64_t *hi) {
    const __m256i x0 =
        _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(const void *)RUN(uint8_t, small, a)),
                         reversed_avx2(RUN(uint8_t, large, m_at - a - 31), 1));
    const __m256i x1 = _mm256_xor_si256(
        _mm256_loadu_si256((const __m256i *)(const void *)RUN(uint8_t, small, a + 32)),
        reversed_avx2(RUN(uint8_t, large, m_at - a - 63), 1));
    for (int w = 0; w < 2; w++) {
        uint64_t left = w == 0 ? *lo : *hi, kept = left;
        while (left != 0) {
            const unsigned v = (unsigned)__builtin_ctzll(left) + 64u * (unsigned)w;
            const __m256i t = _mm256_set1_epi8((char)v);
            const __m256i eq = _mm256_or_si256(_mm256_cmpeq_epi8(x0, t), _mm256_cmpeq_epi8(x1, t));
            kept &= ~((uint64_t)!_mm256_testz_si256(eq, eq) << (v & 63)); /* no branch */
            left &= left - 1;
        }
        *(w == 0 ? lo : hi) = kept;
    }
}
#endif
