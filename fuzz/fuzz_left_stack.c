/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the left-stack input (grundy solve left-stack): each instance parsed is four
 * numbers in range with the cursor moving forward; a refusal names its line; small instances are
 * solved (the first 16 of an input) and checked against the closed form. */
#include <grundy/left_stack.h>
#include <grundy/solver.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_small(const uint64_t v[4]) {
    if (v[1] > 12 || v[2] > 12 || v[3] > 12) {
        return;
    }
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    if (grundy_game_left_stack_create(v[0], v[1], v[2], v[3], 1u << 20, &g) == GRUNDY_STATUS_OK &&
        grundy_solve(g, &o, &s) == GRUNDY_STATUS_OK &&
        grundy_solution_outcome(s, g->initial) !=
            grundy_left_stack_outcome(v[0], v[1], v[2], v[3])) {
        abort();
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
    for (int cases = 0; cases < 256; cases++) {
        uint64_t v[4];
        grundy_diag d = {0, 0, ""};
        const char *const before = cur;
        const size_t line_before = line;
        const grundy_status st = grundy_left_stack_parse(&cur, end, &line, v, &d);
        if (st == GRUNDY_STATUS_NOT_FOUND) {
            break;
        }
        if (st != GRUNDY_STATUS_OK) {
            if (d.line < line_before || d.message[0] == '\0') {
                abort();
            }
            break;
        }
        for (int i = 0; i < 4; i++) {
            if (v[i] > GRUNDY_NUMBER_MAX) {
                abort();
            }
        }
        if (cur <= before || cur > end || line < line_before) {
            abort();
        }
        if (cases < 16) { /* solving all 256 cases of an input was most of the run time */
            check_small(v);
        }
    }
    free(text);
    return 0;
}
