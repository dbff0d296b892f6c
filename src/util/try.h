/* SPDX-License-Identifier: MIT */
/* Error-forwarding macros used inside the library (each function has one `cleanup:` label). */
#ifndef GRUNDY_UTIL_TRY_H
#define GRUNDY_UTIL_TRY_H

#include <grundy/common.h>

/* Forward a failing status: assign it to `st` and jump to `cleanup`. */
#define GRUNDY_TRY(expr)                                                                           \
    do {                                                                                           \
        st = (expr);                                                                               \
        if (st != GRUNDY_STATUS_OK) {                                                              \
            goto cleanup;                                                                          \
        }                                                                                          \
    } while (0)

/* Fail with `status` unless `cond` holds. */
#define GRUNDY_CHECK(cond, status)                                                                 \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            st = (status);                                                                         \
            goto cleanup;                                                                          \
        }                                                                                          \
    } while (0)

#endif
