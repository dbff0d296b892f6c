/* SPDX-License-Identifier: MIT */
/* grundy solve's searched games (SOLVE_ANSWER_NIMBER): the nimber of the start by the search of
 * grundy/nimsearch.h, with its checkpoint, progress line and SIGINT/SIGTERM. */
#ifndef GRUNDY_CLI_SOLVE_NIMBER_H
#define GRUNDY_CLI_SOLVE_NIMBER_H

#include "solve_registry.h"

typedef struct cli_nimber_request {
    const solve_game *game;
    char *const *v; /* the operands after GAME */
    int count;
    int json;
    uint64_t max_bytes;
    unsigned threads;
    const char *checkpoint;  /* --checkpoint FILE or NULL */
    double checkpoint_every; /* --checkpoint-every S */
    unsigned flags;          /* GRUNDY_NIM_* from --method */
    int progress;            /* --progress */
} cli_nimber_request;

/** --method M into GRUNDY_NIM_* flags: 0, or exit 3 after one line. */
int cli_nimber_method(const cli_command *cmd, const char *text, unsigned *flags);

/** The i-th --method name (full, reverse, plain), NULL past the last. */
const char *cli_nimber_method_word(size_t i);

/** Build the game, search its start and print the answer: 0 or the exit code. */
int cli_solve_nimber(const cli_command *cmd, const cli_nimber_request *rq);

#endif
