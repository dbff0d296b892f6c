/* SPDX-License-Identifier: MIT */
/* A team of worker threads that meet at barriers (the threaded retrograde core and the solver's
 * threaded sweeps). The caller's thread is worker 0. Not public. */
#ifndef GRUNDY_UTIL_TEAM_H
#define GRUNDY_UTIL_TEAM_H

#include <pthread.h>
#include <stddef.h>

typedef struct grundy_team {
    pthread_barrier_t barrier;
    pthread_mutex_t gate; /* held while the workers start, so none runs ahead of the barrier */
    unsigned threads;     /* workers started (worker 0 included) */
} grundy_team;

/* Run fn(workers + t * size) for t = 0 .. threads-1, worker 0 on this thread, and wait for all.
 * A thread that cannot start leaves its share to the others: the workers must take their work
 * from a shared dispenser, and read team->threads (set before any starts) for how many there are.
 * Every worker calls grundy_team_gate first. */
void grundy_team_run(grundy_team *team, unsigned threads, void *(*fn)(void *), void *workers,
                     size_t size);

/* Wait until the team has started (the first thing every worker does). */
void grundy_team_gate(grundy_team *team);

/* Wait for every worker of the team (a barrier). */
static inline void grundy_team_wait(grundy_team *team) {
    pthread_barrier_wait(&team->barrier);
}

#endif
