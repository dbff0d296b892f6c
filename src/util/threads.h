/* SPDX-License-Identifier: MIT */
/* Starting and joining a set of worker threads: the one place the library starts a thread, and
 * its one policy for a thread that cannot start. The worker pool (pool.h) and the barrier team
 * (team.h) are built on it. Not public. */
#ifndef GRUNDY_UTIL_THREADS_H
#define GRUNDY_UTIL_THREADS_H

#include <grundy/common.h>

#include <pthread.h>
#include <stddef.h>

typedef void *(*grundy_thread_fn)(void *arg);

/* Threads started together; caller storage, which must not move until grundy_threads_join. */
typedef struct grundy_threads {
    pthread_t *ids;
    struct grundy_thread_start *starts;
    unsigned count;
    pthread_mutex_t gate; /* held while the threads start: none runs fn before all have started */
    int go;               /* under gate: 1 when every thread started, 0 when they must not run */
} grundy_threads;

/**
 * Start `count` threads, thread i running fn(args + i * size) (count 0 starts none).
 *
 * The policy for a thread that cannot start: all or none. When pthread_create fails (the system
 * is out of threads or of memory for a stack) or the bookkeeping cannot be allocated, the threads
 * already started return without calling fn and are joined, and this returns NOMEM. So nothing
 * ever runs silently on fewer threads than asked for: the caller gets the status and hands it up
 * (the tool maps NOMEM to its exit code for "out of memory"). None of the threads calls fn before
 * all have started, so fn may wait at a barrier sized for all of them.
 * @return OK (join with grundy_threads_join), NOMEM (nothing to join; fn was never called).
 */
grundy_status grundy_threads_start(grundy_threads *t, unsigned count, grundy_thread_fn fn,
                                   void *args, size_t size);

/** Wait for every thread grundy_threads_start started and free its bookkeeping. */
void grundy_threads_join(grundy_threads *t);

#endif
