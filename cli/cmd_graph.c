/* SPDX-License-Identifier: MIT */
/* grundy graph: win/lose/draw, remoteness and generalized Sprague-Grundy values of a token on a
 * directed graph with cycles, and the outcome of a sum of tokens. */
#include "cli.h"
#include "json.h"
#include "plot.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy graph [FILE|-] [--format seed|edges] [--remoteness] [--sg] [--tokens V...]\n"
    "                    [--max-bytes B] [--plot FILE.svg|FILE.png] [--threads N] [--json]\n"
    "\n"
    "A token sits on a vertex of a directed graph (cycles, multi-edges and self-loops allowed);\n"
    "a move slides it along an edge; the player who cannot move loses; a game that never ends is\n"
    "a draw. Prints, for the player to move at each vertex, W (win), L (lose) or D (draw).\n"
    "\n"
    "Input (FILE, or standard input when FILE is '-' or absent; '#' starts a comment, blank\n"
    "lines are skipped):\n"
    "  seed    'n m', then m lines 'u v' (an edge u -> v, vertices 0..n-1)\n"
    "  edges   lines 'u v'; n = 1 + the largest vertex number\n"
    "\n"
    "Text output, one line each, in this order:\n"
    "  the outcomes: n characters W/L/D (always)\n"
    "  --remoteness: n numbers, '-' for a draw (moves to the end with the winner hurrying\n"
    "                and the loser delaying)\n"
    "  --sg:         n generalized Sprague-Grundy values: a number, or inf{K} (infinity with the\n"
    "                finite values K of the followers, e.g. inf{0,2} or inf{})\n"
    "  --tokens:     'outcome: win', 'outcome: lose' or 'outcome: draw' for one token on each\n"
    "                listed vertex (a move moves one token)\n"
    "\n"
    "Options:\n"
    "  --format F     seed or edges [default: seed]\n"
    "  --remoteness   also print each vertex's remoteness\n"
    "  --sg           also print each vertex's generalized Sprague-Grundy value\n"
    "  --tokens V...  the outcome of the sum of tokens on vertices V... (give FILE first)\n"
    "  --max-bytes B  refuse graphs needing more than B bytes, counted as 16 per edge + 16 per\n"
    "                 vertex (exit 4) [default: 25769803776, i.e. 24 GiB]\n"
    "  --threads N    worker threads of the win/lose/draw labelling; the answer never depends\n"
    "                 on it [default: all cores]\n"
    "  --json         one JSON object: vertices, edges, win, lose, draw, outcomes, and\n"
    "                 remoteness (null for a draw), sg (n or {\"inf\": [K...]}), tokens, outcome\n"
    "                 when asked\n"
    "  --plot FILE    also draw the graph (at most 500 vertices) to FILE.svg (or .png): vertices\n"
    "                 coloured by outcome in columns by remoteness, perfect play's moves dark\n"
    "  -h, --help     show this help\n"
    "\n"
    "Examples:\n"
    "  printf '5 5\\n0 1\\n1 2\\n2 1\\n2 3\\n3 4\\n' | grundy graph    # prints DDDWL\n"
    "  printf '3 2\\n0 1\\n1 2\\n' | grundy graph --remoteness --sg --tokens 0 1\n";

/* --format's names: the seed problems' layout, or edge lines. */
static const char *const formats[] = {"seed", "edges", NULL};

static const char *words(const char *option, size_t i) {
    return option != NULL && strcmp(option, "format") == 0 ? cli_word_of(formats, i) : NULL;
}

static const cli_option options[] = {
    {"format", 0, CLI_ARG_ONE},  {"remoteness", 0, CLI_ARG_NONE}, {"sg", 0, CLI_ARG_NONE},
    {"tokens", 0, CLI_ARG_LIST}, {"max-bytes", 0, CLI_ARG_ONE},   {"json", 0, CLI_ARG_NONE},
    {"plot", 0, CLI_ARG_ONE},    {"threads", 0, CLI_ARG_ONE},     {NULL, 0, 0}};
enum {
    OPT_FORMAT,
    OPT_REMOTENESS,
    OPT_SG,
    OPT_TOKENS,
    OPT_MAX_BYTES,
    OPT_JSON,
    OPT_PLOT,
    OPT_THREADS
};

static const char outcome_char[] = "DLW";
static const char *const outcome_word[] = {"draw", "lose", "win"};

/* Everything one run needs, freed by done(). */
typedef struct graph_run {
    cli_args args;
    grundy_graph_read_opts read;
    grundy_graph *g;
    grundy_graph_labels labels;
    grundy_graph_sg *sg;
    uint32_t *tokens;
    size_t token_count;
    grundy_outcome sum;
    unsigned threads;
} graph_run;

static int done(graph_run *r, int rc) {
    grundy_graph_labels_free(&r->labels);
    grundy_graph_sg_destroy(r->sg);
    grundy_graph_destroy(r->g);
    free(r->tokens);
    return rc;
}

/* Parse the options that don't need the graph; returns -1 to go on, else an exit code. */
static int parse_options(graph_run *r) {
    const cli_args *a = &r->args;
    if (a->operand_count > 1) {
        return cli_usage_error(&cli_cmd_graph, "unexpected operand '%s'", a->operands[1]);
    }
    if (a->present[OPT_TOKENS] > 1) {
        /* The parser keeps only the last list: a second --tokens would drop the first silently. */
        return cli_usage_error(&cli_cmd_graph, "--tokens given twice: list every vertex after one");
    }
    if (a->present[OPT_FORMAT]) {
        const char *f = a->value[OPT_FORMAT];
        if (cli_word_index(formats, f) < 0) {
            return cli_fail(&cli_cmd_graph, CLI_EXIT_VALUE,
                            "--format: '%s' is not a format (seed or edges)", f);
        }
        r->read.format = f[0] == 's' ? GRUNDY_GRAPH_FORMAT_SEED : GRUNDY_GRAPH_FORMAT_EDGES;
    }
    if (a->present[OPT_MAX_BYTES] &&
        cli_parse_bytes(&cli_cmd_graph, "--max-bytes", a->value[OPT_MAX_BYTES], GRUNDY_NUMBER_MAX,
                        &r->read.max_bytes) != 0) {
        return CLI_EXIT_VALUE;
    }
    if (cli_parse_threads(&cli_cmd_graph, a->present[OPT_THREADS], a->value[OPT_THREADS],
                          &r->threads) != 0) {
        return CLI_EXIT_VALUE;
    }
    r->token_count = a->present[OPT_TOKENS] ? (size_t)a->list_len[OPT_TOKENS] : 0;
    r->tokens = malloc((r->token_count + 1) * sizeof *r->tokens);
    if (r->tokens == NULL) {
        return cli_oom_fail(&cli_cmd_graph, "graph", 0, NULL);
    }
    for (size_t i = 0; i < r->token_count; i++) {
        uint64_t v;
        if (cli_parse_number(&cli_cmd_graph, "--tokens", a->list[OPT_TOKENS][i],
                             GRUNDY_GRAPH_MAX_VERTICES - 1, &v) != 0) {
            return CLI_EXIT_VALUE;
        }
        r->tokens[i] = (uint32_t)v;
    }
    return -1;
}

static int load(graph_run *r) {
    const char *path = r->args.operand_count == 1 ? r->args.operands[0] : "-";
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rb");
    if (in == NULL) {
        return cli_fail(&cli_cmd_graph, CLI_EXIT_IO, "cannot open '%s': %s", path, strerror(errno));
    }
    grundy_diag diag = {0, 0, ""};
    errno = 0;
    const grundy_status st = grundy_graph_read(in, &r->read, &r->g, &diag);
    const int read_errno = errno;
    if (!is_stdin) {
        fclose(in);
    }
    if (st == GRUNDY_STATUS_OK) {
        return -1;
    }
    if (st == GRUNDY_STATUS_NOMEM) { /* the reader names no line for it */
        char what[256];
        snprintf(what, sizeof what, "%.200s: reading the graph",
                 is_stdin ? "standard input" : path);
        return cli_oom_fail(&cli_cmd_graph, what, 0, "--max-bytes to refuse it at once");
    }
    if (st == GRUNDY_STATUS_IO) { /* no line to blame: say why the system refused (EISDIR...) */
        return cli_fail(&cli_cmd_graph, CLI_EXIT_IO, "cannot read '%s': %s",
                        is_stdin ? "standard input" : path,
                        read_errno != 0 ? strerror(read_errno) : diag.message);
    }
    /* the reader's memory refusal says "need N bytes" (so far, for the edges format) */
    const char *const need = strstr(diag.message, " need ");
    unsigned long long bytes = 0;
    char raise[64] = "";
    if (strstr(diag.message, "memory limit") != NULL && need != NULL &&
        sscanf(need, " need %llu", &bytes) == 1) {
        snprintf(raise, sizeof raise, "; raise --max-bytes to at least %llu", bytes);
    }
    return cli_fail(&cli_cmd_graph, cli_exit_code(st), "%s%sline %zu: %s%s", is_stdin ? "" : path,
                    is_stdin ? "" : ", ", diag.line, diag.message, raise);
}

static int compute(graph_run *r) {
    const int want_sg = r->args.present[OPT_SG] || r->token_count != 0;
    const int plot = r->args.present[OPT_PLOT];
    if (plot && grundy_graph_vertex_count(r->g) > GRUNDY_PICTURE_GRAPH_MAX_VERTICES) {
        return cli_fail(&cli_cmd_graph, CLI_EXIT_VALUE,
                        "--plot: the graph has %llu vertices; at most %u are drawn",
                        (unsigned long long)grundy_graph_vertex_count(r->g),
                        GRUNDY_PICTURE_GRAPH_MAX_VERTICES);
    }
    grundy_status st = grundy_graph_label_threads(r->g, r->args.present[OPT_REMOTENESS] || plot,
                                                  r->threads, &r->labels);
    if (st == GRUNDY_STATUS_OK && want_sg) {
        st = grundy_graph_sg_compute(r->g, &r->sg);
    }
    if (st == GRUNDY_STATUS_NOMEM) { /* labels and values: about 16 bytes a vertex and an edge */
        const uint64_t need =
            16 * (grundy_graph_vertex_count(r->g) + grundy_graph_edge_count(r->g));
        return cli_oom_fail(&cli_cmd_graph, want_sg ? "labelling (--sg)" : "labelling", need, NULL);
    }
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_graph, cli_exit_code(st), "labelling: %s", grundy_status_str(st));
    }
    if (r->token_count != 0) {
        const uint64_t n = grundy_graph_vertex_count(r->g);
        for (size_t i = 0; i < r->token_count; i++) {
            if (r->tokens[i] >= n) {
                return cli_fail(&cli_cmd_graph, CLI_EXIT_VALUE,
                                "--tokens: vertex %u out of range (the graph has %llu vertices)",
                                r->tokens[i], (unsigned long long)n);
            }
        }
        st = grundy_graph_sum_outcome(r->sg, r->tokens, r->token_count, &r->sum);
    }
    return st == GRUNDY_STATUS_OK ? -1 : cli_fail(&cli_cmd_graph, cli_exit_code(st), "sum failed");
}

/* The outcomes as a NUL-terminated string of W/L/D (caller frees), or NULL. */
static char *outcome_string(const grundy_graph_labels *l) {
    char *s = malloc((size_t)l->n + 1);
    if (s != NULL) {
        for (uint64_t v = 0; v < l->n; v++) {
            s[v] = outcome_char[grundy_retro_outcome_get(l->outcomes, v)];
        }
        s[l->n] = '\0';
    }
    return s;
}

static void put_u32(uint32_t x, FILE *out) {
    char b[12];
    int i = (int)sizeof b;
    do {
        b[--i] = (char)('0' + x % 10);
        x /= 10;
    } while (x != 0);
    fwrite(b + i, 1, sizeof b - (size_t)i, out);
}

/* gamma(v) as text: a number or inf{K}. */
static void put_sg(const grundy_graph_sg *sg, uint32_t v, FILE *out) {
    uint32_t x;
    if (grundy_graph_sg_finite(sg, v, &x)) {
        put_u32(x, out);
        return;
    }
    size_t kn;
    const uint32_t *k = grundy_graph_sg_inf_set(sg, v, &kn);
    fputs("inf{", out);
    for (size_t i = 0; i < kn; i++) {
        if (i != 0) {
            fputc(',', out);
        }
        put_u32(k[i], out);
    }
    fputc('}', out);
}

static int print_text(const graph_run *r, const char *outcomes) {
    const uint32_t n = (uint32_t)r->labels.n;
    fwrite(outcomes, 1, n, stdout);
    fputc('\n', stdout);
    if (r->args.present[OPT_REMOTENESS]) {
        for (uint32_t v = 0; v < n; v++) {
            if (v != 0) {
                fputc(' ', stdout);
            }
            if (r->labels.remoteness[v] == GRUNDY_REMOTENESS_NONE) {
                fputc('-', stdout);
            } else {
                put_u32(r->labels.remoteness[v], stdout);
            }
        }
        fputc('\n', stdout);
    }
    if (r->args.present[OPT_SG]) {
        for (uint32_t v = 0; v < n; v++) {
            if (v != 0) {
                fputc(' ', stdout);
            }
            put_sg(r->sg, v, stdout);
        }
        fputc('\n', stdout);
    }
    if (r->token_count != 0) {
        printf("outcome: %s\n", outcome_word[r->sum]);
    }
    return CLI_EXIT_OK;
}

static void json_sg(json_writer *w, const grundy_graph_sg *sg, uint32_t v) {
    uint32_t x;
    if (grundy_graph_sg_finite(sg, v, &x)) {
        json_u64(w, x);
        return;
    }
    size_t kn;
    const uint32_t *k = grundy_graph_sg_inf_set(sg, v, &kn);
    json_object_begin(w);
    json_key(w, "inf");
    json_array_begin(w);
    for (size_t i = 0; i < kn; i++) {
        json_u64(w, k[i]);
    }
    json_array_end(w);
    json_object_end(w);
}

static int print_json(const graph_run *r, const char *outcomes) {
    const uint32_t n = (uint32_t)r->labels.n;
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_u64(&w, "vertices", n);
    json_kv_u64(&w, "edges", grundy_graph_edge_count(r->g));
    json_kv_u64(&w, "win", r->labels.win);
    json_kv_u64(&w, "lose", r->labels.lose);
    json_kv_u64(&w, "draw", r->labels.draw);
    json_kv_str(&w, "outcomes", outcomes);
    if (r->args.present[OPT_REMOTENESS]) {
        json_key(&w, "remoteness");
        json_array_begin(&w);
        for (uint32_t v = 0; v < n; v++) {
            const uint32_t x = r->labels.remoteness[v];
            x == GRUNDY_REMOTENESS_NONE ? json_null(&w) : json_u64(&w, x);
        }
        json_array_end(&w);
    }
    if (r->args.present[OPT_SG]) {
        json_key(&w, "sg");
        json_array_begin(&w);
        for (uint32_t v = 0; v < n; v++) {
            json_sg(&w, r->sg, v);
        }
        json_array_end(&w);
    }
    if (r->token_count != 0) {
        json_key(&w, "tokens");
        json_array_begin(&w);
        for (size_t i = 0; i < r->token_count; i++) {
            json_u64(&w, r->tokens[i]);
        }
        json_array_end(&w);
        json_kv_str(&w, "outcome", outcome_word[r->sum]);
    }
    json_object_end(&w);
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv) {
    graph_run r;
    memset(&r, 0, sizeof r);
    const grundy_graph_read_opts defaults = GRUNDY_GRAPH_READ_OPTS_INIT;
    r.read = defaults;
    int rc = cli_parse_args(&cli_cmd_graph, options, argc, argv, &r.args);
    if (rc >= 0 || (rc = parse_options(&r)) >= 0 || (rc = load(&r)) >= 0 ||
        (rc = compute(&r)) >= 0) {
        return done(&r, rc);
    }
    char *outcomes = outcome_string(&r.labels);
    if (outcomes == NULL) {
        return done(&r, cli_oom_fail(&cli_cmd_graph, "graph", 0, NULL));
    }
    /* A failed write is reported once, by main after the command returns. */
    rc = r.args.present[OPT_JSON] ? print_json(&r, outcomes) : print_text(&r, outcomes);
    free(outcomes);
    if (rc == CLI_EXIT_OK && r.args.present[OPT_PLOT] &&
        plot_graph_file(r.args.value[OPT_PLOT], r.g, &r.labels) != 0) {
        rc = errno == ENOMEM
                 ? cli_oom_fail(&cli_cmd_graph, "--plot", 0, NULL)
                 : cli_fail(&cli_cmd_graph, CLI_EXIT_IO, "--plot: cannot write '%s': %s",
                            r.args.value[OPT_PLOT], strerror(errno));
    }
    return done(&r, rc);
}

const cli_command cli_cmd_graph = {
    "graph", run,     "Win/lose/draw, remoteness and loopy Grundy values of a token on a graph",
    help,    options, words};
