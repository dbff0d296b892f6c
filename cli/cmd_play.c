/* SPDX-License-Identifier: MIT */
/* grundy play: who wins a sum of heaps, and the winning moves (normal or misere play). */
#include "batch.h"
#include "cli.h"
#include "json.h"
#include "misere_file.h"
#include "misere_progress.h"
#include "seq_common.h"

#include <grundy/position.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy play RULE (HEAP... | --input FILE|-) [--misere] [--max-moves K] [--json]\n"
    "\n"
    "Decide a sum of heaps for the player to move and list the winning moves.\n"
    "Normal play (whoever cannot move loses) uses the nim-sum of the heaps' Grundy values;\n"
    "heaps up to 2^63 - 1 work where the period is proved or a closed form applies. Misere play\n"
    "(whoever cannot move wins) uses Bouton's rule for Nim and a game-tree search otherwise.\n"
    "\n"
    "Options:\n"
    "  --input FILE    one position per line (heaps separated by spaces; '-' is stdin; blank\n"
    "                  lines are skipped); one result per line (JSON Lines with --json)\n"
    "  --format F      lines (as above) or seed: each position is its number of heaps n,\n"
    "                  then the n heaps, as the seed problems write it (`2` then `1 1`)\n"
    "                  [default: lines]\n"
    "  --misere        misere play [default: normal play]\n"
    "  --quotient FILE misere play through the quotient saved by 'grundy misere RULE --save\n"
    "                  FILE' instead of computing one\n"
    "  --max-moves K   list at most K winning moves, 0 to 1000000 [default: 20]; the count\n"
    "                  is always exact\n"
    "  --max-n N       the largest heap whose value may be computed [default: 33554432];\n"
    "                  given, it also lifts the work bound (as for grundy value)\n"
    "  --threads T     threads that compute values; the values never depend on it [default: the\n"
    "                  cores online]\n"
    "  --max-bytes B   memory for the misere quotient and search, and for one --input line\n"
    "                  (5 bytes a character: the line and its heaps) [default: 1073741824]\n"
    "  --max-work W    misere play: the moves the search may try, and 8 W check steps for\n"
    "                  the misere quotient (see grundy misere; past them the search answers),\n"
    "                  about the same time [default: 8388608]\n"
    "  --progress      a progress line on stderr (the default when it is a terminal)\n"
    "  -q              no progress line\n"
    "  --json          one JSON object per position: rule, heaps, misere, outcome, values,\n"
    "                  nim_sum, move_count, moves ({heap, size, take, leaves})\n"
    "  -h, --help      show this help\n"
    "\n"
    "Text output: First (the player to move wins) or Second, then the winning moves; with\n"
    "--input, one word per line. A move names its heap by its place in the position, counted\n"
    "from 0 (the first heap given), in the text ('heap 0 (3): take 1, leaving 2') and in JSON\n"
    "(\"heap\": 0) alike.\n"
    "\n"
    "At most 4096 heaps as operands; more through --input.\n"
    "\n"
    "Examples:\n"
    "  grundy play 'S(1-2)' 3 5 6\n"
    "  grundy play nim 1 1 --misere\n"
    "  grundy play kayles 1000000000000 7 --json\n";

static const cli_option options[] = {{"input", 0, CLI_ARG_ONE},
                                     {"misere", 0, CLI_ARG_NONE},
                                     {"max-moves", 0, CLI_ARG_ONE},
                                     {"max-n", 0, CLI_ARG_ONE},
                                     {"json", 0, CLI_ARG_NONE},
                                     {"format", 0, CLI_ARG_ONE},
                                     {"max-bytes", 0, CLI_ARG_ONE},
                                     {"max-work", 0, CLI_ARG_ONE},
                                     {"progress", 0, CLI_ARG_NONE},
                                     {"quiet", 'q', CLI_ARG_NONE},
                                     {"quotient", 0, CLI_ARG_ONE},
                                     {"threads", 0, CLI_ARG_ONE},
                                     {NULL, 0, 0}};
enum {
    OPT_INPUT,
    OPT_MISERE,
    OPT_MAX_MOVES,
    OPT_MAX_N,
    OPT_JSON,
    OPT_FORMAT,
    OPT_MAX_BYTES,
    OPT_MAX_WORK,
    OPT_PROGRESS,
    OPT_QUIET,
    OPT_QUOTIENT,
    OPT_THREADS
};

/* Misere play's default work bound: the search's moves tried (about 7 s of CPU on the
 * loaded development machine, 0.9 us a move; it was 2^27 and 30 s), and for the quotient 8 times
 * as many check steps (about 0.14 us each: 0.07 to heap 30 takes 2 * 10^7). */
#define PLAY_MISERE_MAX_WORK   ((uint64_t)1 << 23)
#define PLAY_QUOTIENT_PER_MOVE 8u

/* An --input line of L bytes holds at most L / 2 + 1 heaps of 8 bytes: 5 bytes a character. */
#define LINE_BYTES_PER_CHAR 5u

#define MAX_MOVES_LIMIT 1000000u

typedef struct play_ctx {
    grundy_rule *rule;
    grundy_position *player;
    char *canonical; /* the whole canonical form, owned */
    int misere, json, batch, seed_format;
    uint64_t max_n;
    uint64_t max_bytes; /* --max-bytes */
    uint64_t max_work;  /* --max-work: the misere quotient's */
    unsigned threads;   /* --threads: the sequence's */
    misere_progress quotient_progress;
    misere_progress search_progress; /* the misere search's (fifth session) */
    size_t max_moves;
    grundy_move *moves;
    seq_run run; /* the progress line */
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

/* The one-line explanation of a limit. */
static int limit_error(const play_ctx *c, const char *where, const uint64_t *heaps, size_t count) {
    const grundy_misere *q = c->misere ? grundy_position_quotient(c->player) : NULL;
    uint64_t need = 0;
    const grundy_misere_limit_reason why = q != NULL ? grundy_misere_limit(q, &need) : 0;
    if (why == GRUNDY_MISERE_LIMIT_WORK || why == GRUNDY_MISERE_LIMIT_BYTES) {
        /* what stopped the quotient is what to raise: the search had no shortcut either */
        char bound[160];
        if (why == GRUNDY_MISERE_LIMIT_WORK) {
            snprintf(bound, sizeof bound,
                     "its work bound (8 times --max-work %llu check steps): raise --max-work "
                     "above %llu",
                     (unsigned long long)c->max_work, (unsigned long long)c->max_work);
        } else {
            snprintf(bound, sizeof bound, "--max-bytes %llu: raise --max-bytes to at least %llu",
                     (unsigned long long)c->max_bytes, (unsigned long long)need);
        }
        return cli_fail(
            &cli_cmd_play, CLI_EXIT_LIMIT,
            "%smisere play of %s: the misere quotient stopped at heap %llu (computed to "
            "heap %llu) at %s; the search of this position stopped at its limits too "
            "(%llu positions, --max-work %llu moves tried)",
            where, c->canonical, (unsigned long long)grundy_misere_max_heap(q) + 1,
            (unsigned long long)grundy_misere_max_heap(q), bound,
            (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_STATES,
            (unsigned long long)c->max_work);
    }
    if (c->misere) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                        "%smisere search of this position stopped at its limits (%llu "
                        "positions, %d moves deep, --max-bytes %llu, --max-work %llu moves "
                        "tried): misere play of %s has no known shortcut here; raise --max-work "
                        "above %llu or --max-bytes above %llu, or for heaps totalling at most 400 "
                        "tokens use 'grundy solve heaps RULE HEAP... --misere'",
                        where, (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_STATES, 2000,
                        (unsigned long long)c->max_bytes, (unsigned long long)c->max_work,
                        c->canonical, (unsigned long long)c->max_work,
                        (unsigned long long)c->max_bytes);
    }
    uint64_t top = 0;
    for (size_t i = 0; i < count; i++) {
        top = heaps[i] > top ? heaps[i] : top;
    }
    const int work_rc = cli_work_refusal(&cli_cmd_play, where, c->canonical,
                                         grundy_position_query(c->player), c->rule, c->max_n);
    if (work_rc >= 0) {
        return work_rc;
    }
    if (top > c->max_n) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                        "%sheap %llu is out of reach: no proved period of %s within --max-n "
                        "%llu; raise --max-n to %llu to compute it directly (memory allowing)",
                        where, (unsigned long long)top, c->canonical, (unsigned long long)c->max_n,
                        (unsigned long long)top);
    }
    return cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                    "%sa heap has too many moves to count within play's fixed work limit (%llu "
                    "steps), or memory ran out computing g(0..%llu) of %s; no option raises it",
                    where, (unsigned long long)GRUNDY_POSITION_DEFAULT_MAX_WORK,
                    (unsigned long long)top, c->canonical);
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
    seq_run_clear(&c->run);
    misere_progress_clear(&c->quotient_progress);
    misere_progress_clear(&c->search_progress);
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
        return limit_error(c, where, heaps, count);
    }
    if (st == GRUNDY_STATUS_NOMEM && !c->misere && line == 0) {
        return cli_memory_fail(
            &cli_cmd_play, st, c->canonical,
            grundy_seq_length(grundy_query_seq(grundy_position_query(c->player))), "the heaps");
    }
    if (st == GRUNDY_STATUS_NOMEM && c->misere) {
        char what[96];
        snprintf(what, sizeof what, "%smisere play of %s", where, c->canonical);
        return cli_oom_fail(&cli_cmd_play, what, 0, "--max-bytes");
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
                return cli_oom_fail(&cli_cmd_play, "the heaps", 0, NULL);
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

/* --format seed: a count n, then n heaps, line breaks anywhere; fed one line's numbers at a time.
 */
typedef struct seed_reader {
    uint64_t want;  /* heaps still to come for the current position (0: a count comes next) */
    uint64_t total; /* the number of heaps of the current position */
    uint64_t *heaps;
    size_t count, cap, line;
} seed_reader;

static int seed_feed(play_ctx *c, seed_reader *r, const uint64_t *v, size_t n, size_t lineno) {
    for (size_t i = 0; i < n; i++) {
        if (r->want == 0 && r->count == 0) {
            if (v[i] == 0) {
                return cli_fail(&cli_cmd_play, CLI_EXIT_VALUE, "line %zu: a position of 0 heaps",
                                lineno);
            }
            r->want = r->total = v[i];
            r->line = lineno;
            continue;
        }
        if (r->count == r->cap) {
            const size_t grown = r->cap == 0 ? 16 : 2 * r->cap;
            uint64_t *const bigger = realloc(r->heaps, grown * sizeof *bigger);
            if (bigger == NULL) {
                return cli_oom_fail(&cli_cmd_play, "the heaps", 0, NULL);
            }
            r->heaps = bigger;
            r->cap = grown;
        }
        r->heaps[r->count++] = v[i];
        if (--r->want == 0) {
            const int rc = play_one(c, r->heaps, r->count, r->line);
            r->count = 0;
            if (rc != CLI_EXIT_OK) {
                return rc;
            }
        }
    }
    return CLI_EXIT_OK;
}

/* Lines format: a first position of one heap t followed by a position of t heaps is likely the
 * seed's count line; say so on stderr (both were answered). */
static void note_count_line(size_t position, size_t count, const uint64_t *heaps,
                            uint64_t *first_single) {
    if (position == 1) {
        *first_single = count == 1 ? heaps[0] : 0;
    } else if (position == 2 && *first_single > 0 && *first_single == count) {
        fprintf(stderr,
                "grundy play: note: the first line (%llu) was answered as a position; if it is "
                "the count line of the seed's format, use --format seed\n",
                (unsigned long long)*first_single);
    }
}

static int play_file(play_ctx *c, const char *path) {
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    char *line = NULL;
    size_t line_cap = 0, heap_cap = 0, count = 0, lineno = 0;
    uint64_t *heaps = NULL;
    int rc = CLI_EXIT_OK;
    if (in == NULL) {
        return cli_fail(&cli_cmd_play, CLI_EXIT_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    ssize_t got;
    seed_reader seed = {0};
    uint64_t first_single = 0; /* lines format: a first line of one heap t, maybe a count line */
    size_t positions = 0;
    errno = 0;
    while (rc == CLI_EXIT_OK && (got = getline(&line, &line_cap, in)) >= 0) {
        lineno++;
        if ((uint64_t)got > c->max_bytes / LINE_BYTES_PER_CHAR) {
            rc = cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                          "line %zu: %zd bytes, over --max-bytes %llu at %u bytes a character "
                          "(the line and its heaps): raise --max-bytes to %llu",
                          lineno, got, (unsigned long long)c->max_bytes, LINE_BYTES_PER_CHAR,
                          (unsigned long long)got * LINE_BYTES_PER_CHAR);
            break;
        }
        /* A NUL byte would end the line early and drop the heaps after it without a word. */
        rc = strlen(line) != (size_t)got
                 ? cli_fail(&cli_cmd_play, CLI_EXIT_VALUE, "line %zu: a NUL byte", lineno)
                 : parse_line(line, lineno, &heaps, &count, &heap_cap);
        if (rc == CLI_EXIT_OK && c->seed_format) {
            rc = seed_feed(c, &seed, heaps, count, lineno);
        } else if (rc == CLI_EXIT_OK && count > 0) {
            note_count_line(++positions, count, heaps, &first_single);
            rc = play_one(c, heaps, count, lineno);
        }
        if (ferror(stdout)) {
            rc = CLI_EXIT_IO; /* stop at once: main says what went wrong */
        }
        errno = 0;
    }
    if (rc == CLI_EXIT_OK && errno == ENOMEM) { /* getline could not hold the line: not the end */
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_LIMIT,
                      "line %zu: out of memory reading the line (lower --max-bytes, now %llu, "
                      "to refuse such lines at once, or raise the memory limit)",
                      lineno + 1, (unsigned long long)c->max_bytes);
    }
    if (rc == CLI_EXIT_OK && !ferror(in) && !c->seed_format && positions == 0) {
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_VALUE, "no position in the input ('%s')", path);
    }
    if (rc == CLI_EXIT_OK && c->seed_format && seed.want > 0) {
        rc = cli_fail(&cli_cmd_play, CLI_EXIT_VALUE,
                      "line %zu: the input ends inside a position (%zu of its %llu heaps given)",
                      seed.line, seed.count, (unsigned long long)seed.total);
    }
    free(seed.heaps);
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
    int rc = heaps == NULL ? cli_oom_fail(&cli_cmd_play, "the heaps", 0, NULL) : 0;
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
    c->max_bytes = GRUNDY_POSITION_DEFAULT_MAX_BYTES;
    if (rc == 0 && args->present[OPT_MAX_BYTES]) {
        rc = cli_parse_bytes(&cli_cmd_play, "--max-bytes", args->value[OPT_MAX_BYTES],
                             GRUNDY_NUMBER_MAX, &c->max_bytes);
    }
    c->max_work = PLAY_MISERE_MAX_WORK;
    if (rc == 0 && args->present[OPT_MAX_WORK]) {
        rc = cli_parse_number(&cli_cmd_play, "--max-work", args->value[OPT_MAX_WORK],
                              GRUNDY_NUMBER_MAX, &c->max_work);
    }
    if (rc == 0 && args->present[OPT_PROGRESS] && args->present[OPT_QUIET]) {
        rc = cli_usage_error(&cli_cmd_play, "--progress and -q exclude each other");
    }
    if (rc == 0) {
        rc = cli_parse_threads(&cli_cmd_play, args->present[OPT_THREADS], args->value[OPT_THREADS],
                               &c->threads);
    }
    c->misere = args->present[OPT_MISERE] > 0;
    if (rc == 0 && args->present[OPT_QUOTIENT] && !c->misere) {
        rc = cli_usage_error(&cli_cmd_play, "--quotient applies to --misere");
    }
    c->json = args->present[OPT_JSON] > 0;
    c->batch = args->present[OPT_INPUT] > 0;
    if (rc == 0 && args->present[OPT_FORMAT]) {
        enum batch_format format = BATCH_LINES;
        rc = batch_parse_format(&cli_cmd_play, args->value[OPT_FORMAT], &format);
        c->seed_format = format == BATCH_SEED;
        if (rc == 0 && !c->batch) {
            rc = cli_usage_error(&cli_cmd_play, "--format applies to --input");
        }
    }
    return rc;
}

static const char *words(const char *option, size_t i) {
    return option == NULL                  ? grundy_rule_known_name(i)
           : strcmp(option, "format") == 0 ? batch_format_word(i)
                                           : NULL;
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
    opts.period.seq.threads = c.threads; /* a long sequence on every core, as values computes it */
    opts.max_bytes = c.max_bytes;
    opts.quotient_max_work = c.max_work > UINT64_MAX / PLAY_QUOTIENT_PER_MOVE
                                 ? UINT64_MAX
                                 : c.max_work * PLAY_QUOTIENT_PER_MOVE;
    if (c.misere) {
        opts.max_work = c.max_work; /* the search's moves tried */
    }
    opts.quotient_progress = misere_progress_draw;
    opts.quotient_progress_ctx = &c.quotient_progress;
    opts.search_progress = misere_progress_draw_search;
    opts.search_progress_ctx = &c.search_progress;
    seq_run_watch(&c.run, &cli_cmd_play, &opts.period.seq);
    c.run.progress = !args.present[OPT_QUIET] && (args.present[OPT_PROGRESS] || c.run.progress);
    if (args.present[OPT_MAX_N]) {
        opts.period.max_work = UINT64_MAX; /* asked for: compute that far, past the work bound */
    }
    c.moves = malloc((c.max_moves + 1) * sizeof *c.moves);
    if (c.canonical == NULL || c.moves == NULL ||
        grundy_position_create(c.rule, &opts, &c.player) != GRUNDY_STATUS_OK) {
        rc = cli_oom_fail(&cli_cmd_play, "the heaps", 0, NULL);
    } else {
        seq_run_watch_start(&c.run, grundy_query_seq(grundy_position_query(c.player)), c.canonical);
        grundy_misere *q = NULL;
        rc = args.present[OPT_QUOTIENT]
                 ? misere_file_load(&cli_cmd_play, "--quotient", c.rule, args.value[OPT_QUOTIENT],
                                    c.max_bytes, &q)
                 : 0;
        grundy_position_use_quotient(c.player, q);
        misere_progress_init(&c.quotient_progress, &cli_cmd_play, c.canonical, 0,
                             opts.quotient_max_work, args.present[OPT_PROGRESS] > 0,
                             args.present[OPT_QUIET] > 0);
        misere_progress_init(&c.search_progress, &cli_cmd_play, c.canonical, 0, opts.max_work,
                             args.present[OPT_PROGRESS] > 0, args.present[OPT_QUIET] > 0);
        if (rc == 0) {
            rc = c.batch ? play_file(&c, args.value[OPT_INPUT]) : play_operands(&c, &args);
        }
    }
    grundy_position_destroy(c.player);
    free(c.moves);
    free(c.canonical);
    grundy_rule_destroy(c.rule);
    return rc;
}

const cli_command cli_cmd_play = {"play", run,     "Who wins a sum of heaps, and the winning moves",
                                  help,   options, words};
