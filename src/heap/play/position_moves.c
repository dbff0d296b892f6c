/* SPDX-License-Identifier: MIT */
/* Every move of a sum of heaps, winning or not: what a front end offers a player to choose from,
 * and what the loser of a position must still play. */
#include <grundy/position.h>

#include "heap/rule/heap_moves.h"
#include "util/try.h"

typedef struct move_list {
    grundy_move *moves;
    size_t cap;
    size_t listed;
    int more;
    size_t heap;
    uint64_t size;
} move_list;

/* Stops the enumeration at the first move past cap: it exists, so more is set. */
static int add_move(void *ctx, const grundy_heap_move *move) {
    move_list *const list = ctx;
    if (list->listed == list->cap) {
        list->more = 1;
        return 1;
    }
    grundy_move *const m = &list->moves[list->listed++];
    m->heap = list->heap;
    m->size = list->size;
    m->take = move->take;
    m->leaves_count = move->parts;
    for (unsigned j = 0; j < GRUNDY_RULE_MAX_LEFT; j++) {
        m->leaves[j] = j < move->parts ? move->left[j] : 0;
    }
    return 0;
}

grundy_status grundy_position_moves(const grundy_rule *rule, const uint64_t *heaps, size_t count,
                                    grundy_move *moves, size_t cap, size_t *listed, int *more) {
    grundy_status st = GRUNDY_STATUS_OK;
    move_list list = {moves, cap, 0, 0, 0, 0};
    GRUNDY_CHECK(rule != NULL && listed != NULL && more != NULL, GRUNDY_STATUS_INVALID_ARG);
    GRUNDY_CHECK(cap == 0 || moves != NULL, GRUNDY_STATUS_INVALID_ARG);
    for (size_t i = 0; i < count && !list.more; i++) {
        int stopped;
        list.heap = i;
        list.size = heaps[i];
        GRUNDY_TRY(grundy_heap_moves_each(rule, heaps[i], add_move, &list, &stopped));
    }
cleanup:
    if (listed != NULL && more != NULL) {
        *listed = list.listed;
        *more = list.more;
    }
    return st;
}
