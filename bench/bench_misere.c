/* SPDX-License-Identifier: MIT */
/* Misere play: one position decided through the misere quotient and by the theory-free search,
 * alternating, and the quotient of a rule computed to a heap. Fixed inputs; user CPU per run.
 *   bench_misere play RULE HEAP... [--runs R]   quotient vs search on one position
 *   bench_misere quotient RULE N [R]            grundy_misere_extend to heap N, R runs (3): user
 *                                               CPU, peak RSS, where the quotient last changed
 *   bench_misere many RULE COUNT MAXHEAP        COUNT heaps 1 + (i mod MAXHEAP), quotient only */
#include <grundy/grundy.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static double user_seconds(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6;
}

/* The process's peak resident set so far (the first run's is the quotient's own). */
static long peak_kib(void) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

static double play_once(const grundy_rule *rule, const uint64_t *heaps, size_t count,
                        uint64_t quotient_max_heap, int *win, uint64_t *moves) {
    grundy_position_opts o = GRUNDY_POSITION_OPTS_INIT;
    grundy_position *p = NULL;
    grundy_play_result r;
    memset(&r, 0, sizeof r);
    o.quotient_max_heap = quotient_max_heap;
    const double t0 = user_seconds();
    if (grundy_position_create(rule, &o, &p) != GRUNDY_STATUS_OK ||
        grundy_position_play(p, heaps, count, 1, NULL, 0, &r) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "play failed\n");
        exit(1);
    }
    const double t = user_seconds() - t0;
    grundy_position_destroy(p);
    *win = r.win;
    *moves = r.move_count;
    return t;
}

static int bench_play(const grundy_rule *rule, const uint64_t *heaps, size_t count, int runs) {
    for (int i = 0; i < runs; i++) {
        int w1, w2;
        uint64_t m1, m2;
        const double tq =
            play_once(rule, heaps, count, GRUNDY_POSITION_DEFAULT_QUOTIENT_MAX_HEAP, &w1, &m1);
        const double ts = play_once(rule, heaps, count, 0, &w2, &m2);
        printf("run %d: quotient %.3f s, search %.3f s user (win %d/%d, moves %llu/%llu)\n", i, tq,
               ts, w1, w2, (unsigned long long)m1, (unsigned long long)m2);
    }
    return 0;
}

static int bench_quotient(const grundy_rule *rule, uint64_t n, int runs) {
    for (int i = 0; i < runs; i++) {
        grundy_misere *q = NULL;
        const double t0 = user_seconds();
        grundy_status st = grundy_misere_create(rule, NULL, &q);
        if (st == GRUNDY_STATUS_OK) {
            st = grundy_misere_extend(q, n);
        }
        const double t = user_seconds() - t0;
        printf("run %d: %.3f s user, peak RSS %ld KiB, status %s, heaps to %llu, order %u, last "
               "change at heap %llu\n",
               i, t, peak_kib(), grundy_status_str(st),
               (unsigned long long)grundy_misere_max_heap(q), grundy_misere_order(q),
               (unsigned long long)grundy_misere_stable_from(q));
        grundy_misere_destroy(q);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bench_misere play|quotient|many RULE ...\n");
        return 2;
    }
    grundy_rule *rule = NULL;
    if (grundy_rule_parse(argv[2], &rule, NULL) != GRUNDY_STATUS_OK) {
        fprintf(stderr, "bad rule\n");
        return 2;
    }
    int rc = 0;
    if (strcmp(argv[1], "quotient") == 0) {
        rc = bench_quotient(rule, strtoull(argv[3], NULL, 10), argc > 4 ? atoi(argv[4]) : 3);
    } else if (strcmp(argv[1], "many") == 0 && argc >= 5) {
        const size_t count = strtoull(argv[3], NULL, 10);
        const uint64_t top = strtoull(argv[4], NULL, 10);
        uint64_t *heaps = malloc(count * sizeof *heaps);
        for (size_t i = 0; heaps != NULL && i < count; i++) {
            heaps[i] = 1 + i % top;
        }
        for (int i = 0; heaps != NULL && i < 3; i++) {
            int w;
            uint64_t m;
            const double t = play_once(rule, heaps, count, top, &w, &m);
            printf("run %d: %zu heaps, %.3f s user (win %d, %llu winning moves)\n", i, count, t, w,
                   (unsigned long long)m);
        }
        free(heaps);
    } else {
        uint64_t heaps[64];
        size_t count = 0;
        for (int i = 3; i < argc && count < 64; i++) {
            heaps[count++] = strtoull(argv[i], NULL, 10);
        }
        rc = bench_play(rule, heaps, count, 3);
    }
    grundy_rule_destroy(rule);
    return rc;
}
