/* SPDX-License-Identifier: MIT */
/* The oracle itself: its move enumeration on hand-checked heaps, and its outcomes against
 * Bouton's rules (Nim, normal and misere) and a hand-written table for Kayles. */
#include "check.h"

#include "heap/rule/heap_moves.h"

#include <grundy/brute.h>
#include <grundy/nimber.h>

static grundy_rule *parse(const char *text) {
    grundy_rule *r = NULL;
    CHECK_EQ(grundy_rule_parse(text, &r, NULL), GRUNDY_STATUS_OK);
    return r;
}

typedef struct collected {
    char text[512];
    size_t len;
} collected;

static int collect(void *ctx, const grundy_heap_move *m) {
    collected *c = ctx;
    c->len += (size_t)snprintf(c->text + c->len, sizeof c->text - c->len,
                               "%llu:", (unsigned long long)m->take);
    for (unsigned j = 0; j < m->parts; j++) {
        c->len += (size_t)snprintf(c->text + c->len, sizeof c->text - c->len, "%s%llu",
                                   j ? "," : "", (unsigned long long)m->left[j]);
    }
    c->len += (size_t)snprintf(c->text + c->len, sizeof c->text - c->len, " ");
    return 0;
}

static void expect_moves(const char *rule_text, uint64_t n, const char *want) {
    grundy_rule *r = parse(rule_text);
    collected c = {{0}, 0};
    if (r != NULL) {
        CHECK_EQ(grundy_heap_moves_each(r, n, collect, &c, NULL), GRUNDY_STATUS_OK);
    }
    CHECK_STR(c.text, want);
    grundy_rule_destroy(r);
}

static void test_enumeration(void) {
    /* Kayles: take 1 or 2, leaving 0, 1 or 2 heaps. */
    expect_moves("kayles", 5, "1:4 1:1,3 1:2,2 2:3 2:1,2 ");
    expect_moves("kayles", 2, "1:1 2: ");
    /* Grundy's game: split into two unequal heaps. */
    expect_moves("grundy-game", 6, "0:1,5 0:2,4 ");
    expect_moves("grundy-game", 2, "");
    /* Seed problem 4: remove 1, remove 2, or remove 1 and split the rest in two: 0.73, since
     * digit 1 = 1 + 2 + 4 (take 1 leaving 0, 1 or 2 heaps) and digit 2 = 1 + 2. */
    expect_moves("0.73", 4, "1:3 1:1,2 2:2 ");
    expect_moves("S(1,3)", 3, "1:2 3: ");
    expect_moves("0.008", 6, "3:1,1,1 ");
    expect_moves("0.4!", 7, "1:1,5 1:2,4 ");
    grundy_rule *s25 = parse("S(2,5)");
    int has = 1;
    CHECK_EQ(grundy_heap_has_move(s25, 1, &has), GRUNDY_STATUS_OK);
    CHECK(!has);
    CHECK_EQ(grundy_heap_has_move(s25, 2, &has), GRUNDY_STATUS_OK);
    CHECK(has);
    grundy_rule_destroy(s25);
}

static int brute_wins(grundy_brute *b, const uint64_t *h, size_t k) {
    int win = -1;
    CHECK_EQ(grundy_brute_wins(b, h, k, &win), GRUNDY_STATUS_OK);
    return win;
}

static uint64_t max_heap(const uint64_t *h, size_t k) {
    uint64_t m = 0;
    for (size_t i = 0; i < k; i++) {
        m = h[i] > m ? h[i] : m;
    }
    return m;
}

static void test_nim(uint64_t seed) {
    check_rng r = {seed};
    grundy_rule *nim = parse("nim");
    for (int misere = 0; misere <= 1; misere++) {
        grundy_brute_opts o = GRUNDY_BRUTE_OPTS_INIT;
        o.misere = misere;
        grundy_brute *b = NULL;
        CHECK_EQ(grundy_brute_create(nim, &o, &b), GRUNDY_STATUS_OK);
        for (int t = 0; t < 300 && b != NULL; t++) {
            uint64_t h[4];
            const size_t k = (size_t)check_rng_below(&r, 5);
            for (size_t i = 0; i < k; i++) {
                h[i] = check_rng_below(&r, 9);
            }
            const int want = misere ? grundy_nim_misere_wins(h, k) : grundy_nim_normal_wins(h, k);
            const int got = brute_wins(b, h, k);
            CHECK_EQ(got, want);
            if (got != want) {
                fprintf(stderr, "test_nim: seed %" PRIu64 ", misere %d\n", seed, misere);
            }
            uint64_t total = 0;
            CHECK_EQ(grundy_brute_winning_moves(b, h, k, NULL, 0, &total), GRUNDY_STATUS_OK);
            /* A win has a winning move, except a misere position with no move at all. */
            const int no_move = max_heap(h, k) == 0;
            CHECK_EQ(total > 0, want && !no_move);
        }
        grundy_brute_destroy(b);
    }
    grundy_rule_destroy(nim);
}

static void test_kayles(void) {
    /* Kayles' values for n = 0..16 (Guy and Smith): 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1. */
    static const int value[17] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1};
    grundy_rule *k = parse("kayles");
    grundy_brute *b = NULL;
    CHECK_EQ(grundy_brute_create(k, NULL, &b), GRUNDY_STATUS_OK);
    for (uint64_t x = 0; x <= 16 && b != NULL; x++) {
        for (uint64_t y = 0; y <= 8; y++) {
            const uint64_t h[2] = {x, y};
            CHECK_EQ(brute_wins(b, h, 2), value[x] != value[y]);
        }
    }
    /* A move check: from 5 5, taking 1 from a heap of 5 leaving 2 2 is legal; it leaves 2 2 5,
     * of value 2 ^ 2 ^ 4 != 0, so it does not win. */
    const uint64_t h[2] = {5, 5};
    const grundy_move m = {0, 5, 1, 2, {2, 2, 0, 0}};
    int legal = 0, winning = 0;
    CHECK_EQ(grundy_brute_check_move(b, h, 2, &m, &legal, &winning), GRUNDY_STATUS_OK);
    CHECK_EQ(legal, 1);
    CHECK_EQ(winning, 0);
    const grundy_move bad = {0, 5, 3, 1, {2, 0, 0, 0}};
    CHECK_EQ(grundy_brute_check_move(b, h, 2, &bad, &legal, &winning), GRUNDY_STATUS_OK);
    CHECK_EQ(legal, 0);
    grundy_brute_destroy(b);
    grundy_rule_destroy(k);
}

static void test_limits(void) {
    grundy_rule *k = parse("kayles");
    grundy_brute_opts o = GRUNDY_BRUTE_OPTS_INIT;
    o.max_states = 50;
    grundy_brute *b = NULL;
    CHECK_EQ(grundy_brute_create(k, &o, &b), GRUNDY_STATUS_OK);
    const uint64_t h[3] = {20, 21, 22};
    int win = 0;
    CHECK_EQ(grundy_brute_wins(b, h, 3, &win), GRUNDY_STATUS_LIMIT);
    grundy_brute_destroy(b);
    grundy_rule_destroy(k);
}

int main(void) {
    const uint64_t seed = check_seed(7001);
    test_enumeration();
    test_nim(seed);
    test_kayles();
    test_limits();
    return check_report("test_brute");
}
