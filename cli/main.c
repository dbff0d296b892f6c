/* SPDX-License-Identifier: MIT */
/* The grundy tool: the command table, `help` and `version`. Each command lives in cmd_<name>.c. */
#include "cli.h"
#include "help_topics.h"
#include "suggest.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>

/* One command per line, so that adding one is a one-line edit. */
/* clang-format off */
static const cli_command *const commands[] = {
    &cli_cmd_rule,
    &cli_cmd_values,
    &cli_cmd_period,
    &cli_cmd_value,
    &cli_cmd_count,
    &cli_cmd_play,
    &cli_cmd_verify,
    &cli_cmd_graph,
    &cli_cmd_solve,
    &cli_cmd_misere,
    &cli_cmd_survey,
    &cli_cmd_stats,
    &cli_cmd_plot,
    &cli_cmd_nim,
};
/* clang-format on */
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const char overview_head[] =
    "grundy: who wins an impartial game, by how much and with which move, proved.\n"
    "\n"
    "Usage: grundy COMMAND [ARGS...] [--json]\n"
    "\n"
    "Commands:\n";

static const char overview_tail[] =
    "  help       Show this overview, a command's help (grundy help COMMAND) or a topic's\n"
    "  version    Print the version (also: grundy --version)\n"
    "\n"
    "Rules are take-and-break codes (0.07, 4!.0, 0.[3]), subtraction sets (S(1,3), S(1-100))\n"
    "or names (nim, kayles, dawson-kayles, dawson-chess, grundy-game): grundy help rules.\n"
    "Heaps and --to go up to 2^63 - 1. Options come after the command.\n"
    "Topics: grundy help topics (sequence-options, rules, exit-codes, json, files, conventions).\n"
    "\n"
    "Examples:\n"
    "  grundy rule 0.07\n"
    "  grundy values kayles --to 20\n"
    "  grundy play nim 3 4 5\n";

static void print_overview(FILE *out) {
    fputs(overview_head, out);
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        fprintf(out, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    }
    fputs(overview_tail, out);
}

static const cli_command *find_command(const char *name) {
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        if (strcmp(commands[i]->name, name) == 0) {
            return commands[i];
        }
    }
    return NULL;
}

static int print_version(void) {
    printf("grundy %s\n", grundy_version());
    return CLI_EXIT_OK;
}

static void print_topics(FILE *out) {
    fputs("Help topics (grundy help TOPIC):\n", out);
    for (size_t i = 0; i < cli_topic_count; i++) {
        fprintf(out, "  %-17s %s\n", cli_topics[i].name, cli_topics[i].summary);
    }
    fputs("\nand each command's help: grundy help COMMAND (or grundy COMMAND --help).\n", out);
}

/* The commands (and topics) close to a mistyped one ("valeu": 'value' or 'values'), or NULL. */
static const char *command_meant(const char *typed, int topics, char *buf, size_t cap) {
    const char *words[COMMAND_COUNT + 16];
    size_t n = 0;
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        words[n++] = commands[i]->name;
    }
    words[n++] = "help";
    words[n++] = "version";
    if (!topics) { /* a command's place: --help and --version are taken there too */
        words[n++] = "--help";
        words[n++] = "--version";
    } else {
        words[n++] = "topics";
        for (size_t i = 0; i < cli_topic_count && n < sizeof words / sizeof words[0]; i++) {
            words[n++] = cli_topics[i].name;
        }
    }
    return cli_suggest(typed, words, n, "", buf, cap);
}

/* An unknown command word: the command meant when one is close, what to do with a rule or an
 * option given first ("grundy kayles", "grundy --json values ..."), else the list. */
static int unknown_command(int argc, char **argv) {
    const char *const name = argv[1];
    char buf[CLI_SUGGEST_CAP];
    const char *const meant = command_meant(name, 0, buf, sizeof buf);
    grundy_rule *rule = NULL;
    if (meant != NULL) {
        cli_error("grundy", "unknown %s '%s' (did you mean %s?)",
                  name[0] == '-' ? "option" : "command", name, meant);
    } else if (name[0] == '-') {
        int at = 2;
        while (at < argc && find_command(argv[at]) == NULL) {
            at++;
        }
        if (at < argc) {
            cli_error("grundy",
                      "'%s' comes before the command: options go after it, as in "
                      "'grundy %s ... %s'",
                      name, argv[at], name);
        } else {
            cli_error("grundy",
                      "unknown option '%s': options go after the command (grundy "
                      "COMMAND [ARGS] [OPTIONS])",
                      name);
        }
    } else if (grundy_rule_parse(name, &rule, NULL) == GRUNDY_STATUS_OK) {
        cli_error("grundy",
                  "'%s' is a rule, not a command: the command comes first, as in "
                  "'grundy values %s --to 20' or 'grundy rule %s'",
                  name, name, name);
    } else {
        cli_error("grundy", "unknown command '%s'", name);
    }
    grundy_rule_destroy(rule);
    fprintf(stderr, "Try 'grundy help'.\n");
    return CLI_EXIT_USAGE;
}

static int run_help(int argc, char **argv) {
    if (argc == 1) {
        print_overview(stdout);
        return CLI_EXIT_OK;
    }
    if (argc > 2) {
        fprintf(stderr, "grundy help: expected at most one command or topic, got %d\n", argc - 1);
        fprintf(stderr, "Try 'grundy help'.\n");
        return CLI_EXIT_USAGE;
    }
    const cli_command *cmd = find_command(argv[1]);
    const cli_topic *topic = cli_topic_find(argv[1]);
    if (cmd != NULL) {
        cli_print_help(cmd, stdout);
    } else if (topic != NULL) {
        cli_print_topic(topic, commands, COMMAND_COUNT, stdout);
    } else if (strcmp(argv[1], "topics") == 0) {
        print_topics(stdout);
    } else if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "version") == 0) {
        print_overview(stdout);
    } else {
        char buf[CLI_SUGGEST_CAP];
        const char *const meant = command_meant(argv[1], 1, buf, sizeof buf);
        if (meant != NULL) {
            cli_error("grundy help", "no command or topic '%s' (did you mean %s?)", argv[1], meant);
        } else {
            cli_error("grundy help", "no command or topic '%s'", argv[1]);
        }
        fprintf(stderr, "Try 'grundy help' or 'grundy help topics'.\n");
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

/* Every command's output is checked once at the end: a full disk (> /dev/full) is exit 5 with a
 * message, never 0. A reader that went away (| head -1, with SIGPIPE ignored so that the write
 * fails with EPIPE instead of killing us) ends quietly: it took what it wanted. */
static int reader_gone(void) {
    struct pollfd p = {fileno(stdout), POLLOUT, 0};
    return errno == EPIPE || (poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0);
}

static int finish(const char *name, int rc) {
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        if (reader_gone()) {
            return CLI_EXIT_IO;
        }
        fprintf(stderr, "grundy %s: error writing the output%s%s\n", name, errno ? ": " : "",
                errno ? strerror(errno) : "");
        return CLI_EXIT_IO;
    }
    return rc;
}

static int run_command(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "grundy: missing command\n");
        fprintf(stderr, "Try 'grundy help'.\n");
        return CLI_EXIT_USAGE;
    }
    const char *name = argv[1];
    /* Hidden: the build writes grundy.1 from the help texts and the completions from the table. */
    if (argc == 2 && strcmp(name, "--man") == 0) {
        return cli_print_man(commands, COMMAND_COUNT, print_overview, stdout);
    }
    if (argc == 2 && strcmp(name, "--bash-completion") == 0) {
        cli_print_bash_completion(commands, COMMAND_COUNT, stdout);
        return CLI_EXIT_OK;
    }
    if (argc == 2 && strcmp(name, "--zsh-completion") == 0) {
        cli_print_zsh_completion(commands, COMMAND_COUNT, stdout);
        return CLI_EXIT_OK;
    }
    if (argc == 2 && strcmp(name, "--fish-completion") == 0) {
        cli_print_fish_completion(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        return finish("help", run_help(argc - 1, argv + 1));
    }
    if (strcmp(name, "version") == 0 || strcmp(name, "--version") == 0) {
        if (argc > 2) {
            cli_error("grundy version", "unexpected argument '%s'", argv[2]);
            fprintf(stderr, "Try 'grundy help'.\n");
            return CLI_EXIT_USAGE;
        }
        return finish("version", print_version());
    }
    const cli_command *cmd = find_command(name);
    if (cmd == NULL) {
        return unknown_command(argc, argv);
    }
    return finish(cmd->name, cmd->run(argc - 1, argv + 1));
}

int main(int argc, char **argv) {
    /* Past `ulimit -f` a write fails (EFBIG) instead of killing us, so a table save can remove its
     * temporary and say so. */
    signal(SIGXFSZ, SIG_IGN);
    const int rc = run_command(argc, argv);
    /* stdout is closed here so that a failure only visible at close is caught too. */
    if (fclose(stdout) != 0 && rc == CLI_EXIT_OK && errno != EPIPE) {
        fprintf(stderr, "grundy: error writing the output: %s\n", strerror(errno));
        return CLI_EXIT_IO;
    }
    return rc;
}
