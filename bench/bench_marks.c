/* SPDX-License-Identifier: MIT */
/* The sparse engine's batched rare pass in isolation (docs/benchmarks.md, "Threads
 * and fast paths, fifth session"): ns per mark of variants of its loop on a real rare list,
 * alternating:
 *   bench_marks CODE N ROUNDS
 * computes g(0..N-1) of CODE (16-bit values) with the sparse engine, takes the labelling that
 * makes the fewest positions rare, and marks the batches of 16 heaps from N/2 on as
 * grundy_sparse_batch_rare does, and as variants of it do: loads pointed at a 4 KB window (no
 * cache misses), stores only, 8 heaps a pass, 64-bit loads, the heaps' marks side by side, and
 * every other rare position as bits (seq_sparse_bits.c, AVX-512 only). */
#define _POSIX_C_SOURCE 200809L
#include <grundy/grundy.h>

#include "heap/seq/seq_internal.h"
#include "heap/sparse/sparse_bits.h"
#include "heap/sparse/sparse_state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define STRIDE SPARSE_BATCH_STRIDE

typedef struct rare_list {
    const uint16_t *g;
    uint64_t *pos;
    uint32_t *val;
    size_t count;
} rare_list;

typedef void (*mark_fn)(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                        size_t lo, size_t hi);

static double cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void mark_lib(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                     size_t lo, size_t hi) {
    grundy_sparse_batch_rare(seen, stamp, r->g, 2, base, r->pos, r->val, lo, hi);
}

/* The loops copy what they read into locals: byte stores may alias anything. */
static void mark_hot(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                     size_t lo, size_t hi) {
    const uint16_t *const g = r->g;
    for (size_t i = lo; i < hi; i++) {
        const uint16_t *const gb = g + base - (r->pos[i] & 2047u);
        const uint32_t w = r->val[i];
        for (size_t j = 0; j < 16; j++) {
            seen[j * STRIDE + (w ^ gb[j])] = stamp;
        }
    }
}

static void mark_stores(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                        size_t lo, size_t hi) {
    (void)base;
    const uint32_t *const val = r->val;
    const uint64_t *const pos = r->pos;
    for (size_t i = lo; i < hi; i++) {
        const uint32_t w = val[i] ^ (uint32_t)pos[i];
        for (size_t j = 0; j < 16; j++) {
            seen[j * STRIDE + ((w + 37u * (uint32_t)j) & 511u)] = stamp;
        }
    }
}

static void mark_8(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                   size_t lo, size_t hi) {
    const uint16_t *const g = r->g;
    for (size_t half = 0; half < 2; half++) {
        sparse_mark *const s = seen + 8 * half * STRIDE;
        for (size_t i = lo; i < hi; i++) {
            const uint16_t *const gb = g + base - r->pos[i] + 8 * half;
            const uint32_t w = r->val[i];
            for (size_t j = 0; j < 8; j++) {
                s[j * STRIDE + (w ^ gb[j])] = stamp;
            }
        }
    }
}

static void mark_64(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                    size_t lo, size_t hi) {
    const uint16_t *const g = r->g;
    for (size_t i = lo; i < hi; i++) {
        const uint16_t *const gb = g + base - r->pos[i];
        const uint64_t w = r->val[i] * 0x0001000100010001u;
        for (size_t q = 0; q < 4; q++) {
            uint64_t x;
            memcpy(&x, gb + 4 * q, 8);
            x ^= w;
            for (size_t j = 0; j < 4; j++) {
                seen[(4 * q + j) * STRIDE + ((x >> (16 * j)) & 0xFFFFu)] = stamp;
            }
        }
    }
}

static void mark_side(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                      size_t lo, size_t hi) {
    const uint16_t *const g = r->g;
    for (size_t i = lo; i < hi; i++) {
        const uint16_t *const gb = g + base - r->pos[i];
        const uint32_t w = r->val[i];
        for (size_t j = 0; j < 16; j++) {
            seen[(size_t)(w ^ gb[j]) * 16 + j] = stamp;
        }
    }
}

/* The rare positions of the fewest-rare labelling (parity variant allowed, kpar 1 as for 0.6). */
static int rare_of(const uint16_t *g, uint64_t n, rare_list *r) {
    uint64_t top = 0;
    for (uint64_t i = 0; i < n; i++) {
        top = g[i] > top ? g[i] : top;
    }
    unsigned bits = 1;
    while ((top >> bits) != 0) {
        bits++;
    }
    uint64_t *hist = calloc((size_t)2 << bits, sizeof *hist);
    int64_t *scratch = calloc((size_t)2 << bits, sizeof *scratch);
    r->pos = malloc((size_t)n * sizeof *r->pos);
    r->val = malloc((size_t)n * sizeof *r->val);
    if (hist == NULL || scratch == NULL || r->pos == NULL || r->val == NULL) {
        free(hist);
        free(scratch);
        return 0;
    }
    for (uint64_t i = 1; i < n; i++) {
        hist[((uint64_t)g[i] << 1) | ((i ^ 1u) & 1u)]++;
    }
    const grundy_sparse_mask m = grundy_sparse_mask_choose(hist, bits, scratch, 1);
    r->count = 0;
    for (uint64_t i = 1; i < n; i++) {
        const unsigned parity = (unsigned)__builtin_popcountll(g[i] & m.mask) & 1u;
        if ((parity ^ (m.use_parity & (unsigned)((i ^ 1u) & 1u))) == 0) {
            r->pos[r->count] = i;
            r->val[r->count++] = g[i];
        }
    }
    r->g = g;
    printf("n %" PRIu64 ", largest value %" PRIu64 ", %zu rare positions, the last %" PRIu64 "\n",
           n, top, r->count, r->count > 0 ? r->pos[r->count - 1] : 0);
    free(hist);
    free(scratch);
    return r->count > 16;
}

/* Every other rare position as bits of the values below SPARSE_BITS_VALUES (seq_sparse_bits.c),
 * stored as marks; AVX-512 only (elsewhere the engine does not use it). */
static void mark_bits(sparse_mark *seen, sparse_mark stamp, const rare_list *r, uint64_t base,
                      size_t lo, size_t hi) {
    sparse_bits bits;
    memset(&bits, 0, sizeof bits);
    grundy_sparse_bits_rare(&bits, seen, stamp, r->g, 2, base, r->pos, r->val, lo, hi);
    grundy_sparse_bits_store(&bits, seen, stamp, SPARSE_BITS_VALUES);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: bench_marks CODE N ROUNDS\n");
        return 2;
    }
    const uint64_t n = strtoull(argv[2], NULL, 10);
    const int rounds = atoi(argv[3]);
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.engine = GRUNDY_SEQ_SPARSE;
    opts.threads = 1;
    if (grundy_rule_parse(argv[1], &rule, NULL) != GRUNDY_STATUS_OK ||
        grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK ||
        grundy_seq_extend(seq, n) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_marks: cannot compute %s\n", argv[1]);
        return 5;
    }
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    rare_list r = {NULL, NULL, NULL, 0};
    sparse_mark *seen = calloc(16 * STRIDE + 16 * 65536, 1);
    if (width != 2 || seen == NULL || !rare_of(raw, n, &r)) {
        fprintf(stderr, "bench_marks: needs 16-bit values and a rare list\n");
        return 5;
    }
    static const mark_fn fns[] = {mark_lib, mark_hot,  mark_stores, mark_8,
                                  mark_64,  mark_side, mark_bits};
    static const char *const names[] = {"batch_rare",     "4 KB window",  "stores only",
                                        "8 heaps a pass", "64-bit loads", "side by side",
                                        "half as bits"};
    const size_t lo = grundy_sparse_count_below(r.pos, r.count, 16);
    for (int round = 0; round < rounds; round++) {
        for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
            const double t0 = cpu_s();
            uint64_t marks = 0;
            sparse_mark stamp = 0;
            for (uint64_t base = n / 2; base + 16 < n; base += 16) {
                if (++stamp == 0) {
                    memset(seen, 0, 16 * STRIDE);
                    stamp = 1;
                }
                const size_t hi = grundy_sparse_count_below(r.pos, r.count, base);
                fns[f](seen, stamp, &r, base, lo, hi);
                marks += 16 * (hi - lo);
            }
            const double t = cpu_s() - t0;
            printf("%-15s %.3f ns a mark (%.2f s)\n", names[f], 1e9 * t / (double)marks, t);
        }
    }
    free(seen);
    free(r.pos);
    free(r.val);
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    return 0;
}
