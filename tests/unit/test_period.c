/* SPDX-License-Identifier: MIT */
/* Period search and proofs: the literature's periods, every proof kind on many random rules
 * checked by direct computation far past n0 + p, the closed forms against the naive engine,
 * and the honest answers where no theorem applies. */
#include <grundy/grundy.h>

#include "check.h"
#include "period_ref.h"

static grundy_rule *parse(const char *text) {
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(text, &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "cannot parse %s\n", text);
    }
    return rule;
}

static grundy_period_result find(const grundy_rule *rule, uint64_t max_n) {
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    grundy_period_result res;
    opts.max_n = max_n;
    CHECK(grundy_period_find(rule, NULL, &opts, &res) == GRUNDY_STATUS_OK);
    return res;
}

static void expect(const char *text, uint64_t n0, uint64_t p, grundy_proof proof,
                   uint64_t max_value) {
    grundy_rule *rule = parse(text);
    const grundy_period_result r = find(rule, 1u << 16);
    CHECK(r.found && r.proved);
    CHECK_U64(r.preperiod, n0);
    CHECK_U64(r.period, p);
    CHECK_U64(r.saltus, 0);
    CHECK_EQ(r.proof, proof);
    CHECK_U64(r.max_value, max_value);
    CHECK(proof == GRUNDY_PROOF_CLOSED_FORM ||
          r.values_computed >= grundy_period_values_needed(rule, n0, p));
    grundy_rule_destroy(rule);
}

static void test_literature(void) {
    expect("0.07", 53, 34, GRUNDY_PROOF_GUY_SMITH, 9);  /* seed 000, section 9 */
    expect("0.137", 52, 34, GRUNDY_PROOF_GUY_SMITH, 9); /* A002187 */
    expect("0.77", 71, 12, GRUNDY_PROOF_GUY_SMITH, 8);  /* A002186 */
    expect("S(1,3,4)", 0, 7, GRUNDY_PROOF_WINDOW, 3);   /* Winning Ways */
    expect("S(1-1000000000000000000)", 0, 1000000000000000001ull, GRUNDY_PROOF_CLOSED_FORM,
           1000000000000000000ull);
    expect("S(2-3)", 0, 5, GRUNDY_PROOF_CLOSED_FORM, 2);
    grundy_rule *rule = parse("0.07");
    CHECK_U64(grundy_period_values_needed(rule, 53, 34), 2 * 53 + 2 * 34 + 2);
    CHECK_U64(grundy_period_values_needed(rule, 0, 34), 2 + 2 * 34 + 2);
    grundy_rule_destroy(rule);
    rule = parse("0.F");
    CHECK_U64(grundy_period_values_needed(rule, 5, 3), 3 * 5 + 3 * 3 + 1 + 3);
    grundy_rule_destroy(rule);
    rule = parse("S(2,9)");
    CHECK_U64(grundy_period_values_needed(rule, 4, 7), 4 + 7 + 9);
    CHECK_U64(grundy_period_values_needed(rule, 0, 7), 1 + 7 + 9);
    grundy_rule_destroy(rule);
}

/* Nim (and take-a-or-more) by its closed form: arithmetic period with saltus 1. */
static void test_closed_forms(void) {
    grundy_rule *nim = parse("nim");
    grundy_period_result r = find(nim, 100);
    CHECK(r.found && r.proved && r.proof == GRUNDY_PROOF_CLOSED_FORM);
    CHECK_U64(r.period, 1);
    CHECK_U64(r.saltus, 1);
    CHECK_U64(r.preperiod, 0);
    CHECK_U64(r.values_computed, 0);
    CHECK_EQ(grundy_period_theorem(nim), GRUNDY_PROOF_CLOSED_FORM);
    grundy_rule_destroy(nim);
    /* Every S(a-b) and take-a-or-more with small a, b against the naive engine. */
    for (unsigned a = 1; a <= 9; a++) {
        for (unsigned b = a; b <= 13; b++) {
            char text[64];
            const int unbounded = b == 13;
            if (unbounded) {
                snprintf(text, sizeof text, "0.%.*s[3]", (int)(a - 1), "00000000");
            } else {
                snprintf(text, sizeof text, "S(%u-%u)", a, b);
            }
            grundy_rule *rule = parse(text);
            uint64_t *g = prefix_values(rule, 300);
            grundy_query *q = NULL;
            CHECK(g != NULL);
            CHECK(grundy_query_create(rule, NULL, &q) == GRUNDY_STATUS_OK);
            r = find(rule, 100);
            CHECK(r.proved && r.proof == GRUNDY_PROOF_CLOSED_FORM);
            CHECK_U64(r.period, unbounded ? a : a + b);
            for (uint64_t n = 0; g != NULL && q != NULL && n < 300; n++) {
                uint64_t v = 0;
                CHECK(grundy_query_value(q, n, &v) == GRUNDY_STATUS_OK);
                if (v != g[n]) {
                    fprintf(stderr, "%s: closed form g(%llu) = %llu, naive %llu\n", text,
                            (unsigned long long)n, (unsigned long long)v, (unsigned long long)g[n]);
                    CHECK_U64(v, g[n]);
                    break;
                }
            }
            /* The smallest period and preperiod of the naive values agree too (bounded). */
            uint64_t n0 = 99;
            if (!unbounded && g != NULL) {
                CHECK_U64(brute_period(g, 300, &n0), a + b);
                CHECK_U64(n0, 0);
                CHECK_U64(r.max_value, (a + b - 1) / a);
            }
            free(g);
            grundy_query_destroy(q);
            grundy_rule_destroy(rule);
        }
    }
}

/* Check a proved period by direct computation far past the theorem's window: g repeats with
 * period p from n0 to the end, not from n0 - 1, and the brute-force finder agrees. */
static void check_proof(const char *text, uint64_t seed, const grundy_rule *rule,
                        const grundy_period_result *r) {
    const uint64_t needed = grundy_period_values_needed(rule, r->preperiod, r->period);
    uint64_t len = 3 * (r->preperiod + r->period) + 200;
    len = len > 2 * needed ? len : 2 * needed;
    uint64_t *g = prefix_values(rule, len);
    CHECK(g != NULL);
    if (g == NULL) {
        return;
    }
    uint64_t bad = UINT64_MAX, n0 = 0;
    for (uint64_t i = r->preperiod; i + r->period < len && bad == UINT64_MAX; i++) {
        bad = g[i + r->period] != g[i] ? i : bad;
    }
    const uint64_t p = brute_period(g, len, &n0);
    if (bad != UINT64_MAX || p != r->period || n0 != r->preperiod) {
        fprintf(stderr,
                "%s (seed %llu, %s): claimed n0 %llu p %llu; direct: mismatch at %llu, "
                "brute n0 %llu p %llu over %llu values\n",
                text, (unsigned long long)seed, grundy_proof_name(r->proof),
                (unsigned long long)r->preperiod, (unsigned long long)r->period,
                (unsigned long long)bad, (unsigned long long)n0, (unsigned long long)p,
                (unsigned long long)len);
        CHECK(0);
    }
    free(g);
}

/* Random finite codes: `split_bits` are the digit bits beyond 1 and 2 that may appear. */
static void random_finite_code(check_rng *rng, unsigned split_bits, size_t max_len, char *text) {
    static const char chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    const size_t len = 1 + (size_t)check_rng_below(rng, max_len);
    size_t w = 0;
    text[w++] = check_rng_below(rng, 6) == 0 && (split_bits & 4u) ? '4' : '0';
    text[w++] = '.';
    for (size_t k = 0; k < len; k++) {
        const unsigned d = (unsigned)check_rng_below(rng, 32) & (3u | split_bits);
        text[w++] = chars[k + 1 == len && d == 0 ? 3u : d];
    }
    text[w] = '\0';
}

/* Each proof kind on many random rules, every proof checked directly. */
static void test_random_proofs(void) {
    const uint64_t seed = check_seed(1956);
    check_rng rng = {seed};
    static const struct {
        grundy_proof kind;
        unsigned bits;
        size_t len;
        uint64_t max_n;
        int trials, min_proved;
    } plans[] = {
        {GRUNDY_PROOF_WINDOW, 0u, 9, 4096, 120, 100},
        {GRUNDY_PROOF_GUY_SMITH, 4u, 4, 2048, 120, 40},
        {GRUNDY_PROOF_K_HEAP, 12u, 3, 200, 150, 20},
    };
    for (size_t k = 0; k < sizeof plans / sizeof plans[0]; k++) {
        int proved = 0;
        for (int trial = 0; trial < plans[k].trials; trial++) {
            char text[32];
            random_finite_code(&rng, plans[k].bits, plans[k].len, text);
            grundy_rule *rule = parse(text);
            if (grundy_period_theorem(rule) != plans[k].kind) {
                grundy_rule_destroy(rule); /* e.g. a closed form, or no split bit drawn */
                continue;
            }
            const grundy_period_result r = find(rule, plans[k].max_n);
            if (r.proved) {
                CHECK_EQ(r.proof, plans[k].kind);
                check_proof(text, seed, rule, &r);
                proved++;
            } else {
                CHECK(!r.found || r.saltus > 0); /* a plain period would have been proved */
            }
            grundy_rule_destroy(rule);
        }
        printf("%s: %d random rules proved\n", grundy_proof_name(plans[k].kind), proved);
        if (proved < plans[k].min_proved) {
            fprintf(stderr, "only %d %s proofs (seed %llu)\n", proved,
                    grundy_proof_name(plans[k].kind), (unsigned long long)seed);
        }
        CHECK(proved >= plans[k].min_proved);
    }
}

/* No theorem covers '!' codes and tails: a period is at most observed, never proved. */
static void test_unproved(void) {
    grundy_rule *grundys_game = parse("4!.0");
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    grundy_period_result r;
    opts.unproved_max_n = 1000;
    CHECK(grundy_period_find(grundys_game, NULL, &opts, &r) == GRUNDY_STATUS_OK);
    CHECK(!r.found && !r.proved && r.proof == GRUNDY_PROOF_NONE);
    CHECK_U64(r.values_computed, 1001);
    CHECK_EQ(grundy_period_theorem(grundys_game), GRUNDY_PROOF_NONE);
    grundy_rule_destroy(grundys_game);
    /* 0.[2]: take any number leaving a non-empty heap, g(n) = n - 1 for n >= 1. */
    grundy_rule *tail = parse("0.[2]");
    r = find(tail, 4096);
    CHECK(r.found && !r.proved && r.proof == GRUNDY_PROOF_NONE);
    CHECK_U64(r.preperiod, 1);
    CHECK_U64(r.period, 1);
    CHECK_U64(r.saltus, 1);
    grundy_rule_destroy(tail);
    /* 0.8 (hexadecimal): g(n) = floor((n - 1) / 3) for n >= 1, observed with saltus 1. */
    grundy_rule *hex = parse("0.8");
    r = find(hex, 4096);
    CHECK(r.found && !r.proved);
    CHECK_U64(r.period, 3);
    CHECK_U64(r.saltus, 1);
    CHECK_U64(r.preperiod, 1);
    grundy_rule_destroy(hex);
    /* Within a tiny bound nothing is found for Kayles; max_n counts heaps, so 101 values. */
    grundy_rule *kayles = parse("0.77");
    r = find(kayles, 100);
    CHECK(!r.found);
    CHECK_U64(r.values_computed, 101);
    grundy_rule_destroy(kayles);
}

/* The search on random codes with each engine and 1, 2 and 3 threads: the same answer, the
 * same values computed (the rounds, and the scan's plain filter, never depend on either). */
static void test_threads(void) {
    const uint64_t seed = check_seed(1212);
    check_rng rng = {seed};
    static const struct {
        grundy_seq_engine engine;
        unsigned threads;
    } runs[] = {{GRUNDY_SEQ_NAIVE, 1},
                {GRUNDY_SEQ_SPARSE, 1},
                {GRUNDY_SEQ_SPARSE, 2},
                {GRUNDY_SEQ_SPARSE, 3}};
    int compared = 0;
    for (int trial = 0; trial < 60; trial++) {
        char text[32];
        random_finite_code(&rng, 4u, 5, text);
        grundy_rule *rule = parse(text);
        grundy_period_result want = {0, 0, GRUNDY_PROOF_NONE, 0, 0, 0, 0, 0};
        for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
            grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
            grundy_period_result r;
            opts.max_n = 6000;
            opts.unproved_max_n = 6000;
            opts.seq.engine = runs[k].engine;
            opts.seq.threads = runs[k].threads;
            const grundy_status st = grundy_period_find(rule, NULL, &opts, &r);
            if (st == GRUNDY_STATUS_UNSUPPORTED && k > 0) {
                break; /* no sparse engine for this rule */
            }
            CHECK_EQ(st, GRUNDY_STATUS_OK);
            want = k == 0 ? r : want;
            compared += k == sizeof runs / sizeof runs[0] - 1;
            if (r.found != want.found || r.proved != want.proved || r.proof != want.proof ||
                r.period != want.period || r.preperiod != want.preperiod ||
                r.saltus != want.saltus || r.values_computed != want.values_computed ||
                r.max_value != want.max_value) {
                fprintf(stderr,
                        "%s (seed %llu), engine %d, %u threads: found %d n0 %llu p %llu after "
                        "%llu values; naive: found %d n0 %llu p %llu after %llu\n",
                        text, (unsigned long long)seed, (int)runs[k].engine, runs[k].threads,
                        r.found, (unsigned long long)r.preperiod, (unsigned long long)r.period,
                        (unsigned long long)r.values_computed, want.found,
                        (unsigned long long)want.preperiod, (unsigned long long)want.period,
                        (unsigned long long)want.values_computed);
                CHECK(0);
            }
        }
        grundy_rule_destroy(rule);
    }
    printf("threads: %d random rules alike on every engine and thread count\n", compared);
    CHECK(compared >= 40);
}

int main(void) {
    test_literature();
    test_closed_forms();
    test_random_proofs();
    test_unproved();
    test_threads();
    return check_report("test_period");
}
