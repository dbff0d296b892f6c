/* SPDX-License-Identifier: MIT */
/* What the sequence commands (values, period, value, count) share: the rule operand, --max-n,
 * the canonical rule text and the "past what is proved" message. */
#ifndef GRUNDY_CLI_SEQ_COMMON_H
#define GRUNDY_CLI_SEQ_COMMON_H

#include "cli.h"

/*
 * The options every command that computes a sequence takes (values, period, value, count, and
 * the commands built on them). A command lists its own options first and then SEQ_OPTIONS; its
 * enum ends with OPT_SEQ, the index of the first shared option, which it passes to
 * seq_job_start. One option per line, each issue's options after its own comment line, so that
 * work on different options merges without conflicts.
 */
/* clang-format off */
#define SEQ_OPTIONS                                                                                \
    {"max-n", 0, CLI_ARG_ONE},                                                                     \
    {"engine", 0, CLI_ARG_ONE},                                                                    \
    /* self-check (issue 11) */                                                                    \
    /* threads (issue 12) */                                                                       \
    {"threads", 0, CLI_ARG_ONE},                                                                   \
    /* long runs: checkpoints, sequence files, progress, memory (issue 13) */                      \
    /* end of the shared options */

/* Indices of the shared options, relative to the command's OPT_SEQ; same order as SEQ_OPTIONS. */
enum seq_option {
    SEQ_OPT_MAX_N,
    SEQ_OPT_ENGINE,
    /* self-check (issue 11) */
    /* threads (issue 12) */
    SEQ_OPT_THREADS,
    /* long runs (issue 13) */
    SEQ_OPT_COUNT
};

/* The help lines of the shared options, for each command's help text. */
#define SEQ_OPTIONS_HELP                                                                           \
    "  --max-n M   the largest heap that may be computed [default: 33554432]\n"                     \
    "  --engine E  naive, sparse (rare/common values; moves leaving at most two heaps) or auto,\n"  \
    "              the fastest that applies [default: auto]\n"                                      \
    /* self-check (issue 11) */                                                                    \
    /* threads (issue 12) */                                                                       \
    "  --threads T threads that compute values; the values never depend on it [default: the\n"      \
    "              cores online]\n"                                                                  \
    /* long runs (issue 13) */                                                                     \
    ""
/* clang-format on */

/** A parsed rule with its canonical text, and the period options from the shared options. */
typedef struct seq_job {
    grundy_rule *rule;
    char *canonical; /* the whole canonical form (JSON's "rule"), owned */
    grundy_period_opts opts;
    grundy_query *query;
} seq_job;

/**
 * Parse RULE and the shared options (args->value[seq_base + SEQ_OPT_...]; absent: the
 * defaults), and create the query.
 * @return -1 to go on, else the exit code (the message is printed).
 */
int seq_job_start(const cli_command *cmd, const char *rule_text, const cli_args *args, int seq_base,
                  seq_job *job);

void seq_job_end(seq_job *job);

/**
 * Report a failed query about heap `heap` ("g(N)" or "heaps up to N"): past what is proved (exit
 * 4, saying what was computed and what to raise), memory, or a bad argument.
 * @return the exit code.
 */
int seq_job_fail(const cli_command *cmd, const seq_job *job, grundy_status st, uint64_t heap);

#endif
