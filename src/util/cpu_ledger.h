/* SPDX-License-Identifier: MIT */
/* The CPU time of one piece of work that runs on several threads: the thread that does it opens a
 * ledger, and every worker pool it starts (pool.h) charges its workers' CPU time there, so that a
 * per-piece CPU budget counts the helpers too. Not public. */
#ifndef GRUNDY_UTIL_CPU_LEDGER_H
#define GRUNDY_UTIL_CPU_LEDGER_H

#include <stdatomic.h>
#include <stdint.h>

typedef struct grundy_cpu_ledger {
    atomic_uint_fast64_t helpers_ns; /* the pools' workers' CPU time, charged after each loop */
    uint64_t start_ns;               /* the opening thread's CPU clock when it opened the ledger */
} grundy_cpu_ledger;

/** The calling thread's CPU clock in nanoseconds (CLOCK_THREAD_CPUTIME_ID). */
uint64_t grundy_thread_cpu_ns(void);

/**
 * Make `l` the calling thread's ledger (zeroed and started now): pools this thread creates from
 * now on charge their workers' CPU time to it. Returns the ledger it replaces (NULL: none), for
 * grundy_cpu_ledger_close.
 */
grundy_cpu_ledger *grundy_cpu_ledger_open(grundy_cpu_ledger *l);

/** Restore the ledger grundy_cpu_ledger_open replaced; pools charging `l` must be gone. */
void grundy_cpu_ledger_close(grundy_cpu_ledger *previous);

/** The calling thread's ledger, NULL when none is open (what a new pool charges). */
grundy_cpu_ledger *grundy_cpu_ledger_current(void);

/** Charge `ns` nanoseconds of a worker's CPU time (any thread). */
void grundy_cpu_ledger_charge(grundy_cpu_ledger *l, uint64_t ns);

/** Seconds of CPU since `l` was opened: the opening thread's and its pools' workers'. Called by
 *  the opening thread. */
double grundy_cpu_ledger_seconds(const grundy_cpu_ledger *l);

#endif
