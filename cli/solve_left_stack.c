/* SPDX-License-Identifier: MIT */
/*
 * grundy solve left-stack (seed 002): the O(1) rule of docs/left_stack.md for any input up to
 * 2^63 - 1, and for small games also the solver on every position, which must agree.
 */
#include "solve_left_stack.h"
#include "solve_batch.h"
#include "json.h"

#include <grundy/left_stack.h>

#include <stdlib.h>

typedef struct answer {
    const uint64_t *v; /* m, a, b, c */
    grundy_outcome outcome;
    const grundy_solution *solution; /* NULL: the rule alone */
    const grundy_game *game;
} answer;

static void print_answer(const cli_left_stack_request *rq, const answer *ans) {
    if (!rq->json) {
        puts(ans->outcome == GRUNDY_OUTCOME_WIN ? "Tomaz" : "Danftito");
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", "left-stack");
    json_kv_u64(&w, "m", ans->v[0]);
    json_key(&w, "stacks");
    json_array_begin(&w);
    for (int i = 1; i < 4; i++) {
        json_u64(&w, ans->v[i]);
    }
    json_array_end(&w);
    json_kv_str(&w, "method", ans->solution != NULL ? "solver+rule" : "rule");
    json_kv_str(&w, "outcome", ans->outcome == GRUNDY_OUTCOME_WIN ? "win" : "lose");
    json_kv_null(&w, "score");
    if (ans->solution != NULL) {
        uint64_t win, lose, draw;
        grundy_solution_counts(ans->solution, &win, &lose, &draw);
        json_kv_u64(&w, "positions", ans->game->positions);
        json_kv_u64(&w, "remoteness",
                    grundy_solution_remoteness(ans->solution, ans->game->initial));
        json_kv_u64(&w, "win", win);
        json_kv_u64(&w, "lose", lose);
        json_kv_u64(&w, "draw", draw);
    } else {
        const char *const unknown[] = {"positions", "remoteness", "win", "lose", "draw"};
        for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
            json_kv_null(&w, unknown[i]);
        }
    }
    json_object_end(&w);
}

/* Solve (m, a, b, c) exhaustively into *ans; the rule must agree. 0 or an exit code. */
static int solve_small(const cli_command *cmd, const cli_left_stack_request *rq, answer *ans,
                       grundy_game **g, grundy_solution **s) {
    grundy_status st = grundy_game_left_stack_create(ans->v[0], ans->v[1], ans->v[2], ans->v[3],
                                                     GRUNDY_LEFT_STACK_SOLVE_POSITIONS, g);
    grundy_selftest_report rep = {0, 0, {0}};
    if (st == GRUNDY_STATUS_OK && rq->self_test &&
        (st = grundy_game_selftest(*g, 1000, 1, &rep)) != GRUNDY_STATUS_OK) {
        return cli_fail(cmd, CLI_EXIT_IO, "internal error: self-test of left-stack: %s",
                        rep.message[0] ? rep.message : grundy_status_str(st));
    }
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_OUTCOME | (rq->json ? GRUNDY_SOLVE_REMOTENESS : 0u);
    o.max_bytes = rq->max_bytes;
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(*g, &o, s);
    }
    if (st != GRUNDY_STATUS_OK) {
        /* no game: its creation failed, so there is nothing to estimate */
        if (*g != NULL) {
            return solve_fail(cmd, *g, st, o.want, rq->max_bytes);
        }
        return st == GRUNDY_STATUS_NOMEM
                   ? cli_oom_fail(cmd, "left-stack", 0, NULL)
                   : cli_fail(cmd, cli_exit_code(st), "left-stack: %s", grundy_status_str(st));
    }
    ans->game = *g;
    ans->solution = *s;
    if (grundy_solution_outcome(*s, (*g)->initial) != ans->outcome) {
        return cli_fail(cmd, CLI_EXIT_IO, "internal error: the solver and the rule disagree");
    }
    return 0;
}

static int answer_one(const cli_command *cmd, const cli_left_stack_request *rq,
                      const uint64_t v[4]) {
    answer ans = {v, grundy_left_stack_outcome(v[0], v[1], v[2], v[3]), NULL, NULL};
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    const int rc =
        grundy_left_stack_small(v[0], v[1], v[2], v[3]) ? solve_small(cmd, rq, &ans, &g, &s) : 0;
    if (rc == 0) {
        print_answer(rq, &ans);
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return rc;
}

static int run_stdin(const cli_command *cmd, const cli_left_stack_request *rq) {
    size_t len = 0, line = 1, cases = 0;
    int rc = 0;
    char *const text = cli_read_stdin(cmd, "left-stack", rq->max_bytes, &len, &rc);
    const char *cur = text;
    while (text != NULL && rc == 0) {
        uint64_t v[4];
        grundy_diag diag;
        const grundy_status st = grundy_left_stack_parse(&cur, text + len, &line, v, &diag);
        if (st == GRUNDY_STATUS_NOT_FOUND) {
            break;
        }
        rc = st == GRUNDY_STATUS_OK ? answer_one(cmd, rq, v)
                                    : cli_fail(cmd, CLI_EXIT_VALUE, "left-stack: line %zu: %s",
                                               diag.line, diag.message);
        cases++;
    }
    if (text != NULL && rc == 0 && cases == 0) {
        rc = cli_fail(cmd, CLI_EXIT_VALUE, "left-stack: no instance (m a b c) in the input");
    }
    free(text);
    return rc;
}

int cli_solve_left_stack(const cli_command *cmd, const cli_left_stack_request *rq) {
    static const char *const names[4] = {"M", "A", "B", "C"};
    if (rq->operand_count == 0) {
        return run_stdin(cmd, rq);
    }
    if (rq->operand_count != 4) {
        return cli_usage_error(cmd, "left-stack takes M A B C (or none, to read stdin); %d given",
                               rq->operand_count);
    }
    uint64_t v[4];
    for (int i = 0; i < 4; i++) {
        const int rc = cli_parse_number(cmd, names[i], rq->operands[i], GRUNDY_NUMBER_MAX, &v[i]);
        if (rc != 0) {
            return rc;
        }
    }
    return answer_one(cmd, rq, v);
}
