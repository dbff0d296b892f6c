/* SPDX-License-Identifier: MIT */
/* The retrograde solver across MPI ranks (grundy-mpi): each rank holds one slice of the
 * positions; the parents' updates travel between ranks in rounds, one level of remoteness at a
 * time. Works on any grundy_game through its callbacks (docs/solver.md). */
#ifndef GRUNDY_MPI_SOLVE_H
#define GRUNDY_MPI_SOLVE_H

#include <grundy/solver.h>
#include <mpi.h>

/** What every rank learns from a distributed solve. */
typedef struct mpi_result {
    uint64_t win, lose, draw; /* positions of each outcome, over all ranks */
    grundy_outcome initial;   /* the start's outcome */
    uint32_t initial_remoteness;
    uint32_t max_remoteness;
    uint64_t rank_bytes; /* the largest working memory of a rank, tables included */
} mpi_result;

/** Memory one rank of `ranks` needs for a game of n positions (an estimate before solving:
 *  tables and counters; the messages and, without a parents callback, the reverse graph come on
 *  top, see docs/solver.md). */
uint64_t mpi_solve_rank_bytes(uint64_t n, uint32_t max_moves, int ranks);

/**
 * Label every position win/lose/draw with remoteness, the positions cut into `comm`'s ranks in
 * equal slices (a multiple of 4, so that a slice's outcome bytes are its own). Collective: every
 * rank calls it with the same game. With `save` (read on rank 0 only) rank 0 writes the table
 * file, outcomes and remoteness, describing `describes` (rank 0 with a NULL one fails the save:
 * NOMEM), byte for byte what grundy_solution_save_game writes for one process, so that grundy solve
 * --load takes it.
 * @return the same status on every rank: GRUNDY_STATUS_OK; _LIMIT (over max_bytes a rank, a slice
 *         past 2^32 positions, remoteness past 2^32 - 2); _UNSUPPORTED (a game with canonical
 *         forms); _INVALID_ARG (a move or parent out of range, more moves than max_moves);
 *         _IO (the file); _NOMEM.
 */
grundy_status mpi_solve(const grundy_game *game, MPI_Comm comm, uint64_t max_bytes,
                        const char *save, const char *describes, mpi_result *out);

#endif
