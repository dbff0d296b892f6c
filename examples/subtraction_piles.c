/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 10, subtraction piles: a move takes k stones from one pile, k in the allowed
 * set. Input: m, the m amounts, n, the n piles. Output: First or Second. Each pile is the
 * subtraction game S(amounts), the piles add by XOR, and one query object answers every pile. */
#include <grundy/grundy.h>

#include <stdio.h>
#include <string.h>

int main(void) {
    int m = 0;
    long n = 0;
    char text[256] = "S(";
    if (scanf("%d", &m) != 1 || m < 1 || m > 10) {
        fprintf(stderr, "subtraction_piles: expected m (1 to 10)\n");
        return 3;
    }
    for (int i = 0; i < m; i++) {
        unsigned amount;
        if (scanf("%u", &amount) != 1 || amount < 1 || amount > 1000000) {
            fprintf(stderr, "subtraction_piles: expected %d amounts\n", m);
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
    if (st == GRUNDY_STATUS_OK && scanf("%ld", &n) != 1) {
        st = GRUNDY_STATUS_PARSE;
    }
    uint64_t x = 0;
    for (long i = 0; st == GRUNDY_STATUS_OK && i < n; i++) {
        unsigned long long a;
        uint64_t g = 0;
        if (scanf("%llu", &a) != 1) {
            st = GRUNDY_STATUS_PARSE;
        } else if ((st = grundy_query_value(query, a, &g)) == GRUNDY_STATUS_OK) {
            x ^= g;
        }
    }
    grundy_query_destroy(query);
    grundy_rule_destroy(rule);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "subtraction_piles: %s\n", grundy_status_str(st));
        return 3;
    }
    puts(x != 0 ? "First" : "Second");
    return 0;
}
