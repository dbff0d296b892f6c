/* SPDX-License-Identifier: MIT */
/* Values and counts up to 10^18: through the proved period or a closed form, checked against an
 * independent computation through the period written here (whole periods times the count of one
 * period, plus the ends), and the honest LIMIT past what is proved. */
#include <grundy/grundy.h>

#include "check.h"
#include "period_ref.h"

#define E18 1000000000000000000ull

static grundy_rule *parse(const char *text) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", text);
    }
    return rule;
}

/* The independent model: g[] holds g(0..len-1) with period p from n0 (n0 + p <= len). */
typedef struct model {
    const uint64_t *g;
    uint64_t n0, p;
} model;

static uint64_t model_value(const model *m, uint64_t n) {
    return n < m->n0 + m->p ? m->g[n] : m->g[m->n0 + (n - m->n0) % m->p];
}

/* Heaps in [0, x] with value v: direct below n0 + p, then whole periods and a partial one. */
static uint64_t model_upto(const model *m, uint64_t x, uint64_t v) {
    uint64_t count = 0, per_period = 0;
    const uint64_t direct_end = x < m->n0 + m->p ? x + 1 : m->n0 + m->p;
    for (uint64_t i = 0; i < direct_end; i++) {
        count += m->g[i] == v;
    }
    if (x < m->n0 + m->p) {
        return count;
    }
    for (uint64_t i = m->n0; i < m->n0 + m->p; i++) {
        per_period += m->g[i] == v;
    }
    const uint64_t beyond = x - (m->n0 + m->p) + 1; /* heaps n0 + p .. x */
    count += beyond / m->p * per_period;
    for (uint64_t i = 0; i < beyond % m->p; i++) {
        count += m->g[m->n0 + i] == v;
    }
    return count;
}

static uint64_t model_count(const model *m, uint64_t from, uint64_t to, uint64_t v) {
    return model_upto(m, to, v) - (from == 0 ? 0 : model_upto(m, from - 1, v));
}

/* Project Euler 306: 852938 winning lengths among 1..10^6 (seed 000), and the statement's
 * checkpoints 3 (1..5) and 40 (1..50). */
static void test_pe306(void) {
    grundy_rule *rule = parse("dawson-kayles");
    grundy_query *q = NULL;
    uint64_t p_pos = 0, n_pos = 0, v = 0;
    CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_count(q, 1, 5, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(n_pos, 3);
    CHECK(grundy_query_count(q, 1, 50, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(n_pos, 40);
    CHECK(grundy_query_count(q, 1, 1000000, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(n_pos, 852938);
    CHECK_U64(p_pos, 147062);
    CHECK(grundy_query_count(q, 1, 2000, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(n_pos, 1703); /* W(2000), seed 000 section "Complexity and Verification" */
    const grundy_period_result *r = grundy_query_period(q);
    CHECK(r->proved && r->preperiod == 53 && r->period == 34);
    CHECK_U64(grundy_query_reach(q), GRUNDY_NUMBER_MAX);
    CHECK(grundy_query_value(q, 86, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, 9);
    CHECK(grundy_query_count(q, 5, 4, &p_pos, &n_pos) == GRUNDY_STATUS_INVALID_ARG);
    /* a NULL query (what a binding passes after freeing one) is refused, not read */
    CHECK(grundy_query_value(NULL, 86, &v) == GRUNDY_STATUS_INVALID_ARG);
    CHECK(grundy_query_count(NULL, 1, 5, &p_pos, &n_pos) == GRUNDY_STATUS_INVALID_ARG);
    CHECK(grundy_query_values(NULL, 0, 1, &v) == GRUNDY_STATUS_INVALID_ARG);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

/* Random proved rules: values and counts at up to 10^18 against the model. */
static void test_random_far(void) {
    const uint64_t seed = check_seed(2024);
    check_rng rng = {seed};
    static const char *const rules[] = {"0.07",       "0.77", "0.137", "0.71", "0.37",
                                        "0.51",       "0.33", "0.6",   "4.07", "S(1,3,4)",
                                        "S(2,7,8,9)", "0.F",  "0.123", "0.4",  "0.54"};
    int proved = 0;
    for (size_t k = 0; k < sizeof rules / sizeof rules[0]; k++) {
        grundy_rule *rule = parse(rules[k]);
        grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
        grundy_query *q = NULL;
        opts.max_n = 3000;
        CHECK(grundy_query_create(rule, &opts, &q) == GRUNDY_STATUS_OK);
        uint64_t v;
        const grundy_status st = grundy_query_value(q, E18, &v);
        const grundy_period_result *r = grundy_query_period(q);
        if (st != GRUNDY_STATUS_OK) {
            CHECK(st == GRUNDY_STATUS_LIMIT && !r->proved); /* e.g. 0.6: no period by 3000 */
            grundy_query_destroy(q);
            grundy_rule_destroy(rule);
            continue;
        }
        proved++;
        const uint64_t len = 4 * (r->preperiod + r->period) + 100;
        uint64_t *g = prefix_values(rule, len);
        model m = {g, 0, 0};
        CHECK(g != NULL && brute_period(g, len, &m.n0) == r->period);
        m.p = r->period;
        CHECK_U64(m.n0, r->preperiod);
        CHECK_U64(v, model_value(&m, E18));
        for (int i = 0; i < 200 && g != NULL; i++) {
            const uint64_t a =
                check_rng_below(&rng, 2) ? check_rng_below(&rng, 300) : check_rng_below(&rng, E18);
            const uint64_t b = a + (check_rng_below(&rng, 2) ? check_rng_below(&rng, 500)
                                                             : check_rng_below(&rng, E18));
            const uint64_t val = check_rng_below(&rng, 5);
            uint64_t count = 0, got = 0, at = 0;
            int found = 0;
            CHECK(grundy_query_value(q, b, &got) == GRUNDY_STATUS_OK);
            CHECK_U64(got, model_value(&m, b));
            CHECK(grundy_query_count_value(q, a, b, val, &count) == GRUNDY_STATUS_OK);
            if (count != model_count(&m, a, b, val)) {
                fprintf(stderr, "%s (seed %llu): count of %llu in [%llu, %llu]\n", rules[k],
                        (unsigned long long)seed, (unsigned long long)val, (unsigned long long)a,
                        (unsigned long long)b);
                CHECK_U64(count, model_count(&m, a, b, val));
            }
            CHECK(grundy_query_find_value(q, a, b, val, &at, &found) == GRUNDY_STATUS_OK);
            CHECK_EQ(found, count > 0);
            if (found) {
                CHECK_U64(model_value(&m, at), val);
                CHECK_U64(model_count(&m, a, at, val), 1);
            }
        }
        free(g);
        grundy_query_destroy(q);
        grundy_rule_destroy(rule);
    }
    printf("%d of the rules proved by 3000 heaps\n", proved);
    CHECK(proved >= 12);
}

/* Closed forms at 10^18: small S(a-b) and take-a-or-more against the model of their naive
 * values, and capped Nim with a huge cap by its residues. */
static void test_closed_far(void) {
    const uint64_t seed = check_seed(7);
    check_rng rng = {seed};
    for (int trial = 0; trial < 40; trial++) {
        const uint64_t a = 1 + check_rng_below(&rng, 6), b = a + check_rng_below(&rng, 6);
        char text[64];
        snprintf(text, sizeof text, "S(%llu-%llu)", (unsigned long long)a, (unsigned long long)b);
        grundy_rule *rule = parse(text);
        grundy_query *q = NULL;
        uint64_t *g = prefix_values(rule, 4 * (a + b));
        const model m = {g, 0, a + b};
        CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
        for (int i = 0; i < 50 && g != NULL; i++) {
            const uint64_t x = check_rng_below(&rng, E18), y = x + check_rng_below(&rng, E18);
            const uint64_t val = check_rng_below(&rng, 4);
            uint64_t v = 0, count = 0, at = 0;
            int found = 0;
            CHECK(grundy_query_value(q, y, &v) == GRUNDY_STATUS_OK);
            CHECK_U64(v, model_value(&m, y));
            CHECK(grundy_query_count_value(q, x, y, val, &count) == GRUNDY_STATUS_OK);
            CHECK_U64(count, model_count(&m, x, y, val));
            CHECK(grundy_query_find_value(q, x, y, val, &at, &found) == GRUNDY_STATUS_OK);
            CHECK_EQ(found, count > 0);
            CHECK(!found || (model_value(&m, at) == val && model_count(&m, x, at, val) == 1));
        }
        free(g);
        grundy_query_destroy(q);
        grundy_rule_destroy(rule);
    }
    grundy_rule *capped = parse("S(1-999999999999999993)");
    grundy_query *q = NULL;
    uint64_t v = 0, p_pos = 0, n_pos = 0;
    CHECK(grundy_query_create(capped, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, E18, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, E18 % (E18 - 6));
    CHECK(grundy_query_count(q, 0, GRUNDY_NUMBER_MAX, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(p_pos, GRUNDY_NUMBER_MAX / (E18 - 6) + 1);
    CHECK_U64(p_pos + n_pos, GRUNDY_NUMBER_MAX + 1);
    grundy_query_destroy(q);
    grundy_rule_destroy(capped);
    grundy_rule *nim = parse("nim");
    CHECK(grundy_query_create(nim, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, E18, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, E18);
    CHECK(grundy_query_count(q, 0, E18, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(p_pos, 1);
    grundy_query_destroy(q);
    grundy_rule_destroy(nim);
}

/* Past what is proved: LIMIT, never a guess; below max_n, direct computation. */
static void test_limits(void) {
    grundy_rule *rule = parse("grundy-game");
    grundy_query *q = NULL;
    uint64_t v = 0, p_pos = 0, n_pos = 0;
    CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, E18, &v) == GRUNDY_STATUS_LIMIT);
    CHECK(grundy_query_value(q, 20, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, 0); /* A002188 */
    CHECK(grundy_query_value(q, 19, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, 3);
    CHECK(grundy_query_count(q, 0, 20, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(p_pos, 7); /* zeros at 0, 1, 2, 4, 7, 10, 20 */
    CHECK(grundy_query_reach(q) >= 20 && grundy_query_reach(q) < 1000);
    CHECK(grundy_query_prepare(q, GRUNDY_NUMBER_MAX + 1) == GRUNDY_STATUS_RANGE);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

/* A small heap past max_n is still answered through a period proved within max_n (it once was
 * refused below DIRECT_BELOW while a far heap was answered). */
static void test_small_past_max_n(void) {
    grundy_rule *rule = parse("kayles");
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    grundy_query *q = NULL;
    uint64_t v = 0, p_pos = 0, n_pos = 0;
    opts.max_n = 200; /* Guy-Smith needs 168 values for n0 = 71, p = 12 */
    CHECK(grundy_query_create(rule, &opts, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, 500, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(v, 1); /* g(500) = g(71 + (500 - 71) % 12) = g(80) */
    CHECK(grundy_query_count(q, 0, 300, &p_pos, &n_pos) == GRUNDY_STATUS_OK);
    CHECK_U64(p_pos + n_pos, 301);
    grundy_query_destroy(q);
    opts.max_n = 100; /* too few for the proof: refused, never guessed */
    CHECK(grundy_query_create(rule, &opts, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, 500, &v) == GRUNDY_STATUS_LIMIT);
    CHECK(grundy_query_value(q, 100, &v) == GRUNDY_STATUS_OK);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

/* A heap within max_n costs about g(0..n): 0.6 (no period known) --to 20000 once computed
 * 2^25 values looking for one. A later query past max_n still searches up to max_n, and one
 * past twice the last bound searches again. */
static void test_bounded_search(void) {
    grundy_rule *rule = parse("0.6");
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    grundy_query *q = NULL;
    uint64_t v = 0;
    CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_prepare(q, 20000) == GRUNDY_STATUS_OK);
    CHECK_U64(grundy_query_reach(q), 20000);
    CHECK(grundy_query_value(q, 20001, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(grundy_query_reach(q), 20001);
    grundy_query_destroy(q);
    opts.max_n = 100000;
    CHECK(grundy_query_create(rule, &opts, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_prepare(q, 30000) == GRUNDY_STATUS_OK);
    CHECK_U64(grundy_query_reach(q), 30000);
    CHECK(grundy_query_value(q, 200000, &v) == GRUNDY_STATUS_LIMIT);
    CHECK_U64(grundy_query_reach(q), 100000);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
    /* Kayles: a period proved by heap 168 answers a query within max_n without computing it. */
    rule = parse("kayles");
    CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_value(q, 1000000, &v) == GRUNDY_STATUS_OK);
    CHECK_U64(grundy_query_reach(q), GRUNDY_NUMBER_MAX);
    CHECK_U64(v, 1); /* g(71 + (1000000 - 71) % 12) = g(80) */
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

int main(void) {
    test_bounded_search();
    test_pe306();
    test_small_past_max_n();
    test_random_far();
    test_closed_far();
    test_limits();
    return check_report("test_query");
}
