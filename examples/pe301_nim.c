/* SPDX-License-Identifier: MIT */
/* Project Euler 301 (seed 003): how many n, 1 <= n <= N, make the Nim position (n, 2n, 3n) a
 * loss for the player to move? Input: N (optional; 2^30 when the input is empty). Output: the
 * count. Bouton: the position loses iff n ^ 2n ^ 3n = 0; the library counts those n with a digit
 * automaton over the carries of 2n and 3n, in time independent of N. */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    unsigned long long limit = 1ull << 30;
    if (scanf("%llu", &limit) != 1 && !feof(stdin)) {
        fprintf(stderr, "pe301: expected N\n");
        return 3;
    }
    const uint64_t multipliers[3] = {1, 2, 3};
    uint64_t count = 0;
    const grundy_status st = grundy_nim_count_zero(multipliers, 3, 1, limit,
                                                   GRUNDY_NIM_COUNT_DEFAULT_STATES, &count, NULL);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "pe301: %s\n", grundy_status_str(st));
        return 3;
    }
    printf("%llu\n", (unsigned long long)count);
    return 0;
}
