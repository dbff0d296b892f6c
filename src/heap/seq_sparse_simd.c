/* SPDX-License-Identifier: MIT */
/* The sparse engine's doubt test in SSE2 and AVX2 (issue 12): which of a few doubtful values some
 * split m = a + (m - a), a in [a, a + SPARSE_SCAN_BLOCK), gives. The portable SWAR test stays in
 * seq_sparse.c; the level is chosen once per sequence (grundy_sparse_simd_level). */
#include "seq_sparse_internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#define SPARSE_HAVE_X86 1
#include <immintrin.h>
#else
#define SPARSE_HAVE_X86 0
#endif

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
static inline __attribute__((always_inline)) unsigned find_sse2(const void *raw, unsigned width,
                                                                uint64_t m, uint64_t a,
                                                                const uint64_t *d, size_t count) {
    __m128i x[SPARSE_SCAN_BLOCK / 8];
    unsigned found = 0;
    if (width == 1) {
        for (size_t j = 0; j < SPARSE_SCAN_BLOCK / 16; j++) {
            const __m128i lo =
                _mm_loadu_si128((const __m128i *)(const void *)RUN(uint8_t, raw, a + 16 * j));
            x[j] = _mm_xor_si128(lo, reversed8(RUN(uint8_t, raw, m - a - 16 * j - 15)));
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
        x[j] = _mm_xor_si128(lo, reversed16(RUN(uint16_t, raw, m - a - 8 * j - 7)));
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
find_avx2(const void *raw, unsigned width, uint64_t m, uint64_t a, const uint64_t *d,
          size_t count) {
    __m256i x[SPARSE_SCAN_BLOCK / 16];
    unsigned found = 0;
    const size_t lanes = width == 1 ? 32 : 16, words = SPARSE_SCAN_BLOCK / lanes;
    for (size_t j = 0; j < words; j++) {
        const void *lo = width == 1 ? (const void *)RUN(uint8_t, raw, a + lanes * j)
                                    : (const void *)RUN(uint16_t, raw, a + lanes * j);
        const void *hi = width == 1 ? (const void *)RUN(uint8_t, raw, m - a - lanes * j - 31)
                                    : (const void *)RUN(uint16_t, raw, m - a - lanes * j - 15);
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
        grundy_sparse_drop_found(d, find_sse2(h->raw, h->width, m, a, d->v, d->count));
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
        grundy_sparse_drop_found(d, find_avx2(h->raw, h->width, m, a, d->v, d->count));
        a += SPARSE_SCAN_BLOCK;
        if (a > a_max) {
            break;
        }
    }
    return a;
}

#endif

uint64_t grundy_sparse_gap_simd(const heap_ctx *h, const uint8_t *common, uint64_t top, doubts *d) {
#if SPARSE_HAVE_X86
    const __m128i stamp = _mm_set1_epi8((char)h->stamp), zero = _mm_setzero_si128();
    for (uint64_t v = 0; v < top; v += 16) {
        const __m128i seen = _mm_loadu_si128((const __m128i *)(const void *)(h->seen + v));
        const __m128i com = _mm_loadu_si128((const __m128i *)(const void *)(common + v));
        const unsigned unmarked =
            ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(seen, stamp)) & 0xFFFFu;
        const unsigned is_common =
            ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(com, zero)) & 0xFFFFu;
        const unsigned stop = unmarked & is_common;
        unsigned rare = unmarked & ~is_common;
        if (stop != 0) {
            rare &= (1u << __builtin_ctz(stop)) - 1u; /* the rare ones below the gap */
        }
        while (rare != 0) {
            d->v[d->count++] = v + (unsigned)__builtin_ctz(rare);
            rare &= rare - 1u;
        }
        if (stop != 0) {
            return v + (unsigned)__builtin_ctz(stop);
        }
    }
    return top;
#else
    return grundy_sparse_gap_scalar(h, common, top, d);
#endif
}

unsigned grundy_sparse_simd_level(void) {
    unsigned level = SPARSE_SIMD_PORTABLE;
#if SPARSE_HAVE_X86
    level = SPARSE_SIMD_SSE2;
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        level = SPARSE_SIMD_AVX2;
    }
#endif
    /* GRUNDY_SPARSE_SIMD=portable|sse2 lowers the level (tests and benchmarks of each path). */
    const char *env = getenv("GRUNDY_SPARSE_SIMD");
    if (env != NULL && strcmp(env, "portable") == 0) {
        level = SPARSE_SIMD_PORTABLE;
    } else if (env != NULL && strcmp(env, "sse2") == 0 && level > SPARSE_SIMD_SSE2) {
        level = SPARSE_SIMD_SSE2;
    }
    return level;
}

uint64_t grundy_sparse_scan_simd(const heap_ctx *h, uint64_t m, uint64_t a, uint64_t a_max,
                                 doubts *d) {
#if SPARSE_HAVE_X86
    if (h->simd == SPARSE_SIMD_AVX2) {
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
