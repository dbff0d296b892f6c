/* SPDX-License-Identifier: MIT */
/* What a Grundy sequence engine sees of grundy_seq (library-internal): the engine interface, and
 * the storage calls an engine makes. A new engine is a file seq_<name>.c that defines one
 * grundy_seq_engine_ops and is listed in the driver's engine table (heap/driver/seq_driver.c). */
#ifndef GRUNDY_HEAP_SEQ_INTERNAL_H
#define GRUNDY_HEAP_SEQ_INTERNAL_H

#include <grundy/seq.h>

#include <stddef.h>

/** A byte stream for checkpoints: put writes (checksummed by the file's writer), get
 *  reads exactly n bytes or fails (the file ends: truncated). Both return 0 on success. */
typedef struct grundy_seq_stream {
    void *ctx;
    int (*put)(void *ctx, const void *p, size_t n);
    int (*get)(void *ctx, void *p, size_t n);
    char problem[160]; /* load: why the bytes were refused */
} grundy_seq_stream;

/** Little-endian 64-bit words on a stream (the checkpoint's fields). */
static inline int grundy_stream_put_u64(grundy_seq_stream *s, uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; i++) {
        b[i] = (unsigned char)(v >> (8 * i));
    }
    return s->put(s->ctx, b, sizeof b);
}

static inline int grundy_stream_get_u64(grundy_seq_stream *s, uint64_t *v) {
    unsigned char b[8];
    if (s->get(s->ctx, b, sizeof b) != 0) {
        return -1;
    }
    *v = 0;
    for (int i = 7; i >= 0; i--) {
        *v = (*v << 8) | b[i];
    }
    return 0;
}

/** `count` values of `width` bytes at `raw` (host order) as little-endian words of `width`. */
int grundy_stream_put_values(grundy_seq_stream *s, const void *raw, unsigned width, uint64_t count);
/** Read them back into `raw`. */
int grundy_stream_get_values(grundy_seq_stream *s, void *raw, unsigned width, uint64_t count);

/** Refuse a checkpoint's bytes: the message in s->problem; returns PARSE. */
grundy_status grundy_stream_refuse(grundy_seq_stream *s, const char *what);

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
    /** Estimated option visits per value near heap n from the state now (the threaded paths:
     * searches that can only observe stop by it); NULL: the caller's model of the naive method. */
    double (*cost)(const void *state, uint64_t n);
    /** The sequence was given values it did not compute (a resumed checkpoint, a sequence
     *  file): rebuild the state from them, so that extending gives exactly the values an
     *  uninterrupted run gives. NULL: the state needs nothing from the values. */
    grundy_status (*resume)(grundy_seq *seq, void *state);
    /** How many rare positions the engine keeps now (progress reports); NULL: none. */
    uint64_t (*rare_count)(const void *state);
    /** Nonzero when the engine reads old values only through grundy_seq_view and reports the
     *  ones it lacks (grundy_seq_missing): then a sequence with opts.memory may drop values
     *  between a prefix and a window (the memory window). Zero: every value is kept, or LIMIT. */
    int windowed;
    /** Checkpoints of a sequence with opts.memory (which may hold too few values to
     *  rebuild the state from them): the state that decides what comes next, written to `out`,
     *  and read back into a state just created (before any value is held). NULL: none needed
     *  (ops->resume rebuilds it from the values, which such a sequence then keeps). load:
     *  PARSE when the bytes do not make a state (the message in out's problem). */
    grundy_status (*save)(const void *state, struct grundy_seq_stream *out);
    grundy_status (*load)(grundy_seq *seq, void *state, struct grundy_seq_stream *in);
} grundy_seq_engine_ops;

extern const grundy_seq_engine_ops grundy_seq_naive_ops;

/** The engine's cost per value near heap n (grundy_seq_engine_ops.cost), or -1 without one. */
double grundy_seq_cost(const grundy_seq *seq, uint64_t n);

/** Option visits the naive engine makes for heap n, roughly (its cost estimate; also the model
 *  that bounds the period searches it runs). */
double grundy_seq_naive_cost_model(const grundy_rule *rule, double n);

/** The threads the engine may use (grundy_seq_opts.threads, at least 1). */
unsigned grundy_seq_threads(const grundy_seq *seq);

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

/** grundy_seq_charge, and when the scratch would not fit beside a prefix and a window (the
 *  memory window), shrink them to make room first (values the shorter prefix and window lose are
 * dropped). The views and raw pointers taken before are invalid after it. */
grundy_status grundy_seq_charge_room(grundy_seq *seq, uint64_t scratch_bytes);

/**
 * A buffer for g(0..count-1) at `width` bytes a value, to replace the values held once filled
 * (host order, as grundy_seq_raw gives them): the sequence files read into it, check it, then
 * hand it over with grundy_seq_restore_end, or free() it. The sequence is not touched.
 * @return OK, LIMIT (the values would not fit in max_bytes), NOMEM, INVALID_ARG (a bad width).
 */
grundy_status grundy_seq_restore_begin(const grundy_seq *seq, unsigned width, uint64_t count,
                                       void **values);

/** The sequence takes `values` (from grundy_seq_restore_begin, filled) as g(0..count-1), in
 *  place of what it held, and the engine rebuilds its state from them. When the engine cannot
 *  (LIMIT: values too large for max_bytes; NOMEM), `values` is freed and the sequence keeps what
 *  it held. */
grundy_status grundy_seq_restore_end(grundy_seq *seq, void *values, unsigned width, uint64_t count);

/**
 * Raw storage for tight loops: g(n) is ((const uintW_t *)raw)[n] with W = 8 * *width. The
 * pointer is valid until the next grundy_seq_push.
 */
const void *grundy_seq_raw(const grundy_seq *seq, unsigned *width);

/* ---------------------------------------------------------------- memory beyond RAM */

/**
 * Where an engine reads g(i): from the window, g(i) = win[i - first] for first <= i < length,
 * else from the prefix, g(i) = pre[i] for i < pre_len; any other i was dropped. Holding every
 * value (no opts.memory, or all still fit), win == pre, first == 0 and pre_len == length, so a
 * loop indexing win from `first` reads exactly what it read from grundy_seq_raw. Pointers into
 * win or pre are formed only for kept indices (no out-of-bounds arithmetic). Valid until the
 * next grundy_seq_push.
 */
typedef struct grundy_seq_view {
    const void *win;
    uint64_t first;
    const void *pre;
    uint64_t pre_len;
    unsigned width;
} grundy_seq_view;

void grundy_seq_get_view(const grundy_seq *seq, grundy_seq_view *view);

/** grundy_seq_raw holds g(i) for every i below this (and the values to come up to it):
 *  UINT64_MAX when no value can be dropped. Past it, read through grundy_seq_get_view. */
uint64_t grundy_seq_flat_end(const grundy_seq *seq);

/** Nonzero when the sequence may ever drop values (opts.memory, a windowed engine, no check):
 *  engines skip every grundy_seq_flat_end call otherwise. */
int grundy_seq_may_drop(const grundy_seq *seq);

/** g(i) from a view, i kept (asserted by the caller's checks). */
static inline uint64_t grundy_seq_view_load(const grundy_seq_view *v, uint64_t i);

/** Nonzero when the view holds g(i) (i below the sequence's length). */
static inline int grundy_seq_view_has(const grundy_seq_view *v, uint64_t i) {
    return i >= v->first || i < v->pre_len;
}

/**
 * The engine computing heap `heap` needed g(index), which the view lacks: record it for
 * grundy_seq_limit (the memory that would keep it) and return LIMIT. Never push a value
 * computed without it.
 */
grundy_status grundy_seq_missing(grundy_seq *seq, uint64_t heap, uint64_t index);

/** The least number of values `per` in each of the prefix and the window (opts.memory's split)
 *  that keeps every g(i), lo <= i <= hi, while heap `heap` is computed. */
uint64_t grundy_seq_keep_per(uint64_t heap, uint64_t lo, uint64_t hi);

/** grundy_seq_missing, when heap `heap` may read more than g(index): the memory asked for is
 *  that of a prefix and a window of `per` values each (grundy_seq_keep_per over every range it
 *  may read). */
grundy_status grundy_seq_missing_need(grundy_seq *seq, uint64_t heap, uint64_t index, uint64_t per);

/** Values g(lo..hi-1) side by side: g(i) = grundy_seq_raw_load(base, width, i - lo). */
typedef struct grundy_seq_run {
    const void *base;
    unsigned width;
    uint64_t lo, hi;
} grundy_seq_run;

/** The run holding g(i), i < length: the prefix, the window, or a block of the spill file
 *  (valid until the next push; a spill block also until the fourth next read of the file, so
 *  two runs may be used side by side). @return OK; LIMIT when g(i) was dropped and there is
 *  no spill file; PARSE or IO when the file fails. */
grundy_status grundy_seq_get_run(grundy_seq *seq, uint64_t i, grundy_seq_run *run);

/** Nonzero when the sequence has a spill file (opts.spill): every dropped value can be read
 *  back with grundy_seq_value. */
int grundy_seq_has_spill(const grundy_seq *seq);

/** `what` (e.g. "rebuilding the rare list") needs every value g(0..heap-1) in the one array of
 *  grundy_seq_raw: OK when they are, else LIMIT recorded for grundy_seq_limit. */
grundy_status grundy_seq_need_all(const grundy_seq *seq, uint64_t heap, const char *what);

/** The checkpoint of a sequence with opts.memory (seqfile.c's windowed kind): its
 *  storage (the prefix, the window, the layout), the engine's state (ops->save) and the spill
 *  file's table, written from memory; the values stay where they are. */
grundy_status grundy_seq_save_window(const grundy_seq *seq, grundy_seq_stream *out);

/** Read it back into `seq`, which holds no value yet (everything checked first: the caller has
 *  verified the checksum). @return OK; PARSE (out->problem says why: another --memory, the
 *  spill file does not match...); LIMIT; NOMEM; IO. */
grundy_status grundy_seq_load_window(grundy_seq *seq, grundy_seq_stream *in);

/** opts.memory of the sequence (0: none). */
uint64_t grundy_seq_memory(const grundy_seq *seq);

/** Threads: the last LIMIT came from scratch an engine gave up on (fewer threads):
 *  forget it. */
void grundy_seq_limit_clear(grundy_seq *seq);

/* ---------------------------------------------------------------- the self-check */

/**
 * An engine's note that its state changed while computing heap n (a value needing one more bit,
 * a new mask or parity variant, the rare list past its capacity, a switch to full scans): the
 * self-check recomputes heap n and the few after it at the next quiescent point. A no-op when
 * the sequence is not checked; cheap enough to call at every such moment.
 */
void grundy_seq_flag(grundy_seq *seq, uint64_t n);

/** The self-check's state: the flagged heaps, the sample, the naive engine's one-heap mex. */
typedef struct grundy_seq_checker grundy_seq_checker;

/** @return OK, NOMEM, INVALID_ARG (a check_rate outside [0, 1]). */
grundy_status grundy_seq_checker_create(const grundy_seq *seq, const grundy_seq_opts *opts,
                                        grundy_seq_checker **out);
void grundy_seq_checker_destroy(grundy_seq_checker *c);

/**
 * Check the heaps [checked so far, grundy_seq_length(seq)): the flagged ones, new largest
 * values, the sample. Called where every value is final and no engine thread runs.
 * @return OK, CHECK (the failure is written where opts.check_report pointed), NOMEM, LIMIT.
 */
grundy_status grundy_seq_checker_run(grundy_seq_checker *c, grundy_seq *seq);

/** The naive engine's full mex of one heap from the stored values below it (for the self-check):
 *  a state with no sliding windows, every option marked directly. */
grundy_status grundy_seq_naive_mex_create(const grundy_seq *seq, void **state);
void grundy_seq_naive_mex_destroy(void *state);
/** g(n) recomputed: the mex over every option of heap n (n < grundy_seq_length(seq)). */
grundy_status grundy_seq_naive_mex(const grundy_seq *seq, void *state, uint64_t n, uint64_t *mex);

/** Store v as g(n) in raw storage of `width` bytes per value (v must fit the width). */
static inline void grundy_seq_raw_store(void *data, unsigned width, uint64_t n, uint64_t v) {
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

static inline uint64_t grundy_seq_view_load(const grundy_seq_view *v, uint64_t i) {
    return i >= v->first ? grundy_seq_raw_load(v->win, v->width, i - v->first)
                         : grundy_seq_raw_load(v->pre, v->width, i);
}

/* ---------------------------------------------------------------- values ahead of the length (the
 * two-thread pipeline) */

/**
 * The storage of grundy_seq_raw, writable for g(length..end-1) before they are pushed (a thread
 * that computes values ahead of the one that checks them): NULL unless every value up to end
 * fits the storage as it is (no window, the capacity, no test corruption in the range). The
 * values written must fit the width; grundy_seq_push_ahead makes them part of the sequence.
 */
void *grundy_seq_ahead(grundy_seq *seq, uint64_t end);

/**
 * grundy_seq_ahead for an engine that reads through views (a sequence that may drop values):
 * g(i) for length <= i < *end is written as base[i - *first], in the prefix while it has room,
 * else in the window, which first slides where grundy_seq_push would (it is full: its older
 * values dropped, or spilled; views taken before are invalid), so that the layout is the pushes'.
 * *end is lowered to what the storage holds without moving. NULL when no value fits (no room,
 * test corruption in the range) or the engine's scratch beside the values would pass the
 * memory bound (`scratch`, as grundy_seq_charge, not booked). Other sequences: grundy_seq_ahead
 * with *first = 0.
 */
void *grundy_seq_ahead_view(grundy_seq *seq, uint64_t scratch, uint64_t *end, uint64_t *first);

/** The next `count` values, written through grundy_seq_ahead, become g(length..length+count-1). */
void grundy_seq_push_ahead(grundy_seq *seq, uint64_t count);

#endif
