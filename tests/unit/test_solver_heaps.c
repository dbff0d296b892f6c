/* SPDX-License-Identifier: MIT */
/* The heaps and mirror-board games of the solver against independent references: Grundy values
 * of single heaps computed from the rule's digits by a plain mex (the sum is their xor), a misere
 * search over sorted tuples with its own memo, and an exhaustive search over a board's real
 * cells. */
#include "check.h"

#include <grundy/grundy.h>
#include <grundy/solver.h>

#include <stdlib.h>
#include <string.h>

#define MAXT 9 /* largest total of the random heaps */

typedef struct ref_rule {
    unsigned digits[4]; /* d0..d3; bits 1, 2, 4, 8 */
    int distinct[4];
    int set;        /* nonzero: a subtraction set, takes in `takes` */
    unsigned takes; /* bit k: k may be taken */
} ref_rule;

/* Every move of a heap of h: the heaps it leaves (ascending), by the rule's definition. */
typedef void (*leave_fn)(void *ctx, const unsigned *left, unsigned count);

static void parts(unsigned r, unsigned count, unsigned max, int distinct, unsigned *acc,
                  unsigned depth, leave_fn fn, void *ctx) {
    if (depth == count) {
        if (r == 0) {
            fn(ctx, acc, count);
        }
        return;
    }
    for (unsigned p = 1; p <= r && p <= max; p++) {
        acc[depth] = p;
        parts(r - p, count, distinct ? p - 1 : p, distinct, acc, depth + 1, fn, ctx);
    }
}

static void each_move(const ref_rule *rule, unsigned h, leave_fn fn, void *ctx) {
    unsigned acc[4];
    for (unsigned k = 0; k <= h && k < 16; k++) {
        const unsigned r = h - k;
        if (rule->set) {
            if (k > 0 && ((rule->takes >> k) & 1u)) {
                acc[0] = r;
                fn(ctx, acc, r > 0);
            }
            continue;
        }
        if (k > 3) {
            break;
        }
        const unsigned d = rule->digits[k];
        for (unsigned j = 0; j <= 3; j++) {
            if ((d >> j) & 1u) {
                if (j == 0 && r == 0) {
                    fn(ctx, acc, 0);
                } else if (j > 0 && r >= j) {
                    parts(r, j, r, rule->distinct[k] && j >= 2, acc, 0, fn, ctx);
                }
            }
        }
    }
}

/* ---- Grundy values of one heap: mex of the xors of what each move leaves ---- */
typedef struct mex_ctx {
    const unsigned *g;
    unsigned char seen[64];
} mex_ctx;

static void mark(void *ctx, const unsigned *left, unsigned count) {
    mex_ctx *m = ctx;
    unsigned x = 0;
    for (unsigned i = 0; i < count; i++) {
        x ^= m->g[left[i]];
    }
    m->seen[x] = 1;
}

static void grundy_values(const ref_rule *rule, unsigned *g) {
    for (unsigned h = 0; h <= MAXT; h++) {
        mex_ctx m = {g, {0}};
        each_move(rule, h, mark, &m);
        g[h] = 0;
        while (m.seen[g[h]]) {
            g[h]++;
        }
    }
}

/* ---- misere search over sorted tuples (ascending), memo keyed by the tuple's digits ---- */
typedef struct memo {
    uint64_t key[4096];
    int8_t val[4096];
} memo;

static uint64_t key_of(const unsigned *v, unsigned n) {
    uint64_t k = 1;
    for (unsigned i = 0; i < n; i++) {
        k = k * 16 + v[i];
    }
    return k;
}

static int misere_win(const ref_rule *rule, const unsigned *v, unsigned n, memo *m);

typedef struct search_ctx {
    const ref_rule *rule;
    const unsigned *v;
    unsigned n, i;
    memo *m;
    int win;
    int moves;
} search_ctx;

static int cmp_u(const void *a, const void *b) {
    const unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
    return (x > y) - (x < y);
}

static void try_move(void *ctx, const unsigned *left, unsigned count) {
    search_ctx *s = ctx;
    unsigned w[MAXT + 4], k = 0;
    for (unsigned j = 0; j < s->n; j++) {
        if (j != s->i) {
            w[k++] = s->v[j];
        }
    }
    for (unsigned j = 0; j < count; j++) {
        w[k++] = left[j];
    }
    qsort(w, k, sizeof *w, cmp_u);
    s->moves++;
    s->win |= !misere_win(s->rule, w, k, s->m);
}

static int misere_win(const ref_rule *rule, const unsigned *v, unsigned n, memo *m) {
    const uint64_t key = key_of(v, n);
    size_t slot = (size_t)(key * 0x9E3779B97F4A7C15ull >> 52);
    while (m->key[slot] != 0 && m->key[slot] != key) {
        slot = (slot + 1) % 4096;
    }
    if (m->key[slot] == key) {
        return m->val[slot];
    }
    search_ctx s = {rule, v, n, 0, m, 0, 0};
    for (s.i = 0; s.i < n; s.i++) {
        each_move(rule, v[s.i], try_move, &s);
    }
    const int win = s.moves == 0 ? 1 : s.win; /* misere: no move left, the mover has won */
    m->key[slot] = key;
    m->val[slot] = (int8_t)win;
    return win;
}

static void random_rule(check_rng *r, ref_rule *rule, char *text) {
    static const char hex[] = "0123456789ABCDEF";
    memset(rule, 0, sizeof *rule);
    rule->set = check_rng_below(r, 4) == 0;
    if (rule->set) {
        int len = sprintf(text, "S(");
        rule->takes = 1u << (1 + check_rng_below(r, 4));
        rule->takes |= (unsigned)check_rng_below(r, 32) << 1;
        for (unsigned k = 1; k < 6; k++) {
            if ((rule->takes >> k) & 1u) {
                len += sprintf(text + len, "%s%u", text[len - 1] == '(' ? "" : ",", k);
            }
        }
        sprintf(text + len, ")");
        return;
    }
    rule->digits[0] = check_rng_below(r, 3) == 0 ? 4u : 0u;
    rule->distinct[0] = rule->digits[0] != 0 && check_rng_below(r, 2) == 0;
    int len = sprintf(text, "%c%s.", hex[rule->digits[0]], rule->distinct[0] ? "!" : "");
    for (unsigned k = 1; k <= 3; k++) {
        rule->digits[k] = (unsigned)check_rng_below(r, 16);
        rule->distinct[k] = check_rng_below(r, 3) == 0;
        len += sprintf(text + len, "%c%s", hex[rule->digits[k]], rule->distinct[k] ? "!" : "");
    }
}

static void test_heaps(void) {
    const uint64_t seed = check_seed(901);
    check_rng r = {seed};
    int bad = 0;
    for (int t = 0; t < 150 && bad == 0; t++) {
        ref_rule rule;
        char text[64];
        unsigned g[MAXT + 1];
        random_rule(&r, &rule, text);
        grundy_values(&rule, g);
        grundy_rule *parsed = NULL;
        CHECK_EQ(grundy_rule_parse(text, &parsed, NULL), GRUNDY_STATUS_OK);
        uint64_t start[3];
        unsigned total = 0;
        for (int i = 0; i < 3; i++) {
            start[i] = check_rng_below(&r, 4);
            total += (unsigned)start[i];
        }
        for (int misere = 0; parsed != NULL && misere <= 1; misere++) {
            grundy_game *game = NULL;
            grundy_solution *s = NULL;
            grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
            o.want = misere ? GRUNDY_SOLVE_OUTCOME : GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_GRUNDY;
            CHECK_EQ(grundy_game_heaps_create(parsed, start, 3, misere, 1u << 20, &game),
                     GRUNDY_STATUS_OK);
            CHECK_EQ(grundy_solve(game, &o, &s), GRUNDY_STATUS_OK);
            memo *m = calloc(1, sizeof *m);
            for (uint64_t p = 0; s != NULL && p < game->positions; p++) {
                uint64_t h[MAXT + 1];
                unsigned v[MAXT + 1];
                const size_t n = grundy_game_heaps_position(game, p, h, MAXT + 1);
                unsigned x = 0, sum = 0;
                for (size_t i = 0; i < n; i++) {
                    v[n - 1 - i] = (unsigned)h[i]; /* ascending for the search */
                    x ^= g[h[i]];
                    sum += (unsigned)h[i];
                }
                const int win = grundy_solution_outcome(s, p) == GRUNDY_OUTCOME_WIN;
                const int want = misere ? misere_win(&rule, v, (unsigned)n, m) : x != 0;
                if (win != want || sum > total || (!misere && grundy_solution_grundy(s, p) != x)) {
                    fprintf(stderr, "heaps: rule %s misere %d position %llu (seed %llu)\n", text,
                            misere, (unsigned long long)p, (unsigned long long)seed);
                    bad++;
                    break;
                }
            }
            free(m);
            grundy_solution_destroy(s);
            grundy_game_destroy(game);
        }
        grundy_rule_destroy(parsed);
    }
    CHECK_EQ(bad, 0);
}

/* ---- boards: exhaustive search over the real cells (no mirror argument) ---- */
static int8_t board_memo[1 << 16];

static int board_win(unsigned cells, unsigned blocked, unsigned used) {
    if (board_memo[used] >= 0) {
        return board_memo[used];
    }
    int win = 0;
    for (unsigned c = 0; c < cells && !win; c++) {
        if (!((blocked | used) >> c & 1u)) {
            win = !board_win(cells, blocked, used | 1u << c);
        }
    }
    board_memo[used] = (int8_t)win;
    return win;
}

static void test_boards(void) {
    const uint64_t seed = check_seed(902);
    check_rng r = {seed};
    int bad = 0;
    for (int t = 0; t < 200; t++) {
        const unsigned n = 1 + (unsigned)check_rng_below(&r, 4);
        unsigned blocked = 0;
        for (unsigned c = 0; c < n * n; c++) {
            if (check_rng_below(&r, 3) == 0) {
                blocked |= 1u << c | 1u << (n * n - 1 - c); /* with its mirror */
            }
        }
        char text[512];
        int len = 0;
        unsigned k = 0;
        for (unsigned c = 0; c < n * n; c++) {
            k += (blocked >> c) & 1u;
        }
        len += sprintf(text, "%u %u\n", n, k);
        for (unsigned c = 0; c < n * n; c++) {
            if ((blocked >> c) & 1u) {
                len += sprintf(text + len, "%u %u\n", c / n + 1, c % n + 1);
            }
        }
        const char *cur = text;
        size_t line = 1;
        grundy_board b;
        CHECK_EQ(grundy_board_parse(&cur, text + len, &line, &b, NULL), GRUNDY_STATUS_OK);
        memset(board_memo, -1, sizeof board_memo);
        const int want = board_win(n * n, blocked, 0);
        grundy_game *g = NULL;
        grundy_solution *s = NULL;
        CHECK_EQ(grundy_game_board_create(&b, &g), GRUNDY_STATUS_OK);
        CHECK_EQ(grundy_solve(g, NULL, &s), GRUNDY_STATUS_OK);
        const int got = s != NULL && grundy_solution_outcome(s, g->initial) == GRUNDY_OUTCOME_WIN;
        if (got != want || grundy_board_mirror_rule(&b) != want) {
            fprintf(stderr, "board case %d (seed %llu)\n", t, (unsigned long long)seed);
            bad++;
        }
        grundy_board rest;
        CHECK_EQ(grundy_board_parse(&cur, text + len, &line, &rest, NULL), GRUNDY_STATUS_NOT_FOUND);
        grundy_solution_destroy(s);
        grundy_game_destroy(g);
        grundy_board_free(&b);
    }
    CHECK_EQ(bad, 0);
    /* Bad input: the offending line. */
    const char *asym = "4 2\n1 1\n4 3\n";
    const char *cur = asym;
    size_t line = 1;
    grundy_board b;
    grundy_diag d;
    CHECK_EQ(grundy_board_parse(&cur, asym + strlen(asym), &line, &b, &d), GRUNDY_STATUS_RANGE);
    CHECK_EQ(d.line, 2);
    const char *twice = "3 3\n1 1\n3 3\n1 1\n";
    cur = twice;
    line = 1;
    CHECK_EQ(grundy_board_parse(&cur, twice + strlen(twice), &line, &b, &d), GRUNDY_STATUS_RANGE);
    CHECK_EQ(d.line, 4);
    const char *junk = "3 1\n2 x\n";
    cur = junk;
    line = 1;
    CHECK_EQ(grundy_board_parse(&cur, junk + strlen(junk), &line, &b, &d), GRUNDY_STATUS_PARSE);
    CHECK_EQ(d.line, 2);
}

int main(void) {
    test_heaps();
    test_boards();
    return check_report("test_solver_heaps");
}
