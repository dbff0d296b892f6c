/* SPDX-License-Identifier: MIT */
/*
 * The search's transposition table. A slot is the key's words and a meta word: bit 63 used, bit 62
 * partial, bits 32..61 the size (work) of the component, bits 0..31 its nimber, or for a partial
 * entry the values 0..31 it is known not to have (what cut-off searches learnt). Keys are stored
 * whole, so a hit is never another position's value: a wrong nimber in a published table would be
 * worse than a slow one. Each bucket has four slots; when all are used, the one of least size goes
 * (the component cheapest to value again), the depth-preferred rule of chess programs.
 *
 * Checkpoint file, little-endian: 0 "GRUNDYNT", 8 u32 version 1, 12 u32 key words, 16 u64 entries,
 * 24 u64 FNV-1a 64 of every byte after the header, 32 u32 L, 36 u32 zero; then the description
 * (L bytes) and the entries, (words + 1) u64 each. Written to PATH.tmp, fsynced and renamed.
 */
#include "solver/search/nim_table.h"

#include "util/bytes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define USED          ((uint64_t)1 << 63)
#define PARTIAL       ((uint64_t)1 << 62)
#define SIZE_MAX30    0x3fffffffu
#define HEADER        40
#define MIN_BUCKETS   1024
#define FIRST_BUCKETS MIN_BUCKETS /* where a one-thread table starts (96 KiB of two-word keys) */
#define MAX_LOCKS     4096
#define DESC_MAX      4096
static const char magic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'N', 'T'};

uint64_t nim_table_slot_bytes(unsigned words) {
    return ((uint64_t)words + 1) * sizeof(uint64_t);
}

grundy_status nim_table_init(nim_table *t, unsigned words, uint64_t bytes, int shared) {
    memset(t, 0, sizeof *t);
    const uint64_t bucket_bytes = nim_table_slot_bytes(words) * NIM_TABLE_WAYS;
    uint64_t buckets = MIN_BUCKETS;
    if (bytes / bucket_bytes < buckets || bytes / bucket_bytes > SIZE_MAX / bucket_bytes) {
        return bytes / bucket_bytes < buckets ? GRUNDY_STATUS_LIMIT : GRUNDY_STATUS_RANGE;
    }
    while (buckets * 2 <= bytes / bucket_bytes) {
        buckets *= 2;
    }
    t->max_buckets = buckets;
    buckets = shared || buckets < FIRST_BUCKETS ? buckets : FIRST_BUCKETS;
    const uint64_t locks = buckets < MAX_LOCKS ? buckets : MAX_LOCKS;
    t->slots = calloc((size_t)buckets, (size_t)bucket_bytes);
    t->locks = malloc((size_t)locks * sizeof *t->locks);
    if (t->slots == NULL || t->locks == NULL) {
        free(t->slots);
        free(t->locks);
        memset(t, 0, sizeof *t);
        return GRUNDY_STATUS_NOMEM;
    }
    for (uint64_t i = 0; i < locks; i++) {
        pthread_mutex_init(&t->locks[i], NULL);
    }
    t->buckets = buckets;
    t->words = words;
    t->shared = shared;
    t->lock_mask = locks - 1;
    atomic_init(&t->entries, 0);
    return GRUNDY_STATUS_OK;
}

void nim_table_free(nim_table *t) {
    if (t->locks != NULL) {
        for (uint64_t i = 0; i <= t->lock_mask; i++) {
            pthread_mutex_destroy(&t->locks[i]);
        }
    }
    free(t->locks);
    free(t->slots);
    memset(t, 0, sizeof *t);
}

/* Bucket b's stripe lock, taken only when threads share the table: one thread's search skips
 * the two atomic round trips of every probe. */
static void lock(nim_table *t, uint64_t b) {
    if (t->shared) {
        pthread_mutex_lock(&t->locks[b & t->lock_mask]);
    }
}

static void unlock(nim_table *t, uint64_t b) {
    if (t->shared) {
        pthread_mutex_unlock(&t->locks[b & t->lock_mask]);
    }
}

static uint64_t hash_key(const uint64_t *w, unsigned words) {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (unsigned i = 0; i < words; i++) {
        h = (h ^ w[i]) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebull;
    return h ^ h >> 32; /* the bucket bits then hang on every bit of the key, not its low 46 */
}

static uint64_t bucket_of_words(const nim_table *t, const uint64_t *key) {
    return (hash_key(key, t->words) >> 20) & (t->buckets - 1);
}

static uint64_t bucket_of(const nim_table *t, const grundy_nim_pos *key) {
    return bucket_of_words(t, key->w);
}

static uint64_t *slot_at(const nim_table *t, uint64_t bucket, unsigned way) {
    return t->slots + (bucket * NIM_TABLE_WAYS + way) * (t->words + 1u);
}

static int same_key(const uint64_t *slot, const grundy_nim_pos *key, unsigned words) {
    return memcmp(slot, key->w, words * sizeof(uint64_t)) == 0;
}

int nim_table_get(nim_table *t, const grundy_nim_pos *key, uint32_t *nimber) {
    const uint64_t b = bucket_of(t, key);
    int found = 0;
    lock(t, b);
    for (unsigned way = 0; way < NIM_TABLE_WAYS && !found; way++) {
        const uint64_t *const s = slot_at(t, b, way);
        if ((s[t->words] & USED) && same_key(s, key, t->words)) {
            *nimber = (uint32_t)s[t->words];
            found = (s[t->words] & PARTIAL) ? NIM_TABLE_PARTIAL : NIM_TABLE_EXACT;
        }
    }
    unlock(t, b);
    return found;
}

void nim_table_prefetch(const nim_table *t, const grundy_nim_pos *key) {
    const uint64_t *const first = slot_at(t, bucket_of(t, key), 0);
    __builtin_prefetch(first);
    __builtin_prefetch(first + NIM_TABLE_WAYS * (t->words + 1u) - 1); /* a bucket spans 2 lines */
}

/* The slot for key in bucket b: its own, an empty one, or the least sized; NULL to keep out. */
static uint64_t *choose_slot(nim_table *t, uint64_t b, const grundy_nim_pos *key, uint64_t size,
                             int *fresh) {
    uint64_t *least = NULL, *empty = NULL;
    *fresh = 0;
    for (unsigned way = 0; way < NIM_TABLE_WAYS; way++) {
        uint64_t *const s = slot_at(t, b, way);
        const uint64_t meta = s[t->words];
        if ((meta & USED) && same_key(s, key, t->words)) {
            return s;
        }
        if (!(meta & USED)) {
            empty = empty == NULL ? s : empty;
        } else if (least == NULL ||
                   ((meta >> 32) & SIZE_MAX30) < ((least[t->words] >> 32) & SIZE_MAX30)) {
            least = s;
        }
    }
    if (empty != NULL) {
        *fresh = 1;
        return empty;
    }
    return ((least[t->words] >> 32) & SIZE_MAX30) <= size ? least : NULL;
}

/* One thread's table twice as big, when it is half full and its bound allows: bucket b's
 * entries stay in b or move to b + buckets (the next bit of the hash), so the doubling is done
 * in place, and the table's pages stay dense (a table spread over its whole bound costs a page
 * fault for almost every entry and a TLB miss for every probe). Out of memory: it stays as it
 * is. */
static void grow(nim_table *t) {
    const uint64_t old = t->buckets, slot = t->words + 1u, bucket_words = slot * NIM_TABLE_WAYS;
    uint64_t *const slots = realloc(t->slots, (size_t)(old * 2 * bucket_words * sizeof *slots));
    if (slots == NULL) {
        t->max_buckets = old;
        return;
    }
    memset(slots + old * bucket_words, 0, (size_t)(old * bucket_words * sizeof *slots));
    t->slots = slots;
    t->buckets = old * 2;
    for (uint64_t b = 0; b < old; b++) {
        unsigned moved = 0;
        for (unsigned way = 0; way < NIM_TABLE_WAYS; way++) {
            uint64_t *const s = slot_at(t, b, way);
            if ((s[t->words] & USED) && bucket_of_words(t, s) != b) {
                memcpy(slot_at(t, b + old, moved++), s, (size_t)slot * sizeof *s);
                memset(s, 0, (size_t)slot * sizeof *s);
            }
        }
    }
}

static int can_grow(const nim_table *t) {
    return !t->shared && t->buckets < t->max_buckets;
}

/* A full bucket grows the table from a quarter full on; below that, a bucket full this early is
 * bad luck, and its entry of the least size gives way. Measured (one thread, positions searched,
 * user s, peak): Chomp 7 x 11 growing only at half full 357 thousand, 1.67 s; from a quarter
 * 37 thousand, 0.83 s, 7.6 MiB; at every full bucket 30 thousand, 0.96 s, 29 MiB. Cram 4 x 9:
 * 85, 83 and 82 thousand; 59 MiB, 108 MiB and 796 MiB. */
static int full_bucket_grows(const nim_table *t) {
    return can_grow(t) && atomic_load_explicit(&t->entries, memory_order_relaxed) * 4 >=
                              t->buckets * NIM_TABLE_WAYS;
}

/* Store meta for key (under the bucket's lock): an exact value always wins; a partial one is
 * merged with a partial one already there and never replaces an exact one. A full bucket grows
 * the table (full_bucket_grows) rather than drop an entry: the search asks the same positions
 * again and again, and lost entries cost whole subtrees (Chomp 7 x 11 searched 58 times the
 * positions in a 64 Ki-slot table that dropped entries at under half full). */
static void put_meta(nim_table *t, const grundy_nim_pos *key, uint64_t meta, uint64_t sz) {
    uint64_t b = bucket_of(t, key);
    int fresh = 0;
    lock(t, b);
    uint64_t *s = choose_slot(t, b, key, sz, &fresh);
    while (!fresh && (s == NULL || !same_key(s, key, t->words)) && full_bucket_grows(t)) {
        unlock(t, b);
        grow(t);
        b = bucket_of(t, key);
        lock(t, b);
        s = choose_slot(t, b, key, sz, &fresh);
    }
    if (s != NULL && !fresh && same_key(s, key, t->words) && (meta & PARTIAL)) {
        const uint64_t old = s[t->words];
        meta = (old & PARTIAL) ? meta | (old & 0xffffffffu) : old; /* keep what is known */
    }
    if (s != NULL) {
        memcpy(s, key->w, t->words * sizeof(uint64_t));
        s[t->words] = meta;
    }
    unlock(t, b);
    if (fresh &&
        atomic_fetch_add_explicit(&t->entries, 1, memory_order_relaxed) + 1 >
            t->buckets * NIM_TABLE_WAYS / 2 &&
        can_grow(t)) {
        grow(t);
    }
}

void nim_table_put(nim_table *t, const grundy_nim_pos *key, uint32_t nimber, uint32_t size) {
    const uint64_t sz = size > SIZE_MAX30 ? SIZE_MAX30 : size;
    put_meta(t, key, USED | sz << 32 | nimber, sz);
}

void nim_table_put_excluded(nim_table *t, const grundy_nim_pos *key, uint32_t excluded,
                            uint32_t size) {
    const uint64_t sz = size > SIZE_MAX30 ? SIZE_MAX30 : size;
    put_meta(t, key, USED | PARTIAL | sz << 32 | excluded, sz);
}

/* Write len bytes and fold them into the checksum; 0 on a write error. */
static int put_bytes(FILE *f, uint64_t *h, const uint8_t *b, size_t len) {
    grundy_fnv1a(h, b, len);
    return fwrite(b, 1, len, f) == len;
}

/* Every used slot of bucket b, under its lock; counts them into *count. */
static int save_bucket(nim_table *t, FILE *f, uint64_t *h, uint64_t b, uint64_t *count) {
    uint8_t buf[NIM_TABLE_WAYS * (GRUNDY_NIM_WORDS + 1) * 8];
    size_t len = 0;
    lock(t, b);
    for (unsigned way = 0; way < NIM_TABLE_WAYS; way++) {
        const uint64_t *const s = slot_at(t, b, way);
        if (s[t->words] & USED) {
            for (unsigned i = 0; i <= t->words; i++, len += 8) {
                grundy_put_le(buf + len, s[i], 8);
            }
            (*count)++;
        }
    }
    unlock(t, b);
    return put_bytes(f, h, buf, len);
}

static void header(uint8_t *hd, unsigned words, uint64_t count, uint64_t h, size_t desc_len) {
    memset(hd, 0, HEADER);
    memcpy(hd, magic, 8);
    grundy_put_le(hd + 8, 1, 4);
    grundy_put_le(hd + 12, words, 4);
    grundy_put_le(hd + 16, count, 8);
    grundy_put_le(hd + 24, h, 8);
    grundy_put_le(hd + 32, desc_len, 4);
}

static int write_all(nim_table *t, const char *what, FILE *f) {
    uint8_t hd[HEADER];
    uint64_t h = 0xcbf29ce484222325ull, count = 0;
    const size_t desc_len = strlen(what);
    memset(hd, 0, sizeof hd); /* a placeholder, rewritten with the counts at the end */
    int ok =
        fwrite(hd, 1, HEADER, f) == HEADER && put_bytes(f, &h, (const uint8_t *)what, desc_len);
    for (uint64_t b = 0; ok && b < t->buckets; b++) {
        ok = save_bucket(t, f, &h, b, &count);
    }
    header(hd, t->words, count, h, desc_len);
    ok = ok && fflush(f) == 0 && fseek(f, 0, SEEK_SET) == 0 && fwrite(hd, 1, HEADER, f) == HEADER;
    return ok && fflush(f) == 0 && fsync(fileno(f)) == 0;
}

grundy_status nim_table_save(nim_table *t, const char *what, const char *path) {
    const size_t len = strlen(path);
    char *const tmp = malloc(len + 5);
    if (tmp == NULL || strlen(what) > DESC_MAX) {
        free(tmp);
        return tmp == NULL ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_INVALID_ARG;
    }
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    FILE *const f = fopen(tmp, "wb");
    int ok = f != NULL && write_all(t, what, f);
    ok = (f != NULL && fclose(f) == 0) && ok;
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        remove(tmp);
    }
    free(tmp);
    return ok ? GRUNDY_STATUS_OK : GRUNDY_STATUS_IO;
}

/* The header's fields after checking magic, version and words: _OK, _PARSE, _INVALID_ARG. */
static grundy_status read_header(FILE *f, unsigned words, uint64_t *count, uint64_t *sum,
                                 size_t *desc_len) {
    uint8_t hd[HEADER];
    if (fread(hd, 1, HEADER, f) != HEADER || memcmp(hd, magic, 8) != 0 ||
        grundy_get_le(hd + 8, 4) != 1 || grundy_get_le(hd + 36, 4) != 0 ||
        grundy_get_le(hd + 32, 4) > DESC_MAX) {
        return GRUNDY_STATUS_PARSE;
    }
    *count = grundy_get_le(hd + 16, 8);
    *sum = grundy_get_le(hd + 24, 8);
    *desc_len = (size_t)grundy_get_le(hd + 32, 4);
    return grundy_get_le(hd + 12, 4) == words ? GRUNDY_STATUS_OK : GRUNDY_STATUS_INVALID_ARG;
}

static grundy_status read_entries(nim_table *t, FILE *f, uint64_t count, uint64_t *h) {
    uint8_t buf[(GRUNDY_NIM_WORDS + 1) * 8];
    const size_t len = (t->words + 1u) * 8u;
    for (uint64_t e = 0; e < count; e++) {
        if (fread(buf, 1, len, f) != len) {
            return GRUNDY_STATUS_PARSE;
        }
        grundy_fnv1a(h, buf, len);
        grundy_nim_pos key;
        memset(&key, 0, sizeof key);
        for (unsigned i = 0; i < t->words; i++) {
            key.w[i] = grundy_get_le(buf + 8 * i, 8);
        }
        const uint64_t meta = grundy_get_le(buf + 8 * t->words, 8);
        if (!(meta & USED)) {
            return GRUNDY_STATUS_PARSE;
        }
        put_meta(t, &key, meta, (meta >> 32) & SIZE_MAX30);
    }
    return fgetc(f) == EOF ? GRUNDY_STATUS_OK : GRUNDY_STATUS_PARSE;
}

grundy_status nim_table_load(nim_table *t, const char *what, const char *path, uint64_t *loaded) {
    char desc[DESC_MAX + 1];
    uint64_t count = 0, sum = 0, h = 0xcbf29ce484222325ull;
    size_t desc_len = 0;
    *loaded = 0;
    FILE *const f = fopen(path, "rb");
    if (f == NULL) {
        return GRUNDY_STATUS_IO;
    }
    grundy_status st = read_header(f, t->words, &count, &sum, &desc_len);
    if (st == GRUNDY_STATUS_OK && fread(desc, 1, desc_len, f) != desc_len) {
        st = GRUNDY_STATUS_PARSE;
    }
    if (st == GRUNDY_STATUS_OK) {
        desc[desc_len] = '\0';
        grundy_fnv1a(&h, (const uint8_t *)desc, desc_len);
        st = strcmp(desc, what) != 0 ? GRUNDY_STATUS_INVALID_ARG : read_entries(t, f, count, &h);
    }
    fclose(f);
    if (st == GRUNDY_STATUS_OK && h != sum) {
        st = GRUNDY_STATUS_PARSE;
    }
    *loaded = st == GRUNDY_STATUS_OK ? count : 0;
    return st;
}
