/* SPDX-License-Identifier: MIT */
/*
 * Random-access latency and memory-level parallelism of this machine, the floor under the graph
 * labelling on random graphs (docs/benchmarks.md, "Graphs"). K independent pointer chases over
 * one random cycle through an array of B bytes (one 64-byte line per node), interleaved so that
 * up to K misses can be in flight: ns per access = time / total hops. K = 1 is the latency; the
 * K where ns per access stops falling shows the parallelism. Run once with 4 KiB pages and once
 * with transparent huge pages asked for by madvise (the TLB's share of the latency).
 *   bench_memlat [--mb B] [--hops H] [--repeat R]
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { LINE = 64, MAX_K = 32 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* One random cycle through all `nodes` lines: node i's first word is the index of the next. */
static uint64_t *make_cycle(size_t nodes, int huge) {
    const size_t bytes = nodes * LINE;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        return NULL;
    }
    madvise(p, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
    uint64_t *const a = p;
    uint32_t *const order = malloc(nodes * sizeof *order);
    for (size_t i = 0; i < nodes; i++) {
        order[i] = (uint32_t)i;
    }
    uint64_t s = 7;
    for (size_t i = nodes - 1; i > 0; i--) {
        const size_t j = (size_t)(splitmix64(&s) % (i + 1));
        const uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < nodes; i++) {
        a[(size_t)order[i] * (LINE / 8)] = (uint64_t)order[(i + 1) % nodes] * (LINE / 8);
    }
    free(order);
    return a;
}

/* K chases started at evenly spaced points of the cycle, `hops` hops each; ns per hop. */
static double chase(const uint64_t *a, size_t nodes, int k, uint64_t hops) {
    uint64_t pos[MAX_K];
    uint64_t p = 0;
    const size_t gap = nodes / (size_t)k;
    for (int j = 0; j < k; j++) {
        pos[j] = p;
        for (size_t i = 0; i < gap && i < 4096; i++) {
            p = a[p];
        }
    }
    const double t0 = now();
    for (uint64_t h = 0; h < hops; h++) {
        for (int j = 0; j < k; j++) {
            pos[j] = a[pos[j]];
        }
    }
    const double t = now() - t0;
    uint64_t sink = 0;
    for (int j = 0; j < k; j++) {
        sink += pos[j];
    }
    if (sink == 1) {
        printf(" ");
    }
    return t * 1e9 / (double)(hops * (uint64_t)k);
}

int main(int argc, char **argv) {
    uint64_t mb = 256, hops = 2000000;
    int repeat = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--mb") == 0) {
            mb = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--hops") == 0) {
            hops = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--repeat") == 0) {
            repeat = atoi(argv[i + 1]);
        }
    }
    const size_t nodes = (size_t)(mb << 20) / LINE;
    static const int ks[] = {1, 2, 4, 6, 8, 12, 16, 24, 32};
    printf("array %llu MiB, %zu lines, best of %d; ns per access (million accesses/s)\n",
           (unsigned long long)mb, nodes, repeat);
    for (int huge = 0; huge < 2; huge++) {
        uint64_t *const a = make_cycle(nodes, huge);
        if (a == NULL) {
            return 1;
        }
        printf("%s pages:\n", huge ? "huge (madvise)" : "4 KiB");
        for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
            double best = 0;
            for (int r = 0; r < repeat; r++) {
                const double ns = chase(a, nodes, ks[i], hops / (uint64_t)ks[i]);
                best = r == 0 || ns < best ? ns : best;
            }
            printf("  K %2d: %6.1f ns  (%6.1f M/s)\n", ks[i], best, 1e3 / best);
            fflush(stdout);
        }
        munmap(a, nodes * LINE);
    }
    return 0;
}
