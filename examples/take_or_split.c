/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 4, take-or-split: a move removes one coin or two coins from a heap, or removes
 * one coin and splits the rest into two non-empty heaps. Input: k, then the k heaps. Output:
 * First or Second. In take-and-break code that is 0.73: taking 1 may leave nothing, one heap or
 * two (1 + 2 + 4 = 7), taking 2 nothing or one heap (1 + 2 = 3); the heaps add by XOR. */
#include <grundy/grundy.h>

#include <stdio.h>

int main(void) {
    long k;
    if (scanf("%ld", &k) != 1 || k < 0) {
        fprintf(stderr, "take_or_split: expected k\n");
        return 3;
    }
    grundy_rule *rule = NULL;
    grundy_query *query = NULL;
    grundy_status st = grundy_rule_parse("0.73", &rule, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_create(rule, NULL, &query);
    }
    uint64_t x = 0;
    for (long i = 0; st == GRUNDY_STATUS_OK && i < k; i++) {
        unsigned long long h;
        uint64_t g = 0;
        if (scanf("%llu", &h) != 1) {
            st = GRUNDY_STATUS_PARSE;
        } else if ((st = grundy_query_value(query, h, &g)) == GRUNDY_STATUS_OK) {
            x ^= g;
        }
    }
    grundy_query_destroy(query);
    grundy_rule_destroy(rule);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "take_or_split: %s\n", grundy_status_str(st));
        return 3;
    }
    puts(x != 0 ? "First" : "Second");
    return 0;
}
