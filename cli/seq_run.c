/* SPDX-License-Identifier: MIT */
/* Long runs: the hook the library calls between chunks (progress line, periodic checkpoint),
 * SIGINT/SIGTERM (stop at the next chunk, save, exit 130/143), --load and --save. */
#include "seq_common.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DRAW_SECONDS      0.25 /* the progress line changes at most four times a second */
#define DEFAULT_EVERY     300
#define MAX_EVERY_SECONDS ((uint64_t)1 << 40)

/* The signal that asked the run to stop (0: none); the library reads it between chunks. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig) {
    stop_signal = sig;
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---------------------------------------------------------------- the progress line */

/* 1234567 -> "1.23M"; below 10000 as is. */
static void human(char *buf, size_t cap, double x) {
    static const char suffix[] = " kMGTP";
    int i = 0;
    while (x >= 10000.0 && i < 5) {
        x /= 1000.0;
        i++;
    }
    if (i == 0) {
        snprintf(buf, cap, "%.0f", x);
    } else {
        snprintf(buf, cap, "%.2f%c", x, suffix[i]);
    }
}

static void duration(char *buf, size_t cap, double s) {
    if (!(s < 1e9)) {
        snprintf(buf, cap, "?");
        return;
    }
    const unsigned long long t = (unsigned long long)(s + 0.5);
    if (t >= 3600) {
        snprintf(buf, cap, "%lluh%02llum", t / 3600, t / 60 % 60);
    } else {
        snprintf(buf, cap, "%llum%02llus", t / 60, t % 60);
    }
}

static void clear_line(seq_run *run) {
    if (run->drawn > 0) {
        fprintf(stderr, "\r%*s\r", (int)run->drawn, "");
        fflush(stderr);
        run->drawn = 0;
    }
}

/* "heap 1234567 of 2000001 (61.7%), 1.23M values/s, rare 57, 3.2 MiB, 0m12s left": the bound
 * is the command's (a period search's rounds end earlier, and it may stop at any of them). */
static void draw(seq_run *run, const grundy_seq *seq, uint64_t target, double now) {
    const uint64_t length = grundy_seq_length(seq), rare = grundy_seq_rare_count(seq);
    const uint64_t bound = run->bound > target ? run->bound : target;
    const double elapsed = now - run->started;
    const double rate = elapsed > 0 ? (double)(length - run->start_length) / elapsed : 0.0;
    char speed[32], rare_text[32] = "-", left[32];
    human(speed, sizeof speed, rate);
    if (rare != UINT64_MAX) {
        human(rare_text, sizeof rare_text, (double)rare);
    }
    duration(left, sizeof left, rate > 0 ? (double)(bound - length) / rate : 1e18);
    char line[256];
    const int n = snprintf(line, sizeof line,
                           "grundy %s %s: heap %llu of %llu (%.1f%%), %s values/s, rare %s, "
                           "%.1f MiB, %s left",
                           run->cmd->name, run->rule, (unsigned long long)length,
                           (unsigned long long)bound, 100.0 * (double)length / (double)bound, speed,
                           rare_text, (double)grundy_seq_bytes(seq) / 1048576.0, left);
    const size_t len = n < 0 ? 0 : (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    /* Pad over a longer previous line: no terminal escapes, so a log file reads too. */
    fprintf(stderr, "\r%s%*s", line, run->drawn > len ? (int)(run->drawn - len) : 0, "");
    fflush(stderr);
    run->drawn = len;
    run->last_draw = now;
}

/* ---------------------------------------------------------------- checkpoints */

/* --memory: the checkpoint's extra bytes: the command's name, NUL, the heaps the sink
 * has seen (8 bytes, little-endian), what it accumulated (sink_save). NULL on failure. */
static unsigned char *sink_state(const seq_run *run, size_t *len) {
    void *acc = NULL;
    size_t acc_len = 0;
    if (run->sink != NULL && run->sink_save != NULL &&
        run->sink_save(run->sink_ctx, &acc, &acc_len) != 0) {
        return NULL;
    }
    const size_t name = strlen(run->cmd->name) + 1;
    unsigned char *p = malloc(name + 8 + acc_len);
    if (p != NULL) {
        memcpy(p, run->cmd->name, name);
        for (unsigned b = 0; b < 8; b++) {
            p[name + b] = (unsigned char)(run->sunk >> (8 * b));
        }
        if (acc_len > 0) {
            memcpy(p + name + 8, acc, acc_len);
        }
        *len = name + 8 + acc_len;
    }
    free(acc);
    return p;
}

static int save_file(seq_run *run, const char *what, const char *path, uint64_t count,
                     grundy_seqfile_kind kind) {
    size_t len = 0;
    unsigned char *extra = NULL;
    if (run->memory != 0 && kind == GRUNDY_SEQFILE_CHECKPOINT &&
        (extra = sink_state(run, &len)) == NULL) {
        clear_line(run);
        return cli_fail(run->cmd, CLI_EXIT_IO, "cannot write %s %s: out of memory", what, path);
    }
    const grundy_status st = grundy_seqfile_save_extra(run->seq, count, kind, path, extra, len);
    free(extra);
    if (st == GRUNDY_STATUS_OK) {
        return 0;
    }
    const int why = errno;
    clear_line(run);
    const char *const spill = grundy_seq_spill_problem(run->seq);
    if (spill != NULL) {
        return cli_fail(run->cmd, CLI_EXIT_IO, "cannot write %s %s: --spill %s: %s", what, path,
                        run->spill, spill);
    }
    return cli_fail(run->cmd, CLI_EXIT_IO, "cannot write %s %s: %s", what, path,
                    st == GRUNDY_STATUS_IO ? strerror(why) : grundy_status_str(st));
}

int seq_run_words_save(uint64_t first, uint64_t second, void **bytes, size_t *len) {
    unsigned char *p = malloc(16);
    if (p == NULL) {
        return -1;
    }
    for (unsigned b = 0; b < 8; b++) {
        p[b] = (unsigned char)(first >> (8 * b));
        p[8 + b] = (unsigned char)(second >> (8 * b));
    }
    *bytes = p;
    *len = 16;
    return 0;
}

int seq_run_words_load(const void *bytes, size_t len, uint64_t first, uint64_t *second) {
    const unsigned char *p = bytes;
    uint64_t a = 0, b = 0;
    if (len != 16) {
        return -1;
    }
    for (unsigned i = 8; i-- > 0;) {
        a = (a << 8) | p[i];
        b = (b << 8) | p[8 + i];
    }
    if (a != first) {
        return -1;
    }
    *second = b;
    return 0;
}

int seq_run_sink_start(seq_run *run) {
    unsigned char *const p = run->extra;
    const size_t len = run->extra_len;
    run->extra = NULL;
    int rc = -1;
    if (p == NULL) {
        if (run->memory != 0 && run->checkpoint != NULL && run->spill == NULL &&
            run->sink_load == NULL) {
            /* the values a resumed run prints again would be gone */
            return cli_usage_error(run->cmd, "--checkpoint with --memory needs --spill FILE here "
                                             "(a resumed run gives every value again, and the "
                                             "dropped ones are in the spill file only)");
        }
        return -1;
    }
    const size_t name = strnlen((const char *)p, len);
    uint64_t sunk = 0;
    if (name == len || len - name - 1 < 8 || strcmp((const char *)p, run->cmd->name) != 0) {
        rc = cli_fail(run->cmd, CLI_EXIT_VALUE,
                      "checkpoint %s refused: made by another command (%.40s), whose "
                      "accumulated state is not %s's",
                      run->checkpoint, name < len ? (const char *)p : "?", run->cmd->name);
        goto done;
    }
    for (unsigned b = 8; b-- > 0;) {
        sunk = (sunk << 8) | p[name + 1 + b];
    }
    const uint64_t length = grundy_seq_length(run->seq);
    if (run->sink_load == NULL) {
        run->sunk = 0; /* every value again, from what is kept and the spill file */
    } else if (sunk != length || sunk > run->sink_end) {
        rc = cli_fail(run->cmd, CLI_EXIT_VALUE,
                      "checkpoint %s refused: it holds a run to heap %llu, past the %llu heaps "
                      "this command asks for: give the bound it was made with, or start afresh",
                      run->checkpoint, (unsigned long long)sunk, (unsigned long long)run->sink_end);
    } else if (run->sink_load(run->sink_ctx, p + name + 9, len - name - 9) != 0) {
        rc = cli_fail(run->cmd, CLI_EXIT_VALUE,
                      "checkpoint %s refused: its accumulated state is not %s's", run->checkpoint,
                      run->cmd->name);
    } else {
        run->sunk = sunk;
    }
done:
    free(p);
    return rc;
}

void seq_run_drain(seq_run *run) {
    const uint64_t length = grundy_seq_length(run->seq);
    const uint64_t end = length < run->sink_end ? length : run->sink_end;
    for (; run->sink != NULL && run->sunk < end; run->sunk++) {
        uint64_t v = 0;
        if (grundy_seq_kept(run->seq, run->sunk)) {
            v = grundy_seq_get(run->seq, run->sunk);
        } else if (grundy_seq_value(run->seq, run->sunk, &v) != GRUNDY_STATUS_OK) {
            run->lost = 1; /* a resumed run's values again: from the spill file */
            return;
        }
        run->sink(run->sink_ctx, run->sunk, v);
    }
}

static grundy_status hook(void *ctx, const grundy_seq *seq, uint64_t target) {
    seq_run *run = ctx;
    const double now = now_seconds();
    seq_run_drain(run);
    if (run->checkpoint != NULL && now - run->last_save >= (double)run->every) {
        run->failed = save_file(run, "checkpoint", run->checkpoint, grundy_seq_length(seq),
                                GRUNDY_SEQFILE_CHECKPOINT);
        if (run->failed != 0) {
            return GRUNDY_STATUS_IO;
        }
        run->last_save = now;
    }
    if (run->progress && now - run->last_draw >= DRAW_SECONDS && stop_signal == 0) {
        draw(run, seq, target, now);
    }
    return GRUNDY_STATUS_OK;
}

/* ---------------------------------------------------------------- the run */

int seq_run_parse(const cli_command *cmd, const cli_args *args, int seq_base, seq_run *run,
                  grundy_seq_opts *opts) {
    const char *const every = args->value[seq_base + SEQ_OPT_CHECKPOINT_EVERY];
    memset(run, 0, sizeof *run);
    run->cmd = cmd;
    run->checkpoint = args->value[seq_base + SEQ_OPT_CHECKPOINT];
    run->save = args->value[seq_base + SEQ_OPT_SAVE];
    run->load = args->value[seq_base + SEQ_OPT_LOAD];
    run->quiet = args->present[seq_base + SEQ_OPT_QUIET] > 0;
    run->progress =
        !run->quiet && (args->present[seq_base + SEQ_OPT_PROGRESS] > 0 || isatty(fileno(stderr)));
    run->every = DEFAULT_EVERY;
    run->sink_end = UINT64_MAX;
    const char *const memory = args->value[seq_base + SEQ_OPT_MEMORY];
    if (memory != NULL) {
        const int rc = cli_parse_bytes(cmd, "--memory", memory, GRUNDY_NUMBER_MAX, &run->memory);
        if (rc != 0) {
            return rc;
        }
        if (run->memory == 0) {
            return cli_fail(cmd, CLI_EXIT_VALUE, "--memory must be at least 1 byte");
        }
        if (run->save != NULL) {
            /* it writes every value, which --memory lets the sequence drop (a checkpoint holds
             * the window and what the engine goes on from instead: docs/file-formats.md) */
            return cli_usage_error(cmd, "--memory drops values that --save writes: give one or "
                                        "the other");
        }
        opts->memory = run->memory;
    }
    run->spill = args->value[seq_base + SEQ_OPT_SPILL];
    if (run->spill != NULL) {
        if (memory == NULL) {
            return cli_usage_error(cmd, "--spill holds the values --memory drops: give --memory");
        }
        const grundy_status st = grundy_seq_spill_probe(run->spill);
        if (st == GRUNDY_STATUS_PARSE) {
            return cli_fail(cmd, CLI_EXIT_VALUE,
                            "--spill %s: the file exists and is not a grundy spill file (it "
                            "would be overwritten): remove it or name another",
                            run->spill);
        }
        if (st != GRUNDY_STATUS_OK) {
            return cli_fail(cmd, CLI_EXIT_IO, "--spill %s: cannot read it: %s", run->spill,
                            strerror(errno));
        }
        opts->spill = run->spill;
    }
    if (memory != NULL && run->checkpoint != NULL && run->spill == NULL &&
        strcmp(cmd->name, "values") == 0) {
        /* values gives every value again on resume (seq_run_sink_start says it for any sink
         * that keeps no state of its own) */
        return cli_usage_error(cmd, "--checkpoint with --memory needs --spill FILE here (a "
                                    "resumed run gives every value again, and the dropped ones "
                                    "are in the spill file only)");
    }
    if (every != NULL) {
        const int rc =
            cli_parse_number(cmd, "--checkpoint-every", every, MAX_EVERY_SECONDS, &run->every);
        if (rc != 0) {
            return rc;
        }
        if (run->checkpoint == NULL) {
            return cli_usage_error(cmd, "--checkpoint-every needs --checkpoint FILE");
        }
    }
    /* the files it will write, before anything is computed */
    if ((run->checkpoint != NULL && cli_probe_output(cmd, "--checkpoint", run->checkpoint) != 0) ||
        (run->save != NULL && cli_probe_output(cmd, "--save", run->save) != 0)) {
        return CLI_EXIT_IO;
    }
    /* the work files are this run's until it ends: a second run on them is refused now */
    if ((run->checkpoint != NULL &&
         cli_lock_work_file(cmd, "--checkpoint", run->checkpoint) != 0) ||
        (run->spill != NULL && cli_lock_work_file(cmd, "--spill", run->spill) != 0)) {
        return CLI_EXIT_IO;
    }
    opts->hook = hook;
    opts->hook_ctx = run;
    opts->stop = &stop_signal;
    return -1;
}

void seq_run_watch(seq_run *run, const cli_command *cmd, grundy_seq_opts *opts) {
    memset(run, 0, sizeof *run);
    run->cmd = cmd;
    run->progress = isatty(fileno(stderr));
    run->every = DEFAULT_EVERY;
    opts->hook = hook;
    opts->hook_ctx = run;
}

void seq_run_watch_start(seq_run *run, grundy_seq *seq, const char *rule) {
    run->seq = seq;
    run->rule = rule;
    run->started = now_seconds();
    run->last_draw = run->started;
    run->start_length = grundy_seq_length(seq);
}

void seq_run_clear(seq_run *run) {
    clear_line(run);
}

/* Read one file into the sequence: exit 3 for a refused file, 5 when it cannot be read. */
static int load_file(seq_run *run, const char *what, const char *path, int missing_ok) {
    grundy_seqfile_info info;
    void *extra = NULL;
    size_t extra_len = 0;
    const grundy_status st = grundy_seqfile_load_extra(path, run->seq, &info, &extra, &extra_len);
    if (st == GRUNDY_STATUS_OK && extra != NULL && missing_ok) {
        run->extra = extra; /* the sink's state, for seq_run_sink_start */
        run->extra_len = extra_len;
        return -1;
    }
    free(extra);
    if (st == GRUNDY_STATUS_OK) {
        return -1;
    }
    if (st == GRUNDY_STATUS_IO && errno == ENOENT && missing_ok) {
        return -1;
    }
    if (st == GRUNDY_STATUS_PARSE) {
        return cli_fail(run->cmd, CLI_EXIT_VALUE, "%s %s refused: %s", what, path, info.message);
    }
    if (st == GRUNDY_STATUS_LIMIT && run->memory != 0) {
        return cli_fail(run->cmd, CLI_EXIT_VALUE,
                        "%s %s refused: its values and the engine's state do not fit --memory "
                        "%llu (made with another --memory?)",
                        what, path, (unsigned long long)run->memory);
    }
    if (st == GRUNDY_STATUS_IO) {
        return cli_fail(run->cmd, CLI_EXIT_IO, "cannot read %s %s: %s", what, path,
                        errno == EINVAL ? "not a regular file" : strerror(errno));
    }
    return cli_fail(run->cmd, cli_exit_code(st), "cannot hold the values of %s %s: %s", what, path,
                    grundy_status_str(st));
}

int seq_run_begin(seq_run *run, grundy_query *query, const char *rule) {
    int rc;
    run->rule = rule;
    run->seq = grundy_query_seq(query);
    if (run->load != NULL && (rc = load_file(run, "sequence file", run->load, 0)) >= 0) {
        return rc;
    }
    if (run->checkpoint != NULL) {
        const uint64_t before = grundy_seq_length(run->seq);
        if ((rc = load_file(run, "checkpoint", run->checkpoint, 1)) >= 0) {
            return rc;
        }
        if (grundy_seq_length(run->seq) > before && !run->quiet) {
            fprintf(stderr, "grundy %s: resuming %s from checkpoint %s at heap %llu\n",
                    run->cmd->name, rule, run->checkpoint,
                    (unsigned long long)grundy_seq_length(run->seq));
        }
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = (int)SA_RESETHAND; /* a second signal kills at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    run->started = now_seconds();
    run->last_save = run->started;
    run->last_draw = run->started;
    run->start_length = grundy_seq_length(run->seq);
    return -1;
}

int seq_run_fail(seq_run *run, grundy_status st) {
    clear_line(run);
    free(run->extra); /* a checkpoint's sink state no sink took */
    run->extra = NULL;
    if (st == GRUNDY_STATUS_IO && run->failed != 0) {
        return run->failed;
    }
    if (st != GRUNDY_STATUS_INTERRUPTED) {
        return -1;
    }
    const int sig = stop_signal;
    const char *const name = sig == SIGTERM ? "SIGTERM" : "SIGINT";
    const unsigned long long length = grundy_seq_length(run->seq);
    if (run->checkpoint == NULL) {
        cli_fail(run->cmd, 128 + sig,
                 "interrupted by %s at heap %llu of %s (no --checkpoint: "
                 "nothing saved)",
                 name, length, run->rule);
        return 128 + sig;
    }
    const int rc = save_file(run, "checkpoint", run->checkpoint, length, GRUNDY_SEQFILE_CHECKPOINT);
    if (rc != 0) {
        return rc;
    }
    cli_fail(run->cmd, 128 + sig,
             "interrupted by %s at heap %llu of %s: checkpoint %s holds g(0..%llu); the same "
             "command resumes from it",
             name, length, run->rule, run->checkpoint, length - (length > 0));
    return 128 + sig;
}

int seq_run_done(seq_run *run, int rc, uint64_t count) {
    clear_line(run);
    free(run->extra);
    run->extra = NULL;
    const uint64_t length = grundy_seq_length(run->seq);
    /* A file that cannot be written is said now and is exit 5 at the end (seq_run_exit): the
     * answer, computed, is printed all the same. */
    if (run->checkpoint != NULL) {
        const int failed =
            save_file(run, "checkpoint", run->checkpoint, length, GRUNDY_SEQFILE_CHECKPOINT);
        run->file_failed = failed != 0 ? failed : run->file_failed;
    }
    if (run->save != NULL) {
        const int failed = save_file(run, "sequence file", run->save,
                                     count < length ? count : length, GRUNDY_SEQFILE_SEQUENCE);
        run->file_failed = failed != 0 ? failed : run->file_failed;
    }
    return rc;
}

int seq_run_exit(const seq_run *run, int rc) {
    return run->file_failed != 0 && (rc == CLI_EXIT_OK || rc == CLI_EXIT_NO) ? run->file_failed
                                                                             : rc;
}
