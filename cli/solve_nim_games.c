/* SPDX-License-Identifier: MIT */
/* The searched games of grundy solve, built from their operands or from standard input: Cram
 * (ROWS COLS, or `rows cols` and then the board's lines, `.` free and `x` blocked), Chomp (ROWS
 * COLS) and Node Kayles (a graph in grundy graph's seed format, edges taken both ways). */
#include "solve_nim_games.h"

#include <grundy/graph.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_sides(const solve_operands *ops, uint64_t max, uint64_t *out) {
    static const char *const names[] = {"ROWS", "COLS"};
    for (int i = 0; i < 2; i++) {
        const int rc = cli_parse_number(ops->cmd, names[i], ops->v[i], max, &out[i]);
        if (rc == 0 && out[i] == 0) {
            return cli_fail(ops->cmd, CLI_EXIT_VALUE, "%s: must be at least 1", names[i]);
        }
        if (rc != 0) {
            return rc;
        }
    }
    return 0;
}

/* The next line of text that is neither blank nor a comment, without its newline; NULL at the
 * end. *line counts lines. */
static const char *next_line(const char **cur, const char *end, size_t *len, size_t *line) {
    while (*cur < end) {
        const char *const start = *cur;
        const char *nl = memchr(start, '\n', (size_t)(end - start));
        nl = nl != NULL ? nl : end;
        *cur = nl < end ? nl + 1 : end;
        (*line)++;
        size_t n = (size_t)(nl - start);
        while (n > 0 && isspace((unsigned char)start[n - 1])) {
            n--;
        }
        if (n > 0 && start[0] != '#') {
            *len = n;
            return start;
        }
    }
    return NULL;
}

/* `rows cols`, then no line (an empty board) or `rows` lines of `cols` cells. */
static int read_board(const solve_operands *ops, uint64_t *sides, uint8_t *blocked) {
    const char *cur = ops->input, *const end = ops->input + ops->input_len;
    size_t len = 0, line = 0;
    const char *text = next_line(&cur, end, &len, &line);
    unsigned long long r = 0, c = 0;
    char tail;
    char head[64];
    snprintf(head, sizeof head, "%.*s", (int)(len < 63 ? len : 63), text != NULL ? text : "");
    if (text == NULL || sscanf(head, "%llu %llu %c", &r, &c, &tail) != 2 || r == 0 || c == 0 ||
        r > GRUNDY_CRAM_MAX_SIDE || c > GRUNDY_CRAM_MAX_SIDE || r * c > GRUNDY_CRAM_MAX_CELLS) {
        return cli_fail(ops->cmd, CLI_EXIT_VALUE,
                        "cram: line %zu: want `rows cols` (at least 1, at most %d cells)", line,
                        GRUNDY_CRAM_MAX_CELLS);
    }
    sides[0] = r;
    sides[1] = c;
    for (unsigned i = 0; i < r; i++) {
        const char *const row = next_line(&cur, end, &len, &line);
        if (row == NULL && i == 0) {
            return 0; /* the empty board */
        }
        if (row == NULL || len != c || strspn(row, ".x") < c) {
            return cli_fail(ops->cmd, CLI_EXIT_VALUE,
                            "cram: line %zu: want a row of %llu cells, `.` free or `x` blocked",
                            line, c);
        }
        for (unsigned j = 0; j < c; j++) {
            blocked[i * c + j] = row[j] == 'x';
        }
    }
    return next_line(&cur, end, &len, &line) == NULL
               ? 0
               : cli_fail(ops->cmd, CLI_EXIT_VALUE, "cram: line %zu: more rows than %llu", line, r);
}

int solve_create_cram(const solve_operands *ops, solve_built *out) {
    uint8_t blocked[GRUNDY_CRAM_MAX_CELLS] = {0};
    int rc = ops->count == 0 ? read_board(ops, out->numbers, blocked)
                             : parse_sides(ops, GRUNDY_CRAM_MAX_SIDE, out->numbers);
    if (rc == 0 && out->numbers[0] * out->numbers[1] > GRUNDY_CRAM_MAX_CELLS) {
        rc = cli_fail(ops->cmd, CLI_EXIT_VALUE, "cram: %llu x %llu is more than %d cells",
                      (unsigned long long)out->numbers[0], (unsigned long long)out->numbers[1],
                      GRUNDY_CRAM_MAX_CELLS);
    }
    if (rc != 0) {
        return rc;
    }
    out->count = 3;
    for (size_t i = 0; i < GRUNDY_CRAM_MAX_CELLS; i++) {
        out->numbers[2] += blocked[i];
    }
    const grundy_status st = grundy_nim_game_cram_create(
        (unsigned)out->numbers[0], (unsigned)out->numbers[1], blocked, &out->nim);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "cram");
}

int solve_create_chomp(const solve_operands *ops, solve_built *out) {
    const int rc = parse_sides(ops, GRUNDY_CHOMP_MAX_SIDE, out->numbers);
    if (rc != 0) {
        return rc;
    }
    out->count = 2;
    const grundy_status st = grundy_nim_game_chomp_create((unsigned)out->numbers[0],
                                                          (unsigned)out->numbers[1], &out->nim);
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "chomp");
}

/* The graph's edges, each once, as the pairs Node Kayles wants. */
static grundy_status kayles_from_graph(const grundy_graph *g, grundy_nim_game **out) {
    const uint64_t n = grundy_graph_vertex_count(g), m = grundy_graph_edge_count(g);
    uint32_t *const u = malloc((size_t)(m + 1) * sizeof *u);
    uint32_t *const v = malloc((size_t)(m + 1) * sizeof *v);
    grundy_status st = GRUNDY_STATUS_NOMEM;
    if (u != NULL && v != NULL) {
        size_t k = 0;
        for (uint32_t to = 0; to < n; to++) {
            size_t count = 0;
            const uint32_t *const from = grundy_graph_predecessors(g, to, &count);
            for (size_t i = 0; i < count; i++, k++) {
                u[k] = from[i];
                v[k] = to;
            }
        }
        st = grundy_nim_game_node_kayles_create((unsigned)n, u, v, k, out);
    }
    free(u);
    free(v);
    return st;
}

int solve_create_node_kayles(const solve_operands *ops, solve_built *out) {
    grundy_graph_read_opts o = GRUNDY_GRAPH_READ_OPTS_INIT;
    grundy_graph *g = NULL;
    grundy_diag diag;
    o.max_bytes = ops->max_bytes;
    grundy_status st = grundy_graph_parse(ops->input, ops->input_len, &o, &g, &diag);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(ops->cmd, cli_exit_code(st), "node-kayles: line %zu: %s", diag.line,
                        diag.message);
    }
    out->numbers[0] = grundy_graph_vertex_count(g);
    out->numbers[1] = grundy_graph_edge_count(g);
    out->count = 2;
    st = out->numbers[0] > GRUNDY_NODE_KAYLES_MAX ? GRUNDY_STATUS_RANGE
                                                  : kayles_from_graph(g, &out->nim);
    grundy_graph_destroy(g);
    if (st == GRUNDY_STATUS_RANGE) {
        return cli_fail(ops->cmd, CLI_EXIT_VALUE, "node-kayles: %llu vertices, at most %d",
                        (unsigned long long)out->numbers[0], GRUNDY_NODE_KAYLES_MAX);
    }
    return st == GRUNDY_STATUS_OK ? 0 : solve_game_fail(ops->cmd, st, "node-kayles");
}

void solve_json_board(json_writer *w, const solve_built *b) {
    json_kv_u64(w, "rows", b->numbers[0]);
    json_kv_u64(w, "cols", b->numbers[1]);
    if (b->count == 3) {
        json_kv_u64(w, "blocked", b->numbers[2]);
    }
}

void solve_json_graph(json_writer *w, const solve_built *b) {
    json_kv_u64(w, "vertices", b->numbers[0]);
    json_kv_u64(w, "edges", b->numbers[1]);
}
