/* SPDX-License-Identifier: MIT */
/* Misere quotient files for the tool: `misere --save/--load` and `play --misere --quotient`, with
 * their one-line messages (docs/file-formats.md, "Misere quotient files"). */
#ifndef GRUNDY_CLI_MISERE_FILE_H
#define GRUNDY_CLI_MISERE_FILE_H

#include "cli.h"

/** Read the quotient of `rule` saved at `path` (given as option `what`) within max_bytes.
 *  @return 0 and *out; or the exit code, its line printed: 3 a file that is not a quotient of
 *  this rule (why), 4 past --max-bytes or out of memory, 5 a file that cannot be read. */
int misere_file_load(const cli_command *cmd, const char *what, const grundy_rule *rule,
                     const char *path, uint64_t max_bytes, grundy_misere **out);

/** Save q at `path` (given as option `what`). @return 0, or 5 (4 out of memory), its line
 *  printed. */
int misere_file_save(const cli_command *cmd, const char *what, const grundy_misere *q,
                     const char *path);

#endif
