/* SPDX-License-Identifier: MIT */
/* Grundy sequence storage (values in the narrowest of 1, 2, 4 or 8 bytes, widened when a larger
 * value appears) and the choice of the engine that fills it. */
#include "seq_internal.h"

#include "../util/try.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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
};

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

grundy_status grundy_seq_push(grundy_seq *seq, uint64_t value) {
    const unsigned width = width_for(value) > seq->width ? width_for(value) : seq->width;
    if (seq->length == seq->capacity || width != seq->width) {
        /* Aim at the extend call's target: one allocation per call, none per value. */
        uint64_t capacity = seq->target > seq->length ? seq->target : seq->length + 1;
        if (seq->capacity > capacity) {
            capacity = seq->capacity;
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
    return seq->ops->extend(seq, seq->state, length);
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
