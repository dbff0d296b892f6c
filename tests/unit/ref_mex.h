/* SPDX-License-Identifier: MIT */
/* An independent reference for Grundy sequences of take-and-break codes, written from the digit
 * definition alone (no grundy_rule_moves, no classes): d_k's bits say what taking k tokens may
 * leave (1 nothing, 2 one heap, 4/8/16 two/three/four non-empty heaps, '!' pairwise unequal).
 * Slow on purpose: every option enumerated, plain arrays, small n only. */
#ifndef GRUNDY_TEST_REF_MEX_H
#define GRUNDY_TEST_REF_MEX_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define REF_MAX_N 512

/* A code: digits[k] for k < len (bit 0x100: '!'), then tail[] repeating (tail_len 0: none). */
typedef struct ref_code {
    unsigned digits[64];
    size_t len;
    unsigned tail[8];
    size_t tail_len;
} ref_code;

static unsigned ref_digit(const ref_code *c, uint64_t k) {
    if (k < c->len) {
        return c->digits[k];
    }
    return c->tail_len == 0 ? 0u : c->tail[(k - c->len) % c->tail_len];
}

/* Mark the xor of every multiset of `parts` positive sizes summing to r, each >= min. */
static void ref_parts(const uint64_t *g, unsigned char *seen, uint64_t r, unsigned parts,
                      uint64_t min, int distinct, uint64_t acc) {
    if (parts == 1) {
        if (r >= min) {
            seen[acc ^ g[r]] = 1;
        }
        return;
    }
    /* a is the smallest part: a * parts <= r. */
    for (uint64_t a = min; a * parts <= r; a++) {
        ref_parts(g, seen, r - a, parts - 1, distinct ? a + 1 : a, distinct, acc ^ g[a]);
    }
}

/* g[0..n-1]; values stay below 1024 for the small n tested. */
static void ref_sequence(const ref_code *c, uint64_t n, uint64_t *g) {
    static unsigned char seen[2048];
    for (uint64_t h = 0; h < n; h++) {
        memset(seen, 0, sizeof seen);
        for (uint64_t k = 0; k <= h; k++) {
            const unsigned d = ref_digit(c, k);
            if ((d & 1u) && k == h && k > 0) {
                seen[0] = 1;
            }
            if ((d & 2u) && k < h && k > 0) {
                seen[g[h - k]] = 1;
            }
            for (unsigned j = 2; j <= 4; j++) {
                if ((d & (1u << j)) && k < h) {
                    ref_parts(g, seen, h - k, j, 1, (d & 0x100u) != 0, 0);
                }
            }
        }
        uint64_t v = 0;
        while (seen[v]) {
            v++;
        }
        g[h] = v;
    }
}

#endif
