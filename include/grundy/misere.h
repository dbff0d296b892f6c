/* SPDX-License-Identifier: MIT */
/* Misere quotients of heap games (Plambeck and Siegel): the bipartite monoid that decides every
 * misere sum of heaps up to a bound, the pretending function, its presentation; Conway's genus. */
#ifndef GRUNDY_MISERE_H
#define GRUNDY_MISERE_H

#include <grundy/rule.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The partial misere quotient Q_N of a rule: positions are sums of heaps of at most N tokens;
 * two positions G, H are indistinguishable when G + X and H + X have the same misere outcome for
 * every position X; the classes form a finite or infinite commutative monoid Q (the sum of
 * positions is its product) with the P-portion P (the classes of misere P-positions), and
 * phi(n) is heap n's class. A position's outcome is then one product and one membership test.
 */
typedef struct grundy_misere grundy_misere;

/** Called each time the quotient changes at a heap (it is not a conservative extension). */
typedef void (*grundy_misere_trace_fn)(void *ctx, uint64_t heap, uint32_t order, uint32_t p_size,
                                       unsigned attempts);

/** Called now and then while the quotient is extended: the heap being added and the
 *  check steps spent so far (grundy_misere_work). */
typedef void (*grundy_misere_progress_fn)(void *ctx, uint64_t heap, uint64_t work);

/** Limits; GRUNDY_MISERE_OPTS_INIT gives the defaults. */
typedef struct grundy_misere_opts {
    uint64_t max_quotient;        /**< the largest quotient (and candidate, once reduced) allowed */
    uint64_t max_states;          /**< states of the exact check (see docs/misere.md) */
    uint64_t max_options;         /**< option positions of all heaps together */
    grundy_misere_trace_fn trace; /**< NULL: no trace */
    void *trace_ctx;
    /* memory, work and progress (0 or NULL: none) */
    uint64_t max_bytes; /**< every table of the quotient alive at once (the check's states and
                             queue, the monoids, the candidates' products and reductions, the
                             options, the presentation): the peak; 0: no bound but the others */
    uint64_t max_work;  /**< check steps (a state reached, times the heaps added to it, times
                             ceil(order / 64)) over the quotient's life; 0: no bound */
    grundy_misere_progress_fn progress;
    void *progress_ctx;
} grundy_misere_opts;
#define GRUNDY_MISERE_DEFAULT_MAX_QUOTIENT 4096u
#define GRUNDY_MISERE_DEFAULT_MAX_STATES   ((uint64_t)1 << 22)
#define GRUNDY_MISERE_DEFAULT_MAX_OPTIONS  ((uint64_t)1 << 24)
#define GRUNDY_MISERE_OPTS_INIT                                                                    \
    {                                                                                              \
        .max_quotient = GRUNDY_MISERE_DEFAULT_MAX_QUOTIENT,                                        \
        .max_states = GRUNDY_MISERE_DEFAULT_MAX_STATES,                                            \
        .max_options = GRUNDY_MISERE_DEFAULT_MAX_OPTIONS                                           \
    }

/**
 * The quotient of heaps up to 0 (the trivial monoid T0); grow it with grundy_misere_extend.
 * @param rule borrowed; must outlive the quotient.
 * @param opts NULL for defaults (copied).
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_NOMEM, GRUNDY_STATUS_LIMIT (opts->max_bytes too small for
 *         its first tables, under a kilobyte).
 */
GRUNDY_API grundy_status grundy_misere_create(const grundy_rule *rule,
                                              const grundy_misere_opts *opts, grundy_misere **out);

/**
 * Extend the quotient heap by heap up to max_heap (Plambeck-Siegel's incremental method: a
 * conservative extension when one passes the exact check, else a new generator, reduction and
 * recalibration until the check passes). Every quotient it keeps has passed the exact check.
 * @code
 *   grundy_misere *q = NULL;
 *   grundy_misere_create(rule, NULL, &q);
 *   if (grundy_misere_extend(q, 30) == GRUNDY_STATUS_OK) { ... grundy_misere_order(q) ... }
 *   grundy_misere_destroy(q);
 * @endcode
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT (a bound of the options reached: the quotient
 *         stays the last one completed, grundy_misere_max_heap says which), GRUNDY_STATUS_RANGE
 *         (max_heap past 2^31), GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_misere_extend(grundy_misere *q, uint64_t max_heap);

/** The heaps grundy_misere_solve goes to for a rule no periodicity proof covers: past them only
 *  an explicit grundy_misere_extend goes, since no heap count would make the quotient proved. */
#define GRUNDY_MISERE_UNPROVABLE_HEAPS 32u

/**
 * Nonzero when the periodicity proof of grundy_misere_proved covers the rule: take-and-break
 * codes without a tail, without '!' on three heaps and without splitting (d0) moves, leaving at
 * most three heaps, and finite subtraction sets.
 */
GRUNDY_API int grundy_misere_provable(const grundy_rule *rule);

/**
 * Extend the quotient heap by heap, as grundy_misere_extend, until the pretending function's
 * period is proved (grundy_misere_proved: then Q_N is the quotient of all heaps) or heap
 * max_heap is reached, whichever comes first (MisereSolver's "run until solved"). For a rule
 * grundy_misere_provable does not cover it stops at GRUNDY_MISERE_UNPROVABLE_HEAPS at most.
 * @return as grundy_misere_extend; OK does not mean proved: ask grundy_misere_proved.
 */
GRUNDY_API grundy_status grundy_misere_solve(grundy_misere *q, uint64_t max_heap);

/** Which bound made grundy_misere_extend or grundy_misere_solve return GRUNDY_STATUS_LIMIT. */
typedef enum grundy_misere_limit_reason {
    GRUNDY_MISERE_LIMIT_NONE,     /**< none was reached */
    GRUNDY_MISERE_LIMIT_QUOTIENT, /**< every candidate was past max_quotient (or the product bound,
                                       256 max_quotient), or none was found */
    GRUNDY_MISERE_LIMIT_STATES,   /**< the check needed more than max_states states */
    GRUNDY_MISERE_LIMIT_OPTIONS,  /**< the heaps have more than max_options options */
    GRUNDY_MISERE_LIMIT_BYTES,    /**< a table would pass max_bytes */
    GRUNDY_MISERE_LIMIT_WORK,     /**< the check steps passed max_work */
    GRUNDY_MISERE_LIMIT_LOADED    /**< a quotient read from a file covers its heaps only */
} grundy_misere_limit_reason;

/**
 * The reason of the last GRUNDY_STATUS_LIMIT, and for LIMIT_BYTES in *need_bytes (NULL allowed)
 * the bytes the quotient's tables would have taken together with the refused one (a lower bound
 * for max_bytes: the next heap may need more).
 */
GRUNDY_API grundy_misere_limit_reason grundy_misere_limit(const grundy_misere *q,
                                                          uint64_t *need_bytes);

/** Check steps spent so far (what max_work bounds). */
GRUNDY_API uint64_t grundy_misere_work(const grundy_misere *q);

/** Free; NULL is allowed. */
GRUNDY_API void grundy_misere_destroy(grundy_misere *q);

/** N: the largest heap the quotient covers. */
GRUNDY_API uint64_t grundy_misere_max_heap(const grundy_misere *q);
/** |Q|; elements are 0..order-1, 0 the identity (the empty position). */
GRUNDY_API uint32_t grundy_misere_order(const grundy_misere *q);
/** |P|. */
GRUNDY_API uint32_t grundy_misere_p_size(const grundy_misere *q);
/** The product of two elements. */
GRUNDY_API uint32_t grundy_misere_mul(const grundy_misere *q, uint32_t a, uint32_t b);
/** Nonzero when x is in the P-portion. */
GRUNDY_API int grundy_misere_is_p(const grundy_misere *q, uint32_t x);
/** phi(heap). @return OK, or GRUNDY_STATUS_RANGE when heap > grundy_misere_max_heap and no
 *  period is proved (grundy_misere_proved). */
GRUNDY_API grundy_status grundy_misere_image(const grundy_misere *q, uint64_t heap, uint32_t *x);

/**
 * The misere outcome of a sum of heaps, in time linear in count.
 * @param[out] win 1 when the player to move wins.
 * @return OK, or GRUNDY_STATUS_RANGE when a heap is past grundy_misere_max_heap and no period
 *         is proved.
 */
GRUNDY_API grundy_status grundy_misere_outcome(const grundy_misere *q, const uint64_t *heaps,
                                               size_t count, int *win);

/**
 * The presentation: the generators are a minimal generating set among the heaps' images (none is
 * a product of the others), each named by its least heap, in increasing order: a, b, c, ... (then
 * g27, g28, ...). Each element is written as its least word in the colex order (later generators
 * more significant); the relations are the minimal words that are not such normal forms, each
 * with its normal form: a confluent rewriting system that takes every word to its normal form,
 * so they present Q. When its tables were refused (the
 * extension returned LIMIT or NOMEM from them) there is none: no generator though the order is
 * above 1, every element written "1".
 */
GRUNDY_API size_t grundy_misere_generator_count(const grundy_misere *q);
/** The heap that generator i (0-based) is the image of. */
GRUNDY_API uint64_t grundy_misere_generator_heap(const grundy_misere *q, size_t i);
/** Write element x's normal form ("1", "a", "ab^2") like snprintf; returns the full length. */
GRUNDY_API size_t grundy_misere_format_element(const grundy_misere *q, uint32_t x, char *buf,
                                               size_t cap);
GRUNDY_API size_t grundy_misere_relation_count(const grundy_misere *q);
/** Write relation i as "LHS = RHS" ("a^2 = 1") like snprintf; returns the full length. */
GRUNDY_API size_t grundy_misere_format_relation(const grundy_misere *q, size_t i, char *buf,
                                                size_t cap);

/**
 * k when (Q, P) is isomorphic to Conway's tame quotient T_k (T0 = {1}; T1 = {1, a}, a^2 = 1,
 * P = {a}; for k >= 2, {1, a} and an ideal that is the group (Z/2)^k with identity e, a e != e,
 * P = {a, e}: order 2^k + 2); -1 otherwise.
 */
GRUNDY_API int grundy_misere_tame(const grundy_misere *q);

/** The least n0 with Q_n = Q_N for n0 <= n <= N: the last heap at which the quotient changed. */
GRUNDY_API uint64_t grundy_misere_stable_from(const grundy_misere *q);

/**
 * The pretending function's observed period: the least p, then the least n0, with
 * phi(n + p) = phi(n) for n0 <= n <= N - p and at least two periods observed
 * (three periods observed: N + 1 - n0 >= 3p; n0 >= 1). Observed only: nothing is proved past N.
 * @return 1 and *period, *preperiod when there is one; 0 otherwise.
 */
GRUNDY_API int grundy_misere_phi_period(const grundy_misere *q, uint64_t *period,
                                        uint64_t *preperiod);

/**
 * A proof that the quotient of all heaps is Q_N and phi is periodic, for rules whose moves remove
 * at most t tokens (no tail), never split without removing ('d0'), leave at most two heaps and
 * carry no '!': when phi has period p from n0 >= 1 (grundy_misere_phi_period) and
 * N >= 2 n0 + 2p + t, then for every n > N with phi(n) := phi(n - p) the images of heap n's
 * options equal heap n-p's (the Guy-Smith argument, with products of two images in place of
 * nim-sums), so adding heap n changes no state of the exact check and the pretension holds for
 * every heap. Afterwards grundy_misere_image and grundy_misere_outcome answer any heap.
 * @return 1 when proved (*period, *preperiod filled), else 0.
 */
GRUNDY_API int grundy_misere_proved(const grundy_misere *q, uint64_t *period, uint64_t *preperiod);

/** The first heap N at which grundy_misere_proved held (the proof is tried after every heap);
 *  0 when it does not hold. The final quotient was first reached at grundy_misere_stable_from. */
GRUNDY_API uint64_t grundy_misere_proved_at(const grundy_misere *q);

/**
 * Save the quotient to `path` (docs/file-formats.md, "Misere quotient files": the rule, the
 * heaps covered, the table, the P-portion, phi and a checksum), written whole or not at all
 * (grundy/file.h).
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_IO (errno set); GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_misere_save(const grundy_misere *q, const char *path);

/**
 * Read back a quotient saved for `rule` (its canonical form must be the file's), checked whole
 * before use: the checksum, every field's range, and that the table is a commutative monoid
 * generated by the heaps' images, identity outside P. It answers as the quotient computed did
 * (order, products, P-portion, images, period, proof and where it held, presentation) without
 * recomputing; grundy_misere_extend past its heaps returns GRUNDY_STATUS_LIMIT with reason
 * GRUNDY_MISERE_LIMIT_LOADED. opts: max_bytes bounds what is read (NULL: defaults).
 * @param why NULL, or room for why_cap bytes: the reason of a GRUNDY_STATUS_PARSE.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_PARSE (not a quotient file, another version, truncated,
 *         corrupt, made for another rule); GRUNDY_STATUS_IO (errno set); GRUNDY_STATUS_LIMIT
 *         (past max_bytes); GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_misere_load(const grundy_rule *rule, const char *path,
                                            const grundy_misere_opts *opts, grundy_misere **out,
                                            char *why, size_t why_cap);

/** The most misere terms a genus may need. */
#define GRUNDY_GENUS_MAX_TERMS 64

/** One heap's genus g^(g0 g1 ...): `normal` = g, misere[0..len-1] = g0, g1, ... */
typedef struct grundy_genus {
    uint64_t normal;
    size_t len;
    uint8_t misere[GRUNDY_GENUS_MAX_TERMS];
} grundy_genus;

/**
 * Conway's genus of heaps 0..max_heap: g its Grundy value in normal play and g_k the misere
 * Grundy value of the heap plus k heaps *2 (the misere Grundy value: 1 for a position with no
 * move, else the mex of its options' values), each found by a search of that sum (one memo for
 * all heaps). The sequence g_k alternates with period 2 from some k on; terms are computed until
 * the last six alternate, and len counts those up to where the alternation began, plus one
 * (Conway's notation: 0^120 stands for 1, 2, 0, 2, 0, ...).
 * @param max_states, max_bytes bounds on the search's memo (positions, and bytes of its table
 *        and keys); 0 bytes means 1 GiB.
 * @param[out] out max_heap + 1 entries.
 * @return OK; GRUNDY_STATUS_LIMIT (positions past max_states, the memo past max_bytes, a value
 *         past 255, or no alternation within GRUNDY_GENUS_MAX_TERMS); GRUNDY_STATUS_RANGE
 *         (max_heap past 2^20); GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_misere_genus(const grundy_rule *rule, uint64_t max_heap,
                                             uint64_t max_states, uint64_t max_bytes,
                                             grundy_genus *out);

#ifdef __cplusplus
}
#endif
#endif
