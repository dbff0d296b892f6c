/* SPDX-License-Identifier: MIT */
/* A team of worker threads that meet at barriers (team.h). */
#include "util/team.h"

#include <stdlib.h>

void grundy_team_gate(grundy_team *team) {
    pthread_mutex_lock(&team->gate);
    pthread_mutex_unlock(&team->gate);
}

void grundy_team_run(grundy_team *team, unsigned threads, void *(*fn)(void *), void *workers,
                     size_t size) {
    pthread_t *const tid = threads > 1 ? calloc(threads, sizeof *tid) : NULL;
    char *const w = workers;
    pthread_mutex_init(&team->gate, NULL);
    pthread_mutex_lock(&team->gate);
    team->threads = 1;
    while (tid != NULL && team->threads < threads &&
           pthread_create(&tid[team->threads], NULL, fn, w + team->threads * size) == 0) {
        team->threads++;
    }
    pthread_barrier_init(&team->barrier, NULL, team->threads);
    pthread_mutex_unlock(&team->gate);
    fn(w);
    for (unsigned t = 1; t < team->threads; t++) {
        pthread_join(tid[t], NULL);
    }
    pthread_barrier_destroy(&team->barrier);
    pthread_mutex_destroy(&team->gate);
    free(tid);
}
