/* SPDX-License-Identifier: MIT */
/* The one policy for a thread that cannot start (util/threads.h): all or none, and NOMEM to the
 * caller. pthread_create is wrapped (thread_wrap.h) to fail at the k-th start, for every k a
 * user reaches: the helper itself (fn never runs), the worker pool, the barrier team's users
 * (the threaded retrograde core through grundy_graph_label_threads, and the solver's threaded
 * sweeps through grundy_solve) and the survey. Without faults each gives its one-thread result. */
#include "check.h"
#include "solver/solver_internal.h"
#include "thread_wrap.h"
#include "util/cpu_ledger.h"
#include "util/pool.h"
#include "util/threads.h"

#include <grundy/grundy.h>
#include <grundy/solver.h>
#include <grundy/survey.h>

#include <sched.h>
#include <stdatomic.h>

static int fail_at = -1; /* the start (0, 1, ...) that fails; -1: none */
static atomic_int starts;

int thread_fail_now(void) {
    return atomic_fetch_add(&starts, 1) == fail_at;
}

/* Fail the k-th start from now on (k < 0: none). */
static void fail_start(int k) {
    atomic_store(&starts, 0);
    fail_at = k;
}

static atomic_int calls;

static void *count_call(void *arg) {
    atomic_fetch_add(&calls, *(int *)arg);
    return NULL;
}

static void test_helper(void) {
    int args[5] = {1, 10, 100, 1000, 10000};
    for (int k = -1; k < 5; k++) {
        grundy_threads t;
        fail_start(k);
        atomic_store(&calls, 0);
        const grundy_status st = grundy_threads_start(&t, 5, count_call, args, sizeof *args);
        CHECK_EQ(st, k < 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM);
        if (st == GRUNDY_STATUS_OK) {
            grundy_threads_join(&t);
        }
        CHECK_EQ(atomic_load(&calls), k < 0 ? 11111 : 0); /* all or none ran */
    }
    grundy_threads t;
    fail_start(0);
    CHECK_EQ(grundy_threads_start(&t, 0, count_call, args, sizeof *args), GRUNDY_STATUS_OK);
    grundy_threads_join(&t);
}

static void add_index(void *arg, uint64_t i, unsigned w) {
    (void)w;
    atomic_fetch_add((atomic_int *)arg, (int)i);
}

static void test_pool(void) {
    for (int k = -1; k < 3; k++) {
        grundy_pool *pool = (grundy_pool *)&pool; /* overwritten: NULL on failure */
        fail_start(k);
        const grundy_status st = grundy_pool_create(4, &pool);
        CHECK_EQ(st, k < 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM);
        CHECK((st == GRUNDY_STATUS_OK) == (pool != NULL));
        if (pool != NULL) {
            atomic_int sum;
            atomic_init(&sum, 0);
            CHECK_EQ(grundy_pool_threads(pool), 4);
            grundy_pool_run(pool, add_index, &sum, 100);
            CHECK_EQ(atomic_load(&sum), 4950);
            grundy_pool_destroy(pool);
        }
    }
}

/* One index per thread (each waits until all three hold one), then 20 ms of its thread's CPU. */
static void burn_on_each(void *arg, uint64_t i, unsigned w) {
    atomic_int *const arrived = arg;
    (void)i;
    (void)w;
    atomic_fetch_add(arrived, 1);
    while (atomic_load(arrived) < 3) {
        sched_yield();
    }
    const uint64_t until = grundy_thread_cpu_ns() + 20000000u;
    while (grundy_thread_cpu_ns() < until) {
    }
}

/* A pool created under a ledger charges its workers' CPU time there: three threads burning
 * 20 ms each are at least 60 ms on the ledger, not the caller's 20 alone. */
static void test_ledger(void) {
    grundy_cpu_ledger ledger;
    grundy_pool *pool = NULL;
    atomic_int arrived;
    atomic_init(&arrived, 0);
    fail_start(-1);
    grundy_cpu_ledger *const outer = grundy_cpu_ledger_open(&ledger);
    CHECK(outer == NULL);
    CHECK(grundy_cpu_ledger_current() == &ledger);
    CHECK_EQ(grundy_pool_create(3, &pool), GRUNDY_STATUS_OK);
    grundy_pool_run(pool, burn_on_each, &arrived, 3);
    grundy_pool_destroy(pool);
    CHECK(grundy_cpu_ledger_seconds(&ledger) >= 0.06);
    grundy_cpu_ledger_close(outer);
    CHECK(grundy_cpu_ledger_current() == NULL);
}

/* The loop in three steps: the first indices all done when wait_first returns (each flag set
 * before), the rest when finish does, on 1 and 4 threads. */
typedef struct first_loop {
    atomic_int done[64];
} first_loop;

static void mark_index(void *arg, uint64_t i, unsigned w) {
    (void)w;
    atomic_store(&((first_loop *)arg)->done[i], 1);
}

static void test_pool_first(void) {
    for (unsigned threads = 1; threads <= 4; threads += 3) {
        grundy_pool *pool = NULL;
        CHECK_EQ(grundy_pool_create(threads, &pool), GRUNDY_STATUS_OK);
        for (uint64_t first = 0; first <= 64 && pool != NULL; first += 13) {
            first_loop l;
            for (int i = 0; i < 64; i++) {
                atomic_init(&l.done[i], 0);
            }
            grundy_pool_start(pool, mark_index, &l, 64, first);
            grundy_pool_wait_first(pool);
            for (uint64_t i = 0; i < first; i++) {
                CHECK_EQ(atomic_load(&l.done[i]), 1);
            }
            grundy_pool_finish(pool);
            for (uint64_t i = 0; i < 64; i++) {
                CHECK_EQ(atomic_load(&l.done[i]), 1);
            }
        }
        grundy_pool_destroy(pool);
    }
}

/* The threaded retrograde core: a random graph labelled on 4 threads. */
static void test_retro(void) {
    enum { N = 2000, M = 6000 };
    static uint32_t from[M], to[M];
    check_rng r = {7};
    for (uint32_t i = 0; i < M; i++) {
        from[i] = (uint32_t)check_rng_below(&r, N);
        to[i] = (uint32_t)check_rng_below(&r, N);
    }
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_create(&g, N, M, from, to), GRUNDY_STATUS_OK);
    grundy_graph_labels one, many;
    fail_start(-1);
    CHECK_EQ(grundy_graph_label_threads(g, 1, 1, &one), GRUNDY_STATUS_OK);
    for (int k = -1; k < 3; k++) {
        fail_start(k);
        const grundy_status st = grundy_graph_label_threads(g, 1, 4, &many);
        CHECK_EQ(st, k < 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM);
        if (st == GRUNDY_STATUS_OK) {
            CHECK_EQ(many.win, one.win);
            CHECK_EQ(many.lose, one.lose);
            CHECK_EQ(many.draw, one.draw);
        }
        grundy_graph_labels_free(&many);
    }
    grundy_graph_labels_free(&one);
    grundy_graph_destroy(g);
}

/* The solver's threaded sweeps (Kahn's order by levels) and its threaded core. */
static void test_solver(void) {
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_divisors_create(13, &game), GRUNDY_STATUS_OK);
    solver_levels_min_threads = 2;
    for (int k = -1; k < 3; k++) {
        grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
        grundy_solution *s = NULL;
        o.want = GRUNDY_SOLVE_GRUNDY;
        o.threads = 4;
        fail_start(k);
        const grundy_status st = grundy_solve(game, &o, &s);
        CHECK_EQ(st, k < 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM);
        CHECK((st == GRUNDY_STATUS_OK) == (s != NULL));
        grundy_solution_destroy(s);
    }
    grundy_game_destroy(game);
}

static void test_survey(void) {
    char *codes[] = {"0.07", "0.137", "4.7", "0.51"};
    grundy_survey_opts o = GRUNDY_SURVEY_OPTS_INIT;
    o.max_n = 512;
    for (int k = -1; k < 2; k++) {
        grundy_survey_row rows[4];
        grundy_status st[4];
        memset(rows, 0, sizeof rows);
        fail_start(k);
        CHECK_EQ(grundy_survey_run(codes, 4, NULL, &o, 3, rows, st, NULL, NULL),
                 k < 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_NOMEM);
        for (size_t i = 0; i < 4; i++) {
            CHECK_EQ(rows[i].values_computed > 0, k < 0); /* nothing surveyed on a failure */
            grundy_survey_row_clear(&rows[i]);
        }
    }
}

int main(void) {
    test_helper();
    test_pool();
    test_ledger();

    test_pool_first();
    test_retro();
    test_solver();
    test_survey();
    return check_report("test_threads");
}
