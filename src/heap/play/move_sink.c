/* SPDX-License-Identifier: MIT */
/* Where winning moves go while a position is played (normal and misere play alike): the first
 * few are listed, every one is counted. */
#include "heap/play/player.h"

#include <string.h>

void grundy_move_sink_add(grundy_move_sink *s, size_t heap, uint64_t size, uint64_t take,
                          unsigned parts, const uint64_t *left) {
    if (s->listed < s->cap) {
        grundy_move *m = &s->moves[s->listed++];
        memset(m, 0, sizeof *m);
        m->heap = heap;
        m->size = size;
        m->take = take;
        m->leaves_count = parts;
        for (unsigned j = 0; j < parts; j++) {
            m->leaves[j] = left[j];
        }
    }
    grundy_move_sink_count(s, 1);
}

/* Five heaps of 4.0 near 2^63 have about 5 * 2^61 winning splits each way: more than 2^64 - 1
 * in all, so the count is kept in two words (the sum of at most 2^64 counts below 2^64 fits). */
grundy_status grundy_move_sink_count(grundy_move_sink *s, uint64_t n) {
    s->total_high += s->total > UINT64_MAX - n;
    s->total += n;
    return GRUNDY_STATUS_OK;
}
