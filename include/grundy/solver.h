/* SPDX-License-Identifier: MIT */
/*
 * Finite state-space games given by callbacks (after GamesmanOne): positions 0..N-1, their moves
 * (each may carry a reward for the mover), optional parents and canonical forms. The solver
 * labels every position win/lose/draw with remoteness (cycles allowed, through the retrograde core
 * of retro.h; win/lose/draw alone fits about 2^34 positions in 24 GiB), and for acyclic games also
 * the minimax score and the Grundy value.
 */
#ifndef GRUNDY_SOLVER_H
#define GRUNDY_SOLVER_H

#include <grundy/common.h>
#include <grundy/retro.h>
#include <grundy/rule.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One move: the position it leads to and what the mover gains (0 in a plain game). */
typedef struct grundy_game_move {
    uint64_t child;
    int64_t reward;
} grundy_game_move;

/**
 * A growable list a game's callbacks append to. The solver owns it and clears `count` before each
 * call; callbacks only push. A failed allocation sets `failed` and drops the item: the solver then
 * stops with GRUNDY_STATUS_NOMEM.
 */
typedef struct grundy_move_list {
    grundy_game_move *items;
    size_t count, cap;
    int failed;
} grundy_move_list;

/** The list of parents of a position (one entry per move into it, see grundy_game.parents). */
typedef struct grundy_parent_list {
    uint64_t *items;
    size_t count, cap;
    int failed;
} grundy_parent_list;

/** Grow a list so that `count < cap`; 0 (and `failed` set) when memory runs out. */
GRUNDY_API int grundy_move_list_grow(grundy_move_list *list);
/** Grow a list so that `count < cap`; 0 (and `failed` set) when memory runs out. */
GRUNDY_API int grundy_parent_list_grow(grundy_parent_list *list);
/** Free a list's storage (the struct itself is the caller's) and zero it. */
GRUNDY_API void grundy_move_list_free(grundy_move_list *list);
/** Free a list's storage (the struct itself is the caller's) and zero it. */
GRUNDY_API void grundy_parent_list_free(grundy_parent_list *list);

/** Append a move (amortized O(1)). */
static inline void grundy_move_list_push(grundy_move_list *list, uint64_t child, int64_t reward) {
    if (list->count == list->cap && !grundy_move_list_grow(list)) {
        return;
    }
    list->items[list->count].child = child;
    list->items[list->count].reward = reward;
    list->count++;
}

/** Append a parent (amortized O(1)). */
static inline void grundy_parent_list_push(grundy_parent_list *list, uint64_t parent) {
    if (list->count == list->cap && !grundy_parent_list_grow(list)) {
        return;
    }
    list->items[list->count++] = parent;
}

/** grundy_game.flags: no sequence of moves returns to a position (enables score and Grundy). */
#define GRUNDY_GAME_ACYCLIC 1u
/** grundy_game.flags: every move leads to a smaller index (implies acyclic; one sweep solves). */
#define GRUNDY_GAME_DESCENDING 2u
/** grundy_game.flags: the callbacks may run at once on several threads (each call with its own
 *  list; ctx only read), so grundy_solve_opts.threads can be used. Without it, one thread. */
#define GRUNDY_GAME_THREAD_SAFE 4u

/**
 * A game: the table of callbacks over positions 0 .. positions-1 (GamesmanOne's "game API").
 * Callbacks get `ctx` and may be called many times per position, in any order, from one thread
 * (from several at once only when the game sets GRUNDY_GAME_THREAD_SAFE).
 *
 * - `moves` (required) appends the moves of p. Moves of a position that `primitive` labels are
 *   ignored. Parallel moves are allowed and count once each.
 * - `primitive` (optional, NULL: normal play) returns GRUNDY_OUTCOME_WIN or _LOSE when the rules
 *   end the game at p, whatever its moves (misere play: the empty position is a WIN for the player
 *   to move), and GRUNDY_OUTCOME_DRAW for "not primitive": then a position with no moves is a loss.
 * - `parents` (optional) appends every q with a move q -> p, once per such move (a double move is
 *   listed twice), with q canonical when `canonical` is set. Without it the solver builds the
 *   reverse graph in memory (within grundy_solve_opts.max_bytes) for win/lose/draw.
 * - `canonical` (optional) maps p to the representative of its symmetry class; the solver labels
 *   canonical positions from their canonical children and copies the labels to the others.
 */
typedef struct grundy_game {
    const char *name;   /**< for messages */
    uint64_t positions; /**< N: positions are 0 .. N-1 */
    uint64_t initial;   /**< the starting position */
    unsigned flags;     /**< GRUNDY_GAME_ACYCLIC, GRUNDY_GAME_DESCENDING */
    uint32_t max_moves; /**< an upper bound on the moves of a position, 0 when unknown; <= 255
                             gives 1-byte counters, 1 .. 254 allows the core's SCAN mode (outcomes
                             alone in 1.25 bytes a position, see grundy_solve) */
    void *ctx;          /**< passed to every callback */
    void (*moves)(void *ctx, uint64_t p, grundy_move_list *out);
    grundy_outcome (*primitive)(void *ctx, uint64_t p);
    void (*parents)(void *ctx, uint64_t p, grundy_parent_list *out);
    uint64_t (*canonical)(void *ctx, uint64_t p);
    void (*destroy)(void *ctx); /**< frees ctx in grundy_game_destroy; NULL: nothing to free */
} grundy_game;

/** Free a game made by one of the grundy_game_*_create functions (its ctx too); NULL is fine. */
GRUNDY_API void grundy_game_destroy(grundy_game *game);

/** What grundy_solve computes (grundy_solve_opts.want). */
#define GRUNDY_SOLVE_OUTCOME    1u /**< win/lose/draw, 2 bits a position (retrograde core) */
#define GRUNDY_SOLVE_REMOTENESS 2u /**< moves to the end under best play, 4 bytes a position */
#define GRUNDY_SOLVE_SCORE      4u /**< minimax score, 8 bytes a position; acyclic games only */
#define GRUNDY_SOLVE_GRUNDY     8u /**< Grundy value, 4 bytes a position; acyclic, normal play */

/** Limits and choices for grundy_solve. */
typedef struct grundy_solve_opts {
    unsigned want;          /**< GRUNDY_SOLVE_* bits; REMOTENESS implies OUTCOME */
    uint64_t max_positions; /**< refuse larger games with GRUNDY_STATUS_LIMIT */
    uint64_t max_bytes;     /**< tables plus working memory; GRUNDY_STATUS_LIMIT beyond (the
                                 retrograde core's mode is chosen to fit it, see grundy_solve) */
    unsigned threads;       /**< worker threads of the retrograde core (0 or 1: the calling
                                 thread alone); used only by GRUNDY_GAME_THREAD_SAFE games. The
                                 tables are the same for every number (retro.h) */
} grundy_solve_opts;
#define GRUNDY_SOLVE_OPTS_INIT                                                                     \
    {                                                                                              \
        .want = GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS,                                    \
        .max_positions = (uint64_t)1 << 34, .max_bytes = (uint64_t)4 << 30, .threads = 1           \
    }

/** A solved game: the tables for every position (opaque). */
typedef struct grundy_solution grundy_solution;

/**
 * Solve every position of a game.
 *
 * Win/lose/draw and remoteness come from the retrograde core (grundy_retro_solve), fed with the
 * game's parents or with a reverse graph built from its moves. The score, score(p) = max over moves
 * of (reward - score(child)) and 0 where there is no move, and the Grundy value (mex of the
 * children's) need an acyclic game: one sweep in index order for GRUNDY_GAME_DESCENDING games, an
 * iterative depth-first search otherwise (a cycle found there is GRUNDY_STATUS_INVALID_ARG).
 *
 * Memory: N/4 bytes for outcomes, 4N for remoteness, 8N for scores, 4N for Grundy values, plus the
 * core's working memory and, without a parents callback, the reverse graph (8 bytes a position
 * plus 4 or 8 a move). The core (retro.h, grundy_retro_mode) runs its QUEUE mode when that fits
 * what max_bytes leaves after the tables: 1 or 4 bytes of counter and a 4-byte (N <= 2^32) or
 * 8-byte queue entry a position. Otherwise, for outcomes alone with 1 <= max_moves <= 254, it runs
 * its SCAN mode: 1 counter byte a position and no queue, the same outcomes, a few passes over the
 * counters (one for a game whose moves lower the index). Bytes a position, with parents:
 *   outcomes alone, SCAN:   1/4 + 1     = 1.25  -> 2^34 positions in 20 GiB;
 *   outcomes alone, QUEUE:  1/4 + 1 + 4 = 5.25  -> 2^31 in 10.5 GiB (9.25 past 2^32 positions);
 *   with remoteness, QUEUE: 1/4 + 4 + 4 = 8.25  -> 2^31 in 16.5 GiB.
 * So on the 24 GiB machine class: about 2^34 positions for outcomes alone (max_bytes about
 * 20 GiB, a parents callback, max_moves <= 254), about 2^31 with remoteness. docs/solver.md.
 *
 * @param game  the game (borrowed).
 * @param opts  limits, or NULL for GRUNDY_SOLVE_OPTS_INIT.
 * @param[out] out the solution, owned by the caller (grundy_solution_destroy); NULL on failure.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT past max_positions or max_bytes;
 *         GRUNDY_STATUS_INVALID_ARG for a malformed game (a move out of range, score or Grundy
 *         asked of a game that is not acyclic, a cycle); GRUNDY_STATUS_UNSUPPORTED for Grundy
 *         values of a game with a primitive win (misere); GRUNDY_STATUS_NOMEM.
 * @code
 *   grundy_game *g;
 *   grundy_solution *s;
 *   if (grundy_game_divisors_create(10, &g) == GRUNDY_STATUS_OK &&
 *       grundy_solve(g, NULL, &s) == GRUNDY_STATUS_OK) {
 *       int first_wins = grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN;
 *       grundy_solution_destroy(s);
 *   }
 *   grundy_game_destroy(g);
 * @endcode
 */
GRUNDY_API grundy_status grundy_solve(const grundy_game *game, const grundy_solve_opts *opts,
                                      grundy_solution **out);

/** Free a solution; NULL is fine. */
GRUNDY_API void grundy_solution_destroy(grundy_solution *sol);
/** Number of positions N. */
GRUNDY_API uint64_t grundy_solution_positions(const grundy_solution *sol);
/** The GRUNDY_SOLVE_* bits whose tables the solution holds. */
GRUNDY_API unsigned grundy_solution_tables(const grundy_solution *sol);
/** Outcome of p < N for the player to move (needs GRUNDY_SOLVE_OUTCOME). */
GRUNDY_API grundy_outcome grundy_solution_outcome(const grundy_solution *sol, uint64_t p);
/** Remoteness of p, GRUNDY_REMOTENESS_NONE for a draw (needs GRUNDY_SOLVE_REMOTENESS). */
GRUNDY_API uint32_t grundy_solution_remoteness(const grundy_solution *sol, uint64_t p);
/** Minimax score of p for the player to move (needs GRUNDY_SOLVE_SCORE). */
GRUNDY_API int64_t grundy_solution_score(const grundy_solution *sol, uint64_t p);
/** Grundy value of p (needs GRUNDY_SOLVE_GRUNDY). */
GRUNDY_API uint32_t grundy_solution_grundy(const grundy_solution *sol, uint64_t p);
/** Positions won, lost and drawn for the player to move (0s without the outcome table). */
GRUNDY_API void grundy_solution_counts(const grundy_solution *sol, uint64_t *win, uint64_t *lose,
                                       uint64_t *draw);

/** The longest game description a table file holds. */
#define GRUNDY_SOLUTION_GAME_MAX 4096

/**
 * Save a solution to a file: a 64-byte header (docs/solver.md: magic "GRUNDYSV", version, the
 * tables present, N, the counts, an FNV-1a 64 checksum), `game` (what the table describes, e.g.
 * "divisors 20"; NULL or "" for none) and the tables, little-endian. It is written to PATH.tmp,
 * fsynced and renamed over PATH, so a failed save leaves the previous file whole.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_IO (PATH untouched, PATH.tmp removed);
 *         GRUNDY_STATUS_INVALID_ARG (game longer than GRUNDY_SOLUTION_GAME_MAX); NOMEM.
 */
GRUNDY_API grundy_status grundy_solution_save_game(const grundy_solution *sol, const char *game,
                                                   const char *path);

/** grundy_solution_save_game with no description. */
GRUNDY_API grundy_status grundy_solution_save(const grundy_solution *sol, const char *path);

/**
 * Load a table saved by grundy_solution_save_game whose description is `game` (NULL: any).
 * @return as grundy_solution_load, and GRUNDY_STATUS_INVALID_ARG when the file describes
 *         another game.
 */
GRUNDY_API grundy_status grundy_solution_load_game(const char *path, uint64_t max_bytes,
                                                   const char *game, grundy_solution **out);

/**
 * Load a solution saved by grundy_solution_save.
 * @param max_bytes refuse files whose tables need more memory (GRUNDY_STATUS_LIMIT); 0: no limit.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_IO (cannot read); GRUNDY_STATUS_PARSE (bad magic,
 *         version, reserved bytes, size or checksum); GRUNDY_STATUS_LIMIT; GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_solution_load(const char *path, uint64_t max_bytes,
                                              grundy_solution **out);

/**
 * A table file written piece by piece, in grundy_solution_save's format, by a writer that never
 * holds the whole table (grundy-mpi's rank 0 receives the other ranks' slices in turn). The
 * pieces come in the file's order: the packed outcomes (ceil(N/4) bytes), then remoteness, score,
 * Grundy values, those in `tables`. The file appears at `path` only when finish succeeds (a
 * temporary beside it, fsynced and renamed).
 * @code
 *   grundy_table_writer *w;
 *   if (grundy_table_writer_open("t.sv", GRUNDY_SOLVE_OUTCOME, n, &w) == GRUNDY_STATUS_OK) {
 *       grundy_table_writer_bytes(w, outcomes, grundy_retro_outcome_bytes(n));
 *       st = grundy_table_writer_finish(w, win, lose, draw);
 *   }
 * @endcode
 */
typedef struct grundy_table_writer grundy_table_writer;

/** Start a table of `tables` (GRUNDY_SOLVE_* bits) for n positions that describes `game` (as
 *  grundy_solution_save_game: what grundy_solution_load_game compares; NULL or "" for none).
 *  @return GRUNDY_STATUS_OK; _INVALID_ARG (no table, unknown bits, game longer than
 *          GRUNDY_SOLUTION_GAME_MAX); _IO; _NOMEM. */
GRUNDY_API grundy_status grundy_table_writer_open_game(const char *path, const char *game,
                                                       unsigned tables, uint64_t n,
                                                       grundy_table_writer **out);
/** grundy_table_writer_open_game with no description. */
GRUNDY_API grundy_status grundy_table_writer_open(const char *path, unsigned tables, uint64_t n,
                                                  grundy_table_writer **out);
/** Append raw bytes (the packed outcomes). @return _OK; _INVALID_ARG past the table's end; _IO. */
GRUNDY_API grundy_status grundy_table_writer_bytes(grundy_table_writer *w, const uint8_t *bytes,
                                                   size_t len);
/** Append 32-bit entries (remoteness, Grundy values), written little-endian. As _bytes. */
GRUNDY_API grundy_status grundy_table_writer_u32(grundy_table_writer *w, const uint32_t *values,
                                                 size_t count);
/** Write the header (the counts, the checksum), fsync and rename; frees w in every case.
 *  @return _OK; _INVALID_ARG when the pieces fall short or the counts do not sum to n; _IO. */
GRUNDY_API grundy_status grundy_table_writer_finish(grundy_table_writer *w, uint64_t win,
                                                    uint64_t lose, uint64_t draw);
/** Drop an unfinished table (its temporary file too); NULL is fine. */
GRUNDY_API void grundy_table_writer_abort(grundy_table_writer *w);

/** What grundy_game_selftest found. */
typedef struct grundy_selftest_report {
    uint64_t positions_checked;
    uint64_t bad_position; /**< the first position where a check failed */
    char message[160];     /**< what failed there; empty when all passed */
} grundy_selftest_report;

/**
 * Check a game's callbacks on `samples` positions drawn at random (seeded, so it replays), as
 * GamesmanOne's game tester does: the initial position and every child in range; moves of a
 * DESCENDING game go to smaller indices; canonical forms are in range, canonical and idempotent
 * and children of canonical positions are canonicalized consistently; every parent q of p has a
 * move to p as often as it is listed, and every child c of p lists p among its parents as often
 * as p moves to c.
 * @return GRUNDY_STATUS_OK when every check passed; GRUNDY_STATUS_INVALID_ARG with the report
 *         filled at the first failure; GRUNDY_STATUS_NOMEM.
 */
GRUNDY_API grundy_status grundy_game_selftest(const grundy_game *game, uint64_t samples,
                                              uint64_t seed, grundy_selftest_report *report);

/* ---- Built-in games (src/solver/games/), each made with its ctx and freed by
 *      grundy_game_destroy. ---- */

/** Most cards of the divisors game. */
#define GRUNDY_DIVISORS_MAX 30
/**
 * Seed 004, problem 9: cards 1..n; picking card i removes it and every card on the table that
 * divides i. Position = bitmask of the cards on the table (bit j-1 for card j); 2^n positions;
 * initial 2^n - 1. Descending, with parents.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE (n < 1 or n > GRUNDY_DIVISORS_MAX), _NOMEM.
 */
GRUNDY_API grundy_status grundy_game_divisors_create(unsigned n, grundy_game **out);

/** Most items of the pick game. */
#define GRUNDY_PICK_MAX_ITEMS 24
/** Largest value of one item: 24 of them sum below 2^63. */
#define GRUNDY_PICK_MAX_VALUE ((uint64_t)100000000000000000)
/**
 * Seed 004, problem 8: players take items in turn, each gaining its value; the score of the
 * initial position is the first player's best total minus the second's. Position = bitmask of the
 * items left; 2^count positions; initial 2^count - 1. Descending, with parents.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE (count > GRUNDY_PICK_MAX_ITEMS or a value past
 *         GRUNDY_PICK_MAX_VALUE), _NOMEM.
 */
GRUNDY_API grundy_status grundy_game_pick_create(const uint64_t *values, size_t count,
                                                 grundy_game **out);

/** Largest pile of the misere-piles game. */
#define GRUNDY_PILES_MAX 1000000
/**
 * Seed 004, problem 6: two piles; a move takes 1 or 2 stones from one pile; misere play (the
 * player with no move has won). Position = a * (b_max + 1) + b for 0 <= a <= a_max,
 * 0 <= b <= b_max; initial (a_max, b_max). Descending.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE (a pile past GRUNDY_PILES_MAX), _LIMIT (more than
 *         max_positions positions), _NOMEM.
 */
GRUNDY_API grundy_status grundy_game_misere_piles_create(uint64_t a_max, uint64_t b_max,
                                                         uint64_t max_positions, grundy_game **out);

/** Largest total of the starting heaps of grundy_game_heaps_create (p(400) > 10^18 positions). */
#define GRUNDY_HEAPS_MAX_TOTAL 400
/**
 * Heaps under a rule (rule.h), as a sum: positions are the multisets of non-empty heaps whose
 * total is at most the initial total, ranked by (total, then the heaps in decreasing order,
 * lexicographically), so every move (which removes tokens or splits a heap) goes to a smaller
 * index. Normal play, or misere (`misere` nonzero: no move left is a win). Descending.
 * @param heaps the starting heaps (zeros are dropped); the rule is borrowed for the game's life.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_RANGE (a total past GRUNDY_HEAPS_MAX_TOTAL, a fixed
 *         bound that no budget raises), GRUNDY_STATUS_LIMIT (more than max_positions positions),
 *         _NOMEM.
 */
GRUNDY_API grundy_status grundy_game_heaps_create(const grundy_rule *rule, const uint64_t *heaps,
                                                  size_t count, int misere, uint64_t max_positions,
                                                  grundy_game **out);

/** The heaps of position p of a heaps game, largest first; returns how many (at most cap). */
GRUNDY_API size_t grundy_game_heaps_position(const grundy_game *game, uint64_t p, uint64_t *heaps,
                                             size_t cap);

/** A board of seed 004, problem 7: n x n cells, some blocked (1-based rows and columns). */
typedef struct grundy_board {
    uint64_t n;
    size_t blocked_count;
    uint64_t (*blocked)[2]; /**< (r, c) pairs, sorted; owned by the board */
} grundy_board;

/** Free a board's cells and zero it. */
GRUNDY_API void grundy_board_free(grundy_board *board);

/**
 * Parse one board in the seed's format (`n k`, then k lines `r c`) from [*cursor, end), advancing
 * *cursor past it and *line (1-based, counts the newlines passed). Checks 1 <= n <= 10^9,
 * k <= 200000 and k <= n^2, every cell in range, no cell twice, and the symmetry through the
 * centre: the mirror (n+1-r, n+1-c) of each blocked cell is blocked.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_NOT_FOUND when only white space is left;
 *         GRUNDY_STATUS_PARSE or _RANGE with diag->line set to the offending line; _NOMEM.
 */
GRUNDY_API grundy_status grundy_board_parse(const char **cursor, const char *end, size_t *line,
                                            grundy_board *out, grundy_diag *diag);

/** Free cells of a board: n^2 - blocked. */
GRUNDY_API uint64_t grundy_board_free_cells(const grundy_board *board);

/**
 * The mirror rule: with the blocked set symmetric through the centre, the second player answers
 * each move with its mirror image, except that the centre of an odd board is its own mirror; so
 * the first player wins exactly when n is odd and the centre is free (then the first player takes
 * it and mirrors). O(log k).
 * @return nonzero when the first player wins.
 */
GRUNDY_API int grundy_board_mirror_rule(const grundy_board *board);

/** Largest number of free cells grundy_game_board_create accepts (2^24 positions). */
#define GRUNDY_BOARD_MAX_FREE 24
/** The most free cells of a board `grundy solve mirror-board` also solves exhaustively, to check
 *  the mirror rule (2^20 positions solve fast); larger boards are answered by the rule alone. */
#define GRUNDY_BOARD_SOLVE_FREE 20
/**
 * The board as a game for the solver: a move places a token on a free cell. Position = bitmask
 * of the free cells still empty (free cells numbered in row-major order); initial: all empty.
 * Descending, with parents.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT with more than GRUNDY_BOARD_MAX_FREE free cells.
 */
GRUNDY_API grundy_status grundy_game_board_create(const grundy_board *board, grundy_game **out);

#ifdef __cplusplus
}
#endif
#endif
