/* SPDX-License-Identifier: MIT */
/* Batch input: many queries from --input FILE or '-' (stdin), read once, answered in order. */
#ifndef GRUNDY_CLI_BATCH_H
#define GRUNDY_CLI_BATCH_H

#include "cli.h"

#define BATCH_MAX_FIELDS 24

/*
 * The two layouts of a batch (--format):
 * - BATCH_LINES: one query a line, its numbers separated by white space; blank lines and '#'
 *   comments are skipped.
 * - BATCH_SEED: the seed problems' layout: a count t first, then t queries of `fields` numbers
 *   each (line breaks do not matter); with fields == 0 each query is its own count n followed by
 *   n numbers (seed 004, problem 8), one query after another to the end of the input.
 */
enum batch_format { BATCH_LINES, BATCH_SEED };

typedef struct batch_query {
    size_t line; /* where the query starts, 1-based */
    int count;   /* numbers in v[] */
    uint64_t v[BATCH_MAX_FIELDS];
} batch_query;

typedef struct batch {
    batch_query *q;
    size_t count;
} batch;

/** The help lines of --input and --format, for a command's help text. */
#define BATCH_OPTIONS_HELP                                                                         \
    "  --input FILE  many queries: FILE ('-' is stdin), one query a line, blank lines and '#'\n"   \
    "                comments skipped; one answer a line (JSON Lines with --json), all from\n"     \
    "                one computation\n"                                                            \
    "  --format F    lines (one query a line) or seed (a count line first, as the seed\n"          \
    "                problems' inputs have it) [default: lines]\n"

/** The memory a batch may hold (its text and 208 bytes a query) without --max-bytes: 1 GiB. */
#define BATCH_DEFAULT_MAX_BYTES ((uint64_t)1 << 30)

/** The help line of the sequence commands' --max-bytes (solve has its own). */
#define BATCH_MAX_BYTES_HELP                                                                       \
    "  --max-bytes B memory for the --input queries: the input's bytes and 208 a query\n"          \
    "                [default: 1073741824]\n"

/**
 * Parse --format (NULL: lines). @return 0, or the exit code after one line on stderr.
 */
int batch_parse_format(const cli_command *cmd, const char *text, enum batch_format *out);

/** The i-th --format name batch_parse_format knows (lines, seed), NULL past the last. */
const char *batch_format_word(size_t i);

/**
 * Read a batch: each query has min_fields..max_fields numbers (BATCH_LINES), or exactly
 * max_fields (BATCH_SEED; 0 there: a count and that many numbers), each <= max_value. In lines
 * mode, a first line holding one number t followed by exactly t queries gets a note on stderr that
 * it may be the seed format's count line. Errors name the line: exit 3 (shape or value), 5 (I/O),
 * 4 (memory: more than max_bytes for the text and the queries, saying what to raise it to).
 * @return 0 with *out filled (batch_free it), or the exit code.
 */
int batch_read(const cli_command *cmd, const char *path, enum batch_format format, int min_fields,
               int max_fields, uint64_t max_value, uint64_t max_bytes, batch *out);

void batch_free(batch *b);

/** The largest v[field] over the batch (0 for an empty one). */
uint64_t batch_max(const batch *b, int field);

#endif
