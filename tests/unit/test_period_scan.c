/* SPDX-License-Identifier: MIT */
/* The O(1)-memory period finder against a brute force written from the definitions of
 * docs/architecture.md ("Periods") (smallest p, then smallest n0, within the theorem's window) on
 * seeded random sequences: periodic with preperiods, arithmetic-periodic, near misses, constant,
 * tiny; every storage width; rules of every theorem. GRUNDY_TEST_SEED replays a failure. */
#include <grundy/grundy.h>

#include "check.h"
#include "heap/period/period_scan.h"

#include <stdio.h>

#define MAX_LEN  700
#define LONG_LEN 20000 /* past the scan's chunk of 4096 candidates */

/* docs/architecture.md, literally: for p = 1, 2, ...: n0 = the smallest start of g(n + p) = g(n) +
 * s up to the end (s from the last value); the first p whose window fits wins. */
static grundy_period_candidate reference(const grundy_rule *rule, const uint64_t *g, uint64_t len,
                                         int plain_only) {
    grundy_period_candidate c = {0, 0, 0, 0};
    if (len < 2) {
        return c;
    }
    for (uint64_t p = 1; p < len; p++) {
        if (grundy_period_values_needed(rule, 0, p) > len) {
            break; /* no larger p fits either */
        }
        const uint64_t last = g[len - 1], back = g[len - 1 - p];
        if (last < back || (plain_only && last != back)) {
            continue;
        }
        const uint64_t s = last - back;
        uint64_t n0 = len - p;
        while (n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] + s) {
            n0--;
        }
        if (grundy_period_values_needed(rule, n0, p) <= len) {
            c.found = 1;
            c.n0 = n0;
            c.p = p;
            c.s = s;
            return c;
        }
    }
    return c;
}

static void store(void *raw, unsigned width, uint64_t i, uint64_t v) {
    switch (width) {
    case 1:
        ((uint8_t *)raw)[i] = (uint8_t)v;
        break;
    case 2:
        ((uint16_t *)raw)[i] = (uint16_t)v;
        break;
    case 4:
        ((uint32_t *)raw)[i] = (uint32_t)v;
        break;
    default:
        ((uint64_t *)raw)[i] = v;
        break;
    }
}

/* A sequence of at most max_len values: an arbitrary prefix, then a period below max_p (plain
 * or with a saltus), then maybe damage. */
static uint64_t random_sequence(check_rng *rng, uint64_t *g, unsigned width, uint64_t max_len,
                                uint64_t max_p) {
    const uint64_t len =
        check_rng_below(rng, 8) == 0 ? check_rng_below(rng, 6) : 1 + check_rng_below(rng, max_len);
    /* Late preperiods too: rounds too short to prove a period, with its multiples all matching. */
    const uint64_t kind = check_rng_below(rng, 3);
    const uint64_t n0 = kind == 0 ? 0 : check_rng_below(rng, (kind == 1 ? len / 2 : len) + 1);
    /* Long ones: a third of the periods at the edge of the scan's first chunk of candidates. */
    const uint64_t p = max_p > 4100 && check_rng_below(rng, 3) == 0
                           ? 4093 + check_rng_below(rng, 7)
                           : 1 + check_rng_below(rng, 1 + check_rng_below(rng, max_p));
    const uint64_t alphabet = 1 + check_rng_below(rng, 4);
    const uint64_t saltus = check_rng_below(rng, 4) == 0 ? check_rng_below(rng, 3) : 0;
    const uint64_t cap = width == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * width)) - 1;
    for (uint64_t i = 0; i < len; i++) {
        g[i] = i < n0 + p ? check_rng_below(rng, alphabet) : g[i - p] + saltus;
        g[i] = g[i] > cap ? cap : g[i];
    }
    const uint64_t damage = check_rng_below(rng, 3) == 0 ? check_rng_below(rng, 3) : 0;
    for (uint64_t k = 0; k < damage && len > 0; k++) {
        g[check_rng_below(rng, len)] = check_rng_below(rng, alphabet + 1);
    }
    return len;
}

static void test_random(void) {
    static const char *const rules[] = {"0.07", "0.77", "0.16", "S(1,3)", "S(2,7,9)", "0.8",
                                        "0.F",  "4!.0", "0.3F", "0.[7]",  "0.6"};
    static uint64_t g[MAX_LEN];
    static uint64_t raw[MAX_LEN];
    const uint64_t seed = check_seed(4242);
    check_rng rng = {seed};
    grundy_rule *parsed[sizeof rules / sizeof rules[0]];
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        parsed[r] = NULL;
        CHECK_EQ(grundy_rule_parse(rules[r], &parsed[r], NULL), GRUNDY_STATUS_OK);
    }
    for (int round = 0; round < 6000; round++) {
        const size_t r = (size_t)check_rng_below(&rng, sizeof rules / sizeof rules[0]);
        if (parsed[r] == NULL) {
            continue;
        }
        const unsigned width = 1u << check_rng_below(&rng, 4);
        const uint64_t len = random_sequence(&rng, g, width, MAX_LEN, 60);
        for (uint64_t i = 0; i < len; i++) {
            store(raw, width, i, g[i]);
        }
        const int plain = (int)check_rng_below(&rng, 2);
        const grundy_period_candidate want = reference(parsed[r], g, len, plain);
        grundy_period_candidate got;
        grundy_period_scan(parsed[r], raw, width, len, plain, &got);
        CHECK_EQ(got.found, want.found);
        if (got.found != want.found || got.n0 != want.n0 || got.p != want.p || got.s != want.s) {
            fprintf(stderr,
                    "seed %llu round %d (%s, width %u, length %llu, plain %d): got %d n0 %llu p "
                    "%llu s %llu, want %d n0 %llu p %llu s %llu\n",
                    (unsigned long long)seed, round, rules[r], width, (unsigned long long)len,
                    plain, got.found, (unsigned long long)got.n0, (unsigned long long)got.p,
                    (unsigned long long)got.s, want.found, (unsigned long long)want.n0,
                    (unsigned long long)want.p, (unsigned long long)want.s);
            CHECK(0);
        }
    }
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        grundy_rule_destroy(parsed[r]);
    }
}

/* The guess, literally: the smallest plain p <= (length - 1) / 2 within the budget's window
 * whose last min(D / 2, 64) differences and last value repeat p places earlier, n0 as far
 * back as the values agree, the first whose window fits in the budget. */
static grundy_period_candidate reference_guess(const grundy_rule *rule, const uint64_t *g,
                                               uint64_t len, uint64_t budget) {
    grundy_period_candidate c = {0, 0, 0, 0};
    if (len < 4) {
        return c;
    }
    const uint64_t D = len - 1, W = D / 2 < 64 ? D / 2 : 64;
    for (uint64_t p = 1; p <= D / 2 && grundy_period_values_needed(rule, 0, p) <= budget; p++) {
        int match = 1;
        for (uint64_t k = 0; k <= W && match; k++) {
            match = g[len - 1 - k - p] == g[len - 1 - k];
        }
        uint64_t n0 = len - p;
        while (match && n0 > 0 && g[n0 - 1 + p] == g[n0 - 1]) {
            n0--;
        }
        if (match && grundy_period_values_needed(rule, n0, p) <= budget) {
            c.found = 1;
            c.n0 = n0;
            c.p = p;
            return c;
        }
    }
    return c;
}

static int same(const grundy_period_candidate *got, const grundy_period_candidate *want) {
    return got->found == want->found && got->n0 == want->n0 && got->p == want->p &&
           got->s == want->s;
}

/* Long sequences (several chunks of candidates, periods in the thousands), scan and guess. */
static void test_long(void) {
    static const char *const rules[] = {"0.07", "0.77", "0.16", "4!.0", "0.6", "0.137"};
    static uint64_t g[LONG_LEN];
    static uint64_t raw[LONG_LEN];
    const uint64_t seed = check_seed(4343);
    check_rng rng = {seed};
    for (int round = 0; round < 1000; round++) {
        const size_t r = (size_t)check_rng_below(&rng, sizeof rules / sizeof rules[0]);
        grundy_rule *rule = NULL;
        CHECK_EQ(grundy_rule_parse(rules[r], &rule, NULL), GRUNDY_STATUS_OK);
        /* Mostly the one-byte plain scan, which filters candidates a chunk at a time. */
        const unsigned width = check_rng_below(&rng, 4) != 0 ? 1 : 1u << check_rng_below(&rng, 4);
        const uint64_t len = random_sequence(&rng, g, width, LONG_LEN, 5000);
        for (uint64_t i = 0; i < len; i++) {
            store(raw, width, i, g[i]);
        }
        const int plain = check_rng_below(&rng, 4) != 0;
        const uint64_t budget = len + 1 + check_rng_below(&rng, 2 * len + 1);
        const grundy_period_candidate want = reference(rule, g, len, plain);
        const grundy_period_candidate want_guess = reference_guess(rule, g, len, budget);
        grundy_period_candidate got, got_guess;
        grundy_period_scan(rule, raw, width, len, plain, &got);
        grundy_period_guess(rule, raw, width, len, budget, &got_guess);
        if (!same(&got, &want) || !same(&got_guess, &want_guess)) {
            fprintf(stderr,
                    "seed %llu round %d (%s, width %u, length %llu, plain %d, budget %llu): scan "
                    "%d n0 %llu p %llu s %llu (want %d n0 %llu p %llu s %llu), guess %d n0 %llu "
                    "p %llu (want %d n0 %llu p %llu)\n",
                    (unsigned long long)seed, round, rules[r], width, (unsigned long long)len,
                    plain, (unsigned long long)budget, got.found, (unsigned long long)got.n0,
                    (unsigned long long)got.p, (unsigned long long)got.s, want.found,
                    (unsigned long long)want.n0, (unsigned long long)want.p,
                    (unsigned long long)want.s, got_guess.found, (unsigned long long)got_guess.n0,
                    (unsigned long long)got_guess.p, want_guess.found,
                    (unsigned long long)want_guess.n0, (unsigned long long)want_guess.p);
            CHECK(0);
        }
        grundy_rule_destroy(rule);
    }
}

/* Kayles (0.77): preperiod 71, period 12, from the engine's values (the example of
 * docs/architecture.md). */
static void test_kayles(void) {
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    CHECK_EQ(grundy_rule_parse("kayles", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(rule, NULL, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 400), GRUNDY_STATUS_OK);
    uint8_t g[400];
    for (uint64_t i = 0; i < 400; i++) {
        g[i] = (uint8_t)grundy_seq_get(seq, i);
    }
    grundy_period_candidate c;
    grundy_period_scan(rule, g, 1, 400, 1, &c);
    CHECK(c.found);
    CHECK_U64(c.n0, 71);
    CHECK_U64(c.p, 12);
    CHECK_U64(c.s, 0);
    grundy_period_scan(rule, g, 1, 2 * 71 + 2 * 12 + 2 - 1, 1, &c); /* one value short */
    CHECK(!c.found || c.p != 12);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
}

int main(void) {
    test_random();
    test_long();
    test_kayles();
    return check_report("test_period_scan");
}
