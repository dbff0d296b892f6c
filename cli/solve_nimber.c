/* SPDX-License-Identifier: MIT */
/* grundy solve cram | chomp | node-kayles: the nimber of the start by search, answered as a number
 * (Chomp adds its winning moves); --checkpoint resumes a stopped run, --progress draws a line. */
#include "solve_nimber.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DESCRIPTION_MAX 4096

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig) {
    stop_signal = sig;
}

static void catch_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = (int)SA_RESETHAND; /* a second signal kills at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* --method's names and the search's flags for each. */
static const struct {
    const char *name;
    unsigned flags;
} methods[] = {{"full", 0},
               {"reverse", GRUNDY_NIM_REVERSE},
               {"plain", GRUNDY_NIM_NO_SPLIT | GRUNDY_NIM_NO_SYMMETRY | GRUNDY_NIM_NO_THEORY}};

const char *cli_nimber_method_word(size_t i) {
    return i < sizeof methods / sizeof methods[0] ? methods[i].name : NULL;
}

int cli_nimber_method(const cli_command *cmd, const char *text, unsigned *flags) {
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        if (strcmp(text, methods[i].name) == 0) {
            *flags = methods[i].flags;
            return 0;
        }
    }
    return cli_fail(cmd, CLI_EXIT_VALUE, "--method: '%s' is not full, reverse or plain", text);
}

static void progress_line(void *arg, const grundy_nim_stats *s) {
    const char *const name = arg;
    fprintf(stderr,
            "%s: %llu positions searched, %llu from the table, table %.1f%% of %llu entries, "
            "depth %u (deepest %u), %.0f s\n",
            name, (unsigned long long)s->nodes, (unsigned long long)s->hits,
            s->capacity > 0 ? 100.0 * (double)s->entries / (double)s->capacity : 0.0,
            (unsigned long long)s->capacity, s->depth, s->max_depth, s->seconds);
}

/* What the checkpoint describes: the game and its operands, or the game and its input. */
static void describe(const cli_nimber_request *rq, const solve_operands *ops, char *buf) {
    int len = snprintf(buf, DESCRIPTION_MAX, "%s", rq->game->name);
    for (int i = 0; i < rq->count && len < DESCRIPTION_MAX; i++) {
        len += snprintf(buf + len, (size_t)(DESCRIPTION_MAX - len), " %s", rq->v[i]);
    }
    if (ops->input != NULL && len < DESCRIPTION_MAX) {
        snprintf(buf + len, (size_t)(DESCRIPTION_MAX - len), "\n%.*s", (int)ops->input_len,
                 ops->input);
    }
}

static int open_fail(const cli_command *cmd, const cli_nimber_request *rq, grundy_status st) {
    switch (st) {
    case GRUNDY_STATUS_LIMIT:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: --max-bytes %llu leaves no room for the table (1 MiB a thread of "
                        "scratch, then at least 100 KiB): raise --max-bytes",
                        rq->game->name, (unsigned long long)rq->max_bytes);
    case GRUNDY_STATUS_NOMEM:
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: cannot allocate the search's table of --max-bytes %llu: lower "
                        "--max-bytes (the table is the memory the search may use)",
                        rq->game->name, (unsigned long long)rq->max_bytes);
    case GRUNDY_STATUS_INVALID_ARG:
        return cli_fail(cmd, CLI_EXIT_VALUE, "--checkpoint: '%s' holds another game's table",
                        rq->checkpoint);
    case GRUNDY_STATUS_PARSE:
        return cli_fail(cmd, CLI_EXIT_VALUE,
                        "--checkpoint: '%s' is damaged (magic, size or "
                        "checksum)",
                        rq->checkpoint);
    case GRUNDY_STATUS_IO:
        return cli_fail(cmd, CLI_EXIT_IO, "--checkpoint: cannot read '%s'", rq->checkpoint);
    default:
        return solve_game_fail(cmd, st, rq->game->name);
    }
}

static int search_fail(const cli_command *cmd, const cli_nimber_request *rq, grundy_status st) {
    if (st == GRUNDY_STATUS_INTERRUPTED) {
        const int sig = stop_signal != 0 ? stop_signal : SIGINT;
        return cli_fail(cmd, 128 + sig, "interrupted by %s: %s%s%s",
                        sig == SIGTERM ? "SIGTERM" : "SIGINT",
                        rq->checkpoint != NULL ? "the table is saved in '" : "nothing saved (no ",
                        rq->checkpoint != NULL ? rq->checkpoint : "--checkpoint",
                        rq->checkpoint != NULL ? "'; the same command resumes" : ")");
    }
    if (st == GRUNDY_STATUS_IO) {
        return cli_fail(cmd, CLI_EXIT_IO,
                        "--checkpoint: cannot write '%s' (a previous file is "
                        "kept whole)",
                        rq->checkpoint);
    }
    return solve_game_fail(cmd, st, rq->game->name);
}

/* Chomp's winning moves: the squares whose taking leaves nimber 0, into moves[] as r, c. */
static grundy_status winning_moves(grundy_nim_searcher *s, const grundy_nim_pos *p, unsigned *moves,
                                   size_t *count) {
    *count = 0;
    for (unsigned r = 0; r < GRUNDY_CHOMP_MAX_SIDE; r++) {
        for (unsigned c = 0; c < GRUNDY_CHOMP_MAX_SIDE; c++) {
            grundy_nim_pos child;
            uint32_t v = 0;
            if (!grundy_nim_chomp_take(p, r, c, &child)) {
                continue;
            }
            const grundy_status st = grundy_nim_searcher_value(s, &child, &v);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
            if (v == 0) {
                moves[2 * *count] = r;
                moves[2 * *count + 1] = c;
                (*count)++;
            }
        }
    }
    return GRUNDY_STATUS_OK;
}

typedef struct answer {
    uint32_t nimber;
    grundy_nim_stats stats;
    int chomp;
    unsigned moves[2 * GRUNDY_CHOMP_MAX_SIDE * GRUNDY_CHOMP_MAX_SIDE];
    size_t move_count;
} answer;

static void print_text(const answer *a) {
    printf("%u\n", a->nimber);
    if (!a->chomp) {
        return;
    }
    fputs("winning moves:", stdout);
    for (size_t i = 0; i < a->move_count; i++) {
        printf(" %u,%u", a->moves[2 * i], a->moves[2 * i + 1]);
    }
    puts(a->move_count == 0 ? " none" : "");
}

static void print_json(const cli_nimber_request *rq, const solve_built *b, const answer *a) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", rq->game->name);
    rq->game->json(&w, b);
    json_kv_u64(&w, "positions", a->stats.nodes);
    json_kv_str(&w, "outcome", a->nimber != 0 ? "win" : "lose");
    json_kv_null(&w, "score");
    json_kv_null(&w, "remoteness");
    json_kv_null(&w, "win");
    json_kv_null(&w, "lose");
    json_kv_null(&w, "draw");
    json_kv_u64(&w, "value", a->nimber);
    if (a->chomp) {
        json_key(&w, "winning_moves");
        json_array_begin(&w);
        for (size_t i = 0; i < a->move_count; i++) {
            json_array_begin(&w);
            json_u64(&w, a->moves[2 * i]);
            json_u64(&w, a->moves[2 * i + 1]);
            json_array_end(&w);
        }
        json_array_end(&w);
    }
    json_kv_u64(&w, "table_hits", a->stats.hits);
    json_kv_u64(&w, "theory", a->stats.known);
    json_kv_u64(&w, "table_entries", a->stats.entries);
    json_kv_u64(&w, "table_capacity", a->stats.capacity);
    json_kv_u64(&w, "table_bytes", a->stats.table_bytes);
    json_kv_u64(&w, "resumed_entries", a->stats.loaded);
    json_kv_u64(&w, "max_depth", a->stats.max_depth);
    json_object_end(&w);
}

/* Search the built game's start (and Chomp's winning moves) into *a. */
static int search(const cli_command *cmd, const cli_nimber_request *rq, const solve_built *b,
                  const char *description, answer *a) {
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    grundy_nim_searcher *s = NULL;
    o.max_bytes = rq->max_bytes;
    o.threads = rq->threads;
    o.flags = rq->flags;
    o.checkpoint = rq->checkpoint;
    o.description = description;
    o.checkpoint_seconds = rq->checkpoint_every;
    o.stop = &stop_signal;
    o.progress = rq->progress ? progress_line : NULL;
    o.progress_arg = (void *)(uintptr_t)rq->game->name;
    grundy_status st = grundy_nim_searcher_create(b->nim, &o, &s);
    if (st != GRUNDY_STATUS_OK) {
        return open_fail(cmd, rq, st);
    }
    catch_signals();
    st = grundy_nim_searcher_value(s, &b->nim->initial, &a->nimber);
    a->chomp = strcmp(rq->game->name, "chomp") == 0;
    if (st == GRUNDY_STATUS_OK && a->chomp) {
        st = winning_moves(s, &b->nim->initial, a->moves, &a->move_count);
    }
    grundy_nim_searcher_stats(s, &a->stats);
    grundy_nim_searcher_destroy(s);
    return st == GRUNDY_STATUS_OK ? 0 : search_fail(cmd, rq, st);
}

int cli_solve_nimber(const cli_command *cmd, const cli_nimber_request *rq) {
    solve_operands ops = {
        .cmd = cmd, .v = rq->v, .count = rq->count, .json = rq->json, .max_bytes = rq->max_bytes};
    solve_built b;
    char *text = NULL, *description = malloc(DESCRIPTION_MAX + 1);
    answer *const a = calloc(1, sizeof *a);
    int rc = description == NULL || a == NULL ? cli_oom_fail(cmd, "solve", 0, NULL) : 0;
    memset(&b, 0, sizeof b);
    if (rc == 0 && rq->count == 0 && (rq->game->flags & SOLVE_GAME_STDIN)) {
        text = cli_read_stdin(cmd, rq->game->name, rq->max_bytes, &ops.input_len, &rc);
        ops.input = text;
    } else if (rc == 0) {
        rc = solve_game_check_operands(cmd, rq->game, rq->v, rq->count);
    }
    rc = rc != 0 ? rc : rq->game->create(&ops, &b);
    if (rc == 0) {
        describe(rq, &ops, description);
        rc = search(cmd, rq, &b, description, a);
    }
    if (rc == 0 && rq->json) {
        print_json(rq, &b, a);
    } else if (rc == 0) {
        print_text(a);
    }
    solve_built_free(&b);
    free(text);
    free(description);
    free(a);
    return rc;
}
