/* SPDX-License-Identifier: MIT */
/* The period finder's cost per candidate on a rule's real values (docs/benchmarks.md, "Threads
 * and fast paths, fifth session: the period search"):
 *   bench_period_scan CODE N REPS
 * computes g(0..N-1) (sparse engine, two threads), then REPS times each of: the plain scan (the
 * proof's, one-byte values filtered a chunk at a time), the guess (the same filter, W = 64), and
 * the arithmetic scan (the rolling hash, which was also the plain filter before), printing the
 * calling thread's CPU time per run and per candidate and what each found. CPU time of one
 * thread, so a loaded machine changes it little. */
#include <grundy/grundy.h>

#include "heap/period/period_scan.h"
#include "heap/seq/seq_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double thread_cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t arg_u64(const char *s) {
    uint64_t v;
    if (grundy_parse_u64(s, UINT64_MAX, &v) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_period_scan: bad number %s\n", s);
        exit(2);
    }
    return v;
}

/* One timed call: kind 0 the plain scan, 1 the guess (budget 2N), 2 the arithmetic scan. */
static void one(const grundy_rule *rule, const void *raw, unsigned width, uint64_t n, int kind) {
    static const char *const names[] = {"plain scan", "guess", "arithmetic scan"};
    grundy_period_candidate c;
    const double t0 = thread_cpu_s();
    if (kind == 1) {
        grundy_period_guess(rule, raw, width, n, 2 * n, &c);
    } else {
        grundy_period_scan(rule, raw, width, n, kind == 0, &c);
    }
    const double t = thread_cpu_s() - t0;
    /* every candidate up to the one found, or about n / 2 (the largest window that fits) */
    const double candidates = c.found ? (double)c.p : (double)n / 2;
    printf("%-16s %.3f s cpu, %.2f ns a candidate (about %.0f); found %d p %" PRIu64 " n0 %" PRIu64
           " s %" PRIu64 "\n",
           names[kind], t, 1e9 * t / candidates, candidates, c.found, c.p, c.n0, c.s);
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: bench_period_scan CODE N REPS\n");
        return 2;
    }
    const uint64_t n = arg_u64(argv[2]), reps = arg_u64(argv[3]);
    grundy_rule *rule = NULL;
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    opts.threads = 2;
    if (grundy_rule_parse(argv[1], &rule, NULL) != GRUNDY_STATUS_OK ||
        grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK ||
        grundy_seq_extend(seq, n) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_period_scan: cannot compute %s to %" PRIu64 "\n", argv[1], n);
        return 1;
    }
    unsigned width;
    const void *raw = grundy_seq_raw(seq, &width);
    printf("%s: %" PRIu64 " values of %u byte(s)\n", argv[1], n, width);
    for (uint64_t r = 0; r < reps; r++) {
        for (int kind = 0; kind < 3; kind++) {
            one(rule, raw, width, n, kind);
        }
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    return 0;
}
