/* SPDX-License-Identifier: MIT */
/*
 * The built-in verifier: every fast answer of grundy_position_play (outcome, move count, each
 * listed move) against the game-tree search of brute.c on random positions, and a proved period
 * against the naive sequence. The seed documents' method, run by the tool itself.
 */
#include <grundy/brute.h>

#include "util/try.h"
#include "util/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VERIFY_LIST 64

typedef struct verifier {
    const grundy_verify_opts *o;
    grundy_verify_report *rep;
    grundy_brute *brute;
    grundy_position *player;
    grundy_move moves[VERIFY_LIST];
} verifier;

static int same_move(const grundy_move *a, const grundy_move *b) {
    if (a->heap != b->heap || a->take != b->take || a->leaves_count != b->leaves_count) {
        return 0;
    }
    for (unsigned j = 0; j < a->leaves_count; j++) {
        if (a->leaves[j] != b->leaves[j]) {
            return 0;
        }
    }
    return 1;
}

static void describe_move(char *buf, size_t cap, const grundy_move *m) {
    int n = snprintf(buf, cap, "heap %zu (%llu): take %llu leaving [", m->heap,
                     (unsigned long long)m->size, (unsigned long long)m->take);
    for (unsigned j = 0; j < m->leaves_count && n > 0 && (size_t)n < cap; j++) {
        n += snprintf(buf + n, cap - (size_t)n, "%s%llu", j ? ", " : "",
                      (unsigned long long)m->leaves[j]);
    }
    if (n > 0 && (size_t)n < cap) {
        snprintf(buf + n, cap - (size_t)n, "]");
    }
}

static void mismatch(verifier *v, const char *what) {
    v->rep->mismatch = 1;
    snprintf(v->rep->message, sizeof v->rep->message, "%s", what);
}

/* Check the listed moves: legal, winning, pairwise distinct, as many as promised. */
static grundy_status check_moves(verifier *v, const uint64_t *h, size_t k,
                                 const grundy_play_result *r) {
    char text[200], msg[256];
    const size_t want = r->move_count < VERIFY_LIST ? (size_t)r->move_count : VERIFY_LIST;
    if (r->moves_listed != want) {
        mismatch(v, "play listed the wrong number of moves");
        return GRUNDY_STATUS_OK;
    }
    for (size_t i = 0; i < r->moves_listed; i++) {
        int legal = 0, winning = 0;
        const grundy_status st =
            grundy_brute_check_move(v->brute, h, k, &v->moves[i], &legal, &winning);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        v->rep->moves_checked++;
        describe_move(text, sizeof text, &v->moves[i]);
        for (size_t j = 0; j < i && legal && winning; j++) {
            if (same_move(&v->moves[j], &v->moves[i])) {
                snprintf(msg, sizeof msg, "move %s listed twice", text);
                mismatch(v, msg);
                return GRUNDY_STATUS_OK;
            }
        }
        if (!legal || !winning) {
            snprintf(msg, sizeof msg, "listed move %s %s", text,
                     legal ? "does not win (the search)" : "is not a legal move");
            mismatch(v, msg);
            return GRUNDY_STATUS_OK;
        }
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status check_position(verifier *v, const uint64_t *h, size_t k) {
    grundy_play_result r;
    int win = 0;
    uint64_t total = 0;
    char msg[256];
    grundy_status st =
        grundy_position_play(v->player, h, k, v->o->misere, v->moves, VERIFY_LIST, &r);
    if (st != GRUNDY_STATUS_OK) {
        snprintf(v->rep->message, sizeof v->rep->message, "play: %s", grundy_status_str(st));
        return st;
    }
    st = grundy_brute_wins(v->brute, h, k, &win);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_brute_winning_moves(v->brute, h, k, NULL, 0, &total);
    }
    if (st != GRUNDY_STATUS_OK) {
        snprintf(v->rep->message, sizeof v->rep->message, "the search: %s", grundy_status_str(st));
        return st;
    }
    v->rep->positions++;
    if (win != r.win) {
        snprintf(msg, sizeof msg, "outcome: play says %s%s, the search says %s",
                 r.win ? "win" : "lose", v->o->misere ? "" : " (from the nim-sum)",
                 win ? "win" : "lose");
        mismatch(v, msg);
    } else if (total != r.move_count) {
        snprintf(msg, sizeof msg, "move_count: play says %llu, the search counts %llu",
                 (unsigned long long)r.move_count, (unsigned long long)total);
        mismatch(v, msg);
    } else {
        st = check_moves(v, h, k, &r);
    }
    return st;
}

/* g(n) as the period predicts it from the first n0 + p values. */
static grundy_status predicted(grundy_query *q, const grundy_period_result *per, uint64_t n,
                               uint64_t *g) {
    if (n < per->preperiod + per->period) {
        return grundy_query_value(q, n, g);
    }
    const uint64_t d = n - per->preperiod;
    const grundy_status st = grundy_query_value(q, per->preperiod + d % per->period, g);
    *g += per->saltus * (d / per->period);
    return st;
}

/* The fast values (query, period) against the naive engine below naive_to. */
static grundy_status check_values(verifier *v, const grundy_rule *rule) {
    grundy_query *q = grundy_position_query(v->player);
    grundy_seq_opts so = GRUNDY_SEQ_OPTS_INIT;
    grundy_seq *seq = NULL;
    grundy_status st = grundy_query_prepare(q, GRUNDY_NUMBER_MAX);
    const int proved = st == GRUNDY_STATUS_OK && grundy_query_period(q)->proved;
    char msg[256];
    if (st != GRUNDY_STATUS_OK && st != GRUNDY_STATUS_LIMIT) {
        return st;
    }
    v->rep->period = *grundy_query_period(q);
    const uint64_t top = v->o->naive_to;
    so.engine = GRUNDY_SEQ_NAIVE;
    so.threads = 1; /* the reference: none of the fast side's parallel paths, whatever threads */
    GRUNDY_TRY(grundy_seq_create(rule, &so, &seq));
    GRUNDY_TRY(grundy_seq_extend(seq, top));
    for (uint64_t n = 0; n < top && !v->rep->mismatch; n++) {
        uint64_t fast = 0, by_period = 0;
        const uint64_t naive = grundy_seq_get(seq, n);
        st = grundy_query_value(q, n, &fast);
        if (st == GRUNDY_STATUS_LIMIT && !proved) {
            st = GRUNDY_STATUS_OK; /* past the computed prefix, with nothing proved */
            break;
        }
        GRUNDY_TRY(st);
        if (proved) {
            GRUNDY_TRY(predicted(q, &v->rep->period, n, &by_period));
        } else {
            by_period = naive;
        }
        v->rep->values_checked++;
        if (fast != naive || by_period != naive) {
            snprintf(msg, sizeof msg,
                     "g(%llu): the query says %llu, the period %llu, the naive"
                     " sequence %llu",
                     (unsigned long long)n, (unsigned long long)fast, (unsigned long long)by_period,
                     (unsigned long long)naive);
            mismatch(v, msg);
            v->rep->heap_count = 1;
            v->rep->heaps[0] = n;
        }
    }
cleanup:
    grundy_seq_destroy(seq);
    return st;
}

static grundy_status run_samples(verifier *v) {
    uint64_t state = v->o->seed;
    grundy_status st = GRUNDY_STATUS_OK;
    for (uint64_t s = 0; s < v->o->samples && !v->rep->mismatch; s++) {
        const size_t k = 1 + (size_t)(grundy_splitmix64(&state) % v->o->heaps);
        for (size_t i = 0; i < k; i++) {
            v->rep->heaps[i] = grundy_splitmix64(&state) % (v->o->max_heap + 1);
        }
        v->rep->heap_count = k;
        st = check_position(v, v->rep->heaps, k);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    return st;
}

grundy_status grundy_verify(const grundy_rule *rule, const grundy_verify_opts *opts,
                            grundy_verify_report *report) {
    const grundy_verify_opts defaults = GRUNDY_VERIFY_OPTS_INIT;
    grundy_brute_opts bo = GRUNDY_BRUTE_OPTS_INIT;
    grundy_position_opts po = GRUNDY_POSITION_OPTS_INIT;
    verifier v;
    grundy_status st = GRUNDY_STATUS_OK;
    memset(report, 0, sizeof *report);
    memset(&v, 0, sizeof v);
    v.o = opts != NULL ? opts : &defaults;
    v.rep = report;
    if (v.o->heaps < 1 || v.o->heaps > GRUNDY_VERIFY_MAX_HEAPS ||
        v.o->max_heap >= GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    bo.misere = v.o->misere;
    po.period.max_n = v.o->max_n;
    po.period.seq.threads = v.o->threads; /* the fast side only */
    GRUNDY_TRY(grundy_brute_create(rule, &bo, &v.brute));
    GRUNDY_TRY(grundy_position_create(rule, &po, &v.player));
    GRUNDY_TRY(run_samples(&v));
    if (!report->mismatch && !v.o->misere) {
        GRUNDY_TRY(check_values(&v, rule));
    }
cleanup:
    if (v.brute != NULL) {
        report->brute_states = grundy_brute_states(v.brute);
    }
    grundy_brute_destroy(v.brute);
    grundy_position_destroy(v.player);
    return st;
}
