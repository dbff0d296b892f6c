/* SPDX-License-Identifier: MIT */
/* grundy play: who wins a sum of heaps, and the winning moves (normal or misere play). */
#include "cli.h"
#include "json.h"

#include <grundy/position.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy play RULE (HEAP... | --input FILE|-) [--misere] [--max-moves K] [--json]\n"
    "\n"
    "Decide a sum of heaps for the player to move and list the winning moves.\n"
    "Normal play (whoever cannot move loses) uses the nim-sum of the heaps' Grundy values;\n"
    "heaps up to 10^18 work where the period is proved or a closed form applies. Misere play\n"
    "(whoever cannot move wins) uses Bouton's rule for Nim and a game-tree search otherwise.\n"
    "\n"
    "Options:\n"
    "  --input FILE    one position per line (heaps separated by spaces; '-' is stdin; blank\n"
    "                  lines are skipped); one result per line (JSON Lines with --json)\n"
    "  --misere        misere play [default: normal play]\n"
    "  --max-moves K   list at most K winning moves, 0 to 1000000 [default: 20]; the count\n"
    "                  is always exact\n"
    "  --max-n N       the largest heap whose value may be computed [default: 33554432]\n"
    "  --json          one JSON object per position: rule, heaps, misere, outcome, values,\n"
    "                  nim_sum, move_count, moves ({heap, size, take, leaves})\n"
    "  -h, --help      show this help\n"
    "\n"
    "Text output: First (the player to move wins) or Second, then the winning moves; with\n"
    "--input, one word per line.\n"
    "\n"
    "Example:\n"
    "  grundy play 'S(1-2)' 3 5 6\n";

static const cli_option options[] = {{"input", 0, CLI_ARG_ONE},     {"misere", 0, CLI_ARG_NONE},
                                     {"max-moves", 0, CLI_ARG_ONE}, {"max-n", 0, CLI_ARG_ONE},
                                     {"json", 0, CLI_ARG_NONE},     {NULL, 0, 0}};
enum { OPT_INPUT, OPT_MISERE, OPT_MAX_MOVES, OPT_MAX_N, OPT_JSON };

#define MAX_MOVES_LIMIT 1000000u

typedef struct play_ctx {
    grundy_rule *rule;
    grundy_position *player;
    char *canonical; /* the whole canonical form, owned */
    int misere, json, batch;
    uint64_t max_n;
    size_t max_moves;
    grundy_move *moves;
} play_ctx;

static void text_move(const grundy_move *m) {
    printf("  heap %zu (%llu): take %llu", m->heap, (unsigned long long)m->size,
           (unsigned long long)m->take);
    if (m->leaves_count == 0) {
        printf(", leaving nothing\n");
        return;
    }
    printf(", leaving ");
    for (unsigned j = 0; j < m->leaves_count; j++) {
        printf("%s%llu", j ? " + " : "", (unsigned long long)m->leaves[j]);
    }
    printf("\n");
}

static void print_text(const play_ctx *c, const grundy_play_result *r) {
    printf("%s\n", r->win ? "First" : "Second");
    if (c->batch) {
        return;
    }
    if (!c->misere) {
        printf("nim-sum %llu: the player to move %s\n", (unsigned long long)r->nim_sum,
               r->win ? "wins" : "loses");
    } else {
        printf("misere play: the player to move %s\n", r->win ? "wins" : "loses");
    }
    if (r->move_count > 0 || r->move_count_high > 0) {
        char count[40];
        printf("%s winning move%s", cli_u128_text(r->move_count_high, r->move_count, count),
               r->move_count == 1 && r->move_count_high == 0 ? "" : "s");
        if (r->moves_listed == 0) {
            printf(" (none listed: --max-moves 0)\n");
            return;
        }
        const int all = r->move_count_high == 0 && r->moves_listed == r->move_count;
        printf(all ? ":\n" : " (the first %zu):\n", r->moves_listed);
        for (size_t i = 0; i < r->moves_listed; i++) {
            text_move(&c->moves[i]);
        }
    }
}

static void json_move(json_writer *w, const grundy_move *m) {
    json_object_begin(w);
    json_kv_u64(w, "heap", m->heap);
    json_kv_u64(w, "size", m->size);
    json_kv_u64(w, "take", m->take);
    json_key(w, "leaves");
    json_array_begin(w);
    for (unsigned j = 0; j < m->leaves_count; j++) {
        json_u64(w, m->leaves[j]);
    }
    json_array_end(w);
    json_object_end(w);
}

static void print_json(const play_ctx *c, const uint64_t *heaps, size_t count,
                       const uint64_t *values, const grundy_play_result *r) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", c->canonical);
    json_key(&w, "heaps");
    json_array_begin(&w);
    for (size_t i = 0; i < count; i++) {
        json_u64(&w, heaps[i]);
    }
    json_array_end(&w);
    json_kv_bool(&w, "misere", c->misere);
    json_kv_str(&w, "outcome", r->win ? "win" : "lose");
    json_key(&w, "values");
    if (values != NULL) {
        json_array_begin(&w);
        for (size_t i = 0; i < count; i++) {
            json_u64(&w, values[i]);
        }
        json_array_end(&w);
    } else {
        json_null(&w);
    }
    if (c->misere) {
        json_kv_null(&w, "nim_sum");
    } else {
        json_kv_u64(&w, "nim_sum", r->nim_sum);
    }
    char digits[40];
    json_key(&w, "move_count");
    json_number_text(&w, cli_u128_text(r->move_count_high, r->move_count, digits));
    json_key(&w, "moves");
    json_array_begin(&w);
    for (size_t i = 0; i < r->moves_listed; i++) {
        json_move(&w, &c->moves[i]);
    }
    json_array_end(&w);
    json_object_end(&w);
}

/* 1 when every heap's value is known (then a normal-play limit was the work bound, not the period).
 */
static int values_known(const play_ctx *c, const uint64_t *heaps, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint64_t v;
        if (grundy_query_value(grundy_position_query(c->player), heaps[i], &v) !=
            GRUNDY_STATUS_OK) {
            return 0;
        }
    }
    return 1;
}

/* The one-line explanation of a limit. */
static int limit_error(const play_ctx *c, const uint64_t *heaps, size_t count, const char *where) {
    if (c->misere) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                        "%smisere search of this position is beyond its limits (%llu positions,"
                        " %llu MiB, %llu moves tried, %d moves deep); misere play of %s has no "
                        "known shortcut",
                        where, (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_STATES,
                        (unsigned long long)(GRUNDY_POSITION_DEFAULT_MAX_BYTES >> 20),
                        (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_WORK, 2000, c->canonical);
    }
    if (values_known(c, heaps, count)) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                        "%scounting the winning moves took more than %llu steps (splits that the"
                        " period of %s does not cover); try smaller heaps",
                        where, (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_WORK, c->canonical);
    }
    return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                    "%sa heap is out of reach or has too many moves to count: no proved period"
                    " of %s within --max-n %llu (raise --max-n)",
                    where, c->canonical, (unsigned long long)c->max_n);
}

static int play_one(play_ctx *c, const uint64_t *heaps, size_t count, size_t line) {
    grundy_play_result r;
    char where[64] = "";
    uint64_t *values = NULL;
    if (line > 0) {
        snprintf(where, sizeof where, "line %zu: ", line);
    }
    grundy_status st =
        grundy_position_play(c->player, heaps, count, c->misere, c->moves, c->max_moves, &r);
    if (st == GRUNDY_STATUS_OK && c->json && !c->misere) {
        values = malloc((count + 1) * sizeof *values);
        st = values == NULL ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_OK;
        for (size_t i = 0; i < count && st == GRUNDY_STATUS_OK; i++) {
            st = grundy_query_value(grundy_position_query(c->player), heaps[i], &values[i]);
        }
    }
    if (st == GRUNDY_STATUS_OK) {
        c->json ? print_json(c, heaps, count, values, &r) : print_text(c, &r);
    }
    free(values);
    if (st == GRUNDY_STATUS_LIMIT) {
        return limit_error(c, heaps, count, where);
    }
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_play, cli_exit_code(st), "%s%s", where, grundy_status_str(st));
    }
    return CLI_EXIT_OK;
}

/* Split a line into heaps (in place); returns 0 or the exit code after printing the problem. */
static int parse_line(char *line, size_t lineno, uint64_t **heaps, size_t *count, size_t *cap) {
    char what[64];
    *count = 0;
    snprintf(what, sizeof what, "line %zu, heap", lineno);
    for (char *tok = line;;) {
        while (*tok == ' ' || *tok == '\t' || *tok == '\r' || *tok == '\n') {
            tok++;
        }
        if (*tok == '\0') {
            return 0;
        }
        char *end = tok;
        while (*end != '\0' && *end != ' ' && *end != '\t' && *end != '\r' && *end != '\n') {
            end++;
        }
        const int last = *end == '\0';
        *end = '\0';
        if (*count == *cap) {
            const size_t grown = *cap == 0 ? 16 : 2 * *cap;
            uint64_t *bigger = realloc(*heaps, grown * sizeof *bigger);
            if (bigger == NULL) {
                return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT, "out of memory");
            }
            *heaps = bigger;
            *cap = grown;
        }
        const int rc =
            cli_parse_number(&cli_cmd_play, what, tok, GRUNDY_NUMBER_MAX, &(*heaps)[(*count)++]);
        if (rc != 0) {
            return rc;
        }
        if (last) {
            return 0;
        }
        tok = end + 1;
    }
}

static int play_file(play_ctx *c, const char *path) {
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    char *line = NULL;
    size_t line_cap = 0, heap_cap = 0, count = 0, lineno = 0, positions = 0;
    uint64_t *heaps = NULL;
    int rc = CLI_EXIT_OK;
    if (in == NULL) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    ssize_t got;
    while (rc == CLI_EXIT_OK && (got = getline(&line, &line_cap, in)) >= 0) {
        lineno++;
        /* A NUL byte would end the line early and drop the heaps after it without a word. */
        rc = strlen(line) != (size_t)got
                 ? cli_fail(&cli_cmd_play, CLI_EXIT_VALUE, "line %zu: a NUL byte", lineno)
                 : parse_line(line, lineno, &heaps, &count, &heap_cap);
        if (rc == CLI_EXIT_OK && count > 0) {
            rc = play_one(c, heaps, count, lineno);
            positions++;
        }
        if (ferror(stdout)) {
            rc = CLI_EXIT_IO; /* stop at once: main says what went wrong */
        }
    }
    if (rc == CLI_EXIT_OK && !ferror(in) && positions == 0) {
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_VALUE, "no position in the input ('%s')", path);
    }
    if (rc == CLI_EXIT_OK && ferror(in)) {
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_IO, "error reading '%s'", path);
    }
    free(line);
    free(heaps);
    if (in != stdin) {
        fclose(in);
    }
    return rc;
}

static int play_operands(play_ctx *c, const cli_args *args) {
    const size_t count = (size_t)args->operand_count - 1;
    uint64_t *heaps = malloc(count * sizeof *heaps);
    int rc = heaps == NULL ? cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT, "out of memory") : 0;
    for (size_t i = 0; i < count && rc == 0; i++) {
        rc = cli_parse_number(&cli_cmd_play, "heap", args->operands[i + 1], GRUNDY_NUMBER_MAX,
                              &heaps[i]);
    }
    if (rc == 0) {
        rc = play_one(c, heaps, count, 0);
    }
    free(heaps);
    return rc;
}

static int parse_options(play_ctx *c, const cli_args *args) {
    uint64_t v = 20;
    int rc = 0;
    if (args->operand_count == 0) {
        return cli_usage_error(&cli_cmd_play, "missing RULE");
    }
    if (args->present[OPT_INPUT] && args->operand_count > 1) {
        return cli_usage_error(&cli_cmd_play, "give heaps or --input, not both");
    }
    if (!args->present[OPT_INPUT] && args->operand_count == 1) {
        return cli_usage_error(&cli_cmd_play, "missing HEAP (or --input FILE)");
    }
    if (args->present[OPT_MAX_MOVES]) {
        rc = cli_parse_number(&cli_cmd_play, "--max-moves", args->value[OPT_MAX_MOVES],
                              MAX_MOVES_LIMIT, &v);
    }
    c->max_moves = (size_t)v;
    c->max_n = GRUNDY_PERIOD_DEFAULT_MAX_N;
    if (rc == 0 && args->present[OPT_MAX_N]) {
        rc = cli_parse_number(&cli_cmd_play, "--max-n", args->value[OPT_MAX_N], GRUNDY_NUMBER_MAX,
                              &c->max_n);
    }
    c->misere = args->present[OPT_MISERE] > 0;
    c->json = args->present[OPT_JSON] > 0;
    c->batch = args->present[OPT_INPUT] > 0;
    return rc;
}

static int run(int argc, char **argv) {
    cli_args args;
    play_ctx c;
    memset(&c, 0, sizeof c);
    int rc = cli_parse_args(&cli_cmd_play, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    rc = parse_options(&c, &args);
    if (rc == 0) {
        rc = cli_parse_rule(&cli_cmd_play, args.operands[0], &c.rule);
    }
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(c.rule, NULL, 0);
    c.canonical = malloc(len + 1);
    if (c.canonical != NULL) {
        grundy_rule_format(c.rule, c.canonical, len + 1);
    }
    grundy_position_opts opts = GRUNDY_POSITION_OPTS_INIT;
    opts.period.max_n = c.max_n;
    c.moves = malloc((c.max_moves + 1) * sizeof *c.moves);
    if (c.canonical == NULL || c.moves == NULL ||
        grundy_position_create(c.rule, &opts, &c.player) != GRUNDY_STATUS_OK) {
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT, "out of memory");
    } else if (c.batch) {
        rc = play_file(&c, args.value[OPT_INPUT]);
    } else {
        rc = play_operands(&c, &args);
    }
    grundy_position_destroy(c.player);
    free(c.moves);
    free(c.canonical);
    grundy_rule_destroy(c.rule);
    return rc;
}

const cli_command cli_cmd_play = {"play", run, "Who wins a sum of heaps, and the winning moves",
                                  help};
