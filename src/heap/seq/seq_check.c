/* SPDX-License-Identifier: MIT */
/* The self-check of a computed sequence: at each quiescent point, heaps are
 * recomputed by the naive engine's full mex over every option and compared with what the engine
 * stored. Since g(n) is by definition the mex of the values of n's options, a heap whose stored
 * value differs from that mex (taken over the stored values below it) is a wrong value, whatever
 * the engine's reasoning was. */
#include "heap/seq/seq_object.h"

#include "util/rng.h"
#include "util/try.h"

#include <math.h>
#include <stdlib.h>

/* A flagged heap and the next FLAG_SPAN - 1 heaps are recomputed: the heap where the state
 * changed was computed in the old state, the ones after it are the first in the new one. */
#define FLAG_SPAN 4
/* The sample's hash seed: fixed, so a run is reproducible and independent of the chunks. */
#define SAMPLE_SEED 0x6772756e64793131ull

struct grundy_seq_checker {
    int all;            /* the rate is 1: every heap */
    uint64_t threshold; /* else heap n is sampled when hash(n) < threshold */
    uint64_t checked;   /* heaps below this are checked */
    uint64_t max_seen;  /* the largest value among them */
    void *mex;          /* the naive engine's one-heap mex */
    grundy_seq_check_report *report;
};

grundy_status grundy_seq_checker_create(const grundy_seq *seq, const grundy_seq_opts *opts,
                                        grundy_seq_checker **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_seq_checker *c = NULL;
    *out = NULL;
    GRUNDY_CHECK(opts->check_rate >= 0.0 && opts->check_rate <= 1.0, GRUNDY_STATUS_INVALID_ARG);
    c = calloc(1, sizeof *c);
    GRUNDY_CHECK(c != NULL, GRUNDY_STATUS_NOMEM);
    c->all = opts->check_rate >= 1.0;
    c->threshold = c->all ? UINT64_MAX : (uint64_t)ldexp(opts->check_rate, 64);
    c->report = opts->check_report;
    GRUNDY_TRY(grundy_seq_naive_mex_create(seq, &c->mex));
    *out = c;
    c = NULL;
cleanup:
    grundy_seq_checker_destroy(c);
    return st;
}

void grundy_seq_checker_destroy(grundy_seq_checker *c) {
    if (c == NULL) {
        return;
    }
    grundy_seq_naive_mex_destroy(c->mex);
    free(c);
}

static int sampled(const grundy_seq_checker *c, uint64_t n) {
    uint64_t x = n ^ SAMPLE_SEED;
    return c->all || grundy_splitmix64(&x) < c->threshold;
}

static int by_heap(const void *a, const void *b) {
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Is n within FLAG_SPAN heaps after a flag? The flags are sorted and the heaps come in
 * ascending order, so *next (the first flag that may still cover a heap) only moves forward. */
static int flagged(const grundy_seq_flags *f, uint64_t n, size_t *next) {
    while (*next < f->count && f->heaps[*next] + FLAG_SPAN <= n) {
        ++*next;
    }
    return *next < f->count && f->heaps[*next] <= n;
}

/* Keep only the flags that still cover heaps at or past `to`. */
static void drop_old_flags(grundy_seq_flags *f, uint64_t to) {
    size_t kept = 0;
    for (size_t i = 0; i < f->count; i++) {
        if (f->heaps[i] + FLAG_SPAN > to) {
            f->heaps[kept++] = f->heaps[i];
        }
    }
    f->count = kept;
}

grundy_status grundy_seq_checker_run(grundy_seq_checker *c, grundy_seq *seq) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t to = grundy_seq_length(seq);
    size_t next = 0;
    grundy_seq_flags *const f = &seq->flags;
    if (f->count > 1) {
        qsort(f->heaps, f->count, sizeof *f->heaps, by_heap);
    }
    for (; c->checked < to; c->checked++) {
        const uint64_t n = c->checked, v = grundy_seq_get(seq, n);
        const int record = v > c->max_seen || n == 0;
        if (f->lost || record || sampled(c, n) || flagged(f, n, &next)) {
            uint64_t mex = 0;
            GRUNDY_TRY(grundy_seq_naive_mex(seq, c->mex, n, &mex));
            if (c->report != NULL) {
                c->report->checked++;
            }
            if (mex != v) {
                if (c->report != NULL) {
                    c->report->failed = 1;
                    c->report->heap = n;
                    c->report->value = v;
                    c->report->mex = mex;
                }
                return GRUNDY_STATUS_CHECK; /* checked stays at n: a later run says it again */
            }
        }
        c->max_seen = v > c->max_seen ? v : c->max_seen;
    }
    f->lost = 0;
    drop_old_flags(f, to);
cleanup:
    return st;
}
