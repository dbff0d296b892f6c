/* SPDX-License-Identifier: MIT */
/* The self-check: on correct engines it finds nothing and changes no value; a value
 * corrupted on purpose (the experimental test_corrupt_heap) is caught at that heap, with both
 * values, on every engine, whatever the chunks; a corrupted new largest value is caught at rate 0;
 * the sample is deterministic. GRUNDY_TEST_SEED replays a failure. */
#include <grundy/experimental.h>
#include <grundy/grundy.h>

#include "check.h"

#include <stdio.h>

static unsigned threads; /* the engines' threads: the check runs where no engine thread does */

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine, double rate,
                        uint64_t corrupt, grundy_seq_check_report *report) {
    grundy_seq_experimental_opts hooks = GRUNDY_SEQ_EXPERIMENTAL_OPTS_INIT;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.check = report != NULL;
    opts.check_rate = rate;
    opts.check_report = report;
    hooks.test_corrupt_heap = corrupt;
    opts.experimental = &hooks;
    opts.threads = threads;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    return seq;
}

/* Extend to n in random steps (the chunks); the first status that is not OK. */
static grundy_status extend_in_steps(grundy_seq *seq, uint64_t n, check_rng *rng) {
    uint64_t len = 0;
    while (len < n) {
        len += 1 + check_rng_below(rng, n / 4 + 1);
        len = len < n ? len : n;
        const grundy_status st = grundy_seq_extend(seq, len);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    return GRUNDY_STATUS_OK;
}

static const struct {
    const char *code;
    uint64_t n;
} rules[] = {{"0.6", 3000},  {"0.034", 2000}, {"0.16", 3000},  {"0.127", 2000},
             {"4!.0", 1500}, {"0.77", 500},   {"4.[3]", 700},  {"0.8", 300},
             {"0.F", 200},   {"0.B4", 300},   {"S(2,5)", 500}, {"S(1-40)", 500},
             {"0.[3]", 400}, {"0.3F", 200},   {"0.37", 800},   {"0.1777", 2000}};
#define RULES (sizeof rules / sizeof rules[0])

/* At rate 1 every heap is recomputed and agrees; the values are those of an unchecked run. */
static void test_clean(void) {
    const uint64_t seed = check_seed(1101);
    check_rng rng = {seed};
    for (size_t i = 0; i < RULES; i++) {
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(rules[i].code, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq_check_report report = {0, 0, 0, 0, 0};
        grundy_seq *checked = make(rule, GRUNDY_SEQ_AUTO, 1.0, 0, &report);
        grundy_seq *plain = make(rule, GRUNDY_SEQ_AUTO, 0.0, 0, NULL);
        CHECK_EQ(extend_in_steps(checked, rules[i].n, &rng), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_seq_extend(plain, rules[i].n), GRUNDY_STATUS_OK);
        CHECK_EQ(report.failed, 0);
        CHECK_U64(report.checked, rules[i].n);
        for (uint64_t n = 0; n < rules[i].n; n++) {
            if (grundy_seq_get(checked, n) != grundy_seq_get(plain, n)) {
                fprintf(stderr, "%s (seed %llu): g(%llu) differs\n", rules[i].code,
                        (unsigned long long)seed, (unsigned long long)n);
                CHECK(0);
                break;
            }
        }
        grundy_seq_destroy(checked);
        grundy_seq_destroy(plain);
        grundy_rule_destroy(rule);
    }
}

/* A heap corrupted on purpose is caught exactly there, with the stored and the true value, by
 * both engines (where they apply), in random chunks; the sequence stays failed. */
static void test_corrupt(void) {
    const uint64_t seed = check_seed(1102);
    check_rng rng = {seed};
    for (size_t i = 0; i < RULES; i++) {
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(rules[i].code, &rule, NULL), GRUNDY_STATUS_OK);
        grundy_seq *plain = make(rule, GRUNDY_SEQ_AUTO, 0.0, 0, NULL);
        CHECK_EQ(grundy_seq_extend(plain, rules[i].n), GRUNDY_STATUS_OK);
        for (int round = 0; round < 3; round++) {
            const uint64_t k = 1 + check_rng_below(&rng, rules[i].n - 1);
            const grundy_seq_engine engine =
                round == 1 ? GRUNDY_SEQ_NAIVE : GRUNDY_SEQ_AUTO; /* also the naive one */
            grundy_seq_check_report report = {0, 0, 0, 0, 0};
            grundy_seq *seq = make(rule, engine, 1.0, k, &report);
            const grundy_status st = extend_in_steps(seq, rules[i].n, &rng);
            if (st != GRUNDY_STATUS_CHECK || report.heap != k) {
                fprintf(stderr, "%s (seed %llu): corrupt heap %llu: status %d, heap %llu\n",
                        rules[i].code, (unsigned long long)seed, (unsigned long long)k, (int)st,
                        (unsigned long long)report.heap);
            }
            CHECK_EQ(st, GRUNDY_STATUS_CHECK);
            CHECK_EQ(report.failed, 1);
            CHECK_U64(report.heap, k);
            CHECK_U64(report.value, grundy_seq_get(plain, k) ^ 1u);
            CHECK_U64(report.mex, grundy_seq_get(plain, k));
            CHECK_EQ(grundy_seq_extend(seq, rules[i].n + 10), GRUNDY_STATUS_CHECK);
            grundy_seq_destroy(seq);
        }
        grundy_seq_destroy(plain);
        grundy_rule_destroy(rule);
    }
}

/* At rate 0 only the flagged heaps and new largest values are recomputed: 0.034's g(26376),
 * its first 256 (where the 8-bit SWAR lanes once gave 257), corrupted to 257, is a new largest
 * value and is caught; without the check the wrong value stands. */
static void test_record_at_rate_zero(void) {
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.034", &rule, NULL), GRUNDY_STATUS_OK);
    grundy_seq_check_report report = {0, 0, 0, 0, 0};
    grundy_seq *seq = make(rule, GRUNDY_SEQ_AUTO, 0.0, 26376, &report);
    CHECK_EQ(grundy_seq_extend(seq, 26400), GRUNDY_STATUS_CHECK);
    CHECK_U64(report.heap, 26376);
    CHECK_U64(report.value, 257);
    CHECK_U64(report.mex, 256);
    CHECK(report.checked < 1000); /* the records and flags, not every heap */
    grundy_seq_destroy(seq);
    /* g(26377) = 79 is no record and not sampled at rate 0: only the engine's flag at 26376 (a
     * value needing one more bit) covers it. */
    seq = make(rule, GRUNDY_SEQ_AUTO, 0.0, 26377, &report);
    CHECK_EQ(grundy_seq_extend(seq, 26400), GRUNDY_STATUS_CHECK);
    CHECK_U64(report.heap, 26377);
    CHECK_U64(report.mex, 79);
    grundy_seq_destroy(seq);
    seq = make(rule, GRUNDY_SEQ_AUTO, 0.0, 26376, NULL);
    CHECK_EQ(grundy_seq_extend(seq, 26400), GRUNDY_STATUS_OK);
    CHECK_U64(grundy_seq_get(seq, 26376), 257);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

/* The sample depends on the heap only: the same heaps are recomputed whatever the chunks, about
 * rate * n of them; a rate outside [0, 1] is refused. */
static void test_sample(void) {
    const uint64_t seed = check_seed(1103);
    check_rng rng = {seed};
    grundy_rule *rule = NULL;
    CHECK_EQ(grundy_rule_parse("0.6", &rule, NULL), GRUNDY_STATUS_OK);
    uint64_t first = 0;
    for (int round = 0; round < 3; round++) {
        grundy_seq_check_report report = {0, 0, 0, 0, 0};
        grundy_seq *seq = make(rule, GRUNDY_SEQ_AUTO, 0.25, 0, &report);
        CHECK_EQ(extend_in_steps(seq, 4000, &rng), GRUNDY_STATUS_OK);
        first = round == 0 ? report.checked : first;
        CHECK_U64(report.checked, first);
        CHECK(report.checked > 800 && report.checked < 1400);
        grundy_seq_destroy(seq);
    }
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.check = 1;
    opts.check_rate = 1.5;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_INVALID_ARG);
    opts.check_rate = -0.1;
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_INVALID_ARG);
    CHECK(seq == NULL);
    grundy_rule_destroy(rule);
}

int main(void) {
    test_clean();
    test_corrupt();
    threads = 2;
    test_clean();
    test_corrupt();
    threads = 0;
    test_record_at_rate_zero();
    test_sample();
    return check_report("test_seq_check");
}
