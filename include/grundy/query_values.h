/* SPDX-License-Identifier: MIT */
/* Many values at once: g(from), ..., g(from + count - 1) into caller storage (for bindings such as
 * the Python package, where one call per value would dominate). */
#ifndef GRUNDY_QUERY_VALUES_H
#define GRUNDY_QUERY_VALUES_H

#include <grundy/query.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Write g(from + i) to out[i] for i < count, preparing the query for heap from + count - 1 first.
 * @param out room for `count` values (caller's storage); unspecified after a failure.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_INVALID_ARG (count == 0, or out NULL);
 *         GRUNDY_STATUS_RANGE (from + count - 1 past GRUNDY_NUMBER_MAX); GRUNDY_STATUS_LIMIT
 *         (a heap out of reach within max_n: nothing proved); GRUNDY_STATUS_NOMEM.
 * @code
 *   uint64_t g[12];
 *   st = grundy_query_values(q, 0, 12, g);   // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6
 * @endcode
 */
GRUNDY_API grundy_status grundy_query_values(grundy_query *q, uint64_t from, uint64_t count,
                                             uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif
