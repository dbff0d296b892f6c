/* SPDX-License-Identifier: MIT */
/* Batches of the sequence commands (count, value): one computation, every query answered from it.
 */
#ifndef GRUNDY_CLI_SEQ_BATCH_H
#define GRUNDY_CLI_SEQ_BATCH_H

#include "batch.h"
#include "seq_common.h"

typedef void (*seq_count_print)(const seq_job *job, int json, uint64_t from, uint64_t to,
                                uint64_t p_positions, uint64_t n_positions);
typedef void (*seq_value_print)(const seq_job *job, int json, uint64_t heap, uint64_t value);

/**
 * Answer `count` queries (`N`: heaps 0..N, or `A N`: heaps A..N) after preparing the sequence
 * once for the largest N: through the proved period when there is one, else from prefix sums of
 * the computed values (O(1) a query). @return 0 or the exit code (the message printed).
 */
int seq_batch_counts(const cli_command *cmd, seq_job *job, const batch *b, int json,
                     seq_count_print print);

/** Answer `value` queries (one heap N each) after preparing once for the largest. */
int seq_batch_values(const cli_command *cmd, seq_job *job, const batch *b, int json,
                     seq_value_print print);

/** Where a command keeps the batch's options, and how it prints an answer (one of the two). */
typedef struct seq_batch_spec {
    int opt_input, opt_format, opt_json, opt_seq; /* indices in the command's option table */
    seq_count_print count;                        /* count queries, or NULL */
    seq_value_print value;                        /* value queries, or NULL */
    int opt_max_bytes;                            /* --max-bytes */
} seq_batch_spec;

/**
 * A whole batch run: parse --format, read --input, start the job on operands[0], answer every
 * query. @return the exit code.
 */
int seq_batch_run(const cli_command *cmd, const cli_args *args, const seq_batch_spec *spec);

/** cli_command.word of value and count: rule names, --format's batch formats, --engine. */
const char *seq_batch_word(const char *option, size_t i);

#endif
