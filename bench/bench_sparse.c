/* SPDX-License-Identifier: MIT */
/* Benchmarks of the sparse-space engine on fixed inputs (docs/benchmarks.md, "Sparse-space
 * engine"):
 *   bench_sparse period CODE MAX_N      grundy_period_find, as `grundy period CODE --max-n MAX_N`
 *   bench_sparse rate CODE FROM TO      values per second of the sparse engine from FROM to TO
 *   bench_sparse naive CODE AT COUNT    ns per value of both engines on heaps AT..AT+COUNT-1,
 *                                       the naive one started from the sparse engine's prefix
 * Each prints one line with the wall time and the peak resident memory, after one naming the
 * doubt test's instruction set and the cap on its algorithm (GRUNDY_SPARSE_SIMD,
 * GRUNDY_SPARSE_DOUBTS). */
#include <grundy/grundy.h>

#include "heap/seq/seq_internal.h"
#include "heap/sparse/sparse_state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double peak_mib(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss / 1024.0;
}

static uint64_t arg_u64(const char *s) {
    uint64_t v;
    if (grundy_parse_u64(s, UINT64_MAX, &v) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_sparse: bad number %s\n", s);
        exit(2);
    }
    return v;
}

static grundy_seq *make(const grundy_rule *rule, grundy_seq_engine engine) {
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    opts.engine = engine;
    if (grundy_seq_create(rule, &opts, &seq) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_sparse: cannot create the sequence\n");
        exit(5);
    }
    return seq;
}

static int run_period(const grundy_rule *rule, const char *code, uint64_t max_n) {
    grundy_period_opts opts = GRUNDY_PERIOD_OPTS_INIT;
    grundy_period_result res;
    opts.max_n = max_n;
    const double t0 = now();
    const grundy_status st = grundy_period_find(rule, NULL, &opts, &res);
    const double t = now() - t0;
    printf("period %s max_n %" PRIu64 ": status %s, preperiod %" PRIu64 ", period %" PRIu64
           ", proved %d, values %" PRIu64 ", max value %" PRIu64 ", %.3f s, peak %.0f MiB\n",
           code, max_n, grundy_status_str(st), res.preperiod, res.period, res.proved,
           res.values_computed, res.max_value, t, peak_mib());
    return st == GRUNDY_STATUS_OK ? 0 : 1;
}

static int run_rate(const grundy_rule *rule, const char *code, uint64_t from, uint64_t to) {
    grundy_seq *seq = make(rule, GRUNDY_SEQ_SPARSE);
    const double t0 = now();
    grundy_status st = grundy_seq_extend(seq, from);
    const double t1 = now();
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_extend(seq, to);
    }
    const double t2 = now();
    printf("rate %s %" PRIu64 "..%" PRIu64 ": prefix %.3f s, window %.3f s, %.0f values/s, "
           "peak %.0f MiB\n",
           code, from, to, t1 - t0, t2 - t1, (double)(to - from) / (t2 - t1), peak_mib());
    grundy_seq_destroy(seq);
    return st == GRUNDY_STATUS_OK ? 0 : 1;
}

static int run_naive(const grundy_rule *rule, const char *code, uint64_t at, uint64_t count) {
    grundy_seq *fast = make(rule, GRUNDY_SEQ_SPARSE);
    grundy_seq *naive = make(rule, GRUNDY_SEQ_NAIVE);
    grundy_status st = grundy_seq_extend(fast, at);
    for (uint64_t i = 0; i < at && st == GRUNDY_STATUS_OK; i++) {
        st = grundy_seq_push(naive, grundy_seq_get(fast, i)); /* the naive engine's prefix */
    }
    const double t0 = now();
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_extend(fast, at + count);
    }
    const double t1 = now();
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_extend(naive, at + count);
    }
    const double t2 = now();
    for (uint64_t i = at; i < at + count && st == GRUNDY_STATUS_OK; i++) {
        if (grundy_seq_get(naive, i) != grundy_seq_get(fast, i)) {
            fprintf(stderr, "bench_sparse: engines differ at %" PRIu64 "\n", i);
            st = GRUNDY_STATUS_INTERNAL;
        }
    }
    const double sparse_ns = 1e9 * (t1 - t0) / (double)count;
    const double naive_ns = 1e9 * (t2 - t1) / (double)count;
    printf("naive %s %" PRIu64 "+%" PRIu64 ": sparse %.0f ns/value, naive %.0f ns/value, ratio "
           "%.1f\n",
           code, at, count, sparse_ns, naive_ns, naive_ns / sparse_ns);
    grundy_seq_destroy(fast);
    grundy_seq_destroy(naive);
    return st == GRUNDY_STATUS_OK ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_sparse period CODE MAX_N | rate CODE FROM TO | naive CODE AT "
                        "COUNT\n");
        return 2;
    }
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(argv[2], &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bench_sparse: bad rule %s\n", argv[2]);
        return 3;
    }
    printf("doubt test: %s, up to %s\n", grundy_sparse_isa_name(grundy_sparse_machine_isa()),
           grundy_sparse_doubts_name(grundy_sparse_doubts_cap()));
    int rc = 2;
    if (strcmp(argv[1], "period") == 0) {
        rc = run_period(rule, argv[2], arg_u64(argv[3]));
    } else if (strcmp(argv[1], "rate") == 0 && argc == 5) {
        rc = run_rate(rule, argv[2], arg_u64(argv[3]), arg_u64(argv[4]));
    } else if (strcmp(argv[1], "naive") == 0 && argc == 5) {
        rc = run_naive(rule, argv[2], arg_u64(argv[3]), arg_u64(argv[4]));
    }
    grundy_rule_destroy(rule);
    return rc;
}
