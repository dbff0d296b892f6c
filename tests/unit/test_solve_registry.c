/* SPDX-License-Identifier: MIT */
/* The solver's game registry (cli/solve_registry.c): every game builds from its example, passes the
 * self-test and solves; its flags agree with its hooks; the name lists come from the table; every
 * game has its paragraph in solve's help. */
#include "check.h"

#include "solve_registry.h"

static const cli_command cmd = {"solve", NULL, "", "", NULL, NULL};

/* The example's operands split at blanks into v (pointing into buf). */
static int split(const char *example, char *buf, size_t cap, char **v, int max) {
    int n = 0;
    snprintf(buf, cap, "%s", example);
    for (char *tok = strtok(buf, " "); tok != NULL && n < max; tok = strtok(NULL, " ")) {
        v[n++] = tok;
    }
    return n;
}

/* Build the game from ops, self-test it and solve it for outcomes; its outcome at the start. */
static grundy_outcome build_and_solve(const solve_game *game, const solve_operands *ops) {
    solve_built b;
    grundy_selftest_report rep;
    grundy_solution *s = NULL;
    grundy_outcome o = GRUNDY_OUTCOME_DRAW;
    memset(&b, 0, sizeof b);
    CHECK_EQ(game->create(ops, &b), 0);
    if (b.game != NULL) {
        CHECK(b.game->positions > 0);
        CHECK_EQ(grundy_game_selftest(b.game, 200, 1, &rep), GRUNDY_STATUS_OK);
        grundy_solve_opts o_opts = GRUNDY_SOLVE_OPTS_INIT;
        o_opts.want = GRUNDY_SOLVE_OUTCOME;
        CHECK_EQ(grundy_solve(b.game, &o_opts, &s), GRUNDY_STATUS_OK);
        if (s != NULL) {
            o = grundy_solution_outcome(s, b.game->initial);
        }
    }
    grundy_solution_destroy(s);
    solve_built_free(&b);
    return o;
}

static void test_entry(const solve_game *game) {
    char buf[256], *v[32];
    CHECK(solve_game_find(game->name) == game);
    CHECK(game->create != NULL && game->example != NULL && game->usage != NULL);
    CHECK_EQ((game->flags & SOLVE_GAME_INPUT) != 0, game->batch != NULL);
    solve_operands ops = {.cmd = &cmd, .v = v, .max_bytes = (uint64_t)1 << 30};
    if (game->max_operands == 0) {
        ops.input = game->example;
        ops.input_len = strlen(game->example);
        build_and_solve(game, &ops);
        return;
    }
    ops.count = split(game->example, buf, sizeof buf, v, 32);
    CHECK_EQ(solve_game_check_operands(&cmd, game, v, ops.count), 0);
    const grundy_outcome o = build_and_solve(game, &ops);
    if (game->flags & SOLVE_GAME_STDIN) { /* the same instance from the input */
        ops.count = 0;
        ops.input = game->example;
        ops.input_len = strlen(game->example);
        CHECK_EQ(build_and_solve(game, &ops), o);
    }
}

static void test_names(void) {
    char buf[256];
    CHECK_STR(
        solve_game_names(0, 0, buf, sizeof buf),
        "divisors, pick, mirror-board, misere-piles, heaps, left-stack, cram, chomp, node-kayles");
    CHECK_STR(solve_game_names(SOLVE_GAME_MISERE, 1, buf, sizeof buf), "heaps");
    CHECK_STR(solve_game_names(SOLVE_GAME_STDIN, 1, buf, sizeof buf),
              "mirror-board, left-stack, cram and node-kayles");
    CHECK(solve_game_find("chess") == NULL);
}

/* Each game has its paragraph in solve's help, in the registry's order. */
static void test_help(void) {
    const char *const help = SOLVE_GAMES_HELP;
    const char *prev = help;
    for (size_t i = 0; i < solve_game_count; i++) {
        char head[64];
        snprintf(head, sizeof head, "%s  %s ", i == 0 ? "" : "\n", solve_games[i].name);
        const char *const at =
            i == 0 ? (strncmp(help, head, strlen(head)) == 0 ? help : NULL) : strstr(help, head);
        CHECK(at != NULL && at >= prev);
        prev = at != NULL ? at : prev;
    }
}

int main(void) {
    for (size_t i = 0; i < solve_game_count; i++) {
        test_entry(&solve_games[i]);
    }
    test_names();
    test_help();
    return check_report("test_solve_registry");
}
