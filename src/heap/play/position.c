/* SPDX-License-Identifier: MIT */
/*
 * Sums of heaps in normal play, by the Sprague-Grundy theorem: the player to move wins iff the
 * nim-sum X of the heaps' values is nonzero, and a move on heap i wins iff what it leaves has
 * value X ^ g(h_i). Values come from the rule's grundy_query (a proved period or closed form for
 * huge heaps), so moves into a huge heap are counted with count_value and found with find_value,
 * and splits into two heaps are counted by residue classes of the period, never by scanning.
 */
#include "heap/play/player.h"
#include "heap/rule/heap_moves.h"
#include "util/try.h"

#include <stdlib.h>
#include <string.h>

grundy_status grundy_position_create(const grundy_rule *rule, const grundy_position_opts *opts,
                                     grundy_position **out) {
    const grundy_position_opts defaults = GRUNDY_POSITION_OPTS_INIT;
    grundy_status st = GRUNDY_STATUS_OK;
    char canonical[8];
    grundy_position *p = calloc(1, sizeof *p);
    *out = NULL;
    GRUNDY_CHECK(p != NULL, GRUNDY_STATUS_NOMEM);
    p->rule = rule;
    p->opts = opts != NULL ? *opts : defaults;
    GRUNDY_TRY(grundy_query_create(rule, &p->opts.period, &p->query));
    grundy_state_memo_init(&p->misere_memo, p->opts.max_states, p->opts.max_bytes);
    p->is_nim = grundy_rule_get_kind(rule) == GRUNDY_RULE_CODE &&
                grundy_rule_format(rule, canonical, sizeof canonical) == 5 &&
                strcmp(canonical, "0.[3]") == 0;
    *out = p;
    p = NULL;
cleanup:
    grundy_position_destroy(p);
    return st;
}

void grundy_position_destroy(grundy_position *p) {
    if (p != NULL) {
        grundy_query_destroy(p->query);
        grundy_state_memo_free(&p->misere_memo);
        grundy_misere_destroy(p->quotient);
        free(p);
    }
}

grundy_query *grundy_position_query(grundy_position *p) {
    return p->query;
}

const grundy_misere *grundy_position_quotient(const grundy_position *p) {
    return p->quotient;
}

void grundy_position_use_quotient(grundy_position *p, grundy_misere *q) {
    grundy_misere_destroy(p->quotient);
    p->quotient = q;
    p->quotient_failed = 0;
}

/* One unit of work, then g(n). */
static grundy_status value(grundy_position *p, uint64_t n, uint64_t *v) {
    if (++p->work > p->opts.max_work) {
        return GRUNDY_STATUS_LIMIT;
    }
    return grundy_query_value(p->query, n, v);
}

/* Moves that leave one heap: remainders r = n - take, listed ascending. */
static grundy_status one_heap(grundy_position *p, size_t i, uint64_t n, const grundy_move_class *c,
                              uint64_t t, grundy_move_sink *sink) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t lo = n - c->take_last, hi = n - c->take_first;
    if (c->take_step == 1) {
        uint64_t count = 0, listed = 0, from = lo, m = 0;
        int found = 1;
        GRUNDY_TRY(grundy_query_count_value(p->query, lo, hi, t, &count));
        while (sink->listed < sink->cap && listed < count && found && from <= hi) {
            GRUNDY_TRY(grundy_query_find_value(p->query, from, hi, t, &m, &found));
            if (found) {
                grundy_move_sink_add(sink, i, n, n - m, 1, &m);
                listed++;
                from = m + 1;
            }
        }
        return grundy_move_sink_count(sink, count - listed);
    }
    for (uint64_t r = lo;; r += c->take_step) { /* takes of a tail: step = the tail's length */
        uint64_t v;
        GRUNDY_TRY(value(p, r, &v));
        if (v == t) {
            grundy_move_sink_add(sink, i, n, n - r, 1, &r);
        }
        if (hi - r < c->take_step) {
            break;
        }
    }
cleanup:
    return st;
}

/* Scan splits a + (r - a) for a in [from, to], adding those of value t. */
static grundy_status scan_splits(grundy_position *p, size_t i, uint64_t n, uint64_t r,
                                 uint64_t from, uint64_t to, uint64_t t, grundy_move_sink *sink) {
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t a = from; a <= to && a >= from; a++) {
        uint64_t ga, gb;
        GRUNDY_TRY(value(p, a, &ga));
        GRUNDY_TRY(value(p, r - a, &gb));
        if ((ga ^ gb) == t) {
            const uint64_t left[2] = {a, r - a};
            grundy_move_sink_add(sink, i, n, n - r, 2, left);
        }
    }
cleanup:
    return st;
}

/* a in [lo, hi] with a = want (mod p). */
static uint64_t count_congruent(uint64_t lo, uint64_t hi, uint64_t want, uint64_t p) {
    const uint64_t first = lo + ((want % p) + p - lo % p) % p;
    return first > hi || first < lo ? 0 : (hi - first) / p + 1;
}

/*
 * Splits with both parts in the periodic range [n0, inf): a = n0 + c + kp has g(a) = g(n0 + c)
 * and g(r - a) = g(n0 + ((r - 2 n0 - c) mod p)), so each residue c decides a whole class.
 */
static grundy_status count_periodic_splits(grundy_position *p, uint64_t r, uint64_t lo, uint64_t hi,
                                           uint64_t t, const grundy_period_result *per,
                                           uint64_t *count) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t n0 = per->preperiod, period = per->period;
    const uint64_t base = (r - 2 * n0) % period;
    *count = 0;
    for (uint64_t c = 0; c < period; c++) {
        uint64_t ga, gb;
        GRUNDY_TRY(value(p, n0 + c, &ga));
        GRUNDY_TRY(value(p, n0 + (base + period - c) % period, &gb));
        if ((ga ^ gb) == t) {
            *count += count_congruent(lo, hi, n0 % period + c, period);
        }
    }
cleanup:
    return st;
}

/* Moves that leave two heaps a <= b (a < b with '!') out of a remainder r. */
static grundy_status two_heaps(grundy_position *p, size_t i, uint64_t n, uint64_t r, int distinct,
                               uint64_t t, grundy_move_sink *sink) {
    grundy_status st = GRUNDY_STATUS_OK;
    const uint64_t top = distinct ? (r - 1) / 2 : r / 2;
    const grundy_period_result *per = grundy_query_period(p->query);
    /* Listing more than 2^20 moves of one split would make the scan below too long. */
    const uint64_t room = sink->cap - sink->listed < ((uint64_t)1 << 20) ? sink->cap - sink->listed
                                                                         : ((uint64_t)1 << 20);
    if (top == 0) {
        return GRUNDY_STATUS_OK;
    }
    const int periodic = per->found && per->proved && per->saltus == 0 && r >= 2 * per->preperiod &&
                         per->preperiod < GRUNDY_NUMBER_MAX / 4 && per->period < (uint64_t)1 << 40;
    const uint64_t scan_len = periodic ? per->period * (room + 2) : 0;
    if (!periodic || top - per->preperiod <= scan_len + per->preperiod) {
        return scan_splits(p, i, n, r, 1, top, t, sink);
    }
    /* Every b = r - a >= r / 2 >= n0 here (r >= 2 n0). Scan a in [1, n0) and the first
     * room + 2 periods of [n0, top] directly: they hold every listed move, because the pairs
     * repeat every p in a, so if the rest has a hit this part has room + 2. The rest goes by
     * residue classes. */
    const uint64_t n0 = per->preperiod;
    const uint64_t scanned = (n0 == 0 ? 1 : n0) + scan_len - 1;
    uint64_t rest = 0;
    GRUNDY_TRY(scan_splits(p, i, n, r, 1, scanned, t, sink));
    GRUNDY_TRY(count_periodic_splits(p, r, scanned + 1, top, t, per, &rest));
    GRUNDY_TRY(grundy_move_sink_count(sink, rest));
cleanup:
    return st;
}

/* Moves that leave j >= 3 heaps: every partition of r into j parts, directly (work-bounded). */
typedef struct parts_scan {
    grundy_position *p;
    size_t i;
    uint64_t n, take, t;
    unsigned j;
    int distinct;
    uint64_t left[GRUNDY_RULE_MAX_LEFT];
    grundy_move_sink *sink;
} parts_scan;

static grundy_status scan_parts(parts_scan *s, unsigned k, uint64_t rest, uint64_t min,
                                uint64_t acc) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t v;
    if (k + 1 == s->j) {
        if (rest >= min) {
            s->left[k] = rest;
            GRUNDY_TRY(value(s->p, rest, &v));
            if ((acc ^ v) == s->t) {
                grundy_move_sink_add(s->sink, s->i, s->n, s->take, s->j, s->left);
            }
        }
        return GRUNDY_STATUS_OK;
    }
    for (uint64_t a = min; a <= rest / (s->j - k); a++) {
        s->left[k] = a;
        GRUNDY_TRY(value(s->p, a, &v));
        GRUNDY_TRY(scan_parts(s, k + 1, rest - a, s->distinct ? a + 1 : a, acc ^ v));
    }
cleanup:
    return st;
}

static grundy_status class_moves(grundy_position *p, size_t i, uint64_t n,
                                 const grundy_move_class *c, uint64_t t, grundy_move_sink *sink) {
    grundy_status st = GRUNDY_STATUS_OK;
    if (c->leaves == 1u) { /* take the whole heap */
        if (t == 0) {
            grundy_move_sink_add(sink, i, n, n, 0, NULL);
        }
        return GRUNDY_STATUS_OK;
    }
    if (c->leaves & 2u) {
        GRUNDY_TRY(one_heap(p, i, n, c, t, sink));
    }
    for (unsigned j = 2; j <= GRUNDY_RULE_MAX_LEFT; j++) {
        if (((c->leaves >> j) & 1u) == 0) {
            continue;
        }
        /* Takes descending, so that the heaps left come in ascending total. */
        for (uint64_t take = c->take_last;; take -= c->take_step) {
            if (j == 2) {
                GRUNDY_TRY(two_heaps(p, i, n, n - take, c->distinct, t, sink));
            } else {
                parts_scan s = {p, i, n, take, t, j, c->distinct, {0}, sink};
                GRUNDY_TRY(scan_parts(&s, 0, n - take, 1, 0));
            }
            if (take < c->take_first + c->take_step) {
                break;
            }
        }
    }
cleanup:
    return st;
}

/* A rule given by a function: its moves one by one, those leaving value t kept. */
typedef struct listed_moves {
    grundy_position *p;
    size_t i;
    uint64_t n, t;
    grundy_move_sink *sink;
    grundy_status st;
} listed_moves;

static int keep_winning(void *ctx, const grundy_heap_move *m) {
    listed_moves *l = ctx;
    uint64_t x = 0, v;
    for (unsigned j = 0; j < m->parts; j++) {
        l->st = value(l->p, m->left[j], &v);
        if (l->st != GRUNDY_STATUS_OK) {
            return 1;
        }
        x ^= v;
    }
    if (x == l->t) {
        grundy_move_sink_add(l->sink, l->i, l->n, m->take, m->parts, m->left);
    }
    return 0;
}

static grundy_status listed_heap_moves(grundy_position *p, size_t i, uint64_t n, uint64_t t,
                                       grundy_move_sink *sink) {
    listed_moves l = {p, i, n, t, sink, GRUNDY_STATUS_OK};
    const grundy_status st = grundy_heap_moves_each(p->rule, n, keep_winning, &l, NULL);
    return st != GRUNDY_STATUS_OK ? st : l.st;
}

static grundy_status heap_moves(grundy_position *p, size_t i, uint64_t n, uint64_t t,
                                grundy_move_sink *sink) {
    if (grundy_rule_get_kind(p->rule) == GRUNDY_RULE_CALLBACK) {
        return listed_heap_moves(p, i, n, t, sink);
    }
    size_t class_count, count = 0;
    grundy_rule_classes(p->rule, &class_count);
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_move_class *buf = malloc((2 * class_count + 1) * sizeof *buf);
    GRUNDY_CHECK(buf != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(grundy_rule_moves(p->rule, n, buf, 2 * class_count + 1, &count));
    for (size_t k = 0; k < count; k++) {
        GRUNDY_TRY(class_moves(p, i, n, &buf[k], t, sink));
    }
cleanup:
    free(buf);
    return st;
}

static grundy_status normal_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                 grundy_move_sink *sink, grundy_play_result *result) {
    grundy_status st = GRUNDY_STATUS_OK;
    uint64_t *g = malloc((count + 1) * sizeof *g);
    uint64_t x = 0;
    GRUNDY_CHECK(g != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < count; i++) {
        GRUNDY_TRY(grundy_query_value(p->query, heaps[i], &g[i]));
        x ^= g[i];
    }
    result->nim_sum = x;
    result->win = x != 0;
    for (size_t i = 0; i < count && x != 0; i++) {
        GRUNDY_TRY(heap_moves(p, i, heaps[i], x ^ g[i], sink));
    }
cleanup:
    free(g);
    return st;
}

grundy_status grundy_position_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                   int misere, grundy_move *moves, size_t cap,
                                   grundy_play_result *result) {
    grundy_move_sink sink = {moves, moves != NULL ? cap : 0, 0, 0, 0};
    grundy_status st = GRUNDY_STATUS_OK;
    GRUNDY_CHECK(p != NULL && result != NULL && (heaps != NULL || count == 0),
                 GRUNDY_STATUS_INVALID_ARG);
    memset(result, 0, sizeof *result);
    for (size_t i = 0; i < count; i++) {
        GRUNDY_CHECK(heaps[i] <= GRUNDY_NUMBER_MAX, GRUNDY_STATUS_RANGE);
    }
    p->work = 0;
    if (!misere) {
        GRUNDY_TRY(normal_play(p, heaps, count, &sink, result));
    } else {
        const uint64_t earlier = p->misere_memo.states;
        st = grundy_misere_play(p, heaps, count, &sink, &result->win);
        if (st == GRUNDY_STATUS_LIMIT && earlier > 0) {
            /* The memo was filled up by earlier positions: start afresh once. (A position that
             * fills it alone would only fill it again, taking twice as long to fail.) */
            grundy_state_memo_free(&p->misere_memo);
            grundy_state_memo_init(&p->misere_memo, p->opts.max_states, p->opts.max_bytes);
            sink.listed = 0;
            sink.total = 0;
            sink.total_high = 0;
            p->work = 0;
            st = grundy_misere_play(p, heaps, count, &sink, &result->win);
        }
        GRUNDY_TRY(st);
    }
    result->move_count = sink.total;
    result->move_count_high = sink.total_high;
    result->moves_listed = sink.listed;
cleanup:
    return st;
}
