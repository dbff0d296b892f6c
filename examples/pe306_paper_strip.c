/* SPDX-License-Identifier: MIT */
/* Project Euler 306 (seed 000): on a strip of n white squares a move paints two adjacent white
 * squares black; whoever cannot move loses. For how many n, 1 <= n <= N, does the first player
 * win? Input: N (optional; 1000000 when the input is empty). Output: the count.
 * The game is Dawson's Kayles, 0.07: its values have period 34 from n = 53 (Guy-Smith), so the
 * library counts the N-positions through the proved period in time independent of N. */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    unsigned long long limit = 1000000;
    if (scanf("%llu", &limit) != 1 && !feof(stdin)) {
        fprintf(stderr, "pe306: expected N\n");
        return 3;
    }
    grundy_rule *rule = NULL;
    grundy_query *query = NULL;
    uint64_t p_positions = 0, n_positions = 0;
    grundy_status st = grundy_rule_parse("0.07", &rule, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_create(rule, NULL, &query);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_count(query, 1, limit, &p_positions, &n_positions);
    }
    grundy_query_destroy(query);
    grundy_rule_destroy(rule);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "pe306: %s\n", grundy_status_str(st));
        return 4;
    }
    printf("%llu\n", (unsigned long long)n_positions);
    return 0;
}
