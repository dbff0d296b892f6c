/* SPDX-License-Identifier: MIT */
/* g(from .. from + count - 1) in one call, through the query object. */
#include <grundy/query_values.h>

grundy_status grundy_query_values(grundy_query *q, uint64_t from, uint64_t count, uint64_t *out) {
    if (count == 0 || out == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (from > GRUNDY_NUMBER_MAX || count - 1 > GRUNDY_NUMBER_MAX - from) {
        return GRUNDY_STATUS_RANGE;
    }
    const uint64_t last = from + (count - 1);
    const grundy_status st = grundy_query_prepare(q, last);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    for (uint64_t i = 0; i < count; i++) {
        /* Every heap up to `last` is answerable once prepared, so this cannot fail. */
        const grundy_status vs = grundy_query_value(q, from + i, &out[i]);
        if (vs != GRUNDY_STATUS_OK) {
            return vs;
        }
    }
    return GRUNDY_STATUS_OK;
}
