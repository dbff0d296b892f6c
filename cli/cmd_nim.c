/* SPDX-License-Identifier: MIT */
/* grundy nim: nim-sum, nim-product and nim-inverse of 64-bit nimbers, and the count of losing
 * Nim positions (n*c1, n*c2, ...) for n up to 2^63 - 1 (Project Euler 301). */
#include "cli.h"
#include "suggest.h"
#include "json.h"
#include "nim_args.h"

#include <string.h>

static const char help[] =
    "Usage: grundy nim sum A B...            the nim-sum (XOR) of the nimbers\n"
    "       grundy nim product A B...        their nim-product (Conway's field on 64 bits)\n"
    "       grundy nim inverse A             the B with A (*) B = 1 (A > 0)\n"
    "       grundy nim count --to N [--from A] [--multipliers C1,C2,...]\n"
    "\n"
    "Nimbers A, B are 0 to 2^64 - 1. 'count' counts the n, A <= n <= N (N up to 2^63 - 1), for\n"
    "which n*C1 ^ n*C2 ^ ... = 0, that is, the Nim positions (n*C1, n*C2, ...) the player to move\n"
    "loses (Bouton). It runs a digit automaton over the products' carries, so its time does not\n"
    "depend on N; its size is the product of the multipliers.\n"
    "\n"
    "Options:\n"
    "  --to N              count: the largest n (required)\n"
    "  --from A            count: the smallest n [default: 1]\n"
    "  --multipliers LIST  count: C1,C2,... each 0 to 2^40 [default: 1,2,3]\n"
    "  --max-states S      count: the largest product of the multipliers [default: 1048576]\n"
    "  --json              print one JSON object: op, operands, value (count: multipliers,\n"
    "                      from, to, p_positions)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Examples:\n"
    "  grundy nim sum 3 5 6\n"
    "  grundy nim product 2 3\n"
    "  grundy nim count --to 1073741824    # Project Euler 301: 2178309\n";

static const cli_option options[] = {
    {"to", 0, CLI_ARG_ONE},         {"from", 0, CLI_ARG_ONE},  {"multipliers", 0, CLI_ARG_ONE},
    {"max-states", 0, CLI_ARG_ONE}, {"json", 0, CLI_ARG_NONE}, {NULL, 0, 0}};
enum { OPT_TO, OPT_FROM, OPT_MULT, OPT_MAX_STATES, OPT_JSON };

static void print_result(const char *op, const uint64_t *operands, int count, uint64_t value,
                         int json) {
    if (!json) {
        printf("%llu\n", (unsigned long long)value);
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "op", op);
    json_key(&w, "operands");
    json_array_begin(&w);
    for (int i = 0; i < count; i++) {
        json_u64(&w, operands[i]);
    }
    json_array_end(&w);
    json_kv_u64(&w, "value", value);
    json_object_end(&w);
}

static int run_arith(const cli_args *args, const char *op) {
    uint64_t v[CLI_MAX_OPERANDS];
    const int count = args->operand_count - 1;
    const int inverse = strcmp(op, "inverse") == 0;
    if (count == 0 || (inverse && count > 1)) {
        return count == 0 ? cli_usage_error(&cli_cmd_nim, "nim %s: missing a nimber", op)
                          : cli_usage_error(&cli_cmd_nim, "nim inverse: unexpected operand '%s'",
                                            args->operands[2]);
    }
    for (int i = 0; i < count; i++) {
        const int rc = nim_parse_nimber(&cli_cmd_nim, args->operands[i + 1], &v[i]);
        if (rc != 0) {
            return rc;
        }
    }
    uint64_t result = strcmp(op, "product") == 0 ? 1 : 0;
    if (inverse) {
        if (grundy_nim_inverse(v[0], &result) != GRUNDY_STATUS_OK) {
            return cli_fail(&cli_cmd_nim, CLI_EXIT_VALUE, "nim inverse: 0 has no inverse");
        }
    }
    for (int i = 0; !inverse && i < count; i++) {
        result = strcmp(op, "sum") == 0 ? grundy_nim_sum(result, v[i])
                                        : grundy_nim_product(result, v[i]);
    }
    print_result(op, v, count, result, args->present[OPT_JSON]);
    return CLI_EXIT_OK;
}

static void print_count(const uint64_t *mult, size_t k, uint64_t from, uint64_t to, uint64_t n,
                        int json) {
    if (!json) {
        printf("%llu\n", (unsigned long long)n);
        return;
    }
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "op", "count");
    json_key(&w, "multipliers");
    json_array_begin(&w);
    for (size_t i = 0; i < k; i++) {
        json_u64(&w, mult[i]);
    }
    json_array_end(&w);
    json_kv_u64(&w, "from", from);
    json_kv_u64(&w, "to", to);
    json_kv_u64(&w, "p_positions", n);
    json_object_end(&w);
}

static int run_count(const cli_args *args) {
    uint64_t mult[NIM_MAX_MULTIPLIERS] = {1, 2, 3};
    size_t k = 3, needed = 0;
    uint64_t from = 1, to = 0, max_states = GRUNDY_NIM_COUNT_DEFAULT_STATES, n = 0;
    int rc;
    if (args->operand_count > 1) {
        return cli_usage_error(&cli_cmd_nim, "nim count: unexpected operand '%s'",
                               args->operands[1]);
    }
    if (!args->present[OPT_TO]) {
        return cli_usage_error(&cli_cmd_nim, "nim count: missing --to N");
    }
    if ((rc = cli_parse_number(&cli_cmd_nim, "--to", args->value[OPT_TO], GRUNDY_NUMBER_MAX,
                               &to)) != 0 ||
        (args->present[OPT_FROM] &&
         (rc = cli_parse_number(&cli_cmd_nim, "--from", args->value[OPT_FROM], GRUNDY_NUMBER_MAX,
                                &from)) != 0) ||
        (args->present[OPT_MAX_STATES] &&
         (rc = cli_parse_number(&cli_cmd_nim, "--max-states", args->value[OPT_MAX_STATES],
                                SIZE_MAX / 64, &max_states)) != 0) ||
        (args->present[OPT_MULT] &&
         (rc = nim_parse_multipliers(&cli_cmd_nim, args->value[OPT_MULT], mult, &k)) != 0)) {
        return rc;
    }
    if (from > to) {
        return cli_fail(&cli_cmd_nim, CLI_EXIT_VALUE, "--from (%llu) is greater than --to (%llu)",
                        (unsigned long long)from, (unsigned long long)to);
    }
    const grundy_status st =
        grundy_nim_count_zero(mult, k, from, to, (size_t)max_states, &n, &needed);
    if (st == GRUNDY_STATUS_LIMIT) {
        return cli_fail(&cli_cmd_nim, CLI_EXIT_LIMIT,
                        "the multipliers' product is %llu automaton states, over --max-states "
                        "%llu: raise --max-states to %llu (%llu bytes of memory)",
                        (unsigned long long)needed, (unsigned long long)max_states,
                        (unsigned long long)needed, (unsigned long long)needed * 48u);
    }
    if (st == GRUNDY_STATUS_NOMEM) { /* 48 bytes an automaton state */
        return cli_oom_fail(&cli_cmd_nim, "nim count", needed > UINT64_MAX / 48 ? 0 : needed * 48,
                            "--max-states (or the multipliers)");
    }
    if (st != GRUNDY_STATUS_OK) {
        return cli_fail(&cli_cmd_nim, cli_exit_code(st), "nim count: %s", grundy_status_str(st));
    }
    print_count(mult, k, from, to, n, args->present[OPT_JSON]);
    return CLI_EXIT_OK;
}

/* The operations, for the messages and the completion. */
static const char *const operations[] = {"sum", "product", "inverse", "count", NULL};

static const char *words(const char *option, size_t i) {
    return option == NULL ? cli_word_of(operations, i) : NULL;
}

static int run(int argc, char **argv) {
    cli_args args;
    const int rc = cli_parse_args(&cli_cmd_nim, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count == 0) {
        return cli_usage_error(&cli_cmd_nim, "missing sum, product, inverse or count");
    }
    const char *const op = args.operands[0];
    const int is_count = strcmp(op, "count") == 0;
    if (!is_count && strcmp(op, "sum") != 0 && strcmp(op, "product") != 0 &&
        strcmp(op, "inverse") != 0) {
        char buf[CLI_SUGGEST_CAP];
        const char *const meant = cli_suggest(op, operations, SIZE_MAX, "", buf, sizeof buf);
        return meant != NULL
                   ? cli_usage_error(&cli_cmd_nim, "unknown operation '%s' (did you mean %s?)", op,
                                     meant)
                   : cli_usage_error(&cli_cmd_nim,
                                     "unknown operation '%s' (expected sum, product, "
                                     "inverse or count)",
                                     op);
    }
    for (int k = OPT_TO; !is_count && k <= OPT_MAX_STATES; k++) {
        if (args.present[k]) {
            return cli_usage_error(&cli_cmd_nim, "option '--%s' belongs to 'nim count'",
                                   options[k].name);
        }
    }
    return is_count ? run_count(&args) : run_arith(&args, op);
}

const cli_command cli_cmd_nim = {
    "nim", run,     "Nim-sum, nim-product, nim-inverse; count losing Nim positions",
    help,  options, words};
