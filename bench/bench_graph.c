/* SPDX-License-Identifier: MIT */
/*
 * Benchmark of the graph wing against the seed's queue algorithm (bench/graph_baseline.c), in one
 * run, on a random graph (splitmix64, fixed seed) and on a structured game graph (a subtraction
 * game with a loop move). Reports edges per second for the labelling alone and for load (parse
 * of the text) plus labelling, best of R runs and the spread.
 *   bench_graph [--n N] [--m M] [--repeat R] [--load 0|1] [--graph random|game|both]
 *               [--write FILE]
 * --write FILE only writes the random graph's text (seed format) for an RSS measurement.
 * Times are wall clock and, beside them, this process's CPU time (the machine is shared: CPU time
 * leaves out the time other programs held the core, not their pollution of the caches). The
 * labelling is also timed on a copy of the graph built with 4 KiB pages only
 * (grundy_graph_huge_pages = 0), to show what the huge pages bring.
 */
#include "graph/graph_impl.h"
#include "graph_baseline.h"

#include <grundy/graph.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double clock_s(clockid_t id) {
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A point in time: wall clock and process CPU time. */
typedef struct stamp {
    double wall, cpu;
} stamp;

static stamp now(void) {
    const stamp s = {clock_s(CLOCK_MONOTONIC), clock_s(CLOCK_PROCESS_CPUTIME_ID)};
    return s;
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct edges {
    const char *name;
    uint32_t n;
    uint64_t m;
    uint32_t *from, *to;
} edges;

static void random_edges(edges *e, uint32_t n, uint64_t m) {
    uint64_t s = 42;
    e->name = "random";
    e->n = n;
    e->m = m;
    e->from = malloc(m * sizeof *e->from);
    e->to = malloc(m * sizeof *e->to);
    for (uint64_t i = 0; i < m; i++) {
        e->from[i] = (uint32_t)(splitmix64(&s) % n);
        e->to[i] = (uint32_t)(splitmix64(&s) % n);
    }
}

/* Heaps 0..n-1; a move takes 1, 2 or 5, and from h = 5 (mod 6) one may also add 3 (a cycle; every
 * heap is still a win or a loss). */
static void game_edges(edges *e, uint32_t n) {
    static const int take[] = {1, 2, 5};
    e->name = "game";
    e->n = n;
    e->from = malloc((size_t)n * 4 * sizeof *e->from);
    e->to = malloc((size_t)n * 4 * sizeof *e->to);
    uint64_t m = 0;
    for (uint32_t h = 0; h < n; h++) {
        for (int k = 0; k < 3; k++) {
            if (h >= (uint32_t)take[k]) {
                e->from[m] = h;
                e->to[m++] = h - (uint32_t)take[k];
            }
        }
        if (h % 6 == 5 && h + 3 < n) {
            e->from[m] = h;
            e->to[m++] = h + 3;
        }
    }
    e->m = m;
}

/* The seed-format text of e (caller frees). */
static char *edges_text(const edges *e, size_t *len) {
    char *const t = malloc(24 + (size_t)e->m * 22);
    size_t at = (size_t)sprintf(t, "%u %llu\n", e->n, (unsigned long long)e->m);
    for (uint64_t i = 0; i < e->m; i++) {
        at += (size_t)sprintf(t + at, "%u %u\n", e->from[i], e->to[i]);
    }
    *len = at;
    return t;
}

typedef struct timing {
    double best, worst, cpu; /* wall best and worst, CPU best */
} timing;

static void record(timing *t, stamp t0) {
    const stamp t1 = now();
    const double s = t1.wall - t0.wall, c = t1.cpu - t0.cpu;
    t->best = t->best == 0 || s < t->best ? s : t->best;
    t->worst = s > t->worst ? s : t->worst;
    t->cpu = t->cpu == 0 || c < t->cpu ? c : t->cpu;
}

static void report(const edges *e, const char *what, const timing *t, const timing *base) {
    printf("%-7s %-34s best %7.3f s  %7.1f M edges/s  spread %4.0f%%  cpu %7.3f s", e->name, what,
           t->best, (double)e->m / t->best / 1e6, 100.0 * (t->worst - t->best) / t->best, t->cpu);
    if (base != NULL) {
        printf("  x%.2f (cpu x%.2f) vs baseline", base->best / t->best, base->cpu / t->cpu);
    }
    printf("\n");
    fflush(stdout);
}

/* Labelling alone: ours W/L/D, ours with remoteness, the baseline; checks they agree. */
static void bench_label(const edges *e, int repeat) {
    grundy_graph *g = NULL, *g4 = NULL;
    baseline_graph b;
    memset(&b, 0, sizeof b);
    grundy_graph_huge_pages = 0;
    const grundy_status st4 = grundy_graph_create(&g4, e->n, e->m, e->from, e->to);
    grundy_graph_huge_pages = 1;
    if (st4 != GRUNDY_STATUS_OK ||
        grundy_graph_create(&g, e->n, e->m, e->from, e->to) != GRUNDY_STATUS_OK ||
        baseline_build(&b, (int)e->n, e->m, e->from, e->to) != 0) {
        fprintf(stderr, "build failed\n");
        exit(1);
    }
    int *const lab = malloc((size_t)e->n * sizeof *lab);
    timing ours = {0, 0, 0}, ours_rem = {0, 0, 0}, ours4 = {0, 0, 0}, base = {0, 0, 0};
    grundy_graph_labels l;
    for (int r = 0; r < repeat; r++) {
        stamp t0 = now();
        baseline_label(&b, lab);
        record(&base, t0);
        grundy_graph_huge_pages = 0;
        t0 = now();
        grundy_graph_label(g4, 0, &l);
        record(&ours4, t0);
        grundy_graph_labels_free(&l);
        grundy_graph_huge_pages = 1;
        t0 = now();
        grundy_graph_label(g, 0, &l);
        record(&ours, t0);
        grundy_graph_labels_free(&l);
        t0 = now();
        grundy_graph_label(g, 1, &l);
        record(&ours_rem, t0);
        for (uint32_t v = 0; v < e->n; v++) {
            static const int to_base[] = {0, 2, 1};
            if (to_base[grundy_retro_outcome_get(l.outcomes, v)] != lab[v]) {
                fprintf(stderr, "mismatch at vertex %u\n", v);
                exit(1);
            }
        }
        if (r == 0) {
            printf("%-7s n %u, m %llu: %llu win, %llu lose, %llu draw\n", e->name, e->n,
                   (unsigned long long)e->m, (unsigned long long)l.win, (unsigned long long)l.lose,
                   (unsigned long long)l.draw);
        }
        grundy_graph_labels_free(&l);
    }
    report(e, "label: baseline (seed queue)", &base, NULL);
    report(e, "label: ours, W/L/D, 4 KiB pages", &ours4, &base);
    report(e, "label: ours, W/L/D", &ours, &base);
    report(e, "label: ours, W/L/D + remoteness", &ours_rem, &base);
    free(lab);
    baseline_free(&b);
    grundy_graph_destroy(g);
    grundy_graph_destroy(g4);
}

/* Load (parse the text in memory) plus labelling, ours (with remoteness) and the baseline's. */
static void bench_load(const edges *e, int repeat) {
    size_t len;
    char *const text = edges_text(e, &len);
    int *const lab = malloc((size_t)e->n * sizeof *lab);
    timing ours = {0, 0, 0}, base = {0, 0, 0};
    for (int r = 0; r < repeat; r++) {
        stamp t0 = now();
        FILE *const f = fmemopen(text, len, "r");
        baseline_graph b;
        memset(&b, 0, sizeof b);
        if (f == NULL || baseline_read(&b, f) != 0 || baseline_label(&b, lab) != 0) {
            exit(1);
        }
        fclose(f);
        record(&base, t0);
        baseline_free(&b);
        t0 = now();
        grundy_graph *g = NULL;
        grundy_graph_labels l;
        if (grundy_graph_parse(text, len, NULL, &g, NULL) != GRUNDY_STATUS_OK ||
            grundy_graph_label(g, 1, &l) != GRUNDY_STATUS_OK) {
            exit(1);
        }
        record(&ours, t0);
        grundy_graph_labels_free(&l);
        grundy_graph_destroy(g);
    }
    report(e, "load+label: baseline (fscanf)", &base, NULL);
    report(e, "load+label: ours, with remoteness", &ours, &base);
    free(lab);
    free(text);
}

int main(int argc, char **argv) {
    uint64_t n = 10000000, m = 40000000;
    int repeat = 3;
    const char *write = NULL;
    int load = 1;
    const char *which = "both";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--n") == 0) {
            n = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--m") == 0) {
            m = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--repeat") == 0) {
            repeat = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--load") == 0) {
            load = atoi(argv[i + 1]);
        } else if (strcmp(argv[i], "--graph") == 0) {
            which = argv[i + 1];
        } else if (strcmp(argv[i], "--write") == 0) {
            write = argv[i + 1];
        }
    }
    edges e;
    random_edges(&e, (uint32_t)n, m);
    if (write != NULL) {
        size_t len;
        char *const text = edges_text(&e, &len);
        FILE *const f = fopen(write, "wb");
        return f != NULL && fwrite(text, 1, len, f) == len && fclose(f) == 0 ? 0 : 1;
    }
    if (strcmp(which, "game") != 0) {
        bench_label(&e, repeat);
        if (load) {
            bench_load(&e, repeat > 1 ? repeat - 1 : 1);
        }
    }
    free(e.from);
    free(e.to);
    if (strcmp(which, "random") == 0) {
        return 0;
    }
    game_edges(&e, (uint32_t)n);
    bench_label(&e, repeat);
    if (load) {
        bench_load(&e, repeat > 1 ? repeat - 1 : 1);
    }
    free(e.from);
    free(e.to);
    return 0;
}
