/* SPDX-License-Identifier: MIT */
/* The nimber search (src/solver/search/) against plain references on seeded random instances:
 * a memoised mex over whole positions with no splitting, no symmetry and no theory, and for Cram
 * the retrograde solver (grundy_solve's Grundy values); then the table's limits, checkpoints and
 * interruption. GRUNDY_TEST_SEED replays a failure. */
#include "check.h"

#include <grundy/nimsearch.h>
#include <grundy/query.h>
#include <grundy/rule.h>
#include <grundy/solver.h>

#include <stdio.h>

#define MAX_CELLS 20  /* free cells: the brute force's memo has 2^n bytes */
#define MAX_BOARD 160 /* board cells, most of them blocked on the wide boards */

static uint64_t seed;

/* ---- Cram references: positions are masks over the free cells of the board --------------- */

typedef struct board {
    unsigned rows, cols, n;     /* n free cells */
    unsigned at[MAX_CELLS];     /* board index of free cell k */
    uint32_t right[MAX_CELLS];  /* bit of the free cell right of k, 0 if none */
    uint32_t down[MAX_CELLS];   /* bit of the free cell below k, 0 if none */
    uint8_t blocked[MAX_BOARD]; /* by board index */
} board;

/* The free cells' numbers and neighbours from b->blocked. */
static void board_index(board *b) {
    int index[MAX_BOARD];
    const unsigned rows = b->rows, cols = b->cols;
    b->n = 0;
    for (unsigned i = 0; i < rows * cols; i++) {
        index[i] = b->blocked[i] ? -1 : (int)b->n;
        if (!b->blocked[i]) {
            b->at[b->n++] = i;
        }
    }
    for (unsigned k = 0; k < b->n; k++) {
        const unsigned i = b->at[k], c = i % cols;
        b->right[k] = c + 1 < cols && index[i + 1] >= 0 ? 1u << index[i + 1] : 0;
        b->down[k] = i + cols < rows * cols && index[i + cols] >= 0 ? 1u << index[i + cols] : 0;
    }
}

static void board_make(board *b, unsigned rows, unsigned cols, check_rng *rng, unsigned percent) {
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    for (unsigned i = 0; i < rows * cols; i++) {
        b->blocked[i] = rng != NULL && check_rng_below(rng, 100) < percent;
    }
    board_index(b);
}

static uint8_t brute_mex(const board *b, uint8_t *memo, uint32_t p) {
    if (memo[p] != 0xff) {
        return memo[p];
    }
    uint64_t seen = 0;
    for (unsigned k = 0; k < b->n; k++) {
        const uint32_t bit = 1u << k;
        if (!(p & bit)) {
            continue;
        }
        if (b->right[k] & p) {
            seen |= 1ull << brute_mex(b, memo, p & ~bit & ~b->right[k]);
        }
        if (b->down[k] & p) {
            seen |= 1ull << brute_mex(b, memo, p & ~bit & ~b->down[k]);
        }
    }
    uint8_t m = 0;
    while (seen >> m & 1u) {
        m++;
    }
    return memo[p] = m;
}

static unsigned brute_cram(const board *b) {
    uint8_t *const memo = malloc((size_t)1 << b->n);
    memset(memo, 0xff, (size_t)1 << b->n);
    const unsigned v = brute_mex(b, memo, (uint32_t)((1ull << b->n) - 1));
    free(memo);
    return v;
}

static void retro_moves(void *ctx, uint64_t p, grundy_move_list *out) {
    const board *const b = ctx;
    for (unsigned k = 0; k < b->n; k++) {
        const uint64_t bit = 1ull << k;
        if ((p & bit) && (b->right[k] & p)) {
            grundy_move_list_push(out, p & ~bit & ~(uint64_t)b->right[k], 0);
        }
        if ((p & bit) && (b->down[k] & p)) {
            grundy_move_list_push(out, p & ~bit & ~(uint64_t)b->down[k], 0);
        }
    }
}

/* The retrograde solver's Grundy value of the full board (every move lowers the mask). */
static unsigned retro_cram(board *b) {
    grundy_game g = {.name = "cram-mask",
                     .positions = 1ull << b->n,
                     .initial = (1ull << b->n) - 1,
                     .flags = GRUNDY_GAME_ACYCLIC | GRUNDY_GAME_DESCENDING,
                     .ctx = b,
                     .moves = retro_moves};
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_solution *s = NULL;
    o.want = GRUNDY_SOLVE_GRUNDY;
    CHECK_EQ(grundy_solve(&g, &o, &s), GRUNDY_STATUS_OK);
    const unsigned v = s != NULL ? grundy_solution_grundy(s, g.initial) : 999u;
    grundy_solution_destroy(s);
    return v;
}

/* The search's value of a game's start under the given options. */
static unsigned searched(const grundy_nim_game *g, unsigned flags, unsigned threads,
                         uint64_t max_bytes, uint64_t endgame_bytes) {
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    uint32_t v = 999;
    o.flags = flags;
    o.threads = threads;
    o.max_bytes = max_bytes;
    o.endgame_bytes = endgame_bytes;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_OK);
    return v;
}

#define ENDGAME_DEFAULT ((uint64_t)1 << 26)
#define ENDGAME_TINY    4096u /* 8192 entries: boxes of up to 10 cells, the rest in the table */

/* flags, threads, end-game bytes */
static const uint64_t variants[][3] = {
    {0, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_NO_SPLIT | GRUNDY_NIM_NO_SYMMETRY | GRUNDY_NIM_NO_THEORY, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_NO_THEORY, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_REVERSE, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_NO_PRUNE, 1, ENDGAME_DEFAULT},
    {0, 3, ENDGAME_DEFAULT},
    {0, 1, 0},
    {0, 1, ENDGAME_TINY},
    {GRUNDY_NIM_NO_SYMMETRY, 3, ENDGAME_TINY},
    {GRUNDY_NIM_NO_ORDER, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_NO_ORDER | GRUNDY_NIM_REVERSE, 1, ENDGAME_TINY},
    {GRUNDY_NIM_ONE_SEARCH, 1, ENDGAME_DEFAULT},
    {GRUNDY_NIM_ONE_SEARCH | GRUNDY_NIM_REVERSE, 3, ENDGAME_TINY},
};

static void check_cram_board(board *b, int with_retro, unsigned iteration) {
    grundy_nim_game *g = NULL;
    CHECK_EQ(grundy_nim_game_cram_create(b->rows, b->cols, b->blocked, &g), GRUNDY_STATUS_OK);
    const unsigned want = brute_cram(b);
    for (size_t k = 0; k < sizeof variants / sizeof variants[0] && g != NULL; k++) {
        /* the small table (2 MiB less the scratch) forces replacements on the larger boards */
        const uint64_t bytes = k == 0 ? ((uint64_t)3 << 20) : ((uint64_t)8 << 20);
        const unsigned got =
            searched(g, (unsigned)variants[k][0], (unsigned)variants[k][1], bytes, variants[k][2]);
        if (got != want) {
            fprintf(stderr, "cram %ux%u (iteration %u, variant %zu, seed %llu): %u, brute %u\n",
                    b->rows, b->cols, iteration, k, (unsigned long long)seed, got, want);
        }
        CHECK_EQ(got, want);
    }
    if (with_retro) {
        CHECK_EQ(retro_cram(b), want);
    }
    grundy_nim_game_destroy(g);
}

static void test_cram_random(void) {
    check_rng rng = {seed};
    for (unsigned it = 0; it < 300; it++) {
        board b;
        const unsigned rows = 1 + (unsigned)check_rng_below(&rng, 5);
        const unsigned cols =
            1 + (unsigned)check_rng_below(&rng, MAX_CELLS / rows < 7 ? MAX_CELLS / rows : 7);
        board_make(&b, rows, cols, &rng, (unsigned)check_rng_below(&rng, 40));
        check_cram_board(&b, b.n <= 16, it);
    }
}

/* Every empty board up to 20 cells. */
static void test_cram_empty(void) {
    for (unsigned rows = 1; rows <= MAX_CELLS; rows++) {
        for (unsigned cols = 1; rows * cols <= MAX_CELLS; cols++) {
            board b;
            board_make(&b, rows, cols, NULL, 0);
            check_cram_board(&b, b.n <= 16, 0);
        }
    }
}

/* A 1 x n board is the octal game 0.07 on a heap of n (a domino takes two adjacent cells, leaving
 * 0, 1 or 2 strips): the heap wing's values, up to the longest board, 255 cells. */
static void test_cram_lines(void) {
    grundy_rule *rule = NULL;
    grundy_query *q = NULL;
    CHECK_EQ(grundy_rule_parse("0.07", &rule, NULL), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_query_create(rule, NULL, &q), GRUNDY_STATUS_OK);
    for (unsigned n = 1; n <= 255 && q != NULL; n += n < 40 ? 1 : 17) {
        grundy_nim_game *g = NULL;
        uint64_t want = 999;
        CHECK_EQ(grundy_query_value(q, n, &want), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_nim_game_cram_create(n % 2 ? 1 : n, n % 2 ? n : 1, NULL, &g),
                 GRUNDY_STATUS_OK);
        CHECK_EQ(searched(g, 0, 1, (uint64_t)8 << 20, ENDGAME_DEFAULT), want);
        grundy_nim_game_destroy(g);
    }
    grundy_query_destroy(q);
    grundy_rule_destroy(rule);
}

/* Boards of 65 to 128 cells (the two-word bitboard) and past (cell by cell), nearly all blocked:
 * an L along the top row and the last column spans the board's box, so that the components' boxes
 * are wide too, and a few random free cells more, at most MAX_CELLS in all. */
static void test_cram_wide(void) {
    static const unsigned sides[][2] = {{5, 13}, {6, 11}, {7, 10}, {9, 9},
                                        {4, 17}, {8, 9},  {3, 17}};
    check_rng rng = {seed + 2};
    for (unsigned it = 0; it < 60; it++) {
        board b;
        memset(&b, 0, sizeof b);
        b.rows = sides[it % 7][0];
        b.cols = sides[it % 7][1];
        memset(b.blocked, 1, b.rows * b.cols);
        for (unsigned c = 0; c < b.cols; c++) {
            b.blocked[c] = (uint8_t)(it % 3 == 2 && c == b.cols / 2); /* sometimes a gap */
        }
        for (unsigned r = 0; r < b.rows; r++) {
            b.blocked[r * b.cols + b.cols - 1] = 0;
        }
        for (unsigned extra = 0; extra < MAX_CELLS - (b.rows + b.cols - 1); extra++) {
            b.blocked[check_rng_below(&rng, b.rows * b.cols)] = 0;
        }
        board_index(&b);
        check_cram_board(&b, 0, it);
    }
}

/* The split drops a tuft (a cell with one free neighbour) when its neighbour has another, a bridge
 * (a cell whose neighbours all have tufts), and two equal components (G + G = 0). */
static void test_cram_split_reduces(void) {
    static const uint8_t plus[9] = {1, 0, 1, 0, 0, 0, 1, 0, 1}; /* a cross: four tufts, one kept */
    static const uint8_t pair[5] = {0, 0, 1, 0, 0};             /* two dominoes */
    static const uint8_t arch[6] = {0, 0, 0, 0, 1, 0};
    grundy_nim_game *g = NULL;
    grundy_nim_list parts = {0};
    CHECK_EQ(grundy_nim_game_cram_create(3, 3, plus, &g), GRUNDY_STATUS_OK);
    g->split(g->ctx, &g->initial, &parts);
    CHECK_EQ(parts.count, 1);
    CHECK_EQ(parts.count == 1 ? __builtin_popcountll(parts.items[0].w[0]) : 0, 2);
    grundy_nim_game_destroy(g);
    parts.count = 0;
    CHECK_EQ(grundy_nim_game_cram_create(1, 5, pair, &g), GRUNDY_STATUS_OK);
    g->split(g->ctx, &g->initial, &parts);
    CHECK_EQ(parts.count, 0);
    grundy_nim_game_destroy(g);
    parts.count = 0; /* an arch: the top middle cell is a bridge, two equal dominoes are left */
    CHECK_EQ(grundy_nim_game_cram_create(2, 3, arch, &g), GRUNDY_STATUS_OK);
    g->split(g->ctx, &g->initial, &parts);
    CHECK_EQ(parts.count, 0);
    grundy_nim_game_destroy(g);
    grundy_nim_list_free(&parts);
}

/* ---- Node Kayles: a mask of the vertices left ---------------------------------------------- */

#define MAX_VERTICES 16

static uint8_t kayles_mex(const uint32_t *closed, unsigned n, uint8_t *memo, uint32_t p) {
    if (memo[p] != 0xff) {
        return memo[p];
    }
    uint64_t seen = 0;
    for (unsigned v = 0; v < n; v++) {
        if (p >> v & 1u) {
            seen |= 1ull << kayles_mex(closed, n, memo, p & ~closed[v]);
        }
    }
    uint8_t m = 0;
    while (seen >> m & 1u) {
        m++;
    }
    return memo[p] = m;
}

static void test_node_kayles_random(void) {
    check_rng rng = {seed + 1};
    for (unsigned it = 0; it < 200; it++) {
        const unsigned n = (unsigned)check_rng_below(&rng, MAX_VERTICES + 1);
        const unsigned percent = 5 + (unsigned)check_rng_below(&rng, 40);
        uint32_t u[MAX_VERTICES * MAX_VERTICES], v[MAX_VERTICES * MAX_VERTICES],
            closed[MAX_VERTICES];
        size_t m = 0;
        for (unsigned x = 0; x < n; x++) {
            closed[x] = 1u << x;
        }
        for (unsigned x = 0; x < n; x++) {
            for (unsigned y = x + 1; y < n; y++) {
                if (check_rng_below(&rng, 100) < percent) {
                    u[m] = x;
                    v[m++] = y;
                    closed[x] |= 1u << y;
                    closed[y] |= 1u << x;
                }
            }
        }
        uint8_t *const memo = malloc((size_t)1 << n);
        memset(memo, 0xff, (size_t)1 << n);
        const unsigned want = kayles_mex(closed, n, memo, (uint32_t)((1ull << n) - 1));
        free(memo);
        grundy_nim_game *g = NULL;
        CHECK_EQ(grundy_nim_game_node_kayles_create(n, u, v, m, &g), GRUNDY_STATUS_OK);
        for (size_t k = 0; k < sizeof variants / sizeof variants[0] && g != NULL; k++) {
            const unsigned got = searched(g, (unsigned)variants[k][0], (unsigned)variants[k][1],
                                          (uint64_t)8 << 20, variants[k][2]);
            if (got != want) {
                fprintf(stderr,
                        "node kayles n %u (iteration %u, variant %zu, seed %llu): %u, "
                        "brute %u\n",
                        n, it, k, (unsigned long long)seed, got, want);
            }
            CHECK_EQ(got, want);
        }
        grundy_nim_game_destroy(g);
    }
    /* paths are Dawson's Kayles heaps (0.137): 0 1 1 2 0 3 1 1 0 3 3 for 0..10 vertices */
    static const unsigned dawson[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3};
    for (unsigned n = 0; n < 11; n++) {
        uint32_t u[16], v[16];
        for (unsigned x = 0; x + 1 < n; x++) {
            u[x] = x;
            v[x] = x + 1;
        }
        grundy_nim_game *g = NULL;
        CHECK_EQ(grundy_nim_game_node_kayles_create(n, u, v, n > 0 ? n - 1 : 0, &g),
                 GRUNDY_STATUS_OK);
        CHECK_EQ(searched(g, 0, 1, (uint64_t)8 << 20, ENDGAME_DEFAULT), dawson[n]);
        grundy_nim_game_destroy(g);
    }
}

/* ---- Chomp: diagrams as row lengths, memoised by their mixed-radix index ------------------- */

static unsigned chomp_index(const unsigned *len, unsigned rows, unsigned cols) {
    unsigned i = 0;
    for (unsigned r = 0; r < rows; r++) {
        i = i * (cols + 1) + len[r];
    }
    return i;
}

static uint8_t chomp_mex(unsigned *len, unsigned rows, unsigned cols, uint8_t *memo) {
    const unsigned at = chomp_index(len, rows, cols);
    if (memo[at] != 0xff) {
        return memo[at];
    }
    uint64_t seen = 0;
    for (unsigned r = 0; r < rows; r++) {
        for (unsigned c = 0; c < len[r]; c++) {
            if (r == 0 && c == 0) {
                continue;
            }
            unsigned child[8];
            memcpy(child, len, sizeof child);
            for (unsigned q = r; q < rows; q++) {
                child[q] = child[q] < c ? child[q] : c;
            }
            seen |= 1ull << chomp_mex(child, rows, cols, memo);
        }
    }
    uint8_t m = 0;
    while (seen >> m & 1u) {
        m++;
    }
    return memo[at] = m;
}

static void test_chomp(void) {
    for (unsigned rows = 1; rows <= 6; rows++) {
        for (unsigned cols = 1; cols <= 6; cols++) {
            unsigned len[8] = {0};
            size_t cells = 1;
            for (unsigned r = 0; r < rows; r++) {
                len[r] = cols;
                cells *= cols + 1;
            }
            uint8_t *const memo = malloc(cells);
            memset(memo, 0xff, cells);
            const unsigned want = chomp_mex(len, rows, cols, memo);
            free(memo);
            grundy_nim_game *g = NULL;
            CHECK_EQ(grundy_nim_game_chomp_create(rows, cols, &g), GRUNDY_STATUS_OK);
            for (size_t k = 0; k < sizeof variants / sizeof variants[0] && g != NULL; k++) {
                CHECK_EQ(searched(g, (unsigned)variants[k][0], (unsigned)variants[k][1],
                                  (uint64_t)8 << 20, variants[k][2]),
                         want);
            }
            if (rows == 1 && cols == 1) {
                CHECK_EQ(want, 0);
            }
            grundy_nim_game_destroy(g);
        }
    }
    grundy_nim_pos p, q;
    memset(&p, 0, sizeof p);
    p.w[0] = 0x030303; /* 3 x 3 */
    CHECK(!grundy_nim_chomp_take(&p, 0, 0, &q));
    CHECK(!grundy_nim_chomp_take(&p, 0, 3, &q));
    CHECK(grundy_nim_chomp_take(&p, 1, 1, &q) && q.w[0] == 0x010103);
}

/* ---- The table: its bound, its checkpoints, an interrupted run resumed -------------------- */

static void test_limits(void) {
    grundy_nim_game *g = NULL;
    uint32_t v = 0;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    CHECK_EQ(grundy_nim_game_cram_create(0, 3, NULL, &g), GRUNDY_STATUS_RANGE);
    CHECK_EQ(grundy_nim_game_cram_create(17, 16, NULL, &g), GRUNDY_STATUS_RANGE);
    CHECK_EQ(grundy_nim_game_chomp_create(33, 2, &g), GRUNDY_STATUS_RANGE);
    CHECK_EQ(grundy_nim_game_cram_create(4, 5, NULL, &g), GRUNDY_STATUS_OK);
    o.max_bytes = 1u << 20; /* the scratch alone */
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_LIMIT);
    o.max_bytes = (1u << 20) + 50000; /* fewer than 1024 buckets */
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_LIMIT);
    grundy_nim_game_destroy(g);
}

/* The end-game database holds the small components' values (not the table), and a tiny one gives
 * the same nimber as none. */
static void test_endgame(void) {
    grundy_nim_game *g = NULL;
    grundy_nim_stats with, without;
    uint32_t v = 99, w = 98;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    o.max_bytes = (uint64_t)64 << 20;
    CHECK_EQ(grundy_nim_game_cram_create(4, 6, NULL, &g), GRUNDY_STATUS_OK);
    o.flags = GRUNDY_NIM_NO_THEORY; /* 4 x 6 is even x even: a search, not the theorem */
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &with), GRUNDY_STATUS_OK);
    o.endgame_bytes = 0;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &w, &without), GRUNDY_STATUS_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(w, 0);
    CHECK(with.entries < without.entries);
    o.endgame_bytes = ENDGAME_TINY;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &with), GRUNDY_STATUS_OK);
    CHECK_EQ(v, 0);
    CHECK(with.entries < without.entries);
    grundy_nim_game_destroy(g);
}

/* The cheapest options first: fewer components searched on 4 x 6 than in the board's order. */
static void test_order(void) {
    grundy_nim_game *g = NULL;
    grundy_nim_stats ordered, unordered;
    uint32_t v = 99, w = 98;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    o.max_bytes = (uint64_t)64 << 20;
    CHECK_EQ(grundy_nim_game_cram_create(4, 6, NULL, &g), GRUNDY_STATUS_OK);
    o.flags = GRUNDY_NIM_NO_THEORY;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &ordered), GRUNDY_STATUS_OK);
    o.flags = GRUNDY_NIM_NO_THEORY | GRUNDY_NIM_NO_ORDER;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &w, &unordered), GRUNDY_STATUS_OK);
    CHECK_EQ(v, w);
    CHECK(ordered.nodes < unordered.nodes);
    /* one thread's table starts at 1024 buckets and doubles as it fills, within its bound */
    CHECK(ordered.capacity > 4096 && ordered.capacity < ((uint64_t)64 << 20) / 24);
    CHECK(ordered.table_bytes <= o.max_bytes);
    grundy_nim_game_destroy(g);
}

/* A growing table keeps its entries: Chomp 6 x 10 searches 7,532 positions in a table that never
 * drops one, 8,463 in one that grows from 1024 buckets; a table that dropped entries from
 * under half full searched 59,377 (and 5.3 million on 7 x 10, against 17,703). */
static void test_growing_table_keeps(void) {
    grundy_nim_game *g = NULL;
    grundy_nim_stats st;
    uint32_t v = 99;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    o.max_bytes = (uint64_t)64 << 20;
    o.threads = 1;
    CHECK_EQ(grundy_nim_game_chomp_create(6, 10, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &st), GRUNDY_STATUS_OK);
    CHECK_EQ(v, 38);
    CHECK(st.nodes < 12000);
    grundy_nim_game_destroy(g);
}

/* Two threads ask the start's options the questions one thread asks (is the value m?), so they
 * search about as many components: valuing every option exactly searched 16 times as many on
 * Cram 4 x 7 (89,414 against 5,594). */
static void test_threads_search_as_one(void) {
    grundy_nim_game *g = NULL;
    grundy_nim_stats one, two;
    uint32_t v = 99, w = 98;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    o.max_bytes = (uint64_t)64 << 20;
    CHECK_EQ(grundy_nim_game_cram_create(4, 7, NULL, &g), GRUNDY_STATUS_OK);
    o.threads = 1;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &one), GRUNDY_STATUS_OK);
    o.threads = 2;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &w, &two), GRUNDY_STATUS_OK);
    CHECK_EQ(v, 3);
    CHECK_EQ(w, 3);
    CHECK(two.nodes < 2 * one.nodes);
    grundy_nim_game_destroy(g);
}

/* Exact values ask 0?, 1?, 2?, 3? one at a time before the one search: on Cram, whose values
 * are small, the one search alone values many more components (4 x 6: 612 against 15,395). */
static void test_single_questions(void) {
    grundy_nim_game *g = NULL;
    grundy_nim_stats singles, one;
    uint32_t v = 99, w = 98;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    o.max_bytes = (uint64_t)64 << 20;
    CHECK_EQ(grundy_nim_game_cram_create(4, 6, NULL, &g), GRUNDY_STATUS_OK);
    o.flags = GRUNDY_NIM_NO_THEORY;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &singles), GRUNDY_STATUS_OK);
    o.flags = GRUNDY_NIM_NO_THEORY | GRUNDY_NIM_ONE_SEARCH;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &w, &one), GRUNDY_STATUS_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(w, 0);
    CHECK(singles.nodes * 2 < one.nodes);
    grundy_nim_game_destroy(g);
}

static void test_checkpoint(void) {
    const char *const path = "test_nim_search.nt";
    static volatile sig_atomic_t stop = 1;
    grundy_nim_game *g = NULL;
    grundy_nim_stats stats;
    uint32_t v = 99;
    grundy_nim_opts o = GRUNDY_NIM_OPTS_INIT;
    remove(path);
    o.max_bytes = (uint64_t)64 << 20;
    o.checkpoint = path;
    o.description = "cram 4 7";
    o.stop = &stop; /* stops at the first tick, saving what it has */
    CHECK_EQ(grundy_nim_game_cram_create(4, 7, NULL, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &stats), GRUNDY_STATUS_INTERRUPTED);
    o.stop = NULL;
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &stats), GRUNDY_STATUS_OK);
    CHECK(stats.loaded > 0);
    CHECK_EQ(v, 3); /* 4 x 7: Beling's table */
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, &stats), GRUNDY_STATUS_OK);
    CHECK(stats.loaded > 0 && stats.nodes == 0); /* all from the file */
    o.description = "cram 7 4";
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_INVALID_ARG);
    FILE *const f = fopen(path, "r+b");
    CHECK(f != NULL);
    if (f != NULL) {
        fseek(f, 60, SEEK_SET);
        const int c = fgetc(f);
        fseek(f, 60, SEEK_SET);
        fputc(c ^ 1, f);
        fclose(f);
    }
    o.description = "cram 4 7";
    CHECK_EQ(grundy_nim_search(g, &g->initial, &o, &v, NULL), GRUNDY_STATUS_PARSE);
    remove(path);
    grundy_nim_game_destroy(g);
}

int main(void) {
    seed = check_seed(20261203);
    test_cram_empty();
    test_cram_random();
    test_cram_lines();
    test_cram_wide();
    test_cram_split_reduces();
    test_node_kayles_random();
    test_chomp();
    test_limits();
    test_endgame();
    test_order();
    test_growing_table_keeps();
    test_single_questions();
    test_threads_search_as_one();
    test_checkpoint();
    if (check_failures != 0) {
        fprintf(stderr, "seed %llu (GRUNDY_TEST_SEED replays it)\n", (unsigned long long)seed);
    }
    return check_report("test_nim_search");
}
