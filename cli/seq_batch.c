/* SPDX-License-Identifier: MIT */
/* Batches of count and value queries over one rule's sequence. */
#include "seq_batch.h"

#include <string.h>

#include <stdlib.h>

/* Prefix sums zeros[m] = #{x < m : g(x) = 0} for m <= to; NULL when it does not fit. */
static uint32_t *prefix_zeros(grundy_query *q, uint64_t to) {
    if (to >= UINT32_MAX || to + 2 > SIZE_MAX / sizeof(uint32_t)) {
        return NULL;
    }
    uint32_t *const zeros = malloc((size_t)(to + 2) * sizeof *zeros);
    if (zeros == NULL) {
        return NULL;
    }
    zeros[0] = 0;
    for (uint64_t m = 0; m <= to; m++) {
        uint64_t g = 1;
        if (grundy_query_value(q, m, &g) != GRUNDY_STATUS_OK) {
            free(zeros);
            return NULL;
        }
        zeros[m + 1] = zeros[m] + (g == 0);
    }
    return zeros;
}

/* The range of a count query, checked. */
static int count_range(const cli_command *cmd, const batch_query *q, uint64_t *from, uint64_t *to) {
    *from = q->count == 2 ? q->v[0] : 0;
    *to = q->v[q->count - 1];
    if (*from > *to) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "--input line %zu: from (%llu) is greater than to (%llu)", q->line,
                        (unsigned long long)*from, (unsigned long long)*to);
    }
    return 0;
}

int seq_batch_counts(const cli_command *cmd, seq_job *job, const batch *b, int json,
                     seq_count_print print) {
    uint64_t from, to, top = 0;
    for (size_t i = 0; i < b->count; i++) {
        const int rc = count_range(cmd, &b->q[i], &from, &to);
        if (rc != 0) {
            return rc;
        }
        top = to > top ? to : top;
    }
    grundy_status st = grundy_query_prepare(job->query, top);
    if (st != GRUNDY_STATUS_OK) {
        return seq_job_fail(cmd, job, st, top);
    }
    /* Without a proved period a count scans the values: keep their prefix sums instead. */
    uint32_t *const zeros =
        grundy_query_reach(job->query) >= GRUNDY_NUMBER_MAX ? NULL : prefix_zeros(job->query, top);
    for (size_t i = 0; i < b->count && st == GRUNDY_STATUS_OK; i++) {
        uint64_t p_pos = 0, n_pos = 0;
        count_range(cmd, &b->q[i], &from, &to);
        if (zeros != NULL) {
            p_pos = zeros[to + 1] - zeros[from];
            n_pos = to - from + 1 - p_pos;
        } else {
            st = grundy_query_count(job->query, from, to, &p_pos, &n_pos);
        }
        if (st == GRUNDY_STATUS_OK) {
            print(job, json, from, to, p_pos, n_pos);
        }
    }
    free(zeros);
    return st == GRUNDY_STATUS_OK ? 0 : seq_job_fail(cmd, job, st, top);
}

int seq_batch_values(const cli_command *cmd, seq_job *job, const batch *b, int json,
                     seq_value_print print) {
    const uint64_t top = batch_max(b, 0);
    grundy_status st = grundy_query_prepare(job->query, top);
    for (size_t i = 0; i < b->count && st == GRUNDY_STATUS_OK; i++) {
        uint64_t value = 0;
        st = grundy_query_value(job->query, b->q[i].v[0], &value);
        if (st == GRUNDY_STATUS_OK) {
            print(job, json, b->q[i].v[0], value);
        }
    }
    return st == GRUNDY_STATUS_OK ? 0 : seq_job_fail(cmd, job, st, top);
}

int seq_batch_run(const cli_command *cmd, const cli_args *args, const seq_batch_spec *spec) {
    enum batch_format format;
    batch b;
    seq_job job;
    uint64_t max_bytes = BATCH_DEFAULT_MAX_BYTES;
    int rc = batch_parse_format(cmd, args->value[spec->opt_format], &format);
    if (rc == 0 && args->value[spec->opt_max_bytes] != NULL) {
        rc = cli_parse_bytes(cmd, "--max-bytes", args->value[spec->opt_max_bytes],
                             GRUNDY_NUMBER_MAX, &max_bytes);
    }
    if (rc == 0) {
        /* count: `N` or `A N` a line; a seed layout's queries are `N` */
        const int fields = spec->count != NULL && format == BATCH_LINES ? 2 : 1;
        rc = batch_read(cmd, args->value[spec->opt_input], format, 1, fields, GRUNDY_NUMBER_MAX,
                        max_bytes, &b);
    }
    if (rc != 0) {
        return rc;
    }
    const int json = args->present[spec->opt_json] != 0;
    rc = seq_job_start(cmd, args->operands[0], args, spec->opt_seq, &job);
    if (rc < 0) {
        rc = spec->count != NULL ? seq_batch_counts(cmd, &job, &b, json, spec->count)
                                 : seq_batch_values(cmd, &job, &b, json, spec->value);
        rc = rc == 0 ? seq_job_done(cmd, &job, rc, UINT64_MAX) : rc; /* checkpoint, --save */
    }
    rc = seq_job_end(&job, rc);
    batch_free(&b);
    return rc;
}

const char *seq_batch_word(const char *option, size_t i) {
    return option != NULL && strcmp(option, "format") == 0 ? batch_format_word(i)
                                                           : seq_command_word(option, i);
}
