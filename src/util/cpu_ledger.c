/* SPDX-License-Identifier: MIT */
/* The per-piece CPU ledger: a thread-local pointer that new pools read, and an atomic sum that
 * their workers add to. */
#include "util/cpu_ledger.h"

#include <time.h>

static _Thread_local grundy_cpu_ledger *current;

uint64_t grundy_thread_cpu_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

grundy_cpu_ledger *grundy_cpu_ledger_open(grundy_cpu_ledger *l) {
    grundy_cpu_ledger *const previous = current;
    atomic_init(&l->helpers_ns, 0);
    l->start_ns = grundy_thread_cpu_ns();
    current = l;
    return previous;
}

void grundy_cpu_ledger_close(grundy_cpu_ledger *previous) {
    current = previous;
}

grundy_cpu_ledger *grundy_cpu_ledger_current(void) {
    return current;
}

void grundy_cpu_ledger_charge(grundy_cpu_ledger *l, uint64_t ns) {
    atomic_fetch_add_explicit(&l->helpers_ns, ns, memory_order_relaxed);
}

double grundy_cpu_ledger_seconds(const grundy_cpu_ledger *l) {
    const uint64_t own = grundy_thread_cpu_ns() - l->start_ns;
    const uint64_t helpers = atomic_load_explicit(&l->helpers_ns, memory_order_relaxed);
    return (double)(own + helpers) * 1e-9;
}
