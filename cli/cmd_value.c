/* SPDX-License-Identifier: MIT */
/* grundy value: g(N) for one heap, N up to 2^63 - 1, through a proved period or closed form. */
#include "json.h"
#include "seq_batch.h"
#include "seq_common.h"

static const char help[] =
    "Usage: grundy value RULE N [--max-n M] [--engine E] [--json]\n"
    "       grundy value RULE --input FILE|- [--format lines|seed] [...]\n"
    "\n"
    "Print g(N), the Grundy value of one heap of N tokens (N up to 2^63 - 1).\n"
    "Heaps up to --max-n are computed directly when needed; beyond them the answer comes from a\n"
    "proved period or a closed form, in time independent of N. Without a proof the command\n"
    "says what was computed and exits with 4: it never guesses.\n"
    "\n"
    "Options:\n" BATCH_OPTIONS_HELP "                a query is one heap N\n" BATCH_MAX_BYTES_HELP
    "  --json      print one JSON object: rule, heap, value\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy value 0.07 1000000000000000000\n"
    "  grundy value kayles 9223372036854775807 --json\n"
    "  printf '5\\n10\\n' | grundy value 'S(1,3,4)' --input -\n";

static const cli_option options[] = {{"json", 0, CLI_ARG_NONE},
                                     {"input", 0, CLI_ARG_ONE},
                                     {"format", 0, CLI_ARG_ONE},
                                     {"max-bytes", 0, CLI_ARG_ONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_JSON, OPT_INPUT, OPT_FORMAT, OPT_MAX_BYTES, OPT_SEQ };

static void print_value(const seq_job *job, int json, uint64_t heap, uint64_t value) {
    if (!json) {
        printf("%llu\n", (unsigned long long)value);
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", job->canonical);
    json_kv_u64(&w, "heap", heap);
    json_kv_u64(&w, "value", value);
    json_object_end(&w);
}

/* --input: every heap from one prepared sequence. */
static int run_batch(const cli_args *args) {
    const seq_batch_spec spec = {OPT_INPUT, OPT_FORMAT,  OPT_JSON,     OPT_SEQ,
                                 NULL,      print_value, OPT_MAX_BYTES};
    if (args->operand_count > 1) {
        return cli_usage_error(&cli_cmd_value, "give N or --input, not both");
    }
    return seq_batch_run(&cli_cmd_value, args, &spec);
}

/* --memory: g(N) caught as it is computed. */
typedef struct catch_value {
    uint64_t heap, value;
} catch_value;

static void catch_heap(void *ctx, uint64_t n, uint64_t v) {
    catch_value *c = ctx;
    c->value = n == c->heap ? v : c->value;
}

/* --checkpoint with --memory: the value caught (0 until it is), of this heap. */
static int catch_save(void *ctx, void **bytes, size_t *len) {
    const catch_value *c = ctx;
    return seq_run_words_save(c->heap, c->value, bytes, len);
}

static int catch_load(void *ctx, const void *bytes, size_t len) {
    catch_value *c = ctx;
    return seq_run_words_load(bytes, len, c->heap, &c->value);
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    uint64_t heap = 0, value = 0;
    int rc = cli_parse_args(&cli_cmd_value, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count >= 1 && args.present[OPT_INPUT]) {
        return run_batch(&args);
    }
    if (args.present[OPT_MAX_BYTES]) {
        return cli_usage_error(&cli_cmd_value, "--max-bytes applies to --input");
    }
    if (args.operand_count < 2) {
        return cli_usage_error(&cli_cmd_value,
                               args.operand_count == 0 ? "missing RULE and N" : "missing N");
    }
    if (args.operand_count > 2) {
        return cli_usage_error(&cli_cmd_value, "unexpected operand '%s'", args.operands[2]);
    }
    rc = cli_parse_number(&cli_cmd_value, "heap", args.operands[1], GRUNDY_NUMBER_MAX, &heap);
    if (rc != 0) {
        return rc;
    }
    rc = seq_job_start(&cli_cmd_value, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0 && job.run.memory != 0 && heap <= job.opts.max_n) { /* --memory */
        catch_value c = {heap, 0};
        job.run.sink_save = catch_save;
        job.run.sink_load = catch_load;
        rc = seq_job_stream(&cli_cmd_value, &job, heap, catch_heap, &c);
        rc = rc < 0 ? seq_job_done(&cli_cmd_value, &job, CLI_EXIT_OK, UINT64_MAX) : rc;
        if (rc == CLI_EXIT_OK) {
            print_value(&job, args.present[OPT_JSON] != 0, heap, c.value);
        }
    } else if (rc < 0) {
        const grundy_status st = grundy_query_value(job.query, heap, &value);
        if (st != GRUNDY_STATUS_OK) {
            rc = st == GRUNDY_STATUS_NOMEM
                     ? cli_memory_fail(&cli_cmd_value, st, job.canonical,
                                       grundy_query_reach(job.query) + 1, NULL)
                     : seq_job_fail(&cli_cmd_value, &job, st, heap);
        } else if ((rc = seq_job_done(&cli_cmd_value, &job, CLI_EXIT_OK, UINT64_MAX)) != 0) {
            /* a checkpoint or --save could not be written: said */
        } else {
            print_value(&job, args.present[OPT_JSON] != 0, heap, value);
            rc = CLI_EXIT_OK;
        }
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_value = {"value", run,     "The Grundy value of one heap, up to 2^63 - 1",
                                   help,    options, seq_batch_word};
