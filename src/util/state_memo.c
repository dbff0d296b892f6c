/* SPDX-License-Identifier: MIT */
/* Internal: a memo table from positions (sorted multisets of heaps) to a small value, with limits.
 */
#include "util/state_memo.h"

#include <stdlib.h>
#include <string.h>

void grundy_state_memo_init(grundy_state_memo *m, uint64_t max_states, uint64_t max_bytes) {
    memset(m, 0, sizeof *m);
    m->max_states = max_states;
    m->max_bytes = max_bytes;
}

void grundy_state_memo_free(grundy_state_memo *m) {
    free(m->arena);
    free(m->slots);
    memset(m, 0, sizeof *m);
}

uint64_t grundy_state_memo_bytes(const grundy_state_memo *m) {
    return (uint64_t)m->arena_cap * sizeof(uint64_t) + (uint64_t)m->slot_cap * sizeof(size_t);
}

static uint64_t hash_heaps(const uint64_t *heaps, size_t count) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ count;
    for (size_t i = 0; i < count; i++) {
        h = (h ^ heaps[i]) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return h;
}

static int entry_is(const grundy_state_memo *m, size_t offset, const uint64_t *heaps,
                    size_t count) {
    const uint64_t header = m->arena[offset];
    return (header >> 8) == count &&
           (count == 0 || memcmp(m->arena + offset + 1, heaps, count * sizeof *heaps) == 0);
}

/* The slot holding the position, or the empty slot where it would go. */
static size_t find_slot(const grundy_state_memo *m, const uint64_t *heaps, size_t count) {
    size_t i = (size_t)hash_heaps(heaps, count) & (m->slot_cap - 1);
    while (m->slots[i] != 0 && !entry_is(m, m->slots[i] - 1, heaps, count)) {
        i = (i + 1) & (m->slot_cap - 1);
    }
    return i;
}

int grundy_state_memo_get(const grundy_state_memo *m, const uint64_t *heaps, size_t count,
                          unsigned *value) {
    if (m->slot_cap == 0) {
        return 0;
    }
    const size_t i = find_slot(m, heaps, count);
    if (m->slots[i] == 0) {
        return 0;
    }
    *value = (unsigned)(m->arena[m->slots[i] - 1] & 0xFFu);
    return 1;
}

static grundy_status grow_slots(grundy_state_memo *m) {
    const size_t cap = m->slot_cap == 0 ? 1024 : 2 * m->slot_cap;
    const uint64_t bytes = grundy_state_memo_bytes(m) + (uint64_t)cap * sizeof(size_t);
    if (bytes > m->max_bytes) {
        return GRUNDY_STATUS_LIMIT;
    }
    size_t *slots = calloc(cap, sizeof *slots);
    if (slots == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    size_t *const old = m->slots;
    const size_t old_cap = m->slot_cap;
    m->slots = slots;
    m->slot_cap = cap;
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i] != 0) {
            const size_t off = old[i] - 1;
            const size_t count = (size_t)(m->arena[off] >> 8);
            m->slots[find_slot(m, m->arena + off + 1, count)] = old[i];
        }
    }
    free(old);
    return GRUNDY_STATUS_OK;
}

static grundy_status reserve_arena(grundy_state_memo *m, size_t words) {
    if (m->arena_len + words <= m->arena_cap) {
        return GRUNDY_STATUS_OK;
    }
    size_t cap = m->arena_cap == 0 ? 4096 : m->arena_cap;
    while (cap < m->arena_len + words) {
        cap *= 2;
    }
    const uint64_t bytes =
        (uint64_t)cap * sizeof(uint64_t) + (uint64_t)m->slot_cap * sizeof(size_t);
    if (bytes > m->max_bytes) {
        return GRUNDY_STATUS_LIMIT;
    }
    uint64_t *arena = realloc(m->arena, cap * sizeof *arena);
    if (arena == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    m->arena = arena;
    m->arena_cap = cap;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_state_memo_put(grundy_state_memo *m, const uint64_t *heaps, size_t count,
                                    unsigned value) {
    if (m->states >= m->max_states) {
        return GRUNDY_STATUS_LIMIT;
    }
    grundy_status st = GRUNDY_STATUS_OK;
    if (2 * (m->states + 1) > m->slot_cap && (st = grow_slots(m)) != GRUNDY_STATUS_OK) {
        return st;
    }
    if ((st = reserve_arena(m, count + 1)) != GRUNDY_STATUS_OK) {
        return st;
    }
    const size_t i = find_slot(m, heaps, count);
    if (m->slots[i] != 0) {
        m->arena[m->slots[i] - 1] = ((uint64_t)count << 8) | (value & 0xFFu);
        return GRUNDY_STATUS_OK;
    }
    m->arena[m->arena_len] = ((uint64_t)count << 8) | (value & 0xFFu);
    if (count > 0) {
        memcpy(m->arena + m->arena_len + 1, heaps, count * sizeof *heaps);
    }
    m->slots[i] = m->arena_len + 1;
    m->arena_len += count + 1;
    m->states++;
    return GRUNDY_STATUS_OK;
}

void grundy_heaps_sort(uint64_t *heaps, size_t count) {
    for (size_t i = 1; i < count; i++) {
        const uint64_t v = heaps[i];
        size_t j = i;
        while (j > 0 && heaps[j - 1] > v) {
            heaps[j] = heaps[j - 1];
            j--;
        }
        heaps[j] = v;
    }
}
