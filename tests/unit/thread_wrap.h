/* SPDX-License-Identifier: MIT */
/* Thread-start faults by link-time wrapping: a test linked with tests/unit/thread_wrap.c and
 * -Wl,--wrap=pthread_create sends every thread start of its own code and of libgrundy.a through
 * thread_fail_now(), which the test defines: nonzero makes that pthread_create fail (EAGAIN, as
 * when the system is out of threads), without a line of the library changed. */
#ifndef GRUNDY_TEST_THREAD_WRAP_H
#define GRUNDY_TEST_THREAD_WRAP_H

/** Called once per pthread_create; return nonzero to make it fail. */
int thread_fail_now(void);

#endif
