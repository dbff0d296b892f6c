/* SPDX-License-Identifier: MIT */
/*
 * Heaps under a rule of rule.h as a game for the solver. A position is a multiset of non-empty
 * heaps with total at most T (the starting total), ranked by total first and then by its heaps in
 * decreasing order, lexicographically: rank = offset[t] + sum_i P(r_i, h_i - 1), where r_i is the
 * total still to place before heap i and P(m, k) counts the partitions of m into parts <= k.
 * A move removes tokens (a smaller total) or splits a heap into smaller ones (the same total and a
 * lexicographically smaller sequence), so every move lowers the rank: the game is descending.
 */
#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

/* Totals beyond this have far more positions than any solve allows (p(400) > 10^18). */
#define HEAPS_MAX_TOTAL GRUNDY_HEAPS_MAX_TOTAL
#define HEAPS_MAX_COUNT (HEAPS_MAX_TOTAL + 8)

typedef struct heaps {
    const grundy_rule *rule;
    int misere;
    unsigned total;
    uint64_t *parts;  /* parts[m * (total + 1) + k] = P(m, k), saturating */
    uint64_t *offset; /* offset[t] = positions of total < t; offset[total + 1] = all */
    uint8_t *stuck;   /* stuck[h]: a heap of h has no move (misere: all stuck is a win) */
    grundy_move_class *classes;
    size_t class_cap;
    uint64_t cur[HEAPS_MAX_COUNT]; /* the position being expanded */
    uint64_t next[HEAPS_MAX_COUNT];
} heaps;

static uint64_t sat_add(uint64_t a, uint64_t b) {
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t parts(const heaps *h, uint64_t m, uint64_t k) {
    return h->parts[m * (h->total + 1) + (k > m ? m : k)];
}

static uint64_t rank(const heaps *h, const uint64_t *v, size_t len) {
    uint64_t t = 0;
    for (size_t i = 0; i < len; i++) {
        t += v[i];
    }
    uint64_t r = h->offset[t], rest = t;
    for (size_t i = 0; i < len; i++) {
        r += parts(h, rest, v[i] - 1);
        rest -= v[i];
    }
    return r;
}

static size_t unrank(const heaps *h, uint64_t p, uint64_t *v) {
    unsigned t = 0;
    while (h->offset[t + 1] <= p) {
        t++;
    }
    uint64_t r = p - h->offset[t], rest = t;
    size_t len = 0;
    while (rest > 0) {
        uint64_t k = 1;
        while (parts(h, rest, k) <= r) {
            k++; /* the smallest k with more than r partitions of rest into parts <= k */
        }
        r -= parts(h, rest, k - 1);
        v[len++] = k;
        rest -= k;
    }
    return len;
}

/* Push the position cur minus heap i plus the heaps add[0..n) (any order). */
static void push_child(heaps *h, size_t len, size_t i, const uint64_t *add, size_t n,
                       grundy_move_list *out) {
    size_t m = 0;
    for (size_t j = 0; j < len; j++) {
        if (j != i) {
            h->next[m++] = h->cur[j];
        }
    }
    for (size_t j = 0; j < n; j++) {
        size_t k = m++;
        for (; k > 0 && h->next[k - 1] < add[j]; k--) {
            h->next[k] = h->next[k - 1]; /* insertion keeps next in decreasing order */
        }
        h->next[k] = add[j];
    }
    grundy_move_list_push(out, rank(h, h->next, m), 0);
}

/* Every way to write r as `count` parts below `max` (+1 when not distinct), in decreasing order. */
static void splits(heaps *h, size_t len, size_t i, uint64_t r, unsigned count, uint64_t max,
                   int distinct, uint64_t *acc, unsigned depth, grundy_move_list *out) {
    if (depth == count) {
        if (r == 0) {
            push_child(h, len, i, acc, count, out);
        }
        return;
    }
    const unsigned left = count - depth; /* parts still to place, each >= 1 */
    for (uint64_t part = max < r ? max : r; part >= 1; part--) {
        if (part * left < r) {
            break; /* the remaining parts, none above this one, cannot reach r */
        }
        if (r - part < left - 1) {
            continue; /* too little left for the other parts */
        }
        acc[depth] = part;
        splits(h, len, i, r - part, count, distinct ? part - 1 : part, distinct, acc, depth + 1,
               out);
    }
}

static void heap_moves(heaps *h, size_t len, size_t i, grundy_move_list *out) {
    const uint64_t size = h->cur[i];
    size_t count = 0;
    uint64_t acc[GRUNDY_RULE_MAX_LEFT];
    if (grundy_rule_moves(h->rule, size, h->classes, h->class_cap, &count) != GRUNDY_STATUS_OK) {
        out->failed = 1;
        return;
    }
    for (size_t c = 0; c < count; c++) {
        const grundy_move_class *mc = &h->classes[c];
        for (uint64_t take = mc->take_first; take <= mc->take_last && take <= size;
             take += mc->take_step) {
            const uint64_t r = size - take;
            for (unsigned j = 0; j <= GRUNDY_RULE_MAX_LEFT; j++) {
                if (((mc->leaves >> j) & 1u) && (j == 0 ? r == 0 : r >= j)) {
                    splits(h, len, i, r, j, r, mc->distinct && j >= 2, acc, 0, out);
                }
            }
            if (mc->take_step == 0 || take > UINT64_MAX - mc->take_step) {
                break;
            }
        }
    }
}

static void moves(void *ctx, uint64_t p, grundy_move_list *out) {
    heaps *const h = ctx;
    const size_t len = unrank(h, p, h->cur);
    for (size_t i = 0; i < len; i++) {
        if (i == 0 || h->cur[i] != h->cur[i - 1]) { /* equal heaps give the same children */
            heap_moves(h, len, i, out);
        }
    }
}

/* Misere: a position where no heap can move ends the game, won by the player to move. */
static grundy_outcome primitive(void *ctx, uint64_t p) {
    heaps *const h = ctx;
    if (!h->misere) {
        return GRUNDY_OUTCOME_DRAW;
    }
    const size_t len = unrank(h, p, h->cur);
    for (size_t i = 0; i < len; i++) {
        if (!h->stuck[h->cur[i]]) {
            return GRUNDY_OUTCOME_DRAW;
        }
    }
    return GRUNDY_OUTCOME_WIN;
}

/* stuck[s] for every heap size s <= total, from the moves of the one-heap position {s}. */
static int find_stuck(heaps *h) {
    grundy_move_list list = {0};
    h->stuck = calloc(h->total + 1u, 1);
    for (unsigned s = 1; h->stuck != NULL && s <= h->total; s++) {
        h->cur[0] = s;
        list.count = 0;
        heap_moves(h, 1, 0, &list);
        h->stuck[s] = list.count == 0;
    }
    const int ok = h->stuck != NULL && !list.failed;
    grundy_move_list_free(&list);
    return ok;
}

static void destroy(void *ctx) {
    heaps *const h = ctx;
    free(h->parts);
    free(h->offset);
    free(h->classes);
    free(h->stuck);
    free(h);
}

/* P(m, k) for m, k <= total, and the block offsets of each total. */
static int fill_tables(heaps *h) {
    const size_t w = h->total + 1u;
    h->parts = calloc(w * w, sizeof *h->parts);
    h->offset = calloc(w + 1, sizeof *h->offset);
    if (h->parts == NULL || h->offset == NULL) {
        return 0;
    }
    for (size_t k = 0; k < w; k++) {
        h->parts[k] = 1; /* P(0, k) = 1: the empty partition */
    }
    for (size_t m = 1; m < w; m++) {
        for (size_t k = 1; k < w; k++) {
            const uint64_t with_k = k <= m ? h->parts[(m - k) * w + k] : 0;
            h->parts[m * w + k] = sat_add(h->parts[m * w + k - 1], with_k);
        }
    }
    for (size_t t = 0; t < w; t++) {
        h->offset[t + 1] = sat_add(h->offset[t], h->parts[t * w + t]);
    }
    return 1;
}

grundy_status grundy_game_heaps_create(const grundy_rule *rule, const uint64_t *start, size_t count,
                                       int misere, uint64_t max_positions, grundy_game **out) {
    uint64_t total = 0, v[HEAPS_MAX_COUNT];
    size_t len = 0;
    *out = NULL;
    for (size_t i = 0; i < count; i++) {
        if (start[i] > HEAPS_MAX_TOTAL || (total += start[i]) > HEAPS_MAX_TOTAL) {
            return GRUNDY_STATUS_RANGE; /* a fixed bound: no max_positions would admit it */
        }
        if (start[i] > 0) {
            v[len++] = start[i];
        }
    }
    grundy_game *const g = calloc(1, sizeof *g);
    heaps *const h = calloc(1, sizeof *h);
    size_t classes;
    grundy_rule_classes(rule, &classes);
    if (g == NULL || h == NULL) {
        free(g);
        free(h);
        return GRUNDY_STATUS_NOMEM;
    }
    h->rule = rule;
    h->misere = misere;
    h->total = (unsigned)total;
    h->class_cap = 2 * classes + 2;
    h->classes = malloc(h->class_cap * sizeof *h->classes);
    if (h->classes == NULL || !fill_tables(h) || !find_stuck(h)) {
        destroy(h);
        free(g);
        return GRUNDY_STATUS_NOMEM;
    }
    if (h->offset[total + 1] > max_positions) {
        destroy(h);
        free(g);
        return GRUNDY_STATUS_LIMIT;
    }
    for (size_t i = 1; i < len; i++) { /* sort the start decreasing */
        for (size_t k = i; k > 0 && v[k - 1] < v[k]; k--) {
            const uint64_t x = v[k];
            v[k] = v[k - 1];
            v[k - 1] = x;
        }
    }
    g->name = "heaps";
    g->positions = h->offset[total + 1];
    g->initial = rank(h, v, len);
    g->flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING;
    g->ctx = h;
    g->moves = moves;
    g->primitive = primitive;
    g->destroy = destroy;
    *out = g;
    return GRUNDY_STATUS_OK;
}

size_t grundy_game_heaps_position(const grundy_game *game, uint64_t p, uint64_t *out, size_t cap) {
    const heaps *const h = game->ctx;
    uint64_t v[HEAPS_MAX_COUNT];
    const size_t len = unrank(h, p, v);
    const size_t n = len < cap ? len : cap;
    memcpy(out, v, n * sizeof *v);
    return n;
}
