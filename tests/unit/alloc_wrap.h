/* SPDX-License-Identifier: MIT */
/* Allocation faults by link-time wrapping: a test linked with tests/unit/alloc_wrap.c and
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup sends every allocation of its own
 * code and of libgrundy.a through alloc_fail_now(), which the test defines: nonzero fails that
 * allocation (NULL is returned), without a line of the library changed. */
#ifndef GRUNDY_TEST_ALLOC_WRAP_H
#define GRUNDY_TEST_ALLOC_WRAP_H

/** Called once per allocation; return nonzero to make it fail. */
int alloc_fail_now(void);

#endif
