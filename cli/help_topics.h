/* SPDX-License-Identifier: MIT */
/* The help pages that are not a command's: `grundy help TOPIC` (sequence-options, rules, ...). */
#ifndef GRUNDY_CLI_HELP_TOPICS_H
#define GRUNDY_CLI_HELP_TOPICS_H

#include "cli.h"

typedef struct cli_topic {
    const char *name;
    const char *summary;  /* one line for `grundy help topics` */
    const char *text;     /* the page; a topic may add lines made from the tables after it */
    const char *examples; /* "\nExamples:\n" and the commands, printed last */
} cli_topic;

extern const cli_topic cli_topics[];
extern const size_t cli_topic_count;

/** The topic called `name`, or NULL. */
const cli_topic *cli_topic_find(const char *name);

/** Print a topic's page; `cmds` (the command table) for the lines made from it: the commands
 *  that take --json, the rule names. */
void cli_print_topic(const cli_topic *t, const cli_command *const *cmds, size_t count, FILE *out);

#endif
