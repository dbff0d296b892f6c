/* SPDX-License-Identifier: MIT */
/*
 * The Left Stack Game (seed 002, CF 102302G): three stacks, a move takes 1..m rocks from one
 * stack, and a stack may be emptied only when every stack to its left is empty. The exact rule for
 * any size (proved in docs/left_stack.md) and the game as a table of callbacks for the solver.
 */
#ifndef GRUNDY_LEFT_STACK_H
#define GRUNDY_LEFT_STACK_H

#include <grundy/common.h>
#include <grundy/retro.h>
#include <grundy/solver.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Who wins the Left Stack Game (normal play: whoever takes the last rock wins).
 *
 * The rule (docs/left_stack.md): with k = m + 1, drop the empty stacks and keep the order of the
 * others, x1 .. xj. The player to move loses exactly when
 * - j = 0; or j = 1 and x1 = 0 (mod k); or j = 2 and x1 = x2 (mod k);
 * - j = 3 and (x1 mod k) XOR ((x2 - 1) mod k) XOR ((x3 - 1) mod k) = 0.
 * m = 0 (no move at all) is a loss everywhere, as the rule says with k = 1.
 *
 * @param m the most rocks one move takes; any uint64_t (m + 1 is never formed in a way that
 *          overflows).
 * @param a,b,c the stacks, left to right; any uint64_t.
 * @return GRUNDY_OUTCOME_WIN or GRUNDY_OUTCOME_LOSE for the player to move. O(1).
 */
GRUNDY_API grundy_outcome grundy_left_stack_outcome(uint64_t m, uint64_t a, uint64_t b, uint64_t c);

/**
 * Parse one instance in the seed's format, four decimal numbers `m a b c` separated by white
 * space (the seed has one per input; several in a row are read one call at a time), each at most
 * GRUNDY_NUMBER_MAX. Advances *cursor past it and *line (1-based) past the newlines it crosses.
 * @param[out] out m, a, b, c in that order.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_NOT_FOUND when only white space is left;
 *         GRUNDY_STATUS_PARSE (not a number, or the input ends inside an instance) or
 *         GRUNDY_STATUS_RANGE (past GRUNDY_NUMBER_MAX), with diag (may be NULL) naming the value
 *         and its line.
 */
GRUNDY_API grundy_status grundy_left_stack_parse(const char **cursor, const char *end, size_t *line,
                                                 uint64_t out[4], grundy_diag *diag);

/**
 * The game for the solver, every position (x, y, z) with x <= a, y <= b, z <= c: position index
 * (x * (b + 1) + y) * (c + 1) + z, initial (a, b, c). Every move lowers the index (descending,
 * acyclic), with parents; normal play.
 * @param max_positions refuse games with more positions than this.
 * @param[out] out the game, freed with grundy_game_destroy; NULL on failure.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT when (a+1)(b+1)(c+1) exceeds max_positions (or
 *         2^64); GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_game_left_stack_create(uint64_t m, uint64_t a, uint64_t b,
                                                       uint64_t c, uint64_t max_positions,
                                                       grundy_game **out);

/** The largest left-stack game grundy_left_stack_small admits: positions, and positions times
 *  moves out of one (the solver answers it in well under a second). */
#define GRUNDY_LEFT_STACK_SOLVE_POSITIONS ((uint64_t)1 << 18)
#define GRUNDY_LEFT_STACK_SOLVE_MOVES     ((uint64_t)1 << 24)

/**
 * Small enough to solve exhaustively as well (and check the rule against the solver, as
 * `grundy solve left-stack` does): at most GRUNDY_LEFT_STACK_SOLVE_POSITIONS positions, and
 * positions times (a bound on the moves out of one, plus one) at most
 * GRUNDY_LEFT_STACK_SOLVE_MOVES. Create it with max_positions GRUNDY_LEFT_STACK_SOLVE_POSITIONS.
 * @return nonzero when it is.
 */
GRUNDY_API int grundy_left_stack_small(uint64_t m, uint64_t a, uint64_t b, uint64_t c);

/**
 * The index of position (x, y, z) in a game made by grundy_game_left_stack_create with stacks
 * (a, b, c): (x * (b + 1) + y) * (c + 1) + z. The caller keeps x <= a, y <= b, z <= c.
 */
GRUNDY_API uint64_t grundy_left_stack_index(uint64_t b, uint64_t c, uint64_t x, uint64_t y,
                                            uint64_t z);

#ifdef __cplusplus
}
#endif
#endif
