/* SPDX-License-Identifier: MIT */
/* grundy survey @FILE: a file of rule codes, one a line, read into one block. */
#ifndef GRUNDY_CLI_RULE_FILE_H
#define GRUNDY_CLI_RULE_FILE_H

#include "cli.h"

/** The longest code a rule file line may hold (grundy_survey_expand's 63 characters). */
#define RULE_FILE_MAX_CODE 63

/**
 * Read the rule codes of `path`: one a line, '#' starts a comment, blanks (space, tab, CR)
 * around a code and blank lines are skipped; a line of any length is read whole. A code is 1 to
 * 63 printable characters without spaces, at most GRUNDY_SURVEY_MAX_CODES of them. On success
 * *codes (the pointers, then the strings, in one block freed with free()) and *count are set and
 * 0 returned; otherwise one line through cli_fail and its exit code (3 a bad line or no rule,
 * 4 memory, 5 i/o), *codes NULL and *count 0.
 */
int rule_file_read(const cli_command *cmd, const char *path, char ***codes, size_t *count);

#endif
