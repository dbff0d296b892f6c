/* SPDX-License-Identifier: MIT */
/* A small pool of worker threads for data-parallel loops (library-internal): the caller's thread
 * takes part, the workers sleep between loops, and a loop returns only when every index is done. */
#ifndef GRUNDY_UTIL_POOL_H
#define GRUNDY_UTIL_POOL_H

#include <grundy/common.h>

#include <stdint.h>

typedef struct grundy_pool grundy_pool;

/** Work on index i by worker w (0 is the calling thread, workers 1 .. threads - 1). */
typedef void (*grundy_pool_fn)(void *arg, uint64_t i, unsigned w);

/**
 * Start threads - 1 workers (threads >= 1; 1 starts none and the caller's thread runs every
 * loop), all or none as util/threads.h says: no pool runs with fewer threads than asked for.
 * The workers' CPU time is charged to the creating thread's ledger, if one is open
 * (util/cpu_ledger.h).
 * @return OK, NOMEM (also when a thread cannot be started; then *out is NULL).
 */
grundy_status grundy_pool_create(unsigned threads, grundy_pool **out);

/** Stop and join the workers; NULL is allowed. */
void grundy_pool_destroy(grundy_pool *pool);

/** The threads that run a loop, the caller's included. */
unsigned grundy_pool_threads(const grundy_pool *pool);

/**
 * fn(arg, i, w) for every i in [0, count), indices handed out one at a time in increasing order
 * to whichever thread is free; returns when all have returned. Everything fn wrote is visible to
 * the caller afterwards.
 */
void grundy_pool_run(grundy_pool *pool, grundy_pool_fn fn, void *arg, uint64_t count);

/**
 * grundy_pool_run in three steps, so that the caller can do work of its own while the workers go
 * on with a loop: start hands fn(arg, i, w), i in [0, count), to the workers and returns at once;
 * wait_first (at most once, optional) works on the indices below `first` and returns when every
 * one of them has returned; finish works on what is left and returns when all have returned (as
 * grundy_pool_run does). Each start is followed by its finish before the next loop.
 */
void grundy_pool_start(grundy_pool *pool, grundy_pool_fn fn, void *arg, uint64_t count,
                       uint64_t first);
void grundy_pool_wait_first(grundy_pool *pool);
void grundy_pool_finish(grundy_pool *pool);

#endif
