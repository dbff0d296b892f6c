/* SPDX-License-Identifier: MIT */
/*
 * The end-game database. The game numbers its small components densely, smallest first, so that a
 * database of n entries holds the components of index below n; an entry is written once with the
 * nimber the search found, so entries are only ever set from 0 to their one value: an atomic or
 * of the nibble needs no lock, and two threads storing the same component store the same bits.
 * The memory is calloc'ed, so only the pages the search reaches are ever touched.
 */
#include "solver/search/nim_endgame.h"

#include <stdlib.h>
#include <string.h>

#define MIN_BYTES 4096u

grundy_status nim_endgame_init(nim_endgame *e, uint64_t bytes) {
    memset(e, 0, sizeof *e);
    atomic_init(&e->filled, 0);
    if (bytes < MIN_BYTES || bytes > SIZE_MAX / 2) {
        return GRUNDY_STATUS_OK;
    }
    e->nibbles = calloc((size_t)bytes, 1);
    if (e->nibbles == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    e->entries = bytes * 2;
    return GRUNDY_STATUS_OK;
}

void nim_endgame_free(nim_endgame *e) {
    free(e->nibbles);
    memset(e, 0, sizeof *e);
}

void nim_endgame_put(nim_endgame *e, uint64_t index, uint32_t nimber) {
    if (index >= e->entries || nimber > NIM_ENDGAME_MAX_NIMBER) {
        return;
    }
    const unsigned char bits = (unsigned char)((nimber + 1u) << (index % 2 * 4));
    const unsigned old =
        atomic_fetch_or_explicit(&e->nibbles[index / 2], bits, memory_order_relaxed);
    if (((old >> (index % 2 * 4)) & 15u) == 0) {
        atomic_fetch_add_explicit(&e->filled, 1, memory_order_relaxed);
    }
}
