/* SPDX-License-Identifier: MIT */
/*
 * Nimbers of impartial games too big for a table, by search (after Lemoine and Viennot's Glop and
 * Beling's igsolve): the mex over the options, each option split into independent components whose
 * nimbers are xored (Sprague-Grundy), a transposition table of canonical components bounded by
 * max_bytes (checkpointable), and the game's own theory where it knows a value. Built-in games:
 * Cram, Chomp (normal play, poisoned corner untouchable) and Node Kayles.
 */
#ifndef GRUNDY_NIMSEARCH_H
#define GRUNDY_NIMSEARCH_H

#include <grundy/common.h>

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Words in a position: enough for a 15 x 15 Cram board and its shape, or 256 vertices. */
#define GRUNDY_NIM_WORDS 5

/** A position of a searched game: the game's own encoding in `words` words, the rest zero. */
typedef struct grundy_nim_pos {
    uint64_t w[GRUNDY_NIM_WORDS];
} grundy_nim_pos;

/** A growable list of positions; callbacks only push (a failed allocation sets `failed`). */
typedef struct grundy_nim_list {
    grundy_nim_pos *items;
    size_t count, cap;
    int failed;
} grundy_nim_list;

/** Grow a list so that `count < cap`; 0 (and `failed` set) when memory runs out. */
GRUNDY_API int grundy_nim_list_grow(grundy_nim_list *list);
/** Free a list's storage and zero it. */
GRUNDY_API void grundy_nim_list_free(grundy_nim_list *list);

/** Append a position (amortized O(1)). */
static inline void grundy_nim_list_push(grundy_nim_list *list, const grundy_nim_pos *p) {
    if (list->count == list->cap && !grundy_nim_list_grow(list)) {
        return;
    }
    list->items[list->count++] = *p;
}

/**
 * A game for the search, by its callbacks. Every callback may run on several threads at once
 * (`ctx` is only read).
 *
 * - `moves` (required) appends every option of p, as whole positions (the search splits them).
 * - `split` (optional) appends the independent components of p, whose nimbers xor to p's
 *   (Sprague-Grundy); it may leave out components it knows to be 0 (or two equal ones, whose
 *   nimbers cancel), or put in a component of the same value, and appends nothing for a position
 *   without moves. NULL: p is one component.
 * - `canonical` (optional) rewrites a component into the representative of its symmetry class, so
 *   that symmetric components share one entry of the table. NULL: identity.
 * - `known` (optional) returns 1 and the nimber when theory gives the value of a component without
 *   search (Cram: a board symmetric through its centre is 0), else 0.
 * - `size` (optional) a measure of the work a component costs (Cram: its free cells); the table
 *   keeps the costlier entries when full. NULL: 1.
 * - `endgame_index` (optional) numbers the small components densely, smaller ones first (Cram:
 *   by the area of their box): the end-game database keeps the nimbers of those whose index is
 *   below its size, looked up without a canonical form or a lock. UINT64_MAX: not numbered. It
 *   may number every symmetric image of a component; the canonical one is numbered too.
 */
typedef struct grundy_nim_game {
    const char *name;       /**< for messages */
    unsigned words;         /**< words of a position that matter, 1 .. GRUNDY_NIM_WORDS */
    grundy_nim_pos initial; /**< the starting position */
    void *ctx;              /**< passed to every callback */
    void (*moves)(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out);
    void (*split)(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out);
    void (*canonical)(void *ctx, grundy_nim_pos *p);
    int (*known)(void *ctx, const grundy_nim_pos *p, uint32_t *nimber);
    uint32_t (*size)(void *ctx, const grundy_nim_pos *p);
    void (*destroy)(void *ctx); /**< frees ctx in grundy_nim_game_destroy */
    uint64_t (*endgame_index)(void *ctx, const grundy_nim_pos *p);
} grundy_nim_game;

/** Free a game made by a grundy_nim_game_*_create function (its ctx too); NULL is fine. */
GRUNDY_API void grundy_nim_game_destroy(grundy_nim_game *game);

/** grundy_nim_opts.flags: switch a technique off (the cross-checks and the benchmarks). */
#define GRUNDY_NIM_NO_SPLIT    1u  /**< treat every position as one component */
#define GRUNDY_NIM_NO_SYMMETRY 2u  /**< no canonical forms */
#define GRUNDY_NIM_NO_THEORY   4u  /**< never call `known` */
#define GRUNDY_NIM_REVERSE     8u  /**< take the options in the reverse order */
#define GRUNDY_NIM_NO_PRUNE    16u /**< ask every option its exact value (no nimber sets) */
#define GRUNDY_NIM_NO_ORDER    32u /**< search the options in the game's order, not cheapest first */
/** value each component in one search, not first asking whether it is 0, 1, 2, 3 one by one */
#define GRUNDY_NIM_ONE_SEARCH 64u

/** What a search has done so far (the progress line and the JSON). */
typedef struct grundy_nim_stats {
    uint64_t nodes;       /**< components valued by search (not from the table or theory) */
    uint64_t hits;        /**< components found in the table */
    uint64_t known;       /**< components valued by theory */
    uint64_t entries;     /**< entries in the table now */
    uint64_t capacity;    /**< entries the table holds */
    uint64_t table_bytes; /**< the table's memory */
    uint64_t loaded;      /**< entries read from the checkpoint at the start */
    uint32_t depth;       /**< the current depth of the search (thread 0) */
    uint32_t max_depth;   /**< the deepest it went */
    double seconds;       /**< since the searcher was created */
} grundy_nim_stats;

/** Limits and choices of a search. */
typedef struct grundy_nim_opts {
    uint64_t max_bytes;      /**< the table and the working memory; GRUNDY_STATUS_LIMIT when not
                                  even a small table fits */
    unsigned threads;        /**< threads valuing the start's options (0 or 1: the caller's alone);
                                  the nimber never depends on it */
    unsigned flags;          /**< GRUNDY_NIM_* */
    const char *checkpoint;  /**< NULL, or a file: the table is read from it at the start when it
                                  exists (same game, else GRUNDY_STATUS_INVALID_ARG) and saved
                                  to it every checkpoint_seconds and at the end */
    const char *description; /**< what the checkpoint describes ("cram 5 7"); NULL: the name */
    double checkpoint_seconds; /**< 0: only at the end (and when stopped) */
    /** NULL, or set nonzero (by a signal handler, say) to stop: the table is saved to the
     *  checkpoint and the search returns GRUNDY_STATUS_INTERRUPTED */
    volatile sig_atomic_t *stop;
    /** NULL, or called about every progress_seconds from the thread of the search. */
    void (*progress)(void *arg, const grundy_nim_stats *stats);
    void *progress_arg;
    double progress_seconds;
    /** the end-game database's share of max_bytes (half a byte an entry); 0: none. It is
     *  never more than a quarter of max_bytes. */
    uint64_t endgame_bytes;
} grundy_nim_opts;
#define GRUNDY_NIM_OPTS_INIT                                                                       \
    {                                                                                              \
        .max_bytes = (uint64_t)1 << 30, .threads = 1, .flags = 0, .checkpoint = NULL,              \
        .description = NULL, .checkpoint_seconds = 0, .stop = NULL, .progress = NULL,              \
        .progress_arg = NULL, .progress_seconds = 1, .endgame_bytes = (uint64_t)1 << 26            \
    }

/** A search with its table, kept between questions about positions of one game (opaque). */
typedef struct grundy_nim_searcher grundy_nim_searcher;

/**
 * Make a searcher: the table (what max_bytes leaves after the working memory), filled from the
 * checkpoint file when opts->checkpoint names one that exists.
 * @param game  borrowed; must outlive the searcher.
 * @param opts  NULL for GRUNDY_NIM_OPTS_INIT (borrowed, with what it points to, for the
 *              searcher's life).
 * @return GRUNDY_STATUS_OK; _LIMIT (max_bytes below 1 MiB); _NOMEM; _IO, _PARSE (an unreadable
 *         or damaged checkpoint); _INVALID_ARG (a checkpoint of another game).
 */
GRUNDY_API grundy_status grundy_nim_searcher_create(const grundy_nim_game *game,
                                                    const grundy_nim_opts *opts,
                                                    grundy_nim_searcher **out);

/**
 * The nimber of a position (a sum of components: the xor of theirs).
 * @return GRUNDY_STATUS_OK; _NOMEM; _INTERRUPTED (opts->stop was set: the table was saved to the
 *         checkpoint, a later run resumes from it); _IO (a checkpoint could not be written).
 * @code
 *   grundy_nim_game *g;
 *   grundy_nim_searcher *s;
 *   uint32_t v;
 *   if (grundy_nim_game_cram_create(4, 5, NULL, &g) == GRUNDY_STATUS_OK &&
 *       grundy_nim_searcher_create(g, NULL, &s) == GRUNDY_STATUS_OK) {
 *       if (grundy_nim_searcher_value(s, &g->initial, &v) == GRUNDY_STATUS_OK) { ... v is 2 }
 *       grundy_nim_searcher_destroy(s);
 *   }
 *   grundy_nim_game_destroy(g);
 * @endcode
 */
GRUNDY_API grundy_status grundy_nim_searcher_value(grundy_nim_searcher *s, const grundy_nim_pos *p,
                                                   uint32_t *nimber);

/** The searcher's statistics so far. */
GRUNDY_API void grundy_nim_searcher_stats(const grundy_nim_searcher *s, grundy_nim_stats *out);

/** Write the table to opts->checkpoint now (PATH.tmp, fsynced, renamed). _OK, _IO, _NOMEM;
 *  _INVALID_ARG when no checkpoint was given. */
GRUNDY_API grundy_status grundy_nim_searcher_save(grundy_nim_searcher *s);

/** Free a searcher; NULL is fine. */
GRUNDY_API void grundy_nim_searcher_destroy(grundy_nim_searcher *s);

/** One search of one position: a searcher made and freed around grundy_nim_searcher_value. */
GRUNDY_API grundy_status grundy_nim_search(const grundy_nim_game *game, const grundy_nim_pos *p,
                                           const grundy_nim_opts *opts, uint32_t *nimber,
                                           grundy_nim_stats *stats);

/* ---- Built-in games ---------------------------------------------------------------------- */

/** The largest Cram board side, and the most cells (GRUNDY_NIM_WORDS - 1 words of cells). */
#define GRUNDY_CRAM_MAX_SIDE  255
#define GRUNDY_CRAM_MAX_CELLS 256

/**
 * Cram on a rows x cols board: a move covers two free cells side by side with a domino. A position
 * is a component's free cells in its bounding box (row-major, bit r * w + c) and, in the word
 * after the cells, its height | width << 16; the board splits into components as it fills, and each
 * is put in the least of its eight images under the square's symmetries.
 * @param blocked  NULL, or rows * cols bytes, nonzero for a cell blocked from the start.
 * @return GRUNDY_STATUS_OK; _RANGE (a side 0, or more than GRUNDY_CRAM_MAX_CELLS cells); _NOMEM.
 */
GRUNDY_API grundy_status grundy_nim_game_cram_create(unsigned rows, unsigned cols,
                                                     const uint8_t *blocked, grundy_nim_game **out);

/** The largest Chomp side (a row length is a byte of the position, and so is a column's). */
#define GRUNDY_CHOMP_MAX_SIDE 32

/**
 * Chomp on a rows x cols bar in normal play: a move takes a square other than the corner (0, 0)
 * and every square right of it and below it; the player who cannot move (the corner alone)
 * loses, so 1 x 1 has nimber 0. A position is its row lengths, byte r of the words (non-increasing,
 * the first at least 1); a diagram and its transpose are one class.
 * @return GRUNDY_STATUS_OK; _RANGE (a side 0 or past GRUNDY_CHOMP_MAX_SIDE); _NOMEM.
 */
GRUNDY_API grundy_status grundy_nim_game_chomp_create(unsigned rows, unsigned cols,
                                                      grundy_nim_game **out);

/** Chomp: the position after taking square (row, col) of p, or 0 when it is not a move. */
GRUNDY_API int grundy_nim_chomp_take(const grundy_nim_pos *p, unsigned row, unsigned col,
                                     grundy_nim_pos *out);

/** The most vertices of a Node Kayles graph. */
#define GRUNDY_NODE_KAYLES_MAX 256

/**
 * Node Kayles on an undirected graph: a move takes a vertex and its neighbours; the player who
 * cannot move loses. A position is the set of vertices left (bit v); it splits into the connected
 * components of what is left. The edges (u[i], v[i]) are undirected; loops and repeats are fine.
 * @return GRUNDY_STATUS_OK; _RANGE (more than GRUNDY_NODE_KAYLES_MAX vertices or a vertex out of
 *         range); _NOMEM.
 */
GRUNDY_API grundy_status grundy_nim_game_node_kayles_create(unsigned n, const uint32_t *u,
                                                            const uint32_t *v, size_t m,
                                                            grundy_nim_game **out);

#ifdef __cplusplus
}
#endif

#endif
