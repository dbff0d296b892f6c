/* SPDX-License-Identifier: MIT */
/* The self-check's relatives: the default engine against the naive one at every moment its state
 * changes, reached on purpose on many rules: the first value needing 9 bits (0.034 at 26376,
 * 0.6 at 10344, 0.014 at 11058, 0.172 at 13458), storage widening to 16 and 32 bits and values
 * crossing 2^15 and 2^16 (4.[3], 4.[2]: g(n) about n), mask and parity-variant changes and the
 * rare list growing past its capacity (flagged by the engine, see grundy_seq_flag).
 *
 * Three oracles: the naive engine over a full prefix; the naive engine started from the
 * default engine's prefix just before each first value of 2^b (b >= 8), computing a window
 * past it; and the self-check at rate 0, which recomputes by a full mex every flagged heap, the
 * three after it and every new largest value. GRUNDY_TEST_SCALE (default 4 in optimised builds,
 * 1 under sanitizers) sizes the runs; GRUNDY_TEST_SEED replays the random rules. */
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"

#include <stdio.h>

#ifndef GRUNDY_TEST_SCALE
#define GRUNDY_TEST_SCALE 4
#endif

#define WINDOW 48 /* heaps the naive engine computes past each first value of 2^b */

static unsigned scale(void) {
    const char *env = getenv("GRUNDY_TEST_SCALE");
    const unsigned s = env != NULL ? (unsigned)strtoul(env, NULL, 10) : GRUNDY_TEST_SCALE;
    return s == 0 ? 1 : s;
}

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine,
                        grundy_seq_check_report *report) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.check = report != NULL;
    opts.check_report = report; /* rate 0: the flagged heaps and the new largest values */
    CHECK_EQ(grundy_seq_create(rule, &opts, &seq), GRUNDY_STATUS_OK);
    return seq;
}

/* The naive engine from fast's prefix g(0..at-1) on to at + WINDOW: must agree there. */
static void check_window(const char *code, const grundy_rule *rule, const grundy_seq *fast,
                         uint64_t at) {
    const uint64_t end =
        at + WINDOW < grundy_seq_length(fast) ? at + WINDOW : grundy_seq_length(fast);
    grundy_seq *naive = make(rule, GRUNDY_SEQ_NAIVE, NULL);
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t n = 0; n < at && st == GRUNDY_STATUS_OK; n++) {
        st = grundy_seq_push(naive, grundy_seq_get(fast, n));
    }
    CHECK_EQ(st, GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(naive, end), GRUNDY_STATUS_OK);
    for (uint64_t n = at; n < end; n++) {
        if (grundy_seq_get(naive, n) != grundy_seq_get(fast, n)) {
            fprintf(stderr, "%s: g(%llu): engine %llu, naive %llu (window at %llu)\n", code,
                    (unsigned long long)n, (unsigned long long)grundy_seq_get(fast, n),
                    (unsigned long long)grundy_seq_get(naive, n), (unsigned long long)at);
            CHECK_U64(grundy_seq_get(fast, n), grundy_seq_get(naive, n));
            break;
        }
    }
    grundy_seq_destroy(naive);
}

/* Every oracle on one rule; returns the largest value (for the caller's expectations). */
static uint64_t check_rule(const char *code, uint64_t n, uint64_t full, uint64_t seed) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(code, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", code);
        CHECK(0);
        return 0;
    }
    grundy_seq_check_report report = {0, 0, 0, 0, 0};
    grundy_seq *fast = make(rule, GRUNDY_SEQ_AUTO, &report);
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t len = 1024; st == GRUNDY_STATUS_OK; len *= 2) {
        st = grundy_seq_extend(fast, len < n ? len : n); /* chunks, as long runs make them */
        if (len >= n) {
            break;
        }
    }
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "%s (seed %llu): status %d; check at heap %llu: engine %llu, mex %llu\n",
                code, (unsigned long long)seed, (int)st, (unsigned long long)report.heap,
                (unsigned long long)report.value, (unsigned long long)report.mex);
    }
    CHECK_EQ(st, GRUNDY_STATUS_OK);
    grundy_seq *naive = make(rule, GRUNDY_SEQ_NAIVE, NULL);
    full = full < grundy_seq_length(fast) ? full : grundy_seq_length(fast);
    CHECK_EQ(grundy_seq_extend(naive, full), GRUNDY_STATUS_OK);
    for (uint64_t i = 0; i < full; i++) {
        if (grundy_seq_get(naive, i) != grundy_seq_get(fast, i)) {
            fprintf(stderr, "%s (seed %llu): g(%llu): engine %llu, naive %llu\n", code,
                    (unsigned long long)seed, (unsigned long long)i,
                    (unsigned long long)grundy_seq_get(fast, i),
                    (unsigned long long)grundy_seq_get(naive, i));
            CHECK_U64(grundy_seq_get(fast, i), grundy_seq_get(naive, i));
            break;
        }
    }
    grundy_seq_destroy(naive);
    /* The first value of 2^b for each b >= 8: one more bit, perhaps wider storage. */
    unsigned bits = 8;
    for (uint64_t i = full; i < grundy_seq_length(fast); i++) {
        if ((grundy_seq_get(fast, i) >> bits) != 0) {
            check_window(code, rule, fast, i - 4);
            while ((grundy_seq_get(fast, i) >> bits) != 0) {
                bits++;
            }
        }
    }
    const uint64_t max = grundy_seq_max_value(fast);
    grundy_seq_destroy(fast);
    grundy_rule_destroy(rule);
    return max;
}

/* The first 9-bit values of the rules with large values early; the parity variant (0.127),
 * '!' (4!.0), and rules whose mask changes (0.16, 0.354). */
static void test_nine_bits(void) {
    static const struct {
        const char *code;
        uint64_t first_256; /* the first heap with g >= 256; 0: none within the run */
    } games[] = {{"0.034", 26376}, {"0.6", 10344}, {"0.014", 11058}, {"0.172", 13458},
                 {"0.16", 0},      {"0.354", 0},   {"0.127", 0},     {"4!.0", 0},
                 {"0.1777", 0},    {"0.376", 0}};
    const uint64_t n = scale() >= 4 ? 1u << 17 : 27000, full = scale() >= 4 ? 1u << 13 : 4096;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        const uint64_t max = check_rule(games[i].code, n, full, 0);
        if (games[i].first_256 != 0) {
            CHECK(max >= 256);
        }
    }
}

/* g(n) about n: 8-bit storage to 16 at 2^8, values past 2^15 (optimised builds), and with
 * GRUNDY_TEST_SCALE=8 or more (some seconds: every heap of them costs O(n) and is a new largest
 * value, so the check recomputes them all) 16-bit storage to 32 at 2^16. */
static void test_wide_values(void) {
    CHECK(check_rule("4.[3]", scale() >= 4 ? 33000 : 9000, 2048, 0) >=
          (scale() >= 4 ? 32768 : 8192));
    if (scale() >= 8) {
        CHECK(check_rule("4.[2]", 66000, 1024, 0) >= 65536);
    }
}

/* Hexadecimal codes (moves leaving three heaps: the naive engine with its windows) and codes with
 * tails, whose values get large early, under the same oracles. */
static void test_hex_codes(void) {
    static const char *const codes[] = {"0.8", "0.F", "0.B4", "0.3F", "0.48", "0.C", "4.8"};
    const uint64_t n = scale() >= 4 ? 900 : 400;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        check_rule(codes[i], n, 300, 0);
    }
}

static const char digit_chars[] = "01234567";

/* Random codes whose moves leave at most two heaps, some with '!' and a d0 of 4. */
static void test_random_codes(void) {
    const uint64_t seed = check_seed(20261201);
    check_rng rng = {seed};
    const int count = scale() >= 4 ? 40 : 12;
    for (int r = 0; r < count; r++) {
        char text[24];
        size_t len = 0;
        text[len++] = check_rng_below(&rng, 5) == 0 ? '4' : '0'; /* d0 = 4 splits a heap */
        text[len++] = '.';
        const unsigned digits = 2 + (unsigned)check_rng_below(&rng, 4);
        for (unsigned d = 0; d < digits; d++) {
            unsigned v = (unsigned)check_rng_below(&rng, 8);
            v = d + 1 == digits ? (v | 4u) : v; /* a split, so the sparse engine applies */
            text[len++] = digit_chars[v];
            if ((v & 4u) && check_rng_below(&rng, 8) == 0) {
                text[len++] = '!';
            }
        }
        text[len] = '\0';
        check_rule(text, scale() >= 4 ? 1u << 15 : 1u << 12, scale() >= 4 ? 2048 : 1024, seed);
    }
}

int main(void) {
    test_nine_bits();
    test_wide_values();
    test_hex_codes();
    test_random_codes();
    return check_report("test_seq_moments");
}
