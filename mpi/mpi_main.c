/* SPDX-License-Identifier: MIT */
/* grundy-mpi: `mpirun -np K grundy-mpi solve GAME [ARGS...]`, the built-in games of grundy solve
 * labelled win/lose/draw with remoteness across K processes (mpi_solve.c), one table file. */
#include "cli.h"
#include "json.h"
#include "mpi_solve.h"
#include "solve_registry.h"

#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: mpirun -np K grundy-mpi solve GAME [ARGS...] [--save FILE] [--json] [--misere]\n"
    "                                   [--max-bytes B]\n"
    "\n"
    "Label every position of a built-in game win, lose or draw with its remoteness, the\n"
    "positions cut into K equal slices, one a process (on one machine or several: see\n"
    "docs/solver.md). Prints First or Second for the start, like grundy solve; the table is the\n"
    "one grundy solve computes, byte for byte, for every K.\n"
    "\n"
    "Games (as in grundy solve; the table is win/lose/draw and remoteness for each):\n"
    "  divisors N, pick V1 V2 ..., misere-piles A B, heaps RULE H... [--misere],\n"
    "  left-stack M A B C, mirror-board (one board from standard input)\n"
    "\n"
    "Options:\n"
    "  --save FILE    write the table (outcomes and remoteness) to FILE, written by rank 0\n"
    "  --json         one JSON object: game, positions, ranks, outcome, remoteness, win, lose,\n"
    "                 draw, max_remoteness, rank_bytes\n"
    "  --misere       heaps only: the player who cannot move wins [default: normal play]\n"
    "  --max-bytes B  memory for one process's slice [default: 4294967296]\n"
    "  --one-process  solve in this process alone with grundy solve's solver (the library's\n"
    "                 grundy_solve and grundy_solution_save_game): the reference the tests "
    "compare\n"
    "                 the distributed table with\n"
    "  -h, --help     show this help\n"
    "\n"
    "Example:\n"
    "  mpirun -np 2 grundy-mpi solve divisors 20 --save divisors20.sv\n";

static int run(int argc, char **argv);
static const cli_command cmd = {"solve", run,  "The solver across processes (Open MPI)",
                                help,    NULL, NULL};

static const cli_option options[] = {
    {"save", 0, CLI_ARG_ONE},      {"json", 0, CLI_ARG_NONE},        {"misere", 0, CLI_ARG_NONE},
    {"max-bytes", 0, CLI_ARG_ONE}, {"one-process", 0, CLI_ARG_NONE}, {NULL, 0, 0}};
enum { OPT_SAVE, OPT_JSON, OPT_MISERE, OPT_MAX_BYTES, OPT_ONE_PROCESS };

/* Every rank reads the same input: rank 0 reads standard input and sends it to the others. */
static int shared_input(const char *what, char **out, size_t *out_len) {
    long long len = -1;
    char *text = NULL;
    int rank = 0, rc = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        size_t n = 0;
        text = cli_read_stdin(&cmd, what, (uint64_t)1 << 30, &n, &rc);
        len = text != NULL ? (long long)n : -1;
    }
    MPI_Bcast(&len, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (len < 0) {
        free(text);
        return rc != 0 ? rc : CLI_EXIT_IO;
    }
    if (rank != 0 && (text = malloc((size_t)len + 1)) == NULL) {
        return cli_fail(&cmd, CLI_EXIT_LIMIT, "out of memory");
    }
    MPI_Bcast(text, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD);
    *out = text;
    *out_len = (size_t)len;
    return 0;
}

/* The game of the registry its operands (or, without any, standard input) give; *from_input
 * says which. */
static int build_game(const cli_args *a, const solve_game *game, uint64_t max_bytes, solve_built *b,
                      int *from_input) {
    solve_operands ops = {.cmd = &cmd,
                          .v = a->operands + 1,
                          .count = a->operand_count - 1,
                          .misere = a->present[OPT_MISERE] != 0,
                          .max_bytes = max_bytes};
    char *text = NULL;
    int rc;
    *from_input = ops.count == 0 && (game->flags & SOLVE_GAME_STDIN) != 0;
    if (*from_input) {
        rc = shared_input(game->name, &text, &ops.input_len);
        ops.input = text;
    } else {
        rc = solve_game_check_operands(&cmd, game, ops.v, ops.count);
    }
    rc = rc != 0 ? rc : game->create(&ops, b);
    free(text);
    return rc;
}

static const char *outcome_word(grundy_outcome o) {
    return o == GRUNDY_OUTCOME_WIN ? "win" : o == GRUNDY_OUTCOME_LOSE ? "lose" : "draw";
}

static void print(const cli_args *a, const grundy_game *g, const mpi_result *r) {
    int ranks = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    if (!a->present[OPT_JSON]) {
        puts(r->initial == GRUNDY_OUTCOME_WIN ? "First" : "Second");
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", g->name);
    json_kv_u64(&w, "positions", g->positions);
    json_kv_u64(&w, "ranks", (uint64_t)ranks);
    json_kv_str(&w, "outcome", outcome_word(r->initial));
    json_key(&w, "remoteness");
    if (r->initial == GRUNDY_OUTCOME_DRAW) {
        json_null(&w);
    } else {
        json_u64(&w, r->initial_remoteness);
    }
    json_kv_u64(&w, "win", r->win);
    json_kv_u64(&w, "lose", r->lose);
    json_kv_u64(&w, "draw", r->draw);
    json_kv_u64(&w, "max_remoteness", r->max_remoteness);
    json_kv_u64(&w, "rank_bytes", r->rank_bytes);
    json_object_end(&w);
}

/* --one-process: the library's solver and table writer, for the same answer and file. */
static grundy_status solve_here(const grundy_game *g, uint64_t max_bytes, const char *save,
                                const char *describes, mpi_result *r) {
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_solution *s = NULL;
    o.want = GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS;
    o.max_bytes = max_bytes;
    memset(r, 0, sizeof *r);
    grundy_status st = grundy_solve(g, &o, &s);
    if (st == GRUNDY_STATUS_OK) {
        grundy_solution_counts(s, &r->win, &r->lose, &r->draw);
        r->initial = grundy_solution_outcome(s, g->initial);
        r->initial_remoteness = grundy_solution_remoteness(s, g->initial);
        for (uint64_t p = 0; p < g->positions; p++) {
            const uint32_t x = grundy_solution_remoteness(s, p);
            r->max_remoteness =
                x != GRUNDY_REMOTENESS_NONE && x > r->max_remoteness ? x : r->max_remoteness;
        }
        st = save == NULL        ? GRUNDY_STATUS_OK
             : describes == NULL ? GRUNDY_STATUS_NOMEM
                                 : grundy_solution_save_game(s, describes, save);
    }
    grundy_solution_destroy(s);
    return st;
}

static int solve(const cli_args *a, const solve_game *game, uint64_t max_bytes) {
    solve_built b;
    int from_input = 0;
    memset(&b, 0, sizeof b);
    int rc = build_game(a, game, max_bytes, &b, &from_input);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* the table says what it solves, as grundy solve --save writes it, so that grundy solve
     * --load takes it; a game read from standard input is not in the operands: no description.
     * Only rank 0 writes; its NULL (out of memory) fails the save on every rank together. */
    char *const describes = rank != 0 || a->present[OPT_SAVE] == 0 ? NULL
                            : from_input                           ? calloc(1, 1)
                                         : cli_game_text(a, a->present[OPT_MISERE]);
    if (rc == 0) {
        mpi_result r;
        const char *save = a->present[OPT_SAVE] ? a->value[OPT_SAVE] : NULL;
        const grundy_status st =
            a->present[OPT_ONE_PROCESS]
                ? solve_here(b.game, max_bytes, save, describes, &r)
                : mpi_solve(b.game, MPI_COMM_WORLD, max_bytes, save, describes, &r);
        if (st == GRUNDY_STATUS_LIMIT || st == GRUNDY_STATUS_NOMEM) {
            rc = rank != 0 ? CLI_EXIT_LIMIT
                           : cli_fail(&cmd, CLI_EXIT_LIMIT,
                                      "%s: a slice needs more memory than allowed (raise "
                                      "--max-bytes to %llu, or run more processes)",
                                      b.game->name, (unsigned long long)r.rank_bytes);
        } else if (st == GRUNDY_STATUS_IO) {
            rc = rank != 0 ? CLI_EXIT_IO : cli_fail(&cmd, CLI_EXIT_IO, "cannot write '%s'", save);
        } else if (st != GRUNDY_STATUS_OK) {
            rc = rank != 0 ? cli_exit_code(st)
                           : cli_fail(&cmd, cli_exit_code(st), "%s: %s", b.game->name,
                                      grundy_status_str(st));
        } else if (rank == 0) {
            print(a, b.game, &r);
        }
    }
    free(describes);
    solve_built_free(&b);
    return rc;
}

static int run(int argc, char **argv) {
    cli_args a;
    int rc = cli_parse_args(&cmd, options, argc, argv, &a);
    if (rc >= 0) {
        return rc;
    }
    if (a.operand_count == 0) {
        return cli_usage_error(&cmd, "missing GAME");
    }
    uint64_t max_bytes = (uint64_t)4 << 30;
    if (a.present[OPT_MAX_BYTES] &&
        (rc = cli_parse_number(&cmd, "--max-bytes", a.value[OPT_MAX_BYTES], GRUNDY_NUMBER_MAX,
                               &max_bytes)) != 0) {
        return rc;
    }
    char names[256];
    const solve_game *const game = solve_game_find(a.operands[0]);
    if (game == NULL) {
        return cli_usage_error(&cmd, "unknown game '%s' (%s)", a.operands[0],
                               solve_game_names(0, 0, names, sizeof names));
    }
    if (game->answer == SOLVE_ANSWER_NIMBER) {
        return cli_fail(&cmd, CLI_EXIT_VALUE,
                        "%s is searched, not tabled: it has no positions to share out among "
                        "ranks (use grundy solve %s)",
                        game->name, game->name);
    }
    if (a.present[OPT_MISERE] && !(game->flags & SOLVE_GAME_MISERE)) {
        return cli_usage_error(&cmd, "--misere applies to %s only",
                               solve_game_names(SOLVE_GAME_MISERE, 1, names, sizeof names));
    }
    return solve(&a, game, max_bytes);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank = 0, rc = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* one voice: answers, help and messages come from rank 0 (every rank parses the same
     * command line, so every rank fails or goes on alike) */
    if (rank != 0 &&
        (freopen("/dev/null", "w", stdout) == NULL || freopen("/dev/null", "w", stderr) == NULL)) {
        rc = CLI_EXIT_IO;
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        cli_print_help(&cmd, stdout);
    } else if (argc < 2 || strcmp(argv[1], "solve") != 0) {
        rc = cli_usage_error(&cmd, "the only command is 'solve' (grundy-mpi solve GAME ...)");
    } else if (rc == 0) {
        rc = run(argc - 1, argv + 1);
    }
    MPI_Finalize();
    return rc;
}
