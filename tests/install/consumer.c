/* SPDX-License-Identifier: MIT */
/* A program outside the project built against an installed libgrundy: Kayles' period, g(10^18). */
#include <grundy/grundy.h>
#include <stdio.h>

int main(void) {
    grundy_rule *rule = NULL;
    grundy_query *q = NULL;
    uint64_t v = 0;
    grundy_status st = grundy_rule_parse("kayles", &rule, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_create(rule, NULL, &q);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_value(q, 1000000000000000000u, &v);
    }
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "consumer: %s\n", grundy_status_str(st));
        grundy_query_destroy(q);
        grundy_rule_destroy(rule);
        return 1;
    }
    const grundy_period_result *p = grundy_query_period(q);
    printf("grundy %s: kayles period %llu preperiod %llu g(10^18) = %llu\n", grundy_version(),
           (unsigned long long)p->period, (unsigned long long)p->preperiod, (unsigned long long)v);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
    return 0;
}
