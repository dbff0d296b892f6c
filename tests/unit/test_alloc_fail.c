/* SPDX-License-Identifier: MIT */
/*
 * Allocation failures along the main paths. The test is linked with tests/unit/alloc_wrap.c and
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup, so every allocation libgrundy.a
 * makes asks alloc_fail_now() below first, without a line of the library changed. For
 * each path and every k, the k-th allocation fails; the path must return a status (no crash),
 * and when it still returns OK its answer must be the one of the run without a fault. Under the
 * ASan build LeakSanitizer checks that every path frees what it took, failure or not.
 */
#include "alloc_wrap.h"
#include "check.h"

#include <grundy/graph.h>
#include <grundy/period.h>
#include <grundy/position.h>
#include <grundy/query.h>
#include <grundy/rule.h>
#include <grundy/seq.h>
#include <grundy/solver.h>

#include <stdatomic.h>

static atomic_long calls;   /* allocations since the path started */
static atomic_long fail_at; /* the one that fails; -1: none */

int alloc_fail_now(void) {
    const long k = atomic_fetch_add(&calls, 1);
    return k == atomic_load(&fail_at);
}

/* FNV-1a over 64-bit words: what a path computed, to compare with the run without a fault. */
static void mix(uint64_t *h, uint64_t v) {
    for (int i = 0; i < 8; i++) {
        *h = (*h ^ ((v >> (8 * i)) & 0xff)) * 0x100000001b3ull;
    }
}

typedef grundy_status (*path_fn)(uint64_t *print);

static grundy_status path_rules(uint64_t *print) {
    static const char *const texts[] = {"0.07", "S(1-5,9,12-20)", "4!.0", "kayles", "0.[37]",
                                        "4.0",  "dawson-chess",   "C.0"};
    grundy_status st = GRUNDY_STATUS_OK;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0] && st == GRUNDY_STATUS_OK; i++) {
        grundy_rule *r = NULL;
        char buf[64];
        st = grundy_rule_parse(texts[i], &r, NULL);
        if (st == GRUNDY_STATUS_OK) {
            const size_t len = grundy_rule_format(r, buf, sizeof buf);
            for (size_t j = 0; j < len && j < sizeof buf; j++) {
                mix(print, (uint64_t)buf[j]);
            }
        }
        grundy_rule_destroy(r);
    }
    return st;
}

/* The sequence of `text` to n with `engine`. */
static grundy_status sequence(const char *text, grundy_seq_engine engine, uint64_t n,
                              uint64_t *print) {
    grundy_rule *r = NULL;
    grundy_seq *s = NULL;
    grundy_seq_opts o = GRUNDY_SEQ_OPTS_INIT;
    o.engine = engine;
    grundy_status st = grundy_rule_parse(text, &r, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_create(r, &o, &s);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_seq_extend(s, n);
    }
    for (uint64_t i = 0; st == GRUNDY_STATUS_OK && i < n; i++) {
        mix(print, grundy_seq_get(s, i));
    }
    grundy_seq_destroy(s);
    grundy_rule_destroy(r);
    return st;
}

static grundy_status path_seq_naive(uint64_t *print) {
    grundy_status st = sequence("0.137", GRUNDY_SEQ_NAIVE, 3000, print);
    return st == GRUNDY_STATUS_OK ? sequence("4!.0", GRUNDY_SEQ_NAIVE, 300, print) : st;
}

static grundy_status path_seq_sparse(uint64_t *print) {
    return sequence("0.16", GRUNDY_SEQ_SPARSE, 5000, print);
}

static grundy_status path_period(uint64_t *print) {
    static const char *const texts[] = {"0.07", "0.77", "S(2,5)", "4.7", "0.6"};
    grundy_status st = GRUNDY_STATUS_OK;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0] && st == GRUNDY_STATUS_OK; i++) {
        grundy_rule *r = NULL;
        grundy_period_result res;
        grundy_period_opts o = GRUNDY_PERIOD_OPTS_INIT;
        o.max_n = 1u << 12;
        st = grundy_rule_parse(texts[i], &r, NULL);
        if (st == GRUNDY_STATUS_OK) {
            st = grundy_period_find(r, NULL, &o, &res);
        }
        if (st == GRUNDY_STATUS_OK) {
            mix(print, (uint64_t)res.found);
            mix(print, res.found ? res.period * 1000003 + res.preperiod : 0);
        }
        grundy_rule_destroy(r);
    }
    return st;
}

static grundy_status path_play(uint64_t *print) {
    static const uint64_t heaps[] = {1000000000000000000ull, 17, 35, 1234567};
    static const uint64_t small[] = {5, 7, 3};
    grundy_rule *r = NULL;
    grundy_position *p = NULL;
    grundy_move moves[8];
    grundy_play_result res;
    grundy_status st = grundy_rule_parse("0.07", &r, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_position_create(r, NULL, &p);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_position_play(p, heaps, 4, 0, moves, 8, &res);
    }
    if (st == GRUNDY_STATUS_OK) {
        mix(print, res.move_count);
        mix(print, res.nim_sum);
        st = grundy_position_play(p, small, 3, 1, moves, 8, &res); /* misere: the search */
    }
    if (st == GRUNDY_STATUS_OK) {
        mix(print, (uint64_t)res.win);
        mix(print, res.move_count);
    }
    grundy_position_destroy(p);
    grundy_rule_destroy(r);
    return st;
}

static grundy_status path_query(uint64_t *print) {
    grundy_rule *r = NULL;
    grundy_query *q = NULL;
    uint64_t v = 0, count = 0;
    grundy_status st = grundy_rule_parse("kayles", &r, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_create(r, NULL, &q);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_value(q, 999999999999999999ull, &v);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_query_count_value(q, 0, 1000000, 0, &count);
    }
    mix(print, v);
    mix(print, count);
    grundy_query_destroy(q);
    grundy_rule_destroy(r);
    return st;
}

static grundy_status path_graph(uint64_t *print) {
    static const char text[] = "6 8\n0 1\n1 2\n2 0\n2 3\n3 4\n4 5\n5 3\n1 4\n";
    grundy_graph *g = NULL;
    grundy_graph_labels l = {0, NULL, NULL, 0, 0, 0};
    grundy_graph_sg *sg = NULL;
    grundy_status st = grundy_graph_parse(text, sizeof text - 1, NULL, &g, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_graph_label(g, 1, &l);
    }
    if (st == GRUNDY_STATUS_OK) {
        mix(print, l.win * 10000 + l.lose * 100 + l.draw);
        st = grundy_graph_sg_compute(g, &sg);
    }
    for (uint32_t v = 0; st == GRUNDY_STATUS_OK && v < 6; v++) {
        mix(print, (uint64_t)grundy_graph_sg_outcome(sg, v));
    }
    grundy_graph_sg_destroy(sg);
    grundy_graph_labels_free(&l);
    grundy_graph_destroy(g);
    return st;
}

static grundy_status path_solve(uint64_t *print) {
    static const char *const path = "test_alloc_fail.tab";
    grundy_game *g = NULL;
    grundy_solution *s = NULL, *t = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = GRUNDY_SOLVE_REMOTENESS | GRUNDY_SOLVE_GRUNDY;
    grundy_status st = grundy_game_divisors_create(9, &g);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(g, &o, &s);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solution_save_game(s, "divisors 9", path);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solution_load_game(path, 0, "divisors 9", &t);
    }
    for (uint64_t p = 0; st == GRUNDY_STATUS_OK && p < g->positions; p++) {
        mix(print, grundy_solution_remoteness(t, p) * 64 + grundy_solution_grundy(t, p));
    }
    remove(path);
    grundy_solution_destroy(t);
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return st;
}

static grundy_status path_heaps_game(uint64_t *print) {
    static const uint64_t heaps[] = {4, 6, 7};
    grundy_rule *r = NULL;
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    grundy_status st = grundy_rule_parse("0.77", &r, NULL);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_game_heaps_create(r, heaps, 3, 0, 1u << 20, &g);
    }
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_solve(g, &o, &s);
    }
    if (st == GRUNDY_STATUS_OK) {
        mix(print, (uint64_t)grundy_solution_outcome(s, g->initial));
        mix(print, grundy_solution_remoteness(s, g->initial));
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    grundy_rule_destroy(r);
    return st;
}

static const struct {
    const char *name;
    path_fn run;
} paths[] = {
    {"rule parse", path_rules},
    {"sequence naive", path_seq_naive},
    {"sequence sparse", path_seq_sparse},
    {"period", path_period},
    {"play", path_play},
    {"query", path_query},
    {"graph", path_graph},
    {"solve + table file", path_solve},
    {"solve heaps", path_heaps_game},
};

/* Fail each allocation of the path in turn; returns how many allocations the path makes. */
static long run_path(const char *name, path_fn run) {
    uint64_t want = 0xcbf29ce484222325ull;
    atomic_store(&fail_at, -1);
    atomic_store(&calls, 0);
    CHECK_EQ(run(&want), GRUNDY_STATUS_OK);
    const long total = atomic_load(&calls);
    long refused = 0, survived = 0;
    for (long k = 0; k < total; k++) {
        uint64_t got = 0xcbf29ce484222325ull;
        atomic_store(&calls, 0);
        atomic_store(&fail_at, k);
        const grundy_status st = run(&got);
        atomic_store(&fail_at, -1);
        if (st == GRUNDY_STATUS_OK) {
            survived++; /* the failure was absorbed: the answer must be unchanged */
            if (got != want) {
                fprintf(stderr, "%s: allocation %ld failed, OK returned with another answer\n",
                        name, k);
                CHECK(got == want);
            }
        } else {
            refused++;
            if (st != GRUNDY_STATUS_NOMEM && st != GRUNDY_STATUS_LIMIT) {
                fprintf(stderr, "%s: allocation %ld failed, status %s\n", name, k,
                        grundy_status_str(st));
                CHECK(st == GRUNDY_STATUS_NOMEM || st == GRUNDY_STATUS_LIMIT);
            }
        }
    }
    printf("%-20s %6ld allocations: %ld refused with a status, %ld absorbed\n", name, total,
           refused, survived);
    return total;
}

int main(void) {
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        CHECK(run_path(paths[i].name, paths[i].run) > 0);
    }
    return check_report("test_alloc_fail");
}
