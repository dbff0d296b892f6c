/* SPDX-License-Identifier: MIT */
/* grundy solve: the built-in state-space games (seed 004's problems 6 to 9, heaps under a rule),
 * solved position by position and answered in the seed's words. */
#include "cli.h"
#include "json.h"
#include "solve_registry.h"
#include "solve_left_stack.h"
#include "solve_nimber.h"

#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

/* Longer than the 4095 bytes C99 promises for a literal; GCC and Clang take any length. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"
#endif
static const char help[] =
    "Usage: grundy solve GAME [ARGS...] [--json] [--misere] [--max-bytes B] [--threads N]\n"
    "                    [--self-test] [--checkpoint F] [--method M] [--progress]\n"
    "\n"
    "Solve every position of a finite game and answer for its start.\n"
    "\n"
    "Games:\n" SOLVE_GAMES_HELP "\n"
    "Options:\n"
    "  --json           one JSON object per answer: game, positions, outcome, score, remoteness,\n"
    "                   win, lose, draw (counts over all positions) and, where defined, value\n"
    "                   (the start's Grundy value)\n"
    "  --misere         heaps only: the player who cannot move wins [default: normal play]\n"
    "  --max-bytes B    memory for tables and the solver's work, in bytes or with K, M, G or T\n"
    "                   (powers of 1024: 512M) [default: 4294967296, i.e. 4G]\n" BATCH_OPTIONS_HELP
    "                   divisors, misere-piles and pick: a query is `N`, `A B`, or the\n"
    "                   items' values (seed format: `n` then n values); divisors and\n"
    "                   misere-piles solve once, for the largest query\n"
    "  --threads N      worker threads of the solver (heaps runs on one: its callbacks are not\n"
    "                   thread-safe; scores and Grundy values use them from 4 on; cram, chomp\n"
    "                   and node-kayles search on one unless N is given); the answer never\n"
    "                   depends on it [default: all cores]\n"
    "  --self-test      check the game's callbacks on 1000 random positions first\n"
    "  --save FILE      save the solved table (divisors, pick, misere-piles, heaps); written\n"
    "                   to a temporary file beside it and renamed, so a failed save keeps\n"
    "                   the old FILE\n"
    "  --load FILE      answer from a table saved by --save for the same game and arguments\n"
    "                   (refused, exit 3, when it describes another game or is damaged)\n"
    "  --checkpoint F   cram, chomp, node-kayles: resume the search's table from F when it\n"
    "                   exists; save it to F every --checkpoint-every S seconds, at the end\n"
    "                   and on SIGINT/SIGTERM (then exit 130/143); refused for another game\n"
    "  --checkpoint-every S  seconds between checkpoints [default: 600]\n"
    "  --method M       cram, chomp, node-kayles: full (components, symmetry, theory), reverse\n"
    "                   (the same, options in the reverse order) or plain (a memoised mex of\n"
    "                   whole positions); the nimber never depends on it [default: full]\n"
    "  --progress       cram, chomp, node-kayles: a line on stderr every second (positions,\n"
    "                   table fill, depth)\n"
    "  -h, --help       show this help\n"
    "\n"
    "Examples:\n"
    "  grundy solve divisors 3\n"
    "  grundy solve pick 1 5 2\n"
    "  grundy solve left-stack 3 1 1 1\n"
    "  grundy solve chomp 3 4\n";
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static const cli_option options[] = {{"json", 0, CLI_ARG_NONE},
                                     {"misere", 0, CLI_ARG_NONE},
                                     {"max-bytes", 0, CLI_ARG_ONE},
                                     {"self-test", 0, CLI_ARG_NONE},
                                     {"input", 0, CLI_ARG_ONE},
                                     {"format", 0, CLI_ARG_ONE},
                                     {"save", 0, CLI_ARG_ONE},
                                     {"load", 0, CLI_ARG_ONE},
                                     {"threads", 0, CLI_ARG_ONE},
                                     {"checkpoint", 0, CLI_ARG_ONE},
                                     {"checkpoint-every", 0, CLI_ARG_ONE},
                                     {"method", 0, CLI_ARG_ONE},
                                     {"progress", 0, CLI_ARG_NONE},
                                     {NULL, 0, 0}};
enum {
    OPT_JSON,
    OPT_MISERE,
    OPT_MAX_BYTES,
    OPT_SELF_TEST,
    OPT_INPUT,
    OPT_FORMAT,
    OPT_SAVE,
    OPT_LOAD,
    OPT_THREADS,
    OPT_CHECKPOINT,
    OPT_CHECKPOINT_EVERY,
    OPT_METHOD,
    OPT_PROGRESS
};

typedef struct request {
    const cli_args *args;
    int json;
    uint64_t max_bytes;
    unsigned threads;
    int *save_failed; /* the exit code of a --save that failed after the answer, or 0 */
} request;

static const char *outcome_word(grundy_outcome o) {
    return o == GRUNDY_OUTCOME_WIN ? "win" : o == GRUNDY_OUTCOME_LOSE ? "lose" : "draw";
}

static int self_test(const request *rq, const grundy_game *g) {
    grundy_selftest_report rep;
    if (!rq->args->present[OPT_SELF_TEST]) {
        return 0;
    }
    const grundy_status st = grundy_game_selftest(g, 1000, 1, &rep);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_IO, "internal error: self-test of %s: %s", g->name,
                        rep.message[0] ? rep.message : grundy_status_str(st));
    }
    return 0;
}

static int load_table(const request *rq, const grundy_game *g, unsigned want, const char *game,
                      grundy_solution **out) {
    const char *const path = rq->args->value[OPT_LOAD];
    const grundy_status st = grundy_solution_load_game(path, rq->max_bytes, game, out);
    if (st == GRUNDY_STATUS_INVALID_ARG) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE,
                        "--load: '%s' is a table of another game"
                        " (not '%s')",
                        path, game);
    }
    if (st == GRUNDY_STATUS_PARSE) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE,
                        "--load: '%s' is not a whole table file"
                        " (magic, version, size or checksum)",
                        path);
    }
    if (st == GRUNDY_STATUS_IO) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_IO, "--load: cannot read '%s'", path);
    }
    if (st != GRUNDY_STATUS_OK) {
        return solve_game_fail(&cli_cmd_solve, st, g->name);
    }
    if (grundy_solution_positions(*out) != g->positions ||
        (grundy_solution_tables(*out) & want) != want) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE,
                        "--load: '%s' lacks what this answer needs"
                        " (%s; save it with the same options)",
                        path,
                        grundy_solution_positions(*out) != g->positions ? "positions" : "tables");
    }
    return 0;
}

static int save_table(const request *rq, const grundy_solution *s, const char *game) {
    const char *const path = rq->args->value[OPT_SAVE];
    const grundy_status st = grundy_solution_save_game(s, game, path);
    if (st != GRUNDY_STATUS_OK) {
        /* said now, exit 5 at the end: the answer, computed, is printed all the same */
        *rq->save_failed = cli_fail(&cli_cmd_solve, cli_exit_code(st),
                                    "--save: cannot write '%s' (%s; a previous file is kept whole)",
                                    path, grundy_status_str(st));
    }
    return 0;
}

/* Solve g with `want` (or load it, and save it, as asked); on failure print why and return the
 * exit code. */
static int run_solver(const request *rq, const grundy_game *g, unsigned want,
                      grundy_solution **out) {
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = want;
    o.max_bytes = rq->max_bytes;
    o.threads = rq->threads;
    int rc = self_test(rq, g);
    char *const game = cli_game_text(rq->args, rq->args->present[OPT_MISERE]);
    if (rc == 0 && game == NULL) {
        rc = cli_oom_fail(&cli_cmd_solve, "solve", 0, NULL);
    }
    if (rc == 0 && rq->args->present[OPT_LOAD]) {
        rc = load_table(rq, g, want, game, out);
    } else if (rc == 0) {
        const grundy_status st = grundy_solve(g, &o, out);
        rc = st == GRUNDY_STATUS_OK ? 0 : solve_fail(&cli_cmd_solve, g, st, want, rq->max_bytes);
    }
    if (rc == 0 && rq->args->present[OPT_SAVE]) {
        rc = save_table(rq, *out, game);
    }
    free(game);
    return rc;
}

static void json_counts(json_writer *w, const grundy_solution *s) {
    uint64_t win, lose, draw;
    grundy_solution_counts(s, &win, &lose, &draw);
    json_kv_u64(w, "win", win);
    json_kv_u64(w, "lose", lose);
    json_kv_u64(w, "draw", draw);
}

/* The common JSON of a win/lose game solved through the retrograde core. */
static void json_outcome_fields(json_writer *w, const grundy_game *g, const grundy_solution *s) {
    const grundy_outcome o = grundy_solution_outcome(s, g->initial);
    json_kv_u64(w, "positions", g->positions);
    json_kv_str(w, "outcome", outcome_word(o));
    json_kv_null(w, "score");
    json_key(w, "remoteness");
    if (o == GRUNDY_OUTCOME_DRAW) {
        json_null(w);
    } else {
        json_u64(w, grundy_solution_remoteness(s, g->initial));
    }
    json_counts(w, s);
    json_key(w, "value"); /* `value` is always a Grundy value (docs/architecture.md) */
    if (grundy_solution_tables(s) & GRUNDY_SOLVE_GRUNDY) {
        json_u64(w, grundy_solution_grundy(s, g->initial));
    } else {
        json_null(w);
    }
}

/* Solve a win/lose game and print First/Second or its JSON (the game's own keys after "game"). */
static int answer_outcome(const request *rq, const solve_game *game, const solve_built *b) {
    const grundy_game *const g = b->game;
    grundy_solution *s = NULL;
    unsigned want = GRUNDY_SOLVE_OUTCOME;
    if (rq->json) {
        want |= GRUNDY_SOLVE_REMOTENESS | (b->grundy ? GRUNDY_SOLVE_GRUNDY : 0u);
    }
    const int rc = run_solver(rq, g, want, &s);
    if (rc == 0 && rq->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_kv_str(&w, "game", g->name);
        if (game->json != NULL) {
            game->json(&w, b);
        }
        json_outcome_fields(&w, g, s);
        json_object_end(&w);
    } else if (rc == 0) {
        puts(grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN ? "First" : "Second");
    }
    grundy_solution_destroy(s);
    return rc;
}

/* GAME --input FILE: every query from the file, through solve_batch.c. */
static int run_batch(const request *rq, const solve_game *game) {
    solve_batch_request b = {rq->args->value[OPT_INPUT], BATCH_LINES, rq->json, rq->max_bytes};
    if (rq->args->operand_count > 1) {
        return cli_usage_error(&cli_cmd_solve, "give %s operands or --input, not both",
                               rq->args->operands[0]);
    }
    const int rc = batch_parse_format(&cli_cmd_solve, rq->args->value[OPT_FORMAT], &b.format);
    return rc != 0 ? rc : game->batch(&cli_cmd_solve, &b);
}

static int print_pick(const request *rq, const solve_built *b, const grundy_solution *s) {
    const grundy_game *const g = b->game;
    const int64_t score = grundy_solution_score(s, g->initial);
    if (!rq->json) {
        printf("%lld\n", (long long)score);
        return 0;
    }
    /* Outcome by the sign of the score: who ends ahead (draw: level); counts likewise. */
    uint64_t by[3] = {0, 0, 0};
    for (uint64_t p = 0; p < g->positions; p++) {
        const int64_t v = grundy_solution_score(s, p);
        by[v > 0 ? 0 : v < 0 ? 1 : 2]++;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", "pick");
    json_kv_u64(&w, "items", (uint64_t)b->count);
    json_kv_u64(&w, "positions", g->positions);
    json_kv_str(&w, "outcome", score > 0 ? "win" : score < 0 ? "lose" : "draw");
    json_kv_i64(&w, "score", score);
    json_kv_u64(&w, "remoteness", (uint64_t)b->count);
    json_kv_u64(&w, "win", by[0]);
    json_kv_u64(&w, "lose", by[1]);
    json_kv_u64(&w, "draw", by[2]);
    json_object_end(&w);
    return 0;
}

static int answer_score(const request *rq, const solve_built *b) {
    grundy_solution *s = NULL;
    int rc = run_solver(rq, b->game, GRUNDY_SOLVE_SCORE, &s);
    if (rc == 0) {
        rc = print_pick(rq, b, s);
    }
    grundy_solution_destroy(s);
    return rc;
}

/* A game built from its operands by the registry, answered as its entry says. */
static int solve_operands_game(const request *rq, const solve_game *game) {
    const solve_operands ops = {.cmd = &cli_cmd_solve,
                                .v = rq->args->operands + 1,
                                .count = rq->args->operand_count - 1,
                                .misere = rq->args->present[OPT_MISERE] != 0,
                                .json = rq->json,
                                .max_bytes = rq->max_bytes};
    solve_built b;
    memset(&b, 0, sizeof b);
    int rc = solve_game_check_operands(&cli_cmd_solve, game, ops.v, ops.count);
    rc = rc != 0 ? rc : game->create(&ops, &b);
    if (rc == 0) {
        rc = game->answer == SOLVE_ANSWER_SCORE ? answer_score(rq, &b)
                                                : answer_outcome(rq, game, &b);
    }
    solve_built_free(&b);
    return rc;
}

/* Solve a small board exhaustively: *outcome and *remoteness for its start; 0 or an exit code. */
static int solve_board(const request *rq, const grundy_board *b, grundy_outcome *outcome,
                       uint32_t *remoteness, grundy_solution **out) {
    grundy_game *g = NULL;
    const grundy_status st = grundy_game_board_create(b, &g);
    if (st != GRUNDY_STATUS_OK) {
        return solve_game_fail(&cli_cmd_solve, st, "mirror-board");
    }
    const int rc = run_solver(rq, g, GRUNDY_SOLVE_REMOTENESS, out);
    if (rc == 0) {
        *outcome = grundy_solution_outcome(*out, g->initial);
        *remoteness = grundy_solution_remoteness(*out, g->initial);
    }
    grundy_game_destroy(g);
    return rc;
}

static void print_board(const request *rq, const grundy_board *b, int first_wins,
                        const grundy_solution *s, uint32_t remoteness) {
    if (!rq->json) {
        puts(first_wins ? "First" : "Second");
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", "mirror-board");
    json_kv_u64(&w, "n", b->n);
    json_kv_u64(&w, "blocked", b->blocked_count);
    json_kv_u64(&w, "free_cells", grundy_board_free_cells(b));
    json_kv_str(&w, "method", s != NULL ? "solver+mirror-rule" : "mirror-rule");
    json_kv_str(&w, "outcome", first_wins ? "win" : "lose");
    json_kv_null(&w, "score");
    if (s != NULL) {
        json_kv_u64(&w, "positions", grundy_solution_positions(s));
        json_kv_u64(&w, "remoteness", remoteness);
        json_counts(&w, s);
    } else {
        /* No exhaustive solve: every play fills all free cells, one a move. */
        json_kv_u64(&w, "remoteness", grundy_board_free_cells(b));
        json_kv_null(&w, "win");
        json_kv_null(&w, "lose");
        json_kv_null(&w, "draw");
    }
    json_object_end(&w);
}

/* One board: the mirror rule always, the solver too when the board is small; they must agree. */
static int answer_board(const request *rq, const grundy_board *b) {
    const int rule_first = grundy_board_mirror_rule(b);
    grundy_solution *s = NULL;
    grundy_outcome o = GRUNDY_OUTCOME_DRAW;
    uint32_t remoteness = 0;
    if (grundy_board_free_cells(b) <= GRUNDY_BOARD_SOLVE_FREE) {
        const int rc = solve_board(rq, b, &o, &remoteness, &s);
        if (rc != 0) {
            return rc;
        }
        if ((o == GRUNDY_OUTCOME_WIN) != rule_first) {
            grundy_solution_destroy(s);
            return cli_fail(&cli_cmd_solve, CLI_EXIT_IO,
                            "internal error: the solver says %s but the mirror rule says %s",
                            outcome_word(o), rule_first ? "win" : "lose");
        }
    }
    print_board(rq, b, rule_first, s, remoteness);
    grundy_solution_destroy(s);
    return 0;
}

static int board_error(grundy_status st, const grundy_diag *diag) {
    if (st == GRUNDY_STATUS_NOMEM) {
        return cli_oom_fail(&cli_cmd_solve, "mirror-board", 0, "--max-bytes");
    }
    return cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE, "mirror-board: line %zu: %s", diag->line,
                    diag->message);
}

static int run_boards(const request *rq) {
    size_t len = 0, line = 1, cases = 0;
    int rc = 0;
    char *const text = cli_read_stdin(&cli_cmd_solve, "mirror-board", rq->max_bytes, &len, &rc);
    const char *cur = text;
    while (text != NULL && rc == 0) {
        grundy_board b;
        grundy_diag diag;
        const grundy_status st = grundy_board_parse(&cur, text + len, &line, &b, &diag);
        if (st == GRUNDY_STATUS_NOT_FOUND) {
            break;
        }
        rc = st != GRUNDY_STATUS_OK ? board_error(st, &diag) : answer_board(rq, &b);
        cases++;
        grundy_board_free(&b);
    }
    if (text != NULL && rc == 0 && cases == 0) {
        rc = cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE, "mirror-board: no board in the input");
    }
    free(text);
    return rc;
}

static int solve_mirror_board(const request *rq, const solve_game *game) {
    const int rc = solve_game_check_operands(&cli_cmd_solve, game, rq->args->operands + 1,
                                             rq->args->operand_count - 1);
    return rc != 0 ? rc : run_boards(rq);
}

/* A searched game (SOLVE_ANSWER_NIMBER): cram, chomp, node-kayles. */
static int solve_nimber(const request *rq, const solve_game *game) {
    const cli_args *const a = rq->args;
    cli_nimber_request n = {.game = game,
                            .v = a->operands + 1,
                            .count = a->operand_count - 1,
                            .json = rq->json,
                            .max_bytes = rq->max_bytes,
                            /* one thread unless asked: the one-thread table grows with the
                               search, the shared one is spread over --max-bytes and costs more
                               than the second thread saves (docs/benchmarks.md) */
                            .threads = a->present[OPT_THREADS] ? rq->threads : 1,
                            .checkpoint = a->value[OPT_CHECKPOINT],
                            .checkpoint_every = 600,
                            .progress = a->present[OPT_PROGRESS] != 0};
    uint64_t every = 600;
    int rc = a->present[OPT_METHOD]
                 ? cli_nimber_method(&cli_cmd_solve, a->value[OPT_METHOD], &n.flags)
                 : 0;
    if (rc == 0 && a->present[OPT_CHECKPOINT_EVERY]) {
        rc = cli_parse_number(&cli_cmd_solve, "--checkpoint-every", a->value[OPT_CHECKPOINT_EVERY],
                              (uint64_t)1 << 40, &every);
        n.checkpoint_every = (double)every;
    }
    return rc != 0 ? rc : cli_solve_nimber(&cli_cmd_solve, &n);
}

static int solve_left_stack(const request *rq) {
    const cli_left_stack_request l = {rq->args->operands + 1, rq->args->operand_count - 1, rq->json,
                                      rq->args->present[OPT_SELF_TEST] != 0, rq->max_bytes};
    return cli_solve_left_stack(&cli_cmd_solve, &l);
}

/* The options that apply to some games only; 0 or exit 2 after one line. */
static int check_options(const cli_args *args, const solve_game *game) {
    char names[256], stdin_names[256];
    if (args->present[OPT_INPUT] && !(game->flags & SOLVE_GAME_INPUT)) {
        return cli_usage_error(
            &cli_cmd_solve, "--input applies to %s (%s read stdin)",
            solve_game_names(SOLVE_GAME_INPUT, 1, names, sizeof names),
            solve_game_names(SOLVE_GAME_STDIN, 1, stdin_names, sizeof stdin_names));
    }
    if (args->present[OPT_MISERE] && !(game->flags & SOLVE_GAME_MISERE)) {
        return cli_usage_error(&cli_cmd_solve, "--misere applies to %s only",
                               solve_game_names(SOLVE_GAME_MISERE, 1, names, sizeof names));
    }
    const int searched = game->answer == SOLVE_ANSWER_NIMBER;
    if (!searched && (args->present[OPT_CHECKPOINT] || args->present[OPT_CHECKPOINT_EVERY] ||
                      args->present[OPT_METHOD] || args->present[OPT_PROGRESS])) {
        return cli_usage_error(&cli_cmd_solve,
                               "--checkpoint, --checkpoint-every, --method and --progress apply "
                               "to the searched games (cram, chomp, node-kayles), not to %s",
                               game->name);
    }
    if (searched && args->present[OPT_SELF_TEST]) {
        return cli_usage_error(&cli_cmd_solve, "--self-test applies to the tabled games, not to %s",
                               game->name);
    }
    if ((args->present[OPT_SAVE] || args->present[OPT_LOAD]) &&
        (args->present[OPT_INPUT] || !(game->flags & SOLVE_GAME_TABLE))) {
        return cli_usage_error(&cli_cmd_solve,
                               "--save and --load apply to one game a run (%s), not to %s%s",
                               solve_game_names(SOLVE_GAME_TABLE, 0, names, sizeof names),
                               game->name, args->present[OPT_INPUT] ? " --input" : "");
    }
    return 0;
}

/* The game's answer, then the exit code: 5 when --save failed after an answer (0 or 1). */
static int answer(const request *rq, const solve_game *game) {
    int rc;
    switch (game->answer) {
    case SOLVE_ANSWER_BOARDS:
        rc = solve_mirror_board(rq, game);
        break;
    case SOLVE_ANSWER_LEFT_STACK:
        rc = solve_left_stack(rq);
        break;
    case SOLVE_ANSWER_NIMBER:
        rc = solve_nimber(rq, game);
        break;
    default:
        rc = solve_operands_game(rq, game);
        break;
    }
    return *rq->save_failed != 0 && (rc == CLI_EXIT_OK || rc == CLI_EXIT_NO) ? *rq->save_failed
                                                                             : rc;
}

static const char *words(const char *option, size_t i) {
    if (option == NULL) {
        return solve_game_word(i);
    }
    return strcmp(option, "format") == 0   ? batch_format_word(i)
           : strcmp(option, "method") == 0 ? cli_nimber_method_word(i)
                                           : NULL;
}

static int run(int argc, char **argv) {
    cli_args args;
    int save_failed = 0;
    request rq = {&args, 0, (uint64_t)4 << 30, 1, &save_failed};
    int rc = cli_parse_args(&cli_cmd_solve, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count == 0) {
        return cli_usage_error(&cli_cmd_solve, "missing GAME");
    }
    rq.json = args.present[OPT_JSON] != 0;
    if (args.present[OPT_MAX_BYTES] &&
        (rc = cli_parse_bytes(&cli_cmd_solve, "--max-bytes", args.value[OPT_MAX_BYTES],
                              GRUNDY_NUMBER_MAX, &rq.max_bytes)) != 0) {
        return rc;
    }
    if ((rc = cli_parse_threads(&cli_cmd_solve, args.present[OPT_THREADS], args.value[OPT_THREADS],
                                &rq.threads)) != 0) {
        return rc;
    }
    const solve_game *const game = solve_game_find(args.operands[0]);
    if (game == NULL) {
        char names[256];
        const char *const meant = solve_game_meant(args.operands[0], names, sizeof names);
        if (meant != NULL) {
            return cli_usage_error(&cli_cmd_solve, "unknown game '%s' (did you mean %s?)",
                                   args.operands[0], meant);
        }
        return cli_usage_error(&cli_cmd_solve, "unknown game '%s' (%s)", args.operands[0],
                               solve_game_names(0, 0, names, sizeof names));
    }
    if ((rc = check_options(&args, game)) != 0) {
        return rc;
    }
    if (args.present[OPT_SAVE] &&
        (rc = cli_probe_output(&cli_cmd_solve, "--save", args.value[OPT_SAVE])) != 0) {
        return rc; /* before the solve, which may take long */
    }
    if (args.present[OPT_INPUT]) {
        return run_batch(&rq, game);
    }
    return answer(&rq, game);
}

const cli_command cli_cmd_solve = {
    "solve", run, "Solve a built-in finite game position by position", help, options, words};
