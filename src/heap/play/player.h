/* SPDX-License-Identifier: MIT */
/* Internal: the player object and the pieces shared by normal play (position.c) and misere play
 * (misere_play.c, quotient_play.c): where winning moves go (move_sink.c). */
#ifndef GRUNDY_PLAY_PLAYER_H
#define GRUNDY_PLAY_PLAYER_H

#include <grundy/position.h>

#include "util/state_memo.h"

#include <grundy/misere.h>

struct grundy_position {
    const grundy_rule *rule;
    grundy_position_opts opts;
    grundy_query *query;
    grundy_state_memo misere_memo; /* misere outcomes of positions, dropped heaps excluded */
    int is_nim;                    /* the rule is 0.[3]: Bouton's misere rule applies */
    uint64_t work;                 /* steps spent on the current position */
    grundy_misere *quotient;       /* misere quotient of the heaps seen so far */
    uint64_t quotient_failed;      /* the heap at which extending it failed; 0: none did */
};

/* Where winning moves go: the first `cap` are written, all are counted. */
typedef struct grundy_move_sink {
    grundy_move *moves;
    size_t cap, listed;
    uint64_t total, total_high; /* the exact count: total + total_high * 2^64 */
} grundy_move_sink;

/* Record one winning move (listed while there is room). */
void grundy_move_sink_add(grundy_move_sink *s, size_t heap, uint64_t size, uint64_t take,
                          unsigned parts, const uint64_t *left);

/* Count `n` more winning moves without listing them (the count carries into total_high). */
grundy_status grundy_move_sink_count(grundy_move_sink *s, uint64_t n);

/* Misere play through the rule's misere quotient (quotient_play.c); *answered = 0 when it cannot
 * answer (heaps past its range, the quotient past its bound): then the search must. */
grundy_status grundy_misere_quotient_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                          grundy_move_sink *sink, int *win, int *answered);

/* Misere play of the position (misere_play.c): outcome, then winning moves into the sink. */
grundy_status grundy_misere_play(grundy_position *p, const uint64_t *heaps, size_t count,
                                 grundy_move_sink *sink, int *win);

#endif
