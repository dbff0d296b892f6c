/* SPDX-License-Identifier: MIT */
/* grundy plot: a picture of a rule's Grundy values (or their frequencies), SVG or PNG. */
#include "plot.h"
#include "seq_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy plot RULE --to N -o FILE.svg|FILE.png [--freq] [--max-n M] [--engine E]\n"
    "\n"
    "Draw g(n) against the heap size n for n = 0..N: axes and labels, the preperiod and one\n"
    "period shaded when a period is proved, the rare heaps of the sparse-space labelling in red\n"
    "with the mask named (the labelling 'grundy stats' prints, over heaps 1..N), and a legend.\n"
    "--freq draws how many heaps have each value instead. SVG is written directly; PNG needs\n"
    "a grundy built with cairo. Without --max-n, the search for a period to mark stops at the\n"
    "larger of 65536 and 4 * (N + 1) heaps.\n"
    "\n"
    "Options:\n"
    "  --to N      the last heap (required; at most 10000000)\n"
    "  -o FILE     the picture to write, ending in .svg or .png (required; also --output)\n"
    "  --freq      plot the frequency of each value\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy plot kayles --to 120 -o kayles.svg    # its preperiod 71 and period 12\n"
    "  grundy plot 0.16 --to 3000 --freq -o 0.16-freq.svg\n";

static const cli_option options[] = {{"to", 0, CLI_ARG_ONE},
                                     {"output", 'o', CLI_ARG_ONE},
                                     {"freq", 0, CLI_ARG_NONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_TO, OPT_OUTPUT, OPT_FREQ, OPT_SEQ };

#define PLOT_MAX_TO 10000000u

/* The period to mark: the one the query proved already, else a search bounded by the plot's
 * size (a plot should not start a search to 2^25 heaps unless asked: 0.6 takes minutes). */
static grundy_status find_period(seq_job *job, int max_n_given, uint64_t to,
                                 grundy_period_result *r) {
    const grundy_period_result *known = grundy_query_period(job->query);
    if (known->found && known->proved) {
        *r = *known;
        return GRUNDY_STATUS_OK;
    }
    grundy_period_opts opts = job->opts;
    if (!max_n_given) {
        const uint64_t want = to < GRUNDY_PERIOD_DEFAULT_MAX_N / 4 ? 4 * (to + 1) : opts.max_n;
        opts.max_n = want < 65536 ? 65536 : want < opts.max_n ? want : opts.max_n;
    }
    return grundy_period_find(job->rule, NULL, &opts, r);
}

/* The picture could not be written: out of memory is exit 4 (raise the limit), the rest i/o. */
static int write_failed(const char *path) {
    if (errno == ENOMEM) {
        return cli_oom_fail(&cli_cmd_plot, "plot", 0, NULL);
    }
    return cli_fail(&cli_cmd_plot, CLI_EXIT_IO, "cannot write '%s': %s", path, strerror(errno));
}

static int draw_picture(const char *path, const plot_seq *s) {
    plot_canvas c;
    if (plot_open(&c, path, PLOT_SEQ_WIDTH, PLOT_SEQ_HEIGHT) != 0) {
        return write_failed(path);
    }
    if (plot_sequence(&c, s) != 0) {
        plot_abandon(&c);
        return cli_oom_fail(&cli_cmd_plot, "plot", 0, "--to");
    }
    if (plot_close(&c) != 0) {
        return write_failed(path);
    }
    return CLI_EXIT_OK;
}

static int draw(const cli_args *args, seq_job *job, uint64_t to, uint64_t *g) {
    const char *path = args->value[OPT_OUTPUT];
    plot_seq s;
    grundy_stats stats;
    memset(&s, 0, sizeof s);
    memset(&stats, 0, sizeof stats);
    s.rule = job->canonical;
    s.g = g;
    s.to = to;
    s.freq = args->present[OPT_FREQ] != 0;
    grundy_status st = grundy_query_values(job->query, 0, to + 1, g);
    if (st == GRUNDY_STATUS_OK) {
        st = find_period(job, args->present[OPT_SEQ + SEQ_OPT_MAX_N], to, &s.period);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_stats_of_values(job->rule, g, to + 1, &stats);
    }
    if (st != GRUNDY_STATUS_OK) {
        return seq_job_fail(&cli_cmd_plot, job, st, to);
    }
    s.period.found = s.period.found && s.period.proved; /* only proved periods are marked */
    s.stats = &stats;
    const int rc = draw_picture(path, &s);
    grundy_stats_free(&stats);
    /* the final checkpoint and --save (g(0..N)), as every command with the sequence options */
    return rc == CLI_EXIT_OK ? seq_job_done(&cli_cmd_plot, job, rc, to + 1) : rc;
}

/* -o must end in .svg, or in .png when this build has cairo. */
static int check_output(const char *path) {
    const size_t n = strlen(path);
    if (plot_path_is_png(path)) {
        return plot_png_available()
                   ? -1
                   : cli_fail(&cli_cmd_plot, CLI_EXIT_VALUE,
                              "-o %s: this grundy was built without cairo, so it writes SVG only "
                              "(install libcairo2-dev and rebuild, or use .svg)",
                              path);
    }
    if (n < 4 || strcmp(path + n - 4, ".svg") != 0) {
        return cli_fail(&cli_cmd_plot, CLI_EXIT_VALUE,
                        "-o %s: the file name must end in .svg or .png", path);
    }
    return -1;
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    uint64_t to = 0;
    int rc = cli_parse_args(&cli_cmd_plot, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_plot, "missing RULE")
                   : cli_usage_error(&cli_cmd_plot, "unexpected operand '%s'", args.operands[1]);
    }
    if (!args.present[OPT_TO]) {
        return cli_usage_error(&cli_cmd_plot, "missing --to N");
    }
    if (!args.present[OPT_OUTPUT]) {
        return cli_usage_error(&cli_cmd_plot, "missing -o FILE");
    }
    if ((rc = cli_parse_number(&cli_cmd_plot, "--to", args.value[OPT_TO], PLOT_MAX_TO, &to)) != 0 ||
        (rc = check_output(args.value[OPT_OUTPUT])) >= 0) {
        return rc;
    }
    if ((rc = cli_probe_output(&cli_cmd_plot, "-o", args.value[OPT_OUTPUT])) != 0) {
        return rc;
    }
    rc = seq_job_start(&cli_cmd_plot, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0) {
        uint64_t *g = malloc((size_t)(to + 1) * sizeof *g);
        rc = g == NULL ? cli_oom_fail(&cli_cmd_plot, "the plot", 0, "--to")
                       : draw(&args, &job, to, g);
        free(g);
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_plot = {"plot", run,     "Draw a rule's Grundy values (SVG or PNG)",
                                  help,   options, seq_command_word};
