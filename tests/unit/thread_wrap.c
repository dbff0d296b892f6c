/* SPDX-License-Identifier: MIT */
/* The __wrap_pthread_create of tests/unit/thread_wrap.h: it asks thread_fail_now() first. */
#include "thread_wrap.h"

#include <errno.h>
#include <pthread.h>

int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *arg);
int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *arg);

int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                          void *arg) {
    return thread_fail_now() ? EAGAIN : __real_pthread_create(thread, attr, start, arg);
}
