/* SPDX-License-Identifier: MIT */
/* grundy survey's work: the class read, the rows computed (resumed from --out), the groups
 * formed and the table printed. */
#ifndef GRUNDY_CLI_SURVEY_TABLE_H
#define GRUNDY_CLI_SURVEY_TABLE_H

#include "cli.h"

typedef struct survey_run {
    grundy_survey_header header;
    grundy_survey_opts opts;
    unsigned threads;
    uint64_t shard_index, shard_of; /* 1-based index I of K */
    int quiet, json;
    const char *format; /* "md" or "tsv" */
    const char *out;    /* NULL: no file */
    uint64_t max_bytes; /* --max-bytes: all threads together */
    /* filled by survey_table_run */
    char **codes;
    size_t count;
    grundy_survey_row *rows;
    grundy_status *statuses;
    unsigned char *have, *todo;
    size_t done, todo_count;
    unsigned at_once; /* codes computed at once: threads / opts.seq.threads */
    double last_save;
    int save_failed; /* the errno of the last save to --out that failed, or 0 */
} survey_run;

/** Survey CLASS (a pattern or @FILE) with the options in `run` and print the table. */
int survey_table_run(const cli_command *cmd, const char *class_text, survey_run *run);

void survey_run_free(survey_run *run);

#endif
