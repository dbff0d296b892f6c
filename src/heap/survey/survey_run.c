/* SPDX-License-Identifier: MIT */
/* A survey in parallel over codes: the worker pool (util/pool.h) hands the codes out one at a
 * time, in order, to whichever thread is free. Codes are independent, so this scales with the
 * cores until memory bandwidth or the slowest code bounds it; with fewer codes than threads,
 * the spare threads compute each code's sequence (the engine's blocks and pipeline). */
#include <grundy/survey.h>

#include "util/pool.h"

#include <pthread.h>

typedef struct survey_job {
    char *const *codes;
    const unsigned char *todo;
    const grundy_survey_opts *opts;
    grundy_survey_row *rows;
    grundy_status *statuses;
    grundy_survey_done_fn done;
    void *ctx;
    pthread_mutex_t lock; /* one done callback at a time */
} survey_job;

static void survey_code(void *arg, uint64_t i, unsigned w) {
    survey_job *const job = arg;
    (void)w;
    if (job->todo != NULL && !job->todo[i]) {
        return;
    }
    const grundy_status st = grundy_survey_game(job->codes[i], job->opts, &job->rows[i]);
    job->statuses[i] = st;
    if (job->done != NULL) {
        pthread_mutex_lock(&job->lock);
        job->done(job->ctx, (size_t)i, st, &job->rows[i]);
        pthread_mutex_unlock(&job->lock);
    }
}

unsigned grundy_survey_code_threads(unsigned threads, size_t codes) {
    if (threads <= 1 || codes >= threads) {
        return 1;
    }
    return threads / (unsigned)(codes > 0 ? codes : 1);
}

grundy_status grundy_survey_run(char *const *codes, size_t count, const unsigned char *todo,
                                const grundy_survey_opts *opts, unsigned threads,
                                grundy_survey_row *rows, grundy_status *statuses,
                                grundy_survey_done_fn done, void *ctx) {
    survey_job job = {codes, todo, opts, rows, statuses, done, ctx, PTHREAD_MUTEX_INITIALIZER};
    grundy_pool *pool = NULL;
    const unsigned per_code = opts->seq.threads > 1 ? opts->seq.threads : 1;
    const unsigned at_once = threads > per_code ? threads / per_code : 1;
    const grundy_status st = grundy_pool_create(at_once, &pool);
    if (st != GRUNDY_STATUS_OK) {
        return st; /* a thread could not start: no code surveyed */
    }
    grundy_pool_run(pool, survey_code, &job, count);
    grundy_pool_destroy(pool);
    pthread_mutex_destroy(&job.lock);
    return GRUNDY_STATUS_OK;
}
