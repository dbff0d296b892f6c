/* SPDX-License-Identifier: MIT */
/* A team of worker threads that meet at barriers (team.h). The barrier is sized for the whole
 * team before any worker starts, which is sound because they start all or none (threads.h). */
#include "util/team.h"

grundy_status grundy_team_run(grundy_team *team, unsigned threads, grundy_thread_fn fn,
                              void *workers, size_t size) {
    char *const w = workers;
    grundy_threads others;
    team->threads = threads > 0 ? threads : 1;
    pthread_barrier_init(&team->barrier, NULL, team->threads);
    const grundy_status st = grundy_threads_start(&others, team->threads - 1, fn, w + size, size);
    if (st == GRUNDY_STATUS_OK) {
        fn(w);
        grundy_threads_join(&others);
    }
    pthread_barrier_destroy(&team->barrier);
    return st;
}
