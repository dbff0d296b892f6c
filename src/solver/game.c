/* SPDX-License-Identifier: MIT */
/* The growable move and parent lists that games fill, and freeing a built-in game. */
#include <grundy/solver.h>

#include <stdlib.h>

/* Double the capacity (16 at first); keep the old storage when the allocation fails. */
static int grow(void **items, size_t *cap, size_t size, int *failed) {
    const size_t new_cap = *cap == 0 ? 16 : *cap * 2;
    if (new_cap > SIZE_MAX / size / 2) {
        *failed = 1;
        return 0;
    }
    void *const p = realloc(*items, new_cap * size);
    if (p == NULL) {
        *failed = 1;
        return 0;
    }
    *items = p;
    *cap = new_cap;
    return 1;
}

int grundy_move_list_grow(grundy_move_list *list) {
    void *items = list->items;
    const int ok = grow(&items, &list->cap, sizeof *list->items, &list->failed);
    list->items = items;
    return ok;
}

int grundy_parent_list_grow(grundy_parent_list *list) {
    void *items = list->items;
    const int ok = grow(&items, &list->cap, sizeof *list->items, &list->failed);
    list->items = items;
    return ok;
}

void grundy_move_list_free(grundy_move_list *list) {
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
    list->failed = 0;
}

void grundy_parent_list_free(grundy_parent_list *list) {
    free(list->items);
    list->items = NULL;
    list->count = list->cap = 0;
    list->failed = 0;
}

void grundy_game_destroy(grundy_game *game) {
    if (game == NULL) {
        return;
    }
    if (game->destroy != NULL) {
        game->destroy(game->ctx);
    }
    free(game);
}
