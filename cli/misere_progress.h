/* SPDX-License-Identifier: MIT */
/* The progress line of a misere quotient being extended, for `misere` and `play
 * --misere`: "grundy misere 0.07: heap 33 of 40, 1.20G check steps of 8.59G, 0m12s", on stderr
 * when it is a terminal or --progress was given, never with -q; at most four times a second. */
#ifndef GRUNDY_CLI_MISERE_PROGRESS_H
#define GRUNDY_CLI_MISERE_PROGRESS_H

#include "cli.h"

typedef struct misere_progress {
    const cli_command *cmd;
    const char *rule;
    uint64_t max_heap, max_work;
    int on;
    double started, last_draw;
    size_t drawn; /* characters on screen, 0 when none */
} misere_progress;

/** Decide whether to draw (progress: --progress given; quiet: -q given). */
void misere_progress_init(misere_progress *p, const cli_command *cmd, const char *rule,
                          uint64_t max_heap, uint64_t max_work, int progress, int quiet);

/** The grundy_misere_progress_fn: ctx is the misere_progress. */
void misere_progress_draw(void *ctx, uint64_t heap, uint64_t work);

/** The same for the misere search of one position (grundy_position_opts.search_progress): work
 *  is the moves tried, max_work (from init) the search's bound. */
void misere_progress_draw_search(void *ctx, uint64_t heap, uint64_t work);

/** Clear the line before printing anything else. */
void misere_progress_clear(misere_progress *p);

/**
 * The one line for a quotient that stopped at GRUNDY_STATUS_LIMIT or NOMEM (st), `where` before
 * it ("line 3: " or ""): which bound, what was computed, what to raise and to what.
 * @return 4.
 */
int misere_limit_fail(const cli_command *cmd, const char *where, grundy_status st,
                      const grundy_misere *q, const grundy_misere_opts *o);

#endif
