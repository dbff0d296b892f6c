/* SPDX-License-Identifier: MIT */
/* Internal: the exact check of a misere pretension over every position of the heaps, through
 * the finitely many states (x, U) that positions reach (see mq_check in misere_internal.h). */
#include "heap/misere/quotient_parts.h"
#include "util/try.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The empty position's state is kept apart from (identity, {}) reached by a non-empty one. */
#define EMPTY_FLAG 0x80000000u
#define NO_PARENT  UINT32_MAX
/* The progress callback is called every 2^16 states reached. */
#define PROGRESS_TICKS 0xFFFFu

struct mq_states {
    size_t words; /* 64-bit words per U */
    size_t count, cap;
    uint32_t *x;       /* element, EMPTY_FLAG for the empty position */
    uint64_t *u;       /* `words` per state */
    uint64_t *key;     /* the least word reaching it: tokens << 20, minus its heaps */
    uint32_t *parent;  /* the state it was reached from */
    uint32_t *by_heap; /* the heap added */
    uint32_t *slot;    /* open addressing: state + 1 */
    size_t slot_cap;
};

void mq_states_free(mq_states *s) {
    if (s != NULL) {
        free(s->x);
        free(s->u);
        free(s->key);
        free(s->parent);
        free(s->by_heap);
        free(s->slot);
        free(s);
    }
}

size_t mq_states_count(const mq_states *s) {
    return s == NULL ? 0 : s->count;
}

static uint64_t state_hash(uint32_t x, const uint64_t *u, size_t words) {
    uint64_t h = x * 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < words; i++) {
        h = (h ^ u[i]) * 0xBF58476D1CE4E5B9u;
        h ^= h >> 29;
    }
    return h;
}

/* The slot holding (x, u), or the empty slot where it would go. */
static size_t find_slot(const mq_states *s, uint32_t x, const uint64_t *u) {
    size_t k = (size_t)state_hash(x, u, s->words) & (s->slot_cap - 1);
    for (;; k = (k + 1) & (s->slot_cap - 1)) {
        const uint32_t e = s->slot[k];
        if (e == 0 ||
            (s->x[e - 1] == x && memcmp(s->u + (e - 1) * s->words, u, s->words * 8) == 0)) {
            return k;
        }
    }
}

static grundy_status rehash(mq_states *s, size_t cap) {
    uint32_t *slot = calloc(cap, sizeof *slot);
    if (slot == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    free(s->slot);
    s->slot = slot;
    s->slot_cap = cap;
    for (size_t i = 0; i < s->count; i++) {
        s->slot[find_slot(s, s->x[i], s->u + i * s->words)] = (uint32_t)i + 1;
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status grow(mq_states *s, mq_budget *b) {
    if (s->count < s->cap) {
        return GRUNDY_STATUS_OK;
    }
    if (s->count >= b->max_states || s->count >= UINT32_MAX / 2) {
        return mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_STATES, 0);
    }
    const size_t cap = s->cap ? 2 * s->cap : 1024;
    if (b->max_bytes != 0 && (uint64_t)cap * MQ_STATE_BYTES(s->words) > b->max_bytes) {
        return mq_budget_refuse(b, GRUNDY_MISERE_LIMIT_BYTES,
                                (uint64_t)cap * MQ_STATE_BYTES(s->words));
    }
    uint32_t *x = realloc(s->x, cap * sizeof *x);
    if (x != NULL) {
        s->x = x;
    }
    uint64_t *u = realloc(s->u, cap * s->words * sizeof *u);
    if (u != NULL) {
        s->u = u;
    }
    uint64_t *key = realloc(s->key, cap * sizeof *key);
    if (key != NULL) {
        s->key = key;
    }
    uint32_t *parent = realloc(s->parent, cap * sizeof *parent);
    if (parent != NULL) {
        s->parent = parent;
    }
    uint32_t *by_heap = realloc(s->by_heap, cap * sizeof *by_heap);
    if (by_heap != NULL) {
        s->by_heap = by_heap;
    }
    if (!x || !u || !key || !parent || !by_heap) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->cap = cap;
    return 2 * cap <= s->slot_cap ? GRUNDY_STATUS_OK : rehash(s, 4 * cap);
}

/* A binary heap of (key, state). */
typedef struct pq {
    uint64_t *key;
    uint32_t *state;
    size_t len, cap;
} pq;

static int pq_push(pq *q, uint64_t key, uint32_t state) {
    if (q->len == q->cap) {
        const size_t cap = q->cap ? 2 * q->cap : 1024;
        uint64_t *k = realloc(q->key, cap * sizeof *k);
        if (k != NULL) {
            q->key = k;
        }
        uint32_t *s = realloc(q->state, cap * sizeof *s);
        if (s != NULL) {
            q->state = s;
        }
        if (k == NULL || s == NULL) {
            return 0;
        }
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
    return 1;
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
    uint64_t *inv_p; /* size * words: { w : y w in P } for each y */
    uint64_t *tmp;
    pq queue;
    size_t first_new; /* states below this are trusted (seeded mode) */
} checker;

static int state_ok(const checker *c, uint32_t i) {
    const uint32_t x = c->s->x[i];
    if (x & EMPTY_FLAG) {
        return !c->q->is_p[0];
    }
    const int some_option_p = (int)(c->s->u[i * c->s->words] & 1u);
    return c->q->is_p[x] == !some_option_p;
}

/* The state of position (state i) + heap h into c->tmp; returns its element. */
static uint32_t step(const checker *c, uint32_t i, size_t h) {
    const size_t words = c->s->words, m = c->q->size;
    const uint32_t x = c->s->x[i] & ~EMPTY_FLAG, phi = c->g->phi[h];
    const uint64_t *u = c->s->u + i * words;
    const uint32_t *row = c->q->mul + (size_t)phi * m;
    memset(c->tmp, 0, words * 8);
    for (size_t w = 0; w < m; w++) {
        const uint32_t y = row[w];
        c->tmp[w >> 6] |= ((u[y >> 6] >> (y & 63)) & 1u) << (w & 63);
    }
    for (size_t k = c->g->opt_start[h]; k < c->g->opt_start[h + 1]; k++) {
        const uint64_t *d = c->inv_p + (size_t)mq_mul(c->q, x, c->g->opt[k]) * words;
        for (size_t j = 0; j < words; j++) {
            c->tmp[j] |= d[j];
        }
    }
    return mq_mul(c->q, x, phi);
}

/* Reach (state i) + heap h with word key `key`. */
static grundy_status relax(checker *c, uint32_t i, size_t h, uint64_t key) {
    mq_states *s = c->s;
    const uint32_t x = step(c, i, h);
    size_t k = find_slot(s, x, c->tmp);
    uint32_t j;
    if (s->slot[k] != 0) {
        j = s->slot[k] - 1;
        if (j < c->first_new || s->key[j] <= key) {
            return GRUNDY_STATUS_OK;
        }
    } else {
        const grundy_status st = grow(s, c->b);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        k = find_slot(s, x, c->tmp); /* grow may have rehashed */
        j = (uint32_t)s->count++;
        s->x[j] = x;
        memcpy(s->u + (size_t)j * s->words, c->tmp, s->words * 8);
        s->slot[k] = j + 1;
    }
    s->key[j] = key;
    s->parent[j] = i;
    s->by_heap[j] = (uint32_t)h;
    return pq_push(&c->queue, key, j) ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM;
}

static uint64_t heap_weight(size_t h) {
    return ((uint64_t)h << 20) - 1;
}

static void failure_word(const checker *c, uint32_t i, mq_failure *fail) {
    fail->found = 1;
    memset(fail->exp, 0, (c->g->heaps + 1) * sizeof *fail->exp);
    for (; c->s->parent[i] != NO_PARENT; i = c->s->parent[i]) {
        fail->exp[c->s->by_heap[i]]++;
    }
}

static grundy_status run(checker *c, mq_failure *fail) {
    grundy_status st = GRUNDY_STATUS_OK;
    while (c->queue.len > 0) {
        uint64_t key;
        uint32_t i;
        pq_pop(&c->queue, &key, &i);
        if (key != c->s->key[i]) {
            continue;
        }
        if (!state_ok(c, i)) {
            failure_word(c, i, fail);
            break;
        }
        /* The work bound: each state reached costs a step per heap added to it and per 64 elements
         * of the quotient (step() runs over every element: 83% of the time of 0.07 to 32). */
        c->b->work += c->g->heaps * c->s->words;
        if (c->b->max_work != 0 && c->b->work > c->b->max_work) {
            GRUNDY_TRY(mq_budget_refuse(c->b, GRUNDY_MISERE_LIMIT_WORK, 0));
        }
        if (c->b->progress != NULL && (++c->b->ticks & PROGRESS_TICKS) == 0) {
            c->b->progress(c->b->progress_ctx, c->b->heap, c->b->work);
        }
        for (size_t h = 1; h <= c->g->heaps; h++) {
            if (c->g->opt_start[h] != c->g->opt_start[h + 1]) {
                GRUNDY_TRY(relax(c, i, h, key + heap_weight(h)));
            }
        }
    }
cleanup:
    return st;
}

static grundy_status new_states(size_t words, mq_states **out) {
    mq_states *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    s->words = words;
    *out = s;
    return rehash(s, 4096);
}

static grundy_status checker_init(checker *c, const mq_monoid *q, const mq_gens *g) {
    const size_t m = q->size, words = (m + 63) / 64;
    c->inv_p = calloc(m * words + 1, sizeof *c->inv_p);
    c->tmp = calloc(words + 1, sizeof *c->tmp);
    if (c->inv_p == NULL || c->tmp == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    for (size_t y = 0; y < m; y++) {
        for (size_t w = 0; w < m; w++) {
            if (q->is_p[mq_mul(q, (uint32_t)y, (uint32_t)w)]) {
                c->inv_p[y * words + (w >> 6)] |= (uint64_t)1 << (w & 63);
            }
        }
    }
    (void)g;
    return GRUNDY_STATUS_OK;
}

/* Seeded mode: forget the states found by a failed attempt. */
static grundy_status roll_back(mq_states *s, size_t count) {
    s->count = count;
    return rehash(s, s->slot_cap);
}

grundy_status mq_check(const mq_monoid *q, const mq_gens *gens, mq_budget *b, mq_states **states,
                       mq_failure *fail) {
    grundy_status st = GRUNDY_STATUS_OK;
    checker c = {q, gens, *states, b, NULL, NULL, {NULL, NULL, 0, 0}, 0};
    const int seeded = *states != NULL;
    const size_t words = (q->size + 63) / 64;
    fail->found = 0;
    GRUNDY_TRY(checker_init(&c, q, gens));
    if (!seeded) {
        GRUNDY_TRY(new_states(words, &c.s));
        GRUNDY_TRY(grow(c.s, b));
        c.s->x[0] = EMPTY_FLAG;
        memset(c.s->u, 0, words * 8);
        c.s->key[0] = 0;
        c.s->parent[0] = NO_PARENT;
        c.s->by_heap[0] = 0;
        c.s->count = 1;
        c.s->slot[find_slot(c.s, EMPTY_FLAG, c.s->u)] = 1;
        GRUNDY_CHECK(pq_push(&c.queue, 0, 0), GRUNDY_STATUS_NOMEM);
        GRUNDY_TRY(run(&c, fail));
    } else {
        const size_t old = c.s->count, h = gens->heaps;
        assert(c.s->words == words);
        c.first_new = old;
        b->work += old * words;
        for (size_t i = 0; i < old && gens->opt_start[h] != gens->opt_start[h + 1]; i++) {
            GRUNDY_TRY(relax(&c, (uint32_t)i, h, c.s->key[i] + heap_weight(h)));
        }
        GRUNDY_TRY(run(&c, fail));
        if (fail->found) {
            GRUNDY_TRY(roll_back(c.s, old));
        }
    }
cleanup:
    if (!seeded) {
        if (st == GRUNDY_STATUS_OK && !fail->found) {
            *states = c.s;
        } else {
            mq_states_free(c.s);
        }
    } else if (st != GRUNDY_STATUS_OK) {
        roll_back(c.s, c.first_new);
    }
    free(c.inv_p);
    free(c.tmp);
    free(c.queue.key);
    free(c.queue.state);
    return st;
}
