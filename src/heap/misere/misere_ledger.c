/* SPDX-License-Identifier: MIT */
/* Internal: the misere quotient's counted allocations. Every table of the quotient (the check's
 * states and queue, the monoids, the candidate products and their reduction, the options, the
 * presentation) is charged to its budget before it is allocated, and given back when freed, so
 * that max_bytes bounds the sum of everything alive at once: the peak, not each table alone.
 * Large blocks are mapped from the system and unmapped when freed: malloc keeps freed memory
 * for reuse (its heap is trimmed at the top only, and its mmap threshold rises after each large
 * free), so the memory it holds could pass what the ledger counts by half again. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* mremap */
#endif
#if !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#endif
#include "heap/misere/quotient_parts.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if !defined(MAP_ANONYMOUS)
#define MAP_ANONYMOUS MAP_ANON
#endif

/* Blocks of at least this many bytes are mapped. */
#define MAP_BYTES ((size_t)1 << 16)

/* Each block remembers its size and budget, so that mq_free needs neither. The header keeps
 * the alignment malloc gives. */
typedef union block_head {
    struct {
        mq_budget *budget;
        size_t bytes;
    } h;
    max_align_t align;
} block_head;

grundy_status mq_budget_refuse(mq_budget *b, grundy_misere_limit_reason reason, uint64_t need) {
    b->reason = reason;
    b->need_bytes = need;
    return GRUNDY_STATUS_LIMIT;
}

/* What a block of `bytes` takes from the system: its header, and malloc's word of size (small)
 * or whole pages (mapped). The ledger counts this, so that it is never below the real use. */
static size_t footprint(size_t bytes) {
    const size_t page = 4096, with_head = sizeof(block_head) + bytes;
    return bytes < MAP_BYTES ? with_head + 2 * sizeof(size_t)
                             : (with_head + page - 1) / page * page;
}

/* A zeroed block of `bytes` after its header: mapped when large, else from calloc. */
static block_head *block_new(size_t bytes) {
    if (bytes < MAP_BYTES) {
        return calloc(1, sizeof(block_head) + bytes);
    }
    void *p =
        mmap(NULL, footprint(bytes), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

static void block_delete(block_head *h) {
    if (h->h.bytes < MAP_BYTES) {
        free(h);
    } else {
        munmap(h, footprint(h->h.bytes));
    }
}

/* A mapped block resized: in place when its pages hold the new size, else moved by the system
 * (mremap: no copy) or copied. Without this a table grown a little at a time (the options'
 * images, one heap more each time) would be copied whole at every step. */
static block_head *remap(block_head *old, size_t old_bytes, size_t bytes) {
    if (footprint(bytes) == footprint(old_bytes)) {
        return old;
    }
#if defined(__linux__)
    void *p = mremap(old, footprint(old_bytes), footprint(bytes), MREMAP_MAYMOVE);
    return p == MAP_FAILED ? NULL : p;
#else
    block_head *h = block_new(bytes);
    if (h != NULL) {
        memcpy(h + 1, old + 1, old_bytes < bytes ? old_bytes : bytes);
        block_delete(old);
    }
    return h;
#endif
}

/* What the ledger leaves of max_bytes for what it does not count: the stack, malloc's own
 * bookkeeping, small blocks freed but kept by malloc (1/16 of the bound, at most 1 MiB). */
#define RESERVE_MAX ((uint64_t)1 << 20)
static uint64_t reserve(uint64_t max_bytes) {
    return max_bytes / 16 < RESERVE_MAX ? max_bytes / 16 : RESERVE_MAX;
}

/* The least max_bytes whose share for the ledger holds `total`. */
static uint64_t bound_for(uint64_t total) {
    return total <= 15 * RESERVE_MAX ? (total * 16 + 14) / 15 : total + RESERVE_MAX;
}

/* Charge `bytes` more to b, or refuse when that passes what max_bytes leaves the ledger. */
static int charge(mq_budget *b, size_t bytes) {
    const uint64_t total = b->used + bytes;
    if (b->max_bytes != 0 && (total < b->used || total > b->max_bytes - reserve(b->max_bytes))) {
        mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_BYTES,
                         total < b->used ? UINT64_MAX : bound_for(total));
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
    const size_t old_cost = old != NULL ? footprint(old_bytes) : 0;
    b->refused = 0;
    if (size != 0 && count > (SIZE_MAX / 2) / size) {
        return NULL; /* no such block: out of memory */
    }
    const size_t bytes = count * size;
    /* The old block and the new one may both be alive while realloc copies. */
    if (!charge(b, footprint(bytes))) {
        return NULL;
    }
    block_head *h = NULL;
    if (old != NULL && bytes < MAP_BYTES && old_bytes < MAP_BYTES) {
        h = realloc(old, sizeof *h + bytes);
    } else if (old != NULL && bytes >= MAP_BYTES && old_bytes >= MAP_BYTES) {
        h = remap(old, old_bytes, bytes);
    } else {
        h = block_new(bytes);
        if (h != NULL && old != NULL) {
            memcpy(h + 1, old + 1, old_bytes < bytes ? old_bytes : bytes);
            block_delete(old);
        }
    }
    if (h == NULL) {
        b->used -= footprint(bytes);
        return NULL;
    }
    b->used -= old_cost;
    h->h.budget = b;
    h->h.bytes = bytes;
    return h + 1;
}

void *mq_alloc(mq_budget *b, size_t count, size_t size) {
    b->refused = 0;
    if (size != 0 && count > (SIZE_MAX / 2) / size) {
        return NULL;
    }
    const size_t bytes = count * size;
    if (!charge(b, footprint(bytes))) {
        return NULL;
    }
    block_head *h = block_new(bytes);
    if (h == NULL) {
        b->used -= footprint(bytes);
        return NULL;
    }
    h->h.budget = b;
    h->h.bytes = bytes;
    return h + 1;
}

void mq_free(void *p) {
    if (p != NULL) {
        block_head *h = (block_head *)p - 1;
        h->h.budget->used -= footprint(h->h.bytes);
        block_delete(h);
    }
}

grundy_status mq_alloc_failure(const mq_budget *b) {
    return b->refused ? GRUNDY_STATUS_LIMIT : GRUNDY_STATUS_NOMEM;
}
