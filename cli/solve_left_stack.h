/* SPDX-License-Identifier: MIT */
/* grundy solve left-stack: the Left Stack Game (seed 002), how solve answers the registry's
 * left-stack entry (solve_registry.c). */
#ifndef GRUNDY_CLI_SOLVE_LEFT_STACK_H
#define GRUNDY_CLI_SOLVE_LEFT_STACK_H

#include "cli.h"

/** What `grundy solve` passes on. */
typedef struct cli_left_stack_request {
    char *const *operands; /* after the game's name: M A B C, or none (read stdin) */
    int operand_count;
    int json;
    int self_test;      /* check the callbacks before an exhaustive solve */
    uint64_t max_bytes; /* for stdin and the solver */
} cli_left_stack_request;

/**
 * Answer `grundy solve left-stack [M A B C]`: Tomaz (the player to move wins) or Danftito, by the
 * rule of docs/left_stack.md, checked against the solver when the game is small. Without
 * operands, reads instances `m a b c` from stdin (the seed's format) until the end of the input.
 * @return the exit code; messages go to stderr in `cmd`'s name.
 */
int cli_solve_left_stack(const cli_command *cmd, const cli_left_stack_request *rq);

#endif
