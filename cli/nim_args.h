/* SPDX-License-Identifier: MIT */
/* The operands of grundy nim: nimbers (0 to 2^64 - 1) and the multiplier list of 'nim count'. */
#ifndef GRUNDY_CLI_NIM_ARGS_H
#define GRUNDY_CLI_NIM_ARGS_H

#include "cli.h"

#include <stddef.h>
#include <stdint.h>

#define NIM_MAX_MULTIPLIERS 64

/** A nimber 0 <= x <= 2^64 - 1 in decimal (cli_parse_number stops at 2^63 - 1): 0, or the exit
 *  code after one line (too large, or not a number: junk is named before size, as
 *  grundy_parse_u64 does). */
int nim_parse_nimber(const cli_command *cmd, const char *text, uint64_t *out);

/** "1,2,3" into mult[NIM_MAX_MULTIPLIERS], each 0 to GRUNDY_NIM_COUNT_MAX_MULTIPLIER: 0 with
 *  *count set, or the exit code after one line. */
int nim_parse_multipliers(const cli_command *cmd, const char *text, uint64_t *mult, size_t *count);

#endif
