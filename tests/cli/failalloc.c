/* SPDX-License-Identifier: MIT */
/* Allocation faults for the grundy tool (tests/cli/alloc_fail.sh): linked with
 * -Wl,--wrap=malloc,... into grundy_failalloc, it fails allocation number GRUNDY_FAIL_ALLOC
 * (0-based) of the CLI and libgrundy.a, and says at exit when the run made fewer allocations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);

static long calls, fail_at = -2; /* -2: not read yet; -1: no fault */

static void report(void) {
    if (fail_at >= 0 && calls <= fail_at) {
        fprintf(stderr, "failalloc: not reached (%ld allocations)\n", calls);
    }
}

static int fail_now(void) {
    if (fail_at == -2) {
        const char *const k = getenv("GRUNDY_FAIL_ALLOC");
        fail_at = k != NULL ? strtol(k, NULL, 10) : -1;
        atexit(report);
    }
    return calls++ == fail_at;
}

void *__wrap_malloc(size_t n) {
    return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size) {
    return fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n) {
    return fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s) {
    return fail_now() ? NULL : __real_strdup(s);
}
