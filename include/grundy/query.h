/* SPDX-License-Identifier: MIT */
/* g(n) and P/N counts for heaps up to 10^18, through a proved period or a closed form. */
#ifndef GRUNDY_QUERY_H
#define GRUNDY_QUERY_H

#include <grundy/period.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A rule's sequence together with what is known about it: the computed prefix and, once
 * looked for, a proved period or a closed form. Queries never guess: a heap past both the
 * computed prefix and any proof is GRUNDY_STATUS_LIMIT.
 */
typedef struct grundy_query grundy_query;

/**
 * Create a query object for `rule` (borrowed; must outlive it). Computes nothing yet.
 * @param opts NULL for defaults; opts->max_n bounds every computation the queries make.
 */
GRUNDY_API grundy_status grundy_query_create(const grundy_rule *rule,
                                             const grundy_period_opts *opts, grundy_query **out);

/** Free; NULL is allowed. */
GRUNDY_API void grundy_query_destroy(grundy_query *q);

/**
 * Make heaps 0..n answerable: compute the prefix directly when n < max_n and that is cheaper,
 * else look for a proved period or closed form (doubling rounds up to max_n). Both stop where
 * the estimated work would pass opts.max_work (checked before each doubling step).
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT when n stays out of reach (nothing proved within
 *         max_n, or the work bound: grundy_query_refused); GRUNDY_STATUS_NOMEM;
 *         GRUNDY_STATUS_INVALID_ARG when q is NULL (so do the value, values and count queries,
 *         which prepare first).
 */
GRUNDY_API grundy_status grundy_query_prepare(grundy_query *q, uint64_t n);

/** The largest heap answerable now: GRUNDY_NUMBER_MAX once a period is proved. */
GRUNDY_API uint64_t grundy_query_reach(const grundy_query *q);

/** The period search's result (found == 0 until one is proved or observed). */
GRUNDY_API const grundy_period_result *grundy_query_period(const grundy_query *q);

/** g(n); prepares as needed. @return OK, LIMIT (past reach after preparing), NOMEM. */
GRUNDY_API grundy_status grundy_query_value(grundy_query *q, uint64_t n, uint64_t *value);

/**
 * How many heaps m in [from, to] have g(m) == value, in time independent of to - from once a
 * period is proved (residue classes). @return OK, INVALID_ARG (from > to), LIMIT, NOMEM.
 */
GRUNDY_API grundy_status grundy_query_count_value(grundy_query *q, uint64_t from, uint64_t to,
                                                  uint64_t value, uint64_t *count);

/**
 * The smallest m in [from, to] with g(m) == value, if any (*found = 0 otherwise).
 * @return OK, INVALID_ARG (from > to), LIMIT, NOMEM.
 */
GRUNDY_API grundy_status grundy_query_find_value(grundy_query *q, uint64_t from, uint64_t to,
                                                 uint64_t value, uint64_t *m, int *found);

/** P-positions (g = 0) and N-positions among heaps from..to. @return as count_value. */
GRUNDY_API grundy_status grundy_query_count(grundy_query *q, uint64_t from, uint64_t to,
                                            uint64_t *p_positions, uint64_t *n_positions);

/* ---------------------------------------------------------------- work bound */

/**
 * Estimated option visits to compute g(L..n) from the L values held now, from the engine's cost
 * per value near each heap (the naive engine: takes x n^(k-1)/k! per move into k heaps; the
 * sparse engine: its rare list), sampled at 16 points: 0 when n < L. What opts.max_work bounds.
 */
GRUNDY_API double grundy_query_work(const grundy_query *q, uint64_t n);

/**
 * Compute g(0..n) directly (no period search), under opts.max_work: what grundy_query_prepare
 * does for a heap within max_n, for callers that need every value (statistics).
 * @return OK; LIMIT (n > max_n, the work bound: grundy_query_refused, or max_bytes); NOMEM.
 */
GRUNDY_API grundy_status grundy_query_compute(grundy_query *q, uint64_t n);

/** Why the work bound (grundy_period_opts.max_work) refused the last query, if it did. */
typedef struct grundy_query_refusal {
    int refused;    /**< nonzero: the last GRUNDY_STATUS_LIMIT came from the work bound */
    uint64_t heap;  /**< the heap asked for */
    double work;    /**< its estimated option visits, those spent included (inf: past max_n) */
    uint64_t reach; /**< the largest heap the bound pays for computing (or searching) to */
    int search;     /**< nonzero: heap > max_n, and the bound stopped the period search at reach */
} grundy_query_refusal;

/** The last refusal (refused == 0 after a query the work bound did not stop). */
GRUNDY_API const grundy_query_refusal *grundy_query_refused(const grundy_query *q);

/**
 * The query's sequence (owned by the query): to load values into before asking (a sequence
 * file, a checkpoint: grundy_seqfile_load), to save, or to read the values computed.
 */
GRUNDY_API grundy_seq *grundy_query_seq(grundy_query *q);

#ifdef __cplusplus
}
#endif
#endif
