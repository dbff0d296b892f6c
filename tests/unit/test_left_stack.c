/* SPDX-License-Identifier: MIT */
/*
 * The Left Stack Game (seed 002): the closed-form rule of docs/left_stack.md against an
 * independent brute force and against the solver; the seed's samples and its write-up's own
 * examples with their true answers.
 */
#include "check.h"

#include <grundy/left_stack.h>
#include <grundy/solver.h>

/* ---- Brute force: the rules of the seed and nothing else ---- */

typedef struct brute {
    uint64_t m, n[3]; /* cap; the table covers x <= n[0], y <= n[1], z <= n[2] */
    unsigned char *lose;
} brute;

static size_t brute_at(const brute *t, uint64_t x, uint64_t y, uint64_t z) {
    return (size_t)((x * (t->n[1] + 1) + y) * (t->n[2] + 1) + z);
}

/* A move takes d in 1..m rocks from a stack; it may empty it only if the stacks left of it are
 * empty. A position is lost when every move leads to a won one (none at all: lost). */
static int brute_lost(const brute *t, const uint64_t s[3]) {
    for (int i = 0; i < 3; i++) {
        const int left_empty = (i == 0) || (s[0] == 0 && (i == 1 || s[1] == 0));
        for (uint64_t d = 1; d <= t->m && d <= s[i]; d++) {
            if (d == s[i] && !left_empty) {
                continue;
            }
            uint64_t u[3] = {s[0], s[1], s[2]};
            u[i] -= d;
            if (t->lose[brute_at(t, u[0], u[1], u[2])]) {
                return 0;
            }
        }
    }
    return 1;
}

/* Fill the table in lexicographic order: every move lowers one coordinate, so children are done. */
static void brute_fill(brute *t, uint64_t m, uint64_t nx, uint64_t ny, uint64_t nz) {
    t->m = m;
    t->n[0] = nx;
    t->n[1] = ny;
    t->n[2] = nz;
    t->lose = malloc((size_t)((nx + 1) * (ny + 1) * (nz + 1)));
    if (t->lose == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (uint64_t x = 0; x <= nx; x++) {
        for (uint64_t y = 0; y <= ny; y++) {
            for (uint64_t z = 0; z <= nz; z++) {
                const uint64_t s[3] = {x, y, z};
                t->lose[brute_at(t, x, y, z)] = (unsigned char)brute_lost(t, s);
            }
        }
    }
}

static grundy_outcome brute_outcome(const brute *t, uint64_t x, uint64_t y, uint64_t z) {
    return t->lose[brute_at(t, x, y, z)] ? GRUNDY_OUTCOME_LOSE : GRUNDY_OUTCOME_WIN;
}

/* Rule vs brute force on the whole table; prints the first few mismatches. */
static void check_table(const brute *t, const char *what) {
    int shown = 0;
    for (uint64_t x = 0; x <= t->n[0]; x++) {
        for (uint64_t y = 0; y <= t->n[1]; y++) {
            for (uint64_t z = 0; z <= t->n[2]; z++) {
                const grundy_outcome want = brute_outcome(t, x, y, z);
                const grundy_outcome got = grundy_left_stack_outcome(t->m, x, y, z);
                check_count++;
                if (got != want) {
                    check_failures++;
                    if (shown++ < 5) {
                        fprintf(stderr,
                                "%s: m=%" PRIu64 " (%" PRIu64 ",%" PRIu64 ",%" PRIu64
                                "): rule %d, brute force %d\n",
                                what, t->m, x, y, z, (int)got, (int)want);
                    }
                }
            }
        }
    }
}

/* The range the closed form is checked on: every m <= 8 (and the degenerate m = 0) and a, b, c in
 * 0..3(m+1)+3. */
static void test_rule_exhaustive(void) {
    for (uint64_t m = 0; m <= 8; m++) {
        const uint64_t r = 3 * (m + 1) + 3;
        brute t;
        brute_fill(&t, m, r, r, r);
        check_table(&t, "exhaustive");
        free(t.lose);
    }
}

/* Random boxes with m up to 50 and stacks up to 200 (at most ~2^19 positions a box). */
static void test_rule_random(uint64_t seed) {
    check_rng rng = {seed};
    const int before = check_failures;
    for (int round = 0; round < 12; round++) {
        const uint64_t m = 1 + check_rng_below(&rng, 50);
        uint64_t n[3];
        n[0] = 1 + check_rng_below(&rng, 200);
        n[1] = 1 + check_rng_below(&rng, 200);
        n[2] = 1 + check_rng_below(&rng, (1u << 19) / ((n[0] + 1) * (n[1] + 1)) + 1);
        brute t;
        brute_fill(&t, m, n[0], n[1], n[2]);
        check_table(&t, "random");
        free(t.lose);
    }
    if (check_failures != before) {
        fprintf(stderr, "test_rule_random: replay with GRUNDY_TEST_SEED=%" PRIu64 "\n", seed);
    }
}

/* A cap at least the largest stack is no cap: the game with m = 10^18, 2^63 - 1 or 2^64 - 1 and
 * small stacks is the game with m = the largest stack, which the brute force solves. */
static void test_rule_huge_cap(void) {
    const uint64_t caps[3] = {1000000000000000000u, GRUNDY_NUMBER_MAX, UINT64_MAX};
    brute t;
    brute_fill(&t, 12, 12, 12, 12);
    for (size_t i = 0; i < 3; i++) {
        for (uint64_t x = 0; x <= 12; x++) {
            for (uint64_t y = 0; y <= 12; y++) {
                for (uint64_t z = 0; z <= 12; z++) {
                    CHECK_EQ(grundy_left_stack_outcome(caps[i], x, y, z),
                             brute_outcome(&t, x, y, z));
                }
            }
        }
    }
    free(t.lose);
}

/* Every move of (m, s) in the seed's rules, as children; returns how many (at most 3m). */
static size_t children(uint64_t m, const uint64_t s[3], uint64_t (*out)[3]) {
    size_t count = 0;
    for (int i = 0; i < 3; i++) {
        const int left_empty = (i == 0) || (s[0] == 0 && (i == 1 || s[1] == 0));
        for (uint64_t d = 1; d <= m && d <= s[i]; d++) {
            if (d < s[i] || left_empty) {
                out[count][0] = s[0];
                out[count][1] = s[1];
                out[count][2] = s[2];
                out[count][i] -= d;
                count++;
            }
        }
    }
    return count;
}

/* Near 10^18 no table reaches, so check the rule's own induction step there: a position it calls
 * lost has only won children, one it calls won has a lost child. With a terminal position lost,
 * this local test at every position is exactly the proof's claim. */
static void test_rule_local_huge(uint64_t seed) {
    check_rng rng = {seed};
    static uint64_t kids[3 * 64][3];
    const int before = check_failures;
    for (int round = 0; round < 3000; round++) {
        const uint64_t m = 1 + check_rng_below(&rng, 64);
        uint64_t s[3];
        for (int i = 0; i < 3; i++) {
            const uint64_t kind = check_rng_below(&rng, 4);
            s[i] = kind == 0   ? check_rng_below(&rng, 3)
                   : kind == 1 ? GRUNDY_NUMBER_MAX - check_rng_below(&rng, 3 * m)
                               : 1000000000000000000u - check_rng_below(&rng, 1000);
        }
        const size_t count = children(m, s, kids);
        size_t lost_children = 0;
        for (size_t j = 0; j < count; j++) {
            lost_children += grundy_left_stack_outcome(m, kids[j][0], kids[j][1], kids[j][2]) ==
                             GRUNDY_OUTCOME_LOSE;
        }
        const grundy_outcome got = grundy_left_stack_outcome(m, s[0], s[1], s[2]);
        CHECK_EQ(got, lost_children > 0 ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE);
    }
    if (check_failures != before) {
        fprintf(stderr, "test_rule_local_huge: replay with GRUNDY_TEST_SEED=%" PRIu64 "\n", seed);
    }
}

/* ---- The solver on the game's callback table ---- */

static void check_solved(uint64_t m, uint64_t a, uint64_t b, uint64_t c, const brute *t) {
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_selftest_report rep;
    CHECK_EQ(grundy_game_left_stack_create(m, a, b, c, (uint64_t)1 << 24, &g), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_game_selftest(g, 2000, 7, &rep), GRUNDY_STATUS_OK);
    CHECK_EQ(grundy_solve(g, NULL, &s), GRUNDY_STATUS_OK);
    if (g == NULL || s == NULL) {
        grundy_game_destroy(g);
        return;
    }
    CHECK_EQ(grundy_solution_outcome(s, g->initial), grundy_left_stack_outcome(m, a, b, c));
    int bad = 0;
    for (uint64_t x = 0; x <= a; x++) {
        for (uint64_t y = 0; y <= b; y++) {
            for (uint64_t z = 0; z <= c; z++) {
                const grundy_outcome o =
                    grundy_solution_outcome(s, grundy_left_stack_index(b, c, x, y, z));
                bad += o != brute_outcome(t, x, y, z) || o != grundy_left_stack_outcome(m, x, y, z);
            }
        }
    }
    CHECK_EQ(bad, 0);
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
}

static void test_solver(uint64_t seed) {
    for (uint64_t m = 0; m <= 8; m++) {
        const uint64_t r = 3 * (m + 1) + 3;
        brute t;
        brute_fill(&t, m, r, r, r);
        check_solved(m, r, r, r, &t);
        check_solved(m, r, r / 2, 3, &t); /* unequal sides exercise the index arithmetic */
        free(t.lose);
    }
    check_rng rng = {seed};
    for (int round = 0; round < 4; round++) {
        const uint64_t m = 1 + check_rng_below(&rng, 50);
        const uint64_t a = 1 + check_rng_below(&rng, 60), b = 1 + check_rng_below(&rng, 60),
                       c = 1 + check_rng_below(&rng, 60);
        brute t;
        brute_fill(&t, m, a, b, c);
        check_solved(m, a, b, c, &t);
        free(t.lose);
    }
    grundy_game *g = NULL;
    CHECK_EQ(grundy_game_left_stack_create(1, 99, 99, 99, 1000, &g), GRUNDY_STATUS_LIMIT);
    CHECK(g == NULL);
    CHECK_EQ(grundy_game_left_stack_create(1, UINT64_MAX, 1, 1, UINT64_MAX, &g),
             GRUNDY_STATUS_LIMIT);
}

/* ---- The seed: its samples and its write-up's examples ---- */

/* The write-up's program, ported line by line (Python's % on a negative left operand included), so
 * that each counterexample below shows what it prints. Not used by the library. */
static int64_t py_mod(int64_t x, int64_t k) {
    return ((x % k) + k) % k;
}

static grundy_outcome writeup_program(int64_t m, int64_t a, int64_t b, int64_t c) {
    const int64_t k = m + 1, locked_c = py_mod(c - 1, k);
    int suffix_wins;
    if (b > m) {
        suffix_wins = ((b % k) ^ locked_c) != 0;
    } else if (locked_c != 0) {
        suffix_wins = 1;
    } else {
        suffix_wins = (c % k) != 0 ? b % 2 == 0 : b % 2 == 1;
    }
    const int64_t locked = py_mod(b - 1, k) ^ py_mod(c - 1, k);
    int wins;
    if (a > m) {
        wins = ((a % k) ^ locked) != 0;
    } else if (locked != 0) {
        wins = 1;
    } else {
        wins = suffix_wins ? a % 2 == 0 : a % 2 == 1;
    }
    return wins ? GRUNDY_OUTCOME_WIN : GRUNDY_OUTCOME_LOSE;
}

typedef struct seed_case {
    uint64_t m, a, b, c;
    grundy_outcome truth;   /* the brute force's answer, which the rule must give */
    grundy_outcome writeup; /* what the write-up's program prints */
} seed_case;

static void test_seed_cases(void) {
    const grundy_outcome W = GRUNDY_OUTCOME_WIN, L = GRUNDY_OUTCOME_LOSE;
    const uint64_t e18 = 1000000000000000000u;
    static const seed_case cases[] = {
        /* The provided sample "3 1 1 1" -> Tomaz; the write-up is right. */
        {3, 1, 1, 1, GRUNDY_OUTCOME_WIN, GRUNDY_OUTCOME_WIN},
        /* The write-up's four test cases; all right. */
        {1, 1, 1, 1, GRUNDY_OUTCOME_WIN, GRUNDY_OUTCOME_WIN},
        {1, 2, 1, 1, GRUNDY_OUTCOME_LOSE, GRUNDY_OUTCOME_LOSE},
        {3, 4, 4, 4, GRUNDY_OUTCOME_LOSE, GRUNDY_OUTCOME_LOSE},
        /* WRONG in the write-up ("Edge Cases"): "1 1 2 1" is called winning because the locked
         * value (2-1) xor (1-1) = 1 is nonzero. With m = 1 every move takes one rock and the
         * leftmost stack can always be shrunk, so the game lasts exactly a+b+c = 4 moves and
         * Danftito wins: the two moves, to (0,2,1) and (1,1,1), both leave 3 rocks. */
        {1, 1, 2, 1, GRUNDY_OUTCOME_LOSE, GRUNDY_OUTCOME_WIN},
        /* WRONG in the program: "1 1 1 2" (the write-up's first illustration, no answer given)
         * also lasts 4 moves: Danftito. Branch "a <= m and locked != 0 means a win": false. */
        {1, 1, 1, 2, GRUNDY_OUTCOME_LOSE, GRUNDY_OUTCOME_WIN},
        /* WRONG in the program, same branch: m = 2, (1,1,2). Both moves lose for the mover:
         * (0,1,2) has 1 != 2 (mod 3), a won two-stack position; (1,1,1) has 1^0^0 = 1, won. */
        {2, 1, 1, 2, GRUNDY_OUTCOME_LOSE, GRUNDY_OUTCOME_WIN},
        /* WRONG in the program, branch "a <= m, locked = 0: parity of a": m = 3, (2,1,1). Tomaz
         * takes both rocks of the first stack; (1,1) is lost for Danftito (1 = 1 (mod 4)). */
        {3, 2, 1, 1, GRUNDY_OUTCOME_WIN, GRUNDY_OUTCOME_LOSE},
        /* WRONG in the program's two-stack part (b > m: "b mod k xor (c-1) mod k"): m = 1,
         * (1,2,2) has 5 rocks, so Tomaz wins (empty the first stack: (2,2) is lost). */
        {1, 1, 2, 2, GRUNDY_OUTCOME_WIN, GRUNDY_OUTCOME_LOSE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const seed_case *const t = &cases[i];
        CHECK_EQ(grundy_left_stack_outcome(t->m, t->a, t->b, t->c), t->truth);
        CHECK_EQ(writeup_program((int64_t)t->m, (int64_t)t->a, (int64_t)t->b, (int64_t)t->c),
                 t->writeup);
        brute bt;
        brute_fill(&bt, t->m, t->a, t->b, t->c);
        CHECK_EQ(brute_outcome(&bt, t->a, t->b, t->c), t->truth);
        free(bt.lose);
    }
    /* The write-up's last test case, 10^18 four times -> Tomaz: right (10^18 xor 2 (10^18 - 1)
     * residues = 10^18 != 0). */
    CHECK_EQ(grundy_left_stack_outcome(e18, e18, e18, e18), W);
    CHECK_EQ(writeup_program((int64_t)e18, (int64_t)e18, (int64_t)e18, (int64_t)e18), W);
    /* The worked example's two-stack suffix (1, 1) with m = 3 is lost, as it says. */
    CHECK_EQ(grundy_left_stack_outcome(3, 0, 1, 1), L);
}

/* The seed's input format: "m a b c", white space free-form; bad numbers name themselves. */
static void test_parse(void) {
    const char *text = "3 1 1 1\n  1000000000000000000 1 2\n3\n\n";
    const char *cur = text, *const end = text + strlen(text);
    size_t line = 1;
    uint64_t v[4];
    grundy_diag diag;
    CHECK_EQ(grundy_left_stack_parse(&cur, end, &line, v, &diag), GRUNDY_STATUS_OK);
    CHECK_U64(v[0], 3);
    CHECK_U64(v[3], 1);
    CHECK_EQ(grundy_left_stack_parse(&cur, end, &line, v, &diag), GRUNDY_STATUS_OK);
    CHECK_U64(v[0], 1000000000000000000u);
    CHECK_U64(v[3], 3);
    CHECK_EQ(line, 3);
    CHECK_EQ(grundy_left_stack_parse(&cur, end, &line, v, &diag), GRUNDY_STATUS_NOT_FOUND);

    const char *bad = "3 1 x 1";
    cur = bad;
    line = 1;
    CHECK_EQ(grundy_left_stack_parse(&cur, bad + strlen(bad), &line, v, &diag),
             GRUNDY_STATUS_PARSE);
    CHECK(strstr(diag.message, "stack b") != NULL);
    const char *short_input = "\n3 1\n1\n"; /* cut short: named at its first line, 2 */
    cur = short_input;
    line = 1;
    CHECK_EQ(grundy_left_stack_parse(&cur, short_input + strlen(short_input), &line, v, &diag),
             GRUNDY_STATUS_PARSE);
    CHECK(strstr(diag.message, "stack c") != NULL);
    CHECK_EQ(diag.line, 2);
    const char *big = "9223372036854775808 1 1 1";
    cur = big;
    CHECK_EQ(grundy_left_stack_parse(&cur, big + strlen(big), &line, v, NULL), GRUNDY_STATUS_RANGE);
}

int main(void) {
    const uint64_t seed = check_seed(20240802);
    test_rule_exhaustive();
    test_rule_random(seed);
    test_rule_huge_cap();
    test_rule_local_huge(seed);
    test_solver(seed);
    test_seed_cases();
    test_parse();
    return check_report("test_left_stack");
}
