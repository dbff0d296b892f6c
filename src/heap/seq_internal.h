/* SPDX-License-Identifier: MIT */
/* What a Grundy sequence engine sees of grundy_seq (library-internal): the engine interface, and
 * the storage calls an engine makes. A new engine is a file seq_<name>.c that defines one
 * grundy_seq_engine_ops and is listed in seq.c's engine table. */
#ifndef GRUNDY_HEAP_SEQ_INTERNAL_H
#define GRUNDY_HEAP_SEQ_INTERNAL_H

#include <grundy/seq.h>

/**
 * An engine: it appends g(length), g(length + 1), ... to the sequence through grundy_seq_push,
 * reading earlier values with grundy_seq_get or grundy_seq_raw.
 */
typedef struct grundy_seq_engine_ops {
    grundy_seq_engine kind;
    const char *name;
    /** Nonzero when the engine computes this rule's sequence exactly. */
    int (*applies)(const grundy_rule *rule);
    /** Allocate the engine's state for `seq` (which holds no values yet). */
    grundy_status (*create)(grundy_seq *seq, void **state);
    /** Push values until grundy_seq_length(seq) == length; LIMIT/NOMEM keep what was pushed. */
    grundy_status (*extend)(grundy_seq *seq, void *state, uint64_t length);
    /** Bytes of scratch memory the state holds now (counted against max_bytes). */
    uint64_t (*bytes)(const void *state);
    void (*destroy)(void *state);
    /** Estimated option visits per value near heap n from the state now (issue 12: searches
     * that can only observe stop by it); NULL: the caller's model of the naive method. */
    double (*cost)(const void *state, uint64_t n);
} grundy_seq_engine_ops;

extern const grundy_seq_engine_ops grundy_seq_naive_ops;
extern const grundy_seq_engine_ops grundy_seq_sparse_ops;

/** The engine's cost per value near heap n (grundy_seq_engine_ops.cost), or -1 without one. */
double grundy_seq_cost(const grundy_seq *seq, uint64_t n);

/** The threads the engine may use (grundy_seq_opts.threads, at least 1). */
unsigned grundy_seq_threads(const grundy_seq *seq);

/** The rule the sequence is for. */
const grundy_rule *grundy_seq_rule(const grundy_seq *seq);

/**
 * Append the next value, widening the storage when it does not fit. Storage grows towards the
 * length the current grundy_seq_extend call asked for.
 * @return OK, LIMIT (max_bytes), NOMEM.
 */
grundy_status grundy_seq_push(grundy_seq *seq, uint64_t value);

/**
 * Would `extra` more bytes of engine scratch still fit in max_bytes next to the values?
 * @return OK or LIMIT.
 */
grundy_status grundy_seq_charge(const grundy_seq *seq, uint64_t scratch_bytes);

/**
 * Raw storage for tight loops: g(n) is ((const uintW_t *)raw)[n] with W = 8 * *width. The
 * pointer is valid until the next grundy_seq_push.
 */
const void *grundy_seq_raw(const grundy_seq *seq, unsigned *width);

/** g(i) from raw storage of `width` bytes per value (1, 2, 4 or 8), as grundy_seq_raw gives it. */
static inline uint64_t grundy_seq_raw_load(const void *raw, unsigned width, uint64_t i) {
    switch (width) {
    case 1:
        return ((const uint8_t *)raw)[i];
    case 2:
        return ((const uint16_t *)raw)[i];
    case 4:
        return ((const uint32_t *)raw)[i];
    default:
        return ((const uint64_t *)raw)[i];
    }
}

#endif
