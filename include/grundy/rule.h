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

/** How a rule was written: it decides the canonical form. GRUNDY_RULE_CALLBACK: made by
 *  grundy_rule_from_moves, its moves listed by a function. */
typedef enum grundy_rule_kind {
    GRUNDY_RULE_CODE,
    GRUNDY_RULE_SET,
    GRUNDY_RULE_CALLBACK
} grundy_rule_kind;

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
GRUNDY_API const char *grundy_rule_known_name(size_t i);

/** Free a rule; NULL is allowed. */
GRUNDY_API void grundy_rule_destroy(grundy_rule *rule);

/**
 * Write the canonical form (codes upper case without trailing zero digits and with the shortest
 * tail; sets sorted and merged) into buf, NUL-terminated and truncated to cap bytes, like
 * snprintf. parse(format(r)) is the same rule.
 * @return the length of the full canonical form, excluding the NUL.
 */
GRUNDY_API size_t grundy_rule_format(const grundy_rule *rule, char *buf, size_t cap);

/** The name the literature gives the game (Winning Ways: "Kayles", "Dawson's Kayles",
 *  "Officers"), or NULL for a rule without one. A static string. */
GRUNDY_API const char *grundy_rule_name(const grundy_rule *rule);

/**
 * Describe the rule in plain words, as `grundy rule` prints it: the canonical form with its
 * well-known name, then one line per move class, e.g.
 * @code
 * 0.07 (Dawson's Kayles)
 *   moves leave at most 2 heaps; a move may:
 *   - take 2 tokens, leaving 0, 1 or 2 heaps
 * @endcode
 * Written into buf, NUL-terminated and truncated to cap bytes, like snprintf.
 * @return the length of the full text, excluding the NUL.
 */
GRUNDY_API size_t grundy_rule_describe(const grundy_rule *rule, char *buf, size_t cap);

/** GRUNDY_RULE_CODE, GRUNDY_RULE_SET or GRUNDY_RULE_CALLBACK. */
GRUNDY_API grundy_rule_kind grundy_rule_get_kind(const grundy_rule *rule);

/**
 * The move classes, sorted by take_first, the d0 class (take_first 0) first when present; none
 * (NULL, *count 0) for a rule made by grundy_rule_from_moves.
 * @param[out] count the number of classes.
 * @return a borrowed array that lives as long as the rule.
 */
GRUNDY_API const grundy_move_class *grundy_rule_classes(const grundy_rule *rule, size_t *count);

/** The most heaps any move leaves (0 to 4); for a rule made by grundy_rule_from_moves, the
 *  declared shape's max_heaps_left. */
GRUNDY_API unsigned grundy_rule_max_heaps_left(const grundy_rule *rule);

/** The most tokens any move removes; GRUNDY_NUMBER_MAX when unbounded (a tail) or, for a rule
 *  made by grundy_rule_from_moves, not declared; 0 for none. */
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
 * @return GRUNDY_STATUS_OK, or GRUNDY_STATUS_RANGE when n > GRUNDY_NUMBER_MAX or cap is too small;
 *         GRUNDY_STATUS_UNSUPPORTED for a rule made by grundy_rule_from_moves (it has no classes).
 */
GRUNDY_API grundy_status grundy_rule_moves(const grundy_rule *rule, uint64_t n,
                                           grundy_move_class *buf, size_t cap, size_t *count);

/* ---------------------------------------------------------------- rules given by a function */

/** Where a move function (grundy_rule_moves_fn) writes the moves of one heap. */
typedef struct grundy_rule_sink grundy_rule_sink;

/**
 * Lists the moves of a heap of n: for each move, grundy_rule_sink_add with the heaps it leaves
 * (CGSuite's way of defining a heap game). Called once per heap asked about, from the thread that
 * computes (one at a time: a rule made this way is never computed on several threads).
 * @param ctx  the ctx given to grundy_rule_from_moves.
 * @return GRUNDY_STATUS_OK; any other status stops the computation that asked, which returns it
 *         (GRUNDY_STATUS_INTERRUPTED, say, when the caller's language raised an exception).
 */
typedef grundy_status (*grundy_rule_moves_fn)(void *ctx, uint64_t n, grundy_rule_sink *sink);

/**
 * Add `rows` moves of the heap being listed: move i leaves the heaps heaps[i * width] ..
 * heaps[i * width + width - 1], where a 0 is no heap (so rows of different lengths can share one
 * array). Each heap left must be 1 to n - 1, at most GRUNDY_RULE_MAX_LEFT of them (and at most the
 * declared max_heaps_left), summing to at most n (the tokens taken, n - sum, at most the declared
 * max_take). The same move listed twice counts once; order does not matter.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_INVALID_ARG for a move that breaks those rules
 *         (grundy_rule_problem says which; the computation stops with that status);
 *         GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_rule_sink_add(grundy_rule_sink *sink, const int64_t *heaps,
                                              size_t rows, size_t width);

/** What is known about the moves of a rule made by grundy_rule_from_moves. */
typedef struct grundy_rule_shape {
    /** The most tokens a move takes (n minus the heaps left); GRUNDY_NUMBER_MAX: not known. */
    uint64_t max_take;
    /** The most heaps a move leaves, 0 to GRUNDY_RULE_MAX_LEFT (the default, the most there can
     *  be). 2 or more makes option values nim-sums. */
    unsigned max_heaps_left;
    /**
     * Nonzero: a promise that the moves are those of a take-and-break code without '!' whose
     * digits stop at max_take (which must be declared): whether taking k tokens may leave j
     * heaps depends on k and j only, and then every way of splitting the rest into j non-empty
     * heaps is a move. The code is read off the function's moves of heaps 0 to max_take +
     * GRUNDY_RULE_MAX_LEFT, and every heap computed later is checked against it (a difference
     * stops with GRUNDY_STATUS_INVALID_ARG). With it the period theorems of grundy_period_find
     * apply (Guy and Smith's for at most two heaps left), on the strength of the promise for
     * heaps past those computed. Without it a period is observed, never proved.
     */
    int octal;
} grundy_rule_shape;
#define GRUNDY_RULE_SHAPE_INIT                                                                     \
    { .max_take = GRUNDY_NUMBER_MAX, .max_heaps_left = GRUNDY_RULE_MAX_LEFT, .octal = 0 }

/**
 * A heap game given by a function that lists, for a heap of n, the heaps each move may leave.
 * Works with the naive engine (GRUNDY_SEQ_AUTO picks it; the sparse engine refuses the rule with
 * GRUNDY_STATUS_UNSUPPORTED), grundy_period_find, the query, grundy_position_play (normal play,
 * and misere play by search), grundy_brute_* and grundy_verify. It cannot be saved to a file
 * (checkpoints, the solver's tables, surveys need a rule in text).
 * @param moves  the function; called for heaps in any order, several times for one heap.
 * @param ctx    passed to it (borrowed; must outlive the rule).
 * @param shape  NULL for GRUNDY_RULE_SHAPE_INIT (nothing known).
 * @param name   what grundy_rule_format writes (copied; NULL: "moves"), at most 255 bytes.
 * @param[out] out the rule, owned by the caller (grundy_rule_destroy); NULL on failure.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_INVALID_ARG (max_heaps_left past 4, an octal shape
 *         without max_take or past GRUNDY_RULE_MAX_DIGITS, a name too long, or, for an octal
 *         shape, a move of the heaps read that breaks the rules: grundy_rule_problem says which,
 *         for a rule that is then destroyed, so the message is copied to `problem` when not
 *         NULL); whatever `moves` returned; GRUNDY_STATUS_NOMEM.
 * @code
 *   // Kayles: take 1 or 2 tokens from a row, leaving the tokens on either side.
 *   static grundy_status kayles(void *ctx, uint64_t n, grundy_rule_sink *sink) {
 *       grundy_status st = GRUNDY_STATUS_OK;
 *       for (int64_t take = 1; take <= 2 && take <= (int64_t)n; take++) {
 *           for (int64_t a = 0; 2 * a <= (int64_t)n - take && st == GRUNDY_STATUS_OK; a++) {
 *               const int64_t left[2] = {a, (int64_t)n - take - a};
 *               st = grundy_rule_sink_add(sink, left, 1, 2);
 *           }
 *       }
 *       return st;
 *   }
 *   grundy_rule_shape shape = GRUNDY_RULE_SHAPE_INIT;
 *   shape.max_take = 2;
 *   shape.max_heaps_left = 2;
 *   shape.octal = 1; // Guy and Smith's theorem proves its period 12
 *   st = grundy_rule_from_moves(kayles, NULL, &shape, "kayles by hand", NULL, &rule);
 * @endcode
 */
GRUNDY_API grundy_status grundy_rule_from_moves(grundy_rule_moves_fn moves, void *ctx,
                                                const grundy_rule_shape *shape, const char *name,
                                                grundy_diag *problem, grundy_rule **out);

/** The declared shape of a rule made by grundy_rule_from_moves (GRUNDY_RULE_SHAPE_INIT's values
 *  for any other rule). */
GRUNDY_API grundy_rule_shape grundy_rule_get_shape(const grundy_rule *rule);

/**
 * Why the last computation on a rule made by grundy_rule_from_moves stopped on a move ("heap 7:
 * a move leaves a heap of 9, not smaller than 7"), or NULL when none did. Lives as long as the
 * rule; the next problem overwrites it.
 */
GRUNDY_API const char *grundy_rule_problem(const grundy_rule *rule);

/**
 * For a rule made by grundy_rule_from_moves with an octal shape: the code read off its moves
 * (owned by the rule), to write or to compare; NULL for any other rule.
 */
GRUNDY_API const grundy_rule *grundy_rule_shape_code(const grundy_rule *rule);

#ifdef __cplusplus
}
#endif
#endif
