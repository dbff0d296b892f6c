/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 2, capped Nim: n piles, a move takes 1 to K stones from one pile. Input: n K,
 * then the n piles. Output: First or Second. A pile of a has Grundy value a mod (K + 1) (its
 * options take every residue but a's), and the piles add by XOR (Sprague-Grundy). */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    long n;
    unsigned long long cap;
    if (scanf("%ld %llu", &n, &cap) != 2 || n < 0) {
        fprintf(stderr, "capped_nim: expected n K\n");
        return 3;
    }
    uint64_t x = 0;
    for (long i = 0; i < n; i++) {
        unsigned long long a;
        if (scanf("%llu", &a) != 1) {
            fprintf(stderr, "capped_nim: expected %ld piles\n", n);
            return 3;
        }
        x = grundy_nim_sum(x, grundy_nim_capped_value(a, cap));
    }
    puts(x != 0 ? "First" : "Second");
    return 0;
}
