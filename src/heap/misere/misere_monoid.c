/* SPDX-License-Identifier: MIT */
/* Internal: candidate monoids for the misere quotient: products with cyclic monoids, the option
 * words of heaps, the P-portion a candidate implies and its reduction by indistinguishability. */
#include "heap/rule/heap_moves.h"
#include "heap/misere/quotient_parts.h"
#include "util/try.h"

#include <stdlib.h>
#include <string.h>

void mq_monoid_free(mq_monoid *m) {
    if (m != NULL) {
        mq_free(m->mul);
        mq_free(m->is_p);
        m->mul = NULL;
        m->is_p = NULL;
        m->size = 0;
    }
}

uint32_t mq_product_mul(const mq_product *p, uint32_t a, uint32_t b) {
    const uint32_t bs = p->base->size;
    uint32_t out = mq_mul(p->base, a % bs, b % bs);
    uint64_t scale = bs;
    a /= bs;
    b /= bs;
    for (unsigned j = 0; j < p->cyclic; j++) {
        const uint32_t len = p->index[j] + p->period[j];
        uint32_t e = a % len + b % len;
        if (e >= len) {
            e = p->index[j] + (e - p->index[j]) % p->period[j];
        }
        out += (uint32_t)(scale * e);
        scale *= len;
        a /= len;
        b /= len;
    }
    return out;
}

uint32_t mq_monoid_mul_fn(const void *monoid, uint32_t a, uint32_t b) {
    return mq_mul(monoid, a, b);
}

uint32_t mq_product_mul_fn(const void *monoid, uint32_t a, uint32_t b) {
    return mq_product_mul(monoid, a, b);
}

/* ---- option words ---- */

typedef struct opt_ctx {
    mq_options *o;
    uint64_t max_options;
    mq_budget *b;
    grundy_status st;
} opt_ctx;

static int add_option(void *ctx, const grundy_heap_move *m) {
    opt_ctx *c = ctx;
    mq_options *o = c->o;
    if (o->count >= c->max_options) {
        c->st = GRUNDY_STATUS_LIMIT;
        return 1;
    }
    if (o->count == o->cap) {
        const size_t cap = o->cap ? 2 * o->cap : 256;
        uint32_t *parts = mq_grow(c->b, o->parts, cap * GRUNDY_RULE_MAX_LEFT, sizeof *parts);
        if (parts == NULL) {
            c->st = mq_alloc_failure(c->b);
            return 1;
        }
        o->parts = parts;
        o->cap = cap;
    }
    uint32_t *dst = o->parts + o->count * GRUNDY_RULE_MAX_LEFT;
    for (unsigned j = 0; j < GRUNDY_RULE_MAX_LEFT; j++) {
        dst[j] = j < m->parts ? (uint32_t)m->left[j] : 0;
    }
    o->count++;
    return 0;
}

grundy_status mq_options_add_heap(mq_options *o, const grundy_rule *rule, size_t heap,
                                  uint64_t max_options, mq_budget *b) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (heap + 2 > o->start_cap) {
        const size_t cap = 2 * (heap + 2);
        size_t *start = mq_grow(b, o->start, cap, sizeof *start);
        GRUNDY_CHECK(start != NULL, mq_alloc_failure(b));
        o->start = start;
        o->start_cap = cap;
    }
    if (heap == 0) {
        o->count = 0;
    }
    o->start[heap] = o->count;
    opt_ctx c = {o, max_options, b, GRUNDY_STATUS_OK};
    GRUNDY_TRY(grundy_heap_moves_each(rule, heap, add_option, &c, NULL));
    GRUNDY_TRY(c.st);
    o->start[heap + 1] = o->count;
    o->heaps = heap;
cleanup:
    return st;
}

grundy_status mq_option_images_from(const mq_options *o, size_t first, size_t heaps,
                                    const void *monoid, mq_mul_fn mul, uint64_t size,
                                    const uint32_t *phi, mq_budget *b, uint32_t **opt,
                                    size_t **start) {
    grundy_status st = GRUNDY_STATUS_OK;
    size_t *s = NULL;
    uint8_t *seen = NULL;
    uint32_t *img = mq_grow(b, first > 0 ? *opt : NULL, o->start[heaps + 1] + 1, sizeof *img);
    GRUNDY_CHECK(img != NULL, mq_alloc_failure(b));
    if (first > 0) {
        *opt = img; /* the old block was moved: it is no longer the caller's to free */
    }
    s = mq_grow(b, first > 0 ? *start : NULL, heaps + 2, sizeof *s);
    GRUNDY_CHECK(s != NULL, mq_alloc_failure(b));
    if (first > 0) {
        *start = s;
    }
    seen = mq_alloc(b, size, 1);
    GRUNDY_CHECK(seen != NULL, mq_alloc_failure(b));
    size_t k = first > 0 ? s[first] : 0;
    for (size_t h = first; h <= heaps; h++) {
        s[h] = k;
        for (size_t i = o->start[h]; i < o->start[h + 1]; i++) {
            const uint32_t *w = o->parts + i * GRUNDY_RULE_MAX_LEFT;
            uint32_t x = 0;
            for (unsigned j = 0; j < GRUNDY_RULE_MAX_LEFT && w[j] != 0; j++) {
                x = mul(monoid, x, phi[w[j]]);
            }
            if (!seen[x]) {
                seen[x] = 1;
                img[k++] = x;
            }
        }
        for (size_t i = s[h]; i < k; i++) {
            seen[img[i]] = 0;
        }
    }
    s[heaps + 1] = k;
    if (first == 0) {
        mq_free(*opt);
        mq_free(*start);
        *opt = img;
        *start = s;
    }
    img = NULL;
    s = NULL;
cleanup:
    if (first == 0) {
        mq_free(img);
        mq_free(s);
    }
    mq_free(seen);
    return st;
}

grundy_status mq_option_images(const mq_options *o, size_t heaps, const void *monoid, mq_mul_fn mul,
                               uint64_t size, const uint32_t *phi, mq_budget *b, uint32_t **opt,
                               size_t **start) {
    return mq_option_images_from(o, 0, heaps, monoid, mul, size, phi, b, opt, start);
}

void mq_options_free(mq_options *o) {
    mq_free(o->start);
    mq_free(o->parts);
    memset(o, 0, sizeof *o);
}

/* ---- the implied P-portion ---- */

typedef struct uvec {
    uint32_t *v;
    size_t len, cap;
    mq_budget *b;
} uvec;

static grundy_status uvec_push(uvec *u, uint32_t x) {
    if (u->len == u->cap) {
        const size_t cap = u->cap ? 2 * u->cap : 16;
        uint32_t *v = mq_grow(u->b, u->v, cap, sizeof *v);
        if (v == NULL) {
            return mq_alloc_failure(u->b);
        }
        u->v = v;
        u->cap = cap;
    }
    u->v[u->len++] = x;
    return GRUNDY_STATUS_OK;
}

typedef struct imply {
    const mq_product *prod;
    const uint32_t *phi; /* heaps + 1 */
    size_t heaps;
    uint32_t *opt; /* images of every heap's options in the product, distinct per heap */
    size_t *opt_start;
    uint8_t *marked, *is_p;
    uint32_t *stamp, stamp_now;
    uvec order; /* elements in visit order */
    uvec *tr;   /* per level: the images of the current word's options */
    uvec scratch;
} imply;

/* tr := tr * phi(d) u elem * opt(d), distinct. */
static grundy_status extend_options(imply *im, uvec *tr, uint32_t elem, size_t d) {
    im->scratch.len = 0;
    im->stamp_now++;
    for (size_t i = 0; i < tr->len; i++) {
        const uint32_t y = mq_product_mul(im->prod, tr->v[i], im->phi[d]);
        if (im->stamp[y] != im->stamp_now) {
            im->stamp[y] = im->stamp_now;
            const grundy_status st = uvec_push(&im->scratch, y);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
        }
    }
    for (size_t i = im->opt_start[d]; i < im->opt_start[d + 1]; i++) {
        const uint32_t y = mq_product_mul(im->prod, elem, im->opt[i]);
        if (im->stamp[y] != im->stamp_now) {
            im->stamp[y] = im->stamp_now;
            const grundy_status st = uvec_push(&im->scratch, y);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
        }
    }
    const uvec t = *tr;
    *tr = im->scratch;
    im->scratch = t;
    return GRUNDY_STATUS_OK;
}

static grundy_status record(imply *im, uint32_t elem, const uvec *tr) {
    int p = tr->len > 0; /* the empty position is a misere N-position */
    for (size_t i = 0; i < tr->len && p; i++) {
        p = !im->is_p[tr->v[i]];
    }
    im->is_p[elem] = (uint8_t)p;
    im->marked[elem] = 1;
    return uvec_push(&im->order, elem);
}

/* Words whose heaps above d are fixed (element elem, options tr): vary heaps d, d-1, ..., 1. */
static grundy_status enumerate(imply *im, size_t d, uint32_t elem, const uvec *tr) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (d == 0) {
        return record(im, elem, tr);
    }
    uvec *mine = &im->tr[d];
    mine->len = 0;
    for (size_t i = 0; i < tr->len; i++) {
        GRUNDY_TRY(uvec_push(mine, tr->v[i]));
    }
    for (;;) {
        GRUNDY_TRY(enumerate(im, d - 1, elem, mine));
        if (im->opt_start[d] == im->opt_start[d + 1]) {
            break; /* heap d has no move: it is the empty game */
        }
        const uint32_t next = mq_product_mul(im->prod, elem, im->phi[d]);
        if (im->marked[next]) {
            break;
        }
        GRUNDY_TRY(extend_options(im, mine, elem, d));
        elem = next;
    }
cleanup:
    return st;
}

/* ---- reduction ---- */

typedef struct sig_table {
    uint32_t *slot; /* element index + 1 */
    size_t cap;
} sig_table;

static uint64_t sig_hash(const uint32_t *s, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < n; i++) {
        h = (h ^ s[i]) * 0xBF58476D1CE4E5B9u;
        h ^= h >> 31;
    }
    return h;
}

/* One round of Moore's refinement: new class = old class and the classes of x * g. */
static grundy_status refine(size_t v, size_t r, const uint32_t *trans, const uint32_t *cls,
                            uint32_t *next, uint32_t *sig, sig_table *t, uint32_t *classes) {
    memset(t->slot, 0, t->cap * sizeof *t->slot);
    uint32_t count = 0;
    for (size_t i = 0; i < v; i++) {
        uint32_t *s = sig + i * (r + 1);
        s[0] = cls[i];
        for (size_t g = 0; g < r; g++) {
            s[g + 1] = cls[trans[i * r + g]];
        }
        size_t k = (size_t)sig_hash(s, r + 1) & (t->cap - 1);
        for (;; k = (k + 1) & (t->cap - 1)) {
            if (t->slot[k] == 0) {
                t->slot[k] = (uint32_t)i + 1;
                next[i] = count++;
                break;
            }
            const size_t j = t->slot[k] - 1;
            if (memcmp(sig + j * (r + 1), s, (r + 1) * sizeof *s) == 0) {
                next[i] = next[j];
                break;
            }
        }
    }
    *classes = count;
    return GRUNDY_STATUS_OK;
}

typedef struct reduce_in {
    const mq_product *prod;
    const uint32_t *order; /* visited elements */
    size_t v;
    const uint32_t *index; /* product element -> position in order */
    const uint8_t *is_p;
    const uint32_t *gens; /* distinct heap images */
    size_t r;
    mq_budget *b;
} reduce_in;

/* Classes of indistinguishability: x ~ y iff x z in P <=> y z in P for every z of the image
 * (Myhill-Nerode over the heaps' images); numbered by first visit, so the identity is 0. */
static grundy_status classes_of(const reduce_in *in, uint32_t *cls, uint32_t *count) {
    grundy_status st = GRUNDY_STATUS_OK;
    const size_t v = in->v, r = in->r;
    sig_table t = {NULL, 16};
    while (t.cap < 2 * v) {
        t.cap *= 2;
    }
    uint32_t *trans = mq_alloc(in->b, v * r + 1, sizeof *trans);
    uint32_t *next = trans != NULL ? mq_alloc(in->b, v, sizeof *next) : NULL;
    uint32_t *sig = next != NULL ? mq_alloc(in->b, v * (r + 1), sizeof *sig) : NULL;
    t.slot = sig != NULL ? mq_alloc(in->b, t.cap, sizeof *t.slot) : NULL;
    GRUNDY_CHECK(t.slot != NULL, mq_alloc_failure(in->b));
    for (size_t i = 0; i < v; i++) {
        for (size_t g = 0; g < r; g++) {
            trans[i * r + g] = in->index[mq_product_mul(in->prod, in->order[i], in->gens[g])];
        }
    }
    /* Start from {P, not P}. */
    int seen[2] = {0, 0};
    for (size_t i = 0; i < v; i++) {
        cls[i] = in->is_p[in->order[i]];
        seen[cls[i]] = 1;
    }
    const uint32_t have = (uint32_t)(seen[0] + seen[1]);
    uint32_t n = have, m = 0;
    for (;;) {
        GRUNDY_TRY(refine(v, r, trans, cls, next, sig, &t, &m));
        memcpy(cls, next, v * sizeof *cls);
        if (m == n) {
            break;
        }
        n = m;
    }
    *count = m;
cleanup:
    mq_free(trans);
    mq_free(next);
    mq_free(sig);
    mq_free(t.slot);
    return st;
}

static grundy_status build_reduced(const reduce_in *in, const uint32_t *cls, uint32_t m,
                                   mq_monoid *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint32_t *rep = mq_alloc(in->b, m, sizeof *rep);
    out->size = m;
    out->mul = rep != NULL ? mq_alloc(in->b, (size_t)m * m, sizeof *out->mul) : NULL;
    out->is_p = out->mul != NULL ? mq_alloc(in->b, m, 1) : NULL;
    GRUNDY_CHECK(out->is_p != NULL, mq_alloc_failure(in->b));
    for (size_t i = in->v; i-- > 0;) {
        rep[cls[i]] = in->order[i];
    }
    for (uint32_t a = 0; a < m; a++) {
        out->is_p[a] = in->is_p[rep[a]];
        for (uint32_t b = a; b < m; b++) {
            const uint32_t c = cls[in->index[mq_product_mul(in->prod, rep[a], rep[b])]];
            out->mul[(size_t)a * m + b] = c;
            out->mul[(size_t)b * m + a] = c;
        }
    }
cleanup:
    mq_free(rep);
    return st;
}

static grundy_status imply_init(imply *im, const mq_product *prod, const uint32_t *phi,
                                size_t heaps, mq_budget *b) {
    memset(im, 0, sizeof *im);
    im->prod = prod;
    im->phi = phi;
    im->heaps = heaps;
    im->order.b = im->scratch.b = b;
    im->marked = mq_alloc(b, prod->size, 1);
    im->is_p = im->marked != NULL ? mq_alloc(b, prod->size, 1) : NULL;
    im->stamp = im->is_p != NULL ? mq_alloc(b, prod->size, sizeof *im->stamp) : NULL;
    im->tr = im->stamp != NULL ? mq_alloc(b, heaps + 1, sizeof *im->tr) : NULL;
    if (im->tr == NULL) {
        return mq_alloc_failure(b);
    }
    for (size_t d = 0; d <= heaps; d++) {
        im->tr[d].b = b;
    }
    return GRUNDY_STATUS_OK;
}

static void imply_free(imply *im) {
    mq_free(im->opt);
    mq_free(im->opt_start);
    mq_free(im->marked);
    mq_free(im->is_p);
    mq_free(im->stamp);
    mq_free(im->order.v);
    mq_free(im->scratch.v);
    if (im->tr != NULL) {
        for (size_t d = 0; d <= im->heaps; d++) {
            mq_free(im->tr[d].v);
        }
    }
    mq_free(im->tr);
}

grundy_status mq_imply_and_reduce(const mq_product *prod, const mq_options *opts,
                                  const uint32_t *prod_phi, uint64_t max_elements, mq_budget *b,
                                  mq_monoid *out, uint32_t *phi) {
    grundy_status st = GRUNDY_STATUS_OK;
    imply im;
    uint32_t *index = NULL, *cls = NULL, *gens = NULL;
    uint32_t m = 0;
    const size_t heaps = opts->heaps;
    memset(out, 0, sizeof *out);
    if (prod->size > max_elements || prod->size >= UINT32_MAX) {
        return mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_QUOTIENT, 0);
    }
    GRUNDY_TRY(imply_init(&im, prod, prod_phi, heaps, b));
    GRUNDY_TRY(mq_option_images(opts, heaps, prod, mq_product_mul_fn, prod->size, prod_phi, b,
                                &im.opt, &im.opt_start));
    const uvec empty = {NULL, 0, 0, b};
    GRUNDY_TRY(enumerate(&im, heaps, 0, &empty));
    index = mq_alloc(b, prod->size, sizeof *index);
    cls = index != NULL ? mq_alloc(b, im.order.len, sizeof *cls) : NULL;
    gens = cls != NULL ? mq_alloc(b, heaps + 1, sizeof *gens) : NULL;
    GRUNDY_CHECK(gens != NULL, mq_alloc_failure(b));
    for (size_t i = 0; i < im.order.len; i++) {
        index[im.order.v[i]] = (uint32_t)i;
    }
    size_t r = 0;
    im.stamp_now++;
    for (size_t h = 1; h <= heaps; h++) {
        if (im.stamp[prod_phi[h]] != im.stamp_now) {
            im.stamp[prod_phi[h]] = im.stamp_now;
            gens[r++] = prod_phi[h];
        }
    }
    const reduce_in in = {prod, im.order.v, im.order.len, index, im.is_p, gens, r, b};
    GRUNDY_TRY(classes_of(&in, cls, &m));
    if (m > max_elements) {
        st = mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_QUOTIENT, 0);
        goto cleanup;
    }
    GRUNDY_TRY(build_reduced(&in, cls, m, out));
    for (size_t h = 0; h <= heaps; h++) {
        phi[h] = cls[index[prod_phi[h]]];
    }
cleanup:
    if (st != GRUNDY_STATUS_OK) {
        mq_monoid_free(out);
    }
    imply_free(&im);
    mq_free(index);
    mq_free(cls);
    mq_free(gens);
    return st;
}
