/* SPDX-License-Identifier: MIT */
/* Thread scaling of the sequence engines on a loaded machine (docs/benchmarks.md, "Threads"):
 *   bench_threads ENGINE CODE N REPS T1 T2 ...
 * computes g(0..N-1) with each thread count in turn, REPS rounds alternating the counts, and
 * prints per run the wall time, the CPU time of the whole process and of the calling thread
 * (which does the in-order part of each block and its share of the rest), and a hash of the
 * values (the same for every count). On a shared machine the wall time says little; the
 * calling thread's CPU time bounds the wall time an idle machine would take from below, and
 * CPU(1 thread) / CPU(calling thread) is the speedup the scheme allows. With GRUNDY_SPARSE_PROFILE
 * set, the sparse engine's blocks also say where the calling thread's time went: CPU and wall
 * seconds of the second passes (its share and its wait), the in-order parts, and the next blocks'
 * first passes (its share and its wait), per pool loop (docs/benchmarks.md, the Amdahl table), and
 * the first take's ordinary splits the blocks' groups marked at once, a heap. */
#include <grundy/grundy.h>

#include "heap/seq/seq_internal.h"
#include "heap/seq/seq_object.h"
#include "heap/sparse/sparse_state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t arg_u64(const char *s) {
    uint64_t v;
    if (grundy_parse_u64(s, UINT64_MAX, &v) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_threads: bad number %s\n", s);
        exit(2);
    }
    return v;
}

static int run(const grundy_rule *rule, grundy_seq_engine engine, const char *code, uint64_t n,
               unsigned threads) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    opts.threads = threads;
    if (grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_threads: cannot create the sequence\n");
        return 1;
    }
    const double w0 = clock_s(CLOCK_MONOTONIC), p0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
    const double c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
    const grundy_status st = grundy_seq_extend(seq, n);
    const double c1 = clock_s(CLOCK_THREAD_CPUTIME_ID);
    const double p1 = clock_s(CLOCK_PROCESS_CPUTIME_ID), w1 = clock_s(CLOCK_MONOTONIC);
    uint64_t hash = 1469598103934665603u;
    for (uint64_t i = 0; i < grundy_seq_length(seq); i++) {
        hash = (hash ^ grundy_seq_get(seq, i)) * 1099511628211u;
    }
    printf("%s n %" PRIu64 " threads %u: %s, wall %.3f s, cpu %.3f s, calling thread %.3f s, "
           "%.0f values/s of cpu, hash %016" PRIx64 "\n",
           code, n, threads, grundy_status_str(st), w1 - w0, p1 - p0, c1 - c0,
           (double)n / (p1 - p0), hash);
    const sparse *s = engine == GRUNDY_SEQ_SPARSE && grundy_seq_get_engine(seq) == GRUNDY_SEQ_SPARSE
                          ? seq->state
                          : NULL;
    if (s != NULL && s->profile != NULL && s->profile->loops > 0) {
        const sparse_block_profile *p = s->profile;
        printf("  blocks: %" PRIu64 " loops, %" PRIu64 " heaps; calling thread cpu (wall) s: "
               "second pass %.3f (%.3f), in order %.3f (%.3f), first pass %.3f (%.3f); "
               "first-take splits marked at once %.1f a heap\n",
               p->loops, p->heaps, p->cpu[SPARSE_PART_SECOND], p->wall[SPARSE_PART_SECOND],
               p->cpu[SPARSE_PART_IN_ORDER], p->wall[SPARSE_PART_IN_ORDER],
               p->cpu[SPARSE_PART_FIRST], p->wall[SPARSE_PART_FIRST],
               (double)p->marked_splits / (double)p->heaps);
    }
    fflush(stdout);
    grundy_seq_destroy(seq);
    return st == GRUNDY_STATUS_OK ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: bench_threads naive|sparse CODE N REPS T1 [T2 ...]\n");
        return 2;
    }
    const grundy_seq_engine engine =
        strcmp(argv[1], "naive") == 0 ? GRUNDY_SEQ_NAIVE : GRUNDY_SEQ_SPARSE;
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(argv[2], &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_threads: cannot parse %s\n", argv[2]);
        return 2;
    }
    const uint64_t n = arg_u64(argv[3]), reps = arg_u64(argv[4]);
    int rc = 0;
    for (uint64_t r = 0; r < reps; r++) {
        for (int i = 5; i < argc; i++) {
            rc |= run(rule, engine, argv[2], n, (unsigned)arg_u64(argv[i]));
        }
    }
    grundy_rule_destroy(rule);
    return rc;
}
