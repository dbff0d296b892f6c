/* SPDX-License-Identifier: MIT */
/* Periods of Grundy sequences: the smallest (arithmetic) period of a computed prefix, found by the
 * scan (period_scan.c) and proved by the theorem that covers the rule (period_theorem.c); the
 * closed forms answer without computing anything. */
#include <grundy/period.h>

#include "heap/period/period_internal.h"
#include "heap/period/period_scan.h"
#include "heap/seq/seq_internal.h"

#include "util/try.h"

#include <stdlib.h>

static void closed_form_result(const grundy_closed_form *cf, grundy_period_result *r) {
    r->found = 1;
    r->proved = 1;
    r->proof = GRUNDY_PROOF_CLOSED_FORM;
    r->preperiod = 0;
    r->period = cf->bounded ? cf->a + cf->b : cf->a;
    r->saltus = cf->bounded ? 0 : 1;
    /* Bounded: the largest value of the pattern; unbounded: none, the values grow. */
    r->max_value = cf->bounded ? (cf->a + cf->b - 1) / cf->a : 0;
}

/* ---------------------------------------------------------------- finding the period */

typedef struct candidate {
    int found;
    uint64_t n0, p, s;
} candidate;

/*
 * The smallest p, then the smallest n0 for it, whose theorem window fits (docs/architecture.md,
 * "Periods"), found by period_scan.c in O(1) memory beyond the values: a Z-function array here cost
 * 4 bytes per value (8 per candidate period), 1.8 GB for 0.1777's 450 million values.
 */
static grundy_status best_period(const grundy_seq *seq, uint64_t length, const grundy_rule *rule,
                                 int plain_only, candidate *out) {
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    grundy_period_candidate c;
    grundy_period_scan(rule, raw, width, length, plain_only, &c);
    out->found = c.found;
    out->n0 = c.n0;
    out->p = c.p;
    out->s = c.s;
    return GRUNDY_STATUS_OK;
}

/* How far a search that can only observe goes: opts->unproved_max_n, or the largest power of
 * two n (>= 64) with n * ops(n) <= 2^32 (the rounds then visit about 2^30 options in all). */
static uint64_t unproved_limit(const grundy_rule *rule, const grundy_period_opts *opts) {
    if (opts->unproved_max_n != 0) {
        return opts->unproved_max_n;
    }
    uint64_t n = 64;
    while (n < ((uint64_t)1 << 40) &&
           (double)(2 * n) * grundy_seq_naive_cost_model(rule, (double)(2 * n)) <= 4294967296.0) {
        n *= 2;
    }
    return n;
}

/* The next round's length: double (heaps 0..2^k), unless the values already repeat with a
 * period whose proof needs fewer values than that; then compute just those (0.354's proof
 * needs 20,126,195 values, and doubling would compute 33,554,433). A wrong guess costs nothing:
 * the values are needed by the next doubling anyway, and only the scan proves. */
static uint64_t next_length(const grundy_seq *seq, const grundy_rule *rule, grundy_proof theorem,
                            uint64_t length, uint64_t limit) {
    const uint64_t doubled = 2 * (length - 1) + 1;
    const uint64_t next = doubled < limit ? doubled : limit;
    if (theorem == GRUNDY_PROOF_NONE) {
        return next;
    }
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    grundy_period_candidate guess;
    grundy_period_guess(rule, raw, width, length, next, &guess);
    if (guess.found) {
        const uint64_t needed = grundy_period_values_needed(rule, guess.n0, guess.p);
        if (needed > length && needed < next) {
            return needed;
        }
    }
    return next;
}

/* Searches bounded by the engine's cost stop before a round whose values would cost more than
 * this many option visits (the naive model's n * ops(n) <= 2^32 is the same budget: its ops(n)
 * at the round's end is twice the round's average). */
#define ROUND_BUDGET 8589934592.0

/* Would the round to `next` values cost past ROUND_BUDGET by the engine's own estimate? */
static int too_costly(const grundy_seq *seq, uint64_t next) {
    const double cost = grundy_seq_cost(seq, next);
    return cost >= 0 && cost * (double)(next - grundy_seq_length(seq)) > ROUND_BUDGET / 2;
}

static grundy_status search(const grundy_rule *rule, grundy_seq *seq, grundy_proof theorem,
                            uint64_t limit, int by_cost, grundy_period_result *res) {
    grundy_status st = GRUNDY_STATUS_OK;
    candidate c = {0, 0, 0, 0};
    /* The rounds are the same whatever the sequence already holds (values resumed from a
     * checkpoint or loaded from a file): a round the values cover is only scanned, over its own
     * length, so the answer is the one an uninterrupted search gives. */
    uint64_t length = 65;
    for (;;) {
        length = length < limit ? length : limit;
        GRUNDY_TRY(grundy_seq_extend(seq, length));
        /* memory beyond RAM: a sequence that keeps a prefix and a window cannot be scanned */
        GRUNDY_TRY(grundy_seq_need_all(seq, length, "the period search (it scans every value)"));
        /* A theorem proves plain periods only; without one, any period is at best observed. */
        GRUNDY_TRY(best_period(seq, length, rule, theorem != GRUNDY_PROOF_NONE, &c));
        /* Hexadecimal games (three or more heaps) can be arithmetic-periodic for good (Howse
         * and Nowakowski), and then no plain period ever comes: stop at the observation. Octal
         * games never are, so for them an arithmetic pattern is transient and we go on. */
        if (!c.found && theorem == GRUNDY_PROOF_K_HEAP) {
            GRUNDY_TRY(best_period(seq, length, rule, 0, &c));
        }
        if (c.found || length == limit) {
            break;
        }
        length = next_length(seq, rule, theorem, length, limit);
        if (by_cost && too_costly(seq, length)) {
            break;
        }
    }
    if (!c.found && theorem != GRUNDY_PROOF_NONE) {
        GRUNDY_TRY(best_period(seq, length, rule, 0, &c)); /* an arithmetic period, observed */
    }
    res->found = c.found;
    res->proved = c.found && theorem != GRUNDY_PROOF_NONE && c.s == 0;
    res->proof = res->proved ? theorem : GRUNDY_PROOF_NONE;
    res->preperiod = c.n0;
    res->period = c.p;
    res->saltus = c.s;
cleanup:
    return st;
}

grundy_status grundy_period_find(const grundy_rule *rule, grundy_seq *seq,
                                 const grundy_period_opts *opts, grundy_period_result *result) {
    const grundy_period_opts defaults = GRUNDY_PERIOD_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_seq *own = NULL;
    grundy_closed_form cf;
    const grundy_period_result empty = {0, 0, GRUNDY_PROOF_NONE, 0, 0, 0, 0, 0};
    GRUNDY_CHECK(rule != NULL && result != NULL, GRUNDY_STATUS_INVALID_ARG);
    *result = empty;
    if (opts == NULL) {
        opts = &defaults;
    }
    if (grundy_closed_form_of(rule, &cf)) {
        closed_form_result(&cf, result);
        result->values_computed = seq != NULL ? grundy_seq_length(seq) : 0;
        return GRUNDY_STATUS_OK;
    }
    if (seq == NULL) {
        GRUNDY_TRY(grundy_seq_create(rule, &opts->seq, &own));
        seq = own;
    }
    const grundy_proof theorem = grundy_period_theorem(rule);
    uint64_t limit = opts->max_n < GRUNDY_NUMBER_MAX ? opts->max_n + 1 : GRUNDY_NUMBER_MAX;
    /* The naive engine's cost grows like n^k for moves leaving k heaps: 0.D3 to the default
     * 2^25 heaps would take years. Searches it runs stop where it gets slow, as unprovable ones
     * do, unless the caller asked for a bound (unproved_max_n). An unprovable search the
     * sparse engine runs stops by the engine's own estimate instead, from its rare list
     * (Grundy's game: 2^20 heaps in about 3 s, where the naive model stopped at 65536); a
     * provable one needs no cap, its cost being per rare value. */
    const int naive = grundy_seq_get_engine(seq) == GRUNDY_SEQ_NAIVE;
    const int by_cost = opts->unproved_max_n == 0 && theorem == GRUNDY_PROOF_NONE && !naive;
    if ((theorem == GRUNDY_PROOF_NONE || naive) && !by_cost) {
        const uint64_t cap = unproved_limit(rule, opts);
        limit = cap < GRUNDY_NUMBER_MAX && cap + 1 < limit ? cap + 1 : limit;
    }
    st = search(rule, seq, theorem, limit, by_cost, result);
    result->values_computed = grundy_seq_length(seq);
    result->max_value = grundy_seq_max_value(seq);
cleanup:
    grundy_seq_destroy(own);
    return st;
}
