/* SPDX-License-Identifier: MIT */
/* A survey in parallel over codes: each thread takes the next code not yet taken. Codes are
 * independent, so this scales with the cores until memory bandwidth or the slowest code (one
 * code is never split) bounds it. */
#include <grundy/survey.h>

#include <pthread.h>
#include <stdlib.h>

typedef struct survey_job {
    char *const *codes;
    size_t count;
    const unsigned char *todo;
    const grundy_survey_opts *opts;
    grundy_survey_row *rows;
    grundy_status *statuses;
    grundy_survey_done_fn done;
    void *ctx;
    pthread_mutex_t lock; /* guards next and the done callback */
    size_t next;
} survey_job;

static size_t take(survey_job *job) {
    pthread_mutex_lock(&job->lock);
    while (job->next < job->count && job->todo != NULL && !job->todo[job->next]) {
        job->next++;
    }
    const size_t i = job->next < job->count ? job->next++ : job->count;
    pthread_mutex_unlock(&job->lock);
    return i;
}

static void *worker(void *arg) {
    survey_job *job = arg;
    for (size_t i = take(job); i < job->count; i = take(job)) {
        const grundy_status st = grundy_survey_game(job->codes[i], job->opts, &job->rows[i]);
        job->statuses[i] = st;
        if (job->done != NULL) {
            pthread_mutex_lock(&job->lock);
            job->done(job->ctx, i, st, &job->rows[i]);
            pthread_mutex_unlock(&job->lock);
        }
    }
    return NULL;
}

grundy_status grundy_survey_run(char *const *codes, size_t count, const unsigned char *todo,
                                const grundy_survey_opts *opts, unsigned threads,
                                grundy_survey_row *rows, grundy_status *statuses,
                                grundy_survey_done_fn done, void *ctx) {
    survey_job job = {
        codes, count, todo, opts, rows, statuses, done, ctx, PTHREAD_MUTEX_INITIALIZER, 0};
    const unsigned extra = threads > 1 ? threads - 1 : 0;
    pthread_t *ids = extra ? malloc(extra * sizeof *ids) : NULL;
    unsigned started = 0;
    if (extra != 0 && ids == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    while (started < extra && pthread_create(&ids[started], NULL, worker, &job) == 0) {
        started++;
    }
    worker(&job); /* this thread works too; with no thread started it does everything */
    for (unsigned t = 0; t < started; t++) {
        pthread_join(ids[t], NULL);
    }
    free(ids);
    pthread_mutex_destroy(&job.lock);
    return GRUNDY_STATUS_OK;
}
