/* SPDX-License-Identifier: MIT */
/* grundy solve: the built-in state-space games (seed 004's problems 6 to 9, heaps under a rule),
 * solved position by position and answered in the seed's words. */
#include "cli.h"
#include "json.h"
#include "solve_batch.h"
#include "solve_left_stack.h"

#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy solve GAME [ARGS...] [--json] [--misere] [--max-bytes B] [--threads N]\n"
    "                    [--self-test]\n"
    "\n"
    "Solve every position of a finite game and answer for its start.\n"
    "\n"
    "Games:\n"
    "  divisors N         cards 1..N (N <= 30); a pick removes the card and every card on the\n"
    "                     table that divides it; prints First or Second (2^N positions, 0.2\n"
    "                     to 0.6 us each: N = 22 in a second, 26 in 15 to 40 s, 30 in 4 to\n"
    "                     11 minutes; the default --max-bytes holds N = 30 without --json)\n"
    "  pick V1 V2 ...     up to 24 items; players take one at a time; prints the first\n"
    "                     player's best total minus the second's\n"
    "  mirror-board       boards from stdin (`n k`, then k lines `r c`, cells blocked\n"
    "                     symmetrically through the centre), one case after another until the\n"
    "                     end of the input; prints First or Second for each. Boards with at most\n"
    "                     20 free cells are also solved exhaustively and checked against the\n"
    "                     mirror rule\n"
    "  misere-piles A B   take 1 or 2 stones from one pile, the last stone loses; prints First\n"
    "                     or Second. (A+1)(B+1) positions, 5 bytes and about 0.5 us each: the\n"
    "                     default --max-bytes reaches A = B = 29307 (minutes); more needs\n"
    "                     --max-bytes 5(A+1)(B+1) (A, B <= 10^6)\n"
    "  heaps RULE H...    heaps under RULE (see 'grundy help rule'), total at most 400 and\n"
    "                     within the position limit; prints First or Second\n"
    "  left-stack M A B C three stacks, take 1..M from one, a stack may be emptied only when\n"
    "                     every stack left of it is empty (seed 002); any size up to 2^63-1;\n"
    "                     no numbers: `m a b c` per case from stdin; prints Tomaz or Danftito\n"
    "\n"
    "Options:\n"
    "  --json           one JSON object per answer: game, positions, outcome, score, remoteness,\n"
    "                   win, lose, draw (counts over all positions) and, where defined, value\n"
    "                   (the start's Grundy value)\n"
    "  --misere         heaps only: the player who cannot move wins [default: normal play]\n"
    "  --max-bytes B    memory for tables and the solver's work [default: "
    "4294967296]\n" BATCH_OPTIONS_HELP
    "                   divisors, misere-piles and pick: a query is `N`, `A B`, or the\n"
    "                   items' values (seed format: `n` then n values); divisors and\n"
    "                   misere-piles solve once, for the largest query\n"
    "  --threads N      worker threads of the solver (heaps runs on one: its callbacks are not\n"
    "                   thread-safe; scores and Grundy values use them from 4 on); the answer\n"
    "                   never depends on it [default: all cores]\n"
    "  --self-test      check the game's callbacks on 1000 random positions first\n"
    "  --save FILE      save the solved table (divisors, pick, misere-piles, heaps); written\n"
    "                   to FILE.tmp and renamed, so a failed save keeps the old FILE\n"
    "  --load FILE      answer from a table saved by --save for the same game and arguments\n"
    "                   (refused, exit 3, when it describes another game or is damaged)\n"
    "  -h, --help       show this help\n"
    "\n"
    "Example:\n"
    "  grundy solve divisors 3\n";

static const cli_option options[] = {{"json", 0, CLI_ARG_NONE},     {"misere", 0, CLI_ARG_NONE},
                                     {"max-bytes", 0, CLI_ARG_ONE}, {"self-test", 0, CLI_ARG_NONE},
                                     {"input", 0, CLI_ARG_ONE},     {"format", 0, CLI_ARG_ONE},
                                     {"save", 0, CLI_ARG_ONE},      {"load", 0, CLI_ARG_ONE},
                                     {"threads", 0, CLI_ARG_ONE},   {NULL, 0, 0}};
enum {
    OPT_JSON,
    OPT_MISERE,
    OPT_MAX_BYTES,
    OPT_SELF_TEST,
    OPT_INPUT,
    OPT_FORMAT,
    OPT_SAVE,
    OPT_LOAD,
    OPT_THREADS
};

/* Boards with more free cells are decided by the mirror rule alone (2^20 positions solve fast). */
#define SOLVE_BOARD_FREE 20

typedef struct request {
    const cli_args *args;
    int json;
    uint64_t max_bytes;
    unsigned threads;
} request;

static const char *outcome_word(grundy_outcome o) {
    return o == GRUNDY_OUTCOME_WIN ? "win" : o == GRUNDY_OUTCOME_LOSE ? "lose" : "draw";
}

static int fail_status(grundy_status st, const char *what) {
    if (st == GRUNDY_STATUS_LIMIT || st == GRUNDY_STATUS_NOMEM) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_LIMIT,
                        "%s: the game needs more memory or positions than allowed "
                        "(raise --max-bytes)",
                        what);
    }
    return cli_fail(&cli_cmd_solve, cli_exit_code(st), "%s: %s", what, grundy_status_str(st));
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
        return fail_status(st, g->name);
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
        return cli_fail(&cli_cmd_solve, cli_exit_code(st),
                        "--save: cannot write '%s' (%s; a previous file is kept whole)", path,
                        grundy_status_str(st));
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
    json_key(w, "value"); /* design.md: `value` is always a Grundy value */
    if (grundy_solution_tables(s) & GRUNDY_SOLVE_GRUNDY) {
        json_u64(w, grundy_solution_grundy(s, g->initial));
    } else {
        json_null(w);
    }
}

/* Solve a win/lose game and print First/Second or its JSON (`extra` adds game-specific keys). */
static int answer_outcome(const request *rq, grundy_game *g, int grundy,
                          void (*extra)(json_writer *, const void *), const void *extra_ctx) {
    grundy_solution *s = NULL;
    unsigned want = GRUNDY_SOLVE_OUTCOME;
    if (rq->json) {
        want |= GRUNDY_SOLVE_REMOTENESS | (grundy ? GRUNDY_SOLVE_GRUNDY : 0u);
    }
    const int rc = run_solver(rq, g, want, &s);
    if (rc == 0 && rq->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_kv_str(&w, "game", g->name);
        if (extra != NULL) {
            extra(&w, extra_ctx);
        }
        json_outcome_fields(&w, g, s);
        json_object_end(&w);
    } else if (rc == 0) {
        puts(grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN ? "First" : "Second");
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return rc;
}

static int need_operands(const request *rq, int min, int max, const char *usage) {
    const int given = rq->args->operand_count - 1;
    if (given < min) {
        return cli_usage_error(&cli_cmd_solve, "missing operand: %s", usage);
    }
    if (max >= 0 && given > max) {
        return cli_usage_error(&cli_cmd_solve, "unexpected operand '%s' (usage: %s)",
                               rq->args->operands[1 + max], usage);
    }
    return 0;
}

/* GAME --input FILE: every query from the file, through solve_batch.c. */
static int run_batch(const request *rq,
                     int (*fn)(const cli_command *, const solve_batch_request *)) {
    solve_batch_request b = {rq->args->value[OPT_INPUT], BATCH_LINES, rq->json, rq->max_bytes};
    if (rq->args->operand_count > 1) {
        return cli_usage_error(&cli_cmd_solve, "give %s operands or --input, not both",
                               rq->args->operands[0]);
    }
    const int rc = batch_parse_format(&cli_cmd_solve, rq->args->value[OPT_FORMAT], &b.format);
    return rc != 0 ? rc : fn(&cli_cmd_solve, &b);
}

static void json_divisors(json_writer *w, const void *ctx) {
    json_kv_u64(w, "n", *(const uint64_t *)ctx);
}

static int solve_divisors(const request *rq) {
    uint64_t n;
    grundy_game *g = NULL;
    if (rq->args->present[OPT_INPUT]) {
        return run_batch(rq, solve_batch_divisors);
    }
    int rc = need_operands(rq, 1, 1, "divisors N");
    if (rc == 0) {
        rc = cli_parse_number(&cli_cmd_solve, "N", rq->args->operands[1], GRUNDY_DIVISORS_MAX, &n);
    }
    if (rc == 0 && n == 0) {
        rc = cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE, "N: must be at least 1");
    }
    if (rc != 0) {
        return rc;
    }
    const grundy_status st = grundy_game_divisors_create((unsigned)n, &g);
    if (st != GRUNDY_STATUS_OK) {
        return fail_status(st, "divisors");
    }
    return answer_outcome(rq, g, 1, json_divisors, &n);
}

typedef struct piles_args {
    uint64_t a, b;
} piles_args;

static void json_piles(json_writer *w, const void *ctx) {
    const piles_args *p = ctx;
    json_kv_u64(w, "a", p->a);
    json_kv_u64(w, "b", p->b);
}

static int solve_misere_piles(const request *rq) {
    piles_args p;
    grundy_game *g = NULL;
    if (rq->args->present[OPT_INPUT]) {
        return run_batch(rq, solve_batch_misere_piles);
    }
    int rc = need_operands(rq, 2, 2, "misere-piles A B");
    if (rc == 0) {
        rc = cli_parse_number(&cli_cmd_solve, "A", rq->args->operands[1], GRUNDY_PILES_MAX, &p.a);
    }
    if (rc == 0) {
        rc = cli_parse_number(&cli_cmd_solve, "B", rq->args->operands[2], GRUNDY_PILES_MAX, &p.b);
    }
    if (rc != 0) {
        return rc;
    }
    const grundy_status st = grundy_game_misere_piles_create(p.a, p.b, rq->max_bytes / 5 + 1, &g);
    if (st == GRUNDY_STATUS_LIMIT) {
        return cli_fail(&cli_cmd_solve, CLI_EXIT_LIMIT,
                        "misere-piles: %llu positions, 5 bytes each: raise --max-bytes to %llu",
                        (unsigned long long)((p.a + 1) * (p.b + 1)),
                        (unsigned long long)((p.a + 1) * (p.b + 1) * 5));
    }
    if (st != GRUNDY_STATUS_OK) {
        return fail_status(st, "misere-piles");
    }
    return answer_outcome(rq, g, 0, json_piles, &p);
}

/* Operands first.. as numbers into out[0..]. */
static int parse_values(const request *rq, int first, const char *what, uint64_t max,
                        uint64_t *out) {
    for (int i = first; i < rq->args->operand_count; i++) {
        const int rc =
            cli_parse_number(&cli_cmd_solve, what, rq->args->operands[i], max, &out[i - first]);
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

typedef struct heaps_args {
    const char *rule; /* canonical form, formatted where a failure can be reported */
    const uint64_t *heaps;
    size_t count;
    int misere;
} heaps_args;

static void json_heaps(json_writer *w, const void *ctx) {
    const heaps_args *h = ctx;
    json_kv_str(w, "rule", h->rule);
    json_key(w, "heaps");
    json_array_begin(w);
    for (size_t i = 0; i < h->count; i++) {
        json_u64(w, h->heaps[i]);
    }
    json_array_end(w);
    json_kv_bool(w, "misere", h->misere);
}

/* The positions of a heaps game: the multisets of heaps whose total is at most the start's,
 * sum of p(t) for t <= total (partitions, saturating at 2^64 - 1); the refusal names 5 bytes a
 * position for the game and the solver's estimate for the solve, whichever is more. */
static int heaps_limit(const request *rq, const uint64_t *heaps, size_t count, int misere) {
    uint64_t total = 0, p[GRUNDY_HEAPS_MAX_TOTAL + 1] = {1}, positions = 0;
    for (size_t i = 0; i < count; i++) {
        total += heaps[i];
    }
    for (uint64_t part = 1; part <= total; part++) {
        for (uint64_t t = part; t <= total; t++) {
            p[t] = p[t] > UINT64_MAX - p[t - part] ? UINT64_MAX : p[t] + p[t - part];
        }
    }
    for (uint64_t t = 0; t <= total; t++) {
        positions = positions > UINT64_MAX - p[t] ? UINT64_MAX : positions + p[t];
    }
    /* the game takes 5 bytes a position; the solve, more (solve_bytes_estimate) */
    grundy_game sized = {0};
    sized.positions = positions;
    const unsigned want = GRUNDY_SOLVE_OUTCOME | (rq->json ? GRUNDY_SOLVE_REMOTENESS : 0u) |
                          (rq->json && !misere ? GRUNDY_SOLVE_GRUNDY : 0u);
    const uint64_t solve_need = solve_bytes_estimate(&sized, want);
    uint64_t need = positions > GRUNDY_NUMBER_MAX / 5 ? GRUNDY_NUMBER_MAX : positions * 5;
    need = solve_need > need ? solve_need : need;
    return cli_fail(&cli_cmd_solve, CLI_EXIT_LIMIT,
                    "heaps: %s%llu positions (every multiset of heaps up to the start's total, "
                    "%llu tokens): raise --max-bytes to %llu%s",
                    positions == UINT64_MAX ? "more than " : "", (unsigned long long)positions,
                    (unsigned long long)total, (unsigned long long)need,
                    need == GRUNDY_NUMBER_MAX ? " (more than any machine has)" : "");
}

static int solve_heaps(const request *rq) {
    grundy_rule *rule = NULL;
    grundy_game *g = NULL;
    uint64_t *heaps = NULL;
    char *canonical = NULL;
    int rc = need_operands(rq, 2, -1, "heaps RULE H1 H2 ..."); /* no heap: no game */
    if (rc == 0) {
        rc = cli_parse_rule(&cli_cmd_solve, rq->args->operands[1], &rule);
    }
    const size_t count =
        (size_t)(rq->args->operand_count - 2 > 0 ? rq->args->operand_count - 2 : 0);
    if (rc == 0) {
        const size_t len = grundy_rule_format(rule, NULL, 0);
        heaps = malloc((count + 1) * sizeof *heaps);
        canonical = malloc(len + 1);
        if (heaps == NULL || canonical == NULL) {
            rc = cli_oom_fail(&cli_cmd_solve, "solve", 0, NULL);
        } else {
            grundy_rule_format(rule, canonical, len + 1);
        }
    }
    if (rc == 0) {
        rc = parse_values(rq, 2, "heap", GRUNDY_NUMBER_MAX, heaps);
    }
    if (rc == 0) {
        const int misere = rq->args->present[OPT_MISERE] != 0;
        const grundy_status st =
            grundy_game_heaps_create(rule, heaps, count, misere, rq->max_bytes / 5 + 1, &g);
        const heaps_args h = {canonical, heaps, count, misere};
        rc = st == GRUNDY_STATUS_OK ? answer_outcome(rq, g, !misere, json_heaps, &h)
             : st == GRUNDY_STATUS_RANGE
                 ? cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE,
                            "heaps: the heaps total more than %d tokens, the most this game "
                            "supports",
                            GRUNDY_HEAPS_MAX_TOTAL)
             : st == GRUNDY_STATUS_LIMIT ? heaps_limit(rq, heaps, count, misere)
                                         : fail_status(st, "heaps");
    }
    free(canonical);
    free(heaps);
    grundy_rule_destroy(rule);
    return rc;
}

static int print_pick(const request *rq, const grundy_game *g, const grundy_solution *s) {
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
    json_kv_u64(&w, "items", (uint64_t)(rq->args->operand_count - 1));
    json_kv_u64(&w, "positions", g->positions);
    json_kv_str(&w, "outcome", score > 0 ? "win" : score < 0 ? "lose" : "draw");
    json_kv_i64(&w, "score", score);
    json_kv_u64(&w, "remoteness", (uint64_t)(rq->args->operand_count - 1));
    json_kv_u64(&w, "win", by[0]);
    json_kv_u64(&w, "lose", by[1]);
    json_kv_u64(&w, "draw", by[2]);
    json_object_end(&w);
    return 0;
}

static int solve_pick(const request *rq) {
    uint64_t values[GRUNDY_PICK_MAX_ITEMS];
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    if (rq->args->present[OPT_INPUT]) {
        return run_batch(rq, solve_batch_pick);
    }
    int rc = need_operands(rq, 1, -1, "pick V1 V2 ...");
    if (rc == 0 && rq->args->operand_count - 1 > GRUNDY_PICK_MAX_ITEMS) {
        rc = cli_fail(&cli_cmd_solve, CLI_EXIT_VALUE, "pick: %d items given, at most %d",
                      rq->args->operand_count - 1, GRUNDY_PICK_MAX_ITEMS);
    }
    if (rc == 0) {
        rc = parse_values(rq, 1, "item value", GRUNDY_PICK_MAX_VALUE, values);
    }
    if (rc != 0) {
        return rc;
    }
    if ((int)values[0] == rq->args->operand_count - 2 && values[0] > 0) {
        fprintf(stderr,
                "grundy solve: note: read %d items, the first %llu; if %llu is the count of the "
                "seed's format, leave it out or use --input FILE --format seed\n",
                rq->args->operand_count - 1, (unsigned long long)values[0],
                (unsigned long long)values[0]);
    }
    const grundy_status st =
        grundy_game_pick_create(values, (size_t)(rq->args->operand_count - 1), &g);
    if (st != GRUNDY_STATUS_OK) {
        return fail_status(st, "pick");
    }
    rc = run_solver(rq, g, GRUNDY_SOLVE_SCORE, &s);
    if (rc == 0) {
        rc = print_pick(rq, g, s);
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return rc;
}

/* Solve a small board exhaustively: *outcome and *remoteness for its start; 0 or an exit code. */
static int solve_board(const request *rq, const grundy_board *b, grundy_outcome *outcome,
                       uint32_t *remoteness, grundy_solution **out) {
    grundy_game *g = NULL;
    const grundy_status st = grundy_game_board_create(b, &g);
    if (st != GRUNDY_STATUS_OK) {
        return fail_status(st, "mirror-board");
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
    if (grundy_board_free_cells(b) <= SOLVE_BOARD_FREE) {
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

static int solve_mirror_board(const request *rq) {
    const int rc = need_operands(rq, 0, 0, "mirror-board < FILE");
    return rc != 0 ? rc : run_boards(rq);
}

static int solve_left_stack(const request *rq) {
    const cli_left_stack_request l = {rq->args->operands + 1, rq->args->operand_count - 1, rq->json,
                                      rq->args->present[OPT_SELF_TEST] != 0, rq->max_bytes};
    return cli_solve_left_stack(&cli_cmd_solve, &l);
}

static const struct {
    const char *name;
    int (*run)(const request *rq);
} games[] = {
    {"divisors", solve_divisors},
    {"pick", solve_pick},
    {"mirror-board", solve_mirror_board},
    {"misere-piles", solve_misere_piles},
    {"heaps", solve_heaps},
    {"left-stack", solve_left_stack},
};

static int run(int argc, char **argv) {
    cli_args args;
    request rq = {&args, 0, (uint64_t)4 << 30, 1};
    int rc = cli_parse_args(&cli_cmd_solve, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count == 0) {
        return cli_usage_error(&cli_cmd_solve, "missing GAME");
    }
    rq.json = args.present[OPT_JSON] != 0;
    if (args.present[OPT_MAX_BYTES] &&
        (rc = cli_parse_number(&cli_cmd_solve, "--max-bytes", args.value[OPT_MAX_BYTES],
                               GRUNDY_NUMBER_MAX, &rq.max_bytes)) != 0) {
        return rc;
    }
    if ((rc = cli_parse_threads(&cli_cmd_solve, args.present[OPT_THREADS], args.value[OPT_THREADS],
                                &rq.threads)) != 0) {
        return rc;
    }
    const char *const name = args.operands[0];
    if (args.present[OPT_INPUT] && strcmp(name, "divisors") != 0 &&
        strcmp(name, "misere-piles") != 0 && strcmp(name, "pick") != 0) {
        return cli_usage_error(&cli_cmd_solve,
                               "--input applies to divisors, misere-piles and pick (mirror-board "
                               "and left-stack read stdin)");
    }
    if (args.present[OPT_MISERE] && strcmp(name, "heaps") != 0) {
        return cli_usage_error(&cli_cmd_solve, "--misere applies to heaps only");
    }
    if ((args.present[OPT_SAVE] || args.present[OPT_LOAD]) &&
        (args.present[OPT_INPUT] || strcmp(name, "mirror-board") == 0 ||
         strcmp(name, "left-stack") == 0)) {
        return cli_usage_error(&cli_cmd_solve,
                               "--save and --load apply to one game a run"
                               " (divisors, pick, misere-piles, heaps), not to %s%s",
                               name, args.present[OPT_INPUT] ? " --input" : "");
    }
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        if (strcmp(games[i].name, name) == 0) {
            return games[i].run(&rq);
        }
    }
    return cli_usage_error(
        &cli_cmd_solve,
        "unknown game '%s' (divisors, pick, mirror-board, misere-piles, heaps, left-stack)", name);
}

const cli_command cli_cmd_solve = {"solve", run,
                                   "Solve a built-in finite game position by position", help};
