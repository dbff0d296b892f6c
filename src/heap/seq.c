/* SPDX-License-Identifier: MIT */
/* Grundy sequence storage (values in the narrowest of 1, 2, 4 or 8 bytes, widened when a larger
 * value appears) and the choice of the engine that fills it. */
#include "seq_internal.h"

#include "../util/try.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct grundy_seq {
    const grundy_rule *rule;
    const grundy_seq_engine_ops *ops;
    void *state;
    uint64_t max_bytes;
    unsigned threads; /* grundy_seq_opts.threads, at least 1 */
    unsigned width;   /* bytes per value: 1, 2, 4 or 8 */
    void *data;
    uint64_t length, capacity; /* values stored, values the buffer holds */
    uint64_t target;           /* the length the running extend call aims at */
    uint64_t max_value;
    /* long runs (issue 13) */
    grundy_seq_hook hook;
    void *hook_ctx;
    volatile sig_atomic_t *stop;
    uint64_t chunk; /* heaps per engine call, adapted to take about CHUNK_SECONDS */
    /* self-check (issue 11): NULL when not asked for */
    grundy_seq_checker *checker;
    uint64_t corrupt_heap; /* tests only: store g(k) ^ 1 for this heap k (0: none) */
};

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
    seq->threads = opts->threads > 1 ? opts->threads : 1;
    seq->width = 1;
    seq->hook = opts->hook;
    seq->hook_ctx = opts->hook_ctx;
    seq->stop = opts->stop;
    seq->chunk = FIRST_CHUNK;
    seq->corrupt_heap = opts->test_corrupt_heap;
    if (opts->check) {
        GRUNDY_TRY(grundy_seq_checker_create(seq, opts, &seq->checker));
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
    free(seq->data);
    free(seq);
}

static uint64_t scratch_bytes(const grundy_seq *seq) {
    return seq->state != NULL ? seq->ops->bytes(seq->state) : 0;
}

/* Does a buffer of `count` values of `width` bytes fit in max_bytes beside `scratch`? */
static int fits(const grundy_seq *seq, uint64_t count, unsigned width, uint64_t scratch) {
    if (count > (UINT64_MAX - scratch) / width || count > SIZE_MAX / width) {
        return 0;
    }
    return count * width + scratch <= seq->max_bytes;
}

grundy_status grundy_seq_charge(const grundy_seq *seq, uint64_t scratch) {
    return fits(seq, seq->capacity, seq->width, scratch) ? GRUNDY_STATUS_OK : GRUNDY_STATUS_LIMIT;
}

static void store(void *data, unsigned width, uint64_t n, uint64_t v) {
    switch (width) {
    case 1:
        ((uint8_t *)data)[n] = (uint8_t)v;
        break;
    case 2:
        ((uint16_t *)data)[n] = (uint16_t)v;
        break;
    case 4:
        ((uint32_t *)data)[n] = (uint32_t)v;
        break;
    default:
        ((uint64_t *)data)[n] = v;
        break;
    }
}

static unsigned width_for(uint64_t v) {
    return v <= UINT8_MAX ? 1u : v <= UINT16_MAX ? 2u : v <= UINT32_MAX ? 4u : 8u;
}

/* Move the values into a buffer of `capacity` values of `width` bytes. */
static grundy_status relocate(grundy_seq *seq, uint64_t capacity, unsigned width) {
    if (!fits(seq, capacity, width, scratch_bytes(seq))) {
        return GRUNDY_STATUS_LIMIT;
    }
    if (width == seq->width) {
        void *grown = realloc(seq->data, (size_t)(capacity * width));
        if (grown == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        seq->data = grown;
    } else {
        void *wide = malloc((size_t)(capacity * width));
        if (wide == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        for (uint64_t i = 0; i < seq->length; i++) {
            store(wide, width, i, grundy_seq_raw_load(seq->data, seq->width, i));
        }
        free(seq->data);
        seq->data = wide;
        seq->width = width;
    }
    seq->capacity = capacity;
    return GRUNDY_STATUS_OK;
}

void grundy_seq_flag(grundy_seq *seq, uint64_t n) {
    if (seq->checker != NULL) {
        grundy_seq_checker_flag(seq->checker, n);
    }
}

grundy_status grundy_seq_push(grundy_seq *seq, uint64_t value) {
    if (seq->corrupt_heap != 0 && seq->length == seq->corrupt_heap) {
        value ^= 1u; /* the test-only corruption the self-check must catch (issue 11) */
    }
    const unsigned width = width_for(value) > seq->width ? width_for(value) : seq->width;
    if (seq->length == seq->capacity || width != seq->width) {
        /* Aim at the extend call's target: one allocation per call, none per value. */
        uint64_t capacity = seq->target > seq->length ? seq->target : seq->length + 1;
        if (seq->capacity > capacity) {
            capacity = seq->capacity;
        }
        if (width != seq->width) {
            grundy_seq_flag(seq, seq->length); /* wider storage from this heap on */
        }
        const grundy_status st = relocate(seq, capacity, width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    store(seq->data, seq->width, seq->length++, value);
    if (value > seq->max_value) {
        seq->max_value = value;
    }
    return GRUNDY_STATUS_OK;
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
    if (length > seq->capacity) {
        const grundy_status st = relocate(seq, length, seq->width);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    while (seq->length < length) {
        const uint64_t end = length - seq->length > seq->chunk ? seq->length + seq->chunk : length;
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
        if (seq->stop != NULL && *seq->stop != 0 && seq->length < length) {
            return GRUNDY_STATUS_INTERRUPTED;
        }
    }
    return GRUNDY_STATUS_OK;
}

uint64_t grundy_seq_length(const grundy_seq *seq) {
    return seq->length;
}

uint64_t grundy_seq_get(const grundy_seq *seq, uint64_t n) {
    assert(n < seq->length);
    return grundy_seq_raw_load(seq->data, seq->width, n);
}

uint64_t grundy_seq_max_value(const grundy_seq *seq) {
    return seq->max_value;
}

grundy_seq_engine grundy_seq_get_engine(const grundy_seq *seq) {
    return seq->ops->kind;
}

double grundy_seq_cost(const grundy_seq *seq, uint64_t n) {
    return seq->ops->cost != NULL ? seq->ops->cost(seq->state, n) : -1;
}

unsigned grundy_seq_threads(const grundy_seq *seq) {
    return seq->threads;
}

const grundy_rule *grundy_seq_rule(const grundy_seq *seq) {
    return seq->rule;
}

const void *grundy_seq_raw(const grundy_seq *seq, unsigned *width) {
    *width = seq->width;
    return seq->data;
}

uint64_t grundy_seq_rare_count(const grundy_seq *seq) {
    return seq->ops->rare_count != NULL ? seq->ops->rare_count(seq->state) : UINT64_MAX;
}

uint64_t grundy_seq_bytes(const grundy_seq *seq) {
    return seq->capacity * seq->width + scratch_bytes(seq);
}

grundy_status grundy_seq_restore_begin(const grundy_seq *seq, unsigned width, uint64_t count,
                                       void **values) {
    *values = NULL;
    if (width != 1 && width != 2 && width != 4 && width != 8) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    const uint64_t room = count > 0 ? count : 1; /* a buffer to point at */
    if (!fits(seq, room, width, scratch_bytes(seq))) {
        return GRUNDY_STATUS_LIMIT;
    }
    *values = malloc((size_t)(room * width));
    return *values != NULL ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM;
}

/* Hand `values` to the sequence and the engine; returns the engine's status. */
static grundy_status take_values(grundy_seq *seq, void *values, unsigned width, uint64_t count,
                                 uint64_t capacity) {
    seq->data = values;
    seq->width = width;
    seq->capacity = capacity;
    seq->length = count;
    seq->max_value = 0;
    for (uint64_t i = 0; i < count; i++) {
        const uint64_t v = grundy_seq_raw_load(seq->data, seq->width, i);
        seq->max_value = v > seq->max_value ? v : seq->max_value;
    }
    return seq->ops->resume != NULL ? seq->ops->resume(seq, seq->state) : GRUNDY_STATUS_OK;
}

grundy_status grundy_seq_restore_end(grundy_seq *seq, void *values, unsigned width,
                                     uint64_t count) {
    void *const old = seq->data;
    const unsigned old_width = seq->width;
    const uint64_t old_length = seq->length, old_capacity = seq->capacity;
    const grundy_status st = take_values(seq, values, width, count, count > 0 ? count : 1);
    if (st == GRUNDY_STATUS_OK) {
        free(old);
        return st;
    }
    /* The engine cannot hold these values (a file's largest value past max_bytes, say): the
     * sequence goes back to the values it had, which the engine held before (issue 17). */
    free(values);
    (void)take_values(seq, old, old_width, old_length, old_capacity);
    return st;
}
