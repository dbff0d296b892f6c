/* SPDX-License-Identifier: MIT */
/* g(n) and counts of values for heaps up to 2^63 - 1: read from the computed prefix, or through
 * a proved period (residue classes) or a closed form, in time independent of n. Never a guess:
 * a heap past both the prefix and any proof is GRUNDY_STATUS_LIMIT. */
#include <grundy/query.h>

#include "heap/period/period_internal.h"
#include "heap/seq/seq_internal.h"

#include "util/try.h"

#include <math.h>
#include <stdlib.h>

/* Below this, a theorem-covered rule's prefix is computed directly rather than searched for a
 * period: cheap for every engine (2^26 option visits for a split game), and a period search of
 * a game with a long preperiod (0.16: n0 = 105351) would compute far more. */
#define DIRECT_BELOW ((uint64_t)1 << 14)

/* The work bound (opts.max_work) starts counting after this many values: the sparse engine
 * chooses its labelling at heap 64, and its estimate before is that of a full scan. The naive
 * engine's 128 values cost at most 128^4 / 24 visits (moves leaving four heaps). */
#define WARM_UP 128
/* Sample points of the cost estimate over a range of heaps (the midpoint rule). */
#define WORK_SLICES 16

struct grundy_query {
    const grundy_rule *rule;
    grundy_period_opts opts;
    grundy_seq *seq;
    grundy_period_result period;
    int searched;
    uint64_t searched_to; /* the largest heap the last period search could compute */
    int closed;
    grundy_closed_form cf;
    /* the work bound */
    double budget;  /* option visits the queries may spend: opts.max_work, or +inf */
    double spent;   /* estimated visits spent so far */
    int search_cut; /* the last period search stopped at searched_to by the budget */
    grundy_query_refusal refusal;
};

grundy_status grundy_query_create(const grundy_rule *rule, const grundy_period_opts *opts,
                                  grundy_query **out) {
    const grundy_period_opts defaults = GRUNDY_PERIOD_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_query *q = calloc(1, sizeof *q);
    *out = NULL;
    GRUNDY_CHECK(q != NULL, GRUNDY_STATUS_NOMEM);
    q->rule = rule;
    q->opts = opts != NULL ? *opts : defaults;
    q->budget = q->opts.max_work == UINT64_MAX ? INFINITY
                : q->opts.max_work == 0        ? (double)GRUNDY_QUERY_DEFAULT_MAX_WORK
                                               : (double)q->opts.max_work;
    q->closed = grundy_closed_form_of(rule, &q->cf);
    if (q->closed) {
        GRUNDY_TRY(grundy_period_find(rule, NULL, &q->opts, &q->period));
        q->searched = 1;
        q->searched_to = GRUNDY_NUMBER_MAX;
    }
    GRUNDY_TRY(grundy_seq_create(rule, &q->opts.seq, &q->seq));
    *out = q;
    q = NULL;
cleanup:
    grundy_query_destroy(q);
    return st;
}

void grundy_query_destroy(grundy_query *q) {
    if (q == NULL) {
        return;
    }
    grundy_seq_destroy(q->seq);
    free(q);
}

/* A proved plain period, or a closed form: every heap is answerable. */
static int everything_known(const grundy_query *q) {
    return q->closed || (q->period.proved && q->period.saltus == 0);
}

uint64_t grundy_query_reach(const grundy_query *q) {
    const uint64_t len = grundy_seq_length(q->seq);
    if (everything_known(q)) {
        return GRUNDY_NUMBER_MAX;
    }
    return len > 0 ? len - 1 : 0;
}

grundy_seq *grundy_query_seq(grundy_query *q) {
    return q->seq;
}

const grundy_period_result *grundy_query_period(const grundy_query *q) {
    return &q->period;
}

/* ---------------------------------------------------------------- the work bound */

/* Estimated option visits to compute g(from..to-1) with the engine's state now: its cost per
 * value at the midpoints of WORK_SLICES equal slices, times their widths. */
static double work_between(const grundy_seq *seq, uint64_t from, uint64_t to) {
    if (to <= from) {
        return 0;
    }
    const double width = (double)(to - from) / WORK_SLICES;
    double work = 0;
    for (unsigned i = 0; i < WORK_SLICES; i++) {
        const double mid = (double)from + width * ((double)i + 0.5);
        const double cost = grundy_seq_cost(seq, (uint64_t)mid);
        work += width * (cost >= 0 ? cost : 1);
    }
    return work;
}

double grundy_query_work(const grundy_query *q, uint64_t n) {
    const uint64_t len = grundy_seq_length(q->seq);
    return n < len ? 0 : work_between(q->seq, len, n + 1);
}

const grundy_query_refusal *grundy_query_refused(const grundy_query *q) {
    return &q->refusal;
}

/* The largest heap m <= n (at least length - 1) whose values the budget still pays for. */
static uint64_t affordable(const grundy_query *q, uint64_t n) {
    const uint64_t len = grundy_seq_length(q->seq);
    if (len > n || q->spent + work_between(q->seq, len, n + 1) <= q->budget) {
        return n;
    }
    uint64_t lo = len, hi = n; /* g(0..lo-1) affordable, g(0..hi) not */
    while (hi - lo > 1) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (q->spent + work_between(q->seq, len, mid + 1) <= q->budget) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo > 0 ? lo - 1 : 0;
}

/* Extend the sequence to `length` values and charge the estimate to the budget. */
static grundy_status extend_charged(grundy_query *q, uint64_t length) {
    const double work = work_between(q->seq, grundy_seq_length(q->seq), length);
    const grundy_status st = grundy_seq_extend(q->seq, length);
    if (st == GRUNDY_STATUS_OK) {
        q->spent += work;
    }
    return st;
}

/* The sparse engine scans every option until it has chosen a rare/common labelling (4!.0:
 * at about 16384 heaps), and its estimate until then is that of the scans: an upper bound
 * far above what follows. Past PROVISIONAL_BELOW heaps a rule still without one keeps it. */
#define PROVISIONAL_BELOW ((uint64_t)1 << 16)

static int provisional(const grundy_query *q) {
    return grundy_seq_get_engine(q->seq) == GRUNDY_SEQ_SPARSE &&
           grundy_seq_rare_count(q->seq) == UINT64_MAX &&
           grundy_seq_length(q->seq) < PROVISIONAL_BELOW;
}

/* How far to compute next on the way to `target` values: all of them when the rest fits the
 * budget by the estimate now; else one doubling step while the estimate is provisional (then
 * it is made again), or with `partial` as far as the budget reaches; 0 when nothing more fits.
 * The first WARM_UP values are free. */
static uint64_t next_reach(const grundy_query *q, uint64_t target, int partial) {
    const uint64_t len = grundy_seq_length(q->seq);
    if (isinf(q->budget) || len >= target) {
        return target;
    }
    if (len < WARM_UP) {
        return target < WARM_UP ? target : WARM_UP;
    }
    if (q->spent + work_between(q->seq, len, target) <= q->budget) {
        return target;
    }
    if (provisional(q)) {
        const uint64_t step = len <= target / 2 ? 2 * len : target;
        return q->spent + work_between(q->seq, len, step) <= q->budget ? step : 0;
    }
    const uint64_t reach = partial ? affordable(q, target - 1) + 1 : 0;
    return reach > len ? reach : 0;
}

/* Compute g(0..length-1) directly, each step allowed while the rest fits the budget by the
 * engine's estimate: a heap that would cost minutes is refused before it is computed. */
static grundy_status extend_bounded(grundy_query *q, uint64_t length) {
    while (grundy_seq_length(q->seq) < length) {
        const uint64_t reach = next_reach(q, length, 0);
        if (reach == 0) {
            const uint64_t len = grundy_seq_length(q->seq);
            const grundy_query_refusal r = {1, length - 1,
                                            q->spent + work_between(q->seq, len, length),
                                            affordable(q, length - 1), 0};
            q->refusal = r;
            return GRUNDY_STATUS_LIMIT;
        }
        const grundy_status st = extend_charged(q, reach);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    return GRUNDY_STATUS_OK;
}

/* One period search that may compute heaps up to `bound`, charged to the budget. */
static grundy_status search_to(grundy_query *q, uint64_t bound) {
    grundy_period_opts opts = q->opts;
    opts.max_n = bound;
    if (opts.unproved_max_n > bound) {
        opts.unproved_max_n = bound;
    }
    q->searched_to = bound;
    const uint64_t from = grundy_seq_length(q->seq);
    const grundy_status st = grundy_period_find(q->rule, q->seq, &opts, &q->period);
    q->spent += work_between(q->seq, from, grundy_seq_length(q->seq));
    return st;
}

grundy_status grundy_query_compute(grundy_query *q, uint64_t n) {
    if (n < grundy_seq_length(q->seq)) {
        return GRUNDY_STATUS_OK;
    }
    if (n > q->opts.max_n) {
        return GRUNDY_STATUS_LIMIT;
    }
    q->refusal.refused = 0;
    return extend_bounded(q, n + 1);
}

/* Search for a period that may compute heaps up to `bound` (<= max_n), in as many searches of
 * growing bounds as the budget needs to re-estimate (each repeats the rounds of the one before
 * from the values held, scanning only); search_cut when the budget stopped it short. */
static grundy_status search_period(grundy_query *q, uint64_t bound) {
    q->searched = 1;
    q->search_cut = 0;
    for (;;) {
        const uint64_t reach = next_reach(q, bound + 1, 1);
        if (reach == 0) {
            q->search_cut = 1;
            q->searched_to = grundy_seq_length(q->seq) - 1;
            return GRUNDY_STATUS_OK;
        }
        const grundy_status st = search_to(q, reach - 1);
        /* Done: an error, a period, the whole bound, or a search its own cap stopped short
         * (the naive engine's, unproved_max_n) */
        if (st != GRUNDY_STATUS_OK || q->period.found || reach == bound + 1 ||
            grundy_seq_length(q->seq) < reach) {
            return st;
        }
    }
}

static grundy_status prepare(grundy_query *q, uint64_t n);

/* Memory beyond RAM: the answers read stored values, so a sequence that dropped some cannot give
 * them. */
grundy_status grundy_query_prepare(grundy_query *q, uint64_t n) {
    /* Every query comes through here: a freed or never-created query (NULL, as a binding that
     * closed it passes) is refused rather than read. */
    if (q == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const grundy_status st = prepare(q, n);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    return grundy_seq_need_all(q->seq, n, "answering from the stored values");
}

static grundy_status prepare(grundy_query *q, uint64_t n) {
    if (n > GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    if (everything_known(q) || n < grundy_seq_length(q->seq)) {
        return GRUNDY_STATUS_OK;
    }
    q->refusal.refused = 0;
    /* Only a theorem can take a query past the computed values, so search for a period only
     * where one applies and the prefix is not cheap to compute directly, or not allowed to be
     * (n past max_n: a period proved within max_n still answers it). A heap within max_n bounds
     * the search by itself: the rounds then cost about what g(0..n) costs (0.6 --to 20000 once
     * computed 2^25 values looking for a period), and a proved period only saves work. A
     * search is repeated for a bound at least twice the last one (or for one past max_n), so
     * rising queries search O(log n) times. */
    const uint64_t bound = n < q->opts.max_n ? n : q->opts.max_n;
    if (grundy_period_theorem(q->rule) != GRUNDY_PROOF_NONE &&
        (n >= DIRECT_BELOW || n > q->opts.max_n) &&
        (!q->searched ||
         (bound > q->searched_to && (n > q->opts.max_n || bound / 2 >= q->searched_to)))) {
        const grundy_status st = search_period(q, bound);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        if (everything_known(q) || n < grundy_seq_length(q->seq)) {
            return GRUNDY_STATUS_OK;
        }
    }
    if (n <= q->opts.max_n) {
        return extend_bounded(q, n + 1);
    }
    if (q->search_cut) {
        const grundy_query_refusal r = {1, n, INFINITY, q->searched_to, 1};
        q->refusal = r;
    }
    return GRUNDY_STATUS_LIMIT;
}

/* g(n) for an answerable n. */
static uint64_t value_of(const grundy_query *q, uint64_t n) {
    if (q->closed) {
        return grundy_closed_form_value(&q->cf, n);
    }
    if (n < grundy_seq_length(q->seq)) {
        return grundy_seq_get(q->seq, n);
    }
    const uint64_t n0 = q->period.preperiod, p = q->period.period;
    return grundy_seq_get(q->seq, n0 + (n - n0) % p);
}

grundy_status grundy_query_value(grundy_query *q, uint64_t n, uint64_t *value) {
    const grundy_status st = grundy_query_prepare(q, n);
    if (st == GRUNDY_STATUS_OK) {
        *value = value_of(q, n);
    }
    return st;
}

/* Heaps m in [from, to] with (m - n0) mod p == r, for n0 <= from <= to. */
static uint64_t residue_count(uint64_t n0, uint64_t p, uint64_t r, uint64_t from, uint64_t to) {
    /* upto(x): such m in [n0, x]; they are n0 + r, n0 + r + p, ... */
    const uint64_t upto_to = to >= n0 + r ? (to - n0 - r) / p + 1 : 0;
    const uint64_t below = from > n0 + r ? (from - 1 - n0 - r) / p + 1 : 0;
    return upto_to - below;
}

/* Count g == value in [from, to] for an answerable `to`: the prefix part directly, the periodic
 * part one residue class at a time, O(n0 + p) whatever to - from is. */
static uint64_t count_known(const grundy_query *q, uint64_t from, uint64_t to, uint64_t value) {
    if (q->closed) {
        return grundy_closed_form_count(&q->cf, from, to, value);
    }
    const int periodic = everything_known(q);
    const uint64_t n0 = periodic ? q->period.preperiod : to + 1;
    uint64_t count = 0;
    for (uint64_t m = from; m <= to && m < n0; m++) {
        count += grundy_seq_get(q->seq, m) == value;
    }
    if (periodic && to >= n0) {
        const uint64_t start = from > n0 ? from : n0;
        for (uint64_t r = 0; r < q->period.period; r++) {
            if (grundy_seq_get(q->seq, n0 + r) == value) {
                count += residue_count(n0, q->period.period, r, start, to);
            }
        }
    }
    return count;
}

grundy_status grundy_query_count_value(grundy_query *q, uint64_t from, uint64_t to, uint64_t value,
                                       uint64_t *count) {
    if (from > to) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const grundy_status st = grundy_query_prepare(q, to);
    if (st == GRUNDY_STATUS_OK) {
        *count = count_known(q, from, to, value);
    }
    return st;
}

grundy_status grundy_query_count(grundy_query *q, uint64_t from, uint64_t to, uint64_t *p_positions,
                                 uint64_t *n_positions) {
    uint64_t zeros = 0;
    const grundy_status st = grundy_query_count_value(q, from, to, 0, &zeros);
    if (st == GRUNDY_STATUS_OK) {
        *p_positions = zeros;
        *n_positions = to - from + 1 - zeros; /* at most 2^63: fits */
    }
    return st;
}

/* The smallest m >= from with g(m) == value under a closed form, or UINT64_MAX if none. */
static uint64_t closed_form_find(const grundy_closed_form *cf, uint64_t from, uint64_t value) {
    if (value > GRUNDY_NUMBER_MAX / cf->a) {
        return UINT64_MAX;
    }
    const uint64_t lo = value * cf->a;
    if (!cf->bounded) {
        return from > lo + (cf->a - 1) ? UINT64_MAX : (lo > from ? lo : from);
    }
    /* The value fills the residues [lo, hi] modulo a + b; sums stay below 2^63 + 4 * 10^18. */
    const uint64_t period = cf->a + cf->b;
    if (lo >= period) {
        return UINT64_MAX;
    }
    const uint64_t hi = lo + cf->a - 1 < period ? lo + cf->a - 1 : period - 1;
    const uint64_t r = from % period;
    if (r > hi) {
        return from + (period - r) + lo;
    }
    return r >= lo ? from : from + (lo - r);
}

/* The smallest m in [from, to] with g(m) == value: past the prefix the values repeat every
 * period, so one period of candidates after max(from, n0) settles it. */
grundy_status grundy_query_find_value(grundy_query *q, uint64_t from, uint64_t to, uint64_t value,
                                      uint64_t *m, int *found) {
    if (from > to) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const grundy_status st = grundy_query_prepare(q, to);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    *found = 0;
    if (q->closed) {
        const uint64_t at = closed_form_find(&q->cf, from, value);
        *found = at <= to;
        *m = *found ? at : 0;
        return GRUNDY_STATUS_OK;
    }
    uint64_t stop = to;
    if (everything_known(q)) {
        const uint64_t n0 = q->period.preperiod;
        const uint64_t start = from > n0 ? from : n0;
        if (to >= start && to - start >= q->period.period) {
            stop = start + (q->period.period - 1);
        }
    }
    for (uint64_t i = from;; i++) {
        if (value_of(q, i) == value) {
            *m = i;
            *found = 1;
            break;
        }
        if (i == stop) {
            break;
        }
    }
    return GRUNDY_STATUS_OK;
}
