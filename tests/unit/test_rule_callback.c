/* SPDX-License-Identifier: MIT */
/* Unit tests for heap games given by a function (grundy_rule_from_moves): a function that lists a
 * take-and-break code's moves must give the code's values, period, play and verification, and
 * every bad move, failure and broken promise must stop the computation with its reason. */
#include <grundy/brute.h>
#include <grundy/period.h>
#include <grundy/position.h>
#include <grundy/rule.h>

#include "check.h"

/* ---------------------------------------------------------------- a code's moves, by hand */

/* Digits d0..d_t of a code without tail or '!' (the model of test_rule.c's meaning of a digit). */
typedef struct code_model {
    unsigned digits[8];
    unsigned t;
    int64_t break_at; /* from this heap on, drop the last move (a broken promise); -1: never */
    int64_t bad_at;   /* at this heap, add the move `bad` instead (checks the sink); -1: never */
    int64_t bad[5];
    size_t bad_width;
    int64_t fail_at; /* at this heap, return GRUNDY_STATUS_INTERRUPTED; -1: never */
    unsigned calls;
} code_model;

/* Every way of writing `rest` as `parts` non-decreasing parts >= min, added to the sink. */
static grundy_status add_splits(grundy_rule_sink *sink, int64_t *left, unsigned i, unsigned parts,
                                int64_t rest, int64_t min) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (i + 1 == parts) {
        if (rest >= min) {
            left[i] = rest;
            st = grundy_rule_sink_add(sink, left, 1, parts);
        }
        return st;
    }
    for (int64_t a = min; a * (int64_t)(parts - i) <= rest && st == GRUNDY_STATUS_OK; a++) {
        left[i] = a;
        st = add_splits(sink, left, i + 1, parts, rest - a, a);
    }
    return st;
}

static grundy_status model_moves(void *ctx, uint64_t n, grundy_rule_sink *sink) {
    code_model *m = ctx;
    int64_t left[4];
    grundy_status st = GRUNDY_STATUS_OK;
    m->calls++;
    if ((int64_t)n == m->fail_at) {
        return GRUNDY_STATUS_INTERRUPTED;
    }
    if ((int64_t)n == m->bad_at) {
        return grundy_rule_sink_add(sink, m->bad, 1, m->bad_width);
    }
    for (unsigned k = 0; k <= m->t && k <= n && st == GRUNDY_STATUS_OK; k++) {
        for (unsigned j = 0; j <= 3 && st == GRUNDY_STATUS_OK; j++) {
            if ((m->digits[k] & (1u << j)) == 0) {
                continue;
            }
            const int64_t rest = (int64_t)n - (int64_t)k;
            if (j == 0) {
                st = rest == 0 ? grundy_rule_sink_add(sink, left, 1, 0) : st;
            } else if (m->break_at < 0 || (int64_t)n < m->break_at || k != m->t) {
                st = add_splits(sink, left, 0, j, rest, 1);
            }
        }
    }
    return st;
}

static void model_text(const code_model *m, char *text) {
    static const char base32[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    size_t len = 0;
    text[len++] = base32[m->digits[0]];
    text[len++] = '.';
    for (unsigned k = 1; k <= m->t; k++) {
        text[len++] = base32[m->digits[k]];
    }
    text[len] = '\0';
}

static code_model model(const char *digits) {
    code_model m = {{0}, 0, -1, -1, {0}, 0, -1, 0};
    for (const char *c = digits; *c != '\0'; c++) {
        m.digits[m.t++] = (unsigned)(*c - '0');
    }
    m.t--;
    return m;
}

static grundy_rule *from_model(code_model *m, int octal, unsigned max_left) {
    grundy_rule_shape shape = GRUNDY_RULE_SHAPE_INIT;
    grundy_rule *r = NULL;
    shape.max_take = m->t;
    shape.max_heaps_left = max_left;
    shape.octal = octal;
    CHECK_EQ(grundy_rule_from_moves(model_moves, m, &shape, "model", NULL, &r), GRUNDY_STATUS_OK);
    return r;
}

/* ---------------------------------------------------------------- the same answers */

static void same_values(const grundy_rule *a, const grundy_rule *b, uint64_t length) {
    grundy_seq_opts o = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *x = NULL, *y = NULL;
    o.engine = GRUNDY_SEQ_NAIVE;
    CHECK_EQ(grundy_seq_create(a, &o, &x), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_create(b, NULL, &y), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(x, length), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_extend(y, length), GRUNDY_STATUS_OK);
    uint64_t differ = 0;
    for (uint64_t n = 0; n < length; n++) {
        differ += grundy_seq_get(x, n) != grundy_seq_get(y, n);
    }
    CHECK_U64(differ, 0);
    grundy_seq_destroy(x);
    grundy_seq_destroy(y);
}

/* Small bounds keep the naive engine quick: Kayles's proof needs 2 (71 + 12) + 2 values. */
#define MAX_N 600

static grundy_period_result period_of(const grundy_rule *r, uint64_t max_n) {
    grundy_period_opts o = GRUNDY_PERIOD_OPTS_INIT;
    grundy_period_result res;
    o.max_n = max_n;
    o.unproved_max_n = max_n;
    CHECK_EQ(grundy_period_find(r, NULL, &o, &res), GRUNDY_STATUS_OK);
    return res;
}

static void same_play(const grundy_rule *a, const grundy_rule *b, check_rng *rng) {
    grundy_position *pa = NULL, *pb = NULL;
    grundy_position_opts o = GRUNDY_POSITION_OPTS_INIT;
    o.period.max_n = MAX_N / 4;
    o.period.unproved_max_n = MAX_N / 4;
    CHECK_EQ(grundy_position_create(a, &o, &pa), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_position_create(b, &o, &pb), GRUNDY_STATUS_OK);
    for (int i = 0; i < 20; i++) {
        uint64_t heaps[3];
        const size_t count = 1 + check_rng_below(rng, 3);
        for (size_t j = 0; j < count; j++) {
            heaps[j] = check_rng_below(rng, 40);
        }
        grundy_play_result ra, rb;
        CHECK_EQ(grundy_position_play(pa, heaps, count, 0, NULL, 0, &ra), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_position_play(pb, heaps, count, 0, NULL, 0, &rb), GRUNDY_STATUS_OK);
        CHECK_EQ(ra.win, rb.win);
        CHECK_U64(ra.nim_sum, rb.nim_sum);
        CHECK_U64(ra.move_count, rb.move_count);
    }
    grundy_position_destroy(pa);
    grundy_position_destroy(pb);
}

/* Random codes of up to four digits leaving up to three heaps, without and with the octal
 * promise: the values, the play and the brute force's verdict are the code's; the period is the
 * code's, proved only with the promise. */
static void test_random_codes(uint64_t seed) {
    check_rng rng = {seed};
    for (int trial = 0; trial < 12; trial++) {
        code_model m = model("0");
        m.t = 1 + (unsigned)check_rng_below(&rng, 4);
        for (unsigned k = 1; k <= m.t; k++) {
            m.digits[k] = (unsigned)check_rng_below(&rng, trial < 8 ? 8 : 16);
        }
        m.digits[m.t] |= 1u; /* the last digit nonzero: the code's largest take is t */
        char text[16];
        model_text(&m, text);
        grundy_rule *code = NULL;
        CHECK_EQ(grundy_rule_parse(text, &code, NULL), GRUNDY_STATUS_OK);
        const unsigned k = grundy_rule_max_heaps_left(code);
        for (int octal = 0; octal <= 1; octal++) {
            grundy_rule *r = from_model(&m, octal, 3);
            const uint64_t max_n = k >= 3 ? MAX_N / 4 : MAX_N;
            same_values(r, code, max_n);
            same_play(r, code, &rng);
            const grundy_period_result pr = period_of(r, max_n), pc = period_of(code, max_n);
            if (k <= 2) {
                CHECK_EQ(pr.found, pc.found);
                CHECK_U64(pr.period, pc.period);
                CHECK_U64(pr.preperiod, pc.preperiod);
            }
            CHECK_EQ(pr.proved, octal && pc.proved);
            grundy_verify_opts vo = GRUNDY_VERIFY_OPTS_INIT;
            grundy_verify_report rep;
            vo.samples = 100;
            vo.max_heap = 10;
            vo.seed = seed + (uint64_t)trial;
            vo.naive_to = 100;
            vo.max_n = max_n;
            CHECK_EQ(grundy_verify(r, &vo, &rep), GRUNDY_STATUS_OK);
            CHECK_EQ(rep.mismatch, 0);
            if (rep.mismatch) {
                fprintf(stderr, "  %s (octal %d, seed %llu): %s\n", text, octal,
                        (unsigned long long)seed, rep.message);
            }
            grundy_rule_destroy(r);
        }
        grundy_rule_destroy(code);
    }
}

/* Kayles through the octal promise: Guy and Smith's theorem proves period 12 after 71. */
static void test_kayles(void) {
    code_model m = model("077");
    grundy_rule *r = from_model(&m, 1, 2);
    char code[16];
    grundy_rule_format(grundy_rule_shape_code(r), code, sizeof code);
    CHECK_STR(code, "0.77");
    grundy_rule_format(r, code, sizeof code);
    CHECK_STR(code, "model");
    const grundy_period_result p = period_of(r, MAX_N);
    CHECK(p.found && p.proved && p.proof == GRUNDY_PROOF_GUY_SMITH);
    CHECK_U64(p.period, 12);
    CHECK_U64(p.preperiod, 71);
    CHECK_EQ(grundy_rule_get_kind(r), GRUNDY_RULE_CALLBACK);
    size_t count = 1;
    CHECK(grundy_rule_classes(r, &count) == NULL && count == 0);
    grundy_seq_opts o = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *s = NULL;
    o.engine = GRUNDY_SEQ_SPARSE;
    CHECK_EQ(grundy_seq_create(r, &o, &s), GRUNDY_STATUS_UNSUPPORTED);
    o.engine = GRUNDY_SEQ_AUTO;
    CHECK_EQ(grundy_seq_create(r, &o, &s), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_seq_get_engine(s), GRUNDY_SEQ_NAIVE);
    grundy_seq_destroy(s);
    grundy_rule_destroy(r);
}

/* ---------------------------------------------------------------- refusals */

/* The rule's problem, or "(none)": a missing one fails the check instead of crashing it. */
static const char *problem_of(const grundy_rule *r) {
    const char *p = grundy_rule_problem(r);
    return p != NULL ? p : "(none)";
}

static grundy_status extend_to(const grundy_rule *r, uint64_t length) {
    grundy_seq *s = NULL;
    grundy_status st = grundy_seq_create(r, NULL, &s);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_extend(s, length);
    }
    grundy_seq_destroy(s);
    return st;
}

static void expect_bad(const int64_t *bad, size_t width, const char *why) {
    code_model m = model("077");
    m.bad_at = 9;
    memcpy(m.bad, bad, width * sizeof *bad);
    m.bad_width = width;
    grundy_rule *r = from_model(&m, 0, 4);
    CHECK(grundy_rule_problem(r) == NULL);
    CHECK_EQ(extend_to(r, 20), GRUNDY_STATUS_INVALID_ARG);
    CHECK_STR(problem_of(r), why);
    grundy_rule_destroy(r);
}

static void test_bad_moves(void) {
    const int64_t negative[2] = {3, -1}, big[1] = {9}, five[5] = {1, 1, 1, 1, 1};
    const int64_t heavy[3] = {4, 4, 4}, nothing[1] = {0};
    expect_bad(negative, 2, "heap 9: a move leaves a negative heap (-1)");
    expect_bad(big, 1, "heap 9: a move leaves a heap of 9, not smaller than 9");
    expect_bad(five, 5, "heap 9: a move leaves more than 4 heaps");
    expect_bad(heavy, 3, "heap 9: a move leaves heaps of more than 9 tokens in all");
    (void)nothing;
    /* the declared shape is checked: max_take 2, two heaps */
    code_model m = model("077");
    m.bad_at = 9;
    m.bad[0] = 1;
    m.bad_width = 1;
    grundy_rule *r = from_model(&m, 0, 2);
    CHECK_EQ(extend_to(r, 20), GRUNDY_STATUS_INVALID_ARG);
    CHECK_STR(problem_of(r), "heap 9: a move takes 8 tokens, more than the declared max_take 2");
    grundy_rule_destroy(r);
    m.bad[0] = m.bad[1] = m.bad[2] = 2;
    m.bad_width = 3;
    r = from_model(&m, 0, 2);
    CHECK_EQ(extend_to(r, 20), GRUNDY_STATUS_INVALID_ARG);
    CHECK_STR(problem_of(r),
              "heap 9: a move leaves 3 heaps, more than the declared max_heaps_left 2");
    grundy_rule_destroy(r);
}

static void test_failures(void) {
    code_model m = model("077");
    m.fail_at = 30;
    grundy_rule *r = from_model(&m, 0, 2);
    CHECK_EQ(extend_to(r, 100), GRUNDY_STATUS_INTERRUPTED);
    CHECK_STR(problem_of(r), "heap 30: the move function failed (interrupted)");
    grundy_rule_destroy(r);
    /* a broken octal promise: heap 50 on lacks the take of 2 */
    m = model("077");
    m.break_at = 50;
    r = from_model(&m, 1, 2);
    CHECK_EQ(extend_to(r, 49), GRUNDY_STATUS_OK);
    CHECK_EQ(extend_to(r, 100), GRUNDY_STATUS_INVALID_ARG);
    CHECK_STR(problem_of(r), "heap 50: the moves are not those of the declared octal shape (0.77)");
    grundy_rule_destroy(r);
    /* shapes that cannot be honoured, and a failure while the code is read */
    grundy_rule_shape shape = GRUNDY_RULE_SHAPE_INIT;
    grundy_diag d = {0, 0, ""};
    shape.octal = 1;
    CHECK_EQ(grundy_rule_from_moves(model_moves, &m, &shape, NULL, &d, &r),
             GRUNDY_STATUS_INVALID_ARG);
    CHECK(r == NULL);
    CHECK_STR(d.message, "an octal shape needs its max_take");
    shape.max_take = 2;
    shape.max_heaps_left = 5;
    CHECK_EQ(grundy_rule_from_moves(model_moves, &m, &shape, NULL, &d, &r),
             GRUNDY_STATUS_INVALID_ARG);
    CHECK_STR(d.message, "max_heaps_left must be 0 to 4");
    shape.max_heaps_left = 2;
    m = model("077");
    m.fail_at = 3;
    CHECK_EQ(grundy_rule_from_moves(model_moves, &m, &shape, NULL, &d, &r),
             GRUNDY_STATUS_INTERRUPTED);
    CHECK_STR(d.message, "heap 3: the move function failed (interrupted)");
    CHECK_EQ(grundy_rule_from_moves(NULL, &m, &shape, NULL, &d, &r), GRUNDY_STATUS_INVALID_ARG);
}

/* A function's rule is described as one and never takes a code's name: a rule named "0.77" by
 * its caller is not Kayles. */
static void test_words(void) {
    code_model m = model("077");
    grundy_rule_shape shape = GRUNDY_RULE_SHAPE_INIT;
    grundy_rule *r = NULL;
    shape.max_take = m.t;
    shape.max_heaps_left = 2;
    CHECK_EQ(grundy_rule_from_moves(model_moves, &m, &shape, "0.77", NULL, &r), GRUNDY_STATUS_OK);
    CHECK(grundy_rule_name(r) == NULL);
    char words[128];
    grundy_rule_describe(r, words, sizeof words);
    CHECK_STR(words, "0.77\n  moves given by a function; they leave at most 2 heaps\n");
    grundy_rule_destroy(r);
}

int main(void) {
    const uint64_t seed = check_seed(2701);
    printf("test_rule_callback: seed %llu (GRUNDY_TEST_SEED replays it)\n",
           (unsigned long long)seed);
    test_kayles();
    test_words();
    test_random_codes(seed);
    test_bad_moves();
    test_failures();
    return check_report("test_rule_callback");
}
