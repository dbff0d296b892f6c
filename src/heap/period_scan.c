/* SPDX-License-Identifier: MIT */
/* The period finder in O(1) memory per value: a rolling hash of the differences compares the
 * last W differences with the W differences p places earlier for every candidate p at once as
 * p grows; only candidates whose hashes agree are verified, by a backward scan that also finds
 * the preperiod. The values themselves are the only O(length) memory (0.1777 needs 443 million
 * of them: a side array of 4 or 8 bytes per value would not fit in 1 GiB). */
#include "period_scan.h"
#include "seq_internal.h"

#include <grundy/period.h>

/* d(i) = g(i + 1) - g(i) mod 2^64: equal differences are what arithmetic periodicity needs. */
static uint64_t diff(const void *raw, unsigned width, uint64_t i) {
    return grundy_seq_raw_load(raw, width, i + 1) - grundy_seq_raw_load(raw, width, i);
}

/* The largest p whose window fits in `length` values with n0 = 0 (0 if none). */
static uint64_t largest_period(const grundy_rule *rule, uint64_t length) {
    uint64_t lo = 0, hi = length;
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo + 1) / 2;
        if (grundy_period_values_needed(rule, 0, mid) <= length) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

/* The largest n0 whose window with period p fits in `length` values; 0 when only n0 = 0 could
 * (the caller checks that one directly), the window being monotone in n0. */
static uint64_t largest_preperiod(const grundy_rule *rule, uint64_t p, uint64_t length) {
    uint64_t lo = 0, hi = length;
    while (lo < hi) {
        const uint64_t mid = lo + (hi - lo + 1) / 2;
        if (grundy_period_values_needed(rule, mid, p) <= length) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

#define HASH_WINDOW 64
#define HASH_BASE   0x9E3779B97F4A7C15u /* odd, so x^i never vanishes mod 2^64 */

/*
 * The number of trailing differences every qualifying candidate must match: a candidate p
 * compares d(i) with d(i + p) for i in [n0, D - p) (D = length - 1 differences), and n0 can be
 * at most largest_preperiod(p), so at least D - p - largest_preperiod(p) comparisons. For every
 * theorem that count does not depend on p (Guy-Smith: about length / 2; window: t - 1; k-heap:
 * about length (k - 1) / k), so its value at the two ends bounds it. A hash window longer than
 * that could reject a qualifying candidate.
 */
static uint64_t safe_window(const grundy_rule *rule, uint64_t D, uint64_t pmax, uint64_t length) {
    uint64_t w = HASH_WINDOW;
    const uint64_t ends[2] = {1, pmax};
    for (int e = 0; e < 2; e++) {
        const uint64_t p = ends[e], n0 = largest_preperiod(rule, p, length);
        const uint64_t need = D - p > n0 ? D - p - n0 : 0;
        w = need < w ? need : w;
    }
    return w;
}

/* The smallest n0 with d(i) = d(i + p) for every i in [n0, D - p), given that it holds for
 * every i in [from, D - p). */
static uint64_t preperiod_of(const void *raw, unsigned width, uint64_t p, uint64_t from) {
    uint64_t i = from;
    while (i > 0 && diff(raw, width, i - 1) == diff(raw, width, i - 1 + p)) {
        i--;
    }
    return i;
}

/* The smallest p <= pmax whose last W differences match those p places earlier (hash, then a
 * backward scan that finds n0) and whose theorem window fits in `budget` values. */
static void scan_candidates(const grundy_rule *rule, const void *raw, unsigned width,
                            uint64_t length, uint64_t W, uint64_t pmax, uint64_t budget,
                            int plain_only, grundy_period_candidate *out) {
    const uint64_t D = length - 1;
    const uint64_t last = grundy_seq_raw_load(raw, width, length - 1);
    /* h = sum_i d(j + i) x^i over the window at j = D - W - p; ref: the window at D - W. */
    uint64_t ref = 0, h = 0, xw = 1; /* xw = x^(W-1) */
    for (uint64_t i = W; i-- > 0;) {
        ref = ref * HASH_BASE + diff(raw, width, D - W + i);
        if (pmax >= 1) {
            h = h * HASH_BASE + diff(raw, width, D - W - 1 + i);
        }
        xw = i > 0 ? xw * HASH_BASE : xw;
    }
    /* d(i + base_p) = d(i) for every i in [base_n0, D - base_p): then every multiple of base_p
     * matches there too (chain the shifts), and its scan starts at base_n0. Without this a
     * sequence periodic from a late n0 (0.354: p 1180 from 10061916) would rescan its whole
     * periodic part for each of thousands of multiples in a round too short to prove it. */
    uint64_t base_p = 0, base_n0 = 0;
    for (uint64_t p = 1; p <= pmax; p++) {
        if (p > 1 && W > 0) { /* slide the window one place towards the start */
            const uint64_t j = D - W - p + 1;
            h = diff(raw, width, j - 1) + HASH_BASE * (h - diff(raw, width, j + W - 1) * xw);
        }
        const uint64_t back = grundy_seq_raw_load(raw, width, length - 1 - p);
        if ((W > 0 && h != ref) || last < back || (plain_only && last != back)) {
            continue;
        }
        const int multiple = base_p != 0 && p % base_p == 0 && base_n0 < D - p;
        const uint64_t n0 = preperiod_of(raw, width, p, multiple ? base_n0 : D - p);
        if (base_p == 0 && D - p - n0 > HASH_WINDOW) {
            base_p = p;
            base_n0 = n0;
        }
        if (grundy_period_values_needed(rule, n0, p) <= budget) {
            out->found = 1;
            out->n0 = n0;
            out->p = p;
            out->s = last - back;
            return;
        }
    }
}

void grundy_period_scan(const grundy_rule *rule, const void *raw, unsigned width, uint64_t length,
                        int plain_only, grundy_period_candidate *out) {
    const grundy_period_candidate none = {0, 0, 0, 0};
    *out = none;
    if (length < 2) {
        return;
    }
    const uint64_t D = length - 1;
    const uint64_t lp = largest_period(rule, length), pmax = lp < D ? lp : D;
    const uint64_t W = pmax > 0 ? safe_window(rule, D, pmax, length) : 0;
    scan_candidates(rule, raw, width, length, W, pmax, length, plain_only, out);
}

void grundy_period_guess(const grundy_rule *rule, const void *raw, unsigned width, uint64_t length,
                         uint64_t budget, grundy_period_candidate *out) {
    const grundy_period_candidate none = {0, 0, 0, 0};
    *out = none;
    if (length < 4) {
        return;
    }
    const uint64_t D = length - 1;
    const uint64_t lp = largest_period(rule, budget), pmax = lp < D / 2 ? lp : D / 2;
    const uint64_t W = D / 2 < HASH_WINDOW ? D / 2 : HASH_WINDOW;
    scan_candidates(rule, raw, width, length, W, pmax, budget, 1, out);
}
