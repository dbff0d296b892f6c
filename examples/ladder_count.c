/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 1, ladder count: a move removes exactly k stones, k one of m amounts; for each
 * query n, how many P-positions are among heaps 0..n? Input: m, the m amounts, q, the q queries.
 * Output: one count a line. The game is the subtraction game S(amounts); one query object
 * answers every n from the same computed values (or its proved period). */
#include <grundy/grundy.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    int m = 0, q = 0;
    char text[256] = "S(";
    if (scanf("%d", &m) != 1 || m < 1 || m > 5) {
        fprintf(stderr, "ladder_count: expected m (1 to 5)\n");
        return 3;
    }
    for (int i = 0; i < m; i++) {
        unsigned amount;
        if (scanf("%u", &amount) != 1 || amount > 1000000) {
            fprintf(stderr, "ladder_count: expected %d amounts\n", m);
            return 3;
        }
        snprintf(text + strlen(text), sizeof text - strlen(text), "%s%u", i ? "," : "", amount);
    }
    strcat(text, ")");
    grundy_rule *rule = NULL;
    grundy_query *query = NULL;
    grundy_status st = grundy_rule_parse(text, &rule, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_create(rule, NULL, &query);
    }
    if (st == GRUNDY_STATUS_OK && scanf("%d", &q) != 1) {
        st = GRUNDY_STATUS_PARSE;
    }
    for (int i = 0; st == GRUNDY_STATUS_OK && i < q; i++) {
        unsigned long long n;
        uint64_t p_positions = 0, n_positions = 0;
        if (scanf("%llu", &n) != 1) {
            st = GRUNDY_STATUS_PARSE;
        } else if ((st = grundy_query_count(query, 0, n, &p_positions, &n_positions)) ==
                   GRUNDY_STATUS_OK) {
            printf("%llu\n", (unsigned long long)p_positions);
        }
    }
    grundy_query_destroy(query);
    grundy_rule_destroy(rule);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "ladder_count: %s\n", grundy_status_str(st));
        return 3;
    }
    return 0;
}
