/* SPDX-License-Identifier: MIT */
/* The help pages that are not a command's, so that what several commands share is said once:
 * the sequence options, the rules, the exit codes, JSON, the files, the conventions. */
#include "help_topics.h"
#include "seq_common.h"

#include <string.h>

static const char sequence_options[] =
    "Usage: grundy COMMAND RULE ... [sequence options]\n"
    "\n"
    "The options every command that computes a Grundy sequence takes: values, period, value,\n"
    "count, stats and plot. Each of them lists its own options in its --help and points here.\n"
    "\n"
    "Options:\n" SEQ_OPTIONS_HELP "\n";
static const char sequence_options_examples[] =
    "Examples:\n"
    "  grundy values 0.6 --to 20 --engine naive\n"
    "  grundy count kayles --to 1000000 --check --threads 2\n"
    "  grundy stats 0.167 --to 1000000 --memory 4194304 -q\n"
    "  grundy values 0.16 --to 4095 --save 0.16.seq\n";

static const char rules[] =
    "Rules: what a move does to one heap. Every command that takes RULE understands three forms:\n"
    "\n"
    "  codes  take-and-break codes in CGSuite's notation, [d0[!]].d1[!]d2[!]...[tail]: digit\n"
    "         d_k (base 32, 0-9A-V) says what removing k tokens may leave: bit 1 nothing, 2\n"
    "         one heap, 4 two heaps, 8 three, 16 four; '!' makes the heaps left pairwise\n"
    "         unequal, d0 splits without taking, a final [...] repeats forever: 0.07, 0.77,\n"
    "         4!.0, 0.[3]\n"
    "  sets   subtraction sets: S(2,5), S(1-1000000000), bounds up to 2^63 - 1\n"
    "  names  the names below, each standing for its code\n"
    "\n"
    "The rule comes first, right after the command: grundy play nim 3 4 5. 'grundy rule RULE'\n"
    "shows a rule's canonical form and its moves (grundy rule --help).\n"
    "\n";
static const char rules_examples[] = "Examples:\n"
                                     "  grundy rule 0.07\n"
                                     "  grundy rule 'S(5,1-3)' --json\n"
                                     "  grundy rule grundy-game\n";

static const char json[] =
    "JSON (--json): one JSON object per result, on one line; JSON Lines when a command answers\n"
    "many queries (--input) or one line per result as it comes (survey). Keys are stable\n"
    "snake_case names: a new version may add keys, never rename or remove one; docs/\n"
    "architecture.md lists every key of every command. Numbers are exact integers (up to\n"
    "2^64 - 1); what does not apply is null. 'grundy help conventions' says how heaps, masks\n"
    "and rare counts are written, the same in text and JSON.\n"
    "\n";
static const char json_examples[] =
    "Examples:\n"
    "  grundy value kayles 1000000000000000000 --json\n"
    "  grundy play nim 1 2 3 --json\n"
    "  printf '0\\n1\\n4\\n12\\n' | grundy count 'S(2,5)' --input - --json\n";

static const char files[] =
    "Files the tool reads and writes (docs/file-formats.md gives their layout):\n"
    "\n"
    "  --save F, --load F  sequence files: g(0..N) of one rule, checksummed (values, period,\n"
    "                      value, count, stats, plot); solver tables for grundy solve\n"
    "  --checkpoint F      the same, written while a long run goes; the run resumes from it\n"
    "  --spill F           with --memory: the values dropped, read back when needed\n"
    "  --out F             grundy survey's results, resumable\n"
    "  --format bfile      grundy values as an OEIS b-file (on stdout)\n"
    "  -o F                grundy plot's picture: SVG, or PNG when built with cairo\n"
    "  --input F           queries, one a line; '-' is standard input\n"
    "\n"
    "A file is written to a temporary file beside it and renamed over it, so that a killed run\n"
    "never leaves half a file; --checkpoint, --spill and --out are locked (F.lock) for the run.\n"
    "\n";
static const char files_examples[] = "Examples:\n"
                                     "  grundy values kayles --to 100 --format bfile\n"
                                     "  grundy values 0.16 --to 4095 --save 0.16.seq\n"
                                     "  grundy stats 0.16 --to 4095 --load 0.16.seq\n";

static const char conventions[] =
    "Conventions, the same in every command and in text and JSON:\n"
    "\n"
    "  heaps and limits  a heap, --to and --from go up to 2^63 - 1 (9223372036854775807);\n"
    "                    numbers are written out in decimal (1000000000000, not 1e12)\n"
    "  --max-n           how far values are computed directly [default: 33554432 = 2^25];\n"
    "                    past it values, value and count answer through a proved period;\n"
    "                    stats computes an explicit --to N past it all the same\n"
    "  heap numbering    grundy play numbers the heaps of a position from 0, in the order\n"
    "                    given, in its moves' text ('heap 0 (3): ...') and JSON (\"heap\": 0)\n"
    "  rare/common       heap n >= 1 is rare when parity(g(n) & mask) is even (or the parity\n"
    "                    variant); heap 0 is never rare, so a rare count over heaps 0..N counts\n"
    "                    among the N heaps 1..N, in stats, plot's legend and survey alike\n"
    "  masks             a mask is a decimal integer, followed by ' parity' for the parity\n"
    "                    variant, in text; the same integer in JSON, with mask_parity\n"
    "\n";
static const char conventions_examples[] = "Examples:\n"
                                           "  grundy stats 0.4 --to 1000\n"
                                           "  grundy play nim 1 2 3\n";

static const char exit_codes[] = "What every command returns (also at the end of each --help):\n\n";
static const char exit_codes_examples[] = "Example:\n  grundy value 4!.0 1000000000000; echo $?\n";

const cli_topic cli_topics[] = {
    {"sequence-options", "the options of values, period, value, count, stats and plot",
     sequence_options, sequence_options_examples},
    {"rules", "codes, subtraction sets and names", rules, rules_examples},
    {"exit-codes", "what the exit status says", exit_codes, exit_codes_examples},
    {"json", "--json: objects, JSON Lines, stable keys", json, json_examples},
    {"files", "sequence files, checkpoints, tables, pictures, --input", files, files_examples},
    {"conventions", "limits, heap numbering, rare counts and masks, everywhere", conventions,
     conventions_examples},
};
const size_t cli_topic_count = sizeof cli_topics / sizeof cli_topics[0];

const cli_topic *cli_topic_find(const char *name) {
    for (size_t i = 0; i < cli_topic_count; i++) {
        if (strcmp(cli_topics[i].name, name) == 0) {
            return &cli_topics[i];
        }
    }
    return NULL;
}

static int takes_json(const cli_command *cmd) {
    for (const cli_option *o = cmd->options; o != NULL && o->name != NULL; o++) {
        if (strcmp(o->name, "json") == 0) {
            return 1;
        }
    }
    return 0;
}

void cli_print_topic(const cli_topic *t, const cli_command *const *cmds, size_t count, FILE *out) {
    fputs(t->text, out);
    if (t->text == rules) {
        fputs("Names:", out);
        for (size_t i = 0; grundy_rule_known_name(i) != NULL; i++) {
            fprintf(out, " %s", grundy_rule_known_name(i));
        }
        fputs("\n\n", out);
    } else if (t->text == json) {
        fputs("Commands with --json:", out);
        for (size_t i = 0; i < count; i++) {
            if (takes_json(cmds[i])) {
                fprintf(out, " %s", cmds[i]->name);
            }
        }
        fputs("\n(the others, help and version print no JSON)\n\n", out);
    } else if (t->text == exit_codes) {
        fputs(cli_exit_codes_text + strlen("\nExit codes:\n"), out);
        fputc('\n', out);
    }
    fputs(t->examples, out);
}
