/* SPDX-License-Identifier: MIT */
/* The sequence driver: the table of engines (the first that applies, fastest first), the
 * sequence's creation, and the chunk loop that runs the chosen engine between quiescent points,
 * where the self-check, the hook (progress, checkpoints) and the stop flag come. */
#include <grundy/experimental.h>

#include "heap/seq/seq_object.h"
#include "heap/seq/seq_spill.h"
#include "heap/sparse/sparse_engine.h"

#include "util/try.h"

#include <stdlib.h>
#include <time.h>

/* Chunks of heaps between quiescent points: the first is small, so that a slow engine is heard
 * from soon, and each takes about CHUNK_SECONDS once adapted. */
#define FIRST_CHUNK   ((uint64_t)256)
#define MAX_CHUNK     ((uint64_t)1 << 26)
#define CHUNK_SECONDS 0.05

/* Every engine, fastest first: AUTO takes the first that applies. */
static const grundy_seq_engine_ops *const engines[] = {&grundy_seq_sparse_ops,
                                                       &grundy_seq_naive_ops};
#define ENGINE_COUNT (sizeof engines / sizeof engines[0])

static const grundy_seq_engine_ops *pick_engine(const grundy_rule *rule, grundy_seq_engine want) {
    for (size_t i = 0; i < ENGINE_COUNT; i++) {
        if ((want == GRUNDY_SEQ_AUTO || engines[i]->kind == want) && engines[i]->applies(rule)) {
            return engines[i];
        }
    }
    return NULL;
}

grundy_status grundy_seq_create(const grundy_rule *rule, const grundy_seq_opts *opts,
                                grundy_seq **out) {
    const grundy_seq_opts defaults = GRUNDY_SEQ_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_seq *seq = NULL;
    *out = NULL;
    if (opts == NULL) {
        opts = &defaults;
    }
    const grundy_seq_engine_ops *ops = pick_engine(rule, opts->engine);
    GRUNDY_CHECK(ops != NULL, GRUNDY_STATUS_UNSUPPORTED);
    seq = calloc(1, sizeof *seq);
    GRUNDY_CHECK(seq != NULL, GRUNDY_STATUS_NOMEM);
    seq->rule = rule;
    seq->ops = ops;
    seq->max_bytes = opts->max_bytes;
    seq->memory = opts->memory;
    if (seq->memory != 0 && seq->memory < seq->max_bytes) {
        seq->max_bytes = seq->memory; /* the footprint bound is a byte limit too */
    }
    seq->books = calloc(1, sizeof *seq->books);
    GRUNDY_CHECK(seq->books != NULL, GRUNDY_STATUS_NOMEM);
    seq->threads = opts->threads > 1 ? opts->threads : 1;
    seq->width = 1;
    seq->hook = opts->hook;
    seq->hook_ctx = opts->hook_ctx;
    seq->stop = opts->stop;
    seq->chunk = FIRST_CHUNK;
    seq->corrupt_heap = opts->experimental != NULL ? opts->experimental->test_corrupt_heap : 0;
    if (opts->check) {
        GRUNDY_TRY(grundy_seq_checker_create(seq, opts, &seq->checker));
    }
    if (opts->spill != NULL && grundy_seq_may_window(seq)) {
        char rule_text[256];
        grundy_rule_format(rule, rule_text, sizeof rule_text);
        GRUNDY_TRY(grundy_spill_open(opts->spill, rule_text, seq->memory, &seq->spill));
    }
    GRUNDY_TRY(ops->create(seq, &seq->state));
    *out = seq;
    seq = NULL;
cleanup:
    grundy_seq_destroy(seq);
    return st;
}

void grundy_seq_destroy(grundy_seq *seq) {
    if (seq == NULL) {
        return;
    }
    if (seq->state != NULL) {
        seq->ops->destroy(seq->state);
    }
    grundy_seq_checker_destroy(seq->checker);
    free(seq->flags.heaps);
    free(seq->data);
    free(seq->win);
    free(seq->books);
    grundy_spill_close(seq->spill);
    free(seq);
}

static double seconds_now(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) {
        return 0.0;
    }
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The next chunk's size from the last one's time: doubled while it was quick, halved when slow,
 * so quiescent points come a few times a second whatever a value costs. */
static uint64_t adapt_chunk(uint64_t chunk, double seconds) {
    if (seconds < CHUNK_SECONDS / 2 && chunk < MAX_CHUNK) {
        return 2 * chunk;
    }
    if (seconds > 2 * CHUNK_SECONDS && chunk > 1) {
        return chunk / 2;
    }
    return chunk;
}

/* The chunk loop: the engine computes a chunk of heaps, then at the quiescent point (every value
 * final, no engine thread running) come the hook (progress, checkpoint) and the stop flag. The
 * values never depend on the chunks: an engine gives the same values however it is called. */
grundy_status grundy_seq_extend(grundy_seq *seq, uint64_t length) {
    if (length > GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    if (length <= seq->length) {
        return GRUNDY_STATUS_OK;
    }
    seq->target = length;
    seq->books->limit.reason = GRUNDY_SEQ_LIMIT_NONE;
    if (seq->memory != 0 && seq->mark < seq->length && seq->hook != NULL) {
        /* Values given from outside (a file): the hook sees them before any can be dropped. */
        const grundy_status st = seq->hook(seq->hook_ctx, seq, length);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    seq->mark = seq->length;
    if (!seq->windowed && length > seq->capacity) {
        const grundy_status st = grundy_seq_relocate(seq, length, seq->width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    while (seq->length < length) {
        uint64_t chunk = seq->chunk;
        if (seq->memory != 0) {
            /* Every value of a chunk stays in the window until the hook has seen it. */
            const uint64_t most = seq->windowed ? seq->win_cap / 4 : seq->memory / 64 + 1;
            chunk = chunk < most ? chunk : most;
        }
        const uint64_t end = length - seq->length > chunk ? seq->length + chunk : length;
        const double start = seconds_now();
        grundy_status st = seq->ops->extend(seq, seq->state, end);
        /* A quiescent point: every value below the length is final and no engine thread runs, so
         * the self-check looks at what this chunk pushed (also after LIMIT: those values stand). */
        if (seq->checker != NULL && (st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT)) {
            const grundy_status check = grundy_seq_checker_run(seq->checker, seq);
            if (check != GRUNDY_STATUS_OK) {
                return check;
            }
        }
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        seq->chunk = adapt_chunk(seq->chunk, seconds_now() - start);
        if (seq->hook != NULL && (st = seq->hook(seq->hook_ctx, seq, length)) != GRUNDY_STATUS_OK) {
            return st;
        }
        seq->mark = seq->length;
        if (seq->stop != NULL && *seq->stop != 0 && seq->length < length) {
            return GRUNDY_STATUS_INTERRUPTED;
        }
    }
    return GRUNDY_STATUS_OK;
}
