/* SPDX-License-Identifier: MIT */
/* Starting threads all or none (threads.h): each new thread first passes the gate, which opens
 * only once every thread has started, and runs fn only when the start succeeded as a whole. */
#include "util/threads.h"

#include <stdlib.h>

typedef struct grundy_thread_start {
    grundy_threads *owner;
    grundy_thread_fn fn;
    void *arg;
} grundy_thread_start;

static void *trampoline(void *p) {
    const grundy_thread_start *const s = p;
    grundy_threads *const t = s->owner;
    pthread_mutex_lock(&t->gate);
    const int go = t->go;
    pthread_mutex_unlock(&t->gate);
    return go ? s->fn(s->arg) : NULL;
}

/* Open the gate (go or not) and, when not, join the threads that started and forget them. */
static void open_gate(grundy_threads *t, int go) {
    t->go = go;
    pthread_mutex_unlock(&t->gate);
    if (go) {
        return;
    }
    grundy_threads_join(t);
}

grundy_status grundy_threads_start(grundy_threads *t, unsigned count, grundy_thread_fn fn,
                                   void *args, size_t size) {
    char *const base = args;
    t->count = 0;
    t->go = 0;
    t->ids = count > 0 ? calloc(count, sizeof *t->ids) : NULL;
    t->starts = count > 0 ? calloc(count, sizeof *t->starts) : NULL;
    pthread_mutex_init(&t->gate, NULL);
    pthread_mutex_lock(&t->gate);
    if (count > 0 && (t->ids == NULL || t->starts == NULL)) {
        open_gate(t, 0);
        return GRUNDY_STATUS_NOMEM;
    }
    for (unsigned i = 0; i < count; i++) {
        t->starts[i] = (grundy_thread_start){t, fn, base + (size_t)i * size};
        if (pthread_create(&t->ids[i], NULL, trampoline, &t->starts[i]) != 0) {
            open_gate(t, 0);
            return GRUNDY_STATUS_NOMEM;
        }
        t->count++;
    }
    open_gate(t, 1);
    return GRUNDY_STATUS_OK;
}

void grundy_threads_join(grundy_threads *t) {
    for (unsigned i = 0; i < t->count; i++) {
        pthread_join(t->ids[i], NULL);
    }
    pthread_mutex_destroy(&t->gate);
    free(t->ids);
    free(t->starts);
    t->ids = NULL;
    t->starts = NULL;
    t->count = 0;
}
