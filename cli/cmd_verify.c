/* SPDX-License-Identifier: MIT */
/* grundy verify: check every fast answer against a game-tree search on random positions. */
#include "cli.h"
#include "json.h"

#include <grundy/brute.h>

#include <stdlib.h>
#include <string.h>

static const char help[] =
    "Usage: grundy verify RULE [--max-heap H] [--heaps K] [--samples S] [--seed X] [--misere]\n"
    "                          [--threads T] [--json]\n"
    "\n"
    "Check what 'grundy play' answers against a game-tree search that uses no Sprague-Grundy\n"
    "theory: on S random positions of 1 to K heaps of 0 to H tokens, the outcome (from the\n"
    "nim-sum, or the misere rule or search), the exact number of winning moves, and each listed\n"
    "move (legal, and leading to a loss for the opponent). In normal play it then checks g(n)\n"
    "from the proved period against the naive sequence for n below --naive-to. It stops at the\n"
    "first mismatch and prints it (exit 1).\n"
    "\n"
    "Options:\n"
    "  --max-heap H   the largest heap drawn, 0 to 1000 [default: 12]\n"
    "  --heaps K      the most heaps in a position, 1 to 16 [default: 3]\n"
    "  --samples S    random positions [default: 1000]\n"
    "  --seed X       the random seed; the same seed draws the same positions [default: 1]\n"
    "  --misere       misere play (whoever cannot move wins) [default: normal play]\n"
    "  --max-n N      period search bound for the fast answers [default: 65536]\n"
    "  --naive-to N   check g(n) against the naive sequence for n < N [default: 4096; 1024\n"
    "                 when a move leaves three heaps, 256 for four]; 0 skips this check\n"
    "  --threads T    threads that compute the fast answers' values (as in grundy play); the\n"
    "                 game-tree search and the naive sequence, the independent check, run on\n"
    "                 one [default: the cores online]\n"
    "  --json         one JSON object: rule, misere, seed, positions, positions_searched,\n"
    "                 moves_checked, values_checked, preperiod, period, saltus, proved, proof,\n"
    "                 agree, and on a mismatch heaps and mismatch (the message)\n"
    "  -h, --help     show this help\n"
    "\n"
    "Examples:\n"
    "  grundy verify kayles --samples 500 --seed 7\n"
    "  grundy verify 0.07 --misere --samples 200\n";

static const cli_option options[] = {{"max-heap", 0, CLI_ARG_ONE}, {"heaps", 0, CLI_ARG_ONE},
                                     {"samples", 0, CLI_ARG_ONE},  {"seed", 0, CLI_ARG_ONE},
                                     {"misere", 0, CLI_ARG_NONE},  {"max-n", 0, CLI_ARG_ONE},
                                     {"naive-to", 0, CLI_ARG_ONE}, {"json", 0, CLI_ARG_NONE},
                                     {"threads", 0, CLI_ARG_ONE},  {NULL, 0, 0}};
enum {
    OPT_MAX_HEAP,
    OPT_HEAPS,
    OPT_SAMPLES,
    OPT_SEED,
    OPT_MISERE,
    OPT_MAX_N,
    OPT_NAIVE_TO,
    OPT_JSON,
    OPT_THREADS
};

static int number_option(const cli_args *args, int opt, const char *name, uint64_t max,
                         uint64_t *out) {
    if (!args->present[opt]) {
        return 0;
    }
    return cli_parse_number(&cli_cmd_verify, name, args->value[opt], max, out);
}

static int parse_options(const cli_args *args, grundy_verify_opts *o) {
    uint64_t heaps = o->heaps;
    int rc = number_option(args, OPT_MAX_HEAP, "--max-heap", 1000, &o->max_heap);
    if (rc == 0) {
        rc = number_option(args, OPT_HEAPS, "--heaps", GRUNDY_VERIFY_MAX_HEAPS, &heaps);
    }
    if (rc == 0 && heaps == 0) {
        rc = cli_fail(&cli_cmd_verify, CLI_EXIT_VALUE, "--heaps: must be at least 1");
    }
    o->heaps = (unsigned)heaps;
    if (rc == 0) {
        rc = number_option(args, OPT_SAMPLES, "--samples", GRUNDY_NUMBER_MAX, &o->samples);
    }
    if (rc == 0) {
        rc = number_option(args, OPT_SEED, "--seed", GRUNDY_NUMBER_MAX, &o->seed);
    }
    if (rc == 0) {
        rc = number_option(args, OPT_MAX_N, "--max-n", GRUNDY_NUMBER_MAX, &o->max_n);
    }
    if (rc == 0) {
        rc = number_option(args, OPT_NAIVE_TO, "--naive-to", (uint64_t)1 << 24, &o->naive_to);
    }
    if (rc == 0) {
        rc = cli_parse_threads(&cli_cmd_verify, args->present[OPT_THREADS],
                               args->value[OPT_THREADS], &o->threads);
    }
    o->misere = args->present[OPT_MISERE] > 0;
    return rc;
}

static void print_heaps(FILE *out, const grundy_verify_report *r) {
    for (size_t i = 0; i < r->heap_count; i++) {
        fprintf(out, " %llu", (unsigned long long)r->heaps[i]);
    }
}

static void print_summary(const char *rule, const grundy_verify_opts *o,
                          const grundy_verify_report *r) {
    printf("rule %s, %s play, seed %llu\n", rule, o->misere ? "misere" : "normal",
           (unsigned long long)o->seed);
    printf("positions: %llu of 1 to %u heaps of 0 to %llu tokens, outcome and move count agree"
           " with the game-tree search (%llu positions searched)\n",
           (unsigned long long)r->positions, o->heaps, (unsigned long long)o->max_heap,
           (unsigned long long)r->brute_states);
    printf("moves: %llu listed winning moves checked legal and winning\n",
           (unsigned long long)r->moves_checked);
    if (o->misere) {
        return;
    }
    if (r->values_checked == 0) {
        printf("values: not compared with the naive sequence (--naive-to 0)\n");
    } else if (r->period.found && r->period.proved) {
        printf("values: g(0..%llu) agree with the naive sequence, and with the proved period %llu"
               " (preperiod %llu, saltus %llu, proof %s)\n",
               (unsigned long long)(r->values_checked - 1), (unsigned long long)r->period.period,
               (unsigned long long)r->period.preperiod, (unsigned long long)r->period.saltus,
               grundy_proof_name(r->period.proof));
    } else if (r->values_checked > 0) {
        printf("values: g(0..%llu) agree with the naive sequence (no proved period within"
               " --max-n %llu)\n",
               (unsigned long long)(r->values_checked - 1), (unsigned long long)o->max_n);
    }
}

static void print_json(const char *rule, const grundy_verify_opts *o,
                       const grundy_verify_report *r) {
    json_writer w;
    const grundy_period_result *p = &r->period;
    const int period = !o->misere && p->found;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", rule);
    json_kv_bool(&w, "misere", o->misere);
    json_kv_u64(&w, "seed", o->seed);
    json_kv_u64(&w, "positions", r->positions);
    json_kv_u64(&w, "positions_searched", r->brute_states);
    json_kv_u64(&w, "moves_checked", r->moves_checked);
    json_kv_u64(&w, "values_checked", r->values_checked);
    period ? json_kv_u64(&w, "preperiod", p->preperiod) : json_kv_null(&w, "preperiod");
    period ? json_kv_u64(&w, "period", p->period) : json_kv_null(&w, "period");
    period ? json_kv_u64(&w, "saltus", p->saltus) : json_kv_null(&w, "saltus");
    json_kv_bool(&w, "proved", period && p->proved);
    period && p->proof != GRUNDY_PROOF_NONE ? json_kv_str(&w, "proof", grundy_proof_name(p->proof))
                                            : json_kv_null(&w, "proof");
    json_kv_bool(&w, "agree", !r->mismatch);
    if (r->mismatch) {
        json_key(&w, "heaps");
        json_array_begin(&w);
        for (size_t i = 0; i < r->heap_count; i++) {
            json_u64(&w, r->heaps[i]);
        }
        json_array_end(&w);
        json_kv_str(&w, "mismatch", r->message);
    }
    json_object_end(&w);
}

static int report(const char *canonical, const grundy_verify_opts *o, const grundy_verify_report *r,
                  grundy_status st, int json) {
    if (st == GRUNDY_STATUS_LIMIT) {
        fprintf(stderr, "grundy verify: %s on position", r->message);
        print_heaps(stderr, r);
        /* --max-n bounds only normal play's period search (play's answer); the game-tree
         * search and misere play have their own fixed limits. */
        const int max_n_bounds = !o->misere && strncmp(r->message, "play:", 5) == 0;
        fprintf(stderr, " (lower --max-heap or --heaps%s)\n",
                max_n_bounds ? ", or raise --max-n" : ": the search's limits are fixed");
        return CLI_EXIT_LIMIT;
    }
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_verify, cli_exit_code(st), "%s", grundy_status_str(st));
    }
    if (json) {
        print_json(canonical, o, r);
        return r->mismatch ? CLI_EXIT_NO : CLI_EXIT_OK;
    }
    if (r->mismatch) {
        printf("MISMATCH for rule %s, %s play, seed %llu, position", canonical,
               o->misere ? "misere" : "normal", (unsigned long long)o->seed);
        print_heaps(stdout, r);
        printf(": %s\n", r->message);
        return CLI_EXIT_NO;
    }
    print_summary(canonical, o, r);
    return CLI_EXIT_OK;
}

static int run(int argc, char **argv) {
    cli_args args;
    grundy_rule *rule = NULL;
    grundy_verify_opts o = GRUNDY_VERIFY_OPTS_INIT;
    grundy_verify_report rep;
    char *canonical = NULL;
    int rc = cli_parse_args(&cli_cmd_verify, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count != 1) {
        return args.operand_count == 0
                   ? cli_usage_error(&cli_cmd_verify, "missing RULE")
                   : cli_usage_error(&cli_cmd_verify, "unexpected operand '%s'", args.operands[1]);
    }
    rc = parse_options(&args, &o);
    if (rc == 0) {
        rc = cli_parse_rule(&cli_cmd_verify, args.operands[0], &rule);
    }
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(rule, NULL, 0);
    canonical = malloc(len + 1);
    if (canonical == NULL) {
        grundy_rule_destroy(rule);
        return cli_oom_fail(&cli_cmd_verify, "verify", 0, "--max-heap");
    }
    grundy_rule_format(rule, canonical, len + 1);
    if (!args.present[OPT_NAIVE_TO]) {
        /* The naive engine costs about n^k / k! per heap for moves leaving k heaps: 4096 heaps
         * took 49 s for 0.F (three heaps), and hours for four. */
        const unsigned k = grundy_rule_max_heaps_left(rule);
        o.naive_to = k <= 2 ? o.naive_to : k == 3 ? 1024 : 256;
    }
    const grundy_status st = grundy_verify(rule, &o, &rep);
    grundy_rule_destroy(rule);
    rc = report(canonical, &o, &rep, st, args.present[OPT_JSON] > 0);
    free(canonical);
    return rc;
}

const cli_command cli_cmd_verify = {
    "verify", run, "Check play's answers against a game-tree search", help, options, cli_rule_word};
