/* SPDX-License-Identifier: MIT */
/* libFuzzer target for `grundy play --input` lines: the first byte picks a rule and the play
 * (normal or misere), the rest is one line of heaps read as play reads it (numbers separated by
 * blanks). Whatever it answers must hold: each listed move is legal for its heap and leaves a
 * position that loses for the opponent, and no more moves are listed than counted. */
#include <grundy/number.h>
#include <grundy/position.h>
#include <grundy/rule.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_HEAPS 8
#define LISTED    8

static const char *const rules[] = {"0.07", "0.77",  "4.7",    "S(1,3)",  "0.[3]", "4!.0",
                                    "0.6",  "0.137", "S(2-5)", "8.0",     "0.354", "0.3F",
                                    "4.0",  "C.0",   "0.[37]", "S(1,2,7)"};

/* The heaps of one line; 0 when a token is not a number in range (play refuses the line). */
static size_t read_heaps(const char *text, const char *end, uint64_t *heaps) {
    size_t count = 0;
    const char *cur = text;
    for (;;) {
        while (cur < end && (*cur == ' ' || *cur == '\t' || *cur == '\r')) {
            cur++;
        }
        if (cur == end) {
            return count;
        }
        if (count == MAX_HEAPS ||
            grundy_scan_u64(&cur, end, GRUNDY_NUMBER_MAX, &heaps[count]) != GRUNDY_STATUS_OK ||
            (cur < end && *cur != ' ' && *cur != '\t' && *cur != '\r')) {
            return 0;
        }
        count++;
    }
}

/* The move leaves heaps after[] (the moved heap replaced by what it leaves); returns the count. */
static size_t apply(const uint64_t *heaps, size_t count, const grundy_move *m, uint64_t *after) {
    size_t k = 0;
    for (size_t i = 0; i < count; i++) {
        if (i != m->heap) {
            after[k++] = heaps[i];
        }
    }
    for (unsigned j = 0; j < m->leaves_count; j++) {
        after[k++] = m->leaves[j];
    }
    return k;
}

static void check_moves(grundy_position *p, const uint64_t *heaps, size_t count, int misere,
                        const grundy_move *moves, const grundy_play_result *r) {
    if (r->moves_listed > LISTED || (r->move_count_high == 0 && r->moves_listed > r->move_count) ||
        (!r->win && (r->move_count != 0 || r->moves_listed != 0))) {
        abort();
    }
    for (size_t i = 0; i < r->moves_listed; i++) {
        const grundy_move *m = &moves[i];
        uint64_t sum = m->take, after[MAX_HEAPS + GRUNDY_RULE_MAX_LEFT];
        for (unsigned j = 0; j < m->leaves_count; j++) {
            sum += m->leaves[j];
        }
        if (m->heap >= count || m->size != heaps[m->heap] || sum != m->size ||
            m->leaves_count > GRUNDY_RULE_MAX_LEFT) {
            abort();
        }
        grundy_play_result next;
        const size_t k = apply(heaps, count, m, after);
        const grundy_status st = grundy_position_play(p, after, k, misere, NULL, 0, &next);
        if (st == GRUNDY_STATUS_OK && next.win) {
            abort(); /* a "winning" move that leaves the opponent a win */
        }
    }
}

/* One player per rule, kept across inputs as `play --input` keeps one across lines: a fresh
 * player recomputed the rule's values and misere quotient for every input (1.5 s an input
 * replaying the corpus under the sanitizers, 87% of it there). A player is made afresh after
 * REUSES inputs, so that the paths of a cold one stay in reach (its memo empties itself when
 * full: position.c). Answers do not depend on what the player remembers: that is the property
 * checked. */
#define REUSES 4096

static grundy_rule *parsed[16];
static grundy_position *players[16];
static unsigned uses[16];

static grundy_position *player(unsigned which) {
    if (players[which] != NULL && uses[which] < REUSES) {
        uses[which]++;
        return players[which];
    }
    grundy_position_destroy(players[which]);
    players[which] = NULL;
    uses[which] = 1;
    if (parsed[which] == NULL &&
        grundy_rule_parse(rules[which], &parsed[which], NULL) != GRUNDY_STATUS_OK) {
        return NULL;
    }
    grundy_position_opts o = GRUNDY_POSITION_OPTS_INIT;
    /* Naive values cost n^2 each when a move leaves three heaps: 8.0 to heap 1171 took 15 s
     * instrumented, C.0 to 1024 took 14 s. */
    o.period.max_n = grundy_rule_max_heaps_left(parsed[which]) > 2 ? 1u << 8 : 1u << 10;
    o.max_work = 1u << 16;
    o.max_states = 1u << 14;
    o.max_bytes = 1u << 26;
    if (grundy_position_create(parsed[which], &o, &players[which]) != GRUNDY_STATUS_OK) {
        players[which] = NULL;
    }
    return players[which];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) {
        return 0;
    }
    const unsigned which = data[0] & 15;
    const int misere = (data[0] & 16) != 0;
    uint64_t heaps[MAX_HEAPS];
    const size_t count = read_heaps((const char *)data + 1, (const char *)data + size, heaps);
    if (count == 0) {
        return 0;
    }
    for (size_t i = 0; misere && i < count; i++) {
        if (heaps[i] > 24) { /* the misere search is exponential: keep each run short */
            return 0;
        }
    }
    grundy_position *p = player(which);
    if (p == NULL) {
        return 0;
    }
    grundy_move moves[LISTED];
    grundy_play_result r;
    if (grundy_position_play(p, heaps, count, misere, moves, LISTED, &r) == GRUNDY_STATUS_OK) {
        check_moves(p, heaps, count, misere, moves, &r);
    }
    return 0;
}
