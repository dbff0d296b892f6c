/* SPDX-License-Identifier: MIT */
/* Internal: every concrete move of one heap, enumerated from the rule's move classes. */
#include "heap/rule/heap_moves.h"

#include "heap/rule/rule_internal.h"

#include "util/try.h"

#include <stdlib.h>

typedef struct enum_state {
    grundy_heap_move move;
    grundy_heap_move_fn fn;
    void *ctx;
    int distinct;
} enum_state;

/* Fill left[i..parts-1] with non-decreasing (or, with '!', increasing) parts >= min summing to
 * rest. Returns nonzero when the callback stopped. */
static int partitions(enum_state *s, unsigned i, uint64_t rest, uint64_t min) {
    const unsigned remaining = s->move.parts - i;
    if (remaining == 1) {
        if (rest < min) {
            return 0;
        }
        s->move.left[i] = rest;
        return s->fn(s->ctx, &s->move);
    }
    /* The smallest part a leaves rest - a for remaining - 1 parts, each >= a (or > a). */
    for (uint64_t a = min; a <= rest / remaining; a++) {
        const uint64_t next_min = s->distinct ? a + 1 : a;
        if (s->distinct && (rest - a) / (remaining - 1) < next_min) {
            break;
        }
        s->move.left[i] = a;
        if (partitions(s, i + 1, rest - a, next_min)) {
            return 1;
        }
    }
    return 0;
}

static int each_in_class(enum_state *s, uint64_t n, const grundy_move_class *c) {
    if (c->leaves == 1u) {
        s->move.take = n;
        s->move.parts = 0;
        return s->fn(s->ctx, &s->move);
    }
    for (uint64_t take = c->take_first;; take += c->take_step) {
        s->move.take = take;
        for (unsigned j = 1; j <= GRUNDY_RULE_MAX_LEFT; j++) {
            if ((c->leaves >> j) & 1u) {
                s->move.parts = j;
                s->distinct = c->distinct && j >= 2;
                if (partitions(s, 0, n - take, 1)) {
                    return 1;
                }
            }
        }
        if (take >= c->take_last || c->take_last - take < c->take_step) {
            return 0;
        }
    }
}

grundy_status grundy_heap_moves_each(const grundy_rule *rule, uint64_t n, grundy_heap_move_fn fn,
                                     void *ctx, int *stopped) {
    if (grundy_rule_get_kind(rule) == GRUNDY_RULE_CALLBACK) {
        return rule->callback->each(rule, n, fn, ctx, stopped);
    }
    size_t class_count;
    grundy_rule_classes(rule, &class_count);
    /* grundy_rule_moves needs at most twice the class count; most rules have a handful. */
    grundy_move_class local[8];
    const size_t cap = 2 * class_count;
    grundy_move_class *buf = cap <= 8 ? local : malloc(cap * sizeof *buf);
    size_t count = 0;
    enum_state s = {{0, 0, {0}}, fn, ctx, 0};
    grundy_status st = GRUNDY_STATUS_OK;
    if (stopped != NULL) {
        *stopped = 0;
    }
    GRUNDY_CHECK(buf != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(grundy_rule_moves(rule, n, buf, cap <= 8 ? 8 : cap, &count));
    for (size_t i = 0; i < count; i++) {
        if (each_in_class(&s, n, &buf[i])) {
            if (stopped != NULL) {
                *stopped = 1;
            }
            break;
        }
    }
cleanup:
    if (buf != local) {
        free(buf);
    }
    return st;
}

static int stop_at_first(void *ctx, const grundy_heap_move *move) {
    (void)ctx;
    (void)move;
    return 1;
}

grundy_status grundy_heap_has_move(const grundy_rule *rule, uint64_t n, int *has) {
    *has = 0;
    return grundy_heap_moves_each(rule, n, stop_at_first, NULL, has);
}
