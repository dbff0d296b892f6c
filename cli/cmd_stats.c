/* SPDX-License-Identifier: MIT */
/* grundy stats: what the published tables give for g(0..N): the largest value and where it first
 * occurs, the rare/common mask, the rare heaps, and the frequency of each value. */
#include "json.h"
#include "seq_common.h"

static const char help[] =
    "Usage: grundy stats RULE --to N [--freq] [--max-n M] [--engine E] [--json]\n"
    "\n"
    "Compute g(0..N) and print the statistics the literature publishes with a sequence: the\n"
    "largest value and the first heap where it occurs; the rare/common mask of sparse space\n"
    "(heap n >= 1 is rare when parity(g(n) & mask) is even, or, with the parity variant, equal\n"
    "to the parity of n + K for the split takes' parity K), chosen over heaps 1..N as the\n"
    "sparse engine chooses it, making the fewest heaps rare; how many heaps are rare and the\n"
    "last one (counted among heaps 1..N, as plot and survey count them; heap 0 is never rare);\n"
    "and with --freq how often each value occurs (one 'value count' line each, by value). The\n"
    "mask is written in decimal, with ' parity' for the parity variant, in text as in plot and\n"
    "survey. The statistics come from the values alone: every engine and resumed run agrees.\n"
    "\n"
    "Options:\n"
    "  --to N      the last heap (required); past the default --max-n it is computed all the\n"
    "              same, memory allowing (an explicit --max-n bounds it)\n"
    "  --freq      also print the frequency of every value that occurs\n"
    "  --json      print one JSON object: rule, to, max_value, max_value_heap, mask,\n"
    "              mask_parity, rare_count, last_rare (null where none), and with --freq\n"
    "              frequencies ([value, count] pairs)\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy stats 0.6 --to 100000\n"
    "  grundy stats kayles --to 1000 --freq --json\n";

static const cli_option options[] = {{"to", 0, CLI_ARG_ONE},
                                     {"freq", 0, CLI_ARG_NONE},
                                     {"json", 0, CLI_ARG_NONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_TO, OPT_FREQ, OPT_JSON, OPT_SEQ };

typedef struct stats_sink {
    grundy_stats_acc *acc;
    grundy_status st;
} stats_sink;

static void print_json(const seq_job *job, const grundy_stats *s, int freq) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", job->canonical);
    json_kv_u64(&w, "to", s->count - 1);
    json_kv_u64(&w, "max_value", s->max_value);
    json_kv_u64(&w, "max_value_heap", s->max_heap);
    s->has_mask ? json_kv_u64(&w, "mask", s->mask) : json_kv_null(&w, "mask");
    s->has_mask ? json_kv_bool(&w, "mask_parity", (int)s->use_parity)
                : json_kv_null(&w, "mask_parity");
    s->has_mask ? json_kv_u64(&w, "rare_count", s->rare_count) : json_kv_null(&w, "rare_count");
    s->has_rare ? json_kv_u64(&w, "last_rare", s->last_rare) : json_kv_null(&w, "last_rare");
    if (freq) {
        json_key(&w, "frequencies");
        json_array_begin(&w);
        for (uint64_t v = 0; v <= s->max_value; v++) {
            if (s->freq[v] > 0) {
                json_array_begin(&w);
                json_u64(&w, v);
                json_u64(&w, s->freq[v]);
                json_array_end(&w);
            }
        }
        json_array_end(&w);
    }
    json_object_end(&w);
}

static void print_text(const seq_job *job, const grundy_stats *s, int freq) {
    const unsigned long long last = s->count - 1;
    char mask[GRUNDY_STATS_MASK_TEXT_CAP];
    grundy_stats_mask_text(s->mask, s->use_parity, mask, sizeof mask);
    printf("%s, heaps 0 to %llu\n", job->canonical, last);
    printf("max value %llu, first at heap %llu\n", (unsigned long long)s->max_value,
           (unsigned long long)s->max_heap);
    if (!s->has_mask) {
        printf("no rare/common mask (%s)\n",
               s->count < 2 ? "too few heaps" : "values of 2^22 or more");
    } else if (s->use_parity) { /* the mask as every command writes it: "6 parity" */
        printf("mask %s: heap n is rare when parity(g(n) & %llu) = "
               "(n + %u) mod 2\n",
               mask, (unsigned long long)s->mask, s->parity_bit);
    } else {
        printf("mask %s: heap n is rare when g(n) & %llu has an even number of 1 bits\n", mask,
               (unsigned long long)s->mask);
    }
    if (s->has_mask) {
        printf("rare heaps %llu of %llu", (unsigned long long)s->rare_count, last);
        s->has_rare ? printf(", the last at heap %llu\n", (unsigned long long)s->last_rare)
                    : printf("\n");
    }
    for (uint64_t v = 0; freq && v <= s->max_value; v++) {
        if (s->freq[v] > 0) {
            printf("%llu %llu\n", (unsigned long long)v, (unsigned long long)s->freq[v]);
        }
    }
}

/* --memory: each value into the accumulator as it is computed. */
static void add_value(void *ctx, uint64_t n, uint64_t value) {
    stats_sink *k = ctx;
    (void)n;
    if (k->st == GRUNDY_STATUS_OK) {
        k->st = grundy_stats_acc_add(k->acc, value);
    }
}

/* --checkpoint with --memory: the accumulator beside the window. */
static int acc_save(void *ctx, void **bytes, size_t *len) {
    const stats_sink *k = ctx;
    return grundy_stats_acc_save(k->acc, bytes, len) == GRUNDY_STATUS_OK ? 0 : -1;
}

static int acc_load(void *ctx, const void *bytes, size_t len) {
    stats_sink *k = ctx;
    return grundy_stats_acc_load(k->acc, bytes, len) == GRUNDY_STATUS_OK ? 0 : -1;
}

/* g(0..to) streamed into the accumulator: the values need not all be kept. */
static int stats_streamed(seq_job *job, uint64_t to, grundy_stats *s) {
    stats_sink k = {NULL, GRUNDY_STATUS_OK};
    grundy_status st = grundy_stats_acc_create(job->rule, &k.acc);
    job->run.sink_save = acc_save;
    job->run.sink_load = acc_load;
    int rc = st == GRUNDY_STATUS_OK ? seq_job_stream(&cli_cmd_stats, job, to, add_value, &k)
                                    : CLI_EXIT_LIMIT;
    if (rc < 0) {
        st = k.st == GRUNDY_STATUS_OK ? grundy_stats_acc_finish(k.acc, s) : k.st;
        rc = -1;
    }
    if (st != GRUNDY_STATUS_OK) {
        rc = cli_fail(&cli_cmd_stats, cli_exit_code(st), "%s: %s", job->canonical,
                      grundy_status_str(st));
    } else if (rc < 0) {
        /* the final checkpoint holds the accumulator: written while it exists */
        rc = seq_job_done(&cli_cmd_stats, job, CLI_EXIT_OK, UINT64_MAX);
        if (rc != CLI_EXIT_OK) {
            grundy_stats_free(s);
        }
    }
    job->run.sink = NULL;
    grundy_stats_acc_destroy(k.acc);
    return rc;
}

/* Compute g(0..to) directly and describe it. */
static int stats_of(seq_job *job, uint64_t to, int json, int freq) {
    if (job->run.memory != 0) { /* --memory: streamed, --max-n only when given */
        grundy_stats s;
        const int rc = stats_streamed(job, to, &s);
        if (rc != CLI_EXIT_OK) {
            return rc;
        }
        json ? print_json(job, &s, freq) : print_text(job, &s, freq);
        grundy_stats_free(&s);
        return rc;
    }
    grundy_seq *seq = grundy_query_seq(job->query);
    if (to >= grundy_seq_length(seq) && to > job->opts.max_n) {
        return cli_fail(&cli_cmd_stats, CLI_EXIT_LIMIT,
                        "stats computes g(0..%llu) directly: raise --max-n (now %llu) to %llu",
                        (unsigned long long)to, (unsigned long long)job->opts.max_n,
                        (unsigned long long)to);
    }
    job->run.bound = to + 1;
    /* Under the queries' work bound, which an explicit --max-n lifts. */
    grundy_status st = grundy_query_compute(job->query, to);
    if (st != GRUNDY_STATUS_OK) {
        return seq_job_fail(&cli_cmd_stats, job, st, to);
    }
    grundy_stats s;
    st = grundy_stats_compute(seq, to + 1, &s);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_stats, cli_exit_code(st), "%s: %s", job->canonical,
                        grundy_status_str(st));
    }
    const int rc = seq_job_done(&cli_cmd_stats, job, CLI_EXIT_OK, UINT64_MAX);
    if (rc == CLI_EXIT_OK) {
        json ? print_json(job, &s, freq) : print_text(job, &s, freq);
    }
    grundy_stats_free(&s);
    return rc;
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    uint64_t to = 0;
    int rc = cli_parse_args(&cli_cmd_stats, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_stats, "missing RULE")
                   : cli_unexpected_operand(&cli_cmd_stats, args.operands[1], args.present[OPT_TO]);
    }
    if (!args.present[OPT_TO]) {
        return cli_usage_error(&cli_cmd_stats, "missing --to N");
    }
    rc = cli_parse_number(&cli_cmd_stats, "--to", args.value[OPT_TO], GRUNDY_NUMBER_MAX - 1, &to);
    if (rc != 0) {
        return rc;
    }
    rc = seq_job_start_to(&cli_cmd_stats, args.operands[0], &args, OPT_SEQ, to, &job);
    if (rc < 0) {
        rc = stats_of(&job, to, args.present[OPT_JSON], args.present[OPT_FREQ]);
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_stats = {
    "stats", run,     "Largest value, rare/common mask, rare heaps, frequencies of g(0..N)",
    help,    options, seq_command_word};
