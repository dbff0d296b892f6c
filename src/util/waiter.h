/* SPDX-License-Identifier: MIT */
/* Waiting for another thread's progress: spin briefly, then sleep on a futex that the other
 * thread wakes only when a sleeper has said so. Not public. */
#ifndef GRUNDY_UTIL_WAITER_H
#define GRUNDY_UTIL_WAITER_H

#include <stdatomic.h>
#include <stdint.h>

/* One per direction of waiting, with one waiting thread at a time (zeroed before use). */
typedef struct grundy_waiter {
    atomic_uint word;             /* the futex word: bumped by each wake that finds a sleeper */
    atomic_uint sleepers;         /* threads asleep on word, or about to look at it */
    atomic_uint_fast64_t wake_at; /* the sleeper's: wake it when the progress reaches this */
} grundy_waiter;

/* The condition waited for; it reads the other thread's progress with acquire loads. */
typedef int (*grundy_waiter_ready)(const void *arg);

/* Return once ready(arg) holds: a few microseconds of spinning (the partner is usually on the
 * other core and about to publish), then sleeps until a grundy_waiter_wake whose progress reaches
 * wake_at (a partner that the scheduler took off its core costs no CPU here, where a sched_yield
 * loop would burn it; a wake_at past the first progress that makes ready(arg) hold lets a sleeper
 * wait for a run of work rather than be woken for each step). */
void grundy_waiter_wait(grundy_waiter *w, grundy_waiter_ready ready, const void *arg,
                        uint64_t wake_at);

/* Wakes every sleeper; call through grundy_waiter_wake. */
void grundy_waiter_wake_sleepers(grundy_waiter *w);

/* Call after publishing progress (a release store) that a waiter's condition may read; UINT64_MAX
 * wakes a sleeper whatever it waits for (an end). The fence orders that store before the look at
 * the sleepers: either the sleeper's last look at its condition sees the progress, or this look
 * sees the sleeper (Dekker). No sleeper: one load. */
static inline void grundy_waiter_wake(grundy_waiter *w, uint64_t progress) {
    atomic_thread_fence(memory_order_seq_cst);
    if (atomic_load_explicit(&w->sleepers, memory_order_acquire) != 0 &&
        progress >= atomic_load_explicit(&w->wake_at, memory_order_relaxed)) {
        grundy_waiter_wake_sleepers(w);
    }
}

#endif
