/* SPDX-License-Identifier: MIT */
/* Random octal codes for the sparse engine's tests (the memory window's and spill file's tests). */
#ifndef GRUNDY_TEST_SPLIT_CODE_H
#define GRUNDY_TEST_SPLIT_CODE_H

#include "check.h"

/* A random code whose moves leave at most two heaps, some two (sparse engine). */
static inline void split_code(check_rng *rng, char *text) {
    size_t len = 0;
    text[len++] = check_rng_below(rng, 6) == 0 ? '4' : '0';
    text[len++] = '.';
    const unsigned count = 1 + (unsigned)check_rng_below(rng, 5);
    int split = 0;
    for (unsigned i = 0; i < count; i++) {
        const unsigned d =
            (unsigned)check_rng_below(rng, i == count - 1 ? 7 : 8) + (i == count - 1);
        split |= (d & 4u) != 0;
        text[len++] = "0123456789ABCDEFGHIJKLMNOPQRSTUV"[d];
        if ((d & 4u) && check_rng_below(rng, 12) == 0) {
            text[len++] = '!';
        }
    }
    if (!split) {
        text[len++] = '4';
    }
    text[len] = '\0';
}

#endif
