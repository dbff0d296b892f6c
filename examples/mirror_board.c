/* SPDX-License-Identifier: MIT */
/* Seed 004, problem 7, mirror board: players place tokens on the free cells of an n x n board
 * whose blocked cells are symmetric through the centre; whoever cannot place loses. Input: n k,
 * then k lines r c. Output: First or Second. The second player mirrors every move, unless the
 * board is odd and its centre is free: then the first player takes the centre and mirrors. */
#include <grundy/grundy.h>

#include <stdio.h>
#include <stdlib.h>

int main(void) {
    size_t cap = 1 << 16, len = 0, got;
    char *text = malloc(cap);
    while (text != NULL && (got = fread(text + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) {
            char *const bigger = realloc(text, cap *= 2);
            if (bigger == NULL) {
                free(text);
            }
            text = bigger;
        }
    }
    if (text == NULL) {
        return 4;
    }
    const char *cursor = text;
    size_t line = 1;
    grundy_board board = {0};
    grundy_diag diag;
    const grundy_status st = grundy_board_parse(&cursor, text + len, &line, &board, &diag);
    if (st != GRUNDY_STATUS_OK) {
        fprintf(stderr, "mirror_board: line %zu: %s\n", diag.line, diag.message);
        free(text);
        return 3;
    }
    puts(grundy_board_mirror_rule(&board) ? "First" : "Second");
    grundy_board_free(&board);
    free(text);
    return 0;
}
