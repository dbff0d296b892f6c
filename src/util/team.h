/* SPDX-License-Identifier: MIT */
/* A team of worker threads that meet at barriers (the threaded retrograde core and the solver's
 * threaded sweeps). The caller's thread is worker 0; the others are started all or none by
 * util/threads.h. Not public. */
#ifndef GRUNDY_UTIL_TEAM_H
#define GRUNDY_UTIL_TEAM_H

#include "util/threads.h"

typedef struct grundy_team {
    pthread_barrier_t barrier;
    unsigned threads; /* workers (worker 0 included), set before any runs */
} grundy_team;

/* Run fn(workers + t * size) for t = 0 .. threads-1, worker 0 on this thread, and wait for all.
 * Every worker runs or none does (threads.h): when a thread cannot start, fn has run nowhere and
 * the status is NOMEM, which the caller hands up. @return OK, NOMEM. */
grundy_status grundy_team_run(grundy_team *team, unsigned threads, grundy_thread_fn fn,
                              void *workers, size_t size);

/* Wait for every worker of the team (a barrier). */
static inline void grundy_team_wait(grundy_team *team) {
    pthread_barrier_wait(&team->barrier);
}

#endif
