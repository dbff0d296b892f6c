/* SPDX-License-Identifier: MIT */
/* The doubt tables of the sparse engine (AVX-512 and AVX2) against
 * their definition,
 * on seeded random marks and values: grundy_sparse_gap_table must give the common gap and exactly
 * the unmarked rare values below it (grundy_sparse_gap's list), and grundy_sparse_scan_table
 * must clear exactly the xors g(a') ^ g(m - a') of the splits it says it scanned, and stop only
 * when no doubt is left or no whole block fits. The engine-level tests (test_seq_batch) could not
 * see a table that lost one doubt per chunk: a doubt that is settled anyway by a later split
 * leaves every value right. Each table this machine has is checked (SPARSE_DOUBTS_TABLE on
 * SPARSE_ISA_AVX2 and SPARSE_ISA_AVX512). GRUNDY_TEST_SEED replays a failure; exit 77 (skipped) on
 * a machine without AVX2. */
#include <grundy/grundy.h>

#include "check.h"
#include "heap/seq/seq_internal.h"
#include "heap/sparse/sparse_state.h"

#include <stdio.h>
#include <stdlib.h>

#define VALUES  SPARSE_BITSET_VALUES /* the table's span */
#define HEAPS   4096                 /* the random sequence's length */
#define CASES   3000
#define PADDING 64 /* the vector loads may read a chunk past top */

typedef struct fixture {
    sparse_mark seen[VALUES + PADDING];
    uint8_t common[VALUES + PADDING];
    uint16_t g[HEAPS];
    uint64_t doubt[VALUES];
} fixture;

static int table_has(const uint64_t *table, uint64_t v) {
    return (int)((table[v / 64] >> (v % 64)) & 1u);
}

/* Random marks (a share `marked` of 1024 marked) and classes below top, random values below top. */
static void fill(fixture *f, check_rng *rng, uint64_t top, sparse_mark stamp) {
    const uint64_t marked = 512 + check_rng_below(rng, 512), commons = check_rng_below(rng, 1025);
    for (uint64_t v = 0; v < VALUES + PADDING; v++) {
        const int below = v < top;
        f->seen[v] =
            below && check_rng_below(rng, 1024) < marked ? stamp : (sparse_mark)(stamp + 1);
        f->common[v] = below && check_rng_below(rng, 1024) < commons;
    }
    for (size_t i = 0; i < HEAPS; i++) {
        f->g[i] = (uint16_t)check_rng_below(rng, top);
    }
}

/* The gap and its doubts against the definition; the table in *table. */
static void check_gap(fixture *f, const heap_ctx *h, uint64_t top, uint64_t *table, uint64_t seed) {
    uint64_t c = top;
    for (uint64_t v = 0; v < top; v++) {
        if (f->common[v] && f->seen[v] != h->stamp) {
            c = v;
            break;
        }
    }
    size_t count = 0;
    memset(table, 0, SPARSE_TABLE_WORDS * sizeof *table);
    const uint64_t got = grundy_sparse_gap_table(h, f->common, top, table, &count);
    size_t want = 0;
    int same = got == c;
    for (uint64_t v = 0; v < VALUES; v++) {
        const int doubt = v < c && !f->common[v] && f->seen[v] != h->stamp;
        want += (size_t)doubt;
        same &= table_has(table, v) == doubt;
    }
    same &= count == want;
    if (!same) {
        fprintf(stderr,
                "gap table (seed %llu, top %llu): gap %llu want %llu, %zu doubts want %zu\n",
                (unsigned long long)seed, (unsigned long long)top, (unsigned long long)got,
                (unsigned long long)c, count, want);
    }
    CHECK(same);
}

/* A scan of heap m's splits from a to a_max against the definition. */
static void check_scan(fixture *f, const heap_ctx *h, uint64_t *table, check_rng *rng,
                       uint64_t seed) {
    uint64_t before[SPARSE_TABLE_WORDS];
    memcpy(before, table, sizeof before);
    const uint64_t m = HEAPS / 2 + check_rng_below(rng, HEAPS / 2);
    const uint64_t a = 1 + check_rng_below(rng, 64), a_max = m / 2;
    const uint64_t end = grundy_sparse_scan_table(h, m, a, a_max, table);
    int same = end >= a && (end - a) % SPARSE_SCAN_BLOCK == 0 && end <= a_max + 1;
    for (uint64_t x = a; x < end; x++) {
        const uint64_t v = (uint64_t)(f->g[x] ^ f->g[m - x]);
        before[v / 64] &= ~((uint64_t)1 << (v % 64));
    }
    int left = 0;
    for (size_t w = 0; w < SPARSE_TABLE_WORDS; w++) {
        same &= before[w] == table[w];
        left |= table[w] != 0;
    }
    same &= !left || end + SPARSE_SCAN_BLOCK - 1 > a_max; /* stopped for a reason */
    if (!same) {
        fprintf(stderr, "scan table (seed %llu): heap %llu from split %llu to %llu, stopped %llu\n",
                (unsigned long long)seed, (unsigned long long)m, (unsigned long long)a,
                (unsigned long long)a_max, (unsigned long long)end);
    }
    CHECK(same);
}

static void check_level(fixture *f, sparse_isa isa, uint64_t seed) {
    check_rng rng = {seed};
    for (int i = 0; i < CASES; i++) {
        const uint64_t top = (uint64_t)64 << check_rng_below(&rng, 4); /* 64 .. 512 */
        const sparse_mark stamp = (sparse_mark)(1 + check_rng_below(&rng, 250));
        fill(f, &rng, top, stamp);
        heap_ctx h = {f->g, 2, f->seen, stamp, f->doubt, (uint8_t)isa, SPARSE_DOUBTS_TABLE,
                      NULL, 0, 0};
        CHECK(grundy_sparse_table_fits(&h, top));
        uint64_t table[SPARSE_TABLE_WORDS];
        check_gap(f, &h, top, table, seed);
        check_scan(f, &h, table, &rng, seed);
    }
}

int main(void) {
    const sparse_isa machine = grundy_sparse_machine_isa();
    if (!grundy_sparse_isa_has(machine, SPARSE_DOUBTS_TABLE)) {
        printf("test_sparse_table: skipped (no AVX2 on this machine, or GRUNDY_SPARSE_SIMD)\n");
        return 77;
    }
    const uint64_t seed = check_seed(20261201);
    fixture *f = calloc(1, sizeof *f);
    if (f == NULL) {
        return 1;
    }
    for (sparse_isa isa = SPARSE_ISA_SCALAR; isa <= machine; isa++) {
        if (grundy_sparse_isa_has(isa, SPARSE_DOUBTS_TABLE)) {
            check_level(f, isa, seed);
        }
    }
    free(f);
    return check_report("test_sparse_table");
}
