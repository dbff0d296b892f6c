/* SPDX-License-Identifier: MIT */
/* Shared by the sequence commands: rule and --max-n parsing, the honest "past what is proved". */
#include "seq_common.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The most threads --threads takes. */
#define MAX_THREADS 1024

/* The default thread count: the cores online. */
static unsigned cores_online(void) {
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1u : n > MAX_THREADS ? MAX_THREADS : (unsigned)n;
}

/* --engine: naive, sparse or auto; exit 3 for another name. */
static int parse_engine(const cli_command *cmd, const char *text, grundy_seq_engine *out) {
    static const char *const names[] = {"auto", "naive", "sparse"};
    static const grundy_seq_engine engines[] = {GRUNDY_SEQ_AUTO, GRUNDY_SEQ_NAIVE,
                                                GRUNDY_SEQ_SPARSE};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(text, names[i]) == 0) {
            *out = engines[i];
            return 0;
        }
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "unknown engine '%s' (naive, sparse or auto)", text);
}

int seq_job_start(const cli_command *cmd, const char *rule_text, const cli_args *args, int seq_base,
                  seq_job *job) {
    const grundy_period_opts defaults = GRUNDY_PERIOD_OPTS_INIT;
    const char *const max_n_text = args->value[seq_base + SEQ_OPT_MAX_N];
    const char *const engine_text = args->value[seq_base + SEQ_OPT_ENGINE];
    const char *const threads_text = args->value[seq_base + SEQ_OPT_THREADS];
    memset(job, 0, sizeof *job);
    job->opts = defaults;
    job->opts.seq.threads = cores_online();
    if (threads_text != NULL) {
        uint64_t threads = 0;
        const int rc = cli_parse_number(cmd, "--threads", threads_text, MAX_THREADS, &threads);
        if (rc != 0) {
            return rc;
        }
        if (threads == 0) {
            return cli_fail(cmd, CLI_EXIT_VALUE, "--threads must be at least 1");
        }
        job->opts.seq.threads = (unsigned)threads;
    }
    if (max_n_text != NULL) {
        const int rc =
            cli_parse_number(cmd, "--max-n", max_n_text, GRUNDY_NUMBER_MAX - 1, &job->opts.max_n);
        if (rc != 0) {
            return rc;
        }
        job->opts.unproved_max_n = job->opts.max_n; /* asked for: search that far */
    }
    if (engine_text != NULL) {
        const int rc = parse_engine(cmd, engine_text, &job->opts.seq.engine);
        if (rc != 0) {
            return rc;
        }
    }
    const int rc = cli_parse_rule(cmd, rule_text, &job->rule);
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(job->rule, NULL, 0);
    job->canonical = malloc(len + 1);
    if (job->canonical == NULL) {
        return cli_fail(cmd, CLI_EXIT_LIMIT, "out of memory");
    }
    grundy_rule_format(job->rule, job->canonical, len + 1);
    if (job->opts.seq.engine == GRUNDY_SEQ_SPARSE && grundy_rule_max_heaps_left(job->rule) != 2) {
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "--engine sparse needs a rule with moves that leave two heaps; %s has none",
                        job->canonical);
    }
    const grundy_status st = grundy_query_create(job->rule, &job->opts, &job->query);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(cmd, cli_exit_code(st), "cannot start on %s: %s", job->canonical,
                        grundy_status_str(st));
    }
    return -1;
}

void seq_job_end(seq_job *job) {
    free(job->canonical);
    grundy_query_destroy(job->query);
    grundy_rule_destroy(job->rule);
}

int seq_job_fail(const cli_command *cmd, const seq_job *job, grundy_status st, uint64_t heap) {
    const unsigned long long n = heap, max_n = job->opts.max_n;
    const unsigned long long reach = grundy_query_reach(job->query);
    if (st != GRUNDY_STATUS_LIMIT) {
        return cli_fail(cmd, cli_exit_code(st), "%s: %s", job->canonical, grundy_status_str(st));
    }
    if (heap <= job->opts.max_n) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "heap %llu of %s is out of reach: the memory limit stopped the "
                        "computation at g(0..%llu)",
                        n, job->canonical, reach);
    }
    if (grundy_period_theorem(job->rule) == GRUNDY_PROOF_NONE) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "g(%llu) is past what is proved: no theorem proves periods of %s ('!' "
                        "codes and tails), so only heaps up to --max-n are answered, by direct "
                        "computation; raise --max-n (now %llu) to %llu or more",
                        n, job->canonical, max_n, n);
    }
    return cli_fail(cmd, CLI_EXIT_LIMIT,
                    "g(%llu) is past what is proved: computed g(0..%llu) of %s without a "
                    "proved period; raise --max-n (now %llu)",
                    n, reach, job->canonical, max_n);
}
