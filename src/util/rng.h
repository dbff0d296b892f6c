/* SPDX-License-Identifier: MIT */
/* Internal: splitmix64, the small seedable generator behind `verify` and the solver's self-test
 * (the same seed draws the same positions). */
#ifndef GRUNDY_UTIL_RNG_H
#define GRUNDY_UTIL_RNG_H

#include <stdint.h>

/** The next number of the sequence that *state seeds; advances *state. */
static inline uint64_t grundy_splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
