/* SPDX-License-Identifier: MIT */
/* The registry of the solver's games: each game's operands, options and constructor, in grundy
 * solve's words, so that grundy-mpi and the tests build and refuse a game as solve does. */
#include "solve_registry.h"
#include "suggest.h"
#include "solve_nim_games.h"

#include <grundy/left_stack.h>

#include <stdlib.h>
#include <string.h>

int solve_game_fail(const cli_command *cmd, grundy_status st, const char *what) {
    if (st == GRUNDY_STATUS_LIMIT || st == GRUNDY_STATUS_NOMEM) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: the game needs more memory or positions than allowed "
                        "(raise --max-bytes)",
                        what);
    }
    return cli_fail(cmd, cli_exit_code(st), "%s: %s", what, grundy_status_str(st));
}

/* Operands first.. as numbers named `what` into out[0..]. */
static int parse_numbers(const solve_operands *ops, int first, const char *what, uint64_t max,
                         uint64_t *out) {
    for (int i = first; i < ops->count; i++) {
        const int rc = cli_parse_number(ops->cmd, what, ops->v[i], max, &out[i - first]);
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

/* Each operand under its own name (M, A, B, C), into out[0..]. */
static int parse_named(const solve_operands *ops, const char *const *names, uint64_t max,
                       uint64_t *out) {
    for (int i = 0; i < ops->count; i++) {
        const int rc = cli_parse_number(ops->cmd, names[i], ops->v[i], max, &out[i]);
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

static int create_divisors(const solve_operands *ops, solve_built *out) {
    int rc = cli_parse_number(ops->cmd, "N", ops->v[0], GRUNDY_DIVISORS_MAX, &out->numbers[0]);
    if (rc == 0 && out->numbers[0] == 0) {
        rc = cli_fail(ops->cmd, CLI_EXIT_VALUE, "N: must be at least 1");
    }
    if (rc != 0) {
        return rc;
    }
    out->count = 1;
    out->grundy = 1;
    const grundy_status st = grundy_game_divisors_create((unsigned)out->numbers[0], &out->game);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "divisors");
}

static void json_divisors(json_writer *w, const solve_built *b) {
    json_kv_u64(w, "n", b->numbers[0]);
}

static int create_misere_piles(const solve_operands *ops, solve_built *out) {
    static const char *const names[] = {"A", "B"};
    const int rc = parse_named(ops, names, GRUNDY_PILES_MAX, out->numbers);
    if (rc != 0) {
        return rc;
    }
    const uint64_t a = out->numbers[0], b = out->numbers[1];
    out->count = 2;
    const grundy_status st =
        grundy_game_misere_piles_create(a, b, ops->max_bytes / 5 + 1, &out->game);
    if (st == GRUNDY_STATUS_LIMIT) {
        return cli_fail(ops->cmd, CLI_EXIT_LIMIT,
                        "misere-piles: %llu positions, 5 bytes each: raise --max-bytes to %llu",
                        (unsigned long long)((a + 1) * (b + 1)),
                        (unsigned long long)((a + 1) * (b + 1) * 5));
    }
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "misere-piles");
}

static void json_piles(json_writer *w, const solve_built *b) {
    json_kv_u64(w, "a", b->numbers[0]);
    json_kv_u64(w, "b", b->numbers[1]);
}

static int create_pick(const solve_operands *ops, solve_built *out) {
    if (ops->count > GRUNDY_PICK_MAX_ITEMS) {
        return cli_fail(ops->cmd, CLI_EXIT_VALUE, "pick: %d items given, at most %d", ops->count,
                        GRUNDY_PICK_MAX_ITEMS);
    }
    const int rc = parse_numbers(ops, 0, "item value", GRUNDY_PICK_MAX_VALUE, out->numbers);
    if (rc != 0) {
        return rc;
    }
    const uint64_t first = out->numbers[0];
    out->count = (size_t)ops->count;
    if ((int)first == ops->count - 1 && first > 0) {
        fprintf(stderr,
                "grundy %s: note: read %d items, the first %llu; if %llu is the count of the "
                "seed's format, leave it out or use --input FILE --format seed\n",
                ops->cmd->name, ops->count, (unsigned long long)first, (unsigned long long)first);
    }
    const grundy_status st = grundy_game_pick_create(out->numbers, out->count, &out->game);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "pick");
}

/* The positions of a heaps game: the multisets of heaps whose total is at most the start's,
 * sum of p(t) for t <= total (partitions, saturating at 2^64 - 1); the refusal names 5 bytes a
 * position for the game and the solver's estimate for the solve, whichever is more. */
static int heaps_limit(const solve_operands *ops, const solve_built *b) {
    uint64_t total = 0, p[GRUNDY_HEAPS_MAX_TOTAL + 1] = {1}, positions = 0;
    for (size_t i = 0; i < b->count; i++) {
        total += b->heaps[i];
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
    const unsigned want = GRUNDY_SOLVE_OUTCOME | (ops->json ? GRUNDY_SOLVE_REMOTENESS : 0u) |
                          (ops->json && !b->misere ? GRUNDY_SOLVE_GRUNDY : 0u);
    const uint64_t solve_need = solve_bytes_estimate(&sized, want);
    uint64_t need = positions > GRUNDY_NUMBER_MAX / 5 ? GRUNDY_NUMBER_MAX : positions * 5;
    need = solve_need > need ? solve_need : need;
    return cli_fail(ops->cmd, CLI_EXIT_LIMIT,
                    "heaps: %s%llu positions (every multiset of heaps up to the start's total, "
                    "%llu tokens): raise --max-bytes to %llu%s",
                    positions == UINT64_MAX ? "more than " : "", (unsigned long long)positions,
                    (unsigned long long)total, (unsigned long long)need,
                    need == GRUNDY_NUMBER_MAX ? " (more than any machine has)" : "");
}

/* The rule, its canonical text and room for the heaps; 0 or the exit code. */
static int heaps_rule(const solve_operands *ops, solve_built *out) {
    const int rc = cli_parse_rule(ops->cmd, ops->v[0], &out->rule);
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(out->rule, NULL, 0);
    out->heaps = malloc(((size_t)ops->count + 1) * sizeof *out->heaps);
    out->rule_text = malloc(len + 1);
    if (out->heaps == NULL || out->rule_text == NULL) {
        return cli_oom_fail(ops->cmd, "solve", 0, NULL);
    }
    grundy_rule_format(out->rule, out->rule_text, len + 1);
    return 0;
}

static int create_heaps(const solve_operands *ops, solve_built *out) {
    int rc = heaps_rule(ops, out);
    rc = rc != 0 ? rc : parse_numbers(ops, 1, "heap", GRUNDY_NUMBER_MAX, out->heaps);
    if (rc != 0) {
        return rc;
    }
    out->count = (size_t)ops->count - 1;
    out->misere = ops->misere != 0;
    out->grundy = !out->misere;
    const grundy_status st = grundy_game_heaps_create(
        out->rule, out->heaps, out->count, out->misere, ops->max_bytes / 5 + 1, &out->game);
    if (st == GRUNDY_STATUS_RANGE) {
        return cli_fail(ops->cmd, CLI_EXIT_VALUE,
                        "heaps: the heaps total more than %d tokens, the most this game supports",
                        GRUNDY_HEAPS_MAX_TOTAL);
    }
    return st == GRUNDY_STATUS_OK      ? 0
           : st == GRUNDY_STATUS_LIMIT ? heaps_limit(ops, out)
                                       : solve_game_fail(ops->cmd, st, "heaps");
}

static void json_heaps(json_writer *w, const solve_built *b) {
    json_kv_str(w, "rule", b->rule_text);
    json_key(w, "heaps");
    json_array_begin(w);
    for (size_t i = 0; i < b->count; i++) {
        json_u64(w, b->heaps[i]);
    }
    json_array_end(w);
    json_kv_bool(w, "misere", b->misere);
}

/* One board of the input (grundy solve answers every board itself, by the mirror rule). */
static int create_mirror_board(const solve_operands *ops, solve_built *out) {
    const char *cur = ops->input;
    size_t line = 1;
    grundy_diag diag;
    grundy_status st =
        grundy_board_parse(&cur, ops->input + ops->input_len, &line, &out->board, &diag);
    if (st == GRUNDY_STATUS_NOMEM) {
        return cli_oom_fail(ops->cmd, "mirror-board", 0, "--max-bytes");
    }
    if (st != GRUNDY_STATUS_OK) {
        return st == GRUNDY_STATUS_NOT_FOUND
                   ? cli_fail(ops->cmd, CLI_EXIT_VALUE, "mirror-board: no board in the input")
                   : cli_fail(ops->cmd, CLI_EXIT_VALUE, "mirror-board: line %zu: %s", diag.line,
                              diag.message);
    }
    st = grundy_game_board_create(&out->board, &out->game);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "mirror-board");
}

/* M A B C, or the first instance of the input (grundy solve answers every instance itself). */
static int create_left_stack(const solve_operands *ops, solve_built *out) {
    static const char *const names[] = {"M", "A", "B", "C"};
    uint64_t *const v = out->numbers;
    if (ops->input != NULL) {
        const char *cur = ops->input;
        size_t line = 1;
        grundy_diag diag;
        const grundy_status st =
            grundy_left_stack_parse(&cur, ops->input + ops->input_len, &line, v, &diag);
        if (st != GRUNDY_STATUS_OK) {
            return st == GRUNDY_STATUS_NOT_FOUND
                       ? cli_fail(ops->cmd, CLI_EXIT_VALUE,
                                  "left-stack: no instance (m a b c) in the input")
                       : cli_fail(ops->cmd, CLI_EXIT_VALUE, "left-stack: line %zu: %s", diag.line,
                                  diag.message);
        }
    } else {
        const int rc = parse_named(ops, names, GRUNDY_NUMBER_MAX, v);
        if (rc != 0) {
            return rc;
        }
    }
    out->count = 4;
    out->grundy = 1;
    const grundy_status st =
        grundy_game_left_stack_create(v[0], v[1], v[2], v[3], ops->max_bytes / 5 + 1, &out->game);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "left-stack");
}

/* The order here is the order of every list of games the tool prints. */
const solve_game solve_games[] = {
    {"divisors", "divisors N", 1, 1, SOLVE_GAME_INPUT | SOLVE_GAME_TABLE, SOLVE_ANSWER_OUTCOME,
     create_divisors, json_divisors, solve_batch_divisors, "13"},
    {"pick", "pick V1 V2 ...", 1, -1, SOLVE_GAME_INPUT | SOLVE_GAME_TABLE, SOLVE_ANSWER_SCORE,
     create_pick, NULL, solve_batch_pick, "5 1 9 2 7 7 3 8 4 6 2"},
    {"mirror-board", "mirror-board < FILE", 0, 0, SOLVE_GAME_STDIN, SOLVE_ANSWER_BOARDS,
     create_mirror_board, NULL, NULL, "4 2\n1 1\n4 4\n"},
    {"misere-piles", "misere-piles A B", 2, 2, SOLVE_GAME_INPUT | SOLVE_GAME_TABLE,
     SOLVE_ANSWER_OUTCOME, create_misere_piles, json_piles, solve_batch_misere_piles, "40 57"},
    {"heaps", "heaps RULE H1 H2 ...", 2, -1, SOLVE_GAME_MISERE | SOLVE_GAME_TABLE,
     SOLVE_ANSWER_OUTCOME, create_heaps, json_heaps, NULL, "0.77 7 5 4"},
    {"left-stack", "left-stack M A B C", 4, 4, SOLVE_GAME_STDIN, SOLVE_ANSWER_LEFT_STACK,
     create_left_stack, NULL, NULL, "3 9 8 7"},
    {"cram", "cram ROWS COLS", 0, 2, SOLVE_GAME_STDIN, SOLVE_ANSWER_NIMBER, solve_create_cram,
     solve_json_board, NULL, "4 5"},
    {"chomp", "chomp ROWS COLS", 2, 2, 0, SOLVE_ANSWER_NIMBER, solve_create_chomp, solve_json_board,
     NULL, "3 4"},
    {"node-kayles", "node-kayles < FILE", 0, 0, SOLVE_GAME_STDIN, SOLVE_ANSWER_NIMBER,
     solve_create_node_kayles, solve_json_graph, NULL, "4 3\n0 1\n1 2\n2 3\n"},
};
const size_t solve_game_count = sizeof solve_games / sizeof solve_games[0];

const solve_game *solve_game_find(const char *name) {
    for (size_t i = 0; i < solve_game_count; i++) {
        if (strcmp(solve_games[i].name, name) == 0) {
            return &solve_games[i];
        }
    }
    return NULL;
}

const char *solve_game_word(size_t i) {
    return i < solve_game_count ? solve_games[i].name : NULL;
}

const char *solve_game_meant(const char *typed, char *buf, size_t cap) {
    const char *names[32];
    size_t n = 0;
    while (n < sizeof names / sizeof names[0] && (names[n] = solve_game_word(n)) != NULL) {
        n++;
    }
    return cli_suggest(typed, names, n, "", buf, cap);
}

char *solve_game_names(unsigned flags, int and, char *buf, size_t cap) {
    size_t matched = 0, total = 0, len = 0;
    for (size_t i = 0; i < solve_game_count; i++) {
        total += (solve_games[i].flags & flags) == flags;
    }
    buf[0] = '\0';
    for (size_t i = 0; i < solve_game_count && len < cap; i++) {
        if ((solve_games[i].flags & flags) != flags) {
            continue;
        }
        const char *const sep = matched == 0 ? "" : and&&matched + 1 == total ? " and " : ", ";
        const int n = snprintf(buf + len, cap - len, "%s%s", sep, solve_games[i].name);
        len += n > 0 ? (size_t)n : 0;
        matched++;
    }
    return buf;
}

int solve_game_check_operands(const cli_command *cmd, const solve_game *game, char *const *v,
                              int count) {
    if (count < game->min_operands) {
        return cli_usage_error(cmd, "missing operand: %s", game->usage);
    }
    if (game->max_operands >= 0 && count > game->max_operands) {
        return cli_usage_error(cmd, "unexpected operand '%s' (usage: %s)", v[game->max_operands],
                               game->usage);
    }
    return 0;
}

void solve_built_free(solve_built *b) {
    grundy_game_destroy(b->game); /* before the rule and board it borrows */
    grundy_nim_game_destroy(b->nim);
    grundy_rule_destroy(b->rule);
    grundy_board_free(&b->board);
    free(b->rule_text);
    free(b->heaps);
    memset(b, 0, sizeof *b);
}
