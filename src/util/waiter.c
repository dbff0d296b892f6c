/* SPDX-License-Identifier: MIT */
/* Spin, then sleep: a futex on Linux, short naps elsewhere. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* syscall */
#endif
#include "util/waiter.h"

#include <limits.h>
#include <stdint.h>
#include <time.h>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define WAITER_PAUSE() _mm_pause()
#else
#define WAITER_PAUSE() ((void)0)
#endif

/* Pauses before sleeping: about 7 us on this Zen 4 (56 ns a pause), the time the
 * partner of a pipeline takes for a batch of heaps; a sleep and a wake cost more than that. */
#define WAITER_SPINS 128

/* Sleep while w->word is still `seen` (a wake since then returns at once). */
static void sleep_on(grundy_waiter *w, unsigned seen) {
#if defined(__linux__)
    (void)syscall(SYS_futex, (uintptr_t)&w->word /* the word, as the kernel reads it */,
                  FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
#else
    (void)w;
    (void)seen;
    const struct timespec nap = {0, 20000};
    nanosleep(&nap, NULL);
#endif
}

void grundy_waiter_wake_sleepers(grundy_waiter *w) {
    atomic_fetch_add_explicit(&w->word, 1, memory_order_seq_cst);
#if defined(__linux__)
    (void)syscall(SYS_futex, (uintptr_t)&w->word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
#endif
}

void grundy_waiter_wait(grundy_waiter *w, grundy_waiter_ready ready, const void *arg,
                        uint64_t wake_at) {
    for (unsigned i = 0; i < WAITER_SPINS; i++) {
        if (ready(arg)) {
            return;
        }
        WAITER_PAUSE();
    }
    atomic_store_explicit(&w->wake_at, wake_at, memory_order_relaxed);
    for (;;) {
        /* Say so, then look once more: a wake that came before this look is seen by it. */
        atomic_fetch_add_explicit(&w->sleepers, 1, memory_order_seq_cst);
        atomic_thread_fence(memory_order_seq_cst);
        const unsigned seen = atomic_load_explicit(&w->word, memory_order_seq_cst);
        const int now = ready(arg);
        if (!now) {
            sleep_on(w, seen);
        }
        atomic_fetch_sub_explicit(&w->sleepers, 1, memory_order_relaxed);
        if (now || ready(arg)) {
            return;
        }
    }
}
