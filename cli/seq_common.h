/* SPDX-License-Identifier: MIT */
/* What the sequence commands (values, period, value, count) share: the rule operand, --max-n,
 * the canonical rule text and the "past what is proved" message. */
#ifndef GRUNDY_CLI_SEQ_COMMON_H
#define GRUNDY_CLI_SEQ_COMMON_H

#include "cli.h"

/** A parsed rule with its canonical text, and the period options from --max-n. */
typedef struct seq_job {
    grundy_rule *rule;
    char *canonical; /* the whole canonical form (JSON's "rule"), owned */
    grundy_period_opts opts;
    grundy_query *query;
} seq_job;

/**
 * Parse RULE, the --max-n value and the --engine name (NULL: the defaults), and create the
 * query.
 * @return -1 to go on, else the exit code (the message is printed).
 */
int seq_job_start(const cli_command *cmd, const char *rule_text, const char *max_n_text,
                  const char *engine_text, seq_job *job);

void seq_job_end(seq_job *job);

/**
 * Report a failed query about heap `heap` ("g(N)" or "heaps up to N"): past what is proved (exit
 * 4, saying what was computed and what to raise), memory, or a bad argument.
 * @return the exit code.
 */
int seq_job_fail(const cli_command *cmd, const seq_job *job, grundy_status st, uint64_t heap);

#endif
