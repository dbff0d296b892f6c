/* SPDX-License-Identifier: MIT */
/* grundy plot: a picture of a rule's Grundy values (or their frequencies), SVG or PNG. */
#include "plot.h"
#include "seq_common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy plot RULE --to N -o FILE.svg|FILE.png [--from A] [--freq [--log]]\n"
    "       grundy plot RULE --table [--width W] [--to N] -o FILE.svg|FILE.png\n"
    "\n"
    "Draw g(n) against the heap size n for n = A..N, titled with the game's name where it has\n"
    "one: axes and labels, the preperiod and one period shaded when a period is proved, the rare\n"
    "heaps of the sparse-space labelling in red with the mask named (the labelling 'grundy\n"
    "stats' prints, over heaps 1..N) where the space is sparse (rare heaps at most 10% of them;\n"
    "else the split is named but not drawn), and a legend.\n"
    "--freq draws how many heaps have each value instead; --table the values in rows of the\n"
    "period as 'grundy period --table' prints them (the preperiod and one period, or g(0..N)\n"
    "without a period). SVG is written directly; PNG needs a grundy built with cairo. Without\n"
    "--max-n, the search for a period to mark stops at the larger of 65536 and 4 * (N + 1)\n"
    "heaps.\n"
    "\n"
    "Options:\n"
    "  --to N      the last heap (required but with --table; at most 10000000)\n"
    "  -o FILE     the picture to write, ending in .svg or .png (required; also --output)\n"
    "  --from A    the first heap drawn [default: 0]\n"
    "  --freq      plot the frequency of each value (a value that occurs is at least 2 pixels)\n"
    "  --log       with --freq: the counts on a logarithmic scale\n"
    "  --table     draw the periodic table (Winning Ways), rare values marked\n"
    "  --width W   with --table: W heaps a row [default: the period, else 10]\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Examples:\n"
    "  grundy plot kayles --to 120 -o kayles.svg    # its preperiod 71 and period 12\n"
    "  grundy plot 0.16 --to 3000 --freq --log -o 0.16-freq.svg\n"
    "  grundy plot 0.07 --table -o 0.07-table.svg\n";

static const cli_option options[] = {{"to", 0, CLI_ARG_ONE},    {"output", 'o', CLI_ARG_ONE},
                                     {"freq", 0, CLI_ARG_NONE}, {"from", 0, CLI_ARG_ONE},
                                     {"log", 0, CLI_ARG_NONE},  {"table", 0, CLI_ARG_NONE},
                                     {"width", 0, CLI_ARG_ONE}, SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_TO, OPT_OUTPUT, OPT_FREQ, OPT_FROM, OPT_LOG, OPT_TABLE, OPT_WIDTH, OPT_SEQ };

#define PLOT_MAX_TO (GRUNDY_PICTURE_MAX_HEAPS - 1)

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

/* The picture could not be drawn or written: out of memory is exit 4 (raise the limit), the rest
 * i/o. */
static int write_failed(const char *path) {
    if (errno == ENOMEM) {
        return cli_oom_fail(&cli_cmd_plot, "plot", 0, NULL);
    }
    return cli_fail(&cli_cmd_plot, CLI_EXIT_IO, "cannot write '%s': %s", path, strerror(errno));
}

static int draw_picture(const char *path, const grundy_picture_seq *s,
                        const grundy_picture_opts *opts) {
    const plot_job job = {s, NULL, opts};
    plot_bytes b;
    const grundy_status st = plot_render(&job, plot_path_is_png(path), &b);
    int rc = CLI_EXIT_OK;
    if (st == GRUNDY_STATUS_LIMIT && opts->kind == GRUNDY_PICTURE_TABLE) {
        rc = cli_fail(&cli_cmd_plot, CLI_EXIT_LIMIT,
                      "--table: a table has at most 256 columns and 4096 rows; give --width");
    } else if (st == GRUNDY_STATUS_NOMEM || st == GRUNDY_STATUS_LIMIT) {
        rc = cli_oom_fail(&cli_cmd_plot, "plot", 0, "--to");
    } else if (st != GRUNDY_STATUS_OK) {
        rc = cli_fail(&cli_cmd_plot, cli_exit_code(st), "cannot draw '%s': %s", path,
                      grundy_status_str(st));
    } else if (plot_save(path, &b) != 0) {
        rc = write_failed(path);
    }
    plot_bytes_free(&b);
    return rc;
}

/* Draw g(0..to), with the period `known` (NULL: searched for). */
static int draw(const cli_args *args, seq_job *job, const grundy_picture_opts *opts, uint64_t to,
                const grundy_period_result *known) {
    const char *path = args->value[OPT_OUTPUT];
    grundy_period_result period;
    uint64_t *g = malloc((size_t)(to + 1) * sizeof *g);
    if (g == NULL) {
        return cli_oom_fail(&cli_cmd_plot, "the plot", 0, "--to");
    }
    grundy_status st = grundy_query_values(job->query, 0, to + 1, g);
    if (st == GRUNDY_STATUS_OK && known != NULL) {
        period = *known;
    } else if (st == GRUNDY_STATUS_OK) {
        st = find_period(job, args->present[OPT_SEQ + SEQ_OPT_MAX_N], to, &period);
    }
    if (st != GRUNDY_STATUS_OK) {
        free(g);
        return seq_job_fail(&cli_cmd_plot, job, st, to);
    }
    period.found = period.found && period.proved; /* only proved periods are marked */
    const grundy_picture_seq s = {job->canonical, g, to, &period};
    const int rc = draw_picture(path, &s, opts);
    free(g);
    /* the final checkpoint and --save (g(0..N)), as every command with the sequence options */
    return rc == CLI_EXIT_OK ? seq_job_done(&cli_cmd_plot, job, rc, to + 1) : rc;
}

/* A table without --to: the period first, then the preperiod and one period of values, and as
 * many as the search computed for the labelling of the rare values (as `period --table`). */
static int draw_table(const cli_args *args, seq_job *job, const grundy_picture_opts *opts) {
    grundy_period_result period;
    grundy_picture_table t;
    const grundy_status st = find_period(job, args->present[OPT_SEQ + SEQ_OPT_MAX_N], 0, &period);
    if (st != GRUNDY_STATUS_OK) {
        return seq_job_fail(&cli_cmd_plot, job, st, 0);
    }
    if (!period.found || !period.proved) {
        return cli_fail(
            &cli_cmd_plot, CLI_EXIT_NO,
            "--table: no period of %s proved up to heap %llu; give --to N for a "
            "table of g(0..N)",
            job->canonical,
            (unsigned long long)(period.values_computed > 0 ? period.values_computed - 1 : 0));
    }
    if (grundy_picture_table_layout(&period, opts->width, 0, &t) != GRUNDY_STATUS_OK ||
        t.count > PLOT_MAX_TO + 1) {
        return cli_fail(&cli_cmd_plot, CLI_EXIT_LIMIT,
                        "--table: the preperiod and period of %s pass %u heaps", job->canonical,
                        PLOT_MAX_TO + 1);
    }
    const uint64_t labelled = period.values_computed > t.count ? period.values_computed : t.count;
    return draw(args, job, opts, (labelled < PLOT_MAX_TO + 1 ? labelled : PLOT_MAX_TO + 1) - 1,
                &period);
}

/* --table goes with --width, and with neither --freq nor --from. */
static int check_table_options(const cli_args *args) {
    if (args->present[OPT_WIDTH] && !args->present[OPT_TABLE]) {
        return cli_usage_error(&cli_cmd_plot, "--width goes with --table");
    }
    if (args->present[OPT_TABLE] && (args->present[OPT_FREQ] || args->present[OPT_FROM])) {
        return cli_usage_error(&cli_cmd_plot, "--table goes with neither --freq nor --from");
    }
    return -1;
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
    if (!args.present[OPT_TO] && !args.present[OPT_TABLE]) {
        return cli_usage_error(&cli_cmd_plot, "missing --to N");
    }
    if (!args.present[OPT_OUTPUT]) {
        return cli_usage_error(&cli_cmd_plot, "missing -o FILE");
    }
    grundy_picture_opts opts = GRUNDY_PICTURE_OPTS_INIT;
    opts.max_bytes = SIZE_MAX; /* the tool's pictures are bounded by --to, not by their text */
    opts.kind = args.present[OPT_TABLE]  ? GRUNDY_PICTURE_TABLE
                : args.present[OPT_FREQ] ? GRUNDY_PICTURE_FREQ
                                         : GRUNDY_PICTURE_VALUES;
    opts.log_scale = args.present[OPT_LOG] != 0;
    if ((rc = check_table_options(&args)) >= 0) {
        return rc;
    }
    if ((args.present[OPT_TO] && (rc = cli_parse_number(&cli_cmd_plot, "--to", args.value[OPT_TO],
                                                        PLOT_MAX_TO, &to)) != 0) ||
        (args.present[OPT_WIDTH] &&
         (rc = cli_parse_number(&cli_cmd_plot, "--width", args.value[OPT_WIDTH], 256,
                                &opts.width)) != 0) ||
        (args.present[OPT_FROM] &&
         (rc = cli_parse_number(&cli_cmd_plot, "--from", args.value[OPT_FROM], PLOT_MAX_TO,
                                &opts.from)) != 0) ||
        (rc = check_output(args.value[OPT_OUTPUT])) >= 0) {
        return rc;
    }
    if (args.present[OPT_WIDTH] && opts.width == 0) {
        return cli_fail(&cli_cmd_plot, CLI_EXIT_VALUE, "--width must be at least 1");
    }
    if (opts.from > to && args.present[OPT_TO]) {
        return cli_fail(&cli_cmd_plot, CLI_EXIT_VALUE, "--from (%llu) is greater than --to (%llu)",
                        (unsigned long long)opts.from, (unsigned long long)to);
    }
    if (opts.log_scale && !args.present[OPT_FREQ]) {
        return cli_usage_error(&cli_cmd_plot, "--log goes with --freq");
    }
    if ((rc = cli_probe_output(&cli_cmd_plot, "-o", args.value[OPT_OUTPUT])) != 0) {
        return rc;
    }
    rc = seq_job_start(&cli_cmd_plot, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0 && !args.present[OPT_TO]) {
        rc = draw_table(&args, &job, &opts);
    } else if (rc < 0) {
        rc = draw(&args, &job, &opts, to, NULL);
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_plot = {"plot", run,     "Draw a rule's Grundy values (SVG or PNG)",
                                  help,   options, seq_command_word};
