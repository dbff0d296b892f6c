/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 3, misere Nim: whoever takes the last stone loses. Input: n, then the n
 * piles. Output: First or Second. Bouton's misere rule: with a pile of 2 or more, the first
 * player wins iff the XOR is nonzero; with piles of 0 and 1 only, iff the number of 1s is even. */
#include <grundy/grundy.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1 || n < 0 || n > 100000000) {
        fprintf(stderr, "misere_nim: expected n\n");
        return 3;
    }
    uint64_t *piles = malloc(((size_t)n + 1) * sizeof *piles);
    if (piles == NULL) {
        return 4;
    }
    for (long i = 0; i < n; i++) {
        unsigned long long a;
        if (scanf("%llu", &a) != 1) {
            fprintf(stderr, "misere_nim: expected %ld piles\n", n);
            free(piles);
            return 3;
        }
        piles[i] = a;
    }
    puts(grundy_nim_misere_wins(piles, (size_t)n) ? "First" : "Second");
    free(piles);
    return 0;
}
