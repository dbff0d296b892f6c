/* SPDX-License-Identifier: MIT */
/* Batches of the solver's games: read every query, solve once where the games nest, answer each. */
#include "solve_batch.h"
#include "json.h"

/* The input's queries may take --max-bytes or the batch default, whichever is more: solve's
 * --max-bytes sizes the tables, and a small one must not refuse a two-line input. */
static uint64_t batch_limit(const solve_batch_request *rq) {
    return rq->max_bytes > BATCH_DEFAULT_MAX_BYTES ? rq->max_bytes : BATCH_DEFAULT_MAX_BYTES;
}

static const char *outcome_word(grundy_outcome o) {
    return o == GRUNDY_OUTCOME_WIN ? "win" : o == GRUNDY_OUTCOME_LOSE ? "lose" : "draw";
}

uint64_t solve_bytes_needed(uint64_t positions, double bytes_each) {
    const double need = (double)positions * bytes_each;
    return need >= 9.2e18 ? GRUNDY_NUMBER_MAX : (uint64_t)need + 1;
}

uint64_t solve_bytes_estimate(const grundy_game *g, unsigned want) {
    double each = 0.25 + 1 + 4;
    each += (want & GRUNDY_SOLVE_REMOTENESS) ? 4 : 0;
    each += (want & GRUNDY_SOLVE_GRUNDY) ? 4 : 0;
    each += (want & GRUNDY_SOLVE_SCORE) ? 8 : 0;
    if (g->parents == NULL) {
        each += 8 + 8.0 * (g->max_moves > 0 ? g->max_moves : 16);
    }
    return solve_bytes_needed(g->positions, each);
}

int solve_fail(const cli_command *cmd, const grundy_game *g, grundy_status st, unsigned want,
               uint64_t max_bytes) {
    const uint64_t need = solve_bytes_estimate(g, want);
    if (st == GRUNDY_STATUS_NOMEM && need <= max_bytes) {
        char what[160];
        snprintf(what, sizeof what, "%s: %llu positions", g->name,
                 (unsigned long long)g->positions);
        return cli_oom_fail(cmd, what, need, NULL);
    }
    if (st == GRUNDY_STATUS_LIMIT || st == GRUNDY_STATUS_NOMEM) {
        return cli_fail(cmd, CLI_EXIT_LIMIT,
                        "%s: %llu positions need about %llu bytes, over --max-bytes %llu: raise "
                        "--max-bytes to %llu",
                        g->name, (unsigned long long)g->positions, (unsigned long long)need,
                        (unsigned long long)max_bytes, (unsigned long long)need);
    }
    return cli_fail(cmd, cli_exit_code(st), "%s: %s", g->name, grundy_status_str(st));
}

/* Solve g for outcomes and remoteness (and Grundy values when `grundy`). */
static int solve(const cli_command *cmd, const solve_batch_request *rq, const grundy_game *g,
                 unsigned want, grundy_solution **out) {
    grundy_solve_opts o = GRUNDY_SOLVE_OPTS_INIT;
    o.want = want;
    o.max_bytes = rq->max_bytes;
    const grundy_status st = grundy_solve(g, &o, out);
    return st == GRUNDY_STATUS_OK ? 0 : solve_fail(cmd, g, st, want, rq->max_bytes);
}

static void print_outcome(const solve_batch_request *rq, const grundy_game *g,
                          const grundy_solution *s, uint64_t p, const char *k1, uint64_t v1,
                          const char *k2, uint64_t v2, uint64_t positions) {
    const grundy_outcome o = grundy_solution_outcome(s, p);
    if (!rq->json) {
        puts(o == GRUNDY_OUTCOME_WIN ? "First" : "Second");
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "game", g->name);
    json_kv_u64(&w, k1, v1);
    if (k2 != NULL) {
        json_kv_u64(&w, k2, v2);
    }
    json_kv_u64(&w, "positions", positions);
    json_kv_str(&w, "outcome", outcome_word(o));
    json_kv_null(&w, "score");
    json_kv_u64(&w, "remoteness", grundy_solution_remoteness(s, p));
    if (grundy_solution_tables(s) & GRUNDY_SOLVE_GRUNDY) {
        json_kv_u64(&w, "value", grundy_solution_grundy(s, p));
    }
    json_object_end(&w);
}

int solve_batch_divisors(const cli_command *cmd, const solve_batch_request *rq) {
    batch b;
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    int rc = batch_read(cmd, rq->input, rq->format, 1, 1, GRUNDY_DIVISORS_MAX, batch_limit(rq), &b);
    for (size_t i = 0; rc == 0 && i < b.count; i++) {
        if (b.q[i].v[0] == 0) {
            rc = cli_fail(cmd, CLI_EXIT_VALUE, "--input line %zu: N must be at least 1",
                          b.q[i].line);
        }
    }
    if (rc != 0) {
        return rc;
    }
    const unsigned top = (unsigned)(b.count > 0 ? batch_max(&b, 0) : 1);
    const grundy_status st = grundy_game_divisors_create(top, &g);
    rc = st != GRUNDY_STATUS_OK
             ? cli_fail(cmd, cli_exit_code(st), "divisors: %s", grundy_status_str(st))
             : solve(cmd, rq, g,
                     GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS |
                         (rq->json ? GRUNDY_SOLVE_GRUNDY : 0u),
                     &s);
    for (size_t i = 0; rc == 0 && i < b.count; i++) {
        const uint64_t n = b.q[i].v[0];
        print_outcome(rq, g, s, ((uint64_t)1 << n) - 1, "n", n, NULL, 0, (uint64_t)1 << n);
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    batch_free(&b);
    return rc;
}

int solve_batch_misere_piles(const cli_command *cmd, const solve_batch_request *rq) {
    batch b;
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    int rc = batch_read(cmd, rq->input, rq->format, 2, 2, GRUNDY_PILES_MAX, batch_limit(rq), &b);
    if (rc != 0) {
        return rc;
    }
    const uint64_t a_max = batch_max(&b, 0), b_max = batch_max(&b, 1);
    const grundy_status st =
        grundy_game_misere_piles_create(a_max, b_max, rq->max_bytes / 5 + 1, &g);
    if (st == GRUNDY_STATUS_LIMIT) {
        rc = cli_fail(cmd, CLI_EXIT_LIMIT,
                      "misere-piles: the largest piles (%llu, %llu) make %llu positions, 5 bytes "
                      "each: raise --max-bytes to %llu",
                      (unsigned long long)a_max, (unsigned long long)b_max,
                      (unsigned long long)((a_max + 1) * (b_max + 1)),
                      (unsigned long long)((a_max + 1) * (b_max + 1) * 5));
    } else if (st != GRUNDY_STATUS_OK) {
        rc = cli_fail(cmd, cli_exit_code(st), "misere-piles: %s", grundy_status_str(st));
    } else {
        rc = solve(cmd, rq, g, GRUNDY_SOLVE_OUTCOME | GRUNDY_SOLVE_REMOTENESS, &s);
    }
    for (size_t i = 0; rc == 0 && i < b.count; i++) {
        const uint64_t a = b.q[i].v[0], bb = b.q[i].v[1];
        print_outcome(rq, g, s, a * (b_max + 1) + bb, "a", a, "b", bb, (a + 1) * (bb + 1));
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    batch_free(&b);
    return rc;
}

static int pick_one(const cli_command *cmd, const solve_batch_request *rq, const batch_query *q) {
    grundy_game *g = NULL;
    grundy_solution *s = NULL;
    grundy_status st = grundy_game_pick_create(q->v, (size_t)q->count, &g);
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(cmd, cli_exit_code(st), "--input line %zu: pick: %s", q->line,
                        grundy_status_str(st));
    }
    const int rc = solve(cmd, rq, g, GRUNDY_SOLVE_SCORE, &s);
    if (rc == 0) {
        const int64_t score = grundy_solution_score(s, g->initial);
        if (rq->json) {
            json_writer w;
            json_init(&w, stdout);
            json_object_begin(&w);
            json_kv_str(&w, "game", "pick");
            json_kv_u64(&w, "items", (uint64_t)q->count);
            json_kv_u64(&w, "positions", g->positions);
            json_kv_str(&w, "outcome", score > 0 ? "win" : score < 0 ? "lose" : "draw");
            json_kv_i64(&w, "score", score);
            json_kv_u64(&w, "remoteness", (uint64_t)q->count);
            json_object_end(&w);
        } else {
            printf("%lld\n", (long long)score);
        }
    }
    grundy_solution_destroy(s);
    grundy_game_destroy(g);
    return rc;
}

int solve_batch_pick(const cli_command *cmd, const solve_batch_request *rq) {
    batch b;
    int rc = batch_read(cmd, rq->input, rq->format, 1,
                        rq->format == BATCH_SEED ? 0 : GRUNDY_PICK_MAX_ITEMS, GRUNDY_PICK_MAX_VALUE,
                        batch_limit(rq), &b);
    for (size_t i = 0; rc == 0 && i < b.count; i++) {
        rc = pick_one(cmd, rq, &b.q[i]);
    }
    batch_free(&b);
    return rc;
}
