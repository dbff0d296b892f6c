/* SPDX-License-Identifier: MIT */
/* Little-endian integers in byte buffers and the FNV-1a hash over bytes: what the solver's table
 * files (table_io.c, the search's nim_table.c) are written and checked with. Not public. */
#ifndef GRUNDY_UTIL_BYTES_H
#define GRUNDY_UTIL_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* v's low `bytes` bytes into b, least significant first. */
static inline void grundy_put_le(uint8_t *b, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) {
        b[i] = (uint8_t)(v >> (8 * i));
    }
}

/* The `bytes`-byte little-endian integer at b. */
static inline uint64_t grundy_get_le(const uint8_t *b, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)b[i] << (8 * i);
    }
    return v;
}

/* FNV-1a: *h updated by the bytes b[0..len-1]. */
static inline void grundy_fnv1a(uint64_t *h, const uint8_t *b, size_t len) {
    uint64_t x = *h;
    for (size_t i = 0; i < len; i++) {
        x = (x ^ b[i]) * 0x100000001b3ull;
    }
    *h = x;
}

#endif
