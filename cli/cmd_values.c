/* SPDX-License-Identifier: MIT */
/* grundy values: g(A), ..., g(N) of a rule, computed directly or read through a proved period. */
#include "json.h"
#include "seq_common.h"

#include <string.h>

static const char help[] =
    "Usage: grundy values RULE --to N [--from A] [--max-n M] [--engine E]\n"
    "                     [--format text|bfile|tsv|json] [--json]\n"
    "\n"
    "Print the Grundy values g(A), g(A+1), ..., g(N) of single heaps, on one line. Heaps up\n"
    "to --max-n are computed; past it the values come from a proved period or a closed form\n"
    "(exit 4 without one).\n"
    "\n"
    "Options:\n"
    "  --to N      the last heap (required)\n"
    "  --from A    the first heap [default: 0]\n"
    "  --format F  text (one line), bfile (an OEIS b-file: '#' comment lines naming the rule\n"
    "              and the offset, then one 'n g(n)' line per heap: the offset is the first\n"
    "              heap, 0 unless --from says otherwise), tsv (a header 'n<TAB>g', then one\n"
    "              line per heap) or json [default: text]\n"
    "  --json      print one JSON object: rule, from, to, values (same as --format json)\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy values kayles --to 20\n"
    "  grundy values 0.07 --from 1000000000000 --to 1000000000010\n"
    "  grundy values 0.6 --to 100 --format bfile\n";

static const cli_option options[] = {{"to", 0, CLI_ARG_ONE},
                                     {"from", 0, CLI_ARG_ONE},
                                     {"json", 0, CLI_ARG_NONE},
                                     {"format", 0, CLI_ARG_ONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_TO, OPT_FROM, OPT_JSON, OPT_FORMAT, OPT_SEQ };
enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_BFILE, FORMAT_TSV };

/* In the order of the FORMAT_ enum. */
static const char *const names[] = {"text", "json", "bfile", "tsv", NULL};

static const char *words(const char *option, size_t i) {
    return option != NULL && strcmp(option, "format") == 0 ? cli_word_of(names, i)
                                                           : seq_command_word(option, i);
}

/* --format (and --json): exit 3 for an unknown name, 2 for --json beside another format. */
static int parse_format(const cli_args *args, int *format) {
    *format = args->present[OPT_JSON] ? FORMAT_JSON : FORMAT_TEXT;
    if (!args->present[OPT_FORMAT]) {
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        if (strcmp(args->value[OPT_FORMAT], names[i]) == 0) {
            if (args->present[OPT_JSON] && i != FORMAT_JSON) {
                return cli_usage_error(&cli_cmd_values, "--json and --format %s disagree",
                                       names[i]);
            }
            *format = i;
            return -1;
        }
    }
    return cli_fail(&cli_cmd_values, CLI_EXIT_VALUE,
                    "--format: '%s' is not a format (text, bfile, tsv or json)",
                    args->value[OPT_FORMAT]);
}

static void print_rows_header(const seq_job *job, int format, uint64_t from, uint64_t to) {
    if (format == FORMAT_BFILE) {
        printf("# Grundy values g(n) of the heap game %s, n = %llu..%llu (grundy %s)\n",
               job->canonical, (unsigned long long)from, (unsigned long long)to, grundy_version());
        printf("# offset %llu: the first line is n = %llu (g(n) is the value of one heap of n)\n",
               (unsigned long long)from, (unsigned long long)from);
    } else {
        printf("n\tg\n");
    }
}

/* One heap a line: an OEIS b-file ("n a(n)", offset = the first n, stated in a comment) or TSV. */
static void print_rows(seq_job *job, int format, uint64_t from, uint64_t to) {
    print_rows_header(job, format, from, to);
    const char *fmt = format == FORMAT_BFILE ? "%llu %llu\n" : "%llu\t%llu\n";
    for (uint64_t n = from;; n++) {
        uint64_t v = 0;
        grundy_query_value(job->query, n, &v);
        printf(fmt, (unsigned long long)n, (unsigned long long)v);
        if (n == to) {
            break;
        }
    }
}

/* Every heap up to `to` is answerable once prepared, so the loop cannot fail. */
static void print(seq_job *job, int json, uint64_t from, uint64_t to) {
    json_writer w;
    if (json) {
        json_init(&w, stdout);
        json_object_begin(&w);
        json_kv_str(&w, "rule", job->canonical);
        json_kv_u64(&w, "from", from);
        json_kv_u64(&w, "to", to);
        json_key(&w, "values");
        json_array_begin(&w);
    }
    for (uint64_t n = from;; n++) {
        uint64_t v = 0;
        grundy_query_value(job->query, n, &v);
        if (json) {
            json_u64(&w, v);
        } else {
            printf(n == from ? "%llu" : " %llu", (unsigned long long)v);
        }
        if (n == to) {
            break;
        }
    }
    if (json) {
        json_array_end(&w);
        json_object_end(&w);
    } else {
        putchar('\n');
    }
}

/* --memory: each value printed as it is computed, in any format. */
typedef struct stream {
    int format;
    uint64_t from;
    json_writer w;
} stream;

static void print_streamed(void *ctx, uint64_t n, uint64_t v) {
    stream *s = ctx;
    if (n < s->from) {
        return;
    }
    const unsigned long long nn = n, vv = v;
    if (s->format == FORMAT_JSON) {
        json_u64(&s->w, v);
    } else if (s->format == FORMAT_BFILE || s->format == FORMAT_TSV) {
        printf(s->format == FORMAT_BFILE ? "%llu %llu\n" : "%llu\t%llu\n", nn, vv);
    } else {
        printf(n == s->from ? "%llu" : " %llu", vv);
    }
}

/* g(from..to) printed as computed: the sequence need not keep them (a run stopped by a limit
 * leaves what was printed, its line ended, and exits 4). */
static int print_streaming(seq_job *job, int format, uint64_t from, uint64_t to) {
    stream s = {format, from, {0}};
    if (format == FORMAT_JSON) {
        json_init(&s.w, stdout);
        json_object_begin(&s.w);
        json_kv_str(&s.w, "rule", job->canonical);
        json_kv_u64(&s.w, "from", from);
        json_kv_u64(&s.w, "to", to);
        json_key(&s.w, "values");
        json_array_begin(&s.w);
    } else if (format == FORMAT_BFILE || format == FORMAT_TSV) {
        print_rows_header(job, format, from, to);
    }
    int rc = seq_job_stream(&cli_cmd_values, job, to, print_streamed, &s);
    if (format == FORMAT_JSON && rc < 0) {
        json_array_end(&s.w);
        json_object_end(&s.w);
    } else if (format == FORMAT_TEXT) {
        putchar('\n');
    }
    fflush(stdout);
    return rc < 0 ? seq_job_done(&cli_cmd_values, &job[0], CLI_EXIT_OK, UINT64_MAX) : rc;
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    uint64_t from = 0, to = 0;
    int rc = cli_parse_args(&cli_cmd_values, options, argc, argv, &args);
    int format = FORMAT_TEXT;
    if (rc >= 0 || (rc = parse_format(&args, &format)) >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0 ? cli_usage_error(&cli_cmd_values, "missing RULE")
                                       : cli_unexpected_operand(&cli_cmd_values, args.operands[1],
                                                                args.present[OPT_TO]);
    }
    if (!args.present[OPT_TO]) {
        return cli_usage_error(&cli_cmd_values, "missing --to N");
    }
    if ((rc = cli_parse_number(&cli_cmd_values, "--to", args.value[OPT_TO], GRUNDY_NUMBER_MAX,
                               &to)) != 0 ||
        (args.present[OPT_FROM] &&
         (rc = cli_parse_number(&cli_cmd_values, "--from", args.value[OPT_FROM], GRUNDY_NUMBER_MAX,
                                &from)) != 0)) {
        return rc;
    }
    if (from > to) {
        return cli_fail(&cli_cmd_values, CLI_EXIT_VALUE,
                        "--from (%llu) is greater than --to (%llu)", (unsigned long long)from,
                        (unsigned long long)to);
    }
    rc = seq_job_start(&cli_cmd_values, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0 && job.run.memory != 0 && to <= job.opts.max_n) {
        rc = print_streaming(&job, format, from, to); /* --memory */
    } else if (rc < 0) {
        job.run.bound = to < job.opts.max_n ? to + 1 : job.run.bound;
        const grundy_status st = grundy_query_prepare(job.query, to);
        if (st != GRUNDY_STATUS_OK) {
            rc = st == GRUNDY_STATUS_NOMEM
                     ? cli_memory_fail(&cli_cmd_values, st, job.canonical,
                                       grundy_query_reach(job.query) + 1, NULL)
                     : seq_job_fail(&cli_cmd_values, &job, st, to);
        } else {
            rc = seq_job_done(&cli_cmd_values, &job, CLI_EXIT_OK, to + 1);
            if (rc == CLI_EXIT_OK && (format == FORMAT_BFILE || format == FORMAT_TSV)) {
                print_rows(&job, format, from, to);
            } else if (rc == CLI_EXIT_OK) {
                print(&job, format == FORMAT_JSON, from, to);
            }
        }
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_values = {"values", run,     "Print the Grundy values g(A..N) of a rule",
                                    help,     options, words};
