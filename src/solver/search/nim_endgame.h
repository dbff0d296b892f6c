/* SPDX-License-Identifier: MIT */
/* The end-game database of the nimber search: the nimbers of small components by the game's dense
 * index, four bits each, filled as the search values them, never evicted, without locks. */
#ifndef GRUNDY_SOLVER_SEARCH_NIM_ENDGAME_H
#define GRUNDY_SOLVER_SEARCH_NIM_ENDGAME_H

#include <stdatomic.h>
#include <stdint.h>

#include <grundy/nimsearch.h>

typedef struct nim_endgame {
    atomic_uchar *nibbles; /* two entries a byte: 0 unknown, else the nimber + 1 */
    uint64_t entries;      /* indices below this fit; 0: no database */
    atomic_uint_fast64_t filled;
} nim_endgame;

/** The largest nimber an entry holds; larger ones stay in the transposition table. */
#define NIM_ENDGAME_MAX_NIMBER 14u

/** A database of at most `bytes` bytes (none when that is under a page): _OK or _NOMEM. */
grundy_status nim_endgame_init(nim_endgame *e, uint64_t bytes);
void nim_endgame_free(nim_endgame *e);

/** 1 and *nimber when entry `index` is known (index may be past the end: 0). */
static inline int nim_endgame_get(nim_endgame *e, uint64_t index, uint32_t *nimber) {
    if (index >= e->entries) {
        return 0;
    }
    const unsigned byte = atomic_load_explicit(&e->nibbles[index / 2], memory_order_relaxed);
    const unsigned v = (byte >> (index % 2 * 4)) & 15u;
    *nimber = v - 1u;
    return v != 0;
}

/** Remember entry `index` (ignored past the end or above NIM_ENDGAME_MAX_NIMBER). */
void nim_endgame_put(nim_endgame *e, uint64_t index, uint32_t nimber);

#endif
