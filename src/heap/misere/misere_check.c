/* SPDX-License-Identifier: MIT */
/* Internal: the exact check of a misere pretension over every position of the heaps: P-positions
 * by element and heap, N-positions through the minimal states (x, U) that positions reach (see
 * mq_check in quotient_parts.h). */
#include "heap/misere/quotient_parts.h"
#include "util/try.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The empty position's state is kept apart from (identity, {}) reached by a non-empty one. */
#define EMPTY_FLAG 0x80000000u
#define NO_PARENT  UINT32_MAX
#define NO_STATE   UINT32_MAX
#define NO_KEY     UINT64_MAX
/* The progress callback is called every 2^16 states explored. */
#define PROGRESS_TICKS 0xFFFFu

/* The states explored (their U minimal for their element when explored), kept between heaps,
 * with the heaps that the search adds; during a check, also the states waiting in its queue. */
struct mq_states {
    size_t words; /* 64-bit words per U */
    size_t count, cap;
    uint32_t *x;       /* element, EMPTY_FLAG for the empty position */
    uint64_t *u;       /* `words` per state */
    uint64_t *key;     /* the word that reached it: tokens << 20, minus its heaps */
    uint32_t *parent;  /* the state it was reached from (this check only) */
    uint32_t *by_heap; /* the heap added */
    uint32_t *next;    /* the next explored state of the same element */
    uint8_t *explored;
    uint64_t *inv_p;  /* size * words: { w : y w in P } for each y (the same Q every heap) */
    uint32_t *active; /* the heaps that no smaller heap dominates, increasing */
    size_t active_count, active_cap;
};

void mq_states_free(mq_states *s) {
    if (s != NULL) {
        mq_free(s->x);
        mq_free(s->u);
        mq_free(s->key);
        mq_free(s->parent);
        mq_free(s->by_heap);
        mq_free(s->next);
        mq_free(s->explored);
        mq_free(s->inv_p);
        mq_free(s->active);
        free(s);
    }
}

size_t mq_states_count(const mq_states *s) {
    return s == NULL ? 0 : s->count;
}

#define GROW_ARRAY(b, field, n)                                                                    \
    do {                                                                                           \
        void *p_ = mq_grow((b), s->field, (n), sizeof *s->field);                                  \
        if (p_ == NULL) {                                                                          \
            return mq_alloc_failure(b);                                                            \
        }                                                                                          \
        s->field = p_;                                                                             \
    } while (0)

/* Room for one more state, within the budget's bounds. */
static grundy_status grow(mq_states *s, mq_budget *b) {
    if (s->count < s->cap) {
        return GRUNDY_STATUS_OK;
    }
    if (s->count >= b->max_states || s->count >= UINT32_MAX / 2) {
        return mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_STATES, 0);
    }
    const size_t cap = s->cap ? 2 * s->cap : 1024;
    GROW_ARRAY(b, x, cap);
    GROW_ARRAY(b, u, cap * s->words);
    GROW_ARRAY(b, key, cap);
    GROW_ARRAY(b, parent, cap);
    GROW_ARRAY(b, by_heap, cap);
    GROW_ARRAY(b, next, cap);
    GROW_ARRAY(b, explored, cap);
    s->cap = cap;
    return GRUNDY_STATUS_OK;
}

/* A binary heap of (key, state). */
typedef struct pq {
    uint64_t *key;
    uint32_t *state;
    size_t len, cap;
} pq;

static grundy_status pq_push(pq *q, mq_budget *b, uint64_t key, uint32_t state) {
    if (q->len == q->cap) {
        const size_t cap = q->cap ? 2 * q->cap : 1024;
        uint64_t *k = mq_grow(b, q->key, cap, sizeof *k);
        if (k == NULL) {
            return mq_alloc_failure(b);
        }
        q->key = k;
        uint32_t *s = mq_grow(b, q->state, cap, sizeof *s);
        if (s == NULL) {
            return mq_alloc_failure(b);
        }
        q->state = s;
        q->cap = cap;
    }
    size_t i = q->len++;
    while (i > 0 && q->key[(i - 1) / 2] > key) {
        q->key[i] = q->key[(i - 1) / 2];
        q->state[i] = q->state[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    q->key[i] = key;
    q->state[i] = state;
    return GRUNDY_STATUS_OK;
}

static void pq_pop(pq *q, uint64_t *key, uint32_t *state) {
    *key = q->key[0];
    *state = q->state[0];
    const uint64_t k = q->key[--q->len];
    const uint32_t s = q->state[q->len];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->len) {
            break;
        }
        if (c + 1 < q->len && q->key[c + 1] < q->key[c]) {
            c++;
        }
        if (q->key[c] >= k) {
            break;
        }
        q->key[i] = q->key[c];
        q->state[i] = q->state[c];
        i = c;
    }
    q->key[i] = k;
    q->state[i] = s;
}

typedef struct checker {
    const mq_monoid *q;
    const mq_gens *g;
    mq_states *s;
    mq_budget *b;
    size_t words;
    const uint64_t *inv_p; /* the states' */
    uint64_t *tmp;         /* a state's U being built */
    uint64_t *opt_bits;    /* a heap's option images */
    uint32_t *head;        /* per element: the first explored state (NO_STATE: none) */
    pq queue;
    uint64_t cutoff; /* keys at or past it cannot give a smaller failure */
} checker;

static uint64_t heap_weight(size_t h) {
    return ((uint64_t)h << 20) - 1;
}

static int has_options(const mq_gens *g, size_t h) {
    return g->opt_start[h] != g->opt_start[h + 1];
}

/* c->opt_bits := the option images of heap h. */
static void option_bits(checker *c, size_t h) {
    memset(c->opt_bits, 0, c->words * 8);
    for (size_t k = c->g->opt_start[h]; k < c->g->opt_start[h + 1]; k++) {
        c->opt_bits[c->g->opt[k] >> 6] |= (uint64_t)1 << (c->g->opt[k] & 63);
    }
}

static int bits_meet(const uint64_t *a, const uint64_t *b, size_t words) {
    for (size_t j = 0; j < words; j++) {
        if (a[j] & b[j]) {
            return 1;
        }
    }
    return 0;
}

/* Heap h' dominates heap h > h' when phi(h') = phi(h) and opt(h') is inside opt(h) (as sets of
 * images): adding h to a state then gives a larger U than adding h' (the step below is monotone
 * in the option images), for more tokens, so no least N-failure needs h. Is h dominated by an
 * active heap? (c->opt_bits holds h's option images.) */
static int heap_dominated(const checker *c, size_t h) {
    const mq_states *s = c->s;
    for (size_t i = 0; i < s->active_count; i++) {
        const size_t a = s->active[i];
        if (c->g->phi[a] != c->g->phi[h]) {
            continue;
        }
        int inside = 1;
        for (size_t k = c->g->opt_start[a]; k < c->g->opt_start[a + 1] && inside; k++) {
            inside = (c->opt_bits[c->g->opt[k] >> 6] >> (c->g->opt[k] & 63)) & 1u;
        }
        if (inside) {
            return 1;
        }
    }
    return 0;
}

/* Append heap h to the active heaps unless one dominates it. */
static grundy_status activate(checker *c, size_t h) {
    mq_states *s = c->s;
    option_bits(c, h);
    if (heap_dominated(c, h)) {
        return GRUNDY_STATUS_OK;
    }
    if (s->active_count == s->active_cap) {
        const size_t cap = s->active_cap ? 2 * s->active_cap : 64;
        GROW_ARRAY(c->b, active, cap);
        s->active_cap = cap;
    }
    s->active[s->active_count++] = (uint32_t)h;
    return GRUNDY_STATUS_OK;
}

/* Is (x, u) dominated by an explored state: the same element, a U inside u? Every extension of
 * (x, u) by heaps then has a U containing the same extension's of the explored state, so an
 * N-failure there means one at the explored state's extension (with a smaller or equal key). */
static int dominated(const checker *c, uint32_t x, const uint64_t *u) {
    const size_t words = c->words;
    for (uint32_t j = c->head[x & ~EMPTY_FLAG]; j != NO_STATE; j = c->s->next[j]) {
        const uint64_t *v = c->s->u + (size_t)j * words;
        size_t k = 0;
        while (k < words && (v[k] & ~u[k]) == 0) {
            k++;
        }
        if (k == words && c->s->x[j] == x) {
            return 1;
        }
    }
    return 0;
}

static void mark_explored(checker *c, uint32_t i) {
    const uint32_t x = c->s->x[i] & ~EMPTY_FLAG;
    c->s->explored[i] = 1;
    c->s->next[i] = c->head[x];
    c->head[x] = i;
}

/* The state of position (state i) + heap h into c->tmp; returns its element. */
static uint32_t step(const checker *c, uint32_t i, size_t h) {
    const size_t words = c->words, m = c->q->size;
    const uint32_t x = c->s->x[i] & ~EMPTY_FLAG, phi = c->g->phi[h];
    const uint64_t *u = c->s->u + i * words;
    const uint32_t *row = c->q->mul + (size_t)phi * m;
    for (size_t j = 0; j < words; j++) { /* a word at a time: no store in the inner loop */
        const size_t end = m < 64 * (j + 1) ? m : 64 * (j + 1);
        uint64_t acc = 0;
        for (size_t w = 64 * j; w < end; w++) {
            const uint32_t y = row[w];
            acc |= ((u[y >> 6] >> (y & 63)) & 1u) << (w & 63);
        }
        c->tmp[j] = acc;
    }
    for (size_t k = c->g->opt_start[h]; k < c->g->opt_start[h + 1]; k++) {
        const uint64_t *d = c->inv_p + (size_t)mq_mul(c->q, x, c->g->opt[k]) * words;
        for (size_t j = 0; j < words; j++) {
            c->tmp[j] |= d[j];
        }
    }
    return mq_mul(c->q, x, phi);
}

static grundy_status add_state(checker *c, uint32_t x, const uint64_t *u, uint64_t key,
                               uint32_t parent, size_t h) {
    mq_states *s = c->s;
    const grundy_status st = grow(s, c->b);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    const uint32_t j = (uint32_t)s->count++;
    s->x[j] = x;
    memcpy(s->u + (size_t)j * s->words, u, s->words * 8);
    s->key[j] = key;
    s->parent[j] = parent;
    s->by_heap[j] = (uint32_t)h;
    s->next[j] = NO_STATE;
    s->explored[j] = 0;
    return pq_push(&c->queue, c->b, key, j);
}

/* Reach (state i) + heap h with word key `key`, unless an explored state dominates it. */
static grundy_status relax(checker *c, uint32_t i, size_t h, uint64_t key) {
    if (key >= c->cutoff) {
        return GRUNDY_STATUS_OK;
    }
    const uint32_t x = step(c, i, h);
    return dominated(c, x, c->tmp) ? GRUNDY_STATUS_OK : add_state(c, x, c->tmp, key, i, h);
}

/* An N-failure: a non-empty position outside P none of whose options maps into P (or the empty
 * position inside P). P-failures are found by p_failure, element by element. */
static int n_failure(const checker *c, uint32_t i) {
    const uint32_t x = c->s->x[i];
    if (x & EMPTY_FLAG) {
        return c->q->is_p[0];
    }
    return !c->q->is_p[x] && !(c->s->u[i * c->words] & 1u);
}

static void failure_word(const checker *c, uint32_t i, mq_failure *fail) {
    fail->found = 1;
    memset(fail->exp, 0, (c->g->heaps + 1) * sizeof *fail->exp);
    for (; c->s->parent[i] != NO_PARENT; i = c->s->parent[i]) {
        fail->exp[c->s->by_heap[i]]++;
    }
}

/* Explore the queue, smallest keys first: a state is explored unless an explored state
 * dominates it, and then extended by every active heap. *failed: the first N-failure. */
static grundy_status run(checker *c, uint32_t *failed) {
    grundy_status st = GRUNDY_STATUS_OK;
    const mq_states *s = c->s;
    *failed = NO_STATE;
    while (c->queue.len > 0) {
        uint64_t key;
        uint32_t i;
        pq_pop(&c->queue, &key, &i);
        if (dominated(c, s->x[i], s->u + (size_t)i * c->words)) {
            continue;
        }
        if (n_failure(c, i)) {
            *failed = i;
            break;
        }
        mark_explored(c, i);
        /* Each state explored costs a step per heap added to it and per 64 elements. */
        c->b->work += s->active_count * c->words;
        if (c->b->max_work != 0 && c->b->work > c->b->max_work) {
            GRUNDY_TRY(mq_budget_refuse(c->b, GRUNDY_MISERE_LIMIT_WORK, 0));
        }
        if (c->b->progress != NULL && (++c->b->ticks & PROGRESS_TICKS) == 0) {
            c->b->progress(c->b->progress_ctx, c->b->heap, c->b->work);
        }
        for (size_t a = 0; a < s->active_count; a++) {
            const size_t h = s->active[a];
            GRUNDY_TRY(relax(c, i, h, key + heap_weight(h)));
        }
    }
cleanup:
    return st;
}

/* A P-failure: a position X + h mapping into P with an option X + t (t an option of h) mapping
 * into P too. It depends on x = phi(X) and h alone, and every element is the image of some
 * position (phi is onto Q), so checking each pair (x, h) checks every position. Is there one
 * at (x, h)? (c->opt_bits holds h's option images.) */
static int p_failure(const checker *c, size_t h, uint32_t x) {
    return c->q->is_p[mq_mul(c->q, x, c->g->phi[h])] &&
           bits_meet(c->inv_p + (size_t)x * c->words, c->opt_bits, c->words);
}

/* Each element's least word (Dijkstra over elements: the smallest active heap of each image
 * comes first among the heaps of that image), as keys and a tree of (parent, heap). */
static grundy_status element_words(checker *c, uint64_t *key, uint32_t *parent, uint32_t *heap) {
    const mq_monoid *q = c->q;
    const mq_states *s = c->s;
    for (uint32_t x = 0; x < q->size; x++) {
        key[x] = NO_KEY;
    }
    key[0] = 0;
    parent[0] = NO_PARENT;
    c->queue.len = 0;
    grundy_status st = pq_push(&c->queue, c->b, 0, 0);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    while (c->queue.len > 0) {
        uint64_t k;
        uint32_t x;
        pq_pop(&c->queue, &k, &x);
        if (k != key[x]) {
            continue;
        }
        for (size_t a = 0; a < s->active_count; a++) {
            const size_t h = s->active[a];
            const uint32_t y = mq_mul(q, x, c->g->phi[h]);
            if (k + heap_weight(h) < key[y]) {
                key[y] = k + heap_weight(h);
                parent[y] = x;
                heap[y] = (uint32_t)h;
                if ((st = pq_push(&c->queue, c->b, key[y], y)) != GRUNDY_STATUS_OK) {
                    return st;
                }
            }
        }
    }
    return GRUNDY_STATUS_OK;
}

/* The least P-failure: (key, its word's element and heap) into c->cutoff, *x, *h. */
static void least_p_failure(checker *c, const uint64_t *key, uint32_t *x, size_t *h) {
    for (size_t k = 1; k <= c->g->heaps; k++) {
        if (!has_options(c->g, k)) {
            continue;
        }
        option_bits(c, k);
        for (uint32_t z = 0; z < c->q->size; z++) {
            if (key[z] != NO_KEY && key[z] + heap_weight(k) < c->cutoff && p_failure(c, k, z)) {
                c->cutoff = key[z] + heap_weight(k);
                *x = z;
                *h = k;
            }
        }
    }
}

/* { w : y w in P } for each y, once per (Q, P): kept with the states. */
static grundy_status p_preimages(mq_states *s, const mq_monoid *q, mq_budget *b) {
    const size_t m = q->size, words = s->words;
    if (s->inv_p != NULL) {
        return GRUNDY_STATUS_OK;
    }
    s->inv_p = mq_alloc(b, m * words + 1, sizeof *s->inv_p);
    if (s->inv_p == NULL) {
        return mq_alloc_failure(b);
    }
    for (size_t y = 0; y < m; y++) {
        for (size_t w = 0; w < m; w++) {
            if (q->is_p[mq_mul(q, (uint32_t)y, (uint32_t)w)]) {
                s->inv_p[y * words + (w >> 6)] |= (uint64_t)1 << (w & 63);
            }
        }
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status checker_init(checker *c, const mq_monoid *q) {
    const size_t m = q->size, words = c->words;
    const grundy_status st = p_preimages(c->s, q, c->b);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    c->inv_p = c->s->inv_p;
    c->tmp = mq_alloc(c->b, words + 1, sizeof *c->tmp);
    c->opt_bits = c->tmp != NULL ? mq_alloc(c->b, words + 1, sizeof *c->opt_bits) : NULL;
    c->head = c->opt_bits != NULL ? mq_alloc(c->b, m + 1, sizeof *c->head) : NULL;
    if (c->head == NULL) {
        return mq_alloc_failure(c->b);
    }
    for (size_t x = 0; x <= m; x++) {
        c->head[x] = NO_STATE;
    }
    return GRUNDY_STATUS_OK;
}

static void checker_free(checker *c) {
    mq_free(c->tmp);
    mq_free(c->opt_bits);
    mq_free(c->head);
    mq_free(c->queue.key);
    mq_free(c->queue.state);
}

/* Keep the explored states only: they are what the next heap starts from. */
static void keep_explored(mq_states *s) {
    size_t j = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (s->explored[i]) {
            s->x[j] = s->x[i];
            memmove(s->u + j * s->words, s->u + i * s->words, s->words * 8);
            s->key[j] = s->key[i];
            s->parent[j] = NO_PARENT;
            s->by_heap[j] = s->by_heap[i];
            j++;
        }
    }
    s->count = j;
}

/* Full mode: every position, from the empty one; the least failure, P or N. */
static grundy_status check_all(checker *c, mq_failure *fail) {
    grundy_status st = GRUNDY_STATUS_OK;
    const size_t m = c->q->size;
    uint64_t *key = mq_alloc(c->b, m, sizeof *key);
    uint32_t *parent = key != NULL ? mq_alloc(c->b, m, sizeof *parent) : NULL;
    uint32_t *heap = parent != NULL ? mq_alloc(c->b, m, sizeof *heap) : NULL;
    uint32_t px = 0, failed = NO_STATE;
    size_t ph = 0;
    GRUNDY_CHECK(heap != NULL, mq_alloc_failure(c->b));
    for (size_t h = 1; h <= c->g->heaps; h++) {
        if (has_options(c->g, h)) {
            GRUNDY_TRY(activate(c, h));
        }
    }
    GRUNDY_TRY(element_words(c, key, parent, heap));
    c->cutoff = NO_KEY;
    least_p_failure(c, key, &px, &ph);
    c->queue.len = 0;
    c->s->count = 0;
    memset(c->tmp, 0, c->words * 8);
    GRUNDY_TRY(add_state(c, EMPTY_FLAG, c->tmp, 0, NO_PARENT, 0));
    GRUNDY_TRY(run(c, &failed));
    if (failed != NO_STATE) {
        failure_word(c, failed, fail);
    } else if (c->cutoff != NO_KEY) {
        fail->found = 1;
        memset(fail->exp, 0, (c->g->heaps + 1) * sizeof *fail->exp);
        fail->exp[ph]++;
        for (; px != 0; px = parent[px]) {
            fail->exp[heap[px]]++;
        }
    }
cleanup:
    mq_free(key);
    mq_free(parent);
    mq_free(heap);
    return st;
}

/*
 * Seeded mode: the positions with heap n = gens->heaps. A P-failure there is (x, n) for some x.
 * For N-failures: when heap n alone is dominated by an explored state (the same element, a
 * smaller U), every position n + Y is dominated by the position of that state plus Y, which has
 * one copy of n fewer: by induction none fails. Otherwise (and only when `search`) every
 * explored state plus heap n starts a search; each position X + n + Z (X without n) is
 * dominated by the explored state that dominates X, plus n, plus Z.
 */
static grundy_status check_new_heap(checker *c, int search, mq_failure *fail) {
    grundy_status st = GRUNDY_STATUS_OK;
    mq_states *s = c->s;
    const size_t n = c->g->heaps, old = s->count, old_active = s->active_count;
    uint32_t x, failed = NO_STATE;
    fail->found = 1;
    c->cutoff = NO_KEY;
    if (!has_options(c->g, n)) {
        fail->found = 0;
        return GRUNDY_STATUS_OK;
    }
    option_bits(c, n);
    for (x = 0; x < c->q->size; x++) {
        if (p_failure(c, n, x)) {
            return GRUNDY_STATUS_OK;
        }
    }
    for (uint32_t i = 0; i < old; i++) {
        mark_explored(c, i);
    }
    x = step(c, 0, n); /* heap n alone: the empty position is state 0 */
    if (!dominated(c, x, c->tmp)) {
        if (!search) {
            return GRUNDY_STATUS_OK;
        }
        GRUNDY_TRY(activate(c, n));
        c->b->work += old * c->words;
        for (uint32_t i = 0; i < old; i++) {
            GRUNDY_TRY(relax(c, i, n, s->key[i] + heap_weight(n)));
        }
        GRUNDY_TRY(run(c, &failed));
        GRUNDY_CHECK(failed == NO_STATE, GRUNDY_STATUS_OK);
    } else {
        GRUNDY_TRY(activate(c, n));
    }
    fail->found = 0;
    keep_explored(s);
cleanup:
    if (st != GRUNDY_STATUS_OK || fail->found) {
        s->count = old;
        s->active_count = old_active;
    }
    return st;
}

grundy_status mq_check(const mq_monoid *q, const mq_gens *gens, int search, mq_budget *b,
                       mq_states **states, mq_failure *fail) {
    grundy_status st = GRUNDY_STATUS_OK;
    const size_t words = (q->size + 63) / 64;
    checker c = {q, gens, *states, b, words, NULL, NULL, NULL, NULL, {NULL, NULL, 0, 0}, NO_KEY};
    fail->found = 0;
    if (*states == NULL) {
        c.s = calloc(1, sizeof *c.s);
        GRUNDY_CHECK(c.s != NULL, GRUNDY_STATUS_NOMEM);
        c.s->words = words;
        GRUNDY_TRY(checker_init(&c, q));
        GRUNDY_TRY(check_all(&c, fail));
        if (!fail->found) {
            keep_explored(c.s);
            *states = c.s;
            c.s = NULL;
        }
    } else {
        assert(c.s->words == words);
        GRUNDY_TRY(checker_init(&c, q));
        GRUNDY_TRY(check_new_heap(&c, search, fail));
    }
cleanup:
    if (*states != c.s) {
        mq_states_free(c.s);
    }
    checker_free(&c);
    return st;
}
