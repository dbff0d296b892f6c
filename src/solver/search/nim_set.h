/* SPDX-License-Identifier: MIT */
/* Sets of nimbers below NIM_SET_MAX, the potential and the wanted values of Beling and
 * Rogalski's pruning ("On pruning search trees of impartial games", 2020). */
#ifndef GRUNDY_SOLVER_SEARCH_NIM_SET_H
#define GRUNDY_SOLVER_SEARCH_NIM_SET_H

#include <stdint.h>
#include <string.h>

/* A component may have at most NIM_SET_MAX - 1 options (Cram on 256 cells has at most 480,
 * Chomp on 32 x 32 1023, Node Kayles on 256 vertices 256). */
#define NIM_SET_WORDS  16
#define NIM_SET_MAX    (NIM_SET_WORDS * 64)
#define NIM_NOT_IN_SET UINT32_MAX
typedef struct nim_set {
    uint64_t w[NIM_SET_WORDS];
} nim_set;

/* {lo, ..., hi} (hi below NIM_SET_MAX). */
static inline nim_set nim_set_range(uint32_t lo, uint32_t hi) {
    nim_set out;
    memset(&out, 0, sizeof out);
    for (uint32_t v = lo; v <= hi; v++) {
        out.w[v / 64] |= (uint64_t)1 << (v % 64);
    }
    return out;
}

static inline void nim_set_remove(nim_set *a, uint32_t v) {
    if (v < NIM_SET_MAX) {
        a->w[v / 64] &= ~((uint64_t)1 << (v % 64));
    }
}

static inline int nim_set_has(const nim_set *a, uint32_t v) {
    return v < NIM_SET_MAX && (a->w[v / 64] >> (v % 64) & 1u);
}

static inline int nim_set_meets(const nim_set *a, const nim_set *b) {
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        if (a->w[k] & b->w[k]) {
            return 1;
        }
    }
    return 0;
}

/* The least member, NIM_NOT_IN_SET when a is empty. */
static inline uint32_t nim_set_min(const nim_set *a) {
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        if (a->w[k] != 0) {
            return k * 64 + (uint32_t)__builtin_ctzll(a->w[k]);
        }
    }
    return NIM_NOT_IN_SET;
}

/* The largest member, NIM_NOT_IN_SET when a is empty. */
static inline uint32_t nim_set_max(const nim_set *a) {
    for (unsigned k = NIM_SET_WORDS; k-- > 0;) {
        if (a->w[k] != 0) {
            return k * 64 + 63u - (uint32_t)__builtin_clzll(a->w[k]);
        }
    }
    return NIM_NOT_IN_SET;
}

/* The members of a word (Kernighan's loop: the sets are sparse, and it needs no popcnt). */
static inline uint32_t nim_word_count(uint64_t b) {
    uint32_t n = 0;
    for (; b != 0; b &= b - 1) {
        n++;
    }
    return n;
}

static inline uint32_t nim_set_count(const nim_set *a) {
    uint32_t n = 0;
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        n += nim_word_count(a->w[k]);
    }
    return n;
}

/* a cut to its n least members. */
static inline void nim_set_keep_least(nim_set *a, uint32_t n) {
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        uint64_t keep = 0, b = a->w[k];
        for (; n > 0 && b != 0; n--, b &= b - 1) {
            keep |= b & (~b + 1);
        }
        a->w[k] = keep;
    }
}

/* The members of a up to and including `top`. */
static inline nim_set nim_set_upto(const nim_set *a, uint32_t top) {
    nim_set out = *a;
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        const uint32_t lo = k * 64;
        out.w[k] &= top >= lo + 63 ? ~0ull : top < lo ? 0 : ((uint64_t)2 << (top - lo)) - 1;
    }
    return out;
}

/* {p ^ x : p in a} (what falls past NIM_SET_MAX dropped). */
static inline nim_set nim_set_xor(const nim_set *a, uint32_t x) {
    nim_set out;
    memset(&out, 0, sizeof out);
    for (unsigned k = 0; k < NIM_SET_WORDS; k++) {
        for (uint64_t b = a->w[k]; b != 0; b &= b - 1) {
            const uint32_t v = (k * 64 + (uint32_t)__builtin_ctzll(b)) ^ x;
            out.w[v / 64] |= v < NIM_SET_MAX ? (uint64_t)1 << (v % 64) : 0;
        }
    }
    return out;
}

#endif
