/* SPDX-License-Identifier: MIT */
/* Grundy sequences of heap games: g(0), g(1), ... computed by an engine, stored compactly. */
#ifndef GRUNDY_SEQ_H
#define GRUNDY_SEQ_H

#include <grundy/rule.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Which engine fills a sequence. AUTO picks the fastest one that applies to the rule. */
typedef enum grundy_seq_engine {
    GRUNDY_SEQ_AUTO,
    GRUNDY_SEQ_NAIVE, /**< mex over every option: the reference, O(n) per value for splits */
    GRUNDY_SEQ_SPARSE /**< rare/common values: O(#rare) per value, moves leaving <= 2 heaps */
} grundy_seq_engine;

/** Limits and choices for computing a sequence; GRUNDY_SEQ_OPTS_INIT gives the defaults. */
typedef struct grundy_seq_opts {
    grundy_seq_engine engine;
    uint64_t max_bytes; /**< memory the sequence may use; GRUNDY_STATUS_LIMIT past it */
    /* issue 12 */
    /**
     * Threads that compute values (0 or 1: the caller's thread alone). The values never depend
     * on it: blocks of heaps are computed at once, each heap's options below the block on any
     * thread and the few inside it afterwards in order.
     */
    unsigned threads;
} grundy_seq_opts;
#define GRUNDY_SEQ_DEFAULT_MAX_BYTES ((uint64_t)8 << 30)
#define GRUNDY_SEQ_OPTS_INIT                                                                       \
    { GRUNDY_SEQ_AUTO, GRUNDY_SEQ_DEFAULT_MAX_BYTES, 0 }

/**
 * A computed prefix g(0..length-1) of a rule's Grundy sequence, values stored in the narrowest
 * width that holds them (widened when a larger value appears). Owns a copy of nothing: the rule
 * passed to grundy_seq_create must outlive the sequence.
 */
typedef struct grundy_seq grundy_seq;

/**
 * Create an empty sequence for `rule` (borrowed; must outlive the sequence).
 * @param opts NULL for defaults.
 * @return GRUNDY_STATUS_OK, GRUNDY_STATUS_NOMEM, GRUNDY_STATUS_UNSUPPORTED when the engine asked
 *         for does not apply to the rule.
 */
GRUNDY_API grundy_status grundy_seq_create(const grundy_rule *rule, const grundy_seq_opts *opts,
                                           grundy_seq **out);

/** Free a sequence; NULL is allowed. */
GRUNDY_API void grundy_seq_destroy(grundy_seq *seq);

/**
 * Compute values until the sequence holds g(0..length-1) (no-op if it already does).
 * Computing in steps (doubling rounds) gives the same values as computing at once.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT when opts.max_bytes would be exceeded (the
 *         values computed so far stay valid); GRUNDY_STATUS_NOMEM; GRUNDY_STATUS_RANGE when
 *         length > GRUNDY_NUMBER_MAX.
 */
GRUNDY_API grundy_status grundy_seq_extend(grundy_seq *seq, uint64_t length);

/** How many values are computed. */
GRUNDY_API uint64_t grundy_seq_length(const grundy_seq *seq);

/** g(n) for n < grundy_seq_length(seq) (asserted). */
GRUNDY_API uint64_t grundy_seq_get(const grundy_seq *seq, uint64_t n);

/** The largest value computed so far (0 for an empty sequence). */
GRUNDY_API uint64_t grundy_seq_max_value(const grundy_seq *seq);

/** The engine that fills the sequence (never GRUNDY_SEQ_AUTO). */
GRUNDY_API grundy_seq_engine grundy_seq_get_engine(const grundy_seq *seq);

#ifdef __cplusplus
}
#endif
#endif
