/* SPDX-License-Identifier: MIT */
/*
 * The retrograde core: win/lose/draw and remoteness of every position of a finite game graph,
 * cycles allowed, for the player to move. One mechanism serves the CSR graphs of graph.h and the
 * implicit state spaces of the solver (positions given by callbacks, up to ~2^34 of them).
 */
#ifndef GRUNDY_RETRO_H
#define GRUNDY_RETRO_H

#include <grundy/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Outcome codes, 2 bits per position, packed four to a byte: position v lives in bits
 * 2*(v%4) .. 2*(v%4)+1 of byte v/4 (see grundy_retro_outcome_get). A zeroed array is "all draw",
 * which is also what a position never reached by the analysis is.
 */
typedef enum grundy_outcome {
    GRUNDY_OUTCOME_DRAW = 0, /* neither player can force an end: the game goes on forever */
    GRUNDY_OUTCOME_LOSE = 1, /* the player to move loses with perfect play */
    GRUNDY_OUTCOME_WIN = 2   /* the player to move wins with perfect play */
                             /* 3 is reserved */
} grundy_outcome;

/** Remoteness of a draw (a draw has none). */
#define GRUNDY_REMOTENESS_NONE UINT32_MAX

/**
 * A game graph seen backwards. Positions are 0 .. n-1. A "move" is one edge u -> v; parallel moves
 * (multi-edges) and moves to self (self-loops) are allowed and counted once each.
 *
 * Contract (the core relies on it; a source that breaks it gets wrong answers, not UB):
 *  - move_count(ctx, u) is the number of moves of u, counted per move (so a move that appears
 *    twice counts twice). 0 means u is terminal: the player to move there loses (normal play),
 *    unless `primitive` says otherwise.
 *  - parents*(ctx, v, &count) returns the positions u with a move u -> v, each once PER MOVE (a
 *    double edge u -> v lists u twice), so that for every u, the number of times u appears over all
 *    v equals move_count(ctx, u). Entries for positions that `primitive` labels are ignored.
 *    The array is borrowed: it must stay valid until the next call on the same source (a CSR
 *    graph returns a pointer into its reverse rows; an implicit game may fill a buffer in ctx).
 *  - Exactly one of parents32 / parents64 is set; parents32 only when n <= 2^32. The core is
 *    compiled separately for each, so a graph with 32-bit ids pays nothing for 64-bit ones.
 *  - Callbacks are called in no specified order, each at most a bounded number of times per
 *    position (move_count and primitive once, parents once per labelled position); from one
 *    thread unless `thread_ctx` is set (then see there).
 */
typedef struct grundy_retro_source {
    uint64_t n;         /**< number of positions */
    void *ctx;          /**< passed to every callback, never touched by the core */
    uint32_t max_moves; /**< an upper bound on move_count, or 0 when unknown. With a bound <= 255
                             the core keeps 1-byte counters (n bytes instead of 4n); with one
                             <= 254 it may run in SCAN mode (grundy_retro_mode). */
    /** Number of moves of u (see the contract). Required. */
    uint32_t (*move_count)(void *ctx, uint64_t u);
    /** The parents of v as 32-bit ids (one entry per move). Set this or parents64. */
    const uint32_t *(*parents32)(void *ctx, uint64_t v, size_t *count);
    /** The parents of v as 64-bit ids (one entry per move). Set this or parents32. */
    const uint64_t *(*parents64)(void *ctx, uint64_t v, size_t *count);
    /**
     * Optional (NULL: none). A position's value fixed by the rules regardless of its moves:
     * return GRUNDY_OUTCOME_WIN or GRUNDY_OUTCOME_LOSE (remoteness 0) or GRUNDY_OUTCOME_DRAW for
     * "not primitive" (then move_count 0 means a loss as usual). Lets a solver say "the previous
     * player completed a line: the player to move has lost" without hiding the moves.
     */
    grundy_outcome (*primitive)(void *ctx, uint64_t u);
    /**
     * Nonzero when every array parents* returns stays valid (and unchanged) until
     * grundy_retro_solve returns, as with a CSR graph's reverse rows. The core then looks a few
     * dozen positions ahead in its queue and prefetches the parents' counters, which hides most
     * of the memory latency on large random graphs. 0 (the safe default) for sources that fill a
     * reused buffer.
     */
    int parents_stable;
    /**
     * Optional (NULL: the callbacks are called from the calling thread only, whatever
     * grundy_retro_opts.threads says). The context worker `thread` (0 .. threads-1) passes to
     * every callback it makes; called once per worker from the calling thread before any of them
     * starts. The callbacks may then run concurrently, each worker with its own context (so a
     * reused parents buffer per context is fine). A CSR graph's source needs none: the core reads
     * its rows in place from every thread.
     */
    void *(*thread_ctx)(void *ctx, unsigned thread);
} grundy_retro_source;

/**
 * How grundy_retro_solve keeps its frontier (grundy_retro_opts.mode).
 *
 * QUEUE: a FIFO queue of ids, n entries of 4 bytes (parents32) or 8 (parents64), plus n counters
 * (1 byte when max_moves <= 255, else 4). Takes positions in order of remoteness, so it can also
 * give remoteness; the fast path.
 *
 * SCAN: no queue. One counter byte a position, whose value also says where the position stands:
 * 1 .. 254 = open with that many moves not yet known to lose (win for the opponent), 255 =
 * labelled but its parents not yet told, 0 = done. Passes run over the counter bytes in index
 * order (8 at a time, skipping words with no 255): each position found at 255 tells its parents
 * (a loss makes every open parent a win; a win takes one move from each open parent, which loses
 * at 0) and becomes 0. A parent labelled ahead of the pass is taken in the same pass, one behind it
 * in the next; passes repeat until one labels nothing behind it (a game whose moves all go to
 * smaller indices is done in one pass). The outcomes are the same as QUEUE's: the least fixpoint
 * of the counting rules does not depend on the order the labels spread in (each labelled position
 * tells its parents exactly once, as in the queue). Needs at most 254 moves a position and no
 * remoteness (the passes do not run in order of remoteness). Working memory n bytes, so with the
 * caller's outcomes 1.25 bytes a position: 2^34 positions in 20 GiB.
 *
 * AUTO: QUEUE when its working memory fits opts->max_bytes; otherwise SCAN when remoteness is not
 * wanted, 1 <= max_moves <= 254 and n bytes fit; otherwise GRUNDY_STATUS_LIMIT.
 */
typedef enum grundy_retro_mode {
    GRUNDY_RETRO_AUTO = 0,
    GRUNDY_RETRO_QUEUE = 1,
    GRUNDY_RETRO_SCAN = 2
} grundy_retro_mode;

/** Options for grundy_retro_solve. Pass NULL for the defaults. */
typedef struct grundy_retro_opts {
    /** Largest working memory (bytes) the core may allocate, beyond the caller's arrays; 0 means
     *  no limit. Over the limit: GRUNDY_STATUS_LIMIT before anything is computed. */
    uint64_t max_bytes;
    /** Frontier kept as a queue, by passes, or chosen by max_bytes (grundy_retro_mode). */
    grundy_retro_mode mode;
    /** Worker threads of QUEUE mode (0 or 1: the calling thread alone). More than one needs a
     *  source whose callbacks may run concurrently (a CSR graph, or `thread_ctx` set); otherwise
     *  one is used. SCAN mode always runs on one thread. The outputs never depend on it. */
    unsigned threads;
} grundy_retro_opts;
#define GRUNDY_RETRO_OPTS_INIT                                                                     \
    { .max_bytes = 0, .mode = GRUNDY_RETRO_AUTO, .threads = 1 }

/** Totals of one run. */
typedef struct grundy_retro_stats {
    uint64_t win, lose, draw; /**< positions of each outcome */
    uint64_t parents_scanned; /**< parent entries read (= moves into labelled positions) */
    uint32_t max_remoteness;  /**< largest finite remoteness (0 when nothing was labelled, and
                                   always 0 in SCAN mode, which does not know it) */
    uint64_t passes;          /**< SCAN mode: passes over the counters (0 in QUEUE mode) */
} grundy_retro_stats;

/**
 * Label every position of `src` WIN, LOSE or DRAW for the player to move, and optionally with its
 * remoteness: 0 at a terminal (or primitive) position; a win is 1 + the smallest remoteness of
 * its losing options (the winner hurries), a loss is 1 + the largest remoteness of its options
 * (the loser delays); a draw has GRUNDY_REMOTENESS_NONE.
 *
 * Algorithm: retrograde analysis with one counter per position of the moves not yet known to lead
 * to a win for the opponent (seed problem set, problem 5; loopy-games.md). Positions are taken in
 * order of remoteness through a FIFO queue of ids, so the first time a position is reached is its
 * remoteness as a win and the time its counter hits 0 is its remoteness as a loss.
 *
 * With opts->threads > 1 (QUEUE mode) the queue is taken level by level: the workers split the
 * positions of remoteness r among them, claim parents with atomic operations (a loss's parent is
 * won by whichever worker gets it first; a win's parent loses at the decrement that empties its
 * counter) and append the positions of remoteness r + 1, then meet at a barrier. Outcome and
 * remoteness are functions of the graph, not of the order within a level, so the tables are the
 * same for every number of threads (only the order of the queue differs).
 *
 * Memory: the caller's arrays, plus, in QUEUE mode, n counters (1 or 4 bytes, see max_moves; none
 * extra when `remoteness` is given and counters are 4 bytes: the remoteness array doubles as
 * counters) plus a queue of n ids (4 bytes with parents32, 8 with parents64); in SCAN mode n
 * bytes (see grundy_retro_mode). So for outcomes alone with max_moves <= 254: 1/4 + 1 + 4 = 5.25
 * bytes a position (QUEUE, parents32; 9.25 with parents64) or 1/4 + 1 = 1.25 (SCAN).
 * Time: QUEUE O(n + number of moves into labelled positions), one parents call per labelled
 * position. SCAN the same plus n/8 word reads per pass (passes: 1 for a game whose moves lower
 * the index, at most 1 + the largest remoteness in general).
 *
 * @param src         the game graph (borrowed).
 * @param opts        limits, or NULL for the defaults.
 * @param[out] outcomes   caller's array of grundy_retro_outcome_bytes(n) bytes; fully written.
 * @param[out] remoteness caller's array of n entries, or NULL when not wanted; fully written.
 * @param[out] stats      totals, or NULL.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_INVALID_ARG for a malformed source (no move_count, not
 *         exactly one parents callback, parents32 with n > 2^32, a move_count above a nonzero
 *         max_moves or, in SCAN mode, above 254; SCAN asked with remoteness or with max_moves
 *         above 254; an unknown mode); GRUNDY_STATUS_LIMIT past opts->max_bytes (in AUTO mode:
 *         when neither mode fits) or for a remoteness past 2^32 - 2;
 *         GRUNDY_STATUS_NOMEM. On failure the outputs are unspecified.
 * @code
 *   uint8_t *out = calloc(grundy_retro_outcome_bytes(src.n), 1);
 *   grundy_status st = grundy_retro_solve(&src, NULL, out, NULL, NULL);
 *   if (st == GRUNDY_STATUS_OK && grundy_retro_outcome_get(out, 0) == GRUNDY_OUTCOME_WIN) ...
 * @endcode
 */
GRUNDY_API grundy_status grundy_retro_solve(const grundy_retro_source *src,
                                            const grundy_retro_opts *opts, uint8_t *outcomes,
                                            uint32_t *remoteness, grundy_retro_stats *stats);

/** Bytes of a packed outcome array for n positions: ceil(n / 4). */
static inline uint64_t grundy_retro_outcome_bytes(uint64_t n) {
    return n / 4 + (n % 4 != 0);
}

/** The outcome of position v in a packed array. */
static inline grundy_outcome grundy_retro_outcome_get(const uint8_t *outcomes, uint64_t v) {
    return (grundy_outcome)(((unsigned)outcomes[v >> 2] >> ((unsigned)(v & 3u) * 2u)) & 3u);
}

/** Set the outcome of position v in a packed array. */
static inline void grundy_retro_outcome_set(uint8_t *outcomes, uint64_t v, grundy_outcome o) {
    const unsigned shift = (unsigned)(v & 3u) * 2u;
    outcomes[v >> 2] = (uint8_t)((outcomes[v >> 2] & ~(3u << shift)) | ((unsigned)o << shift));
}

#ifdef __cplusplus
}
#endif
#endif
