/* SPDX-License-Identifier: MIT */
/* The queries' work bound: the naive engine's estimate against an exact count of the
 * options it enumerates (random codes), refusals before computing, the same answers within the
 * bound as without it, and a period search cut short. */
#include <grundy/grundy.h>

#include "check.h"

static grundy_rule *parse(const char *text) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", text);
    }
    return rule;
}

static grundy_query *query(const grundy_rule *rule, grundy_seq_engine engine, uint64_t max_work) {
    grundy_period_opts o = GRUNDY_PERIOD_OPTS_INIT;
    o.seq.engine = engine;
    o.max_work = max_work;
    grundy_query *q = NULL;
    CHECK(grundy_query_create(rule, &o, &q) == GRUNDY_STATUS_OK);
    return q;
}

#define MAX_R 400
/* parts[j][r]: partitions of r into exactly j positive parts (j <= 4), the non-decreasing splits
 * the naive engine enumerates. */
static double parts[5][MAX_R + 1];

static void fill_parts(void) {
    for (int r = 0; r <= MAX_R; r++) {
        parts[0][r] = r == 0;
    }
    for (int j = 1; j <= 4; j++) {
        for (int r = 0; r <= MAX_R; r++) {
            parts[j][r] = (r >= 1 ? parts[j - 1][r - 1] : 0) + (r >= j ? parts[j][r - j] : 0);
        }
    }
}

/* The options of heap m exactly: per take, one for leaving nothing or one heap, else the splits. */
static double options_of(const grundy_rule *rule, uint64_t m) {
    grundy_move_class buf[64];
    size_t count = 0;
    double total = 0;
    CHECK(grundy_rule_moves(rule, m, buf, 64, &count) == GRUNDY_STATUS_OK);
    for (size_t i = 0; i < count; i++) {
        for (uint64_t k = buf[i].take_first; k <= buf[i].take_last; k += buf[i].take_step) {
            const uint64_t r = m - k;
            total += (buf[i].leaves & 1u) && r == 0;
            total += (buf[i].leaves & 2u) && r > 0;
            for (unsigned j = 2; j <= 4; j++) {
                total += (buf[i].leaves & (1u << j)) ? parts[j][r] : 0;
            }
        }
    }
    return total;
}

/* A random code of 1 to 4 digits after the point, digits 1..F (up to three heaps), sometimes a
 * splitting d0 (4, 8 or C). */
static void random_code(char *buf, size_t cap) {
    static const char digits[] = "0123456789ABCDEF";
    static const char *const d0[] = {"0", "4", "8", "C", "0", "0"};
    size_t len = (size_t)snprintf(buf, cap, "%s.", d0[rand() % 6]);
    const int n = 1 + rand() % 4;
    for (int i = 0; i < n; i++) {
        buf[len++] = digits[1 + rand() % 15];
    }
    buf[len] = '\0';
}

/* The estimate of g(0..n) is within a small factor of the options enumerated (the model counts
 * ordered splits over j!, about (j-1)! times the non-decreasing ones: up to 2 for three heaps). */
static void estimate_vs_exact(unsigned seed) {
    srand(seed);
    fill_parts();
    for (int t = 0; t < 60; t++) {
        char code[16];
        random_code(code, sizeof code);
        grundy_rule *rule = parse(code);
        if (rule == NULL) {
            continue;
        }
        grundy_query *q = query(rule, GRUNDY_SEQ_NAIVE, UINT64_MAX);
        const uint64_t n = 100 + (uint64_t)(rand() % 300);
        double exact = 0;
        for (uint64_t m = 0; m <= n; m++) {
            exact += options_of(rule, m);
        }
        const double est = grundy_query_work(q, n);
        if (!(est >= 0.4 * exact && est <= 4 * exact + 4 * (double)n)) {
            fprintf(stderr, "seed %u: %s to %llu: estimate %.0f, options %.0f\n", seed, code,
                    (unsigned long long)n, est, exact);
            CHECK(0);
        }
        CHECK(grundy_query_work(q, n + 50) >= est); /* monotone */
        grundy_query_destroy(q);
        grundy_rule_destroy(rule);
    }
}

/* Under a small bound, a costly heap is refused before it is computed (the sequence stays within
 * the reach the refusal gives); the reach itself is answered; the values agree with an unbounded
 * query. */
static void refusal_before_computing(void) {
    grundy_rule *rule = parse("C.0");
    const uint64_t bound = 50000000; /* 5 * 10^7 visits: about g(0..640) of C.0 */
    grundy_query *q = query(rule, GRUNDY_SEQ_AUTO, bound);
    uint64_t v = 0;
    CHECK(grundy_query_value(q, 5000, &v) == GRUNDY_STATUS_LIMIT);
    const grundy_query_refusal *r = grundy_query_refused(q);
    CHECK(r->refused);
    CHECK(!r->search);
    CHECK_U64(r->heap, 5000);
    CHECK(r->work > (double)bound);
    CHECK(r->reach >= 128 && r->reach < 5000);
    CHECK(grundy_seq_length(grundy_query_seq(q)) <= 2049); /* the period search's own cap */
    const uint64_t reach = r->reach;
    grundy_query_destroy(q);

    q = query(rule, GRUNDY_SEQ_AUTO, bound);
    grundy_query *free_q = query(rule, GRUNDY_SEQ_AUTO, UINT64_MAX);
    uint64_t w = 0;
    CHECK(grundy_query_value(q, reach, &v) == GRUNDY_STATUS_OK);
    CHECK(!grundy_query_refused(q)->refused);
    CHECK(grundy_query_value(free_q, reach, &w) == GRUNDY_STATUS_OK);
    CHECK_U64(v, w);
    uint64_t p = 0, n = 0, p2 = 0, n2 = 0;
    CHECK(grundy_query_count(q, 0, reach, &p, &n) == GRUNDY_STATUS_OK);
    CHECK(grundy_query_count(free_q, 0, reach, &p2, &n2) == GRUNDY_STATUS_OK);
    CHECK_U64(p, p2);
    CHECK(grundy_query_count(q, 0, 4 * reach, &p, &n) == GRUNDY_STATUS_LIMIT);
    CHECK(grundy_query_refused(q)->refused);
    grundy_query_destroy(free_q);
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

/* A heap past max_n of a rule with no known period: the search stops where the bound does. */
static void search_cut(void) {
    grundy_rule *rule = parse("0.6");
    grundy_query *q = query(rule, GRUNDY_SEQ_AUTO, 20000000);
    uint64_t v = 0;
    CHECK(grundy_query_value(q, 1000000000000ull, &v) == GRUNDY_STATUS_LIMIT);
    const grundy_query_refusal *r = grundy_query_refused(q);
    CHECK(r->refused);
    CHECK(r->search);
    CHECK(r->reach < 1000000);
    CHECK(grundy_seq_length(grundy_query_seq(q)) <= r->reach + 1);
    grundy_query_destroy(q);
    /* A period found within the bound answers (Kayles: n0 = 71, p = 12). */
    grundy_rule *kayles = parse("0.77");
    q = query(kayles, GRUNDY_SEQ_AUTO, 20000000);
    CHECK(grundy_query_value(q, 1000000000000ull, &v) == GRUNDY_STATUS_OK);
    CHECK(!grundy_query_refused(q)->refused);
    grundy_query_destroy(q);
    grundy_rule_destroy(kayles);
    grundy_rule_destroy(rule);
}

int main(int argc, char **argv) {
    const unsigned seed = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 17u;
    estimate_vs_exact(seed);
    refusal_before_computing();
    search_cut();
    return check_report("test_query_work");
}
