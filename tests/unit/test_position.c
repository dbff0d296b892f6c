/* SPDX-License-Identifier: MIT */
/* Playing sums of heaps against the game-tree search (grundy_verify on random rules, normal and
 * misere), the seed problems' samples, and huge heaps against independent counts. */
#include "check.h"

#include <grundy/brute.h>
#include <grundy/nimber.h>

static grundy_rule *parse(const char *text) {
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    return r;
}

/* A random rule: a short code (maybe with '!', a d0 split or a tail) or a subtraction set. */
static void random_rule(check_rng *r, char *buf, size_t cap) {
    const uint64_t kind = check_rng_below(r, 4);
    size_t n = 0;
    if (kind == 0) {
        const uint64_t a = 1 + check_rng_below(r, 4), b = 1 + check_rng_below(r, 6);
        snprintf(buf, cap, check_rng_below(r, 2) ? "S(%llu,%llu)" : "S(%llu-%llu)",
                 (unsigned long long)a, (unsigned long long)(a + b));
        return;
    }
    n += (size_t)snprintf(buf + n, cap - n, "%s", check_rng_below(r, 6) == 0 ? "4." : "0.");
    const uint64_t digits = 1 + check_rng_below(r, 3);
    for (uint64_t i = 0; i < digits; i++) {
        const uint64_t d = i + 1 == digits ? 1 + check_rng_below(r, 7) : check_rng_below(r, 8);
        n += (size_t)snprintf(buf + n, cap - n, "%u", (unsigned)d);
        if ((d & 4) && check_rng_below(r, 3) == 0) {
            n += (size_t)snprintf(buf + n, cap - n, "!");
        }
    }
    if (kind == 3) {
        snprintf(buf + n, cap - n, "[%u]", (unsigned)(1 + check_rng_below(r, 3)));
    }
}

static void test_random_rules(uint64_t seed) {
    check_rng r = {seed};
    for (int t = 0; t < 36; t++) {
        char text[64];
        random_rule(&r, text, sizeof text);
        grundy_rule *rule = parse(text);
        for (int misere = 0; misere <= 1 && rule != NULL; misere++) {
            grundy_verify_opts o = GRUNDY_VERIFY_OPTS_INIT;
            grundy_verify_report rep;
            o.samples = 120;
            o.max_heap = misere ? 8 : 10;
            o.heaps = 3;
            o.seed = seed + (uint64_t)t;
            o.misere = misere;
            o.naive_to = 400;
            o.max_n = 4096;
            const grundy_status st = grundy_verify(rule, &o, &rep);
            CHECK_EQ(st, GRUNDY_STATUS_OK);
            CHECK_EQ(rep.mismatch, 0);
            CHECK_U64(rep.positions, o.samples);
            if (st != GRUNDY_STATUS_OK || rep.mismatch) {
                fprintf(stderr, "rule %s misere %d seed %" PRIu64 ": %s (heaps", text, misere,
                        o.seed, rep.message);
                for (size_t i = 0; i < rep.heap_count; i++) {
                    fprintf(stderr, " %" PRIu64, rep.heaps[i]);
                }
                fprintf(stderr, ")\n");
            }
        }
        grundy_rule_destroy(rule);
    }
}

static int play(const char *rule_text, const uint64_t *h, size_t k, int misere,
                grundy_play_result *res, grundy_move *moves, size_t cap) {
    grundy_rule *rule = parse(rule_text);
    grundy_position *p = NULL;
    CHECK_EQ(grundy_position_create(rule, NULL, &p), GRUNDY_STATUS_OK);
    const grundy_status st = grundy_position_play(p, h, k, misere, moves, cap, res);
    grundy_position_destroy(p);
    grundy_rule_destroy(rule);
    return (int)st;
}

static void test_seed_samples(void) {
    grundy_play_result r;
    grundy_move m[8];
    const uint64_t p2[3] = {3, 5, 6}; /* problem 2: capped Nim K = 2: First */
    CHECK_EQ(play("S(1-2)", p2, 3, 0, &r, m, 8), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 1);
    CHECK_U64(r.nim_sum, 2);
    CHECK_U64(r.move_count, 3); /* values 0 2 0: 3 -> 2, 5 -> 3, 6 -> 5 */
    CHECK_U64(m[1].heap, 1);
    CHECK_U64(m[1].take, 2);
    const uint64_t p3[2] = {1, 1}; /* problem 3: misere Nim: First */
    CHECK_EQ(play("nim", p3, 2, 1, &r, m, 8), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 1);
    CHECK_U64(r.move_count, 2);
    const uint64_t p4[3] = {1, 2, 3}; /* problem 4: take-or-split is 0.73: Second */
    CHECK_EQ(play("0.73", p4, 3, 0, &r, m, 8), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 0);
    const uint64_t p6[3][2] = {{1, 1}, {2, 0}, {3, 4}}; /* problem 6: misere S(1,2) */
    const int p6_win[3] = {1, 1, 0};
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(play("S(1,2)", p6[i], 2, 1, &r, m, 8), GRUNDY_STATUS_OK);
        CHECK_EQ(r.win, p6_win[i]);
    }
    const uint64_t p10[2] = {4, 5}; /* problem 10: S(1,3): First */
    CHECK_EQ(play("S(1,3)", p10, 2, 0, &r, m, 8), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 1);
    const uint64_t pe301[3] = {1, 2, 3}; /* PE 301's X(1, 2, 3) = 0 */
    CHECK_EQ(play("nim", pe301, 3, 0, &r, m, 8), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 0);
}

static void test_huge_heaps(uint64_t seed) {
    check_rng rng = {seed};
    grundy_play_result r;
    grundy_move m[4];
    for (int t = 0; t < 50; t++) {
        /* Nim: the winning moves are the heaps h with (X ^ h) < h (Bouton). */
        uint64_t h[3];
        uint64_t want = 0;
        for (int i = 0; i < 3; i++) {
            h[i] = check_rng_below(&rng, GRUNDY_NUMBER_MAX) + 1;
        }
        const uint64_t x = grundy_nim_sum_array(h, 3);
        for (int i = 0; i < 3; i++) {
            want += x != 0 && (x ^ h[i]) < h[i];
        }
        CHECK_EQ(play("nim", h, 3, 0, &r, m, 4), GRUNDY_STATUS_OK);
        CHECK_U64(r.move_count, want);
        for (size_t i = 0; i < r.moves_listed; i++) {
            CHECK_U64(m[i].leaves_count == 1 ? m[i].leaves[0] : 0, x ^ h[m[i].heap]);
        }
        /* Capped Nim S(1-K): value a mod (K + 1); one heap wins iff it is nonzero. */
        const uint64_t k = 1 + check_rng_below(&rng, 1000);
        char text[32];
        snprintf(text, sizeof text, "S(1-%llu)", (unsigned long long)k);
        CHECK_EQ(play(text, h, 1, 0, &r, m, 4), GRUNDY_STATUS_OK);
        CHECK_EQ(r.win, grundy_nim_capped_value(h[0], k) != 0);
        CHECK_U64(r.move_count, r.win ? 1 : 0);
    }
}

/* Splits of big heaps through residue classes (the period proved first) against a count over
 * the naive sequence, for Kayles (n0 = 71, p = 12) and Dawson's Kayles (n0 = 52, p = 34). */
static uint64_t naive_count(const grundy_seq *seq, const uint64_t *h, uint64_t takes) {
    const uint64_t x = grundy_seq_get(seq, h[0]) ^ grundy_seq_get(seq, h[1]);
    uint64_t want = 0;
    for (int i = 0; i < 2 && x != 0; i++) {
        const uint64_t t = x ^ grundy_seq_get(seq, h[i]);
        for (uint64_t take = 1; take <= 2 && take <= h[i]; take++) {
            const uint64_t rest = h[i] - take;
            if (((takes >> take) & 1u) == 0) {
                continue;
            }
            want += rest == 0 ? t == 0 : grundy_seq_get(seq, rest) == t;
            for (uint64_t a = 1; a <= rest / 2; a++) {
                want += (grundy_seq_get(seq, a) ^ grundy_seq_get(seq, rest - a)) == t;
            }
        }
    }
    return want;
}

static void test_splits(const char *name, uint64_t takes, uint64_t seed) {
    grundy_rule *k = parse(name);
    grundy_seq_opts so = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    grundy_position *p = NULL;
    check_rng rng = {seed};
    so.engine = GRUNDY_SEQ_NAIVE;
    CHECK_EQ(grundy_seq_create(k, &so, &seq), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(seq, 2001), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_position_create(k, NULL, &p), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_query_prepare(grundy_position_query(p), GRUNDY_NUMBER_MAX), GRUNDY_STATUS_OK);
    for (int s = 0; s < 150; s++) {
        const uint64_t h[2] = {300 + check_rng_below(&rng, 1700), check_rng_below(&rng, 40)};
        const size_t cap = (size_t)check_rng_below(&rng, 6);
        const uint64_t want = naive_count(seq, h, takes);
        grundy_play_result r;
        grundy_move m[5];
        CHECK_EQ(grundy_position_play(p, h, 2, 0, m, cap, &r), GRUNDY_STATUS_OK);
        CHECK_U64(r.move_count, want);
        CHECK_U64(r.moves_listed, want < cap ? want : cap);
        for (size_t i = 0; i < r.moves_listed; i++) { /* each listed move leaves value t */
            uint64_t left = 0;
            for (unsigned j = 0; j < m[i].leaves_count; j++) {
                left ^= grundy_seq_get(seq, m[i].leaves[j]);
            }
            CHECK_U64(left ^ grundy_seq_get(seq, h[1 - m[i].heap]), 0);
        }
        if (r.move_count != want) {
            fprintf(stderr, "%s: heaps %" PRIu64 " %" PRIu64 ", seed %" PRIu64 "\n", name, h[0],
                    h[1], seed);
        }
    }
    grundy_position_destroy(p);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(k);
}

static void test_limits(void) {
    grundy_play_result r;
    const uint64_t big[2] = {1000000, 1000000};
    /* misere Kayles of huge heaps: answered through its misere quotient's proved period */
    CHECK_EQ(play("kayles", big, 2, 1, &r, NULL, 0), GRUNDY_STATUS_OK);
    const uint64_t bad[1] = {GRUNDY_NUMBER_MAX + 1};
    CHECK_EQ(play("nim", bad, 1, 0, &r, NULL, 0), GRUNDY_STATUS_RANGE);
    /* a NULL player (a binding's freed one) is refused, not read */
    CHECK_EQ(grundy_position_play(NULL, big, 2, 0, NULL, 0, &r), GRUNDY_STATUS_INVALID_ARG);
}

/* The misere search stops at max_work moves tried, not only at max_states positions kept (a
 * Kayles heap of 70 once searched for minutes within its 2^22 positions). */
static void test_misere_work(void) {
    grundy_rule *rule = parse("kayles");
    grundy_position_opts opts = GRUNDY_POSITION_OPTS_INIT;
    grundy_position *p = NULL;
    grundy_play_result r;
    const uint64_t heaps[2] = {30, 30};
    opts.max_work = 10000;
    opts.quotient_max_heap = 0; /* the search itself, not the misere quotient */
    CHECK_EQ(grundy_position_create(rule, &opts, &p), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_position_play(p, heaps, 2, 1, NULL, 0, &r), GRUNDY_STATUS_LIMIT);
    CHECK_EQ(grundy_position_play(p, heaps, 1, 1, NULL, 0, &r), GRUNDY_STATUS_LIMIT);
    const uint64_t small[2] = {3, 4}; /* within the budget: answered (a win, by game-tree search) */
    CHECK_EQ(grundy_position_play(p, small, 2, 1, NULL, 0, &r), GRUNDY_STATUS_OK);
    CHECK_EQ(r.win, 1);
    grundy_position_destroy(p);
    grundy_rule_destroy(rule);
}

/* Every move of a sum, winning or not: Kayles on heaps 1 and 3, spelled out, and cut at cap. */
static void test_every_move(void) {
    grundy_rule *rule = parse("kayles");
    const uint64_t heaps[2] = {1, 3};
    grundy_move moves[8];
    size_t listed = 0;
    int more = 0;
    CHECK_EQ(grundy_position_moves(rule, heaps, 2, moves, 8, &listed, &more), GRUNDY_STATUS_OK);
    CHECK_EQ(listed, 4);
    CHECK_EQ(more, 0);
    /* heap 0 (1): take it; heap 1 (3): take 1 leaving 2 or 1 + 1, take 2 leaving 1 */
    const uint64_t want[4][4] = {{0, 1, 0, 0}, {1, 1, 2, 0}, {1, 1, 1, 1}, {1, 2, 1, 0}};
    for (size_t i = 0; i < 4 && i < listed; i++) {
        CHECK_EQ(moves[i].heap, want[i][0]);
        CHECK_EQ(moves[i].size, heaps[want[i][0]]);
        CHECK_EQ(moves[i].take, want[i][1]);
        CHECK_EQ(moves[i].leaves_count, (want[i][2] != 0) + (want[i][3] != 0));
        CHECK_EQ(moves[i].leaves[0], want[i][2]);
        CHECK_EQ(moves[i].leaves[1], want[i][3]);
    }
    CHECK_EQ(grundy_position_moves(rule, heaps, 2, moves, 2, &listed, &more), GRUNDY_STATUS_OK);
    CHECK_EQ(listed, 2);
    CHECK_EQ(more, 1);
    const uint64_t none[1] = {0};
    CHECK_EQ(grundy_position_moves(rule, none, 1, moves, 8, &listed, &more), GRUNDY_STATUS_OK);
    CHECK_EQ(listed, 0);
    CHECK_EQ(grundy_position_moves(NULL, none, 1, moves, 8, &listed, &more),
             GRUNDY_STATUS_INVALID_ARG);
    grundy_rule_destroy(rule);
}

int main(void) {
    const uint64_t seed = check_seed(5005);
    test_seed_samples();
    test_huge_heaps(seed);
    test_splits("kayles", 6, seed);
    test_splits("dawson-kayles", 4, seed);
    test_limits();
    test_misere_work();
    test_random_rules(seed);
    test_every_move();
    return check_report("test_position");
}
