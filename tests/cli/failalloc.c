/* SPDX-License-Identifier: MIT */
/* Allocation faults for the grundy tool (tests/cli/alloc_fail.sh): linked with
 * tests/unit/alloc_wrap.c and -Wl,--wrap=malloc,... into grundy_failalloc, it fails allocation
 * number GRUNDY_FAIL_ALLOC (0-based) of the CLI and libgrundy.a, and says at exit when the run made
 * fewer allocations. */
#include "alloc_wrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long calls, fail_at = -2; /* -2: not read yet; -1: no fault */

static void report(void) {
    if (fail_at >= 0 && calls <= fail_at) {
        fprintf(stderr, "failalloc: not reached (%ld allocations)\n", calls);
    }
}

int alloc_fail_now(void) {
    if (fail_at == -2) {
        const char *const k = getenv("GRUNDY_FAIL_ALLOC");
        fail_at = k != NULL ? strtol(k, NULL, 10) : -1;
        atexit(report);
    }
    return calls++ == fail_at;
}
