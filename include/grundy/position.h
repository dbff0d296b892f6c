/* SPDX-License-Identifier: MIT */
/* Sums of heaps: who wins and with which moves, in normal and misere play. */
#ifndef GRUNDY_POSITION_H
#define GRUNDY_POSITION_H

#include <grundy/misere.h>
#include <grundy/query.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * One move of a sum of heaps (the JSON shape of docs/architecture.md): from heap number `heap`
 * (0-based, input order), of `size` tokens, remove `take` tokens and leave the `leaves_count`
 * non-empty heaps `leaves[]` (ascending; none when the heap is removed entirely).
 */
typedef struct grundy_move {
    size_t heap;
    uint64_t size;
    uint64_t take;
    unsigned leaves_count;
    uint64_t leaves[GRUNDY_RULE_MAX_LEFT];
} grundy_move;

/** Limits for playing; GRUNDY_POSITION_OPTS_INIT gives the defaults. */
typedef struct grundy_position_opts {
    uint64_t max_states;        /**< misere search: positions remembered */
    uint64_t max_bytes;         /**< misere search: memory */
    uint64_t max_work;          /**< steps spent on one position: counting its winning moves, or
                                   moves tried by the misere search */
    uint64_t quotient_max_heap; /**< misere play: positions whose heaps are all at most this are
                                   decided through the rule's misere quotient (grundy/misere.h)
                                   when it can be computed that far; 0: always search */
    /* the misere quotient's work bound and progress */
    uint64_t quotient_max_work; /**< its check steps (grundy_misere_opts.max_work); 0: none */
    grundy_misere_progress_fn quotient_progress; /**< NULL: none */
    void *quotient_progress_ctx;
    /* the misere search's progress, called every 65536 moves tried
     * with heap 0 and the moves tried so far (NULL: none) */
    grundy_misere_progress_fn search_progress;
    void *search_progress_ctx;
    /* New fields go above: the nested struct stays last (grundy/common.h). */
    grundy_period_opts period; /**< how far g(n) may be computed or proved */
} grundy_position_opts;
#define GRUNDY_POSITION_DEFAULT_MAX_STATES        ((uint64_t)1 << 22)
#define GRUNDY_POSITION_DEFAULT_MAX_BYTES         ((uint64_t)1 << 30)
#define GRUNDY_POSITION_DEFAULT_MAX_WORK          ((uint64_t)1 << 27)
#define GRUNDY_POSITION_DEFAULT_QUOTIENT_MAX_HEAP 1000u
#define GRUNDY_POSITION_OPTS_INIT                                                                  \
    {                                                                                              \
        .max_states = GRUNDY_POSITION_DEFAULT_MAX_STATES,                                          \
        .max_bytes = GRUNDY_POSITION_DEFAULT_MAX_BYTES,                                            \
        .max_work = GRUNDY_POSITION_DEFAULT_MAX_WORK,                                              \
        .quotient_max_heap = GRUNDY_POSITION_DEFAULT_QUOTIENT_MAX_HEAP,                            \
        .period = GRUNDY_PERIOD_OPTS_INIT                                                          \
    }

/**
 * A player of one rule: it keeps the rule's Grundy values (a grundy_query) and the misere
 * search's memo across the positions it is asked about, so a batch of positions costs one period
 * search.
 */
typedef struct grundy_position grundy_position;

/**
 * @param rule borrowed; must outlive the player.
 * @param opts NULL for defaults.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_position_create(const grundy_rule *rule,
                                                const grundy_position_opts *opts,
                                                grundy_position **out);

/** Free; NULL is allowed. */
GRUNDY_API void grundy_position_destroy(grundy_position *p);

/** What grundy_position_play found. */
typedef struct grundy_play_result {
    int win;             /**< 1: the player to move wins; 0: loses */
    uint64_t nim_sum;    /**< normal play: the nim-sum of the heaps' values; 0 in misere play */
    uint64_t move_count; /**< the exact number of winning moves (0 for a loss) */
    size_t moves_listed; /**< moves written to moves[]: min(move_count, cap) */
    /** The count's high word: the exact number is move_count + move_count_high * 2^64 (five
     * heaps of 4.0 near 2^63 have more than 2^64 - 1 winning splits); 0 almost always. */
    uint64_t move_count_high;
} grundy_play_result;

/**
 * Decide a sum of heaps and find its winning moves.
 *
 * Normal play (Sprague-Grundy): the player to move wins iff the nim-sum X of the heaps' values is
 * nonzero; a move on heap i wins iff what it leaves has value X ^ g(h_i). Values come through the
 * rule's query object (a proved period or closed form for huge heaps); winning moves into one heap
 * are counted and found by grundy_query_count_value/find_value, splits into two heaps by residue
 * classes of the period, never by scanning a huge heap.
 *
 * Misere play: Nim (0.[3]) by Bouton's misere rule; any other rule through its misere quotient
 * when every heap is at most opts.quotient_max_heap and the quotient to the largest heap has at
 * most 1024 elements (one product per heap: a sum of 10^5 heaps is instant); else by a memoized
 * search of the sum (a multiset of heaps, heaps with no move dropped: they are the zero game in
 * both conventions).
 *
 * Moves are listed by heap, then in the order of the rule's move classes, then by the heaps left.
 * @param heaps   `count` heap sizes, each <= GRUNDY_NUMBER_MAX.
 * @param moves   room for `cap` moves (may be NULL when cap == 0).
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_RANGE (a heap past GRUNDY_NUMBER_MAX, or a move count
 *         past 2^64 - 1); GRUNDY_STATUS_LIMIT (a value out of reach within opts.period.max_n, the
 *         misere search past max_states/max_bytes/max_work, counting past max_work);
 *         GRUNDY_STATUS_NOMEM; GRUNDY_STATUS_INVALID_ARG when p or result is NULL.
 */
GRUNDY_API grundy_status grundy_position_play(grundy_position *p, const uint64_t *heaps,
                                              size_t count, int misere, grundy_move *moves,
                                              size_t cap, grundy_play_result *result);

/**
 * Every move of a sum of heaps, winning or not (what a player may choose from), listed by heap,
 * then in the order of the rule's move classes, takes ascending, then the heaps left in
 * lexicographic order; each distinct move of a heap once. Work is proportional to the moves
 * listed: a heap of 10^18 under Nim stops at cap.
 * @param rule    borrowed.
 * @param heaps   `count` heap sizes, each <= GRUNDY_NUMBER_MAX.
 * @param moves   room for `cap` moves (may be NULL when cap == 0).
 * @param[out] listed the moves written: min(number of moves, cap).
 * @param[out] more   nonzero when there are more than cap moves.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_RANGE (a heap past GRUNDY_NUMBER_MAX);
 *         GRUNDY_STATUS_NOMEM; GRUNDY_STATUS_INVALID_ARG when rule, listed or more is NULL.
 */
GRUNDY_API grundy_status grundy_position_moves(const grundy_rule *rule, const uint64_t *heaps,
                                               size_t count, grundy_move *moves, size_t cap,
                                               size_t *listed, int *more);

/** The player's query object (borrowed; lives as long as the player). */
GRUNDY_API grundy_query *grundy_position_query(grundy_position *p);

/**
 * The misere quotient misere play has computed so far, to say why it stopped
 * (grundy_misere_limit, grundy_misere_max_heap); NULL when none was made. Owned by p.
 */
GRUNDY_API const grundy_misere *grundy_position_quotient(const grundy_position *p);

/**
 * Misere play through `q` (a quotient of p's rule, grundy_misere_load's say) instead of one
 * computed: p owns it from now on (the one it had is freed). Heaps past q's range that no
 * proved period covers go to the search, as when a computed quotient stops at its bound.
 */
GRUNDY_API void grundy_position_use_quotient(grundy_position *p, grundy_misere *q);

#ifdef __cplusplus
}
#endif
#endif
