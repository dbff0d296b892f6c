/* SPDX-License-Identifier: MIT */
/* Internal: every concrete move of one heap (take k, leave these heaps), by enumeration. */
#ifndef GRUNDY_HEAP_MOVES_H
#define GRUNDY_HEAP_MOVES_H

#include <grundy/rule.h>

/** One concrete move of a heap: remove `take` tokens and leave `parts` heaps `left[]` (ascending,
 *  all non-empty; parts == 0 when the heap is removed entirely). */
typedef struct grundy_heap_move {
    uint64_t take;
    unsigned parts;
    uint64_t left[GRUNDY_RULE_MAX_LEFT];
} grundy_heap_move;

/** Called once per move; a nonzero return stops the enumeration. */
typedef int (*grundy_heap_move_fn)(void *ctx, const grundy_heap_move *move);

/**
 * Call `fn` for every move of a heap of n, in the order of grundy_rule_moves' classes, takes
 * ascending, then the heaps left in lexicographic order. Each distinct (take, heaps left) once.
 * Work is proportional to the number of moves: callers keep n small or stop early.
 * @param[out] stopped nonzero when fn stopped the enumeration (may be NULL).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE (n past GRUNDY_NUMBER_MAX), GRUNDY_STATUS_NOMEM.
 */
grundy_status grundy_heap_moves_each(const grundy_rule *rule, uint64_t n, grundy_heap_move_fn fn,
                                     void *ctx, int *stopped);

/** *has nonzero when a heap of n has at least one move. A status, not a guess: a failed
 *  allocation reported as "no move" made a live heap dead in the misere search and genus.
 *  @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE, GRUNDY_STATUS_NOMEM. */
grundy_status grundy_heap_has_move(const grundy_rule *rule, uint64_t n, int *has);

#endif
