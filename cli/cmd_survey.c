/* SPDX-License-Identifier: MIT */
/* grundy survey: every code of a class computed, proved, grouped and tabulated, in parallel over
 * codes, resumable from its output file and shardable across machines. */
#include "json.h"
#include "survey_table.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char help[] =
    "Usage: grundy survey CLASS [--hex] [--max-n N] [--time-per-game S] [--threads T]\n"
    "                     [--out FILE] [--shard I/K] [--format md|tsv] [--max-bytes B]\n"
    "                     [--json] [-q]\n"
    "\n"
    "Compute every code of a class the way the published tables are made: for each code its\n"
    "canonical form, the period and preperiod proved by the rule's theorem (or 'unsolved to N'\n"
    "with the largest value, the rare/common mask, the rare count and the last rare heap), and\n"
    "groups of codes whose sequences are equal, or equal after a shift of the heap index\n"
    "(g_a(n + s) = g_b(n), s <= 4). An equality is proved when both codes are the same rule or\n"
    "both periods are proved and the values agree over the span the periods need; otherwise it\n"
    "is reported as 'equal to N', the values compared.\n"
    "\n"
    "CLASS is a pattern in which each '?' is one octal digit (one hex digit with --hex): 0.???\n"
    "is the 512 three-digit octal codes, 4.?? the 64 codes 4.00 to 4.77; or @FILE, one rule a\n"
    "line ('#' starts a comment).\n"
    "\n"
    "Options:\n"
    "  --hex              '?' is a hex digit 0-F\n"
    "  --max-n N          the largest heap computed for each code [default: 1048576]\n"
    "  --time-per-game S  CPU seconds per code: no doubling round is started that the rounds\n"
    "                     before it predict would end past S (0: no limit) [default: 60]\n"
    "  --threads T        threads in all: codes computed at once, one thread each; with fewer\n"
    "                     codes than threads, each code's sequence on T / codes of them (the\n"
    "                     rows never depend on it) [default: the cores online]\n"
    "  --out FILE         keep the finished rows in FILE (rewritten atomically as rows finish);\n"
    "                     a survey run again with the same FILE skips them\n"
    "  --shard I/K        only the codes whose index is I-1 modulo K (1 <= I <= K), to split a\n"
    "                     class across machines\n"
    "  --format F         md (a Markdown table, the default) or tsv\n"
    "  --max-bytes B      memory for the codes computed at once, shared equally; a code past\n"
    "                     its share is left out of the table and named: exit 4\n"
    "                     [default: 8589934592]\n"
    "  --json             one JSON object per code, then one with the totals (JSON Lines)\n"
    "  -q                 no progress line on stderr\n"
    "  -h, --help         show this help\n"
    "\n"
    "Examples:\n"
    "  grundy survey '0.?\?' --max-n 8192    # the 64 two-digit octal games\n"
    "  grundy survey '0.?' --max-n 4096 -q --format tsv\n";

/* --format's names: a Markdown table, or tab-separated values. */
static const char *const formats[] = {"md", "tsv", NULL};

static const char *words(const char *option, size_t i) {
    return option != NULL && strcmp(option, "format") == 0 ? cli_word_of(formats, i) : NULL;
}

static const cli_option options[] = {{"hex", 0, CLI_ARG_NONE},
                                     {"max-n", 0, CLI_ARG_ONE},
                                     {"time-per-game", 0, CLI_ARG_ONE},
                                     {"threads", 0, CLI_ARG_ONE},
                                     {"out", 0, CLI_ARG_ONE},
                                     {"shard", 0, CLI_ARG_ONE},
                                     {"format", 0, CLI_ARG_ONE},
                                     {"json", 0, CLI_ARG_NONE},
                                     {"quiet", 'q', CLI_ARG_NONE},
                                     {"max-bytes", 0, CLI_ARG_ONE},
                                     {NULL, 0, 0}};
enum {
    OPT_HEX,
    OPT_MAX_N,
    OPT_TIME,
    OPT_THREADS,
    OPT_OUT,
    OPT_SHARD,
    OPT_FORMAT,
    OPT_JSON,
    OPT_Q,
    OPT_MAX_BYTES
};

static int parse_shard(const char *text, uint64_t *index, uint64_t *of) {
    const char *slash = strchr(text, '/');
    char buf[48];
    if (slash == NULL || (size_t)(slash - text) >= sizeof buf) {
        return 0;
    }
    memcpy(buf, text, (size_t)(slash - text));
    buf[slash - text] = '\0';
    return grundy_parse_u64(buf, GRUNDY_SURVEY_MAX_CODES, index) == GRUNDY_STATUS_OK &&
           grundy_parse_u64(slash + 1, GRUNDY_SURVEY_MAX_CODES, of) == GRUNDY_STATUS_OK &&
           *index >= 1 && *index <= *of;
}

static int parse_seconds(const char *text, double *out) {
    uint64_t s = 0;
    if (grundy_parse_u64(text, 1000000000, &s) != GRUNDY_STATUS_OK) {
        return 0;
    }
    *out = (double)s;
    return 1;
}

static int parse_options(const cli_args *a, survey_run *run) {
    const cli_command *cmd = &cli_cmd_survey;
    const grundy_survey_opts defaults = GRUNDY_SURVEY_OPTS_INIT;
    int rc = 0;
    run->opts = defaults;
    run->header.hex = a->present[OPT_HEX] > 0;
    run->opts.max_n = (uint64_t)1 << 20;
    run->opts.time_per_game = 60;
    run->shard_index = run->shard_of = 1;
    run->quiet = a->present[OPT_Q] > 0 || !isatty(STDERR_FILENO);
    run->json = a->present[OPT_JSON] > 0;
    if (a->present[OPT_MAX_N]) {
        rc = cli_parse_number(cmd, "--max-n", a->value[OPT_MAX_N], (uint64_t)1 << 40,
                              &run->opts.max_n);
    }
    if (rc == 0 && a->present[OPT_TIME] &&
        !parse_seconds(a->value[OPT_TIME], &run->opts.time_per_game)) {
        rc = cli_fail(cmd, CLI_EXIT_VALUE, "--time-per-game: '%s' is not a whole number of seconds",
                      a->value[OPT_TIME]);
    }
    if (rc == 0) {
        rc = cli_parse_threads(cmd, a->present[OPT_THREADS], a->value[OPT_THREADS], &run->threads);
    }
    if (rc == 0 && a->present[OPT_SHARD] &&
        !parse_shard(a->value[OPT_SHARD], &run->shard_index, &run->shard_of)) {
        rc = cli_fail(cmd, CLI_EXIT_VALUE, "--shard: '%s' is not I/K with 1 <= I <= K",
                      a->value[OPT_SHARD]);
    }
    run->format = "md";
    if (rc == 0 && a->present[OPT_FORMAT]) {
        run->format = a->value[OPT_FORMAT];
        if (cli_word_index(formats, run->format) < 0) {
            rc = cli_fail(cmd, CLI_EXIT_VALUE, "--format: '%s' is not md or tsv", run->format);
        }
    }
    run->max_bytes = GRUNDY_SEQ_DEFAULT_MAX_BYTES;
    if (rc == 0 && a->present[OPT_MAX_BYTES]) {
        rc = cli_parse_bytes(cmd, "--max-bytes", a->value[OPT_MAX_BYTES], GRUNDY_NUMBER_MAX,
                             &run->max_bytes);
    }
    run->out = a->value[OPT_OUT];
    run->opts.reach = run->opts.max_n + 1;
    run->header.max_n = run->opts.max_n;
    run->header.time_per_game = run->opts.time_per_game;
    run->header.reach = run->opts.reach;
    return rc;
}

static int run(int argc, char **argv) {
    cli_args args;
    survey_run sr;
    memset(&sr, 0, sizeof sr);
    int rc = cli_parse_args(&cli_cmd_survey, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_survey, "missing CLASS")
                   : cli_usage_error(&cli_cmd_survey, "unexpected operand '%s'", args.operands[1]);
    }
    rc = parse_options(&args, &sr);
    if (rc == 0) {
        rc = survey_table_run(&cli_cmd_survey, args.operands[0], &sr);
    }
    survey_run_free(&sr);
    return rc;
}

const cli_command cli_cmd_survey = {
    "survey", run, "Every code of a class: periods proved, groups, a table", help, options, words};
