/* SPDX-License-Identifier: MIT */
/* The oracle: a game-tree search of sums of heaps that uses no Sprague-Grundy theory at all. */
#ifndef GRUNDY_BRUTE_H
#define GRUNDY_BRUTE_H

#include <grundy/position.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A memoized game-tree search over positions (sorted multisets of non-empty heaps): a position is
 * a win iff some move leads to a loss; a position with no move is a loss in normal play and a
 * win in misere play. No mex, no nim-sum, no Grundy value, no rule of thumb: it is what every
 * fast answer is checked against. Positions are small by design (a few heaps of tens of tokens).
 */
typedef struct grundy_brute grundy_brute;

typedef struct grundy_brute_opts {
    int misere;          /**< nonzero: whoever cannot move wins */
    uint64_t max_states; /**< positions remembered */
    uint64_t max_bytes;  /**< memory for the memo */
} grundy_brute_opts;
#define GRUNDY_BRUTE_OPTS_INIT                                                                     \
    { .misere = 0, .max_states = (uint64_t)1 << 22, .max_bytes = (uint64_t)1 << 30 }

/** The deepest game the search follows (moves in a row); deeper is GRUNDY_STATUS_LIMIT. */
#define GRUNDY_BRUTE_MAX_DEPTH 2000

/** @param rule borrowed, must outlive the search. @param opts NULL for defaults (normal play). */
GRUNDY_API grundy_status grundy_brute_create(const grundy_rule *rule, const grundy_brute_opts *opts,
                                             grundy_brute **out);

/** Free; NULL is allowed. */
GRUNDY_API void grundy_brute_destroy(grundy_brute *b);

/**
 * Whether the player to move wins the sum of `heaps` (any order, zeros allowed).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_LIMIT (states, bytes or depth), GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_brute_wins(grundy_brute *b, const uint64_t *heaps, size_t count,
                                           int *win);

/**
 * Check one claimed move: *legal is nonzero when the rule allows it on that position (matching
 * heap, size, take and heaps left), *winning when it is legal and leads to a loss.
 */
GRUNDY_API grundy_status grundy_brute_check_move(grundy_brute *b, const uint64_t *heaps,
                                                 size_t count, const grundy_move *move, int *legal,
                                                 int *winning);

/**
 * Count the winning moves of a position by enumerating every move (heap by heap, input order).
 * When `moves` is not NULL, the first `cap` of them are written there, in grundy_position_play's
 * order. @return as grundy_brute_wins.
 */
GRUNDY_API grundy_status grundy_brute_winning_moves(grundy_brute *b, const uint64_t *heaps,
                                                    size_t count, grundy_move *moves, size_t cap,
                                                    uint64_t *total);

/** Positions remembered so far. */
GRUNDY_API uint64_t grundy_brute_states(const grundy_brute *b);

/** What grundy_verify checks; GRUNDY_VERIFY_OPTS_INIT gives the defaults. */
typedef struct grundy_verify_opts {
    uint64_t max_heap; /**< heaps are drawn from 0..max_heap */
    unsigned heaps;    /**< positions have 1..heaps heaps (at most GRUNDY_VERIFY_MAX_HEAPS) */
    uint64_t samples;  /**< random positions */
    uint64_t seed;     /**< the generator's seed: the same seed draws the same positions */
    int misere;
    uint64_t max_n;    /**< period search bound for the fast answers */
    uint64_t naive_to; /**< a proved period is checked against the naive sequence below this */
    /** Threads that compute the fast side's sequence (grundy_seq_opts.threads; 0 or 1: the
     *  caller's alone). The game-tree search and the naive sequence, the independent check,
     *  always run on the caller's thread. */
    unsigned threads;
} grundy_verify_opts;
#define GRUNDY_VERIFY_MAX_HEAPS 16
#define GRUNDY_VERIFY_OPTS_INIT                                                                    \
    {                                                                                              \
        .max_heap = 12, .heaps = 3, .samples = 1000, .seed = 1, .misere = 0,                       \
        .max_n = (uint64_t)1 << 16, .naive_to = 4096                                               \
    }

/** What grundy_verify found. On a mismatch, `heaps` holds the counterexample. */
typedef struct grundy_verify_report {
    uint64_t positions;      /**< positions decided by both sides */
    uint64_t moves_checked;  /**< listed winning moves checked legal and winning by the search */
    uint64_t values_checked; /**< g(n) from the period compared with the naive sequence */
    uint64_t brute_states;   /**< positions the search remembered */
    grundy_period_result period; /**< the period the fast side found (found == 0: none) */
    int mismatch;
    size_t heap_count;
    uint64_t heaps[GRUNDY_VERIFY_MAX_HEAPS];
    char message[256]; /**< the mismatch, in words */
} grundy_verify_report;

/**
 * Check every fast answer of grundy_position_play (outcome, nim-sum, move count, each listed
 * move) against the game-tree search on `samples` random positions, and a proved period's g(n)
 * against the naive sequence (grundy_seq, naive engine) for heaps below naive_to. Stops at the
 * first mismatch (report->mismatch = 1, counterexample and message filled).
 * @return GRUNDY_STATUS_OK (mismatch or not); GRUNDY_STATUS_LIMIT when the search or a fast answer
 *         hits a limit (report->message says which); GRUNDY_STATUS_INVALID_ARG (heaps out of
 *         1..GRUNDY_VERIFY_MAX_HEAPS); GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_verify(const grundy_rule *rule, const grundy_verify_opts *opts,
                                       grundy_verify_report *report);

#ifdef __cplusplus
}
#endif
#endif
