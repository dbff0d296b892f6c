/* SPDX-License-Identifier: MIT */
/* The __wrap_ allocators of tests/unit/alloc_wrap.h: each asks alloc_fail_now() first. */
#include "alloc_wrap.h"

#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);

void *__wrap_malloc(size_t n) {
    return alloc_fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t size) {
    return alloc_fail_now() ? NULL : __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t n) {
    return alloc_fail_now() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s) {
    return alloc_fail_now() ? NULL : __real_strdup(s);
}
