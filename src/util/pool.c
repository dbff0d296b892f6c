/* SPDX-License-Identifier: MIT */
/* The worker pool: one generation counter under a mutex wakes the workers for each loop, an
 * atomic counter hands out the indices, and the last worker to finish wakes the caller (so does
 * the worker that finishes the loop's first indices, where the caller waits for those alone). The
 * workers are started all or none by util/threads.c. */
#include "util/pool.h"

#include "util/cpu_ledger.h"
#include "util/threads.h"

#include <stdatomic.h>
#include <stdlib.h>

typedef struct worker_arg {
    grundy_pool *pool;
    unsigned id;
} worker_arg;

struct grundy_pool {
    unsigned threads;
    grundy_threads workers;
    worker_arg *args; /* threads - 1 */
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    uint64_t generation; /* bumped for each loop, under lock */
    int stop;
    unsigned busy; /* workers still in the current loop, under lock */
    grundy_pool_fn fn;
    void *arg;
    uint64_t count;
    uint64_t first; /* grundy_pool_wait_first waits for the indices below it */
    atomic_uint_fast64_t next;
    grundy_cpu_ledger *ledger; /* the creating thread's, charged the workers' CPU time; or NULL */

    atomic_uint_fast64_t first_done; /* indices below first done */
};

/* Index i; a worker that finishes the last of the first indices wakes the caller. */
static void run_index(grundy_pool *pool, uint64_t i, unsigned w) {
    pool->fn(pool->arg, i, w);
    if (i < pool->first &&
        atomic_fetch_add_explicit(&pool->first_done, 1, memory_order_acq_rel) + 1 == pool->first &&
        w != 0) {
        pthread_mutex_lock(&pool->lock);
        pthread_cond_signal(&pool->finished);
        pthread_mutex_unlock(&pool->lock);
    }
}

static void work(grundy_pool *pool, unsigned w) {
    for (;;) {
        const uint64_t i = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
        if (i >= pool->count) {
            return;
        }
        run_index(pool, i, w);
    }
}

static void *worker_main(void *p) {
    const worker_arg *const wa = p;
    grundy_pool *const pool = wa->pool;
    const unsigned id = wa->id;
    pthread_mutex_lock(&pool->lock);
    uint64_t seen = 0; /* the generation at creation: no loop can have started before */
    for (;;) {
        while (pool->generation == seen && !pool->stop) {
            pthread_cond_wait(&pool->wake, &pool->lock);
        }
        if (pool->stop) {
            break;
        }
        seen = pool->generation;
        pthread_mutex_unlock(&pool->lock);
        const uint64_t before = pool->ledger != NULL ? grundy_thread_cpu_ns() : 0;
        work(pool, id);
        if (pool->ledger != NULL) {
            grundy_cpu_ledger_charge(pool->ledger, grundy_thread_cpu_ns() - before);
        }
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy == 0) {
            pthread_cond_signal(&pool->finished);
        }
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

/* Everything but the workers (none running). */
static void pool_free(grundy_pool *pool) {
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->finished);
    pthread_mutex_destroy(&pool->lock);
    free(pool->args);
    free(pool);
}

grundy_status grundy_pool_create(unsigned threads, grundy_pool **out) {
    grundy_pool *pool = calloc(1, sizeof *pool);
    *out = NULL;
    if (pool == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    pool->threads = threads > 0 ? threads : 1;
    pool->ledger = grundy_cpu_ledger_current();
    atomic_init(&pool->next, 0);
    atomic_init(&pool->first_done, 0);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->finished, NULL);
    const unsigned workers = pool->threads - 1;
    pool->args = workers > 0 ? calloc(workers, sizeof *pool->args) : NULL;
    if (workers > 0 && pool->args == NULL) {
        pool_free(pool);
        return GRUNDY_STATUS_NOMEM;
    }
    for (unsigned i = 0; i < workers; i++) {
        pool->args[i] = (worker_arg){pool, i + 1};
    }
    const grundy_status st =
        grundy_threads_start(&pool->workers, workers, worker_main, pool->args, sizeof *pool->args);
    if (st != GRUNDY_STATUS_OK) {
        pool_free(pool);
        return st;
    }
    *out = pool;
    return GRUNDY_STATUS_OK;
}

void grundy_pool_destroy(grundy_pool *pool) {
    if (pool == NULL) {
        return;
    }
    pthread_mutex_lock(&pool->lock);
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    grundy_threads_join(&pool->workers);
    pool_free(pool);
}

unsigned grundy_pool_threads(const grundy_pool *pool) {
    return pool->threads;
}

void grundy_pool_start(grundy_pool *pool, grundy_pool_fn fn, void *arg, uint64_t count,
                       uint64_t first) {
    pthread_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->arg = arg;
    pool->count = count;
    pool->first = first < count ? first : count;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    atomic_store_explicit(&pool->first_done, 0, memory_order_relaxed);
    pool->busy = pool->threads - 1;
    if (pool->busy > 0) {
        pool->generation++;
        pthread_cond_broadcast(&pool->wake);
    }
    pthread_mutex_unlock(&pool->lock);
}

void grundy_pool_wait_first(grundy_pool *pool) {
    for (;;) { /* take the first indices left, but none past them */
        uint64_t i = atomic_load_explicit(&pool->next, memory_order_relaxed);
        if (i >= pool->first) {
            break;
        }
        if (atomic_compare_exchange_weak_explicit(&pool->next, &i, i + 1, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            run_index(pool, i, 0);
        }
    }
    if (atomic_load_explicit(&pool->first_done, memory_order_acquire) < pool->first) {
        pthread_mutex_lock(&pool->lock);
        while (atomic_load_explicit(&pool->first_done, memory_order_acquire) < pool->first) {
            pthread_cond_wait(&pool->finished, &pool->lock);
        }
        pthread_mutex_unlock(&pool->lock);
    }
}

void grundy_pool_finish(grundy_pool *pool) {
    work(pool, 0);
    pthread_mutex_lock(&pool->lock);
    while (pool->busy > 0) {
        pthread_cond_wait(&pool->finished, &pool->lock);
    }
    pthread_mutex_unlock(&pool->lock);
}

void grundy_pool_run(grundy_pool *pool, grundy_pool_fn fn, void *arg, uint64_t count) {
    grundy_pool_start(pool, fn, arg, count, 0);
    grundy_pool_finish(pool);
}
