/* SPDX-License-Identifier: MIT */
/* Grundy sequences of heap games: g(0), g(1), ... computed by an engine, stored compactly. */
#ifndef GRUNDY_SEQ_H
#define GRUNDY_SEQ_H

#include <grundy/rule.h>

#include <signal.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Which engine fills a sequence. AUTO picks the fastest one that applies to the rule. */
typedef enum grundy_seq_engine {
    GRUNDY_SEQ_AUTO,
    GRUNDY_SEQ_NAIVE, /**< mex over every option: the reference, O(n) per value for splits */
    GRUNDY_SEQ_SPARSE /**< rare/common values: O(#rare) per value, moves leaving <= 2 heaps */
} grundy_seq_engine;

typedef struct grundy_seq grundy_seq;

/**
 * Called by grundy_seq_extend at every quiescent point (the end of a chunk of heaps: every value
 * below grundy_seq_length(seq) is final and no engine thread runs), with the length the extend
 * call aims at. A status other than GRUNDY_STATUS_OK stops the extend, which returns it; the
 * values stay valid. May read the sequence (and save it: grundy_seqfile_save), never extend it.
 */
typedef grundy_status (*grundy_seq_hook)(void *ctx, const grundy_seq *seq, uint64_t target);

/** What the self-check (grundy_seq_opts.check) did, and where it found a wrong value. */
typedef struct grundy_seq_check_report {
    uint64_t checked; /**< heaps recomputed so far */
    int failed;       /**< nonzero: heap, value and mex say where */
    uint64_t heap;    /**< the first heap found whose stored value is not its mex */
    uint64_t value;   /**< the value the engine gave it */
    uint64_t mex;     /**< the mex over every option of that heap, from the values below it */
} grundy_seq_check_report;

/** The sample rate the CLI's --check uses: one heap in 16384 besides the flagged ones. */
#define GRUNDY_SEQ_CHECK_DEFAULT_RATE (1.0 / 16384.0)

/** Defined in grundy/experimental.h: what grundy_seq_opts.experimental points to. */
typedef struct grundy_seq_experimental_opts grundy_seq_experimental_opts;

/** Limits and choices for computing a sequence; GRUNDY_SEQ_OPTS_INIT gives the defaults. */
typedef struct grundy_seq_opts {
    grundy_seq_engine engine;
    uint64_t max_bytes; /**< memory the sequence may use; GRUNDY_STATUS_LIMIT past it */
    /* threads */
    /**
     * Threads that compute values (0 or 1: the caller's thread alone). The values never depend
     * on it: blocks of heaps are computed at once, each heap's options below the block on any
     * thread and the few inside it afterwards in order.
     */
    unsigned threads;
    /* self-check */
    /**
     * Nonzero: after each chunk of values (a quiescent point of grundy_seq_extend) recompute, by
     * a full mex over every option (the naive engine's enumeration), every heap where the
     * engine's state changed and the few after it (a wider value, storage, mask, parity
     * variant, rare list), every new largest value and a sample of the others; stop with
     * GRUNDY_STATUS_CHECK at the first disagreement. The values never depend on it.
     */
    int check;
    /**
     * The fraction of the other heaps the check recomputes, 0 to 1 (1: every heap). The sample
     * is deterministic: heap n is taken when a hash of n falls below the rate.
     */
    double check_rate;
    /** Where the check counts the heaps it recomputed and writes a failure (borrowed; may be
     *  NULL). */
    grundy_seq_check_report *check_report;
    /* long runs: zero values are the defaults (no hook, no stop flag) */
    grundy_seq_hook hook; /**< called at each quiescent point; NULL for none */
    void *hook_ctx;       /**< passed to hook */
    /** Nonzero (set by a signal handler, say): stop at the next quiescent point with
     *  GRUNDY_STATUS_INTERRUPTED, the values computed so far valid. NULL: never. */
    volatile sig_atomic_t *stop;
    /**
     * Memory beyond RAM: 0, the default, keeps every value (bounded by max_bytes).
     * Nonzero bounds the footprint (values kept + engine scratch) by this many bytes whatever
     * the length: where every value no longer fits, an engine that can (the sparse engine,
     * without the self-check) keeps a prefix g(0..P-1) and a window g(F..length-1) behind the
     * current heap (each about half of the bytes left beside the scratch), and drops the rest.
     * A heap whose options need a value not kept stops the run with GRUNDY_STATUS_LIMIT and
     * grundy_seq_limit says what was missing and how much memory would keep it; an engine
     * that needs every value stops once they no longer fit. Values pushed since the last
     * quiescent point are always kept (the chunks are at most a quarter of the window), so the
     * hook can consume them; grundy_seq_kept says which values are held.
     */
    uint64_t memory;
    /**
     * With opts.memory: a path for the spill file, or NULL (the default: none). The
     * values that leave the prefix and the window are appended to it, and a heap that needs a
     * dropped value reads it back from there (the page cache, not the process's memory)
     * instead of stopping with GRUNDY_STATUS_LIMIT; a new labelling of the sparse engine
     * rebuilds its rare list from it. The file is created when the sequence is (an existing
     * file that is not a spill file is refused: GRUNDY_STATUS_PARSE) and removed when it is
     * destroyed; a block that reads back changed or cut short stops the run with
     * GRUNDY_STATUS_PARSE (grundy_seq_spill_problem says which). docs/memory.md.
     */
    const char *spill;
    /** Options not yet stable (grundy/experimental.h; borrowed), or NULL, the default: none. */
    const grundy_seq_experimental_opts *experimental;
} grundy_seq_opts;
#define GRUNDY_SEQ_DEFAULT_MAX_BYTES ((uint64_t)8 << 30)
#define GRUNDY_SEQ_OPTS_INIT                                                                       \
    { .engine = GRUNDY_SEQ_AUTO, .max_bytes = GRUNDY_SEQ_DEFAULT_MAX_BYTES }

/*
 * grundy_seq: a computed prefix g(0..length-1) of a rule's Grundy sequence, values stored in the
 * narrowest width that holds them (widened when a larger value appears). Owns a copy of nothing:
 * the rule passed to grundy_seq_create must outlive the sequence.
 */

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
 * Computing in steps (doubling rounds) gives the same values as computing at once. The engine
 * runs in chunks of heaps sized to take about a tenth of a second each; after each chunk the
 * options' hook is called and the stop flag read (the only places a run can be interrupted).
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_LIMIT when opts.max_bytes would be exceeded (the
 *         values computed so far stay valid); GRUNDY_STATUS_NOMEM; GRUNDY_STATUS_RANGE when
 *         length > GRUNDY_NUMBER_MAX; GRUNDY_STATUS_INTERRUPTED when the stop flag was set;
 *         whatever the hook returned when it failed; GRUNDY_STATUS_CHECK when opts.check found
 *         a value that is not the mex of its options (opts.check_report says which; the
 *         sequence must not be used further).
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

/** The rule the sequence is for (the one given to grundy_seq_create). */
GRUNDY_API const grundy_rule *grundy_seq_rule(const grundy_seq *seq);

/** The rare positions the sparse engine keeps now (UINT64_MAX: no rare list, e.g. the naive
 *  engine, or a rule without sparse space), for progress reports. */
GRUNDY_API uint64_t grundy_seq_rare_count(const grundy_seq *seq);

/** Bytes the sequence holds now: the values' buffer and the engine's scratch. */
GRUNDY_API uint64_t grundy_seq_bytes(const grundy_seq *seq);

/* ---------------------------------------------------------------- memory beyond RAM */

/** Nonzero when g(n) is held (n < length, and not dropped from between the prefix and the
 *  window of a sequence with opts.memory). Every n < length is held until values are dropped. */
GRUNDY_API int grundy_seq_kept(const grundy_seq *seq, uint64_t n);

/** Nonzero when every value g(0..length-1) is held (no value was dropped). */
GRUNDY_API int grundy_seq_kept_all(const grundy_seq *seq);

/** Why the last GRUNDY_STATUS_LIMIT of a sequence came. */
typedef enum grundy_seq_limit_reason {
    GRUNDY_SEQ_LIMIT_NONE,  /**< no limit was reached */
    GRUNDY_SEQ_LIMIT_BYTES, /**< values and scratch would pass max_bytes (or opts.memory) */
    GRUNDY_SEQ_LIMIT_GAP,   /**< heap `heap` needs g(index), which was dropped */
    GRUNDY_SEQ_LIMIT_ALL    /**< `what` needs every value, and some were dropped or would be */
} grundy_seq_limit_reason;

/** What the last GRUNDY_STATUS_LIMIT lacked (grundy_seq_limit). */
typedef struct grundy_seq_limit_info {
    grundy_seq_limit_reason reason;
    uint64_t heap;  /**< the heap being computed (GAP, ALL) */
    uint64_t index; /**< GAP: the value it needed; ALL: how many values g(0..index-1) */
    /** The least opts.memory (or max_bytes) with which this step would have fitted, as far as
     *  the sequence can tell now: later heaps may need more. */
    uint64_t need_bytes;
    /** The values held when it stopped: g(0..prefix-1) and g(first..length-1). */
    uint64_t prefix, first;
    const char *what; /**< ALL: what needs every value ("the naive engine", ...) */
} grundy_seq_limit_info;

/** The reason for the last GRUNDY_STATUS_LIMIT (reason NONE when there was none). */
GRUNDY_API const grundy_seq_limit_info *grundy_seq_limit(const grundy_seq *seq);

/**
 * g(n), n < length, wherever it is held: the prefix, the window or the spill file
 * (opts.spill). @return OK; GRUNDY_STATUS_LIMIT when g(n) was dropped and there is no spill
 * file; GRUNDY_STATUS_PARSE or GRUNDY_STATUS_IO when the spill file fails
 * (grundy_seq_spill_problem); GRUNDY_STATUS_INVALID_ARG when n >= length.
 */
GRUNDY_API grundy_status grundy_seq_value(grundy_seq *seq, uint64_t n, uint64_t *value);

/** What went wrong with the spill file (one line, for "spill FILE: ..."), or NULL. */
GRUNDY_API const char *grundy_seq_spill_problem(const grundy_seq *seq);

/** May `path` be given as opts.spill: OK when it does not exist, is empty or is an old spill
 *  file; GRUNDY_STATUS_PARSE when it is another file (it would not be overwritten);
 *  GRUNDY_STATUS_IO when it cannot be read. */
GRUNDY_API grundy_status grundy_seq_spill_probe(const char *path);

#ifdef __cplusplus
}
#endif
#endif
