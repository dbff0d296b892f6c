/* SPDX-License-Identifier: MIT */
/* cli_fail for the fuzz targets that compile a CLI reader in (batch.c, rule_file.c): the message
 * is kept, not printed (cli.c escapes and prints it), so that a target can check it. */
#ifndef GRUNDY_FUZZ_CLI_FAIL_KEPT_H
#define GRUNDY_FUZZ_CLI_FAIL_KEPT_H

#include "cli.h"

/** The calls of cli_fail since fuzz_fail_reset, and the last one's message (whole: the targets'
 *  texts are at most 4 KiB; the CLI cuts a long one in the middle, keeping its end). */
extern int fuzz_fails;
extern char fuzz_last_message[8192];

/** Forget the calls and the message before an input runs. */
void fuzz_fail_reset(void);

/** The command the readers are given. */
extern const cli_command fuzz_command;

#endif
