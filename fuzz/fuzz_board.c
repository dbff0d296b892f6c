/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the mirror-board input (grundy solve mirror-board): every board parsed is
 * in range, sorted, symmetric through the centre, and the cursor and line move forward; a refusal
 * names its line. Small boards (the first SOLVED_PER_INPUT of an input) are solved and checked
 * against the mirror rule. */
#include <grundy/solver.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Boards solved per input: solving every board of a 64-board input was most of the run time. */
#define SOLVED_PER_INPUT 4

static void check_board(const grundy_board *b, int solve) {
    for (size_t i = 0; i < b->blocked_count; i++) {
        const uint64_t r = b->blocked[i][0], c = b->blocked[i][1];
        if (r < 1 || r > b->n || c < 1 || c > b->n ||
            (i > 0 && (b->blocked[i - 1][0] > r ||
                       (b->blocked[i - 1][0] == r && b->blocked[i - 1][1] >= c)))) {
            abort();
        }
    }
    if (!solve || grundy_board_free_cells(b) > 12) {
        return;
    }
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    if (grundy_game_board_create(b, &g) == GRUNDY_STATUS_OK &&
        grundy_solve(g, &o, &s) == GRUNDY_STATUS_OK &&
        (grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN) !=
            grundy_board_mirror_rule(b)) {
        abort(); /* the mirror rule and the exhaustive solve disagree */
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    const char *cur = text, *const end = text + size;
    size_t line = 1;
    for (int cases = 0; cases < 64; cases++) {
        grundy_board b;
        grundy_diag d = {0, 0, ""};
        const char *const before = cur;
        const size_t line_before = line;
        const grundy_status st = grundy_board_parse(&cur, end, &line, &b, &d);
        if (st == GRUNDY_STATUS_NOT_FOUND) {
            break;
        }
        if (st != GRUNDY_STATUS_OK) {
            if (st != GRUNDY_STATUS_NOMEM && (d.line < line_before || d.message[0] == '\0')) {
                abort();
            }
            grundy_board_free(&b);
            break;
        }
        if (cur <= before || cur > end || line < line_before) {
            abort();
        }
        check_board(&b, cases < SOLVED_PER_INPUT);
        grundy_board_free(&b);
    }
    free(text);
    return 0;
}
