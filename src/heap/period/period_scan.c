/* SPDX-License-Identifier: MIT */
/* The period finder in O(1) memory per value: for every candidate period p at once, the last
 * W differences are compared with the W differences p places earlier (plain periods: the last
 * W + 1 values, filtered a chunk of candidates at a time; arithmetic ones: a rolling hash as p
 * grows); only candidates that match are verified, by a backward scan that also finds the
 * preperiod. The values themselves are the only O(length) memory (0.1777 needs 443 million of
 * them: a side array of 4 or 8 bytes per value would not fit in 1 GiB). */
#include "heap/period/period_scan.h"
#include "heap/seq/seq_internal.h"

#include <grundy/period.h>

#include <string.h>

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

/* The plain form of preperiod_of: the smallest n0 with g(i) = g(i + p) for every i in
 * [n0, from), given that it holds from `from` to the end. Values are equal exactly when their
 * bytes are, so this compares bytes backwards, eight at a time (0.1777 walks 47 and then 222
 * million values behind its period's matching windows). */
static uint64_t plain_start(const void *raw, unsigned width, uint64_t p, uint64_t from) {
    const unsigned char *b = raw;
    const uint64_t shift = p * width;
    uint64_t i = from * width; /* every byte in [i, from * width) matches */
    while (i >= 8) {
        uint64_t x, y;
        memcpy(&x, b + i - 8, 8);
        memcpy(&y, b + i - 8 + shift, 8);
        if (x != y) {
            break;
        }
        i -= 8;
    }
    while (i > 0 && b[i - 1] == b[i - 1 + shift]) {
        i--;
    }
    return (i + width - 1) / width; /* the value after the one holding byte i - 1 */
}

/* One scan's inputs and what its verified candidates have shown so far. */
typedef struct scan {
    const grundy_rule *rule;
    const void *raw;
    unsigned width;
    int plain_only;
    uint64_t length, D, W, budget, last;
    /* d(i + base_p) = d(i) for every i in [base_n0, D - base_p): then every multiple of base_p
     * matches there too (chain the shifts), and its scan starts at base_n0. Without this a
     * sequence periodic from a late n0 (0.354: p 1180 from 10061916) would rescan its whole
     * periodic part for each of thousands of multiples in a round too short to prove it. */
    uint64_t base_p, base_n0;
    grundy_period_candidate *out;
} scan;

/* Candidate p passed the filter: its last W differences match those p places earlier, and
 * back = g(length - 1 - p) <= last (== last when plain_only). Finds its n0; nonzero, with
 * s->out filled, when its theorem window fits in the budget. */
static int verify(scan *s, uint64_t p, uint64_t back) {
    uint64_t n0;
    if (s->plain_only) { /* the filter compared the last W + 1 values: start below them */
        const uint64_t from = s->D - s->W - p;
        const int multiple = s->base_p != 0 && p % s->base_p == 0 && s->base_n0 < from;
        n0 = plain_start(s->raw, s->width, p, multiple ? s->base_n0 : from);
    } else {
        const int multiple = s->base_p != 0 && p % s->base_p == 0 && s->base_n0 < s->D - p;
        n0 = preperiod_of(s->raw, s->width, p, multiple ? s->base_n0 : s->D - p);
    }
    if (s->base_p == 0 && s->D - p - n0 > HASH_WINDOW) {
        s->base_p = p;
        s->base_n0 = n0;
    }
    if (grundy_period_values_needed(s->rule, n0, p) > s->budget) {
        return 0;
    }
    s->out->found = 1;
    s->out->n0 = n0;
    s->out->p = p;
    s->out->s = s->last - back;
    return 1;
}

/* Arithmetic periods too: a rolling hash of the last W differences against those p places
 * earlier, for every p at once as p grows; equal hashes go to verify. */
static void scan_hashed(scan *s, uint64_t pmax) {
    const void *raw = s->raw;
    const unsigned width = s->width;
    const uint64_t D = s->D, W = s->W;
    /* h = sum_i d(j + i) x^i over the window at j = D - W - p; ref: the window at D - W. */
    uint64_t ref = 0, h = 0, xw = 1; /* xw = x^(W-1) */
    for (uint64_t i = W; i-- > 0;) {
        ref = ref * HASH_BASE + diff(raw, width, D - W + i);
        if (pmax >= 1) {
            h = h * HASH_BASE + diff(raw, width, D - W - 1 + i);
        }
        xw = i > 0 ? xw * HASH_BASE : xw;
    }
    for (uint64_t p = 1; p <= pmax; p++) {
        if (p > 1 && W > 0) { /* slide the window one place towards the start */
            const uint64_t j = D - W - p + 1;
            h = diff(raw, width, j - 1) + HASH_BASE * (h - diff(raw, width, j + W - 1) * xw);
        }
        const uint64_t back = grundy_seq_raw_load(raw, width, s->length - 1 - p);
        if ((W > 0 && h != ref) || s->last < back || (s->plain_only && s->last != back)) {
            continue;
        }
        if (verify(s, p, back)) {
            return;
        }
    }
}

/* Plain periods: the last W differences match and the last values are equal exactly when the
 * last W + 1 values are, which memcmp checks without a hash. */
static int plain_window(const scan *s, uint64_t p) {
    const unsigned char *b = s->raw;
    const uint64_t first = s->length - 1 - s->W; /* g(first .. length - 1) against p earlier */
    return memcmp(b + (first - p) * s->width, b + first * s->width, (s->W + 1) * s->width) == 0;
}

static void scan_plain(scan *s, uint64_t pmax) {
    for (uint64_t p = 1; p <= pmax; p++) {
        if (grundy_seq_raw_load(s->raw, s->width, s->length - 1 - p) == s->last &&
            plain_window(s, p) && verify(s, p, s->last)) {
            return;
        }
    }
}

/* A word with a zero byte (exact: the borrow reaches only bytes above a zero one). */
static int has_zero_byte(uint64_t w) {
    return ((w - 0x0101010101010101u) & ~w & 0x8080808080808080u) != 0;
}

#define FILTER_CHUNK  4096
#define FILTER_VALUES 8 /* the last values the chunk filter compares */

/*
 * scan_plain for one-byte values with W >= 7 (0.1777's 443 million values are below 64): a
 * chunk of candidates at a time, t[i] = 0 exactly when the last eight values repeat p places
 * earlier, p = p0 + n - 1 - i, and the chunk's smallest t[i], in a loop the compiler vectorises;
 * only a chunk with a zero is searched, a word at a time, smallest p first. With the rolling hash
 * and the difference walk, 0.1777's scans took 4.4 s of CPU (12% of the run, serial between
 * rounds); with this, about 0.2 s.
 */
static void scan_plain_bytes(scan *s, uint64_t pmax) {
    const uint8_t *g = s->raw;
    const uint64_t L = s->length;
    uint8_t c[FILTER_VALUES];
    for (size_t k = 0; k < FILTER_VALUES; k++) {
        c[k] = g[L - 1 - k];
    }
    uint8_t t[FILTER_CHUNK];
    for (uint64_t p0 = 1; p0 <= pmax; p0 += FILTER_CHUNK) {
        const size_t n = pmax - p0 + 1 < FILTER_CHUNK ? (size_t)(pmax - p0 + 1) : FILTER_CHUNK;
        /* q[i] = g(L - 1 - p); q - 7 >= g since p <= D - W <= L - 8 */
        const uint8_t *q = g + (L - p0 - n);
        const uint8_t *q1 = q - 1, *q2 = q - 2, *q3 = q - 3, *q4 = q - 4, *q5 = q - 5, *q6 = q - 6,
                      *q7 = q - 7;
        uint8_t least = 0xFF;
        for (size_t i = 0; i < n; i++) {
            const uint8_t x =
                (uint8_t)((q[i] ^ c[0]) | (q1[i] ^ c[1]) | (q2[i] ^ c[2]) | (q3[i] ^ c[3]) |
                          (q4[i] ^ c[4]) | (q5[i] ^ c[5]) | (q6[i] ^ c[6]) | (q7[i] ^ c[7]));
            t[i] = x;
            least = x < least ? x : least;
        }
        if (least != 0) {
            continue;
        }
        for (size_t end = n; end > 0;) {
            const size_t start = end >= 8 ? end - 8 : 0;
            uint64_t w = 0;
            if (end - start == 8) {
                memcpy(&w, t + start, 8);
            }
            if (end - start == 8 && !has_zero_byte(w)) {
                end = start;
                continue;
            }
            for (size_t i = end; i-- > start;) {
                const uint64_t p = p0 + n - 1 - i;
                if (t[i] == 0 && plain_window(s, p) && verify(s, p, s->last)) {
                    return;
                }
            }
            end = start;
        }
    }
}

/* The smallest p <= pmax whose last W differences match those p places earlier (a filter, then
 * a backward scan that finds n0) and whose theorem window fits in `budget` values. */
static void scan_candidates(const grundy_rule *rule, const void *raw, unsigned width,
                            uint64_t length, uint64_t W, uint64_t pmax, uint64_t budget,
                            int plain_only, grundy_period_candidate *out) {
    scan s = {rule, raw, width, plain_only, length, length - 1, W, budget, 0, 0, 0, out};
    s.last = grundy_seq_raw_load(raw, width, length - 1);
    if (!plain_only) {
        scan_hashed(&s, pmax);
    } else if (width == 1 && W >= FILTER_VALUES - 1) {
        scan_plain_bytes(&s, pmax);
    } else {
        scan_plain(&s, pmax);
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
