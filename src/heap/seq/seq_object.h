/* SPDX-License-Identifier: MIT */
/* The sequence object's fields (library-internal), shared by the files that are the sequence:
 * its storage (seq_store.c), checkpoints (seq_checkpoint.c), the self-check (seq_check.c) and the
 * driver (heap/driver/seq_driver.c). An engine sees none of this: only seq_internal.h. */
#ifndef GRUNDY_SEQ_OBJECT_H
#define GRUNDY_SEQ_OBJECT_H

#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_spill.h"

#include <signal.h>

/* What the const storage calls (grundy_seq_charge) record: why the last LIMIT came, and the
 * most scratch an engine asked for (the memory an ALL limit needs beside the values). */
typedef struct grundy_seq_books {
    grundy_seq_limit_info limit;
    uint64_t peak_scratch;
} grundy_seq_books;

/* The heaps engines flagged since the self-check last ran (grundy_seq_flag): the storage keeps the
 * notes and the check reads them, so the storage needs nothing of the check. */
typedef struct grundy_seq_flags {
    uint64_t *heaps; /* flagged heaps not yet past the check */
    size_t count, cap;
    int lost; /* a note could not be stored: the check takes every heap until it next runs */
} grundy_seq_flags;

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
    /* long runs: progress, checkpoints, the stop flag */
    grundy_seq_hook hook;
    void *hook_ctx;
    volatile sig_atomic_t *stop;
    uint64_t chunk; /* heaps per engine call, adapted to take about CHUNK_SECONDS */
    /* the self-check: NULL when not asked for */
    grundy_seq_checker *checker;
    grundy_seq_flags flags; /* kept only while checker != NULL */
    uint64_t corrupt_heap;  /* tests only: store g(k) ^ 1 for this heap k (0: none) */
    /* the memory window: when windowed, data is the prefix (capacity values) and
     * win holds g(first..length-1) once length > capacity (first >= capacity) */
    uint64_t memory; /* opts.memory; 0: keep every value */
    int windowed;
    void *win;
    uint64_t win_cap, first;
    uint64_t mark;           /* values from here on came after the last quiescent point */
    grundy_seq_books *books; /* written through const calls too */
    grundy_seq_spill *spill; /* opts.spill: holds g(0..spill end-1), every value dropped */
};

/* The engine's scratch and the spill file's buffers. */
uint64_t grundy_seq_scratch_bytes(const grundy_seq *seq);

/* Does a buffer of `count` values of `width` bytes fit in max_bytes beside `scratch`? */
int grundy_seq_fits(const grundy_seq *seq, uint64_t count, unsigned width, uint64_t scratch);

/* count * width + scratch, saturated. */
uint64_t grundy_seq_bytes_for(uint64_t count, unsigned width, uint64_t scratch);

/* Record a LIMIT for grundy_seq_limit; returns LIMIT. */
grundy_status grundy_seq_limit_at(const grundy_seq *seq, grundy_seq_limit_reason reason,
                                  uint64_t heap, uint64_t index, uint64_t need, const char *what);

/* May this sequence drop values (opts.memory, an engine that reads through views, no check)? */
int grundy_seq_may_window(const grundy_seq *seq);

/* Storage for `capacity` values of `width` bytes (the memory window once they no longer fit). */
grundy_status grundy_seq_relocate(grundy_seq *seq, uint64_t capacity, unsigned width);

#endif
