/* SPDX-License-Identifier: MIT */
/* Long runs of the sequence commands: checkpoints, sequence files, SIGINT/SIGTERM,
 * the progress line. The library calls seq_run's hook at every quiescent point. */
#ifndef GRUNDY_CLI_SEQ_RUN_H
#define GRUNDY_CLI_SEQ_RUN_H

#include "cli.h"

typedef struct seq_run {
    const cli_command *cmd;
    const char *rule; /* canonical text, for messages */
    const char *checkpoint, *save, *load;
    uint64_t every; /* seconds between checkpoints */
    int progress;   /* draw the progress line */
    int quiet;
    double started, last_save, last_draw;
    uint64_t start_length; /* values held before computing (loaded or resumed) */
    uint64_t bound;        /* the progress line's "of": the most values the command computes */
    size_t drawn;          /* characters of the progress line on screen, 0 when none */
    grundy_seq *seq;
    int failed; /* the hook printed why it stopped the run; this is the exit code */
    /* --memory: the values go to the sink as they become final, at the quiescent
     * points, before the window drops them */
    uint64_t memory;
    const char *spill; /* --spill FILE */
    void (*sink)(void *ctx, uint64_t n, uint64_t value);
    void *sink_ctx;
    uint64_t sunk;     /* heaps given to the sink so far */
    uint64_t sink_end; /* heaps from here on are not wanted */
    int lost;          /* a value was dropped before the sink saw it (a bug: exit 5) */
    int file_failed;   /* the final checkpoint or --save could not be written (exit 5, said) */
    /* --checkpoint with --memory: what the sink has accumulated, saved beside the window (a
     * resumed run cannot give it the dropped values again); NULL: the sink is given every
     * value again on resume, from the prefix, the window and the --spill file */
    int (*sink_save)(void *ctx, void **bytes, size_t *len);
    int (*sink_load)(void *ctx, const void *bytes, size_t len);
    void *extra; /* the resumed checkpoint's sink state, until the sink takes it */
    size_t extra_len;
} seq_run;

/**
 * The sink is set (seq_job_stream): give it the resumed checkpoint's state, or replay the values.
 * @return -1 to go on, else the exit code (3: the checkpoint's sink state is another command's or
 * does not fit this bound; 2: a sink that needs every value again, without --spill).
 */
int seq_run_sink_start(seq_run *run);

/** Two words as a sink's saved state (count's and value's), and back: 0, or -1 when `bytes` are
 *  not two words whose first is `first` (the bound the state is of). */
int seq_run_words_save(uint64_t first, uint64_t second, void **bytes, size_t *len);
int seq_run_words_load(const void *bytes, size_t len, uint64_t first, uint64_t *second);

/**
 * Parse --checkpoint, --checkpoint-every, --save, --load, --progress, -q (args->value[seq_base +
 * SEQ_OPT_...]) and set the run hooks in `opts` (which must outlive nothing: `run` must).
 * @return -1 to go on, else the exit code (the message is printed).
 */
int seq_run_parse(const cli_command *cmd, const cli_args *args, int seq_base, seq_run *run,
                  grundy_seq_opts *opts);

/**
 * The query exists: read --load, resume from an existing checkpoint, catch SIGINT and SIGTERM.
 * @return -1 to go on, else the exit code (3 for a refused file, 5 unreadable; printed).
 */
int seq_run_begin(seq_run *run, grundy_query *query, const char *rule);

/**
 * A computation failed with `st`: when it was interrupted (save the checkpoint, say where it
 * stopped, 130 or 143) or stopped by the hook (already said), the exit code; else -1.
 */
int seq_run_fail(seq_run *run, grundy_status st);

/**
 * Give the sink every value computed since it last saw one, up to sink_end (the chunk loop's
 * hook does this at every quiescent point; call it once more after the computation).
 */
void seq_run_drain(seq_run *run);

/**
 * The computation is done: clear the progress line, write the final checkpoint and --save with
 * g(0..count-1) (UINT64_MAX: every value held; the sequence must hold count values).
 * @return rc, or the exit code of a failed write.
 */
int seq_run_done(seq_run *run, int rc, uint64_t count);

/** The exit code: 5 when the final checkpoint or --save failed (said by seq_run_done) and the
 *  command otherwise answered (`rc` 0 or 1, its answer printed), else `rc`. */
int seq_run_exit(const seq_run *run, int rc);

/**
 * The progress line alone (no checkpoint, --load or signals), for a command without the shared
 * options (play): drawn on stderr when it is a terminal, during computations long
 * enough to be allowed past the work bound. Sets the hook in `opts` (`run` must outlive them);
 * seq_run_watch_start once the sequence exists; seq_run_clear before printing.
 */
void seq_run_watch(seq_run *run, const cli_command *cmd, grundy_seq_opts *opts);
void seq_run_watch_start(seq_run *run, grundy_seq *seq, const char *rule);
void seq_run_clear(seq_run *run);

#endif
