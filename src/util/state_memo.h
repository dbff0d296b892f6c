/* SPDX-License-Identifier: MIT */
/* Internal: a memo table from positions (sorted multisets of heaps) to a small value, with limits.
 */
#ifndef GRUNDY_STATE_MEMO_H
#define GRUNDY_STATE_MEMO_H

#include <grundy/common.h>

typedef struct grundy_state_memo {
    uint64_t *arena; /* entries: a header (count << 8 | value), then `count` heaps */
    size_t arena_len, arena_cap;
    size_t *slots; /* open addressing: arena offset + 1, 0 for an empty slot */
    size_t slot_cap, states;
    uint64_t max_states, max_bytes;
} grundy_state_memo;

/** Sort heaps ascending in place: the form positions take as keys (insertion sort: positions
 *  hold a handful of heaps). */
void grundy_heaps_sort(uint64_t *heaps, size_t count);

/** An empty memo that refuses to grow past max_states entries or max_bytes bytes. */
void grundy_state_memo_init(grundy_state_memo *m, uint64_t max_states, uint64_t max_bytes);
void grundy_state_memo_free(grundy_state_memo *m);

/** Nonzero when the position (heaps sorted ascending) is stored; then *value is its value. */
int grundy_state_memo_get(const grundy_state_memo *m, const uint64_t *heaps, size_t count,
                          unsigned *value);

/** Store a position's value (0..255). @return OK, LIMIT (max_states or max_bytes), NOMEM. */
grundy_status grundy_state_memo_put(grundy_state_memo *m, const uint64_t *heaps, size_t count,
                                    unsigned value);

/** Bytes held now. */
uint64_t grundy_state_memo_bytes(const grundy_state_memo *m);

#endif
