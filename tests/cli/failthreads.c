/* SPDX-License-Identifier: MIT */
/* Thread-start faults for the grundy tool (tests/cli/thread_fail.sh): linked with
 * tests/unit/thread_wrap.c and -Wl,--wrap=pthread_create into grundy_failthreads, it fails
 * thread start number GRUNDY_FAIL_THREAD (0-based) of the CLI and libgrundy.a. */
#include "thread_wrap.h"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_long starts;

int thread_fail_now(void) {
    const char *const k = getenv("GRUNDY_FAIL_THREAD");
    return k != NULL && atomic_fetch_add(&starts, 1) == strtol(k, NULL, 10);
}
