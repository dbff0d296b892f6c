/* SPDX-License-Identifier: MIT */
/* grundy rule: the canonical form of a rule and, in plain words, what each move does. */
#include "cli.h"
#include "json.h"

#include <stdlib.h>

static const char help[] =
    "Usage: grundy rule RULE [--json]\n"
    "\n"
    "Print the canonical form of RULE and what each of its moves does.\n"
    "\n"
    "RULE is one of:\n"
    "  a code    [d0[!]].d1[!]d2[!]...[tail]  base-32 digits 0-9, A-V (either case). The bits of\n"
    "            digit d_k say what removing k tokens from one heap may leave: 1 nothing,\n"
    "            2 one heap, 4 two heaps, 8 three, 16 four. '!' after a digit: the heaps left\n"
    "            are pairwise unequal. d0 splits without removing a token (bits 4, 8, 16 only).\n"
    "            A final [...] repeats forever: 0.[3] is Nim. .07 means 0.07.\n"
    "  a set     S(2,5), S(1-1000000000): take k tokens for k in the set (up to 2^63 - 1).\n"
    "  a name    nim, kayles (0.77), dawson-kayles (0.07), dawson-chess (0.137),\n"
    "            grundy-game (4!.0).\n"
    "\n"
    "Rules in words (each checked against its words by the examples' tests):\n"
    "  take any number of tokens from a heap (Nim)              nim, 0.[3]\n"
    "  take 1 or 2 tokens                                       S(1,2), 0.33\n"
    "  take 1 to k tokens (capped Nim)                          S(1-k), S(1-3)\n"
    "  take exactly k tokens                                    S(k), S(3)\n"
    "  take 2 or 5 tokens                                       S(2,5)\n"
    "  take 1 token, never the last one of a heap               0.2\n"
    "  take 1 or 2, or take 1 and split the rest into two heaps 0.73\n"
    "  take 1 leaving one or two heaps (Officers)               0.6\n"
    "  knock down 1 or 2 adjacent pins of a row (Kayles)        0.77, kayles\n"
    "  paint 2 adjacent squares of a strip (Dawson's Kayles)    0.07, dawson-kayles\n"
    "  split a heap into two unequal heaps (Grundy's game)      4!.0, grundy-game\n"
    "  split a heap into two heaps                              4.0\n"
    "  take any number, or split a heap in two (Lasker's Nim)   4.[3]\n"
    "A digit is the sum of what taking k tokens may leave: 1 nothing, 2 one heap, 4 two\n"
    "heaps; so 'take 1 leaving nothing, one heap or two' is 7 at position 1: 0.7.\n"
    "\n"
    "Options:\n"
    "  --json     print one JSON object: rule, kind, digits, tail, ranges, max_heaps_left\n"
    "  -h, --help show this help\n"
    "\n"
    "Examples:\n"
    "  grundy rule 0.07\n"
    "  grundy rule 'S(5,1-3)' --json\n"
    "  grundy rule grundy-game\n";

static const cli_option options[] = {{"json", 0, CLI_ARG_NONE}, {NULL, 0, 0}};
enum { OPT_JSON };

static const char digit_chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

static int print_text(const grundy_rule *rule) {
    const size_t len = grundy_rule_describe(rule, NULL, 0);
    char *text = malloc(len + 1);
    if (text == NULL) {
        return cli_oom_fail(&cli_cmd_rule, "the rule", 0, NULL);
    }
    grundy_rule_describe(rule, text, len + 1);
    fputs(text, stdout);
    free(text);
    return CLI_EXIT_OK;
}

static void json_digits(json_writer *w, const unsigned *digits, size_t n) {
    json_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        char text[3] = {digit_chars[digits[i] & 31u], 0, 0};
        if (digits[i] & GRUNDY_RULE_DIGIT_DISTINCT) {
            text[1] = '!';
        }
        json_str(w, text);
    }
    json_array_end(w);
}

static void print_json(const grundy_rule *rule, const char *canonical) {
    json_writer w;
    size_t prefix_len, tail_len, count;
    const unsigned *digits = grundy_rule_digits(rule, &prefix_len, &tail_len);
    const grundy_move_class *classes = grundy_rule_classes(rule, &count);
    const int is_set = grundy_rule_get_kind(rule) == GRUNDY_RULE_SET;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_kv_str(&w, "rule", canonical);
    json_kv_str(&w, "kind", is_set ? "subtraction" : "code");
    json_key(&w, "digits");
    is_set ? json_null(&w) : json_digits(&w, digits, prefix_len);
    json_key(&w, "tail");
    (is_set || tail_len == 0) ? json_null(&w) : json_digits(&w, digits + prefix_len, tail_len);
    json_key(&w, "ranges");
    if (is_set) {
        json_array_begin(&w);
        for (size_t i = 0; i < count; i++) {
            json_array_begin(&w);
            json_u64(&w, classes[i].take_first);
            json_u64(&w, classes[i].take_last);
            json_array_end(&w);
        }
        json_array_end(&w);
    } else {
        json_null(&w);
    }
    json_kv_u64(&w, "max_heaps_left", grundy_rule_max_heaps_left(rule));
    json_object_end(&w);
}

static int run(int argc, char **argv) {
    cli_args args;
    grundy_rule *rule = NULL;
    int rc = cli_parse_args(&cli_cmd_rule, options, argc, argv, &args);
    if (rc >= 0) {
        return rc;
    }
    if (args.operand_count == 0) {
        return cli_usage_error(&cli_cmd_rule, "missing RULE");
    }
    if (args.operand_count > 1) {
        return cli_usage_error(&cli_cmd_rule, "unexpected operand '%s'", args.operands[1]);
    }
    rc = cli_parse_rule(&cli_cmd_rule, args.operands[0], &rule);
    if (rc != 0) {
        return rc;
    }
    const size_t len = grundy_rule_format(rule, NULL, 0);
    char *canonical = malloc(len + 1);
    if (canonical == NULL) {
        grundy_rule_destroy(rule);
        return cli_oom_fail(&cli_cmd_rule, "the rule", 0, NULL);
    }
    grundy_rule_format(rule, canonical, len + 1);
    if (args.present[OPT_JSON]) {
        print_json(rule, canonical);
    } else {
        rc = print_text(rule);
    }
    free(canonical);
    grundy_rule_destroy(rule);
    return rc;
}

const cli_command cli_cmd_rule = {"rule", run,     "Show a rule's canonical form and its moves",
                                  help,   options, cli_rule_word};
