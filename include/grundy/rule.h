/* SPDX-License-Identifier: MIT */
/* Heap games given by rules: take-and-break codes, subtraction sets and names. */
#ifndef GRUNDY_RULE_H
#define GRUNDY_RULE_H

#include <grundy/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A parsed rule (opaque, immutable once parsed).
 *
 * Syntax, after CGSuite's take-and-break codes:
 *   - codes `[d0[!]].d1[!]d2[!]...[tail]`: base-32 digits (`0-9A-V`, either case); the bits of d_k
 *     say what removing k tokens from one heap may leave: 1 nothing (the heap had exactly k),
 *     2 one non-empty heap, 4 two, 8 three, 16 four. `!` after a digit: the heaps left must be
 *     pairwise unequal. d0 (before the point) splits without removing a token and may only hold the
 *     bits 4, 8 and 16. A final `[...]` repeats forever (`0.[3]` is Nim). `.07` means `0.07`.
 *   - subtraction sets `S(2,5)`, `S(1-1000000000)`: take k for k in the set, leaving 0 or 1 heaps.
 *   - names: `nim` (0.[3]), `kayles` (0.77), `dawson-kayles` (0.07), `dawson-chess` (0.137),
 *     `grundy-game` (4!.0).
 */
typedef struct grundy_rule grundy_rule;

/** How a rule was written: it decides the canonical form. */
typedef enum grundy_rule_kind { GRUNDY_RULE_CODE, GRUNDY_RULE_SET } grundy_rule_kind;

/** The most digits a code may have (before and after the point, tail included). */
#define GRUNDY_RULE_MAX_DIGITS 4096
/** The most ranges a subtraction set may have after merging. */
#define GRUNDY_RULE_MAX_RANGES 4096
/** The most heaps a move can leave (bit 16 of a digit). */
#define GRUNDY_RULE_MAX_LEFT 4

/**
 * A class of moves that share a digit: remove `take` tokens for take in
 * {take_first, take_first + take_step, ...} (take <= take_last), then leave exactly j non-empty
 * heaps for every j whose bit (1 << j) is set in `leaves`. Ranges stay ranges: `S(1-10^18)` is
 * one class, and so is Nim's tail.
 */
typedef struct grundy_move_class {
    uint64_t take_first; /**< 0 only for the d0 class, which splits without removing a token */
    uint64_t take_last;  /**< inclusive; GRUNDY_NUMBER_MAX when unbounded (a tail) */
    uint64_t take_step;  /**< >= 1; the tail's length for a class that comes from a tail */
    unsigned leaves;     /**< digit bits: 1 leaves nothing, 2 one heap, ..., 16 four heaps */
    int distinct;        /**< nonzero: the heaps left are pairwise unequal ('!') */
} grundy_move_class;

/**
 * Parse a rule.
 * @param text      NUL-terminated rule text (borrowed).
 * @param[out] out  the rule, owned by the caller (grundy_rule_destroy); NULL on failure.
 * @param diag      optional; on failure receives the 1-based character position and the problem.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_PARSE (malformed or unsupported syntax),
 *         GRUNDY_STATUS_RANGE (a number or length past its limit), GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_rule_parse(const char *text, grundy_rule **out, grundy_diag *diag);

/**
 * The names grundy_rule_parse knows (nim, kayles, dawson-kayles, dawson-chess, grundy-game), for
 * tools that list or complete them.
 * @return the i-th name (static storage), or NULL when i is past the last.
 */
GRUNDY_API const char *grundy_rule_name(size_t i);

/** Free a rule; NULL is allowed. */
GRUNDY_API void grundy_rule_destroy(grundy_rule *rule);

/**
 * Write the canonical form (codes upper case without trailing zero digits and with the shortest
 * tail; sets sorted and merged) into buf, NUL-terminated and truncated to cap bytes, like
 * snprintf. parse(format(r)) is the same rule.
 * @return the length of the full canonical form, excluding the NUL.
 */
GRUNDY_API size_t grundy_rule_format(const grundy_rule *rule, char *buf, size_t cap);

/** GRUNDY_RULE_CODE or GRUNDY_RULE_SET. */
GRUNDY_API grundy_rule_kind grundy_rule_get_kind(const grundy_rule *rule);

/**
 * The move classes, sorted by take_first, the d0 class (take_first 0) first when present.
 * @param[out] count the number of classes.
 * @return a borrowed array that lives as long as the rule.
 */
GRUNDY_API const grundy_move_class *grundy_rule_classes(const grundy_rule *rule, size_t *count);

/** The most heaps any move leaves (0 to 4). */
GRUNDY_API unsigned grundy_rule_max_heaps_left(const grundy_rule *rule);

/** The most tokens any move removes; GRUNDY_NUMBER_MAX when unbounded (a tail); 0 for none. */
GRUNDY_API uint64_t grundy_rule_max_take(const grundy_rule *rule);

/** Nonzero when some digit carries '!'. */
GRUNDY_API int grundy_rule_has_distinct(const grundy_rule *rule);

/**
 * Code digits, for GRUNDY_RULE_CODE rules in canonical form: d0, d1, ..., d_t before the tail
 * (at least d0, and at least d0 and d1 when there is no tail: `0.[3]` has prefix_len 1), then the
 * tail, which starts at index prefix_len and repeats every tail_len. Each digit is its bits, plus
 * GRUNDY_RULE_DIGIT_DISTINCT when it carries '!'.
 * @param[out] prefix_len digits before the tail (d0 included); 0 for a set.
 * @param[out] tail_len   digits in the tail; 0 when there is none.
 * @return borrowed array of prefix_len + tail_len digits; NULL for a set.
 */
GRUNDY_API const unsigned *grundy_rule_digits(const grundy_rule *rule, size_t *prefix_len,
                                              size_t *tail_len);
#define GRUNDY_RULE_DIGIT_DISTINCT 0x100u

/**
 * The moves of a heap of n, for the engines: the classes that apply to it, in class order.
 * A class's "leave nothing" bit becomes a class of its own {n, n, 1, 1, 0} when n is one of its
 * takes, written right after the class's other bits; those stay together with take_last clipped
 * to n - 1 (every take leaves a non-empty remainder) and lowered onto the last take of the
 * progression, so take_last is itself a take. Whether a given remainder can be split into j
 * (unequal) parts is the caller's to check. Classes left with no take are dropped.
 * @param[out] buf   room for `cap` classes; twice grundy_rule_classes' count is always enough.
 * @param[out] count classes written; 0 on failure.
 * @return GRUNDY_STATUS_OK, or GRUNDY_STATUS_RANGE when n > GRUNDY_NUMBER_MAX or cap is too small.
 */
GRUNDY_API grundy_status grundy_rule_moves(const grundy_rule *rule, uint64_t n,
                                           grundy_move_class *buf, size_t cap, size_t *count);

#ifdef __cplusplus
}
#endif
#endif
