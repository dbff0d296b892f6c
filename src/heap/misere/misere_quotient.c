/* SPDX-License-Identifier: MIT */
/*
 * Partial misere quotients Q_N, heap by heap, after Plambeck and Siegel ("Misere quotients for
 * impartial games", JCTA 115 (2008)) and Siegel's MisereSolver. A pretension is a finite monoid Q
 * with a subset P and a map phi from heaps to Q; it is correct when phi(G) in P exactly for the
 * misere P-positions G, and then the quotient is (Q, P) reduced (x ~ y iff xz in P <=> yz in P
 * for every z), because phi is onto and outcomes factor through it. Every pretension this file
 * keeps has passed mq_check, an exact test over all positions; how candidates are found only
 * decides how fast:
 *   - heap n+1 first tries a conservative extension: phi(n+1) = x for an existing x;
 *   - else a new generator: Q x C(2,2) with phi(n+1) the generator, its P-portion implied by the
 *     game (mq_imply_and_reduce), reduced;
 *   - while the check finds a least failing word F, recalibrate: free some heaps of F from their
 *     images (the submonoid of the others' images times a cyclic monoid for each freed heap, with
 *     room for F's exponents), imply, reduce, and keep the first candidate that gets F right.
 */
#include "heap/misere/quotient_parts.h"
#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEAP_SUPPORTED ((uint64_t)1 << 31)
#define MAX_RECALIBRATIONS 4096

struct grundy_misere {
    const grundy_rule *rule;
    grundy_misere_opts opts;
    size_t heaps;
    mq_options options;
    mq_monoid q;
    uint32_t *phi; /* heaps + 1 */
    size_t phi_cap;
    uint32_t *opt; /* option images under phi, per heap (mq_gens) */
    size_t *opt_start;
    mq_states *states;
    mq_budget budget; /* the bounds, the work spent, the reason of the last LIMIT */
    uint64_t stable_from;
    uint32_t p_size;
    int tame;   /* grundy_misere_tame: k, or -1 (found with the presentation: it allocates) */
    int proved; /* phi is proved periodic: period, preperiod */
    uint64_t period, preperiod;
    uint64_t proved_at; /* the first heap at which the proof held (0: not proved) */
    int loaded;         /* read from a file: no check states or options to extend with */
    mq_presentation pres;
};

grundy_status grundy_misere_create(const grundy_rule *rule, const grundy_misere_opts *opts,
                                   grundy_misere **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    const grundy_misere_opts defaults = GRUNDY_MISERE_OPTS_INIT;
    grundy_misere *q = calloc(1, sizeof *q);
    *out = NULL;
    GRUNDY_CHECK(q != NULL, GRUNDY_STATUS_NOMEM);
    q->rule = rule;
    q->opts = opts != NULL ? *opts : defaults;
    q->budget.max_states = q->opts.max_states;
    q->budget.max_bytes = q->opts.max_bytes;
    q->budget.max_work = q->opts.max_work;
    q->budget.progress = q->opts.progress;
    q->budget.progress_ctx = q->opts.progress_ctx;
    q->phi_cap = 64;
    mq_budget *b = &q->budget;
    q->phi = mq_alloc(b, q->phi_cap, sizeof *q->phi);
    q->q.size = 1;
    q->q.mul = q->phi != NULL ? mq_alloc(b, 1, sizeof *q->q.mul) : NULL;
    q->q.is_p = q->q.mul != NULL ? mq_alloc(b, 1, 1) : NULL;
    q->opt_start = q->q.is_p != NULL ? mq_alloc(b, 2, sizeof *q->opt_start) : NULL;
    q->opt = q->opt_start != NULL ? mq_alloc(b, 1, sizeof *q->opt) : NULL;
    GRUNDY_CHECK(q->opt != NULL, mq_alloc_failure(b));
    GRUNDY_TRY(mq_options_add_heap(&q->options, rule, 0, q->opts.max_options, b));
    *out = q;
    q = NULL;
cleanup:
    grundy_misere_destroy(q);
    return st;
}

void grundy_misere_destroy(grundy_misere *q) {
    if (q != NULL) {
        mq_options_free(&q->options);
        mq_monoid_free(&q->q);
        mq_free(q->phi);
        mq_free(q->opt);
        mq_free(q->opt_start);
        mq_states_free(q->states);
        mq_presentation_free(&q->pres);
        free(q);
    }
}

static grundy_status option_images(grundy_misere *q, const mq_monoid *m, const uint32_t *phi,
                                   size_t heaps, uint32_t **opt, size_t **start) {
    return mq_option_images(&q->options, heaps, m, mq_monoid_mul_fn, m->size, phi, &q->budget, opt,
                            start);
}

/* Try phi(n) = x for each x of the current quotient. *done = 1 when one passes. */
static grundy_status conservative(grundy_misere *q, size_t n, int *done) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint32_t *exp = mq_alloc(&q->budget, n + 1, sizeof *exp);
    mq_failure f = {0, exp};
    *done = 0;
    GRUNDY_CHECK(exp != NULL, mq_alloc_failure(&q->budget));
    /* the images of the heaps below n are those of the quotient kept: only heap n's are new */
    GRUNDY_TRY(mq_option_images_from(&q->options, n, n, &q->q, mq_monoid_mul_fn, q->q.size, q->phi,
                                     &q->budget, &q->opt, &q->opt_start));
    int next_p = 1;
    for (size_t i = q->opt_start[n]; i < q->opt_start[n + 1]; i++) {
        next_p = next_p && !q->q.is_p[q->opt[i]];
    }
    const mq_gens g = {n, q->phi, q->opt, q->opt_start};
    /* At most one x passes (Q is reduced and phi onto), so first the quick test for each x
     * (heap n alone dominated by an explored state), then the search. */
    for (int search = 0; search <= 1 && !*done; search++) {
        for (uint32_t x = 0; x < q->q.size && !*done; x++) {
            if (q->q.is_p[x] != next_p) {
                continue; /* the heap alone would be predicted wrongly */
            }
            q->phi[n] = x;
            GRUNDY_TRY(mq_check(&q->q, &g, search, &q->budget, &q->states, &f));
            *done = !f.found;
        }
    }
cleanup:
    mq_free(exp);
    return st;
}

/* A trial pretension of heaps 0..n. */
typedef struct trial {
    mq_monoid m;
    uint32_t *phi;
} trial;

static uint64_t product_bound(const grundy_misere *q) {
    const uint64_t b = q->opts.max_quotient * 256;
    return b < ((uint64_t)1 << 16)   ? (uint64_t)1 << 16
           : b > ((uint64_t)1 << 26) ? (uint64_t)1 << 26
                                     : b;
}

/* The submonoid of m generated by phi(h) for the heaps h <= n not in `freed`, as a monoid of
 * its own; map[x] is x's index there (UINT32_MAX outside). */
static grundy_status submonoid(const mq_monoid *m, const uint32_t *phi, size_t n,
                               const uint8_t *freed, mq_budget *budget, mq_monoid *out,
                               uint32_t *map) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint32_t *list = mq_alloc(budget, m->size, sizeof *list);
    size_t len = 0;
    memset(out, 0, sizeof *out);
    GRUNDY_CHECK(list != NULL, mq_alloc_failure(budget));
    for (uint32_t x = 0; x < m->size; x++) {
        map[x] = UINT32_MAX;
    }
    map[0] = 0;
    list[len++] = 0;
    for (size_t i = 0; i < len; i++) {
        for (size_t h = 1; h <= n; h++) {
            if (!freed[h]) {
                const uint32_t y = mq_mul(m, list[i], phi[h]);
                if (map[y] == UINT32_MAX) {
                    map[y] = (uint32_t)len;
                    list[len++] = y;
                }
            }
        }
    }
    out->size = (uint32_t)len;
    out->mul = mq_alloc(budget, len * len, sizeof *out->mul);
    out->is_p = out->mul != NULL ? mq_alloc(budget, len, 1) : NULL;
    GRUNDY_CHECK(out->is_p != NULL, mq_alloc_failure(budget));
    for (size_t a = 0; a < len; a++) {
        for (size_t b = 0; b < len; b++) {
            out->mul[a * len + b] = map[mq_mul(m, list[a], list[b])];
        }
    }
cleanup:
    mq_free(list);
    return st;
}

/* Index and period of x's powers 1, x, x^2, ... in m, by Floyd's cycle finding: no scratch, so
 * no allocation to fail (a failed one used to guess index 2, period 2). */
static void power_shape(const mq_monoid *m, uint32_t x, uint32_t *index, uint32_t *period) {
    uint32_t slow = mq_mul(m, 0, x), fast = mq_mul(m, slow, x);
    while (slow != fast) { /* fast runs twice as far: they meet inside the cycle */
        slow = mq_mul(m, slow, x);
        fast = mq_mul(m, mq_mul(m, fast, x), x);
    }
    uint32_t mu = 0;
    for (slow = 0; slow != fast; mu++) { /* the cycle's first element, mu steps from 1 */
        slow = mq_mul(m, slow, x);
        fast = mq_mul(m, fast, x);
    }
    uint32_t lambda = 1;
    for (fast = mq_mul(m, slow, x); fast != slow; lambda++) {
        fast = mq_mul(m, fast, x);
    }
    *index = mu;
    *period = lambda;
}

static uint32_t word_image(const mq_monoid *m, const uint32_t *phi, const uint32_t *exp, size_t n) {
    uint32_t x = 0;
    for (size_t h = 1; h <= n; h++) {
        for (uint32_t k = 0; k < exp[h]; k++) {
            x = mq_mul(m, x, phi[h]);
        }
    }
    return x;
}

/* Build the candidate that frees the heaps `chosen` (count c) of trial t; *ok when it predicts
 * F's outcome as `want_p`. */
static grundy_status free_heaps(grundy_misere *q, const trial *t, size_t n, const size_t *chosen,
                                unsigned c, const uint32_t *exp, int want_p, unsigned boost,
                                trial *out, int *ok) {
    grundy_status st = GRUNDY_STATUS_OK;
    mq_budget *b = &q->budget;
    uint8_t *freed = mq_alloc(b, n + 1, 1);
    uint32_t *map = freed != NULL ? mq_alloc(b, t->m.size, sizeof *map) : NULL;
    uint32_t *prod_phi = map != NULL ? mq_alloc(b, n + 1, sizeof *prod_phi) : NULL;
    mq_monoid base = {0, NULL, NULL};
    *ok = 0;
    GRUNDY_CHECK(prod_phi != NULL, mq_alloc_failure(b));
    for (unsigned i = 0; i < c; i++) {
        freed[chosen[i]] = 1;
    }
    GRUNDY_TRY(submonoid(&t->m, t->phi, n, freed, b, &base, map));
    mq_product prod = {&base, c, {0}, {0}, base.size};
    for (unsigned i = 0; i < c; i++) {
        uint32_t index, period;
        power_shape(&t->m, t->phi[chosen[i]], &index, &period);
        index = (index > exp[chosen[i]] ? index : exp[chosen[i]]) + boost;
        period = (period % 2 == 0 ? period : 2 * period) << (boost / 2);
        prod.index[i] = index;
        prod.period[i] = period;
        GRUNDY_CHECK(prod.size * (index + period) <= product_bound(q), GRUNDY_STATUS_LIMIT);
        prod.size *= index + period;
    }
    uint64_t scale = base.size;
    for (size_t h = 0; h <= n; h++) {
        prod_phi[h] = freed[h] ? 0 : map[t->phi[h]];
    }
    for (unsigned i = 0; i < c; i++) {
        prod_phi[chosen[i]] = (uint32_t)scale;
        scale *= prod.index[i] + prod.period[i];
    }
    out->phi = mq_alloc(b, n + 1, sizeof *out->phi);
    GRUNDY_CHECK(out->phi != NULL, mq_alloc_failure(b));
    GRUNDY_TRY(mq_imply_and_reduce(&prod, &q->options, prod_phi, product_bound(q), &q->budget,
                                   &out->m, out->phi));
    *ok = out->m.is_p[word_image(&out->m, out->phi, exp, n)] == want_p;
cleanup:
    if (st != GRUNDY_STATUS_OK || !*ok) {
        mq_monoid_free(&out->m);
        mq_free(out->phi);
        out->phi = NULL;
    }
    mq_free(freed);
    mq_free(map);
    mq_free(prod_phi);
    mq_monoid_free(&base);
    return st;
}

/* Next combination of c indices out of k (ascending), in lexicographic order. */
static int next_combination(size_t *idx, unsigned c, size_t k) {
    for (unsigned i = c; i-- > 0;) {
        if (idx[i] < k - c + i) {
            idx[i]++;
            for (unsigned j = i + 1; j < c; j++) {
                idx[j] = idx[j - 1] + 1;
            }
            return 1;
        }
    }
    return 0;
}

/* Replace *t by a candidate that gets the failing word F right. */
static grundy_status recalibrate(grundy_misere *q, trial *t, size_t n, const uint32_t *exp) {
    grundy_status st = GRUNDY_STATUS_OK;
    const int want_p = !t->m.is_p[word_image(&t->m, t->phi, exp, n)];
    size_t *involved = mq_alloc(&q->budget, n + 1, sizeof *involved), k = 0;
    size_t idx[MQ_MAX_CYCLIC], chosen[MQ_MAX_CYCLIC];
    trial next = {{0, NULL, NULL}, NULL};
    int ok = 0;
    GRUNDY_CHECK(involved != NULL, mq_alloc_failure(&q->budget));
    for (size_t h = 1; h <= n; h++) {
        if (exp[h] > 0) {
            involved[k++] = h;
        }
    }
    for (unsigned boost = 0; boost < 4 && !ok; boost += 2) {
        for (unsigned c = 1; c <= k && c <= MQ_MAX_CYCLIC && !ok; c++) {
            for (unsigned i = 0; i < c; i++) {
                idx[i] = i;
            }
            do {
                for (unsigned i = 0; i < c; i++) {
                    chosen[i] = involved[idx[i]];
                }
                st = free_heaps(q, t, n, chosen, c, exp, want_p, boost, &next, &ok);
                if (st == GRUNDY_STATUS_LIMIT) {
                    st = GRUNDY_STATUS_OK; /* too big: try another choice */
                }
                GRUNDY_TRY(st);
            } while (!ok && next_combination(idx, c, k));
        }
    }
    GRUNDY_CHECK(ok, GRUNDY_STATUS_LIMIT);
    mq_monoid_free(&t->m);
    mq_free(t->phi);
    *t = next;
cleanup:
    mq_free(involved);
    return st;
}

/* Heap n is not a conservative extension: adjoin a generator and recalibrate until the exact
 * check passes. */
static grundy_status adjoin(grundy_misere *q, size_t n) {
    grundy_status st = GRUNDY_STATUS_OK;
    mq_budget *b = &q->budget;
    trial t = {{0, NULL, NULL}, mq_alloc(b, n + 1, sizeof(uint32_t))};
    uint32_t *prod_phi = t.phi != NULL ? mq_alloc(b, n + 1, sizeof *prod_phi) : NULL;
    uint32_t *exp = prod_phi != NULL ? mq_alloc(b, n + 1, sizeof *exp) : NULL;
    uint32_t *opt = NULL;
    size_t *opt_start = NULL;
    mq_states *states = NULL;
    mq_failure f = {0, exp};
    unsigned attempts = 1;
    GRUNDY_CHECK(exp != NULL, mq_alloc_failure(b));
    const mq_product prod = {&q->q, 1, {2}, {2}, (uint64_t)q->q.size * 4};
    memcpy(prod_phi, q->phi, n * sizeof *prod_phi);
    prod_phi[n] = q->q.size;
    GRUNDY_TRY(mq_imply_and_reduce(&prod, &q->options, prod_phi, product_bound(q), &q->budget, &t.m,
                                   t.phi));
    for (;;) {
        if (t.m.size > q->opts.max_quotient) {
            st = mq_budget_refuse(&q->budget, GRUNDY_MISERE_LIMIT_QUOTIENT, 0);
            goto cleanup;
        }
        GRUNDY_TRY(option_images(q, &t.m, t.phi, n, &opt, &opt_start));
        const mq_gens g = {n, t.phi, opt, opt_start};
        GRUNDY_TRY(mq_check(&t.m, &g, 1, &q->budget, &states, &f));
        if (!f.found) {
            break;
        }
        if (++attempts > MAX_RECALIBRATIONS) {
            st = mq_budget_refuse(&q->budget, GRUNDY_MISERE_LIMIT_QUOTIENT, 0);
            goto cleanup;
        }
        GRUNDY_TRY(recalibrate(q, &t, n, exp));
    }
    mq_monoid_free(&q->q);
    q->q = t.m;
    t.m.mul = NULL;
    t.m.is_p = NULL;
    memcpy(q->phi, t.phi, (n + 1) * sizeof *q->phi);
    mq_free(q->opt);
    mq_free(q->opt_start);
    q->opt = opt;
    q->opt_start = opt_start;
    opt = NULL;
    opt_start = NULL;
    mq_states_free(q->states);
    q->states = states;
    states = NULL;
    q->stable_from = n;
    if (q->opts.trace != NULL) {
        uint32_t p = 0;
        for (uint32_t x = 0; x < q->q.size; x++) {
            p += q->q.is_p[x];
        }
        q->opts.trace(q->opts.trace_ctx, n, q->q.size, p, attempts);
    }
cleanup:
    mq_monoid_free(&t.m);
    mq_free(t.phi);
    mq_free(prod_phi);
    mq_free(exp);
    mq_free(opt);
    mq_free(opt_start);
    mq_states_free(states);
    return st;
}

static grundy_status extend_one(grundy_misere *q) {
    grundy_status st = GRUNDY_STATUS_OK;
    const size_t n = q->heaps + 1;
    if (n + 1 > q->phi_cap) {
        uint32_t *phi = mq_grow(&q->budget, q->phi, 2 * q->phi_cap, sizeof *phi);
        GRUNDY_CHECK(phi != NULL, mq_alloc_failure(&q->budget));
        q->phi = phi;
        q->phi_cap *= 2;
    }
    q->phi[n] = 0;
    q->budget.heap = n;
    q->budget.reason = GRUNDY_MISERE_LIMIT_NONE;
    st = mq_options_add_heap(&q->options, q->rule, n, q->opts.max_options, &q->budget);
    if (st == GRUNDY_STATUS_LIMIT && q->budget.reason == GRUNDY_MISERE_LIMIT_NONE) {
        mq_budget_refuse(&q->budget, GRUNDY_MISERE_LIMIT_OPTIONS, 0);
    }
    GRUNDY_TRY(st);
    int done = q->options.start[n] == q->options.start[n + 1]; /* no move: the empty game */
    if (done) {
        GRUNDY_TRY(option_images(q, &q->q, q->phi, n, &q->opt, &q->opt_start));
    } else {
        GRUNDY_TRY(conservative(q, n, &done));
    }
    if (!done) {
        GRUNDY_TRY(adjoin(q, n));
    }
    q->heaps = n;
cleanup:
    if (st == GRUNDY_STATUS_LIMIT && q->budget.reason == GRUNDY_MISERE_LIMIT_NONE) {
        q->budget.reason = GRUNDY_MISERE_LIMIT_QUOTIENT; /* no candidate found */
    }
    if (st != GRUNDY_STATUS_OK) {
        q->options.heaps = q->heaps; /* drop heap n's options */
        q->options.count = q->options.start[n];
    }
    return st;
}

static grundy_status tame_index(const grundy_misere *q, int *k);
static void prove(grundy_misere *q);
static grundy_status finish(grundy_misere *q, grundy_status st);

/* Extend to max_heap, or until the period is proved when until_proved is set. The proof is
 * tried at every heap, so proved_at is the first heap at which it holds. */
static grundy_status extend_to(grundy_misere *q, uint64_t max_heap, int until_proved) {
    grundy_status st = GRUNDY_STATUS_OK;
    GRUNDY_CHECK(max_heap <= MAX_HEAP_SUPPORTED, GRUNDY_STATUS_RANGE);
    if (q->loaded && q->heaps < max_heap && !(until_proved && q->proved)) {
        return mq_budget_refuse(&q->budget, GRUNDY_MISERE_LIMIT_LOADED, 0);
    }
    if (q->states == NULL && q->heaps < max_heap) { /* the empty position's state, once */
        const mq_gens g = {0, q->phi, q->opt, q->opt_start};
        uint32_t spare = 0; /* the one exponent of a failing word: heap 0 (none can fail) */
        mq_failure f = {0, &spare};
        GRUNDY_TRY(mq_check(&q->q, &g, 1, &q->budget, &q->states, &f));
    }
    while (q->heaps < max_heap && !(until_proved && q->proved)) {
        GRUNDY_TRY(extend_one(q));
        prove(q);
        if (q->budget.progress != NULL) {
            q->budget.progress(q->budget.progress_ctx, q->heaps, q->budget.work);
        }
    }
cleanup:
    return finish(q, st);
}

/* After the heaps are added: the P-portion's size, the proof, the presentation, tameness. */
static grundy_status finish(grundy_misere *q, grundy_status st) {
    mq_presentation_free(&q->pres);
    q->p_size = 0;
    for (uint32_t x = 0; x < q->q.size; x++) {
        q->p_size += q->q.is_p[x];
    }
    prove(q);
    if (st == GRUNDY_STATUS_OK || st == GRUNDY_STATUS_LIMIT) {
        grundy_status pst = mq_present(&q->q, q->phi, q->heaps, &q->budget, &q->pres);
        if (pst == GRUNDY_STATUS_OK) {
            pst = tame_index(q, &q->tame);
        }
        if (pst != GRUNDY_STATUS_OK) {
            mq_presentation_free(&q->pres); /* none rather than part of one */
            st = pst;
        }
    }
    return st;
}

grundy_status grundy_misere_extend(grundy_misere *q, uint64_t max_heap) {
    return extend_to(q, max_heap, 0);
}

uint64_t grundy_misere_proved_at(const grundy_misere *q) {
    return q->proved ? q->proved_at : 0;
}

/* ---- files ---- */

grundy_status grundy_misere_save(const grundy_misere *q, const char *path) {
    char rule[4096];
    const size_t len = grundy_rule_format(q->rule, rule, sizeof rule);
    if (len >= sizeof rule) {
        return GRUNDY_STATUS_RANGE;
    }
    const mq_saved s = {rule, len, q->heaps, q->stable_from, &q->q, q->phi};
    return mq_file_save(path, &s);
}

grundy_status grundy_misere_load(const grundy_rule *rule, const char *path,
                                 const grundy_misere_opts *opts, grundy_misere **out, char *why,
                                 size_t why_cap) {
    grundy_status st = GRUNDY_STATUS_OK;
    char text[4096];
    const grundy_misere_opts defaults = GRUNDY_MISERE_OPTS_INIT;
    grundy_misere *q = calloc(1, sizeof *q);
    mq_loaded s;
    *out = NULL;
    GRUNDY_CHECK(q != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_CHECK(grundy_rule_format(rule, text, sizeof text) < sizeof text, GRUNDY_STATUS_RANGE);
    q->rule = rule;
    q->opts = opts != NULL ? *opts : defaults;
    q->budget.max_bytes = q->opts.max_bytes;
    q->loaded = 1;
    GRUNDY_TRY(mq_file_load(path, text, &q->budget, &s, why, why_cap));
    q->q = s.q;
    q->phi = s.phi;
    q->phi_cap = s.heaps + 1;
    q->stable_from = s.stable_from;
    /* the proof and where it first held, found again heap by heap as when it was computed */
    for (q->heaps = 0; q->heaps < s.heaps;) {
        q->heaps++;
        prove(q);
    }
    GRUNDY_TRY(finish(q, GRUNDY_STATUS_OK));
    *out = q;
    q = NULL;
cleanup:
    grundy_misere_destroy(q);
    return st;
}

grundy_misere_limit_reason grundy_misere_limit(const grundy_misere *q, uint64_t *need_bytes) {
    if (need_bytes != NULL) {
        *need_bytes = q->budget.need_bytes;
    }
    return q->budget.reason;
}

uint64_t grundy_misere_work(const grundy_misere *q) {
    return q->budget.work;
}

uint64_t grundy_misere_max_heap(const grundy_misere *q) {
    return q->heaps;
}
uint32_t grundy_misere_order(const grundy_misere *q) {
    return q->q.size;
}
uint32_t grundy_misere_p_size(const grundy_misere *q) {
    return q->p_size;
}
uint32_t grundy_misere_mul(const grundy_misere *q, uint32_t a, uint32_t b) {
    return mq_mul(&q->q, a, b);
}
int grundy_misere_is_p(const grundy_misere *q, uint32_t x) {
    return q->q.is_p[x];
}
uint64_t grundy_misere_stable_from(const grundy_misere *q) {
    return q->stable_from;
}

grundy_status grundy_misere_image(const grundy_misere *q, uint64_t heap, uint32_t *x) {
    if (heap > q->heaps) {
        if (!q->proved) {
            return GRUNDY_STATUS_RANGE;
        }
        heap = q->preperiod + (heap - q->preperiod) % q->period;
    }
    *x = q->phi[heap];
    return GRUNDY_STATUS_OK;
}

/* The rules the periodicity proof covers; *t is the largest take. */
static int proof_applies(const grundy_rule *rule, uint64_t *t) {
    size_t count = 0;
    const grundy_move_class *c = grundy_rule_classes(rule, &count);
    *t = 0;
    if (grundy_rule_get_kind(rule) == GRUNDY_RULE_CALLBACK) {
        return 0; /* moves given by a function: no classes to read the proof's shape from */
    }
    for (size_t i = 0; i < count; i++) {
        if (c[i].take_first == 0 || c[i].take_last == GRUNDY_NUMBER_MAX ||
            (c[i].leaves & ~7u) != 0 || (c[i].distinct && (c[i].leaves & 4u))) {
            return 0;
        }
        *t = c[i].take_last > *t ? c[i].take_last : *t;
    }
    return 1;
}

int grundy_misere_provable(const grundy_rule *rule) {
    uint64_t t = 0;
    return rule != NULL && proof_applies(rule, &t);
}

grundy_status grundy_misere_solve(grundy_misere *q, uint64_t max_heap) {
    if (!grundy_misere_provable(q->rule) && max_heap > GRUNDY_MISERE_UNPROVABLE_HEAPS) {
        max_heap = GRUNDY_MISERE_UNPROVABLE_HEAPS;
    }
    return extend_to(q, max_heap, 1);
}

int grundy_misere_proved(const grundy_misere *q, uint64_t *period, uint64_t *preperiod) {
    if (q->proved) {
        *period = q->period;
        *preperiod = q->preperiod;
    }
    return q->proved;
}

/* The proof of grundy_misere_proved (misere.h): with phi periodic on [n0, oo), the products
 * S(m) = { phi(a) phi(m - a) } satisfy S(m) = S(m - p) once m - p >= 2 n0 + p (pair a < n0 with
 * the shifted partner, and a >= n0 with a or a - p), so heap n > N has heap n-p's option images
 * as soon as n - t >= 2 n0 + 2p. */
static void prove(grundy_misere *q) {
    uint64_t t = 0, p = 0, n0 = 0;
    const int was_proved = q->proved;
    q->proved = 0;
    if (!proof_applies(q->rule, &t) || !grundy_misere_phi_period(q, &p, &n0)) {
        return;
    }
    if (q->heaps >= 2 * n0 + 2 * p + t) {
        q->proved_at = was_proved ? q->proved_at : q->heaps;
        q->proved = 1;
        q->period = p;
        q->preperiod = n0;
    }
}

grundy_status grundy_misere_outcome(const grundy_misere *q, const uint64_t *heaps, size_t count,
                                    int *win) {
    uint32_t x = 0, y = 0;
    for (size_t i = 0; i < count; i++) {
        const grundy_status st = grundy_misere_image(q, heaps[i], &y);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        x = mq_mul(&q->q, x, y);
    }
    *win = !q->q.is_p[x];
    return GRUNDY_STATUS_OK;
}

int grundy_misere_phi_period(const grundy_misere *q, uint64_t *period, uint64_t *preperiod) {
    const size_t n = q->heaps;
    for (size_t p = 1; 3 * p <= n; p++) {
        size_t n0 = n - p + 1; /* phi(k + p) = phi(k) for n0 <= k <= n - p */
        while (n0 > 1 && q->phi[n0 - 1] == q->phi[n0 - 1 + p]) {
            n0--;
        }
        if (n + 1 - n0 >= 3 * p) {
            *period = p;
            *preperiod = n0;
            return 1;
        }
    }
    return 0;
}

/* ---- the presentation ---- */

size_t grundy_misere_generator_count(const grundy_misere *q) {
    return q->pres.gen_count;
}
uint64_t grundy_misere_generator_heap(const grundy_misere *q, size_t i) {
    return q->pres.gen_heap[i];
}
size_t grundy_misere_relation_count(const grundy_misere *q) {
    return q->pres.rel_count;
}

static size_t append(char *buf, size_t cap, size_t len, const char *fmt, unsigned long v) {
    char tmp[32];
    const int k = snprintf(tmp, sizeof tmp, fmt, v);
    for (int i = 0; i < k; i++) {
        if (len + 1 < cap) {
            buf[len] = tmp[i];
            buf[len + 1] = '\0';
        }
        len++;
    }
    return len;
}

static size_t format_word(const uint32_t *exp, size_t r, char *buf, size_t cap, size_t len) {
    int any = 0;
    if (cap > len) {
        buf[len] = '\0';
    }
    for (size_t i = 0; i < r; i++) {
        if (exp[i] == 0) {
            continue;
        }
        any = 1;
        len = i < 26 ? append(buf, cap, len, "%c", (unsigned long)('a' + i))
                     : append(buf, cap, len, "g%lu", (unsigned long)(i + 1));
        if (exp[i] > 1) {
            len = append(buf, cap, len, "^%lu", exp[i]);
        }
    }
    return any ? len : append(buf, cap, len, "%lu", 1);
}

size_t grundy_misere_format_element(const grundy_misere *q, uint32_t x, char *buf, size_t cap) {
    if (cap > 0) {
        buf[0] = '\0';
    }
    const mq_presentation *p = &q->pres;
    return format_word(p->nf + (size_t)x * p->gen_count, p->gen_count, buf, cap, 0);
}

size_t grundy_misere_format_relation(const grundy_misere *q, size_t i, char *buf, size_t cap) {
    if (cap > 0) {
        buf[0] = '\0';
    }
    const mq_presentation *p = &q->pres;
    size_t len = format_word(p->rel_lhs + i * p->gen_count, p->gen_count, buf, cap, 0);
    for (const char *s = " = "; *s; s++) {
        len = append(buf, cap, len, "%c", (unsigned long)*s);
    }
    return format_word(p->nf + (size_t)p->rel_rhs[i] * p->gen_count, p->gen_count, buf, cap, len);
}

/* ---- tameness ---- */

int grundy_misere_tame(const grundy_misere *q) {
    return q->tame;
}

/* *k for grundy_misere_tame; NOMEM rather than "not tame" when its scratch fails. */
static grundy_status tame_index(const grundy_misere *q, int *k) {
    const mq_monoid *m = &q->q;
    *k = -1;
    if (m->is_p[0]) {
        return GRUNDY_STATUS_OK;
    }
    if (m->size <= 2) { /* T0 = {1}; T1 = {1, a}, a^2 = 1, P = {a} */
        *k = m->size == 1 ? 0 : mq_mul(m, 1, 1) == 0 && m->is_p[1] ? 1 : -1;
        return GRUNDY_STATUS_OK;
    }
    /* The minimal ideal K = z Q, z the product of all elements; T_k needs K = (Z/2)^k. */
    uint32_t z = 0, k_size = 0, e = UINT32_MAX, a = UINT32_MAX;
    for (uint32_t x = 0; x < m->size; x++) {
        z = mq_mul(m, z, x);
    }
    uint8_t *in_k = calloc(m->size, 1);
    if (in_k == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (uint32_t x = 0; x < m->size; x++) {
        const uint32_t y = mq_mul(m, z, x);
        k_size += !in_k[y];
        in_k[y] = 1;
    }
    for (uint32_t x = 0; x < m->size; x++) {
        if (in_k[x] && mq_mul(m, x, x) == x) {
            e = x; /* the ideal's identity */
        }
        if (!in_k[x] && x != 0) {
            a = x;
        }
    }
    int ok = m->size - k_size == 2 && a != UINT32_MAX && e != UINT32_MAX && mq_mul(m, a, a) == 0 &&
             m->is_p[a] && m->is_p[e] && mq_mul(m, a, e) != e && q->p_size == 2;
    for (uint32_t x = 0; x < m->size && ok; x++) {
        ok = !in_k[x] || mq_mul(m, x, x) == e;
    }
    int bits = 0;
    while (((uint32_t)1 << bits) < k_size) {
        bits++;
    }
    free(in_k);
    *k = ok && ((uint32_t)1 << bits) == k_size && bits >= 2 ? bits : -1;
    return GRUNDY_STATUS_OK;
}
