/* SPDX-License-Identifier: MIT */
/* Periods of Grundy sequences: found by doubling rounds, proved by the theorem covering the rule.
 */
#ifndef GRUNDY_PERIOD_H
#define GRUNDY_PERIOD_H

#include <grundy/seq.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The theorem behind a period (docs/architecture.md, "Periods"). */
typedef enum grundy_proof {
    GRUNDY_PROOF_NONE,       /**< not proved (observed, or no period) */
    GRUNDY_PROOF_GUY_SMITH,  /**< moves leave <= 2 heaps: 2*n0 + 2*p + t values suffice */
    GRUNDY_PROOF_K_HEAP,     /**< moves leave <= k heaps: k*n0 + k*p + t + k values */
    GRUNDY_PROOF_WINDOW,     /**< finite subtraction set: max(S) values from n0 recur at n0 + p */
    GRUNDY_PROOF_CLOSED_FORM /**< Nim g(n) = n; S(a-b) g(n) = floor((n mod (a+b)) / a) */
} grundy_proof;

/** "guy-smith", "k-heap", "window", "closed-form", or NULL for none (the JSON words). */
GRUNDY_API const char *grundy_proof_name(grundy_proof proof);

typedef struct grundy_period_opts {
    uint64_t max_n; /**< the largest heap that may be computed (default 2^25) */
    /**
     * For rules no theorem covers (tails other than the closed forms, '!' codes), where a search
     * can at best observe a period, and for every search the naive engine computes (moves that
     * leave three or four heaps cost n^2 or n^3 per value), the largest heap the doubling rounds
     * compute (capped by max_n). 0, the default, picks the largest power of two n whose naive
     * computation costs about n * (options of heap n) <= 2^32 (65536 heaps for Grundy's game,
     * 2048 for 0.D3); set it to max_n to search that far.
     */
    uint64_t unproved_max_n;
    /* work bound on queries */
    /**
     * The option visits (the engine's own estimate: grundy_seq_cost) a query (grundy_query_*)
     * may spend computing values, period searches included. A query whose heap would cost more
     * by the estimate is refused with GRUNDY_STATUS_LIMIT before it is computed
     * (grundy_query_refusal says how far the bound reaches). 0, the default, is
     * GRUNDY_QUERY_DEFAULT_MAX_WORK; UINT64_MAX is no bound (the CLI's explicit --max-n).
     */
    uint64_t max_work;
    /* New fields go above: the nested struct stays last (grundy/common.h). */
    grundy_seq_opts seq; /**< engine, memory, threads and self-check of the sequence */
} grundy_period_opts;
#define GRUNDY_PERIOD_DEFAULT_MAX_N ((uint64_t)1 << 25)
/** 2^35 option visits: 10 to 50 s of CPU for the sparse engine, up to about two and a half
 *  minutes for the naive one (C.0: g(0..5000) is 6.9e9 by its model, 29 s; docs/reliability.md). */
#define GRUNDY_QUERY_DEFAULT_MAX_WORK ((uint64_t)1 << 35)
#define GRUNDY_PERIOD_OPTS_INIT                                                                    \
    { .max_n = GRUNDY_PERIOD_DEFAULT_MAX_N, .seq = GRUNDY_SEQ_OPTS_INIT }

/**
 * What the period search found. With `found` == 0 there is no period within the bound.
 * g(n + period) = g(n) + saltus for every n >= preperiod (proved), or over the whole window the
 * theorem would need (observed, proved == 0).
 */
typedef struct grundy_period_result {
    int found;
    int proved;
    grundy_proof proof;
    uint64_t preperiod; /**< n0: the smallest start for the smallest period */
    uint64_t period;    /**< p >= 1 */
    uint64_t saltus;    /**< s: 0 for plain periodicity */
    uint64_t values_computed;
    uint64_t max_value; /**< the largest value computed (for a proved plain period: of all) */
} grundy_period_result;

/**
 * The theorem that proves periods of this rule: GRUNDY_PROOF_CLOSED_FORM for the closed forms
 * (take a or more leaving 0 or 1 heap: g(n) = floor(n / a), Nim for a = 1; one range S(a-b):
 * g(n) = floor((n mod (a + b)) / a)); else, for rules with finitely many takes and no '!':
 * WINDOW when moves leave at most one heap, GUY_SMITH for two, K_HEAP for three or four;
 * GRUNDY_PROOF_NONE for tails and '!' codes, whose periods can only be observed.
 */
GRUNDY_API grundy_proof grundy_period_theorem(const grundy_rule *rule);

/**
 * How many values g(0..V-1) must be computed, and show g(n + period) = g(n) + saltus for every
 * n in [preperiod, V - period), for the rule's theorem to prove the period:
 * window max(n0,1) + p + t; Guy-Smith 2*max(n0,1) + 2*p + t; k-heap k*n0 + k*p + t + k, with t
 * the largest take. For rules no theorem covers it is the window such a theorem would need, t
 * then being the index of the last digit written (tail included): the bar for "observed".
 * Saturates at UINT64_MAX.
 */
GRUNDY_API uint64_t grundy_period_values_needed(const grundy_rule *rule, uint64_t preperiod,
                                                uint64_t period);

/**
 * Find and prove the period of a rule's sequence, computing in doubling rounds up to opts.max_n
 * heaps and stopping at the first round that proves a period. Closed forms answer at once.
 * @param seq     a sequence for the same rule, extended as needed (borrowed); may be NULL, then
 *                one is created and destroyed inside.
 * @param[out] result filled on GRUNDY_STATUS_OK (also when nothing is found).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_LIMIT (memory), GRUNDY_STATUS_NOMEM;
 *         GRUNDY_STATUS_INVALID_ARG when rule or result is NULL.
 */
GRUNDY_API grundy_status grundy_period_find(const grundy_rule *rule, grundy_seq *seq,
                                            const grundy_period_opts *opts,
                                            grundy_period_result *result);

#ifdef __cplusplus
}
#endif
#endif
