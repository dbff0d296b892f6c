/* SPDX-License-Identifier: MIT */
/* grundy count: P-positions (g = 0) and N-positions among heaps A..N, through the period. */
#include "json.h"
#include "seq_batch.h"
#include "seq_common.h"

static const char help[] =
    "Usage: grundy count RULE --to N [--from A] [--max-n M] [--engine E] [--json]\n"
    "       grundy count RULE --input FILE|- [--format lines|seed] [...]\n"
    "\n"
    "Count the P-positions (value 0: the player to move loses) and N-positions (the player to\n"
    "move wins) among single heaps of A to N tokens, both included (N up to 2^63 - 1). Past\n"
    "--max-n the count comes from a proved period or a closed form, in time independent of N;\n"
    "without a proof the command exits with 4 and says what to raise.\n"
    "\n"
    "Options:\n"
    "  --to N      the largest heap counted (required)\n"
    "  --from A    the smallest heap counted [default: 0]\n" BATCH_OPTIONS_HELP
    "                a query is `N` (heaps 0 to N) or `A N` (heaps A to N)\n" BATCH_MAX_BYTES_HELP
    "  --json      print one JSON object: rule, from, to, p_positions, n_positions\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy count 0.07 --from 1 --to 1000000    # Project Euler 306: 852938 N-positions\n"
    "  grundy count 'S(1-1000000000000000000)' --to 9223372036854775807 --json\n"
    "  printf '0\\n1\\n4\\n12\\n' | grundy count 'S(2,5)' --input - --json\n";

static const cli_option options[] = {{"to", 0, CLI_ARG_ONE},     {"from", 0, CLI_ARG_ONE},
                                     {"json", 0, CLI_ARG_NONE},  {"input", 0, CLI_ARG_ONE},
                                     {"format", 0, CLI_ARG_ONE}, {"max-bytes", 0, CLI_ARG_ONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_TO, OPT_FROM, OPT_JSON, OPT_INPUT, OPT_FORMAT, OPT_MAX_BYTES, OPT_SEQ };

static void print(const seq_job *job, int json, uint64_t from, uint64_t to, uint64_t p_pos,
                  uint64_t n_pos) {
    if (!json) {
        printf("%s, heaps %llu to %llu: %llu N-positions (the player to move wins), %llu "
               "P-positions (the player to move loses)\n",
               job->canonical, (unsigned long long)from, (unsigned long long)to,
               (unsigned long long)n_pos, (unsigned long long)p_pos);
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", job->canonical);
    json_kv_u64(&w, "from", from);
    json_kv_u64(&w, "to", to);
    json_kv_u64(&w, "p_positions", p_pos);
    json_kv_u64(&w, "n_positions", n_pos);
    json_object_end(&w);
}

/* --input: every query from one prepared sequence. */
static int run_batch(const cli_args *args) {
    const seq_batch_spec spec = {OPT_INPUT, OPT_FORMAT, OPT_JSON,     OPT_SEQ,
                                 print,     NULL,       OPT_MAX_BYTES};
    if (args->present[OPT_TO] || args->present[OPT_FROM]) {
        return cli_usage_error(&cli_cmd_count, "give --to/--from or --input, not both");
    }
    return seq_batch_run(&cli_cmd_count, args, &spec);
}

/* --memory: the P-positions counted as the values are computed. */
typedef struct zeros {
    uint64_t from, count;
} zeros;

static void count_zero(void *ctx, uint64_t n, uint64_t v) {
    zeros *z = ctx;
    z->count += n >= z->from && v == 0;
}

/* --checkpoint with --memory: the count so far, of this --from. */
static int zeros_save(void *ctx, void **bytes, size_t *len) {
    const zeros *z = ctx;
    return seq_run_words_save(z->from, z->count, bytes, len);
}

static int zeros_load(void *ctx, const void *bytes, size_t len) {
    zeros *z = ctx;
    return seq_run_words_load(bytes, len, z->from, &z->count);
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    uint64_t from = 0, to = 0, p_pos = 0, n_pos = 0;
    int rc = cli_parse_args(&cli_cmd_count, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_count, "missing RULE")
                   : cli_unexpected_operand(&cli_cmd_count, args.operands[1], args.present[OPT_TO]);
    }
    if (args.present[OPT_INPUT]) {
        return run_batch(&args);
    }
    if (args.present[OPT_MAX_BYTES]) {
        return cli_usage_error(&cli_cmd_count, "--max-bytes applies to --input");
    }
    if (!args.present[OPT_TO]) {
        return cli_usage_error(&cli_cmd_count, "missing --to N (or --input FILE)");
    }
    if ((rc = cli_parse_number(&cli_cmd_count, "--to", args.value[OPT_TO], GRUNDY_NUMBER_MAX,
                               &to)) != 0 ||
        (args.present[OPT_FROM] &&
         (rc = cli_parse_number(&cli_cmd_count, "--from", args.value[OPT_FROM], GRUNDY_NUMBER_MAX,
                                &from)) != 0)) {
        return rc;
    }
    if (from > to) {
        return cli_fail(&cli_cmd_count, CLI_EXIT_VALUE, "--from (%llu) is greater than --to (%llu)",
                        (unsigned long long)from, (unsigned long long)to);
    }
    rc = seq_job_start(&cli_cmd_count, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0 && job.run.memory != 0 && to <= job.opts.max_n) { /* --memory: counted as computed */
        zeros z = {from, 0};
        job.run.sink_save = zeros_save;
        job.run.sink_load = zeros_load;
        rc = seq_job_stream(&cli_cmd_count, &job, to, count_zero, &z);
        rc = rc < 0 ? seq_job_done(&cli_cmd_count, &job, CLI_EXIT_OK, UINT64_MAX) : rc;
        if (rc == CLI_EXIT_OK) {
            print(&job, args.present[OPT_JSON], from, to, z.count, to - from + 1 - z.count);
        }
    } else if (rc < 0) {
        job.run.bound = to < job.opts.max_n ? to + 1 : job.run.bound;
        const grundy_status st = grundy_query_count(job.query, from, to, &p_pos, &n_pos);
        if (st != GRUNDY_STATUS_OK) {
            rc = st == GRUNDY_STATUS_NOMEM
                     ? cli_memory_fail(&cli_cmd_count, st, job.canonical,
                                       grundy_query_reach(job.query) + 1, NULL)
                     : seq_job_fail(&cli_cmd_count, &job, st, to);
        } else {
            rc = seq_job_done(&cli_cmd_count, &job, CLI_EXIT_OK, UINT64_MAX);
            if (rc == CLI_EXIT_OK) {
                print(&job, args.present[OPT_JSON], from, to, p_pos, n_pos);
            }
        }
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_count = {
    "count", run,     "Count P- and N-positions among heaps A..N, up to 2^63 - 1",
    help,    options, seq_batch_word};
