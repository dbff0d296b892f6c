/* SPDX-License-Identifier: MIT */
/* grundy period: the smallest period and preperiod of a rule's Grundy sequence, and its proof. */
#include "json.h"
#include "period_table.h"
#include "seq_common.h"

#include <string.h>

static const char help[] =
    "Usage: grundy period RULE [--table [--width W]] [--max-n M] [--engine E] [--json]\n"
    "\n"
    "Find the smallest period p of g and the smallest preperiod n0 for it (g(n + p) = g(n)\n"
    "for every n >= n0), computing in doubling rounds up to --max-n heaps and stopping at the\n"
    "first round that proves a period. The proof is the theorem that covers the rule:\n"
    "  guy-smith    moves leave at most two heaps, no '!': 2*n0 + 2*p + t values suffice\n"
    "  k-heap       moves leave three or four heaps: k*n0 + k*p + t + k values\n"
    "  window       moves leave at most one heap (subtraction games): n0 + p + max take\n"
    "  closed-form  Nim and take-a-or-more (g(n) = floor(n/a)), S(a-b) (period a + b)\n"
    "Tails and '!' codes (Grundy's game) have no theorem: a period that holds over the window a\n"
    "theorem would need is printed as observed, not proved; such a search stops by default\n"
    "where the engine that runs gets slow (1048576 heaps for Grundy's game with the sparse\n"
    "engine, 65536 with the naive one): give --max-n to go further. So does any search the\n"
    "naive engine makes (moves leaving three or four heaps cost n^2 or n^3 per value: 0.D3\n"
    "stops at 2048 heaps) unless --max-n is given.\n"
    "An arithmetic period g(n + p) = g(n) + s is printed with its saltus s.\n"
    "With --memory, only the periods whose check fits in what is kept are searched: a round's\n"
    "scan needs every value, so a round whose values pass --memory stops with exit 4.\n"
    "\n"
    "Options:\n"
    "  --table     also print g in rows of the period, the preperiod above a line, '*'\n"
    "              after a rare value where at most 10% are (Winning Ways)\n"
    "  --width W   with --table: W heaps a row [default: the period, else 10]\n"
    "  --json      print one JSON object: rule, preperiod, period, saltus, proved, proof,\n"
    "              values_computed, max_value (null where unknown or unbounded); with\n"
    "              --table, table: width, split, rows (n, values), rare\n"
    "  -h, --help  show this help\n" SEQ_OPTIONS_POINTER "\n"
    "Exit 1 when there is no period within the bound.\n"
    "\n"
    "Examples:\n"
    "  grundy period 0.07\n"
    "  grundy period kayles --json\n"
    "  grundy period dawson-chess --engine naive\n";

static const cli_option options[] = {{"json", 0, CLI_ARG_NONE},
                                     {"table", 0, CLI_ARG_NONE},
                                     {"width", 0, CLI_ARG_ONE},
                                     SEQ_OPTIONS{NULL, 0, 0}};
enum { OPT_JSON, OPT_TABLE, OPT_WIDTH, OPT_SEQ };

/* The widest row --width takes (a row is one line). */
#define TABLE_MAX_WIDTH 1000u

static void print_json(const seq_job *job, const grundy_period_result *r, const period_table *t) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", job->canonical);
    r->found ? json_kv_u64(&w, "preperiod", r->preperiod) : json_kv_null(&w, "preperiod");
    r->found ? json_kv_u64(&w, "period", r->period) : json_kv_null(&w, "period");
    r->found ? json_kv_u64(&w, "saltus", r->saltus) : json_kv_null(&w, "saltus");
    json_kv_bool(&w, "proved", r->proved);
    r->proof != GRUNDY_PROOF_NONE ? json_kv_str(&w, "proof", grundy_proof_name(r->proof))
                                  : json_kv_null(&w, "proof");
    json_kv_u64(&w, "values_computed", r->values_computed);
    /* Values grow without bound under a saltus; a closed form computes none. */
    if (r->saltus > 0 || (r->values_computed == 0 && r->proof != GRUNDY_PROOF_CLOSED_FORM)) {
        json_kv_null(&w, "max_value");
    } else {
        json_kv_u64(&w, "max_value", r->max_value);
    }
    if (t != NULL) {
        json_key(&w, "table");
        period_table_json(&w, t);
    }
    json_object_end(&w);
}

static const char *proof_words(grundy_proof proof) {
    switch (proof) {
    case GRUNDY_PROOF_GUY_SMITH:
        return "the Guy-Smith theorem";
    case GRUNDY_PROOF_K_HEAP:
        return "the k-heap form of the Guy-Smith theorem";
    case GRUNDY_PROOF_WINDOW:
        return "the window test for subtraction games";
    default:
        return "its closed form";
    }
}

static void print_text(const seq_job *job, const grundy_period_result *r) {
    const unsigned long long computed = r->values_computed;
    if (!r->found) {
        printf("%s: no period within the bound (computed g(0..%llu))\n", job->canonical,
               computed - 1);
        return;
    }
    printf("%s: period %llu, preperiod %llu", job->canonical, (unsigned long long)r->period,
           (unsigned long long)r->preperiod);
    if (r->saltus > 0) {
        printf(", saltus %llu (g(n + %llu) = g(n) + %llu)", (unsigned long long)r->saltus,
               (unsigned long long)r->period, (unsigned long long)r->saltus);
    }
    if (r->proved) {
        printf(", proved by %s", proof_words(r->proof));
        if (r->proof != GRUNDY_PROOF_CLOSED_FORM) {
            printf(
                " (%llu values needed, %llu computed)",
                (unsigned long long)grundy_period_values_needed(job->rule, r->preperiod, r->period),
                computed);
        }
    } else {
        printf(", observed over g(0..%llu), not proved", computed - 1);
    }
    if (r->saltus == 0) {
        printf("; max value %llu", (unsigned long long)r->max_value);
    }
    putchar('\n');
}

static void explain_not_found(const seq_job *job, const grundy_period_result *r) {
    const unsigned long long last = r->values_computed - 1, max_n = job->opts.max_n;
    if (grundy_period_theorem(job->rule) == GRUNDY_PROOF_NONE && last < max_n) {
        fprintf(stderr,
                "grundy period: no theorem covers %s ('!' codes and tails), so the search "
                "stopped at heap %llu, where the computation gets slow; give --max-n to "
                "search further\n",
                job->canonical, last);
    } else if (last < max_n) {
        fprintf(stderr,
                "grundy period: no period of %s up to heap %llu, where the naive computation "
                "gets slow (its moves leave up to %u heaps); give --max-n to search further\n",
                job->canonical, last, grundy_rule_max_heaps_left(job->rule));
    } else {
        fprintf(stderr,
                "grundy period: no period of %s up to heap %llu; raise --max-n (now %llu)\n",
                job->canonical, last, max_n);
    }
}

/* The answer, with its table when asked: exit 0, 1 (no period), or a table's failure. */
static int report(seq_job *job, const grundy_period_result *r, int json, int table,
                  uint64_t width) {
    period_table t;
    memset(&t, 0, sizeof t);
    if (table) {
        const grundy_status st =
            period_table_make(job->query, job->rule, r, width, r->found ? 0 : r->values_computed,
                              r->values_computed, &t);
        if (st != GRUNDY_STATUS_OK) {
            period_table_free(&t);
            return st == GRUNDY_STATUS_NOMEM ? cli_oom_fail(&cli_cmd_period, "--table", 0, NULL)
                                             : cli_fail(&cli_cmd_period, cli_exit_code(st),
                                                        "--table: %s", grundy_status_str(st));
        }
    }
    json ? print_json(job, r, table ? &t : NULL) : print_text(job, r);
    if (table && !json) {
        period_table_print(stdout, &t);
    }
    period_table_free(&t);
    if (!r->found) {
        explain_not_found(job, r);
    }
    return r->found ? CLI_EXIT_OK : CLI_EXIT_NO;
}

static int run(int argc, char **argv) {
    cli_args args;
    seq_job job;
    grundy_period_result r;
    int rc = cli_parse_args(&cli_cmd_period, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_period, "missing RULE")
                   : cli_usage_error(&cli_cmd_period, "unexpected operand '%s'", args.operands[1]);
    }
    uint64_t width = 0;
    if (args.present[OPT_WIDTH] && !args.present[OPT_TABLE]) {
        return cli_usage_error(&cli_cmd_period, "--width goes with --table");
    }
    if (args.present[OPT_WIDTH] &&
        ((rc = cli_parse_number(&cli_cmd_period, "--width", args.value[OPT_WIDTH], TABLE_MAX_WIDTH,
                                &width)) != 0 ||
         (width == 0 &&
          (rc = cli_fail(&cli_cmd_period, CLI_EXIT_VALUE, "--width must be at least 1")) != 0))) {
        return rc;
    }
    rc = seq_job_start(&cli_cmd_period, args.operands[0], &args, OPT_SEQ, &job);
    if (rc < 0) {
        grundy_seq *const seq = grundy_query_seq(job.query);
        const grundy_status st = grundy_period_find(job.rule, seq, &job.opts, &r);
        if (st == GRUNDY_STATUS_CHECK) {
            rc = seq_job_fail(&cli_cmd_period, &job, st, 0); /* --check: exit 5, the heap */
        } else if (st != GRUNDY_STATUS_OK) {
            rc = seq_run_fail(&job.run, st);
            if (rc < 0 && st == GRUNDY_STATUS_LIMIT) {
                rc = seq_job_memory_fail(&cli_cmd_period, &job); /* --memory */
            }
            if (rc < 0 && (st == GRUNDY_STATUS_NOMEM || st == GRUNDY_STATUS_LIMIT)) {
                /* say how far it got, and what to raise to what */
                rc = cli_memory_fail(&cli_cmd_period, st, job.canonical, grundy_seq_length(seq),
                                     "--max-n");
            } else if (rc < 0) {
                rc = cli_fail(&cli_cmd_period, cli_exit_code(st), "%s: %s", job.canonical,
                              grundy_status_str(st));
            }
        } else if ((rc = seq_job_done(&cli_cmd_period, &job, CLI_EXIT_OK, UINT64_MAX)) != 0) {
            /* a checkpoint or --save could not be written: said */
        } else {
            rc = report(&job, &r, args.present[OPT_JSON], args.present[OPT_TABLE], width);
        }
    }
    return seq_job_end(&job, rc);
}

const cli_command cli_cmd_period = {
    "period", run,     "Find and prove the period of a rule's Grundy sequence",
    help,     options, seq_command_word};
