/* SPDX-License-Identifier: MIT */
/* The grundy tool: the command table, `help` and `version`. Each command lives in cmd_<name>.c. */
#include "cli.h"

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
    "  help       Show this overview, or a command's help: grundy help COMMAND\n"
    "  version    Print the version (also: grundy --version)\n"
    "\n"
    "Rules are take-and-break codes (0.07, 4!.0, 0.[3]), subtraction sets (S(1,3), S(1-100))\n"
    "or names (nim, kayles, dawson-kayles, dawson-chess, grundy-game); see 'grundy help rule'.\n"
    "Example: grundy rule 0.07\n";

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

static int run_help(int argc, char **argv) {
    if (argc == 1) {
        print_overview(stdout);
        return CLI_EXIT_OK;
    }
    if (argc > 2) {
        fprintf(stderr, "grundy help: expected at most one command, got %d\n", argc - 1);
        fprintf(stderr, "Try 'grundy help'.\n");
        return CLI_EXIT_USAGE;
    }
    const cli_command *cmd = find_command(argv[1]);
    if (cmd != NULL) {
        cli_print_help(cmd, stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "version") == 0) {
        print_overview(stdout);
        return CLI_EXIT_OK;
    }
    cli_error("grundy help", "unknown command '%s'", argv[1]);
    fprintf(stderr, "Try 'grundy help'.\n");
    return CLI_EXIT_USAGE;
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
    /* Hidden: the build writes grundy.1 and the completion from the help texts. */
    if (argc == 2 && strcmp(name, "--man") == 0) {
        return cli_print_man(commands, COMMAND_COUNT, print_overview, stdout);
    }
    if (argc == 2 && strcmp(name, "--bash-completion") == 0) {
        cli_print_bash_completion(commands, COMMAND_COUNT, stdout);
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
        cli_error("grundy", "unknown command '%s'", name);
        fprintf(stderr, "Try 'grundy help'.\n");
        return CLI_EXIT_USAGE;
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
