/* SPDX-License-Identifier: MIT */
/* Relations between surveyed codes: equal sequences, or one the other shifted (g_a(n + s) =
 * g_b(n)), found through the rows' prefix fingerprints and proved where the periods allow. */
#include <grundy/survey.h>

#include "util/vec.h"

#include <stdlib.h>
#include <string.h>

GRUNDY_VEC_DEFINE(relations, grundy_survey_relation)

/* The longest prefix length 2^k of g_a(s..) and g_b(0..) both rows know, 0 when too short. */
static unsigned common_log(const grundy_survey_row *a, const grundy_survey_row *b, unsigned s) {
    for (unsigned k = GRUNDY_SURVEY_FP_LOGS; k-- > GRUNDY_SURVEY_FP_MIN_LOG;) {
        if (a->fp[s][k] != 0 && b->fp[0][k] != 0) {
            return k;
        }
    }
    return 0;
}

static uint64_t gcd(uint64_t x, uint64_t y) {
    while (y != 0) {
        const uint64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

static uint64_t period_value(const grundy_survey_row *row, uint64_t n) {
    const uint64_t n0 = row->period.preperiod, p = row->period.period;
    return row->prefix[n < n0 ? n : n0 + (n - n0) % p];
}

/* Both sequences are eventually periodic with the proved (n0, p): g_a(n + s) = g_b(n) for every n
 * follows from agreement on n < max(n0_a - s, n0_b) + lcm(p_a, p_b), past which both sides repeat
 * with period lcm. Spans past 2^24 are not compared (no proof claimed). */
enum { MAX_PROOF_SPAN = 1 << 24 };
static int proved_by_periods(const grundy_survey_row *a, const grundy_survey_row *b, unsigned s) {
    if (a->prefix == NULL || b->prefix == NULL) {
        return 0;
    }
    const uint64_t pa = a->period.period, pb = b->period.period;
    const uint64_t lcm = pa / gcd(pa, pb) * pb;
    const uint64_t n0a = a->period.preperiod, n0b = b->period.preperiod;
    const uint64_t start = n0a > s && n0a - s > n0b ? n0a - s : n0b;
    if (lcm > MAX_PROOF_SPAN || start > MAX_PROOF_SPAN) {
        return 0;
    }
    for (uint64_t n = 0; n < start + lcm; n++) {
        if (period_value(a, n + s) != period_value(b, n)) {
            return 0;
        }
    }
    return 1;
}

/* Eventually constant (a proved period 1): every such pair is "shifted" by any large enough s,
 * which says nothing. */
static int eventually_constant(const grundy_survey_row *row) {
    return row->status == GRUNDY_SURVEY_PROVED && row->period.period == 1 &&
           row->period.saltus == 0;
}

static int related(const grundy_survey_row *rows, size_t a, size_t b, unsigned s,
                   grundy_survey_relation *out) {
    if (s > 0 && (eventually_constant(&rows[a]) || eventually_constant(&rows[b]))) {
        return 0;
    }
    const unsigned k = common_log(&rows[a], &rows[b], s);
    if (k == 0 || rows[a].fp[s][k] != rows[b].fp[0][k]) {
        return 0;
    }
    out->a = a;
    out->b = b;
    out->shift = s;
    out->upto = (uint64_t)1 << k;
    out->proved = (s == 0 && strcmp(rows[a].canonical, rows[b].canonical) == 0) ||
                  proved_by_periods(&rows[a], &rows[b], s);
    return 1;
}

/* Rows sorted by the fingerprint of their first 2^MIN_LOG values: a related pair has equal keys
 * (fp_a[s] against fp_b[0]), so only runs of equal keys are compared pairwise. */
typedef struct keyed {
    uint64_t key;
    size_t row;
} keyed;

static int by_key(const void *x, const void *y) {
    const uint64_t a = ((const keyed *)x)->key, b = ((const keyed *)y)->key;
    return a < b ? -1 : a > b;
}

static size_t lower_bound(const keyed *order, size_t count, uint64_t key) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (order[mid].key < key) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* A smaller shift already relates a to b (or b to a with shift 0): list the smallest only. */
static int shifted_before(const grundy_survey_row *rows, size_t a, size_t b, unsigned s) {
    grundy_survey_relation unused;
    for (unsigned t = 0; t < s; t++) {
        if (related(rows, a, b, t, &unused) || (t == 0 && related(rows, b, a, 0, &unused))) {
            return 1;
        }
    }
    return 0;
}

static int relate_one(const grundy_survey_row *rows, const keyed *order, size_t count, size_t a,
                      relations *out) {
    for (unsigned s = 0; s <= GRUNDY_SURVEY_MAX_SHIFT; s++) {
        const uint64_t key = rows[a].fp[s][GRUNDY_SURVEY_FP_MIN_LOG];
        if (key == 0) {
            continue;
        }
        for (size_t i = lower_bound(order, count, key); i < count && order[i].key == key; i++) {
            const size_t b = order[i].row;
            grundy_survey_relation rel;
            if (b == a || (s == 0 && b < a) || shifted_before(rows, a, b, s) ||
                !related(rows, a, b, s, &rel)) {
                continue;
            }
            if (relations_push(out, rel) != GRUNDY_STATUS_OK) {
                return 0;
            }
        }
    }
    return 1;
}

grundy_status grundy_survey_relate(const grundy_survey_row *rows, size_t count,
                                   grundy_survey_relation **out, size_t *out_count) {
    relations r;
    relations_init(&r);
    keyed *order = malloc((count ? count : 1) * sizeof *order);
    *out = NULL;
    *out_count = 0;
    if (order == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (size_t i = 0; i < count; i++) {
        order[i].key = rows[i].fp[0][GRUNDY_SURVEY_FP_MIN_LOG];
        order[i].row = i;
    }
    qsort(order, count, sizeof *order, by_key);
    for (size_t a = 0; a < count; a++) {
        if (!relate_one(rows, order, count, a, &r)) {
            free(order);
            relations_free(&r);
            return GRUNDY_STATUS_NOMEM;
        }
    }
    free(order);
    *out = r.items;
    *out_count = r.count;
    return GRUNDY_STATUS_OK;
}
