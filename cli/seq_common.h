/* SPDX-License-Identifier: MIT */
/* What the sequence commands (values, period, value, count) share: the rule operand, --max-n,
 * the canonical rule text and the "past what is proved" message. */
#ifndef GRUNDY_CLI_SEQ_COMMON_H
#define GRUNDY_CLI_SEQ_COMMON_H

#include "cli.h"
#include "seq_run.h"

/*
 * The options every command that computes a sequence takes (values, period, value, count, and
 * the commands built on them). A command lists its own options first and then SEQ_OPTIONS; its
 * enum ends with OPT_SEQ, the index of the first shared option, which it passes to
 * seq_job_start. One option per line, each feature's options after its own comment line, so that
 * work on different options merges without conflicts.
 */
/* clang-format off */
#define SEQ_OPTIONS                                                                                \
    {"max-n", 0, CLI_ARG_ONE},                                                                     \
    {"engine", 0, CLI_ARG_ONE},                                                                    \
    /* self-check */                                                                    \
    {"check", 0, CLI_ARG_NONE},                                                                    \
    {"check-rate", 0, CLI_ARG_ONE},                                                                \
    /* threads */                                                                       \
    {"threads", 0, CLI_ARG_ONE},                                                                   \
    /* long runs: checkpoints, sequence files, progress, memory */                      \
    {"checkpoint", 0, CLI_ARG_ONE},                                                                \
    {"checkpoint-every", 0, CLI_ARG_ONE},                                                          \
    {"save", 0, CLI_ARG_ONE},                                                                      \
    {"load", 0, CLI_ARG_ONE},                                                                      \
    {"progress", 0, CLI_ARG_NONE},                                                                 \
    {"quiet", 'q', CLI_ARG_NONE},                                                                  \
    {"memory", 0, CLI_ARG_ONE},                                                                    \
    {"spill", 0, CLI_ARG_ONE},                                                                     \
    /* end of the shared options */

/* Indices of the shared options, relative to the command's OPT_SEQ; same order as SEQ_OPTIONS. */
enum seq_option {
    SEQ_OPT_MAX_N,
    SEQ_OPT_ENGINE,
    /* self-check */
    SEQ_OPT_CHECK,
    SEQ_OPT_CHECK_RATE,
    /* threads */
    SEQ_OPT_THREADS,
    /* long runs */
    SEQ_OPT_CHECKPOINT,
    SEQ_OPT_CHECKPOINT_EVERY,
    SEQ_OPT_SAVE,
    SEQ_OPT_LOAD,
    SEQ_OPT_PROGRESS,
    SEQ_OPT_QUIET,
    SEQ_OPT_MEMORY,
    SEQ_OPT_SPILL,
    SEQ_OPT_COUNT
};

/* What each sequence command's help says after its own options, where the shared options used to
 * be repeated: their page, 'grundy help sequence-options' (help_topics.c). */
#define SEQ_OPTIONS_POINTER                                                                        \
    "\n"                                                                                           \
    "Sequence options (--max-n, --engine, --check, --threads, --checkpoint, --save, --load,\n"     \
    "--progress, -q, --memory, --spill): see 'grundy help sequence-options'.\n"

/* The help lines of the shared options: the page 'grundy help sequence-options'. */
#define SEQ_OPTIONS_HELP                                                                           \
    "  --max-n M   the largest heap that may be computed [default: 33554432]; given, it also\n"   \
    "              lifts the work bound (2^35 option visits by the engine's estimate): without\n"   \
    "              it, a heap that would take minutes is refused with exit 4 before it starts\n"    \
    "  --engine E  naive, sparse (rare/common values; moves leaving at most two heaps) or auto,\n"  \
    "              the fastest that applies [default: auto]\n"                                      \
    /* self-check */                                                                    \
    "  --check     recompute by a full mex every heap where the engine's state changed, every\n"   \
    "              new largest value and a sample of the rest; exit 5 at a wrong value\n"          \
    "  --check-rate R  the sampled fraction of the other heaps, 0 to 1 (implies --check)\n"        \
    "              [default: 1/16384]\n"                                                          \
    /* threads */                                                                       \
    "  --threads T threads that compute values; the values never depend on it [default: the\n"      \
    "              cores online]\n"                                                                  \
    /* long runs */                                                                     \
    "  --checkpoint F  resume from F when it exists; write the values to F every S seconds\n"      \
    "              (below), on SIGINT/SIGTERM (then exit 130/143) and at the end, atomically\n"  \
    "  --checkpoint-every S  seconds between checkpoints [default: 300]\n"                         \
    "  --save F    write the values computed to the sequence file F\n"                             \
    "  --load F    start from the values in the sequence file (or checkpoint) F\n"                 \
    "  --progress  a progress line on stderr even when it is not a terminal\n"                     \
    "  -q, --quiet no progress line, no notes on stderr\n"                                         \
    "  --memory B  bound the values kept and the engine's scratch by B bytes whatever N is:\n"    \
    "              past it the sparse engine keeps a prefix and a window behind the current\n"   \
    "              heap, and the values are printed or counted as they are computed; a heap\n"    \
    "              needing a value not kept stops with exit 4 saying what to raise (not with\n"   \
    "              --save; a --checkpoint holds the window and resumes with the same B)\n"    \
    "              [default: every value kept, up to 8 GiB]; B in bytes, or with K, M, G or\n"  \
    "              T (powers of 1024): 64M, 2GiB\n"                                                \
    "  --spill F   with --memory: append the values dropped to the file F (created, removed\n"  \
    "              at the end, or kept for --checkpoint's file, which refers to it; another\n"  \
    "              file there is refused) and read a heap's far options back from it instead\n" \
    "              of stopping\n"                                                                \
    ""
/* clang-format on */

/** The words of the shared options' values (--engine), for cli_command.word; NULL elsewhere. */
const char *seq_option_word(const char *option, size_t i);

/** cli_command.word of a sequence command with no fixed words of its own: rule names, then
 *  seq_option_word. */
const char *seq_command_word(const char *option, size_t i);

/** A parsed rule with its canonical text, and the period options from the shared options. */
typedef struct seq_job {
    grundy_rule *rule;
    char *canonical; /* the whole canonical form (JSON's "rule"), owned */
    grundy_period_opts opts;
    grundy_query *query;
    seq_run run;                   /* long runs: checkpoints, sequence files, progress */
    grundy_seq_check_report check; /* --check: what it did, where it failed */
} seq_job;

/**
 * Parse RULE and the shared options (args->value[seq_base + SEQ_OPT_...]; absent: the
 * defaults), and create the query.
 * @return -1 to go on, else the exit code (the message is printed).
 */
int seq_job_start(const cli_command *cmd, const char *rule_text, const cli_args *args, int seq_base,
                  seq_job *job);

/**
 * seq_job_start for a command that computes g(0..to) directly (stats, plot): without --max-n,
 * a `to` past the default --max-n raises it to `to`, since --to already says how far (the
 * memory bound and the work bound still apply, each with its message).
 */
int seq_job_start_to(const cli_command *cmd, const char *rule_text, const cli_args *args,
                     int seq_base, uint64_t to, seq_job *job);

/** Free the job; returns the exit code: `rc`, or 5 when the final checkpoint or --save failed
 *  after an answer (seq_run_exit). */
int seq_job_end(seq_job *job, int rc);

/**
 * A LIMIT under --memory: say what was missing (a dropped value, every value, bytes)
 * and what to raise --memory to, exit 4; -1 when the limit was not --memory's.
 */
int seq_job_memory_fail(const cli_command *cmd, seq_job *job);

/**
 * --memory: compute g(0..to) directly, giving each value to `sink` (every heap 0..to,
 * in order) as it becomes final, before the window drops it. Exit 4 past --max-n.
 * @return -1 when done, else the exit code (the message printed).
 */
int seq_job_stream(const cli_command *cmd, seq_job *job, uint64_t to,
                   void (*sink)(void *ctx, uint64_t n, uint64_t value), void *ctx);

/**
 * The command computed what it prints (rc 0, or 1 for "no period"): write the final checkpoint
 * and --save file, and clear the progress line. `count` values are saved (UINT64_MAX: all).
 * @return rc, or the exit code of a failed write (the message is printed).
 */
int seq_job_done(const cli_command *cmd, seq_job *job, int rc, uint64_t count);

/**
 * Report a failed query about heap `heap` ("g(N)" or "heaps up to N"): interrupted (130/143,
 * after the checkpoint), past what is proved (exit 4, saying what was computed and what to
 * raise), memory, or a bad argument.
 * @return the exit code.
 */
int seq_job_fail(const cli_command *cmd, seq_job *job, grundy_status st, uint64_t heap);

/**
 * The query's last LIMIT came from the work bound (grundy_query_refused): say how
 * much work the heap needs, how far the bound reaches and which --max-n lifts it (exit 4).
 * `where` prefixes the line ("line 3: " or ""); `max_n` is the --max-n in force.
 * @return the exit code, or -1 when the work bound did not refuse (nothing printed).
 */
int cli_work_refusal(const cli_command *cmd, const char *where, const char *canonical,
                     grundy_query *q, const grundy_rule *rule, uint64_t max_n);

#endif
