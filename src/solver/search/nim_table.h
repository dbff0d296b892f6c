/* SPDX-License-Identifier: MIT */
/* The transposition table of the nimber search: canonical components and their nimbers, full keys
 * (no false hits), buckets of four, bounded by the bytes it is given, shared by the threads. */
#ifndef GRUNDY_SOLVER_SEARCH_NIM_TABLE_H
#define GRUNDY_SOLVER_SEARCH_NIM_TABLE_H

#include <grundy/nimsearch.h>

#include <pthread.h>
#include <stdatomic.h>

typedef struct nim_table {
    uint64_t *slots;      /* buckets * NIM_TABLE_WAYS slots of `words` key words and a meta word */
    uint64_t buckets;     /* a power of two */
    uint64_t max_buckets; /* the most the bytes allow (all from the start when shared) */
    unsigned words;       /* key words */
    pthread_mutex_t *locks;
    uint64_t lock_mask; /* a bucket b is guarded by locks[b & lock_mask] */
    int shared;         /* threads share it: take the locks */
    atomic_uint_fast64_t entries;
} nim_table;

#define NIM_TABLE_WAYS 4

/** The bytes of one slot of a table with `words` key words. */
uint64_t nim_table_slot_bytes(unsigned words);

/** A table of `words`-word keys in at most `bytes` bytes, locked when `shared` by threads: _OK,
 *  _LIMIT (fewer than 1024 buckets fit), _NOMEM. */
grundy_status nim_table_init(nim_table *t, unsigned words, uint64_t bytes, int shared);
void nim_table_free(nim_table *t);

/** NIM_TABLE_EXACT and *nimber when the key's value is in the table; NIM_TABLE_PARTIAL and in
 *  *nimber the mask of the values 0..31 it is known not to have; 0 when the key is not there. */
#define NIM_TABLE_EXACT   1
#define NIM_TABLE_PARTIAL 2
int nim_table_get(nim_table *t, const grundy_nim_pos *key, uint32_t *nimber);

/** Fetch key's bucket towards the cache, for a lookup soon after (a hint: no lock, no effect on
 *  the contents). */
void nim_table_prefetch(const nim_table *t, const grundy_nim_pos *key);

/** Remember key's nimber; in a full bucket it replaces the entry of least `size` (the cheapest to
 *  compute again) when that is not more than this one's. */
void nim_table_put(nim_table *t, const grundy_nim_pos *key, uint32_t nimber, uint32_t size);

/** Remember that key's value is none of the values 0..31 in `excluded` (merged with what is
 *  known; never over an exact value). */
void nim_table_put_excluded(nim_table *t, const grundy_nim_pos *key, uint32_t excluded,
                            uint32_t size);

/** The table to `path` (PATH.tmp, fsynced, renamed), describing `what`: _OK, _IO, _NOMEM. */
grundy_status nim_table_save(nim_table *t, const char *what, const char *path);

/** Add the entries of a file that nim_table_save wrote for `what` (and this key width) to t;
 *  *loaded: how many. _OK; _IO (cannot read); _PARSE (damaged); _INVALID_ARG (another game). */
grundy_status nim_table_load(nim_table *t, const char *what, const char *path, uint64_t *loaded);

#endif
