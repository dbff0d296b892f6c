/* SPDX-License-Identifier: MIT */
/* The period finder: smallest period, then smallest preperiod, of a computed prefix, in O(1)
 * memory beyond the values (library-internal; period.c proves what it finds). */
#ifndef GRUNDY_HEAP_PERIOD_SCAN_H
#define GRUNDY_HEAP_PERIOD_SCAN_H

#include <grundy/rule.h>

/** A period g(n + p) = g(n) + s for every n in [n0, length - p), length the values scanned. */
typedef struct grundy_period_candidate {
    int found;
    uint64_t n0, p, s;
} grundy_period_candidate;

/**
 * The smallest p (then the smallest n0 for it) such that g(n + p) = g(n) + s (s >= 0; s = 0
 * when plain_only) for every n in [n0, length - p) and the rule's theorem window fits:
 * grundy_period_values_needed(rule, n0, p) <= length; p ranges over 1..min(length - 1, the
 * largest p whose window fits with n0 = 0) exactly as docs/architecture.md ("Periods") defines the
 * period.
 * @param raw    g(0..length-1), each value `width` bytes (1, 2, 4 or 8), native order.
 * @param[out] out out->found == 0 when no p qualifies.
 * Complexity: O(length) for the filter over the candidates (plain: a compare of the last values,
 * vectorised for one-byte values; else a rolling hash), plus for each candidate whose last 64
 * differences match a backward scan to its first mismatch. Memory O(1).
 */
void grundy_period_scan(const grundy_rule *rule, const void *raw, unsigned width, uint64_t length,
                        int plain_only, grundy_period_candidate *out);

/**
 * A guess for the next round of a period search: the smallest plain period p <= (length - 1) / 2
 * whose last 64 differences repeat p places earlier, with n0 as far back as the values agree,
 * among those whose theorem window fits in `budget` (> length) values. Only a hint of how far
 * to compute next: the proof is always grundy_period_scan's, on the values it then has.
 */
void grundy_period_guess(const grundy_rule *rule, const void *raw, unsigned width, uint64_t length,
                         uint64_t budget, grundy_period_candidate *out);

#endif
