/* SPDX-License-Identifier: MIT */
/*
 * Conway's genus of one heap (On Numbers and Games, chapter 12): g^(g0 g1 g2 ...), with g the
 * normal-play Grundy value and g_k the misere Grundy value of the heap plus k Nim heaps *2. The
 * misere Grundy value is 1 for a position with no move and the mex of the options' values
 * otherwise. Misere values of sums are not determined by the parts' values, so each g_k is found
 * by a memoized search of the sum itself: rule heaps, b copies of *2 and c copies of *1 (the
 * moves of *2 leave *1 or nothing). Heaps with no move are dropped: they are the empty game.
 */
#include "heap/rule/heap_moves.h"
#include "util/state_memo.h"
#include "util/try.h"

#include <grundy/misere.h>

#include <stdlib.h>
#include <string.h>

#define GENUS_MAX_HEAP  ((uint64_t)1 << 20)
#define GENUS_MAX_DEPTH 4000
#define TAG_TWOS        ((uint64_t)1 << 61)
#define TAG_ONES        ((uint64_t)1 << 62)
#define GENUS_MAX_VALUE 255u

typedef struct genus {
    const grundy_rule *rule;
    grundy_state_memo memo;
} genus;

static grundy_status value_of(genus *g, const uint64_t *heaps, size_t count, uint64_t twos,
                              uint64_t ones, unsigned depth, unsigned *v);

typedef struct frame {
    genus *g;
    const uint64_t *heaps;
    size_t count, skip;
    uint64_t twos, ones;
    unsigned depth;
    uint64_t *child;
    uint64_t seen[4]; /* values of the options, as a 256-bit set */
    grundy_status st;
} frame;

static void mark(frame *f, unsigned v) {
    f->seen[v >> 6] |= (uint64_t)1 << (v & 63);
}

static int heap_option(void *ctx, const grundy_heap_move *m) {
    frame *f = ctx;
    size_t k = 0;
    for (size_t i = 0; i < f->count; i++) {
        if (i != f->skip) {
            f->child[k++] = f->heaps[i];
        }
    }
    for (unsigned j = 0; j < m->parts; j++) {
        int has = 0;
        f->st = grundy_heap_has_move(f->g->rule, m->left[j], &has);
        if (f->st != GRUNDY_STATUS_OK) {
            return 1;
        }
        if (has) {
            f->child[k++] = m->left[j];
        }
    }
    grundy_heaps_sort(f->child, k);
    unsigned v = 0;
    f->st = value_of(f->g, f->child, k, f->twos, f->ones, f->depth + 1, &v);
    if (f->st == GRUNDY_STATUS_OK) {
        mark(f, v);
    }
    return f->st != GRUNDY_STATUS_OK;
}

static unsigned mex(const uint64_t *seen) {
    unsigned v = 0;
    while (v <= GENUS_MAX_VALUE && ((seen[v >> 6] >> (v & 63)) & 1u)) {
        v++;
    }
    return v;
}

/* The options that play in the Nim heaps *2 and *1. */
static grundy_status nim_options(frame *f) {
    grundy_status st = GRUNDY_STATUS_OK;
    unsigned v = 0;
    if (f->twos > 0) {
        GRUNDY_TRY(value_of(f->g, f->heaps, f->count, f->twos - 1, f->ones, f->depth + 1, &v));
        mark(f, v);
        GRUNDY_TRY(value_of(f->g, f->heaps, f->count, f->twos - 1, f->ones + 1, f->depth + 1, &v));
        mark(f, v);
    }
    if (f->ones > 0) {
        GRUNDY_TRY(value_of(f->g, f->heaps, f->count, f->twos, f->ones - 1, f->depth + 1, &v));
        mark(f, v);
    }
cleanup:
    return st;
}

static grundy_status value_of(genus *g, const uint64_t *heaps, size_t count, uint64_t twos,
                              uint64_t ones, unsigned depth, unsigned *v) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (count == 0 && twos == 0 && ones == 0) {
        *v = 1;
        return GRUNDY_STATUS_OK;
    }
    uint64_t *key = malloc((count + 2 + GRUNDY_RULE_MAX_LEFT) * sizeof *key);
    frame f = {g, heaps, count, 0, twos, ones, depth, key, {0, 0, 0, 0}, GRUNDY_STATUS_OK};
    GRUNDY_CHECK(key != NULL, GRUNDY_STATUS_NOMEM);
    memcpy(key, heaps, count * sizeof *key);
    key[count] = TAG_TWOS | twos;
    key[count + 1] = TAG_ONES | ones;
    if (grundy_state_memo_get(&g->memo, key, count + 2, v)) {
        goto cleanup;
    }
    GRUNDY_CHECK(depth <= GENUS_MAX_DEPTH, GRUNDY_STATUS_LIMIT);
    for (size_t i = 0; i < count; i++) {
        if (i == 0 || heaps[i] != heaps[i - 1]) {
            f.skip = i;
            GRUNDY_TRY(grundy_heap_moves_each(g->rule, heaps[i], heap_option, &f, NULL));
            GRUNDY_TRY(f.st);
        }
    }
    GRUNDY_TRY(nim_options(&f));
    *v = mex(f.seen);
    GRUNDY_CHECK(*v <= GENUS_MAX_VALUE, GRUNDY_STATUS_LIMIT);
    memcpy(key, heaps, count * sizeof *key); /* the options reused the buffer */
    key[count] = TAG_TWOS | twos;
    key[count + 1] = TAG_ONES | ones;
    GRUNDY_TRY(grundy_state_memo_put(&g->memo, key, count + 2, *v));
cleanup:
    free(key);
    return st;
}

/* Normal-play Grundy values of heaps 0..n by the mex rule (n is small here). */
typedef struct normal_ctx {
    const grundy_genus *g;
    uint64_t seen[4];
    int over;
} normal_ctx;

static int normal_option(void *ctx, const grundy_heap_move *m) {
    normal_ctx *c = ctx;
    uint64_t x = 0;
    for (unsigned j = 0; j < m->parts; j++) {
        x ^= c->g[m->left[j]].normal;
    }
    if (x > GENUS_MAX_VALUE) {
        c->over = 1;
        return 1;
    }
    c->seen[x >> 6] |= (uint64_t)1 << (x & 63);
    return 0;
}

/* Alternation of period 2 from term j on: terms[k] == terms[k - 2] for every k >= j + 2. */
static int alternates_from(const uint8_t *terms, size_t len, size_t j) {
    for (size_t k = j + 2; k < len; k++) {
        if (terms[k] != terms[k - 2]) {
            return 0;
        }
    }
    return 1;
}

/* Stop once the last six terms alternate (a, b, a, b, a, b), and keep the terms up to where the
 * alternation began, plus one, as Conway writes them (0^120 is 1, 2, 0, 2, 0, ...). */
static grundy_status misere_terms(genus *g, uint64_t heap, grundy_genus *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    int has = 0;
    GRUNDY_TRY(grundy_heap_has_move(g->rule, heap, &has));
    const size_t count = has ? 1 : 0;
    size_t k = 0;
    for (; k < GRUNDY_GENUS_MAX_TERMS; k++) {
        unsigned v = 0;
        GRUNDY_TRY(value_of(g, &heap, count, k, 0, 0, &v));
        out->misere[k] = (uint8_t)v;
        if (k >= 5 && alternates_from(out->misere, k + 1, k - 5)) {
            break;
        }
    }
    GRUNDY_CHECK(k < GRUNDY_GENUS_MAX_TERMS, GRUNDY_STATUS_LIMIT);
    size_t j = k - 5;
    while (j > 0 && alternates_from(out->misere, k + 1, j - 1)) {
        j--;
    }
    out->len = j + 2;
cleanup:
    return st;
}

grundy_status grundy_misere_genus(const grundy_rule *rule, uint64_t max_heap, uint64_t max_states,
                                  uint64_t max_bytes, grundy_genus *out) {
    grundy_status st = GRUNDY_STATUS_OK;
    genus g = {rule, {0}};
    GRUNDY_CHECK(max_heap <= GENUS_MAX_HEAP, GRUNDY_STATUS_RANGE);
    grundy_state_memo_init(&g.memo, max_states, max_bytes != 0 ? max_bytes : (uint64_t)1 << 30);
    for (uint64_t n = 0; n <= max_heap; n++) {
        normal_ctx c = {out, {0, 0, 0, 0}, 0};
        memset(&out[n], 0, sizeof out[n]);
        GRUNDY_TRY(grundy_heap_moves_each(rule, n, normal_option, &c, NULL));
        GRUNDY_CHECK(!c.over, GRUNDY_STATUS_LIMIT);
        out[n].normal = mex(c.seen);
        GRUNDY_TRY(misere_terms(&g, n, &out[n]));
    }
cleanup:
    grundy_state_memo_free(&g.memo);
    return st;
}
