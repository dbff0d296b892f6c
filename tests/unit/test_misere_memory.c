/* SPDX-License-Identifier: MIT */
/* --max-bytes bounds the misere quotient's peak: a run stopped by the bound must have grown the
 * process's resident peak (VmHWM, Linux) by no more than the bound. A process of its own, so
 * that nothing else has raised the peak before. */
#include "check.h"

#include <grundy/misere.h>

/* The resident peak in bytes (VmHWM); 0 where /proc is not there. */
static uint64_t peak_resident(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    uint64_t kib = 0;
    if (f == NULL) {
        return 0;
    }
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kib = strtoull(line + 6, NULL, 10);
        }
    }
    fclose(f);
    return kib * 1024;
}

/* Dawson's Kayles to heap 34 needs hundreds of MiB: with 12 MiB it must stop at the byte bound
 * (the check's states, the candidates' products, their reductions and the monoids all alive at
 * once were 1.3 to 2.9 times the bound before each was counted against it). */
static void test_peak(void) {
    const uint64_t bound = (uint64_t)12 << 20;
    grundy_rule *r = NULL;
    grundy_misere *q = NULL;
    CHECK_EQ(grundy_rule_parse("0.07", &r, NULL), GRUNDY_STATUS_OK);
    grundy_misere_opts o = GRUNDY_MISERE_OPTS_INIT;
    o.max_bytes = bound;
    const uint64_t before = peak_resident();
    CHECK_EQ(grundy_misere_create(r, &o, &q), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_misere_extend(q, 34), GRUNDY_STATUS_LIMIT);
    uint64_t need = 0;
    CHECK_EQ(grundy_misere_limit(q, &need), GRUNDY_MISERE_LIMIT_BYTES);
    CHECK(need > bound);
    const uint64_t after = peak_resident();
#if defined(GRUNDY_TEST_SANITIZED)
    (void)before;
    (void)after;
    printf("sanitized build: the resident peak is the sanitizer's too, not measured\n");
#else
    if (before != 0) {
        CHECK(after - before <= bound);
        printf("peak grew by %llu bytes under a bound of %llu (stopped at heap %llu)\n",
               (unsigned long long)(after - before), (unsigned long long)bound,
               (unsigned long long)grundy_misere_max_heap(q) + 1);
    }
#endif
    grundy_misere_destroy(q);
    grundy_rule_destroy(r);
}

int main(void) {
    test_peak();
    return check_report("test_misere_memory");
}
