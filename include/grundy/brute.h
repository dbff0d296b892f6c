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
    { 0, (uint64_t)1 << 22, (uint64_t)1 << 30 }

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

#ifdef __cplusplus
}
#endif
#endif
