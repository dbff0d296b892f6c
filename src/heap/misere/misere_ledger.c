/* SPDX-License-Identifier: MIT */
/* Internal: the misere quotient's counted allocations. Every table of the quotient (the check's
 * states and queue, the monoids, the candidate products and their reduction, the options, the
 * presentation) is charged to its budget before it is allocated, and given back when freed, so
 * that max_bytes bounds the sum of everything alive at once: the peak, not each table alone. */
#include "heap/misere/quotient_parts.h"

#include <stddef.h>
#include <stdlib.h>

/* Each block remembers its size and budget, so that mq_free needs neither. The header keeps
 * the alignment malloc gives. */
typedef union block_head {
    struct {
        mq_budget *budget;
        size_t bytes;
    } h;
    max_align_t align;
} block_head;

/* Charge `bytes` more to b, or refuse when that passes max_bytes. */
static int charge(mq_budget *b, size_t bytes) {
    const uint64_t total = b->used + bytes;
    if (b->max_bytes != 0 && (total < b->used || total > b->max_bytes)) {
        mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_BYTES, total);
        b->refused = 1;
        return 0;
    }
    b->used = total;
    b->peak = total > b->peak ? total : b->peak;
    return 1;
}

void *mq_grow(mq_budget *b, void *p, size_t count, size_t size) {
    block_head *old = p != NULL ? (block_head *)p - 1 : NULL;
    const size_t old_bytes = old != NULL ? old->h.bytes : 0;
    b->refused = 0;
    if (size != 0 && count > (SIZE_MAX - sizeof(block_head)) / size) {
        return NULL; /* no such block: out of memory */
    }
    const size_t bytes = count * size;
    /* The old block and the new one may both be alive while realloc copies. */
    if (!charge(b, bytes)) {
        return NULL;
    }
    block_head *h = realloc(old, sizeof *h + bytes);
    if (h == NULL) {
        b->used -= bytes;
        return NULL;
    }
    b->used -= old_bytes;
    h->h.budget = b;
    h->h.bytes = bytes;
    return h + 1;
}

void *mq_alloc(mq_budget *b, size_t count, size_t size) {
    b->refused = 0;
    if (size != 0 && count > (SIZE_MAX - sizeof(block_head)) / size) {
        return NULL;
    }
    const size_t bytes = count * size;
    if (!charge(b, bytes)) {
        return NULL;
    }
    block_head *h = calloc(1, sizeof *h + bytes);
    if (h == NULL) {
        b->used -= bytes;
        return NULL;
    }
    h->h.budget = b;
    h->h.bytes = bytes;
    return h + 1;
}

void mq_free(void *p) {
    if (p != NULL) {
        block_head *h = (block_head *)p - 1;
        h->h.budget->used -= h->h.bytes;
        free(h);
    }
}

grundy_status mq_alloc_failure(const mq_budget *b) {
    return b->refused ? GRUNDY_STATUS_LIMIT : GRUNDY_STATUS_NOMEM;
}
