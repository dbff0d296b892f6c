/* SPDX-License-Identifier: MIT */
/* A program outside the project built against an installed libgrundy: Kayles' period, g(10^18),
 * and a picture of g(0..11) (grundy/picture.h). */
#include <grundy/grundy.h>
#include <stdio.h>
#include <string.h>

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
    uint64_t g[12];
    char *svg = NULL;
    const grundy_picture_seq picture = {"kayles", g, 11, p};
    if (grundy_query_values(q, 0, 12, g) == GRUNDY_STATUS_OK &&
        grundy_picture_sequence_svg(&picture, NULL, &svg, NULL) == GRUNDY_STATUS_OK) {
        const int whole = strncmp(svg, "<?xml", 5) == 0 && strstr(svg, "data-n=\"11\"") != NULL;
        printf("picture: %s\n", whole ? "SVG of g(0..11)" : svg);
    }
    grundy_picture_free(svg);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
    return 0;
}
