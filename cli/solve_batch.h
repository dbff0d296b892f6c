/* SPDX-License-Identifier: MIT */
/* grundy solve GAME --input: many instances of divisors, misere-piles or pick, one solve for all
 * where the games nest (divisors, misere-piles), one a line otherwise (pick). */
#ifndef GRUNDY_CLI_SOLVE_BATCH_H
#define GRUNDY_CLI_SOLVE_BATCH_H

#include "batch.h"

#include <grundy/solver.h>

typedef struct solve_batch_request {
    const char *input; /* --input FILE or '-' */
    enum batch_format format;
    int json;
    uint64_t max_bytes; /* --max-bytes */
} solve_batch_request;

/** `n` a query: solve the largest n once; the cards 1..n are a sub-game of it. */
int solve_batch_divisors(const cli_command *cmd, const solve_batch_request *rq);

/** `a b` a query: solve up to the largest a and b once; every (a, b) is a position of it. */
int solve_batch_misere_piles(const cli_command *cmd, const solve_batch_request *rq);

/** The items' values a query (lines), or `n v1 .. vn` (seed format); one solve each. */
int solve_batch_pick(const cli_command *cmd, const solve_batch_request *rq);

/** The --max-bytes a solve of `positions` positions needs at `bytes_each` (rounded up). */
uint64_t solve_bytes_needed(uint64_t positions, double bytes_each);

/**
 * A generous estimate of the memory grundy_solve needs for `g` and the GRUNDY_SOLVE_* bits
 * `want`, after solver.h: 2 bits of outcome, a 1-byte counter and a 4-byte queue entry a
 * position, 4 more bytes for remoteness, 4 for Grundy values, 8 for scores, and without a
 * parents callback the reverse graph (8 bytes a position plus 8 a move).
 */
uint64_t solve_bytes_estimate(const grundy_game *g, unsigned want);

/**
 * The exit code, after one line, of grundy_solve(g) failing with st (not OK): out of memory
 * within max_bytes (the system refused: raising --max-bytes would not help) through
 * cli_oom_fail; LIMIT, or NOMEM past max_bytes, names the bytes to raise --max-bytes to;
 * another status, its name.
 */
int solve_fail(const cli_command *cmd, const grundy_game *g, grundy_status st, unsigned want,
               uint64_t max_bytes);

#endif
